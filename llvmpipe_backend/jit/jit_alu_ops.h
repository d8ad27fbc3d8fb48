/* The ALU operations of alu_ops.h as 16-lane IR (jit_alu_ops.c). */
#ifndef SIM_JIT_ALU_OPS_H
#define SIM_JIT_ALU_OPS_H

#include <stdbool.h>

#include "hw/hw_isa.h"
#include "jit/jit_ir.h"

/* Canonical form of a computed value: a NaN becomes SIM_CANON_NAN (alu_bits.h sim_fres; the
 * flush is the MXCSR's, see jit_alu_clause.c). */
LLVMValueRef jit_canon(struct jb *j, LLVMValueRef v);

/* sim_ftz and sim_fres (a computed float: flushed, canonical NaN) of alu_bits.h. */
LLVMValueRef jit_ftz(struct jb *j, LLVMValueRef u);
LLVMValueRef jit_fres(struct jb *j, LLVMValueRef f);

/* True when operand `src` of `op` may be a NaN with any payload without changing the result
 * (arithmetic and float compares); such operands are read without canonicalizing. */
bool jit_nan_blind(enum hw_isa_id op, unsigned src);

/* sim_alu_eval of one ordinary op. *raw (optional) is set when the result may be a
 * non-canonical NaN (the arithmetic ops leave canonicalization to the consumer). */
LLVMValueRef jit_alu_op(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b,
                        LLVMValueRef c, bool *raw);
/* sim_alu_cond: the pass lanes of a PRED_SET* / KILL* comparison. */
LLVMValueRef jit_alu_cond(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b);
/* An op through sim_alu_lanes; *pass (optional) receives its i16 pass bits. */
LLVMValueRef jit_call_lanes(struct jb *j, enum hw_isa_id op, LLVMValueRef a, LLVMValueRef b,
                            LLVMValueRef c, LLVMValueRef *pass);
/* sim_alu_reduce: DOT4(_IEEE), MAX4, CUBE over the four vector slots; *raw as jit_alu_op's
 * (set for the DOT4 forms). */
void jit_alu_reduce(struct jb *j, enum hw_isa_id op, LLVMValueRef a[4], LLVMValueRef b[4],
                    LLVMValueRef out[4], bool *raw);
/* sim_alu_post: OMOD and CLAMP (raw NaNs stay raw unless the clamp replaces them). */
LLVMValueRef jit_alu_post(struct jb *j, LLVMValueRef r, unsigned omod, bool clamp);

#endif
