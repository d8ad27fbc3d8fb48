/* Entry and exit of ALU clauses (cf_alu.c): stack, kcache locking, faults. Each returns the
 * next CF index, SIM_PC_END or SIM_PC_FAULT, or 0 if ok where noted. */
#ifndef SIM_CF_ALU_H
#define SIM_CF_ALU_H

#include <stdbool.h>
#include <stdint.h>

#include "sq/run_state.h"

int sim_cf_alu_begin(struct sim_run *x, unsigned pc);   /* push, kcache lock; 0 if ok */
int sim_cf_alu_begin_nokc(struct sim_run *x, unsigned pc);   /* the same without the lock */
int sim_cf_kcache_lock(struct sim_run *x, unsigned pc);      /* the lock alone; 0 if ok */
int sim_cf_alu_end(struct sim_run *x, unsigned pc);     /* faults; pops / else / break */

#endif
