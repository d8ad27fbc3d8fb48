/* EGL on X11 against a real X server (meson runs it under scripts/with-xvfb): displays by
 * every route (Xlib, xcb, eglGetDisplay, EGL_DEFAULT_DISPLAY), configs on the server's
 * visuals, window surfaces whose pixels are read back from the window with GetImage after
 * eglSwapBuffers (including a multi-sampled config and a resize), pixmap surfaces,
 * eglCopyBuffers, buffer age, swap with damage, and the errors for bad and mismatched
 * native handles. The expected pixels are the clear colours written below, as the X server
 * stores them for a 24/32-bit TrueColor visual (0x00RRGGBB in the low 24 bits). Meson runs it
 * with MIT-SHM and with R600SIM_NO_SHM=1 (PutImage), on both chips and engines. Prints
 * "N passed, M failed". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <X11/Xlib.h>
#include <X11/Xlib-xcb.h>
#include <xcb/xcb.h>

#include "check.h"

#define CHECK_ERR(call, want_result, want_error)                                          \
   do {                                                                                   \
      bool ok_ = (call) == (want_result);                                                 \
      EGLint err_ = eglGetError();                                                        \
      check_at(ok_, __FILE__, __LINE__, "%s", #call " result");                           \
      check_at(err_ == (want_error), __FILE__, __LINE__, "%s (error 0x%04x)",             \
               #call " error " #want_error, (unsigned)err_);                              \
   } while (0)

static Display *xdpy;
static xcb_connection_t *conn;
static xcb_screen_t *screen;
static EGLDisplay dpy;

/* Depth of a visual of the screen, 0 when it has none of that id. */
static int visual_depth(xcb_visualid_t id, bool *truecolor_8bit)
{
   for (xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(screen); d.rem;
        xcb_depth_next(&d))
      for (xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data); v.rem;
           xcb_visualtype_next(&v))
         if (v.data->visual_id == id) {
            *truecolor_8bit = v.data->_class == XCB_VISUAL_CLASS_TRUE_COLOR &&
                              v.data->red_mask == 0xff0000 && v.data->green_mask == 0xff00 &&
                              v.data->blue_mask == 0xff;
            return d.data->depth;
         }
   return 0;
}

static EGLint attrib(EGLConfig c, EGLint a)
{
   EGLint v = -1;
   eglGetConfigAttrib(dpy, c, a, &v);
   return v;
}

/* The first config of depth `depth` visual with the given depth/stencil/samples. */
static EGLConfig find_config(int depth, EGLint zbits, EGLint sbits, EGLint samples)
{
   EGLConfig cfgs[64];
   EGLint n = 0;
   eglGetConfigs(dpy, cfgs, 64, &n);
   for (EGLint i = 0; i < n; i++) {
      bool tc;
      if (visual_depth((xcb_visualid_t)attrib(cfgs[i], EGL_NATIVE_VISUAL_ID), &tc) == depth &&
          attrib(cfgs[i], EGL_DEPTH_SIZE) == zbits && attrib(cfgs[i], EGL_STENCIL_SIZE) == sbits &&
          attrib(cfgs[i], EGL_SAMPLES) == samples)
         return cfgs[i];
   }
   return NULL;
}

static xcb_window_t make_window(EGLConfig cfg, unsigned w, unsigned h)
{
   bool tc;
   xcb_visualid_t visual = (xcb_visualid_t)attrib(cfg, EGL_NATIVE_VISUAL_ID);
   uint8_t depth = (uint8_t)visual_depth(visual, &tc);
   xcb_colormap_t cmap = xcb_generate_id(conn);
   xcb_create_colormap(conn, XCB_COLORMAP_ALLOC_NONE, cmap, screen->root, visual);
   xcb_window_t win = xcb_generate_id(conn);
   uint32_t values[] = {0, 0, cmap};
   xcb_create_window(conn, depth, win, screen->root, 0, 0, (uint16_t)w, (uint16_t)h, 0,
                     XCB_WINDOW_CLASS_INPUT_OUTPUT, visual,
                     XCB_CW_BACK_PIXEL | XCB_CW_BORDER_PIXEL | XCB_CW_COLORMAP, values);
   xcb_map_window(conn, win);
   free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
   return win;
}

/* Clears the surface to `rgb` and the scissor box (x, y, w, h; GL's bottom-left origin) to
 * `box_rgb`. */
static void draw(uint32_t rgb, uint32_t box_rgb, int x, int y, int w, int h)
{
   glDisable(GL_SCISSOR_TEST);
   glClearColor((float)(rgb >> 16 & 255) / 255.0f, (float)(rgb >> 8 & 255) / 255.0f,
                (float)(rgb & 255) / 255.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(x, y, w, h);
   glClearColor((float)(box_rgb >> 16 & 255) / 255.0f, (float)(box_rgb >> 8 & 255) / 255.0f,
                (float)(box_rgb & 255) / 255.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
}

/* Compares the drawable's w x h pixels (X: top row first) with what draw() made: box
 * rows are counted from the bottom in GL. Returns the number of wrong pixels. */
static unsigned wrong_pixels(xcb_drawable_t d, unsigned w, unsigned h, uint32_t rgb,
                             uint32_t box_rgb, int bx, int by, int bw, int bh)
{
   xcb_get_image_reply_t *img = xcb_get_image_reply(
      conn, xcb_get_image(conn, XCB_IMAGE_FORMAT_Z_PIXMAP, d, 0, 0, (uint16_t)w, (uint16_t)h,
                          ~0u),
      NULL);
   if (!img)
      return w * h;
   const uint32_t *px = (const uint32_t *)xcb_get_image_data(img);
   unsigned wrong = 0;
   for (unsigned row = 0; row < h; row++)
      for (unsigned col = 0; col < w; col++) {
         int gl_y = (int)(h - 1 - row);
         bool in_box = (int)col >= bx && (int)col < bx + bw && gl_y >= by && gl_y < by + bh;
         uint32_t want = in_box ? box_rgb : rgb;
         uint32_t got = px[row * w + col] & 0xffffff;
         if (got != want && wrong++ < 3)
            printf("  pixel (%u,%u): 0x%06x, want 0x%06x\n", col, row, got, want);
      }
   free(img);
   return wrong;
}

/* EGL_CHROMIUM_sync_control's function (not in every eglext.h). */
typedef EGLBoolean (*get_sync_values_fn)(EGLDisplay, EGLSurface, EGLuint64KHR *,
                                         EGLuint64KHR *, EGLuint64KHR *);
static get_sync_values_fn get_sync_values;

static uint64_t now_us(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u;
}

/* EGL_CHROMIUM_sync_control: SBC = MSC = the surface's presents, UST = the CLOCK_MONOTONIC
 * microsecond of the last one, between `after` and `before` when given (else 0). */
static void check_sync_values(EGLSurface surf, uint64_t presents, uint64_t after,
                              uint64_t before)
{
   EGLuint64KHR ust = 1, msc = 1, sbc = 1;
   CHECK(get_sync_values(dpy, surf, &ust, &msc, &sbc), "eglGetSyncValuesCHROMIUM");
   CHECK(sbc == presents && msc == presents, "sbc %llu msc %llu, want %llu",
         (unsigned long long)sbc, (unsigned long long)msc, (unsigned long long)presents);
   CHECK(presents ? ust >= after && ust <= before : ust == 0, "ust %llu in [%llu, %llu]",
         (unsigned long long)ust, (unsigned long long)after, (unsigned long long)before);
}

static EGLContext make_context(EGLConfig cfg)
{
   static const EGLint attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   return eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attribs);
}

static void test_displays(void)
{
   EGLDisplay by_platform = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, NULL);
   CHECK(by_platform != EGL_NO_DISPLAY);
   CHECK(eglGetDisplay((EGLNativeDisplayType)xdpy) == by_platform, "eglGetDisplay(Display *)");
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_ext =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   CHECK(get_ext && get_ext(EGL_PLATFORM_X11_EXT, xdpy, NULL) == by_platform);
   const EGLAttrib screen0[] = {EGL_PLATFORM_X11_SCREEN_KHR, 0, EGL_NONE};
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, screen0) != EGL_NO_DISPLAY);
   const EGLAttrib bad[] = {EGL_PLATFORM_XCB_SCREEN_EXT, 0, EGL_NONE};
   CHECK_ERR(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, bad), EGL_NO_DISPLAY,
             EGL_BAD_ATTRIBUTE);
   /* A screen the server does not have cannot be initialised. */
   const EGLAttrib screen9[] = {EGL_PLATFORM_X11_SCREEN_KHR, 9, EGL_NONE};
   EGLDisplay none = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, screen9);
   CHECK_ERR(eglInitialize(none, NULL, NULL), EGL_FALSE, EGL_NOT_INITIALIZED);

   /* xcb: the same configs as the Xlib display of the same server. */
   xcb_connection_t *c2 = xcb_connect(NULL, NULL);
   EGLDisplay by_xcb = eglGetPlatformDisplay(EGL_PLATFORM_XCB_EXT, c2, NULL);
   CHECK(by_xcb != EGL_NO_DISPLAY && by_xcb != by_platform);
   EGLint n = 0, n_xlib = 0;
   CHECK(eglInitialize(by_xcb, NULL, NULL) && eglGetConfigs(by_xcb, NULL, 0, &n));
   CHECK(eglInitialize(by_platform, NULL, NULL) && eglGetConfigs(by_platform, NULL, 0, &n_xlib));
   CHECK_EQ(n, n_xlib, "xcb config count");
   eglTerminate(by_xcb);

   /* EGL_DEFAULT_DISPLAY with $DISPLAY set: an X11 display of our own connection. */
   EGLDisplay def = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   CHECK(def != EGL_NO_DISPLAY && def != by_platform && eglInitialize(def, NULL, NULL));
   EGLConfig cfg;
   static const EGLint win_attribs[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE,
                                        EGL_OPENGL_ES2_BIT, EGL_NONE};
   CHECK(eglChooseConfig(def, win_attribs, &cfg, 1, &n) && n == 1, "default display has windows");
   /* EGL_PLATFORM decides eglGetDisplay's platform, as in Mesa. */
   EGLDisplay sl = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   setenv("EGL_PLATFORM", "surfaceless", 1);
   CHECK(eglGetDisplay(EGL_DEFAULT_DISPLAY) == sl, "EGL_PLATFORM=surfaceless default display");
   CHECK_ERR(eglGetDisplay((EGLNativeDisplayType)xdpy), EGL_NO_DISPLAY, EGL_SUCCESS);
   setenv("EGL_PLATFORM", "x11", 1);
   CHECK(eglGetDisplay(EGL_DEFAULT_DISPLAY) == def, "EGL_PLATFORM=x11 default display");
   unsetenv("EGL_PLATFORM");
   /* A pointer to no mapped memory is not taken for a Display*. */
   CHECK_ERR(eglGetDisplay((EGLNativeDisplayType)(uintptr_t)16), EGL_NO_DISPLAY, EGL_SUCCESS);
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   CHECK(client && strstr(client, "EGL_KHR_platform_x11") && strstr(client, "EGL_EXT_platform_xcb"));
   xcb_disconnect(c2);
}

/* Every window config is on a 24- or 32-bit TrueColor visual with 8-bit channels; both
 * depths have the 12 configs (no depth, D24S8, D24 x single/2x/4x/8x samples). */
static void test_configs(void)
{
   EGLConfig cfgs[64];
   EGLint n = 0;
   CHECK(eglGetConfigs(dpy, cfgs, 64, &n));
   int per_depth[33] = {0};
   for (EGLint i = 0; i < n; i++) {
      EGLint type = attrib(cfgs[i], EGL_SURFACE_TYPE);
      bool tc = false;
      int depth = visual_depth((xcb_visualid_t)attrib(cfgs[i], EGL_NATIVE_VISUAL_ID), &tc);
      CHECK((type & (EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT)) ==
               (EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT), "config %d bits", i);
      CHECK(tc && (depth == 24 || depth == 32), "config %d visual", i);
      CHECK_EQ(attrib(cfgs[i], EGL_NATIVE_VISUAL_TYPE), XCB_VISUAL_CLASS_TRUE_COLOR);
      if (depth == 24 || depth == 32)
         per_depth[depth]++;
   }
   CHECK_EQ(per_depth[24], 12, "24-bit configs");
   CHECK_EQ(per_depth[32], 12, "32-bit configs");
   CHECK_EQ(n, 24, "configs");
   /* The root (24-bit) visual's configs sort first among equals (EGL_NATIVE_VISUAL_TYPE,
    * then EGL_CONFIG_ID). */
   static const EGLint want[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_DEPTH_SIZE, 1,
                                EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
   CHECK(eglChooseConfig(dpy, want, cfgs, 64, &n));
   CHECK_EQ(n, 16, "configs with depth");
   for (EGLint i = 1; i < n; i++) {
      EGLint sa = attrib(cfgs[i - 1], EGL_SAMPLES), sb = attrib(cfgs[i], EGL_SAMPLES);
      EGLint za = attrib(cfgs[i - 1], EGL_STENCIL_SIZE), zb = attrib(cfgs[i], EGL_STENCIL_SIZE);
      CHECK(sa < sb || (sa == sb && (za < zb || (za == zb && attrib(cfgs[i - 1], EGL_CONFIG_ID) <
                                                              attrib(cfgs[i], EGL_CONFIG_ID)))),
            "sort order at %d", i);
   }
   /* EGL_MATCH_NATIVE_PIXMAP: the configs of the pixmap's depth. */
   xcb_pixmap_t pm = xcb_generate_id(conn);
   xcb_create_pixmap(conn, 32, pm, screen->root, 8, 8);
   xcb_flush(conn);
   const EGLint match[] = {EGL_MATCH_NATIVE_PIXMAP, (EGLint)pm, EGL_SURFACE_TYPE,
                           EGL_PIXMAP_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
   CHECK(eglChooseConfig(dpy, match, cfgs, 64, &n));
   CHECK_EQ(n, 12, "32-bit pixmap configs");
   for (EGLint i = 0; i < n; i++) {
      bool tc;
      CHECK_EQ(visual_depth((xcb_visualid_t)attrib(cfgs[i], EGL_NATIVE_VISUAL_ID), &tc), 32);
   }
   const EGLint no_pixmap[] = {EGL_MATCH_NATIVE_PIXMAP, (EGLint)screen->root, EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, no_pixmap, cfgs, 64, &n), EGL_FALSE, EGL_BAD_NATIVE_PIXMAP);
   xcb_free_pixmap(conn, pm);
}

/* Draws two frames into a window of `cfg`, checking the window after each swap, then
 * resizes it and checks that the next frames have the new size. */
static void test_window(const char *name, EGLConfig cfg)
{
   if (!cfg) {
      CHECK(false, "%s: no config", name);
      return;
   }
   xcb_window_t win = make_window(cfg, 64, 48);
   EGLSurface surf = eglCreateWindowSurface(dpy, cfg, win, NULL);
   EGLContext ctx = make_context(cfg);
   CHECK(surf != EGL_NO_SURFACE && ctx != EGL_NO_CONTEXT, "%s: surface and context", name);
   CHECK(eglMakeCurrent(dpy, surf, surf, ctx), "%s: make current", name);
   EGLint w = 0, h = 0, age = -1;
   eglQuerySurface(dpy, surf, EGL_WIDTH, &w);
   eglQuerySurface(dpy, surf, EGL_HEIGHT, &h);
   CHECK(w == 64 && h == 48, "%s: size %dx%d", name, w, h);
   CHECK(eglQuerySurface(dpy, surf, EGL_BUFFER_AGE_EXT, &age) && age == 0, "%s: age %d", name, age);

   check_sync_values(surf, 0, 0, 0);
   EGLuint64KHR v;
   CHECK_ERR(get_sync_values(dpy, surf, &v, NULL, &v), EGL_FALSE, EGL_BAD_PARAMETER);
   draw(0x336699, 0xff0000, 8, 4, 16, 10);
   uint64_t t0 = now_us();
   CHECK(eglSwapBuffers(dpy, surf), "%s: swap", name);
   check_sync_values(surf, 1, t0, now_us());
   CHECK_EQ(wrong_pixels(win, 64, 48, 0x336699, 0xff0000, 8, 4, 16, 10), 0,
            "wrong pixels after the first swap");
   CHECK(eglQuerySurface(dpy, surf, EGL_BUFFER_AGE_EXT, &age) && age == 1, "%s: age %d", name, age);
   draw(0x00ff80, 0x102030, 40, 30, 24, 18);
   static const EGLint damage[] = {0, 0, 64, 48};
   PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC swap_damage =
      (PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
   CHECK_ERR(swap_damage(dpy, surf, damage, -1), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK(swap_damage(dpy, surf, damage, 1), "%s: swap with damage", name);
   CHECK_EQ(wrong_pixels(win, 64, 48, 0x00ff80, 0x102030, 40, 30, 24, 18), 0,
            "wrong pixels after the second swap");

   /* The surface follows the window at the swap after the resize. */
   const uint32_t size[] = {80, 40};
   xcb_configure_window(conn, win, XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT, size);
   free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
   draw(0x445566, 0x445566, 0, 0, 1, 1);
   eglSwapBuffers(dpy, surf);
   eglQuerySurface(dpy, surf, EGL_WIDTH, &w);
   eglQuerySurface(dpy, surf, EGL_HEIGHT, &h);
   CHECK(w == 80 && h == 40, "%s: size after resize %dx%d", name, w, h);
   CHECK(eglQuerySurface(dpy, surf, EGL_BUFFER_AGE_EXT, &age) && age == 0,
         "%s: age after resize %d", name, age);
   glViewport(0, 0, 80, 40);
   draw(0x0000ff, 0xffffff, 70, 0, 10, 40);
   eglSwapBuffers(dpy, surf);
   CHECK_EQ(wrong_pixels(win, 80, 40, 0x0000ff, 0xffffff, 70, 0, 10, 40), 0,
            "wrong pixels after the resize");

   /* eglCopyBuffers into a pixmap of the surface's size and depth. */
   bool tc;
   uint8_t depth = (uint8_t)visual_depth((xcb_visualid_t)attrib(cfg, EGL_NATIVE_VISUAL_ID), &tc);
   xcb_pixmap_t pm = xcb_generate_id(conn), small = xcb_generate_id(conn);
   xcb_create_pixmap(conn, depth, pm, screen->root, 80, 40);
   xcb_create_pixmap(conn, depth, small, screen->root, 8, 8);
   xcb_flush(conn);
   CHECK(eglCopyBuffers(dpy, surf, (EGLNativePixmapType)pm), "%s: copy buffers", name);
   CHECK_EQ(wrong_pixels(pm, 80, 40, 0x0000ff, 0xffffff, 70, 0, 10, 40), 0,
            "wrong pixels in the copy");
   CHECK_ERR(eglCopyBuffers(dpy, surf, (EGLNativePixmapType)small), EGL_FALSE, EGL_BAD_MATCH);
   CHECK_ERR(eglCopyBuffers(dpy, surf, (EGLNativePixmapType)win), EGL_FALSE,
             EGL_BAD_NATIVE_PIXMAP);
   xcb_free_pixmap(conn, pm);
   xcb_free_pixmap(conn, small);

   /* One surface per window. */
   CHECK_ERR(eglCreateWindowSurface(dpy, cfg, win, NULL), EGL_NO_SURFACE, EGL_BAD_ALLOC);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);
   xcb_destroy_window(conn, win);
}

/* A pixmap surface's rendering is in the pixmap after eglWaitClient. */
static void test_pixmap(void)
{
   EGLConfig cfg = find_config(24, 24, 8, 0);
   xcb_pixmap_t pm = xcb_generate_id(conn);
   xcb_create_pixmap(conn, 24, pm, screen->root, 32, 20);
   xcb_flush(conn);
   EGLSurface surf = eglCreatePixmapSurface(dpy, cfg, (EGLNativePixmapType)pm, NULL);
   EGLContext ctx = make_context(cfg);
   CHECK(surf != EGL_NO_SURFACE && eglMakeCurrent(dpy, surf, surf, ctx), "pixmap surface");
   EGLint rb = 0;
   CHECK(eglQuerySurface(dpy, surf, EGL_RENDER_BUFFER, &rb) && rb == EGL_SINGLE_BUFFER);
   EGLuint64KHR v;
   CHECK_ERR(get_sync_values(dpy, surf, &v, &v, &v), EGL_FALSE, EGL_BAD_SURFACE);
   draw(0x808000, 0x00ffff, 0, 10, 32, 10);
   CHECK(eglWaitClient());
   CHECK_EQ(wrong_pixels(pm, 32, 20, 0x808000, 0x00ffff, 0, 10, 32, 10), 0,
            "wrong pixmap pixels");
   draw(0x0080ff, 0x400000, 4, 0, 8, 20);
   glFinish();
   CHECK_EQ(wrong_pixels(pm, 32, 20, 0x0080ff, 0x400000, 4, 0, 8, 20), 0,
            "wrong pixmap pixels after glFinish");
   /* The platform function takes a pointer to the pixmap id. */
   xcb_pixmap_t pm2 = xcb_generate_id(conn);
   xcb_create_pixmap(conn, 24, pm2, screen->root, 4, 4);
   xcb_flush(conn);
   Pixmap xpm = pm2;
   EGLSurface surf2 = eglCreatePlatformPixmapSurface(dpy, cfg, &xpm, NULL);
   CHECK(surf2 != EGL_NO_SURFACE, "eglCreatePlatformPixmapSurface");
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroySurface(dpy, surf2);
   eglDestroyContext(dpy, ctx);
   xcb_free_pixmap(conn, pm);
   xcb_free_pixmap(conn, pm2);
}

/* The x offsets from the pixel centre, in 1/16 px, of the 2x, 4x and 8x sample positions
 * (docs/r600-hardware-notes.md §3.2). */
static const int sample_dx2[] = {-4, 4};
static const int sample_dx4[] = {-2, 2, -6, 6};
static const int sample_dx8[] = {-1, 1, 3, 5, -7, -3, 7, -5};

/* An N-sample window: a quad whose right edge runs 1.5/16 px right of the centres of column
 * 32 covers the samples of that column with dx < 1.5 (k of N), so the window shows the
 * resolved average there: red 255 * k / N, rounded either way; full red left of it, black
 * right of it. */
static void test_msaa_edge(EGLint samples, const int *dx)
{
   unsigned k = 0;
   for (EGLint s = 0; s < samples; s++)
      k += 2 * dx[s] < 3;
   const uint32_t lo = (255u * k / (unsigned)samples) << 16;
   const uint32_t hi = ((255u * k + (unsigned)samples - 1) / (unsigned)samples) << 16;

   static const char *vs_src = "attribute vec2 p; void main() { gl_Position = vec4(p, 0.0, 1.0); }";
   static const char *fs_src = "void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }";
   EGLConfig cfg = find_config(24, 0, 0, samples);
   xcb_window_t win = make_window(cfg, 64, 8);
   EGLSurface surf = eglCreateWindowSurface(dpy, cfg, win, NULL);
   EGLContext ctx = make_context(cfg);
   CHECK(eglMakeCurrent(dpy, surf, surf, ctx), "msaa make current");
   GLuint prog = glCreateProgram();
   const char *srcs[2] = {vs_src, fs_src};
   for (int i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(i ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER);
      glShaderSource(sh, 1, &srcs[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
   }
   glBindAttribLocation(prog, 0, "p");
   glLinkProgram(prog);
   glUseProgram(prog);
   /* x = 0.0185546875 in NDC is window x 32.59375 on a 64-pixel-wide surface. */
   static const float quad[] = {-1, -1, 0.0185546875f, -1, -1, 1, 0.0185546875f, 1};
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK(eglSwapBuffers(dpy, surf), "msaa swap");
   xcb_get_image_reply_t *img = xcb_get_image_reply(
      conn, xcb_get_image(conn, XCB_IMAGE_FORMAT_Z_PIXMAP, win, 0, 0, 64, 8, ~0u), NULL);
   CHECK(img != NULL);
   if (img) {
      const uint32_t *px = (const uint32_t *)xcb_get_image_data(img);
      unsigned wrong = 0;
      for (unsigned row = 0; row < 8; row++)
         for (unsigned col = 0; col < 64; col++) {
            uint32_t got = px[row * 64 + col] & 0xffffff;
            bool ok = col < 32    ? got == 0xff0000
                      : col == 32 ? got == lo || got == hi
                                  : got == 0;
            if (!ok && wrong++ < 3)
               printf("  msaa pixel (%u,%u): 0x%06x\n", col, row, got);
         }
      CHECK(wrong == 0, "%u wrong pixels at the %dx edge", wrong, samples);
      free(img);
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);
   xcb_destroy_window(conn, win);
}

/* A window destroyed under its surface: eglSwapBuffers reports it, and no X error reaches
 * Xlib's default handler (which would exit this program). */
static void test_destroyed_window(void)
{
   EGLConfig cfg = find_config(24, 0, 0, 0);
   xcb_window_t win = make_window(cfg, 16, 16);
   EGLSurface surf = eglCreateWindowSurface(dpy, cfg, win, NULL);
   EGLContext ctx = make_context(cfg);
   CHECK(eglMakeCurrent(dpy, surf, surf, ctx), "make current");
   xcb_destroy_window(conn, win);
   free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
   draw(0x123456, 0x123456, 0, 0, 1, 1);
   CHECK_ERR(eglSwapBuffers(dpy, surf), EGL_FALSE, EGL_BAD_NATIVE_WINDOW);
   XSync(xdpy, False);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);
}

static void test_bad_handles(void)
{
   EGLConfig c24 = find_config(24, 0, 0, 0), c32 = find_config(32, 0, 0, 0);
   xcb_window_t w32 = make_window(c32, 8, 8);
   xcb_pixmap_t pm = xcb_generate_id(conn);
   xcb_create_pixmap(conn, 24, pm, screen->root, 8, 8);
   xcb_flush(conn);
   CHECK_ERR(eglCreateWindowSurface(dpy, c24, 0, NULL), EGL_NO_SURFACE, EGL_BAD_NATIVE_WINDOW);
   CHECK_ERR(eglCreateWindowSurface(dpy, c24, 0x7ffffff0, NULL), EGL_NO_SURFACE,
             EGL_BAD_NATIVE_WINDOW);
   CHECK_ERR(eglCreateWindowSurface(dpy, c24, pm, NULL), EGL_NO_SURFACE, EGL_BAD_NATIVE_WINDOW);
   CHECK_ERR(eglCreatePixmapSurface(dpy, c24, w32, NULL), EGL_NO_SURFACE, EGL_BAD_NATIVE_PIXMAP);
   CHECK_ERR(eglCreatePixmapSurface(dpy, c24, 0x7ffffff0, NULL), EGL_NO_SURFACE,
             EGL_BAD_NATIVE_PIXMAP);
   /* A 32-bit window with a 24-bit visual's config, a 24-bit pixmap with a 32-bit one. */
   CHECK_ERR(eglCreateWindowSurface(dpy, c24, w32, NULL), EGL_NO_SURFACE, EGL_BAD_MATCH);
   CHECK_ERR(eglCreatePixmapSurface(dpy, c32, pm, NULL), EGL_NO_SURFACE, EGL_BAD_MATCH);
   const EGLint bad_attr[] = {EGL_WIDTH, 4, EGL_NONE};
   CHECK_ERR(eglCreateWindowSurface(dpy, c32, w32, bad_attr), EGL_NO_SURFACE, EGL_BAD_ATTRIBUTE);
   CHECK_ERR(eglCreateWindowSurface(dpy, (EGLConfig)&pm, w32, NULL), EGL_NO_SURFACE,
             EGL_BAD_CONFIG);
   /* The platform function takes a pointer to the window id. A window asking for a single
    * buffer reports that request; its context renders to the back buffer all the same. */
   Window xw = w32;
   const EGLAttrib single[] = {EGL_RENDER_BUFFER, EGL_SINGLE_BUFFER, EGL_NONE};
   EGLSurface s = eglCreatePlatformWindowSurface(dpy, c32, &xw, single);
   CHECK(s != EGL_NO_SURFACE, "eglCreatePlatformWindowSurface");
   EGLint rb = 0;
   CHECK(eglQuerySurface(dpy, s, EGL_RENDER_BUFFER, &rb) && rb == EGL_SINGLE_BUFFER);
   EGLContext ctx = make_context(c32);
   EGLint crb = 0;
   CHECK(eglMakeCurrent(dpy, s, s, ctx) &&
         eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &crb) && crb == EGL_BACK_BUFFER);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, s);
   /* The surfaceless display has no native windows. */
   EGLDisplay sl = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   EGLConfig slc;
   EGLint n;
   static const EGLint pb[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                               EGL_OPENGL_ES2_BIT, EGL_NONE};
   eglInitialize(sl, NULL, NULL);
   eglChooseConfig(sl, pb, &slc, 1, &n);
   CHECK_ERR(eglCreateWindowSurface(sl, slc, w32, NULL), EGL_NO_SURFACE, EGL_BAD_NATIVE_WINDOW);
   xcb_destroy_window(conn, w32);
   xcb_free_pixmap(conn, pm);
}

int main(void)
{
   xdpy = XOpenDisplay(NULL);
   if (!xdpy) {
      printf("no X display (run under scripts/with-xvfb)\n");
      return 1;
   }
   conn = XGetXCBConnection(xdpy);
   screen = xcb_setup_roots_iterator(xcb_get_setup(conn)).data;
   get_sync_values =
      (get_sync_values_fn)eglGetProcAddress("eglGetSyncValuesCHROMIUM");
   CHECK(get_sync_values != NULL);
   test_displays();
   dpy = eglGetDisplay((EGLNativeDisplayType)xdpy);
   CHECK(eglInitialize(dpy, NULL, NULL), "initialize");
   test_configs();
   test_window("24-bit", find_config(24, 24, 8, 0));
   test_window("32-bit", find_config(32, 0, 0, 0));
   test_window("4x MSAA", find_config(24, 24, 0, 4));
   test_msaa_edge(2, sample_dx2);
   test_msaa_edge(4, sample_dx4);
   test_msaa_edge(8, sample_dx8);
   test_pixmap();
   test_bad_handles();
   test_destroyed_window();
   eglTerminate(dpy);
   XCloseDisplay(xdpy);
   return check_report();
}
