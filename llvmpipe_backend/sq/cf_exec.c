/* Control-flow semantics shared by both engines: the branch/loop stack, calls, KILL,
 * fetch clauses and CALL_FS (see run_state.h for the lane-state model; ALU clause
 * entry/exit are in cf_alu.c, exports in cf_export.c). JIT code runs the common branch and
 * loop instructions inline with the same semantics (jit_cf.c): a change here goes there too.
 *
 * Choices where the documentation leaves room (register reference CF_INST texts,
 * docs/r600-hardware-notes.md §4.5):
 * - COND: ACTIVE passes every active lane, FALSE none, BOOL / NOT_BOOL every active lane
 *   iff SQ_BOOL_CONST bit CF_CONST of the stage (PS 0, VS 1) is set / clear.
 * - JUMP: if no active lane passes COND, pop POP_COUNT entries and jump to ADDR.
 * - PUSH: with no active lane passing COND, pop POP_COUNT and jump to ADDR; otherwise
 *   push the active mask and keep only the lanes that pass. PUSH_ELSE: push the active
 *   mask, keep the lanes that pass, jump to ADDR if none does. POP_JUMP / POP_PUSH /
 *   POP_PUSH_ELSE: pop POP_COUNT entries, then JUMP / PUSH / PUSH_ELSE without a pop.
 * - ELSE: lanes active at the matching push and not active now become active (COND
 *   applied); if none would be, pop POP_COUNT and jump.
 * - POP: pop POP_COUNT entries; if no lane was active before the pop, jump to ADDR (the
 *   register reference's wording; drivers set ADDR to the next instruction).
 * - LOOP_START (DX9) / LOOP_START_NO_AL take COUNT from SQ_LOOP_CONST[CF_CONST] of the
 *   stage (a count of 0 skips the loop); LOOP_START_DX10 has no count. A loop start whose
 *   lanes all fail COND skips to ADDR. LOOP_BREAK / LOOP_CONTINUE: the active lanes
 *   passing COND leave the iteration; when no lane of the loop is left active the entries
 *   above the loop are dropped and control jumps to ADDR (the LOOP_END). LOOP_END
 *   re-activates continued lanes and jumps back while any lane is active (DX9 loops also
 *   stop when the count runs out).
 * - The loop index AL (INDEX_MODE LOOP, KCACHE_LOCK_LOOP_INDEX, RW_REL / SRC_REL /
 *   DST_REL): LOOP_START sets it to SQ_LOOP_CONST INIT and LOOP_END adds INC (signed)
 *   before jumping back; LOOP_START_NO_AL / LOOP_START_DX10 leave it alone; leaving a loop
 *   restores the enclosing loop's value. Outside loops it is 0.
 * - CALL is a wavefront-level jump: taken when some active lane passes COND and the call
 *   nesting depth + CALL_COUNT stays <= 32 (else skipped, as the register reference says); it
 *   pushes the return address and CALL_COUNT on a separate call stack of 32 entries (a deeper call
 *   faults: CALL_COUNT 0 recursion). RETURN pops it and jumps back; RETURN with nothing to return
 *   to ends the fetch shader (back to CALL_FS) and faults elsewhere. Active masks are not changed
 *   by CALL / RETURN.
 * - KILL (CF): the active lanes passing COND are killed; when every launched lane is
 *   killed control jumps to ADDR.
 * - WHOLE_QUAD_MODE runs an ALU / TEX / VTX clause, an export or a KILL on every launched
 *   lane of each quad that has an active lane; VALID_PIXEL_MODE runs it on the active
 *   valid lanes only. The lanes' active state after the instruction is what it would be
 *   without the mode (updates to lanes outside the real active mask are dropped). On the
 *   other CF instructions (branches, loops, calls) the mode bits have no effect.
 * - TEX_ACK / VTX_ACK / VTX_TC_ACK (R7xx) run their clause like TEX / VTX / VTX_TC and
 *   WAIT_ACK is a NOP: every memory access completes before the next instruction here.
 * - More than SIM_MAX_BACKWARD_JUMPS backward jumps in one run is a fault (runaway loop).
 */
#include <stdio.h>
#include <string.h>

#include "common/debug.h"
#include "r600_regs.h"
#include "sq/cf_exec.h"
#include "sq/cf_export.h"
#include "sq/cf_scratch.h"
#include "sq/fetch_unit.h"
#include "sq/run_state.h"
#include "sq/tex_unit.h"

/* Stage-relative index spaces (register reference: SQ_LOOP_CONST / SQ_BOOL_CONST "first for PS,
 * next for VS"); the fetch shader runs in the VS context. */
#define SIM_LOOP_CONSTS_PER_STAGE 32

/* Lanes that may be active: not broken, continued or killed. */
static uint16_t live(const struct sim_run *x)
{
   return (uint16_t)~(x->brk | x->cont | x->killed);
}

bool sim_cf_push(struct sim_run *x, unsigned pc, bool loop, uint32_t count)
{
   unsigned elements = loop ? SIM_LOOP_ELEMENTS : 1;
   if (x->stack_elements + elements > SIM_STACK_DEPTH) {
      sim_run_fault(x, pc, "stack overflow (more than %u entries)", SIM_STACK_MAX_ENTRIES);
      return false;
   }
   x->stack_elements += elements;
   unsigned entries = (x->stack_elements + SIM_STACK_ENTRY_ELEMENTS - 1) / SIM_STACK_ENTRY_ELEMENTS;
   if (entries > x->stack_size && !x->env->stack_overflow) {
      x->env->stack_overflow = true;
      if (sim_debug_flags() & SIM_DEBUG_FAULTS)
         fprintf(stderr, "r600sim: %sCF %u: stack use of %u entries exceeds STACK_SIZE %u\n",
                 x->in_fetch ? "fetch shader " : "", pc, entries, x->stack_size);
   }
   x->stack[x->sp++] = (struct sim_stack_entry){
      .exec = x->exec, .brk = x->brk, .cont = x->cont, .loop = loop,
      .elements = (uint8_t)elements, .count = count, .loop_index = x->loop_index };
   if (loop)
      x->brk = x->cont = 0;
   return true;
}

/* Pops n branch entries and restores the oldest one's mask. */
bool sim_cf_pop(struct sim_run *x, unsigned pc, unsigned n)
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
      x->stack_elements -= x->stack[i].elements;
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

/* Drops the entries above index `keep` (exclusive). */
static void cut_stack(struct sim_run *x, unsigned keep)
{
   while (x->sp > keep)
      x->stack_elements -= x->stack[--x->sp].elements;
}

bool sim_cf_else_mask(struct sim_run *x, unsigned pc, uint16_t extra, uint16_t *out)
{
   if (x->sp == 0 || x->stack[x->sp - 1].loop) {
      sim_run_fault(x, pc, "ELSE without a matching push");
      return false;
   }
   *out = x->stack[x->sp - 1].exec & (uint16_t)~x->exec & live(x) & extra;
   return true;
}

int sim_cf_leave_iteration(struct sim_run *x, unsigned pc, uint16_t lanes, bool brk,
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
      cut_stack(x, (unsigned)l + 1);
   return 0;
}

static int loop_start(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   uint32_t count = 0, lc = 0;
   if (cf->op != SIM_CF_LOOP_START_DX10) {
      unsigned idx = sim_stage_context(x->prog->stage) * SIM_LOOP_CONSTS_PER_STAGE + cf->cf_const;
      lc = sim_run_reg(x, REG_SQ_LOOP_CONST_0 + 4 * idx);
      count = SQ_LOOP_CONST_0__COUNT__get(lc);
      if (count == 0)
         return sim_cf_next(x, pc, cf->addr);
   }
   if ((x->exec & sim_cf_cond_lanes(x, cf)) == 0)
      return sim_cf_next(x, pc, cf->addr);
   if (!sim_cf_push(x, pc, true, count))
      return SIM_PC_FAULT;
   if (cf->op == SIM_CF_LOOP_START) {
      x->loop_index = (int32_t)SQ_LOOP_CONST_0__INIT__get(lc);
      x->stack[x->sp - 1].loop_inc = (int8_t)SQ_LOOP_CONST_0__INC__get(lc);   /* signed */
   }
   return sim_cf_next(x, pc, pc + 1);
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
      return sim_cf_next(x, pc, cf->addr);
   }
   x->sp--;
   x->stack_elements -= l->elements;
   x->brk = l->brk;
   x->cont = l->cont;
   x->loop_index = l->loop_index;
   x->exec = l->exec & live(x);
   return sim_cf_next(x, pc, pc + 1);
}

/* JUMP without a pop: continue if some active lane passes COND, else jump. */
static int jump(struct sim_run *x, unsigned pc, const struct sim_cf *cf, unsigned pops)
{
   if (x->exec & sim_cf_cond_lanes(x, cf))
      return sim_cf_next(x, pc, pc + 1);
   if (!sim_cf_pop(x, pc, pops))
      return SIM_PC_FAULT;
   return sim_cf_next(x, pc, cf->addr);
}

static int push(struct sim_run *x, unsigned pc, const struct sim_cf *cf, unsigned pops)
{
   uint16_t m = x->exec & sim_cf_cond_lanes(x, cf);
   if (!m) {
      if (!sim_cf_pop(x, pc, pops))
         return SIM_PC_FAULT;
      return sim_cf_next(x, pc, cf->addr);
   }
   if (!sim_cf_push(x, pc, false, 0))
      return SIM_PC_FAULT;
   x->exec = m;
   return sim_cf_next(x, pc, pc + 1);
}

static int push_else(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   if (!sim_cf_push(x, pc, false, 0))
      return SIM_PC_FAULT;
   x->exec &= sim_cf_cond_lanes(x, cf);
   return sim_cf_next(x, pc, x->exec ? pc + 1 : cf->addr);
}

static int call(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   if (!(x->exec & sim_cf_cond_lanes(x, cf)) || x->call_depth + cf->call_count > SIM_CALL_DEPTH)
      return sim_cf_next(x, pc, pc + 1);
   if (x->call_sp == SIM_CALL_DEPTH)
      return sim_run_fault(x, pc, "call stack overflow (%u nested calls)", SIM_CALL_DEPTH);
   x->calls[x->call_sp++] = (struct sim_call_entry){ .ret = pc + 1, .count = cf->call_count };
   x->call_depth += cf->call_count;
   return sim_cf_next(x, pc, cf->addr);
}

static int ret(struct sim_run *x, unsigned pc)
{
   if (x->call_sp == x->call_base) {
      if (x->in_fetch)
         return SIM_PC_END;
      return sim_run_fault(x, pc, "RETURN without a CALL (call stack underflow)");
   }
   const struct sim_call_entry *e = &x->calls[--x->call_sp];
   x->call_depth -= e->count;
   return sim_cf_next(x, pc, e->ret);
}

static int kill(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   uint16_t lanes = sim_cf_mode_lanes(x, cf, x->exec) & sim_cf_cond_lanes(x, cf);
   x->killed |= lanes;
   x->exec &= (uint16_t)~lanes;
   return sim_cf_next(x, pc, (x->launched & (uint16_t)~x->killed) ? pc + 1 : cf->addr);
}

static int call_fs(struct sim_run *x, unsigned pc)
{
   const struct sim_program *caller = x->prog, *fs = x->fetch;
   if (!fs)
      return sim_run_fault(x, pc, "CALL_FS without a fetch shader");
   if (x->in_fetch)
      return sim_run_fault(x, pc, "CALL_FS inside the fetch shader");
   unsigned sp = x->sp, call_base = x->call_base;
   x->in_fetch = true;
   x->prog = fs;
   x->call_base = x->call_sp;
   bool ok = x->run_program(x, fs);
   x->prog = caller;
   x->in_fetch = false;
   x->call_base = call_base;
   if (!ok)
      return SIM_PC_FAULT;
   if (x->sp != sp)
      return sim_run_fault(x, pc, "fetch shader returned with an unbalanced stack");
   return sim_cf_next(x, pc, pc + 1);
}

/* A TEX or VTX clause, with the instruction's WHOLE_QUAD / VALID_PIXEL mode. */
static int fetch_clause(struct sim_run *x, unsigned pc, const struct sim_cf *cf)
{
   uint16_t exec = x->exec;
   bool ok = true;
   x->exec = sim_cf_mode_lanes(x, cf, exec);
   if (cf->op == SIM_CF_TEX)
      memset(x->grad, 0, sizeof(x->grad));
   for (unsigned i = 0; ok && i < cf->count; i++)
      ok = cf->op == SIM_CF_VTX ? sim_fetch_vtx(x, pc, &x->prog->vtx[cf->first + i])
                                : sim_tex_fetch(x, pc, &x->prog->tex[cf->first + i]);
   x->exec = exec;
   return ok ? sim_cf_next(x, pc, pc + 1) : SIM_PC_FAULT;
}

int sim_cf_step(struct sim_run *x, unsigned pc)
{
   const struct sim_cf *cf = &x->prog->cf[pc];
   uint16_t m;
   bool all_left;

   switch (cf->op) {
   case SIM_CF_NOP:
      return sim_cf_next(x, pc, pc + 1);
   case SIM_CF_VTX:
   case SIM_CF_TEX:
      return fetch_clause(x, pc, cf);
   case SIM_CF_LOOP_START:
   case SIM_CF_LOOP_START_NO_AL:
   case SIM_CF_LOOP_START_DX10:
      return loop_start(x, pc, cf);
   case SIM_CF_LOOP_END:
      return loop_end(x, pc, cf);
   case SIM_CF_LOOP_BREAK:
   case SIM_CF_LOOP_CONTINUE:
      if (sim_cf_leave_iteration(x, pc, x->exec & sim_cf_cond_lanes(x, cf),
                                 cf->op == SIM_CF_LOOP_BREAK, &all_left) < 0)
         return SIM_PC_FAULT;
      return sim_cf_next(x, pc, all_left ? cf->addr : pc + 1);
   case SIM_CF_JUMP:
      return jump(x, pc, cf, cf->pop_count);
   case SIM_CF_PUSH:
      return push(x, pc, cf, cf->pop_count);
   case SIM_CF_PUSH_ELSE:
      return push_else(x, pc, cf);
   case SIM_CF_POP_JUMP:
   case SIM_CF_POP_PUSH:
   case SIM_CF_POP_PUSH_ELSE:
      if (!sim_cf_pop(x, pc, cf->pop_count))
         return SIM_PC_FAULT;
      return cf->op == SIM_CF_POP_JUMP ? jump(x, pc, cf, 0)
             : cf->op == SIM_CF_POP_PUSH ? push(x, pc, cf, 0) : push_else(x, pc, cf);
   case SIM_CF_ELSE:
      if (!sim_cf_else_mask(x, pc, sim_cf_cond_lanes(x, cf), &m))
         return SIM_PC_FAULT;
      if (m) {
         x->exec = m;
         return sim_cf_next(x, pc, pc + 1);
      }
      x->exec = 0;
      if (!sim_cf_pop(x, pc, cf->pop_count))
         return SIM_PC_FAULT;
      return sim_cf_next(x, pc, cf->addr);
   case SIM_CF_POP: {
      bool none = x->exec == 0;
      if (!sim_cf_pop(x, pc, cf->pop_count))
         return SIM_PC_FAULT;
      return sim_cf_next(x, pc, none ? cf->addr : pc + 1);
   }
   case SIM_CF_CALL:
      return call(x, pc, cf);
   case SIM_CF_CALL_FS:
      return call_fs(x, pc);
   case SIM_CF_RETURN:
      return ret(x, pc);
   case SIM_CF_KILL:
      return kill(x, pc, cf);
   case SIM_CF_EXPORT:
      return sim_cf_export(x, pc, cf);
   case SIM_CF_SCRATCH:
      return sim_cf_scratch(x, pc, cf);
   default:
      return sim_run_fault(x, pc, "CF instruction not executable");
   }
}
