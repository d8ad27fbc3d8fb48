/* Query objects: GL_EXT_occlusion_query_boolean (ANY_SAMPLES_PASSED_EXT and
 * ANY_SAMPLES_PASSED_CONSERVATIVE_EXT) and GL_EXT_disjoint_timer_query (TIME_ELAPSED_EXT,
 * TIMESTAMP_EXT). Query objects are per context in ES. The GPU measures: the pipe query
 * (pipe/p_query.h) reads the DBs' ZPASS counts or the GPU clock from memory the GPU wrote
 * (docs/queries.md). The two occlusion targets share one active slot (the extension makes
 * beginning one while the other is active an INVALID_OPERATION); a name gets its object,
 * and with it its target, at its first glBeginQueryEXT / glQueryCounterEXT. */
#include "gl_context.h"

#include <stdlib.h>

#include "gl_query.h"

struct gl_query {
   GLuint name;
   GLenum target;
   struct pipe_query *pq;
   bool active;
   bool ready;                /* result holds the result of the last end */
   uint64_t result;
};

static bool is_occlusion(GLenum target)
{
   return target == GL_ANY_SAMPLES_PASSED_EXT || target == GL_ANY_SAMPLES_PASSED_CONSERVATIVE_EXT;
}

/* The active slot of a target BeginQueryEXT accepts; NULL for any other. */
static struct gl_query **active_slot(struct st_context *ctx, GLenum target)
{
   if (is_occlusion(target))
      return &ctx->occlusion_query;
   if (target == GL_TIME_ELAPSED_EXT)
      return &ctx->timer_query;
   return NULL;
}

static enum pipe_query_type pipe_type(GLenum target)
{
   if (is_occlusion(target))
      return PIPE_QUERY_OCCLUSION_PREDICATE;
   return target == GL_TIME_ELAPSED_EXT ? PIPE_QUERY_TIME_ELAPSED : PIPE_QUERY_TIMESTAMP;
}

static void query_destroy(struct st_context *ctx, struct gl_query *q)
{
   if (q->active) {
      ctx->pipe->end_query(ctx->pipe, q->pq);
      *active_slot(ctx, q->target) = NULL;
   }
   ctx->pipe->destroy_query(ctx->pipe, q->pq);
   free(q);
}

/* The object of `id` for `target`, created at its first use: NULL with INVALID_OPERATION
 * for a name glGenQueriesEXT did not return (0 included), an object of another target or
 * an active one, OUT_OF_MEMORY when it cannot be made. */
static struct gl_query *query_for(struct st_context *ctx, GLuint id, GLenum target,
                                  const char *func)
{
   struct gl_query *q = id ? gl_names_lookup(&ctx->queries, id) : NULL;
   if (!q) {
      if (!id || !gl_names_exists(&ctx->queries, id)) {
         gl_error_at(ctx, GL_INVALID_OPERATION, func);
         return NULL;
      }
      q = calloc(1, sizeof(*q));
      if (q)
         q->pq = ctx->pipe->create_query(ctx->pipe, pipe_type(target));
      if (!q || !q->pq || !gl_names_set(&ctx->queries, id, q)) {
         if (q && q->pq)
            ctx->pipe->destroy_query(ctx->pipe, q->pq);
         free(q);
         gl_error_at(ctx, GL_OUT_OF_MEMORY, func);
         return NULL;
      }
      q->name = id;
      q->target = target;
   }
   if (q->target != target || q->active) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return NULL;
   }
   return q;
}

void GL_APIENTRY glGenQueriesEXT(GLsizei n, GLuint *ids)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      ids[i] = gl_names_generate(&ctx->queries);
      if (!ids[i]) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
   }
}

void GL_APIENTRY glDeleteQueriesEXT(GLsizei n, const GLuint *ids)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (!ids[i] || !gl_names_exists(&ctx->queries, ids[i]))
         continue;
      struct gl_query *q = gl_names_lookup(&ctx->queries, ids[i]);
      if (q)
         query_destroy(ctx, q);   /* an active one ends first */
      gl_names_remove(&ctx->queries, ids[i]);
   }
}

GLboolean GL_APIENTRY glIsQueryEXT(GLuint id)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   return id && gl_names_lookup(&ctx->queries, id) ? GL_TRUE : GL_FALSE;
}

void GL_APIENTRY glBeginQueryEXT(GLenum target, GLuint id)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_query **slot = active_slot(ctx, target);
   if (!slot) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (*slot) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   struct gl_query *q = query_for(ctx, id, target, __func__);
   if (!q)
      return;
   if (!ctx->pipe->begin_query(ctx->pipe, q->pq)) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   q->active = true;
   q->ready = false;
   *slot = q;
}

void GL_APIENTRY glEndQueryEXT(GLenum target)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_query **slot = active_slot(ctx, target);
   if (!slot) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct gl_query *q = *slot;
   if (!q || q->target != target) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   ctx->pipe->end_query(ctx->pipe, q->pq);
   q->active = false;
   *slot = NULL;
}

void GL_APIENTRY glQueryCounterEXT(GLuint id, GLenum target)
{
   GET_CONTEXT_OR_RETURN();
   if (target != GL_TIMESTAMP_EXT) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct gl_query *q = query_for(ctx, id, target, __func__);
   if (!q)
      return;
   ctx->pipe->end_query(ctx->pipe, q->pq);
   q->ready = false;
}

void GL_APIENTRY glGetQueryivEXT(GLenum target, GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_query **slot = active_slot(ctx, target);
   if (!slot && target != GL_TIMESTAMP_EXT) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   GLint unused;
   if (!params)
      params = &unused;   /* NULL: the checks only */
   switch (pname) {
   case GL_CURRENT_QUERY_EXT:
      /* TIMESTAMP queries are never active; a query of the other occlusion target is not
       * this target's. */
      *params = slot && *slot && (*slot)->target == target ? (GLint)(*slot)->name : 0;
      return;
   case GL_QUERY_COUNTER_BITS_EXT:
      *params = 64;
      return;
   default:
      gl_error(ctx, GL_INVALID_ENUM);
   }
}

/* The result (QUERY_RESULT_EXT, waiting for it) or availability of query `id` into *out;
 * false with the GL error raised. */
static bool query_object(GLuint id, GLenum pname, uint64_t *out, const char *func)
{
   GET_CONTEXT_OR_RETURN(false);
   if (pname != GL_QUERY_RESULT_EXT && pname != GL_QUERY_RESULT_AVAILABLE_EXT) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return false;
   }
   struct gl_query *q = id ? gl_names_lookup(&ctx->queries, id) : NULL;
   if (!q || q->active) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return false;
   }
   if (!q->ready)
      q->ready = ctx->pipe->get_query_result(ctx->pipe, q->pq, pname == GL_QUERY_RESULT_EXT,
                                             &q->result);
   if (pname == GL_QUERY_RESULT_AVAILABLE_EXT)
      *out = q->ready;
   else
      *out = q->result;
   return true;
}

void GL_APIENTRY glGetQueryObjectuivEXT(GLuint id, GLenum pname, GLuint *params)
{
   uint64_t v;
   if (query_object(id, pname, &v, __func__) && params)
      *params = v > UINT32_MAX ? UINT32_MAX : (GLuint)v;   /* saturated, as Mesa does */
}

void GL_APIENTRY glGetQueryObjectivEXT(GLuint id, GLenum pname, GLint *params)
{
   uint64_t v;
   if (query_object(id, pname, &v, __func__) && params)
      *params = v > INT32_MAX ? INT32_MAX : (GLint)v;
}

void GL_APIENTRY glGetQueryObjecti64vEXT(GLuint id, GLenum pname, GLint64 *params)
{
   uint64_t v;
   if (query_object(id, pname, &v, __func__) && params)
      *params = v > INT64_MAX ? INT64_MAX : (GLint64)v;
}

void GL_APIENTRY glGetQueryObjectui64vEXT(GLuint id, GLenum pname, GLuint64 *params)
{
   uint64_t v;
   if (query_object(id, pname, &v, __func__) && params)
      *params = v;
}

bool gl_query_get_state(const struct st_context *ctx, GLenum pname, int64_t *value)
{
   switch (pname) {
   case GL_TIMESTAMP_EXT: {
      struct pipe_screen *screen = ctx->pipe->screen;
      *value = (int64_t)screen->get_timestamp(screen);
      return true;
   }
   case GL_GPU_DISJOINT_EXT:
      *value = 0;   /* the simulated GPU clock never jumps (docs/queries.md) */
      return true;
   default:
      return false;
   }
}

static void destroy_one(void *value, void *data)
{
   query_destroy(data, value);
}

void gl_query_fini(struct st_context *ctx)
{
   gl_names_foreach(&ctx->queries, destroy_one, ctx);
   gl_names_fini(&ctx->queries);
   ctx->occlusion_query = ctx->timer_query = NULL;
}
