/* Test-only view into the simulated GPU (gpu_debug.h). */
#include "device/gpu_debug.h"
#include "device/gpu_state.h"

const uint32_t *r600_gpu_debug_regs(struct r600_gpu *gpu)
{
   return gpu->regs;
}

struct sim_memory *r600_gpu_debug_memory(struct r600_gpu *gpu)
{
   return gpu->mem;
}
