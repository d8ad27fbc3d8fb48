/* The memory a draw may read and write, named by the registers of the draw: what decides
 * whether its work may overlap the pixel work of earlier draws still pending (draw.c).
 *
 * A buffer is identified by the allocation an address falls in: the range from a base
 * address to the end of its buffer (gpu_memory.h sim_mem_extent), so two ranges of one
 * buffer always overlap and ranges of different buffers never do. Reads: every valid
 * resource of every stage (textures and vertex buffers), the constant buffers of the
 * PS/VS/GS kcache registers, the programs, the index buffer and the scratch rings,
 * whether or not the programs use them. Writes: the colour targets the CB may write and
 * the depth buffer, each with a key of the registers that lay the surface out. */
#ifndef SIM_DRAW_DEPS_H
#define SIM_DRAW_DEPS_H

#include <stdbool.h>
#include <stdint.h>

#define SIM_DEPS_MAX_READS 256
#define SIM_DEPS_MAX_WRITES 32

struct sim_exec;

struct sim_deps_range {
   uint64_t lo, hi;        /* [lo, hi): base address to the end of its buffer */
   uint64_t key;           /* writes: the surface's layout registers, hashed */
};

struct sim_deps {
   unsigned nreads, nwrites;
   struct sim_deps_range reads[SIM_DEPS_MAX_READS];
   struct sim_deps_range writes[SIM_DEPS_MAX_WRITES];
};

void sim_deps_clear(struct sim_deps *d);

/* The footprint of a draw of the current register state; false when it does not fit
 * (treat the draw as depending on everything). */
bool sim_deps_collect(struct sim_deps *d, const struct sim_exec *ex);

/* Whether a draw with footprint `d` must wait for the pending draws of footprint `pending`:
 * it reads what they write, writes what they read, or writes what they write as another
 * surface layout (pixels of one tile would land in another's memory). */
bool sim_deps_conflict(const struct sim_deps *pending, const struct sim_deps *d);

/* Adds `d` to `pending`; false when it does not fit. */
bool sim_deps_merge(struct sim_deps *pending, const struct sim_deps *d);

#endif
