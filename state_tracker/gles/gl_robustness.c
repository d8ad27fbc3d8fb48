/* GL_EXT_robustness and GL_KHR_robustness (OpenGL ES 2.0 flavour): reset notification,
 * the lost context, and the bounded queries glReadnPixels / glGetnUniform{f,i}v.
 *
 * Resets: the GPU watchdog (include/r600sim/gpu.h) stops a submission that runs too long,
 * as a kernel driver resets a hung GPU; the pipe context reports it as GUILTY for the
 * context that submitted it. A context created with LOSE_CONTEXT_ON_RESET
 * (EGL_EXT_create_context_robustness) learns of it in glGetGraphicsResetStatus*, which
 * returns GUILTY_CONTEXT_RESET once (INNOCENT_CONTEXT_RESET in the other contexts of its
 * share group) and from then on the context is lost: every GL call but glGetError and
 * glGetGraphicsResetStatus* raises GL_CONTEXT_LOST_KHR and does nothing else (KHR_robustness);
 * the application makes a new context. A NO_RESET_NOTIFICATION context (the default) is
 * never told and goes on; the stopped submission's rendering is simply missing. */
#include "gl_context.h"

#include <math.h>

#include "st_api.h"

void r600sim_st_context_set_robustness(struct st_context *ctx, bool robust_access,
                                       bool lose_on_reset)
{
   ctx->robust_access = robust_access;
   ctx->lose_on_reset = lose_on_reset;
}

bool gl_context_lost_error(struct st_context *ctx, const char *func)
{
   gl_error_at(ctx, GL_CONTEXT_LOST_KHR, func);
   return true;
}

static GLenum reset_status(void)
{
   struct st_context *ctx = st_current_context;   /* lost or not */
   if (!ctx || !ctx->lose_on_reset)
      return GL_NO_ERROR;
   struct pipe_context *pipe = ctx->pipe;
   enum pipe_reset_status s =
      pipe->get_device_reset_status ? pipe->get_device_reset_status(pipe) : PIPE_NO_RESET;
   GLenum status = GL_NO_ERROR;
   if (s != PIPE_NO_RESET) {
      atomic_fetch_add(&ctx->shared->resets, 1);
      ctx->resets_seen++;   /* this context's own notification */
      status = s == PIPE_GUILTY_CONTEXT_RESET ? GL_GUILTY_CONTEXT_RESET_EXT
             : s == PIPE_INNOCENT_CONTEXT_RESET ? GL_INNOCENT_CONTEXT_RESET_EXT
             : GL_UNKNOWN_CONTEXT_RESET_EXT;
   }
   unsigned group = atomic_load(&ctx->shared->resets);
   if (status == GL_NO_ERROR && group != ctx->resets_seen)
      status = GL_INNOCENT_CONTEXT_RESET_EXT;   /* another context of the share group's */
   ctx->resets_seen = group;
   if (status != GL_NO_ERROR)
      ctx->lost = true;
   return status;
}

GLenum GL_APIENTRY glGetGraphicsResetStatusEXT(void)
{
   return reset_status();
}

GLenum GL_APIENTRY glGetGraphicsResetStatusKHR(void)
{
   return reset_status();
}

/* glReadPixels with a bound: INVALID_OPERATION when the rectangle, packed with
 * GL_PACK_ALIGNMENT, needs more than bufSize bytes (the last row unpadded). Other errors
 * are glReadPixels's, which also handles the format/type pairs it reads. */
static void readn_pixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                         GLenum type, GLsizei bufSize, void *data)
{
   GET_CONTEXT_OR_RETURN();
   unsigned bpp = gl_read_pixel_bytes(format, type);
   if (bpp && width > 0 && height > 0) {
      uint64_t align = (uint64_t)ctx->pack_alignment;
      uint64_t row = ((uint64_t)width * bpp + align - 1) / align * align;
      uint64_t need = row * (uint64_t)(height - 1) + (uint64_t)width * bpp;
      if (bufSize < 0 || need > (uint64_t)bufSize) {
         gl_error(ctx, GL_INVALID_OPERATION);
         return;
      }
   }
   glReadPixels(x, y, width, height, format, type, data);
}

void GL_APIENTRY glReadnPixelsEXT(GLint x, GLint y, GLsizei width, GLsizei height,
                                  GLenum format, GLenum type, GLsizei bufSize, void *data)
{
   readn_pixels(x, y, width, height, format, type, bufSize, data);
}

void GL_APIENTRY glReadnPixelsKHR(GLint x, GLint y, GLsizei width, GLsizei height,
                                  GLenum format, GLenum type, GLsizei bufSize, void *data)
{
   readn_pixels(x, y, width, height, format, type, bufSize, data);
}

/* The uniform's values if they fit in bufSize bytes of `size`-byte values, else
 * INVALID_OPERATION; returns how many to write (0: none). */
static unsigned getn_uniform(GLuint program, GLint location, GLsizei bufSize, size_t size,
                             float v[16], const char *func)
{
   GET_CONTEXT_OR_RETURN(0);
   unsigned n = gl_uniform_get(ctx, program, location, v, func);
   if (n && (bufSize < 0 || (uint64_t)n * size > (uint64_t)bufSize)) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return 0;
   }
   return n;
}

static void getn_uniformfv(GLuint program, GLint location, GLsizei bufSize, GLfloat *params,
                           const char *func)
{
   float v[16];
   unsigned n = getn_uniform(program, location, bufSize, sizeof(*params), v, func);
   for (unsigned i = 0; params && i < n; i++)
      params[i] = v[i];
}

static void getn_uniformiv(GLuint program, GLint location, GLsizei bufSize, GLint *params,
                           const char *func)
{
   float v[16];
   unsigned n = getn_uniform(program, location, bufSize, sizeof(*params), v, func);
   for (unsigned i = 0; params && i < n; i++)
      params[i] = (GLint)lroundf(v[i]);   /* ints and bools are exact in floats */
}

void GL_APIENTRY glGetnUniformfvEXT(GLuint program, GLint location, GLsizei bufSize,
                                    GLfloat *params)
{
   getn_uniformfv(program, location, bufSize, params, __func__);
}

void GL_APIENTRY glGetnUniformfvKHR(GLuint program, GLint location, GLsizei bufSize,
                                    GLfloat *params)
{
   getn_uniformfv(program, location, bufSize, params, __func__);
}

void GL_APIENTRY glGetnUniformivEXT(GLuint program, GLint location, GLsizei bufSize,
                                    GLint *params)
{
   getn_uniformiv(program, location, bufSize, params, __func__);
}

void GL_APIENTRY glGetnUniformivKHR(GLuint program, GLint location, GLsizei bufSize,
                                    GLint *params)
{
   getn_uniformiv(program, location, bufSize, params, __func__);
}
