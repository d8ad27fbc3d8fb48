/* The reference interpreter: runs a decoded program lane by lane with the scalar
 * semantics of alu_ops.h. It is the executable specification the JIT is tested against.
 *
 * ALU group rules: every instruction of a group reads its sources before any result of
 * the group is written; results are written in instruction order (a later instruction
 * wins on the same GPR channel); PV/PS are the previous group's results; predicate
 * updates are visible from the next group; exec-mask updates and kills at clause end. */
#include <string.h>

#include "alu_ops.h"
#include "run_state.h"

struct group_ctx {
   const struct sim_run *x;
   const struct sim_alu_group *g;
   const uint32_t (*pv)[SIM_LANES];   /* previous group's vector results */
   const uint32_t *ps;                /* previous group's trans result */
};

static void read_src(const struct group_ctx *c, const struct sim_src *s, uint32_t out[SIM_LANES])
{
   uint32_t k = 0;
   const uint32_t *v = NULL;
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
   uint16_t exec = x->exec, pred = x->pred, new_exec = exec, kill = 0;
   memset(pv, 0, sizeof(pv));
   memset(ps, 0, sizeof(ps));

   for (unsigned gi = 0; gi < cf->count; gi++) {
      const struct sim_alu_group *g = &p->groups[cf->first + gi];
      const struct sim_alu_inst *in = &p->alu[g->first];
      unsigned prev = gi & 1, cur = prev ^ 1;
      struct group_ctx c = { x, g, pv[prev], ps[prev] };
      uint16_t new_pred = pred;

      /* Evaluate (all sources read before any write). */
      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &in[i];
         const struct sim_op_info *info = &sim_op_info[a->op];
         uint32_t s[3][SIM_LANES];
         if (info->slot == SIM_SLOT_REDUCTION) {
            /* The four reduction instructions are units x..w; the result is theirs. */
            uint32_t ra[SIM_LANES][4], rb[SIM_LANES][4];
            for (unsigned j = 0; j < g->count; j++) {
               if (in[j].unit == SIM_UNIT_T)
                  continue;
               read_src(&c, &in[j].src[0], s[0]);
               read_src(&c, &in[j].src[1], s[1]);
               for (unsigned l = 0; l < SIM_LANES; l++) {
                  ra[l][in[j].unit] = s[0][l];
                  rb[l][in[j].unit] = info->nsrc > 1 ? s[1][l] : 0;
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
            if (k < info->nsrc)
               read_src(&c, &a->src[k], s[k]);
            else
               memcpy(s[k], zero, sizeof(zero));
         }
         for (unsigned l = 0; l < SIM_LANES; l++) {
            uint32_t r = sim_alu_eval(a->op, p->chip, s[0][l], s[1][l], s[2][l]);
            if (!(info->flags & SIM_OPF_INT_RESULT))
               r = sim_alu_post(r, a->omod, a->clamp, p->dx10_clamp);
            res[i][l] = r;
         }
         if (info->flags & (SIM_OPF_KILL | SIM_OPF_PRED_SET)) {
            uint16_t en = exec & pred_sel_lanes(a->pred_sel, pred), cond = 0;
            for (unsigned l = 0; l < SIM_LANES; l++)
               cond |= (uint16_t)(sim_alu_cond(a->op, s[0][l], s[1][l]) << l);
            if (info->flags & SIM_OPF_KILL)
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
         if (!a->write)
            continue;
         uint16_t en = exec & pred_sel_lanes(a->pred_sel, pred);
         uint32_t *dst = x->lanes->gpr[a->dst_gpr][a->dst_chan];
         for (unsigned l = 0; l < SIM_LANES; l++)
            if (en >> l & 1)
               dst[l] = res[i][l];
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
