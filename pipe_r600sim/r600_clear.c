/* pipe->clear through the hardware: the auxiliary blitter draws a screen-covering quad with
 * state that writes exactly the buffers being cleared. The driver decides which buffers
 * can be cleared and hands the blitter the state it has bound, which the blitter binds
 * again afterwards.
 *
 * A fill: when every buffer being cleared is a whole single-sampled layer (the clear covers
 * all of its pixels, r600_state_fb.c's fill_surface), the quad is drawn over pixel (0, 0)
 * only and CP_DMA copies that pixel over the rest of the layer, doubling the filled bytes
 * with each copy. The clear writes the same value to every pixel (a constant colour;
 * depth = 0 * z + the clear depth; stencil REPLACE), so the layer ends as the full draw
 * leaves it, padding rows and columns included, with two caveats that hold for every
 * surface the driver writes: Z24X8's unused byte, which the DB keeps and the fill copies,
 * is 0 in all of them (uploads store 0 there), and only whole-texel formats are rendered
 * (r600_is_render_format). R600SIM_DEBUG=nofill draws every pixel instead. */
#include <stdio.h>

#include "blitter/blitter.h"
#include "r600_context.h"
#include "r600_debug.h"
#include "r600_pm4.h"
#include "r600_regs.h"

/* CP_DMA's BYTE_COUNT has 21 bits (hardware notes §2.4): copies of at most 1 MiB. */
#define R600_CP_DMA_MAX_BYTES (1u << 20)

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

/* Can the clear of `buffers` be a fill? Colour buffers other than 0 must be unbound: the
 * one-pixel draw would leave them as they are. */
static bool fill_possible(const struct r600_context *ctx, unsigned buffers)
{
   if (ctx->screen->debug & R600_DBG_NO_FILL)
      return false;
   for (unsigned i = 1; i < PIPE_MAX_COLOR_BUFS; i++)
      if (ctx->fb_res[i])
         return false;
   if ((buffers & PIPE_CLEAR_COLOR0) && !ctx->fill_cb0.size)
      return false;
   if (buffers & (PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL)) {
      /* Every byte of a depth texel must be written: Z24S8 needs both parts cleared. */
      bool whole = (buffers & PIPE_CLEAR_DEPTH) &&
                   (ctx->fb.zsbuf->format != PIPE_FORMAT_Z24_UNORM_S8_UINT ||
                    (buffers & PIPE_CLEAR_STENCIL));
      if (!whole || !ctx->fill_zs.size)
         return false;
   }
   return true;
}

static void cp_dma_copy(struct r600_cs *cs, uint64_t dst, uint64_t src, uint32_t bytes)
{
   cs_pkt3(cs, PM4_IT_CP_DMA, 5);
   cs_emit(cs, (uint32_t)src);
   cs_emit(cs, PM4_CP_DMA__SRC_ADDR_HI((uint32_t)(src >> 32)) | PM4_CP_DMA__CP_SYNC(1));
   cs_emit(cs, (uint32_t)dst);
   cs_emit(cs, PM4_CP_DMA__DST_ADDR_HI((uint32_t)(dst >> 32)));
   cs_emit(cs, PM4_CP_DMA__BYTE_COUNT(bytes));
}

/* Copies the first pixel of a layer over the whole layer: each copy reads the bytes already
 * filled and writes as many after them (the ranges never overlap). */
static void fill_layer(struct r600_cs *cs, const struct r600_fill_surface *f)
{
   uint64_t done = f->bpp;
   while (done < f->size) {
      uint64_t n = f->size - done < done ? f->size - done : done;
      if (n > R600_CP_DMA_MAX_BYTES)
         n = R600_CP_DMA_MAX_BYTES;
      cp_dma_copy(cs, f->va + done, f->va, (uint32_t)n);
      done += n;
   }
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
   bool fill = fill_possible(ctx, buffers);
   blitter_clear(ctx->blitter, buffers, color, depth, stencil, fill ? 1 : ctx->fb.width,
                 fill ? 1 : ctx->fb.height);
   if (fill && ctx->cs_has_work) {
      struct r600_cs *cs = &ctx->cs;
      /* The CB and DB write their caches back before the CP reads the pixel. */
      cs_event_write(cs, VGT_EVENT_INITIATOR__EVENT_TYPE__CACHE_FLUSH_AND_INV_EVENT, 0);
      if (buffers & PIPE_CLEAR_COLOR0) {
         cs_add_bo(cs, r600_resource(ctx->fb_res[0])->bo);
         fill_layer(cs, &ctx->fill_cb0);
      }
      if (buffers & (PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL)) {
         cs_add_bo(cs, r600_resource(ctx->fb_zs_res)->bo);
         fill_layer(cs, &ctx->fill_zs);
      }
   }
   r600_pause_queries(ctx, paused);
}

void r600_init_clear_functions(struct r600_context *ctx)
{
   ctx->base.clear = r600_clear;
}
