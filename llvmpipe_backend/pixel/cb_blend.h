/* The CB's blender (CB_BLEND_CONTROL / CB_BLENDn_CONTROL with CB_BLEND_RED..ALPHA) and
 * raster operation (CB_COLOR_CONTROL.ROP3). */
#ifndef SIM_CB_BLEND_H
#define SIM_CB_BLEND_H

#include <stdint.h>

#include "pixel/cb_format.h"

/* out = blend of source s (second source s1 for the SRC1 factors) with destination d and
 * constant k per the CB_BLEND_CONTROL layout `ctl`, per channel R, G, B, A. */
void sim_cb_blend(uint32_t ctl, const float s[4], const float s1[4], const float d[4],
                  const float k[4], float out[4]);

/* ROP3 `code` on packed pixels: each result bit is bit (4 * pattern + 2 * source +
 * destination) of the code, with the pattern bit 0 (the 3D pipe has no brush; GL logic
 * ops repeat their nibble, so the pattern does not matter to them). */
void sim_cb_rop3(unsigned code, const struct sim_cb_pixel *src, const struct sim_cb_pixel *dst,
                 struct sim_cb_pixel *out);

#endif
