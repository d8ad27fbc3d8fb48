/* The GPU thread and the fences (see gpu_thread.h). */
#include "device/gpu_thread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "device/capture.h"
#include "device/cp.h"
#include "device/gpu_state.h"

struct sim_submission {
   struct sim_submission *next;
   uint64_t seq;
   unsigned ndw;
   bool null_ib;          /* the caller passed no dwords but a nonzero count */
   unsigned flags;        /* R600_GPU_* */
   uint32_t ib[];
};

/* The MXCSR a submission executes under, whichever thread runs it: the x86-64 ABI's
 * initial value (all exceptions masked, round to nearest, no flushing); the application's
 * own floating-point mode never reaches the GPU. */
#define SIM_HOST_MXCSR 0x1F80u

/* Executes one command buffer on the calling thread, under the watchdog: when it expires
 * the CP stops (ex.dword is the packet it stopped in) and the hang is reported here. */
static void execute(struct r600_gpu *gpu, uint64_t seq, const uint32_t *ib, unsigned ndw,
                    bool null_ib, unsigned flags)
{
#if defined(__SSE__)
   unsigned csr = _mm_getcsr();
   _mm_setcsr(SIM_HOST_MXCSR);
#endif
   struct sim_exec ex = { .chip = gpu->chip, .regs = gpu->regs, .mem = gpu->mem,
                          .faults = &gpu->faults, .scratch = gpu->scratch,
                          .workers = gpu->workers, .watchdog = &gpu->watchdog,
                          .zpass = gpu->zpass, .fast_paths = gpu->fast_paths,
                          .seq = seq, .dword = 0 };
   sim_capture_submit(gpu, seq, null_ib ? NULL : ib, ndw);
   sim_watchdog_arm(&gpu->watchdog);
   if (null_ib)
      sim_fault(&ex, 0, "command buffer pointer is NULL (%u dwords)", ndw);
   else
      sim_cp_execute(&ex, ib, ndw);
   if (sim_watchdog_fired(&gpu->watchdog))
      sim_hang(&ex, (unsigned)(gpu->watchdog.timeout_ns / 1000000u));
   if (flags & R600_GPU_FRAME_END)
      sim_capture_frame(gpu, seq);
#if defined(__SSE__)
   _mm_setcsr(csr);
#endif
}

/* Marks `seq` completed. The completed number only grows: an in-place submission may
 * finish its bookkeeping after a later one (both executed in order). */
static void complete(struct r600_gpu *gpu, uint64_t seq)
{
   if (__atomic_load_n(&gpu->completed, __ATOMIC_RELAXED) < seq)
      __atomic_store_n(&gpu->completed, seq, __ATOMIC_RELEASE);
   pthread_cond_broadcast(&gpu->done_cv);
}

/* Executes the queue's head. Called with queue_lock held and the head not running; returns
 * with it held. The GPU thread runs submissions this way, and so does a thread waiting for
 * one that has not started (sim_gpu_thread_wait): it would only sleep while the GPU thread
 * wakes up, runs it and wakes it again. Submissions still execute one at a time, in order. */
static void run_head(struct r600_gpu *gpu)
{
   struct sim_submission *s = gpu->head;
   gpu->running = true;
   pthread_mutex_unlock(&gpu->queue_lock);

   pthread_mutex_lock(&gpu->submit_lock);
   execute(gpu, s->seq, s->ib, s->ndw, s->null_ib, s->flags);
   pthread_mutex_unlock(&gpu->submit_lock);

   pthread_mutex_lock(&gpu->queue_lock);
   gpu->head = s->next;
   if (!gpu->head)
      gpu->tail = NULL;
   gpu->pending--;
   gpu->running = false;
   complete(gpu, s->seq);
   free(s);
   /* The GPU thread may have found the head running and gone back to sleep (or be waiting
    * to stop); without a waiter this costs no system call. */
   if (gpu->head || gpu->quit)
      pthread_cond_signal(&gpu->work_cv);
}

static void *gpu_thread_main(void *arg)
{
   struct r600_gpu *gpu = arg;
   pthread_setname_np(pthread_self(), "r600sim-gpu");
   pthread_mutex_lock(&gpu->queue_lock);
   for (;;) {
      while ((!gpu->head || gpu->running) && !(gpu->quit && !gpu->head))
         pthread_cond_wait(&gpu->work_cv, &gpu->queue_lock);
      if (!gpu->head)
         break;   /* quit with an empty queue */
      run_head(gpu);
   }
   pthread_mutex_unlock(&gpu->queue_lock);
   return NULL;
}

static bool sync_requested(void)
{
   const char *s = getenv("R600SIM_SYNC");
   bool sync = s && *s && strcmp(s, "0") != 0;
   const char *capture = getenv("R600SIM_CAPTURE");
   return sync || (capture && *capture);
}

/* Devices with a running GPU thread, stopped at process exit: the thread must not be
 * executing (possibly in the JIT) while exit() tears down libraries. */
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static struct r600_gpu *live;
static pthread_once_t exit_once = PTHREAD_ONCE_INIT;

/* Stops and joins the thread (the queue is executed first). Called with live_lock held. */
static void stop_thread(struct r600_gpu *gpu)
{
   if (!gpu->threaded || gpu->joined)
      return;
   pthread_mutex_lock(&gpu->queue_lock);
   gpu->quit = true;
   pthread_cond_signal(&gpu->work_cv);
   pthread_mutex_unlock(&gpu->queue_lock);
   pthread_join(gpu->thread, NULL);
   gpu->joined = true;
   for (struct r600_gpu **p = &live; *p; p = &(*p)->next_live) {
      if (*p == gpu) {
         *p = gpu->next_live;
         break;
      }
   }
}

static void stop_all_at_exit(void)
{
   pthread_mutex_lock(&live_lock);
   while (live)
      stop_thread(live);
   pthread_mutex_unlock(&live_lock);
}

static void register_exit_handler(void)
{
   atexit(stop_all_at_exit);
}

void sim_gpu_thread_start(struct r600_gpu *gpu)
{
   pthread_mutex_init(&gpu->submit_lock, NULL);
   pthread_mutex_init(&gpu->queue_lock, NULL);
   pthread_cond_init(&gpu->work_cv, NULL);
   pthread_cond_init(&gpu->done_cv, NULL);
   gpu->threaded = gpu->joined = gpu->quit = gpu->running = false;
   if (sync_requested())
      return;
   pthread_once(&exit_once, register_exit_handler);
   pthread_mutex_lock(&live_lock);
   if (pthread_create(&gpu->thread, NULL, gpu_thread_main, gpu) == 0) {
      gpu->threaded = true;
      gpu->next_live = live;
      live = gpu;
   } else {
      fprintf(stderr, "r600sim: cannot start the GPU thread; submissions run synchronously\n");
   }
   pthread_mutex_unlock(&live_lock);
}

void sim_gpu_thread_stop(struct r600_gpu *gpu)
{
   pthread_mutex_lock(&live_lock);
   stop_thread(gpu);
   pthread_mutex_unlock(&live_lock);
   pthread_cond_destroy(&gpu->work_cv);
   pthread_cond_destroy(&gpu->done_cv);
   pthread_mutex_destroy(&gpu->queue_lock);
   pthread_mutex_destroy(&gpu->submit_lock);
}

/* Executes a submission on the calling thread after everything queued before it (running
 * those the GPU thread has not started, as a waiter does). Called with queue_lock held;
 * returns with it released. The execution lock is taken before the queue lock is released,
 * so that a later submission cannot overtake this one (lock order: queue_lock, then
 * submit_lock). */
static uint64_t execute_here(struct r600_gpu *gpu, const uint32_t *ib, unsigned ndw,
                             bool null_ib, unsigned flags)
{
   while (gpu->pending) {
      if (gpu->head && !gpu->running)
         run_head(gpu);
      else
         pthread_cond_wait(&gpu->done_cv, &gpu->queue_lock);
   }
   uint64_t seq = ++gpu->last_seq;
   pthread_mutex_lock(&gpu->submit_lock);
   pthread_mutex_unlock(&gpu->queue_lock);
   execute(gpu, seq, ib, ndw, null_ib, flags);
   pthread_mutex_unlock(&gpu->submit_lock);
   pthread_mutex_lock(&gpu->queue_lock);
   complete(gpu, seq);
   pthread_mutex_unlock(&gpu->queue_lock);
   return seq;
}

uint64_t sim_gpu_thread_submit(struct r600_gpu *gpu, const uint32_t *ib, unsigned ndw,
                               unsigned flags)
{
   bool null_ib = !ib && ndw;
   size_t copy = null_ib ? 0 : ndw;
   bool queue = gpu->threaded && !(flags & R600_GPU_WAIT);
   struct sim_submission *s = queue ? malloc(sizeof(*s) + copy * sizeof(uint32_t)) : NULL;
   pthread_mutex_lock(&gpu->queue_lock);
   /* Synchronous mode, a stopped thread (process exit), no memory for the copy, or a caller
    * that waits for it at once (executing here spares the GPU thread's wake-up). */
   if (!s || gpu->quit) {
      free(s);
      return execute_here(gpu, ib, ndw, null_ib, flags);
   }
   s->next = NULL;
   s->ndw = ndw;
   s->null_ib = null_ib;
   s->flags = flags;
   if (copy)
      memcpy(s->ib, ib, copy * sizeof(uint32_t));
   while (gpu->pending >= SIM_MAX_PENDING)
      pthread_cond_wait(&gpu->done_cv, &gpu->queue_lock);
   uint64_t seq = s->seq = ++gpu->last_seq;
   if (gpu->tail)
      gpu->tail->next = s;
   else
      gpu->head = s;
   gpu->tail = s;
   gpu->pending++;
   pthread_cond_signal(&gpu->work_cv);
   pthread_mutex_unlock(&gpu->queue_lock);
   return seq;   /* s may be executed and freed by now */
}

/* A waiter runs the submissions up to `seq` itself when the GPU thread has not started
 * them (run_head), then hands the rest of the queue back to the GPU thread. */
void sim_gpu_thread_wait(struct r600_gpu *gpu, uint64_t seq)
{
   if (__atomic_load_n(&gpu->completed, __ATOMIC_ACQUIRE) >= seq)
      return;
   pthread_mutex_lock(&gpu->queue_lock);
   if (seq > gpu->last_seq)
      seq = gpu->last_seq;   /* a number never handed out: do not wait forever */
   while (__atomic_load_n(&gpu->completed, __ATOMIC_ACQUIRE) < seq) {
      if (gpu->head && !gpu->running && gpu->head->seq <= seq)
         run_head(gpu);
      else
         pthread_cond_wait(&gpu->done_cv, &gpu->queue_lock);
   }
   pthread_mutex_unlock(&gpu->queue_lock);
}
