/* MEM_SCRATCH on both chips and both engines (include/hw/hw_scratch.h): WRITE of a burst
 * of GPRs to each lane's scratch item, READ back with a component mask, the item layout
 * in the ring's memory (lane l's item at l * ITEMSIZE dwords, element e at e * 4 dwords),
 * inactive lanes neither writing nor reading, the VS using the VSTMP ring; and the reported
 * faults: no ring, an element past ITEMSIZE, an item past the ring's size, a ring outside
 * GPU memory, the indexed TYPEs. Expectations are worked out here from the documented
 * layout, not from the simulator. */
#include <stdio.h>

#include "common/gpu_memory.h"
#include "hw_scratch.h"
#include "isa_harness.h"

#define ITEM_DW 8u                  /* two vec4 elements a lane */
#define RING_BYTES (SIM_LANES * ITEM_DW * 4u)
#define PS_RUN(...) ((struct run_opts){ .stage = SIM_STAGE_PS, __VA_ARGS__ })

static uint64_t ring_va;

/* MEM_SCRATCH of `burst` elements from `element`, GPRs from `gpr`, ELEM_SIZE 3. */
static void scratch(struct prog *p, unsigned type, unsigned gpr_, unsigned element,
                    unsigned burst, unsigned comp_mask, bool eop)
{
   cf_emit(p, FLD(SQ_CF_ALLOC_EXPORT_WORD0, ARRAY_BASE, element) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, type) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD0, RW_GPR, gpr_) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD0, ELEM_SIZE, 3),
           FLD(SQ_CF_ALLOC_EXPORT_WORD1_BUF, COMP_MASK, comp_mask) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD1, BURST_COUNT, burst - 1) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD1, END_OF_PROGRAM, eop) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST,
                  ENU(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_MEM_SCRATCH)) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD1, BARRIER, 1));
}

/* The stage's ring registers (PS: PSTMP, else VSTMP). */
static void set_ring(bool ps, uint64_t va, uint64_t bytes, unsigned itemsize)
{
   set_reg(ps ? REG_SQ_PSTMP_RING_BASE : REG_SQ_VSTMP_RING_BASE, (uint32_t)(va >> 8));
   set_reg(ps ? REG_SQ_PSTMP_RING_SIZE : REG_SQ_VSTMP_RING_SIZE, (uint32_t)(bytes >> 8));
   set_reg(ps ? REG_SQ_PSTMP_RING_ITEMSIZE : REG_SQ_VSTMP_RING_ITEMSIZE, itemsize);
}

static uint32_t *ring(void)
{
   return sim_mem_range(mem, ring_va, RING_BYTES);
}

/* R1, R2 hold lane-specific words; write both, clobber them, read back crosswise. */
static void build_roundtrip(struct prog *p)
{
   prog_init(p);
   scratch(p, HW_MEM_EXPORT_WRITE, 1, 0, 2, 0xF, false);   /* R1 -> e0, R2 -> e1 */
   alu_begin(p);
   for (unsigned c = 0; c < 4; c++)
      alu(p, (struct alu){ .op = OP2(MOV), .dst = 1, .chan = c, .s0 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0)) }, c == 3);
   cf_alu(p, ALUK(ALU), (struct kcache){0});
   scratch(p, HW_MEM_EXPORT_READ, 5, 1, 1, 0xF, false);    /* e1 -> R5 */
   scratch(p, HW_MEM_EXPORT_READ, 6, 0, 1, 0x5, false);    /* e0.xz -> R6.xz */
   scratch(p, HW_MEM_EXPORT_READ, 7, 0, 2, 0xF, true);     /* e0, e1 -> R7, R8 */
}

static uint32_t word(unsigned reg, unsigned c, unsigned l)
{
   return 0x10000u * reg + 0x100u * c + l;
}

static void init_words(void)
{
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      for (unsigned c = 0; c < 4; c++) {
         init_lanes.gpr[1][c][l] = word(1, c, l);
         init_lanes.gpr[2][c][l] = word(2, c, l);
         init_lanes.gpr[6][c][l] = 0xDEADu;
      }
}

static void test_roundtrip(void)
{
   struct prog p;
   build_roundtrip(&p);
   uint64_t va = upload_prog(&p);
   memset(ring(), 0, RING_BYTES);
   set_ring(true, ring_va, RING_BYTES, ITEM_DW);
   init_words();
   if (!run_both("scratch round trip", va, PS_RUN(.active = 0x7FFF)))
      return;
   uint32_t *m = ring();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      bool on = l < 15;
      for (unsigned c = 0; c < 4; c++) {
         check_u32(m[l * ITEM_DW + c], on ? word(1, c, l) : 0, "ring: lane %u element 0.%u", l, c);
         check_u32(m[l * ITEM_DW + 4 + c], on ? word(2, c, l) : 0, "ring: lane %u element 1.%u", l, c);
      }
      if (!on)
         continue;
      for (unsigned c = 0; c < 4; c++) {
         check_u32(R(1, c, l), 0, "R1 clobbered");
         check_u32(R(5, c, l), word(2, c, l), "READ e1 -> R5.%u lane %u", c, l);
         check_u32(R(6, c, l), c % 2 == 0 ? word(1, c, l) : 0xDEADu,
                   "READ COMP_MASK xz -> R6.%u lane %u", c, l);
         check_u32(R(7, c, l), word(1, c, l), "burst READ -> R7.%u", c);
         check_u32(R(8, c, l), word(2, c, l), "burst READ -> R8.%u", c);
      }
   }
   /* lane 15 was inactive: it read nothing either */
   check_u32(R(5, 0, 15), 0, "inactive lane: no READ");

   /* a vertex shader uses the VSTMP ring */
   memset(ring(), 0, RING_BYTES);
   set_ring(true, 0, 0, 0);
   set_ring(false, ring_va, RING_BYTES, ITEM_DW);
   init_words();
   if (run_both("scratch in a VS", va, (struct run_opts){ .stage = SIM_STAGE_VS }))
      for (unsigned l = 0; l < SIM_LANES; l++)
         check_u32(R(5, 3, l), word(2, 3, l), "VS: READ through the VSTMP ring, lane %u", l);
   check_u32(ring()[3 * ITEM_DW + 4], word(2, 0, 3), "VS: lane 3 element 1 in the VSTMP ring");
   set_ring(false, 0, 0, 0);
}

static void test_faults(void)
{
   struct prog p;
   build_roundtrip(&p);
   uint64_t va = upload_prog(&p);
   init_words();
   set_ring(true, 0, 0, 0);
   expect_fault("no ring", va, PS_RUN(), "without a scratch ring (SQ_PSTMP_RING_SIZE 0");
   set_ring(true, ring_va, RING_BYTES, 0);
   expect_fault("ITEMSIZE 0", va, PS_RUN(), "without a scratch ring");
   set_ring(true, ring_va, RING_BYTES, 4);   /* one element: e1 is past the item */
   expect_fault("element past ITEMSIZE", va, PS_RUN(), "element 1 past the 4-dword item");
   set_ring(true, ring_va, RING_BYTES / 2, ITEM_DW);   /* room for lanes 0..7 only */
   expect_fault("item past the ring", va, PS_RUN(), "item of slot 8 past SQ_PSTMP_RING_SIZE");
   set_ring(true, ring_va, RING_BYTES / 2, ITEM_DW);
   init_words();
   if (run_both("lanes 0..7 fit a half ring", va, PS_RUN(.active = 0x00FF)))
      check_u32(R(5, 1, 7), word(2, 1, 7), "lane 7 uses the ring's last item");
   set_ring(true, 0xF000000000ull, RING_BYTES, ITEM_DW);
   expect_fault("ring outside memory", va, PS_RUN(), "is not in GPU memory");
   set_ring(true, ring_va, RING_BYTES, ITEM_DW);
   expect_fault("ring only for the PS", va, (struct run_opts){ .stage = SIM_STAGE_VS },
                "SQ_VSTMP_RING_SIZE 0");
   for (unsigned type = HW_MEM_EXPORT_WRITE_IND; type <= HW_MEM_EXPORT_READ_IND; type += 2) {
      prog_init(&p);
      scratch(&p, type, 1, 0, 1, 0xF, true);
      expect_fault("indexed scratch", upload_prog(&p), PS_RUN(), "indexed scratch access");
   }
   set_ring(true, 0, 0, 0);
}

static void tests(void)
{
   static uint8_t zero[RING_BYTES];
   if (!ring_va)
      ring_va = upload(zero, sizeof(zero));
   test_roundtrip();
   test_faults();
}

int main(void)
{
   return run_on_both_chips(tests);
}
