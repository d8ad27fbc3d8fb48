/* Texture storage (gl_texture.h, "Storage API"): images in pipe resources, uploads through
 * transfers, the mip tree assembled by GPU copies. */
#include "gl_texture.h"

#include <stdlib.h>
#include <string.h>

#include "gl_fbo.h"

const unsigned gl_texture_identity_swizzle[4] = { 0, 1, 2, 3 };

/* Levels of a full mip chain of a w x h base (any size: OES_texture_npot). */
static unsigned chain_levels(unsigned w, unsigned h)
{
   unsigned levels = 1;
   while ((w >> levels) > 0 || (h >> levels) > 0)
      levels++;
   return levels;
}

static unsigned dim(unsigned size, unsigned level)
{
   return size >> level ? size >> level : 1;
}

/* A texture resource: every storage format is sampled, and drawn into by copies and
 * framebuffer objects when the CB (colour) or the DB (depth formats) takes it. */
static struct pipe_resource *create_resource(struct st_context *ctx, bool cube,
                                             enum pipe_format format, unsigned w, unsigned h,
                                             unsigned levels)
{
   struct pipe_screen *screen = ctx->pipe->screen;
   enum pipe_texture_target target = cube ? PIPE_TEXTURE_CUBE : PIPE_TEXTURE_2D;
   unsigned bind = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET;
   if (!screen->is_format_supported(screen, format, target, 0, bind))
      bind = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_DEPTH_STENCIL;
   if (!screen->is_format_supported(screen, format, target, 0, bind))
      bind = PIPE_BIND_SAMPLER_VIEW;
   struct pipe_resource templ = {
      .target = target, .format = format, .width0 = w, .height0 = h, .depth0 = 1,
      .last_level = levels - 1, .bind = bind,
   };
   return screen->resource_create(screen, &templ);
}

/* Whether an image of w x h in `format` at `level` fits the tree res. */
static bool fits(const struct pipe_resource *res, bool cube, unsigned level, unsigned w,
                 unsigned h, enum pipe_format format)
{
   return res && res->format == format && level <= res->last_level &&
          (res->target == PIPE_TEXTURE_CUBE) == cube && dim(res->width0, level) == w &&
          dim(res->height0, level) == h;
}

static void place(struct gl_texture_image *img, struct pipe_resource *res, unsigned level,
                  unsigned layer)
{
   pipe_resource_reference(&img->res, res);
   img->res_level = level;
   img->res_layer = layer;
}

bool gl_texture_image_define(struct st_context *ctx, struct gl_texture *tex, unsigned face,
                             unsigned level, GLsizei width, GLsizei height,
                             const struct gl_texture_format *fmt)
{
   struct gl_texture_image *img = &tex->images[face][level];
   bool cube = tex->target == GL_TEXTURE_CUBE_MAP;
   unsigned w = (unsigned)width, h = (unsigned)height;
   pipe_resource_reference(&img->res, NULL);
   *img = (struct gl_texture_image){ .width = width, .height = height, .fmt = *fmt };
   if (!width || !height)
      return true;   /* defined, and empty: no storage */
   if (!tex->res && level < 16 && (uint64_t)w << level <= 0x8000 && (uint64_t)h << level <= 0x8000) {
      /* The first image: a tree whose level `level` is this image (Mesa's guess). */
      unsigned bw = w << level, bh = h << level;
      unsigned levels = chain_levels(bw, bh);
      if (level < levels)
         tex->res = create_resource(ctx, cube, fmt->format, bw, bh, levels);
   }
   if (fits(tex->res, cube, level, w, h, fmt->format)) {
      place(img, tex->res, level, cube ? face : 0);
      return true;
   }
   struct pipe_resource *own = create_resource(ctx, false, fmt->format, w, h, 1);
   if (!own) {
      *img = (struct gl_texture_image){ 0 };
      return false;
   }
   place(img, own, 0, 0);
   pipe_resource_reference(&own, NULL);
   return true;
}

bool gl_texture_image_write(struct st_context *ctx, const struct gl_texture_image *img,
                            GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type,
                            const uint8_t *pixels, uint64_t pitch)
{
   struct pipe_context *pipe = ctx->pipe;
   struct pipe_box box = { .x = x, .y = y, .z = (int)img->res_layer, .width = w, .height = h,
                           .depth = 1 };
   struct pipe_transfer *xfer;
   uint8_t *map = pipe->transfer_map(pipe, img->res, img->res_level, PIPE_MAP_WRITE, &box, &xfer);
   if (!map)
      return false;
   for (GLsizei j = 0; j < h; j++)
      gl_texture_format_pack(format, type, img->fmt.format, pixels + (uint64_t)j * pitch,
                             map + (uint64_t)j * xfer->stride, (unsigned)w);
   pipe->transfer_unmap(pipe, xfer);
   return true;
}

void gl_texture_blit(struct st_context *ctx, const struct pipe_blit_info *info)
{
   ctx->pipe->blit(ctx->pipe, info);
   gl_framebuffer_changed(ctx);
}

/* Copies img (all of it) to level/layer of dst. */
static void copy_image(struct st_context *ctx, const struct gl_texture_image *img,
                       struct pipe_resource *dst, unsigned level, unsigned layer)
{
   struct pipe_blit_info info = { .filter = PIPE_TEX_FILTER_NEAREST };
   info.dst.resource = dst;
   info.dst.level = level;
   info.dst.layer = layer;
   info.dst.box = (struct pipe_box){ .width = img->width, .height = img->height, .depth = 1 };
   info.src.resource = img->res;
   info.src.level = img->res_level;
   info.src.layer = img->res_layer;
   info.src.box = info.dst.box;
   memcpy(info.swizzle, gl_texture_identity_swizzle, sizeof(info.swizzle));
   gl_texture_blit(ctx, &info);
}

bool gl_texture_finalize(struct st_context *ctx, struct gl_texture *tex, unsigned levels)
{
   bool cube = tex->target == GL_TEXTURE_CUBE_MAP;
   unsigned faces = cube ? 6 : 1;
   const struct gl_texture_image *base = &tex->images[0][0];
   unsigned w = (unsigned)base->width, h = (unsigned)base->height;
   if (!fits(tex->res, cube, 0, w, h, base->fmt.format) || tex->res->last_level + 1 < levels) {
      unsigned chain = chain_levels(w, h);
      struct pipe_resource *tree = create_resource(ctx, cube, base->fmt.format, w, h,
                                                   chain > levels ? chain : levels);
      if (!tree)
         return false;
      pipe_resource_reference(&tex->res, NULL);
      tex->res = tree;
   }
   for (unsigned f = 0; f < faces; f++)
      for (unsigned l = 0; l < levels; l++) {
         struct gl_texture_image *img = &tex->images[f][l];
         if (img->res == tex->res)
            continue;
         copy_image(ctx, img, tex->res, l, cube ? f : 0);
         place(img, tex->res, l, cube ? f : 0);
      }
   return true;
}
