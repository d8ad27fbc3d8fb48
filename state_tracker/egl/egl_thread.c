/* Per-thread EGL state (last error, bound API, current context) and the entry points that
 * only touch it: eglGetError, eglBindAPI, eglQueryAPI, eglReleaseThread. */
#include <pthread.h>

#include "egl_internal.h"

static pthread_mutex_t egl_mutex = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local struct egl_thread thread_state = {EGL_SUCCESS, EGL_OPENGL_ES_API, NULL};

/* A thread that exits with a current context releases it, as eglReleaseThread would: the
 * key gets a value once the thread binds a context (egl_thread_bound). libEGL is linked
 * with -z nodelete, so the destructor stays mapped even after a client's dlclose. */
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;

static void release_at_exit(void *state)
{
   egl_lock();
   egl_release_current(state);
   egl_unlock();
}

static void create_exit_key(void) { pthread_key_create(&exit_key, release_at_exit); }

void egl_thread_bound(void)
{
   pthread_once(&exit_key_once, create_exit_key);
   pthread_setspecific(exit_key, &thread_state);
}

void egl_lock(void) { pthread_mutex_lock(&egl_mutex); }
void egl_unlock(void) { pthread_mutex_unlock(&egl_mutex); }

struct egl_thread *egl_thread(void) { return &thread_state; }

bool egl_error(EGLint err)
{
   thread_state.error = err;
   return false;
}

void egl_success(void) { thread_state.error = EGL_SUCCESS; }

EGLBoolean egl_result(bool ok)
{
   if (!ok)
      return EGL_FALSE;
   egl_success();
   return EGL_TRUE;
}

EGL_EXPORT EGLint EGLAPIENTRY eglGetError(void)
{
   EGLint err = thread_state.error;
   thread_state.error = EGL_SUCCESS;
   return err;
}

/* OpenGL ES is the only client API: EGL_OPENGL_API and EGL_OPENVG_API are valid tokens of
 * APIs this implementation does not support, which the spec answers with EGL_BAD_PARAMETER. */
EGL_EXPORT EGLBoolean EGLAPIENTRY eglBindAPI(EGLenum api)
{
   if (api != EGL_OPENGL_ES_API)
      return egl_error(EGL_BAD_PARAMETER);
   thread_state.api = api;
   egl_success();
   return EGL_TRUE;
}

EGL_EXPORT EGLenum EGLAPIENTRY eglQueryAPI(void)
{
   egl_success();
   return thread_state.api;
}

EGL_EXPORT EGLBoolean EGLAPIENTRY eglReleaseThread(void)
{
   egl_lock();
   egl_release_current(&thread_state);
   egl_unlock();
   thread_state.api = EGL_OPENGL_ES_API;
   egl_success();
   return EGL_TRUE;
}
