/* Pieces of the text syntax shared by the printer and the parser: which fields each
 * instruction class writes as operands (the rest are field tokens). */
#ifndef ISA_SYNTAX_H
#define ISA_SYNTAX_H

#include "isa_words.h"

/* Structural (operand) fields per class; NULL-terminated. */
extern const char *const isa_skip_cf_clause[];   /* CF instructions that run a clause */
extern const char *const isa_skip_cf[];          /* other plain CF instructions */
extern const char *const isa_skip_cf_alu[];
extern const char *const isa_skip_exp_swiz[];
extern const char *const isa_skip_exp_buf[];
extern const char *const isa_skip_alu_op2[];     /* + INDEX_MODE when an operand is relative */
extern const char *const isa_skip_alu_op3[];
extern const char *const isa_skip_alu_op2_rel[];
extern const char *const isa_skip_alu_op3_rel[];
extern const char *const isa_skip_vtx[];
extern const char *const isa_skip_tex[];

extern const char *const isa_sel4[];             /* SEL_X .. SEL_W (export swizzle) */
extern const char *const isa_dst_sel4[];         /* DST_SEL_X .. DST_SEL_W */
extern const char *const isa_src_sel4[];         /* SRC_SEL_X .. SRC_SEL_W */

/* The flag written for an OP2 instruction with WRITE_MASK = 0. */
#define ISA_MASKED_TOKEN "MASKED"
#define ISA_LITERALS_TOKEN "LITERALS"
#define ISA_SEMANTIC_PREFIX "SEM"

#endif
