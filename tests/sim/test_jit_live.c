/* GPR write-backs the JIT leaves out when the run's owner reads only the exports
 * (sim_run.gprs_unread, jit/jit_live.h): the liveness table of small programs against rows
 * worked out by hand, and runs with the flag set - the exports, kills and outcome are the
 * interpreter's, the channels nothing reads later keep what the lanes held before (the
 * write-back was left out), the channels a later clause reads were stored; and random
 * forward-only programs of dense data flow, with the flag, against the interpreter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa_harness.h"
#include "jit/jit_live.h"
#include "shader/shader_exec.h"
#include "sq/isa_decode.h"
#include "sq/isa_read.h"
#include "sq/run_state.h"

#define SENTINEL 0x5EA1BEEFu

static struct sim_program *decode(uint64_t va)
{
   char err[160];
   struct sim_isa_image img = {0};
   struct sim_program *p = NULL;
   if (sim_isa_read(mem, chip, SIM_STAGE_PS, va, 0, false, &img, err, sizeof(err)))
      p = sim_isa_decode(&img, err, sizeof(err));
   free(img.dw);
   check(p != NULL, "the program decodes (%s)", p ? "" : err);
   return p;
}

/* Whether row `got` is `want` (entries not listed: 0). */
static bool row_is(const uint8_t *got, const unsigned *regs_, const uint8_t *chans, unsigned n)
{
   uint8_t want[SIM_MAX_GPRS] = {0};
   for (unsigned i = 0; i < n; i++)
      want[regs_[i]] = chans[i];
   return !memcmp(got, want, SIM_MAX_GPRS);
}

/* CF 0: R2.x = R0.x, then R1.x = R2.x; 1: NOP (ends the run); 2: R3.y = R1.x;
 * 3: EXPORT_DONE R3.xyzw. */
static uint64_t two_runs(void)
{
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = gpr(0, 0) }, true);
   alu(&p, (struct alu){ OP2(MOV), 1, 0, .s0 = gpr(2, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, false);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 3, 1, .s0 = gpr(1, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf_export_pixel(&p, 3);
   return upload_prog(&p);
}

static void table_forward(uint64_t va)
{
   struct sim_program *p = decode(va);
   if (!p)
      return;
   uint8_t (*live)[SIM_MAX_GPRS] = jit_live_after(p);
   if (check(live != NULL, "forward-only program: a liveness table")) {
      static const unsigned r0[2] = { 1, 3 }, r1[1] = { 3 };
      static const uint8_t c0[2] = { 0x1, 0xF }, c1[1] = { 0xF };
      check(row_is(live[0], r0, c0, 2), "after CF 0: R1.x (CF 2) and R3.xyzw (the export)");
      check(row_is(live[1], r0, c0, 2), "after the NOP: the same");
      check(row_is(live[2], r1, c1, 1), "after CF 2: R3.xyzw");
      check(row_is(live[3], NULL, NULL, 0), "after the export: nothing");
   }
   free(live);
   sim_program_free(p);
}

/* A DX10 loop around a clause: no table (everything live). */
static void table_loop(void)
{
   struct prog p;
   prog_init(&p);
   cf(&p, CFI(LOOP_START_DX10), 2, 0, false);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 1, 0, .s0 = gpr(0, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(LOOP_END), 1, 0, false);
   cf_export_pixel(&p, 1);
   struct sim_program *d = decode(upload_prog(&p));
   if (!d)
      return;
   uint8_t (*live)[SIM_MAX_GPRS] = jit_live_after(d);
   check(live == NULL, "a loop: no liveness table");
   free(live);
   sim_program_free(d);
}

/* A relative source after CF 0 makes every channel live there. */
static void table_relative(void)
{
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 1, 0, .s0 = gpr(0, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, false);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 3, 0, .s0 = relg(5, 0),
                         .index_mode = ENU(SQ_ALU_WORD0, INDEX_MODE, SQ_INDEX_LOOP) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf_export_pixel(&p, 3);
   struct sim_program *d = decode(upload_prog(&p));
   if (!d)
      return;
   uint8_t (*live)[SIM_MAX_GPRS] = jit_live_after(d);
   if (check(live != NULL, "relative source: a table")) {
      bool all = true;
      for (unsigned g = 0; g < SIM_MAX_GPRS; g++)
         all &= live[0][g] == 0xF;
      check(all, "after CF 0, before a relative source: every channel live");
      static const unsigned r[1] = { 3 };
      static const uint8_t c[1] = { 0xF };
      check(row_is(live[2], r, c, 1), "after the relative clause: R3.xyzw");
   }
   free(live);
   sim_program_free(d);
}

/* two_runs with sim_run.gprs_unread on `active` lanes from sentinel lanes. */
static void run_unread(uint64_t va, uint16_t active)
{
   static struct sim_run x;
   static struct sim_lanes lanes;
   static struct sim_exports out;
   for (unsigned g = 0; g < 8; g++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            init_lanes.gpr[g][c][l] = g == 0 ? U((float)(l + 1)) : SENTINEL + g * 16 + c;
   struct run_opts o = { .stage = SIM_STAGE_PS, .active = active };
   run_engine(va, &o, SIM_ENGINE_INTERP, &res_interp);
   struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
   struct sim_program *p = sim_program_get_engine(&env, va, SIM_ENGINE_JIT);
   if (!check(p && sim_program_engine(p) == SIM_ENGINE_JIT, "two_runs: JIT code"))
      return;
   lanes = init_lanes;
   memset(&out, 0, sizeof(out));
   sim_native_fn fn = sim_program_run_prepare(&x, p, &env, &lanes, &out);
   x.gprs_unread = 1;
   bool ok = run_prepared_block(fn, &x, active);
   check(ok && res_interp.ok, "active 0x%04x: both engines run it", active);
   check(!memcmp(&out, &res_interp.out, sizeof(out)), "active 0x%04x: the interpreter's exports", active);
   bool r1 = true, dead = true;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      r1 &= lanes.gpr[1][0][l] == res_interp.lanes.gpr[1][0][l];
      dead &= lanes.gpr[2][0][l] == init_lanes.gpr[2][0][l] && lanes.gpr[3][1][l] == init_lanes.gpr[3][1][l];
   }
   check(r1, "active 0x%04x: R1.x, read by a later clause, stored", active);
   check(dead, "active 0x%04x: R2.x and R3.y, read by nothing later, not stored", active);
   check(res_interp.lanes.gpr[3][1][0] != init_lanes.gpr[3][1][0],
         "the interpreter wrote R3.y (so the JIT's left it out)");
}

static uint64_t rng_state = 0x243F6A8885A308D3ull;

static unsigned rnd_below(unsigned n)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return (unsigned)(rng_state >> 32) % n;
}

/* A clause of 1..3 groups of one instruction over R0..R3 (dense data flow: most values
 * reach an export), some under PRED_SEL (which reads the destination) after a PRED_SETGT,
 * some KILLGT (which ends the JIT's run of clauses). */
static void random_clause(struct prog *p, uint32_t kind)
{
   static const unsigned ops[4] = { OP2(ADD), OP2(MUL_IEEE), OP2(MAX), OP2(MOV) };
   alu_begin(p);
   unsigned groups = 1 + rnd_below(3);
   for (unsigned g = 0; g < groups; g++) {
      struct src a = gpr(rnd_below(4), rnd_below(4)), b = gpr(rnd_below(4), rnd_below(4));
      unsigned dst = rnd_below(4), chan = rnd_below(4), pick = rnd_below(12);
      if (pick == 0)
         alu(p, (struct alu){ OP2(PRED_SETGT), 0, chan, .nowrite = true, .s0 = a, .s1 = b, .upd_pred = true }, true);
      else if (pick == 1)
         alu(p, (struct alu){ OP2(KILLGT), 0, chan, .nowrite = true, .s0 = a, .s1 = b }, true);
      else
         alu(p, (struct alu){ ops[rnd_below(4)], dst, chan, .s0 = a, .s1 = b,
                              .pred_sel = pick < 4 ? ENU(SQ_ALU_WORD0, PRED_SEL, SQ_PRED_SEL_ONE) : 0 }, true);
   }
   cf_alu(p, kind, (struct kcache){ 0 });
}

/* A random forward-only program: clauses, NOPs, exports (PIXEL 1, random GPR, selects and
 * modes) and IFs (ALU_PUSH_BEFORE, JUMP to the POP, a clause, POP), then EXPORT_DONE. */
static uint64_t random_program(void)
{
   struct prog p;
   prog_init(&p);
   unsigned n = 2 + rnd_below(6);
   for (unsigned i = 0; i < n; i++) {
      switch (rnd_below(5)) {
      case 0:
         cf(&p, CFI(NOP), 0, 0, false);
         break;
      case 1: {
         const unsigned sels[7] = { SEL(X), SEL(Y), SEL(Z), SEL(W), SEL(0), SEL(1), SEL(MASK) };
         unsigned sel[4], mode = rnd_below(6);   /* 0: VALID_PIXEL, 1: WHOLE_QUAD */
         for (unsigned c = 0; c < 4; c++)
            sel[c] = sels[rnd_below(4) ? c : rnd_below(7)];
         cf_export(&p, (struct cf_exp){ .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL),
                                        .base = 1, .gpr = rnd_below(4), .sel = { sel[0], sel[1], sel[2], sel[3] },
                                        .vpm = mode == 0, .wqm = mode == 1 });
         break;
      }
      case 2: {
         unsigned k = p.ncf;
         random_clause(&p, ALUK(ALU_PUSH_BEFORE));
         cf(&p, CFI(JUMP), k + 3, 0, false);
         random_clause(&p, ALUK(ALU));
         cf(&p, CFI(POP), k + 4, 1, false);
         break;
      }
      default:
         random_clause(&p, ALUK(ALU));
         break;
      }
   }
   cf_export_pixel(&p, rnd_below(4));
   return upload_prog(&p);
}

/* Random programs with gprs_unread: the interpreter's exports, kills and outcome. */
static void random_unread(unsigned count)
{
   static struct sim_run x;
   static struct sim_lanes lanes;
   static struct sim_exports out;
   unsigned differ = 0;
   for (unsigned i = 0; i < count; i++) {
      uint64_t va = random_program();
      for (unsigned g = 0; g < 4; g++)
         for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < SIM_LANES; l++)
               init_lanes.gpr[g][c][l] = U((float)rnd_below(9) - 4.0f);
      uint16_t active = rnd_below(2) ? 0xFFFF : (uint16_t)(rnd_below(0x10000) | 1);
      struct run_opts o = { .stage = SIM_STAGE_PS, .active = active, .stack_size = 4 };
      run_engine(va, &o, SIM_ENGINE_INTERP, &res_interp);
      struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
      struct sim_program *p = sim_program_get_engine(&env, va, SIM_ENGINE_JIT);
      if (!p || sim_program_engine(p) != SIM_ENGINE_JIT) {
         differ++;
         continue;
      }
      lanes = init_lanes;
      memset(&out, 0, sizeof(out));
      sim_native_fn fn = sim_program_run_prepare(&x, p, &env, &lanes, &out);
      x.gprs_unread = 1;
      bool ok = run_prepared_block(fn, &x, active);
      out.killed |= x.killed;
      if (ok != res_interp.ok || memcmp(&out, &res_interp.out, sizeof(out))) {
         if (!differ)
            fprintf(stderr, "  random program %u (active 0x%04x): exports, kills or outcome differ\n", i, active);
         differ++;
      }
   }
   check(differ == 0, "%u random forward-only programs with gprs_unread: the interpreter's exports, "
         "kills and outcome (%u differ)", count, differ);
}

static void tests(void)
{
   uint64_t va = two_runs();
   table_forward(va);
   table_loop();
   table_relative();
   run_unread(va, 0xFFFF);
   run_unread(va, 0x0F31);
   random_unread(300);
}

int main(void)
{
   return run_on_both_chips(tests);
}
