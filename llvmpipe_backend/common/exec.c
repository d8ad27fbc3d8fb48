/* The fault log of a device and sim_fault (exec.h). */
#include "common/exec.h"

#include <stdarg.h>
#include <stdio.h>

#include "common/debug.h"

void sim_fault_log_init(struct sim_fault_log *log)
{
   pthread_mutex_init(&log->lock, NULL);
   log->count = 0;
}

void sim_fault_log_destroy(struct sim_fault_log *log)
{
   pthread_mutex_destroy(&log->lock);
}

void sim_fault(struct sim_exec *ex, uint64_t address, const char *fmt, ...)
{
   struct sim_fault_log *log = ex->faults;
   struct r600_gpu_fault f = { .seq = ex->seq, .dword = ex->dword, .address = address };
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(f.message, sizeof(f.message), fmt, ap);
   va_end(ap);

   pthread_mutex_lock(&log->lock);
   log->ring[log->count % SIM_FAULT_RING] = f;
   log->count++;
   pthread_mutex_unlock(&log->lock);

   if (sim_debug_flags() & SIM_DEBUG_FAULTS)
      fprintf(stderr, "r600sim: GPU fault (submission %llu, dword %u, address 0x%llx): %s\n",
              (unsigned long long)f.seq, f.dword, (unsigned long long)f.address, f.message);
}

unsigned sim_fault_log_read(struct sim_fault_log *log, struct r600_gpu_fault *out, unsigned max)
{
   pthread_mutex_lock(&log->lock);
   unsigned count = log->count;
   unsigned kept = count < SIM_FAULT_RING ? count : SIM_FAULT_RING;
   unsigned n = max < kept ? max : kept;
   /* Oldest first among the n most recent. */
   for (unsigned i = 0; i < n; i++)
      out[i] = log->ring[(count - n + i) % SIM_FAULT_RING];
   pthread_mutex_unlock(&log->lock);
   return count;
}
