/* Programs whose results cannot depend on the MXCSR (mxcsr_free.h).
 *
 * Both engines give each ALU operation the semantics of sq/alu_ops.h / alu_pred.h. The ones
 * taken here compute on the raw dwords only: MOV returns its operand's bits (ABS and NEG
 * are bit operations on the sources in both engines), NOP a constant, the integer and
 * bitwise operations, integer compares, selections and the integer PRED_SET / KILL forms
 * integers; RECIP_(U)INT divide in int64 (the JIT calls the same C code); MOVA_INT and
 * MOVA_GPR_INT clamp an integer. OMOD and CLAMP are float multiplies and compares (a
 * denormal compares as zero under DAZ), so an instruction with either is declined whatever
 * its op. Every other op is declined: float arithmetic, compares (DAZ), conversions,
 * roundings, transcendentals, reductions, FP64, the float and counter PRED_SET forms. The
 * CF instructions other than fetches move lanes, stack entries, dwords to exports and
 * scratch memory (sq/cf_exec.c, cf_export.c, cf_scratch.c, jit/jit_cf.c: no float
 * operation); TEX and VTX fetches convert formats and filter in float. */
#include "sq/mxcsr_free.h"

#include "hw/hw_isa.h"
#include "sq/isa_program.h"

static bool op_mxcsr_free(enum hw_isa_id op)
{
   switch (op) {
   case HW_ISA_OP2_MOV: case HW_ISA_OP2_NOP:
   case HW_ISA_OP2_AND_INT: case HW_ISA_OP2_OR_INT: case HW_ISA_OP2_XOR_INT:
   case HW_ISA_OP2_NOT_INT: case HW_ISA_OP2_ADD_INT: case HW_ISA_OP2_SUB_INT:
   case HW_ISA_OP2_MAX_INT: case HW_ISA_OP2_MIN_INT: case HW_ISA_OP2_MAX_UINT:
   case HW_ISA_OP2_MIN_UINT: case HW_ISA_OP2_SETE_INT: case HW_ISA_OP2_SETGT_INT:
   case HW_ISA_OP2_SETGE_INT: case HW_ISA_OP2_SETNE_INT: case HW_ISA_OP2_SETGT_UINT:
   case HW_ISA_OP2_SETGE_UINT: case HW_ISA_OP2_ASHR_INT: case HW_ISA_OP2_LSHR_INT:
   case HW_ISA_OP2_LSHL_INT: case HW_ISA_OP2_MULLO_INT: case HW_ISA_OP2_MULLO_UINT:
   case HW_ISA_OP2_MULHI_INT: case HW_ISA_OP2_MULHI_UINT: case HW_ISA_OP2_RECIP_INT:
   case HW_ISA_OP2_RECIP_UINT: case HW_ISA_OP3_CNDE_INT: case HW_ISA_OP3_CNDGT_INT:
   case HW_ISA_OP3_CNDGE_INT: case HW_ISA_OP2_MOVA_INT: case HW_ISA_OP2_MOVA_GPR_INT:
   case HW_ISA_OP2_KILLE_INT: case HW_ISA_OP2_KILLGT_INT: case HW_ISA_OP2_KILLGE_INT:
   case HW_ISA_OP2_KILLNE_INT: case HW_ISA_OP2_KILLGT_UINT: case HW_ISA_OP2_KILLGE_UINT:
   case HW_ISA_OP2_PRED_SETE_INT: case HW_ISA_OP2_PRED_SETGT_INT:
   case HW_ISA_OP2_PRED_SETGE_INT: case HW_ISA_OP2_PRED_SETNE_INT:
   case HW_ISA_OP2_PRED_SETGT_UINT: case HW_ISA_OP2_PRED_SETGE_UINT:
   case HW_ISA_OP2_PRED_SETE_PUSH_INT: case HW_ISA_OP2_PRED_SETGT_PUSH_INT:
   case HW_ISA_OP2_PRED_SETGE_PUSH_INT: case HW_ISA_OP2_PRED_SETNE_PUSH_INT:
   case HW_ISA_OP2_PRED_SETLT_PUSH_INT: case HW_ISA_OP2_PRED_SETLE_PUSH_INT:
      return true;
   default:
      return false;
   }
}

static bool clause_mxcsr_free(const struct sim_program *p, const struct sim_cf *cf)
{
   for (unsigned gi = 0; gi < cf->count; gi++) {
      const struct sim_alu_group *g = &p->groups[cf->first + gi];
      for (unsigned i = 0; i < g->count; i++) {
         const struct sim_alu_inst *a = &p->alu[g->first + i];
         if (a->omod || a->clamp || !op_mxcsr_free((enum hw_isa_id)a->op))
            return false;
      }
   }
   return true;
}

bool sim_program_mxcsr_free(const struct sim_program *p)
{
   for (unsigned pc = p->entry; pc < p->ncf; pc++) {
      const struct sim_cf *cf = &p->cf[pc];
      switch (cf->op) {
      case SIM_CF_ALU:
         if (!clause_mxcsr_free(p, cf))
            return false;
         break;
      case SIM_CF_NOP: case SIM_CF_LOOP_START: case SIM_CF_LOOP_START_NO_AL:
      case SIM_CF_LOOP_START_DX10: case SIM_CF_LOOP_END: case SIM_CF_LOOP_CONTINUE:
      case SIM_CF_LOOP_BREAK: case SIM_CF_JUMP: case SIM_CF_PUSH: case SIM_CF_PUSH_ELSE:
      case SIM_CF_ELSE: case SIM_CF_POP: case SIM_CF_POP_JUMP: case SIM_CF_POP_PUSH:
      case SIM_CF_POP_PUSH_ELSE: case SIM_CF_CALL: case SIM_CF_RETURN: case SIM_CF_KILL:
      case SIM_CF_EXPORT: case SIM_CF_SCRATCH:
         break;
      default:   /* TEX, VTX; CALL_FS: the fetch shader is another program */
         return false;
      }
   }
   return true;
}
