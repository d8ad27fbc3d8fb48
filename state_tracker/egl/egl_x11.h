/* EGL on X11 (Xlib and xcb): the displays and their visuals/configs (egl_platform_x11.c),
 * window and pixmap surfaces (egl_x11_surface.c) and the presenter that puts finished frames
 * into X drawables with MIT-SHM or plain PutImage (egl_x11_present.c). */
#ifndef EGL_X11_H
#define EGL_X11_H

#include <stdbool.h>
#include <stdint.h>

#include <xcb/xcb.h>

#include "egl_internal.h"

typedef struct _XDisplay Display;

/* What the application's native display was. */
enum egl_x11_native { EGL_X11_XLIB, EGL_X11_XCB };

struct egl_x11_display {
   enum egl_x11_native kind;
   void *native;                /* Display* / xcb_connection_t*; NULL: we open $DISPLAY */
   int screen_num;
   xcb_connection_t *conn;      /* NULL until eglInitialize */
   xcb_screen_t *screen;
   bool shm;                    /* MIT-SHM present and not disabled (R600SIM_NO_SHM=1) */
   struct egl_config *configs;  /* built at the first eglInitialize */
   EGLint num_configs;
};

/* egl_platform_x11.c */
/* The X11 display of (kind, native, screen), made on first use; screen < 0: the default
 * screen of the connection. NULL when out of memory. Under the EGL lock. */
struct egl_display *egl_x11_get_display(enum egl_x11_native kind, void *native, int screen);
/* The X11 display whose handle is `handle`, or NULL. */
struct egl_display *egl_x11_lookup(EGLDisplay handle);
/* Whether native looks like an Xlib Display* (eglGetDisplay's heuristic). */
bool egl_x11_is_xlib_display(void *native);
/* Whether d is connected to its server, connecting now if not (EGL_DEFAULT_DISPLAY). */
bool egl_x11_connect(struct egl_display *d);
/* Connects (for EGL_DEFAULT_DISPLAY), finds the visuals and builds the configs. */
bool egl_x11_initialize(struct egl_display *d);
/* Whether pixmap is one of the display's X pixmaps; its depth in *depth. */
bool egl_x11_pixmap_depth(struct egl_display *d, uint32_t pixmap, EGLint *depth);

/* egl_x11_present.c: one drawable's way to the X server. */
struct egl_x11_presenter;
struct egl_x11_presenter *egl_x11_presenter_create(xcb_connection_t *conn, bool shm,
                                                   uint32_t drawable, uint8_t depth);
void egl_x11_presenter_destroy(struct egl_x11_presenter *p);
/* Memory for a width x height B8G8R8A8 image (row stride in *stride). NULL when out of
 * memory. */
uint8_t *egl_x11_presenter_image(struct egl_x11_presenter *p, unsigned width, unsigned height,
                                 unsigned *stride);
/* Puts the image of the last egl_x11_presenter_image into the drawable at (0, 0) and waits
 * until the server has done it; false when the server refused (the drawable is gone). */
bool egl_x11_presenter_put(struct egl_x11_presenter *p);

/* egl_x11_surface.c */
/* eglCreate{Window,Pixmap}Surface on an X11 display: type EGL_WINDOW_BIT or EGL_PIXMAP_BIT,
 * drawable the X window/pixmap id. NULL with *err set on failure. */
struct egl_surface *egl_x11_surface_create(struct egl_display *d, const struct egl_config *cfg,
                                           EGLint type, uint32_t drawable,
                                           const EGLint *attribs, EGLint *err);
void egl_x11_surface_destroy(struct egl_x11_surface *x);
/* A window surface takes its window's current size (a new colour buffer when it changed). */
bool egl_x11_surface_follow_size(struct egl_surface *s);
/* Puts s's colour buffer, finished by ctx, into its drawable (eglSwapBuffers on a window,
 * the pixmap update of eglWaitClient/eglSwapBuffers on a pixmap), then follows the
 * window's size; ctx's binding moves to a new colour buffer if it changed. Called without
 * the EGL lock for windows (it takes it to change the size), under it for pixmaps. The EGL error:
 * EGL_BAD_NATIVE_WINDOW (_PIXMAP) when the drawable no longer exists. */
EGLint egl_x11_surface_present(struct egl_context *ctx, struct egl_surface *s);
/* eglCopyBuffers on X11 display d: s's colour buffer (finished by ctx) into pixmap. The EGL error, EGL_SUCCESS when done. */
EGLint egl_x11_copy_to_pixmap(struct egl_display *d, struct egl_context *ctx,
                              struct egl_surface *s, uint32_t pixmap);
/* EGL_CHROMIUM_sync_control of a window surface: the time of the last present (CLOCK_MONOTONIC
 * microseconds, 0 before the first) and the presents so far as both MSC and SBC; false for
 * other surfaces. */
bool egl_x11_surface_sync_values(const struct egl_surface *s, uint64_t *ust, uint64_t *msc,
                                 uint64_t *sbc);
/* EGL_EXT_buffer_age of a window surface. */
EGLint egl_x11_surface_buffer_age(const struct egl_surface *s);

#endif
