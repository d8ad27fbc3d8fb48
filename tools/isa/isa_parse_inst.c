/* Instruction lines of the assembler: CF, ALU and fetch (SYNTAX.md). */
#include "isa_alu.h"
#include "isa_classify.h"
#include "isa_fields.h"
#include "isa_operand.h"
#include "isa_parse.h"
#include "isa_rules.h"
#include "isa_syntax.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool isa_tokenize(const char *text, size_t len, struct isa_line *line, char *err, size_t errlen)
{
   size_t i = 0;
   bool comma = false;
   line->n = 0;
   while (i < len) {
      char c = text[i];
      if (c == ',') {
         comma = true;
         i++;
         continue;
      }
      if (isspace((unsigned char)c)) {
         i++;
         continue;
      }
      size_t start = i;
      while (i < len && text[i] != ',' && !isspace((unsigned char)text[i]))
         i++;
      if (line->n == ISA_LINE_TOKS || i - start >= ISA_TOK_LEN) {
         snprintf(err, errlen, "line too long (at most %u tokens of %u characters)", ISA_LINE_TOKS,
                  ISA_TOK_LEN - 1);
         return false;
      }
      struct isa_tok *t = &line->t[line->n++];
      memcpy(t->text, text + start, i - start);
      t->text[i - start] = 0;
      t->comma = comma;
      comma = false;
   }
   return true;
}

bool isa_parse_literal(const char *text, uint32_t *value)
{
   if (isa_parse_uint(text, value))
      return true;
   char *end;
   errno = 0;
   if (text[0] == '-' && isdigit((unsigned char)text[1]) && !strpbrk(text, ".eEn")) {
      long long v = strtoll(text, &end, 10);
      if (*end || errno || v < INT32_MIN)
         return false;
      *value = (uint32_t)(int32_t)v;
      return true;
   }
   if (!strpbrk(text, ".eEinIN"))
      return false;
   float f = strtof(text, &end);
   if (*end || end == text)
      return false;
   memcpy(value, &f, 4);
   return true;
}

/* Trailing field tokens (no comma before them). */
static bool parse_fields(enum hw_chip chip, enum isa_inst_class cls, uint32_t *w,
                         const struct isa_line *l, unsigned i, const char *const *skip, char *err,
                         size_t errlen)
{
   for (; i < l->n; i++) {
      if (l->t[i].comma) {
         snprintf(err, errlen, "unexpected operand '%s' after the field tokens", l->t[i].text);
         return false;
      }
      if (!isa_parse_field(chip, cls, w, l->t[i].text, skip, err, errlen))
         return false;
   }
   return true;
}

static bool parse_addr(const char *tok, uint32_t max, uint32_t *addr, char *err, size_t errlen)
{
   if (tok[0] != '@' || !isa_parse_uint(tok + 1, addr) || *addr > max) {
      snprintf(err, errlen, "bad address '%s' (@<n>, 0..%u)", tok, max);
      return false;
   }
   return true;
}

bool isa_parse_cf_line(enum hw_chip chip, const struct isa_line *l, unsigned i,
                       struct isa_cf_inst *cf, char *err, size_t errlen)
{
   enum isa_cf_kind kind;
   enum isa_clause_kind ck;
   unsigned opcode;
   memset(cf->w, 0, sizeof(cf->w));
   cf->clause = -1;
   if (i >= l->n || !isa_cf_lookup(chip, l->t[i].text, &kind, &opcode)) {
      snprintf(err, errlen, "unknown CF instruction '%s'", i < l->n ? l->t[i].text : "");
      return false;
   }
   cf->kind = kind;
   isa_set(chip, isa_cf_inst_fmt(kind), "CF_INST", &cf->w[1], opcode);
   i++;
   bool clause = isa_cf_clause_kind(chip, cf, &ck);
   const char *const *skip = isa_skip_cf;
   uint32_t v;
   if (clause || (kind == ISA_CF_PLAIN && i < l->n && l->t[i].text[0] == '@')) {
      if (i >= l->n) {
         snprintf(err, errlen, "%s needs its clause address (@<n>)", l->t[i - 1].text);
         return false;
      }
      if (!parse_addr(l->t[i].text, isa_cf_addr_max(chip, kind), &v, err, errlen))
         return false;
      if (kind == ISA_CF_ALU)
         isa_set(chip, ISA_F_CFALU0, "ADDR", &cf->w[0], v);
      else
         isa_set(chip, ISA_F_CF0, "ADDR", &cf->w[0], v);
      i++;
      skip = kind == ISA_CF_ALU ? isa_skip_cf_alu : clause ? isa_skip_cf_clause : isa_skip_cf;
   } else if (kind == ISA_CF_EXPORT_SWIZ) {
      skip = isa_skip_exp_swiz;
      if (i + 3 > l->n) {
         snprintf(err, errlen, "%s needs TYPE ARRAY_BASE R<n>.<swizzle>", l->t[i - 1].text);
         return false;
      }
      const struct hw_field *type = isa_field_req(chip, ISA_F_EXP0, "TYPE");
      const struct hw_field *base = isa_field_req(chip, ISA_F_EXP0, "ARRAY_BASE");
      if (!isa_parse_field_value(type, l->t[i].text, &v)) {
         snprintf(err, errlen, "bad export type '%s'", l->t[i].text);
         return false;
      }
      cf->w[0] = isa_fset(type, cf->w[0], v);
      if (!isa_parse_uint(l->t[i + 1].text, &v) || v > isa_fmax(base)) {
         snprintf(err, errlen, "bad ARRAY_BASE '%s' (0..%u)", l->t[i + 1].text, isa_fmax(base));
         return false;
      }
      cf->w[0] = isa_fset(base, cf->w[0], v);
      const struct hw_field *gpr = isa_field_req(chip, ISA_F_EXP0, "RW_GPR");
      if (!isa_parse_reg_sels(chip, l->t[i + 2].text, "R", isa_fmax(gpr), &v, ISA_F_EXP_SWIZ,
                              isa_sel4, 4, &cf->w[1], err, errlen))
         return false;
      cf->w[0] = isa_fset(gpr, cf->w[0], v);
      i += 3;
   } else if (kind == ISA_CF_EXPORT_BUF)
      skip = isa_skip_exp_buf;
   else if (kind == ISA_CF_ALU)
      skip = isa_skip_cf_alu;
   return parse_fields(chip, isa_cf_class(kind), cf->w, l, i, skip, err, errlen);
}

static void set_src(enum hw_chip chip, uint32_t w[2], bool op3, unsigned i, const struct isa_src *s)
{
   static const char *const sel[3] = {"SRC0_SEL", "SRC1_SEL", "SRC2_SEL"};
   static const char *const rel[3] = {"SRC0_REL", "SRC1_REL", "SRC2_REL"};
   static const char *const chan[3] = {"SRC0_CHAN", "SRC1_CHAN", "SRC2_CHAN"};
   static const char *const neg[3] = {"SRC0_NEG", "SRC1_NEG", "SRC2_NEG"};
   static const char *const abs_[2] = {"SRC0_ABS", "SRC1_ABS"};
   enum isa_fmt fmt = i < 2 ? ISA_F_ALU0 : ISA_F_ALU_OP3;
   uint32_t *word = &w[i < 2 ? 0 : 1];
   isa_set(chip, fmt, sel[i], word, s->sel);
   isa_set(chip, fmt, rel[i], word, s->rel);
   isa_set(chip, fmt, chan[i], word, s->chan);
   isa_set(chip, fmt, neg[i], word, s->neg);
   if (i < 2 && !op3)
      isa_set(chip, ISA_F_ALU_OP2, abs_[i], &w[1], s->abs);
}

bool isa_parse_alu_line(enum hw_chip chip, const struct isa_line *l, unsigned i,
                        struct isa_alu_inst *in, int *label, char *err,
                        size_t errlen)
{
   *label = -1;
   memset(in->w, 0, sizeof(in->w));
   if (i < l->n && strlen(l->t[i].text) == 2 && l->t[i].text[1] == ':') {
      const char *p = strchr("xyzwt?", l->t[i].text[0]);
      if (!p) {
         snprintf(err, errlen, "bad slot label '%s' (x: y: z: w: t: ?:)", l->t[i].text);
         return false;
      }
      *label = p[0] == '?' ? -1 : p[0] == 't' ? ISA_SLOT_T : (int)(p - "xyzwt?");
      i++;
   }
   if (i + 2 > l->n) {
      snprintf(err, errlen, "an ALU instruction needs an opcode and a destination");
      return false;
   }
   const struct hw_isa_op *op = isa_op_named(chip, HW_ISA_ENC_ALU_OP2, l->t[i].text);
   if (!op)
      op = isa_op_named(chip, HW_ISA_ENC_ALU_OP3, l->t[i].text);
   if (!op) {
      snprintf(err, errlen, "unknown ALU instruction '%s'", l->t[i].text);
      return false;
   }
   bool op3 = op->encoding == HW_ISA_ENC_ALU_OP3;
   uint32_t opcode = op->number;
   const char *opname = l->t[i].text;
   isa_set(chip, op3 ? ISA_F_ALU_OP3 : ISA_F_ALU_OP2, "ALU_INST", &in->w[1], opcode);
   if (!op3)
      isa_set(chip, ISA_F_ALU_OP2, "WRITE_MASK", &in->w[1], 1);
   i++;

   int index_mode = -1;
   unsigned gpr, rel, chan;
   if (l->t[i].comma || !isa_parse_alu_dst(chip, l->t[i].text, &gpr, &rel, &chan, &index_mode,
                                            err, errlen)) {
      if (l->t[i].comma)
         snprintf(err, errlen, "unexpected ',' before the destination");
      return false;
   }
   isa_set(chip, ISA_F_ALU1, "DST_GPR", &in->w[1], gpr);
   isa_set(chip, ISA_F_ALU1, "DST_REL", &in->w[1], rel);
   isa_set(chip, ISA_F_ALU1, "DST_CHAN", &in->w[1], chan);
   i++;

   unsigned nsrc = 0, max = op3 ? 3 : 2;
   bool any_rel = rel;
   for (; i < l->n && l->t[i].comma; i++, nsrc++) {
      struct isa_src s;
      if (nsrc == max) {
         snprintf(err, errlen, "%s instructions have at most %u sources", op3 ? "OP3" : "OP2", max);
         return false;
      }
      if (!isa_parse_alu_src(chip, l->t[i].text, !op3, &s, &index_mode, err, errlen))
         return false;
      set_src(chip, in->w, op3, nsrc, &s);
      any_rel |= s.rel;
   }
   struct isa_alu_class cls;
   if (isa_alu_class(chip, op3, opcode, &cls) && nsrc < cls.nsrc) {
      snprintf(err, errlen, "%s reads %u source%s, %u given", opname, cls.nsrc,
               cls.nsrc == 1 ? "" : "s", nsrc);
      return false;
   }
   if (index_mode >= 0)
      isa_set(chip, ISA_F_ALU0, "INDEX_MODE", &in->w[0], (uint32_t)index_mode);
   if (i < l->n && !strcmp(l->t[i].text, ISA_MASKED_TOKEN)) {
      if (op3) {
         snprintf(err, errlen, "OP3 instructions always write (no " ISA_MASKED_TOKEN ")");
         return false;
      }
      isa_set(chip, ISA_F_ALU_OP2, "WRITE_MASK", &in->w[1], 0);
      i++;
   }
   const char *const *skip = op3 ? (any_rel ? isa_skip_alu_op3_rel : isa_skip_alu_op3)
                                 : (any_rel ? isa_skip_alu_op2_rel : isa_skip_alu_op2);
   return parse_fields(chip, op3 ? ISA_I_ALU_OP3 : ISA_I_ALU_OP2, in->w, l, i, skip, err, errlen);
}

bool isa_parse_fetch_line(enum hw_chip chip, enum isa_clause_kind kind, const struct isa_line *l,
                          unsigned i, struct isa_fetch_inst *f, char *err,
                          size_t errlen)
{
   memset(f->w, 0, sizeof(f->w));
   const struct hw_field *inst = kind == ISA_CLAUSE_TEX ? isa_field_req(chip, ISA_F_TEX0, "TEX_INST")
                                                        : isa_field_req(chip, ISA_F_VTX0, "VTX_INST");
   const struct hw_isa_op *op = i >= l->n ? NULL
      : isa_op_named(chip, kind == ISA_CLAUSE_TEX ? HW_ISA_ENC_TEX : HW_ISA_ENC_VTX, l->t[i].text);
   uint32_t n;
   if (!op) {
      snprintf(err, errlen, "unknown %s instruction '%s'", kind == ISA_CLAUSE_TEX ? "TEX" : "VTX",
               i < l->n ? l->t[i].text : "");
      return false;
   }
   f->w[0] = isa_fset(inst, f->w[0], op->number);
   const char *name = op->name;
   f->vtx = kind == ISA_CLAUSE_VTX || !strcmp(name, "VTX_FETCH") || !strcmp(name, "VTX_SEMANTIC");
   enum isa_inst_class cls = isa_fetch_class(chip, f);
   i++;
   if (i + 2 > l->n || l->t[i].comma || !l->t[i + 1].comma) {
      snprintf(err, errlen, "%s needs a destination and a source (dst, src)", name);
      return false;
   }
   const char *dst = l->t[i].text, *src = l->t[i + 1].text;
   if (cls == ISA_I_TEX) {
      const struct hw_field *dg = isa_field_req(chip, ISA_F_TEX1, "DST_GPR");
      const struct hw_field *sg = isa_field_req(chip, ISA_F_TEX0, "SRC_GPR");
      if (!isa_parse_reg_sels(chip, dst, "R", isa_fmax(dg), &n, ISA_F_TEX1, isa_dst_sel4, 4,
                              &f->w[1], err, errlen))
         return false;
      f->w[1] = isa_fset(dg, f->w[1], n);
      if (!isa_parse_reg_sels(chip, src, "R", isa_fmax(sg), &n, ISA_F_TEX2, isa_src_sel4, 4,
                              &f->w[2], err, errlen))
         return false;
      f->w[0] = isa_fset(sg, f->w[0], n);
      return parse_fields(chip, cls, f->w, l, i + 2, isa_skip_tex, err, errlen);
   }
   const struct hw_field *dg = cls == ISA_I_VTX_SEM ? isa_field_req(chip, ISA_F_VTX_SEM, "SEMANTIC_ID")
                                                    : isa_field_req(chip, ISA_F_VTX_GPR, "DST_GPR");
   const struct hw_field *sg = isa_field_req(chip, ISA_F_VTX0, "SRC_GPR");
   if (!isa_parse_reg_sels(chip, dst, cls == ISA_I_VTX_SEM ? ISA_SEMANTIC_PREFIX : "R",
                           isa_fmax(dg), &n, ISA_F_VTX1, isa_dst_sel4, 4, &f->w[1], err, errlen))
      return false;
   f->w[1] = isa_fset(dg, f->w[1], n);
   if (!isa_parse_reg_sels(chip, src, "R", isa_fmax(sg), &n, ISA_F_VTX0, isa_src_sel4, 1,
                           &f->w[0], err, errlen))
      return false;
   f->w[0] = isa_fset(sg, f->w[0], n);
   return parse_fields(chip, cls, f->w, l, i + 2, isa_skip_vtx, err, errlen);
}
