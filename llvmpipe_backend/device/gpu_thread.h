/* The GPU thread: submissions are queued (their dwords copied) and executed in order by a
 * thread of the device, behind the application; fences are the sequence numbers of
 * include/r600sim/gpu.h, signalled through a condition variable as each submission
 * completes. A thread that waits for a submission the GPU thread has not started executes
 * it (and those before it) itself instead of sleeping through two thread switches: the
 * order and the one-at-a-time execution stay the same (glFinish after every frame costs no
 * hand-off); a submission flagged R600_GPU_WAIT (glFinish) executes on the submitting
 * thread without waking the GPU thread. Every submission executes under the same MXCSR
 * whatever thread runs it.
 * R600SIM_SYNC=1 (or R600SIM_CAPTURE, whose memory snapshots then show exactly
 * what the driver had written at submit time) executes every submission on the calling
 * thread before r600_gpu_submit returns, for debugging. At most SIM_MAX_PENDING
 * submissions wait in the queue; a further submit blocks until one completes. At process
 * exit (atexit) every GPU thread executes what is queued and stops, so that no thread runs
 * while libraries are torn down; later submissions execute on the calling thread. */
#ifndef SIM_GPU_THREAD_H
#define SIM_GPU_THREAD_H

#include <stdbool.h>
#include <stdint.h>

#define SIM_MAX_PENDING 16

struct r600_gpu;

/* Starts the thread unless synchronous execution was asked for (or the thread cannot be
 * created: then execution is synchronous too). */
void sim_gpu_thread_start(struct r600_gpu *gpu);
/* Executes what is still queued, then stops the thread. */
void sim_gpu_thread_stop(struct r600_gpu *gpu);

/* flags: R600_GPU_* of include/r600sim/gpu.h. */
uint64_t sim_gpu_thread_submit(struct r600_gpu *gpu, const uint32_t *ib, unsigned ndw,
                               unsigned flags);
void sim_gpu_thread_wait(struct r600_gpu *gpu, uint64_t seq);

#endif
