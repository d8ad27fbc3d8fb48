/* Which GPR channels a program may still read after each CF instruction (jit_live.c), so
 * that JIT code may leave unstored what nothing reads when the run's owner reads only the
 * exports (sim_run.gprs_unread). */
#ifndef SIM_JIT_LIVE_H
#define SIM_JIT_LIVE_H

#include <stdint.h>

#include "sq/isa_program.h"

/* live[pc][g] bit c: some CF instruction after pc may read channel c of GPR g. NULL when
 * the program's control flow is not forward-only (loops, calls, backward jumps, KILL,
 * scratch: everything is taken as live), or out of memory. Free with free(). */
uint8_t (*jit_live_after(const struct sim_program *p))[SIM_MAX_GPRS];

#endif
