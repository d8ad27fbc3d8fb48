/* Queries (pipe/p_query.h) as Mesa's r600 driver makes them (docs/queries.md):
 *  - occlusion: EVENT_WRITE ZPASS_DONE at begin (offset 0) and end (offset 8) of each DB's
 *    16 bytes; the DBs count while DB_RENDER_CONTROL enables it (the DB_RENDER atom below);
 *    the result sums end - begin over the DBs whose two values carry the written flag;
 *  - time elapsed / timestamp: EVENT_WRITE_EOP BOTTOM_OF_PIPE_TS with DATA_SEL 3 writes the
 *    GPU clock (HW_GPU_CLOCK_HZ) at begin and end (or once).
 * Each begin takes a fresh result buffer, so a query never waits for its previous use. */
#include <stdlib.h>

#include "r600_context.h"
#include "r600_pm4.h"
#include "r600_regs.h"

#define OCCLUSION_BYTES (16 * HW_NUM_DBS)
#define WRITTEN_FLAG (1ull << 63)

struct pipe_query {
   enum pipe_query_type type;
   struct r600_bo *bo;            /* the results of the last begin (or timestamp end) */
   bool active;                   /* between begin and end */
};

static bool is_occlusion(const struct pipe_query *q)
{
   return q->type == PIPE_QUERY_OCCLUSION_COUNTER || q->type == PIPE_QUERY_OCCLUSION_PREDICATE;
}

/* Converts GPU clock ticks to nanoseconds. */
static uint64_t ticks_to_ns(uint64_t ticks)
{
   return (uint64_t)((unsigned __int128)ticks * 1000000000u / HW_GPU_CLOCK_HZ);
}

/* The command stream, started if empty, for packets that are work of their own. */
static struct r600_cs *query_cs(struct r600_context *ctx, struct r600_bo *bo)
{
   if (ctx->cs.cdw == 0)
      r600_begin_cs(ctx);
   cs_add_bo(&ctx->cs, bo);
   ctx->cs_has_work = true;
   return &ctx->cs;
}

static void emit_zpass_done(struct r600_context *ctx, struct r600_bo *bo, uint64_t offset)
{
   struct r600_cs *cs = query_cs(ctx, bo);
   uint64_t va = bo->va + offset;
   cs_pkt3(cs, PM4_IT_EVENT_WRITE, 3);
   cs_emit(cs, PM4_EVENT_WRITE__EVENT_TYPE(VGT_EVENT_INITIATOR__EVENT_TYPE__ZPASS_DONE) |
                  PM4_EVENT_WRITE__EVENT_INDEX(1));
   cs_emit(cs, (uint32_t)va);
   cs_emit(cs, PM4_EVENT_WRITE__ADDRESS_HI((uint32_t)(va >> 32)));
}

/* The EOP timestamp packet into a stream (also the screen's one-packet submission). */
static void cs_emit_timestamp(struct r600_cs *cs, uint64_t va)
{
   cs_pkt3(cs, PM4_IT_EVENT_WRITE_EOP, 5);
   cs_emit(cs, PM4_EVENT_WRITE__EVENT_TYPE(VGT_EVENT_INITIATOR__EVENT_TYPE__BOTTOM_OF_PIPE_TS) |
                  PM4_EVENT_WRITE__EVENT_INDEX(5));
   cs_emit(cs, (uint32_t)va);
   cs_emit(cs, PM4_EVENT_WRITE_EOP__ADDRESS_HI((uint32_t)(va >> 32)) |
                  PM4_EVENT_WRITE_EOP__DATA_SEL(3) | PM4_EVENT_WRITE_EOP__INT_SEL(0));
   cs_emit(cs, 0);
   cs_emit(cs, 0);
}

static void emit_timestamp(struct r600_context *ctx, struct r600_bo *bo, uint64_t offset)
{
   cs_emit_timestamp(query_cs(ctx, bo), bo->va + offset);
}

/* DB_RENDER_CONTROL: counting on while an occlusion query is active and not paused. The
 * preamble turns it off at the start of every command stream (r600_begin_cs). */
void r600_emit_db_render(struct r600_context *ctx)
{
   bool count = ctx->num_occlusion_queries && !ctx->queries_paused;
   if (count == ctx->zpass_counting)
      return;
   uint32_t v = DB_RENDER_CONTROL__ZPASS_INCREMENT_DISABLE(1);
   if (count)
      v = DB_RENDER_CONTROL__R700_PERFECT_ZPASS_COUNTS(ctx->chip == HW_CHIP_R7XX);
   cs_set_context_reg(&ctx->cs, REG_DB_RENDER_CONTROL, v);
   ctx->zpass_counting = count;
}

bool r600_pause_queries(struct r600_context *ctx, bool paused)
{
   bool was = ctx->queries_paused;
   ctx->queries_paused = paused;
   r600_mark_dirty(ctx, R600_ATOM_DB_RENDER);
   return was;
}

static struct pipe_query *r600_create_query(struct pipe_context *pctx, enum pipe_query_type type)
{
   (void)pctx;
   if (type > PIPE_QUERY_TIMESTAMP)
      return NULL;
   struct pipe_query *q = calloc(1, sizeof(*q));
   if (q)
      q->type = type;
   return q;
}

static void r600_end_query(struct pipe_context *pctx, struct pipe_query *q);

static void r600_destroy_query(struct pipe_context *pctx, struct pipe_query *q)
{
   if (!q)
      return;
   if (q->active)
      r600_end_query(pctx, q);
   r600_bo_reference(&q->bo, NULL);
   free(q);
}

/* A fresh zeroed result buffer; false when out of GPU memory. */
static bool new_results(struct r600_context *ctx, struct pipe_query *q)
{
   r600_bo_reference(&q->bo, NULL);
   q->bo = r600_bo_create(&ctx->screen->bos, is_occlusion(q) ? OCCLUSION_BYTES : 16, 256);
   return q->bo != NULL;
}

static bool r600_begin_query(struct pipe_context *pctx, struct pipe_query *q)
{
   struct r600_context *ctx = r600_context(pctx);
   if (q->active || q->type == PIPE_QUERY_TIMESTAMP || !new_results(ctx, q))
      return false;
   if (is_occlusion(q)) {
      emit_zpass_done(ctx, q->bo, 0);
      ctx->num_occlusion_queries++;
      r600_mark_dirty(ctx, R600_ATOM_DB_RENDER);
   } else {
      emit_timestamp(ctx, q->bo, 0);
   }
   q->active = true;
   return true;
}

static void r600_end_query(struct pipe_context *pctx, struct pipe_query *q)
{
   struct r600_context *ctx = r600_context(pctx);
   if (q->type == PIPE_QUERY_TIMESTAMP) {
      if (new_results(ctx, q))
         emit_timestamp(ctx, q->bo, 0);
      return;
   }
   if (!q->active)
      return;
   q->active = false;
   if (is_occlusion(q)) {
      emit_zpass_done(ctx, q->bo, 8);
      ctx->num_occlusion_queries--;
      r600_mark_dirty(ctx, R600_ATOM_DB_RENDER);
   } else {
      emit_timestamp(ctx, q->bo, 8);
   }
}

static uint64_t read64(const uint8_t *p)
{
   const uint32_t *d = (const uint32_t *)p;
   return d[0] | (uint64_t)d[1] << 32;
}

static bool r600_get_query_result(struct pipe_context *pctx, struct pipe_query *q, bool wait,
                                  uint64_t *result)
{
   struct r600_context *ctx = r600_context(pctx);
   *result = 0;
   if (!q->bo)
      return true;   /* never begun, or out of memory at begin: nothing was measured */
   if (cs_references_bo(&ctx->cs, q->bo))
      r600_context_flush(ctx, NULL);
   if (!wait && r600_bo_is_busy(q->bo))
      return false;
   r600_bo_wait_idle(q->bo);
   const uint8_t *m = q->bo->map;
   switch (q->type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
      for (unsigned i = 0; i < HW_NUM_DBS; i++) {
         uint64_t begin = read64(m + 16 * i), end = read64(m + 16 * i + 8);
         if ((begin & WRITTEN_FLAG) && (end & WRITTEN_FLAG))
            *result += end - begin;
      }
      if (q->type == PIPE_QUERY_OCCLUSION_PREDICATE)
         *result = *result != 0;
      break;
   case PIPE_QUERY_TIME_ELAPSED:
      *result = ticks_to_ns(read64(m + 8) - read64(m));
      break;
   case PIPE_QUERY_TIMESTAMP:
      *result = ticks_to_ns(read64(m));
      break;
   }
   return true;
}

static void r600_set_active_query_state(struct pipe_context *pctx, bool enable)
{
   r600_pause_queries(r600_context(pctx), !enable);
}

/* The GPU time now: one EOP timestamp packet submitted on its own and waited for. */
static uint64_t r600_get_timestamp(struct pipe_screen *pscreen)
{
   struct r600_screen *screen = r600_screen(pscreen);
   struct r600_bo *bo = r600_bo_create(&screen->bos, 256, 256);
   if (!bo)
      return 0;
   struct r600_cs cs;
   r600_cs_init(&cs);
   cs_emit_timestamp(&cs, bo->va);
   uint64_t t = 0;
   if (!cs.failed) {
      r600_gpu_wait(screen->gpu, r600_gpu_submit(screen->gpu, cs.buf, cs.cdw));
      t = ticks_to_ns(read64(bo->map));
   }
   r600_cs_fini(&cs);
   r600_bo_reference(&bo, NULL);
   return t;
}

void r600_init_query_functions(struct r600_context *ctx)
{
   ctx->base.create_query = r600_create_query;
   ctx->base.destroy_query = r600_destroy_query;
   ctx->base.begin_query = r600_begin_query;
   ctx->base.end_query = r600_end_query;
   ctx->base.get_query_result = r600_get_query_result;
   ctx->base.set_active_query_state = r600_set_active_query_state;
}

void r600_init_screen_query_functions(struct r600_screen *screen)
{
   screen->base.get_timestamp = r600_get_timestamp;
}
