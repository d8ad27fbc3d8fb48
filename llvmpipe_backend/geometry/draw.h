/* One draw, executed from the register file only: VGT (indices, primitive assembly), VS
 * (fetch shader + vertex shader through shader_exec.h), then per primitive PA, SC, SPI,
 * PS and CB. A fault (bad address, bad program) drops the rest of the draw. */
#ifndef SIM_DRAW_H
#define SIM_DRAW_H

#include <stdint.h>

struct sim_exec;
struct sim_draw_scratch;

/* Buffers for one GPU thread and `nthreads` raster threads (workers.h). */
struct sim_draw_scratch *sim_draw_scratch_create(unsigned nthreads);
void sim_draw_scratch_destroy(struct sim_draw_scratch *);

/* Executes the draw described by VGT_DRAW_INITIATOR, VGT_NUM_INDICES, VGT_NUM_INSTANCES,
 * VGT_DMA_BASE(_HI)/VGT_DMA_INDEX_TYPE and the rest of the state. For SOURCE_SELECT =
 * IMMEDIATE the indices are the `immd_ndw` dwords at `immd` (the immediate-data FIFO;
 * 16-bit indices two per dword, first in the low half). */
void sim_draw(struct sim_exec *ex, const uint32_t *immd, unsigned immd_ndw);

#endif
