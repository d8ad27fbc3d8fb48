/* Scalar semantics of the R6xx/R7xx ALU operations: the reference the interpreter runs
 * lane by lane and the JIT reproduces bit for bit (jit_build.c inlines the common ops and
 * calls sim_alu_lanes / sim_alu_fp64_vec for the rest). Values are raw dwords. Families:
 * alu_pred.h (PRED_SET*, KILL*), alu_fp64.h (R7xx doubles), alu_transc.c (RECIP*, SQRT,
 * EXP, LOG, SIN, COS), this file (everything else).
 *
 * Choices where the documentation is silent (docs/r600-hardware-notes.md §4.6, §7):
 * - fp32 denormals are flushed to zero on input and output (sim_program_run sets FTZ/DAZ
 *   for plain arithmetic; rounding and transcendental helpers flush explicitly).
 * - Every op that computes a new float value returns the canonical NaN 0x7FC00000 when
 *   the result is NaN; selection ops (MOV, MAX/MIN, CND*) return an operand's bits.
 * - MUL/MULADD/DOT4 (legacy): 0 * anything = +0.0; MULADD rounds the product, then the
 *   sum (two roundings, no FMA); DOT4 sums as ((x + y) + z) + w.
 * - MAX/MIN legacy: max = a >= b ? a : b, min = a < b ? a : b (a NaN gives b);
 *   MAX_DX10/MIN_DX10 return the non-NaN operand, else the same comparisons. MAX4 is the
 *   legacy MAX of x, y, z, w in that order.
 * - FLT_TO_INT / FLT_TO_UINT truncate toward zero, saturate out of range (FLT_TO_UINT of a
 *   negative value is 0), NaN -> 0. INT_TO_FLT / UINT_TO_FLT round to nearest even.
 * - Shifts (ASHR_INT, LSHR_INT, LSHL_INT) use the low 5 bits of src1 as the count (a
 *   count of 32 shifts by 0), the usual barrel-shifter behaviour.
 * - MULLO/MULHI_(U)INT: low / high 32 bits of the exact 64-bit product (signed or
 *   unsigned). RECIP_UINT: floor(2^32 / x), 0xFFFFFFFF for x = 0 and x = 1 (the
 *   reciprocal Mesa's integer division refines with MULLO/MULHI); RECIP_INT: the signed
 *   quotient trunc(2^32 / x) saturated to int32, 0x7FFFFFFF for x = 0.
 * - SUB_INT is src0 - src1. SETE/GT/GE/NE give 1.0 / 0.0; the _DX10, _INT and _UINT
 *   forms 0xFFFFFFFF / 0. CNDE/GT/GE(_INT): src0 ==/>/>= 0 ? src1 : src2 (float compares
 *   of the flushed value, so -0 == 0; integer compares signed).
 * - MUL_LIT (the LIT helper): src2 > 0 ? src0 * src1 (legacy multiply) : -FLT_MAX, so
 *   that EXP of the result is 0 when LIT's x <= 0.
 * - CLAMP saturates to [+0, 1]; a NaN becomes 0 with SQ_PGM_RESOURCES.DX10_CLAMP, else
 *   stays NaN. OMOD and CLAMP apply to float results only (HW_ISA_RESULT_FLOAT).
 * - MOVA* (docs/r600-hardware-notes.md §4.2) load an AR component per lane with an int32 in [-256,
 *   255]: MOVA_INT and MOVA_GPR_INT clamp the integer operand; MOVA_FLOOR floors the float operand,
 *   MOVA rounds it to nearest even, then both clamp (NaN -> 0). The value is also the op's result;
 *   the decoder rejects a GPR write (WRITE_MASK) and PV reads of it, which are undocumented. Vector
 *   MOVA* load AR.<unit>, MOVA_GPR_INT (trans, R6xx) loads AR.<DST_CHAN>.
 * - NOP writes nothing and forwards 0 as PV/PS.
 */
#ifndef SIM_ALU_OPS_H
#define SIM_ALU_OPS_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sq/alu_bits.h"
#include "sq/alu_pred.h"
#include "sq/alu_transc.h"
#include "sq/isa_program.h"

static inline float sim_mul_legacy(float a, float b)
{
   return (a == 0.0f || b == 0.0f) ? 0.0f : a * b;
}

static inline uint32_t sim_bool_f(bool c) { return c ? 0x3F800000u : 0u; }
static inline uint32_t sim_bool_i(bool c) { return c ? 0xFFFFFFFFu : 0u; }

static inline uint32_t sim_max_legacy(uint32_t a, uint32_t b)
{
   return sim_f(a) >= sim_f(b) ? a : b;
}

/* RECIP*, RECIPSQRT*, SQRT_IEEE, EXP_IEEE, LOG_*, SIN, COS (alu_transc.c). */
static inline bool sim_alu_is_transcendental(enum hw_isa_id op)
{
   switch (op) {
   case HW_ISA_OP2_RECIP_CLAMPED: case HW_ISA_OP2_RECIP_FF: case HW_ISA_OP2_RECIP_IEEE:
   case HW_ISA_OP2_RECIPSQRT_CLAMPED: case HW_ISA_OP2_RECIPSQRT_FF:
   case HW_ISA_OP2_RECIPSQRT_IEEE: case HW_ISA_OP2_SQRT_IEEE: case HW_ISA_OP2_EXP_IEEE:
   case HW_ISA_OP2_LOG_CLAMPED: case HW_ISA_OP2_LOG_IEEE: case HW_ISA_OP2_SIN:
   case HW_ISA_OP2_COS:
      return true;
   default:
      return false;
   }
}

/* RECIP_INT, RECIP_UINT (alu_ops.c). */
uint32_t sim_recip_int(uint32_t a);
uint32_t sim_recip_uint(uint32_t a);

/* Any op of sim_alu_eval for SIM_LANES lanes, for JIT code: buf[0..15], [16..31],
 * [32..47] hold src0, src1, src2; the results replace src0. Returns the pass bits
 * (sim_alu_pred) of PRED_SET* / KILL*, 0 for other ops. */
uint32_t sim_alu_lanes(uint32_t op, uint32_t chip, uint32_t *buf);

static inline uint32_t sim_flt_to_int(uint32_t a)
{
   float f = sim_f(a);
   if (f != f)
      return 0;
   if (f >= 2147483648.0f)
      return 0x7FFFFFFFu;
   if (f < -2147483648.0f)
      return 0x80000000u;
   return (uint32_t)(int32_t)f;
}

static inline uint32_t sim_flt_to_uint(uint32_t a)
{
   float f = sim_f(a);
   if (!(f > 0.0f))
      return 0;
   if (f >= 4294967296.0f)
      return 0xFFFFFFFFu;
   return (uint32_t)f;
}

#define SIM_AR_MIN (-256)
#define SIM_AR_MAX 255

/* The AR value MOVA / MOVA_FLOOR / MOVA_INT / MOVA_GPR_INT load. */
static inline uint32_t sim_mova(enum hw_isa_id op, uint32_t a)
{
   if (op == HW_ISA_OP2_MOVA_INT || op == HW_ISA_OP2_MOVA_GPR_INT) {
      int32_t i = (int32_t)a;
      return (uint32_t)(i < SIM_AR_MIN ? SIM_AR_MIN : i > SIM_AR_MAX ? SIM_AR_MAX : i);
   }
   float f = sim_f(sim_ftz(a));
   f = op == HW_ISA_OP2_MOVA_FLOOR ? floorf(f) : rintf(f);
   if (f != f)
      return 0;
   if (f < (float)SIM_AR_MIN)
      return (uint32_t)SIM_AR_MIN;
   if (f > (float)SIM_AR_MAX)
      return (uint32_t)SIM_AR_MAX;
   return (uint32_t)(int32_t)f;
}

static inline uint32_t sim_mul_lit(uint32_t a, uint32_t b, uint32_t c)
{
   return sim_f(c) > 0.0f ? sim_fres(sim_mul_legacy(sim_f(a), sim_f(b))) : sim_u(-FLT_MAX);
}

/* One non-reduction, non-FP64 operation on source dwords (modifiers already applied). */
static inline uint32_t sim_alu_eval(enum hw_isa_id op, enum hw_chip chip, uint32_t a,
                                    uint32_t b, uint32_t c)
{
   float fa = sim_f(a), fb = sim_f(b), fc = sim_f(c);
   uint32_t v;
   if (sim_alu_is_transcendental(op))
      return sim_alu_transcendental(op, chip, a);
   switch (op) {
   case HW_ISA_OP2_ADD: return sim_fres(fa + fb);
   case HW_ISA_OP2_MUL: return sim_fres(sim_mul_legacy(fa, fb));
   case HW_ISA_OP2_MUL_IEEE: return sim_fres(fa * fb);
   case HW_ISA_OP3_MULADD: return sim_fres(sim_mul_legacy(fa, fb) + fc);
   case HW_ISA_OP3_MULADD_IEEE: {
      float p = fa * fb;
      return sim_fres(p + fc);
   }
   case HW_ISA_OP3_MUL_LIT: return sim_mul_lit(a, b, c);
   case HW_ISA_OP2_MAX: return sim_max_legacy(a, b);
   case HW_ISA_OP2_MIN: return fa < fb ? a : b;
   case HW_ISA_OP2_MAX_DX10:
      return sim_is_nan(a) ? b : sim_is_nan(b) ? a : (fa >= fb ? a : b);
   case HW_ISA_OP2_MIN_DX10:
      return sim_is_nan(a) ? b : sim_is_nan(b) ? a : (fa < fb ? a : b);
   case HW_ISA_OP2_SETE: return sim_bool_f(fa == fb);
   case HW_ISA_OP2_SETGT: return sim_bool_f(fa > fb);
   case HW_ISA_OP2_SETGE: return sim_bool_f(fa >= fb);
   case HW_ISA_OP2_SETNE: return sim_bool_f(fa != fb);
   case HW_ISA_OP2_SETE_DX10: return sim_bool_i(fa == fb);
   case HW_ISA_OP2_SETGT_DX10: return sim_bool_i(fa > fb);
   case HW_ISA_OP2_SETGE_DX10: return sim_bool_i(fa >= fb);
   case HW_ISA_OP2_SETNE_DX10: return sim_bool_i(fa != fb);
   case HW_ISA_OP2_FRACT: {
      float x = sim_f(sim_ftz(a));
      return sim_fres(x - floorf(x));
   }
   case HW_ISA_OP2_TRUNC: return sim_fres(truncf(sim_f(sim_ftz(a))));
   case HW_ISA_OP2_CEIL: return sim_fres(ceilf(sim_f(sim_ftz(a))));
   case HW_ISA_OP2_RNDNE: return sim_fres(rintf(sim_f(sim_ftz(a))));
   case HW_ISA_OP2_FLOOR: return sim_fres(floorf(sim_f(sim_ftz(a))));
   case HW_ISA_OP2_MOVA: case HW_ISA_OP2_MOVA_FLOOR: case HW_ISA_OP2_MOVA_INT:
   case HW_ISA_OP2_MOVA_GPR_INT:
      return sim_mova(op, a);
   case HW_ISA_OP2_MOV: return a;
   case HW_ISA_OP2_NOP: return 0;
   case HW_ISA_OP2_AND_INT: return a & b;
   case HW_ISA_OP2_OR_INT: return a | b;
   case HW_ISA_OP2_XOR_INT: return a ^ b;
   case HW_ISA_OP2_NOT_INT: return ~a;
   case HW_ISA_OP2_ADD_INT: return a + b;
   case HW_ISA_OP2_SUB_INT: return a - b;
   case HW_ISA_OP2_MAX_INT: return (int32_t)a > (int32_t)b ? a : b;
   case HW_ISA_OP2_MIN_INT: return (int32_t)a < (int32_t)b ? a : b;
   case HW_ISA_OP2_MAX_UINT: return a > b ? a : b;
   case HW_ISA_OP2_MIN_UINT: return a < b ? a : b;
   case HW_ISA_OP2_SETE_INT: return sim_bool_i(a == b);
   case HW_ISA_OP2_SETGT_INT: return sim_bool_i((int32_t)a > (int32_t)b);
   case HW_ISA_OP2_SETGE_INT: return sim_bool_i((int32_t)a >= (int32_t)b);
   case HW_ISA_OP2_SETNE_INT: return sim_bool_i(a != b);
   case HW_ISA_OP2_SETGT_UINT: return sim_bool_i(a > b);
   case HW_ISA_OP2_SETGE_UINT: return sim_bool_i(a >= b);
   case HW_ISA_OP2_FLT_TO_INT: return sim_flt_to_int(a);
   case HW_ISA_OP2_FLT_TO_UINT: return sim_flt_to_uint(a);
   case HW_ISA_OP2_INT_TO_FLT: return sim_fres((float)(int32_t)a);
   case HW_ISA_OP2_UINT_TO_FLT: return sim_fres((float)a);
   case HW_ISA_OP2_ASHR_INT: return (uint32_t)((int32_t)a >> (b & 31));
   case HW_ISA_OP2_LSHR_INT: return a >> (b & 31);
   case HW_ISA_OP2_LSHL_INT: return a << (b & 31);
   case HW_ISA_OP2_MULLO_INT: case HW_ISA_OP2_MULLO_UINT: return a * b;
   case HW_ISA_OP2_MULHI_INT: return (uint32_t)(((int64_t)(int32_t)a * (int32_t)b) >> 32);
   case HW_ISA_OP2_MULHI_UINT: return (uint32_t)(((uint64_t)a * b) >> 32);
   case HW_ISA_OP2_RECIP_INT: return sim_recip_int(a);
   case HW_ISA_OP2_RECIP_UINT: return sim_recip_uint(a);
   case HW_ISA_OP3_CNDE: return fa == 0.0f ? b : c;
   case HW_ISA_OP3_CNDGT: return fa > 0.0f ? b : c;
   case HW_ISA_OP3_CNDGE: return fa >= 0.0f ? b : c;
   case HW_ISA_OP3_CNDE_INT: return a == 0 ? b : c;
   case HW_ISA_OP3_CNDGT_INT: return (int32_t)a > 0 ? b : c;
   case HW_ISA_OP3_CNDGE_INT: return (int32_t)a >= 0 ? b : c;
   default:
      sim_alu_pred(op, a, b, &v);   /* PRED_SET*, KILL* */
      return v;
   }
}

/* CUBE: major axis of (rx, ry, rz) = (a[2], a[3], a[0]) (drivers feed src0 = v.zzxy,
 * src1 = v.yxzz); results x = tc, y = sc, z = 2 * major axis, w = face 0..5 (+x, -x, +y,
 * -y, +z, -z) as in the GL cube-map table; ties prefer z, then y. */
static inline void sim_alu_cube(const uint32_t a[4], uint32_t out[4])
{
   float rx = sim_f(a[2]), ry = sim_f(a[3]), rz = sim_f(a[0]);
   float ax = sim_f(a[2] & 0x7FFFFFFFu), ay = sim_f(a[3] & 0x7FFFFFFFu), az = sim_f(a[0] & 0x7FFFFFFFu);
   float sc, tc, ma, face;
   if (az >= ax && az >= ay) {
      ma = rz;
      face = rz >= 0.0f ? 4.0f : 5.0f;
      sc = rz >= 0.0f ? rx : -rx;
      tc = -ry;
   } else if (ay >= ax) {
      ma = ry;
      face = ry >= 0.0f ? 2.0f : 3.0f;
      sc = rx;
      tc = ry >= 0.0f ? rz : -rz;
   } else {
      ma = rx;
      face = rx >= 0.0f ? 0.0f : 1.0f;
      sc = rx >= 0.0f ? -rz : rz;
      tc = -ry;
   }
   out[0] = sim_fres(tc);
   out[1] = sim_fres(sc);
   out[2] = sim_fres(ma * 2.0f);
   out[3] = sim_u(face);
}

/* The reductions: operands a[c], b[c] from the instruction in vector slot c; out[c] is
 * the result of slot c (the same scalar in every slot except for CUBE). */
static inline void sim_alu_reduce(enum hw_isa_id op, const uint32_t a[4], const uint32_t b[4],
                                  uint32_t out[4])
{
   uint32_t r;
   if (op == HW_ISA_OP2_CUBE) {
      sim_alu_cube(a, out);
      return;
   }
   if (op == HW_ISA_OP2_MAX4) {
      r = sim_max_legacy(sim_max_legacy(sim_max_legacy(a[0], a[1]), a[2]), a[3]);
   } else {
      float p[4];
      for (int c = 0; c < 4; c++)
         p[c] = op == HW_ISA_OP2_DOT4 ? sim_mul_legacy(sim_f(a[c]), sim_f(b[c]))
                                  : sim_f(a[c]) * sim_f(b[c]);
      float s = p[0] + p[1];
      s = s + p[2];
      s = s + p[3];
      r = sim_fres(s);
   }
   out[0] = out[1] = out[2] = out[3] = r;
}

/* Source modifiers: ABS before NEG, on the raw bits. */
static inline uint32_t sim_src_mod(uint32_t v, bool abs, bool neg)
{
   if (abs)
      v &= 0x7FFFFFFFu;
   if (neg)
      v ^= 0x80000000u;
   return v;
}

/* OMOD then CLAMP of a float result. */
static inline uint32_t sim_alu_post(uint32_t r, unsigned omod, bool clamp, bool dx10_clamp)
{
   if (omod) {
      float m = omod == SIM_OMOD_M2 ? 2.0f : omod == SIM_OMOD_M4 ? 4.0f : 0.5f;
      r = sim_fres(sim_f(r) * m);
   }
   if (clamp) {
      if (sim_is_nan(r))
         return dx10_clamp ? 0u : r;
      float f = sim_f(r);
      if (!(f > 0.0f))
         return 0u;
      if (f > 1.0f)
         return 0x3F800000u;
   }
   return r;
}

#endif
