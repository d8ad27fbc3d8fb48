/* GL_OES_texture_npot end to end: non-power-of-two textures with REPEAT and
 * MIRRORED_REPEAT, mipmapped NPOT textures (level l is max(1, floor(size / 2^l))), and
 * glGenerateMipmap on an NPOT base.
 *
 * Expectations worked out here: a W x H pbuffer draws a quad whose texture coordinates run
 * from 0 to 3 (s) and 0 to 3 (t), so pixel (x, y) samples at texel coordinate x + 0.5 of a
 * 3-wide texture (W = 9) and y + 0.5 of a 5-tall one (H = 15): NEAREST picks texel x, which
 * REPEAT maps to x mod 3 and MIRRORED_REPEAT to x mod 6 (or 5 - that, from 3 on).
 * Mip levels are sampled with texture2DLodEXT at an explicit level, away from texel edges. glGenerateMipmap of a
 * 6x6 base: level 1 (3x3) texel (i, j) is the mean of base texels (2i..2i+1, 2j..2j+1)
 * (values chosen so the means are whole bytes), level 2 (1x1) the bilinear sample at the
 * centre of level 1, which falls on texel (1, 1) exactly. Prints "N passed, M failed". */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 9
#define H 15

static const char vs_src[] =
   "attribute vec2 pos; varying vec2 tc;\n"
   "void main() { tc = (pos * 0.5 + 0.5) * 3.0; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_src[] =
   "#extension GL_EXT_shader_texture_lod : require\n"
   "precision mediump float; uniform sampler2D s; uniform float lod; varying vec2 tc;\n"
   "void main() { gl_FragColor = texture2DLodEXT(s, tc, lod); }\n";

static GLuint prog;
static uint8_t image[W * H * 4];

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

/* The colour of texel (i, j) of test pattern `seed`: distinct per texel and per seed. */
static void texel(unsigned seed, unsigned i, unsigned j, uint8_t out[4])
{
   out[0] = (uint8_t)(10 + 40 * i + seed);
   out[1] = (uint8_t)(20 + 30 * j + seed);
   out[2] = (uint8_t)(200 - 20 * seed);
   out[3] = 255;
}

static void upload(unsigned level, unsigned w, unsigned h, unsigned seed)
{
   uint8_t data[8 * 8 * 4];
   for (unsigned j = 0; j < h; j++)
      for (unsigned i = 0; i < w; i++)
         texel(seed, i, j, &data[(j * w + i) * 4]);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, (GLint)level, GL_RGBA, (GLsizei)w, (GLsizei)h, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, data);
}

static void draw(float lod)
{
   glUniform1f(glGetUniformLocation(prog, "lod"), lod);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   egl_fixture_read(W, H, image, false);
}

static unsigned wrap_index(unsigned x, unsigned n, GLenum mode)
{
   if (mode == GL_REPEAT)
      return x % n;
   unsigned m = x % (2 * n);
   return m < n ? m : 2 * n - 1 - m;
}

/* A 3x5 texture under each wrap pair, NEAREST, level 0 only. */
static void test_wrap(void)
{
   static const GLenum modes[2] = { GL_REPEAT, GL_MIRRORED_REPEAT };
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   upload(0, 3, 5, 0);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   for (unsigned ms = 0; ms < 2; ms++)
      for (unsigned mt = 0; mt < 2; mt++) {
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, (GLint)modes[ms]);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, (GLint)modes[mt]);
         draw(0.0f);
         unsigned mismatches = 0;
         for (unsigned y = 0; y < H; y++)
            for (unsigned x = 0; x < W; x++) {
               uint8_t want[4];
               texel(0, wrap_index(x, 3, modes[ms]), wrap_index(y, 5, modes[mt]), want);
               expect_rgba(image, W, (int)x, (int)y, want, "NPOT wrap", &mismatches);
            }
         char what[64];
         snprintf(what, sizeof(what), "3x5 wrap s 0x%04x t 0x%04x", modes[ms], modes[mt]);
         check_mismatches(&mismatches, what);
      }
   check_gl("wrap draws");
   glDeleteTextures(1, &tex);
}

/* Texel coordinate of pixel p (of n) on a level n_tex texels wide under the 0..3 quad,
 * or -1 within 1/100 of a texel edge (where rounding may pick either side). */
static int coord(unsigned p, unsigned n, unsigned n_tex)
{
   double t = (p + 0.5) / n * 3.0 * n_tex;
   if (t - floor(t) < 0.01 || ceil(t) - t < 0.01)
      return -1;
   return (int)floor(t) % (int)n_tex;
}

/* Checks that the draw at `lod` shows level `level` (w x h, pattern `seed`) under
 * REPEAT, away from texel edges. */
static void expect_level(float lod, unsigned w, unsigned h, unsigned seed, const char *what)
{
   draw(lod);
   unsigned mismatches = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         int i = coord(x, W, w), j = coord(y, H, h);
         if (i < 0 || j < 0)
            continue;
         uint8_t want[4];
         texel(seed, (unsigned)i, (unsigned)j, want);
         expect_rgba(image, W, (int)x, (int)y, want, what, &mismatches);
      }
   check_mismatches(&mismatches, what);
}

/* A 5x3 chain uploaded level by level: 2x1, 1x1. A level of the rounded-up size (3x2)
 * leaves the texture incomplete. */
static void test_mipmaps(void)
{
   static const uint8_t black[4] = { 0, 0, 0, 255 };
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   upload(0, 5, 3, 0);
   upload(1, 3, 2, 1);
   upload(2, 1, 1, 2);
   draw(0.0f);
   unsigned mismatches = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         expect_rgba(image, W, (int)x, (int)y, black, "ceil-sized level 1", &mismatches);
   check_mismatches(&mismatches, "a 3x2 level 1 of a 5x3 base: incomplete");
   upload(1, 2, 1, 1);
   expect_level(0.0f, 5, 3, 0, "5x3 level 0");
   expect_level(1.0f, 2, 1, 1, "5x3 level 1 (2x1)");
   expect_level(2.0f, 1, 1, 2, "5x3 level 2 (1x1)");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
   expect_level(2.0f, 1, 1, 2, "5x3 level 2 mirrored");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   check_gl("mipmap draws");
   glDeleteTextures(1, &tex);
}

/* glGenerateMipmap on a 6x6 base; levels read back through a framebuffer object. */
static void test_generate(void)
{
   uint8_t base[6 * 6 * 4], l1[3 * 3 * 4], want[3 * 3 * 4], got[3 * 3 * 4];
   /* each 2x2 block: values v, v + 2, v + 4, v + 6 (mean v + 3, a whole byte) */
   for (unsigned j = 0; j < 6; j++)
      for (unsigned i = 0; i < 6; i++)
         for (unsigned c = 0; c < 4; c++) {
            unsigned block = (j / 2) * 3 + i / 2, sub = (j % 2) * 2 + i % 2;
            base[(j * 6 + i) * 4 + c] = (uint8_t)(20 * block + 7 * c + 2 * sub);
            want[block * 4 + c] = (uint8_t)(20 * block + 7 * c + 3);
         }
   GLuint tex, fb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 6, 6, 0, GL_RGBA, GL_UNSIGNED_BYTE, base);
   glGenerateMipmap(GL_TEXTURE_2D);
   expect_error(GL_NO_ERROR, "glGenerateMipmap 6x6");
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 1);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "level 1 attachable");
   glReadPixels(0, 0, 3, 3, GL_RGBA, GL_UNSIGNED_BYTE, l1);
   check(memcmp(l1, want, sizeof(want)) == 0, "level 1 (3x3) = 2x2 means (texel 0: %u %u %u %u)",
         l1[0], l1[1], l1[2], l1[3]);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 2);
   memset(got, 0xA5, sizeof(got));
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   check(memcmp(got, &want[4 * 4], 4) == 0, "level 2 (1x1) = level 1 texel (1, 1): %u %u %u %u",
         got[0], got[1], got[2], got[3]);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 3);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE,
         "no level 3 of a 6x6 chain");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   /* sampled: level 1 at lod 1 through the mipmap filter */
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   draw(1.0f);
   unsigned mismatches = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         int i = coord(x, W, 3), j = coord(y, H, 3);
         if (i < 0 || j < 0)
            continue;
         expect_rgba(image, W, (int)x, (int)y, &want[(j * 3 + i) * 4], "generated level 1",
                     &mismatches);
      }
   check_mismatches(&mismatches, "generated 3x3 level sampled at lod 1 with REPEAT");
   check_gl("generate");
   glDeleteTextures(1, &tex);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   check(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_OES_texture_npot ") != NULL,
         "GL_OES_texture_npot listed");
   static const char *const attribs[] = { "pos", NULL };
   prog = egl_fixture_program(vs_src, fs_src, attribs);
   check(prog != 0, "program");
   glUseProgram(prog);
   static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   test_wrap();
   test_mipmaps();
   test_generate();
   egl_fixture_fini(&f);
   return check_report();
}
