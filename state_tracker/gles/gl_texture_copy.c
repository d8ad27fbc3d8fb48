/* glCopyTexImage2D / glCopyTexSubImage2D: ES 2.0 3.7.2 validation, then a GPU copy
 * (pipe->blit) from the read framebuffer's colour image into the texture image: the read
 * buffer sampled as a texture, the image drawn into as a render target. The source's rows
 * are flipped when it is stored top row first; a multi-sampled source is resolved by the
 * driver. */
#include "gl_texture.h"

#include "gl_fbo.h"
#include "gl_astc.h"

/* ES 2.0 table 3.9 (with EXT_texture_rg's R and RG rows): a destination base format takes
 * the colour buffer's components it needs. A buffer may lack alpha, and an R8 / RG8 one
 * blue (and green). */
static bool components_missing(struct st_context *ctx, GLenum base, const struct gl_read_buffer *rb)
{
   bool needs_alpha = base == GL_ALPHA || base == GL_LUMINANCE_ALPHA || base == GL_RGBA;
   if (needs_alpha && !rb->has_alpha)
      return true;
   GLenum src = gl_read_color_format(ctx);
   if (src == GL_RGBA)
      return false;
   return base == GL_RGB || base == GL_RGBA || (base == GL_RG_EXT && src == GL_RED_EXT);
}

/* Which source channel each stored channel of `base` takes (pipe_blit_info.swizzle):
 * LUMINANCE and RED_EXT = R, ALPHA = A (in R8), LUMINANCE_ALPHA = (R, A) (in R8G8), RG_EXT
 * = (R, G) (in R8G8), RGB with alpha 1. */
static void copy_swizzle(GLenum base, unsigned swizzle[4])
{
   static const unsigned l[4] = { 0, 4, 4, 5 }, a[4] = { 3, 4, 4, 5 }, la[4] = { 0, 3, 4, 5 };
   static const unsigned rgb[4] = { 0, 1, 2, 5 }, rgba[4] = { 0, 1, 2, 3 }, rg[4] = { 0, 1, 4, 5 };
   const unsigned *s = base == GL_LUMINANCE || base == GL_RED_EXT ? l : base == GL_ALPHA ? a :
                       base == GL_RG_EXT ? rg :
                       base == GL_LUMINANCE_ALPHA ? la : base == GL_RGB ? rgb : rgba;
   for (unsigned i = 0; i < 4; i++)
      swizzle[i] = s[i];
}

/* Copies the w x h read-buffer rectangle at window (x, y) to (xoffset, yoffset) of img;
 * source pixels outside the read buffer leave their texels undefined (unchanged). */
static void copy_from_read_buffer(struct st_context *ctx, const struct gl_read_buffer *rb,
                                  const struct gl_texture_image *img, GLint xoffset,
                                  GLint yoffset, GLint x, GLint y, GLsizei w, GLsizei h)
{
   int64_t x0 = x > 0 ? x : 0, y0 = y > 0 ? y : 0;
   int64_t x1 = (int64_t)x + w, y1 = (int64_t)y + h;
   if (x1 > rb->width)
      x1 = rb->width;
   if (y1 > rb->height)
      y1 = rb->height;
   if (x0 >= x1 || y0 >= y1 || !img->res)
      return;
   struct pipe_blit_info info = { .filter = PIPE_TEX_FILTER_NEAREST };
   info.dst.resource = img->res;
   info.dst.level = img->res_level;
   info.dst.layer = img->res_layer;
   info.dst.box = (struct pipe_box){ .x = (int)(xoffset + x0 - x), .y = (int)(yoffset + y0 - y),
                                     .width = (int)(x1 - x0), .height = (int)(y1 - y0),
                                     .depth = 1 };
   info.src.resource = rb->res;
   info.src.level = rb->level;
   info.src.layer = rb->layer;
   /* Window row gy is stored at row height - 1 - gy in a flipped buffer: the copy reads
    * up from the edge below the rectangle's bottom row. */
   info.src.box = (struct pipe_box){ .x = (int)x0, .width = (int)(x1 - x0), .depth = 1,
                                     .y = (int)(rb->flipped ? rb->height - y0 : y0),
                                     .height = (int)(rb->flipped ? y0 - y1 : y1 - y0) };
   copy_swizzle(img->fmt.base, info.swizzle);
   if (rb->alpha_one && info.swizzle[3] == 3)
      info.swizzle[3] = 5;
   gl_texture_blit(ctx, &info);
}

void GL_APIENTRY glCopyTexImage2D(GLenum target, GLint level, GLenum internalformat, GLint x,
                                  GLint y, GLsizei width, GLsizei height, GLint border)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_texture *tex;
   unsigned face;
   struct gl_texture_image *img =
      gl_texture_target_image(ctx, target, level, &tex, &face, __func__);
   if (!img)
      return;
   GLint max_size;
   glGetIntegerv(target == GL_TEXTURE_2D ? GL_MAX_TEXTURE_SIZE : GL_MAX_CUBE_MAP_TEXTURE_SIZE,
                 &max_size);
   struct gl_texture_format fmt;
   if (width < 0 || height < 0 || width > (max_size >> level) || height > (max_size >> level) ||
       border != 0 || (target != GL_TEXTURE_2D && width != height)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (gl_astc_format(internalformat)) {
      gl_error(ctx, GL_INVALID_OPERATION);   /* KHR_texture_compression_astc_ldr */
      return;
   }
   if (!gl_texture_format_for_copy(internalformat, &fmt)) {
      gl_error(ctx, GL_INVALID_ENUM);   /* as Mesa for ES 2.0: not a base format */
      return;
   }
   struct gl_read_buffer rb;
   if (!gl_read_buffer(ctx, __func__, &rb))
      return;
   if (components_missing(ctx, fmt.base, &rb)) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   /* The read buffer may be this very image (a copy onto itself): keep its storage. */
   struct pipe_resource *src = NULL;
   pipe_resource_reference(&src, rb.res);
   if (gl_texture_image_define(ctx, tex, face, (unsigned)level, width, height, &fmt))
      copy_from_read_buffer(ctx, &rb, img, 0, 0, x, y, width, height);
   else
      gl_error(ctx, GL_OUT_OF_MEMORY);
   pipe_resource_reference(&src, NULL);
}

void GL_APIENTRY glCopyTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                                     GLint x, GLint y, GLsizei width, GLsizei height)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_texture *tex;
   unsigned face;
   struct gl_texture_image *img =
      gl_texture_target_image(ctx, target, level, &tex, &face, __func__);
   if (!img)
      return;
   if (!img->fmt.base || gl_astc_format(img->fmt.base)) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (width < 0 || height < 0 || xoffset < 0 || yoffset < 0 ||
       (int64_t)xoffset + width > img->width || (int64_t)yoffset + height > img->height) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_read_buffer rb;
   if (!gl_read_buffer(ctx, __func__, &rb))
      return;
   if (components_missing(ctx, img->fmt.base, &rb)) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   copy_from_read_buffer(ctx, &rb, img, xoffset, yoffset, x, y, width, height);
}
