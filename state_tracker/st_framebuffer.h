/* State-tracker-internal: a window-system drawable (an EGL surface's buffers). */
#ifndef ST_FRAMEBUFFER_H
#define ST_FRAMEBUFFER_H

#include <stdatomic.h>

#include "pipe/p_state.h"

struct st_framebuffer {
   _Atomic int refcount;          /* the creator + each context that binds it */
   unsigned width, height;
   unsigned samples;              /* 0 = single-sampled, else 2/4/8 (resolved on reads) */
   struct pipe_resource *color;   /* top row first (see st_api.h) */
   struct pipe_resource *zs;      /* NULL without depth/stencil */
   /* Called after glFinish on a context drawing into it (EGL pixmap surfaces update their
    * pixmap then), NULL for none. */
   void (*finished)(void *data);
   void *finished_data;
};

struct st_framebuffer *st_framebuffer_ref(struct st_framebuffer *);
void st_framebuffer_unref(struct st_framebuffer *);

#endif
