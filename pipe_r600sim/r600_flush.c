/* Flush: finish the command stream, submit it, hand out a fence; which of the context's
 * submissions the GPU watchdog stopped (pipe_context::get_device_reset_status). */
#include <stdio.h>
#include <string.h>

#include "r600_context.h"
#include "r600_debug.h"
#include "r600_regs.h"

/* Hung submissions the GPU keeps a record of (include/r600sim/gpu.h). */
#define R600_HANG_RECORDS 64

/* Drops the context's submissions that have executed from `unchecked`, setting `guilty` if
 * one of them was stopped as a hang. The executed number is read before the hang records,
 * which list a submission before its fence signals. */
static void check_hangs(struct r600_context *ctx)
{
   struct r600_gpu *gpu = ctx->screen->gpu;
   uint64_t done = r600_gpu_completed(gpu);
   unsigned n = 0;
   while (n < ctx->num_unchecked && ctx->unchecked[n] <= done)
      n++;
   if (!n)
      return;
   uint64_t hung[R600_HANG_RECORDS];
   unsigned kept = r600_gpu_hangs(gpu, hung, R600_HANG_RECORDS);
   if (kept > R600_HANG_RECORDS)
      kept = R600_HANG_RECORDS;
   for (unsigned i = 0; i < n; i++)
      for (unsigned k = 0; k < kept; k++)
         ctx->guilty |= hung[k] == ctx->unchecked[i];
   ctx->num_unchecked -= n;
   memmove(ctx->unchecked, ctx->unchecked + n, ctx->num_unchecked * sizeof(ctx->unchecked[0]));
}

/* Notes a submission of this context for reset reporting. */
static void track_submission(struct r600_context *ctx, uint64_t seq)
{
   check_hangs(ctx);
   if (ctx->num_unchecked == R600_MAX_UNCHECKED) {
      r600_gpu_wait(ctx->screen->gpu, ctx->unchecked[0]);
      check_hangs(ctx);
   }
   ctx->unchecked[ctx->num_unchecked++] = seq;
}

static enum pipe_reset_status r600_get_device_reset_status(struct pipe_context *pctx)
{
   struct r600_context *ctx = r600_context(pctx);
   check_hangs(ctx);
   if (!ctx->guilty)
      return PIPE_NO_RESET;
   ctx->guilty = false;
   return PIPE_GUILTY_CONTEXT_RESET;
}

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
         track_submission(ctx, seq);
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
   flush(r600_context(pctx), fence, (flags & PIPE_FLUSH_END_OF_FRAME ? R600_GPU_FRAME_END : 0) |
                                    (flags & PIPE_FLUSH_WAIT ? R600_GPU_WAIT : 0));
}

void r600_init_flush_functions(struct r600_context *ctx)
{
   ctx->base.flush = r600_flush;
   ctx->base.get_device_reset_status = r600_get_device_reset_status;
}
