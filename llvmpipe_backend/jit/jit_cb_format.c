/* The CB's number conversions as IR (see jit_cb_format.h): the same IEEE operations as
 * pixel/cb_format.c, cb.c and float_conv.c, in double where they compute in double, so that
 * every bit agrees (jit_cb.c's header comment says why the float quotient of the UNORM and
 * SNORM read-back is exact). */
#include "jit/jit_cb_format.h"
#include "jit/jit_cb_ir.h"

#include "r600_regs.h"

#define NUM(n) CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_##n

static LLVMTypeRef vd(struct jb *j)   /* <16 x double> */
{
   return LLVMVectorType(LLVMDoubleTypeInContext(j->ctx), SIM_LANES);
}

static LLVMValueRef kdv(struct jb *j, double d)
{
   LLVMValueRef c = LLVMConstReal(LLVMDoubleTypeInContext(j->ctx), d), v[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      v[l] = c;
   return LLVMConstVector(v, SIM_LANES);
}

static LLVMValueRef ext_d(struct jb *j, LLVMValueRef f)
{
   return LLVMBuildFPExt(j->b, F(j, f), vd(j), "");
}

static LLVMValueRef trunc_f(struct jb *j, LLVMValueRef d)
{
   return LLVMBuildFPTrunc(j->b, d, j->vf, "");
}

/* The widest UNORM component whose scaling jit_cb_pack does in float for half-precision
 * values (those unorm_nearest does not take: ROUND_MODE truncate, 1-bit): v * max is exact
 * in float for v of 11 significant bits and max of up to 13, and adding 0.5 rounds, if at
 * all, to no other integer part (the products are multiples of 2^(e - 10) for v in
 * [2^e, 2^(e+1)), at least twice the rounding error of a sum below 2^(e + 14)).
 * tests/sim/test_jit_cb.c checks every half value at every width. */
#define HALF_UNORM_MAX_WIDTH 13

bool jit_cb_unit_source(const struct jit_cb_target_key *tk)
{
   return tk->number == NUM(UNORM) && !tk->is_float && !tk->integer &&
          (tk->blend_clamp || !tk->blend);
}

/* The clamp of sim_cb_clamp and cb_format.c, v > lo ? (v < hi ? v : hi) : lo, as
 * max(v, lo) then min(., hi) in the operand order of x86's MAXPS / MINPS (a NaN gives the
 * second operand), which LLVM selects for these selects: NaN -> lo, and -0 -> lo = +0 as
 * well. */
static LLVMValueRef clamp_range(struct jb *j, LLVMValueRef v, float lo, float hi)
{
   v = F(j, v);
   LLVMValueRef m = sel(j, fcmp(j, LLVMRealOGT, v, kf(j, lo)), v, kf(j, lo));
   return sel(j, fcmp(j, LLVMRealOLT, m, kf(j, hi)), m, kf(j, hi));
}

/* The EXPORT_NORM rounding of float bits (cb.c round_fp16). */
LLVMValueRef jit_cb_round_fp16(struct jb *j, LLVMValueRef u)
{
   LLVMValueRef sign = andk(j, u, 0x80000000u), a = andk(j, u, 0x7FFFFFFFu);
   LLVMValueRef nan = icmp(j, LLVMIntUGT, a, kvec(j, 0x7F800000u));
   LLVMValueRef normal = icmp(j, LLVMIntUGE, a, kvec(j, 0x38800000u));
   LLVMValueRef rn = add(j, add(j, a, kvec(j, 0xFFFu)), andk(j, lshr(j, a, 13), 1));
   rn = andk(j, rn, ~0x1FFFu);
   rn = sel(j, icmp(j, LLVMIntUGE, rn, kvec(j, 0x47800000u)), kvec(j, 0x7F800000u), rn);
   /* below 2^-14: to a multiple of 2^-24, to nearest even, by adding 0.5 (whose ulp is
    * 2^-24) and taking it off again, both exact but the rounding */
   LLVMValueRef dn = I(j, fsub(j, fadd(j, F(j, a), kf(j, 0.5f)), kf(j, 0.5f)));
   LLVMValueRef r = sel(j, normal, rn, dn);
   r = sel(j, nan, kvec(j, 0x7FC00000u), r);
   return or_(j, r, sign);
}

/* The clamp to [0, 1] first and then the rounding give what round_fp16 then the clamp give
 * (NaN, negatives and -0 go to +0 either way, values of 1 and up to 1, and the rounding is
 * monotonic and keeps 0 and 1), and on [0, 1] the rounding needs no special case: adding
 * K = 2^(e + 13) for v in [2^e, 2^(e+1)), e >= -14, rounds the sum to a multiple of
 * 2^(e - 10), the fp16 ulp, to nearest even (K is an even multiple of it), and below 2^-14
 * K = 2^-1 rounds to a multiple of 2^-24 as the denormals do; subtracting K again is exact
 * (Sterbenz). tests/sim/test_jit_cb.c checks every float in [0, 1]. */
LLVMValueRef jit_cb_unit_export(struct jb *j, LLVMValueRef u, bool export_norm)
{
   LLVMValueRef v = clamp_range(j, u, 0.0f, 1.0f);
   if (!export_norm)
      return v;
   LLVMValueRef e = andk(j, I(j, v), 0x7F800000u);
   e = sel(j, icmp(j, LLVMIntUGT, e, kvec(j, 0x38800000u)), e, kvec(j, 0x38800000u));
   LLVMValueRef k = F(j, add(j, e, kvec(j, 13u << 23)));
   return fsub(j, fadd(j, v, k), k);
}

/* sim_f32_to_minifloat(bits u, mbits, has_sign) */
static LLVMValueRef to_minifloat(struct jb *j, LLVMValueRef u, unsigned m, bool has_sign)
{
   uint32_t exp_mask = 31u << m;
   LLVMValueRef a = andk(j, u, 0x7FFFFFFFu);
   LLVMValueRef nan = icmp(j, LLVMIntUGT, a, kvec(j, 0x7F800000u));
   LLVMValueRef neg = icmp(j, LLVMIntNE, andk(j, u, 0x80000000u), kvec(j, 0));
   /* normal: round the mantissa to m bits on the bits (a carry moves into the exponent),
    * rebias 127 -> 15; overflow (and infinity) -> infinity */
   LLVMValueRef r = add(j, add(j, a, kvec(j, (1u << (22 - m)) - 1)), andk(j, lshr(j, a, 23 - m), 1));
   r = LLVMBuildSub(j->b, lshr(j, r, 23 - m), kvec(j, 112u << m), "");
   r = sel(j, icmp(j, LLVMIntUGE, r, kvec(j, exp_mask)), kvec(j, exp_mask), r);
   /* denormal: rint(x * 2^(14 + m)) <= 2^m, exact in float */
   LLVMValueRef v = fmul(j, F(j, a), kf(j, (float)(1u << (14 + m))));
   v = fsub(j, fadd(j, v, kf(j, 0x1p23f)), kf(j, 0x1p23f));
   LLVMValueRef dn = LLVMBuildFPToSI(j->b, v, j->vi, "");
   r = sel(j, icmp(j, LLVMIntUGE, a, kvec(j, 0x38800000u)), r, dn);
   r = sel(j, nan, kvec(j, exp_mask | 1u << (m - 1)), r);
   if (has_sign)
      return or_(j, r, and_(j, lshr(j, u, 31 - (5 + m)), kvec(j, 1u << (5 + m))));
   return sel(j, and_(j, neg, not_(j, nan)), kvec(j, 0), r);
}

/* sim_minifloat_to_f32(v, mbits, has_sign) */
static LLVMValueRef from_minifloat(struct jb *j, LLVMValueRef v, unsigned m, bool has_sign)
{
   LLVMValueRef sign = has_sign ? shl(j, andk(j, lshr(j, v, 5 + m), 1), 31) : kvec(j, 0);
   LLVMValueRef e = andk(j, lshr(j, v, m), 31), mt = andk(j, v, (1u << m) - 1);
   LLVMValueRef mant = shl(j, mt, 23 - m);
   LLVMValueRef special = or_(j, kvec(j, 0x7F800000u), mant);
   LLVMValueRef normal = or_(j, shl(j, add(j, e, kvec(j, 112)), 23), mant);
   LLVMValueRef dn = I(j, fmul(j, LLVMBuildSIToFP(j->b, mt, j->vf, ""),
                               kf(j, 1.0f / (float)(1u << (14 + m)))));
   LLVMValueRef r = sel(j, icmp(j, LLVMIntEQ, e, kvec(j, 31)), special,
                        sel(j, icmp(j, LLVMIntEQ, e, kvec(j, 0)), dn, normal));
   return or_(j, r, sign);
}

/* A component's range for sim_cb_clamp / to_scaled (cb_format.c int_range). */
static void int_range(unsigned number, unsigned width, double *lo, double *hi)
{
   bool is_signed = number == NUM(SSCALED) || number == NUM(SINT);
   double p = (double)(1ull << width);
   *lo = is_signed ? -p / 2 : 0.0;
   *hi = is_signed ? p / 2 - 1.0 : p - 1.0;
}

/* sim_cb_clamp(f, ch, v) on floats */
LLVMValueRef jit_cb_clamp(struct jb *j, const struct jit_cb_target_key *tk, unsigned ch,
                          LLVMValueRef v)
{
   double lo = 0.0, hi = 1.0;
   if (tk->is_float)
      return v;
   if (tk->number == NUM(SNORM))
      lo = -1.0;
   if (tk->number == NUM(USCALED) || tk->number == NUM(SSCALED)) {
      unsigned width = 0;
      for (unsigned c = 0; c < tk->ncomp; c++) {
         if (tk->chan[c] == ch)
            width = tk->width[c];
      }
      if (width)
         int_range(tk->number, width, &lo, &hi);
   }
   if ((double)(float)lo == lo && (double)(float)hi == hi)
      return clamp_range(j, v, (float)lo, (float)hi);
   v = F(j, v);
   LLVMValueRef d = ext_d(j, v);
   LLVMValueRef gt = LLVMBuildFCmp(j->b, LLVMRealOGT, d, kdv(j, lo), "");
   LLVMValueRef lt = LLVMBuildFCmp(j->b, LLVMRealOLT, d, kdv(j, hi), "");
   return sel(j, gt, sel(j, lt, v, kf(j, (float)hi)), kf(j, (float)lo));
}

/* llvm.fma of 16 floats: a * b + c rounded once. */
static LLVMValueRef fma_f(struct jb *j, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
   unsigned id = LLVMLookupIntrinsicID("llvm.fma", 8);
   LLVMValueRef args[3] = { a, b, c };
   return LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->ctx, id, &j->vf, 1),
                         LLVMGetIntrinsicDeclaration(j->mod, id, &j->vf, 1), args, 3, "");
}

/* floor(v * max + 0.5) for floats v in [0, 1] and max = 2^w - 1, 2 <= w <= 16: the integer
 * nearest to v * max, which is never a tie but at v = 1/2 (v * max = k + 1/2 needs
 * v = (2k + 1) / (2 max), a binary fraction only for 2k + 1 = max), where k + 1 = 2^(w-1) is
 * even: so v * max rounded to an integer, to nearest even, is the same. An FMA adding 2^23
 * rounds it so in its one rounding (the sum lies in [2^23, 2^24), where the ulp is 1, and
 * 2^23 is even), which leaves the integer in the low mantissa bits. Two operations instead
 * of unorm_floor's six. tests/sim/test_jit_cb.c checks every fp16 value and the floats next
 * to every threshold of every width. */
static LLVMValueRef unorm_nearest(struct jb *j, LLVMValueRef v, double max)
{
   LLVMValueRef x = fma_f(j, v, kf(j, (float)max), kf(j, 0x1p23f));
   return andk(j, I(j, x), (uint32_t)max);
}

/* floor(v * max + bias) for floats v in [0, 1], max = 2^w - 1 (w <= 16) and bias 0.5 or 0:
 * what cb_format.c computes in double (v * max is exact there, and adding 0.5 rounds, if at
 * all, to no other integer part: the sum's distance to an integer above it is a multiple of
 * ulp(v), some 2^-40 of the sum, far above the double's rounding error). In float:
 * x0 = v * max + bias rounded once lies in [k, k + 1] for the floor k (both are floats, and
 * rounding is monotonic). bias - x0 is exact (x0 >= bias, a multiple of ulp(x0)), so
 * rest = v * max + (bias - x0) from an FMA has the sign of the exact value minus x0: negative
 * when x0 was rounded up. Then x0's float predecessor (its bits minus 1, x0 > 0) has the
 * integer part k: x0 was k + 1, or not an integer and above k; otherwise x0 has it. A
 * conversion fewer than correcting the integer part. tests/sim/test_jit_cb.c checks the
 * sequence next to every rounding threshold of every width. */
static LLVMValueRef unorm_floor(struct jb *j, LLVMValueRef v, double max, bool half_up)
{
   LLVMValueRef m = kf(j, (float)max), bias = kf(j, half_up ? 0.5f : 0.0f);
   LLVMValueRef x0 = half_up ? fma_f(j, v, m, bias) : fmul(j, v, m);
   LLVMValueRef rest = fma_f(j, v, m, fsub(j, bias, x0));
   LLVMValueRef down = sel(j, fcmp(j, LLVMRealOLT, rest, kf(j, 0.0f)),
                           add(j, I(j, x0), kvec(j, ~0u)), I(j, x0));
   return LLVMBuildFPToSI(j->b, F(j, down), j->vi, "");
}

/* double -> integer with cb_format.c's rounding: toward zero, or to nearest with halves
 * away from zero (the sign handled like -floor(-v + 0.5)); as i64 or i32. */
static LLVMValueRef round_int(struct jb *j, LLVMValueRef s, bool truncate, LLVMTypeRef ity)
{
   if (truncate)
      return LLVMBuildFPToSI(j->b, s, ity, "");
   LLVMValueRef pos = LLVMBuildFPToSI(j->b, LLVMBuildFAdd(j->b, s, kdv(j, 0.5), ""), ity, "");
   LLVMValueRef negs = LLVMBuildFNeg(j->b, s, "");
   LLVMValueRef neg = LLVMBuildNeg(j->b, LLVMBuildFPToSI(j->b, LLVMBuildFAdd(j->b, negs, kdv(j, 0.5), ""),
                                                          ity, ""), "");
   return sel(j, LLVMBuildFCmp(j->b, LLVMRealOLT, s, kdv(j, 0.0), ""), neg, pos);
}

/* One component of sim_cb_pack: the value (float bits, or an integer for UINT / SINT) of
 * shader channel ch -> the component's bits (not yet masked to the width). `clamped`: the
 * value went through clamp_chan, so the UNORM / SNORM range clamps change nothing; `half`:
 * the value is one of an fp16 (EXPORT_NORM rounding). */
static LLVMValueRef pack_comp(struct jb *j, const struct jit_cb_target_key *tk, unsigned c,
                              LLVMValueRef in, bool clamped, bool half)
{
   unsigned w = tk->width[c];
   if (tk->is_float)
      return w == 32 ? in : to_minifloat(j, in, w == 16 ? 10 : w - 5, w == 16);
   if (tk->integer) {
      if (w == 32)
         return in;
      if (tk->number == NUM(UINT))
         return sel(j, icmp(j, LLVMIntUGT, in, kvec(j, (1u << w) - 1)), kvec(j, (1u << w) - 1), in);
      int32_t lo = -(int32_t)(1u << (w - 1)), hi = (int32_t)(1u << (w - 1)) - 1;
      LLVMValueRef v = sel(j, icmp(j, LLVMIntSGT, in, kvec(j, (uint32_t)hi)), kvec(j, (uint32_t)hi), in);
      return sel(j, icmp(j, LLVMIntSLT, v, kvec(j, (uint32_t)lo)), kvec(j, (uint32_t)lo), v);
   }
   LLVMValueRef x = F(j, in);
   if (tk->number == NUM(UNORM)) {
      double max = (double)((1ull << w) - 1);
      LLVMValueRef v = clamped ? x : clamp_range(j, x, 0.0f, 1.0f);
      if (!tk->truncate && w >= 2 && w <= 16)
         return unorm_nearest(j, v, max);
      if (half && w <= HALF_UNORM_MAX_WIDTH) {   /* the same sums in float (an exact product) */
         LLVMValueRef m = kf(j, (float)max);
         LLVMValueRef s = tk->truncate ? fmul(j, v, m) : fma_f(j, v, m, kf(j, 0.5f));
         return LLVMBuildFPToSI(j->b, s, j->vi, "");
      }
      if (w <= 16)
         return unorm_floor(j, v, max, !tk->truncate);
      LLVMValueRef s = LLVMBuildFMul(j->b, ext_d(j, v), kdv(j, max), "");
      if (!tk->truncate)
         s = LLVMBuildFAdd(j->b, s, kdv(j, 0.5), "");
      /* s < 2^31 but for 32-bit components: the signed conversion is the same and cheaper */
      return w < 32 ? LLVMBuildFPToSI(j->b, s, j->vi, "") : LLVMBuildFPToUI(j->b, s, j->vi, "");
   }
   if (tk->number == NUM(SNORM)) {
      double max = (double)((1ull << (w - 1)) - 1);
      LLVMValueRef v = clamped ? x : sel(j, fcmp(j, LLVMRealOGT, x, kf(j, -1.0f)),
                                         sel(j, fcmp(j, LLVMRealOLT, x, kf(j, 1.0f)), x, kf(j, 1.0f)),
                                         sel(j, fcmp(j, LLVMRealOLE, x, kf(j, -1.0f)), kf(j, -1.0f),
                                             kf(j, 0.0f)));
      LLVMValueRef s = LLVMBuildFMul(j->b, ext_d(j, v), kdv(j, max), "");
      return round_int(j, s, tk->truncate, j->vi);
   }
   /* USCALED / SSCALED (cb_format.c to_scaled), in double */
   double lo, hi;
   int_range(tk->number, w, &lo, &hi);
   LLVMValueRef d = ext_d(j, x);
   LLVMValueRef v = sel(j, LLVMBuildFCmp(j->b, LLVMRealOGT, d, kdv(j, lo), ""),
                        sel(j, LLVMBuildFCmp(j->b, LLVMRealOLT, d, kdv(j, hi), ""), d, kdv(j, hi)),
                        sel(j, LLVMBuildFCmp(j->b, LLVMRealOLE, d, kdv(j, lo), ""), kdv(j, lo),
                            kdv(j, 0.0)));
   return LLVMBuildTrunc(j->b, round_int(j, v, tk->truncate, j->vl), j->vi, "");
}

/* sim_cb_pack: values per shader channel -> the pixel's words (w[0..3], lane vectors). */
void jit_cb_pack(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef in[4],
                 bool half, bool clamped, LLVMValueRef words[4])
{
   for (unsigned w = 0; w < 4; w++)
      words[w] = kvec(j, 0);
   for (unsigned c = 0; c < tk->ncomp; c++) {
      unsigned w = tk->width[c], sh = tk->shift[c];
      LLVMValueRef v = pack_comp(j, tk, c, I(j, in[tk->chan[c]]), clamped, half);
      if (w < 32 && tk->number != NUM(UNORM))   /* UNORM values are in [0, max] */
         v = andk(j, v, (1u << w) - 1);
      if (sh % 32)
         v = shl(j, v, sh % 32);
      words[sh / 32] = or_(j, words[sh / 32], v);
   }
}

/* The float of u / max for integers u of at most 16 bits and max = 2^w - 1 or 2^(w-1) - 1
 * (w <= 16): u times r = 1 / max split in two floats, r_hi = (float)r and
 * r_lo = (float)(r - r_hi), as fma(u, r_hi, u * r_lo), rounded once but for the tiny u * r_lo,
 * gives the bits of (float)(u / max) for every such u (which cb_format.c computes in double,
 * and the float division gives too: the header comment). tests/sim/test_jit_cb.c checks this
 * sequence on every u of every width. A multiply and an FMA instead of a division. */
static LLVMValueRef quotient(struct jb *j, LLVMValueRef u, double max)
{
   float hi = (float)(1.0 / max), lo = (float)(1.0 / max - (double)hi);
   return fma_f(j, u, kf(j, hi), fmul(j, u, kf(j, lo)));
}

/* sim_cb_unpack: the pixel's words -> floats per shader channel (non-integer formats) */
void jit_cb_unpack(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef words[4],
                   LLVMValueRef out[4])
{
   out[0] = out[1] = out[2] = kf(j, 0.0f);
   out[3] = kf(j, 1.0f);
   for (unsigned c = 0; c < tk->ncomp; c++) {
      unsigned w = tk->width[c], sh = tk->shift[c];
      LLVMValueRef u = words[sh / 32];
      if (sh % 32)
         u = lshr(j, u, sh % 32);
      if (w < 32)
         u = andk(j, u, (1u << w) - 1);
      LLVMValueRef v;
      if (tk->is_float) {
         v = F(j, w == 32 ? u : from_minifloat(j, u, w == 16 ? 10 : w - 5, w == 16));
      } else if (tk->number == NUM(UNORM) || tk->number == NUM(SNORM)) {
         bool snorm = tk->number == NUM(SNORM);
         double max = snorm ? (double)((1ull << (w - 1)) - 1) : (double)((1ull << w) - 1);
         LLVMValueRef s = u;
         if (snorm && w < 32)
            s = LLVMBuildAShr(j->b, shl(j, u, 32 - w), kvec(j, 32 - w), "");
         if (w <= 16) {
            v = quotient(j, LLVMBuildSIToFP(j->b, s, j->vf, ""), max);
            /* fmax(v, -1): a NaN gives -1 (a 1-bit SNORM component divides by 0) */
            if (snorm)
               v = sel(j, fcmp(j, LLVMRealOGE, v, kf(j, -1.0f)), v, kf(j, -1.0f));
         } else {
            LLVMValueRef d = snorm ? LLVMBuildSIToFP(j->b, s, vd(j), "") : LLVMBuildUIToFP(j->b, s, vd(j), "");
            d = LLVMBuildFDiv(j->b, d, kdv(j, max), "");
            if (snorm)
               d = sel(j, LLVMBuildFCmp(j->b, LLVMRealOLT, d, kdv(j, -1.0), ""), kdv(j, -1.0), d);
            v = trunc_f(j, d);
         }
      } else if (tk->number == NUM(SSCALED)) {
         LLVMValueRef s = w < 32 ? LLVMBuildAShr(j->b, shl(j, u, 32 - w), kvec(j, 32 - w), "") : u;
         v = LLVMBuildSIToFP(j->b, s, j->vf, "");
      } else {
         v = LLVMBuildUIToFP(j->b, u, j->vf, "");
      }
      out[tk->chan[c]] = v;
   }
}
