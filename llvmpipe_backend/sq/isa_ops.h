/* ALU constants and the set of ALU operations the engines execute (isa_ops.c). */
#ifndef SIM_ISA_OPS_H
#define SIM_ISA_OPS_H

#include <stdbool.h>
#include <stdint.h>

/* The inline constants of SRC_SEL 248..252 as raw dwords: 0.0, 1.0, 1, -1, 0.5. */
extern const uint32_t sim_inline_consts[5];

/* Whether the engines execute an ALU operation (enum hw_isa_id); the decoder reports the
 * others. The folded OP3 forms (MULADD*_M2/_M4/_D2, MUL_LIT_M2/_M4/_D2, MULADD_64_*)
 * decode to their base op with that output modifier and are not listed. */
bool sim_alu_implemented(unsigned id);

#endif
