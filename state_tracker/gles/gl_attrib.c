/* Vertex attributes: arrays (client memory or buffer objects), current values, queries,
 * and the attribute side of linked programs (locations, active attributes). */
#include "gl_context.h"

#include <math.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_objects.h"

static bool is_attrib_type(GLenum type)
{
   switch (type) {
   case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT:
   case GL_FLOAT: case GL_FIXED:
   case GL_HALF_FLOAT_OES:   /* GL_OES_vertex_half_float */
      return true;
   default:
      return false;
   }
}

void GL_APIENTRY glVertexAttribPointer(GLuint index, GLint size, GLenum type,
                                       GLboolean normalized, GLsizei stride, const void *pointer)
{
   GET_CONTEXT_OR_RETURN();
   if (index >= ctx->max_attribs || size < 1 || size > 4 || stride < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!is_attrib_type(type)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct gl_attrib_array *a = &ctx->vao->attribs[index];
   a->size = size;
   a->type = type;
   a->normalized = normalized ? GL_TRUE : GL_FALSE;
   a->stride = stride;
   a->pointer = pointer;
   if (a->buffer != ctx->array_buffer) {
      gl_buffer_ref(ctx->array_buffer);
      gl_buffer_unref(ctx, a->buffer);
      a->buffer = ctx->array_buffer;
   }
}

static void set_array_enabled(GLuint index, bool enabled, const char *func)
{
   GET_CONTEXT_OR_RETURN();
   if (index >= ctx->max_attribs) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return;
   }
   ctx->vao->attribs[index].enabled = enabled;
}

void GL_APIENTRY glEnableVertexAttribArray(GLuint index) { set_array_enabled(index, true, __func__); }
void GL_APIENTRY glDisableVertexAttribArray(GLuint index) { set_array_enabled(index, false, __func__); }

/* Current value: missing components are (0, 0, 0, 1). */
static void set_current(GLuint index, unsigned n, const GLfloat *v, const char *func)
{
   GET_CONTEXT_OR_RETURN();
   if (index >= ctx->max_attribs) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return;
   }
   if (!v)
      return;   /* no values: the index check only */
   float value[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
   memcpy(value, v, n * sizeof(float));
   memcpy(ctx->current_attrib[index], value, sizeof(value));
}

void GL_APIENTRY glVertexAttrib1f(GLuint index, GLfloat x)
{
   set_current(index, 1, (GLfloat[]){ x }, __func__);
}
void GL_APIENTRY glVertexAttrib2f(GLuint index, GLfloat x, GLfloat y)
{
   set_current(index, 2, (GLfloat[]){ x, y }, __func__);
}
void GL_APIENTRY glVertexAttrib3f(GLuint index, GLfloat x, GLfloat y, GLfloat z)
{
   set_current(index, 3, (GLfloat[]){ x, y, z }, __func__);
}
void GL_APIENTRY glVertexAttrib4f(GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   set_current(index, 4, (GLfloat[]){ x, y, z, w }, __func__);
}
void GL_APIENTRY glVertexAttrib1fv(GLuint index, const GLfloat *v) { set_current(index, 1, v, __func__); }
void GL_APIENTRY glVertexAttrib2fv(GLuint index, const GLfloat *v) { set_current(index, 2, v, __func__); }
void GL_APIENTRY glVertexAttrib3fv(GLuint index, const GLfloat *v) { set_current(index, 3, v, __func__); }
void GL_APIENTRY glVertexAttrib4fv(GLuint index, const GLfloat *v) { set_current(index, 4, v, __func__); }

/* The value(s) of pname (doubles hold every int32 exactly); false for a bad pname. */
static bool attrib_param(const struct st_context *ctx, GLuint index, GLenum pname,
                         double out[4], unsigned *n)
{
   const struct gl_attrib_array *a = &ctx->vao->attribs[index];
   *n = 1;
   switch (pname) {
   case GL_VERTEX_ATTRIB_ARRAY_ENABLED: out[0] = a->enabled; return true;
   case GL_VERTEX_ATTRIB_ARRAY_SIZE: out[0] = a->size; return true;
   case GL_VERTEX_ATTRIB_ARRAY_STRIDE: out[0] = a->stride; return true;
   case GL_VERTEX_ATTRIB_ARRAY_TYPE: out[0] = a->type; return true;
   case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: out[0] = a->normalized; return true;
   case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING: out[0] = a->buffer ? a->buffer->name : 0; return true;
   case GL_VERTEX_ATTRIB_ARRAY_DIVISOR_EXT: out[0] = a->divisor; return true;
   case GL_CURRENT_VERTEX_ATTRIB:
      for (int i = 0; i < 4; i++)
         out[i] = ctx->current_attrib[index][i];
      *n = 4;
      return true;
   default:
      return false;
   }
}

/* attrib_param with the errors of glGetVertexAttrib*: a bad index is INVALID_VALUE, a bad
 * pname INVALID_ENUM; n = 0 then. */
static unsigned query_attrib(struct st_context *ctx, GLuint index, GLenum pname, double v[4],
                             const char *func)
{
   unsigned n = 0;
   if (index >= ctx->max_attribs) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
   } else if (!attrib_param(ctx, index, pname, v, &n)) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      n = 0;
   }
   return n;
}

void GL_APIENTRY glGetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params)
{
   GET_CONTEXT_OR_RETURN();
   double v[4];
   unsigned n = query_attrib(ctx, index, pname, v, __func__);
   for (unsigned i = 0; params && i < n; i++)
      params[i] = (GLfloat)v[i];
}

void GL_APIENTRY glGetVertexAttribiv(GLuint index, GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   double v[4];
   unsigned n = query_attrib(ctx, index, pname, v, __func__);
   for (unsigned i = 0; params && i < n; i++)
      params[i] = (GLint)lround(v[i]);   /* current values round, the rest are exact */
}

void GL_APIENTRY glGetVertexAttribPointerv(GLuint index, GLenum pname, void **pointer)
{
   GET_CONTEXT_OR_RETURN();
   if (index >= ctx->max_attribs) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (pointer)   /* NULL: the checks only */
      *pointer = (void *)ctx->vao->attribs[index].pointer;
}

/* ---- attributes of linked programs ---- */

GLint GL_APIENTRY glGetAttribLocation(GLuint program, const GLchar *name)
{
   GET_CONTEXT_OR_RETURN(-1);
   GLint loc = -1;
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p && (!p->link_status || !p->exe)) {
      gl_error(ctx, GL_INVALID_OPERATION);
   } else if (p && name) {   /* as Mesa (shader_query.cpp): a NULL name is -1, no error */
      const struct glsl_program *g = p->exe->glsl;
      for (unsigned i = 0; i < g->num_attribs; i++)
         if (!strcmp(g->attribs[i].name, name) && strncmp(name, "gl_", 3))
            loc = (GLint)g->attribs[i].location;
   }
   pthread_mutex_unlock(&ctx->shared->lock);
   return loc;
}

void GL_APIENTRY glGetActiveAttrib(GLuint program, GLuint index, GLsizei buf_size,
                                   GLsizei *length, GLint *size, GLenum *type, GLchar *name)
{
   GET_CONTEXT_OR_RETURN();
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p) {
      const struct glsl_program *g = p->link_status && p->exe ? p->exe->glsl : NULL;
      if (buf_size < 0 || !g || index >= g->num_attribs) {
         gl_error(ctx, GL_INVALID_VALUE);
      } else {
         const struct glsl_attrib_info *info = &g->attribs[index];
         /* As Mesa: each output may be NULL (that one is not written). */
         gl_copy_string(info->name, buf_size, length, name);
         if (size)
            *size = info->size;
         if (type)
            *type = info->gl_type;
      }
   }
   pthread_mutex_unlock(&ctx->shared->lock);
}

/* GL_EXT_instanced_arrays: array `index` advances once every `divisor` instances (0: once
 * per vertex), part of the bound vertex array object. */
void GL_APIENTRY glVertexAttribDivisorEXT(GLuint index, GLuint divisor)
{
   GET_CONTEXT_OR_RETURN();
   if (index >= ctx->max_attribs) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   ctx->vao->attribs[index].divisor = divisor;
}
