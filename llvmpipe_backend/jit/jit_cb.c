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
 * Blending follows cb_blend.c's NaN rules (a NaN MIN / MAX operand ignored, -0 < +0, every
 * NaN result the default quiet NaN), so *_FLOAT formats blend here too, bit for bit. UNORM
 * and SNORM values are read back as (float)(u / max) in double; for components of up to 16
 * bits the float division u / max rounds to the same float (the quotient is never within
 * 2^-40 of a float midpoint, so the double rounding of the C code cannot matter), and so does
 * the product by the reciprocal split in two floats, in an FMA (jit_cb_format.c quotient),
 * which the code uses; tests/sim/test_jit_cb.c checks every value.
 *
 * The C code writes lane by lane, each lane's targets in turn; this code target by target.
 * The bytes are the same unless two targets' memory overlaps at different pixel positions
 * (no GL framebuffer does that; the same surface bound twice is fine).
 *
 * Not supported (jit_cb_key_init returns false): RESOLVE_BOX, sRGB. */
#include "jit/jit_cb.h"
#include "jit/jit_cb_format.h"
#include "jit/jit_cb_ir.h"

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
      if (f->number == NUM(SRGB))
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
   LLVMValueRef bx, by;
   LLVMValueRef mask;                 /* i16: the lanes of mask */
   LLVMValueRef sm;                   /* <16 x i8>: smask */
   LLVMValueRef full;                 /* i1: every lane and every sample covered */
   LLVMValueRef xs, ys;               /* <16 x i32>: pixel coordinates */
};


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

/* ---- blending (cb_blend.c) ------------------------------------------------------------- */

struct blend_in {
   LLVMValueRef s[4], s1[4], d[4], k[4];
};

/* cb_blend.c quiet: the default quiet NaN for a NaN lane. */
static LLVMValueRef quiet_nan(struct jb *j, LLVMValueRef v)
{
   return sel(j, fcmp(j, LLVMRealUNO, v, v), F(j, kvec(j, 0x7FC00000u)), F(j, v));
}

/* cb_blend.c blend_min: min (or max, !min) of x and y, a NaN operand ignored, -0 < +0; both
 * NaN: a NaN (blend makes it the default one). */
static LLVMValueRef blend_min(struct jb *j, LLVMValueRef x, LLVMValueRef y, bool min)
{
   x = F(j, x);
   y = F(j, y);
   LLVMValueRef x_neg = icmp(j, LLVMIntSLT, I(j, x), kvec(j, 0));
   LLVMValueRef eq = sel(j, min ? x_neg : not_(j, x_neg), x, y);
   LLVMValueRef ord = sel(j, fcmp(j, min ? LLVMRealOLT : LLVMRealOGT, x, y), x, y);
   LLVMValueRef r = sel(j, fcmp(j, LLVMRealOEQ, x, y), eq, ord);
   return sel(j, fcmp(j, LLVMRealUNO, x, x), y,
              sel(j, fcmp(j, LLVMRealUNO, y, y), x, r));
}

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
      return ch == 3 ? one : blend_min(j, b->s[3], fsub(j, one, b->d[3]), true);
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

/* Whether the target blends with the second source (src1) or the constant (!src1). */
static bool blend_uses(const struct jit_cb_target_key *tk, bool src1)
{
   uint32_t bc = tk->blend_ctl;
   return tk->blend && (factor_uses(CB_BLEND_CONTROL__COLOR_SRCBLEND__get(bc), src1) ||
                        factor_uses(CB_BLEND_CONTROL__COLOR_DESTBLEND__get(bc), src1) ||
                        factor_uses(CB_BLEND_CONTROL__ALPHA_SRCBLEND__get(bc), src1) ||
                        factor_uses(CB_BLEND_CONTROL__ALPHA_DESTBLEND__get(bc), src1));
}

bool jit_cb_reads_src1(const struct jit_cb_key *k)
{
   for (unsigned i = 0; i < k->num_targets; i++) {
      if (blend_uses(&k->t[i], true))
         return true;
   }
   return false;
}

/* cb_blend.c's result of a blend: a NaN made the default quiet NaN, which only a *_FLOAT
 * format keeps (every other packs all NaNs alike). */
static LLVMValueRef result(struct jb *j, LLVMValueRef r, bool is_float)
{
   return is_float ? quiet_nan(j, r) : r;
}

/* Channel ch's factors and function in a CB_BLEND_CONTROL value. */
static void channel_blend(uint32_t bc, unsigned ch, unsigned *src_f, unsigned *dst_f,
                          unsigned *comb)
{
   bool a = ch == 3 && CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND__get(bc);
   *src_f = a ? CB_BLEND_CONTROL__ALPHA_SRCBLEND__get(bc) : CB_BLEND_CONTROL__COLOR_SRCBLEND__get(bc);
   *dst_f = a ? CB_BLEND_CONTROL__ALPHA_DESTBLEND__get(bc) : CB_BLEND_CONTROL__COLOR_DESTBLEND__get(bc);
   *comb = a ? CB_BLEND_CONTROL__ALPHA_COMB_FCN__get(bc) : CB_BLEND_CONTROL__COLOR_COMB_FCN__get(bc);
}

/* Whether channel ch blends s * As + d * (1 - As) or s * (1 - As) + d * As: with s, As and
 * d in [0, 1] (no NaN, no -0) the result is in [0, 1] and not -0, so the BLEND_CLAMP clamp
 * after it changes nothing. The rounded products are at most As and RN(1 - As), which is
 * 1 - As exactly for As >= 1/2 (Sterbenz) and within 2^-25 of it below; their sum, at most
 * 1 + 2^-25, rounds to at most 1 (rounding is monotonic). */
static bool blend_in_unit(uint32_t bc, unsigned ch)
{
   unsigned src_f, dst_f, comb;
   channel_blend(bc, ch, &src_f, &dst_f, &comb);
   if (comb == COMB(SRC_MINUS_DST) || comb == COMB(DST_MINUS_SRC) ||
       comb == COMB(MIN_DST_SRC) || comb == COMB(MAX_DST_SRC))
      return false;
   return src_f == FACTOR(BOTH_SRC_ALPHA) || src_f == FACTOR(BOTH_INV_SRC_ALPHA) ||
          (src_f == FACTOR(SRC_ALPHA) && dst_f == FACTOR(ONE_MINUS_SRC_ALPHA)) ||
          (src_f == FACTOR(ONE_MINUS_SRC_ALPHA) && dst_f == FACTOR(SRC_ALPHA));
}

static void blend(struct jb *j, uint32_t bc, bool is_float, const struct blend_in *b,
                  LLVMValueRef out[4])
{
   for (unsigned ch = 0; ch < 4; ch++) {
      unsigned src_f, dst_f, comb;
      channel_blend(bc, ch, &src_f, &dst_f, &comb);
      LLVMValueRef s = b->s[ch], d = b->d[ch];
      if (comb == COMB(MIN_DST_SRC) || comb == COMB(MAX_DST_SRC)) {
         out[ch] = result(j, blend_min(j, s, d, comb == COMB(MIN_DST_SRC)), is_float);
         continue;
      }
      LLVMValueRef fs = factor(j, src_f, ch, b), fd = factor(j, dst_f, ch, b);
      if (src_f == FACTOR(BOTH_SRC_ALPHA))
         fd = fsub(j, kf(j, 1.0f), b->s[3]);
      else if (src_f == FACTOR(BOTH_INV_SRC_ALPHA))
         fd = b->s[3];
      LLVMValueRef r;
      if (comb == COMB(SRC_MINUS_DST))
         r = fsub(j, fmul(j, s, fs), fmul(j, d, fd));
      else if (comb == COMB(DST_MINUS_SRC))
         r = fsub(j, fmul(j, d, fd), fmul(j, s, fs));
      else
         r = fadd(j, fmul(j, s, fs), fmul(j, d, fd));
      out[ch] = result(j, r, is_float);
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
   /* the block's pixels row after row (one permutation), then each row a slice of them;
    * the freeze keeps x86's code generator from moving the permutation onto each operand
    * of the packing's ORs */
   unsigned idx[64];
   for (unsigned i = 0; i < 4 * ne; i++)
      idx[i] = (i % nw) * SIM_LANES + lane_of(i % ne / nw, i / ne);
   LLVMValueRef block = shuffle(j, LLVMBuildFreeze(j->b, cat, ""), NULL, idx, 4 * ne);
   if (et != j->i32)
      block = LLVMBuildTrunc(j->b, block, LLVMVectorType(et, 4 * ne), "");
   for (unsigned r = 0; r < 4; r++) {
      for (unsigned i = 0; i < ne; i++)
         idx[i] = r * ne + i;
      LLVMValueRef v = endian_swap(j, tk, shuffle(j, block, NULL, idx, ne));
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
   LLVMValueRef bpp = LLVMConstInt(j->i64, tk->bpp, 0);
   LLVMValueRef px = LLVMBuildAdd(j->b, LLVMBuildMul(j->b, by64, pitch64, ""), bx64, "");
   LLVMValueRef stride = LLVMBuildMul(j->b, pitch64, bpp, "");
   rows[0] = LLVMBuildGEP2(j->b, j->i8, plane, (LLVMValueRef[]){ LLVMBuildMul(j->b, px, bpp, "") }, 1, "");
   for (unsigned r = 1; r < 4; r++)
      rows[r] = LLVMBuildGEP2(j->b, j->i8, rows[r - 1], &stride, 1, "");
   LLVMValueRef dst[4] = { NULL };
   if (tc->need_dst)
      load_rows(j, tk, rows, lm, dst);

   LLVMValueRef packed[4];
   if (tk->blend) {
      struct blend_in b = tc->b;
      LLVMValueRef res[4];
      jit_cb_unpack(j, tk, dst, b.d);
      blend(j, tk->blend_ctl, tk->is_float, &b, res);
      for (unsigned c = 0; c < 4; c++) {
         /* a unit source's d is a UNORM value in [0, 1] as well */
         bool in_unit = jit_cb_unit_source(tk) && blend_in_unit(tk->blend_ctl, c);
         res[c] = tk->blend_clamp && !in_unit ? jit_cb_clamp(j, tk, c, res[c]) : res[c];
      }
      jit_cb_pack(j, tk, res, false, tk->blend_clamp, packed);
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

/* A source channel (export bits u of shader channel c) as write_sample takes it: EXPORT_NORM
 * rounded and with BLEND_CLAMP clamped; float bits for non-integer formats. */
static LLVMValueRef source(struct jb *j, const struct jit_cb_target_key *tk, unsigned c,
                           LLVMValueRef u)
{
   if (jit_cb_unit_source(tk))
      return jit_cb_unit_export(j, u, tk->export_norm);
   if (tk->export_norm)
      u = jit_cb_round_fp16(j, u);
   return tk->blend_clamp ? jit_cb_clamp(j, tk, c, F(j, u)) : F(j, u);
}

/* b >= 0 and b + 4 <= size for i32 b and a size below 2^31 (the CB's pitches and heights
 * are): one unsigned compare of b zero-extended, as a negative b is then 2^31 or more. */
static LLVMValueRef block_fits(struct jb *j, LLVMValueRef b, LLVMValueRef size)
{
   LLVMValueRef end = LLVMBuildAdd(j->b, LLVMBuildZExt(j->b, b, j->i64, ""),
                                   LLVMConstInt(j->i64, 4, 0), "");
   return icmp(j, LLVMIntULE, end, LLVMBuildZExt(j->b, size, j->i64, ""));
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
      tc.b.s[c] = source(j, tk, c, u);
      packed_in[c] = tk->integer ? u : tc.b.s[c];
   }
   if (blend_uses(tk, true)) {
      for (unsigned c = 0; c < 4; c++)
         tc.b.s1[c] = source(j, tk, c, load_at(j, j->vi, e->out, export_off(1, c), 4));
   }
   if (blend_uses(tk, false)) {
      for (unsigned c = 0; c < 4; c++)
         tc.b.k[c] = splatf(j, load_at(j, j->f32, e->cb,
                                       target_off(i, offsetof(struct sim_cb_target, blend_const)) + 4 * c, 4));
   }
   if (!tk->blend)
      jit_cb_pack(j, tk, packed_in, tk->export_norm, tk->blend_clamp || jit_cb_unit_source(tk),
                  tc.packed);
   tc.full_bits = true;
   for (unsigned w = 0; w < pixel_dwords(tk); w++) {
      uint32_t all = tk->bpp >= 4 ? 0xFFFFFFFFu : (1u << (8 * tk->bpp)) - 1;
      tc.full_bits &= tk->write_bits[w] == all;
   }
   tc.need_dst = tk->blend || tk->rop || e->k->clrcmp_active || !tc.full_bits;

   /* the whole block inside the surface, every lane and sample covered: plain rows */
   LLVMValueRef inside = and_(j, e->full, and_(j, block_fits(j, e->bx, tc.pitch),
                                                block_fits(j, e->by, tc.height)));
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
