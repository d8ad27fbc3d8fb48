/* Renderbuffers: names and objects of the share group, their storage (a pipe resource in a
 * format the CB or DB renders) and queries. */
#include "gl_context.h"

#include <stdlib.h>

#include "gl_fbo.h"

struct gl_renderbuffer *gl_renderbuffer_ref(struct gl_renderbuffer *rb)
{
   if (rb)
      atomic_fetch_add_explicit(&rb->refcount, 1, memory_order_relaxed);
   return rb;
}

void gl_renderbuffer_unref(struct gl_renderbuffer *rb)
{
   if (!rb || atomic_fetch_sub_explicit(&rb->refcount, 1, memory_order_acq_rel) != 1)
      return;
   pipe_resource_reference(&rb->res, NULL);
   free(rb);
}

struct gl_renderbuffer *gl_renderbuffer_lookup(struct st_context *ctx, GLuint name)
{
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_renderbuffer *rb = name ? gl_names_lookup(&ctx->shared->renderbuffers, name) : NULL;
   pthread_mutex_unlock(&ctx->shared->lock);
   return rb;
}

/* The storage format of each ES 2.0 renderbuffer format. STENCIL_INDEX8 lives in the
 * stencil byte of a Z24S8 surface: the DB has no stencil-only format. RGB8_OES
 * (GL_OES_rgb8_rgba8) has no CB format either (the CB's 8-bit colour formats have 1, 2 or
 * 4 components: no COLOR_8_8_8), so it is stored as RGBA8 whose alpha is never seen: it
 * has 0 alpha bits, reads and blits take alpha as 1, and blending takes the destination
 * alpha as 1 (gl_validate.c). */
static enum pipe_format storage_format(GLenum internal_format)
{
   switch (internal_format) {
   case GL_RGBA4: return PIPE_FORMAT_B4G4R4A4_UNORM;
   case GL_RGB5_A1: return PIPE_FORMAT_B5G5R5A1_UNORM;
   case GL_RGB565: return PIPE_FORMAT_B5G6R5_UNORM;
   case GL_R8_EXT: return PIPE_FORMAT_R8_UNORM;                          /* GL_EXT_texture_rg */
   case GL_RG8_EXT: return PIPE_FORMAT_R8G8_UNORM;
   case GL_RGBA8_OES: case GL_RGB8_OES: return PIPE_FORMAT_R8G8B8A8_UNORM;   /* OES_rgb8_rgba8 */
   case GL_DEPTH_COMPONENT16: return PIPE_FORMAT_Z16_UNORM;
   case GL_STENCIL_INDEX8: return PIPE_FORMAT_Z24_UNORM_S8_UINT;
   case GL_DEPTH_COMPONENT24_OES: return PIPE_FORMAT_Z24X8_UNORM;        /* GL_OES_depth24 */
   case GL_DEPTH24_STENCIL8_OES: return PIPE_FORMAT_Z24_UNORM_S8_UINT;   /* packed */
   default: return PIPE_FORMAT_NONE;
   }
}

int gl_renderbuffer_bits(GLenum f, GLenum pname)
{
   static const struct { GLenum format; int bits[6]; } table[] = {
      /* red green blue alpha depth stencil */
      { GL_RGBA4, { 4, 4, 4, 4, 0, 0 } },
      { GL_RGB5_A1, { 5, 5, 5, 1, 0, 0 } },
      { GL_RGB565, { 5, 6, 5, 0, 0, 0 } },
      { GL_R8_EXT, { 8, 0, 0, 0, 0, 0 } },
      { GL_RG8_EXT, { 8, 8, 0, 0, 0, 0 } },
      { GL_RGBA8_OES, { 8, 8, 8, 8, 0, 0 } },
      { GL_RGB8_OES, { 8, 8, 8, 0, 0, 0 } },
      { GL_DEPTH_COMPONENT16, { 0, 0, 0, 0, 16, 0 } },
      { GL_STENCIL_INDEX8, { 0, 0, 0, 0, 0, 8 } },
      { GL_DEPTH_COMPONENT24_OES, { 0, 0, 0, 0, 24, 0 } },
      { GL_DEPTH24_STENCIL8_OES, { 0, 0, 0, 0, 24, 8 } },
   };
   int c;
   switch (pname) {
   case GL_RENDERBUFFER_RED_SIZE: case GL_RED_BITS: c = 0; break;
   case GL_RENDERBUFFER_GREEN_SIZE: case GL_GREEN_BITS: c = 1; break;
   case GL_RENDERBUFFER_BLUE_SIZE: case GL_BLUE_BITS: c = 2; break;
   case GL_RENDERBUFFER_ALPHA_SIZE: case GL_ALPHA_BITS: c = 3; break;
   case GL_RENDERBUFFER_DEPTH_SIZE: case GL_DEPTH_BITS: c = 4; break;
   case GL_RENDERBUFFER_STENCIL_SIZE: case GL_STENCIL_BITS: c = 5; break;
   default: return 0;
   }
   for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++)
      if (table[i].format == f)
         return table[i].bits[c];
   return 0;
}

void GL_APIENTRY glGenRenderbuffers(GLsizei n, GLuint *renderbuffers)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!renderbuffers)
      return;   /* as glGenBuffers: nowhere to write the names */
   pthread_mutex_lock(&ctx->shared->lock);
   for (GLsizei i = 0; i < n; i++) {
      renderbuffers[i] = gl_names_generate(&ctx->shared->renderbuffers);
      if (!renderbuffers[i]) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
         break;
      }
   }
   pthread_mutex_unlock(&ctx->shared->lock);
}

GLboolean GL_APIENTRY glIsRenderbuffer(GLuint renderbuffer)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   return gl_renderbuffer_lookup(ctx, renderbuffer) ? GL_TRUE : GL_FALSE;
}

void GL_APIENTRY glBindRenderbuffer(GLenum target, GLuint renderbuffer)
{
   GET_CONTEXT_OR_RETURN();
   if (target != GL_RENDERBUFFER) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct gl_renderbuffer *rb = NULL;
   if (renderbuffer) {
      /* Binding a name creates its object (ES 2.0 4.4.3; names need not come from glGen). */
      pthread_mutex_lock(&ctx->shared->lock);
      rb = gl_names_lookup(&ctx->shared->renderbuffers, renderbuffer);
      if (!rb && (rb = calloc(1, sizeof(*rb)))) {
         rb->name = renderbuffer;
         rb->refcount = 1;
         rb->internal_format = GL_RGBA4;
         if (!gl_names_set(&ctx->shared->renderbuffers, renderbuffer, rb)) {
            free(rb);
            rb = NULL;
         }
      }
      gl_renderbuffer_ref(rb);
      pthread_mutex_unlock(&ctx->shared->lock);
      if (!rb) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
   }
   gl_renderbuffer_unref(ctx->renderbuffer);
   ctx->renderbuffer = rb;
}

void GL_APIENTRY glDeleteRenderbuffers(GLsizei n, const GLuint *renderbuffers)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!renderbuffers)
      return;
   for (GLsizei i = 0; i < n; i++) {
      GLuint name = renderbuffers[i];
      if (!name)
         continue;
      pthread_mutex_lock(&ctx->shared->lock);
      struct gl_renderbuffer *rb = gl_names_lookup(&ctx->shared->renderbuffers, name);
      bool exists = gl_names_exists(&ctx->shared->renderbuffers, name);
      if (exists)
         gl_names_remove(&ctx->shared->renderbuffers, name);
      pthread_mutex_unlock(&ctx->shared->lock);
      if (!rb)
         continue;
      /* ES 2.0 4.4.3: unbound from the current context and detached from its FBO. */
      if (ctx->renderbuffer == rb) {
         gl_renderbuffer_unref(rb);
         ctx->renderbuffer = NULL;
      }
      gl_framebuffer_detach(ctx, rb);
      gl_renderbuffer_unref(rb);
   }
}

/* The sample count storage gets for a request (ES 3.0 4.4.2.1: at least the request; 0
 * single-sampled): 2, 4 or 8 (PA_SC_AA_CONFIG). */
static GLsizei supported_samples(GLsizei samples)
{
   return samples == 0 ? 0 : samples <= 2 ? 2 : samples <= 4 ? 4 : 8;
}

/* glRenderbufferStorage (samples 0) and glRenderbufferStorageMultisampleANGLE. */
static void renderbuffer_storage(struct st_context *ctx, const char *func, GLenum target,
                                 GLsizei samples, GLenum internalformat, GLsizei width,
                                 GLsizei height)
{
   enum pipe_format format = storage_format(internalformat);
   if (target != GL_RENDERBUFFER || format == PIPE_FORMAT_NONE) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return;
   }
   struct pipe_screen *screen = ctx->pipe->screen;
   int max = screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_2D_SIZE);
   if (width < 0 || height < 0 || width > max || height > max || samples < 0 ||
       samples > GL_FB_MAX_SAMPLES) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return;
   }
   struct gl_renderbuffer *rb = ctx->renderbuffer;
   if (!rb) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return;
   }
   samples = supported_samples(samples);
   struct pipe_resource *res = NULL;
   if (width && height) {
      bool depth = gl_renderbuffer_bits(internalformat, GL_DEPTH_BITS) ||
                   gl_renderbuffer_bits(internalformat, GL_STENCIL_BITS);
      struct pipe_resource templ = {
         .target = PIPE_TEXTURE_2D,
         .format = format,
         .width0 = (unsigned)width,
         .height0 = (unsigned)height,
         .depth0 = 1,
         .nr_samples = (uint32_t)samples,
         .bind = depth ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET,
      };
      res = screen->resource_create(screen, &templ);
      if (!res) {
         gl_error_at(ctx, GL_OUT_OF_MEMORY, func);
         return;
      }
   }
   pipe_resource_reference(&rb->res, NULL);
   rb->res = res;
   rb->internal_format = internalformat;
   rb->width = width;
   rb->height = height;
   rb->samples = samples;
   gl_framebuffer_changed(ctx);
}

void GL_APIENTRY glRenderbufferStorage(GLenum target, GLenum internalformat, GLsizei width,
                                       GLsizei height)
{
   GET_CONTEXT_OR_RETURN();
   renderbuffer_storage(ctx, __func__, target, 0, internalformat, width, height);
}

/* GL_ANGLE_framebuffer_multisample: a multi-sampled renderbuffer, drawn through the CB/DB's
 * MSAA surfaces and resolved by glBlitFramebufferANGLE (the CB's RESOLVE_BOX). */
void GL_APIENTRY glRenderbufferStorageMultisampleANGLE(GLenum target, GLsizei samples,
                                                       GLenum internalformat, GLsizei width,
                                                       GLsizei height)
{
   GET_CONTEXT_OR_RETURN();
   renderbuffer_storage(ctx, __func__, target, samples, internalformat, width, height);
}

void GL_APIENTRY glGetRenderbufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   if (target != GL_RENDERBUFFER) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   const struct gl_renderbuffer *rb = ctx->renderbuffer;
   if (!rb) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   GLint value;
   switch (pname) {
   case GL_RENDERBUFFER_WIDTH: value = rb->width; break;
   case GL_RENDERBUFFER_HEIGHT: value = rb->height; break;
   case GL_RENDERBUFFER_INTERNAL_FORMAT: value = (GLint)rb->internal_format; break;
   case GL_RENDERBUFFER_SAMPLES_ANGLE: value = rb->samples; break;
   case GL_RENDERBUFFER_RED_SIZE: case GL_RENDERBUFFER_GREEN_SIZE:
   case GL_RENDERBUFFER_BLUE_SIZE: case GL_RENDERBUFFER_ALPHA_SIZE:
   case GL_RENDERBUFFER_DEPTH_SIZE: case GL_RENDERBUFFER_STENCIL_SIZE:
      /* A renderbuffer without storage has no bits yet. */
      value = rb->width && rb->height ? gl_renderbuffer_bits(rb->internal_format, pname) : 0;
      break;
   default:
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (params)   /* NULL: the checks only */
      *params = value;
}

/* GL_EXT_multisampled_render_to_texture's name for the same storage. */
void GL_APIENTRY glRenderbufferStorageMultisampleEXT(GLenum target, GLsizei samples,
                                                     GLenum internalformat, GLsizei width,
                                                     GLsizei height)
{
   GET_CONTEXT_OR_RETURN();
   renderbuffer_storage(ctx, __func__, target, samples, internalformat, width, height);
}
