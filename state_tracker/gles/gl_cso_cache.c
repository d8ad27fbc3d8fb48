/* CSO cache: chained hash table of template bytes -> driver handle. */
#include "gl_cso_cache.h"

#include <stdlib.h>
#include <string.h>

static uint32_t hash_bytes(const void *key, size_t size)
{
   const unsigned char *p = key;
   uint32_t h = 2166136261u;           /* FNV-1a */
   for (size_t i = 0; i < size; i++)
      h = (h ^ p[i]) * 16777619u;
   return h;
}

void gl_cso_cache_init(struct gl_cso_cache *c, void (*destroy)(struct pipe_context *, void *))
{
   memset(c, 0, sizeof(*c));
   c->destroy = destroy;
}

void gl_cso_cache_clear(struct gl_cso_cache *c, struct pipe_context *pipe, void *keep)
{
   for (unsigned b = 0; b < 256; b++) {
      struct gl_cso_entry **link = &c->buckets[b];
      while (*link) {
         struct gl_cso_entry *e = *link;
         if (keep && e->handle == keep) {
            link = &e->next;
            continue;
         }
         *link = e->next;
         c->destroy(pipe, e->handle);
         free(e);
         c->count--;
      }
   }
}

void *gl_cso_cache_find(const struct gl_cso_cache *c, const void *key, size_t size)
{
   uint32_t h = hash_bytes(key, size);
   for (const struct gl_cso_entry *e = c->buckets[h & 255]; e; e = e->next)
      if (e->hash == h && e->key_size == size && !memcmp(e->key, key, size))
         return e->handle;
   return NULL;
}

int gl_cso_cache_add(struct gl_cso_cache *c, struct pipe_context *pipe, void *bound,
                     const void *key, size_t size, void *handle)
{
   if (c->count >= GL_CSO_CACHE_MAX)
      gl_cso_cache_clear(c, pipe, bound);
   struct gl_cso_entry *e = malloc(sizeof(*e) + size);
   if (!e)
      return 0;
   e->hash = hash_bytes(key, size);
   e->handle = handle;
   e->key_size = size;
   memcpy(e->key, key, size);
   e->next = c->buckets[e->hash & 255];
   c->buckets[e->hash & 255] = e;
   c->count++;
   return 1;
}
