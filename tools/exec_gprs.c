/* NUM_GPRS of a decoded program, from the registers its instructions name. */
#include "exec_gprs.h"

static void see(unsigned *n, unsigned gpr)
{
   if (gpr + 1 > *n)
      *n = gpr + 1;
}

unsigned exec_program_gprs(const struct sim_program *p)
{
   unsigned n = 0;
   for (unsigned i = 0; i < p->nalu; i++) {
      const struct sim_alu_inst *a = &p->alu[i];
      for (unsigned s = 0; s < a->info->num_src && s < 3; s++)
         if (a->src[s].kind == SIM_SRC_GPR)
            see(&n, a->src[s].index);
      if (a->write)
         see(&n, a->dst_gpr);
   }
   for (unsigned i = 0; i < p->nvtx; i++) {
      see(&n, p->vtx[i].src_gpr);
      see(&n, p->vtx[i].dst_gpr);
   }
   for (unsigned i = 0; i < p->ntex; i++) {
      see(&n, p->tex[i].src_gpr);
      see(&n, p->tex[i].dst_gpr);
   }
   for (unsigned i = p->entry; i < p->ncf; i++)
      if (p->cf[i].op == SIM_CF_EXPORT)
         see(&n, p->cf[i].gpr + p->cf[i].burst - 1u);
   return n;
}
