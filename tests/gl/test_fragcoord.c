/* End-to-end test of GL's window orientation in fragment shaders, through EGL + GLES2 +
 * driver + simulated GPU: gl_FragCoord, dFdx/dFdy/fwidth, gl_PointCoord and gl_DepthRange
 * on a pbuffer (stored top row first, so the GLES layer flips y; the shader must still see
 * GL's bottom-up window coordinates). Also: those built-ins never show up as active
 * uniforms, and GL_OES_standard_derivatives is advertised with its hint.
 *
 * Every expected value is an integer k written as k / 255.0, which a UNORM8 colour buffer
 * stores exactly as k. Prints "N passed, M failed".
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "egl_fixture.h"
#include <GLES2/gl2ext.h>

#define W 48 /* not square: a height/width mix-up shows */
#define H 40

static GLuint build_program(const char *vs, const char *fs)
{
   static const char *const attribs[] = {"a_pos", NULL};
   return egl_fixture_program(vs, fs, attribs);
}

/* The program has no active uniform, and its hidden ones cannot be found by name. */
static void check_no_active_uniforms(GLuint prog, const char *name)
{
   char msg[160];
   GLint n = -1, maxlen = -1;
   glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
   glGetProgramiv(prog, GL_ACTIVE_UNIFORM_MAX_LENGTH, &maxlen);
   snprintf(msg, sizeof(msg), "%s: ACTIVE_UNIFORMS %d (want 0), ACTIVE_UNIFORM_MAX_LENGTH %d (want 0)",
            name, n, maxlen);
   check(n == 0 && maxlen == 0, "%s", msg);
   static const char *const hidden[] = {
      "__r600sim_wpos_transform", "__r600sim_depth_range", "gl_DepthRange.near", "gl_DepthRange",
   };
   for (unsigned i = 0; i < sizeof(hidden) / sizeof(hidden[0]); i++) {
      snprintf(msg, sizeof(msg), "%s: glGetUniformLocation(\"%s\") == -1", name, hidden[i]);
      check(glGetUniformLocation(prog, hidden[i]) == -1, "%s", msg);
   }
   char buf[64];
   GLint size;
   GLenum type;
   glGetActiveUniform(prog, 0, sizeof(buf), NULL, &size, &type, buf);
   snprintf(msg, sizeof(msg), "%s: glGetActiveUniform(0) gives GL_INVALID_VALUE", name);
   check(glGetError() == GL_INVALID_VALUE, "%s", msg);
}

static uint8_t pixels[W * H * 4];

static void read_back(void)
{
   egl_fixture_read(W, H, pixels, false);
   check_gl("glReadPixels");
}

/* Pixel (x, r) of the read-back (r = GL row from the bottom) against want; counts
 * mismatches and prints the first few. */
static unsigned mismatches;

static void expect_pixel(int x, int r, const uint8_t want[4], const char *what)
{
   expect_rgba(pixels, W, x, r, want, what, &mismatches);
}

static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};

/* ---- gl_FragCoord and derivatives ---- */

static const char wpos_vs[] =
   "attribute vec2 a_pos; varying float v_up;\n"
   "void main() { v_up = a_pos.y * 16.0; gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
/* R, G: the pixel's GL window column and row; B: one bit per property that holds. */
static const char wpos_fs[] =
   "#extension GL_OES_standard_derivatives : enable\n"
   "precision highp float; varying float v_up;\n"
   "void main() {\n"
   "  vec2 f = floor(gl_FragCoord.xy);\n"
   "  float bits = (fract(gl_FragCoord.x) == 0.5 ? 1.0 : 0.0)\n"
   "             + (fract(gl_FragCoord.y) == 0.5 ? 2.0 : 0.0)\n"
   "             + (dFdy(gl_FragCoord.y) == 1.0 ? 4.0 : 0.0)\n"
   "             + (dFdx(gl_FragCoord.x) == 1.0 ? 8.0 : 0.0)\n"
   "             + (fwidth(gl_FragCoord.y) == 1.0 ? 16.0 : 0.0)\n"
   "             + (dFdy(v_up) > 0.0 ? 32.0 : 0.0)\n"
   "             + (dFdx(gl_FragCoord.y) == 0.0 && dFdy(gl_FragCoord.x) == 0.0 ? 64.0 : 0.0);\n"
   "  gl_FragColor = vec4(f.x / 255.0, f.y / 255.0, bits / 255.0, 1.0);\n"
   "}\n";

static void expect_wpos(int x0, int y0, int w, int h, const char *what)
{
   read_back();
   for (int r = 0; r < H; r++)
      for (int x = 0; x < W; x++) {
         bool inside = x >= x0 && x < x0 + w && r >= y0 && r < y0 + h;
         uint8_t want[4] = {(uint8_t)x, (uint8_t)r, 127, 255};
         static const uint8_t clear[4] = {0, 0, 0, 0};
         expect_pixel(x, r, inside ? want : clear, what);
      }
   check_mismatches(&mismatches, what);
}

static void test_wpos(void)
{
   GLuint prog = build_program(wpos_vs, wpos_fs);
   check(prog != 0, "building the gl_FragCoord program");
   if (!prog)
      return;
   check_no_active_uniforms(prog, "gl_FragCoord program");
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);

   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl("full-screen quad");
   expect_wpos(0, 0, W, H, "full-screen gl_FragCoord");

   /* window coordinates whatever the viewport */
   glClear(GL_COLOR_BUFFER_BIT);
   glViewport(5, 7, 20, 10);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glViewport(0, 0, W, H);
   check_gl("quad in a viewport");
   expect_wpos(5, 7, 20, 10, "gl_FragCoord in viewport (5, 7, 20, 10)");
   glDeleteProgram(prog);
}

/* ---- gl_PointCoord ---- */

static const char point_vs[] =
   "attribute vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); gl_PointSize = 8.0; }\n";
static const char point_fs[] =
   "precision highp float;\n"
   "void main() { gl_FragColor = vec4((gl_PointCoord * 8.0 - 0.5) / 255.0, 1.0 / 255.0, 1.0); }\n";

/* ES 2.0 3.3: s = 1/2 + (x_f + 1/2 - x_w) / size, t = 1/2 - (y_f + 1/2 - y_w) / size: t is 0
 * at the top of the point. An 8-pixel point centred on window (12, 20) covers columns
 * 8..15 and rows 16..23, with s * 8 - 1/2 = x_f - 8 and t * 8 - 1/2 = 23 - y_f. */
static void test_point_coord(void)
{
   GLuint prog = build_program(point_vs, point_fs);
   check(prog != 0, "building the gl_PointCoord program");
   if (!prog)
      return;
   glUseProgram(prog);
   static const GLfloat point[] = {12.0f / (W / 2) - 1.0f, 20.0f / (H / 2) - 1.0f};
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, point);
   glEnableVertexAttribArray(0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_POINTS, 0, 1);
   check_gl("8-pixel point");
   read_back();
   for (int r = 0; r < H; r++)
      for (int x = 0; x < W; x++) {
         bool inside = x >= 8 && x < 16 && r >= 16 && r < 24;
         uint8_t want[4] = {(uint8_t)(x - 8), (uint8_t)(23 - r), 1, 255};
         static const uint8_t clear[4] = {0, 0, 0, 0};
         expect_pixel(x, r, inside ? want : clear, "gl_PointCoord");
      }
   check_mismatches(&mismatches, "gl_PointCoord of an 8-pixel point");
   glDeleteProgram(prog);
}

/* ---- gl_DepthRange ---- */

static const char depth_vs[] =
   "attribute vec2 a_pos; varying float v_far;\n"
   "void main() { v_far = gl_DepthRange.far; gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char depth_fs[] =
   "precision highp float; varying float v_far;\n"
   "void main() { gl_FragColor = vec4(gl_DepthRange.near, v_far, gl_DepthRange.diff, 1.0)\n"
   "  * vec4(4.0 / 255.0, 4.0 / 255.0, 4.0 / 255.0, 1.0); }\n";

static void test_depth_range(void)
{
   GLuint prog = build_program(depth_vs, depth_fs);
   check(prog != 0, "building the gl_DepthRange program");
   if (!prog)
      return;
   check_no_active_uniforms(prog, "gl_DepthRange program");
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   static const struct { float n, f; uint8_t want[4]; } ranges[] = {
      {0.25f, 0.75f, {1, 3, 2, 255}},
      {1.0f, 0.5f, {4, 2, 0, 255}},   /* diff = far - near, negative: stored as 0 */
      {0.0f, 1.0f, {0, 4, 4, 255}},
   };
   for (unsigned i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
      glDepthRangef(ranges[i].n, ranges[i].f);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      check_gl("glDepthRangef + draw");
      read_back();
      char what[96];
      snprintf(what, sizeof(what), "gl_DepthRange after glDepthRangef(%g, %g)", ranges[i].n,
               ranges[i].f);
      for (int r = 0; r < H; r++)
         for (int x = 0; x < W; x++)
            expect_pixel(x, r, ranges[i].want, what);
      check_mismatches(&mismatches, what);
   }
   glDeleteProgram(prog);
}

/* ---- the extension ---- */

static void test_extension(void)
{
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   bool found = false;
   for (const char *p = ext; p && (p = strstr(p, "GL_OES_standard_derivatives")); p++)
      found = found || ((p == ext || p[-1] == ' ') &&
                        (p[27] == ' ' || p[27] == '\0'));
   check(found, "GL_EXTENSIONS lists GL_OES_standard_derivatives");
   GLint hint = 0;
   glGetIntegerv(GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES, &hint);
   check(hint == GL_DONT_CARE, "derivative hint starts as GL_DONT_CARE");
   glHint(GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES, GL_NICEST);
   glGetIntegerv(GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES, &hint);
   check(hint == GL_NICEST, "glHint(GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES, GL_NICEST) sticks");
   check_gl("derivative hint");
   glHint(GL_FRAGMENT_SHADER_DERIVATIVE_HINT_OES, GL_FRONT);
   check(glGetError() == GL_INVALID_ENUM, "a bad derivative hint mode is GL_INVALID_ENUM");
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }

   glClearColor(0, 0, 0, 0);
   test_extension();
   test_wpos();
   test_point_coord();
   test_depth_range();

   egl_fixture_fini(&fx);
   return check_report();
}
