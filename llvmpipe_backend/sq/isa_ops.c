/* ALU constants and the set of ALU operations the engines execute (isa_ops.h). */
#include "hw/hw_isa.h"
#include "sq/isa_ops.h"

const uint32_t sim_inline_consts[5] = {
   0x00000000u,   /* 0.0 */
   0x3F800000u,   /* 1.0 */
   0x00000001u,   /* integer 1 */
   0xFFFFFFFFu,   /* integer -1 */
   0x3F000000u,   /* 0.5 */
};

/* Every ALU opcode of both chips executes (alu_ops.h, alu_pred.h, alu_fp64.h). */
bool sim_alu_implemented(unsigned id)
{
   const struct hw_isa_op *op = hw_isa_op(HW_CHIP_R6XX, id);
   if (!op)
      op = hw_isa_op(HW_CHIP_R7XX, id);
   return op && (op->encoding == HW_ISA_ENC_ALU_OP2 || op->encoding == HW_ISA_ENC_ALU_OP3);
}
