/* Raster worker threads (see workers.h). A job is published under the lock with a new
 * generation number: its items sorted by home thread into one array, and per thread an
 * atomic word that holds the range of that array still to run, tagged with the job's
 * generation. The workers (and the caller, when it runs or finishes the job) take items
 * from the front of their own range, then from the back of the others' (one
 * compare-and-swap per item either way), and the thread that completes the last item wakes
 * a caller waiting for it. The caller waits for the items, never for the workers: a worker
 * still asleep when the caller has run every item costs nothing (it wakes later, finds the
 * job over and sleeps again). */
#include "raster/workers.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "raster/workers_stats.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#define cpu_relax() _mm_pause()
#else
#define cpu_relax() ((void)0)
#endif

#define SPIN_DEFAULT_US 200
#define SPIN_MAX_US 10000

/* A home queue's word: tag (the job's generation, low TAG_BITS) << 2 * POS_BITS |
 * next << POS_BITS | end, where order[next .. end-1] are its items still to run. A worker
 * takes items straight after it read the job under the lock: only if 2^TAG_BITS jobs were
 * published in between could a later job's tag match. */
#define POS_BITS 20
#define POS_MASK ((1u << POS_BITS) - 1)
#define TAG_BITS 24
#define TAG_MASK ((1u << TAG_BITS) - 1)
_Static_assert(SIM_WORKERS_MAX_ITEMS <= POS_MASK, "a position fits its field");
_Static_assert(2 * POS_BITS + TAG_BITS == 64, "a home queue's word is 64 bits");

/* The items of one thread's home in the current job, on a cache line of its own: its owner
 * takes from it at every item, the others only once their own homes are done. */
struct home_queue {
   _Alignas(64) _Atomic uint64_t word;
};

/* The current job (written under the lock by the caller). */
struct job {
   sim_work_fn fn;
   void *ctx;
   unsigned nitems;
   const unsigned *order;       /* the items, grouped by home thread, each group in order */
};

struct worker_arg {
   struct sim_workers *pool;
   unsigned index;
   atomic_int cpu;              /* the CPU it ran its last job on, or -1 */
};

struct sim_workers {
   unsigned n;                  /* threads per job, the caller included */
   unsigned started;            /* worker threads running */
   pthread_t threads[SIM_MAX_THREADS];
   struct worker_arg args[SIM_MAX_THREADS];

   pthread_mutex_t lock;
   pthread_cond_t start_cv;     /* a job was published, or quit */
   pthread_cond_t done_cv;      /* the last item of the job has run */
   uint64_t generation;         /* jobs published */
   bool quit;
   bool caller_waiting;         /* the caller sleeps on done_cv */

   struct job job;
   struct home_queue queues[SIM_MAX_THREADS];   /* per thread, the caller's first */
   unsigned *order;             /* job.order's memory, for order_cap items */
   unsigned order_cap;
   atomic_uint done;            /* items of the job that have run */
   uint64_t published_ns;       /* when the job was published */
   int caller_cpu;              /* the CPU the caller published the job on, or -1 */
   atomic_uint polling;         /* workers polling for the next job */
   cpu_set_t affinity;          /* the workers' CPUs when they started */
   bool have_affinity;

   uint64_t spin_ns;            /* how long a thread may poll before it sleeps (workers.h) */
   struct sim_workers_stats stats;
};

unsigned sim_workers_spin_us_from_env(void)
{
   const char *env = getenv("R600SIM_SPIN_US");
   if (env && *env) {
      char *end;
      long v = strtol(env, &end, 10);
      if (!*end && v >= 0 && v <= SPIN_MAX_US)
         return (unsigned)v;
      fprintf(stderr, "r600sim: R600SIM_SPIN_US=%s is not a number of microseconds in 0..%u; "
              "using %u\n", env, SPIN_MAX_US, SPIN_DEFAULT_US);
   }
   return SPIN_DEFAULT_US;
}

static uint64_t now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Polls until until(w, arg) holds or spin_ns have passed; returns whether it holds. The
 * clock is read every 32 polls. The poll does not yield the CPU: on a loaded machine a
 * thread that yields may not run again for milliseconds, while one that sleeps and is
 * woken runs soon (the scheduler favours threads that slept). */
static bool spin_until(struct sim_workers *w, bool (*until)(struct sim_workers *, uint64_t),
                       uint64_t arg)
{
   if (!w->spin_ns)
      return until(w, arg);
   uint64_t deadline = 0;
   for (unsigned i = 0;; i++) {
      if (until(w, arg))
         return true;
      if ((i & 31) == 0) {
         uint64_t t = now_ns();
         if (!deadline)
            deadline = t + w->spin_ns;
         else if (t >= deadline)
            return false;
      }
      cpu_relax();
   }
}

static uint32_t tag_of(uint64_t generation)
{
   return (uint32_t)generation & TAG_MASK;
}

/* A job other than the one of generation `seen` was published. */
static bool job_published(struct sim_workers *w, uint64_t seen)
{
   uint64_t word = atomic_load_explicit(&w->queues[0].word, memory_order_relaxed);
   return (uint32_t)(word >> 2 * POS_BITS) != tag_of(seen);
}

/* Every item of the current job has run. */
static bool job_done(struct sim_workers *w, uint64_t nitems)
{
   return atomic_load_explicit(&w->done, memory_order_acquire) >= nitems;
}

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

/* Takes the first (front) or the last item left in queue q of the job tagged `tag`, as
 * its position in the job's order: false when q holds none, or belongs to another job (a
 * worker that woke late must not take a later job's items). */
static bool take(struct home_queue *q, uint32_t tag, bool front, unsigned *pos)
{
   uint64_t c = atomic_load_explicit(&q->word, memory_order_relaxed);
   unsigned next, end;
   do {
      next = (unsigned)(c >> POS_BITS) & POS_MASK;
      end = (unsigned)c & POS_MASK;
      if ((uint32_t)(c >> 2 * POS_BITS) != tag || next >= end)
         return false;
   } while (!atomic_compare_exchange_weak_explicit(&q->word, &c,
                                                   front ? c + (1ull << POS_BITS) : c - 1,
                                                   memory_order_relaxed, memory_order_relaxed));
   *pos = front ? next : end - 1;
   return true;
}

/* Runs the item at position `pos` of the job's order; the thread that completes the last
 * item wakes the caller if it sleeps. */
static void run_one(struct sim_workers *w, const struct job *job, unsigned pos, unsigned thread)
{
   job->fn(job->ctx, thread, job->order[pos]);
   if (atomic_fetch_add_explicit(&w->done, 1, memory_order_acq_rel) + 1 == job->nitems &&
       thread) {
      pthread_mutex_lock(&w->lock);
      bool waiting = w->caller_waiting;
      pthread_mutex_unlock(&w->lock);
      if (waiting)   /* after the unlock, as in start_job */
         pthread_cond_signal(&w->done_cv);
   }
}

/* Items one thread ran of a job: of its home, and taken from the others'. */
struct ran {
   unsigned home, taken;
};

/* Runs items of the job tagged `tag` until none is left: those of this thread's home,
 * then the last ones left of the next threads' homes in turn. */
static struct ran run_items(struct sim_workers *w, const struct job *job, uint32_t tag,
                            unsigned thread)
{
   struct ran ran = { 0, 0 };
   unsigned pos;
   while (take(&w->queues[thread], tag, true, &pos)) {
      run_one(w, job, pos, thread);
      ran.home++;
   }
   for (unsigned k = 1; k < w->n;) {
      if (take(&w->queues[(thread + k) % w->n], tag, false, &pos)) {
         run_one(w, job, pos, thread);
         ran.taken++;
      } else {
         k++;
      }
   }
   return ran;
}

/* A worker woken on the caller's CPU runs there while the caller waits (the scheduler
 * puts a woken thread on its waker's CPU when it knows no cache the two share, and keeps
 * it there): it moves to another CPU it may run on, and may run anywhere again after. */
static void move_off(struct sim_workers *w, int cpu)
{
   if (!w->have_affinity || !CPU_ISSET(cpu, &w->affinity) || CPU_COUNT(&w->affinity) < 2)
      return;
   cpu_set_t others = w->affinity;
   CPU_CLR(cpu, &others);
   if (sched_setaffinity(0, sizeof(others), &others) == 0)
      sched_setaffinity(0, sizeof(w->affinity), &w->affinity);
   if (w->stats.on)
      atomic_fetch_add_explicit(&w->stats.moves, 1, memory_order_relaxed);
}

/* Whether a worker runs on the CPU the caller is on now: polling would take its time. */
static bool worker_on_caller_cpu(struct sim_workers *w)
{
   int cpu = sched_getcpu();
   for (unsigned i = 1; i <= w->started; i++) {
      if (atomic_load_explicit(&w->args[i].cpu, memory_order_relaxed) == cpu)
         return true;
   }
   return false;
}

static void *worker_main(void *p)
{
   struct worker_arg *arg = p;
   struct sim_workers *w = arg->pool;
   char name[16];
   snprintf(name, sizeof(name), "r600sim-rast%u", arg->index);
   pthread_setname_np(pthread_self(), name);
   uint64_t seen = 0, ended = 0;
   pthread_mutex_lock(&w->lock);
   for (;;) {
      while (w->generation == seen && !w->quit)
         pthread_cond_wait(&w->start_cv, &w->lock);
      if (w->quit)
         break;
      seen = w->generation;
      struct job job = w->job;
      uint64_t published = w->published_ns;
      int caller_cpu = w->caller_cpu;
      pthread_mutex_unlock(&w->lock);

      uint64_t woke = now_ns();
      int cpu = sched_getcpu();
      if (cpu >= 0 && cpu == caller_cpu) {
         move_off(w, cpu);
         cpu = sched_getcpu();
      }
      atomic_store_explicit(&arg->cpu, cpu, memory_order_relaxed);
      /* how long the caller took to hand over this job after the last one was done */
      uint64_t gap = ended && published > ended ? published - ended : ended ? 0 : UINT64_MAX;
      struct ran ran = run_items(w, &job, tag_of(seen), arg->index);
      if (w->stats.on)
         sim_workers_stats_worker(&w->stats, published, woke, ran.home, ran.taken);
      ended = now_ns();

      /* Hand-overs that come close together: poll for the next one rather than sleep and
       * be woken (a system call for the caller, and tens of microseconds before this
       * thread runs), unless this thread shares the caller's CPU. */
      if (gap <= w->spin_ns && cpu != caller_cpu) {
         atomic_fetch_add_explicit(&w->polling, 1, memory_order_relaxed);
         spin_until(w, job_published, seen);
         atomic_fetch_sub_explicit(&w->polling, 1, memory_order_relaxed);
      }
      pthread_mutex_lock(&w->lock);
      if (w->stats.on && w->generation == seen && !w->quit)
         atomic_fetch_add_explicit(&w->stats.sleeps, 1, memory_order_relaxed);
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
   struct sim_workers *w = aligned_alloc(_Alignof(struct sim_workers), sizeof(*w));
   if (!w)
      return NULL;
   memset(w, 0, sizeof(*w));
   pthread_mutex_init(&w->lock, NULL);
   pthread_cond_init(&w->start_cv, NULL);
   pthread_cond_init(&w->done_cv, NULL);
   for (unsigned i = 0; i < SIM_MAX_THREADS; i++)
      atomic_init(&w->queues[i].word, 0);
   atomic_init(&w->done, 0);
   sim_workers_stats_init(&w->stats, now_ns());
   w->spin_ns = (uint64_t)sim_workers_spin_us_from_env() * 1000u;
   w->have_affinity = sched_getaffinity(0, sizeof(w->affinity), &w->affinity) == 0;
   for (unsigned i = 1; i < nthreads; i++) {
      w->args[i] = (struct worker_arg){ .pool = w, .index = i };
      atomic_init(&w->args[i].cpu, -1);
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
   free(w->order);
   free(w);
}

unsigned sim_workers_count(const struct sim_workers *w)
{
   return w ? w->n : 1;
}

void sim_workers_finish(struct sim_workers *w)
{
   /* the job changes only on this (the caller's) thread */
   if (!w || job_done(w, w->job.nitems))
      return;
   struct ran ran = run_items(w, &w->job, tag_of(w->generation), 0);
   w->stats.caller_items += ran.home + ran.taken;
   if (w->stats.on)
      sim_workers_stats_homes(&w->stats, ran.home, ran.taken);
   /* the workers' last items: poll for them unless that takes a worker's CPU time */
   if (worker_on_caller_cpu(w) || !spin_until(w, job_done, w->job.nitems)) {
      uint64_t t0 = w->stats.on ? now_ns() : 0;
      pthread_mutex_lock(&w->lock);
      w->caller_waiting = true;
      while (atomic_load_explicit(&w->done, memory_order_acquire) < w->job.nitems)
         pthread_cond_wait(&w->done_cv, &w->lock);
      w->caller_waiting = false;
      pthread_mutex_unlock(&w->lock);
      if (w->stats.on) {
         w->stats.caller_waits++;
         w->stats.caller_wait_ns += now_ns() - t0;
      }
   }
}

bool sim_workers_idle(struct sim_workers *w)
{
   return !w || job_done(w, w->job.nitems);
}

bool sim_workers_awake(struct sim_workers *w)
{
   return w && atomic_load_explicit(&w->polling, memory_order_relaxed) != 0;
}

/* Room in w->order for `nitems` items; false when there is none (the memory, or the
 * items' positions in a home queue's word). */
static bool reserve_order(struct sim_workers *w, unsigned nitems)
{
   if (nitems > SIM_WORKERS_MAX_ITEMS)
      return false;
   if (nitems <= w->order_cap)
      return true;
   unsigned *order = realloc(w->order, nitems * sizeof(*order));
   if (!order)
      return false;
   w->order = order;
   w->order_cap = nitems;
   return true;
}

/* Sorts the items 0 .. nitems-1 by home thread into w->order (each home's in increasing
 * order) and gives each home's range in it: homes[t] = first << POS_BITS | end. No thread
 * reads w->order now: the last job is done. */
static void sort_homes(struct sim_workers *w, unsigned nitems, sim_home_fn home, void *ctx,
                       uint64_t homes[SIM_MAX_THREADS])
{
   unsigned count[SIM_MAX_THREADS] = { 0 }, fill[SIM_MAX_THREADS];
   for (unsigned i = 0; i < nitems; i++)
      count[(home ? home(ctx, i) : i) % w->n]++;
   for (unsigned t = 0, first = 0; t < w->n; first += count[t], t++) {
      fill[t] = first;
      homes[t] = (uint64_t)first << POS_BITS | (first + count[t]);
   }
   for (unsigned i = 0; i < nitems; i++)
      w->order[fill[(home ? home(ctx, i) : i) % w->n]++] = i;
}

/* sim_workers_start; `kick` tells the counters whether the caller goes on (start) or runs
 * the job with the workers (run). */
static void start_job(struct sim_workers *w, unsigned nitems, sim_work_fn fn, sim_home_fn home,
                      void *ctx, bool kick)
{
   sim_workers_finish(w);
   if (!nitems)
      return;
   if (!reserve_order(w, nitems)) {
      sim_workers_run_here(w, nitems, fn, ctx);
      return;
   }
   uint64_t homes[SIM_MAX_THREADS];
   sort_homes(w, nitems, home, ctx, homes);
   pthread_mutex_lock(&w->lock);
   w->published_ns = now_ns();
   if (w->stats.on)
      sim_workers_stats_job(&w->stats, w->published_ns, nitems,
                            kick ? SIM_JOB_KICK : SIM_JOB_SYNC);
   w->job = (struct job){ fn, ctx, nitems, w->order };
   w->caller_cpu = sched_getcpu();
   w->generation++;
   atomic_store_explicit(&w->done, 0, memory_order_relaxed);
   uint64_t tag = (uint64_t)tag_of(w->generation) << 2 * POS_BITS;
   for (unsigned t = 0; t < w->n; t++)
      atomic_store_explicit(&w->queues[t].word, tag | homes[t], memory_order_release);
   pthread_mutex_unlock(&w->lock);
   /* after the unlock: a woken worker then finds the lock free */
   pthread_cond_broadcast(&w->start_cv);
}

void sim_workers_start(struct sim_workers *w, unsigned nitems, sim_work_fn fn, sim_home_fn home,
                       void *ctx)
{
   if (!w) {
      for (unsigned i = 0; i < nitems; i++)
         fn(ctx, 0, i);
      return;
   }
   start_job(w, nitems, fn, home, ctx, true);
}

void sim_workers_run_here(struct sim_workers *w, unsigned nitems, sim_work_fn fn, void *ctx)
{
   sim_workers_finish(w);
   if (w && w->stats.on && nitems) {
      sim_workers_stats_job(&w->stats, now_ns(), nitems, SIM_JOB_ALONE);
      w->stats.caller_items += nitems;
   }
   for (unsigned i = 0; i < nitems; i++)
      fn(ctx, 0, i);
}

void sim_workers_run(struct sim_workers *w, unsigned nitems, sim_work_fn fn, sim_home_fn home,
                     void *ctx)
{
   if (!w || nitems <= 1) {
      sim_workers_run_here(w, nitems, fn, ctx);
      return;
   }
   start_job(w, nitems, fn, home, ctx, false);
   sim_workers_finish(w);
}
