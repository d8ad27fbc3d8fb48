/* Building blocks the simple shaders share (simple_ir.c): not part of simple_shaders.h's
 * interface. */
#ifndef SIMPLE_IR_H
#define SIMPLE_IR_H

#include <stdbool.h>

#include "r600sim/shader_ir.h"

struct pipe_context;

/* MOV OUT[out].<mask>, <file>[index]; NULL when out of memory. */
struct ir_instruction *simple_emit_mov(struct ir_shader *s, unsigned out, unsigned mask,
                                       enum ir_file file, unsigned index);

/* s ended with IR_END when ok (and the END fits); otherwise s is destroyed and NULL
 * returned. */
struct ir_shader *simple_finish(struct ir_shader *s, bool ok);

/* The CSO of ir (a vertex or fragment shader), NULL with *log set as create_*_state sets
 * it; ir (may be NULL: out of memory) is destroyed. */
void *simple_compile(struct pipe_context *pipe, struct ir_shader *ir, bool fragment, char **log);

#endif
