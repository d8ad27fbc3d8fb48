/* Simulator-internal: the device behind include/r600sim/gpu.h and the per-submission
 * execution context the CP, VGT, PA, SC, SPI and CB stages share. */
#ifndef SIM_GPU_DEVICE_H
#define SIM_GPU_DEVICE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "gpu_memory.h"
#include "r600sim/gpu.h"

#define SIM_FAULT_RING 64

struct sim_draw_scratch;     /* draw.c: per-device buffers reused by every draw */
struct sim_workers;          /* workers.c: the raster worker threads */
struct sim_submission;       /* gpu_thread.c: a queued command buffer */

struct r600_gpu {
   enum hw_chip chip;
   struct sim_memory *mem;

   /* Submission and fences (gpu_thread.c). */
   pthread_mutex_t submit_lock;    /* held while a submission executes */
   pthread_mutex_t queue_lock;     /* guards the queue, pending, quit and last_seq */
   pthread_cond_t work_cv;         /* the GPU thread waits for work */
   pthread_cond_t done_cv;         /* a submission completed */
   struct sim_submission *head, *tail;
   unsigned pending;               /* queued, not yet completed */
   bool quit;                      /* the thread stops once the queue is empty */
   bool threaded;                  /* a GPU thread was started (set at creation) */
   bool joined;                    /* ... and has stopped (under gpu_thread.c's lock) */
   pthread_t thread;
   struct r600_gpu *next_live;     /* devices with a running GPU thread (gpu_thread.c) */
   uint64_t last_seq;              /* last sequence number handed out */
   uint64_t completed;             /* last sequence number executed (atomic) */

   pthread_mutex_t fault_lock;
   struct r600_gpu_fault faults[SIM_FAULT_RING];
   unsigned fault_count;

   /* The register file (byte offset / 4), written by the CP, read by every stage. */
   uint32_t regs[SIM_REG_SPACE_DWORDS];

   struct sim_draw_scratch *scratch;
   struct sim_workers *workers;    /* NULL: R600SIM_NUM_THREADS=1, the GPU thread rasterizes */
};

/* What a stage needs to know about the packet being executed. */
struct sim_exec {
   struct r600_gpu *gpu;
   uint64_t seq;
   unsigned dword;                 /* offset of the current packet in the command buffer */
};

/* Records a fault of the current packet (printed too with R600SIM_DEBUG=faults). */
void sim_fault(struct sim_exec *ex, uint64_t address, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static inline uint32_t sim_reg(const struct sim_exec *ex, uint32_t byte_offset)
{
   return ex->gpu->regs[byte_offset / 4];
}

/* Width of a register field from its generated in-place mask. */
#define SIM_FIELD_WIDTH(mask) ((unsigned)__builtin_popcount(mask))

/* A `bits`-wide two's complement field value as a signed integer. */
static inline int32_t sim_sign_extend(uint32_t v, unsigned bits)
{
   uint32_t m = 1u << (bits - 1);
   return (int32_t)((v ^ m) - m);
}

/* A signed register field: SIM_SIGNED_FIELD(PA_SC_WINDOW_OFFSET__WINDOW_X_OFFSET, dw). */
#define SIM_SIGNED_FIELD(field, dw) sim_sign_extend(field##__get(dw), SIM_FIELD_WIDTH(field##__mask))

static inline float sim_reg_f(const struct sim_exec *ex, uint32_t byte_offset)
{
   union { uint32_t u; float f; } v = { ex->gpu->regs[byte_offset / 4] };
   return v.f;
}

#endif
