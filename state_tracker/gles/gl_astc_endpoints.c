/* ASTC colour endpoint modes of the LDR profile (gl_astc_internal.h; "Color Endpoint
 * Decoding"). v holds the mode's unquantized values (0..255) in their stored order; modes
 * 2, 3, 7, 11, 14 and 15 are HDR. Base + offset modes move the top bit of each offset value
 * into its base (bit_transfer_signed) and make the offset a signed 6-bit number; modes 8, 9,
 * 12, 13 swap the endpoints and "blue contract" them when the second endpoint's RGB sum is
 * below the first's (direct) or the offsets sum below 0 (base + offset). */
#include "gl_astc_internal.h"

static int clamp255(int v)
{
   return v < 0 ? 0 : v > 255 ? 255 : v;
}

/* bit_transfer_signed(a, b): *b takes a's top bit, *a becomes a signed 6-bit offset. */
static void bit_transfer_signed(int *a, int *b)
{
   *b = (*b >> 1) | (*a & 0x80);
   *a = (*a >> 1) & 0x3F;
   if (*a & 0x20)
      *a -= 0x40;
}

/* Halving that rounds towards minus infinity for negative sums too (the spec's >> 1). */
static int half(int v)
{
   return v >= 0 ? v / 2 : -((-v + 1) / 2);
}

static void set(int e[4], int r, int g, int b, int a)
{
   e[0] = r, e[1] = g, e[2] = b, e[3] = a;
}

static void blue_contract(int e[4], int r, int g, int b, int a)
{
   set(e, half(r + b), half(g + b), b, a);
}

bool astc_endpoints(unsigned cem, const uint8_t *in, uint8_t out0[4], uint8_t out1[4])
{
   int v[8], e0[4], e1[4];
   for (unsigned i = 0; i < 8; i++)
      v[i] = i < 2 * (cem / 4 + 1) ? in[i] : 0;
   switch (cem) {
   case 0:   /* luminance, direct */
      set(e0, v[0], v[0], v[0], 255);
      set(e1, v[1], v[1], v[1], 255);
      break;
   case 1: { /* luminance, base + offset */
      int l0 = (v[0] >> 2) | (v[1] & 0xC0);
      int l1 = l0 + (v[1] & 0x3F);
      l1 = l1 > 255 ? 255 : l1;
      set(e0, l0, l0, l0, 255);
      set(e1, l1, l1, l1, 255);
      break;
   }
   case 4:   /* luminance + alpha, direct */
      set(e0, v[0], v[0], v[0], v[2]);
      set(e1, v[1], v[1], v[1], v[3]);
      break;
   case 5:   /* luminance + alpha, base + offset */
      bit_transfer_signed(&v[1], &v[0]);
      bit_transfer_signed(&v[3], &v[2]);
      set(e0, v[0], v[0], v[0], v[2]);
      set(e1, v[0] + v[1], v[0] + v[1], v[0] + v[1], v[2] + v[3]);
      break;
   case 6:   /* RGB, base + scale */
      set(e0, (v[0] * v[3]) >> 8, (v[1] * v[3]) >> 8, (v[2] * v[3]) >> 8, 255);
      set(e1, v[0], v[1], v[2], 255);
      break;
   case 8:   /* RGB, direct */
   case 12:  /* RGBA, direct */
      if (cem == 8)
         v[6] = v[7] = 255;
      if (v[1] + v[3] + v[5] >= v[0] + v[2] + v[4]) {
         set(e0, v[0], v[2], v[4], v[6]);
         set(e1, v[1], v[3], v[5], v[7]);
      } else {
         blue_contract(e0, v[1], v[3], v[5], v[7]);
         blue_contract(e1, v[0], v[2], v[4], v[6]);
      }
      break;
   case 9:   /* RGB, base + offset */
   case 13:  /* RGBA, base + offset */
      for (unsigned i = 0; i < 8; i += 2)
         bit_transfer_signed(&v[i + 1], &v[i]);
      if (cem == 9)
         v[6] = 255, v[7] = 0;
      if (v[1] + v[3] + v[5] >= 0) {
         set(e0, v[0], v[2], v[4], v[6]);
         set(e1, v[0] + v[1], v[2] + v[3], v[4] + v[5], v[6] + v[7]);
      } else {
         blue_contract(e0, v[0] + v[1], v[2] + v[3], v[4] + v[5], v[6] + v[7]);
         blue_contract(e1, v[0], v[2], v[4], v[6]);
      }
      break;
   case 10:  /* RGB, base + scale, and two alphas */
      set(e0, (v[0] * v[3]) >> 8, (v[1] * v[3]) >> 8, (v[2] * v[3]) >> 8, v[4]);
      set(e1, v[0], v[1], v[2], v[5]);
      break;
   default:  /* HDR */
      return false;
   }
   for (unsigned c = 0; c < 4; c++) {
      out0[c] = (uint8_t)clamp255(e0[c]);
      out1[c] = (uint8_t)clamp255(e1[c]);
   }
   return true;
}
