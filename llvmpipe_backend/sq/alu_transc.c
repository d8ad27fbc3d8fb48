/* Transcendental ALU operations: the reference both engines follow (the interpreter calls
 * it; the JIT's vector code, jit/jit_transc.c, is exact by construction and hands it the
 * lanes it cannot prove, through sim_alu_transc_lanes), so their results agree bit for bit.
 *
 * Precision (the documents give none, docs/r600-hardware-notes.md §4.6/§7): the input is flushed (a
 * denormal is a zero of its sign), the function is evaluated in IEEE double precision and
 * the result rounded once to fp32 (round to nearest even), then flushed; NaN results are
 * the canonical NaN. So RECIP_IEEE and SQRT_IEEE are correctly rounded (fp32 division and
 * square root), RECIPSQRT* is 1.0 / sqrt(x) in double, EXP_IEEE exp2, LOG_* log2 and SIN /
 * COS sin / cos of the host's double libm - within one fp32 ulp of the exact value.
 * Special values follow IEEE: RECIP(±0) = ±Inf, RECIP(±Inf) = ±0, RECIPSQRT(+0) = +Inf,
 * RECIPSQRT(-0) = -Inf, RECIPSQRT/SQRT/LOG of a negative number = NaN, LOG(±0) = -Inf,
 * EXP(-Inf) = +0, SIN/COS(±Inf) = NaN. The _CLAMPED forms turn an infinite result into
 * ±FLT_MAX, the _FF forms into ±0 (docs/r600-hardware-notes.md §4.6).
 * SIN / COS take radians on R6xx and revolutions on R7xx (docs/r600-hardware-notes.md §4.6). On
 * R7xx the argument is reduced exactly (x - round(x), then to a quarter turn) before one double
 * evaluation, so quarter turns give exact results (SIN(0.5) = +0, COS(0.25) = +0; only SIN(-0) is
 * -0) and no precision is lost for large arguments; R6xx evaluates sin / cos of the radian value as
 * given (no hardware range limit is modelled). */
#include <float.h>
#include <math.h>

#include "sq/alu_bits.h"
#include "sq/alu_transc.h"

/* sin(2 pi r) (cos when `cosine`) for an exact reduction r = x - round(x) in [-0.5, 0.5]. */
static double sincos_turns(double r, bool cosine)
{
   double q = rint(4.0 * r);             /* quarter turns, exact */
   double f = r - q * 0.25;              /* in [-1/8, 1/8], exact */
   int quadrant = ((int)q + (cosine ? 1 : 0)) & 3;
   double s = sin(SIM_TWO_PI * f), c = cos(SIM_TWO_PI * f);
   switch (quadrant) {
   case 0: return s;
   case 1: return c;
   case 2: return -s;
   default: return -c;
   }
}

static uint32_t inf_fix(enum hw_isa_id op, uint32_t r)
{
   if ((r & 0x7FFFFFFFu) != 0x7F800000u)
      return r;
   switch (op) {
   case HW_ISA_OP2_RECIP_CLAMPED: case HW_ISA_OP2_RECIPSQRT_CLAMPED:
      return (r & 0x80000000u) | sim_u(FLT_MAX);
   case HW_ISA_OP2_RECIP_FF: case HW_ISA_OP2_RECIPSQRT_FF:
      return r & 0x80000000u;
   case HW_ISA_OP2_LOG_CLAMPED:
      return r == 0xFF800000u ? sim_u(-FLT_MAX) : r;
   default:
      return r;
   }
}

uint32_t sim_alu_transcendental(enum hw_isa_id op, enum hw_chip chip, uint32_t a)
{
   float x = sim_f(sim_ftz(a));
   double d = (double)x, r;
   switch (op) {
   case HW_ISA_OP2_RECIP_CLAMPED: case HW_ISA_OP2_RECIP_FF: case HW_ISA_OP2_RECIP_IEEE:
      return inf_fix(op, sim_fres(1.0f / x));
   case HW_ISA_OP2_RECIPSQRT_CLAMPED: case HW_ISA_OP2_RECIPSQRT_FF:
   case HW_ISA_OP2_RECIPSQRT_IEEE:
      return inf_fix(op, sim_fres((float)(1.0 / sqrt(d))));
   case HW_ISA_OP2_SQRT_IEEE:
      return sim_fres(sqrtf(x));
   case HW_ISA_OP2_EXP_IEEE:
      return sim_fres((float)exp2(d));
   case HW_ISA_OP2_LOG_CLAMPED: case HW_ISA_OP2_LOG_IEEE:
      return inf_fix(op, sim_fres((float)log2(d)));
   case HW_ISA_OP2_SIN: case HW_ISA_OP2_COS: {
      bool cosine = op == HW_ISA_OP2_COS;
      if (chip != HW_CHIP_R7XX)
         r = cosine ? cos(d) : sin(d);
      else if (isinf(d) || d != d)
         r = NAN;
      else if (d == 0.0)
         r = cosine ? 1.0 : d;           /* SIN keeps the sign of a zero */
      else
         r = sincos_turns(d - rint(d), cosine) + 0.0;   /* an exact zero is +0 */
      return sim_fres((float)r);
   }
   default:
      return 0;
   }
}

uint32_t sim_alu_transc_lanes(uint32_t op, uint32_t chip, uint32_t *buf)
{
   uint32_t mask = buf[2 * SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (mask & (1u << l))
         buf[l] = sim_alu_transcendental((enum hw_isa_id)op, (enum hw_chip)chip,
                                         buf[SIM_LANES + l]);
   }
   return 0;
}
