/* Text -> program model: lines, directives, sections, groups, and linking CF instructions to
 * their clauses (SYNTAX.md). */
#include "isa_alu.h"
#include "isa_classify.h"
#include "isa_fields.h"
#include "isa_parse.h"
#include "isa_syntax.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_alu_group.h"

struct parser {
   enum hw_chip chip;
   bool chip_from_caller, chip_seen, started;
   struct isa_program *prog;
   struct isa_diags *diags;
   enum { SEC_NONE, SEC_CF, SEC_CLAUSE } sec;
   unsigned cf_cap, clause_cap, item_cap;
   /* The ALU group being read. */
   bool in_group;
   int labels[ISA_MAX_GROUP];
   unsigned nlit_given, lit_line;
   uint32_t lit_given[ISA_LINE_TOKS];
};

#define ERR(p, line, rule, ...) isa_diag_add((p)->diags, (line), (rule), __VA_ARGS__)

static bool is_index(const char *s)
{
   if (!*s)
      return false;
   for (; *s; s++)
      if (!isdigit((unsigned char)*s))
         return false;
   return true;
}

static struct isa_clause *cur_clause(struct parser *p)
{
   return &p->prog->clauses[p->prog->nclauses - 1];
}

static void grow(void **ptr, unsigned *cap, unsigned need, size_t elem)
{
   if (need <= *cap)
      return;
   *cap = need * 2;
   *ptr = realloc(*ptr, *cap * elem);
   if (!*ptr)
      abort();
}

/* Ends the current group: LAST, slots vs. labels, literal count. */
static void end_group(struct parser *p)
{
   if (!p->in_group)
      return;
   p->in_group = false;
   enum hw_chip chip = p->prog->chip;
   struct isa_alu_group *g = &cur_clause(p)->groups[cur_clause(p)->n - 1];
   const struct hw_field *last = isa_field_req(chip, ISA_F_ALU0, "LAST");
   for (unsigned i = 0; i < g->n; i++)
      g->ins[i].w[0] = isa_fset(last, g->ins[i].w[0], i + 1 == g->n);

   unsigned bad;
   char why[160];
   if (!isa_group_slots(chip, g, &bad, why, sizeof(why)))
      ERR(p, g->ins[bad].line, "slot", "%s", why);
   else
      for (unsigned i = 0; i < g->n; i++)
         if (p->labels[i] >= 0 && p->labels[i] != g->ins[i].slot)
            ERR(p, g->ins[i].line, "slot", "written as %c: but the hardware places %s in %c "
                "(DST_CHAN, the opcode's unit class and the earlier instructions decide)", "xyzwt"[p->labels[i]],
                isa_alu_opname(chip, g->ins[i].w), "xyzwt"[g->ins[i].slot]);

   int top = -1;
   for (unsigned i = 0; i < g->n; i++) {
      struct isa_alu_fields f;
      isa_alu_read(chip, g->ins[i].w, &f);
      for (unsigned s = 0; s < f.nsrc_encoded; s++)
         if (isa_src_kind(chip, f.src[s].sel) == ISA_SRC_LITERAL && (int)f.src[s].chan > top)
            top = (int)f.src[s].chan;
   }
   g->nlit = isa_group_literal_dwords(chip, g);
   unsigned line = p->nlit_given ? p->lit_line : g->line;
   if (p->nlit_given > HW_ALU_GROUP_MAX_LITERALS)
      ERR(p, line, "literal", "%u literal values; a group has at most %u", p->nlit_given,
          HW_ALU_GROUP_MAX_LITERALS);
   else if ((int)p->nlit_given < top + 1)
      ERR(p, line, "literal", "a source reads L.%c but the group lists %u literal value%s",
          "xyzw"[top], p->nlit_given, p->nlit_given == 1 ? "" : "s");
   else if (p->nlit_given > g->nlit)
      ERR(p, line, "literal", "%u literal values listed but the sources read %u literal dwords "
          "(the hardware reads 0, 2 or 4, from the highest L channel used)", p->nlit_given, g->nlit);
   else
      for (unsigned i = 0; i < g->nlit; i++)
         g->lit[i] = i < p->nlit_given ? p->lit_given[i] : 0;
}

static void end_section(struct parser *p)
{
   end_group(p);
   if (p->sec == SEC_CLAUSE && cur_clause(p)->n == 0)
      ERR(p, cur_clause(p)->line, "syntax", "empty clause @%u", cur_clause(p)->addr);
   p->sec = SEC_NONE;
}

static void directive(struct parser *p, const struct isa_line *l)
{
   const char *d = l->t[0].text;
   uint32_t v;
   if (!strcmp(d, ".chip")) {
      enum hw_chip chip;
      if (l->n != 2 || !hw_chip_from_name(l->t[1].text, &chip))
         ERR(p, l->no, "syntax", ".chip r600 | rv770");
      else if (p->started || p->chip_seen)
         ERR(p, l->no, "syntax", ".chip must come once, before any section");
      else if (p->chip_from_caller && chip != p->chip)
         ERR(p, l->no, "syntax", "the program is for %s but --chip %s was given", l->t[1].text,
             hw_chip_name(p->chip));
      else
         p->prog->chip = p->chip = chip;
      p->chip_seen = true;
      return;
   }
   if (!strcmp(d, ".size")) {
      if (l->n != 2 || !isa_parse_uint(l->t[1].text, &v) || v % 4)
         ERR(p, l->no, "syntax", ".size <bytes> (a multiple of 4)");
      else
         p->prog->size = v;
      return;
   }
   end_section(p);
   p->started = true;
   if (!strcmp(d, ".cf")) {
      if (l->n != 1)
         ERR(p, l->no, "syntax", ".cf takes no argument");
      if (p->prog->ncf)
         ERR(p, l->no, "syntax", "a second .cf section");
      p->sec = SEC_CF;
      return;
   }
   enum isa_clause_kind kind;
   if (!strcmp(d, ".alu"))
      kind = ISA_CLAUSE_ALU;
   else if (!strcmp(d, ".tex"))
      kind = ISA_CLAUSE_TEX;
   else if (!strcmp(d, ".vtx"))
      kind = ISA_CLAUSE_VTX;
   else {
      ERR(p, l->no, "syntax", "unknown directive '%s'", d);
      return;
   }
   if (l->n != 2 || l->t[1].text[0] != '@' || !isa_parse_uint(l->t[1].text + 1, &v)) {
      ERR(p, l->no, "syntax", "%s @<address in 64-bit units>", d);
      return;
   }
   grow((void **)&p->prog->clauses, &p->clause_cap, p->prog->nclauses + 1, sizeof(struct isa_clause));
   p->prog->clauses[p->prog->nclauses++] = (struct isa_clause){.kind = kind, .addr = v, .line = l->no};
   p->item_cap = 0;
   p->sec = SEC_CLAUSE;
}

static void literals_line(struct parser *p, const struct isa_line *l)
{
   if (!p->in_group || p->nlit_given) {
      ERR(p, l->no, "syntax", ISA_LITERALS_TOKEN " must follow the instructions of a group, once");
      return;
   }
   p->lit_line = l->no;
   for (unsigned i = 1; i < l->n; i++)
      if (!isa_parse_literal(l->t[i].text, &p->lit_given[p->nlit_given++])) {
         ERR(p, l->no, "syntax", "bad literal value '%s'", l->t[i].text);
         return;
      }
   if (!p->nlit_given)
      ERR(p, l->no, "syntax", ISA_LITERALS_TOKEN " needs at least one value");
}

static void alu_line(struct parser *p, const struct isa_line *l, unsigned first, bool has_index)
{
   struct isa_clause *c = cur_clause(p);
   char err[200];
   if (has_index) {
      end_group(p);
      uint32_t idx = (uint32_t)strtoul(l->t[0].text, NULL, 10);
      if (idx != c->n)
         ERR(p, l->no, "syntax", "group %u where group %u comes next", idx, c->n);
      grow((void **)&c->groups, &p->item_cap, c->n + 1, sizeof(*c->groups));
      memset(&c->groups[c->n], 0, sizeof(c->groups[0]));
      c->groups[c->n++].line = l->no;
      p->in_group = true;
      p->nlit_given = 0;
   } else if (!p->in_group) {
      ERR(p, l->no, "syntax", "a group starts with its number (e.g. '0  x: MOV R0.x, R1.x')");
      return;
   }
   struct isa_alu_group *g = &c->groups[c->n - 1];
   if (p->nlit_given) {
      ERR(p, l->no, "syntax", "instruction after the group's " ISA_LITERALS_TOKEN " line");
      return;
   }
   if (g->n == ISA_MAX_GROUP) {
      ERR(p, l->no, "slot", "more than %u instructions in group %u", ISA_MAX_GROUP, c->n - 1);
      return;
   }
   struct isa_alu_inst *in = &g->ins[g->n];
   if (!isa_parse_alu_line(p->chip, l, first, in, &p->labels[g->n], err, sizeof(err))) {
      ERR(p, l->no, "syntax", "%s", err);
      return;
   }
   in->line = l->no;
   g->n++;
}

static void item_line(struct parser *p, const struct isa_line *l)
{
   bool has_index = is_index(l->t[0].text);
   unsigned first = has_index ? 1 : 0;
   char err[200];
   if (p->sec == SEC_NONE) {
      ERR(p, l->no, "syntax", "instruction outside a section (.cf, .alu, .tex, .vtx)");
      return;
   }
   if (p->sec == SEC_CF) {
      struct isa_program *prog = p->prog;
      if (has_index && strtoul(l->t[0].text, NULL, 10) != prog->ncf)
         ERR(p, l->no, "syntax", "CF %s where CF %u comes next", l->t[0].text, prog->ncf);
      grow((void **)&prog->cf, &p->cf_cap, prog->ncf + 1, sizeof(*prog->cf));
      struct isa_cf_inst *cf = &prog->cf[prog->ncf];
      if (!isa_parse_cf_line(p->chip, l, first, cf, err, sizeof(err))) {
         ERR(p, l->no, "syntax", "%s", err);
         return;
      }
      cf->line = l->no;
      prog->ncf++;
      return;
   }
   struct isa_clause *c = cur_clause(p);
   if (c->kind == ISA_CLAUSE_ALU) {
      if (!strcmp(l->t[first].text, ISA_LITERALS_TOKEN) && !has_index)
         literals_line(p, l);
      else
         alu_line(p, l, first, has_index);
      return;
   }
   if (has_index && strtoul(l->t[0].text, NULL, 10) != c->n)
      ERR(p, l->no, "syntax", "instruction %s where instruction %u comes next", l->t[0].text, c->n);
   grow((void **)&c->fetch, &p->item_cap, c->n + 1, sizeof(*c->fetch));
   struct isa_fetch_inst *f = &c->fetch[c->n];
   if (!isa_parse_fetch_line(p->chip, c->kind, l, first, f, err, sizeof(err))) {
      ERR(p, l->no, "syntax", "%s", err);
      return;
   }
   f->line = l->no;
   c->n++;
}

static int by_addr(const void *a, const void *b)
{
   const struct isa_clause *x = a, *y = b;
   return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static const char *kind_name(enum isa_clause_kind k)
{
   return k == ISA_CLAUSE_ALU ? ".alu" : k == ISA_CLAUSE_TEX ? ".tex" : ".vtx";
}

/* Points each clause CF instruction at its section and fills in COUNT. */
static void link_clauses(struct parser *p)
{
   struct isa_program *prog = p->prog;
   enum hw_chip chip = prog->chip;
   if (prog->nclauses)
      qsort(prog->clauses, prog->nclauses, sizeof(*prog->clauses), by_addr);
   for (unsigned i = 0; i < prog->nclauses; i++) {
      prog->clauses[i].cf = ~0u;
      if (i && prog->clauses[i].addr == prog->clauses[i - 1].addr)
         ERR(p, prog->clauses[i].line, "syntax", "a second clause at @%u", prog->clauses[i].addr);
   }
   for (unsigned k = 0; k < prog->ncf; k++) {
      struct isa_cf_inst *cf = &prog->cf[k];
      enum isa_clause_kind kind;
      if (!isa_cf_clause_kind(chip, cf, &kind))
         continue;
      uint32_t addr = isa_cf_clause_addr(chip, cf);
      struct isa_clause key = {.addr = addr};
      struct isa_clause *c = prog->nclauses ? bsearch(&key, prog->clauses, prog->nclauses,
                                                      sizeof(key), by_addr) : NULL;
      if (!c) {
         ERR(p, cf->line, "syntax", "CF %u runs a clause at @%u but there is no %s @%u section",
             k, addr, kind_name(kind), addr);
         continue;
      }
      if (c->kind != kind) {
         ERR(p, cf->line, "syntax", "CF %u needs a %s clause but @%u is a %s section", k,
             kind_name(kind), addr, kind_name(c->kind));
         continue;
      }
      if (c->cf != ~0u) {
         ERR(p, cf->line, "syntax", "CF %u and CF %u both run the clause @%u", c->cf, k, addr);
         continue;
      }
      c->cf = k;
      cf->clause = (int)(c - prog->clauses);
      unsigned count = kind == ISA_CLAUSE_ALU ? isa_clause_units(c) : c->n;
      unsigned max = isa_cf_clause_count_max(chip, kind);
      if (count > max)
         ERR(p, c->line, "clause-size", "the %s clause @%u has %u %s; its CF COUNT field holds "
             "at most %u", kind_name(kind) + 1, addr, count,
             kind == ISA_CLAUSE_ALU ? "slots" : "instructions", max);
      else if (count)
         isa_cf_set_clause(chip, cf, addr, count);
   }
   for (unsigned i = 0; i < prog->nclauses; i++)
      if (prog->clauses[i].cf == ~0u)
         ERR(p, prog->clauses[i].line, "syntax", "no CF instruction runs the clause @%u",
             prog->clauses[i].addr);
}

bool isa_parse(const char *text, const enum hw_chip *chip_given, struct isa_program *prog,
               struct isa_diags *diags)
{
   struct parser p = {.prog = prog, .diags = diags};
   unsigned before = diags->total;
   memset(prog, 0, sizeof(*prog));
   p.chip_from_caller = chip_given != NULL;
   p.chip = prog->chip = chip_given ? *chip_given : HW_CHIP_R7XX;

   struct isa_line *l = malloc(sizeof(*l));
   unsigned no = 0;
   for (const char *s = text; *s;) {
      const char *eol = strchr(s, '\n');
      size_t len = eol ? (size_t)(eol - s) : strlen(s);
      const char *semi = memchr(s, ';', len);
      char err[120];
      l->no = ++no;
      if (!isa_tokenize(s, semi ? (size_t)(semi - s) : len, l, err, sizeof(err)))
         ERR(&p, no, "syntax", "%s", err);
      else if (l->n && l->t[0].text[0] == '.')
         directive(&p, l);
      else if (l->n)
         item_line(&p, l);
      s += len + (eol ? 1 : 0);
   }
   free(l);
   end_section(&p);
   if (!prog->ncf)
      ERR(&p, no, "syntax", "no CF instruction (a .cf section is required)");
   if (diags->total == before)
      link_clauses(&p);
   if (diags->total != before) {
      isa_program_free(prog);
      return false;
   }
   return true;
}
