/* CB (with the SX alpha test in front of it): writes PS colour exports to the colour
 * buffers per CB_COLORn_BASE/SIZE/VIEW/INFO (formats: cb_format.h), CB_TARGET_MASK,
 * CB_SHADER_MASK, CB_SHADER_CONTROL, CB_COLOR_CONTROL, CB_BLEND*_CONTROL (cb_blend.h) and
 * CB_CLRCMP_*. */
#ifndef SIM_CB_H
#define SIM_CB_H

#include <stdbool.h>
#include <stdint.h>

#include "pixel/cb_format.h"
#include "shader/shader_exec.h"

struct sim_exec;

#define SIM_CB_TARGETS 8

/* A specialised per-sample write path chosen per draw (cb.c sim_cb_select_fast); each
 * gives bit for bit what the general path (write_sample) gives. */
enum sim_cb_fast {
   SIM_CB_FAST_NONE,          /* the general path */
   SIM_CB_FAST_UNORM8,        /* COLOR_8_8_8_8 UNORM, any COMP_SWAP, no ENDIAN swap, no
                               * ROP3, no CLRCMP test; blended or not */
};

struct sim_cb_target {
   uint8_t *base;             /* host pointer of pixel (0, 0) of sample 0 */
   uint64_t sample_bytes;     /* distance between sample planes */
   unsigned samples;
   uint32_t pitch, height;    /* pixels */
   struct sim_cb_format fmt;
   struct sim_cb_pixel write_bits;   /* bits the write masks let through */
   unsigned export_index;     /* PIXEL export feeding this target */
   bool blend;                /* TARGET_BLEND_ENABLE, not BLEND_BYPASS, not an integer format */
   bool blend_clamp;          /* CB_COLORn_INFO.BLEND_CLAMP */
   bool rop;                  /* ROP3 applies: not blending, not a float format, not COPY */
   uint32_t blend_ctl;        /* CB_BLEND_CONTROL layout */
   enum sim_cb_fast fast;
   bool blend_over;           /* blend_ctl is SRC_ALPHA, ONE_MINUS_SRC_ALPHA, add, for all
                               * four channels (the fast path blends it inline) */
   float blend_const[4];      /* the blend constant, clamped with blend_clamp */
};

/* CB_CLRCMP_*: the colour-key test of the packed source and destination pixels. */
struct sim_cb_clrcmp {
   bool active;               /* anything but "always draw" */
   unsigned fcn_src, fcn_dst, sel;
   uint32_t src, dst, mask;
};

struct sim_cb_state {
   unsigned num_targets;
   bool resolve;              /* SPECIAL_OP RESOLVE_BOX: t[0] source, t[1] destination */
   struct sim_cb_target t[SIM_CB_TARGETS];
   unsigned rop3;
   float blend_const[4];
   struct sim_cb_clrcmp clrcmp;
   bool alpha_test;
   unsigned alpha_func;
   float alpha_ref;
};

/* Where colour target n's pixels are, per CB_COLORn_BASE / SIZE / VIEW: a layer of
 * `samples` sample planes of pitch x height pixels of `bpp` bytes, sample-major. */
struct sim_cb_surface {
   uint64_t va;               /* pixel (0, 0) of sample 0 of the layer VIEW.SLICE_START */
   uint32_t pitch, height;    /* pixels */
   uint64_t sample_bytes;     /* distance between sample planes */
   uint64_t layer_bytes;      /* samples * sample_bytes */
};
void sim_cb_surface(struct sim_cb_surface *s, uint32_t base, uint32_t size, uint32_t view,
                    unsigned bpp, unsigned samples);

/* Decodes and bounds-checks the colour targets of a draw. Returns false after raising a
 * fault if a bound surface does not fit its buffer (the draw is dropped). */
bool sim_cb_state_init(struct sim_cb_state *cb, struct sim_exec *ex);

/* Chooses each target's fast path (`enable`) or the general path for all (!enable; used
 * by tests to compare the two). sim_cb_state_init enables them unless ex->fast_paths is
 * false (R600SIM_FUSED=0). */
void sim_cb_select_fast(struct sim_cb_state *cb, bool enable);

/* The SX alpha test (SX_ALPHA_TEST_CONTROL / SX_ALPHA_REF on PIXEL 0 alpha): the lanes of
 * `mask` that pass. It runs before the DB's late depth/stencil test. */
uint16_t sim_sx_alpha_test(const struct sim_cb_state *cb, uint16_t mask,
                           const struct sim_exports *out);

/* Writes the samples smask[l] of the lanes of `mask` (covered, not killed, past the alpha,
 * depth and stencil tests) of the 4x4 block at (bx, by). */
void sim_cb_write(const struct sim_cb_state *cb, int32_t bx, int32_t by, uint16_t mask,
                  const uint8_t smask[16], const struct sim_exports *out);

#endif
