/* Differential fuzzer: random valid R6xx/R7xx pixel-shader programs run on the interpreter
 * and on the JIT, which must agree bit for bit (GPRs, exports, KILL mask, fault status and
 * text, stack report); and, where every active lane is valid, the JIT run as the fused
 * pixel path runs it (sim_run.gprs_unread: exports, KILL mask and fault only).
 *
 * A program is a random structured CF nest (ALU clauses, IF/ELSE through ALU_PUSH_BEFORE +
 * JUMP / ELSE / POP, DX10 loops with ALU_BREAK / ALU_CONTINUE / LOOP_BREAK /
 * LOOP_CONTINUE) whose ALU groups come from isa_text_gen's random group generator (every
 * opcode of the instruction table on the chip, slot / read-port / literal / kcache rules,
 * random modifiers, relative addressing, predicates, exec-mask updates, kills; on R7xx
 * also FP64 groups filling their slot pairs). Loop
 * counters live in R120..R123 and per-lane trip counts in R124..R127, which the random
 * groups never write (their DST_GPR is folded into 0..119), so loops end (a runaway loop
 * still only is a fault both engines must report alike). Inputs: every GPR of every lane
 * and a constant buffer filled from NaNs, infinities, signed zeros, denormals, integer
 * extremes and random bits.
 * Constants: kcache sets of either set on banks 0 and 1 (two buffers; on R7xx also through
 * ALT_CONST, the VS buffers), LOCK_1 / LOCK_2 / LOCK_LOOP_INDEX, DX9 loops (LOOP_START with
 * SQ_LOOP_CONST INIT / INC, so AL moves the lines), runs of consecutive constant-reading
 * clauses (which the JIT chains); in about one program of five the constant registers
 * have a defect (a buffer size beyond its buffer or below the lines read, an unmapped base,
 * a base inside a buffer, a partial last line) so that locking faults, also between
 * chained clauses. Engines must agree on the GPRs and exports also when a program faults.
 * The CF forms beyond those come from a second random stream, so a seed's program keeps
 * what it had (fuzz_regression_* tests replay seeds) and gains them on top: IFs opened by
 * PUSH / POP_PUSH / PUSH_ELSE / POP_PUSH_ELSE before a plain clause, POP_JUMP, ELSEs as
 * ALU_ELSE_AFTER, ENDIFs as ALU_POP_AFTER, an IF whose ENDIF also ends the enclosing IF
 * (ALU_POP2_AFTER, POP / JUMP / ELSE with POP_COUNT 2), POPs that skip a clause when no lane
 * was active, clauses between LOOP_BREAK / LOOP_CONTINUE and their POP, COND FALSE / BOOL /
 * NOT_BOOL on a random SQ_BOOL_CONST; in some programs one CF instruction mutated
 * (POP_COUNT, COND or the ALU clause kind: stack underflows, pops of loop entries, ELSE
 * without a push, loop instructions outside loops); and now and then a program that pushes
 * branch and loop entries until the stack overflows, or a runaway loop whose backward jumps
 * alternate between two CF instructions (the fault names the one past the limit).
 * R600SIM_FUZZ_CF=0 generates the programs of the same seeds without these forms.
 * Programs also contain VTX / VTX_TC fetch clauses (their choices come from a second random
 * stream, so R600SIM_FUZZ_FETCH=0 generates the programs of the same seeds without them, as
 * before they existed): FETCH / SEMANTIC with random BUFFER_ID, FETCH_TYPE, source (R0, which
 * then holds small indices, or any GPR), destination below the loop registers, DST_SEL,
 * formats (the inline ones of jit_fetch.c and others), number format, sign, SRF mode, endian
 * swap, USE_CONST_FIELDS, OFFSET, CONST_BUF_NO_STRIDE, FETCH_WHOLE_QUAD, SRC_REL / DST_REL,
 * ALT_CONST, clause quad modes; resources with random base, stride, SIZE (inside the data
 * buffer, past its end, unmapped, huge), CLAMP_X, format fields, and now and then invalid;
 * random base vertex, start instance and semantic table.
 *
 * usage: fuzz_engines [COUNT [SEED [r600|rv770]]]   COUNT programs per chip (default 300);
 * program i of a run uses seed SEED + i, so a failure is reproduced by
 * `fuzz_engines 1 <printed seed> <chip>`. Exit status 1 on any disagreement.
 * R600SIM_FUZZ_FAULTS=1 prints the fault of every program that faulted (on both engines);
 * R600SIM_FUZZ_FETCH=0 leaves the VTX clauses out. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/gpu_memory.h"
#include "isa_alu.h"
#include "isa_classify.h"
#include "isa_harness.h"
#include "sq/isa_decode.h"
#include "sq/isa_ops.h"
#include "sq/isa_program.h"
#include "sq/isa_read.h"
#include "sq/run_state.h"
#include "isa_text_gen.h"
#include "jit/jit_live.h"

#define FIRST_COUNTER 120   /* R120..R123: loop counters; R124..R127: trip counts */
#define MAX_DEPTH 3
#define CONST_BYTES 4096    /* constant buffer 0: 256 vec4 (16 lines) */
#define CONST1_BYTES 2048   /* constant buffer 1: 8 lines */
#define LOOP_CONSTS 4       /* DX9 loops use SQ_LOOP_CONST 0..3 of the PS */
#define KCACHE_BANKS 16     /* KCACHE_BANK values */

static bool op_seen[2][HW_ISA_NUM_OPS];   /* [rv770?] ALU opcodes the programs used */
static bool cf_forms = true;              /* R600SIM_FUZZ_CF=0: without the CF stream's forms */

/* CF instructions of the generated programs by name (the control-flow ones). */
#define CF_NAMES 22
static const char *const cf_names[CF_NAMES] = {
   "ALU_PUSH_BEFORE", "ALU_POP_AFTER", "ALU_POP2_AFTER", "ALU_ELSE_AFTER", "ALU_BREAK",
   "ALU_CONTINUE", "JUMP", "PUSH", "PUSH_ELSE", "POP_PUSH", "POP_PUSH_ELSE", "POP_JUMP", "ELSE",
   "POP", "LOOP_START_DX10", "LOOP_END", "LOOP_BREAK", "LOOP_CONTINUE", "COND_FALSE", "COND_BOOL",
   "COND_NOT_BOOL", "POP_COUNT_2+"};
static unsigned long cf_count[CF_NAMES];

static void count_cf(const struct isa_program *p)
{
   for (unsigned k = 0; k < p->ncf; k++) {
      enum isa_cf_kind kind;
      const char *name;
      unsigned opcode;
      if (!isa_cf_classify(p->chip, p->cf[k].w, &kind, &name, &opcode))
         continue;
      for (unsigned i = 0; i < CF_NAMES; i++)
         cf_count[i] += !strcmp(name, cf_names[i]);
      if (kind != ISA_CF_PLAIN)
         continue;
      static const char *const conds[3] = {"SQ_CF_COND_FALSE", "SQ_CF_COND_BOOL", "SQ_CF_COND_NOT_BOOL"};
      unsigned cond = isa_get(p->chip, ISA_F_CF1, "COND", p->cf[k].w[1]);
      for (unsigned c = 0; c < 3; c++)
         cf_count[CF_NAMES - 4 + c] += cond == isa_enum(p->chip, ISA_F_CF1, "COND", conds[c]);
      cf_count[CF_NAMES - 1] += isa_get(p->chip, ISA_F_CF1, "POP_COUNT", p->cf[k].w[1]) >= 2;
   }
}

/* The generator draws from two streams: `rng` for everything programs had before the
 * constant features (kcache banks, LOCK_LOOP_INDEX, DX9 loops, runs of constant-reading
 * clauses, constant-register defects) and `rng2` for those, so a seed's program keeps what
 * it had (fuzz_regression_* tests replay seeds) and gains the new features on top. */
struct gen {
   struct isa_program *p;
   uint64_t *rng, *rng2;
   uint64_t *crng;          /* the CF forms' stream; NULL: none of them */
   uint64_t *frng;          /* fetch clauses' random stream; NULL: no fetch clauses */
   unsigned vtx_clauses, vtx_fetches;
   unsigned loops;          /* loops open around the current point */
   unsigned dx9_loops;      /* of which DX9 loops (AL set by LOOP_START) */
   unsigned extra_cf;       /* CF instructions from rng2 (outside the CF budget) */
   int loop_end_fixup[8];   /* CF indices of LOOP_BREAK / LOOP_CONTINUE to point at LOOP_END */
   unsigned nfix;
   unsigned cf_budget;
};

static uint32_t special_value(uint64_t *rng)
{
   static const uint32_t v[] = {
      0x7fc00000, 0xffc00000, 0x7f800001, 0x7fbfffff, 0x7fffffff, 0xff800000, 0x7f800000,
      0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00400000, 0x3f800000, 0xbf800000,
      0x3f000000, 0x4b000000, 0x4f000000, 0xcf000000, 0x7f7fffff, 0x00800000, 0x80800000,
      0x00000002, 0xffffffff, 0x80000001, 0x0000001f, 0x00000020, 0x40490fdb, 0xc0490fdb,
      0x3fc90fdb, 0x42c80000, 0x447a0000};
   switch (gen_below(rng, 4)) {
   case 0: return (uint32_t)gen_rand(rng);
   case 1: return gen_below(rng, 64) - 8;   /* small integers, negative too */
   case 2: {                                /* a float of modest range */
      float f = (float)((int)gen_below(rng, 2001) - 1000) / (float)(1 + gen_below(rng, 64));
      return U(f);
   }
   default: return v[gen_below(rng, sizeof(v) / sizeof(v[0]))];
   }
}

static unsigned sel_enum(enum hw_chip c, const char *name)
{
   return isa_enum(c, ISA_F_ALU0, "SRC0_SEL", name);
}

/* What a group may rely on from the earlier groups of its clause. */
struct clause_state {
   unsigned prev_units;   /* units (x..w, t) the previous group used; 0: first group */
   unsigned mova_units;   /* units of the previous group's MOVA* */
   unsigned ar_loaded;    /* AR components loaded by MOVA* earlier in the clause */
   bool chainable;        /* no exec update, kill or relative operand: a clause the JIT may
                             run together with the next one */
};

static const struct hw_isa_op *inst_op(enum hw_chip ch, const struct isa_alu_inst *in)
{
   bool op3 = isa_alu_is_op3(ch, in->w);
   unsigned number = isa_get(ch, op3 ? ISA_F_ALU_OP3 : ISA_F_ALU_OP2, "ALU_INST", in->w[1]);
   return hw_isa_find(ch, op3 ? HW_ISA_ENC_ALU_OP3 : HW_ISA_ENC_ALU_OP2, number);
}

/* Turns a group that merely passes the encoding rules into one the engines execute: drops
 * what they report as unmodelled (exec/pred updates outside PRED_SET*, MOVA* GPR writes,
 * global GPR index modes, reserved PRED_SEL) and rejects groups with operands that need
 * state the clause has not set up (PV/PS of unused units, AR components never loaded, the
 * DX9 constant file, which is off) or opcodes the simulator does not implement. */
static bool executable_group(enum hw_chip ch, struct isa_alu_group *g, void *ctx)
{
   const struct clause_state *cs = ctx;
   static const char *const sel[3] = {"SRC0_SEL", "SRC1_SEL", "SRC2_SEL"};
   static const char *const rel[3] = {"SRC0_REL", "SRC1_REL", "SRC2_REL"};
   unsigned movas = 0;
   for (unsigned i = 0; i < g->n; i++) {
      const struct hw_isa_op *op = inst_op(ch, &g->ins[i]);
      if (!op || !sim_alu_implemented(hw_isa_id_of(op)) || (op->flags & HW_ISA_F_FP64))
         return false;
      movas += !!(op->flags & HW_ISA_F_MOVA);
      if (cs->chainable && (op->flags & HW_ISA_F_KILL))
         return false;
   }
   for (unsigned i = 0; i < g->n; i++) {
      struct isa_alu_inst *in = &g->ins[i];
      const struct hw_isa_op *op = inst_op(ch, in);
      bool op3 = isa_alu_is_op3(ch, in->w);
      if (!op3 && !(op->flags & HW_ISA_F_PRED_SET)) {
         isa_set(ch, ISA_F_ALU_OP2, "UPDATE_EXECUTE_MASK", &in->w[1], 0);
         isa_set(ch, ISA_F_ALU_OP2, "UPDATE_PRED", &in->w[1], 0);
      }
      if (!op3 && cs->chainable)
         isa_set(ch, ISA_F_ALU_OP2, "UPDATE_EXECUTE_MASK", &in->w[1], 0);
      if (!op3 && (op->flags & HW_ISA_F_MOVA))
         isa_set(ch, ISA_F_ALU_OP2, "WRITE_MASK", &in->w[1], 0);
      if (!op3 && isa_field(ch, ISA_F_ALU_OP2, "FOG_MERGE"))
         isa_set(ch, ISA_F_ALU_OP2, "FOG_MERGE", &in->w[1], 0);
      if (isa_get(ch, ISA_F_ALU0, "PRED_SEL", in->w[0]) == 1)
         isa_set(ch, ISA_F_ALU0, "PRED_SEL", &in->w[0], 0);
      bool uses_rel = isa_get(ch, ISA_F_ALU1, "DST_REL", in->w[1]);
      for (unsigned k = 0; k < op->num_src; k++) {
         unsigned s = isa_get(ch, k < 2 ? ISA_F_ALU0 : ISA_F_ALU_OP3, sel[k], in->w[k < 2 ? 0 : 1]);
         unsigned chan = isa_get(ch, k < 2 ? ISA_F_ALU0 : ISA_F_ALU_OP3, k == 0 ? "SRC0_CHAN" : k == 1 ? "SRC1_CHAN" : "SRC2_CHAN",
                                 in->w[k < 2 ? 0 : 1]);
         enum isa_src_kind kind = isa_src_kind(ch, s);
         unsigned need = kind == ISA_SRC_PV ? 1u << chan : kind == ISA_SRC_PS ? 1u << ISA_SLOT_T : 0;
         if (kind == ISA_SRC_CFILE || kind == ISA_SRC_RESERVED || (need & ~cs->prev_units) ||
             (need & cs->mova_units))
            return false;
         if (kind != ISA_SRC_GPR)
            isa_set(ch, k < 2 ? ISA_F_ALU0 : ISA_F_ALU_OP3, rel[k], &in->w[k < 2 ? 0 : 1], 0);
         uses_rel |= isa_get(ch, k < 2 ? ISA_F_ALU0 : ISA_F_ALU_OP3, rel[k], in->w[k < 2 ? 0 : 1]) != 0;
      }
      if (uses_rel && cs->chainable)
         return false;
      if (uses_rel) {
         unsigned mode = isa_get(ch, ISA_F_ALU0, "INDEX_MODE", in->w[0]);
         if (mode > 4)
            isa_set(ch, ISA_F_ALU0, "INDEX_MODE", &in->w[0], mode = 4);
         if (mode < 4 && (movas || !(cs->ar_loaded >> mode & 1)))
            return false;
      }
   }
   return true;
}

static bool fp64_group(enum hw_chip ch, const uint32_t cfw[2], struct isa_alu_group *g, uint64_t *rng);

/* kcache sets of the ALU clause with CF words w: `rng` picks which sets are locked, LOCK_1 or
 * LOCK_2 and a line (0..14); g->rng2 then moves them: set 0 mostly on bank 0 (16 lines),
 * set 1 mostly on bank 1 (8 lines), LOCK_2 sometimes LOCK_LOOP_INDEX (mostly inside DX9
 * loops), the line into what the buffer holds when the registers are sound (with AL in
 * 0..46, random_consts); rarely another bank (size 0: a fault) or a line up to 255; on
 * R7xx sometimes ALT_CONST (the VS buffers). */
static void random_kcache(struct gen *g, uint64_t *rng, uint32_t *w, bool locked)
{
   enum hw_chip ch = g->p->chip;
   static const char *const modes[] = {"SQ_CF_KCACHE_NOP", "SQ_CF_KCACHE_LOCK_1", "SQ_CF_KCACHE_LOCK_2",
                                       "SQ_CF_KCACHE_LOCK_LOOP_INDEX"};
   static const enum isa_fmt fmt[2] = {ISA_F_CFALU0, ISA_F_CFALU1};
   static const char *const mode[2] = {"KCACHE_MODE0", "KCACHE_MODE1"};
   static const char *const bank[2] = {"KCACHE_BANK0", "KCACHE_BANK1"};
   static const char *const addr[2] = {"KCACHE_ADDR0", "KCACHE_ADDR1"};
   static const unsigned lines[2] = {CONST_BYTES / 256, CONST1_BYTES / 256};
   unsigned m[2] = {0, 0}, a[2] = {0, 0};
   if (locked) {
      m[0] = 1 + gen_below(rng, 2);
      a[0] = gen_below(rng, 15);
      if (gen_below(rng, 2)) {
         m[1] = 1 + gen_below(rng, 2);
         a[1] = gen_below(rng, 15);
      }
   }
   uint64_t *r2 = g->rng2;
   for (unsigned s = 0; s < 2 && m[s]; s++) {
      if (m[s] == 2 && gen_below(r2, g->dx9_loops ? 2 : 8) == 0)
         m[s] = 3;   /* two lines too, at line + floor(AL / 16) */
      unsigned b = gen_below(r2, 4) ? s : 1 - s, r = gen_below(r2, 512);
      unsigned room = lines[b] - (m[s] == 3 ? 3 : m[s] == 2 ? 1 : 0);   /* AL / 16 <= 2 */
      a[s] %= room;
      if (r == 0)
         b = 2 + gen_below(r2, KCACHE_BANKS - 2);
      else if (r == 1)
         a[s] = gen_below(r2, 256);
      isa_set(ch, fmt[s], mode[s], &w[s], isa_enum(ch, fmt[s], mode[s], modes[m[s]]));
      isa_set(ch, ISA_F_CFALU0, bank[s], &w[0], b);
      isa_set(ch, ISA_F_CFALU1, addr[s], &w[1], a[s]);
   }
   if (ch == HW_CHIP_R7XX && m[0] && gen_below(r2, 8) == 0)
      isa_set(ch, ISA_F_CFALU1, "ALT_CONST", &w[1], 1);
}

/* An ALU clause of kind `cfname` with `n` random groups drawn from `rng`; returns the clause.
 * A `chainable` clause has no exec update, kill or relative operand. */
static struct isa_clause *alu_clause_ex(struct gen *g, uint64_t *rng, const char *cfname, unsigned n,
                                        bool kcache, bool chainable)
{
   struct isa_program *p = g->p;
   enum hw_chip ch = p->chip;
   unsigned k = gen_cf(p, cfname);
   uint32_t *w = p->cf[k].w;
   random_kcache(g, rng, w, kcache);
   isa_set(ch, ISA_F_CFALU1, "BARRIER", &w[1], 1);
   struct isa_clause *c = gen_clause(p, k, GEN_AUTO_ADDR);
   struct clause_state cs = { .chainable = chainable };
   for (unsigned i = 0; i < n; i++) {
      struct isa_alu_group *grp = gen_group(c);
      if (ch != HW_CHIP_R7XX || gen_below(rng, 12) || !fp64_group(ch, w, grp, rng))
         gen_random_alu_group(ch, w, grp, rng, executable_group, &cs);
      unsigned bad;
      char why[200];
      isa_group_slots(ch, grp, &bad, why, sizeof(why));
      cs.prev_units = cs.mova_units = 0;
      for (unsigned j = 0; j < grp->n; j++) {
         uint32_t *iw = &grp->ins[j].w[1];
         unsigned dst = isa_get(ch, ISA_F_ALU1, "DST_GPR", *iw);
         if (dst >= FIRST_COUNTER)
            isa_set(ch, ISA_F_ALU1, "DST_GPR", iw, dst % FIRST_COUNTER);
         unsigned unit = grp->ins[j].slot < 0 ? 0 : 1u << grp->ins[j].slot;
         cs.prev_units |= unit;
         const struct hw_isa_op *op = inst_op(ch, &grp->ins[j]);
         if (op)
            op_seen[ch == HW_CHIP_R7XX][hw_isa_id_of(op)] = true;
         if (op && (op->flags & HW_ISA_F_MOVA))
            cs.mova_units |= unit;
      }
      cs.ar_loaded |= cs.mova_units;
   }
   if (cs.mova_units)   /* AR is loaded for later groups: a MOVA* must not end the clause */
      gen_alu(ch, gen_group(c), "NOP", 0, 0);
   return c;
}

static struct isa_clause *alu_clause(struct gen *g, const char *cfname, unsigned n)
{
   return alu_clause_ex(g, g->rng, cfname, n, gen_below(g->rng, 2), false);
}

/* Whether a group passes isa_validate in an ALU clause run by CF words cfw. */
static bool group_valid(enum hw_chip ch, const uint32_t cfw[2], const struct isa_alu_group *g)
{
   struct isa_program t;
   struct isa_diags d = {0};
   gen_init(&t, ch);
   t.cf[0].w[0] = cfw[0];
   t.cf[0].w[1] = cfw[1];
   t.cf[0].kind = ISA_CF_ALU;
   t.ncf = 1;
   *gen_group(gen_clause(&t, 0, GEN_AUTO_ADDR)) = *g;
   gen_finish(&t);
   bool ok = isa_validate(&t, &d);
   isa_program_free(&t);
   return ok;
}

/* An R7xx double-precision group: one FP64 opcode in x..w (two pairs; PRED_SET*_64 one
 * pair, as a group holds one PRED_SET), operands R<a..c>.<slot channel>, random negation
 * and destination. False if no valid one was found. */
static bool fp64_group(enum hw_chip ch, const uint32_t cfw[2], struct isa_alu_group *g, uint64_t *rng)
{
   const struct hw_isa_op *t = hw_isa_table(HW_CHIP_R7XX);
   static const char *const negs[3] = {"SRC0_NEG", "SRC1_NEG", "SRC2_NEG"};
   for (unsigned tries = 0; tries < 50; tries++) {
      const struct hw_isa_op *op = &t[gen_below(rng, HW_ISA_NUM_OPS)];
      if (!op->name || !(op->flags & HW_ISA_F_FP64) || !sim_alu_implemented(hw_isa_id_of(op)))
         continue;
      memset(g, 0, sizeof(*g));
      unsigned dst = gen_below(rng, FIRST_COUNTER), srcs[3];
      for (unsigned k = 0; k < 3; k++)
         srcs[k] = gen_below(rng, 128);
      unsigned n = (op->flags & HW_ISA_F_PRED_SET) ? 2 : 4;
      for (unsigned c = 0; c < n; c++) {
         struct isa_alu_inst *in = gen_alu(ch, g, op->name, dst, c);
         for (unsigned k = 0; k < op->num_src; k++) {
            gen_src(ch, in, k, srcs[k], c);
            if (gen_below(rng, 4) == 0)
               isa_set(ch, k < 2 ? ISA_F_ALU0 : ISA_F_ALU_OP3, negs[k], &in->w[k < 2 ? 0 : 1], 1);
         }
         if ((op->flags & HW_ISA_F_PRED_SET) && gen_below(rng, 2)) {
            isa_set(ch, ISA_F_ALU_OP2, "UPDATE_PRED", &in->w[1], 1);
            isa_set(ch, ISA_F_ALU_OP2, "UPDATE_EXECUTE_MASK", &in->w[1], 1);
         }
      }
      if (group_valid(ch, cfw, g))
         return true;
   }
   return false;
}

/* A group `op dst.chan, a, b` with sources GPR/inline selects, optionally updating exec/pred. */
static void simple_op(enum hw_chip ch, struct isa_clause *c, const char *op, int dst, unsigned chan,
                      unsigned s0, unsigned c0, unsigned s1, unsigned c1, bool pred)
{
   struct isa_alu_group *grp = gen_group(c);
   struct isa_alu_inst *in = gen_alu(ch, grp, op, dst < 0 ? 0 : (unsigned)dst, chan);
   gen_src(ch, in, 0, s0, c0);
   gen_src(ch, in, 1, s1, c1);
   if (dst < 0)
      isa_set(ch, ISA_F_ALU_OP2, "WRITE_MASK", &in->w[1], 0);
   if (pred) {
      isa_set(ch, ISA_F_ALU_OP2, "UPDATE_EXECUTE_MASK", &in->w[1], 1);
      isa_set(ch, ISA_F_ALU_OP2, "UPDATE_PRED", &in->w[1], 1);
   }
}

static const char *random_pred_op(uint64_t *rng)
{
   static const char *const ops[] = {"PRED_SETGT", "PRED_SETGE", "PRED_SETE", "PRED_SETNE",
                                     "PRED_SETGT_INT", "PRED_SETGE_INT", "PRED_SETE_INT",
                                     "PRED_SETNE_INT", "PRED_SETGT_UINT", "PRED_SETGE_UINT"};
   return ops[gen_below(rng, sizeof(ops) / sizeof(ops[0]))];
}

static void set_cf_addr(struct isa_program *p, unsigned k, unsigned addr, unsigned pop)
{
   isa_set(p->chip, ISA_F_CF0, "ADDR", &p->cf[k].w[0], addr);
   isa_set(p->chip, ISA_F_CF1, "POP_COUNT", &p->cf[k].w[1], pop);
   isa_set(p->chip, ISA_F_CF1, "BARRIER", &p->cf[k].w[1], 1);
}

/* An ALU clause (ALU_PUSH_BEFORE, or ALU after a PUSH*) with random groups and a final
 * data-dependent PRED_SET* exec update. */
static void push_clause(struct gen *g, const char *kind)
{
   struct isa_clause *c = alu_clause(g, kind, gen_below(g->rng, 3));
   simple_op(g->p->chip, c, random_pred_op(g->rng), -1, 0, gen_below(g->rng, 128), gen_below(g->rng, 4),
             gen_below(g->rng, 128), gen_below(g->rng, 4), true);
}

/* ------------------------------------------------------------------ vertex fetch */

#define FETCH_SLOTS 4            /* BUFFER_ID 0..3: PS slots 0..3 (ALT_CONST: 160..163) */
#define FETCH_DATA_BYTES 1024
#define DFMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n

static const struct { uint32_t code; unsigned bytes; } fetch_formats[] = {
   { DFMT(32_FLOAT), 4 }, { DFMT(32_32_FLOAT), 8 }, { DFMT(32_32_32_FLOAT), 12 },
   { DFMT(32_32_32_32_FLOAT), 16 }, { DFMT(32_FLOAT), 4 }, { DFMT(32_32_32_FLOAT), 12 },
   { DFMT(32), 4 }, { DFMT(32_32), 8 }, { DFMT(32_32_32), 12 }, { DFMT(32_32_32_32), 16 },
   { DFMT(8), 1 }, { DFMT(8_8), 2 }, { DFMT(8_8_8), 3 }, { DFMT(8_8_8_8), 4 }, { DFMT(8_8_8_8), 4 },
   { DFMT(16), 2 }, { DFMT(16_16), 4 }, { DFMT(16_16_16), 6 }, { DFMT(16_16_16_16), 8 },
   { DFMT(16_FLOAT), 2 }, { DFMT(16_16_FLOAT), 4 }, { DFMT(16_16_16_FLOAT), 6 },
   { DFMT(16_16_16_16_FLOAT), 8 },
   { DFMT(2_10_10_10), 4 }, { DFMT(5_6_5), 2 }, { DFMT(1_5_5_5), 2 }, { DFMT(4_4_4_4), 2 },
};
#define PACKED_FORMATS 4   /* the last ones */
#define NUM_FETCH_FORMATS (sizeof(fetch_formats) / sizeof(fetch_formats[0]))

/* The vertex layout of a program, drawn before it: each resource slot's element format
 * (index into fetch_formats), which many fetches of the slot use with stride = element size,
 * so that the last element before SIZE is often exactly reached. */
static unsigned slot_format[2 * FETCH_SLOTS];

/* A DATA_FORMAT; `plain`: one of those jit_fetch.c decodes inline. */
static unsigned random_fetch_format(uint64_t *r, bool plain)
{
   if (gen_below(r, 256) == 0)
      return DFMT(10_11_11_FLOAT);   /* not implemented: a fault */
   return fetch_formats[gen_below(r, plain ? NUM_FETCH_FORMATS - PACKED_FORMATS : NUM_FETCH_FORMATS)].code;
}

/* A random fetch; `plain`: without the fields that keep a clause off jit_fetch.c's inline
 * path (SEMANTIC, SRC_REL, DST_REL, USE_CONST_FIELDS, endian swap, packed formats). */
static struct vfetch random_vfetch(uint64_t *r, bool plain)
{
   const unsigned types[3] = { ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_VERTEX_DATA),
                               ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_INSTANCE_DATA),
                               ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_NO_INDEX_OFFSET) };
   const unsigned nums[3] = { ENU(SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_NORM),
                              ENU(SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_INT),
                              ENU(SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_SCALED) };
   const unsigned endians[2] = { ENU(SQ_VTX_WORD2, ENDIAN_SWAP, SQ_ENDIAN_8IN16),
                                 ENU(SQ_VTX_WORD2, ENDIAN_SWAP, SQ_ENDIAN_8IN32) };
   const unsigned sels[7] = { VSEL(X), VSEL(Y), VSEL(Z), VSEL(W), VSEL(0), VSEL(1), VSEL(MASK) };
   struct vfetch v = {
      .buffer = gen_below(r, FETCH_SLOTS), .alt = R7 && gen_below(r, 8) == 0,
      .src_gpr = gen_below(r, 2) ? 0 : gen_below(r, SIM_MAX_GPRS), .src_chan = gen_below(r, 4),
      .dst_gpr = gen_below(r, FIRST_COUNTER),
      .sgn = gen_below(r, 2), .no_zero = gen_below(r, 2),
      .const_fields = !plain && gen_below(r, 6) == 0, .no_stride = gen_below(r, 10) == 0,
      .semantic = !plain && gen_below(r, 8) == 0, .semantic_id = gen_below(r, 8),
      .src_rel = !plain && gen_below(r, 8) == 0, .dst_rel = !plain && gen_below(r, 8) == 0,
      .whole_quad = gen_below(r, 6) == 0,
   };
   if (gen_below(r, 2)) {   /* the slot's element, from its start */
      v.fmt = fetch_formats[slot_format[v.buffer + (v.alt ? FETCH_SLOTS : 0)]].code;
      v.offset = 0;
   } else {
      v.fmt = random_fetch_format(r, plain);
      v.offset = gen_below(r, 16) ? gen_below(r, 48) : gen_below(r, 0x10000);
   }
   v.fetch_type = types[gen_below(r, 3)];
   v.num = nums[gen_below(r, 3)];
   v.endian = plain || gen_below(r, 5) ? ENU(SQ_VTX_WORD2, ENDIAN_SWAP, SQ_ENDIAN_NONE) : endians[gen_below(r, 2)];
   for (unsigned c = 0; c < 4; c++)
      v.sel[c] = sels[gen_below(r, 4) ? c : gen_below(r, 7)];
   return v;
}

/* A VTX or VTX_TC clause of random fetches, sometimes in a quad mode; two of three clauses
 * are `plain` (random_vfetch). */
static void vtx_clause(struct gen *g)
{
   struct isa_program *p = g->p;
   enum hw_chip ch = p->chip;
   uint64_t *r = g->frng;
   unsigned k = gen_cf(p, gen_below(r, 2) ? "VTX" : "VTX_TC");
   uint32_t *w = p->cf[k].w;
   isa_set(ch, ISA_F_CF1, "BARRIER", &w[1], 1);
   unsigned mode = gen_below(r, 8);
   if (mode == 0)
      isa_set(ch, ISA_F_CF1, "WHOLE_QUAD_MODE", &w[1], 1);
   else if (mode == 1)
      isa_set(ch, ISA_F_CF1, "VALID_PIXEL_MODE", &w[1], 1);
   struct isa_clause *c = gen_clause(p, k, GEN_AUTO_ADDR);
   unsigned n = gen_below(r, 16) == 0 ? isa_cf_clause_count_max(ch, c->kind) : 1 + gen_below(r, 3);
   bool plain = gen_below(r, 3) != 0;
   for (unsigned i = 0; i < n; i++) {
      struct vfetch v = random_vfetch(r, plain);
      vtx_words(&v, gen_fetch(ch, c, v.semantic ? "SQ_VTX_INST_SEMANTIC" : "SQ_VTX_INST_FETCH")->w);
   }
   g->vtx_clauses++;
   g->vtx_fetches += n;
}

/* The resources, index offsets and semantic table the fetches read, a data buffer of random
 * dwords at *data_va (to free), and small fetch indices in R0. */
static void fetch_inputs(uint64_t *r, uint64_t *data_va)
{
   /* 16-bit halves that are edge cases of the 8- and 16-bit formats: -128 / -32768 (below
    * -1 as NORM), extremes, fp16 infinities, NaNs, denormals */
   static const uint16_t narrow[] = { 0x8000, 0x8080, 0x8000, 0x8080, 0x8080, 0x7FFF, 0x7F7F,
                                      0x0000, 0xFFFF, 0x807F,
                                      0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE01, 0x0001, 0x8001,
                                      0x03FF, 0x0400, 0x3C00 };
   static uint8_t data[FETCH_DATA_BYTES];
   for (unsigned i = 0; i < FETCH_DATA_BYTES / 4; i++) {
      uint32_t v;
      switch (gen_below(r, 3)) {
      case 0: v = special_value(r); break;
      case 1: v = (uint32_t)gen_rand(r); break;
      default:
         v = narrow[gen_below(r, sizeof(narrow) / sizeof(narrow[0]))] |
             (uint32_t)narrow[gen_below(r, sizeof(narrow) / sizeof(narrow[0]))] << 16;
         break;
      }
      memcpy(&data[4 * i], &v, 4);
   }
   *data_va = upload(data, sizeof(data));
   for (unsigned s = 0; s < 2 * FETCH_SLOTS; s++) {
      unsigned slot = s < FETCH_SLOTS ? s : 160 + s - FETCH_SLOTS;
      unsigned skip = gen_below(r, 64), elem = fetch_formats[slot_format[s]].bytes;
      uint64_t va = *data_va + skip;
      uint32_t room = FETCH_DATA_BYTES - skip, last, stride;
      switch (gen_below(r, 8)) {
      case 0: stride = 0; break;
      case 1: stride = 1 + gen_below(r, 4); break;
      case 2: stride = 1 + gen_below(r, 40); break;
      case 3: stride = gen_below(r, 2048); break;
      default: stride = elem; break;
      }
      switch (gen_below(r, 12)) {
      case 0: last = room + gen_below(r, 300); break;   /* past the buffer's end */
      case 1: last = gen_below(r, 4) ? room - 1 : 0xFFFFFFFFu; break;
      case 2: last = gen_below(r, 16); break;
      case 3: last = gen_below(r, room); break;
      default:   /* a whole number of elements, as drivers program SIZE */
         last = (stride ? stride : elem) * (1 + gen_below(r, gen_below(r, 2) ? 4 : 40)) - 1;
         if (last >= room)
            last = room - 1;
         break;
      }
      if (gen_below(r, 128) == 0)
         va = 0x1000 + skip;   /* unmapped */
      uint32_t w2 = SQ_VTX_CONSTANT_WORD2__CLAMP_X(gen_below(r, 2)) |
                    SQ_VTX_CONSTANT_WORD2__DATA_FORMAT(random_fetch_format(r, false)) |
                    SQ_VTX_CONSTANT_WORD2__NUM_FORMAT_ALL(gen_below(r, 3)) |
                    SQ_VTX_CONSTANT_WORD2__FORMAT_COMP_ALL(gen_below(r, 2)) |
                    SQ_VTX_CONSTANT_WORD2__SRF_MODE_ALL(gen_below(r, 2)) |
                    SQ_VTX_CONSTANT_WORD2__ENDIAN_SWAP(gen_below(r, 8) ? 0 : gen_below(r, 3));
      set_buffer(slot, va, last + 1, stride, w2);
      if (gen_below(r, 128) == 0)
         set_reg(REG_SQ_VTX_CONSTANT_WORD6_0 + slot * RES_STRIDE,
                 SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE));
   }
   set_reg(REG_SQ_VTX_BASE_VTX_LOC, gen_below(r, 4) ? gen_below(r, 8) : (uint32_t)gen_rand(r));
   set_reg(REG_SQ_VTX_START_INST_LOC, gen_below(r, 4) ? gen_below(r, 8) : (uint32_t)gen_rand(r));
   for (unsigned n = 0; n < 32; n++)
      set_reg(REG_SQ_VTX_SEMANTIC_0 + REG_SQ_VTX_SEMANTIC_0__stride * n,
              SQ_VTX_SEMANTIC_0__SEMANTIC_ID(gen_below(r, 4) ? 0xFF : gen_below(r, 8)));
   for (unsigned c = 0; c < 4; c++)
      for (unsigned l = 0; l < SIM_LANES; l++)
         init_lanes.gpr[0][c][l] = gen_below(r, 4) ? gen_below(r, 40) : special_value(r);
}

static void block(struct gen *g, unsigned depth);

/* One chance in n, from the CF stream (never without it). */
static bool cf_chance(struct gen *g, unsigned n)
{
   return g->crng && gen_below(g->crng, n) == 0;
}

/* COND of CF instruction k, from the CF stream: mostly ACTIVE, else BOOL / NOT_BOOL of a random
 * SQ_BOOL_CONST bit or FALSE. */
static void random_cond(struct gen *g, unsigned k)
{
   static const char *const conds[4] = {"SQ_CF_COND_ACTIVE", "SQ_CF_COND_BOOL", "SQ_CF_COND_NOT_BOOL",
                                        "SQ_CF_COND_FALSE"};
   enum hw_chip ch = g->p->chip;
   uint32_t *w1 = &g->p->cf[k].w[1];
   unsigned r = gen_below(g->crng, 16), c = r < 11 ? 0 : r < 13 ? 1 : r < 15 ? 2 : 3;
   isa_set(ch, ISA_F_CF1, "COND", w1, isa_enum(ch, ISA_F_CF1, "COND", conds[c]));
   isa_set(ch, ISA_F_CF1, "CF_CONST", w1, gen_below(g->crng, 32));
}

static void set_cf_inst(struct isa_program *p, unsigned k, const char *name)
{
   enum isa_cf_kind kind;
   unsigned opcode;
   if (!isa_cf_lookup(p->chip, name, &kind, &opcode) || kind != p->cf[k].kind)
      abort();
   isa_set(p->chip, isa_cf_inst_fmt(kind), "CF_INST", &p->cf[k].w[1], opcode);
}

static bool is_cf(const struct isa_program *p, unsigned k, const char *name)
{
   enum isa_cf_kind kind;
   const char *n;
   unsigned opcode;
   return isa_cf_classify(p->chip, p->cf[k].w, &kind, &n, &opcode) && !strcmp(n, name);
}

/* An ALU clause of kind `kind` with 1 or 2 random groups drawn from the CF stream; returns
 * its index. */
static unsigned cf_stream_clause(struct gen *g, const char *kind)
{
   uint64_t *rng = g->rng;
   g->rng = g->crng;
   alu_clause(g, kind, 1 + gen_below(g->crng, 2));
   g->rng = rng;
   return g->p->ncf - 1;
}

/* The last CF instruction (from `first` on) turned into an ALU clause of kind `kind` when it
 * is a plain ALU clause, else a new one from the CF stream; returns its index. */
static unsigned alu_kind_clause(struct gen *g, unsigned first, const char *kind)
{
   struct isa_program *p = g->p;
   unsigned last = p->ncf - 1;
   if (p->ncf > first && is_cf(p, last, "ALU")) {
      set_cf_inst(p, last, kind);
      return last;
   }
   return cf_stream_clause(g, kind);
}

/* IF [ELSE] ENDIF; `pops` = 2: the ENDIF also ends the enclosing IF (ALU_POP2_AFTER or POP,
 * and jumps past it, with POP_COUNT 2). The form of each part is drawn from the CF stream:
 * IF = ALU_PUSH_BEFORE, or PUSH / POP_PUSH (nothing pushed when no lane passes: skip the
 * construct) or PUSH_ELSE / POP_PUSH_ELSE (pushed: on to the ELSE / ENDIF) before a plain
 * clause, then JUMP or POP_JUMP; ELSE = ELSE or ALU_ELSE_AFTER; ENDIF = POP or
 * ALU_POP_AFTER / ALU_POP2_AFTER. */
static void if_else(struct gen *g, unsigned depth, unsigned pops)
{
   struct isa_program *p = g->p;
   static const char *const opens[4] = {"PUSH", "POP_PUSH", "PUSH_ELSE", "POP_PUSH_ELSE"};
   unsigned open = cf_chance(g, 2) ? 4 + gen_below(g->crng, 4) : 0;
   if (open >= 4 && pops == 2)
      open &= ~1u;   /* POP_PUSH* would not pop the enclosing IF's entry when skipping */
   int push = -1;
   if (open >= 4) {
      push = (int)gen_cf(p, opens[open - 4]);
      random_cond(g, (unsigned)push);
   }
   push_clause(g, open >= 4 ? "ALU" : "ALU_PUSH_BEFORE");
   unsigned jump = gen_cf(p, "JUMP");
   if (cf_chance(g, 4))
      random_cond(g, jump);
   unsigned first = p->ncf;
   block(g, depth + 1);
   int els = -1;
   bool has_else = gen_below(g->rng, 2);
   if (has_else) {
      if (cf_chance(g, 3)) {
         els = (int)alu_kind_clause(g, first, "ALU_ELSE_AFTER");
      } else {
         els = (int)gen_cf(p, "ELSE");
         if (cf_chance(g, 4))
            random_cond(g, (unsigned)els);
      }
      first = p->ncf;
      block(g, depth + 1);
   }
   unsigned endif;
   if (cf_chance(g, 3)) {
      endif = alu_kind_clause(g, first, pops == 2 ? "ALU_POP2_AFTER" : "ALU_POP_AFTER");
   } else {
      endif = gen_cf(p, "POP");
      unsigned addr = endif + 1;
      if (cf_chance(g, 3))   /* a clause the POP skips when no lane was active before it */
         addr = cf_stream_clause(g, "ALU") + 1;
      set_cf_addr(p, endif, addr, pops);
   }
   unsigned past = endif + 1;
   if (els >= 0) {
      set_cf_addr(p, jump, (unsigned)els, 0);
      if (cf_chance(g, 3))
         set_cf_inst(p, jump, "POP_JUMP");
      if (is_cf(p, (unsigned)els, "ELSE"))
         set_cf_addr(p, (unsigned)els, past, pops);
   } else {
      set_cf_addr(p, jump, past, pops);
   }
   if (push >= 0) {
      bool pushes = open >= 6;   /* PUSH_ELSE / POP_PUSH_ELSE push even when no lane passes */
      set_cf_addr(p, (unsigned)push, pushes ? (els >= 0 ? (unsigned)els : endif) : past,
                  pushes || open == 5 ? 0 : pops - 1);
   }
}

/* An IF without ELSE whose THEN ends with an IF that ends both (if_else with pops 2), all
 * drawn from the CF stream. */
static void if_pop2(struct gen *g, unsigned depth)
{
   struct isa_program *p = g->p;
   uint64_t *rng = g->rng;
   g->rng = g->crng;
   push_clause(g, "ALU_PUSH_BEFORE");
   unsigned jump = gen_cf(p, "JUMP");
   block(g, depth + 1);
   if_else(g, depth + 1, 2);
   set_cf_addr(p, jump, p->ncf, 1);
   g->rng = rng;
}

/* A loop: DX10 (LOOP_START_DX10) or, chosen by rng2, DX9 (LOOP_START with SQ_LOOP_CONST
 * 0..3: a count and AL = INIT, += INC per iteration); either ends when its counter GPR
 * reaches the lane's trip count. */
static void loop(struct gen *g, unsigned depth)
{
   struct isa_program *p = g->p;
   enum hw_chip ch = p->chip;
   unsigned ctr = FIRST_COUNTER + g->loops, trips = ctr + 4;
   struct isa_clause *c = alu_clause(g, "ALU", 0);
   simple_op(ch, c, "MOV", (int)ctr, 0, sel_enum(ch, "SQ_ALU_SRC_0"), 0, 0, 0, false);
   bool dx9 = gen_below(g->rng2, 2);
   unsigned start = gen_cf(p, dx9 ? "LOOP_START" : "LOOP_START_DX10");
   if (dx9)
      isa_set(ch, ISA_F_CF1, "CF_CONST", &p->cf[start].w[1], gen_below(g->rng2, LOOP_CONSTS));
   if (cf_chance(g, 8))
      random_cond(g, start);
   /* break when !(trips > counter), then count */
   c = alu_clause(g, "ALU_BREAK", 0);
   simple_op(ch, c, "PRED_SETGT", -1, 0, trips, 0, ctr, 0, true);
   c = alu_clause(g, "ALU", 0);
   simple_op(ch, c, "ADD", (int)ctr, 0, ctr, 0, sel_enum(ch, "SQ_ALU_SRC_1"), 0, false);
   unsigned fix0 = g->nfix;
   g->loops++;
   g->dx9_loops += dx9;
   block(g, depth + 1);
   g->dx9_loops -= dx9;
   g->loops--;
   unsigned end = gen_cf(p, "LOOP_END");
   set_cf_addr(p, end, start + 1, 0);
   set_cf_addr(p, start, end + 1, 0);
   for (unsigned i = fix0; i < g->nfix; i++)
      set_cf_addr(p, (unsigned)g->loop_end_fixup[i], end, 0);
   g->nfix = fix0;
}

/* Inside a loop: LOOP_BREAK / LOOP_CONTINUE under a data-dependent push, or an
 * ALU_BREAK / ALU_CONTINUE clause ending in a PRED_SET* exec update. */
static void loop_exit(struct gen *g)
{
   struct isa_program *p = g->p;
   if (gen_below(g->rng, 2) && g->nfix < 8) {
      push_clause(g, "ALU_PUSH_BEFORE");
      unsigned k = gen_cf(p, gen_below(g->rng, 2) ? "LOOP_BREAK" : "LOOP_CONTINUE");
      if (cf_chance(g, 4))
         random_cond(g, k);
      g->loop_end_fixup[g->nfix++] = (int)k;
      if (cf_chance(g, 2))   /* run by the lanes that did not leave */
         cf_stream_clause(g, "ALU");
      unsigned pop = gen_cf(p, "POP");
      set_cf_addr(p, pop, pop + 1, 1);
   } else {
      struct isa_clause *c = alu_clause(g, gen_below(g->rng, 2) ? "ALU_BREAK" : "ALU_CONTINUE",
                                        gen_below(g->rng, 3));
      simple_op(p->chip, c, random_pred_op(g->rng), -1, 0, gen_below(g->rng, 128), gen_below(g->rng, 4),
                gen_below(g->rng, 128), gen_below(g->rng, 4), true);
   }
}

/* 1-2 more constant-reading ALU clauses (rng2) after one: a run the JIT chains when the
 * clause before does not end it. */
static void kcache_run(struct gen *g)
{
   for (unsigned k = 0, n = 1 + gen_below(g->rng2, 2); k < n; k++) {
      unsigned groups = 1 + gen_below(g->rng2, 2);
      bool kcache = gen_below(g->rng2, 8) != 0;
      alu_clause_ex(g, g->rng2, "ALU", groups, kcache, k + 1 < n);
      g->extra_cf++;
   }
}

static void block(struct gen *g, unsigned depth)
{
   unsigned n = 1 + gen_below(g->rng, 3);
   for (unsigned i = 0; i < n && g->p->ncf - g->extra_cf < g->cf_budget; i++) {
      if (depth + 1 < MAX_DEPTH && cf_chance(g, 40))
         if_pop2(g, depth);
      if (g->frng && gen_below(g->frng, 8) == 0)
         vtx_clause(g);
      unsigned r = gen_below(g->rng, 10);
      if (r < 2 && depth < MAX_DEPTH)
         if_else(g, depth, 1);
      else if (r < 3 && depth < MAX_DEPTH && g->loops < 4)
         loop(g, depth);
      else if (r < 4 && g->loops)
         loop_exit(g);
      else {
         alu_clause(g, "ALU", 1 + gen_below(g->rng, 4));
         if (gen_below(g->rng2, 4) == 0)
            kcache_run(g);
      }
   }
}

static void export(struct isa_program *p, uint64_t *rng, bool done, unsigned base)
{
   enum hw_chip ch = p->chip;
   unsigned k = gen_cf(p, done ? "EXPORT_DONE" : "EXPORT");
   uint32_t *w = p->cf[k].w;
   isa_set(ch, ISA_F_EXP0, "TYPE", &w[0], isa_enum(ch, ISA_F_EXP0, "TYPE", "SQ_EXPORT_PIXEL"));
   isa_set(ch, ISA_F_EXP0, "ARRAY_BASE", &w[0], base);
   isa_set(ch, ISA_F_EXP0, "RW_GPR", &w[0], gen_below(rng, 128));
   static const char *const sel[] = {"SEL_X", "SEL_Y", "SEL_Z", "SEL_W"};
   static const char *const val[] = {"SQ_SEL_X", "SQ_SEL_Y", "SQ_SEL_Z", "SQ_SEL_W", "SQ_SEL_0", "SQ_SEL_1"};
   for (unsigned c = 0; c < 4; c++)
      isa_set(ch, ISA_F_EXP_SWIZ, sel[c], &w[1],
              isa_enum(ch, ISA_F_EXP_SWIZ, sel[c], val[gen_below(rng, 3) ? c : gen_below(rng, 6)]));
   isa_set(ch, ISA_F_EXP1, "BARRIER", &w[1], 1);
   isa_set(ch, ISA_F_EXP1, "END_OF_PROGRAM", &w[1], done);
}

/* One CF instruction changed, drawn from the CF stream: POP_COUNT or COND of a plain one, the
 * kind of an ALU clause. */
static void mutate(struct gen *g)
{
   static const char *const kinds[7] = {"ALU", "ALU_PUSH_BEFORE", "ALU_POP_AFTER", "ALU_POP2_AFTER",
                                        "ALU_ELSE_AFTER", "ALU_BREAK", "ALU_CONTINUE"};
   struct isa_program *p = g->p;
   unsigned k = gen_below(g->crng, p->ncf);
   if (p->cf[k].kind == ISA_CF_ALU)
      set_cf_inst(p, k, kinds[gen_below(g->crng, 7)]);
   else if (gen_below(g->crng, 2))
      isa_set(p->chip, ISA_F_CF1, "POP_COUNT", &p->cf[k].w[1], gen_below(g->crng, 4));
   else
      random_cond(g, k);
}

/* Pushes until the stack overflows: a random sequence of PUSH, PUSH_ELSE, ALU_PUSH_BEFORE
 * (1 element each) and LOOP_START_DX10 (SIM_LOOP_ELEMENTS), repeated by a JUMP COND FALSE
 * back to its start. */
static void stack_filler(struct gen *g)
{
   static const char *const ops[3] = {"PUSH", "PUSH_ELSE", "LOOP_START_DX10"};
   struct isa_program *p = g->p;
   unsigned n = 1 + gen_below(g->crng, 4), skip[4], nskip = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned r = gen_below(g->crng, 4);
      if (r == 3) {
         struct isa_clause *c = alu_clause(g, "ALU_PUSH_BEFORE", 0);
         simple_op(p->chip, c, "MOV", (int)gen_below(g->crng, FIRST_COUNTER), 0, gen_below(g->crng, 128), 0,
                   0, 0, false);
      } else {
         skip[nskip++] = gen_cf(p, ops[r]);
      }
   }
   unsigned jump = gen_cf(p, "JUMP");
   isa_set(p->chip, ISA_F_CF1, "COND", &p->cf[jump].w[1], isa_enum(p->chip, ISA_F_CF1, "COND", "SQ_CF_COND_FALSE"));
   set_cf_addr(p, jump, 0, 0);
   for (unsigned i = 0; i < nskip; i++)
      set_cf_addr(p, skip[i], jump + 1, 0);
}

/* A runaway loop whose backward jumps alternate between two CF instructions: JUMPs (or
 * POP_JUMPs) COND FALSE only, 0 -> 2, 2 -> 1, 1 -> 3, 3 -> 0, or inside a DX10 loop,
 * 1 -> 3, 3 -> 2, 2 -> 4, LOOP_END 4 -> 1. */
static void runaway(struct gen *g)
{
   static const unsigned jumps[2][4] = {{2, 3, 1, 0}, {3, 4, 2}};   /* the JUMPs' ADDRs */
   struct isa_program *p = g->p;
   unsigned v = gen_below(g->crng, 2);
   if (v)
      gen_cf(p, "LOOP_START_DX10");
   for (unsigned i = 0; i < (v ? 3u : 4u); i++) {
      unsigned k = gen_cf(p, gen_below(g->crng, 4) ? "JUMP" : "POP_JUMP");
      isa_set(p->chip, ISA_F_CF1, "COND", &p->cf[k].w[1], isa_enum(p->chip, ISA_F_CF1, "COND", "SQ_CF_COND_FALSE"));
      set_cf_addr(p, k, jumps[v][i], 0);
   }
   if (v) {
      unsigned end = gen_cf(p, "LOOP_END");
      set_cf_addr(p, end, 1, 0);
      set_cf_addr(p, 0, end + 1, 0);
   }
}

/* A random program; `crng` (NULL: none) draws the CF stream's forms, `frng` (NULL: none)
 * its fetch clauses. Returns the counts of fetch clauses and fetches. */
static void random_program(struct isa_program *p, enum hw_chip ch, uint64_t *rng, uint64_t *rng2,
                           uint64_t *crng, uint64_t *frng, unsigned *vtx_clauses, unsigned *vtx_fetches)
{
   gen_init(p, ch);
   struct gen g = { .p = p, .rng = rng, .rng2 = rng2, .crng = crng, .frng = frng, .cf_budget = 40 };
   if (frng)
      for (unsigned s = 0; s < 2 * FETCH_SLOTS; s++)
         slot_format[s] = gen_below(frng, NUM_FETCH_FORMATS - PACKED_FORMATS);
   unsigned special = crng ? gen_below(crng, 64) : 2;
   if (special < 2)
      g.rng = crng;   /* the whole program from the CF stream */
   if (special == 0) {
      stack_filler(&g);
   } else if (special == 1) {
      runaway(&g);
   } else {
      if (frng && gen_below(frng, 4) == 0)
         vtx_clause(&g);
      block(&g, 0);
   }
   if (special > 1 && cf_chance(&g, 6))
      mutate(&g);
   *vtx_clauses = g.vtx_clauses;
   *vtx_fetches = g.vtx_fetches;
   if (gen_below(rng, 2))
      export(p, rng, false, 1);
   export(p, rng, true, 0);
   gen_finish(p);
}

/* ------------------------------------------------------------------ the run */

static uint8_t cbuf[CONST_BYTES];

static void random_inputs(uint64_t *rng, struct run_opts *o)
{
   for (unsigned r = 0; r < SIM_MAX_GPRS; r++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            init_lanes.gpr[r][c][l] = special_value(rng);
   for (unsigned r = FIRST_COUNTER + 4; r < FIRST_COUNTER + 8; r++)
      for (unsigned l = 0; l < SIM_LANES; l++)
         init_lanes.gpr[r][0][l] = U((float)gen_below(rng, 4));
   for (unsigned i = 0; i < CONST_BYTES / 4; i++) {
      uint32_t v = special_value(rng);
      memcpy(&cbuf[4 * i], &v, 4);
   }
   *o = (struct run_opts){ .stage = SIM_STAGE_PS, .active = 0xFFFF, .dx10_clamp = gen_below(rng, 2),
                           .stack_size = 2 + gen_below(rng, 8) };
   if (gen_below(rng, 4) == 0)
      o->active = (uint16_t)(gen_rand(rng) | 1);
   if (gen_below(rng, 4) == 0)
      o->valid = o->active & (uint16_t)gen_rand(rng);
}

/* The constants (rng2): PS banks 0 / 1 = cbuf (filled from rng) / CONST1_BYTES, VS banks 0 /
 * 1 (read with ALT_CONST) of the same sizes; the loop constants of DX9 loops (count 0..3,
 * AL in 0..46); and in one program of five one defect. c gets the buffers to free. */
struct consts { uint64_t va[4]; unsigned n; };
static uint8_t kbuf[3][CONST_BYTES];

static void random_consts(uint64_t *rng2, struct consts *c)
{
   const uint8_t *data[4] = { cbuf, kbuf[0], kbuf[1], kbuf[2] };
   unsigned bytes[4] = { CONST_BYTES, CONST1_BYTES, CONST_BYTES, CONST1_BYTES };
   for (unsigned b = 1; b < 4; b++)
      for (unsigned i = 0; i < bytes[b] / 4; i++) {
         uint32_t v = special_value(rng2);
         memcpy(&kbuf[b - 1][4 * i], &v, 4);
      }
   const uint32_t cs = REG_SQ_ALU_CONST_CACHE_PS_0__stride, ss = REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0__stride;
   const uint32_t cache_reg[4] = { REG_SQ_ALU_CONST_CACHE_PS_0, REG_SQ_ALU_CONST_CACHE_PS_0 + cs,
                                   REG_SQ_ALU_CONST_CACHE_VS_0, REG_SQ_ALU_CONST_CACHE_VS_0 + cs };
   const uint32_t size_reg[4] = { REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0, REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0 + ss,
                                  REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0, REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0 + ss };
   uint32_t lines[4], offset[4] = { 0, 0, 0, 0 };
   for (unsigned b = 0; b < 4; b++)
      lines[b] = bytes[b] / 256;
   int init_max = 32, inc_min = 0, inc_max = 7;   /* AL <= 32 + 2 * 7: random_kcache */
   unsigned defect = gen_below(rng2, 5) == 0 ? 1 + gen_below(rng2, 6) : 0;
   unsigned d = gen_below(rng2, 4) ? gen_below(rng2, 2) : 2 + gen_below(rng2, 2);   /* mostly PS */
   bool unmapped = false;
   switch (defect) {
   case 1: lines[d] = gen_below(rng2, lines[d]); break;                  /* below the lines read */
   case 2: lines[d] += 1 + gen_below(rng2, 8); break;                    /* past the buffer */
   case 3: unmapped = true; break;
   case 4: offset[d] = 256 * (1 + gen_below(rng2, bytes[d] / 256 - 1)); break;   /* base inside */
   case 5: bytes[d] -= 16 * (1 + gen_below(rng2, 15)); break;            /* partial last line */
   case 6: init_max = 4095, inc_min = -128, inc_max = 127; break;       /* AL anywhere */
   default: break;
   }
   c->n = 0;
   for (unsigned b = 0; b < 4; b++) {
      uint64_t va = upload(data[b], bytes[b]);
      c->va[c->n++] = va;
      if (unmapped && b == d) {
         if (gen_below(rng2, 2)) {   /* a freed buffer */
            sim_mem_free(mem, va);
            c->n--;
         } else {
            va = 0;
         }
      }
      set_reg(cache_reg[b], (uint32_t)((va + offset[b]) >> 8));
      set_reg(size_reg[b], lines[b]);
   }
   for (unsigned k = 0; k < LOOP_CONSTS; k++) {
      int init = gen_below(rng2, 4) ? 15 * (int)gen_below(rng2, 3) + (int)gen_below(rng2, 3)   /* 0..32 */
                                    : (int)gen_below(rng2, (unsigned)init_max + 1);
      int inc = inc_min + (int)gen_below(rng2, (unsigned)(inc_max - inc_min + 1));
      set_reg(REG_SQ_LOOP_CONST_0 + 4 * k, SQ_LOOP_CONST_0__COUNT(gen_below(rng2, 4)) |
                                              SQ_LOOP_CONST_0__INIT((uint32_t)init) |
                                              SQ_LOOP_CONST_0__INC((uint32_t)inc));
   }
}

static void print_program(const struct isa_program *p, const uint8_t *bytes, size_t size)
{
   char *text = isa_print(p);
   fprintf(stderr, "%s", text ? text : "(no text)\n");
   free(text);
   for (size_t i = 0; i + 4 <= size; i += 4) {
      uint32_t w;
      memcpy(&w, bytes + i, 4);
      fprintf(stderr, "%08x%s", w, (i / 4) % 8 == 7 ? "\n" : " ");
   }
   fprintf(stderr, "\n");
}

/* The first difference between the two results, printed; false if none. */
static bool report_difference(void)
{
   const struct result *a = &res_interp, *b = &res_jit;
   if (a->ok != b->ok || strcmp(a->fault, b->fault)) {
      fprintf(stderr, "  outcome: interp %s \"%s\", jit %s \"%s\"\n", a->ok ? "ok" : "fault", a->fault,
              b->ok ? "ok" : "fault", b->fault);
      return true;
   }
   if (a->stack_overflow != b->stack_overflow) {
      fprintf(stderr, "  stack report: interp %d jit %d\n", a->stack_overflow, b->stack_overflow);
      return true;
   }
   for (unsigned r = 0; r < SIM_MAX_GPRS; r++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            if (a->lanes.gpr[r][c][l] != b->lanes.gpr[r][c][l]) {
               fprintf(stderr, "  R%u.%c lane %u: interp 0x%08x jit 0x%08x (input 0x%08x)\n", r, "xyzw"[c], l,
                       a->lanes.gpr[r][c][l], b->lanes.gpr[r][c][l], init_lanes.gpr[r][c][l]);
               return true;
            }
   if (a->out.killed != b->out.killed) {
      fprintf(stderr, "  kill mask: interp 0x%04x jit 0x%04x\n", a->out.killed, b->out.killed);
      return true;
   }
   if (a->out.pixel_mask != b->out.pixel_mask) {
      fprintf(stderr, "  pixel export mask: interp 0x%x jit 0x%x\n", a->out.pixel_mask, b->out.pixel_mask);
      return true;
   }
   for (unsigned e = 0; e < 8; e++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            if (a->out.pixel[e][c][l] != b->out.pixel[e][c][l]) {
               fprintf(stderr, "  PIXEL %u.%c lane %u: interp 0x%08x jit 0x%08x\n", e, "xyzw"[c], l,
                       a->out.pixel[e][c][l], b->out.pixel[e][c][l]);
               return true;
            }
   if (memcmp(&a->out, &b->out, sizeof(a->out))) {
      fprintf(stderr, "  exports differ (outside the pixel exports)\n");
      return true;
   }
   return false;
}

static uint64_t splitmix(uint64_t x)
{
   x += 0x9E3779B97F4A7C15ull;
   x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
   x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
   return (x ^ (x >> 31)) | 1;
}

struct stats {
   unsigned programs, faults, mismatches, invalid, killed, kc_chained, kc_chained_faults;
   unsigned vtx_clauses, vtx_fetches;
   unsigned forward;   /* forward-only programs: a liveness table (jit/jit_live.h) */
};

static bool fetch_clauses = true;   /* R600SIM_FUZZ_FETCH=0: programs without them */

/* Coverage of the JIT's runs of chained clauses (jit_build.c find_chained, restated): an ALU
 * clause without stack operation, constant file or pixel mode that follows one such clause
 * which neither ends the program nor updates exec, kills or addresses relatively, and that
 * no jump reaches (no jump's ADDR or ADDR + 1). Counts those that lock kcache, and whether
 * the program's kcache fault happened at one of them. */
static bool plain_clause(const struct sim_cf *cf)
{
   return cf->op == SIM_CF_ALU && cf->alu_kind == SIM_ALU_PLAIN && !cf->uses_cfile && !cf->whole_quad &&
          !cf->valid_pixel;
}

static bool continues(const struct sim_program *p, const struct sim_cf *cf)
{
   for (unsigned gi = 0; gi < cf->count; gi++) {
      const struct sim_alu_group *g = &p->groups[cf->first + gi];
      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &p->alu[g->first + i];
         if (a->dst_rel || a->update_exec || (a->info->flags & HW_ISA_F_KILL) || a->src[0].rel ||
             a->src[1].rel || a->src[2].rel)
            return false;
      }
   }
   return true;
}

static void chain_stats(uint64_t va, const char *fault, struct stats *st)
{
   char err[160];
   struct sim_isa_image img = {0};
   struct sim_program *p = NULL;
   if (sim_isa_read(mem, chip, SIM_STAGE_PS, va, 0, false, &img, err, sizeof(err)))
      p = sim_isa_decode(&img, err, sizeof(err));
   free(img.dw);
   if (!p)
      return;
   bool chained[SIM_MAX_CF] = {false};
   for (unsigned pc = p->entry + 1; pc < p->ncf; pc++)
      chained[pc] = plain_clause(&p->cf[pc - 1]) && !p->cf[pc - 1].eop && continues(p, &p->cf[pc - 1]) &&
                    plain_clause(&p->cf[pc]);
   for (unsigned pc = p->entry; pc < p->ncf; pc++) {
      const struct sim_cf *cf = &p->cf[pc];
      bool jumps;
      switch (cf->op) {
      case SIM_CF_JUMP: case SIM_CF_ELSE: case SIM_CF_POP: case SIM_CF_PUSH: case SIM_CF_PUSH_ELSE:
      case SIM_CF_POP_JUMP: case SIM_CF_POP_PUSH: case SIM_CF_POP_PUSH_ELSE: case SIM_CF_LOOP_START:
      case SIM_CF_LOOP_START_NO_AL: case SIM_CF_LOOP_START_DX10: case SIM_CF_LOOP_END:
      case SIM_CF_LOOP_BREAK: case SIM_CF_LOOP_CONTINUE: case SIM_CF_CALL: case SIM_CF_KILL:
         jumps = true;
         break;
      default:
         jumps = false;
         break;
      }
      for (unsigned k = 0; jumps && k < 2; k++)
         if (cf->addr + k < p->ncf)
            chained[cf->addr + k] = false;
   }
   for (unsigned pc = p->entry; pc < p->ncf; pc++)
      st->kc_chained += chained[pc] && (p->cf[pc].kc_used[0] || p->cf[pc].kc_used[1]);
   uint8_t (*live)[SIM_MAX_GPRS] = jit_live_after(p);
   st->forward += live != NULL;
   free(live);
   unsigned at;
   if (fault && sscanf(fault, "CF %u:", &at) == 1 && at < p->ncf && chained[at] && strstr(fault, "kcache"))
      st->kc_chained_faults++;
   sim_program_free(p);
}

/* The JIT's run of the program at va with sim_run.gprs_unread set, as the fused pixel path
 * runs a PS (prepared run, every active lane valid): only the exports, kills and outcome
 * are observable then (GPR write-backs nothing reads later are left out, jit/jit_live.h),
 * and they must be the interpreter's (res_interp, run with valid = active). */
static bool unread_agrees(uint64_t va, const struct run_opts *o)
{
   static struct sim_run x;
   static struct result r;
   struct sim_shader_env env = { .chip = chip, .stage = o->stage, .mem = mem, .regs = regs };
   struct sim_program *p = sim_program_get_engine(&env, va, SIM_ENGINE_JIT);
   if (!p || sim_program_engine(p) != SIM_ENGINE_JIT)
      return true;   /* decode faults: compared above */
   r.lanes = init_lanes;
   memset(&r.out, 0, sizeof(r.out));
   sim_native_fn fn = sim_program_run_prepare(&x, p, &env, &r.lanes, &r.out);
   x.gprs_unread = 1;
   r.ok = run_prepared_block(fn, &x, o->active);
   r.out.killed |= x.killed;
   if (r.ok != res_interp.ok || (!r.ok && strcmp(env.fault, res_interp.fault))) {
      fprintf(stderr, "  gprs_unread: outcome interp %s, jit %s \"%s\"\n", res_interp.fault,
              r.ok ? "ok" : "fault", r.ok ? "" : env.fault);
      return false;
   }
   if (memcmp(&r.out, &res_interp.out, sizeof(r.out))) {
      fprintf(stderr, "  gprs_unread: exports or kill mask differ from the interpreter's\n");
      return false;
   }
   return true;
}

/* One program from `seed` on the current chip; false on a disagreement. */
static bool fuzz_one(uint64_t seed, struct stats *st)
{
   uint64_t rng = splitmix(seed), rng2 = splitmix(seed ^ 0x6b63616368650000ull);
   uint64_t crng = splitmix(seed ^ 0x4346464f524d5321ull), frng = splitmix(seed ^ 0x5654584645544348ull);
   enum hw_chip ich = R7 ? HW_CHIP_R7XX : HW_CHIP_R6XX;
   struct isa_program p;
   unsigned nclauses, nfetches;
   random_program(&p, ich, &rng, &rng2, cf_forms ? &crng : NULL, fetch_clauses ? &frng : NULL,
                  &nclauses, &nfetches);
   st->vtx_clauses += nclauses;
   st->vtx_fetches += nfetches;
   count_cf(&p);
   struct isa_diags d = {0};
   uint8_t *bytes = NULL;
   size_t size = 0;
   st->programs++;
   if (!isa_validate(&p, &d) || !isa_encode(&p, &bytes, &size, &d)) {
      /* the generator's own bug: report it like a mismatch so it gets fixed */
      fprintf(stderr, "fuzz_engines: %s seed %" PRIu64 ": generated program fails isa_validate\n",
              R7 ? "rv770" : "r600", seed);
      print_program(&p, bytes, size);
      free(bytes);
      isa_program_free(&p);
      st->invalid++;
      check(false, "%s seed %" PRIu64 ": a valid program", R7 ? "rv770" : "r600", seed);
      return false;
   }
   struct run_opts o;
   random_inputs(&rng, &o);
   if (cf_forms)
      set_reg(REG_SQ_BOOL_CONST_0, (uint32_t)gen_rand(&crng));   /* the PS's */
   struct consts kc;
   random_consts(&rng2, &kc);
   uint64_t dva = 0;
   if (fetch_clauses)
      fetch_inputs(&frng, &dva);
   uint64_t va = upload(bytes, size);
   unsigned failed_before = check_failed;
   run_engine(va, &o, SIM_ENGINE_INTERP, &res_interp);
   run_engine(va, &o, SIM_ENGINE_JIT, &res_jit);
   bool bad = report_difference() || check_failed != failed_before;
   check(!bad, "%s seed %" PRIu64 ": interp == jit", R7 ? "rv770" : "r600", seed);
   if (!o.valid && !bad) {
      bad = !unread_agrees(va, &o);
      check(!bad, "%s seed %" PRIu64 ": interp == jit with gprs_unread", R7 ? "rv770" : "r600", seed);
   }
   st->killed += res_interp.ok && res_interp.out.killed;
   chain_stats(va, res_interp.ok ? NULL : res_interp.fault, st);
   if (!res_interp.ok) {
      st->faults++;
      if (getenv("R600SIM_FUZZ_FAULTS"))
         fprintf(stderr, "seed %" PRIu64 ": %s\n", seed, res_interp.fault);
   }
   if (bad) {
      st->mismatches++;
      fprintf(stderr, "fuzz_engines: MISMATCH on %s, seed %" PRIu64 " (reproduce: fuzz_engines 1 %" PRIu64
              " %s); active 0x%04x valid 0x%04x dx10_clamp %d stack %u\n",
              R7 ? "rv770" : "r600", seed, seed, R7 ? "rv770" : "r600", o.active, o.valid, o.dx10_clamp,
              o.stack_size);
      print_program(&p, bytes, size);
   }
   sim_mem_free(mem, va);
   for (unsigned i = 0; i < kc.n; i++)
      sim_mem_free(mem, kc.va[i]);
   if (dva)
      sim_mem_free(mem, dva);
   free(bytes);
   isa_program_free(&p);
   return !bad;
}

int main(int argc, char **argv)
{
   unsigned long count = argc > 1 ? strtoul(argv[1], NULL, 0) : 300;
   uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
   const char *only = argc > 3 ? argv[3] : NULL;
   if (only && strcmp(only, "r600") && strcmp(only, "rv770")) {
      fprintf(stderr, "usage: fuzz_engines [COUNT [SEED [r600|rv770]]]\n");
      return 2;
   }
   const char *cf_env = getenv("R600SIM_FUZZ_CF");
   cf_forms = !cf_env || strcmp(cf_env, "0");
   const char *fetch_env = getenv("R600SIM_FUZZ_FETCH");
   fetch_clauses = !fetch_env || strcmp(fetch_env, "0");
   machine_init();
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   struct stats st = {0};
   static const enum hw_chip chips[2] = { HW_CHIP_R7XX, HW_CHIP_R6XX };
   static const char *const names[2] = { "rv770", "r600" };
   for (unsigned k = 0; k < 2; k++) {
      if (only && strcmp(only, names[k]))
         continue;
      chip = chips[k];
      machine_reset_regs();
      for (unsigned long i = 0; i < count && st.mismatches + st.invalid < 10; i++)
         fuzz_one(seed + i, &st);
   }
   clock_gettime(CLOCK_MONOTONIC, &t1);
   double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
   printf("fuzz_engines: %u programs (seeds %" PRIu64 "..), %u faulted alike, %u killed lanes, "
          "%u mismatches, %u invalid; %.1f s, %.0f programs/s\n",
          st.programs, seed, st.faults, st.killed, st.mismatches, st.invalid, s,
          s > 0 ? st.programs / s : 0.0);
   printf("  kcache clauses chained to the clause before: %u (in %u programs a kcache fault stopped "
          "such a clause)\n", st.kc_chained, st.kc_chained_faults);
   printf("  forward-only programs (GPR write-backs may be left out with gprs_unread): %u\n", st.forward);
   printf("  CF:");
   for (unsigned i = 0; i < CF_NAMES; i++)
      printf(" %s %lu", cf_names[i], cf_count[i]);
   printf("\n");
   if (fetch_clauses)
      printf("  %u VTX clauses with %u fetches (%.1f clauses, %.1f fetches per program)\n",
             st.vtx_clauses, st.vtx_fetches, st.programs ? (double)st.vtx_clauses / st.programs : 0.0,
             st.programs ? (double)st.vtx_fetches / st.programs : 0.0);
   for (unsigned k = 0; k < 2; k++) {
      if (only && strcmp(only, names[k]))
         continue;
      const struct hw_isa_op *t = hw_isa_table(k ? HW_CHIP_R6XX : HW_CHIP_R7XX);
      unsigned runnable = 0, seen = 0;
      for (unsigned i = 0; i < HW_ISA_NUM_OPS; i++) {
         bool alu = t[i].name && (t[i].encoding == HW_ISA_ENC_ALU_OP2 || t[i].encoding == HW_ISA_ENC_ALU_OP3);
         if (!alu || !sim_alu_implemented(i) || (k && (t[i].flags & HW_ISA_F_FP64)))
            continue;
         runnable++;
         seen += op_seen[k == 0][i];
      }
      printf("  %s: %u of %u implemented ALU opcodes used\n", names[k], seen, runnable);
   }
   return check_report();
}
