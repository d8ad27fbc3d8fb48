/* Test support for test_isa_text.c: building program models instruction by instruction, and
 * random valid programs. */
#ifndef ISA_TEXT_GEN_H
#define ISA_TEXT_GEN_H

#include "isa.h"
#include "isa_words.h"

#define GEN_AUTO_ADDR 0xffffffffu

/* xorshift64* */
uint64_t gen_rand(uint64_t *state);
unsigned gen_below(uint64_t *state, unsigned n);

void gen_init(struct isa_program *p, enum hw_chip chip);
/* Appends a CF instruction by opcode display name (any CF layout); returns its index. */
unsigned gen_cf(struct isa_program *p, const char *opname);
/* A clause for CF instruction `cf`, at addr (or GEN_AUTO_ADDR: after the previous one). */
struct isa_clause *gen_clause(struct isa_program *p, unsigned cf, uint32_t addr);
struct isa_alu_group *gen_group(struct isa_clause *c);
/* Appends an ALU instruction (OP2 or OP3 by name) writing R<gpr>.<chan>, WRITE_MASK set. */
struct isa_alu_inst *gen_alu(enum hw_chip chip, struct isa_alu_group *g, const char *opname,
                             unsigned gpr, unsigned chan);
void gen_src(enum hw_chip chip, struct isa_alu_inst *in, unsigned i, unsigned sel, unsigned chan);
struct isa_fetch_inst *gen_fetch(enum hw_chip chip, struct isa_clause *c, const char *opname);
/* Sets literal dwords, LAST bits, slots, clause addresses and CF COUNT/ADDR fields. */
void gen_finish(struct isa_program *p);

/* A random ALU group (any opcode of the table, random operands and fields) that passes
 * isa_validate inside an ALU clause whose CF words are cfw (its KCACHE windows). `filter`
 * (may be NULL) may adjust each candidate and returns false to reject it. */
typedef bool (*gen_group_filter)(enum hw_chip chip, struct isa_alu_group *g, void *ctx);
void gen_random_alu_group(enum hw_chip chip, const uint32_t cfw[2], struct isa_alu_group *g,
                          uint64_t *rng, gen_group_filter filter, void *ctx);
/* A random program that passes isa_validate. */
void gen_random_program(struct isa_program *p, enum hw_chip chip, uint64_t *rng);

#endif
