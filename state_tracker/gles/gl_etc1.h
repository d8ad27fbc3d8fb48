/* ETC1 (OES_compressed_ETC1_RGB8_texture) decoding on the CPU: the R600 texture unit has no
 * ETC format, so ETC1 images are decoded to RGBA8 when they are uploaded (gl_etc1.c). */
#ifndef GL_ETC1_H
#define GL_ETC1_H

#include <stdint.h>

#define GL_ETC1_BLOCK_BYTES 8

/* Decodes the ETC1 image `data` (ceil(w / 4) x ceil(h / 4) blocks, row-major) into w x h
 * RGBA8 pixels (alpha 255), rows `stride` bytes apart. */
void gl_etc1_decode(const uint8_t *data, unsigned w, unsigned h, uint8_t *out, unsigned stride);

#endif
