/* Field tokens "NAME" / "NAME:VALUE" (see isa_fields.h). */
#include "isa_fields.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool isa_name_in(const char *name, const char *const *list)
{
   for (; list && *list; list++)
      if (!strcmp(name, *list))
         return true;
   return false;
}

void isa_print_fields(struct isa_strbuf *sb, enum hw_chip chip, enum isa_inst_class cls,
                      const uint32_t *w, const char *const *skip, const char *prefer)
{
   struct isa_part parts[4];
   unsigned n = isa_layout(cls, parts);
   for (unsigned p = 0; p < n; p++) {
      const struct hw_register *fmt = isa_format(chip, parts[p].fmt);
      for (unsigned i = 0; i < fmt->num_fields; i++) {
         const struct hw_field *f = &fmt->fields[i];
         uint32_t v = isa_fget(f, w[parts[p].word]);
         if (!v || isa_name_in(f->name, skip))
            continue;
         const char *name = f->num_values ? isa_enum_name(f, v, prefer) : NULL;
         if (name)
            isa_sb_printf(sb, " %s:%s", f->name, name);
         else if (f->width == 1 && !f->num_values)
            isa_sb_printf(sb, " %s", f->name);
         else
            isa_sb_printf(sb, " %s:%u", f->name, v);
      }
   }
}

bool isa_parse_uint(const char *text, uint32_t *value)
{
   if (!*text || *text == '-' || *text == '+')
      return false;
   bool hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
   if (hex && !text[2])
      return false;
   char *end;
   errno = 0;
   unsigned long long v = strtoull(text, &end, hex ? 16 : 10);
   if (*end || errno || v > 0xffffffffull)
      return false;
   *value = (uint32_t)v;
   return true;
}

bool isa_parse_field_value(const struct hw_field *f, const char *text, uint32_t *value)
{
   if (f->num_values && isa_enum_lookup(f, text, value))
      return true;
   return isa_parse_uint(text, value) && *value <= isa_fmax(f);
}

bool isa_parse_field(enum hw_chip chip, enum isa_inst_class cls, uint32_t *w, const char *tok,
                     const char *const *skip, char *err, size_t errlen)
{
   char name[64];
   const char *colon = strchr(tok, ':');
   size_t len = colon ? (size_t)(colon - tok) : strlen(tok);
   if (len >= sizeof(name)) {
      snprintf(err, errlen, "unknown field '%s'", tok);
      return false;
   }
   memcpy(name, tok, len);
   name[len] = 0;

   struct isa_part parts[4];
   unsigned n = isa_layout(cls, parts);
   for (unsigned p = 0; p < n; p++) {
      const struct hw_field *f = isa_field(chip, parts[p].fmt, name);
      if (!f)
         continue;
      if (isa_name_in(name, skip)) {
         snprintf(err, errlen, "%s is given by the operands, not as a field token", name);
         return false;
      }
      uint32_t v = 1;
      if (!colon && (f->width != 1 || f->num_values)) {
         snprintf(err, errlen, "%s needs a value (%s:VALUE)", name, name);
         return false;
      }
      if (colon && !isa_parse_field_value(f, colon + 1, &v)) {
         snprintf(err, errlen, "bad value '%s' for %s (%u bits)", colon + 1, name, f->width);
         return false;
      }
      w[parts[p].word] = isa_fset(f, w[parts[p].word], v);
      return true;
   }
   snprintf(err, errlen, "unknown field or operand '%s'", tok);
   return false;
}
