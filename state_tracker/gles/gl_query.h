/* Query objects (gl_query.c): the glGet state of GL_EXT_disjoint_timer_query. */
#ifndef GL_QUERY_H
#define GL_QUERY_H

#include "gl_context.h"

/* TIMESTAMP_EXT (the GPU time now, ns) and GPU_DISJOINT_EXT; false for other pnames. */
bool gl_query_get_state(const struct st_context *ctx, GLenum pname, int64_t *value);

#endif
