/* Framebuffer fetch (IR_SEM_FBFETCH, gl_LastFragData): the R600 pixel shader has no path
 * from the colour buffer back into its registers, so before each draw whose pixel shader
 * reads colour buffer n the driver copies that buffer (pipe->blit: a textured quad through
 * the CB, or a transfer copy for formats the CB does not render) into a single-level 2D
 * texture and binds it at PS resource id R600_FB_FETCH_RESOURCE_ID(n), where the compiled
 * program reads it with TEX LD at the pixel's window position (r600_shader.h).
 *
 * A copy holds the buffer as it was when the copy was made, so a draw whose primitives
 * overlap would read stale pixels; r600_fb_fetch_draw therefore draws one primitive at a
 * time, each after a fresh copy, which makes every read see all earlier primitives
 * (EXT_shader_framebuffer_fetch's coherent reads); a shader that declared its reads
 * noncoherent gets one copy per draw, which is all EXT_shader_framebuffer_fetch_non_coherent
 * asks without a barrier inside a draw. Multi-sampled colour buffers would need
 * a per-sample copy and per-sample shading, which this driver does not do: such draws are
 * dropped with a message. */
#include <stdio.h>
#include <stdlib.h>

#include "hw/hw_surface.h"
#include "r600_context.h"

/* Copies are whole-buffer draws, one per primitive: a long fetching draw is submitted in
 * pieces of at most this many copied pixels, so no submission runs into the GPU watchdog
 * (R600SIM_GPU_TIMEOUT; a fetching draw costs tens of milliseconds per primitive on
 * 256x256 buffers in the simulator). */
#define COPY_PIXELS_PER_SUBMISSION (1u << 20)

struct r600_fb_fetch {
   struct pipe_resource *copy[PIPE_MAX_COLOR_BUFS];
   struct pipe_sampler_view *view[PIPE_MAX_COLOR_BUFS];
   uint64_t pixels;   /* copied since this file last flushed */
};

static void release_copy(struct r600_context *ctx, struct r600_fb_fetch *f, unsigned n)
{
   if (f->view[n])
      ctx->base.sampler_view_destroy(&ctx->base, f->view[n]);
   f->view[n] = NULL;
   pipe_resource_reference(&f->copy[n], NULL);
}

/* The copy for colour buffer n (w x h of `format`), made anew when its shape changed. */
static bool ensure_copy(struct r600_context *ctx, struct r600_fb_fetch *f, unsigned n,
                        enum pipe_format format, unsigned w, unsigned h)
{
   struct pipe_resource *c = f->copy[n];
   if (c && c->format == format && c->width0 == w && c->height0 == h && f->view[n])
      return true;
   release_copy(ctx, f, n);
   const struct pipe_resource templ = { .target = PIPE_TEXTURE_2D, .format = format,
                                        .width0 = w, .height0 = h, .depth0 = 1,
                                        .bind = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET };
   f->copy[n] = ctx->base.screen->resource_create(ctx->base.screen, &templ);
   if (!f->copy[n])
      return false;
   const struct pipe_sampler_view view = { .format = format, .swizzle_r = 0, .swizzle_g = 1,
                                           .swizzle_b = 2, .swizzle_a = 3 };
   f->view[n] = ctx->base.create_sampler_view(&ctx->base, f->copy[n], &view);
   return f->view[n] != NULL;
}

/* Copies colour buffer n of fb; an unbound one reads as a 1x1 texture (undefined values). */
static bool copy_buffer(struct r600_context *ctx, struct r600_fb_fetch *f,
                        const struct pipe_framebuffer_state *fb, unsigned n)
{
   struct pipe_surface *surf = n < fb->nr_cbufs ? fb->cbufs[n] : NULL;
   if (!surf)
      return ensure_copy(ctx, f, n, PIPE_FORMAT_R8G8B8A8_UNORM, 1, 1);
   struct pipe_resource *src = surf->texture;
   unsigned w = hw_surface_dim(src->width0, surf->level);
   unsigned h = hw_surface_dim(src->height0, surf->level);
   if (!ensure_copy(ctx, f, n, src->format, w, h))
      return false;
   const struct pipe_blit_info info = {
      .dst = { .resource = f->copy[n], .box = { .width = (int)w, .height = (int)h, .depth = 1 } },
      .src = { .resource = src, .level = surf->level, .layer = surf->first_layer,
               .box = { .width = (int)w, .height = (int)h, .depth = 1 } },
      .swizzle = { 0, 1, 2, 3 },
      .filter = PIPE_TEX_FILTER_NEAREST,
   };
   ctx->base.blit(&ctx->base, &info);
   f->pixels += (uint64_t)w * h;
   return true;
}

bool r600_fb_fetch_prepare(struct r600_context *ctx)
{
   unsigned mask = ctx->ps->bin.fb_fetch_mask;
   for (unsigned n = 0; n < ctx->fb.nr_cbufs; n++) {
      struct pipe_surface *surf = ctx->fb.cbufs[n];
      if ((mask >> n & 1) && surf && r600_resource(surf->texture)->samples > 1) {
         fprintf(stderr, "r600sim: framebuffer fetch from a multi-sampled colour buffer is "
                         "not supported; draw dropped\n");
         return false;
      }
   }
   if (!ctx->fb_fetch && !(ctx->fb_fetch = calloc(1, sizeof(*ctx->fb_fetch))))
      return false;
   struct r600_fb_fetch *f = ctx->fb_fetch;
   if (f->pixels >= COPY_PIXELS_PER_SUBMISSION) {
      r600_context_flush(ctx, NULL);
      f->pixels = 0;
   }
   /* pipe->blit leaves no framebuffer and no fragment view or sampler 0 bound */
   const struct pipe_framebuffer_state fb = ctx->fb;
   unsigned sample_mask = ctx->sample_mask;
   struct pipe_sampler_view *view0 = ctx->views[PIPE_SHADER_FRAGMENT][0];
   void *sampler0 = ctx->samplers[PIPE_SHADER_FRAGMENT][0];
   bool paused = r600_pause_queries(ctx, true);   /* the copies pass no samples */
   bool ok = true;
   for (unsigned n = 0; n < PIPE_MAX_COLOR_BUFS && ok; n++)
      if (mask >> n & 1)
         ok = copy_buffer(ctx, f, &fb, n);   /* each blit unbinds ctx->fb */
   r600_pause_queries(ctx, paused);
   ctx->base.set_framebuffer_state(&ctx->base, &fb);
   ctx->base.set_sample_mask(&ctx->base, sample_mask);
   ctx->base.set_sampler_views(&ctx->base, PIPE_SHADER_FRAGMENT, 0, 1, &view0);
   ctx->base.bind_sampler_states(&ctx->base, PIPE_SHADER_FRAGMENT, 0, 1, &sampler0);
   if (!ok)
      fprintf(stderr, "r600sim: out of memory for a framebuffer-fetch copy; draw dropped\n");
   r600_mark_dirty(ctx, R600_ATOM_TEXTURES_PS);
   return ok;
}

void r600_emit_fb_fetch(struct r600_context *ctx)
{
   struct r600_fb_fetch *f = ctx->fb_fetch;
   if (!f || !ctx->ps)
      return;
   for (unsigned n = 0; n < PIPE_MAX_COLOR_BUFS; n++) {
      if (!(ctx->ps->bin.fb_fetch_mask >> n & 1) || !f->view[n])
         continue;
      cs_add_bo(&ctx->cs, r600_resource(f->copy[n])->bo);
      cs_set_resource(&ctx->cs, R600_PS_RESOURCE_BASE + R600_FB_FETCH_RESOURCE_ID(n),
                      ((struct r600_sampler_view *)f->view[n])->words);
   }
}

void r600_fb_fetch_destroy(struct r600_context *ctx)
{
   if (!ctx->fb_fetch)
      return;
   for (unsigned n = 0; n < PIPE_MAX_COLOR_BUFS; n++)
      release_copy(ctx, ctx->fb_fetch, n);
   free(ctx->fb_fetch);
   ctx->fb_fetch = NULL;
}
