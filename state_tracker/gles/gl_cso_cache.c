/* CSO cache: chained hash table of template bytes -> driver handle. */
#include "gl_cso_cache.h"

#include <stdlib.h>
#include <string.h>

/* Eight bytes a step: every draw looks up its vertex elements (a 260-byte key). */
static uint32_t hash_bytes(const void *key, size_t size)
{
   const unsigned char *p = key;
   uint64_t h = 0xcbf29ce484222325ull;
   for (; size >= 8; p += 8, size -= 8) {
      uint64_t w;
      memcpy(&w, p, 8);
      h = (h ^ w) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 32;   /* a multiply carries upwards only: bring the high half down */
   }
   for (; size; p++, size--)
      h = (h ^ *p) * 0x100000001b3ull;
   return (uint32_t)(h ^ h >> 32);
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
