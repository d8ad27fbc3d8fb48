/* Shader compiler tests: IR programs are compiled for R6xx and R7xx and the machine code is
 * checked with a decoder written here from the register reference's microcode word layouts (bit
 * positions and opcode numbers typed in from the register reference §4/§5, deliberately not the
 * generated headers), including a small single-lane interpreter that executes the decoded program
 * and is compared with a direct evaluation of the IR. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/r600_shader.h"
#include "check.h"
#include "ir_build.h"

static const enum hw_chip chips[2] = {HW_CHIP_R6XX, HW_CHIP_R7XX};

/* -------------------------------------------------- decoder (register reference layouts) */

static uint32_t bits(uint32_t w, unsigned hi, unsigned lo)
{
   return (w >> lo) & ((hi - lo == 31) ? 0xFFFFFFFFu : ((1u << (hi - lo + 1)) - 1));
}

/* CF_INST values (SQ_CF_WORD1 / SQ_CF_ALU_WORD1 / SQ_CF_ALLOC_EXPORT_WORD1) */
enum { CF_NOP = 0, CF_TEX = 1, CF_VTX = 2, CF_LOOP_END = 5, CF_LOOP_START_DX10 = 6,
       CF_LOOP_CONTINUE = 8, CF_LOOP_BREAK = 9, CF_JUMP = 10, CF_ELSE = 13, CF_POP = 14,
       CF_CALL_FS = 19, CF_RETURN = 20, CF_EXPORT = 39, CF_EXPORT_DONE = 40 };
enum { CFA_ALU = 8, CFA_PUSH_BEFORE = 9, CFA_POP_AFTER = 10, CFA_POP2_AFTER = 11 };
/* OP2 / OP3 ALU_INST values */
enum { OP_ADD = 0, OP_MUL_IEEE = 2, OP_MAX_DX10 = 5, OP_MIN_DX10 = 6, OP_SETE = 8, OP_SETGT = 9,
       OP_SETGE = 10, OP_SETNE = 11, OP_FRACT = 16, OP_TRUNC = 17, OP_CEIL = 18, OP_RNDNE = 19,
       OP_FLOOR = 20, OP_MOVA_INT = 24, OP_MOV = 25, OP_NOP = 26, OP_PRED_SETNE = 35, OP_KILLGT = 45,
       OP_ADD_INT = 52, OP_SUB_INT = 53, OP_SETGT_INT = 59, OP_DOT4_IEEE = 81, OP_CUBE = 82,
       OP_EXP_IEEE = 97, OP_LOG_IEEE = 99, OP_RECIP_IEEE = 102, OP_RECIPSQRT_IEEE = 105,
       OP_SQRT_IEEE = 106, OP_FLT_TO_INT = 107, OP_INT_TO_FLT = 108, OP_SIN = 110, OP_COS = 111,
       OP_LSHL_INT = 114, OP_MULLO_INT = 115, OP_MULHI_UINT = 118 };
enum { OP3_MULADD_IEEE = 20, OP3_CNDE = 24, OP3_CNDGT = 25, OP3_CNDGE = 26, OP3_CNDE_INT = 28 };

static bool trans_only(unsigned op, bool op3, enum hw_chip chip)
{
   if (op3)
      return false;
   if (op >= 112 && op <= 114)   /* ASHR/LSHR/LSHL_INT: trans only on R6xx */
      return chip == HW_CHIP_R6XX;
   return (op >= 97 && op <= 111) || (op >= 115 && op <= 121);
}

struct alu {
   unsigned sel[3], chan[3];
   bool neg[3], abs[2], rel[3];
   bool last, op3, write, clamp, uem, up, dst_rel;
   unsigned op, dst, dst_chan, bank_swizzle, omod, index_mode;
};

static void decode_alu(enum hw_chip chip, const uint32_t *w, struct alu *a)
{
   memset(a, 0, sizeof(*a));
   a->sel[0] = bits(w[0], 8, 0);
   a->rel[0] = bits(w[0], 9, 9);
   a->chan[0] = bits(w[0], 11, 10);
   a->neg[0] = bits(w[0], 12, 12);
   a->sel[1] = bits(w[0], 21, 13);
   a->rel[1] = bits(w[0], 22, 22);
   a->chan[1] = bits(w[0], 24, 23);
   a->neg[1] = bits(w[0], 25, 25);
   a->index_mode = bits(w[0], 28, 26);
   a->last = bits(w[0], 31, 31);
   a->dst_rel = bits(w[1], 28, 28);
   a->bank_swizzle = bits(w[1], 20, 18);
   a->dst = bits(w[1], 27, 21);
   a->dst_chan = bits(w[1], 30, 29);
   a->clamp = bits(w[1], 31, 31);
   a->op3 = bits(w[1], 17, 15) != 0;
   if (a->op3) {
      a->sel[2] = bits(w[1], 8, 0);
      a->rel[2] = bits(w[1], 9, 9);
      a->chan[2] = bits(w[1], 11, 10);
      a->neg[2] = bits(w[1], 12, 12);
      a->op = bits(w[1], 17, 13);
      a->write = true;
   } else {
      a->abs[0] = bits(w[1], 0, 0);
      a->abs[1] = bits(w[1], 1, 1);
      a->uem = bits(w[1], 2, 2);
      a->up = bits(w[1], 3, 3);
      a->write = bits(w[1], 4, 4);
      if (chip == HW_CHIP_R6XX) {
         a->omod = bits(w[1], 7, 6);
         a->op = bits(w[1], 17, 8);
      } else {
         a->omod = bits(w[1], 6, 5);
         a->op = bits(w[1], 17, 7);
      }
   }
}

static unsigned num_src(const struct alu *a)
{
   if (a->op3)
      return 3;
   if (a->op == OP_NOP)
      return 0;
   /* one operand: FRACT..FLOOR, MOVA*, MOV, NOT_INT, MOVA_GPR_INT..SIN/COS (96-111),
    * RECIP_INT/UINT, FLT_TO_UINT */
   if ((a->op >= 16 && a->op <= 25) || a->op == 51 || (a->op >= 96 && a->op <= 111) ||
       (a->op >= 119 && a->op <= 121))
      return 1;
   return 2;
}

struct cf {
   uint32_t w0, w1;
   bool is_alu, is_export;
   unsigned inst;
   /* plain */
   unsigned addr, count, pop_count, cond;
   bool eop, barrier;
   /* alu */
   unsigned kmode[2], kbank[2], kaddr[2];
   /* export */
   unsigned type, array_base, gpr, sel[4], burst;
};

static void decode_cf(enum hw_chip chip, const uint32_t *w, struct cf *c)
{
   memset(c, 0, sizeof(*c));
   c->w0 = w[0];
   c->w1 = w[1];
   c->barrier = bits(w[1], 31, 31);
   if (bits(w[1], 29, 29)) {
      c->is_alu = true;
      c->inst = bits(w[1], 29, 26);
      c->addr = bits(w[0], 21, 0);
      c->kbank[0] = bits(w[0], 25, 22);
      c->kbank[1] = bits(w[0], 29, 26);
      c->kmode[0] = bits(w[0], 31, 30);
      c->kmode[1] = bits(w[1], 1, 0);
      c->kaddr[0] = bits(w[1], 9, 2);
      c->kaddr[1] = bits(w[1], 17, 10);
      c->count = bits(w[1], 24, 18) + 1;
      return;
   }
   c->inst = bits(w[1], 29, 23);
   c->eop = bits(w[1], 21, 21);
   if (c->inst == CF_EXPORT || c->inst == CF_EXPORT_DONE) {
      c->is_export = true;
      c->array_base = bits(w[0], 12, 0);
      c->type = bits(w[0], 14, 13);
      c->gpr = bits(w[0], 21, 15);
      c->sel[0] = bits(w[1], 2, 0);
      c->sel[1] = bits(w[1], 5, 3);
      c->sel[2] = bits(w[1], 8, 6);
      c->sel[3] = bits(w[1], 11, 9);
      c->burst = bits(w[1], 20, 17) + 1;
      return;
   }
   c->addr = w[0];
   c->pop_count = bits(w[1], 2, 0);
   c->cond = bits(w[1], 9, 8);
   c->count = bits(w[1], 12, 10) + (chip == HW_CHIP_R7XX ? bits(w[1], 19, 19) * 8 : 0) + 1;
}

/* The CF program: instructions up to and including the one with END_OF_PROGRAM (or the
 * RETURN of a fetch shader). */
static unsigned decode_program(enum hw_chip chip, const struct r600_shader_binary *b,
                               struct cf *cf, unsigned max)
{
   unsigned n = 0;
   for (unsigned i = 0; 2 * i + 1 < b->ndw && n < max; i++) {
      decode_cf(chip, b->code + 2 * i, &cf[n]);
      n++;
      if (cf[n - 1].eop || (!cf[n - 1].is_alu && cf[n - 1].inst == CF_RETURN))
         break;
   }
   return n;
}

/* ---------------------------------------------------------------- group rule checks */

static const uint8_t vec_cycle[6][3] = {{0,1,2},{0,2,1},{1,2,0},{1,0,2},{2,0,1},{2,1,0}};
static const uint8_t scl_cycle[4][3] = {{2,1,0},{1,2,2},{2,1,2},{2,2,1}};

static bool is_gpr(unsigned sel) { return sel < 128; }
static bool is_kcache(unsigned sel) { return sel >= 128 && sel < 192; }
static bool is_constlike(unsigned sel) { return is_kcache(sel) || (sel >= 248 && sel <= 253); }

/* Checks one group against the VLIW5 rules; returns its literal count. */
static unsigned check_group(enum hw_chip chip, const struct alu *g, unsigned n,
                            const char *what)
{
   CHECK(n >= 1 && n <= 5, "%s: group of %u instructions", what, n);
   /* vector instructions in x..w order by DST_CHAN, an optional trans one last */
   int prev_chan = -1;
   unsigned trans = 0, kills = 0, literals = 0;
   bool slot_trans[5] = {false};
   for (unsigned i = 0; i < n; i++) {
      bool is_t = trans_only(g[i].op, g[i].op3, chip) || (int)g[i].dst_chan <= prev_chan ||
                  (i == 4);
      if (trans_only(g[i].op, g[i].op3, chip))
         CHECK(i == n - 1, "%s: trans-only op %u not last in its group", what, g[i].op);
      if (is_t) {
         CHECK(i == n - 1, "%s: two instructions for one slot", what);
         trans++;
      } else {
         prev_chan = (int)g[i].dst_chan;
      }
      slot_trans[i] = is_t;
      if (!g[i].op3 && (g[i].op == OP_KILLGT || g[i].op == OP_PRED_SETNE))
         kills++;
      CHECK(g[i].last == (i == n - 1), "%s: LAST bit", what);
      for (unsigned s = 0; s < num_src(&g[i]); s++)
         if (g[i].sel[s] == 253 && g[i].chan[s] + 1 > literals)
            literals = g[i].chan[s] + 1;
      if (!g[i].op3 && (g[i].op == OP_DOT4_IEEE || g[i].op == OP_CUBE))
         CHECK(!is_t, "%s: reduction in the trans slot", what);
   }
   CHECK(trans <= 1 && kills <= 1, "%s: %u trans, %u kill/pred", what, trans, kills);
   /* AR: one MOVA_INT per group, in a vector slot, no GPR result, not with a relative
    * operand; relative operands use INDEX_MODE AR_X (0) */
   unsigned movas = 0, rels = 0;
   for (unsigned i = 0; i < n; i++) {
      bool rel = g[i].dst_rel;
      for (unsigned s = 0; s < num_src(&g[i]); s++)
         rel |= g[i].rel[s];
      rels += rel;
      if (rel)
         CHECK(g[i].index_mode == 0, "%s: INDEX_MODE %u", what, g[i].index_mode);
      if (!g[i].op3 && g[i].op == OP_MOVA_INT) {
         movas++;
         CHECK(!slot_trans[i] && !g[i].write, "%s: MOVA_INT in the trans slot or writing", what);
      }
   }
   CHECK(movas <= 1 && !(movas && rels), "%s: %u MOVA, %u relative in a group", what, movas, rels);
   CHECK(literals <= 4, "%s: %u literals", what, literals);
   /* a reduction occupies x, y, z, w */
   for (unsigned i = 0; i < n; i++)
      if (!g[i].op3 && (g[i].op == OP_DOT4_IEEE || g[i].op == OP_CUBE))
         CHECK(n >= 4 && g[0].op == g[i].op && g[1].op == g[i].op && g[2].op == g[i].op &&
               g[3].op == g[i].op, "%s: incomplete reduction", what);

   /* constant reads: R7xx <= 2 (constant, half), R6xx <= 4 (constant, channel) */
   unsigned keys[16], nkeys = 0;
   for (unsigned i = 0; i < n; i++) {
      for (unsigned s = 0; s < num_src(&g[i]); s++) {
         if (!is_kcache(g[i].sel[s]))
            continue;
         unsigned k = g[i].sel[s] * 4 + (chip == HW_CHIP_R7XX ? g[i].chan[s] / 2 : g[i].chan[s]);
         bool found = false;
         for (unsigned j = 0; j < nkeys; j++)
            found |= keys[j] == k;
         if (!found)
            keys[nkeys++] = k;
      }
   }
   CHECK(nkeys <= (chip == HW_CHIP_R7XX ? 2u : 4u), "%s: %u constant reads", what, nkeys);

   /* read ports: per cycle and channel one GPR */
   int port[3][4];
   memset(port, 0xff, sizeof(port));
   for (unsigned i = 0; i < n; i++) {
      unsigned nconst = 0;
      if (slot_trans[i]) {
         for (unsigned s = 0; s < num_src(&g[i]); s++)
            nconst += is_constlike(g[i].sel[s]);
         CHECK(nconst <= 2, "%s: trans op with %u constants", what, nconst);
         CHECK(g[i].bank_swizzle < 4, "%s: bad trans bank swizzle", what);
      } else {
         CHECK(g[i].bank_swizzle < 6, "%s: bad vector bank swizzle", what);
      }
      for (unsigned s = 0; s < num_src(&g[i]); s++) {
         if (!is_gpr(g[i].sel[s]))
            continue;
         if (!slot_trans[i] && s == 1 && g[i].sel[0] == g[i].sel[1] && g[i].chan[0] == g[i].chan[1])
            continue;
         unsigned cyc = slot_trans[i] ? scl_cycle[g[i].bank_swizzle & 3][s]
                                      : vec_cycle[g[i].bank_swizzle % 6][s];
         if (slot_trans[i])
            CHECK(cyc >= nconst, "%s: trans GPR operand read before its constants", what);
         int *p = &port[cyc][g[i].chan[s]];
         if (!CHECK(*p < 0 || *p == (int)g[i].sel[s], "%s: read port conflict (cycle %u chan %u: R%d and R%u)",
               what, cyc, g[i].chan[s], *p, g[i].sel[s]))
            for (unsigned q = 0; q < n; q++)
               fprintf(stderr, "   op %u%s dst R%u.%u w%u bs %u src %u.%u %u.%u %u.%u\n", g[q].op,
                       g[q].op3 ? "(op3)" : "", g[q].dst, g[q].dst_chan, g[q].write, g[q].bank_swizzle,
                       g[q].sel[0], g[q].chan[0], g[q].sel[1], g[q].chan[1], g[q].sel[2], g[q].chan[2]);
         *p = (int)g[i].sel[s];
      }
   }
   /* no two instructions write the same GPR channel */
   for (unsigned i = 0; i < n; i++)
      for (unsigned j = i + 1; j < n; j++)
         CHECK(!(g[i].write && g[j].write && g[i].dst == g[j].dst && g[i].dst_chan == g[j].dst_chan),
               "%s: two writes of R%u.%u", what, g[i].dst, g[i].dst_chan);
   return literals;
}

/* Walks every ALU clause of the program, checking the group rules; returns the groups. */
static unsigned check_alu_clauses(enum hw_chip chip, const struct r600_shader_binary *b,
                                  const char *what)
{
   struct cf cf[256];
   unsigned ncf = decode_program(chip, b, cf, 256), groups = 0;
   for (unsigned i = 0; i < ncf; i++) {
      if (!cf[i].is_alu)
         continue;
      unsigned slot = cf[i].addr, end = cf[i].addr + cf[i].count;
      CHECK(cf[i].count <= 128, "%s: ALU clause of %u slots", what, cf[i].count);
      CHECK(end * 2 <= b->ndw, "%s: ALU clause beyond the code", what);
      while (slot < end && end * 2 <= b->ndw) {
         struct alu g[6];
         unsigned n = 0;
         do {
            decode_alu(chip, b->code + 2 * slot, &g[n]);
            slot++;
         } while (!g[n++].last && n < 6 && slot < end);
         unsigned lit = check_group(chip, g, n, what);
         slot += (lit + 1) / 2;
         groups++;
      }
      CHECK(slot == end, "%s: clause COUNT does not match its groups", what);
   }
   return groups;
}

/* ---------------------------------------------------------------- single-lane interpreter */

union val { float f; uint32_t u; int32_t i; };

struct machine {
   enum hw_chip chip;
   union val gpr[128][4];
   union val consts[256][4];
   bool active, broken, cont, killed;
   bool stack[32];
   unsigned sp;
   struct { bool active, broken; unsigned sp; } loops[8];
   unsigned lsp;
   /* exports: type, base -> value */
   union val pos[4][4], param[32][4], pixel[64][4];
   bool pos_done, param_done, pixel_done;
   unsigned steps;
   bool error;
   int ar;                 /* AR.x, valid after a MOVA_INT of the current ALU clause */
   bool ar_valid;
   unsigned rel_ops, vtx_fetches;
};

/* A relative GPR operand: sel + AR.x, which must have been loaded in this clause. */
static unsigned rel_gpr(struct machine *m, unsigned sel)
{
   int r = (int)sel + m->ar;
   m->rel_ops++;
   if (!m->ar_valid || sel >= 128 || r < 0 || r >= 128) {
      m->error = true;
      return 0;
   }
   return (unsigned)r;
}

static union val read_src(struct machine *m, const struct alu *a, unsigned s,
                          const unsigned kaddr[2], const uint32_t *literals)
{
   union val v = {0};
   unsigned sel = a->sel[s], chan = a->chan[s];
   if (a->rel[s])
      sel = rel_gpr(m, sel);
   if (sel < 128) v = m->gpr[sel][chan];
   else if (sel < 160) v = m->consts[(kaddr[0] * 16 + sel - 128) & 255][chan];
   else if (sel < 192) v = m->consts[(kaddr[1] * 16 + sel - 160) & 255][chan];
   else if (sel == 248) v.f = 0.0f;
   else if (sel == 249) v.f = 1.0f;
   else if (sel == 250) v.i = 1;
   else if (sel == 251) v.i = -1;
   else if (sel == 252) v.f = 0.5f;
   else if (sel == 253) v.u = literals[chan];
   else m->error = true;
   if (s < 2 && a->abs[s]) v.u &= 0x7FFFFFFFu;
   if (a->neg[s]) v.u ^= 0x80000000u;
   return v;
}

static void exec_alu_clause(struct machine *m, const struct r600_shader_binary *b,
                            const struct cf *c)
{
   unsigned slot = c->addr, end = c->addr + c->count;
   m->ar_valid = false;
   while (slot < end) {
      struct alu g[6];
      unsigned n = 0, lit = 0;
      do {
         decode_alu(m->chip, b->code + 2 * slot, &g[n]);
         slot++;
      } while (!g[n++].last && n < 6);
      for (unsigned i = 0; i < n; i++)
         for (unsigned s = 0; s < num_src(&g[i]); s++)
            if (g[i].sel[s] == 253 && g[i].chan[s] + 1 > lit)
               lit = g[i].chan[s] + 1;
      const uint32_t *literals = b->code + 2 * slot;
      slot += (lit + 1) / 2;
      if (!(m->active && !m->broken && !m->cont && !m->killed))
         continue;

      /* all reads of the group happen before any write */
      union val src[6][3], res[6];
      float dot = 0.0f;
      bool dot_done = false;
      for (unsigned i = 0; i < n; i++)
         for (unsigned s = 0; s < num_src(&g[i]); s++)
            src[i][s] = read_src(m, &g[i], s, c->kaddr, literals);
      for (unsigned i = 0; i < n; i++) {
         union val *x = src[i], r = {0};
         if (g[i].op3) {
            switch (g[i].op) {
            case OP3_MULADD_IEEE: { float p = x[0].f * x[1].f; r.f = p + x[2].f; break; }
            case OP3_CNDE: r = x[0].f == 0.0f ? x[1] : x[2]; break;
            case OP3_CNDGT: r = x[0].f > 0.0f ? x[1] : x[2]; break;
            case OP3_CNDGE: r = x[0].f >= 0.0f ? x[1] : x[2]; break;
            case OP3_CNDE_INT: r = x[0].i == 0 ? x[1] : x[2]; break;
            default: m->error = true; break;
            }
         } else {
            switch (g[i].op) {
            case OP_ADD: r.f = x[0].f + x[1].f; break;
            case OP_MUL_IEEE: r.f = x[0].f * x[1].f; break;
            case OP_MAX_DX10: r.f = fmaxf(x[0].f, x[1].f); break;
            case OP_MIN_DX10: r.f = fminf(x[0].f, x[1].f); break;
            case OP_SETE: r.f = x[0].f == x[1].f ? 1.0f : 0.0f; break;
            case OP_SETGT: r.f = x[0].f > x[1].f ? 1.0f : 0.0f; break;
            case OP_SETGE: r.f = x[0].f >= x[1].f ? 1.0f : 0.0f; break;
            case OP_SETNE: r.f = x[0].f != x[1].f ? 1.0f : 0.0f; break;
            case OP_FRACT: r.f = x[0].f - floorf(x[0].f); break;
            case OP_TRUNC: r.f = truncf(x[0].f); break;
            case OP_CEIL: r.f = ceilf(x[0].f); break;
            case OP_RNDNE: r.f = nearbyintf(x[0].f); break;
            case OP_FLOOR: r.f = floorf(x[0].f); break;
            case OP_MOV: r = x[0]; break;
            case OP_MOVA_INT: r.i = x[0].i < -256 ? -256 : x[0].i > 255 ? 255 : x[0].i; break;
            case OP_PRED_SETNE: r.f = x[0].f != x[1].f ? 1.0f : 0.0f; break;
            case OP_KILLGT: if (x[0].f > x[1].f) m->killed = true; break;
            case OP_ADD_INT: r.u = x[0].u + x[1].u; break;
            case OP_SUB_INT: r.u = x[0].u - x[1].u; break;
            case OP_SETGT_INT: r.u = x[0].i > x[1].i ? ~0u : 0u; break;
            case OP_DOT4_IEEE:
               if (!dot_done) {
                  /* the four lanes x..w of this group */
                  dot = 0.0f;
                  for (unsigned k = 0; k < 4; k++) {
                     float p = src[k][0].f * src[k][1].f;
                     dot = k ? dot + p : p;
                  }
                  dot_done = true;
               }
               r.f = dot;
               break;
            case OP_RECIP_IEEE: r.f = 1.0f / x[0].f; break;
            case OP_RECIPSQRT_IEEE: r.f = 1.0f / sqrtf(x[0].f); break;
            case OP_SQRT_IEEE: r.f = sqrtf(x[0].f); break;
            case OP_EXP_IEEE: r.f = exp2f(x[0].f); break;
            case OP_LOG_IEEE: r.f = log2f(x[0].f); break;
            case OP_SIN:
               r.f = sinf(m->chip == HW_CHIP_R7XX ? x[0].f * 6.2831855f : x[0].f);
               break;
            case OP_COS:
               r.f = cosf(m->chip == HW_CHIP_R7XX ? x[0].f * 6.2831855f : x[0].f);
               break;
            case OP_FLT_TO_INT: r.i = (int32_t)x[0].f; break;
            case OP_INT_TO_FLT: r.f = (float)x[0].i; break;
            case OP_LSHL_INT: r.u = x[0].u << (x[1].u & 31); break;
            case OP_MULLO_INT: r.u = x[0].u * x[1].u; break;
            default: m->error = true; break;
            }
         }
         if (g[i].clamp)
            r.f = r.f < 0.0f ? 0.0f : r.f > 1.0f ? 1.0f : r.f;
         res[i] = r;
      }
      for (unsigned i = 0; i < n; i++) {
         if (!g[i].op3 && g[i].op == OP_PRED_SETNE && g[i].uem)
            m->active = m->active && res[i].f != 0.0f;
         if (g[i].write)
            m->gpr[g[i].dst_rel ? rel_gpr(m, g[i].dst) : g[i].dst][g[i].dst_chan] = res[i];
         if (!g[i].op3 && g[i].op == OP_MOVA_INT) {
            m->ar = res[i].i;
            m->ar_valid = true;
         }
      }
   }
}

static bool lane_on(const struct machine *m);

/* A VTX clause: only constant-buffer reads as the compiler emits them (BUFFER_ID 0,
 * FETCH_TYPE NO_INDEX_OFFSET, FMT_32_32_32_32 INT, 16 bytes): vec4 (index + OFFSET/16). */
static void exec_vtx_clause(struct machine *m, const struct r600_shader_binary *b,
                            const struct cf *c)
{
   for (unsigned i = 0; i < c->count; i++) {
      const uint32_t *w = b->code + 2 * c->addr + 4 * i;
      if (2 * c->addr + 4 * i + 4 > b->ndw || bits(w[0], 4, 0) != 0 || bits(w[0], 6, 5) != 2 ||
          bits(w[0], 15, 8) != 0 || bits(w[0], 23, 23) || bits(w[0], 31, 26) != 15 ||
          bits(w[1], 7, 7) || bits(w[1], 21, 21) || bits(w[1], 27, 22) != 34 ||
          bits(w[1], 29, 28) != 1 || bits(w[2], 15, 0) % 16 || bits(w[2], 18, 16) ||
          !bits(w[2], 19, 19)) {
         m->error = true;
         return;
      }
      m->vtx_fetches++;
      if (!lane_on(m))
         continue;
      int index = m->gpr[bits(w[0], 22, 16)][bits(w[0], 25, 24)].i + (int)bits(w[2], 15, 0) / 16;
      if (index < 0 || index >= 256) {
         m->error = true;
         return;
      }
      union val *dst = m->gpr[bits(w[1], 6, 0)];
      for (unsigned ch = 0; ch < 4; ch++) {
         unsigned sel = bits(w[1], 11 + 3 * ch, 9 + 3 * ch);
         if (sel < 4) dst[ch] = m->consts[index][sel];
         else if (sel == 4) dst[ch].f = 0.0f;
         else if (sel == 5) dst[ch].f = 1.0f;
         else if (sel != 7) m->error = true;
      }
   }
}

static void pop(struct machine *m, unsigned count)
{
   for (unsigned k = 0; k < count; k++) {
      if (!m->sp) {
         m->error = true;
         return;
      }
      m->active = m->stack[--m->sp];
   }
}

static bool lane_on(const struct machine *m)
{
   return m->active && !m->broken && !m->cont && !m->killed;
}

/* A machine with everything zero, running code for chip. */
static void machine_init(struct machine *m, enum hw_chip chip)
{
   memset(m, 0, sizeof(*m));
   m->chip = chip;
}

/* Runs a VS or PS (CALL_FS does nothing: the test preloads the attribute GPRs). */
static void run(struct machine *m, const struct r600_shader_binary *b)
{
   m->active = true;
   for (unsigned pc = 0; 2 * pc + 1 < b->ndw && !m->error; ) {
      struct cf c;
      decode_cf(m->chip, b->code + 2 * pc, &c);
      if (++m->steps > 100000) {
         m->error = true;
         return;
      }
      unsigned next = pc + 1;
      if (c.is_alu) {
         if (c.inst == CFA_PUSH_BEFORE) {
            if (m->sp == 32) { m->error = true; return; }
            m->stack[m->sp++] = m->active;
         }
         exec_alu_clause(m, b, &c);
         if (c.inst == CFA_POP_AFTER)
            pop(m, 1);
         else if (c.inst == CFA_POP2_AFTER)
            pop(m, 2);
      } else if (c.is_export) {
         if (lane_on(m) || m->killed) {
            for (unsigned k = 0; k < c.burst; k++) {
               union val *dst = c.type == 1 ? m->pos[(c.array_base + k - 60) & 3]
                              : c.type == 2 ? m->param[(c.array_base + k) & 31]
                                            : m->pixel[(c.array_base + k) & 63];
               for (unsigned ch = 0; ch < 4; ch++) {
                  unsigned s = c.sel[ch];
                  if (s < 4) dst[ch] = m->gpr[(c.gpr + k) & 127][s];
                  else if (s == 4) dst[ch].f = 0.0f;
                  else if (s == 5) dst[ch].f = 1.0f;
               }
            }
            if (c.inst == CF_EXPORT_DONE) {
               if (c.type == 1) m->pos_done = true;
               if (c.type == 2) m->param_done = true;
               if (c.type == 0) m->pixel_done = true;
            }
         }
         if (c.eop)
            return;
      } else {
         switch (c.inst) {
         case CF_NOP: case CF_CALL_FS: break;
         case CF_VTX: exec_vtx_clause(m, b, &c); break;
         case CF_JUMP:
            if (!lane_on(m)) { pop(m, c.pop_count); next = c.addr; }
            break;
         case CF_ELSE:
            m->active = m->sp && m->stack[m->sp - 1] && !m->active;
            if (!lane_on(m)) { pop(m, c.pop_count); next = c.addr; }
            break;
         case CF_POP: pop(m, c.pop_count); break;
         case CF_LOOP_START_DX10:
            if (m->lsp == 8) { m->error = true; return; }
            m->loops[m->lsp].active = m->active;
            m->loops[m->lsp].broken = m->broken;
            m->loops[m->lsp].sp = m->sp;
            m->lsp++;
            if (!lane_on(m)) { m->lsp--; next = c.addr; }
            break;
         case CF_LOOP_END: {
            if (!m->lsp) { m->error = true; return; }
            m->sp = m->loops[m->lsp - 1].sp;
            m->active = m->loops[m->lsp - 1].active;
            m->cont = false;
            if (m->active && !m->broken && !m->killed) {
               next = c.addr;
            } else {
               m->lsp--;
               m->broken = m->loops[m->lsp].broken;
            }
            break;
         }
         case CF_LOOP_BREAK:
            if (lane_on(m)) m->broken = true;
            if (!lane_on(m)) next = c.addr;
            break;
         case CF_LOOP_CONTINUE:
            if (lane_on(m)) m->cont = true;
            if (!lane_on(m)) next = c.addr;
            break;
         default:
            m->error = true;
            return;
         }
         if (c.eop)
            return;
      }
      pc = next;
   }
   m->error = true;   /* ran off the end without END_OF_PROGRAM */
}

/* ---------------------------------------------------------------- IR construction */

static unsigned IMM4(struct ir_shader *s, float x, float y, float z, float w)
{
   union val v[4];
   v[0].f = x; v[1].f = y; v[2].f = z; v[3].f = w;
   uint32_t u[4] = {v[0].u, v[1].u, v[2].u, v[3].u};
   return ir_imm(s, u);
}

static struct ir_dst NODST(void) { return D(IR_FILE_NULL, 0, 0); }

static void add_io(struct ir_io *io, unsigned sem, unsigned index)
{
   memset(io, 0, sizeof(*io));
   io->semantic = (uint8_t)sem;
   io->index = (uint16_t)index;
   io->usage_mask = 0xF;
}

static bool compile(const struct ir_shader *ir, enum hw_chip chip,
                    struct r600_shader_binary *b, const char *what)
{
   char *log = NULL;
   bool ok = r600_compile_shader(ir, chip, b, &log);
   CHECK(ok, "%s (%s): compile failed: %s", what, hw_chip_name(chip), log ? log : "(no log)");
   free(log);
   return ok;
}

/* compile(), then the per-clause checks of check_alu_clauses on the result. */
static bool compile_checked(const struct ir_shader *ir, enum hw_chip chip,
                            struct r600_shader_binary *b, const char *what)
{
   if (!compile(ir, chip, b, what))
      return false;
   check_alu_clauses(chip, b, what);
   return true;
}

static bool feq(float a, float b)
{
   union val x = {.f = a}, y = {.f = b};
   return x.u == y.u || (isnan(a) && isnan(b));
}

/* ---------------------------------------------------------------- tests */

/* VS: gl_Position = M * a0 (columns in CONST 0..3); v0 = a1 * CONST 4 + 0.25 */
static void test_vs_basic(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_VERTEX);
   s->num_inputs = 2;
   add_io(&s->inputs[0], IR_SEM_ATTRIB, 0);
   add_io(&s->inputs[1], IR_SEM_ATTRIB, 1);
   s->num_outputs = 2;
   add_io(&s->outputs[0], IR_SEM_POSITION, 0);
   add_io(&s->outputs[1], IR_SEM_GENERIC, 3);
   s->num_consts = 5;
   s->num_temps = 1;
   struct ir_src a0 = S(IR_FILE_INPUT, 0, "xyzw"), a1 = S(IR_FILE_INPUT, 1, "xyzw");
   struct ir_src c0 = S(IR_FILE_CONST, 0, "xyzw"), c1 = S(IR_FILE_CONST, 1, "xyzw");
   struct ir_src c2 = S(IR_FILE_CONST, 2, "xyzw"), c3 = S(IR_FILE_CONST, 3, "xyzw");
   struct ir_src c4 = S(IR_FILE_CONST, 4, "xyzw"), t0 = S(IR_FILE_TEMP, 0, "xyzw");
   struct ir_src ax = S(IR_FILE_INPUT, 0, "x"), ay = S(IR_FILE_INPUT, 0, "y");
   struct ir_src az = S(IR_FILE_INPUT, 0, "z"), aw = S(IR_FILE_INPUT, 0, "w");
   E(s, IR_MUL, D(IR_FILE_TEMP, 0, 0xF), &c0, &ax, NULL);
   E(s, IR_MAD, D(IR_FILE_TEMP, 0, 0xF), &c1, &ay, &t0);
   E(s, IR_MAD, D(IR_FILE_TEMP, 0, 0xF), &c2, &az, &t0);
   E(s, IR_MAD, D(IR_FILE_OUTPUT, 0, 0xF), &c3, &aw, &t0);
   struct ir_src q = S(IR_FILE_IMM, IMM4(s, 0.25f, 0.25f, 0.25f, 0.25f), "xyzw");
   E(s, IR_MAD, D(IR_FILE_OUTPUT, 1, 0xF), &a1, &c4, &q);
   (void)a0;

   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = chips[ci];
      struct r600_shader_binary b;
      if (!compile(s, chip, &b, "vs_basic"))
         continue;
      struct cf cf[64];
      unsigned n = decode_program(chip, &b, cf, 64);
      CHECK(n >= 4, "vs_basic: %u CF instructions", n);
      CHECK(!cf[0].is_alu && cf[0].inst == CF_CALL_FS && !cf[0].eop,
            "vs_basic %s: first CF is CALL_FS (inst %u)", hw_chip_name(chip), cf[0].inst);
      bool kcache_ok = false, pos_ok = false, param_ok = false;
      for (unsigned i = 0; i < n; i++) {
         if (cf[i].is_alu && cf[i].kmode[0] == 1 && cf[i].kbank[0] == 0 && cf[i].kaddr[0] == 0)
            kcache_ok = true;
         if (cf[i].is_export && cf[i].type == 1 && cf[i].array_base == 60 &&
             cf[i].inst == CF_EXPORT_DONE && cf[i].burst == 1)
            pos_ok = true;
         if (cf[i].is_export && cf[i].type == 2 && cf[i].array_base == 0 &&
             cf[i].inst == CF_EXPORT_DONE)
            param_ok = true;
         CHECK(cf[i].eop == (i == n - 1), "vs_basic: END_OF_PROGRAM only on the last CF");
      }
      CHECK(kcache_ok, "vs_basic %s: an ALU clause locks kcache set 0 to bank 0 line 0 (LOCK_1)",
            hw_chip_name(chip));
      CHECK(pos_ok, "vs_basic %s: EXPORT_DONE POS 60", hw_chip_name(chip));
      CHECK(param_ok, "vs_basic %s: EXPORT_DONE PARAM 0", hw_chip_name(chip));
      CHECK(b.num_params == 1 && b.param_id[0] == 4, "vs_basic: param 0 has semantic id 4 (%u)",
            b.param_id[0]);
      CHECK(b.stack_size >= 1, "vs_basic: VS stack size >= 1");
      CHECK(b.num_gprs >= 3 && b.num_gprs < 124, "vs_basic: num_gprs %u", b.num_gprs);
      check_alu_clauses(chip, &b, "vs_basic");

      struct machine m;
      machine_init(&m, chip);
      float in0[4] = {1.5f, -2.0f, 0.75f, 1.0f}, in1[4] = {0.1f, 0.2f, 0.3f, 0.4f};
      for (unsigned c = 0; c < 4; c++) {
         m.gpr[1][c].f = in0[c];
         m.gpr[2][c].f = in1[c];
         for (unsigned k = 0; k < 5; k++)
            m.consts[k][c].f = (float)(k * 4 + c) * 0.5f - 3.0f;
      }
      run(&m, &b);
      CHECK(!m.error && m.pos_done && m.param_done, "vs_basic %s: runs and exports", hw_chip_name(chip));
      for (unsigned c = 0; c < 4; c++) {
         float t = m.consts[0][c].f * in0[0];
         t = m.consts[1][c].f * in0[1] + t;
         t = m.consts[2][c].f * in0[2] + t;
         t = m.consts[3][c].f * in0[3] + t;
         float v = in1[c] * m.consts[4][c].f + 0.25f;
         CHECK(feq(m.pos[0][c].f, t), "vs_basic %s: pos.%c %g, want %g", hw_chip_name(chip), "xyzw"[c],
               m.pos[0][c].f, t);
         CHECK(feq(m.param[0][c].f, v), "vs_basic %s: param.%c %g, want %g", hw_chip_name(chip),
               "xyzw"[c], m.param[0][c].f, v);
      }
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

/* PS exporting a constant colour: PIXEL 0, literals, OP2 opcode position per chip */
static void test_ps_constant(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   s->num_outputs = 1;
   add_io(&s->outputs[0], IR_SEM_COLOR, 0);
   struct ir_src k = S(IR_FILE_IMM, IMM4(s, 0.2f, 0.4f, 1.0f, -0.5f), "xyzw");
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &k, NULL, NULL);
   struct r600_shader_binary b[2];
   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = chips[ci];
      if (!compile(s, chip, &b[ci], "ps_constant"))
         return;
      struct cf cf[8];
      unsigned n = decode_program(chip, &b[ci], cf, 8);
      CHECK(n == 2 && cf[0].is_alu && cf[0].kmode[0] == 0 && cf[0].kmode[1] == 0,
            "ps_constant %s: one ALU clause without kcache, then the export", hw_chip_name(chip));
      CHECK(n == 2 && cf[1].is_export && cf[1].type == 0 && cf[1].array_base == 0 &&
            cf[1].inst == CF_EXPORT_DONE && cf[1].eop,
            "ps_constant %s: EXPORT_DONE PIXEL 0 with END_OF_PROGRAM", hw_chip_name(chip));
      CHECK(b[ci].num_color_exports == 1 && !b[ci].uses_kill && b[ci].stack_size == 0,
            "ps_constant: binary description");
      /* one group: MOVs of literal 0.2, 0.4, inline 1.0, -inline 0.5 */
      struct alu g[4];
      for (unsigned i = 0; i < 4; i++)
         decode_alu(chip, b[ci].code + 2 * (cf[0].addr + i), &g[i]);
      CHECK(g[0].op == OP_MOV && g[0].sel[0] == 253 && !g[0].last, "ps_constant: literal MOV x");
      CHECK(g[2].sel[0] == 249 && g[3].sel[0] == 252 && g[3].neg[0] && g[3].last,
            "ps_constant: inline 1.0 and -0.5");
      CHECK(cf[0].count == 5, "ps_constant: 4 instructions + 1 literal slot (count %u)", cf[0].count);
      check_alu_clauses(chip, &b[ci], "ps_constant");
      struct machine m;
      machine_init(&m, chip);
      run(&m, &b[ci]);
      CHECK(!m.error && m.pixel_done && feq(m.pixel[0][0].f, 0.2f) && feq(m.pixel[0][1].f, 0.4f) &&
            feq(m.pixel[0][2].f, 1.0f) && feq(m.pixel[0][3].f, -0.5f),
            "ps_constant %s: exported colour", hw_chip_name(chip));
   }
   /* the same MOV: ALU_INST at bits 17:8 (R6xx) vs 17:7 (R7xx) */
   uint32_t w6 = b[0].code[2 * 2 + 1], w7 = b[1].code[2 * 2 + 1];
   CHECK(((w6 >> 8) & 0x3FF) == OP_MOV && ((w7 >> 7) & 0x7FF) == OP_MOV && w6 != w7,
         "ps_constant: OP2 opcode position R6xx 0x%08x vs R7xx 0x%08x", w6, w7);
   r600_shader_binary_free(&b[0]);
   r600_shader_binary_free(&b[1]);
   ir_shader_destroy(s);
}

/* The fetch shader for 2 attributes of different formats, and clause splitting. */
static void test_fetch_shader(void)
{
   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = chips[ci];
      struct pipe_vertex_element e[20];
      memset(e, 0, sizeof(e));
      e[0].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      e[0].vertex_buffer_index = 0;
      e[0].src_offset = 0;
      e[1].src_format = PIPE_FORMAT_R8G8B8A8_UNORM;
      e[1].vertex_buffer_index = 1;
      e[1].src_offset = 12;
      struct r600_shader_binary b;
      CHECK(r600_build_fetch_shader(e, 2, chip, &b), "fetch: build");
      struct cf cf[8];
      unsigned n = decode_program(chip, &b, cf, 8);
      CHECK(n == 2 && cf[0].inst == CF_VTX && cf[0].count == 2 && cf[0].addr % 2 == 0,
            "fetch %s: one VTX clause of 2", hw_chip_name(chip));
      CHECK(n == 2 && cf[1].inst == CF_RETURN && !cf[1].eop, "fetch %s: ends with RETURN",
            hw_chip_name(chip));
      static const unsigned fmt[2] = {35, 26}, sel[2][4] = {{0, 1, 2, 3}, {0, 1, 2, 3}};
      for (unsigned i = 0; i < 2 && n == 2; i++) {
         const uint32_t *v = b.code + 2 * cf[0].addr + 4 * i;
         CHECK(bits(v[0], 4, 0) == 0 && bits(v[0], 6, 5) == 0, "fetch: FETCH of vertex data");
         CHECK(bits(v[0], 15, 8) == 160 + i, "fetch: BUFFER_ID %u", bits(v[0], 15, 8));
         CHECK(bits(v[0], 22, 16) == 0 && bits(v[0], 25, 24) == 0, "fetch: source GPR0.x");
         CHECK(bits(v[1], 6, 0) == i + 1, "fetch: DST_GPR %u", bits(v[1], 6, 0));
         for (unsigned c = 0; c < 4; c++)
            CHECK(bits(v[1], 11 + 3 * c, 9 + 3 * c) == sel[i][c], "fetch: DST_SEL");
         CHECK(bits(v[1], 21, 21) == 0, "fetch: USE_CONST_FIELDS 0");
         CHECK(bits(v[1], 27, 22) == fmt[i], "fetch: DATA_FORMAT %u, want %u", bits(v[1], 27, 22),
               fmt[i]);
         CHECK(bits(v[1], 29, 28) == 0 && bits(v[1], 30, 30) == 0, "fetch: NORM unsigned");
         CHECK(bits(v[2], 15, 0) == e[i].src_offset && bits(v[2], 19, 19) == 1,
               "fetch: OFFSET and MEGA_FETCH");
         CHECK(bits(v[0], 31, 26) == (i ? 3u : 15u), "fetch: MEGA_FETCH_COUNT bytes - 1");
         CHECK(v[3] == 0, "fetch: fourth dword 0");
      }
      CHECK(b.num_gprs == 3, "fetch: num_gprs %u", b.num_gprs);
      r600_shader_binary_free(&b);

      /* two components and a signed short: missing components (0, 0, 0, 1) */
      struct pipe_vertex_element e2[2] = {
         {.src_format = PIPE_FORMAT_R32G32_FLOAT, .vertex_buffer_index = 2, .src_offset = 8},
         {.src_format = PIPE_FORMAT_R16_SSCALED, .vertex_buffer_index = 0, .src_offset = 0,
          .instance_divisor = 1},
      };
      CHECK(r600_build_fetch_shader(e2, 2, chip, &b), "fetch: build 2");
      const uint32_t *v0 = b.code + 2 * (b.code[0]), *v1 = v0 + 4;
      CHECK(bits(v0[0], 15, 8) == 162 && bits(v0[1], 27, 22) == 30, "fetch: 32_32_FLOAT from buffer 2");
      CHECK(bits(v0[1], 11, 9) == 0 && bits(v0[1], 14, 12) == 1 && bits(v0[1], 17, 15) == 4 &&
            bits(v0[1], 20, 18) == 5, "fetch: DST_SEL x, y, 0, 1");
      CHECK(bits(v1[1], 27, 22) == 5 && bits(v1[1], 29, 28) == 2 && bits(v1[1], 30, 30) == 1,
            "fetch: FMT_16 SCALED signed");
      CHECK(bits(v1[0], 6, 5) == 1 && bits(v1[0], 25, 24) == 3,
            "fetch: instance data from GPR0.w");
      r600_shader_binary_free(&b);

      /* 20 attributes: clauses of at most 8 (R6xx) / 16 (R7xx) */
      for (unsigned i = 0; i < 20; i++) {
         e[i].src_format = PIPE_FORMAT_R32_FLOAT;
         e[i].vertex_buffer_index = i % 16;
         e[i].src_offset = 4 * i;
      }
      CHECK(r600_build_fetch_shader(e, 20, chip, &b), "fetch: build 20");
      n = decode_program(chip, &b, cf, 8);
      unsigned want = chip == HW_CHIP_R6XX ? 4 : 3, total = 0;
      CHECK(n == want, "fetch %s: %u CF instructions, want %u", hw_chip_name(chip), n, want);
      for (unsigned i = 0; i + 1 < n; i++) {
         CHECK(cf[i].inst == CF_VTX && cf[i].count <= (chip == HW_CHIP_R6XX ? 8u : 16u),
               "fetch: VTX clause size");
         for (unsigned k = 0; k < cf[i].count; k++) {
            const uint32_t *v = b.code + 2 * cf[i].addr + 4 * k;
            CHECK(bits(v[1], 6, 0) == total + k + 1, "fetch: attribute order");
         }
         total += cf[i].count;
      }
      CHECK(total == 20 && cf[n - 1].inst == CF_RETURN, "fetch: all 20 fetched, then RETURN");
      r600_shader_binary_free(&b);
      e[0].src_format = PIPE_FORMAT_Z24X8_UNORM;
      CHECK(!r600_build_fetch_shader(e, 1, chip, &b), "fetch: a depth format is not a vertex format");
      e[0].src_format = PIPE_FORMAT_R32_FLOAT;
      e[0].src_offset = 70000;
      CHECK(!r600_build_fetch_shader(e, 1, chip, &b), "fetch: offset beyond 16 bits refused");
      e[0].src_offset = 0;
   }
}

/* ---- random straight-line programs: IR evaluated directly vs. compiled and interpreted */

struct rng { uint64_t s; };
static uint32_t rnd(struct rng *r)
{
   r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
   return (uint32_t)(r->s >> 33);
}

struct ireval {
   union val temp[64][4], in[8][4], out[8][4], cst[64][4];
   const struct ir_shader *s;
};

static union val ir_read(struct ireval *e, const struct ir_src *src, unsigned c)
{
   union val v;
   unsigned sw = src->swizzle[c];
   switch (src->file) {
   case IR_FILE_TEMP: v = e->temp[src->index][sw]; break;
   case IR_FILE_INPUT: v = e->in[src->index][sw]; break;
   case IR_FILE_OUTPUT: v = e->out[src->index][sw]; break;
   case IR_FILE_CONST: v = e->cst[src->index][sw]; break;
   case IR_FILE_IMM: v.u = e->s->imms[src->index][sw]; break;
   default: v.u = 0; break;
   }
   if (src->abs) v.f = fabsf(v.f);
   if (src->negate) v.f = -v.f;
   return v;
}

static void ir_eval(struct ireval *e)
{
   const struct ir_shader *s = e->s;
   for (unsigned n = 0; n < s->num_instructions; n++) {
      const struct ir_instruction *in = &s->instructions[n];
      union val a[4], b[4], c[4], r[4];
      for (unsigned k = 0; k < 4; k++) {
         a[k] = ir_read(e, &in->src[0], k);
         b[k] = ir_read(e, &in->src[1], k);
         c[k] = ir_read(e, &in->src[2], k);
      }
      float dot;
      for (unsigned k = 0; k < 4; k++) {
         switch (in->opcode) {
         case IR_MOV: r[k] = a[k]; break;
         case IR_ADD: r[k].f = a[k].f + b[k].f; break;
         case IR_MUL: r[k].f = a[k].f * b[k].f; break;
         case IR_MAD: { float p = a[k].f * b[k].f; r[k].f = p + c[k].f; break; }
         case IR_DP3: case IR_DP4:
            dot = a[0].f * b[0].f;
            dot = dot + a[1].f * b[1].f;
            dot = dot + a[2].f * b[2].f;
            dot = dot + (in->opcode == IR_DP4 ? a[3].f * b[3].f : 0.0f * 0.0f);
            r[k].f = dot;
            break;
         case IR_MIN: r[k].f = fminf(a[k].f, b[k].f); break;
         case IR_MAX: r[k].f = fmaxf(a[k].f, b[k].f); break;
         case IR_RCP: r[k].f = 1.0f / a[0].f; break;
         case IR_RSQ: r[k].f = 1.0f / sqrtf(a[0].f); break;
         case IR_FRC: r[k].f = a[k].f - floorf(a[k].f); break;
         case IR_FLR: r[k].f = floorf(a[k].f); break;
         case IR_SLT: r[k].f = a[k].f < b[k].f ? 1.0f : 0.0f; break;
         case IR_SGE: r[k].f = a[k].f >= b[k].f ? 1.0f : 0.0f; break;
         case IR_CMP: r[k] = a[k].f < 0.0f ? b[k] : c[k]; break;
         case IR_CND: r[k] = a[k].f != 0.0f ? b[k] : c[k]; break;
         default: r[k].u = 0xDEADBEEF; break;
         }
         if (in->dst.saturate)
            r[k].f = r[k].f < 0.0f ? 0.0f : r[k].f > 1.0f ? 1.0f : r[k].f;
      }
      union val *d = in->dst.file == IR_FILE_TEMP ? e->temp[in->dst.index] : e->out[in->dst.index];
      for (unsigned k = 0; k < 4; k++)
         if (in->dst.writemask & (1u << k))
            d[k] = r[k];
   }
}

static struct ir_src random_src(struct rng *r, struct ir_shader *s, unsigned ntemps_written)
{
   static const char *const swz[] = {"xyzw", "wzyx", "xxxx", "yzxw", "zwzw", "wyxz", "yyyy"};
   struct ir_src src;
   unsigned k = rnd(r) % 10;
   const char *sw = swz[rnd(r) % 7];
   if (k < 4 && ntemps_written)
      src = S(IR_FILE_TEMP, rnd(r) % ntemps_written, sw);
   else if (k < 6)
      src = S(IR_FILE_INPUT, rnd(r) % 3, sw);
   else if (k < 8)
      src = S(IR_FILE_CONST, (rnd(r) % 3) * 17 + rnd(r) % 4, sw);   /* lines 0..3 */
   else {
      float v[4];
      for (unsigned c = 0; c < 4; c++) {
         static const float pick[] = {0.0f, 1.0f, 0.5f, -1.0f, 2.5f, -0.75f, 3.0f, 0.125f};
         v[c] = pick[rnd(r) % 8];
      }
      src = S(IR_FILE_IMM, IMM4(s, v[0], v[1], v[2], v[3]), sw);
   }
   if (rnd(r) % 4 == 0) src.negate = true;
   if (rnd(r) % 6 == 0) src.abs = true;
   return src;
}

static void test_random_programs(void)
{
   static const enum ir_opcode ops[] = {IR_MOV, IR_ADD, IR_MUL, IR_MAD, IR_DP3, IR_DP4, IR_MIN,
                                        IR_MAX, IR_RCP, IR_RSQ, IR_FRC, IR_FLR, IR_SLT, IR_SGE,
                                        IR_CMP, IR_CND};
   struct rng r = {12345};
   unsigned programs = 0, groups = 0;
   for (unsigned iter = 0; iter < 300; iter++) {
      struct ir_shader *s = ir_shader_create(IR_STAGE_VERTEX);
      s->num_inputs = 3;
      for (unsigned i = 0; i < 3; i++)
         add_io(&s->inputs[i], IR_SEM_ATTRIB, i);
      s->num_outputs = 3;
      add_io(&s->outputs[0], IR_SEM_POSITION, 0);
      add_io(&s->outputs[1], IR_SEM_GENERIC, 0);
      add_io(&s->outputs[2], IR_SEM_GENERIC, 1);
      s->num_consts = 64;
      s->num_temps = 8;
      /* every temp starts defined (reading an undefined component is undefined) */
      for (unsigned t = 0; t < 8; t++) {
         struct ir_src init = t < 3 ? S(IR_FILE_INPUT, t, "wzyx") : S(IR_FILE_CONST, t, "xyzw");
         E(s, IR_MOV, D(IR_FILE_TEMP, t, 0xF), &init, NULL, NULL);
      }
      unsigned len = 3 + rnd(&r) % 40, written = 1 + rnd(&r) % 8;
      for (unsigned n = 0; n < len; n++) {
         enum ir_opcode op = ops[rnd(&r) % (sizeof(ops) / sizeof(ops[0]))];
         struct ir_src a = random_src(&r, s, written), b = random_src(&r, s, written);
         struct ir_src c = random_src(&r, s, written);
         if (op == IR_RCP || op == IR_RSQ)
            a.abs = true;
         unsigned tmp = written < 8 && rnd(&r) % 3 == 0 ? written++ : rnd(&r) % written;
         struct ir_dst d = D(IR_FILE_TEMP, tmp, (rnd(&r) % 15) + 1);
         d.saturate = rnd(&r) % 8 == 0;
         E(s, op, d, &a, &b, &c);
      }
      for (unsigned o = 0; o < 3; o++) {
         struct ir_src t = S(IR_FILE_TEMP, rnd(&r) % written, "xyzw");
         E(s, IR_MOV, D(IR_FILE_OUTPUT, o, 0xF), &t, NULL, NULL);
      }

      struct ireval ev;
      memset(&ev, 0, sizeof(ev));
      ev.s = s;
      for (unsigned i = 0; i < 3; i++)
         for (unsigned c = 0; c < 4; c++)
            ev.in[i][c].f = (float)((int)(rnd(&r) % 2001) - 1000) / 256.0f;
      for (unsigned i = 0; i < 64; i++)
         for (unsigned c = 0; c < 4; c++)
            ev.cst[i][c].f = (float)((int)(rnd(&r) % 2001) - 1000) / 128.0f;
      ir_eval(&ev);

      for (unsigned ci = 0; ci < 2; ci++) {
         enum hw_chip chip = chips[ci];
         struct r600_shader_binary b;
         char what[64];
         snprintf(what, sizeof(what), "random %u %s", iter, hw_chip_name(chip));
         if (!compile(s, chip, &b, what))
            continue;
         groups += check_alu_clauses(chip, &b, what);
         struct machine m;
         machine_init(&m, chip);
         for (unsigned i = 0; i < 3; i++)
            memcpy(m.gpr[1 + i], ev.in[i], sizeof(ev.in[i]));
         memcpy(m.consts, ev.cst, sizeof(ev.cst));
         run(&m, &b);
         bool same = !m.error && m.pos_done && m.param_done;
         for (unsigned c = 0; c < 4 && same; c++)
            same = feq(m.pos[0][c].f, ev.out[0][c].f) && feq(m.param[0][c].f, ev.out[1][c].f) &&
                   feq(m.param[1][c].f, ev.out[2][c].f);
         if (!CHECK(same, "%s: compiled program computes what the IR computes", what)) {
            ir_print(s, stderr);
            for (unsigned c = 0; c < 4; c++)
               fprintf(stderr, "  %c: pos %g/%g p0 %g/%g p1 %g/%g\n", "xyzw"[c], m.pos[0][c].f,
                       ev.out[0][c].f, m.param[0][c].f, ev.out[1][c].f, m.param[1][c].f,
                       ev.out[2][c].f);
         }
         programs++;
         r600_shader_binary_free(&b);
      }
      ir_shader_destroy(s);
   }
   CHECK(programs == 600 && groups > 1000, "random: %u programs, %u groups", programs, groups);
}
/* A fragment shader with one generic input and one colour output. */
static struct ir_shader *fs_one_in_one_out(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   s->num_inputs = 1;
   add_io(&s->inputs[0], IR_SEM_GENERIC, 0);
   s->num_outputs = 1;
   add_io(&s->outputs[0], IR_SEM_COLOR, 0);
   return s;
}

/* IF/ELSE/ENDIF and a loop with BRK, executed for both outcomes. */
static void test_flow(void)
{
   struct ir_shader *s = fs_one_in_one_out();
   s->num_temps = 2;
   struct ir_src in_x = S(IR_FILE_INPUT, 0, "x"), in_y = S(IR_FILE_INPUT, 0, "y");
   struct ir_src t0 = S(IR_FILE_TEMP, 0, "xyzw"), t0x = S(IR_FILE_TEMP, 0, "x");
   struct ir_src t1 = S(IR_FILE_TEMP, 1, "x"), t1y = S(IR_FILE_TEMP, 1, "y");
   struct ir_src one = S(IR_FILE_IMM, IMM4(s, 1.0f, 1.0f, 1.0f, 1.0f), "x");
   struct ir_src two = S(IR_FILE_IMM, IMM4(s, 2.0f, 3.0f, 0.0f, 0.0f), "x");
   struct ir_src three = S(IR_FILE_IMM, IMM4(s, 2.0f, 3.0f, 0.0f, 0.0f), "y");
   struct ir_src zero = S(IR_FILE_IMM, IMM4(s, 0.0f, 0.0f, 0.0f, 0.0f), "xyzw");
   /* t0 = 0; if (in.x) t0.x = 2 else t0.x = 3;
      t1.x = 0; loop { t1.y = t1.x >= in.y; if (t1.y) break; t0.y = t0.y + 1; t1.x = t1.x + 1 }
      out = t0 */
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 0xF), &zero, NULL, NULL);
   E(s, IR_IF, NODST(), &in_x, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 1), &two, NULL, NULL);
   E(s, IR_ELSE, NODST(), NULL, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 1), &three, NULL, NULL);
   E(s, IR_ENDIF, NODST(), NULL, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_TEMP, 1, 1), &zero, NULL, NULL);
   E(s, IR_LOOP, NODST(), NULL, NULL, NULL);
   E(s, IR_SGE, D(IR_FILE_TEMP, 1, 2), &t1, &in_y, NULL);
   E(s, IR_IF, NODST(), &t1y, NULL, NULL);
   E(s, IR_BRK, NODST(), NULL, NULL, NULL);
   E(s, IR_ENDIF, NODST(), NULL, NULL, NULL);
   struct ir_src t0y = S(IR_FILE_TEMP, 0, "y");
   E(s, IR_ADD, D(IR_FILE_TEMP, 0, 2), &t0y, &one, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 1, 1), &t1, &one, NULL);
   E(s, IR_ENDLOOP, NODST(), NULL, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &t0, NULL, NULL);
   (void)t0x;

   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = chips[ci];
      struct r600_shader_binary b;
      if (!compile_checked(s, chip, &b, "flow"))
         continue;
      struct cf cf[64];
      unsigned n = decode_program(chip, &b, cf, 64), push = 0, jumps = 0, loops = 0;
      for (unsigned i = 0; i < n; i++) {
         push += cf[i].is_alu && cf[i].inst == CFA_PUSH_BEFORE;
         jumps += !cf[i].is_alu && !cf[i].is_export && cf[i].inst == CF_JUMP;
         loops += !cf[i].is_alu && !cf[i].is_export && cf[i].inst == CF_LOOP_START_DX10;
      }
      CHECK(push == 2 && jumps == 2 && loops == 1, "flow %s: 2 ALU_PUSH_BEFORE, 2 JUMP, 1 LOOP",
            hw_chip_name(chip));
      /* an IF inside a loop: 1 loop * 4 + 1 push + 2 = 7 elements -> 2 entries */
      CHECK(b.stack_size == 2, "flow: stack size %u, want 2", b.stack_size);
      for (unsigned cond = 0; cond < 2; cond++) {
         for (unsigned iters = 0; iters < 4; iters += 3) {
            struct machine m;
            machine_init(&m, chip);
            m.gpr[0][0].f = cond ? 5.0f : 0.0f;
            m.gpr[0][1].f = (float)iters;
            run(&m, &b);
            CHECK(!m.error && m.pixel_done && feq(m.pixel[0][0].f, cond ? 2.0f : 3.0f) &&
                  feq(m.pixel[0][1].f, (float)iters),
                  "flow %s cond %u iters %u: got (%g, %g)", hw_chip_name(chip), cond, iters,
                  m.pixel[0][0].f, m.pixel[0][1].f);
         }
      }
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

/* A value defined before a loop and read inside it stays live across iterations, even when
 * its last read comes early in the body. */
static void test_loop_liveness(void)
{
   struct ir_shader *s = fs_one_in_one_out();
   s->num_temps = 5;
   struct ir_src x = S(IR_FILE_INPUT, 0, "x"), y = S(IR_FILE_INPUT, 0, "y");
   struct ir_src t0 = S(IR_FILE_TEMP, 0, "x"), t1 = S(IR_FILE_TEMP, 1, "x");
   struct ir_src t2 = S(IR_FILE_TEMP, 2, "x"), t3 = S(IR_FILE_TEMP, 3, "x");
   struct ir_src t4 = S(IR_FILE_TEMP, 4, "x");
   struct ir_src k = S(IR_FILE_IMM, IMM4(s, 1.0f, 2.0f, 0.0f, 0.0f), "x");
   struct ir_src k2 = S(IR_FILE_IMM, IMM4(s, 1.0f, 2.0f, 0.0f, 0.0f), "y");
   struct ir_src zero = S(IR_FILE_IMM, IMM4(s, 0.0f, 0.0f, 0.0f, 0.0f), "x");
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 1), &x, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_TEMP, 2, 1), &zero, NULL, NULL);
   E(s, IR_LOOP, NODST(), NULL, NULL, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 1, 1), &t0, &k, NULL);
   E(s, IR_MUL, D(IR_FILE_TEMP, 3, 1), &t1, &k2, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 2, 1), &t2, &t3, NULL);
   E(s, IR_SGE, D(IR_FILE_TEMP, 4, 1), &t2, &y, NULL);
   E(s, IR_IF, NODST(), &t4, NULL, NULL);
   E(s, IR_BRK, NODST(), NULL, NULL, NULL);
   E(s, IR_ENDIF, NODST(), NULL, NULL, NULL);
   E(s, IR_ENDLOOP, NODST(), NULL, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &t2, NULL, NULL);
   for (unsigned ci = 0; ci < 2; ci++) {
      struct r600_shader_binary b;
      if (!compile(s, chips[ci], &b, "loop_liveness"))
         continue;
      struct machine m;
      machine_init(&m, chips[ci]);
      m.gpr[0][0].f = 1.0f;
      m.gpr[0][1].f = 10.0f;
      run(&m, &b);
      CHECK(!m.error && feq(m.pixel[0][0].f, 12.0f), "loop_liveness %s: %g, want 12",
            hw_chip_name(chips[ci]), m.pixel[0][0].f);
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

/* Runs a PS with input 0 = in, returns PIXEL 0 (false if it did not run to its end). */
static bool run_ps1(enum hw_chip chip, const struct r600_shader_binary *b, const float in[4],
                    union val out[4])
{
   struct machine m;
   machine_init(&m, chip);
   for (unsigned c = 0; c < 4; c++)
      m.gpr[0][c].f = in[c];
   run(&m, b);
   memcpy(out, m.pixel[0], sizeof(m.pixel[0]));
   return !m.error && m.pixel_done;
}

/* Copy propagation reaches the exports: `gl_FragColor = v_color` (a copy to a variable,
 * the variable to the output) is one EXPORT_DONE of the input's GPR 0, no ALU clause, one
 * GPR; a swizzled copy exports the input with the swizzle composed; `vec4(v.zx, 0.0, 1.0)`
 * exports R0.zx01 (selects 0 and 1 for the copied constants). */
static void test_copy_to_export(void)
{
   static const char *swz[3] = {"xyzw", "wzxy", "zx01"};
   static const unsigned want_sel[3][4] = {{0, 1, 2, 3}, {3, 2, 0, 1}, {2, 0, 4, 5}};
   for (unsigned k = 0; k < 3; k++) {
      struct ir_shader *s = fs_one_in_one_out();
      s->num_temps = 1;
      struct ir_src in = S(IR_FILE_INPUT, 0, swz[k]), t0 = S(IR_FILE_TEMP, 0, "xyzw");
      struct ir_src c01 = S(IR_FILE_IMM, IMM4(s, 0.0f, 0.0f, 0.0f, 1.0f), "xyzw");
      E(s, IR_MOV, D(IR_FILE_TEMP, 0, k == 2 ? 0x3 : 0xF), &in, NULL, NULL);
      if (k == 2)
         E(s, IR_MOV, D(IR_FILE_TEMP, 0, 0xC), &c01, NULL, NULL);
      E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &t0, NULL, NULL);
      for (unsigned ci = 0; ci < 2; ci++) {
         enum hw_chip chip = chips[ci];
         struct r600_shader_binary b;
         if (!compile_checked(s, chip, &b, "copy_to_export"))
            continue;
         struct cf cf[8];
         unsigned n = decode_program(chip, &b, cf, 8);
         CHECK(n == 1 && cf[0].is_export && cf[0].inst == CF_EXPORT_DONE && cf[0].eop &&
               cf[0].type == 0 && cf[0].array_base == 0 && cf[0].gpr == 0 && cf[0].burst == 1 &&
               cf[0].sel[0] == want_sel[k][0] && cf[0].sel[1] == want_sel[k][1] &&
               cf[0].sel[2] == want_sel[k][2] && cf[0].sel[3] == want_sel[k][3],
               "copy_to_export %s %s: one EXPORT_DONE PIXEL 0 of R0.%s (%u CF)", swz[k],
               hw_chip_name(chip), swz[k], n);
         CHECK(b.num_gprs == 1 && b.ndw == 2, "copy_to_export %s %s: %u GPRs, %u dwords",
               swz[k], hw_chip_name(chip), b.num_gprs, b.ndw);
         const float in4[4] = {0.25f, -2.0f, 7.5f, 1e30f};
         union val out[4];
         bool ran = run_ps1(chip, &b, in4, out);
         for (unsigned c = 0; c < 4; c++) {
            unsigned w = want_sel[k][c];
            CHECK(ran && feq(out[c].f, w < 4 ? in4[w] : w == 4 ? 0.0f : 1.0f),
                  "copy_to_export %s %s: .%c", swz[k], hw_chip_name(chip), "xyzw"[c]);
         }
         r600_shader_binary_free(&b);
      }
      ir_shader_destroy(s);
   }
}

static struct ir_src IMMS(struct ir_shader *s, float v)
{
   return S(IR_FILE_IMM, IMM4(s, v, v, v, v), "x");
}

/* Copy propagation reaches fetch coordinates and IF conditions: a texture sampled at a
 * swizzled copy of the input reads R0.yx itself (no ALU clause), and an IF on a copy tests
 * R0.y with its PRED_SETNE. */
static void test_copy_to_fetch_and_if(void)
{
   struct ir_shader *s = fs_one_in_one_out();
   s->num_temps = 2;
   s->num_samplers = 1;
   struct ir_src in = S(IR_FILE_INPUT, 0, "yxwz"), samp = S(IR_FILE_SAMPLER, 0, "xyzw");
   struct ir_src t0 = S(IR_FILE_TEMP, 0, "xyzw"), t1 = S(IR_FILE_TEMP, 1, "xyzw");
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 0xF), &in, NULL, NULL);
   E(s, IR_TEX, D(IR_FILE_TEMP, 1, 0xF), &t0, &samp, NULL);
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &t1, NULL, NULL);

   struct ir_shader *f = fs_one_in_one_out();
   f->num_temps = 1;
   struct ir_src v = S(IR_FILE_INPUT, 0, "xyzw"), t0y = S(IR_FILE_TEMP, 0, "y");
   struct ir_src one = IMMS(f, 1.0f), zero = IMMS(f, 0.0f);
   E(f, IR_MOV, D(IR_FILE_TEMP, 0, 0xF), &v, NULL, NULL);
   E(f, IR_IF, NODST(), &t0y, NULL, NULL);
   E(f, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &one, NULL, NULL);
   E(f, IR_ELSE, NODST(), NULL, NULL, NULL);
   E(f, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &zero, NULL, NULL);
   E(f, IR_ENDIF, NODST(), NULL, NULL, NULL);

   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = chips[ci];
      struct r600_shader_binary b;
      struct cf cf[16];
      if (compile_checked(s, chip, &b, "copy_to_fetch")) {
         unsigned n = decode_program(chip, &b, cf, 16), alu = 0, tex_dst = 999, exp_gpr = 998;
         bool tex_ok = false;
         for (unsigned i = 0; i < n; i++) {
            alu += cf[i].is_alu;
            if (!cf[i].is_alu && !cf[i].is_export && cf[i].inst == CF_TEX) {
               const uint32_t *t = b.code + 2 * cf[i].addr;
               tex_ok = cf[i].count == 1 && bits(t[0], 22, 16) == 0 &&
                        bits(t[2], 22, 20) == 1 && bits(t[2], 25, 23) == 0;
               tex_dst = bits(t[1], 6, 0);
            }
            if (cf[i].is_export)
               exp_gpr = cf[i].gpr;
         }
         CHECK(alu == 0 && tex_ok && exp_gpr == tex_dst,
               "copy_to_fetch %s: SAMPLE from R0.yx, its result exported, no ALU clause",
               hw_chip_name(chip));
         r600_shader_binary_free(&b);
      }
      if (!compile_checked(f, chip, &b, "copy_to_if"))
         continue;
      unsigned n = decode_program(chip, &b, cf, 16), movs_of_r0 = 0;
      bool pred = false;
      for (unsigned i = 0; i < n; i++) {
         for (unsigned sl = cf[i].addr; cf[i].is_alu && sl < cf[i].addr + cf[i].count; sl++) {
            struct alu a;
            decode_alu(chip, b.code + 2 * sl, &a);
            pred |= !a.op3 && a.op == OP_PRED_SETNE && a.sel[0] == 0 && a.chan[0] == 1;
            movs_of_r0 += !a.op3 && a.op == OP_MOV && a.sel[0] == 0;
         }
      }
      CHECK(pred && movs_of_r0 == 0, "copy_to_if %s: PRED_SETNE reads R0.y, no copy of R0",
            hw_chip_name(chip));
      for (unsigned y = 0; y < 2; y++) {
         const float in4[4] = {2.0f, y ? 3.0f : 0.0f, 0.0f, 0.0f};
         union val out[4];
         bool ran = run_ps1(chip, &b, in4, out);
         CHECK(ran && feq(out[0].f, y ? 1.0f : 0.0f), "copy_to_if %s y=%u: %g", hw_chip_name(chip),
               y, out[0].f);
      }
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
   ir_shader_destroy(f);
}

/* Where a copy must not reach the export (or a read after a flow marker): each program
 * computes the values `want` gives for in = (x, y, ...), checked for x = 0 and 1 and y = 3
 * (loop trip counts). */
struct no_prop_case {
   const char *name;
   void (*build)(struct ir_shader *s);
   void (*want)(const float in[4], float out[4]);
};

/* t1 = in * 2; out = t1; t1 = t1 + 1 (the copy's source overwritten before the export) */
static void np_overwritten(struct ir_shader *s)
{
   struct ir_src in = S(IR_FILE_INPUT, 0, "xyzw"), t1 = S(IR_FILE_TEMP, 1, "xyzw");
   struct ir_src two = IMMS(s, 2.0f), one = IMMS(s, 1.0f);
   E(s, IR_MUL, D(IR_FILE_TEMP, 1, 0xF), &in, &two, NULL);
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &t1, NULL, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 1, 0xF), &t1, &one, NULL);
}
static void np_overwritten_want(const float in[4], float out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = in[c] * 2.0f;
}

/* out.xy = in.xy; out.zw = t1.zw (t1 = in + 1): two registers, one export GPR */
static void np_two_sources(struct ir_shader *s)
{
   struct ir_src in = S(IR_FILE_INPUT, 0, "xyzw"), t1 = S(IR_FILE_TEMP, 1, "xyzw");
   struct ir_src one = IMMS(s, 1.0f);
   E(s, IR_ADD, D(IR_FILE_TEMP, 1, 0xF), &in, &one, NULL);
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0x3), &in, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xC), &t1, NULL, NULL);
}
static void np_two_sources_want(const float in[4], float out[4])
{
   out[0] = in[0];
   out[1] = in[1];
   out[2] = in[2] + 1.0f;
   out[3] = in[3] + 1.0f;
}

/* t1 = in * 2; t2 = in + 1; if (in.x) out = t1 else out = t2 */
static void np_branch(struct ir_shader *s)
{
   struct ir_src in = S(IR_FILE_INPUT, 0, "xyzw"), inx = S(IR_FILE_INPUT, 0, "x");
   struct ir_src t1 = S(IR_FILE_TEMP, 1, "xyzw"), t2 = S(IR_FILE_TEMP, 2, "xyzw");
   struct ir_src two = IMMS(s, 2.0f), one = IMMS(s, 1.0f);
   E(s, IR_MUL, D(IR_FILE_TEMP, 1, 0xF), &in, &two, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 2, 0xF), &in, &one, NULL);
   E(s, IR_IF, NODST(), &inx, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &t1, NULL, NULL);
   E(s, IR_ELSE, NODST(), NULL, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &t2, NULL, NULL);
   E(s, IR_ENDIF, NODST(), NULL, NULL, NULL);
}
static void np_branch_want(const float in[4], float out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = in[0] != 0.0f ? in[c] * 2.0f : in[c] + 1.0f;
}

/* t1 = in.x + 0; t3 = t1 (copy before the loop); t4 = 0; t5 = 0;
 * loop { t4 = t4 + t3; t1 = t1 + 1; t5 = t5 + 1; if (t5 >= in.y) break; } out = t4:
 * t3 keeps in.x in every iteration though its source changes after its read */
static void np_loop(struct ir_shader *s)
{
   struct ir_src inx = S(IR_FILE_INPUT, 0, "x"), iny = S(IR_FILE_INPUT, 0, "y");
   struct ir_src t1 = S(IR_FILE_TEMP, 1, "x"), t3 = S(IR_FILE_TEMP, 3, "x");
   struct ir_src t4 = S(IR_FILE_TEMP, 4, "x"), t5 = S(IR_FILE_TEMP, 5, "x");
   struct ir_src t6 = S(IR_FILE_TEMP, 6, "x");
   struct ir_src one = IMMS(s, 1.0f), zero = IMMS(s, 0.0f);
   E(s, IR_ADD, D(IR_FILE_TEMP, 1, 1), &inx, &zero, NULL);   /* computed, not a copy */
   E(s, IR_MOV, D(IR_FILE_TEMP, 3, 1), &t1, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_TEMP, 4, 1), &zero, NULL, NULL);
   E(s, IR_MOV, D(IR_FILE_TEMP, 5, 1), &zero, NULL, NULL);
   E(s, IR_LOOP, NODST(), NULL, NULL, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 4, 1), &t4, &t3, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 1, 1), &t1, &one, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 5, 1), &t5, &one, NULL);
   E(s, IR_SGE, D(IR_FILE_TEMP, 6, 1), &t5, &iny, NULL);
   E(s, IR_IF, NODST(), &t6, NULL, NULL);
   E(s, IR_BRK, NODST(), NULL, NULL, NULL);
   E(s, IR_ENDIF, NODST(), NULL, NULL, NULL);
   E(s, IR_ENDLOOP, NODST(), NULL, NULL, NULL);
   struct ir_src t4s = S(IR_FILE_TEMP, 4, "xxxx");
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &t4s, NULL, NULL);
}
static void np_loop_want(const float in[4], float out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = in[0] * in[1];   /* in.y iterations (in.y >= 1) */
}

static void test_copy_no_prop(void)
{
   static const struct no_prop_case cases[] = {
      {"overwritten", np_overwritten, np_overwritten_want},
      {"two_sources", np_two_sources, np_two_sources_want},
      {"branch", np_branch, np_branch_want},
      {"loop", np_loop, np_loop_want},
   };
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      struct ir_shader *s = fs_one_in_one_out();
      s->num_temps = 7;
      cases[k].build(s);
      for (unsigned ci = 0; ci < 2; ci++) {
         enum hw_chip chip = chips[ci];
         struct r600_shader_binary b;
         if (!compile_checked(s, chip, &b, cases[k].name))
            continue;
         for (unsigned x = 0; x < 2; x++) {
            const float in[4] = {x ? 1.5f : 0.0f, 3.0f, -0.75f, 5.0f};
            float want[4];
            union val out[4];
            cases[k].want(in, want);
            bool ran = run_ps1(chip, &b, in, out);
            CHECK(ran && feq(out[0].f, want[0]) && feq(out[1].f, want[1]) &&
                  feq(out[2].f, want[2]) && feq(out[3].f, want[3]),
                  "copy_no_prop %s %s x=%u: (%g %g %g %g), want (%g %g %g %g)", cases[k].name,
                  hw_chip_name(chip), x, out[0].f, out[1].f, out[2].f, out[3].f, want[0],
                  want[1], want[2], want[3]);
         }
         r600_shader_binary_free(&b);
      }
      ir_shader_destroy(s);
   }
}

/* Constants spread over many kcache lines: clauses split, selects resolve correctly. */
static void test_kcache(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   s->num_outputs = 1;
   add_io(&s->outputs[0], IR_SEM_COLOR, 0);
   s->num_temps = 1;
   s->num_consts = 256;
   static const unsigned idx[] = {0, 15, 16, 40, 100, 101, 130, 255, 200, 3};
   struct ir_src c0 = S(IR_FILE_CONST, idx[0], "xyzw");
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 0xF), &c0, NULL, NULL);
   struct ir_src t0 = S(IR_FILE_TEMP, 0, "xyzw");
   for (unsigned i = 1; i < 10; i++) {
      struct ir_src c = S(IR_FILE_CONST, idx[i], "yzwx");
      E(s, IR_ADD, D(IR_FILE_TEMP, 0, 0xF), &t0, &c, NULL);
   }
   /* three different constants in one MAD: needs splitting on R7xx (2 pairs per group) */
   struct ir_src ma = S(IR_FILE_CONST, 7, "xyzw"), mb = S(IR_FILE_CONST, 90, "xyzw");
   struct ir_src mc = S(IR_FILE_CONST, 180, "xyzw");
   E(s, IR_MAD, D(IR_FILE_TEMP, 0, 0xF), &ma, &mb, &t0);
   E(s, IR_MAD, D(IR_FILE_OUTPUT, 0, 0xF), &ma, &mb, &mc);
   struct ir_src out = S(IR_FILE_OUTPUT, 0, "xyzw");
   E(s, IR_ADD, D(IR_FILE_OUTPUT, 0, 0xF), &out, &t0, NULL);
   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = chips[ci];
      struct r600_shader_binary b;
      if (!compile_checked(s, chip, &b, "kcache"))
         continue;
      struct cf cf[64];
      unsigned n = decode_program(chip, &b, cf, 64), clauses = 0;
      bool lock2 = false;
      for (unsigned i = 0; i < n; i++) {
         if (!cf[i].is_alu)
            continue;
         clauses++;
         lock2 |= cf[i].kmode[0] == 2 || cf[i].kmode[1] == 2;
         /* every kcache select lies in a locked window */
         unsigned sl = cf[i].addr, last = cf[i].addr + cf[i].count;
         while (sl < last) {
            struct alu g[6];
            unsigned ng = 0, lit = 0;
            do {
               decode_alu(chip, b.code + 2 * sl, &g[ng]);
               sl++;
            } while (!g[ng++].last && ng < 6 && sl < last);
            for (unsigned q = 0; q < ng; q++) {
               for (unsigned k = 0; k < num_src(&g[q]); k++) {
                  unsigned sel = g[q].sel[k];
                  if (sel == 253 && g[q].chan[k] + 1 > lit)
                     lit = g[q].chan[k] + 1;
                  if (!is_kcache(sel))
                     continue;
                  unsigned set = sel >= 160, off = sel - (set ? 160 : 128);
                  CHECK(cf[i].kmode[set] != 0 && off < (cf[i].kmode[set] == 2 ? 32u : 16u),
                        "kcache %s: select %u outside the locked lines", hw_chip_name(chip), sel);
               }
            }
            sl += (lit + 1) / 2;
         }
      }
      CHECK(clauses >= 2 && lock2, "kcache %s: %u clauses, LOCK_2 used", hw_chip_name(chip), clauses);
      struct machine m;
      machine_init(&m, chip);
      for (unsigned i = 0; i < 256; i++)
         for (unsigned c = 0; c < 4; c++)
            m.consts[i][c].f = (float)(i * 4 + c);
      run(&m, &b);
      float t[4], o[4];
      for (unsigned c = 0; c < 4; c++) {
         t[c] = m.consts[idx[0]][c].f;
         for (unsigned i = 1; i < 10; i++)
            t[c] = t[c] + m.consts[idx[i]][(c + 1) & 3].f;
      }
      for (unsigned c = 0; c < 4; c++) {
         float p = m.consts[7][c].f * m.consts[90][c].f;
         t[c] = p + t[c];
      }
      for (unsigned c = 0; c < 4; c++) {
         float p = m.consts[7][c].f * m.consts[90][c].f;
         o[c] = p + m.consts[180][c].f;
         o[c] = o[c] + t[c];
      }
      CHECK(!m.error && m.pixel_done, "kcache %s: runs", hw_chip_name(chip));
      for (unsigned c = 0; c < 4; c++)
         CHECK(feq(m.pixel[0][c].f, o[c]), "kcache %s: .%c = %g, want %g", hw_chip_name(chip),
               "xyzw"[c], m.pixel[0][c].f, o[c]);
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

/* Relative addressing: a TEMP array read and written through computed indices, a CONST
 * array read through one (vertex fetch), with and without the array declared, for a set of
 * index values; the compiled code runs on the checker and is compared with the IR's
 * meaning computed here. */
static struct ir_src REL(unsigned file, unsigned index, const char *swz, unsigned addr)
{
   struct ir_src s = S(file, index, swz);
   s.rel = true;
   s.rel_index = (uint16_t)addr;
   return s;
}

static struct ir_dst DREL(unsigned index, unsigned mask, unsigned addr)
{
   struct ir_dst d = D(IR_FILE_TEMP, index, mask);
   d.rel = true;
   d.rel_index = (uint16_t)addr;
   return d;
}

static float cval(unsigned k, unsigned c) { return (float)(k * 4 + c) * 0.25f - 3.0f; }

/* Constants 0..15 of m set to cval. */
static void load_cval_consts(struct machine *m)
{
   for (unsigned k = 0; k < 16; k++)
      for (unsigned c = 0; c < 4; c++)
         m->consts[k][c].f = cval(k, c);
}

static void test_relative(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   s->num_outputs = 1;
   add_io(&s->outputs[0], IR_SEM_COLOR, 0);
   s->num_temps = 12;
   s->num_consts = 16;
   struct ir_src c0x = S(IR_FILE_CONST, 0, "x"), c0y = S(IR_FILE_CONST, 0, "y");
   E(s, IR_F2I, D(IR_FILE_TEMP, 0, 1), &c0x, NULL, NULL);                 /* T0.x = i */
   E(s, IR_F2I, D(IR_FILE_TEMP, 1, 1), &c0y, NULL, NULL);                 /* T1.x = j */
   for (unsigned k = 0; k < 6; k++) {
      struct ir_src c = S(IR_FILE_CONST, 10 + k, "xyzw");
      E(s, IR_MOV, D(IR_FILE_TEMP, 2 + k, 0xF), &c, NULL, NULL);          /* a[k] = C[10+k] */
   }
   struct ir_src c1 = S(IR_FILE_CONST, 1, "xyzw"), c2 = S(IR_FILE_CONST, 2, "xyzw");
   struct ir_src c3 = S(IR_FILE_CONST, 3, "xyzw"), c5 = S(IR_FILE_CONST, 5, "xyzw");
   E(s, IR_ADD, DREL(2, 0xA, 1), &c1, &c2, NULL);                         /* a[j].yw = C1 + C2 */
   struct ir_src ai = REL(IR_FILE_TEMP, 2, "zyxw", 0), aj = REL(IR_FILE_TEMP, 2, "xyzw", 1);
   struct ir_src ci = REL(IR_FILE_CONST, 4, "xyzw", 0);
   E(s, IR_MUL, D(IR_FILE_TEMP, 8, 0xF), &ai, &c3, NULL);                 /* T8 = a[i].zyxw * C3 */
   E(s, IR_ADD, D(IR_FILE_TEMP, 9, 0xF), &ci, &aj, NULL);                 /* T9 = C[4+i] + a[j] */
   struct ir_src a1y = S(IR_FILE_TEMP, 3, "yyyy");
   E(s, IR_MOV, D(IR_FILE_TEMP, 10, 0xF), &a1y, NULL, NULL);              /* T10 = a[1].y */
   struct ir_src t8 = S(IR_FILE_TEMP, 8, "xyzw"), t9 = S(IR_FILE_TEMP, 9, "xyzw");
   struct ir_src t10 = S(IR_FILE_TEMP, 10, "xyzw"), o = S(IR_FILE_OUTPUT, 0, "xyzw");
   E(s, IR_ADD, D(IR_FILE_OUTPUT, 0, 0xF), &t8, &t9, NULL);
   E(s, IR_MAD, D(IR_FILE_OUTPUT, 0, 0xF), &t10, &c5, &o);

   static const unsigned pairs[][2] = {{0, 0}, {5, 5}, {2, 4}, {4, 1}, {3, 3}, {1, 0}};
   for (unsigned decl = 0; decl < 2; decl++) {
      if (decl) {
         s->num_arrays = 1;
         s->arrays = calloc(1, sizeof(*s->arrays));
         s->arrays[0] = (struct ir_array){2, 6};
      }
      for (unsigned ci_ = 0; ci_ < 2; ci_++) {
         enum hw_chip chip = chips[ci_];
         struct r600_shader_binary b;
         char what[64];
         snprintf(what, sizeof(what), "relative %s%s", hw_chip_name(chip), decl ? " declared" : "");
         if (!compile_checked(s, chip, &b, what))
            continue;
         for (unsigned p = 0; p < sizeof(pairs) / sizeof(pairs[0]); p++) {
            unsigned i = pairs[p][0], j = pairs[p][1];
            struct machine m;
            machine_init(&m, chip);
            load_cval_consts(&m);
            m.consts[0][0].f = (float)i;
            m.consts[0][1].f = (float)j;
            run(&m, &b);
            /* the IR's meaning */
            float a[6][4], o4[4];
            for (unsigned k = 0; k < 6; k++)
               for (unsigned c = 0; c < 4; c++)
                  a[k][c] = m.consts[10 + k][c].f;
            a[j][1] = m.consts[1][1].f + m.consts[2][1].f;
            a[j][3] = m.consts[1][3].f + m.consts[2][3].f;
            static const unsigned zyxw[4] = {2, 1, 0, 3};
            for (unsigned c = 0; c < 4; c++) {
               float t8v = a[i][zyxw[c]] * m.consts[3][c].f;
               float t9v = m.consts[4 + i][c].f + a[j][c];
               float sum = t8v + t9v, prod = a[1][1] * m.consts[5][c].f;
               o4[c] = prod + sum;
            }
            bool same = !m.error && m.pixel_done;
            for (unsigned c = 0; c < 4 && same; c++)
               same = feq(m.pixel[0][c].f, o4[c]);
            CHECK(same, "%s i=%u j=%u: (%g %g %g %g), want (%g %g %g %g)%s", what, i, j,
                  m.pixel[0][0].f, m.pixel[0][1].f, m.pixel[0][2].f, m.pixel[0][3].f, o4[0],
                  o4[1], o4[2], o4[3], m.error ? " (checker error)" : "");
            CHECK(m.rel_ops > 0 && m.vtx_fetches == 1, "%s: %u relative operands, %u fetches",
                  what, m.rel_ops, m.vtx_fetches);
         }
         r600_shader_binary_free(&b);
      }
   }
   ir_shader_destroy(s);
}

/* A loop writing a[i] = C[10 + i] * 2 and then a[i].x += i through a counter: AR is
 * reloaded in every clause that needs it, the array stays allocated across the loop. */
static void test_relative_loop(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_VERTEX);
   s->num_outputs = 1;
   add_io(&s->outputs[0], IR_SEM_POSITION, 0);
   s->num_temps = 6;
   s->num_consts = 16;
   s->num_arrays = 1;
   s->arrays = calloc(1, sizeof(*s->arrays));
   s->arrays[0] = (struct ir_array){2, 4};
   struct ir_src zero = S(IR_FILE_IMM, IMM4(s, 0, 0, 0, 0), "xyzw");
   struct ir_src four = S(IR_FILE_IMM, IMM4(s, 4, 4, 4, 4), "x");
   struct ir_src two = S(IR_FILE_IMM, IMM4(s, 2, 2, 2, 2), "xyzw");
   struct ir_src one = S(IR_FILE_IMM, IMM4(s, 1, 1, 1, 1), "x");
   struct ir_src t0x = S(IR_FILE_TEMP, 0, "x"), t1x = S(IR_FILE_TEMP, 1, "x");
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 0xF), &zero, NULL, NULL);
   E(s, IR_LOOP, NODST(), NULL, NULL, NULL);
   E(s, IR_SGE, D(IR_FILE_TEMP, 1, 1), &t0x, &four, NULL);
   E(s, IR_IF, NODST(), &t1x, NULL, NULL);
   E(s, IR_BRK, NODST(), NULL, NULL, NULL);
   E(s, IR_ENDIF, NODST(), NULL, NULL, NULL);
   E(s, IR_F2I, D(IR_FILE_TEMP, 0, 2), &t0x, NULL, NULL);
   struct ir_src cy = REL(IR_FILE_CONST, 10, "xyzw", 0);
   cy.rel_comp = 1;
   struct ir_dst ay = DREL(2, 0xF, 0);
   ay.rel_comp = 1;
   E(s, IR_MUL, ay, &cy, &two, NULL);
   struct ir_src ayx = REL(IR_FILE_TEMP, 2, "x", 0);
   ayx.rel_comp = 1;
   ay.writemask = 1;
   E(s, IR_ADD, ay, &ayx, &t0x, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 0, 1), &t0x, &one, NULL);
   E(s, IR_ENDLOOP, NODST(), NULL, NULL, NULL);
   struct ir_src a0 = S(IR_FILE_TEMP, 2, "xyzw"), a1 = S(IR_FILE_TEMP, 3, "xyzw");
   struct ir_src a2 = S(IR_FILE_TEMP, 4, "xyzw"), a3 = S(IR_FILE_TEMP, 5, "xyzw");
   struct ir_src o = S(IR_FILE_OUTPUT, 0, "xyzw");
   E(s, IR_ADD, D(IR_FILE_OUTPUT, 0, 0xF), &a0, &a1, NULL);
   E(s, IR_ADD, D(IR_FILE_OUTPUT, 0, 0xF), &o, &a2, NULL);
   E(s, IR_ADD, D(IR_FILE_OUTPUT, 0, 0xF), &o, &a3, NULL);
   for (unsigned ci_ = 0; ci_ < 2; ci_++) {
      enum hw_chip chip = chips[ci_];
      struct r600_shader_binary b;
      char what[64];
      snprintf(what, sizeof(what), "relative loop %s", hw_chip_name(chip));
      if (!compile_checked(s, chip, &b, what))
         continue;
      struct machine m;
      machine_init(&m, chip);
      load_cval_consts(&m);
      run(&m, &b);
      float a[4][4], want[4];
      for (unsigned k = 0; k < 4; k++) {
         for (unsigned c = 0; c < 4; c++)
            a[k][c] = m.consts[10 + k][c].f * 2.0f;
         a[k][0] = a[k][0] + (float)k;
      }
      bool same = !m.error && m.pos_done;
      for (unsigned c = 0; c < 4; c++) {
         want[c] = a[0][c] + a[1][c];
         want[c] = want[c] + a[2][c];
         want[c] = want[c] + a[3][c];
         same = same && feq(m.pos[0][c].f, want[c]);
      }
      CHECK(same, "%s: (%g %g %g %g), want (%g %g %g %g)%s", what, m.pos[0][0].f, m.pos[0][1].f,
            m.pos[0][2].f, m.pos[0][3].f, want[0], want[1], want[2], want[3],
            m.error ? " (checker error)" : "");
      CHECK(m.vtx_fetches == 4, "%s: one constant fetch per iteration (%u)", what, m.vtx_fetches);
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

/* gl_FragCoord (w -> 1/w), varyings, texture fetch, discard, depth output */
static void test_ps_features(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   s->num_inputs = 3;
   add_io(&s->inputs[0], IR_SEM_GENERIC, 2);
   add_io(&s->inputs[1], IR_SEM_POSITION, 0);
   add_io(&s->inputs[2], IR_SEM_GENERIC, 0);
   s->inputs[2].interp = IR_INTERP_FLAT;
   s->num_outputs = 2;
   add_io(&s->outputs[0], IR_SEM_COLOR, 0);
   add_io(&s->outputs[1], IR_SEM_DEPTH, 0);
   s->num_samplers = 2;
   s->num_temps = 1;
   struct ir_src v0 = S(IR_FILE_INPUT, 0, "xyzw"), pos = S(IR_FILE_INPUT, 1, "xyzw");
   struct ir_src samp = S(IR_FILE_SAMPLER, 1, "xyzw"), t0 = S(IR_FILE_TEMP, 0, "xyzw");
   E(s, IR_KILL_IF, NODST(), &v0, NULL, NULL);
   struct ir_instruction *tex = E(s, IR_TEX, D(IR_FILE_TEMP, 0, 0xF), &v0, &samp, NULL);
   tex->tex_target = IR_TEX_2D;
   E(s, IR_MUL, D(IR_FILE_OUTPUT, 0, 0xF), &t0, &pos, NULL);
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 1, 4), &pos, NULL, NULL);
   s->uses_discard = true;
   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = chips[ci];
      struct r600_shader_binary b;
      if (!compile_checked(s, chip, &b, "ps_features"))
         continue;
      CHECK(b.num_inputs == 3 && b.position_gpr == 1 && b.face_gpr == -1 &&
            b.inputs[0].semantic_id == 3 && b.inputs[2].semantic_id == 1 && b.inputs[2].flat &&
            b.uses_kill && b.writes_depth && b.num_color_exports == 1,
            "ps_features %s: binary description", hw_chip_name(chip));
      struct cf cf[16];
      unsigned n = decode_program(chip, &b, cf, 16);
      bool tex_ok = false, kill = false, recip = false, depth = false;
      for (unsigned i = 0; i < n; i++) {
         if (!cf[i].is_alu && !cf[i].is_export && cf[i].inst == CF_TEX) {
            const uint32_t *t = b.code + 2 * cf[i].addr;
            tex_ok = cf[i].count == 1 && cf[i].addr % 2 == 0 && bits(t[0], 4, 0) == 16 &&
                     bits(t[0], 7, 7) == 1 &&
                     bits(t[0], 15, 8) == 17 && bits(t[0], 22, 16) == 0 &&
                     bits(t[2], 19, 15) == 1 && bits(t[1], 28, 28) == 1 &&
                     bits(t[2], 22, 20) == 0 && bits(t[2], 25, 23) == 1;
         }
         if (cf[i].is_alu) {
            for (unsigned sl = cf[i].addr; sl < cf[i].addr + cf[i].count; sl++) {
               struct alu a;
               decode_alu(chip, b.code + 2 * sl, &a);
               kill |= !a.op3 && a.op == OP_KILLGT && a.sel[0] == 248 && a.sel[1] == 0;
               recip |= !a.op3 && a.op == OP_RECIP_IEEE && a.sel[0] == 1 && a.chan[0] == 3 &&
                        a.dst == 1 && a.dst_chan == 3 && a.write;
            }
         }
         if (cf[i].is_export && cf[i].type == 0 && cf[i].array_base == 61)
            depth = cf[i].sel[0] == 2 && cf[i].sel[1] == 7 && cf[i].sel[2] == 7 && cf[i].sel[3] == 7;
      }
      CHECK(tex_ok, "ps_features %s: TEX SAMPLE, resource 16+1, sampler 1, from R0.xy", hw_chip_name(chip));
      CHECK(kill, "ps_features %s: KILLGT 0.0, R0", hw_chip_name(chip));
      CHECK(recip, "ps_features %s: RECIP_IEEE R1.w", hw_chip_name(chip));
      CHECK(depth, "ps_features %s: PIXEL 61 from .z", hw_chip_name(chip));
      CHECK(cf[n - 1].is_export && cf[n - 1].eop && cf[n - 1].inst == CF_EXPORT_DONE,
            "ps_features: last export is EXPORT_DONE + EOP");
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

/* Texture variants: the fetch opcode, resource and sampler of each, cube coordinates. */
static void test_textures(void)
{
   for (unsigned stage = 0; stage < 2; stage++) {
      struct ir_shader *s = ir_shader_create(stage ? IR_STAGE_FRAGMENT : IR_STAGE_VERTEX);
      s->num_inputs = 1;
      add_io(&s->inputs[0], stage ? IR_SEM_GENERIC : IR_SEM_ATTRIB, 0);
      s->num_outputs = 1;
      add_io(&s->outputs[0], stage ? IR_SEM_COLOR : IR_SEM_POSITION, 0);
      s->num_samplers = 4;
      s->num_temps = 1;
      struct ir_src v = S(IR_FILE_INPUT, 0, "xyzw"), t0 = S(IR_FILE_TEMP, 0, "xyzw");
      static const enum ir_opcode ops[] = {IR_TEX, IR_TXB, IR_TXP, IR_TXL, IR_TEX, IR_TXB};
      for (unsigned i = 0; i < 6; i++) {
         struct ir_src samp = S(IR_FILE_SAMPLER, i % 4, "xyzw");
         struct ir_instruction *in = E(s, ops[i], D(IR_FILE_TEMP, 0, i == 5 ? 0x7 : 0xF),
                                       i ? &t0 : &v, &samp, NULL);
         in->tex_target = i >= 4 ? IR_TEX_CUBE : IR_TEX_2D;
         in->dst.saturate = i == 1;
      }
      if (stage) {
         E(s, IR_DDX, D(IR_FILE_TEMP, 0, 0x3), &t0, NULL, NULL);
         E(s, IR_DDY, D(IR_FILE_TEMP, 0, 0xC), &t0, NULL, NULL);
      }
      E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &t0, NULL, NULL);
      /* fetch opcodes expected in order */
      static const unsigned ps_ops[] = {16, 18, 16, 17, 16, 18, 7, 8};
      static const unsigned vs_ops[] = {19, 17, 19, 17, 19, 17};
      const unsigned *want = stage ? ps_ops : vs_ops;
      unsigned nwant = stage ? 8 : 6;
      for (unsigned ci = 0; ci < 2; ci++) {
         enum hw_chip chip = chips[ci];
         struct r600_shader_binary b;
         if (!compile_checked(s, chip, &b, "textures"))
            continue;
         struct cf cf[64];
         unsigned n = decode_program(chip, &b, cf, 64), k = 0, cubes = 0;
         for (unsigned i = 0; i < n; i++) {
            if (cf[i].is_alu) {
               for (unsigned sl = cf[i].addr; sl < cf[i].addr + cf[i].count; sl++) {
                  struct alu a;
                  decode_alu(chip, b.code + 2 * sl, &a);
                  cubes += !a.op3 && a.op == OP_CUBE && a.write && a.dst_chan == 0;
               }
            }
            if (cf[i].is_alu || cf[i].is_export || cf[i].inst != CF_TEX)
               continue;
            for (unsigned j = 0; j < cf[i].count; j++, k++) {
               const uint32_t *t = b.code + 2 * cf[i].addr + 4 * j;
               if (k >= nwant)
                  break;
               unsigned samp = k < 6 ? k % 4 : 0;
               CHECK(bits(t[0], 4, 0) == want[k], "textures %s stage %u fetch %u: TEX_INST %u want %u",
                     hw_chip_name(chip), stage, k, bits(t[0], 4, 0), want[k]);
               if (k < 6)
                  CHECK(bits(t[0], 15, 8) == 16 + samp && bits(t[2], 19, 15) == samp,
                        "textures: resource 16 + %u, sampler %u", samp, samp);
               if (k == 5)
                  CHECK(bits(t[1], 11, 9) == 0 && bits(t[1], 20, 18) == 7, "textures: masked w");
            }
         }
         CHECK(k == nwant, "textures %s stage %u: %u fetches, want %u", hw_chip_name(chip), stage, k, nwant);
         CHECK(cubes == 2, "textures %s: 2 CUBE reductions (%u)", hw_chip_name(chip), cubes);
         r600_shader_binary_free(&b);
      }
      ir_shader_destroy(s);
   }
}

/* Scalar and transcendental operations, trig range reduction, integer ops. */
static void test_scalar_ops(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   s->num_inputs = 1;
   add_io(&s->inputs[0], IR_SEM_GENERIC, 0);
   s->num_outputs = 4;
   for (unsigned i = 0; i < 4; i++)
      add_io(&s->outputs[i], IR_SEM_COLOR, i);
   s->num_temps = 2;
   struct ir_src x = S(IR_FILE_INPUT, 0, "x"), y = S(IR_FILE_INPUT, 0, "y");
   struct ir_src v = S(IR_FILE_INPUT, 0, "xyzw");
   E(s, IR_SIN, D(IR_FILE_OUTPUT, 0, 1), &x, NULL, NULL);
   E(s, IR_COS, D(IR_FILE_OUTPUT, 0, 2), &x, NULL, NULL);
   E(s, IR_RCP, D(IR_FILE_OUTPUT, 0, 0xC), &y, NULL, NULL);
   E(s, IR_SQRT, D(IR_FILE_OUTPUT, 1, 0xF), &y, NULL, NULL);
   E(s, IR_LG2, D(IR_FILE_OUTPUT, 2, 1), &y, NULL, NULL);
   E(s, IR_EX2, D(IR_FILE_OUTPUT, 2, 2), &x, NULL, NULL);
   /* MOV with a cross-channel swizzle of its own destination */
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 0xF), &v, NULL, NULL);
   struct ir_src t0 = S(IR_FILE_TEMP, 0, "yxwz");
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 0xF), &t0, NULL, NULL);
   /* integer: t1 = f2i(v) + 3; out3 = i2f(t1 << 1) */
   struct ir_src t1 = S(IR_FILE_TEMP, 1, "xyzw");
   E(s, IR_F2I, D(IR_FILE_TEMP, 1, 0xF), &v, NULL, NULL);
   uint32_t three[4] = {3, 3, 3, 3}, onei[4] = {1, 1, 1, 1};
   struct ir_src k3 = S(IR_FILE_IMM, ir_imm(s, three), "xyzw"), k1 = S(IR_FILE_IMM, ir_imm(s, onei), "xyzw");
   E(s, IR_IADD, D(IR_FILE_TEMP, 1, 0xF), &t1, &k3, NULL);
   E(s, IR_ISHL, D(IR_FILE_TEMP, 1, 0xF), &t1, &k1, NULL);
   E(s, IR_I2F, D(IR_FILE_OUTPUT, 3, 0xF), &t1, NULL, NULL);
   struct ir_src t0s = S(IR_FILE_TEMP, 0, "xyzw");
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 2, 0xC), &t0s, NULL, NULL);
   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = chips[ci];
      struct r600_shader_binary b;
      if (!compile_checked(s, chip, &b, "scalar_ops"))
         continue;
      /* one export per colour; PIXEL 1 (SQRT: one scalar copied to xyzw) reads the
       * scalar's register with swizzle xxxx, the copies are gone */
      struct cf cf[16];
      unsigned n = decode_program(chip, &b, cf, 16), exports = 0;
      for (unsigned i = 0; i < n; i++) {
         if (!cf[i].is_export)
            continue;
         CHECK(cf[i].burst == 1 && cf[i].array_base == exports &&
               (cf[i].inst == CF_EXPORT_DONE) == (exports == 3) && cf[i].eop == (exports == 3),
               "scalar_ops %s: export %u", hw_chip_name(chip), exports);
         if (cf[i].array_base == 1)
            CHECK(cf[i].sel[0] == 0 && cf[i].sel[1] == 0 && cf[i].sel[2] == 0 && cf[i].sel[3] == 0,
                  "scalar_ops %s: PIXEL 1 swizzle xxxx", hw_chip_name(chip));
         exports++;
      }
      CHECK(exports == 4, "scalar_ops %s: %u exports, want 4", hw_chip_name(chip), exports);
      for (float xv = -7.0f; xv <= 7.0f; xv += 3.5f) {
         struct machine m;
         machine_init(&m, chip);
         m.gpr[0][0].f = xv;
         m.gpr[0][1].f = 6.25f;
         m.gpr[0][2].f = -2.5f;
         m.gpr[0][3].f = 9.75f;
         run(&m, &b);
         CHECK(!m.error && m.pixel_done, "scalar_ops %s: runs", hw_chip_name(chip));
         CHECK(fabsf(m.pixel[0][0].f - sinf(xv)) < 1e-5f && fabsf(m.pixel[0][1].f - cosf(xv)) < 1e-5f,
               "scalar_ops %s: sin/cos(%g) = %g %g", hw_chip_name(chip), xv, m.pixel[0][0].f,
               m.pixel[0][1].f);
         CHECK(feq(m.pixel[0][2].f, 0.16f) && feq(m.pixel[0][3].f, 0.16f), "scalar_ops: rcp");
         CHECK(feq(m.pixel[1][0].f, 2.5f) && feq(m.pixel[1][3].f, 2.5f), "scalar_ops: sqrt");
         CHECK(feq(m.pixel[2][0].f, log2f(6.25f)) && feq(m.pixel[2][1].f, exp2f(xv)), "scalar_ops: lg2/ex2");
         CHECK(feq(m.pixel[2][2].f, 9.75f) && feq(m.pixel[2][3].f, -2.5f), "scalar_ops: swizzled self-move");
         float want[4] = {(float)(((int)xv + 3) * 2), (float)((6 + 3) * 2), (float)((-2 + 3) * 2),
                          (float)((9 + 3) * 2)};
         for (unsigned c = 0; c < 4; c++)
            CHECK(feq(m.pixel[3][c].f, want[c]), "scalar_ops %s: int.%c %g want %g", hw_chip_name(chip),
                  "xyzw"[c], m.pixel[3][c].f, want[c]);
      }
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

/* Register pressure: 100 live vec4 temps fit, 130 do not. */
static void test_registers(void)
{
   for (unsigned live = 100; live <= 130; live += 30) {
      struct ir_shader *s = ir_shader_create(IR_STAGE_VERTEX);
      s->num_inputs = 1;
      add_io(&s->inputs[0], IR_SEM_ATTRIB, 0);
      s->num_outputs = 1;
      add_io(&s->outputs[0], IR_SEM_POSITION, 0);
      s->num_temps = (uint16_t)live;
      struct ir_src a = S(IR_FILE_INPUT, 0, "xyzw");
      struct ir_src k = S(IR_FILE_IMM, IMM4(s, 1.0f, 2.0f, 3.0f, 4.0f), "xyzw");
      for (unsigned i = 0; i < live; i++) {
         struct ir_src prev = i ? S(IR_FILE_TEMP, i - 1, "xyzw") : a;
         E(s, IR_ADD, D(IR_FILE_TEMP, i, 0xF), &prev, &k, NULL);
      }
      struct ir_src acc = S(IR_FILE_TEMP, 0, "xyzw");
      for (unsigned i = 1; i < live; i++) {
         struct ir_src t = S(IR_FILE_TEMP, i, "xyzw");
         E(s, IR_ADD, D(IR_FILE_OUTPUT, 0, 0xF), &acc, &t, NULL);
         acc = S(IR_FILE_OUTPUT, 0, "xyzw");
      }
      for (unsigned ci = 0; ci < 2; ci++) {
         struct r600_shader_binary b;
         char *log = NULL;
         bool ok = r600_compile_shader(s, chips[ci], &b, &log);
         if (live == 100) {
            CHECK(ok && b.num_gprs <= 124 && b.num_gprs >= 100, "registers: 100 live temps (%u GPRs) %s",
                  b.num_gprs, log ? log : "");
            check_alu_clauses(chips[ci], &b, "registers");
         } else {
            /* over the GPRs: the rest lives in scratch (r600_spill.c) */
            CHECK(ok && b.num_gprs <= 124 && b.scratch_items > 0,
                  "registers: 130 live temps spill (%u GPRs, %u scratch vec4s) %s", b.num_gprs,
                  b.scratch_items, log ? log : "");
         }
         free(log);
         r600_shader_binary_free(&b);
      }
      ir_shader_destroy(s);
   }
}

/* Compiling s for chip must fail with a log that contains needle. */
static void expect_compile_error(const struct ir_shader *s, enum hw_chip chip,
                                 const char *needle, const char *what)
{
   struct r600_shader_binary b;
   char *log = NULL;
   CHECK(!r600_compile_shader(s, chip, &b, &log) && log && strstr(log, needle),
         "errors: %s: %s", what, log ? log : "(none)");
   free(log);
}

/* Bad input: clear errors, no crash. */
static void test_errors(void)
{
   struct r600_shader_binary b;
   char *log = NULL;
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   s->num_temps = 1;
   struct ir_src bad = S(IR_FILE_TEMP, 5, "xyzw");
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 0xF), &bad, NULL, NULL);
   expect_compile_error(s, HW_CHIP_R7XX, "out of range", "out-of-range source");
   ir_shader_destroy(s);

   s = ir_shader_create(IR_STAGE_FRAGMENT);
   E(s, IR_ENDIF, NODST(), NULL, NULL, NULL);
   expect_compile_error(s, HW_CHIP_R6XX, "ENDIF", "unbalanced flow");
   ir_shader_destroy(s);

   s = ir_shader_create(IR_STAGE_FRAGMENT);
   s->num_temps = 2;
   struct ir_src rel = S(IR_FILE_TEMP, 2, "xyzw");   /* base beyond the temps */
   rel.rel = true;
   rel.rel_index = 1;
   E(s, IR_MOV, D(IR_FILE_TEMP, 0, 0xF), &rel, NULL, NULL);
   expect_compile_error(s, HW_CHIP_R7XX, "relative", "bad relative operand reported");
   s->num_arrays = 1;
   s->arrays = calloc(1, sizeof(*s->arrays));
   s->arrays[0] = (struct ir_array){1, 2};   /* beyond num_temps */
   s->instructions[0].src[0].index = 0;
   expect_compile_error(s, HW_CHIP_R7XX, "array", "bad array declaration reported");
   ir_shader_destroy(s);

   s = ir_shader_create(IR_STAGE_VERTEX);
   E(s, IR_KILL, NODST(), NULL, NULL, NULL);
   expect_compile_error(s, HW_CHIP_R7XX, "fragment", "KILL in a vertex shader");
   ir_shader_destroy(s);

   /* an empty VS still exports a position and a parameter */
   s = ir_shader_create(IR_STAGE_VERTEX);
   CHECK(r600_compile_shader(s, HW_CHIP_R7XX, &b, &log), "errors: empty VS compiles");
   struct cf cf[8];
   unsigned n = decode_program(HW_CHIP_R7XX, &b, cf, 8);
   CHECK(n == 3 && cf[0].inst == CF_CALL_FS && cf[1].is_export && cf[1].type == 1 &&
         cf[1].sel[3] == 5 && cf[2].is_export && cf[2].type == 2 && cf[2].sel[0] == 7 && cf[2].eop &&
         b.num_params == 1, "errors: empty VS: CALL_FS, dummy POS, dummy PARAM");
   r600_shader_binary_free(&b);
   free(log);
   ir_shader_destroy(s);
}

/* Garbage IR: every compile either succeeds with a program that ends, or fails with a log. */
static void test_robustness(void)
{
   struct rng r = {777};
   unsigned ok_count = 0, fail_count = 0;
   for (unsigned iter = 0; iter < 3000; iter++) {
      struct ir_shader *s = ir_shader_create(rnd(&r) % 2 ? IR_STAGE_FRAGMENT : IR_STAGE_VERTEX);
      s->num_temps = (uint16_t)(4 + rnd(&r) % 3);
      s->num_consts = (uint16_t)(4 + rnd(&r) % 300);
      s->num_samplers = (uint16_t)(rnd(&r) % 3);
      s->num_inputs = 4;
      s->num_outputs = 4;
      for (unsigned i = 0; i < 4; i++) {
         bool vs = s->stage == IR_STAGE_VERTEX;
         add_io(&s->inputs[i], rnd(&r) % 40 == 0 ? rnd(&r) % 11 : vs ? IR_SEM_ATTRIB : IR_SEM_GENERIC, i);
         add_io(&s->outputs[i], rnd(&r) % 40 == 0 ? rnd(&r) % 11 : vs ? IR_SEM_GENERIC : IR_SEM_COLOR, i);
      }
      IMM4(s, 1.0f, 2.0f, 3.0f, 4.0f);
      /* mostly plausible instructions, each field occasionally out of range */
      unsigned len = rnd(&r) % 12;
      for (unsigned n = 0; n < len; n++) {
         bool odd = rnd(&r) % 16 == 0;
         unsigned op = odd ? rnd(&r) % (IR_OPCODE_COUNT + 2) : rnd(&r) % IR_TEX;
         struct ir_instruction *in = ir_emit(s, (enum ir_opcode)op);
         in->tex_target = (uint8_t)(rnd(&r) % (odd ? 3 : 2));
         in->dst = D(odd ? rnd(&r) % 8 : IR_FILE_TEMP + (rnd(&r) % 2) * 2, rnd(&r) % 4,
                     odd ? rnd(&r) % 17 : 1 + rnd(&r) % 15);
         in->dst.saturate = rnd(&r) % 16 == 0;
         for (unsigned k = 0; k < 3; k++) {
            static const uint8_t files[] = {IR_FILE_TEMP, IR_FILE_INPUT, IR_FILE_CONST, IR_FILE_IMM};
            in->src[k] = S(odd ? rnd(&r) % 8 : files[rnd(&r) % 4], rnd(&r) % 4, "xyzw");
            if (odd)
               in->src[k].swizzle[rnd(&r) % 4] = (uint8_t)(rnd(&r) % 5);
            in->src[k].negate = rnd(&r) % 12 == 0;
            in->src[k].abs = rnd(&r) % 12 == 0;
            in->src[k].rel = odd && rnd(&r) % 4 == 0;
            if (in->src[k].file == IR_FILE_IMM)
               in->src[k].index = 0;
         }
      }
      for (unsigned ci = 0; ci < 2; ci++) {
         struct r600_shader_binary b;
         char *log = NULL;
         if (r600_compile_shader(s, chips[ci], &b, &log)) {
            struct cf cf[256];
            unsigned n = decode_program(chips[ci], &b, cf, 256);
            CHECK(n && cf[n - 1].eop && b.num_gprs >= 1 && b.num_gprs <= 124,
                  "robustness %u: compiled program ends", iter);
            check_alu_clauses(chips[ci], &b, "robustness");
            ok_count++;
         } else {
            CHECK(log && *log, "robustness %u: failure comes with a message", iter);
            fail_count++;
         }
         free(log);
         r600_shader_binary_free(&b);
      }
      ir_shader_destroy(s);
   }
   CHECK(ok_count > 1000 && fail_count > 1000, "robustness: %u compiled, %u refused", ok_count,
         fail_count);
}

/* ir_imm reuse, ir_print, ir_validate */
static void test_ir_helpers(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_VERTEX);
   uint32_t a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 3, 5};
   CHECK(ir_imm(s, a) == 0 && ir_imm(s, b) == 1 && ir_imm(s, a) == 0 && s->num_imms == 2,
         "ir_imm reuses equal immediates");
   for (unsigned i = 0; i < 100; i++)
      ir_emit(s, IR_NOP);
   struct ir_instruction *i = ir_emit(s, IR_MOV);
   CHECK(s->num_instructions == 101 && i->src[2].swizzle[3] == 3 && i->dst.writemask == 0,
         "ir_emit appends zero-filled instructions with xyzw swizzles");
   i->dst = D(IR_FILE_TEMP, 0, 3);
   s->num_temps = 1;
   i->src[0] = S(IR_FILE_IMM, 1, "wzyx");
   CHECK(ir_validate(s) == NULL, "ir_validate accepts a valid program");
   FILE *f = tmpfile();
   ir_print(s, f);
   rewind(f);
   char text[8192];
   size_t len = fread(text, 1, sizeof(text) - 1, f);
   text[len] = 0;
   fclose(f);
   CHECK(strstr(text, "MOV TEMP[0].xy, IMM[1].wzyx") != NULL, "ir_print lists the MOV");
   i->dst.writemask = 0;
   CHECK(ir_validate(s) && strstr(ir_validate(s), "write mask"), "ir_validate: empty write mask");
   ir_shader_destroy(s);
}

int main(void)
{
   test_ir_helpers();
   test_vs_basic();
   test_ps_constant();
   test_fetch_shader();
   test_flow();
   test_loop_liveness();
   test_copy_to_export();
   test_copy_to_fetch_and_if();
   test_copy_no_prop();
   test_kcache();
   test_relative();
   test_relative_loop();
   test_ps_features();
   test_textures();
   test_scalar_ops();
   test_registers();
   test_errors();
   test_random_programs();
   test_robustness();
   return check_report();
}
