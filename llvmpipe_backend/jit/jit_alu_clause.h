/* ALU clause bodies as IR with the register file in SSA values (jit_alu_clause.c). */
#ifndef SIM_JIT_ALU_CLAUSE_H
#define SIM_JIT_ALU_CLAUSE_H

#include <stdbool.h>
#include <stdint.h>

#include "jit/jit_ir.h"

/* A run of consecutive ALU clauses emitted with the register file in SSA values: begin
 * (NULL when out of memory), each clause's body, end (stores the registers, predicate,
 * exec, kill and relative-address faults; frees the run; returns whether a relative index
 * may have faulted, which sim_cf_alu_end reports). End stores the registers of `live`
 * (jit_live.h's row after the run; NULL: all) always, the others only when
 * sim_run.gprs_unread is 0. A clause reads the constants of
 * kcache set s through kc_base[s] (ptr to constant 0 of the set's first line; unused for
 * sets it does not lock), each once. jit_alu_exit_stores emits end's stores without
 * ending the run, for a side exit between two clauses (a fault at the second's entry). */
struct jit_alu_run;
struct jit_alu_run *jit_alu_begin(struct jb *j);
void jit_alu_clause(struct jb *j, struct jit_alu_run *run, const struct sim_cf *cf,
                    LLVMValueRef kc_base[2]);
void jit_alu_exit_stores(struct jb *j, struct jit_alu_run *run);
bool jit_alu_end(struct jb *j, struct jit_alu_run *run, const uint8_t *live);

/* For an export right after the run, in lanes of the run's exec mask: vals[b][c] = the
 * canonical value of channel c of GPR exp->gpr + b that the run holds in SSA (what end
 * stores), or NULL where it holds none (the lanes in memory are current). */
void jit_alu_export_values(struct jb *j, struct jit_alu_run *run, const struct sim_cf *exp,
                           LLVMValueRef vals[][4]);

/* True when another plain clause may follow `cf` in the same run: `cf` neither changes the
 * exec mask (update_exec, KILL) nor can raise a relative-address fault, so the state at its
 * end is what the next clause starts from without a trip through the CF helpers. */
bool jit_alu_clause_continues(const struct sim_program *p, const struct sim_cf *cf);

#endif
