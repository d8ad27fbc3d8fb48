/* PM4 packet framing (see pm4_packet.h). */
#include "device/pm4_packet.h"

#include <stddef.h>

#include "r600_pm4.h"
#include "r600_regs.h"

/* Dwords per SET_RESOURCE / SET_SAMPLER slot: a resource is SQ_TEX_RESOURCE_WORD0..6, a
 * sampler SQ_TEX_SAMPLER_WORD0..2 (the kernel's CS checker rejects other multiples). */
#define RESOURCE_SLOT_DWORDS ((REG_SQ_TEX_RESOURCE_WORD6_0 - REG_SQ_TEX_RESOURCE_WORD0_0) / 4 + 1)
#define SAMPLER_SLOT_DWORDS ((REG_SQ_TEX_SAMPLER_WORD2_0 - REG_SQ_TEX_SAMPLER_WORD0_0) / 4 + 1)

static const struct sim_pm4_window windows[] = {
   { PM4_IT_SET_CONFIG_REG, "SET_CONFIG_REG", PM4_SET_CONFIG_REG_WINDOW_START,
     PM4_SET_CONFIG_REG_WINDOW_END, 1 },
   { PM4_IT_SET_CONTEXT_REG, "SET_CONTEXT_REG", PM4_SET_CONTEXT_REG_WINDOW_START,
     PM4_SET_CONTEXT_REG_WINDOW_END, 1 },
   { PM4_IT_SET_ALU_CONST, "SET_ALU_CONST", PM4_SET_ALU_CONST_WINDOW_START,
     PM4_SET_ALU_CONST_WINDOW_END, 1 },
   { PM4_IT_SET_RESOURCE, "SET_RESOURCE", PM4_SET_RESOURCE_WINDOW_START,
     PM4_SET_RESOURCE_WINDOW_END, RESOURCE_SLOT_DWORDS },
   { PM4_IT_SET_SAMPLER, "SET_SAMPLER", PM4_SET_SAMPLER_WINDOW_START,
     PM4_SET_SAMPLER_WINDOW_END, SAMPLER_SLOT_DWORDS },
   { PM4_IT_SET_CTL_CONST, "SET_CTL_CONST", PM4_SET_CTL_CONST_WINDOW_START,
     PM4_SET_CTL_CONST_WINDOW_END, 1 },
   { PM4_IT_SET_LOOP_CONST, "SET_LOOP_CONST", PM4_SET_LOOP_CONST_WINDOW_START,
     PM4_SET_LOOP_CONST_WINDOW_END, 1 },
   { PM4_IT_SET_BOOL_CONST, "SET_BOOL_CONST", PM4_SET_BOOL_CONST_WINDOW_START,
     PM4_SET_BOOL_CONST_WINDOW_END, 1 },
};

const struct sim_pm4_window *sim_pm4_window(unsigned opcode)
{
   for (unsigned i = 0; i < sizeof(windows) / sizeof(windows[0]); i++) {
      if (windows[i].opcode == opcode)
         return &windows[i];
   }
   return NULL;
}

enum sim_pm4_status sim_pm4_decode(const uint32_t *ib, unsigned ndw, unsigned pos,
                                   struct sim_pm4_packet *pkt)
{
   uint32_t h = ib[pos];
   *pkt = (struct sim_pm4_packet){ .type = PM4_HDR_TYPE(h), .header = h, .body = ib + pos + 1 };
   switch (pkt->type) {
   case PM4_TYPE0_TYPE_VALUE:
      pkt->reg = PM4_TYPE0_REG(h);
      pkt->body_ndw = PM4_TYPE0_NREGS(h);
      break;
   case PM4_TYPE2_TYPE_VALUE:
      pkt->body_ndw = 0;
      break;
   case PM4_TYPE3_TYPE_VALUE:
      pkt->opcode = PM4_TYPE3_OPCODE(h);
      pkt->predicated = PM4_TYPE3_PREDICATED(h);
      pkt->body_ndw = PM4_TYPE3_NDW(h);
      break;
   default:
      pkt->ndw = 1;
      return SIM_PM4_BAD_TYPE;
   }
   pkt->ndw = 1 + pkt->body_ndw;
   if (pkt->ndw > ndw - pos)
      return SIM_PM4_TRUNCATED;
   return SIM_PM4_OK;
}
