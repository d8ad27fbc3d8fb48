/* The reference interpreter: runs a decoded program lane by lane with the scalar
 * semantics of alu_ops.h. It is the executable specification the JIT is tested against.
 *
 * ALU group rules: every instruction of a group reads its sources before any result of
 * the group is written; results are written in instruction order (a later instruction
 * wins on the same GPR channel); PV/PS are the previous group's results; predicate
 * updates are visible from the next group; exec-mask updates and kills at clause end.
 * Reductions (DOT4, DOT4_IEEE, CUBE, MAX4) and FP64 operations span several slots and are
 * evaluated once for their slots (alu_ops.h, alu_fp64.h).
 *
 * AR (relative addressing): a clause starts with AR = 0 in every lane; a MOVA* loads its
 * AR component for the lanes it is enabled in, visible from the next group. A relative
 * operand's register (or DX9 constant) is its index plus AR.<INDEX_MODE> (or AL) per
 * lane; lanes that leave the register file (c[0..255]) are collected in x->rel_fault
 * (x->cfile_fault) and fault the program at the end of the clause. */
#include <string.h>

#include "sq/interp.h"

#include "sq/alu_fp64.h"
#include "sq/alu_ops.h"
#include "sq/cf_alu.h"
#include "sq/cf_exec.h"
#include "sq/isa_ops.h"
#include "sq/run_state.h"

struct group_ctx {
   struct sim_run *x;
   const struct sim_alu_group *g;
   const uint32_t (*pv)[SIM_LANES];   /* previous group's vector results */
   const uint32_t *ps;                /* previous group's trans result */
   const int32_t (*ar)[SIM_LANES];    /* AR.x..w per lane */
};

/* Index of a relative operand in lane l, or -1 outside 0..limit-1. */
static int rel_index(const struct group_ctx *c, unsigned index, unsigned mode, unsigned l,
                     unsigned limit)
{
   int64_t r = (int64_t)index + (mode == SIM_INDEX_LOOP ? c->x->loop_index : c->ar[mode][l]);
   return r >= 0 && r < limit ? (int)r : -1;
}

/* Reads a source for every lane; `en` = lanes whose relative index must be valid. */
static void read_src(const struct group_ctx *c, const struct sim_src *s, unsigned mode, uint16_t en,
                     uint32_t out[SIM_LANES])
{
   struct sim_run *x = c->x;
   uint32_t k = 0;
   const uint32_t *v = NULL;
   if ((s->kind == SIM_SRC_GPR || s->kind == SIM_SRC_CFILE) && s->rel) {
      bool gpr = s->kind == SIM_SRC_GPR;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         int r = rel_index(c, s->index, mode, l, gpr ? SIM_MAX_GPRS : SIM_CFILE_PER_STAGE);
         uint32_t val = 0;
         if (r < 0 && (en >> l & 1))
            *(gpr ? &x->rel_fault : &x->cfile_fault) |= (uint16_t)(1u << l);
         else if (r >= 0)
            val = gpr ? x->lanes->gpr[r][s->chan][l] : x->cfile[4 * r + s->chan];
         out[l] = sim_src_mod(val, s->abs, s->neg);
      }
      return;
   }
   switch (s->kind) {
   case SIM_SRC_GPR: v = x->lanes->gpr[s->index][s->chan]; break;
   case SIM_SRC_PV: v = c->pv[s->chan]; break;
   case SIM_SRC_PS: v = c->ps; break;
   case SIM_SRC_KCACHE: k = x->kcache[s->index / 32][s->index % 32][s->chan]; break;
   case SIM_SRC_CFILE: k = x->cfile[4 * s->index + s->chan]; break;
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

/* The predicate / exec / kill effects of one PRED_SET* or KILL* (pass = its pass bits). */
struct pred_state {
   uint16_t pred, exec, kill;
};

static void apply_pass(const struct sim_alu_inst *a, uint16_t en, uint16_t pass, struct pred_state *st)
{
   if (a->info->flags & HW_ISA_F_KILL)
      st->kill |= en & pass;
   if (a->update_pred)
      st->pred = (st->pred & (uint16_t)~en) | (pass & en);
   if (a->update_exec)
      st->exec &= (uint16_t)~(en & (uint16_t)~pass);
}

/* Evaluates the reduction of group g into res[] for its four slots. */
static void eval_reduction(const struct group_ctx *c, const struct sim_alu_inst *in, uint16_t exec,
                           uint16_t pred, bool dx10_clamp, uint32_t res[][SIM_LANES])
{
   const struct sim_alu_group *g = c->g;
   uint32_t ra[SIM_LANES][4], rb[SIM_LANES][4], s[2][SIM_LANES];
   unsigned op = in[g->slot_inst[0]].op;
   for (unsigned u = 0; u < 4; u++) {
      const struct sim_alu_inst *a = &in[g->slot_inst[u]];
      uint16_t en = exec & pred_sel_lanes(a->pred_sel, pred);
      read_src(c, &a->src[0], a->index_mode, en, s[0]);
      if (a->info->num_src > 1)
         read_src(c, &a->src[1], a->index_mode, en, s[1]);
      else
         memset(s[1], 0, sizeof(s[1]));
      for (unsigned l = 0; l < SIM_LANES; l++) {
         ra[l][u] = s[0][l];
         rb[l][u] = s[1][l];
      }
   }
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t r[4];
      sim_alu_reduce((enum hw_isa_id)op, ra[l], rb[l], r);
      for (unsigned u = 0; u < 4; u++) {
         const struct sim_alu_inst *a = &in[g->slot_inst[u]];
         res[g->slot_inst[u]][l] = sim_alu_post(r[u], a->omod, a->clamp, dx10_clamp);
      }
   }
}

/* Evaluates the FP64 operation whose lowest slot is `first` into res[]. */
static void eval_fp64(const struct group_ctx *c, const struct sim_alu_inst *in, unsigned first,
                      uint16_t exec, uint16_t pred, bool dx10_clamp, uint32_t res[][SIM_LANES],
                      struct pred_state *st)
{
   const struct sim_alu_group *g = c->g;
   const struct sim_alu_inst *lead = &in[g->slot_inst[first]];
   unsigned n = sim_fp64_is_quad(lead->op) ? 4 : 2;
   uint32_t s[3][4][SIM_LANES];
   memset(s, 0, sizeof(s));
   for (unsigned u = first; u < first + n; u++) {
      const struct sim_alu_inst *a = &in[g->slot_inst[u]];
      uint16_t en = exec & pred_sel_lanes(a->pred_sel, pred);
      for (unsigned k = 0; k < a->info->num_src; k++)
         read_src(c, &a->src[k], a->index_mode, en, s[k][u]);
   }
   uint16_t pass = 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t sl[3][4], r[4] = { 0, 0, 0, 0 };
      for (unsigned k = 0; k < 3; k++)
         for (unsigned u = 0; u < 4; u++)
            sl[k][u] = s[k][u][l];
      if (sim_alu_fp64(lead->op, first, sl, lead->omod, lead->clamp, dx10_clamp, r))
         pass |= (uint16_t)(1u << l);
      for (unsigned u = first; u < first + n; u++)
         res[g->slot_inst[u]][l] = r[u];
   }
   if (lead->info->flags & HW_ISA_F_PRED_SET)
      apply_pass(lead, exec & pred_sel_lanes(lead->pred_sel, pred), pass, st);
}

static void alu_clause(struct sim_run *x, const struct sim_cf *cf)
{
   const struct sim_program *p = x->prog;
   uint32_t pv[2][4][SIM_LANES], ps[2][SIM_LANES];
   uint32_t res[SIM_MAX_GROUP][SIM_LANES];
   int32_t ar[4][SIM_LANES];
   uint16_t exec = x->exec, pred = x->pred;
   struct pred_state st = { pred, exec, 0 };
   memset(pv, 0, sizeof(pv));
   memset(ps, 0, sizeof(ps));
   memset(ar, 0, sizeof(ar));
   x->rel_fault = x->cfile_fault = 0;

   for (unsigned gi = 0; gi < cf->count; gi++) {
      const struct sim_alu_group *g = &p->groups[cf->first + gi];
      const struct sim_alu_inst *in = &p->alu[g->first];
      unsigned prev = gi & 1, cur = prev ^ 1;
      struct group_ctx c = { x, g, pv[prev], ps[prev], (const int32_t (*)[SIM_LANES])ar };
      uint8_t done = 0;

      /* Evaluate (all sources read before any write). */
      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &in[i];
         const struct hw_isa_op *info = a->info;
         uint16_t en = exec & pred_sel_lanes(a->pred_sel, pred);
         uint32_t s[3][SIM_LANES];
         if (done >> i & 1)
            continue;
         if (info->slot_class == HW_ISA_SLOT_REDUCTION) {
            eval_reduction(&c, in, exec, pred, p->dx10_clamp, res);
            for (unsigned u = 0; u < 4; u++)
               done |= (uint8_t)(1u << g->slot_inst[u]);
            continue;
         }
         if (info->flags & HW_ISA_F_FP64) {
            unsigned first = sim_fp64_is_quad(a->op) ? 0 : a->unit & 2u;
            eval_fp64(&c, in, first, exec, pred, p->dx10_clamp, res, &st);
            for (unsigned u = first; u < first + (sim_fp64_is_quad(a->op) ? 4u : 2u); u++)
               done |= (uint8_t)(1u << g->slot_inst[u]);
            continue;
         }
         for (unsigned k = 0; k < 3; k++) {
            if (k < info->num_src)
               read_src(&c, &a->src[k], a->index_mode, en, s[k]);
            else
               memset(s[k], 0, sizeof(s[k]));
         }
         if (info->flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET)) {
            uint16_t pass = 0;
            for (unsigned l = 0; l < SIM_LANES; l++)
               if (sim_alu_pred((enum hw_isa_id)a->op, s[0][l], s[1][l], &res[i][l]))
                  pass |= (uint16_t)(1u << l);
            apply_pass(a, en, pass, &st);
            continue;
         }
         for (unsigned l = 0; l < SIM_LANES; l++) {
            uint32_t r = sim_alu_eval((enum hw_isa_id)a->op, p->chip, s[0][l], s[1][l], s[2][l]);
            if (info->result == HW_ISA_RESULT_FLOAT)
               r = sim_alu_post(r, a->omod, a->clamp, p->dx10_clamp);
            res[i][l] = r;
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
                  ar[a->ar_chan][l] = (int32_t)res[i][l];
         }
         if (!a->write)
            continue;
         for (unsigned l = 0; l < SIM_LANES; l++) {
            if (!(en >> l & 1))
               continue;
            int r = a->dst_rel ? rel_index(&c, a->dst_gpr, a->index_mode, l, SIM_MAX_GPRS) : a->dst_gpr;
            if (r < 0)
               x->rel_fault |= (uint16_t)(1u << l);
            else
               x->lanes->gpr[r][a->dst_chan][l] = res[i][l];
         }
      }
      pred = st.pred;
   }
   x->pred = pred;
   x->killed |= st.kill;
   x->exec = st.exec & (uint16_t)~st.kill;
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
         alu_clause(x, cf);
         pc = sim_cf_alu_end(x, (unsigned)pc);
      } else {
         pc = sim_cf_step(x, (unsigned)pc);
      }
   }
   return pc == SIM_PC_END;
}
