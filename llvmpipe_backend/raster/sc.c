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
 * The walk (sim_sc_raster_blocks) visits the 4x4 blocks of the pixels whose samples can
 * lie in the polygon's bounding box, row by row, stepping each edge function by whole
 * blocks (all edges at once in two SSE2 registers). Per block and edge, the function's
 * range over the block's samples decides: outside on one edge skips the block (and ends
 * the row once a block of it was not skipped), inside on every edge (and the block inside
 * the clip) takes the pattern's enabled samples as they are; only the edges that cross the
 * block are tested per lane, once per distinct sample position (once per lane when every
 * sample sits at the centre), 16 lanes at a time in int32 with SSE2 when the values fit,
 * giving each lane's sample bits as a byte directly. The covered blocks go to the caller in
 * batches (a small polygon's in one call), so the walk keeps its state in registers.
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

/* sim_sc_setup for n vertices (a constant in each inlined copy). */
static inline __attribute__((always_inline)) bool
setup_n(struct sim_sc_setup *s, unsigned n, const int64_t *x, const int64_t *y,
        unsigned edge_rule)
{
   int64_t area2 = 0;
#pragma GCC unroll 4
   for (unsigned i = 0; i < n; i++) {
      unsigned j = next_vertex(i, n);
      area2 += x[i] * y[j] - x[j] * y[i];
   }
   if (area2 == 0)
      return false;

   s->n = n;
   s->reversed = area2 < 0;
   s->area2 = s->reversed ? -area2 : area2;
#pragma GCC unroll 4
   for (unsigned i = 0; i < n; i++) {
      unsigned src = s->reversed ? n - 1 - i : i;
      s->x[i] = x[src];
      s->y[i] = y[src];
   }
#pragma GCC unroll 4
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

bool sim_sc_setup(struct sim_sc_setup *s, unsigned n, const int64_t *x, const int64_t *y,
                  unsigned edge_rule)
{
   return n == 3 ? setup_n(s, 3, x, y, edge_rule) : setup_n(s, 4, x, y, edge_rule);
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

void sim_sc_extent_init(struct sim_sc_extent *e, const struct sim_sc_msaa *ms)
{
   e->dxmin = e->dxmax = ms->dx[0];
   e->dymin = e->dymax = ms->dy[0];
   for (unsigned k = 1; k < ms->n; k++) {
      e->dxmin = min64(e->dxmin, ms->dx[k]);
      e->dxmax = max64(e->dxmax, ms->dx[k]);
      e->dymin = min64(e->dymin, ms->dy[k]);
      e->dymax = max64(e->dymax, ms->dy[k]);
   }
}

void sim_sc_pattern_init(struct sim_sc_pattern *p, const struct sim_sc_msaa *ms)
{
   memset(p, 0, sizeof(*p));
   p->ms = *ms;
   p->centred = true;
   sim_sc_extent_init(&p->ext, ms);
   for (unsigned k = 0; k < ms->n; k++) {
      unsigned i = 0;
      while (i < p->npos && (ms->dx[p->pos[i]] != ms->dx[k] || ms->dy[p->pos[i]] != ms->dy[k]))
         i++;
      if (i == p->npos)
         p->pos[p->npos++] = (uint8_t)k;
      p->pos_samples[i] |= (uint8_t)(1u << k);
      p->centred &= ms->dx[k] == 0 && ms->dy[k] == 0;
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

/* The 16 lanes of a block as bytes, byte l for lane l: a lane set (0xFF or 0) or a lane's
 * samples (bit k = sample k). */
#ifdef __SSE2__
typedef __m128i lane_bytes;

static inline lane_bytes lb_and(lane_bytes a, lane_bytes b) { return _mm_and_si128(a, b); }
static inline lane_bytes lb_or(lane_bytes a, lane_bytes b) { return _mm_or_si128(a, b); }
static inline lane_bytes lb_splat(uint8_t v) { return _mm_set1_epi8((char)v); }
static inline lane_bytes lb_load(const void *b) { return _mm_loadu_si128((const __m128i *)b); }
static inline void lb_store(void *b, lane_bytes a) { _mm_storeu_si128((__m128i *)b, a); }

/* Bit l set where byte l is not 0. */
static inline uint16_t lb_nonzero(lane_bytes a)
{
   return (uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi8(a, _mm_setzero_si128()));
}

/* Byte l = 0xFF if bit l of `lanes` is set, else 0. */
static inline lane_bytes lb_lanes(uint16_t lanes)
{
   const uint64_t bit = 0x8040201008040201ull;   /* byte i: bit i */
   __m128i v = _mm_set_epi64x((long long)((uint64_t)(lanes >> 8) * 0x0101010101010101ull),
                              (long long)((uint64_t)(lanes & 0xFF) * 0x0101010101010101ull));
   __m128i b = _mm_set1_epi64x((long long)bit);
   return _mm_cmpeq_epi8(_mm_and_si128(v, b), b);
}
#else
typedef struct {
   uint8_t b[16];
} lane_bytes;

static inline lane_bytes lb_and(lane_bytes a, lane_bytes b)
{
   for (unsigned l = 0; l < 16; l++)
      a.b[l] &= b.b[l];
   return a;
}

static inline lane_bytes lb_or(lane_bytes a, lane_bytes b)
{
   for (unsigned l = 0; l < 16; l++)
      a.b[l] |= b.b[l];
   return a;
}

static inline lane_bytes lb_splat(uint8_t v)
{
   lane_bytes a;
   memset(a.b, v, 16);
   return a;
}

static inline lane_bytes lb_load(const void *b)
{
   lane_bytes a;
   memcpy(a.b, b, 16);
   return a;
}

static inline void lb_store(void *b, lane_bytes a) { memcpy(b, a.b, 16); }

static inline uint16_t lb_nonzero(lane_bytes a)
{
   uint16_t m = 0;
   for (unsigned l = 0; l < 16; l++)
      m |= (uint16_t)((a.b[l] != 0) << l);
   return m;
}

static inline lane_bytes lb_lanes(uint16_t lanes)
{
   lane_bytes a;
   for (unsigned l = 0; l < 16; l++)
      a.b[l] = (lanes >> l & 1) ? 0xFF : 0;
   return a;
}
#endif

/* The lanes (0xFF bytes) where edge e, c from the origin, plus lane_off[e][l], is >= 0;
 * `narrow` = w->narrow (a constant in each inlined copy). */
static inline __attribute__((always_inline)) lane_bytes
edge_lanes(const struct walk *w, bool narrow, unsigned e, int64_t c)
{
#ifdef __SSE2__
   if (narrow) {
      const __m128i *off = (const __m128i *)w->lane_off32[e];
      __m128i t = _mm_set1_epi32((int32_t)(-1 - c));
      __m128i lo = _mm_packs_epi32(_mm_cmpgt_epi32(off[0], t), _mm_cmpgt_epi32(off[1], t));
      __m128i hi = _mm_packs_epi32(_mm_cmpgt_epi32(off[2], t), _mm_cmpgt_epi32(off[3], t));
      return _mm_packs_epi16(lo, hi);
   }
#else
   (void)narrow;
#endif
   uint8_t b[16];
   for (unsigned l = 0; l < 16; l++)
      b[l] = w->lane_off[e][l] + c >= 0 ? 0xFF : 0;
   return lb_load(b);
}

/* One pixel right changes E by -dy*SUBPIX, one down by dx*SUBPIX; a sample offset (sx, sy)
 * from the centre changes it by dx*sy - dy*sx. E is linear, so over a block's 16 centres
 * and the samples around them it lies between the origin plus lo and plus hi. An edge is
 * tested in a block only when origin + lo < 0 <= origin + hi; the values compared then
 * lie within hi - lo of 0, which decides whether int32 holds them. */
static inline __attribute__((always_inline)) void
walk_init(struct walk *w, const struct sim_sc_setup *s, unsigned n,
          const struct sim_sc_pattern *p)
{
   w->p = p;
   /* Lanes are quad-major (sc.h): lane 4q + i lies at lane 4q's offset plus lane i's, and
    * lane 4q at twice lane q's. */
   int64_t in_quad[4][4];               /* [e][i]: change of edge e to lane i */
#ifdef __SSE2__
   w->narrow = true;
#endif
   #pragma GCC unroll 4
   for (unsigned e = 0; e < n; e++) {
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
      #pragma GCC unroll 4
   for (unsigned e = 0; e < n; e++) {
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
   #pragma GCC unroll 4
   for (unsigned e = 0; e < n; e++) {
      for (unsigned l = 0; l < 16; l++)
         w->lane_off[e][l] = 2 * in_quad[e][l >> 2] + in_quad[e][l & 3];
   }
}

/* The covered samples (byte l: lane l's) of a block that is neither empty nor full: `lanes`
 * are the lanes inside the clip, `partial` the edges (bits) that cross the block, origin[e]
 * the edge functions (bias included) at the block's first centre; n edges (a constant in
 * each inlined copy). With every sample at the centre (`centred`, p->centred or false) a
 * lane is tested once; otherwise each distinct sample position is. */
static inline __attribute__((always_inline)) lane_bytes
partial_block(const struct walk *w, unsigned n, bool centred, bool narrow, uint16_t lanes,
              unsigned partial, const int64_t origin[4])
{
   const struct sim_sc_pattern *p = w->p;
   lane_bytes cover;
   if (centred) {
      cover = lb_splat(0xFF);
#pragma GCC unroll 4
      for (unsigned e = 0; e < n; e++) {
         if (partial & (1u << e))
            cover = lb_and(cover, edge_lanes(w, narrow, e, origin[e]));
      }
   } else {
      cover = lb_splat(0);
      for (unsigned i = 0; i < p->npos; i++) {
         unsigned k = p->pos[i];
         lane_bytes at = lb_splat(p->pos_samples[i]);
#pragma GCC unroll 4
         for (unsigned e = 0; e < n; e++) {
            if (partial & (1u << e))
               at = lb_and(at, edge_lanes(w, narrow, e, origin[e] + w->soff[e][k]));
         }
         cover = lb_or(cover, at);
      }
   }
   cover = lb_and(cover, lb_load(p->enabled));
   return lanes == 0xFFFF ? cover : lb_and(cover, lb_lanes(lanes));
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

/* The four edge functions of a block (int64; a triangle's fourth is a constant 0), for the
 * tests of every block: two SSE2 registers of two. */
#ifdef __SSE2__
typedef struct {
   __m128i v[2];
} edges4;

static inline edges4 e4_set(const int64_t e[4])
{
   return (edges4){ { _mm_loadu_si128((const __m128i *)e), _mm_loadu_si128((const __m128i *)(e + 2)) } };
}

static inline edges4 e4_add(edges4 a, edges4 b)
{
   return (edges4){ { _mm_add_epi64(a.v[0], b.v[0]), _mm_add_epi64(a.v[1], b.v[1]) } };
}

/* Bit e set where edge e is negative. */
static inline unsigned e4_negative(edges4 a)
{
   return (unsigned)(_mm_movemask_pd(_mm_castsi128_pd(a.v[0])) |
                     _mm_movemask_pd(_mm_castsi128_pd(a.v[1])) << 2);
}

/* Whether one edge is negative. */
static inline bool e4_any_negative(edges4 a)
{
   return _mm_movemask_pd(_mm_castsi128_pd(_mm_or_si128(a.v[0], a.v[1]))) != 0;
}

static inline void e4_get(edges4 a, int64_t e[4])
{
   _mm_storeu_si128((__m128i *)e, a.v[0]);
   _mm_storeu_si128((__m128i *)(e + 2), a.v[1]);
}
#else
typedef struct {
   int64_t v[4];
} edges4;

static inline edges4 e4_set(const int64_t e[4])
{
   edges4 a;
   memcpy(a.v, e, sizeof(a.v));
   return a;
}

static inline edges4 e4_add(edges4 a, edges4 b)
{
   for (unsigned e = 0; e < 4; e++)
      a.v[e] += b.v[e];
   return a;
}

static inline unsigned e4_negative(edges4 a)
{
   unsigned m = 0;
   for (unsigned e = 0; e < 4; e++)
      m |= (unsigned)(a.v[e] < 0) << e;
   return m;
}

static inline bool e4_any_negative(edges4 a)
{
   return (a.v[0] | a.v[1] | a.v[2] | a.v[3]) < 0;
}

static inline void e4_get(edges4 a, int64_t e[4]) { memcpy(e, a.v, sizeof(a.v)); }
#endif

/* Walks the blocks from (bx0, by0) to below px1, py1 of a polygon of n edges (n, centred
 * and narrow as in partial_block: constants in each inlined copy). A block with origin + hi < 0 on an edge has no sample inside; one
 * with origin + lo >= 0 on every edge has every sample inside (a full block: no per-sample
 * tests). Both sums step by 4 pixels from block to block (a triangle's fourth edge is 0 and
 * stays 0). Along a row, the blocks an edge does not reject are an interval (origin + hi is
 * linear in bx), so those no edge rejects are one too: the row ends at the first rejected
 * block after one that was not. Lanes are clipped where a block crosses the clip; those
 * outside the bounding box are left to the edge tests. */
static inline __attribute__((always_inline)) void
walk_blocks(const struct walk *w, const struct sim_sc_setup *s, unsigned n, bool centred,
            bool narrow, int32_t bx0, int32_t by0, int32_t px1, int32_t py1,
            const struct sim_rect *clip, sim_sc_blocks_fn fn, void *ctx)
{
   const struct sim_sc_pattern *p = w->p;
   const int32_t cx0 = clip->x0, cx1 = clip->x1, cy0 = clip->y0, cy1 = clip->y1;
   int64_t most0[4] = { 0 }, least0[4] = { 0 }, step_x[4] = { 0 }, step_y[4] = { 0 };
#pragma GCC unroll 4
   for (unsigned e = 0; e < n; e++) {
      int64_t origin = sim_sc_edge_at(s, e, bx0, by0) - s->bias[e];
      most0[e] = origin + w->hi[e];
      least0[e] = origin + w->lo[e];
      step_x[e] = -s->dy[e] * (4 * SIM_SUBPIX);
      step_y[e] = s->dx[e] * (4 * SIM_SUBPIX);
   }
   edges4 row_most = e4_set(most0), row_least = e4_set(least0);
   const edges4 block_x = e4_set(step_x), block_y = e4_set(step_y);
   struct sim_sc_block out[SIM_SC_BATCH];
   unsigned nout = 0;
   for (int32_t by = by0; by < py1; by += 4) {
      edges4 most = row_most, least = row_least;
      uint16_t rows = by < cy0 || by + 4 > cy1 ? axis_lanes(p->row_lanes, by, cy0, cy1) : 0xFFFF;
      bool met = false;   /* a block of this row was not rejected */
      for (int32_t bx = bx0; bx < px1; bx += 4) {
         if (e4_any_negative(most)) {
            if (met)
               break;
         } else {
            met = true;
            uint16_t lanes = rows;
            if (bx < cx0 || bx + 4 > cx1)
               lanes &= axis_lanes(p->col_lanes, bx, cx0, cx1);
            unsigned partial = e4_negative(least);
            struct sim_sc_block *b = &out[nout];
            if (!partial && lanes == 0xFFFF) {
               b->mask = p->enabled_lanes;
               memcpy(b->smask, p->enabled, 16);
            } else {
               int64_t origin[4];
               e4_get(least, origin);
#pragma GCC unroll 4
               for (unsigned e = 0; e < n; e++)
                  origin[e] -= w->lo[e];
               lane_bytes cover = partial_block(w, n, centred, narrow, lanes, partial, origin);
               b->mask = lb_nonzero(cover);
               lb_store(b->smask, cover);
            }
            b->bx = bx;
            b->by = by;
            if (b->mask && ++nout == SIM_SC_BATCH) {
               if (!fn(ctx, out, nout))
                  return;
               nout = 0;
            }
         }
         most = e4_add(most, block_x);
         least = e4_add(least, block_x);
      }
      row_most = e4_add(row_most, block_y);
      row_least = e4_add(row_least, block_y);
   }
   if (nout)
      fn(ctx, out, nout);
}

/* The walk of a polygon of n edges (a constant in each inlined copy), in the copy of
 * walk_blocks for its kind of pattern and values. */
static inline __attribute__((always_inline)) void
walk(const struct sim_sc_setup *s, unsigned n, const struct sim_sc_pattern *p, int32_t bx0,
     int32_t by0, int32_t px1, int32_t py1, const struct sim_rect *clip, sim_sc_blocks_fn fn,
     void *ctx)
{
   struct walk w;
   walk_init(&w, s, n, p);
   bool narrow = false;
#ifdef __SSE2__
   narrow = w.narrow;
#endif
   if (narrow && p->centred)
      walk_blocks(&w, s, n, true, true, bx0, by0, px1, py1, clip, fn, ctx);
   else if (narrow)
      walk_blocks(&w, s, n, false, true, bx0, by0, px1, py1, clip, fn, ctx);
   else
      walk_blocks(&w, s, n, p->centred, false, bx0, by0, px1, py1, clip, fn, ctx);
}

void sim_sc_raster_blocks(const struct sim_sc_setup *s, const struct sim_rect *clip,
                          const struct sim_sc_pattern *p, sim_sc_blocks_fn fn, void *ctx)
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
   struct sim_rect px;
   if (!sim_sc_box_pixels(&p->ext, clip, minx, maxx, miny, maxy, &px))
      return;

   int32_t bx0 = px.x0 & ~3, by0 = px.y0 & ~3;
   if (s->n == 3)
      walk(s, 3, p, bx0, by0, px.x1, px.y1, clip, fn, ctx);
   else
      walk(s, 4, p, bx0, by0, px.x1, px.y1, clip, fn, ctx);
}

/* Adapts the batched walk to a callback per block. */
struct per_block {
   sim_sc_sample_fn fn;
   void *ctx;
};

static bool each_block(void *ctx, const struct sim_sc_block *b, unsigned n)
{
   const struct per_block *pb = ctx;
   for (unsigned i = 0; i < n; i++) {
      if (!pb->fn(pb->ctx, b[i].bx, b[i].by, b[i].mask, b[i].smask))
         return false;
   }
   return true;
}

void sim_sc_raster_samples(const struct sim_sc_setup *s, const struct sim_rect *clip,
                           const struct sim_sc_pattern *p, sim_sc_sample_fn fn, void *ctx)
{
   struct per_block pb = { fn, ctx };
   sim_sc_raster_blocks(s, clip, p, each_block, &pb);
}
