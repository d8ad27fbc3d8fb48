/* Control-flow semantics shared by both engines: the branch/loop stack, kcache locking,
 * exports, vertex-fetch clauses and CALL_FS (see run_state.h for the lane-state model).
 *
 * Choices where the documentation leaves room:
 * - JUMP: if no lane passes COND, pop POP_COUNT entries and jump to ADDR.
 * - ELSE: lanes active at the matching push and not active now become active (COND
 *   applied); if none would be, pop POP_COUNT and jump.
 * - POP: pop POP_COUNT entries; if no lane was active before the pop, jump to ADDR (the
 *   seed's wording; drivers set ADDR to the next instruction).
 * - LOOP_BREAK / LOOP_CONTINUE: the active lanes leave the iteration; when no lane of
 *   the loop is left active the entries above the loop are dropped and control jumps to
 *   ADDR (the LOOP_END). LOOP_END re-activates continued lanes and jumps back while any
 *   lane is active (DX9 loops also stop when the SQ_LOOP_CONST count runs out).
 * - ALU_BREAK / ALU_CONTINUE = push, clause, else, break/continue, pop.
 * - PRED_SET exec-mask updates and KILLs take effect at the end of their ALU clause.
 * - Exports write only active lanes; a killed lane exports nothing.
 * - WHOLE_QUAD_MODE / VALID_PIXEL_MODE are ignored: exactly the `active` lanes run.
 * - The loop index AL (INDEX_MODE LOOP): LOOP_START sets it to SQ_LOOP_CONST INIT and
 *   LOOP_END adds INC before jumping back; LOOP_START_NO_AL / LOOP_START_DX10 leave it
 *   alone; leaving a loop restores the enclosing loop's value. Outside loops it is 0.
 * - More than SIM_MAX_BACKWARD_JUMPS backward jumps in one run is a fault (runaway loop).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "run_state.h"
#include "fetch_unit.h"
#include "gpu_memory.h"
#include "r600_regs.h"
#include "tex_unit.h"

/* Stage-relative index spaces (seed: SQ_LOOP_CONST / SQ_BOOL_CONST "first for PS, next
 * for VS"); the fetch shader runs in the VS context. */
#define SIM_LOOP_CONSTS_PER_STAGE 32

static unsigned stage_context(enum sim_stage s)
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

static uint32_t reg(const struct sim_run *x, uint32_t byte_offset)
{
   return x->env->regs[byte_offset / 4];
}

/* Lanes that may be active: not broken, continued or killed. */
static uint16_t live(const struct sim_run *x)
{
   return (uint16_t)~(x->brk | x->cont | x->killed);
}

/* Lanes passing a CF COND test (before masking with exec). */
static uint16_t cond_lanes(const struct sim_run *x, const struct sim_cf *cf)
{
   bool b;
   switch (cf->cond) {
   case SIM_COND_ACTIVE:
      return 0xFFFF;
   case SIM_COND_FALSE:
      return 0;
   default:
      b = (reg(x, REG_SQ_BOOL_CONST_0 + REG_SQ_BOOL_CONST_0__stride *
                      stage_context(x->prog->stage)) >> cf->cf_const) & 1;
      if (cf->cond == SIM_COND_NOT_BOOL)
         b = !b;
      return b ? 0xFFFF : 0;
   }
}

/* Next CF index after `pc` when control goes to `target`. */
static int next_pc(struct sim_run *x, unsigned pc, unsigned target)
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

static bool push(struct sim_run *x, unsigned pc, bool loop, uint32_t count)
{
   if (x->sp == SIM_STACK_DEPTH) {
      sim_run_fault(x, pc, "stack overflow (%u entries)", SIM_STACK_DEPTH);
      return false;
   }
   x->stack[x->sp++] = (struct sim_stack_entry){
      .exec = x->exec, .brk = x->brk, .cont = x->cont, .loop = loop, .count = count,
      .loop_index = x->loop_index };
   if (loop)
      x->brk = x->cont = 0;
   return true;
}

/* Pops n branch entries and restores the oldest one's mask. */
static bool pop(struct sim_run *x, unsigned pc, unsigned n)
{
   if (n == 0)
      return true;
   if (n > x->sp) {
      sim_run_fault(x, pc, "stack underflow (pop %u of %u)", n, x->sp);
      return false;
   }
   for (unsigned i = x->sp - n; i < x->sp; i++) {
      if (x->stack[i].loop) {
         sim_run_fault(x, pc, "pop of a loop entry");
         return false;
      }
   }
   x->sp -= n;
   x->exec = x->stack[x->sp].exec & live(x);
   return true;
}

/* Index of the innermost loop entry, or -1 (fault recorded). */
static int innermost_loop(struct sim_run *x, unsigned pc)
{
   for (int i = (int)x->sp - 1; i >= 0; i--)
      if (x->stack[i].loop)
         return i;
   sim_run_fault(x, pc, "loop instruction outside a loop");
   return -1;
}

/* ELSE: lanes active at the matching push that are not active now. */
static bool else_mask(struct sim_run *x, unsigned pc, uint16_t extra, uint16_t *out)
{
   if (x->sp == 0 || x->stack[x->sp - 1].loop) {
      sim_run_fault(x, pc, "ELSE without a matching push");
      return false;
   }
   *out = x->stack[x->sp - 1].exec & (uint16_t)~x->exec & live(x) & extra;
   return true;
}

/* BREAK / CONTINUE of the active lanes; true if the whole loop is done with this
 * iteration (then the stack is cut back to the loop entry). */
static int leave_iteration(struct sim_run *x, unsigned pc, uint16_t lanes, bool brk,
                           bool *all_left)
{
   int l = innermost_loop(x, pc);
   if (l < 0)
      return SIM_PC_FAULT;
   if (brk)
      x->brk |= lanes;
   else
      x->cont |= lanes;
   x->exec &= (uint16_t)~lanes;
   *all_left = (x->stack[l].exec & live(x)) == 0;
   if (*all_left)
      x->sp = (unsigned)l + 1;
   return 0;
}

static int loop_start(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   uint32_t count = 0, lc = 0;
   if (cf->op != SIM_CF_LOOP_START_DX10) {
      unsigned idx = stage_context(x->prog->stage) * SIM_LOOP_CONSTS_PER_STAGE + cf->cf_const;
      lc = reg(x, REG_SQ_LOOP_CONST_0 + 4 * idx);
      count = SQ_LOOP_CONST_0__COUNT__get(lc);
      if (count == 0)
         return next_pc(x, pc, cf->addr);
   }
   if ((x->exec & cond_lanes(x, cf)) == 0)
      return next_pc(x, pc, cf->addr);
   if (!push(x, pc, true, count))
      return SIM_PC_FAULT;
   if (cf->op == SIM_CF_LOOP_START) {
      x->loop_index = (int32_t)SQ_LOOP_CONST_0__INIT__get(lc);
      x->stack[x->sp - 1].loop_inc = (int8_t)SQ_LOOP_CONST_0__INC__get(lc);   /* signed */
   }
   return next_pc(x, pc, pc + 1);
}

static int loop_end(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   if (x->sp == 0 || !x->stack[x->sp - 1].loop)
      return sim_run_fault(x, pc, "LOOP_END without a matching loop start");
   struct sim_stack_entry *l = &x->stack[x->sp - 1];
   uint16_t again = (x->exec | x->cont) & l->exec & (uint16_t)~(x->brk | x->killed);
   bool counted_out = l->count != 0 && --l->count == 0;
   if (again && !counted_out) {
      x->exec = again;
      x->cont = 0;
      x->loop_index += l->loop_inc;
      return next_pc(x, pc, cf->addr);
   }
   x->sp--;
   x->brk = l->brk;
   x->cont = l->cont;
   x->loop_index = l->loop_index;
   x->exec = l->exec & live(x);
   return next_pc(x, pc, pc + 1);
}

static int do_export(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   struct sim_exports *out = x->out;
   for (unsigned b = 0; b < cf->burst; b++) {
      unsigned index = cf->array_base + b;
      uint32_t (*dst)[SIM_LANES];
      switch (cf->exp_type) {
      case SIM_EXPORT_POS:
         dst = out->pos[index - 60];
         out->pos_mask |= (uint8_t)(1u << (index - 60));
         break;
      case SIM_EXPORT_PARAM:
         dst = out->param[index];
         out->param_mask |= 1u << index;
         break;
      default:
         if (index == 61) {
            dst = out->pixel61;
            out->pixel61_written = true;
         } else {
            dst = out->pixel[index];
            out->pixel_mask |= (uint8_t)(1u << index);
         }
         break;
      }
      const uint32_t (*src)[SIM_LANES] = x->lanes->gpr[cf->gpr + b];
      for (unsigned c = 0; c < 4; c++) {
         unsigned sel = cf->sel[c];
         if (sel == SIM_SEL_MASK)
            continue;
         for (unsigned l = 0; l < SIM_LANES; l++) {
            if (!(x->exec >> l & 1))
               continue;
            if (sel <= SIM_SEL_W)
               dst[c][l] = src[sel][l];
            else
               dst[c][l] = sel == SIM_SEL_1
                              ? 0x3F800000u : 0u;
         }
      }
   }
   return next_pc(x, pc, pc + 1);
}

static int call_fs(struct sim_run *x, unsigned pc)
{
   const struct sim_program *caller = x->prog, *fs = x->fetch;
   if (!fs)
      return sim_run_fault(x, pc, "CALL_FS without a fetch shader");
   if (x->in_fetch)
      return sim_run_fault(x, pc, "CALL_FS inside the fetch shader");
   unsigned sp = x->sp;
   x->in_fetch = true;
   x->prog = fs;
   bool ok = sim_run_program(x, fs);
   x->prog = caller;
   x->in_fetch = false;
   if (!ok)
      return SIM_PC_FAULT;
   if (x->sp != sp)
      return sim_run_fault(x, pc, "fetch shader returned with an unbalanced stack");
   return next_pc(x, pc, pc + 1);
}

int sim_cf_step(struct sim_run *x, unsigned pc)
{
   const struct sim_cf *cf = &x->prog->cf[pc];
   uint16_t m;
   bool all_left;

   switch (cf->op) {
   case SIM_CF_NOP:
      return next_pc(x, pc, pc + 1);
   case SIM_CF_VTX:
      for (unsigned i = 0; i < cf->count; i++)
         if (!sim_fetch_vtx(x, pc, &x->prog->vtx[cf->first + i]))
            return SIM_PC_FAULT;
      return next_pc(x, pc, pc + 1);
   case SIM_CF_TEX:
      for (unsigned i = 0; i < cf->count; i++)
         if (!sim_tex_fetch(x, pc, &x->prog->tex[cf->first + i]))
            return SIM_PC_FAULT;
      return next_pc(x, pc, pc + 1);
   case SIM_CF_LOOP_START:
   case SIM_CF_LOOP_START_NO_AL:
   case SIM_CF_LOOP_START_DX10:
      return loop_start(x, pc, cf);
   case SIM_CF_LOOP_END:
      return loop_end(x, pc, cf);
   case SIM_CF_LOOP_BREAK:
   case SIM_CF_LOOP_CONTINUE:
      if (leave_iteration(x, pc, x->exec & cond_lanes(x, cf), cf->op == SIM_CF_LOOP_BREAK,
                          &all_left) < 0)
         return SIM_PC_FAULT;
      return next_pc(x, pc, all_left ? cf->addr : pc + 1);
   case SIM_CF_JUMP:
      if (x->exec & cond_lanes(x, cf))
         return next_pc(x, pc, pc + 1);
      if (!pop(x, pc, cf->pop_count))
         return SIM_PC_FAULT;
      return next_pc(x, pc, cf->addr);
   case SIM_CF_ELSE:
      if (!else_mask(x, pc, cond_lanes(x, cf), &m))
         return SIM_PC_FAULT;
      if (m) {
         x->exec = m;
         return next_pc(x, pc, pc + 1);
      }
      x->exec = 0;
      if (!pop(x, pc, cf->pop_count))
         return SIM_PC_FAULT;
      return next_pc(x, pc, cf->addr);
   case SIM_CF_POP: {
      bool none = x->exec == 0;
      if (!pop(x, pc, cf->pop_count))
         return SIM_PC_FAULT;
      return next_pc(x, pc, none ? cf->addr : pc + 1);
   }
   case SIM_CF_CALL_FS:
      return call_fs(x, pc);
   case SIM_CF_RETURN:
      if (!x->in_fetch)
         return sim_run_fault(x, pc, "RETURN outside the fetch shader");
      return SIM_PC_END;
   case SIM_CF_EXPORT:
      return do_export(x, pc, cf);
   default:
      return sim_run_fault(x, pc, "CF instruction not executable");
   }
}

/* Copies the constants an ALU clause reads from the constant buffers its KCACHE sets lock
 * (ALU_CONST_CACHE_<stage>_<bank> << 8, lines of 16 constants), bounds-checked against
 * ALU_CONST_BUFFER_SIZE_<stage>_<bank> and GPU memory. */
static bool lock_kcache(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   bool ps = x->prog->stage == SIM_STAGE_PS;
   for (unsigned s = 0; s < 2; s++) {
      uint32_t used = cf->kc_used[s];
      if (!used)
         continue;
      unsigned bank = cf->kc_bank[s];
      uint32_t cache = reg(x, (ps ? REG_SQ_ALU_CONST_CACHE_PS_0 : REG_SQ_ALU_CONST_CACHE_VS_0) +
                                 REG_SQ_ALU_CONST_CACHE_PS_0__stride * bank);
      uint32_t size = reg(x, (ps ? REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0
                                 : REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0) +
                                REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0__stride * bank);
      uint64_t base = (uint64_t)SQ_ALU_CONST_CACHE_PS_0__DATA__get(cache) << 8;
      unsigned lines = SQ_ALU_CONST_BUFFER_SIZE_PS_0__DATA__get(size);
      for (unsigned i = 0; i < 32; i++) {
         if (!(used >> i & 1))
            continue;
         unsigned line = cf->kc_line[s] + i / 16;
         if (line >= lines) {
            sim_run_fault(x, pc, "kcache bank %u line %u beyond ALU_CONST_BUFFER_SIZE (%u)",
                           bank, line, lines);
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

int sim_cf_alu_begin(struct sim_run *x, unsigned pc)
{
   const struct sim_cf *cf = &x->prog->cf[pc];
   switch (cf->alu_kind) {
   case SIM_ALU_PUSH_BEFORE:
   case SIM_ALU_BREAK:
   case SIM_ALU_CONTINUE:
      if (!push(x, pc, false, 0))
         return SIM_PC_FAULT;
      break;
   default:
      break;
   }
   return lock_kcache(x, pc, cf) ? 0 : SIM_PC_FAULT;
}

int sim_cf_alu_end(struct sim_run *x, unsigned pc)
{
   const struct sim_cf *cf = &x->prog->cf[pc];
   uint16_t m;
   bool all_left;
   if (x->rel_fault)
      return sim_run_fault(x, pc, "relative GPR index outside R0..R%u (lanes 0x%04x)",
                           SIM_MAX_GPRS - 1, x->rel_fault);
   switch (cf->alu_kind) {
   case SIM_ALU_POP_AFTER:
      if (!pop(x, pc, 1))
         return SIM_PC_FAULT;
      break;
   case SIM_ALU_POP2_AFTER:
      if (!pop(x, pc, 2))
         return SIM_PC_FAULT;
      break;
   case SIM_ALU_ELSE_AFTER:
      if (!else_mask(x, pc, 0xFFFF, &m))
         return SIM_PC_FAULT;
      x->exec = m;
      break;
   case SIM_ALU_BREAK:
   case SIM_ALU_CONTINUE:
      if (!else_mask(x, pc, 0xFFFF, &m))
         return SIM_PC_FAULT;
      x->sp--;   /* the clause's own push; restored below once the lanes have left */
      if (leave_iteration(x, pc, m, cf->alu_kind == SIM_ALU_BREAK, &all_left) < 0)
         return SIM_PC_FAULT;
      if (!all_left)
         x->exec = x->stack[x->sp].exec & live(x);
      break;
   default:
      break;
   }
   return next_pc(x, pc, pc + 1);
}

bool sim_run_program(struct sim_run *x, const struct sim_program *p)
{
   if (p->jit_fn)
      return p->jit_fn(x) != 0;
   return sim_interp_run(x);
}
