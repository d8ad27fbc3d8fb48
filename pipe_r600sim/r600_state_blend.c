/* Blend CSO (CB blend controls), the colour-control/target-mask atom and the blend colour. */
#include <stdlib.h>

#include "r600_context.h"
#include "r600_regs.h"

/* The factor and function codes are the same in every CB_BLEND*_CONTROL field. */
static uint32_t blend_factor(enum pipe_blendfactor f)
{
   switch (f) {
   case PIPE_BLENDFACTOR_ZERO: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ZERO;
   case PIPE_BLENDFACTOR_ONE: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ONE;
   case PIPE_BLENDFACTOR_SRC_COLOR: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_SRC_COLOR;
   case PIPE_BLENDFACTOR_INV_SRC_COLOR: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_SRC_COLOR;
   case PIPE_BLENDFACTOR_SRC_ALPHA: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_SRC_ALPHA;
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_SRC_ALPHA;
   case PIPE_BLENDFACTOR_DST_ALPHA: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_DST_ALPHA;
   case PIPE_BLENDFACTOR_INV_DST_ALPHA: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_DST_ALPHA;
   case PIPE_BLENDFACTOR_DST_COLOR: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_DST_COLOR;
   case PIPE_BLENDFACTOR_INV_DST_COLOR: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_DST_COLOR;
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_SRC_ALPHA_SATURATE;
   case PIPE_BLENDFACTOR_CONST_COLOR: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_CONST_COLOR;
   case PIPE_BLENDFACTOR_INV_CONST_COLOR: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_CONST_COLOR;
   case PIPE_BLENDFACTOR_CONST_ALPHA: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_CONST_ALPHA;
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_CONST_ALPHA;
   case PIPE_BLENDFACTOR_SRC1_COLOR: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_SRC1_COLOR;
   case PIPE_BLENDFACTOR_INV_SRC1_COLOR: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_INV_SRC1_COLOR;
   case PIPE_BLENDFACTOR_SRC1_ALPHA: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_SRC1_ALPHA;
   case PIPE_BLENDFACTOR_INV_SRC1_ALPHA: return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_INV_SRC1_ALPHA;
   }
   return CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ONE;
}

static uint32_t blend_func(enum pipe_blend_func f)
{
   switch (f) {
   case PIPE_BLEND_ADD: return CB_BLEND0_CONTROL__COLOR_COMB_FCN__COMB_DST_PLUS_SRC;
   case PIPE_BLEND_SUBTRACT: return CB_BLEND0_CONTROL__COLOR_COMB_FCN__COMB_SRC_MINUS_DST;
   case PIPE_BLEND_REVERSE_SUBTRACT: return CB_BLEND0_CONTROL__COLOR_COMB_FCN__COMB_DST_MINUS_SRC;
   case PIPE_BLEND_MIN: return CB_BLEND0_CONTROL__COLOR_COMB_FCN__COMB_MIN_DST_SRC;
   case PIPE_BLEND_MAX: return CB_BLEND0_CONTROL__COLOR_COMB_FCN__COMB_MAX_DST_SRC;
   }
   return CB_BLEND0_CONTROL__COLOR_COMB_FCN__COMB_DST_PLUS_SRC;
}

static bool is_min_max(enum pipe_blend_func f)
{
   return f == PIPE_BLEND_MIN || f == PIPE_BLEND_MAX;
}

static bool is_src1(enum pipe_blendfactor f)
{
   return f == PIPE_BLENDFACTOR_SRC1_COLOR || f == PIPE_BLENDFACTOR_INV_SRC1_COLOR ||
          f == PIPE_BLENDFACTOR_SRC1_ALPHA || f == PIPE_BLENDFACTOR_INV_SRC1_ALPHA;
}

/* Target 0 blends with a second source (PIXEL export 1). */
static bool uses_dual_source(const struct pipe_rt_blend_state *rt)
{
   return rt->blend_enable && (is_src1(rt->rgb_src_factor) || is_src1(rt->rgb_dst_factor) ||
                               is_src1(rt->alpha_src_factor) || is_src1(rt->alpha_dst_factor));
}

/* One render target's CB_BLENDn_CONTROL (the layout of CB_BLEND_CONTROL too). */
static uint32_t blend_control(const struct pipe_rt_blend_state *rt)
{
   if (!rt->blend_enable)
      return CB_BLEND0_CONTROL__COLOR_SRCBLEND(CB_BLEND0_CONTROL__COLOR_SRCBLEND__BLEND_ONE) |
             CB_BLEND0_CONTROL__COLOR_DESTBLEND(CB_BLEND0_CONTROL__COLOR_DESTBLEND__BLEND_ZERO);
   /* GL MIN/MAX ignore the factors: program ONE, ONE. */
   enum pipe_blendfactor rgb_src = is_min_max(rt->rgb_func) ? PIPE_BLENDFACTOR_ONE : rt->rgb_src_factor;
   enum pipe_blendfactor rgb_dst = is_min_max(rt->rgb_func) ? PIPE_BLENDFACTOR_ONE : rt->rgb_dst_factor;
   enum pipe_blendfactor a_src = is_min_max(rt->alpha_func) ? PIPE_BLENDFACTOR_ONE : rt->alpha_src_factor;
   enum pipe_blendfactor a_dst = is_min_max(rt->alpha_func) ? PIPE_BLENDFACTOR_ONE : rt->alpha_dst_factor;
   uint32_t v = CB_BLEND0_CONTROL__COLOR_SRCBLEND(blend_factor(rgb_src)) |
                CB_BLEND0_CONTROL__COLOR_COMB_FCN(blend_func(rt->rgb_func)) |
                CB_BLEND0_CONTROL__COLOR_DESTBLEND(blend_factor(rgb_dst));
   if (a_src != rgb_src || a_dst != rgb_dst || rt->alpha_func != rt->rgb_func)
      v |= CB_BLEND0_CONTROL__SEPARATE_ALPHA_BLEND(1) |
           CB_BLEND0_CONTROL__ALPHA_SRCBLEND(blend_factor(a_src)) |
           CB_BLEND0_CONTROL__ALPHA_COMB_FCN(blend_func(rt->alpha_func)) |
           CB_BLEND0_CONTROL__ALPHA_DESTBLEND(blend_factor(a_dst));
   return v;
}

static void *r600_create_blend_state(struct pipe_context *pctx, const struct pipe_blend_state *t)
{
   struct r600_context *ctx = r600_context(pctx);
   struct r600_blend_state *blend = calloc(1, sizeof(*blend));
   if (!blend)
      return NULL;
   /* The original R600 has a single CB_BLEND_CONTROL for every target (no PER_MRT_BLEND). */
   bool per_mrt = ctx->chip != HW_CHIP_R6XX;
   bool independent = t->independent_blend_enable && per_mrt;
   uint32_t blend_cntl[PIPE_MAX_COLOR_BUFS];
   uint32_t blend_enable = 0;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++) {
      const struct pipe_rt_blend_state *rt = &t->rt[independent ? i : 0];
      blend_cntl[i] = blend_control(rt);
      if (rt->blend_enable)
         blend_enable |= 1u << i;
      /* Colour masks are per target on every chip. */
      const struct pipe_rt_blend_state *mask_rt = &t->rt[t->independent_blend_enable ? i : 0];
      blend->cb_target_mask |= (mask_rt->colormask & PIPE_MASK_RGBA) << r600_target_mask_shift(i);
   }
   blend->dual_src = uses_dual_source(&t->rt[0]);
   /* ROP3 0xCC = copy source (no logic op). */
   blend->cb_color_control = CB_COLOR_CONTROL__ROP3(0xCC) |
                             CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(blend_enable) |
                             CB_COLOR_CONTROL__PER_MRT_BLEND(per_mrt);

   r600_cs_init(&blend->cb);
   cs_set_context_reg(&blend->cb, REG_CB_BLEND_CONTROL, blend_cntl[0]);
   if (per_mrt) {
      cs_set_context_reg_seq(&blend->cb, REG_CB_BLEND0_CONTROL, REG_CB_BLEND0_CONTROL__count);
      for (unsigned i = 0; i < REG_CB_BLEND0_CONTROL__count; i++)
         cs_emit(&blend->cb, blend_cntl[i]);
   }
   cs_set_context_reg(&blend->cb, REG_DB_ALPHA_TO_MASK,
                      DB_ALPHA_TO_MASK__ALPHA_TO_MASK_ENABLE(t->alpha_to_coverage) |
                      DB_ALPHA_TO_MASK__ALPHA_TO_MASK_OFFSET0(2) |
                      DB_ALPHA_TO_MASK__ALPHA_TO_MASK_OFFSET1(2) |
                      DB_ALPHA_TO_MASK__ALPHA_TO_MASK_OFFSET2(2) |
                      DB_ALPHA_TO_MASK__ALPHA_TO_MASK_OFFSET3(2));
   if (blend->cb.failed) {
      r600_cs_fini(&blend->cb);
      free(blend);
      return NULL;
   }
   return blend;
}

static void r600_bind_blend_state(struct pipe_context *pctx, void *state)
{
   struct r600_context *ctx = r600_context(pctx);
   struct r600_blend_state *blend = state;
   /* The framebuffer atom gives the second source a format (r600_emit_framebuffer). */
   if ((ctx->blend && ctx->blend->dual_src) != (blend && blend->dual_src))
      r600_mark_dirty(ctx, R600_ATOM_FRAMEBUFFER);
   ctx->blend = state;
   r600_mark_dirty(ctx, R600_ATOM_BLEND);
   r600_mark_dirty(ctx, R600_ATOM_CB_MISC);
}

static void r600_delete_blend_state(struct pipe_context *pctx, void *state)
{
   struct r600_blend_state *blend = state;
   r600_cs_fini(&blend->cb);
   free(blend);
}

void r600_emit_blend(struct r600_context *ctx)
{
   if (ctx->blend)
      cs_append(&ctx->cs, &ctx->blend->cb);
}

/* Writes only to bound targets; nothing to write at all disables the CB (SPECIAL_OP). A
 * pixel shader whose colour 0 goes to every buffer (gl_FragColor) sets MULTIWRITE_ENABLE
 * when several are bound, as Mesa's r600 does (CB_SHADER_MASK keeps OUTPUT0). */
void r600_emit_cb_misc(struct r600_context *ctx)
{
   if (!ctx->blend)
      return;
   uint32_t target_mask = ctx->blend->cb_target_mask & ctx->fb_target_mask;
   uint32_t color_control = ctx->blend->cb_color_control;
   bool several = ctx->fb_target_mask >> r600_target_mask_shift(1) != 0;
   if (ctx->ps && ctx->ps->bin.color0_writes_all && several)
      color_control |= CB_COLOR_CONTROL__MULTIWRITE_ENABLE(1);
   if (!target_mask)
      color_control |= CB_COLOR_CONTROL__SPECIAL_OP(CB_COLOR_CONTROL__SPECIAL_OP__SPECIAL_DISABLE);
   if (ctx->cb_resolve) {   /* the CB averages CB_COLOR0's samples into CB_COLOR1 */
      target_mask = ctx->fb_target_mask;
      color_control = CB_COLOR_CONTROL__ROP3(0xCC) |
                      CB_COLOR_CONTROL__SPECIAL_OP(CB_COLOR_CONTROL__SPECIAL_OP__SPECIAL_RESOLVE_BOX);
   }
   cs_set_context_reg(&ctx->cs, REG_CB_TARGET_MASK, target_mask);
   cs_set_context_reg(&ctx->cs, REG_CB_COLOR_CONTROL, color_control);
}

static void r600_set_blend_color(struct pipe_context *pctx, const struct pipe_blend_color *color)
{
   struct r600_context *ctx = r600_context(pctx);
   ctx->blend_color = *color;
   r600_mark_dirty(ctx, R600_ATOM_BLEND_COLOR);
}

void r600_emit_blend_color(struct r600_context *ctx)
{
   const struct r600_reg_value regs[] = {
      { REG_CB_BLEND_RED, cs_fui(ctx->blend_color.color[0]) },
      { REG_CB_BLEND_GREEN, cs_fui(ctx->blend_color.color[1]) },
      { REG_CB_BLEND_BLUE, cs_fui(ctx->blend_color.color[2]) },
      { REG_CB_BLEND_ALPHA, cs_fui(ctx->blend_color.color[3]) },
   };
   cs_set_context_regs(&ctx->cs, regs, sizeof(regs) / sizeof(regs[0]));
}

void r600_init_blend_functions(struct r600_context *ctx)
{
   ctx->base.create_blend_state = r600_create_blend_state;
   ctx->base.bind_blend_state = r600_bind_blend_state;
   ctx->base.delete_blend_state = r600_delete_blend_state;
   ctx->base.set_blend_color = r600_set_blend_color;
}
