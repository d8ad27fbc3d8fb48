/* Render to texture (glFramebufferTexture2D, GL_OES_fbo_render_mipmap) end to end: every
 * level of a 2D texture and every face (two levels) of a cube map drawn through a
 * framebuffer object, then read back texel by texel with glReadPixels from the object and
 * by sampling the texture into the pbuffer; the 16-bit colour formats; completeness with
 * texture attachments; attachment queries; errors; a deleted texture detached.
 *
 * Expected values (independent of the driver): a drawn float c is stored in an n-bit
 * channel as v = round(c * (2^n - 1)) (ES 2.0 2.1.2); glReadPixels returns
 * round(v * 255 / (2^n - 1)); sampling returns v / (2^n - 1), which the pixel shader
 * exports as fp16 and the RGBA8 pbuffer rounds: byte = round(fp16(v / (2^n - 1)) * 255)
 * (docs/r600-hardware-notes.md). The colours are 0, 1/3, 2/3 and 1: c * (2^n - 1) is at
 * least 0.33 away from a rounding half for n = 1, 4, 5, 6 and 8. Window row y of a
 * texture image is its texel row t = y (GL: no flip), which the quadrant pattern checks.
 * Prints "N passed, M failed". */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define S 16   /* pbuffer and 2D texture size */

static const char vs_src[] =
   "attribute vec2 pos;\n"
   "varying vec2 tc;\n"
   "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_color[] =
   "precision mediump float; uniform vec4 color;\n"
   "void main() { gl_FragColor = color; }\n";
static const char fs_tex[] =
   "precision mediump float; uniform sampler2D s; varying vec2 tc;\n"
   "void main() { gl_FragColor = texture2D(s, tc); }\n";
/* Samples face `face` of a cube map at the texel of this pixel (n x n pixels a face),
 * inverting ES 2.0 table 3.21. */
static const char fs_cube[] =
   "precision highp float; uniform samplerCube s; uniform int face; uniform float n;\n"
   "void main() {\n"
   "   vec2 st = gl_FragCoord.xy / n * 2.0 - 1.0; float sc = st.x, tc = st.y;\n"
   "   vec3 d;\n"
   "   if (face == 0) d = vec3(1.0, -tc, -sc);\n"
   "   else if (face == 1) d = vec3(-1.0, -tc, sc);\n"
   "   else if (face == 2) d = vec3(sc, 1.0, tc);\n"
   "   else if (face == 3) d = vec3(sc, -1.0, -tc);\n"
   "   else if (face == 4) d = vec3(sc, -tc, 1.0);\n"
   "   else d = vec3(-sc, -tc, -1.0);\n"
   "   gl_FragColor = textureCube(s, d);\n"
   "}\n";

static const char vs_point[] =
   "attribute vec2 pos;\n"
   "void main() { gl_PointSize = 8.0; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_point[] =
   "precision mediump float;\n"
   "void main() { gl_FragColor = vec4(gl_PointCoord, 0.0, 1.0); }\n";

static GLuint prog_color, prog_tex, prog_cube, prog_point;
static uint8_t pixels[S * S * 4];
static unsigned mismatches;

static const float thirds[4] = { 0.0f, 1.0f / 3.0f, 2.0f / 3.0f, 1.0f };

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

static void draw_quad(float x0, float y0, float x1, float y1)
{
   const GLfloat v[] = { x0, y0, x1, y0, x0, y1, x1, y1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* Clears the bound n x n framebuffer to `bg`, then draws `fg` over its bottom-left
 * quadrant (window x, y < n / 2); a 1 x 1 framebuffer gets the clear only. */
static void draw_pattern(int n, const float bg[4], const float fg[4])
{
   glViewport(0, 0, n, n);
   glClearColor(bg[0], bg[1], bg[2], bg[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   if (n > 1) {
      glUseProgram(prog_color);
      glUniform4fv(glGetUniformLocation(prog_color, "color"), 1, fg);
      draw_quad(-1, -1, 0, 0);
   }
}

static bool in_quadrant(int n, int x, int y)
{
   return n > 1 && x < n / 2 && y < n / 2;
}

/* x (in [0, 1]) rounded to the nearest fp16 value, ties to even. */
static double to_fp16(double x)
{
   if (x == 0.0)
      return 0.0;
   int e;
   frexp(x, &e);
   double ulp = ldexp(1.0, e - 11);
   return nearbyint(x / ulp) * ulp;
}

/* bits[4] of a format (0: no channel, reads 255). What glReadPixels (read) and sampling
 * into the pbuffer (!read) give for colour c. */
static void expected(const float c[4], const int bits[4], bool read, uint8_t out[4])
{
   for (int i = 0; i < 4; i++) {
      if (!bits[i]) {
         out[i] = 255;
         continue;
      }
      double max = (double)((1 << bits[i]) - 1);
      double v = nearbyint(c[i] * max);
      out[i] = (uint8_t)floor((read ? v / max : to_fp16(v / max)) * 255.0 + 0.5);
   }
}

/* The n x n pattern in `got` (rows `width` apart) against bg/fg. */
static void expect_pattern(const uint8_t *got, int width, int n, const float bg[4],
                           const float fg[4], const int bits[4], bool read, const char *what)
{
   uint8_t want_bg[4], want_fg[4];
   expected(bg, bits, read, want_bg);
   expected(fg, bits, read, want_fg);
   for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
         expect_rgba(got, width, x, y, in_quadrant(n, x, y) ? want_fg : want_bg, what,
                     &mismatches);
   check_mismatches(&mismatches, what);
}

static void read_back(int n)
{
   memset(pixels, 0xA5, sizeof(pixels));
   glReadPixels(0, 0, n, n, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
}

/* Samples the bound 2D texture into the n x n corner of the pbuffer (LOD log2(S / n)). */
static void sample_2d(int n)
{
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, n, n);
   glUseProgram(prog_tex);
   draw_quad(-1, -1, 1, 1);
   egl_fixture_read(S, S, pixels, false);
}

static const int rgba8[4] = { 8, 8, 8, 8 };

static void colors_of(int k, float bg[4], float fg[4])
{
   for (int i = 0; i < 4; i++) {
      bg[i] = thirds[(k + i) % 4];
      fg[i] = thirds[(k + 2 * i + 1) % 4];
   }
}

static void test_levels_2d(void)
{
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   for (int l = 0; (S >> l) > 0; l++)
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, S >> l, S >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   for (int l = 0; (S >> l) > 0; l++) {
      int n = S >> l;
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, l);
      check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
            "2D level %d attached: complete", l);
      float bg[4], fg[4];
      colors_of(l, bg, fg);
      draw_pattern(n, bg, fg);
      read_back(n);
      char what[64];
      snprintf(what, sizeof(what), "2D level %d read from the FBO", l);
      expect_pattern(pixels, n, n, bg, fg, rgba8, true, what);
   }
   check_gl("2D levels drawn");
   for (int l = 0; (S >> l) > 0; l++) {
      int n = S >> l;
      sample_2d(n);
      float bg[4], fg[4];
      colors_of(l, bg, fg);
      char what[64];
      snprintf(what, sizeof(what), "2D level %d sampled", l);
      expect_pattern(pixels, S, n, bg, fg, rgba8, false, what);
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
   }
   GLint v = -1;
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 2);
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   CHECK_EQ(v, GL_TEXTURE, "OBJECT_TYPE of a texture");
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   CHECK_EQ(v, tex, "OBJECT_NAME of a texture");
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
   CHECK_EQ(v, 2, "TEXTURE_LEVEL");
   v = -1;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &v);
   CHECK_EQ(v, 0, "TEXTURE_CUBE_MAP_FACE of a 2D texture");
   check_gl("texture attachment queries");
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_RENDERBUFFER_WIDTH, &v);
   expect_error(GL_INVALID_ENUM, "a renderbuffer pname of a texture attachment");

   /* Redefining the attached image (another size, so other storage) is drawn into. */
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "the redefined image: complete");
   float bg[4], fg[4];
   colors_of(7, bg, fg);
   draw_pattern(2, bg, fg);
   read_back(2);
   expect_pattern(pixels, 2, 2, bg, fg, rgba8, true, "a redefined attached image");

   /* Deleting the texture detaches it from the bound framebuffer object. */
   glDeleteTextures(1, &tex);
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   CHECK_EQ(v, GL_NONE, "deleted texture detached");
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT,
         "deleted texture: missing attachment");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   check_gl("2D levels");
}

static void test_cube(void)
{
   const int n0 = 8;
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   for (int f = 0; f < 6; f++)
      for (int l = 0; (n0 >> l) > 0; l++)
         glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, l, GL_RGBA, n0 >> l, n0 >> l, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   for (int f = 0; f < 6; f++)
      for (int l = 0; l < 2; l++) {
         int n = n0 >> l;
         GLenum face = GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f;
         glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, face, tex, l);
         GLint v = -1;
         glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                               GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &v);
         CHECK_EQ(v, face, "TEXTURE_CUBE_MAP_FACE");
         check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
               "cube face %d level %d: complete", f, l);
         float bg[4], fg[4];
         colors_of(f * 2 + l, bg, fg);
         draw_pattern(n, bg, fg);
      }
   /* Every face and level read back after all were drawn: no draw overwrote another. */
   for (int f = 0; f < 6; f++)
      for (int l = 0; l < 2; l++) {
         int n = n0 >> l;
         glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, tex, l);
         read_back(n);
         float bg[4], fg[4];
         colors_of(f * 2 + l, bg, fg);
         char what[64];
         snprintf(what, sizeof(what), "cube face %d level %d read from the FBO", f, l);
         expect_pattern(pixels, n, n, bg, fg, rgba8, true, what);
      }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glUseProgram(prog_cube);
   glUniform1f(glGetUniformLocation(prog_cube, "n"), (float)n0);
   glViewport(0, 0, n0, n0);
   for (int f = 0; f < 6; f++) {
      glUniform1i(glGetUniformLocation(prog_cube, "face"), f);
      draw_quad(-1, -1, 1, 1);
      egl_fixture_read(S, S, pixels, false);
      float bg[4], fg[4];
      colors_of(f * 2, bg, fg);
      char what[64];
      snprintf(what, sizeof(what), "cube face %d sampled", f);
      expect_pattern(pixels, S, n0, bg, fg, rgba8, false, what);
   }
   glDeleteFramebuffers(1, &fb);
   glDeleteTextures(1, &tex);
   check_gl("cube faces");
}

static void test_formats(void)
{
   static const struct { GLenum format, type; int bits[4]; const char *name; } cases[] = {
      { GL_RGB, GL_UNSIGNED_BYTE, { 8, 8, 8, 0 }, "RGB/UNSIGNED_BYTE" },
      { GL_RGB, GL_UNSIGNED_SHORT_5_6_5, { 5, 6, 5, 0 }, "RGB/5_6_5" },
      { GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, { 4, 4, 4, 4 }, "RGBA/4_4_4_4" },
      { GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, { 5, 5, 5, 1 }, "RGBA/5_5_5_1" },
   };
   for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      GLuint tex, fb;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[c].format, S, S, 0, cases[c].format,
                   cases[c].type, NULL);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glGenFramebuffers(1, &fb);
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "%s: complete",
            cases[c].name);
      GLint bits[4];
      glGetIntegerv(GL_RED_BITS, &bits[0]);
      glGetIntegerv(GL_GREEN_BITS, &bits[1]);
      glGetIntegerv(GL_BLUE_BITS, &bits[2]);
      glGetIntegerv(GL_ALPHA_BITS, &bits[3]);
      for (int i = 0; i < 4; i++)
         check(bits[i] == cases[c].bits[i], "%s: channel %d has %d bits, want %d", cases[c].name,
               i, bits[i], cases[c].bits[i]);
      float bg[4], fg[4];
      colors_of((int)c, bg, fg);
      bg[3] = 1.0f;   /* 1-bit alpha: 0 or 1 */
      fg[3] = 0.0f;
      draw_pattern(S, bg, fg);
      read_back(S);
      char what[64];
      snprintf(what, sizeof(what), "%s read from the FBO", cases[c].name);
      expect_pattern(pixels, S, S, bg, fg, cases[c].bits, true, what);
      sample_2d(S);
      snprintf(what, sizeof(what), "%s sampled", cases[c].name);
      expect_pattern(pixels, S, S, bg, fg, cases[c].bits, false, what);
      glDeleteFramebuffers(1, &fb);
      glDeleteTextures(1, &tex);
      check_gl(cases[c].name);
   }
}

static void test_completeness(void)
{
   GLuint tex[3], fb, rb;
   glGenTextures(3, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, S, S, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, NULL);
   glBindTexture(GL_TEXTURE_2D, tex[1]);   /* no image */
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   CHECK_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
            "LUMINANCE is not colour-renderable");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
   CHECK_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
            "an undefined image");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[2], 1);
   CHECK_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
            "an undefined level");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[2], 0);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
   CHECK_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
            "an RGBA texture is not depth-renderable");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, 0, 0);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, S / 2, S);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[2], 0);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
   CHECK_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS,
            "texture and renderbuffer sizes differ");
   /* Same size: complete, and the depth buffer works under the texture. */
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, S, S);
   CHECK_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE,
            "texture + DEPTH16 renderbuffer");
   glViewport(0, 0, S, S);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glUseProgram(prog_color);
   GLint loc = glGetUniformLocation(prog_color, "color");
   glUniform4f(loc, 0, 1, 0, 1);
   draw_quad(-1, -1, 1, 1);                      /* z = 0 */
   glDepthFunc(GL_GREATER);
   glUniform4f(loc, 1, 0, 0, 1);
   draw_quad(-1, -1, 0, 1);                      /* z = 0 again: not greater, dropped */
   glDepthFunc(GL_LESS);
   glDisable(GL_DEPTH_TEST);
   read_back(S);
   static const uint8_t green[4] = { 0, 255, 0, 255 };
   for (int y = 0; y < S; y++)
      for (int x = 0; x < S; x++)
         expect_rgba(pixels, S, x, y, green, "depth test into a texture", &mismatches);
   check_mismatches(&mismatches, "depth test into a texture");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(3, tex);
   check_gl("completeness");
}

static void test_errors(void)
{
   GLuint tex[2], fb;
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   expect_error(GL_INVALID_OPERATION, "framebuffer 0 bound");
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   check_gl("attach");
   glFramebufferTexture2D(GL_RENDERBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   expect_error(GL_INVALID_ENUM, "target GL_RENDERBUFFER");
   /* past GL_MAX_COLOR_ATTACHMENTS_EXT (4, GL_EXT_draw_buffers) */
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 4, GL_TEXTURE_2D, tex[0], 0);
   expect_error(GL_INVALID_ENUM, "COLOR_ATTACHMENT4");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP, tex[1], 0);
   expect_error(GL_INVALID_ENUM, "textarget GL_TEXTURE_CUBE_MAP");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 4242, 0);
   expect_error(GL_INVALID_OPERATION, "no such texture");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X,
                          tex[0], 0);
   expect_error(GL_INVALID_OPERATION, "a 2D texture as a cube face");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
   expect_error(GL_INVALID_OPERATION, "a cube map as a 2D texture");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], -1);
   expect_error(GL_INVALID_VALUE, "level -1");
   GLint max_size, levels = 1;
   glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
   while ((max_size >> levels) > 0)
      levels++;
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], levels);
   expect_error(GL_INVALID_VALUE, "level past log2(MAX_TEXTURE_SIZE)");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], levels - 1);
   check_gl("the last level (GL_OES_fbo_render_mipmap)");
   GLint v = -1;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
   CHECK_EQ(v, levels - 1, "errors changed no attachment");
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(ext && strstr(ext, "GL_OES_fbo_render_mipmap"), "GL_OES_fbo_render_mipmap advertised");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteTextures(2, tex);
   check_gl("errors");
}

static void expect_status(GLenum got, GLenum want, const char *what)
{
   check(got == want, "%s: status 0x%04x, want 0x%04x", what, (unsigned)got, (unsigned)want);
}

/* Depth textures as depth attachments (OES_depth_texture, OES_packed_depth_stencil): with
 * glDepthRangef(0.25, 0.25) a quad over the bottom-left quadrant stores depth 0.25 where
 * the clear left 1.0; sampling the texture (d, d, d, 1) then gives 0.25 * 255 = 63.75 -> 64
 * there and 255 elsewhere (within 1: Z16 / Z24 quantization, fp16 export), in window rows
 * (texture row t = window row y, as for colour textures). Completeness: a DEPTH_STENCIL_OES
 * image serves both points; a depth-only image cannot be a stencil buffer; depth and
 * stencil from different images, or a depth texture under a colour renderbuffer, are
 * UNSUPPORTED here (one DB surface; renderbuffers are stored top row first). */
static void test_depth_texture(void)
{
   static const struct { GLenum format, type; bool stencil; const char *name; } fmts[] = {
      { GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, false, "DEPTH_COMPONENT UNSIGNED_SHORT" },
      { GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, false, "DEPTH_COMPONENT UNSIGNED_INT" },
      { GL_DEPTH_STENCIL_OES, GL_UNSIGNED_INT_24_8_OES, true, "DEPTH_STENCIL_OES" },
   };
   GLuint tex[2], fb, rb[2];
   glGenTextures(2, tex);
   glGenFramebuffers(1, &fb);
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, S, S);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8_OES, S, S);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   for (unsigned i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
      char what[96];
      glBindTexture(GL_TEXTURE_2D, tex[1]);
      glTexImage2D(GL_TEXTURE_2D, 0, fmts[i].format, S, S, 0, fmts[i].format, fmts[i].type, NULL);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[1], 0);
      snprintf(what, sizeof(what), "%s at the stencil point", fmts[i].name);
      expect_status(glCheckFramebufferStatus(GL_FRAMEBUFFER),
               fmts[i].stencil ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, what);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex[1], 0);
      if (fmts[i].stencil) {
         glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
         snprintf(what, sizeof(what), "%s depth, another image's stencil", fmts[i].name);
         expect_status(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_UNSUPPORTED, what);
         glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[1], 0);
      } else {
         glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, 0, 0);
      }
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
      snprintf(what, sizeof(what), "%s under a colour renderbuffer", fmts[i].name);
      expect_status(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_UNSUPPORTED, what);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
      snprintf(what, sizeof(what), "%s under a colour texture", fmts[i].name);
      expect_status(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE, what);
      GLint bits = -1;
      glGetIntegerv(GL_DEPTH_BITS, &bits);
      snprintf(what, sizeof(what), "%s: GL_DEPTH_BITS", fmts[i].name);
      check(bits == (fmts[i].type == GL_UNSIGNED_SHORT ? 16 : 24), "%s %d", what, bits);

      glViewport(0, 0, S, S);
      glClearDepthf(1.0f);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glEnable(GL_DEPTH_TEST);
      glDepthRangef(0.25f, 0.25f);
      glUseProgram(prog_color);
      glUniform4f(glGetUniformLocation(prog_color, "color"), 0, 1, 0, 1);
      draw_quad(-1, -1, 0, 0);
      glDepthRangef(0.0f, 1.0f);
      glDisable(GL_DEPTH_TEST);
      glBindTexture(GL_TEXTURE_2D, tex[1]);
      sample_2d(S);
      unsigned bad = 0;
      for (int y = 0; y < S; y++)
         for (int x = 0; x < S; x++) {
            const uint8_t *p = pixels + ((size_t)y * S + (size_t)x) * 4;
            int want = in_quadrant(S, x, y) ? 64 : 255;
            if (abs(p[0] - want) > 1 || p[1] != p[0] || p[2] != p[0] || p[3] != 255)
               bad++;
         }
      check(bad == 0, "%s: depth drawn into the texture and sampled: %u pixels off",
            fmts[i].name, bad);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(2, rb);
   glDeleteTextures(2, tex);
   check_gl("depth textures");
}

/* gl_PointCoord has its origin at the point's upper left (GLSL ES 1.00 7.2) in a texture
 * image as in the pbuffer: pixel (x, y) of an 8-pixel point whose lower-left pixel is
 * (4, 4) has s = (x - 4 + 0.5) / 8, t = 1 - (y - 4 + 0.5) / 8; the stored bytes are
 * within 1 of s * 255 and t * 255 (fp16 export, unorm8 rounding). */
static void test_point_coord(void)
{
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fb);
   for (int into_texture = 0; into_texture < 2; into_texture++) {
      glBindFramebuffer(GL_FRAMEBUFFER, into_texture ? fb : 0);
      if (into_texture)
         glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      glViewport(0, 0, S, S);
      glClearColor(0, 0, 1, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glUseProgram(prog_point);
      static const GLfloat center[2] = { 0.0f, 0.0f };
      glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, center);
      glEnableVertexAttribArray(0);
      glDrawArrays(GL_POINTS, 0, 1);
      read_back(S);
      unsigned bad = 0;
      for (int y = 4; y < 12; y++)
         for (int x = 4; x < 12; x++) {
            const uint8_t *p = pixels + ((size_t)y * S + (size_t)x) * 4;
            double s_ = (x - 4 + 0.5) / 8.0 * 255.0, t_ = (1.0 - (y - 4 + 0.5) / 8.0) * 255.0;
            if (fabs(p[0] - s_) > 1.0 || fabs(p[1] - t_) > 1.0 || p[2] != 0)
               bad++;
         }
      check(bad == 0, "gl_PointCoord drawn into %s: %u pixels off",
            into_texture ? "a texture" : "the pbuffer", bad);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteTextures(1, &tex);
   check_gl("point coordinates");
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, S, S, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", NULL };
   prog_color = egl_fixture_program(vs_src, fs_color, attribs);
   prog_tex = egl_fixture_program(vs_src, fs_tex, attribs);
   prog_cube = egl_fixture_program(vs_src, fs_cube, attribs);
   prog_point = egl_fixture_program(vs_point, fs_point, attribs);
   check(prog_color && prog_tex && prog_cube && prog_point, "programs");
   if (!prog_color || !prog_tex || !prog_cube || !prog_point)
      return check_report();
   test_levels_2d();
   test_cube();
   test_formats();
   test_completeness();
   test_depth_texture();
   test_errors();
   test_point_coord();
   egl_fixture_fini(&f);
   return check_report();
}
