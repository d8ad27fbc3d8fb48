/* glDrawArrays / glDrawElements: per draw, vertex element i feeds VS IR input i from the
 * array bound to the attribute location the linker gave that input (or the current value as
 * a stride-0 buffer when the array is disabled); indices are scanned for their range (read
 * through a driver mapping when they live in a buffer object) and passed to the driver as
 * the application gave them: the driver copies or widens what its hardware cannot fetch. */
#include "gl_context.h"
#include "gl_fbo.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_objects.h"
#include "gl_pipe.h"
#include "gl_range.h"
#include "gl_texture.h"

static unsigned type_size(GLenum type)
{
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: return 1;
   case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_HALF_FLOAT_OES: return 2;
   default: return 4;    /* FLOAT, FIXED */
   }
}

static enum pipe_format attrib_format(GLenum type, GLint size, bool normalized)
{
   static const enum pipe_format f32[4] = {
      PIPE_FORMAT_R32_FLOAT, PIPE_FORMAT_R32G32_FLOAT, PIPE_FORMAT_R32G32B32_FLOAT,
      PIPE_FORMAT_R32G32B32A32_FLOAT };
   static const enum pipe_format f16[4] = {   /* the fetch unit's 16_FLOAT formats */
      PIPE_FORMAT_R16_FLOAT, PIPE_FORMAT_R16G16_FLOAT, PIPE_FORMAT_R16G16B16_FLOAT,
      PIPE_FORMAT_R16G16B16A16_FLOAT };
   static const enum pipe_format u8[2][4] = {
      { PIPE_FORMAT_R8_USCALED, PIPE_FORMAT_R8G8_USCALED, PIPE_FORMAT_R8G8B8_USCALED, PIPE_FORMAT_R8G8B8A8_USCALED },
      { PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_R8G8_UNORM, PIPE_FORMAT_R8G8B8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM } };
   static const enum pipe_format s8[2][4] = {
      { PIPE_FORMAT_R8_SSCALED, PIPE_FORMAT_R8G8_SSCALED, PIPE_FORMAT_R8G8B8_SSCALED, PIPE_FORMAT_R8G8B8A8_SSCALED },
      { PIPE_FORMAT_R8_SNORM, PIPE_FORMAT_R8G8_SNORM, PIPE_FORMAT_R8G8B8_SNORM, PIPE_FORMAT_R8G8B8A8_SNORM } };
   static const enum pipe_format u16[2][4] = {
      { PIPE_FORMAT_R16_USCALED, PIPE_FORMAT_R16G16_USCALED, PIPE_FORMAT_R16G16B16_USCALED, PIPE_FORMAT_R16G16B16A16_USCALED },
      { PIPE_FORMAT_R16_UNORM, PIPE_FORMAT_R16G16_UNORM, PIPE_FORMAT_R16G16B16_UNORM, PIPE_FORMAT_R16G16B16A16_UNORM } };
   static const enum pipe_format s16[2][4] = {
      { PIPE_FORMAT_R16_SSCALED, PIPE_FORMAT_R16G16_SSCALED, PIPE_FORMAT_R16G16B16_SSCALED, PIPE_FORMAT_R16G16B16A16_SSCALED },
      { PIPE_FORMAT_R16_SNORM, PIPE_FORMAT_R16G16_SNORM, PIPE_FORMAT_R16G16B16_SNORM, PIPE_FORMAT_R16G16B16A16_SNORM } };
   unsigned i = (unsigned)size - 1;
   switch (type) {
   case GL_UNSIGNED_BYTE: return u8[normalized][i];
   case GL_BYTE: return s8[normalized][i];
   case GL_UNSIGNED_SHORT: return u16[normalized][i];
   case GL_SHORT: return s16[normalized][i];
   case GL_HALF_FLOAT_OES: return f16[i];   /* floats ignore normalized */
   default: return f32[i];   /* FLOAT, and FIXED after conversion */
   }
}

/* Temporary copies a draw needs until draw_vbo returns. */
struct draw_temps { void *fixed[PIPE_MAX_ATTRIBS]; };

/* GL_FIXED (16.16) has no vertex format: convert vertices [min, max] to floats. The
 * returned array is indexed from 0 so the draw's indices stay valid. */
static float *convert_fixed(const uint8_t *src, unsigned stride, GLint size, unsigned min,
                            unsigned max)
{
   float *dst = malloc(((size_t)max + 1) * (size_t)size * sizeof(float));
   if (!dst)
      return NULL;
   for (size_t v = min; v <= max; v++) {
      for (GLint c = 0; c < size; c++) {
         int32_t x;
         memcpy(&x, src + v * stride + (size_t)c * 4, 4);
         dst[v * (size_t)size + (size_t)c] = (float)x / 65536.0f;
      }
   }
   return dst;
}

/* Vertex elements + buffers for the current program: per-vertex arrays are read at
 * vertices min..max, arrays with a divisor (GL_EXT_instanced_arrays: the fetch shader's
 * instance data) at elements 0 .. (instances - 1) / divisor. False when the draw must be
 * dropped (an array reads outside its buffer, or out of memory). */
static bool setup_vertices(struct st_context *ctx, const struct gl_exe *vs_exe, unsigned vmin,
                           unsigned vmax, unsigned instances, struct draw_temps *temps)
{
   const struct glsl_program *g = vs_exe->glsl;
   struct gl_ve_key key;
   struct pipe_vertex_buffer vbs[PIPE_MAX_ATTRIBS];
   memset(&key, 0, sizeof(key));
   memset(vbs, 0, sizeof(vbs));
   key.count = g->num_vs_inputs < PIPE_MAX_ATTRIBS ? g->num_vs_inputs : PIPE_MAX_ATTRIBS;
   for (unsigned i = 0; i < key.count; i++) {
      unsigned loc = g->attrib_location_of_input[i];
      struct pipe_vertex_element *ve = &key.elements[i];
      struct pipe_vertex_buffer *vb = &vbs[i];
      ve->vertex_buffer_index = i;
      const struct gl_attrib_array *a = loc < ctx->max_attribs ? &ctx->vao->attribs[loc] : NULL;
      if (!a || !a->enabled) {
         ve->src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
         vb->user_buffer = ctx->current_attrib[loc < GL_MAX_ATTRIBS ? loc : 0];
         continue;
      }
      unsigned elem = (unsigned)a->size * type_size(a->type);
      unsigned stride = a->stride ? (unsigned)a->stride : elem;
      ve->src_format = attrib_format(a->type, a->size, a->normalized);
      ve->instance_divisor = a->divisor;
      vb->stride = stride;
      unsigned min = a->divisor ? 0 : vmin;
      unsigned max = a->divisor ? (instances - 1) / a->divisor : vmax;
      /* Bytes the draw reads from the array's start: elements 0..max. */
      uint64_t span;
      if (!gl_range_span((uint64_t)max + 1, stride, elem, &span))
         return false;
      if (a->buffer) {
         uint64_t offset = (uintptr_t)a->pointer;
         if (!a->buffer->res || !gl_range_fits(offset, span, (uint64_t)a->buffer->size))
            return false;
         vb->buffer = a->buffer->res;
         vb->buffer_offset = (unsigned)offset;
      } else {
         if (!a->pointer)
            return false;
         vb->user_buffer = a->pointer;
      }
      if (a->type == GL_FIXED) {
         struct pipe_transfer *xfer = NULL;
         const uint8_t *data = a->buffer ? gl_buffer_map_read(ctx, a->buffer, vb->buffer_offset,
                                                              span, &xfer)
                                         : a->pointer;
         temps->fixed[i] = data ? convert_fixed(data, stride, a->size, min, max) : NULL;
         if (xfer)
            ctx->pipe->transfer_unmap(ctx->pipe, xfer);
         if (!temps->fixed[i])
            return false;
         *vb = (struct pipe_vertex_buffer){ .stride = (unsigned)a->size * 4,
                                            .user_buffer = temps->fixed[i] };
      }
   }
   gl_bind_vertex_elements(ctx, &key);
   if (!ctx->bound_ve)
      return false;
   ctx->pipe->set_vertex_buffers(ctx->pipe, 0, key.count, vbs);
   return true;
}

/* Common checks; false when nothing is drawn (an error may have been raised). */
static bool begin_draw(struct st_context *ctx, GLenum mode, bool negative, bool elements,
                       const char *func)
{
   if (mode > GL_TRIANGLE_FAN) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return false;
   }
   if (negative) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return false;
   }
   if (!gl_have_draw_buffer(ctx)) {
      gl_error_at(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, func);
      return false;
   }
   if (gl_dual_source_conflict(ctx)) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return false;
   }
   /* ES 2.0 2.10.4: samplers of two types on one unit make every draw INVALID_OPERATION;
    * GL_EXT_separate_shader_objects adds its pipeline rules. */
   struct gl_exe *exes[PIPE_SHADER_TYPES] = { NULL, NULL };
   gl_stage_exes(ctx, exes);
   char why[128];
   for (int s = 0; s < PIPE_SHADER_TYPES; s++) {
      if (exes[s] && gl_exe_sampler_conflict(exes[s], gl_max_texture_units(ctx), why,
                                             sizeof(why))) {
         gl_error_at(ctx, GL_INVALID_OPERATION, func);
         return false;
      }
   }
   if (gl_pipeline_draw_invalid(ctx, why, sizeof(why))) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return false;
   }
   if (gl_draw_reads_mapped_buffer(ctx, elements)) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);   /* as Mesa: no draws from mapped buffers */
      return false;
   }
   return true;
}

/* Vertices of whole primitives only (a trailing partial primitive is not drawn). */
static unsigned trim_count(GLenum mode, unsigned count)
{
   switch (mode) {
   case GL_POINTS: return count;
   case GL_LINES: return count & ~1u;
   case GL_LINE_LOOP: case GL_LINE_STRIP: return count >= 2 ? count : 0;
   case GL_TRIANGLES: return count - count % 3;
   default: return count >= 3 ? count : 0;   /* strips, fans */
   }
}

static void draw(struct st_context *ctx, struct pipe_draw_info *info)
{
   struct draw_temps temps = {0};
   if (!gl_validate_state(ctx) || !gl_validate_program(ctx))
      return;
   /* Vertices fetched: the indices plus the base vertex (the VGT adds VGT_INDX_OFFSET with a
    * 32-bit wrap and clamps to the range the driver programs; a negative sum is undefined in
    * GL and clamps to 0 here). */
   int64_t lo = (int64_t)info->min_index + info->index_bias;
   int64_t hi = (int64_t)info->max_index + info->index_bias;
   unsigned vmin = lo < 0 ? 0 : lo > UINT32_MAX ? UINT32_MAX : (unsigned)lo;
   unsigned vmax = hi < 0 ? 0 : hi > UINT32_MAX ? UINT32_MAX : (unsigned)hi;
   struct gl_exe *exes[PIPE_SHADER_TYPES];
   gl_stage_exes(ctx, exes);
   /* Two programs (a pipeline): the fragment program's samplers bind after the vertex one's. */
   struct gl_draw_textures *textures = gl_textures_bind(ctx, exes[0]);
   struct gl_draw_textures *fs_textures = exes[1] != exes[0] ? gl_textures_bind(ctx, exes[1])
                                                             : NULL;
   if (setup_vertices(ctx, exes[0], vmin, vmax, info->instance_count, &temps))
      ctx->pipe->draw_vbo(ctx->pipe, info);
   gl_textures_release(ctx, fs_textures);
   gl_textures_release(ctx, textures);
   for (unsigned i = 0; i < PIPE_MAX_ATTRIBS; i++)
      free(temps.fixed[i]);
}

static void draw_arrays(struct st_context *ctx, GLenum mode, GLint first, GLsizei count,
                        GLsizei instances, const char *func)
{
   if (!begin_draw(ctx, mode, first < 0 || count < 0 || instances < 0, false, func))
      return;
   unsigned n = trim_count(mode, (unsigned)count);
   struct gl_exe *exes[PIPE_SHADER_TYPES];
   if (!n || !instances || !gl_stage_exes(ctx, exes))
      return;
   struct pipe_draw_info info = {
      .mode = (enum pipe_prim_type)mode,   /* GL_POINTS..GL_TRIANGLE_FAN = 0..6, same order */
      .start = (unsigned)first,
      .count = n,
      .min_index = (unsigned)first,
      .max_index = (unsigned)first + n - 1,
      .instance_count = (unsigned)instances,
   };
   draw(ctx, &info);
}

void GL_APIENTRY glDrawArrays(GLenum mode, GLint first, GLsizei count)
{
   GET_CONTEXT_OR_RETURN();
   draw_arrays(ctx, mode, first, count, 1, __func__);
}

/* GL_EXT_instanced_arrays / GL_EXT_draw_instanced: NUM_INSTANCES instances of the draw. */
void GL_APIENTRY glDrawArraysInstancedEXT(GLenum mode, GLint first, GLsizei count,
                                          GLsizei primcount)
{
   GET_CONTEXT_OR_RETURN();
   draw_arrays(ctx, mode, first, count, primcount, __func__);
}

static void index_range(const uint8_t *indices, unsigned size, unsigned count, unsigned *min,
                        unsigned *max)
{
   unsigned lo = UINT32_MAX, hi = 0;
   for (unsigned i = 0; i < count; i++) {
      /* memcpy: indices at an odd offset in a buffer are not aligned for their type. */
      uint32_t v = 0;
      if (size == 1) {
         v = indices[i];
      } else if (size == 2) {
         uint16_t v16;
         memcpy(&v16, indices + 2 * (size_t)i, 2);
         v = v16;
      } else {
         memcpy(&v, indices + 4 * (size_t)i, 4);
      }
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
   }
   *min = lo;
   *max = hi;
}

/* glDrawElements and its base-vertex and instanced forms: basevertex goes to the hardware as
 * VGT_INDX_OFFSET (pipe_draw_info.index_bias), the instances as NUM_INSTANCES. */
static void draw_elements(struct st_context *ctx, GLenum mode, GLsizei count, GLenum type,
                          const void *indices, GLint basevertex, GLsizei instances,
                          const char *func)
{
   if (mode <= GL_TRIANGLE_FAN && count >= 0 && type != GL_UNSIGNED_BYTE &&
       type != GL_UNSIGNED_SHORT && type != GL_UNSIGNED_INT) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return;
   }
   if (!begin_draw(ctx, mode, count < 0 || instances < 0, true, func))
      return;
   unsigned n = trim_count(mode, (unsigned)count);
   struct gl_exe *exes[PIPE_SHADER_TYPES];
   if (!n || !instances || !gl_stage_exes(ctx, exes))
      return;
   unsigned size = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
   struct pipe_draw_info info = {
      .mode = (enum pipe_prim_type)mode,
      .index_size = size,
      .count = n,
      .index_bias = basevertex,
      .instance_count = (unsigned)instances,
   };
   struct gl_buffer *buf = ctx->vao->element_array_buffer;
   if (buf) {
      uint64_t offset = (uintptr_t)indices, bytes;
      if (!buf->res || !gl_range_span(n, size, size, &bytes) ||
          !gl_range_fits(offset, bytes, (uint64_t)buf->size))
         return;                  /* reads outside the buffer: dropped (gl_range.h) */
      struct pipe_transfer *xfer;
      const uint8_t *map = gl_buffer_map_read(ctx, buf, offset, bytes, &xfer);
      if (!map)
         return;
      index_range(map, size, n, &info.min_index, &info.max_index);
      ctx->pipe->transfer_unmap(ctx->pipe, xfer);
      info.index_buffer = buf->res;
      info.index_offset = (unsigned)offset;
   } else {
      if (!indices)
         return;
      index_range(indices, size, n, &info.min_index, &info.max_index);
      info.user_indices = indices;
   }
   draw(ctx, &info);
}

void GL_APIENTRY glDrawElements(GLenum mode, GLsizei count, GLenum type, const void *indices)
{
   GET_CONTEXT_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, 0, 1, __func__);
}

/* GL_OES_draw_elements_base_vertex */
void GL_APIENTRY glDrawElementsBaseVertexOES(GLenum mode, GLsizei count, GLenum type,
                                             const void *indices, GLint basevertex)
{
   GET_CONTEXT_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, basevertex, 1, __func__);
}

void GL_APIENTRY glDrawElementsInstancedEXT(GLenum mode, GLsizei count, GLenum type,
                                            const void *indices, GLsizei primcount)
{
   GET_CONTEXT_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, 0, primcount, __func__);
}

/* With GL_EXT_instanced_arrays (OES_draw_elements_base_vertex's instanced form). */
void GL_APIENTRY glDrawElementsInstancedBaseVertexOES(GLenum mode, GLsizei count, GLenum type,
                                                      const void *indices, GLsizei instancecount,
                                                      GLint basevertex)
{
   GET_CONTEXT_OR_RETURN();
   draw_elements(ctx, mode, count, type, indices, basevertex, instancecount, __func__);
}

/* GL_EXT_multi_draw_arrays: one draw per list entry, none when an argument is bad (as
 * Mesa: a negative drawcount or count is INVALID_VALUE, checked before drawing). */
static bool multi_args_valid(struct st_context *ctx, GLenum mode, const GLsizei *count,
                             GLsizei drawcount, const char *func)
{
   if (mode > GL_TRIANGLE_FAN) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return false;
   }
   bool negative = drawcount < 0;
   for (GLsizei i = 0; !negative && count && i < drawcount; i++)
      negative = count[i] < 0;
   if (negative) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return false;
   }
   return count || !drawcount;
}

void GL_APIENTRY glMultiDrawArraysEXT(GLenum mode, const GLint *first, const GLsizei *count,
                                      GLsizei primcount)
{
   GET_CONTEXT_OR_RETURN();
   if (!multi_args_valid(ctx, mode, count, primcount, __func__) || !first)
      return;
   for (GLsizei i = 0; i < primcount; i++)
      draw_arrays(ctx, mode, first[i], count[i], 1, __func__);
}

static void multi_draw_elements(struct st_context *ctx, GLenum mode, const GLsizei *count,
                                GLenum type, const void *const *indices, GLsizei drawcount,
                                const GLint *basevertex, const char *func)
{
   if (!multi_args_valid(ctx, mode, count, drawcount, func))
      return;
   if (type != GL_UNSIGNED_BYTE && type != GL_UNSIGNED_SHORT && type != GL_UNSIGNED_INT) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return;
   }
   for (GLsizei i = 0; indices && i < drawcount; i++)
      draw_elements(ctx, mode, count[i], type, indices[i], basevertex ? basevertex[i] : 0, 1,
                    func);
}

void GL_APIENTRY glMultiDrawElementsEXT(GLenum mode, const GLsizei *count, GLenum type,
                                        const void *const *indices, GLsizei primcount)
{
   GET_CONTEXT_OR_RETURN();
   multi_draw_elements(ctx, mode, count, type, indices, primcount, NULL, __func__);
}

/* GL_OES_draw_elements_base_vertex with GL_EXT_multi_draw_arrays */
void GL_APIENTRY glMultiDrawElementsBaseVertexEXT(GLenum mode, const GLsizei *count, GLenum type,
                                                  const void *const *indices, GLsizei drawcount,
                                                  const GLint *basevertex)
{
   GET_CONTEXT_OR_RETURN();
   if (!basevertex && drawcount > 0)
      return;   /* nowhere to read the base vertices from */
   multi_draw_elements(ctx, mode, count, type, indices, drawcount, basevertex, __func__);
}
