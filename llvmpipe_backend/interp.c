/* The reference interpreter: runs a decoded program lane by lane with the scalar
 * semantics of alu_ops.h. It is the executable specification the JIT is tested against.
 *
 * ALU group rules: every instruction of a group reads its sources before any result of
 * the group is written; results are written in instruction order (a later instruction
 * wins on the same GPR channel); PV/PS are the previous group's results; predicate
 * updates are visible from the next group; exec-mask updates and kills at clause end.
 *
 * AR (relative addressing): a clause starts with AR = 0 in every lane; a MOVA* loads its
 * unit's AR component for the lanes it is enabled in, visible from the next group. A
 * relative operand's register is its index plus AR.<INDEX_MODE> (or AL) per lane; lanes
 * that leave the register file are collected in x->rel_fault (see isa_program.h). */
#include <string.h>

#include "alu_ops.h"
#include "run_state.h"

struct group_ctx {
   struct sim_run *x;
   const struct sim_alu_group *g;
   const uint32_t (*pv)[SIM_LANES];   /* previous group's vector results */
   const uint32_t *ps;                /* previous group's trans result */
   const int32_t (*ar)[SIM_LANES];    /* AR.x..w per lane */
};

/* Register of a relative operand in lane l, or -1 outside the register file. */
static int rel_reg(const struct group_ctx *c, unsigned index, unsigned mode, unsigned l)
{
   int64_t r = (int64_t)index + (mode == SIM_INDEX_LOOP ? c->x->loop_index : c->ar[mode][l]);
   return r >= 0 && r < SIM_MAX_GPRS ? (int)r : -1;
}

/* Reads a source for every lane; `en` = lanes whose relative register must be valid. */
static void read_src(const struct group_ctx *c, const struct sim_src *s, unsigned mode, uint16_t en,
                     uint32_t out[SIM_LANES])
{
   uint32_t k = 0;
   const uint32_t *v = NULL;
   if (s->kind == SIM_SRC_GPR && s->rel) {
      for (unsigned l = 0; l < SIM_LANES; l++) {
         int r = rel_reg(c, s->index, mode, l);
         if (r < 0 && (en >> l & 1))
            c->x->rel_fault |= (uint16_t)(1u << l);
         out[l] = sim_src_mod(r < 0 ? 0u : c->x->lanes->gpr[r][s->chan][l], s->abs, s->neg);
      }
      return;
   }
   switch (s->kind) {
   case SIM_SRC_GPR: v = c->x->lanes->gpr[s->index][s->chan]; break;
   case SIM_SRC_PV: v = c->pv[s->chan]; break;
   case SIM_SRC_PS: v = c->ps; break;
   case SIM_SRC_KCACHE: k = c->x->kcache[s->index / 32][s->index % 32][s->chan]; break;
   case SIM_SRC_INLINE: k = sim_inline_consts[s->index]; break;
   default: k = c->g->literal[s->chan]; break;
   }
   for (unsigned l = 0; l < SIM_LANES; l++)
      out[l] = sim_src_mod(v ? v[l] : k, s->abs, s->neg);
}

static uint16_t pred_sel_lanes(unsigned pred_sel, uint16_t pred)
{
   if (pred_sel == SIM_PRED_ZERO)
      return (uint16_t)~pred;
   if (pred_sel == SIM_PRED_ONE)
      return pred;
   return 0xFFFF;
}

void sim_interp_alu_clause(struct sim_run *x, const struct sim_cf *cf)
{
   const struct sim_program *p = x->prog;
   static const uint32_t zero[SIM_LANES];
   uint32_t pv[2][4][SIM_LANES], ps[2][SIM_LANES];
   uint32_t res[SIM_MAX_GROUP][SIM_LANES];
   int32_t ar[4][SIM_LANES];
   uint16_t exec = x->exec, pred = x->pred, new_exec = exec, kill = 0;
   memset(pv, 0, sizeof(pv));
   memset(ps, 0, sizeof(ps));
   memset(ar, 0, sizeof(ar));
   x->rel_fault = 0;

   for (unsigned gi = 0; gi < cf->count; gi++) {
      const struct sim_alu_group *g = &p->groups[cf->first + gi];
      const struct sim_alu_inst *in = &p->alu[g->first];
      unsigned prev = gi & 1, cur = prev ^ 1;
      struct group_ctx c = { x, g, pv[prev], ps[prev], (const int32_t (*)[SIM_LANES])ar };
      uint16_t new_pred = pred;

      /* Evaluate (all sources read before any write). */
      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &in[i];
         const struct hw_isa_op *info = a->info;
         uint16_t en = exec & pred_sel_lanes(a->pred_sel, pred);
         uint32_t s[3][SIM_LANES];
         if (info->slot_class == HW_ISA_SLOT_REDUCTION) {
            /* The four reduction instructions are units x..w; the result is theirs. */
            uint32_t ra[SIM_LANES][4], rb[SIM_LANES][4];
            for (unsigned j = 0; j < g->count; j++) {
               if (in[j].unit == SIM_UNIT_T)
                  continue;
               uint16_t en_j = exec & pred_sel_lanes(in[j].pred_sel, pred);
               read_src(&c, &in[j].src[0], in[j].index_mode, en_j, s[0]);
               read_src(&c, &in[j].src[1], in[j].index_mode, en_j, s[1]);
               for (unsigned l = 0; l < SIM_LANES; l++) {
                  ra[l][in[j].unit] = s[0][l];
                  rb[l][in[j].unit] = info->num_src > 1 ? s[1][l] : 0;
               }
            }
            for (unsigned l = 0; l < SIM_LANES; l++) {
               uint32_t r[4];
               sim_alu_reduce(a->op, ra[l], rb[l], r);
               res[i][l] = sim_alu_post(r[a->unit], a->omod, a->clamp, p->dx10_clamp);
            }
            continue;
         }
         for (unsigned k = 0; k < 3; k++) {
            if (k < info->num_src)
               read_src(&c, &a->src[k], a->index_mode, en, s[k]);
            else
               memcpy(s[k], zero, sizeof(zero));
         }
         for (unsigned l = 0; l < SIM_LANES; l++) {
            uint32_t r = sim_alu_eval(a->op, p->chip, s[0][l], s[1][l], s[2][l]);
            if (info->result == HW_ISA_RESULT_FLOAT)
               r = sim_alu_post(r, a->omod, a->clamp, p->dx10_clamp);
            res[i][l] = r;
         }
         if (info->flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET)) {
            uint16_t cond = 0;
            for (unsigned l = 0; l < SIM_LANES; l++)
               cond |= (uint16_t)(sim_alu_cond(a->op, s[0][l], s[1][l]) << l);
            if (info->flags & HW_ISA_F_KILL)
               kill |= en & cond;
            if (a->update_pred)
               new_pred = (new_pred & (uint16_t)~en) | (cond & en);
            if (a->update_exec)
               new_exec &= (uint16_t)~(en & (uint16_t)~cond);
         }
      }

      /* Write back, then this group's results become PV/PS. */
      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &in[i];
         if (a->unit == SIM_UNIT_T)
            memcpy(ps[cur], res[i], sizeof(res[i]));
         else
            memcpy(pv[cur][a->unit], res[i], sizeof(res[i]));
         uint16_t en = exec & pred_sel_lanes(a->pred_sel, pred);
         if (a->info->flags & HW_ISA_F_MOVA) {
            for (unsigned l = 0; l < SIM_LANES; l++)
               if (en >> l & 1)
                  ar[a->unit][l] = (int32_t)res[i][l];
         }
         if (!a->write)
            continue;
         for (unsigned l = 0; l < SIM_LANES; l++) {
            if (!(en >> l & 1))
               continue;
            int r = a->dst_rel ? rel_reg(&c, a->dst_gpr, a->index_mode, l) : a->dst_gpr;
            if (r < 0)
               x->rel_fault |= (uint16_t)(1u << l);
            else
               x->lanes->gpr[r][a->dst_chan][l] = res[i][l];
         }
      }
      pred = new_pred;
   }
   x->pred = pred;
   x->killed |= kill;
   x->exec = new_exec & (uint16_t)~kill;
}

bool sim_interp_run(struct sim_run *x)
{
   const struct sim_program *p = x->prog;
   int pc = (int)p->entry;
   while (pc >= 0) {
      const struct sim_cf *cf = &p->cf[pc];
      if (cf->op == SIM_CF_ALU) {
         if (sim_cf_alu_begin(x, (unsigned)pc) < 0)
            return false;
         sim_interp_alu_clause(x, cf);
         pc = sim_cf_alu_end(x, (unsigned)pc);
      } else {
         pc = sim_cf_step(x, (unsigned)pc);
      }
   }
   return pc == SIM_PC_END;
}
