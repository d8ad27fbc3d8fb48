/* GLES contexts: creation with the EGL 1.5 / EGL_KHR_create_context attributes (OpenGL ES
 * 2.0 is the only version), also without a config (EGL_KHR_no_config_context,
 * EGL_MESA_configless_context: such a context may be bound to a surface of any config),
 * eglMakeCurrent (including release, and surfaceless binding per
 * EGL_KHR_surfaceless_context), current-state queries and the wait functions. */
#include <stdlib.h>

#include "egl_internal.h"
#include "egl_x11.h"
#include "st_api.h"

void egl_context_release(struct egl_context *c)
{
   if (!c->deleted || c->owner)
      return;
   r600sim_st_context_destroy(c->st);
   free(c);
}

/* Detaches ctx from its surfaces and its thread, freeing whatever was deleted meanwhile. */
static void unbind(struct egl_context *ctx)
{
   struct egl_surface *draw = ctx->draw, *read = ctx->read;
   ctx->draw = ctx->read = NULL;
   ctx->owner = NULL;
   if (draw) {
      draw->bound_ctx = NULL;
      egl_surface_release(draw);
   }
   if (read && read != draw) {
      read->bound_ctx = NULL;
      egl_surface_release(read);
   }
   egl_context_release(ctx);
}

/* A pixmap surface's rendering reaches its pixmap when ctx stops drawing into it. */
static void update_pixmap(struct egl_context *ctx)
{
   if (ctx->draw && ctx->draw->type == EGL_PIXMAP_BIT && !ctx->draw->deleted)
      egl_x11_surface_present(ctx, ctx->draw);
}

void egl_release_current(struct egl_thread *t)
{
   struct egl_context *ctx = t->ctx;
   if (!ctx)
      return;
   update_pixmap(ctx);
   r600sim_st_flush(ctx->st, false);
   r600sim_st_make_current(NULL, NULL, NULL);
   t->ctx = NULL;
   unbind(ctx);
}

/* What a context is asked to be. */
struct context_attribs {
   EGLint major, minor;
   bool robust;            /* robust buffer access */
   bool lose_on_reset;     /* reset notification strategy LOSE_CONTEXT_ON_RESET */
};

/* Validates the attribute list for an OpenGL ES context (EGL 1.5 section 3.7.1,
 * EGL_KHR_create_context and EGL_EXT_create_context_robustness); returns the EGL error,
 * EGL_SUCCESS when the list is valid. */
static EGLint parse_context_attribs(const EGLint *attribs, struct context_attribs *out)
{
   *out = (struct context_attribs){ .major = 1, .minor = 0 };
   for (const EGLint *a = attribs; a && a[0] != EGL_NONE; a += 2) {
      EGLint v = a[1];
      switch (a[0]) {
      case EGL_CONTEXT_MAJOR_VERSION: /* == EGL_CONTEXT_CLIENT_VERSION */
         out->major = v;
         break;
      case EGL_CONTEXT_MINOR_VERSION:
         out->minor = v;
         break;
      case EGL_CONTEXT_FLAGS_KHR:
         /* Only the debug bit is meaningful for OpenGL ES; debug contexts may add no
          * functionality (EGL_KHR_create_context), and ours add none. */
         if (v & ~EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR)
            return EGL_BAD_ATTRIBUTE;
         break;
      case EGL_CONTEXT_OPENGL_DEBUG:
         if (v != EGL_TRUE && v != EGL_FALSE)
            return EGL_BAD_ATTRIBUTE;
         break;
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT:
         if (v != EGL_TRUE && v != EGL_FALSE)
            return EGL_BAD_ATTRIBUTE;
         out->robust = v == EGL_TRUE;
         break;
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
         /* The _EXT values equal EGL 1.5's. */
         if (v != EGL_NO_RESET_NOTIFICATION && v != EGL_LOSE_CONTEXT_ON_RESET)
            return EGL_BAD_ATTRIBUTE;
         out->lose_on_reset = v == EGL_LOSE_CONTEXT_ON_RESET;
         break;
      default:
         /* Includes EGL_CONTEXT_OPENGL_PROFILE_MASK and _FORWARD_COMPATIBLE, which are
          * not meaningful for OpenGL ES. */
         return EGL_BAD_ATTRIBUTE;
      }
   }
   /* Both are provided. Robust access: the GLES layer checks application ranges, and the
    * GPU never reads or writes outside its buffers (it faults and drops the draw instead);
    * resets: the GPU watchdog's hangs (gl_robustness.c). */
   return EGL_SUCCESS;
}

EGL_EXPORT EGLContext EGLAPIENTRY eglCreateContext(EGLDisplay dpy, EGLConfig config,
                                                   EGLContext share, const EGLint *attribs)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   struct egl_context *c = NULL, *share_ctx = NULL;
   const struct egl_config *cfg = NULL;
   struct context_attribs a;
   EGLint err = EGL_SUCCESS;
   if (!d)
      goto out;
   err = parse_context_attribs(attribs, &a);
   if (err != EGL_SUCCESS)
      goto out;
   if (share != EGL_NO_CONTEXT && !(share_ctx = egl_lookup_context(d, share))) {
      err = EGL_BAD_CONTEXT;
      goto out;
   }
   /* EGL_EXT_create_context_robustness: a share group has one reset strategy. */
   if (share_ctx && share_ctx->lose_on_reset != a.lose_on_reset) {
      err = EGL_BAD_MATCH;
      goto out;
   }
   cfg = egl_lookup_config(d, config);
   if (!cfg && config != EGL_NO_CONFIG_KHR) {
      err = EGL_BAD_CONFIG;
      goto out;
   }
   /* Defined OpenGL ES versions are 1.0, 1.1, 2.0, 3.x; only 2.0 exists here, and the
    * configs carry only EGL_OPENGL_ES2_BIT: everything else is EGL_BAD_MATCH. */
   if (a.major != 2 || a.minor != 0 || (cfg && !(cfg->renderable_type & EGL_OPENGL_ES2_BIT))) {
      err = EGL_BAD_MATCH;
      goto out;
   }
   c = calloc(1, sizeof(*c));
   if (c)
      c->st = r600sim_st_context_create(2, 0, share_ctx ? share_ctx->st : NULL);
   if (!c || !c->st) {
      free(c);
      c = NULL;
      err = EGL_BAD_ALLOC;
      goto out;
   }
   r600sim_st_context_set_robustness(c->st, a.robust, a.lose_on_reset);
   c->lose_on_reset = a.lose_on_reset;
   c->dpy = d;
   c->config = cfg;
   c->major = 2;
   c->minor = 0;
   c->next = d->contexts;
   d->contexts = c;
out:
   if (err != EGL_SUCCESS)
      egl_error(err);
   else if (d)
      egl_success();
   egl_unlock();
   return c ? (EGLContext)c : EGL_NO_CONTEXT;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglDestroyContext(EGLDisplay dpy, EGLContext context)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   struct egl_context *c = d ? egl_lookup_context(d, context) : NULL;
   if (d && !c)
      egl_error(EGL_BAD_CONTEXT);
   if (c) {
      for (struct egl_context **p = &d->contexts; *p; p = &(*p)->next)
         if (*p == c) {
            *p = c->next;
            break;
         }
      c->deleted = true;
      egl_context_release(c);
      egl_success();
   }
   egl_unlock();
   return c ? EGL_TRUE : EGL_FALSE;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglQueryContext(EGLDisplay dpy, EGLContext context,
                                                  EGLint attribute, EGLint *value)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   struct egl_context *c = d ? egl_lookup_context(d, context) : NULL;
   bool ok = c != NULL;
   EGLint v = 0;
   if (d && !c)
      egl_error(EGL_BAD_CONTEXT);
   if (c) {
      switch (attribute) {
      case EGL_CONFIG_ID: v = c->config ? c->config->id : 0; break; /* no config: 0 */
      case EGL_CONTEXT_CLIENT_TYPE: v = EGL_OPENGL_ES_API; break;
      case EGL_CONTEXT_CLIENT_VERSION: v = c->major; break;
      case EGL_RENDER_BUFFER:
         /* Pbuffers and windows render to their back buffer, pixmaps to their one
          * buffer; unbound or surfaceless: none. */
         v = !c->draw ? EGL_NONE
             : c->draw->type == EGL_PIXMAP_BIT ? EGL_SINGLE_BUFFER : EGL_BACK_BUFFER;
         break;
      default: ok = egl_error(EGL_BAD_ATTRIBUTE); break;
      }
   }
   egl_unlock();
   if (ok && value)
      *value = v;
   return egl_result(ok);
}

/* Checks the eglMakeCurrent arguments (EGL 1.5 section 3.7.3); returns the EGL error. */
static EGLint check_make_current(struct egl_thread *t, struct egl_context *c,
                                 struct egl_surface *draw, struct egl_surface *read)
{
   if (!c)
      return draw || read ? EGL_BAD_MATCH : EGL_SUCCESS;
   if (!draw != !read)
      return EGL_BAD_MATCH;
   if (c->owner && c->owner != t)
      return EGL_BAD_ACCESS;
   if ((draw && draw->bound_ctx && draw->bound_ctx->owner != t) ||
       (read && read->bound_ctx && read->bound_ctx->owner != t))
      return EGL_BAD_ACCESS;
   if (c->config && ((draw && !egl_configs_compatible(draw->config, c->config)) ||
                     (read && !egl_configs_compatible(read->config, c->config))))
      return EGL_BAD_MATCH;
   return EGL_SUCCESS;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglMakeCurrent(EGLDisplay dpy, EGLSurface draw,
                                                 EGLSurface read, EGLContext context)
{
   struct egl_thread *t = egl_thread();
   bool release = context == EGL_NO_CONTEXT && draw == EGL_NO_SURFACE &&
                  read == EGL_NO_SURFACE;
   egl_lock();
   /* Releasing is the one case where an uninitialised (e.g. terminated) display is valid. */
   struct egl_display *d = egl_lookup_display(dpy, release);
   if (!d) {
      egl_unlock();
      return EGL_FALSE;
   }
   if (release) {
      egl_release_current(t);
      egl_unlock();
      egl_success();
      return EGL_TRUE;
   }
   struct egl_context *c = NULL;
   struct egl_surface *ds = NULL, *rs = NULL;
   EGLint err = EGL_SUCCESS;
   if (context != EGL_NO_CONTEXT && !(c = egl_lookup_context(d, context)))
      err = EGL_BAD_CONTEXT;
   else if ((draw != EGL_NO_SURFACE && !(ds = egl_lookup_surface(d, draw))) ||
            (read != EGL_NO_SURFACE && !(rs = egl_lookup_surface(d, read))))
      err = EGL_BAD_SURFACE;
   else
      err = check_make_current(t, c, ds, rs);
   if (err != EGL_SUCCESS) {
      egl_unlock();
      return egl_error(err);
   }

   struct egl_context *old = t->ctx;
   if (old == c && c->draw == ds && c->read == rs) {
      egl_unlock();
      egl_success();
      return EGL_TRUE;
   }
   if (old) {
      if (old->draw != ds)
         update_pixmap(old);
      r600sim_st_flush(old->st, false);
   }
   /* A window surface takes its window's size as it is bound (egl_x11_surface.c). */
   if (ds && !egl_x11_surface_follow_size(ds)) {
      egl_unlock();
      return egl_error(EGL_BAD_ALLOC);
   }
   if (!r600sim_st_make_current(c->st, ds ? ds->fb : NULL, rs ? rs->fb : NULL)) {
      /* The GLES layer could not bind (out of memory); the old binding stays. */
      egl_unlock();
      return egl_error(EGL_BAD_ALLOC);
   }
   /* Keep the new surfaces alive while the old binding is torn down. */
   if (old) {
      struct egl_surface *od = old->draw, *orr = old->read;
      old->draw = old->read = NULL;
      old->owner = NULL;
      if (od && od != ds && od != rs) {
         od->bound_ctx = NULL;
         egl_surface_release(od);
      }
      if (orr && orr != od && orr != ds && orr != rs) {
         orr->bound_ctx = NULL;
         egl_surface_release(orr);
      }
      if (old != c)
         egl_context_release(old);
   }
   c->draw = ds;
   c->read = rs;
   c->owner = t;
   if (ds)
      ds->bound_ctx = c;
   if (rs)
      rs->bound_ctx = c;
   t->ctx = c;
   egl_unlock();
   egl_thread_bound();
   egl_success();
   return EGL_TRUE;
}

EGL_EXPORT EGLContext EGLAPIENTRY eglGetCurrentContext(void)
{
   egl_success();
   struct egl_context *c = egl_thread()->ctx;
   return c ? (EGLContext)c : EGL_NO_CONTEXT;
}

EGL_EXPORT EGLDisplay EGLAPIENTRY eglGetCurrentDisplay(void)
{
   egl_success();
   struct egl_context *c = egl_thread()->ctx;
   return c ? (EGLDisplay)c->dpy : EGL_NO_DISPLAY;
}

EGL_EXPORT EGLSurface EGLAPIENTRY eglGetCurrentSurface(EGLint readdraw)
{
   if (readdraw != EGL_READ && readdraw != EGL_DRAW) {
      egl_error(EGL_BAD_PARAMETER);
      return EGL_NO_SURFACE;
   }
   egl_success();
   struct egl_context *c = egl_thread()->ctx;
   struct egl_surface *s = !c ? NULL : readdraw == EGL_READ ? c->read : c->draw;
   return s ? (EGLSurface)s : EGL_NO_SURFACE;
}

/* Waits for the current context's rendering; EGL_BAD_CURRENT_SURFACE once its draw surface
 * was destroyed (its handle is no longer valid). */
static bool current_surface_lost(const struct egl_context *c)
{
   egl_lock();
   bool lost = (c->draw && c->draw->deleted) || (c->read && c->read->deleted);
   egl_unlock();
   return lost;
}

static EGLBoolean wait_current(void)
{
   struct egl_context *c = egl_thread()->ctx;
   if (!c) {
      egl_success();
      return EGL_TRUE;
   }
   if (current_surface_lost(c))
      return egl_error(EGL_BAD_CURRENT_SURFACE);
   r600sim_st_flush(c->st, true);
   /* EGL 1.5 3.8: client rendering to a pixmap is complete in the pixmap afterwards. */
   egl_lock();
   update_pixmap(c);
   egl_unlock();
   egl_success();
   return EGL_TRUE;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglWaitClient(void) { return wait_current(); }

EGL_EXPORT EGLBoolean EGLAPIENTRY eglWaitGL(void) { return wait_current(); }

/* Pbuffers have no native rendering, so there is nothing to wait for. */
EGL_EXPORT EGLBoolean EGLAPIENTRY eglWaitNative(EGLint engine)
{
   if (engine != EGL_CORE_NATIVE_ENGINE)
      return egl_error(EGL_BAD_PARAMETER);
   struct egl_context *c = egl_thread()->ctx;
   if (c && current_surface_lost(c))
      return egl_error(EGL_BAD_CURRENT_SURFACE);
   egl_success();
   return EGL_TRUE;
}
