/* KHR_texture_compression_astc_ldr end to end: hand-encoded ASTC blocks uploaded with
 * glCompressedTexImage2D / glCompressedTexSubImage2D, sampled NEAREST on a quad covering the
 * 8x8 pbuffer (pixel (x, row) = texel (x, row)) and compared with texels derived here from the
 * block fields by the rules of the ASTC specification (Khronos Data Format Specification,
 * ASTC chapter), written out below independently of the decoder:
 * - void-extent blocks: the 16-bit colour's top byte (LDR); an HDR void extent, reserved
 *   bits 10..11 other than 11 and a reserved block mode (all-zero block) give the error
 *   colour, magenta;
 * - one partition, RGBA direct (CEM 12), 8-bit endpoint values, a 4x4 grid of 2-bit weights
 *   (0, 21, 43, 64 by bit replication, "Weight Unquantization"), endpoints in order and
 *   swapped with blue contraction; channel = top byte of (E0 (64 - w) + E1 w + 32) / 64 with
 *   E = e * 257 (linear) or e << 8 | 0x80 (sRGB) ("Color Interpolation", unorm8 results);
 * - dual plane (alpha on the second plane, constant weights 0 and 64);
 * - every 2D block size of the LDR profile, from void-extent blocks of different colours;
 * - the SRGB8_ALPHA8 formats: the same texels converted from sRGB by the texture unit;
 * then the errors of the extension and ES 2.0.
 * Rounding of the sampled value to the RGBA8 pbuffer as in test_tex_formats_gl.c. */
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

static double want[H][W][4];

static void expect_error(GLenum e, const char *what)
{
   GLenum got = glGetError();
   check(got == e, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got, (unsigned)e);
}

/* The pbuffer's byte for a sampled value (fp16 pixel export, then round to nearest). */
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

/* Sets bits [pos, pos + n) of a 128-bit little-endian block to v. */
static void put(uint8_t *b, unsigned pos, unsigned n, uint64_t v)
{
   for (unsigned i = 0; i < n; i++, pos++) {
      b[pos / 8] &= (uint8_t)~(1u << (pos % 8));
      b[pos / 8] |= (uint8_t)(((v >> i) & 1) << (pos % 8));
   }
}

/* Void-extent block: block mode 0x1FC, bit 9 = HDR, bits 10..11 reserved (`rsv`), extent
 * all ones (no extent), 16-bit R, G, B, A at bits 64.. */
static void void_extent(uint8_t *b, bool hdr, unsigned rsv, const uint16_t c[4])
{
   memset(b, 0, 16);
   put(b, 0, 9, 0x1FC);
   put(b, 9, 1, hdr);
   put(b, 10, 2, rsv);
   put(b, 12, 52, ~0ull);
   for (unsigned i = 0; i < 4; i++)
      put(b, 64 + 16 * i, 16, c[i]);
}

/* Weight index of texel (x, y) in the hand-made CEM 12 blocks. */
static unsigned pattern_index(unsigned x, unsigned y)
{
   return (x + 2 * y) % 4;
}

/* One partition, CEM 12 (RGBA direct), block mode 0x042: bits 1..0 = 10 and bit 4 = 0 give
 * R = 100 (weights 0..3, 2 bits), bits 3..2 = 00 a grid (B + 4) x (A + 2) with B = 0,
 * A = 2: 4x4, H = D = 0. 16 x 2 = 32 weight bits leave 128 - 32 - 17 = 79 bits for the 8
 * endpoint values: the largest range that fits is 0..255 (64 bits), values as they are,
 * from bit 17 in the order r0 r1 g0 g1 b0 b1 a0 a1. Weight k's bit i is block bit
 * 127 - (2 k + i) (weights are stored bit-reversed from the top). */
static void cem12_block(uint8_t *b, const uint8_t v[8])
{
   memset(b, 0, 16);
   put(b, 0, 11, 0x042);
   put(b, 11, 2, 0);
   put(b, 13, 4, 12);
   for (unsigned i = 0; i < 8; i++)
      put(b, 17 + 8 * i, 8, v[i]);
   for (unsigned k = 0; k < 16; k++) {
      unsigned w = pattern_index(k % 4, k / 4);
      for (unsigned i = 0; i < 2; i++)
         put(b, 127 - (2 * k + i), 1, (w >> i) & 1);
   }
}

/* Dual plane, CEM 12: block mode 0x402 (R = 100, grid 4 x 2, D = 1): 16 weights of 2 bits
 * interleaved plane 0, plane 1 per grid point; the colour component selector (2 bits, 3 =
 * alpha) lies just below the weights at bits 94..95; plane 0 weights 0 and plane 1 weights
 * 3 (= 64). 77 bits remain for the 8 values: 8 bits each. */
static void dual_plane_block(uint8_t *b, const uint8_t v[8])
{
   memset(b, 0, 16);
   put(b, 0, 11, 0x402);
   put(b, 13, 4, 12);
   for (unsigned i = 0; i < 8; i++)
      put(b, 17 + 8 * i, 8, v[i]);
   put(b, 94, 2, 3);
   for (unsigned k = 0; k < 16; k++)
      put(b, 127 - 2 * k - 1, 2, k % 2 ? 3 : 0);   /* bit-reversed 2-bit values: 11 or 00 */
}

static double srgb_to_linear(double v)
{
   return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/* The texture unit's value for a decoded byte (sRGB: R, G, B converted to linear). */
static void set_want(unsigned x, unsigned y, const unsigned c[4], bool srgb)
{
   for (unsigned i = 0; i < 4; i++)
      want[y][x][i] = srgb && i < 3 ? srgb_to_linear(c[i] / 255.0) : c[i] / 255.0;
}

/* Interpolated byte of endpoints e0, e1 at weight w (0..64). */
static unsigned lerp_byte(unsigned e0, unsigned e1, unsigned w, bool srgb)
{
   unsigned c0 = srgb ? e0 << 8 | 0x80 : e0 * 257, c1 = srgb ? e1 << 8 | 0x80 : e1 * 257;
   return ((c0 * (64 - w) + c1 * w + 32) / 64) >> 8;
}

static const uint16_t ve_colour[4] = { 0x1234, 0x80FF, 0xFFFF, 0x7F00 };
static const unsigned magenta[4] = { 255, 0, 255, 255 };
/* In order (sum of the second endpoint's RGB 450 >= 60) and swapped (60 < 350): then
 * e0 = blue_contract(v1, v3, v5, v7) = ((10 + 30) >> 1, (20 + 30) >> 1, 30, 0) and
 * e1 = blue_contract(v0, v2, v4, v6) = ((200 + 50) >> 1, (100 + 50) >> 1, 50, 255). */
static const uint8_t in_order[8] = { 10, 200, 20, 150, 30, 100, 40, 250 };
static const unsigned in_order_e[2][4] = { { 10, 20, 30, 40 }, { 200, 150, 100, 250 } };
static const uint8_t swapped[8] = { 200, 10, 100, 20, 50, 30, 255, 0 };
static const unsigned swapped_e[2][4] = { { 20, 25, 30, 0 }, { 125, 75, 50, 255 } };

/* An 8x8 image of four 4x4 blocks, and its expected texels. Image 0: LDR void extent, HDR
 * void extent, all-zero block, CEM 12 in order; image 1: dual plane, void extent with
 * reserved bits 00, CEM 12 swapped, CEM 12 in order. */
static void four_blocks(unsigned image, bool srgb, uint8_t blocks[64])
{
   static const unsigned weights[4] = { 0, 21, 43, 64 };
   if (image == 0) {
      void_extent(blocks, false, 3, ve_colour);
      void_extent(blocks + 16, true, 3, ve_colour);
      memset(blocks + 32, 0, 16);
      cem12_block(blocks + 48, in_order);
   } else {
      dual_plane_block(blocks, in_order);
      void_extent(blocks + 16, false, 0, ve_colour);
      cem12_block(blocks + 32, swapped);
      cem12_block(blocks + 48, in_order);
   }
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         unsigned block = (y / 4) * 2 + x / 4, c[4];
         const unsigned (*e)[4] = image == 1 && block == 2 ? swapped_e : in_order_e;
         for (unsigned i = 0; i < 4; i++) {
            if (image == 0 && block == 0)
               c[i] = ve_colour[i] >> 8;
            else if ((image == 0 && (block == 1 || block == 2)) || (image == 1 && block == 1))
               c[i] = magenta[i];
            else if (image == 1 && block == 0)
               c[i] = i == 3 ? lerp_byte(e[0][i], e[1][i], 64, srgb)
                             : lerp_byte(e[0][i], e[1][i], 0, srgb);
            else
               c[i] = lerp_byte(e[0][i], e[1][i], weights[pattern_index(x % 4, y % 4)], srgb);
         }
         set_want(x, y, c, srgb);
      }
}

static void test_hand_blocks(void)
{
   static const char *const names[2][2] = { { "ASTC 4x4 void extent / error / CEM 12",
                                              "ASTC 4x4 dual plane / reserved / blue contract" },
                                            { "sRGB ASTC 4x4 void extent / error / CEM 12",
                                              "sRGB ASTC 4x4 dual plane / reserved / blue contract" } };
   for (unsigned srgb = 0; srgb < 2; srgb++)
      for (unsigned image = 0; image < 2; image++) {
         uint8_t blocks[64];
         four_blocks(image, srgb, blocks);
         GLuint t = new_texture();
         glCompressedTexImage2D(GL_TEXTURE_2D, 0,
                                srgb ? GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR
                                     : GL_COMPRESSED_RGBA_ASTC_4x4_KHR,
                                W, H, 0, sizeof(blocks), blocks);
         check_gl(names[srgb][image]);
         check_draw(names[srgb][image]);
         glDeleteTextures(1, &t);
      }
}

static const struct { GLenum rgba, srgb; unsigned bw, bh; } sizes[14] = {
#define SIZE(w, h) { GL_COMPRESSED_RGBA_ASTC_##w##x##h##_KHR, \
                     GL_COMPRESSED_SRGB8_ALPHA8_ASTC_##w##x##h##_KHR, w, h }
   SIZE(4, 4), SIZE(5, 4), SIZE(5, 5), SIZE(6, 5), SIZE(6, 6), SIZE(8, 5), SIZE(8, 6),
   SIZE(8, 8), SIZE(10, 5), SIZE(10, 6), SIZE(10, 8), SIZE(10, 10), SIZE(12, 10), SIZE(12, 12),
#undef SIZE
};

/* Every block size: an 8x8 image of ceil(8 / bw) x ceil(8 / bh) void-extent blocks, block
 * (i, j) of colour (40 i + 7, 50 j + 11, 90 + 30 (i + j), 255) in the top bytes. */
static void test_block_sizes(void)
{
   for (unsigned s = 0; s < 14; s++) {
      unsigned bw = sizes[s].bw, bh = sizes[s].bh, nx = (W + bw - 1) / bw, ny = (H + bh - 1) / bh;
      uint8_t blocks[4 * 16];
      for (unsigned j = 0; j < ny; j++)
         for (unsigned i = 0; i < nx; i++) {
            const uint16_t c[4] = { (uint16_t)((40 * i + 7) << 8 | 0x55),
                                    (uint16_t)((50 * j + 11) << 8 | 0xAA),
                                    (uint16_t)((90 + 30 * (i + j)) << 8), 0xFFFF };
            void_extent(blocks + (j * nx + i) * 16, false, 3, c);
         }
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            unsigned i = x / bw, j = y / bh;
            const unsigned c[4] = { 40 * i + 7, 50 * j + 11, 90 + 30 * (i + j), 255 };
            set_want(x, y, c, false);
         }
      char what[64];
      snprintf(what, sizeof(what), "ASTC %ux%u void-extent blocks", bw, bh);
      GLuint t = new_texture();
      glCompressedTexImage2D(GL_TEXTURE_2D, 0, sizes[s].rgba, W, H, 0, (GLsizei)(nx * ny * 16),
                             blocks);
      check_gl(what);
      check_draw(what);
      glDeleteTextures(1, &t);
   }
}

/* 5x4 blocks on an 8x8 image (2 x 2 blocks): sub-images on the block grid, and the errors. */
static void test_sub_image_and_errors(void)
{
   uint8_t blocks[64], one[16];
   four_blocks(0, false, blocks);   /* want[][] is replaced below */
   static const uint16_t grey[4] = { 0x8000, 0x8000, 0x8000, 0xFFFF };
   static const uint16_t blue[4] = { 0, 0, 0xFFFF, 0xFFFF };
   for (unsigned k = 0; k < 4; k++)
      void_extent(blocks + 16 * k, false, 3, grey);
   void_extent(one, false, 3, blue);
   GLuint t = new_texture();
   GLenum f = GL_COMPRESSED_RGBA_ASTC_5x4_KHR;
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, f, W, H, 0, 63, blocks);
   expect_error(GL_INVALID_VALUE, "ASTC 5x4 8x8 imageSize 63 for 64");
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, f, W, H, 0, 64, blocks);
   check_gl("ASTC 5x4 8x8");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 5, 4, 3, 4, f, 16, one);
   check_gl("ASTC 5x4 sub-image at (5, 4), 3 x 4 up to the edge");
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         const unsigned g[4] = { 128, 128, 128, 255 }, b[4] = { 0, 0, 255, 255 };
         set_want(x, y, x >= 5 && y >= 4 ? b : g, false);
      }
   check_draw("ASTC 5x4 after the sub-image");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4, f, 16, one);
   expect_error(GL_INVALID_OPERATION, "ASTC 5x4 sub-image at x = 4");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 3, 4, f, 16, one);
   expect_error(GL_INVALID_OPERATION, "ASTC 5x4 sub-image 3 wide inside the image");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 5, 4, f, 15, one);
   expect_error(GL_INVALID_VALUE, "ASTC 5x4 sub-image imageSize 15");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 5, 4, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 16, one);
   expect_error(GL_INVALID_OPERATION, "ASTC sub-image in another block size");
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 5, 4, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_5x4_KHR,
                             16, one);
   expect_error(GL_INVALID_OPERATION, "ASTC sub-image in the sRGB format");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, one);
   expect_error(GL_INVALID_OPERATION, "glTexSubImage2D into an ASTC level");
   glGenerateMipmap(GL_TEXTURE_2D);
   expect_error(GL_INVALID_OPERATION, "glGenerateMipmap of an ASTC level");
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
   expect_error(GL_INVALID_OPERATION, "glCopyTexSubImage2D into an ASTC level");
   check_draw("ASTC 5x4 unchanged by the failed calls");
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)f, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_error(GL_INVALID_OPERATION, "glTexImage2D with an ASTC internal format");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, f, 0, 0, 4, 4, 0);
   expect_error(GL_INVALID_OPERATION, "glCopyTexImage2D with an ASTC internal format");
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_3x3x3_OES, 3, 3, 0, 16, one);
   expect_error(GL_INVALID_ENUM, "3D ASTC format (OES_texture_compression_astc) on ES 2.0");
   glDeleteTextures(1, &t);
   GLuint cube;
   glGenTextures(1, &cube);
   glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
   glCompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 3,
                          0, 16, one);
   expect_error(GL_INVALID_VALUE, "ASTC cube face 4 x 3");
   glDeleteTextures(1, &cube);
   glBindTexture(GL_TEXTURE_2D, 0);

   /* The extension keeps its formats out of GL_COMPRESSED_TEXTURE_FORMATS. */
   GLint n = 0, list[64] = { 0 };
   glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, list);
   for (int k = 0; k < n && k < 64; k++)
      check(!((list[k] >= 0x93B0 && list[k] <= 0x93BD) || (list[k] >= 0x93D0 && list[k] <= 0x93DD)),
            "GL_COMPRESSED_TEXTURE_FORMATS lists ASTC format 0x%04x", (unsigned)list[k]);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(ext && strstr(ext, "GL_KHR_texture_compression_astc_ldr "),
         "GL_EXTENSIONS has GL_KHR_texture_compression_astc_ldr");
   check(ext && !strstr(ext, "GL_KHR_texture_compression_astc_hdr"),
         "GL_EXTENSIONS has no GL_KHR_texture_compression_astc_hdr");
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", NULL };
   GLuint prog = egl_fixture_program(vs_2d, fs_2d, attribs);
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
   test_hand_blocks();
   test_block_sizes();
   test_sub_image_and_errors();
   egl_fixture_fini(&f);
   return check_report();
}
