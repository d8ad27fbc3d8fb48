/* Liveness of GPR channels across the CF program, for jit_live.h. Forward-only programs
 * (every jump goes to a later CF index, no loop, call or return) run their CF
 * instructions in index order, skipping some, so what may be read after pc is the union of
 * what the instructions pc + 1 .. ncf - 1 read: an ALU clause its GPR operands, a fetch its
 * source register, an export its selected channels; any relative operand may read every
 * channel. Writes are ignored (a channel written before it is read still counts as read), so
 * writes that keep some lanes' old values (PRED_SEL, a partial exec mask) need no rule: those
 * values matter only where the channel is read later, which counts at every earlier point
 * too. Other programs get no table (everything live). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "jit/jit_live.h"

typedef uint8_t live_row[SIM_MAX_GPRS];

static void read_all(live_row r)
{
   memset(r, 0xF, sizeof(live_row));
}

static void read_chan(live_row r, unsigned gpr, unsigned chan)
{
   if (gpr < SIM_MAX_GPRS)
      r[gpr] |= (uint8_t)(1u << chan);
}

static void alu_reads(const struct sim_program *p, const struct sim_cf *cf, live_row r)
{
   for (unsigned gi = 0; gi < cf->count; gi++) {
      const struct sim_alu_group *g = &p->groups[cf->first + gi];
      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &p->alu[g->first + i];
         for (unsigned k = 0; k < a->info->num_src; k++) {
            const struct sim_src *s = &a->src[k];
            if (s->kind != SIM_SRC_GPR)
               continue;
            if (s->rel)
               read_all(r);
            else
               read_chan(r, s->index, s->chan);
         }
      }
   }
}

static void vtx_reads(const struct sim_vtx_inst *v, live_row r)
{
   if (v->src_rel)
      read_all(r);
   else
      read_chan(r, v->src_gpr, v->src_chan);
}

static void tex_reads(const struct sim_program *p, const struct sim_cf *cf, live_row r)
{
   for (unsigned i = 0; i < cf->count; i++) {
      const struct sim_tex_inst *t = &p->tex[cf->first + i];
      if (t->op == SIM_TEX_VTX)
         vtx_reads(&p->vtx[t->vtx_index], r);
      else if (t->src_rel)
         read_all(r);
      else
         for (unsigned c = 0; c < 4; c++)
            read_chan(r, t->src_gpr, c);
   }
}

static void export_reads(const struct sim_cf *cf, live_row r)
{
   if (cf->rw_rel) {
      read_all(r);
      return;
   }
   for (unsigned b = 0; b < cf->burst; b++) {
      for (unsigned ch = 0; ch < 4; ch++) {
         if (cf->sel[ch] <= SIM_SEL_W)
            read_chan(r, cf->gpr + b, cf->sel[ch]);
      }
   }
}

/* What CF instruction pc reads into r; false when it is not of a forward-only program. */
static bool cf_reads(const struct sim_program *p, unsigned pc, live_row r)
{
   const struct sim_cf *cf = &p->cf[pc];
   switch (cf->op) {
   case SIM_CF_NOP:
      return true;
   case SIM_CF_ALU:
      alu_reads(p, cf, r);
      return cf->alu_kind != SIM_ALU_BREAK && cf->alu_kind != SIM_ALU_CONTINUE;
   case SIM_CF_VTX:
      for (unsigned i = 0; i < cf->count; i++)
         vtx_reads(&p->vtx[cf->first + i], r);
      return true;
   case SIM_CF_TEX:
      tex_reads(p, cf, r);
      return true;
   case SIM_CF_EXPORT:
      export_reads(cf, r);
      return true;
   case SIM_CF_JUMP: case SIM_CF_PUSH: case SIM_CF_PUSH_ELSE: case SIM_CF_ELSE: case SIM_CF_POP:
   case SIM_CF_POP_JUMP: case SIM_CF_POP_PUSH: case SIM_CF_POP_PUSH_ELSE:
      return cf->addr > pc;
   default:
      return false;
   }
}

uint8_t (*jit_live_after(const struct sim_program *p))[SIM_MAX_GPRS]
{
   live_row *live = calloc(p->ncf ? p->ncf : 1, sizeof(*live));
   if (!live)
      return NULL;
   for (unsigned pc = p->ncf; pc-- > p->entry + 1;) {
      memcpy(live[pc - 1], live[pc], sizeof(live_row));
      if (!cf_reads(p, pc, live[pc - 1])) {
         free(live);
         return NULL;
      }
   }
   /* the first instruction's kind matters too (a loop starting at the entry) */
   live_row unused = { 0 };
   if (p->ncf > p->entry && !cf_reads(p, p->entry, unused)) {
      free(live);
      return NULL;
   }
   return live;
}
