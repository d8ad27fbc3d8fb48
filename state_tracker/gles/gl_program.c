/* Program objects: attachments, attribute bindings, linking (GLSL front end + driver
 * compile: a driver failure is a link failure with its log), glUseProgram, queries, and
 * deletion deferred while a context uses the program. */
#include "gl_context.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_program_binary.h"
#include "gl_program_cache.h"
#include "gl_objects.h"

/* Replaces the info log (NULL when out of memory reads as empty). */
static void set_log(struct gl_program *prog, const char *fmt, ...)
{
   char *log = NULL;
   va_list args;
   va_start(args, fmt);
   if (vasprintf(&log, fmt, args) < 0)
      log = NULL;
   va_end(args);
   free(prog->info_log);
   prog->info_log = log;
}

void gl_program_destroy(struct st_context *ctx, struct gl_program *prog)
{
   struct gl_shared *sh = ctx->shared;
   for (int i = 0; i < 2; i++)
      if (prog->shaders[i])
         gl_shader_detach(sh, prog->shaders[i]);
   if (prog->exe)
      gl_exe_destroy(ctx, prog->exe);
   for (unsigned i = 0; i < prog->num_bindings; i++)
      free(prog->bindings[i].name);
   free(prog->bindings);
   for (unsigned i = 0; i < prog->num_frag_bindings; i++)
      free(prog->frag_bindings[i].name);
   free(prog->frag_bindings);
   free(prog->info_log);
   gl_names_remove(&sh->shader_programs, prog->name);
   free(prog);
}

void gl_program_ref(struct gl_program *prog)
{
   if (prog)
      prog->use_count++;
}

void gl_program_unref(struct st_context *ctx, struct gl_program *prog)
{
   if (prog && --prog->use_count == 0 && prog->delete_pending)
      gl_program_destroy(ctx, prog);
}

void gl_program_use(struct st_context *ctx, struct gl_program *prog)
{
   struct gl_program *old = ctx->program;
   if (old == prog)
      return;
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   gl_program_ref(prog);
   gl_program_unref(ctx, old);
   pthread_mutex_unlock(&sh->lock);
   ctx->program = prog;
   ctx->dirty |= ST_DIRTY_SHADERS | ST_DIRTY_CONSTANTS;
}

GLuint GL_APIENTRY glCreateProgram(void)
{
   GET_CONTEXT_OR_RETURN(0);
   struct gl_program *prog = calloc(1, sizeof(*prog));
   if (!prog) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return 0;
   }
   prog->kind = GL_OBJECT_PROGRAM;
   prog->name = gl_name_object(ctx, prog, __func__);
   if (!prog->name) {
      free(prog);
      return 0;
   }
   return prog->name;
}

void GL_APIENTRY glDeleteProgram(GLuint name)
{
   GET_CONTEXT_OR_RETURN();
   if (!name)
      return;
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *prog = gl_lookup_object(ctx, name, GL_OBJECT_PROGRAM, __func__);
   if (prog) {
      prog->delete_pending = true;
      if (prog->use_count == 0)
         gl_program_destroy(ctx, prog);
   }
   pthread_mutex_unlock(&sh->lock);
}

GLboolean GL_APIENTRY glIsProgram(GLuint name)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   pthread_mutex_lock(&ctx->shared->lock);
   enum gl_object_kind *obj = name ? gl_names_lookup(&ctx->shared->shader_programs, name) : NULL;
   bool is = obj && *obj == GL_OBJECT_PROGRAM;
   pthread_mutex_unlock(&ctx->shared->lock);
   return is ? GL_TRUE : GL_FALSE;
}

/* Looks up a program and a shader (locked); NULL with the error raised. */
static bool lookup_pair(struct st_context *ctx, GLuint program, GLuint shader,
                        struct gl_program **p, struct gl_shader **s, const char *func)
{
   *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, func);
   *s = *p ? gl_lookup_object(ctx, shader, GL_OBJECT_SHADER, func) : NULL;
   return *s != NULL;
}

static int stage_slot(const struct gl_shader *s)
{
   return s->type == GL_VERTEX_SHADER ? 0 : 1;
}

void GL_APIENTRY glAttachShader(GLuint program, GLuint shader)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p;
   struct gl_shader *s;
   if (lookup_pair(ctx, program, shader, &p, &s, __func__)) {
      /* ES 2.0: at most one shader of each type, and never the same one twice. */
      if (p->shaders[stage_slot(s)]) {
         gl_error(ctx, GL_INVALID_OPERATION);
      } else {
         p->shaders[stage_slot(s)] = s;
         s->attach_count++;
      }
   }
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glDetachShader(GLuint program, GLuint shader)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p;
   struct gl_shader *s;
   if (lookup_pair(ctx, program, shader, &p, &s, __func__)) {
      if (p->shaders[stage_slot(s)] != s) {
         gl_error(ctx, GL_INVALID_OPERATION);
      } else {
         p->shaders[stage_slot(s)] = NULL;
         gl_shader_detach(sh, s);
      }
   }
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glGetAttachedShaders(GLuint program, GLsizei max_count, GLsizei *count,
                                      GLuint *shaders)
{
   GET_CONTEXT_OR_RETURN();
   if (max_count < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p) {
      GLsizei n = 0;
      for (int i = 0; i < 2; i++)
         if (p->shaders[i] && n < max_count) {
            if (shaders)   /* as Mesa (shaderapi.c): either output may be NULL */
               shaders[n] = p->shaders[i]->name;
            n++;
         }
      if (count)
         *count = n;
   }
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glBindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
   GET_CONTEXT_OR_RETURN();
   if (index >= ctx->max_attribs) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p && !name) {
      ;   /* as Mesa (shader_query.cpp): a NULL name binds nothing, no error */
   } else if (p && !strncmp(name, "gl_", 3)) {
      gl_error(ctx, GL_INVALID_OPERATION);
   } else if (p) {
      unsigned i = 0;
      while (i < p->num_bindings && strcmp(p->bindings[i].name, name))
         i++;
      if (i == p->num_bindings) {
         struct gl_attrib_binding *b = realloc(p->bindings, (i + 1) * sizeof(*b));
         char *copy = strdup(name);
         if (!b || !copy) {
            if (b)
               p->bindings = b;
            free(copy);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            pthread_mutex_unlock(&sh->lock);
            return;
         }
         p->bindings = b;
         p->bindings[i].name = copy;
         p->num_bindings++;
      }
      p->bindings[i].index = index;
   }
   pthread_mutex_unlock(&sh->lock);
}

/* Links prog (locked): true with a new executable, false with the reason in the log. */
static bool link(struct st_context *ctx, struct gl_program *prog)
{
   struct gl_shader *vs = prog->shaders[0], *fs = prog->shaders[1];
   /* GL_EXT_separate_shader_objects: a separable program may have one stage */
   if (prog->separable ? !vs && !fs : !vs || !fs) {
      set_log(prog, prog->separable ? "error: a vertex or a fragment shader must be attached\n"
                                    : "error: a vertex and a fragment shader must be attached\n");
      return false;
   }
   for (int i = 0; i < 2; i++) {
      struct gl_shader *s = prog->shaders[i];
      if (s && (!s->compiled || !glsl_shader_ok(s->compiled))) {
         set_log(prog, "error: the %s shader is not compiled successfully\n",
                 i ? "fragment" : "vertex");
         return false;
      }
   }
   /* EGL_ANDROID_blob_cache: the same sources and bindings linked before */
   uint8_t key[GL_PROGRAM_CACHE_KEY_SIZE];
   bool cache = gl_program_cache_key(ctx, prog, key);
   struct gl_exe *cached = cache ? gl_program_cache_load(ctx, key) : NULL;
   if (cached) {
      set_log(prog, "%s", "");
      if (prog->exe)
         gl_exe_destroy(ctx, prog->exe);
      prog->exe = cached;
      prog->linked_separable = prog->separable;
      return true;
   }
   struct glsl_attrib_binding *bindings = calloc(prog->num_bindings + 1, sizeof(*bindings));
   struct glsl_frag_binding *frag = calloc(prog->num_frag_bindings + 1, sizeof(*frag));
   if (!bindings || !frag) {
      free(bindings);
      free(frag);
      set_log(prog, "error: out of memory\n");
      return false;
   }
   for (unsigned i = 0; i < prog->num_bindings; i++)
      bindings[i] = (struct glsl_attrib_binding){ prog->bindings[i].name, prog->bindings[i].index };
   for (unsigned i = 0; i < prog->num_frag_bindings; i++) {
      const struct gl_frag_binding *b = &prog->frag_bindings[i];
      frag[i] = (struct glsl_frag_binding){ b->name, b->location, b->index };
   }
   struct glsl_program *glsl =
      (prog->separable ? glsl_link_separable : glsl_link_frag)(vs ? vs->compiled : NULL,
                                                               fs ? fs->compiled : NULL, bindings,
                                                               prog->num_bindings, frag,
                                                               prog->num_frag_bindings);
   free(bindings);
   free(frag);
   if (!glsl || !glsl->ok) {
      set_log(prog, "%s", glsl ? glsl->log : "error: out of memory\n");
      if (glsl)
         glsl_program_destroy(glsl);
      return false;
   }
   set_log(prog, "%s", glsl->log);     /* warnings of a successful link */
   char *driver_log = NULL;
   struct gl_exe *exe = gl_exe_create(ctx, glsl, &driver_log);
   if (!exe) {
      set_log(prog, "error: the driver cannot compile the program: %s\n",
              driver_log ? driver_log : "out of memory");
      free(driver_log);
      return false;
   }
   if (prog->exe)
      gl_exe_destroy(ctx, prog->exe);
   prog->exe = exe;
   prog->linked_separable = prog->separable;
   if (cache)
      gl_program_cache_store(ctx, key, exe);
   return true;
}

void GL_APIENTRY glLinkProgram(GLuint program)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p) {
      p->link_status = link(ctx, p);
      p->validate_status = false;
      /* A successful relink of the current program replaces what draws use. */
      if (p->link_status && ctx->program == p)
         ctx->dirty |= ST_DIRTY_SHADERS | ST_DIRTY_CONSTANTS;
   }
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glUseProgram(GLuint program)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_program *p = NULL;
   if (program) {
      pthread_mutex_lock(&ctx->shared->lock);
      p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
      bool linked = p && p->link_status;
      if (p && !linked)
         gl_error(ctx, GL_INVALID_OPERATION);
      pthread_mutex_unlock(&ctx->shared->lock);
      if (!linked)
         return;
   }
   gl_program_use(ctx, p);
}

void GL_APIENTRY glValidateProgram(GLuint program)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p) {
      char why[128];
      p->validate_status = false;
      if (!p->link_status || !p->exe)
         set_log(p, "error: the program is not linked\n");
      else if (gl_exe_sampler_conflict(p->exe, gl_max_texture_units(ctx), why, sizeof(why)))
         set_log(p, "%s", why);
      else
         p->validate_status = true;
   }
   pthread_mutex_unlock(&sh->lock);
}

static GLint max_name_length(const struct gl_program *p, bool uniforms)
{
   if (!p->link_status || !p->exe)
      return 0;
   const struct glsl_program *g = p->exe->glsl;
   size_t max = 0;
   unsigned n = uniforms ? g->num_uniforms : g->num_attribs;
   for (unsigned i = 0; i < n; i++) {
      size_t len = uniforms ? strlen(g->uniforms[i].name) + (g->uniforms[i].size > 1 ? 3 : 0)
                            : strlen(g->attribs[i].name);
      if (len + 1 > max)
         max = len + 1;
   }
   return (GLint)max;
}

void GL_APIENTRY glGetProgramiv(GLuint program, GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p) {
      GLint value = 0;
      bool linked = p->link_status && p->exe;
      switch (pname) {
      case GL_DELETE_STATUS: value = p->delete_pending; break;
      case GL_LINK_STATUS: value = p->link_status; break;
      case GL_VALIDATE_STATUS: value = p->validate_status; break;
      case GL_INFO_LOG_LENGTH:
         value = p->info_log && p->info_log[0] ? (GLint)strlen(p->info_log) + 1 : 0;
         break;
      case GL_ATTACHED_SHADERS: value = (p->shaders[0] != NULL) + (p->shaders[1] != NULL); break;
      case GL_ACTIVE_ATTRIBUTES: value = linked ? (GLint)p->exe->glsl->num_attribs : 0; break;
      case GL_ACTIVE_UNIFORMS: value = linked ? (GLint)p->exe->glsl->num_uniforms : 0; break;
      case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: value = max_name_length(p, false); break;
      case GL_ACTIVE_UNIFORM_MAX_LENGTH: value = max_name_length(p, true); break;
      case GL_PROGRAM_BINARY_LENGTH_OES: value = gl_program_binary_length(ctx, p); break;
      case GL_PROGRAM_SEPARABLE_EXT: value = p->separable; break;
      default: gl_error(ctx, GL_INVALID_ENUM); params = NULL; break;
      }
      if (params)   /* NULL: the checks only */
         *params = value;
   }
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glGetProgramInfoLog(GLuint program, GLsizei buf_size, GLsizei *length,
                                     GLchar *log)
{
   GET_CONTEXT_OR_RETURN();
   if (buf_size < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   struct gl_program *p = gl_lookup_object(ctx, program, GL_OBJECT_PROGRAM, __func__);
   if (p)
      gl_copy_string(p->info_log, buf_size, length, log);
   pthread_mutex_unlock(&sh->lock);
}
