/* One ALU instruction's fields read through the word tables, source-select kinds and the
 * slot assignment of a group. */
#ifndef ISA_ALU_H
#define ISA_ALU_H

#include "isa.h"

enum isa_src_kind {
   ISA_SRC_GPR,       /* 0..127 */
   ISA_SRC_KC0,       /* 128..159: kcache set 0 */
   ISA_SRC_KC1,       /* 160..191: kcache set 1 */
   ISA_SRC_CFILE,     /* 256..511: constant file c0..c255 */
   ISA_SRC_LITERAL,
   ISA_SRC_PV,
   ISA_SRC_PS,
   ISA_SRC_INLINE,    /* other named selects (0.0, 1.0, 1 int, -1 int, 0.5, ...) */
   ISA_SRC_RESERVED,  /* unnamed selects in 192..255 */
};

/* Select ranges from the register reference's SRC0_SEL description. */
#define ISA_SEL_KC0 128u
#define ISA_SEL_KC1 160u
#define ISA_SEL_SPECIAL 192u
#define ISA_SEL_CFILE 256u

struct isa_src {
   unsigned sel, rel, chan, neg, abs;
};

struct isa_alu_fields {
   bool op3;
   unsigned opcode;
   unsigned dst_gpr, dst_rel, dst_chan, clamp;
   bool write;             /* OP2 WRITE_MASK; OP3 always writes */
   unsigned index_mode, pred_sel, bank_swizzle, last;
   unsigned nsrc_encoded;  /* 2 (OP2) or 3 (OP3) */
   struct isa_src src[3];
};

bool isa_alu_is_op3(enum hw_chip chip, const uint32_t w[2]);
void isa_alu_read(enum hw_chip chip, const uint32_t w[2], struct isa_alu_fields *f);
enum isa_src_kind isa_src_kind(enum hw_chip chip, unsigned sel);
/* Selects that can be relative (GPR, kcache, constant file). */
bool isa_src_indexable(enum isa_src_kind kind);
/* Whether a source reads a constant for the constant-read and trans rules. */
bool isa_src_is_constant(enum isa_src_kind kind);

/* Name of the opcode (display name) or NULL. */
const char *isa_alu_opname(enum hw_chip chip, const uint32_t w[2]);

/* Assigns g->ins[i].slot in the hardware's reading of a group (SYNTAX.md "Slots"). On a slot
 * rule violation the offending instruction and later ones get -1, *bad is its index and
 * `why` says what is wrong; returns false. */
bool isa_group_slots(enum hw_chip chip, struct isa_alu_group *g, unsigned *bad, char *why,
                     size_t whylen);

/* Literal dwords the hardware reads after the group: from the highest LITERAL channel of any
 * encoded source (0, 2 or 4). */
unsigned isa_group_literal_dwords(enum hw_chip chip, const struct isa_alu_group *g);

#endif
