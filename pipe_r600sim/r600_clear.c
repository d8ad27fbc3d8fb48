/* pipe->clear through the hardware: the auxiliary blitter draws a screen-covering quad with
 * state that writes exactly the buffers being cleared. The driver decides which buffers
 * can be cleared and hands the blitter the state it has bound, which the blitter binds
 * again afterwards. */
#include <stdio.h>

#include "blitter/blitter.h"
#include "r600_context.h"
#include "r600_debug.h"

/* The blitter with the bound state saved, NULL when it cannot be built (message printed). */
struct blitter_context *r600_blitter_begin(struct r600_context *ctx)
{
   /* Built at first use, so contexts that never clear or blit allocate nothing for it. */
   if (!ctx->blitter && !(ctx->blitter = blitter_create(&ctx->base))) {
      fprintf(stderr, "r600sim: cannot build the blitter's pipeline\n");
      return NULL;
   }
   struct blitter_context *b = ctx->blitter;
   blitter_save_blend(b, ctx->blend);
   blitter_save_depth_stencil_alpha(b, ctx->dsa);
   blitter_save_rasterizer(b, ctx->rs);
   blitter_save_vs(b, ctx->vs);
   blitter_save_fs(b, ctx->ps);
   blitter_save_vertex_elements(b, ctx->velems);
   blitter_save_viewport(b, &ctx->viewport);
   blitter_save_stencil_ref(b, &ctx->stencil_ref);
   blitter_save_vertex_buffer_slot0(b, &ctx->vb[0].vb);
   blitter_save_fragment_constant_buffer_slot0(b, &ctx->constbuf[PIPE_SHADER_FRAGMENT]);
   return b;
}

static void r600_clear(struct pipe_context *pctx, unsigned buffers, const union pipe_color_union *color,
                       double depth, unsigned stencil)
{
   struct r600_context *ctx = r600_context(pctx);
   buffers &= PIPE_CLEAR_COLOR0 | PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL;
   if (!ctx->fb.zsbuf)
      buffers &= ~(PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL);
   if (ctx->fb.zsbuf && ctx->fb.zsbuf->format != PIPE_FORMAT_Z24_UNORM_S8_UINT)
      buffers &= ~PIPE_CLEAR_STENCIL;
   if (!buffers || !ctx->fb.width || !ctx->fb.height)
      return;
   if (!r600_blitter_begin(ctx))
      return;
   R600_DBG(ctx->screen, DRAWS, "r600sim: clear 0x%x\n", buffers);
   bool paused = r600_pause_queries(ctx, true);   /* a clear passes no samples */
   blitter_clear(ctx->blitter, buffers, color, depth, stencil, ctx->fb.width, ctx->fb.height);
   r600_pause_queries(ctx, paused);
}

void r600_init_clear_functions(struct r600_context *ctx)
{
   ctx->base.clear = r600_clear;
}
