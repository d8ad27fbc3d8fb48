/* The PA registers of one draw, decoded (pa.c sim_pa_state_init), and the callback that
 * receives set-up primitives: what the PA's files (pa.c, pa_clip.c, pa_setup.c, pa_line.c)
 * share. */
#ifndef SIM_PA_STATE_H
#define SIM_PA_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "geometry/prim.h"

/* The PA registers of one draw, decoded. */
struct sim_pa_state {
   bool kill_all;               /* DX_RASTERIZATION_KILL (R7xx) / SX_MISC.MULTIPASS */
   bool clip;                   /* !PA_CL_CLIP_CNTL.CLIP_DISABLE */
   uint32_t clip_planes;        /* planes clipped against (pa_clip.h SIM_PLANE_*) */
   bool dx_clip_space;          /* near plane z >= 0 instead of z >= -w */
   float gb_x, gb_y;            /* guard band (PA_CL_GB_HORZ/VERT_CLIP_ADJ) */
   float disc_x, disc_y;        /* discard band (PA_CL_GB_HORZ/VERT_DISC_ADJ) */
   float ucp[6][4];             /* PA_CL_UCP_n_X..W */
   unsigned ucp_cull_mask;      /* UCP_ENA_n with UCP_CULL_ONLY_ENA: cull, do not clip */
   unsigned point_ucp_mask;     /* user planes / clip distances points are culled by */
   float point_cull_rad;        /* PS_UCP_MODE 1: PA_CL_POINT_CULL_RAD, else 0 */
   unsigned cull_dist_mask;     /* CULL_DIST_ENA_n (with the CCDIST vector exported) */
   bool kill_flag, kill_or;     /* USE_VTX_KILL_FLAG, VTX_KILL_OR */
   bool edge_flag;              /* USE_VTX_EDGE_FLAG */

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
   unsigned ptype[2];           /* POLY_MODE dual: POLYMODE_FRONT/BACK_PTYPE, else triangles */
   unsigned edge_tri, edge_rect, edge_point;   /* PA_SC_EDGERULE ER_TRI/ER_RECT/ER_POINT */
   unsigned edge_line_lr, edge_line_rl;        /* ER_LINE_LR / _RL (6 flags) */
   unsigned edge_line_tb, edge_line_bt;        /* ER_LINE_TB / _BT (4 flags) */
   bool last_pixel;             /* PA_SC_LINE_CNTL.LAST_PIXEL */
   int64_t line_hw;             /* PA_SU_LINE_CNTL.WIDTH: half width, 1/SIM_SUBPIX px */

   bool offset_tri[2];          /* POLY_OFFSET_FRONT/BACK_ENABLE ([0] front, [1] back) */
   bool offset_para;            /* POLY_OFFSET_PARA_ENABLE (points, lines) */
   float offset_scale[2];       /* PA_SU_POLY_OFFSET_FRONT/BACK_SCALE */
   float offset_units[2];       /* PA_SU_POLY_OFFSET_FRONT/BACK_OFFSET */
   float offset_clamp;          /* PA_SU_POLY_OFFSET_CLAMP */
   int offset_neg_bits;         /* PA_SU_POLY_OFFSET_DB_FMT_CNTL.POLY_OFFSET_NEG_NUM_DB_BITS */
   bool offset_float;           /* PA_SU_POLY_OFFSET_DB_FMT_CNTL.POLY_OFFSET_DB_IS_FLOAT_FMT */

   int64_t point_hw, point_hh;  /* PA_SU_POINT_SIZE half width/height, 1/SIM_SUBPIX px */
   bool vtx_point_size;         /* PA_CL_VS_OUT_CNTL.USE_VTX_POINT_SIZE */
   float point_min, point_max;  /* PA_SU_POINT_MINMAX radius limits, pixels */
   struct sim_sc_extent samples;/* of the draw's sample offsets (msaa.h) */
   struct sim_rect scissor;     /* the draw's scissor (scissor.h): triangles none of whose
                                   samples can lie inside are not emitted */
   unsigned nparams;            /* VS parameters carried through clipping */
   bool misc_vec, ccdist_vec[2];/* VS_OUT_MISC_VEC_ENA, VS_OUT_CCDIST0/1_VEC_ENA */
};

/* Four lanes of floats / of 32-bit integers (GCC vector extensions: one SSE register): the
 * per-vertex formulas of the PA are written once, on these, and used for one vertex (lane
 * 0) and for four lanes at a time; each lane's operations are the scalar IEEE ones. */
typedef float sim_pa_f4 __attribute__((vector_size(16)));
typedef int32_t sim_pa_i4 __attribute__((vector_size(16)));

/* Called for every rasterizable primitive. Return false to stop the draw. */
typedef bool (*sim_prim_fn)(void *ctx, const struct sim_prim *prim);

#endif
