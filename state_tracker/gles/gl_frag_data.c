/* GL_EXT_blend_func_extended's program entry points: binding GLSL ES 3.00 fragment outputs
 * to a draw buffer and blend source index (used by the next link, see glsl_link_frag) and
 * querying where a linked program's outputs went. */
#include "gl_context.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_fbo.h"
#include "gl_objects.h"

#ifndef GL_PROGRAM_OUTPUT
#define GL_PROGRAM_OUTPUT 0x92E4   /* ES 3.1 program interface */
#endif

/* MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT, as glGetIntegerv reports it */
#define GL_MAX_DUAL_SOURCE 1

/* Sets or replaces the binding of name (locked); false when out of memory. */
static bool set_binding(struct gl_program *p, const char *name, GLuint location, GLuint index)
{
   unsigned i = 0;
   while (i < p->num_frag_bindings && strcmp(p->frag_bindings[i].name, name))
      i++;
   if (i == p->num_frag_bindings) {
      struct gl_frag_binding *b = realloc(p->frag_bindings, (i + 1) * sizeof(*b));
      if (!b)
         return false;
      p->frag_bindings = b;
      b[i].name = strdup(name);
      if (!b[i].name)
         return false;
      p->num_frag_bindings++;
   }
   p->frag_bindings[i].location = location;
   p->frag_bindings[i].index = index;
   return true;
}

static void bind(struct st_context *ctx, GLuint program, GLuint colorNumber, GLuint index,
                 const GLchar *name, const char *func)
{
   if (index > 1 || colorNumber >= (index ? GL_MAX_DUAL_SOURCE : GL_FB_MAX_COLOR)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, func);
   if (p && !name)
      ;   /* as glBindAttribLocation: a NULL name binds nothing */
   else if (p && !strncmp(name, "gl_", 3))
      gl_error(ctx, GL_INVALID_OPERATION);
   else if (p && !set_binding(p, name, colorNumber, index))
      gl_error(ctx, GL_OUT_OF_MEMORY);
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glBindFragDataLocationIndexedEXT(GLuint program, GLuint colorNumber,
                                                  GLuint index, const GLchar *name)
{
   GET_CONTEXT_OR_RETURN();
   bind(ctx, program, colorNumber, index, name, __func__);
}

void GL_APIENTRY glBindFragDataLocationEXT(GLuint program, GLuint color, const GLchar *name)
{
   GET_CONTEXT_OR_RETURN();
   bind(ctx, program, color, 0, name, __func__);
}

/* The blend source index of the linked program's output called name; -1 when there is no
 * such output, or (with INVALID_OPERATION) when the program is not successfully linked. */
static GLint output_index(struct st_context *ctx, GLuint program, const char *name,
                          const char *func)
{
   GLint index = -1;
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, func);
   if (p && !(p->link_status && p->exe)) {
      gl_error(ctx, GL_INVALID_OPERATION);
   } else if (p && name) {
      const struct glsl_program *g = p->exe->glsl;
      for (unsigned i = 0; i < g->num_frag_outputs; i++)
         if (!strcmp(g->frag_outputs[i].name, name))
            index = (GLint)g->frag_outputs[i].index;
   }
   pthread_mutex_unlock(&ctx->shared->lock);
   return index;
}

GLint GL_APIENTRY glGetFragDataIndexEXT(GLuint program, const GLchar *name)
{
   GET_CONTEXT_OR_RETURN(-1);
   return output_index(ctx, program, name, __func__);
}

/* ES 3.1 program interface query; PROGRAM_OUTPUT is the only interface with an index. */
GLint GL_APIENTRY glGetProgramResourceLocationIndexEXT(GLuint program, GLenum programInterface,
                                                       const GLchar *name)
{
   GET_CONTEXT_OR_RETURN(-1);
   if (programInterface != GL_PROGRAM_OUTPUT) {
      gl_error(ctx, GL_INVALID_ENUM);
      return -1;
   }
   return output_index(ctx, program, name, __func__);
}
