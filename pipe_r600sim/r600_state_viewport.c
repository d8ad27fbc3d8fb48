/* Viewport transform, guard band, and the per-viewport scissor (viewport rectangle
 * intersected with the GL scissor). */
#include <math.h>

#include "r600_context.h"
#include "r600_regs.h"

#define R600_MAX_SCISSOR 8192       /* largest scissor coordinate on R6xx/R7xx */
#define R600_GUARD_BAND_LIMIT 16383.0f  /* clip-free window coordinates span +-(16384 - 1) */

static void r600_set_viewport_states(struct pipe_context *pctx, unsigned start, unsigned num,
                                     const struct pipe_viewport_state *vp)
{
   struct r600_context *ctx = r600_context(pctx);
   if (start != 0 || num == 0)
      return;   /* one viewport */
   ctx->viewport = vp[0];
   r600_mark_dirty(ctx, R600_ATOM_VIEWPORT);
   r600_mark_dirty(ctx, R600_ATOM_SCISSOR);
}

static void r600_set_scissor_states(struct pipe_context *pctx, unsigned start, unsigned num,
                                    const struct pipe_scissor_state *sc)
{
   struct r600_context *ctx = r600_context(pctx);
   if (start != 0 || num == 0)
      return;
   ctx->scissor = sc[0];
   r600_mark_dirty(ctx, R600_ATOM_SCISSOR);
}

/* Largest clip-space factor whose window image stays inside the guard band limit. */
static float guard_band(float scale, float translate)
{
   float s = fabsf(scale);
   if (s < 0.5f)
      s = 0.5f;   /* a 0-sized viewport counts as 1 pixel */
   float g = fminf((R600_GUARD_BAND_LIMIT + translate) / s, (R600_GUARD_BAND_LIMIT - translate) / s);
   return g < 1.0f ? 1.0f : g;
}

void r600_emit_viewport(struct r600_context *ctx)
{
   const struct pipe_viewport_state *vp = &ctx->viewport;
   const struct r600_reg_value regs[] = {
      { REG_PA_CL_VPORT_XSCALE_0, cs_fui(vp->scale[0]) },
      { REG_PA_CL_VPORT_XOFFSET_0, cs_fui(vp->translate[0]) },
      { REG_PA_CL_VPORT_YSCALE_0, cs_fui(vp->scale[1]) },
      { REG_PA_CL_VPORT_YOFFSET_0, cs_fui(vp->translate[1]) },
      { REG_PA_CL_VPORT_ZSCALE_0, cs_fui(vp->scale[2]) },
      { REG_PA_CL_VPORT_ZOFFSET_0, cs_fui(vp->translate[2]) },
      /* If any guard-band register is written, all four must be. */
      { REG_PA_CL_GB_VERT_CLIP_ADJ, cs_fui(guard_band(vp->scale[1], vp->translate[1])) },
      { REG_PA_CL_GB_VERT_DISC_ADJ, cs_fui(1.0f) },
      { REG_PA_CL_GB_HORZ_CLIP_ADJ, cs_fui(guard_band(vp->scale[0], vp->translate[0])) },
      { REG_PA_CL_GB_HORZ_DISC_ADJ, cs_fui(1.0f) },
   };
   cs_set_context_regs(&ctx->cs, regs, sizeof(regs) / sizeof(regs[0]));
}

static unsigned clamp_coord(float v)
{
   if (!(v > 0.0f))
      return 0;
   return v >= (float)R600_MAX_SCISSOR ? R600_MAX_SCISSOR : (unsigned)v;
}

void r600_emit_scissor(struct r600_context *ctx)
{
   const struct pipe_viewport_state *vp = &ctx->viewport;
   float hw = fabsf(vp->scale[0]), hh = fabsf(vp->scale[1]);
   unsigned minx = clamp_coord(vp->translate[0] - hw);
   unsigned miny = clamp_coord(vp->translate[1] - hh);
   unsigned maxx = clamp_coord(ceilf(vp->translate[0] + hw));
   unsigned maxy = clamp_coord(ceilf(vp->translate[1] + hh));
   if (ctx->rs && ctx->rs->scissor) {
      const struct pipe_scissor_state *sc = &ctx->scissor;
      minx = sc->minx > minx ? sc->minx : minx;
      miny = sc->miny > miny ? sc->miny : miny;
      maxx = sc->maxx < maxx ? sc->maxx : maxx;
      maxy = sc->maxy < maxy ? sc->maxy : maxy;
   }
   if (minx >= maxx || miny >= maxy)
      minx = miny = maxx = maxy = 0;   /* nothing passes */
   const struct r600_reg_value regs[] = {
      { REG_PA_SC_VPORT_SCISSOR_0_TL, PA_SC_VPORT_SCISSOR_0_TL__TL_X(minx) |
                                      PA_SC_VPORT_SCISSOR_0_TL__TL_Y(miny) |
                                      PA_SC_VPORT_SCISSOR_0_TL__WINDOW_OFFSET_DISABLE(1) },
      { REG_PA_SC_VPORT_SCISSOR_0_BR, PA_SC_VPORT_SCISSOR_0_BR__BR_X(maxx) |
                                      PA_SC_VPORT_SCISSOR_0_BR__BR_Y(maxy) },
   };
   cs_set_context_regs(&ctx->cs, regs, 2);
}

void r600_init_viewport_functions(struct r600_context *ctx)
{
   ctx->base.set_viewport_states = r600_set_viewport_states;
   ctx->base.set_scissor_states = r600_set_scissor_states;
}
