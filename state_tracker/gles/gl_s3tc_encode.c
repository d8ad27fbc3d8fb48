/* S3TC block encoding (EXT_texture_compression_s3tc's block layouts, little endian):
 *  - colour block (DXT1, and the second half of DXT3 / DXT5): RGB565 colour0, colour1, then
 *    2-bit indices, texel (i, j) at bit 2 * (4j + i). colour0 > colour1 selects four colours
 *    (c0, c1, (2c0 + c1) / 3, (c0 + 2c1) / 3); otherwise three and index 3 is black
 *    (transparent black in DXT1 RGBA).
 *  - DXT3 alpha: 4 bits per texel at bit 4 * (4j + i) of the first 64 bits.
 *  - DXT5 alpha: alpha0, alpha1, then 3-bit indices at bit 3 * (4j + i); alpha0 > alpha1
 *    selects eight values (a0, a1 and six in between).
 * The encoder is simple rather than optimal: the two texels farthest apart in RGB are the
 * end points, every texel takes the nearest palette entry. */
#include "gl_s3tc_encode.h"

#include <stdbool.h>
#include <string.h>

static unsigned to565(const uint8_t c[4])
{
   return ((c[0] * 31u + 127) / 255) << 11 | ((c[1] * 63u + 127) / 255) << 5 |
          (c[2] * 31u + 127) / 255;
}

static void from565(unsigned v, int out[3])
{
   unsigned r = v >> 11, g = (v >> 5) & 63, b = v & 31;
   out[0] = (int)(r << 3 | r >> 2);
   out[1] = (int)(g << 2 | g >> 4);
   out[2] = (int)(b << 3 | b >> 2);
}

static int dist2(const int a[3], const uint8_t b[4])
{
   int d = 0;
   for (int k = 0; k < 3; k++)
      d += (a[k] - b[k]) * (a[k] - b[k]);
   return d;
}

/* The 8-byte colour block; punch_through: DXT1 RGBA, whose texels with alpha < 128 become
 * index 3 of the three-colour mode. */
static void encode_color(const uint8_t t[16][4], bool punch_through, uint8_t *out)
{
   bool any_clear = false;
   int first = -1;
   for (int i = 0; i < 16; i++) {
      bool clear = punch_through && t[i][3] < 128;
      any_clear |= clear;
      if (!clear && first < 0)
         first = i;
   }
   int e0 = first < 0 ? 0 : first, e1 = e0, best = -1;
   for (int i = 0; i < 16 && first >= 0; i++)
      for (int j = i + 1; j < 16; j++) {
         if (punch_through && (t[i][3] < 128 || t[j][3] < 128))
            continue;
         int a[3] = { t[i][0], t[i][1], t[i][2] };
         int d = dist2(a, t[j]);
         if (d > best)
            best = d, e0 = i, e1 = j;
      }
   unsigned c0 = to565(t[e0]), c1 = to565(t[e1]);
   /* Three-colour mode (c0 <= c1) when some texel is transparent, else four (c0 > c1). */
   if (any_clear ? c0 > c1 : c0 < c1) {
      unsigned s = c0;
      c0 = c1, c1 = s;
   }
   int pal[4][3];
   from565(c0, pal[0]);
   from565(c1, pal[1]);
   bool four = c0 > c1;
   for (int k = 0; k < 3; k++) {
      pal[2][k] = four ? (2 * pal[0][k] + pal[1][k]) / 3 : (pal[0][k] + pal[1][k]) / 2;
      pal[3][k] = four ? (pal[0][k] + 2 * pal[1][k]) / 3 : 0;
   }
   uint32_t indices = 0;
   for (int i = 0; i < 16; i++) {
      unsigned idx = 0;
      if (punch_through && t[i][3] < 128) {
         idx = 3;
      } else if (c0 != c1) {
         int d = dist2(pal[0], t[i]);
         for (unsigned p = 1; p < (four ? 4u : 3u); p++) {
            int dp = dist2(pal[p], t[i]);
            if (dp < d)
               d = dp, idx = p;
         }
      }
      indices |= (uint32_t)idx << (2 * i);
   }
   out[0] = (uint8_t)c0, out[1] = (uint8_t)(c0 >> 8);
   out[2] = (uint8_t)c1, out[3] = (uint8_t)(c1 >> 8);
   for (int k = 0; k < 4; k++)
      out[4 + k] = (uint8_t)(indices >> (8 * k));
}

static void encode_alpha4(const uint8_t t[16][4], uint8_t *out)
{
   memset(out, 0, 8);
   for (int i = 0; i < 16; i++)
      out[i / 2] |= (uint8_t)(((t[i][3] * 15u + 127) / 255) << (4 * (i % 2)));
}

static void encode_alpha8(const uint8_t t[16][4], uint8_t *out)
{
   int a0 = 0, a1 = 255;
   for (int i = 0; i < 16; i++) {
      a0 = t[i][3] > a0 ? t[i][3] : a0;
      a1 = t[i][3] < a1 ? t[i][3] : a1;
   }
   int pal[8] = { a0, a1 };
   for (int k = 1; k < 7; k++)
      pal[k + 1] = ((7 - k) * a0 + k * a1) / 7;
   uint64_t indices = 0;
   for (int i = 0; i < 16 && a0 != a1; i++) {
      unsigned idx = 0;
      int d = (pal[0] - t[i][3]) * (pal[0] - t[i][3]);
      for (unsigned p = 1; p < 8; p++) {
         int dp = (pal[p] - t[i][3]) * (pal[p] - t[i][3]);
         if (dp < d)
            d = dp, idx = p;
      }
      indices |= (uint64_t)idx << (3 * i);
   }
   out[0] = (uint8_t)a0, out[1] = (uint8_t)a1;
   for (int k = 0; k < 6; k++)
      out[2 + k] = (uint8_t)(indices >> (8 * k));
}

void gl_s3tc_encode_block(enum pipe_format format, const uint8_t texels[16][4], uint8_t *out)
{
   switch (format) {
   case PIPE_FORMAT_DXT3_RGBA:
      encode_alpha4(texels, out);
      encode_color(texels, false, out + 8);
      return;
   case PIPE_FORMAT_DXT5_RGBA:
      encode_alpha8(texels, out);
      encode_color(texels, false, out + 8);
      return;
   default:
      encode_color(texels, format == PIPE_FORMAT_DXT1_RGBA, out);
      return;
   }
}
