/* The clear shader pair (simple_shaders.h). */
#include "simple_shaders.h"

#include <stdbool.h>
#include <stddef.h>

#include "pipe/p_context.h"
#include "r600sim/shader_ir.h"

/* MOV OUT[0].<mask>, <file>[index]; false when out of memory. */
static bool emit_mov(struct ir_shader *s, unsigned mask, enum ir_file file, unsigned index)
{
   struct ir_instruction *mov = ir_emit(s, IR_MOV);
   if (!mov)
      return false;
   mov->dst.file = IR_FILE_OUTPUT;
   mov->dst.index = 0;
   mov->dst.writemask = (uint8_t)mask;
   mov->src[0].file = (uint8_t)file;
   mov->src[0].index = (uint16_t)index;
   return true;
}

static struct ir_shader *finish(struct ir_shader *s, bool ok)
{
   if (ok && ir_emit(s, IR_END))
      return s;
   ir_shader_destroy(s);
   return NULL;
}

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
   bool ok = emit_mov(s, 0x3, IR_FILE_INPUT, 0);
   ok = ok && emit_mov(s, 0xc, IR_FILE_IMM, ir_imm(s, zero_one));
   return finish(s, ok);
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
   return finish(s, emit_mov(s, 0xf, IR_FILE_CONST, 0));
}

void *simple_clear_vs_create(struct pipe_context *pipe, char **log)
{
   struct ir_shader *ir = build_vs();
   if (!ir)
      return NULL;
   struct pipe_shader_state templ = { .ir = ir };
   void *cso = pipe->create_vs_state(pipe, &templ, log);
   ir_shader_destroy(ir);
   return cso;
}

void *simple_clear_fs_create(struct pipe_context *pipe, char **log)
{
   struct ir_shader *ir = build_fs();
   if (!ir)
      return NULL;
   struct pipe_shader_state templ = { .ir = ir };
   void *cso = pipe->create_fs_state(pipe, &templ, log);
   ir_shader_destroy(ir);
   return cso;
}
