/* GL_OES_mapbuffer and GL_EXT_map_buffer_range: a buffer object mapped into the application's
 * address space through a driver transfer of its storage.
 *
 * Synchronization is the driver's: a map for writing submits the recorded work that uses
 * the storage and waits until the GPU is done with it, so a mapping never sees a draw that
 * is still reading it; a map for reading only has nothing to wait for (the GPU never writes
 * buffer objects). UNSYNCHRONIZED skips the wait (the application promises not to touch
 * what pending draws read). INVALIDATE_BUFFER, and INVALIDATE_RANGE over the whole buffer,
 * give the buffer new storage (draws still queued keep reading the old one), which needs
 * no wait. The mapping is the storage itself, so FLUSH_EXPLICIT ranges need no copy:
 * glFlushMappedBufferRangeEXT only checks its arguments. Draws that read a mapped buffer
 * are INVALID_OPERATION (gl_draw_reads_mapped_buffer), as are glBufferSubData calls. */
#include "gl_context.h"

#include <limits.h>

#include "gl_range.h"

#define MAP_ACCESS_BITS                                                                     \
   (GL_MAP_READ_BIT_EXT | GL_MAP_WRITE_BIT_EXT | GL_MAP_INVALIDATE_RANGE_BIT_EXT |         \
    GL_MAP_INVALIDATE_BUFFER_BIT_EXT | GL_MAP_FLUSH_EXPLICIT_BIT_EXT |                     \
    GL_MAP_UNSYNCHRONIZED_BIT_EXT)

void gl_buffer_unmap(struct st_context *ctx, struct gl_buffer *buf)
{
   if (!buf->map_pointer)
      return;
   if (buf->map_xfer)
      ctx->pipe->transfer_unmap(ctx->pipe, buf->map_xfer);
   buf->map_xfer = NULL;
   buf->map_pointer = NULL;
   buf->map_access = 0;
   buf->map_offset = buf->map_length = 0;
}

/* Maps [offset, offset + length) of buf (arguments already checked). NULL with
 * GL_OUT_OF_MEMORY raised when the driver cannot. */
static void *map_checked(struct st_context *ctx, struct gl_buffer *buf, GLintptr offset,
                         GLsizeiptr length, GLbitfield access, const char *func)
{
   static uint8_t empty;   /* where a mapping of 0 bytes points */
   void *ptr = &empty;
   struct pipe_transfer *xfer = NULL;
   if (!gl_range_fits((uint64_t)offset, (uint64_t)length, INT_MAX)) {   /* a pipe_box is int */
      gl_error_at(ctx, GL_OUT_OF_MEMORY, func);
      return NULL;
   }
   if (length) {
      unsigned usage = 0;
      if (access & GL_MAP_READ_BIT_EXT)
         usage |= PIPE_MAP_READ;
      if (access & GL_MAP_WRITE_BIT_EXT)
         usage |= PIPE_MAP_WRITE;
      if (access & GL_MAP_UNSYNCHRONIZED_BIT_EXT)
         usage |= PIPE_MAP_UNSYNCHRONIZED;
      bool whole = offset == 0 && length == buf->size;
      if ((access & GL_MAP_INVALIDATE_BUFFER_BIT_EXT) ||
          ((access & GL_MAP_INVALIDATE_RANGE_BIT_EXT) && whole)) {
         /* Orphan: fresh storage nothing reads yet. Without memory for it, the old storage
          * is mapped the synchronized way (its contents are allowed to survive). */
         struct pipe_resource *res = gl_buffer_storage(ctx, (uint32_t)buf->size);
         if (res) {
            pipe_resource_reference(&buf->res, NULL);
            buf->res = res;
            usage |= PIPE_MAP_UNSYNCHRONIZED;
         }
      }
      if (access & (GL_MAP_INVALIDATE_RANGE_BIT_EXT | GL_MAP_INVALIDATE_BUFFER_BIT_EXT))
         usage |= PIPE_MAP_DISCARD_RANGE;
      struct pipe_box box = { .x = (int)offset, .width = (int)length, .height = 1, .depth = 1 };
      ptr = ctx->pipe->transfer_map(ctx->pipe, buf->res, 0, usage, &box, &xfer);
      if (!ptr) {
         gl_error_at(ctx, GL_OUT_OF_MEMORY, func);
         return NULL;
      }
   }
   buf->map_xfer = xfer;
   buf->map_pointer = ptr;
   buf->map_access = access;
   buf->map_offset = offset;
   buf->map_length = length;
   return ptr;
}

void *GL_APIENTRY glMapBufferOES(GLenum target, GLenum access)
{
   GET_CONTEXT_OR_RETURN(NULL);
   struct gl_buffer **slot = gl_buffer_binding(ctx, target, __func__);
   if (!slot)
      return NULL;
   if (access != GL_WRITE_ONLY_OES) {
      gl_error(ctx, GL_INVALID_ENUM);
      return NULL;
   }
   struct gl_buffer *buf = *slot;
   if (!buf || buf->map_pointer) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return NULL;
   }
   return map_checked(ctx, buf, 0, buf->size, GL_MAP_WRITE_BIT_EXT, __func__);
}

/* The errors of EXT_map_buffer_range, in Mesa's order (bufferobj.c). */
void *GL_APIENTRY glMapBufferRangeEXT(GLenum target, GLintptr offset, GLsizeiptr length,
                                       GLbitfield access)
{
   GET_CONTEXT_OR_RETURN(NULL);
   struct gl_buffer **slot = gl_buffer_binding(ctx, target, __func__);
   if (!slot)
      return NULL;
   struct gl_buffer *buf = *slot;
   GLenum err = GL_NO_ERROR;
   GLbitfield rw = access & (GL_MAP_READ_BIT_EXT | GL_MAP_WRITE_BIT_EXT);
   if (!buf)
      err = GL_INVALID_OPERATION;
   else if (offset < 0 || length < 0)
      err = GL_INVALID_VALUE;
   else if (length == 0)
      err = GL_INVALID_OPERATION;   /* ES 3.0 2.10.3, which Mesa applies to the extension */
   else if (access & ~(GLbitfield)MAP_ACCESS_BITS)
      err = GL_INVALID_VALUE;
   else if (!rw)
      err = GL_INVALID_OPERATION;
   else if ((access & GL_MAP_READ_BIT_EXT) &&
            (access & (GL_MAP_INVALIDATE_RANGE_BIT_EXT | GL_MAP_INVALIDATE_BUFFER_BIT_EXT |
                       GL_MAP_UNSYNCHRONIZED_BIT_EXT)))
      err = GL_INVALID_OPERATION;
   else if ((access & GL_MAP_FLUSH_EXPLICIT_BIT_EXT) && !(access & GL_MAP_WRITE_BIT_EXT))
      err = GL_INVALID_OPERATION;
   else if (!gl_range_fits((uint64_t)offset, (uint64_t)length, (uint64_t)buf->size))
      err = GL_INVALID_VALUE;
   else if (buf->map_pointer)
      err = GL_INVALID_OPERATION;
   if (err != GL_NO_ERROR) {
      gl_error(ctx, err);
      return NULL;
   }
   return map_checked(ctx, buf, offset, length, access, __func__);
}

void GL_APIENTRY glFlushMappedBufferRangeEXT(GLenum target, GLintptr offset, GLsizeiptr length)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_buffer **slot = gl_buffer_binding(ctx, target, __func__);
   if (!slot)
      return;
   const struct gl_buffer *buf = *slot;
   if (offset < 0 || length < 0)
      gl_error(ctx, GL_INVALID_VALUE);
   else if (!buf || !buf->map_pointer || !(buf->map_access & GL_MAP_FLUSH_EXPLICIT_BIT_EXT))
      gl_error(ctx, GL_INVALID_OPERATION);
   else if (!gl_range_fits((uint64_t)offset, (uint64_t)length, (uint64_t)buf->map_length))
      gl_error(ctx, GL_INVALID_VALUE);
   /* else: the mapping is the storage the GPU reads; nothing to copy */
}

GLboolean GL_APIENTRY glUnmapBufferOES(GLenum target)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   struct gl_buffer **slot = gl_buffer_binding(ctx, target, __func__);
   if (!slot)
      return GL_FALSE;
   if (!*slot || !(*slot)->map_pointer) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return GL_FALSE;
   }
   gl_buffer_unmap(ctx, *slot);
   return GL_TRUE;   /* storage is never lost while mapped */
}

void GL_APIENTRY glGetBufferPointervOES(GLenum target, GLenum pname, void **params)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_buffer **slot = gl_buffer_binding(ctx, target, __func__);
   if (!slot)
      return;
   if (pname != GL_BUFFER_MAP_POINTER_OES) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (!*slot) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (params)
      *params = (*slot)->map_pointer;
}

bool gl_draw_reads_mapped_buffer(const struct st_context *ctx, bool elements)
{
   const struct gl_vao *vao = ctx->vao;
   if (elements && vao->element_array_buffer && vao->element_array_buffer->map_pointer)
      return true;
   for (unsigned i = 0; i < ctx->max_attribs; i++) {
      const struct gl_attrib_array *a = &vao->attribs[i];
      if (a->enabled && a->buffer && a->buffer->map_pointer)
         return true;
   }
   return false;
}
