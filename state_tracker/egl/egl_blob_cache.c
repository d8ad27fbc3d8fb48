/* EGL_ANDROID_blob_cache: the application's cache functions, set once per initialized
 * display (eglTerminate forgets them). Contexts of the display see them through the
 * display's st_blob_cache (st_api.h); the GLES layer stores linked programs through them. */
#include "egl_internal.h"

void EGLAPIENTRY egl_set_blob_cache_funcs_android(EGLDisplay dpy, EGLSetBlobFuncANDROID set,
                                                  EGLGetBlobFuncANDROID get)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   if (d && (!set || !get || atomic_load(&d->blob_cache.ready))) {
      egl_error(EGL_BAD_PARAMETER);   /* both are needed, and only once */
   } else if (d) {
      /* khronos_ssize_t is a long on the targets we build for (st_api.h) */
      d->blob_cache.set = (st_blob_set_func)set;
      d->blob_cache.get = (st_blob_get_func)get;
      atomic_store(&d->blob_cache.ready, true);
      egl_success();
   }
   egl_unlock();
}

void egl_blob_cache_reset(struct egl_display *d)
{
   atomic_store(&d->blob_cache.ready, false);
   d->blob_cache.set = NULL;
   d->blob_cache.get = NULL;
}
