/* Texture objects: names in the share group, per-unit bindings, glTexParameter. */
#include "gl_texture.h"

#include <stdlib.h>

#include "gl_fbo.h"

struct gl_texture *gl_texture_ref(struct gl_texture *tex)
{
   if (tex)
      atomic_fetch_add_explicit(&tex->refcount, 1, memory_order_relaxed);
   return tex;
}

void gl_texture_unref(struct gl_texture *tex)
{
   if (!tex || atomic_fetch_sub_explicit(&tex->refcount, 1, memory_order_acq_rel) != 1)
      return;
   for (unsigned f = 0; f < 6; f++)
      for (unsigned l = 0; l < GL_TEXTURE_LEVELS; l++)
         pipe_resource_reference(&tex->images[f][l].res, NULL);
   pipe_resource_reference(&tex->res, NULL);
   free(tex);
}

static struct gl_texture *texture_create(GLuint name, GLenum target)
{
   struct gl_texture *tex = calloc(1, sizeof(*tex));
   if (!tex)
      return NULL;
   tex->name = name;
   tex->refcount = 1;
   tex->target = target;
   /* OES_EGL_image_external's defaults: CLAMP_TO_EDGE and LINEAR, no mipmaps */
   bool external = target == GL_TEXTURE_EXTERNAL_OES;
   tex->wrap_s = tex->wrap_t = external ? GL_CLAMP_TO_EDGE : GL_REPEAT;
   tex->min_filter = external ? GL_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
   tex->mag_filter = GL_LINEAR;
   return tex;
}

static const GLenum index_target[GL_TEXTURE_INDEX_COUNT] = {
   GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_EXTERNAL_OES,
};

int gl_texture_target_index(GLenum target)
{
   for (int t = 0; t < GL_TEXTURE_INDEX_COUNT; t++)
      if (index_target[t] == target)
         return t;
   return -1;
}

struct gl_texture *gl_texture_bound(struct st_context *ctx, unsigned t, const char *func)
{
   struct gl_texture *tex = ctx->texture_units[ctx->active_texture][t];
   if (tex)
      return tex;
   if (!ctx->default_textures[t])
      ctx->default_textures[t] = texture_create(0, index_target[t]);
   if (!ctx->default_textures[t])
      gl_error_at(ctx, GL_OUT_OF_MEMORY, func);
   return ctx->default_textures[t];
}

struct gl_texture *gl_texture_lookup(struct st_context *ctx, GLuint name)
{
   pthread_mutex_lock(&ctx->shared->lock);
   struct gl_texture *tex = gl_names_lookup(&ctx->shared->textures, name);
   pthread_mutex_unlock(&ctx->shared->lock);
   return tex;
}

GLuint gl_texture_binding(const struct st_context *ctx, unsigned target_index)
{
   const struct gl_texture *tex = ctx->texture_units[ctx->active_texture][target_index];
   return tex ? tex->name : 0;
}

void gl_texture_fini(struct st_context *ctx)
{
   for (unsigned u = 0; u < GL_MAX_TEXTURE_UNITS; u++)
      for (unsigned t = 0; t < GL_TEXTURE_INDEX_COUNT; t++) {
         gl_texture_unref(ctx->texture_units[u][t]);
         ctx->texture_units[u][t] = NULL;
      }
   for (unsigned t = 0; t < GL_TEXTURE_INDEX_COUNT; t++) {
      gl_texture_unref(ctx->default_textures[t]);
      ctx->default_textures[t] = NULL;
   }
   for (unsigned c = 0; c < 2; c++)   /* 2D (also for external), cube */
      pipe_resource_reference(&ctx->black_textures[c], NULL);
}

void GL_APIENTRY glActiveTexture(GLenum texture)
{
   GET_CONTEXT_OR_RETURN();
   if (texture < GL_TEXTURE0 || texture - GL_TEXTURE0 >= (GLenum)gl_max_texture_units(ctx)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   ctx->active_texture = texture - GL_TEXTURE0;
}

void GL_APIENTRY glGenTextures(GLsizei n, GLuint *textures)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!textures)
      return;
   struct gl_shared *sh = ctx->shared;
   pthread_mutex_lock(&sh->lock);
   for (GLsizei i = 0; i < n; i++) {
      textures[i] = gl_names_generate(&sh->textures);
      if (!textures[i]) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
         break;
      }
   }
   pthread_mutex_unlock(&sh->lock);
}

void GL_APIENTRY glBindTexture(GLenum target, GLuint name)
{
   GET_CONTEXT_OR_RETURN();
   int t = gl_texture_target_index(target);
   if (t < 0) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct gl_texture *tex = NULL;
   if (name) {
      /* Created on first bind (names need not come from glGenTextures), with its target
       * fixed for good. */
      struct gl_shared *sh = ctx->shared;
      pthread_mutex_lock(&sh->lock);
      tex = gl_names_lookup(&sh->textures, name);
      bool mismatch = tex && tex->target != target;
      if (!tex) {
         tex = texture_create(name, target);
         if (tex && !gl_names_set(&sh->textures, name, tex)) {
            free(tex);
            tex = NULL;
         }
         if (!tex) {
            pthread_mutex_unlock(&sh->lock);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
         }
      }
      if (!mismatch)
         gl_texture_ref(tex);
      pthread_mutex_unlock(&sh->lock);
      if (mismatch) {
         gl_error(ctx, GL_INVALID_OPERATION);
         return;
      }
   }
   struct gl_texture **slot = &ctx->texture_units[ctx->active_texture][t];
   gl_texture_unref(*slot);
   *slot = tex;
}

void GL_APIENTRY glDeleteTextures(GLsizei n, const GLuint *textures)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!textures)
      return;
   struct gl_shared *sh = ctx->shared;
   for (GLsizei i = 0; i < n; i++) {
      if (!textures[i])
         continue;
      pthread_mutex_lock(&sh->lock);
      struct gl_texture *tex = gl_names_lookup(&sh->textures, textures[i]);
      gl_names_remove(&sh->textures, textures[i]);
      pthread_mutex_unlock(&sh->lock);
      if (!tex)
         continue;
      /* Bindings of the current context revert to 0 (ES 2.0 3.7.13), and so do its bound
       * framebuffer object's attachments of it (4.4.2). */
      gl_framebuffer_detach_texture(ctx, tex);
      for (unsigned u = 0; u < GL_MAX_TEXTURE_UNITS; u++)
         for (unsigned t = 0; t < GL_TEXTURE_INDEX_COUNT; t++)
            if (ctx->texture_units[u][t] == tex) {
               ctx->texture_units[u][t] = NULL;
               gl_texture_unref(tex);
            }
      gl_texture_unref(tex);
   }
}

GLboolean GL_APIENTRY glIsTexture(GLuint name)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   pthread_mutex_lock(&ctx->shared->lock);
   bool is = name && gl_names_lookup(&ctx->shared->textures, name);
   pthread_mutex_unlock(&ctx->shared->lock);
   return is ? GL_TRUE : GL_FALSE;
}

/* ---- parameters ---- */

/* OES_EGL_image_external: an external texture takes CLAMP_TO_EDGE and NEAREST / LINEAR only. */
static bool valid_param(GLenum target, GLenum pname, GLint value)
{
   if (target == GL_TEXTURE_EXTERNAL_OES && pname != GL_TEXTURE_MAG_FILTER)
      return pname == GL_TEXTURE_MIN_FILTER ? value == GL_NEAREST || value == GL_LINEAR
                                            : value == GL_CLAMP_TO_EDGE;
   switch (pname) {
   case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T:
      return value == GL_REPEAT || value == GL_CLAMP_TO_EDGE || value == GL_MIRRORED_REPEAT;
   case GL_TEXTURE_MAG_FILTER:
      return value == GL_NEAREST || value == GL_LINEAR;
   case GL_TEXTURE_MIN_FILTER:
      return value == GL_NEAREST || value == GL_LINEAR || value == GL_NEAREST_MIPMAP_NEAREST ||
             value == GL_LINEAR_MIPMAP_NEAREST || value == GL_NEAREST_MIPMAP_LINEAR ||
             value == GL_LINEAR_MIPMAP_LINEAR;
   }
   return false;
}

/* The parameter pname of the bound texture of target, or NULL (error raised). */
static GLenum *param_of(struct st_context *ctx, GLenum target, GLenum pname, const char *func)
{
   int t = gl_texture_target_index(target);
   if (t < 0) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return NULL;
   }
   struct gl_texture *tex = gl_texture_bound(ctx, (unsigned)t, func);
   if (!tex)
      return NULL;
   switch (pname) {
   case GL_TEXTURE_WRAP_S: return &tex->wrap_s;
   case GL_TEXTURE_WRAP_T: return &tex->wrap_t;
   case GL_TEXTURE_MIN_FILTER: return &tex->min_filter;
   case GL_TEXTURE_MAG_FILTER: return &tex->mag_filter;
   }
   gl_error_at(ctx, GL_INVALID_ENUM, func);
   return NULL;
}

static void set_param(GLenum target, GLenum pname, GLint value, const char *func)
{
   GET_CONTEXT_OR_RETURN();
   GLenum *p = param_of(ctx, target, pname, func);
   if (!p)
      return;
   if (!valid_param(target, pname, value)) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return;
   }
   *p = (GLenum)value;
}

void GL_APIENTRY glTexParameteri(GLenum target, GLenum pname, GLint param)
{
   set_param(target, pname, param, __func__);
}

void GL_APIENTRY glTexParameterf(GLenum target, GLenum pname, GLfloat param)
{
   /* Every ES 2.0 parameter is an enum: a float that is not one exactly is invalid. */
   GLint value = param >= 0.0f && param <= 65535.0f && param == (GLfloat)(GLint)param ?
                 (GLint)param : -1;
   set_param(target, pname, value, __func__);
}

void GL_APIENTRY glTexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
   if (params)
      set_param(target, pname, params[0], __func__);
}

void GL_APIENTRY glTexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
   if (params)
      glTexParameterf(target, pname, params[0]);
}

void GL_APIENTRY glGetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   GLenum *p = param_of(ctx, target, pname, __func__);
   if (p && params)
      params[0] = (GLint)*p;
}

void GL_APIENTRY glGetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
   GET_CONTEXT_OR_RETURN();
   GLenum *p = param_of(ctx, target, pname, __func__);
   if (p && params)
      params[0] = (GLfloat)*p;
}
