/* Short IR builders of the shader compiler tests (ir_build.h). */
#include "ir_build.h"

#include <string.h>

struct ir_src S(unsigned file, unsigned index, const char *swizzle)
{
   struct ir_src s;
   memset(&s, 0, sizeof(s));
   s.file = (uint8_t)file;
   s.index = (uint16_t)index;
   size_t len = strlen(swizzle);
   for (unsigned c = 0; c < 4; c++) {
      char ch = swizzle[c < len ? c : len - 1];
      s.swizzle[c] = ch == 'x' ? 0 : ch == 'y' ? 1 : ch == 'z' ? 2 : 3;
   }
   return s;
}

struct ir_dst D(unsigned file, unsigned index, unsigned writemask)
{
   struct ir_dst d;
   memset(&d, 0, sizeof(d));
   d.file = (uint8_t)file;
   d.index = (uint16_t)index;
   d.writemask = (uint8_t)writemask;
   return d;
}

struct ir_instruction *E(struct ir_shader *s, enum ir_opcode op, struct ir_dst d,
                         const struct ir_src *a, const struct ir_src *b, const struct ir_src *c)
{
   struct ir_instruction *i = ir_emit(s, op);   /* zeroed: tex_target is IR_TEX_2D */
   i->dst = d;
   if (a)
      i->src[0] = *a;
   if (b)
      i->src[1] = *b;
   if (c)
      i->src[2] = *c;
   return i;
}
