/* The SX alpha test and the CB write as IR (see jit_cb.h).
 *
 * The same steps as pixel/cb.c's write_sample, on 16 lanes of <16 x i32> / <16 x float>
 * (lane l at x = sim_lane_x(l), y = sim_lane_y(l) of the block) and in the same IEEE
 * operations, so that every bit agrees: conversions that cb_format.c does in double are
 * done in double here. Per target: the export (EXPORT_NORM rounding on the bits), the
 * BLEND_CLAMP clamp, per sample plane the destination (four row loads, their pixels shuffled
 * into lane order, ENDIAN swaps on the bytes), unpack, blend, pack, ROP3, CLRCMP, the write
 * bits and four row stores. A fully covered block inside the surface (every lane, every
 * sample) takes plain loads and stores; any other takes masked ones that touch only the
 * written pixels (lanes outside the surface are never accessed, as in the C code).
 *
 * Two rules of cb_blend.c come from the C library it calls: fminf / fmaxf are glibc's
 * x86-64 ones (minss / maxss when ordered, which return the second operand when equal; a
 * quiet NaN operand gives the other operand, a signalling one a NaN), reproduced in
 * fmin_libc. UNORM and SNORM values are read back as (float)(u / max) in double; for
 * components of up to 16 bits the float division u / max rounds to the same float (the
 * quotient is never within 2^-40 of a float midpoint, so the double rounding of the C code
 * cannot matter; tests/sim/test_jit_cb.c checks every value).
 *
 * The C code writes lane by lane, each lane's targets in turn; this code target by target.
 * The bytes are the same unless two targets' memory overlaps at different pixel positions
 * (no GL framebuffer does that; the same surface bound twice is fine).
 *
 * Not supported (jit_cb_key_init returns false): RESOLVE_BOX, sRGB, blending of *_FLOAT
 * formats (the sign and payload of NaN results depend on the operand order each compiler
 * picks: test_jit_cb finds such differences when it is allowed). */
#include "jit/jit_cb.h"

#include <stddef.h>
#include <string.h>

#include "r600_regs.h"
#include "raster/sc.h"

#define NUM(n) CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_##n
#define FACTOR(n) CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_##n
#define COMB(n) CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_##n

/* ---- the key --------------------------------------------------------------------------- */

/* The fields of a CB_BLEND_CONTROL value that sim_cb_blend reads. */
static uint32_t blend_fields(uint32_t bc)
{
   uint32_t keep = CB_BLEND_CONTROL__COLOR_SRCBLEND(~0u) | CB_BLEND_CONTROL__COLOR_DESTBLEND(~0u) |
                   CB_BLEND_CONTROL__COLOR_COMB_FCN(~0u) |
                   CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND(~0u);
   if (CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND__get(bc))
      keep |= CB_BLEND_CONTROL__ALPHA_SRCBLEND(~0u) | CB_BLEND_CONTROL__ALPHA_DESTBLEND(~0u) |
              CB_BLEND_CONTROL__ALPHA_COMB_FCN(~0u);
   return bc & keep;
}

bool jit_cb_key_init(struct jit_cb_key *k, const struct sim_cb_state *cb)
{
   memset(k, 0, sizeof(*k));
   if (cb->resolve)
      return false;
   k->num_targets = (uint8_t)cb->num_targets;
   k->alpha_test = cb->alpha_test;
   k->alpha_func = cb->alpha_test ? (uint8_t)cb->alpha_func : 0;
   if (cb->clrcmp.active && cb->num_targets) {
      k->clrcmp_active = 1;
      k->clrcmp_fcn_src = (uint8_t)cb->clrcmp.fcn_src;
      k->clrcmp_fcn_dst = (uint8_t)cb->clrcmp.fcn_dst;
      k->clrcmp_sel = (uint8_t)cb->clrcmp.sel;
   }
   for (unsigned i = 0; i < cb->num_targets; i++) {
      const struct sim_cb_target *t = &cb->t[i];
      const struct sim_cb_format *f = &t->fmt;
      struct jit_cb_target_key *tk = &k->t[i];
      if (f->number == NUM(SRGB) || (t->blend && f->is_float))
         return false;
      if (i == 0)
         k->samples = (uint8_t)t->samples;
      else if (t->samples != k->samples)
         return false;
      if (t->samples < 1 || t->samples > 8)
         return false;
      tk->format = (uint8_t)f->format;
      tk->number = (uint8_t)f->number;
      tk->bpp = (uint8_t)f->bpp;
      tk->ncomp = (uint8_t)f->ncomp;
      for (unsigned c = 0; c < f->ncomp; c++) {
         tk->width[c] = (uint8_t)f->width[c];
         tk->shift[c] = (uint8_t)f->shift[c];
         tk->chan[c] = (uint8_t)f->chan[c];
      }
      tk->is_float = f->is_float;
      tk->integer = f->integer;
      tk->truncate = f->truncate;
      tk->export_norm = f->export_norm;
      tk->endian_group = (uint8_t)f->endian_group;
      tk->export_index = (uint8_t)t->export_index;
      tk->blend = t->blend;
      tk->blend_clamp = t->blend_clamp && !f->integer;
      tk->rop = t->rop;
      if (t->rop)
         k->rop3 = cb->rop3 & 0xF;
      tk->blend_ctl = t->blend ? blend_fields(t->blend_ctl) : 0;
      for (unsigned w = 0; w < SIM_CB_MAX_BPP / 4; w++)
         tk->write_bits[w] = t->write_bits.w[w];
   }
   return true;
}

/* ---- IR helpers ------------------------------------------------------------------------ */

/* The emitter's state for one call. */
struct cbe {
   struct jb *j;
   const struct jit_cb_key *k;
   LLVMValueRef cb, out;
   LLVMTypeRef f64, vd;               /* double, <16 x double> */
   LLVMValueRef bx, by;
   LLVMValueRef mask;                 /* i16: the lanes of mask */
   LLVMValueRef sm;                   /* <16 x i8>: smask */
   LLVMValueRef full;                 /* i1: every lane and every sample covered */
   LLVMValueRef xs, ys;               /* <16 x i32>: pixel coordinates */
};

static LLVMValueRef kdv(struct cbe *e, double d)
{
   LLVMValueRef c = LLVMConstReal(e->f64, d), v[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      v[l] = c;
   return LLVMConstVector(v, SIM_LANES);
}

static LLVMValueRef ext_d(struct cbe *e, LLVMValueRef f)
{
   return LLVMBuildFPExt(e->j->b, F(e->j, f), e->vd, "");
}

static LLVMValueRef trunc_f(struct cbe *e, LLVMValueRef d)
{
   return LLVMBuildFPTrunc(e->j->b, d, e->j->vf, "");
}

static LLVMValueRef fmul(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFMul(j->b, a, b, ""); }
static LLVMValueRef fadd(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFAdd(j->b, a, b, ""); }
static LLVMValueRef fsub(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFSub(j->b, a, b, ""); }
static LLVMValueRef add(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildAdd(j->b, a, b, ""); }
static LLVMValueRef shl(struct jb *j, LLVMValueRef a, uint32_t n) { return LLVMBuildShl(j->b, a, kvec(j, n), ""); }
static LLVMValueRef lshr(struct jb *j, LLVMValueRef a, uint32_t n) { return LLVMBuildLShr(j->b, a, kvec(j, n), ""); }
static LLVMValueRef andk(struct jb *j, LLVMValueRef a, uint32_t m) { return and_(j, a, kvec(j, m)); }

static LLVMValueRef splatf(struct jb *j, LLVMValueRef s)
{
   LLVMValueRef v = LLVMBuildInsertElement(j->b, LLVMGetPoison(j->vf), s, ci32(j, 0), "");
   return LLVMBuildShuffleVector(j->b, v, LLVMGetPoison(j->vf), LLVMConstNull(j->vi), "");
}

static LLVMValueRef all_ones(struct jb *j, unsigned n)
{
   return LLVMConstAllOnes(LLVMVectorType(LLVMInt1TypeInContext(j->ctx), n));
}

/* shufflevector(a, b, idx[0..n-1]) */
static LLVMValueRef shuffle(struct jb *j, LLVMValueRef a, LLVMValueRef b, const unsigned *idx,
                            unsigned n)
{
   LLVMValueRef c[64];
   for (unsigned i = 0; i < n; i++)
      c[i] = ci32(j, idx[i]);
   return LLVMBuildShuffleVector(j->b, a, b ? b : LLVMGetPoison(LLVMTypeOf(a)),
                                 LLVMConstVector(c, n), "");
}

/* a ++ b (vectors of the same type) */
static LLVMValueRef concat(struct jb *j, LLVMValueRef a, LLVMValueRef b)
{
   unsigned n = LLVMGetVectorSize(LLVMTypeOf(a)), idx[64];
   for (unsigned i = 0; i < 2 * n; i++)
      idx[i] = i;
   return shuffle(j, a, b, idx, 2 * n);
}

static LLVMValueRef load_at(struct jb *j, LLVMTypeRef ty, LLVMValueRef base, size_t off,
                            unsigned align)
{
   LLVMValueRef v = LLVMBuildLoad2(j->b, ty, gep(j, base, off), "");
   LLVMSetAlignment(v, align);
   return v;
}

static LLVMValueRef call_intrinsic(struct jb *j, const char *name, LLVMTypeRef *tys, unsigned ntys,
                                   LLVMValueRef *args, unsigned nargs)
{
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMValueRef decl = LLVMGetIntrinsicDeclaration(j->mod, id, tys, ntys);
   LLVMTypeRef fty = LLVMIntrinsicGetType(j->ctx, id, tys, ntys);
   return LLVMBuildCall2(j->b, fty, decl, args, nargs, "");
}

/* A <16 x i8> of v. */
static LLVMValueRef splat8(struct jb *j, unsigned v)
{
   LLVMValueRef c[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      c[l] = LLVMConstInt(j->i8, v, 0);
   return LLVMConstVector(c, SIM_LANES);
}

/* The lanes of a <16 x i1> as an i1: all set. */
static LLVMValueRef all_set(struct jb *j, LLVMValueRef v16i1)
{
   return icmp(j, LLVMIntEQ, mask16(j, v16i1), ci16(j, 0xFFFF));
}

/* ---- number conversions (float_conv.c, cb_format.c, cb.c) ---------------------------- */

/* The EXPORT_NORM rounding of float bits (cb.c round_fp16). */
static LLVMValueRef round_fp16(struct jb *j, LLVMValueRef u)
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

/* glibc's x86-64 fminf (min) / fmaxf (!min) of x, y; see the header comment. */
static LLVMValueRef fmin_libc(struct jb *j, LLVMValueRef x, LLVMValueRef y, bool min)
{
   LLVMValueRef xn = fcmp(j, LLVMRealUNO, x, x), yn = fcmp(j, LLVMRealUNO, y, y);
   LLVMValueRef ord = sel(j, fcmp(j, min ? LLVMRealOLT : LLVMRealOGT, x, y), F(j, x), F(j, y));
   LLVMValueRef xq = icmp(j, LLVMIntNE, andk(j, I(j, x), 0x400000u), kvec(j, 0));
   LLVMValueRef yq = icmp(j, LLVMIntNE, andk(j, I(j, y), 0x400000u), kvec(j, 0));
   LLVMValueRef qx = F(j, or_(j, I(j, x), kvec(j, 0x400000u)));
   LLVMValueRef qy = F(j, or_(j, I(j, y), kvec(j, 0x400000u)));
   LLVMValueRef only_x = sel(j, xq, F(j, y), qx);
   LLVMValueRef only_y = sel(j, yq, F(j, x), qy);
   LLVMValueRef r = sel(j, xn, sel(j, yn, qx, only_x), sel(j, yn, only_y, ord));
   return r;
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
static LLVMValueRef clamp_chan(struct cbe *e, const struct jit_cb_target_key *tk, unsigned ch,
                               LLVMValueRef v)
{
   struct jb *j = e->j;
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
   v = F(j, v);
   LLVMValueRef gt, lt;
   if ((double)(float)lo == lo && (double)(float)hi == hi) {
      gt = fcmp(j, LLVMRealOGT, v, kf(j, (float)lo));
      lt = fcmp(j, LLVMRealOLT, v, kf(j, (float)hi));
   } else {
      LLVMValueRef d = ext_d(e, v);
      gt = LLVMBuildFCmp(j->b, LLVMRealOGT, d, kdv(e, lo), "");
      lt = LLVMBuildFCmp(j->b, LLVMRealOLT, d, kdv(e, hi), "");
   }
   return sel(j, gt, sel(j, lt, v, kf(j, (float)hi)), kf(j, (float)lo));
}

/* double -> integer with cb_format.c's rounding: toward zero, or to nearest with halves
 * away from zero (the sign handled like -floor(-v + 0.5)); as i64 or i32. */
static LLVMValueRef round_int(struct cbe *e, LLVMValueRef s, bool truncate, LLVMTypeRef ity)
{
   struct jb *j = e->j;
   if (truncate)
      return LLVMBuildFPToSI(j->b, s, ity, "");
   LLVMValueRef pos = LLVMBuildFPToSI(j->b, LLVMBuildFAdd(j->b, s, kdv(e, 0.5), ""), ity, "");
   LLVMValueRef negs = LLVMBuildFNeg(j->b, s, "");
   LLVMValueRef neg = LLVMBuildNeg(j->b, LLVMBuildFPToSI(j->b, LLVMBuildFAdd(j->b, negs, kdv(e, 0.5), ""),
                                                          ity, ""), "");
   return sel(j, LLVMBuildFCmp(j->b, LLVMRealOLT, s, kdv(e, 0.0), ""), neg, pos);
}

/* One component of sim_cb_pack: the value (float bits, or an integer for UINT / SINT) of
 * shader channel ch -> the component's bits (not yet masked to the width). `clamped`: the
 * value went through clamp_chan, so the UNORM / SNORM range clamps change nothing. */
static LLVMValueRef pack_comp(struct cbe *e, const struct jit_cb_target_key *tk, unsigned c,
                              LLVMValueRef in, bool clamped)
{
   struct jb *j = e->j;
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
      LLVMValueRef v = clamped ? x : sel(j, fcmp(j, LLVMRealOGT, x, kf(j, 0.0f)),
                                         sel(j, fcmp(j, LLVMRealOLT, x, kf(j, 1.0f)), x, kf(j, 1.0f)),
                                         kf(j, 0.0f));
      LLVMValueRef s = LLVMBuildFMul(j->b, ext_d(e, v), kdv(e, max), "");
      if (!tk->truncate)
         s = LLVMBuildFAdd(j->b, s, kdv(e, 0.5), "");
      /* s < 2^31 but for 32-bit components: the signed conversion is the same and cheaper */
      return w < 32 ? LLVMBuildFPToSI(j->b, s, j->vi, "") : LLVMBuildFPToUI(j->b, s, j->vi, "");
   }
   if (tk->number == NUM(SNORM)) {
      double max = (double)((1ull << (w - 1)) - 1);
      LLVMValueRef v = clamped ? x : sel(j, fcmp(j, LLVMRealOGT, x, kf(j, -1.0f)),
                                         sel(j, fcmp(j, LLVMRealOLT, x, kf(j, 1.0f)), x, kf(j, 1.0f)),
                                         sel(j, fcmp(j, LLVMRealOLE, x, kf(j, -1.0f)), kf(j, -1.0f),
                                             kf(j, 0.0f)));
      LLVMValueRef s = LLVMBuildFMul(j->b, ext_d(e, v), kdv(e, max), "");
      return round_int(e, s, tk->truncate, j->vi);
   }
   /* USCALED / SSCALED (cb_format.c to_scaled), in double */
   double lo, hi;
   int_range(tk->number, w, &lo, &hi);
   LLVMValueRef d = ext_d(e, x);
   LLVMValueRef v = sel(j, LLVMBuildFCmp(j->b, LLVMRealOGT, d, kdv(e, lo), ""),
                        sel(j, LLVMBuildFCmp(j->b, LLVMRealOLT, d, kdv(e, hi), ""), d, kdv(e, hi)),
                        sel(j, LLVMBuildFCmp(j->b, LLVMRealOLE, d, kdv(e, lo), ""), kdv(e, lo),
                            kdv(e, 0.0)));
   return LLVMBuildTrunc(j->b, round_int(e, v, tk->truncate, e->j->vl), j->vi, "");
}

/* sim_cb_pack: values per shader channel -> the pixel's words (w[0..3], lane vectors); with
 * BLEND_CLAMP the values (source or blend result) have been clamped. */
static void pack(struct cbe *e, const struct jit_cb_target_key *tk, LLVMValueRef in[4],
                 LLVMValueRef words[4])
{
   struct jb *j = e->j;
   for (unsigned w = 0; w < 4; w++)
      words[w] = kvec(j, 0);
   for (unsigned c = 0; c < tk->ncomp; c++) {
      unsigned w = tk->width[c], sh = tk->shift[c];
      LLVMValueRef v = pack_comp(e, tk, c, I(j, in[tk->chan[c]]), tk->blend_clamp);
      if (w < 32)
         v = andk(j, v, (1u << w) - 1);
      if (sh % 32)
         v = shl(j, v, sh % 32);
      words[sh / 32] = or_(j, words[sh / 32], v);
   }
}

/* sim_cb_unpack: the pixel's words -> floats per shader channel (non-integer formats) */
static void unpack(struct cbe *e, const struct jit_cb_target_key *tk, LLVMValueRef words[4],
                   LLVMValueRef out[4])
{
   struct jb *j = e->j;
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
            /* the float quotient (see the header comment) */
            v = LLVMBuildFDiv(j->b, LLVMBuildSIToFP(j->b, s, j->vf, ""), kf(j, (float)max), "");
            /* fmax(v, -1): a NaN gives -1 (a 1-bit SNORM component divides by 0) */
            if (snorm)
               v = sel(j, fcmp(j, LLVMRealOGE, v, kf(j, -1.0f)), v, kf(j, -1.0f));
         } else {
            LLVMValueRef d = snorm ? LLVMBuildSIToFP(j->b, s, e->vd, "") : LLVMBuildUIToFP(j->b, s, e->vd, "");
            d = LLVMBuildFDiv(j->b, d, kdv(e, max), "");
            if (snorm)
               d = sel(j, LLVMBuildFCmp(j->b, LLVMRealOLT, d, kdv(e, -1.0), ""), kdv(e, -1.0), d);
            v = trunc_f(e, d);
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

/* ---- blending (cb_blend.c) ------------------------------------------------------------- */

struct blend_in {
   LLVMValueRef s[4], s1[4], d[4], k[4];
};

static LLVMValueRef factor(struct jb *j, unsigned f, unsigned ch, const struct blend_in *b)
{
   LLVMValueRef one = kf(j, 1.0f);
   switch (f) {
   case FACTOR(ZERO): return kf(j, 0.0f);
   case FACTOR(ONE): return one;
   case FACTOR(SRC_COLOR): return b->s[ch];
   case FACTOR(ONE_MINUS_SRC_COLOR): return fsub(j, one, b->s[ch]);
   case FACTOR(SRC_ALPHA): return b->s[3];
   case FACTOR(ONE_MINUS_SRC_ALPHA): return fsub(j, one, b->s[3]);
   case FACTOR(DST_ALPHA): return b->d[3];
   case FACTOR(ONE_MINUS_DST_ALPHA): return fsub(j, one, b->d[3]);
   case FACTOR(DST_COLOR): return b->d[ch];
   case FACTOR(ONE_MINUS_DST_COLOR): return fsub(j, one, b->d[ch]);
   case FACTOR(SRC_ALPHA_SATURATE):
      return ch == 3 ? one : fmin_libc(j, b->s[3], fsub(j, one, b->d[3]), true);
   case FACTOR(BOTH_SRC_ALPHA): return b->s[3];
   case FACTOR(BOTH_INV_SRC_ALPHA): return fsub(j, one, b->s[3]);
   case FACTOR(CONST_COLOR): return b->k[ch];
   case FACTOR(ONE_MINUS_CONST_COLOR): return fsub(j, one, b->k[ch]);
   case FACTOR(SRC1_COLOR): return b->s1[ch];
   case FACTOR(INV_SRC1_COLOR): return fsub(j, one, b->s1[ch]);
   case FACTOR(SRC1_ALPHA): return b->s1[3];
   case FACTOR(INV_SRC1_ALPHA): return fsub(j, one, b->s1[3]);
   case FACTOR(CONST_ALPHA): return b->k[3];
   case FACTOR(ONE_MINUS_CONST_ALPHA): return fsub(j, one, b->k[3]);
   }
   return kf(j, 0.0f);   /* reserved codes */
}

static bool factor_uses(unsigned f, bool src1)
{
   if (src1)
      return f >= FACTOR(SRC1_COLOR) && f <= FACTOR(INV_SRC1_ALPHA);
   return f == FACTOR(CONST_COLOR) || f == FACTOR(ONE_MINUS_CONST_COLOR) ||
          f == FACTOR(CONST_ALPHA) || f == FACTOR(ONE_MINUS_CONST_ALPHA);
}

/* Whether the blend reads the second source (src1) or the constant (!src1). */
static bool blend_uses(uint32_t bc, bool src1)
{
   return factor_uses(CB_BLEND_CONTROL__COLOR_SRCBLEND__get(bc), src1) ||
          factor_uses(CB_BLEND_CONTROL__COLOR_DESTBLEND__get(bc), src1) ||
          factor_uses(CB_BLEND_CONTROL__ALPHA_SRCBLEND__get(bc), src1) ||
          factor_uses(CB_BLEND_CONTROL__ALPHA_DESTBLEND__get(bc), src1);
}

static void blend(struct jb *j, uint32_t bc, const struct blend_in *b, LLVMValueRef out[4])
{
   bool sep = CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND__get(bc);
   for (unsigned ch = 0; ch < 4; ch++) {
      bool a = ch == 3 && sep;
      unsigned src_f = a ? CB_BLEND_CONTROL__ALPHA_SRCBLEND__get(bc)
                         : CB_BLEND_CONTROL__COLOR_SRCBLEND__get(bc);
      unsigned dst_f = a ? CB_BLEND_CONTROL__ALPHA_DESTBLEND__get(bc)
                         : CB_BLEND_CONTROL__COLOR_DESTBLEND__get(bc);
      unsigned comb = a ? CB_BLEND_CONTROL__ALPHA_COMB_FCN__get(bc)
                        : CB_BLEND_CONTROL__COLOR_COMB_FCN__get(bc);
      LLVMValueRef s = b->s[ch], d = b->d[ch];
      if (comb == COMB(MIN_DST_SRC) || comb == COMB(MAX_DST_SRC)) {
         out[ch] = fmin_libc(j, s, d, comb == COMB(MIN_DST_SRC));
         continue;
      }
      LLVMValueRef fs = factor(j, src_f, ch, b), fd = factor(j, dst_f, ch, b);
      if (src_f == FACTOR(BOTH_SRC_ALPHA))
         fd = fsub(j, kf(j, 1.0f), b->s[3]);
      else if (src_f == FACTOR(BOTH_INV_SRC_ALPHA))
         fd = b->s[3];
      if (comb == COMB(SRC_MINUS_DST))
         out[ch] = fsub(j, fmul(j, s, fs), fmul(j, d, fd));
      else if (comb == COMB(DST_MINUS_SRC))
         out[ch] = fsub(j, fmul(j, d, fd), fmul(j, s, fs));
      else
         out[ch] = fadd(j, fmul(j, s, fs), fmul(j, d, fd));
   }
}

/* ---- memory: the 4 rows of a block ----------------------------------------------------- */

static unsigned lane_of(unsigned x, unsigned y)
{
   return (x & 1) | (x >> 1) << 2 | (y & 1) << 1 | (y >> 1) << 3;
}

/* The rows' element type: one per pixel for 1- and 2-byte pixels, dwords otherwise. */
static unsigned pixel_dwords(const struct jit_cb_target_key *tk) { return tk->bpp >= 4 ? tk->bpp / 4u : 1u; }

static LLVMTypeRef row_elem(struct jb *j, const struct jit_cb_target_key *tk)
{
   return tk->bpp == 1 ? j->i8 : tk->bpp == 2 ? j->i16 : j->i32;
}

/* ENDIAN: swaps the bytes within each group of a row vector (an involution). */
static LLVMValueRef endian_swap(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef row)
{
   unsigned g = tk->endian_group, nb = 4 * tk->bpp, idx[64];
   if (g <= 1)
      return row;
   LLVMTypeRef ty = LLVMTypeOf(row);
   LLVMValueRef bytes = LLVMBuildBitCast(j->b, row, LLVMVectorType(j->i8, nb), "");
   for (unsigned i = 0; i < nb; i++)
      idx[i] = i - i % g + (g - 1 - i % g);
   return LLVMBuildBitCast(j->b, shuffle(j, bytes, NULL, idx, nb), ty, "");
}

/* The element mask of row r from an i16 lane mask. (Lane masks are kept as i16: x86
 * without AVX-512 has no shuffles of bit vectors.) */
static LLVMValueRef row_mask(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef lm,
                             unsigned r)
{
   unsigned nw = pixel_dwords(tk), ne = 4 * nw;
   LLVMValueRef bits[16];
   for (unsigned i = 0; i < ne; i++)
      bits[i] = ci32(j, 1u << lane_of(i / nw, r));
   LLVMTypeRef vt = LLVMVectorType(j->i32, ne);
   LLVMValueRef v = LLVMBuildInsertElement(j->b, LLVMGetPoison(vt), LLVMBuildZExt(j->b, lm, j->i32, ""),
                                           ci32(j, 0), "");
   v = LLVMBuildShuffleVector(j->b, v, LLVMGetPoison(vt), LLVMConstNull(vt), "");
   v = LLVMBuildAnd(j->b, v, LLVMConstVector(bits, ne), "");
   return LLVMBuildICmp(j->b, LLVMIntNE, v, LLVMConstNull(vt), "");
}

/* The pixels of the 4 rows at rows[r] as dwords per lane (words[0..nw-1]); lm: the lanes to
 * read (others read as 0), NULL: all. */
static void load_rows(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef rows[4],
                      LLVMValueRef lm, LLVMValueRef words[4])
{
   unsigned nw = pixel_dwords(tk), ne = 4 * nw;
   LLVMTypeRef et = row_elem(j, tk), rty = LLVMVectorType(et, ne);
   unsigned align = et == j->i8 ? 1 : et == j->i16 ? 2 : 4;
   LLVMValueRef r32[4];
   for (unsigned r = 0; r < 4; r++) {
      LLVMValueRef v;
      if (lm) {
         LLVMTypeRef tys[2] = { rty, j->ptr };
         LLVMValueRef args[4] = { rows[r], ci32(j, align), row_mask(j, tk, lm, r),
                                  LLVMConstNull(rty) };
         v = call_intrinsic(j, "llvm.masked.load", tys, 2, args, 4);
      } else {
         v = LLVMBuildLoad2(j->b, rty, rows[r], "");
         LLVMSetAlignment(v, align);
      }
      v = endian_swap(j, tk, v);
      r32[r] = et == j->i32 ? v : LLVMBuildZExt(j->b, v, LLVMVectorType(j->i32, ne), "");
   }
   LLVMValueRef cat = concat(j, concat(j, r32[0], r32[1]), concat(j, r32[2], r32[3]));
   for (unsigned w = 0; w < 4; w++) {
      if (w >= nw) {
         words[w] = kvec(j, 0);
         continue;
      }
      unsigned idx[SIM_LANES];
      for (unsigned l = 0; l < SIM_LANES; l++)
         idx[l] = sim_lane_y(l) * ne + sim_lane_x(l) * nw + w;
      words[w] = shuffle(j, cat, NULL, idx, SIM_LANES);
   }
}

/* The inverse of load_rows: writes the lanes of lm (NULL: all). */
static void store_rows(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef rows[4],
                       LLVMValueRef lm, LLVMValueRef words[4])
{
   unsigned nw = pixel_dwords(tk), ne = 4 * nw;
   LLVMTypeRef et = row_elem(j, tk), rty = LLVMVectorType(et, ne);
   unsigned align = et == j->i8 ? 1 : et == j->i16 ? 2 : 4;
   LLVMValueRef cat = words[0];
   if (nw >= 2)
      cat = concat(j, words[0], words[1]);
   if (nw == 4)
      cat = concat(j, cat, concat(j, words[2], words[3]));
   for (unsigned r = 0; r < 4; r++) {
      unsigned idx[16];
      for (unsigned i = 0; i < ne; i++)
         idx[i] = (i % nw) * SIM_LANES + lane_of(i / nw, r);
      LLVMValueRef v = shuffle(j, cat, NULL, idx, ne);
      if (et != j->i32)
         v = LLVMBuildTrunc(j->b, v, rty, "");
      v = endian_swap(j, tk, v);
      if (lm) {
         LLVMTypeRef tys[2] = { rty, j->ptr };
         LLVMValueRef args[4] = { v, rows[r], ci32(j, align), row_mask(j, tk, lm, r) };
         call_intrinsic(j, "llvm.masked.store", tys, 2, args, 4);
      } else {
         store(j, v, rows[r], align);
      }
   }
}

/* ---- one target ------------------------------------------------------------------------ */

/* What a target's planes share: its run-time fields and the source values. */
struct target_ctx {
   const struct jit_cb_target_key *tk;
   LLVMValueRef base, pitch, height, sample_bytes;
   struct blend_in b;                 /* s, s1, k (d per plane) */
   LLVMValueRef packed[4];            /* without blending: the source packed once */
   bool need_dst, full_bits;
};

static size_t target_off(unsigned i, size_t field)
{
   return offsetof(struct sim_cb_state, t) + i * sizeof(struct sim_cb_target) + field;
}

static size_t export_off(unsigned n, unsigned ch)
{
   return offsetof(struct sim_exports, pixel) + ((size_t)n * 4 + ch) * SIM_LANES * 4;
}

/* CB_CLRCMP on the packed source and destination's low dwords: the lanes that may write. */
static LLVMValueRef clrcmp(struct cbe *e, LLVMValueRef src, LLVMValueRef dst)
{
   struct jb *j = e->j;
   const struct jit_cb_key *k = e->k;
   size_t cc = offsetof(struct sim_cb_state, clrcmp);
   LLVMValueRef msk = splat(j, load_at(j, j->i32, e->cb, cc + offsetof(struct sim_cb_clrcmp, mask), 4));
   LLVMValueRef refs[2] = {
      splat(j, load_at(j, j->i32, e->cb, cc + offsetof(struct sim_cb_clrcmp, src), 4)),
      splat(j, load_at(j, j->i32, e->cb, cc + offsetof(struct sim_cb_clrcmp, dst), 4)) };
   LLVMValueRef px[2] = { src, dst }, pass[2];
   unsigned fcn[2] = { k->clrcmp_fcn_src, k->clrcmp_fcn_dst };
   for (unsigned i = 0; i < 2; i++) {
      LLVMValueRef eq = icmp(j, LLVMIntEQ, and_(j, px[i], msk), and_(j, refs[i], msk));
      switch (fcn[i]) {
      case CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_NEVER:
         pass[i] = LLVMConstNull(j->vb);
         break;
      case CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ON_NEQ: pass[i] = not_(j, eq); break;
      case CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ON_EQ: pass[i] = eq; break;
      default: pass[i] = all_ones(j, SIM_LANES); break;   /* ALWAYS and reserved codes */
      }
   }
   switch (k->clrcmp_sel) {
   case CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL__CLRCMP_SEL_SRC: return pass[0];
   case CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL__CLRCMP_SEL_AND: return and_(j, pass[0], pass[1]);
   default: return pass[1];
   }
}

/* Sample plane `s` of target i: lm the i16 mask of the lanes written (NULL: all, plain
 * loads and stores). */
static void emit_plane(struct cbe *e, struct target_ctx *tc, unsigned s,
                       LLVMValueRef lm)
{
   struct jb *j = e->j;
   const struct jit_cb_target_key *tk = tc->tk;
   LLVMValueRef plane = tc->base;
   if (s)
      plane = LLVMBuildGEP2(j->b, j->i8, plane, (LLVMValueRef[]){ LLVMBuildMul(j->b, tc->sample_bytes,
                                                                  LLVMConstInt(j->i64, s, 0), "") }, 1, "");
   LLVMValueRef rows[4];
   LLVMValueRef pitch64 = LLVMBuildZExt(j->b, tc->pitch, j->i64, "");
   LLVMValueRef bx64 = LLVMBuildSExt(j->b, e->bx, j->i64, ""), by64 = LLVMBuildSExt(j->b, e->by, j->i64, "");
   for (unsigned r = 0; r < 4; r++) {
      LLVMValueRef y = LLVMBuildAdd(j->b, by64, LLVMConstInt(j->i64, r, 0), "");
      LLVMValueRef px = LLVMBuildAdd(j->b, LLVMBuildMul(j->b, y, pitch64, ""), bx64, "");
      LLVMValueRef off = LLVMBuildMul(j->b, px, LLVMConstInt(j->i64, tk->bpp, 0), "");
      rows[r] = LLVMBuildGEP2(j->b, j->i8, plane, &off, 1, "");
   }
   LLVMValueRef dst[4] = { NULL };
   if (tc->need_dst)
      load_rows(j, tk, rows, lm, dst);

   LLVMValueRef packed[4];
   if (tk->blend) {
      struct blend_in b = tc->b;
      LLVMValueRef res[4];
      unpack(e, tk, dst, b.d);
      blend(j, tk->blend_ctl, &b, res);
      for (unsigned c = 0; c < 4; c++)
         res[c] = tk->blend_clamp ? clamp_chan(e, tk, c, res[c]) : res[c];
      pack(e, tk, res, packed);
   } else {
      memcpy(packed, tc->packed, sizeof(packed));
   }
   if (tk->rop) {
      unsigned code = e->k->rop3;
      for (unsigned w = 0; w < 4; w++) {
         LLVMValueRef sv = packed[w], dv = dst[w], r = kvec(j, 0);
         if (code & 1)
            r = or_(j, r, and_(j, not_(j, sv), not_(j, dv)));
         if (code & 2)
            r = or_(j, r, and_(j, not_(j, sv), dv));
         if (code & 4)
            r = or_(j, r, and_(j, sv, not_(j, dv)));
         if (code & 8)
            r = or_(j, r, and_(j, sv, dv));
         packed[w] = r;
      }
   }
   if (e->k->clrcmp_active) {
      LLVMValueRef pass = clrcmp(e, packed[0], dst[0]);
      lm = lm ? and_(j, lm, mask16(j, pass)) : mask16(j, pass);
   }
   if (!tc->full_bits) {
      for (unsigned w = 0; w < pixel_dwords(tk); w++) {
         uint32_t bits = tk->write_bits[w];
         packed[w] = or_(j, andk(j, dst[w], ~bits), andk(j, packed[w], bits));
      }
   }
   store_rows(j, tk, rows, lm, packed);
}

static void emit_target(struct cbe *e, unsigned i)
{
   struct jb *j = e->j;
   const struct jit_cb_target_key *tk = &e->k->t[i];
   struct target_ctx tc;
   memset(&tc, 0, sizeof(tc));
   tc.tk = tk;

   LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "cb_target");
   LLVMBasicBlockRef fast = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "cb_full");
   LLVMBasicBlockRef gen = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "cb_masked");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "cb_next");
   LLVMValueRef pm = load_at(j, j->i8, e->out, offsetof(struct sim_exports, pixel_mask), 1);
   LLVMValueRef exported = LLVMBuildICmp(j->b, LLVMIntNE,
                                         LLVMBuildAnd(j->b, pm, LLVMConstInt(j->i8, 1u << tk->export_index, 0), ""),
                                         LLVMConstInt(j->i8, 0, 0), "");
   LLVMBuildCondBr(j->b, exported, body, done);

   LLVMPositionBuilderAtEnd(j->b, body);
   tc.base = load_at(j, j->ptr, e->cb, target_off(i, offsetof(struct sim_cb_target, base)), 8);
   tc.pitch = load_at(j, j->i32, e->cb, target_off(i, offsetof(struct sim_cb_target, pitch)), 4);
   tc.height = load_at(j, j->i32, e->cb, target_off(i, offsetof(struct sim_cb_target, height)), 4);
   tc.sample_bytes = load_at(j, j->i64, e->cb, target_off(i, offsetof(struct sim_cb_target, sample_bytes)), 8);

   /* the source (write_sample before the destination is read) */
   LLVMValueRef packed_in[4];
   for (unsigned c = 0; c < 4; c++) {
      LLVMValueRef u = load_at(j, j->vi, e->out, export_off(tk->export_index, c), 4);
      if (tk->export_norm)
         u = round_fp16(j, u);
      tc.b.s[c] = tk->blend_clamp ? clamp_chan(e, tk, c, F(j, u)) : F(j, u);
      packed_in[c] = tk->integer ? u : tc.b.s[c];
   }
   if (tk->blend && blend_uses(tk->blend_ctl, true)) {
      for (unsigned c = 0; c < 4; c++) {
         LLVMValueRef u = load_at(j, j->vi, e->out, export_off(1, c), 4);
         if (tk->export_norm)
            u = round_fp16(j, u);
         tc.b.s1[c] = tk->blend_clamp ? clamp_chan(e, tk, c, F(j, u)) : F(j, u);
      }
   }
   if (tk->blend && blend_uses(tk->blend_ctl, false)) {
      for (unsigned c = 0; c < 4; c++)
         tc.b.k[c] = splatf(j, load_at(j, j->f32, e->cb,
                                       target_off(i, offsetof(struct sim_cb_target, blend_const)) + 4 * c, 4));
   }
   if (!tk->blend)
      pack(e, tk, packed_in, tc.packed);
   tc.full_bits = true;
   for (unsigned w = 0; w < pixel_dwords(tk); w++) {
      uint32_t all = tk->bpp >= 4 ? 0xFFFFFFFFu : (1u << (8 * tk->bpp)) - 1;
      tc.full_bits &= tk->write_bits[w] == all;
   }
   tc.need_dst = tk->blend || tk->rop || e->k->clrcmp_active || !tc.full_bits;

   /* the whole block inside the surface, every lane and sample covered: plain rows */
   LLVMValueRef bx64 = LLVMBuildSExt(j->b, e->bx, j->i64, ""), by64 = LLVMBuildSExt(j->b, e->by, j->i64, "");
   LLVMValueRef inside = and_(j, e->full,
      and_(j, and_(j, icmp(j, LLVMIntSGE, bx64, LLVMConstInt(j->i64, 0, 0)),
                   icmp(j, LLVMIntSGE, by64, LLVMConstInt(j->i64, 0, 0))),
           and_(j, icmp(j, LLVMIntSLE, LLVMBuildAdd(j->b, bx64, LLVMConstInt(j->i64, 4, 0), ""),
                        LLVMBuildZExt(j->b, tc.pitch, j->i64, "")),
                icmp(j, LLVMIntSLE, LLVMBuildAdd(j->b, by64, LLVMConstInt(j->i64, 4, 0), ""),
                     LLVMBuildZExt(j->b, tc.height, j->i64, "")))));
   LLVMBuildCondBr(j->b, inside, fast, gen);

   LLVMPositionBuilderAtEnd(j->b, fast);
   for (unsigned s = 0; s < e->k->samples; s++)
      emit_plane(e, &tc, s, NULL);
   LLVMBuildBr(j->b, done);

   LLVMPositionBuilderAtEnd(j->b, gen);
   LLVMValueRef lm = and_(j, e->mask,
                          and_(j, mask16(j, icmp(j, LLVMIntULT, e->xs, splat(j, tc.pitch))),
                               mask16(j, icmp(j, LLVMIntULT, e->ys, splat(j, tc.height)))));
   for (unsigned s = 0; s < e->k->samples; s++) {
      LLVMValueRef bit = LLVMBuildAnd(j->b, e->sm, splat8(j, 1u << s), "");
      LLVMValueRef has = mask16(j, icmp(j, LLVMIntNE, bit, LLVMConstNull(LLVMTypeOf(bit))));
      emit_plane(e, &tc, s, and_(j, lm, has));
   }
   LLVMBuildBr(j->b, done);
   LLVMPositionBuilderAtEnd(j->b, done);
}

/* ---- entry points ---------------------------------------------------------------------- */

LLVMValueRef jit_sx_alpha_emit(struct jb *j, const struct jit_cb_key *k, LLVMValueRef cb,
                               LLVMValueRef mask, LLVMValueRef out)
{
   if (!k->alpha_test)
      return mask;
   LLVMValueRef a = F(j, load_at(j, j->vi, out, export_off(0, 3), 4));
   LLVMValueRef pm = load_at(j, j->i8, out, offsetof(struct sim_exports, pixel_mask), 1);
   LLVMValueRef has = LLVMBuildTrunc(j->b, pm, LLVMInt1TypeInContext(j->ctx), "");
   a = sel(j, has, a, kf(j, 0.0f));
   LLVMValueRef ref = splatf(j, load_at(j, j->f32, cb, offsetof(struct sim_cb_state, alpha_ref), 4));
   LLVMRealPredicate pr;
   switch (k->alpha_func) {
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_NEVER: return ci16(j, 0);
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_LESS: pr = LLVMRealOLT; break;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_EQUAL: pr = LLVMRealOEQ; break;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_LEQUAL: pr = LLVMRealOLE; break;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_GREATER: pr = LLVMRealOGT; break;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_NOTEQUAL: pr = LLVMRealUNE; break;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_GEQUAL: pr = LLVMRealOGE; break;
   default: return mask;
   }
   return LLVMBuildAnd(j->b, mask, mask16(j, fcmp(j, pr, a, ref)), "");
}

void jit_cb_emit(struct jb *j, const struct jit_cb_key *k, LLVMValueRef cb, LLVMValueRef bx,
                 LLVMValueRef by, LLVMValueRef mask, LLVMValueRef smask, LLVMValueRef out)
{
   if (!k->num_targets)
      return;
   struct cbe e = { .j = j, .k = k, .cb = cb, .out = out, .bx = bx, .by = by };
   e.f64 = LLVMDoubleTypeInContext(j->ctx);
   e.vd = LLVMVectorType(e.f64, SIM_LANES);
   LLVMValueRef lx[SIM_LANES], ly[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++) {
      lx[l] = ci32(j, sim_lane_x(l));
      ly[l] = ci32(j, sim_lane_y(l));
   }
   e.xs = add(j, splat(j, bx), LLVMConstVector(lx, SIM_LANES));
   e.ys = add(j, splat(j, by), LLVMConstVector(ly, SIM_LANES));
   e.mask = mask;
   e.sm = LLVMBuildLoad2(j->b, LLVMVectorType(j->i8, SIM_LANES), smask, "");
   LLVMSetAlignment(e.sm, 1);
   e.full = and_(j, icmp(j, LLVMIntEQ, mask, ci16(j, 0xFFFF)),
                 all_set(j, icmp(j, LLVMIntEQ, e.sm, splat8(j, (1u << k->samples) - 1))));
   for (unsigned i = 0; i < k->num_targets; i++)
      emit_target(&e, i);
}
