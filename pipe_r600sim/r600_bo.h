/* GPU buffer objects: reference-counted allocations at GPU virtual addresses.
 *
 * A command stream that references a buffer holds a reference to it until it is submitted;
 * the submission's fence sequence number is then stored in the buffer, so a buffer whose
 * last reference goes away while the GPU may still read it is freed only after that fence
 * (the manager's deferred-free list).
 *
 * Buffers are shared by the contexts of a share group, which run on their own threads: the
 * reference count and the fence are atomic, and the manager's list has a lock. Which command
 * stream references a buffer is the stream's business (r600_cs.h), not the buffer's. */
#ifndef R600_BO_H
#define R600_BO_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct r600_gpu;

/* The buffers of one GPU (the screen owns one): where they are allocated and the freed ones
 * the GPU may still read. */
struct r600_bo_manager {
   struct r600_gpu *gpu;
   pthread_mutex_t lock;  /* guards deferred */
   struct { uint64_t va, seq; } *deferred;
   unsigned num_deferred, max_deferred;
};

struct r600_bo {
   struct r600_bo_manager *mgr;
   atomic_int refcount;
   uint64_t va;           /* GPU virtual address, 256-byte aligned */
   uint64_t size;         /* bytes */
   uint8_t *map;          /* CPU pointer to the whole buffer */
   _Atomic uint64_t fence_seq;  /* last submission that referenced it, 0 = never used */
};

void r600_bo_manager_init(struct r600_bo_manager *, struct r600_gpu *gpu);
/* Returns NULL (and prints nothing) when the GPU is out of memory. align >= 256. */
struct r600_bo *r600_bo_create(struct r600_bo_manager *, uint64_t size, uint64_t align);
void r600_bo_reference(struct r600_bo **dst, struct r600_bo *src);
/* Records that submission seq references bo (a later submission of another context may
 * already have recorded a higher one: the fence only moves forward). */
void r600_bo_fence(struct r600_bo *bo, uint64_t seq);
/* Blocks until the GPU has executed every submission that referenced bo. */
void r600_bo_wait_idle(struct r600_bo *bo);
bool r600_bo_is_busy(const struct r600_bo *bo);
/* Frees the buffers whose last use has completed. */
void r600_bo_reap_deferred(struct r600_bo_manager *);
/* Waits for and frees every deferred buffer (screen destruction; no other thread uses mgr). */
void r600_bo_free_all_deferred(struct r600_bo_manager *);

#endif
