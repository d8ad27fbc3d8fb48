/* R600/R700 shader microcode: the instructions the compiler emits and field-level encoders
 * for both chip families. Opcode numbers, operand counts and slot classes come from the
 * generated instruction table (hw/hw_isa.h), bit positions from the generated r600_regs.h
 * (R6_/R7_ microcode-word macros); this header only names the instructions. */
#ifndef R600_ISA_H
#define R600_ISA_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/hw_isa.h"
#include "r600sim/gpu.h"

/* ALU instructions used by the compiler, by the register reference's SQ_OP2_INST_ / SQ_OP3_INST_
 * name (each must exist on both chip families). */
#define R600_ALU_OP2_LIST(X) \
   X(ADD) X(MUL_IEEE) X(MAX_DX10) X(MIN_DX10) X(SETE) X(SETGT) X(SETGE) X(SETNE) \
   X(FRACT) X(TRUNC) X(CEIL) X(RNDNE) X(FLOOR) X(MOVA_INT) X(MOV) X(NOP) X(PRED_SETNE) \
   X(KILLGT) X(AND_INT) X(OR_INT) X(XOR_INT) X(NOT_INT) X(ADD_INT) X(SUB_INT) X(MAX_INT) \
   X(MIN_INT) X(SETE_INT) X(SETGT_INT) X(SETGE_INT) X(SETNE_INT) X(SETGT_UINT) X(SETGE_UINT) \
   X(DOT4_IEEE) X(CUBE) X(EXP_IEEE) X(LOG_IEEE) X(RECIP_IEEE) X(RECIPSQRT_IEEE) X(SQRT_IEEE) \
   X(FLT_TO_INT) X(INT_TO_FLT) X(UINT_TO_FLT) X(FLT_TO_UINT) X(SIN) X(COS) X(MULLO_INT) \
   X(MULHI_UINT) X(ASHR_INT) X(LSHR_INT) X(LSHL_INT)
#define R600_ALU_OP3_LIST(X) \
   X(MULADD_IEEE) X(CNDE) X(CNDGT) X(CNDE_INT)

enum r600_alu_op {
#define R600_ALU_ENUM(n) R600_ALU_##n,
   R600_ALU_OP2_LIST(R600_ALU_ENUM)
   R600_ALU_OP3_LIST(R600_ALU_ENUM)
#undef R600_ALU_ENUM
   R600_ALU_OP_COUNT
};

/* The instruction-table entry of `op` on `chip` (never NULL). */
const struct hw_isa_op *r600_alu_op(enum hw_chip chip, enum r600_alu_op op);
/* The properties that do not depend on the chip (name, encoding, num_src, flags, result). */
const struct hw_isa_op *r600_alu_op_info(enum r600_alu_op op);
/* True when the instruction can only issue in the t slot on `chip`. */
bool r600_alu_op_trans_only(enum r600_alu_op op, enum hw_chip chip);

/* Special ALU source selects. */
enum r600_alu_src_special {
   R600_SRC_SEL_KCACHE0 = 128,   /* + constant within kcache set 0 (128-159) */
   R600_SRC_SEL_KCACHE1 = 160,   /* + constant within kcache set 1 (160-191) */
};
enum r600_inline_const {
   R600_INLINE_0, R600_INLINE_1, R600_INLINE_1_INT, R600_INLINE_M_1_INT, R600_INLINE_0_5,
};
unsigned r600_inline_const_sel(enum r600_inline_const c);
unsigned r600_literal_sel(void);

/* One ALU instruction slot, all fields as encoded (src_sel already resolved). Relative
 * operands (src_rel, dst_rel) add AR.x (INDEX_MODE AR_X), loaded by MOVA_INT in an earlier
 * group of the clause. */
struct r600_alu_fields {
   uint8_t op;                 /* enum r600_alu_op */
   uint16_t src_sel[3];
   uint8_t src_chan[3];
   bool src_neg[3];
   bool src_rel[3];
   bool dst_rel;
   bool src_abs[2];            /* OP2 only */
   uint8_t dst_gpr, dst_chan;
   bool write;                 /* OP2 WRITE_MASK (OP3 always writes) */
   bool clamp;
   bool update_exec_mask, update_pred;
   uint8_t bank_swizzle;
   bool last;
};
void r600_encode_alu(enum hw_chip chip, const struct r600_alu_fields *f, uint32_t out[2]);

/* CF instructions of the plain CF_WORD0/1 layout. */
enum r600_cf_op {
   R600_CF_TEX, R600_CF_VTX, R600_CF_LOOP_END, R600_CF_LOOP_START_DX10,
   R600_CF_LOOP_CONTINUE, R600_CF_LOOP_BREAK, R600_CF_JUMP, R600_CF_ELSE, R600_CF_POP,
   R600_CF_CALL_FS, R600_CF_RETURN,
};
struct r600_cf_fields {
   uint8_t op;                 /* enum r600_cf_op */
   uint32_t addr;              /* 64-bit units (clauses) or CF index (jumps) */
   unsigned count;             /* clause instructions (1..8 R6xx, 1..16 R7xx); 0 if none */
   uint8_t pop_count;
   bool end_of_program;
   bool barrier;
};
void r600_encode_cf(enum hw_chip chip, const struct r600_cf_fields *f, uint32_t out[2]);

enum r600_cf_alu_op {
   R600_CF_ALU, R600_CF_ALU_PUSH_BEFORE, R600_CF_ALU_POP_AFTER,
};
enum r600_kcache_mode { R600_KCACHE_NONE, R600_KCACHE_LOCK_1, R600_KCACHE_LOCK_2 };
struct r600_cf_alu_fields {
   uint8_t op;                 /* enum r600_cf_alu_op */
   uint32_t addr;              /* 64-bit units */
   unsigned count;             /* 64-bit slots including literals, 1..128 */
   uint8_t kcache_mode[2];     /* enum r600_kcache_mode */
   uint8_t kcache_bank[2];
   uint8_t kcache_addr[2];     /* line number (16 constants per line) */
   bool barrier;
};
void r600_encode_cf_alu(enum hw_chip chip, const struct r600_cf_alu_fields *f,
                        uint32_t out[2]);

enum r600_export_type { R600_EXPORT_PIXEL, R600_EXPORT_POS, R600_EXPORT_PARAM };
enum r600_sel { R600_SEL_X, R600_SEL_Y, R600_SEL_Z, R600_SEL_W, R600_SEL_0, R600_SEL_1,
                R600_SEL_MASK };
struct r600_export_fields {
   bool done;                  /* EXPORT_DONE (last export of its type) */
   uint8_t type;               /* enum r600_export_type */
   uint16_t array_base;
   uint8_t gpr;
   uint8_t sel[4];             /* enum r600_sel */
   unsigned burst_count;       /* number of exports, 1..16 */
   bool end_of_program;
   bool barrier;
};
void r600_encode_export(enum hw_chip chip, const struct r600_export_fields *f,
                        uint32_t out[2]);

/* MEM_SCRATCH of one vec4 element (ELEM_SIZE 3, COMP_MASK xyzw): GPR `gpr` to element
 * `element` of the thread's scratch item, or back with `read` (hw_scratch.h), for the
 * active lanes or (whole_quad) every lane of a quad with an active lane. */
void r600_encode_scratch(enum hw_chip chip, bool read, bool whole_quad, uint8_t gpr,
                         uint16_t element, uint32_t out[2]);

enum r600_num_format { R600_NUM_FORMAT_NORM, R600_NUM_FORMAT_INT, R600_NUM_FORMAT_SCALED };
struct r600_vtx_fields {
   bool instance_data;         /* FETCH_TYPE INSTANCE_DATA instead of VERTEX_DATA */
   bool no_index_offset;       /* FETCH_TYPE NO_INDEX_OFFSET (no base vertex/instance added) */
   uint8_t buffer_id;
   uint8_t src_gpr, src_chan;
   uint8_t mega_fetch_count;   /* bytes - 1 */
   uint8_t dst_gpr;
   uint8_t dst_sel[4];         /* enum r600_sel */
   uint8_t data_format;        /* docs/r600-hardware-notes.md §1.6 code */
   uint8_t num_format;         /* enum r600_num_format */
   bool format_signed;
   bool srf_no_zero;           /* SRF_MODE_NO_ZERO */
   uint16_t offset;
};
void r600_encode_vtx(enum hw_chip chip, const struct r600_vtx_fields *f, uint32_t out[4]);

enum r600_tex_op {
   R600_TEX_SAMPLE, R600_TEX_SAMPLE_L, R600_TEX_SAMPLE_LB, R600_TEX_SAMPLE_LZ,
   R600_TEX_GET_GRADIENTS_H, R600_TEX_GET_GRADIENTS_V,
   R600_TEX_SAMPLE_G, R600_TEX_SET_GRADIENTS_H, R600_TEX_SET_GRADIENTS_V,
   R600_TEX_LD,
};
struct r600_tex_fields {
   uint8_t op;                 /* enum r600_tex_op */
   uint8_t resource_id, sampler_id;
   uint8_t src_gpr, dst_gpr;
   uint8_t src_sel[4];         /* enum r600_sel (X..W, 0, 1) */
   uint8_t dst_sel[4];         /* enum r600_sel */
   bool coord_normalized[4];
   bool fetch_whole_quad;      /* also for helper pixels (their results feed derivatives) */
};
void r600_encode_tex(enum hw_chip chip, const struct r600_tex_fields *f, uint32_t out[4]);

/* Largest fetch clause (VTX/TEX instructions per CF instruction) on `chip`. */
unsigned r600_max_fetch_clause(enum hw_chip chip);
/* Constant-buffer lines (16 vec4 constants each) a kcache lock can address. */
unsigned r600_kcache_lines(void);
/* Largest ALU clause in 64-bit slots (literals included). */
unsigned r600_max_alu_clause_slots(void);

#endif
