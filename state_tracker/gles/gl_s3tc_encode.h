/* An S3TC (DXT1 / DXT3 / DXT5) block encoder for glTexImage2D / glTexSubImage2D with an
 * S3TC internal format (gl_s3tc_encode.c). */
#ifndef GL_S3TC_ENCODE_H
#define GL_S3TC_ENCODE_H

#include <stdint.h>

#include "pipe/p_defines.h"

/* Encodes 4 x 4 RGBA8 texels (row by row) as one block of `format` (PIPE_FORMAT_DXT1_RGB,
 * DXT1_RGBA, DXT3_RGBA or DXT5_RGBA) at out (8 or 16 bytes). A block of one colour is
 * stored exactly when that colour is exact in RGB565. */
void gl_s3tc_encode_block(enum pipe_format format, const uint8_t texels[16][4], uint8_t *out);

#endif
