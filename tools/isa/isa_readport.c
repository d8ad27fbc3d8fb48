/* The GPR read-port / BANK_SWIZZLE rule of an ALU group (docs/r600-hardware-notes.md §4.2).
 * Operands are read over three cycles; per cycle the group reads at most one GPR per channel.
 * BANK_SWIZZLE gives the cycle of src0/src1/src2: its enum names spell it (VEC_120: src0 in cycle
 * 1, src1 in 2, src2 in 0; SCL_* for the trans slot). */
#include "isa_readport.h"
#include "isa_rules.h"
#include "isa_words.h"

#include <stdio.h>
#include <string.h>

/* Cycles of the sources for a swizzle code in a vector or the trans slot; false if the code
 * has no name of that kind. */
static bool swizzle_cycles(enum isa_chip chip, unsigned code, bool trans, unsigned cycles[3])
{
   const struct hw_field *f = isa_field_req(chip, ISA_F_ALU1, "BANK_SWIZZLE");
   const char *kind = trans ? "SCL_" : "VEC_";
   const char *name = isa_enum_name(f, code, kind);
   if (!name || strncmp(name, kind, 4) || strlen(name) != 7)
      return false;
   for (unsigned i = 0; i < 3; i++) {
      if (name[4 + i] < '0' || name[4 + i] > '2')
         return false;
      cycles[i] = (unsigned)(name[4 + i] - '0');
   }
   return true;
}

static const char *chan_name(unsigned c)
{
   static const char *const n[4] = {"x", "y", "z", "w"};
   return n[c & 3];
}

bool isa_check_read_ports(enum isa_chip chip, const struct isa_alu_group *g, unsigned *bad,
                          char *why, size_t whylen)
{
   int port[3][4];
   memset(port, -1, sizeof(port));
   for (unsigned i = 0; i < g->n; i++) {
      const struct isa_alu_inst *in = &g->ins[i];
      struct isa_alu_fields f;
      struct isa_alu_class cls;
      unsigned cycles[3];
      bool trans = in->slot == ISA_SLOT_T;
      isa_alu_read(chip, in->w, &f);
      if (!isa_alu_class(chip, f.op3, f.opcode, &cls))
         continue;
      *bad = i;
      if (!swizzle_cycles(chip, f.bank_swizzle, trans, cycles)) {
         snprintf(why, whylen, "BANK_SWIZZLE %u is not a %s swizzle", f.bank_swizzle,
                  trans ? "trans (SCL_*)" : "vector (VEC_*)");
         return false;
      }
      unsigned nconst = 0;
      for (unsigned s = 0; s < cls.nsrc; s++)
         nconst += isa_src_is_constant(isa_src_kind(chip, f.src[s].sel));
      for (unsigned s = 0; s < cls.nsrc; s++) {
         const struct isa_src *src = &f.src[s];
         enum isa_src_kind kind = isa_src_kind(chip, src->sel);
         if (trans && (kind == ISA_SRC_GPR || kind == ISA_SRC_PV || kind == ISA_SRC_PS) &&
             cycles[s] < nconst) {
            snprintf(why, whylen, "trans src%u is read in cycle %u, but the trans unit reads its "
                     "%u constant operand%s in cycles 0..%u", s, cycles[s], nconst,
                     nconst == 1 ? "" : "s", nconst - 1);
            return false;
         }
         if (kind != ISA_SRC_GPR)
            continue;
         /* src1 equal to src0 reuses src0's read (vector slots). */
         if (!trans && s == 1 && src->sel == f.src[0].sel && src->chan == f.src[0].chan &&
             isa_src_kind(chip, f.src[0].sel) == ISA_SRC_GPR)
            continue;
         int *p = &port[cycles[s]][src->chan];
         if (*p >= 0 && *p != (int)src->sel) {
            snprintf(why, whylen, "src%u R%u.%s is read in cycle %u, when channel %s already "
                     "reads R%d (one GPR per channel per cycle)", s, src->sel, chan_name(src->chan),
                     cycles[s], chan_name(src->chan), *p);
            return false;
         }
         *p = (int)src->sel;
      }
   }
   return true;
}
