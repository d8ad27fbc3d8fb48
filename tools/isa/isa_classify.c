/* CF and fetch instruction layouts and the clause fields of CF instructions. */
#include "isa_classify.h"
#include "isa_rules.h"

#include <string.h>

enum isa_inst_class isa_cf_class(enum isa_cf_kind kind)
{
   switch (kind) {
   case ISA_CF_ALU: return ISA_I_CF_ALU;
   case ISA_CF_EXPORT_SWIZ: return ISA_I_EXP_SWIZ;
   case ISA_CF_EXPORT_BUF: return ISA_I_EXP_BUF;
   default: return ISA_I_CF;
   }
}

enum isa_fmt isa_cf_inst_fmt(enum isa_cf_kind kind)
{
   switch (kind) {
   case ISA_CF_ALU: return ISA_F_CFALU1;
   case ISA_CF_EXPORT_SWIZ:
   case ISA_CF_EXPORT_BUF: return ISA_F_EXP1;
   default: return ISA_F_CF1;
   }
}

static enum isa_cf_kind export_kind(const struct hw_isa_op *op)
{
   return op->flags & HW_ISA_F_EXPORT_BUF ? ISA_CF_EXPORT_BUF : ISA_CF_EXPORT_SWIZ;
}

bool isa_cf_classify(enum hw_chip chip, const uint32_t w[2], enum isa_cf_kind *kind,
                     const char **name, unsigned *opcode)
{
   const struct hw_isa_op *op;
   const struct hw_field *alu = isa_field_req(chip, ISA_F_CFALU1, "CF_INST");
   *name = NULL;
   if ((w[1] >> (alu->shift + alu->width - 1)) & 1) {
      *kind = ISA_CF_ALU;
      *opcode = isa_fget(alu, w[1]);
      op = isa_op(chip, HW_ISA_ENC_CF_ALU, *opcode);
   } else {
      *opcode = isa_get(chip, ISA_F_EXP1, "CF_INST", w[1]);
      if ((op = isa_op(chip, HW_ISA_ENC_CF_ALLOC_EXPORT, *opcode)))
         *kind = export_kind(op);
      else {
         *kind = ISA_CF_PLAIN;
         *opcode = isa_get(chip, ISA_F_CF1, "CF_INST", w[1]);
         op = isa_op(chip, HW_ISA_ENC_CF, *opcode);
      }
   }
   if (op)
      *name = op->name;
   return op != NULL;
}

bool isa_cf_lookup(enum hw_chip chip, const char *name, enum isa_cf_kind *kind, unsigned *opcode)
{
   const struct hw_isa_op *op;
   if ((op = isa_op_named(chip, HW_ISA_ENC_CF_ALU, name)))
      *kind = ISA_CF_ALU;
   else if ((op = isa_op_named(chip, HW_ISA_ENC_CF_ALLOC_EXPORT, name)))
      *kind = export_kind(op);
   else if ((op = isa_op_named(chip, HW_ISA_ENC_CF, name)))
      *kind = ISA_CF_PLAIN;
   else
      return false;
   *opcode = op->number;
   return true;
}

bool isa_cf_clause_kind(enum hw_chip chip, const struct isa_cf_inst *cf, enum isa_clause_kind *kind)
{
   if (cf->kind == ISA_CF_ALU) {
      *kind = ISA_CLAUSE_ALU;
      return true;
   }
   if (cf->kind != ISA_CF_PLAIN)
      return false;
   const struct hw_isa_op *op = isa_op(chip, HW_ISA_ENC_CF, isa_get(chip, ISA_F_CF1, "CF_INST", cf->w[1]));
   if (!op || !(op->flags & HW_ISA_F_CLAUSE))
      return false;
   *kind = !strcmp(op->name, "TEX") ? ISA_CLAUSE_TEX : ISA_CLAUSE_VTX;
   return true;
}

uint32_t isa_cf_clause_addr(enum hw_chip chip, const struct isa_cf_inst *cf)
{
   if (cf->kind == ISA_CF_ALU)
      return isa_get(chip, ISA_F_CFALU0, "ADDR", cf->w[0]);
   return isa_get(chip, ISA_F_CF0, "ADDR", cf->w[0]);
}

unsigned isa_cf_clause_count(enum hw_chip chip, const struct isa_cf_inst *cf)
{
   if (cf->kind == ISA_CF_ALU)
      return isa_get(chip, ISA_F_CFALU1, "COUNT", cf->w[1]) + 1;
   const struct hw_field *count = isa_field_req(chip, ISA_F_CF1, "COUNT");
   const struct hw_field *count3 = isa_field(chip, ISA_F_CF1, "COUNT_3");
   unsigned v = isa_fget(count, cf->w[1]);
   if (count3)
      v |= isa_fget(count3, cf->w[1]) << count->width;
   return v + 1;
}

unsigned isa_cf_clause_count_max(enum hw_chip chip, enum isa_clause_kind kind)
{
   if (kind == ISA_CLAUSE_ALU)
      return isa_fmax(isa_field_req(chip, ISA_F_CFALU1, "COUNT")) + 1;
   const struct hw_field *count = isa_field_req(chip, ISA_F_CF1, "COUNT");
   const struct hw_field *count3 = isa_field(chip, ISA_F_CF1, "COUNT_3");
   return (1u << (count->width + (count3 ? count3->width : 0)));
}

void isa_cf_set_clause(enum hw_chip chip, struct isa_cf_inst *cf, uint32_t addr, unsigned count)
{
   if (cf->kind == ISA_CF_ALU) {
      isa_set(chip, ISA_F_CFALU0, "ADDR", &cf->w[0], addr);
      isa_set(chip, ISA_F_CFALU1, "COUNT", &cf->w[1], count - 1);
      return;
   }
   const struct hw_field *count_f = isa_field_req(chip, ISA_F_CF1, "COUNT");
   const struct hw_field *count3 = isa_field(chip, ISA_F_CF1, "COUNT_3");
   isa_set(chip, ISA_F_CF0, "ADDR", &cf->w[0], addr);
   cf->w[1] = isa_fset(count_f, cf->w[1], count - 1);
   if (count3)
      cf->w[1] = isa_fset(count3, cf->w[1], (count - 1) >> count_f->width);
}

uint32_t isa_cf_addr_max(enum hw_chip chip, enum isa_cf_kind kind)
{
   if (kind == ISA_CF_ALU)
      return isa_fmax(isa_field_req(chip, ISA_F_CFALU0, "ADDR"));
   return isa_fmax(isa_field_req(chip, ISA_F_CF0, "ADDR"));
}

enum isa_inst_class isa_fetch_class(enum hw_chip chip, const struct isa_fetch_inst *f)
{
   if (!f->vtx)
      return ISA_I_TEX;
   const struct hw_isa_op *op = isa_op(chip, HW_ISA_ENC_VTX, isa_get(chip, ISA_F_VTX0, "VTX_INST", f->w[0]));
   return op && (op->flags & HW_ISA_F_VTX_SEM) ? ISA_I_VTX_SEM : ISA_I_VTX_GPR;
}

const char *isa_fetch_opname(enum hw_chip chip, enum isa_clause_kind kind,
                             const struct isa_fetch_inst *f)
{
   const struct hw_isa_op *op = kind == ISA_CLAUSE_TEX
      ? isa_op(chip, HW_ISA_ENC_TEX, isa_get(chip, ISA_F_TEX0, "TEX_INST", f->w[0]))
      : isa_op(chip, HW_ISA_ENC_VTX, isa_get(chip, ISA_F_VTX0, "VTX_INST", f->w[0]));
   return op ? op->name : NULL;
}
