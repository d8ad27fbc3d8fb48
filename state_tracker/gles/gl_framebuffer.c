/* The draw/read framebuffer: the EGL surface (binding 0) or a framebuffer object of this
 * context (ES 2.0 4.4) with renderbuffer attachments; completeness, and the facts draws,
 * clears, glReadPixels and glGet use. Renderbuffers are stored top row first like EGL
 * surfaces, so both are drawn with the same y flip. */
#include "gl_context.h"

#include <stdlib.h>

#include "gl_fbo.h"
#include "gl_pipe.h"
#include "st_framebuffer.h"

/* ---- completeness ---- */

static bool attachment_complete(const struct gl_renderbuffer *rb, unsigned point)
{
   if (!rb->width || !rb->height)
      return false;
   if (point == GL_ATT_COLOR)
      return gl_renderbuffer_bits(rb->internal_format, GL_RED_BITS) > 0;
   return gl_renderbuffer_bits(rb->internal_format,
                               point == GL_ATT_DEPTH ? GL_DEPTH_BITS : GL_STENCIL_BITS) > 0;
}

GLenum gl_framebuffer_status(const struct gl_framebuffer *fb)
{
   const struct gl_renderbuffer *first = NULL;
   for (unsigned i = 0; i < GL_ATT_COUNT; i++) {
      const struct gl_renderbuffer *rb = fb->att[i];
      if (!rb)
         continue;
      if (!attachment_complete(rb, i))
         return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      if (!first)
         first = rb;
   }
   if (!first)
      return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
   for (unsigned i = 0; i < GL_ATT_COUNT; i++)
      if (fb->att[i] && (fb->att[i]->width != first->width || fb->att[i]->height != first->height))
         return GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS;
   /* Depth and stencil share one DB surface: separate renderbuffers cannot both be bound
    * (one DEPTH24_STENCIL8_OES renderbuffer at both points can). */
   if (fb->att[GL_ATT_DEPTH] && fb->att[GL_ATT_STENCIL] &&
       fb->att[GL_ATT_DEPTH] != fb->att[GL_ATT_STENCIL])
      return GL_FRAMEBUFFER_UNSUPPORTED;
   return GL_FRAMEBUFFER_COMPLETE;
}

static const struct gl_renderbuffer *any_attachment(const struct gl_framebuffer *fb)
{
   for (unsigned i = 0; i < GL_ATT_COUNT; i++)
      if (fb->att[i])
         return fb->att[i];
   return NULL;
}

static struct gl_renderbuffer *zs_attachment(const struct gl_framebuffer *fb)
{
   return fb->att[GL_ATT_DEPTH] ? fb->att[GL_ATT_DEPTH] : fb->att[GL_ATT_STENCIL];
}

/* ---- facts about the draw framebuffer ---- */

bool gl_have_draw_buffer(const struct st_context *ctx)
{
   if (ctx->fbo)
      return gl_framebuffer_status(ctx->fbo) == GL_FRAMEBUFFER_COMPLETE;
   return ctx->draw && ctx->draw_cbuf;
}

unsigned gl_draw_width(const struct st_context *ctx)
{
   if (ctx->fbo) {
      const struct gl_renderbuffer *rb = any_attachment(ctx->fbo);
      return rb ? (unsigned)rb->width : 0;
   }
   return ctx->draw ? ctx->draw->width : 0;
}

unsigned gl_draw_height(const struct st_context *ctx)
{
   if (ctx->fbo) {
      const struct gl_renderbuffer *rb = any_attachment(ctx->fbo);
      return rb ? (unsigned)rb->height : 0;
   }
   return ctx->draw ? ctx->draw->height : 0;
}

bool gl_draw_flipped(const struct st_context *ctx)
{
   return true;
}

int gl_max_viewport_size(const struct st_context *ctx)
{
   struct pipe_screen *screen = ctx->pipe->screen;
   int max = screen->get_param(screen, PIPE_CAP_MAX_VIEWPORT_SIZE);
   return max > 0 ? max : 8192;
}

/* GL_RED_BITS .. GL_STENCIL_BITS of the draw framebuffer. */
int gl_draw_bits(const struct st_context *ctx, GLenum pname)
{
   if (ctx->fbo) {
      unsigned point = pname == GL_DEPTH_BITS ? GL_ATT_DEPTH
                     : pname == GL_STENCIL_BITS ? GL_ATT_STENCIL : GL_ATT_COLOR;
      const struct gl_renderbuffer *rb = ctx->fbo->att[point];
      return rb ? gl_renderbuffer_bits(rb->internal_format, pname) : 0;
   }
   if (!ctx->draw)
      return 0;
   enum pipe_format color = ctx->draw->color->format;
   enum pipe_format zs = ctx->draw->zs ? ctx->draw->zs->format : PIPE_FORMAT_NONE;
   bool rgb565 = color == PIPE_FORMAT_B5G6R5_UNORM;
   switch (pname) {
   case GL_RED_BITS: case GL_BLUE_BITS: return rgb565 ? 5 : 8;
   case GL_GREEN_BITS: return rgb565 ? 6 : 8;
   case GL_ALPHA_BITS:
      return color == PIPE_FORMAT_R8G8B8A8_UNORM || color == PIPE_FORMAT_B8G8R8A8_UNORM ? 8 : 0;
   case GL_DEPTH_BITS:
      return zs == PIPE_FORMAT_Z24_UNORM_S8_UINT || zs == PIPE_FORMAT_Z24X8_UNORM ? 24
           : zs == PIPE_FORMAT_Z16_UNORM ? 16 : 0;
   case GL_STENCIL_BITS:
      return zs == PIPE_FORMAT_Z24_UNORM_S8_UINT || zs == PIPE_FORMAT_S8_UINT ? 8 : 0;
   default:
      return 0;
   }
}

/* ---- surfaces ---- */

void gl_framebuffer_changed(struct st_context *ctx)
{
   ctx->dirty |= ST_DIRTY_FRAMEBUFFER | ST_DIRTY_VIEWPORT | ST_DIRTY_SCISSOR |
                 ST_DIRTY_RASTERIZER | ST_DIRTY_DSA;
}

/* Keeps *surf a surface of res (NULL for none); true if it changed. */
static bool sync_surface(struct st_context *ctx, struct pipe_surface **surf,
                         struct pipe_resource *res)
{
   if (*surf && (*surf)->texture == res)
      return false;
   if (!*surf && !res)
      return false;
   if (*surf)
      ctx->pipe->surface_destroy(ctx->pipe, *surf);
   *surf = NULL;
   if (res) {
      struct pipe_surface templ = { .format = res->format, .width = res->width0,
                                    .height = res->height0 };
      *surf = ctx->pipe->create_surface(ctx->pipe, res, &templ);
   }
   return true;
}

void gl_framebuffer_sync(struct st_context *ctx)
{
   struct gl_framebuffer *fb = ctx->fbo;
   if (!fb)
      return;
   const struct gl_renderbuffer *color = fb->att[GL_ATT_COLOR], *zs = zs_attachment(fb);
   bool changed = sync_surface(ctx, &fb->cbuf, color ? color->res : NULL);
   changed |= sync_surface(ctx, &fb->zsbuf, zs ? zs->res : NULL);
   if (changed)
      gl_framebuffer_changed(ctx);
}

unsigned gl_draw_samples(const struct st_context *ctx)
{
   return !ctx->fbo && ctx->draw ? ctx->draw->samples : 0;
}

struct pipe_surface *gl_draw_cbuf(const struct st_context *ctx)
{
   return ctx->fbo ? ctx->fbo->cbuf : ctx->draw_cbuf;
}

struct pipe_surface *gl_draw_zsbuf(const struct st_context *ctx)
{
   return ctx->fbo ? ctx->fbo->zsbuf : ctx->draw_zsbuf;
}

struct pipe_resource *gl_read_color(struct st_context *ctx, const char *func)
{
   if (!ctx->fbo) {
      if (!ctx->read)
         gl_error_at(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, func);
      return ctx->read ? ctx->read->color : NULL;
   }
   if (gl_framebuffer_status(ctx->fbo) != GL_FRAMEBUFFER_COMPLETE) {
      gl_error_at(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, func);
      return NULL;
   }
   const struct gl_renderbuffer *rb = ctx->fbo->att[GL_ATT_COLOR];
   if (!rb)
      gl_error_at(ctx, GL_INVALID_OPERATION, func);   /* no colour buffer to read */
   return rb ? rb->res : NULL;
}

/* ---- framebuffer objects ---- */

static void framebuffer_destroy(struct st_context *ctx, struct gl_framebuffer *fb)
{
   for (unsigned i = 0; i < GL_ATT_COUNT; i++)
      gl_renderbuffer_unref(fb->att[i]);
   if (fb->cbuf)
      ctx->pipe->surface_destroy(ctx->pipe, fb->cbuf);
   if (fb->zsbuf)
      ctx->pipe->surface_destroy(ctx->pipe, fb->zsbuf);
   free(fb);
}

static void bind_framebuffer(struct st_context *ctx, struct gl_framebuffer *fb)
{
   if (ctx->fbo == fb)
      return;
   ctx->fbo = fb;
   gl_framebuffer_changed(ctx);
}

struct destroy_data { struct st_context *ctx; };

static void destroy_one(void *value, void *data)
{
   framebuffer_destroy(((struct destroy_data *)data)->ctx, value);
}

void gl_framebuffers_fini(struct st_context *ctx)
{
   struct destroy_data d = { ctx };
   if (ctx->fbo) {
      /* The pipe may still hold the FBO's surfaces: bind nothing first. */
      struct pipe_framebuffer_state none = { 0 };
      ctx->pipe->set_framebuffer_state(ctx->pipe, &none);
      ctx->fbo = NULL;
   }
   gl_names_foreach(&ctx->framebuffers, destroy_one, &d);
   gl_names_fini(&ctx->framebuffers);
   gl_renderbuffer_unref(ctx->renderbuffer);
   ctx->renderbuffer = NULL;
}

void gl_framebuffer_detach(struct st_context *ctx, struct gl_renderbuffer *rb)
{
   struct gl_framebuffer *fb = ctx->fbo;
   if (!fb)
      return;
   for (unsigned i = 0; i < GL_ATT_COUNT; i++) {
      if (fb->att[i] == rb) {
         fb->att[i] = NULL;
         gl_renderbuffer_unref(rb);
         gl_framebuffer_changed(ctx);
      }
   }
}

void GL_APIENTRY glGenFramebuffers(GLsizei n, GLuint *framebuffers)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!framebuffers)
      return;   /* as glGenBuffers: nowhere to write the names */
   for (GLsizei i = 0; i < n; i++) {
      framebuffers[i] = gl_names_generate(&ctx->framebuffers);
      if (!framebuffers[i]) {
         gl_error(ctx, GL_OUT_OF_MEMORY);
         return;
      }
   }
}

GLboolean GL_APIENTRY glIsFramebuffer(GLuint framebuffer)
{
   GET_CONTEXT_OR_RETURN(GL_FALSE);
   return framebuffer && gl_names_lookup(&ctx->framebuffers, framebuffer) ? GL_TRUE : GL_FALSE;
}

void GL_APIENTRY glBindFramebuffer(GLenum target, GLuint framebuffer)
{
   GET_CONTEXT_OR_RETURN();
   if (target != GL_FRAMEBUFFER) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct gl_framebuffer *fb = NULL;
   if (framebuffer) {
      /* Binding a name creates its object (ES 2.0 4.4.1). */
      fb = gl_names_lookup(&ctx->framebuffers, framebuffer);
      if (!fb) {
         fb = calloc(1, sizeof(*fb));
         if (!fb || !gl_names_set(&ctx->framebuffers, framebuffer, fb)) {
            free(fb);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
         }
         fb->name = framebuffer;
      }
   }
   bind_framebuffer(ctx, fb);
}

void GL_APIENTRY glDeleteFramebuffers(GLsizei n, const GLuint *framebuffers)
{
   GET_CONTEXT_OR_RETURN();
   if (n < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!framebuffers)
      return;
   for (GLsizei i = 0; i < n; i++) {
      GLuint name = framebuffers[i];
      if (!name || !gl_names_exists(&ctx->framebuffers, name))
         continue;
      struct gl_framebuffer *fb = gl_names_lookup(&ctx->framebuffers, name);
      gl_names_remove(&ctx->framebuffers, name);
      if (!fb)
         continue;
      if (ctx->fbo == fb) {
         /* Deleting the bound framebuffer binds 0; the pipe must drop its surfaces now. */
         struct pipe_framebuffer_state none = { 0 };
         ctx->pipe->set_framebuffer_state(ctx->pipe, &none);
         bind_framebuffer(ctx, NULL);
      }
      framebuffer_destroy(ctx, fb);
   }
}

/* The attachment point of an ES 2.0 attachment enum, or -1. */
static int attachment_point(GLenum attachment)
{
   switch (attachment) {
   case GL_COLOR_ATTACHMENT0: return GL_ATT_COLOR;
   case GL_DEPTH_ATTACHMENT: return GL_ATT_DEPTH;
   case GL_STENCIL_ATTACHMENT: return GL_ATT_STENCIL;
   default: return -1;
   }
}

void GL_APIENTRY glFramebufferRenderbuffer(GLenum target, GLenum attachment,
                                           GLenum renderbuffertarget, GLuint renderbuffer)
{
   GET_CONTEXT_OR_RETURN();
   int point = attachment_point(attachment);
   if (target != GL_FRAMEBUFFER || point < 0 ||
       (renderbuffer && renderbuffertarget != GL_RENDERBUFFER)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct gl_renderbuffer *rb = renderbuffer ? gl_renderbuffer_lookup(ctx, renderbuffer) : NULL;
   if (!ctx->fbo || (renderbuffer && !rb)) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   gl_renderbuffer_ref(rb);
   gl_renderbuffer_unref(ctx->fbo->att[point]);
   ctx->fbo->att[point] = rb;
   gl_framebuffer_changed(ctx);
}

GLenum GL_APIENTRY glCheckFramebufferStatus(GLenum target)
{
   GET_CONTEXT_OR_RETURN(0);
   if (target != GL_FRAMEBUFFER) {
      gl_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   return ctx->fbo ? gl_framebuffer_status(ctx->fbo) : GL_FRAMEBUFFER_COMPLETE;
}

void GL_APIENTRY glGetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment,
                                                       GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   int point = attachment_point(attachment);
   if (target != GL_FRAMEBUFFER || point < 0) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (!ctx->fbo) {
      gl_error(ctx, GL_INVALID_OPERATION);   /* the default framebuffer has no attachments */
      return;
   }
   const struct gl_renderbuffer *rb = ctx->fbo->att[point];
   GLint value;
   if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
      value = rb ? GL_RENDERBUFFER : GL_NONE;
   } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME && rb) {
      value = (GLint)rb->name;
   } else {
      /* Texture pnames of a renderbuffer, anything but the type of nothing (ES 2.0 6.1.13). */
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (params)   /* NULL: the checks only */
      *params = value;
}
