/* Short IR builders of the shader compiler tests (include/r600sim/shader_ir.h). */
#ifndef IR_BUILD_H
#define IR_BUILD_H

#include "r600sim/shader_ir.h"

/* An operand: register file and index, swizzle as letters ("xyzw", "wzyx"); a shorter
 * string repeats its last letter ("x" is xxxx, "xy" is xyyy). */
struct ir_src S(unsigned file, unsigned index, const char *swizzle);
/* A destination with a write mask (bit n: component n). */
struct ir_dst D(unsigned file, unsigned index, unsigned writemask);
/* Appends an instruction with up to three operands (NULL: none); texture ops get the 2D
 * target, which callers may change through the returned instruction. */
struct ir_instruction *E(struct ir_shader *s, enum ir_opcode op, struct ir_dst d,
                         const struct ir_src *a, const struct ir_src *b, const struct ir_src *c);

#endif
