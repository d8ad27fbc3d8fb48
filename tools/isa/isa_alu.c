/* ALU instruction fields, source kinds, group slots and literal counts. */
#include "isa_alu.h"
#include "isa_rules.h"
#include "isa_words.h"

#include <stdio.h>

#include "hw/hw_alu_group.h"

bool isa_alu_is_op3(enum hw_chip chip, const uint32_t w[2])
{
   return isa_get(chip, ISA_F_ALU1, "ENCODING", w[1]) != 0;
}

void isa_alu_read(enum hw_chip chip, const uint32_t w[2], struct isa_alu_fields *f)
{
   static const char *const sel[3] = {"SRC0_SEL", "SRC1_SEL", "SRC2_SEL"};
   static const char *const rel[3] = {"SRC0_REL", "SRC1_REL", "SRC2_REL"};
   static const char *const chan[3] = {"SRC0_CHAN", "SRC1_CHAN", "SRC2_CHAN"};
   static const char *const neg[3] = {"SRC0_NEG", "SRC1_NEG", "SRC2_NEG"};
   static const char *const abs_[2] = {"SRC0_ABS", "SRC1_ABS"};

   f->op3 = isa_alu_is_op3(chip, w);
   enum isa_fmt op = f->op3 ? ISA_F_ALU_OP3 : ISA_F_ALU_OP2;
   f->opcode = isa_get(chip, op, "ALU_INST", w[1]);
   f->dst_gpr = isa_get(chip, ISA_F_ALU1, "DST_GPR", w[1]);
   f->dst_rel = isa_get(chip, ISA_F_ALU1, "DST_REL", w[1]);
   f->dst_chan = isa_get(chip, ISA_F_ALU1, "DST_CHAN", w[1]);
   f->clamp = isa_get(chip, ISA_F_ALU1, "CLAMP", w[1]);
   f->bank_swizzle = isa_get(chip, ISA_F_ALU1, "BANK_SWIZZLE", w[1]);
   f->write = f->op3 || isa_get(chip, ISA_F_ALU_OP2, "WRITE_MASK", w[1]);
   f->index_mode = isa_get(chip, ISA_F_ALU0, "INDEX_MODE", w[0]);
   f->pred_sel = isa_get(chip, ISA_F_ALU0, "PRED_SEL", w[0]);
   f->last = isa_get(chip, ISA_F_ALU0, "LAST", w[0]);
   f->nsrc_encoded = f->op3 ? 3 : 2;
   for (unsigned i = 0; i < 3; i++) {
      enum isa_fmt fmt = i < 2 ? ISA_F_ALU0 : ISA_F_ALU_OP3;
      unsigned wi = i < 2 ? 0 : 1;
      struct isa_src *s = &f->src[i];
      if (i >= f->nsrc_encoded) {
         *s = (struct isa_src){0};
         continue;
      }
      s->sel = isa_get(chip, fmt, sel[i], w[wi]);
      s->rel = isa_get(chip, fmt, rel[i], w[wi]);
      s->chan = isa_get(chip, fmt, chan[i], w[wi]);
      s->neg = isa_get(chip, fmt, neg[i], w[wi]);
      s->abs = i < 2 && !f->op3 ? isa_get(chip, ISA_F_ALU_OP2, abs_[i], w[1]) : 0;
   }
}

enum isa_src_kind isa_src_kind(enum hw_chip chip, unsigned sel)
{
   if (sel < ISA_SEL_KC0)
      return ISA_SRC_GPR;
   if (sel < ISA_SEL_KC1)
      return ISA_SRC_KC0;
   if (sel < ISA_SEL_SPECIAL)
      return ISA_SRC_KC1;
   if (sel >= ISA_SEL_CFILE)
      return ISA_SRC_CFILE;
   if (sel == isa_enum(chip, ISA_F_ALU0, "SRC0_SEL", "SQ_ALU_SRC_LITERAL"))
      return ISA_SRC_LITERAL;
   if (sel == isa_enum(chip, ISA_F_ALU0, "SRC0_SEL", "SQ_ALU_SRC_PV"))
      return ISA_SRC_PV;
   if (sel == isa_enum(chip, ISA_F_ALU0, "SRC0_SEL", "SQ_ALU_SRC_PS"))
      return ISA_SRC_PS;
   const struct hw_field *f = isa_field_req(chip, ISA_F_ALU0, "SRC0_SEL");
   return isa_enum_name(f, sel, NULL) ? ISA_SRC_INLINE : ISA_SRC_RESERVED;
}

bool isa_src_indexable(enum isa_src_kind kind)
{
   return kind == ISA_SRC_GPR || kind == ISA_SRC_KC0 || kind == ISA_SRC_KC1 ||
          kind == ISA_SRC_CFILE;
}

bool isa_src_is_constant(enum isa_src_kind kind)
{
   return kind == ISA_SRC_KC0 || kind == ISA_SRC_KC1 || kind == ISA_SRC_CFILE ||
          kind == ISA_SRC_LITERAL || kind == ISA_SRC_INLINE;
}

const char *isa_alu_opname(enum hw_chip chip, const uint32_t w[2])
{
   bool op3 = isa_alu_is_op3(chip, w);
   unsigned opcode = isa_get(chip, op3 ? ISA_F_ALU_OP3 : ISA_F_ALU_OP2, "ALU_INST", w[1]);
   const struct hw_isa_op *op = isa_op(chip, op3 ? HW_ISA_ENC_ALU_OP3 : HW_ISA_ENC_ALU_OP2, opcode);
   return op ? op->name : NULL;
}

/* Slot assignment (docs/r600-hardware-notes.md §4.2, register reference
 * SQ_CONFIG.ALU_INST_PREFER_VECTOR, which Mesa sets to 1): trans-only opcodes go to t, vector-only
 * ones and reductions to the vector slot of their DST_CHAN, and any-slot opcodes to that vector
 * slot unless an earlier instruction of the group took it, then to t. Instruction order within the
 * group is otherwise free (LLVM's R6xx code puts trans-only instructions first). */
bool isa_group_slots(enum hw_chip chip, struct isa_alu_group *g, unsigned *bad, char *why,
                     size_t whylen)
{
   const struct isa_alu_inst *owner[ISA_SLOT_T + 1] = {NULL};
   for (unsigned i = 0; i < g->n; i++)
      g->ins[i].slot = -1;
   for (unsigned i = 0; i < g->n; i++) {
      struct isa_alu_fields f;
      struct isa_alu_class cls;
      isa_alu_read(chip, g->ins[i].w, &f);
      const char *name = isa_alu_opname(chip, g->ins[i].w);
      *bad = i;
      if (!isa_alu_class(chip, f.op3, f.opcode, &cls)) {
         snprintf(why, whylen, "unknown opcode %u", f.opcode);
         return false;
      }
      int slot = (int)f.dst_chan;
      if (cls.unit == ISA_UNIT_TRANS || (cls.unit == ISA_UNIT_ANY && owner[slot]))
         slot = ISA_SLOT_T;
      if (owner[slot]) {
         const char *other = isa_alu_opname(chip, owner[slot]->w);
         if (slot == ISA_SLOT_T)
            snprintf(why, whylen, "%s needs the trans slot, which %s already uses%s", name, other,
                     cls.unit == ISA_UNIT_ANY ? " (and its vector slot is taken too)" : "");
         else
            snprintf(why, whylen, "%s can only use vector slot %c, which %s already uses", name,
                     "xyzw"[slot], other);
         return false;
      }
      owner[slot] = &g->ins[i];
      g->ins[i].slot = slot;
   }
   return true;
}

unsigned isa_group_literal_dwords(enum hw_chip chip, const struct isa_alu_group *g)
{
   int top = -1;
   for (unsigned i = 0; i < g->n; i++) {
      struct isa_alu_fields f;
      isa_alu_read(chip, g->ins[i].w, &f);
      for (unsigned s = 0; s < f.nsrc_encoded; s++)
         if (isa_src_kind(chip, f.src[s].sel) == ISA_SRC_LITERAL && (int)f.src[s].chan > top)
            top = (int)f.src[s].chan;
   }
   return hw_alu_literal_dwords((unsigned)(top + 1));
}
