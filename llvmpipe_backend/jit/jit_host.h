/* The host code and data generated code refers to (jit_host.c): the C helpers it calls by
 * name, which jit.c binds to their addresses, and its run-time constants. */
#ifndef SIM_JIT_HOST_H
#define SIM_JIT_HOST_H

#include "jit/jit_ir.h"

enum jit_host_fn {
   JIT_HOST_ALU_LANES,      /* sim_alu_lanes: lanes_ty */
   JIT_HOST_ALU_TRANSC,     /* sim_alu_transc_lanes: lanes_ty */
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
   JIT_HOST_DB_TEST,        /* the pixel units the fused pixel path calls for states its */
   JIT_HOST_SX_ALPHA,       /* emitters do not take (jit_pixel.c; each with its own type) */
   JIT_HOST_CB_WRITE,
   JIT_HOST_TEX_PREPARE,    /* sim_tex_fast_prepare: helper_ty */
   JIT_HOST_LOG2F,          /* log2f, the implicit LOD's (jit_tex.c): float (float) */
};

/* The host functions generated code calls, indexed by enum jit_host_fn: the name the code
 * calls each by, which jit.c binds to its address. */
struct jit_host_symbol {
   const char *name;
   void (*addr)(void);
};
extern const struct jit_host_symbol jit_host_symbols[];
extern const unsigned jit_host_symbol_count;

/* The callee value of host function `f`. */
LLVMValueRef jit_host_fn(struct jb *j, enum jit_host_fn f);

/* Inline constant `index` of sim_inline_consts / literal dword `chan` of group `g`, splat to
 * 16 lanes. Both are loaded at run time, never LLVM constants, so code generation cannot fold
 * them with semantics other than the run-time ones (FTZ/DAZ). */
LLVMValueRef jit_inline_const(struct jb *j, unsigned index);
LLVMValueRef jit_literal(struct jb *j, const struct sim_alu_group *g, unsigned chan);

#endif
