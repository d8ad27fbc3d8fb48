/* Blending and ROP3 (see cb_blend.h).
 *
 * Blending is single-precision float per channel: result = f(src * src_factor,
 * dst * dst_factor) with the CB_BLEND_CONTROL factor and function codes
 * (docs/r600-hardware-notes.md §1.3); MIN / MAX ignore the factors; BOTH_SRC_ALPHA /
 * BOTH_INV_SRC_ALPHA as the source factor set the destination factor to 1 - As / As;
 * SRC_ALPHA_SATURATE is min(As, 1 - Ad) for R, G, B and 1 for A. Alpha uses the ALPHA_* fields when
 * SEPARATE_ALPHA_BLEND is set, else the COLOR_* ones. Clamping (BLEND_CLAMP) is the caller's
 * (cb.c). Not verified against hardware.
 *
 * NaN (docs/r600-hardware-notes.md §1.3.1; no public document says what the CB does, so the
 * model defines it, independent of the C library and of the operand order a compiler picks):
 *  - MIN / MAX, and the min of SRC_ALPHA_SATURATE, ignore a NaN operand (quiet or
 *    signalling: the other operand is the result), the D3D10 min/max rule that the ALU's
 *    MIN_DX10 / MAX_DX10 follow; -0 counts as less than +0;
 *  - every NaN result of a channel (both MIN / MAX operands NaN, or NaN arithmetic) is the
 *    default quiet NaN 0x7FC00000 (positive, no payload), as db.c does for depth: which of
 *    several input NaNs a sum or product keeps is left open by IEEE 754 and C.
 * The results only show in *_FLOAT formats: the others' conversions map every NaN alike.
 */
#include "pixel/cb_blend.h"

#include <math.h>
#include <string.h>

#include "r600_regs.h"

#define FACTOR(n) CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_##n

/* The default quiet NaN when v is a NaN, else v. */
static float quiet(float v)
{
   const uint32_t bits = 0x7FC00000u;
   if (v == v)
      return v;
   memcpy(&v, &bits, 4);
   return v;
}

/* min (or max, !min) of a and b: a NaN operand ignored, -0 < +0 (the header comment); both
 * NaN: a NaN, which sim_cb_blend makes the default one. */
static float blend_min(float a, float b, bool min)
{
   if (a != a)
      return b;
   if (b != b)
      return a;
   if (a == b)   /* equal, or zeros of opposite signs: the negative one for min */
      return (signbit(a) != 0) == min ? a : b;
   return (a < b) == min ? a : b;
}

static float factor(unsigned f, unsigned ch, const float s[4], const float d[4],
                    const float s1[4], const float k[4])
{
   switch (f) {
   case FACTOR(ZERO): return 0.0f;
   case FACTOR(ONE): return 1.0f;
   case FACTOR(SRC_COLOR): return s[ch];
   case FACTOR(ONE_MINUS_SRC_COLOR): return 1.0f - s[ch];
   case FACTOR(SRC_ALPHA): return s[3];
   case FACTOR(ONE_MINUS_SRC_ALPHA): return 1.0f - s[3];
   case FACTOR(DST_ALPHA): return d[3];
   case FACTOR(ONE_MINUS_DST_ALPHA): return 1.0f - d[3];
   case FACTOR(DST_COLOR): return d[ch];
   case FACTOR(ONE_MINUS_DST_COLOR): return 1.0f - d[ch];
   case FACTOR(SRC_ALPHA_SATURATE): return ch == 3 ? 1.0f : blend_min(s[3], 1.0f - d[3], true);
   case FACTOR(BOTH_SRC_ALPHA): return s[3];
   case FACTOR(BOTH_INV_SRC_ALPHA): return 1.0f - s[3];
   case FACTOR(CONST_COLOR): return k[ch];
   case FACTOR(ONE_MINUS_CONST_COLOR): return 1.0f - k[ch];
   case FACTOR(SRC1_COLOR): return s1[ch];
   case FACTOR(INV_SRC1_COLOR): return 1.0f - s1[ch];
   case FACTOR(SRC1_ALPHA): return s1[3];
   case FACTOR(INV_SRC1_ALPHA): return 1.0f - s1[3];
   case FACTOR(CONST_ALPHA): return k[3];
   case FACTOR(ONE_MINUS_CONST_ALPHA): return 1.0f - k[3];
   }
   return 0.0f;   /* reserved codes (reported by cb.c) */
}

static float channel(unsigned ch, unsigned src_f, unsigned dst_f, unsigned comb,
                     const float s[4], const float d[4], const float s1[4], const float k[4])
{
   float fs = factor(src_f, ch, s, d, s1, k);
   float fd = factor(dst_f, ch, s, d, s1, k);
   if (src_f == FACTOR(BOTH_SRC_ALPHA))
      fd = 1.0f - s[3];
   else if (src_f == FACTOR(BOTH_INV_SRC_ALPHA))
      fd = s[3];
   switch (comb) {
   case CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_SRC_MINUS_DST: return s[ch] * fs - d[ch] * fd;
   case CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_MIN_DST_SRC: return blend_min(s[ch], d[ch], true);
   case CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_MAX_DST_SRC: return blend_min(s[ch], d[ch], false);
   case CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_DST_MINUS_SRC: return d[ch] * fd - s[ch] * fs;
   default: return s[ch] * fs + d[ch] * fd;
   }
}

void sim_cb_blend(uint32_t ctl, const float s[4], const float s1[4], const float d[4],
                  const float k[4], float out[4])
{
   bool sep = CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND__get(ctl);
   for (unsigned ch = 0; ch < 4; ch++) {
      bool a = ch == 3 && sep;
      out[ch] = quiet(channel(ch,
                        a ? CB_BLEND_CONTROL__ALPHA_SRCBLEND__get(ctl)
                          : CB_BLEND_CONTROL__COLOR_SRCBLEND__get(ctl),
                        a ? CB_BLEND_CONTROL__ALPHA_DESTBLEND__get(ctl)
                          : CB_BLEND_CONTROL__COLOR_DESTBLEND__get(ctl),
                        a ? CB_BLEND_CONTROL__ALPHA_COMB_FCN__get(ctl)
                          : CB_BLEND_CONTROL__COLOR_COMB_FCN__get(ctl),
                        s, d, s1, k));
   }
}

void sim_cb_rop3(unsigned code, const struct sim_cb_pixel *src, const struct sim_cb_pixel *dst,
                 struct sim_cb_pixel *out)
{
   for (unsigned i = 0; i < SIM_CB_MAX_BPP / 4; i++) {
      uint32_t s = src->w[i], d = dst->w[i];
      out->w[i] = ((code & 1) ? ~s & ~d : 0) | ((code & 2) ? ~s & d : 0) |
                  ((code & 4) ? s & ~d : 0) | ((code & 8) ? s & d : 0);
   }
}
