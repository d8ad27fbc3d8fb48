/* PA points and lines (pa_line.c): culling, clipping and set-up of POINTLIST vertices and of
 * lines, and the points and edges a polygon mode draws (pa.c). */
#ifndef SIM_PA_LINE_H
#define SIM_PA_LINE_H

#include <stdbool.h>

#include "geometry/pa_state.h"

/* One POINTLIST vertex: a screen-aligned square around it (PA_SU_POINT_SIZE, or the
 * vertex's own size clamped by PA_SU_POINT_MINMAX), ER_POINT edge rule. */
bool sim_pa_point(const struct sim_pa_state *pa, const struct sim_vtx *v, sim_prim_fn fn,
                  void *ctx);

/* One line (v[0] -> v[1]; v[2] is ignored): clipped in clip space, then drawn as the
 * parallelogram of its quantized end points widened by PA_SU_LINE_CNTL.WIDTH along the
 * minor axis, with the tie rules of PA_SC_EDGERULE.ER_LINE_* and PA_SC_LINE_CNTL.LAST_PIXEL
 * (pa_line.c). */
bool sim_pa_line(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx);

/* A point / line after culling: clipping of the centre / segment, set-up, fn. `front` is
 * the facing the SPI reports; `z_offset`, if not NULL, replaces the primitive's own
 * POLY_OFFSET_PARA_ENABLE offset (polygon-mode edges and vertices take their polygon's). */
bool sim_pa_draw_point(const struct sim_pa_state *pa, const struct sim_vtx *v,
                       const struct sim_vtx *provoking, bool front, const double *z_offset,
                       sim_prim_fn fn, void *ctx);
bool sim_pa_draw_line(const struct sim_pa_state *pa, const struct sim_vtx *a,
                      const struct sim_vtx *b, const struct sim_vtx *provoking, bool front,
                      const double *z_offset, sim_prim_fn fn, void *ctx);

#endif
