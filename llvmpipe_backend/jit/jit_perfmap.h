/* R600SIM_PERF_MAP=1: names for JIT code in `perf report` (jit_perfmap.c).
 *
 * perf resolves samples in anonymous executable memory through /tmp/perf-<pid>.map, one
 * line per symbol: "START SIZE NAME" (START and SIZE in hex). With the knob set, every
 * object the JIT links (jit.c's link_object) appends one line per function it defines:
 * "r600sim:<main symbol>" for the object's entry (sim_prog_<key hash>: a shader program or
 * a fused pixel pipeline) and "r600sim:<main symbol>:<function>" for its other functions
 * (tex_pass, a CF block of a split program, ...). Sizes are the ELF symbol sizes of the
 * object; code that is freed keeps its lines (a later object at the same address appends
 * its own). */
#ifndef SIM_JIT_PERFMAP_H
#define SIM_JIT_PERFMAP_H

#include <stdint.h>

#include <llvm-c/Core.h>

struct jit_perfmap;

/* The functions of object `obj` (not consumed), or NULL when R600SIM_PERF_MAP is off or the
 * object cannot be read. */
struct jit_perfmap *jit_perfmap_scan(LLVMMemoryBufferRef obj);

/* Appends m's functions to the map, placed so that symbol `main` is at `addr` (0: the
 * object was not linked, nothing is written), and frees m (NULL: nothing). */
void jit_perfmap_write(struct jit_perfmap *m, const char *main, uint64_t addr);

#endif
