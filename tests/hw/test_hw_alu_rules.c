/* The ALU group rules of hw/hw_alu_group.h and hw/hw_alu_readport.h against results worked
 * out by hand from the rules stated there (docs/r600-hardware-notes.md §4.2):
 * - literals: at most 4 per group, stored padded to an even number of dwords;
 * - constant reads: R6xx allows 4 distinct (constant, channel) pairs per group, R7xx 2
 *   distinct (constant, half) pairs with x, y one half and z, w the other;
 * - read ports: one GPR per (cycle, channel); BANK_SWIZZLE names the cycles of src0, src1,
 *   src2; the trans slot reads its constants first. */
#include "hw/hw_alu_group.h"
#include "hw/hw_alu_readport.h"

#include "check.h"

enum { X, Y, Z, W };

static void check_literals(void)
{
   CHECK_EQ(HW_ALU_GROUP_MAX_LITERALS, 4);
   CHECK_EQ(hw_alu_literal_dwords(0), 0);
   CHECK_EQ(hw_alu_literal_dwords(1), 2);   /* one literal and its pad */
   CHECK_EQ(hw_alu_literal_dwords(2), 2);
   CHECK_EQ(hw_alu_literal_dwords(3), 4);
   CHECK_EQ(hw_alu_literal_dwords(4), 4);
}

static void check_const_reads_r6xx(void)
{
   struct hw_const_reads r;
   hw_const_reads_init(&r, HW_CHIP_R6XX);
   /* four distinct (constant, channel) pairs fit */
   CHECK(hw_const_reads_add(&r, 10, X));
   CHECK(hw_const_reads_add(&r, 10, Y));
   CHECK(hw_const_reads_add(&r, 11, X));
   CHECK(hw_const_reads_add(&r, 12, W));
   CHECK(hw_const_reads_add(&r, 10, X), "a pair read again costs nothing");
   CHECK(!hw_const_reads_add(&r, 10, Z), "a fifth pair: same constant, other channel");
   CHECK(!hw_const_reads_add(&r, 13, X), "a fifth pair: other constant, same channel");
   CHECK_EQ(r.n, 4, "pairs kept after refusals");
   CHECK(hw_const_reads_add(&r, 12, W), "the kept pairs still read after a refusal");

   /* the four channels of one constant are four pairs */
   hw_const_reads_init(&r, HW_CHIP_R6XX);
   for (unsigned c = X; c <= W; c++)
      CHECK(hw_const_reads_add(&r, 1, c));
   CHECK(!hw_const_reads_add(&r, 2, X));
}

static void check_const_reads_r7xx(void)
{
   struct hw_const_reads r;
   hw_const_reads_init(&r, HW_CHIP_R7XX);
   CHECK(hw_const_reads_add(&r, 10, X));
   CHECK(hw_const_reads_add(&r, 10, Y), "x and y are one half");
   CHECK(hw_const_reads_add(&r, 10, Z), "z: the second pair");
   CHECK(hw_const_reads_add(&r, 10, W), "z and w are one half");
   CHECK(!hw_const_reads_add(&r, 11, X), "a third pair");
   CHECK(!hw_const_reads_add(&r, 11, W), "a third pair");
   CHECK_EQ(r.n, 2, "pairs kept after refusals");

   hw_const_reads_init(&r, HW_CHIP_R7XX);
   CHECK(hw_const_reads_add(&r, 5, X));
   CHECK(hw_const_reads_add(&r, 6, Y));
   CHECK(!hw_const_reads_add(&r, 5, Z), "constant 5's zw half is a third pair");
   CHECK(hw_const_reads_add(&r, 6, X), "constant 6's xy half is read already");
}

static struct hw_alu_read gpr(unsigned reg, unsigned chan)
{
   return (struct hw_alu_read){ .kind = HW_ALU_READ_GPR, .chan = (uint8_t)chan, .gpr = (uint16_t)reg };
}

static const struct hw_alu_read konst = { .kind = HW_ALU_READ_CONST };

static void check_swizzle_cycles(void)
{
   const uint8_t *c = hw_alu_swizzle_cycles(2, false);   /* SQ_ALU_VEC_120 */
   CHECK(c && c[0] == 1 && c[1] == 2 && c[2] == 0, "VEC_120 reads src0, src1, src2 in 1, 2, 0");
   c = hw_alu_swizzle_cycles(0, true);                  /* SQ_ALU_SCL_210 */
   CHECK(c && c[0] == 2 && c[1] == 1 && c[2] == 0, "SCL_210 reads src0, src1, src2 in 2, 1, 0");
   CHECK(!hw_alu_swizzle_cycles(HW_ALU_VEC_SWIZZLES, false));
   CHECK(!hw_alu_swizzle_cycles(HW_ALU_SCL_SWIZZLES, true));
}

static void check_vector_ports(void)
{
   struct hw_read_ports p;
   struct hw_read_port_fault f;
   hw_read_ports_init(&p);
   /* VEC_012: R1.x in cycle 0, R2.x in cycle 1 */
   const struct hw_alu_read a[2] = { gpr(1, X), gpr(2, X) };
   CHECK_EQ(hw_read_ports_reserve(&p, false, 0, a, 2, &f), HW_READ_PORTS_OK);

   /* a second instruction reading R3.x as src0 */
   const struct hw_alu_read b[1] = { gpr(3, X) };
   CHECK_EQ(hw_read_ports_reserve(&p, false, 0, b, 1, &f), HW_READ_PORTS_BUSY, "VEC_012: cycle 0");
   CHECK(f.src == 0 && f.cycle == 0 && f.held_gpr == 1, "the x port of cycle 0 holds R1");
   CHECK_EQ(hw_read_ports_reserve(&p, false, 2, b, 1, &f), HW_READ_PORTS_BUSY, "VEC_120: cycle 1");
   CHECK(f.cycle == 1 && f.held_gpr == 2, "the x port of cycle 1 holds R2");
   CHECK_EQ(p.gpr[2][X], -1, "a failed reservation changes nothing");
   CHECK_EQ(hw_read_ports_reserve(&p, false, 4, b, 1, &f), HW_READ_PORTS_OK, "VEC_201: cycle 2");
   CHECK_EQ(p.gpr[2][X], 3);
   const struct hw_alu_read y[1] = { gpr(4, Y) };
   CHECK_EQ(hw_read_ports_reserve(&p, false, 0, y, 1, &f), HW_READ_PORTS_OK, "the y port is free");

   /* src1 equal to src0 reuses its read: cycle 1 stays free */
   hw_read_ports_init(&p);
   const struct hw_alu_read same[2] = { gpr(5, Z), gpr(5, Z) };
   CHECK_EQ(hw_read_ports_reserve(&p, false, 0, same, 2, &f), HW_READ_PORTS_OK);
   CHECK(p.gpr[0][Z] == 5 && p.gpr[1][Z] == -1, "src1 = src0 takes one port");
   CHECK_EQ(hw_read_ports_reserve(&p, false, 6, same, 2, &f), HW_READ_PORTS_BAD_SWIZZLE);
}

static void check_trans_ports(void)
{
   struct hw_read_ports p;
   struct hw_read_port_fault f;
   hw_read_ports_init(&p);
   /* one constant, then a GPR in cycle 1 (SCL_210): after the constant's cycle 0 */
   const struct hw_alu_read one[2] = { konst, gpr(1, Y) };
   CHECK_EQ(hw_read_ports_reserve(&p, true, 0, one, 2, &f), HW_READ_PORTS_OK);
   /* two constants take cycles 0 and 1: src2 in cycle 0 (SCL_210) is too early ... */
   const struct hw_alu_read two[3] = { konst, konst, gpr(2, W) };
   CHECK_EQ(hw_read_ports_reserve(&p, true, 0, two, 3, &f), HW_READ_PORTS_CONST_CYCLE);
   CHECK(f.src == 2 && f.cycle == 0 && f.nconst == 2, "src2 in cycle 0 after two constants");
   /* ... in cycle 2 (SCL_122) it fits */
   CHECK_EQ(hw_read_ports_reserve(&p, true, 1, two, 3, &f), HW_READ_PORTS_OK);
   CHECK_EQ(p.gpr[2][W], 2);
   CHECK_EQ(HW_ALU_TRANS_MAX_CONSTS, 2);
}

int main(void)
{
   check_literals();
   check_const_reads_r6xx();
   check_const_reads_r7xx();
   check_swizzle_cycles();
   check_vector_ports();
   check_trans_ports();
   return check_report();
}
