/* PA points and lines (see pa_line.h; culling and clipping: pa_clip.c).
 *
 * Points: the centre is discarded when outside the view volume (w > 0, near, far), when
 * a user plane or clip distance puts it more than PA_CL_POINT_CULL_RAD outside (PS_UCP_MODE
 * 1; 0: outside at all) or beyond the discard band |x| <= GB_HORZ_DISC_ADJ * w, |y| <=
 * GB_VERT_DISC_ADJ * w; the square is centre +- the radius (PA_SU_POINT_SIZE, or with
 * USE_VTX_POINT_SIZE half the vertex's size clamped to PA_SU_POINT_MINMAX and truncated to
 * 1/16 pixel) in quantized window coordinates.
 *
 * Lines.
 * Clipping: the segment is clipped against the same planes as triangles (pa_clip.c),
 * parameters interpolated linearly in clip space.
 * Shape: with quantized end points a -> b, the line is x-major when |dx| >= |dy|. An
 * x-major line covers the parallelogram with vertical caps through a and b and sides
 * a +- (0, hw) -> b +- (0, hw); a y-major one the parallelogram with horizontal caps and
 * sides a +- (hw, 0) -> b +- (hw, 0), hw = PA_SU_LINE_CNTL.WIDTH (half width, 12.4).
 * Attributes vary along the major axis only (interpolated over a, b and a + the minor
 * offset, the third taking a's values).
 * Ties (a sample exactly on an edge is inside iff its flag is 1), PA_SC_EDGERULE
 * (docs/r600-hardware-notes.md §1.4):
 *  - x-major lines use ER_LINE_LR (a left of b) or ER_LINE_RL, six flags from the MSB
 *    TB_L:TB_R:BT_L:BT_R:HT:HB: the left and right caps take TB_L / TB_R when the line
 *    runs downward on screen (b.y >= a.y), else BT_L / BT_R; the upper side HT, the lower
 *    side HB;
 *  - y-major lines use ER_LINE_TB (a above b) or ER_LINE_BT, four flags LR_L:LR_R:RL_L:RL_R:
 *    the left and right sides take LR_L / LR_R when the line runs rightward (b.x >= a.x),
 *    else RL_L / RL_R; the register has no flags for the horizontal caps, so the
 *    simulator includes samples on the top cap and excludes them on the bottom cap (the
 *    top-left convention);
 *  - PA_SC_LINE_CNTL.LAST_PIXEL = 1 makes b's cap inclusive whatever the flags say ("the
 *    last pixel is not killed").
 * With Mesa's 0xAAAAAAAA (LR/RL 0x2A, TB/BT 0xA) a left-to-right horizontal line through
 * pixel centres covers [a, b) - plus b with LAST_PIXEL - and a one-pixel-wide one exactly
 * one row. A line whose width is 0 or whose end points coincide draws nothing.
 */
#include "geometry/pa_line.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/unimpl.h"
#include "geometry/pa_clip.h"
#include "geometry/pa_setup.h"
#include "r600_regs.h"

bool sim_pa_draw_point(const struct sim_pa_state *pa, const struct sim_vtx *v,
                       const struct sim_vtx *provoking, bool front, const double *z_offset,
                       sim_prim_fn fn, void *ctx)
{
   const float *p = v->pos;
   if (pa->clip) {
      uint32_t view = pa->clip_planes &
                      (1u << SIM_PLANE_W | 1u << SIM_PLANE_NEAR | 1u << SIM_PLANE_FAR);
      if (sim_pa_outcode(pa, view, v) || fabsf(p[0]) > pa->disc_x * p[3] ||
          fabsf(p[1]) > pa->disc_y * p[3])
         return true;
      for (unsigned pl = 0; pl < SIM_NUM_PLANES; pl++) {
         if ((pa->point_ucp_mask >> pl & 1) &&
             sim_pa_plane_dist(pa, pl, v) < -pa->point_cull_rad)
            return true;
      }
   } else if (p[3] <= 0) {
      sim_unimpl("w <= 0 with PA_CL_CLIP_CNTL.CLIP_DISABLE (point dropped)");
      return true;
   }

   struct sim_pa_window_vtx c;
   if (!sim_pa_project(pa, v, &c))
      return true;
   int64_t hw = pa->point_hw, hh = pa->point_hh;
   if (pa->vtx_point_size) {
      float r = v->misc[0] * 0.5f;
      r = r > pa->point_min ? r : pa->point_min;   /* NaN -> min */
      r = r < pa->point_max ? r : pa->point_max;
      hw = hh = (int64_t)(r * 16.0f) * (SIM_SUBPIX / 16);
   }
   if (llabs(c.x) + hw >= SIM_COORD_LIMIT || llabs(c.y) + hh >= SIM_COORD_LIMIT)
      return true;

   struct sim_prim prim;
   int64_t x0 = c.x - hw, x1 = c.x + hw, y0 = c.y - hh, y1 = c.y + hh;
   int64_t sx[4] = { x0, x0, x1, x1 }, sy[4] = { y0, y1, y1, y0 };
   if (!sim_sc_setup(&prim.sc, 4, sx, sy, pa->edge_point))
      return true;
   /* Attributes over three corners of the square, all of them the point's vertex. */
   int64_t ax[3] = { x0, x0, x1 }, ay[3] = { y0, y1, y0 };
   for (unsigned k = 0; k < 3; k++) {
      prim.x[k] = ax[k];
      prim.y[k] = ay[k];
      prim.z[k] = c.z;
      prim.inv_w[k] = c.inv_w;
      prim.v[k] = v;
   }
   prim.area2 = (ax[1] - ax[0]) * (ay[2] - ay[0]) - (ay[1] - ay[0]) * (ax[2] - ax[0]);
   prim.provoking = provoking;
   prim.front = front;
   prim.point = true;
   /* Points take the front-face offset with POLY_OFFSET_PARA_ENABLE (their slope is 0). */
   prim.z_offset = z_offset ? *z_offset : pa->offset_para ? sim_pa_poly_offset(pa, &prim, 0)
                                                          : 0.0;
   prim.box_x0 = x0;
   prim.box_y0 = y0;
   prim.box_w = 2 * hw;
   prim.box_h = 2 * hh;
   return fn(ctx, &prim);
}

bool sim_pa_point(const struct sim_pa_state *pa, const struct sim_vtx *v, sim_prim_fn fn,
                  void *ctx)
{
   if (pa->kill_all || !sim_pa_finite(v->pos) || sim_pa_cull(pa, &v, 1, true))
      return true;
   return sim_pa_draw_point(pa, v, v, true, NULL, fn, ctx);
}

/* Flag `bit` (0 = the LSB) of a rule value. */
static int64_t tie_bias(unsigned rule, unsigned bit)
{
   return (rule >> bit) & 1 ? 0 : 1;
}

bool sim_pa_draw_line(const struct sim_pa_state *pa, const struct sim_vtx *a,
                      const struct sim_vtx *b, const struct sim_vtx *provoking, bool front,
                      const double *z_offset, sim_prim_fn fn, void *ctx)
{
   const struct sim_vtx *ends[2] = { a, b };
   struct sim_vtx clipped[2];
   if (pa->clip) {
      uint32_t out = sim_pa_outcode(pa, pa->clip_planes, a) |
                     sim_pa_outcode(pa, pa->clip_planes, b);
      if (out) {
         clipped[0] = *a;
         clipped[1] = *b;
         if (!sim_pa_clip_line(pa, out, &clipped[0], &clipped[1]))
            return true;
         ends[0] = &clipped[0];
         ends[1] = &clipped[1];
      }
   } else if (a->pos[3] <= 0 || b->pos[3] <= 0) {
      sim_unimpl("w <= 0 with PA_CL_CLIP_CNTL.CLIP_DISABLE (line dropped)");
      return true;
   }
   struct sim_pa_window_vtx w[2];
   if (!sim_pa_project(pa, ends[0], &w[0]) || !sim_pa_project(pa, ends[1], &w[1]))
      return true;
   int64_t hw = pa->line_hw, dx = w[1].x - w[0].x, dy = w[1].y - w[0].y;
   if (hw == 0 || (dx == 0 && dy == 0))
      return true;
   bool xmajor = llabs(dx) >= llabs(dy);
   int64_t ox = xmajor ? 0 : hw, oy = xmajor ? hw : 0;
   for (unsigned k = 0; k < 2; k++) {
      if (llabs(w[k].x) + ox >= SIM_COORD_LIMIT || llabs(w[k].y) + oy >= SIM_COORD_LIMIT)
         return true;
   }

   struct sim_prim prim;
   int64_t x[4] = { w[0].x - ox, w[1].x - ox, w[1].x + ox, w[0].x + ox };
   int64_t y[4] = { w[0].y - oy, w[1].y - oy, w[1].y + oy, w[0].y + oy };
   if (!sim_sc_setup(&prim.sc, 4, x, y, 0xF))
      return true;
   /* Biases by the edge's place in the parallelogram: setup may have reversed the order,
    * so each edge is recognized by its end points. */
   int64_t bias_cap[2], bias_side[2];   /* [0] a's cap / upper or left side, [1] b's / lower or right */
   if (xmajor) {
      unsigned rule = dx > 0 ? pa->edge_line_lr : pa->edge_line_rl;
      bool down = dy >= 0;
      int64_t left = tie_bias(rule, down ? 5 : 3), right = tie_bias(rule, down ? 4 : 2);
      bias_cap[0] = dx > 0 ? left : right;
      bias_cap[1] = dx > 0 ? right : left;
      bias_side[0] = tie_bias(rule, 1);
      bias_side[1] = tie_bias(rule, 0);
   } else {
      unsigned rule = dy > 0 ? pa->edge_line_tb : pa->edge_line_bt;
      bool rightward = dx >= 0;
      bias_side[0] = tie_bias(rule, rightward ? 3 : 1);
      bias_side[1] = tie_bias(rule, rightward ? 2 : 0);
      bias_cap[0] = dy > 0 ? 0 : 1;    /* top cap in, bottom cap out */
      bias_cap[1] = dy > 0 ? 1 : 0;
   }
   if (pa->last_pixel)
      bias_cap[1] = 0;
   for (unsigned e = 0; e < 4; e++) {
      int64_t ex0 = prim.sc.x[e], ey0 = prim.sc.y[e];
      int64_t ex1 = prim.sc.x[(e + 1) % 4], ey1 = prim.sc.y[(e + 1) % 4];
      bool cap = xmajor ? ex0 == ex1 && ey0 != ey1 : ey0 == ey1 && ex0 != ex1;
      if (cap) {
         /* a's cap is the one through a (the caps lie on different major coordinates). */
         bool at_a = xmajor ? ex0 == w[0].x : ey0 == w[0].y;
         prim.sc.bias[e] = bias_cap[at_a ? 0 : 1];
      } else {
         /* The upper (x-major) or left (y-major) side is the one offset by -hw. */
         bool minus = xmajor ? ey0 + ey1 < w[0].y + w[1].y : ex0 + ex1 < w[0].x + w[1].x;
         prim.sc.bias[e] = bias_side[minus ? 0 : 1];
      }
   }

   int64_t ax[3] = { w[0].x, w[1].x, w[0].x + ox }, ay[3] = { w[0].y, w[1].y, w[0].y + oy };
   const struct sim_vtx *av[3] = { ends[0], ends[1], ends[0] };
   for (unsigned k = 0; k < 3; k++) {
      const struct sim_pa_window_vtx *src = &w[k == 1];
      prim.x[k] = ax[k];
      prim.y[k] = ay[k];
      prim.z[k] = src->z;
      prim.inv_w[k] = src->inv_w;
      prim.v[k] = av[k];
   }
   prim.area2 = (ax[1] - ax[0]) * (ay[2] - ay[0]) - (ay[1] - ay[0]) * (ax[2] - ax[0]);
   if (prim.area2 == 0)
      return true;
   prim.provoking = provoking;
   prim.front = front;
   prim.point = false;
   /* Lines take the front-face offset with POLY_OFFSET_PARA_ENABLE (slope along the line). */
   prim.z_offset = z_offset ? *z_offset : pa->offset_para ? sim_pa_poly_offset(pa, &prim, 0)
                                                          : 0.0;
   return fn(ctx, &prim);
}

bool sim_pa_line(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx)
{
   if (pa->kill_all || !sim_pa_finite(v[0]->pos) || !sim_pa_finite(v[1]->pos) ||
       sim_pa_cull(pa, v, 2, false))
      return true;
   return sim_pa_draw_line(pa, v[0], v[1], provoking, true, NULL, fn, ctx);
}
