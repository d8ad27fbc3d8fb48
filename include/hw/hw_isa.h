/* The R6xx/R7xx instruction table: every CF, CF_ALU, CF_ALLOC_EXPORT, ALU OP2/OP3, VTX and TEX
 * opcode of both chip families with the properties the encoder, decoder, disassembler,
 * assembler and the engines need. Generated from include/hw/r600_isa.db (itself extracted
 * from the register reference and docs/r600-hardware-notes.md §4 by tools/isa_extract.py)
 * by tools/isa_gen.py into r600_isa_table.h (enum hw_isa_id) and r600_isa_table.c (the
 * tables); use hw_dep.
 *
 * Opcode ids (enum hw_isa_id, generated, the same for both chips):
 *   HW_ISA_CF_<NAME>    CF, CF_ALU and CF_ALLOC_EXPORT instructions (SQ_CF_INST_<NAME>)
 *   HW_ISA_OP2_<NAME>   ALU OP2 (SQ_OP2_INST_<NAME>)     HW_ISA_OP3_<NAME>  ALU OP3
 *   HW_ISA_VTX_<NAME>   VTX_INST (SQ_VTX_INST_<NAME>)    HW_ISA_TEX_<NAME>  TEX_INST
 *   HW_ISA_NUM_OPS      number of ids
 * An id indexes each chip's table; an op a chip lacks (MOVA_GPR_INT on R7xx, the FP64 ops on
 * R6xx, ...) has name == NULL there. Opcode numbers are the same on both chips wherever an
 * op exists on both; only slot_class may differ (ASHR/LSHR/LSHL_INT: trans on R6xx). */
#ifndef HW_ISA_H
#define HW_ISA_H

#include <stdint.h>

#include "hw/hw_regdb.h"       /* enum hw_chip */
#include "r600_isa_table.h"    /* enum hw_isa_id (generated) */

/* Which word/field holds the opcode. */
enum hw_isa_encoding {
   HW_ISA_ENC_CF,               /* SQ_CF_WORD1.CF_INST */
   HW_ISA_ENC_CF_ALU,           /* SQ_CF_ALU_WORD1.CF_INST */
   HW_ISA_ENC_CF_ALLOC_EXPORT,  /* SQ_CF_ALLOC_EXPORT_WORD1.CF_INST */
   HW_ISA_ENC_ALU_OP2,          /* SQ_ALU_WORD1_OP2(_V2).ALU_INST */
   HW_ISA_ENC_ALU_OP3,          /* SQ_ALU_WORD1_OP3.ALU_INST */
   HW_ISA_ENC_VTX,              /* SQ_VTX_WORD0.VTX_INST */
   HW_ISA_ENC_TEX,              /* SQ_TEX_WORD0.TEX_INST */
   HW_ISA_NUM_ENCODINGS,
   HW_ISA_ENC_ANY = 0xFF,       /* hw_isa_find_name: search every encoding */
};

/* Where an ALU instruction may issue in a VLIW5 group (docs/r600-hardware-notes.md §4.2). */
enum hw_isa_slot {
   HW_ISA_SLOT_NONE,            /* not an ALU instruction */
   HW_ISA_SLOT_ANY,             /* vector slot DST_CHAN, or t */
   HW_ISA_SLOT_VECTOR,          /* vector slot DST_CHAN only (MOVA*, FP64) */
   HW_ISA_SLOT_TRANS,           /* t only */
   HW_ISA_SLOT_REDUCTION,       /* x, y, z and w of one group together (DOT4, CUBE, MAX4) */
};

/* flags */
#define HW_ISA_F_KILL        0x01u  /* ALU KILL*: one KILL or PRED_SET per group, never both */
#define HW_ISA_F_PRED_SET    0x02u  /* ALU PRED_SET* */
#define HW_ISA_F_MOVA        0x04u  /* ALU MOVA*: one per group; loads AR */
#define HW_ISA_F_FP64        0x08u  /* ALU double-precision op (R7xx) */
#define HW_ISA_F_CLAUSE      0x10u  /* CF: executes a clause (TEX/VTX/ALU ...) */
#define HW_ISA_F_COND_ACTIVE 0x20u  /* CF: COND must be ACTIVE */
#define HW_ISA_F_EXPORT_BUF  0x40u  /* CF_ALLOC_EXPORT: word 1 is the BUF form (else SWIZ) */
#define HW_ISA_F_VTX_SEM     0x80u  /* VTX: word 1 is the SEM form (else GPR) */

/* What an ALU instruction writes to its destination GPR. */
enum hw_isa_result {
   HW_ISA_RESULT_NONE,          /* no documented value (NOP, KILL*, PRED_SET*, MOVA*; CF, fetch) */
   HW_ISA_RESULT_FLOAT,
   HW_ISA_RESULT_INT,           /* integer / bit pattern: OMOD must be OFF */
};

struct hw_isa_op {
   const char *name;            /* register-reference name without SQ_*_INST_; NULL: not on this chip */
   uint16_t number;             /* opcode field value */
   uint8_t encoding;            /* enum hw_isa_encoding */
   uint8_t num_src;             /* ALU operands (0 for CF and fetch) */
   uint8_t slot_class;          /* enum hw_isa_slot, for this chip */
   uint8_t flags;               /* HW_ISA_F_* */
   uint8_t result;              /* enum hw_isa_result */
   uint8_t chips;               /* HW_CHIP_* families that have the op */
};

/* The chip's table, indexed by enum hw_isa_id (HW_ISA_NUM_OPS entries); chip = HW_CHIP_R6XX
 * or HW_CHIP_R7XX. NULL for any other chip value. */
extern const struct hw_isa_op hw_isa_ops_r6[HW_ISA_NUM_OPS];
extern const struct hw_isa_op hw_isa_ops_r7[HW_ISA_NUM_OPS];
const struct hw_isa_op *hw_isa_table(unsigned chip);

/* The op with this id on the chip, or NULL (unknown chip or id, or not on this chip). */
const struct hw_isa_op *hw_isa_op(unsigned chip, unsigned id);
/* The op an encoded opcode field selects, or NULL (reserved or unknown code). */
const struct hw_isa_op *hw_isa_find(unsigned chip, unsigned encoding, unsigned number);
/* The op with this documented name (exact, e.g. "RECIP_IEEE", "EXPORT_DONE") in one
 * encoding or, with HW_ISA_ENC_ANY, the first encoding that has it (CF before ALU before
 * fetch; "NOP" is then the CF one). NULL if none. */
const struct hw_isa_op *hw_isa_find_name(unsigned chip, unsigned encoding, const char *name);
/* The id of an entry of either table. */
unsigned hw_isa_id_of(const struct hw_isa_op *op);
/* Printable names of the enums: "ALU_OP2", "trans", "float"... */
const char *hw_isa_encoding_name(unsigned encoding);
const char *hw_isa_slot_name(unsigned slot_class);
const char *hw_isa_result_name(unsigned result);

#endif
