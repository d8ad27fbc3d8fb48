/* The one EGLDeviceEXT: the simulated R600/R700 GPU, a software device (it runs on the CPU
 * and has no DRM node), hence EGL_MESA_device_software and no EGL_EXT_device_drm.
 * EGL_EXT_device_query, EGL_EXT_device_enumeration (together EGL_EXT_device_base) and the
 * display's EGL_DEVICE_EXT attribute; EGL_EXT_platform_device displays are made in
 * egl_display.c. */
#include <stddef.h>

#include "egl_internal.h"

/* The device handle is this object's address. */
static const struct {
   const char *extensions;
} the_device = {"EGL_MESA_device_software"};

bool egl_is_device(void *native) { return native == (void *)&the_device; }

EGLBoolean EGLAPIENTRY egl_query_devices_ext(EGLint max, EGLDeviceEXT *devices, EGLint *num)
{
   if (!num || (devices && max <= 0))
      return egl_error(EGL_BAD_PARAMETER);
   if (devices)
      devices[0] = (EGLDeviceEXT)&the_device;
   *num = 1;
   egl_success();
   return EGL_TRUE;
}

/* The device has no attributes: EGL_EXT_device_drm's and others' are not ours. */
EGLBoolean EGLAPIENTRY egl_query_device_attrib_ext(EGLDeviceEXT device, EGLint attribute,
                                                   EGLAttrib *value)
{
   if (!egl_is_device(device))
      return egl_error(EGL_BAD_DEVICE_EXT);
   return egl_error(EGL_BAD_ATTRIBUTE);
}

const char *EGLAPIENTRY egl_query_device_string_ext(EGLDeviceEXT device, EGLint name)
{
   if (!egl_is_device(device)) {
      egl_error(EGL_BAD_DEVICE_EXT);
      return NULL;
   }
   if (name != EGL_EXTENSIONS) {
      egl_error(EGL_BAD_PARAMETER);
      return NULL;
   }
   egl_success();
   return the_device.extensions;
}

/* Every display (of either platform) is on the one device. */
EGLBoolean EGLAPIENTRY egl_query_display_attrib_ext(EGLDisplay dpy, EGLint attribute,
                                                    EGLAttrib *value)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   egl_unlock();
   if (!d)
      return EGL_FALSE;
   if (attribute != EGL_DEVICE_EXT)
      return egl_error(EGL_BAD_ATTRIBUTE);
   if (value)
      *value = (EGLAttrib)&the_device;
   egl_success();
   return EGL_TRUE;
}
