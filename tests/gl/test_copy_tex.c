/* glCopyTexImage2D / glCopyTexSubImage2D end to end: the read buffer (the pbuffer, a
 * renderbuffer FBO, a texture FBO) copied into textures of every ES 2.0 base format, 2D
 * and a cube face, then sampled texel by texel; clipping at the read buffer's edges; the
 * ES 2.0 errors; a multi-sampled pbuffer copied resolved.
 *
 * Expected texels (independent of the driver): the pbuffer holds a per-pixel pattern of
 * bytes P(x, y) (drawn 1:1 from an RGBA8 texture: bytes are exact through the texture unit
 * and the RGBA8 colour buffer); a copy converts by ES 2.0 table 3.9: RGBA = P, RGB =
 * (r, g, b, 1), LUMINANCE = (r, r, r, 1), LUMINANCE_ALPHA = (r, r, r, a), ALPHA =
 * (0, 0, 0, a); texel (i, j) of a copy from window (x, y) is the pixel (x + i, y + j). From
 * an RGB565 renderbuffer a channel v of n bits reads back through the texture unit and the
 * pixel export as round(fp16(v / (2^n - 1)) * 255) (docs/r600-hardware-notes.md).
 * Prints "N passed, M failed". */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define S 16
#define ENUM_RGBA16 0x805B   /* desktop GL only (RGBA8 is OES_required_internalformat's) */

static const char vs_src[] =
   "attribute vec2 pos; uniform vec2 scale;\n"
   "varying vec2 tc;\n"
   "void main() { tc = (pos * 0.5 + 0.5) * scale; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_tex[] =
   "precision mediump float; uniform sampler2D s; varying vec2 tc;\n"
   "void main() { gl_FragColor = texture2D(s, tc); }\n";
static const char fs_color[] =
   "precision mediump float; uniform vec4 color;\n"
   "void main() { gl_FragColor = color; }\n";
static const char fs_cube[] =
   "precision highp float; uniform samplerCube s; uniform float n;\n"
   "void main() {\n"
   "   vec2 st = gl_FragCoord.xy / n * 2.0 - 1.0;\n"
   "   gl_FragColor = textureCube(s, vec3(st.x, 1.0, st.y));\n"   /* face +y */
   "}\n";

static GLuint prog_tex, prog_color, prog_cube;
static uint8_t pattern[S * S * 4];   /* P(x, y), GL row order */
static uint8_t pixels[S * S * 4];
static unsigned mismatches;

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

static void draw_quad(void)
{
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static void nearest(GLenum target)
{
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

/* Draws the bound 2D texture 1:1 over the w x h corner of the bound S x S framebuffer. */
static void draw_texture(int w, int h)
{
   glViewport(0, 0, w, h);
   glUseProgram(prog_tex);
   glUniform2f(glGetUniformLocation(prog_tex, "scale"), 1, 1);
   draw_quad();
   glViewport(0, 0, S, S);
}

/* Fills the bound framebuffer with the pattern (through a texture drawn 1:1). */
static void draw_pattern(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, pattern);
   nearest(GL_TEXTURE_2D);
   draw_texture(S, S);
   glDeleteTextures(1, &tex);
}

/* Samples the bound 2D texture (w x h) into the pbuffer and reads it back. */
static void sample_texture(int w, int h)
{
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   draw_texture(w, h);
   egl_fixture_read(S, S, pixels, false);
}

/* What a texel of base format `base` holds for the source pixel p (table 3.9). */
static void convert(GLenum base, const uint8_t p[4], uint8_t out[4])
{
   switch (base) {
   case GL_RGB: out[0] = p[0], out[1] = p[1], out[2] = p[2], out[3] = 255; break;
   case GL_LUMINANCE: out[0] = out[1] = out[2] = p[0], out[3] = 255; break;
   case GL_LUMINANCE_ALPHA: out[0] = out[1] = out[2] = p[0], out[3] = p[3]; break;
   case GL_ALPHA: out[0] = out[1] = out[2] = 0, out[3] = p[3]; break;
   default: memcpy(out, p, 4); break;
   }
}

static const uint8_t *pattern_at(int x, int y)
{
   return pattern + ((size_t)y * S + (size_t)x) * 4;
}

static void test_formats(void)
{
   static const struct { GLenum base; const char *name; } cases[] = {
      { GL_RGBA, "RGBA" }, { GL_RGB, "RGB" }, { GL_LUMINANCE, "LUMINANCE" },
      { GL_LUMINANCE_ALPHA, "LUMINANCE_ALPHA" }, { GL_ALPHA, "ALPHA" },
   };
   const int x = 3, y = 2, w = 8, h = 8;
   for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      draw_pattern();
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      nearest(GL_TEXTURE_2D);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, cases[c].base, x, y, w, h, 0);
      check_gl(cases[c].name);
      sample_texture(w, h);
      for (int j = 0; j < h; j++)
         for (int i = 0; i < w; i++) {
            uint8_t want[4];
            convert(cases[c].base, pattern_at(x + i, y + j), want);
            expect_rgba(pixels, S, i, j, want, cases[c].name, &mismatches);
         }
      char what[64];
      snprintf(what, sizeof(what), "copy from the pbuffer to %s", cases[c].name);
      check_mismatches(&mismatches, what);
      glDeleteTextures(1, &tex);
   }
}

static void test_sub_image_and_clipping(void)
{
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   draw_pattern();
   static uint8_t init[8 * 8 * 4];
   for (size_t i = 0; i < sizeof(init); i++)
      init[i] = (uint8_t)(i * 7 + 1);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, init);
   nearest(GL_TEXTURE_2D);
   /* Window (5, 4), 4 x 3, to texel (2, 1); then window (-2, 14), 4 x 4, to texel (4, 4):
    * only window x 0..1, y 14..15 exist, landing on texels (6..7, 4..5). */
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 5, 4, 4, 3);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, -2, 14, 4, 4);
   check_gl("glCopyTexSubImage2D");
   sample_texture(8, 8);
   for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++) {
         const uint8_t *want = init + ((size_t)j * 8 + (size_t)i) * 4;
         if (i >= 2 && i < 6 && j >= 1 && j < 4)
            want = pattern_at(5 + i - 2, 4 + j - 1);
         else if (i >= 6 && j >= 4 && j < 6)
            want = pattern_at(i - 6, 14 + j - 4);
         else if (i >= 4 && j >= 4)
            continue;   /* outside the read buffer: undefined */
         expect_rgba(pixels, S, i, j, want, "glCopyTexSubImage2D texels", &mismatches);
      }
   check_mismatches(&mismatches, "glCopyTexSubImage2D and clipping");
   glDeleteTextures(1, &tex);
}

/* From a texture FBO (stored bottom row first) and an RGB565 renderbuffer FBO. */
static void test_fbo_sources(void)
{
   GLuint src, fb, dst;
   glGenTextures(1, &src);
   glBindTexture(GL_TEXTURE_2D, src);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, src, 0);
   draw_pattern();
   glGenTextures(1, &dst);
   glBindTexture(GL_TEXTURE_2D, dst);
   nearest(GL_TEXTURE_2D);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 5, 8, 8, 0);
   check_gl("copy from a texture FBO");
   sample_texture(8, 8);
   for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++)
         expect_rgba(pixels, S, i, j, pattern_at(1 + i, 5 + j), "texture FBO source", &mismatches);
   check_mismatches(&mismatches, "copy from a texture FBO");

   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, S, S);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   /* Bottom half (window y < 8) (1/3, 2/3, 1), top half (1, 0, 1/3): 5/6-bit exact stores. */
   glClearColor(1.0f, 0.0f, 1.0f / 3.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, S, S / 2);
   glClearColor(1.0f / 3.0f, 2.0f / 3.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glBindTexture(GL_TEXTURE_2D, dst);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 4, 8, 8, 0);
   check_gl("copy from an RGB565 renderbuffer");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 8, 8, 0);
   expect_error(GL_INVALID_OPERATION, "RGBA from an RGB565 buffer (table 3.9)");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 0, 0, 8, 8, 0);
   expect_error(GL_INVALID_OPERATION, "ALPHA from an RGB565 buffer");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 0, 0, 8, 8, 0);
   expect_error(GL_INVALID_OPERATION, "LUMINANCE_ALPHA from an RGB565 buffer");
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 4, 8, 8);
   check_gl("an RGB image from an RGB565 buffer (the previous RGB image is kept)");
   sample_texture(8, 8);
   static const int bits[3] = { 5, 6, 5 };
   static const float lo[3] = { 1.0f / 3.0f, 2.0f / 3.0f, 1.0f }, hi[3] = { 1.0f, 0.0f, 1.0f / 3.0f };
   for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++) {
         uint8_t want[4] = { 0, 0, 0, 255 };
         for (int c = 0; c < 3; c++) {
            double max = (double)((1 << bits[c]) - 1);
            double v = nearbyint((4 + j < S / 2 ? lo : hi)[c] * max) / max;
            int e;
            frexp(v, &e);
            double ulp = ldexp(1.0, e - 11);
            want[c] = (uint8_t)floor((v == 0.0 ? 0.0 : nearbyint(v / ulp) * ulp) * 255.0 + 0.5);
         }
         expect_rgba(pixels, S, i, j, want, "RGB565 source", &mismatches);
      }
   check_mismatches(&mismatches, "copy from an RGB565 renderbuffer");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &src);
   glDeleteTextures(1, &dst);
}

static void test_cube_face(void)
{
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   draw_pattern();
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   nearest(GL_TEXTURE_CUBE_MAP);
   static const uint8_t grey[8 * 8 * 4] = { 0 };
   for (int f = 0; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 8, 8, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, grey);
   glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA, 6, 7, 8, 8, 0);
   check_gl("copy to a cube face");
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glViewport(0, 0, 8, 8);
   glUseProgram(prog_cube);
   glUniform1f(glGetUniformLocation(prog_cube, "n"), 8.0f);
   draw_quad();
   glViewport(0, 0, S, S);
   egl_fixture_read(S, S, pixels, false);
   for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++)
         expect_rgba(pixels, S, i, j, pattern_at(6 + i, 7 + j), "cube face +y", &mismatches);
   check_mismatches(&mismatches, "copy to cube face +y");
   glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_X, 0, GL_RGBA, 0, 0, 8, 4, 0);
   expect_error(GL_INVALID_VALUE, "a non-square cube face");
   glDeleteTextures(1, &tex);
}

static void test_errors(void)
{
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glCopyTexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, 0, 0, 4, 4, 0);
   expect_error(GL_INVALID_ENUM, "target GL_TEXTURE_CUBE_MAP");
   glCopyTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA, 0, 0, 4, 4, 0);
   expect_error(GL_INVALID_VALUE, "level -1");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 4, 4, 1);
   expect_error(GL_INVALID_VALUE, "border 1");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, -1, 4, 0);
   expect_error(GL_INVALID_VALUE, "width -1");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, ENUM_RGBA16, 0, 0, 4, 4, 0);
   expect_error(GL_INVALID_ENUM, "internalformat GL_RGBA16 (not a base format)");
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1);
   expect_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D of an undefined image");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 4, 4, 0);
   check_gl("a 4x4 copy");
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 0, 0, 3, 1);
   expect_error(GL_INVALID_VALUE, "glCopyTexSubImage2D past the image");
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, -1, 0, 0, 0, 1, 1);
   expect_error(GL_INVALID_VALUE, "glCopyTexSubImage2D xoffset -1");
   glCopyTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 0, 0, 1, 1);
   expect_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D of an undefined level");
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 4, 4, 0);
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "an incomplete read framebuffer");
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1);
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glCopyTexSubImage2D, incomplete framebuffer");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteTextures(1, &tex);
   check_gl("errors");
}

/* From a 4x multi-sampled pbuffer: the copy holds the resolved pixels, the same bytes
 * glReadPixels returns (the driver's documented resolve, tested by msaa_egl). A triangle
 * edge crosses pixels so that partly covered pixels resolve to in-between values. */
static void test_msaa_source(struct egl_fixture *f)
{
   const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                              EGL_OPENGL_ES2_BIT, EGL_SAMPLE_BUFFERS, 1, EGL_SAMPLES, 4,
                              EGL_NONE };
   EGLConfig cfg;
   EGLint n = 0;
   if (!check(eglChooseConfig(f->dpy, attribs, &cfg, 1, &n) && n == 1, "a 4x config"))
      return;
   const EGLint surf_attribs[] = { EGL_WIDTH, S, EGL_HEIGHT, S, EGL_NONE };
   static const EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(f->dpy, cfg, surf_attribs);
   EGLContext ctx = eglCreateContext(f->dpy, cfg, EGL_NO_CONTEXT, ctx_attribs);
   if (check(surf != EGL_NO_SURFACE && ctx != EGL_NO_CONTEXT &&
             eglMakeCurrent(f->dpy, surf, surf, ctx), "4x pbuffer and context")) {
      static const char *const names[] = { "pos", NULL };
      GLuint prog = egl_fixture_program(vs_src, fs_color, names);
      glViewport(0, 0, S, S);
      glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glUseProgram(prog);
      glUniform4f(glGetUniformLocation(prog, "color"), 1.0f, 1.0f, 0.0f, 1.0f);
      static const GLfloat tri[] = { -1.0f, -1.0f, 0.9f, -0.7f, -0.6f, 1.0f };
      glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
      glEnableVertexAttribArray(0);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      uint8_t resolved[S * S * 4];
      glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, resolved);
      GLuint tex, fb;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, S, S, 0);
      check_gl("copy from a 4x pbuffer");
      glGenFramebuffers(1, &fb);
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
      unsigned partial = 0;
      for (int y = 0; y < S; y++)
         for (int x = 0; x < S; x++) {
            const uint8_t *p = resolved + ((size_t)y * S + (size_t)x) * 4;
            partial += p[0] != 0 && p[0] != 255;
            expect_rgba(pixels, S, x, y, p, "4x source", &mismatches);
         }
      check_mismatches(&mismatches, "copy from a 4x pbuffer: the resolved pixels");
      check(partial > 0, "the triangle's edge leaves partly covered pixels (%u)", partial);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      glDeleteFramebuffers(1, &fb);
      glDeleteTextures(1, &tex);
      glDeleteProgram(prog);
   }
   eglMakeCurrent(f->dpy, f->surf, f->surf, f->ctx);
   if (ctx != EGL_NO_CONTEXT)
      eglDestroyContext(f->dpy, ctx);
   if (surf != EGL_NO_SURFACE)
      eglDestroySurface(f->dpy, surf);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, S, S, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", NULL };
   prog_tex = egl_fixture_program(vs_src, fs_tex, attribs);
   prog_color = egl_fixture_program(vs_src, fs_color, attribs);
   prog_cube = egl_fixture_program(vs_src, fs_cube, attribs);
   check(prog_tex && prog_color && prog_cube, "programs");
   if (!prog_tex || !prog_color || !prog_cube)
      return check_report();
   uint32_t seed = 4242;
   for (size_t i = 0; i < sizeof(pattern); i++) {
      seed = seed * 1103515245u + 12345u;
      pattern[i] = (uint8_t)(seed >> 16);
   }
   test_formats();
   test_sub_image_and_clipping();
   test_fbo_sources();
   test_cube_face();
   test_errors();
   test_msaa_source(&f);
   egl_fixture_fini(&f);
   return check_report();
}
