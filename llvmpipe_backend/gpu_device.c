/* The hardware boundary (include/r600sim/gpu.h): device, memory, submission, fences and
 * the fault log. Submissions execute on the device's GPU thread (gpu_thread.c), their
 * pixels on the raster workers (workers.c). */
#include "gpu_device.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug.h"
#include "draw.h"
#include "gpu_debug.h"
#include "gpu_thread.h"
#include "workers.h"

struct r600_gpu *r600_gpu_create(enum hw_chip chip)
{
   if (chip != HW_CHIP_R6XX && chip != HW_CHIP_R7XX)
      return NULL;
   sim_debug_flags();   /* R600SIM_DEBUG=help prints the table now, not mid-frame */
   struct r600_gpu *gpu = calloc(1, sizeof(*gpu));
   if (!gpu)
      return NULL;
   gpu->chip = chip;
   gpu->mem = sim_mem_create();
   gpu->workers = sim_workers_create(sim_workers_threads_from_env());
   gpu->scratch = sim_draw_scratch_create(sim_workers_count(gpu->workers));
   if (!gpu->mem || !gpu->scratch) {
      sim_mem_destroy(gpu->mem);
      sim_workers_destroy(gpu->workers);
      sim_draw_scratch_destroy(gpu->scratch);
      free(gpu);
      return NULL;
   }
   pthread_mutex_init(&gpu->fault_lock, NULL);
   sim_gpu_thread_start(gpu);
   return gpu;
}

void r600_gpu_destroy(struct r600_gpu *gpu)
{
   if (!gpu)
      return;
   sim_gpu_thread_stop(gpu);
   sim_workers_destroy(gpu->workers);
   sim_draw_scratch_destroy(gpu->scratch);
   sim_mem_destroy(gpu->mem);
   pthread_mutex_destroy(&gpu->fault_lock);
   free(gpu);
}

enum hw_chip r600_gpu_chip(const struct r600_gpu *gpu)
{
   return gpu->chip;
}

uint64_t r600_gpu_alloc(struct r600_gpu *gpu, uint64_t size, uint64_t align)
{
   return sim_mem_alloc(gpu->mem, size, align);
}

void r600_gpu_free(struct r600_gpu *gpu, uint64_t va)
{
   sim_mem_free(gpu->mem, va);
}

void *r600_gpu_map(struct r600_gpu *gpu, uint64_t va)
{
   return sim_mem_map(gpu->mem, va);
}

uint64_t r600_gpu_submit(struct r600_gpu *gpu, const uint32_t *ib, unsigned ndw)
{
   return sim_gpu_thread_submit(gpu, ib, ndw);
}

void r600_gpu_wait(struct r600_gpu *gpu, uint64_t seq)
{
   sim_gpu_thread_wait(gpu, seq);
}

uint64_t r600_gpu_completed(struct r600_gpu *gpu)
{
   return __atomic_load_n(&gpu->completed, __ATOMIC_ACQUIRE);
}

void sim_fault(struct sim_exec *ex, uint64_t address, const char *fmt, ...)
{
   struct r600_gpu *gpu = ex->gpu;
   struct r600_gpu_fault f = { .seq = ex->seq, .dword = ex->dword, .address = address };
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(f.message, sizeof(f.message), fmt, ap);
   va_end(ap);

   pthread_mutex_lock(&gpu->fault_lock);
   gpu->faults[gpu->fault_count % SIM_FAULT_RING] = f;
   gpu->fault_count++;
   pthread_mutex_unlock(&gpu->fault_lock);

   if (sim_debug_flags() & SIM_DEBUG_FAULTS)
      fprintf(stderr, "r600sim: GPU fault (submission %llu, dword %u, address 0x%llx): %s\n",
              (unsigned long long)f.seq, f.dword, (unsigned long long)f.address, f.message);
}

unsigned r600_gpu_faults(struct r600_gpu *gpu, struct r600_gpu_fault *out, unsigned max)
{
   pthread_mutex_lock(&gpu->fault_lock);
   unsigned count = gpu->fault_count;
   unsigned kept = count < SIM_FAULT_RING ? count : SIM_FAULT_RING;
   unsigned n = max < kept ? max : kept;
   /* Oldest first among the n most recent. */
   for (unsigned i = 0; i < n; i++)
      out[i] = gpu->faults[(count - n + i) % SIM_FAULT_RING];
   pthread_mutex_unlock(&gpu->fault_lock);
   return count;
}

const uint32_t *r600_gpu_debug_regs(struct r600_gpu *gpu)
{
   return gpu->regs;
}

struct sim_memory *r600_gpu_debug_memory(struct r600_gpu *gpu)
{
   return gpu->mem;
}
