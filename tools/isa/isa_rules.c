/* Opcode facts from the generated instruction table (see isa_rules.h). */
#include "isa_rules.h"
#include "isa_words.h"

#include <string.h>

const struct hw_isa_op *isa_op(enum hw_chip chip, unsigned encoding, unsigned number)
{
   return hw_isa_find(chip, encoding, number);
}

/* The word field that holds each encoding's opcode, for full seed names. */
static const struct hw_field *opcode_field(enum hw_chip chip, unsigned encoding)
{
   switch (encoding) {
   case HW_ISA_ENC_CF: return isa_field_req(chip, ISA_F_CF1, "CF_INST");
   case HW_ISA_ENC_CF_ALU: return isa_field_req(chip, ISA_F_CFALU1, "CF_INST");
   case HW_ISA_ENC_CF_ALLOC_EXPORT: return isa_field_req(chip, ISA_F_EXP1, "CF_INST");
   case HW_ISA_ENC_ALU_OP2: return isa_field_req(chip, ISA_F_ALU_OP2, "ALU_INST");
   case HW_ISA_ENC_ALU_OP3: return isa_field_req(chip, ISA_F_ALU_OP3, "ALU_INST");
   case HW_ISA_ENC_VTX: return isa_field_req(chip, ISA_F_VTX0, "VTX_INST");
   default: return isa_field_req(chip, ISA_F_TEX0, "TEX_INST");
   }
}

const struct hw_isa_op *isa_op_named(enum hw_chip chip, unsigned encoding, const char *name)
{
   const struct hw_isa_op *op = hw_isa_find_name(chip, encoding, name);
   if (op)
      return op;
   const struct hw_field *f = opcode_field(chip, encoding);
   for (unsigned i = 0; i < f->num_values; i++)
      if (!strcmp(f->values[i].name, name))
         return isa_op(chip, encoding, f->values[i].value);
   return NULL;
}

bool isa_alu_class(enum hw_chip chip, bool op3, unsigned opcode, struct isa_alu_class *cls)
{
   const struct hw_isa_op *op = isa_op(chip, op3 ? HW_ISA_ENC_ALU_OP3 : HW_ISA_ENC_ALU_OP2, opcode);
   if (!op)
      return false;
   switch (op->slot_class) {
   case HW_ISA_SLOT_TRANS: cls->unit = ISA_UNIT_TRANS; break;
   case HW_ISA_SLOT_VECTOR: cls->unit = ISA_UNIT_VECTOR; break;
   case HW_ISA_SLOT_REDUCTION: cls->unit = ISA_UNIT_REDUCTION; break;
   default: cls->unit = ISA_UNIT_ANY; break;
   }
   cls->once = op->flags & HW_ISA_F_KILL ? ISA_ONCE_KILL
             : op->flags & HW_ISA_F_PRED_SET ? ISA_ONCE_PRED_SET
             : op->flags & HW_ISA_F_MOVA ? ISA_ONCE_MOVA : ISA_ONCE_NONE;
   cls->nsrc = op->num_src;
   return true;
}
