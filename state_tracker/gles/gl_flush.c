/* glFlush / glFinish. */
#include "gl_context.h"

#include "st_api.h"
#include "st_framebuffer.h"

void GL_APIENTRY glFlush(void)
{
   GET_CONTEXT_OR_RETURN();
   r600sim_st_flush(ctx, false);
}

void GL_APIENTRY glFinish(void)
{
   GET_CONTEXT_OR_RETURN();
   r600sim_st_flush(ctx, true);
   if (!ctx->fbo && ctx->draw && ctx->draw->finished)
      ctx->draw->finished(ctx->draw->finished_data);
}
