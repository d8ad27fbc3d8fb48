/* The hardware boundary: the simulated R600/R700 GPU as a driver sees it.
 *
 * This plays the role of the kernel driver + hardware: GPU memory buffers at GPU virtual
 * addresses, command-buffer (PM4) submission, fences, and fault reports. Nothing else
 * crosses it - no GL state, no CSOs, no shader IR (docs/ARCHITECTURE.md §2).
 *
 * Memory: every buffer has a GPU virtual address (40-bit space, 256-byte aligned) and a
 * CPU mapping. The GPU reads and writes only inside allocated buffers; any access outside
 * them is a fault that drops the offending draw.
 *
 * Threading: all functions are thread-safe. Submission may execute asynchronously; CPU
 * access to memory the GPU may still use must wait for the fence of that submission.
 */
#ifndef R600SIM_GPU_H
#define R600SIM_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hw_chip.h"   /* enum hw_chip: the chip the GPU is */

struct r600_gpu;

struct r600_gpu *r600_gpu_create(enum hw_chip chip);
void r600_gpu_destroy(struct r600_gpu *);
enum hw_chip r600_gpu_chip(const struct r600_gpu *);

/* Allocates `size` bytes of zeroed GPU memory, aligned to `align` (a power of two, at least
 * 256). Returns the GPU virtual address, 0 on failure. */
uint64_t r600_gpu_alloc(struct r600_gpu *, uint64_t size, uint64_t align);
/* Frees the buffer that starts at va (the GPU must be done with it: wait first). */
void r600_gpu_free(struct r600_gpu *, uint64_t va);
/* CPU pointer to the buffer that starts at va, valid until it is freed. */
void *r600_gpu_map(struct r600_gpu *, uint64_t va);

/* Submits a command buffer of `ndw` dwords (PM4 packets). The dwords are copied. Returns the
 * fence sequence number of this submission (monotonic, > 0). */
uint64_t r600_gpu_submit(struct r600_gpu *, const uint32_t *ib, unsigned ndw);
/* As r600_gpu_submit, with flags. R600_GPU_FRAME_END: this submission completes a frame (the
 * driver presents or reads back its colour buffers after it; it may hold no dwords when the
 * frame's draws went in earlier submissions); a capture (R600SIM_CAPTURE) records the colour
 * buffers bound when it has executed as that frame. */
#define R600_GPU_FRAME_END (1u << 0)
/* R600_GPU_WAIT: the caller waits for this submission right away (glFinish); the device may
 * execute it on the calling thread, after everything submitted before it. */
#define R600_GPU_WAIT (1u << 1)
uint64_t r600_gpu_submit_flags(struct r600_gpu *, const uint32_t *ib, unsigned ndw,
                               unsigned flags);
/* Blocks until submission `seq` has executed. */
void r600_gpu_wait(struct r600_gpu *, uint64_t seq);
/* Highest sequence number known to have executed. */
uint64_t r600_gpu_completed(struct r600_gpu *);

/* Faults: a bad packet, a bad address or a bad shader binary is reported, the affected work
 * is dropped, and the GPU goes on with the next packet. */
struct r600_gpu_fault {
   uint64_t seq;          /* submission */
   unsigned dword;        /* offset of the offending packet in that command buffer */
   uint64_t address;      /* GPU address involved, if any */
   char message[160];
};
/* Number of faults since creation; copies up to `max` most recent into `out`. */
unsigned r600_gpu_faults(struct r600_gpu *, struct r600_gpu_fault *out, unsigned max);

/* The watchdog, as a kernel driver resets a hung GPU: a submission still executing
 * R600SIM_GPU_TIMEOUT milliseconds after it started (default 10000; 0 = never) is stopped
 * where it is, the rest of it is skipped, a fault reports it, its fence signals and the next
 * submission executes normally. Returns the number of submissions stopped since creation;
 * copies the sequence numbers of up to `max` most recent (at most 64 are kept), oldest
 * first, into `seqs`. A submission is listed before its fence signals. */
unsigned r600_gpu_hangs(struct r600_gpu *, uint64_t *seqs, unsigned max);

#endif
