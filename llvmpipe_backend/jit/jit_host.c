/* The host code and data generated code refers to (jit_host.h). */
#include "jit/jit_host.h"

#include <math.h>
#include <stdio.h>

#include "pixel/cb.h"
#include "pixel/db.h"
#include "sq/alu_fp64.h"
#include "sq/alu_ops.h"
#include "sq/alu_transc.h"
#include "sq/cf_alu.h"
#include "sq/cf_exec.h"
#include "sq/fetch_unit.h"
#include "sq/isa_ops.h"
#include "sq/run_state.h"
#include "sq/tex_fast.h"

/* Generated code names the host functions (declarations, resolved by jit.c through
 * absolute symbols) and keeps its constants in module-private globals, so a compiled object
 * holds no address of this process and can be cached on disk (jit_objcache.h). */
const struct jit_host_symbol jit_host_symbols[] = {
   [JIT_HOST_ALU_LANES] = { "r600sim_host_alu_lanes", (void (*)(void))sim_alu_lanes },
   [JIT_HOST_ALU_TRANSC] = { "r600sim_host_alu_transc_lanes", (void (*)(void))sim_alu_transc_lanes },
   [JIT_HOST_ALU_FP64] = { "r600sim_host_alu_fp64_vec", (void (*)(void))sim_alu_fp64_vec },
   [JIT_HOST_CF_ALU_BEGIN] = { "r600sim_host_cf_alu_begin", (void (*)(void))sim_cf_alu_begin },
   [JIT_HOST_CF_ALU_BEGIN_NOKC] = { "r600sim_host_cf_alu_begin_nokc",
                                    (void (*)(void))sim_cf_alu_begin_nokc },
   [JIT_HOST_CF_KCACHE_LOCK] = { "r600sim_host_cf_kcache_lock", (void (*)(void))sim_cf_kcache_lock },
   [JIT_HOST_CF_ALU_END] = { "r600sim_host_cf_alu_end", (void (*)(void))sim_cf_alu_end },
   [JIT_HOST_CF_STEP] = { "r600sim_host_cf_step", (void (*)(void))sim_cf_step },
   [JIT_HOST_CF_PUSH] = { "r600sim_host_cf_push", (void (*)(void))sim_cf_push },
   [JIT_HOST_CF_POP] = { "r600sim_host_cf_pop", (void (*)(void))sim_cf_pop },
   [JIT_HOST_CF_ELSE_MASK] = { "r600sim_host_cf_else_mask", (void (*)(void))sim_cf_else_mask },
   [JIT_HOST_CF_LEAVE_ITERATION] = { "r600sim_host_cf_leave_iteration",
                                     (void (*)(void))sim_cf_leave_iteration },
   [JIT_HOST_CF_NEXT] = { "r600sim_host_cf_next", (void (*)(void))sim_cf_next },
   [JIT_HOST_VTX_PREPARE] = { "r600sim_host_vtx_prepare", (void (*)(void))sim_fetch_vtx_prepare },
   [JIT_HOST_DB_TEST] = { "r600sim_host_db_test", (void (*)(void))sim_db_test },
   [JIT_HOST_SX_ALPHA] = { "r600sim_host_sx_alpha", (void (*)(void))sim_sx_alpha_test },
   [JIT_HOST_CB_WRITE] = { "r600sim_host_cb_write", (void (*)(void))sim_cb_write },
   [JIT_HOST_TEX_PREPARE] = { "r600sim_host_tex_prepare", (void (*)(void))sim_tex_fast_prepare },
   [JIT_HOST_LOG2F] = { "r600sim_host_log2f", (void (*)(void))log2f },
};
const unsigned jit_host_symbol_count = sizeof(jit_host_symbols) / sizeof(jit_host_symbols[0]);

LLVMValueRef jit_host_fn(struct jb *j, enum jit_host_fn f)
{
   const char *name = jit_host_symbols[f].name;
   LLVMValueRef fn = LLVMGetNamedFunction(j->mod, name);
   if (fn)
      return fn;
   LLVMTypeRef ty = f == JIT_HOST_ALU_LANES || f == JIT_HOST_ALU_TRANSC ? j->lanes_ty
                  : f == JIT_HOST_ALU_FP64 ? j->fp64_ty
                  : f == JIT_HOST_LOG2F ? LLVMFunctionType(j->f32, &j->f32, 1, 0) : j->helper_ty;
   fn = LLVMAddFunction(j->mod, name, ty);
   unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
   LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(j->ctx, nounwind, 0));
   return fn;
}

/* A private i32 global holding `v`, one per name. Not an LLVM constant and marked externally
 * initialized: its loads stay loads (see jit_host.h). */
static LLVMValueRef data_word(struct jb *j, const char *name, uint32_t v)
{
   LLVMValueRef g = LLVMGetNamedGlobal(j->mod, name);
   if (!g) {
      g = LLVMAddGlobal(j->mod, j->i32, name);
      LLVMSetInitializer(g, ci32(j, v));
      LLVMSetLinkage(g, LLVMPrivateLinkage);
      LLVMSetExternallyInitialized(g, 1);
      LLVMSetAlignment(g, 4);
   }
   return g;
}

LLVMValueRef jit_inline_const(struct jb *j, unsigned index)
{
   char name[24];
   snprintf(name, sizeof(name), "inline_const.%u", index);
   return splat(j, load(j, j->i32, data_word(j, name, sim_inline_consts[index])));
}

LLVMValueRef jit_literal(struct jb *j, const struct sim_alu_group *g, unsigned chan)
{
   char name[24];
   snprintf(name, sizeof(name), "literal.%08x", g->literal[chan]);
   return splat(j, load(j, j->i32, data_word(j, name, g->literal[chan])));
}
