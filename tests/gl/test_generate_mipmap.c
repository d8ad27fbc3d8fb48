/* glGenerateMipmap end to end: a non-square 2D texture and the six faces of a cube map get
 * every level from the base level; each generated level, read back through a framebuffer
 * object (glFramebufferTexture2D + glReadPixels, exact for RGBA8), is checked against a box
 * filter of the level above it computed here: texel (i, j) of level L is the mean of texels
 * (2i .. 2i + 1, 2j .. 2j + 1) of level L - 1 (one texel where level L - 1 is one wide).
 *
 * Tolerance: 0.5625 of a byte. The mean m is a multiple of 1/4 byte; stored as unorm8 it
 * rounds to the nearest byte (error <= 1/2); on the way the value m / 255 passes the pixel
 * export as fp16 (11 significant bits, error <= 2^-12 of 1.0 = 255 / 4096 < 1/16 byte).
 * Sampling the generated texture then picks each level exactly. Errors per ES 2.0 3.7.11.
 * Prints "N passed, M failed". */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GLES2/gl2.h>

#include "egl_fixture.h"

#define S 16
#define TOLERANCE 0.5625

static const char vs_src[] =
   "attribute vec2 pos; varying vec2 tc;\n"
   "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_tex[] =
   "precision mediump float; uniform sampler2D s; varying vec2 tc;\n"
   "void main() { gl_FragColor = texture2D(s, tc); }\n";

static GLuint prog_tex;
static uint32_t seed = 777;

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

static void fill_random(uint8_t *p, size_t n)
{
   for (size_t i = 0; i < n; i++) {
      seed = seed * 1103515245u + 12345u;
      p[i] = (uint8_t)(seed >> 16);
   }
}

/* Reads level `level` of `target` (2D or a cube face) of tex, w x h, through an FBO. */
static void read_level(GLuint fb, GLenum target, GLuint tex, int level, int w, int h,
                       uint8_t *out)
{
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, target, tex, level);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "level %d complete as a colour attachment", level);
   memset(out, 0xA5, (size_t)w * (size_t)h * 4);
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* Checks every level of a w x h texture (target: 2D or one cube face) against the box
 * filter of the level above; `base` is what level 0 must hold. */
static void check_chain(GLuint fb, GLenum target, GLuint tex, int w, int h, const uint8_t *base,
                        const char *name)
{
   uint8_t *prev = malloc((size_t)w * (size_t)h * 4), *cur = malloc((size_t)w * (size_t)h * 4);
   read_level(fb, target, tex, 0, w, h, prev);
   check(memcmp(prev, base, (size_t)w * (size_t)h * 4) == 0, "%s: level 0 kept", name);
   double worst = 0;
   for (int l = 1; (w >> l) > 0 || (h >> l) > 0; l++) {
      int pw = w >> (l - 1) ? w >> (l - 1) : 1, ph = h >> (l - 1) ? h >> (l - 1) : 1;
      int lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
      read_level(fb, target, tex, l, lw, lh, cur);
      unsigned bad = 0;
      for (int j = 0; j < lh; j++)
         for (int i = 0; i < lw; i++)
            for (int c = 0; c < 4; c++) {
               double sum = 0;
               int n = 0;
               for (int y = 2 * j; y <= 2 * j + 1 && y < ph; y++)
                  for (int x = 2 * i; x <= 2 * i + 1 && x < pw; x++, n++)
                     sum += prev[((size_t)y * (size_t)pw + (size_t)x) * 4 + (size_t)c];
               double mean = sum / n;
               double got = cur[((size_t)j * (size_t)lw + (size_t)i) * 4 + (size_t)c];
               double err = fabs(got - mean);
               if (err > worst)
                  worst = err;
               if (err > TOLERANCE && bad++ < 3)
                  printf("%s level %d texel (%d, %d) channel %d: %g, box filter %g\n", name, l,
                         i, j, c, got, mean);
            }
      check(bad == 0, "%s: level %d (%dx%d) within %g of the box filter (%u texels off)", name,
            l, lw, lh, TOLERANCE, bad);
      uint8_t *t = prev;
      prev = cur;
      cur = t;
   }
   printf("%s: largest distance to the box filter %g byte\n", name, worst);
   free(prev);
   free(cur);
}

static void test_2d(GLuint fb)
{
   const int w = 16, h = 4;
   static uint8_t base[16 * 4 * 4];
   fill_random(base, sizeof(base));
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   /* A stale level of another format and size: the base level defines the chain. Its
    * rows of 2 bytes are padded to GL_UNPACK_ALIGNMENT 4: 6 bytes are read. */
   static const uint8_t lum[8] = { 9, 9, 0, 0, 9, 9 };
   glTexImage2D(GL_TEXTURE_2D, 2, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, base);
   glGenerateMipmap(GL_TEXTURE_2D);
   check_gl("glGenerateMipmap 2D");
   check_chain(fb, GL_TEXTURE_2D, tex, w, h, base, "2D 16x4");

   /* Sampling picks each generated level: level 2 (4x1) drawn in a 4x1 viewport. */
   uint8_t level2[4 * 4], got[S * S * 4];
   read_level(fb, GL_TEXTURE_2D, tex, 2, 4, 1, level2);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glViewport(0, 0, 4, 1);
   glUseProgram(prog_tex);
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glViewport(0, 0, S, S);
   egl_fixture_read(S, S, got, false);
   unsigned mismatches = 0;
   for (int i = 0; i < 4; i++)
      expect_rgba(got, S, i, 0, level2 + i * 4, "level 2 sampled", &mismatches);
   check_mismatches(&mismatches, "sampling a generated level");
   glDeleteTextures(1, &tex);
}

static void test_cube(GLuint fb)
{
   const int n = 8;
   static uint8_t base[6][8 * 8 * 4];
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   for (int f = 0; f < 6; f++) {
      fill_random(base[f], sizeof(base[f]));
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, n, n, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, base[f]);
   }
   glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
   check_gl("glGenerateMipmap cube");
   for (int f = 0; f < 6; f++) {
      char name[32];
      snprintf(name, sizeof(name), "cube face %d", f);
      check_chain(fb, GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, tex, n, n, base[f], name);
   }
   glDeleteTextures(1, &tex);
}

static void test_errors(void)
{
   static const uint8_t texels[8 * 8 * 4] = { 0 };
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glGenerateMipmap(GL_TEXTURE_CUBE_MAP_POSITIVE_X);
   expect_error(GL_INVALID_ENUM, "target a cube face");
   glGenerateMipmap(GL_TEXTURE_2D);
   expect_error(GL_INVALID_OPERATION, "no base level");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 6, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glGenerateMipmap(GL_TEXTURE_2D);
   expect_error(GL_NO_ERROR, "a non-power-of-two base level (OES_texture_npot)");
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   for (int f = 0; f < 5; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 8, 8, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texels);
   glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
   expect_error(GL_INVALID_OPERATION, "a cube map with a face missing");
   glTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
   glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
   expect_error(GL_INVALID_OPERATION, "a cube map with a smaller face");
   glTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGB, 8, 8, 0, GL_RGB, GL_UNSIGNED_BYTE,
                texels);
   glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
   expect_error(GL_INVALID_OPERATION, "a cube map with a face of another format");
   glTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
   glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
   check_gl("a cube complete cube map");
   glDeleteTextures(2, tex);
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
   check(prog_tex != 0, "program");
   if (!prog_tex)
      return check_report();
   GLuint fb;
   glGenFramebuffers(1, &fb);
   test_2d(fb);
   test_cube(fb);
   test_errors();
   glDeleteFramebuffers(1, &fb);
   egl_fixture_fini(&f);
   return check_report();
}
