/* Simulator-internal: the GPU virtual address space and bounds-checked access to it.
 * Every GPU-side read or write goes through here (or through a pointer range obtained
 * from sim_mem_range, which checks the whole range once). */
#ifndef SIM_GPU_MEMORY_H
#define SIM_GPU_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_VA_BITS 40
#define SIM_REG_SPACE_DWORDS 0x10000u   /* register file: byte offsets 0 .. 0x3FFFC */

struct sim_memory;

struct sim_memory *sim_mem_create(void);
void sim_mem_destroy(struct sim_memory *);

uint64_t sim_mem_alloc(struct sim_memory *, uint64_t size, uint64_t align);
/* Allocates `size` zeroed bytes exactly at va (256-byte aligned; replaying a capture).
 * Returns va, or 0 when that range (with its guard) is not free. */
uint64_t sim_mem_alloc_at(struct sim_memory *, uint64_t va, uint64_t size);
void sim_mem_free(struct sim_memory *, uint64_t va);
/* CPU pointer of the buffer starting exactly at va, or NULL. */
void *sim_mem_map(struct sim_memory *, uint64_t va);

/* Host pointer for [va, va+size) if the whole range lies inside one allocated buffer,
 * else NULL (the caller reports a fault). */
void *sim_mem_range(struct sim_memory *, uint64_t va, uint64_t size);

/* sim_mem_range's host pointer for va alone, with *bytes = the bytes from va to the end of
 * its buffer; NULL and 0 when va is unmapped. */
void *sim_mem_extent(struct sim_memory *, uint64_t va, uint64_t *bytes);

/* A number that changes whenever a buffer is allocated or freed, to a value no memory of
 * the process had before: host pointers and extents obtained under one generation stay
 * valid while the generation is the same (kcache.c memoizes by it). */
uint64_t sim_mem_generation(struct sim_memory *);

/* Calls fn for every live buffer (for capture). */
void sim_mem_foreach(struct sim_memory *, void (*fn)(void *ctx, uint64_t va, uint64_t size,
                                                       const void *data), void *ctx);

#endif
