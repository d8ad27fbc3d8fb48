/* TEX clauses -> LLVM IR: SAMPLE, SAMPLE_L, SAMPLE_LB and SAMPLE_LZ inline, computing what
 * tex_unit.c's sample() / filter() and tex_view.c's sim_tex_sample_level() compute, with the
 * same fp32 operations in the same order (no contraction, no fast-math: the bits match), for
 * clauses whose every instruction passes sim_tex_fast_inst (tex_fast.h).
 *
 * What depends on the draw's registers (the view, its host mapping and format, the sampler,
 * the lanes of the clause's and instruction's quad modes) is resolved per run of the clause
 * by sim_tex_fast_prepare into sim_run.tex_fast; when that declines (a state the inline code
 * does not sample, or anything that could fault) the clause runs through sim_cf_step, so
 * faults are always the C path's. The implicit LOD calls the host's log2f, the function
 * tex_unit.c calls (JIT_HOST_LOG2F), and floor is llvm.floor (exact, as floorf).
 *
 * Code shape: per instruction, the implicit LOD of the four quads (PS only, as quad_lod),
 * then a loop over the instruction's lanes calling the module's lane sampler (tex_lane: LOD
 * clamp, mip selection and blend, the resource swizzle), which calls the level sampler
 * (tex_level: coordinates, CLAMP modes through tex_wrap, point / bilinear taps, border),
 * into a result buffer; then DST_SEL writes the lanes of the destination GPR. The result
 * buffer keeps an instruction whose source is its destination correct, as in tex_unit.c. */
#include <stddef.h>
#include <stdint.h>

#include "jit/jit_host.h"
#include "jit/jit_tex.h"
#include "r600_regs.h"
#include "sq/run_state.h"
#include "sq/tex_fast.h"

#define ONE_F32 0x3F800000u
#define FIELD(member) offsetof(struct sim_tex_fast, member)
#define LEVEL_FIELD(member) offsetof(struct sim_tex_fast_level, member)

static LLVMValueRef kf32(struct jb *j, float f) { return LLVMConstReal(j->f32, f); }

static LLVMValueRef ld(struct jb *j, LLVMTypeRef ty, LLVMValueRef base, uint64_t off)
{
   LLVMValueRef v = LLVMBuildLoad2(j->b, ty, off ? gep(j, base, off) : base, "");
   LLVMSetAlignment(v, ty == j->ptr ? 8 : ty == j->i16 ? 2 : 4);
   return v;
}

/* base + index * scale (bytes; index an i32 >= 0 or an i64). */
static LLVMValueRef index_ptr(struct jb *j, LLVMValueRef base, LLVMValueRef index, uint64_t scale)
{
   LLVMValueRef i = LLVMTypeOf(index) == j->i64 ? index : LLVMBuildZExt(j->b, index, j->i64, "");
   if (scale != 1)
      i = LLVMBuildMul(j->b, i, LLVMConstInt(j->i64, scale, 0), "");
   return LLVMBuildGEP2(j->b, j->i8, base, &i, 1, "");
}

static LLVMValueRef floor_f32(struct jb *j, LLVMValueRef a)
{
   unsigned id = LLVMLookupIntrinsicID("llvm.floor", 10);
   LLVMValueRef decl = LLVMGetIntrinsicDeclaration(j->mod, id, &j->f32, 1);
   return LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->ctx, id, &j->f32, 1), decl, &a, 1, "");
}

static LLVMValueRef fadd(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFAdd(j->b, a, b, ""); }
static LLVMValueRef fsub(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFSub(j->b, a, b, ""); }
static LLVMValueRef fmul(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFMul(j->b, a, b, ""); }
static LLVMValueRef fcmp1(struct jb *j, LLVMRealPredicate p, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildFCmp(j->b, p, a, b, "");
}
static LLVMValueRef tof(struct jb *j, LLVMValueRef v) { return LLVMBuildBitCast(j->b, v, j->f32, ""); }

static LLVMBasicBlockRef block(struct jb *j, const char *name)
{
   return LLVMAppendBasicBlockInContext(j->ctx, j->fn, name);
}

/* An internal function of the module, built once: *built = false when it must be built now
 * (j->fn and the builder then point into it; the caller restores them). */
static LLVMValueRef module_fn(struct jb *j, const char *name, LLVMTypeRef ty, bool *built)
{
   LLVMValueRef fn = LLVMGetNamedFunction(j->mod, name);
   *built = fn != NULL;
   if (fn)
      return fn;
   fn = LLVMAddFunction(j->mod, name, ty);
   LLVMSetLinkage(fn, LLVMInternalLinkage);
   static const char dn_key[] = "denormal-fp-math", dn_val[] = "preserve-sign,preserve-sign";
   LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                           LLVMCreateStringAttribute(j->ctx, dn_key, sizeof(dn_key) - 1, dn_val,
                                                     sizeof(dn_val) - 1));
   unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
   LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(j->ctx, nounwind, 0));
   j->fn = fn;
   LLVMPositionBuilderAtEnd(j->b, LLVMAppendBasicBlockInContext(j->ctx, fn, "entry"));
   return fn;
}

/* Saved builder position around building a module function. */
struct at {
   LLVMValueRef fn;
   LLVMBasicBlockRef bb;
};

static struct at save(struct jb *j) { return (struct at){ j->fn, LLVMGetInsertBlock(j->b) }; }
static void restore(struct jb *j, struct at a)
{
   j->fn = a.fn;
   LLVMPositionBuilderAtEnd(j->b, a.bb);
}

/* tex_wrap(i, n, mode): tex_view.c's wrap() of texel index i in a dimension of n texels
 * under CLAMP mode `mode`: the index, or -1 for the border. */
static LLVMValueRef wrap_fn(struct jb *j)
{
   LLVMTypeRef args[3] = { j->i32, j->i32, j->i32 };
   LLVMTypeRef ty = LLVMFunctionType(j->i32, args, 3, 0);
   bool built;
   struct at a = save(j);
   LLVMValueRef fn = module_fn(j, "tex_wrap", ty, &built);
   if (built)
      return fn;
   LLVMBuilderRef b = j->b;
   LLVMValueRef v = LLVMGetParam(fn, 0), n = LLVMGetParam(fn, 1), mode = LLVMGetParam(fn, 2);
   LLVMBasicBlockRef inside = block(j, "inside"), outside = block(j, "outside"),
                     repeat = block(j, "repeat"), clamp = block(j, "clamp");
   /* 0 <= i < n: every mode keeps i */
   LLVMBuildCondBr(b, icmp(j, LLVMIntULT, v, n), inside, outside);
   LLVMPositionBuilderAtEnd(b, inside);
   LLVMBuildRet(b, v);

   LLVMPositionBuilderAtEnd(b, outside);
   LLVMValueRef mirror = icmp(j, LLVMIntEQ, mode, ci32(j, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR));
   LLVMBuildCondBr(b, icmp(j, LLVMIntULE, mode, ci32(j, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR)),
                   repeat, clamp);

   /* WRAP: i mod n; MIRROR: i mod 2n, the upper half reflected */
   LLVMPositionBuilderAtEnd(b, repeat);
   LLVMValueRef n2 = LLVMBuildShl(b, n, ci32(j, 1), "");
   LLVMValueRef d = sel(j, mirror, n2, n);
   LLVMValueRef r = LLVMBuildSRem(b, v, d, "");
   r = sel(j, icmp(j, LLVMIntSLT, r, ci32(j, 0)), LLVMBuildAdd(b, r, d, ""), r);
   LLVMValueRef refl = LLVMBuildSub(b, LLVMBuildSub(b, n2, ci32(j, 1), ""), r, "");
   LLVMBuildRet(b, sel(j, and_(j, mirror, icmp(j, LLVMIntSGE, r, n)), refl, r));

   /* the MIRROR_ONCE modes (3, 5, 7) reflect negative indices; the LAST_TEXEL ones (2, 3)
    * clamp, the others take the border outside */
   LLVMPositionBuilderAtEnd(b, clamp);
   LLVMValueRef once = icmp(j, LLVMIntNE, and_(j, mode, ci32(j, 1)), ci32(j, 0));
   LLVMValueRef neg = icmp(j, LLVMIntSLT, v, ci32(j, 0));
   LLVMValueRef m = sel(j, and_(j, once, neg), LLVMBuildSub(b, ci32(j, (uint32_t)-1), v, ""), v);
   LLVMValueRef last = icmp(j, LLVMIntULE, mode,
                            ci32(j, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR_ONCE_LAST_TEXEL));
   LLVMValueRef nm1 = LLVMBuildSub(b, n, ci32(j, 1), "");
   LLVMValueRef clamped = sel(j, icmp(j, LLVMIntSLT, m, ci32(j, 0)), ci32(j, 0),
                              sel(j, icmp(j, LLVMIntSGE, m, n), nm1, m));
   LLVMValueRef border = sel(j, icmp(j, LLVMIntULT, m, n), m, ci32(j, (uint32_t)-1));
   LLVMBuildRet(b, sel(j, last, clamped, border));
   restore(j, a);
   return fn;
}

/* tex_wrap(a[0], a[1], a[2]), called only when the index is outside 0..n-1 (inside, every
 * mode keeps it). */
static LLVMValueRef wrapped(struct jb *j, LLVMValueRef wrap, LLVMTypeRef wty, LLVMValueRef a[3])
{
   LLVMBuilderRef b = j->b;
   LLVMBasicBlockRef from = LLVMGetInsertBlock(b), slow = block(j, "wrap"), join = block(j, "wrapped");
   LLVMBuildCondBr(b, icmp(j, LLVMIntULT, a[0], a[1]), join, slow);
   LLVMPositionBuilderAtEnd(b, slow);
   LLVMValueRef r = LLVMBuildCall2(b, wty, wrap, a, 3, "");
   LLVMBuildBr(b, join);
   LLVMPositionBuilderAtEnd(b, join);
   LLVMValueRef phi = LLVMBuildPhi(b, j->i32, "");
   LLVMValueRef vals[2] = { a[0], r };
   LLVMBasicBlockRef bbs[2] = { from, slow };
   LLVMAddIncoming(phi, vals, bbs, 2);
   return phi;
}

/* The four dwords of texel (i, j) of level L (a border index -1 reads the border). */
static void texel(struct jb *j, LLVMValueRef d, LLVMValueRef L, LLVMValueRef i, LLVMValueRef jj,
                  LLVMValueRef e[4])
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef in = and_(j, icmp(j, LLVMIntSGE, i, ci32(j, 0)), icmp(j, LLVMIntSGE, jj, ci32(j, 0)));
   LLVMValueRef si = sel(j, in, i, ci32(j, 0)), sj = sel(j, in, jj, ci32(j, 0));
   LLVMValueRef row = index_ptr(j, ld(j, j->ptr, L, LEVEL_FIELD(bytes)),
                                LLVMBuildMul(b, LLVMBuildZExt(b, sj, j->i64, ""),
                                             LLVMBuildZExt(b, ld(j, j->i32, L, LEVEL_FIELD(pitch)), j->i64, ""), ""),
                                1);
   LLVMValueRef p = index_ptr(j, row, LLVMBuildMul(b, LLVMBuildZExt(b, si, j->i64, ""),
                                                   LLVMBuildZExt(b, ld(j, j->i32, d, FIELD(bpp)), j->i64, ""), ""), 1);
   LLVMValueRef word = LLVMBuildLoad2(b, j->i32, p, "");
   LLVMSetAlignment(word, 1);
   for (unsigned c = 0; c < 4; c++) {
      LLVMValueRef f = and_(j, LLVMBuildLShr(b, word, ld(j, j->i32, d, FIELD(shift) + 4 * c), ""),
                            ld(j, j->i32, d, FIELD(mask) + 4 * c));
      LLVMValueRef v = ld(j, j->i32, index_ptr(j, ld(j, j->ptr, d, FIELD(lut) + 8 * c), f, 4), 0);
      e[c] = sel(j, in, v, ld(j, j->i32, d, FIELD(border) + 4 * c));
   }
}

/* tex_level(d, level, u, v, normx, normy, offx, offy, linear, out): sim_tex_sample_level's
 * point or bilinear sample of one level into out[0..3] (floats). */
static LLVMValueRef level_fn(struct jb *j)
{
   LLVMTypeRef args[10] = { j->ptr, j->i32, j->f32, j->f32, j->i32, j->i32, j->f32, j->f32, j->i32, j->ptr };
   LLVMTypeRef ty = LLVMFunctionType(LLVMVoidTypeInContext(j->ctx), args, 10, 0);
   bool built;
   struct at a = save(j);
   LLVMValueRef wrap = wrap_fn(j);
   LLVMValueRef fn = module_fn(j, "tex_level", ty, &built);
   if (built) {
      restore(j, a);
      return fn;
   }
   LLVMBuilderRef b = j->b;
   LLVMTypeRef wty = LLVMGlobalGetValueType(wrap);
   LLVMValueRef d = LLVMGetParam(fn, 0), level = LLVMGetParam(fn, 1), out = LLVMGetParam(fn, 9);
   LLVMValueRef linear = icmp(j, LLVMIntNE, LLVMGetParam(fn, 8), ci32(j, 0));
   LLVMValueRef L = index_ptr(j, gep(j, d, FIELD(level)), level, sizeof(struct sim_tex_fast_level));
   LLVMValueRef idx[2][2], w[2];
   for (unsigned k = 0; k < 2; k++) {
      LLVMValueRef n = ld(j, j->i32, L, k ? LEVEL_FIELD(height) : LEVEL_FIELD(width));
      LLVMValueRef fn_ = ld(j, j->f32, L, k ? LEVEL_FIELD(fheight) : LEVEL_FIELD(fwidth));
      LLVMValueRef c = LLVMGetParam(fn, 2 + k);
      LLVMValueRef norm = icmp(j, LLVMIntNE, LLVMGetParam(fn, 4 + k), ci32(j, 0));
      LLVMValueRef f = fadd(j, sel(j, norm, fmul(j, c, fn_), c), LLVMGetParam(fn, 6 + k));
      LLVMValueRef p = sel(j, linear, fsub(j, f, kf32(j, 0.5f)), f);
      LLVMValueRef fl = floor_f32(j, p);
      /* (int)fl of a NaN: x86's conversion gives INT_MIN */
      LLVMValueRef i0 = sel(j, fcmp1(j, LLVMRealOLT, fl, kf32(j, -1e9f)), ci32(j, (uint32_t)-1000000000),
                            sel(j, fcmp1(j, LLVMRealOGT, fl, kf32(j, 1e9f)), ci32(j, 1000000000),
                                LLVMBuildFPToSI(b, fl, j->i32, "")));
      i0 = sel(j, fcmp1(j, LLVMRealUNO, fl, fl), ci32(j, 0x80000000u), i0);
      w[k] = sel(j, linear, fsub(j, p, fl), kf32(j, 0.0f));
      LLVMValueRef mode = ld(j, j->i32, d, FIELD(wrap) + 4 * k);
      for (unsigned t = 0; t < 2; t++) {
         LLVMValueRef wa[3] = { t ? LLVMBuildAdd(b, i0, ci32(j, 1), "") : i0, n, mode };
         idx[k][t] = wrapped(j, wrap, wty, wa);
      }
   }
   LLVMBasicBlockRef point = block(j, "point"), bilinear = block(j, "bilinear");
   LLVMBuildCondBr(b, linear, bilinear, point);

   LLVMPositionBuilderAtEnd(b, point);
   LLVMValueRef e[4];
   texel(j, d, L, idx[0][0], idx[1][0], e);
   for (unsigned c = 0; c < 4; c++)
      store(j, e[c], gep(j, out, 4 * c), 4);
   LLVMBuildRetVoid(b);

   LLVMPositionBuilderAtEnd(b, bilinear);
   LLVMValueRef acc[4] = { kf32(j, 0.0f), kf32(j, 0.0f), kf32(j, 0.0f), kf32(j, 0.0f) };
   for (unsigned tap = 0; tap < 4; tap++) {
      unsigned dx = tap & 1, dy = tap >> 1;
      LLVMValueRef wx = dx ? w[0] : fsub(j, kf32(j, 1.0f), w[0]);
      LLVMValueRef wy = dy ? w[1] : fsub(j, kf32(j, 1.0f), w[1]);
      LLVMValueRef weight = fmul(j, wx, wy);
      texel(j, d, L, idx[0][dx], idx[1][dy], e);
      for (unsigned c = 0; c < 4; c++)
         acc[c] = fadd(j, acc[c], fmul(j, weight, tof(j, e[c])));
   }
   for (unsigned c = 0; c < 4; c++)
      store(j, acc[c], gep(j, out, 4 * c), 4);
   LLVMBuildRetVoid(b);
   restore(j, a);
   return fn;
}

/* tex_lane(d, u, v, lod, normx, normy, offx, offy, res): filter()'s level selection at the
 * clamped LOD, then the resource swizzle, into res[0], res[16], res[32], res[48] (dwords). */
static LLVMValueRef lane_fn(struct jb *j)
{
   LLVMTypeRef args[9] = { j->ptr, j->f32, j->f32, j->f32, j->i32, j->i32, j->f32, j->f32, j->ptr };
   LLVMTypeRef ty = LLVMFunctionType(LLVMVoidTypeInContext(j->ctx), args, 9, 0);
   bool built;
   struct at a = save(j);
   LLVMValueRef lvl = level_fn(j);
   LLVMValueRef fn = module_fn(j, "tex_lane", ty, &built);
   if (built) {
      restore(j, a);
      return fn;
   }
   LLVMBuilderRef b = j->b;
   LLVMTypeRef lty = LLVMGlobalGetValueType(lvl);
   LLVMValueRef d = LLVMGetParam(fn, 0), lod = LLVMGetParam(fn, 3), res = LLVMGetParam(fn, 8);
   LLVMTypeRef a8 = LLVMArrayType(j->i32, 8);
   LLVMValueRef ta = LLVMBuildAlloca(b, a8, "tap_a"), tb = LLVMBuildAlloca(b, a8, "tap_b");
   LLVMValueRef minify = fcmp1(j, LLVMRealOGT, lod, kf32(j, 0.0f));
   LLVMValueRef linear = sel(j, minify, ld(j, j->i32, d, FIELD(min_linear)), ld(j, j->i32, d, FIELD(mag_linear)));
   LLVMValueRef mip = ld(j, j->i32, d, FIELD(mip));
   LLVMValueRef last = ld(j, j->i32, d, FIELD(last_level));
   LLVMValueRef lastf = LLVMBuildUIToFP(b, last, j->f32, "");
   /* MIP_FILTER POINT: the level nearest the LOD */
   LLVMValueRef r = floor_f32(j, fadd(j, lod, kf32(j, 0.5f)));
   LLVMValueRef near = sel(j, fcmp1(j, LLVMRealOGE, r, lastf), last, LLVMBuildFPToUI(b, r, j->i32, ""));
   /* LINEAR: floor(lod) and the next, unless floor(lod) is the last level or beyond */
   LLVMValueRef fl = floor_f32(j, lod);
   LLVMValueRef beyond = fcmp1(j, LLVMRealOGE, fl, lastf);
   LLVMValueRef below = sel(j, beyond, last, LLVMBuildFPToUI(b, fl, j->i32, ""));
   LLVMValueRef none = or_(j, not_(j, minify),
                           icmp(j, LLVMIntEQ, mip, ci32(j, SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE)));
   LLVMValueRef is_point = icmp(j, LLVMIntEQ, mip, ci32(j, SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_POINT));
   LLVMValueRef level = sel(j, none, ci32(j, 0), sel(j, is_point, near, below));
   LLVMValueRef blend = and_(j, not_(j, or_(j, none, is_point)), not_(j, beyond));
   LLVMValueRef largs[10] = { d, level, LLVMGetParam(fn, 1), LLVMGetParam(fn, 2), LLVMGetParam(fn, 4),
                              LLVMGetParam(fn, 5), LLVMGetParam(fn, 6), LLVMGetParam(fn, 7),
                              linear, ta };
   LLVMBuildCall2(b, lty, lvl, largs, 10, "");
   LLVMBasicBlockRef two = block(j, "mip_blend"), swz = block(j, "swizzle");
   LLVMBuildCondBr(b, blend, two, swz);

   LLVMPositionBuilderAtEnd(b, two);
   largs[1] = LLVMBuildAdd(b, below, ci32(j, 1), "");
   largs[9] = tb;
   LLVMBuildCall2(b, lty, lvl, largs, 10, "");
   LLVMValueRef m = fsub(j, lod, fl);
   for (unsigned c = 0; c < 4; c++) {
      LLVMValueRef pa = gep(j, ta, 4 * c);
      LLVMValueRef va = ld(j, j->f32, pa, 0), vb = ld(j, j->f32, tb, 4 * c);
      store(j, fadd(j, fmul(j, va, fsub(j, kf32(j, 1.0f), m)), fmul(j, vb, m)), pa, 4);
   }
   LLVMBuildBr(b, swz);

   /* DST_SEL of the resource: components 0..3, 4 = 0, 5 = 1.0 */
   LLVMPositionBuilderAtEnd(b, swz);
   store(j, ci32(j, 0), gep(j, ta, 16), 4);
   store(j, ci32(j, ONE_F32), gep(j, ta, 20), 4);
   for (unsigned c = 0; c < 4; c++) {
      LLVMValueRef v = ld(j, j->i32, index_ptr(j, ta, ld(j, j->i32, d, FIELD(swz) + 4 * c), 4), 0);
      store(j, v, gep(j, res, 4 * SIM_LANES * c), 4);
   }
   LLVMBuildRetVoid(b);
   restore(j, a);
   return fn;
}

static LLVMValueRef gpr_ptr(struct jb *j, unsigned reg, unsigned chan)
{
   return gep(j, j->lanes, offsetof(struct sim_lanes, gpr) + ((uint64_t)reg * 4 + chan) * SIM_LANES * 4);
}

/* Source component c of instruction t at lane l (an i32 value, or a constant lane) as float. */
static LLVMValueRef src_value(struct jb *j, const struct sim_tex_inst *t, unsigned c, LLVMValueRef l)
{
   unsigned s = t->src_sel[c];
   if (s > SIM_SEL_W)
      return kf32(j, s == SIM_SEL_1 ? 1.0f : 0.0f);
   return ld(j, j->f32, index_ptr(j, gpr_ptr(j, t->src_gpr, s), l, 4), 0);
}

/* footprint_lod of tex_unit.c for the quad starting at lane q. */
static LLVMValueRef quad_lod(struct jb *j, const struct sim_tex_inst *t, LLVMValueRef d, unsigned q)
{
   LLVMValueRef u[3], v[3];
   for (unsigned k = 0; k < 3; k++) {
      u[k] = src_value(j, t, 0, ci32(j, q + k));
      v[k] = src_value(j, t, 1, ci32(j, q + k));
   }
   LLVMValueRef sw = t->normalized[0] ? ld(j, j->f32, d, FIELD(width)) : kf32(j, 1.0f);
   LLVMValueRef sh = t->normalized[1] ? ld(j, j->f32, d, FIELD(height)) : kf32(j, 1.0f);
   LLVMValueRef dudx = fmul(j, fsub(j, u[1], u[0]), sw), dvdx = fmul(j, fsub(j, v[1], v[0]), sh);
   LLVMValueRef dudy = fmul(j, fsub(j, u[2], u[0]), sw), dvdy = fmul(j, fsub(j, v[2], v[0]), sh);
   LLVMValueRef rx = fadd(j, fmul(j, dudx, dudx), fmul(j, dvdx, dvdx));
   LLVMValueRef ry = fadd(j, fmul(j, dudy, dudy), fmul(j, dvdy, dvdy));
   LLVMValueRef m = sel(j, fcmp1(j, LLVMRealOGT, rx, ry), rx, ry);
   LLVMTypeRef lty = LLVMFunctionType(j->f32, &j->f32, 1, 0);
   LLVMValueRef l2 = LLVMBuildCall2(j->b, lty, jit_host_fn(j, JIT_HOST_LOG2F), &m, 1, "");
   return fmul(j, kf32(j, 0.5f), l2);
}

/* lane_lod of tex_unit.c: the LOD lane l samples at, biased and clamped. */
static LLVMValueRef lane_lod(struct jb *j, const struct sim_tex_inst *t, LLVMValueRef d, LLVMValueRef lods,
                             LLVMValueRef l)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef lod;
   if (t->op == SIM_TEX_SAMPLE_LZ) {
      lod = kf32(j, 0.0f);
   } else if (t->op == SIM_TEX_SAMPLE_L) {
      lod = fadd(j, src_value(j, t, 3, l), kf32(j, t->lod_bias));
   } else {
      LLVMValueRef base = lods ? ld(j, j->f32, index_ptr(j, lods, LLVMBuildLShr(b, l, ci32(j, 2), ""), 4), 0)
                               : kf32(j, 0.0f);
      lod = fadd(j, fadd(j, fadd(j, base, ld(j, j->f32, d, FIELD(bias))), kf32(j, t->lod_bias)),
                 t->op == SIM_TEX_SAMPLE_LB ? src_value(j, t, 3, l) : kf32(j, 0.0f));
   }
   lod = sel(j, fcmp1(j, LLVMRealUNO, lod, lod), kf32(j, 0.0f), lod);
   LLVMValueRef lo = ld(j, j->f32, d, FIELD(min_lod)), hi = ld(j, j->f32, d, FIELD(max_lod));
   return sel(j, fcmp1(j, LLVMRealOLT, lod, lo), lo, sel(j, fcmp1(j, LLVMRealOGT, lod, hi), hi, lod));
}

/* The lanes of an i16 lane mask as <16 x i1>. */
static LLVMValueRef lane_mask(struct jb *j, LLVMValueRef m16)
{
   LLVMValueRef bits[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      bits[l] = ci32(j, 1u << l);
   LLVMValueRef m = splat(j, LLVMBuildZExt(j->b, m16, j->i32, ""));
   return icmp(j, LLVMIntNE, and_(j, m, LLVMConstVector(bits, SIM_LANES)), kvec(j, 0));
}

/* Instruction i of the clause, t, with its results in res ([4][SIM_LANES] dwords) and the
 * quads' LODs in lods ([4] floats). */
static void emit_sample(struct jb *j, unsigned i, const struct sim_tex_inst *t, LLVMValueRef res,
                        LLVMValueRef lods)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef d = gep(j, j->x, offsetof(struct sim_run, tex_fast) + i * sizeof(struct sim_tex_fast));
   LLVMValueRef lanes = ld(j, j->i16, d, FIELD(lanes));
   bool implicit = t->op == SIM_TEX_SAMPLE || t->op == SIM_TEX_SAMPLE_LB;
   if (implicit && j->p->stage == SIM_STAGE_PS) {
      for (unsigned q = 0; q < SIM_LANES / 4; q++)
         store(j, quad_lod(j, t, d, 4 * q), gep(j, lods, 4 * q), 4);
   } else {
      lods = NULL;
   }
   LLVMValueRef lane = lane_fn(j);
   LLVMBasicBlockRef pre = LLVMGetInsertBlock(b), loop = block(j, "tex_lane"), run = block(j, "tex_run"),
                     next = block(j, "tex_next"), done = block(j, "tex_done");
   LLVMBuildBr(b, loop);
   LLVMPositionBuilderAtEnd(b, loop);
   LLVMValueRef l = LLVMBuildPhi(b, j->i32, "lane");
   LLVMValueRef on = LLVMBuildAnd(b, LLVMBuildLShr(b, LLVMBuildZExt(b, lanes, j->i32, ""), l, ""), ci32(j, 1), "");
   LLVMBuildCondBr(b, icmp(j, LLVMIntNE, on, ci32(j, 0)), run, next);

   LLVMPositionBuilderAtEnd(b, run);
   LLVMValueRef args[9] = { d, src_value(j, t, 0, l), src_value(j, t, 1, l), lane_lod(j, t, d, lods, l),
                            ci32(j, t->normalized[0]), ci32(j, t->normalized[1]), kf32(j, t->offset[0]),
                            kf32(j, t->offset[1]), index_ptr(j, res, l, 4) };
   LLVMBuildCall2(b, LLVMGlobalGetValueType(lane), lane, args, 9, "");
   LLVMBuildBr(b, next);

   LLVMPositionBuilderAtEnd(b, next);
   LLVMValueRef n = LLVMBuildAdd(b, l, ci32(j, 1), "");
   LLVMBuildCondBr(b, icmp(j, LLVMIntEQ, n, ci32(j, SIM_LANES)), done, loop);
   LLVMValueRef zero = ci32(j, 0);
   LLVMAddIncoming(l, &zero, &pre, 1);
   LLVMAddIncoming(l, &n, &next, 1);

   LLVMPositionBuilderAtEnd(b, done);
   LLVMValueRef en = lane_mask(j, lanes);
   for (unsigned c = 0; c < 4; c++) {
      unsigned s = t->dst_sel[c];
      if (s == SIM_SEL_MASK)
         continue;
      LLVMValueRef v = s <= SIM_SEL_W ? ld(j, j->vi, res, 4 * SIM_LANES * s) : kvec(j, s == SIM_SEL_1 ? ONE_F32 : 0);
      LLVMValueRef p = gpr_ptr(j, t->dst_gpr, c);
      store(j, sel(j, en, v, load(j, j->vi, p)), p, 4);
   }
}

/* An entry-block alloca of n dwords. */
static LLVMValueRef entry_alloca(struct jb *j, unsigned n, const char *name)
{
   LLVMBuilderRef eb = LLVMCreateBuilderInContext(j->ctx);
   LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(j->fn);
   LLVMPositionBuilder(eb, entry, LLVMGetFirstInstruction(entry));
   LLVMValueRef a = LLVMBuildArrayAlloca(eb, j->i32, ci32(j, n), name);
   LLVMSetAlignment(a, 64);
   LLVMDisposeBuilder(eb);
   return a;
}

LLVMValueRef jit_tex_clause(struct jb *j, unsigned pc)
{
   const struct sim_program *p = j->p;
   const struct sim_cf *cf = &p->cf[pc];
   if (cf->op != SIM_CF_TEX || cf->count == 0 || cf->count > SIM_TEX_FAST_MAX)
      return NULL;
   for (unsigned i = 0; i < cf->count; i++)
      if (!sim_tex_fast_inst(&p->tex[cf->first + i]))
         return NULL;

   LLVMValueRef args[2] = { j->x, ci32(j, pc) };
   LLVMValueRef r = LLVMBuildCall2(j->b, j->helper_ty, jit_host_fn(j, JIT_HOST_TEX_PREPARE), args, 2, "");
   LLVMBasicBlockRef fast = block(j, "tex_inline"), slow = block(j, "tex_helper"), join = block(j, "tex_clause_next");
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntEQ, r, ci32(j, 0)), fast, slow);

   LLVMPositionBuilderAtEnd(j->b, fast);
   LLVMValueRef res = entry_alloca(j, 4 * SIM_LANES, "tex_res");
   LLVMValueRef lods = entry_alloca(j, SIM_LANES / 4, "tex_lods");
   for (unsigned i = 0; i < cf->count; i++)
      emit_sample(j, i, &p->tex[cf->first + i], res, lods);
   LLVMBasicBlockRef fast_end = LLVMGetInsertBlock(j->b);
   LLVMBuildBr(j->b, join);

   LLVMPositionBuilderAtEnd(j->b, slow);
   LLVMValueRef helper_next = LLVMBuildCall2(j->b, j->helper_ty, jit_host_fn(j, JIT_HOST_CF_STEP), args, 2, "");
   LLVMBuildBr(j->b, join);

   /* sim_cf_next(pc, pc + 1) of a clause that did not fault, as jit_vtx_clause */
   LLVMPositionBuilderAtEnd(j->b, join);
   bool end = cf->eop || pc + 1 >= p->ncf;
   LLVMValueRef phi = LLVMBuildPhi(j->b, j->i32, "");
   LLVMValueRef vals[2] = { LLVMConstInt(j->i32, end ? (uint64_t)(int64_t)SIM_PC_END : pc + 1, 1),
                            helper_next };
   LLVMBasicBlockRef from[2] = { fast_end, slow };
   LLVMAddIncoming(phi, vals, from, 2);
   return phi;
}
