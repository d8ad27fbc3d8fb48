/* CB (with the SX alpha test in front of it): writes PS colour exports to the colour
 * buffers per CB_COLORn_BASE/SIZE/INFO, CB_TARGET_MASK, CB_SHADER_MASK, CB_COLOR_CONTROL
 * and CB_BLEND*_CONTROL. */
#ifndef SIM_CB_H
#define SIM_CB_H

#include <stdbool.h>
#include <stdint.h>

#include "shader_exec.h"

struct sim_exec;

#define SIM_CB_TARGETS 8

struct sim_cb_target {
   uint8_t *base;             /* host pointer of pixel (0, 0) of sample 0 */
   uint64_t sample_bytes;     /* distance between sample planes */
   unsigned samples;
   unsigned format;           /* CB_COLORn_INFO.FORMAT */
   uint32_t pitch, height;    /* pixels */
   unsigned bpp;              /* bytes per pixel */
   unsigned ncomp;            /* memory components X, Y, Z, W from the low bits */
   unsigned width[4], shift[4];
   unsigned src_chan[4];      /* shader channel (R, G, B, A) stored in memory component c */
   uint32_t write_bits;       /* bits of a packed pixel the write mask lets through */
   unsigned export_index;     /* PIXEL export feeding this target */
   bool blend;
   uint32_t blend_ctl;        /* CB_BLEND_CONTROL layout */
};

struct sim_cb_state {
   unsigned num_targets;
   bool resolve;              /* SPECIAL_OP RESOLVE_BOX: t[0] source, t[1] destination */
   struct sim_cb_target t[SIM_CB_TARGETS];
   unsigned rop3;
   float blend_const[4];
   bool alpha_test;
   unsigned alpha_func;
   float alpha_ref;
};

/* Decodes and bounds-checks the colour targets of a draw. Returns false after raising a
 * fault if a bound surface does not fit its buffer (the draw is dropped). */
bool sim_cb_state_init(struct sim_cb_state *cb, struct sim_exec *ex);

/* The SX alpha test (SX_ALPHA_TEST_CONTROL / SX_ALPHA_REF on PIXEL 0 alpha): the lanes of
 * `mask` that pass. It runs before the DB's late depth/stencil test. */
uint16_t sim_sx_alpha_test(const struct sim_cb_state *cb, uint16_t mask,
                           const struct sim_exports *out);

/* Writes the samples smask[l] of the lanes of `mask` (covered, not killed, past the alpha,
 * depth and stencil tests) of the 4x4 block at (bx, by). */
void sim_cb_write(const struct sim_cb_state *cb, int32_t bx, int32_t by, uint16_t mask,
                  const uint8_t smask[16], const struct sim_exports *out);

/* Float -> n-bit UNORM as the CB converts it: clamp to [0, 1] (NaN -> 0), scale by
 * 2^n - 1, round to nearest with halves rounded up. */
uint32_t sim_cb_float_to_unorm(float f, unsigned bits);

#endif
