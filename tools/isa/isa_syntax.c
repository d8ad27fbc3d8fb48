/* Which fields each instruction class writes as operands (see isa_syntax.h). */
#include "isa_syntax.h"

#include <stddef.h>

const char *const isa_skip_cf_clause[] = {"CF_INST", "ADDR", "COUNT", "COUNT_3", NULL};
const char *const isa_skip_cf[] = {"CF_INST", "ADDR", NULL};
const char *const isa_skip_cf_alu[] = {"CF_INST", "ADDR", "COUNT", NULL};
const char *const isa_skip_exp_swiz[] = {"CF_INST", "TYPE", "ARRAY_BASE", "RW_GPR",
                                         "SEL_X", "SEL_Y", "SEL_Z", "SEL_W", NULL};
const char *const isa_skip_exp_buf[] = {"CF_INST", NULL};

#define ALU_COMMON "ALU_INST", "ENCODING", "DST_GPR", "DST_REL", "DST_CHAN", "LAST", \
   "SRC0_SEL", "SRC0_REL", "SRC0_CHAN", "SRC0_NEG", "SRC1_SEL", "SRC1_REL", "SRC1_CHAN", "SRC1_NEG"
const char *const isa_skip_alu_op2[] = {ALU_COMMON, "SRC0_ABS", "SRC1_ABS", "WRITE_MASK", NULL};
const char *const isa_skip_alu_op3[] = {ALU_COMMON, "SRC2_SEL", "SRC2_REL", "SRC2_CHAN", "SRC2_NEG",
                                        NULL};
const char *const isa_skip_alu_op2_rel[] = {ALU_COMMON, "SRC0_ABS", "SRC1_ABS", "WRITE_MASK",
                                            "INDEX_MODE", NULL};
const char *const isa_skip_alu_op3_rel[] = {ALU_COMMON, "SRC2_SEL", "SRC2_REL", "SRC2_CHAN",
                                            "SRC2_NEG", "INDEX_MODE", NULL};

const char *const isa_skip_vtx[] = {"VTX_INST", "DST_GPR", "SEMANTIC_ID", "DST_SEL_X", "DST_SEL_Y",
                                    "DST_SEL_Z", "DST_SEL_W", "SRC_GPR", "SRC_SEL_X", NULL};
const char *const isa_skip_tex[] = {"TEX_INST", "DST_GPR", "DST_SEL_X", "DST_SEL_Y", "DST_SEL_Z",
                                    "DST_SEL_W", "SRC_GPR", "SRC_SEL_X", "SRC_SEL_Y", "SRC_SEL_Z",
                                    "SRC_SEL_W", NULL};

const char *const isa_sel4[] = {"SEL_X", "SEL_Y", "SEL_Z", "SEL_W"};
const char *const isa_dst_sel4[] = {"DST_SEL_X", "DST_SEL_Y", "DST_SEL_Z", "DST_SEL_W"};
const char *const isa_src_sel4[] = {"SRC_SEL_X", "SRC_SEL_Y", "SRC_SEL_Z", "SRC_SEL_W"};
