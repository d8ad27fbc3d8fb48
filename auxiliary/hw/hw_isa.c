/* Look-ups in the generated instruction table (r600_isa_table.c). */
#include "hw/hw_isa.h"

#include <string.h>

/* r600_isa_table.c: [encoding][number] -> id + 1, 0 where no instruction has the number */
extern const uint16_t hw_isa_index_r6[HW_ISA_NUM_ENCODINGS][HW_ISA_NUMBER_LIMIT];
extern const uint16_t hw_isa_index_r7[HW_ISA_NUM_ENCODINGS][HW_ISA_NUMBER_LIMIT];

const struct hw_isa_op *
hw_isa_table(unsigned chip)
{
   switch (chip) {
   case HW_CHIP_R6XX: return hw_isa_ops_r6;
   case HW_CHIP_R7XX: return hw_isa_ops_r7;
   default: return NULL;
   }
}

const struct hw_isa_op *
hw_isa_op(unsigned chip, unsigned id)
{
   const struct hw_isa_op *t = hw_isa_table(chip);
   if (!t || id >= HW_ISA_NUM_OPS || !t[id].name)
      return NULL;
   return &t[id];
}

const struct hw_isa_op *
hw_isa_find(unsigned chip, unsigned encoding, unsigned number)
{
   const uint16_t (*index)[HW_ISA_NUMBER_LIMIT] =
      chip == HW_CHIP_R6XX ? hw_isa_index_r6 : chip == HW_CHIP_R7XX ? hw_isa_index_r7 : NULL;
   if (!index || encoding >= HW_ISA_NUM_ENCODINGS || number >= HW_ISA_NUMBER_LIMIT ||
       !index[encoding][number])
      return NULL;
   return hw_isa_op(chip, index[encoding][number] - 1u);
}

const struct hw_isa_op *
hw_isa_find_name(unsigned chip, unsigned encoding, const char *name)
{
   const struct hw_isa_op *t = hw_isa_table(chip);
   if (!t || !name)
      return NULL;
   /* ids are ordered by encoding, so the first hit is the earliest encoding */
   for (unsigned i = 0; i < HW_ISA_NUM_OPS; i++) {
      if (t[i].name && (encoding == HW_ISA_ENC_ANY || t[i].encoding == encoding) &&
          strcmp(t[i].name, name) == 0)
         return &t[i];
   }
   return NULL;
}

unsigned
hw_isa_id_of(const struct hw_isa_op *op)
{
   if (op >= hw_isa_ops_r6 && op < hw_isa_ops_r6 + HW_ISA_NUM_OPS)
      return (unsigned)(op - hw_isa_ops_r6);
   return (unsigned)(op - hw_isa_ops_r7);
}

const char *
hw_isa_encoding_name(unsigned encoding)
{
   static const char *const names[HW_ISA_NUM_ENCODINGS] = {
      "CF", "CF_ALU", "CF_ALLOC_EXPORT", "ALU_OP2", "ALU_OP3", "VTX", "TEX",
   };
   return encoding < HW_ISA_NUM_ENCODINGS ? names[encoding] : "?";
}

const char *
hw_isa_slot_name(unsigned slot_class)
{
   static const char *const names[] = { "none", "any", "vector", "trans", "reduction" };
   return slot_class < sizeof(names) / sizeof(names[0]) ? names[slot_class] : "?";
}

const char *
hw_isa_result_name(unsigned result)
{
   static const char *const names[] = { "none", "float", "int" };
   return result < sizeof(names) / sizeof(names[0]) ? names[result] : "?";
}
