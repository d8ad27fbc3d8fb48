/* Raster worker threads (see workers.h). A job is published under the lock with a new
 * generation number; the workers (and the caller, when it runs or finishes the job) then
 * take items with an atomic counter, and the last worker to leave the job wakes a caller
 * waiting for it. */
#include "raster/workers.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct worker_arg {
   struct sim_workers *pool;
   unsigned index;
};

struct sim_workers {
   unsigned n;                  /* threads per job, the caller included */
   unsigned started;            /* worker threads running */
   pthread_t threads[SIM_MAX_THREADS];
   struct worker_arg args[SIM_MAX_THREADS];

   pthread_mutex_t lock;
   pthread_cond_t start_cv;     /* a job was published, or quit */
   pthread_cond_t done_cv;      /* the last worker left the job */
   uint64_t generation;
   bool quit;
   atomic_uint busy;            /* workers still in the current job (changed under the lock) */

   /* the current job */
   sim_work_fn fn;
   void *ctx;
   unsigned nitems;
   atomic_uint next;
};

unsigned sim_workers_threads_from_env(void)
{
   long cpus = sysconf(_SC_NPROCESSORS_ONLN);
   unsigned n = cpus > 0 ? (unsigned)cpus : 1;
   const char *env = getenv("R600SIM_NUM_THREADS");
   if (env && *env) {
      char *end;
      long v = strtol(env, &end, 10);
      if (*end || v < 1)
         fprintf(stderr, "r600sim: R600SIM_NUM_THREADS=%s is not a positive number; using %u\n",
                 env, n);
      else
         n = (unsigned)v;
   }
   return n < 1 ? 1 : n > SIM_MAX_THREADS ? SIM_MAX_THREADS : n;
}

static void run_items(struct sim_workers *w, sim_work_fn fn, void *ctx, unsigned nitems,
                      unsigned thread)
{
   for (;;) {
      unsigned item = atomic_fetch_add_explicit(&w->next, 1, memory_order_relaxed);
      if (item >= nitems)
         return;
      fn(ctx, thread, item);
   }
}

static void *worker_main(void *p)
{
   struct worker_arg *arg = p;
   struct sim_workers *w = arg->pool;
   char name[16];
   snprintf(name, sizeof(name), "r600sim-rast%u", arg->index);
   pthread_setname_np(pthread_self(), name);
   uint64_t seen = 0;
   pthread_mutex_lock(&w->lock);
   for (;;) {
      while (w->generation == seen && !w->quit)
         pthread_cond_wait(&w->start_cv, &w->lock);
      if (w->quit)
         break;
      seen = w->generation;
      sim_work_fn fn = w->fn;
      void *ctx = w->ctx;
      unsigned nitems = w->nitems;
      pthread_mutex_unlock(&w->lock);

      run_items(w, fn, ctx, nitems, arg->index);

      pthread_mutex_lock(&w->lock);
      if (atomic_fetch_sub_explicit(&w->busy, 1, memory_order_release) == 1)
         pthread_cond_signal(&w->done_cv);
   }
   pthread_mutex_unlock(&w->lock);
   return NULL;
}

struct sim_workers *sim_workers_create(unsigned nthreads)
{
   if (nthreads <= 1)
      return NULL;
   if (nthreads > SIM_MAX_THREADS)
      nthreads = SIM_MAX_THREADS;
   struct sim_workers *w = calloc(1, sizeof(*w));
   if (!w)
      return NULL;
   pthread_mutex_init(&w->lock, NULL);
   pthread_cond_init(&w->start_cv, NULL);
   pthread_cond_init(&w->done_cv, NULL);
   atomic_init(&w->next, 0);
   atomic_init(&w->busy, 0);
   for (unsigned i = 1; i < nthreads; i++) {
      w->args[i] = (struct worker_arg){ .pool = w, .index = i };
      if (pthread_create(&w->threads[i], NULL, worker_main, &w->args[i]) != 0)
         break;
      w->started++;
   }
   w->n = w->started + 1;
   if (w->started + 1 < nthreads)
      fprintf(stderr, "r600sim: started %u of %u raster worker threads\n", w->started,
              nthreads - 1);
   if (!w->started) {
      sim_workers_destroy(w);
      return NULL;
   }
   return w;
}

void sim_workers_destroy(struct sim_workers *w)
{
   if (!w)
      return;
   pthread_mutex_lock(&w->lock);
   w->quit = true;
   pthread_cond_broadcast(&w->start_cv);
   pthread_mutex_unlock(&w->lock);
   for (unsigned i = 1; i <= w->started; i++)
      pthread_join(w->threads[i], NULL);
   pthread_cond_destroy(&w->start_cv);
   pthread_cond_destroy(&w->done_cv);
   pthread_mutex_destroy(&w->lock);
   free(w);
}

unsigned sim_workers_count(const struct sim_workers *w)
{
   return w ? w->n : 1;
}

void sim_workers_finish(struct sim_workers *w)
{
   if (!w)
      return;
   pthread_mutex_lock(&w->lock);
   sim_work_fn fn = w->fn;
   void *ctx = w->ctx;
   unsigned nitems = w->nitems;
   pthread_mutex_unlock(&w->lock);
   if (nitems)
      run_items(w, fn, ctx, nitems, 0);

   pthread_mutex_lock(&w->lock);
   while (atomic_load_explicit(&w->busy, memory_order_relaxed))
      pthread_cond_wait(&w->done_cv, &w->lock);
   w->nitems = 0;
   pthread_mutex_unlock(&w->lock);
}

bool sim_workers_idle(struct sim_workers *w)
{
   return !w || atomic_load_explicit(&w->busy, memory_order_acquire) == 0;
}

void sim_workers_start(struct sim_workers *w, unsigned nitems, sim_work_fn fn, void *ctx)
{
   if (!w) {
      for (unsigned i = 0; i < nitems; i++)
         fn(ctx, 0, i);
      return;
   }
   sim_workers_finish(w);
   if (!nitems)
      return;
   pthread_mutex_lock(&w->lock);
   w->fn = fn;
   w->ctx = ctx;
   w->nitems = nitems;
   atomic_store_explicit(&w->next, 0, memory_order_relaxed);
   atomic_store_explicit(&w->busy, w->started, memory_order_relaxed);
   w->generation++;
   pthread_cond_broadcast(&w->start_cv);
   pthread_mutex_unlock(&w->lock);
}

void sim_workers_run(struct sim_workers *w, unsigned nitems, sim_work_fn fn, void *ctx)
{
   if (!w || nitems <= 1) {
      sim_workers_finish(w);
      for (unsigned i = 0; i < nitems; i++)
         fn(ctx, 0, i);
      return;
   }
   sim_workers_start(w, nitems, fn, ctx);
   sim_workers_finish(w);
}
