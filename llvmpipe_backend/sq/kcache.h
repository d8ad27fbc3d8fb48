/* Constant buffers as ALU clauses lock them (kcache), shared by the reference locking of
 * cf_alu.c and the JIT's inline constant reads.
 *
 * A kcache set reads constant buffer BANK of a thread type (the clause's stage, or the
 * other one with ALT_CONST): a "window" index = thread type * 16 + bank. The JIT reads a
 * clause's constants straight from the buffer's host copy through struct sim_kcache_window:
 * the buffer's host address and how many bytes from it the reference locking would accept
 * (inside ALU_CONST_BUFFER_SIZE and inside the one GPU buffer holding the base), so a set
 * whose used constants all lie in that range reads exactly what cf_alu.c would copy; any
 * other set goes through cf_alu.c (which copies or faults).
 *
 * The windows are memoized per thread, keyed by the two registers and the GPU memory's
 * generation (gpu_memory.h), and checked for the windows a program uses at the start of
 * each run (sim_kcache_prepare), so no register write, buffer allocation or free between
 * runs can leave a stale window. */
#ifndef SIM_KCACHE_H
#define SIM_KCACHE_H

#include <stdint.h>

#include "sq/isa_program.h"

enum sim_const_stage { SIM_CONST_PS, SIM_CONST_VS, SIM_CONST_GS };

#define SIM_KCACHE_BANKS 16
#define SIM_KCACHE_WINDOWS (3 * SIM_KCACHE_BANKS)
#define SIM_KCACHE_LINE_BYTES 256   /* 16 constants of 16 bytes */

struct sim_kcache_window {
   const uint8_t *host;   /* constant 0 of the buffer; NULL if its base is unmapped */
   uint64_t bytes;        /* readable bytes from host (see above) */
   /* the key */
   uint64_t generation;   /* sim_mem_generation; 0: never resolved */
   uint32_t cache, size;  /* ALU_CONST_CACHE / ALU_CONST_BUFFER_SIZE register values */
};

/* The thread type whose constants ALU clause `cf` of `p` reads (ALT_CONST: ps->vs, vs->gs;
 * the fetch shader counts as VS). */
enum sim_const_stage sim_const_stage(const struct sim_program *p, const struct sim_cf *cf);

/* The window kcache set `set` of clause `cf` reads. */
unsigned sim_kcache_window_index(const struct sim_program *p, const struct sim_cf *cf, unsigned set);

/* Register byte offsets of ALU_CONST_CACHE_<stage>_<bank> / ALU_CONST_BUFFER_SIZE_<stage>_<bank>
 * of a window. */
uint32_t sim_kcache_cache_reg(unsigned window);
uint32_t sim_kcache_size_reg(unsigned window);

/* Bit w set: some ALU clause of `p` reads window w. */
uint64_t sim_kcache_windows_used(const struct sim_program *p);

struct sim_run;
/* Brings the calling thread's windows in `mask` up to date for x's registers and memory and
 * points x->kc_win at them (all SIM_KCACHE_WINDOWS; only those in `mask` are current). */
void sim_kcache_prepare(struct sim_run *x, uint64_t mask);

#endif
