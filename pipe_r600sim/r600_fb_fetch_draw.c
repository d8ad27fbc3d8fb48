/* Draws with a framebuffer-fetching pixel shader one primitive at a time, each after fresh
 * copies of the colour buffers it reads (r600_fb_fetch.c), so a primitive reads what every
 * earlier primitive of the draw wrote, as EXT_shader_framebuffer_fetch requires (a
 * non-coherent shader gets one copy at the draw's start instead). Each
 * primitive becomes an indexed list draw (POINTS, LINES or TRIANGLES) of its own vertices in
 * the order the primitive takes them from the strip, fan or loop (ES 2.0 §2.6.1: odd strip
 * triangles i+1, i, i+2; fan triangles 0, i+1, i+2; the loop's closing line n-1, 0), so
 * facing and the provoking (last) vertex stay those of the original primitive; instances
 * go one after another. */
#include <string.h>

#include "r600_context.h"

static uint32_t index_at(const struct pipe_draw_info *info, const uint8_t *indices, unsigned k)
{
   if (!info->index_size)
      return info->start + k;
   const uint8_t *p = indices + (uint64_t)(info->start + k) * info->index_size;
   switch (info->index_size) {
   case 1: return p[0];
   case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
   default: { uint32_t v; memcpy(&v, p, 4); return v; }
   }
}

/* Vertex count of one primitive of `mode`'s list type. */
static unsigned prim_vertices(enum pipe_prim_type mode)
{
   return mode == PIPE_PRIM_POINTS ? 1 : mode <= PIPE_PRIM_LINE_STRIP ? 2 : 3;
}

static enum pipe_prim_type list_mode(enum pipe_prim_type mode)
{
   return mode == PIPE_PRIM_POINTS ? PIPE_PRIM_POINTS
          : mode <= PIPE_PRIM_LINE_STRIP ? PIPE_PRIM_LINES : PIPE_PRIM_TRIANGLES;
}

/* Number of primitives of a run of n vertices. */
static unsigned prim_count(enum pipe_prim_type mode, unsigned n)
{
   switch (mode) {
   case PIPE_PRIM_POINTS: return n;
   case PIPE_PRIM_LINES: return n / 2;
   case PIPE_PRIM_LINE_LOOP: return n >= 2 ? n : 0;
   case PIPE_PRIM_LINE_STRIP: return n >= 2 ? n - 1 : 0;
   case PIPE_PRIM_TRIANGLES: return n / 3;
   default: return n >= 3 ? n - 2 : 0;   /* strip, fan */
   }
}

/* Position in the run of vertex v of primitive p. */
static unsigned prim_vertex(enum pipe_prim_type mode, unsigned n, unsigned p, unsigned v)
{
   switch (mode) {
   case PIPE_PRIM_POINTS: return p;
   case PIPE_PRIM_LINES: return 2 * p + v;
   case PIPE_PRIM_LINE_LOOP: return (p + v) % n;
   case PIPE_PRIM_LINE_STRIP: return p + v;
   case PIPE_PRIM_TRIANGLES: return 3 * p + v;
   case PIPE_PRIM_TRIANGLE_STRIP: return (p & 1) && v < 2 ? p + 1 - v : p + v;
   default: return v == 0 ? 0 : p + v;   /* fan */
   }
}

/* The primitives of the run of vertices first..first+n-1 of the draw. */
static void draw_run(struct r600_context *ctx, const struct pipe_draw_info *info,
                     const uint8_t *indices, unsigned first, unsigned n, unsigned instance)
{
   unsigned nv = prim_vertices(info->mode);
   for (unsigned p = 0; p < prim_count(info->mode, n); p++) {
      uint32_t idx[3];
      struct pipe_draw_info one = { .mode = list_mode(info->mode), .index_size = 4, .count = nv,
                                    .index_bias = info->index_size ? info->index_bias : 0,
                                    .min_index = UINT32_MAX, .instance_count = 1,
                                    .start_instance = info->start_instance + instance,
                                    .user_indices = idx };
      for (unsigned v = 0; v < nv; v++) {
         idx[v] = index_at(info, indices, first + prim_vertex(info->mode, n, p, v));
         one.min_index = idx[v] < one.min_index ? idx[v] : one.min_index;
         one.max_index = idx[v] > one.max_index ? idx[v] : one.max_index;
      }
      if (!r600_fb_fetch_prepare(ctx))
         return;
      r600_draw(ctx, &one);
   }
}

void r600_fb_fetch_draw(struct r600_context *ctx, const struct pipe_draw_info *info)
{
   if (ctx->ps->bin.fb_fetch_noncoherent) {
      /* EXT_shader_framebuffer_fetch_non_coherent: reads inside one draw need not see
       * the draw's own writes, so the copies made at its start serve the whole draw */
      if (r600_fb_fetch_prepare(ctx))
         r600_draw(ctx, info);
      return;
   }
   const uint8_t *indices = NULL;
   if (info->index_size) {
      indices = info->index_buffer ? r600_resource(info->index_buffer)->bo->map + info->index_offset
                                   : info->user_indices;
      if (!indices)
         return;
   }
   for (unsigned i = 0; i < info->instance_count; i++) {
      /* primitive restart ends a run of vertices */
      unsigned first = 0;
      for (unsigned k = 0; k <= info->count; k++) {
         bool end = k == info->count || (info->index_size && info->primitive_restart &&
                                         index_at(info, indices, k) == info->restart_index);
         if (!end)
            continue;
         draw_run(ctx, info, indices, first, k - first, i);
         first = k + 1;
      }
   }
}
