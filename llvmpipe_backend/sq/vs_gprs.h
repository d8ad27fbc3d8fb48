/* Which GPR channels a vertex shader (with the fetch shader it calls) or a pixel shader can
 * read before it writes them: the only ones whose zeroing per batch of vertices (draw.c) or
 * per block of pixels (jit_pixel.c) can matter. The draw asks through
 * sim_program_vs_first_reads (shader_exec.h), the fused pixel path through
 * sim_program_ps_first_reads. */
#ifndef SIM_VS_GPRS_H
#define SIM_VS_GPRS_H

#include <stdbool.h>
#include <stdint.h>

#include "shader/shader_exec.h"

struct sim_program;

/* first_read[g] bit c: channel c of GPR g may be read before it is written. */
struct sim_vs_gprs {
   uint8_t first_read[SIM_MAX_GPRS];
   uint64_t pixel_written;   /* bit n: PIXEL n (0..7, 61) exported, all four channels */
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

/* The same for the PS `ps`, where nothing counts as written at the start (the SPI's input
 * load comes on top: the caller's) and TEX clauses are walked too, the PS being launched in
 * whole quads. Returns false for a program that is not straight code as above. In such code
 * an export reaches every launched lane: pixel_written tells the PIXEL exports every run
 * writes in full. */
bool sim_ps_gprs_analyze(const struct sim_program *ps, struct sim_vs_gprs *out);

/* sim_ps_gprs_analyze's result, memoised per thread like sim_program_vs_first_reads; NULL
 * when declined. Valid while the program is held and until the thread's next calls. */
const struct sim_vs_gprs *sim_program_ps_first_reads(const struct sim_program *ps);

#endif
