/* Transfers: CPU access to resources, waiting for the GPU work that uses them. Colour
 * textures and buffers are linear and mapped directly; depth surfaces are tiled
 * (r600_db_layout.h), so their transfers go through a linear staging copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r600_context.h"
#include "r600_db_layout.h"

struct r600_transfer {
   struct pipe_transfer base;
   uint8_t *staging;            /* linear copy of the box of a tiled (depth) surface */
};

/* Copies the box between a tiled depth level and its linear staging copy. */
static void copy_tiled(struct r600_resource *res, struct r600_transfer *xfer, bool to_staging)
{
   const struct pipe_box *box = &xfer->base.box;
   const struct r600_texture_level *lvl = &res->level[xfer->base.level];
   unsigned bpp = res->bpp;
   for (int z = 0; z < box->depth; z++) {
      uint8_t *layer = res->bo->map + lvl->offset + (uint64_t)(box->z + z) * lvl->layer_size;
      for (int y = 0; y < box->height; y++) {
         uint8_t *row = xfer->staging + (uint64_t)z * xfer->base.layer_stride +
                        (uint64_t)y * xfer->base.stride;
         for (int x = 0; x < box->width; x++) {
            uint8_t *tiled = layer + r600_db_tiled_index(lvl->pitch, (unsigned)(box->x + x),
                                                         (unsigned)(box->y + y)) * bpp;
            if (to_staging)
               memcpy(row + (uint64_t)x * bpp, tiled, bpp);
            else
               memcpy(tiled, row + (uint64_t)x * bpp, bpp);
         }
      }
   }
}

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
   struct r600_transfer *rx = calloc(1, sizeof(*rx));
   if (!rx)
      return NULL;
   struct pipe_transfer *xfer = &rx->base;
   xfer->level = level;
   xfer->usage = usage;
   xfer->box = *box;
   const struct r600_texture_level *lvl = &res->level[level];
   if (pres->target != PIPE_BUFFER && r600_is_depth_format(pres->format)) {
      xfer->stride = (unsigned)box->width * res->bpp;
      xfer->layer_stride = xfer->stride * (unsigned)box->height;
      rx->staging = malloc((size_t)xfer->layer_stride * (size_t)box->depth + 1);
      if (!rx->staging) {
         free(rx);
         return NULL;
      }
      if (!(usage & PIPE_MAP_DISCARD_RANGE))
         copy_tiled(res, rx, true);   /* what the surface holds, also under a partial write */
      pipe_resource_reference(&xfer->resource, pres);
      *out = xfer;
      return rx->staging;
   }
   pipe_resource_reference(&xfer->resource, pres);
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
   struct r600_transfer *rx = (struct r600_transfer *)xfer;
   if (rx->staging) {
      if (xfer->usage & PIPE_MAP_WRITE)
         copy_tiled(r600_resource(xfer->resource), rx, false);
      free(rx->staging);
   }
   pipe_resource_reference(&xfer->resource, NULL);
   free(rx);
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
