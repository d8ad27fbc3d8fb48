/* PA: primitive assembly's back half - culling and clipping per PA_CL_CLIP_CNTL,
 * PA_CL_VS_OUT_CNTL, PA_CL_UCP_*, PA_CL_GB_* (pa_clip.c), the viewport transform per
 * PA_CL_VTE_CNTL / PA_CL_VPORT_*, vertex quantization per PA_SU_VTX_CNTL, face
 * determination, culling and polygon modes per PA_SU_SC_MODE_CNTL, polygon offset per
 * PA_SU_POLY_OFFSET_*, points and lines per PA_SU_POINT_* / PA_SU_LINE_CNTL, and SC setup
 * per PA_SC_EDGERULE. Here: the draw's entry points of pa.c (triangles, rectangles); points
 * and lines: pa_line.h. */
#ifndef SIM_PA_H
#define SIM_PA_H

#include <stdbool.h>

#include "geometry/pa_setup.h"
#include "geometry/pa_state.h"
#include "shader/shader_exec.h"

struct sim_exec;

void sim_pa_state_init(struct sim_pa_state *pa, const struct sim_exec *ex, unsigned nparams);

/* Reports PA_SC state set to values the simulator does not implement (once per value). */
void sim_pa_report_unimplemented(const struct sim_exec *ex);

/* Fills `v` from lane `lane` of the VS exports. */
void sim_pa_load_vertex(const struct sim_pa_state *pa, const struct sim_exports *e,
                        unsigned lane, struct sim_vtx *v);

/* sim_pa_load_vertex of lanes 0..n-1 into v[0..n-1]; without `zero_rows`, the misc and
 * clip/cull distance vectors the VS does not export are left as they are in v (a caller
 * whose v keeps zeros there). */
void sim_pa_load_lanes(const struct sim_pa_state *pa, const struct sim_exports *e, unsigned n,
                       bool zero_rows, struct sim_vtx *v);

/* One triangle (vertices in primitive order): cull, clip, transform, quantize, face,
 * cull by facing, then filled or, with a polygon mode, drawn as its edges or vertices.
 * `provoking` is the flat-shading vertex; `edges` (sim_vgt_prim.edges) the edges a polygon
 * mode draws. Returns false if fn asked to stop. */
bool sim_pa_triangle(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                     const struct sim_vtx *provoking, unsigned edges, sim_prim_fn fn,
                     void *ctx);

/* What sim_pa_triangle computes of each vertex of a triangle, computed once per shaded
 * vertex for sim_pa_triangle_fast: draws take it for the VS's lanes (sim_pa_setup_lanes). */
struct sim_pa_vtx_setup {
   struct sim_pa_window_vtx win;   /* valid if `projected` */
   uint32_t clip_out;              /* sim_pa_outcode against pa->clip_planes (clipping on) */
   uint8_t disc_out;               /* sim_pa_disc_sides (clipping on) */
   bool finite;                    /* sim_pa_finite(pos) */
   bool projected;                 /* sim_pa_project_quiet succeeded */
};

/* The set-up of one vertex (tests compare the lanes' with it). */
void sim_pa_setup_vertex(const struct sim_pa_state *pa, const struct sim_vtx *v,
                         struct sim_pa_vtx_setup *out);

/* sim_pa_setup_vertex of lanes 0..n-1 of the VS exports (loaded into v[0..n-1] by
 * sim_pa_load_vertex), the same results computed for 16 lanes at a time. */
void sim_pa_setup_lanes(const struct sim_pa_state *pa, const struct sim_exports *e, unsigned n,
                        const struct sim_vtx *v, struct sim_pa_vtx_setup *out);

/* sim_pa_triangle from the vertices' set-up: the same primitives and reports. A triangle
 * that needs more than the set-up (clipping, a polygon mode, kill flags, cull distances or
 * planes, an unprojectable vertex, w <= 0 without clipping) goes through sim_pa_triangle. */
bool sim_pa_triangle_fast(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                          const struct sim_pa_vtx_setup *const su[3],
                          const struct sim_vtx *provoking, unsigned edges, sim_prim_fn fn,
                          void *ctx);

/* One RECTLIST primitive: the parallelogram v0, v1, v2 and the implied v1 + v2 - v0. */
bool sim_pa_rect(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx);

#endif
