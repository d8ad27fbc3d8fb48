/* Texture formats (gl_texture_format.h): ES 2.0 table 3.4's formats and types.
 *
 * Storage: RGBA and RGB bytes as RGBA8 (RGB with alpha 255, read as 1 through the swizzle),
 * LUMINANCE / ALPHA / LUMINANCE_ALPHA bytes as R8 / R8 / R8G8 read through swizzles
 * (RRR1, 000R, RRRG), and the packed 16-bit types in their own hardware formats
 * (5_6_5 -> B5G6R5, 4_4_4_4 -> B4G4R4A4, 5_5_5_1 -> B5G5R5A1). Packing goes through
 * RGBA8: an n-bit channel c becomes round(c * 255 / (2^n - 1)) and back with
 * round(v * (2^n - 1) / 255), which returns c exactly. */
#include "gl_texture_format.h"

#include <string.h>

struct row {
   GLenum format, type;
   struct gl_texture_format storage;
};

#define RGB_ONE { 0, 1, 2, 5 }
static const struct row rows[] = {
   { GL_RGBA, GL_UNSIGNED_BYTE, { GL_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM, { 0, 1, 2, 3 }, true } },
   { GL_RGB, GL_UNSIGNED_BYTE, { GL_RGB, PIPE_FORMAT_R8G8B8A8_UNORM, RGB_ONE, true } },
   { GL_RGB, GL_UNSIGNED_SHORT_5_6_5, { GL_RGB, PIPE_FORMAT_B5G6R5_UNORM, RGB_ONE, true } },
   { GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, { GL_RGBA, PIPE_FORMAT_B4G4R4A4_UNORM, { 0, 1, 2, 3 }, true } },
   { GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, { GL_RGBA, PIPE_FORMAT_B5G5R5A1_UNORM, { 0, 1, 2, 3 }, true } },
   { GL_LUMINANCE, GL_UNSIGNED_BYTE, { GL_LUMINANCE, PIPE_FORMAT_R8_UNORM, { 0, 0, 0, 5 }, false } },
   { GL_ALPHA, GL_UNSIGNED_BYTE, { GL_ALPHA, PIPE_FORMAT_R8_UNORM, { 4, 4, 4, 0 }, false } },
   { GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, { GL_LUMINANCE_ALPHA, PIPE_FORMAT_R8G8_UNORM, { 0, 0, 0, 1 }, false } },
};
#undef RGB_ONE
#define NUM_ROWS (sizeof(rows) / sizeof(rows[0]))

static bool format_enum(GLenum f)
{
   return f == GL_RGBA || f == GL_RGB || f == GL_LUMINANCE || f == GL_LUMINANCE_ALPHA ||
          f == GL_ALPHA;
}

static bool type_enum(GLenum t)
{
   return t == GL_UNSIGNED_BYTE || t == GL_UNSIGNED_SHORT_5_6_5 ||
          t == GL_UNSIGNED_SHORT_4_4_4_4 || t == GL_UNSIGNED_SHORT_5_5_5_1;
}

static const struct row *find(GLenum format, GLenum type)
{
   for (unsigned i = 0; i < NUM_ROWS; i++)
      if (rows[i].format == format && rows[i].type == type)
         return &rows[i];
   return NULL;
}

GLenum gl_texture_format_choose(GLint internalformat, GLenum format, GLenum type,
                                struct gl_texture_format *out)
{
   if (!format_enum((GLenum)internalformat))
      return GL_INVALID_VALUE;
   if (!format_enum(format) || !type_enum(type))
      return GL_INVALID_ENUM;
   const struct row *r = find(format, type);
   if (!r || (GLenum)internalformat != format)
      return GL_INVALID_OPERATION;
   *out = r->storage;
   return GL_NO_ERROR;
}

bool gl_texture_format_for_copy(GLenum internalformat, struct gl_texture_format *out)
{
   const struct row *r = format_enum(internalformat) ? find(internalformat, GL_UNSIGNED_BYTE) : NULL;
   if (r)
      *out = r->storage;
   return r != NULL;
}

unsigned gl_texture_format_client_bpp(GLenum format, GLenum type, bool *enum_ok)
{
   static const GLenum formats[] = { GL_RGBA, GL_RGB, GL_LUMINANCE_ALPHA, GL_LUMINANCE, GL_ALPHA };
   static const unsigned channels[] = { 4, 3, 2, 1, 1 };
   *enum_ok = format_enum(format) && type_enum(type);
   if (!*enum_ok || !find(format, type))
      return 0;
   if (type != GL_UNSIGNED_BYTE)
      return 2;
   unsigned f = 0;
   while (formats[f] != format)
      f++;
   return channels[f];
}

static uint8_t expand(unsigned c, unsigned bits)
{
   unsigned max = (1u << bits) - 1;
   return (uint8_t)((c * 255 + max / 2) / max);
}

static unsigned narrow(uint8_t v, unsigned bits)
{
   unsigned max = (1u << bits) - 1;
   return (v * max + 127) / 255;
}

/* One client pixel as RGBA8 of its base format (LUMINANCE l -> (l, l, l, 1), ALPHA a ->
 * (0, 0, 0, a), RGB -> (r, g, b, 1)). */
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

/* An RGBA8 pixel of base format `format` as a texel of `dst`. */
static void pack_texel(const uint8_t p[4], GLenum format, enum pipe_format dst, uint8_t *o)
{
   uint16_t v;
   switch (dst) {
   case PIPE_FORMAT_B5G6R5_UNORM:
      v = (uint16_t)(narrow(p[0], 5) << 11 | narrow(p[1], 6) << 5 | narrow(p[2], 5));
      memcpy(o, &v, 2);
      return;
   case PIPE_FORMAT_B4G4R4A4_UNORM:
      v = (uint16_t)(narrow(p[3], 4) << 12 | narrow(p[0], 4) << 8 | narrow(p[1], 4) << 4 |
                     narrow(p[2], 4));
      memcpy(o, &v, 2);
      return;
   case PIPE_FORMAT_B5G5R5A1_UNORM:
      v = (uint16_t)(narrow(p[3], 1) << 15 | narrow(p[0], 5) << 10 | narrow(p[1], 5) << 5 |
                     narrow(p[2], 5));
      memcpy(o, &v, 2);
      return;
   case PIPE_FORMAT_R8_UNORM: o[0] = format == GL_ALPHA ? p[3] : p[0]; return;
   case PIPE_FORMAT_R8G8_UNORM: o[0] = p[0], o[1] = p[3]; return;
   default: memcpy(o, p, 4); return;
   }
}

void gl_texture_format_pack(GLenum format, GLenum type, enum pipe_format dst, const uint8_t *src,
                            uint8_t *out, unsigned count)
{
   bool ok;
   unsigned in_bpp = gl_texture_format_client_bpp(format, type, &ok);
   unsigned out_bpp = pipe_format_size(dst);
   for (unsigned i = 0; i < count; i++) {
      uint8_t rgba[4];
      unpack_pixel(src + (size_t)i * in_bpp, format, type, rgba);
      pack_texel(rgba, format, dst, out + (size_t)i * out_bpp);
   }
}
