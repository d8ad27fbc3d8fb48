/* Number conversions (see float_conv.h). */
#include "common/float_conv.h"

#include <math.h>
#include <string.h>

#define MINI_BIAS 15
#define MINI_EXP_MAX 31   /* all-ones exponent: infinity / NaN */

static uint32_t f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

uint32_t sim_minifloat_to_f32(uint32_t v, unsigned mbits, bool has_sign)
{
   uint32_t sign = has_sign ? (v >> (5 + mbits) & 1) << 31 : 0;
   uint32_t e = (v >> mbits) & 0x1F, m = v & ((1u << mbits) - 1);
   if (e == MINI_EXP_MAX)
      return sign | 0x7F800000u | (m << (23 - mbits));
   /* value = m * 2^(e - bias - mbits) (+ the implicit one for normals); exact in float */
   double mag = e ? ldexp((double)(m | 1u << mbits), (int)e - MINI_BIAS - (int)mbits)
                  : ldexp((double)m, 1 - MINI_BIAS - (int)mbits);
   return sign | f32_bits((float)mag);
}

uint32_t sim_f32_to_minifloat(float f, unsigned mbits, bool has_sign)
{
   uint32_t exp_mask = MINI_EXP_MAX << mbits;
   uint32_t sign = has_sign && signbit(f) ? 1u << (5 + mbits) : 0;
   if (isnan(f))
      return sign | exp_mask | 1u << (mbits - 1);
   if (!has_sign && (f <= 0.0f || signbit(f)))
      return 0;
   double x = fabs((double)f);
   if (isinf(f))
      return sign | exp_mask;
   if (x == 0.0)
      return sign;
   int e;
   frexp(x, &e);
   e -= 1;                                   /* x = 1.m * 2^e */
   if (e < 1 - MINI_BIAS) {                  /* denormal: units of 2^(1 - bias - mbits) */
      double q = rint(ldexp(x, MINI_BIAS - 1 + (int)mbits));
      return sign | (uint32_t)q;             /* q == 2^mbits is the smallest normal */
   }
   double q = rint(ldexp(x, (int)mbits - e)); /* in [2^mbits, 2^(mbits+1)] */
   if (q == ldexp(1.0, (int)mbits + 1)) {
      q /= 2;
      e++;
   }
   if (e + MINI_BIAS >= MINI_EXP_MAX)
      return sign | exp_mask;
   return sign | (uint32_t)(e + MINI_BIAS) << mbits | ((uint32_t)q - (1u << mbits));
}

double sim_srgb_to_linear(double c)
{
   return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

double sim_linear_to_srgb(double c)
{
   if (!(c > 0.0))
      return 0.0;
   if (c >= 1.0)
      return 1.0;
   return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

uint32_t sim_float_to_unorm(double v, unsigned bits, bool truncate)
{
   double max = ldexp(1.0, (int)bits) - 1.0;
   v = v > 0.0 ? (v < 1.0 ? v : 1.0) : 0.0;   /* NaN -> 0 */
   double s = v * max;
   return (uint32_t)(truncate ? floor(s) : floor(s + 0.5));
}

uint32_t sim_float_to_snorm(double v, unsigned bits, bool truncate)
{
   double max = ldexp(1.0, (int)bits - 1) - 1.0;
   v = v > -1.0 ? (v < 1.0 ? v : 1.0) : (v <= -1.0 ? -1.0 : 0.0);   /* NaN -> 0 */
   double s = v * max;
   double r = truncate ? trunc(s) : (s < 0 ? -floor(-s + 0.5) : floor(s + 0.5));
   uint32_t mask = bits == 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
   return (uint32_t)(int64_t)r & mask;
}
