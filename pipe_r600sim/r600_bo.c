/* GPU buffer objects (see r600_bo.h). */
#include "r600_bo.h"

#include <stdlib.h>

#include "r600sim/gpu.h"

void r600_bo_manager_init(struct r600_bo_manager *mgr, struct r600_gpu *gpu)
{
   mgr->gpu = gpu;
   pthread_mutex_init(&mgr->lock, NULL);
}

struct r600_bo *r600_bo_create(struct r600_bo_manager *mgr, uint64_t size, uint64_t align)
{
   if (size == 0)
      size = 1;
   if (align < 256)
      align = 256;
   r600_bo_reap_deferred(mgr);
   struct r600_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return NULL;
   bo->va = r600_gpu_alloc(mgr->gpu, size, align);
   if (!bo->va) {
      free(bo);
      return NULL;
   }
   bo->map = r600_gpu_map(mgr->gpu, bo->va);
   bo->mgr = mgr;
   atomic_init(&bo->refcount, 1);
   bo->size = size;
   return bo;
}

/* Called with mgr->lock held. */
static void defer_free(struct r600_bo_manager *mgr, uint64_t va, uint64_t seq)
{
   if (mgr->num_deferred == mgr->max_deferred) {
      unsigned max = mgr->max_deferred ? mgr->max_deferred * 2 : 16;
      void *p = realloc(mgr->deferred, max * sizeof(*mgr->deferred));
      if (!p) {
         /* No memory to remember it: wait instead. */
         r600_gpu_wait(mgr->gpu, seq);
         r600_gpu_free(mgr->gpu, va);
         return;
      }
      mgr->deferred = p;
      mgr->max_deferred = max;
   }
   mgr->deferred[mgr->num_deferred].va = va;
   mgr->deferred[mgr->num_deferred].seq = seq;
   mgr->num_deferred++;
}

static void bo_destroy(struct r600_bo *bo)
{
   struct r600_bo_manager *mgr = bo->mgr;
   uint64_t seq = atomic_load(&bo->fence_seq);
   if (seq > r600_gpu_completed(mgr->gpu)) {
      pthread_mutex_lock(&mgr->lock);
      defer_free(mgr, bo->va, seq);
      pthread_mutex_unlock(&mgr->lock);
   } else {
      r600_gpu_free(mgr->gpu, bo->va);
   }
   free(bo);
}

/* Counted as pipe_resource_reference counts (include/pipe/p_screen.h). */
void r600_bo_reference(struct r600_bo **dst, struct r600_bo *src)
{
   struct r600_bo *old = *dst;
   if (src)
      atomic_fetch_add_explicit(&src->refcount, 1, memory_order_relaxed);
   if (old && atomic_fetch_sub_explicit(&old->refcount, 1, memory_order_acq_rel) == 1)
      bo_destroy(old);
   *dst = src;
}

void r600_bo_fence(struct r600_bo *bo, uint64_t seq)
{
   uint64_t cur = atomic_load(&bo->fence_seq);
   while (cur < seq && !atomic_compare_exchange_weak(&bo->fence_seq, &cur, seq))
      ;
}

bool r600_bo_is_busy(const struct r600_bo *bo)
{
   return atomic_load(&bo->fence_seq) > r600_gpu_completed(bo->mgr->gpu);
}

void r600_bo_wait_idle(struct r600_bo *bo)
{
   uint64_t seq = atomic_load(&bo->fence_seq);
   if (seq > r600_gpu_completed(bo->mgr->gpu))
      r600_gpu_wait(bo->mgr->gpu, seq);
}

void r600_bo_reap_deferred(struct r600_bo_manager *mgr)
{
   pthread_mutex_lock(&mgr->lock);
   uint64_t done = r600_gpu_completed(mgr->gpu);
   unsigned kept = 0;
   for (unsigned i = 0; i < mgr->num_deferred; i++) {
      if (mgr->deferred[i].seq <= done)
         r600_gpu_free(mgr->gpu, mgr->deferred[i].va);
      else
         mgr->deferred[kept++] = mgr->deferred[i];
   }
   mgr->num_deferred = kept;
   pthread_mutex_unlock(&mgr->lock);
}

void r600_bo_free_all_deferred(struct r600_bo_manager *mgr)
{
   for (unsigned i = 0; i < mgr->num_deferred; i++) {
      r600_gpu_wait(mgr->gpu, mgr->deferred[i].seq);
      r600_gpu_free(mgr->gpu, mgr->deferred[i].va);
   }
   free(mgr->deferred);
   mgr->deferred = NULL;
   mgr->num_deferred = mgr->max_deferred = 0;
   pthread_mutex_destroy(&mgr->lock);
}
