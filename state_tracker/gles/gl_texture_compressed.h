/* Compressed texture formats (gl_texture_compressed.c): glCompressedTexImage2D /
 * glCompressedTexSubImage2D and the GL_COMPRESSED_TEXTURE_FORMATS list. */
#ifndef GL_TEXTURE_COMPRESSED_H
#define GL_TEXTURE_COMPRESSED_H

#include <stdint.h>

#include "gl_texture.h"

/* 4 S3TC and ETC1; KHR_texture_compression_astc_ldr keeps its formats out of the list. */
#define GL_COMPRESSED_FORMAT_COUNT 5

/* Writes the compressed internal formats (GL_COMPRESSED_TEXTURE_FORMATS) into out[0 ..
 * GL_COMPRESSED_FORMAT_COUNT - 1]. */
void gl_compressed_formats(int64_t out[GL_COMPRESSED_FORMAT_COUNT]);

/* glTexImage2D / glTexSubImage2D with an S3TC internal format (the extension allows them;
 * the pixels are compressed on upload, gl_s3tc_encode.c). */
/* Whether internalformat is an S3TC format; *out its image format when it is. */
bool gl_compressed_s3tc_format(GLenum internalformat, struct gl_texture_format *out);
/* Compresses the w x h client image at `first` (rows `pitch` bytes apart; format GL_RGB or
 * GL_RGBA with a valid type) into (x, y) of an S3TC image: GL_INVALID_OPERATION (nothing
 * written) if the rectangle's edges are not on block edges (offsets multiples of 4, sizes
 * too unless they reach the image's edge), GL_OUT_OF_MEMORY, or GL_NO_ERROR. */
GLenum gl_compressed_s3tc_write(struct st_context *ctx, const struct gl_texture_image *img,
                                GLint x, GLint y, GLsizei w, GLsizei h, GLenum format,
                                GLenum type, const uint8_t *first, uint64_t pitch);

#endif
