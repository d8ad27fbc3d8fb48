/* Flush: finish the command stream, submit it, hand out a fence. */
#include <stdio.h>

#include "r600_context.h"
#include "r600_debug.h"
#include "r600_regs.h"

/* gpu_flags: R600_GPU_FRAME_END marks the end of a frame (include/r600sim/gpu.h). */
static void flush(struct r600_context *ctx, struct pipe_fence_handle **fence, unsigned gpu_flags)
{
   struct r600_screen *screen = ctx->screen;
   struct r600_cs *cs = &ctx->cs;

   if (ctx->cs_has_work) {
      /* Make colour and depth writes visible to whoever reads the memory next. */
      cs_event_write(cs, VGT_EVENT_INITIATOR__EVENT_TYPE__CACHE_FLUSH_AND_INV_EVENT, 0);
      if (cs->failed) {
         fprintf(stderr, "r600sim: out of memory while recording a command buffer; "
                         "%u dwords of rendering dropped\n", cs->cdw);
      } else {
         uint64_t seq = r600_gpu_submit_flags(screen->gpu, cs->buf, cs->cdw, gpu_flags);
         for (unsigned i = 0; i < cs->num_bos; i++)
            r600_bo_fence(cs->bos[i], seq);
         ctx->last_seq = seq;
         ctx->unframed = !(gpu_flags & R600_GPU_FRAME_END);
         R600_DBG(screen, CS, "r600sim: submitted command buffer %llu: %u dwords, %u buffers\n",
                  (unsigned long long)seq, cs->cdw, cs->num_bos);
      }
   } else if ((gpu_flags & R600_GPU_FRAME_END) && ctx->unframed) {
      /* The frame's draws went in earlier submissions: mark its end with an empty one. */
      ctx->last_seq = r600_gpu_submit_flags(screen->gpu, cs->buf, 0, gpu_flags);
      ctx->unframed = false;
   }
   r600_cs_reset(cs);
   ctx->cs_has_work = false;
   r600_bo_reap_deferred(&screen->bos);

   if (fence)
      *fence = r600_fence_create(ctx->last_seq);
}

void r600_context_flush(struct r600_context *ctx, struct pipe_fence_handle **fence)
{
   flush(ctx, fence, 0);
}

static void r600_flush(struct pipe_context *pctx, struct pipe_fence_handle **fence, unsigned flags)
{
   flush(r600_context(pctx), fence, flags & PIPE_FLUSH_END_OF_FRAME ? R600_GPU_FRAME_END : 0);
}

void r600_init_flush_functions(struct r600_context *ctx)
{
   ctx->base.flush = r600_flush;
}
