/* The transcendental ALU operations (sq/alu_transc.c) as 16-lane IR (jit_transc.c). */
#ifndef SIM_JIT_TRANSC_H
#define SIM_JIT_TRANSC_H

#include "hw/hw_isa.h"
#include "jit/jit_ir.h"

/* sim_alu_transcendental(op, chip, a) of each lane of `a` (<16 x i32>): the canonical
 * result. Uses j->x's sim_run.tmp for the lanes it hands to the C function. */
LLVMValueRef jit_transc(struct jb *j, enum hw_isa_id op, enum hw_chip chip, LLVMValueRef a);

#endif
