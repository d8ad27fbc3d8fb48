/* r600sim pipe interface: the screen (one per device) - caps, formats, resources, fences. */
#ifndef PIPE_P_SCREEN_H
#define PIPE_P_SCREEN_H

#include "pipe/p_state.h"

struct pipe_fence_handle;

struct pipe_screen {
   const char *(*get_name)(struct pipe_screen *);      /* GL_RENDERER */
   const char *(*get_vendor)(struct pipe_screen *);    /* GL_VENDOR */
   int (*get_param)(struct pipe_screen *, enum pipe_cap);

   /* Can `format` be used with all of `bind` at `sample_count` samples? */
   bool (*is_format_supported)(struct pipe_screen *, enum pipe_format format,
                               enum pipe_texture_target target, unsigned sample_count,
                               unsigned bind);

   struct pipe_context *(*context_create)(struct pipe_screen *, void *priv);

   /* Returns NULL when out of (GPU) memory. */
   struct pipe_resource *(*resource_create)(struct pipe_screen *, const struct pipe_resource *templ);
   void (*resource_destroy)(struct pipe_screen *, struct pipe_resource *);

   /* Fences are returned by pipe_context::flush. */
   void (*fence_reference)(struct pipe_screen *, struct pipe_fence_handle **dst,
                           struct pipe_fence_handle *src);
   /* timeout in ns; UINT64_MAX = wait forever. Returns true when signalled. */
   bool (*fence_finish)(struct pipe_screen *, struct pipe_fence_handle *, uint64_t timeout);

   /* The GPU's current time in nanoseconds (what a TIMESTAMP query would record now). */
   uint64_t (*get_timestamp)(struct pipe_screen *);

   void (*destroy)(struct pipe_screen *);
};

/* Contexts of a share group (threads) reference the same resources: the count is atomic, and
 * whoever drops the last reference destroys the resource. Taking a reference needs no ordering
 * (the caller already holds one); dropping one releases this thread's writes to the resource,
 * and the last dropper acquires everyone else's before destroying it. */
static inline void pipe_resource_reference(struct pipe_resource **dst, struct pipe_resource *src)
{
   struct pipe_resource *old = *dst;
   if (src)
      atomic_fetch_add_explicit(&src->refcount, 1, memory_order_relaxed);
   if (old && atomic_fetch_sub_explicit(&old->refcount, 1, memory_order_acq_rel) == 1)
      old->screen->resource_destroy(old->screen, old);
   *dst = src;
}

#endif
