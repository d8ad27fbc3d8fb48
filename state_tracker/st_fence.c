/* st_api.h fences: the pipe fences EGL sync objects wait on. One screen serves every
 * context, so a fence is a point in the GPU's single queue of submissions. */
#include "gles/gl_context.h"

#include <stdint.h>

#include "st_api.h"

struct pipe_fence_handle *r600sim_st_fence(struct st_context *ctx)
{
   struct pipe_fence_handle *fence = NULL;
   ctx->pipe->flush(ctx->pipe, &fence, 0);
   return fence;
}

void r600sim_st_fence_reference(struct pipe_fence_handle **dst, struct pipe_fence_handle *src)
{
   struct pipe_screen *scr = r600sim_st_screen();
   scr->fence_reference(scr, dst, src);
}

bool r600sim_st_fence_signaled(struct pipe_fence_handle *fence, bool wait)
{
   struct pipe_screen *scr = r600sim_st_screen();
   return scr->fence_finish(scr, fence, wait ? UINT64_MAX : 0);
}
