/* Operand syntax (SYNTAX.md "Operands"): ALU sources and destinations, and the GPR+swizzle
 * operands of exports and fetches. */
#ifndef ISA_OPERAND_H
#define ISA_OPERAND_H

#include "isa_alu.h"
#include "isa_strbuf.h"
#include "isa_words.h"

void isa_print_alu_src(struct isa_strbuf *sb, enum hw_chip chip, const struct isa_src *s,
                       unsigned index_mode);
void isa_print_alu_dst(struct isa_strbuf *sb, enum hw_chip chip, unsigned gpr, unsigned rel,
                       unsigned chan, unsigned index_mode);

/* *index_mode: -1 until a relative operand sets it; a different one is an error. */
bool isa_parse_alu_src(enum hw_chip chip, const char *tok, bool allow_abs, struct isa_src *s,
                       int *index_mode, char *err, size_t errlen);
bool isa_parse_alu_dst(enum hw_chip chip, const char *tok, unsigned *gpr, unsigned *rel,
                       unsigned *chan, int *index_mode, char *err, size_t errlen);

/* "<prefix><n>.<sels>" where each select character is looked up in the matching field of
 * `fmt` (sel_fields, nsel of them). Prints / parses into words w[word_of_gpr] etc. */
void isa_print_sels(struct isa_strbuf *sb, enum hw_chip chip, enum isa_fmt fmt,
                    const char *const *sel_fields, unsigned nsel, uint32_t word);
bool isa_parse_reg_sels(enum hw_chip chip, const char *tok, const char *prefix, uint32_t nmax,
                        uint32_t *n, enum isa_fmt fmt, const char *const *sel_fields,
                        unsigned nsel, uint32_t *word, char *err, size_t errlen);

#endif
