/* ETC1 decoding (gl_etc1.h), after the block format of the OES_compressed_ETC1_RGB8_texture
 * specification. A block is a big-endian 64-bit word: bits 63..40 hold two base colours
 * (individual mode: two 4-bit values per channel, R1 R2 G1 G2 B1 B2, widened by x * 17;
 * differential mode: a 5-bit value and a signed 3-bit delta per channel, base 2 = base 1 +
 * delta, widened by bit replication), bits 39..37 / 36..34 the modifier table of sub-block
 * 1 / 2, bit 33 the mode (1 = differential), bit 32 the flip (0: two 2x4 sub-blocks side by
 * side, 1: two 4x2 sub-blocks one above the other), bits 31..0 two bits per texel: texel
 * (x, y) is k = 4 x + y, its index = bit (16 + k) * 2 + bit k, selecting +a, +b, -a, -b of
 * the sub-block's table row (a, b); each channel is base + modifier clamped to 0..255. */
#include "gl_etc1.h"

#include <stdbool.h>

static const int modifiers[8][2] = { { 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 },
                                     { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 } };

static int clamp255(int v)
{
   return v < 0 ? 0 : v > 255 ? 255 : v;
}

/* The two base colours of a block. */
static void bases(const uint8_t *b, int base[2][3])
{
   bool diff = b[3] & 2;
   for (unsigned c = 0; c < 3; c++) {
      if (!diff) {
         base[0][c] = (b[c] >> 4) * 17;
         base[1][c] = (b[c] & 15) * 17;
      } else {
         int v = b[c] >> 3, d = b[c] & 7;
         int v2 = (v + (d >= 4 ? d - 8 : d)) & 31;   /* valid streams stay in 0..31 */
         base[0][c] = v << 3 | v >> 2;
         base[1][c] = v2 << 3 | v2 >> 2;
      }
   }
}

static void decode_block(const uint8_t *b, uint8_t texels[4][4][4])
{
   int base[2][3];
   bases(b, base);
   unsigned table[2] = { b[3] >> 5, (b[3] >> 2) & 7 };
   bool flip = b[3] & 1;
   uint32_t bits = (uint32_t)b[4] << 24 | (uint32_t)b[5] << 16 | (uint32_t)b[6] << 8 | b[7];
   for (unsigned x = 0; x < 4; x++)
      for (unsigned y = 0; y < 4; y++) {
         unsigned k = 4 * x + y, sub = flip ? y >= 2 : x >= 2;
         unsigned index = (bits >> (16 + k) & 1) << 1 | (bits >> k & 1);
         int m = modifiers[table[sub]][index & 1];
         if (index & 2)
            m = -m;
         for (unsigned c = 0; c < 3; c++)
            texels[y][x][c] = (uint8_t)clamp255(base[sub][c] + m);
         texels[y][x][3] = 255;
      }
}

void gl_etc1_decode(const uint8_t *data, unsigned w, unsigned h, uint8_t *out, unsigned stride)
{
   unsigned bw = (w + 3) / 4, bh = (h + 3) / 4;
   for (unsigned by = 0; by < bh; by++)
      for (unsigned bx = 0; bx < bw; bx++) {
         uint8_t texels[4][4][4];
         decode_block(data + ((uint64_t)by * bw + bx) * GL_ETC1_BLOCK_BYTES, texels);
         for (unsigned y = 0; y < 4 && by * 4 + y < h; y++)
            for (unsigned x = 0; x < 4 && bx * 4 + x < w; x++) {
               uint8_t *p = out + (uint64_t)(by * 4 + y) * stride + (uint64_t)(bx * 4 + x) * 4;
               for (unsigned c = 0; c < 4; c++)
                  p[c] = texels[y][x][c];
            }
      }
}
