/* Block-compressed texture formats of the texture unit: FMT_BC1, FMT_BC2, FMT_BC3 (the
 * S3TC / DXT1, DXT3, DXT5 encodings). A texel is decoded from its 4x4 block (tex_bc.c). */
#ifndef SIM_TEX_BC_H
#define SIM_TEX_BC_H

#include <stdbool.h>
#include <stdint.h>

#define SIM_BC_BLOCK 4   /* texels per block edge */

/* Bytes of one block of DATA_FORMAT `code`, or 0 when it is not a block format the unit
 * decodes. */
unsigned sim_bc_block_bytes(uint32_t code);

/* Texel (i, j), 0 <= i, j < 4, of one block: R, G, B, A in [0, 1], exact (the rational
 * value of the spec's interpolation; rounding is left to whoever quantizes it). */
void sim_bc_texel(uint32_t code, const uint8_t *block, unsigned i, unsigned j, double rgba[4]);

#endif
