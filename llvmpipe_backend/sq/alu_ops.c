/* Out-of-line ALU semantics: the integer reciprocals and the 16-lane entry the JIT calls
 * for the operations it does not emit inline (so both engines run the same C code). */
#include "sq/alu_ops.h"

uint32_t sim_recip_uint(uint32_t a)
{
   if (a <= 1)
      return 0xFFFFFFFFu;
   return (uint32_t)((1ull << 32) / a);
}

uint32_t sim_recip_int(uint32_t a)
{
   int64_t d = (int32_t)a;
   if (d == 0)
      return 0x7FFFFFFFu;
   int64_t q = ((int64_t)1 << 32) / d;     /* truncates toward zero */
   if (q > INT32_MAX)
      q = INT32_MAX;
   if (q < INT32_MIN)
      q = INT32_MIN;
   return (uint32_t)(int32_t)q;
}

uint32_t sim_alu_lanes(uint32_t op, uint32_t chip, uint32_t *buf)
{
   uint32_t pass = 0;
   bool pred = sim_alu_is_pred((enum hw_isa_id)op);
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t a = buf[l], b = buf[SIM_LANES + l], c = buf[2 * SIM_LANES + l];
      if (pred) {
         if (sim_alu_pred((enum hw_isa_id)op, a, b, &buf[l]))
            pass |= 1u << l;
      } else {
         buf[l] = sim_alu_eval((enum hw_isa_id)op, (enum hw_chip)chip, a, b, c);
      }
   }
   return pass;
}
