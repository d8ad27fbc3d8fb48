/* The SC's sample pattern of a draw, from its registers (msaa.c). */
#ifndef SIM_MSAA_H
#define SIM_MSAA_H

#include "raster/sc.h"

struct sim_exec;

/* Decodes PA_SC_AA_CONFIG, PA_SC_MODE_CNTL.MSAA_ENABLE, the sample locations and
 * PA_SC_AA_MASK of the draw being executed. */
void sim_sc_msaa_init(struct sim_sc_msaa *ms, const struct sim_exec *ex);

#endif
