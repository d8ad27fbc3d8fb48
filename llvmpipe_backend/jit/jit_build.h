/* Decoded program -> LLVM IR module (jit_build.c), for jit.c. */
#ifndef SIM_JIT_BUILD_H
#define SIM_JIT_BUILD_H

#include <stdbool.h>

#include <llvm-c/Core.h>

#include "sq/isa_program.h"

/* Adds the IR of `p` to `mod` as function `name` (int name(struct sim_run *); with `split`
 * also its block functions, named after it). Returns the function, or NULL when out of
 * memory. Other code of the module (a fused pixel pipeline) may call it. */
LLVMValueRef sim_jit_build_function(const struct sim_program *p, LLVMModuleRef mod,
                                    const char *name, bool split);

/* Builds the IR of `p` as function `name` (int name(struct sim_run *)) in a new module
 * of `ctx`; `split`: one function per CF block (for large programs: code generation then
 * grows about linearly with the program). Returns NULL when out of memory. */
LLVMModuleRef sim_jit_build_module(const struct sim_program *p, LLVMContextRef ctx,
                                   const char *name, bool split);

#endif
