/* Shader engines: hand-assembled R6xx/R7xx programs (built with the isa_harness program
 * builder) run on the interpreter and on the JIT (run_compare). Expected values are computed
 * here with plain C arithmetic; every run also checks that both engines leave bit-identical
 * GPRs and exports. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "sq/alu_ops.h"
#include "common/gpu_memory.h"
#include "isa_harness.h"
#include "sq/isa_program.h"

/* CF instructions live in qwords 0..31, clauses after: the layout the mutants flip bits in. */
#define CF_SLOTS 32
#define PS_RUN(...) ((struct run_opts){ .stage = SIM_STAGE_PS, __VA_ARGS__ })
#define VS_RUN(...) ((struct run_opts){ .stage = SIM_STAGE_VS, __VA_ARGS__ })

static uint32_t rng_state = 0x9E3779B9u;
static uint32_t rnd(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 17;
   rng_state ^= rng_state << 5;
   return rng_state;
}

/* Inline-constant operands. */
static struct src one(void) { return inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)); }
static struct src zero(void) { return inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0)); }
static struct src half(void) { return inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0_5)); }
static struct src int1(void) { return inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1_INT)); }

static float RF(unsigned g, unsigned c, unsigned l) { return Fl(R(g, c, l)); }

/* ---- the tests ------------------------------------------------------------------------------ */

static float lane_a(unsigned l) { return (float)l * 0.5f - 3.0f; }       /* 0 at lane 6 */
static float lane_b(unsigned l) { return 1.25f + (float)l; }
static int32_t lane_i(unsigned l) { return (int32_t)l * 7 - 20; }

/* ALU arithmetic, modifiers, literals, inline constants, PV/PS, trans unit, reductions. */
static void test_alu_arith(void)
{
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[1][0][l] = U(lane_a(l));
      init_lanes.gpr[1][1][l] = U(lane_b(l));
      init_lanes.gpr[1][2][l] = (uint32_t)lane_i(l);
      init_lanes.gpr[1][3][l] = U(4.0f);
   }
   alu_begin(&p);
   /* G1 */
   alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(1, 0), .s1 = gpr(1, 1) }, false);
   alu(&p, (struct alu){ OP2(MUL_IEEE), 2, 1, .s0 = gpr(1, 0), .s1 = lit(0) }, false);
   alu(&p, (struct alu){ OP3(MULADD), 2, 2, .s0 = gpr(1, 0), .s1 = gpr(1, 1), .s2 = one() }, false);
   alu(&p, (struct alu){ OP2(MAX), 2, 3, .s0 = gpr(1, 0), .s1 = gpr(1, 1) }, false);
   alu(&p, (struct alu){ OP2(RECIP_IEEE), 3, 0, .s0 = gpr(1, 3) }, true);
   lits(&p, 1, (uint32_t[]){ U(2.5f) });
   /* G2: PV / PS forwarding */
   alu(&p, (struct alu){ OP2(MOV), 3, 1, .s0 = pv(0) }, false);
   alu(&p, (struct alu){ OP2(MOV), 3, 2, .s0 = ps() }, false);
   alu(&p, (struct alu){ OP2(SETGT), 3, 3, .s0 = gpr(1, 0), .s1 = zero() }, false);
   alu(&p, (struct alu){ OP2(SQRT_IEEE), 4, 1, .s0 = gpr(1, 3) }, true);
   /* G3: DOT4_IEEE (x*y + y*x + 0.5*2 + 1*3), written to .z only */
   alu(&p, (struct alu){ OP2(DOT4_IEEE), 4, 0, .nowrite = true, .s0 = gpr(1, 0), .s1 = gpr(1, 1) }, false);
   alu(&p, (struct alu){ OP2(DOT4_IEEE), 4, 1, .nowrite = true, .s0 = gpr(1, 1), .s1 = gpr(1, 0) }, false);
   alu(&p, (struct alu){ OP2(DOT4_IEEE), 4, 2, .s0 = half(), .s1 = lit(0) }, false);
   alu(&p, (struct alu){ OP2(DOT4_IEEE), 4, 3, .nowrite = true, .s0 = one(), .s1 = lit(1) }, true);
   lits(&p, 2, (uint32_t[]){ U(2.0f), U(3.0f) });
   /* G4: integer ops, FLT_TO_INT, legacy MUL */
   alu(&p, (struct alu){ OP2(ADD_INT), 5, 0, .s0 = gpr(1, 2), .s1 = lit(0) }, false);
   alu(&p, (struct alu){ OP2(SETGE_INT), 5, 2, .s0 = gpr(1, 2), .s1 = zero() }, false);
   alu(&p, (struct alu){ OP2(MUL), 5, 3, .s0 = gpr(1, 0), .s1 = lit(1) }, false);
   alu(&p, (struct alu){ OP2(FLT_TO_INT), 5, 1, .s0 = gpr(1, 0) }, true);
   lits(&p, 2, (uint32_t[]){ 100, 0x7F800000u });
   /* G5: NEG/ABS, OMOD, CLAMP, MIN_DX10, SIN */
   alu(&p, (struct alu){ OP2(ADD), 6, 0, .s0 = neg(absv(gpr(1, 0))), .s1 = half() }, false);
   alu(&p, (struct alu){ OP2(MUL_IEEE), 6, 1, .s0 = gpr(1, 1), .s1 = gpr(1, 1), .omod = ENU(SQ_ALU_WORD1_OP2, OMOD, SQ_ALU_OMOD_M2) }, false);
   alu(&p, (struct alu){ OP2(ADD), 6, 2, .s0 = gpr(1, 0), .s1 = gpr(1, 1), .clamp = true }, false);
   alu(&p, (struct alu){ OP2(MIN_DX10), 6, 3, .s0 = gpr(1, 0), .s1 = gpr(1, 1) }, false);
   alu(&p, (struct alu){ OP2(SIN), 7, 0, .s0 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ U(R7 ? 0.25f : 1.57079632679f) });
   /* G6: EXP, CNDGE, FRACT, FLOOR, RNDNE */
   alu(&p, (struct alu){ OP3(CNDGE), 7, 2, .s0 = gpr(1, 0), .s1 = gpr(1, 1), .s2 = lit(1) }, false);
   alu(&p, (struct alu){ OP2(FRACT), 8, 0, .s0 = gpr(1, 0) }, false);
   alu(&p, (struct alu){ OP2(FLOOR), 8, 1, .s0 = gpr(1, 1), .omod = ENU(SQ_ALU_WORD1_OP2, OMOD, SQ_ALU_OMOD_D2) }, false);
   alu(&p, (struct alu){ OP2(RNDNE), 8, 3, .s0 = lit(2) }, false);
   alu(&p, (struct alu){ OP2(EXP_IEEE), 7, 1, .s0 = lit(0) }, true);
   lits(&p, 3, (uint32_t[]){ U(3.0f), U(-7.0f), U(2.5f) });
   /* G7: shifts (trans-only on R6xx), SETE_DX10, INT_TO_FLT in the trans unit */
   alu(&p, (struct alu){ OP2(SETE_DX10), 9, 1, .s0 = gpr(1, 0), .s1 = gpr(1, 0) }, false);
   alu(&p, (struct alu){ OP2(SUB_INT), 9, 2, .s0 = zero(), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(LSHL_INT), 9, 0, .s0 = gpr(1, 2), .s1 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ 3 });
   alu(&p, (struct alu){ OP2(INT_TO_FLT), 9, 3, .s0 = gpr(1, 2) }, true);
   /* G9: RECIPSQRT_CLAMPED of 0 and LOG_CLAMPED of 0 */
   alu(&p, (struct alu){ OP2(RECIPSQRT_CLAMPED), 10, 0, .s0 = zero() }, true);
   alu(&p, (struct alu){ OP2(LOG_CLAMPED), 10, 1, .s0 = zero() }, true);
   alu(&p, (struct alu){ OP2(LOG_IEEE), 10, 2, .s0 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ U(8.0f) });
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);

   char name[32];
   snprintf(name, sizeof(name), "alu arithmetic %s", R7 ? "r7xx" : "r6xx");
   if (!run_compare(name, upload_prog(&p), VS_RUN())) {
      check(false, "%s ran: %s", name, res_interp.fault);
      return;
   }
   unsigned bad = 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      float a = lane_a(l), b = lane_b(l);
      int32_t i = lane_i(l);
      float prod = a * b;
      float d = a * b + b * a;
      d = d + 0.5f * 2.0f;
      d = d + 1.0f * 3.0f;
      float cl = a + b;
      cl = cl < 0.0f ? 0.0f : cl > 1.0f ? 1.0f : cl;
      struct { unsigned g, c; uint32_t want; } e[] = {
         { 2, 0, U(a + b) }, { 2, 1, U(a * 2.5f) }, { 2, 2, U(prod + 1.0f) },
         { 2, 3, U(a >= b ? a : b) }, { 3, 0, U(0.25f) }, { 3, 1, U(a + b) }, { 3, 2, U(0.25f) },
         { 3, 3, U(a > 0.0f ? 1.0f : 0.0f) }, { 4, 1, U(2.0f) }, { 4, 2, U(d) },
         { 5, 0, (uint32_t)(i + 100) }, { 5, 1, (uint32_t)(int32_t)a }, { 5, 2, i >= 0 ? ~0u : 0u },
         { 5, 3, a == 0.0f ? 0u : U(a * INFINITY) },
         { 6, 0, U(-fabsf(a) + 0.5f) }, { 6, 1, U(b * b * 2.0f) }, { 6, 2, U(cl) },
         { 6, 3, U(a < b ? a : b) }, { 7, 0, U(1.0f) }, { 7, 1, U(8.0f) },
         { 7, 2, U(a >= 0.0f ? b : -7.0f) }, { 8, 0, U(a - floorf(a)) }, { 8, 1, U(floorf(b) * 0.5f) },
         { 8, 3, U(2.0f) }, { 9, 0, (uint32_t)i << 3 }, { 9, 1, ~0u }, { 9, 2, (uint32_t)-i },
         { 9, 3, U((float)i) }, { 10, 0, U(3.40282347e38f) }, { 10, 1, U(-3.40282347e38f) },
         { 10, 2, U(3.0f) },
      };
      for (unsigned k = 0; k < sizeof(e) / sizeof(e[0]); k++) {
         if (R(e[k].g, e[k].c, l) != e[k].want && bad++ < 8)
            fprintf(stderr, "  %s lane %u R%u.%c = 0x%08x (%g), want 0x%08x (%g)\n", name, l,
                    e[k].g, "xyzw"[e[k].c], R(e[k].g, e[k].c, l), RF(e[k].g, e[k].c, l),
                    e[k].want, Fl(e[k].want));
      }
   }
   check(bad == 0, "%s: every result as computed in C (%u wrong)", name, bad);
   check(R(4, 0, 0) == 0 && R(4, 3, 0) == 0, "%s: DOT4 writes only the channels with WRITE_MASK", name);
}

/* Every instruction of a group reads the GPRs as they were before the group; PS forwards
 * the result of an any-slot op that went to the trans unit because its vector slot was
 * taken. */
static void test_group_semantics(void)
{
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[11][0][l] = U((float)l);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 10, 0, .s0 = gpr(11, 0) }, false);
   alu(&p, (struct alu){ OP2(MOV), 11, 0, .s0 = lit(0) }, true);   /* x taken -> trans */
   lits(&p, 1, (uint32_t[]){ U(5.0f) });
   alu(&p, (struct alu){ OP2(MOV), 12, 0, .s0 = pv(0) }, false);
   alu(&p, (struct alu){ OP2(MOV), 12, 1, .s0 = ps() }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   if (!run_compare("group semantics", upload_prog(&p), PS_RUN()))
      return;
   bool ok = true;
   for (unsigned l = 0; l < SIM_LANES; l++)
      ok &= RF(10, 0, l) == (float)l && RF(11, 0, l) == 5.0f && RF(12, 0, l) == (float)l &&
            RF(12, 1, l) == 5.0f;
   check(ok, "group: reads before writes, PV/PS of the previous group");
}

/* kcache: two sets (LOCK_2 on bank 0 lines 1-2, LOCK_1 on bank 1 line 0) read from the
 * constant buffers at ALU_CONST_CACHE_VS_<bank> << 8, checked against
 * ALU_CONST_BUFFER_SIZE_VS_<bank>. */
static void test_kcache(void)
{
   static float cb0[48][4], cb1[16][4];
   for (unsigned i = 0; i < 48; i++) {
      cb0[i][0] = (float)i;
      cb0[i][1] = (float)i + 0.5f;
      cb0[i][2] = -(float)i;
      cb0[i][3] = 1000.0f + (float)i;
   }
   for (unsigned i = 0; i < 16; i++)
      for (unsigned c = 0; c < 4; c++)
         cb1[i][c] = (float)(100 * i + c);
   uint64_t va0 = upload(cb0, sizeof(cb0)), va1 = upload(cb1, sizeof(cb1));
   set_reg(REG_SQ_ALU_CONST_CACHE_VS_0, (uint32_t)(va0 >> 8));
   set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0, 3);
   set_reg(REG_SQ_ALU_CONST_CACHE_VS_1, (uint32_t)(va1 >> 8));
   set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_VS_1, 1);

   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   clear_lanes();
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = kc(0, 5, 0) }, false);       /* c21.x */
   alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = kc(0, 20, 1) }, false);      /* c36.y */
   alu(&p, (struct alu){ OP2(ADD), 2, 2, .s0 = kc(1, 3, 2), .s1 = kc(1, 3, 3) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){
      .mode0 = ENU(SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_2), .bank0 = 0, .addr0 = 1,
      .mode1 = ENU(SQ_CF_ALU_WORD1, KCACHE_MODE1, SQ_CF_KCACHE_LOCK_1), .bank1 = 1, .addr1 = 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   uint64_t va = upload_prog(&p);
   if (run_compare("kcache", va, VS_RUN())) {
      bool ok = true;
      for (unsigned l = 0; l < SIM_LANES; l++)
         ok &= RF(2, 0, l) == 21.0f && RF(2, 1, l) == 36.5f && RF(2, 2, l) == 302.0f + 303.0f;
      check(ok, "kcache: constants of both sets");
   }
   set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0, 2);
   run_compare("kcache out of bounds", va, VS_RUN());
   check(!res_interp.ok && strstr(res_interp.fault, "ALU_CONST_BUFFER_SIZE"),
         "kcache: a line beyond ALU_CONST_BUFFER_SIZE faults (%s)", res_interp.fault);
   set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0, 3);
   set_reg(REG_SQ_ALU_CONST_CACHE_VS_0, 0x7FFFFF00u);
   run_compare("kcache unmapped", va, VS_RUN());
   check(!res_interp.ok, "kcache: a buffer outside GPU memory faults (%s)", res_interp.fault);
   set_reg(REG_SQ_ALU_CONST_CACHE_VS_0, (uint32_t)(va0 >> 8));
}

/* The JIT reads kcache constants straight from the buffers through windows memoized
 * between runs (llvmpipe_backend/sq/kcache.h); both engines must see every change between two
 * runs: the buffer's contents, its registers, the buffer freed (a fault, with the clause
 * before the faulting one - chained with it by the JIT - still written) or allocated again,
 * a buffer ending inside a line, and constants past the base's buffer that lie in the next
 * buffer (read from there, as GPU memory is addressed). PS constant buffer 0. */
static void test_kcache_changes(void)
{
   static float cb[16][4], cb2[16][4];
   for (unsigned i = 0; i < 16; i++)
      for (unsigned c = 0; c < 4; c++) {
         cb[i][c] = (float)(10 * i + c);
         cb2[i][c] = -(float)(10 * i + c);
      }
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);                                                   /* 0: R3.x = 7 */
   alu(&p, (struct alu){ OP2(MOV), 3, 0, .s0 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ U(7.0f) });
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   alu_begin(&p);                                                   /* 1: R2.xy = c1.x, c0.y */
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = kc(0, 1, 0) }, false);
   alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = kc(0, 0, 1) }, true);
   struct kcache line0 = { .mode0 = ENU(SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_1) };
   cf_alu(&p, ALUK(ALU), line0);
   cf(&p, CFI(NOP), 0, 0, true);
   uint64_t prog = upload_prog(&p);
   uint64_t va = upload(cb, sizeof(cb));
   set_reg(REG_SQ_ALU_CONST_CACHE_PS_0, (uint32_t)(va >> 8));
   set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0, 1);
   clear_lanes();
   struct { const char *name; float x, y; } want[3] = {
      { "kcache changes: first run", 10.0f, 1.0f },
      { "kcache changes: new buffer contents", 12.5f, 1.0f },
      { "kcache changes: other buffer", -10.0f, -1.0f },
   };
   for (unsigned k = 0; k < 3; k++) {
      if (k == 1)
         ((float *)sim_mem_map(mem, va))[4] = 12.5f;                /* c1.x */
      if (k == 2)
         set_reg(REG_SQ_ALU_CONST_CACHE_PS_0, (uint32_t)(upload(cb2, sizeof(cb2)) >> 8));
      if (run_compare(want[k].name, prog, PS_RUN()))
         check(RF(2, 0, 5) == want[k].x && RF(2, 1, 5) == want[k].y && RF(3, 0, 5) == 7.0f,
               "%s: R2.xy = %g %g", want[k].name, (double)RF(2, 0, 5), (double)RF(2, 1, 5));
   }

   /* freed: a fault at CF 1, R3 written by CF 0 on both engines */
   uint64_t gone = (uint64_t)regs[REG_SQ_ALU_CONST_CACHE_PS_0 / 4] << 8;
   sim_mem_free(mem, gone);
   expect_fault("kcache changes: freed buffer", prog, PS_RUN(), "CF 1: kcache bank 0 reads unmapped");
   check(Fl(res_interp.lanes.gpr[3][0][5]) == 7.0f && Fl(res_jit.lanes.gpr[3][0][5]) == 7.0f,
         "kcache changes: the clause before the faulting one wrote R3 on both engines");
   uint64_t again = upload(cb, sizeof(cb));
   set_reg(REG_SQ_ALU_CONST_CACHE_PS_0, (uint32_t)(again >> 8));
   if (run_compare("kcache changes: allocated again", prog, PS_RUN()))
      check(RF(2, 0, 5) == 10.0f, "kcache changes: allocated again: R2.x = %g", (double)RF(2, 0, 5));

   /* a buffer of 24 bytes: c0 is mapped, c1 only in part */
   uint64_t part = upload(cb, 24);
   set_reg(REG_SQ_ALU_CONST_CACHE_PS_0, (uint32_t)(part >> 8));
   expect_fault("kcache changes: line ending inside c1", prog, PS_RUN(), "CF 1: kcache bank 0 reads unmapped");

   /* a constant past the end of its base's buffer, in the next buffer */
   uint64_t a = upload(cb, 256), b = upload(cb2, 256);
   unsigned line = (unsigned)((b - a) / 256);
   check(b > a && (b - a) % 256 == 0 && line < 256, "kcache changes: the second buffer is %u lines on", line);
   set_reg(REG_SQ_ALU_CONST_CACHE_PS_0, (uint32_t)(a >> 8));
   set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0, line + 1);
   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = kc(0, 1, 0) }, true);
   line0.addr0 = line;
   cf_alu(&p, ALUK(ALU), line0);
   cf(&p, CFI(NOP), 0, 0, true);
   if (run_compare("kcache changes: next buffer", upload_prog(&p), PS_RUN()))
      check(RF(2, 0, 5) == -10.0f, "kcache changes: next buffer: R2.x = %g", (double)RF(2, 0, 5));
   set_reg(REG_SQ_ALU_CONST_CACHE_PS_0, 0);
   set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0, 0);
}

/* IF / ELSE / ENDIF as drivers emit it: ALU_PUSH_BEFORE (PRED_SETGT) + JUMP + ELSE +
 * ALU_POP_AFTER, with lanes taking different paths, one lane inactive, and the jump paths
 * taken when no lane takes one side. */
static void test_if_else(void)
{
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(PRED_SETGT), 0, 0, .nowrite = true, .s0 = gpr(1, 0), .s1 = zero(),
                         .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_PUSH_BEFORE), (struct kcache){ 0 });         /* 0 */
   cf(&p, CFI(JUMP), 3, 0, false);                                  /* 1 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ U(111.0f) });
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                     /* 2 */
   cf(&p, CFI(ELSE), 5, 1, false);                                  /* 3 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ U(222.0f) });
   cf_alu(&p, ALUK(ALU_POP_AFTER), (struct kcache){ 0 });           /* 4 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 2, 1, .s0 = gpr(2, 0), .s1 = one() }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                     /* 5 */
   cf(&p, CFI(NOP), 0, 0, true);                                    /* 6 */
   uint64_t va = upload_prog(&p);

   for (unsigned variant = 0; variant < 3; variant++) {
      clear_lanes();
      for (unsigned l = 0; l < SIM_LANES; l++) {
         float v = variant == 0 ? (float)l - 7.5f : variant == 1 ? 1.0f : -1.0f;
         init_lanes.gpr[1][0][l] = U(v);
         init_lanes.gpr[2][0][l] = init_lanes.gpr[2][1][l] = 0x12345678u;
      }
      uint16_t active = variant == 0 ? (uint16_t)~(1u << 3) : 0xFFFF;
      if (!run_compare("if/else", va, PS_RUN(.active = active)))
         continue;
      bool ok = true;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         if (!(active >> l & 1)) {
            ok &= R(2, 0, l) == 0x12345678u && R(2, 1, l) == 0x12345678u;
            continue;
         }
         float want = Fl(init_lanes.gpr[1][0][l]) > 0.0f ? 111.0f : 222.0f;
         ok &= RF(2, 0, l) == want && RF(2, 1, l) == want + 1.0f;
      }
      check(ok, "if/else variant %u: each lane took its branch", variant);
   }
}

/* A loop with a data-dependent break: LOOP_START_DX10, ALU_PUSH_BEFORE (PRED_SETGE_INT),
 * JUMP, LOOP_BREAK, POP, body, LOOP_END. Lane l iterates limit(l) times. */
static void test_loop_break(void)
{
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = zero() }, false);
   alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = zero() }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                     /* 0 */
   cf(&p, CFI(LOOP_START_DX10), 8, 0, false);                       /* 1 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(PRED_SETGE_INT), 0, 0, .nowrite = true, .s0 = gpr(2, 0), .s1 = gpr(1, 0),
                         .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_PUSH_BEFORE), (struct kcache){ 0 });         /* 2 */
   cf(&p, CFI(JUMP), 6, 1, false);                                  /* 3 */
   cf(&p, CFI(LOOP_BREAK), 7, 0, false);                            /* 4 */
   cf(&p, CFI(POP), 6, 1, false);                                   /* 5 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD_INT), 2, 0, .s0 = gpr(2, 0), .s1 = int1() }, false);
   alu(&p, (struct alu){ OP2(ADD), 2, 1, .s0 = gpr(2, 1), .s1 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ U(1.5f) });
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                     /* 6 */
   cf(&p, CFI(LOOP_END), 2, 0, false);                              /* 7 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 3, 0, .s0 = gpr(2, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                     /* 8 */
   cf(&p, CFI(NOP), 0, 0, true);                                    /* 9 */

   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[1][0][l] = l == 15 ? 40u : l % 5;
   if (run_compare("loop with break", upload_prog(&p), VS_RUN())) {
      bool ok = true;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         uint32_t n = init_lanes.gpr[1][0][l];
         ok &= R(2, 0, l) == n && RF(2, 1, l) == 1.5f * (float)n && R(3, 0, l) == n;
      }
      check(ok, "loop: every lane broke out after its own count");
   }

   /* A loop nothing breaks out of is stopped by the limiter. */
   prog_init_cf(&p, CF_SLOTS);
   cf(&p, CFI(LOOP_START_DX10), 3, 0, false);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(2, 0), .s1 = one() }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(LOOP_END), 1, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   run_compare("runaway loop", upload_prog(&p), VS_RUN());
   check(!res_interp.ok && strstr(res_interp.fault, "runaway") && !res_jit.ok,
         "runaway loop: fault (%s)", res_interp.fault);

   /* DX9 LOOP_START: the iteration count comes from SQ_LOOP_CONST (VS constants 32..63). */
   set_reg(REG_SQ_LOOP_CONST_0 + 4 * 32, SQ_LOOP_CONST_0__COUNT(5));
   prog_init_cf(&p, CF_SLOTS);
   cf(&p, CFI(LOOP_START), 3, 0, false);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD_INT), 2, 0, .s0 = gpr(2, 0), .s1 = int1() }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(LOOP_END), 1, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   clear_lanes();
   if (run_compare("DX9 loop", upload_prog(&p), VS_RUN())) {
      bool ok = true;
      for (unsigned l = 0; l < SIM_LANES; l++)
         ok &= R(2, 0, l) == 5;
      check(ok, "DX9 loop: SQ_LOOP_CONST COUNT iterations");
   }
   set_reg(REG_SQ_LOOP_CONST_0 + 4 * 32, 0);

   /* ALU_BREAK: lanes whose PRED_SET is false leave the loop. */
   prog_init_cf(&p, CF_SLOTS);
   cf(&p, CFI(LOOP_START_DX10), 4, 0, false);                       /* 0 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(PRED_SETGT_INT), 0, 0, .nowrite = true, .s0 = gpr(1, 0), .s1 = gpr(2, 0),
                         .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_BREAK), (struct kcache){ 0 });               /* 1 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD_INT), 2, 0, .s0 = gpr(2, 0), .s1 = int1() }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                     /* 2 */
   cf(&p, CFI(LOOP_END), 1, 0, false);                              /* 3 */
   cf(&p, CFI(NOP), 0, 0, true);                                    /* 4 */
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[1][0][l] = (l * 7) % 11;
   if (run_compare("ALU_BREAK loop", upload_prog(&p), VS_RUN())) {
      bool ok = true;
      for (unsigned l = 0; l < SIM_LANES; l++)
         ok &= R(2, 0, l) == (l * 7) % 11;
      check(ok, "ALU_BREAK: every lane left after its own count");
   }
}

/* Exports: POS 60 and a PARAM burst of three with SEL_0 / SEL_1 / SEL_MASK swizzles; a
 * pixel shader with KILLGT and a PIXEL burst. */
static void test_exports(void)
{
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   cf_export(&p, (struct cf_exp){ .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_POS), .base = 60,
                                  .gpr = 1, .burst = 1, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) } });
   cf_export(&p, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PARAM),
                                  .base = 0, .gpr = 2, .burst = 3, .sel = { SEL(W), SEL(0), SEL(1), SEL(MASK) },
                                  .eop = true });
   clear_lanes();
   for (unsigned g = 1; g < 5; g++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            init_lanes.gpr[g][c][l] = U((float)(g * 100 + c * 10 + l));
   if (run_compare("exports", upload_prog(&p), VS_RUN())) {
      const struct sim_exports *o = &res_interp.out;
      bool ok = o->pos_mask == 1 && o->param_mask == 7 && o->pixel_mask == 0;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         for (unsigned c = 0; c < 4; c++)
            ok &= o->pos[0][c][l] == init_lanes.gpr[1][c][l];
         for (unsigned k = 0; k < 3; k++)
            ok &= o->param[k][0][l] == init_lanes.gpr[2 + k][3][l] && o->param[k][1][l] == 0 &&
                  o->param[k][2][l] == U(1.0f) && o->param[k][3][l] == 0;
      }
      check(ok, "exports: POS and PARAM burst with swizzles and masks");
   }

   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(KILLGT), 0, 0, .nowrite = true, .s0 = gpr(1, 0), .s1 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ U(112.5f) });
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf_export(&p, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL),
                                  .base = 0, .gpr = 2, .burst = 2, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) },
                                  .eop = true });
   uint16_t active = 0xFFFE;
   if (run_compare("kill + pixel export", upload_prog(&p), PS_RUN(.active = active))) {
      const struct sim_exports *o = &res_interp.out;
      uint16_t want_kill = 0;
      bool ok = o->pixel_mask == 3;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         bool live = (active >> l & 1) && !(Fl(init_lanes.gpr[1][0][l]) > 112.5f);
         if ((active >> l & 1) && !live)
            want_kill |= (uint16_t)(1u << l);
         for (unsigned k = 0; k < 2; k++)
            for (unsigned c = 0; c < 4; c++)
               ok &= o->pixel[k][c][l] == (live ? init_lanes.gpr[2 + k][c][l] : 0u);
      }
      check(ok && o->killed == want_kill, "kill: killed lanes 0x%04x (want 0x%04x), not exported",
            o->killed, want_kill);
   }
}

/* The fetch shader (called by CALL_FS) fetches float4, RGBA8 UNORM (swizzled) and float2
 * attributes of vertex GPR0.x from buffers at SET_RESOURCE slots 320 + i (BUFFER_ID 160 + i);
 * indices past the buffer read zeros; the vertex shader then exports them. */
static void test_vertex_fetch(void)
{
   enum { NV = 12 };
   static float pos[NV][4];
   static uint8_t col[NV][8];
   for (unsigned v = 0; v < NV; v++) {
      for (unsigned c = 0; c < 4; c++)
         pos[v][c] = (float)v * 1.5f + (float)c * 0.25f - 4.0f;
      for (unsigned c = 0; c < 8; c++)
         col[v][c] = (uint8_t)(v * 21 + c * 37 + 5);
   }
   set_buffer(320, upload(pos, sizeof(pos)), sizeof(pos), 16, 0);
   set_buffer(321, upload(col, sizeof(col)), sizeof(col), 8, 0);

   struct prog fs;
   prog_init_cf(&fs, CF_SLOTS);
   unsigned at = fs.qw;
   vtx(&fs, (struct vfetch){ .buffer = 160, .src_gpr = 0, .dst_gpr = 1, .sel = XYZW,
                             .fmt = SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_32_32_32_FLOAT,
                             .num = ENU(SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_SCALED), .sgn = true });
   vtx(&fs, (struct vfetch){ .buffer = 161, .src_gpr = 0, .dst_gpr = 2, .sel = { VSEL(Z), VSEL(Y), VSEL(X), VSEL(W) },
                             .fmt = SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_8_8_8_8,
                             .num = ENU(SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_NORM), .offset = 4 });
   vtx(&fs, (struct vfetch){ .buffer = 160, .src_gpr = 0, .dst_gpr = 3, .sel = XYZW,
                             .fmt = SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_32_FLOAT,
                             .num = ENU(SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_SCALED), .sgn = true,
                             .offset = 4 });
   cf_fetch(&fs, CFI(VTX), at, 3);
   cf(&fs, CFI(RETURN), 0, 0, false);

   struct prog vs;
   prog_init_cf(&vs, CF_SLOTS);
   cf(&vs, CFI(CALL_FS), 0, 0, false);
   alu_begin(&vs);
   alu(&vs, (struct alu){ OP2(ADD), 4, 0, .s0 = gpr(1, 0), .s1 = gpr(2, 0) }, true);
   cf_alu(&vs, ALUK(ALU), (struct kcache){ 0 });
   cf_export(&vs, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_POS),
                                   .base = 60, .gpr = 1, .burst = 1, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) } });
   cf_export(&vs, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PARAM),
                                   .base = 0, .gpr = 2, .burst = 3, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) },
                                   .eop = true });

   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[0][0][l] = l;          /* vertex id; 12..15 are past the buffers */
   uint64_t fs_va = upload_prog(&fs), vs_va = upload_prog(&vs);
   if (!run_compare("vertex fetch", vs_va, VS_RUN(.fs_va = fs_va))) {
      check(false, "vertex fetch ran: %s", res_interp.fault);
      return;
   }
   unsigned bad = 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      bool in = l < NV;
      for (unsigned c = 0; c < 4; c++) {
         static const unsigned swz[4] = { 2, 1, 0, 3 };
         uint32_t w1 = in ? U(pos[l][c]) : 0;
         uint32_t w2 = in ? U((float)(col[l][4 + swz[c]] / 255.0)) : 0;
         uint32_t w3 = in ? (c < 2 ? U(pos[l][1 + c]) : c == 2 ? 0 : U(1.0f)) : 0;
         bad += R(1, c, l) != w1;
         bad += R(2, c, l) != w2;
         bad += R(3, c, l) != w3;
         bad += res_interp.out.pos[0][c][l] != w1;
         bad += res_interp.out.param[0][c][l] != w2;
      }
      bad += R(4, 0, l) != U(Fl(R(1, 0, l)) + Fl(R(2, 0, l)));
   }
   check(bad == 0, "vertex fetch: attributes, swizzles, missing components, out of range (%u wrong)", bad);

   /* A fetch from a slot that holds no valid buffer faults. */
   set_reg(REG_SQ_VTX_CONSTANT_WORD6_0 + 321 * RES_STRIDE, 0);
   run_compare("fetch from an invalid resource", vs_va, VS_RUN(.fs_va = fs_va));
   check(!res_interp.ok && strstr(res_interp.fault, "not a valid buffer"),
         "fetch from an invalid resource faults (%s)", res_interp.fault);
   /* CALL_FS without a fetch shader faults. */
   run_compare("CALL_FS without fetch shader", vs_va, VS_RUN());
   check(!res_interp.ok, "CALL_FS without a fetch shader faults (%s)", res_interp.fault);
}

/* Bad binaries: faults with a reason, never a crash. */
static void expect_decode_fault(const char *what, uint64_t va, enum sim_stage stage)
{
   struct sim_shader_env env = { .chip = chip, .stage = stage, .mem = mem, .regs = regs };
   struct sim_program *p = sim_program_get(&env, va);
   check(!p && env.faulted && env.fault[0], "%s: decode fault (%s)", what, env.fault);
}

static void test_bad_binaries(void)
{
   expect_decode_fault("unmapped program", 0x7F000000ull, SIM_STAGE_PS);

   uint32_t noeop[4] = { 0, FLD(SQ_CF_WORD1, CF_INST, CFI(NOP)), 0, FLD(SQ_CF_WORD1, CF_INST, CFI(NOP)) };
   expect_decode_fault("CF list running off its buffer", upload(noeop, sizeof(noeop)), SIM_STAGE_PS);

   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   cf(&p, CFI(JUMP), 9, 0, false);
   cf(&p, CFI(NOP), 0, 0, true);
   expect_decode_fault("jump past the program", upload_prog(&p), SIM_STAGE_PS);

   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = gpr(1, 0) }, false);   /* no LAST bit */
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_decode_fault("ALU group without LAST", upload_prog(&p), SIM_STAGE_PS);

   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = pv(0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_decode_fault("PV read in a clause's first group", upload_prog(&p), SIM_STAGE_PS);

   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = kc(0, 1, 0) }, true);   /* set 0 not locked */
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_decode_fault("kcache read of an unlocked set", upload_prog(&p), SIM_STAGE_PS);

   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = gpr(1, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   p.dw[0] = FLD(SQ_CF_ALU_WORD0, ADDR, 0x3FFFFF);   /* clause far outside the buffer */
   expect_decode_fault("ALU clause outside GPU memory", upload_prog(&p), SIM_STAGE_PS);

   /* Garbage: random words; each either decodes (then both engines run it and agree) or
    * faults. */
   unsigned decoded = 0, total = 300;
   srand(1234 + R7);   /* the seeds of the r600 = 0, rv770 = 1 numbering */
   for (unsigned n = 0; n < total; n++) {
      uint32_t junk[64];
      for (unsigned i = 0; i < 64; i++)
         junk[i] = (uint32_t)rand() ^ ((uint32_t)rand() << 16);
      if (n % 3 == 0)
         junk[3] |= FLD(SQ_CF_WORD1, END_OF_PROGRAM, 1);   /* sometimes a short program */
      struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
      uint64_t va = upload(junk, sizeof(junk));
      struct sim_program *prog = sim_program_get(&env, va);
      check(prog || env.faulted, "garbage %u: either a program or a fault", n);
      if (prog) {
         decoded++;
         clear_lanes();
         run_compare("garbage", va, PS_RUN());
      }
   }
   printf("garbage programs (%s): %u of %u decoded, the rest faulted\n", R7 ? "r7xx" : "r6xx",
          decoded, total);
}

/* ---- relative addressing: MOVA*, AR / loop-indexed GPR operands --------------------------- */

/* MOVA* value semantics (docs/r600-hardware-notes.md §4.2: clamp to [-256, 255]; MOVA_FLOOR floors,
 * MOVA rounds to nearest even), on values whose expectation is written out here. */
static void test_mova_values(void)
{
   static const struct { enum hw_isa_id op; uint32_t in; int32_t want; } t[] = {
      { HW_ISA_OP2_MOVA_INT, 5, 5 }, { HW_ISA_OP2_MOVA_INT, (uint32_t)-7, -7 },
      { HW_ISA_OP2_MOVA_INT, 255, 255 }, { HW_ISA_OP2_MOVA_INT, 256, 255 },
      { HW_ISA_OP2_MOVA_INT, (uint32_t)-256, -256 }, { HW_ISA_OP2_MOVA_INT, (uint32_t)-257, -256 },
      { HW_ISA_OP2_MOVA_INT, 0x7FFFFFFFu, 255 }, { HW_ISA_OP2_MOVA_INT, 0x80000000u, -256 },
      { HW_ISA_OP2_MOVA_FLOOR, 0x402CCCCDu /* 2.7 */, 2 }, { HW_ISA_OP2_MOVA_FLOOR, 0xBFC00000u /* -1.5 */, -2 },
      { HW_ISA_OP2_MOVA_FLOOR, 0x80000000u /* -0 */, 0 }, { HW_ISA_OP2_MOVA_FLOOR, 0x4E6E6B28u /* 1e9 */, 255 },
      { HW_ISA_OP2_MOVA_FLOOR, 0xCE6E6B28u /* -1e9 */, -256 }, { HW_ISA_OP2_MOVA_FLOOR, 0x7F800000u, 255 },
      { HW_ISA_OP2_MOVA_FLOOR, 0xFF800000u, -256 }, { HW_ISA_OP2_MOVA_FLOOR, 0x7FC00000u, 0 },
      { HW_ISA_OP2_MOVA_FLOOR, 0x437F8000u /* 255.5 */, 255 }, { HW_ISA_OP2_MOVA_FLOOR, 0xC3808000u /* -257 */, -256 },
      { HW_ISA_OP2_MOVA, 0x40200000u /* 2.5 */, 2 }, { HW_ISA_OP2_MOVA, 0x40600000u /* 3.5 */, 4 },
      { HW_ISA_OP2_MOVA, 0xBF19999Au /* -0.6 */, -1 }, { HW_ISA_OP2_MOVA, 0xBF000000u /* -0.5 */, 0 },
      { HW_ISA_OP2_MOVA, 0x437F8000u /* 255.5 */, 255 }, { HW_ISA_OP2_MOVA, 0xFFC00000u, 0 },
   };
   unsigned bad = 0;
   for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
      int32_t got = (int32_t)sim_mova(t[i].op, t[i].in);
      if (got != t[i].want && bad++ < 8)
         fprintf(stderr, "  %s(0x%08x) = %d, want %d\n", hw_isa_op(HW_CHIP_R7XX, t[i].op)->name, t[i].in, got,
                 t[i].want);
   }
   check(bad == 0, "MOVA* values: clamping to [-256, 255], floor, round to even (%u wrong)", bad);
}

static uint32_t pattern(unsigned r, unsigned c, unsigned l) { return 0x01000000u * r + 0x10000u * c + l; }

static void fill_pattern(void)
{
   clear_lanes();
   for (unsigned r = 2; r < 40; r++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            init_lanes.gpr[r][c][l] = pattern(r, c, l);
}

/* A RNE rounding of a float, written out. */
static int32_t round_even(float f)
{
   float fl = floorf(f), d = f - fl;
   if (d > 0.5f || (d == 0.5f && fmodf(fl, 2.0f) != 0.0f))
      fl += 1.0f;
   return (int32_t)fl;
}

static int32_t ar_x(unsigned l) { return (int32_t)(l % 6) - 1; }             /* MOVA_INT */
static float ar_y_src(unsigned l) { return (float)l * 0.45f - 1.3f; }        /* MOVA_FLOOR */
static float ar_z_src(unsigned l) { return (float)l * 0.5f - 2.0f; }         /* MOVA */

/* MOVA_INT / MOVA_FLOOR / MOVA into AR.x / .y / .z, relative reads with INDEX_MODE AR_X..Z,
 * a relative write, reads-before-writes in the writing group, inactive lanes untouched. */
static void test_relative_gpr(uint16_t active)
{
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   fill_pattern();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[1][0][l] = (uint32_t)ar_x(l);
      init_lanes.gpr[1][1][l] = U(ar_y_src(l));
      init_lanes.gpr[1][2][l] = U(ar_z_src(l));
      init_lanes.gpr[1][3][l] = 0xABC00000u + l;
   }
   enum { ARX = 0, ARY = 1, ARZ = 2 };
   alu_begin(&p);
   /* G1: AR.x; a plain op may share the MOVA's group */
   alu(&p, (struct alu){ OP2(MOVA_INT), 0, 0, .nowrite = true, .s0 = gpr(1, 0) }, false);
   alu(&p, (struct alu){ OP2(MOV), 2, 3, .s0 = gpr(1, 0) }, true);
   /* G2: reads through AR.x */
   alu(&p, (struct alu){ OP2(MOV), 3, 0, .s0 = relg(10, 0), .index_mode = ARX }, false);
   alu(&p, (struct alu){ OP2(MOV), 3, 1, .s0 = relg(10, 2), .index_mode = ARX }, true);
   /* G3: AR.y */
   alu(&p, (struct alu){ OP2(MOVA_FLOOR), 0, 1, .nowrite = true, .s0 = gpr(1, 1) }, true);
   /* G4: AR.y and AR.x (still valid) */
   alu(&p, (struct alu){ OP2(MOV), 3, 2, .s0 = relg(10, 1), .index_mode = ARY }, false);
   alu(&p, (struct alu){ OP2(ADD_INT), 3, 3, .s0 = relg(10, 3), .s1 = gpr(1, 0), .index_mode = ARX }, true);
   /* G5: AR.z */
   alu(&p, (struct alu){ OP2(MOVA), 0, 2, .nowrite = true, .s0 = gpr(1, 2) }, true);
   /* G6: relative write, and a relative read of the same registers in the same group */
   alu(&p, (struct alu){ OP2(MOV), 20, 3, .s0 = gpr(1, 3), .dst_rel = true, .index_mode = ARZ }, false);
   alu(&p, (struct alu){ OP2(MOV), 4, 0, .s0 = relg(20, 3), .index_mode = ARZ }, true);
   /* G7: the written value */
   alu(&p, (struct alu){ OP2(MOV), 4, 1, .s0 = relg(20, 3), .index_mode = ARZ }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);

   char name[64];
   snprintf(name, sizeof(name), "relative GPR %s active 0x%04x", R7 ? "r7xx" : "r6xx", active);
   if (!run_compare(name, upload_prog(&p), PS_RUN(.active = active))) {
      check(false, "%s ran: %s", name, res_interp.fault);
      return;
   }
   unsigned bad = 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      bool on = active >> l & 1;
      int32_t ax = ar_x(l), ay = (int32_t)floorf(ar_y_src(l)), az = round_even(ar_z_src(l));
      struct { unsigned g, c; uint32_t want; } e[] = {
         { 2, 3, on ? (uint32_t)ax : pattern(2, 3, l) },
         { 3, 0, on ? pattern(10 + ax, 0, l) : pattern(3, 0, l) },
         { 3, 1, on ? pattern(10 + ax, 2, l) : pattern(3, 1, l) },
         { 3, 2, on ? pattern(10 + ay, 1, l) : pattern(3, 2, l) },
         { 3, 3, on ? pattern(10 + ax, 3, l) + (uint32_t)ax : pattern(3, 3, l) },
         { 4, 0, on ? pattern(20 + az, 3, l) : pattern(4, 0, l) },
         { 4, 1, on ? 0xABC00000u + l : pattern(4, 1, l) },
      };
      for (unsigned k = 0; k < sizeof(e) / sizeof(e[0]); k++)
         if (R(e[k].g, e[k].c, l) != e[k].want && bad++ < 8)
            fprintf(stderr, "  %s lane %u R%u.%c = 0x%08x, want 0x%08x\n", name, l, e[k].g,
                    "xyzw"[e[k].c], R(e[k].g, e[k].c, l), e[k].want);
      for (unsigned r = 16; r < 30; r++) {
         uint32_t want = on && (int32_t)r == 20 + az ? 0xABC00000u + l : pattern(r, 3, l);
         if (R(r, 3, l) != want && bad++ < 8)
            fprintf(stderr, "  %s lane %u R%u.w = 0x%08x, want 0x%08x\n", name, l, r,
                    R(r, 3, l), want);
      }
   }
   check(bad == 0, "%s: relative reads/writes address index + AR per lane (%u wrong)", name, bad);
}

/* INDEX_MODE LOOP: the DX9 loop index AL from SQ_LOOP_CONST INIT/INC, restored after the
 * loop. */
static void test_relative_loop(void)
{
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   clear_lanes();
   for (unsigned r = 0; r < 20; r++)
      for (unsigned l = 0; l < SIM_LANES; l++)
         init_lanes.gpr[r + 8][0][l] = U((float)(r + 8)), init_lanes.gpr[r + 8][1][l] = U(0.5f * (float)r);
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[5][0][l] = 0;
   enum { LOOP = 4 };
   cf(&p, CFI(LOOP_START), 3, 0, false);                                  /* 0 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 5, 0, .s0 = gpr(5, 0), .s1 = relg(0, 0), .index_mode = LOOP }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                           /* 1 */
   cf(&p, CFI(LOOP_END), 1, 0, false);                                    /* 2 */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 5, 1, .s0 = relg(12, 1), .index_mode = LOOP }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                           /* 3 */
   cf(&p, CFI(NOP), 0, 0, true);                                          /* 4 */
   /* PS loop constant 0: COUNT 3, INIT 11, INC 2 */
   set_reg(REG_SQ_LOOP_CONST_0, SQ_LOOP_CONST_0__COUNT(3) | SQ_LOOP_CONST_0__INIT(11) |
                                SQ_LOOP_CONST_0__INC(2));
   if (run_compare("relative loop index", upload_prog(&p), PS_RUN())) {
      bool ok = true;
      for (unsigned l = 0; l < SIM_LANES; l++)
         ok &= RF(5, 0, l) == 11.0f + 13.0f + 15.0f && RF(5, 1, l) == 0.5f * 4.0f;
      check(ok, "INDEX_MODE LOOP adds AL = INIT, INIT + INC, ... and AL is 0 after the loop "
            "(got %g, %g)", RF(5, 0, 0), RF(5, 1, 0));
   } else {
      check(false, "relative loop index ran: %s", res_interp.fault);
   }
   set_reg(REG_SQ_LOOP_CONST_0, 0);
}

/* An active lane whose relative register leaves R0..R127 faults; an inactive one does not. */
static void test_relative_range(void)
{
   for (unsigned w = 0; w < 2; w++) {
      struct prog p;
      prog_init_cf(&p, CF_SLOTS);
      fill_pattern();
      for (unsigned l = 0; l < SIM_LANES; l++)
         init_lanes.gpr[1][0][l] = l == 5 ? (w ? (uint32_t)-20 : 200u) : 3u;
      alu_begin(&p);
      alu(&p, (struct alu){ OP2(MOVA_INT), 0, 0, .nowrite = true, .s0 = gpr(1, 0) }, true);
      if (w)
         alu(&p, (struct alu){ OP2(MOV), 10, 1, .s0 = gpr(1, 0), .dst_rel = true }, true);
      else
         alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = relg(10, 1) }, true);
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
      cf(&p, CFI(NOP), 0, 0, true);
      uint64_t va = upload_prog(&p);
      const char *what = w ? "relative write below R0" : "relative read beyond R127";
      run_compare(what, va, PS_RUN());
      check(!res_interp.ok && !res_jit.ok && strstr(res_interp.fault, "relative GPR index") &&
            !strcmp(res_interp.fault, res_jit.fault),
            "%s: faults on both engines (%s / %s)", what, res_interp.fault, res_jit.fault);
      bool ran = run_compare(what, va, PS_RUN(.active = 0xFFDF));
      check(ran && (w ? R(13, 1, 0) == 3u : R(2, 1, 0) == pattern(13, 1, 0)) &&
               (w ? R(13, 1, 5) == pattern(13, 1, 5) : R(2, 1, 5) == pattern(2, 1, 5)),
            "%s: the same lane inactive does not fault (%s)", what, res_interp.fault);
   }
}

/* Encodings the AR rules forbid, or that are not implemented, are decode faults. */
static void test_relative_decode_faults(void)
{
   struct prog p;
#define ONE_CLAUSE(...) do { prog_init_cf(&p, CF_SLOTS); alu_begin(&p); __VA_ARGS__; \
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 }); cf(&p, CFI(NOP), 0, 0, true); } while (0)
   struct alu mova = { OP2(MOVA_INT), 0, 0, .nowrite = true, .s0 = gpr(1, 0) };
   struct alu rmov = { OP2(MOV), 2, 1, .s0 = relg(10, 1) };
   struct alu nop = { OP2(NOP), 0, 0, .nowrite = true };

   ONE_CLAUSE(alu(&p, rmov, true));
   expect_decode_fault("relative operand without a MOVA", upload_prog(&p), SIM_STAGE_PS);
   ONE_CLAUSE(alu(&p, mova, false); alu(&p, rmov, true); alu(&p, nop, true));
   expect_decode_fault("MOVA and an AR-relative operand in one group", upload_prog(&p), SIM_STAGE_PS);
   ONE_CLAUSE(alu(&p, mova, false);
              alu(&p, (struct alu){ OP2(MOVA_INT), 0, 1, .nowrite = true, .s0 = gpr(1, 0) }, true);
              alu(&p, rmov, true));
   expect_decode_fault("two MOVAs in one group", upload_prog(&p), SIM_STAGE_PS);
   ONE_CLAUSE(alu(&p, rmov = (struct alu){ OP2(MOV), 2, 1, .s0 = gpr(1, 1) }, true); alu(&p, mova, true));
   expect_decode_fault("MOVA in the last group of a clause", upload_prog(&p), SIM_STAGE_PS);
   rmov = (struct alu){ OP2(MOV), 2, 1, .s0 = relg(10, 1) };
   ONE_CLAUSE(alu(&p, (struct alu){ OP2(MOVA_INT), 3, 0, .s0 = gpr(1, 0) }, true); alu(&p, rmov, true));
   expect_decode_fault("MOVA with WRITE_MASK", upload_prog(&p), SIM_STAGE_PS);
   ONE_CLAUSE(alu(&p, mova, true); alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = pv(0) }, true));
   expect_decode_fault("PV read of a MOVA", upload_prog(&p), SIM_STAGE_PS);
   ONE_CLAUSE(alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = gpr(1, 1) }, false);
              alu(&p, (struct alu){ OP2(MOVA_INT), 0, 0, .nowrite = true, .s0 = gpr(1, 0) }, true);
              alu(&p, rmov, true));
   expect_decode_fault("MOVA in a unit already taken", upload_prog(&p), SIM_STAGE_PS);
   ONE_CLAUSE(alu(&p, mova, true); alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = relg(10, 1), .index_mode = 1 }, true));
   expect_decode_fault("AR.y used, only AR.x loaded", upload_prog(&p), SIM_STAGE_PS);
   ONE_CLAUSE(alu(&p, mova, true); alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = relg(10, 1), .index_mode = 7 }, true));
   expect_decode_fault("reserved INDEX_MODE", upload_prog(&p), SIM_STAGE_PS);
   ONE_CLAUSE(alu(&p, mova, true);
              alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = { 129, 0, false, false, true } }, true));
   expect_decode_fault("relative kcache operand", upload_prog(&p), SIM_STAGE_PS);
   /* AR does not survive its clause */
   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, mova, true);
   alu(&p, nop, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   alu_begin(&p);
   alu(&p, rmov, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_decode_fault("AR loaded by an earlier clause", upload_prog(&p), SIM_STAGE_PS);
#undef ONE_CLAUSE
}

/* Differential: random relative reads and writes (all four AR components, predication,
 * partial exec masks) on both engines. */
static void test_relative_random(unsigned count)
{
   unsigned ran = 0;
   for (unsigned n = 0; n < count; n++) {
      struct prog p;
      prog_init_cf(&p, CF_SLOTS);
      fill_pattern();
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            init_lanes.gpr[1][c][l] = rnd() % 17;   /* AR values 0..16 */
      alu_begin(&p);
      /* a random predicate, then AR.x..w (one MOVA per group) */
      alu(&p, (struct alu){ OP2(PRED_SETGT_INT), 0, 0, .nowrite = true, .s0 = gpr(1, 0),
                            .s1 = int1(), .upd_pred = true }, true);
      for (unsigned c = 0; c < 4; c++)
         alu(&p, (struct alu){ OP2(MOVA_INT), 0, c, .nowrite = true, .s0 = gpr(1, c) }, true);
      unsigned ngroups = 1 + rnd() % 5;
      for (unsigned g = 0; g < ngroups; g++) {
         unsigned units = 1 + rnd() % 4;
         for (unsigned u = 0; u < units; u++) {
            struct alu a = { OP2(MOV), 2 + rnd() % 30, u };
            a.index_mode = rnd() % 4;
            a.pred_sel = rnd() % 4 == 0 ? ENU(SQ_ALU_WORD0, PRED_SEL, SQ_PRED_SEL_ONE) : 0;
            if (rnd() % 2) {
               a.s0 = relg(2 + rnd() % 20, rnd() % 4);
            } else {
               a.s0 = gpr(2 + rnd() % 30, rnd() % 4);
               a.dst_rel = true;
               a.dst = 2 + rnd() % 20;
            }
            if (rnd() % 3 == 0) {
               a.op = OP2(ADD_INT);
               a.s1 = rnd() % 2 ? gpr(3, rnd() % 4) : relg(2 + rnd() % 20, rnd() % 4);
            }
            alu(&p, a, u == units - 1);
         }
      }
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
      cf(&p, CFI(NOP), 0, 0, true);
      uint16_t active = (uint16_t)(rnd() | 1);
      ran += run_compare("relative random", upload_prog(&p), PS_RUN(.active = active));
   }
   check(ran == count, "relative random: all %u programs ran on both engines (%u did)", count, ran);
}

/* Mutants: a valid program (IF/ELSE, loop, kcache, export) with 1-3 random bits flipped;
 * each faults or runs, and both engines agree. */
static void test_mutants(unsigned count)
{
   struct prog base;
   prog_init_cf(&base, CF_SLOTS);
   alu_begin(&base);
   alu(&base, (struct alu){ OP2(PRED_SETGT), 0, 0, .nowrite = true, .s0 = gpr(1, 0), .s1 = zero(),
                            .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&base, ALUK(ALU_PUSH_BEFORE), (struct kcache){ 0 });
   cf(&base, CFI(JUMP), 3, 0, false);
   alu_begin(&base);
   alu(&base, (struct alu){ OP2(MUL_IEEE), 2, 0, .s0 = kc(0, 1, 0), .s1 = lit(0) }, false);
   alu(&base, (struct alu){ OP2(MOV), 2, 1, .s0 = gpr(1, 1) }, true);
   lits(&base, 1, (uint32_t[]){ U(3.0f) });
   cf_alu(&base, ALUK(ALU), (struct kcache){ .mode0 = ENU(SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_1) });
   cf(&base, CFI(ELSE), 5, 1, false);
   alu_begin(&base);
   alu(&base, (struct alu){ OP2(RECIP_IEEE), 2, 0, .s0 = gpr(1, 0) }, true);
   cf_alu(&base, ALUK(ALU_POP_AFTER), (struct kcache){ 0 });
   cf(&base, CFI(LOOP_START_DX10), 8, 0, false);
   cf(&base, CFI(LOOP_BREAK), 7, 0, false);
   cf(&base, CFI(LOOP_END), 6, 0, false);
   cf_export(&base, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL),
                                     .base = 0, .gpr = 2, .burst = 1, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) },
                                     .eop = true });
   static float consts[16][4];
   for (unsigned i = 0; i < 16; i++)
      consts[i][0] = (float)i + 0.25f;
   uint64_t cva = upload(consts, sizeof(consts));
   set_reg(REG_SQ_ALU_CONST_CACHE_PS_0, (uint32_t)(cva >> 8));
   set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0, 1);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[1][0][l] = U((float)l - 6.0f);
      init_lanes.gpr[1][1][l] = U((float)l);
   }
   check(run_compare("mutant base", upload_prog(&base), PS_RUN()),
         "mutant base program runs (%s)", res_interp.fault);
   unsigned ran = 0;
   for (unsigned n = 0; n < count; n++) {
      struct prog m = base;
      unsigned flips = 1 + rnd() % 3;
      for (unsigned k = 0; k < flips; k++) {
         unsigned dw = rnd() % (2 * m.qw);
         m.dw[dw] ^= 1u << (rnd() % 32);
      }
      ran += run_compare("mutant", upload_prog(&m), PS_RUN());
   }
   printf("mutants (%s): %u of %u ran, the rest faulted\n", R7 ? "r7xx" : "r6xx", ran, count);
}

/* The program cache: the same bytes compile once, wherever they are. */
static void test_cache(void)
{
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MUL_IEEE), 5, 3, .s0 = gpr(1, 0), .s1 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ U(chip == HW_CHIP_R7XX ? 77.0f : 66.0f) });
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
   unsigned before = sim_program_compile_count();
   struct sim_program *a = sim_program_get(&env, upload_prog(&p));
   struct sim_program *b = sim_program_get(&env, upload_prog(&p));
   check(a && a == b && sim_program_compile_count() == before + 1,
         "cache: identical programs compile once (%u compiles)", sim_program_compile_count() - before);
   const char *engine = getenv("R600SIM_ENGINE");
   if (a && (!engine || strcmp(engine, "interp")))
      check(a->jit_fn != NULL, "the default engine compiled the program to native code");
   env.stage = SIM_STAGE_VS;
   struct sim_program *c = sim_program_get(&env, upload_prog(&p));
   check(c && c != a, "cache: the stage is part of the key");
}

/* ---- differential: random ALU clauses, interpreter vs JIT -------------------------------- */

static uint32_t rnd_value(void)
{
   static const uint32_t special[] = {
      0, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x3F000000u, 0x7F800000u, 0xFF800000u,
      0x7FC00000u, 0x7FA00000u, 0xFFC12345u, 0x00000001u, 0x807FFFFFu, 0x00800000u,
      0x7F7FFFFFu, 0x4B000000u, 0x4F000000u, 0xCF000000u, 0x5F800000u, 0xFFFFFFFFu, 7, 31, 32,
      33, 0x40490FDBu, 0x3E800000u, 0xC0200000u };
   switch (rnd() % 10) {
   case 0: case 1: case 2: case 3:
      return special[rnd() % (sizeof(special) / sizeof(special[0]))];
   case 4: case 5: case 6:
      return U(((float)(rnd() % 20001) - 10000.0f) / 100.0f);
   default:
      return rnd();
   }
}

enum { ANY, TRANS, RED, SHIFT };
struct rop { unsigned hw, nsrc, cls; };

static unsigned op_table(struct rop *t)
{
   unsigned n = 0;
#define A(name, ns, c) t[n++] = (struct rop){ OP2(name), ns, c };
#define B(name, c) t[n++] = (struct rop){ OP3(name), 3, c };
   A(ADD, 2, ANY) A(MUL, 2, ANY) A(MUL_IEEE, 2, ANY) A(MAX, 2, ANY) A(MIN, 2, ANY)
   A(MAX_DX10, 2, ANY) A(MIN_DX10, 2, ANY) A(SETE, 2, ANY) A(SETGT, 2, ANY) A(SETGE, 2, ANY)
   A(SETNE, 2, ANY) A(SETE_DX10, 2, ANY) A(SETGT_DX10, 2, ANY) A(SETGE_DX10, 2, ANY)
   A(SETNE_DX10, 2, ANY) A(FRACT, 1, ANY) A(TRUNC, 1, ANY) A(CEIL, 1, ANY) A(RNDNE, 1, ANY)
   A(FLOOR, 1, ANY) A(MOV, 1, ANY) A(NOP, 0, ANY) A(AND_INT, 2, ANY) A(OR_INT, 2, ANY)
   A(XOR_INT, 2, ANY) A(NOT_INT, 1, ANY) A(ADD_INT, 2, ANY) A(SUB_INT, 2, ANY) A(MAX_INT, 2, ANY)
   A(MIN_INT, 2, ANY) A(MAX_UINT, 2, ANY) A(MIN_UINT, 2, ANY) A(SETE_INT, 2, ANY)
   A(SETGT_INT, 2, ANY) A(SETGE_INT, 2, ANY) A(SETNE_INT, 2, ANY) A(SETGT_UINT, 2, ANY)
   A(SETGE_UINT, 2, ANY) A(EXP_IEEE, 1, TRANS) A(LOG_CLAMPED, 1, TRANS) A(LOG_IEEE, 1, TRANS)
   A(RECIP_CLAMPED, 1, TRANS) A(RECIP_FF, 1, TRANS) A(RECIP_IEEE, 1, TRANS)
   A(RECIPSQRT_CLAMPED, 1, TRANS) A(RECIPSQRT_FF, 1, TRANS) A(RECIPSQRT_IEEE, 1, TRANS)
   A(SQRT_IEEE, 1, TRANS) A(FLT_TO_INT, 1, TRANS) A(INT_TO_FLT, 1, TRANS) A(UINT_TO_FLT, 1, TRANS)
   A(SIN, 1, TRANS) A(COS, 1, TRANS) A(MULLO_INT, 2, TRANS) A(MULHI_INT, 2, TRANS)
   A(MULLO_UINT, 2, TRANS) A(MULHI_UINT, 2, TRANS) A(FLT_TO_UINT, 1, TRANS)
   A(ASHR_INT, 2, SHIFT) A(LSHR_INT, 2, SHIFT) A(LSHL_INT, 2, SHIFT)
   B(MULADD, ANY) B(MULADD_M2, ANY) B(MULADD_M4, ANY) B(MULADD_D2, ANY) B(MULADD_IEEE, ANY)
   B(MULADD_IEEE_D2, ANY) B(CNDE, ANY) B(CNDGT, ANY) B(CNDGE, ANY) B(CNDE_INT, ANY)
   B(CNDGT_INT, ANY) B(CNDGE_INT, ANY)
#undef A
#undef B
   return n;
}

static unsigned pred_ops[10], kill_ops[10], npred, nkill;

static struct src rnd_src(unsigned prev_units, unsigned *nlit, bool used)
{
   struct src s;
   unsigned k = rnd() % 20;
   if (k < 12 || !used) {
      s = gpr(1 + rnd() % 6, rnd() % 4);
   } else if (k < 15) {
      s = lit(rnd() % 4);
      if (s.chan + 1 > *nlit)
         *nlit = s.chan + 1;
   } else if (k < 17) {
      static struct src (*const consts[])(void) = { zero, one, half, int1 };
      s = consts[rnd() % 4]();
   } else if ((prev_units & 0x10) && k == 17) {
      s = ps();
   } else if (prev_units & 0xF) {
      unsigned c;
      do
         c = rnd() % 4;
      while (!(prev_units >> c & 1));
      s = pv(c);
   } else {
      s = gpr(1 + rnd() % 6, rnd() % 4);
   }
   s.neg = rnd() % 5 == 0;
   s.abs = rnd() % 6 == 0;
   return s;
}

static struct rop rnd_op(const struct rop *ops, unsigned nops, bool vector_slot, bool trans_slot)
{
   for (;;) {
      struct rop o = ops[rnd() % nops];
      bool trans_only = o.cls == TRANS || (o.cls == SHIFT && !R7);
      if (vector_slot && !trans_only)
         return o;
      if (trans_slot && trans_only)
         return o;
   }
}

/* One random ALU clause of legal groups (slot classes, one PRED_SET/KILL per group, PV/PS
 * only of units the previous group used). */
static void random_clause(struct prog *p, const struct rop *ops, unsigned nops)
{
   unsigned prev_units = 0, ngroups = 1 + rnd() % 6;
   alu_begin(p);
   for (unsigned g = 0; g < ngroups; g++) {
      struct alu in[5];
      unsigned nsrc[5], n = 0, units = 0, nlit = 0;
      bool pk = false, reduction = rnd() % 7 == 0;
      for (unsigned u = 0; u < 4; u++) {
         if (reduction) {
            unsigned rk = rnd() % 4;
            static unsigned op;
            if (u == 0)
               op = rk == 0 ? OP2(DOT4) : rk == 1 ? OP2(DOT4_IEEE) : rk == 2 ? OP2(CUBE) : OP2(MAX4);
            in[n] = (struct alu){ op, 1 + rnd() % 8, u };
            nsrc[n] = op == OP2(MAX4) ? 1 : 2;
         } else {
            if (rnd() % 3 == 0)
               continue;
            struct rop o = rnd_op(ops, nops, true, false);
            in[n] = (struct alu){ o.hw, 1 + rnd() % 8, u };
            nsrc[n] = o.nsrc;
            if (!pk && rnd() % 6 == 0) {
               bool kill = rnd() % 2 == 0;
               in[n].op = kill ? kill_ops[rnd() % nkill] : pred_ops[rnd() % npred];
               in[n].upd_pred = !kill && rnd() % 2 == 0;
               in[n].upd_exec = !kill && rnd() % 4 == 0;
               nsrc[n] = 2;
               pk = true;
            }
         }
         n++;
         units |= 1u << u;
      }
      if (rnd() % 2 == 0 || !n) {
         /* Trans unit: a trans-only op, or an any-slot op whose vector unit is taken. */
         struct rop o = rnd_op(ops, nops, units != 0, true);
         bool trans_only = o.cls == TRANS || (o.cls == SHIFT && !R7);
         unsigned chan = rnd() % 4;
         while (!trans_only && !(units >> chan & 1))
            chan = rnd() % 4;
         in[n] = (struct alu){ o.hw, 1 + rnd() % 8, chan };
         nsrc[n++] = o.nsrc;
         units |= 0x10;
      }
      for (unsigned i = 0; i < n; i++) {
         in[i].s0 = rnd_src(prev_units, &nlit, nsrc[i] > 0);
         in[i].s1 = rnd_src(prev_units, &nlit, nsrc[i] > 1);
         in[i].s2 = rnd_src(prev_units, &nlit, nsrc[i] > 2);
         if (in[i].op & 0x100u)
            in[i].s0.abs = in[i].s1.abs = in[i].s2.abs = false;
         else
            in[i].omod = rnd() % 8 == 0 ? rnd() % 4 : 0;
         in[i].clamp = rnd() % 8 == 0;
         in[i].nowrite = rnd() % 5 == 0;
         if (!reduction)
            in[i].pred_sel = rnd() % 6 == 0 ? ENU(SQ_ALU_WORD0, PRED_SEL, SQ_PRED_SEL_ZERO)
                             : rnd() % 6 == 0 ? ENU(SQ_ALU_WORD0, PRED_SEL, SQ_PRED_SEL_ONE) : 0;
      }
      for (unsigned i = 0; i < n; i++)
         alu(p, in[i], i == n - 1);
      if (nlit) {
         uint32_t v[4] = { rnd_value(), rnd_value(), rnd_value(), rnd_value() };
         lits(p, nlit, v);
      }
      prev_units = units;
   }
   cf_alu(p, ALUK(ALU), (struct kcache){ 0 });
}

static void test_random_differential(unsigned count)
{
   struct rop ops[128];
   unsigned nops = op_table(ops);
   npred = nkill = 0;
#define P(n) pred_ops[npred++] = OP2(n);
#define K(n) kill_ops[nkill++] = OP2(n);
   P(PRED_SETE) P(PRED_SETGT) P(PRED_SETGE) P(PRED_SETNE) P(PRED_SETE_INT) P(PRED_SETGT_INT)
   P(PRED_SETGE_INT) P(PRED_SETNE_INT) P(PRED_SETGT_UINT) P(PRED_SETGE_UINT)
   K(KILLE) K(KILLGT) K(KILLGE) K(KILLNE) K(KILLE_INT) K(KILLGT_INT) K(KILLGE_INT) K(KILLNE_INT)
   K(KILLGT_UINT) K(KILLGE_UINT)
#undef P
#undef K
   unsigned ran = 0, before = check_failed;
   for (unsigned n = 0; n < count; n++) {
      struct prog p;
      prog_init_cf(&p, CF_SLOTS);
      random_clause(&p, ops, nops);
      if (rnd() % 2)
         random_clause(&p, ops, nops);
      cf(&p, CFI(NOP), 0, 0, true);
      clear_lanes();
      for (unsigned g = 1; g < 7; g++)
         for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < SIM_LANES; l++)
               init_lanes.gpr[g][c][l] = rnd_value();
      char name[48];
      snprintf(name, sizeof(name), "random program %u (%s)", n, R7 ? "r7xx" : "r6xx");
      uint16_t active = rnd() % 4 ? 0xFFFF : (uint16_t)rnd();
      if (run_compare(name, upload_prog(&p), PS_RUN(.active = active)))
         ran++;
      else
         check(false, "%s decodes and runs: %s", name, res_interp.fault);
      if (check_failed - before > 10)
         break;
   }
   printf("random differential (%s): %u programs run on both engines\n", R7 ? "r7xx" : "r6xx", ran);
}


/* ---- texture unit ----------------------------------------------------------------------- */

#define RGBA8 SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_8_8_8_8
#define NUM_NORM SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_NORM
#define TRANS_BLACK SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE__SQ_TEX_BORDER_COLOR_TRANS_BLACK
#define OPAQUE_WHITE SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE__SQ_TEX_BORDER_COLOR_OPAQUE_WHITE
#define SXY00 { TSRC(X), TSRC(Y), TSRC(0), TSRC(0) }
#define SXXXX { TSRC(X), TSRC(X), TSRC(X), TSRC(X) }
#define SXYZ0 { TSRC(X), TSRC(Y), TSRC(Z), TSRC(0) }

static float unorm8(uint8_t v) { return (float)(v / 255.0); }

/* Point, bilinear, REPEAT and CLAMP_BORDER sampling of a 4x4 texture, LD, implicit LOD
 * with nearest mips, SAMPLE_L with linear mips, and quad gradients. */
static void test_texture(void)
{
   static uint8_t img[8 * 8 * 4];            /* 4x4 texels, pitch 8, 8 rows */
   for (unsigned j = 0; j < 4; j++)
      for (unsigned i = 0; i < 4; i++)
         for (unsigned c = 0; c < 4; c++)
            img[(j * 8 + i) * 4 + c] = (uint8_t)(16 * j + 4 * i + c * 50);
   uint64_t tva = upload(img, sizeof(img));
   set_texture(0, RGBA8, 4, 4, tva, tva, 0, NUM_NORM);
   set_sampler_border(0, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP, false,
                      SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE, 0, TRANS_BLACK);
   set_sampler_border(1, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_BORDER, true,
                      SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE, 0, OPAQUE_WHITE);

   /* 8x8 with 4 levels; level k (at base + 256 k) holds the colour 50 (k + 1). */
   static uint8_t mips[4 * 256];
   for (unsigned k = 0; k < 4; k++)
      for (unsigned b = 0; b < 256; b++)
         mips[k * 256 + b] = (b & 3) == 3 ? 255 : (uint8_t)(50 * (k + 1));
   uint64_t mva = upload(mips, sizeof(mips));
   set_texture(1, RGBA8, 8, 8, mva, mva + 256, 3, NUM_NORM);
   set_sampler_border(2, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP, false,
                      SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_POINT, 0, TRANS_BLACK);
   set_sampler_border(3, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP, false,
                      SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_LINEAR, 0, TRANS_BLACK);

   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned q = l / 4, px = (q % 2) * 2 + (l & 1), py = (q / 2) * 2 + ((l >> 1) & 1);
      /* R1: point sample at texel centres (lane l -> texel (l % 4, l / 4)), R1.zw wrap test */
      init_lanes.gpr[1][0][l] = U(((float)(l % 4) + 0.5f) / 4.0f + (l >= 12 ? 1.0f : 0.0f));
      init_lanes.gpr[1][1][l] = U(((float)(l / 4) + 0.5f) / 4.0f);
      /* R2: bilinear between texels; lanes 8.. read the border */
      init_lanes.gpr[2][0][l] = U(l < 8 ? 0.4375f : -0.3f);
      init_lanes.gpr[2][1][l] = U(0.75f);
      /* R3: 4 texels per pixel over the 8x8 texture -> LOD 2 */
      init_lanes.gpr[3][0][l] = U(((float)px + 0.5f) * 0.5f);
      init_lanes.gpr[3][1][l] = U(((float)py + 0.5f) * 0.5f);
      init_lanes.gpr[3][3][l] = U(1.5f);
      /* R4: integer texel coordinates for LD */
      init_lanes.gpr[4][0][l] = l % 4;
      init_lanes.gpr[4][1][l] = 3 - l / 4;
      init_lanes.gpr[4][3][l] = 0;
      init_lanes.gpr[5][0][l] = U((float)(l * l));
   }
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   unsigned at = p.qw;
   tex(&p, (struct texi){ TEXI(SAMPLE_LZ), 0, 0, 1, 10, SXY00 });
   tex(&p, (struct texi){ TEXI(SAMPLE_LZ), 0, 1, 2, 11, SXY00 });
   tex(&p, (struct texi){ TEXI(SAMPLE), 1, 2, 3, 12, SXY00 });
   tex(&p, (struct texi){ TEXI(SAMPLE_L), 1, 3, 3, 13, SXYZW });
   tex(&p, (struct texi){ TEXI(LD), 0, 0, 4, 14, SXYZW, .unnormalized = true });
   tex(&p, (struct texi){ TEXI(GET_GRADIENTS_H), 0, 0, 5, 15, SXXXX });
   tex(&p, (struct texi){ TEXI(GET_GRADIENTS_V), 0, 0, 5, 16, SXXXX });
   cf_fetch(&p, CFI(TEX), at, 7);
   cf(&p, CFI(NOP), 0, 0, true);
   if (!run_compare("texture", upload_prog(&p), PS_RUN())) {
      check(false, "texture program ran: %s", res_interp.fault);
      return;
   }
   unsigned bad = 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned i = l % 4, j = l / 4;
      float w00 = 0.75f * 0.5f, w10 = 0.25f * 0.5f, w01 = 0.75f * 0.5f, w11 = 0.25f * 0.5f;
      for (unsigned c = 0; c < 4; c++) {
         const uint8_t *t = img + c;
         bad += R(10, c, l) != U(unorm8(t[(j * 8 + i) * 4]));
         float bl = 0.0f;
         bl = bl + w00 * unorm8(t[(2 * 8 + 1) * 4]);
         bl = bl + w10 * unorm8(t[(2 * 8 + 2) * 4]);
         bl = bl + w01 * unorm8(t[(3 * 8 + 1) * 4]);
         bl = bl + w11 * unorm8(t[(3 * 8 + 2) * 4]);
         if (l >= 8) {   /* u = -0.3: x = -1.7 -> texels -2 / -1 -> border (opaque white) */
            bl = 0.0f;
            for (unsigned k = 0; k < 4; k++)
               bl = bl + (k == 0 || k == 2 ? 0.75f : 0.25f) * 0.5f * 1.0f;
         }
         bad += R(11, c, l) != U(bl);
         float lvl2 = c == 3 ? 1.0f : unorm8(150), lvl1 = c == 3 ? 1.0f : unorm8(100);
         bad += R(12, c, l) != U(lvl2);
         bad += R(13, c, l) != U(lvl1 * (1.0f - 0.5f) + lvl2 * 0.5f);
         bad += R(14, c, l) != U(unorm8(t[((3 - l / 4) * 8 + l % 4) * 4]));
         unsigned q = l & ~3u, pos = l & 3u;
         unsigned rh = q + (pos & 2u), cv = q + (pos & 1u);
         bad += RF(15, c, l) != (float)((rh + 1) * (rh + 1)) - (float)(rh * rh);
         bad += RF(16, c, l) != (float)((cv + 2) * (cv + 2)) - (float)(cv * cv);
      }
   }
   check(bad == 0, "texture: point/wrap, bilinear/border, LOD mips, SAMPLE_L, LD, gradients (%u wrong)", bad);

   /* A texture slot without a valid texture faults. */
   set_reg(REG_SQ_TEX_RESOURCE_WORD6_0 + 5 * TEX_RES_STRIDE, 0);
   prog_init_cf(&p, CF_SLOTS);
   at = p.qw;
   tex(&p, (struct texi){ TEXI(SAMPLE_LZ), 5, 0, 1, 10, SXY00 });
   cf_fetch(&p, CFI(TEX), at, 1);
   cf(&p, CFI(NOP), 0, 0, true);
   run_compare("texture: invalid resource", upload_prog(&p), PS_RUN());
   check(!res_interp.ok && strstr(res_interp.fault, "not a valid texture"),
         "texture: an invalid resource faults (%s)", res_interp.fault);
}

/* CUBE + the face-relative fetch of a cube map, as the driver's compiler emits them. */
static void test_cube(void)
{
   static uint8_t faces[6 * 256];
   for (unsigned f = 0; f < 6; f++)
      for (unsigned b = 0; b < 256; b++)
         faces[f * 256 + b] = (uint8_t)(f * 40 + (b & 3) * 3);
   uint64_t cva = upload(faces, sizeof(faces));
   set_texture_dim(2, SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_CUBEMAP, RGBA8, 1, 1, cva, cva, 0, NUM_NORM);
   set_sampler_border(4, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_LAST_TEXEL, false,
                      SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE, 0, TRANS_BLACK);
   static const float dir[6][3] = { { 1, 0.2f, 0.3f }, { -2, 0.5f, -0.25f }, { 0.1f, 3, 0.2f },
                                    { 0.1f, -1, 0.6f }, { 0.1f, 0.2f, 4 }, { 0.2f, 0.1f, -1 } };
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      for (unsigned c = 0; c < 3; c++)
         init_lanes.gpr[1][c][l] = U(dir[l % 6][c]);
   struct prog p;
   prog_init_cf(&p, CF_SLOTS);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(CUBE), 2, 0, .s0 = gpr(1, 2), .s1 = gpr(1, 1) }, false);
   alu(&p, (struct alu){ OP2(CUBE), 2, 1, .s0 = gpr(1, 2), .s1 = gpr(1, 0) }, false);
   alu(&p, (struct alu){ OP2(CUBE), 2, 2, .s0 = gpr(1, 0), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(CUBE), 2, 3, .s0 = gpr(1, 1), .s1 = gpr(1, 2) }, true);
   alu(&p, (struct alu){ OP2(RECIP_IEEE), 4, 2, .s0 = absv(gpr(2, 2)) }, true);
   alu(&p, (struct alu){ OP3(MULADD_IEEE), 3, 0, .s0 = gpr(2, 1), .s1 = gpr(4, 2), .s2 = lit(0) }, false);
   alu(&p, (struct alu){ OP3(MULADD_IEEE), 3, 1, .s0 = gpr(2, 0), .s1 = gpr(4, 2), .s2 = lit(0) }, false);
   alu(&p, (struct alu){ OP2(MOV), 3, 2, .s0 = gpr(2, 3) }, true);
   lits(&p, 1, (uint32_t[]){ U(1.5f) });
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   clause_align(&p);
   unsigned at = p.qw;
   tex(&p, (struct texi){ TEXI(SAMPLE_LZ), 2, 4, 3, 5, SXYZ0 });
   cf_fetch(&p, CFI(TEX), at, 1);
   cf(&p, CFI(NOP), 0, 0, true);
   if (!run_compare("cube map", upload_prog(&p), PS_RUN())) {
      check(false, "cube program ran: %s", res_interp.fault);
      return;
   }
   unsigned bad = 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned f = l % 6;
      const float *d = dir[f];
      /* GL cube-map table: major axis, sc, tc */
      float ma = d[f / 2], sc, tc;
      switch (f) {
      case 0: sc = -d[2]; tc = -d[1]; break;
      case 1: sc = d[2]; tc = -d[1]; break;
      case 2: sc = d[0]; tc = d[2]; break;
      case 3: sc = d[0]; tc = -d[2]; break;
      case 4: sc = d[0]; tc = -d[1]; break;
      default: sc = -d[0]; tc = -d[1]; break;
      }
      bad += RF(2, 0, l) != tc || RF(2, 1, l) != sc || RF(2, 2, l) != 2.0f * ma || RF(2, 3, l) != (float)f;
      for (unsigned c = 0; c < 4; c++)
         bad += R(5, c, l) != U(unorm8((uint8_t)(f * 40 + c * 3)));
   }
   check(bad == 0, "cube: CUBE results and the face each direction samples (%u wrong)", bad);
}

/* The quick suite runs a sixth of the random programs (argument "quick"). */
static unsigned random_share = 1;

static void tests(void)
{
   test_alu_arith();
   test_group_semantics();
   test_kcache();
   test_kcache_changes();
   test_if_else();
   test_loop_break();
   test_exports();
   test_vertex_fetch();
   test_texture();
   test_cube();
   test_bad_binaries();
   test_mova_values();
   test_relative_gpr(0xFFFF);
   test_relative_gpr(0xFFFE);
   test_relative_loop();
   test_relative_range();
   test_relative_decode_faults();
   test_relative_random(60 / random_share);
   test_mutants(300 / random_share);
   test_cache();
   test_random_differential(150 / random_share);
}

int main(int argc, char **argv)
{
   if (argc > 1 && !strcmp(argv[1], "quick"))
      random_share = 6;
   return run_on_both_chips(tests);
}
