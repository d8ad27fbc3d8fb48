/* Test helpers shared by the PM4-pipeline tests that run real command streams against the
 * fake shader engines (sim_fake_engine.c): fault counting, the fake programs, and the
 * register blocks every such test programs the same way (GL-like viewport/rasterizer and
 * scissors, an RGBA8 linear colour buffer, the fake VS/PS pair and its SPI/VGT state). */
#ifndef TEST_PM4_PIPELINE_H
#define TEST_PM4_PIPELINE_H

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "pm4_stream.h"
#include "r600sim/gpu.h"

/* Faults raised since the last call (*mark holds the count seen so far). */
/* The GPU of a test whose optional first argument names the chip (r600 or rv770; default
 * the caller's *chip). NULL, with a message, for an unknown name. */
static inline struct r600_gpu *pm4p_gpu_from_args(int argc, char **argv, enum hw_chip *chip)
{
   if (argc > 1 && !hw_chip_from_name(argv[1], chip)) {
      fprintf(stderr, "unknown chip %s\n", argv[1]);
      return NULL;
   }
   return r600_gpu_create(*chip);
}

static inline unsigned pm4p_new_faults(struct r600_gpu *gpu, unsigned *mark)
{
   unsigned n = r600_gpu_faults(gpu, NULL, 0);
   unsigned d = n - *mark;
   *mark = n;
   return d;
}

/* A GPU buffer of size bytes (256-byte aligned): its address in *va, its mapping returned. */
static inline void *pm4p_alloc(struct r600_gpu *gpu, uint64_t size, uint64_t *va)
{
   *va = r600_gpu_alloc(gpu, size, 256);
   return r600_gpu_map(gpu, *va);
}

/* A fake-engine program at va: its kind (FAKE_VS / FAKE_PS), flags, the position and
 * colour arrays it reads by vertex id, and the per-instance x step. */
static inline void pm4p_write_program(struct r600_gpu *gpu, uint64_t va, uint32_t kind,
                                      uint32_t flags, uint64_t pos_va, uint64_t col_va,
                                      float instance_dx)
{
   uint32_t *p = r600_gpu_map(gpu, va);
   p[0] = kind;
   p[1] = flags;
   p[2] = (uint32_t)pos_va;
   p[3] = (uint32_t)(pos_va >> 32);
   p[4] = (uint32_t)col_va;
   p[5] = (uint32_t)(col_va >> 32);
   memcpy(&p[6], &instance_dx, 4);
}

/* The viewport, clipper, setup and scissor state a GL driver programs for a w x h target
 * (docs/r600-hardware-notes.md §3); no MSAA and no point size (callers add those). */
static inline void pm4p_emit_raster(struct ib *ib, unsigned w, unsigned h)
{
   ib_ctx(ib, REG_PA_CL_VTE_CNTL,
          PA_CL_VTE_CNTL__VPORT_X_SCALE_ENA(1) | PA_CL_VTE_CNTL__VPORT_X_OFFSET_ENA(1) |
          PA_CL_VTE_CNTL__VPORT_Y_SCALE_ENA(1) | PA_CL_VTE_CNTL__VPORT_Y_OFFSET_ENA(1) |
          PA_CL_VTE_CNTL__VPORT_Z_SCALE_ENA(1) | PA_CL_VTE_CNTL__VPORT_Z_OFFSET_ENA(1) |
          PA_CL_VTE_CNTL__VTX_W0_FMT(1));
   ib_ctx(ib, REG_PA_CL_VPORT_XSCALE_0, f2u(w / 2.0f));
   ib_ctx(ib, REG_PA_CL_VPORT_XOFFSET_0, f2u(w / 2.0f));
   ib_ctx(ib, REG_PA_CL_VPORT_YSCALE_0, f2u(h / 2.0f));
   ib_ctx(ib, REG_PA_CL_VPORT_YOFFSET_0, f2u(h / 2.0f));
   ib_ctx(ib, REG_PA_CL_VPORT_ZSCALE_0, f2u(0.5f));
   ib_ctx(ib, REG_PA_CL_VPORT_ZOFFSET_0, f2u(0.5f));
   ib_ctx(ib, REG_PA_CL_CLIP_CNTL, PA_CL_CLIP_CNTL__DX_LINEAR_ATTR_CLIP_ENA(1));
   ib_ctx(ib, REG_PA_CL_GB_VERT_CLIP_ADJ, f2u(4.0f));
   ib_ctx(ib, REG_PA_CL_GB_HORZ_CLIP_ADJ, f2u(4.0f));
   ib_ctx(ib, REG_PA_CL_GB_VERT_DISC_ADJ, f2u(1.0f));
   ib_ctx(ib, REG_PA_CL_GB_HORZ_DISC_ADJ, f2u(1.0f));
   ib_ctx(ib, REG_PA_SU_VTX_CNTL,
          PA_SU_VTX_CNTL__PIX_CENTER(1) |
          PA_SU_VTX_CNTL__ROUND_MODE(PA_SU_VTX_CNTL__ROUND_MODE__X_ROUND_TO_EVEN) |
          PA_SU_VTX_CNTL__QUANT_MODE(PA_SU_VTX_CNTL__QUANT_MODE__X_1_256TH));
   ib_ctx(ib, REG_PA_SU_SC_MODE_CNTL, PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1));
   ib_ctx(ib, REG_PA_CL_VS_OUT_CNTL, 0);
   ib_ctx(ib, REG_PA_SC_EDGERULE, 0xAAAAAAAA);
   ib_ctx(ib, REG_PA_SC_CLIPRECT_RULE, 0xFFFF);
   ib_ctx(ib, REG_PA_SC_MODE_CNTL, PA_SC_MODE_CNTL__R700_VPORT_SCISSOR_ENABLE(1));
   ib_ctx(ib, REG_PA_SC_WINDOW_OFFSET, 0);
   ib_ctx(ib, REG_PA_SC_WINDOW_SCISSOR_TL, PA_SC_WINDOW_SCISSOR_TL__WINDOW_OFFSET_DISABLE(1));
   ib_ctx(ib, REG_PA_SC_WINDOW_SCISSOR_BR,
          PA_SC_WINDOW_SCISSOR_BR__BR_X(w) | PA_SC_WINDOW_SCISSOR_BR__BR_Y(h));
   ib_ctx(ib, REG_PA_SC_SCREEN_SCISSOR_TL, 0);
   ib_ctx(ib, REG_PA_SC_SCREEN_SCISSOR_BR,
          PA_SC_SCREEN_SCISSOR_BR__BR_X(8192) | PA_SC_SCREEN_SCISSOR_BR__BR_Y(8192));
   ib_ctx(ib, REG_PA_SC_GENERIC_SCISSOR_TL, PA_SC_GENERIC_SCISSOR_TL__WINDOW_OFFSET_DISABLE(1));
   ib_ctx(ib, REG_PA_SC_GENERIC_SCISSOR_BR,
          PA_SC_GENERIC_SCISSOR_BR__BR_X(8192) | PA_SC_GENERIC_SCISSOR_BR__BR_Y(8192));
   ib_ctx(ib, REG_PA_SC_VPORT_SCISSOR_0_TL, PA_SC_VPORT_SCISSOR_0_TL__WINDOW_OFFSET_DISABLE(1));
   ib_ctx(ib, REG_PA_SC_VPORT_SCISSOR_0_BR,
          PA_SC_VPORT_SCISSOR_0_BR__BR_X(w) | PA_SC_VPORT_SCISSOR_0_BR__BR_Y(h));
}

/* Colour buffer 0: w x h RGBA8 (COLOR_8_8_8_8, SWAP_STD, UNORM), linear aligned, no blend. */
static inline void pm4p_emit_cb_rgba8(struct ib *ib, uint64_t cb_va, unsigned w, unsigned h)
{
   ib_ctx(ib, REG_CB_COLOR0_BASE, (uint32_t)(cb_va >> 8));
   ib_ctx(ib, REG_CB_COLOR0_SIZE, CB_COLOR0_SIZE__PITCH_TILE_MAX(w / 8 - 1) |
                                  CB_COLOR0_SIZE__SLICE_TILE_MAX(w * h / 64 - 1));
   ib_ctx(ib, REG_CB_COLOR0_INFO,
          CB_COLOR0_INFO__FORMAT(CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8) |
          CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
          CB_COLOR0_INFO__NUMBER_TYPE(CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM) |
          CB_COLOR0_INFO__COMP_SWAP(CB_COLOR0_INFO__COMP_SWAP__SWAP_STD));
   ib_ctx(ib, REG_CB_TARGET_MASK, 0xF);
   ib_ctx(ib, REG_CB_SHADER_MASK, 0xF);
   ib_ctx(ib, REG_CB_SHADER_CONTROL, CB_SHADER_CONTROL__RT0_ENABLE(1));
   ib_ctx(ib, REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(0xCC));
   ib_ctx(ib, REG_CB_BLEND_CONTROL, 0);
}

/* Depth buffer: w x h of DB_DEPTH_INFO format `format`, 1D tiled, no depth/stencil test,
 * viewport depth range [0, 1]. */
static inline void pm4p_emit_db(struct ib *ib, uint64_t db_va, unsigned w, unsigned h,
                                unsigned format)
{
   ib_ctx(ib, REG_DB_DEPTH_BASE, (uint32_t)(db_va >> 8));
   ib_ctx(ib, REG_DB_DEPTH_SIZE, DB_DEPTH_SIZE__PITCH_TILE_MAX(w / 8 - 1) |
                                 DB_DEPTH_SIZE__SLICE_TILE_MAX(w * h / 64 - 1));
   ib_ctx(ib, REG_DB_DEPTH_VIEW, 0);
   ib_ctx(ib, REG_DB_DEPTH_INFO,
          DB_DEPTH_INFO__FORMAT(format) |
          DB_DEPTH_INFO__ARRAY_MODE(DB_DEPTH_INFO__ARRAY_MODE__ARRAY_1D_TILED_THIN1));
   ib_ctx(ib, REG_DB_DEPTH_CONTROL, 0);
   ib_ctx(ib, REG_PA_SC_VPORT_ZMIN_0, f2u(0.0f));
   ib_ctx(ib, REG_PA_SC_VPORT_ZMAX_0, f2u(1.0f));
}

/* The fake VS/PS pair: one parameter (semantic 1) from VS to PS, optionally flat shaded,
 * no fetch shader, full index range, one instance. */
static inline void pm4p_emit_shaders(struct ib *ib, uint64_t vs_va, uint64_t ps_va,
                                     bool flat_shade_ena)
{
   ib_ctx(ib, REG_SPI_VS_OUT_CONFIG, SPI_VS_OUT_CONFIG__VS_EXPORT_COUNT(0));
   ib_ctx(ib, REG_SPI_VS_OUT_ID_0, SPI_VS_OUT_ID_0__SEMANTIC_0(1));
   ib_ctx(ib, REG_SPI_PS_IN_CONTROL_0,
          SPI_PS_IN_CONTROL_0__NUM_INTERP(1) | SPI_PS_IN_CONTROL_0__PERSP_GRADIENT_ENA(1));
   ib_ctx(ib, REG_SPI_PS_IN_CONTROL_1, 0);
   ib_ctx(ib, REG_SPI_PS_INPUT_CNTL_0, SPI_PS_INPUT_CNTL_0__SEMANTIC(1));
   ib_ctx(ib, REG_SPI_INTERP_CONTROL_0, SPI_INTERP_CONTROL_0__FLAT_SHADE_ENA(flat_shade_ena));
   ib_ctx(ib, REG_SQ_PGM_START_VS, (uint32_t)(vs_va >> 8));
   ib_ctx(ib, REG_SQ_PGM_START_PS, (uint32_t)(ps_va >> 8));
   ib_ctx(ib, REG_SQ_PGM_START_FS, 0);
   ib_ctx(ib, REG_SQ_PGM_RESOURCES_VS, SQ_PGM_RESOURCES_VS__NUM_GPRS(2));
   ib_ctx(ib, REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__NUM_GPRS(1));
   ib_ctx(ib, REG_VGT_MAX_VTX_INDX, 0xFFFFFFFF);
   ib_ctx(ib, REG_VGT_MIN_VTX_INDX, 0);
   ib_ctx(ib, REG_VGT_INDX_OFFSET, 0);
   ib_ctx(ib, REG_VGT_MULTI_PRIM_IB_RESET_EN, 0);
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_NUM_INSTANCES, 1));
   ib_put(ib, 1);
}

static inline void pm4p_draw_auto(struct ib *ib, unsigned prim, uint32_t count)
{
   ib_cfg(ib, REG_VGT_PRIMITIVE_TYPE, prim);
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_AUTO, 2));
   ib_put(ib, count);
   ib_put(ib, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX));
}

/* Vertex v of the fake VS arrays at window position (x, y) of a w x h target in 1/256 px
 * (NDC x = x / (256 * w/2) - 1 is exact), depth z, clip w, colour c. */
static inline void pm4p_set_vertex(float *pos, float *col, unsigned w, unsigned h, unsigned v,
                                   int64_t x, int64_t y, float z, float cw, const float c[4])
{
   pos[4 * v + 0] = ((float)x / (256.0f * w / 2) - 1.0f) * cw;
   pos[4 * v + 1] = ((float)y / (256.0f * h / 2) - 1.0f) * cw;
   pos[4 * v + 2] = z;
   pos[4 * v + 3] = cw;
   memcpy(&col[4 * v], c, 16);
}

/* xorshift64: the tests' reproducible random numbers. */
static inline uint32_t pm4p_xorshift(uint64_t *state)
{
   *state ^= *state << 13;
   *state ^= *state >> 7;
   *state ^= *state << 17;
   return (uint32_t)(*state >> 16);
}

/* The RGBA8 word of a float colour (byte 0 = R). */
static inline uint32_t pm4p_rgba(const float c[4])
{
   uint32_t v = 0;
   for (unsigned i = 0; i < 4; i++)
      v |= (uint32_t)lrint(c[i] * 255.0f) << (8 * i);
   return v;
}

#endif
