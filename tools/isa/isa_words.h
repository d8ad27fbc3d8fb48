/* Access to the generated microcode word tables (hw_isa_words_r6[] / hw_isa_words_r7[] of
 * include/hw/hw_regdb.h): word formats, fields, enum names. Everything the ISA text codec knows
 * about bit positions and opcode numbers comes through here. */
#ifndef ISA_WORDS_H
#define ISA_WORDS_H

#include "isa.h"
#include "hw_regdb.h"

enum isa_fmt {
   ISA_F_CF0, ISA_F_CF1, ISA_F_CFALU0, ISA_F_CFALU1,
   ISA_F_EXP0, ISA_F_EXP1, ISA_F_EXP_BUF, ISA_F_EXP_SWIZ,
   ISA_F_ALU0, ISA_F_ALU1, ISA_F_ALU_OP2, ISA_F_ALU_OP3,
   ISA_F_VTX0, ISA_F_VTX1, ISA_F_VTX_GPR, ISA_F_VTX_SEM, ISA_F_VTX2,
   ISA_F_TEX0, ISA_F_TEX1, ISA_F_TEX2,
   ISA_F_COUNT
};

/* Instruction layouts: which word formats make up an instruction. */
enum isa_inst_class {
   ISA_I_CF, ISA_I_CF_ALU, ISA_I_EXP_SWIZ, ISA_I_EXP_BUF,
   ISA_I_ALU_OP2, ISA_I_ALU_OP3, ISA_I_VTX_GPR, ISA_I_VTX_SEM, ISA_I_TEX,
};

struct isa_part {
   unsigned word;
   enum isa_fmt fmt;
};

/* The parts of an instruction class (at most 4); returns the count. */
unsigned isa_layout(enum isa_inst_class cls, struct isa_part parts[4]);

/* The table entry of a word format (aborts if the generated tables lack it). */
const struct hw_register *isa_format(enum hw_chip chip, enum isa_fmt fmt);
/* A field of a format, or NULL if this chip's format has no such field. */
const struct hw_field *isa_field(enum hw_chip chip, enum isa_fmt fmt, const char *name);
/* Same, but aborts when missing (fields the codec cannot work without). */
const struct hw_field *isa_field_req(enum hw_chip chip, enum isa_fmt fmt, const char *name);

static inline uint32_t isa_fmask(const struct hw_field *f)
{
   return f->width >= 32 ? 0xffffffffu : ((1u << f->width) - 1u) << f->shift;
}
static inline uint32_t isa_fget(const struct hw_field *f, uint32_t word)
{
   return (word & isa_fmask(f)) >> f->shift;
}
static inline uint32_t isa_fset(const struct hw_field *f, uint32_t word, uint32_t value)
{
   return (word & ~isa_fmask(f)) | ((value << f->shift) & isa_fmask(f));
}
static inline uint32_t isa_fmax(const struct hw_field *f)
{
   return f->width >= 32 ? 0xffffffffu : (1u << f->width) - 1u;
}

/* Field by name: value (0 if the chip lacks the field) and setter (aborts if it lacks it). */
uint32_t isa_get(enum hw_chip chip, enum isa_fmt fmt, const char *name, uint32_t word);
void isa_set(enum hw_chip chip, enum isa_fmt fmt, const char *name, uint32_t *word, uint32_t value);

/* Enum value by its full table name (e.g. "SQ_ALU_SRC_LITERAL"); aborts if missing. */
uint32_t isa_enum(enum hw_chip chip, enum isa_fmt fmt, const char *field, const char *name);
/* Same, false if the table has no such name. */
bool isa_enum_find(enum hw_chip chip, enum isa_fmt fmt, const char *field, const char *name,
                   uint32_t *value);

/* Display name of an enum value: the table name without the prefix all names of the field
 * share (cut at a '_' so that every name keeps a letter first: SQ_OP2_INST_MUL_IEEE ->
 * MUL_IEEE, FMT_8 stays FMT_8). With several names for one value, the first whose display
 * name starts with `prefer` (may be NULL), else the first. NULL if the value has no name. */
const char *isa_enum_name(const struct hw_field *f, uint32_t value, const char *prefer);
/* Name (display or full) -> value. */
bool isa_enum_lookup(const struct hw_field *f, const char *name, uint32_t *value);

/* One-character name of a channel/select value, taken from the last part of its enum name
 * (SQ_SEL_X -> 'x', SQ_SEL_0 -> '0', SQ_SEL_MASK -> '_', CHAN_W -> 'w'); 0 if unnamed. */
char isa_sel_char(const struct hw_field *f, uint32_t value);
bool isa_sel_from_char(const struct hw_field *f, char c, uint32_t *value);

/* Bits of word `word` of a class that no field covers (must be zero in a valid program). */
uint32_t isa_reserved_bits(enum hw_chip chip, enum isa_inst_class cls, unsigned word);

#endif
