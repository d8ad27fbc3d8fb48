/* The helpers of run_state.h every part of a run uses: faults, registers, lane masks and
 * the next CF index. */
#include "sq/run_state.h"

#include <stdarg.h>
#include <stdio.h>

#include "r600_regs.h"

unsigned sim_stage_context(enum sim_stage s)
{
   return s == SIM_STAGE_PS ? 0 : 1;
}

int sim_run_fault(struct sim_run *x, unsigned pc, const char *fmt, ...)
{
   struct sim_shader_env *env = x->env;
   if (!env->faulted) {
      char msg[128];
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(msg, sizeof(msg), fmt, ap);
      va_end(ap);
      snprintf(env->fault, sizeof(env->fault), "%sCF %u: %s",
               x->in_fetch ? "fetch shader " : "", pc, msg);
      env->faulted = true;
   }
   return SIM_PC_FAULT;
}

uint16_t sim_cf_cond_lanes(const struct sim_run *x, const struct sim_cf *cf)
{
   bool b;
   switch (cf->cond) {
   case SIM_COND_ACTIVE:
      return 0xFFFF;
   case SIM_COND_FALSE:
      return 0;
   default:
      b = (sim_run_reg(x, REG_SQ_BOOL_CONST_0 + REG_SQ_BOOL_CONST_0__stride *
                              sim_stage_context(x->prog->stage)) >> cf->cf_const) & 1;
      if (cf->cond == SIM_COND_NOT_BOOL)
         b = !b;
      return b ? 0xFFFF : 0;
   }
}

uint16_t sim_whole_quads(const struct sim_run *x, uint16_t lanes)
{
   uint16_t m = 0;
   for (unsigned q = 0; q < SIM_LANES / 4; q++)
      if (lanes >> (4 * q) & 0xF)
         m |= (uint16_t)(0xFu << (4 * q));
   return m & x->launched;
}

uint16_t sim_cf_mode_lanes(const struct sim_run *x, const struct sim_cf *cf, uint16_t exec)
{
   if (cf->whole_quad)
      return sim_whole_quads(x, exec);
   if (cf->valid_pixel)
      return exec & x->valid;
   return exec;
}

int sim_cf_next(struct sim_run *x, unsigned pc, unsigned target)
{
   const struct sim_program *p = x->prog;
   if (target == pc + 1 && p->cf[pc].eop)
      return SIM_PC_END;
   if (target >= p->ncf)
      return SIM_PC_END;
   if (target <= pc && ++x->backjumps > SIM_MAX_BACKWARD_JUMPS)
      return sim_run_fault(x, pc, "runaway loop (more than %u backward jumps)",
                            SIM_MAX_BACKWARD_JUMPS);
   return (int)target;
}
