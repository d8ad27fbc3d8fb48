/* Renderbuffers (share-group objects) and framebuffer objects (per context, ES 2.0 4.4). */
#ifndef GL_FBO_H
#define GL_FBO_H

#include "gl_context.h"

struct gl_renderbuffer {
   GLuint name;
   _Atomic int refcount;          /* the name table's reference + each binding/attachment */
   GLenum internal_format;        /* GL_RGBA4 until glRenderbufferStorage */
   GLsizei width, height;
   GLsizei samples;               /* RENDERBUFFER_SAMPLES_ANGLE: 0, 2, 4 or 8 */
   struct pipe_resource *res;     /* NULL while the size is 0; stored top row first */
};

/* GL_EXT_draw_buffers: MAX_COLOR_ATTACHMENTS_EXT = MAX_DRAW_BUFFERS_EXT. Each colour point is
 * one CB_COLORn of the draw (gl_draw_cbufs); 4 is the extension's minimum (the CB has 8). */
#define GL_FB_MAX_COLOR 4
/* Attachment points: COLOR_ATTACHMENT0..3, then depth and stencil. */
enum { GL_ATT_COLOR, GL_ATT_DEPTH = GL_ATT_COLOR + GL_FB_MAX_COLOR, GL_ATT_STENCIL, GL_ATT_COUNT };

struct gl_framebuffer {
   GLuint name;
   /* A point holds a renderbuffer, a texture image (tex: texture referenced, image
    * [tex_face][tex_level]), or nothing. */
   struct gl_renderbuffer *att[GL_ATT_COUNT];   /* referenced */
   struct gl_texture *tex[GL_ATT_COUNT];
   unsigned tex_face[GL_ATT_COUNT], tex_level[GL_ATT_COUNT];
   /* GL_EXT_multisampled_render_to_texture: COLOR_ATTACHMENT0's texture image with
    * tex_samples[0] > 0 is drawn through implicit_ms, a multi-sampled buffer of its size,
    * resolved into the image by the CB when the framebuffer stops being the draw one, is
    * read, or the attachment changes. */
   unsigned tex_samples[GL_ATT_COUNT];
   struct pipe_resource *implicit_ms;
   /* DRAW_BUFFERi_EXT: COLOR_ATTACHMENTi_EXT or NONE (glDrawBuffersEXT). */
   GLenum draw_buffers[GL_FB_MAX_COLOR];
   /* This context's surfaces of the attachments, rebuilt when the resources change. */
   struct pipe_surface *cbufs[GL_FB_MAX_COLOR], *zsbuf;
};

struct gl_renderbuffer *gl_renderbuffer_ref(struct gl_renderbuffer *rb);
void gl_renderbuffer_unref(struct gl_renderbuffer *rb);
/* The renderbuffer `name` of the share group, NULL if none (takes the lock). */
struct gl_renderbuffer *gl_renderbuffer_lookup(struct st_context *ctx, GLuint name);
/* Bits of a channel (GL_RED_SIZE .. GL_STENCIL_SIZE) of a renderbuffer internal format. */
int gl_renderbuffer_bits(GLenum internal_format, GLenum channel_size_pname);

/* ES 2.0 4.4.5 status of fb (GL_FRAMEBUFFER_COMPLETE or why not). */
GLenum gl_framebuffer_status(const struct gl_framebuffer *fb);
/* Detaches rb from the bound framebuffer object (glDeleteRenderbuffers). */
void gl_framebuffer_detach(struct st_context *ctx, struct gl_renderbuffer *rb);
/* Marks everything that depends on the draw framebuffer for re-validation. */
void gl_framebuffer_changed(struct st_context *ctx);
/* Makes the bound FBO's surfaces match its attachments (before validation). */
void gl_framebuffer_sync(struct st_context *ctx);
/* GL_MAX_SAMPLES_ANGLE: PA_SC_AA_CONFIG's largest sample count. */
#define GL_FB_MAX_SAMPLES 8
/* Samples of the draw framebuffer: 0 when single-sampled. */
unsigned gl_draw_samples(const struct st_context *ctx);
/* The colour surfaces draws write, one per draw buffer (NULL for NONE or an empty point);
 * returns their count (0 when every draw buffer is NONE). */
unsigned gl_draw_cbufs(const struct st_context *ctx, struct pipe_surface *out[GL_FB_MAX_COLOR]);
/* DRAW_BUFFERi_EXT of the draw framebuffer. */
GLenum gl_draw_buffer(const struct st_context *ctx, unsigned i);
/* GL_EXT_blend_func_extended: blending with an SRC1 factor into more draw buffers than
 * MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT (1), which makes draws INVALID_OPERATION. */
bool gl_dual_source_conflict(const struct st_context *ctx);
struct pipe_surface *gl_draw_zsbuf(const struct st_context *ctx);
/* The colour image reads take (glReadPixels, glCopyTexImage2D): level/layer of res, its
 * size, and whether its rows are stored top row first (surfaces and renderbuffers) or
 * bottom row first (texture images). */
struct gl_read_buffer {
   struct pipe_resource *res;
   unsigned level, layer, width, height;
   bool flipped;
   bool alpha_one;   /* no alpha channel: a stored alpha (RGB in RGBA8) reads as 1 */
   bool has_alpha;   /* the colour buffer has an alpha channel (ES 2.0 table 3.9) */
};
/* The read framebuffer's colour image; false with the GL error raised when there is none. */
bool gl_read_buffer(struct st_context *ctx, const char *func, struct gl_read_buffer *out);
/* One buffer of the read or draw framebuffer as glBlitFramebuffer*ANGLE/NV see it. */
struct gl_fb_image {
   struct pipe_resource *res;   /* NULL: the framebuffer has no such buffer */
   unsigned level, layer, width, height;
   bool flipped;                /* stored top row first (surfaces, renderbuffers) */
   bool cube_face;              /* a cube-map face (GL_ANGLE_framebuffer_blit refuses it) */
   unsigned samples;            /* 0: single-sampled */
   int bits[4];                 /* RGBA bits of a colour buffer */
};
/* The colour image (kind GL_COLOR_BUFFER_BIT; read: the read buffer, draw: draw buffer i),
 * depth image (GL_DEPTH_BUFFER_BIT) or stencil image (GL_STENCIL_BUFFER_BIT) of the read
 * (read = true) or draw framebuffer binding. */
void gl_framebuffer_image(const struct st_context *ctx, bool read, GLbitfield kind, unsigned i,
                          struct gl_fb_image *out);
/* GL_EXT_multisampled_render_to_texture: resolves the draw framebuffer's implicit
 * multi-sampled buffer into its texture image (at flushes, so other contexts see it). */
void gl_framebuffer_resolve_implicit(struct st_context *ctx);
/* Detaches tex from the bound framebuffer object (glDeleteTextures). */
void gl_framebuffer_detach_texture(struct st_context *ctx, struct gl_texture *tex);
void gl_framebuffers_fini(struct st_context *ctx);

#endif
