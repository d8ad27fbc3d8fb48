/* pipe->blit: a textured quad drawn by the auxiliary blitter from a sampler view of the
 * source level into a surface of the destination level (gallium's util_blitter blit).
 * Drawn blits may have boxes reaching outside their levels (glBlitFramebuffer rectangles):
 * the quad is clipped to the destination surface and the source sampled clamped to its
 * edges; a source box of negative width or height is read mirrored.
 * A multi-sampled source is first resolved into a single-sampled copy by the CB. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blitter/blitter.h"
#include "hw/hw_surface.h"
#include "r600_context.h"
#include "r600_debug.h"

static bool image_exists(const struct pipe_resource *res, unsigned level, unsigned layer)
{
   return level <= res->last_level && layer < (res->target == PIPE_TEXTURE_CUBE ? 6u : 1u);
}

static bool box_inside(const struct pipe_resource *res, unsigned level, unsigned layer,
                       const struct pipe_box *box)
{
   if (!image_exists(res, level, layer))
      return false;
   int64_t x0 = box->width < 0 ? (int64_t)box->x + box->width : box->x;
   int64_t w = box->width < 0 ? -(int64_t)box->width : box->width;
   int64_t y0 = box->height < 0 ? (int64_t)box->y + box->height : box->y;
   int64_t h = box->height < 0 ? -(int64_t)box->height : box->height;
   return x0 >= 0 && y0 >= 0 && x0 + w <= hw_surface_dim(res->width0, level) &&
          y0 + h <= hw_surface_dim(res->height0, level);
}

/* A single-sampled copy of a multi-sampled source, made by the CB's resolve: a quad drawn
 * over a framebuffer of the source (CB_COLOR0) and the copy (CB_COLOR1) with
 * CB_COLOR_CONTROL.SPECIAL_OP = RESOLVE_BOX, which writes the average of each pixel's
 * samples into the copy and ignores the pixel shader (Mesa's r600 resolves so too:
 * r600_blit.c, custom_blend_resolve). The copy has the source's size, so boxes stay. NULL
 * when the source format is not a colour-buffer format or the resolve cannot be drawn. */
static struct pipe_resource *resolve_source(struct r600_context *ctx, struct pipe_resource *src)
{
   struct pipe_context *p = &ctx->base;
   if (!r600_is_render_format(src->format))
      return NULL;
   struct pipe_resource templ = { .target = PIPE_TEXTURE_2D, .format = src->format,
                                  .width0 = src->width0, .height0 = src->height0, .depth0 = 1,
                                  .bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW };
   struct pipe_resource *copy = p->screen->resource_create(p->screen, &templ);
   const struct pipe_surface st = { .format = src->format };
   struct pipe_surface *from = copy ? p->create_surface(p, src, &st) : NULL;
   struct pipe_surface *to = copy ? p->create_surface(p, copy, &st) : NULL;
   struct blitter_context *b = from && to ? r600_blitter_begin(ctx) : NULL;
   if (b) {
      ctx->cb_resolve = true;
      const struct pipe_framebuffer_state fb = { .width = src->width0, .height = src->height0,
                                                 .nr_cbufs = 2, .cbufs = { from, to } };
      p->set_framebuffer_state(p, &fb);
      blitter_resolve(b, src->width0, src->height0);
      const struct pipe_framebuffer_state none = { 0 };
      p->set_framebuffer_state(p, &none);
      ctx->cb_resolve = false;
      r600_mark_dirty(ctx, R600_ATOM_CB_MISC);
   } else {
      pipe_resource_reference(&copy, NULL);
   }
   if (from)
      p->surface_destroy(p, from);
   if (to)
      p->surface_destroy(p, to);
   return copy;
}

/* A blit the CB cannot draw (float, depth, block-compressed destinations) that copies
 * texels unchanged, copied through transfers instead (as gallium's resource_copy_region
 * fallback does); boxes in texels, block-aligned for block formats; a source box of
 * negative height (not with block formats) is copied with its rows in reverse. True when
 * done. */
static bool copy_unrendered(struct pipe_context *pctx, const struct pipe_blit_info *info)
{
   struct pipe_resource *src = info->src.resource, *dst = info->dst.resource;
   const struct pipe_box *sb = &info->src.box, *db = &info->dst.box;
   bool identity = info->swizzle[0] == 0 && info->swizzle[1] == 1 && info->swizzle[2] == 2 &&
                   info->swizzle[3] == 3;
   unsigned bw = pipe_format_block_width(dst->format);
   bool mirror = sb->height < 0 && bw == 1;
   if (src->format != dst->format || r600_is_render_format(dst->format) || !identity ||
       sb->width != db->width || sb->height != (mirror ? -db->height : db->height) ||
       r600_resource(src)->samples > 1)
      return false;
   if (!box_inside(src, info->src.level, info->src.layer, sb) ||
       !box_inside(dst, info->dst.level, info->dst.layer, db)) {
      fprintf(stderr, "r600sim: blit copy outside its resources; dropped\n");
      return true;
   }
   struct pipe_box sbox = { sb->x, mirror ? sb->y + sb->height : sb->y, (int)info->src.layer,
                            sb->width, db->height, 1 };
   struct pipe_box dbox = { db->x, db->y, (int)info->dst.layer, db->width, db->height, 1 };
   struct pipe_transfer *sx, *dx;
   const uint8_t *from = pctx->transfer_map(pctx, src, info->src.level, PIPE_MAP_READ, &sbox, &sx);
   if (!from)
      return true;
   uint8_t *to = pctx->transfer_map(pctx, dst, info->dst.level, PIPE_MAP_WRITE, &dbox, &dx);
   if (to) {
      unsigned row = (unsigned)(db->width + (int)bw - 1) / bw * r600_resource(dst)->bpp;
      int rows = (db->height + (int)bw - 1) / (int)bw;
      for (int y = 0; y < rows; y++)
         memcpy(to + (uint64_t)y * dx->stride,
                from + (uint64_t)(mirror ? rows - 1 - y : y) * sx->stride, row);
      pctx->transfer_unmap(pctx, dx);
   }
   pctx->transfer_unmap(pctx, sx);
   return true;
}

/* A depth-only blit (mask PIPE_MASK_Z) between depth formats, drawn: the source's depth is
 * sampled (the view reads (d, d, d, 1)) and exported as the fragment's depth into the
 * destination's DB surface, whose stencil stays. True when it was such a blit. */
static bool blit_depth(struct r600_context *ctx, const struct pipe_blit_info *info)
{
   struct pipe_context *p = &ctx->base;
   struct pipe_resource *src = info->src.resource, *dst = info->dst.resource;
   if (info->mask != PIPE_MASK_Z || !r600_is_depth_format(src->format) ||
       !r600_is_depth_format(dst->format))
      return false;
   if (r600_resource(src)->samples > 1) {
      fprintf(stderr, "r600sim: blit: multi-sampled depth source; dropped\n");
      return true;
   }
   const struct pipe_sampler_view view_templ = {
      .format = src->format, .first_level = info->src.level, .last_level = info->src.level,
      .swizzle_r = 0, .swizzle_g = 0, .swizzle_b = 0, .swizzle_a = 5,
   };
   struct pipe_sampler_view *view = p->create_sampler_view(p, src, &view_templ);
   const struct pipe_surface surf_templ = { .format = dst->format, .level = info->dst.level,
                                            .first_layer = info->dst.layer };
   struct pipe_surface *surf = p->create_surface(p, dst, &surf_templ);
   struct blitter_context *b = view && surf ? r600_blitter_begin(ctx) : NULL;
   if (b) {
      float w = (float)hw_surface_dim(src->width0, info->src.level);
      float h = (float)hw_surface_dim(src->height0, info->src.level);
      const struct pipe_box *sb = &info->src.box;
      const float rect[4] = { sb->x / w, sb->y / h, (sb->x + sb->width) / w,
                              (sb->y + sb->height) / h };
      blitter_blit_depth(b, surf, &info->dst.box, view, rect);
   } else if (!view || !surf) {
      fprintf(stderr, "r600sim: blit: depth formats %d -> %d not supported; dropped\n",
              src->format, dst->format);
   }
   if (view)
      p->sampler_view_destroy(p, view);
   if (surf)
      p->surface_destroy(p, surf);
   return true;
}

static void r600_blit(struct pipe_context *pctx, const struct pipe_blit_info *info)
{
   struct r600_context *ctx = r600_context(pctx);
   struct pipe_resource *src = info->src.resource, *dst = info->dst.resource;
   if (!src || !dst || src->target == PIPE_BUFFER || dst->target == PIPE_BUFFER ||
       !image_exists(src, info->src.level, info->src.layer) ||
       !image_exists(dst, info->dst.level, info->dst.layer) ||
       info->dst.box.width < 0 || info->dst.box.height < 0) {
      fprintf(stderr, "r600sim: blit outside its resources; dropped\n");
      return;
   }
   if (!info->dst.box.width || !info->dst.box.height || blit_depth(ctx, info) ||
       copy_unrendered(pctx, info))
      return;
   struct pipe_box src_box = info->src.box;
   unsigned src_level = info->src.level;
   struct pipe_resource *resolved = NULL;
   if (r600_resource(src)->samples > 1) {
      if (!(resolved = resolve_source(ctx, src))) {
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
   struct blitter_context *b = NULL;
   if (!view || !surf)
      fprintf(stderr, "r600sim: blit: formats %d -> %d not supported; dropped\n", src->format,
              dst->format);
   else
      b = r600_blitter_begin(ctx);   /* NULL: it said why */
   if (b) {
      float w = (float)hw_surface_dim(src->width0, src_level);
      float h = (float)hw_surface_dim(src->height0, src_level);
      const float rect[4] = { src_box.x / w, src_box.y / h, (src_box.x + src_box.width) / w,
                              (src_box.y + src_box.height) / h };
      R600_DBG(ctx->screen, DRAWS, "r600sim: blit %dx%d\n", info->dst.box.width,
               info->dst.box.height);
      blitter_blit(b, surf, &info->dst.box, view, info->src.layer, rect, info->filter);
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
