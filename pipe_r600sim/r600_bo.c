/* GPU buffer objects (see r600_bo.h). */
#include "r600_bo.h"

#include <stdlib.h>

#include "r600_screen.h"

struct r600_bo *r600_bo_create(struct r600_screen *screen, uint64_t size, uint64_t align)
{
   if (size == 0)
      size = 1;
   if (align < 256)
      align = 256;
   r600_bo_reap_deferred(screen);
   struct r600_bo *bo = calloc(1, sizeof(*bo));
   if (!bo)
      return NULL;
   bo->va = r600_gpu_alloc(screen->gpu, size, align);
   if (!bo->va) {
      free(bo);
      return NULL;
   }
   bo->map = r600_gpu_map(screen->gpu, bo->va);
   bo->screen = screen;
   bo->refcount = 1;
   bo->size = size;
   return bo;
}

static void defer_free(struct r600_screen *screen, uint64_t va, uint64_t seq)
{
   if (screen->num_deferred == screen->max_deferred) {
      unsigned max = screen->max_deferred ? screen->max_deferred * 2 : 16;
      void *p = realloc(screen->deferred, max * sizeof(*screen->deferred));
      if (!p) {
         /* No memory to remember it: wait instead. */
         r600_gpu_wait(screen->gpu, seq);
         r600_gpu_free(screen->gpu, va);
         return;
      }
      screen->deferred = p;
      screen->max_deferred = max;
   }
   screen->deferred[screen->num_deferred].va = va;
   screen->deferred[screen->num_deferred].seq = seq;
   screen->num_deferred++;
}

static void bo_destroy(struct r600_bo *bo)
{
   struct r600_screen *screen = bo->screen;
   if (bo->fence_seq > r600_gpu_completed(screen->gpu))
      defer_free(screen, bo->va, bo->fence_seq);
   else
      r600_gpu_free(screen->gpu, bo->va);
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
   return bo->fence_seq > r600_gpu_completed(bo->screen->gpu);
}

void r600_bo_wait_idle(struct r600_bo *bo)
{
   if (r600_bo_is_busy(bo))
      r600_gpu_wait(bo->screen->gpu, bo->fence_seq);
}

void r600_bo_reap_deferred(struct r600_screen *screen)
{
   if (!screen->num_deferred)
      return;
   uint64_t done = r600_gpu_completed(screen->gpu);
   unsigned kept = 0;
   for (unsigned i = 0; i < screen->num_deferred; i++) {
      if (screen->deferred[i].seq <= done)
         r600_gpu_free(screen->gpu, screen->deferred[i].va);
      else
         screen->deferred[kept++] = screen->deferred[i];
   }
   screen->num_deferred = kept;
}

void r600_bo_free_all_deferred(struct r600_screen *screen)
{
   for (unsigned i = 0; i < screen->num_deferred; i++) {
      r600_gpu_wait(screen->gpu, screen->deferred[i].seq);
      r600_gpu_free(screen->gpu, screen->deferred[i].va);
   }
   free(screen->deferred);
   screen->deferred = NULL;
   screen->num_deferred = screen->max_deferred = 0;
}
