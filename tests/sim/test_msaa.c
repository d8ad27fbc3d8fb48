/* MSAA in the simulated SC/SPI/DB/CB through real PM4 streams, with the fake shader
 * engines (sim_fake_engine.c) in place of the ISA.
 *
 * The sample positions are the table of docs/r600-hardware-notes.md §3.2 written here as numbers
 * (offsets from the pixel centre in 1/16 px); the registers get the documented words. Coverage is
 * checked per sample plane (sample-major planes, cb.h/db.h) against an independent exact model: a
 * sample is covered when it is strictly inside every edge, or on an edge of a kind the top-left
 * rule includes (raster_ref.h).
 */
#include <math.h>
#include <stdlib.h>

#include "device/gpu_debug.h"
#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "raster_ref.h"
#include "sim_fake_engine.h"

#define W 32
#define H 32
#define MAX_VERTS 2048
#define MAX_S 8

/* docs/r600-hardware-notes.md §3.2: sample (dx, dy) in 1/16 px from the centre, and the register
 * words. */
static const int pos2[2][2] = { { -4, 4 }, { 4, -4 } };
static const int pos4[4][2] = { { -2, -2 }, { 2, 2 }, { -6, 6 }, { 6, -6 } };
static const int pos8[8][2] = { { -1, 1 }, { 1, 5 }, { 3, -5 }, { 5, 3 },
                                { -7, -1 }, { -3, -7 }, { 7, -3 }, { -5, 7 } };
#define LOCS_2X 0xC44CC44Cu
#define LOCS_4X 0xA66A22EEu
#define LOCS_8X_LO 0x35B3511Fu
#define LOCS_8X_HI 0x7BD79DF9u

static struct r600_gpu *gpu;
static enum hw_chip chip;
static uint64_t cb_va, db_va, vs_va, ps_va, pos_va, col_va, rs_va;
static uint32_t *cb;          /* MAX_S planes of W x H RGBA8 */
static uint8_t *dbm;          /* MAX_S planes of W x H DEPTH_32_FLOAT, 1D tiled */
static uint32_t *rs;          /* W x H RGBA8: the RESOLVE_BOX destination */
static float *pos, *col;
static unsigned fault_mark;

static unsigned new_faults(void)
{
   return pm4p_new_faults(gpu, &fault_mark);
}

static void write_program(uint64_t va, uint32_t kind)
{
   pm4p_write_program(gpu, va, kind, 0, pos_va, col_va, 0.0f);
}

static void setup(enum hw_chip c)
{
   chip = c;
   gpu = r600_gpu_create(c);
   cb = pm4p_alloc(gpu, MAX_S * W * H * 4, &cb_va);
   dbm = pm4p_alloc(gpu, MAX_S * W * H * 4, &db_va);
   rs = pm4p_alloc(gpu, W * H * 4, &rs_va);
   pm4p_alloc(gpu, 256, &vs_va);
   pm4p_alloc(gpu, 256, &ps_va);
   pos = pm4p_alloc(gpu, MAX_VERTS * 16, &pos_va);
   col = pm4p_alloc(gpu, MAX_VERTS * 16, &col_va);
   write_program(vs_va, FAKE_VS);
   write_program(ps_va, FAKE_PS);
   fault_mark = 0;
}

/* A GL-like W x H RGBA8 state with `log2n` samples at the documented locations. */
static void emit_state(struct ib *ib, unsigned log2n, bool msaa_enable, uint32_t aa_mask)
{
   pm4p_emit_raster(ib, W, H);
   ib_ctx(ib, REG_PA_SC_MODE_CNTL, PA_SC_MODE_CNTL__MSAA_ENABLE(msaa_enable) |
                                   PA_SC_MODE_CNTL__R700_VPORT_SCISSOR_ENABLE(1));

   static const unsigned dist[4] = { 0, 4, 6, 7 };
   ib_ctx(ib, REG_PA_SC_AA_CONFIG, PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES(log2n) |
                                   PA_SC_AA_CONFIG__MAX_SAMPLE_DIST(dist[log2n]));
   ib_ctx(ib, REG_PA_SC_AA_MASK, aa_mask);
   uint32_t lo = log2n == 1 ? LOCS_2X : log2n == 2 ? LOCS_4X : log2n == 3 ? LOCS_8X_LO : 0;
   uint32_t hi = log2n == 1 ? LOCS_2X : log2n == 2 ? LOCS_4X : log2n == 3 ? LOCS_8X_HI : 0;
   if (chip == HW_CHIP_R6XX) {
      /* The original R600 keeps the locations in config registers, one per mode; the
       * context registers get garbage to show they are not used there. */
      ib_cfg(ib, REG_PA_SC_AA_SAMPLE_LOCS_2S, LOCS_2X);
      ib_cfg(ib, REG_PA_SC_AA_SAMPLE_LOCS_4S, LOCS_4X);
      ib_cfg(ib, REG_PA_SC_AA_SAMPLE_LOCS_8S_WD0, LOCS_8X_LO);
      ib_cfg(ib, REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1, LOCS_8X_HI);
      lo = hi = 0x77777777;
   }
   ib_ctx(ib, REG_PA_SC_AA_SAMPLE_LOCS_MCTX, lo);
   ib_ctx(ib, REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1_MCTX, hi);

   pm4p_emit_cb_rgba8(ib, cb_va, W, H);
   pm4p_emit_db(ib, db_va, W, H, DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT);
   ib_ctx(ib, REG_DB_SHADER_CONTROL, 0);

   pm4p_emit_shaders(ib, vs_va, ps_va, false);
}

/* Vertex v at window position (x, y) in 1/256 px, depth z (window = z/2 + 1/2). */
static void set_vertex(unsigned v, int64_t x, int64_t y, float z, const float c[4])
{
   pm4p_set_vertex(pos, col, W, H, v, x, y, z, 1.0f, c);
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
   return pm4p_xorshift(&rng);
}

/* The sample point (1/256 px) of sample (dx, dy) of pixel (x, y). */
static void sample_point(int64_t p[2], unsigned x, unsigned y, const int d[2])
{
   p[0] = 256 * (int64_t)x + 128 + 16 * d[0];
   p[1] = 256 * (int64_t)y + 128 + 16 * d[1];
}

static const int (*pattern(unsigned n))[2]
{
   return n == 2 ? pos2 : n == 4 ? pos4 : pos8;
}

static uint32_t expected[MAX_S][W * H];

/* Random triangles (half of them with vertices on the 1/16 grid of the sample offsets,
 * so samples fall exactly on edges and vertices) in one draw; every sample plane must
 * equal the reference. */
static void test_coverage(unsigned log2n, bool msaa_enable, const char *what)
{
   const unsigned n = 1u << log2n, ntri = 300;
   const int (*sp)[2] = pattern(n);
   static const int centre[2] = { 0, 0 };
   memset(expected, 0, sizeof(expected));
   int64_t t[3][2];
   for (unsigned i = 0; i < ntri; i++) {
      float c[4] = { (float)(1 + i % 255) / 255.0f, (float)((i * 7) % 256) / 255.0f,
                     (float)((i * 13) % 256) / 255.0f, 1.0f };
      int64_t grid = i % 2 ? 16 : 1;
      unsigned span = i % 3 ? 6 : 40;   /* many small triangles, some large ones */
      int64_t ox = (int64_t)(rnd() % (W * 256)) - 4 * 256, oy = (int64_t)(rnd() % (H * 256)) - 4 * 256;
      for (unsigned k = 0; k < 3; k++) {
         t[k][0] = (ox + (int64_t)(rnd() % (span * 256))) / grid * grid;
         t[k][1] = (oy + (int64_t)(rnd() % (span * 256))) / grid * grid;
         set_vertex(3 * i + k, t[k][0], t[k][1], 0.0f, c);
      }
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            for (unsigned s = 0; s < n; s++) {
               int64_t p[2];
               sample_point(p, x, y, msaa_enable ? sp[s] : centre);
               if (ref_covered_point(t, p, REF_LEFT | REF_TOP))
                  expected[s][y * W + x] = pm4p_rgba(c);
            }
   }
   static struct ib ib;
   ib.n = 0;
   emit_state(&ib, log2n, msaa_enable, 0xFFFFFFFF);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3 * ntri);
   memset(cb, 0, MAX_S * W * H * 4);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned bad = 0, partial = 0;
   for (unsigned s = 0; s < n; s++)
      for (unsigned i = 0; i < W * H; i++) {
         if (cb[s * W * H + i] != expected[s][i] && bad++ < 3)
            fprintf(stderr, "  %s sample %u pixel (%u,%u): got %08X want %08X\n", what, s,
                    i % W, i / W, cb[s * W * H + i], expected[s][i]);
         partial += s > 0 && expected[s][i] != expected[0][i];
      }
   CHECK(new_faults() == 0 && bad == 0, "%s: %u wrong samples", what, bad);
   /* With distinct positions, the planes must differ somewhere (else the test is blind). */
   CHECK(msaa_enable ? partial > 50 : partial == 0, "%s: %u samples differ from sample 0",
         what, partial);
}

/* PA_SC_AA_MASK: byte q enables the samples of quad pixel q (UL, UR, LL, LR). */
static void test_aa_mask(void)
{
   const uint32_t mask = 0x0F090C05u;   /* LR all, LL 0+3, UR 2+3, UL 0+2 */
   const float c[4] = { 1, 1, 1, 1 };
   set_vertex(0, 0, 0, 0.0f, c);
   set_vertex(1, W * 256, 0, 0.0f, c);
   set_vertex(2, 0, H * 256, 0.0f, c);
   struct ib ib = { .n = 0 };
   emit_state(&ib, 2, true, mask);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, 3);
   memset(cb, 0, MAX_S * W * H * 4);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned bad = 0;
   for (unsigned s = 0; s < 4; s++)
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            unsigned byte = (mask >> (8 * ((y % 2) * 2 + x % 2))) & 0xFF;
            uint32_t want = (byte >> s) & 1 ? 0xFFFFFFFFu : 0;
            bad += cb[s * W * H + y * W + x] != want;
         }
   CHECK(new_faults() == 0 && bad == 0, "PA_SC_AA_MASK: %u wrong samples", bad);
}

/* Per-sample depth: a far full-screen rect, then a near triangle, then a middle rect with
 * LESS: the samples the triangle covers keep its colour, all others take the middle one.
 * The depth planes hold the exact float depths. */
static void test_depth(void)
{
   const float far_c[4] = { 1, 0, 0, 1 }, near_c[4] = { 0, 1, 0, 1 }, mid_c[4] = { 0, 0, 1, 1 };
   int64_t t[3][2] = { { 3 * 256 + 37, 2 * 256 + 5 }, { 29 * 256 + 201, 9 * 256 + 128 },
                       { 11 * 256 + 16, 30 * 256 + 77 } };
   set_vertex(0, 0, 0, 0.5f, far_c);
   set_vertex(1, W * 256, 0, 0.5f, far_c);
   set_vertex(2, 0, H * 256, 0.5f, far_c);
   for (unsigned k = 0; k < 3; k++)
      set_vertex(3 + k, t[k][0], t[k][1], -0.5f, near_c);
   set_vertex(6, 0, 0, 0.0f, mid_c);
   set_vertex(7, W * 256, 0, 0.0f, mid_c);
   set_vertex(8, 0, H * 256, 0.0f, mid_c);
   struct ib ib = { .n = 0 };
   emit_state(&ib, 2, true, 0xFFFFFFFF);
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, DB_DEPTH_CONTROL__Z_ENABLE(1) |
                                     DB_DEPTH_CONTROL__Z_WRITE_ENABLE(1) |
                                     DB_DEPTH_CONTROL__ZFUNC(DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, 3);
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, DB_DEPTH_CONTROL__Z_ENABLE(1) |
                                     DB_DEPTH_CONTROL__Z_WRITE_ENABLE(1) |
                                     DB_DEPTH_CONTROL__ZFUNC(DB_DEPTH_CONTROL__ZFUNC__FRAG_LESS));
   ib_ctx(&ib, REG_VGT_INDX_OFFSET, 3);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   ib_ctx(&ib, REG_VGT_INDX_OFFSET, 6);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, 3);
   memset(cb, 0, MAX_S * W * H * 4);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned bad = 0, near = 0;
   for (unsigned s = 0; s < 4; s++)
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            int64_t p[2];
            sample_point(p, x, y, pos4[s]);
            bool in = ref_covered_point(t, p, REF_LEFT | REF_TOP);
            near += in;
            if (cb[s * W * H + y * W + x] != pm4p_rgba(in ? near_c : mid_c) && bad++ < 3)
               fprintf(stderr, "  depth sample %u (%u,%u): colour %08X\n", s, x, y,
                       cb[s * W * H + y * W + x]);
            /* DEPTH_32_FLOAT, 8x8 tiles row-major, sample planes W*H*4 bytes apart. */
            size_t off = s * W * H * 4 + (((y / 8) * (W / 8) + x / 8) * 64 + (y % 8) * 8 + x % 8) * 4;
            float z;
            memcpy(&z, dbm + off, 4);
            if (z != (in ? 0.25f : 0.5f) && bad++ < 3)
               fprintf(stderr, "  depth sample %u (%u,%u): z %g\n", s, x, y, (double)z);
         }
   CHECK(new_faults() == 0 && bad == 0 && near > 100, "per-sample depth: %u wrong, %u near",
         bad, near);
}

static void zpass_done(struct ib *ib, uint64_t va)
{
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_EVENT_WRITE, 3));
   ib_put(ib, PM4_EVENT_WRITE__EVENT_TYPE(VGT_EVENT_INITIATOR__EVENT_TYPE__ZPASS_DONE) |
                 PM4_EVENT_WRITE__EVENT_INDEX(1));
   ib_put(ib, (uint32_t)va);
   ib_put(ib, (uint32_t)(va >> 32) & 0xFF);
}

/* Occlusion counts are per sample: a 4x rectangle over x [2, 7.5) y [2, 12) at window
 * depth 0.5 with LESS, on a depth buffer whose sample planes 0 and 1 hold 0 (fail) and 2
 * and 3 hold 1 (pass). Columns 2..6 pass samples 2 and 3; column 7 is covered only by the
 * samples left of its centre (pos4: 0 and 2), of which 2 passes. DB (x/8 + 2 (y/8)) % 4:
 * rows 2..7 are DB 0 (6 x 11 samples), rows 8..11 DB 2 (4 x 11). */
static void test_zpass_msaa(void)
{
   static const uint64_t want[4] = { 66, 0, 44, 0 };
   uint64_t q_va;
   uint32_t *q = pm4p_alloc(gpu, 256, &q_va);
   const float c[4] = { 1, 1, 1, 1 };
   set_vertex(0, 2 * 256, 2 * 256, 0.0f, c);
   set_vertex(1, 7 * 256 + 128, 2 * 256, 0.0f, c);
   set_vertex(2, 2 * 256, 12 * 256, 0.0f, c);
   for (unsigned s = 0; s < 4; s++) {
      float z = s < 2 ? 0.0f : 1.0f;
      for (unsigned i = 0; i < W * H; i++)
         memcpy(dbm + (size_t)s * W * H * 4 + i * 4, &z, 4);
   }
   struct ib ib = { .n = 0 };
   emit_state(&ib, 2, true, 0xFFFFFFFF);
   ib_ctx(&ib, REG_DB_DEPTH_CONTROL, DB_DEPTH_CONTROL__Z_ENABLE(1) |
                                     DB_DEPTH_CONTROL__ZFUNC(DB_DEPTH_CONTROL__ZFUNC__FRAG_LESS));
   ib_ctx(&ib, REG_DB_RENDER_CONTROL, 0);
   zpass_done(&ib, q_va);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, 3);
   zpass_done(&ib, q_va + 8);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned bad = 0;
   for (unsigned db = 0; db < 4; db++) {
      uint64_t begin = q[4 * db] | (uint64_t)q[4 * db + 1] << 32;
      uint64_t end = q[4 * db + 2] | (uint64_t)q[4 * db + 3] << 32;
      if (end - begin != want[db] && bad++ < 4)
         fprintf(stderr, "  DB %u: %llu samples, want %llu\n", db,
                 (unsigned long long)(end - begin), (unsigned long long)want[db]);
   }
   CHECK(new_faults() == 0 && bad == 0, "4x ZPASS counts per DB: %u wrong", bad);
   r600_gpu_free(gpu, q_va);
}

/* Centroid (SEL_CENTROID): red runs 0 -> 1 over 8 px in x, so the interpolation point of
 * each pixel shows in its colour: the centre if it is inside the triangle, else the first
 * covered sample. Without SEL_CENTROID every pixel is interpolated at its centre. */
static void test_centroid(void)
{
   const int64_t t[3][2] = { { 2 * 256 + 40, 3 * 256 + 7 }, { 10 * 256 + 40, 5 * 256 + 99 },
                             { 4 * 256 + 200, 27 * 256 + 3 } };
   const float c[3][4] = { { 0, 0, 0, 1 }, { 1, 0, 0, 1 }, { 0, 0, 0, 1 } };
   for (unsigned k = 0; k < 3; k++)
      set_vertex(k, t[k][0], t[k][1], 0.0f, c[k]);
   double area = (double)((t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) -
                          (t[1][1] - t[0][1]) * (t[2][0] - t[0][0]));
   for (unsigned centroid = 0; centroid < 2; centroid++) {
      struct ib ib = { .n = 0 };
      emit_state(&ib, 2, true, 0xFFFFFFFF);
      ib_ctx(&ib, REG_SPI_PS_INPUT_CNTL_0, SPI_PS_INPUT_CNTL_0__SEMANTIC(1) |
                                           SPI_PS_INPUT_CNTL_0__SEL_CENTROID(centroid));
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
      memset(cb, 0, MAX_S * W * H * 4);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
      unsigned bad = 0, moved = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            static const int zero[2] = { 0, 0 };
            int64_t p[2];
            sample_point(p, x, y, zero);
            int first = -1;
            for (int s = 3; s >= 0; s--) {
               int64_t q[2];
               sample_point(q, x, y, pos4[s]);
               if (ref_covered_point(t, q, REF_LEFT | REF_TOP))
                  first = s;
            }
            if (first < 0)
               continue;
            if (centroid && !ref_covered_point(t, p, REF_LEFT | REF_TOP)) {
               sample_point(p, x, y, pos4[first]);
               moved++;
            }
            /* red = barycentric weight of vertex 1 at p */
            double b1 = ((double)(t[0][0] - t[2][0]) * (p[1] - t[2][1]) -
                         (double)(t[0][1] - t[2][1]) * (p[0] - t[2][0])) / area;
            double want = 255.0 * fmin(fmax(b1, 0.0), 1.0);
            double got = cb[first * W * H + y * W + x] & 0xFF;
            if (fabs(got - want) > 0.51 && bad++ < 3)
               fprintf(stderr, "  centroid %u pixel (%u,%u): red %g want %g\n", centroid, x, y,
                       got, want);
         }
      CHECK(new_faults() == 0 && bad == 0 && (!centroid || moved > 10),
            "centroid %u: %u wrong pixels, %u moved", centroid, bad, moved);
   }
}

/* 4x lines and points: every sample against raster_ref.h's line model (Mesa's
 * 0xAAAAAAAA rule, LAST_PIXEL 1, 1.5 px wide) and the point square (top-left rule,
 * PA_SU_POINT_SIZE half size 1.25 px) at the sample positions. */
static void test_lines_points(void)
{
   const struct ref_line_rule rule = { 0x2A, 0x2A, 0xA, 0xA, true };
   const unsigned nl = 60, np = 30;
   const int64_t hw = 12 * 16, ph = 20 * 16;   /* 12.4 half sizes in 1/256 px */
   static int64_t ends[120][2], pts[30][2];
   memset(expected, 0, sizeof(expected));
   for (unsigned i = 0; i < nl + np; i++) {
      float c[4] = { (float)(1 + i) / 255.0f, (float)(200 - i) / 255.0f, 0.5f, 1.0f };
      unsigned nk = i < nl ? 2 : 1;
      for (unsigned k = 0; k < nk; k++) {
         int64_t *e = i < nl ? ends[2 * i + k] : pts[i - nl];
         e[0] = (int64_t)(rnd() % (W * 256));
         e[1] = (int64_t)(rnd() % (H * 256));
         if (i % 2)
            e[0] = e[0] / 16 * 16, e[1] = e[1] / 16 * 16;   /* on the sample grid: ties */
         set_vertex(i < nl ? 2 * i + k : 2 * nl + (i - nl), e[0], e[1], 0.0f, c);
      }
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            for (unsigned s = 0; s < 4; s++) {
               int64_t p[2];
               sample_point(p, x, y, pos4[s]);
               bool in;
               if (i < nl) {
                  in = ref_line_covers_point(ends[2 * i], ends[2 * i + 1], hw, &rule, p);
               } else {
                  const int64_t *q = pts[i - nl];
                  in = p[0] >= q[0] - ph && p[0] < q[0] + ph && p[1] >= q[1] - ph &&
                       p[1] < q[1] + ph;
               }
               if (in)
                  expected[s][y * W + x] = pm4p_rgba(c);
            }
   }
   static struct ib ib;
   ib.n = 0;
   emit_state(&ib, 2, true, 0xFFFFFFFF);
   ib_ctx(&ib, REG_PA_SU_LINE_CNTL, PA_SU_LINE_CNTL__WIDTH(12));
   ib_ctx(&ib, REG_PA_SC_LINE_CNTL, PA_SC_LINE_CNTL__LAST_PIXEL(1));
   ib_ctx(&ib, REG_PA_SU_POINT_SIZE, PA_SU_POINT_SIZE__WIDTH(20) | PA_SU_POINT_SIZE__HEIGHT(20));
   ib_ctx(&ib, REG_PA_SU_POINT_MINMAX, PA_SU_POINT_MINMAX__MAX_SIZE(0xFFFF));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELIST, 2 * nl);
   ib_ctx(&ib, REG_VGT_INDX_OFFSET, 2 * nl);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, np);
   memset(cb, 0, MAX_S * W * H * 4);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned bad = 0, partial = 0;
   for (unsigned s = 0; s < 4; s++)
      for (unsigned i = 0; i < W * H; i++) {
         if (cb[s * W * H + i] != expected[s][i] && bad++ < 3)
            fprintf(stderr, "  4x lines/points sample %u pixel (%u,%u): got %08X want %08X\n",
                    s, i % W, i / W, cb[s * W * H + i], expected[s][i]);
         partial += s > 0 && expected[s][i] != expected[0][i];
      }
   CHECK(new_faults() == 0 && bad == 0 && partial > 50, "4x lines and points: %u wrong samples",
         bad);
}

/* CB_COLOR_CONTROL.SPECIAL_OP = RESOLVE_BOX: after a 4x draw (test_coverage's image in
 * the sample planes), a rectangle with CB_COLOR0 = the 4x surface and CB_COLOR1 = a
 * single-sampled one writes (s0 + s1 + s2 + s3 + 2) / 4 per channel into CB_COLOR1. The
 * rectangle covers pixels 2..29 in x and y only. */
static void test_resolve_box(void)
{
   test_coverage(2, true, "4x coverage before the resolve");
   const float c[4] = { 0, 0, 0, 1 };
   set_vertex(0, 2 * 256, 2 * 256, 0.0f, c);
   set_vertex(1, 30 * 256, 2 * 256, 0.0f, c);
   set_vertex(2, 2 * 256, 30 * 256, 0.0f, c);
   struct ib ib = { .n = 0 };
   emit_state(&ib, 2, true, 0xFFFFFFFF);
   ib_ctx(&ib, REG_CB_COLOR1_BASE, (uint32_t)(rs_va >> 8));
   ib_ctx(&ib, REG_CB_COLOR1_SIZE, CB_COLOR0_SIZE__PITCH_TILE_MAX(W / 8 - 1) |
                                   CB_COLOR0_SIZE__SLICE_TILE_MAX(W * H / 64 - 1));
   ib_ctx(&ib, REG_CB_COLOR1_INFO,
          CB_COLOR0_INFO__FORMAT(CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8) |
          CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
          CB_COLOR0_INFO__NUMBER_TYPE(CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM) |
          CB_COLOR0_INFO__COMP_SWAP(CB_COLOR0_INFO__COMP_SWAP__SWAP_STD));
   ib_ctx(&ib, REG_CB_TARGET_MASK, 0xFF);
   ib_ctx(&ib, REG_CB_COLOR_CONTROL,
          CB_COLOR_CONTROL__ROP3(0xCC) |
          CB_COLOR_CONTROL__SPECIAL_OP(CB_COLOR_CONTROL__SPECIAL_OP__SPECIAL_RESOLVE_BOX));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, 3);
   memset(rs, 0x5A, W * H * 4);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned bad = 0, mixed = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint32_t want = 0x5A5A5A5Au;
         if (x >= 2 && x < 30 && y >= 2 && y < 30) {
            want = 0;
            for (unsigned ch = 0; ch < 4; ch++) {
               unsigned sum = 0;
               for (unsigned k = 0; k < 4; k++)
                  sum += (expected[k][y * W + x] >> (8 * ch)) & 0xFF;
               want |= ((sum + 2) / 4) << (8 * ch);
            }
            mixed += expected[0][y * W + x] != expected[3][y * W + x];
         }
         if (rs[y * W + x] != want && bad++ < 3)
            fprintf(stderr, "  resolve (%u,%u): got %08X want %08X\n", x, y, rs[y * W + x], want);
      }
   CHECK(new_faults() == 0 && bad == 0 && mixed > 50, "RESOLVE_BOX: %u wrong pixels (%u mixed)",
         bad, mixed);
}

int main(void)
{
   static const enum hw_chip chips[2] = { HW_CHIP_R7XX, HW_CHIP_R6XX };
   for (unsigned i = 0; i < 2; i++) {
      setup(chips[i]);
      const char *cn = i ? "r600" : "rv770";
      char what[64];
      for (unsigned log2n = 1; log2n <= 3; log2n++) {
         snprintf(what, sizeof(what), "%s %ux coverage", cn, 1u << log2n);
         test_coverage(log2n, true, what);
      }
      snprintf(what, sizeof(what), "%s 4x with MSAA_ENABLE 0", cn);
      test_coverage(2, false, what);
      if (i == 0) {
         test_aa_mask();
         test_depth();
         test_zpass_msaa();
         test_centroid();
         test_resolve_box();
         test_lines_points();
      }
      r600_gpu_destroy(gpu);
   }
   return check_report();
}
