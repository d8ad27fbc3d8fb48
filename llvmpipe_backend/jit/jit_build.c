/* Decoded program -> LLVM IR module: the CF skeleton. The CF list becomes one basic block per
 * CF instruction; branches, loops and the stack parts of ALU clauses run inline
 * (jit_cf.c) and branch to their successors' blocks, and so do VTX clauses of the common
 * formats (jit_fetch.c); other fetches, exports and the rarer CF instructions run in the C
 * helpers of cf_*.c, whose returned CF index selects the next block. ALU clause bodies are
 * emitted inline (jit_alu_clause.c) as 16-lane SSA code reproducing alu_ops.h exactly
 * (jit_alu_ops.c); their kcache constants are read straight from the constant buffers when
 * an inline test shows cf_alu.c's locking would read the same bytes (kcache.h), else through
 * that locking. A CF helper may return any CF index (RETURN), so each such switch falls back
 * to a dispatch block over all CF indices.
 *
 * Split form (large programs, jit_build.h): code generation of one function grows faster
 * than linearly with its blocks (register allocation and live intervals: docs/jit.md §6),
 * so each CF block (a CF instruction, or a run of chained ALU clauses) becomes a function of
 * its own that returns the next CF index, and the program's function is a loop calling them
 * through a table indexed by CF index. A jump out of a CF block returns its target; the
 * code inside each block is the same as in the one-function form. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "jit/jit_alu_clause.h"
#include "jit/jit_build.h"
#include "jit/jit_cf.h"
#include "jit/jit_fetch.h"
#include "jit/jit_live.h"
#include "jit/jit_tex.h"
#include "jit/jit_host.h"
#include "jit/jit_ir.h"
#include "sq/kcache.h"
#include "sq/run_state.h"

/* ---- the CF skeleton ------------------------------------------------------------------- */

static bool jumps(enum sim_cf_op op)
{
   switch (op) {
   case SIM_CF_JUMP: case SIM_CF_ELSE: case SIM_CF_POP: case SIM_CF_PUSH: case SIM_CF_PUSH_ELSE:
   case SIM_CF_POP_JUMP: case SIM_CF_POP_PUSH: case SIM_CF_POP_PUSH_ELSE:
   case SIM_CF_LOOP_START: case SIM_CF_LOOP_START_NO_AL: case SIM_CF_LOOP_START_DX10:
   case SIM_CF_LOOP_END: case SIM_CF_LOOP_BREAK: case SIM_CF_LOOP_CONTINUE:
   case SIM_CF_CALL: case SIM_CF_KILL:
      return true;
   default:
      return false;
   }
}

static LLVMValueRef call_helper(struct jb *j, enum jit_host_fn fn, unsigned pc)
{
   LLVMValueRef args[2] = { j->x, ci32(j, pc) };
   return LLVMBuildCall2(j->b, j->helper_ty, jit_host_fn(j, fn), args, 2, "");
}

/* A CF_ALU whose entry and exit helpers (cf_alu.c) would only lock its kcache sets and save
 * and restore the exec mask: no stack operation, no constant file, no pixel mode. Its code
 * skips them (the kcache: kcache_entry). */
static bool plain_alu(const struct sim_cf *cf)
{
   return cf->alu_kind == SIM_ALU_PLAIN && !cf->uses_cfile && !cf->whole_quad && !cf->valid_pixel;
}

/* ---- kcache: constants read from the buffers' host copies ----------------------------------- */

/* Whether kcache set s of clause cf may be read through its window (kcache.h) - all the
 * constants it uses lie in the window's bytes - and *base = the address of the set's
 * constant 0 there. */
static LLVMValueRef kcache_fast(struct jb *j, const struct sim_cf *cf, unsigned s, LLVMValueRef *base)
{
   unsigned w = sim_kcache_window_index(j->p, cf, s);
   uint64_t end = 16ull * (32 - (unsigned)__builtin_clz(cf->kc_used[s]));   /* past the last used */
   LLVMValueRef win = load(j, j->ptr, gep(j, j->x, offsetof(struct sim_run, kc_win)));
   LLVMSetAlignment(win, 8);
   LLVMValueRef e = gep(j, win, (uint64_t)w * sizeof(struct sim_kcache_window));
   LLVMValueRef host = load(j, j->ptr, gep(j, e, offsetof(struct sim_kcache_window, host)));
   LLVMValueRef bytes = load(j, j->i64, gep(j, e, offsetof(struct sim_kcache_window, bytes)));
   LLVMSetAlignment(host, 8);
   LLVMSetAlignment(bytes, 8);
   LLVMValueRef line = LLVMConstInt(j->i64, cf->kc_line[s], 0), ok = NULL;
   if (cf->kc_loop[s]) {   /* + floor(AL / 16) */
      LLVMValueRef al = load(j, j->i32, gep(j, j->x, offsetof(struct sim_run, loop_index)));
      al = LLVMBuildSExt(j->b, LLVMBuildAShr(j->b, al, ci32(j, 4), ""), j->i64, "");
      line = LLVMBuildAdd(j->b, line, al, "");
      ok = LLVMBuildICmp(j->b, LLVMIntSGE, line, LLVMConstInt(j->i64, 0, 0), "");
   }
   LLVMValueRef off = LLVMBuildMul(j->b, line, LLVMConstInt(j->i64, SIM_KCACHE_LINE_BYTES, 0), "");
   LLVMValueRef in = LLVMBuildICmp(j->b, LLVMIntULE,
                                   LLVMBuildAdd(j->b, off, LLVMConstInt(j->i64, end, 0), ""), bytes, "");
   *base = LLVMBuildGEP2(j->b, j->i8, host, &off, 1, "");
   return ok ? and_(j, ok, in) : in;
}

static LLVMValueRef expect_true(struct jb *j, LLVMValueRef c)
{
   static const char name[] = "llvm.expect";
   LLVMTypeRef i1 = LLVMInt1TypeInContext(j->ctx);
   unsigned id = LLVMLookupIntrinsicID(name, sizeof(name) - 1);
   LLVMValueRef args[2] = { c, LLVMConstInt(i1, 1, 0) };
   return LLVMBuildCall2(j->b, LLVMIntrinsicGetType(j->ctx, id, &i1, 1),
                         LLVMGetIntrinsicDeclaration(j->mod, id, &i1, 1), args, 2, "");
}

/* The entry of ALU clause pc, which locks kcache sets. When every set may be read through
 * its window, base[s] points there and the code calls `fast_fn` (-1: none); otherwise it
 * calls `slow_fn` - cf_alu.c's locking, which copies the constants into sim_run.kcache
 * (base[s] then points there) or faults exactly as the interpreter does. A fault branches
 * to `fault`. The builder is left where the clause's body goes. */
static void kcache_entry(struct jb *j, unsigned pc, int fast_fn, enum jit_host_fn slow_fn,
                         LLVMBasicBlockRef fault, LLVMValueRef base[2])
{
   const struct sim_cf *cf = &j->p->cf[pc];
   LLVMValueRef fast_base[2] = { NULL, NULL }, fast = NULL;
   for (unsigned s = 0; s < 2; s++) {
      if (!cf->kc_used[s])
         continue;
      LLVMValueRef ok = kcache_fast(j, cf, s, &fast_base[s]);
      fast = fast ? and_(j, fast, ok) : ok;
   }
   LLVMBasicBlockRef fast_bb = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "kc_fast");
   LLVMBasicBlockRef slow_bb = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "kc_slow");
   LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "kc_done");
   LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "alu");
   LLVMBuildCondBr(j->b, expect_true(j, fast), fast_bb, slow_bb);
   LLVMPositionBuilderAtEnd(j->b, fast_bb);
   LLVMValueRef r_fast = fast_fn >= 0 ? call_helper(j, (enum jit_host_fn)fast_fn, pc) : ci32(j, 0);
   LLVMBasicBlockRef fast_end = LLVMGetInsertBlock(j->b);
   LLVMBuildBr(j->b, join);
   LLVMPositionBuilderAtEnd(j->b, slow_bb);
   LLVMValueRef r_slow = call_helper(j, slow_fn, pc), copy[2];
   const size_t set_bytes = sizeof(((struct sim_run *)0)->kcache[0]);
   for (unsigned s = 0; s < 2; s++)
      copy[s] = gep(j, j->x, offsetof(struct sim_run, kcache) + s * set_bytes);
   LLVMBuildBr(j->b, join);
   LLVMPositionBuilderAtEnd(j->b, join);
   LLVMValueRef r = LLVMBuildPhi(j->b, j->i32, "");
   LLVMValueRef rv[2] = { r_fast, r_slow };
   LLVMBasicBlockRef from[2] = { fast_end, slow_bb };
   LLVMAddIncoming(r, rv, from, 2);
   for (unsigned s = 0; s < 2; s++) {
      base[s] = NULL;
      if (!cf->kc_used[s])
         continue;
      base[s] = LLVMBuildPhi(j->b, j->ptr, "");
      LLVMValueRef bv[2] = { fast_base[s], copy[s] };
      LLVMAddIncoming(base[s], bv, from, 2);
   }
   LLVMBuildCondBr(j->b, LLVMBuildICmp(j->b, LLVMIntSLT, r, ci32(j, 0), ""), fault, body);
   LLVMPositionBuilderAtEnd(j->b, body);
}

static bool uses_kcache(const struct sim_cf *cf)
{
   return cf->kc_used[0] || cf->kc_used[1];
}

/* kcache_entry of plain clause pc: nothing to call when the windows serve; a locking fault
 * of a clause after the first of its run stores what the clauses before it computed (the
 * interpreter ran them) before the program stops. */
static void plain_kcache_entry(struct jb *j, struct jit_alu_run *run, unsigned pc, bool mid,
                               LLVMBasicBlockRef fault, LLVMValueRef base[2])
{
   LLVMBasicBlockRef exit = mid ? LLVMAppendBasicBlockInContext(j->ctx, j->fn, "kc_fault") : fault;
   kcache_entry(j, pc, -1, JIT_HOST_CF_KCACHE_LOCK, exit, base);
   if (!mid)
      return;
   LLVMBasicBlockRef body = LLVMGetInsertBlock(j->b);
   LLVMPositionBuilderAtEnd(j->b, exit);
   jit_alu_exit_stores(j, run);
   LLVMBuildBr(j->b, fault);
   LLVMPositionBuilderAtEnd(j->b, body);
}

/* The next CF index after a plain ALU clause (sim_cf_alu_end's result when nothing faults;
 * relative-index faults still go through it, when the run may have any: may_fault). */
static LLVMValueRef plain_alu_end(struct jb *j, unsigned pc, bool may_fault)
{
   const struct sim_program *p = j->p;
   bool end = p->cf[pc].eop || pc + 1 >= p->ncf;
   LLVMValueRef next = LLVMConstInt(j->i32, end ? (uint64_t)(int64_t)SIM_PC_END : pc + 1, 1);
   if (!may_fault)
      return next;
   LLVMValueRef bad = or_(j, load(j, j->i16, gep(j, j->x, offsetof(struct sim_run, rel_fault))),
                          load(j, j->i16, gep(j, j->x, offsetof(struct sim_run, cfile_fault))));
   LLVMBasicBlockRef here = LLVMGetInsertBlock(j->b);
   LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "alu_fault");
   LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "alu_next");
   LLVMBuildCondBr(j->b, LLVMBuildICmp(j->b, LLVMIntNE, bad, ci16(j, 0), ""), slow, join);
   LLVMPositionBuilderAtEnd(j->b, slow);
   LLVMValueRef faulted = call_helper(j, JIT_HOST_CF_ALU_END, pc);
   LLVMBuildBr(j->b, join);
   LLVMPositionBuilderAtEnd(j->b, join);
   LLVMValueRef phi = LLVMBuildPhi(j->b, j->i32, "");
   LLVMValueRef vals[2] = { next, faulted };
   LLVMBasicBlockRef from[2] = { here, slow };
   LLVMAddIncoming(phi, vals, from, 2);
   return phi;
}

/* chained[pc]: CF pc is a plain ALU clause, or an export taking the run's values
 * (jit_cf_export_takes_values: its lanes are in the run's exec mask, which
 * jit_alu_clause_continues keeps, so the values it would load are the run's SSA values),
 * emitted in the run of the clause before it, because only falling through from that clause
 * reaches it: the clause before is plain ALU, does not end the program, and
 * jit_alu_clause_continues; no CF instruction can jump or return to pc (conservatively: pc
 * is no jump's ADDR or ADDR + 1, and follows no CF instruction that is not an ALU clause).
 * An export ends the run. */
static void find_chained(const struct sim_program *p, bool *chained)
{
   for (unsigned pc = p->entry + 1; pc < p->ncf; pc++) {
      const struct sim_cf *prev = &p->cf[pc - 1], *cf = &p->cf[pc];
      chained[pc] = prev->op == SIM_CF_ALU && plain_alu(prev) && !prev->eop &&
                    jit_alu_clause_continues(p, prev) &&
                    ((cf->op == SIM_CF_ALU && plain_alu(cf)) || jit_cf_export_takes_values(cf));
   }
   for (unsigned pc = 0; pc < p->ncf; pc++) {
      const struct sim_cf *cf = &p->cf[pc];
      if (!jumps(cf->op))
         continue;
      if (cf->addr < p->ncf)
         chained[cf->addr] = false;
      if (cf->addr + 1 < p->ncf)
         chained[cf->addr + 1] = false;
   }
}

/* Emits the CF block that starts at `first` (the builder is at its start): one CF
 * instruction, or a run of chained ALU clauses. At its end it branches to its successor
 * through a switch falling back to `dispatch` (adding to the `target` phi), or in the split
 * form (target NULL) returns the next CF index. False when out of memory. */
static bool emit_block(struct jb *j, unsigned first, const bool *chained,
                       const struct jit_cf_blocks *blocks, LLVMValueRef target,
                       LLVMBasicBlockRef dispatch)
{
   const struct sim_program *p = j->p;
   LLVMBasicBlockRef *bb = blocks->bb, ok = blocks->ok, fault = blocks->fault;
   unsigned pc = first;   /* becomes the last CF instruction of a run of ALU clauses */
   const struct sim_cf *cf = &p->cf[pc];
   LLVMValueRef next;
   if (cf->op == SIM_CF_ALU) {
      bool plain = plain_alu(cf);
      LLVMValueRef kc_base[2] = { NULL, NULL };
      if (!plain) {
         /* the entry by helper (constant file, WHOLE_QUAD / VALID_PIXEL) locks kcache
          * itself unless the windows serve; the inline entry (the stack push) is
          * followed by the kcache entry */
         bool by_helper = jit_cf_alu_entry_by_helper(cf);
         if (by_helper && uses_kcache(cf))
            kcache_entry(j, pc, JIT_HOST_CF_ALU_BEGIN_NOKC, JIT_HOST_CF_ALU_BEGIN, fault, kc_base);
         else
            jit_cf_alu_begin(j, pc, blocks);
         if (!by_helper && uses_kcache(cf))
            kcache_entry(j, pc, -1, JIT_HOST_CF_KCACHE_LOCK, fault, kc_base);
      }
      struct jit_alu_run *run = jit_alu_begin(j);
      if (!run)
         return false;
      for (;;) {
         if (plain && uses_kcache(cf))
            plain_kcache_entry(j, run, pc, pc != first, fault, kc_base);
         jit_alu_clause(j, run, cf, kc_base);
         if (pc + 1 >= p->ncf || !chained[pc + 1] || p->cf[pc + 1].op != SIM_CF_ALU)
            break;
         cf = &p->cf[++pc];   /* plain, as chained clauses are */
      }
      if (pc + 1 < p->ncf && chained[pc + 1]) {   /* an export */
         LLVMValueRef vals[JIT_CF_MAX_BURST][4];
         jit_alu_export_values(j, run, &p->cf[pc + 1], vals);
         jit_alu_end(j, run, blocks->live ? blocks->live[pc + 1] : NULL);   /* cannot fault */
         jit_cf_export_values(j, pc + 1, blocks, vals);
         return true;
      }
      bool may_fault = jit_alu_end(j, run, blocks->live ? blocks->live[pc] : NULL);
      next = plain ? plain_alu_end(j, pc, may_fault) : jit_cf_alu_end(j, pc, blocks, may_fault);
   } else {
      next = jit_vtx_clause(j, pc);
      if (!next)
         next = jit_tex_clause(j, pc);
      if (!next)
         next = jit_cf_step(j, pc, blocks);
   }
   if (!next)
      return true;   /* every path branches to its successor */
   if (target && LLVMIsAConstantInt(next)) {   /* a plain clause that cannot fault */
      bool end = LLVMConstIntGetSExtValue(next) == SIM_PC_END;
      LLVMBuildBr(j->b, end ? ok : bb[pc + 1]);
      return true;
   }
   if (!target) {
      LLVMBuildRet(j->b, next);
      return true;
   }
   LLVMBasicBlockRef here = LLVMGetInsertBlock(j->b);
   LLVMValueRef sw = LLVMBuildSwitch(j->b, next, dispatch, 4);
   LLVMAddIncoming(target, &next, &here, 1);
   LLVMAddCase(sw, LLVMConstInt(j->i32, (uint64_t)(int64_t)SIM_PC_END, 1), ok);
   LLVMAddCase(sw, LLVMConstInt(j->i32, (uint64_t)(int64_t)SIM_PC_FAULT, 1), fault);
   if (pc + 1 < p->ncf)
      LLVMAddCase(sw, ci32(j, pc + 1), bb[pc + 1]);
   if (jumps(cf->op) && cf->addr < p->ncf && cf->addr != pc + 1)
      LLVMAddCase(sw, ci32(j, cf->addr), bb[cf->addr]);
   return true;
}

static void function_attributes(struct jb *j, LLVMValueRef fn)
{
   static const char dn_key[] = "denormal-fp-math", dn_val[] = "preserve-sign,preserve-sign";
   LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                           LLVMCreateStringAttribute(j->ctx, dn_key, sizeof(dn_key) - 1, dn_val,
                                                     sizeof(dn_val) - 1));
   unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
   LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                           LLVMCreateEnumAttribute(j->ctx, nounwind, 0));
}

/* The split form's blocks: each CF block (not chained) is a function returning the next CF
 * index; j->fn calls them in a loop through a table indexed by CF index (NULL: no block
 * starts there, a fault, as the one-function form's dispatch). */
static bool build_split(struct jb *j, LLVMTypeRef fty, bool *chained, LLVMBasicBlockRef *bb,
                        const uint8_t (*live)[SIM_MAX_GPRS])
{
   const struct sim_program *p = j->p;
   LLVMValueRef main_fn = j->fn, *table = calloc(p->ncf, sizeof(*table));
   if (!table)
      return false;
   char name[32];
   for (unsigned pc = p->entry; pc < p->ncf; pc++) {
      if (chained[pc])
         continue;
      snprintf(name, sizeof(name), "cf%u", pc);
      table[pc] = LLVMAddFunction(j->mod, name, fty);
      LLVMSetLinkage(table[pc], LLVMInternalLinkage);
      function_attributes(j, table[pc]);
   }
   for (unsigned pc = 0; pc < p->ncf; pc++) {
      if (!table[pc])
         table[pc] = LLVMConstPointerNull(j->ptr);
   }
   bool ok = true;
   for (unsigned first = p->entry; ok && first < p->ncf; first++) {
      if (chained[first])
         continue;
      j->fn = table[first];
      j->x = LLVMGetParam(j->fn, 0);
      j->fetch_buf = NULL;
      LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "entry");
      struct jit_cf_blocks blocks = { bb, LLVMAppendBasicBlockInContext(j->ctx, j->fn, "end"),
                                      LLVMAppendBasicBlockInContext(j->ctx, j->fn, "fault"), live };
      bb[first] = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "cf");
      LLVMPositionBuilderAtEnd(j->b, blocks.ok);
      LLVMBuildRet(j->b, LLVMConstInt(j->i32, (uint64_t)(int64_t)SIM_PC_END, 1));
      LLVMPositionBuilderAtEnd(j->b, blocks.fault);
      LLVMBuildRet(j->b, LLVMConstInt(j->i32, (uint64_t)(int64_t)SIM_PC_FAULT, 1));
      LLVMPositionBuilderAtEnd(j->b, entry);
      j->lanes = load(j, j->ptr, gep(j, j->x, offsetof(struct sim_run, lanes)));
      LLVMSetAlignment(j->lanes, 8);
      LLVMBuildBr(j->b, bb[first]);
      LLVMPositionBuilderAtEnd(j->b, bb[first]);
      ok = emit_block(j, first, chained, &blocks, NULL, NULL);
      /* forget this function's blocks: its own and the returns to its successors
       * (jit_cf.c's next_block), pc + 1 and ADDR of its first and last CF instruction */
      unsigned last = first;
      while (last + 1 < p->ncf && chained[last + 1])
         last++;
      unsigned seen[5] = { first, first + 1, last + 1, p->cf[first].addr, p->cf[last].addr };
      for (unsigned i = 0; i < 5; i++) {
         if (seen[i] < p->ncf)
            bb[seen[i]] = NULL;
      }
   }

   /* int main(x): pc = entry; while (pc < ncf && table[pc]) pc = table[pc](x);
    * return pc == END. */
   j->fn = main_fn;
   j->x = LLVMGetParam(main_fn, 0);
   LLVMTypeRef aty = LLVMArrayType(j->ptr, p->ncf);
   LLVMValueRef g = LLVMAddGlobal(j->mod, aty, "cf_blocks");
   LLVMSetInitializer(g, LLVMConstArray(j->ptr, table, p->ncf));
   LLVMSetGlobalConstant(g, 1);
   LLVMSetLinkage(g, LLVMPrivateLinkage);
   free(table);
   LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(j->ctx, main_fn, "entry");
   LLVMBasicBlockRef loop = LLVMAppendBasicBlockInContext(j->ctx, main_fn, "loop");
   LLVMBasicBlockRef look = LLVMAppendBasicBlockInContext(j->ctx, main_fn, "lookup");
   LLVMBasicBlockRef call = LLVMAppendBasicBlockInContext(j->ctx, main_fn, "call");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, main_fn, "done");
   LLVMPositionBuilderAtEnd(j->b, entry);
   LLVMBuildBr(j->b, loop);
   LLVMPositionBuilderAtEnd(j->b, loop);
   LLVMValueRef pc = LLVMBuildPhi(j->b, j->i32, "pc");
   LLVMBuildCondBr(j->b, LLVMBuildICmp(j->b, LLVMIntULT, pc, ci32(j, p->ncf), ""), look, done);
   LLVMPositionBuilderAtEnd(j->b, look);
   LLVMValueRef idx = LLVMBuildZExt(j->b, pc, j->i64, "");
   LLVMValueRef fp = LLVMBuildLoad2(j->b, j->ptr, LLVMBuildGEP2(j->b, j->ptr, g, &idx, 1, ""), "");
   LLVMBuildCondBr(j->b, LLVMBuildIsNull(j->b, fp, ""), done, call);
   LLVMPositionBuilderAtEnd(j->b, call);
   LLVMValueRef next = LLVMBuildCall2(j->b, fty, fp, &j->x, 1, "");
   LLVMBuildBr(j->b, loop);
   LLVMValueRef in_v[2] = { ci32(j, p->entry), next };
   LLVMBasicBlockRef in_b[2] = { entry, call };
   LLVMAddIncoming(pc, in_v, in_b, 2);
   LLVMPositionBuilderAtEnd(j->b, done);
   LLVMValueRef end = LLVMBuildICmp(j->b, LLVMIntEQ, pc,
                                    LLVMConstInt(j->i32, (uint64_t)(int64_t)SIM_PC_END, 1), "");
   LLVMBuildRet(j->b, LLVMBuildZExt(j->b, end, j->i32, ""));
   return ok;
}

LLVMValueRef sim_jit_build_function(const struct sim_program *p, LLVMModuleRef mod,
                                    const char *name, bool split)
{
   struct jb j = { .p = p };
   jb_init(&j, LLVMGetModuleContext(mod), mod);
   LLVMContextRef ctx = j.ctx;

   LLVMTypeRef fty = LLVMFunctionType(j.i32, &j.ptr, 1, 0);
   j.fn = LLVMAddFunction(j.mod, name, fty);
   function_attributes(&j, j.fn);
   j.x = LLVMGetParam(j.fn, 0);

   LLVMBasicBlockRef *bb = calloc(p->ncf, sizeof(*bb));
   bool *chained = calloc(p->ncf, sizeof(*chained));
   uint8_t (*live)[SIM_MAX_GPRS] = jit_live_after(p);   /* NULL: everything live */
   if (!bb || !chained)
      goto fail;
   find_chained(p, chained);
   if (split) {
      if (!build_split(&j, fty, chained, bb, (const uint8_t (*)[SIM_MAX_GPRS])live))
         goto fail;
      goto done;
   }
   LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, j.fn, "entry");
   LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(ctx, j.fn, "ok");
   LLVMBasicBlockRef fault = LLVMAppendBasicBlockInContext(ctx, j.fn, "fault");
   LLVMBasicBlockRef dispatch = LLVMAppendBasicBlockInContext(ctx, j.fn, "dispatch");
   struct jit_cf_blocks blocks = { bb, ok, fault, (const uint8_t (*)[SIM_MAX_GPRS])live };
   for (unsigned pc = p->entry; pc < p->ncf; pc++) {
      if (!chained[pc])
         bb[pc] = LLVMAppendBasicBlockInContext(ctx, j.fn, "cf");
   }

   LLVMPositionBuilderAtEnd(j.b, ok);
   LLVMBuildRet(j.b, ci32(&j, 1));
   LLVMPositionBuilderAtEnd(j.b, fault);
   LLVMBuildRet(j.b, ci32(&j, 0));
   LLVMPositionBuilderAtEnd(j.b, entry);
   j.lanes = load(&j, j.ptr, gep(&j, j.x, offsetof(struct sim_run, lanes)));
   LLVMSetAlignment(j.lanes, 8);
   LLVMBuildBr(j.b, bb[p->entry]);

   /* Any CF index a helper returns (RETURN goes back to a CALL's successor). */
   LLVMPositionBuilderAtEnd(j.b, dispatch);
   LLVMValueRef target = LLVMBuildPhi(j.b, j.i32, "target");
   LLVMValueRef dsw = LLVMBuildSwitch(j.b, target, fault, p->ncf - p->entry + 1);
   LLVMAddCase(dsw, LLVMConstInt(j.i32, (uint64_t)(int64_t)SIM_PC_END, 1), ok);
   for (unsigned pc = p->entry; pc < p->ncf; pc++) {
      if (bb[pc])
         LLVMAddCase(dsw, ci32(&j, pc), bb[pc]);
   }

   for (unsigned first = p->entry; first < p->ncf; first++) {
      if (chained[first])
         continue;
      LLVMPositionBuilderAtEnd(j.b, bb[first]);
      if (!emit_block(&j, first, chained, &blocks, target, dispatch))
         goto fail;
   }
   if (!LLVMCountIncoming(target))   /* every successor was known: no dispatch */
      LLVMDeleteBasicBlock(dispatch);
done:
   free(bb);
   free(chained);
   free(live);
   LLVMDisposeBuilder(j.b);
   return j.fn;
fail:
   free(bb);
   free(chained);
   free(live);
   LLVMDisposeBuilder(j.b);
   if (j.fn)
      LLVMDeleteFunction(j.fn);
   return NULL;
}

LLVMModuleRef sim_jit_build_module(const struct sim_program *p, LLVMContextRef ctx,
                                   const char *name, bool split)
{
   LLVMModuleRef mod = LLVMModuleCreateWithNameInContext(name, ctx);
   if (!sim_jit_build_function(p, mod, name, split)) {
      LLVMDisposeModule(mod);
      return NULL;
   }
   return mod;
}
