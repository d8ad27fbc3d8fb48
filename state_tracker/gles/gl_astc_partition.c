/* ASTC partition selection and weight infill (gl_astc_internal.h). */
#include "gl_astc_internal.h"

/* The spec's 32-bit hash of the seed ("Partition Pattern Generation", hash52). */
static uint32_t hash52(uint32_t p)
{
   p ^= p >> 15;
   p -= p << 17;
   p += p << 7;
   p += p << 4;
   p ^= p >> 5;
   p += p << 16;
   p ^= p >> 7;
   p ^= p >> 3;
   p ^= p << 6;
   p ^= p >> 17;
   return p;
}

/* The spec's select_partition for z = 0: four 6-bit linear functions of (x, y), with
 * coefficients from the hash of the seed; the largest one names the partition. Blocks of
 * fewer than 31 texels use doubled coordinates. */
unsigned astc_partition(unsigned seed, unsigned x, unsigned y, unsigned count, unsigned texels)
{
   if (texels < 31) {
      x <<= 1;
      y <<= 1;
   }
   seed += (count - 1) * 1024;
   uint32_t rnum = hash52(seed);
   unsigned s[12];
   static const uint8_t shifts[12] = { 0, 4, 8, 12, 16, 20, 24, 28, 18, 22, 26, 30 };
   for (unsigned i = 0; i < 12; i++) {
      uint32_t r = i == 11 ? (rnum >> 30 | rnum << 2) : rnum >> shifts[i];
      s[i] = (r & 0xF) * (r & 0xF);
   }
   unsigned sh1, sh2;
   if (seed & 1) {
      sh1 = seed & 2 ? 4 : 5;
      sh2 = count == 3 ? 6 : 5;
   } else {
      sh1 = count == 3 ? 6 : 5;
      sh2 = seed & 2 ? 4 : 5;
   }
   /* seed1..seed8 alternate sh1 / sh2; seed9..seed12 (the z terms) take sh3 = sh1 or sh2,
    * and with z = 0 they do not count. */
   for (unsigned i = 0; i < 8; i++)
      s[i] >>= i % 2 ? sh2 : sh1;
   unsigned a = (s[0] * x + s[1] * y + (rnum >> 14)) & 0x3F;
   unsigned b = (s[2] * x + s[3] * y + (rnum >> 10)) & 0x3F;
   unsigned c = (s[4] * x + s[5] * y + (rnum >> 6)) & 0x3F;
   unsigned d = (s[6] * x + s[7] * y + (rnum >> 2)) & 0x3F;
   if (count < 4)
      d = 0;
   if (count < 3)
      c = 0;
   if (a >= b && a >= c && a >= d)
      return 0;
   if (b >= c && b >= d)
      return 1;
   if (c >= d)
      return 2;
   return 3;
}

/* "Weight Infill": the texel's position scaled to the grid in 1/16ths, and a bilinear
 * blend of the four grid points around it with weights in 1/16ths. */
unsigned astc_infill(const uint8_t *grid, unsigned gw, unsigned gh, unsigned planes,
                     unsigned plane, unsigned bw, unsigned bh, unsigned x, unsigned y)
{
   unsigned ds = (1024 + bw / 2) / (bw - 1), dt = (1024 + bh / 2) / (bh - 1);
   unsigned gs = (ds * x * (gw - 1) + 32) >> 6, gt = (dt * y * (gh - 1) + 32) >> 6;
   unsigned js = gs >> 4, fs = gs & 0xF, jt = gt >> 4, ft = gt & 0xF;
   unsigned w11 = (fs * ft + 8) >> 4, w10 = ft - w11, w01 = fs - w11, w00 = 16 - fs - ft + w11;
   /* A point outside the grid only ever has weight 0. */
   unsigned p00 = grid[(jt * gw + js) * planes + plane];
   unsigned p01 = w01 || w11 ? grid[(jt * gw + js + 1) * planes + plane] : 0;
   unsigned p10 = w10 || w11 ? grid[((jt + 1) * gw + js) * planes + plane] : 0;
   unsigned p11 = w11 ? grid[((jt + 1) * gw + js + 1) * planes + plane] : 0;
   return (p00 * w00 + p01 * w01 + p10 * w10 + p11 * w11 + 8) >> 4;
}
