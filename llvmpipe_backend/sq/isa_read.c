/* Reading a program image from GPU memory (sim_isa_read, isa_program.h): the CF list from
 * the entry on, and every clause it references.
 *
 * The CF list ends at an END_OF_PROGRAM (or R7xx END_PROGRAM) instruction - for the fetch
 * shader at its first RETURN - unless a CALL read so far targets a later instruction:
 * subroutines follow the main program and end with RETURN, so reading then goes on to the
 * first END_OF_PROGRAM or RETURN past every CALL target and past every jump target of the
 * subroutines (a jump target may be the index just past the last instruction, which ends
 * the program). Jump targets of the main program do not extend it: one past its end is a
 * decode fault. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/gpu_memory.h"
#include "sq/isa_program.h"
#include "sq/isa_read.h"
#include "sq/isa_words.h"

static bool img_push(struct sim_isa_image *img, const uint32_t *dw, size_t n)
{
   if (img->ndw + n > img->cap) {
      size_t cap = img->cap ? img->cap * 2 : 256;
      while (cap < img->ndw + n)
         cap *= 2;
      uint32_t *p = realloc(img->dw, cap * sizeof(uint32_t));
      if (!p)
         return false;
      img->dw = p;
      img->cap = cap;
   }
   memcpy(img->dw + img->ndw, dw, n * sizeof(uint32_t));
   img->ndw += n;
   return true;
}

/* The last CF index a CF word requires to be part of the list (0 if none); jump targets
 * count only with `jumps`. */
static uint32_t required_index(bool r7, uint32_t w0, uint32_t w1, bool jumps)
{
   if (cf_format(r7, w1) != CF_PLAIN)
      return 0;
   unsigned id = cf_plain_id(r7, w1);
   if (id == HW_ISA_CF_CALL)
      return GET(SQ_CF_WORD0, ADDR, w0);
   if (!jumps)
      return 0;
   switch (id) {
   case HW_ISA_CF_JUMP: case HW_ISA_CF_ELSE: case HW_ISA_CF_POP: case HW_ISA_CF_PUSH:
   case HW_ISA_CF_PUSH_ELSE: case HW_ISA_CF_POP_JUMP: case HW_ISA_CF_POP_PUSH:
   case HW_ISA_CF_POP_PUSH_ELSE: case HW_ISA_CF_LOOP_START: case HW_ISA_CF_LOOP_START_DX10:
   case HW_ISA_CF_LOOP_START_NO_AL: case HW_ISA_CF_LOOP_END: case HW_ISA_CF_LOOP_BREAK:
   case HW_ISA_CF_LOOP_CONTINUE: case HW_ISA_CF_KILL: {
      uint32_t a = GET(SQ_CF_WORD0, ADDR, w0);
      return a ? a - 1 : 0;
   }
   default:
      return 0;
   }
}

bool sim_isa_read(struct sim_memory *mem, enum hw_chip chip, enum sim_stage stage,
                  uint64_t va, unsigned entry, bool dx10_clamp, struct sim_isa_image *img,
                  char *err, size_t errlen)
{
   bool r7 = chip == HW_CHIP_R7XX;
   uint32_t hdr[SIM_IMAGE_HEADER] = { SIM_IMAGE_MAGIC, chip, stage, entry, dx10_clamp, 0 };
   img->ndw = 0;
   if (!img_push(img, hdr, SIM_IMAGE_HEADER))
      goto oom;

   unsigned i = entry, need = entry;
   bool past_main = false;   /* the main program's end has been read: now in subroutines */
   for (;; i++) {
      if (i >= SIM_MAX_CF) {
         snprintf(err, errlen, "no END_OF_PROGRAM within %u CF instructions", SIM_MAX_CF);
         return false;
      }
      const uint32_t *w = sim_mem_range(mem, va + 8ull * i, 8);
      if (!w) {
         snprintf(err, errlen, "CF instruction %u at 0x%llx is outside GPU memory", i,
                  (unsigned long long)(va + 8ull * i));
         return false;
      }
      if (!img_push(img, w, 2))
         goto oom;
      uint32_t req = required_index(r7, w[0], w[1], past_main);
      if (req > need)
         need = req;
      bool ret = cf_format(r7, w[1]) == CF_PLAIN && cf_plain_id(r7, w[1]) == HW_ISA_CF_RETURN;
      bool ends = cf_is_eop(r7, w[1]) || (ret && (past_main || stage == SIM_STAGE_FS));
      if (ends && i >= need)
         break;
      past_main |= ends;
   }
   img->dw[SIM_IMAGE_HEADER - 1] = i + 1;

   for (unsigned k = entry; k <= i; k++) {
      const uint32_t *w = &img->dw[SIM_IMAGE_HEADER + 2 * (k - entry)];
      uint32_t addr = 0;
      unsigned n = clause_dwords(r7, w[0], w[1], &addr);
      if (!n)
         continue;
      uint64_t cva = va + 8ull * addr;
      const uint32_t *c = sim_mem_range(mem, cva, 4ull * n);
      if (!c) {
         snprintf(err, errlen, "clause of CF %u at 0x%llx (%u dwords) is outside GPU memory",
                  k, (unsigned long long)cva, n);
         return false;
      }
      if (!img_push(img, c, n))
         goto oom;
   }
   return true;
oom:
   snprintf(err, errlen, "out of memory reading the program");
   return false;
}
