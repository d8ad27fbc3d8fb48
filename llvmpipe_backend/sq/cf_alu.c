/* Entry and exit of ALU clauses for both engines: the stack operations of the CF_ALU
 * kinds, the WHOLE_QUAD / VALID_PIXEL modes (cf_exec.c), kcache locking and the DX9
 * constant file. JIT code does the stack operations inline (jit_cf.c): a change here goes
 * there too.
 *
 * - kcache: each set locks 1 or 2 lines of 16 constants of constant buffer BANK at
 *   (ALU_CONST_CACHE_<stage>_<bank> << 8) + 256 * line, bounds-checked against
 *   ALU_CONST_BUFFER_SIZE_<stage>_<bank> (in lines) and GPU memory; only the constants
 *   the clause reads are fetched. KCACHE_LOCK_LOOP_INDEX adds floor(AL / 16) to the line.
 * - ALT_CONST (R7xx) takes the constant buffers of the other thread type (register reference:
 *   ps->vs, vs->gs; the fetch shader counts as VS).
 * - The DX9 constant file (selects 256..511) is SQ_ALU_CONSTANT0..3_<n> with n = c for
 *   the PS and 256 + c for the VS (register reference); reading it needs SQ_CONFIG.DX9_CONSTS = 1
 *   (else a fault: "DX10 mode uses the constant-cache instead and this constant-file is not
 *   available"). The GS has no constant file, so ALT_CONST reads from a VS fault.
 * - ALU_BREAK / ALU_CONTINUE = push, clause, else, break/continue, pop (register reference). */
#include <string.h>

#include "sq/cf_alu.h"

#include "common/gpu_memory.h"
#include "r600_regs.h"
#include "sq/cf_exec.h"
#include "sq/kcache.h"
#include "sq/run_state.h"

static bool lock_kcache(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   for (unsigned s = 0; s < 2; s++) {
      uint32_t used = cf->kc_used[s];
      if (!used)
         continue;
      unsigned bank = cf->kc_bank[s], w = sim_kcache_window_index(x->prog, cf, s);
      uint32_t cache = sim_run_reg(x, sim_kcache_cache_reg(w));
      uint32_t size = sim_run_reg(x, sim_kcache_size_reg(w));
      uint64_t base = (uint64_t)SQ_ALU_CONST_CACHE_PS_0__DATA__get(cache) << 8;
      unsigned lines = SQ_ALU_CONST_BUFFER_SIZE_PS_0__DATA__get(size);
      int64_t first = cf->kc_line[s];
      if (cf->kc_loop[s])
         first += x->loop_index >> 4;   /* floor(AL / 16) */
      for (unsigned i = 0; i < 32; i++) {
         if (!(used >> i & 1))
            continue;
         int64_t line = first + i / 16;
         if (line < 0 || line >= lines) {
            sim_run_fault(x, pc, "kcache bank %u line %lld beyond ALU_CONST_BUFFER_SIZE (%u)",
                          bank, (long long)line, lines);
            return false;
         }
         uint64_t va = base + (uint64_t)(line * 16 + i % 16) * 16;
         const void *p = sim_mem_range(x->env->mem, va, 16);
         if (!p) {
            sim_run_fault(x, pc, "kcache bank %u reads unmapped address 0x%llx", bank,
                          (unsigned long long)va);
            return false;
         }
         memcpy(x->kcache[s][i], p, 16);
      }
   }
   return true;
}

static bool bind_cfile(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   if (!cf->uses_cfile)
      return true;
   if (!SQ_CONFIG__DX9_CONSTS__get(sim_run_reg(x, REG_SQ_CONFIG))) {
      sim_run_fault(x, pc, "constant-file read with SQ_CONFIG.DX9_CONSTS = 0");
      return false;
   }
   enum sim_const_stage st = sim_const_stage(x->prog, cf);
   if (st == SIM_CONST_GS) {
      sim_run_fault(x, pc, "ALT_CONST constant-file read: the GS has no constant file");
      return false;
   }
   unsigned first = st == SIM_CONST_PS ? 0 : SIM_CFILE_PER_STAGE;
   x->cfile = &x->env->regs[REG_SQ_ALU_CONSTANT0_0 / 4 + 4 * first];
   return true;
}

/* sim_cf_alu_begin, with or without locking the kcache. */
static int alu_begin(struct sim_run *x, unsigned pc, bool lock)
{
   const struct sim_cf *cf = &x->prog->cf[pc];
   switch (cf->alu_kind) {
   case SIM_ALU_PUSH_BEFORE:
   case SIM_ALU_BREAK:
   case SIM_ALU_CONTINUE:
      if (!sim_cf_push(x, pc, false, 0))
         return SIM_PC_FAULT;
      break;
   default:
      break;
   }
   if ((lock && !lock_kcache(x, pc, cf)) || !bind_cfile(x, pc, cf))
      return SIM_PC_FAULT;
   x->mode_saved = x->exec;
   x->exec = sim_cf_mode_lanes(x, cf, x->exec);
   return 0;
}

int sim_cf_alu_begin(struct sim_run *x, unsigned pc)
{
   return alu_begin(x, pc, true);
}

int sim_cf_alu_begin_nokc(struct sim_run *x, unsigned pc)
{
   return alu_begin(x, pc, false);
}

int sim_cf_kcache_lock(struct sim_run *x, unsigned pc)
{
   return lock_kcache(x, pc, &x->prog->cf[pc]) ? 0 : SIM_PC_FAULT;
}

int sim_cf_alu_end(struct sim_run *x, unsigned pc)
{
   const struct sim_cf *cf = &x->prog->cf[pc];
   uint16_t m;
   bool all_left;
   if (x->rel_fault)
      return sim_run_fault(x, pc, "relative GPR index outside R0..R%u (lanes 0x%04x)",
                           SIM_MAX_GPRS - 1, x->rel_fault);
   if (x->cfile_fault)
      return sim_run_fault(x, pc, "relative constant-file index outside c0..c%u (lanes 0x%04x)",
                           SIM_CFILE_PER_STAGE - 1, x->cfile_fault);
   x->exec &= x->mode_saved;
   switch (cf->alu_kind) {
   case SIM_ALU_POP_AFTER:
      if (!sim_cf_pop(x, pc, 1))
         return SIM_PC_FAULT;
      break;
   case SIM_ALU_POP2_AFTER:
      if (!sim_cf_pop(x, pc, 2))
         return SIM_PC_FAULT;
      break;
   case SIM_ALU_ELSE_AFTER:
      if (!sim_cf_else_mask(x, pc, 0xFFFF, &m))
         return SIM_PC_FAULT;
      x->exec = m;
      break;
   case SIM_ALU_BREAK:
   case SIM_ALU_CONTINUE: {
      if (!sim_cf_else_mask(x, pc, 0xFFFF, &m))
         return SIM_PC_FAULT;
      /* the clause's own push; restored below once the lanes have left */
      const struct sim_stack_entry own = x->stack[--x->sp];
      x->stack_elements -= own.elements;
      if (sim_cf_leave_iteration(x, pc, m, cf->alu_kind == SIM_ALU_BREAK, &all_left) < 0)
         return SIM_PC_FAULT;
      if (!all_left)
         x->exec = own.exec & (uint16_t)~(x->brk | x->cont | x->killed);
      break;
   }
   default:
      break;
   }
   return sim_cf_next(x, pc, pc + 1);
}
