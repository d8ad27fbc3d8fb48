/* r600sim-exec: how many GPRs a decoded program uses (its NUM_GPRS when none is given). */
#ifndef EXEC_GPRS_H
#define EXEC_GPRS_H

#include "sq/isa_program.h"

/* 1 + the highest GPR the program names: ALU sources and destinations, VTX/TEX sources
 * and destinations, exported GPRs (with their bursts). A relative operand counts with its
 * base index only. 0 if it names none. */
unsigned exec_program_gprs(const struct sim_program *p);

#endif
