/* glTexImage2D / glTexSubImage2D: ES 2.0 validation and unpacking into RGBA8 images.
 *
 * Images are kept as RGBA8, an n-bit channel c expanded to round(c * 255 / (2^n - 1)) (exact,
 * so gl_texture_bind.c can pack 5_6_5 back for the hardware); LUMINANCE l -> (l, l, l, 1),
 * LUMINANCE_ALPHA -> (l, l, l, a), ALPHA a -> (0, 0, 0, a), RGB -> (r, g, b, 1). */
#include "gl_texture.h"

#include <stdlib.h>
#include <string.h>

#include "gl_range.h"

/* Bytes per pixel of format/type; 0 for an invalid enum (*enum_ok false) or a combination
 * ES 2.0 does not allow (*enum_ok true). */
static unsigned pixel_size(GLenum format, GLenum type, bool *enum_ok)
{
   static const GLenum formats[] = { GL_RGBA, GL_RGB, GL_LUMINANCE, GL_LUMINANCE_ALPHA,
                                     GL_ALPHA };
   static const unsigned channels[] = { 4, 3, 1, 2, 1 };
   unsigned f = 0;
   while (f < 5 && formats[f] != format)
      f++;
   *enum_ok = f < 5 && (type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT_5_6_5 ||
                        type == GL_UNSIGNED_SHORT_4_4_4_4 || type == GL_UNSIGNED_SHORT_5_5_5_1);
   if (!*enum_ok)
      return 0;
   switch (type) {
   case GL_UNSIGNED_BYTE: return channels[f];
   case GL_UNSIGNED_SHORT_5_6_5: return format == GL_RGB ? 2 : 0;
   default: return format == GL_RGBA ? 2 : 0;
   }
}

static bool base_format(GLint f)
{
   return f == GL_RGBA || f == GL_RGB || f == GL_LUMINANCE || f == GL_LUMINANCE_ALPHA ||
          f == GL_ALPHA;
}

static uint8_t expand(unsigned c, unsigned bits)
{
   unsigned max = (1u << bits) - 1;
   return (uint8_t)((c * 255 + max / 2) / max);
}

static void unpack_pixel(const uint8_t *p, GLenum format, GLenum type, uint8_t out[4])
{
   uint16_t v;
   switch (type) {
   case GL_UNSIGNED_SHORT_5_6_5:
      memcpy(&v, p, 2);
      out[0] = expand(v >> 11, 5), out[1] = expand((v >> 5) & 63, 6);
      out[2] = expand(v & 31, 5), out[3] = 255;
      return;
   case GL_UNSIGNED_SHORT_4_4_4_4:
      memcpy(&v, p, 2);
      out[0] = expand(v >> 12, 4), out[1] = expand((v >> 8) & 15, 4);
      out[2] = expand((v >> 4) & 15, 4), out[3] = expand(v & 15, 4);
      return;
   case GL_UNSIGNED_SHORT_5_5_5_1:
      memcpy(&v, p, 2);
      out[0] = expand(v >> 11, 5), out[1] = expand((v >> 6) & 31, 5);
      out[2] = expand((v >> 1) & 31, 5), out[3] = (v & 1) ? 255 : 0;
      return;
   }
   switch (format) {
   case GL_RGBA: memcpy(out, p, 4); return;
   case GL_RGB: out[0] = p[0], out[1] = p[1], out[2] = p[2], out[3] = 255; return;
   case GL_LUMINANCE: out[0] = out[1] = out[2] = p[0], out[3] = 255; return;
   case GL_LUMINANCE_ALPHA: out[0] = out[1] = out[2] = p[0], out[3] = p[1]; return;
   default: out[0] = out[1] = out[2] = 0, out[3] = p[0]; return;   /* GL_ALPHA */
   }
}

/* Copies a w x h client image into dst (RGBA8 rows of dst_width pixels) at (x, y). */
static void unpack(const struct st_context *ctx, const uint8_t *src, GLsizei w, GLsizei h,
                   GLenum format, GLenum type, unsigned bpp, uint8_t *dst, GLsizei dst_width,
                   GLint x, GLint y)
{
   uint64_t row, pitch;
   gl_range_row((uint64_t)w, bpp, (uint64_t)ctx->unpack_alignment, &row, &pitch);
   for (GLsizei j = 0; j < h; j++)
      for (GLsizei i = 0; i < w; i++)
         unpack_pixel(src + (uint64_t)j * pitch + (uint64_t)i * bpp, format, type,
                      dst + ((uint64_t)(y + j) * (uint64_t)dst_width + (uint64_t)(x + i)) * 4);
}

/* The image of a 2D or cube face target at level of the bound texture, or NULL (error
 * raised). */
static struct gl_texture_image *image_of(struct st_context *ctx, GLenum target, GLint level,
                                         struct gl_texture **texp, const char *func)
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
   return &tex->images[face][level];
}

void GL_APIENTRY glTexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width,
                              GLsizei height, GLint border, GLenum format, GLenum type,
                              const void *pixels)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_texture *tex;
   struct gl_texture_image *img = image_of(ctx, target, level, &tex, __func__);
   if (!img)
      return;
   GLint max_size;
   glGetIntegerv(target == GL_TEXTURE_2D ? GL_MAX_TEXTURE_SIZE : GL_MAX_CUBE_MAP_TEXTURE_SIZE,
                 &max_size);
   if (width < 0 || height < 0 || width > (max_size >> level) || height > (max_size >> level) ||
       border != 0 || (target != GL_TEXTURE_2D && width != height) ||
       !base_format(internalformat)) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   bool enum_ok;
   unsigned bpp = pixel_size(format, type, &enum_ok);
   if (!enum_ok) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (!bpp || (GLenum)internalformat != format) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   uint8_t *rgba = calloc((size_t)width * (size_t)height + 1, 4);
   if (!rgba) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   if (pixels)
      unpack(ctx, pixels, width, height, format, type, bpp, rgba, width, 0, 0);
   free(img->rgba);
   *img = (struct gl_texture_image){ width, height, format, type, rgba };
   tex->stale = true;
}

void GL_APIENTRY glTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset,
                                 GLsizei width, GLsizei height, GLenum format, GLenum type,
                                 const void *pixels)
{
   GET_CONTEXT_OR_RETURN();
   struct gl_texture *tex;
   struct gl_texture_image *img = image_of(ctx, target, level, &tex, __func__);
   if (!img)
      return;
   bool enum_ok;
   unsigned bpp = pixel_size(format, type, &enum_ok);
   if (!enum_ok) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (!img->rgba) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (width < 0 || height < 0 || xoffset < 0 || yoffset < 0 ||
       (int64_t)xoffset + width > img->width || (int64_t)yoffset + height > img->height) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   if (!bpp || format != img->format) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   if (!pixels || !width || !height)
      return;
   unpack(ctx, pixels, width, height, format, type, bpp, img->rgba, img->width, xoffset, yoffset);
   tex->stale = true;
}
