/* Buffer objects: names, ARRAY/ELEMENT_ARRAY bindings, storage in a pipe buffer (the only
 * copy: data is written and read through the driver's transfers). */
#include "gl_context.h"

#include <limits.h>
#include <stdlib.h>

#include "gl_range.h"

struct gl_buffer *gl_buffer_ref(struct gl_buffer *buf)
{
   if (buf)
      atomic_fetch_add_explicit(&buf->refcount, 1, memory_order_relaxed);
   return buf;
}

void gl_buffer_unref(struct st_context *ctx, struct gl_buffer *buf)
{
   if (!buf || atomic_fetch_sub_explicit(&buf->refcount, 1, memory_order_acq_rel) != 1)
      return;
   gl_buffer_unmap(ctx, buf);
   pipe_resource_reference(&buf->res, NULL);
   free(buf);
}

const uint8_t *gl_buffer_map_read(struct st_context *ctx, struct gl_buffer *buf,
                                  uint64_t offset, uint64_t size, struct pipe_transfer **xfer)
{
   *xfer = NULL;
   if (!buf->res || !gl_range_fits(offset, size, INT_MAX))   /* a pipe_box is int */
      return NULL;
   struct pipe_box box = { .x = (int)offset, .width = (int)size, .height = 1, .depth = 1 };
   return ctx->pipe->transfer_map(ctx->pipe, buf->res, 0, PIPE_MAP_READ, &box, xfer);
}

struct pipe_resource *gl_buffer_storage(struct st_context *ctx, uint32_t size)
{
   struct pipe_screen *screen = ctx->pipe->screen;
   struct pipe_resource templ = {
      .target = PIPE_BUFFER,
      .width0 = size,
      .height0 = 1,
      .depth0 = 1,
      .bind = PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER,
   };
   return screen->resource_create(screen, &templ);
}

static void set_binding(struct st_context *ctx, struct gl_buffer **slot, struct gl_buffer *buf)
{
   if (*slot == buf)
      return;
   gl_buffer_ref(buf);
   gl_buffer_unref(ctx, *slot);
   *slot = buf;
}

struct gl_buffer **gl_buffer_binding(struct st_context *ctx, GLenum target, const char *func)
{
   switch (target) {
   case GL_ARRAY_BUFFER: return &ctx->array_buffer;
   case GL_ELEMENT_ARRAY_BUFFER: return &ctx->vao->element_array_buffer;
   default:
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return NULL;
   }
}

void GL_APIENTRY glGenBuffers(GLsizei n, GLuint *buffers)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!buffers)
      return;   /* as Mesa (bufferobj.c): nowhere to write the names, a no-op */
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   for (GLsizei i = 0; i < n; i++) {
      buffers[i] = gl_names_generate(&sh->buffers);
      if (!buffers[i]) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
         break;
      }
   }
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glBindBuffer(GLenum target, GLuint name)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_buffer **slot = gl_buffer_binding(ctx, target, __func__);
   if (!slot)
      return;
   struct gl_buffer *buf = NULL;
   if (name) {
      /* ES 2.0 creates the object on first bind, whether or not glGenBuffers made the name. */
      struct gl_shared *sh = ctx->shared;
      pthread_mutex_lock(&sh->lock);
      buf = gl_names_lookup(&sh->buffers, name);
      if (!buf) {
         buf = calloc(1, sizeof(*buf));
         if (buf) {
            buf->name = name;
            buf->refcount = 1;            /* the name table's reference */
            buf->usage = GL_STATIC_DRAW;
            if (!gl_names_set(&sh->buffers, name, buf)) {
               free(buf);
               buf = NULL;
            }
         }
      }
      pthread_mutex_unlock(&sh->lock);
      if (!buf) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
   }
   set_binding(ctx, slot, buf);
}

void GL_APIENTRY glDeleteBuffers(GLsizei n, const GLuint *buffers)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!buffers)
      return;   /* as Mesa's glDeleteTextures: no names, nothing to delete */
   struct gl_shared *sh = ctx->shared;
   for (GLsizei i = 0; i < n; i++) {
      if (!buffers[i])
         continue;
      pthread_mutex_lock(&sh->lock);
      struct gl_buffer *buf = gl_names_lookup(&sh->buffers, buffers[i]);
      gl_names_remove(&sh->buffers, buffers[i]);
      pthread_mutex_unlock(&sh->lock);
      if (!buf)
         continue;
      gl_buffer_unmap(ctx, buf);   /* deleting a mapped buffer unmaps it */
      /* Bindings of the current context (its bound vertex array object's) revert to 0
       * (ES 2.0 2.9, OES_vertex_array_object). */
      struct gl_vao *vao = ctx->vao;
      if (ctx->array_buffer == buf)
         set_binding(ctx, &ctx->array_buffer, NULL);
      if (vao->element_array_buffer == buf)
         set_binding(ctx, &vao->element_array_buffer, NULL);
      for (unsigned a = 0; a < GL_MAX_ATTRIBS; a++)
         if (vao->attribs[a].buffer == buf)
            set_binding(ctx, &vao->attribs[a].buffer, NULL);
      gl_buffer_unref(ctx, buf);
   }
}

GLboolean GL_APIENTRY glIsBuffer(GLuint name)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   pthread_mutex_lock(&ctx->shared->lock);
   bool is = name && gl_names_lookup(&ctx->shared->buffers, name);
   pthread_mutex_unlock(&ctx->shared->lock);
   return is ? GL_TRUE : GL_FALSE;
}

void GL_APIENTRY glBufferData(GLenum target, GLsizeiptr size, const void *data, GLenum usage)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_buffer **slot = gl_buffer_binding(ctx, target, __func__);
   if (!slot)
      return;
   if (usage != GL_STREAM_DRAW && usage != GL_STATIC_DRAW && usage != GL_DYNAMIC_DRAW) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (size < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_buffer *buf = *slot;
   if (!buf) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if ((uint64_t)size > UINT32_MAX) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   struct pipe_resource *res = NULL;
   if (size) {
      res = gl_buffer_storage(ctx, (uint32_t)size);
      if (!res) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
   }
   gl_buffer_unmap(ctx, buf);   /* new storage ends a mapping (as Mesa) */
   /* A new resource: draws still queued keep reading the old one. Without data the
    * contents are undefined (ES 2.0 2.9): nothing is written. */
   if (res && data)
      ctx->pipe->buffer_subdata(ctx->pipe, res, PIPE_MAP_WRITE | PIPE_MAP_DISCARD_RANGE, 0,
                                (unsigned)size, data);
   pipe_resource_reference(&buf->res, NULL);
   buf->res = res;
   buf->size = size;
   buf->usage = usage;
}

void GL_APIENTRY glBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, const void *data)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_buffer **slot = gl_buffer_binding(ctx, target, __func__);
   if (!slot)
      return;
   if (offset < 0 || size < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_buffer *buf = *slot;
   if (!buf) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (!gl_range_fits((uint64_t)offset, (uint64_t)size, (uint64_t)buf->size)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (buf->map_pointer) {
      gl_error(ctx, GL_INVALID_OPERATION);   /* as Mesa: not while mapped */
      return;
   }
   if (!size || !data)
      return;
   ctx->pipe->buffer_subdata(ctx->pipe, buf->res, PIPE_MAP_WRITE, (unsigned)offset,
                             (unsigned)size, data);
}

void GL_APIENTRY glGetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_buffer **slot = gl_buffer_binding(ctx, target, __func__);
   if (!slot)
      return;
   if (pname != GL_BUFFER_SIZE && pname != GL_BUFFER_USAGE && pname != GL_BUFFER_ACCESS_OES &&
       pname != GL_BUFFER_MAPPED_OES) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   const struct gl_buffer *buf = *slot;
   if (!buf) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (!params)
      return;   /* NULL: the checks only */
   switch (pname) {
   case GL_BUFFER_SIZE: *params = (GLint)buf->size; break;
   case GL_BUFFER_USAGE: *params = (GLint)buf->usage; break;
   case GL_BUFFER_ACCESS_OES: *params = GL_WRITE_ONLY_OES; break;   /* the only access in ES */
   default: *params = buf->map_pointer ? GL_TRUE : GL_FALSE; break;  /* BUFFER_MAPPED_OES */
   }
}
