/* The R6xx/R7xx hardware definition as run-time tables (for dumpers and for reporting
 * unimplemented register values). Generated from include/hw/r600_regs.db and
 * include/hw/r600_pm4.db by tools/hwdb_gen.py; the same run generates the C macros in
 * r600_regs.h / r600_pm4.h that the driver (writer) and the simulator (reader) use.
 *
 * Generated macro scheme (NAME = register or microcode-word name as in the register reference):
 *   REG_<NAME>                       byte offset of a register (e.g. REG_PA_SU_VTX_CNTL 0x28C08)
 *   <NAME>__<FIELD>(v)               v placed in the field (masked and shifted), uint32_t
 *   <NAME>__<FIELD>__get(dw)         the field's value read from a register dword
 *   <NAME>__<FIELD>__shift / __mask  bit position / in-place mask
 *   <NAME>__<FIELD>__<VALUE>         an enumerated value of the field (unshifted)
 *   Registers with instances (CB_COLOR0_INFO..CB_COLOR7_INFO) also get
 *   REG_<NAME>__count, REG_<NAME>__stride and every instance gets its own REG_ name.
 * Shader microcode words (CF/ALU/VTX/TEX formats) exist per chip family and are prefixed:
 *   R6_<WORD>__<FIELD>(v) ...        R6xx encodings
 *   R7_<WORD>__<FIELD>(v) ...        R7xx encodings
 * PM4 (r600_pm4.h):
 *   PM4_TYPE0/2/3 header helpers, PM4_IT_<OPCODE> type-3 opcodes,
 *   PM4_<PACKET>_WINDOW_START / _END for the SET_* register windows (byte addresses).
 */
#ifndef HW_REGDB_H
#define HW_REGDB_H

#include <stdint.h>

#include "hw/hw_chip.h"

struct hw_enum_value {
   const char *name;
   uint32_t value;
};

struct hw_field {
   const char *name;
   uint8_t shift;
   uint8_t width;
   uint16_t num_values;
   const struct hw_enum_value *values;
};

struct hw_register {
   const char *name;
   uint32_t offset;            /* byte address */
   uint8_t chips;              /* mask of enum hw_chip bits */
   uint16_t num_fields;
   const struct hw_field *fields;
};

struct hw_pm4_opcode {
   const char *name;
   uint8_t opcode;
   uint8_t chips;
};

extern const struct hw_register hw_registers[];        /* sorted by offset */
extern const unsigned hw_num_registers;
extern const struct hw_register hw_isa_words_r6[];     /* microcode word formats, R6xx */
extern const unsigned hw_num_isa_words_r6;
extern const struct hw_register hw_isa_words_r7[];     /* microcode word formats, R7xx */
extern const unsigned hw_num_isa_words_r7;
extern const struct hw_pm4_opcode hw_pm4_opcodes[];
extern const unsigned hw_num_pm4_opcodes;

/* Register at a byte offset for a chip (HW_CHIP_*), or NULL. */
const struct hw_register *hw_find_register(uint32_t offset, unsigned chip);
const struct hw_register *hw_find_register_by_name(const char *name);
const struct hw_pm4_opcode *hw_find_pm4_opcode(uint8_t opcode);
/* Name of an enumerated field value, or NULL. */
const char *hw_field_value_name(const struct hw_field *, uint32_t value);

#endif
