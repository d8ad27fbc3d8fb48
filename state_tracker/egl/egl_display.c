/* The displays, one per platform, their initialisation and termination, the version and
 * extension strings, EGL_MESA_query_driver, and handle validation for the objects they own.
 *
 * Display selection: eglGetDisplay(EGL_DEFAULT_DISPLAY) and
 * eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY) return the
 * surfaceless display; eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, device) with the one
 * EGLDeviceEXT (egl_device.c) the device display. Both have the same configs and pbuffers,
 * on the same screen. Any other native display (e.g. an X11 Display*) has no matching
 * display yet (X11 comes in a later issue), so, as EGL 1.5 section 3.2 says for that case,
 * EGL_NO_DISPLAY is returned and no error is raised.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "glvnd/egl_report.h"
#include "egl_internal.h"
#include "st_api.h"

static struct egl_display displays[] = {
   {.platform = EGL_PLATFORM_SURFACELESS_MESA},
   {.platform = EGL_PLATFORM_DEVICE_EXT},
};
#define NUM_DISPLAYS (sizeof(displays) / sizeof(displays[0]))

static const char client_extensions[] =
   "EGL_EXT_client_extensions EGL_EXT_platform_base EGL_KHR_client_get_all_proc_addresses "
   "EGL_MESA_platform_surfaceless "
   "EGL_EXT_device_base EGL_EXT_device_query EGL_EXT_device_enumeration "
   "EGL_EXT_platform_device";
static const char display_extensions[] =
   "EGL_EXT_create_context_robustness EGL_KHR_create_context EGL_KHR_get_all_proc_addresses "
   "EGL_KHR_surfaceless_context EGL_KHR_no_config_context EGL_MESA_configless_context "
   "EGL_KHR_fence_sync EGL_KHR_wait_sync EGL_KHR_reusable_sync "
   "EGL_KHR_image_base EGL_KHR_gl_texture_2D_image EGL_EXT_image_flush_external "
   "EGL_MESA_query_driver";

static struct egl_display *display_of_platform(EGLenum platform)
{
   for (unsigned i = 0; i < NUM_DISPLAYS; i++)
      if (displays[i].platform == platform)
         return &displays[i];
   return NULL;
}

struct egl_display *egl_lookup_display(EGLDisplay dpy, bool allow_uninit)
{
   struct egl_display *d = NULL;
   for (unsigned i = 0; i < NUM_DISPLAYS; i++)
      if (dpy == (EGLDisplay)&displays[i])
         d = &displays[i];
   if (!d) {
      egl_error(EGL_BAD_DISPLAY);
      return NULL;
   }
   if (!d->initialized && !allow_uninit) {
      egl_error(EGL_NOT_INITIALIZED);
      return NULL;
   }
   return d;
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
   return (EGLDisplay)display_of_platform(EGL_PLATFORM_SURFACELESS_MESA);
}

/* Shared by the EGL 1.5 (EGLAttrib) and EXT (EGLint) entry points: neither platform defines
 * display attributes. The device platform's native display must be our EGLDeviceEXT
 * (EGL_EXT_platform_device: EGL_BAD_PARAMETER otherwise). */
static EGLDisplay get_platform_display(EGLenum platform, void *native, bool has_attribs)
{
   struct egl_display *d = display_of_platform(platform);
   EGLint err = EGL_SUCCESS;
   if (!d || (platform == EGL_PLATFORM_DEVICE_EXT && !egl_is_device(native)))
      err = EGL_BAD_PARAMETER;
   else if (has_attribs)
      err = EGL_BAD_ATTRIBUTE;
   if (err != EGL_SUCCESS) {
      egl_error(err);
      return EGL_NO_DISPLAY;
   }
   egl_success();
   if (platform == EGL_PLATFORM_SURFACELESS_MESA && native != EGL_DEFAULT_DISPLAY)
      return EGL_NO_DISPLAY;
   return (EGLDisplay)d;
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
      egl_report_initialize();
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
   while (d->images) {
      struct egl_image *i = d->images;
      d->images = i->next;
      egl_image_destroy(i);
   }
   while (d->syncs) {
      struct egl_sync *s = d->syncs;
      d->syncs = s->next;
      egl_sync_destroy(s);
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

/* ---- EGL_MESA_query_driver ---- */

const char *EGLAPIENTRY egl_get_display_driver_name(EGLDisplay dpy)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   egl_unlock();
   if (!d)
      return NULL;
   egl_success();
   return "r600sim";
}

/* The driver's options in driconf's XML format: r600sim reads no driconf (drirc) options,
 * its settings are R600SIM_* environment variables, so the document lists none. */
char *EGLAPIENTRY egl_get_display_driver_config(EGLDisplay dpy)
{
   static const char xml[] = "<?xml version=\"1.0\" standalone=\"yes\"?>\n"
                             "<driinfo>\n"
                             "</driinfo>\n";
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   egl_unlock();
   if (!d)
      return NULL;
   char *copy = strdup(xml); /* the application frees it */
   if (!copy) {
      egl_error(EGL_BAD_ALLOC);
      return NULL;
   }
   egl_success();
   return copy;
}
