/* Operand printing and parsing (see isa_operand.h). */
#include "isa_operand.h"
#include "isa_fields.h"

#include <stdio.h>
#include <string.h>

static void print_index(struct isa_strbuf *sb, enum hw_chip chip, unsigned index_mode)
{
   const char *name = isa_enum_name(isa_field_req(chip, ISA_F_ALU0, "INDEX_MODE"), index_mode, NULL);
   if (name)
      isa_sb_printf(sb, "+%s", name);
   else
      isa_sb_printf(sb, "+%u", index_mode);
}

static char chan_char(enum hw_chip chip, unsigned chan)
{
   return isa_sel_char(isa_field_req(chip, ISA_F_ALU0, "SRC0_CHAN"), chan);
}

/* Base register with an optional index: "<p><n>" or "<p>[<n>]" / "<p>[<n>+<index>]". */
static void print_indexed(struct isa_strbuf *sb, enum hw_chip chip, const char *p, unsigned n,
                          bool brackets, unsigned rel, unsigned index_mode)
{
   if (rel) {
      isa_sb_printf(sb, "%s[%u", p, n);
      print_index(sb, chip, index_mode);
      isa_sb_printf(sb, "]");
   } else if (brackets)
      isa_sb_printf(sb, "%s[%u]", p, n);
   else
      isa_sb_printf(sb, "%s%u", p, n);
}

void isa_print_alu_src(struct isa_strbuf *sb, enum hw_chip chip, const struct isa_src *s,
                       unsigned index_mode)
{
   enum isa_src_kind kind = isa_src_kind(chip, s->sel);
   bool chan = true;
   if (s->neg)
      isa_sb_printf(sb, "-");
   if (s->abs)
      isa_sb_printf(sb, "|");
   switch (kind) {
   case ISA_SRC_GPR: print_indexed(sb, chip, "R", s->sel, false, s->rel, index_mode); break;
   case ISA_SRC_KC0: print_indexed(sb, chip, "KC0", s->sel - ISA_SEL_KC0, true, s->rel, index_mode); break;
   case ISA_SRC_KC1: print_indexed(sb, chip, "KC1", s->sel - ISA_SEL_KC1, true, s->rel, index_mode); break;
   case ISA_SRC_CFILE: print_indexed(sb, chip, "C", s->sel - ISA_SEL_CFILE, false, s->rel, index_mode); break;
   case ISA_SRC_LITERAL: isa_sb_printf(sb, "L"); break;
   case ISA_SRC_PV: isa_sb_printf(sb, "PV"); break;
   case ISA_SRC_PS:
      isa_sb_printf(sb, "PS");
      chan = s->chan != 0;
      break;
   default:
      isa_sb_printf(sb, "%s", isa_enum_name(isa_field_req(chip, ISA_F_ALU0, "SRC0_SEL"), s->sel, NULL));
      chan = s->chan != 0;
      break;
   }
   if (chan)
      isa_sb_printf(sb, ".%c", chan_char(chip, s->chan));
   if (s->abs)
      isa_sb_printf(sb, "|");
}

void isa_print_alu_dst(struct isa_strbuf *sb, enum hw_chip chip, unsigned gpr, unsigned rel,
                       unsigned chan, unsigned index_mode)
{
   print_indexed(sb, chip, "R", gpr, false, rel, index_mode);
   isa_sb_printf(sb, ".%c", isa_sel_char(isa_field_req(chip, ISA_F_ALU1, "DST_CHAN"), chan));
}

/* Parses "<n>", "[<n>]" or "[<n>+<index>]" after a register prefix. */
static bool parse_indexed(enum hw_chip chip, const char *s, bool need_brackets, uint32_t max,
                          uint32_t *n, unsigned *rel, int *index_mode, char *err, size_t errlen)
{
   char num[32] = "", idx[48] = "";
   size_t len = strlen(s);
   *rel = 0;
   if (*s == '[') {
      const char *plus = memchr(s, '+', len);
      const char *num_end = plus ? plus : s + len - 1;
      size_t nlen = (size_t)(num_end - s) - 1;
      size_t ilen = plus ? (size_t)(s + len - 1 - plus) - 1 : 0;
      if (len < 3 || s[len - 1] != ']' || nlen >= sizeof(num) || ilen >= sizeof(idx) ||
          (plus && !ilen)) {
         snprintf(err, errlen, "bad register index '%s'", s);
         return false;
      }
      memcpy(num, s + 1, nlen);
      if (plus)
         memcpy(idx, plus + 1, ilen);
   } else {
      if (need_brackets || len >= sizeof(num)) {
         snprintf(err, errlen, "bad register '%s'", s);
         return false;
      }
      memcpy(num, s, len);
   }
   if (!isa_parse_uint(num, n) || *n > max) {
      snprintf(err, errlen, "register number '%s' out of range 0..%u", num, max);
      return false;
   }
   if (!idx[0])
      return true;
   uint32_t mode;
   if (!isa_parse_field_value(isa_field_req(chip, ISA_F_ALU0, "INDEX_MODE"), idx, &mode)) {
      snprintf(err, errlen, "unknown index register '%s'", idx);
      return false;
   }
   if (*index_mode >= 0 && (uint32_t)*index_mode != mode) {
      snprintf(err, errlen, "operands use different index registers (INDEX_MODE is one per "
               "instruction)");
      return false;
   }
   *index_mode = (int)mode;
   *rel = 1;
   return true;
}

/* Splits "<base>.<c>" into base and channel character (0 when there is no ".c" suffix). */
static bool split_chan(const char *tok, char *base, size_t baselen, char *chan)
{
   size_t len = strlen(tok);
   *chan = 0;
   if (len >= 2 && tok[len - 2] == '.') {
      *chan = tok[len - 1];
      len -= 2;
   }
   if (len == 0 || len >= baselen)
      return false;
   memcpy(base, tok, len);
   base[len] = 0;
   return true;
}

bool isa_parse_alu_src(enum hw_chip chip, const char *tok, bool allow_abs, struct isa_src *s,
                       int *index_mode, char *err, size_t errlen)
{
   char body[64], base[64], chan;
   const struct hw_field *sel_f = isa_field_req(chip, ISA_F_ALU0, "SRC0_SEL");
   *s = (struct isa_src){0};
   if (*tok == '-') {
      s->neg = 1;
      tok++;
   }
   size_t len = strlen(tok);
   if (len >= sizeof(body)) {
      snprintf(err, errlen, "bad source '%s'", tok);
      return false;
   }
   if (*tok == '|') {
      if (len < 3 || tok[len - 1] != '|') {
         snprintf(err, errlen, "unbalanced |...| in source '%s'", tok);
         return false;
      }
      if (!allow_abs) {
         snprintf(err, errlen, "this source has no absolute-value modifier (OP3 sources, src2)");
         return false;
      }
      s->abs = 1;
      memcpy(body, tok + 1, len - 2);
      body[len - 2] = 0;
   } else
      memcpy(body, tok, len + 1);
   if (!split_chan(body, base, sizeof(base), &chan)) {
      snprintf(err, errlen, "bad source '%s'", tok);
      return false;
   }

   bool need_chan = true;
   uint32_t n;
   if (base[0] == 'R' && (base[1] == '[' || (base[1] >= '0' && base[1] <= '9'))) {
      if (!parse_indexed(chip, base + 1, false, ISA_SEL_KC0 - 1, &n, &s->rel, index_mode, err, errlen))
         return false;
      s->sel = n;
   } else if (!strncmp(base, "KC0[", 4) || !strncmp(base, "KC1[", 4)) {
      if (!parse_indexed(chip, base + 3, true, ISA_SEL_KC1 - ISA_SEL_KC0 - 1, &n, &s->rel,
                         index_mode, err, errlen))
         return false;
      s->sel = (base[2] == '0' ? ISA_SEL_KC0 : ISA_SEL_KC1) + n;
   } else if (base[0] == 'C' && (base[1] == '[' || (base[1] >= '0' && base[1] <= '9'))) {
      if (!parse_indexed(chip, base + 1, false, isa_fmax(sel_f) - ISA_SEL_CFILE, &n, &s->rel,
                         index_mode, err, errlen))
         return false;
      s->sel = ISA_SEL_CFILE + n;
   } else if (!strcmp(base, "L")) {
      s->sel = isa_enum(chip, ISA_F_ALU0, "SRC0_SEL", "SQ_ALU_SRC_LITERAL");
   } else if (!strcmp(base, "PV")) {
      s->sel = isa_enum(chip, ISA_F_ALU0, "SRC0_SEL", "SQ_ALU_SRC_PV");
   } else if (!strcmp(base, "PS")) {
      s->sel = isa_enum(chip, ISA_F_ALU0, "SRC0_SEL", "SQ_ALU_SRC_PS");
      need_chan = false;
   } else if (isa_enum_lookup(sel_f, base, &n) && isa_src_kind(chip, n) == ISA_SRC_INLINE) {
      s->sel = n;
      need_chan = false;
   } else {
      snprintf(err, errlen, "unknown source '%s'", tok);
      return false;
   }
   if (!chan) {
      if (need_chan) {
         snprintf(err, errlen, "source '%s' needs a channel (.x .y .z .w)", tok);
         return false;
      }
      return true;
   }
   uint32_t c;
   if (!isa_sel_from_char(isa_field_req(chip, ISA_F_ALU0, "SRC0_CHAN"), chan, &c)) {
      snprintf(err, errlen, "bad channel '.%c' in source '%s'", chan, tok);
      return false;
   }
   s->chan = c;
   return true;
}

bool isa_parse_alu_dst(enum hw_chip chip, const char *tok, unsigned *gpr, unsigned *rel,
                       unsigned *chan, int *index_mode, char *err, size_t errlen)
{
   char base[64], c;
   uint32_t n, cv;
   if (!split_chan(tok, base, sizeof(base), &c) || base[0] != 'R' || !c) {
      snprintf(err, errlen, "bad destination '%s' (R<n>.<chan>)", tok);
      return false;
   }
   if (!parse_indexed(chip, base + 1, false, isa_fmax(isa_field_req(chip, ISA_F_ALU1, "DST_GPR")),
                      &n, rel, index_mode, err, errlen))
      return false;
   if (!isa_sel_from_char(isa_field_req(chip, ISA_F_ALU1, "DST_CHAN"), c, &cv)) {
      snprintf(err, errlen, "bad channel '.%c' in destination '%s'", c, tok);
      return false;
   }
   *gpr = n;
   *chan = cv;
   return true;
}

void isa_print_sels(struct isa_strbuf *sb, enum hw_chip chip, enum isa_fmt fmt,
                    const char *const *sel_fields, unsigned nsel, uint32_t word)
{
   isa_sb_printf(sb, ".");
   for (unsigned i = 0; i < nsel; i++) {
      const struct hw_field *f = isa_field_req(chip, fmt, sel_fields[i]);
      isa_sb_printf(sb, "%c", isa_sel_char(f, isa_fget(f, word)));
   }
}

bool isa_parse_reg_sels(enum hw_chip chip, const char *tok, const char *prefix, uint32_t nmax,
                        uint32_t *n, enum isa_fmt fmt, const char *const *sel_fields,
                        unsigned nsel, uint32_t *word, char *err, size_t errlen)
{
   size_t plen = strlen(prefix);
   const char *dot = strchr(tok, '.');
   char num[16];
   if (strncmp(tok, prefix, plen) || !dot || (size_t)(dot - tok) <= plen ||
       (size_t)(dot - tok) - plen >= sizeof(num) || strlen(dot + 1) != nsel) {
      snprintf(err, errlen, "bad operand '%s' (%s<n>.<%u selects>)", tok, prefix, nsel);
      return false;
   }
   memcpy(num, tok + plen, (size_t)(dot - tok) - plen);
   num[(size_t)(dot - tok) - plen] = 0;
   if (!isa_parse_uint(num, n) || *n > nmax) {
      snprintf(err, errlen, "register number in '%s' out of range 0..%u", tok, nmax);
      return false;
   }
   for (unsigned i = 0; i < nsel; i++) {
      const struct hw_field *f = isa_field_req(chip, fmt, sel_fields[i]);
      uint32_t v;
      if (!isa_sel_from_char(f, dot[1 + i], &v)) {
         snprintf(err, errlen, "bad select '%c' in '%s'", dot[1 + i], tok);
         return false;
      }
      *word = isa_fset(f, *word, v);
   }
   return true;
}
