/* The JIT's stores at the end of a run of ALU clauses and its inline exports have two forms:
 * every lane active (plain stores) and some lanes active (blends that keep the other lanes'
 * values). A straight-line PS and VS (two chained ALU clauses, then exports) run under full
 * and partial exec masks on both engines; besides the engines agreeing bit for bit
 * (run_compare), the JIT's GPRs and exports are checked against values computed here: the
 * active lanes hold the results (a NaN made by the ALU in its canonical form), the inactive
 * lanes keep their initial registers and export nothing. */
#include <math.h>
#include <stdio.h>

#include "isa_harness.h"
#include "sq/isa_program.h"

#define CANON_NAN 0x7FC00000u

/* R1: the inputs; R1.w is +inf in odd lanes, so R3.y = R1.w * 0 is a NaN there. */
static void init_inputs(void)
{
   clear_lanes();
   for (unsigned g = 0; g < 6; g++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            init_lanes.gpr[g][c][l] = U((float)(g * 1000 + c * 100 + l) + 0.5f);
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[1][3][l] = l & 1 ? U(INFINITY) : U((float)l);
}

/* Clause 0: R2.x = R1.x + 2, R2.y = R1.y * R1.y; then R3.x = R2.x + R1.z, R3.y = R1.w * 0 (IEEE).
 * Clause 1 (chained to it): R4.x = R3.x + R2.y. Then EXPORT_DONE of R2..R3 to PIXEL 0 (PS)
 * or POS 0 and PARAM 0 (VS). */
static uint64_t build(enum sim_stage stage)
{
   struct prog p;
   prog_init_cf(&p, 16);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(1, 0), .s1 = lit(0) }, false);
   alu(&p, (struct alu){ OP2(MUL), 2, 1, .s0 = gpr(1, 1), .s1 = gpr(1, 1) }, true);
   lits(&p, 1, (uint32_t[]){ U(2.0f) });
   alu(&p, (struct alu){ OP2(ADD), 3, 0, .s0 = gpr(2, 0), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(MUL_IEEE), 3, 1, .s0 = gpr(1, 3), .s1 = lit(0) }, true);
   lits(&p, 1, (uint32_t[]){ 0 });
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 4, 0, .s0 = gpr(3, 0), .s1 = gpr(2, 1) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   if (stage == SIM_STAGE_PS) {
      cf_export(&p, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL),
                                     .base = 0, .gpr = 2, .burst = 2,
                                     .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) }, .eop = true });
   } else {
      cf_export(&p, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_POS),
                                     .base = 60, .gpr = 2, .burst = 1,
                                     .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) } });
      cf_export(&p, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PARAM),
                                     .base = 0, .gpr = 3, .burst = 1,
                                     .sel = { SEL(X), SEL(Y), SEL(1), SEL(MASK) }, .eop = true });
   }
   return upload_prog(&p);
}

/* The expected register file after the run with `active`, from init_lanes. */
static void expected(uint16_t active, struct sim_lanes *want)
{
   *want = init_lanes;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(active >> l & 1))
         continue;
      float x = Fl(init_lanes.gpr[1][0][l]) + 2.0f, y = Fl(init_lanes.gpr[1][1][l]) * Fl(init_lanes.gpr[1][1][l]);
      float z = x + Fl(init_lanes.gpr[1][2][l]);
      want->gpr[2][0][l] = U(x);
      want->gpr[2][1][l] = U(y);
      want->gpr[3][0][l] = U(z);
      want->gpr[3][1][l] = l & 1 ? CANON_NAN : U((float)l * 0.0f);
      want->gpr[4][0][l] = U(z + y);
   }
}

static void run_case(enum sim_stage stage, uint16_t active)
{
   char name[96];
   snprintf(name, sizeof(name), "%s %s straight-line run, active 0x%04x", R7 ? "rv770" : "r600",
            stage == SIM_STAGE_PS ? "PS" : "VS", active);
   init_inputs();
   if (!run_compare(name, build(stage), (struct run_opts){ .stage = stage, .active = active }))
      return;
   struct sim_lanes want;
   expected(active, &want);
   unsigned bad_gpr = 0, bad_out = 0;
   for (unsigned g = 0; g < 6; g++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            bad_gpr += res_jit.lanes.gpr[g][c][l] != want.gpr[g][c][l];
   const struct sim_exports *o = &res_jit.out;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      bool on = active >> l & 1;
      for (unsigned c = 0; c < 4; c++) {
         if (stage == SIM_STAGE_PS) {
            bad_out += o->pixel[0][c][l] != (on ? want.gpr[2][c][l] : 0u);
            bad_out += o->pixel[1][c][l] != (on ? want.gpr[3][c][l] : 0u);
         } else {
            uint32_t param = c == 2 ? U(1.0f) : c == 3 ? 0u : want.gpr[3][c][l];
            bad_out += o->pos[0][c][l] != (on ? want.gpr[2][c][l] : 0u);
            bad_out += o->param[0][c][l] != (on ? param : 0u);
         }
      }
   }
   bool masks = stage == SIM_STAGE_PS ? o->pixel_mask == 3 : o->pos_mask == 1 && o->param_mask == 1;
   check(bad_gpr == 0, "%s: %u GPR lanes differ from the expected values", name, bad_gpr);
   check(bad_out == 0 && masks, "%s: %u export lanes differ from the expected values", name, bad_out);
}

static void tests(void)
{
   static const uint16_t masks[] = { 0xFFFF, 0x7FFF, 0x0001, 0x8000, 0xA5A5 };
   for (unsigned k = 0; k < sizeof(masks) / sizeof(masks[0]); k++) {
      run_case(SIM_STAGE_PS, masks[k]);
      run_case(SIM_STAGE_VS, masks[k]);
   }
}

int main(void)
{
   return run_on_both_chips(tests);
}
