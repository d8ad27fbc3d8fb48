/* glGenerateMipmap: ES 2.0 3.7.11 checks, then levels 1..n of every face defined from the
 * base level and drawn on the GPU one from the other (Mesa's util_gen_mipmap): level L is a
 * pipe->blit of level L - 1 with bilinear filtering, whose samples at the centres of level
 * L's texels fall halfway between 2x2 texels of level L - 1 (one texel wide: on it), so
 * each texel is the box-filtered average of the texels it covers. */
#include "gl_texture.h"
#include "gl_astc.h"

#include <string.h>

/* A defined base level of any size (OES_texture_npot), and a cube map cube complete (six
 * defined square faces of one size and format). */
static bool can_generate(const struct gl_texture *tex, unsigned faces)
{
   const struct gl_texture_image *base = &tex->images[0][0];
   if (!base->fmt.base || base->width <= 0 || base->height <= 0)
      return false;
   for (unsigned f = 1; f < faces; f++) {
      const struct gl_texture_image *img = &tex->images[f][0];
      if (img->width != base->width || img->height != base->height ||
          img->fmt.base != base->fmt.base || img->fmt.format != base->fmt.format)
         return false;
   }
   return true;
}

static void blit_level(struct st_context *ctx, struct pipe_resource *res, unsigned face,
                       unsigned level)
{
   struct pipe_blit_info info = { .filter = PIPE_TEX_FILTER_LINEAR };
   unsigned layer = res->target == PIPE_TEXTURE_CUBE ? face : 0;
   info.src.resource = info.dst.resource = res;
   info.src.level = level - 1;
   info.dst.level = level;
   info.src.layer = info.dst.layer = layer;
   unsigned w = res->width0, h = res->height0;
   info.src.box = (struct pipe_box){ .width = (int)(w >> (level - 1) ? w >> (level - 1) : 1),
                                     .height = (int)(h >> (level - 1) ? h >> (level - 1) : 1),
                                     .depth = 1 };
   info.dst.box = (struct pipe_box){ .width = (int)(w >> level ? w >> level : 1),
                                     .height = (int)(h >> level ? h >> level : 1), .depth = 1 };
   memcpy(info.swizzle, gl_texture_identity_swizzle, sizeof(info.swizzle));
   gl_texture_blit(ctx, &info);
}

void GL_APIENTRY glGenerateMipmap(GLenum target)
{
   GET_CONTEXT_OR_RETURN();
   if (target != GL_TEXTURE_2D && target != GL_TEXTURE_CUBE_MAP) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   bool cube = target == GL_TEXTURE_CUBE_MAP;
   unsigned faces = cube ? 6 : 1;
   struct gl_texture *tex = gl_texture_bound(ctx, cube ? GL_TEXTURE_INDEX_CUBE : GL_TEXTURE_INDEX_2D,
                                             __func__);
   if (!tex)
      return;
   if (!can_generate(tex, faces) || gl_astc_format(tex->images[0][0].fmt.base)) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   const struct gl_texture_image *base = &tex->images[0][0];
   const struct gl_texture_format fmt = base->fmt;
   unsigned w = (unsigned)base->width, h = (unsigned)base->height, levels = 1;
   while ((w >> levels) > 0 || (h >> levels) > 0)
      levels++;
   /* The base level in a tree of the full chain; the new levels are defined in it. */
   if (!gl_texture_finalize(ctx, tex, 1)) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   for (unsigned f = 0; f < faces; f++)
      for (unsigned l = 1; l < levels; l++)
         if (!gl_texture_image_define(ctx, tex, f, l, (GLsizei)(w >> l ? w >> l : 1),
                                      (GLsizei)(h >> l ? h >> l : 1), &fmt)) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
         }
   if (!gl_texture_finalize(ctx, tex, levels)) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   for (unsigned f = 0; f < faces; f++)
      for (unsigned l = 1; l < levels; l++)
         blit_level(ctx, tex->res, f, l);
}
