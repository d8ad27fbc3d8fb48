/* Vertex and pixel shader CSOs: compile the IR, put the program in GPU memory, bake the
 * stage's registers (program address and resources, exports, SPI interpolation, and the
 * scratch ring of a program that spills). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw_scratch.h"
#include "r600_context.h"
#include "r600_debug.h"
#include "r600_regs.h"

#define PROGRAM_ALIGN 256u   /* SQ_PGM_START_* hold address >> 8 */

static const uint32_t vs_out_id_shift[4] = {
   SPI_VS_OUT_ID_0__SEMANTIC_0__shift, SPI_VS_OUT_ID_0__SEMANTIC_1__shift,
   SPI_VS_OUT_ID_0__SEMANTIC_2__shift, SPI_VS_OUT_ID_0__SEMANTIC_3__shift,
};

static const uint32_t shader_mask_output[PIPE_MAX_COLOR_BUFS] = {
   CB_SHADER_MASK__OUTPUT0_ENABLE(0xF), CB_SHADER_MASK__OUTPUT1_ENABLE(0xF),
   CB_SHADER_MASK__OUTPUT2_ENABLE(0xF), CB_SHADER_MASK__OUTPUT3_ENABLE(0xF),
   CB_SHADER_MASK__OUTPUT4_ENABLE(0xF), CB_SHADER_MASK__OUTPUT5_ENABLE(0xF),
   CB_SHADER_MASK__OUTPUT6_ENABLE(0xF), CB_SHADER_MASK__OUTPUT7_ENABLE(0xF),
};

void r600_dump_program(struct r600_screen *screen, const char *what,
                       const struct r600_shader_binary *bin, uint64_t va)
{
   fprintf(stderr, "r600sim: %s at 0x%llx: %u dwords, %u GPRs, stack %u, %u scratch vec4s\n",
           what, (unsigned long long)va, bin->ndw, bin->num_gprs, bin->stack_size,
           bin->scratch_items);
   for (unsigned i = 0; i < bin->ndw; i++)
      fprintf(stderr, "%s%08x", i % 8 ? " " : "  ", bin->code[i]);
   fprintf(stderr, "\n");
}

/* Copies a program into a fresh 256-byte-aligned GPU buffer. */
struct r600_bo *r600_upload_program(struct r600_screen *screen, const struct r600_shader_binary *bin)
{
   struct r600_bo *bo = r600_bo_create(&screen->bos, (uint64_t)bin->ndw * 4, PROGRAM_ALIGN);
   if (bo)
      memcpy(bo->map, bin->code, (size_t)bin->ndw * 4);
   return bo;
}

/* A program that spills gets a scratch ring of its own, sized for every thread the GPU
 * can have in flight (hw_scratch.h), programmed with its stage's ring registers whenever
 * the program is bound for a draw. */
static bool create_scratch_ring(struct r600_context *ctx, struct r600_shader_state *sh)
{
   uint64_t item = (uint64_t)sh->bin.scratch_items * 16u;
   if (!item)
      return true;
   sh->scratch = r600_bo_create(&ctx->screen->bos, item * HW_SCRATCH_SLOTS,
                                1u << HW_SCRATCH_RING_SHIFT);
   return sh->scratch != NULL;
}

static void bake_scratch_ring(struct r600_shader_state *sh)
{
   if (!sh->scratch)
      return;
   bool vs = sh->type == PIPE_SHADER_VERTEX;
   uint32_t base = (uint32_t)(sh->scratch->va >> HW_SCRATCH_RING_SHIFT);
   uint32_t size = (uint32_t)(sh->scratch->size >> HW_SCRATCH_RING_SHIFT);
   cs_set_config_reg(&sh->cb, vs ? REG_SQ_VSTMP_RING_BASE : REG_SQ_PSTMP_RING_BASE, base);
   cs_set_config_reg(&sh->cb, vs ? REG_SQ_VSTMP_RING_SIZE : REG_SQ_PSTMP_RING_SIZE, size);
   cs_set_context_reg(&sh->cb, vs ? REG_SQ_VSTMP_RING_ITEMSIZE : REG_SQ_PSTMP_RING_ITEMSIZE,
                      SQ_PSTMP_RING_ITEMSIZE__ITEMSIZE(sh->bin.scratch_items * 4u));
}

static void bake_vs(struct r600_context *ctx, struct r600_shader_state *sh)
{
   const struct r600_shader_binary *bin = &sh->bin;
   struct r600_cs *cb = &sh->cb;
   unsigned num_params = bin->num_params ? bin->num_params : 1;
   /* CALL_FS uses a stack entry: at least 1. */
   unsigned stack = bin->stack_size ? bin->stack_size : 1;

   cs_set_context_reg(cb, REG_SQ_PGM_START_VS, SQ_PGM_START_VS__PGM_START((uint32_t)(sh->bo->va >> 8)));
   cs_set_context_reg(cb, REG_SQ_PGM_RESOURCES_VS, SQ_PGM_RESOURCES_VS__NUM_GPRS(bin->num_gprs) |
                                                   SQ_PGM_RESOURCES_VS__STACK_SIZE(stack));
   cs_set_context_reg(cb, REG_SPI_VS_OUT_CONFIG, SPI_VS_OUT_CONFIG__VS_EXPORT_COUNT(num_params - 1));
   cs_set_context_reg_seq(cb, REG_SPI_VS_OUT_ID_0, REG_SPI_VS_OUT_ID_0__count);
   for (unsigned r = 0; r < REG_SPI_VS_OUT_ID_0__count; r++) {
      uint32_t v = 0;
      for (unsigned k = 0; k < 4; k++) {
         unsigned p = r * 4 + k;
         if (p < num_params && p < sizeof(bin->param_id))
            v |= (uint32_t)bin->param_id[p] << vs_out_id_shift[k];
      }
      cs_emit(cb, v);
   }
}

static void bake_ps(struct r600_context *ctx, struct r600_shader_state *sh)
{
   const struct r600_shader_binary *bin = &sh->bin;
   struct r600_cs *cb = &sh->cb;
   unsigned num_interp = bin->num_inputs;
   if (bin->position_gpr >= 0 && (unsigned)bin->position_gpr + 1 > num_interp)
      num_interp = bin->position_gpr + 1;
   if (bin->face_gpr >= 0 && (unsigned)bin->face_gpr + 1 > num_interp)
      num_interp = bin->face_gpr + 1;
   if (num_interp > REG_SPI_PS_INPUT_CNTL_0__count)
      num_interp = REG_SPI_PS_INPUT_CNTL_0__count;

   bool any_linear = false;
   for (unsigned i = 0; i < bin->num_inputs && i < num_interp; i++)
      any_linear |= bin->inputs[i].linear;

   unsigned exports = bin->num_color_exports ? bin->num_color_exports : 1;
   if (exports > PIPE_MAX_COLOR_BUFS)
      exports = PIPE_MAX_COLOR_BUFS;
   /* EXPORT_MODE = colour export count << 1 | depth export; never 0. */
   uint32_t export_mode = (exports << 1) | (bin->writes_depth ? 1 : 0);

   uint32_t in_control_0 = SPI_PS_IN_CONTROL_0__NUM_INTERP(num_interp) |
                           SPI_PS_IN_CONTROL_0__PERSP_GRADIENT_ENA(1) |
                           SPI_PS_IN_CONTROL_0__LINEAR_GRADIENT_ENA(any_linear);
   if (bin->position_gpr >= 0)
      in_control_0 |= SPI_PS_IN_CONTROL_0__POSITION_ENA(1) |
                      SPI_PS_IN_CONTROL_0__POSITION_ADDR(bin->position_gpr) |
                      SPI_PS_IN_CONTROL_0__BARYC_SAMPLE_CNTL(SPI_PS_IN_CONTROL_0__BARYC_SAMPLE_CNTL__CENTERS_ONLY);
   /* gl_FrontFacing: the sign of a float (+1 front, -1 back) in .x of the face GPR. */
   uint32_t in_control_1 = 0;
   if (bin->face_gpr >= 0)
      in_control_1 = SPI_PS_IN_CONTROL_1__FRONT_FACE_ENA(1) |
                     SPI_PS_IN_CONTROL_1__FRONT_FACE_ADDR(bin->face_gpr) |
                     SPI_PS_IN_CONTROL_1__FRONT_FACE_CHAN(0) |
                     SPI_PS_IN_CONTROL_1__FRONT_FACE_ALL_BITS(0);

   uint32_t shader_mask = 0;
   for (unsigned i = 0; i < exports; i++)
      shader_mask |= shader_mask_output[i];

   const struct r600_reg_value regs[] = {
      { REG_SQ_PGM_START_PS, SQ_PGM_START_PS__PGM_START((uint32_t)(sh->bo->va >> 8)) },
      /* The original R600 must not fetch the first instruction from the cache. */
      { REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__NUM_GPRS(bin->num_gprs) |
                                 SQ_PGM_RESOURCES_PS__STACK_SIZE(bin->stack_size) |
                                 SQ_PGM_RESOURCES_PS__UNCACHED_FIRST_INST(ctx->chip == HW_CHIP_R6XX) },
      { REG_SQ_PGM_EXPORTS_PS, SQ_PGM_EXPORTS_PS__EXPORT_MODE(export_mode) },
      { REG_SPI_PS_IN_CONTROL_0, in_control_0 },
      { REG_SPI_PS_IN_CONTROL_1, in_control_1 },
      { REG_SPI_INPUT_Z, SPI_INPUT_Z__PROVIDE_Z_TO_SPI(bin->position_gpr >= 0) },
      { REG_CB_SHADER_MASK, shader_mask },
   };
   cs_set_context_regs(cb, regs, sizeof(regs) / sizeof(regs[0]));

   if (num_interp) {
      cs_set_context_reg_seq(cb, REG_SPI_PS_INPUT_CNTL_0, num_interp);
      for (unsigned i = 0; i < num_interp; i++) {
         /* GPRs past the described inputs (position, face) get semantic 0 = no match. */
         uint32_t v = 0;
         if (i < bin->num_inputs)
            v = SPI_PS_INPUT_CNTL_0__SEMANTIC(bin->inputs[i].semantic_id) |
                SPI_PS_INPUT_CNTL_0__FLAT_SHADE(bin->inputs[i].flat) |
                SPI_PS_INPUT_CNTL_0__SEL_CENTROID(bin->inputs[i].centroid) |
                SPI_PS_INPUT_CNTL_0__SEL_LINEAR(bin->inputs[i].linear) |
                SPI_PS_INPUT_CNTL_0__PT_SPRITE_TEX(bin->inputs[i].pt_sprite);
         cs_emit(cb, v);
      }
   }
   sh->db_shader_control = DB_SHADER_CONTROL__Z_EXPORT_ENABLE(bin->writes_depth) |
                           DB_SHADER_CONTROL__KILL_ENABLE(bin->uses_kill);
}

static void *create_shader(struct pipe_context *pctx, const struct pipe_shader_state *templ,
                           char **log, enum pipe_shader_type type)
{
   struct r600_context *ctx = r600_context(pctx);
   enum ir_stage want = type == PIPE_SHADER_VERTEX ? IR_STAGE_VERTEX : IR_STAGE_FRAGMENT;
   if (log)
      *log = NULL;
   if (!templ || (templ->ir ? templ->ir->stage != want : !templ->binary)) {
      if (log)
         *log = strdup("r600sim: no shader IR of the right stage");
      return NULL;
   }
   struct r600_shader_state *sh = calloc(1, sizeof(*sh));
   if (!sh)
      return NULL;
   sh->type = type;
   char *msg = NULL;
   if (!templ->ir) {
      if (!r600_shader_blob_load(templ->binary, templ->binary_size, ctx->chip, type, &sh->bin)) {
         if (log)
            *log = strdup("r600sim: not a shader binary of this driver, chip and stage");
         free(sh);
         return NULL;
      }
   } else if (!r600_compile_shader(templ->ir, ctx->chip, &sh->bin, &msg)) {
      if (log)
         *log = msg ? msg : strdup("r600sim: shader compilation failed");
      else
         free(msg);
      free(sh);
      return NULL;
   }
   free(msg);
   sh->bo = r600_upload_program(ctx->screen, &sh->bin);
   if (!sh->bo || !create_scratch_ring(ctx, sh)) {
      if (log)
         *log = strdup("r600sim: out of GPU memory for the shader program");
      r600_bo_reference(&sh->bo, NULL);
      r600_shader_binary_free(&sh->bin);
      free(sh);
      return NULL;
   }
   if (ctx->screen->debug & R600_DBG_SHADERS)
      r600_dump_program(ctx->screen, type == PIPE_SHADER_VERTEX ? "VS" : "PS", &sh->bin, sh->bo->va);
   r600_cs_init(&sh->cb);
   if (type == PIPE_SHADER_VERTEX)
      bake_vs(ctx, sh);
   else
      bake_ps(ctx, sh);
   bake_scratch_ring(sh);
   return sh;
}

static void delete_shader(struct r600_shader_state *sh)
{
   r600_cs_fini(&sh->cb);
   r600_bo_reference(&sh->bo, NULL);
   r600_bo_reference(&sh->scratch, NULL);
   r600_shader_binary_free(&sh->bin);
   free(sh);
}

static void *r600_create_vs_state(struct pipe_context *pctx, const struct pipe_shader_state *t, char **log)
{
   return create_shader(pctx, t, log, PIPE_SHADER_VERTEX);
}

static void *r600_create_fs_state(struct pipe_context *pctx, const struct pipe_shader_state *t, char **log)
{
   return create_shader(pctx, t, log, PIPE_SHADER_FRAGMENT);
}

static void r600_bind_vs_state(struct pipe_context *pctx, void *state)
{
   struct r600_context *ctx = r600_context(pctx);
   ctx->vs = state;
   r600_mark_dirty(ctx, R600_ATOM_VS);
   r600_mark_dirty(ctx, R600_ATOM_CLIP_MISC);
}

static void r600_bind_fs_state(struct pipe_context *pctx, void *state)
{
   struct r600_context *ctx = r600_context(pctx);
   ctx->ps = state;
   r600_mark_dirty(ctx, R600_ATOM_PS);
   r600_mark_dirty(ctx, R600_ATOM_DB_SHADER);
   r600_mark_dirty(ctx, R600_ATOM_CB_MISC);   /* MULTIWRITE_ENABLE */
}

static void r600_delete_shader_state(struct pipe_context *pctx, void *state)
{
   delete_shader(state);
}

static void emit_shader(struct r600_context *ctx, struct r600_shader_state *sh)
{
   if (!sh)
      return;
   cs_append(&ctx->cs, &sh->cb);
   cs_add_bo(&ctx->cs, sh->bo);
   if (sh->scratch)
      cs_add_bo(&ctx->cs, sh->scratch);
}

void r600_emit_vs(struct r600_context *ctx)
{
   emit_shader(ctx, ctx->vs);
}

/* PA_CL_VS_OUT_CNTL, as Mesa's r600 clip_misc state: the position exports present after
 * POS 60 (the misc vector with the point size, then clip distances 0-3 and 4-7), and the
 * clip distances the clipper uses, CLIP_DIST_ENA_n = enabled by GL and written by the
 * shader (docs/r600-hardware-notes.md §3.1, §3.5). UCP_ENA_n of PA_CL_CLIP_CNTL stay 0:
 * they are the fixed-function user planes, which GLES has not. */
void r600_emit_clip_misc(struct r600_context *ctx)
{
   if (!ctx->vs)
      return;
   const struct r600_shader_binary *bin = &ctx->vs->bin;
   unsigned enabled = ctx->rs ? ctx->rs->clip_plane_enable & bin->clip_dist_write : 0;
   static const uint32_t clip_dist_ena[8] = {
      PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_0__mask, PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_1__mask,
      PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_2__mask, PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_3__mask,
      PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_4__mask, PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_5__mask,
      PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_6__mask, PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_7__mask,
   };
   uint32_t v = PA_CL_VS_OUT_CNTL__USE_VTX_POINT_SIZE(bin->writes_psize) |
                PA_CL_VS_OUT_CNTL__VS_OUT_MISC_VEC_ENA(bin->writes_psize) |
                PA_CL_VS_OUT_CNTL__VS_OUT_CCDIST0_VEC_ENA((bin->clip_dist_write & 0x0F) != 0) |
                PA_CL_VS_OUT_CNTL__VS_OUT_CCDIST1_VEC_ENA((bin->clip_dist_write & 0xF0) != 0);
   for (unsigned n = 0; n < 8; n++)
      if (enabled >> n & 1)
         v |= clip_dist_ena[n];
   cs_set_context_reg(&ctx->cs, REG_PA_CL_VS_OUT_CNTL, v);
}

void r600_emit_ps(struct r600_context *ctx)
{
   emit_shader(ctx, ctx->ps);
}

/* Z order: late Z when the alpha test can kill pixels after the shader, else early Z
 * with a late re-test (never RE_Z). */
void r600_emit_db_shader(struct r600_context *ctx)
{
   if (!ctx->ps)
      return;
   uint32_t z_order = ctx->dsa && ctx->dsa->alpha_test ? DB_SHADER_CONTROL__Z_ORDER__LATE_Z :
                                                         DB_SHADER_CONTROL__Z_ORDER__EARLY_Z_THEN_LATE_Z;
   cs_set_context_reg(&ctx->cs, REG_DB_SHADER_CONTROL,
                      ctx->ps->db_shader_control | DB_SHADER_CONTROL__Z_ORDER(z_order));
}

void r600_init_shader_functions(struct r600_context *ctx)
{
   ctx->base.create_vs_state = r600_create_vs_state;
   ctx->base.bind_vs_state = r600_bind_vs_state;
   ctx->base.delete_vs_state = r600_delete_shader_state;
   ctx->base.create_fs_state = r600_create_fs_state;
   ctx->base.bind_fs_state = r600_bind_fs_state;
   ctx->base.delete_fs_state = r600_delete_shader_state;
}
