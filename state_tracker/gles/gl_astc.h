/* ASTC (KHR_texture_compression_astc_ldr) decoding on the CPU: the R600 texture unit has no
 * ASTC format, so ASTC images are decoded to RGBA8 when they are uploaded (gl_astc_*.c;
 * docs/textures.md, "ASTC"). LDR profile only: HDR endpoint modes and HDR void-extent
 * blocks decode to the error colour (magenta), as the extension requires. */
#ifndef GL_ASTC_H
#define GL_ASTC_H

#include <stdbool.h>
#include <stdint.h>

#define GL_ASTC_BLOCK_BYTES 16

/* Decodes one 128-bit block of bw x bh texels (a 2D block size of the LDR profile) into
 * out[t * 4 .. t * 4 + 3], t = y * bw + x: the 8-bit results of the decode mode for sRGB
 * (srgb: endpoints widened with 0x80, for the SRGB8_ALPHA8 formats) or linear RGBA. */
void gl_astc_decode_block(const uint8_t block[GL_ASTC_BLOCK_BYTES], unsigned bw, unsigned bh,
                          bool srgb, uint8_t *out);

/* Decodes the image `data` (ceil(w / bw) x ceil(h / bh) blocks, row-major) into w x h
 * RGBA8 pixels, rows `stride` bytes apart. */
void gl_astc_decode(const uint8_t *data, unsigned bw, unsigned bh, bool srgb, unsigned w,
                    unsigned h, uint8_t *out, unsigned stride);

#endif
