/* glReadPixels: RGBA / UNSIGNED_BYTE (the one ES 2.0 combination, which is also our
 * implementation-defined one) and GL_EXT_read_format_bgra's BGRA_EXT with UNSIGNED_BYTE,
 * UNSIGNED_SHORT_4_4_4_4_REV_EXT and UNSIGNED_SHORT_1_5_5_5_REV_EXT: maps the read
 * drawable's colour buffer, clips to it, flips rows (drawables are stored top row first) and
 * packs with GL_PACK_ALIGNMENT. Every buffer format is first read as RGBA8 (exact for the
 * 8-bit ones; n-bit channels become round(v * 255 / (2^n - 1))); the packed _REV types then
 * take round(c * (2^n - 1) / 255), which gives an n-bit channel back unchanged. _REV packs
 * the format's first component (blue) in the lowest bits: 4444_REV is A:15-12 R:11-8 G:7-4
 * B:3-0, 1555_REV A:15 R:14-10 G:9-5 B:4-0. GL_EXT_texture_rg adds RED_EXT and RG_EXT with
 * UNSIGNED_BYTE (the first one or two RGBA8 channels), the implementation read format of an
 * R8 / RG8 colour buffer (Mesa takes them from any buffer). */
#include "gl_context.h"

#include <stdint.h>
#include <string.h>

#include "gl_range.h"
#include "gl_fbo.h"
#include "gl_texture.h"

static bool is_format_enum(GLenum f)
{
   return f == GL_ALPHA || f == GL_RGB || f == GL_RGBA || f == GL_LUMINANCE ||
          f == GL_LUMINANCE_ALPHA || f == GL_BGRA_EXT || f == GL_RED_EXT || f == GL_RG_EXT;
}

static bool is_type_enum(GLenum t)
{
   return t == GL_UNSIGNED_BYTE || t == GL_UNSIGNED_SHORT_5_6_5 ||
          t == GL_UNSIGNED_SHORT_4_4_4_4 || t == GL_UNSIGNED_SHORT_5_5_5_1 ||
          t == GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT || t == GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT;
}

unsigned gl_read_pixel_bytes(GLenum format, GLenum type)
{
   if (format == GL_RGBA && type == GL_UNSIGNED_BYTE)
      return 4;
   if (format == GL_BGRA_EXT && type == GL_UNSIGNED_BYTE)
      return 4;
   if ((format == GL_RED_EXT || format == GL_RG_EXT) && type == GL_UNSIGNED_BYTE)
      return format == GL_RED_EXT ? 1 : 2;
   if (format == GL_BGRA_EXT && (type == GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT ||
                                 type == GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT))
      return 2;
   return 0;
}

/* An 8-bit channel to n bits, rounded to nearest (no exact halves occur). */
static unsigned to_bits(uint8_t c, unsigned bits)
{
   unsigned max = (1u << bits) - 1;
   return (c * max + 127) / 255;
}

/* One RGBA8 pixel -> the application's format/type (a pair gl_read_pixel_bytes accepts). */
static void pack(GLenum format, GLenum type, const uint8_t rgba[4], uint8_t *dst)
{
   if (format == GL_RGBA || format == GL_RED_EXT || format == GL_RG_EXT) {
      memcpy(dst, rgba, format == GL_RGBA ? 4 : format == GL_RG_EXT ? 2 : 1);
      return;
   }
   unsigned v;
   switch (type) {
   case GL_UNSIGNED_BYTE:
      dst[0] = rgba[2]; dst[1] = rgba[1]; dst[2] = rgba[0]; dst[3] = rgba[3];
      return;
   case GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT:
      v = to_bits(rgba[3], 4) << 12 | to_bits(rgba[0], 4) << 8 | to_bits(rgba[1], 4) << 4 |
          to_bits(rgba[2], 4);
      break;
   default:   /* 1_5_5_5_REV */
      v = to_bits(rgba[3], 1) << 15 | to_bits(rgba[0], 5) << 10 | to_bits(rgba[1], 5) << 5 |
          to_bits(rgba[2], 5);
      break;
   }
   dst[0] = (uint8_t)v;
   dst[1] = (uint8_t)(v >> 8);
}

/* One stored pixel -> RGBA8. */
static void to_rgba8(enum pipe_format format, const uint8_t *src, uint8_t *dst)
{
   switch (format) {
   case PIPE_FORMAT_B8G8R8A8_UNORM:
      dst[0] = src[2]; dst[1] = src[1]; dst[2] = src[0]; dst[3] = src[3];
      break;
   case PIPE_FORMAT_R8G8B8X8_UNORM:
      dst[0] = src[0]; dst[1] = src[1]; dst[2] = src[2]; dst[3] = 255;
      break;
   case PIPE_FORMAT_R8_UNORM:   /* RED_EXT: (r, 0, 0, 1) */
      dst[0] = src[0]; dst[1] = 0; dst[2] = 0; dst[3] = 255;
      break;
   case PIPE_FORMAT_R8G8_UNORM:   /* RG_EXT: (r, g, 0, 1) */
      dst[0] = src[0]; dst[1] = src[1]; dst[2] = 0; dst[3] = 255;
      break;
   case PIPE_FORMAT_B5G6R5_UNORM: {
      unsigned v = src[0] | (unsigned)src[1] << 8;
      unsigned r = v >> 11, g = (v >> 5) & 63, b = v & 31;
      dst[0] = (uint8_t)((r * 255 + 15) / 31);
      dst[1] = (uint8_t)((g * 255 + 31) / 63);
      dst[2] = (uint8_t)((b * 255 + 15) / 31);
      dst[3] = 255;
      break;
   }
   case PIPE_FORMAT_B4G4R4A4_UNORM: {   /* n-bit v -> 8 bits: v * 255 / (2^n - 1), exact */
      unsigned v = src[0] | (unsigned)src[1] << 8;
      dst[0] = (uint8_t)(((v >> 8) & 15) * 17);
      dst[1] = (uint8_t)(((v >> 4) & 15) * 17);
      dst[2] = (uint8_t)((v & 15) * 17);
      dst[3] = (uint8_t)((v >> 12) * 17);
      break;
   }
   case PIPE_FORMAT_B5G5R5A1_UNORM: {
      unsigned v = src[0] | (unsigned)src[1] << 8;
      dst[0] = (uint8_t)((((v >> 10) & 31) * 255 + 15) / 31);
      dst[1] = (uint8_t)((((v >> 5) & 31) * 255 + 15) / 31);
      dst[2] = (uint8_t)(((v & 31) * 255 + 15) / 31);
      dst[3] = (v >> 15) ? 255 : 0;
      break;
   }
   default:   /* R8G8B8A8 */
      memcpy(dst, src, 4);
      break;
   }
}

GLenum gl_read_color_format(const struct st_context *ctx)
{
   const struct gl_framebuffer *fb = ctx->read_fbo;
   if (!fb || gl_framebuffer_status(fb) != GL_FRAMEBUFFER_COMPLETE)
      return GL_RGBA;
   const struct gl_texture *tex = fb->tex[GL_ATT_COLOR];
   const struct gl_renderbuffer *rb = fb->att[GL_ATT_COLOR];
   GLenum base = tex ? tex->images[fb->tex_face[GL_ATT_COLOR]][fb->tex_level[GL_ATT_COLOR]].fmt.base
               : rb ? rb->internal_format : GL_NONE;
   if (base == GL_RED_EXT || base == GL_R8_EXT)
      return GL_RED_EXT;
   if (base == GL_RG_EXT || base == GL_RG8_EXT)
      return GL_RG_EXT;
   return GL_RGBA;
}

void GL_APIENTRY glReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format,
                              GLenum type, void *pixels)
{
   GET_CONTEXT_OR_RETURN();
   if (!is_format_enum(format) || !is_type_enum(type)) {
      gl_error(ctx, GL_INVALID_ENUM);
      return;
   }
   if (width < 0 || height < 0) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   unsigned out_bpp = gl_read_pixel_bytes(format, type);
   if (!out_bpp) {
      gl_error(ctx, GL_INVALID_OPERATION);
      return;
   }
   /* The packed image in the application's memory; every offset below is inside it. */
   uint64_t row_bytes, pitch, image_bytes;
   if (!gl_range_row((uint64_t)width, out_bpp, (uint64_t)ctx->pack_alignment, &row_bytes, &pitch) ||
       !gl_range_span((uint64_t)height, pitch, row_bytes, &image_bytes) ||
       image_bytes > SIZE_MAX) {
      gl_error(ctx, GL_INVALID_VALUE);
      return;
   }
   struct gl_read_buffer rb;
   if (!gl_read_buffer(ctx, __func__, &rb))
      return;
   struct pipe_resource *color = rb.res;
   /* Clip to the drawable (GL coordinates, bottom-up); outside pixels are left alone. */
   int64_t x0 = x > 0 ? x : 0, y0 = y > 0 ? y : 0;
   int64_t x1 = (int64_t)x + width, y1 = (int64_t)y + height;
   if (x1 > rb.width)
      x1 = rb.width;
   if (y1 > rb.height)
      y1 = rb.height;
   if (x0 >= x1 || y0 >= y1)
      return;
   if (!pixels)
      return;   /* as Mesa (readpix.c): no client memory to write, a no-op after the checks */
   /* Surfaces and renderbuffers store GL row gy at row height - 1 - gy, textures at gy. */
   struct pipe_box box = {
      .x = (int)x0, .y = (int)(rb.flipped ? rb.height - y1 : y0), .z = (int)rb.layer,
      .width = (int)(x1 - x0), .height = (int)(y1 - y0), .depth = 1,
   };
   struct pipe_transfer *transfer = NULL;
   /* Submit draws still being recorded; a readback ends a frame (as a swap does). */
   ctx->pipe->flush(ctx->pipe, NULL, PIPE_FLUSH_END_OF_FRAME);
   const uint8_t *map = ctx->pipe->transfer_map(ctx->pipe, color, rb.level, PIPE_MAP_READ, &box,
                                                &transfer);
   if (!map) {
      gl_error(ctx, GL_OUT_OF_MEMORY);
      return;
   }
   enum pipe_format fmt = color->format;
   unsigned bpp = pipe_format_size(fmt);
   for (int64_t gy = y0; gy < y1; gy++) {
      const uint8_t *src = map + (size_t)(rb.flipped ? y1 - 1 - gy : gy - y0) * transfer->stride;
      uint8_t *dst = (uint8_t *)pixels + (size_t)((uint64_t)(gy - y) * pitch) +
                     (size_t)(x0 - x) * out_bpp;
      for (int64_t i = 0; i < x1 - x0; i++) {
         uint8_t rgba[4];
         to_rgba8(fmt, src + i * bpp, rgba);
         if (rb.alpha_one)
            rgba[3] = 255;
         pack(format, type, rgba, dst + i * out_bpp);
      }
   }
   ctx->pipe->transfer_unmap(ctx->pipe, transfer);
}
