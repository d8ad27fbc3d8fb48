/* The ISA text codec (tools/isa): known encodings, every opcode and every field value of both
 * chips through encode -> decode -> print -> parse -> encode, random valid programs, each
 * encoding rule's rejection, and malformed binaries. Prints "N passed, M failed". */
#include "isa.h"
#include "isa_alu.h"
#include "isa_classify.h"
#include "isa_rules.h"
#include "isa_text_gen.h"
#include "isa_words.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static const enum hw_chip chips[2] = {HW_CHIP_R6XX, HW_CHIP_R7XX};

static void print_diags(const struct isa_diags *d)
{
   for (unsigned i = 0; i < d->n; i++)
      printf("   line %u [%s] %s\n", d->d[i].line, d->d[i].rule, d->d[i].msg);
}

/* encode -> decode -> print -> parse -> encode. Returns the printed text (malloc'ed) or NULL
 * after reporting a failure. */
static char *round_trip(const struct isa_program *p, const char *what)
{
   struct isa_diags d = {0};
   uint8_t *b = NULL, *b2 = NULL;
   size_t n, n2;
   struct isa_program q, r;
   char *text = NULL;
   if (!isa_validate(p, &d) || !isa_encode(p, &b, &n, &d)) {
      check(false, "%s: the builder made an invalid program", what);
      print_diags(&d);
      free(b);
      return NULL;
   }
   if (!isa_decode(p->chip, b, n, &q, &d)) {
      check(false, "%s: decode", what);
      print_diags(&d);
      free(b);
      return NULL;
   }
   text = isa_print(&q);
   isa_program_free(&q);
   bool parsed = isa_parse(text, &p->chip, &r, &d);
   bool ok = parsed && isa_validate(&r, &d) && isa_encode(&r, &b2, &n2, &d);
   if (parsed)
      isa_program_free(&r);
   if (!check(ok && n2 == n && !memcmp(b, b2, n), "%s: round trip (%s)\n%s", what,
              ok ? "bytes differ" : "assembler error", text)) {
      print_diags(&d);
      if (ok)
         for (size_t i = 0; i + 4 <= n && i + 4 <= n2; i += 4)
            if (memcmp(b + i, b2 + i, 4))
               printf("   byte %zu: %08X vs %08X\n", i, *(uint32_t *)(b + i), *(uint32_t *)(b2 + i));
      free(text);
      text = NULL;
   }
   free(b);
   free(b2);
   return text;
}

/* Assembles text; returns the bytes (malloc'ed) or NULL with the diagnostics. */
static uint8_t *assemble(const char *text, enum hw_chip chip, size_t *n, struct isa_diags *d)
{
   struct isa_program p;
   uint8_t *b = NULL;
   if (!isa_parse(text, &chip, &p, d))
      return NULL;
   if (isa_validate(&p, d))
      isa_encode(&p, &b, n, d);
   isa_program_free(&p);
   return b;
}

static uint32_t dw(const uint8_t *b, unsigned i)
{
   return (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
          (uint32_t)b[4 * i + 3] << 24;
}

/* ---------------------------------------------------------------- known encodings */

/* Words from docs/r600-hardware-notes.md §5.3 (llc-15 output), independent of our tables. */
static void test_known_vectors(void)
{
   static const char *const prog =
      ".cf\n"
      "0 ALU @4 BARRIER\n"
      "1 EXPORT_DONE PIXEL 0 R1.xyzw ELEM_SIZE:3 END_OF_PROGRAM BARRIER\n"
      "2 NOP END_OF_PROGRAM BARRIER\n"
      "3 NOP\n"
      ".alu @4\n"
      "0 w: MULADD_IEEE R0.w, R0.x, L.x, SRC_0_5\n"
      "  LITERALS 0x3E22F983\n"
      "1 w: FRACT R0.w, PV.w\n"
      "2 x: MUL_IEEE R1.x, R0.x, R0.y\n"
      "  w: ADD R0.w, PV.w, L.x\n"
      "  LITERALS -0.5\n"
      "3 t: SIN R1.y, PV.w\n"
      "4 t: RECIP_IEEE R1.z, R0.y\n";
   /* dword index -> value, for both chips (w1 of the OP2 words differs). */
   static const struct { unsigned i; uint32_t r6, r7; } want[] = {
      {0, 0x00000004, 0x00000004}, {1, 0xA01C0000, 0xA01C0000},
      {2, 0xC0008000, 0xC0008000}, {3, 0x94200688, 0x94200688},
      {4, 0x00000000, 0x00000000}, {5, 0x80200000, 0x80200000},
      {8, 0x801FA000, 0x801FA000}, {9, 0x600280FC, 0x600280FC},  /* MULADD_IEEE (OP3) */
      {10, 0x3E22F983, 0x3E22F983}, {11, 0, 0},
      {12, 0x80000CFE, 0x80000CFE}, {13, 0x60001010, 0x60000810}, /* FRACT */
      {14, 0x00800000, 0x00800000}, {15, 0x00200210, 0x00200110}, /* MUL_IEEE */
      {16, 0x801FACFE, 0x801FACFE}, {17, 0x60000010, 0x60000010}, /* ADD */
      {18, 0xBF000000, 0xBF000000},
      {22, 0x80000400, 0x80000400}, {23, 0x40206610, 0x40203310}, /* RECIP_IEEE */
   };
   for (unsigned c = 0; c < 2; c++) {
      struct isa_diags d = {0};
      size_t n = 0;
      uint8_t *b = assemble(prog, chips[c], &n, &d);
      CHECK(b && n == 24 * 4, "known program on %s: %zu bytes", hw_chip_name(chips[c]), n);
      if (!b) {
         print_diags(&d);
         continue;
      }
      for (unsigned k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
         uint32_t v = c ? want[k].r7 : want[k].r6;
         CHECK(dw(b, want[k].i) == v, "%s dword %u: 0x%08X, LLVM encodes 0x%08X",
               hw_chip_name(chips[c]), want[k].i, dw(b, want[k].i), v);
      }
      /* The SIN word pair of LLVM's R7xx output: trans slot, dst R1.y. */
      CHECK(dw(b, 21) == (c ? 0x20203710u : 0x20206E10u), "SIN w1 0x%08X", dw(b, 21));
      free(b);
   }

   /* CF and fetch words from docs/r600-hardware-notes.md §5.3 (identical on both chips). */
   static const struct { const char *text; uint32_t w[4]; unsigned n; } cf_vec[] = {
      {".cf\n0 LOOP_START_DX10 @8 BARRIER\n", {0x00000008, 0x83000000}, 2},
      {".cf\n0 JUMP @7 POP_COUNT:1 BARRIER\n", {0x00000007, 0x85000001}, 2},
      {".cf\n0 LOOP_BREAK @7 BARRIER\n", {0x00000007, 0x84800000}, 2},
      {".cf\n0 POP @7 POP_COUNT:1 BARRIER\n", {0x00000007, 0x87000001}, 2},
      {".cf\n0 LOOP_END @2 BARRIER\n", {0x00000002, 0x82800000}, 2},
      {".cf\n0 CALL_FS BARRIER\n", {0x00000000, 0x89800000}, 2},
      {".cf\n0 EXPORT_DONE POS 60 R0.xyzw ELEM_SIZE:3 BARRIER\n", {0xC000203C, 0x94000688}, 2},
      {".cf\n0 EXPORT_DONE POS 60 R0.xy01 BARRIER\n", {0x0000203C, 0x94000B08}, 2},
      {".cf\n0 EXPORT_DONE PARAM 0 R0.zw01 END_OF_PROGRAM\n", {0x00004000, 0x14200B1A}, 2},
   };
   for (unsigned k = 0; k < sizeof(cf_vec) / sizeof(cf_vec[0]); k++)
      for (unsigned c = 0; c < 2; c++) {
         struct isa_diags d = {0};
         size_t n = 0;
         uint8_t *b = assemble(cf_vec[k].text, chips[c], &n, &d);
         CHECK(b && n == 8 && dw(b, 0) == cf_vec[k].w[0] && dw(b, 1) == cf_vec[k].w[1],
               "%s: %08X %08X", cf_vec[k].text, b ? dw(b, 0) : 0, b ? dw(b, 1) : 0);
         if (!b)
            print_diags(&d);
         free(b);
      }

   static const struct { const char *text; uint32_t w[4]; } fetch_vec[] = {
      {".cf\n0 TEX @2 BARRIER\n1 NOP END_OF_PROGRAM\n.tex @2\n"
       "0 SAMPLE R0.xyzw, R0.xyzw RESOURCE_ID:1 COORD_TYPE_X:NORMALIZED COORD_TYPE_Y:NORMALIZED "
       "COORD_TYPE_Z:NORMALIZED COORD_TYPE_W:NORMALIZED\n",
       {0x00000110, 0xF00D1000, 0x68800000, 0}},
      {".cf\n0 TEX @2 BARRIER\n1 NOP END_OF_PROGRAM\n.tex @2\n0 SAMPLE R0.xyzw, R0.xy01\n",
       {0x00000010, 0x000D1000, 0xB0800000, 0}},
      {".cf\n0 VTX @2\n1 NOP END_OF_PROGRAM\n.vtx @2\n"
       "0 FETCH R0.xyzw, R0.x MEGA_FETCH_COUNT:15 DATA_FORMAT:FMT_32_32_32_32_FLOAT "
       "NUM_FORMAT_ALL:SCALED FORMAT_COMP_ALL:SIGNED MEGA_FETCH\n",
       {0x3C000000, 0x68CD1000, 0x00080000, 0}},
   };
   for (unsigned k = 0; k < sizeof(fetch_vec) / sizeof(fetch_vec[0]); k++)
      for (unsigned c = 0; c < 2; c++) {
         struct isa_diags d = {0};
         size_t n = 0;
         uint8_t *b = assemble(fetch_vec[k].text, chips[c], &n, &d);
         bool ok = b && n == 32;
         for (unsigned i = 0; ok && i < 4; i++)
            ok = dw(b, 4 + i) == fetch_vec[k].w[i];
         CHECK(ok, "fetch vector %u on %s: %08X %08X %08X", k, hw_chip_name(chips[c]),
               b ? dw(b, 4) : 0, b ? dw(b, 5) : 0, b ? dw(b, 6) : 0);
         if (!b)
            print_diags(&d);
         free(b);
      }
}

/* ---------------------------------------------------------------- every opcode */

static bool contains(const char *text, const char *needle)
{
   return text && strstr(text, needle);
}

/* One ALU instruction (or reduction group) with its opcode's sources. */
static void build_alu_op(struct isa_program *p, bool op3, unsigned op, const char *name)
{
   enum hw_chip chip = p->chip;
   struct isa_alu_class cls;
   isa_alu_class(chip, op3, op, &cls);
   unsigned k = gen_cf(p, "ALU");
   gen_cf(p, "NOP");
   isa_set(chip, ISA_F_CF1, "END_OF_PROGRAM", &p->cf[1].w[1], 1);
   struct isa_alu_group *g = gen_group(gen_clause(p, k, GEN_AUTO_ADDR));
   unsigned chans = cls.unit == ISA_UNIT_REDUCTION ? 4 : 1;
   for (unsigned c = 0; c < chans; c++) {
      unsigned chan = cls.unit == ISA_UNIT_REDUCTION ? c : cls.unit == ISA_UNIT_VECTOR ? 1 : 2;
      struct isa_alu_inst *in = gen_alu(chip, g, name, 1, chan);
      for (unsigned s = 0; s < cls.nsrc; s++)
         gen_src(chip, in, s, 10 + s, cls.unit == ISA_UNIT_REDUCTION ? c : s);
   }
}

static void build_fetch_op(struct isa_program *p, const char *cfname, const char *name)
{
   unsigned k = gen_cf(p, cfname);
   gen_cf(p, "NOP");
   isa_set(p->chip, ISA_F_CF1, "END_OF_PROGRAM", &p->cf[1].w[1], 1);
   gen_fetch(p->chip, gen_clause(p, k, GEN_AUTO_ADDR), name);
}

/* A program whose first CF instruction is the opcode `name`. */
static void build_cf_op(struct isa_program *p, const char *name)
{
   unsigned k = gen_cf(p, name);
   enum isa_clause_kind kind;
   gen_cf(p, "NOP");
   isa_set(p->chip, ISA_F_CF1, "END_OF_PROGRAM", &p->cf[1].w[1], 1);
   if (!isa_cf_clause_kind(p->chip, &p->cf[k], &kind)) {
      if (p->cf[k].kind == ISA_CF_PLAIN)
         isa_set(p->chip, ISA_F_CF0, "ADDR", &p->cf[k].w[0], 1);
      return;
   }
   struct isa_clause *c = gen_clause(p, k, GEN_AUTO_ADDR);
   if (kind == ISA_CLAUSE_ALU)
      gen_alu(p->chip, gen_group(c), "NOP", 0, 0);
   else
      gen_fetch(p->chip, c, kind == ISA_CLAUSE_TEX ? "SAMPLE" : "FETCH");
}

static const char *encoding_cf(unsigned enc)
{
   return enc == HW_ISA_ENC_VTX ? "VTX" : "TEX";
}

/* Every opcode of the instruction table, on both chips. */
static void test_every_opcode(void)
{
   for (unsigned c = 0; c < 2; c++) {
      const struct hw_isa_op *t = hw_isa_table(chips[c]);
      unsigned count = 0;
      for (unsigned id = 0; id < HW_ISA_NUM_OPS; id++) {
         const struct hw_isa_op *op = &t[id];
         if (!op->name)
            continue;
         struct isa_program p;
         char what[96], want[64];
         snprintf(what, sizeof(what), "%s %s %s", hw_chip_name(chips[c]),
                  hw_isa_encoding_name(op->encoding), op->name);
         gen_init(&p, chips[c]);
         switch (op->encoding) {
         case HW_ISA_ENC_ALU_OP2:
         case HW_ISA_ENC_ALU_OP3:
            build_alu_op(&p, op->encoding == HW_ISA_ENC_ALU_OP3, op->number, op->name);
            snprintf(want, sizeof(want), ": %s R1.", op->name);
            break;
         case HW_ISA_ENC_VTX:
         case HW_ISA_ENC_TEX:
            build_fetch_op(&p, encoding_cf(op->encoding), op->name);
            snprintf(want, sizeof(want), "   0  %s ", op->name);
            break;
         default:
            build_cf_op(&p, op->name);
            snprintf(want, sizeof(want), "   0  %s", op->name);
            break;
         }
         gen_finish(&p);
         char *text = round_trip(&p, what);
         CHECK(contains(text, want), "%s: listing lacks '%s'", what, want);
         free(text);
         isa_program_free(&p);
         count++;
      }
      printf("every opcode, %s: %u opcodes round-trip\n", hw_chip_name(chips[c]), count);
   }

   /* Every named value of every opcode field in the word tables is in the instruction table
    * (apart from the register reference's RESERVED_* placeholders). */
   static const struct { enum isa_fmt fmt; const char *field; unsigned enc; } inst_fields[] = {
      {ISA_F_CF1, "CF_INST", HW_ISA_ENC_CF}, {ISA_F_CFALU1, "CF_INST", HW_ISA_ENC_CF_ALU},
      {ISA_F_EXP1, "CF_INST", HW_ISA_ENC_CF_ALLOC_EXPORT},
      {ISA_F_ALU_OP2, "ALU_INST", HW_ISA_ENC_ALU_OP2}, {ISA_F_ALU_OP3, "ALU_INST", HW_ISA_ENC_ALU_OP3},
      {ISA_F_VTX0, "VTX_INST", HW_ISA_ENC_VTX}, {ISA_F_TEX0, "TEX_INST", HW_ISA_ENC_TEX},
   };
   for (unsigned c = 0; c < 2; c++)
      for (unsigned k = 0; k < sizeof(inst_fields) / sizeof(inst_fields[0]); k++) {
         const struct hw_field *f = isa_field_req(chips[c], inst_fields[k].fmt, inst_fields[k].field);
         for (unsigned v = 0; v < f->num_values; v++) {
            const struct hw_isa_op *op = isa_op(chips[c], inst_fields[k].enc, f->values[v].value);
            const char *name = isa_enum_name(f, f->values[v].value, NULL);
            CHECK((op && !strcmp(op->name, name)) || strstr(f->values[v].name, "RESERVED"),
                  "%s %s %s: not in the instruction table", hw_chip_name(chips[c]),
                  inst_fields[k].field, f->values[v].name);
         }
      }
}

/* ---------------------------------------------------------------- every field value */

struct base {
   struct isa_program p;
   uint32_t *w;            /* the words of the instruction under test */
   enum isa_inst_class cls;
   int slot;               /* ALU: the instruction's slot */
};

/* A valid program with one instruction of the format's class; b->w points at its words. */
static void build_base(struct base *b, enum hw_chip chip, enum isa_fmt fmt)
{
   struct isa_program *p = &b->p;
   gen_init(p, chip);
   b->slot = -1;
   switch (fmt) {
   case ISA_F_CF0:
   case ISA_F_CF1: {
      unsigned k = gen_cf(p, "JUMP");
      b->w = p->cf[k].w;
      b->cls = ISA_I_CF;
      break;
   }
   case ISA_F_CFALU0:
   case ISA_F_CFALU1: {
      unsigned k = gen_cf(p, "ALU");
      gen_alu(chip, gen_group(gen_clause(p, k, GEN_AUTO_ADDR)), "NOP", 0, 0);
      b->w = p->cf[k].w;
      b->cls = ISA_I_CF_ALU;
      break;
   }
   case ISA_F_EXP0:
   case ISA_F_EXP1:
   case ISA_F_EXP_SWIZ:
      b->w = p->cf[gen_cf(p, "EXPORT")].w;
      b->cls = ISA_I_EXP_SWIZ;
      break;
   case ISA_F_EXP_BUF: {
      const struct hw_field *f = isa_field_req(chip, ISA_F_EXP1, "CF_INST");
      const char *name = NULL;
      for (unsigned i = 0; i < f->num_values && !name; i++)
         if (!strncmp(isa_enum_name(f, f->values[i].value, NULL), "MEM_", 4))
            name = isa_enum_name(f, f->values[i].value, NULL);
      b->w = p->cf[gen_cf(p, name)].w;
      b->cls = ISA_I_EXP_BUF;
      break;
   }
   case ISA_F_ALU0:
   case ISA_F_ALU1:
   case ISA_F_ALU_OP2:
   case ISA_F_ALU_OP3: {
      unsigned k = gen_cf(p, "ALU");
      /* Both kcache sets lock two lines, so every kcache select is readable. */
      isa_set(chip, ISA_F_CFALU0, "KCACHE_MODE0", &p->cf[k].w[0], 2);
      isa_set(chip, ISA_F_CFALU1, "KCACHE_MODE1", &p->cf[k].w[1], 2);
      struct isa_alu_group *g = gen_group(gen_clause(p, k, GEN_AUTO_ADDR));
      bool op3 = fmt == ISA_F_ALU_OP3;
      struct isa_alu_inst *in = gen_alu(chip, g, op3 ? "MULADD" : "ADD", 3, 0);
      gen_src(chip, in, 0, 1, 0);
      gen_src(chip, in, 1, 2, 1);
      if (op3)
         gen_src(chip, in, 2, 4, 2);
      b->w = in->w;
      b->cls = op3 ? ISA_I_ALU_OP3 : ISA_I_ALU_OP2;
      b->slot = 0;
      break;
   }
   case ISA_F_VTX_SEM: {
      struct isa_clause *c = gen_clause(p, gen_cf(p, "VTX"), GEN_AUTO_ADDR);
      b->w = gen_fetch(chip, c, "SEMANTIC")->w;
      b->cls = ISA_I_VTX_SEM;
      break;
   }
   case ISA_F_VTX0:
   case ISA_F_VTX1:
   case ISA_F_VTX_GPR:
   case ISA_F_VTX2: {
      struct isa_clause *c = gen_clause(p, gen_cf(p, "VTX"), GEN_AUTO_ADDR);
      b->w = gen_fetch(chip, c, "FETCH")->w;
      b->cls = ISA_I_VTX_GPR;
      break;
   }
   default: {
      struct isa_clause *c = gen_clause(p, gen_cf(p, "TEX"), GEN_AUTO_ADDR);
      b->w = gen_fetch(chip, c, "SAMPLE")->w;
      b->cls = ISA_I_TEX;
      break;
   }
   }
   unsigned end = gen_cf(p, "NOP");
   isa_set(chip, ISA_F_CF1, "END_OF_PROGRAM", &p->cf[end].w[1], 1);
}

static unsigned word_of(enum isa_inst_class cls, enum isa_fmt fmt)
{
   struct isa_part parts[4];
   unsigned n = isa_layout(cls, parts);
   for (unsigned i = 0; i < n; i++)
      if (parts[i].fmt == fmt)
         return parts[i].word;
   abort();
}

/* Fields that the walk leaves alone: opcodes (test_every_opcode) and the fields the clause
 * structure derives (LAST, ENCODING, clause ADDR/COUNT). */
static bool walked(enum isa_fmt fmt, const char *name)
{
   if (strstr(name, "_INST") || !strcmp(name, "LAST") || !strcmp(name, "ENCODING"))
      return false;
   if (fmt == ISA_F_CFALU0 || fmt == ISA_F_CFALU1)
      return strcmp(name, "ADDR") && strcmp(name, "COUNT");
   return true;
}

/* Whether the decoder must refuse value v of field f (SYNTAX.md "Valid binaries" 2-5), or
 * the validator must reject it (returns the rule name through *rule). */
static bool expect_invalid(enum hw_chip chip, enum isa_fmt fmt, const struct hw_field *f,
                           uint32_t v, int slot, const char **rule)
{
   *rule = "decode";
   if (strstr(f->name, "SEL_") && f->num_values)                       /* swizzle selects */
      return isa_sel_char(f, v) == 0;
   if (strlen(f->name) == 8 && !strcmp(f->name + 4, "_SEL") &&
       (fmt == ISA_F_ALU0 || fmt == ISA_F_ALU_OP3))
      return isa_src_kind(chip, v) == ISA_SRC_RESERVED;               /* SRCn_SEL */
   if (!strcmp(f->name, "BANK_SWIZZLE")) {
      *rule = "bank-swizzle";
      return v > (slot == ISA_SLOT_T ? 3u : 5u);
   }
   return false;
}

static unsigned walk_values(const struct hw_field *f, uint32_t *vals, unsigned cap, uint64_t *rng)
{
   unsigned n = 0;
   if (f->width <= 10) {
      for (uint32_t v = 0; v <= isa_fmax(f); v++)
         vals[n++] = v;
      return n;
   }
   for (uint32_t v = 0; v < 256; v++)
      vals[n++] = v;
   for (unsigned b = 8; b < f->width; b++)
      vals[n++] = 1u << b;
   vals[n++] = isa_fmax(f);
   vals[n++] = isa_fmax(f) - 1;
   while (n < cap)
      vals[n++] = (uint32_t)gen_rand(rng) & isa_fmax(f);
   return n;
}

static void test_every_field(void)
{
   uint64_t rng = 0x1234567;
   uint32_t vals[1100];
   for (unsigned c = 0; c < 2; c++) {
      unsigned fields = 0, values = 0, rejected = 0;
      for (unsigned fmt = 0; fmt < ISA_F_COUNT; fmt++) {
         const struct hw_register *w = isa_format(chips[c], fmt);
         for (unsigned fi = 0; fi < w->num_fields; fi++) {
            const struct hw_field *f = &w->fields[fi];
            if (!walked(fmt, f->name))
               continue;
            fields++;
            unsigned n = walk_values(f, vals, 340, &rng);
            for (unsigned k = 0; k < n; k++) {
               struct base b;
               char what[128];
               const char *rule;
               build_base(&b, chips[c], fmt);
               unsigned word = word_of(b.cls, fmt);
               b.w[word] = isa_fset(f, b.w[word], vals[k]);
               gen_finish(&b.p);
               snprintf(what, sizeof(what), "%s %s.%s = %u", hw_chip_name(chips[c]), w->name,
                        f->name, vals[k]);
               if (expect_invalid(chips[c], fmt, f, vals[k], b.slot, &rule)) {
                  struct isa_diags d = {0};
                  struct isa_program q;
                  uint8_t *bytes = NULL;
                  size_t size;
                  bool rejected_here;
                  if (!strcmp(rule, "decode")) {
                     isa_encode(&b.p, &bytes, &size, &d);
                     rejected_here = !isa_decode(chips[c], bytes, size, &q, &d);
                     if (!rejected_here)
                        isa_program_free(&q);
                  } else
                     rejected_here = !isa_validate(&b.p, &d);
                  CHECK(rejected_here && d.n && !strcmp(d.d[0].rule, rule),
                        "%s: expected a [%s] rejection, got %s", what, rule,
                        d.n ? d.d[0].rule : "none");
                  free(bytes);
                  rejected++;
               } else {
                  char *text = round_trip(&b.p, what);
                  free(text);
               }
               isa_program_free(&b.p);
               values++;
            }
         }
      }
      printf("every field, %s: %u fields, %u values (%u rejected as specified)\n",
             hw_chip_name(chips[c]), fields, values, rejected);
   }
}

/* ---------------------------------------------------------------- random programs */

static void test_random_programs(void)
{
   uint64_t rng = 0x9E3779B97F4A7C15ull;
   for (unsigned c = 0; c < 2; c++) {
      unsigned ok = 0, total = 300;
      for (unsigned i = 0; i < total; i++) {
         struct isa_program p;
         char what[64];
         snprintf(what, sizeof(what), "random program %u on %s", i, hw_chip_name(chips[c]));
         gen_random_program(&p, chips[c], &rng);
         unsigned before = check_failed;
         char *text = round_trip(&p, what);
         ok += check_failed == before;
         free(text);
         isa_program_free(&p);
      }
      printf("random programs, %s: %u of %u round-trip\n", hw_chip_name(chips[c]), ok, total);
   }
}

/* ---------------------------------------------------------------- rule violations */

#define KC_CF ".cf\n0 ALU @2 KCACHE_MODE0:LOCK_2 KCACHE_MODE1:LOCK_1 KCACHE_ADDR1:4 BARRIER\n" \
              "1 NOP END_OF_PROGRAM BARRIER\n.alu @2\n"
#define PLAIN_CF ".cf\n0 ALU @2 BARRIER\n1 NOP END_OF_PROGRAM BARRIER\n.alu @2\n"

static const struct violation {
   int chip;              /* -1: both */
   const char *text;
   const char *rule;
   unsigned line;
} violations[] = {
   /* slot */
   {-1, KC_CF "0 t: RECIP_IEEE R1.x, R2.x\n  t: SIN R1.y, R2.y\n", "slot", 6},
   {-1, KC_CF "0 x: ADD R1.x, R2.x, R3.y\n  x: MOVA_INT R0.x, R2.x\n", "slot", 6},
   {-1, KC_CF "0 y: ADD R1.x, R2.x, R3.y\n", "slot", 5},
   {-1, KC_CF "0 x: ADD R1.x, R2.x, R3.y\n  t: ADD R1.y, R2.x, R3.y\n", "slot", 6},
   {-1, KC_CF "0 x: ADD R1.x, R1.x, R1.x\n  y: ADD R1.y, R1.y, R1.y\n  z: ADD R1.z, R1.z, R1.z\n"
              "  w: ADD R1.w, R1.w, R1.w\n  t: ADD R2.x, R1.x, R1.x\n  ?: ADD R3.x, R1.x, R1.x\n",
    "slot", 10},
   {HW_CHIP_R6XX, KC_CF "0 x: ADD R1.x, R2.x, R3.y\n  t: SIN R1.y, R2.y\n  x: LSHL_INT R5.x, R2.x, R3.y\n",
    "slot", 7},
   /* reduction */
   {-1, KC_CF "0 x: DOT4 R1.x, R2.x, R3.x\n  y: DOT4 R1.y, R2.y, R3.y\n", "reduction", 5},
   {-1, KC_CF "0 x: DOT4 R1.x, R2.x, R3.x\n  y: DOT4 R1.y, R2.y, R3.y\n  z: ADD R1.z, R2.z, R3.z\n"
              "  w: DOT4 R1.w, R2.w, R3.w\n", "reduction", 7},
   /* once-per-group */
   {-1, KC_CF "0 x: KILLGT R0.x, R1.x, R2.x\n  y: KILLGT R0.y, R1.y, R2.y\n", "once-per-group", 6},
   {-1, KC_CF "0 x: KILLGT R0.x, R1.x, R2.x\n  y: PRED_SETE R0.y, R1.y, R2.y\n", "once-per-group", 5},
   {-1, KC_CF "0 x: PRED_SETE R0.x, R1.x, R2.x\n  y: PRED_SETGT R0.y, R1.y, R2.y\n", "once-per-group", 6},
   {-1, KC_CF "0 x: MOVA_INT R0.x, R1.x\n  y: MOVA_INT R0.y, R1.y\n", "once-per-group", 6},
   {-1, KC_CF "0 x: MOVA_INT R0.x, R1.x\n  y: MOV R1.y, R[2+AR_X].y\n", "once-per-group", 6},
   /* bank-swizzle */
   {-1, KC_CF "0 x: ADD R1.x, R2.x, R3.y\n  y: ADD R1.y, R4.x, R3.y\n", "bank-swizzle", 6},
   {-1, KC_CF "0 x: ADD R1.x, R2.x, R3.y\n  y: ADD R1.y, R4.y, R3.y BANK_SWIZZLE:VEC_102\n",
    "bank-swizzle", 6},
   {-1, KC_CF "0 t: RECIP_IEEE R1.x, R2.x BANK_SWIZZLE:4\n", "bank-swizzle", 5},
   {-1, KC_CF "0 x: ADD R1.x, R2.x, R3.y BANK_SWIZZLE:6\n", "bank-swizzle", 5},
   {-1, KC_CF "0 t: MUL_LIT R1.x, KC0[0].x, L.x, R2.y BANK_SWIZZLE:SCL_221\n  LITERALS 1.0\n",
    "bank-swizzle", 5},
   {-1, KC_CF "0 t: MUL_LIT R1.x, KC0[0].x, L.x, PV.y\n  LITERALS 1.0\n", "bank-swizzle", 5},
   /* literal */
   {-1, KC_CF "0 x: ADD R1.x, L.z, R2.y\n  LITERALS 1.0 2.0\n", "literal", 6},
   {-1, KC_CF "0 x: ADD R1.x, L.x, R2.y\n  LITERALS 1 2 3 4 5\n", "literal", 6},
   {-1, KC_CF "0 x: ADD R1.x, R3.x, R2.y\n  LITERALS 1\n", "literal", 6},
   {-1, KC_CF "0 x: ADD R1.x, L.x, R2.y\n  LITERALS 1 2 3\n", "literal", 6},
   {-1, KC_CF "0 x: ADD R1.x, L.y, R2.y\n", "literal", 5},
   /* kcache */
   {-1, PLAIN_CF "0 x: ADD R1.x, KC0[1].x, R2.y\n", "kcache", 5},
   {-1, KC_CF "0 x: ADD R1.x, KC1[20].x, R2.y\n", "kcache", 5},
   /* constant-reads */
   {HW_CHIP_R7XX, KC_CF "0 x: ADD R1.x, KC0[0].x, KC0[1].x\n  y: ADD R1.y, KC0[2].x, R2.y\n",
    "constant-reads", 6},
   {HW_CHIP_R7XX, KC_CF "0 x: ADD R1.x, KC0[0].x, KC0[0].y\n  y: ADD R1.y, KC0[0].z, KC0[1].x\n",
    "constant-reads", 6},
   {HW_CHIP_R6XX, KC_CF "0 x: ADD R1.x, KC0[0].x, KC0[0].y\n  y: ADD R1.y, KC0[0].z, KC0[1].x\n"
                         "  z: ADD R1.z, C5.x, R2.z\n", "constant-reads", 7},
   /* trans-constants */
   {-1, KC_CF "0 t: MUL_LIT R1.x, KC0[0].x, L.x, SRC_1\n  LITERALS 1.0\n", "trans-constants", 5},
   /* clause-alignment */
   {-1, ".cf\n0 TEX @3\n1 NOP END_OF_PROGRAM\n.tex @3\n0 SAMPLE R0.xyzw, R0.xyzw\n",
    "clause-alignment", 4},
   /* syntax and layout */
   {-1, KC_CF "0 x: FOO R1.x, R2.x\n", "syntax", 5},
   {-1, KC_CF "0 x: ADD R1.x, R2.x\n", "syntax", 5},
   {-1, KC_CF "0 x: ADD R1.x, R2.x, R3.y, R4.z\n", "syntax", 5},
   {-1, KC_CF "0 x: MULADD R1.x, |R2.x|, R3.y, R4.z\n", "syntax", 5},
   {-1, KC_CF "0 x: ADD R1.x, R2.x, R3.y FOO:1\n", "syntax", 5},
   {-1, KC_CF "0 x: ADD R1.x, R2.x, R3.y DST_GPR:4\n", "syntax", 5},
   {-1, KC_CF "0 x: ADD R1.x, R[2+AR_X].x, R[3+AR_Y].y\n", "syntax", 5},
   {-1, KC_CF "0 x: ADD R128.x, R2.x, R3.y\n", "syntax", 5},
   {-1, KC_CF "0 x: ADD R1.x, KC0[32].x, R3.y\n", "syntax", 5},
   {-1, KC_CF "1 x: ADD R1.x, R2.x, R3.y\n", "syntax", 5},
   {-1, ".cf\n0 ALU @9 BARRIER\n1 NOP END_OF_PROGRAM\n", "syntax", 2},
   {-1, ".cf\n0 NOP END_OF_PROGRAM\n.alu @4\n0 x: NOP R0.x\n", "syntax", 3},
   {-1, ".cf\n0 TEX @2\n1 NOP END_OF_PROGRAM\n.alu @2\n0 x: NOP R0.x\n", "syntax", 2},
   {-1, ".cf\n0 ALU @3\n1 ALU @4\n2 NOP END_OF_PROGRAM\n.alu @3\n0 x: NOP R0.x\n1 x: NOP R0.x\n"
        ".alu @4\n0 x: NOP R0.x\n", "layout", 8},
   {-1, ".cf\n0 ALU @0\n.alu @0\n0 x: NOP R0.x\n", "layout", 3},
   {-1, ".cf\n0 EXPORT_DONE PIXEL 0 R1.xyzq\n", "syntax", 2},
   {-1, ".cf\n0 EXPORT_DONE PIXEL 8192 R1.xyzw\n", "syntax", 2},
   {-1, ".cf\n0 JUMP @7 POP_COUNT:8\n", "syntax", 2},
   {-1, ".cf\n0 NOP\n.size 6\n", "syntax", 3},
   {-1, ".cf\n0 NOP\n.size 4\n", "layout", 0},
   {-1, ".chip r700\n.cf\n0 NOP\n", "syntax", 1},
   {-1, ".cf\n0 NOP\n.chip rv770\n", "syntax", 3},
   {-1, ".alu @2\n", "syntax", 1},
   {-1, "", "syntax", 0},
};

static void test_violations(void)
{
   for (unsigned i = 0; i < sizeof(violations) / sizeof(violations[0]); i++) {
      const struct violation *v = &violations[i];
      for (unsigned c = 0; c < 2; c++) {
         if (v->chip >= 0 && (enum hw_chip)v->chip != chips[c])
            continue;
         struct isa_diags d = {0};
         size_t n;
         uint8_t *b = assemble(v->text, chips[c], &n, &d);
         bool found = false;
         for (unsigned k = 0; k < d.n && !found; k++)
            found = !strcmp(d.d[k].rule, v->rule) && (d.d[k].line == v->line || !v->line);
         CHECK(!b && found, "violation %u on %s: expected [%s] at line %u, got %s%s", i,
               hw_chip_name(chips[c]), v->rule, v->line, b ? "an assembled program" : "",
               b ? "" : (d.n ? d.d[0].rule : "no diagnostic"));
         if (b || !found)
            print_diags(&d);
         free(b);
      }
   }
   /* The limits themselves are accepted: 4 constant pairs on R6xx, 2 on R7xx, 2 trans
    * constants, full fetch clauses. */
   static const struct { int chip; const char *text; } ok[] = {
      {HW_CHIP_R6XX, KC_CF "0 x: ADD R1.x, KC0[0].x, KC0[0].y\n  y: ADD R1.y, KC0[0].z, KC0[1].x\n"},
      {-1, KC_CF "0 x: ADD R1.x, KC0[0].x, KC0[0].y\n  y: ADD R1.y, KC0[1].z, KC0[1].w\n"},
      {-1, KC_CF "0 t: MULLO_INT R1.x, KC0[0].x, L.x\n  LITERALS 7\n"},
      {-1, KC_CF "0 t: MULLO_INT R1.x, KC0[0].x, R2.y BANK_SWIZZLE:SCL_221\n"},
      {HW_CHIP_R6XX, KC_CF "0 x: ADD R1.x, KC0[0].x, KC0[1].x\n  y: ADD R1.y, KC0[2].x, R2.y\n"},
      {-1, KC_CF "0 t: MUL_LIT R1.x, KC0[0].x, L.x, R2.y BANK_SWIZZLE:SCL_122\n  LITERALS 1.0\n"},
      {-1, KC_CF "0 x: KILLGT R0.x, R1.x, R2.x\n  y: ADD R0.y, R1.y, R2.y\n"},
      {-1, KC_CF "0 x: MOVA_INT R0.x, R1.x\n1 y: MOV R1.y, R[2+AR_X].y\n"},
      {-1, KC_CF "0 x: ADD R1.x, R2.x, R2.x\n  y: ADD R1.y, R4.y, R4.y\n"},
   };
   for (unsigned i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
      for (unsigned c = 0; c < 2; c++) {
         if (ok[i].chip >= 0 && (enum hw_chip)ok[i].chip != chips[c])
            continue;
         struct isa_diags d = {0};
         size_t n;
         uint8_t *b = assemble(ok[i].text, chips[c], &n, &d);
         CHECK(b != NULL, "accepted case %u on %s is rejected", i, hw_chip_name(chips[c]));
         if (!b)
            print_diags(&d);
         free(b);
      }
}

/* Fetch clauses at the size limit (8 on R6xx, 16 on R7xx) and one over; ALU 128/129 slots. */
static void test_clause_sizes(void)
{
   for (unsigned c = 0; c < 2; c++) {
      unsigned max = chips[c] == HW_CHIP_R6XX ? 8 : 16;
      for (unsigned extra = 0; extra < 2; extra++) {
         char text[4096];
         size_t len = (size_t)snprintf(text, sizeof(text), ".cf\n0 TEX @2\n1 NOP END_OF_PROGRAM\n.tex @2\n");
         for (unsigned i = 0; i < max + extra; i++)
            len += (size_t)snprintf(text + len, sizeof(text) - len, "%u SAMPLE R0.xyzw, R0.xyzw\n", i);
         struct isa_diags d = {0};
         size_t n;
         uint8_t *b = assemble(text, chips[c], &n, &d);
         CHECK(extra ? !b && d.n && !strcmp(d.d[0].rule, "clause-size") && d.d[0].line == 4 : b != NULL,
               "TEX clause of %u on %s", max + extra, hw_chip_name(chips[c]));
         free(b);
      }
      for (unsigned extra = 0; extra < 2; extra++) {
         static char text[16384];
         size_t len = (size_t)snprintf(text, sizeof(text), ".cf\n0 ALU @2\n1 NOP END_OF_PROGRAM\n.alu @2\n");
         for (unsigned i = 0; i < 128 + extra; i++)
            len += (size_t)snprintf(text + len, sizeof(text) - len, "%u x: NOP R0.x\n", i);
         struct isa_diags d = {0};
         size_t n;
         uint8_t *b = assemble(text, chips[c], &n, &d);
         CHECK(extra ? !b && d.n && !strcmp(d.d[0].rule, "clause-size") : b != NULL,
               "ALU clause of %u slots on %s", 128 + extra, hw_chip_name(chips[c]));
         free(b);
      }
   }
}

/* ---------------------------------------------------------------- malformed binaries */

static void put(uint8_t *b, unsigned i, uint32_t v)
{
   b[4 * i] = (uint8_t)v;
   b[4 * i + 1] = (uint8_t)(v >> 8);
   b[4 * i + 2] = (uint8_t)(v >> 16);
   b[4 * i + 3] = (uint8_t)(v >> 24);
}

static bool decodes(enum hw_chip chip, const uint8_t *b, size_t n, char *first_msg, size_t len)
{
   struct isa_diags d = {0};
   struct isa_program p;
   if (isa_decode(chip, b, n, &p, &d)) {
      isa_program_free(&p);
      return true;
   }
   snprintf(first_msg, len, "%s", d.n ? d.d[0].msg : "");
   return false;
}

static void test_malformed(void)
{
   /* A valid base: CF 0..3; ALU @4: one group (MOV R1.x / MOV R1.y, L.x) and its 2 literal
    * dwords (dwords 8-13); padding slot 7 (dwords 14-15); TEX @8: SAMPLE (dwords 16-19). */
   static const char *const base =
      ".cf\n0 ALU @4 BARRIER\n1 TEX @8 BARRIER\n2 NOP END_OF_PROGRAM\n3 NOP\n"
      ".alu @4\n0 x: MOV R1.x, R2.x\n  y: MOV R1.y, L.x\n  LITERALS 1.0\n"
      ".tex @8\n0 SAMPLE R0.xyzw, R0.xyzw\n";
   static const struct {
      const char *what;
      unsigned dword;
      uint32_t clear, set;
      bool r7_ok;
   } muts[] = {
      {"CF reserved bit 20", 3, 0, 1u << 20, false},
      {"bit 19 of CF word 1 (R6xx reserved, R7xx COUNT_3)", 5, 0, 1u << 19, true},
      {"unknown CF instruction 30", 5, 0x7Fu << 23, 30u << 23, false},
      {"CF_ALU opcode 12", 1, 0xFu << 26, 12u << 26, false},
      {"fetch 4th dword", 19, 0, 1, false},
      {"TEX DST_SEL_X = 6", 17, 7u << 9, 6u << 9, false},
      {"TEX SRC_SEL_W = 7", 18, 7u << 29, 7u << 29, false},
      {"TEX opcode 2", 16, 0x1F, 2, false},
      {"reserved source select 200", 8, 0x1FF, 200, false},
      {"relative literal", 10, 0, 1u << 9, false},
      {"group without LAST", 10, 1u << 31, 0, false},
      {"clause address inside the CF program", 2, 0xFFFFFFFF, 1, false},
      {"clause address at the CF program's end", 2, 0xFFFFFFFF, 2, false},
      {"clause past the end", 2, 0xFFFFFFFF, 9, false},
      {"overlapping clauses", 2, 0xFFFFFFFF, 5, false},
      {"COUNT ends inside the literals", 1, 0x7Fu << 18, 1u << 18, false},
      {"non-zero dword between clauses", 14, 0, 1, false},
   };
   for (unsigned c = 0; c < 2; c++) {
      enum hw_chip chip = chips[c];
      struct isa_diags d = {0};
      size_t n = 0;
      char msg[240];
      uint8_t *good = assemble(base, chip, &n, &d);
      CHECK(good && n == 80, "malformed-test base assembles (%zu bytes)", n);
      if (!good) {
         print_diags(&d);
         continue;
      }
      CHECK(decodes(chip, good, n, msg, sizeof(msg)), "base decodes");
      uint8_t *b = calloc(n + 16, 1);
      for (unsigned k = 0; k < sizeof(muts) / sizeof(muts[0]); k++) {
         memcpy(b, good, n);
         put(b, muts[k].dword, (dw(b, muts[k].dword) & ~muts[k].clear) | muts[k].set);
         bool ok = decodes(chip, b, n, msg, sizeof(msg));
         bool want = chip == HW_CHIP_R7XX && muts[k].r7_ok;
         CHECK(ok == want, "%s on %s: decode %s%s%s", muts[k].what, hw_chip_name(chip),
               ok ? "accepted" : "refused", ok ? "" : ": ", ok ? "" : msg);
      }
      /* An OP2 opcode without a name (127), at the chip's opcode position. */
      memcpy(b, good, n);
      const struct hw_field *op = isa_field_req(chip, ISA_F_ALU_OP2, "ALU_INST");
      put(b, 9, isa_fset(op, dw(b, 9), 127));
      CHECK(!decodes(chip, b, n, msg, sizeof(msg)), "OP2 opcode 127 refused on %s", hw_chip_name(chip));
      /* Sizes and tails. */
      CHECK(!decodes(chip, good, 0, msg, sizeof(msg)), "empty program refused");
      CHECK(!decodes(chip, good, 4, msg, sizeof(msg)), "4-byte program refused");
      CHECK(!decodes(chip, good, 6, msg, sizeof(msg)), "6-byte program refused");
      CHECK(!decodes(chip, good, n - 8, msg, sizeof(msg)), "truncated clause refused");
      memcpy(b, good, n);
      memset(b + n, 0, 16);
      CHECK(decodes(chip, b, n + 12, msg, sizeof(msg)), "zero tail accepted (.size)");
      b[n + 9] = 1;
      CHECK(!decodes(chip, b, n + 12, msg, sizeof(msg)), "non-zero tail refused");
      free(b);
      free(good);
   }
}

/* Random bit flips, dword overwrites and truncations of valid programs: the decoder never
 * crashes, and whatever it accepts and validates re-assembles to the same bytes. */
static void test_fuzz(void)
{
   uint64_t rng = 0xC0FFEE;
   for (unsigned c = 0; c < 2; c++) {
      unsigned decoded = 0, refused = 0, trips = 0;
      for (unsigned i = 0; i < 150; i++) {
         struct isa_program p;
         struct isa_diags d = {0};
         uint8_t *good;
         size_t n;
         gen_random_program(&p, chips[c], &rng);
         bool built = isa_encode(&p, &good, &n, &d);
         isa_program_free(&p);
         if (!built)
            continue;
         uint8_t *b = malloc(n);
         for (unsigned m = 0; m < 12; m++) {
            size_t len = n;
            memcpy(b, good, n);
            switch (gen_below(&rng, 4)) {
            case 0:
               b[gen_below(&rng, (unsigned)n)] ^= (uint8_t)(1u << gen_below(&rng, 8));
               break;
            case 1:
               put(b, gen_below(&rng, (unsigned)n / 4), (uint32_t)gen_rand(&rng));
               break;
            case 2:
               len = gen_below(&rng, (unsigned)n);
               break;
            default:
               for (unsigned k = 0; k < 3; k++)
                  b[gen_below(&rng, (unsigned)n)] ^= (uint8_t)(1u << gen_below(&rng, 8));
               break;
            }
            struct isa_program q;
            struct isa_diags dq = {0};
            if (!isa_decode(chips[c], b, len, &q, &dq)) {
               refused++;
               CHECK(dq.n > 0 && !strcmp(dq.d[0].rule, "decode"), "refusal without a message");
               continue;
            }
            decoded++;
            struct isa_diags dv = {0};
            if (isa_validate(&q, &dv)) {
               char *text = round_trip(&q, "fuzzed program");
               trips += text != NULL;
               free(text);
            }
            isa_program_free(&q);
         }
         free(b);
         free(good);
      }
      printf("fuzz, %s: %u mutants decoded (%u valid ones round-trip), %u refused\n",
             hw_chip_name(chips[c]), decoded, trips, refused);
   }
}

/* Mutated listings: the assembler reports errors and never crashes; what it accepts encodes. */
static void test_text_fuzz(void)
{
   static const char alphabet[] = " ,.:;@[]+-|0123456789xyzwtRLCKPVSAUMX_\n";
   uint64_t rng = 0xFEEDFACE;
   for (unsigned c = 0; c < 2; c++) {
      unsigned accepted = 0, rejected = 0;
      for (unsigned i = 0; i < 100; i++) {
         struct isa_program p, q;
         struct isa_diags d = {0};
         uint8_t *b;
         size_t n;
         gen_random_program(&p, chips[c], &rng);
         bool built = isa_encode(&p, &b, &n, &d);
         if (built && isa_decode(chips[c], b, n, &q, &d)) {
            char *text = isa_print(&q);
            size_t len = strlen(text);
            char *m = malloc(len + 64);
            for (unsigned k = 0; k < 20; k++) {
               memcpy(m, text, len + 1);
               for (unsigned e = 1 + gen_below(&rng, 3); e > 0; e--) {
                  size_t at = gen_below(&rng, (unsigned)len);
                  m[at] = alphabet[gen_below(&rng, sizeof(alphabet) - 1)];
               }
               if (gen_below(&rng, 4) == 0)
                  m[gen_below(&rng, (unsigned)len)] = 0;
               struct isa_program r;
               struct isa_diags dr = {0};
               uint8_t *out = NULL;
               size_t outn;
               if (isa_parse(m, &chips[c], &r, &dr)) {
                  if (isa_validate(&r, &dr) && isa_encode(&r, &out, &outn, &dr))
                     accepted++;
                  else
                     rejected++;
                  isa_program_free(&r);
               } else
                  rejected++;
               CHECK(out || dr.n > 0, "a mutated listing was refused without a message");
               free(out);
            }
            free(m);
            free(text);
            isa_program_free(&q);
         }
         free(b);
         isa_program_free(&p);
      }
      printf("text fuzz, %s: %u mutated listings assembled, %u rejected with a message\n",
             hw_chip_name(chips[c]), accepted, rejected);
   }
}

/* ---------------------------------------------------------------- the command-line tools */

static char tmpdir[64];

static char *slurp(const char *path, size_t *n)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   char *buf = malloc(1 << 20);
   *n = fread(buf, 1, (1 << 20) - 1, f);
   buf[*n] = 0;
   fclose(f);
   return buf;
}

static void spill(const char *path, const void *data, size_t n)
{
   FILE *f = fopen(path, "wb");
   if (f) {
      fwrite(data, 1, n, f);
      fclose(f);
   }
}

/* Runs a command with stdout/stderr captured in tmpdir/out, tmpdir/err; returns the exit code. */
static int run(const char *cmd, char **out, char **err)
{
   char line[1024];
   size_t n;
   snprintf(line, sizeof(line), "%s >%s/out 2>%s/err", cmd, tmpdir, tmpdir);
   int st = system(line);
   snprintf(line, sizeof(line), "%s/out", tmpdir);
   *out = slurp(line, &n);
   snprintf(line, sizeof(line), "%s/err", tmpdir);
   *err = slurp(line, &n);
   return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_tools(const char *disasm, const char *asm_tool)
{
   char cmd[768], path[128], path2[128], *out, *err;
   size_t n, n2;
   struct isa_diags d = {0};
   snprintf(tmpdir, sizeof(tmpdir), "/tmp/isa_text_XXXXXX");
   if (!mkdtemp(tmpdir)) {
      CHECK(false, "mkdtemp");
      return;
   }
   uint8_t *b = assemble(".cf\n0 ALU @2 BARRIER\n1 NOP END_OF_PROGRAM BARRIER\n.alu @2\n"
                         "0 x: MUL_IEEE R1.x, R0.x, R0.y\n", HW_CHIP_R7XX, &n, &d);
   snprintf(path, sizeof(path), "%s/prog.bin", tmpdir);
   spill(path, b, n);

   snprintf(cmd, sizeof(cmd), "%s --chip rv770 %s", disasm, path);
   int rc = run(cmd, &out, &err);
   CHECK(rc == 0 && contains(out, ".chip rv770") && contains(out, "x: MUL_IEEE R1.x, R0.x, R0.y"),
         "r600sim-disasm: exit %d, output:\n%s%s", rc, out ? out : "", err ? err : "");
   snprintf(path2, sizeof(path2), "%s/prog.s", tmpdir);
   spill(path2, out, out ? strlen(out) : 0);
   free(out);
   free(err);

   snprintf(cmd, sizeof(cmd), "%s %s %s/again.bin", asm_tool, path2, tmpdir);
   rc = run(cmd, &out, &err);
   snprintf(path2, sizeof(path2), "%s/again.bin", tmpdir);
   char *again = slurp(path2, &n2);
   CHECK(rc == 0 && again && n2 == n && !memcmp(again, b, n), "r600sim-asm round trip: exit %d %s",
         rc, err ? err : "");
   free(again);
   free(out);
   free(err);

   /* Chip mismatch between the listing and --chip. */
   snprintf(path2, sizeof(path2), "%s/prog.s", tmpdir);
   snprintf(cmd, sizeof(cmd), "%s --chip r600 %s %s/x.bin", asm_tool, path2, tmpdir);
   rc = run(cmd, &out, &err);
   CHECK(rc == 1 && contains(err, "prog.s:1: error: [syntax]"), "chip mismatch: exit %d, %s", rc,
         err ? err : "");
   free(out);
   free(err);

   /* A rule violation: FILE:LINE: error: [rule]. */
   static const char bad[] = ".cf\n0 ALU @2\n1 NOP END_OF_PROGRAM\n.alu @2\n"
                             "0 t: RECIP_IEEE R1.x, R2.x\n  t: SIN R1.y, R2.y\n";
   snprintf(path2, sizeof(path2), "%s/bad.s", tmpdir);
   spill(path2, bad, sizeof(bad) - 1);
   snprintf(cmd, sizeof(cmd), "%s %s %s/bad.bin", asm_tool, path2, tmpdir);
   rc = run(cmd, &out, &err);
   snprintf(path2, sizeof(path2), "%s/bad.bin", tmpdir);
   FILE *none = fopen(path2, "rb");
   CHECK(rc == 1 && contains(err, "bad.s:6: error: [slot]") && !none,
         "r600sim-asm rule violation: exit %d, %s", rc, err ? err : "");
   if (none)
      fclose(none);
   free(out);
   free(err);

   /* A malformed binary is refused; a rule-breaking one is listed with a warning. */
   snprintf(path2, sizeof(path2), "%s/short.bin", tmpdir);
   spill(path2, b, 6);
   snprintf(cmd, sizeof(cmd), "%s %s", disasm, path2);
   rc = run(cmd, &out, &err);
   CHECK(rc == 1 && contains(err, "error: [decode]") && out && !*out,
         "r600sim-disasm on 6 bytes: exit %d, %s", rc, err ? err : "");
   free(out);
   free(err);
   struct isa_program wp;
   uint8_t *warn = NULL;
   size_t wn = 0;
   if (isa_decode(HW_CHIP_R7XX, b, n, &wp, &d)) {
      isa_set(HW_CHIP_R7XX, ISA_F_ALU1, "BANK_SWIZZLE", &wp.clauses[0].groups[0].ins[0].w[1], 7);
      isa_encode(&wp, &warn, &wn, &d);  /* encoding does not check the rules */
      isa_program_free(&wp);
   }
   snprintf(path2, sizeof(path2), "%s/warn.bin", tmpdir);
   spill(path2, warn, wn);
   snprintf(cmd, sizeof(cmd), "%s %s", disasm, path2);
   rc = run(cmd, &out, &err);
   CHECK(rc == 0 && contains(err, "warning: [bank-swizzle]") && contains(out, "BANK_SWIZZLE:7"),
         "r600sim-disasm with a rule violation: exit %d, %s%s", rc, out ? out : "", err ? err : "");
   free(out);
   free(err);
   free(warn);

   snprintf(cmd, sizeof(cmd), "%s %s/missing.bin", disasm, tmpdir);
   rc = run(cmd, &out, &err);
   CHECK(rc == 1 && contains(err, "missing.bin"), "missing file: exit %d", rc);
   free(out);
   free(err);
   snprintf(cmd, sizeof(cmd), "%s --chip r800 %s", disasm, path);
   rc = run(cmd, &out, &err);
   CHECK(rc == 2 && contains(err, "r800"), "unknown chip: exit %d", rc);
   free(out);
   free(err);
   snprintf(cmd, sizeof(cmd), "%s onlyone", asm_tool);
   rc = run(cmd, &out, &err);
   CHECK(rc == 2 && contains(err, "usage"), "asm usage: exit %d", rc);
   free(out);
   free(err);
   free(b);
   snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
   CHECK(system(cmd) == 0, "cleanup");
}

int main(int argc, char **argv)
{
   test_known_vectors();
   test_every_opcode();
   test_every_field();
   test_random_programs();
   test_violations();
   test_clause_sizes();
   test_malformed();
   test_fuzz();
   test_text_fuzz();
   if (argc == 3)
      test_tools(argv[1], argv[2]);
   else
      CHECK(false, "usage: test_isa_text R600SIM_DISASM R600SIM_ASM (the tools are not tested)");
   return check_report();
}
