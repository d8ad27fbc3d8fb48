/* The GPU watchdog (see watchdog.h). */
#include "common/watchdog.h"

#include <stdio.h>
#include <stdlib.h>

unsigned sim_watchdog_timeout_ms_from_env(void)
{
   const char *env = getenv("R600SIM_GPU_TIMEOUT");
   if (!env || !*env)
      return SIM_WATCHDOG_DEFAULT_MS;
   char *end;
   unsigned long v = strtoul(env, &end, 10);
   if (*end || *env == '-' || v > 86400000ul) {
      fprintf(stderr, "r600sim: R600SIM_GPU_TIMEOUT=%s is not a number of milliseconds "
                      "(0 .. 86400000); using %u\n", env, SIM_WATCHDOG_DEFAULT_MS);
      return SIM_WATCHDOG_DEFAULT_MS;
   }
   return (unsigned)v;
}

void sim_watchdog_init(struct sim_watchdog *wd, unsigned timeout_ms)
{
   wd->timeout_ns = (uint64_t)timeout_ms * 1000000ull;
   wd->deadline_ns = 0;
   atomic_init(&wd->fired, false);
}

void sim_watchdog_arm(struct sim_watchdog *wd)
{
   atomic_store_explicit(&wd->fired, false, memory_order_relaxed);
   if (wd->timeout_ns)
      wd->deadline_ns = sim_watchdog_now_ns() + wd->timeout_ns;
}
