/* Fields written as "NAME" / "NAME:VALUE" tokens (SYNTAX.md "Field tokens"): every field of an
 * instruction's words that the operand syntax does not cover. */
#ifndef ISA_FIELDS_H
#define ISA_FIELDS_H

#include "isa_strbuf.h"
#include "isa_words.h"

/* Appends " NAME[:VALUE]" for each non-zero field of the class's words whose name is not in
 * `skip` (NULL-terminated), in table order. `prefer` picks among enum names sharing a value. */
void isa_print_fields(struct isa_strbuf *sb, enum hw_chip chip, enum isa_inst_class cls,
                      const uint32_t *w, const char *const *skip, const char *prefer);

/* Sets the field named by one token. False with a message in err. */
bool isa_parse_field(enum hw_chip chip, enum isa_inst_class cls, uint32_t *w, const char *tok,
                     const char *const *skip, char *err, size_t errlen);

/* An enum value or a number for a field: display name, full name, decimal or 0x hex. */
bool isa_parse_field_value(const struct hw_field *f, const char *text, uint32_t *value);
/* Unsigned decimal or 0x hex number; false on junk or overflow. */
bool isa_parse_uint(const char *text, uint32_t *value);

bool isa_name_in(const char *name, const char *const *list);

#endif
