/* The default state every command buffer starts with (docs/r600-hardware-notes.md §2.6): CP setup,
 * the shader-core resource split (config registers), and the context registers no CSO owns. */
#include "r600_context.h"
#include "r600_pm4.h"
#include "r600_regs.h"

/* CONTEXT_CONTROL body: docs/r600-hardware-notes.md §2.4 documents only the value Mesa and the AMD
 * kernel write to both dwords (load control, shadow control), not their fields. */
#define CONTEXT_CONTROL_LOAD_AND_SHADOW 0x80000000u

/* Per-chip split of GPRs, threads and stack entries between the shader types. */
struct sq_split {
   unsigned ps_gprs, vs_gprs, gs_gprs, es_gprs, temp_gprs;
   unsigned ps_threads, vs_threads, gs_threads, es_threads;
   unsigned ps_stack, vs_stack, gs_stack, es_stack;
};

static const struct sq_split r600_split = { 192, 56, 0, 0, 4, 136, 48, 4, 4, 128, 128, 0, 0 };
static const struct sq_split rv770_split = { 130, 56, 31, 31, 4, 180, 60, 4, 4, 128, 128, 128, 128 };

static void emit_config(struct r600_context *ctx)
{
   struct r600_cs *cs = &ctx->cs;
   bool r7xx = ctx->chip == HW_CHIP_R7XX;
   const struct sq_split *s = r7xx ? &rv770_split : &r600_split;

   /* Constants through the constant cache (kcache), not the DX9 constant file. */
   cs_set_config_reg(cs, REG_SQ_CONFIG,
                     SQ_CONFIG__VC_ENABLE(1) | SQ_CONFIG__DX9_CONSTS(0) |
                     SQ_CONFIG__ALU_INST_PREFER_VECTOR(1) |
                     SQ_CONFIG__PS_PRIO(0) | SQ_CONFIG__VS_PRIO(1) |
                     SQ_CONFIG__GS_PRIO(2) | SQ_CONFIG__ES_PRIO(3));
   cs_set_config_reg(cs, REG_SQ_GPR_RESOURCE_MGMT_1,
                     SQ_GPR_RESOURCE_MGMT_1__NUM_PS_GPRS(s->ps_gprs) |
                     SQ_GPR_RESOURCE_MGMT_1__NUM_VS_GPRS(s->vs_gprs) |
                     SQ_GPR_RESOURCE_MGMT_1__NUM_CLAUSE_TEMP_GPRS(s->temp_gprs));
   cs_set_config_reg(cs, REG_SQ_GPR_RESOURCE_MGMT_2,
                     SQ_GPR_RESOURCE_MGMT_2__NUM_GS_GPRS(s->gs_gprs) |
                     SQ_GPR_RESOURCE_MGMT_2__NUM_ES_GPRS(s->es_gprs));
   cs_set_config_reg(cs, REG_SQ_THREAD_RESOURCE_MGMT,
                     SQ_THREAD_RESOURCE_MGMT__NUM_PS_THREADS(s->ps_threads) |
                     SQ_THREAD_RESOURCE_MGMT__NUM_VS_THREADS(s->vs_threads) |
                     SQ_THREAD_RESOURCE_MGMT__NUM_GS_THREADS(s->gs_threads) |
                     SQ_THREAD_RESOURCE_MGMT__NUM_ES_THREADS(s->es_threads));
   cs_set_config_reg(cs, REG_SQ_STACK_RESOURCE_MGMT_1,
                     SQ_STACK_RESOURCE_MGMT_1__NUM_PS_STACK_ENTRIES(s->ps_stack) |
                     SQ_STACK_RESOURCE_MGMT_1__NUM_VS_STACK_ENTRIES(s->vs_stack));
   cs_set_config_reg(cs, REG_SQ_STACK_RESOURCE_MGMT_2,
                     SQ_STACK_RESOURCE_MGMT_2__NUM_GS_STACK_ENTRIES(s->gs_stack) |
                     SQ_STACK_RESOURCE_MGMT_2__NUM_ES_STACK_ENTRIES(s->es_stack));
   cs_set_config_reg(cs, REG_VC_ENHANCE, 0);
   cs_set_config_reg(cs, REG_SQ_DYN_GPR_CNTL_PS_FLUSH_REQ,
                     SQ_DYN_GPR_CNTL_PS_FLUSH_REQ__VS_PC_LIMIT_ENABLE(r7xx));
   cs_set_config_reg(cs, REG_TA_CNTL_AUX,
                     TA_CNTL_AUX__DISABLE_CUBE_WRAP(1) | TA_CNTL_AUX__DISABLE_CUBE_ANISO(1) |
                     TA_CNTL_AUX__SYNC_GRADIENT(1) | TA_CNTL_AUX__SYNC_WALKER(1) |
                     TA_CNTL_AUX__SYNC_ALIGNER(1));
}

static void emit_context_defaults(struct r600_context *ctx)
{
   struct r600_cs *cs = &ctx->cs;
   bool r7xx = ctx->chip == HW_CHIP_R7XX;
   const struct r600_reg_value regs[] = {
      /* Rings (ES/GS/streamout) are unused. */
      { REG_SQ_ESGS_RING_ITEMSIZE, 0 }, { REG_SQ_GSVS_RING_ITEMSIZE, 0 },
      { REG_SQ_ESTMP_RING_ITEMSIZE, 0 }, { REG_SQ_GSTMP_RING_ITEMSIZE, 0 },
      { REG_SQ_VSTMP_RING_ITEMSIZE, 0 }, { REG_SQ_PSTMP_RING_ITEMSIZE, 0 },
      { REG_SQ_FBUF_RING_ITEMSIZE, 0 }, { REG_SQ_REDUC_RING_ITEMSIZE, 0 },
      { REG_SQ_GS_VERT_ITEMSIZE, 0 },
      /* Programs start at their SQ_PGM_START_* address. */
      { REG_SQ_PGM_CF_OFFSET_PS, 0 }, { REG_SQ_PGM_CF_OFFSET_VS, 0 },
      { REG_SQ_PGM_CF_OFFSET_GS, 0 }, { REG_SQ_PGM_CF_OFFSET_ES, 0 },
      { REG_SQ_PGM_CF_OFFSET_FS, 0 },
      { REG_SQ_VTX_SEMANTIC_CLEAR, SQ_VTX_SEMANTIC_CLEAR__CLEAR(0xFFFFFFFFu) },
      /* No geometry shader, tessellation or streamout. */
      { REG_VGT_OUTPUT_PATH_CNTL, 0 }, { REG_VGT_HOS_CNTL, 0 }, { REG_VGT_HOS_MAX_TESS_LEVEL, 0 },
      { REG_VGT_HOS_MIN_TESS_LEVEL, 0 }, { REG_VGT_HOS_REUSE_DEPTH, 0 },
      { REG_VGT_GROUP_PRIM_TYPE, 0 }, { REG_VGT_GROUP_FIRST_DECR, 0 }, { REG_VGT_GROUP_DECR, 0 },
      { REG_VGT_GROUP_VECT_0_CNTL, 0 }, { REG_VGT_GROUP_VECT_1_CNTL, 0 },
      { REG_VGT_GROUP_VECT_0_FMT_CNTL, 0 }, { REG_VGT_GROUP_VECT_1_FMT_CNTL, 0 },
      { REG_VGT_GS_MODE, 0 },
      { REG_VGT_PRIMITIVEID_EN, 0 },
      { REG_VGT_INSTANCE_STEP_RATE_0, 0 }, { REG_VGT_INSTANCE_STEP_RATE_1, 0 },
      { REG_VGT_STRMOUT_EN, 0 },
      { REG_VGT_REUSE_OFF, VGT_REUSE_OFF__REUSE_OFF(1) },
      { REG_VGT_VTX_CNT_EN, VGT_VTX_CNT_EN__VTX_CNT_EN(0) },
      { REG_VGT_STRMOUT_BUFFER_EN, 0 },
      { REG_VGT_STRMOUT_DRAW_OPAQUE_OFFSET, 0 },
      { REG_VGT_MULTI_PRIM_IB_RESET_EN, VGT_MULTI_PRIM_IB_RESET_EN__RESET_EN(0) },
      { REG_SPI_FOG_CNTL, 0 }, { REG_SPI_FOG_FUNC_SCALE, 0 }, { REG_SPI_FOG_FUNC_BIAS, 0 },
      { REG_DB_STENCIL_CLEAR, 0 }, { REG_DB_DEPTH_CLEAR, cs_fui(1.0f) },
      { REG_DB_SRESULTS_COMPARE_STATE0, 0 }, { REG_DB_SRESULTS_COMPARE_STATE1, 0 },
      { REG_DB_PRELOAD_CONTROL, 0 },
      /* No hierarchical Z / stencil, no compression (FORCE_HIS_ENABLEn use the
       * FORCE_HIZ_ENABLE codes). */
      { REG_DB_RENDER_CONTROL, DB_RENDER_CONTROL__ZPASS_INCREMENT_DISABLE(1) },
      { REG_DB_RENDER_OVERRIDE,
        DB_RENDER_OVERRIDE__FORCE_HIZ_ENABLE(DB_RENDER_OVERRIDE__FORCE_HIZ_ENABLE__FORCE_DISABLE) |
        DB_RENDER_OVERRIDE__FORCE_HIS_ENABLE0(DB_RENDER_OVERRIDE__FORCE_HIZ_ENABLE__FORCE_DISABLE) |
        DB_RENDER_OVERRIDE__FORCE_HIS_ENABLE1(DB_RENDER_OVERRIDE__FORCE_HIZ_ENABLE__FORCE_DISABLE) },
      { REG_PA_CL_NANINF_CNTL, 0 },
      { REG_PA_SC_MPASS_PS_CNTL, 0 },
      /* Clip-space position in, viewport transform and perspective divide by the hardware. */
      { REG_PA_CL_VTE_CNTL, PA_CL_VTE_CNTL__VPORT_X_SCALE_ENA(1) | PA_CL_VTE_CNTL__VPORT_X_OFFSET_ENA(1) |
                            PA_CL_VTE_CNTL__VPORT_Y_SCALE_ENA(1) | PA_CL_VTE_CNTL__VPORT_Y_OFFSET_ENA(1) |
                            PA_CL_VTE_CNTL__VPORT_Z_SCALE_ENA(1) | PA_CL_VTE_CNTL__VPORT_Z_OFFSET_ENA(1) |
                            PA_CL_VTE_CNTL__VTX_W0_FMT(1) },
      /* Screen and generic scissors cover the whole 8192x8192 space; no window offset,
       * no cliprects (every rule passes). */
      { REG_PA_SC_WINDOW_OFFSET, PA_SC_WINDOW_OFFSET__WINDOW_X_OFFSET(0) | PA_SC_WINDOW_OFFSET__WINDOW_Y_OFFSET(0) },
      { REG_PA_SC_CLIPRECT_RULE, PA_SC_CLIPRECT_RULE__CLIP_RULE(0xFFFF) },
      { REG_PA_SC_SCREEN_SCISSOR_TL, PA_SC_SCREEN_SCISSOR_TL__TL_X(0) | PA_SC_SCREEN_SCISSOR_TL__TL_Y(0) },
      { REG_PA_SC_SCREEN_SCISSOR_BR, PA_SC_SCREEN_SCISSOR_BR__BR_X(8192) | PA_SC_SCREEN_SCISSOR_BR__BR_Y(8192) },
      { REG_PA_SC_GENERIC_SCISSOR_TL, PA_SC_GENERIC_SCISSOR_TL__TL_X(0) | PA_SC_GENERIC_SCISSOR_TL__TL_Y(0) |
                                      PA_SC_GENERIC_SCISSOR_TL__WINDOW_OFFSET_DISABLE(1) },
      { REG_PA_SC_GENERIC_SCISSOR_BR, PA_SC_GENERIC_SCISSOR_BR__BR_X(8192) | PA_SC_GENERIC_SCISSOR_BR__BR_Y(8192) },
      /* The colour-key unit passes everything. */
      { REG_CB_CLRCMP_CONTROL,
        CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC(CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ALWAYS) |
        CB_CLRCMP_CONTROL__CLRCMP_FCN_DST(CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ALWAYS) |
        CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL(CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL__CLRCMP_SEL_SRC) },
      { REG_CB_CLRCMP_SRC, 0 }, { REG_CB_CLRCMP_DST, 0xFF }, { REG_CB_CLRCMP_MSK, 0xFFFFFFFFu },
      { REG_SX_MISC, 0 },
      { REG_VGT_MIN_VTX_INDX, 0 }, { REG_VGT_MAX_VTX_INDX, 0xFFFFFFFFu }, { REG_VGT_INDX_OFFSET, 0 },
   };
   cs_set_context_regs(cs, regs, sizeof(regs) / sizeof(regs[0]));

   /* Top-left fill rule: samples on left and top edges are inside (L:R:T:B = 1010). */
   if (r7xx)
      cs_set_context_reg(cs, REG_PA_SC_EDGERULE,
                         PA_SC_EDGERULE__ER_TRI(0xA) | PA_SC_EDGERULE__ER_POINT(0xA) |
                         PA_SC_EDGERULE__ER_RECT(0xA) | PA_SC_EDGERULE__ER_LINE_LR(0x2A) |
                         PA_SC_EDGERULE__ER_LINE_RL(0x2A) | PA_SC_EDGERULE__ER_LINE_TB(0xA) |
                         PA_SC_EDGERULE__ER_LINE_BT(0xA));
   if (r7xx)
      cs_set_context_reg(cs, REG_VGT_ENHANCE, VGT_ENHANCE__MISC(1));

   /* Depth range clamp [0, 1] for every viewport. */
   for (unsigned i = 0; i < REG_PA_SC_VPORT_ZMIN_0__count; i++) {
      cs_set_context_reg_seq(cs, REG_PA_SC_VPORT_ZMIN_0 + i * REG_PA_SC_VPORT_ZMIN_0__stride, 2);
      cs_emit(cs, cs_fui(0.0f));
      cs_emit(cs, cs_fui(1.0f));
   }
   /* No constant preloading from stale buffers: every buffer size 0 (they are consecutive). */
   cs_set_context_reg_seq(cs, REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0, REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0__count);
   for (unsigned i = 0; i < REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0__count; i++)
      cs_emit(cs, 0);
   cs_set_context_reg_seq(cs, REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0, REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0__count);
   for (unsigned i = 0; i < REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0__count; i++)
      cs_emit(cs, 0);
   cs_set_context_reg_seq(cs, REG_SQ_ALU_CONST_BUFFER_SIZE_GS_0, REG_SQ_ALU_CONST_BUFFER_SIZE_GS_0__count);
   for (unsigned i = 0; i < REG_SQ_ALU_CONST_BUFFER_SIZE_GS_0__count; i++)
      cs_emit(cs, 0);
}

/* Loop constant 0 of each stage (PS 0, VS 32, GS 64): 4095 iterations, start 0, step 1. */
static void emit_loop_consts(struct r600_context *ctx)
{
   uint32_t v = SQ_LOOP_CONST_0__COUNT(4095) | SQ_LOOP_CONST_0__INIT(0) | SQ_LOOP_CONST_0__INC(1);
   for (unsigned stage = 0; stage < 3; stage++)
      cs_set_loop_const(&ctx->cs, REG_SQ_LOOP_CONST_0 + stage * 32 * 4, v);
   cs_set_ctl_const(&ctx->cs, REG_SQ_VTX_BASE_VTX_LOC, 0);
}

void r600_emit_preamble(struct r600_context *ctx)
{
   struct r600_cs *cs = &ctx->cs;
   if (ctx->chip == HW_CHIP_R6XX) {
      cs_pkt3(cs, PM4_IT_START_3D_CMDBUF, 1);
      cs_emit(cs, 0);
   }
   cs_pkt3(cs, PM4_IT_CONTEXT_CONTROL, 2);
   cs_emit(cs, CONTEXT_CONTROL_LOAD_AND_SHADOW);
   cs_emit(cs, CONTEXT_CONTROL_LOAD_AND_SHADOW);
   /* Config registers may only change with the shader pipes idle. */
   cs_event_write(cs, VGT_EVENT_INITIATOR__EVENT_TYPE__PS_PARTIAL_FLUSH, 4);
   emit_config(ctx);
   emit_context_defaults(ctx);
   emit_loop_consts(ctx);
}
