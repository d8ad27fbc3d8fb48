/* r600sim-exec: the result text (format: tools/EXEC_FORMAT.md). */
#ifndef EXEC_OUTPUT_H
#define EXEC_OUTPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "shader/shader_exec.h"

#define EXEC_WAVE_LANES 64
#define EXEC_BLOCKS (EXEC_WAVE_LANES / SIM_LANES)   /* engine calls per wavefront */

/* Prints the killed mask, every exported array element (block b's exports in out[b]) and
 * GPRs 0..ngprs-1 of the wavefront, then "end". floats: add each value as a float. */
void exec_print_results(bool floats, uint64_t killed, const struct sim_exports out[EXEC_BLOCKS],
                        uint32_t (*wave)[4][EXEC_WAVE_LANES], unsigned ngprs);

#endif
