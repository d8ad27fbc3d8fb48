/* Share groups: the object namespaces contexts share (buffers; shaders and programs in one
 * namespace), their lock, and what every object entry point needs to look names up. */
#include "gl_context.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_fbo.h"
#include "gl_objects.h"
#include "gl_texture.h"

struct gl_shared *gl_shared_create(void)
{
   struct gl_shared *sh = calloc(1, sizeof(*sh));
   if (!sh)
      return NULL;
   sh->refcount = 1;
   pthread_mutex_init(&sh->lock, NULL);
   return sh;
}

struct object_list { unsigned count, max; void **items; };

static void collect(void *value, void *data)
{
   struct object_list *l = data;
   if (l->count == l->max) {
      unsigned max = l->max ? l->max * 2 : 64;
      void **items = realloc(l->items, max * sizeof(*items));
      if (!items)
         return;                   /* leaks the object rather than crashing */
      l->items = items;
      l->max = max;
   }
   l->items[l->count++] = value;
}

/* The last context is going: free every object without the usual detach bookkeeping. */
static void destroy_objects(struct st_context *ctx, struct gl_shared *sh)
{
   struct object_list l = {0};
   gl_names_foreach(&sh->buffers, collect, &l);
   for (unsigned i = 0; i < l.count; i++)
      gl_buffer_unref(ctx, l.items[i]);
   l.count = 0;
   gl_names_foreach(&sh->textures, collect, &l);
   for (unsigned i = 0; i < l.count; i++)
      gl_texture_unref(l.items[i]);
   l.count = 0;
   gl_names_foreach(&sh->renderbuffers, collect, &l);
   for (unsigned i = 0; i < l.count; i++)
      gl_renderbuffer_unref(l.items[i]);
   l.count = 0;
   gl_names_foreach(&sh->shader_programs, collect, &l);
   for (unsigned i = 0; i < l.count; i++) {
      struct gl_program *prog = l.items[i];
      if (prog->kind != GL_OBJECT_PROGRAM)
         continue;
      prog->shaders[0] = prog->shaders[1] = NULL;
      gl_program_destroy(ctx, prog);
      l.items[i] = NULL;
   }
   for (unsigned i = 0; i < l.count; i++)
      if (l.items[i])
         gl_shader_destroy(sh, l.items[i]);
   free(l.items);
}

void gl_shared_unref(struct st_context *ctx, struct gl_shared *sh)
{
   pthread_mutex_lock(&sh->lock);
   bool last = --sh->refcount == 0;
   if (last)
      destroy_objects(ctx, sh);
   pthread_mutex_unlock(&sh->lock);
   if (!last)
      return;
   gl_names_fini(&sh->buffers);
   gl_names_fini(&sh->shader_programs);
   gl_names_fini(&sh->textures);
   gl_names_fini(&sh->renderbuffers);
   pthread_mutex_destroy(&sh->lock);
   free(sh);
}

GLuint gl_name_object(struct st_context *ctx, void *obj, const char *func)
{
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   GLuint name = gl_names_generate(&sh->shader_programs);
   if (name)
      gl_names_set(&sh->shader_programs, name, obj);
   pthread_mutex_unlock(&sh->lock);
   if (!name)
      gl_error_at(ctx, GL_OUT_OF_MEMORY, func);
   return name;
}

void *gl_lookup_object(struct st_context *ctx, GLuint name, enum gl_object_kind kind,
                       const char *func)
{
   enum gl_object_kind *obj = name ? gl_names_lookup(&ctx->shared->shader_programs, name) : NULL;
   if (!obj) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return NULL;
   }
   if (*obj != kind) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return NULL;
   }
   return obj;
}

void gl_copy_string(const char *src, GLsizei buf_size, GLsizei *length, GLchar *dst)
{
   GLsizei n = 0;
   if (buf_size > 0 && dst) {
      size_t len = src ? strlen(src) : 0;
      n = len < (size_t)buf_size - 1 ? (GLsizei)len : buf_size - 1;
      if (n)
         memcpy(dst, src, (size_t)n);
      dst[n] = '\0';
   }
   if (length)
      *length = n;
}
