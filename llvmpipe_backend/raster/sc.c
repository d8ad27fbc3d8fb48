/* Scan conversion with exact 64-bit edge functions.
 *
 * Edge classification (screen space, y down). After setup the polygon's vertices run so
 * that twice the signed area, sum(x_i*y_(i+1) - x_(i+1)*y_i), is positive; the edge from
 * vertex a to vertex b then has the function
 *    E(P) = (xb - xa) * (Py - ya) - (yb - ya) * (Px - xa)
 * which is positive on the inside. With dx = xb - xa, dy = yb - ya:
 *   - dy == 0, dx > 0: E grows with y, the inside is below the edge: a TOP edge;
 *   - dy == 0, dx < 0: the inside is above: a BOTTOM edge;
 *   - dy < 0: E grows with x, the inside is to the right of the edge: a LEFT edge;
 *   - dy > 0: the inside is to the left: a RIGHT edge.
 * So every non-horizontal edge is a left or a right edge and only exactly horizontal edges
 * are top or bottom edges (the D3D/GL "top-left" vocabulary). A sample is covered when,
 * for every edge, E > 0, or E == 0 and PA_SC_EDGERULE says samples on that kind of edge
 * are inside. A sample on a vertex lies on two edges and needs both to include it.
 * Multi-sampling (msaa.c) tests each sample of a pixel at the centre plus its offset with
 * the same functions and biases; offsets are multiples of 1/16 px, exact in 1/SIM_SUBPIX.
 */
#include "raster/sc.h"

#include <stdint.h>

static int64_t floor_div(int64_t a, int64_t b)
{
   int64_t q = a / b;
   return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

bool sim_sc_setup(struct sim_sc_setup *s, unsigned n, const int64_t *x, const int64_t *y,
                  unsigned edge_rule)
{
   int64_t area2 = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned j = (i + 1) % n;
      area2 += x[i] * y[j] - x[j] * y[i];
   }
   if (area2 == 0)
      return false;

   s->n = n;
   s->reversed = area2 < 0;
   s->area2 = s->reversed ? -area2 : area2;
   for (unsigned i = 0; i < n; i++) {
      unsigned src = s->reversed ? n - 1 - i : i;
      s->x[i] = x[src];
      s->y[i] = y[src];
   }
   for (unsigned i = 0; i < n; i++) {
      unsigned j = (i + 1) % n;
      s->dx[i] = s->x[j] - s->x[i];
      s->dy[i] = s->y[j] - s->y[i];
      unsigned kind;
      if (s->dy[i] == 0)
         kind = s->dx[i] > 0 ? SIM_EDGE_TOP : SIM_EDGE_BOTTOM;
      else
         kind = s->dy[i] < 0 ? SIM_EDGE_LEFT : SIM_EDGE_RIGHT;
      s->bias[i] = (edge_rule & kind) ? 0 : 1;
   }
   return true;
}

/* Adapts a single-sample walk to the sample walk. */
struct single {
   sim_sc_block_fn fn;
   void *ctx;
};

static bool single_block(void *ctx, int32_t bx, int32_t by, uint16_t mask,
                         const uint8_t smask[16])
{
   (void)smask;
   const struct single *s = ctx;
   return s->fn(s->ctx, bx, by, mask);
}

void sim_sc_raster(const struct sim_sc_setup *s, const struct sim_rect *clip,
                   sim_sc_block_fn fn, void *ctx)
{
   static const struct sim_sc_msaa centre = { .n = 1, .aa_mask = { 1, 1, 1, 1 } };
   struct single adapter = { fn, ctx };
   sim_sc_raster_samples(s, clip, &centre, single_block, &adapter);
}

void sim_sc_bounds(const struct sim_sc_setup *s, struct sim_rect *r)
{
   int64_t minx = s->x[0], maxx = s->x[0], miny = s->y[0], maxy = s->y[0];
   for (unsigned i = 1; i < s->n; i++) {
      minx = s->x[i] < minx ? s->x[i] : minx;
      maxx = s->x[i] > maxx ? s->x[i] : maxx;
      miny = s->y[i] < miny ? s->y[i] : miny;
      maxy = s->y[i] > maxy ? s->y[i] : maxy;
   }
   /* Coordinates are within SIM_COORD_LIMIT: the pixel numbers fit 32 bits. */
   r->x0 = (int32_t)(floor_div(minx, SIM_SUBPIX) - 1);
   r->x1 = (int32_t)(floor_div(maxx, SIM_SUBPIX) + 1);
   r->y0 = (int32_t)(floor_div(miny, SIM_SUBPIX) - 1);
   r->y1 = (int32_t)(floor_div(maxy, SIM_SUBPIX) + 1);
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* The sample masks of a block every enabled sample of which is inside. */
static uint16_t full_block(const struct sim_sc_msaa *ms, uint8_t smask[16])
{
   uint16_t mask = 0;
   for (unsigned l = 0; l < 16; l++) {
      smask[l] = ms->aa_mask[(sim_lane_y(l) & 1) * 2 + (sim_lane_x(l) & 1)];
      mask |= (uint16_t)(smask[l] != 0) << l;
   }
   return mask;
}

void sim_sc_raster_samples(const struct sim_sc_setup *s, const struct sim_rect *clip,
                           const struct sim_sc_msaa *ms, sim_sc_sample_fn fn, void *ctx)
{
   struct sim_rect b;
   sim_sc_bounds(s, &b);
   int32_t px0 = b.x0 > clip->x0 ? b.x0 : clip->x0;
   int32_t py0 = b.y0 > clip->y0 ? b.y0 : clip->y0;
   int32_t px1 = b.x1 < clip->x1 ? b.x1 : clip->x1;
   int32_t py1 = b.y1 < clip->y1 ? b.y1 : clip->y1;
   if (px0 >= px1 || py0 >= py1)
      return;

   /* Per-lane steps: one pixel right changes E by -dy*SUBPIX, one down by dx*SUBPIX; a
    * sample offset (sx, sy) from the centre changes it by dx*sy - dy*sx. E is linear, so
    * over a block's 16 centres and the samples around them it lies between the origin
    * plus the smallest (lo) and plus the largest (hi) of those changes: a block with
    * origin + hi < 0 on an edge has no sample inside, one with origin + lo >= 0 on every
    * edge has every sample inside (a full block: no per-sample tests). */
   int64_t step_x[4], step_y[4], soff[4][SIM_MAX_SAMPLES], lo[4], hi[4];
   for (unsigned e = 0; e < s->n; e++) {
      step_x[e] = -s->dy[e] * SIM_SUBPIX;
      step_y[e] = s->dx[e] * SIM_SUBPIX;
      int64_t smin = INT64_MAX, smax = INT64_MIN;
      for (unsigned k = 0; k < ms->n; k++) {
         soff[e][k] = s->dx[e] * ms->dy[k] - s->dy[e] * ms->dx[k];
         smin = min64(smin, soff[e][k]);
         smax = max64(smax, soff[e][k]);
      }
      lo[e] = min64(0, 3 * step_x[e]) + min64(0, 3 * step_y[e]) + smin;
      hi[e] = max64(0, 3 * step_x[e]) + max64(0, 3 * step_y[e]) + smax;
   }

   for (int32_t by = py0 & ~3; by < py1; by += 4) {
      for (int32_t bx = px0 & ~3; bx < px1; bx += 4) {
         int64_t origin[4];
         bool full = bx >= px0 && bx + 4 <= px1 && by >= py0 && by + 4 <= py1;
         bool empty = false;
         for (unsigned e = 0; e < s->n; e++) {
            origin[e] = sim_sc_edge_at(s, e, bx, by) - s->bias[e];
            empty |= origin[e] + hi[e] < 0;
            full &= origin[e] + lo[e] >= 0;
         }
         if (empty)
            continue;
         uint16_t mask = 0;
         uint8_t smask[16] = { 0 };
         if (full) {
            mask = full_block(ms, smask);
         } else {
            for (unsigned l = 0; l < 16; l++) {
               int32_t lx = (int32_t)sim_lane_x(l), ly = (int32_t)sim_lane_y(l);
               if (bx + lx < px0 || bx + lx >= px1 || by + ly < py0 || by + ly >= py1)
                  continue;
               int64_t centre[4];
               for (unsigned e = 0; e < s->n; e++)
                  centre[e] = origin[e] + lx * step_x[e] + ly * step_y[e];
               uint8_t enabled = ms->aa_mask[(ly & 1) * 2 + (lx & 1)];
               uint8_t m = 0;
               for (unsigned k = 0; k < ms->n; k++) {
                  if (!(enabled & (1u << k)))
                     continue;
                  bool in = true;
                  for (unsigned e = 0; e < s->n && in; e++)
                     in = centre[e] + soff[e][k] >= 0;
                  m |= (uint8_t)(in << k);
               }
               smask[l] = m;
               mask |= (uint16_t)(m != 0) << l;
            }
         }
         if (mask && !fn(ctx, bx, by, mask, smask))
            return;
      }
   }
}
