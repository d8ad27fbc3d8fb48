/* Look-ups in the generated hardware tables (hw_names.c). */
#include "hw/hw_regdb.h"

#include <pthread.h>
#include <string.h>

const struct hw_register *
hw_find_register(uint32_t offset, unsigned chip)
{
   /* hw_registers is sorted by offset; a few offsets hold two layouts (e.g. the DX9 and DX10
    * views of a loop constant), so find the first entry at the offset, then the first one
    * that exists on the chip. */
   unsigned lo = 0, hi = hw_num_registers;
   while (lo < hi) {
      unsigned mid = lo + (hi - lo) / 2;
      if (hw_registers[mid].offset < offset)
         lo = mid + 1;
      else
         hi = mid;
   }
   for (; lo < hw_num_registers && hw_registers[lo].offset == offset; lo++) {
      if (hw_registers[lo].chips & chip)
         return &hw_registers[lo];
   }
   return NULL;
}

const struct hw_register *
hw_find_register_by_name(const char *name)
{
   if (!name)
      return NULL;
   for (unsigned i = 0; i < hw_num_registers; i++) {
      if (strcmp(hw_registers[i].name, name) == 0)
         return &hw_registers[i];
   }
   return NULL;
}

/* The command processor asks for every type-3 packet: an index by opcode, built once (the
 * first entry of an opcode wins, as a search in table order would find). */
static const struct hw_pm4_opcode *pm4_by_opcode[256];
static pthread_once_t pm4_once = PTHREAD_ONCE_INIT;

static void pm4_index(void)
{
   for (unsigned i = hw_num_pm4_opcodes; i-- > 0;)
      pm4_by_opcode[hw_pm4_opcodes[i].opcode] = &hw_pm4_opcodes[i];
}

const struct hw_pm4_opcode *
hw_find_pm4_opcode(uint8_t opcode)
{
   pthread_once(&pm4_once, pm4_index);
   return pm4_by_opcode[opcode];
}

const char *
hw_field_value_name(const struct hw_field *field, uint32_t value)
{
   if (!field)
      return NULL;
   for (unsigned i = 0; i < field->num_values; i++) {
      if (field->values[i].value == value)
         return field->values[i].name;
   }
   return NULL;
}
