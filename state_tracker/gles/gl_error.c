/* GL errors: the sticky first error of a context, glGetError, and the message of entry
 * points that are not implemented yet. R600SIM_DEBUG=glerrors prints every error with the
 * function that raised it. */
#include "gl_context.h"

#include <stdio.h>

#include "gl_api.h"
#include "gl_debug.h"
#include "st_debug.h"

void gl_error_at(struct st_context *ctx, GLenum err, const char *func)
{
   if (st_debug_flags & ST_DEBUG_GLERRORS)
      fprintf(stderr, "r600sim: %s: GL error 0x%04x\n", func, err);
   if (ctx->error == GL_NO_ERROR)
      ctx->error = err;
   if (ctx->debug_output)
      gl_debug_error(ctx, err, func);   /* KHR_debug: every error is also a message */
}

GLenum GL_APIENTRY glGetError(void)
{
   struct st_context *ctx = st_current_context;   /* a lost context too (KHR_robustness) */
   if (!ctx)
      return GL_NO_ERROR;
   GLenum err = ctx->error;
   ctx->error = GL_NO_ERROR;
   return err;
}

void gl_api_not_implemented(const char *name, atomic_flag *said)
{
   if (!atomic_flag_test_and_set(said))
      fprintf(stderr, "r600sim: %s is not implemented yet\n", name);
   struct st_context *ctx = st_current_context;
   if (ctx)
      gl_error_at(ctx, GL_INVALID_OPERATION, name);
}
