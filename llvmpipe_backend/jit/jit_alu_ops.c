/* The scalar semantics of alu_ops.h (sim_alu_eval, sim_alu_cond, sim_alu_reduce,
 * sim_alu_post), 16 lanes at a time as <16 x i32> values, bit for bit. Operations without
 * inline code (the predicate-counter PRED_SET forms, RECIP_(U)INT, MUL_LIT; the
 * transcendentals, which jit_alu_clause.c emits through jit_transc.c instead) call
 * sim_alu_lanes: the interpreter's own C code. */
#include <stddef.h>

#include "jit/jit_alu_ops.h"
#include "jit/jit_host.h"
#include "jit/jit_ir.h"
#include "sq/alu_ops.h"
#include "sq/run_state.h"

/* sim_is_nan */
static LLVMValueRef is_nan(struct jb *j, LLVMValueRef a) { return fcmp(j, LLVMRealUNO, a, a); }

LLVMValueRef jit_ftz(struct jb *j, LLVMValueRef u)
{
   LLVMValueRef den = icmp(j, LLVMIntEQ, and_(j, u, kvec(j, 0x7F800000u)), kvec(j, 0));
   return sel(j, den, and_(j, u, kvec(j, 0x80000000u)), u);
}

LLVMValueRef jit_fres(struct jb *j, LLVMValueRef f)
{
   LLVMValueRef u = I(j, f);
   return sel(j, is_nan(j, u), kvec(j, SIM_CANON_NAN), jit_ftz(j, u));
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

LLVMValueRef jit_alu_cond(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b)
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

LLVMValueRef jit_call_lanes(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b,
                               LLVMValueRef c, LLVMValueRef *pass)
{
   LLVMValueRef tmp = gep(j, j->x, offsetof(struct sim_run, tmp));
   store(j, a, tmp, 4);
   store(j, b, gep(j, j->x, offsetof(struct sim_run, tmp) + 4 * SIM_LANES), 4);
   store(j, c, gep(j, j->x, offsetof(struct sim_run, tmp) + 8 * SIM_LANES), 4);
   LLVMValueRef args[3] = { ci32(j, op), ci32(j, j->p->chip), tmp };
   LLVMValueRef r = LLVMBuildCall2(j->b, j->lanes_ty,
                                   jit_host_fn(j, JIT_HOST_ALU_LANES), args, 3, "");
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
   LLVMValueRef xf = F(j, jit_ftz(j, a));
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

/* The arithmetic ops, uncanonicalized: under the MXCSR's FTZ/DAZ (set around every run) a
 * result is never a denormal, and a NaN result may carry x86's payload until jit_canon. */
static LLVMValueRef arith(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b,
                          LLVMValueRef c)
{
   LLVMBuilderRef B = j->b;
   switch (op) {
   case HW_ISA_OP2_ADD: return I(j, LLVMBuildFAdd(B, F(j, a), F(j, b), ""));
   case HW_ISA_OP2_MUL: return I(j, mul_legacy(j, a, b));
   case HW_ISA_OP2_MUL_IEEE: return I(j, LLVMBuildFMul(B, F(j, a), F(j, b), ""));
   case HW_ISA_OP3_MULADD: return I(j, LLVMBuildFAdd(B, mul_legacy(j, a, b), F(j, c), ""));
   case HW_ISA_OP3_MULADD_IEEE:
      return I(j, LLVMBuildFAdd(B, LLVMBuildFMul(B, F(j, a), F(j, b), ""), F(j, c), ""));
   default: return NULL;
   }
}

LLVMValueRef jit_canon(struct jb *j, LLVMValueRef v)
{
   return sel(j, is_nan(j, v), kvec(j, SIM_CANON_NAN), v);
}

/* sim_fres of a rounding op's or FRACT's result f (float vector) from a flushed operand: never
 * a denormal (a whole number, or a difference flushed by the MXCSR), and a NaN only from a NaN
 * operand, so only its canonicalization is left, to the consumer when it takes raw values
 * (raw non-NULL: *raw is set), else done here. */
static LLVMValueRef lazy_nan(struct jb *j, LLVMValueRef f, bool *raw)
{
   if (!raw)
      return jit_canon(j, I(j, f));
   *raw = true;
   return I(j, f);
}

bool jit_nan_blind(enum hw_isa_id op, unsigned src)
{
   switch (op) {
   case HW_ISA_OP2_ADD: case HW_ISA_OP2_MUL: case HW_ISA_OP2_MUL_IEEE: case HW_ISA_OP3_MULADD:
   case HW_ISA_OP3_MULADD_IEEE: case HW_ISA_OP2_DOT4: case HW_ISA_OP2_DOT4_IEEE:
   case HW_ISA_OP2_SETE: case HW_ISA_OP2_SETGT: case HW_ISA_OP2_SETGE: case HW_ISA_OP2_SETNE:
   case HW_ISA_OP2_SETE_DX10: case HW_ISA_OP2_SETGT_DX10: case HW_ISA_OP2_SETGE_DX10:
   case HW_ISA_OP2_SETNE_DX10: case HW_ISA_OP2_PRED_SETE: case HW_ISA_OP2_PRED_SETGT:
   case HW_ISA_OP2_PRED_SETGE: case HW_ISA_OP2_PRED_SETNE: case HW_ISA_OP2_KILLE:
   case HW_ISA_OP2_KILLGT: case HW_ISA_OP2_KILLGE: case HW_ISA_OP2_KILLNE:
   case HW_ISA_OP2_FRACT: case HW_ISA_OP2_TRUNC: case HW_ISA_OP2_CEIL: case HW_ISA_OP2_RNDNE:
   case HW_ISA_OP2_FLOOR: case HW_ISA_OP2_FLT_TO_INT: case HW_ISA_OP2_FLT_TO_UINT:
   case HW_ISA_OP2_MOVA: case HW_ISA_OP2_MOVA_FLOOR:
      return true;
   case HW_ISA_OP3_CNDE: case HW_ISA_OP3_CNDGT: case HW_ISA_OP3_CNDGE:
      return src == 0;   /* the condition; the selected operands keep their bits */
   default:
      return false;
   }
}

LLVMValueRef jit_alu_op(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b,
                        LLVMValueRef c, bool *raw)
{
   LLVMBuilderRef B = j->b;
   LLVMValueRef r = arith(j, op, a, b, c);
   if (raw)
      *raw = r != NULL;
   if (r)
      return raw ? r : jit_canon(j, r);
   switch (op) {
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
      LLVMValueRef xf = F(j, jit_ftz(j, a));
      return lazy_nan(j, LLVMBuildFSub(B, xf, intrinsic1(j, "llvm.floor", xf), ""), raw);
   }
   case HW_ISA_OP2_TRUNC: return lazy_nan(j, intrinsic1(j, "llvm.trunc", F(j, jit_ftz(j, a))), raw);
   case HW_ISA_OP2_CEIL: return lazy_nan(j, intrinsic1(j, "llvm.ceil", F(j, jit_ftz(j, a))), raw);
   case HW_ISA_OP2_RNDNE: return lazy_nan(j, intrinsic1(j, "llvm.rint", F(j, jit_ftz(j, a))), raw);
   case HW_ISA_OP2_FLOOR: return lazy_nan(j, intrinsic1(j, "llvm.floor", F(j, jit_ftz(j, a))), raw);
   case HW_ISA_OP2_MOVA: case HW_ISA_OP2_MOVA_FLOOR: case HW_ISA_OP2_MOVA_INT:
   case HW_ISA_OP2_MOVA_GPR_INT:
      return emit_mova(j, op, a);
   case HW_ISA_OP2_MOV: return a;
   case HW_ISA_OP2_NOP: return jit_inline_const(j, 0);   /* a run-time 0.0, as PV (see jit_alu_clause.c) */
   case HW_ISA_OP2_PRED_SETE: case HW_ISA_OP2_PRED_SETGT: case HW_ISA_OP2_PRED_SETGE:
   case HW_ISA_OP2_PRED_SETNE: case HW_ISA_OP2_PRED_SETE_INT: case HW_ISA_OP2_PRED_SETGT_INT:
   case HW_ISA_OP2_PRED_SETGE_INT: case HW_ISA_OP2_PRED_SETNE_INT: case HW_ISA_OP2_PRED_SETGT_UINT:
   case HW_ISA_OP2_PRED_SETGE_UINT:
      return bool_f(j, not_(j, jit_alu_cond(j, op, a, b)));
   case HW_ISA_OP2_KILLE: case HW_ISA_OP2_KILLGT: case HW_ISA_OP2_KILLGE: case HW_ISA_OP2_KILLNE:
   case HW_ISA_OP2_KILLE_INT: case HW_ISA_OP2_KILLGT_INT: case HW_ISA_OP2_KILLGE_INT:
   case HW_ISA_OP2_KILLNE_INT: case HW_ISA_OP2_KILLGT_UINT: case HW_ISA_OP2_KILLGE_UINT:
      return bool_f(j, jit_alu_cond(j, op, a, b));
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
   /* sim_fres of a converted integer: never a NaN or a denormal */
   case HW_ISA_OP2_INT_TO_FLT: return I(j, LLVMBuildSIToFP(B, a, j->vf, ""));
   case HW_ISA_OP2_UINT_TO_FLT: return I(j, LLVMBuildUIToFP(B, a, j->vf, ""));
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
   default: return jit_call_lanes(j, op, a, b, c, NULL);
   }
}

/* sim_alu_cube */
static void cube(struct jb *j, LLVMValueRef a[4], LLVMValueRef out[4])
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
   out[0] = jit_fres(j, F(j, tc));
   out[1] = jit_fres(j, F(j, sc));
   out[2] = jit_fres(j, LLVMBuildFMul(j->b, F(j, ma), kf(j, 2.0f), ""));
   out[3] = face;
}

void jit_alu_reduce(struct jb *j, enum hw_isa_id op, LLVMValueRef a[4], LLVMValueRef b[4],
                        LLVMValueRef out[4], bool *raw)
{
   LLVMValueRef r;
   *raw = false;
   if (op == HW_ISA_OP2_CUBE) {
      cube(j, a, out);
      return;
   }
   if (op == HW_ISA_OP2_MAX4) {
      r = max_legacy(j, max_legacy(j, max_legacy(j, a[0], a[1]), a[2]), a[3]);
   } else {
      /* sim_fres of the sum: its flush is the MXCSR's (an add's result is never a
       * denormal), its NaN canonicalization left to the consumer, as for arith() */
      LLVMValueRef p[4];
      for (int c = 0; c < 4; c++)
         p[c] = op == HW_ISA_OP2_DOT4 ? mul_legacy(j, a[c], b[c])
                                  : LLVMBuildFMul(j->b, F(j, a[c]), F(j, b[c]), "");
      LLVMValueRef s = LLVMBuildFAdd(j->b, p[0], p[1], "");
      s = LLVMBuildFAdd(j->b, s, p[2], "");
      r = I(j, LLVMBuildFAdd(j->b, s, p[3], ""));
      *raw = true;
   }
   out[0] = out[1] = out[2] = out[3] = r;
}

LLVMValueRef jit_alu_post(struct jb *j, LLVMValueRef r, unsigned omod, bool clamp)
{
   if (omod) {
      float m = omod == SIM_OMOD_M2 ? 2.0f : omod == SIM_OMOD_M4 ? 4.0f : 0.5f;
      r = jit_fres(j, LLVMBuildFMul(j->b, F(j, r), kf(j, m), ""));
   }
   if (clamp) {
      LLVMValueRef v = sel(j, fcmp(j, LLVMRealOGT, r, kvec(j, 0x3F800000u)), kvec(j, 0x3F800000u), r);
      v = sel(j, fcmp(j, LLVMRealULE, r, kvec(j, 0)), kvec(j, 0), v);
      r = sel(j, is_nan(j, r), j->p->dx10_clamp ? kvec(j, 0) : r, v);
   }
   return r;
}
