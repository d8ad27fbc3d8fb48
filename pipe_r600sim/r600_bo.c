/* GPU buffer objects (see r600_bo.h). */
#include "r600_bo.h"

#include <stdlib.h>

#include "r600sim/gpu.h"

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
   bo->refcount = 1;
   bo->size = size;
   return bo;
}

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
   if (bo->fence_seq > r600_gpu_completed(mgr->gpu))
      defer_free(mgr, bo->va, bo->fence_seq);
   else
      r600_gpu_free(mgr->gpu, bo->va);
   free(bo);
}

void r600_bo_reference(struct r600_bo **dst, struct r600_bo *src)
{
   struct r600_bo *old = *dst;
   if (src)
      src->refcount++;
   if (old && --old->refcount == 0)
      bo_destroy(old);
   *dst = src;
}

bool r600_bo_is_busy(const struct r600_bo *bo)
{
   return bo->fence_seq > r600_gpu_completed(bo->mgr->gpu);
}

void r600_bo_wait_idle(struct r600_bo *bo)
{
   if (r600_bo_is_busy(bo))
      r600_gpu_wait(bo->mgr->gpu, bo->fence_seq);
}

void r600_bo_reap_deferred(struct r600_bo_manager *mgr)
{
   if (!mgr->num_deferred)
      return;
   uint64_t done = r600_gpu_completed(mgr->gpu);
   unsigned kept = 0;
   for (unsigned i = 0; i < mgr->num_deferred; i++) {
      if (mgr->deferred[i].seq <= done)
         r600_gpu_free(mgr->gpu, mgr->deferred[i].va);
      else
         mgr->deferred[kept++] = mgr->deferred[i];
   }
   mgr->num_deferred = kept;
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
}
