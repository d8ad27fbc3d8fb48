/* Opcode facts from the generated instruction table (include/hw/hw_isa.h): which opcodes
 * exist on a chip, their names, and the classes the encoding rules need
 * (docs/r600-hardware-notes.md §4.2). */
#ifndef ISA_RULES_H
#define ISA_RULES_H

#include "isa.h"
#include "hw/hw_isa.h"

/* The table entry of an encoded opcode (encoding: HW_ISA_ENC_*), or NULL if the chip has no
 * such opcode. */
const struct hw_isa_op *isa_op(enum hw_chip chip, unsigned encoding, unsigned number);
/* By name: the table's name (e.g. "MUL_IEEE") or the full seed enum name
 * ("SQ_OP2_INST_MUL_IEEE"); NULL if none. */
const struct hw_isa_op *isa_op_named(enum hw_chip chip, unsigned encoding, const char *name);

enum isa_unit {
   ISA_UNIT_ANY,        /* a vector slot (its DST_CHAN) or t */
   ISA_UNIT_TRANS,      /* t only */
   ISA_UNIT_VECTOR,     /* the vector slot of its DST_CHAN only */
   ISA_UNIT_REDUCTION,  /* all four vector slots of one group (DOT4, DOT4_IEEE, CUBE, MAX4) */
};

enum isa_once {
   ISA_ONCE_NONE,
   ISA_ONCE_KILL,       /* KILL*: one per group, never with a PRED_SET* */
   ISA_ONCE_PRED_SET,   /* PRED_SET*: one per group */
   ISA_ONCE_MOVA,       /* MOVA*: one per group, not with relative addressing */
};

struct isa_alu_class {
   enum isa_unit unit;
   enum isa_once once;
   unsigned nsrc;       /* sources the opcode reads (0..3) */
};

/* Class of an ALU opcode (op3: the OP3 encoding). False if the chip has no such opcode. */
bool isa_alu_class(enum hw_chip chip, bool op3, unsigned opcode, struct isa_alu_class *cls);

#endif
