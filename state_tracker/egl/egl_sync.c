/* Sync objects: fences (EGL 1.5 core, EGL_KHR_fence_sync, EGL_KHR_wait_sync) and reusable
 * syncs (EGL_KHR_reusable_sync).
 *
 * Creating a fence submits the current context's commands (a glFlush) and keeps the pipe
 * fence of that submission: the sync signals once the simulated GPU has executed every
 * command the context issued before it. Client waits test or wait on that fence without
 * holding the EGL lock (each waiter holds its own reference, so a concurrent
 * eglDestroySync is safe); finite timeouts poll, since the GPU interface has only untimed
 * waits. Server waits (eglWaitSync) need no GPU work: all contexts submit to the one GPU
 * queue, which executes in order, and the fence's commands were submitted at creation, so
 * whatever any context submits later runs after them.
 *
 * A reusable sync is a status the application sets (eglSignalSyncKHR) and client waits
 * wait for on a condition variable; a waiter holds a reference, so the sync outlives an
 * eglDestroySyncKHR, which signals it to release its waiters. Server waits on one are
 * EGL_BAD_PARAMETER, as in Mesa (the GPU cannot wait for the CPU).
 *
 * The KHR entry points differ from the core ones in their types (EGLint attributes and
 * values), in one error (an unsupported sync type is EGL_BAD_ATTRIBUTE for
 * eglCreateSyncKHR, EGL_BAD_PARAMETER for eglCreateSync) and in the types they make (EGL
 * 1.5 has no reusable syncs). */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "egl_internal.h"
#include "st_api.h"

static EGLSync create_sync(EGLDisplay dpy, EGLenum type, bool has_attribs, bool khr)
{
   egl_lock();
   struct egl_display *d = egl_lookup_display(dpy, false);
   struct egl_context *ctx = egl_thread()->ctx;
   struct egl_sync *s = NULL;
   EGLint err = EGL_SUCCESS;
   if (!d)
      err = EGL_BAD_DISPLAY; /* "not the name of a valid, initialized EGLDisplay" */
   else if (type != EGL_SYNC_FENCE && !(khr && type == EGL_SYNC_REUSABLE_KHR))
      err = khr ? EGL_BAD_ATTRIBUTE : EGL_BAD_PARAMETER;
   else if (has_attribs)
      err = EGL_BAD_ATTRIBUTE; /* neither type has creation attributes */
   else if (type == EGL_SYNC_FENCE && (!ctx || ctx->dpy != d))
      err = EGL_BAD_MATCH; /* no current context, or one of another display */
   else if (!(s = calloc(1, sizeof(*s))))
      err = EGL_BAD_ALLOC;
   if (s) {
      s->type = type;
      s->refs = 1;
      pthread_mutex_init(&s->mutex, NULL);
      pthread_condattr_t attr;
      pthread_condattr_init(&attr);
      pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
      pthread_cond_init(&s->cond, &attr);
      pthread_condattr_destroy(&attr);
      if (type == EGL_SYNC_FENCE) {
         s->fence = r600sim_st_fence(ctx->st);
         if (!s->fence) /* no memory for a fence: wait now, the sync is then signalled */
            r600sim_st_flush(ctx->st, true);
      }
      s->next = d->syncs;
      d->syncs = s;
   }
   egl_unlock();
   if (err != EGL_SUCCESS) {
      egl_error(err);
      return EGL_NO_SYNC;
   }
   egl_success();
   return (EGLSync)s;
}

/* Under the lock: dpy (initialised, stored in *out if out) and sync of it; NULL with the
 * EGL error set. */
static struct egl_sync *lookup_in(EGLDisplay dpy, EGLSync sync, struct egl_display **out)
{
   struct egl_display *d = egl_lookup_display(dpy, false);
   if (!d)
      return NULL;
   if (out)
      *out = d;
   struct egl_sync *s = egl_lookup_sync(d, sync);
   if (!s)
      egl_error(EGL_BAD_PARAMETER);
   return s;
}

static struct egl_sync *lookup(EGLDisplay dpy, EGLSync sync)
{
   return lookup_in(dpy, sync, NULL);
}

/* Under the lock: EGL_SIGNALED or EGL_UNSIGNALED, dropping a fence once signalled. */
static EGLint sync_status(struct egl_sync *s)
{
   if (s->type == EGL_SYNC_REUSABLE_KHR) {
      pthread_mutex_lock(&s->mutex);
      bool signaled = s->signaled;
      pthread_mutex_unlock(&s->mutex);
      return signaled ? EGL_SIGNALED : EGL_UNSIGNALED;
   }
   if (s->fence && r600sim_st_fence_signaled(s->fence, false))
      r600sim_st_fence_reference(&s->fence, NULL);
   return s->fence ? EGL_UNSIGNALED : EGL_SIGNALED;
}

/* Under the lock: drops a reference, freeing the sync with the last. */
static void sync_unref(struct egl_sync *s)
{
   if (--s->refs)
      return;
   r600sim_st_fence_reference(&s->fence, NULL);
   pthread_cond_destroy(&s->cond);
   pthread_mutex_destroy(&s->mutex);
   free(s);
}

static void set_status(struct egl_sync *s, bool signaled)
{
   pthread_mutex_lock(&s->mutex);
   s->signaled = signaled;
   if (signaled)
      pthread_cond_broadcast(&s->cond);
   pthread_mutex_unlock(&s->mutex);
}

void egl_sync_destroy(struct egl_sync *s)
{
   if (s->type == EGL_SYNC_REUSABLE_KHR)
      set_status(s, true);
   sync_unref(s);
}

static EGLBoolean destroy_sync(EGLDisplay dpy, EGLSync sync)
{
   egl_lock();
   struct egl_display *d;
   struct egl_sync *s = lookup_in(dpy, sync, &d);
   if (s) {
      for (struct egl_sync **p = &d->syncs; *p; p = &(*p)->next)
         if (*p == s) {
            *p = s->next;
            break;
         }
      egl_sync_destroy(s);
      egl_success();
   }
   egl_unlock();
   return s ? EGL_TRUE : EGL_FALSE;
}

static uint64_t now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Waits up to timeout ns for fence: polls, sleeping 50 us at first and up to 1 ms. */
static bool wait_fence(struct pipe_fence_handle *fence, EGLTime timeout)
{
   if (timeout == EGL_FOREVER)
      return r600sim_st_fence_signaled(fence, true);
   uint64_t start = now_ns(), nap = 50000;
   while (!r600sim_st_fence_signaled(fence, false)) {
      uint64_t spent = now_ns() - start;
      if (spent >= timeout)
         return false;
      uint64_t left = timeout - spent;
      struct timespec ts = {0, (long)(left < nap ? left : nap)};
      nanosleep(&ts, NULL);
      if (nap < 1000000)
         nap *= 2;
   }
   return true;
}

/* Waits up to timeout ns for a reusable sync to be signalled. */
static bool wait_reusable(struct egl_sync *s, EGLTime timeout)
{
   struct timespec deadline;
   clock_gettime(CLOCK_MONOTONIC, &deadline);
   if (timeout != EGL_FOREVER) {
      uint64_t ns = (uint64_t)deadline.tv_nsec + timeout % 1000000000u;
      deadline.tv_sec += (time_t)(timeout / 1000000000u + ns / 1000000000u);
      deadline.tv_nsec = (long)(ns % 1000000000u);
   }
   pthread_mutex_lock(&s->mutex);
   while (!s->signaled && timeout != 0) {
      if (timeout == EGL_FOREVER)
         pthread_cond_wait(&s->cond, &s->mutex);
      else if (pthread_cond_timedwait(&s->cond, &s->mutex, &deadline))
         break; /* timed out (the status is read once more below) */
   }
   bool signaled = s->signaled;
   pthread_mutex_unlock(&s->mutex);
   return signaled;
}

static EGLint client_wait(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout)
{
   egl_lock();
   struct egl_sync *s = lookup(dpy, sync);
   bool valid = s != NULL;
   struct pipe_fence_handle *fence = NULL; /* a fence sync's, held through the wait */
   if (s && sync_status(s) == EGL_SIGNALED) {
      s = NULL; /* nothing to wait for */
   } else if (s) {
      s->refs++; /* kept through the wait */
      r600sim_st_fence_reference(&fence, s->fence);
      /* A fence's commands were submitted at creation, so the flush the bit asks for is
       * of the current context (EGL 1.5 section 3.8.1.3), whose work may come before. */
      struct egl_context *ctx = egl_thread()->ctx;
      if ((flags & EGL_SYNC_FLUSH_COMMANDS_BIT) && ctx)
         r600sim_st_flush(ctx->st, false);
   }
   egl_unlock();
   if (!valid)
      return EGL_FALSE;
   bool signaled = true;
   if (s) {
      signaled = s->type == EGL_SYNC_REUSABLE_KHR ? wait_reusable(s, timeout)
                                                  : wait_fence(fence, timeout);
      r600sim_st_fence_reference(&fence, NULL);
      egl_lock();
      sync_unref(s);
      egl_unlock();
   }
   egl_success();
   return signaled ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
}

static EGLBoolean server_wait(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
   egl_lock();
   struct egl_display *d;
   struct egl_sync *s = lookup_in(dpy, sync, &d);
   struct egl_context *ctx = egl_thread()->ctx;
   EGLint err = EGL_SUCCESS;
   if (s && (flags != 0 || s->type == EGL_SYNC_REUSABLE_KHR))
      err = EGL_BAD_PARAMETER;
   else if (s && (!ctx || ctx->dpy != d))
      err = EGL_BAD_MATCH;
   egl_unlock();
   if (!s)
      return EGL_FALSE;
   if (err != EGL_SUCCESS)
      return egl_error(err);
   egl_success(); /* nothing to do: see the top of the file */
   return EGL_TRUE;
}

static bool sync_attrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib *value)
{
   egl_lock();
   struct egl_sync *s = lookup(dpy, sync);
   bool ok = s != NULL;
   if (s) {
      switch (attribute) {
      case EGL_SYNC_TYPE: *value = s->type; break;
      case EGL_SYNC_STATUS: *value = sync_status(s); break;
      case EGL_SYNC_CONDITION:
         if (s->type != EGL_SYNC_FENCE) /* reusable syncs have no condition */
            ok = egl_error(EGL_BAD_ATTRIBUTE);
         *value = EGL_SYNC_PRIOR_COMMANDS_COMPLETE;
         break;
      default: ok = egl_error(EGL_BAD_ATTRIBUTE); break;
      }
   }
   egl_unlock();
   return ok;
}

/* ---- EGL 1.5 ---- */

EGL_EXPORT EGLSync EGLAPIENTRY eglCreateSync(EGLDisplay dpy, EGLenum type,
                                             const EGLAttrib *attribs)
{
   return create_sync(dpy, type, attribs && attribs[0] != EGL_NONE, false);
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglDestroySync(EGLDisplay dpy, EGLSync sync)
{
   return destroy_sync(dpy, sync);
}

EGL_EXPORT EGLint EGLAPIENTRY eglClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags,
                                                EGLTime timeout)
{
   return client_wait(dpy, sync, flags, timeout);
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
   return server_wait(dpy, sync, flags);
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglGetSyncAttrib(EGLDisplay dpy, EGLSync sync,
                                                   EGLint attribute, EGLAttrib *value)
{
   EGLAttrib v;
   if (!sync_attrib(dpy, sync, attribute, &v))
      return EGL_FALSE;
   if (value)
      *value = v;
   egl_success();
   return EGL_TRUE;
}

/* ---- EGL_KHR_fence_sync, EGL_KHR_wait_sync ---- */

EGLSyncKHR EGLAPIENTRY egl_create_sync_khr(EGLDisplay dpy, EGLenum type, const EGLint *attribs)
{
   return create_sync(dpy, type, attribs && attribs[0] != EGL_NONE, true);
}

EGLBoolean EGLAPIENTRY egl_destroy_sync_khr(EGLDisplay dpy, EGLSyncKHR sync)
{
   return destroy_sync(dpy, sync);
}

EGLint EGLAPIENTRY egl_client_wait_sync_khr(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags,
                                            EGLTimeKHR timeout)
{
   return client_wait(dpy, sync, flags, timeout);
}

EGLBoolean EGLAPIENTRY egl_get_sync_attrib_khr(EGLDisplay dpy, EGLSyncKHR sync,
                                               EGLint attribute, EGLint *value)
{
   EGLAttrib v;
   if (!sync_attrib(dpy, sync, attribute, &v))
      return EGL_FALSE;
   if (value)
      *value = (EGLint)v;
   egl_success();
   return EGL_TRUE;
}

EGLint EGLAPIENTRY egl_wait_sync_khr(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   return server_wait(dpy, sync, flags);
}

/* ---- EGL_KHR_reusable_sync ---- */

EGLBoolean EGLAPIENTRY egl_signal_sync_khr(EGLDisplay dpy, EGLSyncKHR sync, EGLenum mode)
{
   egl_lock();
   struct egl_sync *s = lookup(dpy, sync);
   EGLint err = EGL_SUCCESS;
   if (s && s->type != EGL_SYNC_REUSABLE_KHR)
      err = EGL_BAD_MATCH;
   else if (s && mode != EGL_SIGNALED_KHR && mode != EGL_UNSIGNALED_KHR)
      err = EGL_BAD_ATTRIBUTE; /* as Mesa */
   else if (s)
      set_status(s, mode == EGL_SIGNALED_KHR);
   egl_unlock();
   if (!s)
      return EGL_FALSE;
   if (err != EGL_SUCCESS)
      return egl_error(err);
   egl_success();
   return EGL_TRUE;
}
