/* SPI below the GL layer: SPI_PS_INPUT_CNTL_n semantic matching against SPI_VS_OUT_ID_n
 * (VS_EXPORT_COUNT), DEFAULT_VAL, FLAT_SHADE with SPI_INTERP_CONTROL_0.FLAT_SHADE_ENA,
 * perspective and linear interpolation (SEL_LINEAR, PA_SU_SC_MODE_CNTL.PERSP_CORR_DIS),
 * SEL_CENTROID and POSITION_CENTROID under 4x MSAA, the position input (POSITION_ENA /
 * _ADDR, SPI_INPUT_Z.PROVIDE_Z_TO_SPI), the face input (FRONT_FACE_ENA / _ADDR / _CHAN /
 * _ALL_BITS) and point sprites (PNT_SPRITE_ENA, PT_SPRITE_TEX, PNT_SPRITE_OVRD_X..W,
 * PNT_SPRITE_TOP_1).
 * The fake PS (sim_fake_engine.c) exports input GPRs 0-3 as PIXEL 0-3 into four
 * 32_32_32_32_FLOAT targets, so every input value is read back bit for bit. Expected
 * values: the documented interpolation (spi.c) evaluated here in long double from exact
 * integer edge functions, coverage and centroids from raster_ref.h and the 4x sample
 * positions of docs/r600-hardware-notes.md §3.2. */
#include <math.h>
#include <stdlib.h>

#include "pm4_pipeline.h"
#include "geometry/prim.h"
#include "pixel/spi.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "raster_ref.h"
#include "sim_fake_engine.h"

#define W 16
#define H 16
#define NPIX (W * H)
#define MAX_VERTS 256
#define SAMPLES 4

static struct r600_gpu *gpu;
static enum hw_chip chip = HW_CHIP_R7XX;
static uint64_t vs_va, ps_va, pos_va, col_va, cb_va[4];
static float *pos, *col;
static float *out[4];            /* target k: SAMPLES planes of W x H RGBA32F */
static unsigned fault_mark;
static uint64_t rng = 0x5EED5EED12345ull;

/* 4x sample offsets from the pixel centre in 1/16 px (docs/r600-hardware-notes.md §3.2). */
static const int sample_off[SAMPLES][2] = { { -2, -2 }, { 2, 2 }, { -6, 6 }, { 6, -6 } };

static uint32_t rnd(void)
{
   return pm4p_xorshift(&rng);
}

static uint32_t fbits(float f)
{
   return f2u(f);
}

static unsigned new_faults(void)
{
   return pm4p_new_faults(gpu, &fault_mark);
}

/* Vertex v at window (x, y) (1/256 px) and window depth z (a multiple of 1/1024), clip w
 * (a power of two, so that the VTE's arithmetic is exact); its four parameters. */
static void set_vtx(unsigned v, int64_t x, int64_t y, float z, float w, const float p[4][4])
{
   pos[4 * v + 0] = ((float)x / (256.0f * W / 2) - 1.0f) * w;
   pos[4 * v + 1] = ((float)y / (256.0f * H / 2) - 1.0f) * w;
   pos[4 * v + 2] = (2.0f * z - 1.0f) * w;   /* the viewport maps NDC z to 0.5 z + 0.5 */
   pos[4 * v + 3] = w;
   memcpy(&col[16 * v], p, 64);
}

struct spi_setup {
   uint32_t input_cntl[4];
   uint32_t vs_ids;          /* SPI_VS_OUT_ID_0 */
   unsigned export_count;    /* VS_EXPORT_COUNT */
   uint32_t in_control_0, in_control_1, interp_control, input_z;
   uint32_t su_mode;         /* extra PA_SU_SC_MODE_CNTL bits */
   bool msaa;
};

static void emit(struct ib *ib, const struct spi_setup *s)
{
   pm4p_emit_raster(ib, W, H);
   pm4p_emit_shaders(ib, vs_va, ps_va, false);
   ib_ctx(ib, REG_SPI_VS_OUT_CONFIG, SPI_VS_OUT_CONFIG__VS_EXPORT_COUNT(s->export_count));
   ib_ctx(ib, REG_SPI_VS_OUT_ID_0, s->vs_ids);
   ib_ctx(ib, REG_SPI_PS_IN_CONTROL_0, s->in_control_0 | SPI_PS_IN_CONTROL_0__NUM_INTERP(4));
   ib_ctx(ib, REG_SPI_PS_IN_CONTROL_1, s->in_control_1);
   ib_ctx(ib, REG_SPI_INTERP_CONTROL_0, s->interp_control);
   ib_ctx(ib, REG_SPI_INPUT_Z, s->input_z);
   for (unsigned k = 0; k < 4; k++)
      ib_ctx(ib, REG_SPI_PS_INPUT_CNTL_0 + 4 * k, s->input_cntl[k]);
   ib_ctx(ib, REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__NUM_GPRS(4));
   ib_ctx(ib, REG_PA_SU_SC_MODE_CNTL, PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) | s->su_mode);
   ib_ctx(ib, REG_PA_SU_POINT_SIZE, PA_SU_POINT_SIZE__WIDTH(32) | PA_SU_POINT_SIZE__HEIGHT(32));
   for (unsigned n = 0; n < 4; n++) {
      ib_ctx(ib, REG_CB_COLOR0_BASE + 4 * n, (uint32_t)(cb_va[n] >> 8));
      ib_ctx(ib, REG_CB_COLOR0_SIZE + 4 * n, CB_COLOR0_SIZE__PITCH_TILE_MAX(W / 8 - 1) |
                                             CB_COLOR0_SIZE__SLICE_TILE_MAX(NPIX / 64 - 1));
      ib_ctx(ib, REG_CB_COLOR0_VIEW + 4 * n, 0);
      ib_ctx(ib, REG_CB_COLOR0_INFO + 4 * n,
             CB_COLOR0_INFO__FORMAT(CB_COLOR0_INFO__FORMAT__COLOR_32_32_32_32_FLOAT) |
             CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
             CB_COLOR0_INFO__NUMBER_TYPE(CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_FLOAT));
   }
   ib_ctx(ib, REG_CB_TARGET_MASK, 0xFFFF);
   ib_ctx(ib, REG_CB_SHADER_MASK, 0xFFFF);
   ib_ctx(ib, REG_CB_SHADER_CONTROL, 0xF);
   ib_ctx(ib, REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(0xCC));
   if (s->msaa) {
      ib_ctx(ib, REG_PA_SC_MODE_CNTL, PA_SC_MODE_CNTL__MSAA_ENABLE(1) |
                                      PA_SC_MODE_CNTL__R700_VPORT_SCISSOR_ENABLE(1));
      ib_ctx(ib, REG_PA_SC_AA_CONFIG, PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES(2) |
                                      PA_SC_AA_CONFIG__MAX_SAMPLE_DIST(6));
      ib_ctx(ib, REG_PA_SC_AA_MASK, 0xFFFFFFFF);
      if (chip == HW_CHIP_R6XX)
         ib_cfg(ib, REG_PA_SC_AA_SAMPLE_LOCS_4S, 0xA66A22EE);
      else
         ib_ctx(ib, REG_PA_SC_AA_SAMPLE_LOCS_MCTX, 0xA66A22EE);
   } else {
      ib_ctx(ib, REG_PA_SC_AA_CONFIG, 0);
   }
}

static void run(struct ib *ib, unsigned prim, unsigned count)
{
   for (unsigned n = 0; n < 4; n++)
      for (unsigned i = 0; i < SAMPLES * NPIX * 4; i++)
         out[n][i] = -12345.0f;
   pm4p_draw_auto(ib, prim, count);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib->dw, ib->n));
}

/* Target n, sample s, pixel (x, y), channel c. */
static float got(unsigned n, unsigned s, unsigned x, unsigned y, unsigned c)
{
   return out[n][((size_t)s * NPIX + y * W + x) * 4 + c];
}

/* ---- reference interpolation ------------------------------------------------------------ */

struct ref_tri {
   int64_t p[3][2];          /* 1/256 px */
   float z[3], w[3];
   float a[3][4][4];         /* per vertex, parameter, component */
};

/* Screen (b) and perspective (q) weights at point (x, y) in 1/256 px; returns sum b_k/w_k. */
static long double ref_weights(const struct ref_tri *t, int64_t x, int64_t y, long double b[3],
                               long double q[3])
{
   int64_t area = (t->p[1][0] - t->p[0][0]) * (t->p[2][1] - t->p[0][1]) -
                  (t->p[1][1] - t->p[0][1]) * (t->p[2][0] - t->p[0][0]);
   long double sum = 0;
   for (unsigned k = 0; k < 3; k++) {
      const int64_t *u = t->p[(k + 1) % 3], *v = t->p[(k + 2) % 3];
      int64_t e = (v[0] - u[0]) * (y - u[1]) - (v[1] - u[1]) * (x - u[0]);
      b[k] = (long double)e / (long double)area;
      sum += b[k] / t->w[k];
   }
   for (unsigned k = 0; k < 3; k++)
      q[k] = b[k] / t->w[k] / sum;
   return sum;
}

static float ref_interp(const struct ref_tri *t, unsigned param, unsigned c, const long double wt[3])
{
   long double a0 = t->a[0][param][c];
   return (float)(a0 + wt[1] * (t->a[1][param][c] - a0) + wt[2] * (t->a[2][param][c] - a0));
}

static void random_tri(struct ref_tri *t, unsigned first_vertex, bool random_w)
{
   for (unsigned k = 0; k < 3; k++) {
      t->p[k][0] = (int64_t)(rnd() % (18 * 256)) - 1 * 256;
      t->p[k][1] = (int64_t)(rnd() % (18 * 256)) - 1 * 256;
      t->z[k] = (float)(rnd() % 1025) / 1024.0f;
      t->w[k] = random_w ? (float)(1u << (rnd() % 4)) : 1.0f;
      for (unsigned p = 0; p < 4; p++)
         for (unsigned c = 0; c < 4; c++)
            t->a[k][p][c] = (float)((int)(rnd() % 2001) - 1000) / 64.0f;
      set_vtx(first_vertex + k, t->p[k][0], t->p[k][1], t->z[k], t->w[k], t->a[k]);
   }
}

/* ---- tests --------------------------------------------------------------------------------- */

/* Semantic matching, defaults and flat shading (one full-screen rectangle of two
 * triangles, flat: the provoking vertex's values). */
static void test_semantics(void)
{
   static const float defaults[4][4] = { { 0, 0, 0, 0 }, { 0, 0, 0, 1 }, { 1, 1, 1, 0 }, { 1, 1, 1, 1 } };
   const unsigned vs_sem[4] = { 7, 3, 0x55, 9 };
   for (unsigned round = 0; round < 16; round++) {
      struct spi_setup s = { .vs_ids = SPI_VS_OUT_ID_0__SEMANTIC_0(vs_sem[0]) |
                                       SPI_VS_OUT_ID_0__SEMANTIC_1(vs_sem[1]) |
                                       SPI_VS_OUT_ID_0__SEMANTIC_2(vs_sem[2]) |
                                       SPI_VS_OUT_ID_0__SEMANTIC_3(vs_sem[3]),
                             .export_count = round % 4,
                             .interp_control = SPI_INTERP_CONTROL_0__FLAT_SHADE_ENA(1) };
      unsigned want_param[4], defv[4];
      for (unsigned k = 0; k < 4; k++) {
         unsigned pick = rnd() % 5;   /* 4: a semantic the VS does not export */
         unsigned sem = pick < 4 ? vs_sem[pick] : 0x42;
         defv[k] = rnd() % 4;
         want_param[k] = pick < 4 && pick <= s.export_count ? pick : 99;
         s.input_cntl[k] = SPI_PS_INPUT_CNTL_0__SEMANTIC(sem) | SPI_PS_INPUT_CNTL_0__DEFAULT_VAL(defv[k]) |
                           SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1);
      }
      /* triangle 0: (0,0) (16,0) (0,16); triangle 1: (16,0) (16,16) (0,16) */
      static const int64_t quad[6][2] = { { 0, 0 }, { 16, 0 }, { 0, 16 },
                                          { 16, 0 }, { 16, 16 }, { 0, 16 } };
      const int64_t tri1[3][2] = { { 16 * 256, 0 }, { 16 * 256, 16 * 256 }, { 0, 16 * 256 } };
      struct ref_tri t;
      float p[4][4];
      for (unsigned k = 0; k < 6; k++) {
         for (unsigned i = 0; i < 16; i++)
            p[i / 4][i % 4] = (float)(rnd() % 1000) - 500.0f;
         set_vtx(k, quad[k][0] * 256, quad[k][1] * 256, 0.0f, 1.0f, (const float(*)[4])p);
         if (k == 2 || k == 5)
            memcpy(t.a[k == 2 ? 0 : 1], p, 64);   /* the provoking (last) vertices */
      }
      struct ib ib = { .n = 0 };
      emit(&ib, &s);
      run(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 6);
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            unsigned tri = ref_covered(tri1, x, y, REF_LEFT | REF_TOP) ? 1 : 0;
            for (unsigned k = 0; k < 4; k++)
               for (unsigned c = 0; c < 4; c++) {
                  float want = want_param[k] == 99 ? defaults[defv[k]][c]
                                                   : t.a[tri][want_param[k]][c];
                  bad += fbits(got(k, 0, x, y, c)) != fbits(want);
               }
         }
      CHECK(bad == 0 && new_faults() == 0, "semantics round %u: %u wrong values", round, bad);
   }
}

/* Perspective, linear, PERSP_CORR_DIS, flat with and without FLAT_SHADE_ENA; position with
 * and without PROVIDE_Z_TO_SPI; face in every channel, float and ALL_BITS. */
static void test_interpolation(void)
{
   for (unsigned round = 0; round < 48; round++) {
      bool persp_dis = round % 6 == 5, flat_ena = round % 2, provide_z = round % 3 != 0;
      unsigned pos_addr = 2, face_addr = 3, face_chan = round % 4, all_bits = round / 4 % 2;
      struct spi_setup s = {
         .vs_ids = SPI_VS_OUT_ID_0__SEMANTIC_0(1) | SPI_VS_OUT_ID_0__SEMANTIC_1(2) |
                   SPI_VS_OUT_ID_0__SEMANTIC_2(3) | SPI_VS_OUT_ID_0__SEMANTIC_3(4),
         .export_count = 3,
         .in_control_0 = SPI_PS_IN_CONTROL_0__POSITION_ENA(1) |
                         SPI_PS_IN_CONTROL_0__POSITION_ADDR(pos_addr) |
                         SPI_PS_IN_CONTROL_0__PERSP_GRADIENT_ENA(1) |
                         SPI_PS_IN_CONTROL_0__LINEAR_GRADIENT_ENA(1),
         .in_control_1 = SPI_PS_IN_CONTROL_1__FRONT_FACE_ENA(1) |
                         SPI_PS_IN_CONTROL_1__FRONT_FACE_ADDR(face_addr) |
                         SPI_PS_IN_CONTROL_1__FRONT_FACE_CHAN(face_chan) |
                         SPI_PS_IN_CONTROL_1__FRONT_FACE_ALL_BITS(all_bits),
         .interp_control = SPI_INTERP_CONTROL_0__FLAT_SHADE_ENA(flat_ena),
         .input_z = SPI_INPUT_Z__PROVIDE_Z_TO_SPI(provide_z),
         .su_mode = PA_SU_SC_MODE_CNTL__PERSP_CORR_DIS(persp_dis),
      };
      s.input_cntl[0] = SPI_PS_INPUT_CNTL_0__SEMANTIC(1);                                  /* persp */
      s.input_cntl[1] = SPI_PS_INPUT_CNTL_0__SEMANTIC(2) | SPI_PS_INPUT_CNTL_0__SEL_LINEAR(1);
      s.input_cntl[2] = SPI_PS_INPUT_CNTL_0__SEMANTIC(3);                                  /* position */
      s.input_cntl[3] = SPI_PS_INPUT_CNTL_0__SEMANTIC(4) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1);
      struct ref_tri t;
      random_tri(&t, 0, true);
      int64_t a2 = (t.p[1][0] - t.p[0][0]) * (t.p[2][1] - t.p[0][1]) -
                   (t.p[1][1] - t.p[0][1]) * (t.p[2][0] - t.p[0][0]);
      if (a2 == 0) {
         round--;
         continue;
      }
      bool front = a2 > 0;
      struct ib ib = { .n = 0 };
      emit(&ib, &s);
      run(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
      unsigned bad = 0, covered = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            if (!ref_covered(t.p, x, y, REF_LEFT | REF_TOP)) {
               bad += got(0, 0, x, y, 0) != -12345.0f;
               continue;
            }
            covered++;
            long double b[3], q[3];
            long double sum = ref_weights(&t, 256 * x + 128, 256 * y + 128, b, q);
            for (unsigned c = 0; c < 4; c++) {
               float want[4];
               want[0] = ref_interp(&t, 0, c, persp_dis ? b : q);
               want[1] = ref_interp(&t, 1, c, b);
               want[2] = c == 0 ? (float)x + 0.5f : c == 1 ? (float)y + 0.5f
                       : c == 2 ? (provide_z ? (float)(t.z[0] + b[1] * ((long double)t.z[1] - t.z[0]) +
                                                       b[2] * ((long double)t.z[2] - t.z[0]))
                                             : 0.0f)
                                : (float)(1.0L / sum);
               want[3] = flat_ena ? t.a[2][3][c] : ref_interp(&t, 3, c, persp_dis ? b : q);
               if (c == face_chan)
                  want[3] = all_bits ? (float)0 : (front ? 1.0f : -1.0f);
               for (unsigned k = 0; k < 4; k++) {
                  uint32_t g = fbits(got(k, 0, x, y, c)), wb = fbits(want[k]);
                  if (k == 3 && c == face_chan && all_bits)
                     wb = front ? 1u : 0u;
                  if (g != wb && bad++ < 4)
                     fprintf(stderr, "  round %u pixel (%u,%u) input %u.%u: got %08X want %08X\n",
                             round, x, y, k, c, g, wb);
               }
            }
         }
      CHECK(bad == 0 && new_faults() == 0, "interpolation round %u (%u pixels): %u wrong", round,
            covered, bad);
   }
}

/* SEL_CENTROID and POSITION_CENTROID with 4x MSAA: the centre if it is inside, else the
 * first covered sample; every covered sample holds the pixel's values. */
static void test_centroid(void)
{
   for (unsigned round = 0; round < 32; round++) {
      struct spi_setup s = {
         .vs_ids = SPI_VS_OUT_ID_0__SEMANTIC_0(1) | SPI_VS_OUT_ID_0__SEMANTIC_1(2),
         .export_count = 1,
         .in_control_0 = SPI_PS_IN_CONTROL_0__POSITION_ENA(1) |
                         SPI_PS_IN_CONTROL_0__POSITION_CENTROID(1) |
                         SPI_PS_IN_CONTROL_0__POSITION_ADDR(2) |
                         SPI_PS_IN_CONTROL_0__PERSP_GRADIENT_ENA(1),
         .input_z = SPI_INPUT_Z__PROVIDE_Z_TO_SPI(1),
         .msaa = true,
      };
      s.input_cntl[0] = SPI_PS_INPUT_CNTL_0__SEMANTIC(1) | SPI_PS_INPUT_CNTL_0__SEL_CENTROID(1);
      s.input_cntl[1] = SPI_PS_INPUT_CNTL_0__SEMANTIC(2);
      s.input_cntl[2] = SPI_PS_INPUT_CNTL_0__SEMANTIC(3);
      s.input_cntl[3] = SPI_PS_INPUT_CNTL_0__SEMANTIC(4);
      struct ref_tri t;
      random_tri(&t, 0, true);
      struct ib ib = { .n = 0 };
      emit(&ib, &s);
      run(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
      unsigned bad = 0, partial = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            int64_t cx = 256 * x + 128, cy = 256 * y + 128;
            unsigned mask = 0;
            for (unsigned k = 0; k < SAMPLES; k++) {
               int64_t sp[2] = { cx + 16 * sample_off[k][0], cy + 16 * sample_off[k][1] };
               mask |= ref_covered_point(t.p, sp, REF_LEFT | REF_TOP) ? 1u << k : 0;
            }
            int64_t c[2] = { cx, cy };
            if (mask && !ref_covered_point(t.p, c, REF_LEFT | REF_TOP)) {
               unsigned k = (unsigned)__builtin_ctz(mask);
               c[0] += 16 * sample_off[k][0];
               c[1] += 16 * sample_off[k][1];
               partial++;
            }
            long double b[3], q[3], bc[3], qc[3];
            ref_weights(&t, cx, cy, b, q);
            long double sum_c = ref_weights(&t, c[0], c[1], bc, qc);
            for (unsigned k = 0; k < SAMPLES; k++) {
               if (!(mask >> k & 1)) {
                  bad += got(0, k, x, y, 0) != -12345.0f;
                  continue;
               }
               for (unsigned ch = 0; ch < 4; ch++) {
                  float want[3] = {
                     ref_interp(&t, 0, ch, qc), ref_interp(&t, 1, ch, q),
                     ch == 0 ? (float)((long double)c[0] / 256) : ch == 1 ? (float)((long double)c[1] / 256)
                     : ch == 2 ? (float)(t.z[0] + bc[1] * ((long double)t.z[1] - t.z[0]) +
                                         bc[2] * ((long double)t.z[2] - t.z[0]))
                               : (float)(1.0L / sum_c),
                  };
                  for (unsigned in = 0; in < 3; in++) {
                     uint32_t g = fbits(got(in, k, x, y, ch)), wb = fbits(want[in]);
                     if (g != wb && bad++ < 4)
                        fprintf(stderr, "  centroid round %u pixel (%u,%u) sample %u input %u.%u: "
                                "got %08X want %08X\n", round, x, y, k, in, ch, g, wb);
                  }
               }
            }
         }
      CHECK(bad == 0 && new_faults() == 0, "centroid round %u (%u partial pixels): %u wrong",
            round, partial, bad);
   }
}

/* Point sprites: S, T across a 4x4 px point per PNT_SPRITE_OVRD_*, T upward with
 * PNT_SPRITE_TOP_1; inputs without PT_SPRITE_TEX, and everything with PNT_SPRITE_ENA = 0,
 * keep the (flat) vertex values. */
static void test_point_sprites(void)
{
   for (unsigned round = 0; round < 8; round++) {
      bool ena = round != 7, top1 = round % 2;
      unsigned ovrd[4];
      for (unsigned c = 0; c < 4; c++)
         ovrd[c] = rnd() % 5;   /* 0, 1, S, T, none */
      struct spi_setup s = {
         .vs_ids = SPI_VS_OUT_ID_0__SEMANTIC_0(1) | SPI_VS_OUT_ID_0__SEMANTIC_1(2),
         .export_count = 1,
         .in_control_0 = SPI_PS_IN_CONTROL_0__PERSP_GRADIENT_ENA(1),
         .interp_control = SPI_INTERP_CONTROL_0__FLAT_SHADE_ENA(1) |
                           SPI_INTERP_CONTROL_0__PNT_SPRITE_ENA(ena) |
                           SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X(ovrd[0]) |
                           SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Y(ovrd[1]) |
                           SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Z(ovrd[2]) |
                           SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_W(ovrd[3]) |
                           SPI_INTERP_CONTROL_0__PNT_SPRITE_TOP_1(top1),
      };
      s.input_cntl[0] = SPI_PS_INPUT_CNTL_0__SEMANTIC(1) | SPI_PS_INPUT_CNTL_0__PT_SPRITE_TEX(1) |
                        SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1);
      s.input_cntl[1] = SPI_PS_INPUT_CNTL_0__SEMANTIC(2) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1);
      s.input_cntl[2] = SPI_PS_INPUT_CNTL_0__SEMANTIC(2) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1);
      s.input_cntl[3] = SPI_PS_INPUT_CNTL_0__SEMANTIC(2) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1);
      float p[4][4];
      for (unsigned i = 0; i < 16; i++)
         p[i / 4][i % 4] = (float)(rnd() % 100) + 0.25f;
      int64_t c[2] = { (int64_t)(4 + rnd() % 8) * 256 + (rnd() % 2) * 128,
                       (int64_t)(4 + rnd() % 8) * 256 + (rnd() % 2) * 128 };
      set_vtx(0, c[0], c[1], 0.0f, 1.0f, (const float(*)[4])p);
      struct ib ib = { .n = 0 };
      emit(&ib, &s);
      run(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, 1);
      unsigned bad = 0, drawn = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            int64_t px = 256 * x + 128, py = 256 * y + 128;
            bool in = px >= c[0] - 512 && px < c[0] + 512 && py >= c[1] - 512 && py < c[1] + 512;
            if (!in) {
               bad += got(0, 0, x, y, 0) != -12345.0f;
               continue;
            }
            drawn++;
            float sv = (float)((px - (c[0] - 512)) / 1024.0), tv = (float)((py - (c[1] - 512)) / 1024.0);
            if (top1)
               tv = (float)(1.0 - (py - (c[1] - 512)) / 1024.0);
            for (unsigned ch = 0; ch < 4; ch++) {
               float want = p[0][ch];
               if (ena) {
                  want = ovrd[ch] == 0 ? 0.0f : ovrd[ch] == 1 ? 1.0f : ovrd[ch] == 2 ? sv
                       : ovrd[ch] == 3 ? tv : p[0][ch];
               }
               bad += fbits(got(0, 0, x, y, ch)) != fbits(want);
               bad += fbits(got(1, 0, x, y, ch)) != fbits(p[1][ch]);
            }
         }
      CHECK(bad == 0 && drawn == 16 && new_faults() == 0, "point sprite round %u: %u wrong", round, bad);
   }
}

/* spi.c's block-wise evaluation against the documented per-pixel formula evaluated the
 * way spi.c evaluates it (in double, in this order), bit for bit: random triangles (large
 * and tiny coordinates, both windings, random 1/w), random inputs (perspective, linear,
 * flat, default), the position with z; sim_spi_load called directly. */
static void test_block_exact(void)
{
   static struct sim_vtx vtx[3];
   static struct sim_lanes lanes;
   unsigned bad = 0, values = 0;
   for (unsigned round = 0; round < 300; round++) {
      struct sim_prim prim;
      memset(&prim, 0, sizeof(prim));
      int64_t range = round % 3 == 0 ? 64 * 256 : round % 3 == 1 ? 4096 * 256 : 2 * 256;
      do {
         for (unsigned k = 0; k < 3; k++) {
            prim.x[k] = (int64_t)(rnd() % (uint32_t)(2 * range)) - range / 2;
            prim.y[k] = (int64_t)(rnd() % (uint32_t)(2 * range)) - range / 2;
         }
         prim.area2 = (prim.x[1] - prim.x[0]) * (prim.y[2] - prim.y[0]) -
                      (prim.y[1] - prim.y[0]) * (prim.x[2] - prim.x[0]);
      } while (prim.area2 == 0);
      for (unsigned k = 0; k < 3; k++) {
         prim.z[k] = (float)(rnd() % 100000) / 99999.0f;
         prim.inv_w[k] = 1.0f / ((float)(rnd() % 10000) / 100.0f + 0.01f);
         for (unsigned i = 0; i < 4; i++)
            for (unsigned c = 0; c < 4; c++)
               vtx[k].param[i][c] = (float)((int)(rnd() % 20001) - 10000) / (float)(1 + rnd() % 999);
         prim.v[k] = &vtx[k];
      }
      prim.provoking = &vtx[2];
      struct sim_spi_state spi;
      memset(&spi, 0, sizeof(spi));
      spi.num_interp = 4;
      for (unsigned i = 0; i < 4; i++) {
         spi.in[i].param = i == 3 && round % 4 == 0 ? -1 : (int)i;
         spi.in[i].linear = rnd() & 1;
         spi.in[i].flat = i == 2 && round % 5 == 0;
         spi.in[i].def[3] = 1.0f;
      }
      spi.pos_ena = true;
      spi.pos_addr = 4;
      spi.provide_z = round & 1;
      spi.max_gpr = 5;
      int32_t bx = (int32_t)(rnd() % 64) * 4 - 128, by = (int32_t)(rnd() % 64) * 4 - 128;
      uint8_t smask[16];
      memset(smask, 1, sizeof(smask));
      struct sim_sc_msaa ms;
      memset(&ms, 0, sizeof(ms));
      sim_spi_load(&spi, &prim, bx, by, smask, &ms, &lanes);

      const double inv_area = 1.0 / (double)prim.area2;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         int64_t px = (int64_t)(bx + (int32_t)sim_lane_x(l)) * SIM_SUBPIX + SIM_SUBPIX / 2;
         int64_t py = (int64_t)(by + (int32_t)sim_lane_y(l)) * SIM_SUBPIX + SIM_SUBPIX / 2;
         double b[3], q[3], p[3], qsum = 0;
         for (unsigned k = 0; k < 3; k++) {
            unsigned i = (k + 1) % 3, j = (k + 2) % 3;
            int64_t e = (prim.x[j] - prim.x[i]) * (py - prim.y[i]) -
                        (prim.y[j] - prim.y[i]) * (px - prim.x[i]);
            b[k] = (double)e * inv_area;
            q[k] = b[k] * prim.inv_w[k];
            qsum += q[k];
         }
         for (unsigned k = 0; k < 3; k++)
            p[k] = q[k] / qsum;
         for (unsigned i = 0; i < 4; i++) {
            const struct sim_spi_input *in = &spi.in[i];
            const double *wt = in->linear ? b : p;
            for (unsigned c = 0; c < 4; c++) {
               float want;
               if (in->param < 0)
                  want = in->def[c];
               else if (in->flat)
                  want = prim.provoking->param[in->param][c];
               else {
                  double a0 = vtx[0].param[in->param][c], a1 = vtx[1].param[in->param][c];
                  double a2 = vtx[2].param[in->param][c];
                  want = (float)(a0 + wt[1] * (a1 - a0) + wt[2] * (a2 - a0));
               }
               values++;
               bad += lanes.gpr[i][c][l] != fbits(want);
            }
         }
         double z = prim.z[0] + b[1] * ((double)prim.z[1] - prim.z[0]) +
                    b[2] * ((double)prim.z[2] - prim.z[0]);
         const float pos[4] = { (float)((double)px / SIM_SUBPIX), (float)((double)py / SIM_SUBPIX),
                                spi.provide_z ? (float)z : 0.0f, (float)(1.0 / qsum) };
         for (unsigned c = 0; c < 4; c++) {
            values++;
            bad += lanes.gpr[4][c][l] != fbits(pos[c]);
         }
      }
   }
   CHECK(bad == 0, "block-wise interpolation: %u of %u values differ", bad, values);
}

int main(int argc, char **argv)
{
   gpu = pm4p_gpu_from_args(argc, argv, &chip);
   if (!gpu)
      return 2;
   pm4p_alloc(gpu, 256, &vs_va);
   pm4p_alloc(gpu, 256, &ps_va);
   pos = pm4p_alloc(gpu, MAX_VERTS * 16, &pos_va);
   col = pm4p_alloc(gpu, MAX_VERTS * 64, &col_va);
   for (unsigned n = 0; n < 4; n++)
      out[n] = pm4p_alloc(gpu, SAMPLES * NPIX * 16, &cb_va[n]);
   pm4p_write_program(gpu, vs_va, FAKE_VS, 8, pos_va, col_va, 0.0f);
   pm4p_write_program(gpu, ps_va, FAKE_PS, 8, 0, 0, 0.0f);

   test_semantics();
   test_interpolation();
   test_centroid();
   test_point_sprites();
   test_block_exact();

   r600_gpu_destroy(gpu);
   return check_report();
}
