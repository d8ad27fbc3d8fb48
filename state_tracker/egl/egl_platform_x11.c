/* X11 displays (EGL_KHR_platform_x11 / EGL_EXT_platform_x11 with an Xlib Display*,
 * EGL_EXT_platform_xcb with an xcb_connection_t*): one per native display and screen. At
 * eglInitialize a display finds the screen's 24- and 32-bit TrueColor visuals with 8-bit
 * red/green/blue at bits 23-16/15-8/7-0, stored 32 bits per pixel, least significant byte
 * first (so our B8G8R8A8 rows are their ZPixmap images), and makes its configs: each pbuffer
 * config (egl_config.c) and each of those with depth but without stencil (Z24X8: programs
 * such as glmark2 want depth without stencil; every sample count, 0/2/4/8, of egl_config.c
 * so) for the 24-bit visual, then all again for the
 * 32-bit (ARGB) one, with the window, pixmap and pbuffer bits. A server without such a
 * visual gets the pbuffer configs only. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <X11/Xlib.h>
#include <X11/Xlib-xcb.h>
#include <xcb/shm.h>

#include "egl_x11.h"
#include "st_api.h"

static struct egl_display *x11_displays;

struct egl_display *egl_x11_get_display(enum egl_x11_native kind, void *native, int screen)
{
   for (struct egl_display *d = x11_displays; d; d = d->next)
      if (d->x11->kind == kind && d->x11->native == native && d->x11->screen_num == screen)
         return d;
   struct egl_display *d = calloc(1, sizeof(*d));
   struct egl_x11_display *x = calloc(1, sizeof(*x));
   if (!d || !x) {
      free(d);
      free(x);
      return NULL;
   }
   *x = (struct egl_x11_display){.kind = kind, .native = native, .screen_num = screen};
   d->platform = EGL_PLATFORM_X11_KHR;
   d->x11 = x;
   d->next = x11_displays;
   x11_displays = d;
   return d;
}

struct egl_display *egl_x11_lookup(EGLDisplay handle)
{
   for (struct egl_display *d = x11_displays; d; d = d->next)
      if ((EGLDisplay)d == handle)
         return d;
   return NULL;
}

/* As Mesa's heuristic: a pointer to mapped memory (mincore succeeds on its page) is taken
 * for the platform's native display, an Xlib Display*. */
bool egl_x11_is_xlib_display(void *native)
{
   long page = sysconf(_SC_PAGESIZE);
   if (!native || page <= 0)
      return false;
   uintptr_t addr = (uintptr_t)native & ~((uintptr_t)page - 1);
   unsigned char valid;
   return mincore((void *)addr, (size_t)page, &valid) == 0;
}

static bool connect(struct egl_x11_display *x)
{
   int screen = x->screen_num;
   if (x->native && x->kind == EGL_X11_XLIB) {
      x->conn = XGetXCBConnection((Display *)x->native);
      if (screen < 0)
         screen = DefaultScreen((Display *)x->native);
   } else if (x->native) {
      x->conn = x->native;
   } else {
      /* EGL_DEFAULT_DISPLAY: our own connection to $DISPLAY, kept for the process. */
      int def = 0;
      x->conn = xcb_connect(NULL, &def);
      if (xcb_connection_has_error(x->conn)) {
         xcb_disconnect(x->conn);
         x->conn = NULL;
         return false;
      }
      if (screen < 0)
         screen = def;
   }
   if (!x->conn || xcb_connection_has_error(x->conn))
      return false;
   if (screen < 0)
      screen = 0;
   xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(x->conn));
   for (int i = 0; i < screen && it.rem; i++)
      xcb_screen_next(&it);
   if (!it.rem)
      return false;
   x->screen = it.data;
   return true;
}

/* MIT-SHM usable: the extension answers and the server can attach our segments (a remote
 * server cannot; it says so at the first attach, egl_x11_present.c falls back then). */
static bool shm_available(xcb_connection_t *conn)
{
   const char *off = getenv("R600SIM_NO_SHM");
   if (off && strcmp(off, "0") != 0)
      return false;
   const xcb_query_extension_reply_t *ext = xcb_get_extension_data(conn, &xcb_shm_id);
   if (!ext || !ext->present)
      return false;
   xcb_generic_error_t *err = NULL;
   xcb_shm_query_version_reply_t *r =
      xcb_shm_query_version_reply(conn, xcb_shm_query_version(conn), &err);
   free(err);
   free(r);
   return r != NULL;
}

/* 32 bits per pixel at `depth`, least significant byte first: our rows as they are. */
static bool pixels_match_bgra(xcb_connection_t *conn, uint8_t depth)
{
   const xcb_setup_t *setup = xcb_get_setup(conn);
   if (setup->image_byte_order != XCB_IMAGE_ORDER_LSB_FIRST)
      return false;
   for (xcb_format_iterator_t f = xcb_setup_pixmap_formats_iterator(setup); f.rem;
        xcb_format_next(&f))
      if (f.data->depth == depth)
         return f.data->bits_per_pixel == 32;
   return false;
}

/* The screen's TrueColor visual of `depth` with 8-bit channels at R 23-16, G 15-8, B 7-0
 * (the root visual when it is one); 0 when there is none. */
static xcb_visualid_t find_visual(xcb_connection_t *conn, const xcb_screen_t *screen,
                                  uint8_t depth)
{
   if (!pixels_match_bgra(conn, depth))
      return 0;
   xcb_visualid_t found = 0;
   for (xcb_depth_iterator_t di = xcb_screen_allowed_depths_iterator(screen); di.rem;
        xcb_depth_next(&di)) {
      if (di.data->depth != depth)
         continue;
      for (xcb_visualtype_iterator_t vi = xcb_depth_visuals_iterator(di.data); vi.rem;
           xcb_visualtype_next(&vi)) {
         const xcb_visualtype_t *v = vi.data;
         if (v->_class != XCB_VISUAL_CLASS_TRUE_COLOR || v->bits_per_rgb_value != 8 ||
             v->red_mask != 0xff0000 || v->green_mask != 0xff00 || v->blue_mask != 0xff)
            continue;
         if (v->visual_id == screen->root_visual)
            return v->visual_id;
         if (!found)
            found = v->visual_id;
      }
   }
   return found;
}

static bool build_configs(struct egl_x11_display *x)
{
   EGLint n;
   const struct egl_config *base = egl_pbuffer_configs(&n);
   const uint8_t depths[2] = {24, 32};
   xcb_visualid_t visuals[2];
   for (int i = 0; i < 2; i++)
      visuals[i] = find_visual(x->conn, x->screen, depths[i]);
   x->configs = calloc(4 * (size_t)n, sizeof(*x->configs));
   if (!x->configs)
      return false;
   EGLint count = 0;
   for (int v = 0; v < 2; v++) {
      if (!visuals[v])
         continue;
      for (EGLint i = 0; i < 2 * n; i++) {
         if (i >= n && !base[i - n].depth)
            continue;
         struct egl_config *c = &x->configs[count];
         *c = base[i % n];
         if (i >= n)
            c->stencil = 0;
         c->id = count + 1;
         c->surface_type |= EGL_WINDOW_BIT | EGL_PIXMAP_BIT;
         c->native_visual_id = (EGLint)visuals[v];
         c->native_visual_type = XCB_VISUAL_CLASS_TRUE_COLOR;
         c->visual_depth = depths[v];
         count++;
      }
   }
   if (count == 0) {
      memcpy(x->configs, base, (size_t)n * sizeof(*base));
      count = n;
   }
   x->num_configs = count;
   return true;
}

bool egl_x11_connect(struct egl_display *d)
{
   return d->x11->conn || connect(d->x11);
}

bool egl_x11_initialize(struct egl_display *d)
{
   struct egl_x11_display *x = d->x11;
   if (!x->conn && !connect(x))
      return false;
   if (!x->configs) {
      x->shm = shm_available(x->conn);
      if (!build_configs(x))
         return false;
   }
   d->configs = x->configs;
   d->num_configs = x->num_configs;
   return true;
}

bool egl_x11_pixmap_depth(struct egl_display *d, uint32_t pixmap, EGLint *depth)
{
   xcb_connection_t *conn = d->x11->conn;
   if (!conn || !pixmap)
      return false;
   /* Errors are taken here, never left for Xlib's handler (which would exit). */
   xcb_generic_error_t *err = NULL;
   xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(conn, xcb_get_geometry(conn, pixmap),
                                                        &err);
   free(err);
   if (!g)
      return false;
   /* Only windows have a tree: QueryTree fails (BadWindow) on a pixmap. */
   err = NULL;
   xcb_query_tree_reply_t *t = xcb_query_tree_reply(conn, xcb_query_tree(conn, pixmap), &err);
   bool is_pixmap = t == NULL;
   free(t);
   free(err);
   *depth = g->depth;
   free(g);
   return is_pixmap;
}
