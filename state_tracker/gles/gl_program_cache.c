/* EGL_ANDROID_blob_cache for linked programs: a successful link stores the program binary
 * (GL_OES_get_program_binary's format, gl_program_binary.c) under a key, and a later link
 * of the same sources with the same bindings loads it instead of compiling. The key is a
 * 128-bit hash (two FNV-1a 64-bit hashes with different bases) of the r600sim version, the
 * chip, the separable flag, each stage's compiled sources and the attribute and fragment
 * data bindings. A value the binary loader refuses (another build or chip, a corrupt
 * payload: it checks the header and the checksum) is ignored and the program is linked
 * from source, then stored again. */
#include "gl_context.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_frontend.h"
#include "gl_objects.h"
#include "gl_program_binary.h"
#include "gl_program_cache.h"
#include "st_api.h"

#define MAX_VALUE_SIZE (64u << 20)   /* a larger answer is not ours: ignored */

void r600sim_st_context_set_blob_cache(struct st_context *ctx, struct st_blob_cache *cache)
{
   ctx->blob_cache = cache;
}

struct hasher { uint64_t h[2]; };

static void feed(struct hasher *k, const void *data, size_t n)
{
   const uint8_t *p = data;
   for (size_t i = 0; i < n; i++)
      for (int j = 0; j < 2; j++)
         k->h[j] = (k->h[j] ^ p[i]) * 0x100000001b3ull;
}

/* A length-prefixed string: "ab" + "c" and "a" + "bc" differ. */
static void feed_string(struct hasher *k, const char *s, size_t n)
{
   uint64_t len = n;
   feed(k, &len, sizeof(len));
   feed(k, s, n);
}

static void feed_u32(struct hasher *k, uint32_t v)
{
   feed(k, &v, sizeof(v));
}

static struct st_blob_cache *cache_of(struct st_context *ctx)
{
   struct st_blob_cache *c = ctx->blob_cache;
   return c && atomic_load(&c->ready) ? c : NULL;
}

bool gl_program_cache_key(struct st_context *ctx, const struct gl_program *prog,
                          uint8_t key[GL_PROGRAM_CACHE_KEY_SIZE])
{
   if (!cache_of(ctx))
      return false;   /* no cache: nothing to hash for */
   struct hasher k = { { 0xcbf29ce484222325ull, 0x84222325cbf29ce4ull } };
   static const char what[] = "r600sim linked program";
   feed_string(&k, what, sizeof(what));
   feed_string(&k, R600SIM_VERSION, strlen(R600SIM_VERSION));
   struct pipe_screen *screen = ctx->pipe->screen;
   const char *chip = screen->get_name(screen);
   feed_string(&k, chip, strlen(chip));
   feed_u32(&k, prog->separable);
   for (int s = 0; s < 2; s++) {
      const struct glsl_shader *sh = prog->shaders[s] ? prog->shaders[s]->compiled : NULL;
      unsigned n = sh ? glsl_shader_num_sources(sh) : 0;
      feed_u32(&k, sh ? n : UINT32_MAX);   /* a stage without a shader */
      for (unsigned i = 0; i < n; i++) {
         size_t len;
         const char *src = glsl_shader_source(sh, i, &len);
         feed_string(&k, src, len);
      }
   }
   feed_u32(&k, prog->num_bindings);
   for (unsigned i = 0; i < prog->num_bindings; i++) {
      feed_string(&k, prog->bindings[i].name, strlen(prog->bindings[i].name));
      feed_u32(&k, prog->bindings[i].index);
   }
   feed_u32(&k, prog->num_frag_bindings);
   for (unsigned i = 0; i < prog->num_frag_bindings; i++) {
      const struct gl_frag_binding *b = &prog->frag_bindings[i];
      feed_string(&k, b->name, strlen(b->name));
      feed_u32(&k, b->location);
      feed_u32(&k, b->index);
   }
   memcpy(key, k.h, GL_PROGRAM_CACHE_KEY_SIZE);
   return true;
}

struct gl_exe *gl_program_cache_load(struct st_context *ctx,
                                     const uint8_t key[GL_PROGRAM_CACHE_KEY_SIZE])
{
   struct st_blob_cache *c = cache_of(ctx);
   if (!c)
      return NULL;
   long size = c->get(key, GL_PROGRAM_CACHE_KEY_SIZE, NULL, 0);
   if (size <= 0 || (unsigned long)size > MAX_VALUE_SIZE)
      return NULL;
   uint8_t *value = malloc((size_t)size);
   if (!value)
      return NULL;
   struct gl_exe *exe = NULL;
   /* the application may answer differently the second time: only an exact fit counts */
   if (c->get(key, GL_PROGRAM_CACHE_KEY_SIZE, value, size) == size) {
      const char *why = NULL;
      char *driver_log = NULL;
      exe = gl_program_binary_load(ctx, value, (size_t)size, &why, &driver_log);
      free(driver_log);
   }
   free(value);
   return exe;
}

void gl_program_cache_store(struct st_context *ctx, const uint8_t key[GL_PROGRAM_CACHE_KEY_SIZE],
                            const struct gl_exe *exe)
{
   struct st_blob_cache *c = cache_of(ctx);
   if (!c)
      return;
   size_t size = 0;
   uint8_t *value = gl_program_binary_build(ctx, exe, &size);
   if (value)   /* NULL also for programs the binary format cannot hold (one stage) */
      c->set(key, GL_PROGRAM_CACHE_KEY_SIZE, value, (long)size);
   free(value);
}
