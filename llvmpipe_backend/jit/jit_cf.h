/* Control flow of JIT code in IR (jit_cf.c), for the CF skeleton of jit_build.c. */
#ifndef SIM_JIT_CF_H
#define SIM_JIT_CF_H

#include <stdbool.h>
#include <stdint.h>

#include "jit/jit_ir.h"

/* The blocks the CF code branches to: bb[pc] = the code of CF index pc (a jump target or
 * the successor of an instruction that is not a plain ALU clause always has one); ok /
 * fault: return 1 / 0. live: jit_live.h's table of the program (NULL: everything live). */
struct jit_cf_blocks {
   LLVMBasicBlockRef *bb;
   LLVMBasicBlockRef ok, fault;
   const uint8_t (*live)[SIM_MAX_GPRS];
};

/* CF instruction pc (not an ALU clause). The common ones run inline and branch straight to
 * their successors; the others call sim_cf_step. Returns the next CF index (i32) of the
 * path that called a helper returning one, with the builder at its end for the caller to
 * dispatch on, or NULL when every path already ends in a branch. */
LLVMValueRef jit_cf_step(struct jb *j, unsigned pc, const struct jit_cf_blocks *t);

/* Whether the entry of a (not plain) ALU clause runs in sim_cf_alu_begin: the constant
 * file, WHOLE_QUAD / VALID_PIXEL. */
bool jit_cf_alu_entry_by_helper(const struct sim_cf *cf);

/* The entry of ALU clause pc (not a plain one): the stack push inline, or the whole entry
 * (kcache locking included) through sim_cf_alu_begin when jit_cf_alu_entry_by_helper; the
 * kcache locking of an inline entry is the caller's. Leaves the builder where the body goes. */
void jit_cf_alu_begin(struct jb *j, unsigned pc, const struct jit_cf_blocks *t);

/* The exit of ALU clause pc (not a plain one), after its body: like jit_cf_step.
 * may_fault: jit_alu_end's result (else sim_cf_alu_end's fault test is left out). */
LLVMValueRef jit_cf_alu_end(struct jb *j, unsigned pc, const struct jit_cf_blocks *t, bool may_fault);

#define JIT_CF_MAX_BURST 16   /* an export's GPRs: BURST_COUNT + 1, 4 bits */

/* Whether EXPORT `cf` may take an ALU run's values (jit_cf_export_values): it runs inline
 * and exports lanes of the exec mask only (no WHOLE_QUAD_MODE). */
bool jit_cf_export_takes_values(const struct sim_cf *cf);

/* The EXPORT at pc (jit_cf_export_takes_values), with vals[b][ch] replacing the load of
 * component ch of GPR gpr + b where it is not NULL; branches to its successor. */
void jit_cf_export_values(struct jb *j, unsigned pc, const struct jit_cf_blocks *t,
                          LLVMValueRef (*vals)[4]);

#endif
