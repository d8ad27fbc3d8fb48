/* Fence syncs (EGL 1.5, EGL_KHR_fence_sync, EGL_KHR_wait_sync) and reusable syncs
 * (EGL_KHR_reusable_sync: signalled by the application, waited for by threads). A fence
 * signals when the
 * simulated GPU has executed the commands before it, not earlier; client waits honour
 * their timeouts; a sync destroyed while another thread waits on it releases that waiter
 * normally; every error the specs name. The GPU work is a long draw (a fragment-shader loop
 * over a 256x256 pbuffer, a few times), whose execution takes far longer than the calls
 * between its submission and the checks. Prints "N passed, M failed". */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#include "check.h"
#include "egl_fixture.h"

#define SIZE 256

static PFNEGLCREATESYNCKHRPROC create_sync_khr;
static PFNEGLDESTROYSYNCKHRPROC destroy_sync_khr;
static PFNEGLCLIENTWAITSYNCKHRPROC client_wait_sync_khr;
static PFNEGLGETSYNCATTRIBKHRPROC get_sync_attrib_khr;
static PFNEGLWAITSYNCKHRPROC wait_sync_khr;
static PFNEGLSIGNALSYNCKHRPROC signal_sync_khr;

/* Evaluates call, then checks its result and the error it left. */
#define CHECK_ERR(call, want_result, want_error)                                          \
   do {                                                                                   \
      bool ok_ = (call) == (want_result);                                                 \
      EGLint err_ = eglGetError();                                                        \
      check_at(ok_, __FILE__, __LINE__, "%s", #call " result");                           \
      check_at(err_ == (want_error), __FILE__, __LINE__, "%s (error 0x%04x)",             \
               #call " error " #want_error, (unsigned)err_);                              \
   } while (0)

static uint64_t now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static GLuint slow_program;
/* R600SIM_SYNC=1: the GPU executes each submission before r600_gpu_submit returns. */
static bool gpu_synchronous;

/* Queues GPU work of about 100 ms a draw (JIT engine): `draws` full-pbuffer quads whose
 * fragments each run a 64-iteration loop. Nothing is submitted yet. */
static void queue_slow_draws(int draws)
{
   static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   glUseProgram(slow_program);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   for (int i = 0; i < draws; i++)
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static EGLAttrib status_of(EGLDisplay dpy, EGLSync s)
{
   EGLAttrib v = 0;
   eglGetSyncAttrib(dpy, s, EGL_SYNC_STATUS, &v);
   return v;
}

static void test_signals_after_gpu_work(EGLDisplay dpy)
{
   /* Nothing queued: the fence is of work already done once a glFinish returns. */
   glFinish();
   EGLSync idle = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   CHECK(eglClientWaitSync(dpy, idle, 0, EGL_FOREVER) == EGL_CONDITION_SATISFIED);
   CHECK_EQ(status_of(dpy, idle), EGL_SIGNALED, "idle fence status");

   queue_slow_draws(4);
   uint64_t t0 = now_ns();
   EGLSync busy = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   CHECK(busy != EGL_NO_SYNC && eglGetError() == EGL_SUCCESS);
   if (gpu_synchronous) {
      /* R600SIM_SYNC=1: submissions execute before they return, so the fence's commands
       * are done when it is made. */
      CHECK_EQ(status_of(dpy, busy), EGL_SIGNALED, "status right after the draws (sync GPU)");
      CHECK_EQ(eglClientWaitSync(dpy, busy, 0, 0), EGL_CONDITION_SATISFIED,
               "wait, timeout 0 (sync GPU)");
   } else {
      /* Creation submitted the draws but did not wait for them. */
      CHECK_EQ(status_of(dpy, busy), EGL_UNSIGNALED, "status right after the slow draws");
      CHECK_EQ(eglClientWaitSync(dpy, busy, 0, 0), EGL_TIMEOUT_EXPIRED, "wait, timeout 0");
      /* A finite timeout expires after at least that long (2 ms), well before the work
       * ends. */
      uint64_t w0 = now_ns();
      EGLint r = eglClientWaitSync(dpy, busy, EGL_SYNC_FLUSH_COMMANDS_BIT, 2000000);
      uint64_t waited = now_ns() - w0;
      CHECK_EQ(r, EGL_TIMEOUT_EXPIRED, "wait, timeout 2 ms");
      CHECK(waited >= 2000000, "the 2 ms wait returned after %llu ns",
            (unsigned long long)waited);
   }
   /* The earlier fence is not held up by later work. */
   CHECK_EQ(status_of(dpy, idle), EGL_SIGNALED, "earlier fence status");
   CHECK_EQ(eglClientWaitSync(dpy, busy, 0, EGL_FOREVER), EGL_CONDITION_SATISFIED,
            "wait forever");
   uint64_t gpu_ns = now_ns() - t0;
   CHECK_EQ(status_of(dpy, busy), EGL_SIGNALED, "status after the wait");
   /* Work the GPU finished: a glFinish now has nothing left to wait for. */
   uint64_t f0 = now_ns();
   glFinish();
   uint64_t finish_ns = now_ns() - f0;
   CHECK(finish_ns * 4 < gpu_ns, "glFinish after the fence took %llu ns of the %llu ns work",
         (unsigned long long)finish_ns, (unsigned long long)gpu_ns);
   printf("slow draws: %.1f ms on the GPU\n", gpu_ns / 1e6);
   CHECK_ERR(eglDestroySync(dpy, idle), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglDestroySync(dpy, busy), EGL_TRUE, EGL_SUCCESS);
}

/* A nonzero timeout waits to the end when the work ends first. */
static void test_timeout_satisfied(EGLDisplay dpy)
{
   queue_slow_draws(2);
   EGLSync s = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   CHECK_EQ(eglClientWaitSync(dpy, s, 0, 60ull * 1000000000u), EGL_CONDITION_SATISFIED,
            "wait, timeout 60 s");
   CHECK_EQ(status_of(dpy, s), EGL_SIGNALED, "status after a satisfied timed wait");
   eglDestroySync(dpy, s);
}

struct waiter {
   EGLDisplay dpy;
   EGLSync sync;
   EGLint result;
   _Atomic bool started;
};

/* Lets w's thread get into its wait: it has started, then 20 ms more. */
static void let_wait(struct waiter *w)
{
   while (!w->started)
      ;
   struct timespec ms = {0, 20000000};
   nanosleep(&ms, NULL);
}

static void *wait_forever(void *arg)
{
   struct waiter *w = arg;
   w->started = true;
   w->result = eglClientWaitSync(w->dpy, w->sync, 0, EGL_FOREVER);
   return NULL;
}

static void *wait_forever_khr(void *arg)
{
   struct waiter *w = arg;
   w->started = true;
   w->result = client_wait_sync_khr(w->dpy, w->sync, 0, EGL_FOREVER_KHR);
   return NULL;
}

static void test_reusable(EGLDisplay dpy)
{
   CHECK(strstr(eglQueryString(dpy, EGL_EXTENSIONS), "EGL_KHR_reusable_sync") != NULL);
   EGLSyncKHR s = create_sync_khr(dpy, EGL_SYNC_REUSABLE_KHR, NULL);
   CHECK(s != EGL_NO_SYNC_KHR && eglGetError() == EGL_SUCCESS);
   EGLint v = 0;
   CHECK(get_sync_attrib_khr(dpy, s, EGL_SYNC_TYPE_KHR, &v) && v == EGL_SYNC_REUSABLE_KHR);
   CHECK(get_sync_attrib_khr(dpy, s, EGL_SYNC_STATUS_KHR, &v) && v == EGL_UNSIGNALED_KHR);
   CHECK_ERR(get_sync_attrib_khr(dpy, s, EGL_SYNC_CONDITION_KHR, &v), EGL_FALSE,
             EGL_BAD_ATTRIBUTE);
   CHECK_EQ(client_wait_sync_khr(dpy, s, 0, 0), EGL_TIMEOUT_EXPIRED_KHR, "reusable, timeout 0");
   uint64_t w0 = now_ns();
   CHECK_EQ(client_wait_sync_khr(dpy, s, 0, 3000000), EGL_TIMEOUT_EXPIRED_KHR,
            "reusable, timeout 3 ms");
   uint64_t waited = now_ns() - w0;
   CHECK(waited >= 3000000, "the 3 ms wait returned after %llu ns", (unsigned long long)waited);
   CHECK_ERR(wait_sync_khr(dpy, s, 0), EGL_FALSE, EGL_BAD_PARAMETER); /* no server waits */
   CHECK_ERR(signal_sync_khr(dpy, s, 0x1234), EGL_FALSE, EGL_BAD_ATTRIBUTE);

   /* A thread waiting forever is released by the signal. */
   struct waiter w = {dpy, s, 0, false};
   pthread_t th;
   pthread_create(&th, NULL, wait_forever_khr, &w);
   let_wait(&w);
   CHECK_EQ(w.result, 0, "waiter still waiting before the signal");
   CHECK_ERR(signal_sync_khr(dpy, s, EGL_SIGNALED_KHR), EGL_TRUE, EGL_SUCCESS);
   pthread_join(th, NULL);
   CHECK_EQ(w.result, EGL_CONDITION_SATISFIED_KHR, "waiter released by the signal");
   CHECK(get_sync_attrib_khr(dpy, s, EGL_SYNC_STATUS_KHR, &v) && v == EGL_SIGNALED_KHR);
   CHECK_EQ(client_wait_sync_khr(dpy, s, 0, 0), EGL_CONDITION_SATISFIED_KHR, "signalled");
   CHECK_ERR(signal_sync_khr(dpy, s, EGL_UNSIGNALED_KHR), EGL_TRUE, EGL_SUCCESS);
   CHECK(get_sync_attrib_khr(dpy, s, EGL_SYNC_STATUS_KHR, &v) && v == EGL_UNSIGNALED_KHR);

   /* Destroying it releases a waiter, which sees it signalled (as in Mesa). */
   w.result = 0;
   w.started = false;
   pthread_create(&th, NULL, wait_forever_khr, &w);
   let_wait(&w);
   CHECK_ERR(destroy_sync_khr(dpy, s), EGL_TRUE, EGL_SUCCESS);
   pthread_join(th, NULL);
   CHECK_EQ(w.result, EGL_CONDITION_SATISFIED_KHR, "waiter released by the destroy");
   CHECK_ERR(signal_sync_khr(dpy, s, EGL_SIGNALED_KHR), EGL_FALSE, EGL_BAD_PARAMETER);

   /* Fences cannot be signalled; reusable syncs need no context. */
   EGLSyncKHR fence = create_sync_khr(dpy, EGL_SYNC_FENCE_KHR, NULL);
   CHECK_ERR(signal_sync_khr(dpy, fence, EGL_SIGNALED_KHR), EGL_FALSE, EGL_BAD_MATCH);
   destroy_sync_khr(dpy, fence);
   EGLContext ctx = eglGetCurrentContext();
   EGLSurface surf = eglGetCurrentSurface(EGL_DRAW);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   s = create_sync_khr(dpy, EGL_SYNC_REUSABLE_KHR, NULL);
   CHECK(s != EGL_NO_SYNC_KHR && eglGetError() == EGL_SUCCESS);
   static const EGLint attribs[] = {EGL_SYNC_STATUS_KHR, EGL_SIGNALED_KHR, EGL_NONE};
   CHECK_ERR(create_sync_khr(dpy, EGL_SYNC_REUSABLE_KHR, attribs), EGL_NO_SYNC_KHR,
             EGL_BAD_ATTRIBUTE);
   eglMakeCurrent(dpy, surf, surf, ctx);
   /* Left for eglTerminate to destroy. */
}

/* EGL 1.5 3.8.1.2: destroying a sync another thread waits on leaves that wait to finish. */
static void test_destroy_while_waiting(EGLDisplay dpy)
{
   queue_slow_draws(2);
   struct waiter w = {dpy, eglCreateSync(dpy, EGL_SYNC_FENCE, NULL), 0, false};
   pthread_t th;
   pthread_create(&th, NULL, wait_forever, &w);
   let_wait(&w);
   CHECK_ERR(eglDestroySync(dpy, w.sync), EGL_TRUE, EGL_SUCCESS);
   pthread_join(th, NULL);
   CHECK_EQ(w.result, EGL_CONDITION_SATISFIED, "waiter's result after the destroy");
   glFinish();
}

static void test_server_wait(EGLDisplay dpy)
{
   queue_slow_draws(1);
   EGLSync s = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   CHECK_ERR(eglWaitSync(dpy, s, 0), EGL_TRUE, EGL_SUCCESS);
   /* Commands after the server wait run after the fence's: once they are done, so is it. */
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glFinish();
   CHECK_EQ(status_of(dpy, s), EGL_SIGNALED, "fence after later commands finished");
   CHECK_ERR(eglWaitSync(dpy, s, 1), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(wait_sync_khr(dpy, s, 0), EGL_TRUE, EGL_SUCCESS);
   eglDestroySync(dpy, s);
}

static void test_khr_entry_points(EGLDisplay dpy)
{
   queue_slow_draws(2);
   EGLSyncKHR s = create_sync_khr(dpy, EGL_SYNC_FENCE_KHR, NULL);
   CHECK(s != EGL_NO_SYNC_KHR && eglGetError() == EGL_SUCCESS);
   EGLint v = 0;
   CHECK(get_sync_attrib_khr(dpy, s, EGL_SYNC_TYPE_KHR, &v) && v == EGL_SYNC_FENCE_KHR);
   CHECK(get_sync_attrib_khr(dpy, s, EGL_SYNC_CONDITION_KHR, &v) &&
         v == EGL_SYNC_PRIOR_COMMANDS_COMPLETE_KHR);
   CHECK_EQ(client_wait_sync_khr(dpy, s, 0, EGL_FOREVER_KHR), EGL_CONDITION_SATISFIED_KHR,
            "KHR wait forever");
   CHECK(get_sync_attrib_khr(dpy, s, EGL_SYNC_STATUS_KHR, &v) && v == EGL_SIGNALED_KHR);
   v = 0x1234;
   CHECK_ERR(get_sync_attrib_khr(dpy, s, EGL_BUFFER_PRESERVED, &v), EGL_FALSE,
             EGL_BAD_ATTRIBUTE);
   CHECK_EQ(v, 0x1234, "value after a failed query");
   static const EGLint attribs[] = {EGL_SYNC_STATUS_KHR, EGL_SIGNALED_KHR, EGL_NONE};
   static const EGLint empty[] = {EGL_NONE};
   CHECK_ERR(create_sync_khr(dpy, EGL_SYNC_FENCE_KHR, attribs), EGL_NO_SYNC_KHR,
             EGL_BAD_ATTRIBUTE);
   /* KHR: an unsupported type is EGL_BAD_ATTRIBUTE (EGL 1.5 says EGL_BAD_PARAMETER). */
   CHECK_ERR(create_sync_khr(dpy, EGL_SYNC_CL_EVENT_KHR, NULL), EGL_NO_SYNC_KHR,
             EGL_BAD_ATTRIBUTE);
   EGLSyncKHR e = create_sync_khr(dpy, EGL_SYNC_FENCE_KHR, empty);
   CHECK(e != EGL_NO_SYNC_KHR);
   CHECK_ERR(destroy_sync_khr(dpy, e), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(destroy_sync_khr(dpy, e), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(destroy_sync_khr(dpy, s), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(client_wait_sync_khr(dpy, s, 0, 0), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(wait_sync_khr(dpy, s, 0), EGL_FALSE, EGL_BAD_PARAMETER);
}

static void test_errors(struct egl_fixture *f)
{
   EGLDisplay dpy = f->dpy;
   static const EGLAttrib attribs[] = {EGL_SYNC_STATUS, EGL_SIGNALED, EGL_NONE};
   CHECK_ERR(eglCreateSync(EGL_NO_DISPLAY, EGL_SYNC_FENCE, NULL), EGL_NO_SYNC, EGL_BAD_DISPLAY);
   CHECK_ERR(eglCreateSync(dpy, EGL_SYNC_CL_EVENT, NULL), EGL_NO_SYNC, EGL_BAD_PARAMETER);
   CHECK_ERR(eglCreateSync(dpy, EGL_SYNC_REUSABLE_KHR, NULL), EGL_NO_SYNC, EGL_BAD_PARAMETER);
   CHECK_ERR(eglCreateSync(dpy, EGL_SYNC_FENCE, attribs), EGL_NO_SYNC, EGL_BAD_ATTRIBUTE);
   EGLSync bogus = (EGLSync)&attribs;
   EGLAttrib v = 77;
   CHECK_ERR(eglGetSyncAttrib(dpy, bogus, EGL_SYNC_STATUS, &v), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_EQ(v, 77, "value after a query of a bogus sync");
   CHECK_ERR(eglClientWaitSync(dpy, bogus, 0, 0), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(eglWaitSync(dpy, bogus, 0), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(eglDestroySync(dpy, bogus), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(eglDestroySync(EGL_NO_DISPLAY, bogus), EGL_FALSE, EGL_BAD_DISPLAY);

   EGLSync s = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   CHECK_ERR(eglGetSyncAttrib(dpy, s, EGL_SYNC_CONDITION, &v), EGL_TRUE, EGL_SUCCESS);
   CHECK_EQ(v, EGL_SYNC_PRIOR_COMMANDS_COMPLETE, "EGL_SYNC_CONDITION");
   CHECK_ERR(eglGetSyncAttrib(dpy, s, EGL_SYNC_TYPE, &v), EGL_TRUE, EGL_SUCCESS);
   CHECK_EQ(v, EGL_SYNC_FENCE, "EGL_SYNC_TYPE");
   CHECK_ERR(eglGetSyncAttrib(dpy, s, EGL_WIDTH, &v), EGL_FALSE, EGL_BAD_ATTRIBUTE);

   /* No current context: creation and server waits are EGL_BAD_MATCH; client waits work. */
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   CHECK_ERR(eglCreateSync(dpy, EGL_SYNC_FENCE, NULL), EGL_NO_SYNC, EGL_BAD_MATCH);
   CHECK_ERR(eglWaitSync(dpy, s, 0), EGL_FALSE, EGL_BAD_MATCH);
   CHECK_ERR(eglClientWaitSync(dpy, s, EGL_SYNC_FLUSH_COMMANDS_BIT, EGL_FOREVER),
             EGL_CONDITION_SATISFIED, EGL_SUCCESS);
   eglMakeCurrent(dpy, f->surf, f->surf, f->ctx);

   /* Terminating frees the display's syncs: the handle is no longer valid. */
   eglTerminate(dpy);
   CHECK_ERR(eglClientWaitSync(dpy, s, 0, 0), EGL_FALSE, EGL_NOT_INITIALIZED);
   eglInitialize(dpy, NULL, NULL);
   CHECK_ERR(eglDestroySync(dpy, s), EGL_FALSE, EGL_BAD_PARAMETER);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, SIZE, SIZE, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   const char *ext = eglQueryString(f.dpy, EGL_EXTENSIONS);
   CHECK(strstr(ext, "EGL_KHR_fence_sync") && strstr(ext, "EGL_KHR_wait_sync"));
   CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_OES_EGL_sync") != NULL);
   create_sync_khr = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
   destroy_sync_khr = (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
   client_wait_sync_khr = (PFNEGLCLIENTWAITSYNCKHRPROC)eglGetProcAddress("eglClientWaitSyncKHR");
   get_sync_attrib_khr = (PFNEGLGETSYNCATTRIBKHRPROC)eglGetProcAddress("eglGetSyncAttribKHR");
   wait_sync_khr = (PFNEGLWAITSYNCKHRPROC)eglGetProcAddress("eglWaitSyncKHR");
   signal_sync_khr = (PFNEGLSIGNALSYNCKHRPROC)eglGetProcAddress("eglSignalSyncKHR");
   if (!check(create_sync_khr && destroy_sync_khr && client_wait_sync_khr &&
                 get_sync_attrib_khr && wait_sync_khr && signal_sync_khr,
              "eglGetProcAddress of the KHR sync functions"))
      return check_report();

   static const char vs[] = "attribute vec4 pos; void main() { gl_Position = pos; }";
   static const char fs[] =
      "precision highp float;\n"
      "void main() {\n"
      "   float x = gl_FragCoord.x * 0.001;\n"
      "   for (int i = 0; i < 64; i++) x = fract(x * 1.618 + 0.1);\n"
      "   gl_FragColor = vec4(x, 0.0, 0.0, 1.0);\n"
      "}\n";
   static const char *const attribs[] = {"pos", NULL};
   slow_program = egl_fixture_program(vs, fs, attribs);
   if (!check(slow_program != 0, "slow program builds"))
      return check_report();

   const char *sync_env = getenv("R600SIM_SYNC");
   gpu_synchronous = sync_env && strcmp(sync_env, "1") == 0;
   test_signals_after_gpu_work(f.dpy);
   test_timeout_satisfied(f.dpy);
   test_destroy_while_waiting(f.dpy);
   test_server_wait(f.dpy);
   test_khr_entry_points(f.dpy);
   test_reusable(f.dpy);
   test_errors(&f);
   egl_fixture_fini(&f);
   return check_report();
}
