/* PA: primitive assembly's back half - clipping, the viewport transform per
 * PA_CL_VTE_CNTL / PA_CL_VPORT_*, vertex quantization per PA_SU_VTX_CNTL, face
 * determination and culling per PA_SU_SC_MODE_CNTL, polygon offset per PA_SU_POLY_OFFSET_*,
 * and SC setup per PA_SC_EDGERULE. */
#ifndef SIM_PA_H
#define SIM_PA_H

#include <stdbool.h>

#include "prim.h"

struct sim_exec;

/* The PA registers of one draw, decoded. */
struct sim_pa_state {
   bool clip;                   /* !PA_CL_CLIP_CNTL.CLIP_DISABLE */
   bool clip_near, clip_far;    /* !ZCLIP_NEAR_DISABLE / !ZCLIP_FAR_DISABLE */
   bool dx_clip_space;          /* near plane z >= 0 instead of z >= -w */
   float gb_x, gb_y;            /* guard band (PA_CL_GB_HORZ/VERT_CLIP_ADJ) */

   bool scale[3], offset[3];    /* VPORT_{X,Y,Z}_{SCALE,OFFSET}_ENA */
   bool xy_fmt, z_fmt, w0_fmt;  /* VTX_XY_FMT, VTX_Z_FMT, VTX_W0_FMT */
   float vscale[3], voffset[3]; /* PA_CL_VPORT_{X,Y,Z}{SCALE,OFFSET}_0 */

   unsigned quant_bits;         /* fraction bits of the fixed-point positions */
   unsigned round_mode;         /* PA_SU_VTX_CNTL.ROUND_MODE */
   bool pix_center_half;        /* PA_SU_VTX_CNTL.PIX_CENTER = 1 */
   int64_t win_off_x, win_off_y;/* PA_SC_WINDOW_OFFSET if VTX_WINDOW_OFFSET_ENABLE, in
                                   1/SIM_SUBPIX px */

   bool cull_front, cull_back;
   bool face_cw;                /* PA_SU_SC_MODE_CNTL.FACE */
   unsigned edge_tri, edge_rect, edge_point;   /* PA_SC_EDGERULE ER_TRI/ER_RECT/ER_POINT */
   unsigned edge_line_lr, edge_line_rl;        /* ER_LINE_LR / _RL (6 flags) */
   unsigned edge_line_tb, edge_line_bt;        /* ER_LINE_TB / _BT (4 flags) */
   bool last_pixel;             /* PA_SC_LINE_CNTL.LAST_PIXEL */
   int64_t line_hw;             /* PA_SU_LINE_CNTL.WIDTH: half width, 1/SIM_SUBPIX px */

   bool offset_tri[2];          /* POLY_OFFSET_FRONT/BACK_ENABLE ([0] front, [1] back) */
   bool offset_para;            /* POLY_OFFSET_PARA_ENABLE (points) */
   float offset_scale[2];       /* PA_SU_POLY_OFFSET_FRONT/BACK_SCALE */
   float offset_units[2];       /* PA_SU_POLY_OFFSET_FRONT/BACK_OFFSET */
   float offset_clamp;          /* PA_SU_POLY_OFFSET_CLAMP */
   int offset_neg_bits;         /* PA_SU_POLY_OFFSET_DB_FMT_CNTL.POLY_OFFSET_NEG_NUM_DB_BITS */
   bool offset_float;           /* PA_SU_POLY_OFFSET_DB_FMT_CNTL.POLY_OFFSET_DB_IS_FLOAT_FMT */

   float disc_x, disc_y;        /* point discard band (PA_CL_GB_HORZ/VERT_DISC_ADJ) */
   int64_t point_hw, point_hh;  /* PA_SU_POINT_SIZE half width/height, 1/SIM_SUBPIX px */
   bool vtx_point_size;         /* PA_CL_VS_OUT_CNTL.USE_VTX_POINT_SIZE */
   float point_min, point_max;  /* PA_SU_POINT_MINMAX radius limits, pixels */
   unsigned nparams;            /* VS parameters carried through clipping */
};

void sim_pa_state_init(struct sim_pa_state *pa, const struct sim_exec *ex, unsigned nparams);

/* Called for every rasterizable primitive. Return false to stop the draw. */
typedef bool (*sim_prim_fn)(void *ctx, const struct sim_prim *prim);

/* One triangle (vertices in primitive order): clip, transform, quantize, cull, set up.
 * `provoking` is the flat-shading vertex. Returns false if fn asked to stop. */
bool sim_pa_triangle(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                     const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx);

/* One RECTLIST primitive: the parallelogram v0, v1, v2 and the implied v1 + v2 - v0. */
bool sim_pa_rect(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx);

/* One POINTLIST vertex: a screen-aligned square around it (PA_SU_POINT_SIZE, or the
 * vertex's own size clamped by PA_SU_POINT_MINMAX), ER_POINT edge rule. */
bool sim_pa_point(const struct sim_pa_state *pa, const struct sim_vtx *v, sim_prim_fn fn,
                  void *ctx);

/* One line (v[0] -> v[1]; v[2] is ignored): clipped in clip space, then drawn as the
 * parallelogram of its quantized end points widened by PA_SU_LINE_CNTL.WIDTH along the
 * minor axis, with the tie rules of PA_SC_EDGERULE.ER_LINE_* and PA_SC_LINE_CNTL.LAST_PIXEL
 * (pa.c). */
bool sim_pa_line(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx);

/* Quantizes one window coordinate (pixels) per PA_SU_VTX_CNTL into 1/SIM_SUBPIX px units.
 * Returns false if it is not finite or lies beyond SIM_COORD_LIMIT. */
bool sim_pa_quantize(const struct sim_pa_state *pa, float window, int64_t *out);

#endif
