/* The simulated GPU's virtual address space: a sorted array of buffers, each with a host
 * copy of its bytes. VAs are handed out next-fit (so a freed range is not reused at once,
 * which keeps use-after-free visible as a fault), with an unmapped 256-byte guard after
 * every buffer (so a small overrun past the end is a fault too). VA 0 is never used. */
#include "common/gpu_memory.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define SIM_VA_LIMIT (1ull << SIM_VA_BITS)
#define SIM_VA_FIRST 0x100000ull      /* leave the first megabyte unmapped */
#define SIM_VA_GUARD 256ull
#define SIM_MIN_ALIGN 256ull

struct sim_buffer {
   uint64_t va;
   uint64_t size;       /* bytes the owner asked for; accesses are checked against it */
   uint64_t span;       /* VA bytes reserved, including the guard */
   uint8_t *data;
};

struct sim_memory {
   pthread_rwlock_t lock;
   struct sim_buffer *bufs;   /* sorted by va */
   unsigned count, capacity;
   uint64_t cursor;           /* next-fit search start */
   _Atomic uint64_t generation;   /* sim_mem_generation */
};

/* The last generation handed out to any memory (sim_mem_generation). */
static _Atomic uint64_t last_generation;

/* A new generation for m (its write lock held, or m not yet shared). */
static void new_generation(struct sim_memory *m)
{
   atomic_store_explicit(&m->generation, atomic_fetch_add(&last_generation, 1) + 1,
                         memory_order_release);
}

struct sim_memory *sim_mem_create(void)
{
   struct sim_memory *m = calloc(1, sizeof(*m));
   if (!m)
      return NULL;
   pthread_rwlock_init(&m->lock, NULL);
   m->cursor = SIM_VA_FIRST;
   new_generation(m);
   return m;
}

void sim_mem_destroy(struct sim_memory *m)
{
   if (!m)
      return;
   for (unsigned i = 0; i < m->count; i++)
      free(m->bufs[i].data);
   free(m->bufs);
   pthread_rwlock_destroy(&m->lock);
   free(m);
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
   return (v + a - 1) & ~(a - 1);
}

/* Index of the first buffer whose va is > `va` (binary search). */
static unsigned upper_bound(const struct sim_memory *m, uint64_t va)
{
   unsigned lo = 0, hi = m->count;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (m->bufs[mid].va <= va)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

/* The buffer containing `va`, or NULL. */
static struct sim_buffer *find(const struct sim_memory *m, uint64_t va)
{
   unsigned i = upper_bound(m, va);
   if (i == 0)
      return NULL;
   struct sim_buffer *b = &m->bufs[i - 1];
   return va - b->va < b->size ? b : NULL;
}

/* First aligned start >= from where [start, start+span) is free, or 0. */
static uint64_t find_gap(const struct sim_memory *m, uint64_t from, uint64_t span,
                         uint64_t align)
{
   uint64_t start = align_up(from, align);
   unsigned i = upper_bound(m, start);
   if (i > 0) {
      const struct sim_buffer *prev = &m->bufs[i - 1];
      if (start < prev->va + prev->span)
         start = align_up(prev->va + prev->span, align);
   }
   for (; i < m->count; i++) {
      if (start + span <= m->bufs[i].va)
         break;
      start = align_up(m->bufs[i].va + m->bufs[i].span, align);
   }
   if (start < from || start > SIM_VA_LIMIT || span > SIM_VA_LIMIT - start)
      return 0;
   return start;
}

/* Allocates at the first fitting address from the cursor (at == 0) or exactly at `at`. */
static uint64_t alloc(struct sim_memory *m, uint64_t size, uint64_t align, uint64_t at)
{
   if (size == 0 || size > SIM_VA_LIMIT / 2 || align == 0 || (align & (align - 1)) ||
       align > SIM_VA_LIMIT / 2)
      return 0;
   if (align < SIM_MIN_ALIGN)
      align = SIM_MIN_ALIGN;
   if (at % align || (at && at < SIM_VA_FIRST))
      return 0;
   uint64_t span = align_up(size, SIM_MIN_ALIGN) + SIM_VA_GUARD;

   uint8_t *data = calloc(1, size);
   if (!data)
      return 0;

   pthread_rwlock_wrlock(&m->lock);
   uint64_t va;
   if (at)
      va = find_gap(m, at, span, align) == at ? at : 0;
   else if (!(va = find_gap(m, m->cursor, span, align)))
      va = find_gap(m, SIM_VA_FIRST, span, align);
   if (va && m->count == m->capacity) {
      unsigned cap = m->capacity ? m->capacity * 2 : 64;
      struct sim_buffer *nb = realloc(m->bufs, cap * sizeof(*nb));
      if (nb) {
         m->bufs = nb;
         m->capacity = cap;
      } else {
         va = 0;
      }
   }
   if (va) {
      unsigned i = upper_bound(m, va);
      memmove(&m->bufs[i + 1], &m->bufs[i], (m->count - i) * sizeof(m->bufs[0]));
      m->bufs[i] = (struct sim_buffer){ .va = va, .size = size, .span = span, .data = data };
      m->count++;
      m->cursor = va + span;
      new_generation(m);
   }
   pthread_rwlock_unlock(&m->lock);
   if (!va)
      free(data);
   return va;
}

uint64_t sim_mem_alloc(struct sim_memory *m, uint64_t size, uint64_t align)
{
   return alloc(m, size, align, 0);
}

uint64_t sim_mem_alloc_at(struct sim_memory *m, uint64_t va, uint64_t size)
{
   return va ? alloc(m, size, SIM_MIN_ALIGN, va) : 0;
}

void sim_mem_free(struct sim_memory *m, uint64_t va)
{
   pthread_rwlock_wrlock(&m->lock);
   unsigned i = upper_bound(m, va);
   if (i > 0 && m->bufs[i - 1].va == va) {
      new_generation(m);   /* before the bytes go: lookup's copies of it are stale from here */
      free(m->bufs[i - 1].data);
      memmove(&m->bufs[i - 1], &m->bufs[i], (m->count - i) * sizeof(m->bufs[0]));
      m->count--;
   }
   pthread_rwlock_unlock(&m->lock);
}

/* Each thread's last buffers found, valid under their generation (which names one memory
 * and its set of buffers, sim_mem_generation): a draw asks for the same few buffers many
 * times (every CF instruction and clause of its programs, its vertex, constant and texture
 * buffers), and a hit needs neither the lock nor the search. */
#define RECENT 4
struct recent {
   uint64_t generation;   /* 0: empty (generations start at 1) */
   struct sim_buffer buf;
};
struct recents {
   struct recent r[RECENT];
   unsigned next;
};
static _Thread_local struct recents recent;

/* A copy of the buffer containing va in *out; false when va is unmapped. */
static bool lookup(struct sim_memory *m, uint64_t va, struct sim_buffer *out)
{
   uint64_t gen = atomic_load_explicit(&m->generation, memory_order_acquire);
   struct recents *rc = &recent;
   for (unsigned i = 0; i < RECENT; i++) {
      if (rc->r[i].generation == gen && va - rc->r[i].buf.va < rc->r[i].buf.size) {
         *out = rc->r[i].buf;
         return true;
      }
   }
   pthread_rwlock_rdlock(&m->lock);
   const struct sim_buffer *b = find(m, va);
   if (b) {
      *out = *b;
      gen = atomic_load_explicit(&m->generation, memory_order_relaxed);   /* stable: locked */
   }
   pthread_rwlock_unlock(&m->lock);
   if (!b)
      return false;
   rc->r[rc->next] = (struct recent){ gen, *out };
   rc->next = (rc->next + 1) % RECENT;
   return true;
}

void *sim_mem_map(struct sim_memory *m, uint64_t va)
{
   struct sim_buffer b;
   return lookup(m, va, &b) && b.va == va ? b.data : NULL;
}

void *sim_mem_range(struct sim_memory *m, uint64_t va, uint64_t size)
{
   struct sim_buffer b;
   if (!lookup(m, va, &b) || size > b.size - (va - b.va))
      return NULL;
   return b.data + (va - b.va);
}

void *sim_mem_extent(struct sim_memory *m, uint64_t va, uint64_t *bytes)
{
   struct sim_buffer b;
   if (!lookup(m, va, &b)) {
      *bytes = 0;
      return NULL;
   }
   *bytes = b.size - (va - b.va);
   return b.data + (va - b.va);
}

uint64_t sim_mem_generation(struct sim_memory *m)
{
   return atomic_load_explicit(&m->generation, memory_order_acquire);
}

void sim_mem_foreach(struct sim_memory *m,
                     void (*fn)(void *ctx, uint64_t va, uint64_t size, const void *data),
                     void *ctx)
{
   pthread_rwlock_rdlock(&m->lock);
   for (unsigned i = 0; i < m->count; i++)
      fn(ctx, m->bufs[i].va, m->bufs[i].size, m->bufs[i].data);
   pthread_rwlock_unlock(&m->lock);
}
