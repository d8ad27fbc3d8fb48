/* The R6xx/R7xx shader ISA as text: a decoded program model shared by the disassembler
 * (bytes -> model -> text) and the assembler (text -> model -> bytes), plus the encoding-rule
 * validator. Every instruction keeps its raw words; all field access goes through the generated
 * microcode word tables (isa_words.h), so no bit position is typed by hand here.
 * The syntax is specified in tools/isa/SYNTAX.md. */
#ifndef ISA_H
#define ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hw_chip.h"

/* CF instruction layouts (docs/r600-hardware-notes.md §4.4). */
enum isa_cf_kind {
   ISA_CF_PLAIN,        /* SQ_CF_WORD0/1 */
   ISA_CF_ALU,          /* SQ_CF_ALU_WORD0/1 (bit 29 of word 1 set) */
   ISA_CF_EXPORT_SWIZ,  /* SQ_CF_ALLOC_EXPORT_WORD0/1 + WORD1_SWIZ (EXPORT, EXPORT_DONE) */
   ISA_CF_EXPORT_BUF,   /* SQ_CF_ALLOC_EXPORT_WORD0/1 + WORD1_BUF (the MEM_* instructions) */
};

enum isa_clause_kind { ISA_CLAUSE_ALU, ISA_CLAUSE_TEX, ISA_CLAUSE_VTX };

#define ISA_MAX_PROGRAM_BYTES (64u << 20)  /* largest program the assembler writes */
#define ISA_SLOT_T 4           /* slots 0..3 = x, y, z, w; 4 = trans */
#define ISA_MAX_GROUP 5

struct isa_alu_inst {
   uint32_t w[2];
   int slot;                  /* ISA_SLOT_T or a channel; -1 when the slot rules fail */
   unsigned line;             /* source line (assembler), 0 when decoded from bytes */
};

struct isa_alu_group {
   unsigned n;                /* instructions, 1..5 */
   struct isa_alu_inst ins[ISA_MAX_GROUP];
   unsigned nlit;             /* literal dwords following the group: 0, 2 or 4 */
   uint32_t lit[4];
   unsigned line;
};

struct isa_fetch_inst {
   uint32_t w[4];
   bool vtx;                  /* VTX word layout (VTX clauses, or VTX_FETCH/VTX_SEMANTIC in TEX) */
   unsigned line;
};

struct isa_clause {
   enum isa_clause_kind kind;
   uint32_t addr;             /* 64-bit units from the program start */
   unsigned cf;               /* index of the CF instruction that runs it */
   unsigned n;                /* groups (ALU) or fetch instructions */
   struct isa_alu_group *groups;
   struct isa_fetch_inst *fetch;
   unsigned line;
};

struct isa_cf_inst {
   uint32_t w[2];
   enum isa_cf_kind kind;
   int clause;                /* index into program.clauses, or -1 */
   unsigned line;
};

struct isa_program {
   enum hw_chip chip;
   unsigned ncf;
   struct isa_cf_inst *cf;
   unsigned nclauses;
   struct isa_clause *clauses;  /* sorted by address */
   uint32_t size;               /* total bytes (>= the end of the last CF word or clause) */
};

/* Diagnostics: a rule name ("syntax", "slot", "bank-swizzle", ...), a source line (0 when the
 * program came from bytes) and a message that names the place in the program. */
struct isa_diag {
   unsigned line;
   char rule[24];
   char msg[232];
};

struct isa_diags {
   unsigned n;                /* stored */
   unsigned total;            /* reported (may exceed the storage) */
   struct isa_diag d[32];
};

void isa_diag_add(struct isa_diags *diags, unsigned line, const char *rule, const char *fmt, ...)
   __attribute__((format(printf, 4, 5)));

void isa_program_free(struct isa_program *prog);
/* Length of a clause in 64-bit units (ALU: instructions + literal slots; fetch: 2 each). */
uint32_t isa_clause_units(const struct isa_clause *c);
/* End of the last CF instruction or clause, in bytes. */
uint32_t isa_program_natural_size(const struct isa_program *prog);

/* Bytes -> model. Fails (false, diagnostics with rule "decode") on anything that is not a
 * well-formed program per SYNTAX.md "Valid binaries"; encoding-rule violations are not checked
 * here (see isa_validate). */
bool isa_decode(enum hw_chip chip, const uint8_t *data, size_t size, struct isa_program *prog,
                struct isa_diags *diags);

/* Model -> text (SYNTAX.md). Returns a malloc'ed string. */
char *isa_print(const struct isa_program *prog);

/* Text -> model. chip_given: the chip from the command line (a ".chip" line must agree);
 * without it the ".chip" line, else rv770. Syntax and field errors give false. */
bool isa_parse(const char *text, const enum hw_chip *chip_given, struct isa_program *prog,
               struct isa_diags *diags);

/* Encoding rules (slot, reduction, once-per-group, bank-swizzle, literal, kcache,
 * constant-reads, trans-constants, clause-size, clause-alignment). True when there is none. */
bool isa_validate(const struct isa_program *prog, struct isa_diags *diags);

/* Model -> bytes (malloc'ed, *size bytes). Fails on layout errors (overlaps, sizes). */
bool isa_encode(const struct isa_program *prog, uint8_t **data, size_t *size, struct isa_diags *diags);

#endif
