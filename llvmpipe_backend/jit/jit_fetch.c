/* VTX clauses -> LLVM IR: the vertex fetches of fetch_unit.c inline, for clauses whose every
 * fetch has its source, destination and format fixed in the instruction (no SEMANTIC, SRC_REL,
 * DST_REL or USE_CONST_FIELDS, no endian swap) in a format decoded here exactly as
 * sim_format_decode does: 32-bit float components of any count, 32-bit integers as INT, 8- and
 * 16-bit integers as NORM / INT / SCALED (signed or not, either SRF_MODE), 16-bit floats.
 * Packed formats (5_6_5, 2_10_10_10, ...) keep the C path, and so does every clause with
 * another fetch.
 *
 * What depends on the draw's registers - the resource, its host mapping, the index offset of
 * FETCH_TYPE, the lanes of the clause's and fetch's quad modes - is resolved per run of the
 * clause by sim_fetch_vtx_prepare into sim_run.vtx_fast; when that declines (invalid or
 * partly unmapped resource: anything that could fault) the clause runs through sim_cf_step,
 * so faults are always the C path's. Per fetch, as sim_fetch_vtx: a lane with index + add
 * (mod 2^32) at most max_index reads its element at (index + add) * stride + OFFSET, the
 * others get the resource's out-of-bounds value in every component; DST_SEL then writes the
 * fetch's lanes of the destination GPR in memory (where the ALU clauses' code keeps them
 * between runs). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "jit/jit_fetch.h"
#include "jit/jit_host.h"
#include "jit/jit_ir.h"
#include "sq/formats.h"
#include "sq/run_state.h"

#define ONE_F32 0x3F800000u

/* The format of fetch `v` when it can be inline, else NULL. */
static const struct sim_format *inline_format(const struct sim_vtx_inst *v)
{
   if (v->semantic || v->src_rel || v->dst_rel || v->use_const_fields ||
       v->endian != SIM_ENDIAN_NONE || v->src_gpr >= SIM_MAX_GPRS || v->src_chan > 3 ||
       v->dst_gpr >= SIM_MAX_GPRS)
      return NULL;
   const struct sim_format *f = sim_format_find(v->data_format);
   if (!f || f->unit == 0)   /* packed bit fields */
      return NULL;
   if (f->kind == SIM_COMP_INT && f->unit == 4 && v->num_format != SIM_NUM_INT)
      return NULL;
   return f;
}

static LLVMValueRef reg_ptr(struct jb *j, unsigned reg, unsigned chan)
{
   return gep(j, j->lanes, offsetof(struct sim_lanes, gpr) + ((uint64_t)reg * 4 + chan) * SIM_LANES * 4);
}

static LLVMValueRef kdouble(struct jb *j, double v)
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = LLVMConstReal(LLVMDoubleTypeInContext(j->ctx), v);
   return LLVMConstVector(e, SIM_LANES);
}

/* The lanes of an i16 lane mask as <16 x i1>, by a compare (cheaper to generate code for
 * than a bitcast on targets without mask registers). */
static LLVMValueRef lane_mask(struct jb *j, LLVMValueRef m16)
{
   LLVMValueRef bits[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      bits[l] = ci32(j, 1u << l);
   LLVMValueRef m = splat(j, LLVMBuildZExt(j->b, m16, j->i32, ""));
   return icmp(j, LLVMIntNE, and_(j, m, LLVMConstVector(bits, SIM_LANES)), kvec(j, 0));
}

/* Field `member` of x->vtx_fast[i]. */
static LLVMValueRef fast_field(struct jb *j, LLVMTypeRef ty, unsigned align, unsigned i, size_t member)
{
   size_t at = offsetof(struct sim_run, vtx_fast) + i * sizeof(struct sim_vtx_fast) + member;
   LLVMValueRef v = LLVMBuildLoad2(j->b, ty, gep(j, j->x, at), "");
   LLVMSetAlignment(v, align);
   return v;
}

/* The element is read in dwords: dword k at 4k for the whole dwords of an element of 4 bytes
 * or more, dword 3 ending at its end for a remainder (6 bytes: at 0 and 2); an element of 1..3
 * bytes is dword 0 (see emit_fetch). The dword holding the component at byte `at`, and where
 * dword k starts. */
static unsigned dword_index(const struct sim_format *f, unsigned at)
{
   return f->bytes < 4 ? 0 : at / 4 < f->bytes / 4u ? at / 4 : 3;
}

static unsigned dword_start(const struct sim_format *f, unsigned k)
{
   return f->bytes < 4 ? 0 : k == 3 ? f->bytes - 4u : 4 * k;
}

/* The dwords `need` (bit k: dword k) of each lane's element at data + off (<16 x i32>, every
 * element readable) into dword[k], by a loop over the lanes through a stack buffer: without
 * AVX-512, LLVM expands a gather into code per lane, which takes several times longer to
 * generate than the rest of a fetch. */
static void read_dwords(struct jb *j, LLVMValueRef data, LLVMValueRef off, const struct sim_format *f,
                        unsigned need, LLVMValueRef dword[4])
{
   LLVMBuilderRef b = j->b;
   if (!j->fetch_buf) {   /* [5][SIM_LANES] dwords: the offsets, then dword k in row 1 + k */
      LLVMBuilderRef eb = LLVMCreateBuilderInContext(j->ctx);
      LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(j->fn);
      LLVMPositionBuilder(eb, entry, LLVMGetFirstInstruction(entry));
      j->fetch_buf = LLVMBuildArrayAlloca(eb, j->vi, ci32(j, 5), "fetch_buf");
      LLVMSetAlignment(j->fetch_buf, 64);
      LLVMDisposeBuilder(eb);
   }
   store(j, off, j->fetch_buf, 4);
   LLVMBasicBlockRef pre = LLVMGetInsertBlock(b);
   LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "vtx_lane");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "vtx_lanes_done");
   LLVMBuildBr(b, loop);
   LLVMPositionBuilderAtEnd(b, loop);
   LLVMValueRef l = LLVMBuildPhi(b, j->i32, "lane");
   LLVMValueRef li = LLVMBuildZExt(b, l, j->i64, "");
   LLVMValueRef o = LLVMBuildLoad2(b, j->i32, LLVMBuildGEP2(b, j->i32, j->fetch_buf, &li, 1, ""), "");
   LLVMSetAlignment(o, 4);
   LLVMValueRef zo = LLVMBuildZExt(b, o, j->i64, "");
   LLVMValueRef p = LLVMBuildGEP2(b, j->i8, data, &zo, 1, "");
   for (unsigned k = 0; k < 4; k++) {
      if (!(need >> k & 1))
         continue;
      unsigned from = dword_start(f, k);
      LLVMValueRef d = LLVMBuildLoad2(b, j->i32, from ? gep(j, p, from) : p, "");
      LLVMSetAlignment(d, 1);
      LLVMValueRef slot = LLVMBuildAdd(b, li, LLVMConstInt(j->i64, (1 + k) * SIM_LANES, 0), "");
      store(j, d, LLVMBuildGEP2(b, j->i32, j->fetch_buf, &slot, 1, ""), 4);
   }
   LLVMValueRef next = LLVMBuildAdd(b, l, ci32(j, 1), "");
   LLVMBuildCondBr(b, icmp(j, LLVMIntEQ, next, ci32(j, SIM_LANES)), done, loop);
   LLVMValueRef zero = ci32(j, 0);
   LLVMAddIncoming(l, &zero, &pre, 1);
   LLVMAddIncoming(l, &next, &loop, 1);
   LLVMPositionBuilderAtEnd(b, done);
   for (unsigned k = 0; k < 4; k++) {
      if (need >> k & 1) {
         dword[k] = LLVMBuildLoad2(b, j->vi, gep(j, j->fetch_buf, (uint64_t)(1 + k) * SIM_LANES * 4), "");
         LLVMSetAlignment(dword[k], 64);
      }
   }
}

/* sim_minifloat_to_f32(v, 10, true) by integer operations. */
static LLVMValueRef half_to_f32(struct jb *j, LLVMValueRef v)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef sign = LLVMBuildShl(b, LLVMBuildLShr(b, v, kvec(j, 15), ""), kvec(j, 31), "");
   LLVMValueRef mag = and_(j, v, kvec(j, 0x7FFF));
   LLVMValueRef e = LLVMBuildLShr(b, mag, kvec(j, 10), "");
   LLVMValueRef m = and_(j, v, kvec(j, 0x3FF));
   LLVMValueRef shifted = LLVMBuildShl(b, mag, kvec(j, 13), "");
   /* normal: rebias the exponent (127 - 15); infinity / NaN: all-ones exponent */
   LLVMValueRef normal = LLVMBuildAdd(b, shifted, kvec(j, 112u << 23), "");
   LLVMValueRef special = or_(j, shifted, kvec(j, 0x7F800000u));
   /* denormal m * 2^-24: the float of m (exact) with its exponent lowered by 24 */
   LLVMValueRef den = LLVMBuildSub(b, I(j, LLVMBuildUIToFP(b, m, j->vf, "")), kvec(j, 24u << 23), "");
   den = sel(j, icmp(j, LLVMIntEQ, m, kvec(j, 0)), kvec(j, 0), den);
   LLVMValueRef r = sel(j, icmp(j, LLVMIntEQ, e, kvec(j, 31)), special, normal);
   r = sel(j, icmp(j, LLVMIntEQ, e, kvec(j, 0)), den, r);
   return or_(j, sign, r);
}

/* convert_int of formats.c: an n-bit integer component (n < 32, or 32 with NUM_FORMAT INT). */
static LLVMValueRef convert_int(struct jb *j, LLVMValueRef v, unsigned n, const struct sim_vtx_inst *in)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef sv = v;
   if (in->is_signed && n < 32)
      sv = LLVMBuildAShr(b, LLVMBuildShl(b, v, kvec(j, 32 - n), ""), kvec(j, 32 - n), "");
   if (in->num_format == SIM_NUM_INT)
      return sv;
   if (in->num_format == SIM_NUM_SCALED)   /* n < 32: the value fits a signed i32 */
      return I(j, LLVMBuildSIToFP(b, sv, j->vf, ""));
   /* NORM, in double and rounded once, as formats.c */
   LLVMTypeRef vd = LLVMVectorType(LLVMDoubleTypeInContext(j->ctx), SIM_LANES);
   double full = (double)((1ull << n) - 1), half = (double)((1ull << (n - 1)) - 1);
   LLVMValueRef r;
   if (!in->is_signed) {
      r = LLVMBuildFDiv(b, LLVMBuildUIToFP(b, v, vd, ""), kdouble(j, full), "");
   } else {
      LLVMValueRef d = LLVMBuildSIToFP(b, sv, vd, "");
      if (in->srf_no_zero)
         r = LLVMBuildFDiv(b, LLVMBuildFAdd(b, LLVMBuildFMul(b, kdouble(j, 2.0), d, ""), kdouble(j, 1.0), ""),
                           kdouble(j, full), "");
      else
         r = LLVMBuildFDiv(b, d, kdouble(j, half), "");
      r = sel(j, LLVMBuildFCmp(b, LLVMRealOLT, r, kdouble(j, -1.0), ""), kdouble(j, -1.0), r);
   }
   return I(j, LLVMBuildFPTrunc(b, r, j->vf, ""));
}

/* Fetch i of the clause: instruction `v` of format `f`. */
static void emit_fetch(struct jb *j, unsigned i, const struct sim_vtx_inst *v, const struct sim_format *f)
{
   LLVMBuilderRef b = j->b;
   LLVMValueRef data = fast_field(j, j->ptr, 8, i, offsetof(struct sim_vtx_fast, data));
   LLVMValueRef stride = fast_field(j, j->i32, 4, i, offsetof(struct sim_vtx_fast, stride));
   LLVMValueRef add = fast_field(j, j->i32, 4, i, offsetof(struct sim_vtx_fast, add));
   LLVMValueRef max = fast_field(j, j->i32, 4, i, offsetof(struct sim_vtx_fast, max_index));
   LLVMValueRef oob = splat(j, fast_field(j, j->i32, 4, i, offsetof(struct sim_vtx_fast, oob)));
   LLVMValueRef lanes = fast_field(j, j->i16, 2, i, offsetof(struct sim_vtx_fast, lanes));
   LLVMValueRef read = fast_field(j, j->i16, 2, i, offsetof(struct sim_vtx_fast, read));
   LLVMValueRef en = lane_mask(j, lanes);

   LLVMValueRef index = LLVMBuildAdd(b, load(j, j->vi, reg_ptr(j, v->src_gpr, v->src_chan)), splat(j, add), "");
   LLVMValueRef inside = and_(j, icmp(j, LLVMIntULE, index, splat(j, max)), lane_mask(j, read));
   LLVMValueRef off = LLVMBuildAdd(b, LLVMBuildMul(b, index, splat(j, stride), ""), kvec(j, v->offset), "");
   /* An element of 1..3 bytes is read as the dword ending at its end, or, when that would
    * start before the buffer (offset below 3), the dword starting at its start, which SIZE
    * then covers (sim_fetch_vtx_prepare: SIZE reaches byte 5); `shift` aligns both to its
    * first byte. */
   LLVMValueRef shift = NULL;
   if (f->bytes < 4) {
      LLVMValueRef early = icmp(j, LLVMIntULT, off, kvec(j, 3));
      off = sel(j, early, off, LLVMBuildAdd(b, off, kvec(j, f->bytes - 4u), ""));
      shift = sel(j, early, kvec(j, 0), kvec(j, 8 * (4 - f->bytes)));
   }
   /* The offset is exact in the lanes inside ((index + add) * stride + OFFSET + the
    * element's size is at most SIZE + 1 <= 2^32); the others read the first element, which
    * can always be read (sim_vtx_fast.data). */
   off = sel(j, inside, off, kvec(j, 0));
   bool used[4] = { false };
   unsigned need = 0;   /* bit k: dword k is read */
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned k = 0; k < 4; k++)
         used[c] |= v->dst_sel[k] == c;
      if (used[c] && c < f->ncomp)
         need |= 1u << dword_index(f, c * f->unit);
   }
   LLVMValueRef dword[4] = { NULL };
   if (need)
      read_dwords(j, data, off, f, need, dword);
   if (shift && dword[0])
      dword[0] = LLVMBuildLShr(b, dword[0], shift, "");
   LLVMValueRef e[4];
   for (unsigned c = 0; c < 4; c++) {
      if (c >= f->ncomp) {   /* missing components read (0, 0, 0, 1) */
         bool int1 = f->kind == SIM_COMP_INT && v->num_format == SIM_NUM_INT;
         e[c] = kvec(j, c < 3 ? 0 : int1 ? 1 : ONE_F32);
      } else if (!used[c]) {
         e[c] = NULL;
         continue;
      } else {
         unsigned at = c * f->unit, n = 8u * f->unit, k = dword_index(f, at), from = dword_start(f, k);
         LLVMValueRef raw = dword[k];
         if (at > from)
            raw = LLVMBuildLShr(b, raw, kvec(j, 8 * (at - from)), "");
         if (n < 32)
            raw = and_(j, raw, kvec(j, (1u << n) - 1));
         e[c] = f->kind == SIM_COMP_FLOAT ? raw
              : f->kind == SIM_COMP_HALF ? half_to_f32(j, raw) : convert_int(j, raw, n, v);
      }
      e[c] = sel(j, inside, e[c], oob);
   }

   for (unsigned k = 0; k < 4; k++) {
      unsigned s = v->dst_sel[k];
      if (s == SIM_SEL_MASK)
         continue;
      LLVMValueRef val = s <= SIM_SEL_W ? e[s] : kvec(j, s == SIM_SEL_1 ? ONE_F32 : 0);
      LLVMValueRef p = reg_ptr(j, v->dst_gpr, k);   /* a blend: cheaper than a masked store */
      store(j, sel(j, en, val, load(j, j->vi, p)), p, 4);
   }
}

LLVMValueRef jit_vtx_clause(struct jb *j, unsigned pc)
{
   const struct sim_program *p = j->p;
   const struct sim_cf *cf = &p->cf[pc];
   const struct sim_format *fmt[SIM_VTX_FAST_MAX];
   if (cf->op != SIM_CF_VTX || cf->count > SIM_VTX_FAST_MAX)
      return NULL;
   for (unsigned i = 0; i < cf->count; i++)
      if (!(fmt[i] = inline_format(&p->vtx[cf->first + i])))
         return NULL;

   LLVMValueRef args[2] = { j->x, ci32(j, pc) };
   LLVMValueRef r = LLVMBuildCall2(j->b, j->helper_ty, jit_host_fn(j, JIT_HOST_VTX_PREPARE), args, 2, "");
   LLVMBasicBlockRef fast = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "vtx_inline");
   LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "vtx_helper");
   LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "vtx_next");
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntEQ, r, ci32(j, 0)), fast, slow);

   LLVMPositionBuilderAtEnd(j->b, fast);
   for (unsigned i = 0; i < cf->count; i++)
      emit_fetch(j, i, &p->vtx[cf->first + i], fmt[i]);
   LLVMBasicBlockRef fast_end = LLVMGetInsertBlock(j->b);
   LLVMBuildBr(j->b, join);

   LLVMPositionBuilderAtEnd(j->b, slow);
   LLVMValueRef helper_next = LLVMBuildCall2(j->b, j->helper_ty, jit_host_fn(j, JIT_HOST_CF_STEP), args, 2, "");
   LLVMBuildBr(j->b, join);

   /* sim_cf_next(pc, pc + 1) of a clause that did not fault */
   LLVMPositionBuilderAtEnd(j->b, join);
   bool end = cf->eop || pc + 1 >= p->ncf;
   LLVMValueRef phi = LLVMBuildPhi(j->b, j->i32, "");
   LLVMValueRef vals[2] = { LLVMConstInt(j->i32, end ? (uint64_t)(int64_t)SIM_PC_END : pc + 1, 1),
                            helper_next };
   LLVMBasicBlockRef from[2] = { fast_end, slow };
   LLVMAddIncoming(phi, vals, from, 2);
   return phi;
}
