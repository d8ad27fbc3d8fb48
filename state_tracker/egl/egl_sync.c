/* EGL 1.5 sync objects and images.
 *
 * Fence syncs: creating one finishes the current context's commands (glFinish), so the
 * fence is created already signaled; waits then return at once. That is exact (the fence
 * condition is "all prior commands complete") while submission is synchronous, and stays
 * correct, if conservative, once it is not.
 * Images: no EGLImage source type is supported yet, so creation fails as the spec requires
 * for an unsupported target. */
#include <stdlib.h>

#include "egl_internal.h"
#include "st_api.h"

EGL_EXPORT EGLSync EGLAPIENTRY eglCreateSync(EGLDisplay dpy, EGLenum type,
                                             const EGLAttrib *attribs)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   struct egl_context *ctx = egl_thread()->ctx;
   struct egl_sync *s = NULL;
   EGLint err = EGL_SUCCESS;
   if (!d) {
      /* "not the name of a valid, initialized EGLDisplay": EGL_BAD_DISPLAY either way */
      err = EGL_BAD_DISPLAY;
   } else if (type != EGL_SYNC_FENCE) {
      err = EGL_BAD_PARAMETER;
   } else if (attribs && attribs[0] != EGL_NONE) {
      err = EGL_BAD_ATTRIBUTE; /* fences have no creation attributes */
   } else if (!ctx) {
      err = EGL_BAD_MATCH;
   } else if (!(s = calloc(1, sizeof(*s)))) {
      err = EGL_BAD_ALLOC;
   }
   if (s) {
      s->type = EGL_SYNC_FENCE;
      s->status = EGL_SIGNALED;
      s->next = d->syncs;
      d->syncs = s;
   }
   egl_unlock();
   if (err != EGL_SUCCESS) {
      egl_error(err);
      return EGL_NO_SYNC;
   }
   r600sim_st_flush(ctx->st, true);
   egl_success();
   return (EGLSync)s;
}

static struct egl_sync *lookup(EGLDisplay dpy, EGLSync sync)
{
   struct egl_display *d = egl_lookup_display(dpy, false);
   if (!d)
      return NULL;
   struct egl_sync *s = egl_lookup_sync(d, sync);
   if (!s)
      egl_error(EGL_BAD_PARAMETER);
   return s;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglDestroySync(EGLDisplay dpy, EGLSync sync)
{
   egl_lock();
   struct egl_sync *s = lookup(dpy, sync);
   if (s) {
      for (struct egl_sync **p = &egl_the_display.syncs; *p; p = &(*p)->next)
         if (*p == s) {
            *p = s->next;
            break;
         }
      free(s);
      egl_success();
   }
   egl_unlock();
   return s ? EGL_TRUE : EGL_FALSE;
}

EGL_EXPORT EGLint EGLAPIENTRY eglClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags,
                                                EGLTime timeout)
{
   egl_lock();
   struct egl_sync *s = lookup(dpy, sync);
   egl_unlock();
   if (!s)
      return EGL_FALSE;
   egl_success();
   return EGL_CONDITION_SATISFIED; /* fences are created signaled */
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
   egl_lock();
   struct egl_sync *s = lookup(dpy, sync);
   egl_unlock();
   if (!s)
      return EGL_FALSE;
   if (flags != 0)
      return egl_error(EGL_BAD_PARAMETER);
   if (!egl_thread()->ctx)
      return egl_error(EGL_BAD_MATCH);
   egl_success();
   return EGL_TRUE;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglGetSyncAttrib(EGLDisplay dpy, EGLSync sync,
                                                   EGLint attribute, EGLAttrib *value)
{
   egl_lock();
   struct egl_sync *s = lookup(dpy, sync);
   EGLAttrib v = 0;
   bool ok = s != NULL;
   if (s) {
      switch (attribute) {
      case EGL_SYNC_TYPE: v = s->type; break;
      case EGL_SYNC_STATUS: v = s->status; break;
      case EGL_SYNC_CONDITION: v = EGL_SYNC_PRIOR_COMMANDS_COMPLETE; break;
      default: ok = egl_error(EGL_BAD_ATTRIBUTE); break;
      }
   }
   egl_unlock();
   if (ok && value)
      *value = v;
   return egl_result(ok);
}

EGL_EXPORT EGLImage EGLAPIENTRY eglCreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target,
                                               EGLClientBuffer buffer, const EGLAttrib *attribs)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   if (d) {
      if (ctx != EGL_NO_CONTEXT && !egl_lookup_context(d, ctx))
         egl_error(EGL_BAD_CONTEXT);
      else
         egl_error(EGL_BAD_PARAMETER);
   }
   egl_unlock();
   return EGL_NO_IMAGE;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglDestroyImage(EGLDisplay dpy, EGLImage image)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   return egl_error(EGL_BAD_PARAMETER); /* no image can exist */
}
