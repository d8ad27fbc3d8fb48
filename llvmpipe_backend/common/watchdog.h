/* The GPU watchdog, as a kernel driver has one for a hung GPU: a submission still executing
 * R600SIM_GPU_TIMEOUT milliseconds after it started (default SIM_WATCHDOG_DEFAULT_MS; 0 = no
 * watchdog) is stopped. The long loops of the stages (vertex indices and instances, vertex
 * batches, binned tiles, pixel blocks) ask sim_watchdog_expired every so often and give up
 * when it says so; the device then reports the hang, skips the rest of the submission and
 * signals its fence (gpu_thread.c). A shader program runs to its end once started: loops
 * inside one run of a program end at SIM_MAX_BACKWARD_JUMPS (sq/run_state.h), a fault. */
#ifndef SIM_WATCHDOG_H
#define SIM_WATCHDOG_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#define SIM_WATCHDOG_DEFAULT_MS 10000

struct sim_watchdog {
   uint64_t timeout_ns;      /* 0: off */
   uint64_t deadline_ns;     /* of the submission executing (coarse monotonic clock) */
   atomic_bool fired;        /* the submission executing ran past its deadline */
};

/* R600SIM_GPU_TIMEOUT in milliseconds (a message and the default for a bad value). */
unsigned sim_watchdog_timeout_ms_from_env(void);

void sim_watchdog_init(struct sim_watchdog *wd, unsigned timeout_ms);

/* Starts the clock of a submission (on the thread that executes it). */
void sim_watchdog_arm(struct sim_watchdog *wd);

/* The clock the deadline is in: the coarse monotonic clock (a few ns to read, a few ms of
 * resolution, plenty for a timeout of seconds). */
static inline uint64_t sim_watchdog_now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* True once a sim_watchdog_expired of this submission said so (no clock read: a load). */
static inline bool sim_watchdog_fired(struct sim_watchdog *wd)
{
   return atomic_load_explicit(&wd->fired, memory_order_relaxed);
}

/* True once the submission executing has run past its deadline; stays true until the next
 * arm. Any thread working for the submission may ask. Reads the clock (tens of ns on a
 * loaded VM): ask per chunk of work (every thousand indices, every 64 pixel blocks, per
 * set of bins), not per pixel or per packet. */
static inline bool sim_watchdog_expired(struct sim_watchdog *wd)
{
   if (sim_watchdog_fired(wd))
      return true;
   if (!wd->timeout_ns || sim_watchdog_now_ns() < wd->deadline_ns)
      return false;
   atomic_store_explicit(&wd->fired, true, memory_order_relaxed);
   return true;
}

#endif
