/* The CF helpers of cf_exec.c: every CF instruction but ALU clauses, and the stack steps the
 * JIT also calls. Each returns the next CF index, SIM_PC_END or SIM_PC_FAULT. */
#ifndef SIM_CF_EXEC_H
#define SIM_CF_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "sq/run_state.h"

int sim_cf_step(struct sim_run *x, unsigned pc);        /* every non-ALU CF instruction */
bool sim_cf_push(struct sim_run *x, unsigned pc, bool loop, uint32_t count);
bool sim_cf_pop(struct sim_run *x, unsigned pc, unsigned n);
bool sim_cf_else_mask(struct sim_run *x, unsigned pc, uint16_t extra, uint16_t *out);
int sim_cf_leave_iteration(struct sim_run *x, unsigned pc, uint16_t lanes, bool brk,
                           bool *all_left);

#endif
