/* Simulator-internal data passed between the geometry stages: shaded vertices (VS
 * outputs) and set-up primitives (PA -> SC -> SPI -> CB). */
#ifndef SIM_PRIM_H
#define SIM_PRIM_H

#include <stdbool.h>
#include <stdint.h>

#include "raster/sc.h"

#define SIM_MAX_PARAMS 32

/* A vertex as the VS left it (pa.c sim_pa_load_vertex): POS 60 (clip space), the misc
 * vector (x point size, y edge flag, z kill flag / render-target index, w viewport index)
 * and the clip/cull distances 0-7 from the following POS exports as PA_CL_VS_OUT_CNTL
 * enables them, and PARAM 0..n-1. */
struct sim_vtx {
   float pos[4];
   float misc[4];
   float ccdist[8];
   float param[SIM_MAX_PARAMS][4];
};

/* A primitive set up for rasterization. Attributes are interpolated over the triangle
 * v[0..2] (for a RECTLIST primitive: its three given vertices; the implied fourth vertex
 * lies in the same plane; for a point: three corners of its square, all the same vertex). */
struct sim_prim {
   struct sim_sc_setup sc;      /* coverage: 3 edges, or 4 for a rectangle */
   int64_t x[3], y[3];          /* v[k]'s quantized window position, 1/SIM_SUBPIX px */
   int64_t area2;               /* signed twice-area of (x, y): barycentric denominator */
   float z[3];                  /* window z */
   double z_offset;             /* polygon offset (PA_SU_POLY_OFFSET_*) added to the depth */
   float inv_w[3];              /* 1 / clip w */
   const struct sim_vtx *v[3];
   const struct sim_vtx *provoking;   /* flat-shading source */
   bool front;
   bool point;                  /* a point sprite: box_* is its square (point coordinates) */
   int64_t box_x0, box_y0, box_w, box_h;
};

#endif
