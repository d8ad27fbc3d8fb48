/* The GPR read-port rule of an ALU instruction group and its BANK_SWIZZLE codes
 * (docs/r600-hardware-notes.md §4.2). A group reads its operands over three cycles; in each cycle it reads
 * at most one GPR per channel (x, y, z, w). BANK_SWIZZLE gives each instruction the cycle
 * of src0, src1 and src2, and the code's name spells them: SQ_ALU_VEC_120 reads src0 in
 * cycle 1, src1 in cycle 2 and src2 in cycle 0; the trans slot has its own SQ_ALU_SCL_*
 * codes. The trans slot reads its constant operands in the first cycles, so a GPR or PV/PS
 * operand of it must be read after them; it reads at most two constants.
 *
 * The one statement of the rule: the driver's scheduler chooses swizzles with it and the
 * ISA validator checks encoded groups with it. Code in auxiliary/hw/hw_alu_readport.c. */
#ifndef HW_ALU_READPORT_H
#define HW_ALU_READPORT_H

#include <stdbool.h>
#include <stdint.h>

#define HW_ALU_VEC_SWIZZLES 6       /* codes 0..5: SQ_ALU_VEC_012 .. SQ_ALU_VEC_210 */
#define HW_ALU_SCL_SWIZZLES 4       /* codes 0..3: SQ_ALU_SCL_210 .. SQ_ALU_SCL_221 */
#define HW_ALU_TRANS_MAX_CONSTS 2u  /* constant operands the trans slot may read */

/* The read cycles of src0, src1, src2 under a BANK_SWIZZLE code in a vector slot or the
 * trans slot; NULL when the code names no swizzle of that kind. */
const uint8_t *hw_alu_swizzle_cycles(unsigned code, bool trans);

/* What an operand reads, as far as the rule cares. */
enum hw_alu_read_kind {
   HW_ALU_READ_GPR,     /* a GPR: takes the port of its channel in its cycle */
   HW_ALU_READ_CONST,   /* kcache, constant file, literal or inline constant */
   HW_ALU_READ_PV_PS,   /* the previous group's results: no port, but a cycle */
   HW_ALU_READ_NONE,    /* anything else (reserved selects) */
};

struct hw_alu_read {
   uint8_t kind;        /* enum hw_alu_read_kind */
   uint8_t chan;        /* 0..3 */
   uint16_t gpr;        /* HW_ALU_READ_GPR: the register */
};

/* The GPR each (cycle, channel) port of a group reads, -1 while free. */
struct hw_read_ports {
   int16_t gpr[3][4];
};

enum hw_read_port_result {
   HW_READ_PORTS_OK,
   HW_READ_PORTS_BAD_SWIZZLE,   /* the code is no swizzle of the slot's kind */
   HW_READ_PORTS_CONST_CYCLE,   /* a trans GPR/PV/PS operand in a cycle of its constants */
   HW_READ_PORTS_BUSY,          /* the channel's port already reads another GPR */
};

/* Where a reservation failed: the operand, its cycle, the trans slot's constant count
 * (HW_READ_PORTS_CONST_CYCLE) and the GPR the port holds (HW_READ_PORTS_BUSY). */
struct hw_read_port_fault {
   unsigned src, cycle, nconst;
   int held_gpr;
};

void hw_read_ports_init(struct hw_read_ports *ports);

/* Reserves the ports the nsrc operands of one instruction read under BANK_SWIZZLE code
 * `swizzle` (src1 equal to src0 in a vector slot reuses src0's read). On failure the ports
 * are unchanged and *fault (may be NULL) says where. */
enum hw_read_port_result hw_read_ports_reserve(struct hw_read_ports *ports, bool trans,
                                               unsigned swizzle, const struct hw_alu_read *src,
                                               unsigned nsrc, struct hw_read_port_fault *fault);

#endif
