/* VTX clauses of the common formats inline in IR (jit_fetch.c). */
#ifndef SIM_JIT_FETCH_H
#define SIM_JIT_FETCH_H

#include <stdbool.h>

#include "jit/jit_ir.h"

/* CF instruction `pc`, when it is a VTX clause whose fetches' formats, sources and
 * destinations allow (common formats, no SEMANTIC / relative GPRs / USE_CONST_FIELDS / endian
 * swap), with its fetches inline: the emitted code asks sim_fetch_vtx_prepare for the
 * resources and runs the clause through sim_cf_step when that declines. Returns the next CF
 * index (i32), or NULL for any other CF instruction (the caller emits the sim_cf_step call). */
LLVMValueRef jit_vtx_clause(struct jb *j, unsigned pc);

#endif
