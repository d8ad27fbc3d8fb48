/* Program model -> bytes: CF words at 0, each clause at its address, zero elsewhere. */
#include "isa.h"

#include <stdlib.h>
#include <string.h>

static void put(uint8_t *out, uint64_t dword_index, uint32_t v)
{
   uint8_t *p = out + dword_index * 4;
   p[0] = (uint8_t)v;
   p[1] = (uint8_t)(v >> 8);
   p[2] = (uint8_t)(v >> 16);
   p[3] = (uint8_t)(v >> 24);
}

bool isa_encode(const struct isa_program *prog, uint8_t **data, size_t *size, struct isa_diags *diags)
{
   uint32_t natural = isa_program_natural_size(prog);
   uint32_t total = prog->size ? prog->size : natural;
   *data = NULL;
   *size = 0;
   if (prog->ncf == 0) {
      isa_diag_add(diags, 0, "layout", "the program has no CF instruction");
      return false;
   }
   if (total < natural || total % 4) {
      isa_diag_add(diags, 0, "layout", ".size %u: must be a multiple of 4 and at least %u (the end "
                   "of the last CF instruction or clause)", total, natural);
      return false;
   }
   if (total > ISA_MAX_PROGRAM_BYTES) {
      isa_diag_add(diags, 0, "layout", "the program would be %u bytes; the assembler writes at "
                   "most %u", total, ISA_MAX_PROGRAM_BYTES);
      return false;
   }
   uint64_t end = prog->ncf;
   for (unsigned i = 0; i < prog->nclauses; i++) {
      const struct isa_clause *c = &prog->clauses[i];
      if (c->addr < end) {
         isa_diag_add(diags, c->line, "layout", "clause @%u overlaps %s", c->addr,
                      i ? "the previous clause" : "the CF program");
         return false;
      }
      end = (uint64_t)c->addr + isa_clause_units(c);
   }

   uint8_t *out = calloc(total, 1);
   if (!out) {
      isa_diag_add(diags, 0, "layout", "out of memory for %u bytes", total);
      return false;
   }
   for (unsigned i = 0; i < prog->ncf; i++) {
      put(out, 2 * i, prog->cf[i].w[0]);
      put(out, 2 * i + 1, prog->cf[i].w[1]);
   }
   for (unsigned i = 0; i < prog->nclauses; i++) {
      const struct isa_clause *c = &prog->clauses[i];
      uint64_t pos = 2 * (uint64_t)c->addr;  /* dwords */
      if (c->kind != ISA_CLAUSE_ALU) {
         for (unsigned k = 0; k < c->n; k++)
            for (unsigned d = 0; d < 4; d++)
               put(out, pos++, c->fetch[k].w[d]);
         continue;
      }
      for (unsigned gi = 0; gi < c->n; gi++) {
         const struct isa_alu_group *g = &c->groups[gi];
         for (unsigned k = 0; k < g->n; k++) {
            put(out, pos++, g->ins[k].w[0]);
            put(out, pos++, g->ins[k].w[1]);
         }
         for (unsigned k = 0; k < g->nlit; k++)
            put(out, pos++, g->lit[k]);
      }
   }
   *data = out;
   *size = total;
   return true;
}
