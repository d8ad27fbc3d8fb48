/* State-tracker-internal seam between EGL (libEGL.so.1) and the GLES layer
 * (libGLESv2.so.2, which also holds the driver and the simulator). libEGL links
 * libGLESv2 and calls only these functions (exported from it with the r600sim_st_ prefix).
 */
#ifndef ST_API_H
#define ST_API_H

#include <stdbool.h>

#include "pipe/p_defines.h"

#define ST_EXPORT __attribute__((visibility("default")))

struct st_context;
struct st_framebuffer;
struct pipe_screen;
struct pipe_resource;
struct pipe_fence_handle;

/* The process-wide screen, created on first use (R600SIM_CHIP selects the chip). */
ST_EXPORT struct pipe_screen *r600sim_st_screen(void);

/* A drawable for an EGL surface: colour buffer (+ optional depth/stencil). Stored top row
 * first, as displayed: the GLES layer flips Y in the viewport/scissor and in glReadPixels,
 * as a real driver does for window-system buffers. NULL when out of memory. */
ST_EXPORT struct st_framebuffer *r600sim_st_framebuffer_create(unsigned width, unsigned height,
                                                               enum pipe_format color,
                                                               enum pipe_format zs);
/* The same with `samples` (2, 4 or 8; 0 or 1 = single-sampled) per pixel in both buffers;
 * glReadPixels and the window system see the resolved image. */
ST_EXPORT struct st_framebuffer *r600sim_st_framebuffer_create_ms(unsigned width,
                                                                  unsigned height,
                                                                  enum pipe_format color,
                                                                  enum pipe_format zs,
                                                                  unsigned samples);
ST_EXPORT void r600sim_st_framebuffer_destroy(struct st_framebuffer *);
/* finished(data) runs after each glFinish of a context drawing into fb (EGL pixmap surfaces
 * copy their rendering into the pixmap then, EGL 1.5 section 3.8). */
ST_EXPORT void r600sim_st_framebuffer_on_finish(struct st_framebuffer *fb,
                                                void (*finished)(void *data), void *data);
ST_EXPORT struct pipe_resource *r600sim_st_framebuffer_color(struct st_framebuffer *);

/* GLES context of version major.minor (only 2.0 for now; NULL for anything else). */
ST_EXPORT struct st_context *r600sim_st_context_create(int major, int minor,
                                                       struct st_context *share);
ST_EXPORT void r600sim_st_context_destroy(struct st_context *);
/* EGL_EXT_create_context_robustness, right after creation: robust buffer access (reported
 * by GL_CONTEXT_ROBUST_ACCESS_EXT) and the reset notification strategy (true:
 * LOSE_CONTEXT_ON_RESET, false: NO_RESET_NOTIFICATION, the default). */
ST_EXPORT void r600sim_st_context_set_robustness(struct st_context *ctx, bool robust_access,
                                                 bool lose_on_reset);
/* Binds ctx (NULL: release) with its draw/read drawables (NULL: none) to this thread.
 * The first binding sets the viewport and scissor to the draw surface's size. */
ST_EXPORT bool r600sim_st_make_current(struct st_context *ctx, struct st_framebuffer *draw,
                                       struct st_framebuffer *read);
ST_EXPORT struct st_context *r600sim_st_current(void);
/* glFlush (finish = false) or glFinish (true) on ctx. */
ST_EXPORT void r600sim_st_flush(struct st_context *ctx, bool finish);
/* eglSwapBuffers on ctx's draw surface: submits the frame, then waits until the previous
 * frame (of the last swap) has executed, so that at most one frame runs behind the
 * application on the GPU thread. */
ST_EXPORT void r600sim_st_swap(struct st_context *ctx);

/* Presentation (st_present.c): submits ctx's recorded commands, waits for the GPU, and copies
 * the rectangle (x, y, width, height) of fb's resolved colour buffer (rows top first) to dst
 * as B8G8R8A8 bytes, `stride` bytes per row: the ZPixmap layout of 24/32-bit TrueColor X
 * visuals on a little-endian host. false when out of memory or outside fb. */
ST_EXPORT bool r600sim_st_framebuffer_read_bgra(struct st_context *ctx, struct st_framebuffer *fb,
                                                unsigned x, unsigned y, unsigned width,
                                                unsigned height, void *dst, unsigned stride);

/* Fences for EGL sync objects (st_fence.c). r600sim_st_fence submits ctx's recorded commands
 * (a glFlush) and returns a fence that signals once the GPU has executed everything ctx
 * submitted so far; NULL when out of memory (the caller then finishes instead). */
ST_EXPORT struct pipe_fence_handle *r600sim_st_fence(struct st_context *ctx);
ST_EXPORT void r600sim_st_fence_reference(struct pipe_fence_handle **dst,
                                          struct pipe_fence_handle *src);
/* Whether fence has signalled; with wait, waits until it has (always true then). */
ST_EXPORT bool r600sim_st_fence_signaled(struct pipe_fence_handle *fence, bool wait);

/* EGL images of GL textures (gles/gl_egl_image.c). An image references the storage of a
 * texture image; its address is the EGLImage handle the GL consumers (glEGLImageTarget*OES)
 * accept until r600sim_st_egl_image_destroy. */
struct st_egl_image;
enum st_egl_image_error {
   ST_EGL_IMAGE_OK,
   ST_EGL_IMAGE_BAD_PARAMETER,   /* not a 2D texture, or an incomplete one (EGL_KHR_gl_image) */
   ST_EGL_IMAGE_BAD_MATCH,       /* not a defined mipmap level of it */
   ST_EGL_IMAGE_BAD_ALLOC,
};
/* An image of level `level` of the 2D texture `name` of ctx's share group; NULL and *err
 * when there is none. */
ST_EXPORT struct st_egl_image *r600sim_st_egl_image_from_texture_2d(struct st_context *ctx,
                                                                    unsigned name, int level,
                                                                    enum st_egl_image_error *err);
ST_EXPORT void r600sim_st_egl_image_destroy(struct st_egl_image *image);

/* Entry point of a GL function by name (every exported gl* and GL extension function we
 * implement), or NULL. */
ST_EXPORT void *r600sim_gl_get_proc_address(const char *name);

#endif
