/* PA triangle fast path, differential: sim_pa_triangle_fast (vertex set-up computed once
 * per vertex, four lanes at a time by sim_pa_setup_lanes, llvmpipe_backend/geometry/pa.c;
 * compared with the one-vertex sim_pa_setup_vertex too) against the reference
 * sim_pa_triangle on random decoded PA states (clipping on and off, guard and discard
 * bands, DX clip space, near/far and user planes, clip and cull distances, kill flags,
 * polygon modes, culling and facing, viewport enables and values, VTX_XY/Z/W0_FMT,
 * quantization and rounding modes, window offset, polygon offset, edge rules) and random
 * triangles (inside, crossing or outside the planes, on them exactly, w <= 0, NaN and
 * infinite positions, beyond the coordinate limit). Both must emit the same primitives in
 * the same order, bit for bit: SC set-up, window positions, depth, 1/w, area, facing,
 * polygon offset, the vertices (by value: clipped ones are new) and the provoking vertex;
 * and stop where the callback stops them. The set-up's outcodes and discard-band sides are
 * also checked against a plane-by-plane evaluation written here, and sim_pa_quantize (both
 * paths use it) against the floor-and-fraction formulation, every grid and rounding mode. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geometry/pa.h"
#include "geometry/pa_clip.h"
#include "check.h"

#define MAX_PRIMS 64
#define NPARAMS_MAX 4

/* One emitted primitive, by value. */
struct rec {
   struct sim_sc_setup sc;
   int64_t x[3], y[3], area2;
   uint32_t z[3], inv_w[3];
   uint64_t z_offset;
   bool front, point;
   int vsrc[3], psrc;                       /* index of the input vertex, or -1: a new one */
   float vpos[3][4], vparam[3][NPARAMS_MAX][4];
   unsigned ccheck;                         /* clip distances of new vertices, as bits */
};

struct trace {
   struct rec r[MAX_PRIMS];
   unsigned n, stop_after;
   const struct sim_vtx *in;                /* the three input vertices */
   unsigned nparams;
};

static uint32_t bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static int source(const struct trace *t, const struct sim_vtx *v)
{
   for (int k = 0; k < 3; k++)
      if (v == &t->in[k])
         return k;
   return -1;
}

static bool record(void *ctx, const struct sim_prim *p)
{
   struct trace *t = ctx;
   if (t->n == MAX_PRIMS)
      return false;
   struct rec *r = &t->r[t->n++];
   memset(r, 0, sizeof(*r));
   r->sc.n = p->sc.n;
   r->sc.reversed = p->sc.reversed;
   r->sc.area2 = p->sc.area2;
   for (unsigned i = 0; i < p->sc.n; i++) {
      r->sc.x[i] = p->sc.x[i];
      r->sc.y[i] = p->sc.y[i];
      r->sc.dx[i] = p->sc.dx[i];
      r->sc.dy[i] = p->sc.dy[i];
      r->sc.bias[i] = p->sc.bias[i];
   }
   for (unsigned k = 0; k < 3; k++) {
      r->x[k] = p->x[k];
      r->y[k] = p->y[k];
      r->z[k] = bits(p->z[k]);
      r->inv_w[k] = bits(p->inv_w[k]);
      r->vsrc[k] = source(t, p->v[k]);
      memcpy(r->vpos[k], p->v[k]->pos, sizeof(r->vpos[k]));
      for (unsigned i = 0; i < t->nparams; i++)
         memcpy(r->vparam[k][i], p->v[k]->param[i], sizeof(r->vparam[k][i]));
      for (unsigned d = 0; d < 8; d++)
         r->ccheck = r->ccheck * 31u + bits(p->v[k]->ccdist[d]);
   }
   r->area2 = p->area2;
   memcpy(&r->z_offset, &p->z_offset, 8);
   r->front = p->front;
   r->point = p->point;
   r->psrc = source(t, p->provoking);
   return t->n != t->stop_after;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 16);
}

static bool chance(unsigned percent)
{
   return rnd() % 100 < percent;
}

static float frand(float lo, float hi)
{
   return lo + (hi - lo) * (float)(rnd() % 100001) / 100000.0f;
}

static void random_state(struct sim_pa_state *pa, unsigned nparams)
{
   memset(pa, 0, sizeof(*pa));
   pa->nparams = nparams;
   pa->kill_all = chance(3);
   pa->clip = chance(80);
   pa->dx_clip_space = chance(30);
   float bands[] = { 1.0f, 0.5f, 2.0f, 4.0f, 1.5f };
   pa->gb_x = bands[rnd() % 5];
   pa->gb_y = bands[rnd() % 5];
   pa->disc_x = chance(50) ? 1.0f : bands[rnd() % 5];
   pa->disc_y = chance(50) ? 1.0f : bands[rnd() % 5];
   for (unsigned n = 0; n < 6; n++)
      for (unsigned c = 0; c < 4; c++)
         pa->ucp[n][c] = frand(-1, 1);
   pa->misc_vec = chance(50);
   pa->ccdist_vec[0] = chance(30);
   pa->ccdist_vec[1] = chance(30);
   if (chance(10))
      pa->ucp_cull_mask = rnd() % 64;
   if (chance(10))
      pa->cull_dist_mask = rnd() % 256;
   pa->kill_flag = chance(10);
   pa->kill_or = chance(50);
   pa->edge_flag = chance(20);
   if (pa->clip) {
      pa->clip_planes = 1u << SIM_PLANE_W | 1u << SIM_PLANE_LEFT | 1u << SIM_PLANE_RIGHT |
                        1u << SIM_PLANE_TOP | 1u << SIM_PLANE_BOTTOM;
      if (chance(80))
         pa->clip_planes |= 1u << SIM_PLANE_NEAR;
      if (chance(80))
         pa->clip_planes |= 1u << SIM_PLANE_FAR;
      if (chance(10))
         pa->clip_planes |= (rnd() % 64) << SIM_PLANE_UCP0;
      if (chance(10))
         pa->clip_planes |= (rnd() % 256) << SIM_PLANE_CLIPDIST0;
   }
   for (unsigned i = 0; i < 3; i++) {
      pa->scale[i] = chance(90);
      pa->offset[i] = chance(90);
      pa->vscale[i] = i == 2 ? frand(0, 1) : frand(-600, 600);
      pa->voffset[i] = i == 2 ? frand(0, 1) : frand(-100, 700);
   }
   pa->xy_fmt = chance(10);
   pa->z_fmt = chance(10);
   pa->w0_fmt = !chance(10);
   pa->quant_bits = (unsigned[]){ 0, 1, 2, 3, 4, 8 }[rnd() % 6];
   pa->round_mode = rnd() % 4;
   pa->pix_center_half = chance(70);
   if (chance(20)) {
      pa->win_off_x = (int64_t)(rnd() % 64) * SIM_SUBPIX;
      pa->win_off_y = -(int64_t)(rnd() % 64) * SIM_SUBPIX;
   }
   pa->cull_front = chance(25);
   pa->cull_back = chance(25);
   pa->face_cw = chance(50);
   pa->ptype[0] = pa->ptype[1] = 2;   /* triangles */
   if (chance(10)) {
      pa->ptype[0] = rnd() % 3;
      pa->ptype[1] = rnd() % 3;
   }
   pa->edge_tri = rnd() % 16;
   pa->edge_point = rnd() % 16;
   pa->edge_line_lr = rnd() % 64;
   pa->edge_line_rl = rnd() % 64;
   pa->edge_line_tb = rnd() % 16;
   pa->edge_line_bt = rnd() % 16;
   pa->line_hw = SIM_SUBPIX / 2;
   pa->point_hw = pa->point_hh = SIM_SUBPIX;
   pa->offset_tri[0] = chance(20);
   pa->offset_tri[1] = chance(20);
   pa->offset_para = chance(20);
   pa->offset_neg_bits = -24;
   pa->offset_float = chance(30);
   pa->offset_scale[0] = frand(-8, 8);
   pa->offset_scale[1] = frand(-8, 8);
   pa->offset_units[0] = frand(-4, 4);
   pa->offset_units[1] = frand(-4, 4);
   pa->offset_clamp = chance(50) ? 0.0f : frand(-0.01f, 0.01f);
   /* triangles no sample of the draw can lie in are not emitted: mostly the whole range,
    * some small scissors and MSAA-like sample offsets (1/16 px, -8..7) */
   pa->scissor = (struct sim_rect){ -65536, -65536, 65536, 65536 };   /* all of window space */
   if (chance(6)) {
      pa->scissor.x0 = (int32_t)(rnd() % 1000) - 200;
      pa->scissor.y0 = (int32_t)(rnd() % 1000) - 200;
      pa->scissor.x1 = pa->scissor.x0 + (int32_t)(rnd() % 600);
      pa->scissor.y1 = pa->scissor.y0 + (int32_t)(rnd() % 600);
   }
   if (chance(50)) {
      int64_t a = (int64_t)(rnd() % 16) - 8, b = (int64_t)(rnd() % 16) - 8;
      int64_t c = (int64_t)(rnd() % 16) - 8, d = (int64_t)(rnd() % 16) - 8;
      pa->samples = (struct sim_sc_extent){ (a < b ? a : b) * (SIM_SUBPIX / 16),
                                            (a < b ? b : a) * (SIM_SUBPIX / 16),
                                            (c < d ? c : d) * (SIM_SUBPIX / 16),
                                            (c < d ? d : c) * (SIM_SUBPIX / 16) };
   }
}

static int64_t floor_div(int64_t a, int64_t b)
{
   return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

/* Whether a pixel of pa->scissor has a sample position (centre plus an offset within
 * pa->samples) in the bounding box of p's vertices: on each axis the pixels whose centre c
 * has c + dmax >= min and c + dmin <= max. */
static bool box_reaches_sample(const struct sim_pa_state *pa, const struct rec *p)
{
   int64_t lo[2] = { INT64_MAX, INT64_MAX }, hi[2] = { INT64_MIN, INT64_MIN };
   for (unsigned k = 0; k < 3; k++) {
      const int64_t c[2] = { p->x[k], p->y[k] };
      for (unsigned a = 0; a < 2; a++) {
         lo[a] = c[a] < lo[a] ? c[a] : lo[a];
         hi[a] = c[a] > hi[a] ? c[a] : hi[a];
      }
   }
   const int64_t dmin[2] = { pa->samples.dxmin, pa->samples.dymin };
   const int64_t dmax[2] = { pa->samples.dxmax, pa->samples.dymax };
   const int64_t s0[2] = { pa->scissor.x0, pa->scissor.y0 };
   const int64_t s1[2] = { pa->scissor.x1, pa->scissor.y1 };
   for (unsigned a = 0; a < 2; a++) {
      /* centre = px * SUBPIX + SUBPIX / 2 */
      int64_t first = -floor_div(-(lo[a] - dmax[a] - SIM_SUBPIX / 2), SIM_SUBPIX);
      int64_t last = floor_div(hi[a] - dmin[a] - SIM_SUBPIX / 2, SIM_SUBPIX);
      first = first > s0[a] ? first : s0[a];
      last = last < s1[a] - 1 ? last : s1[a] - 1;
      if (first > last)
         return false;
   }
   return true;
}

/* A clip-space coordinate relative to w: mostly inside, some on or past the planes. */
static float coord(float w)
{
   unsigned k = rnd() % 20;
   if (k == 0)
      return w;                 /* on the plane */
   if (k == 1)
      return -w;
   if (k == 2)
      return frand(-5, 5) * w;  /* outside some band */
   if (k == 3)
      return frand(-1e7f, 1e7f);
   return frand(-1, 1) * w;
}

static void random_vertex(struct sim_vtx *v, unsigned nparams, const struct sim_vtx *near)
{
   memset(v, 0, sizeof(*v));
   float w = chance(90) ? frand(0.25f, 4.0f) : chance(50) ? 0.0f : frand(-2, 0.5f);
   if (near && chance(70)) {   /* a small triangle near another vertex */
      memcpy(v->pos, near->pos, sizeof(v->pos));
      v->pos[0] += frand(-0.05f, 0.05f);
      v->pos[1] += frand(-0.05f, 0.05f);
      v->pos[2] += frand(-0.05f, 0.05f);
   } else {
      v->pos[3] = w;
      v->pos[0] = coord(w);
      v->pos[1] = coord(w);
      v->pos[2] = coord(w);
   }
   if (chance(2))
      v->pos[rnd() % 4] = chance(50) ? NAN : INFINITY;
   for (unsigned c = 0; c < 4; c++)
      v->misc[c] = chance(20) ? 1.0f : 0.0f;
   for (unsigned d = 0; d < 8; d++)
      v->ccdist[d] = frand(-1, 1);
   for (unsigned i = 0; i < nparams; i++)
      for (unsigned c = 0; c < 4; c++)
         v->param[i][c] = frand(-10, 10);
}

/* The planes of pa->clip_planes v is outside of, plane by plane (sim_pa_outcode computes
 * the fixed planes together), and the discard-band sides as pa_clip.c documents them. */
static bool setup_matches(const struct sim_pa_state *pa, const struct sim_vtx *v,
                          const struct sim_pa_vtx_setup *su)
{
   if (!pa->clip)
      return su->clip_out == 0 && su->disc_out == 0;
   uint32_t out = 0;
   for (unsigned pl = 0; pl < SIM_NUM_PLANES; pl++)
      if ((pa->clip_planes >> pl & 1) && sim_pa_plane_dist(pa, pl, v) < 0)
         out |= 1u << pl;
   const float *p = v->pos;
   unsigned disc = (pa->disc_x * p[3] + p[0] < 0) | (pa->disc_x * p[3] - p[0] < 0) << 1 |
                   (pa->disc_y * p[3] + p[1] < 0) << 2 | (pa->disc_y * p[3] - p[1] < 0) << 3;
   return su->clip_out == out && su->disc_out == disc;
}

/* PA_SU_VTX_CNTL quantization as floor and fraction in double (the formulation pa_setup.c
 * documents), for sim_pa_quantize. */
static bool quantize_ref(const struct sim_pa_state *pa, float window, int64_t *out)
{
   if (!isfinite(window))
      return false;
   double v = ((double)window + (pa->pix_center_half ? 0.0 : 0.5)) * ldexp(1.0, (int)pa->quant_bits);
   double limit = ldexp(1.0, 15 + (int)pa->quant_bits);
   if (!(fabs(v) < limit + 1.0))
      return false;
   double f = floor(v), frac = v - f;
   double r;
   switch (pa->round_mode) {
   case 0: r = v < 0 ? ceil(v) : f; break;                                 /* truncate */
   case 1: r = frac > 0.5 || (frac == 0.5 && v > 0) ? f + 1 : f; break;   /* away */
   case 2: r = frac > 0.5 || (frac == 0.5 && fmod(f, 2) != 0) ? f + 1 : f; break;
   default: r = frac > 0.5 || (frac == 0.5 && fmod(f, 2) == 0) ? f + 1 : f; break;
   }
   if (r <= -limit || r >= limit)
      return false;
   *out = (int64_t)ldexp(r, SIM_SUBPIX_BITS - (int)pa->quant_bits);
   return true;
}

/* A window coordinate: on, next to or between grid points and halves, near the limits,
 * tiny, huge, non-finite, or any bits. */
static float window_coord(unsigned qb)
{
   float grid = ldexpf(1.0f, -(int)qb);
   float v;
   switch (rnd() % 8) {
   case 0: v = (float)((int)(rnd() % 20000) - 10000) * grid * 0.5f; break;   /* halves */
   case 1: v = nextafterf((float)((int)(rnd() % 2000) - 1000) * grid * 0.5f,
                          chance(50) ? INFINITY : -INFINITY); break;
   case 2: v = (chance(50) ? 1 : -1) * (32768.0f - (float)(rnd() % 4) * grid * 0.5f); break;
   case 3: v = nextafterf((chance(50) ? 1 : -1) * 32768.0f, chance(50) ? 0.0f : INFINITY); break;
   case 4: v = frand(-1e-6f, 1e-6f); break;
   case 5: { uint32_t u = rnd() << 16 ^ rnd(); memcpy(&v, &u, 4); break; }
   default: v = frand(-40000, 40000); break;
   }
   return v;
}

static void test_quantize(void)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < 400000; i++) {
      struct sim_pa_state pa;
      memset(&pa, 0, sizeof(pa));
      pa.quant_bits = (unsigned[]){ 0, 1, 2, 3, 4, 8 }[rnd() % 6];
      pa.round_mode = rnd() % 4;
      pa.pix_center_half = chance(50);
      float w = window_coord(pa.quant_bits);
      int64_t got = 0x5A5A, want = 0x5A5A;
      bool ok_got = sim_pa_quantize(&pa, w, &got), ok_want = quantize_ref(&pa, w, &want);
      if ((ok_got != ok_want || (ok_got && got != want)) && bad++ < 5)
         check(false, "quantize %a (grid 2^-%u, round mode %u, centre %u): %d %lld, want %d %lld",
               (double)w, pa.quant_bits, pa.round_mode, pa.pix_center_half, ok_got,
               (long long)got, ok_want, (long long)want);
   }
   CHECK(bad == 0, "%u quantized coordinates differ", bad);
}

/* sim_pa_window_positions4 (SSE2 in the round-to-even mode, in single precision with
 * PIX_CENTER = 1) against quantize_ref lane by lane, window offset added (at its limits
 * too); lanes not placed read 0. */
static void test_window_positions(void)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < 100000; i++) {
      struct sim_pa_state pa;
      memset(&pa, 0, sizeof(pa));
      pa.quant_bits = (unsigned[]){ 0, 1, 2, 3, 4, 8 }[rnd() % 6];
      pa.round_mode = chance(70) ? 2 : rnd() % 4;
      pa.pix_center_half = chance(50);
      /* PA_SC_WINDOW_OFFSET: 16-bit signed pixels */
      pa.win_off_x = chance(50) ? (int64_t)((int)(rnd() % 65536) - 32768) * SIM_SUBPIX : 0;
      pa.win_off_y = chance(50) ? (int64_t)((int)(rnd() % 65536) - 32768) * SIM_SUBPIX : 0;
      sim_pa_f4 x, y;
      for (unsigned l = 0; l < 4; l++) {
         x[l] = window_coord(pa.quant_bits);
         y[l] = chance(80) ? frand(-2000, 2000) : window_coord(pa.quant_bits);
      }
      sim_pa_i4 px, py, ok;
      sim_pa_window_positions4(&pa, x, y, &px, &py, &ok);
      for (unsigned l = 0; l < 4; l++) {
         int64_t wx = 0, wy = 0;
         bool want = quantize_ref(&pa, x[l], &wx) & quantize_ref(&pa, y[l], &wy);
         int64_t ex = want ? wx + pa.win_off_x : 0, ey = want ? wy + pa.win_off_y : 0;
         if ((ok[l] != (want ? -1 : 0) || px[l] != ex || py[l] != ey) && bad++ < 5)
            check(false, "window position %u (%a, %a), grid 2^-%u, round mode %u, centre %u: "
                  "%d (%d, %d), want %d (%lld, %lld)", l, (double)x[l], (double)y[l],
                  pa.quant_bits, pa.round_mode, pa.pix_center_half, ok[l], px[l], py[l], want,
                  (long long)ex, (long long)ey);
      }
   }
   CHECK(bad == 0, "%u window positions differ", bad);
}

static bool same_setup(const struct sim_pa_vtx_setup *a, const struct sim_pa_vtx_setup *b)
{
   bool same = a->finite == b->finite && a->projected == b->projected &&
               a->clip_out == b->clip_out && a->disc_out == b->disc_out;
   if (same && a->projected)
      same = a->win.x == b->win.x && a->win.y == b->win.y && bits(a->win.z) == bits(b->win.z) &&
             bits(a->win.inv_w) == bits(b->win.inv_w);
   return same;
}

static bool same_rec(const struct rec *a, const struct rec *b)
{
   return !memcmp(a, b, sizeof(*a));   /* records are zero-filled, then set field by field */
}

int main(void)
{
   test_quantize();
   test_window_positions();
   const unsigned runs = 200000;
   unsigned prims = 0, fast_emitted = 0, mismatches = 0, dropped = 0;
   for (unsigned i = 0; i < runs; i++) {
      struct sim_pa_state pa;
      unsigned nparams = rnd() % (NPARAMS_MAX + 1);
      random_state(&pa, nparams);
      struct sim_vtx in[3];
      random_vertex(&in[0], nparams, NULL);
      random_vertex(&in[1], nparams, &in[0]);
      random_vertex(&in[2], nparams, &in[0]);
      const struct sim_vtx *v[3] = { &in[0], &in[1], &in[2] };
      /* the set-up as draws make it (lanes of the VS's POS 60 export), and per vertex */
      static struct sim_exports e;
      struct sim_pa_vtx_setup su[3], one[3];
      for (unsigned k = 0; k < 3; k++)
         for (unsigned c = 0; c < 4; c++)
            memcpy(&e.pos[0][c][k], &in[k].pos[c], 4);
      sim_pa_setup_lanes(&pa, &e, 3, in, su);
      for (unsigned k = 0; k < 3; k++) {
         sim_pa_setup_vertex(&pa, &in[k], &one[k]);
         if (!same_setup(&su[k], &one[k]) && mismatches++ < 5)
            check(false, "run %u: vertex %u: set-up of the lanes differs from the vertex's", i, k);
      }
      if (i % 8 == 0) {   /* the lanes of a whole VS run (quads of four), n = 4..16 */
         static struct sim_vtx many[SIM_LANES];
         struct sim_pa_vtx_setup sm[SIM_LANES], sm1;
         unsigned n = 4 + rnd() % (SIM_LANES - 3);
         for (unsigned l = 0; l < n; l++) {
            random_vertex(&many[l], nparams, l ? &many[0] : NULL);
            for (unsigned c = 0; c < 4; c++)
               memcpy(&e.pos[0][c][l], &many[l].pos[c], 4);
         }
         sim_pa_setup_lanes(&pa, &e, n, many, sm);
         for (unsigned l = 0; l < n; l++) {
            sim_pa_setup_vertex(&pa, &many[l], &sm1);
            if (!same_setup(&sm[l], &sm1) && mismatches++ < 5)
               check(false, "run %u: lane %u of %u: set-up of the lanes differs from the vertex's",
                     i, l, n);
         }
      }
      const struct sim_pa_vtx_setup *sp[3] = { &su[0], &su[1], &su[2] };
      for (unsigned k = 0; k < 3; k++)
         if (!setup_matches(&pa, &in[k], &su[k]) && mismatches++ < 5)
            check(false, "run %u: vertex %u: outcode 0x%x, discard sides 0x%x", i, k,
                  su[k].clip_out, su[k].disc_out);
      unsigned provoking = rnd() % 3, edges = rnd() % 8;
      unsigned stop_after = chance(20) ? 1 + rnd() % 3 : 0;

      static struct trace ref, fast;
      ref.n = fast.n = 0;
      ref.stop_after = fast.stop_after = stop_after;
      ref.in = fast.in = in;
      ref.nparams = fast.nparams = nparams;
      bool ok_ref = sim_pa_triangle(&pa, v, &in[provoking], edges, record, &ref);
      bool ok_fast = sim_pa_triangle_fast(&pa, v, sp, &in[provoking], edges, record, &fast);

      /* the primitives dropped for their samples out of reach: those the reference emits
       * without the scissor and with offsets of a pixel either way, but not with pa's */
      struct sim_pa_state wide = pa;
      wide.scissor = (struct sim_rect){ -65536, -65536, 65536, 65536 };
      wide.samples = (struct sim_sc_extent){ -SIM_SUBPIX, SIM_SUBPIX, -SIM_SUBPIX, SIM_SUBPIX };
      static struct trace all;
      all.n = 0;
      all.stop_after = 0;
      all.in = in;
      all.nparams = nparams;
      sim_pa_triangle(&wide, v, &in[provoking], edges, record, &all);
      unsigned reached = 0;
      for (unsigned p = 0; p < all.n; p++)
         reached += box_reaches_sample(&pa, &all.r[p]);
      bool filled = pa.ptype[0] == 2 && pa.ptype[1] == 2;   /* no points or lines */
      if (filled && !stop_after && reached != ref.n && mismatches++ < 5)
         check(false, "run %u: %u primitives reach a sample, %u emitted", i, reached, ref.n);
      dropped += all.n - reached;

      bool same = ok_ref == ok_fast && ref.n == fast.n;
      for (unsigned p = 0; same && p < ref.n; p++)
         same = same_rec(&ref.r[p], &fast.r[p]);
      if (!same && mismatches++ < 5)
         check(false, "run %u: reference %u primitives (%d), fast path %u (%d)", i, ref.n,
               ok_ref, fast.n, ok_fast);
      prims += ref.n;
      /* triangles the fast path itself emitted (no fallback to the reference) */
      bool simple = !pa.kill_all && !pa.kill_flag && !pa.cull_dist_mask && !pa.ucp_cull_mask &&
                    pa.ptype[0] == 2 && pa.ptype[1] == 2 &&
                    !(su[0].clip_out | su[1].clip_out | su[2].clip_out) &&
                    (pa.clip || (in[0].pos[3] > 0 && in[1].pos[3] > 0 && in[2].pos[3] > 0));
      fast_emitted += simple ? fast.n : 0;
   }
   CHECK(mismatches == 0, "%u differences in %u random triangles", mismatches, runs);
   /* the draws must have exercised emitting, not only discarding */
   CHECK(prims > runs / 4, "only %u primitives emitted in %u runs", prims, runs);
   CHECK(fast_emitted > runs / 8, "only %u primitives from the fast path itself", fast_emitted);
   CHECK(dropped > runs / 100, "only %u primitives dropped for samples out of reach", dropped);
   printf("%u triangles, %u primitives emitted, %u of them by the fast path itself, %u "
          "dropped for samples out of reach\n", runs, prims, fast_emitted, dropped);
   return check_report();
}
