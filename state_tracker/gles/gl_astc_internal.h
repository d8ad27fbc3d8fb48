/* The parts of the ASTC decoder (gl_astc.h), one job a file:
 * gl_astc_ise.c        bit reading, integer sequence encoding, unquantization;
 * gl_astc_endpoints.c  colour endpoint modes;
 * gl_astc_partition.c  the partition hash and the weight infill;
 * gl_astc_block.c      block mode, void extent, block layout, texel colours.
 * Section names are those of the ASTC chapter of the Khronos Data Format Specification and
 * of its copy in KHR_texture_compression_astc_hdr.txt. */
#ifndef GL_ASTC_INTERNAL_H
#define GL_ASTC_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

/* A range of integer-sequence-encoded values 0 .. levels - 1: trits (0 or 1), quints (0 or
 * 1) and bits per value; levels = (3 ^ trits) (5 ^ quints) 2 ^ bits. */
struct astc_range {
   uint8_t trits, quints, bits;
};

/* Bit `pos`.. of the 128-bit little-endian block, `n` <= 32 bits; bits past 127 read 0. */
uint32_t astc_bits(const uint8_t block[16], unsigned pos, unsigned n);

/* Bits that `count` values of range r take ("Integer Sequence Encoding"). */
unsigned astc_ise_size(struct astc_range r, unsigned count);

/* Decodes `count` values of range r from the bits of `src` starting at `pos`. */
void astc_ise_decode(const uint8_t src[16], unsigned pos, struct astc_range r, unsigned count,
                     uint8_t *out);

/* The colour endpoint range for `levels` index (0 = 0..1, 1 = 0..2, ... 20 = 0..255, the
 * 21 ranges of "Color Endpoint Unquantization" in increasing order). */
struct astc_range astc_range_of(unsigned index);
#define ASTC_RANGE_COUNT 21

/* Unquantization of a colour endpoint value to 0..255 and of a weight to 0..64 ("Color Endpoint
 * Unquantization", "Weight Unquantization"). */
uint8_t astc_unquantize_colour(struct astc_range r, unsigned v);
uint8_t astc_unquantize_weight(struct astc_range r, unsigned v);

/* Decodes the values of colour endpoint mode `cem` into two 8-bit RGBA endpoints; false for
 * an HDR mode (the LDR profile decodes it to the error colour). */
bool astc_endpoints(unsigned cem, const uint8_t *v, uint8_t e0[4], uint8_t e1[4]);

/* The partition (0..count - 1) of texel (x, y) of a block of `texels` texels for partition
 * index `seed` ("Partition Pattern
 * Generation"). */
unsigned astc_partition(unsigned seed, unsigned x, unsigned y, unsigned count, unsigned texels);

/* The weight (0..64) of texel (x, y) of a bw x bh block from a gw x gh grid of unquantized
 * weights, plane `plane` of `planes` interleaved planes ("Weight Infill"). */
unsigned astc_infill(const uint8_t *grid, unsigned gw, unsigned gh, unsigned planes,
                     unsigned plane, unsigned bw, unsigned bh, unsigned x, unsigned y);

#endif
