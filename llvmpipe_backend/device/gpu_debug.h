/* Test-only view into the simulated GPU (unit tests of the simulator link the backend
 * library directly; the driver never includes this). */
#ifndef SIM_GPU_DEBUG_H
#define SIM_GPU_DEBUG_H

#include <stdint.h>

#include "r600sim/gpu.h"

struct sim_memory;

/* The register file as the CP left it, indexed by register byte offset / 4
 * (SIM_REG_SPACE_DWORDS entries). Only meaningful while no submission is running. */
const uint32_t *r600_gpu_debug_regs(struct r600_gpu *gpu);

/* The GPU's address space (gpu_memory.h). */
struct sim_memory *r600_gpu_debug_memory(struct r600_gpu *gpu);

#endif
