/* PA below the GL layer: PA_SU_VTX_CNTL (every PIX_CENTER x ROUND_MODE x QUANT_MODE),
 * polygon modes (POLY_MODE / POLYMODE_FRONT/BACK_PTYPE with culling, edge flags, quads and
 * polygons), user clip planes (PA_CL_UCP_*, UCP_ENA_n, UCP_CULL_ONLY_ENA, PS_UCP_MODE for
 * points), VS clip and cull distances, vertex kill flags (VTX_KILL_OR), the guard band
 * below 1.0, the discard band, non-finite positions and the rasterization kill bits.
 * Real PM4 streams with the fake shader engines (sim_fake_engine.c: the VS exports four
 * parameters per vertex - colour, misc vector, clip distances 0-3 and 4-7 - also as
 * POS 61-63). Expected images come from exact integer models written here and in
 * raster_ref.h: vertex quantization by integer division, clipped polygons built with the
 * exact intersection (geometry chosen so that the simulator's float clipping is exact
 * too), the top-left triangle rule and the documented line rule. */
#include <math.h>
#include <stdlib.h>

#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "raster_ref.h"
#include "sim_fake_engine.h"

#define W 64
#define H 64
#define MAX_VERTS 1024

static struct r600_gpu *gpu;
static enum hw_chip chip = HW_CHIP_R7XX;
static uint64_t cb_va, vs_va, ps_va, pos_va, col_va;
static uint32_t *cb;
static float *pos, *col;            /* col: per vertex 4 vec4 (colour, misc, ccdist 0-3, 4-7) */
static unsigned fault_mark;
static uint32_t expected[W * H];
static uint64_t rng = 0x1234567887654321ull;

static uint32_t rnd(void)
{
   return pm4p_xorshift(&rng);
}

static unsigned new_faults(void)
{
   return pm4p_new_faults(gpu, &fault_mark);
}

/* Vertex v at (x, y) in units of 2^-shift pixel (NDC exact), colour c, misc m, distances d. */
static void set_vtx(unsigned v, int64_t x, int64_t y, unsigned shift, const float c[4],
                    const float m[4], const float d[8])
{
   static const float zero[8];
   pos[4 * v + 0] = (float)x / (float)(W / 2 << shift) - 1.0f;
   pos[4 * v + 1] = (float)y / (float)(H / 2 << shift) - 1.0f;
   pos[4 * v + 2] = 0.0f;
   pos[4 * v + 3] = 1.0f;
   memcpy(&col[16 * v], c, 16);
   memcpy(&col[16 * v + 4], m ? m : zero, 16);
   memcpy(&col[16 * v + 8], d ? d : zero, 32);
}

static void random_colour(float c[4])
{
   for (unsigned i = 0; i < 3; i++)
      c[i] = (float)(1 + rnd() % 254) / 255.0f;
   c[3] = 1.0f;
}

static void emit_state(struct ib *ib)
{
   pm4p_emit_raster(ib, W, H);
   pm4p_emit_cb_rgba8(ib, cb_va, W, H);
   pm4p_emit_shaders(ib, vs_va, ps_va, true);
   ib_ctx(ib, REG_SPI_VS_OUT_CONFIG, SPI_VS_OUT_CONFIG__VS_EXPORT_COUNT(3));
   ib_ctx(ib, REG_SPI_VS_OUT_ID_0, SPI_VS_OUT_ID_0__SEMANTIC_0(1) | SPI_VS_OUT_ID_0__SEMANTIC_1(2) |
                                   SPI_VS_OUT_ID_0__SEMANTIC_2(3) | SPI_VS_OUT_ID_0__SEMANTIC_3(4));
   ib_ctx(ib, REG_SPI_PS_INPUT_CNTL_0, SPI_PS_INPUT_CNTL_0__SEMANTIC(1) |
                                       SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1));
   ib_ctx(ib, REG_PA_CL_VS_OUT_CNTL, PA_CL_VS_OUT_CNTL__VS_OUT_MISC_VEC_ENA(1) |
                                     PA_CL_VS_OUT_CNTL__VS_OUT_CCDIST0_VEC_ENA(1) |
                                     PA_CL_VS_OUT_CNTL__VS_OUT_CCDIST1_VEC_ENA(1));
   ib_ctx(ib, REG_PA_SC_LINE_CNTL, PA_SC_LINE_CNTL__LAST_PIXEL(1));
   ib_ctx(ib, REG_PA_SU_LINE_CNTL, PA_SU_LINE_CNTL__WIDTH(8));
   ib_ctx(ib, REG_PA_SU_POINT_SIZE, PA_SU_POINT_SIZE__WIDTH(8) | PA_SU_POINT_SIZE__HEIGHT(8));
   ib_ctx(ib, REG_PA_SU_POINT_MINMAX, 0);
   ib_ctx(ib, REG_PA_CL_NANINF_CNTL, 0);
   ib_ctx(ib, REG_SX_MISC, 0);
}

static void draw(struct ib *ib, unsigned prim, unsigned count)
{
   pm4p_draw_auto(ib, prim, count);
   for (unsigned i = 0; i < W * H; i++)
      cb[i] = 0;
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib->dw, ib->n));
}

static unsigned drawn;   /* pixels the last expected image covers */

static unsigned diff_image(const char *what)
{
   unsigned bad = 0;
   drawn = 0;
   for (unsigned i = 0; i < W * H; i++) {
      drawn += expected[i] != 0;
      if (cb[i] != expected[i] && bad++ < 3)
         fprintf(stderr, "  %s: pixel (%u,%u) got %08X want %08X\n", what, i % W, i / W, cb[i],
                 expected[i]);
   }
   if (getenv("TEST_PA_VERBOSE"))
      fprintf(stderr, "  %s: %u pixels drawn, %u wrong\n", what, drawn, bad);
   return bad;
}

/* ---- reference painters (1/256 px) ------------------------------------------------------ */

static void paint_tri(const int64_t t[3][2], uint32_t v)
{
   for (int64_t y = 0; y < H; y++)
      for (int64_t x = 0; x < W; x++)
         if (ref_covered(t, x, y, REF_LEFT | REF_TOP))
            expected[y * W + x] = v;
}

static const struct ref_line_rule mesa_lines = { 0x2A, 0x2A, 0xA, 0xA, true };

static void paint_line(const int64_t a[2], const int64_t b[2], uint32_t v)
{
   for (int64_t y = 0; y < H; y++)
      for (int64_t x = 0; x < W; x++)
         if (ref_line_covers(a, b, 128, &mesa_lines, x, y))
            expected[y * W + x] = v;
}

/* A 1x1 point (half size 0.5 px = 128 units): left and top edges inclusive. */
static void paint_point(const int64_t c[2], uint32_t v)
{
   for (int64_t y = 0; y < H; y++)
      for (int64_t x = 0; x < W; x++) {
         int64_t px = 256 * x + 128, py = 256 * y + 128;
         if (px >= c[0] - 128 && px < c[0] + 128 && py >= c[1] - 128 && py < c[1] + 128)
            expected[y * W + x] = v;
      }
}

static int64_t area2(const int64_t t[3][2])
{
   return (t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) - (t[1][1] - t[0][1]) * (t[2][0] - t[0][0]);
}

/* ---- PA_SU_VTX_CNTL -------------------------------------------------------------------- */

/* v (units of 1/4096 px) quantized to 2^-q px by ROUND_MODE rm, in 1/256 px. */
static int64_t ref_quantize(int64_t v, unsigned q, unsigned rm)
{
   int64_t d = (int64_t)1 << (12 - q), half = d / 2;
   int64_t fl = v >= 0 ? v / d : -((-v + d - 1) / d);   /* floor */
   int64_t rem = v - fl * d, r;
   if (rm == 0)
      r = v >= 0 || rem == 0 ? fl : fl + 1;                       /* toward zero */
   else if (rem != half)
      r = rem > half ? fl + 1 : fl;
   else if (rm == 1)
      r = v > 0 ? fl + 1 : fl;                                    /* away from zero */
   else if (rm == 2)
      r = (fl % 2 == 0) ? fl : fl + 1;                            /* to even */
   else
      r = (fl % 2 != 0) ? fl : fl + 1;                            /* to odd */
   return r << (8 - q);
}

static void test_quantization(void)
{
   static const unsigned qbits[6] = { 4, 3, 2, 1, 0, 8 };   /* QUANT_MODE 0..5 */
   unsigned combos = 0;
   for (unsigned pc = 0; pc < 2; pc++)
      for (unsigned rm = 0; rm < 4; rm++)
         for (unsigned qm = 0; qm < 6; qm++) {
            const unsigned n = 24;
            memset(expected, 0, sizeof(expected));
            for (unsigned i = 0; i < n; i++) {
               float c[4];
               random_colour(c);
               int64_t t[3][2];
               for (unsigned k = 0; k < 3; k++) {
                  int64_t raw[2];
                  for (unsigned a = 0; a < 2; a++) {
                     raw[a] = (int64_t)(rnd() % (62 * 4096)) + 4096;
                     if (rnd() % 4 == 0)   /* exactly halfway between grid points */
                        raw[a] = raw[a] / 4096 * 4096 + ((int64_t)1 << (11 - qbits[qm]));
                     t[k][a] = ref_quantize(raw[a] + (pc ? 0 : 2048), qbits[qm], rm);
                  }
                  set_vtx(3 * i + k, raw[0], raw[1], 12, c, NULL, NULL);
               }
               paint_tri(t, pm4p_rgba(c));
            }
            struct ib ib = { .n = 0 };
            emit_state(&ib);
            ib_ctx(&ib, REG_PA_SU_VTX_CNTL, PA_SU_VTX_CNTL__PIX_CENTER(pc) |
                                            PA_SU_VTX_CNTL__ROUND_MODE(rm) |
                                            PA_SU_VTX_CNTL__QUANT_MODE(qm));
            draw(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3 * n);
            unsigned bad = diff_image("quantization");
            CHECK(bad == 0 && drawn > 500 && new_faults() == 0,
                  "PIX_CENTER %u ROUND_MODE %u QUANT_MODE %u: %u wrong",
                  pc, rm, qm, bad);
            combos++;
         }
   CHECK(combos == 48, "%u PA_SU_VTX_CNTL combinations", combos);
}

/* ---- polygon modes ---------------------------------------------------------------------- */

enum { PT_POINTS, PT_LINES, PT_TRIS };

/* Reference of one triangle in a polygon mode; edge_ok[k]: edge k / vertex k drawn. */
static void paint_unfilled(const int64_t t[3][2], unsigned ptype, const bool edge_ok[3], uint32_t v)
{
   if (ptype == PT_TRIS) {
      paint_tri(t, v);
      return;
   }
   for (unsigned k = 0; k < 3; k++) {
      if (!edge_ok[k])
         continue;
      if (ptype == PT_LINES)
         paint_line(t[k], t[(k + 1) % 3], v);
      else
         paint_point(t[k], v);
   }
}

static void test_poly_modes(void)
{
   static const struct { unsigned front, back; bool cull_back, edge_flags; } cases[] = {
      { PT_LINES, PT_POINTS, false, false }, { PT_POINTS, PT_LINES, false, false },
      { PT_LINES, PT_TRIS, false, false },   { PT_TRIS, PT_LINES, true, false },
      { PT_LINES, PT_LINES, false, true },   { PT_POINTS, PT_POINTS, false, true },
   };
   for (unsigned ci = 0; ci < sizeof(cases) / sizeof(cases[0]); ci++) {
      const unsigned n = 30;
      memset(expected, 0, sizeof(expected));
      for (unsigned i = 0; i < n; i++) {
         float c[4];
         random_colour(c);
         int64_t t[3][2];
         bool edge_ok[3];
         for (unsigned k = 0; k < 3; k++) {
            t[k][0] = (int64_t)(rnd() % (56 * 256)) + 4 * 256;
            t[k][1] = (int64_t)(rnd() % (56 * 256)) + 4 * 256;
            float m[4] = { 0, 1, 0, 0 };
            edge_ok[k] = !cases[ci].edge_flags || rnd() % 3;
            m[1] = edge_ok[k] ? 1.0f : 0.0f;
            set_vtx(3 * i + k, t[k][0], t[k][1], 8, c, m, NULL);
         }
         int64_t a = area2(t);
         if (a == 0)
            continue;
         bool front = a > 0;
         if (!front && cases[ci].cull_back)
            continue;
         paint_unfilled(t, front ? cases[ci].front : cases[ci].back, edge_ok, pm4p_rgba(c));
      }
      struct ib ib = { .n = 0 };
      emit_state(&ib);
      ib_ctx(&ib, REG_PA_SU_SC_MODE_CNTL,
             PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) | PA_SU_SC_MODE_CNTL__POLY_MODE(1) |
             PA_SU_SC_MODE_CNTL__POLYMODE_FRONT_PTYPE(cases[ci].front) |
             PA_SU_SC_MODE_CNTL__POLYMODE_BACK_PTYPE(cases[ci].back) |
             PA_SU_SC_MODE_CNTL__CULL_BACK(cases[ci].cull_back));
      if (cases[ci].edge_flags)
         ib_ctx(&ib, REG_PA_CL_VS_OUT_CNTL, PA_CL_VS_OUT_CNTL__VS_OUT_MISC_VEC_ENA(1) |
                                            PA_CL_VS_OUT_CNTL__USE_VTX_EDGE_FLAG(1));
      draw(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3 * n);
      unsigned bad = diff_image("polygon mode");
      CHECK(bad == 0 && drawn > 20 && new_faults() == 0, "polygon mode case %u: %u wrong", ci, bad);
   }

   /* QUADLIST and POLYGON in line mode: the outline, no inner diagonals. */
   for (unsigned type = 0; type < 2; type++) {
      memset(expected, 0, sizeof(expected));
      unsigned nv = 0;
      float c[4];
      if (type == 0) {
         for (unsigned q = 0; q < 8; q++) {
            random_colour(c);
            int64_t v[4][2];
            for (unsigned k = 0; k < 3; k++) {
               v[k][0] = (int64_t)(rnd() % (40 * 256)) + 12 * 256;
               v[k][1] = (int64_t)(rnd() % (40 * 256)) + 12 * 256;
            }
            v[3][0] = v[0][0] + v[2][0] - v[1][0];   /* a parallelogram: convex */
            v[3][1] = v[0][1] + v[2][1] - v[1][1];
            for (unsigned k = 0; k < 4; k++) {
               set_vtx(nv++, v[k][0], v[k][1], 8, c, NULL, NULL);
               paint_line(v[k], v[(k + 1) % 4], pm4p_rgba(c));
            }
         }
      } else {
         random_colour(c);
         int64_t v[7][2];
         for (unsigned k = 0; k < 7; k++) {   /* a convex heptagon */
            double ang = 6.283185307179586 * k / 7;
            v[k][0] = 32 * 256 + (int64_t)lround(20 * 256 * cos(ang));
            v[k][1] = 32 * 256 + (int64_t)lround(20 * 256 * sin(ang));
            set_vtx(nv++, v[k][0], v[k][1], 8, c, NULL, NULL);
         }
         for (unsigned k = 0; k < 7; k++)
            paint_line(v[k], v[(k + 1) % 7], pm4p_rgba(c));
      }
      struct ib ib = { .n = 0 };
      emit_state(&ib);
      ib_ctx(&ib, REG_PA_SU_SC_MODE_CNTL,
             PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) | PA_SU_SC_MODE_CNTL__POLY_MODE(1) |
             PA_SU_SC_MODE_CNTL__POLYMODE_FRONT_PTYPE(PT_LINES) |
             PA_SU_SC_MODE_CNTL__POLYMODE_BACK_PTYPE(PT_LINES));
      draw(&ib, type ? VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POLYGON
                     : VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADLIST, nv);
      unsigned bad = diff_image("outline");
      CHECK(bad == 0 && new_faults() == 0, "%s outline: %u wrong", type ? "POLYGON" : "QUADLIST", bad);
   }
}

/* ---- user clip planes, clip / cull distances, guard band -------------------------------- */

/* Coordinate `axis` of a point at signed distance s (1/256 px) from the line at c on the
 * inside (s >= 0) for plane sense `le` (inside: coordinate <= c). */
static int64_t at_dist(int64_t c, int64_t s, bool le)
{
   return le ? c - s : c + s;
}

/* y (or x) of the exact intersection of a -> b with the line, rounded half to even on the
 * 1/256 grid; da, db the distances (da + db = 2^k). */
static int64_t cross_coord(int64_t a, int64_t b, int64_t da, unsigned k)
{
   int64_t num = a * ((int64_t)1 << k) + da * (b - a), d = (int64_t)1 << k;
   int64_t fl = num >= 0 ? num / d : -((-num + d - 1) / d), rem = num - fl * d;
   if (2 * rem > d || (2 * rem == d && fl % 2 != 0))
      fl++;
   return fl;
}

struct clip_case {
   unsigned axis;        /* 0: x, 1: y */
   bool le;              /* inside is coordinate <= c */
   int64_t c;            /* 1/256 px, on a pixel boundary */
};

/* A random triangle straddling the case's line (exact construction), its clipped polygon
 * (reference fan in poly / n) and its distances per vertex (NDC units). */
static void straddling_triangle(const struct clip_case *cc, int64_t t[3][2], int64_t poly[4][2],
                                unsigned *n, float dist[3])
{
   unsigned lone = rnd() % 3;            /* the vertex alone on its side */
   bool lone_in = rnd() % 2;
   int64_t a = 1 + rnd() % 255;          /* its distance, then the others' */
   unsigned kb = 9 + rnd() % 2, kc = 9 + rnd() % 2;
   int64_t s[3];
   s[lone] = lone_in ? a : -a;
   s[(lone + 1) % 3] = lone_in ? -(((int64_t)1 << kb) - a) : ((int64_t)1 << kb) - a;
   s[(lone + 2) % 3] = lone_in ? -(((int64_t)1 << kc) - a) : ((int64_t)1 << kc) - a;
   for (unsigned k = 0; k < 3; k++) {
      t[k][cc->axis] = at_dist(cc->c, s[k], cc->le);
      t[k][!cc->axis] = (int64_t)(rnd() % (40 * 256)) + 12 * 256;
      dist[k] = (float)s[k] / (float)(W / 2 * 256);
   }
   /* Intersections on the edges lone -> next and lone -> next-next. */
   int64_t p[2][2];
   for (unsigned e = 0; e < 2; e++) {
      unsigned o = (lone + 1 + e) % 3, k = e ? kc : kb;
      p[e][cc->axis] = cc->c;
      p[e][!cc->axis] = cross_coord(t[lone][!cc->axis], t[o][!cc->axis], llabs(s[lone]), k);
   }
   if (lone_in) {
      memcpy(poly[0], t[lone], 16);
      memcpy(poly[1], p[0], 16);
      memcpy(poly[2], p[1], 16);
      *n = 3;
   } else {
      memcpy(poly[0], t[(lone + 1) % 3], 16);
      memcpy(poly[1], t[(lone + 2) % 3], 16);
      memcpy(poly[2], p[1], 16);
      memcpy(poly[3], p[0], 16);
      *n = 4;
   }
}

static void paint_poly(const int64_t poly[4][2], unsigned n, uint32_t v)
{
   for (unsigned i = 1; i + 1 < n; i++) {
      const int64_t t[3][2] = { { poly[0][0], poly[0][1] }, { poly[i][0], poly[i][1] },
                                { poly[i + 1][0], poly[i + 1][1] } };
      paint_tri(t, v);
   }
}

enum clip_kind { CLIP_UCP, CLIP_UCP_CULL_ONLY, CLIP_DIST, CULL_DIST, CLIP_GUARD_BAND };

static const uint32_t ucp_ena[6] = {
   PA_CL_CLIP_CNTL__UCP_ENA_0(1), PA_CL_CLIP_CNTL__UCP_ENA_1(1), PA_CL_CLIP_CNTL__UCP_ENA_2(1),
   PA_CL_CLIP_CNTL__UCP_ENA_3(1), PA_CL_CLIP_CNTL__UCP_ENA_4(1), PA_CL_CLIP_CNTL__UCP_ENA_5(1),
};
static const uint32_t clip_dist_ena[8] = {
   PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_0(1), PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_1(1),
   PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_2(1), PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_3(1),
   PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_4(1), PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_5(1),
   PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_6(1), PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_7(1),
};
static const uint32_t cull_dist_ena[8] = {
   PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_0(1), PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_1(1),
   PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_2(1), PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_3(1),
   PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_4(1), PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_5(1),
   PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_6(1), PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_7(1),
};

static void run_clip_case(enum clip_kind kind, const struct clip_case *cc, unsigned slot)
{
   const unsigned n = 24;
   memset(expected, 0, sizeof(expected));
   for (unsigned i = 0; i < n; i++) {
      float c[4];
      random_colour(c);
      int64_t t[3][2], poly[4][2];
      unsigned np;
      float dist[3];
      straddling_triangle(cc, t, poly, &np, dist);
      bool all_out = false;
      if (i % 6 == 5) {   /* every sixth triangle entirely outside */
         for (unsigned k = 0; k < 3; k++) {
            int64_t s = -(int64_t)(1 + rnd() % 700);
            t[k][cc->axis] = at_dist(cc->c, s, cc->le);
            dist[k] = (float)s / (float)(W / 2 * 256);
         }
         all_out = true;
      }
      for (unsigned k = 0; k < 3; k++) {
         float d[8] = { 0 };
         d[slot] = dist[k];
         set_vtx(3 * i + k, t[k][0], t[k][1], 8, c, NULL, d);
      }
      bool whole = kind == CLIP_UCP_CULL_ONLY || kind == CULL_DIST;
      if (all_out)
         continue;
      if (whole)
         paint_tri(t, pm4p_rgba(c));
      else
         paint_poly(poly, np, pm4p_rgba(c));
   }
   struct ib ib = { .n = 0 };
   emit_state(&ib);
   float cn = (float)cc->c / (float)((cc->axis ? H : W) / 2 * 256) - 1.0f;   /* NDC */
   float sign = cc->le ? -1.0f : 1.0f;   /* distance = sign * (coord - c) */
   uint32_t clip = PA_CL_CLIP_CNTL__DX_LINEAR_ATTR_CLIP_ENA(1);
   if (kind == CLIP_UCP || kind == CLIP_UCP_CULL_ONLY) {
      clip |= ucp_ena[slot];
      clip |= PA_CL_CLIP_CNTL__UCP_CULL_ONLY_ENA(kind == CLIP_UCP_CULL_ONLY);
      ib_ctx(&ib, REG_PA_CL_UCP_0_X + slot * REG_PA_CL_UCP_0_X__stride, f2u(cc->axis ? 0.0f : sign));
      ib_ctx(&ib, REG_PA_CL_UCP_0_Y + slot * REG_PA_CL_UCP_0_Y__stride, f2u(cc->axis ? sign : 0.0f));
      ib_ctx(&ib, REG_PA_CL_UCP_0_Z + slot * REG_PA_CL_UCP_0_Z__stride, 0);
      ib_ctx(&ib, REG_PA_CL_UCP_0_W + slot * REG_PA_CL_UCP_0_W__stride, f2u(-sign * cn));
   } else if (kind == CLIP_DIST || kind == CULL_DIST) {
      uint32_t ena = kind == CLIP_DIST ? clip_dist_ena[slot] : cull_dist_ena[slot];
      ib_ctx(&ib, REG_PA_CL_VS_OUT_CNTL, PA_CL_VS_OUT_CNTL__VS_OUT_MISC_VEC_ENA(1) |
                                         PA_CL_VS_OUT_CNTL__VS_OUT_CCDIST0_VEC_ENA(1) |
                                         PA_CL_VS_OUT_CNTL__VS_OUT_CCDIST1_VEC_ENA(1) | ena);
   } else {
      /* guard band: the line is at +-band NDC, inside is |coord| <= band */
      ib_ctx(&ib, cc->axis ? REG_PA_CL_GB_VERT_CLIP_ADJ : REG_PA_CL_GB_HORZ_CLIP_ADJ,
             f2u(fabsf(cn)));
   }
   ib_ctx(&ib, REG_PA_CL_CLIP_CNTL, clip);
   draw(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3 * n);
   unsigned bad = diff_image("clip");
   CHECK(bad == 0 && drawn > 20 && new_faults() == 0,
         "clip kind %u axis %u le %u c %lld slot %u: %u wrong",
         kind, cc->axis, cc->le, (long long)cc->c, slot, bad);
}

static void test_clipping(void)
{
   for (unsigned kind = CLIP_UCP; kind <= CULL_DIST; kind++)
      for (unsigned v = 0; v < 8; v++) {
         struct clip_case cc = { v % 2, v / 2 % 2, (int64_t)(20 + rnd() % 24) * 256 };
         run_clip_case(kind, &cc, rnd() % (kind >= CLIP_DIST ? 8 : 6));
      }
   /* Guard band 0.5 and 0.75: the lines x (y) = 16 and 48 px, resp. 8 and 56 px. */
   for (unsigned v = 0; v < 8; v++) {
      int64_t band_px = v < 4 ? 16 : 8;
      bool le = v % 2;
      struct clip_case cc = { v / 2 % 2, le, (le ? 64 - band_px : band_px) * 256 };
      run_clip_case(CLIP_GUARD_BAND, &cc, 0);
   }
}

/* Points against a user plane: PS_UCP_MODE 0 (centre) and 1 (PA_CL_POINT_CULL_RAD). */
static void test_point_ucp(void)
{
   for (unsigned mode = 0; mode < 2; mode++) {
      const unsigned n = 200;
      const float rad = 0.05f;   /* NDC: 1.6 px */
      const int64_t c = 32 * 256;
      memset(expected, 0, sizeof(expected));
      for (unsigned i = 0; i < n; i++) {
         float col4[4];
         random_colour(col4);
         int64_t p[2] = { (int64_t)(rnd() % (56 * 256)) + 4 * 256, (int64_t)(rnd() % (56 * 256)) + 4 * 256 };
         set_vtx(i, p[0], p[1], 8, col4, NULL, NULL);
         float d = (float)(c - p[0]) / (float)(W / 2 * 256);   /* inside: x <= c */
         if (d >= (mode ? -rad : 0.0f))
            paint_point(p, pm4p_rgba(col4));
      }
      struct ib ib = { .n = 0 };
      emit_state(&ib);
      ib_ctx(&ib, REG_PA_CL_UCP_0_X, f2u(-1.0f));
      ib_ctx(&ib, REG_PA_CL_UCP_0_Y, 0);
      ib_ctx(&ib, REG_PA_CL_UCP_0_Z, 0);
      ib_ctx(&ib, REG_PA_CL_UCP_0_W, f2u(0.0f));   /* x <= 0 NDC = 32 px */
      ib_ctx(&ib, REG_PA_CL_POINT_CULL_RAD, f2u(rad));
      ib_ctx(&ib, REG_PA_CL_CLIP_CNTL, PA_CL_CLIP_CNTL__DX_LINEAR_ATTR_CLIP_ENA(1) |
                                       PA_CL_CLIP_CNTL__UCP_ENA_0(1) |
                                       PA_CL_CLIP_CNTL__PS_UCP_MODE(mode));
      draw(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, n);
      unsigned bad = diff_image("point UCP");
      CHECK(bad == 0 && new_faults() == 0, "points, PS_UCP_MODE %u: %u wrong", mode, bad);
   }
}

/* ---- culling before clipping ------------------------------------------------------------ */

/* Vertex kill flags (AND and OR), the discard band with a viewport smaller than the target,
 * non-finite positions, DX_RASTERIZATION_KILL / SX_MISC.MULTIPASS. */
static void test_culls(void)
{
   for (unsigned or_mode = 0; or_mode < 2; or_mode++) {
      const unsigned n = 40;
      memset(expected, 0, sizeof(expected));
      for (unsigned i = 0; i < n; i++) {
         float c[4];
         random_colour(c);
         int64_t t[3][2];
         unsigned killed = 0;
         for (unsigned k = 0; k < 3; k++) {
            t[k][0] = (int64_t)(rnd() % (56 * 256)) + 4 * 256;
            t[k][1] = (int64_t)(rnd() % (56 * 256)) + 4 * 256;
            float m[4] = { 0, 0, (rnd() % 3 == 0) ? 1.0f : 0.0f, 0 };
            killed += m[2] != 0.0f;
            set_vtx(3 * i + k, t[k][0], t[k][1], 8, c, m, NULL);
         }
         if (or_mode ? killed == 0 : killed < 3)
            paint_tri(t, pm4p_rgba(c));
      }
      struct ib ib = { .n = 0 };
      emit_state(&ib);
      ib_ctx(&ib, REG_PA_CL_VS_OUT_CNTL, PA_CL_VS_OUT_CNTL__VS_OUT_MISC_VEC_ENA(1) |
                                         PA_CL_VS_OUT_CNTL__USE_VTX_KILL_FLAG(1));
      ib_ctx(&ib, REG_PA_CL_CLIP_CNTL, PA_CL_CLIP_CNTL__DX_LINEAR_ATTR_CLIP_ENA(1) |
                                       PA_CL_CLIP_CNTL__VTX_KILL_OR(or_mode));
      draw(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3 * n);
      unsigned bad = diff_image("kill flags");
      CHECK(bad == 0, "vertex kill flags, VTX_KILL_OR %u: %u wrong", or_mode, bad);
   }

   /* Discard band: viewport x in [16, 48) px, scissors the whole target. A triangle, a line
    * and a point entirely left of the viewport are discarded with DISC_ADJ 1.0 and drawn
    * with 4.0 (clip band 4.0 both times). */
   for (unsigned wide = 0; wide < 2; wide++) {
      float c[4] = { 1, 0, 0, 1 };
      /* window x = 16 + (ndc + 1) * 16: positions in 1/256 px of the viewport mapping */
      int64_t t[3][2] = { { 4 * 256, 4 * 256 }, { 12 * 256, 6 * 256 }, { 5 * 256, 14 * 256 } };
      int64_t la[2] = { 2 * 256 + 128, 20 * 256 + 128 }, lb[2] = { 12 * 256 + 128, 22 * 256 + 128 };
      int64_t pt[2] = { 8 * 256, 30 * 256 };
      memset(expected, 0, sizeof(expected));
      /* NDC x = (x_px - 32) / 16 for this viewport */
      const int64_t xs[6] = { t[0][0], t[1][0], t[2][0], la[0], lb[0], pt[0] };
      const int64_t ys[6] = { t[0][1], t[1][1], t[2][1], la[1], lb[1], pt[1] };
      for (unsigned v = 0; v < 6; v++) {
         set_vtx(v, 0, ys[v], 8, c, NULL, NULL);
         pos[4 * v] = ((float)xs[v] / 256.0f - 32.0f) / 16.0f;
      }
      if (wide) {
         paint_tri(t, pm4p_rgba(c));
         paint_line(la, lb, pm4p_rgba(c));
         paint_point(pt, pm4p_rgba(c));
      }
      struct ib ib = { .n = 0 };
      emit_state(&ib);
      ib_ctx(&ib, REG_PA_CL_VPORT_XSCALE_0, f2u(16.0f));
      ib_ctx(&ib, REG_PA_CL_VPORT_XOFFSET_0, f2u(32.0f));
      ib_ctx(&ib, REG_PA_CL_GB_HORZ_DISC_ADJ, f2u(wide ? 4.0f : 1.0f));
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
      /* the line: vertices 3, 4; the point: vertex 5 (an index offset skips ahead) */
      ib_ctx(&ib, REG_VGT_INDX_OFFSET, 3);
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELIST, 2);
      ib_ctx(&ib, REG_VGT_INDX_OFFSET, 5);
      draw(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, 1);
      unsigned bad = diff_image("discard band");
      CHECK(bad == 0 && new_faults() == 0, "discard band %s: %u wrong", wide ? "4.0" : "1.0", bad);
   }

   /* Non-finite positions discard their primitive; rasterization kill discards all. */
   for (unsigned what = 0; what < 3; what++) {
      float c[4] = { 0, 1, 0, 1 };
      int64_t t[2][3][2] = { { { 4 * 256, 4 * 256 }, { 30 * 256, 4 * 256 }, { 4 * 256, 30 * 256 } },
                             { { 34 * 256, 34 * 256 }, { 60 * 256, 34 * 256 }, { 34 * 256, 60 * 256 } } };
      memset(expected, 0, sizeof(expected));
      for (unsigned i = 0; i < 2; i++)
         for (unsigned k = 0; k < 3; k++)
            set_vtx(3 * i + k, t[i][k][0], t[i][k][1], 8, c, NULL, NULL);
      pos[4 * 1 + (what == 0 ? 1 : 3)] = what == 0 ? NAN : INFINITY;   /* triangle 0 */
      bool kill_all = what == 2 && chip != HW_CHIP_R6XX;
      if (what < 2)
         paint_tri(t[1], pm4p_rgba(c));
      struct ib ib = { .n = 0 };
      emit_state(&ib);
      if (what == 2)
         ib_ctx(&ib, REG_PA_CL_CLIP_CNTL, PA_CL_CLIP_CNTL__DX_LINEAR_ATTR_CLIP_ENA(1) |
                                          PA_CL_CLIP_CNTL__DX_RASTERIZATION_KILL(kill_all));
      if (what == 2 && !kill_all)
         ib_ctx(&ib, REG_SX_MISC, SX_MISC__MULTIPASS(1));
      draw(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 6);
      unsigned bad = diff_image("non-finite / kill");
      CHECK(bad == 0 && new_faults() == 0, "%s: %u wrong",
            what == 0 ? "NaN y" : what == 1 ? "infinite w" : "rasterization kill", bad);
   }
}

int main(int argc, char **argv)
{
   gpu = pm4p_gpu_from_args(argc, argv, &chip);
   if (!gpu)
      return 2;
   cb = pm4p_alloc(gpu, W * H * 4, &cb_va);
   pm4p_alloc(gpu, 256, &vs_va);
   pm4p_alloc(gpu, 256, &ps_va);
   pos = pm4p_alloc(gpu, MAX_VERTS * 16, &pos_va);
   col = pm4p_alloc(gpu, MAX_VERTS * 64, &col_va);
   pm4p_write_program(gpu, vs_va, FAKE_VS, 8 | 16, pos_va, col_va, 0.0f);
   pm4p_write_program(gpu, ps_va, FAKE_PS, 0, 0, 0, 0.0f);

   test_quantization();
   test_poly_modes();
   test_clipping();
   test_point_ucp();
   test_culls();

   r600_gpu_destroy(gpu);
   return check_report();
}
