/* The LLVM 15 ORC JIT engine: one native function per program, int fn(struct sim_run *),
 * returning 1 on success and 0 after a fault. */
#ifndef SIM_JIT_H
#define SIM_JIT_H

#include <stdbool.h>
#include <stddef.h>

#include "sq/isa_program.h"

/* Compiles `p` (decoded from p->image) and sets p->jit_fn and p->jit_code: loaded from the
 * disk cache (R600SIM_CACHE_DIR) when it holds the program, else built, and then stored
 * there. On failure returns false with `err` set; the program then runs on the
 * interpreter. */
bool sim_jit_compile(struct sim_program *p, char *err, size_t errlen);

/* Frees the code of a compiled program (nothing may be running it) and clears jit_fn. */
void sim_jit_release(struct sim_program *p);

struct sim_jit_stats {
   unsigned built;      /* modules built (IR and code generation) */
   unsigned loaded;     /* objects loaded from the disk cache instead */
   unsigned rejected;   /* disk cache entries ignored (bad, truncated, other key, unlinkable) */
   unsigned released;   /* programs whose code was freed */
};
void sim_jit_stats(struct sim_jit_stats *s);

#endif
