/* Sampler CSOs (SQ_TEX_SAMPLER_WORD0..2) and sampler views (SQ_TEX_RESOURCE_WORD0..6),
 * emitted per stage with SET_SAMPLER (PS slot t, VS slot 18 + t) and SET_RESOURCE
 * (stage-relative id 16 + t). 2D and cube textures of sampler_formats, LINEAR_ALIGNED (depth
 * formats 1D_TILED_THIN1). */
#include <math.h>
#include <stdlib.h>

#include "hw/hw_surface.h"
#include "r600_context.h"
#include "r600_regs.h"

static uint32_t wrap_mode(enum pipe_tex_wrap w)
{
   switch (w) {
   case PIPE_TEX_WRAP_REPEAT: return SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP;
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE: return SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_LAST_TEXEL;
   case PIPE_TEX_WRAP_MIRROR_REPEAT: return SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR;
   }
   return SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP;
}

static uint32_t xy_filter(enum pipe_tex_filter f)
{
   return f == PIPE_TEX_FILTER_LINEAR ? SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_BILINEAR :
                                        SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_POINT;
}

static uint32_t mip_filter(enum pipe_tex_mipfilter f)
{
   switch (f) {
   case PIPE_TEX_MIPFILTER_NEAREST: return SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_POINT;
   case PIPE_TEX_MIPFILTER_LINEAR: return SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_LINEAR;
   case PIPE_TEX_MIPFILTER_NONE: return SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE;
   }
   return SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE;
}

/* LOD fixed point: MIN/MAX_LOD unsigned 4.6 in [0, 15], LOD_BIAS signed 6.6 in [-16, 16]. */
static uint32_t lod_4_6(float lod)
{
   float v = fminf(fmaxf(lod, 0.0f), 15.0f);
   return (uint32_t)(v * 64.0f);
}

static uint32_t lod_bias_6_6(float bias)
{
   float v = fminf(fmaxf(bias, -16.0f), 16.0f);
   return (uint32_t)(int32_t)(v * 64.0f);
}

static void *r600_create_sampler_state(struct pipe_context *pctx, const struct pipe_sampler_state *t)
{
   struct r600_sampler_state *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   s->words[0] = SQ_TEX_SAMPLER_WORD0__CLAMP_X(wrap_mode(t->wrap_s)) |
                 SQ_TEX_SAMPLER_WORD0__CLAMP_Y(wrap_mode(t->wrap_t)) |
                 SQ_TEX_SAMPLER_WORD0__CLAMP_Z(wrap_mode(t->wrap_r)) |
                 SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER(xy_filter(t->mag_img_filter)) |
                 SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER(xy_filter(t->min_img_filter)) |
                 SQ_TEX_SAMPLER_WORD0__MIP_FILTER(mip_filter(t->min_mip_filter)) |
                 SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE(
                    SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE__SQ_TEX_BORDER_COLOR_TRANS_BLACK);
   s->words[1] = SQ_TEX_SAMPLER_WORD1__MIN_LOD(lod_4_6(t->min_lod)) |
                 SQ_TEX_SAMPLER_WORD1__MAX_LOD(lod_4_6(t->max_lod)) |
                 SQ_TEX_SAMPLER_WORD1__LOD_BIAS(lod_bias_6_6(t->lod_bias));
   s->words[2] = SQ_TEX_SAMPLER_WORD2__TYPE(1);
   return s;
}

static void r600_delete_sampler_state(struct pipe_context *pctx, void *state)
{
   free(state);
}

static void mark_textures_dirty(struct r600_context *ctx, enum pipe_shader_type stage)
{
   r600_mark_dirty(ctx, stage == PIPE_SHADER_VERTEX ? R600_ATOM_TEXTURES_VS : R600_ATOM_TEXTURES_PS);
}

static void r600_bind_sampler_states(struct pipe_context *pctx, enum pipe_shader_type stage,
                                     unsigned start, unsigned count, void **samplers)
{
   struct r600_context *ctx = r600_context(pctx);
   if (stage >= PIPE_SHADER_TYPES)
      return;
   for (unsigned i = 0; i < count && start + i < R600_MAX_TEXTURE_UNITS; i++)
      ctx->samplers[stage][start + i] = samplers ? samplers[i] : NULL;
   mark_textures_dirty(ctx, stage);
}

/* Texture formats: DATA_FORMAT, the component (SQ_SEL_X..W, or constant 0 / 1) holding R,
 * G, B and A of the texel, and FORCE_DEGAMMA for sRGB; the packed formats keep their
 * first-named field in X. Depth formats are sampled where the DB wrote them (1D tiled,
 * hw/hw_surface.h): depth in R (FMT_8_24 has the stencil in Y, not exposed). The DXT formats
 * are the BC1..BC3 blocks; DXT1 RGB reads BC1's transparent black as opaque. Float data
 * formats ignore NUM_FORMAT_ALL and FORMAT_COMP (docs/r600-hardware-notes.md). */
#define SEL(c) SQ_TEX_RESOURCE_WORD4__DST_SEL_X__SQ_SEL_##c
#define DATA(f) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##f
static const struct sampler_format {
   enum pipe_format format;
   uint32_t data_format;
   uint32_t sel[4];
   bool srgb;
} sampler_formats[] = {
   { PIPE_FORMAT_R8G8B8A8_UNORM, DATA(8_8_8_8), { SEL(X), SEL(Y), SEL(Z), SEL(W) } },
   { PIPE_FORMAT_B8G8R8A8_UNORM, DATA(8_8_8_8), { SEL(Z), SEL(Y), SEL(X), SEL(W) } },
   { PIPE_FORMAT_R8_UNORM, DATA(8), { SEL(X), SEL(0), SEL(0), SEL(1) } },
   { PIPE_FORMAT_R8G8_UNORM, DATA(8_8), { SEL(X), SEL(Y), SEL(0), SEL(1) } },
   { PIPE_FORMAT_B5G6R5_UNORM, DATA(5_6_5), { SEL(Z), SEL(Y), SEL(X), SEL(1) } },
   { PIPE_FORMAT_B4G4R4A4_UNORM, DATA(4_4_4_4), { SEL(Z), SEL(Y), SEL(X), SEL(W) } },
   { PIPE_FORMAT_B5G5R5A1_UNORM, DATA(1_5_5_5), { SEL(Z), SEL(Y), SEL(X), SEL(W) } },
   { PIPE_FORMAT_R8G8B8A8_SRGB, DATA(8_8_8_8), { SEL(X), SEL(Y), SEL(Z), SEL(W) }, true },
   { PIPE_FORMAT_R10G10B10A2_UNORM, DATA(2_10_10_10), { SEL(X), SEL(Y), SEL(Z), SEL(W) } },
   { PIPE_FORMAT_R32_FLOAT, DATA(32_FLOAT), { SEL(X), SEL(0), SEL(0), SEL(1) } },
   { PIPE_FORMAT_R32G32_FLOAT, DATA(32_32_FLOAT), { SEL(X), SEL(Y), SEL(0), SEL(1) } },
   { PIPE_FORMAT_R32G32B32_FLOAT, DATA(32_32_32_FLOAT), { SEL(X), SEL(Y), SEL(Z), SEL(1) } },
   { PIPE_FORMAT_R32G32B32A32_FLOAT, DATA(32_32_32_32_FLOAT), { SEL(X), SEL(Y), SEL(Z), SEL(W) } },
   { PIPE_FORMAT_R16_FLOAT, DATA(16_FLOAT), { SEL(X), SEL(0), SEL(0), SEL(1) } },
   { PIPE_FORMAT_R16G16_FLOAT, DATA(16_16_FLOAT), { SEL(X), SEL(Y), SEL(0), SEL(1) } },
   { PIPE_FORMAT_R16G16B16_FLOAT, DATA(16_16_16_FLOAT), { SEL(X), SEL(Y), SEL(Z), SEL(1) } },
   { PIPE_FORMAT_R16G16B16A16_FLOAT, DATA(16_16_16_16_FLOAT), { SEL(X), SEL(Y), SEL(Z), SEL(W) } },
   { PIPE_FORMAT_Z16_UNORM, DATA(16), { SEL(X), SEL(0), SEL(0), SEL(1) } },
   { PIPE_FORMAT_Z24X8_UNORM, DATA(8_24), { SEL(X), SEL(0), SEL(0), SEL(1) } },
   { PIPE_FORMAT_Z24_UNORM_S8_UINT, DATA(8_24), { SEL(X), SEL(0), SEL(0), SEL(1) } },
   { PIPE_FORMAT_DXT1_RGB, DATA(BC1), { SEL(X), SEL(Y), SEL(Z), SEL(1) } },
   { PIPE_FORMAT_DXT1_RGBA, DATA(BC1), { SEL(X), SEL(Y), SEL(Z), SEL(W) } },
   { PIPE_FORMAT_DXT3_RGBA, DATA(BC2), { SEL(X), SEL(Y), SEL(Z), SEL(W) } },
   { PIPE_FORMAT_DXT5_RGBA, DATA(BC3), { SEL(X), SEL(Y), SEL(Z), SEL(W) } },
};

static const struct sampler_format *sampler_format(enum pipe_format f)
{
   for (unsigned i = 0; i < sizeof(sampler_formats) / sizeof(sampler_formats[0]); i++)
      if (sampler_formats[i].format == f)
         return &sampler_formats[i];
   return NULL;
}

bool r600_is_sampler_format(enum pipe_format f)
{
   return sampler_format(f) != NULL;
}

/* DST_SEL of a view swizzle (0-3 = R,G,B,A of the texel, 4 = 0, 5 = 1). */
static uint32_t dst_sel(unsigned swizzle, const struct sampler_format *fmt)
{
   if (swizzle < 4)
      return fmt->sel[swizzle];
   return swizzle == 4 ? SEL(0) : SEL(1);
}
#undef SEL
#undef DATA

static struct pipe_sampler_view *r600_create_sampler_view(struct pipe_context *pctx,
                                                          struct pipe_resource *tex,
                                                          const struct pipe_sampler_view *templ)
{
   struct r600_resource *res = r600_resource(tex);
   const struct sampler_format *fmt = sampler_format(tex->format);
   if (tex->target == PIPE_BUFFER || !fmt || templ->first_level > tex->last_level)
      return NULL;
   struct r600_sampler_view *view = calloc(1, sizeof(*view));
   if (!view)
      return NULL;
   view->base = *templ;
   view->base.texture = NULL;
   pipe_resource_reference(&view->base.texture, tex);
   view->base.format = tex->format;
   unsigned last_level = templ->last_level > tex->last_level ? tex->last_level : templ->last_level;
   if (last_level < templ->first_level)
      last_level = templ->first_level;

   const struct r600_texture_level *base = &res->level[templ->first_level];
   const struct r600_texture_level *mip = &res->level[templ->first_level < last_level ?
                                                     templ->first_level + 1 : templ->first_level];
   unsigned w = hw_surface_dim(tex->width0, templ->first_level);
   unsigned h = hw_surface_dim(tex->height0, templ->first_level);
   unsigned pitch = base->pitch * pipe_format_block_width(tex->format);   /* texels */
   uint32_t tile = r600_is_depth_format(tex->format) ? CB_COLOR0_INFO__ARRAY_MODE__ARRAY_1D_TILED_THIN1
                                                     : CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED;
   uint32_t dim = tex->target == PIPE_TEXTURE_CUBE ? SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_CUBEMAP :
                                                     SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_2D;
   view->words[0] = SQ_TEX_RESOURCE_WORD0__DIM(dim) |
                    SQ_TEX_RESOURCE_WORD0__TILE_MODE(tile) |
                    SQ_TEX_RESOURCE_WORD0__PITCH(pitch / 8 - 1) |
                    SQ_TEX_RESOURCE_WORD0__TEX_WIDTH(w - 1);
   view->words[1] = SQ_TEX_RESOURCE_WORD1__TEX_HEIGHT(h - 1) |
                    SQ_TEX_RESOURCE_WORD1__TEX_DEPTH(0) |
                    SQ_TEX_RESOURCE_WORD1__DATA_FORMAT(fmt->data_format);
   view->words[2] = SQ_TEX_RESOURCE_WORD2__BASE_ADDRESS((uint32_t)((res->bo->va + base->offset) >> 8));
   view->words[3] = SQ_TEX_RESOURCE_WORD3__MIP_ADDRESS((uint32_t)((res->bo->va + mip->offset) >> 8));
   view->words[4] = SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_X(SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_X__SQ_FORMAT_COMP_UNSIGNED) |
                    SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_Y(SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_Y__SQ_FORMAT_COMP_UNSIGNED) |
                    SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_Z(SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_Z__SQ_FORMAT_COMP_UNSIGNED) |
                    SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_W(SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_W__SQ_FORMAT_COMP_UNSIGNED) |
                    SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL(SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_NORM) |
                    SQ_TEX_RESOURCE_WORD4__ENDIAN_SWAP(SQ_TEX_RESOURCE_WORD4__ENDIAN_SWAP__SQ_ENDIAN_NONE) |
                    SQ_TEX_RESOURCE_WORD4__REQUEST_SIZE(1) |
                    SQ_TEX_RESOURCE_WORD4__DST_SEL_X(dst_sel(templ->swizzle_r, fmt)) |
                    SQ_TEX_RESOURCE_WORD4__DST_SEL_Y(dst_sel(templ->swizzle_g, fmt)) |
                    SQ_TEX_RESOURCE_WORD4__DST_SEL_Z(dst_sel(templ->swizzle_b, fmt)) |
                    SQ_TEX_RESOURCE_WORD4__DST_SEL_W(dst_sel(templ->swizzle_a, fmt)) |
                    SQ_TEX_RESOURCE_WORD4__FORCE_DEGAMMA(fmt->srgb) |
                    SQ_TEX_RESOURCE_WORD4__BASE_LEVEL(0);
   view->words[5] = SQ_TEX_RESOURCE_WORD5__LAST_LEVEL(last_level - templ->first_level) |
                    SQ_TEX_RESOURCE_WORD5__BASE_ARRAY(0) | SQ_TEX_RESOURCE_WORD5__LAST_ARRAY(0);
   view->words[6] = SQ_TEX_RESOURCE_WORD6__TYPE(SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE);
   return &view->base;
}

static void r600_sampler_view_destroy(struct pipe_context *pctx, struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   free(view);
}

static void r600_set_sampler_views(struct pipe_context *pctx, enum pipe_shader_type stage,
                                   unsigned start, unsigned count, struct pipe_sampler_view **views)
{
   struct r600_context *ctx = r600_context(pctx);
   if (stage >= PIPE_SHADER_TYPES)
      return;
   for (unsigned i = 0; i < count && start + i < R600_MAX_TEXTURE_UNITS; i++)
      ctx->views[stage][start + i] = views ? views[i] : NULL;
   mark_textures_dirty(ctx, stage);
}

static void emit_textures(struct r600_context *ctx, enum pipe_shader_type stage)
{
   unsigned res_base = stage == PIPE_SHADER_VERTEX ? R600_VS_RESOURCE_BASE : R600_PS_RESOURCE_BASE;
   unsigned samp_base = stage == PIPE_SHADER_VERTEX ? R600_VS_SAMPLER_BASE : R600_PS_SAMPLER_BASE;
   for (unsigned t = 0; t < R600_MAX_TEXTURE_UNITS; t++) {
      struct r600_sampler_view *view = (struct r600_sampler_view *)ctx->views[stage][t];
      struct r600_sampler_state *samp = ctx->samplers[stage][t];
      if (!view || !samp)
         continue;
      cs_add_bo(&ctx->cs, r600_resource(view->base.texture)->bo);
      cs_set_resource(&ctx->cs, res_base + R600_TEXTURE_RESOURCE_ID(t), view->words);
      cs_set_sampler(&ctx->cs, samp_base + t, samp->words);
   }
}

void r600_emit_textures_vs(struct r600_context *ctx)
{
   emit_textures(ctx, PIPE_SHADER_VERTEX);
}

void r600_emit_textures_ps(struct r600_context *ctx)
{
   emit_textures(ctx, PIPE_SHADER_FRAGMENT);
   r600_emit_fb_fetch(ctx);
}

void r600_init_sampler_functions(struct r600_context *ctx)
{
   ctx->base.create_sampler_state = r600_create_sampler_state;
   ctx->base.bind_sampler_states = r600_bind_sampler_states;
   ctx->base.delete_sampler_state = r600_delete_sampler_state;
   ctx->base.create_sampler_view = r600_create_sampler_view;
   ctx->base.sampler_view_destroy = r600_sampler_view_destroy;
   ctx->base.set_sampler_views = r600_set_sampler_views;
}
