/* ASTC (KHR_texture_compression_astc_ldr) decoding on the CPU: the R600 texture unit has no
 * ASTC format, so ASTC images are decoded to RGBA8 when they are uploaded (gl_astc_*.c;
 * docs/textures.md, "ASTC"). LDR profile only: HDR endpoint modes and HDR void-extent
 * blocks decode to the error colour (magenta), as the extension requires. */
#ifndef GL_ASTC_H
#define GL_ASTC_H

#include <stdbool.h>
#include <stdint.h>

#define GL_ASTC_BLOCK_BYTES 16

/* Whether internalformat is one of the 28 2D ASTC formats of the LDR profile:
 * GL_COMPRESSED_RGBA_ASTC_4x4_KHR .. _12x12_KHR (0x93B0..0x93BD) and their
 * GL_COMPRESSED_SRGB8_ALPHA8_ASTC_* forms (0x93D0..0x93DD). KHR_texture_compression_astc_ldr
 * takes them in glCompressedTexImage2D only: glTexImage2D, glCopyTexImage2D and
 * glGenerateMipmap of them are INVALID_OPERATION. */
static inline bool gl_astc_format(unsigned internalformat)
{
   return (internalformat >= 0x93B0 && internalformat <= 0x93BD) ||
          (internalformat >= 0x93D0 && internalformat <= 0x93DD);
}

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
