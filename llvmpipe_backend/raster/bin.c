/* Binning (see bin.h). Primitive and vertex copies live in an arena of fixed-size chunks
 * (stable addresses, kept from one bin set to the next); each tile has a growable array of
 * primitive pointers and the number of them already rasterized. A bin set holds at most
 * SIM_BIN_MAX_PRIMS primitives or SIM_BIN_MAX_BYTES of copies, which bounds the memory
 * huge draws take: the draws then rasterize what they have binned and go on. */
#include "raster/bin.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SIM_BIN_MAX_PRIMS 32768
#define SIM_BIN_MAX_BYTES (16u << 20)
#define CHUNK_BYTES (1u << 20)
#define COPY_ALIGN 16u
#define PREFETCH_AHEAD 4096

struct chunk {
   struct chunk *next;
   size_t used;
   _Alignas(COPY_ALIGN) uint8_t data[CHUNK_BYTES];
};

struct tile {
   const struct sim_bin_prim **prims;
   unsigned count, cap;
   unsigned done;               /* prims[0 .. done-1] are rasterized */
};

struct sim_bins {
   struct chunk *chunks;        /* all chunks; `cur` and those after it are free */
   struct chunk *cur;
   size_t bytes;                /* copies made since begin */

   struct sim_rect clip;
   int32_t tx0, ty0;            /* tile coordinates of the clip's first tile */
   unsigned tiles_x, tiles_y;
   struct tile *tiles;          /* tiles_x * tiles_y of them (capacity max_tiles) */
   unsigned max_tiles;
   unsigned *used;              /* indices of the non-empty tiles, in first-use order */
   unsigned num_used;
   unsigned nprims;
   uint64_t work;               /* sim_bins_work */
};

struct sim_bins *sim_bins_create(void)
{
   return calloc(1, sizeof(struct sim_bins));
}

void sim_bins_destroy(struct sim_bins *b)
{
   if (!b)
      return;
   for (struct chunk *c = b->chunks, *next; c; c = next) {
      next = c->next;
      free(c);
   }
   for (unsigned i = 0; i < b->max_tiles; i++)
      free(b->tiles[i].prims);
   free(b->tiles);
   free(b->used);
   free(b);
}

static int32_t tile_of(int32_t px)
{
   return px >= 0 ? px / SIM_TILE_SIZE : -((-px + SIM_TILE_SIZE - 1) / SIM_TILE_SIZE);
}

void sim_bins_begin(struct sim_bins *b, const struct sim_rect *clip)
{
   for (unsigned i = 0; i < b->num_used; i++)
      b->tiles[b->used[i]].count = b->tiles[b->used[i]].done = 0;
   b->num_used = 0;
   b->nprims = 0;
   b->work = 0;
   b->bytes = 0;
   b->cur = b->chunks;
   for (struct chunk *c = b->chunks; c; c = c->next)
      c->used = 0;
   b->clip = *clip;
   b->tx0 = tile_of(clip->x0);
   b->ty0 = tile_of(clip->y0);
   b->tiles_x = (unsigned)(tile_of(clip->x1 - 1) - b->tx0 + 1);
   b->tiles_y = (unsigned)(tile_of(clip->y1 - 1) - b->ty0 + 1);
}

bool sim_bins_inside(const struct sim_bins *b, const struct sim_rect *r)
{
   return r->x0 >= b->clip.x0 && r->y0 >= b->clip.y0 && r->x1 <= b->clip.x1 &&
          r->y1 <= b->clip.y1;
}

/* Room for the tile grid of the current clip; false when out of memory. */
static bool reserve_tiles(struct sim_bins *b)
{
   unsigned n = b->tiles_x * b->tiles_y;
   if (n <= b->max_tiles)
      return true;
   struct tile *t = realloc(b->tiles, n * sizeof(*t));
   if (!t)
      return false;
   b->tiles = t;
   unsigned *u = realloc(b->used, n * sizeof(*u));
   if (!u)
      return false;
   b->used = u;
   memset(&b->tiles[b->max_tiles], 0, (n - b->max_tiles) * sizeof(*t));
   b->max_tiles = n;
   return true;
}

/* PREFETCHW (every x86-64 CPU that lacks it runs it as a no-op); GCC emits it only with
 * -mprfchw. */
static inline void prefetch_for_write(const void *p)
{
#if defined(__x86_64__)
   __asm__ volatile("prefetchw %0" : : "m"(*(const char *)p));
#else
   __builtin_prefetch(p, 1);
#endif
}

/* Asks for the cache lines of the copies a few primitives ahead, for writing: a worker on
 * another core may hold them from the last time these bins were used, and a store that
 * misses holds up every load after it that must wait for the stores ahead of it. */
static void prefetch_ahead(const struct chunk *c, const uint8_t *p, size_t bytes)
{
   const uint8_t *end = c->data + CHUNK_BYTES;
   for (const uint8_t *q = p + PREFETCH_AHEAD; q < p + PREFETCH_AHEAD + bytes && q < end; q += 64)
      prefetch_for_write(q);
}

static void *arena_alloc(struct sim_bins *b, size_t bytes)
{
   bytes = (bytes + COPY_ALIGN - 1) / COPY_ALIGN * COPY_ALIGN;
   if (b->bytes + bytes > SIM_BIN_MAX_BYTES || bytes > CHUNK_BYTES)
      return NULL;
   while (b->cur && b->cur->used + bytes > CHUNK_BYTES)
      b->cur = b->cur->next;
   if (!b->cur) {
      struct chunk *c = malloc(sizeof(*c));
      if (!c)
         return NULL;
      c->used = 0;
      c->next = b->chunks;
      b->chunks = c;   /* a fresh chunk goes first; `cur` walks to the end from it */
      b->cur = c;
   }
   uint8_t *p = b->cur->data + b->cur->used;
   b->cur->used += bytes;
   b->bytes += bytes;
   prefetch_ahead(b->cur, p, bytes);
   return p;
}

/* memcpy of `bytes` (a multiple of 16) in 16-byte pieces. GCC inlines memcpy of these
 * sizes (a vertex, a primitive: 100 to 700 bytes) as a string move (rep movsq), whose
 * start-up cost is most of the copy's; this loop costs a third as much. */
static void copy16(void *dst, const void *src, size_t bytes)
{
   for (size_t i = 0; i < bytes; i += 16) {
      uint8_t piece[16];
      memcpy(piece, (const uint8_t *)src + i, 16);
      memcpy((uint8_t *)dst + i, piece, 16);
   }
}

/* Grows a tile's pointer array for one more primitive. */
static bool tile_reserve(struct tile *t)
{
   if (t->count < t->cap)
      return true;
   unsigned cap = t->cap ? t->cap * 2 : 16;
   const struct sim_bin_prim **p = realloc(t->prims, cap * sizeof(*p));
   if (!p)
      return false;
   t->prims = p;
   t->cap = cap;
   return true;
}

/* The copy of prim in the arena, with each distinct vertex it points to after it (one
 * allocation); NULL when the bins are full. */
static struct sim_bin_prim *copy_prim(struct sim_bins *b, const struct sim_prim *prim,
                                      const void *owner, unsigned nparams)
{
   if (nparams > SIM_MAX_PARAMS)
      nparams = SIM_MAX_PARAMS;
   size_t vtx_bytes = offsetof(struct sim_vtx, param) + nparams * sizeof(float[4]);
   size_t prim_bytes = (sizeof(struct sim_bin_prim) + COPY_ALIGN - 1) / COPY_ALIGN * COPY_ALIGN;
   const struct sim_vtx *src[4] = { prim->v[0], prim->v[1], prim->v[2], prim->provoking };
   unsigned slot[4];    /* the vertex copy src[k] becomes (src[k] not NULL) */
   unsigned fresh = 0;  /* bit k: src[k] is the first of its vertex */
   unsigned distinct = 0;
   for (unsigned k = 0; k < 4; k++) {
      slot[k] = distinct;
      for (unsigned j = 0; j < k && slot[k] == distinct; j++) {
         if (src[j] == src[k])
            slot[k] = slot[j];
      }
      if (slot[k] == distinct && src[k]) {
         fresh |= 1u << k;
         distinct++;
      }
   }
   uint8_t *mem = arena_alloc(b, prim_bytes + distinct * vtx_bytes);
   if (!mem)
      return NULL;
   struct sim_bin_prim *copy = (struct sim_bin_prim *)mem;
   copy->owner = owner;
   copy16(&copy->prim, prim, sizeof(*prim) / 16 * 16);
   memcpy((uint8_t *)&copy->prim + sizeof(*prim) / 16 * 16,
          (const uint8_t *)prim + sizeof(*prim) / 16 * 16, sizeof(*prim) % 16);
   uint8_t *v = mem + prim_bytes;
   for (unsigned k = 0; k < 4; k++) {
      if (fresh & (1u << k))
         copy16(v + slot[k] * vtx_bytes, src[k], vtx_bytes);
   }
   /* The pointers are computed, not kept in an array: a 16-byte load of two pointers
    * stored just before waits for every store ahead of it (the copies, which miss the
    * cache) to complete. */
   for (unsigned k = 0; k < 3; k++)
      copy->prim.v[k] = src[k] ? (const struct sim_vtx *)(v + slot[k] * vtx_bytes) : NULL;
   copy->prim.provoking = src[3] ? (const struct sim_vtx *)(v + slot[3] * vtx_bytes) : NULL;
   return copy;
}

/* prim's bounding box inside clip; false when empty. */
static bool clipped_bounds(const struct sim_prim *prim, const struct sim_rect *clip,
                           struct sim_rect *r)
{
   sim_sc_bounds(&prim->sc, r);
   r->x0 = r->x0 > clip->x0 ? r->x0 : clip->x0;
   r->y0 = r->y0 > clip->y0 ? r->y0 : clip->y0;
   r->x1 = r->x1 < clip->x1 ? r->x1 : clip->x1;
   r->y1 = r->y1 < clip->y1 ? r->y1 : clip->y1;
   return r->x0 < r->x1 && r->y0 < r->y1;
}

static uint64_t rect_pixels(const struct sim_rect *r)
{
   return (uint64_t)(r->x1 - r->x0) * (uint64_t)(r->y1 - r->y0);
}

uint64_t sim_bin_prim_pixels(const struct sim_prim *prim, const struct sim_rect *clip)
{
   struct sim_rect r;
   return clipped_bounds(prim, clip, &r) ? rect_pixels(&r) : 0;
}

bool sim_bins_add(struct sim_bins *b, const struct sim_prim *prim, const void *owner,
                  const struct sim_rect *clip, unsigned nparams)
{
   if (b->nprims >= SIM_BIN_MAX_PRIMS || !reserve_tiles(b))
      return false;
   struct sim_rect r;
   if (!clipped_bounds(prim, clip, &r))
      return true;   /* nothing inside the clip */
   int32_t tx0 = tile_of(r.x0) - b->tx0, tx1 = tile_of(r.x1 - 1) - b->tx0;
   int32_t ty0 = tile_of(r.y0) - b->ty0, ty1 = tile_of(r.y1 - 1) - b->ty0;
   for (int32_t ty = ty0; ty <= ty1; ty++) {
      for (int32_t tx = tx0; tx <= tx1; tx++) {
         if (!tile_reserve(&b->tiles[(unsigned)ty * b->tiles_x + (unsigned)tx]))
            return false;
      }
   }

   struct sim_bin_prim *copy = copy_prim(b, prim, owner, nparams);
   if (!copy)
      return false;
   for (int32_t ty = ty0; ty <= ty1; ty++) {
      for (int32_t tx = tx0; tx <= tx1; tx++) {
         unsigned i = (unsigned)ty * b->tiles_x + (unsigned)tx;
         struct tile *t = &b->tiles[i];
         if (t->count == 0)
            b->used[b->num_used++] = i;
         t->prims[t->count++] = copy;
      }
   }
   b->nprims++;
   b->work += rect_pixels(&r) + SIM_BIN_PRIM_WORK;
   return true;
}

unsigned sim_bins_prims(const struct sim_bins *b)
{
   return b->nprims;
}

uint64_t sim_bins_work(const struct sim_bins *b)
{
   return b->work;
}

unsigned sim_bins_tiles(const struct sim_bins *b)
{
   return b->num_used;
}

void sim_bins_tile(const struct sim_bins *b, unsigned i, struct sim_rect *rect,
                   const struct sim_bin_prim *const **prims, unsigned *count)
{
   unsigned t = b->used[i];
   int32_t tx = b->tx0 + (int32_t)(t % b->tiles_x), ty = b->ty0 + (int32_t)(t / b->tiles_x);
   rect->x0 = tx * SIM_TILE_SIZE;
   rect->y0 = ty * SIM_TILE_SIZE;
   rect->x1 = rect->x0 + SIM_TILE_SIZE;
   rect->y1 = rect->y0 + SIM_TILE_SIZE;
   rect->x0 = rect->x0 > b->clip.x0 ? rect->x0 : b->clip.x0;
   rect->y0 = rect->y0 > b->clip.y0 ? rect->y0 : b->clip.y0;
   rect->x1 = rect->x1 < b->clip.x1 ? rect->x1 : b->clip.x1;
   rect->y1 = rect->y1 < b->clip.y1 ? rect->y1 : b->clip.y1;
   *prims = b->tiles[t].prims + b->tiles[t].done;
   *count = b->tiles[t].count - b->tiles[t].done;
}

unsigned sim_bins_tile_key(const struct sim_bins *b, unsigned i)
{
   return (unsigned)(b->ty0 + (int32_t)(b->used[i] / b->tiles_x));
}

void sim_bins_tile_done(struct sim_bins *b, unsigned i, unsigned n)
{
   b->tiles[b->used[i]].done += n;
}
