/* The PA's clipper (pa_clip.c): the clip-space planes of a draw, trivial culling and
 * clipping of polygons and lines. Internal to pa.c. */
#ifndef SIM_PA_CLIP_H
#define SIM_PA_CLIP_H

#include <stdbool.h>
#include <stdint.h>

#include "geometry/pa_state.h"

/* Planes, as bits of sim_pa_state.clip_planes and of outcodes. */
enum {
   SIM_PLANE_W,              /* w > 0 */
   SIM_PLANE_NEAR,
   SIM_PLANE_FAR,
   SIM_PLANE_LEFT,           /* guard band: x >= -GB_HORZ_CLIP_ADJ * w */
   SIM_PLANE_RIGHT,
   SIM_PLANE_TOP,            /* y >= -GB_VERT_CLIP_ADJ * w */
   SIM_PLANE_BOTTOM,
   SIM_PLANE_UCP0,           /* PA_CL_UCP_0..5 */
   SIM_PLANE_CLIPDIST0 = SIM_PLANE_UCP0 + 6,   /* VS clip distances 0..7 */
   SIM_NUM_PLANES = SIM_PLANE_CLIPDIST0 + 8,
};

#define SIM_MAX_CLIP_VERTS (3 + SIM_NUM_PLANES)
#define SIM_CLIP_POOL (2 * SIM_NUM_PLANES)

#define SIM_PA_FIXED_PLANES ((1u << SIM_PLANE_UCP0) - 1)   /* view volume, guard band */
#define SIM_PA_W_EPSILON 1e-30f

/* Signed distances of the positions (x, y, z, w) to the view volume and guard band planes
 * (d[plane], plane < SIM_PLANE_UCP0), single-precision float, four lanes. */
static inline void sim_pa_fixed_plane_dists(const struct sim_pa_state *pa, sim_pa_f4 x,
                                            sim_pa_f4 y, sim_pa_f4 z, sim_pa_f4 w,
                                            sim_pa_f4 d[SIM_PLANE_UCP0])
{
   sim_pa_f4 gx = pa->gb_x * w, gy = pa->gb_y * w;
   d[SIM_PLANE_W] = w - SIM_PA_W_EPSILON;
   d[SIM_PLANE_NEAR] = pa->dx_clip_space ? z : z + w;
   d[SIM_PLANE_FAR] = w - z;
   d[SIM_PLANE_LEFT] = gx + x;
   d[SIM_PLANE_RIGHT] = gx - x;
   d[SIM_PLANE_TOP] = gy + y;
   d[SIM_PLANE_BOTTOM] = gy - y;
}

/* The fixed planes each lane's position is outside of (all of them; callers mask). */
static inline sim_pa_i4 sim_pa_fixed_outcode(const struct sim_pa_state *pa, sim_pa_f4 x,
                                             sim_pa_f4 y, sim_pa_f4 z, sim_pa_f4 w)
{
   sim_pa_f4 d[SIM_PLANE_UCP0];
   sim_pa_fixed_plane_dists(pa, x, y, z, w, d);
   sim_pa_i4 out = { 0, 0, 0, 0 };
#pragma GCC unroll 8   /* d[] stays in registers */
   for (unsigned pl = 0; pl < SIM_PLANE_UCP0; pl++)
      out |= (d[pl] < 0) & (1 << pl);   /* a comparison gives -1 (true) or 0 per lane */
   return out;
}

/* The sides of the discard band (PA_CL_GB_*_DISC_ADJ) each lane's position lies beyond:
 * bit 0 left, 1 right, 2 top, 3 bottom. A primitive all of whose vertices share a side is
 * discarded. */
static inline sim_pa_i4 sim_pa_disc_sides_at(const struct sim_pa_state *pa, sim_pa_f4 x,
                                             sim_pa_f4 y, sim_pa_f4 w)
{
   sim_pa_f4 dx = pa->disc_x * w, dy = pa->disc_y * w;
   return ((dx + x < 0) & 1) | ((dx - x < 0) & 2) | ((dy + y < 0) & 4) | ((dy - y < 0) & 8);
}

/* Signed distance of v to a plane (>= 0 inside), single-precision float. */
float sim_pa_plane_dist(const struct sim_pa_state *pa, unsigned plane, const struct sim_vtx *v);

/* The planes of `planes` that v is outside of. */
uint32_t sim_pa_outcode(const struct sim_pa_state *pa, uint32_t planes, const struct sim_vtx *v);

/* sim_pa_disc_sides_at of v's position. */
unsigned sim_pa_disc_sides(const struct sim_pa_state *pa, const struct sim_vtx *v);

/* Whether a primitive of n vertices is discarded before clipping: its vertices' kill flags
 * (PA_CL_VS_OUT_CNTL.USE_VTX_KILL_FLAG with PA_CL_CLIP_CNTL.VTX_KILL_OR), all of them
 * outside one enabled cull distance, one cull-only user plane (UCP_CULL_ONLY_ENA; not for
 * a `point`, whose user planes follow PS_UCP_MODE) or one side of the discard band
 * (PA_CL_GB_*_DISC_ADJ, with clipping on). */
bool sim_pa_cull(const struct sim_pa_state *pa, const struct sim_vtx *const *v, unsigned n,
                 bool point);

/* Sutherland-Hodgman: clips the convex polygon in[0..n) against the planes of `planes`
 * (parameters interpolated linearly in clip space); new vertices are taken from `pool`
 * (SIM_CLIP_POOL entries). Returns the vertex count in out[] (< 3: nothing left). */
unsigned sim_pa_clip_polygon(const struct sim_pa_state *pa, uint32_t planes,
                             const struct sim_vtx *const *in, unsigned n,
                             const struct sim_vtx **out, struct sim_vtx *pool);

/* Clips the segment a -> b in place; false if nothing is left. */
bool sim_pa_clip_line(const struct sim_pa_state *pa, uint32_t planes, struct sim_vtx *a,
                      struct sim_vtx *b);

#endif
