/* ALU clauses -> LLVM IR. A run of consecutive ALU clauses (one, or several plain ones that
 * jit_build.c chains when nothing but falling through can reach them) is straight-line code
 * (between clauses only jit_build.c's kcache entry, a test with a rarely taken side path);
 * the register file lives in SSA values for its length (struct jit_alu_run): a GPR is
 * loaded from struct sim_lanes on its first read and stored back once at the end of the
 * run, in the lanes of the exec mask the run started with (exec and predicate updates take
 * effect at the end of a group or of the clause, interp.c has the reference rules; a clause
 * that changes exec ends its run): with all 16 lanes in that mask, the common case, as plain
 * stores, else as blends with the values in memory.
 *
 * Why the values need not be masked while the run executes: an instruction without
 * PRED_SEL writes the lanes of the run's exec mask, so its unmasked result is right for
 * every lane whose register is ever stored; what the other lanes compute is never stored
 * and reaches nothing else (predicate, exec, kill and AR updates are masked by the
 * enabled lanes). A PRED_SEL write selects against the register's current value.
 *
 * NaN canonicalization (alu_ops.h: a computed NaN is 0x7FC00000) is lazy: the arithmetic ops
 * leave x86's NaN in a `raw` value; a consumer for which the payload cannot matter
 * (jit_nan_blind: arithmetic, float compares) reads it as it is, every other consumer and
 * every store reads the canonical form, computed once per value. Denormal flushing is the
 * MXCSR's FTZ/DAZ, set around every run for both engines.
 *
 * Relative addressing: AR lives in SSA vectors for the clause; a relative GPR read first
 * stores the dirty registers, then gathers from memory; a relative write stores them,
 * scatters, and forgets every cached register. The register index is clamped into the file
 * (an invalid lane reads 0, writes nothing and is reported through sim_run.rel_fault). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jit/jit_alu_clause.h"
#include "jit/jit_alu_ops.h"
#include "jit/jit_host.h"
#include "jit/jit_ir.h"
#include "jit/jit_transc.h"
#include "sq/alu_fp64.h"
#include "sq/alu_ops.h"
#include "sq/run_state.h"

/* A value of the clause: `v` as computed; `raw` if it may be a NaN with x86's payload;
 * `canon` its canonical form once some consumer asked for it. */
struct jv {
   LLVMValueRef v, canon;
   bool raw;
};

struct gpr_slot {
   struct jv val;        /* val.v NULL: not read or written in this clause yet */
   bool dirty;
};

/* Everything the emission of a run of clauses tracks. */
struct jit_alu_run {
   struct gpr_slot gpr[SIM_MAX_GPRS][4];
   LLVMValueRef exec, exec_mask;   /* i16 / <16 x i1>: exec at the start of the run */
   LLVMValueRef ar[4];             /* <16 x i32>, of the clause being emitted */
   LLVMValueRef bad;               /* i16: lanes with an invalid relative register */
   LLVMValueRef cbad;              /* i16: lanes with an invalid relative constant-file index */
   LLVMValueRef pred, new_exec, kill;   /* i16: predicate, exec and kill updates so far */
   LLVMValueRef pred0;             /* i16: the predicate at the start of the run */
   LLVMValueRef kc_base[2];        /* ptr: constant 0 of each kcache set of the clause */
   LLVMValueRef kc_val[2][32][4];  /* <16 x i32>: the constants the clause has read */
};

static LLVMValueRef canon_of(struct jb *j, struct jv *v)
{
   if (!v->raw)
      return v->v;
   if (!v->canon)
      v->canon = jit_canon(j, v->v);
   return v->canon;
}

static LLVMValueRef gpr_ptr(struct jb *j, unsigned reg, unsigned chan)
{
   return gep(j, j->lanes, offsetof(struct sim_lanes, gpr) + ((uint64_t)reg * 4 + chan) * SIM_LANES * 4);
}

static struct jv *gpr_read(struct jb *j, struct jit_alu_run *cl, unsigned reg, unsigned chan)
{
   struct gpr_slot *s = &cl->gpr[reg][chan];
   if (!s->val.v)
      s->val = (struct jv){ load(j, j->vi, gpr_ptr(j, reg, chan)), NULL, false };
   return &s->val;
}

static LLVMValueRef call_masked(struct jb *j, const char *name, LLVMTypeRef t0, LLVMTypeRef t1,
                                LLVMValueRef *args, unsigned n)
{
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMTypeRef tys[2] = { t0, t1 };
   LLVMValueRef decl = LLVMGetIntrinsicDeclaration(j->mod, id, tys, 2);
   LLVMTypeRef fty = LLVMIntrinsicGetType(j->ctx, id, tys, 2);
   return LLVMBuildCall2(j->b, fty, decl, args, n, "");
}

/* A blend with the stored value rather than a masked store: the same bits (a thread owns its
 * lanes), and AMD cores run vpmaskmovd to memory as microcode (about 12 cycles a ymm). */
static void gpr_store(struct jb *j, struct jit_alu_run *cl, unsigned r, unsigned c, LLVMValueRef v)
{
   LLVMValueRef p = gpr_ptr(j, r, c);
   store(j, sel(j, cl->exec_mask, v, load(j, j->vi, p)), p, 4);
}

/* Stores every dirty register, canonical, in the lanes of the clause's exec mask (the old
 * values loaded only here: nothing keeps them live through the clause). */
static void gpr_flush(struct jb *j, struct jit_alu_run *cl)
{
   for (unsigned r = 0; r < SIM_MAX_GPRS; r++) {
      for (unsigned c = 0; c < 4; c++) {
         struct gpr_slot *s = &cl->gpr[r][c];
         if (!s->dirty)
            continue;
         gpr_store(j, cl, r, c, canon_of(j, &s->val));
         s->dirty = false;
      }
   }
}

/* ---- relative addressing ------------------------------------------------------------------ */

/* The per-lane index + INDEX_MODE offset of a relative operand; *valid = lanes inside
 * 0..limit-1 (the others use index 0). Lanes of `en` (i16) that are not valid are added to
 * *bad. */
static LLVMValueRef rel_index(struct jb *j, struct jit_alu_run *cl, unsigned index, unsigned mode,
                              unsigned limit, LLVMValueRef en, LLVMValueRef *bad, LLVMValueRef *valid)
{
   LLVMValueRef off = mode == SIM_INDEX_LOOP
      ? splat(j, load(j, j->i32, gep(j, j->x, offsetof(struct sim_run, loop_index))))
      : cl->ar[mode];
   LLVMValueRef r = LLVMBuildAdd(j->b, kvec(j, index), off, "");
   *valid = icmp(j, LLVMIntULT, r, kvec(j, limit));
   *bad = or_(j, *bad, and_(j, en, not_(j, mask16(j, *valid))));
   return sel(j, *valid, r, kvec(j, 0));
}

/* Per-lane pointers to gpr[r][chan][lane] of a relative GPR operand. */
static LLVMValueRef rel_ptrs(struct jb *j, struct jit_alu_run *cl, unsigned index, unsigned mode,
                             unsigned chan, LLVMValueRef en, LLVMValueRef *valid)
{
   LLVMValueRef r = rel_index(j, cl, index, mode, SIM_MAX_GPRS, en, &cl->bad, valid);
   LLVMValueRef e = LLVMBuildMul(j->b, r, kvec(j, 4 * SIM_LANES), "");
   e = LLVMBuildAdd(j->b, e, kvec(j, chan * SIM_LANES), "");
   e = LLVMBuildAdd(j->b, e, lane_ids(j), "");
   LLVMValueRef base = gep(j, j->lanes, offsetof(struct sim_lanes, gpr));
   return LLVMBuildGEP2(j->b, j->i32, base, &e, 1, "");
}

static LLVMValueRef gather(struct jb *j, LLVMValueRef ptrs, LLVMValueRef valid)
{
   LLVMValueRef args[4] = { ptrs, ci32(j, 4), LLVMConstAllOnes(j->vb), LLVMGetPoison(j->vi) };
   LLVMValueRef v = call_masked(j, "llvm.masked.gather", j->vi, LLVMVectorType(j->ptr, SIM_LANES), args, 4);
   return sel(j, valid, v, kvec(j, 0));
}

static LLVMValueRef rel_load(struct jb *j, struct jit_alu_run *cl, const struct sim_src *s,
                             unsigned mode, LLVMValueRef en)
{
   LLVMValueRef valid, ptrs;
   if (s->kind == SIM_SRC_CFILE) {
      LLVMValueRef r = rel_index(j, cl, s->index, mode, SIM_CFILE_PER_STAGE, en, &cl->cbad, &valid);
      LLVMValueRef e = LLVMBuildAdd(j->b, LLVMBuildMul(j->b, r, kvec(j, 4), ""), kvec(j, s->chan), "");
      LLVMValueRef base = load(j, j->ptr, gep(j, j->x, offsetof(struct sim_run, cfile)));
      ptrs = LLVMBuildGEP2(j->b, j->i32, base, &e, 1, "");
   } else {
      gpr_flush(j, cl);
      ptrs = rel_ptrs(j, cl, s->index, mode, s->chan, en, &valid);
   }
   return gather(j, ptrs, valid);
}

static void rel_store(struct jb *j, struct jit_alu_run *cl, const struct sim_alu_inst *a,
                      LLVMValueRef v, LLVMValueRef en)
{
   gpr_flush(j, cl);
   LLVMValueRef valid;
   LLVMValueRef ptrs = rel_ptrs(j, cl, a->dst_gpr, a->index_mode, a->dst_chan, en, &valid);
   LLVMValueRef m = and_(j, LLVMBuildBitCast(j->b, en, j->vb, ""), valid);
   LLVMValueRef args[4] = { v, ptrs, ci32(j, 4), m };
   call_masked(j, "llvm.masked.scatter", j->vi, LLVMVectorType(j->ptr, SIM_LANES), args, 4);
   memset(cl->gpr, 0, sizeof(cl->gpr));   /* any register may have changed */
}

/* ---- operands ------------------------------------------------------------------------------ */

/* The clause-wide values one group's instructions read and update. */
struct group_state {
   const struct sim_alu_group *g;
   const struct sim_alu_inst *in;
   struct jit_alu_run *cl;
   LLVMValueRef pred;                /* i16, as at the start of the group */
   struct jv *pv, *ps;               /* PV.xyzw / PS of the previous group */
   LLVMValueRef new_pred, new_exec, kill;
};

/* Source `k` of `a`, with its ABS/NEG modifiers; canonical unless the op is blind to NaN
 * payloads in that operand, in which case *raw tells whether it may be raw. */
static LLVMValueRef read_src(struct jb *j, struct group_state *gs, const struct sim_alu_inst *a,
                             unsigned k, LLVMValueRef en, bool *raw)
{
   const struct sim_src *s = &a->src[k];
   bool blind = jit_nan_blind((enum hw_isa_id)a->op, k);
   struct jv *src = NULL;
   LLVMValueRef v = NULL;
   if (s->rel) {
      v = rel_load(j, gs->cl, s, a->index_mode, en);
   } else {
      switch (s->kind) {
      case SIM_SRC_GPR: src = gpr_read(j, gs->cl, s->index, s->chan); break;
      case SIM_SRC_PV: src = &gs->pv[s->chan]; break;
      case SIM_SRC_PS: src = gs->ps; break;
      case SIM_SRC_KCACHE: {
         LLVMValueRef *k = &gs->cl->kc_val[s->index / 32][s->index % 32][s->chan];
         if (!*k)
            *k = splat(j, load(j, j->i32, gep(j, gs->cl->kc_base[s->index / 32],
                                                ((uint64_t)(s->index % 32) * 4 + s->chan) * 4)));
         v = *k;
         break;
      }
      case SIM_SRC_CFILE: {
         LLVMValueRef base = load(j, j->ptr, gep(j, j->x, offsetof(struct sim_run, cfile)));
         v = splat(j, load(j, j->i32, gep(j, base, ((uint64_t)s->index * 4 + s->chan) * 4)));
         break;
      }
      case SIM_SRC_INLINE: v = jit_inline_const(j, s->index); break;
      default: v = jit_literal(j, gs->g, s->chan); break;
      }
   }
   if (raw)
      *raw = false;
   if (src) {
      if (blind) {
         v = src->v;
         if (raw)
            *raw = src->raw;
      } else {
         v = canon_of(j, src);
      }
   }
   if (s->abs)
      v = and_(j, v, kvec(j, 0x7FFFFFFFu));
   if (s->neg)
      v = LLVMBuildXor(j->b, v, kvec(j, 0x80000000u), "");
   return v;
}

static LLVMValueRef pred_sel_lanes(struct jb *j, unsigned pred_sel, LLVMValueRef pred)
{
   if (pred_sel == SIM_PRED_ZERO)
      return not_(j, pred);
   if (pred_sel == SIM_PRED_ONE)
      return pred;
   return ci16(j, 0xFFFF);
}

static LLVMValueRef en_of(struct jb *j, const struct group_state *gs, const struct sim_alu_inst *a)
{
   return and_(j, gs->cl->exec, pred_sel_lanes(j, a->pred_sel, gs->pred));
}

/* The predicate / exec / kill effects of a PRED_SET* or KILL* with pass bits `pass`. */
static void apply_pass(struct jb *j, struct group_state *gs, const struct sim_alu_inst *a,
                       LLVMValueRef en, LLVMValueRef pass)
{
   if (a->info->flags & HW_ISA_F_KILL)
      gs->kill = or_(j, gs->kill, and_(j, en, pass));
   if (a->update_pred)
      gs->new_pred = or_(j, and_(j, gs->new_pred, not_(j, en)), and_(j, pass, en));
   if (a->update_exec)
      gs->new_exec = and_(j, gs->new_exec, not_(j, and_(j, en, not_(j, pass))));
}

/* ---- instructions ---------------------------------------------------------------------------- */

/* The reduction of the group into res[] of its four slots. */
static void emit_reduction(struct jb *j, struct group_state *gs, struct jv res[])
{
   const struct sim_alu_group *g = gs->g;
   const struct sim_alu_inst *in = gs->in;
   LLVMValueRef ra[4], rb[4], red[4];
   unsigned op = in[g->slot_inst[0]].op;
   for (unsigned u = 0; u < 4; u++) {
      const struct sim_alu_inst *a = &in[g->slot_inst[u]];
      LLVMValueRef en = en_of(j, gs, a);
      ra[u] = read_src(j, gs, a, 0, en, NULL);
      rb[u] = a->info->num_src > 1 ? read_src(j, gs, a, 1, en, NULL) : kvec(j, 0);
   }
   bool raw;
   jit_alu_reduce(j, (enum hw_isa_id)op, ra, rb, red, &raw);
   for (unsigned u = 0; u < 4; u++) {
      const struct sim_alu_inst *a = &in[g->slot_inst[u]];
      res[g->slot_inst[u]] = (struct jv){ jit_alu_post(j, red[u], a->omod, a->clamp), NULL, raw };
   }
}

/* The FP64 operation whose lowest slot is `first`, through sim_alu_fp64_vec. */
static void emit_fp64(struct jb *j, struct group_state *gs, unsigned first, struct jv res[])
{
   const struct sim_alu_group *g = gs->g;
   const struct sim_alu_inst *in = gs->in, *lead = &in[g->slot_inst[first]];
   unsigned n = sim_fp64_is_quad(lead->op) ? 4 : 2;
   size_t in_off = offsetof(struct sim_run, fp64_in), out_off = offsetof(struct sim_run, fp64_out);
   for (unsigned k = 0; k < 3; k++) {
      for (unsigned u = 0; u < 4; u++) {
         const struct sim_alu_inst *a = u >= first && u < first + n ? &in[g->slot_inst[u]] : NULL;
         LLVMValueRef v = a && k < a->info->num_src ? read_src(j, gs, a, k, en_of(j, gs, a), NULL)
                                                    : kvec(j, 0);
         store(j, v, gep(j, j->x, in_off + ((uint64_t)k * 4 + u) * SIM_LANES * 4), 4);
      }
   }
   uint32_t mode = lead->omod | (lead->clamp ? 4u : 0u) | (j->p->dx10_clamp ? 8u : 0u);
   LLVMValueRef args[5] = { ci32(j, lead->op), ci32(j, first), ci32(j, mode), gep(j, j->x, in_off),
                            gep(j, j->x, out_off) };
   LLVMValueRef pass = LLVMBuildCall2(j->b, j->fp64_ty, jit_host_fn(j, JIT_HOST_ALU_FP64), args, 5, "");
   for (unsigned u = first; u < first + n; u++) {
      LLVMValueRef v = load(j, j->vi, gep(j, j->x, out_off + (uint64_t)u * SIM_LANES * 4));
      res[g->slot_inst[u]] = (struct jv){ v, NULL, false };
   }
   if (lead->info->flags & HW_ISA_F_PRED_SET)
      apply_pass(j, gs, lead, en_of(j, gs, lead), LLVMBuildTrunc(j->b, pass, j->i16, ""));
}

/* One ordinary (single-slot) instruction into *res. */
static void emit_inst(struct jb *j, struct group_state *gs, const struct sim_alu_inst *a, struct jv *res)
{
   const struct hw_isa_op *info = a->info;
   enum hw_isa_id op = (enum hw_isa_id)a->op;
   LLVMValueRef s[3] = { kvec(j, 0), kvec(j, 0), kvec(j, 0) };
   LLVMValueRef en = en_of(j, gs, a);
   for (unsigned k = 0; k < info->num_src; k++)
      s[k] = read_src(j, gs, a, k, en, NULL);
   *res = (struct jv){ NULL, NULL, false };
   if (info->flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET)) {
      LLVMValueRef pass;
      if (sim_alu_is_compare(op)) {
         pass = mask16(j, jit_alu_cond(j, op, s[0], s[1]));
         res->v = jit_alu_op(j, op, s[0], s[1], s[2], NULL);
      } else {
         res->v = jit_call_lanes(j, op, s[0], s[1], s[2], &pass);
      }
      apply_pass(j, gs, a, en, pass);
      return;
   }
   if (sim_alu_is_transcendental(op))
      res->v = jit_transc(j, op, j->p->chip, s[0]);
   else
      res->v = jit_alu_op(j, op, s[0], s[1], s[2], &res->raw);
   if (info->result == HW_ISA_RESULT_FLOAT)
      res->v = jit_alu_post(j, res->v, a->omod, a->clamp);
}

/* The group's register, AR and PV/PS updates, in slot order. */
static void write_group(struct jb *j, struct group_state *gs, struct jv res[])
{
   const struct sim_alu_group *g = gs->g;
   struct jit_alu_run *cl = gs->cl;
   struct jv npv[4] = { gs->pv[0], gs->pv[1], gs->pv[2], gs->pv[3] }, nps = *gs->ps;
   for (unsigned i = 0; i < g->count; i++) {
      const struct sim_alu_inst *a = &gs->in[i];
      if (a->unit == SIM_UNIT_T)
         nps = res[i];
      else
         npv[a->unit] = res[i];
      LLVMValueRef en = en_of(j, gs, a);
      if (a->info->flags & HW_ISA_F_MOVA)
         cl->ar[a->ar_chan] = sel(j, lane_vec(j, en), res[i].v, cl->ar[a->ar_chan]);
      if (!a->write)
         continue;
      if (a->dst_rel) {
         rel_store(j, cl, a, canon_of(j, &res[i]), en);
         continue;
      }
      struct gpr_slot *d = &cl->gpr[a->dst_gpr][a->dst_chan];
      if (a->pred_sel != SIM_PRED_OFF) {
         /* Canonical on both sides: a raw flag covers all lanes, and lanes kept from
          * memory may hold any NaN, which canonicalizing would change. */
         struct jv *cur = gpr_read(j, cl, a->dst_gpr, a->dst_chan);
         d->val = (struct jv){ sel(j, lane_vec(j, en), canon_of(j, &res[i]), canon_of(j, cur)), NULL, false };
      } else {
         d->val = res[i];
      }
      d->dirty = true;
   }
   memcpy(gs->pv, npv, sizeof(npv));
   *gs->ps = nps;
}

struct jit_alu_run *jit_alu_begin(struct jb *j)
{
   struct jit_alu_run *cl = calloc(1, sizeof(*cl));
   if (!cl)
      return NULL;
   cl->exec = load(j, j->i16, gep(j, j->x, offsetof(struct sim_run, exec)));
   cl->exec_mask = lane_vec(j, cl->exec);
   cl->bad = cl->cbad = ci16(j, 0);
   cl->pred = cl->pred0 = load(j, j->i16, gep(j, j->x, offsetof(struct sim_run, pred)));
   cl->new_exec = cl->exec;
   cl->kill = ci16(j, 0);
   return cl;
}

void jit_alu_clause(struct jb *j, struct jit_alu_run *cl, const struct sim_cf *cf,
                    LLVMValueRef kc_base[2])
{
   const struct sim_program *p = j->p;
   for (unsigned c = 0; c < 4; c++)
      cl->ar[c] = kvec(j, 0);
   cl->kc_base[0] = kc_base[0];
   cl->kc_base[1] = kc_base[1];
   memset(cl->kc_val, 0, sizeof(cl->kc_val));
   /* PV/PS before the first group, like NOP's result, are 0.0 loaded at run time: an LLVM
    * constant would let code generation fold x + -PV.x to x, keeping a denormal x that the
    * MXCSR's DAZ/FTZ flushes when the add runs. */
   struct jv pv[4], ps = { jit_inline_const(j, 0), NULL, false };
   for (unsigned c = 0; c < 4; c++)
      pv[c] = ps;

   for (unsigned gi = 0; gi < cf->count; gi++) {
      const struct sim_alu_group *g = &p->groups[cf->first + gi];
      const struct sim_alu_inst *in = &p->alu[g->first];
      struct jv res[SIM_MAX_GROUP] = { { NULL, NULL, false } };
      struct group_state gs = { g, in, cl, cl->pred, pv, &ps, cl->pred, cl->new_exec, cl->kill };

      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &in[i];
         if (res[i].v)
            continue;
         if (a->info->slot_class == HW_ISA_SLOT_REDUCTION)
            emit_reduction(j, &gs, res);
         else if (a->info->flags & HW_ISA_F_FP64)
            emit_fp64(j, &gs, sim_fp64_is_quad(a->op) ? 0 : a->unit & 2u, res);
         else
            emit_inst(j, &gs, a, &res[i]);
      }
      write_group(j, &gs, res);
      cl->pred = gs.new_pred;
      cl->new_exec = gs.new_exec;
      cl->kill = gs.kill;
   }
}

bool jit_alu_clause_continues(const struct sim_program *p, const struct sim_cf *cf)
{
   for (unsigned gi = 0; gi < cf->count; gi++) {
      const struct sim_alu_group *g = &p->groups[cf->first + gi];
      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &p->alu[g->first + i];
         if (a->dst_rel || a->update_exec || (a->info->flags & HW_ISA_F_KILL))
            return false;
         for (unsigned k = 0; k < a->info->num_src; k++) {
            if (a->src[k].rel)
               return false;
         }
      }
   }
   return true;
}

/* Whether no relative index of the run can leave its file: rel_fault and cfile_fault are
 * then 0 as they were at its start (a run starts with both 0 and a clause that sets them
 * faults the program: sim_cf_alu_end), so neither is stored nor tested. */
static bool faults_never(struct jb *j, const struct jit_alu_run *cl)
{
   return cl->bad == ci16(j, 0) && cl->cbad == ci16(j, 0);
}

/* The run's stores of everything but the registers. A predicate or exec mask the run did not
 * change is in memory as it was loaded (nothing the run calls writes them). */
static void state_stores(struct jb *j, struct jit_alu_run *cl)
{
   LLVMValueRef exec_ptr = gep(j, j->x, offsetof(struct sim_run, exec));
   LLVMValueRef killed_ptr = gep(j, j->x, offsetof(struct sim_run, killed));
   if (cl->pred != cl->pred0)
      store(j, cl->pred, gep(j, j->x, offsetof(struct sim_run, pred)), 2);
   if (!faults_never(j, cl)) {
      store(j, cl->bad, gep(j, j->x, offsetof(struct sim_run, rel_fault)), 2);
      store(j, cl->cbad, gep(j, j->x, offsetof(struct sim_run, cfile_fault)), 2);
   }
   if (cl->new_exec == cl->exec && cl->kill == ci16(j, 0))
      return;
   store(j, and_(j, cl->new_exec, not_(j, cl->kill)), exec_ptr, 2);
   store(j, or_(j, load(j, j->i16, killed_ptr), cl->kill), killed_ptr, 2);
}

/* The canonical forms of the raw values vals[raw[0..nraw-1]], in place. A NaN is rare, so
 * they are computed only behind one test of them all - an unordered compare tests two
 * values at once - instead of a compare and a select each; where no lane of any is a NaN,
 * canonicalizing would change nothing. */
static void canon_batch(struct jb *j, LLVMValueRef *vals, const unsigned *raw, unsigned nraw)
{
   if (nraw == 1)
      vals[raw[0]] = jit_canon(j, vals[raw[0]]);
   if (nraw <= 1)
      return;
   LLVMValueRef any = NULL;
   for (unsigned i = 0; i < nraw; i += 2) {
      LLVMValueRef pair = fcmp(j, LLVMRealUNO, vals[raw[i]], vals[raw[i + 1 < nraw ? i + 1 : i]]);
      any = any ? or_(j, any, pair) : pair;
   }
   LLVMBasicBlockRef from = LLVMGetInsertBlock(j->b);
   LLVMBasicBlockRef nan = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "gpr_canon");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "gpr_canonical");
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntNE, mask16(j, any), ci16(j, 0)), nan, done);
   LLVMPositionBuilderAtEnd(j->b, nan);
   LLVMValueRef canon[SIM_MAX_GPRS * 4];
   for (unsigned i = 0; i < nraw; i++)
      canon[i] = jit_canon(j, vals[raw[i]]);
   LLVMBuildBr(j->b, done);
   LLVMPositionBuilderAtEnd(j->b, done);
   for (unsigned i = 0; i < nraw; i++) {
      LLVMValueRef phi = LLVMBuildPhi(j->b, j->vi, "");
      LLVMValueRef in[2] = { vals[raw[i]], canon[i] };
      LLVMBasicBlockRef bb[2] = { from, nan };
      LLVMAddIncoming(phi, in, bb, 2);
      vals[raw[i]] = phi;
   }
}

/* Dirty registers to store at the end of a run: vals[i] into GPR idx[i] / 4, channel
 * idx[i] % 4; raw[0..nraw-1]: the i whose canonical form no consumer asked for yet. */
struct flush_set {
   LLVMValueRef vals[SIM_MAX_GPRS * 4];
   unsigned idx[SIM_MAX_GPRS * 4], raw[SIM_MAX_GPRS * 4], n, nraw;
};

static void flush_add(struct flush_set *f, struct gpr_slot *s, unsigned r, unsigned c)
{
   f->idx[f->n] = r * 4 + c;
   if (s->val.raw && !s->val.canon)
      f->raw[f->nraw++] = f->n;
   f->vals[f->n++] = s->val.raw && s->val.canon ? s->val.canon : s->val.v;
}

/* The stores of f, canonical (canon_batch), specialised for the common case of every lane
 * in the run's exec mask (a whole block of pixels or vertices): there the blend keeps
 * nothing of the stored values, so the registers are stored as they are, without loading
 * the old ones. */
static void flush_stores(struct jb *j, struct jit_alu_run *cl, struct flush_set *f)
{
   if (!f->n)
      return;
   canon_batch(j, f->vals, f->raw, f->nraw);
   LLVMBasicBlockRef all = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "gpr_store_all");
   LLVMBasicBlockRef some = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "gpr_store_blend");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "gpr_stored");
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntEQ, cl->exec, ci16(j, 0xFFFF)), all, some);
   LLVMPositionBuilderAtEnd(j->b, all);
   for (unsigned i = 0; i < f->n; i++)
      store(j, f->vals[i], gpr_ptr(j, f->idx[i] / 4, f->idx[i] % 4), 4);
   LLVMBuildBr(j->b, done);
   LLVMPositionBuilderAtEnd(j->b, some);
   for (unsigned i = 0; i < f->n; i++)
      gpr_store(j, cl, f->idx[i] / 4, f->idx[i] % 4, f->vals[i]);
   LLVMBuildBr(j->b, done);
   LLVMPositionBuilderAtEnd(j->b, done);
}

/* gpr_flush at the end of a run. A register no later instruction reads (not in `live`,
 * jit_live.h; NULL: all are read) is stored only when the run's owner may read the GPRs
 * (sim_run.gprs_unread 0). */
static void gpr_flush_end(struct jb *j, struct jit_alu_run *cl, const uint8_t *live)
{
   struct flush_set kept_set, dead_set, *kept = &kept_set, *dead = &dead_set;
   kept->n = kept->nraw = dead->n = dead->nraw = 0;
   for (unsigned r = 0; r < SIM_MAX_GPRS; r++) {
      for (unsigned c = 0; c < 4; c++) {
         struct gpr_slot *s = &cl->gpr[r][c];
         if (!s->dirty)
            continue;
         flush_add(!live || (live[r] >> c & 1) ? kept : dead, s, r, c);
         s->dirty = false;
      }
   }
   flush_stores(j, cl, kept);
   if (dead->n) {
      LLVMBasicBlockRef store_bb = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "gpr_store_unread");
      LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "gpr_unread_done");
      LLVMValueRef unread = load(j, j->i8, gep(j, j->x, offsetof(struct sim_run, gprs_unread)));
      LLVMBuildCondBr(j->b, icmp(j, LLVMIntEQ, unread, LLVMConstInt(j->i8, 0, 0)), store_bb, done);
      LLVMPositionBuilderAtEnd(j->b, store_bb);
      flush_stores(j, cl, dead);
      LLVMBuildBr(j->b, done);
      LLVMPositionBuilderAtEnd(j->b, done);
   }
}

bool jit_alu_end(struct jb *j, struct jit_alu_run *cl, const uint8_t *live)
{
   gpr_flush_end(j, cl, live);
   state_stores(j, cl);
   bool may_fault = !faults_never(j, cl);
   free(cl);
   return may_fault;
}

void jit_alu_export_values(struct jb *j, struct jit_alu_run *cl, const struct sim_cf *exp,
                           LLVMValueRef vals[][4])
{
   for (unsigned b = 0; b < exp->burst; b++) {
      for (unsigned ch = 0; ch < 4; ch++) {
         unsigned s = exp->sel[ch];
         struct gpr_slot *g = s <= SIM_SEL_W ? &cl->gpr[exp->gpr + b][s] : NULL;
         vals[b][ch] = g && g->val.v ? canon_of(j, &g->val) : NULL;
      }
   }
}

void jit_alu_exit_stores(struct jb *j, struct jit_alu_run *cl)
{
   for (unsigned r = 0; r < SIM_MAX_GPRS; r++) {
      for (unsigned c = 0; c < 4; c++) {
         const struct jv *v = &cl->gpr[r][c].val;
         if (cl->gpr[r][c].dirty)   /* canonical, without recording it for the main path */
            gpr_store(j, cl, r, c, v->canon ? v->canon : v->raw ? jit_canon(j, v->v) : v->v);
      }
   }
   state_stores(j, cl);
}
