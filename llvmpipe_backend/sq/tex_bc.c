/* BC1..BC3 decoding (tex_bc.h), after the block layouts of the EXT_texture_compression_s3tc
 * specification (docs/r600-hardware-notes.md, "Block-compressed textures"):
 *
 * - Colour block (8 bytes): color0, color1 as little-endian RGB565 (R in bits 15:11), then
 *   a little-endian 32-bit word of 2-bit codes, texel (i, j) at bits 2 (4 j + i). The
 *   endpoints are widened to 8 bits by bit replication (r5 -> r5 << 3 | r5 >> 2). With
 *   color0 > color1 (as 16-bit integers), or always in BC2 / BC3: code 0 = color0, 1 =
 *   color1, 2 = (2 color0 + color1) / 3, 3 = (color0 + 2 color1) / 3, alpha 1. Otherwise
 *   (BC1 only) code 2 = (color0 + color1) / 2 and code 3 = transparent black (0, 0, 0, 0).
 * - BC2: 8 bytes of explicit alpha first, a little-endian 64-bit word of 4-bit values,
 *   texel (i, j) at bits 4 (4 j + i), alpha = a / 15; then the colour block.
 * - BC3: alpha0, alpha1 (bytes), a little-endian 48-bit word of 3-bit codes, texel (i, j)
 *   at bits 3 (4 j + i); then the colour block. Code 0 = alpha0, 1 = alpha1; with alpha0 >
 *   alpha1 codes 2..7 = ((8 - c) alpha0 + (c - 1) alpha1) / 7, else codes 2..5 = ((6 - c)
 *   alpha0 + (c - 1) alpha1) / 5, 6 = 0, 7 = 255.
 *
 * Values are the exact quotients divided by 255 (hardware rounds the interpolation to a
 * few bits; the exact value is what the specification writes). */
#include "r600_regs.h"
#include "sq/tex_bc.h"

#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n

unsigned sim_bc_block_bytes(uint32_t code)
{
   switch (code) {
   case FMT(BC1): return 8;
   case FMT(BC2): case FMT(BC3): return 16;
   default: return 0;
   }
}

static uint64_t le(const uint8_t *p, unsigned n)
{
   uint64_t v = 0;
   for (unsigned k = 0; k < n; k++)
      v |= (uint64_t)p[k] << (8 * k);
   return v;
}

/* An RGB565 endpoint widened to three 8-bit values. */
static void endpoint(uint32_t c, unsigned out[3])
{
   unsigned r = c >> 11 & 31, g = c >> 5 & 63, b = c & 31;
   out[0] = r << 3 | r >> 2;
   out[1] = g << 2 | g >> 4;
   out[2] = b << 3 | b >> 2;
}

static void colour(const uint8_t *b, unsigned texel, bool four_always, double rgba[4])
{
   uint32_t c0 = (uint32_t)le(b, 2), c1 = (uint32_t)le(b + 2, 2);
   unsigned code = (unsigned)(le(b + 4, 4) >> (2 * texel)) & 3;
   unsigned e0[3], e1[3];
   endpoint(c0, e0);
   endpoint(c1, e1);
   bool four = four_always || c0 > c1;
   rgba[3] = 1.0;
   for (unsigned k = 0; k < 3; k++) {
      switch (code) {
      case 0: rgba[k] = e0[k] / 255.0; break;
      case 1: rgba[k] = e1[k] / 255.0; break;
      case 2: rgba[k] = four ? (2.0 * e0[k] + e1[k]) / 765.0 : (double)(e0[k] + e1[k]) / 510.0; break;
      default:
         rgba[k] = four ? (e0[k] + 2.0 * e1[k]) / 765.0 : 0.0;
         if (!four)
            rgba[3] = 0.0;
         break;
      }
   }
}

static double bc3_alpha(const uint8_t *b, unsigned texel)
{
   unsigned a0 = b[0], a1 = b[1];
   unsigned code = (unsigned)(le(b + 2, 6) >> (3 * texel)) & 7;
   if (code == 0)
      return a0 / 255.0;
   if (code == 1)
      return a1 / 255.0;
   if (a0 > a1)
      return ((8.0 - code) * a0 + (code - 1.0) * a1) / (7.0 * 255.0);
   if (code >= 6)
      return code == 6 ? 0.0 : 1.0;
   return ((6.0 - code) * a0 + (code - 1.0) * a1) / (5.0 * 255.0);
}

void sim_bc_texel(uint32_t code, const uint8_t *block, unsigned i, unsigned j, double rgba[4])
{
   unsigned texel = 4 * j + i;
   switch (code) {
   case FMT(BC1):
      colour(block, texel, false, rgba);
      break;
   case FMT(BC2):
      colour(block + 8, texel, true, rgba);
      rgba[3] = (double)(le(block, 8) >> (4 * texel) & 15) / 15.0;
      break;
   default:
      colour(block + 8, texel, true, rgba);
      rgba[3] = bc3_alpha(block, texel);
      break;
   }
}
