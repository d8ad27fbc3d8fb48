/* Raster worker threads: a fixed pool that runs the items of one job (the screen tiles of
 * a set of bins, bin.h) in parallel. A job either runs while its caller works on the items
 * too (sim_workers_run), or is started on the workers alone while the caller goes on with
 * other work (sim_workers_start), later taking the items left and waiting for the rest
 * (sim_workers_finish). Items are handed out in increasing order, one at a time, so which
 * thread runs which item varies; the caller's work function must give the same result
 * whatever the thread (each item owns its pixels).
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
 * run. One job at a time per pool (a started one is finished first); a NULL pool runs them
 * on the caller. */
void sim_workers_run(struct sim_workers *, unsigned nitems, sim_work_fn fn, void *ctx);

/* Runs such a job on the caller alone (after finishing a started one): for a job too small
 * to pay for waking a worker. A NULL pool runs it too. */
void sim_workers_run_here(struct sim_workers *, unsigned nitems, sim_work_fn fn, void *ctx);

/* Starts such a job on the workers and returns at once (after finishing a job started
 * before); `ctx` must stay valid until the job is finished. A NULL pool runs it here. */
void sim_workers_start(struct sim_workers *, unsigned nitems, sim_work_fn fn, void *ctx);

/* Whether a worker polls for the next job now: a job started then needs no wake-up. */
bool sim_workers_awake(struct sim_workers *);

/* Whether every item of the started job has run (true when none was started): a start
 * then does not wait. */
bool sim_workers_idle(struct sim_workers *);

/* The caller runs the items of the started job that no worker has taken yet, then waits
 * until all have run. Nothing to do when no job is running. */
void sim_workers_finish(struct sim_workers *);

#endif
