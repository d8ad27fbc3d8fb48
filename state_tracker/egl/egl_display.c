/* The one EGLDisplay (the surfaceless platform), its initialisation and termination, the
 * version/extension strings, and handle validation for the objects it owns.
 *
 * Display selection: eglGetDisplay(EGL_DEFAULT_DISPLAY) and
 * eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY) return the
 * surfaceless display. Any other native display (e.g. an X11 Display*) has no matching
 * display yet (X11 comes in a later issue), so, as EGL 1.5 section 3.2 says for that case,
 * EGL_NO_DISPLAY is returned and no error is raised.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "egl_internal.h"
#include "st_api.h"

struct egl_display egl_the_display;

static const char client_extensions[] =
   "EGL_EXT_client_extensions EGL_EXT_platform_base EGL_KHR_client_get_all_proc_addresses "
   "EGL_MESA_platform_surfaceless";
static const char display_extensions[] =
   "EGL_EXT_create_context_robustness EGL_KHR_create_context EGL_KHR_get_all_proc_addresses "
   "EGL_KHR_surfaceless_context";

struct egl_display *egl_lookup_display(EGLDisplay dpy, bool allow_uninit)
{
   if (dpy != (EGLDisplay)&egl_the_display) {
      egl_error(EGL_BAD_DISPLAY);
      return NULL;
   }
   if (!egl_the_display.initialized && !allow_uninit) {
      egl_error(EGL_NOT_INITIALIZED);
      return NULL;
   }
   return &egl_the_display;
}

struct egl_surface *egl_lookup_surface(struct egl_display *d, EGLSurface handle)
{
   for (struct egl_surface *s = d->surfaces; s; s = s->next)
      if ((EGLSurface)s == handle)
         return s;
   return NULL;
}

struct egl_context *egl_lookup_context(struct egl_display *d, EGLContext handle)
{
   for (struct egl_context *c = d->contexts; c; c = c->next)
      if ((EGLContext)c == handle)
         return c;
   return NULL;
}

struct egl_sync *egl_lookup_sync(struct egl_display *d, EGLSync handle)
{
   for (struct egl_sync *s = d->syncs; s; s = s->next)
      if ((EGLSync)s == handle)
         return s;
   return NULL;
}

EGL_EXPORT EGLDisplay EGLAPIENTRY eglGetDisplay(EGLNativeDisplayType native)
{
   egl_success();
   if (native != EGL_DEFAULT_DISPLAY)
      return EGL_NO_DISPLAY;
   return (EGLDisplay)&egl_the_display;
}

/* Shared by the EGL 1.5 (EGLAttrib) and EXT (EGLint) entry points: the surfaceless platform
 * defines no display attributes. */
static EGLDisplay get_platform_display(EGLenum platform, void *native, bool has_attribs)
{
   if (platform != EGL_PLATFORM_SURFACELESS_MESA) {
      egl_error(EGL_BAD_PARAMETER);
      return EGL_NO_DISPLAY;
   }
   if (has_attribs) {
      egl_error(EGL_BAD_ATTRIBUTE);
      return EGL_NO_DISPLAY;
   }
   egl_success();
   if (native != EGL_DEFAULT_DISPLAY)
      return EGL_NO_DISPLAY;
   return (EGLDisplay)&egl_the_display;
}

EGL_EXPORT EGLDisplay EGLAPIENTRY eglGetPlatformDisplay(EGLenum platform, void *native,
                                                        const EGLAttrib *attribs)
{
   return get_platform_display(platform, native, attribs && attribs[0] != EGL_NONE);
}

EGLDisplay EGLAPIENTRY egl_get_platform_display_ext(EGLenum platform, void *native,
                                                    const EGLint *attribs)
{
   return get_platform_display(platform, native, attribs && attribs[0] != EGL_NONE);
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglInitialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, true);
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   if (!d->initialized) {
      /* The process-wide screen (driver + simulated GPU) must come up for the display to
       * be usable. */
      if (!r600sim_st_screen()) {
         egl_unlock();
         return egl_error(EGL_NOT_INITIALIZED);
      }
      d->initialized = true;
   }
   egl_unlock();
   if (major)
      *major = 1;
   if (minor)
      *minor = 5;
   egl_success();
   return EGL_TRUE;
}

/* Marks every object for deletion: handles become invalid now; objects current to some
 * thread are freed when that thread releases them (eglMakeCurrent / eglReleaseThread). */
EGL_EXPORT EGLBoolean EGLAPIENTRY eglTerminate(EGLDisplay dpy)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, true);
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   while (d->contexts) {
      struct egl_context *c = d->contexts;
      d->contexts = c->next;
      c->deleted = true;
      egl_context_release(c);
   }
   while (d->surfaces) {
      struct egl_surface *s = d->surfaces;
      d->surfaces = s->next;
      s->deleted = true;
      egl_surface_release(s);
   }
   while (d->syncs) {
      struct egl_sync *s = d->syncs;
      d->syncs = s->next;
      free(s);
   }
   d->initialized = false;
   egl_unlock();
   egl_success();
   return EGL_TRUE;
}

EGL_EXPORT const char *EGLAPIENTRY eglQueryString(EGLDisplay dpy, EGLint name)
{
   if (dpy == EGL_NO_DISPLAY) {
      /* EGL_EXT_client_extensions, and EGL 1.5's client version query. */
      if (name == EGL_EXTENSIONS) {
         egl_success();
         return client_extensions;
      }
      if (name == EGL_VERSION) {
         egl_success();
         return "1.5 r600sim";
      }
      egl_error(EGL_BAD_DISPLAY);
      return NULL;
   }
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   egl_unlock();
   if (!d)
      return NULL;
   const char *s;
   switch (name) {
   case EGL_VENDOR: s = "r600sim"; break;
   case EGL_VERSION: s = "1.5 r600sim"; break;
   case EGL_CLIENT_APIS: s = "OpenGL_ES"; break;
   case EGL_EXTENSIONS: s = display_extensions; break;
   default:
      egl_error(EGL_BAD_PARAMETER);
      return NULL;
   }
   egl_success();
   return s;
}
