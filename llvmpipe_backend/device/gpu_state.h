/* The state of one device behind include/r600sim/gpu.h, for the files of device/ (its entry
 * points in gpu_device.c, the GPU thread, capture). Header-only, so that they can all see it
 * without including one another; the stages below see only common/exec.h. */
#ifndef SIM_GPU_STATE_H
#define SIM_GPU_STATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "common/exec.h"
#include "common/gpu_memory.h"
#include "common/watchdog.h"
#include "r600sim/gpu.h"

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
   bool running;                   /* the queue's head is executing (by the GPU thread or a waiter) */
   bool quit;                      /* the thread stops once the queue is empty */
   bool threaded;                  /* a GPU thread was started (set at creation) */
   bool joined;                    /* ... and has stopped (under gpu_thread.c's lock) */
   pthread_t thread;
   struct r600_gpu *next_live;     /* devices with a running GPU thread (gpu_thread.c) */
   uint64_t last_seq;              /* last sequence number handed out */
   uint64_t completed;             /* last sequence number executed (atomic) */

   struct sim_fault_log faults;
   struct sim_watchdog watchdog;   /* armed for each submission (gpu_thread.c) */
   unsigned capture_id;            /* capture.c: the device's number in the capture, 0: none yet */

   /* The register file (byte offset / 4), written by the CP, read by every stage. */
   uint32_t regs[SIM_REG_SPACE_DWORDS];
   uint64_t zpass[HW_NUM_DBS];     /* each DB's ZPASS sample counter (pixel/db.h) */

   struct sim_draw_scratch *scratch;
   struct sim_workers *workers;    /* NULL: R600SIM_NUM_THREADS=1, the GPU thread rasterizes */
   bool fast_paths;                /* R600SIM_FUSED at creation (common/exec.h) */
};

#endif
