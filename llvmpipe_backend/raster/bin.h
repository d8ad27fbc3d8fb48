/* Binning: the set-up primitives of consecutive draws sorted into the screen tiles
 * (SIM_TILE_SIZE pixels square, aligned to multiples of SIM_TILE_SIZE) their pixels may
 * touch, so that worker threads can rasterize tiles in parallel (draw.c). Each tile keeps
 * its primitives in the order they were added, which is submission order: every pixel
 * belongs to one tile, so its depth, stencil and blending see the primitives in order
 * whatever thread runs it. Every primitive carries its owner (its draw's latched state).
 *
 * A primitive is copied with its vertices; a vertex copy holds the fields of struct
 * sim_vtx up to and including param[nparams - 1] (nothing after them exists). */
#ifndef SIM_BIN_H
#define SIM_BIN_H

#include <stdbool.h>
#include <stdint.h>

#include "geometry/prim.h"

#define SIM_TILE_SIZE 64

struct sim_bins;

/* A binned primitive and the draw it belongs to. */
struct sim_bin_prim {
   const void *owner;
   struct sim_prim prim;
};

struct sim_bins *sim_bins_create(void);
void sim_bins_destroy(struct sim_bins *);

/* Empties the bins and sets them up for primitives drawn inside `clip` (pixels, not
 * empty): the union of the scissors of the draws to come. */
void sim_bins_begin(struct sim_bins *, const struct sim_rect *clip);

/* Whether `r` lies inside the clip of the last sim_bins_begin. */
bool sim_bins_inside(const struct sim_bins *, const struct sim_rect *r);

/* Copies prim (with `nparams` vertex parameters) into the bins of the tiles it may cover
 * inside `clip` (inside the begin clip). Returns false, adding nothing, when the bins are
 * full (or host memory ran out): rasterize the bins, begin again, and add it again (if the
 * bins were empty, rasterize it directly instead). */
bool sim_bins_add(struct sim_bins *, const struct sim_prim *prim, const void *owner,
                  const struct sim_rect *clip, unsigned nparams);

/* Number of primitives added since sim_bins_begin. */
unsigned sim_bins_prims(const struct sim_bins *);

/* The rasterization work added since sim_bins_begin, estimated in pixels: each primitive
 * counts the pixels of its bounding box inside its clip plus SIM_BIN_PRIM_WORK for what it
 * costs whatever its size. Decides whether waking a worker for the bins pays (draw.c). */
#define SIM_BIN_PRIM_WORK 64
uint64_t sim_bins_work(const struct sim_bins *);

/* The pixels of prim's bounding box inside `clip`, as sim_bins_work counts them (0: none
 * of it lies inside). */
uint64_t sim_bin_prim_pixels(const struct sim_prim *prim, const struct sim_rect *clip);

/* Tiles holding at least one primitive, and tile i of them: its pixels (clipped to the
 * begin clip) and its primitives not yet marked done, in order. */
unsigned sim_bins_tiles(const struct sim_bins *);
void sim_bins_tile(const struct sim_bins *, unsigned i, struct sim_rect *rect,
                   const struct sim_bin_prim *const **prims, unsigned *count);

/* A key for tile i's position, the same in every bin set whatever the clip: its row of
 * tiles. As the home key of raster threads (workers.h: thread key % n), it gives each
 * thread whole rows of tiles, every n-th: an even split of a full-surface fill, and for
 * the linear and 1D-tiled surfaces memory in long runs (a thread's tiles are then not
 * next to another thread's lines, which the prefetchers would pull away). */
unsigned sim_bins_tile_key(const struct sim_bins *, unsigned i);

/* Marks the first `n` primitives sim_bins_tile gave for tile i done (by the one thread
 * working on the tile). */
void sim_bins_tile_done(struct sim_bins *, unsigned i, unsigned n);

#endif
