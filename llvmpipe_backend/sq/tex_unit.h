/* The texture unit: TEX clause instructions against SET_RESOURCE texture constants
 * (SQ_TEX_RESOURCE_WORD0..6) and SET_SAMPLER states (SQ_TEX_SAMPLER_WORD0..2). Used by
 * both engines. */
#ifndef SIM_TEX_UNIT_H
#define SIM_TEX_UNIT_H

#include <stdbool.h>

#include "sq/run_state.h"

/* Executes one texture instruction for the active lanes of x. Returns false after
 * recording a fault (invalid resource or sampler, unsupported dimension, tiling or
 * format, texel outside GPU memory). */
bool sim_tex_fetch(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t);

#endif
