/* Microcode-word access for the program reader (isa_read.c) and decoder (isa_decode*.c):
 * field macros over the generated R6_ / R7_ word macros and the classification of CF
 * words through the instruction table. Internal to the simulator's ISA front end. */
#ifndef SIM_ISA_WORDS_H
#define SIM_ISA_WORDS_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/hw_isa.h"
#include "r600_regs.h"

/* Field of a microcode word for the chip being decoded (`r7` in scope). */
#define GET(word, field, dw) \
   (r7 ? R7_##word##__##field##__get(dw) : R6_##word##__##field##__get(dw))
/* Width in bits of a microcode field for that chip. */
#define WIDTH(word, field) \
   (r7 ? __builtin_popcount(R7_##word##__##field##__mask) : __builtin_popcount(R6_##word##__##field##__mask))
/* Enumerated value of a microcode field for that chip. */
#define EN(word, field, val) (r7 ? R7_##word##__##field##__##val : R6_##word##__##field##__##val)

#define SIM_IMAGE_MAGIC 0x52364953u   /* "SI6R": layout version of struct sim_isa_image */
#define SIM_IMAGE_HEADER 6            /* magic, chip, stage, entry, dx10_clamp, ncf */

static inline unsigned isa_chip(bool r7)
{
   return r7 ? HW_CHIP_R7XX : HW_CHIP_R6XX;
}

enum cf_format { CF_PLAIN, CF_ALU, CF_EXPORT };

/* Which of the three CF layouts a CF word pair uses (docs/r600-hardware-notes.md §4.4: bit 29 of
 * word 1 marks CF_ALU; the CF_ALLOC_EXPORT opcodes use that layout, everything else CF_WORD0/1). */
static inline enum cf_format cf_format(bool r7, uint32_t w1)
{
   if (GET(SQ_CF_ALU_WORD1, CF_INST, w1) >= EN(SQ_CF_ALU_WORD1, CF_INST, SQ_CF_INST_ALU))
      return CF_ALU;
   if (hw_isa_find(isa_chip(r7), HW_ISA_ENC_CF_ALLOC_EXPORT, GET(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, w1)))
      return CF_EXPORT;
   return CF_PLAIN;
}

/* The id (enum hw_isa_id) of a plain CF word, or HW_ISA_NUM_OPS for a reserved opcode. */
static inline unsigned cf_plain_id(bool r7, uint32_t w1)
{
   const struct hw_isa_op *op = hw_isa_find(isa_chip(r7), HW_ISA_ENC_CF, GET(SQ_CF_WORD1, CF_INST, w1));
   return op ? hw_isa_id_of(op) : HW_ISA_NUM_OPS;
}

/* Number of fetch instructions of a TEX/VTX clause (COUNT is minus one; R7xx adds an MSB). */
static inline unsigned fetch_count(bool r7, uint32_t w1)
{
   unsigned n = GET(SQ_CF_WORD1, COUNT, w1);
   if (r7)
      n |= R7_SQ_CF_WORD1__COUNT_3__get(w1) << 3;
   return n + 1;
}

/* Dwords of the clause a CF instruction references (0: none); its address in *addr. */
static inline unsigned clause_dwords(bool r7, uint32_t w0, uint32_t w1, uint32_t *addr)
{
   switch (cf_format(r7, w1)) {
   case CF_ALU:
      *addr = GET(SQ_CF_ALU_WORD0, ADDR, w0);
      return (GET(SQ_CF_ALU_WORD1, COUNT, w1) + 1) * 2;
   case CF_PLAIN: {
      const struct hw_isa_op *op = hw_isa_op(isa_chip(r7), cf_plain_id(r7, w1));
      if (!op || !(op->flags & HW_ISA_F_CLAUSE))
         return 0;
      *addr = GET(SQ_CF_WORD0, ADDR, w0);
      return fetch_count(r7, w1) * 4;   /* 128-bit fetch instructions */
   }
   default:
      return 0;
   }
}

/* END_OF_PROGRAM, or R7xx's END_PROGRAM instruction, which ends the program likewise. */
static inline bool cf_is_eop(bool r7, uint32_t w1)
{
   switch (cf_format(r7, w1)) {
   case CF_ALU:
      return false;
   case CF_EXPORT:
      return GET(SQ_CF_ALLOC_EXPORT_WORD1, END_OF_PROGRAM, w1);
   default:
      return GET(SQ_CF_WORD1, END_OF_PROGRAM, w1) || cf_plain_id(r7, w1) == HW_ISA_CF_END_PROGRAM;
   }
}

#endif
