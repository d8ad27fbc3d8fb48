/* eglGetProcAddress: every EGL function we implement (core ones too, per EGL 1.5 and
 * EGL_KHR_get_all_proc_addresses) and, through the GLES layer, every gl* function. Works
 * before any display exists. */
#include <string.h>

#include "egl_internal.h"
#include "st_api.h"

#define ENTRY(name) {#name, (void (*)(void))name}

static const struct {
   const char *name;
   void (*func)(void);
} egl_functions[] = {
   ENTRY(eglBindAPI), ENTRY(eglBindTexImage), ENTRY(eglChooseConfig),
   ENTRY(eglClientWaitSync), ENTRY(eglCopyBuffers), ENTRY(eglCreateContext),
   ENTRY(eglCreateImage), ENTRY(eglCreatePbufferFromClientBuffer),
   ENTRY(eglCreatePbufferSurface), ENTRY(eglCreatePixmapSurface),
   ENTRY(eglCreatePlatformPixmapSurface), ENTRY(eglCreatePlatformWindowSurface),
   ENTRY(eglCreateSync), ENTRY(eglCreateWindowSurface), ENTRY(eglDestroyContext),
   ENTRY(eglDestroyImage), ENTRY(eglDestroySurface), ENTRY(eglDestroySync),
   ENTRY(eglGetConfigAttrib), ENTRY(eglGetConfigs), ENTRY(eglGetCurrentContext),
   ENTRY(eglGetCurrentDisplay), ENTRY(eglGetCurrentSurface), ENTRY(eglGetDisplay),
   ENTRY(eglGetError), ENTRY(eglGetPlatformDisplay), ENTRY(eglGetProcAddress),
   ENTRY(eglGetSyncAttrib), ENTRY(eglInitialize), ENTRY(eglMakeCurrent),
   ENTRY(eglQueryAPI), ENTRY(eglQueryContext), ENTRY(eglQueryString),
   ENTRY(eglQuerySurface), ENTRY(eglReleaseTexImage), ENTRY(eglReleaseThread),
   ENTRY(eglSurfaceAttrib), ENTRY(eglSwapBuffers), ENTRY(eglSwapInterval),
   ENTRY(eglTerminate), ENTRY(eglWaitClient), ENTRY(eglWaitGL), ENTRY(eglWaitNative),
   ENTRY(eglWaitSync),
   /* EGL_EXT_platform_base */
   {"eglGetPlatformDisplayEXT", (void (*)(void))egl_get_platform_display_ext},
   {"eglCreatePlatformWindowSurfaceEXT", (void (*)(void))egl_create_platform_window_surface_ext},
   {"eglCreatePlatformPixmapSurfaceEXT", (void (*)(void))egl_create_platform_pixmap_surface_ext},
   /* EGL_KHR_swap_buffers_with_damage, EGL_EXT_swap_buffers_with_damage */
   {"eglSwapBuffersWithDamageKHR", (void (*)(void))egl_swap_buffers_with_damage},
   {"eglSwapBuffersWithDamageEXT", (void (*)(void))egl_swap_buffers_with_damage},
   /* EGL_CHROMIUM_sync_control */
   {"eglGetSyncValuesCHROMIUM", (void (*)(void))egl_get_sync_values_chromium},
   /* EGL_KHR_fence_sync, EGL_KHR_wait_sync */
   {"eglCreateSyncKHR", (void (*)(void))egl_create_sync_khr},
   {"eglDestroySyncKHR", (void (*)(void))egl_destroy_sync_khr},
   {"eglClientWaitSyncKHR", (void (*)(void))egl_client_wait_sync_khr},
   {"eglGetSyncAttribKHR", (void (*)(void))egl_get_sync_attrib_khr},
   {"eglWaitSyncKHR", (void (*)(void))egl_wait_sync_khr},
   /* EGL_KHR_reusable_sync */
   {"eglSignalSyncKHR", (void (*)(void))egl_signal_sync_khr},
   /* EGL_EXT_device_query, EGL_EXT_device_enumeration */
   {"eglQueryDevicesEXT", (void (*)(void))egl_query_devices_ext},
   {"eglQueryDeviceAttribEXT", (void (*)(void))egl_query_device_attrib_ext},
   {"eglQueryDeviceStringEXT", (void (*)(void))egl_query_device_string_ext},
   {"eglQueryDisplayAttribEXT", (void (*)(void))egl_query_display_attrib_ext},
   /* EGL_KHR_image_base, EGL_EXT_image_flush_external */
   {"eglCreateImageKHR", (void (*)(void))egl_create_image_khr},
   {"eglDestroyImageKHR", (void (*)(void))egl_destroy_image_khr},
   {"eglImageFlushExternalEXT", (void (*)(void))egl_image_flush_external_ext},
   {"eglImageInvalidateExternalEXT", (void (*)(void))egl_image_invalidate_external_ext},
   /* EGL_MESA_query_driver */
   {"eglGetDisplayDriverName", (void (*)(void))egl_get_display_driver_name},
   {"eglGetDisplayDriverConfig", (void (*)(void))egl_get_display_driver_config},
};

EGL_EXPORT __eglMustCastToProperFunctionPointerType EGLAPIENTRY
eglGetProcAddress(const char *name)
{
   egl_success();
   if (!name)
      return NULL;
   if (strncmp(name, "egl", 3) == 0) {
      for (unsigned i = 0; i < sizeof(egl_functions) / sizeof(egl_functions[0]); i++)
         if (strcmp(egl_functions[i].name, name) == 0)
            return egl_functions[i].func;
      return NULL;
   }
   if (strncmp(name, "gl", 2) == 0)
      return (__eglMustCastToProperFunctionPointerType)r600sim_gl_get_proc_address(name);
   return NULL;
}
