/* IR -> R600/R700 machine code: validation, lowering to MIR, register allocation, then
 * clause formation and encoding (r600_shader.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "r600_mir.h"
#include "r600_shader.h"

static char out_of_memory[] = "out of memory";

void mir_error(struct mir_program *p, const char *fmt, ...)
{
   if (p->error)
      return;
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   char *msg = malloc(n > 0 ? (size_t)n + 1 : 1);
   if (!msg) {
      p->error = out_of_memory;
      return;
   }
   va_start(ap, fmt);
   vsnprintf(msg, (size_t)n + 1, fmt, ap);
   va_end(ap);
   p->error = msg;
}

struct mir_node *mir_add_node(struct mir_program *p, enum mir_kind kind, uint32_t pos)
{
   if (p->num_nodes == p->cap_nodes) {
      unsigned cap = p->cap_nodes ? p->cap_nodes * 2 : 64;
      struct mir_node *grown = realloc(p->nodes, cap * sizeof(*grown));
      if (!grown) {
         mir_error(p, "out of memory");
         return NULL;
      }
      p->nodes = grown;
      p->cap_nodes = cap;
   }
   struct mir_node *n = &p->nodes[p->num_nodes++];
   memset(n, 0, sizeof(*n));
   n->kind = (uint8_t)kind;
   n->pos = pos;
   return n;
}

uint32_t mir_new_vreg(struct mir_program *p, int gpr)
{
   if (p->num_vregs == p->cap_vregs) {
      unsigned cap = p->cap_vregs ? p->cap_vregs * 2 : 64;
      int16_t *grown = realloc(p->fixed_gpr, cap * sizeof(*grown));
      if (!grown) {
         mir_error(p, "out of memory");
         return MIR_NO_REG;
      }
      p->fixed_gpr = grown;
      p->cap_vregs = cap;
   }
   p->fixed_gpr[p->num_vregs] = (int16_t)gpr;
   return p->num_vregs++;
}

static void mir_program_free(struct mir_program *p)
{
   free(p->nodes);
   free(p->fixed_gpr);
   free(p->arrays);
   if (p->error != out_of_memory)
      free(p->error);
   memset(p, 0, sizeof(*p));
}

static char *dup_message(const char *prefix, const char *msg)
{
   size_t n = strlen(prefix) + strlen(msg) + 1;
   char *s = malloc(n);
   if (s)
      snprintf(s, n, "%s%s", prefix, msg);
   return s;
}

bool r600_compile_shader(const struct ir_shader *ir, enum hw_chip chip,
                         struct r600_shader_binary *out, char **log)
{
   memset(out, 0, sizeof(*out));
   if (log)
      *log = NULL;

   const char *invalid = ir_validate(ir);
   if (invalid) {
      if (log)
         *log = dup_message("invalid IR: ", invalid);
      return false;
   }

   struct mir_program p;
   memset(&p, 0, sizeof(p));
   p.chip = chip;
   bool ok = r600_lower_ir(ir, &p, out) && r600_propagate_copies(&p) &&
             r600_order_fetches(&p) && r600_regalloc(&p) && r600_build_program(&p, out);
   if (!ok) {
      if (log)
         *log = dup_message("r600 compiler: ", p.error ? p.error : out_of_memory);
      r600_shader_binary_free(out);
   }
   mir_program_free(&p);
   return ok;
}

void r600_shader_binary_free(struct r600_shader_binary *b)
{
   free(b->code);
   memset(b, 0, sizeof(*b));
}
