/* The home threads of the raster worker pool (raster/workers.h), at 1 to 4 threads, with
 * jobs whose items name "tiles" (a new random order of them in every job, the tile its
 * item's home key):
 *  - when no thread falls behind, every item runs on its home thread, key % n, in every
 *    job: the same tile lands on the same thread job after job (the threads' own items
 *    run in lock-step rounds, so that none runs out of them before another has taken all
 *    of its own);
 *  - with one thread slow (its items sleep), the others take its items: every item still
 *    runs exactly once; a thread runs its own items in increasing order before any other
 *    home's; the items of a home that its thread did not run are the last ones of that
 *    home; and items were taken from the slow thread;
 *  - without a home function an item's index is its key.
 * Jobs run with the caller (sim_workers_run) and started on the workers, then finished.
 * Prints "N passed, M failed". */
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "raster/workers.h"

#define MAX_ITEMS 64
#define MAX_ROUNDS 8
#define BARRIER_NS 2000000000ull   /* a round that waits longer than this failed */
#define SLOW_NS 300000              /* an item of the slow home */

struct job {
   unsigned nitems, n;
   unsigned tile[MAX_ITEMS];   /* item i names tile[i]: its home key */
   bool keyed;                 /* tile[] gives the keys (else the item index is the key) */
   bool rounds;                /* own items wait for every thread's item of that round */
   int slow;                   /* the thread whose home's items sleep, or -1 */
   atomic_uint ran[MAX_ITEMS];
   atomic_uint ran_by[MAX_ITEMS];
   atomic_uint own_runs[SIM_MAX_THREADS];   /* own items each thread has begun */
   atomic_uint arrived[MAX_ROUNDS];
   atomic_uint barrier_timeouts;
   atomic_uint bad_thread;
   unsigned seq[SIM_MAX_THREADS][MAX_ITEMS];   /* items each thread ran, in order */
   atomic_uint seq_len[SIM_MAX_THREADS];
};

static uint64_t now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static unsigned key_of(const struct job *job, unsigned item)
{
   return job->keyed ? job->tile[item] : item;
}

static unsigned home_of(const struct job *job, unsigned item)
{
   return key_of(job, item) % job->n;
}

static unsigned home_key(void *ctx, unsigned item)
{
   return key_of(ctx, item);
}

/* Waits until every thread has begun its round-r own item (or the time is up: then the
 * job's later rounds do not wait). */
static void barrier(struct job *job, unsigned r)
{
   atomic_fetch_add(&job->arrived[r], 1);
   uint64_t deadline = now_ns() + BARRIER_NS;
   while (atomic_load(&job->arrived[r]) < job->n && !atomic_load(&job->barrier_timeouts)) {
      if (now_ns() > deadline) {
         atomic_fetch_add(&job->barrier_timeouts, 1);
         return;
      }
      sched_yield();
   }
}

static void item(void *ctx, unsigned thread, unsigned i)
{
   struct job *job = ctx;
   if (thread >= job->n || i >= job->nitems) {
      atomic_fetch_add(&job->bad_thread, 1);
      return;
   }
   atomic_fetch_add(&job->ran[i], 1);
   atomic_store(&job->ran_by[i], thread);
   unsigned len = atomic_load_explicit(&job->seq_len[thread], memory_order_relaxed);
   if (len < MAX_ITEMS)
      job->seq[thread][len] = i;
   atomic_store_explicit(&job->seq_len[thread], len + 1, memory_order_relaxed);
   if (job->rounds && home_of(job, i) == thread) {
      unsigned r = atomic_fetch_add(&job->own_runs[thread], 1);
      if (r < MAX_ROUNDS)
         barrier(job, r);
   }
   if (job->slow >= 0 && home_of(job, i) == (unsigned)job->slow)
      nanosleep(&(struct timespec){ 0, SLOW_NS }, NULL);
}

/* A job of `per_home` items per thread (tiles 0 .. nitems-1 in a random order). */
static void prepare(struct job *job, unsigned n, unsigned per_home, bool keyed)
{
   job->n = n;
   job->nitems = per_home * n;
   job->keyed = keyed;
   for (unsigned i = 0; i < job->nitems; i++)
      job->tile[i] = i;
   for (unsigned i = job->nitems; i > 1; i--) {
      unsigned j = (unsigned)rand() % i, t = job->tile[i - 1];
      job->tile[i - 1] = job->tile[j];
      job->tile[j] = t;
   }
   for (unsigned i = 0; i < MAX_ITEMS; i++) {
      atomic_store(&job->ran[i], 0);
      atomic_store(&job->ran_by[i], SIM_MAX_THREADS);
   }
   for (unsigned t = 0; t < SIM_MAX_THREADS; t++) {
      atomic_store(&job->own_runs[t], 0);
      atomic_store(&job->seq_len[t], 0);
   }
   for (unsigned r = 0; r < MAX_ROUNDS; r++)
      atomic_store(&job->arrived[r], 0);
   atomic_store(&job->barrier_timeouts, 0);
   atomic_store(&job->bad_thread, 0);
}

static void run_job(struct sim_workers *w, struct job *job, bool start)
{
   sim_home_fn home = job->keyed ? home_key : NULL;
   if (start) {
      sim_workers_start(w, job->nitems, item, home, job);
      sim_workers_finish(w);
   } else {
      sim_workers_run(w, job->nitems, item, home, job);
   }
}

/* Items that did not run exactly once. */
static unsigned not_once(const struct job *job)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < job->nitems; i++)
      bad += atomic_load(&job->ran[i]) != 1;
   return bad;
}

/* No thread falls behind: every item on its home thread. */
static void check_homes(struct sim_workers *w, unsigned n, bool keyed)
{
   static struct job job;
   unsigned off_home = 0, bad = 0, timeouts = 0;
   for (unsigned k = 0; k < 200; k++) {
      prepare(&job, n, 1 + k % MAX_ROUNDS, keyed);
      job.rounds = true;
      job.slow = -1;
      run_job(w, &job, k & 1);
      bad += not_once(&job) + atomic_load(&job.bad_thread);
      for (unsigned i = 0; i < job.nitems; i++)
         off_home += atomic_load(&job.ran_by[i]) != home_of(&job, i);
      if (atomic_load(&job.barrier_timeouts)) {
         timeouts++;
         break;   /* each further job would wait as long */
      }
   }
   CHECK(bad == 0, "%u threads%s: %u items did not run exactly once", n,
         keyed ? "" : " (no home function)", bad);
   CHECK(timeouts == 0, "%u threads%s: a round timed out (a home's items ran elsewhere)", n,
         keyed ? "" : " (no home function)");
   CHECK(off_home == 0, "%u threads%s: %u items ran off their home thread with none behind", n,
         keyed ? "" : " (no home function)", off_home);
}

/* Thread t's sequence: its own items in increasing order, then only other homes' items.
 * Counts the violations; adds the items it took from others to *taken_from[home]. */
static unsigned check_sequence(const struct job *job, unsigned t, unsigned taken_from[])
{
   unsigned len = atomic_load(&job->seq_len[t]), bad = 0;
   bool own_done = false;
   int last_own = -1;
   for (unsigned k = 0; k < len && k < MAX_ITEMS; k++) {
      unsigned i = job->seq[t][k], h = home_of(job, i);
      if (h == t) {
         bad += own_done || (int)i <= last_own;
         last_own = (int)i;
      } else {
         own_done = true;
         taken_from[h]++;
      }
   }
   return bad;
}

/* The items of home h that others ran are its last ones. */
static unsigned check_suffix(const struct job *job, unsigned h)
{
   bool others = false;
   unsigned bad = 0;
   for (unsigned i = 0; i < job->nitems; i++) {
      if (home_of(job, i) != h)
         continue;
      bool elsewhere = atomic_load(&job->ran_by[i]) != h;
      bad += others && !elsewhere;
      others |= elsewhere;
   }
   return bad;
}

/* One home slow: the others take its items. */
static void check_taking(struct sim_workers *w, unsigned n)
{
   static struct job job;
   unsigned bad = 0, bad_order = 0, bad_suffix = 0, taken_from_slow = 0, taken_other = 0;
   for (unsigned k = 0; k < 40; k++) {
      prepare(&job, n, 16, true);
      job.rounds = false;
      job.slow = (int)(k % n);
      run_job(w, &job, k & 2);
      bad += not_once(&job) + atomic_load(&job.bad_thread);
      unsigned taken_from[SIM_MAX_THREADS] = { 0 };
      for (unsigned t = 0; t < n; t++) {
         bad_order += check_sequence(&job, t, taken_from);
         bad_suffix += check_suffix(&job, t);
      }
      for (unsigned t = 0; t < n; t++)
         *(t == (unsigned)job.slow ? &taken_from_slow : &taken_other) += taken_from[t];
   }
   CHECK(bad == 0, "%u threads, one slow: %u items did not run exactly once", n, bad);
   CHECK(bad_order == 0,
         "%u threads, one slow: %u items out of order (own items in order, before others')", n,
         bad_order);
   CHECK(bad_suffix == 0, "%u threads, one slow: %u items taken that were not a home's last", n,
         bad_suffix);
   if (n > 1)
      CHECK(taken_from_slow > 0, "%u threads, one slow: the others took %u of its items (and %u "
            "of the others')", n, taken_from_slow, taken_other);
}

int main(void)
{
   srand(14);
   for (unsigned n = 1; n <= 4; n++) {
      struct sim_workers *w = sim_workers_create(n);
      CHECK(sim_workers_count(w) == n, "%u threads: the pool has %u", n, sim_workers_count(w));
      check_homes(w, n, true);
      check_homes(w, n, false);
      check_taking(w, n);
      sim_workers_destroy(w);
   }
   return check_report();
}
