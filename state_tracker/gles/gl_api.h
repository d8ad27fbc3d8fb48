/* The generated entry-point table (gl_api_table.c, from gl_api.list) and the stub helper
 * for the functions that are not implemented yet. */
#ifndef GL_API_H
#define GL_API_H

#include <stdatomic.h>

typedef void (*gl_api_proc)(void);

struct gl_api_entry {
   const char *name;
   gl_api_proc proc;
};

/* Sorted by name (strcmp). */
extern const struct gl_api_entry gl_api_table[];
extern const unsigned gl_api_table_size;

/* A `todo` entry point: GL_INVALID_OPERATION on the current context, and one line on
 * stderr the first time (said is the function's own flag). */
void gl_api_not_implemented(const char *name, atomic_flag *said);

#endif
