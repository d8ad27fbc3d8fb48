/* The operand limits of one ALU instruction group besides its GPR read ports (those are in
 * hw_alu_readport.h), from docs/r600-hardware-notes.md §4.2 "Literal and constant limits":
 * - literals: a group reads at most 4 literal dwords, stored right after it and padded to
 *   an even count (1-2 literals take 2 dwords, 3-4 take 4);
 * - constants: the kcache and constant-file reads of a group may name at most 4 distinct
 *   (constant, channel) pairs on R6xx; on R7xx at most 2 distinct (constant, half) pairs,
 *   where channels x, y form one half and z, w the other.
 *
 * The one statement of these limits: the driver's scheduler packs groups with them and the
 * ISA tools check groups with them. Code in auxiliary/hw/hw_alu_group.c. */
#ifndef HW_ALU_GROUP_H
#define HW_ALU_GROUP_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/hw_chip.h"

#define HW_ALU_GROUP_MAX_LITERALS 4u

/* The literal dwords stored after a group whose literals reach `nliterals` (0..4). */
unsigned hw_alu_literal_dwords(unsigned nliterals);

#define HW_ALU_GROUP_MAX_CONST_READS 4u   /* the larger of the chips' limits */

/* The distinct constant reads of one group so far. */
struct hw_const_reads {
   uint8_t max;        /* the chip's limit on distinct pairs */
   bool by_half;       /* pairs name a channel half (R7xx), not a channel (R6xx) */
   uint8_t n;
   uint32_t constant[HW_ALU_GROUP_MAX_CONST_READS];
   uint8_t part[HW_ALU_GROUP_MAX_CONST_READS];
};

void hw_const_reads_init(struct hw_const_reads *reads, enum hw_chip chip);

/* Adds a read of channel `chan` (0..3) of `constant` (any number that names one constant
 * for the whole group). False, with the set unchanged, when the read would be one distinct
 * pair more than the chip allows. */
bool hw_const_reads_add(struct hw_const_reads *reads, uint32_t constant, unsigned chan);

#endif
