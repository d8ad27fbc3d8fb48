/* The raster worker pool (raster/workers.h) on many small jobs, the way the draw uses it
 * (a job started on the workers while the caller goes on, finished later; a job run with
 * the caller, or by the caller alone; idle polling in between; two job contexts used in
 * turn):
 *  - every item of every job runs exactly once, before the finish (or run) returns;
 *  - no item runs with a job's context after that job was finished: a worker that wakes
 *    after the caller ran every item must not take items of the next job;
 *  - a thread index is never used by two threads at once, and is below the pool's count;
 *  - sim_workers_idle is true only once every item has run;
 *  - a job run here (sim_workers_run_here) runs on the caller only, even though a started
 *    job was finished with the workers' help just before.
 * Pools of 2, 3 and 4 threads and a NULL pool. Prints "N passed, M failed". */
#include <stdatomic.h>
#include <stdlib.h>

#include "check.h"
#include "raster/workers.h"

#define MAX_ITEMS 48
#define JOBS 20000

struct job {
   atomic_uint ran[MAX_ITEMS];   /* times each item ran */
   atomic_bool finished;         /* the caller has finished this job */
   bool here;                    /* run on the caller alone: no worker may run its items */
   unsigned nitems;
};

static atomic_uint in_use[SIM_MAX_THREADS];   /* threads running with this index now */
static atomic_uint errors_after_finish, errors_thread, errors_index;
static unsigned nthreads;
static atomic_uint errors_not_caller;

static void item(void *ctx, unsigned thread, unsigned i)
{
   struct job *job = ctx;
   if (thread >= nthreads) {
      atomic_fetch_add(&errors_index, 1);
      return;
   }
   if (job->here && thread != 0)
      atomic_fetch_add(&errors_not_caller, 1);
   if (atomic_fetch_add(&in_use[thread], 1) != 0)
      atomic_fetch_add(&errors_thread, 1);
   if (atomic_load(&job->finished) || i >= job->nitems)
      atomic_fetch_add(&errors_after_finish, 1);
   else
      atomic_fetch_add(&job->ran[i], 1);
   /* a little work, more on some items, so that workers are sometimes still at it */
   volatile unsigned spin = (i % 7 == 0) ? 2000 : 50;
   while (spin)
      spin--;
   atomic_fetch_sub(&in_use[thread], 1);
}

static void prepare(struct job *job, unsigned nitems)
{
   for (unsigned i = 0; i < MAX_ITEMS; i++)
      atomic_store(&job->ran[i], 0);
   job->nitems = nitems;
   job->here = false;
   atomic_store(&job->finished, false);
}

/* Every item ran once; marks the job finished. Returns the items that did not. */
static unsigned close_job(struct job *job)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < MAX_ITEMS; i++)
      bad += atomic_load(&job->ran[i]) != (i < job->nitems ? 1u : 0u);
   atomic_store(&job->finished, true);
   return bad;
}

static void run_pool(unsigned threads)
{
   nthreads = threads;
   struct sim_workers *w = sim_workers_create(threads);
   CHECK((w != NULL) == (threads > 1), "%u threads: pool %s", threads, w ? "made" : "NULL");
   CHECK(sim_workers_count(w) == threads, "%u threads: count %u", threads, sim_workers_count(w));
   atomic_store(&errors_after_finish, 0);
   atomic_store(&errors_thread, 0);
   atomic_store(&errors_index, 0);
   atomic_store(&errors_not_caller, 0);

   static struct job jobs[2];
   struct job *started = NULL;   /* a job on the workers, not finished yet */
   unsigned bad_items = 0, bad_idle = 0, polls = 0;
   srand(threads);
   for (unsigned k = 0; k < JOBS; k++) {
      struct job *job = &jobs[k & 1];
      unsigned nitems = (unsigned)rand() % (MAX_ITEMS + 1);
      if (k % 5 == 4)
         nitems = 1 + (unsigned)rand() % 2;   /* the single-item path of run, and tiny jobs */
      if (started == job) {   /* its context is about to be reused: finish it first */
         sim_workers_finish(w);
         bad_items += close_job(started);
         started = NULL;
      }
      prepare(job, nitems);
      switch ((unsigned)rand() % 4) {
      case 0:   /* run with the caller */
         if (started) {
            sim_workers_finish(w);
            bad_items += close_job(started);
            started = NULL;
         }
         sim_workers_run(w, nitems, item, NULL, job);
         bad_items += close_job(job);
         break;
      case 1:   /* start (finishes the previous one), poll a little */
         sim_workers_start(w, nitems, item, NULL, job);
         if (started) {
            bad_items += close_job(started);   /* start finished it */
            started = NULL;
         }
         started = job;
         for (unsigned p = 0; p < 3; p++) {
            polls++;
            if (sim_workers_idle(w)) {
               /* idle: every item has run */
               unsigned ran = 0;
               for (unsigned i = 0; i < nitems; i++)
                  ran += atomic_load(&job->ran[i]) == 1;
               bad_idle += ran != nitems;
               break;
            }
         }
         break;
      case 2:   /* run on the caller alone (finishes the started one) */
         job->here = true;
         sim_workers_run_here(w, nitems, item, job);
         if (started) {
            bad_items += close_job(started);
            started = NULL;
         }
         bad_items += close_job(job);
         break;
      default:   /* finish whatever runs */
         sim_workers_finish(w);
         if (started) {
            bad_items += close_job(started);
            started = NULL;
         }
         job->nitems = 0;   /* nothing was started: nothing ran */
         bad_items += close_job(job);
         break;
      }
   }
   sim_workers_finish(w);
   if (started)
      bad_items += close_job(started);
   CHECK(sim_workers_idle(w), "%u threads: idle after the last finish", threads);
   CHECK(bad_items == 0, "%u threads: %u items did not run exactly once", threads, bad_items);
   CHECK(bad_idle == 0, "%u threads: %u idle answers before every item had run (%u polls)",
         threads, bad_idle, polls);
   CHECK(atomic_load(&errors_after_finish) == 0,
         "%u threads: %u items ran with a finished job's context", threads,
         atomic_load(&errors_after_finish));
   CHECK(atomic_load(&errors_thread) == 0, "%u threads: a thread index used twice at once (%u)",
         threads, atomic_load(&errors_thread));
   CHECK(atomic_load(&errors_not_caller) == 0,
         "%u threads: %u items of a job run here ran on a worker", threads,
         atomic_load(&errors_not_caller));
   CHECK(atomic_load(&errors_index) == 0, "%u threads: %u thread indices out of range", threads,
         atomic_load(&errors_index));
   sim_workers_destroy(w);
}

int main(void)
{
   for (unsigned t = 1; t <= 4; t++)
      run_pool(t);
   return check_report();
}
