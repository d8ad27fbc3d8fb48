/* glTexImage2D / glTexSubImage2D: ES 2.0 validation, then the image defined in its
 * storage format and the client's pixels written into it (gl_texture.h, Storage API). */
#include "gl_texture.h"

#include "gl_range.h"
#include "gl_texture_compressed.h"

struct gl_texture_image *gl_texture_target_image(struct st_context *ctx, GLenum target,
                                                GLint level, struct gl_texture **texp,
                                                unsigned *facep, const char *func)
{
   unsigned t, face = 0;
   if (target == GL_TEXTURE_2D) {
      t = GL_TEXTURE_INDEX_2D;
   } else if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
              target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      t = GL_TEXTURE_INDEX_CUBE;
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
   } else {
      gl_error_at(ctx, GL_INVALID_ENUM, func);
      return NULL;
   }
   GLint max_size;
   glGetIntegerv(t == GL_TEXTURE_INDEX_2D ? GL_MAX_TEXTURE_SIZE : GL_MAX_CUBE_MAP_TEXTURE_SIZE,
                 &max_size);
   GLint levels = 1;
   while ((max_size >> levels) > 0)
      levels++;
   if (level < 0 || level >= levels || level >= GL_TEXTURE_LEVELS) {
      gl_error_at(ctx, GL_INVALID_VALUE, func);
      return NULL;
   }
   struct gl_texture *tex = gl_texture_bound(ctx, t, func);
   if (!tex)
      return NULL;
   *texp = tex;
   *facep = face;
   return &tex->images[face][level];
}

/* Writes a w x h client image at (x, y) of img (GL_OUT_OF_MEMORY if it cannot). The
 * client's rows are GL_UNPACK_ROW_LENGTH_EXT pixels long (0: w), GL_UNPACK_ALIGNMENT
 * aligned, and the image starts GL_UNPACK_SKIP_ROWS_EXT rows and GL_UNPACK_SKIP_PIXELS_EXT
 * pixels in (GL_EXT_unpack_subimage). Errors are raised as func's. */
static void write_pixels(struct st_context *ctx, const struct gl_texture_image *img, GLint x,
                         GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type,
                         const void *pixels, const char *func)
{
   bool enum_ok;
   unsigned bpp = gl_texture_format_client_bpp(format, type, &enum_ok);
   uint64_t row, pitch;
   uint64_t row_pixels = ctx->unpack_row_length > 0 ? (uint64_t)ctx->unpack_row_length : (uint64_t)w;
   gl_range_row(row_pixels, bpp, (uint64_t)ctx->unpack_alignment, &row, &pitch);
   const uint8_t *first = (const uint8_t *)pixels + (uint64_t)ctx->unpack_skip_rows * pitch +
                          (uint64_t)ctx->unpack_skip_pixels * bpp;
   struct gl_texture_format s3tc;
   if (gl_compressed_s3tc_format(img->fmt.base, &s3tc)) {
      GLenum err = gl_compressed_s3tc_write(ctx, img, x, y, w, h, format, type, first, pitch);
      if (err != GL_NO_ERROR)
         gl_error_at(ctx, err, func);
   } else if (!gl_texture_image_write(ctx, img, x, y, w, h, format, type, first, pitch)) {
      gl_error_at(ctx, GL_OUT_OF_MEMORY, func);
   }
}

/* The check ES 2.0 makes of (internalformat, format, type), extended to the S3TC internal
 * formats, which take RGB or RGBA pixels of any type allowed with them; *fmt the image's
 * format. */
static GLenum choose_format(GLint internalformat, GLenum format, GLenum type,
                            struct gl_texture_format *fmt)
{
   if (!gl_compressed_s3tc_format((GLenum)internalformat, fmt))
      return gl_texture_format_choose(internalformat, format, type, fmt);
   struct gl_texture_format source;
   GLenum error = gl_texture_format_choose((GLint)format, format, type, &source);
   if (error == GL_NO_ERROR && format != GL_RGB && format != GL_RGBA)
      error = GL_INVALID_OPERATION;
   return error;
}

void GL_APIENTRY glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                              GLsizei height, GLint border, GLenum format, GLenum type,
                              const void *pixels)
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
   if (width < 0 || height < 0 || width > (max_size >> level) || height > (max_size >> level) ||
       border != 0 || (target != GL_TEXTURE_2D && width != height)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_texture_format fmt;
   GLenum error = choose_format(internalformat, format, type, &fmt);
   if (error != GL_NO_ERROR) {
      gl_error(ctx, error);
      return;
   }
   if ((fmt.base == GL_DEPTH_COMPONENT || fmt.base == GL_DEPTH_STENCIL_OES) && target != GL_TEXTURE_2D) {
      gl_error(ctx, GL_INVALID_OPERATION);   /* OES_depth_texture: 2D depth textures only */
      return;
   }
   if (tex->egl_image_target)
      gl_egl_image_orphan(tex);
   if (!gl_texture_image_define(ctx, tex, face, (unsigned)level, width, height, &fmt)) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   if (pixels && width && height)
      write_pixels(ctx, img, 0, 0, width, height, format, type, pixels, __func__);
}

void GL_APIENTRY glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                                 GLsizei width, GLsizei height, GLenum format, GLenum type,
                                 const void *pixels)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_texture *tex;
   unsigned face;
   struct gl_texture_image *img =
      gl_texture_target_image(ctx, target, level, &tex, &face, __func__);
   if (!img)
      return;
   bool enum_ok;
   unsigned bpp = gl_texture_format_client_bpp(format, type, &enum_ok);
   if (!enum_ok) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (!img->fmt.base) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (width < 0 || height < 0 || xoffset < 0 || yoffset < 0 ||
       (int64_t)xoffset + width > img->width || (int64_t)yoffset + height > img->height) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_texture_format s3tc;
   if (gl_compressed_s3tc_format(img->fmt.base, &s3tc)
          ? choose_format((GLint)img->fmt.base, format, type, &s3tc) != GL_NO_ERROR
          : !bpp || format != img->fmt.base ||
               !gl_texture_format_writes(format, type, img->fmt.format)) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (!pixels || !width || !height)
      return;
   write_pixels(ctx, img, xoffset, yoffset, width, height, format, type, pixels, __func__);
}
