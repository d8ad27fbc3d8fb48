/* Shared by the JIT's IR builders (jit_build.c: module and CF skeleton, jit_alu_ops.c: the
 * ALU operations of alu_ops.h on 16 lanes, jit_alu_clause.c: ALU clauses with the register
 * file in SSA values, jit_fetch.c: inline VTX clauses): the builder state and small IR
 * helpers. Internal to the JIT. */
#ifndef SIM_JIT_IR_H
#define SIM_JIT_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "sq/alu_bits.h"
#include "sq/isa_program.h"
#include "shader/shader_exec.h"

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

/* ---- host code and data the generated code refers to (jit_build.c) --------------------- */

enum jit_host_fn {
   JIT_HOST_ALU_LANES,      /* sim_alu_lanes: lanes_ty */
   JIT_HOST_ALU_FP64,       /* sim_alu_fp64_vec: fp64_ty */
   JIT_HOST_CF_ALU_BEGIN,   /* CF helpers: helper_ty */
   JIT_HOST_CF_ALU_BEGIN_NOKC,
   JIT_HOST_CF_KCACHE_LOCK,
   JIT_HOST_CF_ALU_END,
   JIT_HOST_CF_STEP,
   JIT_HOST_CF_PUSH,        /* the stack steps of cf_exec.c, each with its own type (jit_cf.c) */
   JIT_HOST_CF_POP,
   JIT_HOST_CF_ELSE_MASK,
   JIT_HOST_CF_LEAVE_ITERATION,
   JIT_HOST_CF_NEXT,
   JIT_HOST_VTX_PREPARE,    /* sim_fetch_vtx_prepare: helper_ty */
};

/* The callee value of host function `f`. */
LLVMValueRef jit_host_fn(struct jb *j, enum jit_host_fn f);

/* Inline constant `index` of sim_inline_consts / literal dword `chan` of group `g`, splat to
 * 16 lanes. Both are loaded at run time, never LLVM constants, so code generation cannot fold
 * them with semantics other than the run-time ones (FTZ/DAZ). */
LLVMValueRef jit_inline_const(struct jb *j, unsigned index);
LLVMValueRef jit_literal(struct jb *j, const struct sim_alu_group *g, unsigned chan);

/* ---- the ALU operations (jit_alu_ops.c) ---------------------------------------------------- */

/* Canonical form of a computed value: a NaN becomes SIM_CANON_NAN (alu_bits.h sim_fres; the
 * flush is the MXCSR's, see jit_alu_clause.c). */
LLVMValueRef jit_canon(struct jb *j, LLVMValueRef v);

/* True when operand `src` of `op` may be a NaN with any payload without changing the result
 * (arithmetic and float compares); such operands are read without canonicalizing. */
bool jit_nan_blind(enum hw_isa_id op, unsigned src);

/* sim_alu_eval of one ordinary op. *raw (optional) is set when the result may be a
 * non-canonical NaN (the arithmetic ops leave canonicalization to the consumer). */
LLVMValueRef jit_alu_op(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b,
                        LLVMValueRef c, bool *raw);
/* sim_alu_cond: the pass lanes of a PRED_SET* / KILL* comparison. */
LLVMValueRef jit_alu_cond(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b);
/* An op through sim_alu_lanes; *pass (optional) receives its i16 pass bits. */
LLVMValueRef jit_call_lanes(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b,
                            LLVMValueRef c, LLVMValueRef *pass);
/* sim_alu_reduce: DOT4(_IEEE), MAX4, CUBE over the four vector slots. */
void jit_alu_reduce(struct jb *j, enum hw_isa_id op, LLVMValueRef a[4], LLVMValueRef b[4],
                    LLVMValueRef out[4]);
/* sim_alu_post: OMOD and CLAMP (raw NaNs stay raw unless the clamp replaces them). */
LLVMValueRef jit_alu_post(struct jb *j, LLVMValueRef r, unsigned omod, bool clamp);

/* ---- ALU clauses (jit_alu_clause.c) ---------------------------------------------------- */

/* A run of consecutive ALU clauses emitted with the register file in SSA values: begin
 * (NULL when out of memory), each clause's body, end (stores the registers, predicate,
 * exec, kill and relative-address faults; frees the run). A clause reads the constants of
 * kcache set s through kc_base[s] (ptr to constant 0 of the set's first line; unused for
 * sets it does not lock), each once. jit_alu_exit_stores emits end's stores without
 * ending the run, for a side exit between two clauses (a fault at the second's entry). */
struct jit_alu_run;
struct jit_alu_run *jit_alu_begin(struct jb *j);
void jit_alu_clause(struct jb *j, struct jit_alu_run *run, const struct sim_cf *cf,
                    LLVMValueRef kc_base[2]);
void jit_alu_exit_stores(struct jb *j, struct jit_alu_run *run);
void jit_alu_end(struct jb *j, struct jit_alu_run *run);

/* True when another plain clause may follow `cf` in the same run: `cf` neither changes the
 * exec mask (update_exec, KILL) nor can raise a relative-address fault, so the state at its
 * end is what the next clause starts from without a trip through the CF helpers. */
bool jit_alu_clause_continues(const struct sim_program *p, const struct sim_cf *cf);

/* ---- VTX clauses (jit_fetch.c) ------------------------------------------------------------- */

/* CF instruction `pc`, when it is a VTX clause whose fetches' formats, sources and
 * destinations allow (common formats, no SEMANTIC / relative GPRs / USE_CONST_FIELDS / endian
 * swap), with its fetches inline: the emitted code asks sim_fetch_vtx_prepare for the
 * resources and runs the clause through sim_cf_step when that declines. Returns the next CF
 * index (i32), or NULL for any other CF instruction (the caller emits the sim_cf_step call). */
LLVMValueRef jit_vtx_clause(struct jb *j, unsigned pc);

#endif
