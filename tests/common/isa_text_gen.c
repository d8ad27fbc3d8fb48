/* Program builders and random valid programs for test_isa_text.c. */
#include "isa_text_gen.h"
#include "isa_alu.h"
#include "isa_classify.h"
#include "isa_rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CF 512
#define MAX_CLAUSES 256

uint64_t gen_rand(uint64_t *s)
{
   *s ^= *s >> 12;
   *s ^= *s << 25;
   *s ^= *s >> 27;
   return *s * 0x2545F4914F6CDD1Dull;
}

unsigned gen_below(uint64_t *s, unsigned n)
{
   return n ? (unsigned)(gen_rand(s) >> 33) % n : 0;
}

static void die(const char *what, const char *name)
{
   fprintf(stderr, "isa_text_gen: %s '%s'\n", what, name);
   abort();
}

void gen_init(struct isa_program *p, enum hw_chip chip)
{
   memset(p, 0, sizeof(*p));
   p->chip = chip;
   p->cf = calloc(MAX_CF, sizeof(*p->cf));
   p->clauses = calloc(MAX_CLAUSES, sizeof(*p->clauses));
}

unsigned gen_cf(struct isa_program *p, const char *opname)
{
   enum isa_cf_kind kind;
   unsigned opcode;
   if (p->ncf == MAX_CF || !isa_cf_lookup(p->chip, opname, &kind, &opcode))
      die("no CF opcode", opname);
   struct isa_cf_inst *cf = &p->cf[p->ncf];
   memset(cf, 0, sizeof(*cf));
   cf->kind = kind;
   cf->clause = -1;
   isa_set(p->chip, isa_cf_inst_fmt(kind), "CF_INST", &cf->w[1], opcode);
   return p->ncf++;
}

struct isa_clause *gen_clause(struct isa_program *p, unsigned cf, uint32_t addr)
{
   enum isa_clause_kind kind;
   if (p->nclauses == MAX_CLAUSES || !isa_cf_clause_kind(p->chip, &p->cf[cf], &kind))
      die("CF instruction runs no clause", "");
   struct isa_clause *c = &p->clauses[p->nclauses++];
   memset(c, 0, sizeof(*c));
   c->kind = kind;
   c->addr = addr;
   c->cf = cf;
   return c;
}

struct isa_alu_group *gen_group(struct isa_clause *c)
{
   c->groups = realloc(c->groups, (c->n + 1) * sizeof(*c->groups));
   memset(&c->groups[c->n], 0, sizeof(c->groups[0]));
   return &c->groups[c->n++];
}

struct isa_alu_inst *gen_alu(enum hw_chip chip, struct isa_alu_group *g, const char *opname,
                             unsigned gpr, unsigned chan)
{
   uint32_t op;
   if (g->n == ISA_MAX_GROUP)
      die("group full at", opname);
   struct isa_alu_inst *in = &g->ins[g->n++];
   memset(in, 0, sizeof(*in));
   if (isa_enum_lookup(isa_field_req(chip, ISA_F_ALU_OP2, "ALU_INST"), opname, &op)) {
      isa_set(chip, ISA_F_ALU_OP2, "ALU_INST", &in->w[1], op);
      isa_set(chip, ISA_F_ALU_OP2, "WRITE_MASK", &in->w[1], 1);
   } else if (isa_enum_lookup(isa_field_req(chip, ISA_F_ALU_OP3, "ALU_INST"), opname, &op))
      isa_set(chip, ISA_F_ALU_OP3, "ALU_INST", &in->w[1], op);
   else
      die("no ALU opcode", opname);
   isa_set(chip, ISA_F_ALU1, "DST_GPR", &in->w[1], gpr);
   isa_set(chip, ISA_F_ALU1, "DST_CHAN", &in->w[1], chan);
   return in;
}

void gen_src(enum hw_chip chip, struct isa_alu_inst *in, unsigned i, unsigned sel, unsigned chan)
{
   static const char *const sels[3] = {"SRC0_SEL", "SRC1_SEL", "SRC2_SEL"};
   static const char *const chans[3] = {"SRC0_CHAN", "SRC1_CHAN", "SRC2_CHAN"};
   enum isa_fmt fmt = i < 2 ? ISA_F_ALU0 : ISA_F_ALU_OP3;
   isa_set(chip, fmt, sels[i], &in->w[i < 2 ? 0 : 1], sel);
   isa_set(chip, fmt, chans[i], &in->w[i < 2 ? 0 : 1], chan);
}

struct isa_fetch_inst *gen_fetch(enum hw_chip chip, struct isa_clause *c, const char *opname)
{
   const struct hw_field *inst = c->kind == ISA_CLAUSE_TEX ? isa_field_req(chip, ISA_F_TEX0, "TEX_INST")
                                                           : isa_field_req(chip, ISA_F_VTX0, "VTX_INST");
   uint32_t op;
   if (!isa_enum_lookup(inst, opname, &op))
      die("no fetch opcode", opname);
   c->fetch = realloc(c->fetch, (c->n + 1) * sizeof(*c->fetch));
   struct isa_fetch_inst *f = &c->fetch[c->n++];
   memset(f, 0, sizeof(*f));
   f->w[0] = isa_fset(inst, 0, op);
   f->vtx = c->kind == ISA_CLAUSE_VTX || !strcmp(opname, "VTX_FETCH") ||
            !strcmp(opname, "VTX_SEMANTIC");
   return f;
}

static int by_addr(const void *a, const void *b)
{
   const struct isa_clause *x = a, *y = b;
   return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* LAST bits, literal counts and slots of every ALU group. */
static void finish_groups(struct isa_program *p)
{
   const struct hw_field *last = isa_field_req(p->chip, ISA_F_ALU0, "LAST");
   for (unsigned i = 0; i < p->nclauses; i++) {
      struct isa_clause *c = &p->clauses[i];
      for (unsigned gi = 0; c->kind == ISA_CLAUSE_ALU && gi < c->n; gi++) {
         struct isa_alu_group *g = &c->groups[gi];
         unsigned bad;
         char why[200];
         for (unsigned k = 0; k < g->n; k++)
            g->ins[k].w[0] = isa_fset(last, g->ins[k].w[0], k + 1 == g->n);
         g->nlit = isa_group_literal_dwords(p->chip, g);
         isa_group_slots(p->chip, g, &bad, why, sizeof(why));
      }
   }
}

void gen_finish(struct isa_program *p)
{
   finish_groups(p);
   uint32_t pos = p->ncf;
   for (unsigned i = 0; i < p->nclauses; i++) {
      struct isa_clause *c = &p->clauses[i];
      if (c->addr == GEN_AUTO_ADDR)
         c->addr = c->kind == ISA_CLAUSE_ALU ? pos : (pos + 1) & ~1u;
      if (c->addr + isa_clause_units(c) > pos)
         pos = c->addr + isa_clause_units(c);
   }
   if (p->nclauses)
      qsort(p->clauses, p->nclauses, sizeof(*p->clauses), by_addr);
   for (unsigned i = 0; i < p->nclauses; i++) {
      struct isa_clause *c = &p->clauses[i];
      struct isa_cf_inst *cf = &p->cf[c->cf];
      cf->clause = (int)i;
      isa_cf_set_clause(p->chip, cf, c->addr,
                        c->kind == ISA_CLAUSE_ALU ? isa_clause_units(c) : c->n);
   }
}

/* ------------------------------------------------------------------ random programs */

/* Random values for every field of a class not in `skip`; select fields get named values. */
static void random_fields(enum hw_chip chip, enum isa_inst_class cls, uint32_t *w,
                          const char *const *skip, uint64_t *rng)
{
   struct isa_part parts[4];
   unsigned n = isa_layout(cls, parts);
   for (unsigned p = 0; p < n; p++) {
      const struct hw_register *fmt = isa_format(chip, parts[p].fmt);
      for (unsigned i = 0; i < fmt->num_fields; i++) {
         const struct hw_field *f = &fmt->fields[i];
         bool skipped = false;
         for (const char *const *s = skip; *s && !skipped; s++)
            skipped = !strcmp(*s, f->name);
         if (skipped)
            continue;
         uint32_t v = (uint32_t)gen_rand(rng) & isa_fmax(f);
         if (gen_below(rng, 3) == 0)
            v = 0;
         if (strstr(f->name, "SEL_") && f->num_values)
            v = f->values[gen_below(rng, f->num_values)].value;
         w[parts[p].word] = isa_fset(f, w[parts[p].word], v);
      }
   }
}

/* A random opcode of an encoding from the instruction table; flags_mask/flags_want filter on
 * HW_ISA_F_* flags. */
static const struct hw_isa_op *random_op(enum hw_chip chip, unsigned encoding, unsigned flags_mask,
                                         unsigned flags_want, uint64_t *rng)
{
   const struct hw_isa_op *t = hw_isa_table(chip);
   for (;;) {
      const struct hw_isa_op *op = &t[gen_below(rng, HW_ISA_NUM_OPS)];
      if (op->name && op->encoding == encoding && (op->flags & flags_mask) == flags_want)
         return op;
   }
}

static const char *random_alu_op(enum hw_chip chip, enum isa_unit want, uint64_t *rng, bool *op3)
{
   for (;;) {
      *op3 = gen_below(rng, 5) == 0;
      const struct hw_isa_op *op = random_op(chip, *op3 ? HW_ISA_ENC_ALU_OP3 : HW_ISA_ENC_ALU_OP2,
                                             0, 0, rng);
      struct isa_alu_class cls;
      if (isa_alu_class(chip, *op3, op->number, &cls) && cls.unit == want)
         return op->name;
   }
}

struct kc_state {
   unsigned window[2];
};

static unsigned random_sel(enum hw_chip chip, const struct kc_state *kc, const unsigned *gpr_of_chan,
                           unsigned chan, uint64_t *rng)
{
   const struct hw_field *f = isa_field_req(chip, ISA_F_ALU0, "SRC0_SEL");
   for (;;) {
      switch (gen_below(rng, 9)) {
      case 0: case 1: case 2:
         return gpr_of_chan ? gpr_of_chan[chan] : gen_below(rng, 128);
      case 3:
         if (kc->window[0])
            return ISA_SEL_KC0 + gen_below(rng, kc->window[0]);
         break;
      case 4:
         if (kc->window[1])
            return ISA_SEL_KC1 + gen_below(rng, kc->window[1]);
         break;
      case 5:
         return ISA_SEL_CFILE + gen_below(rng, 256);
      default: {
         unsigned v = f->values[gen_below(rng, f->num_values)].value;
         return v;
      }
      }
   }
}

static void random_sources(enum hw_chip chip, struct isa_alu_inst *in, unsigned nsrc,
                           const struct kc_state *kc, const unsigned *gpr_of_chan, uint64_t *rng)
{
   static const char *const rel[3] = {"SRC0_REL", "SRC1_REL", "SRC2_REL"};
   static const char *const neg[3] = {"SRC0_NEG", "SRC1_NEG", "SRC2_NEG"};
   static const char *const abs_[2] = {"SRC0_ABS", "SRC1_ABS"};
   bool op3 = isa_alu_is_op3(chip, in->w);
   unsigned total = op3 ? 3 : 2;
   for (unsigned i = 0; i < total; i++) {
      bool used = i < nsrc;
      if (!used && gen_below(rng, 4))
         continue;  /* unused sources: mostly zero, sometimes junk that must round-trip */
      unsigned chan = gen_below(rng, 4);
      unsigned sel = used ? random_sel(chip, kc, gpr_of_chan, chan, rng) : gen_below(rng, 128);
      gen_src(chip, in, i, sel, chan);
      enum isa_fmt fmt = i < 2 ? ISA_F_ALU0 : ISA_F_ALU_OP3;
      uint32_t *w = &in->w[i < 2 ? 0 : 1];
      isa_set(chip, fmt, neg[i], w, gen_below(rng, 4) == 0);
      if (isa_src_indexable(isa_src_kind(chip, sel)) && gen_below(rng, 10) == 0)
         isa_set(chip, fmt, rel[i], w, 1);
      if (!op3 && i < 2)
         isa_set(chip, ISA_F_ALU_OP2, abs_[i], &in->w[1], gen_below(rng, 4) == 0);
   }
}

static void random_alu_fields(enum hw_chip chip, struct isa_alu_inst *in, uint64_t *rng)
{
   bool op3 = isa_alu_is_op3(chip, in->w);
   isa_set(chip, ISA_F_ALU1, "CLAMP", &in->w[1], gen_below(rng, 4) == 0);
   isa_set(chip, ISA_F_ALU1, "DST_REL", &in->w[1], gen_below(rng, 12) == 0);
   isa_set(chip, ISA_F_ALU0, "INDEX_MODE", &in->w[0], gen_below(rng, 3) ? 0 : gen_below(rng, 8));
   isa_set(chip, ISA_F_ALU0, "PRED_SEL", &in->w[0], gen_below(rng, 3) ? 0 : gen_below(rng, 4));
   if (op3)
      return;
   isa_set(chip, ISA_F_ALU_OP2, "WRITE_MASK", &in->w[1], gen_below(rng, 5) != 0);
   isa_set(chip, ISA_F_ALU_OP2, "OMOD", &in->w[1], gen_below(rng, 3) ? 0 : gen_below(rng, 4));
   isa_set(chip, ISA_F_ALU_OP2, "UPDATE_PRED", &in->w[1], gen_below(rng, 6) == 0);
   isa_set(chip, ISA_F_ALU_OP2, "UPDATE_EXECUTE_MASK", &in->w[1], gen_below(rng, 6) == 0);
   if (isa_field(chip, ISA_F_ALU_OP2, "FOG_MERGE"))
      isa_set(chip, ISA_F_ALU_OP2, "FOG_MERGE", &in->w[1], gen_below(rng, 8) == 0);
}

static void set_bank_swizzle(enum hw_chip chip, struct isa_alu_group *g, uint64_t *rng)
{
   unsigned bad;
   char why[200];
   isa_group_slots(chip, g, &bad, why, sizeof(why));
   for (unsigned i = 0; i < g->n; i++)
      isa_set(chip, ISA_F_ALU1, "BANK_SWIZZLE", &g->ins[i].w[1],
              gen_below(rng, g->ins[i].slot == ISA_SLOT_T ? 4 : 6));
}

static void random_group(enum hw_chip chip, struct isa_alu_group *g, const struct kc_state *kc,
                         uint64_t *rng)
{
   unsigned gpr_of_chan[4];
   for (unsigned c = 0; c < 4; c++)
      gpr_of_chan[c] = gen_below(rng, 128);
   const unsigned *ports = gen_below(rng, 4) ? gpr_of_chan : NULL;
   memset(g, 0, sizeof(*g));
   bool op3;
   struct isa_alu_class cls;
   unsigned used = 0;
   if (gen_below(rng, 8) == 0) {
      const char *red = random_alu_op(chip, ISA_UNIT_REDUCTION, rng, &op3);
      for (unsigned c = 0; c < 4; c++) {
         struct isa_alu_inst *in = gen_alu(chip, g, red, gen_below(rng, 128), c);
         random_alu_fields(chip, in, rng);
         random_sources(chip, in, 2, kc, ports, rng);
      }
      used = 0xf;
   } else {
      for (unsigned c = 0; c < 4; c++) {
         if (gen_below(rng, 2))
            continue;
         const char *op = random_alu_op(chip, gen_below(rng, 6) ? ISA_UNIT_ANY : ISA_UNIT_VECTOR,
                                        rng, &op3);
         struct isa_alu_inst *in = gen_alu(chip, g, op, gen_below(rng, 128), c);
         isa_alu_class(chip, op3, isa_get(chip, op3 ? ISA_F_ALU_OP3 : ISA_F_ALU_OP2, "ALU_INST",
                                          in->w[1]), &cls);
         random_alu_fields(chip, in, rng);
         random_sources(chip, in, cls.nsrc, kc, ports, rng);
         used |= 1u << c;
      }
   }
   if (g->n == 0 || gen_below(rng, 2)) {
      /* The trans slot: a trans-only opcode, or an any-slot one whose vector slot is taken. */
      bool trans_only = !used || gen_below(rng, 2);
      const char *op = random_alu_op(chip, trans_only ? ISA_UNIT_TRANS : ISA_UNIT_ANY, rng, &op3);
      unsigned chan = gen_below(rng, 4);
      while (!trans_only && !(used & (1u << chan)))
         chan = gen_below(rng, 4);
      struct isa_alu_inst *in = gen_alu(chip, g, op, gen_below(rng, 128), chan);
      isa_alu_class(chip, op3, isa_get(chip, op3 ? ISA_F_ALU_OP3 : ISA_F_ALU_OP2, "ALU_INST",
                                       in->w[1]), &cls);
      random_alu_fields(chip, in, rng);
      random_sources(chip, in, cls.nsrc, kc, ports, rng);
   }
   set_bank_swizzle(chip, g, rng);
   for (unsigned i = 0; i < 4; i++)
      g->lit[i] = (uint32_t)gen_rand(rng);
}

/* Whether a group passes the rules inside an ALU clause run by CF words cfw. */
static bool group_ok(enum hw_chip chip, const uint32_t cfw[2], const struct isa_alu_group *g)
{
   struct isa_program t;
   struct isa_diags d = {0};
   gen_init(&t, chip);
   t.cf[0].w[0] = cfw[0];
   t.cf[0].w[1] = cfw[1];
   t.cf[0].kind = ISA_CF_ALU;
   t.ncf = 1;
   struct isa_clause *c = gen_clause(&t, 0, GEN_AUTO_ADDR);
   *gen_group(c) = *g;
   gen_finish(&t);
   bool ok = isa_validate(&t, &d);
   isa_program_free(&t);
   return ok;
}

void gen_random_alu_group(enum hw_chip chip, const uint32_t cfw[2], struct isa_alu_group *g,
                          uint64_t *rng, gen_group_filter filter, void *ctx)
{
   struct kc_state kc;
   static const char *const mode[2] = {"KCACHE_MODE0", "KCACHE_MODE1"};
   static const enum isa_fmt mode_fmt[2] = {ISA_F_CFALU0, ISA_F_CFALU1};
   for (unsigned s = 0; s < 2; s++) {
      const struct hw_field *mf = isa_field_req(chip, mode_fmt[s], mode[s]);
      unsigned m = isa_fget(mf, cfw[s]);
      const char *mn = isa_enum_name(mf, m, NULL);
      kc.window[s] = !m ? 0 : !strcmp(mn, "LOCK_1") ? 16 : 32;
   }
   for (unsigned tries = 0; tries < 200; tries++) {
      random_group(chip, g, &kc, rng);
      if ((!filter || filter(chip, g, ctx)) && group_ok(chip, cfw, g))
         return;
   }
   memset(g, 0, sizeof(*g));
   gen_alu(chip, g, "NOP", 0, 0);
}

static void random_alu_clause(struct isa_program *p, uint64_t *rng)
{
   enum hw_chip chip = p->chip;
   unsigned k = gen_cf(p, random_op(chip, HW_ISA_ENC_CF_ALU, 0, 0, rng)->name);
   static const char *const skip[] = {"CF_INST", "ADDR", "COUNT", NULL};
   random_fields(chip, ISA_I_CF_ALU, p->cf[k].w, skip, rng);
   struct isa_clause *c = gen_clause(p, k, GEN_AUTO_ADDR);
   unsigned ngroups = 1 + gen_below(rng, 6);
   for (unsigned gi = 0; gi < ngroups; gi++) {
      struct isa_alu_group g;
      gen_random_alu_group(chip, p->cf[k].w, &g, rng, NULL, NULL);
      *gen_group(c) = g;
   }
}

static void random_fetch_clause(struct isa_program *p, const char *cfname, uint64_t *rng)
{
   enum hw_chip chip = p->chip;
   unsigned k = gen_cf(p, cfname);
   static const char *const skip_cf[] = {"CF_INST", "ADDR", "COUNT", "COUNT_3", NULL};
   random_fields(chip, ISA_I_CF, p->cf[k].w, skip_cf, rng);
   struct isa_clause *c = gen_clause(p, k, GEN_AUTO_ADDR);
   unsigned max = isa_cf_clause_count_max(chip, c->kind);
   unsigned n = gen_below(rng, 8) == 0 ? max : 1 + gen_below(rng, 4);
   unsigned enc = c->kind == ISA_CLAUSE_TEX ? HW_ISA_ENC_TEX : HW_ISA_ENC_VTX;
   static const char *const skip[] = {"TEX_INST", "VTX_INST", NULL};
   for (unsigned i = 0; i < n; i++) {
      struct isa_fetch_inst *f = gen_fetch(chip, c, random_op(chip, enc, 0, 0, rng)->name);
      random_fields(chip, isa_fetch_class(chip, f), f->w, skip, rng);
   }
}

static void random_export(struct isa_program *p, bool swiz, uint64_t *rng)
{
   const struct hw_isa_op *op = random_op(p->chip, HW_ISA_ENC_CF_ALLOC_EXPORT, HW_ISA_F_EXPORT_BUF,
                                          swiz ? 0 : HW_ISA_F_EXPORT_BUF, rng);
   unsigned k = gen_cf(p, op->name);
   static const char *const skip[] = {"CF_INST", NULL};
   random_fields(p->chip, swiz ? ISA_I_EXP_SWIZ : ISA_I_EXP_BUF, p->cf[k].w, skip, rng);
}

static void random_plain_cf(struct isa_program *p, uint64_t *rng)
{
   unsigned k = gen_cf(p, random_op(p->chip, HW_ISA_ENC_CF, HW_ISA_F_CLAUSE, 0, rng)->name);
   static const char *const skip[] = {"CF_INST", NULL};
   random_fields(p->chip, ISA_I_CF, p->cf[k].w, skip, rng);
}

void gen_random_program(struct isa_program *p, enum hw_chip chip, uint64_t *rng)
{
   gen_init(p, chip);
   unsigned n = 1 + gen_below(rng, 10);
   for (unsigned i = 0; i < n; i++) {
      unsigned r = gen_below(rng, 12);
      if (r < 4)
         random_alu_clause(p, rng);
      else if (r < 6)
         random_fetch_clause(p, "TEX", rng);
      else if (r < 7)
         random_fetch_clause(p, gen_below(rng, 2) ? "VTX" : "VTX_TC", rng);
      else if (r < 9)
         random_export(p, true, rng);
      else if (r < 10)
         random_export(p, false, rng);
      else
         random_plain_cf(p, rng);
   }
   unsigned end = gen_cf(p, "NOP");
   isa_set(chip, ISA_F_CF1, "END_OF_PROGRAM", &p->cf[end].w[1], 1);
   for (unsigned pad = gen_below(rng, 3); pad > 0; pad--)
      gen_cf(p, "NOP");
   /* Clause placement with random gaps after the CF program. */
   finish_groups(p);
   uint32_t pos = p->ncf;
   for (unsigned i = 0; i < p->nclauses; i++) {
      struct isa_clause *c = &p->clauses[i];
      pos += gen_below(rng, 3);
      if (c->kind != ISA_CLAUSE_ALU)
         pos = (pos + 1) & ~1u;
      c->addr = pos;
      pos = c->addr + isa_clause_units(c);
   }
   gen_finish(p);
   if (gen_below(rng, 4) == 0)
      p->size = isa_program_natural_size(p) + 4 * gen_below(rng, 64);
}
