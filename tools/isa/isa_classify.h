/* Which layout a CF or fetch instruction uses, which clause a CF instruction runs, and the
 * clause fields (address, count) of CF instructions. */
#ifndef ISA_CLASSIFY_H
#define ISA_CLASSIFY_H

#include "isa.h"
#include "isa_words.h"

/* CF word pair -> kind and opcode name (docs/r600-hardware-notes.md §4.4: bit 29 of word 1, the top
 * bit of CF_ALU_WORD1.CF_INST, selects CF_ALU; the CF_ALLOC_EXPORT opcodes use that layout, with
 * the BUF word 1 when the instruction table flags them HW_ISA_F_EXPORT_BUF, else SWIZ). False if
 * the chip has no such opcode (*opcode then holds the raw value). */
bool isa_cf_classify(enum hw_chip chip, const uint32_t w[2], enum isa_cf_kind *kind,
                     const char **name, unsigned *opcode);
enum isa_inst_class isa_cf_class(enum isa_cf_kind kind);
/* The word format holding CF_INST for a kind. */
enum isa_fmt isa_cf_inst_fmt(enum isa_cf_kind kind);
/* Kind that an opcode name belongs to; false if no CF opcode has that name. */
bool isa_cf_lookup(enum hw_chip chip, const char *name, enum isa_cf_kind *kind, unsigned *opcode);

/* Whether the CF instruction runs a clause (HW_ISA_F_CLAUSE), and which kind. */
bool isa_cf_clause_kind(enum hw_chip chip, const struct isa_cf_inst *cf, enum isa_clause_kind *kind);
/* Clause address (64-bit units) and length field of a clause CF instruction: ALU slots or fetch
 * instructions (COUNT + 1, with COUNT_3 as the top bit on R7xx). */
uint32_t isa_cf_clause_addr(enum hw_chip chip, const struct isa_cf_inst *cf);
unsigned isa_cf_clause_count(enum hw_chip chip, const struct isa_cf_inst *cf);
/* Largest count the fields can hold. */
unsigned isa_cf_clause_count_max(enum hw_chip chip, enum isa_clause_kind kind);
void isa_cf_set_clause(enum hw_chip chip, struct isa_cf_inst *cf, uint32_t addr, unsigned count);
/* Largest address the ADDR field of this kind holds. */
uint32_t isa_cf_addr_max(enum hw_chip chip, enum isa_cf_kind kind);

/* Fetch instruction layout: VTX_GPR, or VTX_SEM for HW_ISA_F_VTX_SEM opcodes, in VTX clauses;
 * in TEX clauses TEX, or those VTX layouts when TEX_INST is VTX_FETCH / VTX_SEMANTIC. */
enum isa_inst_class isa_fetch_class(enum hw_chip chip, const struct isa_fetch_inst *f);
/* Name of the fetch opcode in its clause (TEX_INST in TEX clauses, VTX_INST in VTX clauses),
 * or NULL. */
const char *isa_fetch_opname(enum hw_chip chip, enum isa_clause_kind kind,
                             const struct isa_fetch_inst *f);

#endif
