/* Decoded program -> LLVM IR module (jit_build.c), for jit_core.c. */
#ifndef SIM_JIT_BUILD_H
#define SIM_JIT_BUILD_H

#include <llvm-c/Core.h>

#include "sq/isa_program.h"

/* The host functions generated code calls, indexed by enum jit_host_fn (jit_ir.h): the
 * name the code calls each by, which jit_core.c binds to its address. */
struct jit_host_symbol {
   const char *name;
   void (*addr)(void);
};
extern const struct jit_host_symbol jit_host_symbols[];
extern const unsigned jit_host_symbol_count;

/* Builds the IR of `p` as function `name` (int name(struct sim_run *)) in a new module
 * of `ctx`. Returns NULL when out of memory. */
LLVMModuleRef sim_jit_build_module(const struct sim_program *p, LLVMContextRef ctx,
                                   const char *name);

#endif
