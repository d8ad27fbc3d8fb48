/* EGL images (EGL 1.5 section 3.9). No EGLImage source type is supported yet, so creation
 * fails as the spec requires for an unsupported target. */
#include "egl_internal.h"

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
