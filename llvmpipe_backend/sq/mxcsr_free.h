/* Whether a program's results can depend on x86's floating-point modes (MXCSR: FTZ, DAZ,
 * rounding): the fused pixel path (jit/jit_pixel.c) runs a PS that cannot without writing
 * the MXCSR around it. */
#ifndef SIM_MXCSR_FREE_H
#define SIM_MXCSR_FREE_H

#include <stdbool.h>

struct sim_program;

/* True when no instruction of `p` does floating-point arithmetic, conversion or compare in
 * either engine (the interpreter's C code, sq/alu_ops.h, and the JIT's, jit/jit_alu_ops.c,
 * which calls the same C code for what it does not emit inline): control flow, exports,
 * scratch moves and ALU clauses of plain bit moves and integer operations without OMOD or
 * CLAMP. False for anything else (TEX and VTX fetches, float ALU operations). */
bool sim_program_mxcsr_free(const struct sim_program *p);

#endif
