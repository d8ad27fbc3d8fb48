/* Assembler internals: tokenized lines and the instruction-line parsers. */
#ifndef ISA_PARSE_H
#define ISA_PARSE_H

#include "isa.h"

#define ISA_TOK_LEN 96
#define ISA_LINE_TOKS 48

struct isa_tok {
   char text[ISA_TOK_LEN];
   bool comma;                /* a comma separated it from the previous token */
};

struct isa_line {
   unsigned no;
   unsigned n;
   struct isa_tok t[ISA_LINE_TOKS];
};

/* Splits one line (comment already removed) into tokens; false if a token or the line is too
 * long (err set). */
bool isa_tokenize(const char *text, size_t len, struct isa_line *line, char *err, size_t errlen);

/* Instruction lines, starting at token `first` (after an optional index). False with err set
 * (a syntax error). */
bool isa_parse_cf_line(enum hw_chip chip, const struct isa_line *l, unsigned first,
                       struct isa_cf_inst *cf, char *err, size_t errlen);
/* *label: the slot written before the opcode (0..3, ISA_SLOT_T) or -1. */
bool isa_parse_alu_line(enum hw_chip chip, const struct isa_line *l, unsigned first,
                        struct isa_alu_inst *in, int *label, char *err,
                        size_t errlen);
bool isa_parse_fetch_line(enum hw_chip chip, enum isa_clause_kind kind, const struct isa_line *l,
                          unsigned first, struct isa_fetch_inst *f, char *err,
                          size_t errlen);
/* A literal value: 0x hex, decimal (negative: two's complement) or a float with '.'/exponent. */
bool isa_parse_literal(const char *text, uint32_t *value);

#endif
