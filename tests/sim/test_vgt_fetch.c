/* Instanced draws through the real shader engines: a fetch shader (SQ_PGM_START_FS, called
 * by the VS's CALL_FS) fetches the position per vertex (FETCH_TYPE VERTEX_DATA from GPR0.x)
 * and three per-instance elements (FETCH_TYPE INSTANCE_DATA from GPR0.y = instance /
 * VGT_INSTANCE_STEP_RATE_0, GPR0.z = instance / VGT_INSTANCE_STEP_RATE_1 and GPR0.w =
 * instance, each plus SQ_VTX_START_INST_LOC): two colours and an x offset the VS adds. The
 * PS writes both colours to two RGBA8 targets. Expected images: the triangles of every
 * instance at their offsets (raster_ref.h), coloured by the elements the step rates select.
 * Programs are built with the isa_harness microcode builder; both chips, the engine
 * R600SIM_ENGINE names (meson runs the interpreter and the JIT).
 * The leak case: the VS also reads R5.x before writing it (R5.x += 1.0, then colour 1's red
 * = R5.x * 0.5): every instance is a batch of its own, and every batch must start from
 * zeroed GPRs below SQ_PGM_RESOURCES_VS.NUM_GPRS, so that red is 0.5 in every instance.
 * The one-parameter case: after draws whose VS exported PARAM 1, a VS exporting PARAM 0
 * alone (SPI_VS_OUT_CONFIG still two): PARAM 1 reads zero, target 1 stays 0. */
#include <math.h>
#include <stdlib.h>

#include "isa_harness.h"
#include "pm4_pipeline.h"
#include "r600sim/gpu.h"
#include "raster_ref.h"

#define W 64
#define H 32
#define NINST 7
#define ELEMS 16
#define VFMT(n) ENU(SQ_VTX_WORD1, DATA_FORMAT, FMT_##n)

static struct r600_gpu *gpu;
static uint64_t cb_va[2], fs_va, vs_va, ps_va, buf_va[4];
static uint32_t *cb[2];
static unsigned fault_mark;
static bool leak;        /* the VS reads R5.x before it writes it */
static bool one_param;   /* the VS exports PARAM 0 only */

/* The fetch shader: R1 = position[index], R2 = colour0[instance / rate0 + start],
 * R3 = colour1[instance / rate1 + start], R4 = offset[instance + start]; RETURN. */
static void build_fs(struct prog *p)
{
   prog_init(p);
   unsigned at = p->qw;
   const unsigned src_chan[4] = { 0, 1, 2, 3 };
   for (unsigned i = 0; i < 4; i++)
      vtx(p, (struct vfetch){ .buffer = 160 + i, .src_gpr = 0, .src_chan = src_chan[i], .dst_gpr = 1 + i,
                              .fmt = VFMT(32_32_32_32_FLOAT),
                              .num = ENU(SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_SCALED),
                              .sel = XYZW,
                              .fetch_type = i ? ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_INSTANCE_DATA)
                                              : ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_VERTEX_DATA) });
   cf_fetch(p, CFI(VTX), at, 4);
   cf(p, CFI(RETURN), 0, 0, false);
}

/* The VS: CALL_FS; R1.x += R4.x; POS 60 = R1, PARAM 0 = R2, PARAM 1 = R3. */
static void build_vs(struct prog *p)
{
   prog_init(p);
   cf(p, CFI(CALL_FS), 0, 0, false);
   alu_begin(p);
   alu(p, (struct alu){ .op = OP2(ADD), .dst = 1, .chan = 0, .s0 = gpr(1, 0), .s1 = gpr(4, 0) }, true);
   if (leak) {
      alu(p, (struct alu){ .op = OP2(ADD), .dst = 5, .chan = 0, .s0 = gpr(5, 0),
                           .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)) }, true);
      alu(p, (struct alu){ .op = OP2(MUL), .dst = 3, .chan = 0, .s0 = gpr(5, 0),
                           .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0_5)) }, true);
   }
   cf_alu(p, ALUK(ALU), (struct kcache){ 0 });
   const unsigned xyzw[4] = { SEL(X), SEL(Y), SEL(Z), SEL(W) };
   struct cf_exp e = { .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_POS),
                       .base = 60, .gpr = 1 };
   memcpy(e.sel, xyzw, sizeof(xyzw));
   cf_export(p, e);
   e.type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PARAM);
   e.base = 0;
   e.gpr = 2;
   e.burst = one_param ? 1 : 2;   /* PARAM 0, 1 = R2, R3 */
   e.eop = true;
   cf_export(p, e);
}

/* The PS: PIXEL 0, 1 = R0, R1 (the two inputs). */
static void build_ps(struct prog *p)
{
   prog_init(p);
   const unsigned xyzw[4] = { SEL(X), SEL(Y), SEL(Z), SEL(W) };
   struct cf_exp e = { .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL),
                       .base = 0, .gpr = 0, .burst = 2, .eop = true };
   memcpy(e.sel, xyzw, sizeof(xyzw));
   cf_export(p, e);
}

static uint64_t upload_gpu(const struct prog *p)
{
   uint64_t va;
   void *m = pm4p_alloc(gpu, 8ull * p->qw, &va);
   memcpy(m, p->dw, 8ull * p->qw);
   return va;
}

/* Vertex buffer i at SET_RESOURCE slot 320 + i (the fetch shader's BUFFER_ID 160 + i). */
static void emit_buffer(struct ib *ib, unsigned i, uint64_t va, uint32_t bytes)
{
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_SET_RESOURCE, 8));
   ib_put(ib, (REG_SQ_VTX_CONSTANT_WORD0_0 + (320 + i) * RES_STRIDE - PM4_SET_RESOURCE_WINDOW_START) >> 2);
   ib_put(ib, SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS((uint32_t)va));
   ib_put(ib, SQ_VTX_CONSTANT_WORD1__SIZE(bytes - 1));
   ib_put(ib, SQ_VTX_CONSTANT_WORD2__STRIDE(16) | SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI((uint32_t)(va >> 32)));
   ib_put(ib, 0);
   ib_put(ib, 0);
   ib_put(ib, 0);
   ib_put(ib, SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER));
}

/* A draw with the step rates and start instance; `freed`: the position buffer was freed,
 * so that the draw must fault (checked instead of the images). */
static void run_case(uint32_t rate0, uint32_t rate1, uint32_t start, bool freed)
{
   static float unused[4 * 3];
   float *posv = freed ? unused : r600_gpu_map(gpu, buf_va[0]);
   float *col0 = r600_gpu_map(gpu, buf_va[1]), *col1 = r600_gpu_map(gpu, buf_va[2]);
   float *offs = r600_gpu_map(gpu, buf_va[3]);
   const int64_t tri[3][2] = { { 1 * 256, 3 * 256 }, { 7 * 256 + 128, 5 * 256 }, { 2 * 256, 28 * 256 } };
   for (unsigned k = 0; k < 3; k++) {
      posv[4 * k + 0] = (float)tri[k][0] / (256.0f * W / 2) - 1.0f;
      posv[4 * k + 1] = (float)tri[k][1] / (256.0f * H / 2) - 1.0f;
      posv[4 * k + 2] = 0.0f;
      posv[4 * k + 3] = 1.0f;
   }
   for (unsigned e = 0; e < ELEMS; e++) {
      for (unsigned c = 0; c < 4; c++) {
         col0[4 * e + c] = (float)((e * 37 + c * 11 + 5) % 256) / 255.0f;
         col1[4 * e + c] = (float)((e * 53 + c * 29 + 7) % 256) / 255.0f;
         offs[4 * e + c] = 0.0f;
      }
      col0[4 * e + 3] = col1[4 * e + 3] = 1.0f;
      offs[4 * e] = (float)(8 * ((int)e - (int)start)) / (W / 2);   /* 8 px per instance */
   }

   static uint32_t want[2][W * H];
   memset(want, 0, sizeof(want));
   for (unsigned inst = 0; inst < NINST; inst++) {
      unsigned e[2] = { (rate0 ? inst / rate0 : 0) + start, (rate1 ? inst / rate1 : 0) + start };
      int64_t t[3][2];
      for (unsigned k = 0; k < 3; k++) {
         t[k][0] = tri[k][0] + (int64_t)inst * 8 * 256;
         t[k][1] = tri[k][1];
      }
      for (unsigned n = 0; n < 2; n++) {
         float c[4];
         memcpy(c, n ? &col1[4 * e[1]] : &col0[4 * e[0]], sizeof(c));
         if (n && leak)
            c[0] = 0.5f;   /* R5.x = 0 + 1.0, times 0.5 */
         if (n && one_param)
            memset(c, 0, sizeof(c));
         for (int64_t y = 0; y < H; y++)
            for (int64_t x = 0; x < W; x++)
               if (ref_covered(t, x, y, REF_LEFT | REF_TOP))
                  want[n][y * W + x] = pm4p_rgba(c);
      }
   }

   struct ib ib = { .n = 0 };
   pm4p_emit_raster(&ib, W, H);
   pm4p_emit_cb_rgba8(&ib, cb_va[0], W, H);
   ib_ctx(&ib, REG_CB_COLOR1_BASE, (uint32_t)(cb_va[1] >> 8));
   ib_ctx(&ib, REG_CB_COLOR1_SIZE, CB_COLOR0_SIZE__PITCH_TILE_MAX(W / 8 - 1) |
                                   CB_COLOR0_SIZE__SLICE_TILE_MAX(W * H / 64 - 1));
   ib_ctx(&ib, REG_CB_COLOR1_INFO,
          CB_COLOR0_INFO__FORMAT(CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8) |
          CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED));
   ib_ctx(&ib, REG_CB_TARGET_MASK, 0xFF);
   ib_ctx(&ib, REG_CB_SHADER_MASK, 0xFF);
   ib_ctx(&ib, REG_CB_SHADER_CONTROL, CB_SHADER_CONTROL__RT0_ENABLE(1) | CB_SHADER_CONTROL__RT1_ENABLE(1));
   pm4p_emit_shaders(&ib, vs_va, ps_va, true);
   ib_ctx(&ib, REG_SQ_PGM_START_FS, (uint32_t)(fs_va >> 8));
   ib_ctx(&ib, REG_SQ_PGM_RESOURCES_VS,
          SQ_PGM_RESOURCES_VS__NUM_GPRS(leak ? 6 : 5) | SQ_PGM_RESOURCES_VS__STACK_SIZE(1));
   ib_ctx(&ib, REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__NUM_GPRS(2));
   ib_ctx(&ib, REG_SPI_VS_OUT_CONFIG, SPI_VS_OUT_CONFIG__VS_EXPORT_COUNT(1));
   ib_ctx(&ib, REG_SPI_VS_OUT_ID_0, SPI_VS_OUT_ID_0__SEMANTIC_0(1) | SPI_VS_OUT_ID_0__SEMANTIC_1(2));
   ib_ctx(&ib, REG_SPI_PS_IN_CONTROL_0,
          SPI_PS_IN_CONTROL_0__NUM_INTERP(2) | SPI_PS_IN_CONTROL_0__PERSP_GRADIENT_ENA(1));
   ib_ctx(&ib, REG_SPI_PS_INPUT_CNTL_0, SPI_PS_INPUT_CNTL_0__SEMANTIC(1) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1));
   ib_ctx(&ib, REG_SPI_PS_INPUT_CNTL_0 + 4, SPI_PS_INPUT_CNTL_0__SEMANTIC(2) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1));
   ib_ctx(&ib, REG_SQ_PGM_EXPORTS_PS, SQ_PGM_EXPORTS_PS__EXPORT_MODE(4));
   for (unsigned i = 0; i < 4; i++)
      emit_buffer(&ib, i, buf_va[i], ELEMS * 16);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_SET_CTL_CONST, 2));
   ib_put(&ib, (REG_SQ_VTX_START_INST_LOC - PM4_SET_CTL_CONST_WINDOW_START) >> 2);
   ib_put(&ib, start);
   ib_ctx(&ib, REG_VGT_INSTANCE_STEP_RATE_0, rate0);
   ib_ctx(&ib, REG_VGT_INSTANCE_STEP_RATE_1, rate1);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_NUM_INSTANCES, 1));
   ib_put(&ib, NINST);
   pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, 3);
   memset(cb[0], 0, W * H * 4);
   memset(cb[1], 0, W * H * 4);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib.dw, ib.n));
   if (freed) {
      CHECK(pm4p_new_faults(gpu, &fault_mark) > 0,
            "%s: fetching from a freed buffer (fetched from before) faults", hw_chip_name(chip));
      return;
   }
   unsigned bad = 0, drawn = 0;
   for (unsigned n = 0; n < 2; n++)
      for (unsigned i = 0; i < W * H; i++) {
         drawn += want[n][i] != 0;
         if (cb[n][i] != want[n][i] && bad++ < 3)
            fprintf(stderr, "  target %u pixel (%u,%u): got %08X want %08X\n", n, i % W, i / W,
                    cb[n][i], want[n][i]);
      }
   CHECK(bad == 0 && drawn > 100 && pm4p_new_faults(gpu, &fault_mark) == 0,
         "%s: step rates %u/%u, start instance %u%s: %u wrong", hw_chip_name(chip), rate0, rate1,
         start, leak ? ", the VS reading R5.x first" : one_param ? ", PARAM 0 alone" : "", bad);
}

int main(void)
{
   static struct prog fs, vs, ps;
   for (unsigned c = 0; c < 2; c++) {
      chip = c ? HW_CHIP_R6XX : HW_CHIP_R7XX;
      gpu = r600_gpu_create(chip);
      fault_mark = 0;
      for (unsigned n = 0; n < 2; n++)
         cb[n] = pm4p_alloc(gpu, W * H * 4, &cb_va[n]);
      for (unsigned i = 0; i < 4; i++)
         pm4p_alloc(gpu, ELEMS * 16, &buf_va[i]);
      build_fs(&fs);
      build_vs(&vs);
      build_ps(&ps);
      fs_va = upload_gpu(&fs);
      vs_va = upload_gpu(&vs);
      ps_va = upload_gpu(&ps);
      run_case(1, 1, 0, false);
      run_case(2, 3, 0, false);
      run_case(3, 0, 2, false);
      run_case(4, 2, 5, false);
      leak = true;
      build_vs(&vs);
      uint64_t plain_vs = vs_va;
      vs_va = upload_gpu(&vs);
      run_case(1, 1, 0, false);
      run_case(2, 3, 0, false);
      leak = false;
      one_param = true;
      build_vs(&vs);
      vs_va = upload_gpu(&vs);
      run_case(2, 3, 0, false);
      one_param = false;
      vs_va = plain_vs;
      r600_gpu_free(gpu, buf_va[0]);
      run_case(1, 1, 0, true);
      r600_gpu_destroy(gpu);
   }
   return check_report();
}
