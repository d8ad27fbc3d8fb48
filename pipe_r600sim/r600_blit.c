/* pipe->blit: a textured quad drawn by the auxiliary blitter from a sampler view of the
 * source level into a surface of the destination level (gallium's util_blitter blit).
 * The simulated CB has no resolve, so a multi-sampled source is first resolved into a
 * single-sampled copy through a transfer (r600_transfer.c averages the samples). */
#include <stdio.h>
#include <stdlib.h>

#include "blitter/blitter.h"
#include "hw/hw_surface.h"
#include "r600_context.h"
#include "r600_debug.h"

static bool box_inside(const struct pipe_resource *res, unsigned level, unsigned layer,
                       const struct pipe_box *box)
{
   if (level > res->last_level || layer >= (res->target == PIPE_TEXTURE_CUBE ? 6u : 1u))
      return false;
   int64_t y0 = box->height < 0 ? (int64_t)box->y + box->height : box->y;
   int64_t h = box->height < 0 ? -(int64_t)box->height : box->height;
   return box->x >= 0 && y0 >= 0 && box->width >= 0 &&
          box->x + (int64_t)box->width <= hw_surface_dim(res->width0, level) &&
          y0 + h <= hw_surface_dim(res->height0, level);
}

/* A single-sampled copy of the source box (rows in the box's order, top row first), or
 * NULL. *box becomes the box of the copy. */
static struct pipe_resource *resolve_source(struct pipe_context *p, struct pipe_resource *src,
                                            struct pipe_box *box)
{
   bool flip = box->height < 0;
   struct pipe_box read = { .x = box->x, .y = flip ? box->y + box->height : box->y,
                            .width = box->width, .height = flip ? -box->height : box->height,
                            .depth = 1 };
   struct pipe_resource templ = { .target = PIPE_TEXTURE_2D, .format = src->format,
                                  .width0 = (unsigned)read.width, .height0 = (unsigned)read.height,
                                  .depth0 = 1, .bind = PIPE_BIND_SAMPLER_VIEW };
   struct pipe_resource *copy = p->screen->resource_create(p->screen, &templ);
   struct pipe_transfer *xfer;
   const void *map = copy ? p->transfer_map(p, src, 0, PIPE_MAP_READ, &read, &xfer) : NULL;
   if (!map) {
      pipe_resource_reference(&copy, NULL);
      return NULL;
   }
   const struct pipe_box all = { .width = read.width, .height = read.height, .depth = 1 };
   p->texture_subdata(p, copy, 0, 0, &all, map, xfer->stride, xfer->layer_stride);
   p->transfer_unmap(p, xfer);
   *box = (struct pipe_box){ .x = 0, .y = flip ? read.height : 0, .width = read.width,
                             .height = box->height, .depth = 1 };
   return copy;
}

static void r600_blit(struct pipe_context *pctx, const struct pipe_blit_info *info)
{
   struct r600_context *ctx = r600_context(pctx);
   struct pipe_resource *src = info->src.resource, *dst = info->dst.resource;
   if (!src || !dst || src->target == PIPE_BUFFER || dst->target == PIPE_BUFFER ||
       !box_inside(src, info->src.level, info->src.layer, &info->src.box) ||
       !box_inside(dst, info->dst.level, info->dst.layer, &info->dst.box) ||
       info->dst.box.height < 0) {
      fprintf(stderr, "r600sim: blit outside its resources; dropped\n");
      return;
   }
   if (!info->dst.box.width || !info->dst.box.height)
      return;
   struct pipe_box src_box = info->src.box;
   unsigned src_level = info->src.level;
   struct pipe_resource *resolved = NULL;
   if (r600_resource(src)->samples > 1) {
      if (!(resolved = resolve_source(pctx, src, &src_box))) {
         fprintf(stderr, "r600sim: blit: cannot resolve the source; dropped\n");
         return;
      }
      src = resolved;
      src_level = 0;
   }
   const struct pipe_sampler_view view_templ = {
      .format = src->format, .first_level = src_level, .last_level = src_level,
      .swizzle_r = info->swizzle[0], .swizzle_g = info->swizzle[1],
      .swizzle_b = info->swizzle[2], .swizzle_a = info->swizzle[3],
   };
   struct pipe_sampler_view *view = pctx->create_sampler_view(pctx, src, &view_templ);
   const struct pipe_surface surf_templ = { .format = dst->format, .level = info->dst.level,
                                            .first_layer = info->dst.layer };
   struct pipe_surface *surf = pctx->create_surface(pctx, dst, &surf_templ);
   struct blitter_context *b = view && surf ? r600_blitter_begin(ctx) : NULL;
   if (b) {
      float w = (float)hw_surface_dim(src->width0, src_level);
      float h = (float)hw_surface_dim(src->height0, src_level);
      const float rect[4] = { src_box.x / w, src_box.y / h, (src_box.x + src_box.width) / w,
                              (src_box.y + src_box.height) / h };
      R600_DBG(ctx->screen, DRAWS, "r600sim: blit %dx%d\n", info->dst.box.width,
               info->dst.box.height);
      blitter_blit(b, surf, &info->dst.box, view, info->src.layer, rect, info->filter);
   } else {
      fprintf(stderr, "r600sim: blit: formats %d -> %d not supported; dropped\n", src->format,
              dst->format);
   }
   if (view)
      pctx->sampler_view_destroy(pctx, view);
   if (surf)
      pctx->surface_destroy(pctx, surf);
   pipe_resource_reference(&resolved, NULL);
}

void r600_init_blit_functions(struct r600_context *ctx)
{
   ctx->base.blit = r600_blit;
}
