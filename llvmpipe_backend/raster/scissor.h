/* The SC's scissor rectangle of a draw, from its registers (scissor.c). */
#ifndef SIM_SCISSOR_H
#define SIM_SCISSOR_H

#include "raster/sc.h"

struct sim_exec;

/* The intersection of the window, screen, generic and viewport-0 scissors of the draw
 * being executed. */
struct sim_rect sim_sc_scissor(const struct sim_exec *ex);

#endif
