/* One draw, executed from the register file only: VGT (indices, primitive assembly), VS
 * (fetch shader + vertex shader through shader_exec.h), then per primitive PA, SC, SPI,
 * PS and CB. A fault (bad address, bad program) drops the rest of the draw. With raster
 * workers the pixels of consecutive draws may be pending when sim_draw returns (draw.c):
 * sim_draw_sync completes them. */
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

/* Completes the pixels of the pending draws: before anything else reads or writes memory
 * (the CP's packets other than register writes and draws, the end of the command buffer).
 * When the watchdog stopped them, ex->dword becomes the packet of the oldest. */
void sim_draw_sync(struct sim_exec *ex);

/* For a fault about to be recorded on the GPU thread (exec.h before_fault): completes the
 * pixels of every primitive binned so far (those of the draw executing too, as one raster
 * thread would have drawn them already), so that faults keep their order. */
void sim_draw_sync_before_fault(struct sim_exec *ex);

/* The CP wrote `count` registers from dword index `first`: the snapshots of the registers
 * that pending draws' pixel shaders read copy what changed (draw.c). */
void sim_draw_regs_written(struct sim_exec *ex, uint32_t first, uint32_t count);

#endif
