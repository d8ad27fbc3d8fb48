/* The JIT's inline texture path (jit/jit_tex.c): which TEX instructions it can take, and the
 * run-time descriptors (sim_run.tex_fast) it samples with. */
#ifndef SIM_TEX_FAST_H
#define SIM_TEX_FAST_H

#include <stdbool.h>

#include "sq/run_state.h"

/* Whether instruction t can be inline, from its fields alone: SAMPLE, SAMPLE_L, SAMPLE_LB or
 * SAMPLE_LZ without depth compare, BC_FRAC_MODE or relative GPRs. */
bool sim_tex_fast_inst(const struct sim_tex_inst *t);

/* For the TEX clause at CF index pc: points x->tex_fast[i] at a descriptor of instruction
 * i's resource and sampler (made once per thread while their registers and the GPU memory's
 * buffers are unchanged) and sets x->tex_lanes[i], and returns 0, or -1
 * when one of them is outside what the inline path samples or could fault (the clause then
 * runs through sim_cf_step, which reports the fault). Accepted: 1D / 2D linear textures at
 * BASE_LEVEL 0 in the byte formats (8, 8_8, 8_8_8, 8_8_8_8: any number format but INT, no
 * endian swap) or 5_6_5 / 1_5_5_5 / 4_4_4_4 (NORM unsigned), every level mapped as one range;
 * samplers with point / bilinear filters, any MIP_FILTER and CLAMP mode. */
int sim_tex_fast_prepare(struct sim_run *x, unsigned pc);

#endif
