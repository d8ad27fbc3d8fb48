/* R600SIM_DEBUG=threads: counters of the raster worker pool's jobs (workers.h), printed to
 * stderr about once a second (totals since the last line), to see where a frame waits:
 * how many jobs the GPU thread hands over (kicks: started while it goes on; syncs: run
 * until done, some alone: too small to wake a worker for), how long a sleeping worker takes to pick a job up, how the items split
 * between the caller and the workers and how many of them ran on their home thread (the
 * others were taken from a thread that fell behind), and how long the caller sleeps until
 * the workers finish. Costs one branch per job when the flag is off. */
#ifndef SIM_WORKERS_STATS_H
#define SIM_WORKERS_STATS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct sim_workers_stats {
   bool on;
   uint64_t last_print_ns;
   /* changed by the caller only */
   uint64_t kicks, syncs, alone, tiles, caller_items, caller_waits, caller_wait_ns;
   /* changed by the workers */
   atomic_ullong wakes, late_wakes, wake_ns, worker_items, sleeps, moves;
   /* changed by all: items run on their home thread, and taken from another's home */
   atomic_ullong home_items, taken_items;
};

/* Times are CLOCK_MONOTONIC nanoseconds. */
void sim_workers_stats_init(struct sim_workers_stats *, uint64_t now);

/* How a job runs: started on the workers, run with them, or run by the caller alone. */
enum sim_job_kind { SIM_JOB_KICK, SIM_JOB_SYNC, SIM_JOB_ALONE };

/* A job of `items` items published at time `now`. Prints and resets the counters when a
 * second has passed since the last line. */
void sim_workers_stats_job(struct sim_workers_stats *, uint64_t now, unsigned items,
                           enum sim_job_kind kind);

/* A thread ran `home` items of a job on their home thread and `taken` of other homes. */
void sim_workers_stats_homes(struct sim_workers_stats *, unsigned home, unsigned taken);

/* A worker took up the job published at `published`, then ran `home` + `taken` of its
 * items (sim_workers_stats_homes). */
void sim_workers_stats_worker(struct sim_workers_stats *, uint64_t published, uint64_t woke,
                              unsigned home, unsigned taken);

#endif
