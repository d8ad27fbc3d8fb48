/* __egl_Main: libglvnd's entry into the r600sim EGL vendor (ABI in glvnd/libeglabi.h).
 *
 * libglvnd's libEGL.so.1 owns the exported egl* names and the current-context bookkeeping;
 * it asks a vendor for a display (getPlatformDisplay) and from then on calls the vendor's own
 * functions, found by name through getProcAddress. The GL names go the same way: glvnd's
 * libGLESv2.so.2 jumps through a dispatch table libGLdispatch fills from getProcAddress. This
 * library holds the whole EGL + GLES stack and exports nothing but __egl_Main, so every
 * pointer handed out here is ours, whatever other libGLESv2.so.2 the process has loaded.
 */
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include "egl_glvnd.h"
#include "egl_internal.h"
#include "st_api.h"

const __EGLapiExports *egl_glvnd_exports;

static void *vendor_get_proc_address(const char *name)
{
   if (strncmp(name, "gl", 2) == 0)
      return (void *)r600sim_gl_get_proc_address(name);
   return (void *)eglGetProcAddress(name);
}

static EGLDisplay vendor_get_platform_display(EGLenum platform, void *native,
                                              const EGLAttrib *attribs)
{
   /* EGL_NONE: the application called eglGetDisplay(EGL_DEFAULT_DISPLAY); our default. */
   if (platform == EGL_NONE)
      return eglGetDisplay((EGLNativeDisplayType)native);
   return eglGetPlatformDisplay(platform, native, attribs);
}

static EGLBoolean vendor_supports_api(EGLenum api)
{
   return api == EGL_OPENGL_ES_API;
}

/* libglvnd only passes through the client extensions it knows; the platform ones a vendor
 * adds come from here: every EGL_*_platform_* name of our client extension string. */
static char platform_extensions[1024];

static void collect_platform_extensions(void)
{
   const char *all = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   size_t used = 0;
   for (const char *p = all; p && *p;) {
      size_t n = strcspn(p, " ");
      static const char base_name[] = "EGL_EXT_platform_base";
      bool base = n == sizeof(base_name) - 1 && !memcmp(p, base_name, n);
      if (memmem(p, n, "_platform_", 10) && !base && used + n + 2 <= sizeof(platform_extensions)) {
         if (used)
            platform_extensions[used++] = ' ';
         memcpy(platform_extensions + used, p, n);
         used += n;
      }
      p += n + strspn(p + n, " ");
   }
   platform_extensions[used] = '\0';
}

static const char *vendor_get_vendor_string(int name)
{
   static pthread_once_t once = PTHREAD_ONCE_INIT;
   if (name != __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS)
      return NULL;
   pthread_once(&once, collect_platform_extensions);
   return platform_extensions;
}

/* eglGetDisplay(native) with a handle libglvnd cannot place: ours only if it is our
 * EGLDeviceEXT (compared, never dereferenced). X11 displays are recognised by libglvnd
 * itself for vendors listing EGL_KHR_platform_x11. */
static EGLenum vendor_find_native_display_platform(void *native)
{
   return egl_is_device(native) ? EGL_PLATFORM_DEVICE_EXT : EGL_NONE;
}

EGL_EXPORT EGLBoolean __egl_Main(uint32_t version, const __EGLapiExports *exports,
                                 __EGLvendorInfo *vendor, __EGLapiImports *imports)
{
   (void)vendor;
   if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) != EGL_VENDOR_ABI_MAJOR_VERSION)
      return EGL_FALSE;
   egl_glvnd_exports = exports;
   imports->getPlatformDisplay = vendor_get_platform_display;
   imports->getSupportsAPI = vendor_supports_api;
   imports->getVendorString = vendor_get_vendor_string;
   imports->getProcAddress = vendor_get_proc_address;
   imports->getDispatchAddress = egl_glvnd_dispatch_address;
   imports->setDispatchIndex = egl_glvnd_set_dispatch_index;
   imports->findNativeDisplayPlatform = vendor_find_native_display_platform;
   return EGL_TRUE;
}
