/* The transcendental ALU operations of sq/alu_transc.c (sim_alu_transcendental, the
 * reference) on 16 lanes, bit for bit.
 *
 * RECIP*, RECIPSQRT* and SQRT_IEEE are the reference's own IEEE operations (fp32 division
 * and square root; 1.0 / sqrt in double, rounded once to fp32), so the vector code is exact.
 *
 * EXP_IEEE, LOG_*, SIN and COS: the reference rounds the host libm's double result to fp32.
 * Here every lane evaluates its own double approximation (an exact range reduction and a
 * truncated Taylor series; relative error below 2^-41, bounds at each function) and takes
 * its fp32 rounding only where that cannot differ from the reference's: the approximation is
 * within 2^12 double ulps of the exact value and libm's within a few (glibc documents 1-2 for
 * these on x86-64), so when the approximation lies more than GUARD double ulps (2^-36 of its
 * binade) away from every fp32 rounding boundary (a midpoint between two floats) both round
 * to the same float. The other lanes (2^-12 of the inputs,
 * plus any result below FLT_MIN and the R6xx SIN/COS arguments of 2^16 and more, which are
 * not reduced here) get the C function's result through sim_alu_transc_lanes.
 * tests/sim/test_jit_transc.c compares all 2^32 inputs of each op and chip (scripts/check-transc).
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "jit/jit_alu_ops.h"
#include "jit/jit_host.h"
#include "jit/jit_transc.h"
#include "sq/alu_transc.h"
#include "sq/run_state.h"

#define GUARD (1u << 16)                  /* double ulps; the approximations stay within 2^14 */
#define R6XX_REDUCE_LIMIT 0x47800000u     /* 65536.0f: larger R6xx SIN/COS go to the C code */

/* pi / 2 as P1 + P2 + P3: P1 and P2 with 36 significant bits, so that k * P1 and k * P2 are
 * exact for |k| < 2^17. */
#define PIO2_1 0x1.921fb54440000p+0
#define PIO2_2 0x1.68c234c4c0000p-39
#define PIO2_3 0x1.98a2e03707345p-77

static LLVMTypeRef dbl(struct jb *j) { return LLVMDoubleTypeInContext(j->ctx); }
static LLVMTypeRef vd(struct jb *j) { return LLVMVectorType(dbl(j), SIM_LANES); }

static LLVMValueRef kd(struct jb *j, double v)
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = LLVMConstReal(dbl(j), v);
   return LLVMConstVector(e, SIM_LANES);
}

static LLVMValueRef kl(struct jb *j, uint64_t v)
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = LLVMConstInt(j->i64, v, 0);
   return LLVMConstVector(e, SIM_LANES);
}

static LLVMValueRef dadd(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFAdd(j->b, a, b, ""); }
static LLVMValueRef dsub(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFSub(j->b, a, b, ""); }
static LLVMValueRef dmul(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFMul(j->b, a, b, ""); }

/* An intrinsic overloaded on its argument's type (llvm.rint, llvm.sqrt). */
static LLVMValueRef call1(struct jb *j, const char *name, LLVMValueRef a)
{
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMTypeRef ty = LLVMTypeOf(a);
   return LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->ctx, id, &ty, 1),
                         LLVMGetIntrinsicDeclaration(j->mod, id, &ty, 1), &a, 1, "");
}

/* The double of a <16 x i32> float (exact). */
static LLVMValueRef widen(struct jb *j, LLVMValueRef u) { return LLVMBuildFPExt(j->b, F(j, u), vd(j), ""); }

/* c[0] + t * (c[1] + t * (... + t * c[n - 1])) */
static LLVMValueRef horner(struct jb *j, LLVMValueRef t, const double *c, unsigned n)
{
   LLVMValueRef p = kd(j, c[n - 1]);
   for (unsigned k = n - 1; k-- > 0;)
      p = dadd(j, dmul(j, p, t), kd(j, c[k]));
   return p;
}

/* alu_transc.c inf_fix: the _CLAMPED and _FF forms of an infinite result. */
static LLVMValueRef inf_fix(struct jb *j, enum hw_isa_id op, LLVMValueRef u)
{
   LLVMValueRef inf = icmp(j, LLVMIntEQ, and_(j, u, kvec(j, 0x7FFFFFFFu)), kvec(j, 0x7F800000u));
   LLVMValueRef sign = and_(j, u, kvec(j, 0x80000000u));
   switch (op) {
   case HW_ISA_OP2_RECIP_CLAMPED: case HW_ISA_OP2_RECIPSQRT_CLAMPED:
      return sel(j, inf, or_(j, sign, kvec(j, sim_u(FLT_MAX))), u);
   case HW_ISA_OP2_RECIP_FF: case HW_ISA_OP2_RECIPSQRT_FF:
      return sel(j, inf, sign, u);
   case HW_ISA_OP2_LOG_CLAMPED:
      return sel(j, icmp(j, LLVMIntEQ, u, kvec(j, 0xFF800000u)), kvec(j, sim_u(-FLT_MAX)), u);
   default:
      return u;
   }
}

/* One op's evaluation: the lanes of `calc` take the fp32 rounding of the approximation `r`
 * (checked by finish); the others `other`, the exact special values, except those of `slow`
 * (NULL: none), which go to the C function like unsafe roundings. */
struct approx {
   LLVMValueRef calc, r, other, slow;
};

/* 2^x: x = n + f with n = rint(x), |f| <= 1/2 (exact); 2^f = e^t, t = f ln 2 (|t| <= 0.347)
 * by its Taylor series to t^10 (truncation t^11/11! < 2^-41.5 of 2^f >= 0.707), scaled by 2^n.
 * x >= 128 gives +Inf; x < -126 a result below FLT_MIN - 2^-150 (the float below -126 is
 * -126 - 2^-17), which rounds to a denormal and flushes to +0. */
static struct approx exp2_approx(struct jb *j, LLVMValueRef u)
{
   struct approx ap;
   LLVMValueRef big = fcmp(j, LLVMRealOGE, u, kvec(j, sim_u(128.0f)));
   ap.calc = and_(j, fcmp(j, LLVMRealOGE, u, kvec(j, sim_u(-126.0f))), not_(j, big));
   ap.other = sel(j, fcmp(j, LLVMRealUNO, u, u), kvec(j, SIM_CANON_NAN),
                  sel(j, big, kvec(j, 0x7F800000u), kvec(j, 0)));
   ap.slow = NULL;
   LLVMValueRef x = widen(j, sel(j, ap.calc, u, kvec(j, 0)));
   LLVMValueRef n = call1(j, "llvm.rint", x);
   LLVMValueRef t = dmul(j, dsub(j, x, n), kd(j, M_LN2));
   double c[11] = { 1.0 };
   for (unsigned k = 1; k < 11; k++)
      c[k] = c[k - 1] / k;
   LLVMValueRef e = LLVMBuildAdd(j->b, LLVMBuildFPToSI(j->b, n, j->vi, ""), kvec(j, 1023), "");
   e = LLVMBuildZExt(j->b, e, j->vl, "");
   LLVMValueRef scale = LLVMBuildBitCast(j->b, LLVMBuildShl(j->b, e, kl(j, 52), ""), vd(j), "");
   ap.r = dmul(j, horner(j, t, c, 11), scale);
   return ap;
}

/* log2 x of a positive normal x = m 2^e, m in [sqrt(1/2), sqrt(2)): e + log2 m with
 * log2 m = 2/ln 2 atanh(s), s = (m - 1) / (m + 1) (m - 1 and m + 1 exact, |s| <= 0.1716),
 * atanh by its Taylor series to s^15 (truncation s^17/17 / (1 - s^2) < 2^-44.7 of s). e + log2 m
 * does not cancel: |log2 m| <= 1/2. Zeros give -Inf, +Inf itself, negatives and NaN NaN. */
static struct approx log2_approx(struct jb *j, LLVMValueRef u)
{
   struct approx ap;
   ap.calc = and_(j, icmp(j, LLVMIntUGE, u, kvec(j, 0x00800000u)), icmp(j, LLVMIntULT, u, kvec(j, 0x7F800000u)));
   LLVMValueRef zero = icmp(j, LLVMIntEQ, and_(j, u, kvec(j, 0x7FFFFFFFu)), kvec(j, 0));
   ap.other = sel(j, zero, kvec(j, 0xFF800000u),
                  sel(j, icmp(j, LLVMIntEQ, u, kvec(j, 0x7F800000u)), u, kvec(j, SIM_CANON_NAN)));
   ap.slow = NULL;
   LLVMValueRef v = sel(j, ap.calc, u, kvec(j, 0x3F800000u));
   LLVMValueRef mant = and_(j, v, kvec(j, 0x007FFFFFu));
   LLVMValueRef high = icmp(j, LLVMIntUGE, mant, kvec(j, 0x003504F4u));   /* m > sqrt(2) */
   LLVMValueRef m = widen(j, or_(j, mant, sel(j, high, kvec(j, 0x3F000000u), kvec(j, 0x3F800000u))));
   LLVMValueRef e = LLVMBuildSub(j->b, LLVMBuildLShr(j->b, v, kvec(j, 23), ""),
                                 sel(j, high, kvec(j, 126), kvec(j, 127)), "");
   LLVMValueRef s = LLVMBuildFDiv(j->b, dsub(j, m, kd(j, 1.0)), dadd(j, m, kd(j, 1.0)), "");
   double c[8];
   for (unsigned k = 0; k < 8; k++)
      c[k] = 1.0 / (2 * k + 1);
   LLVMValueRef series = dmul(j, dmul(j, s, kd(j, 2.0 / M_LN2)), horner(j, dmul(j, s, s), c, 8));
   ap.r = dadd(j, LLVMBuildSIToFP(j->b, e, vd(j), ""), series);
   return ap;
}

/* sin(y) in quadrant 0 of `quadrant` (i32 lanes; 1: cos y, 2: -sin y, 3: -cos y), |y| <=
 * pi/4: Taylor series to y^13 and y^14 (truncations below 2^-44.9 of sin y >= 0.9 y and
 * 2^-49.3 of cos y >= 0.707). */
static LLVMValueRef sin_quadrant(struct jb *j, LLVMValueRef y, LLVMValueRef quadrant)
{
   double cs[7], cc[8], fact = 1.0;   /* (-1)^k / (2k + 1)!, (-1)^k / (2k)! */
   for (unsigned k = 0; k < 8; k++) {
      cc[k] = (k & 1 ? -1.0 : 1.0) / fact;
      fact *= 2 * k + 1;
      if (k < 7)
         cs[k] = (k & 1 ? -1.0 : 1.0) / fact;
      fact *= 2 * k + 2;
   }
   LLVMValueRef y2 = dmul(j, y, y);
   LLVMValueRef s = dmul(j, y, horner(j, y2, cs, 7)), c = horner(j, y2, cc, 8);
   LLVMValueRef odd = icmp(j, LLVMIntNE, and_(j, quadrant, kvec(j, 1)), kvec(j, 0));
   LLVMValueRef neg = icmp(j, LLVMIntNE, and_(j, quadrant, kvec(j, 2)), kvec(j, 0));
   LLVMValueRef r = sel(j, odd, c, s);
   return sel(j, neg, LLVMBuildFNeg(j->b, r, ""), r);
}

/* The lanes of a vector double q (an integer) as i32. */
static LLVMValueRef to_i32(struct jb *j, LLVMValueRef q) { return LLVMBuildFPToSI(j->b, q, j->vi, ""); }

/* SIN / COS. R7xx (revolutions): the reference's own exact reduction r = x - rint(x), quarter
 * turns q = rint(4r), f = r - q/4, and its double argument y = 2 pi f. R6xx (radians):
 * k = rint(x 2/pi), y = ((x - k P1) - k P2) - k P3 for |x| < 2^16 (the first subtraction
 * exact, the error of the others below 2^-100 absolute, against |y| > 2^-30 for a float x
 * that is not 0). Zeros: SIN keeps the sign, COS is 1; NaN and Inf give NaN. */
static struct approx sincos_approx(struct jb *j, enum hw_chip chip, bool cosine, LLVMValueRef u)
{
   struct approx ap;
   LLVMValueRef mag = and_(j, u, kvec(j, 0x7FFFFFFFu));
   LLVMValueRef limit = kvec(j, chip == HW_CHIP_R7XX ? 0x7F800000u : R6XX_REDUCE_LIMIT);
   ap.calc = and_(j, icmp(j, LLVMIntNE, mag, kvec(j, 0)), icmp(j, LLVMIntULT, mag, limit));
   ap.other = sel(j, icmp(j, LLVMIntEQ, mag, kvec(j, 0)), cosine ? kvec(j, 0x3F800000u) : u,
                  kvec(j, SIM_CANON_NAN));
   ap.slow = chip == HW_CHIP_R7XX ? NULL
           : and_(j, icmp(j, LLVMIntUGE, mag, limit), icmp(j, LLVMIntULT, mag, kvec(j, 0x7F800000u)));
   LLVMValueRef x = widen(j, sel(j, ap.calc, u, kvec(j, 0x3F800000u)));
   LLVMValueRef y, q;
   if (chip == HW_CHIP_R7XX) {
      LLVMValueRef r = dsub(j, x, call1(j, "llvm.rint", x));
      LLVMValueRef qd = call1(j, "llvm.rint", dmul(j, r, kd(j, 4.0)));
      y = dmul(j, kd(j, SIM_TWO_PI), dsub(j, r, dmul(j, qd, kd(j, 0.25))));
      q = to_i32(j, qd);
   } else {
      LLVMValueRef k = call1(j, "llvm.rint", dmul(j, x, kd(j, 2.0 / M_PI)));
      y = dsub(j, dsub(j, dsub(j, x, dmul(j, k, kd(j, PIO2_1))), dmul(j, k, kd(j, PIO2_2))),
               dmul(j, k, kd(j, PIO2_3)));
      q = to_i32(j, k);
   }
   if (cosine)
      q = LLVMBuildAdd(j->b, q, kvec(j, 1), "");
   ap.r = sin_quadrant(j, y, q);
   if (chip == HW_CHIP_R7XX)
      ap.r = dadd(j, ap.r, kd(j, 0.0));   /* the reference's: an exact zero is +0 */
   return ap;
}

/* `fast`, with the lanes of `slow` (<16 x i1>) replaced by the C function's results: a call
 * only when there are any. */
static LLVMValueRef fallback(struct jb *j, enum hw_isa_id op, enum hw_chip chip, LLVMValueRef a,
                             LLVMValueRef fast, LLVMValueRef slow)
{
   LLVMValueRef m = LLVMBuildZExt(j->b, mask16(j, slow), j->i32, "");
   LLVMTypeRef i1 = LLVMInt1TypeInContext(j->ctx);
   static const char expect[] = "llvm.expect";
   unsigned id = LLVMLookupIntrinsicID(expect, sizeof(expect) - 1);
   LLVMValueRef eargs[2] = { icmp(j, LLVMIntNE, m, ci32(j, 0)), LLVMConstInt(i1, 0, 0) };
   LLVMValueRef any = LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->ctx, id, &i1, 1),
                                     LLVMGetIntrinsicDeclaration(j->mod, id, &i1, 1), eargs, 2, "");
   LLVMBasicBlockRef here = LLVMGetInsertBlock(j->b);
   LLVMBasicBlockRef call_bb = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "transc_lanes");
   LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "transc_done");
   LLVMBuildCondBr(j->b, any, call_bb, join);
   LLVMPositionBuilderAtEnd(j->b, call_bb);
   size_t tmp = offsetof(struct sim_run, tmp);
   LLVMValueRef buf = gep(j, j->x, tmp);
   store(j, fast, buf, 4);
   store(j, a, gep(j, j->x, tmp + 4 * SIM_LANES), 4);
   store(j, m, gep(j, j->x, tmp + 8 * SIM_LANES), 4);
   LLVMValueRef args[3] = { ci32(j, op), ci32(j, chip), buf };
   LLVMBuildCall2(j->b, j->lanes_ty, jit_host_fn(j, JIT_HOST_ALU_TRANSC), args, 3, "");
   LLVMValueRef fixed = load(j, j->vi, buf);
   LLVMBuildBr(j->b, join);
   LLVMPositionBuilderAtEnd(j->b, join);
   LLVMValueRef phi = LLVMBuildPhi(j->b, j->vi, "");
   LLVMValueRef vals[2] = { fast, fixed };
   LLVMBasicBlockRef from[2] = { here, call_bb };
   LLVMAddIncoming(phi, vals, from, 2);
   return phi;
}

/* The result of `ap`: rounded where safe, the C function's elsewhere. */
static LLVMValueRef finish(struct jb *j, enum hw_isa_id op, enum hw_chip chip, LLVMValueRef a,
                           const struct approx *ap)
{
   LLVMValueRef bits = LLVMBuildBitCast(j->b, ap->r, j->vl, "");
   LLVMValueRef low = and_(j, bits, kl(j, (1ull << 29) - 1));   /* below fp32's precision */
   LLVMValueRef near = icmp(j, LLVMIntULT, LLVMBuildSub(j->b, low, kl(j, (1ull << 28) - GUARD), ""),
                            kl(j, 2 * GUARD + 1));
   LLVMValueRef mag = and_(j, bits, kl(j, 0x7FFFFFFFFFFFFFFFull));
   LLVMValueRef tiny = icmp(j, LLVMIntULT, LLVMBuildSub(j->b, mag, kl(j, 1), ""),
                            kl(j, 0x3810000000000000ull - 1));   /* 0 < |r| < 2^-126 */
   LLVMValueRef slow = and_(j, ap->calc, or_(j, near, tiny));
   if (ap->slow)
      slow = or_(j, slow, ap->slow);
   LLVMValueRef rounded = I(j, LLVMBuildFPTrunc(j->b, ap->r, j->vf, ""));
   LLVMValueRef fast = inf_fix(j, op, sel(j, ap->calc, rounded, ap->other));
   return fallback(j, op, chip, a, fast, slow);
}

LLVMValueRef jit_transc(struct jb *j, enum hw_isa_id op, enum hw_chip chip, LLVMValueRef a)
{
   LLVMValueRef u = jit_ftz(j, a), x = F(j, u);
   struct approx ap;
   switch (op) {
   case HW_ISA_OP2_RECIP_CLAMPED: case HW_ISA_OP2_RECIP_FF: case HW_ISA_OP2_RECIP_IEEE:
      return inf_fix(j, op, jit_fres(j, LLVMBuildFDiv(j->b, kf(j, 1.0f), x, "")));
   case HW_ISA_OP2_RECIPSQRT_CLAMPED: case HW_ISA_OP2_RECIPSQRT_FF:
   case HW_ISA_OP2_RECIPSQRT_IEEE: {
      LLVMValueRef q = LLVMBuildFDiv(j->b, kd(j, 1.0), call1(j, "llvm.sqrt", widen(j, u)), "");
      return inf_fix(j, op, jit_fres(j, LLVMBuildFPTrunc(j->b, q, j->vf, "")));
   }
   case HW_ISA_OP2_SQRT_IEEE:
      return jit_fres(j, call1(j, "llvm.sqrt", x));
   case HW_ISA_OP2_EXP_IEEE:
      ap = exp2_approx(j, u);
      break;
   case HW_ISA_OP2_LOG_CLAMPED: case HW_ISA_OP2_LOG_IEEE:
      ap = log2_approx(j, u);
      break;
   default:   /* SIN, COS */
      ap = sincos_approx(j, chip, op == HW_ISA_OP2_COS, u);
      break;
   }
   return finish(j, op, chip, a, &ap);
}
