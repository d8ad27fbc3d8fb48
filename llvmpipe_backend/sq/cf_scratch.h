/* MEM_SCRATCH instructions (cf_scratch.c). */
#ifndef SIM_CF_SCRATCH_H
#define SIM_CF_SCRATCH_H

#include "sq/run_state.h"

/* Runs MEM_SCRATCH CF instruction pc; returns the next CF index or SIM_PC_FAULT. */
int sim_cf_scratch(struct sim_run *x, unsigned pc, const struct sim_cf *cf);

#endif
