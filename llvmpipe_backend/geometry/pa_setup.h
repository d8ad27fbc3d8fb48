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

/* Viewport transform and quantization of a clipped vertex; false (reported) if the
 * position is not finite or too far out. */
bool sim_pa_project(const struct sim_pa_state *pa, const struct sim_vtx *v,
                    struct sim_pa_window_vtx *out);

/* sim_pa_project without the report; sim_pa_report_unprojectable makes it. */
bool sim_pa_project_quiet(const struct sim_pa_state *pa, const struct sim_vtx *v,
                          struct sim_pa_window_vtx *out);
void sim_pa_report_unprojectable(void);

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
