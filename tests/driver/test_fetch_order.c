/* Clause grouping of the shader compiler (r600_fetch_order.c, first-fit ALU groups): small
 * pixel shaders in the shape of glmark2's effect2d filters are compiled for R6xx and R7xx,
 * and the CF program, TEX clauses and ALU groups are decoded here from the register
 * reference's microcode word layouts (bit positions typed in, not the generated headers).
 *
 * Expectations, derived by hand from the dependencies of each shader:
 * - n taps at coordinate + constant offset, summed: one ALU clause with the 2n coordinate
 *   ADDs, the n samples in one TEX clause (one per 8 on R6xx, 16 on R7xx), then ALU
 *   clauses for the sum;
 * - a fetch whose coordinates come from another fetch goes to a later clause, and
 *   independent fetches still join the first one;
 * - a temporary rewritten after a fetch read it keeps the fetches apart (write after read).
 * The coordinate ADDs write .xy: slots x and y, plus t for the next tap's .x, so four taps'
 * eight ADDs fill three groups. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/r600_shader.h"
#include "check.h"
#include "ir_build.h"

static uint32_t bits(uint32_t w, unsigned hi, unsigned lo)
{
   return (w >> lo) & ((1u << (hi - lo + 1)) - 1);
}

enum { CF_TEX = 1, CF_EXPORT_DONE = 40, CFA_ALU = 8 };
enum { SEL_LITERAL = 253 };

/* One CF instruction, as far as these tests look. */
struct cf {
   bool alu, eop;
   unsigned inst, addr, count;   /* count: fetches or ALU slots */
};

static unsigned decode(enum hw_chip chip, const struct r600_shader_binary *b, struct cf *cf,
                       unsigned max)
{
   unsigned n = 0;
   for (unsigned i = 0; 2 * i + 1 < b->ndw && n < max; i++) {
      const uint32_t *w = b->code + 2 * i;
      struct cf *c = &cf[n++];
      memset(c, 0, sizeof(*c));
      if (bits(w[1], 29, 29)) {                /* CF_ALU_WORD1 */
         c->alu = true;
         c->inst = bits(w[1], 29, 26);
         c->addr = bits(w[0], 21, 0);
         c->count = bits(w[1], 24, 18) + 1;
         continue;
      }
      c->inst = bits(w[1], 29, 23);
      c->eop = bits(w[1], 21, 21);
      c->addr = w[0];
      c->count = bits(w[1], 12, 10) + (chip == HW_CHIP_R7XX ? bits(w[1], 19, 19) * 8 : 0) + 1;
      if (c->eop)
         break;
   }
   return n;
}

/* ALU groups and instructions of a clause; lits[] gets the literal dwords in order. */
static void alu_stats(const struct r600_shader_binary *b, const struct cf *c, unsigned *groups,
                      unsigned *insts, uint32_t *lits, unsigned *num_lits)
{
   *groups = *insts = *num_lits = 0;
   unsigned slot = c->addr, end = c->addr + c->count, group_lits = 0;
   while (slot < end) {
      const uint32_t *w = b->code + 2 * slot++;
      bool op3 = bits(w[1], 17, 15) != 0;
      unsigned sel[3] = {bits(w[0], 8, 0), bits(w[0], 21, 13), op3 ? bits(w[1], 8, 0) : 0};
      unsigned chan[3] = {bits(w[0], 11, 10), bits(w[0], 24, 23), bits(w[1], 11, 10)};
      for (unsigned s = 0; s < 3; s++)
         if (sel[s] == SEL_LITERAL && chan[s] + 1 > group_lits)
            group_lits = chan[s] + 1;
      (*insts)++;
      if (bits(w[0], 31, 31)) {                /* LAST */
         (*groups)++;
         for (unsigned k = 0; k < group_lits; k++)
            lits[(*num_lits)++] = b->code[2 * slot + k];
         slot += (group_lits + 1) / 2;
         group_lits = 0;
      }
   }
}

/* TEX instruction k of a clause: source and destination GPR. */
static unsigned tex_src(const struct r600_shader_binary *b, const struct cf *c, unsigned k)
{
   return bits(b->code[2 * c->addr + 4 * k], 22, 16);
}

static unsigned tex_dst(const struct r600_shader_binary *b, const struct cf *c, unsigned k)
{
   return bits(b->code[2 * c->addr + 4 * k + 1], 6, 0);
}

static float offset_of(unsigned k)
{
   return 0.0625f * (float)(k + 1) + 0.01f;   /* never an inline constant (0.5, 1.0) */
}

static struct ir_src imm(struct ir_shader *s, float x, float y)
{
   union { float f; uint32_t u; } a = {.f = x}, b = {.f = y};
   uint32_t v[4] = {a.u, b.u, 0, 0};
   return S(IR_FILE_IMM, ir_imm(s, v), "xyzw");
}

static struct ir_shader *new_ps(unsigned temps)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   s->num_inputs = 1;
   memset(&s->inputs[0], 0, sizeof(s->inputs[0]));
   s->inputs[0].semantic = IR_SEM_GENERIC;
   s->inputs[0].usage_mask = 0xF;
   s->num_outputs = 1;
   memset(&s->outputs[0], 0, sizeof(s->outputs[0]));
   s->outputs[0].semantic = IR_SEM_COLOR;
   s->outputs[0].usage_mask = 0xF;
   s->num_samplers = 1;
   s->num_temps = (uint16_t)temps;
   return s;
}

/* sum of TEX(v0 + (o_k, o_k)) * w_k over n taps, with temporaries of their own per tap:
 * TEMP 2k coordinate, 2k+1 sample, 2n the sum */
static struct ir_shader *taps_shader(unsigned n)
{
   struct ir_shader *s = new_ps(2 * n + 1);
   struct ir_src v0 = S(IR_FILE_INPUT, 0, "xyzw"), samp = S(IR_FILE_SAMPLER, 0, "xyzw");
   struct ir_src sum = S(IR_FILE_TEMP, 2 * n, "xyzw");
   for (unsigned k = 0; k < n; k++) {
      struct ir_src off = imm(s, offset_of(k), offset_of(k));
      struct ir_src coord = S(IR_FILE_TEMP, 2 * k, "xyzw");
      struct ir_src texel = S(IR_FILE_TEMP, 2 * k + 1, "xyzw"), w = imm(s, 3.0f + (float)k, 0);
      w.swizzle[1] = w.swizzle[2] = w.swizzle[3] = 0;
      E(s, IR_ADD, D(IR_FILE_TEMP, 2 * k, 0x3), &v0, &off, NULL);
      E(s, IR_TEX, D(IR_FILE_TEMP, 2 * k + 1, 0xF), &coord, &samp, NULL);
      if (k == 0)
         E(s, IR_MUL, D(IR_FILE_TEMP, 2 * n, 0xF), &texel, &w, NULL);
      else
         E(s, IR_MAD, D(IR_FILE_TEMP, 2 * n, 0xF), &texel, &w, &sum);
   }
   E(s, IR_MOV, D(IR_FILE_OUTPUT, 0, 0xF), &sum, NULL, NULL);
   return s;
}

static bool compile(const struct ir_shader *s, enum hw_chip chip, struct r600_shader_binary *b)
{
   char *log = NULL;
   bool ok = r600_compile_shader(s, chip, b, &log);
   CHECK(ok, "%s: compile: %s", hw_chip_name(chip), log ? log : "");
   free(log);
   return ok;
}

static bool is_tex(const struct cf *c, unsigned count)
{
   return !c->alu && c->inst == CF_TEX && c->count == count;
}

static bool is_alu(const struct cf *c)
{
   return c->alu && c->inst == CFA_ALU;
}

static bool is_end(const struct cf *c)
{
   return !c->alu && c->inst == CF_EXPORT_DONE && c->eop;
}

/* n taps: ALU, TEX (n, or 8 + rest on R6xx), ALU, EXPORT_DONE; the first clause holds the
 * 2n coordinate ADDs (each tap's offset as a literal), the fetches read what it wrote. */
static void test_taps(unsigned n, unsigned want_groups)
{
   struct ir_shader *s = taps_shader(n);
   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = ci ? HW_CHIP_R7XX : HW_CHIP_R6XX;
      struct r600_shader_binary b;
      if (!compile(s, chip, &b))
         continue;
      struct cf cf[16];
      unsigned ncf = decode(chip, &b, cf, 16);
      unsigned max = chip == HW_CHIP_R7XX ? 16 : 8;
      unsigned ntex = (n + max - 1) / max;
      /* the sum of many taps outgrows one ALU clause (128 slots) */
      bool shape = ncf >= 3 + ntex && is_alu(&cf[0]) && is_end(&cf[ncf - 1]);
      for (unsigned t = 0; t < ntex && shape; t++)
         shape = is_tex(&cf[1 + t], t + 1 < ntex ? max : n - max * (ntex - 1));
      for (unsigned i = 1 + ntex; i + 1 < ncf && shape; i++)
         shape = is_alu(&cf[i]);
      CHECK(shape, "taps %u %s: ALU, TEX x%u, ALU..., EXPORT_DONE (got %u CF instructions)", n,
            hw_chip_name(chip), ntex, ncf);
      if (!shape) {
         r600_shader_binary_free(&b);
         continue;
      }
      unsigned groups, insts, nlit;
      uint32_t lits[64];
      alu_stats(&b, &cf[0], &groups, &insts, lits, &nlit);
      CHECK(insts == 2 * n, "taps %u %s: %u coordinate instructions, want %u", n,
            hw_chip_name(chip), insts, 2 * n);
      if (want_groups)
         CHECK(groups == want_groups, "taps %u %s: %u groups, want %u", n, hw_chip_name(chip),
               groups, want_groups);
      /* every offset is in the clause */
      for (unsigned k = 0; k < n; k++) {
         union { float f; uint32_t u; } o = {.f = offset_of(k)};
         bool found = false;
         for (unsigned i = 0; i < nlit; i++)
            found |= lits[i] == o.u;
         CHECK(found, "taps %u %s: offset %u is a literal of the first clause", n,
               hw_chip_name(chip), k);
      }
      /* the fetches read distinct registers and write distinct ones */
      bool distinct = true;
      for (unsigned t = 0; t < ntex; t++)
         for (unsigned k = 0; k < cf[1 + t].count; k++)
            for (unsigned j = 0; j < k; j++)
               distinct &= tex_src(&b, &cf[1 + t], k) != tex_src(&b, &cf[1 + t], j) &&
                           tex_dst(&b, &cf[1 + t], k) != tex_dst(&b, &cf[1 + t], j);
      CHECK(distinct, "taps %u %s: distinct fetch registers", n, hw_chip_name(chip));
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

/* t1 = TEX(v0); c = v0 + o; t3 = TEX(c); t2 = TEX(t1); out = t2 + t3:
 * ALU (c), TEX (t1, t3), TEX (t2: reads what the first fetch clause wrote), ALU, export */
static void test_dependent(void)
{
   struct ir_shader *s = new_ps(4);
   struct ir_src v0 = S(IR_FILE_INPUT, 0, "xyzw"), samp = S(IR_FILE_SAMPLER, 0, "xyzw");
   struct ir_src o = imm(s, 0.25f, 0.5f);
   struct ir_src t0 = S(IR_FILE_TEMP, 0, "xyzw"), t1 = S(IR_FILE_TEMP, 1, "xyzw");
   struct ir_src t2 = S(IR_FILE_TEMP, 2, "xyzw"), t3 = S(IR_FILE_TEMP, 3, "xyzw");
   E(s, IR_TEX, D(IR_FILE_TEMP, 1, 0xF), &v0, &samp, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 0, 0x3), &v0, &o, NULL);
   E(s, IR_TEX, D(IR_FILE_TEMP, 3, 0xF), &t0, &samp, NULL);
   E(s, IR_TEX, D(IR_FILE_TEMP, 2, 0xF), &t1, &samp, NULL);
   E(s, IR_ADD, D(IR_FILE_OUTPUT, 0, 0xF), &t2, &t3, NULL);
   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = ci ? HW_CHIP_R7XX : HW_CHIP_R6XX;
      struct r600_shader_binary b;
      if (!compile(s, chip, &b))
         continue;
      struct cf cf[16];
      unsigned ncf = decode(chip, &b, cf, 16);
      bool shape = ncf == 5 && is_alu(&cf[0]) && is_tex(&cf[1], 2) && is_tex(&cf[2], 1) &&
                   is_alu(&cf[3]) && is_end(&cf[4]);
      CHECK(shape, "dependent %s: ALU, TEX x2, TEX x1, ALU, EXPORT_DONE", hw_chip_name(chip));
      if (shape) {
         /* the second clause's fetch reads the first clause's first result (t1) */
         CHECK(tex_src(&b, &cf[2], 0) == tex_dst(&b, &cf[1], 0) && tex_src(&b, &cf[1], 0) == 0,
               "dependent %s: TEX(TEX(v0)) reads the first fetch's result", hw_chip_name(chip));
      }
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

/* One coordinate temporary for two fetches: c = v0 + a; t = TEX(c); c = v0 + b;
 * u = TEX(c); out = t + u. The second ADD may not pass the first fetch (it reads c), so
 * the program keeps ALU, TEX, ALU, TEX, ALU; the second ADD is in the middle clause. */
static void test_reuse(void)
{
   struct ir_shader *s = new_ps(3);
   struct ir_src v0 = S(IR_FILE_INPUT, 0, "xyzw"), samp = S(IR_FILE_SAMPLER, 0, "xyzw");
   struct ir_src a = imm(s, 0.25f, 0.25f), c2 = imm(s, 0.75f, 0.75f);
   struct ir_src c = S(IR_FILE_TEMP, 0, "xyzw"), t = S(IR_FILE_TEMP, 1, "xyzw");
   struct ir_src u = S(IR_FILE_TEMP, 2, "xyzw");
   E(s, IR_ADD, D(IR_FILE_TEMP, 0, 0x3), &v0, &a, NULL);
   E(s, IR_TEX, D(IR_FILE_TEMP, 1, 0xF), &c, &samp, NULL);
   E(s, IR_ADD, D(IR_FILE_TEMP, 0, 0x3), &v0, &c2, NULL);
   E(s, IR_TEX, D(IR_FILE_TEMP, 2, 0xF), &c, &samp, NULL);
   E(s, IR_ADD, D(IR_FILE_OUTPUT, 0, 0xF), &t, &u, NULL);
   for (unsigned ci = 0; ci < 2; ci++) {
      enum hw_chip chip = ci ? HW_CHIP_R7XX : HW_CHIP_R6XX;
      struct r600_shader_binary b;
      if (!compile(s, chip, &b))
         continue;
      struct cf cf[16];
      unsigned ncf = decode(chip, &b, cf, 16);
      bool shape = ncf == 6 && is_alu(&cf[0]) && is_tex(&cf[1], 1) && is_alu(&cf[2]) &&
                   is_tex(&cf[3], 1) && is_alu(&cf[4]) && is_end(&cf[5]);
      CHECK(shape, "reuse %s: ALU, TEX, ALU, TEX, ALU, EXPORT_DONE", hw_chip_name(chip));
      if (shape) {
         unsigned groups, insts, nlit;
         uint32_t lits[16];
         union { float f; uint32_t u; } second = {.f = 0.75f};
         alu_stats(&b, &cf[2], &groups, &insts, lits, &nlit);
         CHECK(nlit >= 1 && lits[0] == second.u,
               "reuse %s: the second coordinate is computed between the fetches",
               hw_chip_name(chip));
      }
      r600_shader_binary_free(&b);
   }
   ir_shader_destroy(s);
}

int main(void)
{
   test_taps(4, 3);
   test_taps(9, 0);
   test_taps(25, 0);
   test_dependent();
   test_reuse();
   return check_report();
}
