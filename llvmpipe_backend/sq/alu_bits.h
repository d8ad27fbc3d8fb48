/* Raw-dword helpers shared by the ALU semantics (alu_ops.h, alu_pred.h, alu_fp64.h):
 * GPR values are dwords; floats are reinterpreted, never converted. */
#ifndef SIM_ALU_BITS_H
#define SIM_ALU_BITS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define SIM_CANON_NAN 0x7FC00000u

static inline float sim_f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static inline uint32_t sim_u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static inline bool sim_is_nan(uint32_t u)
{
   return (u & 0x7FFFFFFFu) > 0x7F800000u;
}

/* Denormal -> zero of the same sign. */
static inline uint32_t sim_ftz(uint32_t u)
{
   return (u & 0x7F800000u) ? u : (u & 0x80000000u);
}

/* A computed float result: flushed, canonical NaN. */
static inline uint32_t sim_fres(float f)
{
   uint32_t u = sim_u(f);
   return sim_is_nan(u) ? SIM_CANON_NAN : sim_ftz(u);
}

#endif
