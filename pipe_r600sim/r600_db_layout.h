/* Where the GPU keeps a pixel of a depth surface, derived from the register-level
 * description the driver programs (DB_DEPTH_INFO.ARRAY_MODE = ARRAY_1D_TILED_THIN1,
 * DB_DEPTH_SIZE.PITCH_TILE_MAX = pitch / 8 - 1): 8x8-pixel micro tiles in row-major order,
 * pitch / 8 tiles per tile row, pixels row-major inside a tile. The tiling formula itself
 * is not in the public R6xx documents; this is the simulated GPU's documented layout,
 * which the driver's CPU access (transfers of depth resources) must match. */
#ifndef R600_DB_LAYOUT_H
#define R600_DB_LAYOUT_H

#include <stdint.h>

/* Pixel index of (x, y) inside one layer whose pitch (a multiple of 8) is `pitch`. */
static inline uint64_t r600_db_tiled_index(unsigned pitch, unsigned x, unsigned y)
{
   uint64_t tile = (uint64_t)(y / 8) * (pitch / 8) + x / 8;
   return tile * 64 + (y % 8) * 8 + x % 8;
}

#endif
