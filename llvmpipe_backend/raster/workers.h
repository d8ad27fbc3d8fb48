/* Raster worker threads: a fixed pool that runs the items of one job (the screen tiles of
 * a set of bins, bin.h) in parallel. A job either runs while its caller works on the items
 * too (sim_workers_run), or is started on the workers alone while the caller goes on with
 * other work (sim_workers_start), later taking the items left and waiting for the rest
 * (sim_workers_finish). Each item has a home thread, given by a key that names the same
 * work in every job (a tile's position): a thread runs the items of its home in increasing
 * order first, then takes the last items left of the others' homes. A tile thus stays on
 * one thread, and its framebuffer lines in that core's caches, from job to job, unless a
 * thread falls behind. Which thread runs which item still varies; the caller's work
 * function must give the same result whatever the thread (each item owns its pixels).
 * R600SIM_NUM_THREADS = the number of threads that rasterize (default: the number of
 * online CPUs; 1 = no workers, the GPU thread rasterizes alone).
 * A worker that ran out of items polls for the next job up to R600SIM_SPIN_US microseconds
 * before it sleeps when the last job followed the one before within that time, and so does
 * a caller waiting for the workers' last items: waking a sleeping thread costs a system
 * call and tens of microseconds before it runs (on a paravirtualised machine, more). No
 * thread polls on a CPU a thread it waits for runs on (it would take that thread's time),
 * and a worker woken on its caller's CPU moves to another one: the scheduler puts a woken
 * thread on its waker's CPU when it knows of no cache they share, and leaves it there. */
#ifndef SIM_WORKERS_H
#define SIM_WORKERS_H

#include <stdbool.h>

#define SIM_MAX_THREADS 64

struct sim_workers;

/* `thread` is 0 for the caller, 1 .. n-1 for the workers. */
typedef void (*sim_work_fn)(void *ctx, unsigned thread, unsigned item);

/* The home key of an item: thread key % n is its home (n: sim_workers_count). Items of the
 * same work should get the same key in every job, and the keys of a job's items should
 * spread evenly over the threads. A NULL sim_home_fn makes the item's index its key. */
typedef unsigned (*sim_home_fn)(void *ctx, unsigned item);

/* Items a job may have (more run on the caller alone). */
#define SIM_WORKERS_MAX_ITEMS ((1u << 20) - 1)

/* R600SIM_NUM_THREADS, or the CPU count; clamped to 1 .. SIM_MAX_THREADS. */
unsigned sim_workers_threads_from_env(void);

/* R600SIM_SPIN_US (0 .. 10000; default 200). */
unsigned sim_workers_spin_us_from_env(void);

/* A pool in which `nthreads` threads (the caller included) run jobs; NULL for 1 thread or
 * when no worker can be started. */
struct sim_workers *sim_workers_create(unsigned nthreads);
void sim_workers_destroy(struct sim_workers *);

/* Threads that run a job (1 for NULL). */
unsigned sim_workers_count(const struct sim_workers *);

/* Runs fn(ctx, thread, item) for every item in 0 .. nitems-1 and returns when all have
 * run; home(ctx, item) gives the items' homes. One job at a time per pool (a started one is
 * finished first); a NULL pool runs them on the caller. */
void sim_workers_run(struct sim_workers *, unsigned nitems, sim_work_fn fn, sim_home_fn home,
                     void *ctx);

/* Runs such a job on the caller alone (after finishing a started one): for a job too small
 * to pay for waking a worker. A NULL pool runs it too. */
void sim_workers_run_here(struct sim_workers *, unsigned nitems, sim_work_fn fn, void *ctx);

/* Starts such a job on the workers and returns at once (after finishing a job started
 * before); `ctx` must stay valid until the job is finished. A NULL pool runs it here. */
void sim_workers_start(struct sim_workers *, unsigned nitems, sim_work_fn fn, sim_home_fn home,
                       void *ctx);

/* Whether a worker polls for the next job now: a job started then needs no wake-up. */
bool sim_workers_awake(struct sim_workers *);

/* Whether every item of the started job has run (true when none was started): a start
 * then does not wait. */
bool sim_workers_idle(struct sim_workers *);

/* The caller runs the items of the started job that no worker has taken yet, then waits
 * until all have run. Nothing to do when no job is running. */
void sim_workers_finish(struct sim_workers *);

#endif
