/* VGT below the GL layer: every implemented VGT_PRIMITIVE_TYPE (lists, strips, fans, loops,
 * quads, polygons, rectangles, the adjacency types, TRI_WITH_WFLAGS with auto-index, NONE)
 * with both provoking-vertex conventions; auto-index, DMA and immediate indices of 16 and 32
 * bits; VGT_DMA_INDEX_TYPE.SWAP_MODE; primitive restart (VGT_MULTI_PRIM_IB_RESET_EN /
 * _INDX); VGT_INDX_OFFSET with wrap-around; VGT_MIN/MAX_VTX_INDX clamps; instancing
 * (NUM_INSTANCES) with the instance id and VGT_INSTANCE_STEP_RATE_0/1 in GPR0.
 * Real PM4 streams, fake shader engines (sim_fake_engine.c). The expected primitives come
 * from the GL primitive-assembly rules written out below (independent of vgt.c), painted
 * with raster_ref.h's exact coverage; every vertex has its own colour, so the flat colour
 * shows which vertex provoked each primitive. */
#include <stdlib.h>

#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "raster_ref.h"
#include "sim_fake_engine.h"

#define W 64
#define H 64
#define NV 48                  /* vertex pool */
#define MAX_IDX 256

static struct r600_gpu *gpu;
static enum hw_chip chip = HW_CHIP_R7XX;
static uint64_t cb_va, vs_va, ps_va, pos_va, col_va, idx_va;
static uint32_t *cb;
static float *pos, *col;
static uint8_t *idx;
static unsigned fault_mark;
static uint32_t expected[W * H];
static int64_t vxy[NV][2];       /* vertex positions, 1/256 px */
static uint32_t vcol[NV];        /* vertex colours (RGBA8) */
static uint64_t rng = 0x0DDC0FFEE1234567ull;

static uint32_t rnd(void)
{
   return pm4p_xorshift(&rng);
}

#define PT(n) VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_##n

/* ---- reference primitive assembly ---------------------------------------------------- */

struct ref_prim {
   unsigned n;            /* 1 point, 2 line, 3 triangle, 4 rectangle */
   uint32_t v[3];
   uint32_t provoking;
};

/* Appends the primitives of one restart-free run of vertex ids `s[0..n)` of type `type`
 * under the GL rules (provoking vertex per the first / last convention). */
static unsigned ref_assemble(unsigned type, const uint32_t *s, unsigned n, bool last,
                             struct ref_prim *out)
{
   unsigned m = 0;
#define ADD(cnt, a, b, c, pf, pl) \
   out[m++] = (struct ref_prim){ cnt, { s[a], s[b], s[c] }, last ? s[pl] : s[pf] }
   switch (type) {
   case PT(POINTLIST):
      for (unsigned i = 0; i < n; i++)
         ADD(1, i, i, i, i, i);
      break;
   case PT(LINELIST):
      for (unsigned i = 0; i + 1 < n; i += 2)
         ADD(2, i, i + 1, i + 1, i, i + 1);
      break;
   case PT(LINESTRIP):
   case PT(LINELOOP):
      for (unsigned i = 0; i + 1 < n; i++)
         ADD(2, i, i + 1, i + 1, i, i + 1);
      if (type == PT(LINELOOP) && n >= 2)
         ADD(2, n - 1, 0, 0, n - 1, 0);
      break;
   case PT(TRILIST):
   case PT(TRI_WITH_WFLAGS):
      for (unsigned i = 0; i + 2 < n; i += 3)
         ADD(3, i, i + 1, i + 2, i, i + 2);
      break;
   case PT(RECTLIST):
      for (unsigned i = 0; i + 2 < n; i += 3)
         ADD(4, i, i + 1, i + 2, i, i + 2);
      break;
   case PT(TRISTRIP):
      for (unsigned i = 0; i + 2 < n; i++) {
         if (i % 2)
            ADD(3, i + 1, i, i + 2, i, i + 2);
         else
            ADD(3, i, i + 1, i + 2, i, i + 2);
      }
      break;
   case PT(TRIFAN):
      for (unsigned i = 1; i + 1 < n; i++)
         ADD(3, 0, i, i + 1, i, i + 1);
      break;
   case PT(POLYGON):
      for (unsigned i = 1; i + 1 < n; i++)
         ADD(3, 0, i, i + 1, 0, 0);
      break;
   case PT(QUADLIST):
      for (unsigned i = 0; i + 3 < n; i += 4) {
         ADD(3, i, i + 1, i + 2, i, i + 3);
         ADD(3, i, i + 2, i + 3, i, i + 3);
      }
      break;
   case PT(QUADSTRIP):
      for (unsigned i = 0; i + 3 < n; i += 2) {
         ADD(3, i, i + 1, i + 3, i, i + 3);
         ADD(3, i, i + 3, i + 2, i, i + 3);
      }
      break;
   case PT(LINELIST_ADJ):
      for (unsigned i = 0; i + 3 < n; i += 4)
         ADD(2, i + 1, i + 2, i + 2, i + 1, i + 2);
      break;
   case PT(LINESTRIP_ADJ):
      for (unsigned i = 1; i + 2 < n; i++)
         ADD(2, i, i + 1, i + 1, i, i + 1);
      break;
   case PT(TRILIST_ADJ):
      for (unsigned i = 0; i + 5 < n; i += 6)
         ADD(3, i, i + 2, i + 4, i, i + 4);
      break;
   case PT(TRISTRIP_ADJ):
      for (unsigned t = 0; 2 * t + 5 < n; t++) {
         if (t % 2)
            ADD(3, 2 * t + 2, 2 * t, 2 * t + 4, 2 * t, 2 * t + 4);
         else
            ADD(3, 2 * t, 2 * t + 2, 2 * t + 4, 2 * t, 2 * t + 4);
      }
      break;
   }
#undef ADD
   return m;
}

static const struct ref_line_rule line_rule = { 0x2A, 0x2A, 0xA, 0xA, true };

static void paint(const struct ref_prim *p, int64_t dx)
{
   uint32_t c = vcol[p->provoking];
   int64_t q[3][2];
   for (unsigned k = 0; k < 3; k++) {
      q[k][0] = vxy[p->v[k]][0] + dx;
      q[k][1] = vxy[p->v[k]][1];
   }
   int64_t r[3][2] = { { q[1][0], q[1][1] },
                       { q[1][0] + q[2][0] - q[0][0], q[1][1] + q[2][1] - q[0][1] },
                       { q[2][0], q[2][1] } };
   for (int64_t y = 0; y < H; y++)
      for (int64_t x = 0; x < W; x++) {
         bool in;
         if (p->n == 1) {
            int64_t px = 256 * x + 128, py = 256 * y + 128;
            in = px >= q[0][0] - 128 && px < q[0][0] + 128 && py >= q[0][1] - 128 &&
                 py < q[0][1] + 128;
         } else if (p->n == 2) {
            in = ref_line_covers(q[0], q[1], 128, &line_rule, x, y);
         } else {
            in = ref_covered(q, x, y, REF_LEFT | REF_TOP) ||
                 (p->n == 4 && ref_covered(r, x, y, REF_LEFT | REF_TOP));
         }
         if (in)
            expected[y * W + x] = c;
      }
}

/* ---- the pipeline ------------------------------------------------------------------------ */

static unsigned new_faults(void)
{
   return pm4p_new_faults(gpu, &fault_mark);
}

static void emit_state(struct ib *ib, bool provoking_last)
{
   pm4p_emit_raster(ib, W, H);
   pm4p_emit_cb_rgba8(ib, cb_va, W, H);
   pm4p_emit_shaders(ib, vs_va, ps_va, true);
   ib_ctx(ib, REG_SPI_PS_INPUT_CNTL_0, SPI_PS_INPUT_CNTL_0__SEMANTIC(1) |
                                       SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1));
   ib_ctx(ib, REG_PA_SU_SC_MODE_CNTL, PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(provoking_last));
   ib_ctx(ib, REG_PA_SC_LINE_CNTL, PA_SC_LINE_CNTL__LAST_PIXEL(1));
   ib_ctx(ib, REG_PA_SU_LINE_CNTL, PA_SU_LINE_CNTL__WIDTH(8));
   ib_ctx(ib, REG_PA_SU_POINT_SIZE, PA_SU_POINT_SIZE__WIDTH(8) | PA_SU_POINT_SIZE__HEIGHT(8));
   ib_ctx(ib, REG_VGT_INSTANCE_STEP_RATE_0, 0);
   ib_ctx(ib, REG_VGT_INSTANCE_STEP_RATE_1, 0);
}

enum source { SRC_AUTO, SRC_DMA16, SRC_DMA32, SRC_IMMD16, SRC_IMMD32 };

/* Draws `count` indices of type `type` from `ids` (ignored for auto-index). */
static void draw(struct ib *ib, unsigned type, enum source src, const uint32_t *ids,
                 unsigned count)
{
   ib_cfg(ib, REG_VGT_PRIMITIVE_TYPE, type);
   if (src == SRC_AUTO) {
      ib_put(ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_AUTO, 2));
      ib_put(ib, count);
      ib_put(ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX));
   } else {
      bool i32 = src == SRC_DMA32 || src == SRC_IMMD32;
      ib_put(ib, PM4_TYPE3_HDR(PM4_IT_INDEX_TYPE, 1));
      ib_put(ib, VGT_DMA_INDEX_TYPE__INDEX_TYPE(i32 ? VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_32
                                                    : VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_16));
      if (src == SRC_DMA16 || src == SRC_DMA32) {
         for (unsigned i = 0; i < count; i++) {
            if (i32)
               memcpy(idx + 4 * i, &ids[i], 4);
            else
               memcpy(idx + 2 * i, &(uint16_t){ (uint16_t)ids[i] }, 2);
         }
         ib_put(ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX, 4));
         ib_put(ib, (uint32_t)idx_va);
         ib_put(ib, (uint32_t)(idx_va >> 32));
         ib_put(ib, count);
         ib_put(ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_DMA));
      } else {
         unsigned ndw = i32 ? count : (count + 1) / 2;
         ib_put(ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_IMMD, 2 + ndw));
         ib_put(ib, count);
         ib_put(ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_IMMEDIATE));
         for (unsigned d = 0; d < ndw; d++)
            ib_put(ib, i32 ? ids[d] : (ids[2 * d] & 0xFFFF) |
                                         (2 * d + 1 < count ? ids[2 * d + 1] << 16 : 0));
      }
   }
}

static void submit(struct ib *ib)
{
   for (unsigned i = 0; i < W * H; i++)
      cb[i] = 0;
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib->dw, ib->n));
}

static unsigned diff_image(void)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < W * H; i++) {
      if (cb[i] != expected[i] && bad++ < 2)
         fprintf(stderr, "  pixel (%u,%u): got %08X want %08X\n", i % W, i / W, cb[i], expected[i]);
   }
   return bad;
}

/* ---- tests ------------------------------------------------------------------------------- */

static const unsigned types[] = {
   PT(POINTLIST), PT(LINELIST), PT(LINESTRIP), PT(LINELOOP), PT(TRILIST), PT(TRISTRIP),
   PT(TRIFAN), PT(POLYGON), PT(QUADLIST), PT(QUADSTRIP), PT(RECTLIST), PT(LINELIST_ADJ),
   PT(LINESTRIP_ADJ), PT(TRILIST_ADJ), PT(TRISTRIP_ADJ), PT(TRI_WITH_WFLAGS), PT(NONE),
};

/* Every type x index source x provoking convention; indices are a random selection of
 * the pool (auto-index: 0, 1, 2, ...). */
static void test_types_and_sources(void)
{
   for (unsigned ti = 0; ti < sizeof(types) / sizeof(types[0]); ti++)
      for (unsigned src = SRC_AUTO; src <= SRC_IMMD32; src++)
         for (unsigned last = 0; last < 2; last++) {
            unsigned type = types[ti];
            if (type == PT(TRI_WITH_WFLAGS) && src != SRC_AUTO)
               continue;   /* only auto-index makes it a TRILIST */
            unsigned count = 13 + rnd() % 12;
            uint32_t ids[MAX_IDX];
            for (unsigned i = 0; i < count; i++)
               ids[i] = src == SRC_AUTO ? i : rnd() % NV;
            struct ref_prim prims[4 * MAX_IDX];
            unsigned np = type == PT(NONE) ? 0 : ref_assemble(type, ids, count, last, prims);
            memset(expected, 0, sizeof(expected));
            for (unsigned p = 0; p < np; p++)
               paint(&prims[p], 0);
            struct ib ib = { .n = 0 };
            emit_state(&ib, last);
            draw(&ib, type, (enum source)src, ids, count);
            submit(&ib);
            unsigned bad = diff_image();
            CHECK(bad == 0 && new_faults() == 0, "type %u source %u last %u: %u wrong", type, src,
                  last, bad);
         }
}

/* Restart, index offset (with wrap-around) and min / max clamps on strips, fans, loops and
 * lists, 16- and 32-bit indices, DMA and immediate. */
static void test_restart_offset_clamp(void)
{
   static const unsigned rtypes[] = { PT(LINESTRIP), PT(LINELOOP), PT(TRISTRIP), PT(TRIFAN),
                                      PT(POLYGON), PT(QUADSTRIP), PT(TRILIST), PT(LINESTRIP_ADJ),
                                      PT(TRISTRIP_ADJ) };
   for (unsigned ti = 0; ti < sizeof(rtypes) / sizeof(rtypes[0]); ti++)
      for (unsigned src = SRC_DMA16; src <= SRC_IMMD32; src++) {
         bool i32 = src == SRC_DMA32 || src == SRC_IMMD32;
         uint32_t reset = i32 ? 0xFFFFFFFFu : 0xFFFFu;
         uint32_t offset = (rnd() % 2) ? 5 : (uint32_t)-7;   /* -7: wraps around */
         uint32_t min_i = 4, max_i = 40;
         unsigned count = 30 + rnd() % 20;
         uint32_t raw[MAX_IDX], ids[MAX_IDX];
         for (unsigned i = 0; i < count; i++) {
            raw[i] = rnd() % 5 == 0 ? reset : (uint32_t)(rnd() % (NV + 8)) - offset;
            if (!i32 && raw[i] != reset)
               raw[i] &= 0xFFFF;
            if (!i32 && raw[i] == reset && i % 2)
               raw[i] = 0xFFFE;   /* not the restart index */
         }
         /* reference: split at the restart index, then offset and clamp */
         struct ref_prim prims[4 * MAX_IDX];
         unsigned np = 0, start = 0;
         for (unsigned i = 0; i <= count; i++) {
            if (i == count || raw[i] == reset) {
               np += ref_assemble(rtypes[ti], ids + start, i - start, true, prims + np);
               start = i + 1;
               continue;
            }
            uint32_t v = raw[i] + offset;
            ids[i] = v < min_i ? min_i : v > max_i ? max_i : v;
         }
         memset(expected, 0, sizeof(expected));
         for (unsigned p = 0; p < np; p++)
            paint(&prims[p], 0);
         struct ib ib = { .n = 0 };
         emit_state(&ib, true);
         ib_ctx(&ib, REG_VGT_MULTI_PRIM_IB_RESET_EN, VGT_MULTI_PRIM_IB_RESET_EN__RESET_EN(1));
         ib_ctx(&ib, REG_VGT_MULTI_PRIM_IB_RESET_INDX, reset);
         ib_ctx(&ib, REG_VGT_INDX_OFFSET, offset);
         ib_ctx(&ib, REG_VGT_MIN_VTX_INDX, min_i);
         ib_ctx(&ib, REG_VGT_MAX_VTX_INDX, max_i);
         draw(&ib, rtypes[ti], (enum source)src, raw, count);
         submit(&ib);
         unsigned bad = diff_image();
         CHECK(bad == 0 && new_faults() == 0, "restart type %u source %u: %u wrong", rtypes[ti],
               src, bad);
      }

   /* A 16-bit index never matches a RESET_INDX above 0xFFFF; restart is off without
    * RESET_EN. */
   uint32_t raw[12];
   for (unsigned i = 0; i < 12; i++)
      raw[i] = i == 5 ? 0xFFFF : i;
   for (unsigned k = 0; k < 2; k++) {
      uint32_t ids[12];
      for (unsigned i = 0; i < 12; i++)
         ids[i] = raw[i] > 40 ? 40 : raw[i];
      struct ref_prim prims[64];
      unsigned np = ref_assemble(PT(TRISTRIP), ids, 12, true, prims);
      memset(expected, 0, sizeof(expected));
      for (unsigned p = 0; p < np; p++)
         paint(&prims[p], 0);
      struct ib ib = { .n = 0 };
      emit_state(&ib, true);
      ib_ctx(&ib, REG_VGT_MULTI_PRIM_IB_RESET_EN, VGT_MULTI_PRIM_IB_RESET_EN__RESET_EN(k));
      ib_ctx(&ib, REG_VGT_MULTI_PRIM_IB_RESET_INDX, k ? 0x1FFFF : 0xFFFF);
      ib_ctx(&ib, REG_VGT_MAX_VTX_INDX, 40);
      draw(&ib, PT(TRISTRIP), SRC_DMA16, raw, 12);
      submit(&ib);
      CHECK(diff_image() == 0, "no restart case %u", k);
   }
}

/* SWAP_MODE on 16- and 32-bit DMA indices, the buffer at a 2-byte offset for 16 bits. */
static void test_swap(void)
{
   for (unsigned swap = 0; swap < 4; swap++)
      for (unsigned i32 = 0; i32 < 2; i32++) {
         const unsigned count = 24;
         uint32_t ids[24];
         for (unsigned i = 0; i < count; i++)
            ids[i] = rnd() % NV;
         unsigned lead = i32 ? 0 : 2;
         uint8_t bytes[4 * 24 + 8] = { 0 };
         for (unsigned i = 0; i < count; i++) {
            if (i32)
               memcpy(bytes + 4 * i, &ids[i], 4);
            else
               memcpy(bytes + lead + 2 * i, &(uint16_t){ (uint16_t)ids[i] }, 2);
         }
         /* store each dword in the swapped order the VGT undoes */
         for (unsigned d = 0; d < sizeof(bytes); d += 4) {
            uint8_t b[4];
            memcpy(b, bytes + d, 4);
            static const unsigned order[4][4] = {
               { 0, 1, 2, 3 }, { 1, 0, 3, 2 }, { 3, 2, 1, 0 }, { 2, 3, 0, 1 } };
            for (unsigned k = 0; k < 4; k++)
               idx[d + k] = b[order[swap][k]];
         }
         struct ref_prim prims[64];
         unsigned np = ref_assemble(PT(TRILIST), ids, count, true, prims);
         memset(expected, 0, sizeof(expected));
         for (unsigned p = 0; p < np; p++)
            paint(&prims[p], 0);
         struct ib ib = { .n = 0 };
         emit_state(&ib, true);
         ib_cfg(&ib, REG_VGT_PRIMITIVE_TYPE, PT(TRILIST));
         ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_INDEX_TYPE, 1));
         ib_put(&ib, VGT_DMA_INDEX_TYPE__INDEX_TYPE(i32 ? VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_32
                                                        : VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_16) |
                     VGT_DMA_INDEX_TYPE__SWAP_MODE(swap));
         ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX, 4));
         ib_put(&ib, (uint32_t)(idx_va + lead));
         ib_put(&ib, (uint32_t)((idx_va + lead) >> 32));
         ib_put(&ib, count);
         ib_put(&ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_DMA));
         submit(&ib);
         unsigned bad = diff_image();
         CHECK(bad == 0 && new_faults() == 0, "SWAP_MODE %u, %u-bit: %u wrong", swap, i32 ? 32 : 16,
               bad);
      }
}

/* Instances: the VS moves instance i by i * 8 px (its instance id in GPR0.w) and colours
 * it with GPR0.y / GPR0.z = instance / STEP_RATE_0 / _1 (0 for a rate of 0). */
static void test_instancing(void)
{
   static const uint32_t rates[][2] = { { 1, 1 }, { 2, 3 }, { 0, 4 } };
   for (unsigned r = 0; r < 3; r++) {
      const unsigned ninst = 5, count = 6;
      uint32_t ids[6] = { 0, 1, 2, 3, 4, 5 };
      struct ref_prim prims[8];
      unsigned np = ref_assemble(PT(TRILIST), ids, count, true, prims);
      memset(expected, 0, sizeof(expected));
      for (unsigned inst = 0; inst < ninst; inst++) {
         uint32_t y = rates[r][0] ? inst / rates[r][0] : 0, z = rates[r][1] ? inst / rates[r][1] : 0;
         float c[4] = { (float)y / 255.0f, (float)z / 255.0f, 0, 1 };
         uint32_t saved[NV];
         memcpy(saved, vcol, sizeof(saved));
         for (unsigned v = 0; v < NV; v++)
            vcol[v] = (vcol[v] & 0xFFFF0000u) | (pm4p_rgba(c) & 0xFFFF);
         for (unsigned p = 0; p < np; p++)
            paint(&prims[p], (int64_t)inst * 8 * 256);
         memcpy(vcol, saved, sizeof(saved));
      }
      pm4p_write_program(gpu, vs_va, FAKE_VS, 32, pos_va, col_va, 8.0f / (W / 2));
      struct ib ib = { .n = 0 };
      emit_state(&ib, true);
      ib_ctx(&ib, REG_VGT_INSTANCE_STEP_RATE_0, rates[r][0]);
      ib_ctx(&ib, REG_VGT_INSTANCE_STEP_RATE_1, rates[r][1]);
      ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_NUM_INSTANCES, 1));
      ib_put(&ib, ninst);
      draw(&ib, PT(TRILIST), SRC_AUTO, NULL, count);
      submit(&ib);
      pm4p_write_program(gpu, vs_va, FAKE_VS, 0, pos_va, col_va, 0.0f);
      unsigned bad = diff_image();
      CHECK(bad == 0 && new_faults() == 0, "instancing, step rates %u/%u: %u wrong", rates[r][0],
            rates[r][1], bad);
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
   pos = pm4p_alloc(gpu, NV * 16, &pos_va);
   col = pm4p_alloc(gpu, NV * 16, &col_va);
   idx = pm4p_alloc(gpu, 4 * MAX_IDX + 16, &idx_va);
   pm4p_write_program(gpu, vs_va, FAKE_VS, 0, pos_va, col_va, 0.0f);
   pm4p_write_program(gpu, ps_va, FAKE_PS, 0, 0, 0, 0.0f);
   for (unsigned v = 0; v < NV; v++) {
      float c[4] = { (float)(1 + v * 5) / 255.0f, (float)(rnd() % 256) / 255.0f,
                     (float)(rnd() % 256) / 255.0f, 1.0f };
      vxy[v][0] = (int64_t)(rnd() % (26 * 256)) + 2 * 256;   /* room for 4 instances x 8 px */
      vxy[v][1] = (int64_t)(rnd() % (60 * 256)) + 2 * 256;
      pm4p_set_vertex(pos, col, W, H, v, vxy[v][0], vxy[v][1], 0.0f, 1.0f, c);
      vcol[v] = pm4p_rgba(c);
   }

   test_types_and_sources();
   test_restart_offset_clamp();
   test_swap();
   test_instancing();

   r600_gpu_destroy(gpu);
   return check_report();
}
