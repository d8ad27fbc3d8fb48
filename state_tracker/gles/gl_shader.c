/* Shader objects: create, source, compile (the GLSL front end), queries, deletion that
 * waits until no program has the shader attached. */
#include "gl_context.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_objects.h"

void gl_shader_destroy(struct gl_shared *sh, struct gl_shader *shader)
{
   if (shader->compiled)
      glsl_shader_destroy(shader->compiled);
   free(shader->source);
   free(shader);
}

void gl_shader_detach(struct gl_shared *sh, struct gl_shader *shader)
{
   if (--shader->attach_count == 0 && shader->delete_pending) {
      gl_names_remove(&sh->shader_programs, shader->name);
      gl_shader_destroy(sh, shader);
   }
}

GLuint GL_APIENTRY glCreateShader(GLenum type)
{
   GET_CONTEXT_OR_RETURN(0);
   if (type != GL_VERTEX_SHADER && type != GL_FRAGMENT_SHADER) {
      gl_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   struct gl_shader *shader = calloc(1, sizeof(*shader));
   if (!shader) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return 0;
   }
   shader->kind = GL_OBJECT_SHADER;
   shader->type = type;
   shader->name = gl_name_object(ctx, shader, __func__);
   if (!shader->name) {
      free(shader);
      return 0;
   }
   return shader->name;
}

void GL_APIENTRY glDeleteShader(GLuint name)
{
   GET_CONTEXT_OR_RETURN();
   if (!name)
      return;
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_shader *shader = gl_lookup_object(ctx, name, GL_OBJECT_SHADER, __func__);
   if (shader) {
      shader->delete_pending = true;
      if (shader->attach_count == 0) {
         gl_names_remove(&sh->shader_programs, name);
         gl_shader_destroy(sh, shader);
      }
   }
   pthread_mutex_unlock(&sh->lock);
}

GLboolean GL_APIENTRY glIsShader(GLuint name)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   pthread_mutex_lock(&ctx->shared->lock);
   enum gl_object_kind *obj = name ? gl_names_lookup(&ctx->shared->shader_programs, name) : NULL;
   bool is = obj && *obj == GL_OBJECT_SHADER;
   pthread_mutex_unlock(&ctx->shared->lock);
   return is ? GL_TRUE : GL_FALSE;
}

void GL_APIENTRY glShaderSource(GLuint name, GLsizei count, const GLchar *const *string,
                                const GLint *length)
{
   GET_CONTEXT_OR_RETURN();
   if (count < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_shader *shader = gl_lookup_object(ctx, name, GL_OBJECT_SHADER, __func__);
   /* As Mesa (shaderapi.c): no string array is GL_INVALID_VALUE, a NULL string in it
    * GL_INVALID_OPERATION; the shader keeps its source. */
   bool null_string = false;
   for (GLsizei i = 0; shader && string && i < count; i++)
      null_string |= !string[i];
   if (shader && !string) {
      gl_error(ctx, GL_INVALID_VALUE);
   } else if (shader && null_string) {
      gl_error(ctx, GL_INVALID_OPERATION);
   } else if (shader) {
      size_t total = 0;
      for (GLsizei i = 0; i < count; i++)
         total += length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
      char *src = malloc(total + 1);
      if (!src) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
      } else {
         size_t at = 0;
         for (GLsizei i = 0; i < count; i++) {
            size_t n = length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
            memcpy(src + at, string[i], n);
            at += n;
         }
         src[at] = '\0';
         free(shader->source);
         shader->source = src;
      }
   }
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glCompileShader(GLuint name)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_shader *shader = gl_lookup_object(ctx, name, GL_OBJECT_SHADER, __func__);
   if (shader) {
      const char *src = shader->source ? shader->source : "";
      enum ir_stage stage = shader->type == GL_VERTEX_SHADER ? IR_STAGE_VERTEX
                                                             : IR_STAGE_FRAGMENT;
      struct glsl_shader *compiled = glsl_compile(stage, &src, NULL, 1);
      if (!compiled) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
      } else {
         if (shader->compiled)
            glsl_shader_destroy(shader->compiled);
         shader->compiled = compiled;
      }
   }
   pthread_mutex_unlock(&sh->lock);
}

static GLint log_length(const char *s)
{
   return s && *s ? (GLint)strlen(s) + 1 : 0;
}

void GL_APIENTRY glGetShaderiv(GLuint name, GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_shader *shader = gl_lookup_object(ctx, name, GL_OBJECT_SHADER, __func__);
   if (shader) {
      GLint value = 0;
      switch (pname) {
      case GL_SHADER_TYPE: value = (GLint)shader->type; break;
      case GL_DELETE_STATUS: value = shader->delete_pending; break;
      case GL_COMPILE_STATUS:
         value = shader->compiled && glsl_shader_ok(shader->compiled);
         break;
      case GL_INFO_LOG_LENGTH:
         value = shader->compiled ? log_length(glsl_shader_log(shader->compiled)) : 0;
         break;
      case GL_SHADER_SOURCE_LENGTH: value = log_length(shader->source); break;
      default: gl_error(ctx, GL_INVALID_ENUM); params = NULL; break;
      }
      if (params)   /* NULL: the checks only */
         *params = value;
   }
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glGetShaderInfoLog(GLuint name, GLsizei buf_size, GLsizei *length, GLchar *log)
{
   GET_CONTEXT_OR_RETURN();
   if (buf_size < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_shader *shader = gl_lookup_object(ctx, name, GL_OBJECT_SHADER, __func__);
   if (shader)
      gl_copy_string(shader->compiled ? glsl_shader_log(shader->compiled) : "", buf_size,
                     length, log);
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glGetShaderSource(GLuint name, GLsizei buf_size, GLsizei *length, GLchar *source)
{
   GET_CONTEXT_OR_RETURN();
   if (buf_size < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_shader *shader = gl_lookup_object(ctx, name, GL_OBJECT_SHADER, __func__);
   if (shader)
      gl_copy_string(shader->source, buf_size, length, source);
   pthread_mutex_unlock(&sh->lock);
}

/* No binary formats: every format is unsupported (NUM_SHADER_BINARY_FORMATS is 0). */
void GL_APIENTRY glShaderBinary(GLsizei count, const GLuint *shaders, GLenum binaryformat,
                                const void *binary, GLsizei length)
{
   GET_CONTEXT_OR_RETURN();
   if (count < 0 || length < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   gl_error(ctx, GL_INVALID_ENUM);
}

void GL_APIENTRY glReleaseShaderCompiler(void)
{
   /* The front end keeps no per-context resources worth releasing. */
}

void GL_APIENTRY glGetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype,
                                            GLint *range, GLint *precision)
{
   GET_CONTEXT_OR_RETURN();
   if (shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   GLint no_range[2], no_precision;   /* NULL outputs: the checks only */
   if (!range)
      range = no_range;
   if (!precision)
      precision = &no_precision;
   switch (precisiontype) {
   case GL_LOW_FLOAT: case GL_MEDIUM_FLOAT: case GL_HIGH_FLOAT:
      /* Every precision is IEEE single precision. */
      range[0] = range[1] = 127;
      *precision = 23;
      break;
   case GL_LOW_INT: case GL_MEDIUM_INT: case GL_HIGH_INT:
      /* Integers are carried in floats: exact up to 2^24. */
      range[0] = range[1] = 24;
      *precision = 0;
      break;
   default:
      gl_error(ctx, GL_INVALID_ENUM);
   }
}
