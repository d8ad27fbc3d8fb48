/* Texture formats (gl_texture_format.h): ES 2.0 table 3.4's formats and types, and those of
 * the texture-format extensions.
 *
 * Storage: RGBA and RGB bytes as RGBA8 (RGB with alpha 255, read as 1 through the swizzle),
 * LUMINANCE / ALPHA / LUMINANCE_ALPHA bytes as R8 / R8 / R8G8 read through swizzles
 * (RRR1, 000R, RRRG), and the packed 16-bit types in their own hardware formats
 * (5_6_5 -> B5G6R5, 4_4_4_4 -> B4G4R4A4, 5_5_5_1 -> B5G5R5A1). Packing goes through
 * RGBA8: an n-bit channel c becomes round(c * 255 / (2^n - 1)) and back with
 * round(v * (2^n - 1) / 255), which returns c exactly.
 *
 * Extensions, each stored as the client gives it (copied as is) unless said otherwise:
 * FLOAT (OES_texture_float) and HALF_FLOAT_OES (OES_texture_half_float) of RGBA, RGB,
 * LUMINANCE_ALPHA, LUMINANCE, ALPHA, RED_EXT, RG_EXT in the 32- / 16-bit float formats of
 * as many components, through the same swizzles; BGRA_EXT bytes as B8G8R8A8
 * (EXT_texture_format_BGRA8888); RED_EXT / RG_EXT bytes as R8 / R8G8 (EXT_texture_rg: R001,
 * RG01); SRGB_EXT / SRGB_ALPHA_EXT bytes as sRGB RGBA8 (EXT_sRGB; SRGB through RGBA8 with
 * alpha 255); DEPTH_COMPONENT UNSIGNED_SHORT as Z16 and UNSIGNED_INT as Z24X8 (the top 24
 * bits: d >> 8), DEPTH_STENCIL_OES UNSIGNED_INT_24_8_OES as Z24S8 (depth moved to bits
 * 23:0, stencil to 31:24), sampled as (d, d, d, 1) (OES_depth_texture,
 * OES_packed_depth_stencil); RGBA / RGB UNSIGNED_INT_2_10_10_10_REV_EXT as R10G10B10A2
 * (EXT_texture_type_2_10_10_10_REV: same bit layout; RGB reads alpha as 1). */
#include "gl_texture_format.h"

#include "gl_astc.h"

#include <math.h>
#include <string.h>

/* How client pixels become texels. */
enum pack { PACK_RGBA8, PACK_COPY, PACK_Z24, PACK_Z24S8 };

struct row {
   GLenum format, type;
   struct gl_texture_format storage;
   uint8_t client_bpp;
   uint8_t pack;          /* enum pack */
};

#define RGBA { 0, 1, 2, 3 }
#define RGB_ONE { 0, 1, 2, 5 }
#define LUM { 0, 0, 0, 5 }
#define ALPHA { 4, 4, 4, 0 }
#define LUM_ALPHA { 0, 0, 0, 1 }
#define RED { 0, 4, 4, 5 }
#define RG { 0, 1, 4, 5 }
#define FLOATS(type, n, f1, f2, f3, f4) \
   { GL_RGBA, type, { GL_RGBA, f4, RGBA, false }, 4 * n, PACK_COPY }, \
   { GL_RGB, type, { GL_RGB, f3, RGB_ONE, false }, 3 * n, PACK_COPY }, \
   { GL_LUMINANCE_ALPHA, type, { GL_LUMINANCE_ALPHA, f2, LUM_ALPHA, false }, 2 * n, PACK_COPY }, \
   { GL_LUMINANCE, type, { GL_LUMINANCE, f1, LUM, false }, n, PACK_COPY }, \
   { GL_ALPHA, type, { GL_ALPHA, f1, ALPHA, false }, n, PACK_COPY }, \
   { GL_RED_EXT, type, { GL_RED_EXT, f1, RED, false }, n, PACK_COPY }, \
   { GL_RG_EXT, type, { GL_RG_EXT, f2, RG, false }, 2 * n, PACK_COPY }
static const struct row rows[] = {
   { GL_RGBA, GL_UNSIGNED_BYTE, { GL_RGBA, PIPE_FORMAT_R8G8B8A8_UNORM, RGBA, true }, 4, PACK_RGBA8 },
   { GL_RGB, GL_UNSIGNED_BYTE, { GL_RGB, PIPE_FORMAT_R8G8B8A8_UNORM, RGB_ONE, true }, 3, PACK_RGBA8 },
   { GL_RGB, GL_UNSIGNED_SHORT_5_6_5, { GL_RGB, PIPE_FORMAT_B5G6R5_UNORM, RGB_ONE, true }, 2, PACK_RGBA8 },
   { GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, { GL_RGBA, PIPE_FORMAT_B4G4R4A4_UNORM, RGBA, true }, 2, PACK_RGBA8 },
   { GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, { GL_RGBA, PIPE_FORMAT_B5G5R5A1_UNORM, RGBA, true }, 2, PACK_RGBA8 },
   { GL_LUMINANCE, GL_UNSIGNED_BYTE, { GL_LUMINANCE, PIPE_FORMAT_R8_UNORM, LUM, false }, 1, PACK_RGBA8 },
   { GL_ALPHA, GL_UNSIGNED_BYTE, { GL_ALPHA, PIPE_FORMAT_R8_UNORM, ALPHA, false }, 1, PACK_RGBA8 },
   { GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, { GL_LUMINANCE_ALPHA, PIPE_FORMAT_R8G8_UNORM, LUM_ALPHA, false }, 2, PACK_RGBA8 },
   FLOATS(GL_FLOAT, 4, PIPE_FORMAT_R32_FLOAT, PIPE_FORMAT_R32G32_FLOAT, PIPE_FORMAT_R32G32B32_FLOAT,
          PIPE_FORMAT_R32G32B32A32_FLOAT),
   FLOATS(GL_HALF_FLOAT_OES, 2, PIPE_FORMAT_R16_FLOAT, PIPE_FORMAT_R16G16_FLOAT, PIPE_FORMAT_R16G16B16_FLOAT,
          PIPE_FORMAT_R16G16B16A16_FLOAT),
   { GL_BGRA_EXT, GL_UNSIGNED_BYTE, { GL_BGRA_EXT, PIPE_FORMAT_B8G8R8A8_UNORM, RGBA, true }, 4, PACK_COPY },
   { GL_RED_EXT, GL_UNSIGNED_BYTE, { GL_RED_EXT, PIPE_FORMAT_R8_UNORM, RED, true }, 1, PACK_COPY },
   { GL_RG_EXT, GL_UNSIGNED_BYTE, { GL_RG_EXT, PIPE_FORMAT_R8G8_UNORM, RG, true }, 2, PACK_COPY },
   { GL_SRGB_EXT, GL_UNSIGNED_BYTE, { GL_SRGB_EXT, PIPE_FORMAT_R8G8B8A8_SRGB, RGB_ONE, false }, 3, PACK_RGBA8 },
   { GL_SRGB_ALPHA_EXT, GL_UNSIGNED_BYTE, { GL_SRGB_ALPHA_EXT, PIPE_FORMAT_R8G8B8A8_SRGB, RGBA, false }, 4, PACK_COPY },
   { GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, { GL_DEPTH_COMPONENT, PIPE_FORMAT_Z16_UNORM, LUM, false }, 2, PACK_COPY },
   { GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, { GL_DEPTH_COMPONENT, PIPE_FORMAT_Z24X8_UNORM, LUM, false }, 4, PACK_Z24 },
   { GL_DEPTH_STENCIL_OES, GL_UNSIGNED_INT_24_8_OES, { GL_DEPTH_STENCIL_OES, PIPE_FORMAT_Z24_UNORM_S8_UINT, LUM, false }, 4, PACK_Z24S8 },
   { GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV_EXT, { GL_RGBA, PIPE_FORMAT_R10G10B10A2_UNORM, RGBA, false }, 4, PACK_COPY },
   { GL_RGB, GL_UNSIGNED_INT_2_10_10_10_REV_EXT, { GL_RGB, PIPE_FORMAT_R10G10B10A2_UNORM, RGB_ONE, false }, 4, PACK_COPY },
};
#undef FLOATS
#undef RGBA
#undef RGB_ONE
#undef LUM
#undef ALPHA
#undef LUM_ALPHA
#undef RED
#undef RG
#define NUM_ROWS (sizeof(rows) / sizeof(rows[0]))

static bool format_enum(GLenum f)
{
   for (unsigned i = 0; i < NUM_ROWS; i++)
      if (rows[i].format == f)
         return true;
   return false;
}

static bool type_enum(GLenum t)
{
   for (unsigned i = 0; i < NUM_ROWS; i++)
      if (rows[i].type == t)
         return true;
   return false;
}

/* ES 2.0's own base formats, the ones glCopyTexImage2D takes. */
static bool es2_base_format(GLenum f)
{
   return f == GL_RGBA || f == GL_RGB || f == GL_LUMINANCE || f == GL_LUMINANCE_ALPHA ||
          f == GL_ALPHA;
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
   /* DEPTH24_STENCIL8_OES names the packed format (OES_packed_depth_stencil) but ES 2.0
    * takes only the base format: a known internal format that cannot match `format`; so
    * are the ASTC formats (KHR_texture_compression_astc_ldr: compressed uploads only). */
   if (!format_enum((GLenum)internalformat) && internalformat != GL_DEPTH24_STENCIL8_OES &&
       !gl_astc_format((unsigned)internalformat))
      return GL_INVALID_VALUE;
   if (!format_enum(format) || !type_enum(type))
      return GL_INVALID_ENUM;
   const struct row *r = find(format, type);
   if (!r || (GLenum)internalformat != format)
      return GL_INVALID_OPERATION;
   *out = r->storage;
   return GL_NO_ERROR;
}

int gl_texture_format_bits(const struct gl_texture_format *fmt, GLenum pname)
{
   static const struct { enum pipe_format format; int bits[4]; } table[] = {
      { PIPE_FORMAT_R8G8B8A8_UNORM, { 8, 8, 8, 8 } },
      { PIPE_FORMAT_B8G8R8A8_UNORM, { 8, 8, 8, 8 } },
      { PIPE_FORMAT_B5G6R5_UNORM, { 5, 6, 5, 0 } },
      { PIPE_FORMAT_B4G4R4A4_UNORM, { 4, 4, 4, 4 } },
      { PIPE_FORMAT_B5G5R5A1_UNORM, { 5, 5, 5, 1 } },
      { PIPE_FORMAT_R8_UNORM, { 8, 0, 0, 0 } },      /* RED_EXT (COLOR_8) */
      { PIPE_FORMAT_R8G8_UNORM, { 8, 8, 0, 0 } },    /* RG_EXT (COLOR_8_8) */
   };
   static const GLenum pnames[4] = { GL_RED_BITS, GL_GREEN_BITS, GL_BLUE_BITS, GL_ALPHA_BITS };
   /* Depth textures (OES_depth_texture, OES_packed_depth_stencil) are depth-renderable. */
   if (pname == GL_DEPTH_BITS)
      return fmt->format == PIPE_FORMAT_Z16_UNORM ? 16
           : fmt->format == PIPE_FORMAT_Z24X8_UNORM || fmt->format == PIPE_FORMAT_Z24_UNORM_S8_UINT ? 24
           : 0;
   if (pname == GL_STENCIL_BITS)
      return fmt->format == PIPE_FORMAT_Z24_UNORM_S8_UINT ? 8 : 0;
   if (!fmt->renderable)
      return 0;
   for (unsigned c = 0; c < 4; c++) {
      if (pnames[c] != pname)
         continue;
      if (c == 3 && fmt->base == GL_RGB)
         return 0;   /* stored alpha, read as 1 */
      for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++)
         if (table[i].format == fmt->format)
            return table[i].bits[c];
   }
   return 0;
}

bool gl_texture_format_for_copy(GLenum internalformat, struct gl_texture_format *out)
{
   bool rg = internalformat == GL_RED_EXT || internalformat == GL_RG_EXT;   /* EXT_texture_rg */
   const struct row *r = es2_base_format(internalformat) || rg ? find(internalformat, GL_UNSIGNED_BYTE) : NULL;
   if (r)
      *out = r->storage;
   return r != NULL;
}

unsigned gl_texture_format_client_bpp(GLenum format, GLenum type, bool *enum_ok)
{
   *enum_ok = format_enum(format) && type_enum(type);
   const struct row *r = *enum_ok ? find(format, type) : NULL;
   return r ? r->client_bpp : 0;
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
   case GL_RGB: case GL_SRGB_EXT: out[0] = p[0], out[1] = p[1], out[2] = p[2], out[3] = 255; return;
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

static uint8_t unorm8(float x)
{
   return x > 0.0f ? (x < 1.0f ? (uint8_t)(x * 255.0f + 0.5f) : 255) : 0;   /* NaN -> 0 */
}

static float half_to_float(uint16_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY)
           : ldexpf((float)(m | 1024), e - 25);
   return (h & 0x8000) ? -v : v;
}

void gl_texture_format_to_rgba8(GLenum format, GLenum type, const uint8_t *src,
                                uint8_t (*out)[4], unsigned count)
{
   unsigned n = format == GL_RGBA ? 4 : 3;
   for (unsigned i = 0; i < count; i++) {
      out[i][3] = 255;
      if (type == GL_FLOAT || type == GL_HALF_FLOAT_OES) {
         for (unsigned k = 0; k < n; k++) {
            float f;
            if (type == GL_FLOAT) {
               memcpy(&f, src + ((size_t)i * n + k) * 4, 4);
            } else {
               uint16_t h;
               memcpy(&h, src + ((size_t)i * n + k) * 2, 2);
               f = half_to_float(h);
            }
            out[i][k] = unorm8(f);
         }
      } else if (type == GL_UNSIGNED_INT_2_10_10_10_REV_EXT) {
         uint32_t v;
         memcpy(&v, src + (size_t)i * 4, 4);
         for (unsigned k = 0; k < 3; k++)
            out[i][k] = expand((v >> (10 * k)) & 1023, 10);
         if (format == GL_RGBA)
            out[i][3] = expand(v >> 30, 2);
      } else {
         const struct row *r = find(format, type);
         unpack_pixel(src + (size_t)i * r->client_bpp, format, type, out[i]);
      }
   }
}

bool gl_texture_format_writes(GLenum format, GLenum type, enum pipe_format dst)
{
   const struct row *r = find(format, type);
   if (!r || r->storage.format == dst)
      return r != NULL;
   if (r->pack != PACK_RGBA8)
      return false;
   for (unsigned i = 0; i < NUM_ROWS; i++)   /* another storage packed through RGBA8 */
      if (rows[i].pack == PACK_RGBA8 && rows[i].storage.format == dst)
         return true;
   return false;
}

void gl_texture_format_pack(GLenum format, GLenum type, enum pipe_format dst, const uint8_t *src,
                            uint8_t *out, unsigned count)
{
   const struct row *r = find(format, type);
   unsigned in_bpp = r->client_bpp;
   unsigned out_bpp = pipe_format_size(dst);
   if (r->pack == PACK_COPY) {
      memcpy(out, src, (size_t)count * in_bpp);
      return;
   }
   if (r->pack != PACK_RGBA8) {
      for (unsigned i = 0; i < count; i++) {
         uint32_t v;
         memcpy(&v, src + (size_t)i * 4, 4);
         v = r->pack == PACK_Z24 ? v >> 8 : v >> 8 | (v & 0xFFu) << 24;
         memcpy(out + (size_t)i * 4, &v, 4);
      }
      return;
   }
   for (unsigned i = 0; i < count; i++) {
      uint8_t rgba[4];
      unpack_pixel(src + (size_t)i * in_bpp, format, type, rgba);
      pack_texel(rgba, format, dst, out + (size_t)i * out_bpp);
   }
}
