/* Counters of the raster worker pool (see workers_stats.h). */
#include "raster/workers_stats.h"

#include <stdio.h>

#include "common/debug.h"

void sim_workers_stats_init(struct sim_workers_stats *st, uint64_t now)
{
   *st = (struct sim_workers_stats){ .on = (sim_debug_flags() & SIM_DEBUG_THREADS) != 0,
                                     .last_print_ns = now };
}

static void print_and_reset(struct sim_workers_stats *st, uint64_t now)
{
   uint64_t wakes = atomic_exchange(&st->wakes, 0), late = atomic_exchange(&st->late_wakes, 0);
   uint64_t wake_ns = atomic_exchange(&st->wake_ns, 0);
   uint64_t worker_items = atomic_exchange(&st->worker_items, 0);
   uint64_t sleeps = atomic_exchange(&st->sleeps, 0);
   uint64_t moves = atomic_exchange(&st->moves, 0);
   uint64_t home = atomic_exchange(&st->home_items, 0);
   uint64_t taken = atomic_exchange(&st->taken_items, 0);
   fprintf(stderr,
           "r600sim threads: %.2f s: %llu kicks, %llu syncs (%llu alone), %llu tiles (caller %llu, workers "
           "%llu; of shared jobs %llu at home, %llu taken from another's home); "
           "workers took %llu jobs (%llu with nothing left) after %.1f us on average, "
           "slept %llu times, moved off the caller's CPU %llu times; caller slept %llu times, %.1f us in all\n",
           (double)(now - st->last_print_ns) * 1e-9, (unsigned long long)st->kicks,
           (unsigned long long)st->syncs, (unsigned long long)st->alone,
           (unsigned long long)st->tiles,
           (unsigned long long)st->caller_items, (unsigned long long)worker_items,
           (unsigned long long)home, (unsigned long long)taken,
           (unsigned long long)wakes, (unsigned long long)late,
           wakes ? (double)wake_ns * 1e-3 / (double)wakes : 0.0, (unsigned long long)sleeps, (unsigned long long)moves,
           (unsigned long long)st->caller_waits, (double)st->caller_wait_ns * 1e-3);
   st->kicks = st->syncs = st->alone = st->tiles = st->caller_items = 0;
   st->caller_waits = st->caller_wait_ns = 0;
   st->last_print_ns = now;
}

void sim_workers_stats_job(struct sim_workers_stats *st, uint64_t now, unsigned items,
                           enum sim_job_kind kind)
{
   if (now - st->last_print_ns >= 1000000000u)
      print_and_reset(st, now);
   if (kind == SIM_JOB_KICK)
      st->kicks++;
   else
      st->syncs++;
   st->alone += kind == SIM_JOB_ALONE;
   st->tiles += items;
}

void sim_workers_stats_homes(struct sim_workers_stats *st, unsigned home, unsigned taken)
{
   atomic_fetch_add_explicit(&st->home_items, home, memory_order_relaxed);
   atomic_fetch_add_explicit(&st->taken_items, taken, memory_order_relaxed);
}

void sim_workers_stats_worker(struct sim_workers_stats *st, uint64_t published, uint64_t woke,
                              unsigned home, unsigned taken)
{
   unsigned items = home + taken;
   sim_workers_stats_homes(st, home, taken);
   atomic_fetch_add_explicit(&st->wakes, 1, memory_order_relaxed);
   atomic_fetch_add_explicit(&st->wake_ns, woke - published, memory_order_relaxed);
   if (!items)
      atomic_fetch_add_explicit(&st->late_wakes, 1, memory_order_relaxed);
   atomic_fetch_add_explicit(&st->worker_items, items, memory_order_relaxed);
}
