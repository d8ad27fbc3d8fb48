/* GL_OES_get_program_binary (gl_program_binary.c). */
#ifndef GL_PROGRAM_BINARY_H
#define GL_PROGRAM_BINARY_H

#include "gl_context.h"

/* The one binary format (a value of our own; PROGRAM_BINARY_FORMATS_OES lists it). */
#define GL_PROGRAM_BINARY_R600SIM 0x9A60

/* PROGRAM_BINARY_LENGTH_OES of a program (0 unless linked); called with the share lock. */
GLint gl_program_binary_length(struct st_context *ctx, const struct gl_program *p);
/* The binary of exe (malloc'ed) and its size; NULL when out of memory or when no context
 * holds its code (locked). */
uint8_t *gl_program_binary_build(struct st_context *ctx, const struct gl_exe *exe, size_t *size);
/* The executable a binary describes; NULL with the reason in *why (and the driver's in
 * *driver_log, malloc'ed) for a binary of another build or chip, a corrupt or inconsistent
 * one (locked). */
struct gl_exe *gl_program_binary_load(struct st_context *ctx, const uint8_t *bin, size_t size,
                                      const char **why, char **driver_log);
/* NUM_PROGRAM_BINARY_FORMATS_OES and PROGRAM_BINARY_FORMATS_OES; false for other pnames. */
bool gl_program_binary_get_state(GLenum pname, int64_t *values, unsigned *n);

#endif
