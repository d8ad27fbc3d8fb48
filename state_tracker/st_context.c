/* st_api.h: the process-wide screen, GLES contexts, the per-thread current context,
 * drawables bound to contexts, and flush/finish with fences. */
#include "gles/gl_context.h"

#include <stdlib.h>
#include <string.h>

#include "gles/gl_api.h"
#include "gles/gl_fbo.h"
#include "r600_public.h"
#include "st_api.h"
#include "st_debug.h"
#include "st_framebuffer.h"

__thread struct st_context *st_current_context;

static pthread_once_t screen_once = PTHREAD_ONCE_INIT;
static struct pipe_screen *screen;

static void create_screen(void)
{
   st_debug_init();
   screen = r600sim_screen_create(NULL);
}

struct pipe_screen *r600sim_st_screen(void)
{
   pthread_once(&screen_once, create_screen);
   return screen;
}

struct st_context *r600sim_st_context_create(int major, int minor, struct st_context *share)
{
   if (major != 2 || minor != 0)
      return NULL;
   struct pipe_screen *scr = r600sim_st_screen();
   if (!scr)
      return NULL;
   struct st_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      return NULL;
   ctx->pipe = scr->context_create(scr, ctx);
   if (share) {
      ctx->shared = share->shared;
      pthread_mutex_lock(&ctx->shared->lock);
      ctx->shared->refcount++;
      pthread_mutex_unlock(&ctx->shared->lock);
   } else {
      ctx->shared = gl_shared_create();
   }
   if (!ctx->pipe || !ctx->shared) {
      if (ctx->pipe)
         ctx->pipe->destroy(ctx->pipe);
      if (ctx->shared)
         gl_shared_unref(ctx, ctx->shared);
      free(ctx);
      return NULL;
   }
   pthread_mutex_init(&ctx->garbage_lock, NULL);
   gl_state_init(ctx);
   return ctx;
}

static void release_surfaces(struct st_context *ctx)
{
   if (ctx->draw_cbuf)
      ctx->pipe->surface_destroy(ctx->pipe, ctx->draw_cbuf);
   if (ctx->draw_zsbuf)
      ctx->pipe->surface_destroy(ctx->pipe, ctx->draw_zsbuf);
   ctx->draw_cbuf = ctx->draw_zsbuf = NULL;
}

static struct pipe_surface *create_surface(struct st_context *ctx, struct pipe_resource *res)
{
   struct pipe_surface templ = {
      .format = res->format,
      .width = res->width0,
      .height = res->height0,
   };
   return ctx->pipe->create_surface(ctx->pipe, res, &templ);
}

/* Points ctx at draw (surfaces of this context's pipe) and marks what depends on it. */
static bool bind_draw(struct st_context *ctx, struct st_framebuffer *draw)
{
   if (draw == ctx->draw && (ctx->draw_cbuf || !draw))
      return true;
   struct pipe_surface *cbuf = NULL, *zsbuf = NULL;
   if (draw) {
      cbuf = create_surface(ctx, draw->color);
      zsbuf = draw->zs ? create_surface(ctx, draw->zs) : NULL;
      if (!cbuf || (draw->zs && !zsbuf)) {
         if (cbuf)
            ctx->pipe->surface_destroy(ctx->pipe, cbuf);
         if (zsbuf)
            ctx->pipe->surface_destroy(ctx->pipe, zsbuf);
         return false;
      }
   }
   release_surfaces(ctx);
   st_framebuffer_ref(draw);
   st_framebuffer_unref(ctx->draw);
   ctx->draw = draw;
   ctx->draw_cbuf = cbuf;
   ctx->draw_zsbuf = zsbuf;
   /* The viewport/scissor flip and the depth/stencil state depend on the drawable. */
   ctx->dirty |= ST_DIRTY_FRAMEBUFFER | ST_DIRTY_VIEWPORT | ST_DIRTY_SCISSOR |
                 ST_DIRTY_RASTERIZER | ST_DIRTY_DSA;
   if (draw && !ctx->viewport_initialized) {
      ctx->viewport_initialized = true;
      ctx->viewport[0] = ctx->viewport[1] = 0;
      ctx->viewport[2] = (GLint)draw->width;
      ctx->viewport[3] = (GLint)draw->height;
      memcpy(ctx->scissor, ctx->viewport, sizeof(ctx->scissor));
   }
   return true;
}

bool r600sim_st_make_current(struct st_context *ctx, struct st_framebuffer *draw,
                             struct st_framebuffer *read)
{
   struct st_context *old = st_current_context;
   if (old && old != ctx)
      old->pipe->flush(old->pipe, NULL, 0);
   if (!ctx) {
      st_current_context = NULL;
      return true;
   }
   if (!bind_draw(ctx, draw))
      return false;
   st_framebuffer_ref(read);
   st_framebuffer_unref(ctx->read);
   ctx->read = read;
   st_current_context = ctx;
   gl_collect_garbage(ctx);
   return true;
}

struct st_context *r600sim_st_current(void)
{
   return st_current_context;
}

void r600sim_st_context_destroy(struct st_context *ctx)
{
   if (!ctx)
      return;
   if (st_current_context == ctx)
      st_current_context = NULL;
   gl_state_fini(ctx);
   gl_exe_drop_variants_of(ctx);
   gl_collect_garbage(ctx);
   gl_shared_unref(ctx, ctx->shared);
   release_surfaces(ctx);
   ctx->pipe->screen->fence_reference(ctx->pipe->screen, &ctx->swap_fence, NULL);
   st_framebuffer_unref(ctx->draw);
   st_framebuffer_unref(ctx->read);
   ctx->pipe->destroy(ctx->pipe);
   pthread_mutex_destroy(&ctx->garbage_lock);
   free(ctx->garbage);
   free(ctx);
}

void r600sim_st_flush(struct st_context *ctx, bool finish)
{
   if (!ctx)
      return;
   gl_framebuffer_resolve_implicit(ctx);   /* EXT_multisampled_render_to_texture */
   struct pipe_fence_handle *fence = NULL;
   ctx->pipe->flush(ctx->pipe, finish ? &fence : NULL, finish ? PIPE_FLUSH_WAIT : 0);
   if (fence) {
      struct pipe_screen *scr = ctx->pipe->screen;
      scr->fence_finish(scr, fence, UINT64_MAX);
      scr->fence_reference(scr, &fence, NULL);
   }
}

void r600sim_st_swap(struct st_context *ctx)
{
   if (!ctx)
      return;
   struct pipe_screen *scr = ctx->pipe->screen;
   struct pipe_fence_handle *fence = NULL;
   ctx->pipe->flush(ctx->pipe, &fence, PIPE_FLUSH_END_OF_FRAME);
   if (ctx->swap_fence)
      scr->fence_finish(scr, ctx->swap_fence, UINT64_MAX);
   scr->fence_reference(scr, &ctx->swap_fence, NULL);
   ctx->swap_fence = fence;
}

static int compare_entry(const void *key, const void *entry)
{
   return strcmp(key, ((const struct gl_api_entry *)entry)->name);
}

void *r600sim_gl_get_proc_address(const char *name)
{
   if (!name)
      return NULL;
   const struct gl_api_entry *e = bsearch(name, gl_api_table, gl_api_table_size,
                                          sizeof(gl_api_table[0]), compare_entry);
   return e ? (void *)e->proc : NULL;
}
