/* The predicate and kill operations (PRED_SET*, KILL*): each compares its operands per
 * lane, giving a pass bit and a destination value. The pass bit is "execute" for
 * PRED_SET* (it becomes the lane's predicate with UPDATE_PRED and keeps the lane active
 * with UPDATE_EXECUTE_MASK) and "kill" for KILL*.
 *
 * The seed lists these opcodes without describing them; the choices (one scheme for the
 * whole family, a "predicate counter" in a GPR for the nested forms):
 * - PRED_SETE/GT/GE/NE (float, _INT signed, _UINT unsigned): pass = src0 op src1; value
 *   0.0 when passing, else 1.0 (the "execute"/"skip" result, also for the integer forms).
 * - PRED_SET*_PUSH (float) / PRED_SET*_PUSH_INT: the counter src0 is 0 (not nested inside
 *   a skipped level) and src1 op 0 holds -> pass, value 0; else value src0 + 1 (a float
 *   1.0 resp. an integer 1 added) - a skipped level one deeper. LT/LE exist only as _INT.
 * - PRED_SET_POP: src0 <= src1 (the counter has been popped back to the executing level)
 *   -> pass, value 0.0; else value src0 - src1.
 * - PRED_SET_RESTORE: src0 == 0.0 -> pass, value 0.0; else value src0.
 * - PRED_SET_INV: src0 == 1.0 -> pass, value 0.0; else value 1.0 if src0 == 0.0 (the
 *   level that executed becomes skipped), otherwise src0 unchanged.
 * - PRED_SET_CLR: never passes, value FLT_MAX.
 * - KILLE/GT/GE/NE (float, _INT, _UINT): pass = src0 op src1; value 1.0 for a killed lane,
 *   0.0 else.
 * Float compares are IEEE on flushed operands (a NaN fails ==, >, >=, <= and passes !=);
 * values are raw dwords; computed float values are flushed, NaN canonical. */
#ifndef SIM_ALU_PRED_H
#define SIM_ALU_PRED_H

#include <float.h>

#include "hw/hw_isa.h"
#include "sq/alu_bits.h"

#define SIM_PRED_ONE_F 0x3F800000u

/* The plain compare of KILL* / PRED_SET* (src0 op src1); false for other ops. */
static inline bool sim_alu_compare(enum hw_isa_id op, uint32_t a, uint32_t b)
{
   float fa = sim_f(a), fb = sim_f(b);
   switch (op) {
   case HW_ISA_OP2_KILLE: case HW_ISA_OP2_PRED_SETE: return fa == fb;
   case HW_ISA_OP2_KILLGT: case HW_ISA_OP2_PRED_SETGT: return fa > fb;
   case HW_ISA_OP2_KILLGE: case HW_ISA_OP2_PRED_SETGE: return fa >= fb;
   case HW_ISA_OP2_KILLNE: case HW_ISA_OP2_PRED_SETNE: return fa != fb;
   case HW_ISA_OP2_KILLE_INT: case HW_ISA_OP2_PRED_SETE_INT: return a == b;
   case HW_ISA_OP2_KILLNE_INT: case HW_ISA_OP2_PRED_SETNE_INT: return a != b;
   case HW_ISA_OP2_KILLGT_INT: case HW_ISA_OP2_PRED_SETGT_INT: return (int32_t)a > (int32_t)b;
   case HW_ISA_OP2_KILLGE_INT: case HW_ISA_OP2_PRED_SETGE_INT: return (int32_t)a >= (int32_t)b;
   case HW_ISA_OP2_KILLGT_UINT: case HW_ISA_OP2_PRED_SETGT_UINT: return a > b;
   case HW_ISA_OP2_KILLGE_UINT: case HW_ISA_OP2_PRED_SETGE_UINT: return a >= b;
   default: return false;
   }
}

/* Whether `op` is one of the plain compares of sim_alu_compare. */
static inline bool sim_alu_is_compare(enum hw_isa_id op)
{
   switch (op) {
   case HW_ISA_OP2_KILLE: case HW_ISA_OP2_KILLGT: case HW_ISA_OP2_KILLGE: case HW_ISA_OP2_KILLNE:
   case HW_ISA_OP2_KILLE_INT: case HW_ISA_OP2_KILLGT_INT: case HW_ISA_OP2_KILLGE_INT:
   case HW_ISA_OP2_KILLNE_INT: case HW_ISA_OP2_KILLGT_UINT: case HW_ISA_OP2_KILLGE_UINT:
   case HW_ISA_OP2_PRED_SETE: case HW_ISA_OP2_PRED_SETGT: case HW_ISA_OP2_PRED_SETGE:
   case HW_ISA_OP2_PRED_SETNE: case HW_ISA_OP2_PRED_SETE_INT: case HW_ISA_OP2_PRED_SETGT_INT:
   case HW_ISA_OP2_PRED_SETGE_INT: case HW_ISA_OP2_PRED_SETNE_INT:
   case HW_ISA_OP2_PRED_SETGT_UINT: case HW_ISA_OP2_PRED_SETGE_UINT:
      return true;
   default:
      return false;
   }
}

/* Whether `op` is a 32-bit KILL* or PRED_SET* (handled by sim_alu_pred). */
static inline bool sim_alu_is_pred(enum hw_isa_id op)
{
   switch (op) {
   case HW_ISA_OP2_PRED_SETE_PUSH: case HW_ISA_OP2_PRED_SETGT_PUSH:
   case HW_ISA_OP2_PRED_SETGE_PUSH: case HW_ISA_OP2_PRED_SETNE_PUSH:
   case HW_ISA_OP2_PRED_SETE_PUSH_INT: case HW_ISA_OP2_PRED_SETGT_PUSH_INT:
   case HW_ISA_OP2_PRED_SETGE_PUSH_INT: case HW_ISA_OP2_PRED_SETNE_PUSH_INT:
   case HW_ISA_OP2_PRED_SETLT_PUSH_INT: case HW_ISA_OP2_PRED_SETLE_PUSH_INT:
   case HW_ISA_OP2_PRED_SET_POP: case HW_ISA_OP2_PRED_SET_RESTORE:
   case HW_ISA_OP2_PRED_SET_INV: case HW_ISA_OP2_PRED_SET_CLR:
      return true;
   default:
      return sim_alu_is_compare(op);
   }
}

/* Any 32-bit KILL* or PRED_SET* (the FP64 compares live in alu_fp64.h): returns the pass
 * bit and stores the destination value in *value. */
static inline bool sim_alu_pred(enum hw_isa_id op, uint32_t a, uint32_t b, uint32_t *value)
{
   float fa = sim_f(a), fb = sim_f(b);
   bool pass;
   switch (op) {
   case HW_ISA_OP2_KILLE: case HW_ISA_OP2_KILLGT: case HW_ISA_OP2_KILLGE: case HW_ISA_OP2_KILLNE:
   case HW_ISA_OP2_KILLE_INT: case HW_ISA_OP2_KILLGT_INT: case HW_ISA_OP2_KILLGE_INT:
   case HW_ISA_OP2_KILLNE_INT: case HW_ISA_OP2_KILLGT_UINT: case HW_ISA_OP2_KILLGE_UINT:
      pass = sim_alu_compare(op, a, b);
      *value = pass ? SIM_PRED_ONE_F : 0u;
      return pass;
   case HW_ISA_OP2_PRED_SETE_PUSH: pass = fa == 0.0f && fb == 0.0f; break;
   case HW_ISA_OP2_PRED_SETGT_PUSH: pass = fa == 0.0f && fb > 0.0f; break;
   case HW_ISA_OP2_PRED_SETGE_PUSH: pass = fa == 0.0f && fb >= 0.0f; break;
   case HW_ISA_OP2_PRED_SETNE_PUSH: pass = fa == 0.0f && fb != 0.0f; break;
   case HW_ISA_OP2_PRED_SETE_PUSH_INT: case HW_ISA_OP2_PRED_SETGT_PUSH_INT:
   case HW_ISA_OP2_PRED_SETGE_PUSH_INT: case HW_ISA_OP2_PRED_SETNE_PUSH_INT:
   case HW_ISA_OP2_PRED_SETLT_PUSH_INT: case HW_ISA_OP2_PRED_SETLE_PUSH_INT: {
      int32_t ib = (int32_t)b;
      bool c = op == HW_ISA_OP2_PRED_SETE_PUSH_INT ? ib == 0
               : op == HW_ISA_OP2_PRED_SETGT_PUSH_INT ? ib > 0
               : op == HW_ISA_OP2_PRED_SETGE_PUSH_INT ? ib >= 0
               : op == HW_ISA_OP2_PRED_SETNE_PUSH_INT ? ib != 0
               : op == HW_ISA_OP2_PRED_SETLT_PUSH_INT ? ib < 0 : ib <= 0;
      pass = a == 0 && c;
      *value = pass ? 0u : a + 1u;
      return pass;
   }
   case HW_ISA_OP2_PRED_SET_POP:
      pass = fa <= fb;
      *value = pass ? 0u : sim_fres(fa - fb);
      return pass;
   case HW_ISA_OP2_PRED_SET_RESTORE:
      pass = fa == 0.0f;
      *value = pass ? 0u : a;
      return pass;
   case HW_ISA_OP2_PRED_SET_INV:
      pass = fa == 1.0f;
      *value = pass ? 0u : fa == 0.0f ? SIM_PRED_ONE_F : a;
      return pass;
   case HW_ISA_OP2_PRED_SET_CLR:
      *value = sim_u(FLT_MAX);
      return false;
   default:
      pass = sim_alu_compare(op, a, b);
      *value = pass ? 0u : SIM_PRED_ONE_F;
      return pass;
   }
   /* the float PUSH forms */
   *value = pass ? 0u : sim_fres(fa + 1.0f);
   return pass;
}

#endif
