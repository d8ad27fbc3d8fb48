/* The LLVM 15 ORC JIT engine: one native function per program, int fn(struct sim_run *),
 * returning 1 on success and 0 after a fault. */
#ifndef SIM_JIT_H
#define SIM_JIT_H

#include <stdbool.h>
#include <stddef.h>

#include "isa_program.h"

/* Compiles `p` and sets p->jit_fn. On failure returns false with `err` set; the program
 * then runs on the interpreter. */
bool sim_jit_compile(struct sim_program *p, char *err, size_t errlen);

#endif
