/* draw_vbo: validate, upload what the draw reads from client memory, emit the dirty atoms,
 * then the VGT setup and the DRAW packet (docs/r600-hardware-notes.md §2.7). */
#include <stdio.h>
#include <string.h>

#include "r600_context.h"
#include "r600_debug.h"
#include "r600_pm4.h"
#include "r600_regs.h"

#define R600_CS_MAX_DWORDS (1u << 20)

static uint32_t prim_type(enum pipe_prim_type mode)
{
   switch (mode) {
   case PIPE_PRIM_POINTS: return VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST;
   case PIPE_PRIM_LINES: return VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELIST;
   case PIPE_PRIM_LINE_LOOP: return VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELOOP;
   case PIPE_PRIM_LINE_STRIP: return VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINESTRIP;
   case PIPE_PRIM_TRIANGLES: return VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST;
   case PIPE_PRIM_TRIANGLE_STRIP: return VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP;
   case PIPE_PRIM_TRIANGLE_FAN: return VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRIFAN;
   default: return VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_NONE;
   }
}

static uint32_t read_index(const uint8_t *p, unsigned size, unsigned i)
{
   switch (size) {
   case 1: return p[i];
   case 2: { uint16_t v; memcpy(&v, p + 2 * i, 2); return v; }
   default: { uint32_t v; memcpy(&v, p + 4 * i, 4); return v; }
   }
}

/* Where the indices live for the draw, as a GPU address the VGT can DMA from. */
struct index_source {
   uint64_t va;
   unsigned size;         /* 2 or 4 bytes per index as the VGT reads them */
};

/* 8-bit indices are widened to 16 bits (the VGT has no 8-bit type); client indices and
 * misaligned buffer ranges (the VGT fetches indices only from addresses aligned to their
 * size) are copied into GPU memory. */
static bool prepare_indices(struct r600_context *ctx, const struct pipe_draw_info *info,
                            const uint8_t *cpu, struct index_source *out)
{
   unsigned size = info->index_size;
   bool aligned = info->index_buffer && (info->index_offset + info->start * size) % size == 0 &&
                  size != 1;
   if (aligned) {
      struct r600_resource *res = r600_resource(info->index_buffer);
      cs_add_bo(&ctx->cs, res->bo);
      out->va = res->bo->va + info->index_offset + (uint64_t)info->start * size;
      out->size = size;
      return true;
   }
   unsigned out_size = size == 1 ? 2 : size;
   struct pipe_resource *buf;
   unsigned offset;
   uint8_t *dst = r600_upload_alloc(ctx, info->count * out_size, &buf, &offset);
   if (!dst)
      return false;
   if (size == 1) {
      for (unsigned i = 0; i < info->count; i++) {
         uint16_t v = read_index(cpu, 1, info->start + i);
         memcpy(dst + 2 * i, &v, 2);
      }
   } else {
      memcpy(dst, cpu + (uint64_t)info->start * size, (size_t)info->count * size);
   }
   out->va = r600_resource(buf)->bo->va + offset;
   out->size = out_size;
   return true;
}

static bool has_user_vertex_buffers(const struct r600_context *ctx)
{
   for (unsigned i = 0; i < ctx->num_vb; i++)
      if (!ctx->vb[i].vb.buffer && ctx->vb[i].vb.user_buffer)
         return true;
   return false;
}

/* The range of vertex indices (after VGT_INDX_OFFSET) a draw fetches. */
static void vertex_range(const struct r600_context *ctx, const struct pipe_draw_info *info,
                         const uint8_t *cpu_indices, uint32_t *min_out, uint32_t *max_out)
{
   if (!info->index_size) {
      *min_out = info->start;
      *max_out = info->start + info->count - 1;
      return;
   }
   uint32_t lo = info->min_index, hi = info->max_index;
   if (hi == 0xFFFFFFFFu) {
      if (!has_user_vertex_buffers(ctx)) {
         *min_out = 0;
         *max_out = 0xFFFFFFFFu;
         return;
      }
      /* Client arrays need the real range to know how much to upload. */
      lo = 0xFFFFFFFFu;
      hi = 0;
      for (unsigned i = 0; i < info->count; i++) {
         uint32_t v = read_index(cpu_indices, info->index_size, info->start + i);
         if (info->primitive_restart && v == info->restart_index)
            continue;
         lo = v < lo ? v : lo;
         hi = v > hi ? v : hi;
      }
      if (lo > hi)
         lo = hi = 0;
   }
   int64_t min_v = (int64_t)lo + info->index_bias, max_v = (int64_t)hi + info->index_bias;
   *min_out = min_v < 0 ? 0 : (uint32_t)min_v;
   *max_out = max_v < 0 ? 0 : (max_v > 0xFFFFFFFFll ? 0xFFFFFFFFu : (uint32_t)max_v);
}

static bool draw_valid(struct r600_context *ctx, const struct pipe_draw_info *info,
                       const uint8_t **cpu_indices)
{
   if (info->mode >= PIPE_PRIM_COUNT || info->count == 0 || info->instance_count == 0)
      return false;
   if (!ctx->vs || !ctx->ps || !ctx->velems || !ctx->blend || !ctx->dsa || !ctx->rs) {
      fprintf(stderr, "r600sim: draw without a complete pipeline state ignored\n");
      return false;
   }
   *cpu_indices = NULL;
   if (!info->index_size)
      return true;
   if (info->index_size != 1 && info->index_size != 2 && info->index_size != 4)
      return false;
   if (info->index_buffer) {
      uint64_t end = info->index_offset + ((uint64_t)info->start + info->count) * info->index_size;
      if (end > info->index_buffer->width0) {
         fprintf(stderr, "r600sim: draw reads past the end of its index buffer; ignored\n");
         return false;
      }
      /* The GPU never writes index buffers: their CPU mapping holds what the GPU will read. */
      *cpu_indices = r600_resource(info->index_buffer)->bo->map + info->index_offset;
   } else {
      *cpu_indices = info->user_indices;
   }
   return *cpu_indices != NULL;
}

void r600_draw(struct r600_context *ctx, const struct pipe_draw_info *info)
{
   const uint8_t *cpu_indices;
   if (!draw_valid(ctx, info, &cpu_indices))
      return;
   struct r600_cs *cs = &ctx->cs;
   /* Bound the size of one command buffer: submit what is recorded and start anew. */
   if (cs->cdw > R600_CS_MAX_DWORDS)
      r600_context_flush(ctx, NULL);
   if (cs->cdw == 0)
      r600_begin_cs(ctx);

   uint32_t min_vertex, max_vertex;
   vertex_range(ctx, info, cpu_indices, &min_vertex, &max_vertex);
   uint32_t max_instance = info->start_instance + info->instance_count - 1;
   struct index_source indices = { 0 };
   if (!r600_prepare_vertex_buffers(ctx, max_vertex, max_instance) ||
       (info->index_size && !prepare_indices(ctx, info, cpu_indices, &indices))) {
      fprintf(stderr, "r600sim: out of GPU memory for draw data; draw dropped\n");
      return;
   }

   r600_emit_dirty_atoms(ctx);

   /* R6xx culls points and lines with CULL_FRONT set: clear it for them (restored by
    * re-emitting the rasterizer at the next draw). */
   bool points_lines = info->mode <= PIPE_PRIM_LINE_STRIP;
   if (ctx->chip == HW_CHIP_R6XX && points_lines &&
       (ctx->rs->pa_su_sc_mode_cntl & PA_SU_SC_MODE_CNTL__CULL_FRONT__mask)) {
      cs_set_context_reg(cs, REG_PA_SU_SC_MODE_CNTL,
                         ctx->rs->pa_su_sc_mode_cntl & ~PA_SU_SC_MODE_CNTL__CULL_FRONT__mask);
      r600_mark_dirty(ctx, R600_ATOM_RASTERIZER);
   }
   if (ctx->last_start_instance != info->start_instance) {
      cs_set_ctl_const(cs, REG_SQ_VTX_START_INST_LOC, SQ_VTX_START_INST_LOC__OFFSET(info->start_instance));
      ctx->last_start_instance = info->start_instance;
   }
   if (ctx->last_prim != (int)info->mode) {
      cs_set_config_reg(cs, REG_VGT_PRIMITIVE_TYPE, VGT_PRIMITIVE_TYPE__PRIM_TYPE(prim_type(info->mode)));
      ctx->last_prim = info->mode;
   }
   /* Auto indices count from 0: VGT_INDX_OFFSET carries the first vertex; with an index
    * buffer it is the base vertex. */
   uint32_t indx_offset = info->index_size ? (uint32_t)info->index_bias : info->start;
   bool restart = info->index_size && info->primitive_restart;
   const struct r600_reg_value regs[] = {
      { REG_VGT_MAX_VTX_INDX, VGT_MAX_VTX_INDX__MAX_INDX(max_vertex) },
      { REG_VGT_MIN_VTX_INDX, VGT_MIN_VTX_INDX__MIN_INDX(min_vertex) },
      { REG_VGT_INDX_OFFSET, VGT_INDX_OFFSET__INDX_OFFSET(indx_offset) },
      { REG_VGT_MULTI_PRIM_IB_RESET_INDX, VGT_MULTI_PRIM_IB_RESET_INDX__RESET_INDX(info->restart_index) },
      { REG_VGT_MULTI_PRIM_IB_RESET_EN, VGT_MULTI_PRIM_IB_RESET_EN__RESET_EN(restart) },
   };
   cs_set_context_regs(cs, regs, sizeof(regs) / sizeof(regs[0]));

   cs_pkt3(cs, PM4_IT_NUM_INSTANCES, 1);
   cs_emit(cs, info->instance_count);
   if (info->index_size) {
      cs_pkt3(cs, PM4_IT_INDEX_TYPE, 1);
      cs_emit(cs, VGT_DMA_INDEX_TYPE__INDEX_TYPE(indices.size == 4 ? VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_32 :
                                                                     VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_16) |
                  VGT_DMA_INDEX_TYPE__SWAP_MODE(VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_NONE));
      /* DRAW_INDEX body: VGT_DMA_BASE, VGT_DMA_BASE_HI, index count, VGT_DRAW_INITIATOR. */
      cs_pkt3(cs, PM4_IT_DRAW_INDEX, 4);
      cs_emit(cs, VGT_DMA_BASE__BASE_ADDR((uint32_t)indices.va));
      cs_emit(cs, VGT_DMA_BASE_HI__BASE_ADDR((uint32_t)(indices.va >> 32)));
      cs_emit(cs, info->count);
      cs_emit(cs, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_DMA));
   } else {
      cs_pkt3(cs, PM4_IT_DRAW_INDEX_AUTO, 2);
      cs_emit(cs, info->count);
      cs_emit(cs, VGT_DRAW_INITIATOR__SOURCE_SELECT(VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX));
   }
   /* R6xx: an SQ_NON_EVENT after every draw (ES ring roll-over at end of packet). */
   if (ctx->chip == HW_CHIP_R6XX)
      cs_event_write(cs, VGT_EVENT_INITIATOR__EVENT_TYPE__SQ_NON_EVENT, 0);
   ctx->cs_has_work = true;

   R600_DBG(ctx->screen, DRAWS, "r600sim: draw mode %d start %u count %u indexed %u instances %u\n",
            info->mode, info->start, info->count, info->index_size, info->instance_count);
   if (ctx->screen->debug & R600_DBG_SYNC) {
      struct pipe_fence_handle *fence = NULL;
      r600_context_flush(ctx, &fence);
      ctx->base.screen->fence_finish(ctx->base.screen, fence, UINT64_MAX);
      ctx->base.screen->fence_reference(ctx->base.screen, &fence, NULL);
   }
}

static void r600_draw_vbo(struct pipe_context *pctx, const struct pipe_draw_info *info)
{
   struct r600_context *ctx = r600_context(pctx);
   if (ctx->ps && ctx->ps->bin.fb_fetch_mask)
      r600_fb_fetch_draw(ctx, info);
   else
      r600_draw(ctx, info);
}

void r600_init_draw_functions(struct r600_context *ctx)
{
   ctx->base.draw_vbo = r600_draw_vbo;
}
