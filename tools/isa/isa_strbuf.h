/* A growing string for the printer. */
#ifndef ISA_STRBUF_H
#define ISA_STRBUF_H

#include <stddef.h>

struct isa_strbuf {
   char *s;
   size_t len, cap;
};

void isa_sb_printf(struct isa_strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Pads with spaces up to column `col` of the current line (at least one space). */
void isa_sb_pad(struct isa_strbuf *sb, size_t col);

#endif
