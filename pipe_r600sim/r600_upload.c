/* Upload sub-allocator: per-draw and per-bind data copied into GPU memory. */
#include <string.h>

#include "r600_context.h"

#define UPLOAD_CHUNK_SIZE (1u << 20)
#define UPLOAD_ALIGN 256u

void *r600_upload_alloc(struct r600_context *ctx, unsigned size, struct r600_bo **bo,
                        uint64_t *offset)
{
   struct r600_upload *up = &ctx->upload;
   uint64_t aligned = (uint64_t)(size ? size : 1) + UPLOAD_ALIGN - 1;
   aligned -= aligned % UPLOAD_ALIGN;
   if (!up->chunk || up->used + aligned > up->chunk->size) {
      uint64_t chunk_size = aligned > UPLOAD_CHUNK_SIZE ? aligned : UPLOAD_CHUNK_SIZE;
      struct r600_bo *chunk = r600_bo_create(&ctx->screen->bos, chunk_size, UPLOAD_ALIGN);
      if (!chunk)
         return NULL;
      /* The old chunk stays alive while a command stream references it. */
      r600_bo_reference(&up->chunk, NULL);
      up->chunk = chunk;
      up->used = 0;
   }
   *bo = up->chunk;
   *offset = up->used;
   up->used += aligned;
   cs_add_bo(&ctx->cs, up->chunk);
   return up->chunk->map + *offset;
}

bool r600_upload_data(struct r600_context *ctx, const void *data, unsigned size,
                      struct r600_bo **bo, uint64_t *offset)
{
   void *p = r600_upload_alloc(ctx, size, bo, offset);
   if (!p)
      return false;
   memcpy(p, data, size);
   return true;
}

void r600_upload_fini(struct r600_context *ctx)
{
   r600_bo_reference(&ctx->upload.chunk, NULL);
}
