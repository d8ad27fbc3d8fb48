/* Raw program bytes -> program model (SYNTAX.md "Valid binaries"). */
#include "isa_alu.h"
#include "isa_classify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct reader {
   enum hw_chip chip;
   const uint8_t *data;
   size_t size;
   struct isa_diags *diags;
};

static uint32_t dword(const struct reader *r, size_t index)
{
   const uint8_t *p = r->data + index * 4;
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool fail(struct reader *r, const char *what)
{
   isa_diag_add(r->diags, 0, "decode", "%s", what);
   return false;
}

static bool check_reserved(struct reader *r, enum isa_inst_class cls, const uint32_t *w,
                           unsigned nwords, const char *where)
{
   for (unsigned i = 0; i < nwords; i++) {
      uint32_t bad = w[i] & isa_reserved_bits(r->chip, cls, i);
      if (bad) {
         isa_diag_add(r->diags, 0, "decode", "%s: reserved bits 0x%08X set in dword %u (0x%08X)",
                      where, bad, i, w[i]);
         return false;
      }
   }
   return true;
}

/* Swizzle/select fields are printed as one character each: every value needs a name. */
static bool check_sels(struct reader *r, enum isa_fmt fmt, const char *const *fields,
                       uint32_t word, const char *where)
{
   for (; *fields; fields++) {
      const struct hw_field *f = isa_field_req(r->chip, fmt, *fields);
      if (!isa_sel_char(f, isa_fget(f, word))) {
         isa_diag_add(r->diags, 0, "decode", "%s: %s has the reserved value %u", where, *fields,
                      isa_fget(f, word));
         return false;
      }
   }
   return true;
}

static bool decode_cf(struct reader *r, unsigned i, struct isa_cf_inst *cf)
{
   char where[48];
   const char *name;
   unsigned opcode;
   snprintf(where, sizeof(where), "CF %u", i);
   cf->w[0] = dword(r, 2 * i);
   cf->w[1] = dword(r, 2 * i + 1);
   cf->clause = -1;
   if (!isa_cf_classify(r->chip, cf->w, &cf->kind, &name, &opcode)) {
      isa_diag_add(r->diags, 0, "decode", "%s: unknown %s instruction %u (words 0x%08X 0x%08X)",
                   where, cf->kind == ISA_CF_ALU ? "CF_ALU" : "CF", opcode, cf->w[0], cf->w[1]);
      return false;
   }
   if (!check_reserved(r, isa_cf_class(cf->kind), cf->w, 2, where))
      return false;
   if (cf->kind == ISA_CF_EXPORT_SWIZ) {
      static const char *const sels[] = {"SEL_X", "SEL_Y", "SEL_Z", "SEL_W", NULL};
      return check_sels(r, ISA_F_EXP_SWIZ, sels, cf->w[1], where);
   }
   return true;
}

static bool decode_alu_inst(struct reader *r, const uint32_t w[2], const char *where)
{
   struct isa_alu_fields f;
   isa_alu_read(r->chip, w, &f);
   if (!isa_alu_opname(r->chip, w)) {
      isa_diag_add(r->diags, 0, "decode", "%s: unknown %s instruction %u", where,
                   f.op3 ? "OP3" : "OP2", f.opcode);
      return false;
   }
   if (!check_reserved(r, f.op3 ? ISA_I_ALU_OP3 : ISA_I_ALU_OP2, w, 2, where))
      return false;
   for (unsigned s = 0; s < f.nsrc_encoded; s++) {
      enum isa_src_kind k = isa_src_kind(r->chip, f.src[s].sel);
      if (k == ISA_SRC_RESERVED) {
         isa_diag_add(r->diags, 0, "decode", "%s: src%u selects the reserved value %u", where, s,
                      f.src[s].sel);
         return false;
      }
      if (f.src[s].rel && !isa_src_indexable(k)) {
         isa_diag_add(r->diags, 0, "decode", "%s: src%u is relative but selects %u, which has no "
                      "index", where, s, f.src[s].sel);
         return false;
      }
   }
   return true;
}

static bool decode_alu_clause(struct reader *r, struct isa_clause *c, unsigned slots)
{
   uint32_t pos = c->addr, end = c->addr + slots;
   unsigned cap = 0;
   char where[64];
   while (pos < end) {
      if (c->n == cap) {
         cap = cap ? 2 * cap : 8;
         c->groups = realloc(c->groups, cap * sizeof(*c->groups));
      }
      struct isa_alu_group *g = &c->groups[c->n];
      memset(g, 0, sizeof(*g));
      for (;;) {
         snprintf(where, sizeof(where), "ALU clause @%u group %u", c->addr, c->n);
         if (pos >= end) {
            isa_diag_add(r->diags, 0, "decode", "%s: the clause (CF %u) ends inside the group "
                         "(no instruction with LAST)", where, c->cf);
            return false;
         }
         if (g->n == ISA_MAX_GROUP) {
            isa_diag_add(r->diags, 0, "decode", "%s: more than %u instructions before LAST", where,
                         ISA_MAX_GROUP);
            return false;
         }
         struct isa_alu_inst *in = &g->ins[g->n++];
         in->w[0] = dword(r, 2 * pos);
         in->w[1] = dword(r, 2 * pos + 1);
         pos++;
         if (!decode_alu_inst(r, in->w, where))
            return false;
         if (isa_get(r->chip, ISA_F_ALU0, "LAST", in->w[0]))
            break;
      }
      g->nlit = isa_group_literal_dwords(r->chip, g);
      if (pos + g->nlit / 2 > end) {
         isa_diag_add(r->diags, 0, "decode", "%s: the clause (CF %u) ends inside the group's %u "
                      "literal dwords", where, c->cf, g->nlit);
         return false;
      }
      for (unsigned i = 0; i < g->nlit; i++)
         g->lit[i] = dword(r, 2 * pos + i);
      pos += g->nlit / 2;
      unsigned bad;
      char why[160];
      isa_group_slots(r->chip, g, &bad, why, sizeof(why));  /* failures: see isa_validate */
      c->n++;
   }
   return true;
}

static bool decode_fetch_clause(struct reader *r, struct isa_clause *c, unsigned count)
{
   static const char *const dst_sels[] = {"DST_SEL_X", "DST_SEL_Y", "DST_SEL_Z", "DST_SEL_W", NULL};
   static const char *const src_sels[] = {"SRC_SEL_X", "SRC_SEL_Y", "SRC_SEL_Z", "SRC_SEL_W", NULL};
   static const char *const vtx_src[] = {"SRC_SEL_X", NULL};
   char where[64];
   c->n = count;
   c->fetch = calloc(count, sizeof(*c->fetch));
   for (unsigned i = 0; i < count; i++) {
      struct isa_fetch_inst *f = &c->fetch[i];
      snprintf(where, sizeof(where), "%s clause @%u instruction %u",
               c->kind == ISA_CLAUSE_TEX ? "TEX" : "VTX", c->addr, i);
      for (unsigned k = 0; k < 4; k++)
         f->w[k] = dword(r, 2 * (c->addr + 2 * i) + k);
      const char *name;
      if (c->kind == ISA_CLAUSE_TEX) {
         name = isa_fetch_opname(r->chip, ISA_CLAUSE_TEX, f);
         f->vtx = name && (!strcmp(name, "VTX_FETCH") || !strcmp(name, "VTX_SEMANTIC"));
      } else {
         f->vtx = true;
         name = isa_fetch_opname(r->chip, ISA_CLAUSE_VTX, f);
      }
      if (!name) {
         isa_diag_add(r->diags, 0, "decode", "%s: unknown %s instruction %u", where,
                      c->kind == ISA_CLAUSE_TEX ? "TEX" : "VTX",
                      c->kind == ISA_CLAUSE_TEX ? isa_get(r->chip, ISA_F_TEX0, "TEX_INST", f->w[0])
                                                : isa_get(r->chip, ISA_F_VTX0, "VTX_INST", f->w[0]));
         return false;
      }
      if (!check_reserved(r, isa_fetch_class(r->chip, f), f->w, 4, where))
         return false;
      if (f->vtx ? !check_sels(r, ISA_F_VTX1, dst_sels, f->w[1], where) ||
                   !check_sels(r, ISA_F_VTX0, vtx_src, f->w[0], where)
                 : !check_sels(r, ISA_F_TEX1, dst_sels, f->w[1], where) ||
                   !check_sels(r, ISA_F_TEX2, src_sels, f->w[2], where))
         return false;
   }
   return true;
}

static int by_addr(const void *a, const void *b)
{
   const struct isa_clause *x = a, *y = b;
   return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Clause length in 64-bit units. */
static uint32_t clause_units(const struct isa_clause *c, unsigned count)
{
   return c->kind == ISA_CLAUSE_ALU ? count : 2 * count;
}

bool isa_decode(enum hw_chip chip, const uint8_t *data, size_t size, struct isa_program *prog,
                struct isa_diags *diags)
{
   struct reader r = {chip, data, size, diags};
   memset(prog, 0, sizeof(*prog));
   prog->chip = chip;
   if (size % 4)
      return fail(&r, "the program size is not a multiple of 4 bytes");
   if (size < 8)
      return fail(&r, "the program is shorter than one CF instruction");

   uint64_t units = size / 8, cf_end = units;
   unsigned counts_cap = 0;
   unsigned *counts = NULL;   /* clause length fields, by clause index */
   prog->cf = calloc(units, sizeof(*prog->cf));
   for (unsigned i = 0; i < cf_end; i++) {
      struct isa_cf_inst *cf = &prog->cf[i];
      enum isa_clause_kind kind;
      prog->ncf = i + 1;
      if (!decode_cf(&r, i, cf))
         goto error;
      if (!isa_cf_clause_kind(chip, cf, &kind))
         continue;
      uint32_t addr = isa_cf_clause_addr(chip, cf);
      if (addr <= i) {
         isa_diag_add(diags, 0, "decode", "CF %u: clause address @%u is inside the CF program", i,
                      addr);
         goto error;
      }
      if (addr < cf_end)
         cf_end = addr;
      if (prog->nclauses == counts_cap) {
         counts_cap = counts_cap ? 2 * counts_cap : 8;
         prog->clauses = realloc(prog->clauses, counts_cap * sizeof(*prog->clauses));
         counts = realloc(counts, counts_cap * sizeof(*counts));
      }
      prog->clauses[prog->nclauses] = (struct isa_clause){.kind = kind, .addr = addr, .cf = i};
      counts[prog->nclauses++] = isa_cf_clause_count(chip, cf);
   }

   /* Sort clauses by address, keeping each one's count. */
   for (unsigned i = 0; i < prog->nclauses; i++)
      prog->clauses[i].n = counts[i];
   if (prog->nclauses)
      qsort(prog->clauses, prog->nclauses, sizeof(*prog->clauses), by_addr);
   uint64_t covered = prog->ncf;  /* end of the last thing placed, 64-bit units */
   for (unsigned i = 0; i < prog->nclauses; i++) {
      struct isa_clause *c = &prog->clauses[i];
      unsigned count = c->n;
      c->n = 0;
      prog->cf[c->cf].clause = (int)i;
      uint64_t end = (uint64_t)c->addr + clause_units(c, count);
      if (c->addr < covered) {
         isa_diag_add(diags, 0, "decode", "the clause of CF %u at @%u overlaps %s", c->cf, c->addr,
                      i ? "the previous clause" : "the CF program");
         goto error;
      }
      if (end > units) {
         isa_diag_add(diags, 0, "decode", "the clause of CF %u at @%u (%llu units) runs past the "
                      "end of the program (%llu units)", c->cf, c->addr,
                      (unsigned long long)(end - c->addr), (unsigned long long)units);
         goto error;
      }
      for (uint64_t k = 2 * covered; k < 2 * c->addr; k++)
         if (dword(&r, k)) {
            isa_diag_add(diags, 0, "decode", "non-zero dword 0x%08X at byte %llu lies outside the "
                         "CF program and every clause", dword(&r, k), (unsigned long long)(4 * k));
            goto error;
         }
      if (!(c->kind == ISA_CLAUSE_ALU ? decode_alu_clause(&r, c, count)
                                      : decode_fetch_clause(&r, c, count)))
         goto error;
      covered = end;
   }
   for (uint64_t k = 2 * covered; k < size / 4; k++)
      if (dword(&r, k)) {
         isa_diag_add(diags, 0, "decode", "non-zero dword 0x%08X at byte %llu lies outside the CF "
                      "program and every clause", dword(&r, k), (unsigned long long)(4 * k));
         goto error;
      }
   prog->size = (uint32_t)size;
   free(counts);
   return true;
error:
   free(counts);
   isa_program_free(prog);
   return false;
}
