/* Packing scalar ALU operations (on GPRs) into VLIW5 instruction groups and ALU clauses,
 * obeying the group rules of docs/r600-hardware-notes.md §4.2/§4.3: slots, trans-only and reduction
 * ops, literal and constant-read limits, GPR read ports (BANK_SWIZZLE), one KILL/PRED_SET per
 * group, kcache lines per clause and the clause size. An operation joins the earliest group of
 * the open clause that it does not depend on through a later group (first fit; operations that
 * touch AR, the exec mask or kill stay in program order), else it starts the next group. */
#ifndef R600_ALU_SCHED_H
#define R600_ALU_SCHED_H

#include "hw/hw_alu_group.h"
#include "r600_mir.h"

#define R600_SLOT_T 4u

struct r600_alu_group {
   struct mir_alu slot[5];   /* x, y, z, w, t */
   uint8_t used;             /* bit n: slot n holds an instruction */
   uint8_t bank_swizzle[5];
   uint32_t literal[HW_ALU_GROUP_MAX_LITERALS];
   unsigned num_literals;
};

struct r600_kcache_lock {
   uint8_t mode;             /* enum r600_kcache_mode */
   uint8_t line;             /* first locked line of constant buffer 0 */
};

struct r600_alu_clause {
   struct r600_alu_group *groups;
   unsigned num_groups, cap_groups;   /* the last group still accepts instructions */
   uint16_t lines[4];        /* kcache lines used, ascending */
   unsigned num_lines;
};

/* Adds one instruction (n = 1) or the four lanes of a reduction (n = 4, lanes x..w) to the
 * clause. Returns 1 when added, 0 when the clause is full (the caller starts a new clause
 * and adds again), -1 when out of memory. */
int r600_alu_clause_add(struct r600_alu_clause *c, const struct mir_alu *ops, unsigned n,
                        enum hw_chip chip);
/* 64-bit slots of the clause, literals included. */
unsigned r600_alu_clause_slots(const struct r600_alu_clause *c);
/* The (at most two) kcache locks covering the clause's constants. */
void r600_alu_clause_kcache(const struct r600_alu_clause *c, struct r600_kcache_lock lock[2]);
/* True when the constant, literal and kcache operands of one instruction (n = 1) or of a
 * reduction's lanes (n = 4) can be read in one group and one clause; the lowering copies
 * operands into temporaries until this holds. */
bool r600_alu_group_fits(const struct mir_alu *ops, unsigned n, enum hw_chip chip);
void r600_alu_clause_free(struct r600_alu_clause *c);

#endif
