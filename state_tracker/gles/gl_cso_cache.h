/* A cache of pipe CSOs keyed by their (zero-padded) template bytes, so equal GL state
 * reuses one driver object. Bounded: past GL_CSO_CACHE_MAX entries it is emptied, except
 * for the currently bound object. */
#ifndef GL_CSO_CACHE_H
#define GL_CSO_CACHE_H

#include <stddef.h>
#include <stdint.h>

struct pipe_context;

#define GL_CSO_CACHE_MAX 1024

struct gl_cso_entry {
   struct gl_cso_entry *next;
   uint32_t hash;
   void *handle;
   size_t key_size;
   unsigned char key[];
};

struct gl_cso_cache {
   void (*destroy)(struct pipe_context *, void *handle);
   struct gl_cso_entry *buckets[256];
   unsigned count;
};

void gl_cso_cache_init(struct gl_cso_cache *, void (*destroy)(struct pipe_context *, void *));
/* Deletes every cached object except keep (which stays cached). */
void gl_cso_cache_clear(struct gl_cso_cache *, struct pipe_context *pipe, void *keep);
/* The cached object for key, or NULL. */
void *gl_cso_cache_find(const struct gl_cso_cache *, const void *key, size_t size);
/* Caches handle for key (the caller found none); false when out of memory. */
int gl_cso_cache_add(struct gl_cso_cache *, struct pipe_context *pipe, void *bound,
                     const void *key, size_t size, void *handle);

#endif
