/* Decoding ALU clauses: groups, slots, literals, operands and the group rules of
 * docs/r600-hardware-notes.md §4.2, with opcodes and their properties from the instruction table.
 *
 * Rejected (decode faults, documented choices):
 * - reserved opcodes, PRED_SEL 1, reserved source selects (192..247; R7xx's double
 *   inline constants 244..247 are not in the generated tables), INDEX_MODE GLOBAL /
 *   GLOBAL_AR_X (R7xx global GPRs, which the documents do not describe);
 * - FOG_MERGE (R6xx): the bit layout of the merged fog value is not documented;
 * - relative kcache / inline / literal / PV / PS operands (only GPRs and the DX9 constant
 *   file are indexable here; DX10 constant buffers are indexed through vertex fetch);
 * - UPDATE_EXECUTE_MASK / UPDATE_PRED on an op that is not a PRED_SET*, a MOVA* with
 *   WRITE_MASK, PV reads of a MOVA* slot (undocumented results);
 * - groups breaking the slot rules: two instructions for one unit, a reduction that does
 *   not fill x..w, an FP64 op without its partner slots (alu_fp64.h), more than one
 *   KILL/PRED_SET (an FP64 compare pair counts once) or MOVA* per group, a MOVA* with an
 *   AR-relative operand in its group or in the last group, an AR-relative operand before
 *   any MOVA* of the clause loaded that component, PV/PS reads of units the previous group
 *   did not use, literals or groups running past the clause.
 * OMOD on an op with an integer result is ignored (the register reference: "must be OFF"). */
#include <string.h>

#include "sq/alu_fp64.h"
#include "sq/isa_decode_alu.h"
#include "sq/isa_decoder.h"
#include "sq/isa_ops.h"

/* Folded OP3 forms: the base op with that output modifier. */
static const struct { uint16_t id, base; uint8_t omod; } omod_forms[] = {
   { HW_ISA_OP3_MULADD_M2, HW_ISA_OP3_MULADD, SIM_OMOD_M2 },
   { HW_ISA_OP3_MULADD_M4, HW_ISA_OP3_MULADD, SIM_OMOD_M4 },
   { HW_ISA_OP3_MULADD_D2, HW_ISA_OP3_MULADD, SIM_OMOD_D2 },
   { HW_ISA_OP3_MULADD_IEEE_M2, HW_ISA_OP3_MULADD_IEEE, SIM_OMOD_M2 },
   { HW_ISA_OP3_MULADD_IEEE_M4, HW_ISA_OP3_MULADD_IEEE, SIM_OMOD_M4 },
   { HW_ISA_OP3_MULADD_IEEE_D2, HW_ISA_OP3_MULADD_IEEE, SIM_OMOD_D2 },
   { HW_ISA_OP3_MUL_LIT_M2, HW_ISA_OP3_MUL_LIT, SIM_OMOD_M2 },
   { HW_ISA_OP3_MUL_LIT_M4, HW_ISA_OP3_MUL_LIT, SIM_OMOD_M4 },
   { HW_ISA_OP3_MUL_LIT_D2, HW_ISA_OP3_MUL_LIT, SIM_OMOD_D2 },
   { HW_ISA_OP3_MULADD_64_M2, HW_ISA_OP3_MULADD_64, SIM_OMOD_M2 },
   { HW_ISA_OP3_MULADD_64_M4, HW_ISA_OP3_MULADD_64, SIM_OMOD_M4 },
   { HW_ISA_OP3_MULADD_64_D2, HW_ISA_OP3_MULADD_64, SIM_OMOD_D2 },
};

#define KCM(n, lines) { R6_SQ_CF_ALU_WORD0__KCACHE_MODE0__SQ_CF_KCACHE_##n, \
                        R7_SQ_CF_ALU_WORD0__KCACHE_MODE0__SQ_CF_KCACHE_##n, lines }
static const struct code_map kcache_mode_map[] = { KCM(NOP, 0), KCM(LOCK_1, 1), KCM(LOCK_2, 2),
                                                   KCM(LOCK_LOOP_INDEX, 2) };

#define IXM(n, m) { R6_SQ_ALU_WORD0__INDEX_MODE__SQ_INDEX_##n, R7_SQ_ALU_WORD0__INDEX_MODE__SQ_INDEX_##n, m }
static const struct code_map index_mode_map[] = {
   IXM(AR_X, SIM_INDEX_AR_X), IXM(AR_Y, SIM_INDEX_AR_Y), IXM(AR_Z, SIM_INDEX_AR_Z),
   IXM(AR_W, SIM_INDEX_AR_W), IXM(LOOP, SIM_INDEX_LOOP),
};

#define PSM(n, p) { R6_SQ_ALU_WORD0__PRED_SEL__SQ_PRED_SEL_##n, R7_SQ_ALU_WORD0__PRED_SEL__SQ_PRED_SEL_##n, p }
static const struct code_map pred_sel_map[] = { PSM(OFF, SIM_PRED_OFF), PSM(ZERO, SIM_PRED_ZERO), PSM(ONE, SIM_PRED_ONE) };

#define OMM(n, o) { R6_SQ_ALU_WORD1_OP2__OMOD__SQ_ALU_OMOD_##n, R7_SQ_ALU_WORD1_OP2__OMOD__SQ_ALU_OMOD_##n, o }
static const struct code_map omod_map[] = { OMM(OFF, SIM_OMOD_OFF), OMM(M2, SIM_OMOD_M2), OMM(M4, SIM_OMOD_M4), OMM(D2, SIM_OMOD_D2) };

/* Inline constants, in the order of sim_inline_consts. */
#define INLM(n, k) { R6_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_##n, R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_##n, k }
static const struct code_map inline_map[] = { INLM(0, 0), INLM(1, 1), INLM(1_INT, 2), INLM(M_1_INT, 3), INLM(0_5, 4) };

#define SEL_KCACHE_FIRST 128
#define SEL_KCACHE_END 192
#define SEL_CFILE_FIRST 256

/* One ALU source operand. `lines[s]` = cache lines locked by kcache set s. */
static bool decode_src(struct decoder *d, struct sim_cf *cf, const unsigned lines[2], uint32_t sel,
                       uint32_t chan, bool neg, bool abs, bool rel, struct sim_src *s)
{
   const bool r7 = d->r7;
   int i;
   *s = (struct sim_src){ .chan = (uint8_t)chan, .neg = neg, .abs = abs, .rel = rel };
   if (rel && sel >= SIM_MAX_GPRS && sel < SEL_CFILE_FIRST)
      return dec_fail(d, "relative ALU operand with select %u: only GPRs and the constant file "
                      "are indexable (constant buffers are indexed through vertex fetch)", sel);
   if (sel < SIM_MAX_GPRS) {
      s->kind = SIM_SRC_GPR;
      s->index = (uint16_t)sel;
   } else if (sel < SEL_KCACHE_END) {
      unsigned set = (sel - SEL_KCACHE_FIRST) / 32, idx = (sel - SEL_KCACHE_FIRST) % 32;
      if (idx >= 16 * lines[set])
         return dec_fail(d, "ALU reads kcache set %u constant %u, but the set locks %u line(s)",
                         set, idx, lines[set]);
      s->kind = SIM_SRC_KCACHE;
      s->index = (uint16_t)(set * 32 + idx);
      cf->kc_used[set] |= 1u << idx;
   } else if ((i = MAP_FIND(inline_map, sel)) >= 0) {
      s->kind = SIM_SRC_INLINE;
      s->index = inline_map[i].code;
   } else if (sel == EN(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_LITERAL)) {
      s->kind = SIM_SRC_LITERAL;
   } else if (sel == EN(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_PV)) {
      s->kind = SIM_SRC_PV;
   } else if (sel == EN(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_PS)) {
      s->kind = SIM_SRC_PS;
   } else if (sel >= SEL_CFILE_FIRST) {
      s->kind = SIM_SRC_CFILE;
      s->index = (uint16_t)(sel - SEL_CFILE_FIRST);
      cf->uses_cfile = true;
   } else {
      return dec_fail(d, "reserved ALU source select %u", sel);
   }
   return true;
}

static bool decode_alu_inst(struct decoder *d, struct sim_cf *cf, const unsigned lines[2],
                            uint32_t w0, uint32_t w1, struct sim_alu_inst *a)
{
   const bool r7 = d->r7;
   memset(a, 0, sizeof(*a));
   const unsigned chip = isa_chip(r7);
   bool op3 = GET(SQ_ALU_WORD1, ENCODING, w1) != 0;
   uint32_t hw = op3 ? GET(SQ_ALU_WORD1_OP3, ALU_INST, w1) : GET(SQ_ALU_WORD1_OP2, ALU_INST, w1);
   const struct hw_isa_op *info =
      hw_isa_find(chip, op3 ? HW_ISA_ENC_ALU_OP3 : HW_ISA_ENC_ALU_OP2, hw);
   int i;
   if (!info)
      return dec_fail(d, "%s ALU opcode %u is reserved", op3 ? "OP3" : "OP2", hw);
   a->op = (uint16_t)hw_isa_id_of(info);
   a->slot_class = info->slot_class;   /* of the encoded form (MUL_LIT_M2 is not trans-only) */
   if (op3) {
      for (size_t k = 0; k < sizeof(omod_forms) / sizeof(omod_forms[0]); k++) {
         if (omod_forms[k].id == a->op) {
            a->op = omod_forms[k].base;
            a->omod = omod_forms[k].omod;
            info = hw_isa_op(chip, a->op);
         }
      }
      a->write = true;
   } else {
      i = MAP_FIND(omod_map, GET(SQ_ALU_WORD1_OP2, OMOD, w1));
      a->omod = omod_map[i].code;
      a->write = GET(SQ_ALU_WORD1_OP2, WRITE_MASK, w1) && a->op != HW_ISA_OP2_NOP;
      a->update_exec = GET(SQ_ALU_WORD1_OP2, UPDATE_EXECUTE_MASK, w1);
      a->update_pred = GET(SQ_ALU_WORD1_OP2, UPDATE_PRED, w1);
      if (!r7 && R6_SQ_ALU_WORD1_OP2__FOG_MERGE__get(w1))
         return dec_fail(d, "FOG_MERGE: the layout of the merged fog value is not documented");
   }
   if (!sim_alu_implemented(a->op))
      return dec_fail(d, "ALU instruction %s is not implemented", info->name);
   a->info = info;
   if ((a->update_exec || a->update_pred) && !(info->flags & HW_ISA_F_PRED_SET))
      return dec_fail(d, "UPDATE_EXECUTE_MASK/UPDATE_PRED on %s", info->name);

   i = MAP_FIND(pred_sel_map, GET(SQ_ALU_WORD0, PRED_SEL, w0));
   if (i < 0)
      return dec_fail(d, "reserved PRED_SEL");
   a->pred_sel = pred_sel_map[i].code;
   a->dst_gpr = (uint8_t)GET(SQ_ALU_WORD1, DST_GPR, w1);
   a->dst_chan = (uint8_t)GET(SQ_ALU_WORD1, DST_CHAN, w1);
   a->clamp = GET(SQ_ALU_WORD1, CLAMP, w1);
   a->dst_rel = a->write && GET(SQ_ALU_WORD1, DST_REL, w1);
   if ((info->flags & HW_ISA_F_MOVA) && a->write)
      return dec_fail(d, "%s with WRITE_MASK (a GPR result of MOVA*) is not implemented", info->name);

   if (info->num_src > 0 &&
       !decode_src(d, cf, lines, GET(SQ_ALU_WORD0, SRC0_SEL, w0), GET(SQ_ALU_WORD0, SRC0_CHAN, w0),
                   GET(SQ_ALU_WORD0, SRC0_NEG, w0), !op3 && GET(SQ_ALU_WORD1_OP2, SRC0_ABS, w1),
                   GET(SQ_ALU_WORD0, SRC0_REL, w0), &a->src[0]))
      return false;
   if (info->num_src > 1 &&
       !decode_src(d, cf, lines, GET(SQ_ALU_WORD0, SRC1_SEL, w0), GET(SQ_ALU_WORD0, SRC1_CHAN, w0),
                   GET(SQ_ALU_WORD0, SRC1_NEG, w0), !op3 && GET(SQ_ALU_WORD1_OP2, SRC1_ABS, w1),
                   GET(SQ_ALU_WORD0, SRC1_REL, w0), &a->src[1]))
      return false;
   if (info->num_src > 2 &&
       !decode_src(d, cf, lines, GET(SQ_ALU_WORD1_OP3, SRC2_SEL, w1),
                   GET(SQ_ALU_WORD1_OP3, SRC2_CHAN, w1), GET(SQ_ALU_WORD1_OP3, SRC2_NEG, w1),
                   false, GET(SQ_ALU_WORD1_OP3, SRC2_REL, w1), &a->src[2]))
      return false;
   bool rel = a->dst_rel;
   for (unsigned k = 0; k < info->num_src; k++)
      rel |= a->src[k].rel;
   if (rel) {
      uint32_t mode = GET(SQ_ALU_WORD0, INDEX_MODE, w0);
      i = MAP_FIND(index_mode_map, mode);
      if (i < 0)
         return dec_fail(d, "INDEX_MODE %u (global GPRs) is not modelled", mode);
      a->index_mode = index_mode_map[i].code;
   }
   return true;
}

static bool uses_rel(const struct sim_alu_inst *a)
{
   bool rel = a->dst_rel;
   for (unsigned k = 0; k < a->info->num_src; k++)
      rel |= a->src[k].rel;
   return rel;
}

/* FP64 ops must fill their pair (x+y or z+w) or all four vector slots with the same op. */
static bool check_fp64(struct decoder *d, const struct sim_alu_group *g, const struct sim_alu_inst *in)
{
   for (unsigned i = 0; i < g->count; i++) {
      if (!(in[i].info->flags & HW_ISA_F_FP64))
         continue;
      unsigned first = sim_fp64_is_quad(in[i].op) ? 0 : in[i].unit & 2u;
      unsigned n = sim_fp64_is_quad(in[i].op) ? 4 : 2;
      for (unsigned u = first; u < first + n; u++)
         if (g->slot_inst[u] == 0xFF || in[g->slot_inst[u]].op != in[i].op)
            return dec_fail(d, "%s does not fill units %s", in[i].info->name,
                            n == 4 ? "x..w" : first ? "z and w" : "x and y");
   }
   return true;
}

/* Assigns execution units (x..w by DST_CHAN, t for trans ops or when the vector unit is
 * taken, in instruction order) and checks the group rules of docs/r600-hardware-notes.md §4.2. */
static bool assign_units(struct decoder *d, struct sim_alu_group *g, struct sim_alu_inst *in)
{
   unsigned used = 0, pred_kill = 0, reductions = 0, movas = 0;
   memset(g->slot_inst, 0xFF, sizeof(g->slot_inst));
   for (unsigned i = 0; i < g->count; i++) {
      const struct hw_isa_op *info = in[i].info;
      unsigned slot = in[i].slot_class, u;
      if (slot == HW_ISA_SLOT_TRANS)
         u = SIM_UNIT_T;
      else if (slot == HW_ISA_SLOT_REDUCTION || slot == HW_ISA_SLOT_VECTOR ||
               !(used >> in[i].dst_chan & 1))
         u = in[i].dst_chan;
      else
         u = SIM_UNIT_T;
      if (used >> u & 1)
         return dec_fail(d, "ALU group has two instructions for unit %c", "xyzwt"[u]);
      if (u == SIM_UNIT_T && slot == HW_ISA_SLOT_REDUCTION)
         return dec_fail(d, "%s in the trans unit", info->name);
      used |= 1u << u;
      in[i].unit = (uint8_t)u;
      g->slot_inst[u] = (uint8_t)i;
      bool fp64_upper = (info->flags & HW_ISA_F_FP64) && (u & 1);
      if ((info->flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET)) && !fp64_upper)
         pred_kill++;
      if (slot == HW_ISA_SLOT_REDUCTION)
         reductions++;
      if (info->flags & HW_ISA_F_FP64)
         g->fp64 = true;
      if (info->flags & HW_ISA_F_MOVA) {
         in[i].ar_chan = (uint8_t)(u == SIM_UNIT_T ? in[i].dst_chan : u);
         g->mova_units |= (uint8_t)(1u << in[i].ar_chan);
         movas++;
      }
      g->rel |= uses_rel(&in[i]);
   }
   if (pred_kill > 1)
      return dec_fail(d, "more than one KILL/PRED_SET in an ALU group");
   if (movas > 1)
      return dec_fail(d, "more than one MOVA* in an ALU group");
   if (reductions) {
      for (unsigned i = 0; i < g->count; i++)
         if (in[i].unit != SIM_UNIT_T && in[i].op != in[0].op)
            return dec_fail(d, "reduction %s does not fill units x..w", in[0].info->name);
      if (reductions != 4 || (used & 0xF) != 0xF)
         return dec_fail(d, "reduction does not fill units x..w");
   }
   g->units = (uint8_t)used;
   return check_fp64(d, g, in);
}

/* PV/PS reads must name a unit the previous group used, and not a MOVA*'s. */
static bool check_forwarding(struct decoder *d, const struct sim_alu_group *g,
                             const struct sim_alu_group *prev)
{
   const struct sim_alu_inst *in = &d->p->alu[g->first];
   unsigned mova_slots = 0;
   for (unsigned i = 0; prev && i < prev->count; i++)
      if (d->p->alu[prev->first + i].info->flags & HW_ISA_F_MOVA)
         mova_slots |= 1u << d->p->alu[prev->first + i].unit;
   for (unsigned i = 0; i < g->count; i++) {
      for (unsigned k = 0; k < in[i].info->num_src; k++) {
         const struct sim_src *s = &in[i].src[k];
         unsigned need = s->kind == SIM_SRC_PV ? 1u << s->chan
                         : s->kind == SIM_SRC_PS ? 1u << SIM_UNIT_T : 0;
         if (need && (!prev || !(prev->units & need)))
            return dec_fail(d, "PV/PS read of a unit the previous group did not use");
         if (need & mova_slots)
            return dec_fail(d, "PV/PS read of a MOVA* result is not implemented");
      }
   }
   return true;
}

/* AR rules (docs/r600-hardware-notes.md §4.2): AR is valid only within the clause whose earlier
 * group loaded it; a MOVA* does not share its group with an AR-relative operand. */
static bool check_ar(struct decoder *d, const struct sim_alu_group *g,
                     const struct sim_alu_inst *in, unsigned *ar_loaded)
{
   for (unsigned i = 0; i < g->count; i++) {
      if (!uses_rel(&in[i]) || in[i].index_mode == SIM_INDEX_LOOP)
         continue;
      if (g->mova_units)
         return dec_fail(d, "MOVA* in a group with an AR-relative operand");
      if (!(*ar_loaded >> in[i].index_mode & 1))
         return dec_fail(d, "relative operand uses AR.%c, which no earlier group of the clause loaded",
                         "xyzw"[in[i].index_mode]);
   }
   *ar_loaded |= g->mova_units;
   return true;
}

bool dec_alu_clause(struct decoder *d, struct sim_cf *cf, const uint32_t *w, unsigned nslots)
{
   struct sim_program *p = d->p;
   const bool r7 = d->r7;
   unsigned lines[2] = { 0, 0 };
   for (unsigned s = 0; s < 2; s++) {
      int i = MAP_FIND(kcache_mode_map, cf->kc_mode[s]);
      lines[s] = kcache_mode_map[i].code;
      cf->kc_loop[s] = cf->kc_mode[s] == EN(SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_LOOP_INDEX);
   }
   cf->first = p->ngroups;
   unsigned slot = 0, ar_loaded = 0;
   while (slot < nslots) {
      if (!dec_grow((void **)&p->groups, &d->cap_groups, p->ngroups + 1, sizeof(*p->groups)) ||
          !dec_grow((void **)&p->alu, &d->cap_alu, p->nalu + SIM_MAX_GROUP, sizeof(*p->alu)))
         return dec_fail(d, "out of memory");
      struct sim_alu_group *g = &p->groups[p->ngroups];
      memset(g, 0, sizeof(*g));
      g->first = p->nalu;
      bool last = false;
      while (!last) {
         if (slot >= nslots)
            return dec_fail(d, "ALU group runs past the end of the clause (no LAST bit)");
         if (g->count == SIM_MAX_GROUP)
            return dec_fail(d, "ALU group of more than %u instructions", SIM_MAX_GROUP);
         uint32_t w0 = w[2 * slot], w1 = w[2 * slot + 1];
         if (!decode_alu_inst(d, cf, lines, w0, w1, &p->alu[g->first + g->count]))
            return false;
         last = GET(SQ_ALU_WORD0, LAST, w0);
         g->count++;
         slot++;
      }
      struct sim_alu_inst *in = &p->alu[g->first];
      unsigned nlit = 0;
      for (unsigned i = 0; i < g->count; i++)
         for (unsigned k = 0; k < in[i].info->num_src; k++)
            if (in[i].src[k].kind == SIM_SRC_LITERAL && in[i].src[k].chan + 1u > nlit)
               nlit = in[i].src[k].chan + 1u;
      unsigned lit_slots = (nlit + 1) / 2;
      if (slot + lit_slots > nslots)
         return dec_fail(d, "ALU group literals run past the end of the clause");
      memcpy(g->literal, &w[2 * slot], lit_slots * 2 * sizeof(uint32_t));
      slot += lit_slots;
      if (!assign_units(d, g, in) ||
          !check_forwarding(d, g, p->ngroups > cf->first ? &p->groups[p->ngroups - 1] : NULL) ||
          !check_ar(d, g, in, &ar_loaded))
         return false;
      cf->uses_rel |= g->rel || g->mova_units;
      p->nalu += g->count;
      p->ngroups++;
   }
   cf->count = p->ngroups - cf->first;
   if (cf->count && p->groups[p->ngroups - 1].mova_units)
      return dec_fail(d, "MOVA* in the last group of its clause");
   return true;
}
