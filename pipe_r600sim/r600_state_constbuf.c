/* Constant buffer 0 of each stage, read by the shaders through the kcache:
 * SQ_ALU_CONST_CACHE_{VS,PS}_0 = address >> 8, SQ_ALU_CONST_BUFFER_SIZE_{VS,PS}_0 = size in
 * 256-byte units. User data is copied into fresh GPU memory at every bind, so draws already
 * recorded keep reading the values they were recorded with. */
#include <stdio.h>

#include "r600_context.h"
#include "r600_regs.h"

#define CONST_ALIGN 256u

static void r600_set_constant_buffer(struct pipe_context *pctx, enum pipe_shader_type shader,
                                     unsigned index, const struct pipe_constant_buffer *cb)
{
   struct r600_context *ctx = r600_context(pctx);
   if (shader >= PIPE_SHADER_TYPES)
      return;
   if (index != 0) {
      fprintf(stderr, "r600sim: constant buffer %u ignored (only buffer 0 is used)\n", index);
      return;
   }
   struct pipe_constant_buffer *dst = &ctx->constbuf[shader];
   pipe_resource_reference(&dst->buffer, NULL);
   dst->buffer_offset = 0;
   dst->buffer_size = 0;
   r600_mark_dirty(ctx, shader == PIPE_SHADER_VERTEX ? R600_ATOM_CONSTBUF_VS : R600_ATOM_CONSTBUF_PS);
   if (!cb)
      return;

   unsigned size = cb->buffer_size;
   const void *src = cb->user_buffer;
   if (cb->buffer) {
      struct r600_resource *res = r600_resource(cb->buffer);
      if (cb->buffer_offset >= cb->buffer->width0)
         return;
      unsigned avail = cb->buffer->width0 - cb->buffer_offset;
      if (!size || size > avail)
         size = avail;
      if (cb->buffer_offset % CONST_ALIGN == 0) {
         pipe_resource_reference(&dst->buffer, cb->buffer);
         dst->buffer_offset = cb->buffer_offset;
         dst->buffer_size = size;
         return;
      }
      /* The kcache base is 256-byte aligned: copy an unaligned range (the GPU never writes
       * buffers, so the CPU copy is current). */
      src = res->bo->map + cb->buffer_offset;
   }
   if (!src || !size)
      return;
   struct pipe_resource *buf;
   unsigned offset;
   if (!r600_upload_data(ctx, src, size, &buf, &offset)) {
      fprintf(stderr, "r600sim: out of GPU memory for constants\n");
      return;
   }
   pipe_resource_reference(&dst->buffer, buf);
   dst->buffer_offset = offset;
   dst->buffer_size = size;
}

static void emit_constbuf(struct r600_context *ctx, enum pipe_shader_type stage)
{
   const struct pipe_constant_buffer *cb = &ctx->constbuf[stage];
   struct r600_bo *bo = cb->buffer ? r600_resource(cb->buffer)->bo : NULL;
   uint32_t base_256 = bo ? (uint32_t)((bo->va + cb->buffer_offset) >> 8) : 0;
   unsigned units = (cb->buffer_size + CONST_ALIGN - 1) / CONST_ALIGN;
   if (bo)
      cs_add_bo(&ctx->cs, bo);
   /* The same buffer as a vertex-fetch resource (16-byte stride) for indexed reads. */
   uint32_t words[7] = { 0 };
   if (bo && cb->buffer_size) {
      uint64_t va = bo->va + cb->buffer_offset;
      words[0] = SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS((uint32_t)va);
      words[1] = SQ_VTX_CONSTANT_WORD1__SIZE(cb->buffer_size - 1);
      words[2] = SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI((uint32_t)(va >> 32)) |
                 SQ_VTX_CONSTANT_WORD2__STRIDE(16);
      words[6] = SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER);
   } else {
      words[6] = SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_INVALID_BUFFER);
   }
   cs_set_resource(&ctx->cs, (stage == PIPE_SHADER_VERTEX ? R600_VS_RESOURCE_BASE : R600_PS_RESOURCE_BASE) +
                                R600_CONSTBUF_RESOURCE_ID, words);
   if (stage == PIPE_SHADER_VERTEX) {
      cs_set_context_reg(&ctx->cs, REG_SQ_ALU_CONST_CACHE_VS_0, SQ_ALU_CONST_CACHE_VS_0__DATA(base_256));
      cs_set_context_reg(&ctx->cs, REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0,
                         SQ_ALU_CONST_BUFFER_SIZE_VS_0__DATA(units));
   } else {
      cs_set_context_reg(&ctx->cs, REG_SQ_ALU_CONST_CACHE_PS_0, SQ_ALU_CONST_CACHE_PS_0__DATA(base_256));
      cs_set_context_reg(&ctx->cs, REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0,
                         SQ_ALU_CONST_BUFFER_SIZE_PS_0__DATA(units));
   }
}

void r600_emit_constbuf_vs(struct r600_context *ctx)
{
   emit_constbuf(ctx, PIPE_SHADER_VERTEX);
}

void r600_emit_constbuf_ps(struct r600_context *ctx)
{
   emit_constbuf(ctx, PIPE_SHADER_FRAGMENT);
}

void r600_release_constbufs(struct r600_context *ctx)
{
   for (unsigned i = 0; i < PIPE_SHADER_TYPES; i++)
      pipe_resource_reference(&ctx->constbuf[i].buffer, NULL);
}

void r600_init_constbuf_functions(struct r600_context *ctx)
{
   ctx->base.set_constant_buffer = r600_set_constant_buffer;
}
