/* The hardware boundary (include/r600sim/gpu.h): device, memory, submission, fences and
 * the fault log. Submissions execute on the device's GPU thread (gpu_thread.c), their
 * pixels on the raster workers (workers.c). */
#include <stdlib.h>
#include <string.h>

#include "common/debug.h"
#include "device/gpu_state.h"
#include "device/gpu_thread.h"
#include "geometry/draw.h"
#include "raster/workers.h"
#include "shader/shader_exec.h"

struct r600_gpu *r600_gpu_create(enum hw_chip chip)
{
   if (chip != HW_CHIP_R6XX && chip != HW_CHIP_R7XX)
      return NULL;
   sim_debug_flags();   /* R600SIM_DEBUG=help prints the table now, not mid-frame */
   struct r600_gpu *gpu = calloc(1, sizeof(*gpu));
   if (!gpu)
      return NULL;
   gpu->chip = chip;
   gpu->fast_paths = sim_fast_paths_from_env();
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
   sim_fault_log_init(&gpu->faults);
   sim_watchdog_init(&gpu->watchdog, sim_watchdog_timeout_ms_from_env());
   sim_gpu_thread_start(gpu);
   /* Here, not on the GPU thread: exit() may race it (jit.h). After the thread's start,
    * whose exit handler drains its queue: the JIT's, registered later, runs first and
    * closes the JIT, so the drain compiles nothing while LLVM's statics are destroyed. */
   sim_program_engine_start();
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
   sim_fault_log_destroy(&gpu->faults);
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
   return sim_gpu_thread_submit(gpu, ib, ndw, 0);
}

uint64_t r600_gpu_submit_flags(struct r600_gpu *gpu, const uint32_t *ib, unsigned ndw,
                               unsigned flags)
{
   return sim_gpu_thread_submit(gpu, ib, ndw, flags);
}

void r600_gpu_wait(struct r600_gpu *gpu, uint64_t seq)
{
   sim_gpu_thread_wait(gpu, seq);
}

uint64_t r600_gpu_completed(struct r600_gpu *gpu)
{
   return __atomic_load_n(&gpu->completed, __ATOMIC_ACQUIRE);
}

unsigned r600_gpu_faults(struct r600_gpu *gpu, struct r600_gpu_fault *out, unsigned max)
{
   return sim_fault_log_read(&gpu->faults, out, max);
}

unsigned r600_gpu_hangs(struct r600_gpu *gpu, uint64_t *seqs, unsigned max)
{
   return sim_fault_log_hangs(&gpu->faults, seqs, max);
}
