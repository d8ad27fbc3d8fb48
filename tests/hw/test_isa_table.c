/* Checks of the generated instruction table (hw_isa.h). The spot checks' expected numbers
 * and classes were read by hand from the register reference's R6xx/R7xx opcode lists (sections 4
 * and 5) and from docs/r600-hardware-notes.md §4.1 (R7xx additions), §4.2 (slot classes,
 * once-per-group rules), §4.6 (results) and §4.7 (fetch names), not from the generated files. The
 * whole-table checks compare the table with the *_INST enumerations of the microcode word tables
 * (hw_regdb.h) both ways. Prints "N passed, M failed". */
#include "hw/hw_isa.h"
#include "hw/hw_regdb.h"
#include "r600_regs.h"

#include "check.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define R6 HW_CHIP_R6XX
#define R7 HW_CHIP_R7XX
#define BOTH (HW_CHIP_R6XX | HW_CHIP_R7XX)

/* One documented opcode: where to find it and what the documents say about it. */
struct expect {
   unsigned chip, encoding, number;
   const char *name;
   int num_src;            /* -1: not checked */
   int slot;               /* enum hw_isa_slot, -1: not checked */
   int flags;              /* exact HW_ISA_F_* set, -1: not checked */
   int result;             /* enum hw_isa_result, -1: not checked */
   unsigned chips;
};

enum { CF = HW_ISA_ENC_CF, CFA = HW_ISA_ENC_CF_ALU, EXP = HW_ISA_ENC_CF_ALLOC_EXPORT,
       OP2 = HW_ISA_ENC_ALU_OP2, OP3 = HW_ISA_ENC_ALU_OP3, VTX = HW_ISA_ENC_VTX,
       TEX = HW_ISA_ENC_TEX };
enum { NONE = HW_ISA_SLOT_NONE, ANY = HW_ISA_SLOT_ANY, VEC = HW_ISA_SLOT_VECTOR,
       TRANS = HW_ISA_SLOT_TRANS, RED = HW_ISA_SLOT_REDUCTION };
enum { RNONE = HW_ISA_RESULT_NONE, RFLT = HW_ISA_RESULT_FLOAT, RINT = HW_ISA_RESULT_INT };

static const struct expect spot[] = {
   /* register reference §4/§5 OP2 lists; slot classes docs/r600-hardware-notes.md §4.2; results
    * §4.6 */
   { R6, OP2, 0x66, "RECIP_IEEE", 1, TRANS, 0, RFLT, BOTH },
   { R7, OP2, 0x66, "RECIP_IEEE", 1, TRANS, 0, RFLT, BOTH },
   { R6, OP2, 0x50, "DOT4", 2, RED, 0, RFLT, BOTH },
   { R7, OP2, 0x51, "DOT4_IEEE", 2, RED, 0, RFLT, BOTH },
   { R7, OP2, 0x52, "CUBE", 2, RED, 0, RFLT, BOTH },
   { R6, OP2, 0x53, "MAX4", 1, RED, 0, RFLT, BOTH },
   { R6, OP2, 0x72, "LSHL_INT", 2, TRANS, 0, RINT, BOTH },    /* trans only on R6xx */
   { R7, OP2, 0x72, "LSHL_INT", 2, ANY, 0, RINT, BOTH },      /* any slot on R7xx */
   { R6, OP2, 0x70, "ASHR_INT", 2, TRANS, 0, RINT, BOTH },
   { R7, OP2, 0x71, "LSHR_INT", 2, ANY, 0, RINT, BOTH },
   { R6, OP2, 0x60, "MOVA_GPR_INT", 1, TRANS, HW_ISA_F_MOVA, RNONE, R6 },
   { R6, OP2, 0x15, "MOVA", 1, VEC, HW_ISA_F_MOVA, RNONE, BOTH },
   { R7, OP2, 0x18, "MOVA_INT", 1, VEC, HW_ISA_F_MOVA, RNONE, BOTH },
   { R6, OP2, 0x2D, "KILLGT", 2, ANY, HW_ISA_F_KILL, RNONE, BOTH },
   { R7, OP2, 0x45, "PRED_SETNE_INT", 2, ANY, HW_ISA_F_PRED_SET, RNONE, BOTH },
   { R6, OP2, 0x4F, "PRED_SETLE_PUSH_INT", 2, ANY, HW_ISA_F_PRED_SET, RNONE, BOTH },
   { R7, OP2, 0x26, "PRED_SET_CLR", 0, ANY, HW_ISA_F_PRED_SET, RNONE, BOTH },
   { R6, OP2, 0x1A, "NOP", 0, ANY, 0, RNONE, BOTH },
   { R7, OP2, 0x19, "MOV", 1, ANY, 0, RFLT, BOTH },
   { R6, OP2, 0x02, "MUL_IEEE", 2, ANY, 0, RFLT, BOTH },
   { R7, OP2, 0x08, "SETE", 2, ANY, 0, RFLT, BOTH },          /* 1.0 / 0.0 */
   { R6, OP2, 0x0D, "SETGT_DX10", 2, ANY, 0, RINT, BOTH },    /* 0xFFFFFFFF / 0 */
   { R7, OP2, 0x3A, "SETE_INT", 2, ANY, 0, RINT, BOTH },
   { R6, OP2, 0x35, "SUB_INT", 2, ANY, 0, RINT, BOTH },
   { R7, OP2, 0x6B, "FLT_TO_INT", 1, TRANS, 0, RINT, BOTH },
   { R6, OP2, 0x6C, "INT_TO_FLT", 1, TRANS, 0, RFLT, BOTH },
   { R7, OP2, 0x6E, "SIN", 1, TRANS, 0, RFLT, BOTH },
   { R6, OP2, 0x73, "MULLO_INT", 2, TRANS, 0, RINT, BOTH },
   { R7, OP2, 0x79, "FLT_TO_UINT", 1, TRANS, 0, RINT, BOTH },
   /* docs/r600-hardware-notes.md §4.1: R7xx-only FP64 ops; §4.2: all *_64 ops vector only */
   { R7, OP2, 0x07, "FREXP_64", 1, VEC, HW_ISA_F_FP64, -1, R7 },
   { R7, OP2, 0x17, "ADD_64", 2, VEC, HW_ISA_F_FP64, RFLT, R7 },
   { R7, OP2, 0x1B, "MUL_64", 2, VEC, HW_ISA_F_FP64, RFLT, R7 },
   { R7, OP2, 0x1D, "FLT32_TO_FLT64", 1, VEC, HW_ISA_F_FP64, RFLT, R7 },
   { R7, OP2, 0x7A, "LDEXP_64", 2, VEC, HW_ISA_F_FP64, RFLT, R7 },
   { R7, OP2, 0x7E, "PRED_SETGE_64", 2, VEC, HW_ISA_F_FP64 | HW_ISA_F_PRED_SET, RNONE, R7 },
   /* OP3 (register reference: "instructions taking 3 operands") */
   { R6, OP3, 0x10, "MULADD", 3, ANY, 0, RFLT, BOTH },
   { R7, OP3, 0x14, "MULADD_IEEE", 3, ANY, 0, RFLT, BOTH },
   { R6, OP3, 0x0C, "MUL_LIT", 3, TRANS, 0, RFLT, BOTH },
   { R7, OP3, 0x0D, "MUL_LIT_M2", 3, ANY, 0, RFLT, BOTH },
   { R6, OP3, 0x18, "CNDE", 3, ANY, 0, RFLT, BOTH },
   { R7, OP3, 0x1E, "CNDGE_INT", 3, ANY, 0, RINT, BOTH },
   { R7, OP3, 0x0B, "MULADD_64_D2", 3, VEC, HW_ISA_F_FP64, RFLT, R7 },
   /* CF (register reference CF_WORD1.CF_INST; COND=ACTIVE and clause texts) */
   { R6, CF, 19, "CALL_FS", 0, NONE, 0, RNONE, BOTH },
   { R7, CF, 19, "CALL_FS", 0, NONE, 0, RNONE, BOTH },
   { R6, CF, 1, "TEX", 0, NONE, HW_ISA_F_CLAUSE | HW_ISA_F_COND_ACTIVE, RNONE, BOTH },
   { R7, CF, 6, "LOOP_START_DX10", 0, NONE, 0, RNONE, BOTH },
   { R6, CF, 14, "POP", 0, NONE, 0, RNONE, BOTH },
   { R7, CF, 24, "KILL", 0, NONE, HW_ISA_F_COND_ACTIVE, RNONE, BOTH },
   { R7, CF, 0x19, "END_PROGRAM", 0, NONE, 0, RNONE, R7 },   /* facts §4.1 */
   { R7, CF, 0x1B, "TEX_ACK", 0, NONE, -1, RNONE, R7 },
   { R6, CFA, 9, "ALU_PUSH_BEFORE", 0, NONE, HW_ISA_F_CLAUSE, RNONE, BOTH },
   { R7, CFA, 15, "ALU_ELSE_AFTER", 0, NONE, HW_ISA_F_CLAUSE, RNONE, BOTH },
   { R6, EXP, 40, "EXPORT_DONE", 0, NONE, 0, RNONE, BOTH },
   { R7, EXP, 39, "EXPORT", 0, NONE, 0, RNONE, BOTH },
   { R6, EXP, 36, "MEM_SCRATCH", 0, NONE, HW_ISA_F_EXPORT_BUF, RNONE, BOTH },
   { R7, EXP, 0x3A, "MEM_EXPORT", 0, NONE, HW_ISA_F_EXPORT_BUF, RNONE, R7 },
   /* fetch (register reference VTX_INST / TEX_INST; facts §4.7 names TEX 0x0E) */
   { R6, VTX, 0, "FETCH", 0, NONE, 0, RNONE, BOTH },
   { R7, VTX, 1, "SEMANTIC", 0, NONE, HW_ISA_F_VTX_SEM, RNONE, BOTH },
   { R6, TEX, 0x10, "SAMPLE", 0, NONE, 0, RNONE, BOTH },
   { R7, TEX, 0x1F, "SAMPLE_C_G_LZ", 0, NONE, 0, RNONE, BOTH },
   { R6, TEX, 0x07, "GET_GRADIENTS_H", 0, NONE, 0, RNONE, BOTH },
   { R7, TEX, 0x03, "LD", 0, NONE, 0, RNONE, BOTH },
   { R6, TEX, 0x0E, "SET_CUBEMAP_INDEX", 0, NONE, 0, RNONE, BOTH },
   { R7, TEX, 0x0A, "KEEP_GRADIENTS", 0, NONE, 0, RNONE, R7 },
};

static void
check_spot(void)
{
   for (unsigned i = 0; i < sizeof(spot) / sizeof(spot[0]); i++) {
      const struct expect *e = &spot[i];
      const struct hw_isa_op *op = hw_isa_find(e->chip, e->encoding, e->number);
      if (!check(op && strcmp(op->name, e->name) == 0, "%s: %s %u on chip %u is %s", e->name,
                 hw_isa_encoding_name(e->encoding), e->number, e->chip, op ? op->name : "missing"))
         continue;
      CHECK(hw_isa_find_name(e->chip, e->encoding, e->name) == op);
      CHECK_EQ(op->number, e->number);
      CHECK_EQ(op->encoding, e->encoding);
      CHECK_EQ(op->chips, e->chips);
      if (e->num_src >= 0)
         CHECK_EQ(op->num_src, e->num_src);
      if (e->slot >= 0)
         CHECK_EQ(op->slot_class, e->slot);
      if (e->flags >= 0)
         CHECK_EQ(op->flags, e->flags);
      if (e->result >= 0)
         CHECK_EQ(op->result, e->result);
   }
   /* the chip that lacks an op has no entry for it */
   CHECK(hw_isa_op(R7, HW_ISA_OP2_MOVA_GPR_INT) == NULL);
   CHECK(hw_isa_find(R7, OP2, 0x60) == NULL);
   CHECK(hw_isa_op(R6, HW_ISA_OP2_ADD_64) == NULL);
   CHECK(hw_isa_find(R6, OP3, 0x08) == NULL);
   CHECK(hw_isa_find(R6, CF, 0x19) == NULL);
   CHECK(hw_isa_find(R6, EXP, 0x3A) == NULL);
   CHECK(hw_isa_find(R6, TEX, 0x0A) == NULL);   /* register reference: RESERVED_10 */
   /* codes the register reference leaves unused or reserved */
   CHECK(hw_isa_find(R6, OP2, 7) == NULL);
   CHECK(hw_isa_find(R7, OP2, 0x54) == NULL);
   CHECK(hw_isa_find(R6, OP3, 27) == NULL);
   CHECK(hw_isa_find(R7, OP3, 31) == NULL);
   CHECK(hw_isa_find(R7, CFA, 12) == NULL);
   CHECK(hw_isa_find(R7, TEX, 15) == NULL);
   CHECK(hw_isa_find(R6, VTX, 2) == NULL);
   CHECK(hw_isa_find(R7, OP2, 0x7FF) == NULL);
   CHECK(hw_isa_find(4, OP2, 0) == NULL);
   CHECK(hw_isa_find(R7, HW_ISA_NUM_ENCODINGS, 0) == NULL);
   /* ids name the same op on both chips; ENC_ANY finds the CF NOP first */
   CHECK(hw_isa_op(R6, HW_ISA_OP2_RECIP_IEEE) == hw_isa_find(R6, OP2, 0x66));
   CHECK(hw_isa_op(R7, HW_ISA_CF_EXPORT_DONE) == hw_isa_find(R7, EXP, 40));
   CHECK(hw_isa_op(R7, HW_ISA_TEX_SAMPLE) == hw_isa_find(R7, TEX, 0x10));
   CHECK_EQ(hw_isa_find_name(R7, HW_ISA_ENC_ANY, "NOP")->encoding, CF);
   CHECK_EQ(hw_isa_id_of(hw_isa_find_name(R6, OP2, "NOP")), HW_ISA_OP2_NOP);
   CHECK(hw_isa_find_name(R6, OP2, "ADD_64") == NULL);
   CHECK(hw_isa_find_name(R7, OP2, "add") == NULL);
   /* docs/r600-hardware-notes.md §4.1 worked example: FRACT, write mask, dst R0.w -> word 1 */
   const struct hw_isa_op *fract6 = hw_isa_find_name(R6, OP2, "FRACT");
   const struct hw_isa_op *fract7 = hw_isa_find_name(R7, OP2, "FRACT");
   CHECK_EQ(R6_SQ_ALU_WORD1__DST_CHAN(3) | R6_SQ_ALU_WORD1_OP2__WRITE_MASK(1) |
               R6_SQ_ALU_WORD1_OP2__ALU_INST(fract6->number), 0x60001010u);
   CHECK_EQ(R7_SQ_ALU_WORD1__DST_CHAN(3) | R7_SQ_ALU_WORD1_OP2__WRITE_MASK(1) |
               R7_SQ_ALU_WORD1_OP2__ALU_INST(fract7->number), 0x60000810u);
}

/* Instructions per chip and encoding, counted by hand in the register reference's lists (R6xx: CF
 * 0-24; CF_ALU 8-11, 13-15; exports 32-40; OP2 0-6, 8-22, 24-26, 30-83, 96-121; OP3 12-26, 28-30;
 * VTX 0-1; TEX 0-1, 3-9, 11-14, 16-31) plus docs/r600-hardware-notes.md §4.1 for R7xx (5 CF,
 * MEM_EXPORT, 10 OP2 and 4 OP3 FP64 ops, KEEP_GRADIENTS; MOVA_GPR_INT gone). */
static void
check_counts(void)
{
   static const unsigned want[2][HW_ISA_NUM_ENCODINGS] = {
      { 25, 7, 9, 105, 18, 2, 29 },
      { 30, 7, 10, 114, 22, 2, 30 },
   };
   for (unsigned c = 0; c < 2; c++) {
      unsigned n[HW_ISA_NUM_ENCODINGS] = { 0 };
      const struct hw_isa_op *t = hw_isa_table(c ? R7 : R6);
      for (unsigned i = 0; i < HW_ISA_NUM_OPS; i++)
         if (t[i].name)
            n[t[i].encoding]++;
      for (unsigned e = 0; e < HW_ISA_NUM_ENCODINGS; e++) {
         if (n[e] != want[c][e])
            printf("  (%s %s)\n", c ? "R7" : "R6", hw_isa_encoding_name(e));
         CHECK_EQ(n[e], want[c][e]);
      }
   }
}

/* Per chip: unique numbers and names per encoding, look-ups finding every entry, ALU/non-ALU
 * property shapes, flags matching the documented name classes. */
static void
check_invariants(unsigned chip)
{
   const struct hw_isa_op *t = hw_isa_table(chip);
   unsigned dup = 0, lookup = 0, shape = 0, flags = 0;
   for (unsigned i = 0; i < HW_ISA_NUM_OPS; i++) {
      const struct hw_isa_op *a = &t[i];
      if (!a->name)
         continue;
      for (unsigned j = i + 1; j < HW_ISA_NUM_OPS; j++) {
         const struct hw_isa_op *b = &t[j];
         if (b->name && a->encoding == b->encoding &&
             (a->number == b->number || strcmp(a->name, b->name) == 0)) {
            printf("FAIL duplicate %s / %s\n", a->name, b->name);
            dup++;
         }
      }
      lookup += hw_isa_find(chip, a->encoding, a->number) != a ||
                hw_isa_find_name(chip, a->encoding, a->name) != a || hw_isa_id_of(a) != i ||
                hw_isa_op(chip, i) != a || !(a->chips & chip);
      bool alu = a->encoding == HW_ISA_ENC_ALU_OP2 || a->encoding == HW_ISA_ENC_ALU_OP3;
      bool bad = alu ? a->slot_class == NONE || (a->encoding == OP3 ? a->num_src != 3 : a->num_src > 2)
                     : a->slot_class != NONE || a->num_src || a->result != RNONE;
      if (bad) {
         printf("FAIL shape of %s\n", a->name);
         shape++;
      }
      unsigned want = 0;
      if (a->encoding == OP2) {
         want |= strncmp(a->name, "KILL", 4) == 0 ? HW_ISA_F_KILL : 0;
         want |= strncmp(a->name, "PRED_SET", 8) == 0 ? HW_ISA_F_PRED_SET : 0;
         want |= strncmp(a->name, "MOVA", 4) == 0 ? HW_ISA_F_MOVA : 0;
      }
      if ((a->flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET | HW_ISA_F_MOVA)) != want) {
         printf("FAIL once-per-group flags of %s\n", a->name);
         flags++;
      }
      /* FP64 ops exist on R7xx only and issue in vector slots only (facts §4.1, §4.2) */
      if ((a->flags & HW_ISA_F_FP64) && (a->chips != R7 || a->slot_class != VEC))
         flags++;
   }
   CHECK_EQ(dup, 0);
   CHECK_EQ(lookup, 0);
   CHECK_EQ(shape, 0);
   CHECK_EQ(flags, 0);
}

/* Ops on both chips agree on everything but the slot class, which differs only for the
 * three shifts (trans on R6xx, any on R7xx). */
static void
check_families_agree(void)
{
   unsigned differ = 0, slot_differ = 0, both = 0;
   for (unsigned i = 0; i < HW_ISA_NUM_OPS; i++) {
      const struct hw_isa_op *a = &hw_isa_ops_r6[i], *b = &hw_isa_ops_r7[i];
      CHECK(a->name || b->name);
      if (!a->name || !b->name)
         continue;
      both++;
      differ += strcmp(a->name, b->name) != 0 || a->number != b->number || a->encoding != b->encoding ||
                a->num_src != b->num_src || a->flags != b->flags || a->result != b->result ||
                a->chips != BOTH || b->chips != BOTH;
      if (a->slot_class != b->slot_class) {
         slot_differ++;
         CHECK(a->slot_class == TRANS && b->slot_class == ANY &&
               (i == HW_ISA_OP2_ASHR_INT || i == HW_ISA_OP2_LSHR_INT || i == HW_ISA_OP2_LSHL_INT));
      }
   }
   CHECK_EQ(differ, 0);
   CHECK_EQ(slot_differ, 3);
   CHECK_EQ(both, 195 - 1);   /* every R6xx op but MOVA_GPR_INT is on R7xx too */
}

/* The opcode field of each encoding in the word tables of a chip family. */
static const struct {
   unsigned encoding;
   const char *word[2];    /* R6xx, R7xx */
   const char *field, *prefix;
} fields[] = {
   { HW_ISA_ENC_CF, { "SQ_CF_WORD1", "SQ_CF_WORD1" }, "CF_INST", "SQ_CF_INST_" },
   { HW_ISA_ENC_CF_ALU, { "SQ_CF_ALU_WORD1", "SQ_CF_ALU_WORD1" }, "CF_INST", "SQ_CF_INST_" },
   { HW_ISA_ENC_CF_ALLOC_EXPORT, { "SQ_CF_ALLOC_EXPORT_WORD1", "SQ_CF_ALLOC_EXPORT_WORD1" },
     "CF_INST", "SQ_CF_INST_" },
   { HW_ISA_ENC_ALU_OP2, { "SQ_ALU_WORD1_OP2", "SQ_ALU_WORD1_OP2_V2" }, "ALU_INST", "SQ_OP2_INST_" },
   { HW_ISA_ENC_ALU_OP3, { "SQ_ALU_WORD1_OP3", "SQ_ALU_WORD1_OP3" }, "ALU_INST", "SQ_OP3_INST_" },
   { HW_ISA_ENC_VTX, { "SQ_VTX_WORD0", "SQ_VTX_WORD0" }, "VTX_INST", "SQ_VTX_INST_" },
   { HW_ISA_ENC_TEX, { "SQ_TEX_WORD0", "SQ_TEX_WORD0" }, "TEX_INST", "SQ_TEX_INST_" },
};

static const struct hw_field *
opcode_field(unsigned fam, unsigned k)
{
   const struct hw_register *words = fam ? hw_isa_words_r7 : hw_isa_words_r6;
   unsigned n = fam ? hw_num_isa_words_r7 : hw_num_isa_words_r6;
   for (unsigned i = 0; i < n; i++) {
      if (strcmp(words[i].name, fields[k].word[fam]) != 0)
         continue;
      for (unsigned f = 0; f < words[i].num_fields; f++)
         if (strcmp(words[i].fields[f].name, fields[k].field) == 0)
            return &words[i].fields[f];
   }
   return NULL;
}

/* Every enum value of every *_INST field has a table entry with its name and number (the
 * the register reference's RESERVED_ codes excepted), and every table entry is such an enum
 * value. */
static void
check_against_words(void)
{
   for (unsigned fam = 0; fam < 2; fam++) {
      unsigned chip = fam ? R7 : R6, missing = 0, extra = 0, values = 0, entries = 0;
      for (unsigned k = 0; k < sizeof(fields) / sizeof(fields[0]); k++) {
         const struct hw_field *f = opcode_field(fam, k);
         size_t plen = strlen(fields[k].prefix);
         CHECK(f != NULL);
         if (!f)
            continue;
         for (unsigned v = 0; v < f->num_values; v++) {
            const char *name = f->values[v].name;
            CHECK(strncmp(name, fields[k].prefix, plen) == 0);
            if (strstr(name, "RESERVED"))
               continue;
            values++;
            const struct hw_isa_op *op = hw_isa_find(chip, fields[k].encoding, f->values[v].value);
            if (!op || strcmp(op->name, name + plen) != 0) {
               printf("FAIL %s %s = %u has no table entry\n", fam ? "R7" : "R6", name,
                      f->values[v].value);
               missing++;
            }
         }
         for (unsigned i = 0; i < HW_ISA_NUM_OPS; i++) {
            const struct hw_isa_op *op = hw_isa_op(chip, i);
            if (!op || op->encoding != fields[k].encoding)
               continue;
            entries++;
            bool found = false;
            for (unsigned v = 0; v < f->num_values && !found; v++)
               found = f->values[v].value == op->number &&
                       strcmp(f->values[v].name + plen, op->name) == 0;
            if (!found) {
               printf("FAIL %s %s is in no word enumeration\n", fam ? "R7" : "R6", op->name);
               extra++;
            }
            /* the field can hold the number */
            CHECK(op->number < (1u << f->width));
         }
      }
      CHECK_EQ(missing, 0);
      CHECK_EQ(extra, 0);
      CHECK_EQ(values, entries);
   }
}

int
main(void)
{
   check_spot();
   check_counts();
   check_invariants(R6);
   check_invariants(R7);
   check_families_agree();
   check_against_words();
   CHECK(hw_isa_table(0) == NULL);
   CHECK(hw_isa_op(R7, HW_ISA_NUM_OPS) == NULL);
   CHECK(!strcmp(hw_isa_slot_name(TRANS), "trans") && !strcmp(hw_isa_result_name(RINT), "int"));
   return check_report();
}
