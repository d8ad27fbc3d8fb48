/* Transcendental ALU operations on the host: the one implementation both engines use
 * (the JIT calls sim_alu_transcendental_vec), so their results agree bit for bit.
 * Exact host math: exp2f/log2f, and SIN/COS evaluated in double then rounded once. */
#include "alu_ops.h"

#define SIM_TWO_PI 6.283185307179586476925286766559

uint32_t sim_alu_transcendental(enum hw_isa_id op, enum r600_chip_class chip, uint32_t a)
{
   float x = sim_f(sim_ftz(a));
   switch (op) {
   case HW_ISA_OP2_EXP_IEEE:
      return sim_fres(exp2f(x));
   case HW_ISA_OP2_LOG_IEEE:
      return sim_fres(log2f(x));
   case HW_ISA_OP2_LOG_CLAMPED: {
      uint32_t r = sim_fres(log2f(x));
      return r == 0xFF800000u ? sim_u(-FLT_MAX) : r;
   }
   case HW_ISA_OP2_SIN:
   case HW_ISA_OP2_COS: {
      /* R7xx takes revolutions, R6xx radians (r600-facts §4.6). */
      double arg = chip == R600_CHIP_RV770 ? (double)x * SIM_TWO_PI : (double)x;
      return sim_fres((float)(op == HW_ISA_OP2_SIN ? sin(arg) : cos(arg)));
   }
   default:
      return 0;
   }
}

void sim_alu_transcendental_vec(uint32_t op, uint32_t chip, uint32_t *v16)
{
   for (unsigned l = 0; l < SIM_LANES; l++)
      v16[l] = sim_alu_transcendental((enum hw_isa_id)op, (enum r600_chip_class)chip, v16[l]);
}
