/* SC unit test: coverage of the simulator's scan converter (llvmpipe_backend/raster/sc.c) against
 * an independent exact reference, plus hand-derived tie cases, a watertightness property
 * and the PA's vertex quantization (PA_SU_VTX_CNTL).
 *
 * The reference (raster_ref.h) classifies edges geometrically on a 1/256-pixel grid;
 * the simulator uses oriented 64-bit edge functions on a 1/512 grid.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geometry/pa.h"
#include "geometry/pa_setup.h"
#include "raster_ref.h"
#include "raster/sc.h"
#include "check.h"

#define W 64
#define H 64

/* ---- the simulator's SC -------------------------------------------------------------- */

struct bitmap {
   uint8_t count[H][W];
   unsigned blocks_outside;   /* blocks reported outside the clip or misaligned */
};

static bool collect(void *ctx, int32_t bx, int32_t by, uint16_t mask)
{
   struct bitmap *bm = ctx;
   if (bx % 4 || by % 4 || bx < 0 || by < 0 || bx >= W || by >= H) {
      bm->blocks_outside++;
      return true;
   }
   for (unsigned l = 0; l < 16; l++) {
      if (!(mask & (1u << l)))
         continue;
      unsigned x = (unsigned)bx + sim_lane_x(l), y = (unsigned)by + sim_lane_y(l);
      if (x >= W || y >= H)
         bm->blocks_outside++;
      else
         bm->count[y][x]++;
   }
   return true;
}

/* Rasterizes a triangle given in 1/256 px into bm (added counts). */
static void sim_raster(struct bitmap *bm, const int64_t t[3][2], unsigned rule)
{
   int64_t x[3], y[3];
   for (unsigned k = 0; k < 3; k++) {
      x[k] = t[k][0] * (SIM_SUBPIX / 256);
      y[k] = t[k][1] * (SIM_SUBPIX / 256);
   }
   struct sim_sc_setup s;
   struct sim_rect clip = { 0, 0, W, H };
   if (sim_sc_setup(&s, 3, x, y, rule))
      sim_sc_raster(&s, &clip, collect, bm);
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return (uint32_t)(rng_state >> 16);
}

/* Random value in [lo, hi] that is a multiple of `step`. */
static int64_t rnd_coord(int64_t lo, int64_t hi, int64_t step)
{
   int64_t n = (hi - lo) / step + 1;
   return lo + (int64_t)(rnd() % (uint32_t)n) * step;
}

/* Random triangles on a grid of `step` (1/256 px units) against the reference. */
static unsigned random_triangles(unsigned n, int64_t step, bool random_rule, unsigned *pixels)
{
   unsigned mismatches = 0;
   for (unsigned i = 0; i < n; i++) {
      int64_t t[3][2];
      for (unsigned k = 0; k < 3; k++) {
         t[k][0] = rnd_coord(-8 * 256, 72 * 256, step);
         t[k][1] = rnd_coord(-8 * 256, 72 * 256, step);
      }
      unsigned rule = random_rule ? rnd() % 16 : SIM_EDGE_LEFT | SIM_EDGE_TOP;
      static struct bitmap bm;
      memset(&bm, 0, sizeof(bm));
      sim_raster(&bm, t, rule);
      CHECK(bm.blocks_outside == 0, "triangle %u: coverage outside the clip rectangle", i);
      for (int64_t py = 0; py < H; py++) {
         for (int64_t px = 0; px < W; px++) {
            bool want = ref_covered(t, px, py, rule);
            *pixels += want;
            if (want != (bm.count[py][px] == 1) || bm.count[py][px] > 1) {
               if (mismatches < 5)
                  fprintf(stderr, "mismatch: tri (%lld,%lld) (%lld,%lld) (%lld,%lld)/256 rule "
                          "0x%X pixel (%lld,%lld): ref %d sim %d\n",
                          (long long)t[0][0], (long long)t[0][1], (long long)t[1][0],
                          (long long)t[1][1], (long long)t[2][0], (long long)t[2][1], rule,
                          (long long)px, (long long)py, want, bm.count[py][px]);
               mismatches++;
            }
         }
      }
   }
   return mismatches;
}

/* Pixel-aligned triangle given in whole/half pixels (units of 1/2 px). */
static unsigned count_covered(const int64_t half_px[3][2], unsigned rule, struct bitmap *bm)
{
   int64_t t[3][2];
   for (unsigned k = 0; k < 3; k++) {
      t[k][0] = half_px[k][0] * 128;
      t[k][1] = half_px[k][1] * 128;
   }
   memset(bm, 0, sizeof(*bm));
   sim_raster(bm, t, rule);
   unsigned n = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         n += bm->count[y][x];
   return n;
}

static void test_lane_order(void)
{
   /* shader_exec.h: quads in the order TL, TR, BL, BR of the block; inside a quad
    * lane 4q+0 TL, 4q+1 TR, 4q+2 BL, 4q+3 BR. */
   static const unsigned want[16][2] = {
      { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 }, { 2, 0 }, { 3, 0 }, { 2, 1 }, { 3, 1 },
      { 0, 2 }, { 1, 2 }, { 0, 3 }, { 1, 3 }, { 2, 2 }, { 3, 2 }, { 2, 3 }, { 3, 3 },
   };
   for (unsigned l = 0; l < 16; l++)
      CHECK(sim_lane_x(l) == want[l][0] && sim_lane_y(l) == want[l][1], "lane %u at (%u,%u)", l,
            sim_lane_x(l), sim_lane_y(l));
}

static void test_ties(void)
{
   struct bitmap bm;
   const unsigned tl = SIM_EDGE_LEFT | SIM_EDGE_TOP, br = SIM_EDGE_RIGHT | SIM_EDGE_BOTTOM;

   /* (0,0) (4,0) (0,4): the hypotenuse x + y = 4 passes through the centres of (0,3),
    * (1,2), (2,1), (3,0); it is a right edge, so top-left leaves them out: x + y <= 2
    * gives 6 pixels. The other half (4,4) (0,4) (4,0) has it as a left edge: 10 pixels. */
   int64_t a[3][2] = { { 0, 0 }, { 8, 0 }, { 0, 8 } };
   int64_t b[3][2] = { { 8, 8 }, { 0, 8 }, { 8, 0 } };
   CHECK(count_covered(a, tl, &bm) == 6, "lower-left half: %u", count_covered(a, tl, &bm));
   CHECK(bm.count[3][0] == 0 && bm.count[2][0] == 1, "lower-left half tie pixels");
   CHECK(count_covered(b, tl, &bm) == 10, "upper-right half: %u", count_covered(b, tl, &bm));
   CHECK(bm.count[3][0] == 1 && bm.count[0][3] == 1 && bm.count[0][2] == 0, "upper-right ties");
   /* Either orientation gives the same coverage. */
   int64_t a_rev[3][2] = { { 0, 0 }, { 0, 8 }, { 8, 0 } };
   CHECK(count_covered(a_rev, tl, &bm) == 6, "reversed winding: %u", count_covered(a_rev, tl, &bm));

   /* The square with corners at pixel centres (0.5,0.5)-(4.5,4.5) as two triangles: its
    * left and top sides run through centres. Top-left: pixels 0..3 x 0..3. Bottom-right
    * (ER 0x5): pixels 1..4 x 1..4. */
   int64_t s1[3][2] = { { 1, 1 }, { 9, 1 }, { 1, 9 } };
   int64_t s2[3][2] = { { 9, 1 }, { 9, 9 }, { 1, 9 } };
   for (unsigned pass = 0; pass < 2; pass++) {
      unsigned rule = pass ? br : tl;
      unsigned off = pass;
      struct bitmap sum;
      memset(&sum, 0, sizeof(sum));
      count_covered(s1, rule, &bm);
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            sum.count[y][x] += bm.count[y][x];
      count_covered(s2, rule, &bm);
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            unsigned c = sum.count[y][x] + bm.count[y][x];
            bool inside = x >= off && x < off + 4 && y >= off && y < off + 4;
            bad += c != (inside ? 1u : 0u);
         }
      CHECK(bad == 0, "square from pixel centres, rule 0x%X: %u wrong pixels", rule, bad);
   }

   /* A horizontal top edge through centres (y = 2.5) with rule T only vs B only. */
   int64_t top[3][2] = { { 0, 5 }, { 16, 5 }, { 0, 21 } };
   count_covered(top, SIM_EDGE_TOP | SIM_EDGE_LEFT, &bm);
   CHECK(bm.count[2][0] == 1 && bm.count[2][6] == 1, "top edge inclusive");
   count_covered(top, SIM_EDGE_BOTTOM | SIM_EDGE_LEFT, &bm);
   CHECK(bm.count[2][0] == 0 && bm.count[3][0] == 1, "top edge exclusive");

   /* A single centre covered by a vertex only: tiny triangle with a vertex on (2.5, 2.5)
    * pointing into it - covered only if both edges through the vertex include it. */
   int64_t v[3][2] = { { 5, 5 }, { 6, 7 }, { 4, 7 } };   /* apex on the centre, y down */
   count_covered(v, 0xF, &bm);
   CHECK(bm.count[2][2] == 1, "apex sample, all edges inclusive");
   count_covered(v, tl, &bm);
   CHECK(bm.count[2][2] == 0, "apex sample between a left and a right edge, top-left rule");
}

/* Watertightness: a jittered grid mesh covering more than the target, each cell split into
 * two triangles, covers every pixel exactly once under a rule with exactly one of L/R and
 * one of T/B. */
static void test_mesh(int64_t jitter_step)
{
   enum { N = 9 };
   int64_t gx[N][N], gy[N][N];
   for (unsigned j = 0; j < N; j++)
      for (unsigned i = 0; i < N; i++) {
         int64_t bx = (int64_t)i * 12 * 256 - 16 * 256, by = (int64_t)j * 12 * 256 - 16 * 256;
         bool border = i == 0 || j == 0 || i == N - 1 || j == N - 1;
         gx[j][i] = bx + (border ? 0 : rnd_coord(-2 * 256, 2 * 256, jitter_step));
         gy[j][i] = by + (border ? 0 : rnd_coord(-2 * 256, 2 * 256, jitter_step));
      }
   static const unsigned rules[4] = { 0xA, 0x5, 0x9, 0x6 };
   for (unsigned r = 0; r < 4; r++) {
      static struct bitmap bm;
      memset(&bm, 0, sizeof(bm));
      for (unsigned j = 0; j + 1 < N; j++)
         for (unsigned i = 0; i + 1 < N; i++) {
            int64_t t1[3][2] = { { gx[j][i], gy[j][i] }, { gx[j][i + 1], gy[j][i + 1] },
                                 { gx[j + 1][i], gy[j + 1][i] } };
            int64_t t2[3][2] = { { gx[j][i + 1], gy[j][i + 1] },
                                 { gx[j + 1][i + 1], gy[j + 1][i + 1] },
                                 { gx[j + 1][i], gy[j + 1][i] } };
            sim_raster(&bm, t1, rules[r]);
            sim_raster(&bm, t2, rules[r]);
         }
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            bad += bm.count[y][x] != 1;
      CHECK(bad == 0, "mesh (jitter step %lld) rule 0x%X: %u pixels not covered exactly once",
            (long long)jitter_step, rules[r], bad);
   }
}

static void test_quantize(void)
{
   struct sim_pa_state pa;
   memset(&pa, 0, sizeof(pa));
   int64_t q;
   const int64_t u = SIM_SUBPIX / 256;   /* one 1/256 step in SC units */

   pa.quant_bits = 8;
   pa.pix_center_half = true;
   pa.round_mode = 2;   /* round to even */
   CHECK(sim_pa_quantize(&pa, 10.0f, &q) && q == 10 * SIM_SUBPIX, "10.0 -> %lld", (long long)q);
   CHECK(sim_pa_quantize(&pa, 0.5f / 256, &q) && q == 0, "half step to even 0: %lld", (long long)q);
   CHECK(sim_pa_quantize(&pa, 1.5f / 256, &q) && q == 2 * u, "1.5 steps to even 2: %lld",
         (long long)q);
   CHECK(sim_pa_quantize(&pa, -1.5f / 256, &q) && q == -2 * u, "-1.5 steps: %lld", (long long)q);
   CHECK(sim_pa_quantize(&pa, 1.4f / 256, &q) && q == u, "1.4 steps: %lld", (long long)q);
   pa.round_mode = 0;   /* truncate (toward zero) */
   CHECK(sim_pa_quantize(&pa, 1.9f / 256, &q) && q == u, "truncate 1.9: %lld", (long long)q);
   CHECK(sim_pa_quantize(&pa, -1.9f / 256, &q) && q == -u, "truncate -1.9: %lld", (long long)q);
   pa.round_mode = 1;   /* round half away from zero */
   CHECK(sim_pa_quantize(&pa, 0.5f / 256, &q) && q == u, "round 0.5: %lld", (long long)q);
   CHECK(sim_pa_quantize(&pa, -2.5f / 256, &q) && q == -3 * u, "round -2.5: %lld", (long long)q);
   pa.round_mode = 3;   /* round half to odd */
   CHECK(sim_pa_quantize(&pa, 1.5f / 256, &q) && q == u, "odd 1.5: %lld", (long long)q);
   CHECK(sim_pa_quantize(&pa, 2.5f / 256, &q) && q == 3 * u, "odd 2.5: %lld", (long long)q);

   /* QUANT_MODE 1/16 (4 bits) and PIX_CENTER 0 (D3D9: +0.5 first). */
   pa.round_mode = 2;
   pa.quant_bits = 4;
   CHECK(sim_pa_quantize(&pa, 1.0f + 3.0f / 64, &q) && q == SIM_SUBPIX + SIM_SUBPIX / 16,
         "1/16 grid: %lld", (long long)q);
   pa.pix_center_half = false;
   CHECK(sim_pa_quantize(&pa, 3.0f, &q) && q == 3 * SIM_SUBPIX + SIM_SUBPIX / 2,
         "PIX_CENTER 0 adds half a pixel: %lld", (long long)q);
   pa.quant_bits = 0;   /* whole pixels: 3.5 -> 4 (to even) */
   CHECK(sim_pa_quantize(&pa, 3.0f, &q) && q == 4 * SIM_SUBPIX, "1-pixel grid: %lld",
         (long long)q);

   pa.quant_bits = 8;
   pa.pix_center_half = true;
   CHECK(!sim_pa_quantize(&pa, 1e9f, &q), "huge coordinate rejected");
   CHECK(!sim_pa_quantize(&pa, __builtin_nanf(""), &q), "NaN rejected");
}

/* The quantizer as first written (libm rounding), kept as the reference of the integer
 * one: round, trunc, floor/ceil and fmod on the scaled double. */
static bool ref_quantize(const struct sim_pa_state *pa, float window, int64_t *out)
{
   if (!isfinite(window))
      return false;
   double v = ldexp((double)window + (pa->pix_center_half ? 0.0 : 0.5), (int)pa->quant_bits);
   double r;
   switch (pa->round_mode) {
   case 0: r = trunc(v); break;
   case 1: r = round(v); break;
   case 2: r = v - floor(v) == 0.5 ? (fmod(floor(v), 2.0) == 0.0 ? floor(v) : ceil(v)) : round(v);
           break;
   default: r = v - floor(v) == 0.5 ? (fmod(floor(v), 2.0) != 0.0 ? floor(v) : ceil(v)) : round(v);
            break;
   }
   r = ldexp(r, SIM_SUBPIX_BITS - (int)pa->quant_bits);
   if (!(fabs(r) < (double)SIM_COORD_LIMIT))
      return false;
   *out = (int64_t)r;
   return true;
}

/* Random window coordinates (on and near grid halves, anywhere, near the limit, huge,
 * tiny, not finite) in every mode against the reference. */
static void test_quantize_random(void)
{
   static const unsigned bits[6] = { 0, 1, 2, 3, 4, 8 };
   unsigned bad = 0, n = 0;
   for (unsigned i = 0; i < 400000; i++) {
      struct sim_pa_state pa;
      memset(&pa, 0, sizeof(pa));
      pa.quant_bits = bits[rnd() % 6];
      pa.round_mode = rnd() % 4;
      pa.pix_center_half = rnd() % 2;
      float f;
      switch (rnd() % 5) {
      case 0:   /* a multiple of half a grid step, nudged by at most one ulp */
         f = (float)((int32_t)(rnd() % 200000) - 100000) / (float)(2u << pa.quant_bits);
         f = rnd() % 3 == 0 ? nextafterf(f, rnd() % 2 ? 1e9f : -1e9f) : f;
         break;
      case 1: f = ((float)rnd() / 4294967296.0f - 0.5f) * 70000.0f; break;
      case 2: f = (rnd() % 2 ? 1.0f : -1.0f) * (32768.0f - (float)(rnd() % 64) / 32.0f); break;
      case 3: {
         uint32_t u = rnd() << 16 ^ rnd();
         memcpy(&f, &u, 4);   /* any bits: huge, tiny, denormal, infinite, NaN */
         break;
      }
      default: f = ldexpf((float)rnd() / 4294967296.0f, -(int)(rnd() % 140)); break;
      }
      int64_t a = -1, b = -1;
      bool ok_a = sim_pa_quantize(&pa, f, &a), ok_b = ref_quantize(&pa, f, &b);
      n += ok_b;
      if (ok_a != ok_b || (ok_a && a != b)) {
         if (bad++ < 5)
            fprintf(stderr, "quantize %a (bits %u, round %u, centre %d): %d %lld, reference "
                    "%d %lld\n", (double)f, pa.quant_bits, pa.round_mode, pa.pix_center_half,
                    ok_a, (long long)a, ok_b, (long long)b);
      }
   }
   CHECK(bad == 0, "%u random quantizations differ from the libm reference", bad);
   CHECK(n > 200000, "only %u random coordinates quantized", n);
}

int main(void)
{
   test_lane_order();
   test_ties();
   test_quantize();
   test_quantize_random();
   test_mesh(1);       /* 1/256 jitter */
   test_mesh(128);     /* half-pixel jitter: vertices and edges on pixel centres */

   unsigned pixels = 0;
   unsigned m1 = random_triangles(1000, 1, false, &pixels);     /* 1/256 grid, top-left */
   unsigned m2 = random_triangles(500, 128, false, &pixels);    /* half-pixel grid: ties */
   unsigned m3 = random_triangles(500, 64, true, &pixels);      /* every edge rule */
   CHECK(m1 == 0, "1/256 grid: %u mismatching pixels", m1);
   CHECK(m2 == 0, "half-pixel grid: %u mismatching pixels", m2);
   CHECK(m3 == 0, "random edge rules: %u mismatching pixels", m3);
   CHECK(pixels > 100000, "random triangles covered only %u pixels", pixels);

   printf("test_raster: 2000 random triangles, %u covered pixels\n", pixels);
   return check_report();
}
