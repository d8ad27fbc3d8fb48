/* GL_EXT_separate_shader_objects: program pipeline objects (per context, like vertex array
 * objects), which program each stage draws with, and the pipeline validation rules.
 * A pipeline holds a use (gl_program_ref) of each program it names, so a deleted program
 * lives on while a pipeline uses it. */
#include "gl_context.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_objects.h"

struct gl_pipeline {
   GLuint name;
   struct gl_program *stage[PIPE_SHADER_TYPES];   /* vertex, fragment (used) */
   struct gl_program *active;                     /* glActiveShaderProgramEXT (used) */
   bool validate_status;
   char *info_log;                                /* NULL: empty */
};

GLuint gl_pipeline_binding(const struct st_context *ctx)
{
   return ctx->pipeline ? ctx->pipeline->name : 0;
}

/* Replaces what pipeline slot *slot uses by prog (locked). */
static void set_program(struct st_context *ctx, struct gl_program **slot,
                        struct gl_program *prog)
{
   gl_program_ref(prog);
   gl_program_unref(ctx, *slot);
   *slot = prog;
}

static void release(struct st_context *ctx, struct gl_pipeline *pp)
{
   pthread_mutex_lock(&ctx->shared->lock);
   for (int s = 0; s < PIPE_SHADER_TYPES; s++)
      set_program(ctx, &pp->stage[s], NULL);
   set_program(ctx, &pp->active, NULL);
   pthread_mutex_unlock(&ctx->shared->lock);
   free(pp->info_log);
   free(pp);
}

static void release_one(void *value, void *data)
{
   release(data, value);
}

void gl_pipeline_fini(struct st_context *ctx)
{
   ctx->pipeline = NULL;
   gl_names_foreach(&ctx->pipelines, release_one, ctx);
   gl_names_fini(&ctx->pipelines);
}

/* The pipeline `name`, created on its first use as the extension says ("the GL first
 * creates a new state vector"); NULL with INVALID_OPERATION when glGenProgramPipelinesEXT
 * did not return the name (or it was deleted since), or out of memory. */
static struct gl_pipeline *lookup(struct st_context *ctx, GLuint name, const char *func)
{
   if (!name || !gl_names_exists(&ctx->pipelines, name)) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return NULL;
   }
   struct gl_pipeline *pp = gl_names_lookup(&ctx->pipelines, name);
   if (pp)
      return pp;
   pp = calloc(1, sizeof(*pp));
   if (!pp || !gl_names_set(&ctx->pipelines, name, pp)) {
      free(pp);
      gl_error_at(ctx, GL_OUT_OF_MEMORY, func);
      return NULL;
   }
   pp->name = name;
   return pp;
}

void GL_APIENTRY glGenProgramPipelinesEXT(GLsizei n, GLuint *pipelines)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   for (GLsizei i = 0; pipelines && i < n; i++) {
      GLuint name = gl_names_generate(&ctx->pipelines);   /* reserved, no object yet */
      if (!name) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
      pipelines[i] = name;
   }
}

void GL_APIENTRY glDeleteProgramPipelinesEXT(GLsizei n, const GLuint *pipelines)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   for (GLsizei i = 0; pipelines && i < n; i++) {
      GLuint name = pipelines[i];
      if (!name || !gl_names_exists(&ctx->pipelines, name))
         continue;   /* zero and unused names are ignored */
      struct gl_pipeline *pp = gl_names_lookup(&ctx->pipelines, name);
      gl_names_remove(&ctx->pipelines, name);
      if (!pp)
         continue;
      if (ctx->pipeline == pp)
         ctx->pipeline = NULL;   /* deleting the bound pipeline binds none */
      release(ctx, pp);
   }
}

GLboolean GL_APIENTRY glIsProgramPipelineEXT(GLuint pipeline)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   return pipeline && gl_names_lookup(&ctx->pipelines, pipeline) ? GL_TRUE : GL_FALSE;
}

void GL_APIENTRY glBindProgramPipelineEXT(GLuint pipeline)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_pipeline *pp = NULL;
   if (pipeline && !(pp = lookup(ctx, pipeline, __func__)))
      return;
   ctx->pipeline = pp;
}

/* The program `name` (0: NULL, no error) for a pipeline command; false with the error:
 * INVALID_VALUE / INVALID_OPERATION for a bad name, INVALID_OPERATION for a program that is
 * not linked, or (separable set) not linked as separable. Locked. */
static bool pipeline_program(struct st_context *ctx, GLuint name, bool separable,
                             struct gl_program **out, const char *func)
{
   *out = NULL;
   if (!name)
      return true;
   struct gl_program *p = gl_lookup_object(ctx, name, GL_OBJECT_PROGRAM, func);
   if (!p)
      return false;
   if (!p->link_status || !p->exe || (separable && !p->linked_separable)) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return false;
   }
   *out = p;
   return true;
}

void GL_APIENTRY glUseProgramStagesEXT(GLuint pipeline, GLbitfield stages, GLuint program)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_pipeline *pp = lookup(ctx, pipeline, __func__);
   if (!pp)
      return;
   const GLbitfield known = GL_VERTEX_SHADER_BIT_EXT | GL_FRAGMENT_SHADER_BIT_EXT;
   if (stages != GL_ALL_SHADER_BITS_EXT && (stages & ~known)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_program *p;
   if (pipeline_program(ctx, program, true, &p, __func__)) {
      const GLbitfield bit[PIPE_SHADER_TYPES] = { GL_VERTEX_SHADER_BIT_EXT,
                                                  GL_FRAGMENT_SHADER_BIT_EXT };
      for (int s = 0; s < PIPE_SHADER_TYPES; s++) {
         if (!(stages & bit[s]))
            continue;
         /* a program without code for the stage leaves the stage without a program */
         set_program(ctx, &pp->stage[s], p && gl_exe_has_stage(p->exe, s) ? p : NULL);
      }
   }
   pthread_mutex_unlock(&ctx->shared->lock);
}

void GL_APIENTRY glActiveShaderProgramEXT(GLuint pipeline, GLuint program)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_pipeline *pp = lookup(ctx, pipeline, __func__);
   if (!pp)
      return;
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_program *p;
   if (pipeline_program(ctx, program, false, &p, __func__))
      set_program(ctx, &pp->active, p);
   pthread_mutex_unlock(&ctx->shared->lock);
}

/* The extension's validation rules (2.10.5) for pp; true with the reason when it fails. With
 * complete set, a stage without a program fails too (glValidateProgramPipelineEXT: a draw
 * only has undefined results then). */
static bool invalid(struct st_context *ctx, const struct gl_pipeline *pp, bool complete,
                    char *why, size_t why_size)
{
   static const char *const stage_name[PIPE_SHADER_TYPES] = { "vertex", "fragment" };
   for (int s = 0; s < PIPE_SHADER_TYPES; s++) {
      const struct gl_program *p = pp->stage[s];
      if (!p) {
         if (!complete)
            continue;
         snprintf(why, why_size, "error: no program for the %s stage\n", stage_name[s]);
         return true;
      }
      if (!p->linked_separable) {
         snprintf(why, why_size, "error: program %u of the %s stage was relinked without "
                  "GL_PROGRAM_SEPARABLE_EXT\n", p->name, stage_name[s]);
         return true;
      }
      for (int o = 0; o < PIPE_SHADER_TYPES; o++) {
         if (pp->stage[o] != p && gl_exe_has_stage(p->exe, o)) {
            snprintf(why, why_size, "error: program %u has a %s shader but is not used for "
                     "the %s stage\n", p->name, stage_name[o], stage_name[o]);
            return true;
         }
      }
      if (complete && gl_exe_sampler_conflict(p->exe, gl_max_texture_units(ctx), why, why_size))
         return true;
   }
   return false;
}

bool gl_pipeline_draw_invalid(struct st_context *ctx, char *why, size_t why_size)
{
   return !ctx->program && ctx->pipeline && invalid(ctx, ctx->pipeline, false, why, why_size);
}

bool gl_stage_exes(struct st_context *ctx, struct gl_exe *exes[2])
{
   for (int s = 0; s < PIPE_SHADER_TYPES; s++) {
      struct gl_program *p = ctx->program ? ctx->program
                             : ctx->pipeline ? ctx->pipeline->stage[s] : NULL;
      struct gl_exe *exe = p ? p->exe : NULL;
      exes[s] = exe && gl_exe_has_stage(exe, s) ? exe : NULL;
   }
   return exes[0] && exes[1];
}

struct gl_program *gl_uniform_program(struct st_context *ctx)
{
   if (ctx->program)
      return ctx->program;
   return ctx->pipeline ? ctx->pipeline->active : NULL;
}

void GL_APIENTRY glValidateProgramPipelineEXT(GLuint pipeline)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_pipeline *pp = lookup(ctx, pipeline, __func__);
   if (!pp)
      return;
   char why[160];
   pthread_mutex_lock(&ctx->shared->lock);
   pp->validate_status = !invalid(ctx, pp, true, why, sizeof(why));
   pthread_mutex_unlock(&ctx->shared->lock);
   free(pp->info_log);
   pp->info_log = pp->validate_status ? NULL : strdup(why);
}

void GL_APIENTRY glGetProgramPipelineivEXT(GLuint pipeline, GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_pipeline *pp = lookup(ctx, pipeline, __func__);
   if (!pp)
      return;
   GLint value;
   switch (pname) {
   case GL_ACTIVE_PROGRAM_EXT: value = pp->active ? (GLint)pp->active->name : 0; break;
   case GL_VERTEX_SHADER: value = pp->stage[0] ? (GLint)pp->stage[0]->name : 0; break;
   case GL_FRAGMENT_SHADER: value = pp->stage[1] ? (GLint)pp->stage[1]->name : 0; break;
   case GL_VALIDATE_STATUS: value = pp->validate_status; break;
   case GL_INFO_LOG_LENGTH:
      value = pp->info_log && pp->info_log[0] ? (GLint)strlen(pp->info_log) + 1 : 0;
      break;
   default:
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (params)
      *params = value;
}

void GL_APIENTRY glGetProgramPipelineInfoLogEXT(GLuint pipeline, GLsizei buf_size,
                                                GLsizei *length, GLchar *log)
{
   GET_CONTEXT_OR_RETURN();
   /* as Mesa (pipelineobj.c): an unknown name and a negative size are INVALID_VALUE; the
    * query does not create the object */
   if (buf_size < 0 || !pipeline || !gl_names_exists(&ctx->pipelines, pipeline)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   const struct gl_pipeline *pp = gl_names_lookup(&ctx->pipelines, pipeline);
   gl_copy_string(pp ? pp->info_log : NULL, buf_size, length, log);
}
