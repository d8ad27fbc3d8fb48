/* Encoding rules over a program model (SYNTAX.md "Encoding rules"). */
#include "isa_alu.h"
#include "isa_classify.h"
#include "isa_readport.h"
#include "isa_rules.h"

#include <stdio.h>
#include <string.h>

#include "hw/hw_alu_group.h"
#include "hw/hw_alu_readport.h"

struct ctx {
   enum hw_chip chip;
   struct isa_diags *diags;
   unsigned before;
};

#define REPORT(c, line, rule, ...) isa_diag_add((c)->diags, (line), (rule), __VA_ARGS__)

static const char *slot_name(int slot)
{
   static const char *const n[] = {"x", "y", "z", "w", "t"};
   return slot >= 0 && slot <= ISA_SLOT_T ? n[slot] : "?";
}

/* Reductions fill x, y, z, w with one opcode. */
static void check_reduction(struct ctx *c, const struct isa_alu_group *g, const char *where)
{
   const struct isa_alu_inst *red = NULL;
   for (unsigned i = 0; i < g->n && !red; i++) {
      struct isa_alu_fields f;
      struct isa_alu_class cls;
      isa_alu_read(c->chip, g->ins[i].w, &f);
      if (isa_alu_class(c->chip, f.op3, f.opcode, &cls) && cls.unit == ISA_UNIT_REDUCTION)
         red = &g->ins[i];
   }
   if (!red)
      return;
   const char *name = isa_alu_opname(c->chip, red->w);
   unsigned have = 0;
   for (unsigned i = 0; i < g->n; i++) {
      const char *other = isa_alu_opname(c->chip, g->ins[i].w);
      if (g->ins[i].slot == ISA_SLOT_T)
         continue;
      if (strcmp(other, name)) {
         REPORT(c, g->ins[i].line, "reduction", "%s: %s fills x, y, z and w, but slot %s holds %s",
                where, name, slot_name(g->ins[i].slot), other);
         return;
      }
      have |= 1u << g->ins[i].slot;
   }
   if (have != 0xf)
      REPORT(c, red->line, "reduction", "%s: %s must fill all of x, y, z and w (only %s%s%s%s given)",
             where, name, have & 1 ? "x" : "", have & 2 ? "y" : "", have & 4 ? "z" : "",
             have & 8 ? "w" : "");
}

static bool is_ar_index(enum hw_chip chip, unsigned mode)
{
   const char *name = isa_enum_name(isa_field_req(chip, ISA_F_ALU0, "INDEX_MODE"), mode, NULL);
   return !name || strstr(name, "AR");
}

static void check_once(struct ctx *c, const struct isa_alu_group *g, const char *where)
{
   unsigned kill = 0, pred = 0, mova = 0, line_kill = 0, line_pred = 0, line_mova = 0;
   unsigned rel_line = 0;
   bool rel = false;
   for (unsigned i = 0; i < g->n; i++) {
      struct isa_alu_fields f;
      struct isa_alu_class cls;
      isa_alu_read(c->chip, g->ins[i].w, &f);
      if (!isa_alu_class(c->chip, f.op3, f.opcode, &cls))
         continue;
      unsigned line = g->ins[i].line;
      if (cls.once == ISA_ONCE_KILL && kill++)
         line_kill = line;
      if (cls.once == ISA_ONCE_PRED_SET && pred++)
         line_pred = line;
      if (cls.once == ISA_ONCE_MOVA && mova++)
         line_mova = line;
      bool r = f.dst_rel;
      for (unsigned s = 0; s < cls.nsrc; s++)
         r |= f.src[s].rel;
      if (r && is_ar_index(c->chip, f.index_mode) && !rel) {
         rel = true;
         rel_line = line;
      }
   }
   if (kill > 1)
      REPORT(c, line_kill, "once-per-group", "%s: %u KILL instructions (at most one per group)",
             where, kill);
   if (pred > 1)
      REPORT(c, line_pred, "once-per-group", "%s: %u PRED_SET instructions (at most one per group)",
             where, pred);
   if (kill && pred)
      REPORT(c, g->line, "once-per-group", "%s: a KILL and a PRED_SET in one group", where);
   if (mova > 1)
      REPORT(c, line_mova, "once-per-group", "%s: %u MOVA instructions (at most one per group)",
             where, mova);
   if (mova && rel)
      REPORT(c, rel_line, "once-per-group", "%s: relative (AR) addressing in the group that "
             "loads AR with MOVA", where);
}

/* kcache windows, constant-read pairs and the trans slot's constant operands. */
static void check_constants(struct ctx *c, const struct isa_alu_group *g, const uint32_t cfw[2],
                            const char *where)
{
   static const char *const mode_f[2] = {"KCACHE_MODE0", "KCACHE_MODE1"};
   static const enum isa_fmt mode_fmt[2] = {ISA_F_CFALU0, ISA_F_CFALU1};
   unsigned window[2];
   for (unsigned s = 0; s < 2; s++) {
      const struct hw_field *mf = isa_field_req(c->chip, mode_fmt[s], mode_f[s]);
      unsigned m = isa_fget(mf, cfw[mode_fmt[s] == ISA_F_CFALU0 ? 0 : 1]);
      const char *name = m ? isa_enum_name(mf, m, NULL) : NULL;
      window[s] = !m ? 0 : name && !strcmp(name, "LOCK_1") ? 16 : 32;
   }
   struct hw_const_reads reads;
   hw_const_reads_init(&reads, c->chip);
   bool reported = false;
   for (unsigned i = 0; i < g->n; i++) {
      const struct isa_alu_inst *in = &g->ins[i];
      struct isa_alu_fields f;
      struct isa_alu_class cls;
      isa_alu_read(c->chip, in->w, &f);
      if (!isa_alu_class(c->chip, f.op3, f.opcode, &cls))
         continue;
      unsigned nconst = 0;
      for (unsigned s = 0; s < cls.nsrc; s++) {
         enum isa_src_kind kind = isa_src_kind(c->chip, f.src[s].sel);
         nconst += isa_src_is_constant(kind);
         if (kind == ISA_SRC_KC0 || kind == ISA_SRC_KC1) {
            unsigned set = kind == ISA_SRC_KC1;
            unsigned idx = f.src[s].sel - (set ? ISA_SEL_KC1 : ISA_SEL_KC0);
            if (!window[set])
               REPORT(c, in->line, "kcache", "%s: src%u reads KC%u[%u] but kcache set %u is not "
                      "locked (KCACHE_MODE%u is NOP)", where, s, set, idx, set, set);
            else if (idx >= window[set])
               REPORT(c, in->line, "kcache", "%s: src%u reads KC%u[%u] but the set locks one line "
                      "(constants 0-15)", where, s, set, idx);
         }
         if (kind != ISA_SRC_KC0 && kind != ISA_SRC_KC1 && kind != ISA_SRC_CFILE)
            continue;
         if (!hw_const_reads_add(&reads, f.src[s].sel, f.src[s].chan) && !reported) {
            reported = true;
            REPORT(c, in->line, "constant-reads", "%s: more than %u distinct constant %s read in "
                   "one group", where, reads.max,
                   reads.by_half ? "(constant, xy/zw half) pairs" : "(constant, channel) pairs");
         }
      }
      if (in->slot == ISA_SLOT_T && nconst > HW_ALU_TRANS_MAX_CONSTS)
         REPORT(c, in->line, "trans-constants", "%s: the trans instruction reads %u constant "
                "operands (at most %u)", where, nconst, HW_ALU_TRANS_MAX_CONSTS);
   }
}

static void check_alu_clause(struct ctx *c, const struct isa_program *prog,
                             const struct isa_clause *cl)
{
   char where[96];
   const struct isa_cf_inst *cf = &prog->cf[cl->cf];
   unsigned units = isa_clause_units(cl), max = isa_cf_clause_count_max(c->chip, ISA_CLAUSE_ALU);
   if (units > max)
      REPORT(c, cl->line, "clause-size", "ALU clause @%u has %u slots (at most %u, literals "
             "included)", cl->addr, units, max);
   for (unsigned gi = 0; gi < cl->n; gi++) {
      struct isa_alu_group g = cl->groups[gi];
      unsigned bad;
      char why[200];
      snprintf(where, sizeof(where), "ALU clause @%u group %u", cl->addr, gi);
      if (g.nlit != isa_group_literal_dwords(c->chip, &g))
         REPORT(c, g.line, "literal", "%s: %u literal dwords, but its sources read %u", where,
                g.nlit, isa_group_literal_dwords(c->chip, &g));
      if (!isa_group_slots(c->chip, &g, &bad, why, sizeof(why))) {
         REPORT(c, g.ins[bad].line, "slot", "%s: %s", where, why);
         continue;
      }
      check_reduction(c, &g, where);
      check_once(c, &g, where);
      check_constants(c, &g, cf->w, where);
      if (!isa_check_read_ports(c->chip, &g, &bad, why, sizeof(why)))
         REPORT(c, g.ins[bad].line, "bank-swizzle", "%s slot %s: %s", where,
                slot_name(g.ins[bad].slot), why);
   }
}

bool isa_validate(const struct isa_program *prog, struct isa_diags *diags)
{
   struct ctx c = {prog->chip, diags, diags->total};
   for (unsigned i = 0; i < prog->nclauses; i++) {
      const struct isa_clause *cl = &prog->clauses[i];
      if (cl->kind == ISA_CLAUSE_ALU) {
         check_alu_clause(&c, prog, cl);
         continue;
      }
      unsigned max = isa_cf_clause_count_max(prog->chip, cl->kind);
      if (cl->n > max)
         REPORT(&c, cl->line, "clause-size", "%s clause @%u has %u instructions (at most %u on %s)",
                cl->kind == ISA_CLAUSE_TEX ? "TEX" : "VTX", cl->addr, cl->n, max,
                hw_chip_name(prog->chip));
      if (cl->addr % 2)
         REPORT(&c, cl->line, "clause-alignment", "%s clause @%u: fetch clauses start at an even "
                "address (16-byte aligned)", cl->kind == ISA_CLAUSE_TEX ? "TEX" : "VTX", cl->addr);
   }
   return diags->total == c.before;
}
