/* Internal to the PA (pa.c, pa_line.c): window-space set-up shared by triangles, rectangles,
 * points and lines. */
#ifndef SIM_PA_SETUP_H
#define SIM_PA_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "geometry/pa.h"

/* A vertex after the viewport transform and quantization. */
struct sim_pa_window_vtx {
   int64_t x, y;                /* 1/SIM_SUBPIX px, window offset added */
   float z, inv_w;
};

/* Viewport transform and quantization of a clipped vertex; false (reported) if the
 * position is not finite or too far out. */
bool sim_pa_project(const struct sim_pa_state *pa, const struct sim_vtx *v,
                    struct sim_pa_window_vtx *out);

/* Polygon offset of a set-up primitive (x, y, z, area2 filled in) with facing `face`
 * (0 front, 1 back) and the offset registers of that facing. */
double sim_pa_poly_offset(const struct sim_pa_state *pa, const struct sim_prim *p,
                          unsigned face);

/* A point / line after culling: clipping of the centre / segment, set-up, fn. `front` is
 * the facing the SPI reports; `z_offset`, if not NULL, replaces the primitive's own
 * POLY_OFFSET_PARA_ENABLE offset (polygon-mode edges and vertices take their polygon's). */
bool sim_pa_draw_point(const struct sim_pa_state *pa, const struct sim_vtx *v,
                       const struct sim_vtx *provoking, bool front, const double *z_offset,
                       sim_prim_fn fn, void *ctx);
bool sim_pa_draw_line(const struct sim_pa_state *pa, const struct sim_vtx *a,
                      const struct sim_vtx *b, const struct sim_vtx *provoking, bool front,
                      const double *z_offset, sim_prim_fn fn, void *ctx);

/* All four components finite. */
bool sim_pa_finite(const float p[4]);

#endif
