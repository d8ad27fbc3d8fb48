/* Rasterizer CSO: PA (setup, scan converter, clipper) and SPI interpolation controls. */
#include <stdlib.h>

#include "r600_context.h"
#include "r600_regs.h"

/* Point sizes and line widths are programmed as HALF the GL size in unsigned 12.4. */
static uint32_t half_size_12_4(float size)
{
   if (!(size > 0.0f))
      return 0;
   float v = size * 0.5f * 16.0f;
   return v >= 65535.0f ? 0xFFFF : (uint32_t)v;
}

static void *r600_create_rs_state(struct pipe_context *pctx, const struct pipe_rasterizer_state *t)
{
   struct r600_context *ctx = r600_context(pctx);
   struct r600_rasterizer_state *rs = calloc(1, sizeof(*rs));
   if (!rs)
      return NULL;
   bool r7xx = ctx->chip == HW_CHIP_R7XX;

   rs->pa_su_sc_mode_cntl =
      PA_SU_SC_MODE_CNTL__CULL_FRONT((t->cull_face & PIPE_FACE_FRONT) != 0) |
      PA_SU_SC_MODE_CNTL__CULL_BACK((t->cull_face & PIPE_FACE_BACK) != 0) |
      /* FACE = 1: a negative (clockwise) cross product is front-facing. */
      PA_SU_SC_MODE_CNTL__FACE(!t->front_ccw) |
      PA_SU_SC_MODE_CNTL__POLY_OFFSET_FRONT_ENABLE(t->offset_tri) |
      PA_SU_SC_MODE_CNTL__POLY_OFFSET_BACK_ENABLE(t->offset_tri) |
      PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(t->flatshade_first ?
         PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST__X_FIRST_VTX :
         PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST__X_LAST_VTX);

   uint32_t clip_cntl = PA_CL_CLIP_CNTL__DX_LINEAR_ATTR_CLIP_ENA(1) |
                        PA_CL_CLIP_CNTL__DX_CLIP_SPACE_DEF(t->clip_halfz) |
                        PA_CL_CLIP_CNTL__ZCLIP_NEAR_DISABLE(!t->depth_clip) |
                        PA_CL_CLIP_CNTL__ZCLIP_FAR_DISABLE(!t->depth_clip);
   /* Rasterizer discard: a clipper kill on R7xx, SX_MISC.MULTIPASS on R6xx. */
   if (r7xx)
      clip_cntl |= PA_CL_CLIP_CNTL__DX_RASTERIZATION_KILL(t->rasterizer_discard);

   /* Pixel centres at .5, round to even, 1/256-pixel vertex grid (the AMD default). */
   uint32_t vtx_cntl =
      PA_SU_VTX_CNTL__PIX_CENTER(t->half_pixel_center ? PA_SU_VTX_CNTL__PIX_CENTER__X_PIXEL_CENTER_0_5 :
                                                        PA_SU_VTX_CNTL__PIX_CENTER__X_PIXEL_CENTER_0_0) |
      PA_SU_VTX_CNTL__ROUND_MODE(PA_SU_VTX_CNTL__ROUND_MODE__X_ROUND_TO_EVEN) |
      PA_SU_VTX_CNTL__QUANT_MODE(PA_SU_VTX_CNTL__QUANT_MODE__X_1_256TH);

   uint32_t psize = half_size_12_4(t->point_size);
   /* Per-vertex sizes are clamped to the range the screen reports: [1, R600_MAX_POINT_SIZE]. */
   uint32_t min_size = t->point_size_per_vertex ? half_size_12_4(1.0f) : psize;
   uint32_t max_size = t->point_size_per_vertex ? half_size_12_4(R600_MAX_POINT_SIZE) : psize;

   /* MSAA_ENABLE only matters with a multi-sampled framebuffer (PA_SC_AA_CONFIG); off,
    * every sample of such a framebuffer is taken at the pixel centre. */
   uint32_t sc_mode_cntl = PA_SC_MODE_CNTL__FORCE_EOV_CNTDWN_ENABLE(1) |
                           PA_SC_MODE_CNTL__MSAA_ENABLE(t->multisample);
   if (r7xx)
      sc_mode_cntl |= PA_SC_MODE_CNTL__FORCE_EOV_REZ_ENABLE(1) |
                      PA_SC_MODE_CNTL__R700_ZMM_LINE_OFFSET(1) |
                      PA_SC_MODE_CNTL__R700_VPORT_SCISSOR_ENABLE(1);
   else
      sc_mode_cntl |= PA_SC_MODE_CNTL__WALK_ALIGN8_PRIM_FITS_ST(1);

   /* gl_PointCoord: S across, T down from the top (GL's upper-left sprite origin). */
   uint32_t interp = SPI_INTERP_CONTROL_0__FLAT_SHADE_ENA(1);
   if (t->sprite_coord_enable)
      interp |= SPI_INTERP_CONTROL_0__PNT_SPRITE_ENA(1) |
                SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X(SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_S) |
                SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Y(SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Y__SPI_PNT_SPRITE_SEL_T) |
                SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Z(SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Z__SPI_PNT_SPRITE_SEL_0) |
                SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_W(SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_W__SPI_PNT_SPRITE_SEL_1) |
                SPI_INTERP_CONTROL_0__PNT_SPRITE_TOP_1(0);

   const struct r600_reg_value regs[] = {
      { REG_SX_MISC, SX_MISC__MULTIPASS(!r7xx && t->rasterizer_discard) },
      { REG_SPI_INTERP_CONTROL_0, interp },
      { REG_PA_CL_CLIP_CNTL, clip_cntl },
      { REG_PA_SU_SC_MODE_CNTL, rs->pa_su_sc_mode_cntl },
      { REG_PA_SU_POINT_SIZE, PA_SU_POINT_SIZE__HEIGHT(psize) | PA_SU_POINT_SIZE__WIDTH(psize) },
      { REG_PA_SU_POINT_MINMAX, PA_SU_POINT_MINMAX__MIN_SIZE(min_size) |
                                PA_SU_POINT_MINMAX__MAX_SIZE(max_size) },
      { REG_PA_SU_LINE_CNTL, PA_SU_LINE_CNTL__WIDTH(half_size_12_4(t->line_width)) },
      { REG_PA_SC_MODE_CNTL, sc_mode_cntl },
      { REG_PA_SC_LINE_CNTL, PA_SC_LINE_CNTL__LAST_PIXEL(1) },
      { REG_PA_SU_VTX_CNTL, vtx_cntl },
   };
   r600_cs_init(&rs->cb);
   cs_set_context_regs(&rs->cb, regs, sizeof(regs) / sizeof(regs[0]));
   if (rs->cb.failed) {
      r600_cs_fini(&rs->cb);
      free(rs);
      return NULL;
   }
   rs->scissor = t->scissor;
   rs->offset_tri = t->offset_tri;
   rs->offset_units = t->offset_units;
   rs->offset_scale = t->offset_scale;
   rs->offset_clamp = t->offset_clamp;
   /* PA_CL_VS_OUT_CNTL.CLIP_DIST_ENA_n, with the vertex shader (r600_emit_clip_misc) */
   rs->clip_plane_enable = t->clip_plane_enable & 0xFF;
   return rs;
}

static void r600_bind_rs_state(struct pipe_context *pctx, void *state)
{
   struct r600_context *ctx = r600_context(pctx);
   ctx->rs = state;
   r600_mark_dirty(ctx, R600_ATOM_RASTERIZER);
   r600_mark_dirty(ctx, R600_ATOM_POLY_OFFSET);
   r600_mark_dirty(ctx, R600_ATOM_SCISSOR);
   r600_mark_dirty(ctx, R600_ATOM_CLIP_MISC);
}

static void r600_delete_rs_state(struct pipe_context *pctx, void *state)
{
   struct r600_rasterizer_state *rs = state;
   r600_cs_fini(&rs->cb);
   free(rs);
}

void r600_emit_rasterizer(struct r600_context *ctx)
{
   if (ctx->rs)
      cs_append(&ctx->cs, &ctx->rs->cb);
}

/* Polygon offset: scale x16; units x2 for 24-bit and x4 for 16-bit depth buffers. */
void r600_emit_poly_offset(struct r600_context *ctx)
{
   struct r600_rasterizer_state *rs = ctx->rs;
   if (!rs)
      return;
   int bits = ctx->zs_bits ? ctx->zs_bits : 24;
   float units = rs->offset_tri ? rs->offset_units * (bits == 16 ? 4.0f : 2.0f) : 0.0f;
   float scale = rs->offset_tri ? rs->offset_scale * 16.0f : 0.0f;
   float clamp = rs->offset_tri ? rs->offset_clamp : 0.0f;
   int neg_bits = -bits;
   const struct r600_reg_value regs[] = {
      { REG_PA_SU_POLY_OFFSET_DB_FMT_CNTL,
        PA_SU_POLY_OFFSET_DB_FMT_CNTL__POLY_OFFSET_NEG_NUM_DB_BITS((uint32_t)neg_bits) },
      { REG_PA_SU_POLY_OFFSET_CLAMP, cs_fui(clamp) },
      { REG_PA_SU_POLY_OFFSET_FRONT_SCALE, cs_fui(scale) },
      { REG_PA_SU_POLY_OFFSET_FRONT_OFFSET, cs_fui(units) },
      { REG_PA_SU_POLY_OFFSET_BACK_SCALE, cs_fui(scale) },
      { REG_PA_SU_POLY_OFFSET_BACK_OFFSET, cs_fui(units) },
   };
   cs_set_context_regs(&ctx->cs, regs, sizeof(regs) / sizeof(regs[0]));
}

void r600_init_rasterizer_functions(struct r600_context *ctx)
{
   ctx->base.create_rasterizer_state = r600_create_rs_state;
   ctx->base.bind_rasterizer_state = r600_bind_rs_state;
   ctx->base.delete_rasterizer_state = r600_delete_rs_state;
}
