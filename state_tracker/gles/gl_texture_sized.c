/* GL_OES_required_internalformat's table of sized internal formats (with the 10-bit rows
 * of GL_EXT_texture_type_2_10_10_10_REV and the depth rows of GL_OES_depth_texture /
 * GL_OES_depth24 / GL_OES_packed_depth_stencil). A sized image is stored as its (format,
 * type) would be stored unsized (gl_texture_format.c): every storage keeps at least the
 * bits the sized format asks for (RGBA4_OES from UNSIGNED_BYTE keeps 8-bit channels,
 * DEPTH_COMPONENT16_OES from UNSIGNED_INT 24 bits), which the extension allows.
 * DEPTH_COMPONENT32_OES (GL_OES_depth32) and the STENCIL_INDEX formats are not taken. */
#include "gl_texture_sized.h"

static const struct {
   GLenum sized, format, type;
} table[] = {
   { GL_RGBA8_OES, GL_RGBA, GL_UNSIGNED_BYTE },
   { GL_RGB5_A1_OES, GL_RGBA, GL_UNSIGNED_BYTE },
   { GL_RGBA4_OES, GL_RGBA, GL_UNSIGNED_BYTE },
   { GL_RGB10_A2_EXT, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV_EXT },
   { GL_RGB5_A1_OES, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV_EXT },
   { GL_RGBA4_OES, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4 },
   { GL_RGB5_A1_OES, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1 },
   { GL_RGB8_OES, GL_RGB, GL_UNSIGNED_BYTE },
   { GL_RGB565_OES, GL_RGB, GL_UNSIGNED_BYTE },
   { GL_RGB10_EXT, GL_RGB, GL_UNSIGNED_INT_2_10_10_10_REV_EXT },
   { GL_RGB565_OES, GL_RGB, GL_UNSIGNED_SHORT_5_6_5 },
   { GL_LUMINANCE8_ALPHA8_OES, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE },
   { GL_LUMINANCE4_ALPHA4_OES, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE },
   { GL_LUMINANCE8_OES, GL_LUMINANCE, GL_UNSIGNED_BYTE },
   { GL_ALPHA8_OES, GL_ALPHA, GL_UNSIGNED_BYTE },
   { GL_DEPTH_COMPONENT16_OES, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT },
   { GL_DEPTH_COMPONENT16_OES, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT },
   { GL_DEPTH_COMPONENT24_OES, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT },
   { GL_DEPTH24_STENCIL8_OES, GL_DEPTH_STENCIL_OES, GL_UNSIGNED_INT_24_8_OES },
};

bool gl_texture_sized_base(GLenum internalformat, GLenum *base)
{
   for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
      if (table[i].sized == internalformat) {
         *base = table[i].format;
         return true;
      }
   }
   return false;
}

bool gl_texture_sized_allows(GLenum internalformat, GLenum format, GLenum type)
{
   for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++)
      if (table[i].sized == internalformat && table[i].format == format && table[i].type == type)
         return true;
   return false;
}
