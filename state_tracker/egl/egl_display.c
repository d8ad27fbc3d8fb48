/* The displays, their initialisation and termination, the version and extension strings,
 * EGL_MESA_query_driver, and handle validation for the objects they own.
 *
 * Display selection: eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY)
 * gives the surfaceless display; (EGL_PLATFORM_DEVICE_EXT, device) with the one EGLDeviceEXT
 * (egl_device.c) the device display; EGL_PLATFORM_X11_KHR with a Display* and
 * EGL_PLATFORM_XCB_EXT with an xcb_connection_t* (EGL_DEFAULT_DISPLAY: $DISPLAY) an X11
 * display (egl_platform_x11.c). eglGetDisplay(native) picks the platform as Mesa does: the
 * EGL_PLATFORM (or older EGL_DISPLAY) environment variable when it names one of ours
 * (x11, xcb, surfaceless, device), else X11 for a native display that points to mapped
 * memory (an Xlib Display*) and for EGL_DEFAULT_DISPLAY when $DISPLAY names a server that
 * accepts our connection, else surfaceless. A native display no platform takes gives EGL_NO_DISPLAY without an error
 * (EGL 1.5 section 3.2).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "glvnd/egl_report.h"
#include "egl_internal.h"
#include "egl_x11.h"
#include "st_api.h"

static struct egl_display displays[] = {
   {.platform = EGL_PLATFORM_SURFACELESS_MESA},
   {.platform = EGL_PLATFORM_DEVICE_EXT},
};
#define NUM_DISPLAYS (sizeof(displays) / sizeof(displays[0]))

static const char client_extensions[] =
   "EGL_EXT_client_extensions EGL_EXT_platform_base EGL_KHR_client_get_all_proc_addresses "
   "EGL_MESA_platform_surfaceless EGL_KHR_platform_x11 EGL_EXT_platform_x11 "
   "EGL_EXT_platform_xcb "
   "EGL_EXT_device_base EGL_EXT_device_query EGL_EXT_device_enumeration "
   "EGL_EXT_platform_device";
/* What every display offers; X11 displays add presenting window surfaces. */
#define COMMON_DISPLAY_EXTENSIONS \
   "EGL_EXT_create_context_robustness EGL_KHR_create_context EGL_KHR_get_all_proc_addresses " \
   "EGL_KHR_surfaceless_context EGL_KHR_no_config_context EGL_MESA_configless_context " \
   "EGL_KHR_fence_sync EGL_KHR_wait_sync EGL_KHR_reusable_sync " \
   "EGL_KHR_image_base EGL_KHR_gl_texture_2D_image EGL_EXT_image_flush_external " \
   "EGL_MESA_query_driver EGL_ANDROID_blob_cache"
static const char display_extensions[] = COMMON_DISPLAY_EXTENSIONS;
static const char x11_display_extensions[] =
   COMMON_DISPLAY_EXTENSIONS " EGL_EXT_buffer_age EGL_KHR_swap_buffers_with_damage "
   "EGL_EXT_swap_buffers_with_damage EGL_CHROMIUM_sync_control";

static struct egl_display *display_of_platform(EGLenum platform)
{
   for (unsigned i = 0; i < NUM_DISPLAYS; i++)
      if (displays[i].platform == platform)
         return &displays[i];
   return NULL;
}

struct egl_display *egl_lookup_display(EGLDisplay dpy, bool allow_uninit)
{
   struct egl_display *d = egl_x11_lookup(dpy);
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

/* Shared by the EGL 1.5 (EGLAttrib), EXT (EGLint) and eglGetDisplay entry points (attribs
 * as EGLAttrib pairs). Only the X11 platforms define an attribute: the screen
 * (EGL_PLATFORM_X11_SCREEN_KHR, EGL_PLATFORM_XCB_SCREEN_EXT). The device platform's native
 * display must be our EGLDeviceEXT (EGL_EXT_platform_device: EGL_BAD_PARAMETER otherwise). */
static EGLDisplay get_platform_display(EGLenum platform, void *native, const EGLAttrib *attribs)
{
   bool xlib = platform == EGL_PLATFORM_X11_KHR, xcb = platform == EGL_PLATFORM_XCB_EXT;
   struct egl_display *d = display_of_platform(platform);
   EGLint err = EGL_SUCCESS;
   long screen = -1;
   if ((!d && !xlib && !xcb) ||
       (platform == EGL_PLATFORM_DEVICE_EXT && !egl_is_device(native)))
      err = EGL_BAD_PARAMETER;
   for (const EGLAttrib *a = attribs; err == EGL_SUCCESS && a && a[0] != EGL_NONE; a += 2) {
      if ((xlib && a[0] == EGL_PLATFORM_X11_SCREEN_KHR) ||
          (xcb && a[0] == EGL_PLATFORM_XCB_SCREEN_EXT))
         screen = a[1] >= 0 && a[1] <= 255 ? (long)a[1] : -2;
      else
         err = EGL_BAD_ATTRIBUTE;
   }
   if (screen == -2)
      err = EGL_BAD_ATTRIBUTE;
   if (err == EGL_SUCCESS && (xlib || xcb)) {
      egl_lock();
      d = egl_x11_get_display(xlib ? EGL_X11_XLIB : EGL_X11_XCB, native, (int)screen);
      egl_unlock();
      if (!d)
         err = EGL_BAD_ALLOC;
   }
   if (err != EGL_SUCCESS) {
      egl_error(err);
      return EGL_NO_DISPLAY;
   }
   egl_success();
   if (platform == EGL_PLATFORM_SURFACELESS_MESA && native != EGL_DEFAULT_DISPLAY)
      return EGL_NO_DISPLAY;
   return (EGLDisplay)d;
}

/* The platform EGL_PLATFORM / EGL_DISPLAY names, 0 when unset or not one of ours. */
static EGLenum platform_from_env(void)
{
   static const struct {
      const char *name;
      EGLenum platform;
   } names[] = {{"x11", EGL_PLATFORM_X11_KHR}, {"xcb", EGL_PLATFORM_XCB_EXT},
                {"surfaceless", EGL_PLATFORM_SURFACELESS_MESA},
                {"device", EGL_PLATFORM_DEVICE_EXT}};
   const char *env = getenv("EGL_PLATFORM");
   if (!env || !*env)
      env = getenv("EGL_DISPLAY");
   for (unsigned i = 0; env && i < sizeof(names) / sizeof(names[0]); i++)
      if (strcmp(env, names[i].name) == 0)
         return names[i].platform;
   return 0;
}

EGL_EXPORT EGLDisplay EGLAPIENTRY eglGetDisplay(EGLNativeDisplayType native)
{
   EGLenum platform = platform_from_env();
   if (!platform && native) {
      platform = egl_x11_is_xlib_display((void *)native) ? EGL_PLATFORM_X11_KHR
                                                          : EGL_PLATFORM_SURFACELESS_MESA;
   } else if (!platform) {
      /* EGL_DEFAULT_DISPLAY: X11 when $DISPLAY names a server we can reach, so that
       * headless programs keep working with a stale $DISPLAY (Mesa would fail there). */
      const char *x = getenv("DISPLAY");
      bool x11 = false;
      if (x && *x) {
         egl_lock();
         struct egl_display *d = egl_x11_get_display(EGL_X11_XLIB, NULL, -1);
         x11 = d && egl_x11_connect(d);
         egl_unlock();
      }
      platform = x11 ? EGL_PLATFORM_X11_KHR : EGL_PLATFORM_SURFACELESS_MESA;
   }
   if (platform == EGL_PLATFORM_DEVICE_EXT && !egl_is_device((void *)native)) {
      egl_success();
      return EGL_NO_DISPLAY;
   }
   return get_platform_display(platform, (void *)native, NULL);
}

/* The EGLint list of the EXT entry point as EGLAttrib pairs (up to 16 of them). */
EGLDisplay EGLAPIENTRY egl_get_platform_display_ext(EGLenum platform, void *native,
                                                    const EGLint *attribs)
{
   EGLAttrib list[33];
   unsigned n = 0;
   for (; attribs && attribs[n] != EGL_NONE && n < 32; n += 2) {
      list[n] = attribs[n];
      list[n + 1] = attribs[n + 1];
   }
   if (attribs && attribs[n] != EGL_NONE) {
      egl_error(EGL_BAD_ATTRIBUTE);
      return EGL_NO_DISPLAY;
   }
   list[n] = EGL_NONE;
   return get_platform_display(platform, native, list);
}

EGL_EXPORT EGLDisplay EGLAPIENTRY eglGetPlatformDisplay(EGLenum platform, void *native,
                                                        const EGLAttrib *attribs)
{
   return get_platform_display(platform, native, attribs);
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
      if (!r600sim_st_screen() || (d->x11 && !egl_x11_initialize(d))) {
         egl_unlock();
         return egl_error(EGL_NOT_INITIALIZED);
      }
      if (!d->x11)
         d->configs = egl_pbuffer_configs(&d->num_configs);
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
   egl_blob_cache_reset(d);
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
   case EGL_EXTENSIONS: s = d->x11 ? x11_display_extensions : display_extensions; break;
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
