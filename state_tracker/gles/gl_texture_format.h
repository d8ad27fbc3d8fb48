/* Texture formats: how the image of a GL (internalformat, format, type) is stored (the pipe
 * format and the view swizzle that gives the GL base format's R, G, B, A) and how the
 * client's pixels are packed into that storage. One table (gl_texture_format.c); new
 * formats are new rows there. */
#ifndef GL_TEXTURE_FORMAT_H
#define GL_TEXTURE_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "gl_context.h"

struct gl_texture_format {
   GLenum base;                 /* GL base internal format (GL_RGBA, GL_LUMINANCE, ...) */
   enum pipe_format format;     /* storage */
   unsigned swizzle[4];         /* sampler view swizzle: 0-3 = stored R, G, B, A; 4 = 0, 5 = 1 */
   bool renderable;             /* colour-renderable (ES 2.0 4.4.5: RGB and RGBA) */
};

/* The storage of glTexImage2D's (internalformat, format, type): GL_NO_ERROR and *out, or
 * the error ES 2.0 names (INVALID_VALUE: internalformat; INVALID_ENUM: format or type;
 * INVALID_OPERATION: a combination it does not allow). */
GLenum gl_texture_format_choose(GLint internalformat, GLenum format, GLenum type,
                                struct gl_texture_format *out);
/* GL_RED_BITS .. GL_ALPHA_BITS of a colour-renderable format, GL_DEPTH_BITS and
 * GL_STENCIL_BITS of a depth format (0 for other pnames and formats). */
int gl_texture_format_bits(const struct gl_texture_format *fmt, GLenum pname);
/* The storage of glCopyTexImage2D's internalformat: false if it is not a base format. */
bool gl_texture_format_for_copy(GLenum internalformat, struct gl_texture_format *out);
/* Bytes per client pixel of a valid (format, type); 0 when ES 2.0 does not allow them
 * together, *enum_ok false when format or type is no enum it knows. */
unsigned gl_texture_format_client_bpp(GLenum format, GLenum type, bool *enum_ok);
/* Whether gl_texture_format_pack writes pixels of (format, type) into texels of `dst`: the
 * storage of (format, type) itself, or any format packed through RGBA8 from a type packed
 * so too (glTexSubImage2D of another type than the image's). */
bool gl_texture_format_writes(GLenum format, GLenum type, enum pipe_format dst);
/* `count` client pixels of (format, type), format GL_RGB or GL_RGBA and a type ES 2.0 or
 * an advertised extension allows with it, as RGBA8 (floats clamped to [0, 1], RGB alpha
 * 255). */
void gl_texture_format_to_rgba8(GLenum format, GLenum type, const uint8_t *src,
                                uint8_t (*out)[4], unsigned count);
/* Packs `count` client pixels of (format, type) into texels of the storage format `dst`
 * (which holds format's base format; gl_texture_format_writes says it can). */
void gl_texture_format_pack(GLenum format, GLenum type, enum pipe_format dst, const uint8_t *src,
                            uint8_t *out, unsigned count);

#endif
