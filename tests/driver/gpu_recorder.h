/* A recording stand-in for the GPU interface (include/r600sim/gpu.h), for driver tests. */
#ifndef GPU_RECORDER_H
#define GPU_RECORDER_H

#include "r600sim/gpu.h"

struct recorded_submit {
   uint32_t *dw;
   unsigned ndw;
   uint64_t seq;
};

/* Submissions of the most recently created GPU. */
unsigned recorder_num_submits(void);
const struct recorded_submit *recorder_submit(unsigned i);
/* Host pointer to [va, va + size) if it lies inside one allocation, else NULL. */
const uint8_t *recorder_memory(uint64_t va, uint64_t size);

#endif
