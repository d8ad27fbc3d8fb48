/* SC walk, differential: sim_sc_raster_samples (llvmpipe_backend/raster/sc.c: bounding
 * boxes, trivially empty / full blocks, incremental edge functions, grouped sample
 * positions) against the plain per-sample evaluation kept here, on random triangles and
 * parallelograms (small, huge, slivers, on pixel centres), every edge rule, random MSAA
 * patterns and PA_SC_AA_MASKs, and random clip rectangles. Both must give the same blocks in
 * the same order with the same lane and sample masks; a walk stopped by its callback must
 * stop at the same block. The reference takes the edges from sim_sc_setup, so the set-up is
 * checked against its definition first. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "raster/sc.h"
#include "check.h"

#define MAX_BLOCKS 4096

struct block {
   int32_t bx, by;
   uint16_t mask;
   uint8_t smask[16];
};

struct trace {
   struct block b[MAX_BLOCKS];
   unsigned n;
   unsigned stop_after;   /* the callback returns false on this block (1-based); 0: never */
   bool overflow;
};

static bool record(void *ctx, int32_t bx, int32_t by, uint16_t mask, const uint8_t smask[16])
{
   struct trace *t = ctx;
   if (t->n == MAX_BLOCKS) {
      t->overflow = true;
      return false;
   }
   struct block *b = &t->b[t->n++];
   b->bx = bx;
   b->by = by;
   b->mask = mask;
   memcpy(b->smask, smask, 16);
   return t->n != t->stop_after;
}

/* The reference: every block meeting the clip, in rows from the top, left to right; every
 * lane inside the clip; every sample PA_SC_AA_MASK enables, tested on every edge at the
 * pixel centre plus its offset: E = dx * (y - y_e) - dy * (x - x_e) - bias >= 0. */
static void reference_walk(const struct sim_sc_setup *s, const struct sim_rect *clip,
                           const struct sim_sc_msaa *ms, struct trace *t)
{
   for (int32_t by = clip->y0 & ~3; by < clip->y1; by += 4) {
      for (int32_t bx = clip->x0 & ~3; bx < clip->x1; bx += 4) {
         uint16_t mask = 0;
         uint8_t smask[16] = { 0 };
         for (unsigned l = 0; l < 16; l++) {
            int32_t x = bx + (int32_t)sim_lane_x(l), y = by + (int32_t)sim_lane_y(l);
            if (x < clip->x0 || x >= clip->x1 || y < clip->y0 || y >= clip->y1)
               continue;
            uint8_t enabled = ms->aa_mask[(y & 1) * 2 + (x & 1)];
            for (unsigned k = 0; k < ms->n; k++) {
               if (!(enabled >> k & 1))
                  continue;
               int64_t sx = (int64_t)x * SIM_SUBPIX + SIM_SUBPIX / 2 + ms->dx[k];
               int64_t sy = (int64_t)y * SIM_SUBPIX + SIM_SUBPIX / 2 + ms->dy[k];
               bool in = true;
               for (unsigned e = 0; e < s->n; e++)
                  in &= s->dx[e] * (sy - s->y[e]) - s->dy[e] * (sx - s->x[e]) - s->bias[e] >= 0;
               smask[l] |= (uint8_t)(in << k);
            }
            mask |= (uint16_t)(smask[l] != 0) << l;
         }
         if (mask && !record(t, bx, by, mask, smask))
            return;
      }
   }
}

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;

static uint32_t rnd(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return (uint32_t)(rng_state >> 16);
}

static int64_t rnd_range(int64_t lo, int64_t hi)
{
   return lo + (int64_t)(((uint64_t)rnd() << 32 | rnd()) % (uint64_t)(hi - lo + 1));
}

/* A coordinate near [0, 96) px: on the 1/256 grid, on half pixels (ties with centres and
 * pixel edges) or anywhere on the 1/512 grid. */
static int64_t rnd_near(unsigned grid)
{
   int64_t v = rnd_range(-16 * SIM_SUBPIX, 112 * SIM_SUBPIX);
   int64_t step = grid == 0 ? SIM_SUBPIX / 256 : grid == 1 ? SIM_SUBPIX / 2 : 1;
   return v / step * step;
}

/* A random polygon: 3 vertices, or 4 as a parallelogram v0, v1, v1 + v2 - v0, v2. */
static unsigned rnd_polygon(int64_t x[4], int64_t y[4])
{
   unsigned kind = rnd() % 9, grid = rnd() % 3;
   for (unsigned k = 0; k < 3; k++) {
      if (kind == 0) {          /* huge: edges far outside the clip, blocks mostly full */
         x[k] = rnd_range(-(SIM_COORD_LIMIT / 2), SIM_COORD_LIMIT / 2);
         y[k] = rnd_range(-(SIM_COORD_LIMIT / 2), SIM_COORD_LIMIT / 2);
      } else if (kind == 1 && k > 0) {   /* sliver along the first edge */
         x[k] = x[k - 1] + rnd_range(-4, 4) + (k == 2 ? 0 : rnd_range(-60, 60) * SIM_SUBPIX);
         y[k] = y[k - 1] + rnd_range(-4, 4) + (k == 2 ? 0 : rnd_range(-60, 60) * SIM_SUBPIX);
      } else if (kind == 4 && k > 0) {   /* long edges through the clip in a direction
                                           of small integers: samples on them, far
                                           vertices (64-bit edge functions) */
         int64_t a = rnd_range(-3, 3), b = rnd_range(-3, 3), len = rnd_range(2000, 20000);
         x[k] = x[0] + a * len * (SIM_SUBPIX / 2);
         y[k] = y[0] + b * len * (SIM_SUBPIX / 2);
      } else if (kind == 5 && k > 0) {   /* tiny: within 2 px, mostly one or two blocks */
         x[k] = x[0] + rnd_range(-2 * SIM_SUBPIX, 2 * SIM_SUBPIX);
         y[k] = y[0] + rnd_range(-2 * SIM_SUBPIX, 2 * SIM_SUBPIX);
      } else if (kind == 2 && k > 0) {   /* small: within 12 px of the first vertex */
         x[k] = x[0] + rnd_range(-12 * SIM_SUBPIX, 12 * SIM_SUBPIX) / 2 * 2;
         y[k] = y[0] + rnd_range(-12 * SIM_SUBPIX, 12 * SIM_SUBPIX) / 2 * 2;
      } else {
         x[k] = rnd_near(kind == 4 ? 1 : grid);
         y[k] = rnd_near(kind == 4 ? 1 : grid);
      }
   }
   if (kind == 3) {   /* axis-aligned right triangle */
      x[2] = x[0];
      y[1] = y[0];
   }
   if (rnd() % 4)
      return 3;
   int64_t x4 = x[1] + x[2] - x[0], y4 = y[1] + y[2] - y[0];
   if (llabs(x4) >= SIM_COORD_LIMIT || llabs(y4) >= SIM_COORD_LIMIT)
      return 3;   /* the PA does not draw such a rectangle */
   x[3] = x[2];
   y[3] = y[2];
   x[2] = x4;
   y[2] = y4;
   return 4;
}

/* A random sample pattern: 1, 2, 4 or 8 samples; MSAA off (every sample at the centre),
 * random 4-bit offsets, or some positions repeated; a random PA_SC_AA_MASK. */
static void rnd_msaa(struct sim_sc_msaa *ms)
{
   memset(ms, 0, sizeof(*ms));
   ms->n = 1u << (rnd() % 4);
   unsigned mode = rnd() % 3;
   for (unsigned k = 0; k < ms->n; k++) {
      if (mode == 0)
         continue;
      if (mode == 2 && k > 0 && rnd() % 2) {
         unsigned j = rnd() % k;
         ms->dx[k] = ms->dx[j];
         ms->dy[k] = ms->dy[j];
         continue;
      }
      ms->dx[k] = rnd_range(-8, 7) * (SIM_SUBPIX / 16);
      ms->dy[k] = rnd_range(-8, 7) * (SIM_SUBPIX / 16);
   }
   bool all = rnd() % 2;
   for (unsigned q = 0; q < 4; q++)
      ms->aa_mask[q] = (uint8_t)((all ? 0xFF : rnd()) & ((1u << ms->n) - 1));
}

static void rnd_clip(struct sim_rect *c)
{
   c->x0 = (int32_t)rnd_range(0, 70);
   c->y0 = (int32_t)rnd_range(0, 70);
   c->x1 = c->x0 + (int32_t)rnd_range(rnd() % 16 ? 1 : 0, 60);
   c->y1 = c->y0 + (int32_t)rnd_range(rnd() % 16 ? 1 : 0, 60);
   if (rnd() % 4 == 0) {   /* aligned to blocks */
      c->x0 &= ~3;
      c->y0 &= ~3;
      c->x1 = (c->x1 + 3) & ~3;
      c->y1 = (c->y1 + 3) & ~3;
   }
}

static struct trace got, want;

static bool same_trace(void)
{
   if (got.n != want.n || got.overflow || want.overflow)
      return false;
   for (unsigned i = 0; i < got.n; i++) {
      const struct block *a = &got.b[i], *b = &want.b[i];
      if (a->bx != b->bx || a->by != b->by || a->mask != b->mask ||
          memcmp(a->smask, b->smask, 16) != 0)
         return false;
   }
   return true;
}

static void describe(unsigned n, const int64_t *x, const int64_t *y, unsigned rule,
                     const struct sim_sc_msaa *ms, const struct sim_rect *clip)
{
   fprintf(stderr, "  polygon");
   for (unsigned k = 0; k < n; k++)
      fprintf(stderr, " (%lld,%lld)", (long long)x[k], (long long)y[k]);
   fprintf(stderr, " /%d px, rule 0x%X, %u samples, aa_mask %02X %02X %02X %02X, clip "
           "[%d,%d)x[%d,%d): %u blocks, reference %u\n", SIM_SUBPIX, rule, ms->n,
           ms->aa_mask[0], ms->aa_mask[1], ms->aa_mask[2], ms->aa_mask[3], clip->x0,
           clip->x1, clip->y0, clip->y1, got.n, want.n);
   for (unsigned i = 0; i < got.n && i < want.n; i++) {
      const struct block *a = &got.b[i], *b = &want.b[i];
      if (a->bx != b->bx || a->by != b->by || a->mask != b->mask ||
          memcmp(a->smask, b->smask, 16) != 0) {
         fprintf(stderr, "  block %u: (%d,%d) mask %04X, reference (%d,%d) mask %04X\n", i,
                 a->bx, a->by, a->mask, b->bx, b->by, b->mask);
         break;
      }
   }
}

/* sim_sc_setup against its definition (sc.h): the vertices in the given order, or reversed
 * when the signed area is negative; edge i from vertex i to i + 1; the bias 0 where `rule`
 * has the bit of the edge's kind (horizontal: top when it runs right, else bottom;
 * otherwise left when it runs up, else right). Returns whether all agree. */
static bool setup_as_defined(unsigned n, const int64_t *x, const int64_t *y, unsigned rule,
                             bool made, const struct sim_sc_setup *s)
{
   int64_t area2 = 0;
   for (unsigned i = 0; i < n; i++)
      area2 += x[i] * y[(i + 1) % n] - x[(i + 1) % n] * y[i];
   if (area2 == 0 || !made)
      return area2 == 0 && !made;
   bool ok = s->n == n && s->reversed == (area2 < 0) && s->area2 == llabs(area2);
   for (unsigned i = 0; i < n && ok; i++) {
      unsigned a = area2 < 0 ? n - 1 - i : i, b = area2 < 0 ? (2 * n - 2 - i) % n : (i + 1) % n;
      int64_t dx = x[b] - x[a], dy = y[b] - y[a];
      unsigned kind = dy == 0 ? (dx > 0 ? SIM_EDGE_TOP : SIM_EDGE_BOTTOM)
                              : (dy < 0 ? SIM_EDGE_LEFT : SIM_EDGE_RIGHT);
      ok = s->x[i] == x[a] && s->y[i] == y[a] && s->dx[i] == dx && s->dy[i] == dy &&
           s->bias[i] == ((rule & kind) ? 0 : 1);
   }
   return ok;
}

/* Random polygons against the reference; returns the covered samples seen. */
static uint64_t random_walks(unsigned count)
{
   uint64_t samples = 0;
   unsigned bad = 0, stopped = 0, bad_setups = 0;
   for (unsigned i = 0; i < count; i++) {
      int64_t x[4], y[4];
      unsigned n = rnd_polygon(x, y);
      unsigned rule = rnd() % 16;
      struct sim_sc_msaa ms;
      rnd_msaa(&ms);
      struct sim_rect clip;
      rnd_clip(&clip);
      struct sim_sc_setup s;
      bool made = sim_sc_setup(&s, n, x, y, rule);
      if (!setup_as_defined(n, x, y, rule, made, &s) && bad_setups++ < 3)
         describe(n, x, y, rule, &ms, &clip);
      if (!made)
         continue;
      got.n = want.n = 0;
      got.overflow = want.overflow = false;
      got.stop_after = want.stop_after = rnd() % 8 == 0 ? 1 + rnd() % 8 : 0;
      struct sim_sc_pattern pattern;
      sim_sc_pattern_init(&pattern, &ms);
      sim_sc_raster_samples(&s, &clip, &pattern, record, &got);
      reference_walk(&s, &clip, &ms, &want);
      stopped += want.stop_after && want.n == want.stop_after;
      for (unsigned b = 0; b < want.n; b++)
         for (unsigned l = 0; l < 16; l++)
            samples += (unsigned)__builtin_popcount(want.b[b].smask[l]);
      if (!same_trace()) {
         if (bad++ < 3)
            describe(n, x, y, rule, &ms, &clip);
      }
   }
   CHECK(bad_setups == 0, "%u of %u set-ups differ from their definition", bad_setups, count);
   CHECK(bad == 0, "%u of %u random walks differ from the per-sample reference", bad, count);
   CHECK(stopped > count / 100, "only %u walks were stopped by their callback", stopped);
   return samples;
}

/* The batched walk (sim_sc_raster_blocks): batches of 1..SIM_SC_BATCH blocks that put
 * together are the reference's blocks; a callback returning false in mid-batch is called no
 * more. */
struct batches {
   struct trace *t;
   unsigned calls, bad_sizes;
   unsigned stop_call;          /* return false from this call (1-based); 0: never */
   bool called_after_stop;
};

static bool record_batch(void *ctx, const struct sim_sc_block *b, unsigned n)
{
   struct batches *bt = ctx;
   if (bt->stop_call && bt->calls >= bt->stop_call)
      bt->called_after_stop = true;
   bt->calls++;
   bt->bad_sizes += n < 1 || n > SIM_SC_BATCH;
   for (unsigned i = 0; i < n; i++)
      record(bt->t, b[i].bx, b[i].by, b[i].mask, b[i].smask);
   return bt->calls != bt->stop_call;
}

static void batched_walks(unsigned count)
{
   unsigned bad = 0, bad_sizes = 0, after_stop = 0, multi = 0;
   for (unsigned i = 0; i < count; i++) {
      int64_t x[4], y[4];
      unsigned n = rnd_polygon(x, y);
      struct sim_sc_msaa ms;
      rnd_msaa(&ms);
      struct sim_rect clip;
      rnd_clip(&clip);
      struct sim_sc_setup s;
      if (!sim_sc_setup(&s, n, x, y, rnd() % 16))
         continue;
      struct sim_sc_pattern pattern;
      sim_sc_pattern_init(&pattern, &ms);
      got.n = want.n = 0;
      got.overflow = want.overflow = false;
      got.stop_after = want.stop_after = 0;
      struct batches bt = { &got, 0, 0, rnd() % 4 == 0 ? 1 : 0, false };
      sim_sc_raster_blocks(&s, &clip, &pattern, record_batch, &bt);
      reference_walk(&s, &clip, &ms, &want);
      if (bt.stop_call && want.n > SIM_SC_BATCH)
         want.n = SIM_SC_BATCH;   /* the walk gives full batches: it stops after the first */
      multi += bt.calls > 1;
      bad_sizes += bt.bad_sizes;
      after_stop += bt.called_after_stop;
      if (!same_trace() && bad++ < 3)
         describe(n, x, y, 0, &ms, &clip);
   }
   CHECK(bad == 0, "%u of %u batched walks differ from the reference", bad, count);
   CHECK(bad_sizes == 0, "%u batches of a size outside 1..%d", bad_sizes, SIM_SC_BATCH);
   CHECK(after_stop == 0, "%u walks called their callback after it returned false", after_stop);
   CHECK(multi > count / 100, "only %u walks took more than one batch", multi);
}

/* The single-sample entry point is the sample walk at the centre with every lane enabled. */
static bool record_single(void *ctx, int32_t bx, int32_t by, uint16_t mask)
{
   static const uint8_t ones[16] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
   uint8_t smask[16];
   for (unsigned l = 0; l < 16; l++)
      smask[l] = (mask >> l & 1) ? ones[l] : 0;
   return record(ctx, bx, by, mask, smask);
}

static void single_sample_walks(unsigned count)
{
   const struct sim_sc_msaa centre = { .n = 1, .aa_mask = { 1, 1, 1, 1 } };
   unsigned bad = 0;
   for (unsigned i = 0; i < count; i++) {
      int64_t x[4], y[4];
      unsigned n = rnd_polygon(x, y);
      unsigned rule = rnd() % 16;
      struct sim_rect clip;
      rnd_clip(&clip);
      struct sim_sc_setup s;
      if (!sim_sc_setup(&s, n, x, y, rule))
         continue;
      got.n = want.n = 0;
      got.overflow = want.overflow = false;
      got.stop_after = want.stop_after = 0;
      sim_sc_raster(&s, &clip, record_single, &got);
      reference_walk(&s, &clip, &centre, &want);
      if (!same_trace() && bad++ < 3)
         describe(n, x, y, rule, &centre, &clip);
   }
   CHECK(bad == 0, "%u of %u single-sample walks differ from the reference", bad, count);
}

/* `test_sc_walk bench [ROUNDS [SAMPLES]]`: the SC's work alone on bench/raster's small-triangle grid
 * (two right triangles with 10-pixel legs per 10x10 cell of 510x510 pixels), on a grid like
 * glmark2's (10 x 7.5 px cells of a 320x240 window) and on one of tiny triangles like
 * glmark2's high-poly models (2.5 px cells of a 320x240 window), set up and walked ROUNDS times with one
 * sample and with 4 samples at the R7xx driver's positions (SAMPLES 1 or 4: only those); for instruction counts
 * (valgrind --tool=callgrind) per triangle. Prints what it covered, to keep the work. */
static bool count_block(void *ctx, int32_t bx, int32_t by, uint16_t mask, const uint8_t smask[16])
{
   uint64_t *sum = ctx;
   *sum += (uint64_t)(bx ^ by) + mask + smask[5];
   return true;
}

static int bench(unsigned rounds, unsigned samples)
{
   static const int64_t loc4[4][2] = { { -2, -6 }, { 6, -2 }, { -6, 2 }, { 2, 6 } };
   struct sim_sc_msaa one = { .n = 1, .aa_mask = { 1, 1, 1, 1 } }, four = { .n = 4 };
   for (unsigned k = 0; k < 4; k++) {
      four.dx[k] = loc4[k][0] * (SIM_SUBPIX / 16);
      four.dy[k] = loc4[k][1] * (SIM_SUBPIX / 16);
      four.aa_mask[k] = 0xF;
   }
   struct sim_sc_pattern p1, p4;
   sim_sc_pattern_init(&p1, &one);
   sim_sc_pattern_init(&p4, &four);
   const struct sim_rect clip = { 0, 0, 512, 512 };
   uint64_t sum = 0, tris = 0;
   for (unsigned r = 0; r < rounds; r++) {
      for (unsigned pat = samples == 4; pat < (samples == 1 ? 1u : 2u); pat++) {
         for (unsigned grid = 0; grid < 3; grid++) {
            /* cell size in 1/SIM_SUBPIX px, cells per row and column */
            static const int64_t cell_w[3] = { 10 * SIM_SUBPIX, 10 * SIM_SUBPIX,
                                               5 * SIM_SUBPIX / 2 };
            static const int64_t cell_h[3] = { 10 * SIM_SUBPIX, 15 * SIM_SUBPIX / 2,
                                               5 * SIM_SUBPIX / 2 };
            static const unsigned ncols[3] = { 51, 32, 128 }, nrows[3] = { 51, 32, 96 };
            int64_t cw = cell_w[grid], ch = cell_h[grid];
            unsigned cols = ncols[grid], rows = nrows[grid];
            for (unsigned cy = 0; cy < rows; cy++) {
               for (unsigned cx = 0; cx < cols; cx++) {
                  int64_t x0 = cx * cw, y0 = cy * ch, x1 = x0 + cw, y1 = y0 + ch;
                  const int64_t tx[2][3] = { { x0, x1, x0 }, { x1, x1, x0 } };
                  const int64_t ty[2][3] = { { y0, y0, y1 }, { y0, y1, y1 } };
                  for (unsigned t = 0; t < 2; t++) {
                     struct sim_sc_setup s;
                     if (sim_sc_setup(&s, 3, tx[t], ty[t], 0xA))
                        sim_sc_raster_samples(&s, &clip, pat ? &p4 : &p1, count_block, &sum);
                     tris++;
                  }
               }
            }
         }
      }
   }
   printf("test_sc_walk bench: %llu triangles, checksum %llu\n", (unsigned long long)tris,
          (unsigned long long)sum);
   return 0;
}

int main(int argc, char **argv)
{
   if (argc > 1 && !strcmp(argv[1], "bench"))
      return bench(argc > 2 ? (unsigned)atoi(argv[2]) : 100, argc > 3 ? (unsigned)atoi(argv[3]) : 0);
   uint64_t samples = random_walks(30000);
   CHECK(samples > 1000000, "random walks covered only %llu samples",
         (unsigned long long)samples);
   single_sample_walks(10000);
   batched_walks(10000);
   printf("test_sc_walk: 50000 random walks, %llu covered samples\n",
          (unsigned long long)samples);
   return check_report();
}
