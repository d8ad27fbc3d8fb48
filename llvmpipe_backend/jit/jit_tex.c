/* TEX clauses -> LLVM IR: SAMPLE, SAMPLE_L, SAMPLE_LB and SAMPLE_LZ inline, computing what
 * tex_unit.c's sample() / filter() and tex_view.c's sim_tex_sample_level() compute, with the
 * same fp32 operations in the same order (no contraction, no fast-math: the bits match), for
 * clauses whose every instruction passes sim_tex_fast_inst (tex_fast.h).
 *
 * What depends on the draw's registers (the view, its host mapping and format, the sampler)
 * is resolved by sim_tex_fast_prepare into sim_run.tex_fast, once per primitive and clause
 * (the memo of run_state.h: later runs test two bits); when that declines (a state the
 * inline code does not sample, or anything that could fault) the clause runs through
 * sim_cf_step, so faults are always the C path's. The lanes of the clause's and
 * instructions' quad modes are computed inline. The implicit LOD calls the host's log2f, the function
 * tex_unit.c calls (JIT_HOST_LOG2F), and floor is llvm.floor (exact, as floorf).
 *
 * Code shape, per instruction, for 16 lanes at once: the implicit LOD of the four quads
 * (PS only, as quad_lod: four log2f calls), bias and clamp, the mip level(s) of each lane
 * (filter()), then the module's level pass (tex_pass, once, or twice where MIP_FILTER
 * LINEAR blends): coordinates, texel indices through the CLAMP modes (wrap_vec; WRAP and
 * MIRROR by a mask on power-of-two textures, a division otherwise) and weights as vector
 * code, the texels read with gathers (a dword at the texel's first byte: tex_fast.c maps 3
 * bytes past each level) and decoded, border and weighted sums as vector code; two more
 * variants of the pass serve the descriptors without decode tables and NaN borders (plain)
 * and those of 8_8_8_8 UNORM texels without border (rgba8), chosen at run time by the
 * descriptor (enum sim_tex_fast_kind), which return the texels in registers; then the
 * resource swizzle (xyzw without selects) and DST_SEL write the instruction's lanes of the
 * destination GPR (plain stores when it has every lane). A clause whose instructions share
 * one descriptor tests once whether it is the usual RGBA8 one at one level with the xyzw or
 * xyz1 (RGB texture) swizzle, and then samples point taps inline (the level's fields loaded
 * once; the CLAMP modes out of line, tex_point_wrap, for the rare lanes outside the level)
 * and bilinear ones by direct calls of tex_pass_one_rgba8 (emit_samples). Every lane is computed (lanes that do not run read valid texels:
 * levels and indices are always in range) and only the instruction's lanes are written,
 * after the whole instruction, so a source that is also the destination reads as in
 * tex_unit.c. A NaN texel position converts to INT_MIN, as in tex_view.c; two NaNs
 * meeting in a sum or product keep the left one (sim_tex_add / sim_tex_mul, tex_view.h). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/debug.h"
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

static LLVMValueRef fadd(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFAdd(j->b, a, b, ""); }
static LLVMValueRef fsub(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFSub(j->b, a, b, ""); }
static LLVMValueRef fmul(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFMul(j->b, a, b, ""); }
static LLVMValueRef fcmp1(struct jb *j, LLVMRealPredicate p, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildFCmp(j->b, p, a, b, "");
}

static LLVMValueRef splatf(struct jb *j, LLVMValueRef f)
{
   return F(j, splat(j, LLVMBuildBitCast(j->b, f, j->i32, "")));
}

/* An i1 as <16 x i1>. */
static LLVMValueRef splat_i1(struct jb *j, LLVMValueRef c)
{
   return icmp(j, LLVMIntNE, splat(j, LLVMBuildZExt(j->b, c, j->i32, "")), kvec(j, 0));
}

/* sim_tex_add / sim_tex_mul (tex_view.h): r = a op b, but a where a is a NaN (16 lanes). */
static LLVMValueRef nan_left(struct jb *j, LLVMValueRef a, LLVMValueRef r)
{
   return sel(j, LLVMBuildFCmp(j->b, LLVMRealUNO, a, a, ""), a, r);
}

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

/* tex_view.c's wrap() on 16 texel indices v of dimensions of n texels (n a power of two in
 * every lane when pow2) under CLAMP mode `mode`: the indices, -1 for the border. Inside
 * 0..n-1 every mode keeps the index, so the rest runs only when a lane is outside. */
static LLVMValueRef wrap_vec(struct jb *j, LLVMValueRef v, LLVMValueRef n, LLVMValueRef mode, LLVMValueRef pow2)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef outside = mask16(j, not_(j, icmp(j, LLVMIntULT, v, n)));
   LLVMBasicBlockRef entry = LLVMGetInsertBlock(b), slow = block(j, "wrap"), repeat = block(j, "wrap_repeat"),
                     p2 = block(j, "wrap_pow2"), div = block(j, "wrap_div"), rdone = block(j, "wrap_repeated"),
                     clamp = block(j, "wrap_clamp"), join = block(j, "wrapped");
   LLVMBuildCondBr(b, icmp(j, LLVMIntNE, outside, ci16(j, 0)), slow, join);

   LLVMPositionBuilderAtEnd(b, slow);
   LLVMValueRef mirror = icmp(j, LLVMIntEQ, mode, ci32(j, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR));
   LLVMBuildCondBr(b, icmp(j, LLVMIntULE, mode, ci32(j, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR)),
                   repeat, clamp);

   /* WRAP: v mod n; MIRROR: v mod 2n, the upper half reflected (the non-negative remainder:
    * a mask for powers of two) */
   LLVMPositionBuilderAtEnd(b, repeat);
   LLVMValueRef n2 = LLVMBuildShl(b, n, kvec(j, 1), "");
   LLVMValueRef d = sel(j, mirror, n2, n);
   LLVMBuildCondBr(b, icmp(j, LLVMIntNE, pow2, ci32(j, 0)), p2, div);
   LLVMPositionBuilderAtEnd(b, p2);
   LLVMValueRef r_p2 = and_(j, v, LLVMBuildSub(b, d, kvec(j, 1), ""));
   LLVMBuildBr(b, rdone);
   LLVMPositionBuilderAtEnd(b, div);
   LLVMValueRef r = LLVMBuildSRem(b, v, d, "");
   LLVMValueRef r_div = sel(j, icmp(j, LLVMIntSLT, r, kvec(j, 0)), LLVMBuildAdd(b, r, d, ""), r);
   LLVMBuildBr(b, rdone);
   LLVMPositionBuilderAtEnd(b, rdone);
   LLVMValueRef rem = LLVMBuildPhi(b, j->vi, "");
   LLVMValueRef rv[2] = { r_p2, r_div };
   LLVMBasicBlockRef rb[2] = { p2, div };
   LLVMAddIncoming(rem, rv, rb, 2);
   LLVMValueRef refl = LLVMBuildSub(b, LLVMBuildSub(b, n2, kvec(j, 1), ""), rem, "");
   LLVMValueRef repeated = sel(j, mirror, sel(j, icmp(j, LLVMIntSGE, rem, n), refl, rem), rem);
   LLVMBuildBr(b, join);

   /* the MIRROR_ONCE modes (3, 5, 7) reflect negative indices; the LAST_TEXEL ones (2, 3)
    * clamp, the others take the border outside */
   LLVMPositionBuilderAtEnd(b, clamp);
   LLVMValueRef once = icmp(j, LLVMIntNE, and_(j, mode, ci32(j, 1)), ci32(j, 0));
   LLVMValueRef m = sel(j, and_(j, splat_i1(j, once), icmp(j, LLVMIntSLT, v, kvec(j, 0))),
                        LLVMBuildSub(b, kvec(j, (uint32_t)-1), v, ""), v);
   LLVMValueRef last = icmp(j, LLVMIntULE, mode,
                            ci32(j, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR_ONCE_LAST_TEXEL));
   LLVMValueRef clamped = sel(j, icmp(j, LLVMIntSLT, m, kvec(j, 0)), kvec(j, 0),
                              sel(j, icmp(j, LLVMIntSGE, m, n), LLVMBuildSub(b, n, kvec(j, 1), ""), m));
   LLVMValueRef border = sel(j, icmp(j, LLVMIntULT, m, n), m, kvec(j, (uint32_t)-1));
   LLVMValueRef clamp_r = sel(j, last, clamped, border);
   LLVMBuildBr(b, join);

   LLVMPositionBuilderAtEnd(b, join);
   LLVMValueRef phi = LLVMBuildPhi(b, j->vi, "");
   LLVMValueRef vals[3] = { v, repeated, clamp_r };
   LLVMBasicBlockRef from[3] = { entry, rdone, clamp };
   LLVMAddIncoming(phi, vals, from, 3);
   return phi;
}

/* llvm.masked.gather of 16 values of type ty (vi, or a vector of pointers) from ptrs, every
 * lane read. */
static LLVMValueRef gather16(struct jb *j, LLVMTypeRef ty, LLVMValueRef ptrs, unsigned align)
{
   LLVMTypeRef pty = LLVMVectorType(j->ptr, SIM_LANES), tys[2] = { ty, pty };
   unsigned id = LLVMLookupIntrinsicID("llvm.masked.gather", 18);
   LLVMValueRef args[4] = { ptrs, ci32(j, align), LLVMConstAllOnes(j->vb), LLVMGetPoison(ty) };
   return LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->ctx, id, tys, 2),
                         LLVMGetIntrinsicDeclaration(j->mod, id, tys, 2), args, 4, "");
}

/* llvm.fma of 16 lanes: a * b + c rounded once. */
static LLVMValueRef fma16(struct jb *j, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
   unsigned id = LLVMLookupIntrinsicID("llvm.fma", 8);
   LLVMTypeRef ty = j->vf;
   LLVMValueRef args[3] = { a, b, c };
   return LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->ctx, id, &ty, 1), LLVMGetIntrinsicDeclaration(j->mod, id, &ty, 1),
                         args, 3, "");
}

/* Component c of 16 texel dwords: the field's value, (float)field / div[c] + add[c] where the
 * descriptor found that formula gives its table's bits (div[c] != 0; always with `plain`),
 * else lut[c][field]. */
static LLVMValueRef decode(struct jb *j, LLVMValueRef d, unsigned c, LLVMValueRef word, bool plain)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef field = and_(j, LLVMBuildLShr(b, word, splat(j, ld(j, j->i32, d, FIELD(shift) + 4 * c)), ""),
                             splat(j, ld(j, j->i32, d, FIELD(mask) + 4 * c)));
   LLVMValueRef div = ld(j, j->f32, d, FIELD(div) + 4 * c);
   LLVMBasicBlockRef arith = block(j, "decode_arith"), table = NULL, join = NULL;
   if (plain) {
      LLVMBuildBr(b, arith);
   } else {
      table = block(j, "decode_lut");
      join = block(j, "decoded");
      LLVMBuildCondBr(b, fcmp1(j, LLVMRealONE, div, kf32(j, 0.0f)), arith, table);
   }
   LLVMPositionBuilderAtEnd(b, arith);
   /* sim_tex_fast_quotient */
   LLVMValueRef f = LLVMBuildSIToFP(b, field, j->vf, ""), dv = splatf(j, div);
   LLVMValueRef rcp = splatf(j, ld(j, j->f32, d, FIELD(rcp) + 4 * c));
   LLVMValueRef q0 = LLVMBuildFMul(b, f, rcp, "");
   LLVMValueRef q = fma16(j, fma16(j, LLVMBuildFNeg(b, q0, ""), dv, f), rcp, q0);
   LLVMValueRef va = I(j, LLVMBuildFAdd(b, q, splatf(j, ld(j, j->f32, d, FIELD(add) + 4 * c)), ""));
   if (plain)
      return va;
   LLVMBuildBr(b, join);
   LLVMPositionBuilderAtEnd(b, table);
   LLVMValueRef lut = ld(j, j->ptr, d, FIELD(lut) + 8 * c);
   LLVMValueRef vt = gather16(j, j->vi, LLVMBuildGEP2(b, j->i32, lut, &field, 1, ""), 4);
   LLVMBuildBr(b, join);
   LLVMPositionBuilderAtEnd(b, join);
   LLVMValueRef phi = LLVMBuildPhi(b, j->vi, "");
   LLVMValueRef vals[2] = { va, vt };
   LLVMBasicBlockRef from[2] = { arith, table };
   LLVMAddIncoming(phi, vals, from, 2);
   return phi;
}

/* Where a level pass reads its lanes' texels: base, the host bytes of lane 0's level, and
 * when `same` (an i1) is false, bytes, those of each lane's level (<16 x ptr>); same NULL:
 * every lane reads at base. pitch: each lane's level's row pitch (bytes). */
struct level_mem {
   LLVMValueRef base, bytes, same, pitch;
};

/* The values of type ty (<16 x i32>: dwords, <16 x i64>: qwords) at byte offsets row + col of
 * the lanes' levels (row = y * pitch, col = x * bpp, below 2^31: tex_fast.c takes levels of
 * fewer bytes): one base and 32-bit offsets when every lane is at lane 0's level, else a
 * pointer per lane. */
static LLVMValueRef tap_gather(struct jb *j, const struct level_mem *m, LLVMTypeRef ty, LLVMValueRef row,
                               LLVMValueRef col)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef off = LLVMBuildAdd(b, row, col, "");
   if (!m->same)
      return gather16(j, ty, LLVMBuildGEP2(b, j->i8, m->base, &off, 1, ""), 1);
   LLVMBasicBlockRef one = block(j, "tex_words_one"), many = block(j, "tex_words_many"), got = block(j, "tex_words");
   LLVMBuildCondBr(b, m->same, one, many);
   LLVMPositionBuilderAtEnd(b, one);
   LLVMValueRef w1 = gather16(j, ty, LLVMBuildGEP2(b, j->i8, m->base, &off, 1, ""), 1);
   LLVMBuildBr(b, got);
   LLVMPositionBuilderAtEnd(b, many);
   LLVMValueRef wn = gather16(j, ty, LLVMBuildGEP2(b, j->i8, m->bytes, &off, 1, ""), 1);
   LLVMBuildBr(b, got);
   LLVMPositionBuilderAtEnd(b, got);
   LLVMValueRef phi = LLVMBuildPhi(b, ty, "");
   LLVMValueRef vals[2] = { w1, wn };
   LLVMBasicBlockRef from[2] = { one, many };
   LLVMAddIncoming(phi, vals, from, 2);
   return phi;
}

/* The dwords at byte offsets row + col of the lanes' levels. */
static LLVMValueRef tap_words(struct jb *j, const struct level_mem *m, LLVMValueRef row, LLVMValueRef col)
{
   return tap_gather(j, m, j->vi, row, col);
}

/* The dwords of 4-byte texels (x, y) and (x + 1, y) of 16 lanes, x at byte offset col of row
 * row, read as one qword a lane (half the elements of two dword gathers): out[0], out[1]. */
static void tap_pair_words(struct jb *j, const struct level_mem *m, LLVMValueRef row, LLVMValueRef col,
                           LLVMValueRef out[2])
{
   LLVMBuilderRef b = j->b;
   LLVMTypeRef v32 = LLVMVectorType(j->i32, 2 * SIM_LANES);
   LLVMValueRef q = LLVMBuildBitCast(b, tap_gather(j, m, LLVMVectorType(j->i64, SIM_LANES), row, col), v32, "");
   for (unsigned k = 0; k < 2; k++) {
      LLVMValueRef idx[SIM_LANES];
      for (unsigned l = 0; l < SIM_LANES; l++)
         idx[l] = ci32(j, 2 * l + k);   /* little-endian: texel x in the low dword */
      out[k] = LLVMBuildShuffleVector(b, q, LLVMGetPoison(v32), LLVMConstVector(idx, SIM_LANES), "");
   }
}

/* The texel dwords of the bilinear taps (x[0], y0), (x[1], y0), (x[0], y1), (x[1], y1) of 16
 * lanes of 4-byte texels (row[dy]: y * pitch, col[dx]: x[dx] * 4), into words[tap]: where
 * x[1] = x[0] + 1 in every lane (no CLAMP mode between them), both taps of a row from one
 * qword read, else four dword gathers. */
static void rgba8_tap_words(struct jb *j, const struct level_mem *m, LLVMValueRef x[2], LLVMValueRef row[2],
                            LLVMValueRef col[2], LLVMValueRef words[4])
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef next = icmp(j, LLVMIntEQ, x[1], LLVMBuildAdd(b, x[0], kvec(j, 1), ""));
   LLVMBasicBlockRef pairs = block(j, "tex_pairs"), singles = block(j, "tex_singles"), got = block(j, "tex_taps");
   LLVMBuildCondBr(b, icmp(j, LLVMIntEQ, mask16(j, next), ci16(j, 0xFFFF)), pairs, singles);
   LLVMPositionBuilderAtEnd(b, pairs);
   LLVMValueRef wp[4];
   tap_pair_words(j, m, row[0], col[0], &wp[0]);
   tap_pair_words(j, m, row[1], col[0], &wp[2]);
   LLVMBasicBlockRef pairs_end = LLVMGetInsertBlock(b);
   LLVMBuildBr(b, got);
   LLVMPositionBuilderAtEnd(b, singles);
   LLVMValueRef ws[4];
   for (unsigned tap = 0; tap < 4; tap++)
      ws[tap] = tap_words(j, m, row[tap >> 1], col[tap & 1]);
   LLVMBasicBlockRef singles_end = LLVMGetInsertBlock(b);
   LLVMBuildBr(b, got);
   LLVMPositionBuilderAtEnd(b, got);
   for (unsigned tap = 0; tap < 4; tap++) {
      words[tap] = LLVMBuildPhi(b, j->vi, "");
      LLVMValueRef vals[2] = { wp[tap], ws[tap] };
      LLVMBasicBlockRef from[2] = { pairs_end, singles_end };
      LLVMAddIncoming(words[tap], vals, from, 2);
   }
}

/* The decoded texels (x, y) of 16 lanes, or the border colour where x or y is the border
 * (-1). */
static void tap_texels(struct jb *j, LLVMValueRef d, const struct level_mem *m, LLVMValueRef x, LLVMValueRef y,
                       bool plain, LLVMValueRef out[4])
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef in = and_(j, icmp(j, LLVMIntSGE, x, kvec(j, 0)), icmp(j, LLVMIntSGE, y, kvec(j, 0)));
   LLVMValueRef sx = sel(j, in, x, kvec(j, 0)), sy = sel(j, in, y, kvec(j, 0));
   LLVMValueRef word = tap_words(j, m, LLVMBuildMul(b, sy, m->pitch, ""),
                                 LLVMBuildMul(b, sx, splat(j, ld(j, j->i32, d, FIELD(bpp))), ""));
   for (unsigned c = 0; c < 4; c++)
      out[c] = sel(j, in, decode(j, d, c, word, plain), splat(j, ld(j, j->i32, d, FIELD(border) + 4 * c)));
}

/* The four components of 16 texel dwords of a SIM_TEX_FAST_RGBA8 descriptor as floats: byte
 * c (an AND, a byte shuffle, a shift) / 255 as sim_tex_fast_unorm8. */
static void rgba8_texels(struct jb *j, LLVMValueRef word, LLVMValueRef out[4])
{
   LLVMBuilderRef b = j->b;
   LLVMTypeRef v64 = LLVMVectorType(j->i8, 4 * SIM_LANES);
   LLVMValueRef bytes = LLVMBuildBitCast(b, word, v64, "");
   for (unsigned c = 0; c < 4; c++) {
      LLVMValueRef field;
      if (c == 0) {
         field = and_(j, word, kvec(j, 0xFF));
      } else if (c == 3) {
         field = LLVMBuildLShr(b, word, kvec(j, 24), "");
      } else {   /* byte c of each dword to its byte 0, zeros (the second operand's) above */
         LLVMValueRef m[4 * SIM_LANES];
         for (unsigned k = 0; k < 4 * SIM_LANES; k++)
            m[k] = ci32(j, k % 4 ? 4 * SIM_LANES : k + c);
         field = LLVMBuildBitCast(b, LLVMBuildShuffleVector(b, bytes, LLVMConstNull(v64), LLVMConstVector(m, 4 * SIM_LANES), ""),
                                  j->vi, "");
      }
      LLVMValueRef f = LLVMBuildSIToFP(b, field, j->vf, "");
      out[c] = I(j, fma16(j, f, kf(j, SIM_TEX_UNORM8_HI), LLVMBuildFMul(b, f, kf(j, SIM_TEX_UNORM8_LO), "")));
   }
}

/* tex_view.c's texel position of coordinate c (16 lanes) on an axis of n texels: c scaled
 * to texels where norm (an i1), plus offset (an f32; NULL where it is 0: adding +0 changes
 * only a -0 to +0, and both floor to the integer 0), less a half in the bilinear lanes
 * (linear; NULL: none). */
static LLVMValueRef texel_pos(struct jb *j, LLVMValueRef c, LLVMValueRef n, LLVMValueRef norm, LLVMValueRef offset,
                              LLVMValueRef linear)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef f = sel(j, norm, LLVMBuildFMul(b, c, LLVMBuildSIToFP(b, n, j->vf, ""), ""), c);
   if (offset)
      f = LLVMBuildFAdd(b, f, splatf(j, offset), "");
   return linear ? sel(j, linear, LLVMBuildFSub(b, f, kf(j, 0.5f), ""), f) : f;
}

/* tex_view.c's (int) of a floored texel position fl: clamped to +-1e9, INT_MIN for a NaN. */
static LLVMValueRef texel_int(struct jb *j, LLVMValueRef fl)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef i = sel(j, LLVMBuildFCmp(b, LLVMRealOLT, fl, kf(j, -1e9f), ""), kvec(j, (uint32_t)-1000000000),
                        sel(j, LLVMBuildFCmp(b, LLVMRealOGT, fl, kf(j, 1e9f), ""), kvec(j, 1000000000),
                            LLVMBuildFPToSI(b, fl, j->vi, "")));
   return sel(j, LLVMBuildFCmp(b, LLVMRealUNO, fl, fl, ""), kvec(j, 0x80000000u), i);
}

/* texel_pos floored as an integer (texel_int), and *w the bilinear weight (0 in point
 * lanes). */
static LLVMValueRef first_texel(struct jb *j, LLVMValueRef c, LLVMValueRef n, LLVMValueRef norm, LLVMValueRef offset,
                                LLVMValueRef linear, LLVMValueRef *w)
{
   LLVMValueRef p = texel_pos(j, c, n, norm, offset, linear);
   LLVMValueRef fl = intrinsic1(j, "llvm.floor", p);
   *w = sel(j, linear, LLVMBuildFSub(j->b, p, fl, ""), kf(j, 0.0f));
   return texel_int(j, fl);
}

/* The four components of 16 lanes' texels, returned in registers: { <16 x i32> x 4 }. */
static LLVMTypeRef texel_ty(struct jb *j)
{
   LLVMTypeRef c[4] = { j->vi, j->vi, j->vi, j->vi };
   return LLVMStructTypeInContext(j->ctx, c, 4, 0);
}

/* tex_pass(d, level, u, v, normx, normy, offx, offy, linear): sim_tex_sample_level of
 * 16 lanes, each at its level (<16 x i32>) with point (linear 0) or bilinear (1) taps, its
 * four components (texel_ty) as float bits, as vector code: texel indices and weights, the texels read with
 * gathers (a dword at each texel's first byte: tex_fast.c maps 3 bytes past each level) and
 * decoded, border and weighted sums. The three other taps are read only when a lane is
 * bilinear. Every lane is computed (a lane that does not run reads valid texels).
 * With `one`, tex_pass_one(d, u, v, normx, normy, offx, offy, linear): the same at
 * level 0 for every lane and one filter (linear an i32), for descriptors where the LOD
 * changes nothing (lod_matters): the level's bytes and pitch are scalars, the gathers take
 * one base and 32-bit offsets.
 * Per enum sim_tex_fast_kind of the descriptors it serves (tex_fast.h):
 * - PLAIN, tex_pass_plain / tex_pass_one_plain: no table branches, and where no bilinear
 *   weight is a NaN, no sim_tex_add / sim_tex_mul selects (every NaN the sums can then make
 *   is the default NaN, whichever operand it came from); a NaN weight calls the generic pass.
 * - RGBA8, tex_pass_rgba8 / tex_pass_one_rgba8: the same, the texels decoded with constants
 *   (rgba8_texels), no border (every index is inside its level), the taps' row and column
 *   offsets computed once, both bilinear taps of a row read as one qword where no CLAMP mode
 *   separates their columns (rgba8_tap_words), and the first product of the sums taken as
 *   it is: texels and weights are then >= +0 and not NaNs, so 0 + w * e is w * e. */
static LLVMValueRef pass_fn(struct jb *j, bool one, enum sim_tex_fast_kind kind)
{
   bool plain = kind != SIM_TEX_FAST_GENERIC, rgba8 = kind == SIM_TEX_FAST_RGBA8;
   LLVMValueRef generic = plain ? pass_fn(j, one, SIM_TEX_FAST_GENERIC) : NULL;
   LLVMTypeRef args[9] = { j->ptr, j->vi, j->vf, j->vf, j->i32, j->i32, j->f32, j->f32, j->vi };
   LLVMTypeRef args_one[8] = { j->ptr, j->vf, j->vf, j->i32, j->i32, j->f32, j->f32, j->i32 };
   LLVMTypeRef ty = one ? LLVMFunctionType(texel_ty(j), args_one, 8, 0) : LLVMFunctionType(texel_ty(j), args, 9, 0);
   bool built;
   struct at a = save(j);
   static const char *const names[2][3] = { { "tex_pass", "tex_pass_plain", "tex_pass_rgba8" },
                                            { "tex_pass_one", "tex_pass_one_plain", "tex_pass_one_rgba8" } };
   LLVMValueRef fn = module_fn(j, names[one][kind], ty, &built);
   if (built)
      return fn;
   LLVMBuilderRef b = j->b;
   unsigned arg0 = one ? 1 : 2;   /* u */
   LLVMValueRef d = LLVMGetParam(fn, 0), level = one ? NULL : LLVMGetParam(fn, 1);
   LLVMValueRef linear = one ? splat_i1(j, icmp(j, LLVMIntNE, LLVMGetParam(fn, 7), ci32(j, 0)))
                             : icmp(j, LLVMIntNE, LLVMGetParam(fn, 8), kvec(j, 0));
   LLVMValueRef ix[2][2], w[2], i0[2], n[2], mode[2], pow2[2];
   for (unsigned k = 0; k < 2; k++) {
      LLVMValueRef size = splat(j, ld(j, j->i32, d, FIELD(size) + 4 * k));
      if (one) {
         n[k] = size;   /* level 0: at least 1 */
      } else {
         n[k] = LLVMBuildLShr(b, size, level, "");
         n[k] = sel(j, icmp(j, LLVMIntEQ, n[k], kvec(j, 0)), kvec(j, 1), n[k]);   /* hw_surface_dim */
      }
      LLVMValueRef norm = icmp(j, LLVMIntNE, LLVMGetParam(fn, arg0 + 2 + k), ci32(j, 0));
      i0[k] = first_texel(j, LLVMGetParam(fn, arg0 + k), n[k], norm, LLVMGetParam(fn, arg0 + 4 + k), linear, &w[k]);
      mode[k] = ld(j, j->i32, d, FIELD(wrap) + 4 * k);
      pow2[k] = ld(j, j->i32, d, FIELD(pow2) + 4 * k);
      ix[k][0] = wrap_vec(j, i0[k], n[k], mode[k], pow2[k]);
   }

   struct level_mem m = { NULL, NULL, NULL, NULL };
   if (one) {
      m.base = ld(j, j->ptr, d, FIELD(level) + LEVEL_FIELD(bytes));
      m.pitch = splat(j, ld(j, j->i32, d, FIELD(level) + LEVEL_FIELD(pitch)));
   } else {
      /* lane 0's level, and the other lanes' host bytes and row pitches gathered unless every
       * lane has lane 0's level (magnification, one level) */
      LLVMTypeRef vptr = LLVMVectorType(j->ptr, SIM_LANES);
      LLVMValueRef l0 = LLVMBuildExtractElement(b, level, ci32(j, 0), "");
      m.same = icmp(j, LLVMIntEQ, mask16(j, icmp(j, LLVMIntEQ, level, splat(j, l0))), ci16(j, 0xFFFF));
      LLVMValueRef L = index_ptr(j, gep(j, d, FIELD(level)), l0, sizeof(struct sim_tex_fast_level));
      m.base = ld(j, j->ptr, L, LEVEL_FIELD(bytes));
      LLVMValueRef p1 = splat(j, ld(j, j->i32, L, LEVEL_FIELD(pitch)));
      LLVMBasicBlockRef lone = LLVMGetInsertBlock(b), many = block(j, "tex_level_many"), got = block(j, "tex_level");
      LLVMBuildCondBr(b, m.same, got, many);
      LLVMPositionBuilderAtEnd(b, many);
      LLVMValueRef at = LLVMBuildMul(b, level, kvec(j, sizeof(struct sim_tex_fast_level)), "");
      LLVMValueRef lv = LLVMBuildGEP2(b, j->i8, gep(j, d, FIELD(level)), &at, 1, "");
      LLVMValueRef boff = LLVMConstInt(j->i64, LEVEL_FIELD(bytes), 0), poff = LLVMConstInt(j->i64, LEVEL_FIELD(pitch), 0);
      LLVMValueRef bn = gather16(j, vptr, LLVMBuildGEP2(b, j->i8, lv, &boff, 1, ""), 8);
      LLVMValueRef pn = gather16(j, j->vi, LLVMBuildGEP2(b, j->i8, lv, &poff, 1, ""), 4);
      LLVMBuildBr(b, got);
      LLVMPositionBuilderAtEnd(b, got);
      m.bytes = LLVMBuildPhi(b, vptr, "");
      m.pitch = LLVMBuildPhi(b, j->vi, "");
      LLVMValueRef bv[2] = { LLVMGetPoison(vptr), bn }, pv[2] = { p1, pn };
      LLVMBasicBlockRef from[2] = { lone, many };
      LLVMAddIncoming(m.bytes, bv, from, 2);
      LLVMAddIncoming(m.pitch, pv, from, 2);
   }

   /* RGBA8: the taps' row and column byte offsets (x * 4); its tap 0 is read in the point
    * block, and with the others in the bilinear one */
   LLVMValueRef row[2], col[2];
   LLVMValueRef e[4][4];
   if (rgba8) {
      row[0] = LLVMBuildMul(b, ix[1][0], m.pitch, "");
      col[0] = LLVMBuildShl(b, ix[0][0], kvec(j, 2), "");
   } else {
      tap_texels(j, d, &m, ix[0][0], ix[1][0], plain, e[0]);
   }
   LLVMBasicBlockRef point = block(j, "tex_point"), bilinear = block(j, "tex_bilinear");
   LLVMBuildCondBr(b, icmp(j, LLVMIntNE, mask16(j, linear), ci16(j, 0)), bilinear, point);
   LLVMPositionBuilderAtEnd(b, point);
   LLVMValueRef e_point[4];
   if (rgba8)
      rgba8_texels(j, tap_words(j, &m, row[0], col[0]), e_point);
   LLVMBuildAggregateRet(b, rgba8 ? e_point : e[0], 4);

   /* the weighted sum of the four taps (point lanes keep tap 0) */
   LLVMPositionBuilderAtEnd(b, bilinear);
   if (plain) {
      LLVMValueRef nan = or_(j, LLVMBuildFCmp(b, LLVMRealUNO, w[0], w[0], ""), LLVMBuildFCmp(b, LLVMRealUNO, w[1], w[1], ""));
      LLVMBasicBlockRef other = block(j, "tex_nan_weight"), sums = block(j, "tex_sums");
      LLVMBuildCondBr(b, icmp(j, LLVMIntNE, mask16(j, nan), ci16(j, 0)), other, sums);
      LLVMPositionBuilderAtEnd(b, other);
      unsigned n = LLVMCountParams(fn);
      LLVMValueRef params[9];
      for (unsigned k = 0; k < n; k++)
         params[k] = LLVMGetParam(fn, k);
      LLVMBuildRet(b, LLVMBuildCall2(b, ty, generic, params, n, ""));
      LLVMPositionBuilderAtEnd(b, sums);
   }
   for (unsigned k = 0; k < 2; k++)
      ix[k][1] = wrap_vec(j, LLVMBuildAdd(b, i0[k], kvec(j, 1), ""), n[k], mode[k], pow2[k]);
   if (rgba8) {
      row[1] = LLVMBuildMul(b, ix[1][1], m.pitch, "");
      col[1] = LLVMBuildShl(b, ix[0][1], kvec(j, 2), "");
      LLVMValueRef x[2] = { ix[0][0], ix[0][1] }, words[4];
      rgba8_tap_words(j, &m, x, row, col, words);
      for (unsigned tap = 0; tap < 4; tap++)
         rgba8_texels(j, words[tap], e[tap]);
   }
   LLVMValueRef acc[4] = { kf(j, 0.0f), kf(j, 0.0f), kf(j, 0.0f), kf(j, 0.0f) };
   LLVMValueRef wx[2] = { LLVMBuildFSub(b, kf(j, 1.0f), w[0], ""), w[0] };
   LLVMValueRef wy[2] = { LLVMBuildFSub(b, kf(j, 1.0f), w[1], ""), w[1] };
   for (unsigned tap = 0; tap < 4; tap++) {
      unsigned dx = tap & 1, dy = tap >> 1;
      if (tap && !rgba8)
         tap_texels(j, d, &m, ix[0][dx], ix[1][dy], plain, e[tap]);
      LLVMValueRef weight = LLVMBuildFMul(b, wx[dx], wy[dy], "");
      if (!plain)
         weight = nan_left(j, wx[dx], weight);
      for (unsigned c = 0; c < 4; c++) {
         LLVMValueRef te = LLVMBuildFMul(b, weight, F(j, e[tap][c]), "");
         if (rgba8 && tap == 0) {
            acc[c] = te;
            continue;
         }
         LLVMValueRef sum = LLVMBuildFAdd(b, acc[c], plain ? te : nan_left(j, weight, te), "");
         acc[c] = plain ? sum : nan_left(j, acc[c], sum);
      }
   }
   /* one filter for all lanes of tex_pass_one: here every lane is bilinear, and tap 0 need
    * not live through the others */
   for (unsigned c = 0; c < 4; c++)
      acc[c] = one ? I(j, acc[c]) : sel(j, linear, I(j, acc[c]), e[0][c]);
   LLVMBuildAggregateRet(b, acc, 4);
   restore(j, a);
   return fn;
}

/* The level pass of `one` for descriptor d: by its kind (sim_tex_fast.plain). */
static LLVMValueRef pass_for(struct jb *j, bool one, LLVMValueRef d)
{
   LLVMValueRef kind = ld(j, j->i32, d, FIELD(plain)), fn = pass_fn(j, one, SIM_TEX_FAST_GENERIC);
   for (unsigned k = SIM_TEX_FAST_PLAIN; k <= SIM_TEX_FAST_RGBA8; k++)
      fn = LLVMBuildSelect(j->b, icmp(j, LLVMIntEQ, kind, ci32(j, k)), pass_fn(j, one, k), fn, "");
   return fn;
}

static LLVMValueRef gpr_ptr(struct jb *j, unsigned reg, unsigned chan)
{
   return gep(j, j->lanes, offsetof(struct sim_lanes, gpr) + ((uint64_t)reg * 4 + chan) * SIM_LANES * 4);
}

/* Source component c of instruction t at lane l (an i32) as a float. */
static LLVMValueRef src_value(struct jb *j, const struct sim_tex_inst *t, unsigned c, LLVMValueRef l)
{
   unsigned s = t->src_sel[c];
   if (s > SIM_SEL_W)
      return kf32(j, s == SIM_SEL_1 ? 1.0f : 0.0f);
   return ld(j, j->f32, index_ptr(j, gpr_ptr(j, t->src_gpr, s), l, 4), 0);
}

/* Source component c of instruction t, 16 lanes. */
static LLVMValueRef src_vec(struct jb *j, const struct sim_tex_inst *t, unsigned c)
{
   unsigned s = t->src_sel[c];
   if (s > SIM_SEL_W)
      return kf(j, s == SIM_SEL_1 ? 1.0f : 0.0f);
   return F(j, load(j, j->vi, gpr_ptr(j, t->src_gpr, s)));
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

/* Whether the LOD can change what descriptor d samples (an i1): emit_sample uses it to choose
 * the MIN or MAG filter, which may differ, and the mip level(s), which with MIP_FILTER NONE or
 * a single level are level 0 at any LOD (minification is LOD > 0: the nearest level and the
 * one below the LOD are then the last, and nothing blends). Where it cannot, the LOD is not
 * computed (tex_pass_one). */
static LLVMValueRef lod_matters(struct jb *j, LLVMValueRef d)
{
   LLVMValueRef filters = icmp(j, LLVMIntNE, ld(j, j->i32, d, FIELD(min_linear)), ld(j, j->i32, d, FIELD(mag_linear)));
   LLVMValueRef mips = and_(j, icmp(j, LLVMIntNE, ld(j, j->i32, d, FIELD(mip)),
                                    ci32(j, SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE)),
                            icmp(j, LLVMIntNE, ld(j, j->i32, d, FIELD(last_level)), ci32(j, 0)));
   return or_(j, filters, mips);
}

/* lane_lod of tex_unit.c for 16 lanes: the LOD each samples at, biased and clamped. */
static LLVMValueRef lod_vec(struct jb *j, const struct sim_tex_inst *t, LLVMValueRef d)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef lod;
   if (t->op == SIM_TEX_SAMPLE_LZ) {
      lod = kf(j, 0.0f);
   } else if (t->op == SIM_TEX_SAMPLE_L) {
      lod = LLVMBuildFAdd(b, src_vec(j, t, 3), kf(j, t->lod_bias), "");
   } else {
      LLVMValueRef base = kf(j, 0.0f);
      if (j->p->stage == SIM_STAGE_PS) {   /* one implicit LOD per quad */
         LLVMValueRef v = LLVMGetPoison(j->vf);
         for (unsigned q = 0; q < SIM_LANES / 4; q++) {
            LLVMValueRef ql = quad_lod(j, t, d, 4 * q);
            for (unsigned k = 0; k < 4; k++)
               v = LLVMBuildInsertElement(b, v, ql, ci32(j, 4 * q + k), "");
         }
         base = v;
      }
      lod = LLVMBuildFAdd(b, LLVMBuildFAdd(b, base, splatf(j, ld(j, j->f32, d, FIELD(bias))), ""),
                          kf(j, t->lod_bias), "");
      lod = LLVMBuildFAdd(b, lod, t->op == SIM_TEX_SAMPLE_LB ? src_vec(j, t, 3) : kf(j, 0.0f), "");
   }
   lod = sel(j, LLVMBuildFCmp(b, LLVMRealUNO, lod, lod, ""), kf(j, 0.0f), lod);
   LLVMValueRef lo = splatf(j, ld(j, j->f32, d, FIELD(min_lod))), hi = splatf(j, ld(j, j->f32, d, FIELD(max_lod)));
   return sel(j, LLVMBuildFCmp(b, LLVMRealOLT, lod, lo, ""), lo,
              sel(j, LLVMBuildFCmp(b, LLVMRealOGT, lod, hi, ""), hi, lod));
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

/* The four components of a level pass's result (texel_ty). */
static void texels(struct jb *j, LLVMValueRef r, LLVMValueRef out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = LLVMBuildExtractValue(j->b, r, c, "");
}

/* One-level pass fn (of pass_fn(j, true, ...)) of instruction t at coordinates u, v with
 * descriptor d: its components into out. */
static void call_one(struct jb *j, LLVMValueRef fn, const struct sim_tex_inst *t, LLVMValueRef d, LLVMValueRef u,
                     LLVMValueRef v, LLVMValueRef out[4])
{
   LLVMValueRef args[8] = { d, u, v, ci32(j, t->normalized[0]), ci32(j, t->normalized[1]),
                            kf32(j, t->offset[0]), kf32(j, t->offset[1]), ld(j, j->i32, d, FIELD(min_linear)) };
   texels(j, LLVMBuildCall2(j->b, LLVMGlobalGetValueType(pass_fn(j, true, SIM_TEX_FAST_GENERIC)), fn, args, 8, ""), out);
}

/* Resource DST_SELs (sim_tex_fast.swz): xyzw, and xyz1 (an RGB texture's). */
static const uint32_t swz_xyzw[4] = { 0, 1, 2, 3 }, swz_xyz1[4] = { 0, 1, 2, 5 };

/* Whether descriptor d's resource DST_SEL is sw (an i1). */
static LLVMValueRef swizzle_is(struct jb *j, LLVMValueRef d, const uint32_t sw[4])
{
   LLVMValueRef all = NULL;
   for (unsigned c = 0; c < 4; c++) {
      LLVMValueRef same = icmp(j, LLVMIntEQ, ld(j, j->i32, d, FIELD(swz) + 4 * c), ci32(j, sw[c]));
      all = all ? and_(j, all, same) : same;
   }
   return all;
}

/* DST_SEL of descriptor d's resource (components 0..3, 4 = 0, 5 = 1.0) on comp, into res;
 * the usual xyzw without the selects. */
static void resource_swizzle(struct jb *j, LLVMValueRef d, LLVMValueRef comp[4], LLVMValueRef res[4])
{
   LLVMBuilderRef b = j->b;
   LLVMBasicBlockRef from[2] = { LLVMGetInsertBlock(b), block(j, "tex_swizzle_sel") };
   LLVMBasicBlockRef swizzled = block(j, "tex_swizzled");
   LLVMBuildCondBr(b, swizzle_is(j, d, swz_xyzw), swizzled, from[1]);
   LLVMPositionBuilderAtEnd(b, from[1]);
   LLVMValueRef sw[4];
   for (unsigned c = 0; c < 4; c++) {
      LLVMValueRef s = ld(j, j->i32, d, FIELD(swz) + 4 * c);
      LLVMValueRef val = sel(j, icmp(j, LLVMIntEQ, s, ci32(j, 4)), kvec(j, 0), kvec(j, ONE_F32));
      for (unsigned k = 4; k-- > 0;)
         val = sel(j, icmp(j, LLVMIntEQ, s, ci32(j, k)), comp[k], val);
      sw[c] = val;
   }
   from[1] = LLVMGetInsertBlock(b);
   LLVMBuildBr(b, swizzled);
   LLVMPositionBuilderAtEnd(b, swizzled);
   for (unsigned c = 0; c < 4; c++) {
      res[c] = LLVMBuildPhi(b, j->vi, "");
      LLVMValueRef vals[2] = { comp[c], sw[c] };
      LLVMAddIncoming(res[c], vals, from, 2);
   }
}

/* DST_SEL of instruction t: res into the destination GPR at the lanes lanes16 (an i16), after
 * the whole instruction; plain stores where every lane is written (the usual full block),
 * else each lane keeps the GPR or takes its value. */
static void write_dst(struct jb *j, const struct sim_tex_inst *t, LLVMValueRef res[4], LLVMValueRef lanes16)
{
   LLVMBuilderRef b = j->b;
   LLVMBasicBlockRef all = block(j, "tex_dst_all"), some = block(j, "tex_dst_some"), done = block(j, "tex_dst_done");
   LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, lanes16, ci16(j, 0xFFFF), ""), all, some);
   for (unsigned k = 0; k < 2; k++) {
      LLVMPositionBuilderAtEnd(b, k ? some : all);
      LLVMValueRef en = k ? lane_mask(j, lanes16) : NULL;
      for (unsigned c = 0; c < 4; c++) {
         unsigned s = t->dst_sel[c];
         if (s == SIM_SEL_MASK)
            continue;
         LLVMValueRef val = s <= SIM_SEL_W ? res[s] : kvec(j, s == SIM_SEL_1 ? ONE_F32 : 0);
         LLVMValueRef p = gpr_ptr(j, t->dst_gpr, c);
         store(j, en ? sel(j, en, val, load(j, j->vi, p)) : val, p, 4);
      }
      LLVMBuildBr(b, done);
   }
   LLVMPositionBuilderAtEnd(b, done);
}

/* The descriptor of memo slot `slot` (sim_run.tex_fast). */
static LLVMValueRef slot_desc(struct jb *j, unsigned slot)
{
   return ld(j, j->ptr, j->x, offsetof(struct sim_run, tex_fast) + slot * sizeof(void *));
}

/* Instruction i of the clause, t: filter()'s level selection at each lane's LOD, the level
 * passes (two where MIP_FILTER LINEAR blends), the resource swizzle, then DST_SEL writes
 * the instruction's lanes of the destination GPR. */
static void emit_sample(struct jb *j, unsigned slot, const struct sim_tex_inst *t, LLVMValueRef lanes16)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef d = slot_desc(j, slot);
   LLVMValueRef u = src_vec(j, t, 0), v = src_vec(j, t, 1);
   LLVMBasicBlockRef one = block(j, "tex_one_level"), any = block(j, "tex_lod"), swz = block(j, "tex_swizzle");
   LLVMBuildCondBr(b, lod_matters(j, d), any, one);

   /* where the LOD changes nothing: level 0 and the one filter for every lane */
   LLVMPositionBuilderAtEnd(b, one);
   LLVMValueRef e[3][4];   /* of the one-level pass, the level pass, the mip blend */
   call_one(j, pass_for(j, true, d), t, d, u, v, e[0]);
   LLVMBasicBlockRef from[3] = { LLVMGetInsertBlock(b) };
   LLVMBuildBr(b, swz);

   LLVMPositionBuilderAtEnd(b, any);
   LLVMValueRef lod = lod_vec(j, t, d);
   LLVMValueRef minify = LLVMBuildFCmp(b, LLVMRealOGT, lod, kf(j, 0.0f), "");
   LLVMValueRef linear = sel(j, minify, splat(j, ld(j, j->i32, d, FIELD(min_linear))),
                             splat(j, ld(j, j->i32, d, FIELD(mag_linear))));
   LLVMValueRef mip = ld(j, j->i32, d, FIELD(mip)), last = ld(j, j->i32, d, FIELD(last_level));
   LLVMValueRef lastv = splat(j, last), lastf = LLVMBuildUIToFP(b, lastv, j->vf, "");
   /* MIP_FILTER POINT: the level nearest the LOD */
   LLVMValueRef r = intrinsic1(j, "llvm.floor", LLVMBuildFAdd(b, lod, kf(j, 0.5f), ""));
   LLVMValueRef near = sel(j, LLVMBuildFCmp(b, LLVMRealOGE, r, lastf, ""), lastv, LLVMBuildFPToUI(b, r, j->vi, ""));
   /* LINEAR: floor(lod) and the next, unless floor(lod) is the last level or beyond */
   LLVMValueRef fl = intrinsic1(j, "llvm.floor", lod);
   LLVMValueRef beyond = LLVMBuildFCmp(b, LLVMRealOGE, fl, lastf, "");
   LLVMValueRef below = sel(j, beyond, lastv, LLVMBuildFPToUI(b, fl, j->vi, ""));
   LLVMValueRef mip_none = icmp(j, LLVMIntEQ, mip, ci32(j, SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE));
   LLVMValueRef mip_point = icmp(j, LLVMIntEQ, mip, ci32(j, SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_POINT));
   LLVMValueRef none = or_(j, not_(j, minify), splat_i1(j, mip_none));
   LLVMValueRef level = sel(j, none, kvec(j, 0), sel(j, mip_point, near, below));
   LLVMValueRef blend = and_(j, not_(j, or_(j, none, splat_i1(j, mip_point))), not_(j, beyond));
   LLVMTypeRef pty = LLVMGlobalGetValueType(pass_fn(j, false, SIM_TEX_FAST_GENERIC));
   LLVMValueRef pass = pass_for(j, false, d);
   LLVMValueRef args[9] = { d, level, u, v, ci32(j, t->normalized[0]), ci32(j, t->normalized[1]),
                            kf32(j, t->offset[0]), kf32(j, t->offset[1]), linear };
   texels(j, LLVMBuildCall2(b, pty, pass, args, 9, ""), e[1]);
   from[1] = LLVMGetInsertBlock(b);
   LLVMBasicBlockRef two = block(j, "tex_mip_blend");
   LLVMBuildCondBr(b, icmp(j, LLVMIntNE, mask16(j, blend), ci16(j, 0)), two, swz);

   LLVMPositionBuilderAtEnd(b, two);
   args[1] = sel(j, blend, LLVMBuildAdd(b, below, kvec(j, 1), ""), kvec(j, 0));
   LLVMValueRef e2[4];
   texels(j, LLVMBuildCall2(b, pty, pass, args, 9, ""), e2);
   LLVMValueRef m = LLVMBuildFSub(b, lod, fl, "");
   for (unsigned c = 0; c < 4; c++) {
      LLVMValueRef va = F(j, e[1][c]), vb = F(j, e2[c]);
      LLVMValueRef ma = LLVMBuildFMul(b, va, LLVMBuildFSub(b, kf(j, 1.0f), m, ""), "");
      LLVMValueRef mixed = nan_left(j, ma, LLVMBuildFAdd(b, ma, LLVMBuildFMul(b, vb, m, ""), ""));
      e[2][c] = sel(j, blend, I(j, mixed), e[1][c]);
   }
   from[2] = LLVMGetInsertBlock(b);
   LLVMBuildBr(b, swz);

   LLVMPositionBuilderAtEnd(b, swz);
   LLVMValueRef comp[4], res[4];
   for (unsigned c = 0; c < 4; c++) {
      comp[c] = LLVMBuildPhi(b, j->vi, "");
      LLVMValueRef vals[3] = { e[0][c], e[1][c], e[2][c] };
      LLVMAddIncoming(comp[c], vals, from, 3);
   }
   resource_swizzle(j, d, comp, res);
   write_dst(j, t, res, lanes16);
}

/* What the inline point taps read of an RGBA8 descriptor, loaded once for the clause (the
 * GPR stores between its instructions would otherwise load them again): level 0's width and
 * height (<16 x i32>), host bytes and row pitch. */
struct point_level {
   LLVMValueRef n[2];
   struct level_mem m;
};

static struct point_level point_level(struct jb *j, LLVMValueRef d)
{
   struct point_level l = { { NULL, NULL },
                            { ld(j, j->ptr, d, FIELD(level) + LEVEL_FIELD(bytes)), NULL, NULL,
                              splat(j, ld(j, j->i32, d, FIELD(level) + LEVEL_FIELD(pitch))) } };
   for (unsigned k = 0; k < 2; k++)
      l.n[k] = splat(j, ld(j, j->i32, d, FIELD(size) + 4 * k));
   return l;
}

/* tex_point_wrap(d, fx, fy): { x, y }, the texel indices of the floored texel positions fx, fy
 * (<16 x float>) on level 0 of descriptor d through its CLAMP modes (texel_int, wrap_vec): the
 * rare lanes outside the level of point_rgba8, out of line (cold, never inlined), so that
 * each tap's inline code stays small. */
static LLVMValueRef point_wrap_fn(struct jb *j)
{
   LLVMTypeRef two[2] = { j->vi, j->vi }, args[3] = { j->ptr, j->vf, j->vf };
   LLVMTypeRef ty = LLVMFunctionType(LLVMStructTypeInContext(j->ctx, two, 2, 0), args, 3, 0);
   bool built;
   struct at a = save(j);
   LLVMValueRef fn = module_fn(j, "tex_point_wrap", ty, &built);
   if (built)
      return fn;
   static const char *const attrs[2] = { "noinline", "cold" };
   for (unsigned k = 0; k < 2; k++)
      LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                              LLVMCreateEnumAttribute(j->ctx, LLVMGetEnumAttributeKindForName(attrs[k], strlen(attrs[k])), 0));
   LLVMValueRef d = LLVMGetParam(fn, 0), ix[2];
   for (unsigned k = 0; k < 2; k++)
      ix[k] = wrap_vec(j, texel_int(j, LLVMGetParam(fn, 1 + k)), splat(j, ld(j, j->i32, d, FIELD(size) + 4 * k)),
                       ld(j, j->i32, d, FIELD(wrap) + 4 * k), ld(j, j->i32, d, FIELD(pow2) + 4 * k));
   LLVMBuildAggregateRet(j->b, ix, 2);
   restore(j, a);
   return fn;
}

/* tex_pass_one_rgba8 of point taps inline, for instruction t at coordinates u, v of
 * descriptor d (of kind RGBA8, one level, MIN filter point; l: its level): the components of
 * each lane's texel into out, with the instruction's fields as constants; the
 * clamps and CLAMP modes run only when a lane's texel is outside the level. */
static void point_rgba8(struct jb *j, LLVMValueRef d, const struct point_level *l, const struct sim_tex_inst *t,
                        LLVMValueRef u, LLVMValueRef v, LLVMValueRef out[4])
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef c[2] = { u, v }, fl[2], inside = NULL;
   for (unsigned k = 0; k < 2; k++) {
      LLVMValueRef norm = LLVMConstInt(LLVMInt1TypeInContext(j->ctx), t->normalized[k], 0);
      fl[k] = intrinsic1(j, "llvm.floor",
                         texel_pos(j, c[k], l->n[k], norm, t->offset[k] != 0.0f ? kf32(j, t->offset[k]) : NULL, NULL));
      LLVMValueRef in = and_(j, LLVMBuildFCmp(b, LLVMRealOGE, fl[k], kf(j, 0.0f), ""),
                             LLVMBuildFCmp(b, LLVMRealOLT, fl[k], LLVMBuildSIToFP(b, l->n[k], j->vf, ""), ""));
      inside = inside ? and_(j, inside, in) : in;
   }
   /* where every lane's texel is inside the level (no NaN), texel_int is the conversion
    * and every CLAMP mode keeps it */
   LLVMBasicBlockRef entry = LLVMGetInsertBlock(b), edge = block(j, "tex_point_edge"), got = block(j, "tex_point_in");
   LLVMValueRef ix[2], direct[2] = { LLVMBuildFPToSI(b, fl[0], j->vi, ""), LLVMBuildFPToSI(b, fl[1], j->vi, "") };
   LLVMBuildCondBr(b, icmp(j, LLVMIntEQ, mask16(j, inside), ci16(j, 0xFFFF)), got, edge);
   LLVMPositionBuilderAtEnd(b, edge);
   LLVMValueRef fn = point_wrap_fn(j), args[3] = { d, fl[0], fl[1] }, wrapped[2];
   LLVMValueRef w = LLVMBuildCall2(b, LLVMGlobalGetValueType(fn), fn, args, 3, "");
   for (unsigned k = 0; k < 2; k++)
      wrapped[k] = LLVMBuildExtractValue(b, w, k, "");
   LLVMBasicBlockRef edge_end = LLVMGetInsertBlock(b);
   LLVMBuildBr(b, got);
   LLVMPositionBuilderAtEnd(b, got);
   for (unsigned k = 0; k < 2; k++) {
      ix[k] = LLVMBuildPhi(b, j->vi, "");
      LLVMValueRef vals[2] = { direct[k], wrapped[k] };
      LLVMBasicBlockRef from[2] = { entry, edge_end };
      LLVMAddIncoming(ix[k], vals, from, 2);
   }
   LLVMValueRef row = LLVMBuildMul(j->b, ix[1], l->m.pitch, ""), col = LLVMBuildShl(j->b, ix[0], kvec(j, 2), "");
   rgba8_texels(j, tap_words(j, &l->m, row, col), out);
}

/* Whether every instruction of the n at t reads the resource and sampler of the first: they
 * then share its descriptor (sim_tex_fast_prepare). */
static bool one_state(const struct sim_tex_inst *t, unsigned n)
{
   for (unsigned i = 1; i < n; i++)
      if (!sim_tex_fast_same_state(&t[0], &t[i]))
         return false;
   return true;
}

/* The n instructions at t of one RGBA8 descriptor d that the LOD does not change, of MIN
 * filter bilinear (each a direct call of tex_pass_one_rgba8) or point (point_rgba8, inline),
 * with the resource swizzle xyzw or xyz1 (where the i1 opaque is true: 1.0 for the alpha),
 * into the destination GPRs. lanes[i]: instruction i's lanes. */
static void rgba8_clause(struct jb *j, LLVMValueRef d, const struct sim_tex_inst *t, unsigned n, LLVMValueRef lanes[],
                         bool linear, LLVMValueRef opaque)
{
   struct point_level l;
   if (!linear)
      l = point_level(j, d);
   for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e[4], u = src_vec(j, &t[i], 0), v = src_vec(j, &t[i], 1);
      if (linear)
         call_one(j, pass_fn(j, true, SIM_TEX_FAST_RGBA8), &t[i], d, u, v, e);
      else
         point_rgba8(j, d, &l, &t[i], u, v, e);
      e[3] = LLVMBuildSelect(j->b, opaque, kvec(j, ONE_F32), e[3], "");
      write_dst(j, &t[i], e, lanes[i]);
   }
}

/* The clause's instructions, the usual way when their shared descriptor is an RGBA8 one that
 * the LOD does not change, with the resource swizzle xyzw or xyz1 (tested once for the
 * clause, at run time): rgba8_clause's code for its filter and swizzle; else emit_sample's.
 * lanes[i]: instruction i's lanes. */
static void emit_samples(struct jb *j, unsigned slot, const struct sim_tex_inst *t, unsigned n, LLVMValueRef lanes[])
{
   LLVMBuilderRef b = j->b;
   LLVMBasicBlockRef done = block(j, "tex_samples_done");
   if (one_state(t, n)) {
      LLVMValueRef d = slot_desc(j, slot);
      LLVMValueRef rgba8 = icmp(j, LLVMIntEQ, ld(j, j->i32, d, FIELD(plain)), ci32(j, SIM_TEX_FAST_RGBA8));
      LLVMValueRef opaque = swizzle_is(j, d, swz_xyz1);
      LLVMValueRef usual = and_(j, and_(j, rgba8, not_(j, lod_matters(j, d))), or_(j, swizzle_is(j, d, swz_xyzw), opaque));
      LLVMBasicBlockRef quick = block(j, "tex_rgba8_clause"), general = block(j, "tex_clause_general");
      LLVMBuildCondBr(b, usual, quick, general);
      LLVMPositionBuilderAtEnd(b, quick);
      LLVMValueRef linear = icmp(j, LLVMIntNE, ld(j, j->i32, d, FIELD(min_linear)), ci32(j, 0));
      LLVMBasicBlockRef filter[2] = { block(j, "tex_rgba8_point"), block(j, "tex_rgba8_bilinear") };
      LLVMBuildCondBr(b, linear, filter[1], filter[0]);
      for (unsigned k = 0; k < 2; k++) {
         LLVMPositionBuilderAtEnd(b, filter[k]);
         rgba8_clause(j, d, t, n, lanes, k != 0, opaque);
         LLVMBuildBr(b, done);
      }
      LLVMPositionBuilderAtEnd(b, general);
   }
   for (unsigned i = 0; i < n; i++)
      emit_sample(j, slot + i, &t[i], lanes[i]);
   LLVMBuildBr(b, done);
   LLVMPositionBuilderAtEnd(b, done);
}

/* sim_whole_quads (run_state.c): the launched lanes of each quad with a lane in `lanes` (i16). */
static LLVMValueRef whole_quads(struct jb *j, LLVMValueRef lanes)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef m = LLVMBuildOr(b, lanes, LLVMBuildLShr(b, lanes, ci16(j, 1), ""), "");
   m = LLVMBuildOr(b, m, LLVMBuildLShr(b, m, ci16(j, 2), ""), "");
   m = LLVMBuildMul(b, and_(j, m, ci16(j, 0x1111)), ci16(j, 0xF), "");
   return and_(j, m, ld(j, j->i16, j->x, offsetof(struct sim_run, launched)));
}

LLVMValueRef jit_tex_clause(struct jb *j, unsigned pc)
{
   const struct sim_program *p = j->p;
   const struct sim_cf *cf = &p->cf[pc];
   if (cf->op != SIM_CF_TEX || cf->count == 0)
      return NULL;
   if (cf->count > SIM_TEX_FAST_MAX) {
      if (sim_debug_flags() & SIM_DEBUG_TEXSLOW)
         fprintf(stderr, "r600sim: texslow: CF %u: %u instructions\n", pc, cf->count);
      return NULL;
   }
   for (unsigned i = 0; i < cf->count; i++) {
      const struct sim_tex_inst *t = &p->tex[cf->first + i];
      if (!sim_tex_fast_inst(t)) {
         if (sim_debug_flags() & SIM_DEBUG_TEXSLOW)
            fprintf(stderr, "r600sim: texslow: CF %u instruction %u: op %u%s%s%s\n", pc, i, (unsigned)t->op,
                    t->compare ? ", depth compare" : "", t->bc_frac ? ", BC_FRAC_MODE" : "",
                    t->src_rel || t->dst_rel ? ", relative GPR" : "");
         return NULL;
      }
   }

   /* the memo (run_state.h): prepare only a clause neither prepared nor declined for this
    * program since the run's owner reset it */
   LLVMBuilderRef b = j->b;
   unsigned slot = sim_tex_fast_slot(p, pc);
   LLVMValueRef args[2] = { j->x, ci32(j, pc) };
   LLVMBasicBlockRef fast = block(j, "tex_inline"), slow = block(j, "tex_helper"), join = block(j, "tex_clause_next");
   LLVMBasicBlockRef prep = block(j, "tex_prepare");
   if (slot < SIM_TEX_FAST_SLOTS) {
      LLVMBasicBlockRef memo = block(j, "tex_memo"), seen = block(j, "tex_memo_seen");
      LLVMValueRef mine = LLVMBuildICmp(b, LLVMIntEQ, ld(j, j->ptr, j->x, offsetof(struct sim_run, prog)),
                                        ld(j, j->ptr, j->x, offsetof(struct sim_run, tex_memo_prog)), "");
      LLVMBuildCondBr(b, mine, memo, prep);
      LLVMPositionBuilderAtEnd(b, memo);
      LLVMValueRef bit = LLVMConstInt(j->i64, 1ull << slot, 0), zero = LLVMConstInt(j->i64, 0, 0);
      LLVMValueRef ok = and_(j, ld(j, j->i64, j->x, offsetof(struct sim_run, tex_memo_ok)), bit);
      LLVMBuildCondBr(b, icmp(j, LLVMIntNE, ok, zero), fast, seen);
      LLVMPositionBuilderAtEnd(b, seen);
      LLVMValueRef no = and_(j, ld(j, j->i64, j->x, offsetof(struct sim_run, tex_memo_no)), bit);
      LLVMBuildCondBr(b, icmp(j, LLVMIntNE, no, zero), slow, prep);
   } else {
      LLVMBuildBr(b, prep);
   }
   LLVMPositionBuilderAtEnd(b, prep);
   LLVMValueRef r = LLVMBuildCall2(b, j->helper_ty, jit_host_fn(j, JIT_HOST_TEX_PREPARE), args, 2, "");
   LLVMBuildCondBr(b, icmp(j, LLVMIntEQ, r, ci32(j, 0)), fast, slow);

   /* the lanes of the clause (sim_cf_mode_lanes) and of its FETCH_WHOLE_QUAD instructions */
   LLVMPositionBuilderAtEnd(b, fast);
   LLVMValueRef exec = ld(j, j->i16, j->x, offsetof(struct sim_run, exec));
   LLVMValueRef lanes = cf->whole_quad ? whole_quads(j, exec)
                        : cf->valid_pixel ? and_(j, exec, ld(j, j->i16, j->x, offsetof(struct sim_run, valid)))
                                          : exec;
   LLVMValueRef quads = NULL, inst_lanes[SIM_TEX_FAST_MAX];
   for (unsigned i = 0; i < cf->count; i++) {
      const struct sim_tex_inst *t = &p->tex[cf->first + i];
      if (t->whole_quad && !quads)
         quads = whole_quads(j, lanes);
      inst_lanes[i] = t->whole_quad ? quads : lanes;
   }
   emit_samples(j, slot, &p->tex[cf->first], cf->count, inst_lanes);
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
