/* GL_KHR_debug (gl_debug.c: messages, volume control, groups, callback, log;
 * gl_object_label.c: object labels). */
#ifndef GL_DEBUG_H
#define GL_DEBUG_H

#include "gl_context.h"

#define GL_DEBUG_MAX_MESSAGE_LENGTH 4096   /* MAX_DEBUG_MESSAGE_LENGTH_KHR, with the NUL */
#define GL_DEBUG_MAX_LOGGED 64             /* MAX_DEBUG_LOGGED_MESSAGES_KHR */
#define GL_DEBUG_MAX_GROUP_DEPTH 64        /* MAX_DEBUG_GROUP_STACK_DEPTH_KHR */
#define GL_DEBUG_MAX_LABEL_LENGTH 256      /* MAX_LABEL_LENGTH_KHR, with the NUL */

/* A GL error as a debug message (source API, type ERROR, severity HIGH, id = the error),
 * when DEBUG_OUTPUT is enabled (gl_error_at calls it). */
void gl_debug_error(struct st_context *ctx, GLenum err, const char *func);

/* The glGet values of KHR_debug; false for other pnames. */
bool gl_debug_get_state(const struct st_context *ctx, GLenum pname, int64_t *value);


#endif
