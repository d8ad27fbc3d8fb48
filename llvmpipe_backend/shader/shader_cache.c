/* sim_program_get / sim_program_run (shader_exec.h): programs are read from GPU memory,
 * keyed by their exact bytes plus chip, stage and the register state that changes code
 * (CF entry offset, DX10_CLAMP: the program image of isa_program.h), decoded once and
 * compiled once; a later draw with the same program finds it in the cache and compiles
 * nothing. Engine: R600SIM_ENGINE=interp or jit (default), or the caller's choice
 * (sim_program_get_engine; one cache per engine); a program the JIT cannot compile runs on
 * the interpreter (warned once). Runs set FTZ/DAZ for their duration (fp32 denormals are
 * flushed, see alu_ops.h).
 *
 * Each engine's cache holds at most R600SIM_CACHE_SIZE programs (default 1024) that no one
 * holds: the least recently used are evicted, their JIT code freed. A thread holds every
 * program it got within one use scope - one submission of one device, i.e. the same
 * env->regs and env->seq - until it asks for a program in another scope (or exits). The
 * draw path gets its programs for a draw and runs them (its workers included) before the
 * submission ends, and the GPU thread executes submissions one after the other, so a
 * program is never freed while it runs, without a release call. Callers that keep seq at 0
 * (tests, tools, bench) never leave their scope: their programs stay for the process.
 * Held programs are outside the LRU list, so the bound may be exceeded while they are held.
 *
 * Background compiles (R600SIM_JIT_ASYNC, default 1): a draw's JIT cache miss (sim_program_get)
 * on a program of at least R600SIM_JIT_ASYNC_MIN bytes that the disk cache does not hold queues
 * it for a compile thread (shader_compile.h) and returns it at once without code, so draws run
 * it on the interpreter (bit-identical); when the compile ends, its code is published under
 * cache_lock with a release store of jit_fn, and each later run (run_program reads jit_fn once
 * per program run) takes the native code. The queue holds a reference, so a program being
 * compiled is never evicted; code is only freed at eviction, when no one holds the program.
 * kc_windows of a JIT-cache program is set at decode, before anyone sees it, so it never
 * changes while a run reads it. Smaller programs compile synchronously: they compile in
 * milliseconds and then run natively from their first draw (docs/jit.md §6).
 *
 * Tiers (jit.h, R600SIM_JIT_QUICK, default 1): a draw's program whose final code the disk
 * cache does not hold first gets its quick code (from the disk cache, else built: here, or
 * on a compile thread when large), and then its final code is built on a compile thread and
 * published the same way, replacing the quick code for later runs. A run that started on the
 * quick code finishes on it: that code is kept (jit_code_quick) until the program's
 * eviction. Both tiers give the same bits, so no result depends on which one ran. With
 * R600SIM_JIT_ASYNC=0, and for callers that choose the engine, the final code is built at
 * once. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "common/gpu_memory.h"
#include "jit/jit.h"
#include "r600_regs.h"
#include "shader/shader_compile.h"
#include "sq/interp.h"
#include "sq/isa_decode.h"
#include "sq/isa_read.h"
#include "sq/isa_words.h"
#include "sq/kcache.h"
#include "sq/run_state.h"

#define CACHE_BUCKETS 1024
#define DEFAULT_CACHE_SIZE 1024
#define DEFAULT_ASYNC_MIN 4096     /* bytes: docs/jit.md §6 */
#define MXCSR_DAZ 0x0040u
#define MXCSR_FTZ 0x8000u

struct engine_cache {
   struct sim_program *bucket[CACHE_BUCKETS];
   struct sim_program *lru_head, *lru_tail;   /* programs no one holds, most recent first */
   unsigned count;                            /* programs in the cache, held or not */
};

/* A program found in the current use scope, with where its image came from: the CF list at
 * va + 8 * entry and the clauses (segments of GPU memory, in image order). */
#define SEEN_PER_STAGE 4
struct seen {
   struct sim_program *p;      /* NULL: none */
   struct sim_memory *mem;
   uint64_t va;
   struct segment { uint64_t va; uint32_t off, ndw; } *seg;
   unsigned nseg, cap;
};

/* The programs one thread holds in its current use scope; with the buffer its lookups read
 * images into (kept, so a lookup allocates nothing) and, per stage, the last programs it
 * found in the scope: draws mostly ask for programs the draws before them used, and when the
 * bytes of one in GPU memory still equal its image (a few memcmp, seen_again) it is the
 * answer, without reading the image, hashing it, the lock and the bucket walk (the thread
 * holds it, so no eviction can free it). */
struct holds {
   const uint32_t *regs;
   uint64_t seq, scope;        /* scope 0: none yet */
   struct sim_program **v;
   size_t n, cap;
   struct sim_isa_image img;
   struct seen seen[SIM_STAGE_FS + 1][SEEN_PER_STAGE];   /* of `scope` */
   unsigned seen_next[SIM_STAGE_FS + 1];
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct engine_cache cache[2];   /* [0] interpreter, [1] JIT */
static uint64_t last_scope;
static unsigned evicted;
static atomic_uint compile_count;
static unsigned async_queued;   /* programs queued for a background compile (cache_lock) */

static pthread_once_t config_once = PTHREAD_ONCE_INIT;
static bool use_jit = true;
static unsigned cache_size = DEFAULT_CACHE_SIZE;   /* 0: no bound */
static bool async = true;                          /* R600SIM_JIT_ASYNC */
static unsigned long async_min = DEFAULT_ASYNC_MIN; /* R600SIM_JIT_ASYNC_MIN, bytes */
static pthread_key_t holds_key;
static bool holds_key_ok;

static void release_holds(struct holds *h);

static void holds_destroy(void *v)
{
   struct holds *h = v;
   pthread_mutex_lock(&cache_lock);
   release_holds(h);
   pthread_mutex_unlock(&cache_lock);
   free(h->v);
   free(h->img.dw);
   for (unsigned st = 0; st <= SIM_STAGE_FS; st++)
      for (unsigned i = 0; i < SEEN_PER_STAGE; i++)
         free(h->seen[st][i].seg);
   free(h);
}

static void config(void)
{
   const char *e = getenv("R600SIM_ENGINE");
   if (e && *e && strcmp(e, "jit")) {
      if (!strcmp(e, "interp"))
         use_jit = false;
      else
         fprintf(stderr, "r600sim: R600SIM_ENGINE=%s unknown (use interp or jit); using jit\n", e);
   }
   e = getenv("R600SIM_CACHE_SIZE");
   if (e && *e) {
      char *end;
      unsigned long n = strtoul(e, &end, 10);
      if (*end || e[0] == '-' || n > 1u << 30)
         fprintf(stderr, "r600sim: R600SIM_CACHE_SIZE=%s is not a program count; using %u\n", e,
                 DEFAULT_CACHE_SIZE);
      else
         cache_size = (unsigned)n;
   }
   e = getenv("R600SIM_JIT_ASYNC");
   if (e && *e) {
      if (!strcmp(e, "0"))
         async = false;
      else if (strcmp(e, "1"))
         fprintf(stderr, "r600sim: R600SIM_JIT_ASYNC=%s unknown (use 0 or 1); using 1\n", e);
   }
   e = getenv("R600SIM_JIT_ASYNC_MIN");
   if (e && *e) {
      char *end;
      unsigned long n = strtoul(e, &end, 10);
      if (*end || e[0] == '-' || n > 1ul << 30)
         fprintf(stderr, "r600sim: R600SIM_JIT_ASYNC_MIN=%s is not a byte count; using %u\n", e,
                 DEFAULT_ASYNC_MIN);
      else
         async_min = n;
   }
   holds_key_ok = !pthread_key_create(&holds_key, holds_destroy);
}

/* FNV-1a over dwords, not bytes: every draw hashes its programs' images (ideas: 290 draws a
 * frame), and the hash only picks a bucket in this process. */
static uint64_t hash_dwords(const uint32_t *dw, size_t n)
{
   uint64_t h = 0xcbf29ce484222325ull;
   for (size_t i = 0; i < n; i++)
      h = (h ^ dw[i]) * 0x100000001b3ull;
   return h ^ h >> 32;   /* a multiply carries upwards only: the high half into the bucket bits */
}

static void set_fault(struct sim_shader_env *env, const char *msg)
{
   if (env->faulted)
      return;
   snprintf(env->fault, sizeof(env->fault), "%s", msg);
   env->faulted = true;
}

/* CF entry index and DX10_CLAMP of the stage, from the register file. */
static void stage_state(const struct sim_shader_env *env, unsigned *entry, bool *dx10_clamp)
{
   const uint32_t *r = env->regs;
   switch (env->stage) {
   case SIM_STAGE_PS:
      *entry = SQ_PGM_CF_OFFSET_PS__PGM_CF_OFFSET__get(r[REG_SQ_PGM_CF_OFFSET_PS / 4]);
      *dx10_clamp = SQ_PGM_RESOURCES_PS__DX10_CLAMP__get(r[REG_SQ_PGM_RESOURCES_PS / 4]);
      break;
   case SIM_STAGE_VS:
      *entry = SQ_PGM_CF_OFFSET_VS__PGM_CF_OFFSET__get(r[REG_SQ_PGM_CF_OFFSET_VS / 4]);
      *dx10_clamp = SQ_PGM_RESOURCES_VS__DX10_CLAMP__get(r[REG_SQ_PGM_RESOURCES_VS / 4]);
      break;
   default:
      *entry = SQ_PGM_CF_OFFSET_FS__PGM_CF_OFFSET__get(r[REG_SQ_PGM_CF_OFFSET_FS / 4]);
      *dx10_clamp = SQ_PGM_RESOURCES_FS__DX10_CLAMP__get(r[REG_SQ_PGM_RESOURCES_FS / 4]);
      break;
   }
}

static void warn_failed(const char *err)
{
   static atomic_bool warned;
   if (!atomic_exchange(&warned, true))
      fprintf(stderr, "r600sim: JIT compile failed (%s); running the program on the "
                      "interpreter (warned once)\n", err);
}

/* Publishes `code` as p's (cache_lock held): runs that start after this see it. */
static void publish(struct sim_program *p, const struct sim_jit_code *code)
{
   p->jit_code = code->code;
   __atomic_store_n(&p->jit_fn, code->fn, __ATOMIC_RELEASE);
}

/* ---- the LRU list and eviction (cache_lock held) ------------------------------------------- */

static void lru_unlink(struct engine_cache *c, struct sim_program *p)
{
   if (p->lru_prev)
      p->lru_prev->lru_next = p->lru_next;
   else
      c->lru_head = p->lru_next;
   if (p->lru_next)
      p->lru_next->lru_prev = p->lru_prev;
   else
      c->lru_tail = p->lru_prev;
   p->lru_prev = p->lru_next = NULL;
}

static void lru_push(struct engine_cache *c, struct sim_program *p)
{
   p->lru_prev = NULL;
   p->lru_next = c->lru_head;
   if (c->lru_head)
      c->lru_head->lru_prev = p;
   else
      c->lru_tail = p;
   c->lru_head = p;
}

static void evict(struct engine_cache *c, struct sim_program *p)
{
   lru_unlink(c, p);
   struct sim_program **link = &c->bucket[p->hash % CACHE_BUCKETS];
   while (*link != p)
      link = &(*link)->next;
   *link = p->next;
   c->count--;
   evicted++;
   sim_jit_release(p);
   sim_program_free(p);
}

static void trim(struct engine_cache *c)
{
   while (cache_size && c->count > cache_size && c->lru_tail)
      evict(c, c->lru_tail);
}

static void unhold(struct sim_program *p)
{
   if (--p->refs == 0)
      lru_push(&cache[p->engine], p);
}

static void release_holds(struct holds *h)
{
   for (size_t i = 0; i < h->n; i++)
      unhold(h->v[i]);
   h->n = 0;
   trim(&cache[0]);
   trim(&cache[1]);
}

/* The calling thread's holds (no lock needed: only this thread uses them until it exits);
 * NULL when they cannot be recorded. */
static struct holds *my_holds(void)
{
   if (!holds_key_ok)
      return NULL;
   struct holds *h = pthread_getspecific(holds_key);
   if (!h) {
      h = calloc(1, sizeof(*h));
      if (!h || pthread_setspecific(holds_key, h)) {
         free(h);
         return NULL;
      }
   }
   return h;
}

static bool in_scope(const struct holds *h, const struct sim_shader_env *env)
{
   return h->scope != 0 && h->regs == env->regs && h->seq == env->seq;
}

/* h (may be NULL: the caller then holds for good) in the scope of `env`, a new scope
 * releasing the old one's holds (cache_lock held). */
static struct holds *scope_holds(struct holds *h, const struct sim_shader_env *env)
{
   if (h && !in_scope(h, env)) {
      release_holds(h);
      for (unsigned st = 0; st <= SIM_STAGE_FS; st++)
         for (unsigned i = 0; i < SEEN_PER_STAGE; i++)
            h->seen[st][i].p = NULL;
      h->regs = env->regs;
      h->seq = env->seq;
      h->scope = ++last_scope;
   }
   return h;
}

static void hold(struct holds *h, struct sim_program *p)
{
   if (h && p->pin_scope == h->scope)
      return;   /* already held in this scope */
   if (p->refs++ == 0)
      lru_unlink(&cache[p->engine], p);
   if (!h)
      return;
   if (h->n == h->cap) {
      size_t cap = h->cap ? 2 * h->cap : 16;
      struct sim_program **v = realloc(h->v, cap * sizeof(*v));
      if (!v)
         return;   /* held for good */
      h->v = v;
      h->cap = cap;
   }
   h->v[h->n++] = p;
   p->pin_scope = h->scope;
}

/* ---- compiles ---------------------------------------------------------------------------- */

/* Publishes `code` of `tier` as p's (cache_lock held); quick code that final code replaces
 * stays until eviction. */
static void publish_tier(struct sim_program *p, enum sim_jit_tier tier,
                         const struct sim_jit_code *code)
{
   if (tier == SIM_JIT_FINAL && p->jit_code)
      p->jit_code_quick = p->jit_code;
   publish(p, code);
}

static void compiled(struct sim_program *p, enum sim_jit_tier tier,
                     const struct sim_jit_code *code, const char *err);

/* Queues p's `tier` compile (cache_lock held); false when no compile thread can run. Final
 * code after quick code is an upgrade (shader_compile.h). */
static bool queue(struct sim_program *p, enum sim_jit_tier tier, bool upgrade)
{
   if (!sim_compile_queue(p, tier, upgrade, compiled))
      return false;
   async_queued++;
   return true;
}

/* shader_compile.h's `done`: a background compile of p ended. After quick code the final
 * compile is queued under the same hold; otherwise the queue's hold is dropped. A failed
 * final compile leaves the quick code running (it fails at process exit, unwarned). */
static void compiled(struct sim_program *p, enum sim_jit_tier tier,
                     const struct sim_jit_code *code, const char *err)
{
   pthread_mutex_lock(&cache_lock);
   if (code)
      publish_tier(p, tier, code);
   else if (!p->jit_fn)
      warn_failed(err);
   if (!(code && tier == SIM_JIT_QUICK && queue(p, SIM_JIT_FINAL, true))) {
      unhold(p);
      trim(&cache[1]);
   }
   pthread_mutex_unlock(&cache_lock);
}

/* Gives the new program p of the JIT cache code: its final code when the disk cache holds it
 * or no draw asked; else, when tiered, its quick code (now when small or on disk, else on a
 * compile thread) and its final code on a compile thread; else its final code, now when
 * small, else on a compile thread (cache_lock held; p is not yet in the cache, its queue
 * hold is taken later by `hold`). Returns whether p was queued. */
static bool compile(struct sim_program *p, bool draw)
{
   char err[160];
   struct sim_jit_code code;
   bool background = draw && async && p->image_ndw * sizeof(uint32_t) >= async_min;
   bool tiered = draw && async && sim_jit_tiered();
   enum sim_jit_tier first = tiered ? SIM_JIT_QUICK : SIM_JIT_FINAL;
   p->kc_windows = sim_kcache_windows_used(p);
   enum sim_jit_result r = SIM_JIT_NOT_CACHED;
   if (tiered)
      r = sim_jit_compile_code(p, SIM_JIT_FINAL, false, &code, err, sizeof(err));
   if (r == SIM_JIT_NOT_CACHED)
      r = sim_jit_compile_code(p, first, !background, &code, err, sizeof(err));
   else
      first = SIM_JIT_FINAL;   /* loaded from disk, or failed */
   switch (r) {
   case SIM_JIT_OK:
      publish(p, &code);
      return first == SIM_JIT_QUICK && queue(p, SIM_JIT_FINAL, true);
   case SIM_JIT_FAILED:
      warn_failed(err);
      return false;
   case SIM_JIT_NOT_CACHED:
      break;
   }
   if (queue(p, first, false))
      return true;
   if (sim_jit_compile_code(p, SIM_JIT_FINAL, true, &code, err, sizeof(err)) == SIM_JIT_OK)
      publish(p, &code);
   else
      warn_failed(err);
   return false;
}

void sim_program_cache_wait(void)
{
   sim_compile_wait();
}

void sim_program_engine_start(void)
{
   pthread_once(&config_once, config);
   if (use_jit)
      sim_jit_start();
}

/* ---- lookups ----------------------------------------------------------------------------- */

enum sim_engine sim_program_engine(const struct sim_program *prog)
{
   return __atomic_load_n(&prog->jit_fn, __ATOMIC_ACQUIRE) ? SIM_ENGINE_JIT : SIM_ENGINE_INTERP;
}

/* Whether GPU memory still holds the image of `e`'s program for the image header hdr: then
 * sim_isa_read would read that image again (its CF words decide where the list ends and
 * where the clauses are, and every range it reads is mapped). */
static bool seen_again(const struct seen *e, const struct sim_shader_env *env, const uint32_t *hdr)
{
   const uint32_t *img = e->p->image;
   if (memcmp(img, hdr, (SIM_IMAGE_HEADER - 1) * sizeof(uint32_t)))
      return false;
   uint32_t entry = img[3], ncf = img[SIM_IMAGE_HEADER - 1];
   size_t cf_bytes = 8ull * (ncf - entry);
   const void *cf = sim_mem_range(env->mem, e->va + 8ull * entry, cf_bytes);
   if (!cf || memcmp(cf, img + SIM_IMAGE_HEADER, cf_bytes))
      return false;
   for (unsigned i = 0; i < e->nseg; i++) {
      const struct segment *g = &e->seg[i];
      const void *c = sim_mem_range(env->mem, g->va, 4ull * g->ndw);
      if (!c || memcmp(c, img + g->off, 4ull * g->ndw))
         return false;
   }
   return true;
}

/* A program of the scope's for the program at va whose image header would be hdr. */
static struct sim_program *seen_program(struct holds *h, const struct sim_shader_env *env,
                                        uint64_t va, bool jit, const uint32_t *hdr)
{
   if (!h || !in_scope(h, env) || (unsigned)env->stage > SIM_STAGE_FS)
      return NULL;
   for (unsigned i = 0; i < SEEN_PER_STAGE; i++) {
      const struct seen *e = &h->seen[env->stage][i];
      if (e->p && e->va == va && e->mem == env->mem && e->p->engine == (unsigned)jit &&
          seen_again(e, env, hdr))
         return e->p;
   }
   return NULL;
}

/* Notes p, read from va and now held by h (cache_lock held), as seen in the scope. */
static void note_seen(struct holds *h, const struct sim_shader_env *env, uint64_t va,
                      struct sim_program *p)
{
   if (!h || p->pin_scope != h->scope || (unsigned)env->stage > SIM_STAGE_FS)
      return;
   for (unsigned i = 0; i < SEEN_PER_STAGE; i++)
      if (h->seen[env->stage][i].p == p && h->seen[env->stage][i].va == va)
         return;
   struct seen *e = &h->seen[env->stage][h->seen_next[env->stage]];
   h->seen_next[env->stage] = (h->seen_next[env->stage] + 1) % SEEN_PER_STAGE;
   const uint32_t *img = p->image;
   bool r7 = img[1] == HW_CHIP_R7XX;
   uint32_t entry = img[3], ncf = img[SIM_IMAGE_HEADER - 1];
   uint32_t off = SIM_IMAGE_HEADER + 2 * (ncf - entry);
   e->p = NULL;
   e->nseg = 0;
   for (uint32_t k = 0; k < ncf - entry; k++) {
      const uint32_t *w = img + SIM_IMAGE_HEADER + 2 * k;
      uint32_t addr = 0;
      unsigned n = clause_dwords(r7, w[0], w[1], &addr);
      if (!n)
         continue;
      if (e->nseg == e->cap) {
         unsigned cap = e->cap ? 2 * e->cap : 8;
         struct segment *seg = realloc(e->seg, cap * sizeof(*seg));
         if (!seg)
            return;   /* not noted */
         e->seg = seg;
         e->cap = cap;
      }
      e->seg[e->nseg++] = (struct segment){ va + 8ull * addr, off, n };
      off += n;
   }
   e->p = p;
   e->mem = env->mem;
   e->va = va;
}

/* get's cache lookup of the image img (cache_lock held). */
static struct sim_program *lookup(struct holds *holds, struct sim_shader_env *env, uint64_t va,
                                  bool jit, bool draw, const struct sim_isa_image *img)
{
   char err[160];
   uint64_t h = hash_dwords(img->dw, img->ndw);
   struct engine_cache *c = &cache[jit];
   struct sim_program **bucket = &c->bucket[h % CACHE_BUCKETS], *p;
   for (p = *bucket; p; p = p->next)
      if (p->hash == h && p->image_ndw == img->ndw &&
          !memcmp(p->image, img->dw, img->ndw * sizeof(uint32_t)))
         break;
   if (p) {
      hold(holds, p);
      note_seen(holds, env, va, p);
      return p;
   }
   uint32_t *image = malloc(img->ndw * sizeof(uint32_t));
   p = image ? sim_isa_decode(img, err, sizeof(err)) : NULL;
   if (!p) {
      free(image);
      set_fault(env, image ? err : "out of memory reading the program");
      return NULL;
   }
   memcpy(image, img->dw, img->ndw * sizeof(uint32_t));
   p->hash = h;
   p->image = image;
   p->image_ndw = img->ndw;
   p->engine = jit;
   p->refs = 0;
   p->pin_scope = 0;
   bool queued = jit && compile(p, draw);
   p->next = *bucket;
   *bucket = p;
   c->count++;
   lru_push(c, p);
   if (queued)
      hold(NULL, p);   /* the compile thread's, dropped by `compiled` */
   hold(holds, p);
   note_seen(holds, env, va, p);
   trim(c);
   atomic_fetch_add(&compile_count, 1);
   return p;
}

/* The program at va for `engine`; `draw`: the draw path's lookup, which may compile in the
 * background. */
static struct sim_program *get(struct sim_shader_env *env, uint64_t va, enum sim_engine engine,
                               bool draw)
{
   pthread_once(&config_once, config);
   bool jit = engine == SIM_ENGINE_DEFAULT ? use_jit : engine == SIM_ENGINE_JIT;
   unsigned entry;
   bool dx10_clamp;
   stage_state(env, &entry, &dx10_clamp);

   struct holds *holds = my_holds();
   const uint32_t hdr[SIM_IMAGE_HEADER - 1] = { SIM_IMAGE_MAGIC, env->chip, env->stage, entry,
                                                dx10_clamp };
   struct sim_program *p = seen_program(holds, env, va, jit, hdr);
   if (p)
      return p;
   char err[160];
   struct sim_isa_image own = { 0 }, *img = holds ? &holds->img : &own;
   if (!sim_isa_read(env->mem, env->chip, env->stage, va, entry, dx10_clamp, img, err,
                     sizeof(err))) {
      set_fault(env, err);
   } else {
      pthread_mutex_lock(&cache_lock);
      p = lookup(scope_holds(holds, env), env, va, jit, draw, img);
      pthread_mutex_unlock(&cache_lock);
   }
   free(own.dw);
   return p;
}

struct sim_program *sim_program_get(struct sim_shader_env *env, uint64_t va)
{
   return get(env, va, SIM_ENGINE_DEFAULT, true);
}

struct sim_program *sim_program_get_engine(struct sim_shader_env *env, uint64_t va,
                                           enum sim_engine engine)
{
   return get(env, va, engine, false);
}

/* sim_run.run_program: a program runs on its JIT code, or on the interpreter. */
static bool run_program(struct sim_run *x, const struct sim_program *p)
{
   int (*fn)(void *) = __atomic_load_n(&p->jit_fn, __ATOMIC_ACQUIRE);
   if (fn)
      return fn(x) != 0;
   return sim_interp_run(x);
}

/* STACK_SIZE (entries) of the stage's SQ_PGM_RESOURCES. */
static unsigned stack_size(const struct sim_shader_env *env)
{
   const uint32_t *r = env->regs;
   switch (env->stage) {
   case SIM_STAGE_PS: return SQ_PGM_RESOURCES_PS__STACK_SIZE__get(r[REG_SQ_PGM_RESOURCES_PS / 4]);
   case SIM_STAGE_VS: return SQ_PGM_RESOURCES_VS__STACK_SIZE__get(r[REG_SQ_PGM_RESOURCES_VS / 4]);
   default: return SQ_PGM_RESOURCES_FS__STACK_SIZE__get(r[REG_SQ_PGM_RESOURCES_FS / 4]);
   }
}

sim_native_fn sim_program_run_prepare(struct sim_run *x, const struct sim_program *prog,
                                      struct sim_shader_env *env, struct sim_lanes *lanes,
                                      struct sim_exports *out)
{
   x->pixel_prim = NULL;   /* a new primitive: the fused path's constants are stale */
   sim_native_fn fn = __atomic_load_n(&prog->jit_fn, __ATOMIC_ACQUIRE);
   if (!fn)
      return NULL;
   /* sim_program_run_modes' fields that do not change from block to block; the fused
    * block (jit_pixel.c emit_ps) sets the others */
   x->lanes = lanes;
   x->env = env;
   x->out = out;
   x->prog = prog;
   x->fetch = NULL;
   x->run_program = run_program;
   x->in_fetch = false;
   x->stack_size = stack_size(env);
   x->kc_win = NULL;
   x->tex_memo_prog = NULL;
   if (prog->kc_windows)
      sim_kcache_prepare(x, prog->kc_windows);
   return fn;
}

void sim_fp_modes_get(struct sim_fp_modes *m)
{
#if defined(__SSE__)
   m->units = _mm_getcsr();
#else
   m->units = 0;
#endif
   m->programs = m->units | MXCSR_DAZ | MXCSR_FTZ;
}

bool sim_program_run_modes(const struct sim_program *prog, const struct sim_program *fetch,
                           struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                           uint16_t valid, struct sim_exports *out, const struct sim_fp_modes *m)
{
   if (!prog) {
      set_fault(env, "no program");
      return false;
   }
   struct sim_run x;
   x.lanes = lanes;
   x.cfile = NULL;
   x.exec = x.launched = active;
   x.valid = valid & active;
   x.mode_saved = active;
   x.pred = 0;
   x.killed = 0;
   x.brk = x.cont = 0;
   x.env = env;
   x.out = out;
   x.prog = prog;
   x.fetch = fetch;
   x.run_program = run_program;
   x.in_fetch = false;
   x.sp = 0;
   x.stack_elements = 0;
   x.stack_size = stack_size(env);
   x.call_sp = x.call_base = x.call_depth = 0;
   x.backjumps = 0;
   x.loop_index = 0;
   x.rel_fault = x.cfile_fault = 0;
   x.gprs_unread = 0;
   x.kc_win = NULL;
   x.tex_memo_prog = NULL;
   uint64_t windows = prog->kc_windows | (fetch ? fetch->kc_windows : 0);
   if (windows)
      sim_kcache_prepare(&x, windows);

#if defined(__SSE__)
   _mm_setcsr(m->programs);
#endif
   bool ok = run_program(&x, prog);
#if defined(__SSE__)
   _mm_setcsr(m->units);
#endif
   out->killed |= x.killed;
   if (!ok && !env->faulted)
      set_fault(env, "program stopped without a recorded fault");
   return ok;
}

bool sim_program_run_valid(const struct sim_program *prog, const struct sim_program *fetch,
                           struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                           uint16_t valid, struct sim_exports *out)
{
   struct sim_fp_modes m;
   sim_fp_modes_get(&m);
   return sim_program_run_modes(prog, fetch, env, lanes, active, valid, out, &m);
}

bool sim_program_run(const struct sim_program *prog, const struct sim_program *fetch,
                     struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                     struct sim_exports *out)
{
   return sim_program_run_valid(prog, fetch, env, lanes, active, active, out);
}

unsigned sim_program_compile_count(void)
{
   return atomic_load(&compile_count);
}

void sim_program_cache_stats(struct sim_program_cache_stats *s)
{
   struct sim_jit_stats j;
   sim_jit_stats(&j);
   pthread_mutex_lock(&cache_lock);
   s->decoded = atomic_load(&compile_count);
   s->resident[0] = cache[0].count;
   s->resident[1] = cache[1].count;
   s->evicted = evicted;
   s->jit_queued = async_queued;
   pthread_mutex_unlock(&cache_lock);
   s->jit_pending = sim_compile_pending();
   s->jit_built = j.built;
   s->jit_loaded = j.loaded;
   s->jit_disk_rejected = j.rejected;
   s->jit_released = j.released;
}
