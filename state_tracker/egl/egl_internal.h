/* Internal state of libEGL.so.1: the displays (one each for the surfaceless and device
 * platforms, one per X connection and screen for X11), their configs, surfaces, GLES contexts and fence syncs, the one device, and the per-thread EGL state.
 * Every entry point takes the global lock (egl_lock) around its work; objects are plain
 * structs whose addresses are the EGL handles, validated by looking them up in the display's
 * lists.
 */
#ifndef EGL_INTERNAL_H
#define EGL_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "pipe/p_defines.h"

#define EGL_EXPORT __attribute__((visibility("default")))

/* EGL_EXT_image_flush_external, newer than some installed eglext.h. */
#ifndef EGL_IMAGE_EXTERNAL_FLUSH_EXT
#define EGL_IMAGE_EXTERNAL_FLUSH_EXT 0x32A2
#endif

struct st_context;
struct st_framebuffer;
struct pipe_fence_handle;
struct st_egl_image;
struct egl_display;

struct egl_config {
   EGLint id;
   EGLint red, green, blue, alpha;
   EGLint depth, stencil;
   EGLint samples;           /* EGL_SAMPLES; EGL_SAMPLE_BUFFERS = samples > 0 */
   EGLint surface_type;
   EGLint renderable_type;
   EGLint conformant;
   /* X11 displays: the X visual windows and pixmaps of this config have (0 / EGL_NONE for
    * pbuffer-only configs) and its depth. */
   EGLint native_visual_id, native_visual_type, visual_depth;
};

struct egl_context;
struct egl_x11_surface;

struct egl_surface {
   struct egl_surface *next;
   EGLint type;              /* EGL_PBUFFER_BIT, EGL_WINDOW_BIT or EGL_PIXMAP_BIT */
   /* Window and pixmap surfaces: the X drawable and its presenter (egl_x11_surface.c). */
   struct egl_x11_surface *x11;
   const struct egl_config *config;
   struct st_framebuffer *fb;
   EGLint width, height;
   EGLint largest_pbuffer;
   EGLint texture_format, texture_target, mipmap_texture, mipmap_level;
   EGLint swap_behavior, multisample_resolve, gl_colorspace;
   EGLint vg_alpha_format, vg_colorspace;
   EGLint swap_interval;
   /* EGL_RENDER_BUFFER as requested (windows may ask for EGL_SINGLE_BUFFER; they render to
    * the back buffer all the same, which eglQueryContext reports). */
   EGLint render_buffer;
   /* Context this surface is bound to (as draw and/or read), NULL when unbound. */
   struct egl_context *bound_ctx;
   /* Destroyed or terminated: the handle is invalid; freed once unbound. */
   bool deleted;
};

struct egl_thread;

struct egl_context {
   struct egl_context *next;
   struct egl_display *dpy;
   /* NULL for a context made without a config (EGL_KHR_no_config_context). */
   const struct egl_config *config;
   struct st_context *st;
   EGLint major, minor;
   struct egl_surface *draw, *read;
   /* Thread this context is current to, NULL when not current. */
   struct egl_thread *owner;
   bool deleted;
   bool lose_on_reset;     /* EGL_LOSE_CONTEXT_ON_RESET (else EGL_NO_RESET_NOTIFICATION) */
};

struct egl_sync {
   struct egl_sync *next;
   EGLenum type;             /* EGL_SYNC_FENCE or EGL_SYNC_REUSABLE_KHR */
   /* Fence: the GPU fence of the commands before the sync; NULL once seen signalled. */
   struct pipe_fence_handle *fence;
   /* Reusable: the status, set by eglSignalSyncKHR, waited for on cond (under mutex). */
   bool signaled;
   pthread_mutex_t mutex;
   pthread_cond_t cond;
   /* The display's list and each client wait in progress (under the EGL lock). */
   unsigned refs;
};

struct egl_image {
   struct egl_image *next;
   struct st_egl_image *st;   /* its address is the EGLImage handle */
};

struct egl_x11_display;

/* A display: every platform renders through the same screen; X11 displays also present
 * window and pixmap surfaces on their X server (egl_platform_x11.c). */
struct egl_display {
   EGLenum platform;
   bool initialized;
   /* The configs eglGetConfigs lists (set by eglInitialize). */
   const struct egl_config *configs;
   EGLint num_configs;
   struct egl_x11_display *x11;    /* X11 displays only */
   struct egl_display *next;       /* the list of X11 displays */
   struct egl_surface *surfaces;
   struct egl_context *contexts;
   struct egl_sync *syncs;
   struct egl_image *images;
};

struct egl_thread {
   EGLint error;
   EGLenum api;
   struct egl_context *ctx;
};

/* egl_thread.c */
void egl_lock(void);
void egl_unlock(void);
struct egl_thread *egl_thread(void);
/* Called when the calling thread binds a context, so that thread exit releases it. */
void egl_thread_bound(void);
/* Records err as the calling thread's last error; returns false for chaining. */
bool egl_error(EGLint err);
void egl_success(void);
/* EGL_TRUE after egl_success() when ok; else EGL_FALSE (the error is already recorded). */
EGLBoolean egl_result(bool ok);

/* egl_display.c */
/* Validates dpy: EGL_BAD_DISPLAY, and EGL_NOT_INITIALIZED unless allow_uninit. */
struct egl_display *egl_lookup_display(EGLDisplay dpy, bool allow_uninit);
struct egl_surface *egl_lookup_surface(struct egl_display *d, EGLSurface s);
struct egl_context *egl_lookup_context(struct egl_display *d, EGLContext c);
struct egl_sync *egl_lookup_sync(struct egl_display *d, EGLSync s);

/* egl_config.c */
/* The configs of the surfaceless and device displays (pbuffers only). */
const struct egl_config *egl_pbuffer_configs(EGLint *count);
/* The depth/stencil buffer format of c's surfaces (PIPE_FORMAT_NONE when it has none). */
enum pipe_format egl_config_zs_format(const struct egl_config *c);
/* cfg when it is one of d's configs, else NULL. */
const struct egl_config *egl_lookup_config(const struct egl_display *d, EGLConfig cfg);
bool egl_config_attrib(const struct egl_config *c, EGLint attribute, EGLint *value);
/* EGL 1.5 "compatible": same colour buffer type and depths, same ancillary buffer depths. */
bool egl_configs_compatible(const struct egl_config *a, const struct egl_config *b);

/* egl_image.c */
struct egl_image *egl_lookup_image(struct egl_display *d, EGLImage handle);
/* Frees an image (already unlinked). */
void egl_image_destroy(struct egl_image *image);

/* egl_sync.c: destroys a sync (already unlinked; under the EGL lock): a reusable one is
 * signalled first, releasing its waiters (as Mesa does); freed once no wait holds it. */
void egl_sync_destroy(struct egl_sync *s);

/* egl_surface.c / egl_context.c: free an object once it is deleted and no longer bound. */
void egl_surface_release(struct egl_surface *s);
void egl_context_release(struct egl_context *c);
/* Unbinds the calling thread's current context (flushing it) and frees deleted objects. */
void egl_release_current(struct egl_thread *t);

/* egl_device.c: the one EGLDeviceEXT (the simulated GPU, a software device). */
bool egl_is_device(void *native);

/* eglGetProcAddress's table (egl_proc.c) lists these extension entry points, which are not
 * exported: eglFooEXT is egl_foo_ext. */
/* EGL_EXT_platform_base */
EGLDisplay EGLAPIENTRY egl_get_platform_display_ext(EGLenum platform, void *native,
                                                    const EGLint *attribs);
EGLSurface EGLAPIENTRY egl_create_platform_window_surface_ext(EGLDisplay dpy, EGLConfig config,
                                                              void *win, const EGLint *attribs);
EGLSurface EGLAPIENTRY egl_create_platform_pixmap_surface_ext(EGLDisplay dpy, EGLConfig config,
                                                              void *pixmap,
                                                              const EGLint *attribs);
/* EGL_KHR_swap_buffers_with_damage, EGL_EXT_swap_buffers_with_damage (egl_surface.c) */
EGLBoolean EGLAPIENTRY egl_swap_buffers_with_damage(EGLDisplay dpy, EGLSurface surface,
                                                    const EGLint *rects, EGLint n_rects);
/* EGL_CHROMIUM_sync_control (egl_surface.c) */
EGLBoolean EGLAPIENTRY egl_get_sync_values_chromium(EGLDisplay dpy, EGLSurface surface,
                                                    EGLuint64KHR *ust, EGLuint64KHR *msc,
                                                    EGLuint64KHR *sbc);
/* EGL_KHR_fence_sync, EGL_KHR_wait_sync (egl_sync.c) */
EGLSyncKHR EGLAPIENTRY egl_create_sync_khr(EGLDisplay dpy, EGLenum type, const EGLint *attribs);
EGLBoolean EGLAPIENTRY egl_destroy_sync_khr(EGLDisplay dpy, EGLSyncKHR sync);
EGLint EGLAPIENTRY egl_client_wait_sync_khr(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags,
                                            EGLTimeKHR timeout);
EGLBoolean EGLAPIENTRY egl_get_sync_attrib_khr(EGLDisplay dpy, EGLSyncKHR sync,
                                               EGLint attribute, EGLint *value);
EGLint EGLAPIENTRY egl_wait_sync_khr(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags);
/* EGL_KHR_reusable_sync (egl_sync.c) */
EGLBoolean EGLAPIENTRY egl_signal_sync_khr(EGLDisplay dpy, EGLSyncKHR sync, EGLenum mode);
/* EGL_EXT_device_query, EGL_EXT_device_enumeration (egl_device.c) */
EGLBoolean EGLAPIENTRY egl_query_devices_ext(EGLint max, EGLDeviceEXT *devices, EGLint *num);
EGLBoolean EGLAPIENTRY egl_query_device_attrib_ext(EGLDeviceEXT device, EGLint attribute,
                                                   EGLAttrib *value);
const char *EGLAPIENTRY egl_query_device_string_ext(EGLDeviceEXT device, EGLint name);
EGLBoolean EGLAPIENTRY egl_query_display_attrib_ext(EGLDisplay dpy, EGLint attribute,
                                                    EGLAttrib *value);
/* EGL_KHR_image_base, EGL_EXT_image_flush_external (egl_image.c) */
EGLImageKHR EGLAPIENTRY egl_create_image_khr(EGLDisplay dpy, EGLContext ctx, EGLenum target,
                                             EGLClientBuffer buffer, const EGLint *attribs);
EGLBoolean EGLAPIENTRY egl_destroy_image_khr(EGLDisplay dpy, EGLImageKHR image);
EGLBoolean EGLAPIENTRY egl_image_flush_external_ext(EGLDisplay dpy, EGLImageKHR image,
                                                    const EGLAttrib *attribs);
EGLBoolean EGLAPIENTRY egl_image_invalidate_external_ext(EGLDisplay dpy, EGLImageKHR image,
                                                         const EGLAttrib *attribs);
/* EGL_MESA_query_driver (egl_display.c) */
const char *EGLAPIENTRY egl_get_display_driver_name(EGLDisplay dpy);
char *EGLAPIENTRY egl_get_display_driver_config(EGLDisplay dpy);

#endif
