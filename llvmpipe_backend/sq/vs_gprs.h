/* Which GPR channels a vertex shader (with the fetch shader it calls) can read before it
 * writes them: the only ones whose zeroing per batch of vertices (draw.c) can matter. The
 * draw asks through sim_program_vs_first_reads (shader_exec.h). */
#ifndef SIM_VS_GPRS_H
#define SIM_VS_GPRS_H

#include <stdbool.h>
#include <stdint.h>

#include "shader/shader_exec.h"

struct sim_program;

/* first_read[g] bit c: channel c of GPR g may be read before it is written. */
struct sim_vs_gprs {
   uint8_t first_read[SIM_MAX_GPRS];
};

/* Fills `out` for the VS `vs` calling fetch shader `fs` (may be NULL) when both are straight
 * code whose every write reaches all launched lanes: CF NOP, plain ALU clauses, VTX and TEX
 * clauses, exports, CALL_FS, the fetch shader's RETURN, without relative GPRs, predicated
 * or KILL writes, exec updates or quad/valid-pixel modes. GPR 0 counts as written (the VGT's
 * vertex ids and instance, sim_vgt_vs_input). Returns false for any other program: every
 * GPR must then be zeroed. A lane that is not launched is never read where it shows (the
 * PA loads launched lanes only; fetches and exports of such straight code take launched
 * lanes only), so its GPRs need no zeroing either. */
bool sim_vs_gprs_analyze(const struct sim_program *vs, const struct sim_program *fs,
                         struct sim_vs_gprs *out);

#endif
