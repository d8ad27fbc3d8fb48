/* Decoded program -> LLVM IR. The CF list becomes one basic block per CF instruction;
 * control flow, stack, kcache, fetch and export run in the C helpers of cf_exec.c (called
 * through constant function pointers) and the helper's returned CF index selects the next
 * block. ALU clause bodies are emitted inline as 16-lane <16 x i32> / <16 x float> SSA code
 * that reproduces alu_ops.h exactly (same NaN canonicalization, denormal flushing, compare
 * predicates and operation order); the exec mask is an i16 turned into <16 x i1> selects.
 * Inline constants and literals are loaded from memory so LLVM cannot fold them with
 * semantics other than the run-time ones (FTZ/DAZ). Operations without inline code
 * (transcendentals, the predicate-counter PRED_SET forms, RECIP_(U)INT, MUL_LIT) call
 * sim_alu_lanes, FP64 operations sim_alu_fp64_vec: the interpreter's own C code.
 * A CF helper may return any CF index (RETURN), so each CF block's switch falls back to
 * a dispatch block over all CF indices.
 *
 * Relative addressing (interp.c has the reference rules): AR lives in SSA vectors for the
 * clause; a relative GPR operand becomes a masked gather / scatter over the lanes' own
 * register slots, with the register index clamped into the file (an invalid lane reads 0,
 * writes nothing and is reported through sim_run.rel_fault). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alu_fp64.h"
#include "alu_ops.h"
#include "run_state.h"
#include "jit_build.h"

struct jb {
   LLVMContextRef ctx;
   LLVMModuleRef mod;
   LLVMBuilderRef b;
   LLVMValueRef fn, x, lanes;
   const struct sim_program *p;
   LLVMTypeRef i8, i16, i32, i64, f32, ptr, vi, vf, vb, vl;
   LLVMTypeRef helper_ty, lanes_ty, fp64_ty;
};

/* ---- small IR helpers ------------------------------------------------------------------ */

static LLVMValueRef ci32(struct jb *j, uint32_t v) { return LLVMConstInt(j->i32, v, 0); }
static LLVMValueRef ci16(struct jb *j, uint16_t v) { return LLVMConstInt(j->i16, v, 0); }

static LLVMValueRef kvec(struct jb *j, uint32_t v)
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = ci32(j, v);
   return LLVMConstVector(e, SIM_LANES);
}

static LLVMValueRef F(struct jb *j, LLVMValueRef v) { return LLVMBuildBitCast(j->b, v, j->vf, ""); }
static LLVMValueRef I(struct jb *j, LLVMValueRef v) { return LLVMBuildBitCast(j->b, v, j->vi, ""); }
static LLVMValueRef kf(struct jb *j, float f) { return LLVMConstBitCast(kvec(j, sim_u(f)), j->vf); }

static LLVMValueRef const_ptr(struct jb *j, const void *p)
{
   return LLVMConstIntToPtr(LLVMConstInt(j->i64, (uint64_t)(uintptr_t)p, 0), j->ptr);
}

static LLVMValueRef gep(struct jb *j, LLVMValueRef base, uint64_t off)
{
   LLVMValueRef idx = LLVMConstInt(j->i64, off, 0);
   return LLVMBuildGEP2(j->b, j->i8, base, &idx, 1, "");
}

static LLVMValueRef load(struct jb *j, LLVMTypeRef ty, LLVMValueRef ptr)
{
   LLVMValueRef v = LLVMBuildLoad2(j->b, ty, ptr, "");
   LLVMSetAlignment(v, ty == j->i16 ? 2 : 4);
   return v;
}

static void store(struct jb *j, LLVMValueRef v, LLVMValueRef ptr, unsigned align)
{
   LLVMSetAlignment(LLVMBuildStore(j->b, v, ptr), align);
}

static LLVMValueRef splat(struct jb *j, LLVMValueRef s)
{
   LLVMValueRef v = LLVMBuildInsertElement(j->b, LLVMGetPoison(j->vi), s, ci32(j, 0), "");
   return LLVMBuildShuffleVector(j->b, v, LLVMGetPoison(j->vi), LLVMConstNull(j->vi), "");
}

static LLVMValueRef sel(struct jb *j, LLVMValueRef c, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildSelect(j->b, c, a, b, "");
}

static LLVMValueRef fcmp(struct jb *j, LLVMRealPredicate pr, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildFCmp(j->b, pr, F(j, a), F(j, b), "");
}

static LLVMValueRef icmp(struct jb *j, LLVMIntPredicate pr, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildICmp(j->b, pr, a, b, "");
}

static LLVMValueRef and_(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildAnd(j->b, a, b, ""); }
static LLVMValueRef or_(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildOr(j->b, a, b, ""); }
static LLVMValueRef not_(struct jb *j, LLVMValueRef a) { return LLVMBuildNot(j->b, a, ""); }

static LLVMValueRef mask16(struct jb *j, LLVMValueRef v16i1)
{
   return LLVMBuildBitCast(j->b, v16i1, j->i16, "");
}

static LLVMValueRef lane_ids(struct jb *j)
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = ci32(j, l);
   return LLVMConstVector(e, SIM_LANES);
}

static LLVMValueRef intrinsic1(struct jb *j, const char *name, LLVMValueRef a)
{
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMTypeRef ty = j->vf;
   LLVMValueRef decl = LLVMGetIntrinsicDeclaration(j->mod, id, &ty, 1);
   LLVMTypeRef fty = LLVMIntrinsicGetType(j->ctx, id, &ty, 1);
   return LLVMBuildCall2(j->b, fty, decl, &a, 1, "");
}

/* ---- the scalar semantics of alu_ops.h, 16 lanes at a time ------------------------------ */

/* sim_is_nan */
static LLVMValueRef is_nan(struct jb *j, LLVMValueRef a) { return fcmp(j, LLVMRealUNO, a, a); }

/* sim_ftz */
static LLVMValueRef ftz(struct jb *j, LLVMValueRef u)
{
   LLVMValueRef den = icmp(j, LLVMIntEQ, and_(j, u, kvec(j, 0x7F800000u)), kvec(j, 0));
   return sel(j, den, and_(j, u, kvec(j, 0x80000000u)), u);
}

/* sim_fres: a computed float, flushed, canonical NaN. */
static LLVMValueRef fres(struct jb *j, LLVMValueRef f)
{
   LLVMValueRef u = I(j, f);
   return sel(j, is_nan(j, u), kvec(j, SIM_CANON_NAN), ftz(j, u));
}

static LLVMValueRef mul_legacy(struct jb *j, LLVMValueRef a, LLVMValueRef b)
{
   LLVMValueRef z = or_(j, fcmp(j, LLVMRealOEQ, a, kvec(j, 0)), fcmp(j, LLVMRealOEQ, b, kvec(j, 0)));
   return sel(j, z, kf(j, 0.0f), LLVMBuildFMul(j->b, F(j, a), F(j, b), ""));
}

static LLVMValueRef bool_f(struct jb *j, LLVMValueRef c)
{
   return sel(j, c, kvec(j, 0x3F800000u), kvec(j, 0));
}

static LLVMValueRef bool_i(struct jb *j, LLVMValueRef c)
{
   return LLVMBuildSExt(j->b, c, j->vi, "");
}

static LLVMValueRef max_legacy(struct jb *j, LLVMValueRef a, LLVMValueRef b)
{
   return sel(j, fcmp(j, LLVMRealOGE, a, b), a, b);
}

/* sim_alu_cond */
static LLVMValueRef emit_cond(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b)
{
   switch (op) {
   case HW_ISA_OP2_KILLE: case HW_ISA_OP2_PRED_SETE: return fcmp(j, LLVMRealOEQ, a, b);
   case HW_ISA_OP2_KILLGT: case HW_ISA_OP2_PRED_SETGT: return fcmp(j, LLVMRealOGT, a, b);
   case HW_ISA_OP2_KILLGE: case HW_ISA_OP2_PRED_SETGE: return fcmp(j, LLVMRealOGE, a, b);
   case HW_ISA_OP2_KILLNE: case HW_ISA_OP2_PRED_SETNE: return fcmp(j, LLVMRealUNE, a, b);
   case HW_ISA_OP2_KILLE_INT: case HW_ISA_OP2_PRED_SETE_INT: return icmp(j, LLVMIntEQ, a, b);
   case HW_ISA_OP2_KILLNE_INT: case HW_ISA_OP2_PRED_SETNE_INT: return icmp(j, LLVMIntNE, a, b);
   case HW_ISA_OP2_KILLGT_INT: case HW_ISA_OP2_PRED_SETGT_INT: return icmp(j, LLVMIntSGT, a, b);
   case HW_ISA_OP2_KILLGE_INT: case HW_ISA_OP2_PRED_SETGE_INT: return icmp(j, LLVMIntSGE, a, b);
   case HW_ISA_OP2_KILLGT_UINT: case HW_ISA_OP2_PRED_SETGT_UINT: return icmp(j, LLVMIntUGT, a, b);
   default: return icmp(j, LLVMIntUGE, a, b);   /* KILLGE_UINT, PRED_SETGE_UINT */
   }
}

/* An op evaluated by sim_alu_lanes through x->tmp; *pass (optional) receives its i16
 * pass bits (PRED_SET* / KILL*). */
static LLVMValueRef call_lanes(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b,
                               LLVMValueRef c, LLVMValueRef *pass)
{
   LLVMValueRef tmp = gep(j, j->x, offsetof(struct sim_run, tmp));
   store(j, a, tmp, 4);
   store(j, b, gep(j, j->x, offsetof(struct sim_run, tmp) + 4 * SIM_LANES), 4);
   store(j, c, gep(j, j->x, offsetof(struct sim_run, tmp) + 8 * SIM_LANES), 4);
   LLVMValueRef args[3] = { ci32(j, op), ci32(j, j->p->chip), tmp };
   LLVMValueRef r = LLVMBuildCall2(j->b, j->lanes_ty,
                                   const_ptr(j, (const void *)(uintptr_t)sim_alu_lanes), args, 3, "");
   if (pass)
      *pass = LLVMBuildTrunc(j->b, r, j->i16, "");
   return load(j, j->vi, tmp);
}

static LLVMValueRef flt_to_int(struct jb *j, LLVMValueRef a)
{
   LLVMValueRef t = LLVMBuildFPToSI(j->b, F(j, a), j->vi, "");
   LLVMValueRef r = sel(j, fcmp(j, LLVMRealOLT, a, kvec(j, sim_u(-2147483648.0f))), kvec(j, 0x80000000u), t);
   r = sel(j, fcmp(j, LLVMRealOGE, a, kvec(j, sim_u(2147483648.0f))), kvec(j, 0x7FFFFFFFu), r);
   return sel(j, is_nan(j, a), kvec(j, 0), r);
}

static LLVMValueRef flt_to_uint(struct jb *j, LLVMValueRef a)
{
   LLVMValueRef t = LLVMBuildFPToUI(j->b, F(j, a), j->vi, "");
   LLVMValueRef r = sel(j, fcmp(j, LLVMRealOGE, a, kvec(j, sim_u(4294967296.0f))), kvec(j, 0xFFFFFFFFu), t);
   return sel(j, fcmp(j, LLVMRealULE, a, kvec(j, 0)), kvec(j, 0), r);
}

/* sim_mova */
static LLVMValueRef emit_mova(struct jb *j, enum hw_isa_id op, LLVMValueRef a)
{
   if (op == HW_ISA_OP2_MOVA_INT || op == HW_ISA_OP2_MOVA_GPR_INT) {
      LLVMValueRef lo = kvec(j, (uint32_t)SIM_AR_MIN), hi = kvec(j, SIM_AR_MAX);
      return sel(j, icmp(j, LLVMIntSLT, a, lo), lo, sel(j, icmp(j, LLVMIntSGT, a, hi), hi, a));
   }
   LLVMValueRef xf = F(j, ftz(j, a));
   LLVMValueRef r = I(j, intrinsic1(j, op == HW_ISA_OP2_MOVA_FLOOR ? "llvm.floor" : "llvm.rint", xf));
   LLVMValueRef lo = kvec(j, sim_u((float)SIM_AR_MIN)), hi = kvec(j, sim_u((float)SIM_AR_MAX));
   LLVMValueRef v = sel(j, fcmp(j, LLVMRealOLT, r, lo), lo, r);
   v = sel(j, fcmp(j, LLVMRealOGT, r, hi), hi, v);
   v = sel(j, is_nan(j, r), kvec(j, 0), v);
   return LLVMBuildFPToSI(j->b, F(j, v), j->vi, "");
}

static LLVMValueRef mulhi(struct jb *j, LLVMValueRef a, LLVMValueRef b, bool sgn)
{
   LLVMValueRef wa = sgn ? LLVMBuildSExt(j->b, a, j->vl, "") : LLVMBuildZExt(j->b, a, j->vl, "");
   LLVMValueRef wb = sgn ? LLVMBuildSExt(j->b, b, j->vl, "") : LLVMBuildZExt(j->b, b, j->vl, "");
   LLVMValueRef m = LLVMBuildMul(j->b, wa, wb, "");
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = LLVMConstInt(j->i64, 32, 0);
   m = LLVMBuildLShr(j->b, m, LLVMConstVector(e, SIM_LANES), "");
   return LLVMBuildTrunc(j->b, m, j->vi, "");
}

/* sim_alu_eval */
static LLVMValueRef emit_op(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b,
                            LLVMValueRef c)
{
   LLVMBuilderRef B = j->b;
   switch (op) {
   case HW_ISA_OP2_ADD: return fres(j, LLVMBuildFAdd(B, F(j, a), F(j, b), ""));
   case HW_ISA_OP2_MUL: return fres(j, mul_legacy(j, a, b));
   case HW_ISA_OP2_MUL_IEEE: return fres(j, LLVMBuildFMul(B, F(j, a), F(j, b), ""));
   case HW_ISA_OP3_MULADD: return fres(j, LLVMBuildFAdd(B, mul_legacy(j, a, b), F(j, c), ""));
   case HW_ISA_OP3_MULADD_IEEE:
      return fres(j, LLVMBuildFAdd(B, LLVMBuildFMul(B, F(j, a), F(j, b), ""), F(j, c), ""));
   case HW_ISA_OP2_MAX: return max_legacy(j, a, b);
   case HW_ISA_OP2_MIN: return sel(j, fcmp(j, LLVMRealOLT, a, b), a, b);
   case HW_ISA_OP2_MAX_DX10:
      return sel(j, is_nan(j, a), b, sel(j, is_nan(j, b), a, max_legacy(j, a, b)));
   case HW_ISA_OP2_MIN_DX10:
      return sel(j, is_nan(j, a), b, sel(j, is_nan(j, b), a, sel(j, fcmp(j, LLVMRealOLT, a, b), a, b)));
   case HW_ISA_OP2_SETE: return bool_f(j, fcmp(j, LLVMRealOEQ, a, b));
   case HW_ISA_OP2_SETGT: return bool_f(j, fcmp(j, LLVMRealOGT, a, b));
   case HW_ISA_OP2_SETGE: return bool_f(j, fcmp(j, LLVMRealOGE, a, b));
   case HW_ISA_OP2_SETNE: return bool_f(j, fcmp(j, LLVMRealUNE, a, b));
   case HW_ISA_OP2_SETE_DX10: return bool_i(j, fcmp(j, LLVMRealOEQ, a, b));
   case HW_ISA_OP2_SETGT_DX10: return bool_i(j, fcmp(j, LLVMRealOGT, a, b));
   case HW_ISA_OP2_SETGE_DX10: return bool_i(j, fcmp(j, LLVMRealOGE, a, b));
   case HW_ISA_OP2_SETNE_DX10: return bool_i(j, fcmp(j, LLVMRealUNE, a, b));
   case HW_ISA_OP2_FRACT: {
      LLVMValueRef xf = F(j, ftz(j, a));
      return fres(j, LLVMBuildFSub(B, xf, intrinsic1(j, "llvm.floor", xf), ""));
   }
   case HW_ISA_OP2_TRUNC: return fres(j, intrinsic1(j, "llvm.trunc", F(j, ftz(j, a))));
   case HW_ISA_OP2_CEIL: return fres(j, intrinsic1(j, "llvm.ceil", F(j, ftz(j, a))));
   case HW_ISA_OP2_RNDNE: return fres(j, intrinsic1(j, "llvm.rint", F(j, ftz(j, a))));
   case HW_ISA_OP2_FLOOR: return fres(j, intrinsic1(j, "llvm.floor", F(j, ftz(j, a))));
   case HW_ISA_OP2_MOVA: case HW_ISA_OP2_MOVA_FLOOR: case HW_ISA_OP2_MOVA_INT:
   case HW_ISA_OP2_MOVA_GPR_INT:
      return emit_mova(j, op, a);
   case HW_ISA_OP2_MOV: return a;
   case HW_ISA_OP2_NOP: return kvec(j, 0);
   case HW_ISA_OP2_PRED_SETE: case HW_ISA_OP2_PRED_SETGT: case HW_ISA_OP2_PRED_SETGE:
   case HW_ISA_OP2_PRED_SETNE: case HW_ISA_OP2_PRED_SETE_INT: case HW_ISA_OP2_PRED_SETGT_INT:
   case HW_ISA_OP2_PRED_SETGE_INT: case HW_ISA_OP2_PRED_SETNE_INT: case HW_ISA_OP2_PRED_SETGT_UINT:
   case HW_ISA_OP2_PRED_SETGE_UINT:
      return bool_f(j, not_(j, emit_cond(j, op, a, b)));
   case HW_ISA_OP2_KILLE: case HW_ISA_OP2_KILLGT: case HW_ISA_OP2_KILLGE: case HW_ISA_OP2_KILLNE:
   case HW_ISA_OP2_KILLE_INT: case HW_ISA_OP2_KILLGT_INT: case HW_ISA_OP2_KILLGE_INT:
   case HW_ISA_OP2_KILLNE_INT: case HW_ISA_OP2_KILLGT_UINT: case HW_ISA_OP2_KILLGE_UINT:
      return bool_f(j, emit_cond(j, op, a, b));
   case HW_ISA_OP2_AND_INT: return and_(j, a, b);
   case HW_ISA_OP2_OR_INT: return or_(j, a, b);
   case HW_ISA_OP2_XOR_INT: return LLVMBuildXor(B, a, b, "");
   case HW_ISA_OP2_NOT_INT: return not_(j, a);
   case HW_ISA_OP2_ADD_INT: return LLVMBuildAdd(B, a, b, "");
   case HW_ISA_OP2_SUB_INT: return LLVMBuildSub(B, a, b, "");
   case HW_ISA_OP2_MAX_INT: return sel(j, icmp(j, LLVMIntSGT, a, b), a, b);
   case HW_ISA_OP2_MIN_INT: return sel(j, icmp(j, LLVMIntSLT, a, b), a, b);
   case HW_ISA_OP2_MAX_UINT: return sel(j, icmp(j, LLVMIntUGT, a, b), a, b);
   case HW_ISA_OP2_MIN_UINT: return sel(j, icmp(j, LLVMIntULT, a, b), a, b);
   case HW_ISA_OP2_SETE_INT: return bool_i(j, icmp(j, LLVMIntEQ, a, b));
   case HW_ISA_OP2_SETGT_INT: return bool_i(j, icmp(j, LLVMIntSGT, a, b));
   case HW_ISA_OP2_SETGE_INT: return bool_i(j, icmp(j, LLVMIntSGE, a, b));
   case HW_ISA_OP2_SETNE_INT: return bool_i(j, icmp(j, LLVMIntNE, a, b));
   case HW_ISA_OP2_SETGT_UINT: return bool_i(j, icmp(j, LLVMIntUGT, a, b));
   case HW_ISA_OP2_SETGE_UINT: return bool_i(j, icmp(j, LLVMIntUGE, a, b));
   case HW_ISA_OP2_FLT_TO_INT: return flt_to_int(j, a);
   case HW_ISA_OP2_FLT_TO_UINT: return flt_to_uint(j, a);
   case HW_ISA_OP2_INT_TO_FLT: return fres(j, LLVMBuildSIToFP(B, a, j->vf, ""));
   case HW_ISA_OP2_UINT_TO_FLT: return fres(j, LLVMBuildUIToFP(B, a, j->vf, ""));
   case HW_ISA_OP2_ASHR_INT: return LLVMBuildAShr(B, a, and_(j, b, kvec(j, 31)), "");
   case HW_ISA_OP2_LSHR_INT: return LLVMBuildLShr(B, a, and_(j, b, kvec(j, 31)), "");
   case HW_ISA_OP2_LSHL_INT: return LLVMBuildShl(B, a, and_(j, b, kvec(j, 31)), "");
   case HW_ISA_OP2_MULLO_INT: case HW_ISA_OP2_MULLO_UINT: return LLVMBuildMul(B, a, b, "");
   case HW_ISA_OP2_MULHI_INT: return mulhi(j, a, b, true);
   case HW_ISA_OP2_MULHI_UINT: return mulhi(j, a, b, false);
   case HW_ISA_OP3_CNDE: return sel(j, fcmp(j, LLVMRealOEQ, a, kvec(j, 0)), b, c);
   case HW_ISA_OP3_CNDGT: return sel(j, fcmp(j, LLVMRealOGT, a, kvec(j, 0)), b, c);
   case HW_ISA_OP3_CNDGE: return sel(j, fcmp(j, LLVMRealOGE, a, kvec(j, 0)), b, c);
   case HW_ISA_OP3_CNDE_INT: return sel(j, icmp(j, LLVMIntEQ, a, kvec(j, 0)), b, c);
   case HW_ISA_OP3_CNDGT_INT: return sel(j, icmp(j, LLVMIntSGT, a, kvec(j, 0)), b, c);
   case HW_ISA_OP3_CNDGE_INT: return sel(j, icmp(j, LLVMIntSGE, a, kvec(j, 0)), b, c);
   default: return call_lanes(j, op, a, b, c, NULL);
   }
}

/* sim_alu_cube */
static void emit_cube(struct jb *j, LLVMValueRef a[4], LLVMValueRef out[4])
{
   LLVMValueRef rx = a[2], ry = a[3], rz = a[0], sign = kvec(j, 0x80000000u);
   LLVMValueRef ax = and_(j, rx, kvec(j, 0x7FFFFFFFu)), ay = and_(j, ry, kvec(j, 0x7FFFFFFFu));
   LLVMValueRef az = and_(j, rz, kvec(j, 0x7FFFFFFFu));
   LLVMValueRef nrx = LLVMBuildXor(j->b, rx, sign, ""), nry = LLVMBuildXor(j->b, ry, sign, "");
   LLVMValueRef nrz = LLVMBuildXor(j->b, rz, sign, "");
   LLVMValueRef zmaj = and_(j, fcmp(j, LLVMRealOGE, az, ax), fcmp(j, LLVMRealOGE, az, ay));
   LLVMValueRef ymaj = fcmp(j, LLVMRealOGE, ay, ax);
   LLVMValueRef zpos = fcmp(j, LLVMRealOGE, rz, kvec(j, 0)), ypos = fcmp(j, LLVMRealOGE, ry, kvec(j, 0));
   LLVMValueRef xpos = fcmp(j, LLVMRealOGE, rx, kvec(j, 0));
   LLVMValueRef ma = sel(j, zmaj, rz, sel(j, ymaj, ry, rx));
   LLVMValueRef face = sel(j, zmaj, sel(j, zpos, kvec(j, sim_u(4.0f)), kvec(j, sim_u(5.0f))),
                           sel(j, ymaj, sel(j, ypos, kvec(j, sim_u(2.0f)), kvec(j, sim_u(3.0f))),
                               sel(j, xpos, kvec(j, 0), kvec(j, sim_u(1.0f)))));
   LLVMValueRef sc = sel(j, zmaj, sel(j, zpos, rx, nrx), sel(j, ymaj, rx, sel(j, xpos, nrz, rz)));
   LLVMValueRef tc = sel(j, zmaj, nry, sel(j, ymaj, sel(j, ypos, rz, nrz), nry));
   out[0] = fres(j, F(j, tc));
   out[1] = fres(j, F(j, sc));
   out[2] = fres(j, LLVMBuildFMul(j->b, F(j, ma), kf(j, 2.0f), ""));
   out[3] = face;
}

/* sim_alu_reduce */
static void emit_reduce(struct jb *j, enum hw_isa_id op, LLVMValueRef a[4], LLVMValueRef b[4],
                        LLVMValueRef out[4])
{
   LLVMValueRef r;
   if (op == HW_ISA_OP2_CUBE) {
      emit_cube(j, a, out);
      return;
   }
   if (op == HW_ISA_OP2_MAX4) {
      r = max_legacy(j, max_legacy(j, max_legacy(j, a[0], a[1]), a[2]), a[3]);
   } else {
      LLVMValueRef p[4];
      for (int c = 0; c < 4; c++)
         p[c] = op == HW_ISA_OP2_DOT4 ? mul_legacy(j, a[c], b[c])
                                  : LLVMBuildFMul(j->b, F(j, a[c]), F(j, b[c]), "");
      LLVMValueRef s = LLVMBuildFAdd(j->b, p[0], p[1], "");
      s = LLVMBuildFAdd(j->b, s, p[2], "");
      s = LLVMBuildFAdd(j->b, s, p[3], "");
      r = fres(j, s);
   }
   out[0] = out[1] = out[2] = out[3] = r;
}

/* sim_alu_post */
static LLVMValueRef emit_post(struct jb *j, LLVMValueRef r, unsigned omod, bool clamp)
{
   if (omod) {
      float m = omod == SIM_OMOD_M2 ? 2.0f : omod == SIM_OMOD_M4 ? 4.0f : 0.5f;
      r = fres(j, LLVMBuildFMul(j->b, F(j, r), kf(j, m), ""));
   }
   if (clamp) {
      LLVMValueRef v = sel(j, fcmp(j, LLVMRealOGT, r, kvec(j, 0x3F800000u)), kvec(j, 0x3F800000u), r);
      v = sel(j, fcmp(j, LLVMRealULE, r, kvec(j, 0)), kvec(j, 0), v);
      r = sel(j, is_nan(j, r), j->p->dx10_clamp ? kvec(j, 0) : r, v);
   }
   return r;
}

/* ---- ALU clauses ----------------------------------------------------------------------- */

static LLVMValueRef gpr_ptr(struct jb *j, unsigned reg, unsigned chan)
{
   return gep(j, j->lanes, offsetof(struct sim_lanes, gpr) + ((uint64_t)reg * 4 + chan) * SIM_LANES * 4);
}

/* AR and the relative-address faults of the clause being emitted. */
struct rel_state {
   LLVMValueRef ar[4];   /* <16 x i32> */
   LLVMValueRef bad;     /* i16: lanes with an invalid relative register */
   LLVMValueRef cbad;    /* i16: lanes with an invalid relative constant-file index */
};

static LLVMValueRef call_masked(struct jb *j, const char *name, LLVMTypeRef t0, LLVMValueRef *args,
                                unsigned n)
{
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMTypeRef tys[2] = { t0, LLVMVectorType(j->ptr, SIM_LANES) };
   LLVMValueRef decl = LLVMGetIntrinsicDeclaration(j->mod, id, tys, 2);
   LLVMTypeRef fty = LLVMIntrinsicGetType(j->ctx, id, tys, 2);
   return LLVMBuildCall2(j->b, fty, decl, args, n, "");
}

/* The per-lane index + INDEX_MODE offset of a relative operand; *valid = lanes inside
 * 0..limit-1 (the others use index 0). Lanes of `en` (i16) that are not valid are added to
 * *bad. */
static LLVMValueRef rel_index(struct jb *j, struct rel_state *rs, unsigned index, unsigned mode,
                              unsigned limit, LLVMValueRef en, LLVMValueRef *bad, LLVMValueRef *valid)
{
   LLVMValueRef off = mode == SIM_INDEX_LOOP
      ? splat(j, load(j, j->i32, gep(j, j->x, offsetof(struct sim_run, loop_index))))
      : rs->ar[mode];
   LLVMValueRef r = LLVMBuildAdd(j->b, kvec(j, index), off, "");
   *valid = icmp(j, LLVMIntULT, r, kvec(j, limit));
   *bad = or_(j, *bad, and_(j, en, not_(j, mask16(j, *valid))));
   return sel(j, *valid, r, kvec(j, 0));
}

/* Per-lane pointers to gpr[r][chan][lane] of a relative GPR operand. */
static LLVMValueRef rel_ptrs(struct jb *j, struct rel_state *rs, unsigned index, unsigned mode,
                             unsigned chan, LLVMValueRef en, LLVMValueRef *valid)
{
   LLVMValueRef r = rel_index(j, rs, index, mode, SIM_MAX_GPRS, en, &rs->bad, valid);
   LLVMValueRef e = LLVMBuildMul(j->b, r, kvec(j, 4 * SIM_LANES), "");
   e = LLVMBuildAdd(j->b, e, kvec(j, chan * SIM_LANES), "");
   e = LLVMBuildAdd(j->b, e, lane_ids(j), "");
   LLVMValueRef base = gep(j, j->lanes, offsetof(struct sim_lanes, gpr));
   return LLVMBuildGEP2(j->b, j->i32, base, &e, 1, "");
}

static LLVMValueRef gather(struct jb *j, LLVMValueRef ptrs, LLVMValueRef valid)
{
   LLVMValueRef args[4] = { ptrs, ci32(j, 4), LLVMConstAllOnes(j->vb), LLVMGetPoison(j->vi) };
   LLVMValueRef v = call_masked(j, "llvm.masked.gather", j->vi, args, 4);
   return sel(j, valid, v, kvec(j, 0));
}

static LLVMValueRef rel_load(struct jb *j, struct rel_state *rs, const struct sim_src *s,
                             unsigned mode, LLVMValueRef en)
{
   LLVMValueRef valid, ptrs;
   if (s->kind == SIM_SRC_CFILE) {
      LLVMValueRef r = rel_index(j, rs, s->index, mode, SIM_CFILE_PER_STAGE, en, &rs->cbad, &valid);
      LLVMValueRef e = LLVMBuildAdd(j->b, LLVMBuildMul(j->b, r, kvec(j, 4), ""), kvec(j, s->chan), "");
      LLVMValueRef base = load(j, j->ptr, gep(j, j->x, offsetof(struct sim_run, cfile)));
      ptrs = LLVMBuildGEP2(j->b, j->i32, base, &e, 1, "");
   } else {
      ptrs = rel_ptrs(j, rs, s->index, mode, s->chan, en, &valid);
   }
   return gather(j, ptrs, valid);
}

static void rel_store(struct jb *j, struct rel_state *rs, const struct sim_alu_inst *a,
                      LLVMValueRef v, LLVMValueRef en)
{
   LLVMValueRef valid;
   LLVMValueRef ptrs = rel_ptrs(j, rs, a->dst_gpr, a->index_mode, a->dst_chan, en, &valid);
   LLVMValueRef m = and_(j, LLVMBuildBitCast(j->b, en, j->vb, ""), valid);
   LLVMValueRef args[4] = { v, ptrs, ci32(j, 4), m };
   call_masked(j, "llvm.masked.scatter", j->vi, args, 4);
}

static LLVMValueRef read_src(struct jb *j, const struct sim_alu_group *g, const struct sim_src *s,
                             LLVMValueRef pv[4], LLVMValueRef ps, struct rel_state *rs,
                             unsigned mode, LLVMValueRef en)
{
   LLVMValueRef v;
   if (s->rel) {
      v = rel_load(j, rs, s, mode, en);
   } else {
      switch (s->kind) {
      case SIM_SRC_GPR: v = load(j, j->vi, gpr_ptr(j, s->index, s->chan)); break;
      case SIM_SRC_PV: v = pv[s->chan]; break;
      case SIM_SRC_PS: v = ps; break;
      case SIM_SRC_KCACHE:
         v = splat(j, load(j, j->i32, gep(j, j->x, offsetof(struct sim_run, kcache) +
                                                      ((uint64_t)s->index * 4 + s->chan) * 4)));
         break;
      case SIM_SRC_CFILE: {
         LLVMValueRef base = load(j, j->ptr, gep(j, j->x, offsetof(struct sim_run, cfile)));
         v = splat(j, load(j, j->i32, gep(j, base, ((uint64_t)s->index * 4 + s->chan) * 4)));
         break;
      }
      case SIM_SRC_INLINE: v = splat(j, load(j, j->i32, const_ptr(j, &sim_inline_consts[s->index]))); break;
      default: v = splat(j, load(j, j->i32, const_ptr(j, &g->literal[s->chan]))); break;
      }
   }
   if (s->abs)
      v = and_(j, v, kvec(j, 0x7FFFFFFFu));
   if (s->neg)
      v = LLVMBuildXor(j->b, v, kvec(j, 0x80000000u), "");
   return v;
}

static LLVMValueRef pred_sel_lanes(struct jb *j, unsigned pred_sel, LLVMValueRef pred)
{
   if (pred_sel == SIM_PRED_ZERO)
      return not_(j, pred);
   if (pred_sel == SIM_PRED_ONE)
      return pred;
   return ci16(j, 0xFFFF);
}

/* The clause-wide values one group's instructions read and update. */
struct group_state {
   const struct sim_alu_group *g;
   const struct sim_alu_inst *in;
   LLVMValueRef exec, pred;          /* i16, as at the start of the group */
   LLVMValueRef *pv, ps;
   struct rel_state *rs;
   LLVMValueRef new_pred, new_exec, kill;
};

static LLVMValueRef en_of(struct jb *j, const struct group_state *gs, const struct sim_alu_inst *a)
{
   return and_(j, gs->exec, pred_sel_lanes(j, a->pred_sel, gs->pred));
}

/* The predicate / exec / kill effects of a PRED_SET* or KILL* with pass bits `pass`. */
static void apply_pass(struct jb *j, struct group_state *gs, const struct sim_alu_inst *a,
                       LLVMValueRef en, LLVMValueRef pass)
{
   if (a->info->flags & HW_ISA_F_KILL)
      gs->kill = or_(j, gs->kill, and_(j, en, pass));
   if (a->update_pred)
      gs->new_pred = or_(j, and_(j, gs->new_pred, not_(j, en)), and_(j, pass, en));
   if (a->update_exec)
      gs->new_exec = and_(j, gs->new_exec, not_(j, and_(j, en, not_(j, pass))));
}

/* The reduction of the group into res[] of its four slots. */
static void emit_reduction(struct jb *j, struct group_state *gs, LLVMValueRef res[])
{
   const struct sim_alu_group *g = gs->g;
   const struct sim_alu_inst *in = gs->in;
   LLVMValueRef ra[4], rb[4], red[4];
   unsigned op = in[g->slot_inst[0]].op;
   for (unsigned u = 0; u < 4; u++) {
      const struct sim_alu_inst *a = &in[g->slot_inst[u]];
      LLVMValueRef en = en_of(j, gs, a);
      ra[u] = read_src(j, g, &a->src[0], gs->pv, gs->ps, gs->rs, a->index_mode, en);
      rb[u] = a->info->num_src > 1 ? read_src(j, g, &a->src[1], gs->pv, gs->ps, gs->rs, a->index_mode, en)
                                   : kvec(j, 0);
   }
   emit_reduce(j, (enum hw_isa_id)op, ra, rb, red);
   for (unsigned u = 0; u < 4; u++) {
      const struct sim_alu_inst *a = &in[g->slot_inst[u]];
      res[g->slot_inst[u]] = emit_post(j, red[u], a->omod, a->clamp);
   }
}

/* The FP64 operation whose lowest slot is `first`, through sim_alu_fp64_vec. */
static void emit_fp64(struct jb *j, struct group_state *gs, unsigned first, LLVMValueRef res[])
{
   const struct sim_alu_group *g = gs->g;
   const struct sim_alu_inst *in = gs->in, *lead = &in[g->slot_inst[first]];
   unsigned n = sim_fp64_is_quad(lead->op) ? 4 : 2;
   size_t in_off = offsetof(struct sim_run, fp64_in), out_off = offsetof(struct sim_run, fp64_out);
   for (unsigned k = 0; k < 3; k++) {
      for (unsigned u = 0; u < 4; u++) {
         const struct sim_alu_inst *a = u >= first && u < first + n ? &in[g->slot_inst[u]] : NULL;
         LLVMValueRef v = a && k < a->info->num_src
            ? read_src(j, g, &a->src[k], gs->pv, gs->ps, gs->rs, a->index_mode, en_of(j, gs, a))
            : kvec(j, 0);
         store(j, v, gep(j, j->x, in_off + ((uint64_t)k * 4 + u) * SIM_LANES * 4), 4);
      }
   }
   uint32_t mode = lead->omod | (lead->clamp ? 4u : 0u) | (j->p->dx10_clamp ? 8u : 0u);
   LLVMValueRef args[5] = { ci32(j, lead->op), ci32(j, first), ci32(j, mode), gep(j, j->x, in_off),
                            gep(j, j->x, out_off) };
   LLVMValueRef pass = LLVMBuildCall2(j->b, j->fp64_ty,
                                      const_ptr(j, (const void *)(uintptr_t)sim_alu_fp64_vec), args, 5, "");
   for (unsigned u = first; u < first + n; u++)
      res[g->slot_inst[u]] = load(j, j->vi, gep(j, j->x, out_off + (uint64_t)u * SIM_LANES * 4));
   if (lead->info->flags & HW_ISA_F_PRED_SET)
      apply_pass(j, gs, lead, en_of(j, gs, lead), LLVMBuildTrunc(j->b, pass, j->i16, ""));
}

/* One ordinary (single-slot) instruction into *res. */
static void emit_inst(struct jb *j, struct group_state *gs, const struct sim_alu_inst *a, LLVMValueRef *res)
{
   const struct hw_isa_op *info = a->info;
   LLVMValueRef s[3] = { kvec(j, 0), kvec(j, 0), kvec(j, 0) };
   LLVMValueRef en = en_of(j, gs, a);
   for (unsigned k = 0; k < info->num_src; k++)
      s[k] = read_src(j, gs->g, &a->src[k], gs->pv, gs->ps, gs->rs, a->index_mode, en);
   if (info->flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET)) {
      LLVMValueRef pass;
      if (sim_alu_is_compare((enum hw_isa_id)a->op)) {
         pass = mask16(j, emit_cond(j, (enum hw_isa_id)a->op, s[0], s[1]));
         *res = emit_op(j, (enum hw_isa_id)a->op, s[0], s[1], s[2]);
      } else {
         *res = call_lanes(j, (enum hw_isa_id)a->op, s[0], s[1], s[2], &pass);
      }
      apply_pass(j, gs, a, en, pass);
      return;
   }
   *res = emit_op(j, (enum hw_isa_id)a->op, s[0], s[1], s[2]);
   if (info->result == HW_ISA_RESULT_FLOAT)
      *res = emit_post(j, *res, a->omod, a->clamp);
}

static void emit_alu_clause(struct jb *j, const struct sim_cf *cf)
{
   const struct sim_program *p = j->p;
   LLVMValueRef exec_ptr = gep(j, j->x, offsetof(struct sim_run, exec));
   LLVMValueRef pred_ptr = gep(j, j->x, offsetof(struct sim_run, pred));
   LLVMValueRef killed_ptr = gep(j, j->x, offsetof(struct sim_run, killed));
   LLVMValueRef exec = load(j, j->i16, exec_ptr), pred = load(j, j->i16, pred_ptr);
   LLVMValueRef new_exec = exec, kill = ci16(j, 0);
   LLVMValueRef pv[4] = { kvec(j, 0), kvec(j, 0), kvec(j, 0), kvec(j, 0) }, ps = kvec(j, 0);
   struct rel_state rs = { { kvec(j, 0), kvec(j, 0), kvec(j, 0), kvec(j, 0) }, ci16(j, 0), ci16(j, 0) };

   for (unsigned gi = 0; gi < cf->count; gi++) {
      const struct sim_alu_group *g = &p->groups[cf->first + gi];
      const struct sim_alu_inst *in = &p->alu[g->first];
      LLVMValueRef res[SIM_MAX_GROUP] = { NULL };
      struct group_state gs = { g, in, exec, pred, pv, ps, &rs, pred, new_exec, kill };

      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &in[i];
         if (res[i])
            continue;
         if (a->info->slot_class == HW_ISA_SLOT_REDUCTION)
            emit_reduction(j, &gs, res);
         else if (a->info->flags & HW_ISA_F_FP64)
            emit_fp64(j, &gs, sim_fp64_is_quad(a->op) ? 0 : a->unit & 2u, res);
         else
            emit_inst(j, &gs, a, &res[i]);
      }

      LLVMValueRef npv[4] = { pv[0], pv[1], pv[2], pv[3] }, nps = ps;
      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &in[i];
         if (a->unit == SIM_UNIT_T)
            nps = res[i];
         else
            npv[a->unit] = res[i];
         LLVMValueRef en = and_(j, exec, pred_sel_lanes(j, a->pred_sel, pred));
         LLVMValueRef m = LLVMBuildBitCast(j->b, en, j->vb, "");
         if (a->info->flags & HW_ISA_F_MOVA)
            rs.ar[a->ar_chan] = sel(j, m, res[i], rs.ar[a->ar_chan]);
         if (!a->write)
            continue;
         if (a->dst_rel) {
            rel_store(j, &rs, a, res[i], en);
            continue;
         }
         LLVMValueRef dst = gpr_ptr(j, a->dst_gpr, a->dst_chan);
         store(j, sel(j, m, res[i], load(j, j->vi, dst)), dst, 4);
      }
      memcpy(pv, npv, sizeof(pv));
      ps = nps;
      pred = gs.new_pred;
      new_exec = gs.new_exec;
      kill = gs.kill;
   }
   store(j, pred, pred_ptr, 2);
   store(j, rs.bad, gep(j, j->x, offsetof(struct sim_run, rel_fault)), 2);
   store(j, rs.cbad, gep(j, j->x, offsetof(struct sim_run, cfile_fault)), 2);
   store(j, and_(j, new_exec, not_(j, kill)), exec_ptr, 2);
   store(j, or_(j, load(j, j->i16, killed_ptr), kill), killed_ptr, 2);
}

/* ---- the CF skeleton ------------------------------------------------------------------- */

static bool jumps(enum sim_cf_op op)
{
   switch (op) {
   case SIM_CF_JUMP: case SIM_CF_ELSE: case SIM_CF_POP: case SIM_CF_PUSH: case SIM_CF_PUSH_ELSE:
   case SIM_CF_POP_JUMP: case SIM_CF_POP_PUSH: case SIM_CF_POP_PUSH_ELSE:
   case SIM_CF_LOOP_START: case SIM_CF_LOOP_START_NO_AL: case SIM_CF_LOOP_START_DX10:
   case SIM_CF_LOOP_END: case SIM_CF_LOOP_BREAK: case SIM_CF_LOOP_CONTINUE:
   case SIM_CF_CALL: case SIM_CF_KILL:
      return true;
   default:
      return false;
   }
}

static LLVMValueRef call_helper(struct jb *j, int (*fn)(struct sim_run *, unsigned), unsigned pc)
{
   LLVMValueRef args[2] = { j->x, ci32(j, pc) };
   return LLVMBuildCall2(j->b, j->helper_ty, const_ptr(j, (const void *)(uintptr_t)fn), args, 2, "");
}

LLVMModuleRef sim_jit_build_module(const struct sim_program *p, LLVMContextRef ctx,
                                   const char *name)
{
   struct jb j = { .ctx = ctx, .p = p };
   j.mod = LLVMModuleCreateWithNameInContext(name, ctx);
   j.b = LLVMCreateBuilderInContext(ctx);
   j.i8 = LLVMInt8TypeInContext(ctx);
   j.i16 = LLVMInt16TypeInContext(ctx);
   j.i32 = LLVMInt32TypeInContext(ctx);
   j.i64 = LLVMInt64TypeInContext(ctx);
   j.f32 = LLVMFloatTypeInContext(ctx);
   j.ptr = LLVMPointerTypeInContext(ctx, 0);
   j.vi = LLVMVectorType(j.i32, SIM_LANES);
   j.vf = LLVMVectorType(j.f32, SIM_LANES);
   j.vb = LLVMVectorType(LLVMInt1TypeInContext(ctx), SIM_LANES);
   j.vl = LLVMVectorType(j.i64, SIM_LANES);
   LLVMTypeRef hargs[2] = { j.ptr, j.i32 };
   j.helper_ty = LLVMFunctionType(j.i32, hargs, 2, 0);
   LLVMTypeRef largs[3] = { j.i32, j.i32, j.ptr };
   j.lanes_ty = LLVMFunctionType(j.i32, largs, 3, 0);
   LLVMTypeRef fargs[5] = { j.i32, j.i32, j.i32, j.ptr, j.ptr };
   j.fp64_ty = LLVMFunctionType(j.i32, fargs, 5, 0);

   LLVMTypeRef fty = LLVMFunctionType(j.i32, &j.ptr, 1, 0);
   j.fn = LLVMAddFunction(j.mod, name, fty);
   static const char dn_key[] = "denormal-fp-math", dn_val[] = "preserve-sign,preserve-sign";
   LLVMAddAttributeAtIndex(j.fn, LLVMAttributeFunctionIndex,
                           LLVMCreateStringAttribute(ctx, dn_key, sizeof(dn_key) - 1, dn_val,
                                                     sizeof(dn_val) - 1));
   unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
   LLVMAddAttributeAtIndex(j.fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, nounwind, 0));
   j.x = LLVMGetParam(j.fn, 0);

   LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, j.fn, "entry");
   LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(ctx, j.fn, "ok");
   LLVMBasicBlockRef fault = LLVMAppendBasicBlockInContext(ctx, j.fn, "fault");
   LLVMBasicBlockRef dispatch = LLVMAppendBasicBlockInContext(ctx, j.fn, "dispatch");
   LLVMBasicBlockRef *bb = calloc(p->ncf, sizeof(*bb));
   if (!bb) {
      LLVMDisposeBuilder(j.b);
      LLVMDisposeModule(j.mod);
      return NULL;
   }
   for (unsigned pc = p->entry; pc < p->ncf; pc++)
      bb[pc] = LLVMAppendBasicBlockInContext(ctx, j.fn, "cf");

   LLVMPositionBuilderAtEnd(j.b, ok);
   LLVMBuildRet(j.b, ci32(&j, 1));
   LLVMPositionBuilderAtEnd(j.b, fault);
   LLVMBuildRet(j.b, ci32(&j, 0));
   LLVMPositionBuilderAtEnd(j.b, entry);
   j.lanes = load(&j, j.ptr, gep(&j, j.x, offsetof(struct sim_run, lanes)));
   LLVMSetAlignment(j.lanes, 8);
   LLVMBuildBr(j.b, bb[p->entry]);

   /* Any CF index a helper returns (RETURN goes back to a CALL's successor). */
   LLVMPositionBuilderAtEnd(j.b, dispatch);
   LLVMValueRef target = LLVMBuildPhi(j.b, j.i32, "target");
   LLVMValueRef dsw = LLVMBuildSwitch(j.b, target, fault, p->ncf - p->entry + 1);
   LLVMAddCase(dsw, LLVMConstInt(j.i32, (uint64_t)(int64_t)SIM_PC_END, 1), ok);
   for (unsigned pc = p->entry; pc < p->ncf; pc++)
      LLVMAddCase(dsw, ci32(&j, pc), bb[pc]);

   for (unsigned pc = p->entry; pc < p->ncf; pc++) {
      const struct sim_cf *cf = &p->cf[pc];
      LLVMPositionBuilderAtEnd(j.b, bb[pc]);
      LLVMValueRef next;
      if (cf->op == SIM_CF_ALU) {
         LLVMValueRef r = call_helper(&j, sim_cf_alu_begin, pc);
         LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(ctx, j.fn, "alu");
         LLVMBuildCondBr(j.b, LLVMBuildICmp(j.b, LLVMIntSLT, r, ci32(&j, 0), ""), fault, body);
         LLVMPositionBuilderAtEnd(j.b, body);
         emit_alu_clause(&j, cf);
         next = call_helper(&j, sim_cf_alu_end, pc);
      } else {
         next = call_helper(&j, sim_cf_step, pc);
      }
      LLVMBasicBlockRef here = LLVMGetInsertBlock(j.b);
      LLVMValueRef sw = LLVMBuildSwitch(j.b, next, dispatch, 4);
      LLVMAddIncoming(target, &next, &here, 1);
      LLVMAddCase(sw, LLVMConstInt(j.i32, (uint64_t)(int64_t)SIM_PC_END, 1), ok);
      LLVMAddCase(sw, LLVMConstInt(j.i32, (uint64_t)(int64_t)SIM_PC_FAULT, 1), fault);
      if (pc + 1 < p->ncf)
         LLVMAddCase(sw, ci32(&j, pc + 1), bb[pc + 1]);
      if (jumps(cf->op) && cf->addr < p->ncf && cf->addr != pc + 1)
         LLVMAddCase(sw, ci32(&j, cf->addr), bb[cf->addr]);
   }
   free(bb);
   LLVMDisposeBuilder(j.b);
   return j.mod;
}
