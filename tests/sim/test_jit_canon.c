/* The JIT canonicalizes the NaNs a run of ALU clauses computed when it stores its registers at
 * the end (alu_ops.h: a computed NaN is 0x7FC00000), behind one test of all the values that
 * still need it, two values per unordered compare. A clause computes five such values,
 * R2.xyzw and R3.x = R1.c * R4.c (MUL_IEEE; R4 is 1.0), and one input at a time holds a NaN
 * with a payload and a sign bit in one lane - the first or second value of a pair, or the
 * last, unpaired one - or none does. The engines must agree (run_compare), and the JIT's
 * registers must hold the inputs, with 0x7FC00000 in the NaN's lane. Full and partial exec
 * masks cover both store forms. */
#include <stdio.h>

#include "isa_harness.h"
#include "sq/isa_program.h"

#define CANON_NAN 0x7FC00000u
#define ODD_NAN 0xFFC01234u   /* quiet, negative, a payload: x86 returns it as it is */
#define VALUES 5

/* Input value v (0..4): R1.xyzw, then R5.x. */
static unsigned src_gpr(unsigned v) { return v < 4 ? 1 : 5; }
static unsigned src_chan(unsigned v) { return v % 4; }
/* Its result: R2.xyzw, then R3.x. */
static unsigned dst_gpr(unsigned v) { return v < 4 ? 2 : 3; }
static unsigned dst_chan(unsigned v) { return v % 4; }

/* The lane where input `nan` (VALUES: none) holds ODD_NAN. */
static unsigned nan_lane(unsigned nan) { return (3 * nan + 1) % SIM_LANES; }

static void init_inputs(unsigned nan)
{
   clear_lanes();
   for (unsigned v = 0; v < VALUES; v++)
      for (unsigned l = 0; l < SIM_LANES; l++)
         init_lanes.gpr[src_gpr(v)][src_chan(v)][l] = U((float)(v * 100 + l) + 0.25f);
   for (unsigned c = 0; c < 4; c++)
      for (unsigned l = 0; l < SIM_LANES; l++)
         init_lanes.gpr[4][c][l] = U(1.0f);
   if (nan < VALUES)
      init_lanes.gpr[src_gpr(nan)][src_chan(nan)][nan_lane(nan)] = ODD_NAN;
}

static uint64_t build(void)
{
   struct prog p;
   prog_init_cf(&p, 16);
   alu_begin(&p);
   for (unsigned v = 0; v < VALUES; v++)
      alu(&p, (struct alu){ OP2(MUL_IEEE), dst_gpr(v), dst_chan(v), .s0 = gpr(src_gpr(v), src_chan(v)),
                            .s1 = gpr(4, src_chan(v)) }, v == 3 || v == 4);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf_export_pixel(&p, 2);
   return upload_prog(&p);
}

static void run_case(unsigned nan, uint16_t active)
{
   char name[96];
   snprintf(name, sizeof(name), "%s NaN in input %u, active 0x%04x", R7 ? "rv770" : "r600", nan, active);
   init_inputs(nan);
   if (!run_compare(name, build(), (struct run_opts){ .stage = SIM_STAGE_PS, .active = active }))
      return;
   unsigned bad = 0;
   for (unsigned v = 0; v < VALUES; v++) {
      for (unsigned l = 0; l < SIM_LANES; l++) {
         uint32_t in = init_lanes.gpr[src_gpr(v)][src_chan(v)][l];
         uint32_t old = init_lanes.gpr[dst_gpr(v)][dst_chan(v)][l];
         uint32_t want = !(active >> l & 1) ? old : in == ODD_NAN ? CANON_NAN : in;
         bad += res_jit.lanes.gpr[dst_gpr(v)][dst_chan(v)][l] != want;
      }
   }
   check(bad == 0, "%s: %u result lanes differ from the expected values", name, bad);
}

static void tests(void)
{
   static const uint16_t masks[] = { 0xFFFF, 0xBFFD };
   for (unsigned k = 0; k < sizeof(masks) / sizeof(masks[0]); k++)
      for (unsigned nan = 0; nan <= VALUES; nan++)
         run_case(nan, masks[k]);
}

int main(void)
{
   return run_on_both_chips(tests);
}
