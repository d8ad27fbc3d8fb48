/* ALU opcode classes by opcode name (r600-facts 4.2 "Opcode slot classes"; source counts as
 * the opcodes' definitions give them). Opcode numbers and names come from the generated
 * word tables; this file only sorts names into classes. */
#include "isa_rules.h"
#include "isa_words.h"

#include <string.h>

static bool in_list(const char *name, const char *const *list)
{
   for (; *list; list++)
      if (!strcmp(name, *list))
         return true;
   return false;
}

static bool starts(const char *name, const char *prefix)
{
   return !strncmp(name, prefix, strlen(prefix));
}

static const char *const trans_only[] = {
   "EXP_IEEE", "LOG_CLAMPED", "LOG_IEEE", "RECIP_CLAMPED", "RECIP_FF", "RECIP_IEEE",
   "RECIPSQRT_CLAMPED", "RECIPSQRT_FF", "RECIPSQRT_IEEE", "SQRT_IEEE", "FLT_TO_INT",
   "INT_TO_FLT", "UINT_TO_FLT", "SIN", "COS", "MULLO_INT", "MULHI_INT", "MULLO_UINT",
   "MULHI_UINT", "RECIP_INT", "RECIP_UINT", "FLT_TO_UINT", "MOVA_GPR_INT", "MUL_LIT", NULL,
};
/* Trans only on R6xx, any slot on R7xx. */
static const char *const trans_only_r6[] = {"ASHR_INT", "LSHR_INT", "LSHL_INT", NULL};
static const char *const reductions[] = {"DOT4", "DOT4_IEEE", "CUBE", "MAX4", NULL};
static const char *const no_source[] = {"NOP", "PRED_SET_CLR", NULL};
static const char *const one_source[] = {
   "MOV", "FRACT", "TRUNC", "CEIL", "RNDNE", "FLOOR", "MOVA", "MOVA_FLOOR", "MOVA_INT",
   "MOVA_GPR_INT", "NOT_INT", "PRED_SET_INV", "PRED_SET_RESTORE", "EXP_IEEE", "LOG_CLAMPED",
   "LOG_IEEE", "RECIP_CLAMPED", "RECIP_FF", "RECIP_IEEE", "RECIPSQRT_CLAMPED", "RECIPSQRT_FF",
   "RECIPSQRT_IEEE", "SQRT_IEEE", "FLT_TO_INT", "INT_TO_FLT", "UINT_TO_FLT", "SIN", "COS",
   "RECIP_INT", "RECIP_UINT", "FLT_TO_UINT", "FREXP_64", "FLT64_TO_FLT32", "FLT32_TO_FLT64",
   "FRACT_64", NULL,
};

bool isa_alu_class(enum isa_chip chip, bool op3, unsigned opcode, struct isa_alu_class *cls)
{
   const struct hw_field *f = isa_field_req(chip, op3 ? ISA_F_ALU_OP3 : ISA_F_ALU_OP2, "ALU_INST");
   const char *name = isa_enum_name(f, opcode, NULL);
   if (!name)
      return false;

   cls->unit = ISA_UNIT_ANY;
   if (in_list(name, trans_only) || (chip == ISA_CHIP_R600 && in_list(name, trans_only_r6)))
      cls->unit = ISA_UNIT_TRANS;
   else if (in_list(name, reductions))
      cls->unit = ISA_UNIT_REDUCTION;
   else if (starts(name, "MOVA") || strstr(name, "_64"))
      cls->unit = ISA_UNIT_VECTOR;

   cls->once = starts(name, "KILL") ? ISA_ONCE_KILL
             : starts(name, "PRED_SET") ? ISA_ONCE_PRED_SET
             : starts(name, "MOVA") ? ISA_ONCE_MOVA : ISA_ONCE_NONE;

   cls->nsrc = op3 ? 3 : in_list(name, no_source) ? 0 : in_list(name, one_source) ? 1 : 2;
   return true;
}
