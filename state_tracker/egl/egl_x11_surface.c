/* Window and pixmap surfaces of X11 displays. Each renders into its own colour buffer
 * (st_framebuffer: RGBA8 + the config's depth/stencil and samples) of the drawable's size;
 * its presenter (egl_x11_present.c) puts the finished, resolved buffer into the X drawable:
 * a window at eglSwapBuffers, a pixmap at eglWaitClient/eglWaitGL, glFinish, eglSwapBuffers
 * and when it stops being current. A window surface takes the window's size after each swap and
 * when it is made current (EGL 1.5 section 3.10.1: the surface follows the window).
 *
 * Errors: a drawable that is not one of the server's windows (pixmaps) is
 * EGL_BAD_NATIVE_WINDOW (_PIXMAP); one whose depth or visual layout is not the config's, or
 * a config without the surface type, EGL_BAD_MATCH; a second surface for one window
 * EGL_BAD_ALLOC (EGL 1.5 section 3.5.1). */
#include <stdlib.h>
#include <time.h>

#include "egl_x11.h"
#include "st_api.h"

struct egl_x11_surface {
   struct egl_x11_display *dpy;
   uint32_t drawable;
   struct egl_x11_presenter *presenter;
   /* Swaps since the colour buffer was allocated: EGL_EXT_buffer_age is 1 after the first
    * (the buffer still holds the frame just shown), 0 before. */
   unsigned swaps;
   /* EGL_CHROMIUM_sync_control: frames presented (the SBC, and the MSC: without a vertical
    * retrace each present is one refresh of the window) and when the last one was, in
    * CLOCK_MONOTONIC microseconds (the UST). */
   uint64_t presents, last_present_ust;
};

struct geometry {
   unsigned width, height;
   uint8_t depth;
};

/* The drawable's geometry; false (the X error swallowed) when it does not exist. */
static bool get_geometry(xcb_connection_t *conn, uint32_t drawable, struct geometry *out)
{
   xcb_generic_error_t *err = NULL;
   xcb_get_geometry_reply_t *g =
      xcb_get_geometry_reply(conn, xcb_get_geometry(conn, drawable), &err);
   free(err);
   if (!g)
      return false;
   *out = (struct geometry){.width = g->width, .height = g->height, .depth = g->depth};
   free(g);
   return true;
}

/* The window's visual, 0 when `window` is not a window. */
static xcb_visualid_t window_visual(xcb_connection_t *conn, uint32_t window)
{
   xcb_generic_error_t *err = NULL;
   xcb_get_window_attributes_reply_t *a =
      xcb_get_window_attributes_reply(conn, xcb_get_window_attributes(conn, window), &err);
   free(err);
   xcb_visualid_t v = a ? a->visual : 0;
   free(a);
   return v;
}

/* Whether visual has the pixel layout of cfg's visual: TrueColor of the same depth and
 * channel masks (the configs' visuals are found by those, egl_platform_x11.c). */
static bool visual_matches(const xcb_screen_t *screen, xcb_visualid_t visual,
                           const struct egl_config *cfg)
{
   for (xcb_depth_iterator_t di = xcb_screen_allowed_depths_iterator(screen); di.rem;
        xcb_depth_next(&di))
      for (xcb_visualtype_iterator_t vi = xcb_depth_visuals_iterator(di.data); vi.rem;
           xcb_visualtype_next(&vi))
         if (vi.data->visual_id == visual)
            return di.data->depth == cfg->visual_depth &&
                   vi.data->_class == XCB_VISUAL_CLASS_TRUE_COLOR &&
                   vi.data->red_mask == 0xff0000 && vi.data->green_mask == 0xff00 &&
                   vi.data->blue_mask == 0xff;
   return false;
}

static struct st_framebuffer *create_fb(const struct egl_config *cfg, unsigned w, unsigned h)
{
   return r600sim_st_framebuffer_create_ms(w, h, PIPE_FORMAT_R8G8B8A8_UNORM,
                                           egl_config_zs_format(cfg),
                                           (unsigned)cfg->samples);
}

static EGLint parse_attribs(struct egl_surface *s, const EGLint *attribs)
{
   for (const EGLint *a = attribs; a && a[0] != EGL_NONE; a += 2) {
      EGLint v = a[1];
      switch (a[0]) {
      case EGL_RENDER_BUFFER:
         /* A hint (EGL 1.5 3.5.1): rendering always goes to the back buffer. */
         if (s->type != EGL_WINDOW_BIT)
            return EGL_BAD_ATTRIBUTE;
         if (v != EGL_BACK_BUFFER && v != EGL_SINGLE_BUFFER)
            return EGL_BAD_ATTRIBUTE;
         s->render_buffer = v;
         break;
      case EGL_GL_COLORSPACE:
         /* As for pbuffers: GLES 2.0 has no sRGB rendering, the attribute is ignored. */
         if (v != EGL_GL_COLORSPACE_LINEAR && v != EGL_GL_COLORSPACE_SRGB)
            return EGL_BAD_ATTRIBUTE;
         s->gl_colorspace = v;
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (v != EGL_VG_ALPHA_FORMAT_NONPRE && v != EGL_VG_ALPHA_FORMAT_PRE)
            return EGL_BAD_ATTRIBUTE;
         if (v == EGL_VG_ALPHA_FORMAT_PRE)
            return EGL_BAD_MATCH;   /* no config has EGL_VG_ALPHA_FORMAT_PRE_BIT */
         break;
      case EGL_VG_COLORSPACE:
         if (v != EGL_VG_COLORSPACE_sRGB && v != EGL_VG_COLORSPACE_LINEAR)
            return EGL_BAD_ATTRIBUTE;
         if (v == EGL_VG_COLORSPACE_LINEAR)
            return EGL_BAD_MATCH;   /* no config has EGL_VG_COLORSPACE_LINEAR_BIT */
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }
   return EGL_SUCCESS;
}

/* Checks drawable against the surface type and cfg; its geometry in *g. */
static EGLint check_drawable(struct egl_display *d, const struct egl_config *cfg, EGLint type,
                             uint32_t drawable, struct geometry *g)
{
   struct egl_x11_display *x = d->x11;
   EGLint bad = type == EGL_WINDOW_BIT ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_NATIVE_PIXMAP;
   if (!drawable || !get_geometry(x->conn, drawable, g))
      return bad;
   xcb_visualid_t visual = window_visual(x->conn, drawable);
   if ((type == EGL_WINDOW_BIT) != (visual != 0))
      return bad;
   if (!(cfg->surface_type & type) || g->depth != cfg->visual_depth)
      return EGL_BAD_MATCH;
   if (type == EGL_WINDOW_BIT && !visual_matches(x->screen, visual, cfg))
      return EGL_BAD_MATCH;
   for (struct egl_surface *s = d->surfaces; s; s = s->next)
      if (s->x11 && s->x11->drawable == drawable)
         return EGL_BAD_ALLOC;
   return EGL_SUCCESS;
}

/* glFinish into a pixmap surface: the pixmap gets the rendering (EGL 1.5 section 3.8 names
 * it beside eglWaitClient). The surface is the calling thread's draw surface. */
static void pixmap_finished(void *data)
{
   struct egl_surface *s = data;
   struct egl_context *ctx = egl_thread()->ctx;
   if (ctx && ctx->draw == s)
      egl_x11_surface_present(ctx, s);
}

struct egl_surface *egl_x11_surface_create(struct egl_display *d, const struct egl_config *cfg,
                                           EGLint type, uint32_t drawable,
                                           const EGLint *attribs, EGLint *err)
{
   struct geometry g;
   struct egl_surface *s = calloc(1, sizeof(*s));
   struct egl_x11_surface *x = calloc(1, sizeof(*x));
   if (!s || !x) {
      *err = EGL_BAD_ALLOC;
      goto fail;
   }
   *s = (struct egl_surface){
      .type = type, .x11 = x, .config = cfg, .largest_pbuffer = EGL_FALSE,
      .texture_format = EGL_NO_TEXTURE, .texture_target = EGL_NO_TEXTURE,
      .mipmap_texture = EGL_FALSE, .swap_behavior = EGL_BUFFER_DESTROYED,
      .multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT,
      .gl_colorspace = EGL_GL_COLORSPACE_LINEAR, .vg_alpha_format = EGL_VG_ALPHA_FORMAT_NONPRE,
      .vg_colorspace = EGL_VG_COLORSPACE_sRGB, .swap_interval = 1,
      .render_buffer = type == EGL_PIXMAP_BIT ? EGL_SINGLE_BUFFER : EGL_BACK_BUFFER};
   *err = parse_attribs(s, attribs);
   if (*err == EGL_SUCCESS)
      *err = check_drawable(d, cfg, type, drawable, &g);
   if (*err != EGL_SUCCESS)
      goto fail;
   x->dpy = d->x11;
   x->drawable = drawable;
   x->presenter = egl_x11_presenter_create(d->x11->conn, d->x11->shm, drawable, g.depth);
   s->width = (EGLint)g.width;
   s->height = (EGLint)g.height;
   s->fb = create_fb(cfg, g.width, g.height);
   if (!x->presenter || !s->fb) {
      *err = EGL_BAD_ALLOC;
      goto fail;
   }
   if (type == EGL_PIXMAP_BIT)
      r600sim_st_framebuffer_on_finish(s->fb, pixmap_finished, s);
   return s;
fail:
   if (s && s->fb)
      r600sim_st_framebuffer_destroy(s->fb);
   if (x)
      egl_x11_presenter_destroy(x->presenter);
   free(x);
   free(s);
   return NULL;
}

void egl_x11_surface_destroy(struct egl_x11_surface *x)
{
   if (!x)
      return;
   egl_x11_presenter_destroy(x->presenter);
   free(x);
}

/* A new colour buffer of w x h for s (the old one lives on while a context holds it). */
static bool resize(struct egl_surface *s, unsigned w, unsigned h)
{
   if ((unsigned)s->width == w && (unsigned)s->height == h)
      return true;
   struct st_framebuffer *fb = create_fb(s->config, w, h);
   if (!fb)
      return false;
   r600sim_st_framebuffer_destroy(s->fb);
   s->fb = fb;
   s->width = (EGLint)w;
   s->height = (EGLint)h;
   s->x11->swaps = 0;
   return true;
}

bool egl_x11_surface_follow_size(struct egl_surface *s)
{
   struct geometry g;
   if (s->type != EGL_WINDOW_BIT || !get_geometry(s->x11->dpy->conn, s->x11->drawable, &g))
      return true;   /* a destroyed window keeps its last size; presenting to it fails */
   return resize(s, g.width, g.height);
}

EGLint egl_x11_surface_present(struct egl_context *ctx, struct egl_surface *s)
{
   struct egl_x11_surface *x = s->x11;
   xcb_connection_t *conn = x->dpy->conn;
   /* Ask for the drawable's size now; the reply comes while the frame is copied. It also
    * tells whether the drawable still exists: putting an image into a destroyed one would
    * raise an X error that Xlib's default handler answers by exiting. */
   xcb_get_geometry_cookie_t size_cookie = xcb_get_geometry(conn, x->drawable);
   unsigned stride;
   uint8_t *image = egl_x11_presenter_image(x->presenter, (unsigned)s->width,
                                            (unsigned)s->height, &stride);
   bool copied = image && r600sim_st_framebuffer_read_bgra(ctx->st, s->fb, 0, 0,
                                                           (unsigned)s->width,
                                                           (unsigned)s->height, image, stride);
   xcb_generic_error_t *err = NULL;
   xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(conn, size_cookie, &err);
   free(err);
   EGLint gone = s->type == EGL_WINDOW_BIT ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_NATIVE_PIXMAP;
   if (!g)
      return gone;
   if (copied && !egl_x11_presenter_put(x->presenter)) {
      free(g);   /* destroyed since the size request */
      return gone;
   }
   bool resized = true;
   if (s->type == EGL_WINDOW_BIT) {
      x->swaps++;
      if (copied) {
         struct timespec now;
         clock_gettime(CLOCK_MONOTONIC, &now);
         x->presents++;
         x->last_present_ust = (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
      }
      /* eglSwapBuffers presents without the EGL lock; the size is shared state. */
      egl_lock();
      struct st_framebuffer *old = s->fb;
      resized = resize(s, g->width, g->height);
      egl_unlock();
      /* The context draws into the new buffer from the next frame on. */
      if (s->fb != old && ctx->draw == s)
         r600sim_st_make_current(ctx->st, s->fb, ctx->read ? ctx->read->fb : NULL);
   }
   free(g);
   return copied && resized ? EGL_SUCCESS : EGL_BAD_ALLOC;
}

EGLint egl_x11_copy_to_pixmap(struct egl_display *d, struct egl_context *ctx,
                              struct egl_surface *s, uint32_t pixmap)
{
   struct egl_x11_display *xd = d->x11;
   struct geometry g;
   if (!pixmap || !get_geometry(xd->conn, pixmap, &g) || window_visual(xd->conn, pixmap))
      return EGL_BAD_NATIVE_PIXMAP;
   /* The pixmap must take the buffer's pixels as they are: its depth and size. */
   if (g.depth != s->config->visual_depth || g.width != (unsigned)s->width ||
       g.height != (unsigned)s->height)
      return EGL_BAD_MATCH;
   struct egl_x11_presenter *p = egl_x11_presenter_create(xd->conn, xd->shm, pixmap, g.depth);
   unsigned stride;
   uint8_t *image = p ? egl_x11_presenter_image(p, g.width, g.height, &stride) : NULL;
   bool ok = image && r600sim_st_framebuffer_read_bgra(ctx->st, s->fb, 0, 0, g.width, g.height,
                                                       image, stride);
   bool put = ok && egl_x11_presenter_put(p);
   egl_x11_presenter_destroy(p);
   return !ok ? EGL_BAD_ALLOC : put ? EGL_SUCCESS : EGL_BAD_NATIVE_PIXMAP;
}

EGLint egl_x11_surface_buffer_age(const struct egl_surface *s)
{
   return s->x11 && s->type == EGL_WINDOW_BIT && s->x11->swaps ? 1 : 0;
}

bool egl_x11_surface_sync_values(const struct egl_surface *s, uint64_t *ust, uint64_t *msc,
                                 uint64_t *sbc)
{
   if (!s->x11 || s->type != EGL_WINDOW_BIT)
      return false;
   *ust = s->x11->last_present_ust;
   *msc = s->x11->presents;
   *sbc = s->x11->presents;
   return true;
}
