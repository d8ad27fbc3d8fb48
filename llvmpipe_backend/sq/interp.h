/* The reference interpreter (interp.c): the executable spec of the ISA that the JIT matches
 * bit for bit. */
#ifndef SIM_INTERP_H
#define SIM_INTERP_H

#include <stdbool.h>
#include <stdint.h>

#include "sq/run_state.h"

/* Runs x->prog's CF list on x; false if it faulted. */
bool sim_interp_run(struct sim_run *x);

#endif
