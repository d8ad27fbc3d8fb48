/* Dispatch stubs for the EGL extension functions libglvnd's libEGL does not know.
 *
 * eglGetProcAddress("eglCreateImageKHR") in libglvnd asks each vendor for a stub
 * (getDispatchAddress), numbers the function (setDispatchIndex) and hands the stub to the
 * application. The stub may be called with any vendor's handle: it finds the vendor owning
 * the EGLDisplay (or EGLDeviceEXT), fetches that vendor's function by the index and calls it,
 * as libglvnd's own stubs do for core functions. Only functions our eglGetProcAddress knows
 * get a stub, so the list can name extensions before they are implemented.
 */
#include <string.h>

#include "egl_glvnd.h"
#include "egl_internal.h"

typedef void (*egl_func)(void);

/* Finds the function of the vendor owning `vendor` and records it as the last vendor (for
 * eglGetError); NULL, with `error` set, when the handle belongs to no vendor. */
static egl_func fetch(__EGLvendorInfo *vendor, int index, EGLint error)
{
   const __EGLapiExports *x = egl_glvnd_exports;
   egl_func f = vendor && index >= 0 ? x->fetchDispatchEntry(vendor, index) : NULL;
   if (!f) {
      x->setEGLError(error);
      return NULL;
   }
   return x->setLastVendor(vendor) ? f : NULL;
}

static egl_func by_display(EGLDisplay dpy, int index)
{
   egl_glvnd_exports->threadInit();
   return fetch(egl_glvnd_exports->getVendorFromDisplay(dpy), index, EGL_BAD_DISPLAY);
}

static egl_func by_device(EGLDeviceEXT dev, int index)
{
   egl_glvnd_exports->threadInit();
   return fetch(egl_glvnd_exports->getVendorFromDevice(dev), index, EGL_BAD_DEVICE_EXT);
}

/* One stub: `key` is the handle parameter that selects the vendor (dpy or dev). */
#define STUB(ret, name, fail, lookup, key, params, args)                                  \
   static int name##_index = -1;                                                          \
   static ret EGLAPIENTRY name##_stub params                                              \
   {                                                                                      \
      typedef ret(EGLAPIENTRY * fn_t) params;                                             \
      fn_t fn = (fn_t)lookup(key, name##_index);                                          \
      return fn ? fn args : fail;                                                         \
   }

/* EGL_KHR_fence_sync, EGL_KHR_wait_sync, EGL_KHR_reusable_sync */
STUB(EGLSyncKHR, eglCreateSyncKHR, EGL_NO_SYNC_KHR, by_display, dpy,
     (EGLDisplay dpy, EGLenum type, const EGLint *attribs), (dpy, type, attribs))
STUB(EGLBoolean, eglDestroySyncKHR, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLSyncKHR sync), (dpy, sync))
STUB(EGLint, eglClientWaitSyncKHR, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout),
     (dpy, sync, flags, timeout))
STUB(EGLBoolean, eglGetSyncAttribKHR, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint *value),
     (dpy, sync, attribute, value))
STUB(EGLint, eglWaitSyncKHR, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLSyncKHR sync, EGLint flags), (dpy, sync, flags))
STUB(EGLBoolean, eglSignalSyncKHR, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLSyncKHR sync, EGLenum mode), (dpy, sync, mode))
/* EGL_KHR_image_base, EGL_EXT_image_flush_external */
STUB(EGLImageKHR, eglCreateImageKHR, EGL_NO_IMAGE_KHR, by_display, dpy,
     (EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
      const EGLint *attribs),
     (dpy, ctx, target, buffer, attribs))
STUB(EGLBoolean, eglDestroyImageKHR, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLImageKHR image), (dpy, image))
STUB(EGLBoolean, eglImageFlushExternalEXT, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLImageKHR image, const EGLAttrib *attribs), (dpy, image, attribs))
STUB(EGLBoolean, eglImageInvalidateExternalEXT, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLImageKHR image, const EGLAttrib *attribs), (dpy, image, attribs))
/* EGL_KHR_swap_buffers_with_damage, EGL_EXT_swap_buffers_with_damage, EGL_KHR_partial_update */
STUB(EGLBoolean, eglSwapBuffersWithDamageKHR, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n),
     (dpy, surface, rects, n))
STUB(EGLBoolean, eglSwapBuffersWithDamageEXT, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n),
     (dpy, surface, rects, n))
STUB(EGLBoolean, eglSetDamageRegionKHR, EGL_FALSE, by_display, dpy,
     (EGLDisplay dpy, EGLSurface surface, EGLint *rects, EGLint n), (dpy, surface, rects, n))
/* EGL_MESA_query_driver */
STUB(const char *, eglGetDisplayDriverName, NULL, by_display, dpy, (EGLDisplay dpy), (dpy))
STUB(char *, eglGetDisplayDriverConfig, NULL, by_display, dpy, (EGLDisplay dpy), (dpy))
/* EGL_EXT_device_query (eglQueryDevicesEXT and eglQueryDisplayAttribEXT are libglvnd's) */
STUB(EGLBoolean, eglQueryDeviceAttribEXT, EGL_FALSE, by_device, dev,
     (EGLDeviceEXT dev, EGLint attribute, EGLAttrib *value), (dev, attribute, value))
STUB(const char *, eglQueryDeviceStringEXT, NULL, by_device, dev,
     (EGLDeviceEXT dev, EGLint name), (dev, name))

#define ENTRY(name) {#name, (egl_func)name##_stub, &name##_index}

static const struct {
   const char *name;
   egl_func stub;
   int *index;
} stubs[] = {
   ENTRY(eglCreateSyncKHR), ENTRY(eglDestroySyncKHR), ENTRY(eglClientWaitSyncKHR),
   ENTRY(eglGetSyncAttribKHR), ENTRY(eglWaitSyncKHR), ENTRY(eglSignalSyncKHR),
   ENTRY(eglCreateImageKHR), ENTRY(eglDestroyImageKHR), ENTRY(eglImageFlushExternalEXT),
   ENTRY(eglImageInvalidateExternalEXT), ENTRY(eglSwapBuffersWithDamageKHR),
   ENTRY(eglSwapBuffersWithDamageEXT), ENTRY(eglSetDamageRegionKHR),
   ENTRY(eglGetDisplayDriverName), ENTRY(eglGetDisplayDriverConfig),
   ENTRY(eglQueryDeviceAttribEXT), ENTRY(eglQueryDeviceStringEXT),
};

static int find_stub(const char *name)
{
   for (unsigned i = 0; i < sizeof(stubs) / sizeof(stubs[0]); i++)
      if (strcmp(stubs[i].name, name) == 0)
         return (int)i;
   return -1;
}

void *egl_glvnd_dispatch_address(const char *name)
{
   int i = find_stub(name);
   return i >= 0 && eglGetProcAddress(name) ? (void *)stubs[i].stub : NULL;
}

void egl_glvnd_set_dispatch_index(const char *name, int index)
{
   int i = find_stub(name);
   if (i >= 0)
      *stubs[i].index = index;
}
