/* Shared by the JIT's IR builders (jit_build.c: module and CF skeleton, jit_cf.c: control
 * flow, jit_alu_ops.c: the ALU operations of alu_ops.h on 16 lanes, jit_alu_clause.c: ALU
 * clauses with the register file in SSA values, jit_fetch.c: inline VTX clauses, jit_host.c:
 * what the generated code calls and reads): the builder state and small IR helpers, all
 * inline. Internal to the JIT. */
#ifndef SIM_JIT_IR_H
#define SIM_JIT_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "shader/shader_exec.h"
#include "sq/alu_bits.h"
#include "sq/isa_program.h"

struct jb {
   LLVMContextRef ctx;
   LLVMModuleRef mod;
   LLVMBuilderRef b;
   LLVMValueRef fn, x, lanes;
   LLVMValueRef fetch_buf;   /* jit_fetch.c's stack buffer (entry-block alloca), or NULL */
   const struct sim_program *p;
   LLVMTypeRef i8, i16, i32, i64, f32, ptr, vi, vf, vb, vl;
   LLVMTypeRef helper_ty, lanes_ty, fp64_ty;
};

/* Sets j's context, module, a new builder and the types every builder uses (16-lane
 * vectors: vi, vf, vb, vl; the helper call types). j->fn, x, lanes, p are the caller's. */
static inline void jb_init(struct jb *j, LLVMContextRef ctx, LLVMModuleRef mod)
{
   j->ctx = ctx;
   j->mod = mod;
   j->b = LLVMCreateBuilderInContext(ctx);
   j->i8 = LLVMInt8TypeInContext(ctx);
   j->i16 = LLVMInt16TypeInContext(ctx);
   j->i32 = LLVMInt32TypeInContext(ctx);
   j->i64 = LLVMInt64TypeInContext(ctx);
   j->f32 = LLVMFloatTypeInContext(ctx);
   j->ptr = LLVMPointerTypeInContext(ctx, 0);
   j->vi = LLVMVectorType(j->i32, SIM_LANES);
   j->vf = LLVMVectorType(j->f32, SIM_LANES);
   j->vb = LLVMVectorType(LLVMInt1TypeInContext(ctx), SIM_LANES);
   j->vl = LLVMVectorType(j->i64, SIM_LANES);
   LLVMTypeRef hargs[2] = { j->ptr, j->i32 };
   j->helper_ty = LLVMFunctionType(j->i32, hargs, 2, 0);
   LLVMTypeRef largs[3] = { j->i32, j->i32, j->ptr };
   j->lanes_ty = LLVMFunctionType(j->i32, largs, 3, 0);
   LLVMTypeRef fargs[5] = { j->i32, j->i32, j->i32, j->ptr, j->ptr };
   j->fp64_ty = LLVMFunctionType(j->i32, fargs, 5, 0);
}

/* ---- small IR helpers ------------------------------------------------------------------ */


static inline LLVMValueRef ci32(struct jb *j, uint32_t v) { return LLVMConstInt(j->i32, v, 0); }
static inline LLVMValueRef ci16(struct jb *j, uint16_t v) { return LLVMConstInt(j->i16, v, 0); }

static inline LLVMValueRef kvec(struct jb *j, uint32_t v)
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = ci32(j, v);
   return LLVMConstVector(e, SIM_LANES);
}

static inline LLVMValueRef F(struct jb *j, LLVMValueRef v) { return LLVMBuildBitCast(j->b, v, j->vf, ""); }
static inline LLVMValueRef I(struct jb *j, LLVMValueRef v) { return LLVMBuildBitCast(j->b, v, j->vi, ""); }
static inline LLVMValueRef kf(struct jb *j, float f) { return LLVMConstBitCast(kvec(j, sim_u(f)), j->vf); }

static inline LLVMValueRef gep(struct jb *j, LLVMValueRef base, uint64_t off)
{
   LLVMValueRef idx = LLVMConstInt(j->i64, off, 0);
   return LLVMBuildGEP2(j->b, j->i8, base, &idx, 1, "");
}

static inline LLVMValueRef load(struct jb *j, LLVMTypeRef ty, LLVMValueRef ptr)
{
   LLVMValueRef v = LLVMBuildLoad2(j->b, ty, ptr, "");
   LLVMSetAlignment(v, ty == j->i16 ? 2 : 4);
   return v;
}

static inline void store(struct jb *j, LLVMValueRef v, LLVMValueRef ptr, unsigned align)
{
   LLVMSetAlignment(LLVMBuildStore(j->b, v, ptr), align);
}

static inline LLVMValueRef splat(struct jb *j, LLVMValueRef s)
{
   LLVMValueRef v = LLVMBuildInsertElement(j->b, LLVMGetPoison(j->vi), s, ci32(j, 0), "");
   return LLVMBuildShuffleVector(j->b, v, LLVMGetPoison(j->vi), LLVMConstNull(j->vi), "");
}

static inline LLVMValueRef sel(struct jb *j, LLVMValueRef c, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildSelect(j->b, c, a, b, "");
}

static inline LLVMValueRef fcmp(struct jb *j, LLVMRealPredicate pr, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildFCmp(j->b, pr, F(j, a), F(j, b), "");
}

static inline LLVMValueRef icmp(struct jb *j, LLVMIntPredicate pr, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildICmp(j->b, pr, a, b, "");
}

static inline LLVMValueRef and_(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildAnd(j->b, a, b, ""); }
static inline LLVMValueRef or_(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildOr(j->b, a, b, ""); }
static inline LLVMValueRef not_(struct jb *j, LLVMValueRef a) { return LLVMBuildNot(j->b, a, ""); }

static inline LLVMValueRef mask16(struct jb *j, LLVMValueRef v16i1)
{
   return LLVMBuildBitCast(j->b, v16i1, j->i16, "");
}

/* The <16 x i1> of an i16 lane mask (lane l: bit l), as a test of each lane's bit: the same
 * value as mask16's inverse bitcast, which LLVM 15 lowers on AVX2 to an extract and an insert
 * per lane (3.6% of a plain fill's samples were in one export's). */
static inline LLVMValueRef lane_vec(struct jb *j, LLVMValueRef lanes)
{
   LLVMValueRef bits[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      bits[l] = ci32(j, 1u << l);
   LLVMValueRef v = and_(j, splat(j, LLVMBuildZExt(j->b, lanes, j->i32, "")), LLVMConstVector(bits, SIM_LANES));
   return icmp(j, LLVMIntNE, v, LLVMConstNull(j->vi));
}

static inline LLVMValueRef lane_ids(struct jb *j)
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = ci32(j, l);
   return LLVMConstVector(e, SIM_LANES);
}

static inline LLVMValueRef intrinsic1(struct jb *j, const char *name, LLVMValueRef a)
{
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMTypeRef ty = j->vf;
   LLVMValueRef decl = LLVMGetIntrinsicDeclaration(j->mod, id, &ty, 1);
   LLVMTypeRef fty = LLVMIntrinsicGetType(j->ctx, id, &ty, 1);
   return LLVMBuildCall2(j->b, fty, decl, &a, 1, "");
}

#endif
