/* glFlush / glFinish. */
#include "gl_context.h"

#include "st_api.h"

void GL_APIENTRY glFlush(void)
{
   GET_CONTEXT_OR_RETURN();
   r600sim_st_flush(ctx, false);
}

void GL_APIENTRY glFinish(void)
{
   GET_CONTEXT_OR_RETURN();
   r600sim_st_flush(ctx, true);
}
