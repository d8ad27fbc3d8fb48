/* Building blocks the simple shaders share (simple_ir.h). */
#include "simple_ir.h"

#include <stddef.h>

#include "pipe/p_context.h"

struct ir_instruction *simple_emit_mov(struct ir_shader *s, unsigned out, unsigned mask,
                                       enum ir_file file, unsigned index)
{
   struct ir_instruction *mov = ir_emit(s, IR_MOV);
   if (!mov)
      return NULL;
   mov->dst.file = IR_FILE_OUTPUT;
   mov->dst.index = (uint16_t)out;
   mov->dst.writemask = (uint8_t)mask;
   mov->src[0].file = (uint8_t)file;
   mov->src[0].index = (uint16_t)index;
   return mov;
}

struct ir_shader *simple_finish(struct ir_shader *s, bool ok)
{
   if (ok && ir_emit(s, IR_END))
      return s;
   ir_shader_destroy(s);
   return NULL;
}

void *simple_compile(struct pipe_context *pipe, struct ir_shader *ir, bool fragment, char **log)
{
   if (!ir)
      return NULL;
   struct pipe_shader_state templ = { .ir = ir };
   void *cso = fragment ? pipe->create_fs_state(pipe, &templ, log)
                        : pipe->create_vs_state(pipe, &templ, log);
   ir_shader_destroy(ir);
   return cso;
}
