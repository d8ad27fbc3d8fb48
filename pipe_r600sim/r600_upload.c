/* Upload sub-allocator: per-draw and per-bind data copied into GPU memory. The chunks are
 * buffer resources like any other, so a binding made from uploaded data (a constant buffer
 * bound from user memory) is a plain pipe_resource + offset that can be bound again. */
#include <string.h>

#include "r600_context.h"

#define UPLOAD_CHUNK_SIZE (1u << 20)
#define UPLOAD_ALIGN 256u

static struct pipe_resource *create_chunk(struct r600_context *ctx, unsigned size)
{
   struct pipe_screen *screen = ctx->base.screen;
   const struct pipe_resource templ = {
      .target = PIPE_BUFFER, .format = PIPE_FORMAT_NONE, .width0 = size,
      .bind = PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER | PIPE_BIND_CONSTANT_BUFFER,
   };
   return screen->resource_create(screen, &templ);
}

void *r600_upload_alloc(struct r600_context *ctx, unsigned size, struct pipe_resource **buf,
                        unsigned *offset)
{
   struct r600_upload *up = &ctx->upload;
   uint64_t aligned = (uint64_t)(size ? size : 1) + UPLOAD_ALIGN - 1;
   aligned -= aligned % UPLOAD_ALIGN;
   if (!up->chunk || up->used + aligned > up->chunk->width0) {
      uint64_t chunk_size = aligned > UPLOAD_CHUNK_SIZE ? aligned : UPLOAD_CHUNK_SIZE;
      if (chunk_size > UINT32_MAX)
         return NULL;
      struct pipe_resource *chunk = create_chunk(ctx, (unsigned)chunk_size);
      if (!chunk)
         return NULL;
      /* The old chunk stays alive while a command stream or a binding references it. */
      pipe_resource_reference(&up->chunk, NULL);
      up->chunk = chunk;
      up->used = 0;
   }
   struct r600_bo *bo = r600_resource(up->chunk)->bo;
   *buf = up->chunk;
   *offset = (unsigned)up->used;
   up->used += aligned;
   cs_add_bo(&ctx->cs, bo);
   return bo->map + *offset;
}

bool r600_upload_data(struct r600_context *ctx, const void *data, unsigned size,
                      struct pipe_resource **buf, unsigned *offset)
{
   void *p = r600_upload_alloc(ctx, size, buf, offset);
   if (!p)
      return false;
   memcpy(p, data, size);
   return true;
}

void r600_upload_fini(struct r600_context *ctx)
{
   pipe_resource_reference(&ctx->upload.chunk, NULL);
}
