/* The program cache through EGL_ANDROID_blob_cache (gl_program_cache.c). All locked. */
#ifndef GL_PROGRAM_CACHE_H
#define GL_PROGRAM_CACHE_H

#include "gl_context.h"

#define GL_PROGRAM_CACHE_KEY_SIZE 16

/* The key of what linking prog now would produce (its compiled sources and bindings);
 * false when ctx's display has no cache. */
bool gl_program_cache_key(struct st_context *ctx, const struct gl_program *prog,
                          uint8_t key[GL_PROGRAM_CACHE_KEY_SIZE]);
/* The executable stored under key, or NULL (no cache, no value, a value refused). */
struct gl_exe *gl_program_cache_load(struct st_context *ctx,
                                     const uint8_t key[GL_PROGRAM_CACHE_KEY_SIZE]);
/* Stores exe under key (nothing without a cache). */
void gl_program_cache_store(struct st_context *ctx, const uint8_t key[GL_PROGRAM_CACHE_KEY_SIZE],
                            const struct gl_exe *exe);

#endif
