/* The blit shader pair (simple_shaders.h). */
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
   s->num_inputs = 2;
   s->inputs[0] = (struct ir_io){ .semantic = IR_SEM_ATTRIB, .index = 0, .usage_mask = 0x3 };
   s->inputs[1] = (struct ir_io){ .semantic = IR_SEM_ATTRIB, .index = 1, .usage_mask = 0x7 };
   s->num_outputs = 2;
   s->outputs[0] = (struct ir_io){ .semantic = IR_SEM_POSITION, .usage_mask = 0xf };
   s->outputs[1] = (struct ir_io){ .semantic = IR_SEM_GENERIC, .index = 0, .usage_mask = 0xf };
   const uint32_t zero_one[4] = { 0, 0, 0, 0x3f800000 };   /* 0.0, 0.0, 0.0, 1.0 */
   unsigned imm = ir_imm(s, zero_one);
   bool ok = simple_emit_mov(s, 0, 0x3, IR_FILE_INPUT, 0) && simple_emit_mov(s, 0, 0xc, IR_FILE_IMM, imm) &&
             simple_emit_mov(s, 1, 0x7, IR_FILE_INPUT, 1);
   /* .w = 0.0: the explicit LOD of the fragment shader's TXL */
   ok = ok && simple_emit_mov(s, 1, 0x8, IR_FILE_IMM, imm);
   if (ok)
      s->instructions[s->num_instructions - 1].src[0].swizzle[3] = IR_SWZ_X;
   return simple_finish(s, ok);
}

static struct ir_shader *build_fs(bool cube)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   if (!s)
      return NULL;
   s->num_samplers = 1;
   s->num_inputs = 1;
   s->inputs[0] = (struct ir_io){ .semantic = IR_SEM_GENERIC, .index = 0,
                                  .usage_mask = 0xf };
   s->num_outputs = 1;
   s->outputs[0] = (struct ir_io){ .semantic = IR_SEM_COLOR, .index = 0, .usage_mask = 0xf };
   struct ir_instruction *tex = ir_emit(s, IR_TXL);
   if (tex) {
      tex->tex_target = cube ? IR_TEX_CUBE : IR_TEX_2D;
      tex->dst.file = IR_FILE_OUTPUT;
      tex->dst.index = 0;
      tex->dst.writemask = 0xf;
      tex->src[0].file = IR_FILE_INPUT;
      tex->src[1].file = IR_FILE_SAMPLER;
   }
   return simple_finish(s, tex != NULL);
}

/* Depth = .x of the texel of sampler 0 (a depth view reads (d, d, d, 1)). */
static struct ir_shader *build_depth_fs(void)
{
   struct ir_shader *s = ir_shader_create(IR_STAGE_FRAGMENT);
   if (!s)
      return NULL;
   s->num_samplers = 1;
   s->num_temps = 1;
   s->num_inputs = 1;
   s->inputs[0] = (struct ir_io){ .semantic = IR_SEM_GENERIC, .index = 0,
                                  .usage_mask = 0xf };
   s->num_outputs = 1;
   s->outputs[0] = (struct ir_io){ .semantic = IR_SEM_DEPTH, .usage_mask = 0x4 };
   struct ir_instruction *tex = ir_emit(s, IR_TXL);
   if (tex) {
      tex->tex_target = IR_TEX_2D;
      tex->dst.file = IR_FILE_TEMP;
      tex->dst.index = 0;
      tex->dst.writemask = 0xf;
      tex->src[0].file = IR_FILE_INPUT;
      tex->src[1].file = IR_FILE_SAMPLER;
   }
   struct ir_instruction *mov = tex ? simple_emit_mov(s, 0, 0x4, IR_FILE_TEMP, 0) : NULL;
   return simple_finish(s, mov != NULL);
}

void *simple_blit_vs_create(struct pipe_context *pipe, char **log)
{
   return simple_compile(pipe, build_vs(), false, log);
}

void *simple_blit_fs_create(struct pipe_context *pipe, bool cube, char **log)
{
   return simple_compile(pipe, build_fs(cube), true, log);
}

void *simple_blit_depth_fs_create(struct pipe_context *pipe, char **log)
{
   return simple_compile(pipe, build_depth_fs(), true, log);
}
