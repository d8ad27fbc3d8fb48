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
 *
 * The walk (sim_sc_raster_samples) visits the 4x4 blocks of the pixels whose samples can
 * lie in the polygon's bounding box, row by row, stepping each edge function by whole
 * blocks. Per block and edge, the function's range over the block's samples decides:
 * outside on one edge skips the block, inside on every edge (and the block inside the
 * clip) takes the pattern's enabled samples as they are; only the edges that cross the
 * block are tested per lane, once per distinct sample position (once per lane when every
 * sample sits at the centre), 16 lanes at a time in int32 with SSE2 when the values fit.
 * tests/sim/test_sc_walk.c compares the walk with the plain per-sample evaluation.
 */
#include "raster/sc.h"

#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

static int64_t floor_div(int64_t a, int64_t b)
{
   int64_t q = a / b;
   return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* The vertex after i of n (without a division: this runs per primitive). */
static unsigned next_vertex(unsigned i, unsigned n)
{
   return i + 1 == n ? 0 : i + 1;
}

bool sim_sc_setup(struct sim_sc_setup *s, unsigned n, const int64_t *x, const int64_t *y,
                  unsigned edge_rule)
{
   int64_t area2 = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned j = next_vertex(i, n);
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
      unsigned j = next_vertex(i, n);
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
   struct sim_sc_pattern p;
   sim_sc_pattern_init(&p, &centre);
   struct single adapter = { fn, ctx };
   sim_sc_raster_samples(s, clip, &p, single_block, &adapter);
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

void sim_sc_pattern_init(struct sim_sc_pattern *p, const struct sim_sc_msaa *ms)
{
   memset(p, 0, sizeof(*p));
   p->ms = *ms;
   p->centred = true;
   p->dxmin = p->dxmax = ms->dx[0];
   p->dymin = p->dymax = ms->dy[0];
   for (unsigned k = 0; k < ms->n; k++) {
      p->same_as[k] = (uint8_t)k;
      for (unsigned j = 0; j < k; j++) {
         if (ms->dx[j] == ms->dx[k] && ms->dy[j] == ms->dy[k]) {
            p->same_as[k] = (uint8_t)j;
            break;
         }
      }
      p->centred &= ms->dx[k] == 0 && ms->dy[k] == 0;
      p->dxmin = min64(p->dxmin, ms->dx[k]);
      p->dxmax = max64(p->dxmax, ms->dx[k]);
      p->dymin = min64(p->dymin, ms->dy[k]);
      p->dymax = max64(p->dymax, ms->dy[k]);
   }
   uint8_t enabled[16];
   for (unsigned l = 0; l < 16; l++) {
      unsigned lx = sim_lane_x(l), ly = sim_lane_y(l);
      enabled[l] = ms->aa_mask[(ly & 1) * 2 + (lx & 1)];
      p->enabled_lanes |= (uint16_t)(enabled[l] != 0) << l;
      p->col_lanes[lx] |= (uint16_t)(1u << l);
      p->row_lanes[ly] |= (uint16_t)(1u << l);
   }
   memcpy(p->enabled, enabled, sizeof(enabled));
}

/* What a walk of one polygon keeps from block to block. */
struct walk {
   const struct sim_sc_pattern *p;
   unsigned n;                          /* edges */
   int64_t lo[4], hi[4];                /* the least / greatest change of edge e over a
                                           block's samples from its origin */
   int64_t soff[4][SIM_MAX_SAMPLES];    /* change of edge e from a centre to sample k (not
                                           centred patterns) */
#ifdef __SSE2__
   bool narrow;                         /* the values tested fit in int32: lane_off32 */
   _Alignas(16) int32_t lane_off32[4][16];
#endif
   int64_t lane_off[4][16];             /* change of edge e from the origin to lane l's
                                           centre (not narrow) */
};

#define BYTES_01 0x0101010101010101ull
#define BYTES_7F 0x7F7F7F7F7F7F7F7Full
#define BYTES_80 0x8080808080808080ull

/* 1 in each byte of x that is not 0, else 0. */
static uint64_t nonzero_bytes(uint64_t x)
{
   return ((((x & BYTES_7F) + BYTES_7F) | x) & BYTES_80) >> 7;
}

/* Byte l of bytes[0..1] = 0xFF if bit l of `lanes` is set, else 0. */
static inline void lane_bytes(uint16_t lanes, uint64_t bytes[2])
{
   const uint64_t bit = 0x8040201008040201ull;   /* byte i: bit i */
#ifdef __SSE2__
   __m128i v = _mm_set_epi64x((long long)((uint64_t)(lanes >> 8) * BYTES_01),
                              (long long)((uint64_t)(lanes & 0xFF) * BYTES_01));
   __m128i b = _mm_set1_epi64x((long long)bit);
   _mm_storeu_si128((__m128i *)bytes, _mm_cmpeq_epi8(_mm_and_si128(v, b), b));
#else
   bytes[0] = nonzero_bytes((uint64_t)(lanes & 0xFF) * BYTES_01 & bit) * 0xFF;
   bytes[1] = nonzero_bytes((uint64_t)(lanes >> 8) * BYTES_01 & bit) * 0xFF;
#endif
}

/* Bit i set if byte i of x is not 0. */
static unsigned bytes_to_bits(uint64_t x)
{
   return (unsigned)((nonzero_bytes(x) * 0x0102040810204080ull) >> 56);
}

/* Lanes l (bit l) where edge e, c from the origin, plus lane_off[e][l], is >= 0. */
static inline uint16_t edge_lanes(const struct walk *w, unsigned e, int64_t c)
{
#ifdef __SSE2__
   if (w->narrow) {
      const __m128i *off = (const __m128i *)w->lane_off32[e];
      __m128i t = _mm_set1_epi32((int32_t)(-1 - c));
      __m128i lo = _mm_packs_epi32(_mm_cmpgt_epi32(off[0], t), _mm_cmpgt_epi32(off[1], t));
      __m128i hi = _mm_packs_epi32(_mm_cmpgt_epi32(off[2], t), _mm_cmpgt_epi32(off[3], t));
      return (uint16_t)_mm_movemask_epi8(_mm_packs_epi16(lo, hi));
   }
#endif
   uint16_t m = 0;
   for (unsigned l = 0; l < 16; l++)
      m |= (uint16_t)((w->lane_off[e][l] + c >= 0) << l);
   return m;
}

/* One pixel right changes E by -dy*SUBPIX, one down by dx*SUBPIX; a sample offset (sx, sy)
 * from the centre changes it by dx*sy - dy*sx. E is linear, so over a block's 16 centres
 * and the samples around them it lies between the origin plus lo and plus hi. An edge is
 * tested in a block only when origin + lo < 0 <= origin + hi; the values compared then
 * lie within hi - lo of 0, which decides whether int32 holds them. */
static void walk_init(struct walk *w, const struct sim_sc_setup *s,
                      const struct sim_sc_pattern *p)
{
   w->p = p;
   w->n = s->n;
   /* Lanes are quad-major (sc.h): lane 4q + i lies at lane 4q's offset plus lane i's, and
    * lane 4q at twice lane q's. */
   int64_t in_quad[4][4];               /* [e][i]: change of edge e to lane i */
#ifdef __SSE2__
   w->narrow = true;
#endif
   for (unsigned e = 0; e < s->n; e++) {
      int64_t step_x = -s->dy[e] * SIM_SUBPIX, step_y = s->dx[e] * SIM_SUBPIX;
      int64_t smin = 0, smax = 0;
      if (!p->centred) {
         smin = INT64_MAX;
         smax = INT64_MIN;
         for (unsigned k = 0; k < p->ms.n; k++) {
            w->soff[e][k] = s->dx[e] * p->ms.dy[k] - s->dy[e] * p->ms.dx[k];
            smin = min64(smin, w->soff[e][k]);
            smax = max64(smax, w->soff[e][k]);
         }
      }
      w->lo[e] = min64(0, 3 * step_x) + min64(0, 3 * step_y) + smin;
      w->hi[e] = max64(0, 3 * step_x) + max64(0, 3 * step_y) + smax;
      in_quad[e][0] = 0;                   /* lanes 0..3 at (0, 0), (1, 0), (0, 1), (1, 1) */
      in_quad[e][1] = step_x;
      in_quad[e][2] = step_y;
      in_quad[e][3] = step_x + step_y;
#ifdef __SSE2__
      w->narrow &= w->hi[e] - w->lo[e] < INT32_MAX;
#endif
   }
#ifdef __SSE2__
   if (w->narrow) {
      for (unsigned e = 0; e < s->n; e++) {
         __m128i iq = _mm_set_epi32((int32_t)in_quad[e][3], (int32_t)in_quad[e][2],
                                    (int32_t)in_quad[e][1], 0);
         __m128i q2 = _mm_add_epi32(iq, iq);
         __m128i *off = (__m128i *)w->lane_off32[e];
         off[0] = iq;
         off[1] = _mm_add_epi32(iq, _mm_shuffle_epi32(q2, 0x55));
         off[2] = _mm_add_epi32(iq, _mm_shuffle_epi32(q2, 0xAA));
         off[3] = _mm_add_epi32(iq, _mm_shuffle_epi32(q2, 0xFF));
      }
      return;
   }
#endif
   for (unsigned e = 0; e < s->n; e++) {
      for (unsigned l = 0; l < 16; l++)
         w->lane_off[e][l] = 2 * in_quad[e][l >> 2] + in_quad[e][l & 3];
   }
}

/* The coverage of a block that is neither empty nor full, for a pattern whose samples all
 * sit at the centre (n edges, a constant in each inlined copy): `lanes` are the lanes
 * inside the clip, `partial` the edges (bits) that cross the block, origin[e] the edge
 * functions (bias included) at the block's first centre. Returns the lane mask; byte l of
 * `bytes` gets the covered samples of lane l. */
static inline __attribute__((always_inline)) uint16_t
centred_block(const struct walk *w, unsigned n, uint16_t lanes, unsigned partial,
              const int64_t origin[4], uint64_t bytes[2])
{
   const struct sim_sc_pattern *p = w->p;
   uint16_t cover = lanes & p->enabled_lanes;
#pragma GCC unroll 4
   for (unsigned e = 0; e < n; e++) {
      if (partial & (1u << e))
         cover &= edge_lanes(w, e, origin[e]);
   }
   lane_bytes(cover, bytes);
   bytes[0] &= p->enabled[0];
   bytes[1] &= p->enabled[1];
   return cover;
}

/* centred_block for patterns with sample offsets: each distinct position tested. */
static uint16_t samples_block(const struct walk *w, uint16_t lanes, unsigned partial,
                              const int64_t origin[4], uint64_t bytes[2])
{
   const struct sim_sc_pattern *p = w->p;
   uint16_t cover[SIM_MAX_SAMPLES];
   bytes[0] = bytes[1] = 0;
   for (unsigned k = 0; k < p->ms.n; k++) {
      if (p->same_as[k] != k) {
         cover[k] = cover[p->same_as[k]];
      } else {
         cover[k] = lanes;
         for (unsigned e = 0; e < w->n && cover[k]; e++) {
            if (partial & (1u << e))
               cover[k] &= edge_lanes(w, e, origin[e] + w->soff[e][k]);
         }
      }
      uint64_t bit = BYTES_01 << k, covered[2];
      lane_bytes(cover[k], covered);
      bytes[0] |= covered[0] & bit;
      bytes[1] |= covered[1] & bit;
   }
   bytes[0] &= p->enabled[0];
   bytes[1] &= p->enabled[1];
   return (uint16_t)(bytes_to_bits(bytes[0]) | bytes_to_bits(bytes[1]) << 8);
}

/* Pixels whose samples can lie in [lo, hi] on one axis (1/SIM_SUBPIX px): centre + d for
 * the sample offsets d in [dmin, dmax]. */
static void sample_span(int64_t lo, int64_t hi, int64_t dmin, int64_t dmax, int32_t *p0,
                        int32_t *p1)
{
   *p0 = (int32_t)-floor_div(-(lo - SIM_SUBPIX / 2 - dmax), SIM_SUBPIX);
   *p1 = (int32_t)(floor_div(hi - SIM_SUBPIX / 2 - dmin, SIM_SUBPIX) + 1);
}

/* The lanes of a block whose pixels [b, b + 4) on one axis are inside [c0, c1), from the
 * lanes of each column (row) `axis`. */
static uint16_t axis_lanes(const uint16_t axis[4], int32_t b, int32_t c0, int32_t c1)
{
   uint16_t m = 0;
   for (int32_t i = 0; i < 4; i++) {
      if (b + i >= c0 && b + i < c1)
         m |= axis[i];
   }
   return m;
}

/* Walks the blocks from (bx0, by0) to below px1, py1 of a polygon of n edges (a constant
 * in each inlined copy). A block with origin + hi < 0 on an edge has no sample inside; one
 * with origin + lo >= 0 on every edge has every sample inside (a full block: no per-sample
 * tests). The origins step by 4 pixels from block to block. Lanes are clipped where a block
 * crosses the clip; those outside the bounding box are left to the edge tests. */
static inline __attribute__((always_inline)) void
walk_blocks(const struct walk *w, const struct sim_sc_setup *s, unsigned n, int32_t bx0,
            int32_t by0, int32_t px1, int32_t py1, const struct sim_rect *clip,
            sim_sc_sample_fn fn, void *ctx)
{
   const struct sim_sc_pattern *p = w->p;
   int64_t row[4], block_x[4], block_y[4];
#pragma GCC unroll 4
   for (unsigned e = 0; e < n; e++) {
      row[e] = sim_sc_edge_at(s, e, bx0, by0) - s->bias[e];
      block_x[e] = -s->dy[e] * (4 * SIM_SUBPIX);
      block_y[e] = s->dx[e] * (4 * SIM_SUBPIX);
   }
   for (int32_t by = by0; by < py1; by += 4) {
      int64_t origin[4];
#pragma GCC unroll 4
      for (unsigned e = 0; e < n; e++)
         origin[e] = row[e];
      uint16_t rows = by < clip->y0 || by + 4 > clip->y1
                         ? axis_lanes(p->row_lanes, by, clip->y0, clip->y1) : 0xFFFF;
      for (int32_t bx = bx0; bx < px1; bx += 4) {
         unsigned partial = 0;
         bool empty = false;
#pragma GCC unroll 4
         for (unsigned e = 0; e < n; e++) {
            empty |= origin[e] + w->hi[e] < 0;
            partial |= (unsigned)(origin[e] + w->lo[e] < 0) << e;
         }
         if (!empty) {
            uint16_t lanes = rows;
            if (bx < clip->x0 || bx + 4 > clip->x1)
               lanes &= axis_lanes(p->col_lanes, bx, clip->x0, clip->x1);
            uint16_t mask;
            union {
               uint64_t w[2];
               uint8_t b[16];
            } smask;
            if (!partial && lanes == 0xFFFF) {
               mask = p->enabled_lanes;
               smask.w[0] = p->enabled[0];
               smask.w[1] = p->enabled[1];
            } else if (p->centred) {
               mask = centred_block(w, n, lanes, partial, origin, smask.w);
            } else {
               mask = samples_block(w, lanes, partial, origin, smask.w);
            }
            if (mask && !fn(ctx, bx, by, mask, smask.b))
               return;
         }
#pragma GCC unroll 4
         for (unsigned e = 0; e < n; e++)
            origin[e] += block_x[e];
      }
#pragma GCC unroll 4
      for (unsigned e = 0; e < n; e++)
         row[e] += block_y[e];
   }
}

void sim_sc_raster_samples(const struct sim_sc_setup *s, const struct sim_rect *clip,
                           const struct sim_sc_pattern *p, sim_sc_sample_fn fn, void *ctx)
{
   /* The blocks holding pixels one of whose samples lies in the polygon's bounding box
    * (no other sample can be inside), inside the clip. */
   int64_t minx = s->x[0], maxx = s->x[0], miny = s->y[0], maxy = s->y[0];
   for (unsigned i = 1; i < s->n; i++) {
      minx = min64(minx, s->x[i]);
      maxx = max64(maxx, s->x[i]);
      miny = min64(miny, s->y[i]);
      maxy = max64(maxy, s->y[i]);
   }
   int32_t px0, px1, py0, py1;
   sample_span(minx, maxx, p->dxmin, p->dxmax, &px0, &px1);
   sample_span(miny, maxy, p->dymin, p->dymax, &py0, &py1);
   px0 = px0 > clip->x0 ? px0 : clip->x0;
   py0 = py0 > clip->y0 ? py0 : clip->y0;
   px1 = px1 < clip->x1 ? px1 : clip->x1;
   py1 = py1 < clip->y1 ? py1 : clip->y1;
   if (px0 >= px1 || py0 >= py1)
      return;

   struct walk w;
   walk_init(&w, s, p);
   if (s->n == 3)
      walk_blocks(&w, s, 3, px0 & ~3, py0 & ~3, px1, py1, clip, fn, ctx);
   else
      walk_blocks(&w, s, 4, px0 & ~3, py0 & ~3, px1, py1, clip, fn, ctx);
}
