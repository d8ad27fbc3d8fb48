/* GL_KHR_debug object labels: glObjectLabelKHR / glGetObjectLabelKHR on the objects an
 * ES 2.0 context has (buffers, shaders, programs, textures, renderbuffers, framebuffers,
 * queries, program pipelines), glObjectPtrLabelKHR / glGetObjectPtrLabelKHR (sync objects: an ES 2.0 context
 * has none, so every pointer is INVALID_VALUE).
 *
 * A label belongs to the object's name in its name table (gl_names.h): it goes when the
 * name is removed, i.e. when the object is deleted, so an object made again under the same
 * name starts without one; shared objects' labels are seen by every context of the group. */
#include "gl_debug.h"

#include <stdlib.h>
#include <string.h>

#include "gl_fbo.h"

/* The name table holding object `name` of kind `identifier`, or NULL with the GL error to
 * raise in *err (INVALID_ENUM: a kind an ES 2.0 context does not have; INVALID_VALUE: no
 * such object). Called with the share group's lock held. */
static struct gl_names *object_names(struct st_context *ctx, GLenum identifier, GLuint name,
                                     GLenum *err)
{
   struct gl_shared *sh = ctx->shared;
   struct gl_names *t;
   enum gl_object_kind kind = 0;
   switch (identifier) {
   case GL_BUFFER_KHR: t = &sh->buffers; break;
   case GL_TEXTURE: t = &sh->textures; break;
   case GL_RENDERBUFFER: t = &sh->renderbuffers; break;
   case GL_FRAMEBUFFER: t = &ctx->framebuffers; break;
   case GL_QUERY_KHR: t = &ctx->queries; break;
   case GL_SHADER_KHR: t = &sh->shader_programs; kind = GL_OBJECT_SHADER; break;
   case GL_PROGRAM_KHR: t = &sh->shader_programs; kind = GL_OBJECT_PROGRAM; break;
   case GL_PROGRAM_PIPELINE_KHR: t = &ctx->pipelines; break;   /* GL_EXT_separate_shader_objects */
   default:
      *err = GL_INVALID_ENUM;
      return NULL;
   }
   const enum gl_object_kind *obj = name ? gl_names_lookup(t, name) : NULL;
   if (!obj || (kind && *obj != kind)) {
      *err = GL_INVALID_VALUE;
      return NULL;
   }
   return t;
}

void GL_APIENTRY glObjectLabelKHR(GLenum identifier, GLuint name, GLsizei length,
                                  const GLchar *label)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   GLenum err = GL_NO_ERROR;
   size_t len = !label ? 0 : length < 0 ? strlen(label) : (size_t)length;
   char *text = NULL;
   if (len >= GL_DEBUG_MAX_LABEL_LENGTH) {
      err = GL_INVALID_VALUE;
   } else if (label) {
      if ((text = malloc(len + 1)) != NULL) {
         memcpy(text, label, len);
         text[len] = '\0';
      } else {
         err = GL_OUT_OF_MEMORY;
      }
   }
   pthread_mutex_lock(&sh->lock);
   struct gl_names *t = object_names(ctx, identifier, name, &err);
   if (t && err == GL_NO_ERROR) {
      if (gl_names_set_label(t, name, text))
         text = NULL;
      else
         err = GL_OUT_OF_MEMORY;
   }
   pthread_mutex_unlock(&sh->lock);
   free(text);
   if (err != GL_NO_ERROR)
      gl_error(ctx, err);
}

/* Copies a label out as glGetObjectLabel does: at most bufSize - 1 characters and a NUL
 * into label (if not NULL); *length gets what was written, or the whole length when label
 * is NULL. */
static void copy_label(const char *text, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   size_t len = strlen(text);
   if (!label) {
      if (length)
         *length = (GLsizei)len;
      return;
   }
   size_t n = bufSize > 0 ? (len < (size_t)bufSize - 1 ? len : (size_t)bufSize - 1) : 0;
   if (bufSize > 0) {
      memcpy(label, text, n);
      label[n] = '\0';
   }
   if (length)
      *length = (GLsizei)n;
}

void GL_APIENTRY glGetObjectLabelKHR(GLenum identifier, GLuint name, GLsizei bufSize,
                                     GLsizei *length, GLchar *label)
{
   GET_CONTEXT_OR_RETURN();
   if (bufSize < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_shared *sh = ctx->shared;
   GLenum err = GL_NO_ERROR;
   pthread_mutex_lock(&sh->lock);
   struct gl_names *t = object_names(ctx, identifier, name, &err);
   if (t) {
      const char *text = gl_names_label(t, name);
      copy_label(text ? text : "", bufSize, length, label);
   }
   pthread_mutex_unlock(&sh->lock);
   if (err != GL_NO_ERROR)
      gl_error(ctx, err);
}

void GL_APIENTRY glObjectPtrLabelKHR(const void *ptr, GLsizei length, const GLchar *label)
{
   GET_CONTEXT_OR_RETURN();
   (void)ptr, (void)length, (void)label;
   gl_error(ctx, GL_INVALID_VALUE);   /* no sync objects in ES 2.0 */
}

void GL_APIENTRY glGetObjectPtrLabelKHR(const void *ptr, GLsizei bufSize, GLsizei *length,
                                        GLchar *label)
{
   GET_CONTEXT_OR_RETURN();
   (void)ptr, (void)bufSize, (void)length, (void)label;
   gl_error(ctx, GL_INVALID_VALUE);
}
