/* Number conversions shared by the fetch/texture units and the CB: 16-bit and unsigned
 * 11/10-bit floats (5-bit exponent, bias 15), the sRGB transfer curves, float -> UNORM and
 * SNORM. All exact: computed in double and rounded once. */
#ifndef SIM_FLOAT_CONV_H
#define SIM_FLOAT_CONV_H

#include <stdbool.h>
#include <stdint.h>

/* A float with a 5-bit exponent (bias 15) and `mbits` mantissa bits, signed (fp16:
 * mbits 10) or not (mbits 6: the 11-bit, 5: the 10-bit components of the *_11_11_10 /
 * 10_11_11 formats), to fp32 bits. Exact. */
uint32_t sim_minifloat_to_f32(uint32_t v, unsigned mbits, bool has_sign);

/* fp32 -> such a float, rounded to nearest even; overflow gives infinity, NaN a quiet NaN
 * (sign kept for signed formats); an unsigned format stores negatives (and -0) as 0. */
uint32_t sim_f32_to_minifloat(float f, unsigned mbits, bool has_sign);

/* sRGB encoded value (0..1) -> linear, and linear -> encoded (IEC 61966-2-1 curves). */
double sim_srgb_to_linear(double c);
double sim_linear_to_srgb(double c);

/* Clamped to [0, 1] (NaN -> 0), scaled by 2^bits - 1 and rounded: to nearest with halves
 * up, or toward zero with `truncate`. */
uint32_t sim_float_to_unorm(double v, unsigned bits, bool truncate);

/* Clamped to [-1, 1] (NaN -> 0), scaled by 2^(bits-1) - 1 and rounded to nearest with
 * halves away from zero (or toward zero); returned as a `bits`-bit two's complement. */
uint32_t sim_float_to_snorm(double v, unsigned bits, bool truncate);

#endif
