/* What every stage of the simulated GPU sees while a submission executes: the register file
 * the CP fills, GPU memory, the chip, the device's fault log and the position of the packet
 * being executed. The device (device/) builds one per submission; the stages below it see
 * nothing else of the device. */
#ifndef SIM_EXEC_H
#define SIM_EXEC_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "r600sim/gpu.h"

#define SIM_FAULT_RING 64

struct sim_memory;           /* common/gpu_memory.h */
struct sim_draw_scratch;     /* geometry/draw.h: per-device buffers reused by every draw */
struct sim_workers;          /* raster/workers.h: the raster worker threads */
struct sim_watchdog;         /* common/watchdog.h */

/* The faults of one device: the SIM_FAULT_RING most recent and their total count; the
 * same for the submissions the watchdog stopped (hangs, also faults). */
struct sim_fault_log {
   pthread_mutex_t lock;
   struct r600_gpu_fault ring[SIM_FAULT_RING];
   unsigned count;
   uint64_t hung[SIM_FAULT_RING];
   unsigned hangs;
};

void sim_fault_log_init(struct sim_fault_log *log);
void sim_fault_log_destroy(struct sim_fault_log *log);
/* r600_gpu_faults: the total count; the `max` most recent, oldest first, into out. */
unsigned sim_fault_log_read(struct sim_fault_log *log, struct r600_gpu_fault *out, unsigned max);
/* r600_gpu_hangs: the total count; the `max` most recent hung submissions, oldest first. */
unsigned sim_fault_log_hangs(struct sim_fault_log *log, uint64_t *out, unsigned max);

/* What a stage needs to know about the packet being executed. */
struct sim_exec {
   enum hw_chip chip;
   uint32_t *regs;                 /* the register file (byte offset / 4), written by the CP */
   struct sim_memory *mem;
   struct sim_fault_log *faults;
   struct sim_draw_scratch *scratch;
   struct sim_workers *workers;    /* NULL: R600SIM_NUM_THREADS=1, the GPU thread rasterizes */
   struct sim_watchdog *watchdog;  /* long loops stop when it has expired */
   uint64_t *zpass;                /* the device's HW_NUM_DBS ZPASS sample counters (db.h) */
   bool fast_paths;                /* specialised pixel paths allowed (R600SIM_FUSED, not 0);
                                      false: the C units' general code is the only path */
   uint64_t seq;
   unsigned dword;                 /* offset of the current packet in the command buffer */
   /* Called by sim_fault before it records (NULL: nothing): work still pending from
    * earlier packets completes first, so that its faults come first (draw.h). */
   void (*before_fault)(struct sim_exec *ex);
};

/* Records a fault of the current packet (printed too with R600SIM_DEBUG=faults). */
void sim_fault(struct sim_exec *ex, uint64_t address, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* Records that the watchdog stopped the current submission at the current packet: a fault
 * and a hang of ex->seq. */
void sim_hang(struct sim_exec *ex, unsigned timeout_ms);

static inline uint32_t sim_reg(const struct sim_exec *ex, uint32_t byte_offset)
{
   return ex->regs[byte_offset / 4];
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
   union { uint32_t u; float f; } v = { ex->regs[byte_offset / 4] };
   return v.f;
}

#endif
