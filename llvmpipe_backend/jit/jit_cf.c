/* Control flow of JIT code in IR: the CF instructions of cf_exec.c and the stack parts of
 * the ALU clause kinds of cf_alu.c, on the same state (struct sim_run: exec, brk, cont,
 * killed, sp, stack_elements, stack[], loop_index, backjumps), so inline code and the C
 * helpers interoperate and the interpreter stays the reference. Successors known when
 * the code is built are direct branches.
 *
 * Each stack step (push, pop, ELSE mask, leaving a loop iteration, a backward jump) first
 * checks, from loaded values, that it completes as its C function would with nothing
 * exceptional; else it calls that function (sim_cf_push, sim_cf_pop, sim_cf_else_mask,
 * sim_cf_leave_iteration, sim_cf_next), which does the whole step - the STACK_SIZE report,
 * a fault with its text and CF index, the runaway-loop limit - and the code goes on, or
 * to the fault block, as it says. The steps of an instruction run in cf_exec.c's order,
 * each leaving memory up to date, so any mix of inline and C steps leaves the state the
 * interpreter leaves.
 *
 * Stack accounting: entries are written only here and by sim_cf_push, which give a branch
 * entry 1 element and a loop entry SIM_LOOP_ELEMENTS; so popping n branch entries frees n
 * elements, a loop entry SIM_LOOP_ELEMENTS, and the entries above the innermost loop entry
 * are branch entries.
 *
 * Inline: NOP, JUMP, PUSH, PUSH_ELSE, POP_JUMP, POP_PUSH, POP_PUSH_ELSE, ELSE, POP,
 * LOOP_START_DX10, LOOP_END, LOOP_BREAK, LOOP_CONTINUE (every COND), the ALU clause kinds'
 * pushes and pops, ELSE_AFTER, BREAK, CONTINUE and exports without RW_REL. Through
 * sim_cf_step: DX9 loop starts (SQ_LOOP_CONST), CALL, CALL_FS, RETURN, KILL, fetch clauses,
 * RW_REL exports, MEM_SCRATCH, and
 * LOOP_END without a loop entry on top (a fault). Through sim_cf_alu_begin: the entry of an ALU
 * clause that reads the DX9 constant file or has a pixel mode; sim_cf_kcache_lock locks
 * the kcache sets of the others; sim_cf_alu_end runs the exit of a clause whose relative
 * indexing went out of range (a fault). */
#include <stddef.h>
#include <stdint.h>

#include "jit/jit_cf.h"
#include "jit/jit_host.h"
#include "r600_regs.h"
#include "sq/run_state.h"

#define RUN(f) offsetof(struct sim_run, f)
#define ENT(f) offsetof(struct sim_stack_entry, f)

/* The instruction being emitted. */
struct cfc {
   struct jb *j;
   const struct jit_cf_blocks *t;
   unsigned pc;
   const struct sim_cf *cf;
};

/* ---- IR pieces ------------------------------------------------------------------------- */

static LLVMBasicBlockRef block(struct jb *j, const char *name)
{
   return LLVMAppendBasicBlockInContext(j->ctx, j->fn, name);
}

static void at(struct jb *j, LLVMBasicBlockRef b)
{
   LLVMPositionBuilderAtEnd(j->b, b);
}

static unsigned align_of(struct jb *j, LLVMTypeRef ty)
{
   return ty == j->i8 ? 1 : ty == j->i16 ? 2 : ty == j->ptr ? 8 : 4;
}

static LLVMValueRef ld(struct jb *j, LLVMTypeRef ty, LLVMValueRef base, uint64_t off)
{
   LLVMValueRef v = LLVMBuildLoad2(j->b, ty, gep(j, base, off), "");
   LLVMSetAlignment(v, align_of(j, ty));
   return v;
}

static void st(struct jb *j, LLVMValueRef v, LLVMValueRef base, uint64_t off)
{
   store(j, v, gep(j, base, off), align_of(j, LLVMTypeOf(v)));
}

static LLVMValueRef ci8(struct jb *j, uint8_t v)
{
   return LLVMConstInt(j->i8, v, 0);
}

static LLVMValueRef add(struct jb *j, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildAdd(j->b, a, b, "");
}

static LLVMValueRef sub(struct jb *j, LLVMValueRef a, LLVMValueRef b)
{
   return LLVMBuildSub(j->b, a, b, "");
}

static LLVMValueRef is_zero(struct jb *j, LLVMValueRef v)
{
   return icmp(j, LLVMIntEQ, v, LLVMConstNull(LLVMTypeOf(v)));
}

static LLVMValueRef nonzero(struct jb *j, LLVMValueRef v)
{
   return icmp(j, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)));
}

static LLVMValueRef exec_ld(struct jb *j)
{
   return ld(j, j->i16, j->x, RUN(exec));
}

static void exec_st(struct jb *j, LLVMValueRef v)
{
   st(j, v, j->x, RUN(exec));
}

/* Lanes that may be active: not broken, continued or killed (cf_exec.c live()). */
static LLVMValueRef live(struct jb *j)
{
   LLVMValueRef gone = or_(j, or_(j, ld(j, j->i16, j->x, RUN(brk)), ld(j, j->i16, j->x, RUN(cont))),
                           ld(j, j->i16, j->x, RUN(killed)));
   return not_(j, gone);
}

/* &x->stack[idx] (idx: i32). */
static LLVMValueRef entry(struct jb *j, LLVMValueRef idx)
{
   LLVMValueRef off = LLVMBuildMul(j->b, LLVMBuildZExt(j->b, idx, j->i64, ""),
                                   LLVMConstInt(j->i64, sizeof(struct sim_stack_entry), 0), "");
   off = add(j, off, LLVMConstInt(j->i64, RUN(stack), 0));
   return LLVMBuildGEP2(j->b, j->i8, j->x, &off, 1, "");
}

/* Calls host function f with i32 / ptr arguments, returning `ret`. */
static LLVMValueRef call_host(struct jb *j, enum jit_host_fn f, LLVMTypeRef ret, LLVMValueRef *args,
                              unsigned n)
{
   LLVMTypeRef types[5];
   for (unsigned i = 0; i < n; i++)
      types[i] = LLVMTypeOf(args[i]);
   LLVMTypeRef ty = LLVMFunctionType(ret, types, n, 0);
   const char *name = jit_host_symbols[f].name;
   LLVMValueRef fn = LLVMGetNamedFunction(j->mod, name);
   if (!fn) {
      fn = LLVMAddFunction(j->mod, name, ty);
      unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
      LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(j->ctx, nounwind, 0));
   }
   return LLVMBuildCall2(j->b, ty, fn, args, n, "");
}

/* A CF helper (x, pc) -> int. */
static LLVMValueRef helper(struct cfc *c, enum jit_host_fn f)
{
   LLVMValueRef args[2] = { c->j->x, ci32(c->j, c->pc) };
   return call_host(c->j, f, c->j->i32, args, 2);
}

/* A bool C step: continues at `ok` when it returns true, else goes to the fault block. The
 * C functions return bool in the low byte. */
static void bool_step(struct cfc *c, enum jit_host_fn f, LLVMValueRef *args, unsigned n,
                      LLVMBasicBlockRef ok)
{
   struct jb *j = c->j;
   LLVMBuildCondBr(j->b, nonzero(j, call_host(j, f, j->i8, args, n)), ok, c->t->fault);
}

/* ---- successors --------------------------------------------------------------------------- */

/* The block of CF index `target`; in the split form (jit_build.c) a CF block of another
 * function, so a block returning `target` is made for it. The builder stays put. */
static LLVMBasicBlockRef target_block(struct cfc *c, unsigned target)
{
   LLVMBasicBlockRef *slot = &c->t->bb[target];
   if (!*slot) {
      struct jb *j = c->j;
      LLVMBasicBlockRef here = LLVMGetInsertBlock(j->b);
      *slot = block(j, "leave");
      at(j, *slot);
      LLVMBuildRet(j->b, ci32(j, target));
      at(j, here);
   }
   return *slot;
}

/* The block that continues at `target` as sim_cf_next says: the end of the program, the
 * target's block, or for a backward jump a block counting it against the runaway-loop
 * limit (past the limit sim_cf_next counts it and faults). The builder stays put. */
static LLVMBasicBlockRef next_block(struct cfc *c, unsigned target)
{
   struct jb *j = c->j;
   if ((target == c->pc + 1 && c->cf->eop) || target >= j->p->ncf)
      return c->t->ok;
   if (target > c->pc)
      return target_block(c, target);
   LLVMBasicBlockRef here = LLVMGetInsertBlock(j->b);
   LLVMBasicBlockRef back = block(j, "back"), counted = block(j, "back_counted");
   LLVMBasicBlockRef runaway = block(j, "runaway");
   at(j, back);
   LLVMValueRef n = ld(j, j->i32, j->x, RUN(backjumps));
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntULT, n, ci32(j, SIM_MAX_BACKWARD_JUMPS)), counted, runaway);
   at(j, counted);
   st(j, add(j, n, ci32(j, 1)), j->x, RUN(backjumps));
   LLVMBuildBr(j->b, target_block(c, target));
   at(j, runaway);
   LLVMValueRef args[3] = { j->x, ci32(j, c->pc), ci32(j, target) };
   call_host(j, JIT_HOST_CF_NEXT, j->i32, args, 3);
   LLVMBuildBr(j->b, c->t->fault);
   at(j, here);
   return back;
}

static void go_to(struct cfc *c, unsigned target)
{
   LLVMBuildBr(c->j->b, next_block(c, target));
}

/* Continues at `if_true` when cond (i1) holds, else at `if_false`. */
static void go_to2(struct cfc *c, LLVMValueRef cond, unsigned if_true, unsigned if_false)
{
   LLVMBasicBlockRef t = next_block(c, if_true), f = next_block(c, if_false);
   LLVMBuildCondBr(c->j->b, cond, t, f);
}

/* ---- stack steps ---------------------------------------------------------------------------- */

/* sim_cf_cond_lanes. */
static LLVMValueRef cond_lanes(struct cfc *c)
{
   struct jb *j = c->j;
   switch (c->cf->cond) {
   case SIM_COND_ACTIVE:
      return ci16(j, 0xFFFF);
   case SIM_COND_FALSE:
      return ci16(j, 0);
   default: {
      LLVMValueRef env = ld(j, j->ptr, j->x, RUN(env));
      LLVMValueRef regs = ld(j, j->ptr, env, offsetof(struct sim_shader_env, regs));
      uint32_t reg = REG_SQ_BOOL_CONST_0 + REG_SQ_BOOL_CONST_0__stride * sim_stage_context(j->p->stage);
      LLVMValueRef w = ld(j, j->i32, regs, reg);   /* regs[] is indexed by byte offset / 4 */
      LLVMValueRef bit = and_(j, LLVMBuildLShr(j->b, w, ci32(j, c->cf->cf_const), ""), ci32(j, 1));
      LLVMValueRef set = c->cf->cond == SIM_COND_BOOL ? nonzero(j, bit) : is_zero(j, bit);
      return sel(j, set, ci16(j, 0xFFFF), ci16(j, 0));
   }
   }
}

/* sim_cf_push of a branch entry or a (DX10) loop entry, count 0. */
static void push(struct cfc *c, bool loop)
{
   struct jb *j = c->j;
   unsigned elements = loop ? SIM_LOOP_ELEMENTS : 1;
   LLVMValueRef used = add(j, ld(j, j->i32, j->x, RUN(stack_elements)), ci32(j, elements));
   LLVMValueRef entries = LLVMBuildLShr(j->b, add(j, used, ci32(j, SIM_STACK_ENTRY_ELEMENTS - 1)),
                                        ci32(j, __builtin_ctz(SIM_STACK_ENTRY_ELEMENTS)), "");
   LLVMValueRef fits = and_(j, icmp(j, LLVMIntULE, used, ci32(j, SIM_STACK_DEPTH)),
                            icmp(j, LLVMIntULE, entries, ld(j, j->i32, j->x, RUN(stack_size))));
   LLVMBasicBlockRef fast = block(j, "push"), slow = block(j, "push_c"), join = block(j, "pushed");
   LLVMBuildCondBr(j->b, fits, fast, slow);

   at(j, fast);
   LLVMValueRef sp = ld(j, j->i32, j->x, RUN(sp));
   LLVMValueRef e = entry(j, sp);
   LLVMValueRef brk = ld(j, j->i16, j->x, RUN(brk)), cont = ld(j, j->i16, j->x, RUN(cont));
   st(j, exec_ld(j), e, ENT(exec));
   st(j, brk, e, ENT(brk));
   st(j, cont, e, ENT(cont));
   st(j, ci8(j, loop), e, ENT(loop));
   st(j, ci8(j, (uint8_t)elements), e, ENT(elements));
   st(j, ci32(j, 0), e, ENT(count));
   st(j, ld(j, j->i32, j->x, RUN(loop_index)), e, ENT(loop_index));
   st(j, ci32(j, 0), e, ENT(loop_inc));
   st(j, add(j, sp, ci32(j, 1)), j->x, RUN(sp));
   st(j, used, j->x, RUN(stack_elements));
   if (loop) {
      st(j, ci16(j, 0), j->x, RUN(brk));
      st(j, ci16(j, 0), j->x, RUN(cont));
   }
   LLVMBuildBr(j->b, join);

   at(j, slow);
   LLVMValueRef args[4] = { j->x, ci32(j, c->pc), ci32(j, loop), ci32(j, 0) };
   bool_step(c, JIT_HOST_CF_PUSH, args, 4, join);
   at(j, join);
}

/* sim_cf_pop of n branch entries. */
static void pop(struct cfc *c, unsigned n)
{
   struct jb *j = c->j;
   if (n == 0)
      return;
   LLVMBasicBlockRef check = block(j, "pop_check"), fast = block(j, "pop");
   LLVMBasicBlockRef slow = block(j, "pop_c"), join = block(j, "popped");
   LLVMValueRef sp = ld(j, j->i32, j->x, RUN(sp));
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntUGE, sp, ci32(j, n)), check, slow);

   at(j, check);
   LLVMValueRef loops = LLVMConstInt(LLVMInt1TypeInContext(j->ctx), 0, 0);
   for (unsigned k = 1; k <= n; k++)
      loops = or_(j, loops, nonzero(j, ld(j, j->i8, entry(j, sub(j, sp, ci32(j, k))), ENT(loop))));
   LLVMBuildCondBr(j->b, loops, slow, fast);

   at(j, fast);
   LLVMValueRef nsp = sub(j, sp, ci32(j, n));
   st(j, nsp, j->x, RUN(sp));
   st(j, sub(j, ld(j, j->i32, j->x, RUN(stack_elements)), ci32(j, n)), j->x, RUN(stack_elements));
   exec_st(j, and_(j, ld(j, j->i16, entry(j, nsp), ENT(exec)), live(j)));
   LLVMBuildBr(j->b, join);

   at(j, slow);
   LLVMValueRef args[3] = { j->x, ci32(j, c->pc), ci32(j, n) };
   bool_step(c, JIT_HOST_CF_POP, args, 3, join);
   at(j, join);
}

/* The top stack entry (*sp = the stack pointer): branches to `match` when the stack holds
 * one whose loop flag is `loop`, else to `slow`. */
static LLVMValueRef top_entry(struct jb *j, bool loop, LLVMBasicBlockRef match, LLVMBasicBlockRef slow,
                              LLVMValueRef *sp)
{
   LLVMBasicBlockRef check = block(j, "top_check");
   *sp = ld(j, j->i32, j->x, RUN(sp));
   LLVMBuildCondBr(j->b, nonzero(j, *sp), check, slow);
   at(j, check);
   LLVMValueRef top = entry(j, sub(j, *sp, ci32(j, 1)));
   LLVMValueRef is_loop = nonzero(j, ld(j, j->i8, top, ENT(loop)));
   LLVMBuildCondBr(j->b, is_loop, loop ? match : slow, loop ? slow : match);
   return top;
}

/* sim_cf_else_mask: the lanes active at the matching push and not now (i16). */
static LLVMValueRef else_mask(struct cfc *c, LLVMValueRef extra)
{
   struct jb *j = c->j;
   LLVMBasicBlockRef fast = block(j, "else"), slow = block(j, "else_c");
   LLVMBasicBlockRef got = block(j, "else_c_ok"), join = block(j, "else_mask");
   LLVMValueRef sp, top = top_entry(j, false, fast, slow, &sp);

   at(j, fast);
   LLVMValueRef m = and_(j, and_(j, ld(j, j->i16, top, ENT(exec)), not_(j, exec_ld(j))),
                         and_(j, live(j), extra));
   LLVMBuildBr(j->b, join);

   at(j, slow);
   LLVMValueRef out = gep(j, j->x, RUN(tmp));
   LLVMValueRef args[4] = { j->x, ci32(j, c->pc), LLVMBuildZExt(j->b, extra, j->i32, ""), out };
   bool_step(c, JIT_HOST_CF_ELSE_MASK, args, 4, got);
   at(j, got);
   LLVMValueRef m_c = ld(j, j->i16, j->x, RUN(tmp));
   LLVMBuildBr(j->b, join);

   at(j, join);
   LLVMValueRef phi = LLVMBuildPhi(j->b, j->i16, "");
   LLVMValueRef vals[2] = { m, m_c };
   LLVMBasicBlockRef from[2] = { fast, got };
   LLVMAddIncoming(phi, vals, from, 2);
   return phi;
}

/* sim_cf_leave_iteration: `lanes` (i16) leave the innermost loop's iteration; returns
 * whether no lane of the loop is left (i1). The innermost loop entry is searched for like
 * the C function does, from the top of the stack down. */
static LLVMValueRef leave_iteration(struct cfc *c, LLVMValueRef lanes, bool brk)
{
   struct jb *j = c->j;
   LLVMBasicBlockRef pre = LLVMGetInsertBlock(j->b), head = block(j, "find_loop");
   LLVMBasicBlockRef body = block(j, "find_loop_entry"), found = block(j, "leave");
   LLVMBasicBlockRef cut = block(j, "leave_cut"), slow = block(j, "leave_c");
   LLVMBasicBlockRef got = block(j, "leave_c_ok"), join = block(j, "left");
   LLVMValueRef sp = ld(j, j->i32, j->x, RUN(sp));
   LLVMBuildBr(j->b, head);

   at(j, head);   /* i: entries below not yet looked at */
   LLVMValueRef i = LLVMBuildPhi(j->b, j->i32, "");
   LLVMBuildCondBr(j->b, nonzero(j, i), body, slow);
   at(j, body);
   LLVMValueRef l = sub(j, i, ci32(j, 1));
   LLVMBuildCondBr(j->b, nonzero(j, ld(j, j->i8, entry(j, l), ENT(loop))), found, head);
   LLVMValueRef iv[2] = { sp, l };
   LLVMBasicBlockRef ib[2] = { pre, body };
   LLVMAddIncoming(i, iv, ib, 2);

   at(j, found);
   size_t f = brk ? RUN(brk) : RUN(cont);
   st(j, or_(j, ld(j, j->i16, j->x, f), lanes), j->x, f);
   exec_st(j, and_(j, exec_ld(j), not_(j, lanes)));
   LLVMValueRef all = is_zero(j, and_(j, ld(j, j->i16, entry(j, l), ENT(exec)), live(j)));
   LLVMBuildCondBr(j->b, all, cut, join);

   at(j, cut);   /* drop the (branch) entries above the loop entry */
   LLVMValueRef keep = add(j, l, ci32(j, 1));
   LLVMValueRef used = ld(j, j->i32, j->x, RUN(stack_elements));
   st(j, sub(j, used, sub(j, sp, keep)), j->x, RUN(stack_elements));
   st(j, keep, j->x, RUN(sp));
   LLVMBuildBr(j->b, join);

   at(j, slow);
   LLVMValueRef out = gep(j, j->x, RUN(tmp));
   LLVMValueRef args[5] = { j->x, ci32(j, c->pc), LLVMBuildZExt(j->b, lanes, j->i32, ""), ci32(j, brk), out };
   LLVMValueRef r = call_host(j, JIT_HOST_CF_LEAVE_ITERATION, j->i32, args, 5);
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntSLT, r, ci32(j, 0)), c->t->fault, got);
   at(j, got);
   LLVMValueRef all_c = nonzero(j, ld(j, j->i8, j->x, RUN(tmp)));
   LLVMBuildBr(j->b, join);

   at(j, join);
   LLVMValueRef phi = LLVMBuildPhi(j->b, LLVMInt1TypeInContext(j->ctx), "");
   LLVMValueRef vals[3] = { all, LLVMConstInt(LLVMInt1TypeInContext(j->ctx), 1, 0), all_c };
   LLVMBasicBlockRef from[3] = { found, cut, got };
   LLVMAddIncoming(phi, vals, from, 3);
   return phi;
}

/* ---- CF instructions (cf_exec.c) ---------------------------------------------------------- */

/* JUMP after `pops`: on if some active lane passes COND, else pop and jump. */
static void jump(struct cfc *c, unsigned pops)
{
   struct jb *j = c->j;
   LLVMBasicBlockRef taken = block(j, "jump");
   LLVMValueRef m = and_(j, exec_ld(j), cond_lanes(c));
   LLVMBuildCondBr(j->b, nonzero(j, m), next_block(c, c->pc + 1), taken);
   at(j, taken);
   pop(c, pops);
   go_to(c, c->cf->addr);
}

static void push_op(struct cfc *c, unsigned pops)
{
   struct jb *j = c->j;
   LLVMBasicBlockRef none = block(j, "push_none"), some = block(j, "push_some");
   LLVMValueRef m = and_(j, exec_ld(j), cond_lanes(c));
   LLVMBuildCondBr(j->b, is_zero(j, m), none, some);
   at(j, none);
   pop(c, pops);
   go_to(c, c->cf->addr);
   at(j, some);
   push(c, false);
   exec_st(j, m);
   go_to(c, c->pc + 1);
}

static void push_else(struct cfc *c)
{
   struct jb *j = c->j;
   push(c, false);
   LLVMValueRef m = and_(j, exec_ld(j), cond_lanes(c));
   exec_st(j, m);
   go_to2(c, nonzero(j, m), c->pc + 1, c->cf->addr);
}

static void else_op(struct cfc *c)
{
   struct jb *j = c->j;
   LLVMBasicBlockRef none = block(j, "else_none"), some = block(j, "else_some");
   LLVMValueRef m = else_mask(c, cond_lanes(c));
   LLVMBuildCondBr(j->b, is_zero(j, m), none, some);
   at(j, some);
   exec_st(j, m);
   go_to(c, c->pc + 1);
   at(j, none);
   exec_st(j, ci16(j, 0));
   pop(c, c->cf->pop_count);
   go_to(c, c->cf->addr);
}

static void pop_op(struct cfc *c)
{
   struct jb *j = c->j;
   LLVMValueRef none = is_zero(j, exec_ld(j));
   pop(c, c->cf->pop_count);
   go_to2(c, none, c->cf->addr, c->pc + 1);
}

static void loop_start_dx10(struct cfc *c)
{
   struct jb *j = c->j;
   LLVMBasicBlockRef enter = block(j, "loop_start");
   LLVMValueRef m = and_(j, exec_ld(j), cond_lanes(c));
   LLVMBuildCondBr(j->b, is_zero(j, m), next_block(c, c->cf->addr), enter);
   at(j, enter);
   push(c, true);
   go_to(c, c->pc + 1);
}

/* LOOP_END; without a loop entry on top, sim_cf_step (a fault) - returned. */
static LLVMValueRef loop_end(struct cfc *c)
{
   struct jb *j = c->j;
   LLVMBasicBlockRef go = block(j, "loop_end"), again_bb = block(j, "loop_again");
   LLVMBasicBlockRef exit = block(j, "loop_exit"), slow = block(j, "loop_end_c");
   LLVMValueRef sp, top = top_entry(j, true, go, slow, &sp);

   at(j, go);
   LLVMValueRef brk = ld(j, j->i16, j->x, RUN(brk)), cont = ld(j, j->i16, j->x, RUN(cont));
   LLVMValueRef killed = ld(j, j->i16, j->x, RUN(killed));
   LLVMValueRef again = and_(j, and_(j, or_(j, exec_ld(j), cont), ld(j, j->i16, top, ENT(exec))),
                             not_(j, or_(j, brk, killed)));
   LLVMValueRef count = ld(j, j->i32, top, ENT(count));
   LLVMValueRef counting = nonzero(j, count), left = sub(j, count, ci32(j, 1));
   st(j, sel(j, counting, left, count), top, ENT(count));
   LLVMValueRef counted_out = and_(j, counting, is_zero(j, left));
   LLVMBuildCondBr(j->b, and_(j, nonzero(j, again), LLVMBuildNot(j->b, counted_out, "")), again_bb, exit);

   at(j, again_bb);
   exec_st(j, again);
   st(j, ci16(j, 0), j->x, RUN(cont));
   st(j, add(j, ld(j, j->i32, j->x, RUN(loop_index)), ld(j, j->i32, top, ENT(loop_inc))), j->x,
      RUN(loop_index));
   go_to(c, c->cf->addr);

   at(j, exit);
   st(j, sub(j, sp, ci32(j, 1)), j->x, RUN(sp));
   st(j, sub(j, ld(j, j->i32, j->x, RUN(stack_elements)), ci32(j, SIM_LOOP_ELEMENTS)), j->x,
      RUN(stack_elements));
   st(j, ld(j, j->i16, top, ENT(brk)), j->x, RUN(brk));
   st(j, ld(j, j->i16, top, ENT(cont)), j->x, RUN(cont));
   st(j, ld(j, j->i32, top, ENT(loop_index)), j->x, RUN(loop_index));
   exec_st(j, and_(j, ld(j, j->i16, top, ENT(exec)), live(j)));
   go_to(c, c->pc + 1);

   at(j, slow);
   return helper(c, JIT_HOST_CF_STEP);
}

static void loop_leave(struct cfc *c, bool brk)
{
   struct jb *j = c->j;
   LLVMValueRef all = leave_iteration(c, and_(j, exec_ld(j), cond_lanes(c)), brk);
   go_to2(c, all, c->cf->addr, c->pc + 1);
}

/* The copy of export_inline (below) into `out` (the run's sim_exports), in the lanes of vmask
 * (<16 x i1>; NULL: all lanes), and the mask bits it sets; vals as export_inline's. */
static void export_copy(struct cfc *c, LLVMValueRef out, LLVMValueRef vmask, LLVMValueRef (*vals)[4])
{
   struct jb *j = c->j;
   const struct sim_cf *cf = c->cf;
   for (unsigned b = 0; b < cf->burst; b++) {
      unsigned index = cf->array_base + b;
      size_t dst;
      switch (cf->exp_type) {
      case SIM_EXPORT_POS:
         dst = offsetof(struct sim_exports, pos) + (index - 60) * sizeof(((struct sim_exports *)0)->pos[0]);
         st(j, or_(j, ld(j, j->i8, out, offsetof(struct sim_exports, pos_mask)),
                   ci8(j, (uint8_t)(1u << (index - 60)))), out, offsetof(struct sim_exports, pos_mask));
         break;
      case SIM_EXPORT_PARAM:
         dst = offsetof(struct sim_exports, param) + index * sizeof(((struct sim_exports *)0)->param[0]);
         st(j, or_(j, ld(j, j->i32, out, offsetof(struct sim_exports, param_mask)), ci32(j, 1u << index)),
            out, offsetof(struct sim_exports, param_mask));
         break;
      default:
         if (index == 61) {
            dst = offsetof(struct sim_exports, pixel61);
            st(j, ci8(j, 1), out, offsetof(struct sim_exports, pixel61_written));
         } else {
            dst = offsetof(struct sim_exports, pixel) + index * sizeof(((struct sim_exports *)0)->pixel[0]);
            st(j, or_(j, ld(j, j->i8, out, offsetof(struct sim_exports, pixel_mask)),
                      ci8(j, (uint8_t)(1u << index))), out, offsetof(struct sim_exports, pixel_mask));
         }
         break;
      }
      size_t src = (size_t)(cf->gpr + b) * sizeof(((struct sim_lanes *)0)->gpr[0]);
      for (unsigned ch = 0; ch < 4; ch++) {
         unsigned s = cf->sel[ch];
         if (s == SIM_SEL_MASK)
            continue;
         LLVMValueRef v = vals && vals[b][ch] ? vals[b][ch]
                          : s <= SIM_SEL_W ? ld(j, j->vi, j->lanes, src + s * SIM_LANES * 4)
                          : kvec(j, s == SIM_SEL_1 ? 0x3F800000u : 0u);
         size_t d = dst + ch * SIM_LANES * 4;
         st(j, vmask ? sel(j, vmask, v, ld(j, j->vi, out, d)) : v, out, d);
      }
   }
}

/* sim_cf_export of a PIXEL / POS / PARAM export without RW_REL: the GPRs' lanes are known
 * when the code is built, so the copy runs inline - a masked vector store per component -
 * with the same mask bits set. (RW_REL goes through sim_cf_step.) vals[b][ch] (NULL: none)
 * replaces the load of component ch of GPR gpr + b where it is not NULL. */
static bool export_inline(struct cfc *c, LLVMValueRef (*vals)[4])
{
   struct jb *j = c->j;
   const struct sim_cf *cf = c->cf;
   if (cf->rw_rel || cf->gpr + cf->burst > SIM_MAX_GPRS)
      return false;
   LLVMValueRef exec = exec_ld(j);
   LLVMValueRef lanes;
   if (cf->whole_quad) {   /* sim_whole_quads */
      LLVMValueRef m = ci16(j, 0);
      for (unsigned q = 0; q < SIM_LANES / 4; q++) {
         LLVMValueRef any = nonzero(j, and_(j, exec, ci16(j, (uint16_t)(0xFu << (4 * q)))));
         m = or_(j, m, sel(j, any, ci16(j, (uint16_t)(0xFu << (4 * q))), ci16(j, 0)));
      }
      lanes = and_(j, m, ld(j, j->i16, j->x, RUN(launched)));
   } else if (cf->valid_pixel) {
      lanes = and_(j, exec, ld(j, j->i16, j->x, RUN(valid)));
   } else {
      lanes = exec;
   }
   LLVMValueRef vmask = lane_vec(j, lanes);
   LLVMValueRef out = ld(j, j->ptr, j->x, RUN(out));
   LLVMSetAlignment(out, 8);
   /* every lane exporting (a whole block, the common case): plain stores, without loading
    * the values they replace */
   LLVMBasicBlockRef all = block(j, "export_all"), some = block(j, "export_blend");
   LLVMBasicBlockRef done = block(j, "exported");
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntEQ, lanes, ci16(j, 0xFFFF)), all, some);
   at(j, all);
   export_copy(c, out, NULL, vals);
   LLVMBuildBr(j->b, done);
   at(j, some);
   export_copy(c, out, vmask, vals);
   LLVMBuildBr(j->b, done);
   at(j, done);
   go_to(c, c->pc + 1);
   return true;
}

LLVMValueRef jit_cf_step(struct jb *j, unsigned pc, const struct jit_cf_blocks *t)
{
   struct cfc c = { j, t, pc, &j->p->cf[pc] };
   const struct sim_cf *cf = c.cf;
   switch (cf->op) {
   case SIM_CF_NOP:
      go_to(&c, pc + 1);
      return NULL;
   case SIM_CF_JUMP:
      jump(&c, cf->pop_count);
      return NULL;
   case SIM_CF_PUSH:
      push_op(&c, cf->pop_count);
      return NULL;
   case SIM_CF_PUSH_ELSE:
      push_else(&c);
      return NULL;
   case SIM_CF_POP_JUMP:
   case SIM_CF_POP_PUSH:
   case SIM_CF_POP_PUSH_ELSE:
      pop(&c, cf->pop_count);
      if (cf->op == SIM_CF_POP_JUMP)
         jump(&c, 0);
      else if (cf->op == SIM_CF_POP_PUSH)
         push_op(&c, 0);
      else
         push_else(&c);
      return NULL;
   case SIM_CF_ELSE:
      else_op(&c);
      return NULL;
   case SIM_CF_POP:
      pop_op(&c);
      return NULL;
   case SIM_CF_LOOP_START_DX10:
      loop_start_dx10(&c);
      return NULL;
   case SIM_CF_LOOP_END:
      return loop_end(&c);
   case SIM_CF_LOOP_BREAK:
   case SIM_CF_LOOP_CONTINUE:
      loop_leave(&c, cf->op == SIM_CF_LOOP_BREAK);
      return NULL;
   case SIM_CF_EXPORT:
      if (export_inline(&c, NULL))
         return NULL;
      return helper(&c, JIT_HOST_CF_STEP);
   default:
      return helper(&c, JIT_HOST_CF_STEP);
   }
}

bool jit_cf_export_takes_values(const struct sim_cf *cf)
{
   return cf->op == SIM_CF_EXPORT && !cf->rw_rel && cf->gpr + cf->burst <= SIM_MAX_GPRS &&
          !cf->whole_quad;
}

void jit_cf_export_values(struct jb *j, unsigned pc, const struct jit_cf_blocks *t,
                          LLVMValueRef (*vals)[4])
{
   struct cfc c = { j, t, pc, &j->p->cf[pc] };
   export_inline(&c, vals);
}

/* ---- ALU clause entry and exit (cf_alu.c) --------------------------------------------------- */

bool jit_cf_alu_entry_by_helper(const struct sim_cf *cf)
{
   return cf->uses_cfile || cf->whole_quad || cf->valid_pixel;
}

void jit_cf_alu_begin(struct jb *j, unsigned pc, const struct jit_cf_blocks *t)
{
   struct cfc c = { j, t, pc, &j->p->cf[pc] };
   const struct sim_cf *cf = c.cf;
   LLVMValueRef r = NULL;
   if (jit_cf_alu_entry_by_helper(cf))
      r = helper(&c, JIT_HOST_CF_ALU_BEGIN);
   else if (cf->alu_kind == SIM_ALU_PUSH_BEFORE || cf->alu_kind == SIM_ALU_BREAK ||
            cf->alu_kind == SIM_ALU_CONTINUE)
      push(&c, false);
   if (r) {
      LLVMBasicBlockRef body = block(j, "alu");
      LLVMBuildCondBr(j->b, icmp(j, LLVMIntSLT, r, ci32(j, 0)), t->fault, body);
      at(j, body);
   }
}

LLVMValueRef jit_cf_alu_end(struct jb *j, unsigned pc, const struct jit_cf_blocks *t, bool may_fault)
{
   struct cfc c = { j, t, pc, &j->p->cf[pc] };
   const struct sim_cf *cf = c.cf;
   LLVMBasicBlockRef go = block(j, "alu_exit"), slow = NULL;
   if (may_fault) {
      slow = block(j, "alu_fault");
      LLVMValueRef bad = or_(j, ld(j, j->i16, j->x, RUN(rel_fault)), ld(j, j->i16, j->x, RUN(cfile_fault)));
      LLVMBuildCondBr(j->b, nonzero(j, bad), slow, go);
   } else {
      LLVMBuildBr(j->b, go);
   }

   at(j, go);
   if (cf->whole_quad || cf->valid_pixel)
      exec_st(j, and_(j, exec_ld(j), ld(j, j->i16, j->x, RUN(mode_saved))));
   switch (cf->alu_kind) {
   case SIM_ALU_POP_AFTER:
      pop(&c, 1);
      break;
   case SIM_ALU_POP2_AFTER:
      pop(&c, 2);
      break;
   case SIM_ALU_ELSE_AFTER:
      exec_st(j, else_mask(&c, ci16(j, 0xFFFF)));
      break;
   case SIM_ALU_BREAK:
   case SIM_ALU_CONTINUE: {
      LLVMValueRef m = else_mask(&c, ci16(j, 0xFFFF));
      /* the clause's own push (else_mask found it on top); restored below once the
       * lanes have left */
      LLVMValueRef sp = sub(j, ld(j, j->i32, j->x, RUN(sp)), ci32(j, 1));
      LLVMValueRef own = ld(j, j->i16, entry(j, sp), ENT(exec));
      st(j, sp, j->x, RUN(sp));
      st(j, sub(j, ld(j, j->i32, j->x, RUN(stack_elements)), ci32(j, 1)), j->x, RUN(stack_elements));
      LLVMValueRef all = leave_iteration(&c, m, cf->alu_kind == SIM_ALU_BREAK);
      LLVMBasicBlockRef restore = block(j, "alu_restore"), done = block(j, "alu_left");
      LLVMBuildCondBr(j->b, all, done, restore);
      at(j, restore);
      exec_st(j, and_(j, own, live(j)));
      LLVMBuildBr(j->b, done);
      at(j, done);
      break;
   }
   default:
      break;
   }
   go_to(&c, pc + 1);
   if (!slow)
      return NULL;
   at(j, slow);
   return helper(&c, JIT_HOST_CF_ALU_END);
}
