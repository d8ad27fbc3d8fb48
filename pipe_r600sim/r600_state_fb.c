/* Framebuffer state (CB_COLORn_*, DB_DEPTH_*, window scissor, AA config), surfaces and the
 * sample mask. */
#include <stdio.h>
#include <stdlib.h>

#include "hw/hw_surface.h"
#include "r600_context.h"
#include "r600_regs.h"

/* Bit position of each render target's 4-bit field in CB_TARGET_MASK. */
static const unsigned target_mask_shift[PIPE_MAX_COLOR_BUFS] = {
   CB_TARGET_MASK__TARGET0_ENABLE__shift, CB_TARGET_MASK__TARGET1_ENABLE__shift,
   CB_TARGET_MASK__TARGET2_ENABLE__shift, CB_TARGET_MASK__TARGET3_ENABLE__shift,
   CB_TARGET_MASK__TARGET4_ENABLE__shift, CB_TARGET_MASK__TARGET5_ENABLE__shift,
   CB_TARGET_MASK__TARGET6_ENABLE__shift, CB_TARGET_MASK__TARGET7_ENABLE__shift,
};

static const uint32_t rt_enable[PIPE_MAX_COLOR_BUFS] = {
   CB_SHADER_CONTROL__RT0_ENABLE(1), CB_SHADER_CONTROL__RT1_ENABLE(1),
   CB_SHADER_CONTROL__RT2_ENABLE(1), CB_SHADER_CONTROL__RT3_ENABLE(1),
   CB_SHADER_CONTROL__RT4_ENABLE(1), CB_SHADER_CONTROL__RT5_ENABLE(1),
   CB_SHADER_CONTROL__RT6_ENABLE(1), CB_SHADER_CONTROL__RT7_ENABLE(1),
};

unsigned r600_target_mask_shift(unsigned rt)
{
   return target_mask_shift[rt];
}

/* CB_COLORn_INFO of a colour format. 8_8_8_8 UNORM: byte 0 = R (STD) or B (ALT). The 16-bit
 * formats keep B in the lowest bits (component X): 5_6_5 with STD_REV (X = B, Z = R),
 * 4_4_4_4 and 1_5_5_5 with ALT (X = B, W = A). 8 and 8_8 (GL's LUMINANCE / ALPHA /
 * LUMINANCE_ALPHA textures, drawn into by copies) keep R in X with STD. The CB may take 16-bit-per-channel exports
 * for <= 11-bit unorm channels (EXPORT_NORM). */
static uint32_t cb_color_info(enum pipe_format format)
{
   uint32_t fmt = CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8, swap = CB_COLOR0_INFO__COMP_SWAP__SWAP_STD;
   switch (format) {
   case PIPE_FORMAT_B8G8R8A8_UNORM: swap = CB_COLOR0_INFO__COMP_SWAP__SWAP_ALT; break;
   case PIPE_FORMAT_B5G6R5_UNORM:
      fmt = CB_COLOR0_INFO__FORMAT__COLOR_5_6_5;
      swap = CB_COLOR0_INFO__COMP_SWAP__SWAP_STD_REV;
      break;
   case PIPE_FORMAT_B4G4R4A4_UNORM:
      fmt = CB_COLOR0_INFO__FORMAT__COLOR_4_4_4_4;
      swap = CB_COLOR0_INFO__COMP_SWAP__SWAP_ALT;
      break;
   case PIPE_FORMAT_B5G5R5A1_UNORM:
      fmt = CB_COLOR0_INFO__FORMAT__COLOR_1_5_5_5;
      swap = CB_COLOR0_INFO__COMP_SWAP__SWAP_ALT;
      break;
   case PIPE_FORMAT_R8_UNORM: fmt = CB_COLOR0_INFO__FORMAT__COLOR_8; break;
   case PIPE_FORMAT_R8G8_UNORM: fmt = CB_COLOR0_INFO__FORMAT__COLOR_8_8; break;
   default: break;
   }
   return CB_COLOR0_INFO__FORMAT(fmt) |
          CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
          CB_COLOR0_INFO__NUMBER_TYPE(CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM) |
          CB_COLOR0_INFO__COMP_SWAP(swap) |
          CB_COLOR0_INFO__BLEND_CLAMP(1) |
          CB_COLOR0_INFO__SOURCE_FORMAT(1 /* EXPORT_NORM */);
}

static uint32_t db_depth_format(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_Z16_UNORM: return DB_DEPTH_INFO__FORMAT__DEPTH_16;
   case PIPE_FORMAT_Z24X8_UNORM: return DB_DEPTH_INFO__FORMAT__DEPTH_X8_24;
   case PIPE_FORMAT_Z24_UNORM_S8_UINT: return DB_DEPTH_INFO__FORMAT__DEPTH_8_24;
   default: return DB_DEPTH_INFO__FORMAT__DEPTH_INVALID;
   }
}

/* Byte address of a surface's layer, and its level's geometry. */
static uint64_t surface_va(const struct pipe_surface *surf, const struct r600_texture_level **lvl)
{
   struct r600_resource *res = r600_resource(surf->texture);
   *lvl = &res->level[surf->level];
   return res->bo->va + (*lvl)->offset + (uint64_t)surf->first_layer * (*lvl)->layer_size;
}

/* PITCH_TILE_MAX / SLICE_TILE_MAX count 8-pixel pitch units and 64-pixel tiles, minus 1. */
static unsigned pitch_tile_max(const struct r600_texture_level *lvl)
{
   return lvl->pitch / 8 - 1;
}

static unsigned slice_tile_max(const struct r600_texture_level *lvl)
{
   unsigned tiles = lvl->pitch * lvl->height / 64;
   return tiles ? tiles - 1 : 0;
}

static bool surface_usable(const struct pipe_surface *surf, bool depth)
{
   if (!surf || !surf->texture || surf->texture->target == PIPE_BUFFER)
      return false;
   return depth ? r600_is_depth_format(surf->format) : r600_is_render_format(surf->format);
}

/* The sample count of the bound surfaces (they must agree: a mismatch is refused when
 * binding). */
static unsigned framebuffer_samples(const struct pipe_framebuffer_state *fb)
{
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (fb->cbufs[i])
         return r600_resource(fb->cbufs[i]->texture)->samples;
   }
   return fb->zsbuf ? r600_resource(fb->zsbuf->texture)->samples : 1;
}

/* The R600 sample patterns (docs/r600-hardware-notes.md §3.2): one byte per sample, X offset in the
 * low nibble, Y in the high nibble, signed 1/16 px from the pixel centre; samples 4-7 of 8x in the
 * second word. MAX_SAMPLE_DIST is the largest offset of the pattern. */
static const struct {
   uint32_t lo, hi, max_dist;
} sample_locs[4] = {
   { 0, 0, 0 },
   { 0xC44CC44Cu, 0xC44CC44Cu, 4 },   /* 2x: (-4, 4) (4, -4) */
   { 0xA66A22EEu, 0xA66A22EEu, 6 },   /* 4x: (-2, -2) (2, 2) (-6, 6) (6, -6) */
   { 0x35B3511Fu, 0x7BD79DF9u, 7 },   /* 8x */
};

/* PA_SC_AA_CONFIG and the sample locations: context registers on every chip but the
 * original R600, which has one config register per mode. */
static void emit_msaa(struct r600_context *ctx, struct r600_cs *cb, unsigned samples)
{
   unsigned log2n = samples >= 8 ? 3 : samples >= 4 ? 2 : samples >= 2 ? 1 : 0;
   cs_set_context_reg(cb, REG_PA_SC_AA_CONFIG,
                      PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES(log2n) |
                      PA_SC_AA_CONFIG__MAX_SAMPLE_DIST(sample_locs[log2n].max_dist));
   if (ctx->chip != HW_CHIP_R6XX) {
      cs_set_context_reg(cb, REG_PA_SC_AA_SAMPLE_LOCS_MCTX, sample_locs[log2n].lo);
      cs_set_context_reg(cb, REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1_MCTX, sample_locs[log2n].hi);
   } else if (log2n) {
      static const uint32_t reg[4] = { 0, REG_PA_SC_AA_SAMPLE_LOCS_2S,
                                       REG_PA_SC_AA_SAMPLE_LOCS_4S,
                                       REG_PA_SC_AA_SAMPLE_LOCS_8S_WD0 };
      cs_set_config_reg(cb, reg[log2n], sample_locs[log2n].lo);
      if (log2n == 3)
         cs_set_config_reg(cb, REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1, sample_locs[log2n].hi);
   }
}

/* A surface pipe->clear may fill from its first pixel (r600_clear.c): single-sampled, its
 * level exactly the framebuffer's size (so the clear covers every pixel of the layer) and
 * its layer a whole number of pixels. */
static struct r600_fill_surface fill_surface(const struct pipe_framebuffer_state *fb,
                                             const struct pipe_surface *surf)
{
   struct r600_fill_surface f = { 0 };
   struct r600_resource *res = r600_resource(surf->texture);
   const struct r600_texture_level *lvl;
   uint64_t va = surface_va(surf, &lvl);
   if (res->samples == 1 && surf->width == fb->width && surf->height == fb->height &&
       res->bpp && lvl->layer_size % res->bpp == 0) {
      f.va = va;
      f.size = lvl->layer_size;
      f.bpp = res->bpp;
   }
   return f;
}

static void bake_framebuffer(struct r600_context *ctx)
{
   const struct pipe_framebuffer_state *fb = &ctx->fb;
   struct r600_cs *cb = &ctx->fb_cb;
   r600_cs_reset(cb);

   uint32_t shader_control = rt_enable[0];   /* RT0 is always enabled */
   ctx->fb_target_mask = 0;
   ctx->fill_cb0 = fb->cbufs[0] ? fill_surface(fb, fb->cbufs[0]) : (struct r600_fill_surface){ 0 };
   ctx->fill_zs = fb->zsbuf ? fill_surface(fb, fb->zsbuf) : (struct r600_fill_surface){ 0 };
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++) {
      const struct pipe_surface *surf = i < fb->nr_cbufs ? fb->cbufs[i] : NULL;
      if (!surf) {
         cs_set_context_reg(cb, REG_CB_COLOR0_INFO + i * REG_CB_COLOR0_INFO__stride, 0);
         continue;
      }
      const struct r600_texture_level *lvl;
      uint64_t va = surface_va(surf, &lvl);
      cs_set_context_reg(cb, REG_CB_COLOR0_BASE + i * REG_CB_COLOR0_BASE__stride,
                         CB_COLOR0_BASE__BASE_256B((uint32_t)(va >> 8)));
      cs_set_context_reg(cb, REG_CB_COLOR0_SIZE + i * REG_CB_COLOR0_SIZE__stride,
                         CB_COLOR0_SIZE__PITCH_TILE_MAX(pitch_tile_max(lvl)) |
                         CB_COLOR0_SIZE__SLICE_TILE_MAX(slice_tile_max(lvl)));
      cs_set_context_reg(cb, REG_CB_COLOR0_VIEW + i * REG_CB_COLOR0_VIEW__stride,
                         CB_COLOR0_VIEW__SLICE_START(0) | CB_COLOR0_VIEW__SLICE_MAX(0));
      cs_set_context_reg(cb, REG_CB_COLOR0_INFO + i * REG_CB_COLOR0_INFO__stride,
                         cb_color_info(surf->format));
      /* No CMASK/FMASK. */
      cs_set_context_reg(cb, REG_CB_COLOR0_TILE + i * REG_CB_COLOR0_TILE__stride, 0);
      cs_set_context_reg(cb, REG_CB_COLOR0_FRAG + i * REG_CB_COLOR0_FRAG__stride, 0);
      cs_set_context_reg(cb, REG_CB_COLOR0_MASK + i * REG_CB_COLOR0_MASK__stride, 0);
      shader_control |= rt_enable[i];
      ctx->fb_target_mask |= 0xFu << target_mask_shift[i];
   }
   cs_set_context_reg(cb, REG_CB_SHADER_CONTROL, shader_control);

   ctx->zs_bits = 0;
   if (fb->zsbuf) {
      const struct r600_texture_level *lvl;
      uint64_t va = surface_va(fb->zsbuf, &lvl);
      ctx->zs_bits = fb->zsbuf->format == PIPE_FORMAT_Z16_UNORM ? 16 : 24;
      const struct r600_reg_value regs[] = {
         { REG_DB_DEPTH_SIZE, DB_DEPTH_SIZE__PITCH_TILE_MAX(pitch_tile_max(lvl)) |
                              DB_DEPTH_SIZE__SLICE_TILE_MAX(slice_tile_max(lvl)) },
         { REG_DB_DEPTH_VIEW, DB_DEPTH_VIEW__SLICE_START(0) | DB_DEPTH_VIEW__SLICE_MAX(0) },
         { REG_DB_DEPTH_BASE, (uint32_t)(va >> 8) },
         /* The DB has no linear mode: depth buffers are 1D-tiled (8x8 micro tiles). */
         { REG_DB_DEPTH_INFO, DB_DEPTH_INFO__FORMAT(db_depth_format(fb->zsbuf->format)) |
                              DB_DEPTH_INFO__ARRAY_MODE(DB_DEPTH_INFO__ARRAY_MODE__ARRAY_1D_TILED_THIN1) },
         { REG_DB_HTILE_SURFACE, 0 },
         { REG_DB_PREFETCH_LIMIT, DB_PREFETCH_LIMIT__DEPTH_HEIGHT_TILE_MAX(lvl->height / 8 - 1) },
      };
      cs_set_context_regs(cb, regs, sizeof(regs) / sizeof(regs[0]));
   } else {
      cs_set_context_reg(cb, REG_DB_DEPTH_INFO,
                         DB_DEPTH_INFO__FORMAT(DB_DEPTH_INFO__FORMAT__DEPTH_INVALID));
   }

   const struct r600_reg_value regs[] = {
      { REG_PA_SC_WINDOW_SCISSOR_TL, PA_SC_WINDOW_SCISSOR_TL__TL_X(0) | PA_SC_WINDOW_SCISSOR_TL__TL_Y(0) |
                                     PA_SC_WINDOW_SCISSOR_TL__WINDOW_OFFSET_DISABLE(1) },
      { REG_PA_SC_WINDOW_SCISSOR_BR, PA_SC_WINDOW_SCISSOR_BR__BR_X(fb->width) |
                                     PA_SC_WINDOW_SCISSOR_BR__BR_Y(fb->height) },
   };
   cs_set_context_regs(cb, regs, sizeof(regs) / sizeof(regs[0]));
   emit_msaa(ctx, cb, framebuffer_samples(fb));
}

void r600_release_framebuffer(struct r600_context *ctx)
{
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      pipe_resource_reference(&ctx->fb_res[i], NULL);
   pipe_resource_reference(&ctx->fb_zs_res, NULL);
}

static void r600_set_framebuffer_state(struct pipe_context *pctx,
                                       const struct pipe_framebuffer_state *state)
{
   struct r600_context *ctx = r600_context(pctx);
   r600_release_framebuffer(ctx);
   ctx->fb = *state;
   if (ctx->fb.nr_cbufs > PIPE_MAX_COLOR_BUFS)
      ctx->fb.nr_cbufs = PIPE_MAX_COLOR_BUFS;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++) {
      struct pipe_surface *surf = i < ctx->fb.nr_cbufs ? state->cbufs[i] : NULL;
      if (surf && !surface_usable(surf, false)) {
         fprintf(stderr, "r600sim: colour buffer %u has an unsupported format %d; not bound\n", i,
                 surf->format);
         surf = NULL;
      }
      ctx->fb.cbufs[i] = surf;
      pipe_resource_reference(&ctx->fb_res[i], surf ? surf->texture : NULL);
   }
   if (state->zsbuf && !surface_usable(state->zsbuf, true)) {
      fprintf(stderr, "r600sim: depth buffer has an unsupported format %d; not bound\n",
              state->zsbuf->format);
      ctx->fb.zsbuf = NULL;
   }
   /* Every surface must have the framebuffer's sample count (PA_SC_AA_CONFIG is global),
    * but the single-sampled destination of a resolve (CB_COLOR1, r600_blit.c). */
   unsigned samples = framebuffer_samples(&ctx->fb);
   for (unsigned i = 0; i < ctx->fb.nr_cbufs; i++) {
      if (ctx->cb_resolve && i == 1)
         continue;
      if (ctx->fb.cbufs[i] && r600_resource(ctx->fb.cbufs[i]->texture)->samples != samples) {
         fprintf(stderr, "r600sim: colour buffer %u has another sample count; not bound\n", i);
         ctx->fb.cbufs[i] = NULL;
         pipe_resource_reference(&ctx->fb_res[i], NULL);
      }
   }
   if (ctx->fb.zsbuf && r600_resource(ctx->fb.zsbuf->texture)->samples != samples) {
      fprintf(stderr, "r600sim: depth buffer has another sample count; not bound\n");
      ctx->fb.zsbuf = NULL;
   }
   pipe_resource_reference(&ctx->fb_zs_res, ctx->fb.zsbuf ? ctx->fb.zsbuf->texture : NULL);
   bake_framebuffer(ctx);
   r600_mark_dirty(ctx, R600_ATOM_FRAMEBUFFER);
   r600_mark_dirty(ctx, R600_ATOM_CB_MISC);
   r600_mark_dirty(ctx, R600_ATOM_POLY_OFFSET);
}

/* With dual-source blending the second colour export (PIXEL 1) needs a format: Mesa's r600
 * gives CB_COLOR1_INFO the format of CB_COLOR0 when target 1 is not bound; TARGET1_ENABLE
 * stays 0, so nothing is written there. */
void r600_emit_framebuffer(struct r600_context *ctx)
{
   cs_append(&ctx->cs, &ctx->fb_cb);
   const struct pipe_framebuffer_state *fb = &ctx->fb;
   if (ctx->blend && ctx->blend->dual_src && fb->nr_cbufs && fb->cbufs[0] &&
       (fb->nr_cbufs < 2 || !fb->cbufs[1]))
      cs_set_context_reg(&ctx->cs, REG_CB_COLOR0_INFO + REG_CB_COLOR0_INFO__stride,
                         cb_color_info(fb->cbufs[0]->format));
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++) {
      if (ctx->fb_res[i])
         cs_add_bo(&ctx->cs, r600_resource(ctx->fb_res[i])->bo);
   }
   if (ctx->fb_zs_res)
      cs_add_bo(&ctx->cs, r600_resource(ctx->fb_zs_res)->bo);
}

static void r600_set_sample_mask(struct pipe_context *pctx, unsigned sample_mask)
{
   struct r600_context *ctx = r600_context(pctx);
   ctx->sample_mask = sample_mask;
   r600_mark_dirty(ctx, R600_ATOM_SAMPLE_MASK);
}

/* One byte per pixel of a 2x2 quad, the same mask for each. */
void r600_emit_sample_mask(struct r600_context *ctx)
{
   uint32_t m = ctx->sample_mask & 0xFF;
   cs_set_context_reg(&ctx->cs, REG_PA_SC_AA_MASK, PA_SC_AA_MASK__AA_MASK(m * 0x01010101u));
}

static struct pipe_surface *r600_create_surface(struct pipe_context *pctx, struct pipe_resource *tex,
                                                const struct pipe_surface *templ)
{
   struct r600_resource *res = r600_resource(tex);
   if (tex->target == PIPE_BUFFER || templ->level > tex->last_level ||
       templ->first_layer >= res->num_layers)
      return NULL;
   struct pipe_surface *surf = calloc(1, sizeof(*surf));
   if (!surf)
      return NULL;
   pipe_resource_reference(&surf->texture, tex);
   surf->format = templ->format != PIPE_FORMAT_NONE ? templ->format : tex->format;
   surf->level = templ->level;
   surf->first_layer = templ->first_layer;
   surf->width = hw_surface_dim(tex->width0, templ->level);
   surf->height = hw_surface_dim(tex->height0, templ->level);
   return surf;
}

static void r600_surface_destroy(struct pipe_context *pctx, struct pipe_surface *surf)
{
   pipe_resource_reference(&surf->texture, NULL);
   free(surf);
}

void r600_init_fb_functions(struct r600_context *ctx)
{
   ctx->base.set_framebuffer_state = r600_set_framebuffer_state;
   ctx->base.set_sample_mask = r600_set_sample_mask;
   ctx->base.create_surface = r600_create_surface;
   ctx->base.surface_destroy = r600_surface_destroy;
}
