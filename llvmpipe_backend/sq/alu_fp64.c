/* R7xx FP64 operations (conventions in alu_fp64.h); both engines call these. */
#include <math.h>
#include <string.h>

#include "sq/alu_bits.h"
#include "sq/alu_fp64.h"
#include "sq/isa_program.h"

#define CANON_NAN64 0x7FF8000000000000ull

static double d_of(uint32_t hi, uint32_t lo)
{
   uint64_t b = (uint64_t)hi << 32 | lo;
   if (!(b & 0x7FF0000000000000ull))
      b &= 0x8000000000000000ull;           /* denormal in: flushed */
   double d;
   memcpy(&d, &b, 8);
   return d;
}

static uint64_t bits_of(double d)
{
   uint64_t b;
   memcpy(&b, &d, 8);
   if ((b & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull)
      return CANON_NAN64;
   if (!(b & 0x7FF0000000000000ull))
      b &= 0x8000000000000000ull;           /* denormal out: flushed */
   return b;
}

bool sim_fp64_is_quad(unsigned op)
{
   return op == HW_ISA_OP2_MUL_64 || op == HW_ISA_OP3_MULADD_64 || op == HW_ISA_OP2_FREXP_64;
}

static double post(double r, unsigned omod, bool clamp, bool dx10_clamp)
{
   if (omod)
      r *= omod == SIM_OMOD_M2 ? 2.0 : omod == SIM_OMOD_M4 ? 4.0 : 0.5;
   if (clamp) {
      if (r != r)
         return dx10_clamp ? 0.0 : r;
      if (!(r > 0.0))
         return 0.0;
      if (r > 1.0)
         return 1.0;
   }
   return r;
}

static void put(uint32_t out[4], unsigned lo_unit, double d)
{
   uint64_t b = bits_of(d);
   out[lo_unit] = (uint32_t)b;
   out[lo_unit + 1] = (uint32_t)(b >> 32);
}

bool sim_alu_fp64(unsigned op, unsigned first, const uint32_t s[3][4], unsigned omod,
                  bool clamp, bool dx10_clamp, uint32_t out[4])
{
   unsigned hi = sim_fp64_is_quad(op) ? 2 : first, lo = hi + 1;
   double a = d_of(s[0][hi], s[0][lo]), b = d_of(s[1][hi], s[1][lo]), c = d_of(s[2][hi], s[2][lo]);
   double r;
   bool cond;
   switch (op) {
   case HW_ISA_OP2_ADD_64:
      r = a + b;
      break;
   case HW_ISA_OP2_FRACT_64:
      r = a - floor(a);
      break;
   case HW_ISA_OP2_LDEXP_64:
      r = ldexp(a, (int32_t)s[1][first]);
      break;
   case HW_ISA_OP2_FLT32_TO_FLT64:
      r = (double)sim_f(sim_ftz(s[0][first]));
      break;
   case HW_ISA_OP2_FLT64_TO_FLT32:
      out[first] = sim_fres((float)a);
      out[first + 1] = 0;
      return false;
   case HW_ISA_OP2_PRED_SETGT_64: case HW_ISA_OP2_PRED_SETE_64: case HW_ISA_OP2_PRED_SETGE_64:
      cond = op == HW_ISA_OP2_PRED_SETGT_64 ? a > b : op == HW_ISA_OP2_PRED_SETE_64 ? a == b : a >= b;
      out[first] = out[first + 1] = cond ? 0u : 0x3F800000u;
      return cond;
   case HW_ISA_OP2_MUL_64:
      r = a * b;
      put(out, 0, post(r, omod, clamp, dx10_clamp));
      put(out, 2, post(r, omod, clamp, dx10_clamp));
      return false;
   case HW_ISA_OP3_MULADD_64: {
      double p = a * b;
      r = post(p + c, omod, clamp, dx10_clamp);
      put(out, 0, r);
      put(out, 2, r);
      return false;
   }
   case HW_ISA_OP2_FREXP_64: {
      int e = 0;
      double m = a;
      if (a == a && a != 0.0 && !isinf(a))
         m = frexp(a, &e);
      out[0] = out[1] = (uint32_t)(int32_t)e;
      put(out, 2, m);
      return false;
   }
   default:
      return false;
   }
   put(out, first, post(r, omod, clamp, dx10_clamp));
   return false;
}

uint32_t sim_alu_fp64_vec(uint32_t op, uint32_t first, uint32_t omod_clamp,
                          const uint32_t in[3][4][SIM_LANES], uint32_t out[4][SIM_LANES])
{
   uint32_t cond = 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t s[3][4], r[4] = { 0, 0, 0, 0 };
      for (unsigned k = 0; k < 3; k++)
         for (unsigned u = 0; u < 4; u++)
            s[k][u] = in[k][u][l];
      if (sim_alu_fp64(op, first, s, omod_clamp & 3, omod_clamp >> 2 & 1, omod_clamp >> 3 & 1, r))
         cond |= 1u << l;
      for (unsigned u = 0; u < 4; u++)
         out[u][l] = r[u];
   }
   return cond;
}
