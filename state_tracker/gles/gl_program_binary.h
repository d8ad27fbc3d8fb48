/* GL_OES_get_program_binary (gl_program_binary.c). */
#ifndef GL_PROGRAM_BINARY_H
#define GL_PROGRAM_BINARY_H

#include "gl_context.h"

/* The one binary format (a value of our own; PROGRAM_BINARY_FORMATS_OES lists it). */
#define GL_PROGRAM_BINARY_R600SIM 0x9A60

/* PROGRAM_BINARY_LENGTH_OES of a program (0 unless linked); called with the share lock. */
GLint gl_program_binary_length(struct st_context *ctx, const struct gl_program *p);
/* NUM_PROGRAM_BINARY_FORMATS_OES and PROGRAM_BINARY_FORMATS_OES; false for other pnames. */
bool gl_program_binary_get_state(GLenum pname, int64_t *values, unsigned *n);

#endif
