/* Field-level encoders for R6xx and R7xx shader microcode words. Every bit position comes
 * from the generated r600_regs.h, every opcode number from the generated instruction table
 * (hw_isa.h); the two families differ in the OP2 ALU_INST/OMOD position, the CF COUNT_3 bit
 * and a few R7xx-only fields (docs/r600-hardware-notes.md §4.1). */
#include "r600_isa.h"

#include "hw_scratch.h"
#include "r600_regs.h"

/* The same word/field in the chip's family (R6_ or R7_ prefixed macros). */
#define FLD(chip, word, field, v) \
   ((chip) == HW_CHIP_R7XX ? R7_##word##__##field(v) : R6_##word##__##field(v))
#define VAL(chip, word, field, name) \
   ((chip) == HW_CHIP_R7XX ? R7_##word##__##field##__##name : R6_##word##__##field##__##name)

static const uint16_t alu_id[R600_ALU_OP_COUNT] = {
#define OP2_ID(n) [R600_ALU_##n] = HW_ISA_OP2_##n,
#define OP3_ID(n) [R600_ALU_##n] = HW_ISA_OP3_##n,
   R600_ALU_OP2_LIST(OP2_ID)
   R600_ALU_OP3_LIST(OP3_ID)
#undef OP2_ID
#undef OP3_ID
};

/* The opcode number of instruction `id` (enum hw_isa_id) on `chip`. */
static unsigned opcode_of(enum hw_chip chip, unsigned id)
{
   return hw_isa_op(chip, id)->number;
}

const struct hw_isa_op *r600_alu_op(enum hw_chip chip, enum r600_alu_op op)
{
   return hw_isa_op(chip, alu_id[op]);
}

const struct hw_isa_op *r600_alu_op_info(enum r600_alu_op op)
{
   return r600_alu_op(HW_CHIP_R7XX, op);
}

bool r600_alu_op_trans_only(enum r600_alu_op op, enum hw_chip chip)
{
   return r600_alu_op(chip, op)->slot_class == HW_ISA_SLOT_TRANS;
}

unsigned r600_inline_const_sel(enum r600_inline_const c)
{
   /* identical on both families */
   switch (c) {
   case R600_INLINE_0: return R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_0;
   case R600_INLINE_1: return R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_1;
   case R600_INLINE_1_INT: return R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_1_INT;
   case R600_INLINE_M_1_INT: return R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_M_1_INT;
   case R600_INLINE_0_5: return R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_0_5;
   }
   return R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_0;
}

unsigned r600_literal_sel(void)
{
   return R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_LITERAL;
}

void r600_encode_alu(enum hw_chip chip, const struct r600_alu_fields *f, uint32_t out[2])
{
   const struct hw_isa_op *info = r600_alu_op(chip, f->op);
   unsigned opcode = info->number;

   out[0] = FLD(chip, SQ_ALU_WORD0, SRC0_SEL, f->src_sel[0]) |
            FLD(chip, SQ_ALU_WORD0, SRC0_CHAN, f->src_chan[0]) |
            FLD(chip, SQ_ALU_WORD0, SRC0_NEG, f->src_neg[0]) |
            FLD(chip, SQ_ALU_WORD0, SRC1_SEL, f->src_sel[1]) |
            FLD(chip, SQ_ALU_WORD0, SRC1_CHAN, f->src_chan[1]) |
            FLD(chip, SQ_ALU_WORD0, SRC1_NEG, f->src_neg[1]) |
            FLD(chip, SQ_ALU_WORD0, SRC0_REL, f->src_rel[0]) |
            FLD(chip, SQ_ALU_WORD0, SRC1_REL, f->src_rel[1]) |
            FLD(chip, SQ_ALU_WORD0, INDEX_MODE, VAL(chip, SQ_ALU_WORD0, INDEX_MODE, SQ_INDEX_AR_X)) |
            FLD(chip, SQ_ALU_WORD0, LAST, f->last);
   out[1] = FLD(chip, SQ_ALU_WORD1, BANK_SWIZZLE, f->bank_swizzle) |
            FLD(chip, SQ_ALU_WORD1, DST_GPR, f->dst_gpr) |
            FLD(chip, SQ_ALU_WORD1, DST_REL, f->dst_rel) |
            FLD(chip, SQ_ALU_WORD1, DST_CHAN, f->dst_chan) |
            FLD(chip, SQ_ALU_WORD1, CLAMP, f->clamp);
   if (info->encoding == HW_ISA_ENC_ALU_OP3) {
      out[1] |= FLD(chip, SQ_ALU_WORD1_OP3, SRC2_SEL, f->src_sel[2]) |
                FLD(chip, SQ_ALU_WORD1_OP3, SRC2_REL, f->src_rel[2]) |
                FLD(chip, SQ_ALU_WORD1_OP3, SRC2_CHAN, f->src_chan[2]) |
                FLD(chip, SQ_ALU_WORD1_OP3, SRC2_NEG, f->src_neg[2]) |
                FLD(chip, SQ_ALU_WORD1_OP3, ALU_INST, opcode);
   } else {
      out[1] |= FLD(chip, SQ_ALU_WORD1_OP2, SRC0_ABS, f->src_abs[0]) |
                FLD(chip, SQ_ALU_WORD1_OP2, SRC1_ABS, f->src_abs[1]) |
                FLD(chip, SQ_ALU_WORD1_OP2, UPDATE_EXECUTE_MASK, f->update_exec_mask) |
                FLD(chip, SQ_ALU_WORD1_OP2, UPDATE_PRED, f->update_pred) |
                FLD(chip, SQ_ALU_WORD1_OP2, WRITE_MASK, f->write) |
                FLD(chip, SQ_ALU_WORD1_OP2, ALU_INST, opcode);
   }
}

static const uint16_t cf_id[] = {
   [R600_CF_TEX] = HW_ISA_CF_TEX, [R600_CF_VTX] = HW_ISA_CF_VTX,
   [R600_CF_LOOP_END] = HW_ISA_CF_LOOP_END, [R600_CF_LOOP_START_DX10] = HW_ISA_CF_LOOP_START_DX10,
   [R600_CF_LOOP_CONTINUE] = HW_ISA_CF_LOOP_CONTINUE, [R600_CF_LOOP_BREAK] = HW_ISA_CF_LOOP_BREAK,
   [R600_CF_JUMP] = HW_ISA_CF_JUMP, [R600_CF_ELSE] = HW_ISA_CF_ELSE, [R600_CF_POP] = HW_ISA_CF_POP,
   [R600_CF_CALL_FS] = HW_ISA_CF_CALL_FS, [R600_CF_RETURN] = HW_ISA_CF_RETURN,
};

void r600_encode_cf(enum hw_chip chip, const struct r600_cf_fields *f, uint32_t out[2])
{
   unsigned count = f->count ? f->count - 1 : 0;

   out[0] = FLD(chip, SQ_CF_WORD0, ADDR, f->addr);
   out[1] = FLD(chip, SQ_CF_WORD1, POP_COUNT, f->pop_count) |
            FLD(chip, SQ_CF_WORD1, COND, VAL(chip, SQ_CF_WORD1, COND, SQ_CF_COND_ACTIVE)) |
            FLD(chip, SQ_CF_WORD1, END_OF_PROGRAM, f->end_of_program) |
            FLD(chip, SQ_CF_WORD1, CF_INST, opcode_of(chip, cf_id[f->op])) |
            FLD(chip, SQ_CF_WORD1, BARRIER, f->barrier);
   if (chip == HW_CHIP_R7XX) {
      /* COUNT holds the low 3 bits, COUNT_3 the fourth (R7xx clauses hold up to 16) */
      out[1] |= R7_SQ_CF_WORD1__COUNT(count & 7) | R7_SQ_CF_WORD1__COUNT_3(count >> 3);
   } else {
      out[1] |= R6_SQ_CF_WORD1__COUNT(count);
   }
}

static const uint16_t cf_alu_id[] = {
   [R600_CF_ALU] = HW_ISA_CF_ALU, [R600_CF_ALU_PUSH_BEFORE] = HW_ISA_CF_ALU_PUSH_BEFORE,
   [R600_CF_ALU_POP_AFTER] = HW_ISA_CF_ALU_POP_AFTER,
};

static unsigned kcache_mode(enum hw_chip chip, uint8_t mode)
{
   switch (mode) {
   case R600_KCACHE_LOCK_1: return VAL(chip, SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_1);
   case R600_KCACHE_LOCK_2: return VAL(chip, SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_2);
   default: return VAL(chip, SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_NOP);
   }
}

void r600_encode_cf_alu(enum hw_chip chip, const struct r600_cf_alu_fields *f,
                        uint32_t out[2])
{
   out[0] = FLD(chip, SQ_CF_ALU_WORD0, ADDR, f->addr) |
            FLD(chip, SQ_CF_ALU_WORD0, KCACHE_BANK0, f->kcache_bank[0]) |
            FLD(chip, SQ_CF_ALU_WORD0, KCACHE_BANK1, f->kcache_bank[1]) |
            FLD(chip, SQ_CF_ALU_WORD0, KCACHE_MODE0, kcache_mode(chip, f->kcache_mode[0]));
   out[1] = FLD(chip, SQ_CF_ALU_WORD1, KCACHE_MODE1, kcache_mode(chip, f->kcache_mode[1])) |
            FLD(chip, SQ_CF_ALU_WORD1, KCACHE_ADDR0, f->kcache_addr[0]) |
            FLD(chip, SQ_CF_ALU_WORD1, KCACHE_ADDR1, f->kcache_addr[1]) |
            FLD(chip, SQ_CF_ALU_WORD1, COUNT, f->count - 1) |
            FLD(chip, SQ_CF_ALU_WORD1, CF_INST, opcode_of(chip, cf_alu_id[f->op])) |
            FLD(chip, SQ_CF_ALU_WORD1, BARRIER, f->barrier);
}

/* The SQ_SEL_* component codes, shared by the export, VTX and TEX words. */
static unsigned sel_code(enum hw_chip chip, uint8_t sel)
{
   switch (sel) {
   case R600_SEL_X: return VAL(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, SQ_SEL_X);
   case R600_SEL_Y: return VAL(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, SQ_SEL_Y);
   case R600_SEL_Z: return VAL(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, SQ_SEL_Z);
   case R600_SEL_W: return VAL(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, SQ_SEL_W);
   case R600_SEL_0: return VAL(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, SQ_SEL_0);
   case R600_SEL_1: return VAL(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, SQ_SEL_1);
   default: return VAL(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, SQ_SEL_MASK);
   }
}

void r600_encode_export(enum hw_chip chip, const struct r600_export_fields *f,
                        uint32_t out[2])
{
   unsigned type;

   switch (f->type) {
   case R600_EXPORT_POS: type = VAL(chip, SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_POS); break;
   case R600_EXPORT_PARAM: type = VAL(chip, SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PARAM); break;
   default: type = VAL(chip, SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL); break;
   }
   out[0] = FLD(chip, SQ_CF_ALLOC_EXPORT_WORD0, ARRAY_BASE, f->array_base) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD0, TYPE, type) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD0, RW_GPR, f->gpr);
   out[1] = FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, sel_code(chip, f->sel[0])) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Y, sel_code(chip, f->sel[1])) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Z, sel_code(chip, f->sel[2])) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_W, sel_code(chip, f->sel[3])) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1, BURST_COUNT, f->burst_count - 1) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1, END_OF_PROGRAM, f->end_of_program) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1, CF_INST,
                opcode_of(chip, f->done ? HW_ISA_CF_EXPORT_DONE : HW_ISA_CF_EXPORT)) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1, BARRIER, f->barrier);
}

void r600_encode_scratch(enum hw_chip chip, bool read, bool whole_quad, uint8_t gpr,
                         uint16_t element, uint32_t out[2])
{
   out[0] = FLD(chip, SQ_CF_ALLOC_EXPORT_WORD0, ARRAY_BASE, element) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD0, TYPE,
                read ? HW_MEM_EXPORT_READ : HW_MEM_EXPORT_WRITE) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD0, RW_GPR, gpr) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD0, ELEM_SIZE, 3);
   out[1] = FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1_BUF, COMP_MASK, 0xF) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, opcode_of(chip, HW_ISA_CF_MEM_SCRATCH)) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1, WHOLE_QUAD_MODE, whole_quad) |
            FLD(chip, SQ_CF_ALLOC_EXPORT_WORD1, BARRIER, 1);
}

void r600_encode_vtx(enum hw_chip chip, const struct r600_vtx_fields *f, uint32_t out[4])
{
   unsigned num_format, fetch_type;

   if (f->no_index_offset)
      fetch_type = VAL(chip, SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_NO_INDEX_OFFSET);
   else if (f->instance_data)
      fetch_type = VAL(chip, SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_INSTANCE_DATA);
   else
      fetch_type = VAL(chip, SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_VERTEX_DATA);
   switch (f->num_format) {
   case R600_NUM_FORMAT_INT:
      num_format = VAL(chip, SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_INT);
      break;
   case R600_NUM_FORMAT_SCALED:
      num_format = VAL(chip, SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_SCALED);
      break;
   default:
      num_format = VAL(chip, SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_NORM);
      break;
   }
   out[0] = FLD(chip, SQ_VTX_WORD0, VTX_INST, opcode_of(chip, HW_ISA_VTX_FETCH)) |
            FLD(chip, SQ_VTX_WORD0, FETCH_TYPE, fetch_type) |
            FLD(chip, SQ_VTX_WORD0, BUFFER_ID, f->buffer_id) |
            FLD(chip, SQ_VTX_WORD0, SRC_GPR, f->src_gpr) |
            FLD(chip, SQ_VTX_WORD0, SRC_SEL_X, f->src_chan) |
            FLD(chip, SQ_VTX_WORD0, MEGA_FETCH_COUNT, f->mega_fetch_count);
   out[1] = FLD(chip, SQ_VTX_WORD1_GPR, DST_GPR, f->dst_gpr) |
            FLD(chip, SQ_VTX_WORD1, DST_SEL_X, sel_code(chip, f->dst_sel[0])) |
            FLD(chip, SQ_VTX_WORD1, DST_SEL_Y, sel_code(chip, f->dst_sel[1])) |
            FLD(chip, SQ_VTX_WORD1, DST_SEL_Z, sel_code(chip, f->dst_sel[2])) |
            FLD(chip, SQ_VTX_WORD1, DST_SEL_W, sel_code(chip, f->dst_sel[3])) |
            FLD(chip, SQ_VTX_WORD1, USE_CONST_FIELDS, 0) |
            FLD(chip, SQ_VTX_WORD1, DATA_FORMAT, f->data_format) |
            FLD(chip, SQ_VTX_WORD1, NUM_FORMAT_ALL, num_format) |
            FLD(chip, SQ_VTX_WORD1, FORMAT_COMP_ALL,
                f->format_signed ? VAL(chip, SQ_VTX_WORD1, FORMAT_COMP_ALL, SQ_FORMAT_COMP_SIGNED)
                                 : VAL(chip, SQ_VTX_WORD1, FORMAT_COMP_ALL, SQ_FORMAT_COMP_UNSIGNED)) |
            FLD(chip, SQ_VTX_WORD1, SRF_MODE_ALL,
                f->srf_no_zero ? VAL(chip, SQ_VTX_WORD1, SRF_MODE_ALL, SQ_SRF_MODE_NO_ZERO)
                               : VAL(chip, SQ_VTX_WORD1, SRF_MODE_ALL, SQ_SRF_MODE_ZERO_CLAMP_MINUS_ONE));
   out[2] = FLD(chip, SQ_VTX_WORD2, OFFSET, f->offset) |
            FLD(chip, SQ_VTX_WORD2, ENDIAN_SWAP, VAL(chip, SQ_VTX_WORD2, ENDIAN_SWAP, SQ_ENDIAN_NONE)) |
            FLD(chip, SQ_VTX_WORD2, MEGA_FETCH, 1);
   out[3] = 0;
}

static const uint16_t tex_id[] = {
   [R600_TEX_SAMPLE] = HW_ISA_TEX_SAMPLE, [R600_TEX_SAMPLE_L] = HW_ISA_TEX_SAMPLE_L,
   [R600_TEX_SAMPLE_LB] = HW_ISA_TEX_SAMPLE_LB, [R600_TEX_SAMPLE_LZ] = HW_ISA_TEX_SAMPLE_LZ,
   [R600_TEX_GET_GRADIENTS_H] = HW_ISA_TEX_GET_GRADIENTS_H,
   [R600_TEX_GET_GRADIENTS_V] = HW_ISA_TEX_GET_GRADIENTS_V,
   [R600_TEX_SAMPLE_G] = HW_ISA_TEX_SAMPLE_G,
   [R600_TEX_SET_GRADIENTS_H] = HW_ISA_TEX_SET_GRADIENTS_H,
   [R600_TEX_SET_GRADIENTS_V] = HW_ISA_TEX_SET_GRADIENTS_V,
   [R600_TEX_LD] = HW_ISA_TEX_LD,
};

void r600_encode_tex(enum hw_chip chip, const struct r600_tex_fields *f, uint32_t out[4])
{
   out[0] = FLD(chip, SQ_TEX_WORD0, TEX_INST, opcode_of(chip, tex_id[f->op])) |
            FLD(chip, SQ_TEX_WORD0, FETCH_WHOLE_QUAD, f->fetch_whole_quad) |
            FLD(chip, SQ_TEX_WORD0, RESOURCE_ID, f->resource_id) |
            FLD(chip, SQ_TEX_WORD0, SRC_GPR, f->src_gpr);
   out[1] = FLD(chip, SQ_TEX_WORD1, DST_GPR, f->dst_gpr) |
            FLD(chip, SQ_TEX_WORD1, DST_SEL_X, sel_code(chip, f->dst_sel[0])) |
            FLD(chip, SQ_TEX_WORD1, DST_SEL_Y, sel_code(chip, f->dst_sel[1])) |
            FLD(chip, SQ_TEX_WORD1, DST_SEL_Z, sel_code(chip, f->dst_sel[2])) |
            FLD(chip, SQ_TEX_WORD1, DST_SEL_W, sel_code(chip, f->dst_sel[3])) |
            FLD(chip, SQ_TEX_WORD1, COORD_TYPE_X, f->coord_normalized[0]) |
            FLD(chip, SQ_TEX_WORD1, COORD_TYPE_Y, f->coord_normalized[1]) |
            FLD(chip, SQ_TEX_WORD1, COORD_TYPE_Z, f->coord_normalized[2]) |
            FLD(chip, SQ_TEX_WORD1, COORD_TYPE_W, f->coord_normalized[3]);
   out[2] = FLD(chip, SQ_TEX_WORD2, SAMPLER_ID, f->sampler_id) |
            FLD(chip, SQ_TEX_WORD2, SRC_SEL_X, sel_code(chip, f->src_sel[0])) |
            FLD(chip, SQ_TEX_WORD2, SRC_SEL_Y, sel_code(chip, f->src_sel[1])) |
            FLD(chip, SQ_TEX_WORD2, SRC_SEL_Z, sel_code(chip, f->src_sel[2])) |
            FLD(chip, SQ_TEX_WORD2, SRC_SEL_W, sel_code(chip, f->src_sel[3]));
   out[3] = 0;
}

unsigned r600_max_fetch_clause(enum hw_chip chip)
{
   /* COUNT is 3 bits on R6xx; R7xx adds COUNT_3 as the MSB */
   unsigned max = chip == HW_CHIP_R7XX
      ? 1u + (R7_SQ_CF_WORD1__COUNT__mask >> R7_SQ_CF_WORD1__COUNT__shift)
               + (R7_SQ_CF_WORD1__COUNT_3__mask >> R7_SQ_CF_WORD1__COUNT_3__shift) * 8u
      : 1u + (R6_SQ_CF_WORD1__COUNT__mask >> R6_SQ_CF_WORD1__COUNT__shift);
   return max;
}

unsigned r600_kcache_lines(void)
{
   return 1u + (R7_SQ_CF_ALU_WORD1__KCACHE_ADDR0__mask >> R7_SQ_CF_ALU_WORD1__KCACHE_ADDR0__shift);
}

unsigned r600_max_alu_clause_slots(void)
{
   return 1u + (R7_SQ_CF_ALU_WORD1__COUNT__mask >> R7_SQ_CF_ALU_WORD1__COUNT__shift);
}
