/* The command processor, GPU memory and fault log through include/r600sim/gpu.h: hand-built
 * packet streams (well-formed and malformed) and the register values / memory / faults
 * they must produce, plus a fuzz run that must not crash. */
#include <stdlib.h>

#include "device/gpu_debug.h"
#include "common/gpu_memory.h"
#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"

static struct r600_gpu *gpu;
static unsigned fault_mark;

/* Faults raised since the last call. */
static unsigned new_faults(void)
{
   return pm4p_new_faults(gpu, &fault_mark);
}

static uint32_t reg(uint32_t byte_offset)
{
   return r600_gpu_debug_regs(gpu)[byte_offset / 4];
}

static void submit(const struct ib *ib)
{
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib->dw, ib->n));
}

static void test_chip_names(void)
{
   enum hw_chip c;
   CHECK(hw_chip_from_name("r600", &c) && c == HW_CHIP_R6XX, "r600");
   CHECK(hw_chip_from_name("rv770", &c) && c == HW_CHIP_R7XX, "rv770");
   CHECK(!hw_chip_from_name("rv7700", &c) && !hw_chip_from_name(NULL, &c), "bad names");
   CHECK(!strcmp(hw_chip_name(HW_CHIP_R7XX), "rv770"), "name of rv770");
}

static void test_memory(void)
{
   uint64_t a = r600_gpu_alloc(gpu, 1000, 256);
   uint64_t b = r600_gpu_alloc(gpu, 4096, 4096);
   CHECK(a && b && a != b, "alloc");
   CHECK(a % 256 == 0 && b % 4096 == 0, "alignment");
   CHECK(a >> 40 == 0 && b >> 40 == 0, "40-bit VAs");
   CHECK(r600_gpu_alloc(gpu, 0, 256) == 0, "zero-size alloc fails");
   CHECK(r600_gpu_alloc(gpu, 16, 300) == 0, "non-power-of-two alignment fails");
   uint8_t *p = r600_gpu_map(gpu, a);
   CHECK(p && p[0] == 0 && p[999] == 0, "zeroed and mapped");
   CHECK(r600_gpu_map(gpu, a + 4) == NULL, "map needs the buffer start");
   struct sim_memory *m = r600_gpu_debug_memory(gpu);
   CHECK(sim_mem_range(m, a, 1000) == p, "whole range");
   CHECK(sim_mem_range(m, a + 996, 4) == p + 996, "last dword");
   CHECK(sim_mem_range(m, a + 997, 4) == NULL, "range past the end");
   CHECK(sim_mem_range(m, a + 1000, 1) == NULL, "first byte after the end");
   CHECK(sim_mem_range(m, a - 1, 2) == NULL, "range before the start");
   CHECK(sim_mem_range(m, 0, 4) == NULL, "VA 0 is never mapped");
   r600_gpu_free(gpu, a);
   CHECK(sim_mem_range(m, a, 4) == NULL && r600_gpu_map(gpu, a) == NULL, "freed");
   r600_gpu_free(gpu, b);
}

static void test_set_packets(void)
{
   struct ib ib = { .n = 0 };
   ib_ctx(&ib, REG_PA_SU_VTX_CNTL, 0x2D);
   /* Three consecutive context registers in one packet. */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_SET_CONTEXT_REG, 4));
   ib_put(&ib, (REG_PA_CL_VPORT_XSCALE_0 - PM4_SET_CONTEXT_REG_WINDOW_START) >> 2);
   ib_put(&ib, f2u(32.0f));
   ib_put(&ib, f2u(33.0f));
   ib_put(&ib, f2u(-34.0f));
   ib_cfg(&ib, REG_VGT_PRIMITIVE_TYPE, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP);
   /* A vertex-buffer resource at slot 320 (7 dwords). */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_SET_RESOURCE, 8));
   ib_put(&ib, 320 * 7);
   for (uint32_t i = 0; i < 7; i++)
      ib_put(&ib, 0x1000 + i);
   /* Sampler 18 (3 dwords), ALU constant, loop, bool and ctl constants. */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_SET_SAMPLER, 4));
   ib_put(&ib, 18 * 3);
   ib_put(&ib, 0xA);
   ib_put(&ib, 0xB);
   ib_put(&ib, 0xC);
   ib_set(&ib, PM4_IT_SET_ALU_CONST, PM4_SET_ALU_CONST_WINDOW_START,
          PM4_SET_ALU_CONST_WINDOW_START + 0x40, 0x3F800000);
   ib_set(&ib, PM4_IT_SET_LOOP_CONST, PM4_SET_LOOP_CONST_WINDOW_START,
          PM4_SET_LOOP_CONST_WINDOW_START + 32 * 4, 0x01000FFF);
   ib_set(&ib, PM4_IT_SET_BOOL_CONST, PM4_SET_BOOL_CONST_WINDOW_START,
          PM4_SET_BOOL_CONST_WINDOW_START + 4, 0x5);
   ib_set(&ib, PM4_IT_SET_CTL_CONST, PM4_SET_CTL_CONST_WINDOW_START,
          PM4_SET_CTL_CONST_WINDOW_START + 4, 7);
   /* Type 0 and type 2. */
   ib_put(&ib, PM4_TYPE0_HDR(REG_CB_TARGET_MASK, 2));
   ib_put(&ib, 0xF);
   ib_put(&ib, 0xE);
   ib_put(&ib, PM4_TYPE2);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_INDEX_TYPE, 1));
   ib_put(&ib, VGT_DMA_INDEX_TYPE__INDEX_TYPE(VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_32));
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_NUM_INSTANCES, 1));
   ib_put(&ib, 3);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_CONTEXT_CONTROL, 2));
   ib_put(&ib, 0x80000000);
   ib_put(&ib, 0x80000000);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_SURFACE_SYNC, 4));
   ib_put(&ib, CP_COHER_CNTL__SH_ACTION_ENA(1));
   ib_put(&ib, 0xFFFFFFFF);
   ib_put(&ib, 0);
   ib_put(&ib, 10);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_NOP, 3));
   ib_put(&ib, 0xDEADBEEF);
   ib_put(&ib, 0xC0FFEE);
   ib_put(&ib, 0x12345678);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_EVENT_WRITE, 1));
   ib_put(&ib, VGT_EVENT_INITIATOR__EVENT_TYPE(
                  VGT_EVENT_INITIATOR__EVENT_TYPE__CACHE_FLUSH_AND_INV_EVENT));
   submit(&ib);

   CHECK(new_faults() == 0, "well-formed stream raised faults");
   CHECK(reg(REG_PA_SU_VTX_CNTL) == 0x2D, "PA_SU_VTX_CNTL = 0x%X", reg(REG_PA_SU_VTX_CNTL));
   CHECK(reg(REG_PA_CL_VPORT_XSCALE_0) == f2u(32.0f) && reg(REG_PA_CL_VPORT_XOFFSET_0) == f2u(33.0f)
         && reg(REG_PA_CL_VPORT_YSCALE_0) == f2u(-34.0f), "three consecutive registers");
   CHECK(reg(REG_VGT_PRIMITIVE_TYPE) == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP, "config reg");
   CHECK(reg(REG_SQ_VTX_CONSTANT_WORD0_0 + 320 * 28) == 0x1000 &&
         reg(REG_SQ_VTX_CONSTANT_WORD6_0 + 320 * 28) == 0x1006, "resource slot 320");
   CHECK(reg(REG_SQ_TEX_SAMPLER_WORD0_0 + 18 * 12) == 0xA &&
         reg(REG_SQ_TEX_SAMPLER_WORD0_0 + 18 * 12 + 8) == 0xC, "sampler slot 18");
   CHECK(reg(PM4_SET_ALU_CONST_WINDOW_START + 0x40) == 0x3F800000, "ALU constant");
   CHECK(reg(PM4_SET_LOOP_CONST_WINDOW_START + 128) == 0x01000FFF, "loop constant");
   CHECK(reg(PM4_SET_BOOL_CONST_WINDOW_START + 4) == 5, "bool constant");
   CHECK(reg(PM4_SET_CTL_CONST_WINDOW_START + 4) == 7, "ctl constant");
   CHECK(reg(REG_CB_TARGET_MASK) == 0xF && reg(REG_CB_SHADER_MASK) == 0xE, "type-0 packet");
   CHECK(VGT_DMA_INDEX_TYPE__INDEX_TYPE__get(reg(REG_VGT_DMA_INDEX_TYPE)) ==
         VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_32, "INDEX_TYPE");
   CHECK(reg(REG_VGT_NUM_INSTANCES) == 3, "NUM_INSTANCES");
   CHECK(CP_COHER_CNTL__SH_ACTION_ENA__get(reg(REG_CP_COHER_CNTL)) &&
         reg(REG_CP_COHER_SIZE) == 0xFFFFFFFF, "SURFACE_SYNC registers");
   CHECK(VGT_EVENT_INITIATOR__EVENT_TYPE__get(reg(REG_VGT_EVENT_INITIATOR)) ==
         VGT_EVENT_INITIATOR__EVENT_TYPE__CACHE_FLUSH_AND_INV_EVENT, "EVENT_WRITE");
}

static void test_memory_packets(void)
{
   uint64_t va = r600_gpu_alloc(gpu, 256, 256);
   uint32_t *m = r600_gpu_map(gpu, va);
   struct ib ib = { .n = 0 };
   /* EVENT_WRITE_EOP, 32-bit data (the kernel fence form: DATA_SEL 1, INT_SEL 2). */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_EVENT_WRITE_EOP, 5));
   ib_put(&ib, VGT_EVENT_INITIATOR__EVENT_TYPE(
                  VGT_EVENT_INITIATOR__EVENT_TYPE__CACHE_FLUSH_AND_INV_TS_EVENT) |
                  PM4_EVENT_WRITE__EVENT_INDEX(5));
   ib_put(&ib, (uint32_t)va);
   ib_put(&ib, (uint32_t)(va >> 32) | PM4_EVENT_WRITE_EOP__DATA_SEL(1) |
                  PM4_EVENT_WRITE_EOP__INT_SEL(2));
   ib_put(&ib, 0x11111111);
   ib_put(&ib, 0x22222222);
   /* 64-bit data at +8. */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_EVENT_WRITE_EOP, 5));
   ib_put(&ib, 0);
   ib_put(&ib, (uint32_t)(va + 8));
   ib_put(&ib, (uint32_t)((va + 8) >> 32) | PM4_EVENT_WRITE_EOP__DATA_SEL(2));
   ib_put(&ib, 0x33333333);
   ib_put(&ib, 0x44444444);
   /* MEM_WRITE 64-bit at +16 and 32-bit at +32. */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_MEM_WRITE, 4));
   ib_put(&ib, (uint32_t)(va + 16));
   ib_put(&ib, (uint32_t)((va + 16) >> 32));
   ib_put(&ib, 0x55555555);
   ib_put(&ib, 0x66666666);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_MEM_WRITE, 4));
   ib_put(&ib, (uint32_t)(va + 32));
   ib_put(&ib, (uint32_t)((va + 32) >> 32) | (1u << 18));
   ib_put(&ib, 0x77777777);
   ib_put(&ib, 0x88888888);
   /* WAIT_REG_MEM on the fence value: satisfied (function 3 =, memory space). */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_WAIT_REG_MEM, 6));
   ib_put(&ib, 3u | (1u << 4));
   ib_put(&ib, (uint32_t)va);
   ib_put(&ib, (uint32_t)(va >> 32));
   ib_put(&ib, 0x11111111);
   ib_put(&ib, 0xFFFFFFFF);
   ib_put(&ib, 10);
   submit(&ib);
   CHECK(new_faults() == 0, "memory packets raised faults");
   CHECK(m[0] == 0x11111111 && m[1] == 0, "EOP 32-bit: %08X %08X", m[0], m[1]);
   CHECK(m[2] == 0x33333333 && m[3] == 0x44444444, "EOP 64-bit");
   CHECK(m[4] == 0x55555555 && m[5] == 0x66666666, "MEM_WRITE 64-bit");
   CHECK(m[8] == 0x77777777 && m[9] == 0, "MEM_WRITE 32-bit");

   /* Bad addresses and an unsatisfiable wait: one fault each, nothing written. */
   ib.n = 0;
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_MEM_WRITE, 4));
   ib_put(&ib, (uint32_t)(va + 252));         /* 8 bytes at the last dword: crosses the end */
   ib_put(&ib, (uint32_t)((va + 252) >> 32));
   ib_put(&ib, 1);
   ib_put(&ib, 2);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_EVENT_WRITE_EOP, 5));
   ib_put(&ib, 0);
   ib_put(&ib, 0x100);                        /* unmapped */
   ib_put(&ib, PM4_EVENT_WRITE_EOP__DATA_SEL(1));
   ib_put(&ib, 1);
   ib_put(&ib, 0);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_WAIT_REG_MEM, 6));
   ib_put(&ib, 3u | (1u << 4));
   ib_put(&ib, (uint32_t)va);
   ib_put(&ib, (uint32_t)(va >> 32));
   ib_put(&ib, 0x12345678);
   ib_put(&ib, 0xFFFFFFFF);
   ib_put(&ib, 10);
   submit(&ib);
   CHECK(new_faults() == 3, "three bad memory packets");
   CHECK(m[63] == 0, "no partial write at the end of the buffer");
   r600_gpu_free(gpu, va);
}

static void put_cp_dma(struct ib *ib, uint64_t dst, uint64_t src, uint32_t command)
{
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_CP_DMA, 5));
   ib_put(ib, (uint32_t)src);
   ib_put(ib, (uint32_t)(src >> 32) | (1u << 31));   /* CP_SYNC */
   ib_put(ib, (uint32_t)dst);
   ib_put(ib, (uint32_t)(dst >> 32));
   ib_put(ib, command);
}

/* CP_DMA copies bytes between buffers (command = byte count, hardware notes §2.4); register
 * spaces, fixed addresses, swaps and ranges outside a buffer are faults that copy nothing. */
static void test_cp_dma(void)
{
   uint64_t a = r600_gpu_alloc(gpu, 4096, 256), b = r600_gpu_alloc(gpu, 4096, 256);
   uint8_t *pa = r600_gpu_map(gpu, a), *pb = r600_gpu_map(gpu, b);
   for (unsigned i = 0; i < 4096; i++)
      pa[i] = (uint8_t)(i * 7 + 1);
   struct ib ib = { .n = 0 };
   put_cp_dma(&ib, b + 3, a + 5, 1000);        /* unaligned, between buffers */
   put_cp_dma(&ib, a + 2048, a, 0);            /* zero bytes: nothing */
   submit(&ib);
   CHECK(new_faults() == 0, "CP_DMA raised faults");
   bool same = true;
   for (unsigned i = 0; i < 1000; i++)
      same &= pb[3 + i] == (uint8_t)((5 + i) * 7 + 1);
   CHECK(same && pb[2] == 0 && pb[1003] == 0, "CP_DMA copied bytes 5..1004 to 3..1002 only");
   CHECK(pa[2048] == (uint8_t)(2048 * 7 + 1), "zero-byte CP_DMA wrote nothing");

   ib.n = 0;
   put_cp_dma(&ib, b + 4000, a, 200);           /* destination crosses the end */
   put_cp_dma(&ib, b, 0x100, 4);                /* unmapped source */
   put_cp_dma(&ib, b, a, 4 | (1u << 26));       /* SAS: source is a register */
   put_cp_dma(&ib, b, a, 4 | (1u << 27));       /* DAS */
   put_cp_dma(&ib, b, a, 4 | (1u << 28));       /* SAIC */
   put_cp_dma(&ib, b, a, 4 | (1u << 29));       /* DAIC */
   put_cp_dma(&ib, b, a, 4 | (1u << 22));       /* SRC_SWAP 8 in 16 */
   put_cp_dma(&ib, b, a, 4 | (2u << 24));       /* DST_SWAP 8 in 32 */
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_CP_DMA, 4)); /* a body one dword short */
   for (unsigned i = 0; i < 4; i++)
      ib_put(&ib, 0);
   submit(&ib);
   CHECK(new_faults() == 9, "nine bad CP_DMA packets");
   CHECK(pb[0] == 0 && pb[4000] == 0 && pb[4095] == 0, "bad CP_DMA packets wrote nothing");
   r600_gpu_free(gpu, a);
   r600_gpu_free(gpu, b);
}

/* Each malformed packet is followed by a good SET_CONTEXT_REG: the fault is raised and
 * parsing resynchronizes at the next packet. */
static void expect_resync(const char *what, const uint32_t *bad, unsigned n, unsigned faults)
{
   static uint32_t marker = 0x100;
   struct ib ib = { .n = 0 };
   for (unsigned i = 0; i < n; i++)
      ib_put(&ib, bad[i]);
   ib_ctx(&ib, REG_CB_CLRCMP_SRC, ++marker);
   submit(&ib);
   unsigned nf = new_faults();
   CHECK(nf == faults, "%s: %u faults, expected %u", what, nf, faults);
   CHECK(reg(REG_CB_CLRCMP_SRC) == marker, "%s: next packet not executed", what);
}

static void test_malformed(void)
{
   const uint32_t ctx = PM4_SET_CONTEXT_REG_WINDOW_START;
   uint32_t before = reg(REG_PA_SU_VTX_CNTL);

   uint32_t unknown[] = { PM4_TYPE3_HDR(0xFF, 2), 1, 2 };
   expect_resync("unknown opcode", unknown, 3, 1);
   uint32_t outside[] = { PM4_TYPE3_HDR(PM4_IT_SET_CONTEXT_REG, 2), 0x400, 5 };
   expect_resync("register index past the window", outside, 3, 1);
   uint32_t crossing[] = { PM4_TYPE3_HDR(PM4_IT_SET_CONTEXT_REG, 3),
                           (PM4_SET_CONTEXT_REG_WINDOW_END - ctx) / 4 - 1, 1, 2 };
   expect_resync("values crossing the window end", crossing, 4, 1);
   uint32_t huge_index[] = { PM4_TYPE3_HDR(PM4_IT_SET_CONFIG_REG, 2), 0xFFFFFFFF, 5 };
   expect_resync("index overflowing the address", huge_index, 3, 1);
   uint32_t empty_set[] = { PM4_TYPE3_HDR(PM4_IT_SET_CONTEXT_REG, 1), 0 };
   expect_resync("SET without values", empty_set, 2, 1);
   uint32_t res6[] = { PM4_TYPE3_HDR(PM4_IT_SET_RESOURCE, 7), 0, 1, 2, 3, 4, 5, 6 };
   expect_resync("SET_RESOURCE of 6 dwords", res6, 8, 1);
   uint32_t res_misaligned[] = { PM4_TYPE3_HDR(PM4_IT_SET_RESOURCE, 8), 3, 1, 2, 3, 4, 5, 6, 7 };
   expect_resync("SET_RESOURCE not at a slot", res_misaligned, 9, 1);
   uint32_t ctl_len[] = { PM4_TYPE3_HDR(PM4_IT_CONTEXT_CONTROL, 1), 0 };
   expect_resync("CONTEXT_CONTROL of 1 dword", ctl_len, 2, 1);
   uint32_t start3d[] = { PM4_TYPE3_HDR(PM4_IT_START_3D_CMDBUF, 1), 0 };
   expect_resync("START_3D_CMDBUF on rv770", start3d, 2, 1);
   uint32_t pred[] = { PM4_TYPE3_HDR(PM4_IT_SET_PREDICATION, 2), 0, 0 };
   expect_resync("SET_PREDICATION", pred, 3, 1);
   uint32_t type0_end[] = { PM4_TYPE0_HDR(0x3FFFC, 2), 1, 2 };
   expect_resync("type 0 past the register space", type0_end, 3, 1);
   uint32_t eop_len[] = { PM4_TYPE3_HDR(PM4_IT_EVENT_WRITE_EOP, 3), 0, 0, 0 };
   expect_resync("EVENT_WRITE_EOP of 3 dwords", eop_len, 4, 1);
   uint32_t draw_src[] = { PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_AUTO, 2), 3,
                           VGT_DRAW_INITIATOR__SOURCE_SELECT(
                              VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_DMA) };
   expect_resync("DRAW_INDEX_AUTO with a DMA initiator", draw_src, 3, 1);
   uint32_t immd_short[] = { PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX_IMMD, 3), 5,
                             VGT_DRAW_INITIATOR__SOURCE_SELECT(
                                VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_IMMEDIATE),
                             0x00010000 };
   expect_resync("DRAW_INDEX_IMMD with 2 of 5 indices", immd_short, 4, 1);
   uint32_t dma_bad[] = { PM4_TYPE3_HDR(PM4_IT_DRAW_INDEX, 4), 0x200, 0, 3,
                          VGT_DRAW_INITIATOR__SOURCE_SELECT(
                             VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_DMA) };
   expect_resync("DRAW_INDEX from an unmapped index buffer", dma_bad, 5, 1);
   CHECK(reg(REG_PA_SU_VTX_CNTL) == before, "a rejected packet changed a register");

   /* The fault record names the submission and the packet's dword offset. */
   struct ib ib = { .n = 0 };
   ib_ctx(&ib, REG_CB_CLRCMP_DST, 1);   /* 3 dwords */
   ib_put(&ib, PM4_TYPE3_HDR(0xFE, 1));
   ib_put(&ib, 0);
   uint64_t seq = r600_gpu_submit(gpu, ib.dw, ib.n);
   r600_gpu_wait(gpu, seq);
   struct r600_gpu_fault f;
   unsigned total = r600_gpu_faults(gpu, &f, 1);
   CHECK(new_faults() == 1 && total == fault_mark, "fault count");
   CHECK(f.seq == seq && f.dword == 3, "fault record: seq %llu dword %u",
         (unsigned long long)f.seq, f.dword);

   /* A truncated packet ends the command buffer (earlier packets still executed). */
   ib.n = 0;
   ib_ctx(&ib, REG_CB_CLRCMP_MSK, 0x1234);
   ib_put(&ib, PM4_TYPE3_HDR(PM4_IT_SET_CONTEXT_REG, 10));
   ib_put(&ib, (REG_CB_CLRCMP_MSK - ctx) >> 2);
   ib_put(&ib, 0x5678);
   submit(&ib);
   CHECK(new_faults() == 1 && reg(REG_CB_CLRCMP_MSK) == 0x1234, "truncated packet");
   /* A type-1 header cannot be skipped: the rest is dropped. */
   ib.n = 0;
   ib_put(&ib, 0x40000000);
   ib_ctx(&ib, REG_CB_CLRCMP_MSK, 0x9999);
   submit(&ib);
   CHECK(new_faults() == 1 && reg(REG_CB_CLRCMP_MSK) == 0x1234, "type-1 packet");
   /* NULL command buffer and empty submissions. */
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, NULL, 4));
   CHECK(new_faults() == 1, "NULL command buffer");
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, NULL, 0));
   CHECK(new_faults() == 0, "empty submission");
}

static void test_r600_chip(void)
{
   struct r600_gpu *g = r600_gpu_create(HW_CHIP_R6XX);
   CHECK(g && r600_gpu_chip(g) == HW_CHIP_R6XX, "create r600");
   uint32_t ib[] = { PM4_TYPE3_HDR(PM4_IT_START_3D_CMDBUF, 1), 0,
                     PM4_TYPE3_HDR(PM4_IT_SET_CONTEXT_REG, 2),
                     (REG_PA_SU_VTX_CNTL - PM4_SET_CONTEXT_REG_WINDOW_START) >> 2, 0x29 };
   r600_gpu_wait(g, r600_gpu_submit(g, ib, 5));
   CHECK(r600_gpu_faults(g, NULL, 0) == 0, "START_3D_CMDBUF accepted on r600");
   CHECK(r600_gpu_debug_regs(g)[REG_PA_SU_VTX_CNTL / 4] == 0x29, "r600 register write");
   r600_gpu_destroy(g);
}

static void test_fences(void)
{
   uint32_t nop[] = { PM4_TYPE2 };
   uint64_t a = r600_gpu_submit(gpu, nop, 1);
   uint64_t b = r600_gpu_submit(gpu, nop, 1);
   CHECK(a > 0 && b == a + 1, "sequence numbers %llu %llu", (unsigned long long)a,
         (unsigned long long)b);
   r600_gpu_wait(gpu, b);
   CHECK(r600_gpu_completed(gpu) == b, "completed");
}

static void test_fault_ring(void)
{
   uint32_t bad[] = { PM4_TYPE3_HDR(0xFD, 1), 0 };
   unsigned before = r600_gpu_faults(gpu, NULL, 0);
   for (unsigned i = 0; i < 100; i++)
      r600_gpu_wait(gpu, r600_gpu_submit(gpu, bad, 2));
   struct r600_gpu_fault out[200];
   unsigned total = r600_gpu_faults(gpu, out, 200);
   CHECK(total == before + 100, "fault count %u", total);
   uint64_t last = r600_gpu_completed(gpu);
   CHECK(out[63].seq == last && out[62].seq == last - 1, "most recent faults, oldest first");
   CHECK(strstr(out[63].message, "0xFD") != NULL, "message: %s", out[63].message);
   fault_mark = total;
}

/* Random streams: headers of every type with plausible opcodes and lengths, random
 * bodies. Nothing may crash (run under ASan/UBSan in CI); faults are expected. */
static void test_fuzz(void)
{
   uint64_t state = 12345;
   static const unsigned ops[] = {
      PM4_IT_SET_CONTEXT_REG, PM4_IT_SET_CONFIG_REG, PM4_IT_SET_RESOURCE, PM4_IT_SET_SAMPLER,
      PM4_IT_SET_ALU_CONST, PM4_IT_SET_CTL_CONST, PM4_IT_DRAW_INDEX_AUTO, PM4_IT_DRAW_INDEX,
      PM4_IT_DRAW_INDEX_IMMD, PM4_IT_INDEX_TYPE, PM4_IT_NUM_INSTANCES, PM4_IT_EVENT_WRITE,
      PM4_IT_EVENT_WRITE_EOP, PM4_IT_MEM_WRITE, PM4_IT_WAIT_REG_MEM, PM4_IT_SURFACE_SYNC,
      PM4_IT_NOP, PM4_IT_COPY_DW, 0x00, 0xFF,
   };
   static struct ib ib;
   for (unsigned iter = 0; iter < 3000; iter++) {
      ib.n = 0;
      unsigned len = 1 + (unsigned)(state % 200);
      while (ib.n < len) {
         state = state * 6364136223846793005ull + 1442695040888963407ull;
         uint32_t r = (uint32_t)(state >> 33);
         switch (r % 8) {
         case 0:
            ib_put(&ib, r);   /* anything */
            break;
         case 1:
            ib_put(&ib, PM4_TYPE0_HDR((r >> 3) & 0x3FFFC, 1 + (r >> 20) % 4));
            break;
         case 2:
            ib_put(&ib, PM4_TYPE2);
            break;
         default:
            ib_put(&ib, PM4_TYPE3_HDR(ops[(r >> 3) % (sizeof(ops) / sizeof(ops[0]))],
                                      1 + (r >> 12) % 9));
            break;
         }
         unsigned body = (r >> 24) % 10;
         for (unsigned i = 0; i < body; i++) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            ib_put(&ib, (uint32_t)(state >> 30) % 4 ? (uint32_t)(state >> 32) % 64
                                                    : (uint32_t)(state >> 32));
         }
      }
      submit(&ib);
   }
   CHECK(r600_gpu_faults(gpu, NULL, 0) > fault_mark, "fuzzing raised faults");
   fault_mark = r600_gpu_faults(gpu, NULL, 0);
}

int main(void)
{
   gpu = r600_gpu_create(HW_CHIP_R7XX);
   CHECK(gpu != NULL, "create");
   if (!gpu)
      return 1;
   CHECK(r600_gpu_create((enum hw_chip)7) == NULL, "bad chip class");
   test_chip_names();
   test_memory();
   test_set_packets();
   test_memory_packets();
   test_cp_dma();
   test_malformed();
   test_r600_chip();
   test_fences();
   test_fault_ring();
   test_fuzz();
   r600_gpu_destroy(gpu);
   return check_report();
}
