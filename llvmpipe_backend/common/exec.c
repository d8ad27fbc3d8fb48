/* The fault log of a device and sim_fault (exec.h). */
#include "common/exec.h"

#include <stdarg.h>
#include <stdio.h>

#include "common/debug.h"

void sim_fault_log_init(struct sim_fault_log *log)
{
   pthread_mutex_init(&log->lock, NULL);
   log->count = 0;
   log->hangs = 0;
}

void sim_fault_log_destroy(struct sim_fault_log *log)
{
   pthread_mutex_destroy(&log->lock);
}

/* Logs a fault of the current packet, and a hang of its submission if `hang`. */
__attribute__((format(printf, 4, 0)))
static void record(struct sim_exec *ex, uint64_t address, bool hang, const char *fmt,
                   va_list ap)
{
   if (ex->before_fault)
      ex->before_fault(ex);
   struct sim_fault_log *log = ex->faults;
   struct r600_gpu_fault f = { .seq = ex->seq, .dword = ex->dword, .address = address };
   vsnprintf(f.message, sizeof(f.message), fmt, ap);

   pthread_mutex_lock(&log->lock);
   log->ring[log->count % SIM_FAULT_RING] = f;
   log->count++;
   if (hang)
      log->hung[log->hangs++ % SIM_FAULT_RING] = ex->seq;
   pthread_mutex_unlock(&log->lock);

   /* A hang is printed always, as a kernel driver logs a GPU reset. */
   if (hang || (sim_debug_flags() & SIM_DEBUG_FAULTS))
      fprintf(stderr, "r600sim: GPU fault (submission %llu, dword %u, address 0x%llx): %s\n",
              (unsigned long long)f.seq, f.dword, (unsigned long long)f.address, f.message);
}

void sim_fault(struct sim_exec *ex, uint64_t address, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   record(ex, address, false, fmt, ap);
   va_end(ap);
}

__attribute__((format(printf, 2, 3)))
static void hang_fault(struct sim_exec *ex, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   record(ex, 0, true, fmt, ap);
   va_end(ap);
}

void sim_hang(struct sim_exec *ex, unsigned timeout_ms)
{
   hang_fault(ex, "GPU hang: the submission ran past R600SIM_GPU_TIMEOUT (%u ms); stopped "
                  "here, the rest of it skipped", timeout_ms);
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

unsigned sim_fault_log_hangs(struct sim_fault_log *log, uint64_t *out, unsigned max)
{
   pthread_mutex_lock(&log->lock);
   unsigned count = log->hangs;
   unsigned kept = count < SIM_FAULT_RING ? count : SIM_FAULT_RING;
   unsigned n = max < kept ? max : kept;
   for (unsigned i = 0; i < n; i++)
      out[i] = log->hung[(count - n + i) % SIM_FAULT_RING];
   pthread_mutex_unlock(&log->lock);
   return count;
}
