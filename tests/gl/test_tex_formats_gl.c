/* The extension texture formats end to end: each uploaded through glTexImage2D /
 * glCompressedTexImage2D (and a sub-image), sampled NEAREST on a quad covering the 8x8
 * pbuffer (pixel (x, row) = texel (x, row)) and compared with a decode written here: FLOAT
 * and HALF_FLOAT_OES of RGBA, RGB, LUMINANCE_ALPHA, LUMINANCE, ALPHA, RED, RG; BGRA_EXT; RED /
 * RG bytes; SRGB / SRGB_ALPHA (decoded to linear); DEPTH_COMPONENT 16 / 32-bit and
 * DEPTH_STENCIL 24_8 (sampled as (d, d, d, 1)); 2_10_10_10_REV RGBA / RGB; the four S3TC
 * formats from hand-made blocks; ETC1 from hand-made blocks in both modes; a BGRA_EXT texture
 * drawn into through a framebuffer object; then the errors
 * of the compressed entry points and GL_COMPRESSED_TEXTURE_FORMATS.
 *
 * Rounding: the texture unit returns the exact value of a texel, the pixel shader exports
 * it as fp16 (docs/r600-hardware-notes.md) and the RGBA8 pbuffer rounds to nearest:
 * byte = floor(fp16(v) * 255 + 0.5) (v clamped to [0, 1]). */
#include "egl_fixture.h"

#include <GLES2/gl2ext.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W 8
#define H 8

static const char vs_2d[] =
   "attribute vec2 pos;\n"
   "varying vec2 tc;\n"
   "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_2d[] =
   "precision mediump float;\n"
   "uniform sampler2D s;\n"
   "varying vec2 tc;\n"
   "void main() { gl_FragColor = texture2D(s, tc); }\n";

static GLuint prog;
static double want[H][W][4];

static void expect_error(GLenum e, const char *what)
{
   GLenum got = glGetError();
   check(got == e, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got, (unsigned)e);
}

static uint8_t to_byte(double v)
{
   v = v < 0 ? 0 : v > 1 ? 1 : v;
   if (v == 0)
      return 0;
   int e;
   frexp((float)v, &e);
   double ulp = ldexp(1.0, e - 11);
   return (uint8_t)floor(nearbyint((float)v / ulp) * ulp * 255.0 + 0.5);
}

/* Draws the bound texture and compares every pixel with want. */
static void check_draw(const char *what)
{
   uint8_t image[W * H * 4];
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   egl_fixture_read(W, H, image, false);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         uint8_t w[4];
         for (int c = 0; c < 4; c++)
            w[c] = to_byte(want[y][x][c]);
         expect_rgba(image, W, x, y, w, what, &mismatches);
      }
   check_mismatches(&mismatches, what);
   check_gl(what);
}

static GLuint new_texture(void)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return t;
}

/* An fp16 of k / 256 (0 < k < 2048), by its fields. */
static uint16_t half_of(unsigned k)
{
   unsigned e = 0;
   while ((k >> e) >= 2)
      e++;
   return (uint16_t)((e + 7) << 10 | ((k << 10 >> e) & 0x3FF));
}

/* The seven base formats of the float types: channels given, and how R, G, B, A read
 * them (-1: 0, -2: 1). */
static const struct { GLenum format; const char *name; unsigned n; int sel[4]; } bases[] = {
   { GL_RGBA, "RGBA", 4, { 0, 1, 2, 3 } },
   { GL_RGB, "RGB", 3, { 0, 1, 2, -2 } },
   { GL_LUMINANCE_ALPHA, "LUMINANCE_ALPHA", 2, { 0, 0, 0, 1 } },
   { GL_LUMINANCE, "LUMINANCE", 1, { 0, 0, 0, -2 } },
   { GL_ALPHA, "ALPHA", 1, { -1, -1, -1, 0 } },
   { GL_RED_EXT, "RED", 1, { 0, -1, -1, -2 } },
   { GL_RG_EXT, "RG", 2, { 0, 1, -1, -2 } },
};

static void set_want(unsigned x, unsigned y, const double ch[4], const int sel[4])
{
   for (unsigned c = 0; c < 4; c++)
      want[y][x][c] = sel[c] >= 0 ? ch[sel[c]] : sel[c] == -1 ? 0.0 : 1.0;
}

static void test_float_formats(void)
{
   static float f[W * H * 4];
   static uint16_t h[W * H * 4];
   for (unsigned b = 0; b < sizeof(bases) / sizeof(bases[0]); b++) {
      for (unsigned half = 0; half < 2; half++) {
         unsigned n = bases[b].n;
         for (unsigned y = 0; y < H; y++)
            for (unsigned x = 0; x < W; x++) {
               double ch[4];
               for (unsigned c = 0; c < n; c++) {
                  unsigned k = 1 + ((y * W + x) * 5 + c * 67 + b * 11) % 250;   /* k / 256 */
                  ch[c] = k / 256.0;
                  f[(y * W + x) * n + c] = (float)k / 256.0f;
                  h[(y * W + x) * n + c] = half_of(k);
               }
               set_want(x, y, ch, bases[b].sel);
            }
         GLuint t = new_texture();
         GLenum type = half ? GL_HALF_FLOAT_OES : GL_FLOAT;
         glTexImage2D(GL_TEXTURE_2D, 0, (GLint)bases[b].format, W, H, 0, bases[b].format, type,
                      half ? (const void *)h : (const void *)f);
         char what[96];
         snprintf(what, sizeof(what), "%s %s", bases[b].name, half ? "HALF_FLOAT_OES" : "FLOAT");
         check_gl(what);
         check_draw(what);
         glDeleteTextures(1, &t);
      }
   }
}

static void test_byte_formats(void)
{
   static uint8_t px[W * H * 4];
   for (unsigned k = 0; k < sizeof(px); k++)
      px[k] = (uint8_t)(k * 53 + 11);
   struct { GLenum format; const char *name; unsigned n; } cases[] = {
      { GL_BGRA_EXT, "BGRA", 4 }, { GL_RED_EXT, "RED bytes", 1 }, { GL_RG_EXT, "RG bytes", 2 },
      { GL_SRGB_ALPHA_EXT, "SRGB_ALPHA", 4 }, { GL_SRGB_EXT, "SRGB", 3 },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      unsigned n = cases[i].n;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            const uint8_t *p = px + (y * W + x) * n;
            double v[4] = { 0, 0, 0, 1 };
            for (unsigned c = 0; c < n; c++)
               v[c] = p[c] / 255.0;
            if (cases[i].format == GL_BGRA_EXT) {
               double t = v[0];
               v[0] = v[2], v[2] = t;
            }
            if (cases[i].format == GL_SRGB_EXT || cases[i].format == GL_SRGB_ALPHA_EXT)
               for (unsigned c = 0; c < 3; c++)
                  v[c] = v[c] <= 0.04045 ? v[c] / 12.92 : pow((v[c] + 0.055) / 1.055, 2.4);
            memcpy(want[y][x], v, sizeof(v));
         }
      GLuint t = new_texture();
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].format, W, H, 0, cases[i].format,
                   GL_UNSIGNED_BYTE, px);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
      check_gl(cases[i].name);
      check_draw(cases[i].name);
      glDeleteTextures(1, &t);
   }
   /* BGRA_EXT takes only BGRA_EXT as its internal format */
   GLuint t = new_texture();
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_BGRA_EXT, GL_UNSIGNED_BYTE, px);
   expect_error(GL_INVALID_OPERATION, "internalformat RGBA with format BGRA_EXT");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_BGRA_EXT, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   expect_error(GL_INVALID_OPERATION, "internalformat BGRA_EXT with format RGBA");
   glDeleteTextures(1, &t);
}

static void test_packed_and_depth(void)
{
   static uint32_t u32[W * H];
   static uint16_t u16[W * H];
   for (unsigned k = 0; k < W * H; k++) {
      u32[k] = k * 0x3F1D2A7u + 0x01234567u;
      u16[k] = (uint16_t)(k * 997u + 33u);
   }
   struct { GLenum format, type; const char *name; } cases[] = {
      { GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV_EXT, "RGBA 2_10_10_10_REV" },
      { GL_RGB, GL_UNSIGNED_INT_2_10_10_10_REV_EXT, "RGB 2_10_10_10_REV" },
      { GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, "DEPTH_COMPONENT UNSIGNED_SHORT" },
      { GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, "DEPTH_COMPONENT UNSIGNED_INT" },
      { GL_DEPTH_STENCIL_OES, GL_UNSIGNED_INT_24_8_OES, "DEPTH_STENCIL 24_8" },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            uint32_t v = u32[y * W + x];
            double *w = want[y][x];
            if (i < 2) {
               for (unsigned c = 0; c < 3; c++)
                  w[c] = (v >> (10 * c) & 1023) / 1023.0;
               w[3] = i == 0 ? (v >> 30) / 3.0 : 1.0;
            } else {
               /* UNSIGNED_INT depth keeps its 24 high bits (24-bit storage) */
               double d = i == 2 ? u16[y * W + x] / 65535.0 : (v >> 8) / 16777215.0;
               w[0] = w[1] = w[2] = d;
               w[3] = 1.0;
            }
         }
      GLuint t = new_texture();
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].format, W, H, 0, cases[i].format, cases[i].type,
                   i == 2 ? (const void *)u16 : (const void *)u32);
      check_gl(cases[i].name);
      check_draw(cases[i].name);
      glDeleteTextures(1, &t);
   }
}

/* A BGRA_EXT texture is colour-renderable: cleared through a framebuffer object, then
 * sampled (R, G, B, A in their places). */
static void test_bgra_render(void)
{
   GLuint t = new_texture(), fb;
   glTexImage2D(GL_TEXTURE_2D, 0, GL_BGRA_EXT, W, H, 0, GL_BGRA_EXT, GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   check(status == GL_FRAMEBUFFER_COMPLETE, "BGRA_EXT texture attachment complete (0x%04x)",
         (unsigned)status);
   glClearColor(1.0f, 0.2f, 0.0f, 0.6f);
   glClear(GL_COLOR_BUFFER_BIT);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glClearColor(0, 0, 0, 1);
   /* the clear stores round(c * 255): 255, 51, 0, 153 */
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         want[y][x][0] = 1.0, want[y][x][1] = 51 / 255.0, want[y][x][2] = 0.0;
         want[y][x][3] = 153 / 255.0;
      }
   check_draw("BGRA_EXT texture drawn into, then sampled");
   glDeleteTextures(1, &t);
}

/* ---- compressed ---- */

static const double MAGENTA[3] = { 255, 0, 255 }, GREEN[3] = { 0, 255, 0 };

/* A DXT colour block of endpoints c0, c1 (0xF81F magenta, 0x07E0 green); texel t's code
 * is t % 4. */
static void colour_block(uint8_t *b, uint16_t c0, uint16_t c1)
{
   b[0] = (uint8_t)c0, b[1] = (uint8_t)(c0 >> 8), b[2] = (uint8_t)c1, b[3] = (uint8_t)(c1 >> 8);
   b[4] = b[5] = b[6] = b[7] = 0xE4;
}

static void colour_ref(const double e0[3], const double e1[3], unsigned code, bool four,
                       bool transparent, double w[4])
{
   for (unsigned c = 0; c < 3; c++) {
      double e = e0[c], f = e1[c];
      w[c] = (code == 0 ? e : code == 1 ? f : four ? (code == 2 ? (2 * e + f) / 3 : (e + 2 * f) / 3)
                                                   : (code == 2 ? (e + f) / 2 : 0)) / 255.0;
   }
   w[3] = !four && code == 3 && transparent ? 0.0 : 1.0;
}

static void test_s3tc(void)
{
   uint8_t dxt1[4 * 8], dxt3[4 * 16], dxt5[4 * 16];
   for (unsigned b = 0; b < 4; b++) {
      bool four = b % 2 == 0;
      colour_block(dxt1 + 8 * b, four ? 0xF81F : 0x07E0, four ? 0x07E0 : 0xF81F);
      for (unsigned k = 0; k < 8; k++)
         dxt3[16 * b + k] = (uint8_t)((2 * k + b) % 16 | ((2 * k + 1 + b) % 16) << 4);
      colour_block(dxt3 + 16 * b + 8, 0x07E0, 0xF81F);
      dxt5[16 * b] = (uint8_t)(b % 2 ? 40 : 230);
      dxt5[16 * b + 1] = (uint8_t)(b % 2 ? 230 : 40);
      uint64_t codes = 0;
      for (unsigned t = 0; t < 16; t++)
         codes |= (uint64_t)((t + b) % 8) << (3 * t);
      for (unsigned k = 0; k < 6; k++)
         dxt5[16 * b + 2 + k] = (uint8_t)(codes >> (8 * k));
      colour_block(dxt5 + 16 * b + 8, 0xF81F, 0x07E0);
   }
   static const GLenum formats[4] = { GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                                      GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT };
   static const char *const names[4] = { "DXT1 RGB", "DXT1 RGBA", "DXT3", "DXT5" };
   const uint8_t *data[4] = { dxt1, dxt1, dxt3, dxt5 };
   static const GLsizei sizes[4] = { 32, 32, 64, 64 };
   for (unsigned f = 0; f < 4; f++) {
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            unsigned b = (y / 4) * 2 + x / 4, t = (y % 4) * 4 + x % 4;
            double *w = want[y][x];
            if (f < 2) {
               bool four = b % 2 == 0;
               colour_ref(four ? MAGENTA : GREEN, four ? GREEN : MAGENTA, t % 4, four, f == 1, w);
            } else if (f == 2) {
               colour_ref(GREEN, MAGENTA, t % 4, true, false, w);
               w[3] = ((t + b) % 16) / 15.0;
            } else {
               colour_ref(MAGENTA, GREEN, t % 4, true, false, w);
               unsigned code = (t + b) % 8, a0 = b % 2 ? 40 : 230, a1 = b % 2 ? 230 : 40;
               double a = code == 0 ? a0 : code == 1 ? a1
                          : a0 > a1 ? ((8.0 - code) * a0 + (code - 1.0) * a1) / 7
                          : code == 6 ? 0 : code == 7 ? 255 : ((6.0 - code) * a0 + (code - 1.0) * a1) / 5;
               w[3] = a / 255.0;
            }
         }
      GLuint t = new_texture();
      glCompressedTexImage2D(GL_TEXTURE_2D, 0, formats[f], W, H, 0, sizes[f], data[f]);
      check_gl(names[f]);
      check_draw(names[f]);
      if (f == 3) {
         /* a sub-image: the top-right block gets block 0's data (alpha codes t % 8) */
         glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, formats[f], 16, dxt5);
         check_gl("DXT5 sub-image");
         for (unsigned y = 4; y < 8; y++)
            for (unsigned x = 4; x < 8; x++) {
               unsigned tt = (y % 4) * 4 + x % 4, code = tt % 8;
               double a = code == 0 ? 230 : code == 1 ? 40 : ((8.0 - code) * 230 + (code - 1.0) * 40) / 7;
               want[y][x][3] = a / 255.0;
            }
         check_draw("DXT5 after a sub-image");
      }
      glDeleteTextures(1, &t);
   }
}

/* glTexImage2D / glTexSubImage2D with an S3TC internal format compress on upload. Every
 * 4x4 block here holds two colours exact in RGB565 (0/255 channels) and, for DXT1 RGBA,
 * transparent texels, for DXT3 alphas that are multiples of 17 and for DXT5 two alphas
 * per block: a block encoder that keeps them exact (end points = the two colours) gives
 * back the source image, with transparent black for DXT1 RGBA's clear texels. */
static const uint8_t online_colours[6][3] = {
   { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 }, { 255, 255, 255 }, { 0, 0, 0 }, { 255, 0, 255 },
};

static void online_texel(unsigned f, unsigned x, unsigned y, uint8_t out[4])
{
   unsigned b = (y / 4) * 2 + x / 4, t = (y % 4) * 4 + x % 4;
   const uint8_t *c = online_colours[(t % 3 == 0 ? b : b + 1) % 6];
   memcpy(out, c, 3);
   out[3] = f == 1 ? (t % 5 == 0 ? 0 : 255) : f == 2 ? (uint8_t)(17 * ((t + b) % 16))
          : f == 3 ? (t % 2 ? 40 : 230) : 255;
}

static void test_s3tc_online(void)
{
   static const GLenum formats[4] = { GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                                      GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT };
   static const char *const names[4] = { "glTexImage2D DXT1 RGB", "glTexImage2D DXT1 RGBA",
                                         "glTexImage2D DXT3", "glTexImage2D DXT5" };
   uint8_t pixels[H][W][4];
   float floats[H][W][3];
   for (unsigned f = 0; f < 4; f++) {
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            online_texel(f, x, y, pixels[y][x]);
            bool clear = f == 1 && pixels[y][x][3] == 0;
            for (unsigned c = 0; c < 4; c++)
               want[y][x][c] = clear ? 0.0 : c == 3 && f == 0 ? 1.0 : pixels[y][x][c] / 255.0;
         }
      GLuint t = new_texture();
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)formats[f], W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
      check_gl(names[f]);
      check_draw(names[f]);
      glDeleteTextures(1, &t);
   }

   /* RGB floats into DXT1, then a sub-image of one block (RGBA bytes, solid blue). */
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint8_t c[4];
         online_texel(0, x, y, c);
         for (unsigned k = 0; k < 3; k++)
            floats[y][x][k] = c[k] / 255.0f, want[y][x][k] = c[k] / 255.0;
         want[y][x][3] = 1.0;
      }
   GLuint t = new_texture();
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, W, H, 0, GL_RGB, GL_FLOAT, floats);
   check_draw("glTexImage2D DXT1 from RGB floats");
   static const uint8_t blue[4][4][4] = {
      [0 ... 3] = { [0 ... 3] = { 0, 0, 255, 255 } },
   };
   glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, blue);
   for (unsigned y = 4; y < 8; y++)
      for (unsigned x = 4; x < 8; x++)
         want[y][x][0] = 0.0, want[y][x][1] = 0.0, want[y][x][2] = 1.0;
   check_draw("glTexSubImage2D into DXT1");

   /* Errors: edges off the block grid, and a format other than RGB / RGBA. */
   glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, blue);
   expect_error(GL_INVALID_OPERATION, "sub-image at x = 2");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, blue);
   expect_error(GL_INVALID_OPERATION, "sub-image 3 rows high inside the image");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_LUMINANCE, GL_UNSIGNED_BYTE, blue);
   expect_error(GL_INVALID_OPERATION, "LUMINANCE sub-image of DXT1");
   check_draw("DXT1 unchanged by the failed sub-images");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, W, H, 0, GL_LUMINANCE,
                GL_UNSIGNED_BYTE, pixels);
   expect_error(GL_INVALID_OPERATION, "glTexImage2D DXT1 from LUMINANCE");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 6, 6, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, pixels);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, blue);
   check_gl("6x6 DXT1 and a 2x2 sub-image reaching its edge");
   glDeleteTextures(1, &t);
}

static const int etc_mod[8][2] = { { 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 },
                                   { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 } };

/* ETC1 8x4 (two blocks; the 8 pixel rows sample texel row y / 2): block
 * 0 individual mode, side-by-side sub-blocks, bases (170, 51, 255) / (85, 204, 0) from
 * nibbles A/5, 3/C, F/0, tables 2 and 5, texel (x, y) index y; block 1 differential mode,
 * stacked sub-blocks, bases 5-bit (20, 3, 31) and deltas (-3, +3, 0) -> (165, 24, 255) /
 * (140, 49, 255), tables 7 and 0, index (k < 8) * 2 + (k even) for k = 4 x + y. */
static void test_etc1(void)
{
   static const uint8_t blocks[16] = { 0xA5, 0x3C, 0xF0, 0x54, 0xCC, 0xCC, 0xAA, 0xAA,
                                       0xA5, 0x1B, 0xF8, 0xE3, 0x00, 0xFF, 0x55, 0x55 };
   static const int base[2][2][3] = { { { 170, 51, 255 }, { 85, 204, 0 } },
                                      { { 165, 24, 255 }, { 140, 49, 255 } } };
   static const unsigned table[2][2] = { { 2, 5 }, { 7, 0 } };
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         unsigned b = x / 4, bx = x % 4, by = y / 2, k = 4 * bx + by;
         unsigned idx = b == 0 ? by : (k < 8 ? 2u : 0u) + (k % 2 == 0 ? 1u : 0u);
         unsigned sub = b == 0 ? bx >= 2 : by >= 2;
         int m = etc_mod[table[b][sub]][idx & 1] * ((idx & 2) ? -1 : 1);
         for (unsigned c = 0; c < 3; c++) {
            int v = base[b][sub][c] + m;
            want[y][x][c] = (v < 0 ? 0 : v > 255 ? 255 : v) / 255.0;
         }
         want[y][x][3] = 1.0;
      }
   GLuint t = new_texture();
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 8, 4, 0, 16, blocks);
   check_gl("ETC1");
   check_draw("ETC1");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_ETC1_RGB8_OES, 8, blocks);
   expect_error(GL_INVALID_OPERATION, "ETC1 sub-image");
   glDeleteTextures(1, &t);
}

static void test_compressed_errors(void)
{
   GLint n = -1, list[8] = { 0 };
   glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, list);
   check(n == 5, "GL_NUM_COMPRESSED_TEXTURE_FORMATS = %d, want 5", n);
   static const GLenum all[5] = { GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                                  GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
                                  GL_ETC1_RGB8_OES };
   for (unsigned i = 0; i < 5; i++) {
      bool found = false;
      for (int k = 0; k < n && k < 8; k++)
         found |= (GLenum)list[k] == all[i];
      check(found, "GL_COMPRESSED_TEXTURE_FORMATS lists 0x%04x", (unsigned)all[i]);
   }
   static uint8_t blocks[256];
   GLuint t = new_texture();
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, 32, blocks);
   expect_error(GL_INVALID_ENUM, "glCompressedTexImage2D internalformat RGBA");
   glCompressedTexImage2D(0x806F, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 0, 32, blocks);
   expect_error(GL_INVALID_ENUM, "glCompressedTexImage2D target TEXTURE_3D");
   glCompressedTexImage2D(GL_TEXTURE_2D, -1, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 0, 32, blocks);
   expect_error(GL_INVALID_VALUE, "glCompressedTexImage2D level -1");
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 1, 32, blocks);
   expect_error(GL_INVALID_VALUE, "glCompressedTexImage2D border 1");
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 0, 31, blocks);
   expect_error(GL_INVALID_VALUE, "glCompressedTexImage2D imageSize 31 for 32");
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8, 0, 32, blocks);
   expect_error(GL_INVALID_VALUE, "glCompressedTexImage2D DXT5 imageSize 32 for 64");
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 5, 3, 0, 16, blocks);
   check_gl("glCompressedTexImage2D 5x3 (2x1 blocks)");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, blocks);
   expect_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D of an undefined level");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 3, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, blocks);
   expect_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D in another format");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 3, 3, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, blocks);
   expect_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D xoffset 2");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 3, 3, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, blocks);
   expect_error(GL_INVALID_OPERATION, "glCompressedTexSubImage2D width 3 short of the edge");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 1, 3, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, blocks);
   check_gl("glCompressedTexSubImage2D to the right edge");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 2, 3, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, blocks);
   expect_error(GL_INVALID_VALUE, "glCompressedTexSubImage2D past the right edge");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 3, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 16, blocks);
   expect_error(GL_INVALID_VALUE, "glCompressedTexSubImage2D imageSize 16 for one block");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 3, GL_RGBA, 8, blocks);
   expect_error(GL_INVALID_ENUM, "glCompressedTexSubImage2D format RGBA");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, blocks);
   expect_error(GL_INVALID_OPERATION, "glTexSubImage2D into a compressed level");
   glDeleteTextures(1, &t);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", NULL };
   prog = egl_fixture_program(vs_2d, fs_2d, attribs);
   check(prog != 0, "program");
   if (!prog)
      return check_report();
   static const float v[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glUseProgram(prog);
   check_gl("setup");
   test_float_formats();
   test_byte_formats();
   test_packed_and_depth();
   test_bgra_render();
   test_s3tc();
   test_s3tc_online();
   test_etc1();
   test_compressed_errors();
   egl_fixture_fini(&f);
   return check_report();
}
