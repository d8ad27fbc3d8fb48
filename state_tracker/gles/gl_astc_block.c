/* ASTC block decoding (gl_astc.h): block mode, void extent, block layout and texel colours.
 *
 * Layout of a 128-bit block (bit 0 = bit 0 of byte 0): bits 0..10 the block mode (weight
 * grid size, weight range, dual plane), bits 11..12 the partition count - 1, then one colour
 * endpoint mode (CEM) in bits 13..16, or (2..4 partitions) a 10-bit partition index in bits
 * 13..22 and a CEM field in bits 23..28 whose rest lies below the weights; the colour
 * endpoint values follow (ISE) and the weights are stored bit-reversed from bit 127 down.
 * An illegal encoding decodes to the error colour (magenta) everywhere in the block
 * ("Illegal Encodings"). */
#include "gl_astc.h"

#include <string.h>

#include "gl_astc_internal.h"

static const uint8_t error_colour[4] = { 255, 0, 255, 255 };

static void fill(uint8_t *out, unsigned texels, const uint8_t c[4])
{
   for (unsigned t = 0; t < texels; t++)
      memcpy(out + t * 4, c, 4);
}

/* The block mode: weight grid gw x gh, weight range index, dual plane ("Block Mode";
 * false for a reserved one). R is the 3-bit range field, H its precision bit. */
struct block_mode {
   unsigned gw, gh, range, planes;
};

static bool block_mode(unsigned m, struct block_mode *bm)
{
   unsigned r, a = (m >> 5) & 3, b, h = (m >> 9) & 1, d = (m >> 10) & 1;
   if (m & 3) {
      r = ((m >> 4) & 1) | (m & 3) << 1;
      b = (m >> 7) & 3;
      switch ((m >> 2) & 3) {
      case 0: bm->gw = b + 4, bm->gh = a + 2; break;
      case 1: bm->gw = b + 8, bm->gh = a + 2; break;
      case 2: bm->gw = a + 2, bm->gh = b + 8; break;
      default:
         b &= 1;
         if (m & 0x100)
            bm->gw = b + 2, bm->gh = a + 2;
         else
            bm->gw = a + 2, bm->gh = b + 6;
         break;
      }
   } else {
      r = ((m >> 4) & 1) | ((m >> 2) & 3) << 1;
      if (r < 2)
         return false;
      b = (m >> 9) & 3;
      switch ((m >> 7) & 3) {
      case 0: bm->gw = 12, bm->gh = a + 2; break;
      case 1: bm->gw = a + 2, bm->gh = 12; break;
      case 2:
         bm->gw = a + 6, bm->gh = b + 6;
         h = d = 0;
         break;
      default:
         if (a == 0)
            bm->gw = 6, bm->gh = 10;
         else if (a == 1)
            bm->gw = 10, bm->gh = 6;
         else
            return false;
         break;
      }
   }
   bm->range = (r - 2) + 6 * h;
   bm->planes = d + 1;
   return true;
}

/* Void-extent block: one colour for the whole block, 16-bit UNORM channels in bits 64..127
 * (LDR; bit 9 set means fp16 HDR values: the error colour). Bits 10..11 must be 1 and the
 * extent (four 13-bit coordinates from bit 12) a non-empty rectangle or all ones. */
static void void_extent(const uint8_t *block, unsigned texels, uint8_t *out)
{
   unsigned s0 = astc_bits(block, 12, 13), s1 = astc_bits(block, 25, 13);
   unsigned t0 = astc_bits(block, 38, 13), t1 = astc_bits(block, 51, 13);
   bool all_ones = s0 == 0x1FFF && s1 == 0x1FFF && t0 == 0x1FFF && t1 == 0x1FFF;
   if (astc_bits(block, 9, 1) || astc_bits(block, 10, 2) != 3 ||
       ((s0 >= s1 || t0 >= t1) && !all_ones)) {
      fill(out, texels, error_colour);
      return;
   }
   uint8_t c[4];
   for (unsigned i = 0; i < 4; i++)
      c[i] = block[9 + 2 * i];   /* the top byte of each 16-bit value */
   fill(out, texels, c);
}

/* The block's 128 bits in reverse order (the weights read forwards from bit 0). */
static void reversed(const uint8_t *block, uint8_t out[16])
{
   for (unsigned i = 0; i < 16; i++) {
      uint8_t v = block[15 - i], r = 0;
      for (unsigned k = 0; k < 8; k++)
         r |= (uint8_t)(((v >> k) & 1) << (7 - k));
      out[i] = r;
   }
}

/* One channel of a texel: endpoints widened to 16 bits (sRGB: c << 8 | 0x80, else c * 257),
 * interpolated by weight w / 64, the top 8 bits ("Color Interpolation" with the unorm8
 * decode mode). */
static uint8_t interpolate(unsigned c0, unsigned c1, unsigned w, bool srgb)
{
   c0 = srgb ? c0 << 8 | 0x80 : c0 * 257;
   c1 = srgb ? c1 << 8 | 0x80 : c1 * 257;
   return (uint8_t)(((c0 * (64 - w) + c1 * w + 32) / 64) >> 8);
}

void gl_astc_decode_block(const uint8_t block[GL_ASTC_BLOCK_BYTES], unsigned bw, unsigned bh,
                          bool srgb, uint8_t *out)
{
   unsigned texels = bw * bh;
   unsigned mode = astc_bits(block, 0, 11);
   if ((mode & 0x1FF) == 0x1FC) {
      void_extent(block, texels, out);
      return;
   }
   struct block_mode bm;
   unsigned partitions = astc_bits(block, 11, 2) + 1;
   if (!block_mode(mode, &bm) || bm.gw > bw || bm.gh > bh ||
       (bm.planes == 2 && partitions == 4)) {
      fill(out, texels, error_colour);
      return;
   }
   unsigned weights = bm.gw * bm.gh * bm.planes;
   struct astc_range wr = astc_range_of(bm.range);
   unsigned weight_bits = astc_ise_size(wr, weights);
   if (weights > 64 || weight_bits < 24 || weight_bits > 96) {
      fill(out, texels, error_colour);
      return;
   }

   /* Colour endpoint modes, and where the endpoint values start and end. */
   unsigned cem[4], seed = 0, start, end = 128 - weight_bits;
   if (partitions == 1) {
      cem[0] = astc_bits(block, 13, 4);
      start = 17;
   } else {
      seed = astc_bits(block, 13, 10);
      unsigned field = astc_bits(block, 23, 6);
      start = 29;
      if ((field & 3) == 0) {
         for (unsigned p = 0; p < partitions; p++)
            cem[p] = field >> 2;
      } else {
         /* Class (field & 3) - 1 or one above it per partition (bits C), then a 2-bit mode
          * each (bits M): 2 + 3 partitions bits, the first 6 here, the rest below the
          * weights. */
         unsigned more = 3 * partitions - 4;
         end -= more;
         unsigned all = field | astc_bits(block, end, more) << 6;
         for (unsigned p = 0; p < partitions; p++)
            cem[p] = (((field & 3) - 1 + ((all >> (2 + p)) & 1)) << 2) |
                     ((all >> (2 + partitions + 2 * p)) & 3);
      }
   }
   unsigned ccs = 0;
   if (bm.planes == 2) {
      end -= 2;
      ccs = astc_bits(block, end, 2);   /* the channel of the second plane */
   }
   unsigned values = 0;
   for (unsigned p = 0; p < partitions; p++)
      values += 2 * (cem[p] / 4 + 1);
   /* The largest colour range whose values fit in the bits left; below 0..5 (13 bits per
    * five values), or more than 18 values, the block is illegal. */
   unsigned range = ASTC_RANGE_COUNT;
   while (range > 4 && astc_ise_size(astc_range_of(range - 1), values) > end - start)
      range--;
   if (values > 18 || range == 4 || end < start) {
      fill(out, texels, error_colour);
      return;
   }
   struct astc_range cr = astc_range_of(range - 1);
   uint8_t v[18], e[4][2][4];
   bool ldr[4];
   astc_ise_decode(block, start, cr, values, v);
   for (unsigned i = 0; i < values; i++)
      v[i] = astc_unquantize_colour(cr, v[i]);
   for (unsigned p = 0, first = 0; p < partitions; first += 2 * (cem[p] / 4 + 1), p++)
      ldr[p] = astc_endpoints(cem[p], v + first, e[p][0], e[p][1]);

   uint8_t rev[16], grid[64];
   reversed(block, rev);
   astc_ise_decode(rev, 0, wr, weights, grid);
   for (unsigned i = 0; i < weights; i++)
      grid[i] = astc_unquantize_weight(wr, grid[i]);

   for (unsigned y = 0; y < bh; y++)
      for (unsigned x = 0; x < bw; x++) {
         uint8_t *texel = out + (y * bw + x) * 4;
         unsigned p = partitions > 1 ? astc_partition(seed, x, y, partitions, texels) : 0;
         if (!ldr[p]) {
            memcpy(texel, error_colour, 4);   /* an HDR mode in the LDR profile */
            continue;
         }
         unsigned w[2];
         for (unsigned k = 0; k < bm.planes; k++)
            w[k] = astc_infill(grid, bm.gw, bm.gh, bm.planes, k, bw, bh, x, y);
         for (unsigned c = 0; c < 4; c++)
            texel[c] = interpolate(e[p][0][c], e[p][1][c],
                                   bm.planes == 2 && c == ccs ? w[1] : w[0], srgb);
      }
}

void gl_astc_decode(const uint8_t *data, unsigned bw, unsigned bh, bool srgb, unsigned w,
                    unsigned h, uint8_t *out, unsigned stride)
{
   uint8_t texels[12 * 12 * 4];
   unsigned blocks_x = (w + bw - 1) / bw;
   for (unsigned by = 0; by * bh < h; by++)
      for (unsigned bx = 0; bx < blocks_x; bx++) {
         gl_astc_decode_block(data + ((size_t)by * blocks_x + bx) * GL_ASTC_BLOCK_BYTES, bw, bh,
                              srgb, texels);
         for (unsigned y = 0; y < bh && by * bh + y < h; y++) {
            unsigned n = w - bx * bw < bw ? w - bx * bw : bw;
            memcpy(out + (size_t)(by * bh + y) * stride + (size_t)bx * bw * 4,
                   texels + y * bw * 4, n * 4);
         }
      }
}
