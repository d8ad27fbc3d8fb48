/* The GPR read-port / BANK_SWIZZLE rule of an ALU group, checked with the rule's one
 * statement (hw/hw_alu_readport.h); this file maps the operands and words the reasons. */
#include "isa_readport.h"
#include "isa_rules.h"

#include <stdio.h>

#include "hw/hw_alu_readport.h"

static const char *chan_name(unsigned c)
{
   static const char *const n[4] = {"x", "y", "z", "w"};
   return n[c & 3];
}

static enum hw_alu_read_kind read_kind(enum isa_src_kind kind)
{
   if (kind == ISA_SRC_GPR)
      return HW_ALU_READ_GPR;
   if (kind == ISA_SRC_PV || kind == ISA_SRC_PS)
      return HW_ALU_READ_PV_PS;
   return isa_src_is_constant(kind) ? HW_ALU_READ_CONST : HW_ALU_READ_NONE;
}

bool isa_check_read_ports(enum hw_chip chip, const struct isa_alu_group *g, unsigned *bad,
                          char *why, size_t whylen)
{
   struct hw_read_ports ports;
   hw_read_ports_init(&ports);
   for (unsigned i = 0; i < g->n; i++) {
      const struct isa_alu_inst *in = &g->ins[i];
      struct isa_alu_fields f;
      struct isa_alu_class cls;
      bool trans = in->slot == ISA_SLOT_T;
      isa_alu_read(chip, in->w, &f);
      if (!isa_alu_class(chip, f.op3, f.opcode, &cls))
         continue;
      struct hw_alu_read src[3];
      for (unsigned s = 0; s < cls.nsrc; s++)
         src[s] = (struct hw_alu_read){ .kind = read_kind(isa_src_kind(chip, f.src[s].sel)),
                                        .chan = f.src[s].chan, .gpr = f.src[s].sel };
      struct hw_read_port_fault e;
      enum hw_read_port_result r =
         hw_read_ports_reserve(&ports, trans, f.bank_swizzle, src, cls.nsrc, &e);
      *bad = i;
      switch (r) {
      case HW_READ_PORTS_OK:
         continue;
      case HW_READ_PORTS_BAD_SWIZZLE:
         snprintf(why, whylen, "BANK_SWIZZLE %u is not a %s swizzle", f.bank_swizzle,
                  trans ? "trans (SCL_*)" : "vector (VEC_*)");
         break;
      case HW_READ_PORTS_CONST_CYCLE:
         snprintf(why, whylen, "trans src%u is read in cycle %u, but the trans unit reads its "
                  "%u constant operand%s in cycles 0..%u", e.src, e.cycle, e.nconst,
                  e.nconst == 1 ? "" : "s", e.nconst - 1);
         break;
      case HW_READ_PORTS_BUSY:
         snprintf(why, whylen, "src%u R%u.%s is read in cycle %u, when channel %s already "
                  "reads R%d (one GPR per channel per cycle)", e.src, f.src[e.src].sel,
                  chan_name(f.src[e.src].chan), e.cycle, chan_name(f.src[e.src].chan), e.held_gpr);
         break;
      }
      return false;
   }
   return true;
}
