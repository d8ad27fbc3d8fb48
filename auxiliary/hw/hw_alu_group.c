/* The operand limits of an ALU group (see hw_alu_group.h). */
#include "hw/hw_alu_group.h"

unsigned hw_alu_literal_dwords(unsigned nliterals)
{
   return (nliterals + 1) & ~1u;
}

void hw_const_reads_init(struct hw_const_reads *reads, enum hw_chip chip)
{
   bool r7 = chip == HW_CHIP_R7XX;
   *reads = (struct hw_const_reads){ .max = r7 ? 2 : 4, .by_half = r7 };
}

bool hw_const_reads_add(struct hw_const_reads *reads, uint32_t constant, unsigned chan)
{
   uint8_t part = (uint8_t)(reads->by_half ? (chan & 3) >> 1 : chan & 3);
   for (unsigned i = 0; i < reads->n; i++)
      if (reads->constant[i] == constant && reads->part[i] == part)
         return true;
   if (reads->n == reads->max)
      return false;
   reads->constant[reads->n] = constant;
   reads->part[reads->n++] = part;
   return true;
}
