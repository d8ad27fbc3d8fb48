/* Transfers: CPU access to resources, waiting for the GPU work that uses them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r600_context.h"

static bool box_valid(const struct r600_resource *res, unsigned level, const struct pipe_box *box)
{
   const struct pipe_resource *t = &res->base;
   if (level > t->last_level || box->x < 0 || box->y < 0 || box->z < 0 || box->width < 0 ||
       box->height < 0 || box->depth < 0)
      return false;
   unsigned w = t->width0 >> level ? t->width0 >> level : 1;
   unsigned h = t->height0 >> level ? t->height0 >> level : 1;
   if (t->target == PIPE_BUFFER)
      h = 1;
   return (uint64_t)box->x + box->width <= w && (uint64_t)box->y + box->height <= h &&
          (uint64_t)box->z + box->depth <= res->num_layers;
}

static void *r600_transfer_map(struct pipe_context *pctx, struct pipe_resource *pres,
                               unsigned level, unsigned usage, const struct pipe_box *box,
                               struct pipe_transfer **out)
{
   struct r600_context *ctx = r600_context(pctx);
   struct r600_resource *res = r600_resource(pres);
   *out = NULL;
   if (!box_valid(res, level, box)) {
      fprintf(stderr, "r600sim: transfer_map outside the resource (level %u, box %d,%d,%d %dx%dx%d)\n",
              level, box->x, box->y, box->z, box->width, box->height, box->depth);
      return NULL;
   }
   if (!(usage & PIPE_MAP_UNSYNCHRONIZED)) {
      /* Work recorded but not yet submitted may read or write it: submit, then wait. */
      if (res->bo->cs_mark == ctx->cs.id)
         r600_context_flush(ctx, NULL);
      r600_bo_wait_idle(res->bo);
   }
   struct pipe_transfer *xfer = calloc(1, sizeof(*xfer));
   if (!xfer)
      return NULL;
   pipe_resource_reference(&xfer->resource, pres);
   xfer->level = level;
   xfer->usage = usage;
   xfer->box = *box;
   const struct r600_texture_level *lvl = &res->level[level];
   uint64_t offset;
   if (pres->target == PIPE_BUFFER) {
      xfer->stride = pres->width0;
      xfer->layer_stride = pres->width0;
      offset = box->x;
   } else {
      xfer->stride = lvl->pitch * res->bpp;
      xfer->layer_stride = lvl->layer_size;
      offset = lvl->offset + box->z * lvl->layer_size + (uint64_t)box->y * xfer->stride +
               (uint64_t)box->x * res->bpp;
   }
   *out = xfer;
   return res->bo->map + offset;
}

static void r600_transfer_unmap(struct pipe_context *pctx, struct pipe_transfer *xfer)
{
   pipe_resource_reference(&xfer->resource, NULL);
   free(xfer);
}

static void r600_buffer_subdata(struct pipe_context *pctx, struct pipe_resource *pres,
                                unsigned usage, unsigned offset, unsigned size, const void *data)
{
   struct pipe_box box = { .x = offset, .width = size, .height = 1, .depth = 1 };
   struct pipe_transfer *xfer;
   uint8_t *map = r600_transfer_map(pctx, pres, 0, usage | PIPE_MAP_WRITE, &box, &xfer);
   if (!map)
      return;
   memcpy(map, data, size);
   r600_transfer_unmap(pctx, xfer);
}

static void r600_texture_subdata(struct pipe_context *pctx, struct pipe_resource *pres,
                                 unsigned level, unsigned usage, const struct pipe_box *box,
                                 const void *data, unsigned stride, unsigned layer_stride)
{
   struct pipe_transfer *xfer;
   uint8_t *map = r600_transfer_map(pctx, pres, level, usage | PIPE_MAP_WRITE, box, &xfer);
   if (!map)
      return;
   unsigned row_bytes = box->width * r600_resource(pres)->bpp;
   const uint8_t *src = data;
   for (int z = 0; z < box->depth; z++) {
      for (int y = 0; y < box->height; y++)
         memcpy(map + (uint64_t)z * xfer->layer_stride + (uint64_t)y * xfer->stride,
                src + (uint64_t)z * layer_stride + (uint64_t)y * stride, row_bytes);
   }
   r600_transfer_unmap(pctx, xfer);
}

void r600_init_transfer_functions(struct r600_context *ctx)
{
   ctx->base.transfer_map = r600_transfer_map;
   ctx->base.transfer_unmap = r600_transfer_unmap;
   ctx->base.buffer_subdata = r600_buffer_subdata;
   ctx->base.texture_subdata = r600_texture_subdata;
}
