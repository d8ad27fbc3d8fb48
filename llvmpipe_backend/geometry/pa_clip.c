/* The PA's clipper (see pa_clip.h).
 *
 * Plane distances in clip space (x, y, z, w), single-precision float, evaluated left to
 * right: w > 0 (w - 1e-30), near z + w (or z with DX_CLIP_SPACE_DEF), far w - z, the
 * guard band g*w + x, g*w - x, g*w + y, g*w - y (g = GB_HORZ/VERT_CLIP_ADJ, any finite
 * value, below 1.0 included), user plane n: X*x + Y*y + Z*z + W*w (PA_CL_UCP_n_X..W), clip
 * distance n: the VS's value. A vertex exactly on a plane (distance 0) is inside. A new
 * vertex on the segment in -> out is in + t * (out - in), t = d_in / (d_in - d_out), for
 * the position, the clip distances and every parameter (DX_LINEAR_ATTR_CLIP_ENA's linear
 * clip-space interpolation).
 */
#include "geometry/pa_clip.h"

#include <math.h>
#include <string.h>

static inline float plane_dist(const struct sim_pa_state *pa, unsigned plane,
                               const struct sim_vtx *v)
{
   const float *p = v->pos;
   if (plane < SIM_PLANE_UCP0) {
      sim_pa_f4 d[SIM_PLANE_UCP0];
      sim_pa_fixed_plane_dists(pa, (sim_pa_f4){ p[0] }, (sim_pa_f4){ p[1] }, (sim_pa_f4){ p[2] },
                               (sim_pa_f4){ p[3] }, d);
      return d[plane][0];
   }
   if (plane < SIM_PLANE_CLIPDIST0) {
      const float *u = pa->ucp[plane - SIM_PLANE_UCP0];
      return u[0] * p[0] + u[1] * p[1] + u[2] * p[2] + u[3] * p[3];
   }
   return v->ccdist[plane - SIM_PLANE_CLIPDIST0];
}

float sim_pa_plane_dist(const struct sim_pa_state *pa, unsigned plane, const struct sim_vtx *v)
{
   return plane_dist(pa, plane, v);
}

uint32_t sim_pa_outcode(const struct sim_pa_state *pa, uint32_t planes, const struct sim_vtx *v)
{
   const float *p = v->pos;
   uint32_t out = 0;
   if (planes & SIM_PA_FIXED_PLANES)
      out = (uint32_t)sim_pa_fixed_outcode(pa, (sim_pa_f4){ p[0] }, (sim_pa_f4){ p[1] },
                                           (sim_pa_f4){ p[2] }, (sim_pa_f4){ p[3] })[0] & planes;
   for (uint32_t rest = planes & ~SIM_PA_FIXED_PLANES; rest; rest &= rest - 1) {
      unsigned pl = (unsigned)__builtin_ctz(rest);
      if (plane_dist(pa, pl, v) < 0)
         out |= 1u << pl;
   }
   return out;
}

bool sim_pa_cull(const struct sim_pa_state *pa, const struct sim_vtx *const *v, unsigned n,
                 bool point)
{
   if (pa->kill_flag) {
      unsigned killed = 0;
      for (unsigned k = 0; k < n; k++)
         killed += v[k]->misc[2] != 0.0f;
      if (pa->kill_or ? killed > 0 : killed == n)
         return true;
   }
   for (unsigned d = 0; d < 8; d++) {
      if (!(pa->cull_dist_mask >> d & 1))
         continue;
      unsigned out = 0;
      for (unsigned k = 0; k < n; k++)
         out += v[k]->ccdist[d] < 0;
      if (out == n)
         return true;
   }
   for (unsigned u = 0; u < 6 && !point; u++) {
      if (!(pa->ucp_cull_mask >> u & 1))
         continue;
      unsigned out = 0;
      for (unsigned k = 0; k < n; k++)
         out += sim_pa_plane_dist(pa, SIM_PLANE_UCP0 + u, v[k]) < 0;
      if (out == n)
         return true;
   }
   if (!pa->clip)
      return false;
   unsigned all = 0xF;
   for (unsigned k = 0; k < n; k++)
      all &= sim_pa_disc_sides(pa, v[k]);
   return all != 0;
}

unsigned sim_pa_disc_sides(const struct sim_pa_state *pa, const struct sim_vtx *v)
{
   const float *p = v->pos;
   return (unsigned)sim_pa_disc_sides_at(pa, (sim_pa_f4){ p[0] }, (sim_pa_f4){ p[1] },
                                         (sim_pa_f4){ p[3] })[0];
}

/* New vertex on the segment in -> out where the plane distance is zero. */
static void lerp_vtx(const struct sim_pa_state *pa, struct sim_vtx *dst,
                     const struct sim_vtx *in, const struct sim_vtx *out, float din, float dout)
{
   float t = din / (din - dout);
   struct sim_vtx r;
   for (unsigned c = 0; c < 4; c++) {
      r.pos[c] = in->pos[c] + t * (out->pos[c] - in->pos[c]);
      r.misc[c] = in->misc[c];
   }
   for (unsigned d = 0; d < 8; d++)
      r.ccdist[d] = in->ccdist[d] + t * (out->ccdist[d] - in->ccdist[d]);
   for (unsigned i = 0; i < pa->nparams; i++)
      for (unsigned c = 0; c < 4; c++)
         r.param[i][c] = in->param[i][c] + t * (out->param[i][c] - in->param[i][c]);
   memcpy(dst, &r, sizeof(r));   /* dst may be in or out */
}

unsigned sim_pa_clip_polygon(const struct sim_pa_state *pa, uint32_t planes,
                             const struct sim_vtx *const *in, unsigned n,
                             const struct sim_vtx **out, struct sim_vtx *pool)
{
   const struct sim_vtx *next[SIM_MAX_CLIP_VERTS];
   unsigned used = 0;
   memcpy(out, in, n * sizeof(out[0]));
   for (unsigned pl = 0; pl < SIM_NUM_PLANES && n >= 3; pl++) {
      if (!(planes >> pl & 1))
         continue;
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct sim_vtx *a = out[i], *b = out[(i + 1) % n];
         float da = sim_pa_plane_dist(pa, pl, a), db = sim_pa_plane_dist(pa, pl, b);
         if (da >= 0 && m < SIM_MAX_CLIP_VERTS)
            next[m++] = a;
         if ((da >= 0) != (db >= 0) && m < SIM_MAX_CLIP_VERTS && used < SIM_CLIP_POOL) {
            struct sim_vtx *nv = &pool[used++];
            if (da >= 0)
               lerp_vtx(pa, nv, a, b, da, db);
            else
               lerp_vtx(pa, nv, b, a, db, da);
            next[m++] = nv;
         }
      }
      memcpy(out, next, m * sizeof(out[0]));
      n = m;
   }
   return n;
}

bool sim_pa_clip_line(const struct sim_pa_state *pa, uint32_t planes, struct sim_vtx *a,
                      struct sim_vtx *b)
{
   for (unsigned pl = 0; pl < SIM_NUM_PLANES; pl++) {
      if (!(planes >> pl & 1))
         continue;
      float da = sim_pa_plane_dist(pa, pl, a), db = sim_pa_plane_dist(pa, pl, b);
      if (da < 0 && db < 0)
         return false;
      if (da < 0)
         lerp_vtx(pa, a, b, a, db, da);
      else if (db < 0)
         lerp_vtx(pa, b, a, b, da, db);
   }
   return true;
}
