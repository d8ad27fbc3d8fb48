/* GL_ANGLE_framebuffer_blit: glBlitFramebufferANGLE copies a rectangle of the read
 * framebuffer into the draw framebuffer (the ES 3.0 4.3.3 blit, with the extension's
 * restrictions: NEAREST only, source and destination rectangles of the same signed size,
 * equal colour formats, whole-buffer depth/stencil and multi-sampled blits). Without
 * scaling the copy is clipped in whole pixels to the read buffer, the draw buffer and the
 * scissor box (pixels whose source is outside the read buffer are left alone), then done
 * on the GPU by pipe->blit: colour as a textured quad drawn by the blitter into every draw
 * buffer (a multi-sampled source resolved by the CB first), depth as a quad exporting the
 * sampled source depth, stencil (which R600 pixel shaders cannot export) as a copy of
 * whole texels. */
#include "gl_context.h"

#include "gl_fbo.h"
#include "gl_pipe.h"
#include "gl_texture.h"

#define SWIZZLE_ONE 5   /* pipe_sampler_view's encoding of the constant 1 */

/* A blit rectangle along one axis: source and destination start and a pixel count. */
struct span {
   int64_t src, dst, n;
};

/* Clips a span (n >= 0, source and destination going the same way) so that its pixels
 * lie inside [0, src_size) and [lo, hi) of the destination. */
static void clip_span(struct span *s, int64_t src_size, int64_t lo, int64_t hi)
{
   int64_t k0 = 0, k1 = s->n;
   if (s->src < 0 && -s->src > k0) k0 = -s->src;
   if (s->dst < lo && lo - s->dst > k0) k0 = lo - s->dst;
   if (src_size - s->src < k1) k1 = src_size - s->src;
   if (hi - s->dst < k1) k1 = hi - s->dst;
   if (k1 < k0)
      k1 = k0;
   s->src += k0;
   s->dst += k0;
   s->n = k1 - k0;
}

/* Rows [y, y + n) of an image, as a box edge and signed height in its storage order. */
static void storage_rows(const struct gl_fb_image *img, int64_t y, int64_t n, int *box_y,
                         int *box_h)
{
   *box_y = (int)(img->flipped ? (int64_t)img->height - y : y);
   *box_h = (int)(img->flipped ? -n : n);
}

/* mask: pipe_blit_info.mask (depth-only blits are drawn, keeping the stencil). */
static void blit_image(struct st_context *ctx, const struct gl_fb_image *src,
                       const struct gl_fb_image *dst, const struct span *x, const struct span *y,
                       bool force_alpha_one, unsigned mask)
{
   struct pipe_blit_info info = { .filter = PIPE_TEX_FILTER_NEAREST, .mask = mask };
   info.src.resource = src->res;
   info.src.level = src->level;
   info.src.layer = src->layer;
   info.dst.resource = dst->res;
   info.dst.level = dst->level;
   info.dst.layer = dst->layer;
   info.src.box = (struct pipe_box){ .x = (int)x->src, .width = (int)x->n, .depth = 1 };
   info.dst.box = (struct pipe_box){ .x = (int)x->dst, .width = (int)x->n, .depth = 1 };
   storage_rows(src, y->src, y->n, &info.src.box.y, &info.src.box.height);
   storage_rows(dst, y->dst, y->n, &info.dst.box.y, &info.dst.box.height);
   if (info.dst.box.height < 0) {   /* pipe->blit draws downwards: mirror the source instead */
      info.dst.box.y += info.dst.box.height;
      info.dst.box.height = -info.dst.box.height;
      info.src.box.y += info.src.box.height;
      info.src.box.height = -info.src.box.height;
   }
   for (unsigned c = 0; c < 4; c++)
      info.swizzle[c] = c;
   if (force_alpha_one)
      info.swizzle[3] = SWIZZLE_ONE;
   gl_texture_blit(ctx, &info);
}

static bool same_image(const struct gl_fb_image *a, const struct gl_fb_image *b)
{
   return a->res == b->res && a->level == b->level && a->layer == b->layer;
}

static bool same_color_format(const struct gl_fb_image *a, const struct gl_fb_image *b)
{
   if (a->res->format != b->res->format)
      return false;
   for (unsigned c = 0; c < 4; c++)
      if (a->bits[c] != b->bits[c])
         return false;
   return true;
}

/* A depth or stencil blit (or a multi-sampled one) must copy the whole buffer onto a
 * buffer of the same size. */
static bool whole_buffer(const struct gl_fb_image *src, const struct gl_fb_image *dst,
                         GLint x0, GLint y0, GLint x1, GLint y1, GLint dx0, GLint dy0)
{
   return x0 == 0 && y0 == 0 && dx0 == 0 && dy0 == 0 && (unsigned)x1 == src->width &&
          (unsigned)y1 == src->height && src->width == dst->width && src->height == dst->height;
}

void GL_APIENTRY glBlitFramebufferANGLE(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1,
                                        GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
                                        GLbitfield mask, GLenum filter)
{
   GET_CONTEXT_OR_RETURN();
   if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (filter != GL_NEAREST) {   /* LINEAR is ES 3.0's, not this extension's */
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if ((ctx->read_fbo && gl_framebuffer_status(ctx->read_fbo) != GL_FRAMEBUFFER_COMPLETE) ||
       !gl_have_draw_buffer(ctx)) {
      gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
      return;
   }
   /* No scaling and no mirroring (the signed sizes must match). */
   if ((int64_t)srcX1 - srcX0 != (int64_t)dstX1 - dstX0 ||
       (int64_t)srcY1 - srcY0 != (int64_t)dstY1 - dstY0) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   struct gl_fb_image src[3], dst[3][GL_FB_MAX_COLOR];
   static const GLbitfield kinds[3] = { GL_COLOR_BUFFER_BIT, GL_DEPTH_BUFFER_BIT,
                                        GL_STENCIL_BUFFER_BIT };
   for (unsigned k = 0; k < 3; k++) {
      gl_framebuffer_image(ctx, true, kinds[k], 0, &src[k]);
      for (unsigned i = 0; i < (k ? 1u : GL_FB_MAX_COLOR); i++)
         gl_framebuffer_image(ctx, false, kinds[k], i, &dst[k][i]);
   }
   if (gl_draw_samples(ctx)) {   /* no multi-sampled destination */
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   /* A buffer missing on either side is left out of the blit (ES 3.0 4.3.3). */
   GLbitfield todo = 0;
   for (unsigned k = 0; k < 3; k++) {
      if (!(mask & kinds[k]) || !src[k].res)
         continue;
      for (unsigned i = 0; i < (k ? 1u : GL_FB_MAX_COLOR); i++) {
         const struct gl_fb_image *d = &dst[k][i];
         if (!d->res)
            continue;
         bool bad = same_image(&src[k], d);
         if (k == 0)
            bad |= src[k].cube_face || !same_color_format(&src[k], d) ||
                   (src[k].samples &&
                    !whole_buffer(&src[k], d, srcX0, srcY0, srcX1, srcY1, dstX0, dstY0));
         else
            bad |= src[k].res->format != d->res->format || src[k].samples ||
                   !whole_buffer(&src[k], d, srcX0, srcY0, srcX1, srcY1, dstX0, dstY0);
         if (bad) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
         }
         todo |= kinds[k];
      }
   }
   /* Normalize to increasing coordinates (equal signed sizes: both sides turn together). */
   struct span x = { srcX0 < srcX1 ? srcX0 : srcX1, dstX0 < dstX1 ? dstX0 : dstX1,
                     srcX0 < srcX1 ? (int64_t)srcX1 - srcX0 : (int64_t)srcX0 - srcX1 };
   struct span y = { srcY0 < srcY1 ? srcY0 : srcY1, dstY0 < dstY1 ? dstY0 : dstY1,
                     srcY0 < srcY1 ? (int64_t)srcY1 - srcY0 : (int64_t)srcY0 - srcY1 };
   /* The size of the read framebuffer (any of its buffers) and the draw framebuffer. */
   const struct gl_fb_image *any_src = src[0].res ? &src[0] : src[1].res ? &src[1] : &src[2];
   int64_t hi_x = gl_draw_width(ctx), hi_y = gl_draw_height(ctx), lo_x = 0, lo_y = 0;
   if (ctx->scissor_test) {
      const GLint *sc = ctx->scissor;
      lo_x = sc[0] > 0 ? sc[0] : 0;
      lo_y = sc[1] > 0 ? sc[1] : 0;
      if ((int64_t)sc[0] + sc[2] < hi_x) hi_x = (int64_t)sc[0] + sc[2];
      if ((int64_t)sc[1] + sc[3] < hi_y) hi_y = (int64_t)sc[1] + sc[3];
   }
   clip_span(&x, any_src->width, lo_x, hi_x);
   clip_span(&y, any_src->height, lo_y, hi_y);
   if (!todo || x.n <= 0 || y.n <= 0)
      return;
   if (todo & GL_COLOR_BUFFER_BIT)
      for (unsigned i = 0; i < GL_FB_MAX_COLOR; i++)
         if (dst[0][i].res)
            blit_image(ctx, &src[0], &dst[0][i], &x, &y, src[0].bits[3] == 0, 0);
   /* Depth alone is drawn (the stencil of a packed image stays); stencil is copied as
    * whole texels, which also serves depth when one packed image holds both. */
   bool packed = (todo & GL_DEPTH_BUFFER_BIT) && (todo & GL_STENCIL_BUFFER_BIT) &&
                 same_image(&src[1], &src[2]) && same_image(&dst[1][0], &dst[2][0]);
   if ((todo & GL_DEPTH_BUFFER_BIT) && !packed)
      blit_image(ctx, &src[1], &dst[1][0], &x, &y, false, PIPE_MASK_Z);
   if (todo & GL_STENCIL_BUFFER_BIT)
      blit_image(ctx, &src[2], &dst[2][0], &x, &y, false, 0);
}
