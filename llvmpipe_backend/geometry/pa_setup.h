/* Internal to the PA (pa_setup.c, for pa.c and pa_line.c): window-space set-up shared by
 * triangles, rectangles, points and lines. */
#ifndef SIM_PA_SETUP_H
#define SIM_PA_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "geometry/pa_state.h"

/* A vertex after the viewport transform and quantization. */
struct sim_pa_window_vtx {
   int64_t x, y;                /* 1/SIM_SUBPIX px, window offset added */
   float z, inv_w;
};

/* The perspective divide and viewport transform (PA_CL_VTE_CNTL, PA_CL_VPORT_*) of the
 * clip-space positions (x, y, z, w), four lanes: window x, y, z and the 1/w carried (w
 * itself with VTX_W0_FMT = 0), single-precision float in pa_setup.c's order. */
static inline void sim_pa_viewport(const struct sim_pa_state *pa, sim_pa_f4 x, sim_pa_f4 y,
                                   sim_pa_f4 z, sim_pa_f4 w, sim_pa_f4 *wx, sim_pa_f4 *wy,
                                   sim_pa_f4 *wz, sim_pa_f4 *iw)
{
   sim_pa_f4 r = pa->w0_fmt ? 1.0f / w : w;
   if (!pa->xy_fmt) {
      x *= r;
      y *= r;
   }
   if (!pa->z_fmt)
      z *= r;
   if (pa->scale[0])
      x *= pa->vscale[0];
   if (pa->offset[0])
      x += pa->voffset[0];
   if (pa->scale[1])
      y *= pa->vscale[1];
   if (pa->offset[1])
      y += pa->voffset[1];
   if (pa->scale[2])
      z *= pa->vscale[2];
   if (pa->offset[2])
      z += pa->voffset[2];
   *wx = x;
   *wy = y;
   *wz = z;
   *iw = r;
}

/* Viewport transform and quantization of a clipped vertex; false (reported) if the
 * position is not finite or too far out. */
bool sim_pa_project(const struct sim_pa_state *pa, const struct sim_vtx *v,
                    struct sim_pa_window_vtx *out);

/* sim_pa_project without the report; sim_pa_report_unprojectable makes it. */
bool sim_pa_project_quiet(const struct sim_pa_state *pa, const struct sim_vtx *v,
                          struct sim_pa_window_vtx *out);
void sim_pa_report_unprojectable(void);
/* Quantization and window offset of four lanes' window positions (x, y) into *px, *py
 * (1/SIM_SUBPIX px: they fit int32); *ok -1 in the lanes placed, 0 (and 0 positions) where
 * a coordinate is not finite or too far out. */
void sim_pa_window_positions4(const struct sim_pa_state *pa, sim_pa_f4 x, sim_pa_f4 y,
                              sim_pa_i4 *px, sim_pa_i4 *py, sim_pa_i4 *ok);

/* Polygon offset of a set-up primitive (x, y, z, area2 filled in) with facing `face`
 * (0 front, 1 back) and the offset registers of that facing. */
double sim_pa_poly_offset(const struct sim_pa_state *pa, const struct sim_prim *p,
                          unsigned face);

/* All four components finite. */
bool sim_pa_finite(const float p[4]);

/* Quantizes one window coordinate (pixels) per PA_SU_VTX_CNTL into 1/SIM_SUBPIX px units.
 * Returns false if it is not finite or lies beyond SIM_COORD_LIMIT. */
bool sim_pa_quantize(const struct sim_pa_state *pa, float window, int64_t *out);

#endif
