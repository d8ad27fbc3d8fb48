/* Program model -> text (SYNTAX.md). */
#include "isa_alu.h"
#include "isa_classify.h"
#include "isa_fields.h"
#include "isa_operand.h"
#include "isa_rules.h"
#include "isa_syntax.h"

#include <stdlib.h>
#include <string.h>

#define COMMENT_COL 56

static float as_float(uint32_t bits)
{
   float f;
   memcpy(&f, &bits, 4);
   return f;
}

static void print_kcache_comment(struct isa_strbuf *sb, enum hw_chip chip, const uint32_t w[2])
{
   static const char *const mode[2] = {"KCACHE_MODE0", "KCACHE_MODE1"};
   static const char *const bank[2] = {"KCACHE_BANK0", "KCACHE_BANK1"};
   static const char *const addr[2] = {"KCACHE_ADDR0", "KCACHE_ADDR1"};
   static const enum isa_fmt mode_fmt[2] = {ISA_F_CFALU0, ISA_F_CFALU1};
   bool any = false;
   for (unsigned s = 0; s < 2; s++) {
      const struct hw_field *mf = isa_field_req(chip, mode_fmt[s], mode[s]);
      unsigned m = isa_fget(mf, w[mode_fmt[s] == ISA_F_CFALU0 ? 0 : 1]);
      if (!m)
         continue;
      unsigned b = isa_get(chip, ISA_F_CFALU0, bank[s], w[0]);
      unsigned line = isa_get(chip, ISA_F_CFALU1, addr[s], w[1]);
      const char *mname = isa_enum_name(mf, m, NULL);
      bool two = mname && strcmp(mname, "LOCK_1");
      if (!any)
         isa_sb_pad(sb, COMMENT_COL), isa_sb_printf(sb, ";");
      isa_sb_printf(sb, " KC%u = CB%u constants %u-%u%s", s, b, line * 16, line * 16 + (two ? 31 : 15),
                    mname && !strcmp(mname, "LOCK_LOOP_INDEX") ? " + loop index" : "");
      any = true;
   }
}

static void print_cf(struct isa_strbuf *sb, const struct isa_program *prog, unsigned i)
{
   const struct isa_cf_inst *cf = &prog->cf[i];
   enum hw_chip chip = prog->chip;
   enum isa_cf_kind kind;
   enum isa_clause_kind ck;
   const char *name;
   unsigned opcode;
   isa_cf_classify(chip, cf->w, &kind, &name, &opcode);
   isa_sb_printf(sb, "%4u  %s", i, name);
   switch (kind) {
   case ISA_CF_ALU:
      isa_sb_printf(sb, " @%u", isa_cf_clause_addr(chip, cf));
      isa_print_fields(sb, chip, ISA_I_CF_ALU, cf->w, isa_skip_cf_alu, NULL);
      print_kcache_comment(sb, chip, cf->w);
      break;
   case ISA_CF_EXPORT_SWIZ: {
      const struct hw_field *type = isa_field_req(chip, ISA_F_EXP0, "TYPE");
      unsigned t = isa_fget(type, cf->w[0]);
      const char *tname = isa_enum_name(type, t, NULL);
      if (tname)
         isa_sb_printf(sb, " %s", tname);
      else
         isa_sb_printf(sb, " %u", t);
      isa_sb_printf(sb, " %u R%u", isa_get(chip, ISA_F_EXP0, "ARRAY_BASE", cf->w[0]),
                    isa_get(chip, ISA_F_EXP0, "RW_GPR", cf->w[0]));
      isa_print_sels(sb, chip, ISA_F_EXP_SWIZ, isa_sel4, 4, cf->w[1]);
      isa_print_fields(sb, chip, ISA_I_EXP_SWIZ, cf->w, isa_skip_exp_swiz, NULL);
      break;
   }
   case ISA_CF_EXPORT_BUF:
      isa_print_fields(sb, chip, ISA_I_EXP_BUF, cf->w, isa_skip_exp_buf, NULL);
      break;
   case ISA_CF_PLAIN:
      if (isa_cf_clause_kind(chip, cf, &ck)) {
         isa_sb_printf(sb, " @%u", isa_cf_clause_addr(chip, cf));
         isa_print_fields(sb, chip, ISA_I_CF, cf->w, isa_skip_cf_clause, NULL);
      } else {
         uint32_t addr = isa_get(chip, ISA_F_CF0, "ADDR", cf->w[0]);
         if (addr)
            isa_sb_printf(sb, " @%u", addr);
         isa_print_fields(sb, chip, ISA_I_CF, cf->w, isa_skip_cf, NULL);
      }
      break;
   }
   isa_sb_printf(sb, "\n");
}

static bool src_encoded(const struct isa_src *s)
{
   return s->sel || s->rel || s->chan || s->neg || s->abs;
}

static void print_alu(struct isa_strbuf *sb, enum hw_chip chip, const struct isa_alu_group *g,
                      unsigned gi, unsigned k)
{
   const struct isa_alu_inst *in = &g->ins[k];
   struct isa_alu_fields f;
   struct isa_alu_class cls;
   isa_alu_read(chip, in->w, &f);
   unsigned nsrc = isa_alu_class(chip, f.op3, f.opcode, &cls) ? cls.nsrc : f.nsrc_encoded;
   for (unsigned s = nsrc; s < f.nsrc_encoded; s++)
      if (src_encoded(&f.src[s]))
         nsrc = s + 1;

   if (k == 0)
      isa_sb_printf(sb, "%4u  ", gi);
   else
      isa_sb_printf(sb, "      ");
   isa_sb_printf(sb, "%s: %s ", in->slot < 0 ? "?" : in->slot == ISA_SLOT_T ? "t" :
                 (const char[]){"xyzw"[in->slot], 0}, isa_alu_opname(chip, in->w));
   isa_print_alu_dst(sb, chip, f.dst_gpr, f.dst_rel, f.dst_chan, f.index_mode);
   bool rel = f.dst_rel;
   for (unsigned s = 0; s < nsrc; s++) {
      isa_sb_printf(sb, ", ");
      isa_print_alu_src(sb, chip, &f.src[s], f.index_mode);
      rel |= f.src[s].rel;
   }
   if (!f.write)
      isa_sb_printf(sb, " " ISA_MASKED_TOKEN);
   const char *const *skip = f.op3 ? (rel ? isa_skip_alu_op3_rel : isa_skip_alu_op3)
                                   : (rel ? isa_skip_alu_op2_rel : isa_skip_alu_op2);
   isa_print_fields(sb, chip, f.op3 ? ISA_I_ALU_OP3 : ISA_I_ALU_OP2, in->w, skip,
                    in->slot == ISA_SLOT_T ? "SCL" : "VEC");

   bool shown[4] = {false};
   bool comment = false;
   for (unsigned s = 0; s < f.nsrc_encoded; s++) {
      unsigned c = f.src[s].chan;
      if (isa_src_kind(chip, f.src[s].sel) != ISA_SRC_LITERAL || shown[c] || c >= g->nlit)
         continue;
      if (!comment)
         isa_sb_pad(sb, COMMENT_COL), isa_sb_printf(sb, ";");
      isa_sb_printf(sb, " L.%c = 0x%08X (%g)", "xyzw"[c], g->lit[c], as_float(g->lit[c]));
      shown[c] = comment = true;
   }
   isa_sb_printf(sb, "\n");
}

static void print_alu_clause(struct isa_strbuf *sb, enum hw_chip chip, const struct isa_clause *c)
{
   isa_sb_printf(sb, ".alu @%u", c->addr);
   isa_sb_pad(sb, COMMENT_COL);
   isa_sb_printf(sb, "; CF %u, %u slots\n", c->cf, isa_clause_units(c));
   for (unsigned gi = 0; gi < c->n; gi++) {
      const struct isa_alu_group *g = &c->groups[gi];
      for (unsigned k = 0; k < g->n; k++)
         print_alu(sb, chip, g, gi, k);
      if (g->nlit) {
         isa_sb_printf(sb, "      " ISA_LITERALS_TOKEN);
         for (unsigned i = 0; i < g->nlit; i++)
            isa_sb_printf(sb, " 0x%08X", g->lit[i]);
         isa_sb_pad(sb, COMMENT_COL);
         isa_sb_printf(sb, ";");
         for (unsigned i = 0; i < g->nlit; i++)
            isa_sb_printf(sb, " %g", as_float(g->lit[i]));
         isa_sb_printf(sb, "\n");
      }
   }
}

static void print_fetch(struct isa_strbuf *sb, enum hw_chip chip, const struct isa_clause *c,
                        unsigned i)
{
   const struct isa_fetch_inst *f = &c->fetch[i];
   enum isa_inst_class cls = isa_fetch_class(chip, f);
   isa_sb_printf(sb, "%4u  %s ", i, isa_fetch_opname(chip, c->kind, f));
   if (cls == ISA_I_TEX) {
      isa_sb_printf(sb, "R%u", isa_get(chip, ISA_F_TEX1, "DST_GPR", f->w[1]));
      isa_print_sels(sb, chip, ISA_F_TEX1, isa_dst_sel4, 4, f->w[1]);
      isa_sb_printf(sb, ", R%u", isa_get(chip, ISA_F_TEX0, "SRC_GPR", f->w[0]));
      isa_print_sels(sb, chip, ISA_F_TEX2, isa_src_sel4, 4, f->w[2]);
      isa_print_fields(sb, chip, cls, f->w, isa_skip_tex, NULL);
   } else {
      if (cls == ISA_I_VTX_SEM)
         isa_sb_printf(sb, ISA_SEMANTIC_PREFIX "%u", isa_get(chip, ISA_F_VTX_SEM, "SEMANTIC_ID", f->w[1]));
      else
         isa_sb_printf(sb, "R%u", isa_get(chip, ISA_F_VTX_GPR, "DST_GPR", f->w[1]));
      isa_print_sels(sb, chip, ISA_F_VTX1, isa_dst_sel4, 4, f->w[1]);
      isa_sb_printf(sb, ", R%u", isa_get(chip, ISA_F_VTX0, "SRC_GPR", f->w[0]));
      isa_print_sels(sb, chip, ISA_F_VTX0, isa_src_sel4, 1, f->w[0]);
      isa_print_fields(sb, chip, cls, f->w, isa_skip_vtx, NULL);
   }
   isa_sb_printf(sb, "\n");
}

char *isa_print(const struct isa_program *prog)
{
   struct isa_strbuf sb = {0};
   isa_sb_printf(&sb, ".chip %s\n.cf\n", hw_chip_name(prog->chip));
   for (unsigned i = 0; i < prog->ncf; i++)
      print_cf(&sb, prog, i);
   for (unsigned ci = 0; ci < prog->nclauses; ci++) {
      const struct isa_clause *c = &prog->clauses[ci];
      if (c->kind == ISA_CLAUSE_ALU) {
         print_alu_clause(&sb, prog->chip, c);
         continue;
      }
      isa_sb_printf(&sb, ".%s @%u", c->kind == ISA_CLAUSE_TEX ? "tex" : "vtx", c->addr);
      isa_sb_pad(&sb, COMMENT_COL);
      isa_sb_printf(&sb, "; CF %u, %u instructions\n", c->cf, c->n);
      for (unsigned i = 0; i < c->n; i++)
         print_fetch(&sb, prog->chip, c, i);
   }
   uint32_t natural = isa_program_natural_size(prog);
   if (prog->size > natural)
      isa_sb_printf(&sb, ".size %u\n", prog->size);
   return sb.s;
}
