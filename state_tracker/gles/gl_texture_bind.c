/* Textures at draw time: completeness (ES 2.0 3.7.10, 3.8.2), the driver resource built
 * from the images, and a sampler view + sampler state per sampler the shaders use. */
#include "gl_texture.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"

#define MAX_SAMPLER_SLOTS 16          /* IR sampler indices per stage the driver binds */

struct gl_draw_textures {
   unsigned count[PIPE_SHADER_TYPES];             /* slots bound per stage */
   struct pipe_sampler_view *views[PIPE_SHADER_TYPES][MAX_SAMPLER_SLOTS];
   void *samplers[PIPE_SHADER_TYPES][MAX_SAMPLER_SLOTS];
};

static bool is_pot(GLsizei v) { return (v & (v - 1)) == 0; }

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
   if ((!is_pot(w) || !is_pot(h)) &&
       (mipmapped(tex->min_filter) || tex->wrap_s != GL_CLAMP_TO_EDGE ||
        tex->wrap_t != GL_CLAMP_TO_EDGE))
      return 0;                  /* NPOT rules of ES 2.0 without OES_texture_npot */
   unsigned levels = 1;
   if (mipmapped(tex->min_filter))
      while ((w >> levels) > 0 || (h >> levels) > 0)
         levels++;
   for (unsigned f = 0; f < faces; f++)
      for (unsigned l = 0; l < levels; l++) {
         const struct gl_texture_image *img = &tex->images[f][l];
         GLsizei lw = w >> l > 0 ? w >> l : 1, lh = h >> l > 0 ? h >> l : 1;
         if (img->width != lw || img->height != lh || img->format != base->format)
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

/* How the driver stores a texture whose images are all format/type: the hardware format
 * and the view swizzle (0-3 = its R, G, B, A; 4 = 0; 5 = 1). One-byte channels sampled
 * through swizzles (LUMINANCE -> RRR1, ALPHA -> 000R, LUMINANCE_ALPHA -> RRRG), 5_6_5 as
 * itself; the rest (4_4_4_4, 5_5_5_1, which the driver has no format for) as RGBA8. */
struct storage { enum pipe_format format; unsigned bpp; unsigned swizzle[4]; };

static struct storage storage_of(GLenum format, GLenum type)
{
   if (type == GL_UNSIGNED_SHORT_5_6_5)
      return (struct storage){ PIPE_FORMAT_B5G6R5_UNORM, 2, { 0, 1, 2, 5 } };
   if (type == GL_UNSIGNED_BYTE && format == GL_LUMINANCE)
      return (struct storage){ PIPE_FORMAT_R8_UNORM, 1, { 0, 0, 0, 5 } };
   if (type == GL_UNSIGNED_BYTE && format == GL_ALPHA)
      return (struct storage){ PIPE_FORMAT_R8_UNORM, 1, { 4, 4, 4, 0 } };
   if (type == GL_UNSIGNED_BYTE && format == GL_LUMINANCE_ALPHA)
      return (struct storage){ PIPE_FORMAT_R8G8_UNORM, 2, { 0, 0, 0, 1 } };
   return (struct storage){ PIPE_FORMAT_R8G8B8A8_UNORM, 4, { 0, 1, 2, 3 } };
}

/* An 8-bit channel of the RGBA8 copy back to the n-bit value it was expanded from. */
static unsigned narrow(uint8_t v, unsigned bits)
{
   unsigned max = (1u << bits) - 1;
   return (v * max + 127) / 255;
}

/* The texels of img in the storage format (bpp bytes each, rows packed). */
static void pack(const struct gl_texture_image *img, const struct storage *st, uint8_t *out)
{
   size_t n = (size_t)img->width * (size_t)img->height;
   for (size_t i = 0; i < n; i++) {
      const uint8_t *p = img->rgba + i * 4;
      uint8_t *o = out + i * st->bpp;
      switch (st->format) {
      case PIPE_FORMAT_B5G6R5_UNORM: {
         uint16_t v = (uint16_t)(narrow(p[0], 5) << 11 | narrow(p[1], 6) << 5 | narrow(p[2], 5));
         memcpy(o, &v, 2);
         break;
      }
      case PIPE_FORMAT_R8_UNORM: o[0] = img->format == GL_ALPHA ? p[3] : p[0]; break;
      case PIPE_FORMAT_R8G8_UNORM: o[0] = p[0], o[1] = p[3]; break;
      default: memcpy(o, p, 4); break;
      }
   }
}

/* Uploads the images into a new resource; false when the driver cannot create it. */
static bool build_resource(struct st_context *ctx, struct gl_texture *tex, unsigned levels)
{
   bool cube = tex->target == GL_TEXTURE_CUBE_MAP;
   unsigned faces = cube ? 6 : 1;
   const struct gl_texture_image *base = &tex->images[0][0];
   bool one_type = true;
   for (unsigned f = 0; f < faces; f++)
      for (unsigned l = 0; l < levels; l++)
         one_type &= tex->images[f][l].type == base->type;
   struct storage st = storage_of(base->format, one_type ? base->type : GL_NONE);
   struct pipe_resource *res = create_resource(ctx, cube, st.format, (unsigned)base->width,
                                               (unsigned)base->height, levels);
   uint8_t *texels = malloc((size_t)base->width * (size_t)base->height * st.bpp + 1);
   if (!res || !texels) {
      pipe_resource_reference(&res, NULL);
      free(texels);
      return false;
   }
   for (unsigned f = 0; f < faces; f++)
      for (unsigned l = 0; l < levels; l++) {
         const struct gl_texture_image *img = &tex->images[f][l];
         struct pipe_box box = { .z = (int)f, .width = img->width, .height = img->height,
                                 .depth = 1 };
         pack(img, &st, texels);
         ctx->pipe->texture_subdata(ctx->pipe, res, l, 0, &box, texels,
                                    (unsigned)img->width * st.bpp,
                                    (unsigned)(img->width * img->height) * st.bpp);
      }
   free(texels);
   pipe_resource_reference(&tex->res, NULL);
   tex->res = res;
   tex->res_levels = levels;
   memcpy(tex->res_swizzle, st.swizzle, sizeof(st.swizzle));
   tex->stale = false;
   return true;
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

/* Binds the texture of unit `unit` (cube or 2D) at slot of stage. */
static void bind_one(struct st_context *ctx, struct gl_draw_textures *b, unsigned stage,
                     unsigned slot, unsigned unit, bool cube)
{
   struct gl_texture *tex = ctx->texture_units[unit][cube];
   if (!tex)
      tex = ctx->default_textures[cube];
   unsigned levels = tex ? complete_levels(tex) : 0;
   if (levels && (tex->stale || !tex->res || tex->res_levels != levels) &&
       !build_resource(ctx, tex, levels))
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
   const unsigned *swz = levels ? tex->res_swizzle : identity;
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
      if (info->gl_type != GL_SAMPLER_2D && info->gl_type != GL_SAMPLER_CUBE)
         continue;
      bool cube = info->gl_type == GL_SAMPLER_CUBE;
      const int first[PIPE_SHADER_TYPES] = { info->vs_sampler, info->fs_sampler };
      for (int e = 0; e < (info->size > 0 ? info->size : 1); e++) {
         unsigned unit = (unsigned)exe->sampler_units[exe->first_location[u] + (unsigned)e];
         for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
            if (first[s] < 0 || first[s] + e >= MAX_SAMPLER_SLOTS)
               continue;
            if (!b && !(b = calloc(1, sizeof(*b))))
               return NULL;
            bind_one(ctx, b, s, (unsigned)(first[s] + e), unit, cube);
         }
      }
   }
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
