/* EGL surfaces. The surfaceless and device platforms have pbuffers only
 * (EGL_MESA_platform_surfaceless): window and pixmap creation fail there with
 * EGL_BAD_NATIVE_WINDOW / _PIXMAP; X11 displays make them in egl_x11_surface.c. A pbuffer
 * owns an st_framebuffer (RGBA8 colour, plus Z24S8 or Z24X8 when its config has depth),
 * stored top row first like a window-system buffer. */
#include <stdint.h>
#include <stdlib.h>

#include "egl_internal.h"
#include "egl_x11.h"
#include "st_api.h"

void egl_surface_release(struct egl_surface *s)
{
   if (!s->deleted || s->bound_ctx)
      return;
   if (s->fb)
      r600sim_st_framebuffer_destroy(s->fb);
   egl_x11_surface_destroy(s->x11);
   free(s);
}

/* Looks up dpy (initialised, stored in *out if out) and surface; NULL with the EGL error
 * set on failure. */
static struct egl_surface *lookup_in(EGLDisplay dpy, EGLSurface surface,
                                     struct egl_display **out)
{
   struct egl_display *d = egl_lookup_display(dpy, false);
   if (!d)
      return NULL;
   if (out)
      *out = d;
   struct egl_surface *s = egl_lookup_surface(d, surface);
   if (!s)
      egl_error(EGL_BAD_SURFACE);
   return s;
}

static struct egl_surface *lookup(EGLDisplay dpy, EGLSurface surface)
{
   return lookup_in(dpy, surface, NULL);
}

static bool is_bool(EGLint v) { return v == EGL_TRUE || v == EGL_FALSE; }

/* Parses the pbuffer attributes into s; returns the EGL error (EGL_SUCCESS when valid). */
static EGLint parse_pbuffer_attribs(struct egl_surface *s, const EGLint *attribs)
{
   for (const EGLint *a = attribs; a && a[0] != EGL_NONE; a += 2) {
      EGLint v = a[1];
      switch (a[0]) {
      case EGL_WIDTH:
      case EGL_HEIGHT:
         if (v < 0)
            return EGL_BAD_PARAMETER;
         *(a[0] == EGL_WIDTH ? &s->width : &s->height) = v;
         break;
      case EGL_LARGEST_PBUFFER:
         if (!is_bool(v))
            return EGL_BAD_ATTRIBUTE;
         s->largest_pbuffer = v;
         break;
      case EGL_TEXTURE_FORMAT:
         /* Legal values, but no config has EGL_BIND_TO_TEXTURE_RGB(A): out of range. */
         if (v != EGL_NO_TEXTURE)
            return EGL_BAD_ATTRIBUTE;
         s->texture_format = v;
         break;
      case EGL_TEXTURE_TARGET:
         if (v != EGL_NO_TEXTURE && v != EGL_TEXTURE_2D)
            return EGL_BAD_ATTRIBUTE;
         s->texture_target = v;
         break;
      case EGL_MIPMAP_TEXTURE:
         if (!is_bool(v))
            return EGL_BAD_ATTRIBUTE;
         s->mipmap_texture = v;
         break;
      case EGL_GL_COLORSPACE:
         /* GLES 2.0 has no sRGB rendering: the spec says such contexts ignore it. */
         if (v != EGL_GL_COLORSPACE_LINEAR && v != EGL_GL_COLORSPACE_SRGB)
            return EGL_BAD_ATTRIBUTE;
         s->gl_colorspace = v;
         break;
      case EGL_VG_ALPHA_FORMAT:
         if (v != EGL_VG_ALPHA_FORMAT_NONPRE && v != EGL_VG_ALPHA_FORMAT_PRE)
            return EGL_BAD_ATTRIBUTE;
         s->vg_alpha_format = v;
         break;
      case EGL_VG_COLORSPACE:
         if (v != EGL_VG_COLORSPACE_sRGB && v != EGL_VG_COLORSPACE_LINEAR)
            return EGL_BAD_ATTRIBUTE;
         s->vg_colorspace = v;
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }
   return EGL_SUCCESS;
}

/* Allocates the drawable. A zero-area pbuffer (the EGL default size is 0x0) has no storage
 * and is bound like a surfaceless context. With EGL_LARGEST_PBUFFER a failed allocation is
 * retried at halved sizes until one fits. */
static bool allocate_fb(struct egl_surface *s)
{
   const EGLint max = 8192;
   if (s->width > max || s->height > max) {
      if (!s->largest_pbuffer)
         return false;
      if (s->width > max)
         s->width = max;
      if (s->height > max)
         s->height = max;
   }
   if (s->width == 0 || s->height == 0)
      return true;
   enum pipe_format zs = egl_config_zs_format(s->config);
   for (;;) {
      s->fb = r600sim_st_framebuffer_create_ms(s->width, s->height,
                                               PIPE_FORMAT_R8G8B8A8_UNORM, zs,
                                               (unsigned)s->config->samples);
      if (s->fb || !s->largest_pbuffer || (s->width == 1 && s->height == 1))
         return s->fb != NULL;
      if (s->width >= s->height)
         s->width = (s->width + 1) / 2;
      else
         s->height = (s->height + 1) / 2;
   }
}

EGL_EXPORT EGLSurface EGLAPIENTRY eglCreatePbufferSurface(EGLDisplay dpy, EGLConfig config,
                                                          const EGLint *attribs)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   const struct egl_config *cfg = d ? egl_lookup_config(d, config) : NULL;
   struct egl_surface *s = NULL;
   EGLint err = EGL_SUCCESS;
   if (!d)
      goto out;
   if (!cfg) {
      err = EGL_BAD_CONFIG;
      goto out;
   }
   s = calloc(1, sizeof(*s));
   if (!s) {
      err = EGL_BAD_ALLOC;
      goto out;
   }
   *s = (struct egl_surface){
      .type = EGL_PBUFFER_BIT, .render_buffer = EGL_BACK_BUFFER, .config = cfg, .largest_pbuffer = EGL_FALSE, .texture_format = EGL_NO_TEXTURE,
      .texture_target = EGL_NO_TEXTURE, .mipmap_texture = EGL_FALSE,
      .swap_behavior = EGL_BUFFER_DESTROYED,
      .multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT,
      .gl_colorspace = EGL_GL_COLORSPACE_LINEAR, .vg_alpha_format = EGL_VG_ALPHA_FORMAT_NONPRE,
      .vg_colorspace = EGL_VG_COLORSPACE_sRGB, .swap_interval = 1};
   err = parse_pbuffer_attribs(s, attribs);
   if (err != EGL_SUCCESS)
      goto out;
   if (!(cfg->surface_type & EGL_PBUFFER_BIT) ||
       (s->texture_format == EGL_NO_TEXTURE) != (s->texture_target == EGL_NO_TEXTURE) ||
       (s->vg_alpha_format == EGL_VG_ALPHA_FORMAT_PRE &&
        !(cfg->surface_type & EGL_VG_ALPHA_FORMAT_PRE_BIT)) ||
       (s->vg_colorspace == EGL_VG_COLORSPACE_LINEAR &&
        !(cfg->surface_type & EGL_VG_COLORSPACE_LINEAR_BIT))) {
      err = EGL_BAD_MATCH;
      goto out;
   }
   if (!allocate_fb(s)) {
      err = EGL_BAD_ALLOC;
      goto out;
   }
   s->next = d->surfaces;
   d->surfaces = s;
out:
   if (err != EGL_SUCCESS) {
      free(s);
      s = NULL;
      egl_error(err);
   } else if (d) {
      egl_success();
   }
   egl_unlock();
   return s ? (EGLSurface)s : EGL_NO_SURFACE;
}

/* Window and pixmap surfaces: on X11 displays (egl_x11_surface.c); the other platforms have
 * no native windows or pixmaps. `drawable` is the X window / pixmap id. */
static EGLSurface native_surface(EGLDisplay dpy, EGLConfig config, EGLint type,
                                 uint32_t drawable, const EGLint *attribs)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   const struct egl_config *cfg = d ? egl_lookup_config(d, config) : NULL;
   struct egl_surface *s = NULL;
   /* Without native surfaces the handle is the error whatever the config
    * (EGL_MESA_platform_surfaceless). */
   EGLint err = type == EGL_WINDOW_BIT ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_NATIVE_PIXMAP;
   if (d && d->x11 && !cfg)
      err = EGL_BAD_CONFIG;
   else if (d && d->x11)
      s = egl_x11_surface_create(d, cfg, type, drawable, attribs, &err);
   if (s) {
      s->next = d->surfaces;
      d->surfaces = s;
      egl_success();
   } else if (d) {
      egl_error(err);
   }
   egl_unlock();
   return s ? (EGLSurface)s : EGL_NO_SURFACE;
}

/* The EGLAttrib list of EGL 1.5's platform functions as EGLint pairs (up to 16). */
static bool attribs_to_int(const EGLAttrib *attribs, EGLint out[33])
{
   unsigned n = 0;
   for (; attribs && attribs[n] != EGL_NONE && n < 32; n += 2) {
      out[n] = (EGLint)attribs[n];
      out[n + 1] = (EGLint)attribs[n + 1];
   }
   out[n] = EGL_NONE;
   return !attribs || attribs[n] == EGL_NONE;
}

/* The platform functions take a pointer to the native handle (EGL_KHR_platform_x11: a
 * Window* / Pixmap*; EGL_EXT_platform_xcb: an xcb_window_t* / xcb_pixmap_t*). */
static uint32_t native_id(const void *ptr, EGLDisplay dpy)
{
   if (!ptr)
      return 0;
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, true);
   bool xcb = d && d->x11 && d->x11->kind == EGL_X11_XCB;
   egl_unlock();
   return xcb ? *(const uint32_t *)ptr : (uint32_t) * (const unsigned long *)ptr;
}

static EGLSurface platform_surface(EGLDisplay dpy, EGLConfig config, EGLint type, void *native,
                                   const EGLAttrib *attribs)
{
   EGLint list[33];
   if (!attribs_to_int(attribs, list)) {
      egl_error(EGL_BAD_ATTRIBUTE);
      return EGL_NO_SURFACE;
   }
   return native_surface(dpy, config, type, native_id(native, dpy), list);
}

EGL_EXPORT EGLSurface EGLAPIENTRY eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config,
                                                         EGLNativeWindowType win,
                                                         const EGLint *attribs)
{
   return native_surface(dpy, config, EGL_WINDOW_BIT, (uint32_t)win, attribs);
}

EGL_EXPORT EGLSurface EGLAPIENTRY eglCreatePlatformWindowSurface(EGLDisplay dpy,
                                                                 EGLConfig config, void *win,
                                                                 const EGLAttrib *attribs)
{
   return platform_surface(dpy, config, EGL_WINDOW_BIT, win, attribs);
}

EGLSurface EGLAPIENTRY egl_create_platform_window_surface_ext(EGLDisplay dpy, EGLConfig config,
                                                              void *win, const EGLint *attribs)
{
   return native_surface(dpy, config, EGL_WINDOW_BIT, native_id(win, dpy), attribs);
}

EGL_EXPORT EGLSurface EGLAPIENTRY eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
                                                         EGLNativePixmapType pixmap,
                                                         const EGLint *attribs)
{
   return native_surface(dpy, config, EGL_PIXMAP_BIT, (uint32_t)pixmap, attribs);
}

EGL_EXPORT EGLSurface EGLAPIENTRY eglCreatePlatformPixmapSurface(EGLDisplay dpy,
                                                                 EGLConfig config, void *pixmap,
                                                                 const EGLAttrib *attribs)
{
   return platform_surface(dpy, config, EGL_PIXMAP_BIT, pixmap, attribs);
}

EGLSurface EGLAPIENTRY egl_create_platform_pixmap_surface_ext(EGLDisplay dpy, EGLConfig config,
                                                              void *pixmap, const EGLint *attribs)
{
   return native_surface(dpy, config, EGL_PIXMAP_BIT, native_id(pixmap, dpy), attribs);
}

/* The only client buffer type of EGL 1.5 is an OpenVG image, and OpenVG is not supported. */
EGL_EXPORT EGLSurface EGLAPIENTRY eglCreatePbufferFromClientBuffer(EGLDisplay dpy,
                                                                   EGLenum buftype,
                                                                   EGLClientBuffer buffer,
                                                                   EGLConfig config,
                                                                   const EGLint *attribs)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   egl_unlock();
   if (!d)
      return EGL_NO_SURFACE;
   if (!egl_lookup_config(d, config))
      egl_error(EGL_BAD_CONFIG);
   else
      egl_error(EGL_BAD_PARAMETER);
   return EGL_NO_SURFACE;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglDestroySurface(EGLDisplay dpy, EGLSurface surface)
{
   egl_lock();
   struct egl_display *d;
   struct egl_surface *s = lookup_in(dpy, surface, &d);
   if (s) {
      for (struct egl_surface **p = &d->surfaces; *p; p = &(*p)->next)
         if (*p == s) {
            *p = s->next;
            break;
         }
      s->deleted = true;
      egl_surface_release(s);
      egl_success();
   }
   egl_unlock();
   return s ? EGL_TRUE : EGL_FALSE;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglQuerySurface(EGLDisplay dpy, EGLSurface surface,
                                                  EGLint attribute, EGLint *value)
{
   egl_lock();
   struct egl_surface *s = lookup(dpy, surface);
   bool ok = s != NULL;
   EGLint v = 0;
   if (s) {
      switch (attribute) {
      case EGL_CONFIG_ID: v = s->config->id; break;
      case EGL_WIDTH: v = s->width; break;
      case EGL_HEIGHT: v = s->height; break;
      case EGL_LARGEST_PBUFFER: v = s->largest_pbuffer; break;
      case EGL_TEXTURE_FORMAT: v = s->texture_format; break;
      case EGL_TEXTURE_TARGET: v = s->texture_target; break;
      case EGL_MIPMAP_TEXTURE: v = s->mipmap_texture; break;
      case EGL_MIPMAP_LEVEL: v = s->mipmap_level; break;
      /* Pbuffers render to a back buffer, pixmaps to their one buffer; windows report
       * what was asked for (EGL 1.5 3.5.6). */
      case EGL_RENDER_BUFFER: v = s->render_buffer; break;
      case EGL_BUFFER_AGE_EXT:
         /* EGL_EXT_buffer_age: only of the calling thread's current draw surface. */
         if (!egl_thread()->ctx || egl_thread()->ctx->draw != s)
            ok = egl_error(EGL_BAD_SURFACE);
         else
            v = egl_x11_surface_buffer_age(s);
         break;
      case EGL_SWAP_BEHAVIOR: v = s->swap_behavior; break;
      case EGL_MULTISAMPLE_RESOLVE: v = s->multisample_resolve; break;
      case EGL_HORIZONTAL_RESOLUTION:
      case EGL_VERTICAL_RESOLUTION:
      case EGL_PIXEL_ASPECT_RATIO: v = EGL_UNKNOWN; break;
      case EGL_GL_COLORSPACE: v = s->gl_colorspace; break;
      case EGL_VG_ALPHA_FORMAT: v = s->vg_alpha_format; break;
      case EGL_VG_COLORSPACE: v = s->vg_colorspace; break;
      default: ok = egl_error(EGL_BAD_ATTRIBUTE); break;
      }
   }
   egl_unlock();
   if (ok && value)
      *value = v;
   return egl_result(ok);
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglSurfaceAttrib(EGLDisplay dpy, EGLSurface surface,
                                                   EGLint attribute, EGLint value)
{
   egl_lock();
   struct egl_surface *s = lookup(dpy, surface);
   EGLint err = EGL_SUCCESS;
   if (!s) {
      egl_unlock();
      return EGL_FALSE;
   }
   switch (attribute) {
   case EGL_MIPMAP_LEVEL:
      s->mipmap_level = value;
      break;
   case EGL_MULTISAMPLE_RESOLVE:
      if (value == EGL_MULTISAMPLE_RESOLVE_BOX &&
          !(s->config->surface_type & EGL_MULTISAMPLE_RESOLVE_BOX_BIT))
         err = EGL_BAD_MATCH;
      else if (value != EGL_MULTISAMPLE_RESOLVE_DEFAULT && value != EGL_MULTISAMPLE_RESOLVE_BOX)
         err = EGL_BAD_ATTRIBUTE;
      else
         s->multisample_resolve = value;
      break;
   case EGL_SWAP_BEHAVIOR:
      if (value == EGL_BUFFER_PRESERVED &&
          !(s->config->surface_type & EGL_SWAP_BEHAVIOR_PRESERVED_BIT))
         err = EGL_BAD_MATCH;
      else if (value != EGL_BUFFER_DESTROYED && value != EGL_BUFFER_PRESERVED)
         err = EGL_BAD_ATTRIBUTE;
      else
         s->swap_behavior = value;
      break;
   default:
      err = EGL_BAD_ATTRIBUTE;
      break;
   }
   egl_unlock();
   if (err != EGL_SUCCESS)
      return egl_error(err);
   egl_success();
   return EGL_TRUE;
}

/* A pbuffer has a single colour buffer: posting it does nothing beyond the implicit flush,
 * which also throttles the application to one frame ahead of the GPU (r600sim_st_swap). A
 * window's frame is presented (egl_x11_surface.c), a pixmap's copied into it; both wait for
 * the frame to finish, which throttles as well. EGL 1.5 3.10.3: the surface must be the draw
 * surface of the calling thread's context. EGL_KHR_swap_buffers_with_damage: the damage
 * rectangles are checked; the whole surface is presented (the extension allows more than
 * the damage). */
static EGLBoolean swap(EGLDisplay dpy, EGLSurface surface, const EGLint *rects, EGLint n_rects)
{
   egl_lock();
   struct egl_surface *s = lookup(dpy, surface);
   struct egl_context *ctx = egl_thread()->ctx;
   bool ok = s != NULL;
   if (s && (!ctx || ctx->draw != s))
      ok = egl_error(EGL_BAD_SURFACE);
   else if (s && (n_rects < 0 || (n_rects > 0 && !rects)))
      ok = egl_error(EGL_BAD_PARAMETER);
   egl_unlock();
   if (!ok)
      return EGL_FALSE;
   /* Without the lock: other threads' EGL calls do not wait for this frame. The surface is
    * bound to this thread's context, so no other thread uses or frees it meanwhile. */
   EGLint err = s->x11 ? egl_x11_surface_present(ctx, s) : EGL_SUCCESS;
   if (err != EGL_SUCCESS)
      return egl_error(err);
   if (!s->x11)
      r600sim_st_swap(ctx->st);
   egl_success();
   return EGL_TRUE;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglSwapBuffers(EGLDisplay dpy, EGLSurface surface)
{
   return swap(dpy, surface, NULL, 0);
}

EGLBoolean EGLAPIENTRY egl_swap_buffers_with_damage(EGLDisplay dpy, EGLSurface surface,
                                                    const EGLint *rects, EGLint n_rects)
{
   return swap(dpy, surface, rects, n_rects);
}

/* EGL_CHROMIUM_sync_control, for window surfaces (egl_x11_surface.c). */
EGLBoolean EGLAPIENTRY egl_get_sync_values_chromium(EGLDisplay dpy, EGLSurface surface,
                                                    EGLuint64KHR *ust, EGLuint64KHR *msc,
                                                    EGLuint64KHR *sbc)
{
   egl_lock();
   struct egl_surface *s = lookup(dpy, surface);
   uint64_t u = 0, m = 0, b = 0;
   bool ok = s != NULL;
   if (s && (!ust || !msc || !sbc))
      ok = egl_error(EGL_BAD_PARAMETER);
   else if (s && !egl_x11_surface_sync_values(s, &u, &m, &b))
      ok = egl_error(EGL_BAD_SURFACE);
   egl_unlock();
   if (!ok)
      return EGL_FALSE;
   *ust = u;
   *msc = m;
   *sbc = b;
   egl_success();
   return EGL_TRUE;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglSwapInterval(EGLDisplay dpy, EGLint interval)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   struct egl_context *ctx = egl_thread()->ctx;
   bool ok = d != NULL;
   if (d && !ctx)
      ok = egl_error(EGL_BAD_CONTEXT);
   else if (d && !ctx->draw)
      ok = egl_error(EGL_BAD_SURFACE);
   else if (d) {
      EGLint lo, hi;
      egl_config_attrib(ctx->draw->config, EGL_MIN_SWAP_INTERVAL, &lo);
      egl_config_attrib(ctx->draw->config, EGL_MAX_SWAP_INTERVAL, &hi);
      ctx->draw->swap_interval = interval < lo ? lo : interval > hi ? hi : interval;
   }
   egl_unlock();
   if (ok)
      egl_success();
   return ok;
}

/* No config supports binding to textures, so no pbuffer has a texture format. */
static EGLBoolean tex_image(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
   egl_lock();
   struct egl_surface *s = lookup(dpy, surface);
   egl_unlock();
   if (!s)
      return EGL_FALSE;
   if (buffer != EGL_BACK_BUFFER)
      return egl_error(EGL_BAD_PARAMETER);
   return egl_error(EGL_BAD_MATCH);
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglBindTexImage(EGLDisplay dpy, EGLSurface surface,
                                                  EGLint buffer)
{
   return tex_image(dpy, surface, buffer);
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglReleaseTexImage(EGLDisplay dpy, EGLSurface surface,
                                                     EGLint buffer)
{
   return tex_image(dpy, surface, buffer);
}

/* eglCopyBuffers: into an X pixmap of the surface's size and depth, from the calling
 * thread's current draw surface (whose context finishes the rendering first); the other
 * platforms have no native pixmaps. */
EGL_EXPORT EGLBoolean EGLAPIENTRY eglCopyBuffers(EGLDisplay dpy, EGLSurface surface,
                                                 EGLNativePixmapType target)
{
   egl_lock();
   struct egl_display *d = NULL;
   struct egl_surface *s = lookup_in(dpy, surface, &d);
   struct egl_context *ctx = egl_thread()->ctx;
   EGLint err = EGL_SUCCESS;
   if (s && !d->x11)
      err = EGL_BAD_NATIVE_PIXMAP;
   else if (s && (!ctx || (ctx->draw != s && ctx->read != s)))
      err = EGL_BAD_SURFACE;
   egl_unlock();
   if (!s)
      return EGL_FALSE;
   /* Without the lock, as eglSwapBuffers: the surface is bound to this thread. */
   if (err == EGL_SUCCESS)
      err = egl_x11_copy_to_pixmap(d, ctx, s, (uint32_t)target);
   if (err != EGL_SUCCESS)
      return egl_error(err);
   egl_success();
   return EGL_TRUE;
}
