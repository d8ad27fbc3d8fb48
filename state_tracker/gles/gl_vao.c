/* GL_OES_vertex_array_object: per-context objects holding the attribute arrays and the
 * element buffer binding. Names come from glGenVertexArraysOES only (binding any other name
 * is INVALID_OPERATION); the object exists from generation, glIsVertexArrayOES answers true
 * from its first bind (as Mesa's EverBound). Object 0 is the context's default_vao. */
#include "gl_context.h"

#include <stdlib.h>

static void vao_reset(struct gl_vao *vao, GLuint name)
{
   *vao = (struct gl_vao){ .name = name };
   for (unsigned i = 0; i < GL_MAX_ATTRIBS; i++)
      vao->attribs[i] = (struct gl_attrib_array){ .size = 4, .type = GL_FLOAT };
}

static void vao_release(struct st_context *ctx, struct gl_vao *vao)
{
   for (unsigned i = 0; i < GL_MAX_ATTRIBS; i++) {
      gl_buffer_unref(ctx, vao->attribs[i].buffer);
      vao->attribs[i].buffer = NULL;
   }
   gl_buffer_unref(ctx, vao->element_array_buffer);
   vao->element_array_buffer = NULL;
}

void gl_vao_init(struct st_context *ctx)
{
   vao_reset(&ctx->default_vao, 0);
   ctx->vao = &ctx->default_vao;
}

static void destroy_one(void *value, void *data)
{
   vao_release(data, value);
   free(value);
}

void gl_vao_fini(struct st_context *ctx)
{
   gl_names_foreach(&ctx->vaos, destroy_one, ctx);
   gl_names_fini(&ctx->vaos);
   vao_release(ctx, &ctx->default_vao);
   ctx->vao = &ctx->default_vao;
}

void GL_APIENTRY glGenVertexArraysOES(GLsizei n, GLuint *arrays)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   for (GLsizei i = 0; arrays && i < n; i++) {
      GLuint name = gl_names_generate(&ctx->vaos);
      struct gl_vao *vao = name ? malloc(sizeof(*vao)) : NULL;
      if (vao)
         vao_reset(vao, name);
      if (!vao || !gl_names_set(&ctx->vaos, name, vao)) {
         if (name)
            gl_names_remove(&ctx->vaos, name);
         free(vao);
         gl_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
      arrays[i] = name;
   }
}

void GL_APIENTRY glBindVertexArrayOES(GLuint array)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_vao *vao = array ? gl_names_lookup(&ctx->vaos, array) : &ctx->default_vao;
   if (!vao) {
      gl_error(ctx, GL_INVALID_OPERATION);   /* never generated, or deleted */
      return;
   }
   vao->ever_bound = true;
   ctx->vao = vao;
}

void GL_APIENTRY glDeleteVertexArraysOES(GLsizei n, const GLuint *arrays)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   for (GLsizei i = 0; arrays && i < n; i++) {
      struct gl_vao *vao = arrays[i] ? gl_names_lookup(&ctx->vaos, arrays[i]) : NULL;
      if (!vao)
         continue;   /* 0 and unused names are ignored */
      if (ctx->vao == vao)
         ctx->vao = &ctx->default_vao;   /* deleting the bound object binds 0 */
      gl_names_remove(&ctx->vaos, arrays[i]);
      vao_release(ctx, vao);
      free(vao);
   }
}

GLboolean GL_APIENTRY glIsVertexArrayOES(GLuint array)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   const struct gl_vao *vao = array ? gl_names_lookup(&ctx->vaos, array) : NULL;
   return vao && vao->ever_bound ? GL_TRUE : GL_FALSE;
}
