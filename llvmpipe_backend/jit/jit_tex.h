/* TEX clauses of the common sampling instructions inline in IR (jit_tex.c). */
#ifndef SIM_JIT_TEX_H
#define SIM_JIT_TEX_H

#include "jit/jit_ir.h"

/* CF instruction `pc`, when it is a TEX clause whose every instruction passes
 * sim_tex_fast_inst (tex_fast.h), with its samples inline: the emitted code asks
 * sim_tex_fast_prepare for the resources and samplers and runs the clause through sim_cf_step
 * when that declines. Returns the next CF index (i32), or NULL for any other CF instruction
 * (the caller emits the sim_cf_step call). */
LLVMValueRef jit_tex_clause(struct jb *j, unsigned pc);

#endif
