/* Drawables of EGL surfaces: a colour resource and an optional depth/stencil resource,
 * refcounted so a surface destroyed while current stays valid until it is unbound. */
#include <stdlib.h>

#include "pipe/p_screen.h"
#include "st_api.h"
#include "st_framebuffer.h"

static struct pipe_resource *create_buffer(struct pipe_screen *screen, unsigned width,
                                           unsigned height, enum pipe_format format,
                                           unsigned bind, unsigned samples)
{
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = format,
      .width0 = width,
      .height0 = height,
      .depth0 = 1,
      .nr_samples = samples,
      .bind = bind,
   };
   return screen->resource_create(screen, &templ);
}

struct st_framebuffer *r600sim_st_framebuffer_create(unsigned width, unsigned height,
                                                     enum pipe_format color, enum pipe_format zs)
{
   return r600sim_st_framebuffer_create_ms(width, height, color, zs, 0);
}

struct st_framebuffer *r600sim_st_framebuffer_create_ms(unsigned width, unsigned height,
                                                        enum pipe_format color,
                                                        enum pipe_format zs, unsigned samples)
{
   struct pipe_screen *screen = r600sim_st_screen();
   if (!screen || width == 0 || height == 0 || color == PIPE_FORMAT_NONE)
      return NULL;
   struct st_framebuffer *fb = calloc(1, sizeof(*fb));
   if (!fb)
      return NULL;
   fb->refcount = 1;
   fb->width = width;
   fb->height = height;
   fb->samples = samples > 1 ? samples : 0;
   fb->color = create_buffer(screen, width, height, color,
                             PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET, samples);
   if (zs != PIPE_FORMAT_NONE)
      fb->zs = create_buffer(screen, width, height, zs, PIPE_BIND_DEPTH_STENCIL, samples);
   if (!fb->color || (zs != PIPE_FORMAT_NONE && !fb->zs)) {
      st_framebuffer_unref(fb);
      return NULL;
   }
   return fb;
}

struct st_framebuffer *st_framebuffer_ref(struct st_framebuffer *fb)
{
   if (fb)
      atomic_fetch_add_explicit(&fb->refcount, 1, memory_order_relaxed);
   return fb;
}

void st_framebuffer_unref(struct st_framebuffer *fb)
{
   if (!fb || atomic_fetch_sub_explicit(&fb->refcount, 1, memory_order_acq_rel) != 1)
      return;
   pipe_resource_reference(&fb->color, NULL);
   pipe_resource_reference(&fb->zs, NULL);
   free(fb);
}

void r600sim_st_framebuffer_destroy(struct st_framebuffer *fb)
{
   st_framebuffer_unref(fb);
}

struct pipe_resource *r600sim_st_framebuffer_color(struct st_framebuffer *fb)
{
   return fb ? fb->color : NULL;
}

void r600sim_st_framebuffer_on_finish(struct st_framebuffer *fb, void (*finished)(void *data),
                                      void *data)
{
   fb->finished = finished;
   fb->finished_data = data;
}
