/* GL_EXT_separate_shader_objects on program objects: PROGRAM_SEPARABLE_EXT, the one-call
 * glCreateShaderProgramvEXT and glProgramUniform*EXT (glUniform* on a named program). */
#include "gl_context.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_objects.h"

void GL_APIENTRY glProgramParameteriEXT(GLuint program, GLenum pname, GLint value)
{
   GET_CONTEXT_OR_RETURN();
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p && pname != GL_PROGRAM_SEPARABLE_EXT)
      gl_error(ctx, GL_INVALID_ENUM);
   else if (p && value != GL_TRUE && value != GL_FALSE)
      gl_error(ctx, GL_INVALID_VALUE);
   else if (p)
      p->separable = value == GL_TRUE;   /* takes effect at the next link */
   pthread_mutex_unlock(&ctx->shared->lock);
}

/* Appends the shader's compile log to the program's info log (locked). */
static void append_shader_log(struct st_context *ctx, GLuint program, GLuint shader)
{
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   struct gl_shader *s = gl_lookup_object(ctx, shader, GL_OBJECT_SHADER, __func__);
   const char *slog = s && s->compiled ? glsl_shader_log(s->compiled) : "";
   if (!p || !slog[0])
      return;
   size_t old = p->info_log ? strlen(p->info_log) : 0;
   char *log = realloc(p->info_log, old + strlen(slog) + 1);
   if (!log)
      return;   /* out of memory: the program keeps its own log */
   memcpy(log + old, slog, strlen(slog) + 1);
   p->info_log = log;
}

/* The command sequence the extension defines, through the entry points themselves. */
GLuint GL_APIENTRY glCreateShaderProgramvEXT(GLenum type, GLsizei count,
                                              const GLchar **strings)
{
   GET_CONTEXT_OR_RETURN(0);
   if (count < 0) {   /* as glShaderSource would report, before any object exists */
      gl_error(ctx, GL_INVALID_VALUE);
      return 0;
   }
   GLuint shader = glCreateShader(type);
   if (!shader)
      return 0;
   glShaderSource(shader, count, strings, NULL);
   glCompileShader(shader);
   GLuint program = glCreateProgram();
   if (program) {
      GLint compiled = GL_FALSE;
      glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
      glProgramParameteriEXT(program, GL_PROGRAM_SEPARABLE_EXT, GL_TRUE);
      if (compiled) {
         glAttachShader(program, shader);
         glLinkProgram(program);
         glDetachShader(program, shader);
      }
      pthread_mutex_lock(&ctx->shared->lock);
      append_shader_log(ctx, program, shader);
      pthread_mutex_unlock(&ctx->shared->lock);
   }
   glDeleteShader(shader);
   return program;
}

/* glProgramUniform*EXT: INVALID_VALUE for a name that is no object, INVALID_OPERATION for a
 * shader or a program not linked; then glUniform*'s rules on the program's executable. */
static void program_uniform(const char *func, GLuint program, GLint location, GLsizei count,
                            bool ints, unsigned components, unsigned columns,
                            const void *values)
{
   GET_CONTEXT_OR_RETURN();
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, func);
   if (p && (!p->link_status || !p->exe))
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
   else if (p)
      gl_uniform_store(ctx, p->exe, func, location, count, ints, components, columns, values);
   pthread_mutex_unlock(&ctx->shared->lock);
}

#define SCALARS(n, suffix, T, ints, ...)                                                  \
   void GL_APIENTRY glProgramUniform##n##suffix##EXT(GLuint program, GLint location,     \
                                                     __VA_ARGS__)                        \
   {                                                                                     \
      program_uniform(__func__, program, location, 1, ints, n, 1, VALUES##n(T));         \
   }                                                                                     \
   void GL_APIENTRY glProgramUniform##n##suffix##vEXT(GLuint program, GLint location,    \
                                                      GLsizei count, const T *value)     \
   {                                                                                     \
      program_uniform(__func__, program, location, count, ints, n, 1, value);            \
   }
#define VALUES1(T) (T[]){ v0 }
#define VALUES2(T) (T[]){ v0, v1 }
#define VALUES3(T) (T[]){ v0, v1, v2 }
#define VALUES4(T) (T[]){ v0, v1, v2, v3 }

SCALARS(1, f, GLfloat, false, GLfloat v0)
SCALARS(2, f, GLfloat, false, GLfloat v0, GLfloat v1)
SCALARS(3, f, GLfloat, false, GLfloat v0, GLfloat v1, GLfloat v2)
SCALARS(4, f, GLfloat, false, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3)
SCALARS(1, i, GLint, true, GLint v0)
SCALARS(2, i, GLint, true, GLint v0, GLint v1)
SCALARS(3, i, GLint, true, GLint v0, GLint v1, GLint v2)
SCALARS(4, i, GLint, true, GLint v0, GLint v1, GLint v2, GLint v3)

/* ES 2.0 has no transposed loads: transpose must be GL_FALSE (as glUniformMatrix*fv). */
static void program_matrix(const char *func, GLuint program, GLint location, GLsizei count,
                           GLboolean transpose, unsigned n, const GLfloat *value)
{
   if (transpose != GL_FALSE) {
      GET_CONTEXT_OR_RETURN();
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return;
   }
   program_uniform(func, program, location, count, false, n, n, value);
}

void GL_APIENTRY glProgramUniformMatrix2fvEXT(GLuint program, GLint location, GLsizei count,
                                              GLboolean transpose, const GLfloat *value)
{
   program_matrix(__func__, program, location, count, transpose, 2, value);
}
void GL_APIENTRY glProgramUniformMatrix3fvEXT(GLuint program, GLint location, GLsizei count,
                                              GLboolean transpose, const GLfloat *value)
{
   program_matrix(__func__, program, location, count, transpose, 3, value);
}
void GL_APIENTRY glProgramUniformMatrix4fvEXT(GLuint program, GLint location, GLsizei count,
                                              GLboolean transpose, const GLfloat *value)
{
   program_matrix(__func__, program, location, count, transpose, 4, value);
}
