/* Surface layouts: where the driver puts, and the simulated GPU finds, the texels of a
 * texture, a color buffer or a depth buffer. The public R6xx documents give the registers
 * (PITCH, MIP_ADDRESS, DB_DEPTH_SIZE, ...), not these formulas; they are the simulated
 * GPU's definition, written once here for both sides of the hardware boundary.
 *
 * Mip chain: level 0 at the base address, level 1 at the mip address, level n + 1 right
 * after level n. Level k is max(1, width >> k) by max(1, height >> k) texels, with a pitch
 * of align(width_k, 8) texels (level 0 may be given a larger pitch) and align(height_k, 8)
 * rows (16 for a multi-sampled surface, so that 2-byte depth sample planes stay 256-byte
 * aligned). Each layer of a level (array slice, cube face +x -x +y -y +z -z, or sample
 * plane, sample-major) takes align(pitch * rows * bytes per texel, 256) bytes; a level
 * holds layers * samples of them. Color surfaces are linear inside a layer (row-major,
 * `pitch` texels per row); depth surfaces are tiled (hw_depth_tiled_index).
 * A block-compressed surface (block 4: BC1..BC3) is laid out the same way in elements of
 * 4x4 texels: level k is ceil(width_k / 4) by ceil(height_k / 4) blocks, pitch and rows
 * count blocks, bpp is the bytes of a block; its PITCH register field still counts texels
 * (4 per block). Code in auxiliary/hw/hw_surface.c. */
#ifndef HW_SURFACE_H
#define HW_SURFACE_H

#include <stdint.h>

#define HW_SURFACE_TILE 8            /* texels: pitch and row granularity, depth tile edge */
#define HW_SURFACE_LAYER_ALIGN 256   /* bytes: layer (and so level) alignment */

struct hw_surface {
   unsigned width, height;   /* level 0, texels */
   unsigned bpp;             /* bytes per texel */
   unsigned layers;          /* array slices or cube faces, at least 1 */
   unsigned samples;         /* 1, or the samples of a single-level multi-sampled surface */
   unsigned pitch0;          /* level 0's pitch in texels; 0: align(width, 8) */
   unsigned block;           /* texels per element edge: 0 or 1, or 4 for 4x4 blocks */
};

/* A level-0 size at mip level `level`: size >> level, at least 1. */
unsigned hw_surface_dim(unsigned size, unsigned level);
/* Elements (texels, or blocks of a block format) along a level-0 size at a level. */
unsigned hw_surface_elems(const struct hw_surface *s, unsigned size, unsigned level);
/* Elements per row of a level. */
unsigned hw_surface_pitch(const struct hw_surface *s, unsigned level);
/* Element rows a level allocates. */
unsigned hw_surface_rows(const struct hw_surface *s, unsigned level);
/* Bytes of one layer (or sample plane) of a level. */
uint64_t hw_surface_layer_size(const struct hw_surface *s, unsigned level);
/* Bytes from the start of level 0 to the start of a level. */
uint64_t hw_surface_level_offset(const struct hw_surface *s, unsigned level);
/* Bytes of levels 0..last_level. */
uint64_t hw_surface_size(const struct hw_surface *s, unsigned last_level);

/* One level's layout, as the functions above give it. */
struct hw_surface_level {
   uint64_t offset;       /* hw_surface_level_offset */
   uint64_t layer_size;   /* hw_surface_layer_size */
   unsigned pitch, rows;  /* hw_surface_pitch, hw_surface_rows */
};
/* The layout of one level. */
struct hw_surface_level hw_surface_level_layout(const struct hw_surface *s, unsigned level);
/* Levels 0..last_level into out[0..last_level] in one pass (hw_surface_level_offset sums
 * the levels below each, so a whole chain by it costs the square of its length). */
void hw_surface_levels(const struct hw_surface *s, unsigned last_level, struct hw_surface_level *out);

/* Texel index of (x, y) inside one layer of a depth surface of `pitch` texels (a multiple
 * of 8), as DB_DEPTH_INFO.ARRAY_MODE = ARRAY_1D_TILED_THIN1 and DB_DEPTH_SIZE.PITCH_TILE_MAX
 * = pitch / 8 - 1 describe it: 8x8 micro tiles in row-major order, pitch / 8 tiles per tile
 * row, texels row-major inside a tile. Inline: the DB calls it for every sample. */
static inline uint64_t hw_depth_tiled_index(unsigned pitch, unsigned x, unsigned y)
{
   uint64_t tile = (uint64_t)(y / HW_SURFACE_TILE) * (pitch / HW_SURFACE_TILE) + x / HW_SURFACE_TILE;
   return tile * HW_SURFACE_TILE * HW_SURFACE_TILE + (y % HW_SURFACE_TILE) * HW_SURFACE_TILE +
          x % HW_SURFACE_TILE;
}

#endif
