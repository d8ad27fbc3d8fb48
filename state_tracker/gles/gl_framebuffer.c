/* The draw/read framebuffer: the EGL surface (binding 0) or a framebuffer object of this
 * context (ES 2.0 4.4) with renderbuffer and texture attachments; completeness, and the
 * facts draws, clears, glReadPixels and glGet use. GL_ANGLE_framebuffer_blit splits the
 * binding: ctx->fbo is the DRAW_FRAMEBUFFER (draws, clears), ctx->read_fbo the
 * READ_FRAMEBUFFER (glReadPixels, glCopyTex*, the blit's source); GL_FRAMEBUFFER binds both
 * and names the draw binding elsewhere. Renderbuffers are stored top row first
 * like EGL surfaces, so both are drawn with the same y flip; texture images are stored
 * bottom row (t = 0) first, so a framebuffer object whose colour buffer is a texture
 * image is drawn without the flip. */
#include "gl_context.h"

#include <stdlib.h>

#include "gl_fbo.h"
#include "gl_pipe.h"
#include "gl_texture.h"
#include "st_framebuffer.h"

/* ---- attachments ---- */

/* The texture image at a point, NULL when the point holds none. */
static const struct gl_texture_image *att_image(const struct gl_framebuffer *fb, unsigned point)
{
   const struct gl_texture *tex = fb->tex[point];
   return tex ? &tex->images[fb->tex_face[point]][fb->tex_level[point]] : NULL;
}

static bool att_present(const struct gl_framebuffer *fb, unsigned point)
{
   return fb->att[point] || fb->tex[point];
}

static void att_size(const struct gl_framebuffer *fb, unsigned point, GLsizei *w, GLsizei *h)
{
   const struct gl_texture_image *img = att_image(fb, point);
   *w = img ? img->width : fb->att[point] ? fb->att[point]->width : 0;
   *h = img ? img->height : fb->att[point] ? fb->att[point]->height : 0;
}

/* GL_RED_BITS .. GL_STENCIL_BITS of the image at a point. */
static int att_bits(const struct gl_framebuffer *fb, unsigned point, GLenum pname)
{
   const struct gl_texture_image *img = att_image(fb, point);
   if (img)
      return gl_texture_format_bits(&img->fmt, pname);
   return fb->att[point] ? gl_renderbuffer_bits(fb->att[point]->internal_format, pname) : 0;
}

/* RENDERBUFFER_SAMPLES of the image at a point (texture images: 0). */
static unsigned att_samples(const struct gl_framebuffer *fb, unsigned point)
{
   return fb->att[point] ? (unsigned)fb->att[point]->samples
        : fb->tex[point] ? fb->tex_samples[point] : 0;
}

/* ---- GL_EXT_multisampled_render_to_texture ---- */

/* Whether fb draws COLOR_ATTACHMENT0 through an implicit multi-sampled buffer. */
static bool has_implicit_ms(const struct gl_framebuffer *fb)
{
   return fb->tex[GL_ATT_COLOR] && fb->tex_samples[GL_ATT_COLOR];
}

/* fb's implicit buffer, (re)made to match COLOR_ATTACHMENT0's image; NULL when the image
 * has no storage or the buffer cannot be made. */
static struct pipe_resource *implicit_ms_buffer(struct st_context *ctx, struct gl_framebuffer *fb)
{
   const struct gl_texture_image *img = att_image(fb, GL_ATT_COLOR);
   struct pipe_resource *ms = fb->implicit_ms;
   if (!img->res) {
      pipe_resource_reference(&fb->implicit_ms, NULL);
      return NULL;
   }
   if (ms && ms->width0 == (unsigned)img->width && ms->height0 == (unsigned)img->height &&
       ms->format == img->res->format && ms->nr_samples == fb->tex_samples[GL_ATT_COLOR])
      return ms;
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D, .format = img->res->format, .width0 = (unsigned)img->width,
      .height0 = (unsigned)img->height, .depth0 = 1,
      .nr_samples = fb->tex_samples[GL_ATT_COLOR], .bind = PIPE_BIND_RENDER_TARGET,
   };
   pipe_resource_reference(&fb->implicit_ms, NULL);
   fb->implicit_ms = ctx->pipe->screen->resource_create(ctx->pipe->screen, &templ);
   return fb->implicit_ms;
}

/* Resolves fb's implicit buffer into COLOR_ATTACHMENT0's image (pipe->blit: the CB's
 * resolve); both are stored in the same row order. */
static void resolve_implicit_ms(struct st_context *ctx, struct gl_framebuffer *fb)
{
   if (!fb || !has_implicit_ms(fb) || !fb->implicit_ms)
      return;
   const struct gl_texture_image *img = att_image(fb, GL_ATT_COLOR);
   struct pipe_resource *ms = fb->implicit_ms;
   if (!img->res || ms->width0 != (unsigned)img->width || ms->height0 != (unsigned)img->height)
      return;
   struct pipe_blit_info info = { .filter = PIPE_TEX_FILTER_NEAREST };
   info.src.resource = ms;
   info.src.box = (struct pipe_box){ .width = img->width, .height = img->height, .depth = 1 };
   info.dst.resource = img->res;
   info.dst.level = img->res_level;
   info.dst.layer = img->res_layer;
   info.dst.box = info.src.box;
   for (unsigned c = 0; c < 4; c++)
      info.swizzle[c] = c;
   gl_texture_blit(ctx, &info);
}

/* Where the image at a point is stored (res NULL when nowhere). */
static void att_storage(const struct gl_framebuffer *fb, unsigned point,
                        struct pipe_resource **res, unsigned *level, unsigned *layer)
{
   const struct gl_texture_image *img = att_image(fb, point);
   *res = img ? img->res : fb->att[point] ? fb->att[point]->res : NULL;
   *level = img ? img->res_level : 0;
   *layer = img ? img->res_layer : 0;
}

static bool is_color_point(unsigned point)
{
   return point < GL_ATT_COLOR + GL_FB_MAX_COLOR;
}

/* Whether fb's colour images are texture images, stored bottom row first (they are all
 * of one kind in a complete framebuffer); without colour images, whether its depth/stencil
 * image is a texture image (a depth texture is sampled, so its rows must be in order too). */
static bool color_is_texture(const struct gl_framebuffer *fb)
{
   for (unsigned i = GL_ATT_COLOR; is_color_point(i); i++)
      if (att_present(fb, i))
         return fb->tex[i] != NULL;
   return fb->tex[GL_ATT_DEPTH] || fb->tex[GL_ATT_STENCIL];
}

/* ---- completeness ---- */

static bool attachment_complete(const struct gl_framebuffer *fb, unsigned point)
{
   GLsizei w, h;
   att_size(fb, point, &w, &h);
   if (!w || !h)
      return false;
   if (is_color_point(point))
      return att_bits(fb, point, GL_RED_BITS) > 0;
   return att_bits(fb, point, point == GL_ATT_DEPTH ? GL_DEPTH_BITS : GL_STENCIL_BITS) > 0;
}

GLenum gl_framebuffer_status(const struct gl_framebuffer *fb)
{
   int first = -1;
   for (unsigned i = 0; i < GL_ATT_COUNT; i++) {
      if (!att_present(fb, i))
         continue;
      if (!attachment_complete(fb, i))
         return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      if (first < 0)
         first = (int)i;
   }
   if (first < 0)
      return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
   GLsizei w0, h0;
   att_size(fb, (unsigned)first, &w0, &h0);
   for (unsigned i = 0; i < GL_ATT_COUNT; i++) {
      GLsizei w, h;
      att_size(fb, i, &w, &h);
      if (att_present(fb, i) && (w != w0 || h != h0))
         return GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS;
   }
   /* GL_ANGLE_framebuffer_multisample: every image has one sample count. */
   for (unsigned i = 0; i < GL_ATT_COUNT; i++)
      if (att_present(fb, i) && att_samples(fb, i) != att_samples(fb, (unsigned)first))
         return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE_ANGLE;
   /* Depth and stencil share one DB surface: separate images cannot both be bound (one
    * DEPTH24_STENCIL8_OES renderbuffer or DEPTH_STENCIL_OES texture image at both can). */
   if (att_present(fb, GL_ATT_DEPTH) && att_present(fb, GL_ATT_STENCIL)) {
      struct pipe_resource *res[2];
      unsigned level[2], layer[2];
      att_storage(fb, GL_ATT_DEPTH, &res[0], &level[0], &layer[0]);
      att_storage(fb, GL_ATT_STENCIL, &res[1], &level[1], &layer[1]);
      if (res[0] != res[1] || level[0] != level[1] || layer[0] != layer[1])
         return GL_FRAMEBUFFER_UNSUPPORTED;
   }
   /* One y flip serves a draw: colour renderbuffers (top row first) and texture images
    * (bottom row first) cannot be drawn together, nor colour renderbuffers with a depth
    * texture (sampled later, so stored bottom row first as well). */
   bool rbs = false, texs = false;
   for (unsigned i = GL_ATT_COLOR; is_color_point(i); i++) {
      rbs |= fb->att[i] != NULL;
      texs |= fb->tex[i] != NULL;
   }
   if (rbs && (texs || fb->tex[GL_ATT_DEPTH] || fb->tex[GL_ATT_STENCIL]))
      return GL_FRAMEBUFFER_UNSUPPORTED;
   return GL_FRAMEBUFFER_COMPLETE;
}

/* The size of fb: its first attachment's. */
static void fb_size(const struct gl_framebuffer *fb, GLsizei *w, GLsizei *h)
{
   *w = *h = 0;
   for (unsigned i = 0; i < GL_ATT_COUNT && !*w; i++)
      att_size(fb, i, w, h);
}

/* The point whose image is the depth/stencil buffer. */
static unsigned zs_point(const struct gl_framebuffer *fb)
{
   return att_present(fb, GL_ATT_DEPTH) ? GL_ATT_DEPTH : GL_ATT_STENCIL;
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
      GLsizei w, h;
      fb_size(ctx->fbo, &w, &h);
      return (unsigned)w;
   }
   return ctx->draw ? ctx->draw->width : 0;
}

unsigned gl_draw_height(const struct st_context *ctx)
{
   if (ctx->fbo) {
      GLsizei w, h;
      fb_size(ctx->fbo, &w, &h);
      return (unsigned)h;
   }
   return ctx->draw ? ctx->draw->height : 0;
}

bool gl_draw_flipped(const struct st_context *ctx)
{
   return !ctx->fbo || !color_is_texture(ctx->fbo);
}

int gl_max_viewport_size(const struct st_context *ctx)
{
   struct pipe_screen *screen = ctx->pipe->screen;
   int max = screen->get_param(screen, PIPE_CAP_MAX_VIEWPORT_SIZE);
   return max > 0 ? max : 8192;
}

/* GL_RED_BITS .. GL_STENCIL_BITS of an EGL surface's buffers. */
static int surface_bits(const struct st_framebuffer *fb, GLenum pname)
{
   enum pipe_format color = fb->color->format;
   enum pipe_format zs = fb->zs ? fb->zs->format : PIPE_FORMAT_NONE;
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

/* GL_RED_BITS .. GL_STENCIL_BITS of the draw framebuffer. */
int gl_draw_bits(const struct st_context *ctx, GLenum pname)
{
   if (ctx->fbo) {
      unsigned point = pname == GL_DEPTH_BITS ? GL_ATT_DEPTH
                     : pname == GL_STENCIL_BITS ? GL_ATT_STENCIL : GL_ATT_COLOR;
      return att_bits(ctx->fbo, point, pname);
   }
   return ctx->draw ? surface_bits(ctx->draw, pname) : 0;
}

/* ---- surfaces ---- */

void gl_framebuffer_changed(struct st_context *ctx)
{
   ctx->dirty |= ST_DIRTY_FRAMEBUFFER | ST_DIRTY_VIEWPORT | ST_DIRTY_SCISSOR |
                 ST_DIRTY_RASTERIZER | ST_DIRTY_DSA | ST_DIRTY_BLEND;   /* blend: alpha bits */
}

/* Keeps *surf a surface of the image at `point` (NULL for none); true if it changed. */
static bool sync_surface(struct st_context *ctx, struct pipe_surface **surf,
                         struct gl_framebuffer *fb, unsigned point)
{
   struct pipe_resource *res;
   unsigned level, layer;
   att_storage(fb, point, &res, &level, &layer);
   if (point == GL_ATT_COLOR && has_implicit_ms(fb)) {
      res = implicit_ms_buffer(ctx, fb);
      level = layer = 0;
   }
   if (*surf && (*surf)->texture == res && (*surf)->level == level &&
       (*surf)->first_layer == layer)
      return false;
   if (!*surf && !res)
      return false;
   if (*surf)
      ctx->pipe->surface_destroy(ctx->pipe, *surf);
   *surf = NULL;
   if (res) {
      struct pipe_surface templ = { .format = res->format, .level = level, .first_layer = layer };
      *surf = ctx->pipe->create_surface(ctx->pipe, res, &templ);
   }
   return true;
}

void gl_framebuffer_sync(struct st_context *ctx)
{
   struct gl_framebuffer *fb = ctx->fbo;
   if (!fb)
      return;
   bool changed = false;
   for (unsigned i = 0; i < GL_FB_MAX_COLOR; i++)
      changed |= sync_surface(ctx, &fb->cbufs[i], fb, GL_ATT_COLOR + i);
   changed |= sync_surface(ctx, &fb->zsbuf, fb, zs_point(fb));
   if (changed)
      gl_framebuffer_changed(ctx);
}

/* The sample count of fb: its first attachment's (they agree when it is complete). */
static unsigned fb_samples(const struct gl_framebuffer *fb)
{
   for (unsigned i = 0; i < GL_ATT_COUNT; i++)
      if (att_present(fb, i))
         return att_samples(fb, i);
   return 0;
}

unsigned gl_draw_samples(const struct st_context *ctx)
{
   if (ctx->fbo)
      return fb_samples(ctx->fbo);
   return ctx->draw ? ctx->draw->samples : 0;
}

GLenum gl_draw_buffer(const struct st_context *ctx, unsigned i)
{
   if (ctx->fbo)
      return ctx->fbo->draw_buffers[i];
   return i == 0 && !ctx->default_draw_none ? GL_BACK : GL_NONE;
}

unsigned gl_draw_cbufs(const struct st_context *ctx, struct pipe_surface *out[GL_FB_MAX_COLOR])
{
   unsigned n = 0;
   for (unsigned i = 0; i < GL_FB_MAX_COLOR; i++) {
      GLenum b = gl_draw_buffer(ctx, i);
      out[i] = NULL;
      if (b == GL_BACK)
         out[i] = ctx->draw_cbuf;
      else if (b != GL_NONE)
         out[i] = ctx->fbo->cbufs[b - GL_COLOR_ATTACHMENT0];
      if (b != GL_NONE)
         n = i + 1;
   }
   return n;
}

struct pipe_surface *gl_draw_zsbuf(const struct st_context *ctx)
{
   return ctx->fbo ? ctx->fbo->zsbuf : ctx->draw_zsbuf;
}

bool gl_read_buffer(struct st_context *ctx, const char *func, struct gl_read_buffer *out)
{
   *out = (struct gl_read_buffer){ .flipped = true };
   if (!ctx->read_fbo) {
      if (!ctx->read || !ctx->read->color) {
         gl_error_at(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, func);
         return false;
      }
      out->res = ctx->read->color;
      out->width = out->res->width0;
      out->height = out->res->height0;
      out->has_alpha = out->res->format == PIPE_FORMAT_R8G8B8A8_UNORM ||
                       out->res->format == PIPE_FORMAT_B8G8R8A8_UNORM;
      return true;
   }
   if (gl_framebuffer_status(ctx->read_fbo) != GL_FRAMEBUFFER_COMPLETE) {
      gl_error_at(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, func);
      return false;
   }
   if (ctx->read_fbo->att[GL_ATT_COLOR] && ctx->read_fbo->att[GL_ATT_COLOR]->samples) {
      /* A multi-sampled renderbuffer is read resolved by glBlitFramebufferANGLE only
       * (ANGLE_framebuffer_multisample: ReadPixels, CopyTex* INVALID_OPERATION). */
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return false;
   }
   if (ctx->read_fbo == ctx->fbo)
      resolve_implicit_ms(ctx, ctx->fbo);   /* reads see what was drawn */
   att_storage(ctx->read_fbo, GL_ATT_COLOR, &out->res, &out->level, &out->layer);
   if (!out->res) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);   /* no colour buffer to read */
      return false;
   }
   GLsizei w, h;
   att_size(ctx->read_fbo, GL_ATT_COLOR, &w, &h);
   out->width = (unsigned)w;
   out->height = (unsigned)h;
   out->flipped = !color_is_texture(ctx->read_fbo);
   out->has_alpha = att_bits(ctx->read_fbo, GL_ATT_COLOR, GL_ALPHA_BITS) > 0;
   out->alpha_one = !out->has_alpha;   /* stored alpha (RGB in RGBA8 storage) reads as 1 */
   return true;
}

void gl_framebuffer_image(const struct st_context *ctx, bool read, GLbitfield kind, unsigned i,
                          struct gl_fb_image *out)
{
   static const GLenum rgba[4] = { GL_RED_BITS, GL_GREEN_BITS, GL_BLUE_BITS, GL_ALPHA_BITS };
   const struct gl_framebuffer *fb = read ? ctx->read_fbo : ctx->fbo;
   *out = (struct gl_fb_image){ .flipped = true };
   if (!fb) {
      const struct st_framebuffer *surf = read ? ctx->read : ctx->draw;
      if (!surf)
         return;
      out->width = surf->width;
      out->height = surf->height;
      out->samples = surf->samples;
      if (kind == GL_COLOR_BUFFER_BIT) {
         if (!read && gl_draw_buffer(ctx, i) != GL_BACK)
            return;
         out->res = surf->color;
         for (unsigned c = 0; c < 4; c++)
            out->bits[c] = surface_bits(surf, rgba[c]);
      } else {
         GLenum pname = kind == GL_DEPTH_BUFFER_BIT ? GL_DEPTH_BITS : GL_STENCIL_BITS;
         out->res = surface_bits(surf, pname) ? surf->zs : NULL;
      }
      return;
   }
   unsigned point;
   if (kind == GL_COLOR_BUFFER_BIT) {
      GLenum b = read ? GL_COLOR_ATTACHMENT0 : fb->draw_buffers[i];
      if (b == GL_NONE)
         return;
      point = GL_ATT_COLOR + (b - GL_COLOR_ATTACHMENT0);
      for (unsigned c = 0; c < 4; c++)
         out->bits[c] = att_bits(fb, point, rgba[c]);
   } else {
      point = kind == GL_DEPTH_BUFFER_BIT ? GL_ATT_DEPTH : GL_ATT_STENCIL;
   }
   att_storage(fb, point, &out->res, &out->level, &out->layer);
   GLsizei w, h;
   att_size(fb, point, &w, &h);
   out->width = (unsigned)w;
   out->height = (unsigned)h;
   out->flipped = !color_is_texture(fb);
   out->samples = att_samples(fb, point);
   out->cube_face = fb->tex[point] && fb->tex[point]->target == GL_TEXTURE_CUBE_MAP;
}

void gl_framebuffer_resolve_implicit(struct st_context *ctx)
{
   resolve_implicit_ms(ctx, ctx->fbo);
}

/* ---- framebuffer objects ---- */

static void framebuffer_destroy(struct st_context *ctx, struct gl_framebuffer *fb)
{
   for (unsigned i = 0; i < GL_ATT_COUNT; i++) {
      gl_renderbuffer_unref(fb->att[i]);
      gl_texture_unref(fb->tex[i]);
   }
   pipe_resource_reference(&fb->implicit_ms, NULL);
   for (unsigned i = 0; i < GL_FB_MAX_COLOR; i++)
      if (fb->cbufs[i])
         ctx->pipe->surface_destroy(ctx->pipe, fb->cbufs[i]);
   if (fb->zsbuf)
      ctx->pipe->surface_destroy(ctx->pipe, fb->zsbuf);
   free(fb);
}

static void bind_draw_framebuffer(struct st_context *ctx, struct gl_framebuffer *fb)
{
   if (ctx->fbo == fb)
      return;
   resolve_implicit_ms(ctx, ctx->fbo);
   ctx->fbo = fb;
   gl_framebuffer_changed(ctx);
}

/* The binding a framebuffer target names (GL_FRAMEBUFFER: the draw binding), NULL for an
 * unknown target. */
static struct gl_framebuffer **target_binding(struct st_context *ctx, GLenum target)
{
   switch (target) {
   case GL_FRAMEBUFFER: case GL_DRAW_FRAMEBUFFER_ANGLE: return &ctx->fbo;
   case GL_READ_FRAMEBUFFER_ANGLE: return &ctx->read_fbo;
   default: return NULL;
   }
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
   ctx->read_fbo = NULL;
   gl_names_foreach(&ctx->framebuffers, destroy_one, &d);
   gl_names_fini(&ctx->framebuffers);
   gl_renderbuffer_unref(ctx->renderbuffer);
   ctx->renderbuffer = NULL;
}

/* Makes `point` of framebuffer object fb hold rb, or image [face][level] of tex
 * (references taken), or nothing. */
static void attach(struct st_context *ctx, struct gl_framebuffer *fb, unsigned point,
                   struct gl_renderbuffer *rb, struct gl_texture *tex, unsigned face,
                   unsigned level)
{
   if (point == GL_ATT_COLOR && fb == ctx->fbo)
      resolve_implicit_ms(ctx, fb);   /* the image keeps what was drawn into it */
   fb->tex_samples[point] = 0;
   gl_renderbuffer_ref(rb);
   gl_texture_ref(tex);
   gl_renderbuffer_unref(fb->att[point]);
   gl_texture_unref(fb->tex[point]);
   fb->att[point] = rb;
   fb->tex[point] = tex;
   fb->tex_face[point] = face;
   fb->tex_level[point] = level;
   gl_framebuffer_changed(ctx);
}

/* Deleting an object detaches it from the bound framebuffer objects (ES 2.0 4.4.3; both
 * bindings with GL_ANGLE_framebuffer_blit). */
void gl_framebuffer_detach(struct st_context *ctx, struct gl_renderbuffer *rb)
{
   struct gl_framebuffer *bound[2] = { ctx->fbo, ctx->read_fbo };
   for (unsigned b = 0; b < 2; b++)
      for (unsigned i = 0; bound[b] && i < GL_ATT_COUNT; i++)
         if (bound[b]->att[i] == rb)
            attach(ctx, bound[b], i, NULL, NULL, 0, 0);
}

void gl_framebuffer_detach_texture(struct st_context *ctx, struct gl_texture *tex)
{
   struct gl_framebuffer *bound[2] = { ctx->fbo, ctx->read_fbo };
   for (unsigned b = 0; b < 2; b++)
      for (unsigned i = 0; bound[b] && i < GL_ATT_COUNT; i++)
         if (bound[b]->tex[i] == tex)
            attach(ctx, bound[b], i, NULL, NULL, 0, 0);
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
   if (!target_binding(ctx, target)) {
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
         fb->draw_buffers[0] = GL_COLOR_ATTACHMENT0;   /* the others are NONE */
      }
   }
   if (target != GL_READ_FRAMEBUFFER_ANGLE)
      bind_draw_framebuffer(ctx, fb);
   if (target != GL_DRAW_FRAMEBUFFER_ANGLE)
      ctx->read_fbo = fb;
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
         bind_draw_framebuffer(ctx, NULL);
      }
      if (ctx->read_fbo == fb)
         ctx->read_fbo = NULL;
      framebuffer_destroy(ctx, fb);
   }
}

/* The attachment point of an attachment enum (ES 2.0 and COLOR_ATTACHMENT1..3_EXT), or -1. */
static int attachment_point(GLenum attachment)
{
   if (attachment >= GL_COLOR_ATTACHMENT0 && attachment < GL_COLOR_ATTACHMENT0 + GL_FB_MAX_COLOR)
      return GL_ATT_COLOR + (int)(attachment - GL_COLOR_ATTACHMENT0);
   switch (attachment) {
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
   struct gl_framebuffer **binding = target_binding(ctx, target);
   if (!binding || point < 0 || (renderbuffer && renderbuffertarget != GL_RENDERBUFFER)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   struct gl_renderbuffer *rb = renderbuffer ? gl_renderbuffer_lookup(ctx, renderbuffer) : NULL;
   if (!*binding || (renderbuffer && !rb)) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   attach(ctx, *binding, (unsigned)point, rb, NULL, 0, 0);
}

/* glFramebufferTexture2D, and glFramebufferTexture2DMultisampleEXT with samples > 0. */
static void framebuffer_texture(struct st_context *ctx, const char *func, GLenum target,
                                GLenum attachment, GLenum textarget, GLuint texture, GLint level,
                                unsigned samples)
{
   int point = attachment_point(attachment);
   bool face_target = textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
                      textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
   struct gl_framebuffer **binding = target_binding(ctx, target);
   if (!binding || point < 0 || (texture && textarget != GL_TEXTURE_2D && !face_target)) {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return;
   }
   struct gl_framebuffer *fb = *binding;
   if (!fb) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return;
   }
   if (!texture) {
      attach(ctx, fb, (unsigned)point, NULL, NULL, 0, 0);
      return;
   }
   struct gl_texture *tex = gl_texture_lookup(ctx, texture);
   if (!tex || tex->target != (face_target ? GL_TEXTURE_CUBE_MAP : GL_TEXTURE_2D)) {
      gl_error_at(ctx, GL_INVALID_OPERATION, func);
      return;
   }
   /* GL_OES_fbo_render_mipmap: any level of the texture's chain (ES 2.0 alone: level 0). */
   GLint max_size;
   glGetIntegerv(face_target ? GL_MAX_CUBE_MAP_TEXTURE_SIZE : GL_MAX_TEXTURE_SIZE, &max_size);
   GLint levels = 1;
   while ((max_size >> levels) > 0)
      levels++;
   if (level < 0 || level >= levels || level >= GL_TEXTURE_LEVELS) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return;
   }
   attach(ctx, fb, (unsigned)point, NULL, tex,
          face_target ? textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X : 0, (unsigned)level);
   fb->tex_samples[point] = samples;
   if (samples)
      gl_framebuffer_changed(ctx);
}

void GL_APIENTRY glFramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget,
                                        GLuint texture, GLint level)
{
   GET_CONTEXT_OR_RETURN();
   framebuffer_texture(ctx, __func__, target, attachment, textarget, texture, level, 0);
}

/* GL_EXT_multisampled_render_to_texture: COLOR_ATTACHMENT0 only, level 0, at most
 * MAX_SAMPLES_EXT samples (0: an ordinary attachment; others rounded up to 2, 4 or 8). */
void GL_APIENTRY glFramebufferTexture2DMultisampleEXT(GLenum target, GLenum attachment,
                                                      GLenum textarget, GLuint texture,
                                                      GLint level, GLsizei samples)
{
   GET_CONTEXT_OR_RETURN();
   if (attachment != GL_COLOR_ATTACHMENT0 && attachment_point(attachment) >= 0) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (samples < 0 || samples > GL_FB_MAX_SAMPLES || (texture && level != 0)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   unsigned n = samples == 0 ? 0 : samples <= 2 ? 2 : samples <= 4 ? 4 : 8;
   framebuffer_texture(ctx, __func__, target, attachment, textarget, texture, level,
                       texture ? n : 0);
}

GLenum GL_APIENTRY glCheckFramebufferStatus(GLenum target)
{
   GET_CONTEXT_OR_RETURN(0);
   struct gl_framebuffer **binding = target_binding(ctx, target);
   if (!binding) {
      gl_error(ctx, GL_INVALID_ENUM);
      return 0;
   }
   return *binding ? gl_framebuffer_status(*binding) : GL_FRAMEBUFFER_COMPLETE;
}

void GL_APIENTRY glGetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment,
                                                       GLenum pname, GLint *params)
{
   GET_CONTEXT_OR_RETURN();
   int point = attachment_point(attachment);
   struct gl_framebuffer **binding = target_binding(ctx, target);
   if (!binding || point < 0) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   const struct gl_framebuffer *fb = *binding;
   if (!fb) {
      gl_error(ctx, GL_INVALID_OPERATION);   /* the default framebuffer has no attachments */
      return;
   }
   const struct gl_renderbuffer *rb = fb->att[point];
   const struct gl_texture *tex = fb->tex[point];
   GLint value;
   if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
      value = rb ? GL_RENDERBUFFER : tex ? GL_TEXTURE : GL_NONE;
   } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME && (rb || tex)) {
      value = (GLint)(rb ? rb->name : tex->name);
   } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_SAMPLES_EXT && tex) {
      value = (GLint)fb->tex_samples[point];
   } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL && tex) {
      value = (GLint)fb->tex_level[point];
   } else if (pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE && tex) {
      value = tex->target == GL_TEXTURE_CUBE_MAP ?
              (GLint)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + fb->tex_face[point]) : 0;
   } else {
      /* Texture pnames of a renderbuffer, anything but the type of nothing (ES 2.0 6.1.13). */
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (params)   /* NULL: the checks only */
      *params = value;
}
