/* A decoded R6xx/R7xx shader program: the CF list, ALU groups (with their slot
 * assignment and literals resolved), vertex fetches and exports, validated once by
 * isa_decode.c. Both engines (interp.c, jit_*.c) and the fetch/texture units execute
 * this form, never raw words.
 * ALU operations are ids of the generated instruction table (enum hw_isa_id, hw/hw_isa.h),
 * the same on both chips; each decoded instruction points at its table entry. */
#ifndef SIM_ISA_PROGRAM_H
#define SIM_ISA_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hw_isa.h"
#include "shader/shader_exec.h"

#define SIM_MAX_CF 4096            /* CF instructions per program */
#define SIM_MAX_GROUP 5            /* x, y, z, w, t */
#define SIM_UNIT_T 4
#define SIM_CFILE_PER_STAGE 256    /* DX9 constant file: PS c[0..255], VS c[256..511] */


enum sim_src_kind {
   SIM_SRC_GPR,        /* index = register */
   SIM_SRC_KCACHE,     /* index = set * 32 + constant within the set's window */
   SIM_SRC_INLINE,     /* index into sim_inline_consts */
   SIM_SRC_LITERAL,    /* chan selects the group's literal */
   SIM_SRC_PV,         /* chan = vector unit of the previous group */
   SIM_SRC_PS,         /* trans unit of the previous group */
   SIM_SRC_CFILE,      /* DX9 constant file (SQ_CONFIG.DX9_CONSTS): index = c[0..255] of
                          the stage; rel adds the INDEX_MODE offset per lane */
};

/* Chip-independent codes the decoder translates the hardware's enums into. */
enum sim_sel { SIM_SEL_X, SIM_SEL_Y, SIM_SEL_Z, SIM_SEL_W, SIM_SEL_0, SIM_SEL_1, SIM_SEL_MASK };
enum sim_cond { SIM_COND_ACTIVE, SIM_COND_FALSE, SIM_COND_BOOL, SIM_COND_NOT_BOOL };
enum sim_pred_sel { SIM_PRED_OFF, SIM_PRED_ZERO, SIM_PRED_ONE };
enum sim_omod { SIM_OMOD_OFF, SIM_OMOD_M2, SIM_OMOD_M4, SIM_OMOD_D2 };
enum sim_fetch_type { SIM_FETCH_VERTEX, SIM_FETCH_INSTANCE, SIM_FETCH_NO_OFFSET };
enum sim_num_format { SIM_NUM_NORM, SIM_NUM_INT, SIM_NUM_SCALED };
enum sim_endian { SIM_ENDIAN_NONE, SIM_ENDIAN_8IN16, SIM_ENDIAN_8IN32 };

struct sim_src {
   uint8_t kind;      /* enum sim_src_kind */
   uint8_t chan;
   bool neg, abs;
   bool rel;          /* GPR / CFILE: index + the instruction's INDEX_MODE offset, per lane */
   uint16_t index;
};

/* Where a relative operand's offset comes from (ALU_WORD0.INDEX_MODE): AR.x..w (loaded
 * per lane by MOVA* earlier in the clause) or the loop index AL of the innermost DX9 loop. */
enum sim_index_mode { SIM_INDEX_AR_X, SIM_INDEX_AR_Y, SIM_INDEX_AR_Z, SIM_INDEX_AR_W, SIM_INDEX_LOOP };

/* Relative GPR accesses must stay inside the register file; an active lane whose
 * register index leaves 0..SIM_MAX_GPRS-1 faults the program at the end of the clause
 * (meanwhile it reads 0 and writes nothing). The same holds for relative constant-file
 * reads outside c[0..255]. */

struct sim_alu_inst {
   uint16_t op;         /* enum hw_isa_id (folded OP3 forms: the base op) */
   const struct hw_isa_op *info;   /* its table entry on the program's chip */
   uint8_t slot_class;  /* enum hw_isa_slot of the encoded form */
   uint8_t unit;        /* 0..3 vector x..w, SIM_UNIT_T */
   struct sim_src src[3];
   uint8_t dst_gpr, dst_chan;
   bool write, clamp, update_exec, update_pred;
   bool dst_rel;        /* relative destination (with write) */
   uint8_t index_mode;  /* enum sim_index_mode, for rel operands */
   uint8_t omod;        /* enum sim_omod */
   uint8_t pred_sel;    /* enum sim_pred_sel */
   uint8_t ar_chan;     /* MOVA*: the AR component loaded (the unit; DST_CHAN for the
                           trans-slot MOVA_GPR_INT) */
};

/* FP64 operations (R7xx, HW_ISA_F_FP64) span several vector slots of one group; the
 * decoder checks that the slots hold the same op (alu_fp64.h has the conventions). */
struct sim_alu_group {
   uint32_t first;      /* index into sim_program.alu */
   uint8_t count;
   uint8_t units;       /* bit u: unit u used */
   uint8_t mova_units;  /* bit c: a MOVA* of the group loads AR component c */
   bool rel;            /* some instruction has a relative operand */
   bool fp64;           /* some instruction is an FP64 op */
   uint8_t slot_inst[SIM_MAX_GROUP];   /* unit -> instruction index in the group (0xFF: none) */
   uint32_t literal[4];
};

struct sim_vtx_inst {
   uint8_t fetch_type;        /* enum sim_fetch_type */
   uint8_t buffer_id;
   uint8_t src_gpr, src_chan;
   uint8_t dst_gpr;
   bool semantic;             /* SEMANTIC: the destination GPR is the SQ_VTX_SEMANTIC_n
                                 entry whose SEMANTIC_ID matches semantic_id */
   uint8_t semantic_id;
   bool src_rel, dst_rel;     /* add the loop index AL to the GPR */
   bool alt_const;            /* R7xx ALT_CONST: the other stage's resources */
   bool whole_quad;           /* FETCH_WHOLE_QUAD: every lane of a quad with an active lane */
   uint8_t dst_sel[4];        /* enum sim_sel */
   bool use_const_fields;     /* format from the resource, not from the fields below */
   uint8_t data_format;       /* DATA_FORMAT code */
   uint8_t num_format;        /* enum sim_num_format */
   bool is_signed, srf_no_zero;
   uint8_t endian;            /* enum sim_endian */
   bool no_stride;
   uint16_t offset;
};

enum sim_tex_op {
   SIM_TEX_SAMPLE, SIM_TEX_SAMPLE_L, SIM_TEX_SAMPLE_LB, SIM_TEX_SAMPLE_LZ,
   SIM_TEX_SAMPLE_G, SIM_TEX_SAMPLE_G_L, SIM_TEX_SAMPLE_G_LB, SIM_TEX_SAMPLE_G_LZ,
   SIM_TEX_LD, SIM_TEX_GET_GRADIENTS_H, SIM_TEX_GET_GRADIENTS_V, SIM_TEX_GET_TEXTURE_RESINFO,
   SIM_TEX_GET_NUMBER_OF_SAMPLES, SIM_TEX_GET_LOD, SIM_TEX_GET_LERP, SIM_TEX_KEEP_GRADIENTS,
   SIM_TEX_SET_GRADIENTS_H, SIM_TEX_SET_GRADIENTS_V, SIM_TEX_PASS, SIM_TEX_SET_CUBEMAP_INDEX,
   SIM_TEX_VTX,               /* VTX_FETCH / VTX_SEMANTIC in a TEX clause: vtx[vtx_index] */
};

struct sim_tex_inst {
   uint8_t op;                /* enum sim_tex_op */
   bool compare;              /* SAMPLE_C*: depth compare against the reference value */
   uint8_t resource_id, sampler_id;
   uint8_t src_gpr, dst_gpr;
   bool src_rel, dst_rel;     /* add the loop index AL to the GPR */
   bool alt_const;            /* R7xx ALT_CONST: the other stage's resources and samplers */
   bool whole_quad;           /* FETCH_WHOLE_QUAD */
   bool bc_frac;              /* BC_FRAC_MODE: black texels, white border */
   uint8_t src_sel[4];        /* enum sim_sel (X..W, 0, 1) */
   uint8_t dst_sel[4];        /* enum sim_sel */
   bool normalized[4];        /* COORD_TYPE_X..W */
   float lod_bias;            /* LOD_BIAS (S3.4) */
   float offset[3];           /* OFFSET_X..Z in texels (S3.1) */
   uint32_t vtx_index;        /* SIM_TEX_VTX */
};

enum sim_cf_op {
   SIM_CF_NOP,
   SIM_CF_ALU,
   SIM_CF_VTX,
   SIM_CF_TEX,
   SIM_CF_LOOP_START,          /* DX9: SQ_LOOP_CONST count */
   SIM_CF_LOOP_START_NO_AL,
   SIM_CF_LOOP_START_DX10,
   SIM_CF_LOOP_END,
   SIM_CF_LOOP_CONTINUE,
   SIM_CF_LOOP_BREAK,
   SIM_CF_JUMP,
   SIM_CF_PUSH,
   SIM_CF_PUSH_ELSE,
   SIM_CF_ELSE,
   SIM_CF_POP,
   SIM_CF_POP_JUMP,
   SIM_CF_POP_PUSH,
   SIM_CF_POP_PUSH_ELSE,
   SIM_CF_CALL,
   SIM_CF_CALL_FS,
   SIM_CF_RETURN,
   SIM_CF_KILL,
   SIM_CF_EXPORT,
   SIM_CF_SCRATCH,             /* MEM_SCRATCH write or read (cf_scratch.c) */
};

/* What an ALU clause does around its body (CF_ALU CF_INST). */
enum sim_alu_kind {
   SIM_ALU_PLAIN, SIM_ALU_PUSH_BEFORE, SIM_ALU_POP_AFTER, SIM_ALU_POP2_AFTER,
   SIM_ALU_CONTINUE, SIM_ALU_BREAK, SIM_ALU_ELSE_AFTER,
};

enum sim_export_type { SIM_EXPORT_PIXEL, SIM_EXPORT_POS, SIM_EXPORT_PARAM };

struct sim_cf {
   uint8_t op;                 /* enum sim_cf_op */
   uint8_t cond;               /* enum sim_cond */
   uint8_t cf_const, pop_count;
   uint8_t call_count;         /* CALL: added to the call nesting depth */
   bool eop;
   bool whole_quad;            /* WHOLE_QUAD_MODE */
   bool valid_pixel;           /* VALID_PIXEL_MODE */
   uint32_t addr;              /* jump target: CF index */
   /* ALU / VTX / TEX clauses: range in groups / vtx / tex */
   uint32_t first, count;
   /* ALU */
   uint8_t alu_kind;           /* enum sim_alu_kind */
   uint8_t kc_mode[2], kc_bank[2];
   bool kc_loop[2];            /* KCACHE_LOCK_LOOP_INDEX: line + AL / 16 */
   uint16_t kc_line[2];
   uint32_t kc_used[2];        /* bit i: constant i of the set's window is read */
   bool alt_const;             /* R7xx ALT_CONST: the other stage's constant buffers */
   bool uses_rel;              /* MOVA* or relative operands: AR is tracked */
   bool uses_cfile;            /* reads the DX9 constant file */
   /* EXPORT / EXPORT_DONE */
   uint8_t exp_type;           /* enum sim_export_type */
   uint16_t array_base;
   uint8_t gpr, burst;         /* burst = number of exports (BURST_COUNT + 1) */
   bool rw_rel;                /* RW_REL: GPR + the loop index AL */
   uint8_t sel[4];             /* enum sim_sel */
   /* MEM_SCRATCH (and array_base, gpr, burst, rw_rel above): hw_scratch.h */
   bool scratch_read;          /* TYPE READ: element -> GPR, else GPR -> element */
   uint8_t elem_dwords;        /* ELEM_SIZE + 1 */
   uint8_t comp_mask;          /* COMP_MASK: the components moved */
};

struct sim_program {
   enum hw_chip chip;
   enum sim_stage stage;
   bool dx10_clamp;            /* SQ_PGM_RESOURCES_*.DX10_CLAMP */
   unsigned entry;             /* first CF instruction (SQ_PGM_CF_OFFSET) */
   unsigned ncf;               /* CF indices 0 .. ncf-1; those below entry are not decoded */
   struct sim_cf *cf;
   struct sim_alu_group *groups;
   unsigned ngroups;
   struct sim_alu_inst *alu;
   unsigned nalu;
   struct sim_vtx_inst *vtx;
   unsigned nvtx;
   struct sim_tex_inst *tex;
   unsigned ntex;

   /* Filled by the engines (shader_cache.c). */
   int (*jit_fn)(void *exec);  /* NULL: run on the interpreter */
   void *jit_code;             /* jit.h: the code's resource tracker (sim_jit_release) */
   void *jit_code_quick;       /* jit.h: quick-tier code jit_code replaced, kept till release */
   uint64_t kc_windows;        /* JIT code: kcache.h windows it reads (sim_kcache_prepare) */

   /* Cache bookkeeping (shader_cache.c). */
   uint64_t hash;
   uint32_t *image;            /* the exact dwords the program was decoded from */
   size_t image_ndw;
   struct sim_program *next;
   struct sim_program *lru_prev, *lru_next;   /* the engine's LRU list, most recent first */
   unsigned refs;              /* holders that keep it from eviction */
   uint64_t pin_scope;         /* the last use scope that took a reference */
   uint8_t engine;             /* the cache it is in: 0 interpreter, 1 JIT */
};

/* Program image: everything that determines the decoded program, in a canonical layout,
 * used both as the decoder's input and as the cache key. */
struct sim_isa_image {
   uint32_t *dw;
   size_t ndw, cap;
};



#endif
