/* GL_EXT_blend_func_extended end to end: gl_FragColor + gl_SecondaryFragColorEXT (and the
 * gl_FragData / gl_SecondaryFragDataEXT pair) blended with the SRC1 factors into the RGBA8
 * pbuffer, on the R600 path (one CB_BLEND_CONTROL) and the R7xx one (CB_BLEND0_CONTROL).
 *
 * Reference (ES 2.0 4.1.7 with the extension's factors): result = S0 * Fs + D * Fd per
 * channel, clamped to [0, 1], stored as round(result * 255); SRC1_COLOR is the secondary
 * colour S1, SRC1_ALPHA its alpha, ONE_MINUS_* one minus those, SRC_ALPHA_SATURATE
 * min(As, 1 - Ad) for RGB and 1 for A. The colours are multiples of 1/8 (exact through the
 * fp16 export) and the destination bytes 68, 255, 0, 68 (exact in the buffer); the test
 * checks that every expected value lies at least 0.1 away from a rounding half. Also: the API
 * (factors accepted, GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT) and the link error of a shader
 * mixing the gl_FragColor and gl_FragData sets. Prints "N passed, M failed".
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 20
#define H 12

static unsigned mismatches;
static uint8_t pixels[W * H * 4];

static const char vs_src[] =
   "attribute vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char fs_color_src[] =
   "#extension GL_EXT_blend_func_extended : require\n"
   "precision mediump float; uniform vec4 u_s0, u_s1;\n"
   "void main() { gl_FragColor = u_s0; gl_SecondaryFragColorEXT = u_s1; }\n";
static const char fs_data_src[] =
   "#extension GL_EXT_blend_func_extended : require\n"
   "precision mediump float; uniform vec4 u_s0, u_s1;\n"
   "void main() {\n"
   "   gl_SecondaryFragDataEXT[gl_MaxDualSourceDrawBuffersEXT - 1] = u_s1;\n"
   "   gl_FragData[0] = u_s0;\n"
   "}\n";
static const char fs_mixed_src[] =
   "#extension GL_EXT_blend_func_extended : require\n"
   "precision mediump float;\n"
   "void main() { gl_FragColor = vec4(1.0); gl_SecondaryFragDataEXT[0] = vec4(0.0); }\n";

static const float dst[4] = { 68.0f / 255.0f, 1.0f, 0.0f, 68.0f / 255.0f };

/* The factor `f` for channel c (see the top). */
static float factor(GLenum f, int c, const float s0[4], const float s1[4], const float d[4])
{
   switch (f) {
   case GL_ZERO: return 0.0f;
   case GL_ONE: return 1.0f;
   case GL_SRC_COLOR: return s0[c];
   case GL_SRC_ALPHA: return s0[3];
   case GL_SRC1_COLOR_EXT: return s1[c];
   case GL_ONE_MINUS_SRC1_COLOR_EXT: return 1.0f - s1[c];
   case GL_SRC1_ALPHA_EXT: return s1[3];
   case GL_ONE_MINUS_SRC1_ALPHA_EXT: return 1.0f - s1[3];
   case GL_SRC_ALPHA_SATURATE: return c == 3 ? 1.0f : fminf(s0[3], 1.0f - d[3]);
   }
   check(false, "factor 0x%x not in the reference", f);
   return 0.0f;
}

static void expected(GLenum srgb, GLenum drgb, GLenum sa, GLenum da, const float s0[4],
                     const float s1[4], uint8_t out[4])
{
   for (int c = 0; c < 4; c++) {
      GLenum sf = c == 3 ? sa : srgb, df = c == 3 ? da : drgb;
      float v = s0[c] * factor(sf, c, s0, s1, dst) + dst[c] * factor(df, c, s0, s1, dst);
      v = fminf(fmaxf(v, 0.0f), 1.0f) * 255.0f;
      check(fabsf(v - floorf(v) - 0.5f) >= 0.1f, "reference value %f is near a rounding half", v);
      out[c] = (uint8_t)lroundf(v);
   }
}

static void draw(GLuint prog, const float s0[4], const float s1[4])
{
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glUseProgram(prog);
   glUniform4fv(glGetUniformLocation(prog, "u_s0"), 1, s0);
   glUniform4fv(glGetUniformLocation(prog, "u_s1"), 1, s1);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* Clears to dst, draws S0 / S1 with the factors, compares every pixel. */
static void blend_case(GLuint prog, GLenum srgb, GLenum drgb, GLenum sa, GLenum da,
                       const float s0[4], const float s1[4], const char *what)
{
   glDisable(GL_BLEND);
   glClearColor(dst[0], dst[1], dst[2], dst[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_BLEND);
   glBlendFuncSeparate(srgb, drgb, sa, da);
   check_gl(what);
   draw(prog, s0, s1);
   uint8_t want[4];
   expected(srgb, drgb, sa, da, s0, s1, want);
   egl_fixture_read(W, H, pixels, false);
   for (int r = 0; r < H; r++)
      for (int x = 0; x < W; x++)
         expect_rgba(pixels, W, x, r, want, what, &mismatches);
   check_mismatches(&mismatches, what);
}

static void test_api(void)
{
   GLint n = -1;
   glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT, &n);
   check(n == 1, "GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT = %d, want 1", n);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(ext && strstr(ext, "GL_EXT_blend_func_extended "), "GL_EXT_blend_func_extended listed");
   static const GLenum f[] = { GL_SRC1_COLOR_EXT, GL_ONE_MINUS_SRC1_COLOR_EXT, GL_SRC1_ALPHA_EXT,
                               GL_ONE_MINUS_SRC1_ALPHA_EXT };
   for (unsigned i = 0; i < 4; i++) {
      glBlendFuncSeparate(GL_ONE, f[i], f[i], GL_ZERO);
      check_gl("glBlendFuncSeparate with an SRC1 factor");
      GLint got[2] = { 0, 0 };
      glGetIntegerv(GL_BLEND_DST_RGB, &got[0]);
      glGetIntegerv(GL_BLEND_SRC_ALPHA, &got[1]);
      check(got[0] == (GLint)f[i] && got[1] == (GLint)f[i], "SRC1 factor 0x%x read back", f[i]);
   }
   glBlendFunc(GL_ZERO, GL_SRC_ALPHA_SATURATE);   /* a destination factor with the extension */
   check_gl("SRC_ALPHA_SATURATE as the destination factor");
   glBlendFunc(GL_ONE, GL_ZERO);
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   static const char *const attribs[] = { "a_pos", NULL };
   GLuint color_prog = egl_fixture_program(vs_src, fs_color_src, attribs);
   GLuint data_prog = egl_fixture_program(vs_src, fs_data_src, attribs);
   check(color_prog && data_prog, "dual-source programs link");
   test_api();

   static const float s0[4] = { 0.625f, 0.25f, 0.875f, 0.125f };
   static const float s1[4] = { 0.625f, 0.875f, 0.125f, 0.75f };
   blend_case(color_prog, GL_SRC_COLOR, GL_SRC1_COLOR_EXT, GL_SRC_COLOR, GL_SRC1_COLOR_EXT, s0,
              s1, "SRC_COLOR, SRC1_COLOR");
   blend_case(color_prog, GL_SRC1_ALPHA_EXT, GL_ONE_MINUS_SRC1_COLOR_EXT, GL_SRC1_ALPHA_EXT,
              GL_ONE_MINUS_SRC1_COLOR_EXT, s0, s1, "SRC1_ALPHA, ONE_MINUS_SRC1_COLOR");
   blend_case(color_prog, GL_ONE_MINUS_SRC1_ALPHA_EXT, GL_SRC1_ALPHA_EXT, GL_ONE,
              GL_ONE_MINUS_SRC1_ALPHA_EXT, s0, s1, "ONE_MINUS_SRC1_ALPHA, SRC1_ALPHA (separate)");
   blend_case(data_prog, GL_SRC1_COLOR_EXT, GL_SRC_ALPHA_SATURATE, GL_ZERO, GL_SRC_ALPHA_SATURATE,
              s0, s1, "gl_FragData: SRC1_COLOR, SRC_ALPHA_SATURATE");
   /* the secondary colour is ignored without SRC1 factors */
   blend_case(color_prog, GL_SRC_ALPHA, GL_ONE, GL_ONE, GL_ZERO, s0, s1, "SRC_ALPHA, ONE");

   GLuint mixed = egl_fixture_program(vs_src, fs_mixed_src, attribs);
   check(mixed == 0, "gl_FragColor with gl_SecondaryFragDataEXT does not link");
   while (glGetError() != GL_NO_ERROR)
      ;
   check_gl("end");
   egl_fixture_fini(&fx);
   return check_report();
}
