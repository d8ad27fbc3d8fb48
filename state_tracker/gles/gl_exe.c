/* Executables (successful links): uniform storage and locations, and the compiled pipe
 * shaders of each context that draws with them. Shader CSOs belong to one pipe_context, so
 * an executable shared by several contexts has one variant per context; a variant of
 * another context is handed to that context to delete (its garbage list). */
#include "gl_context.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_objects.h"

static _Atomic unsigned next_exe_id = 1;

bool gl_exe_has_stage(const struct gl_exe *exe, int s)
{
   const struct ir_shader *ir = s == PIPE_SHADER_VERTEX ? exe->glsl->vs : exe->glsl->fs;
   return ir || exe->blob[s];
}

/* Compiles the stages (or loads a program binary's) on ctx's pipe; false with *log set by
 * the driver. A stage a separable program lacks stays NULL. */
static bool compile_variant(struct st_context *ctx, const struct gl_exe *exe,
                            struct gl_exe_variant *v, char **log)
{
   struct pipe_context *pipe = ctx->pipe;
   const struct glsl_program *glsl = exe->glsl;
   struct pipe_shader_state vs_templ = { glsl->vs, exe->blob[0], exe->blob_size[0] };
   struct pipe_shader_state fs_templ = { glsl->fs, exe->blob[1], exe->blob_size[1] };
   *v = (struct gl_exe_variant){ .owner = ctx };
   if (gl_exe_has_stage(exe, PIPE_SHADER_VERTEX)) {
      v->vs = pipe->create_vs_state(pipe, &vs_templ, log);
      if (!v->vs)
         return false;
   }
   if (gl_exe_has_stage(exe, PIPE_SHADER_FRAGMENT)) {
      v->fs = pipe->create_fs_state(pipe, &fs_templ, log);
      if (!v->fs) {
         if (v->vs)
            pipe->delete_vs_state(pipe, v->vs);
         return false;
      }
   }
   return true;
}

static bool add_variant(struct gl_exe *exe, const struct gl_exe_variant *v)
{
   if (exe->num_variants == exe->max_variants) {
      unsigned max = exe->max_variants ? exe->max_variants * 2 : 2;
      struct gl_exe_variant *a = realloc(exe->variants, max * sizeof(*a));
      if (!a)
         return false;
      exe->variants = a;
      exe->max_variants = max;
   }
   exe->variants[exe->num_variants++] = *v;
   return true;
}

/* Deletes a shader CSO of ctx's own pipe, unbinding it first. */
static void delete_shader(struct st_context *ctx, int stage, void *handle)
{
   struct pipe_context *pipe = ctx->pipe;
   if (!handle)
      return;   /* a stage the executable lacks */
   if (stage == PIPE_SHADER_VERTEX) {
      if (ctx->bound_vs == handle) {
         pipe->bind_vs_state(pipe, NULL);
         ctx->bound_vs = NULL;
      }
      pipe->delete_vs_state(pipe, handle);
   } else {
      if (ctx->bound_fs == handle) {
         pipe->bind_fs_state(pipe, NULL);
         ctx->bound_fs = NULL;
      }
      pipe->delete_fs_state(pipe, handle);
   }
}

static void give_to_owner(struct st_context *owner, int stage, void *handle)
{
   if (!handle)
      return;
   pthread_mutex_lock(&owner->garbage_lock);
   if (owner->num_garbage == owner->max_garbage) {
      unsigned max = owner->max_garbage ? owner->max_garbage * 2 : 8;
      struct gl_garbage *g = realloc(owner->garbage, max * sizeof(*g));
      if (g) {
         owner->garbage = g;
         owner->max_garbage = max;
      }
   }
   if (owner->num_garbage < owner->max_garbage)
      owner->garbage[owner->num_garbage++] = (struct gl_garbage){ stage, handle };
   pthread_mutex_unlock(&owner->garbage_lock);
}

void gl_collect_garbage(struct st_context *ctx)
{
   pthread_mutex_lock(&ctx->garbage_lock);
   for (unsigned i = 0; i < ctx->num_garbage; i++)
      delete_shader(ctx, ctx->garbage[i].kind, ctx->garbage[i].handle);
   ctx->num_garbage = 0;
   pthread_mutex_unlock(&ctx->garbage_lock);
}

static void free_exe(struct gl_exe *exe)
{
   if (exe->glsl)
      glsl_program_destroy(exe->glsl);
   for (int s = 0; s < PIPE_SHADER_TYPES; s++)
      free(exe->consts[s]);
   free(exe->sampler_units);
   free(exe->locations);
   free(exe->first_location);
   free(exe->variants);
   for (int s = 0; s < PIPE_SHADER_TYPES; s++)
      free(exe->blob[s]);
   free(exe);
}

/* Uniform storage and the location table: one location per array element. */
static bool init_uniforms(struct gl_exe *exe)
{
   const struct glsl_program *g = exe->glsl;
   const struct ir_shader *ir[PIPE_SHADER_TYPES] = { g->vs, g->fs };
   for (int s = 0; s < PIPE_SHADER_TYPES; s++) {
      if (ir[s])
         exe->num_consts[s] = ir[s]->num_consts;   /* else a program binary's */
      exe->consts[s] = calloc(exe->num_consts[s] ? exe->num_consts[s] * 4 : 1, sizeof(float));
      if (!exe->consts[s])
         return false;
   }
   unsigned n = 0;
   for (unsigned u = 0; u < g->num_uniforms; u++)
      n += g->uniforms[u].size > 0 ? (unsigned)g->uniforms[u].size : 1;
   exe->num_locations = n;
   exe->locations = calloc(n ? n : 1, sizeof(*exe->locations));
   exe->sampler_units = calloc(n ? n : 1, sizeof(*exe->sampler_units));
   exe->first_location = calloc(g->num_uniforms ? g->num_uniforms : 1, sizeof(unsigned));
   if (!exe->locations || !exe->sampler_units || !exe->first_location)
      return false;
   unsigned loc = 0;
   for (unsigned u = 0; u < g->num_uniforms; u++) {
      exe->first_location[u] = loc;
      unsigned size = g->uniforms[u].size > 0 ? (unsigned)g->uniforms[u].size : 1;
      for (unsigned e = 0; e < size; e++)
         exe->locations[loc++] = (struct gl_uniform_location){ u, e };
   }
   return true;
}

/* blobs (taken over) and num_consts: a program binary's stages, else NULL. */
static struct gl_exe *create(struct st_context *ctx, struct glsl_program *glsl, void **blobs,
                             const size_t *sizes, const unsigned *num_consts, char **log)
{
   struct gl_exe *exe = calloc(1, sizeof(*exe));
   if (!exe) {
      glsl_program_destroy(glsl);
      for (int s = 0; blobs && s < PIPE_SHADER_TYPES; s++)
         free(blobs[s]);
      return NULL;
   }
   exe->glsl = glsl;
   exe->id = atomic_fetch_add(&next_exe_id, 1);
   for (int s = 0; blobs && s < PIPE_SHADER_TYPES; s++) {
      exe->blob[s] = blobs[s];
      exe->blob_size[s] = sizes[s];
      exe->num_consts[s] = num_consts[s];
   }
   struct gl_exe_variant v;
   if (!init_uniforms(exe) || !compile_variant(ctx, exe, &v, log)) {
      free_exe(exe);
      return NULL;
   }
   if (!add_variant(exe, &v)) {
      delete_shader(ctx, PIPE_SHADER_VERTEX, v.vs);
      delete_shader(ctx, PIPE_SHADER_FRAGMENT, v.fs);
      free_exe(exe);
      return NULL;
   }
   exe->next_live = ctx->shared->live_exes;
   ctx->shared->live_exes = exe;
   return exe;
}

struct gl_exe *gl_exe_create(struct st_context *ctx, struct glsl_program *glsl, char **log)
{
   return create(ctx, glsl, NULL, NULL, NULL, log);
}

struct gl_exe *gl_exe_create_binary(struct st_context *ctx, struct glsl_program *glsl,
                                    void *blobs[2], const size_t sizes[2],
                                    const unsigned num_consts[2], char **log)
{
   return create(ctx, glsl, blobs, sizes, num_consts, log);
}

void gl_exe_destroy(struct st_context *ctx, struct gl_exe *exe)
{
   for (struct gl_exe **link = &ctx->shared->live_exes; *link; link = &(*link)->next_live) {
      if (*link == exe) {
         *link = exe->next_live;
         break;
      }
   }
   for (unsigned i = 0; i < exe->num_variants; i++) {
      struct gl_exe_variant *v = &exe->variants[i];
      if (v->owner == ctx) {
         delete_shader(ctx, PIPE_SHADER_VERTEX, v->vs);
         delete_shader(ctx, PIPE_SHADER_FRAGMENT, v->fs);
      } else {
         give_to_owner(v->owner, PIPE_SHADER_VERTEX, v->vs);
         give_to_owner(v->owner, PIPE_SHADER_FRAGMENT, v->fs);
      }
   }
   free_exe(exe);
}

const struct gl_exe_variant *gl_exe_variant_for(struct st_context *ctx, struct gl_exe *exe)
{
   for (unsigned i = 0; i < exe->num_variants; i++)
      if (exe->variants[i].owner == ctx)
         return &exe->variants[i];
   struct gl_exe_variant v;
   char *log = NULL;
   const struct gl_exe_variant *found = NULL;
   pthread_mutex_lock(&ctx->shared->lock);
   if (compile_variant(ctx, exe, &v, &log)) {
      if (add_variant(exe, &v)) {
         found = &exe->variants[exe->num_variants - 1];
      } else {
         delete_shader(ctx, PIPE_SHADER_VERTEX, v.vs);
         delete_shader(ctx, PIPE_SHADER_FRAGMENT, v.fs);
      }
   }
   pthread_mutex_unlock(&ctx->shared->lock);
   free(log);
   return found;
}

void gl_exe_drop_variants_of(struct st_context *ctx)
{
   pthread_mutex_lock(&ctx->shared->lock);
   for (struct gl_exe *exe = ctx->shared->live_exes; exe; exe = exe->next_live) {
      for (unsigned i = 0; i < exe->num_variants;) {
         struct gl_exe_variant *v = &exe->variants[i];
         if (v->owner != ctx) {
            i++;
            continue;
         }
         delete_shader(ctx, PIPE_SHADER_VERTEX, v->vs);
         delete_shader(ctx, PIPE_SHADER_FRAGMENT, v->fs);
         *v = exe->variants[--exe->num_variants];
      }
   }
   pthread_mutex_unlock(&ctx->shared->lock);
}
