/* Program model housekeeping: diagnostics, freeing. */
#include "isa.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void isa_diag_add(struct isa_diags *diags, unsigned line, const char *rule, const char *fmt, ...)
{
   diags->total++;
   if (diags->n >= sizeof(diags->d) / sizeof(diags->d[0]))
      return;
   struct isa_diag *d = &diags->d[diags->n++];
   d->line = line;
   snprintf(d->rule, sizeof(d->rule), "%s", rule);
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
   va_end(ap);
}

void isa_program_free(struct isa_program *prog)
{
   for (unsigned i = 0; i < prog->nclauses; i++) {
      free(prog->clauses[i].groups);
      free(prog->clauses[i].fetch);
   }
   free(prog->clauses);
   free(prog->cf);
   memset(prog, 0, sizeof(*prog));
}

uint32_t isa_clause_units(const struct isa_clause *c)
{
   if (c->kind != ISA_CLAUSE_ALU)
      return 2 * c->n;
   uint32_t units = 0;
   for (unsigned i = 0; i < c->n; i++)
      units += c->groups[i].n + c->groups[i].nlit / 2;
   return units;
}

uint32_t isa_program_natural_size(const struct isa_program *prog)
{
   uint64_t end = prog->ncf;
   for (unsigned i = 0; i < prog->nclauses; i++) {
      uint64_t e = (uint64_t)prog->clauses[i].addr + isa_clause_units(&prog->clauses[i]);
      if (e > end)
         end = e;
   }
   return end * 8 > 0xffffffffu ? 0xffffffffu : (uint32_t)(end * 8);
}
