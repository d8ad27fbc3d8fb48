/* The clear shader pair (simple_shaders.h). */
#include "simple_shaders.h"

#include <stdbool.h>
#include <stddef.h>

#include "r600sim/shader_ir.h"
#include "simple_ir.h"

static struct ir_shader *build_vs(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_VERTEX);
   if (!s)
      return NULL;
   s->num_inputs = 1;
   s->inputs[0] = (struct ir_io){ .semantic = IR_SEM_ATTRIB, .index = 0, .usage_mask = 0x3 };
   s->num_outputs = 1;
   s->outputs[0] = (struct ir_io){ .semantic = IR_SEM_POSITION, .usage_mask = 0xf };
   const uint32_t zero_one[4] = { 0, 0, 0, 0x3f800000 };   /* 0.0, 0.0, 0.0, 1.0 */
   bool ok = simple_emit_mov(s, 0, 0x3, IR_FILE_INPUT, 0);
   ok = ok && simple_emit_mov(s, 0, 0xc, IR_FILE_IMM, ir_imm(s, zero_one));
   return simple_finish(s, ok);
}

static struct ir_shader *build_fs(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   if (!s)
      return NULL;
   s->num_consts = 1;
   s->num_outputs = 1;
   s->outputs[0] = (struct ir_io){ .semantic = IR_SEM_COLOR, .index = 0, .usage_mask = 0xf };
   s->color0_writes_all = true;   /* a clear writes every bound colour buffer */
   return simple_finish(s, simple_emit_mov(s, 0, 0xf, IR_FILE_CONST, 0));
}

void *simple_clear_vs_create(struct pipe_context *pipe, char **log)
{
   return simple_compile(pipe, build_vs(), false, log);
}

void *simple_clear_fs_create(struct pipe_context *pipe, char **log)
{
   return simple_compile(pipe, build_fs(), true, log);
}
