/* A fused pixel variant (jit/jit_pixel.c) for a given pixel state, built around a stand-in
 * program: a JIT-cache program (engine 1, which the fused path serves) whose own code is a
 * function that does nothing. For the tests of how variants are compiled, cached and
 * loaded, where what the pixel shader computes does not matter. */
#ifndef FUSED_STAND_IN_H
#define FUSED_STAND_IN_H

#include <stdbool.h>

struct sim_pixel_state;

/* Starts the JIT, gets the variant of the stand-in program for `st` and puts it back:
 * whether sim_pixel_fused_get returned code at once. */
bool fused_stand_in_get(const struct sim_pixel_state *st);

#endif
