/* Spot checks of the generated hardware definition against the documentation.
 * Every expected number below was read from AMD's Radeon R6xx/R7xx 3D Register Reference Guide or
 * from docs/r600-hardware-notes.md by hand (noted per group), not from the generated files. Also
 * checks that every register and microcode word has non-overlapping fields inside 32 bits and that
 * the look-up functions find what the tables hold. Prints "N passed, M failed". */
#include "hw/hw_regdb.h"
#include "r600_pm4.h"
#include "r600_regs.h"

#include "check.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const struct hw_field *
find_field(const struct hw_register *reg, const char *name)
{
   for (unsigned i = 0; reg && i < reg->num_fields; i++) {
      if (strcmp(reg->fields[i].name, name) == 0)
         return &reg->fields[i];
   }
   return NULL;
}

static const struct hw_register *
find_word(const struct hw_register *words, unsigned n, const char *name)
{
   for (unsigned i = 0; i < n; i++) {
      if (strcmp(words[i].name, name) == 0)
         return &words[i];
   }
   return NULL;
}

/* A field's position in the run-time tables: (shift << 8) | width, or ~0 when missing. */
static unsigned
field_pos(const struct hw_register *reg, const char *field)
{
   const struct hw_field *f = find_field(reg, field);
   return f ? (unsigned)(f->shift << 8 | f->width) : ~0u;
}

static long
enum_value(const struct hw_register *reg, const char *field, const char *value)
{
   const struct hw_field *f = find_field(reg, field);
   for (unsigned i = 0; f && i < f->num_values; i++) {
      if (strcmp(f->values[i].name, value) == 0)
         return (long)f->values[i].value;
   }
   return -1;
}

static void
check_offsets(void)
{
   /* register reference headers (GpuF0MMReg) */
   CHECK_EQ(REG_PA_SU_VTX_CNTL, 0x28c08);
   CHECK_EQ(REG_SPI_PS_INPUT_CNTL_0, 0x28644);
   CHECK_EQ(REG_SPI_PS_INPUT_CNTL_31, 0x286c0);
   CHECK_EQ(REG_SPI_PS_INPUT_CNTL_0__count, 32);
   CHECK_EQ(REG_SPI_VS_OUT_ID_0, 0x28614);
   CHECK_EQ(REG_SPI_VS_OUT_ID_9, 0x28638);
   CHECK_EQ(REG_SQ_PGM_START_PS, 0x28840);
   CHECK_EQ(REG_SQ_PGM_START_VS, 0x28858);
   CHECK_EQ(REG_SQ_PGM_START_FS, 0x28894);
   CHECK_EQ(REG_SQ_PGM_RESOURCES_PS, 0x28850);
   CHECK_EQ(REG_SQ_PGM_EXPORTS_PS, 0x28854);
   CHECK_EQ(REG_SQ_ALU_CONST_CACHE_PS_0, 0x28940);
   CHECK_EQ(REG_SQ_ALU_CONST_CACHE_PS_15, 0x2897c);
   CHECK_EQ(REG_SQ_ALU_CONST_BUFFER_SIZE_VS_0, 0x28180);
   CHECK_EQ(REG_PA_CL_VPORT_XSCALE_0, 0x2843c);
   CHECK_EQ(REG_PA_CL_VPORT_XSCALE_15, 0x285a4);
   CHECK_EQ(REG_PA_CL_VPORT_XSCALE_0__stride, 0x18);
   CHECK_EQ(REG_PA_CL_UCP_5_W, 0x28e7c);
   CHECK_EQ(REG_PA_SC_VPORT_SCISSOR_0_TL, 0x28250);
   CHECK_EQ(REG_PA_SC_VPORT_SCISSOR_15_BR, 0x282cc);
   CHECK_EQ(REG_PA_SC_VPORT_ZMAX_15, 0x2834c);
   CHECK_EQ(REG_VGT_PRIMITIVE_TYPE, 0x8958);
   CHECK_EQ(REG_VGT_CNTL_STATUS, 0x88f0); /* printed "VGT_C NTL_STATUS" in the register reference */
   CHECK_EQ(REG_SQ_CONFIG, 0x8c00);
   CHECK_EQ(REG_SX_MISC, 0x28350);
   CHECK_EQ(REG_SMX_DC_CTL0, 0xa020);
   CHECK_EQ(REG_SQ_VTX_BASE_VTX_LOC, 0x3cff0);
   CHECK_EQ(REG_SQ_TEX_RESOURCE_WORD0_0, 0x38000);
   CHECK_EQ(REG_SQ_TEX_SAMPLER_WORD2_0, 0x3c008);
   /* docs/r600-hardware-notes.md section 1 (registers the register reference lacks) */
   CHECK_EQ(REG_CB_COLOR0_INFO, 0x280a0);
   CHECK_EQ(REG_CB_COLOR7_INFO, 0x280bc);
   CHECK_EQ(REG_CB_COLOR0_INFO__stride, 4);
   CHECK_EQ(REG_CB_BLEND7_CONTROL, 0x2879c);
   CHECK_EQ(REG_DB_DEPTH_CONTROL, 0x28800);
   CHECK_EQ(REG_PA_SC_EDGERULE, 0x28230);
   CHECK_EQ(REG_WAIT_UNTIL, 0x8040);
   CHECK_EQ(REG_CP_COHER_CNTL, 0x85f0);
   CHECK_EQ(REG_CP_COHER_BASE, 0x85f8);
   CHECK_EQ(REG_TD_PS_SAMPLER17_BORDER_ALPHA, 0xa400 + 16 * 17 + 12);
}

static void
check_fields(void)
{
   /* register reference: PA_SU_VTX_CNTL PIX_CENTER 0, ROUND_MODE 2:1, QUANT_MODE 5:3
    * (1/256th = 5) */
   CHECK_EQ(PA_SU_VTX_CNTL__QUANT_MODE__shift, 3);
   CHECK_EQ(PA_SU_VTX_CNTL__QUANT_MODE__mask, 0x38);
   CHECK_EQ(PA_SU_VTX_CNTL__QUANT_MODE__X_1_256TH, 5);
   CHECK_EQ(PA_SU_VTX_CNTL__ROUND_MODE__X_ROUND_TO_EVEN, 2);
   /* the value the project programs (brief): PIX_CENTER 1 | ROUND_MODE 2 | QUANT_MODE 5 */
   CHECK_EQ(PA_SU_VTX_CNTL__PIX_CENTER(1) | PA_SU_VTX_CNTL__ROUND_MODE(2) |
               PA_SU_VTX_CNTL__QUANT_MODE(5), 0x2d);
   CHECK_EQ(PA_SU_VTX_CNTL__QUANT_MODE__get(0x2du), 5);
   /* setters mask, getters extract, any argument expression works */
   CHECK_EQ(PA_SU_VTX_CNTL__QUANT_MODE(0xffu), 0x38);
   CHECK_EQ(PA_SU_VTX_CNTL__QUANT_MODE(1 + 1), 0x10);
   CHECK_EQ(PA_SU_VTX_CNTL__QUANT_MODE__get(0xffffffffu) + 1, 8);
   /* register reference: SPI_PS_INPUT_CNTL_n SEMANTIC 7:0, DEFAULT_VAL 9:8, FLAT_SHADE 10 */
   CHECK_EQ(SPI_PS_INPUT_CNTL_0__SEMANTIC(0x1ff), 0xff);
   CHECK_EQ(SPI_PS_INPUT_CNTL_0__DEFAULT_VAL(3) | SPI_PS_INPUT_CNTL_0__SEL_CENTROID(1), 0xb00);
   CHECK_EQ(SPI_PS_INPUT_CNTL_0__FLAT_SHADE__shift, 10);
   /* register reference: SQ_PGM_RESOURCES_PS NUM_GPRS 7:0, STACK_SIZE 15:8, DX10_CLAMP 21 */
   CHECK_EQ(SQ_PGM_RESOURCES_PS__STACK_SIZE(2), 0x200);
   CHECK_EQ(SQ_PGM_RESOURCES_PS__DX10_CLAMP__mask, 1u << 21);
   /* register reference: SQ_VTX_CONSTANT_WORD2 STRIDE 18:8, DATA_FORMAT 25:20;
    * SQ_TEX_RESOURCE_WORD1 DATA_FORMAT 31:26 */
   CHECK_EQ(SQ_VTX_CONSTANT_WORD2__STRIDE__mask, 0x7ff00);
   CHECK_EQ(SQ_VTX_CONSTANT_WORD2__DATA_FORMAT__shift, 20);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__shift, 26);
   CHECK_EQ(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER, 3);
   /* facts 1.2: CB_COLORn_INFO FORMAT 7:2 (COLOR_8_8_8_8 = 26), NUMBER_TYPE 14:12, COMP_SWAP 17:16 */
   CHECK_EQ(CB_COLOR0_INFO__FORMAT__shift, 2);
   CHECK_EQ(CB_COLOR0_INFO__FORMAT__mask, 0xfc);
   CHECK_EQ(CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8, 26);
   CHECK_EQ(CB_COLOR0_INFO__FORMAT(CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8) |
               CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED),
            (26u << 2) | (1u << 8));
   CHECK_EQ(CB_COLOR0_INFO__NUMBER_TYPE__mask, 0x7000);
   CHECK_EQ(CB_COLOR0_INFO__COMP_SWAP__SWAP_STD_REV, 2);
   /* facts 1.1: DB_DEPTH_CONTROL ZFUNC 6:4, STENCILFUNC_BF 22:20 uses the compare codes */
   CHECK_EQ(DB_DEPTH_CONTROL__ZFUNC__shift, 4);
   CHECK_EQ(DB_DEPTH_CONTROL__STENCILFUNC_BF__FRAG_GEQUAL, 6);
   CHECK_EQ(CB_BLEND_CONTROL__ALPHA_DESTBLEND__BLEND_ONE_MINUS_SRC_ALPHA, 5);
   /* facts 1.4: PA_SC_EDGERULE (R7xx only) ER_TRI 3:0 ... ER_LINE_BT 31:28 */
   CHECK_EQ(PA_SC_EDGERULE__ER_LINE_BT__shift, 28);
   CHECK_EQ(CP_COHER_CNTL__SH_ACTION_ENA(1), 1u << 27);
   CHECK_EQ(WAIT_UNTIL__WAIT_3D_IDLE(1), 1u << 15);
}

static void
check_isa(void)
{
   /* seed sections 4 (R6xx) and 5 (R7xx): OP2 ALU_INST 17:8 vs 17:7, OMOD 7:6 vs 6:5 */
   CHECK_EQ(R6_SQ_ALU_WORD1_OP2__ALU_INST__shift, 8);
   CHECK_EQ(R7_SQ_ALU_WORD1_OP2__ALU_INST__shift, 7);
   CHECK_EQ(R7_SQ_ALU_WORD1_OP2_V2__ALU_INST__mask, 0x3ff80);
   CHECK_EQ(R6_SQ_ALU_WORD1_OP2__ALU_INST__mask, 0x3ff00);
   CHECK_EQ(R6_SQ_ALU_WORD1_OP2__OMOD__shift, 6);
   CHECK_EQ(R7_SQ_ALU_WORD1_OP2__OMOD__shift, 5);
   CHECK_EQ(R6_SQ_ALU_WORD1_OP2__FOG_MERGE__shift, 5);
   CHECK_EQ(R6_SQ_ALU_WORD1_OP3__ALU_INST__shift, 13);
   CHECK_EQ(R7_SQ_ALU_WORD1_OP3__ALU_INST__shift, 13);
   /* opcode numbers (decimal in the register reference): FRACT 16, DOT4 80, RECIP_IEEE 102,
    * SETGE 10 */
   CHECK_EQ(R7_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_FRACT, 0x10);
   CHECK_EQ(R6_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_DOT4, 0x50);
   CHECK_EQ(R7_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_RECIP_IEEE, 0x66);
   CHECK_EQ(R7_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_SETGE, 10);
   CHECK_EQ(R6_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_MULHI_UINT, 118);
   /* facts 4.1 worked example: FRACT, write mask, dst R0.w */
   CHECK_EQ(R6_SQ_ALU_WORD1__DST_CHAN(3) | R6_SQ_ALU_WORD1_OP2__WRITE_MASK(1) |
               R6_SQ_ALU_WORD1_OP2__ALU_INST(R6_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_FRACT),
            0x60001010);
   CHECK_EQ(R7_SQ_ALU_WORD1__DST_CHAN(3) | R7_SQ_ALU_WORD1_OP2__WRITE_MASK(1) |
               R7_SQ_ALU_WORD1_OP2__ALU_INST(R7_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_FRACT),
            0x60000810);
   /* register reference: CF_WORD1 CF_INST 29:23, COUNT 12:10, COUNT_3 19 on R7xx only */
   CHECK_EQ(R7_SQ_CF_WORD1__CF_INST__SQ_CF_INST_CALL_FS, 19);
   CHECK_EQ(R6_SQ_CF_WORD1__CF_INST__SQ_CF_INST_RETURN, 20);
   CHECK_EQ(R7_SQ_CF_WORD1__CF_INST__shift, 23);
   CHECK_EQ(R7_SQ_CF_WORD1__COUNT_3__shift, 19);
   CHECK_EQ(R6_SQ_CF_ALU_WORD1__USES_WATERFALL__shift, 25);
   CHECK_EQ(R7_SQ_CF_ALU_WORD1__ALT_CONST__shift, 25);
   CHECK_EQ(R7_SQ_CF_ALU_WORD1__CF_INST__SQ_CF_INST_ALU_PUSH_BEFORE, 9);
   CHECK_EQ(R7_SQ_CF_ALLOC_EXPORT_WORD1__CF_INST__SQ_CF_INST_EXPORT_DONE, 40);
   CHECK_EQ(R7_SQ_CF_ALLOC_EXPORT_WORD0__TYPE__SQ_EXPORT_POS, 1);
   CHECK_EQ(R7_SQ_VTX_WORD2__ALT_CONST__shift, 20);
   CHECK_EQ(R7_SQ_TEX_WORD0__ALT_CONST__shift, 24);
   CHECK_EQ(R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_LITERAL, 253);
   /* facts 5.3 kernel blit VS: VTX clause at 4 (CF_INST 2, BARRIER) and EXPORT_DONE POS 60 */
   CHECK_EQ(R7_SQ_CF_WORD1__CF_INST(R7_SQ_CF_WORD1__CF_INST__SQ_CF_INST_VTX) |
               R7_SQ_CF_WORD1__BARRIER(1), 0x81000000);
   CHECK_EQ(R6_SQ_CF_ALLOC_EXPORT_WORD0__ARRAY_BASE(60) |
               R6_SQ_CF_ALLOC_EXPORT_WORD0__TYPE(R6_SQ_CF_ALLOC_EXPORT_WORD0__TYPE__SQ_EXPORT_POS),
            0x203c);
   CHECK_EQ(R6_SQ_CF_ALLOC_EXPORT_WORD1__BARRIER(1) |
               R6_SQ_CF_ALLOC_EXPORT_WORD1__CF_INST(40) |
               R6_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_Y(1) |
               R6_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_Z(R6_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_Z__SQ_SEL_0) |
               R6_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_W(R6_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_W__SQ_SEL_1),
            0x94000b08);
   CHECK_EQ(R7_SQ_VTX_WORD0__BUFFER_ID__shift, 8);
   CHECK_EQ(R7_SQ_TEX_WORD0__RESOURCE_ID__mask, 0xff00);

   /* the same facts through the run-time tables */
   const struct hw_register *op2_6 = find_word(hw_isa_words_r6, hw_num_isa_words_r6, "SQ_ALU_WORD1_OP2");
   const struct hw_register *op2_7 = find_word(hw_isa_words_r7, hw_num_isa_words_r7, "SQ_ALU_WORD1_OP2_V2");
   CHECK_EQ(field_pos(op2_6, "ALU_INST"), 8 << 8 | 10);
   CHECK_EQ(field_pos(op2_7, "ALU_INST"), 7 << 8 | 11);
   CHECK_EQ(enum_value(op2_7, "ALU_INST", "SQ_OP2_INST_DOT4"), 0x50);
   CHECK(find_field(op2_7, "FOG_MERGE") == NULL);
   const struct hw_register *cf7 = find_word(hw_isa_words_r7, hw_num_isa_words_r7, "SQ_CF_WORD1");
   const struct hw_register *cf6 = find_word(hw_isa_words_r6, hw_num_isa_words_r6, "SQ_CF_WORD1");
   CHECK_EQ(field_pos(cf7, "COUNT_3"), 19 << 8 | 1);
   CHECK(find_field(cf6, "COUNT_3") == NULL);
   CHECK_EQ(enum_value(cf6, "CF_INST", "SQ_CF_INST_CALL_FS"), 19);
}

static void
check_resource_codes(void)
{
   /* facts 1.6 DATA_FORMAT table, read by hand: the same codes in all four DATA_FORMAT fields */
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_INVALID, 0);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_8, 1);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_FLOAT, 14);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_16_16_FLOAT, 16);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_8_8_8_8, 26);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_X24_8_32_FLOAT, 28);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_32_FLOAT, 30);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_32_32_32_FLOAT, 35);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_5_9_9_9_SHAREDEXP, 43);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_BC1, 49);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_BC5, 53);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_AS_32_32_32_32, 56);
   CHECK_EQ(SQ_VTX_CONSTANT_WORD2__DATA_FORMAT__FMT_32_32_32_FLOAT, 48);
   CHECK_EQ(R6_SQ_VTX_WORD1__DATA_FORMAT__FMT_8_8_8, 44);
   CHECK_EQ(R7_SQ_VTX_WORD1__DATA_FORMAT__FMT_16_16_16_16_FLOAT, 32);
   CHECK_EQ(R7_SQ_VTX_WORD1__DATA_FORMAT__FMT_2_10_10_10, 25);
   /* DATA_FORMAT 31:26 of TEX_RESOURCE_WORD1, 27:22 of VTX_WORD1, NUM_FORMAT_ALL 29:28 */
   CHECK_EQ(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT(SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_8_8_8_8),
            0x68000000);
   CHECK_EQ(R7_SQ_VTX_WORD1__DATA_FORMAT(R7_SQ_VTX_WORD1__DATA_FORMAT__FMT_32_32_32_32_FLOAT) |
               R7_SQ_VTX_WORD1__NUM_FORMAT_ALL(R7_SQ_VTX_WORD1__NUM_FORMAT_ALL__SQ_NUM_FORMAT_SCALED),
            0x28c00000);
   /* facts 1.6 prose: NUM_FORMAT, FORMAT_COMP, SRF_MODE, DST_SEL (7 = masked) */
   CHECK_EQ(SQ_VTX_CONSTANT_WORD2__NUM_FORMAT_ALL__SQ_NUM_FORMAT_INT, 1);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_W__SQ_FORMAT_COMP_UNSIGNED_BIASED, 2);
   CHECK_EQ(R6_SQ_VTX_WORD1__SRF_MODE_ALL__SQ_SRF_MODE_NO_ZERO, 1);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD4__DST_SEL_W__SQ_SEL_MASK, 7);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD4__DST_SEL_X__SQ_SEL_1, 5);
   /* facts 1.6 "Typical resource words": DIM, sampler CLAMP and filter codes */
   CHECK_EQ(SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_2D, 1);
   CHECK_EQ(SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_CUBEMAP, 3);
   CHECK_EQ(SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_LAST_TEXEL, 2);
   CHECK_EQ(SQ_TEX_SAMPLER_WORD0__CLAMP_Z__SQ_TEX_MIRROR, 1);
   CHECK_EQ(SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER__SQ_TEX_XY_FILTER_ANISO_BILINEAR, 5);
   CHECK_EQ(SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_ANISO_POINT, 4);
   CHECK_EQ(SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_LINEAR, 2);
   CHECK_EQ(SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE__SQ_TEX_BORDER_COLOR_OPAQUE_WHITE, 2);

   /* through the run-time tables: 51 codes (0-3, 5-32, 34, 35, 37, 39-53, 56; BC6/BC7 are
    * Evergreen-only), none for the unlisted 4, 33, 54; no unsigned-biased in a 1-bit field */
   const struct hw_register *v7 = find_word(hw_isa_words_r7, hw_num_isa_words_r7, "SQ_VTX_WORD1");
   const struct hw_field *df = find_field(v7, "DATA_FORMAT");
   CHECK(df && df->num_values == 51);
   CHECK(df && hw_field_value_name(df, 35) &&
         strcmp(hw_field_value_name(df, 35), "FMT_32_32_32_32_FLOAT") == 0);
   CHECK(df && hw_field_value_name(df, 4) == NULL && hw_field_value_name(df, 33) == NULL &&
         hw_field_value_name(df, 54) == NULL);
   const struct hw_field *fc = find_field(v7, "FORMAT_COMP_ALL");
   CHECK(fc && fc->num_values == 2 && hw_field_value_name(fc, 2) == NULL);
   const struct hw_field *ds = find_field(v7, "DST_SEL_Y");
   CHECK(ds && hw_field_value_name(ds, 7) && strcmp(hw_field_value_name(ds, 7), "SQ_SEL_MASK") == 0);
}

static void
check_pm4(void)
{
   /* facts 2.2/2.3: SET_CONTEXT_REG 0x69, window 0x28000-0x29000; 2.3 example header */
   CHECK_EQ(PM4_IT_SET_CONTEXT_REG, 0x69);
   CHECK_EQ(PM4_IT_SET_CONFIG_REG, 0x68);
   CHECK_EQ(PM4_IT_DRAW_INDEX_AUTO, 0x2d);
   CHECK_EQ(PM4_IT_SURFACE_SYNC, 0x43);
   CHECK_EQ(PM4_SET_CONTEXT_REG_WINDOW_START, 0x28000);
   CHECK_EQ(PM4_SET_CONTEXT_REG_WINDOW_END, 0x29000);
   CHECK_EQ(PM4_SET_RESOURCE_WINDOW_START, 0x38000);
   CHECK_EQ(PM4_TYPE3_HDR(PM4_IT_SET_CONTEXT_REG, 2), 0xc0016900);
   CHECK_EQ(PM4_TYPE3_HDR_PRED(PM4_IT_DRAW_INDEX_AUTO, 2), 0xc0012d01);
   CHECK_EQ(PM4_TYPE2, 0x80000000);
   CHECK_EQ(PM4_TYPE0_HDR(REG_DB_DEPTH_CONTROL, 1), 0x0000a200);
   CHECK_EQ(PM4_HDR_TYPE(0xc0016900u), 3);
   CHECK_EQ(PM4_TYPE3_OPCODE(0xc0016900u), 0x69);
   CHECK_EQ(PM4_TYPE3_NDW(0xc0016900u), 2);
   CHECK_EQ(PM4_TYPE3_PREDICATED(0xc0012d01u), 1);
   CHECK_EQ(PM4_TYPE0_REG(0x0000a200u), 0x28800);
   CHECK_EQ(PM4_TYPE0_NREGS(0x0003a200u), 4);
   /* facts 2.4: EVENT_WRITE body EVENT_TYPE 5:0, EVENT_INDEX 11:8; EOP DATA_SEL 31:29 (dword 2) */
   CHECK_EQ(PM4_EVENT_WRITE__EVENT_TYPE(0x10) | PM4_EVENT_WRITE__EVENT_INDEX(4), 0x410);
   CHECK_EQ(PM4_EVENT_WRITE_EOP__DATA_SEL(1), 0x20000000);
   const struct hw_pm4_opcode *op = hw_find_pm4_opcode(0x69);
   CHECK(op && strcmp(op->name, "SET_CONTEXT_REG") == 0);
   op = hw_find_pm4_opcode(0x24);
   CHECK(op && strcmp(op->name, "START_3D_CMDBUF") == 0 && op->chips == HW_CHIP_R6XX);
   CHECK(hw_find_pm4_opcode(0x01) == NULL);
}

static void
check_lookup(void)
{
   const struct hw_register *r = hw_find_register(0x28c08, HW_CHIP_R7XX);
   CHECK(r && strcmp(r->name, "PA_SU_VTX_CNTL") == 0);
   CHECK_EQ(field_pos(r, "QUANT_MODE"), 3 << 8 | 3);
   const struct hw_field *f = find_field(r, "QUANT_MODE");
   CHECK(f && hw_field_value_name(f, 5) && strcmp(hw_field_value_name(f, 5), "X_1_256TH") == 0);
   CHECK(hw_field_value_name(f, 7) == NULL);
   r = hw_find_register(0x280a0 + 4 * 5, HW_CHIP_R6XX);
   CHECK(r && strcmp(r->name, "CB_COLOR5_INFO") == 0);
   CHECK_EQ(field_pos(r, "FORMAT"), 2 << 8 | 6);
   CHECK_EQ(enum_value(r, "FORMAT", "COLOR_8_8_8_8"), 26);
   CHECK(hw_find_register(0x28230, HW_CHIP_R7XX) != NULL);
   CHECK(hw_find_register(0x28230, HW_CHIP_R6XX) == NULL); /* PA_SC_EDGERULE: R7xx only */
   CHECK(hw_find_register(0x28231, HW_CHIP_R7XX) == NULL);
   CHECK(hw_find_register(0xffffffffu, HW_CHIP_R7XX) == NULL);
   CHECK(hw_find_register(0, HW_CHIP_R7XX) == NULL);
   r = hw_find_register_by_name("SPI_PS_INPUT_CNTL_17");
   CHECK(r && r->offset == 0x28644 + 17 * 4);
   r = hw_find_register_by_name("DB_DEPTH_CONTROL");
   CHECK(r && r->offset == 0x28800 && r->chips == (HW_CHIP_R6XX | HW_CHIP_R7XX));
   CHECK(hw_find_register_by_name("NO_SUCH_REGISTER") == NULL);
   CHECK(hw_find_register_by_name(NULL) == NULL);
}

/* Whole-table checks: sorted registers, fields inside 32 bits without overlap, enumerated
 * values that fit their field, every register found again by offset and by name. */
static void
check_layout(const struct hw_register *regs, unsigned n, const char *what)
{
   unsigned bad_layout = 0, bad_values = 0;
   for (unsigned i = 0; i < n; i++) {
      uint64_t used = 0;
      for (unsigned j = 0; j < regs[i].num_fields; j++) {
         const struct hw_field *f = &regs[i].fields[j];
         uint64_t mask = ((1ull << f->width) - 1) << f->shift;
         if (f->width == 0 || f->shift + f->width > 32 || (used & mask)) {
            printf("FAIL %s %s.%s: bits %u+%u overlap or do not fit\n", what, regs[i].name, f->name,
                   f->shift, f->width);
            bad_layout++;
         }
         used |= mask;
         for (unsigned k = 0; k < f->num_values; k++) {
            if (f->values[k].value >> f->width) {
               printf("FAIL %s %s.%s: value %s does not fit\n", what, regs[i].name, f->name,
                      f->values[k].name);
               bad_values++;
            }
         }
      }
   }
   CHECK_EQ(bad_layout, 0);
   CHECK_EQ(bad_values, 0);
}

static void
check_tables(void)
{
   CHECK(hw_num_registers > 800);
   CHECK(hw_num_isa_words_r6 >= 20 && hw_num_isa_words_r7 >= 20);
   check_layout(hw_registers, hw_num_registers, "register");
   check_layout(hw_isa_words_r6, hw_num_isa_words_r6, "r6 word");
   check_layout(hw_isa_words_r7, hw_num_isa_words_r7, "r7 word");
   unsigned unsorted = 0, unfound = 0;
   for (unsigned i = 0; i < hw_num_registers; i++) {
      const struct hw_register *r = &hw_registers[i];
      if (i && hw_registers[i - 1].offset > r->offset)
         unsorted++;
      const struct hw_register *by_off = hw_find_register(r->offset, r->chips);
      if (!by_off || by_off->offset != r->offset || hw_find_register_by_name(r->name) != r) {
         printf("FAIL lookup of %s\n", r->name);
         unfound++;
      }
   }
   CHECK_EQ(unsorted, 0);
   CHECK_EQ(unfound, 0);
}

int
main(void)
{
   check_offsets();
   check_fields();
   check_isa();
   check_resource_codes();
   check_pm4();
   check_lookup();
   check_tables();
   return check_report();
}
