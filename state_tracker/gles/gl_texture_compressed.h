/* Compressed texture formats (gl_texture_compressed.c): glCompressedTexImage2D /
 * glCompressedTexSubImage2D and the GL_COMPRESSED_TEXTURE_FORMATS list. */
#ifndef GL_TEXTURE_COMPRESSED_H
#define GL_TEXTURE_COMPRESSED_H

#include <stdint.h>

#define GL_COMPRESSED_FORMAT_COUNT 5

/* Writes the compressed internal formats (GL_COMPRESSED_TEXTURE_FORMATS) into out[0 ..
 * GL_COMPRESSED_FORMAT_COUNT - 1]. */
void gl_compressed_formats(int64_t out[GL_COMPRESSED_FORMAT_COUNT]);

#endif
