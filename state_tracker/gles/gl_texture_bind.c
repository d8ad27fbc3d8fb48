/* Textures at draw time: completeness (ES 2.0 3.7.10, 3.8.2), the mip tree finalized
 * (gl_texture.h), and a sampler view + sampler state per sampler the shaders use. */
#include "gl_texture.h"

#include <stdlib.h>
#include <string.h>

#include "gl_pipe.h"
#include "glsl_frontend.h"

#define MAX_SAMPLER_SLOTS 16          /* IR sampler indices per stage the driver binds */

struct gl_draw_textures {
   unsigned count[PIPE_SHADER_TYPES];             /* slots bound per stage */
   struct pipe_sampler_view *views[PIPE_SHADER_TYPES][MAX_SAMPLER_SLOTS];
   void *samplers[PIPE_SHADER_TYPES][MAX_SAMPLER_SLOTS];
};

static bool mipmapped(GLenum min_filter)
{
   return min_filter != GL_NEAREST && min_filter != GL_LINEAR;
}

/* Levels a complete texture samples (1 without mipmaps), 0 when incomplete. */
static unsigned complete_levels(const struct gl_texture *tex)
{
   unsigned faces = tex->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
   const struct gl_texture_image *base = &tex->images[0][0];
   GLsizei w = base->width, h = base->height;
   if (w <= 0 || h <= 0)
      return 0;
   /* OES_texture_npot: any size takes mipmaps and every wrap mode; level l is
    * max(1, floor(size / 2^l)). */
   unsigned levels = 1;
   if (mipmapped(tex->min_filter))
      while ((w >> levels) > 0 || (h >> levels) > 0)
         levels++;
   for (unsigned f = 0; f < faces; f++)
      for (unsigned l = 0; l < levels; l++) {
         const struct gl_texture_image *img = &tex->images[f][l];
         GLsizei lw = w >> l > 0 ? w >> l : 1, lh = h >> l > 0 ? h >> l : 1;
         if (img->width != lw || img->height != lh || img->fmt.base != base->fmt.base)
            return 0;
      }
   return levels;
}

static struct pipe_resource *create_resource(struct st_context *ctx, bool cube,
                                             enum pipe_format format, unsigned w, unsigned h,
                                             unsigned levels)
{
   struct pipe_resource templ = {
      .target = cube ? PIPE_TEXTURE_CUBE : PIPE_TEXTURE_2D,
      .format = format,
      .width0 = w, .height0 = h, .depth0 = 1,
      .last_level = levels - 1,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   return ctx->pipe->screen->resource_create(ctx->pipe->screen, &templ);
}

/* The 1x1 (0, 0, 0, 1) texture of the target, created on first use. */
static struct pipe_resource *black_texture(struct st_context *ctx, bool cube)
{
   struct pipe_resource **slot = &ctx->black_textures[cube];
   if (*slot)
      return *slot;
   *slot = create_resource(ctx, cube, PIPE_FORMAT_R8G8B8A8_UNORM, 1, 1, 1);
   static const uint8_t black[4] = { 0, 0, 0, 255 };
   for (unsigned f = 0; *slot && f < (cube ? 6u : 1u); f++) {
      struct pipe_box box = { .z = (int)f, .width = 1, .height = 1, .depth = 1 };
      ctx->pipe->texture_subdata(ctx->pipe, *slot, 0, 0, &box, black, 4, 4);
   }
   return *slot;
}

static enum pipe_tex_wrap pipe_wrap(GLenum wrap)
{
   return wrap == GL_CLAMP_TO_EDGE ? PIPE_TEX_WRAP_CLAMP_TO_EDGE :
          wrap == GL_MIRRORED_REPEAT ? PIPE_TEX_WRAP_MIRROR_REPEAT : PIPE_TEX_WRAP_REPEAT;
}

static enum pipe_tex_filter pipe_filter(GLenum f)
{
   return f == GL_LINEAR || f == GL_LINEAR_MIPMAP_NEAREST || f == GL_LINEAR_MIPMAP_LINEAR ?
          PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
}

static enum pipe_tex_mipfilter pipe_mipfilter(GLenum f)
{
   switch (f) {
   case GL_NEAREST_MIPMAP_NEAREST: case GL_LINEAR_MIPMAP_NEAREST: return PIPE_TEX_MIPFILTER_NEAREST;
   case GL_NEAREST_MIPMAP_LINEAR: case GL_LINEAR_MIPMAP_LINEAR: return PIPE_TEX_MIPFILTER_LINEAR;
   default: return PIPE_TEX_MIPFILTER_NONE;
   }
}

/* Binds the texture of unit `unit` at binding point t (GL_TEXTURE_INDEX_*) at slot of
 * stage. */
static void bind_one(struct st_context *ctx, struct gl_draw_textures *b, unsigned stage,
                     unsigned slot, unsigned unit, unsigned t)
{
   bool cube = t == GL_TEXTURE_INDEX_CUBE;
   struct gl_texture *tex = ctx->texture_units[unit][t];
   if (!tex)
      tex = ctx->default_textures[t];
   unsigned levels = tex ? complete_levels(tex) : 0;
   if (levels && !gl_texture_finalize(ctx, tex, levels))
      levels = 0;
   struct pipe_resource *res = levels ? tex->res : black_texture(ctx, cube);
   if (!res)
      return;
   struct pipe_sampler_state ss = {
      .wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE, .wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .wrap_r = PIPE_TEX_WRAP_CLAMP_TO_EDGE, .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
   };
   if (levels) {
      ss.wrap_s = pipe_wrap(tex->wrap_s);
      ss.wrap_t = pipe_wrap(tex->wrap_t);
      ss.min_img_filter = pipe_filter(tex->min_filter);
      ss.mag_img_filter = pipe_filter(tex->mag_filter);
      ss.min_mip_filter = pipe_mipfilter(tex->min_filter);
      ss.max_lod = (float)(levels - 1);
   }
   static const unsigned identity[4] = { 0, 1, 2, 3 };
   const unsigned *swz = levels ? tex->images[0][0].fmt.swizzle : identity;
   struct pipe_sampler_view templ = {
      .format = res->format, .last_level = levels ? levels - 1 : 0,
      .swizzle_r = swz[0], .swizzle_g = swz[1], .swizzle_b = swz[2], .swizzle_a = swz[3],
   };
   b->views[stage][slot] = ctx->pipe->create_sampler_view(ctx->pipe, res, &templ);
   b->samplers[stage][slot] = ctx->pipe->create_sampler_state(ctx->pipe, &ss);
   if (slot + 1 > b->count[stage])
      b->count[stage] = slot + 1;
}

struct gl_draw_textures *gl_textures_bind(struct st_context *ctx, const struct gl_exe *exe)
{
   struct gl_draw_textures *b = NULL;
   const struct glsl_program *glsl = exe->glsl;
   for (unsigned u = 0; u < glsl->num_uniforms; u++) {
      const struct glsl_uniform_info *info = &glsl->uniforms[u];
      unsigned t = info->gl_type == GL_SAMPLER_2D ? GL_TEXTURE_INDEX_2D :
                   info->gl_type == GL_SAMPLER_CUBE ? GL_TEXTURE_INDEX_CUBE :
                   info->gl_type == GL_SAMPLER_EXTERNAL_OES ? GL_TEXTURE_INDEX_EXTERNAL :
                   GL_TEXTURE_INDEX_COUNT;
      if (t == GL_TEXTURE_INDEX_COUNT)
         continue;
      const int first[PIPE_SHADER_TYPES] = { info->vs_sampler, info->fs_sampler };
      for (int e = 0; e < (info->size > 0 ? info->size : 1); e++) {
         unsigned unit = (unsigned)exe->sampler_units[exe->first_location[u] + (unsigned)e];
         for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
            if (first[s] < 0 || first[s] + e >= MAX_SAMPLER_SLOTS)
               continue;
            if (!b && !(b = calloc(1, sizeof(*b))))
               return NULL;
            bind_one(ctx, b, s, (unsigned)(first[s] + e), unit, t);
         }
      }
   }
   /* A copy that finalized a texture left no framebuffer bound (pipe->blit). */
   if (ctx->dirty & ST_DIRTY_FRAMEBUFFER)
      gl_validate_state(ctx);
   for (unsigned s = 0; b && s < PIPE_SHADER_TYPES; s++) {
      if (!b->count[s])
         continue;
      ctx->pipe->set_sampler_views(ctx->pipe, (enum pipe_shader_type)s, 0, b->count[s],
                                   b->views[s]);
      ctx->pipe->bind_sampler_states(ctx->pipe, (enum pipe_shader_type)s, 0, b->count[s],
                                     b->samplers[s]);
   }
   return b;
}

void gl_textures_release(struct st_context *ctx, struct gl_draw_textures *b)
{
   if (!b)
      return;
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      if (!b->count[s])
         continue;
      ctx->pipe->set_sampler_views(ctx->pipe, (enum pipe_shader_type)s, 0, b->count[s], NULL);
      ctx->pipe->bind_sampler_states(ctx->pipe, (enum pipe_shader_type)s, 0, b->count[s], NULL);
      for (unsigned i = 0; i < b->count[s]; i++) {
         if (b->views[s][i])
            ctx->pipe->sampler_view_destroy(ctx->pipe, b->views[s][i]);
         if (b->samplers[s][i])
            ctx->pipe->delete_sampler_state(ctx->pipe, b->samplers[s][i]);
      }
   }
   free(b);
}
