/* The GPR read-port rule of an ALU group (see hw_alu_readport.h). */
#include "hw/hw_alu_readport.h"

#include <string.h>

#include "r600_regs.h"

/* Indexed by the code; each entry spells the digits of the code's name. */
#define VEC(a, b, c) [R6_SQ_ALU_WORD1__BANK_SWIZZLE__SQ_ALU_VEC_##a##b##c] = {a, b, c}
#define SCL(a, b, c) [R6_SQ_ALU_WORD1__BANK_SWIZZLE__SQ_ALU_SCL_##a##b##c] = {a, b, c}
static const uint8_t vec_cycles[HW_ALU_VEC_SWIZZLES][3] = {
   VEC(0, 1, 2), VEC(0, 2, 1), VEC(1, 2, 0), VEC(1, 0, 2), VEC(2, 0, 1), VEC(2, 1, 0),
};
static const uint8_t scl_cycles[HW_ALU_SCL_SWIZZLES][3] = {
   SCL(2, 1, 0), SCL(1, 2, 2), SCL(2, 1, 2), SCL(2, 2, 1),
};

/* Both chip families number the swizzles alike. */
_Static_assert(R6_SQ_ALU_WORD1__BANK_SWIZZLE__SQ_ALU_VEC_210 ==
                  R7_SQ_ALU_WORD1__BANK_SWIZZLE__SQ_ALU_VEC_210 &&
               R6_SQ_ALU_WORD1__BANK_SWIZZLE__SQ_ALU_SCL_221 ==
                  R7_SQ_ALU_WORD1__BANK_SWIZZLE__SQ_ALU_SCL_221,
               "BANK_SWIZZLE codes differ between R6xx and R7xx");

const uint8_t *hw_alu_swizzle_cycles(unsigned code, bool trans)
{
   if (trans)
      return code < HW_ALU_SCL_SWIZZLES ? scl_cycles[code] : NULL;
   return code < HW_ALU_VEC_SWIZZLES ? vec_cycles[code] : NULL;
}

void hw_read_ports_init(struct hw_read_ports *ports)
{
   memset(ports->gpr, 0xff, sizeof(ports->gpr));
}

static enum hw_read_port_result fail(struct hw_read_port_fault *fault, enum hw_read_port_result r,
                                     unsigned src, unsigned cycle, unsigned nconst, int held)
{
   if (fault)
      *fault = (struct hw_read_port_fault){ src, cycle, nconst, held };
   return r;
}

enum hw_read_port_result hw_read_ports_reserve(struct hw_read_ports *ports, bool trans,
                                               unsigned swizzle, const struct hw_alu_read *src,
                                               unsigned nsrc, struct hw_read_port_fault *fault)
{
   const uint8_t *cycles = hw_alu_swizzle_cycles(swizzle, trans);
   if (!cycles)
      return fail(fault, HW_READ_PORTS_BAD_SWIZZLE, 0, 0, 0, -1);
   unsigned nconst = 0;
   for (unsigned s = 0; s < nsrc; s++)
      nconst += src[s].kind == HW_ALU_READ_CONST;

   struct hw_read_ports t = *ports;
   for (unsigned s = 0; s < nsrc; s++) {
      const struct hw_alu_read *r = &src[s];
      unsigned cycle = cycles[s];
      if (r->kind == HW_ALU_READ_CONST || r->kind == HW_ALU_READ_NONE)
         continue;
      if (trans && cycle < nconst)
         return fail(fault, HW_READ_PORTS_CONST_CYCLE, s, cycle, nconst, -1);
      if (r->kind != HW_ALU_READ_GPR)
         continue;
      if (!trans && s == 1 && src[0].kind == HW_ALU_READ_GPR && src[0].gpr == r->gpr &&
          src[0].chan == r->chan)
         continue;
      int16_t *port = &t.gpr[cycle][r->chan & 3];
      if (*port >= 0 && *port != (int)r->gpr)
         return fail(fault, HW_READ_PORTS_BUSY, s, cycle, nconst, *port);
      *port = (int16_t)r->gpr;
   }
   *ports = t;
   return HW_READ_PORTS_OK;
}
