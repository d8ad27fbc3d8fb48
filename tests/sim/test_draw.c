/* The fixed-function pipeline below the CP (VGT, PA, SC, SPI, CB) through real PM4 streams,
 * with a test double in place of the shader engines (sim_fake_engine.c): the VS reads
 * clip-space positions and colours from arrays indexed by vertex id, the PS outputs its
 * first interpolated input. Expected images come from raster_ref.h and from formulas
 * written here. */
#include <math.h>
#include <stdlib.h>

#include "device/gpu_debug.h"
#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "raster_ref.h"
#include "sim_fake_engine.h"

#define W 64
#define H 64
#define MAX_VERTS 4096

static struct r600_gpu *gpu;
static uint64_t cb_va, vs_va, ps_va, pos_va, col_va, idx_va;
static uint32_t *cb;          /* W x H RGBA8, row-major, y down */
static float *pos, *col;      /* MAX_VERTS x 4 each */
static uint8_t *idx;
static unsigned fault_mark;

static unsigned new_faults(void)
{
   return pm4p_new_faults(gpu, &fault_mark);
}

static void write_program(uint64_t va, uint32_t kind, uint32_t flags, float instance_dx)
{
   pm4p_write_program(gpu, va, kind, flags, pos_va, col_va, instance_dx);
}

/* The register state a GL driver would program for a W x H RGBA8 target. */
static void emit_state(struct ib *ib)
{
   pm4p_emit_raster(ib, W, H);
   ib_ctx(ib, REG_PA_SU_POINT_SIZE, PA_SU_POINT_SIZE__WIDTH(8) | PA_SU_POINT_SIZE__HEIGHT(8));
   ib_ctx(ib, REG_PA_SU_POINT_MINMAX, PA_SU_POINT_MINMAX__MAX_SIZE(0xFFFF));

   pm4p_emit_cb_rgba8(ib, cb_va, W, H);

   pm4p_emit_shaders(ib, vs_va, ps_va, true);
   ib_cfg(ib, REG_VGT_PRIMITIVE_TYPE, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST);
}

static void draw_indexed(struct ib *ib, unsigned prim, uint32_t count, bool index32)
{
   ib_cfg(ib, REG_VGT_PRIMITIVE_TYPE, prim);
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_INDEX_TYPE, 1));
   ib_put(ib, VGT_DMA_INDEX_TYPE__INDEX_TYPE(index32 ? VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_32
                                                     : VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_16));
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX, 4));
   ib_put(ib, (uint32_t)idx_va);
   ib_put(ib, (uint32_t)(idx_va >> 32));
   ib_put(ib, count);
   ib_put(ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_DMA));
}

/* Vertex v at window position (x, y) in 1/256 px: NDC x = x / (256 * W/2) - 1 is exact. */
static void set_vertex(unsigned v, int64_t x, int64_t y, float w, const float c[4])
{
   pm4p_set_vertex(pos, col, W, H, v, x, y, 0.0f, w, c);
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(void)
{
   return pm4p_xorshift(&rng);
}

static void clear_cb(uint32_t v)
{
   for (unsigned i = 0; i < W * H; i++)
      cb[i] = v;
}

/* Paints triangle t (1/256 px) in colour v into img with the top-left rule. */
static void paint(uint32_t *img, const int64_t t[3][2], uint32_t v)
{
   for (int64_t y = 0; y < H; y++)
      for (int64_t x = 0; x < W; x++)
         if (ref_covered(t, x, y, REF_LEFT | REF_TOP))
            img[y * W + x] = v;
}

static unsigned diff_image(const uint32_t *want)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < W * H; i++) {
      if (cb[i] != want[i]) {
         if (bad < 3)
            fprintf(stderr, "  pixel (%u,%u): got %08X want %08X\n", i % W, i / W, cb[i], want[i]);
         bad++;
      }
   }
   return bad;
}

static uint32_t expected[W * H];
static int64_t tris[600][3][2];

/* Random triangles on the 1/256 grid in one TRILIST draw, then the same through 16- and
 * 32-bit index buffers with shuffled vertices. */
static void test_random_triangles(void)
{
   const unsigned n = 600;
   memset(expected, 0, sizeof(expected));
   for (unsigned i = 0; i < n; i++) {
      float c[4] = { (float)(1 + i % 255) / 255.0f, (float)((i * 7) % 256) / 255.0f,
                     (float)((i * 13) % 256) / 255.0f, 1.0f };
      for (unsigned k = 0; k < 3; k++) {
         tris[i][k][0] = (int64_t)(rnd() % (80 * 256)) - 8 * 256;
         tris[i][k][1] = (int64_t)(rnd() % (80 * 256)) - 8 * 256;
         set_vertex(3 * i + k, tris[i][k][0], tris[i][k][1], 1.0f, c);
      }
      paint(expected, tris[i], pm4p_rgba(c));
   }
   static struct ib ib;
   ib.n = 0;
   emit_state(&ib);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3 * n);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(new_faults() == 0, "random triangles: faults");
   unsigned bad = diff_image(expected);
   CHECK(bad == 0, "random triangles (auto index): %u wrong pixels", bad);

   /* Shuffle: vertex 3i+k moves to perm[3i+k]; the index buffer points back to it. */
   static unsigned perm[3 * 600];
   for (unsigned i = 0; i < 3 * n; i++)
      perm[i] = i;
   for (unsigned i = 3 * n - 1; i > 0; i--) {
      unsigned j = rnd() % (i + 1), t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
   }
   static float p2[4 * 3 * 600], c2[4 * 3 * 600];
   for (unsigned i = 0; i < 3 * n; i++) {
      memcpy(&p2[4 * perm[i]], &pos[4 * i], 16);
      memcpy(&c2[4 * perm[i]], &col[4 * i], 16);
   }
   memcpy(pos, p2, sizeof(p2));
   memcpy(col, c2, sizeof(c2));
   for (unsigned bits = 16; bits <= 32; bits += 16) {
      for (unsigned i = 0; i < 3 * n; i++) {
         if (bits == 16) {
            uint16_t v = (uint16_t)perm[i];
            memcpy(idx + 2 * i, &v, 2);
         } else {
            uint32_t v = perm[i];
            memcpy(idx + 4 * i, &v, 4);
         }
      }
      ib.n = 0;
      emit_state(&ib);
      draw_indexed(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3 * n, bits == 32);
      clear_cb(0);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
      CHECK(new_faults() == 0, "indexed: faults");
      bad = diff_image(expected);
      CHECK(bad == 0, "random triangles (%u-bit indices): %u wrong pixels", bits, bad);
   }
}

static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 }, blue[4] = { 0, 0, 1, 1 };

/* Strips and fans against the same triangles listed one by one. */
static void test_strip_fan(void)
{
   /* Zig-zag strip: vertices alternate between y = 10.3 and y = 40.7 px. */
   const unsigned nv = 12;
   int64_t v[12][2];
   for (unsigned i = 0; i < nv; i++) {
      v[i][0] = (int64_t)(2 + 5 * i) * 256 + 77;
      v[i][1] = (i % 2) ? 40 * 256 + 179 : 10 * 256 + 77;
      set_vertex(i, v[i][0], v[i][1], 1.0f, red);
   }
   memset(expected, 0, sizeof(expected));
   for (unsigned i = 0; i + 2 < nv; i++) {
      int64_t t[3][2] = { { v[i][0], v[i][1] }, { v[i + 1][0], v[i + 1][1] },
                          { v[i + 2][0], v[i + 2][1] } };
      paint(expected, t, pm4p_rgba(red));
   }
   struct ib ib = { .n = 0 };
   emit_state(&ib);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP, nv);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(new_faults() == 0 && diff_image(expected) == 0, "triangle strip");

   /* Strip winding: with back faces culled every triangle of the strip has the same
    * facing, so either all or none is drawn. The first triangle (down, right, up in
    * y-down coordinates) has a negative cross product: back with FACE = 0. */
   ib.n = 0;
   emit_state(&ib);
   ib_ctx(&ib, REG_PA_SU_SC_MODE_CNTL, PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) |
                                       PA_SU_SC_MODE_CNTL__CULL_BACK(1));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP, nv);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned drawn = 0;
   for (unsigned i = 0; i < W * H; i++)
      drawn += cb[i] != 0;
   CHECK(drawn == 0, "culled strip drew %u pixels", drawn);
   ib.n = 0;
   emit_state(&ib);
   ib_ctx(&ib, REG_PA_SU_SC_MODE_CNTL, PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) |
                                       PA_SU_SC_MODE_CNTL__CULL_BACK(1) |
                                       PA_SU_SC_MODE_CNTL__FACE(1));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP, nv);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(diff_image(expected) == 0, "strip with FACE = 1 (clockwise front) fully drawn");

   /* Fan around (32.5, 32.5) with a restart in the middle (16-bit index 0xFFFF). */
   int64_t hub[2] = { 32 * 256 + 128, 32 * 256 + 128 };
   set_vertex(0, hub[0], hub[1], 1.0f, green);
   const unsigned spokes = 9;
   int64_t s[9][2];
   for (unsigned i = 0; i < spokes; i++) {
      double a = 0.7 * i;
      s[i][0] = hub[0] + (int64_t)lrint(cos(a) * 25 * 256);
      s[i][1] = hub[1] + (int64_t)lrint(sin(a) * 25 * 256);
      set_vertex(1 + i, s[i][0], s[i][1], 1.0f, green);
   }
   memset(expected, 0, sizeof(expected));
   /* Indices: 0 1 2 3 4 5, restart, 0 5 6 7 8 9. */
   uint16_t list[] = { 0, 1, 2, 3, 4, 5, 0xFFFF, 0, 5, 6, 7, 8, 9 };
   memcpy(idx, list, sizeof(list));
   for (unsigned i = 0; i + 1 < spokes; i++) {
      int64_t t[3][2] = { { hub[0], hub[1] }, { s[i][0], s[i][1] }, { s[i + 1][0], s[i + 1][1] } };
      paint(expected, t, pm4p_rgba(green));
   }
   ib.n = 0;
   emit_state(&ib);
   ib_ctx(&ib, REG_VGT_MULTI_PRIM_IB_RESET_EN, VGT_MULTI_PRIM_IB_RESET_EN__RESET_EN(1));
   ib_ctx(&ib, REG_VGT_MULTI_PRIM_IB_RESET_INDX, 0xFFFF);
   draw_indexed(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRIFAN, 13, false);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(new_faults() == 0 && diff_image(expected) == 0, "triangle fan with restart");
}

/* RECTLIST: v0 = top-left, v1 = bottom-left, v2 = top-right; the fourth corner is implied.
 * Edges through pixel centres: left/top inclusive, right/bottom exclusive. */
static void test_rect_and_scissor(void)
{
   set_vertex(0, 2 * 256 + 128, 3 * 256 + 128, 1.0f, blue);
   set_vertex(1, 2 * 256 + 128, 20 * 256 + 128, 1.0f, blue);
   set_vertex(2, 30 * 256 + 128, 3 * 256 + 128, 1.0f, blue);
   struct ib ib = { .n = 0 };
   emit_state(&ib);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, 3);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         bad += (cb[y * W + x] == pm4p_rgba(blue)) != (x >= 2 && x < 30 && y >= 3 && y < 20);
   CHECK(new_faults() == 0 && bad == 0, "RECTLIST: %u wrong pixels", bad);

   /* A screen-covering rectangle through the generic scissor (5,6)-(40,41) and the window
    * scissor (0,0)-(50,50) offset by PA_SC_WINDOW_OFFSET (3,4): (5,6)-(40,41). */
   set_vertex(0, -10 * 256, -10 * 256, 1.0f, red);
   set_vertex(1, -10 * 256, 100 * 256, 1.0f, red);
   set_vertex(2, 100 * 256, -10 * 256, 1.0f, red);
   ib.n = 0;
   emit_state(&ib);
   ib_ctx(&ib, REG_PA_SC_GENERIC_SCISSOR_TL, PA_SC_GENERIC_SCISSOR_TL__TL_X(5) |
                                             PA_SC_GENERIC_SCISSOR_TL__TL_Y(6) |
                                             PA_SC_GENERIC_SCISSOR_TL__WINDOW_OFFSET_DISABLE(1));
   ib_ctx(&ib, REG_PA_SC_GENERIC_SCISSOR_BR,
          PA_SC_GENERIC_SCISSOR_BR__BR_X(60) | PA_SC_GENERIC_SCISSOR_BR__BR_Y(60));
   ib_ctx(&ib, REG_PA_SC_WINDOW_OFFSET,
          PA_SC_WINDOW_OFFSET__WINDOW_X_OFFSET(3) | PA_SC_WINDOW_OFFSET__WINDOW_Y_OFFSET(4));
   ib_ctx(&ib, REG_PA_SC_WINDOW_SCISSOR_TL, 0);
   ib_ctx(&ib, REG_PA_SC_WINDOW_SCISSOR_BR,
          PA_SC_WINDOW_SCISSOR_BR__BR_X(37) | PA_SC_WINDOW_SCISSOR_BR__BR_Y(37));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         bad += (cb[y * W + x] == pm4p_rgba(red)) != (x >= 5 && x < 40 && y >= 6 && y < 41);
   CHECK(new_faults() == 0 && bad == 0, "scissors: %u wrong pixels", bad);
}

/* Gouraud interpolation (w = 1 and perspective) and flat shading against formulas. */
static void test_interpolation(void)
{
   const int64_t t[3][2] = { { 4 * 256, 4 * 256 }, { 60 * 256, 10 * 256 }, { 20 * 256, 60 * 256 } };
   const float wv[2][3] = { { 1, 1, 1 }, { 1, 2, 4 } };
   for (unsigned pass = 0; pass < 3; pass++) {
      const float *ws = wv[pass == 1];
      const float *cs[3] = { red, green, blue };
      for (unsigned k = 0; k < 3; k++)
         set_vertex(k, t[k][0], t[k][1], ws[k], cs[k]);
      struct ib ib = { .n = 0 };
      emit_state(&ib);
      if (pass == 2)
         ib_ctx(&ib, REG_SPI_PS_INPUT_CNTL_0,
                SPI_PS_INPUT_CNTL_0__SEMANTIC(1) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1));
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
      clear_cb(0);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
      unsigned bad = 0, covered = 0;
      double area = (double)((t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) -
                             (t[1][1] - t[0][1]) * (t[2][0] - t[0][0]));
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            if (!ref_covered(t, x, y, REF_LEFT | REF_TOP)) {
               bad += cb[y * W + x] != 0;
               continue;
            }
            covered++;
            double px = x * 256.0 + 128, py = y * 256.0 + 128, b[3], q[3], sum = 0;
            for (unsigned k = 0; k < 3; k++) {
               const int64_t *u = t[(k + 1) % 3], *v = t[(k + 2) % 3];
               b[k] = ((v[0] - u[0]) * (py - u[1]) - (v[1] - u[1]) * (px - u[0])) / area;
               q[k] = b[k] / ws[k];
               sum += q[k];
            }
            uint32_t got = cb[y * W + x];
            for (unsigned c = 0; c < 3; c++) {
               double want = pass == 2 ? (c == 2 ? 255.0 : 0.0) : 255.0 * q[c] / sum;
               double g = (got >> (8 * c)) & 0xFF;
               bad += fabs(g - want) > 0.51;
            }
            bad += (got >> 24) != 255;
         }
      CHECK(new_faults() == 0 && bad == 0 && covered > 500,
            "interpolation pass %u: %u wrong values, %u pixels", pass, bad, covered);
   }
}

/* CB: blending, component swap, write mask, kill, bounds. */
static void test_cb(void)
{
   const int64_t t[3][2] = { { 0, 0 }, { 64 * 256, 0 }, { 0, 64 * 256 } };
   const float half[4] = { 1.0f, 0.5f, 0.25f, 0.5f };
   for (unsigned k = 0; k < 3; k++)
      set_vertex(k, t[k][0], t[k][1], 1.0f, half);

   /* SRC_ALPHA, ONE_MINUS_SRC_ALPHA over 0x40 0x80 0xC0 0xFF. */
   struct ib ib = { .n = 0 };
   emit_state(&ib);
   ib_ctx(&ib, REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(0xCC) |
                                     CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(1));
   ib_ctx(&ib, REG_CB_BLEND_CONTROL,
          CB_BLEND_CONTROL__COLOR_SRCBLEND(CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC_ALPHA) |
          CB_BLEND_CONTROL__COLOR_DESTBLEND(CB_BLEND_CONTROL__COLOR_DESTBLEND__BLEND_ONE_MINUS_SRC_ALPHA) |
          CB_BLEND_CONTROL__COLOR_COMB_FCN(CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_DST_PLUS_SRC));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   clear_cb(0xFFC08040);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   /* src * a + dst * (1 - a) with a = 0.5; blending precision is not specified beyond
    * float math, so one unit of the last place is allowed. */
   const double dst[4] = { 0x40 / 255.0, 0x80 / 255.0, 0xC0 / 255.0, 1.0 };
   unsigned blend_bad = 0;
   for (unsigned c = 0; c < 4; c++) {
      double want = 255.0 * (half[c] * 0.5 + dst[c] * 0.5);
      blend_bad += fabs((double)((cb[W + 1] >> (8 * c)) & 0xFF) - want) > 1.0;
   }
   CHECK(new_faults() == 0 && blend_bad == 0, "blend: %08X", cb[W + 1]);
   CHECK(cb[63 * W + 63] == 0xFFC08040, "blend outside the triangle");

   /* SWAP_ALT (BGRA) and a write mask of R and A only. */
   ib.n = 0;
   emit_state(&ib);
   ib_ctx(&ib, REG_CB_COLOR0_INFO,
          CB_COLOR0_INFO__FORMAT(CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8) |
          CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
          CB_COLOR0_INFO__COMP_SWAP(CB_COLOR0_INFO__COMP_SWAP__SWAP_ALT));
   ib_ctx(&ib, REG_CB_TARGET_MASK, 0x9);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   clear_cb(0x11223344);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   /* Memory bytes: X=B (masked: keeps 0x44), Y=G (masked: 0x33), Z=R = 0xFF, W=A = 0x80. */
   CHECK(cb[W + 1] == 0x80FF3344, "swap ALT + mask: %08X", cb[W + 1]);

   /* Kill: the fake PS kills lanes whose red is 0. */
   const float black[4] = { 0, 1, 1, 1 };
   for (unsigned k = 0; k < 3; k++)
      set_vertex(k, t[k][0], t[k][1], 1.0f, black);
   write_program(ps_va, FAKE_PS, 1, 0.0f);
   ib.n = 0;
   emit_state(&ib);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   clear_cb(0x12345678);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(cb[W + 1] == 0x12345678, "killed pixels are not written");
   write_program(ps_va, FAKE_PS, 0, 0.0f);

   /* A colour buffer larger than its buffer: fault, nothing drawn. */
   uint64_t small = r600_gpu_alloc(gpu, W * H * 4 / 2, 256);
   uint32_t *sm = r600_gpu_map(gpu, small);
   ib.n = 0;
   emit_state(&ib);
   ib_ctx(&ib, REG_CB_COLOR0_BASE, (uint32_t)(small >> 8));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(new_faults() == 1 && sm[W + 1] == 0, "colour buffer outside its buffer");
   r600_gpu_free(gpu, small);
}

/* Instances, VGT_INDX_OFFSET, immediate indices, clipping. */
static void test_vgt_and_clip(void)
{
   /* Triangle at x 2..12 drawn twice: instance 1 is moved by +0.5 NDC = 16 px. */
   int64_t t[3][2] = { { 2 * 256, 2 * 256 }, { 12 * 256, 2 * 256 }, { 2 * 256, 12 * 256 } };
   for (unsigned k = 0; k < 3; k++)
      set_vertex(10 + k, t[k][0], t[k][1], 1.0f, green);
   write_program(vs_va, FAKE_VS, 0, 0.5f);
   struct ib ib = { .n = 0 };
   emit_state(&ib);
   ib_ctx(&ib, REG_VGT_INDX_OFFSET, 10);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_NUM_INSTANCES, 1));
   ib_put(&ib, 2);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   memset(expected, 0, sizeof(expected));
   paint(expected, t, pm4p_rgba(green));
   int64_t t2[3][2];
   for (unsigned k = 0; k < 3; k++) {
      t2[k][0] = t[k][0] + 16 * 256;
      t2[k][1] = t[k][1];
   }
   paint(expected, t2, pm4p_rgba(green));
   CHECK(new_faults() == 0 && diff_image(expected) == 0, "instancing + VGT_INDX_OFFSET");
   write_program(vs_va, FAKE_VS, 0, 0.0f);

   /* Immediate 16-bit indices 12, 11, 10 (two per dword, first in the low half). */
   ib.n = 0;
   emit_state(&ib);
   ib_cfg(&ib, REG_VGT_PRIMITIVE_TYPE, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_INDEX_TYPE, 1));
   ib_put(&ib, VGT_DMA_INDEX_TYPE__INDEX_TYPE(VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_16));
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_IMMD, 4));
   ib_put(&ib, 3);
   ib_put(&ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_IMMEDIATE));
   ib_put(&ib, 12 | 11u << 16);
   ib_put(&ib, 10);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   memset(expected, 0, sizeof(expected));
   paint(expected, t, pm4p_rgba(green));
   CHECK(new_faults() == 0 && diff_image(expected) == 0, "DRAW_INDEX_IMMD");

   /* VGT_MAX_VTX_INDX clamps the index: 3 vertices with ids 0..2 + offset 10, max 10:
    * all three become vertex 10, a degenerate triangle - nothing drawn. */
   ib.n = 0;
   emit_state(&ib);
   ib_ctx(&ib, REG_VGT_INDX_OFFSET, 10);
   ib_ctx(&ib, REG_VGT_MAX_VTX_INDX, 10);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned drawn = 0;
   for (unsigned i = 0; i < W * H; i++)
      drawn += cb[i] != 0;
   CHECK(new_faults() == 0 && drawn == 0, "index clamp: %u pixels", drawn);

   /* Clipping: a huge triangle far beyond the guard band covers every pixel once; one
    * entirely behind the viewer (w < 0) draws nothing. */
   int64_t big[3][2] = { { -300 * 64 * 256, -300 * 64 * 256 }, { 900 * 64 * 256, -300 * 64 * 256 },
                         { -300 * 64 * 256, 900 * 64 * 256 } };
   for (unsigned k = 0; k < 3; k++)
      set_vertex(k, big[k][0], big[k][1], 1.0f, blue);
   ib.n = 0;
   emit_state(&ib);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   unsigned bad = 0;
   for (unsigned i = 0; i < W * H; i++)
      bad += cb[i] != pm4p_rgba(blue);
   CHECK(new_faults() == 0 && bad == 0, "guard-band clipping: %u pixels not covered", bad);
   for (unsigned k = 0; k < 3; k++)
      set_vertex(k, t[k][0], t[k][1], -1.0f, blue);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   drawn = 0;
   for (unsigned i = 0; i < W * H; i++)
      drawn += cb[i] != 0;
   CHECK(new_faults() == 0 && drawn == 0, "triangle behind the viewer: %u pixels", drawn);

   /* Near-plane clipping: z = -2w at one vertex (GL clip space: outside z >= -w). The
    * visible part is where the interpolated z/w >= -1; only pixels on that side are drawn. */
   for (unsigned k = 0; k < 3; k++)
      set_vertex(k, t[k][0] * 4, t[k][1] * 4, 1.0f, red);
   pos[2] = -2.0f;                       /* vertex 0: behind the near plane */
   ib.n = 0;
   emit_state(&ib);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   /* z(P) = -2 b0 (w = 1 everywhere): visible where b0 <= 1/2. */
   bad = drawn = 0;
   int64_t t4[3][2] = { { t[0][0] * 4, t[0][1] * 4 }, { t[1][0] * 4, t[1][1] * 4 },
                        { t[2][0] * 4, t[2][1] * 4 } };
   double area = (double)((t4[1][0] - t4[0][0]) * (t4[2][1] - t4[0][1]) -
                          (t4[1][1] - t4[0][1]) * (t4[2][0] - t4[0][0]));
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         double px = x * 256.0 + 128, py = y * 256.0 + 128;
         double b0 = ((t4[2][0] - t4[1][0]) * (py - t4[1][1]) -
                      (t4[2][1] - t4[1][1]) * (px - t4[1][0])) / area;
         bool on = cb[y * W + x] != 0;
         drawn += on;
         bool inside = ref_covered(t4, x, y, REF_LEFT | REF_TOP);
         /* Away from the clip line (1/100 of b0) the answer is certain. */
         if (inside && b0 < 0.49)
            bad += !on;
         if (!inside || b0 > 0.51)
            bad += on;
      }
   CHECK(new_faults() == 0 && bad == 0 && drawn > 100, "near-plane clipping: %u wrong, %u drawn",
         bad, drawn);
}

/* POINTLIST: fixed and per-vertex sizes, ER_POINT ties, point-sprite coordinates. */
static unsigned count_colour(uint32_t v, unsigned *x0, unsigned *y0, unsigned *x1, unsigned *y1)
{
   unsigned n = 0;
   *x0 = *y0 = W;
   *x1 = *y1 = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         if (cb[y * W + x] == v) {
            n++;
            *x0 = x < *x0 ? x : *x0;
            *y0 = y < *y0 ? y : *y0;
            *x1 = x + 1 > *x1 ? x + 1 : *x1;
            *y1 = y + 1 > *y1 ? y + 1 : *y1;
         }
   return n;
}

static void test_points(void)
{
   unsigned x0, y0, x1, y1;
   /* Radius 1.5 px (12.4: 24). Centre (10.5, 10.5): square [9, 12] - pixels 9..11. Centre
    * (20, 20): square [18.5, 21.5], edges through centres: left/top in, right/bottom out. */
   set_vertex(0, 10 * 256 + 128, 10 * 256 + 128, 1.0f, red);
   set_vertex(1, 20 * 256, 20 * 256, 1.0f, green);
   struct ib ib = { .n = 0 };
   emit_state(&ib);
   ib_ctx(&ib, REG_PA_SU_POINT_SIZE, PA_SU_POINT_SIZE__WIDTH(24) | PA_SU_POINT_SIZE__HEIGHT(24));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, 2);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(new_faults() == 0, "points: faults");
   CHECK(count_colour(pm4p_rgba(red), &x0, &y0, &x1, &y1) == 9 && x0 == 9 && y0 == 9 && x1 == 12 &&
         y1 == 12, "point at a pixel centre: %u..%u x %u..%u", x0, x1, y0, y1);
   CHECK(count_colour(pm4p_rgba(green), &x0, &y0, &x1, &y1) == 9 && x0 == 18 && y0 == 18 &&
         x1 == 21 && y1 == 21, "point on a pixel corner: %u..%u x %u..%u", x0, x1, y0, y1);

   /* Per-vertex size 7 (radius 3.5) clamped to PA_SU_POINT_MINMAX max radius 2 (12.4: 32):
    * centre (40.5, 40.5), square [38.5, 42.5] - pixels 38..41. */
   set_vertex(0, 40 * 256 + 128, 40 * 256 + 128, 1.0f, blue);
   pos[2] = 7.0f;
   write_program(vs_va, FAKE_VS, 2, 0.0f);
   ib.n = 0;
   emit_state(&ib);
   ib_ctx(&ib, REG_PA_CL_VS_OUT_CNTL, PA_CL_VS_OUT_CNTL__USE_VTX_POINT_SIZE(1) |
                                      PA_CL_VS_OUT_CNTL__VS_OUT_MISC_VEC_ENA(1));
   ib_ctx(&ib, REG_PA_SU_POINT_MINMAX, PA_SU_POINT_MINMAX__MIN_SIZE(0) |
                                       PA_SU_POINT_MINMAX__MAX_SIZE(32));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, 1);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(count_colour(pm4p_rgba(blue), &x0, &y0, &x1, &y1) == 16 && x0 == 38 && x1 == 42,
         "per-vertex point size clamped: %u..%u", x0, x1);
   /* USE_VTX_POINT_SIZE without VS_OUT_MISC_VEC_ENA: the size reads 0 (clamped to the
    * minimum radius 0.5: pixel 40 only), also right after a draw whose misc vector held 7. */
   ib.n = 0;
   emit_state(&ib);
   ib_ctx(&ib, REG_PA_CL_VS_OUT_CNTL, PA_CL_VS_OUT_CNTL__USE_VTX_POINT_SIZE(1));
   ib_ctx(&ib, REG_PA_SU_POINT_MINMAX, PA_SU_POINT_MINMAX__MIN_SIZE(8) |
                                       PA_SU_POINT_MINMAX__MAX_SIZE(32));
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, 1);
   clear_cb(0);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   CHECK(count_colour(pm4p_rgba(blue), &x0, &y0, &x1, &y1) == 1 && x0 == 40 && y0 == 40,
         "no misc vector after one: size 0 (%u..%u)", x0, x1);
   write_program(vs_va, FAKE_VS, 0, 0.0f);

   /* Sprite coordinates: radius 4 around (32, 32): square [28, 36]; input 0 = (S, T, 0, 1). */
   set_vertex(0, 32 * 256, 32 * 256, 1.0f, red);
   for (unsigned top1 = 0; top1 < 2; top1++) {
      ib.n = 0;
      emit_state(&ib);
      ib_ctx(&ib, REG_PA_SU_POINT_SIZE, PA_SU_POINT_SIZE__WIDTH(64) | PA_SU_POINT_SIZE__HEIGHT(64));
      ib_ctx(&ib, REG_SPI_INTERP_CONTROL_0,
             SPI_INTERP_CONTROL_0__FLAT_SHADE_ENA(1) | SPI_INTERP_CONTROL_0__PNT_SPRITE_ENA(1) |
             SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X(SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_S) |
             SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Y(SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Y__SPI_PNT_SPRITE_SEL_T) |
             SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Z(SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Z__SPI_PNT_SPRITE_SEL_0) |
             SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_W(SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_W__SPI_PNT_SPRITE_SEL_1) |
             SPI_INTERP_CONTROL_0__PNT_SPRITE_TOP_1(top1));
      ib_ctx(&ib, REG_SPI_PS_INPUT_CNTL_0,
             SPI_PS_INPUT_CNTL_0__SEMANTIC(1) | SPI_PS_INPUT_CNTL_0__PT_SPRITE_TEX(1));
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, 1);
      clear_cb(0);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
      /* Pixel (35, 28): S = 7.5/8 = 0.9375 -> 239, T = 0.5/8 = 0.0625 -> 16 (239 if TOP_1). */
      uint32_t want = 239u | (top1 ? 239u : 16u) << 8 | 0xFFu << 24;
      CHECK(cb[28 * W + 35] == want, "sprite coordinates (TOP_1 %u): %08X want %08X", top1,
            cb[28 * W + 35], want);
      CHECK(cb[27 * W + 35] == 0 && cb[28 * W + 36] == 0, "sprite square edges");
   }
}

static void paint_line(uint32_t *img, const int64_t a[2], const int64_t b[2], int64_t hw,
                       const struct ref_line_rule *r, uint32_t v)
{
   for (int64_t y = 0; y < H; y++)
      for (int64_t x = 0; x < W; x++)
         if (ref_line_covers(a, b, hw, r, x, y))
            img[y * W + x] = v;
}

static void emit_line_state(struct ib *ib, unsigned width_12_4, const struct ref_line_rule *r)
{
   emit_state(ib);
   /* Lines entirely beyond a side of the discard band are discarded: widen it to the
    * clip guard band so that wide lines just outside the viewport still reach in. */
   ib_ctx(ib, REG_PA_CL_GB_VERT_DISC_ADJ, f2u(4.0f));
   ib_ctx(ib, REG_PA_CL_GB_HORZ_DISC_ADJ, f2u(4.0f));
   ib_ctx(ib, REG_PA_SU_LINE_CNTL, PA_SU_LINE_CNTL__WIDTH(width_12_4));
   ib_ctx(ib, REG_PA_SC_LINE_CNTL, PA_SC_LINE_CNTL__LAST_PIXEL(r->last_pixel));
   ib_ctx(ib, REG_PA_SC_EDGERULE, PA_SC_EDGERULE__ER_TRI(0xA) | PA_SC_EDGERULE__ER_POINT(0xA) |
                                  PA_SC_EDGERULE__ER_RECT(0xA) | PA_SC_EDGERULE__ER_LINE_LR(r->lr) |
                                  PA_SC_EDGERULE__ER_LINE_RL(r->rl) |
                                  PA_SC_EDGERULE__ER_LINE_TB(r->tb) |
                                  PA_SC_EDGERULE__ER_LINE_BT(r->bt));
}

/* LINELIST / LINESTRIP / LINELOOP: random lines (end points on the 1/256 grid, half of
 * them on pixel centres, some axis-aligned) of several widths under Mesa's rule and the
 * D3D10 values, with and without LAST_PIXEL, against line_covers. */
static void test_lines(void)
{
   static const struct ref_line_rule rules[] = {
      { 0x2A, 0x2A, 0xA, 0xA, true },    /* what Mesa programs */
      { 0x2A, 0x2A, 0xA, 0xA, false },
      { 0x1A, 0x26, 0xA, 0xA, false },   /* S004's D3D10 values */
      { 0x15, 0x3F, 0x5, 0x3, true },
   };
   static const unsigned widths[] = { 8, 12, 20, 8 };   /* half widths, 12.4 */
   const unsigned n = 300;
   static int64_t ends[600][2];
   for (unsigned ri = 0; ri < 4; ri++) {
      const struct ref_line_rule *r = &rules[ri];
      int64_t hw = widths[ri] * 16;
      memset(expected, 0, sizeof(expected));
      for (unsigned i = 0; i < n; i++) {
         float c[4] = { (float)(1 + i % 255) / 255.0f, (float)((i * 7) % 256) / 255.0f,
                        (float)(ri * 50) / 255.0f, 1.0f };
         for (unsigned k = 0; k < 2; k++) {
            int64_t *e = ends[2 * i + k];
            e[0] = (int64_t)(rnd() % (72 * 256)) - 4 * 256;
            e[1] = (int64_t)(rnd() % (72 * 256)) - 4 * 256;
            if (i % 2)
               e[0] = e[0] / 256 * 256 + 128, e[1] = e[1] / 256 * 256 + 128;
            if (k == 1 && i % 5 == 0)
               e[1] = ends[2 * i][1];   /* horizontal */
            if (k == 1 && i % 5 == 1)
               e[0] = ends[2 * i][0];   /* vertical */
            set_vertex(2 * i + k, e[0], e[1], 1.0f, c);
         }
         paint_line(expected, ends[2 * i], ends[2 * i + 1], hw, r, pm4p_rgba(c));
      }
      static struct ib ib;
      ib.n = 0;
      emit_line_state(&ib, widths[ri], r);
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELIST, 2 * n);
      clear_cb(0);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
      unsigned bad = diff_image(expected), drawn = 0;
      for (unsigned i = 0; i < W * H; i++)
         drawn += expected[i] != 0;
      CHECK(new_faults() == 0 && bad == 0 && drawn > 500, "LINELIST rule %u: %u wrong pixels",
            ri, bad);
   }

   /* Strip and loop over the same vertices, with a restart in the middle: the loop closes
    * each sub-sequence. Flat colour = the provoking (last) vertex of each segment. */
   const struct ref_line_rule *r = &rules[1];
   const unsigned nv = 12;
   for (unsigned loop = 0; loop < 2; loop++) {
      memset(expected, 0, sizeof(expected));
      for (unsigned i = 0; i < nv; i++) {
         float c[4] = { (float)(10 + 20 * i) / 255.0f, 0.0f, (float)(loop * 100) / 255.0f, 1.0f };
         ends[i][0] = (int64_t)(rnd() % (60 * 256)) + 2 * 256;
         ends[i][1] = (int64_t)(rnd() % (60 * 256)) + 2 * 256;
         set_vertex(i, ends[i][0], ends[i][1], 1.0f, c);
      }
      /* indices 0..5, restart, 6..11 */
      uint16_t *ix = (uint16_t *)idx;
      for (unsigned i = 0; i < 6; i++) {
         ix[i] = (uint16_t)i;
         ix[7 + i] = (uint16_t)(6 + i);
      }
      ix[6] = 0xFFFF;
      for (unsigned part = 0; part < 2; part++) {
         unsigned b0 = 6 * part;
         for (unsigned i = 0; i + 1 < 6; i++) {
            float c[4] = { (float)(10 + 20 * (b0 + i + 1)) / 255.0f, 0.0f,
                           (float)(loop * 100) / 255.0f, 1.0f };
            paint_line(expected, ends[b0 + i], ends[b0 + i + 1], 8 * 16, r, pm4p_rgba(c));
         }
         if (loop) {
            float c[4] = { (float)(10 + 20 * b0) / 255.0f, 0.0f, 100.0f / 255.0f, 1.0f };
            paint_line(expected, ends[b0 + 5], ends[b0], 8 * 16, r, pm4p_rgba(c));
         }
      }
      static struct ib ib;
      ib.n = 0;
      emit_line_state(&ib, 8, r);
      ib_ctx(&ib, REG_SPI_PS_INPUT_CNTL_0,
             SPI_PS_INPUT_CNTL_0__SEMANTIC(1) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1));
      ib_ctx(&ib, REG_VGT_MULTI_PRIM_IB_RESET_EN, VGT_MULTI_PRIM_IB_RESET_EN__RESET_EN(1));
      ib_ctx(&ib, REG_VGT_MULTI_PRIM_IB_RESET_INDX, 0xFFFF);
      draw_indexed(&ib, loop ? VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELOOP
                             : VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINESTRIP, 13, false);
      clear_cb(0);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
      unsigned bad = diff_image(expected);
      CHECK(new_faults() == 0 && bad == 0, "%s with restart: %u wrong pixels",
            loop ? "LINELOOP" : "LINESTRIP", bad);
   }
}

/* QUADLIST, QUADSTRIP and POLYGON: the triangles they decompose into, with the top-left
 * rule (the shared diagonal drawn once). */
static void test_quads(void)
{
   static const unsigned types[3] = { VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADLIST,
                                      VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADSTRIP,
                                      VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POLYGON };
   static const char *const names[3] = { "QUADLIST", "QUADSTRIP", "POLYGON" };
   /* Convex quads / a strip / a convex polygon, vertices on the 1/256 grid. */
   const int64_t quad_v[8][2] = {
      { 300, 500 }, { 7000, 900 }, { 8100, 7700 }, { 700, 6900 },
      { 9000, 9100 }, { 15000, 9000 }, { 15500, 15000 }, { 9500, 14200 },
   };
   const int64_t strip_v[8][2] = {
      { 500, 500 }, { 600, 9000 }, { 5000, 800 }, { 5100, 9500 },
      { 9000, 300 }, { 9400, 9900 }, { 15000, 1000 }, { 15900, 9000 },
   };
   const int64_t poly_v[6][2] = {
      { 8000, 500 }, { 14000, 3000 }, { 15000, 9000 }, { 9000, 15500 }, { 2000, 12000 }, { 800, 4000 },
   };
   for (unsigned t = 0; t < 3; t++) {
      const int64_t (*v)[2] = t == 0 ? quad_v : t == 1 ? strip_v : poly_v;
      unsigned nv = t == 2 ? 6 : 8;
      memset(expected, 0, sizeof(expected));
      for (unsigned i = 0; i < nv; i++) {
         float c[4] = { (float)(30 * i + 5) / 255.0f, (float)(t * 60) / 255.0f, 0.5f, 1.0f };
         set_vertex(i, v[i][0], v[i][1], 1.0f, c);
      }
      /* Flat colours: quads take their last vertex, the polygon its first. */
      int64_t tri[3][2];
      unsigned ntri = t == 1 ? 6 : 4;
      for (unsigned k = 0; k < ntri; k++) {
         unsigned i0, i1, i2, pv;
         if (t == 0) {
            unsigned q = 4 * (k / 2);
            i0 = q, i1 = q + 1 + k % 2, i2 = q + 2 + k % 2, pv = q + 3;
         } else if (t == 1) {
            unsigned q = 2 * (k / 2);
            i0 = q;
            i1 = k % 2 ? q + 3 : q + 1;
            i2 = k % 2 ? q + 2 : q + 3;
            pv = q + 3;
         } else {
            i0 = 0, i1 = k + 1, i2 = k + 2, pv = 0;
         }
         memcpy(tri[0], v[i0], 16);
         memcpy(tri[1], v[i1], 16);
         memcpy(tri[2], v[i2], 16);
         float c[4] = { (float)(30 * pv + 5) / 255.0f, (float)(t * 60) / 255.0f, 0.5f, 1.0f };
         paint(expected, (const int64_t (*)[2])tri, pm4p_rgba(c));
      }
      struct ib ib = { .n = 0 };
      emit_state(&ib);
      ib_ctx(&ib, REG_SPI_PS_INPUT_CNTL_0,
             SPI_PS_INPUT_CNTL_0__SEMANTIC(1) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1));
      pm4p_draw_auto(&ib, types[t], nv);
      clear_cb(0);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
      unsigned bad = diff_image(expected);
      CHECK(new_faults() == 0 && bad == 0, "%s: %u wrong pixels", names[t], bad);
   }
}

/* Random register values in the rasterizer/CB/SPI/VGT state around valid draws: no crash,
 * no hang (run under ASan/UBSan). */
static void test_fuzz_state(void)
{
   static const uint32_t regs[] = {
      REG_PA_CL_VTE_CNTL, REG_PA_CL_VPORT_XSCALE_0, REG_PA_CL_VPORT_YOFFSET_0, REG_PA_CL_CLIP_CNTL,
      REG_PA_CL_GB_HORZ_CLIP_ADJ, REG_PA_SU_VTX_CNTL, REG_PA_SU_SC_MODE_CNTL, REG_PA_SC_EDGERULE,
      REG_PA_SC_WINDOW_OFFSET, REG_PA_SC_WINDOW_SCISSOR_TL, REG_PA_SC_SCREEN_SCISSOR_BR,
      REG_PA_SC_GENERIC_SCISSOR_TL, REG_PA_SC_VPORT_SCISSOR_0_BR, REG_CB_COLOR0_SIZE,
      REG_CB_COLOR0_INFO, REG_CB_COLOR0_BASE, REG_CB_TARGET_MASK, REG_CB_COLOR_CONTROL,
      REG_CB_BLEND_CONTROL, REG_SPI_PS_IN_CONTROL_0, REG_SPI_PS_IN_CONTROL_1,
      REG_SPI_PS_INPUT_CNTL_0, REG_SPI_VS_OUT_CONFIG, REG_VGT_INDX_OFFSET, REG_VGT_MAX_VTX_INDX,
      REG_SQ_PGM_RESOURCES_PS, REG_SX_ALPHA_TEST_CONTROL, REG_PA_SU_POINT_SIZE,
      REG_PA_SU_POINT_MINMAX, REG_PA_CL_VS_OUT_CNTL, REG_SPI_INTERP_CONTROL_0,
   };
   static const unsigned prims[] = {
      VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP,
      VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRIFAN, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST,
      VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST, 63,
   };
   for (unsigned v = 0; v < 64; v++) {
      float c[4] = { (float)(rnd() % 3) - 0.5f, 0.5f, 2.0f, 1.0f };
      set_vertex(v, (int64_t)(rnd() % (100 * 256)) - 20 * 256, (int64_t)(rnd() % (100 * 256)) - 20 * 256,
                 (float)(rnd() % 5) - 1.0f, c);
   }
   static struct ib ib;
   for (unsigned iter = 0; iter < 300; iter++) {
      ib.n = 0;
      emit_state(&ib);
      unsigned nregs = 1 + rnd() % 4;
      for (unsigned i = 0; i < nregs; i++) {
         uint32_t r = regs[rnd() % (sizeof(regs) / sizeof(regs[0]))];
         uint32_t v = rnd() % 2 ? rnd() : rnd() % 16;
         if (r == REG_VGT_INDX_OFFSET || r == REG_VGT_MAX_VTX_INDX)
            v %= 64;   /* keep vertex ids inside the fake VS's arrays (else a VS fault) */
         ib_ctx(&ib, r, v);
      }
      pm4p_draw_auto(&ib, prims[rnd() % (sizeof(prims) / sizeof(prims[0]))], rnd() % 40);
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   }
   new_faults();
   CHECK(true, "fuzzed state survived");
}

int main(void)
{
   gpu = r600_gpu_create(HW_CHIP_R7XX);
   cb = pm4p_alloc(gpu, W * H * 4, &cb_va);
   pm4p_alloc(gpu, 256, &vs_va);
   pm4p_alloc(gpu, 256, &ps_va);
   pos = pm4p_alloc(gpu, MAX_VERTS * 16, &pos_va);
   col = pm4p_alloc(gpu, MAX_VERTS * 16, &col_va);
   idx = pm4p_alloc(gpu, MAX_VERTS * 4, &idx_va);
   write_program(vs_va, FAKE_VS, 0, 0.0f);
   write_program(ps_va, FAKE_PS, 0, 0.0f);

   test_random_triangles();
   test_strip_fan();
   test_rect_and_scissor();
   test_interpolation();
   test_cb();
   test_vgt_and_clip();
   test_points();
   test_lines();
   test_quads();
   test_fuzz_state();

   r600_gpu_destroy(gpu);
   return check_report();
}
