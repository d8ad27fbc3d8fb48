/* Transfers: CPU access to resources, waiting for the GPU work that uses them. Colour
 * textures and buffers are linear and mapped directly (a block-compressed texture by rows
 * of 4x4 blocks: the box is in texels, block-aligned, and the stride is a block row's);
 * depth surfaces are tiled
 * (hw/hw_surface.h), so their transfers go through a linear staging copy.
 * Multi-sampled surfaces (sample-major planes, hw/hw_surface.h) go through the staging
 * copy too. Reading resolves them: a colour pixel is the average of its samples per 8-bit
 * channel, (sum + N/2) / N in integers (round half up; every multi-sampled colour format
 * is 8 bits per channel); a depth/stencil pixel is its sample 0. Writing stores the pixel
 * into every sample. (A CPU resolve: the simulated CB has no RESOLVE_BOX.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_surface.h"
#include "r600_context.h"

struct r600_transfer {
   struct pipe_transfer base;
   uint8_t *staging;            /* linear copy of the box of a tiled or multi-sampled surface */
};

/* The resolved colour of one pixel whose samples are `plane` bytes apart. */
static void resolve_pixel(uint8_t *dst, const uint8_t *src, unsigned bpp, unsigned samples,
                          uint64_t plane)
{
   for (unsigned c = 0; c < bpp; c++) {
      unsigned sum = 0;
      for (unsigned k = 0; k < samples; k++)
         sum += src[k * plane + c];
      dst[c] = (uint8_t)((sum + samples / 2) / samples);
   }
}

/* Copies the box between a tiled depth level or a multi-sampled level and its linear
 * staging copy. */
static void copy_staging(struct r600_resource *res, struct r600_transfer *xfer, bool to_staging)
{
   const struct pipe_box *box = &xfer->base.box;
   const struct r600_texture_level *lvl = &res->level[xfer->base.level];
   unsigned bpp = res->bpp;
   bool depth = r600_is_depth_format(res->base.format);
   uint64_t plane = lvl->layer_size;
   for (int z = 0; z < box->depth; z++) {
      uint8_t *layer = res->bo->map + lvl->offset +
                       (uint64_t)(box->z + z) * lvl->layer_size * res->samples;
      for (int y = 0; y < box->height; y++) {
         uint8_t *row = xfer->staging + (uint64_t)z * xfer->base.layer_stride +
                        (uint64_t)y * xfer->base.stride;
         for (int x = 0; x < box->width; x++) {
            unsigned px = (unsigned)(box->x + x), py = (unsigned)(box->y + y);
            uint8_t *mem = layer + (depth ? hw_depth_tiled_index(lvl->pitch, px, py)
                                          : (uint64_t)py * lvl->pitch + px) * bpp;
            uint8_t *lin = row + (uint64_t)x * bpp;
            if (!to_staging) {
               for (unsigned k = 0; k < res->samples; k++)
                  memcpy(mem + k * plane, lin, bpp);
            } else if (res->samples > 1 && !depth) {
               resolve_pixel(lin, mem, bpp, res->samples, plane);
            } else {
               memcpy(lin, mem, bpp);
            }
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
   unsigned w = hw_surface_dim(t->width0, level);
   unsigned h = hw_surface_dim(t->height0, level);
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
   /* The GPU writes only colour and depth surfaces (there is no stream output), so reading
    * a buffer has nothing to wait for; every other map waits for the work that uses it. */
   bool gpu_may_conflict = (usage & PIPE_MAP_WRITE) || pres->target != PIPE_BUFFER;
   if (!(usage & PIPE_MAP_UNSYNCHRONIZED) && gpu_may_conflict) {
      /* Work recorded but not yet submitted may read or write it: submit, then wait. */
      if (cs_references_bo(&ctx->cs, res->bo))
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
   if (pres->target != PIPE_BUFFER && (r600_is_depth_format(pres->format) || res->samples > 1)) {
      xfer->stride = (unsigned)box->width * res->bpp;
      xfer->layer_stride = xfer->stride * (unsigned)box->height;
      rx->staging = malloc((size_t)xfer->layer_stride * (size_t)box->depth + 1);
      if (!rx->staging) {
         free(rx);
         return NULL;
      }
      if (!(usage & PIPE_MAP_DISCARD_RANGE))
         copy_staging(res, rx, true);   /* what the surface holds, also under a partial write */
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
      unsigned bw = pipe_format_block_width(pres->format);
      xfer->stride = lvl->pitch * res->bpp;
      xfer->layer_stride = lvl->layer_size;
      offset = lvl->offset + box->z * lvl->layer_size + (uint64_t)(box->y / bw) * xfer->stride +
               (uint64_t)(box->x / bw) * res->bpp;
   }
   *out = xfer;
   return res->bo->map + offset;
}

static void r600_transfer_unmap(struct pipe_context *pctx, struct pipe_transfer *xfer)
{
   struct r600_transfer *rx = (struct r600_transfer *)xfer;
   if (rx->staging) {
      if (xfer->usage & PIPE_MAP_WRITE)
         copy_staging(r600_resource(xfer->resource), rx, false);
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
   unsigned bw = pipe_format_block_width(pres->format);
   unsigned row_bytes = (box->width + bw - 1) / bw * r600_resource(pres)->bpp;
   int rows = (box->height + (int)bw - 1) / (int)bw;
   const uint8_t *src = data;
   for (int z = 0; z < box->depth; z++) {
      for (int y = 0; y < rows; y++)
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
