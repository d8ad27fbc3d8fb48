/* The run-time half of the JIT's inline texture path (tex_fast.h): per run of a TEX clause,
 * each instruction's resource and sampler are read as tex_view.c reads them (without
 * recording faults) and turned into the descriptor jit_tex.c samples with, or the clause is
 * declined. Texel decoding is by tables of sim_format_decode's own results: the byte formats'
 * sim_format_lut8 tables, and for the 16-bit packed formats one table per field built here
 * by decoding an element holding each field value. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "common/debug.h"
#include "common/gpu_memory.h"
#include "hw/hw_surface.h"
#include "r600_regs.h"
#include "sq/alu_bits.h"
#include "sq/tex_fast.h"
#include "sq/tex_view.h"

#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n
#define ONE_F32 0x3F800000u

/* Components a format lacks, and the selects 0 / 1 of DST_SEL (mask 0: index 0). */
static const uint32_t zero_lut[1] = { 0 }, one_lut[1] = { ONE_F32 };

/* The 16-bit packed formats: per format, degamma and component, the field's decoded values. */
static const uint32_t packed_codes[3] = { FMT(5_6_5), FMT(1_5_5_5), FMT(4_4_4_4) };
static uint32_t packed_lut[3][2][4][64];
static pthread_once_t packed_once = PTHREAD_ONCE_INIT;

static void packed_init(void)
{
   for (unsigned k = 0; k < 3; k++) {
      const struct sim_format *f = sim_format_find(packed_codes[k]);
      for (unsigned dg = 0; dg < 2; dg++) {
         struct sim_format_mode m = { .num_format = SIM_NUM_NORM, .degamma = dg != 0 };
         unsigned shift = 0;
         for (unsigned c = 0; c < f->ncomp; c++) {
            for (uint32_t v = 0; v < 1u << f->bits[c]; v++) {
               uint32_t word = v << shift, out[4];
               uint8_t b[2] = { (uint8_t)word, (uint8_t)(word >> 8) };
               sim_format_decode(f, b, &m, out);
               packed_lut[k][dg][c][v] = out[c];
            }
            shift += f->bits[c];
         }
      }
   }
}

/* The decode tables of view v into d; false for a format the inline path does not decode. */
static bool decoder(const struct sim_tex_view *v, struct sim_tex_fast *d)
{
   const struct sim_format *f = v->fmt;
   if (!f || v->mode.endian != SIM_ENDIAN_NONE || v->mode.num_format == SIM_NUM_INT)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      d->lut[c] = c < 3 ? zero_lut : one_lut;
      d->shift[c] = d->mask[c] = 0;
   }
   d->bpp = f->bytes;
   if (v->byte_comps) {   /* sim_tex_read_view made the tables */
      for (unsigned c = 0; c < v->byte_comps; c++) {
         d->lut[c] = v->lut[c];
         d->shift[c] = 8 * c;
         d->mask[c] = 0xFF;
      }
      return true;
   }
   for (unsigned k = 0; k < 3; k++) {
      if (f->code != packed_codes[k])
         continue;
      if (v->mode.num_format != SIM_NUM_NORM)
         return false;
      for (unsigned c = 0; c < 4; c++)
         if (v->mode.is_signed[c])
            return false;
      pthread_once(&packed_once, packed_init);
      unsigned shift = 0;
      for (unsigned c = 0; c < f->ncomp; c++) {
         d->lut[c] = packed_lut[k][v->mode.degamma][c];
         d->shift[c] = shift;
         d->mask[c] = (1u << f->bits[c]) - 1;
         shift += f->bits[c];
      }
      return true;
   }
   return false;
}

/* Component c's formula (float)field / div + add where it gives every value of the table,
 * with the quotient of sim_tex_fast_quotient (the JIT computes the same operations): tried
 * with div = 2^n - 1 (NORM unsigned data: formats.c rounds the quotient once, as the fp32
 * division does) and 1 (SCALED data; a missing component, field 0), add = the value of
 * field 0. Else div = 0: the JIT reads the table. */
static void formula_search(struct sim_tex_fast *d, unsigned c)
{
   const float divs[2] = { (float)d->mask[c], 1.0f };
   d->div[c] = d->rcp[c] = 0.0f;
   d->add[c] = sim_f(d->lut[c][0]);
   for (unsigned k = 0; k < 2 && d->div[c] == 0.0f; k++) {
      if (divs[k] == 0.0f)
         continue;
      float rcp = 1.0f / divs[k];
      uint32_t v = 0;
      while (v <= d->mask[c] &&
             sim_u(sim_tex_fast_quotient((float)v, divs[k], rcp) + d->add[c]) == d->lut[c][v])
         v++;
      if (v > d->mask[c]) {
         d->div[c] = divs[k];
         d->rcp[c] = rcp;
      }
   }
}

/* formula_search's results by table and field mask (the tables are constant and live as
 * long as the process), remembered on each thread: descriptors are made again whenever the
 * GPU memory's buffers change, as often as once a draw, and a search costs up to 512
 * quotients. */
#define FORMULA_MEMO 16
struct formula_memo {
   const uint32_t *lut;
   uint32_t mask;
   float div, rcp, add;
};
static _Thread_local struct formula_memo formula_memo[FORMULA_MEMO];
static _Thread_local unsigned formula_next;

static void formula(struct sim_tex_fast *d, unsigned c)
{
   for (unsigned k = 0; k < FORMULA_MEMO; k++) {
      const struct formula_memo *m = &formula_memo[k];
      if (m->lut == d->lut[c] && m->mask == d->mask[c]) {
         d->div[c] = m->div;
         d->rcp[c] = m->rcp;
         d->add[c] = m->add;
         return;
      }
   }
   formula_search(d, c);
   formula_memo[formula_next] = (struct formula_memo){ d->lut[c], d->mask[c], d->div[c], d->rcp[c], d->add[c] };
   formula_next = (formula_next + 1) % FORMULA_MEMO;
}

bool sim_tex_fast_inst(const struct sim_tex_inst *t)
{
   bool op = t->op == SIM_TEX_SAMPLE || t->op == SIM_TEX_SAMPLE_L || t->op == SIM_TEX_SAMPLE_LB ||
             t->op == SIM_TEX_SAMPLE_LZ;
   return op && !t->compare && !t->bc_frac && !t->src_rel && !t->dst_rel &&
          t->src_gpr < SIM_MAX_GPRS && t->dst_gpr < SIM_MAX_GPRS;
}

/* R600SIM_DEBUG=texslow: why instruction t's state is not inline (printed when its descriptor
 * is made: once per change of the state). Returns false. */
static bool decline(const struct sim_run *x, const struct sim_tex_inst *t, const char *why,
                    const struct sim_tex_view *v)
{
   if (sim_debug_flags() & SIM_DEBUG_TEXSLOW)
      fprintf(stderr, "r600sim: texslow: %s resource %u: %s (DATA_FORMAT %u, NUM_FORMAT %u, %ux%u)\n",
              x->prog->stage == SIM_STAGE_PS ? "PS" : "VS", t->resource_id, why,
              v ? (v->fmt ? v->fmt->code : v->bc) : 0, v ? (unsigned)v->mode.num_format : 0,
              v ? v->width : 0, v ? v->height : 0);
   return false;
}

/* The enum sim_tex_fast_kind of descriptor d. */
static uint32_t kind(const struct sim_tex_fast *d)
{
   bool rgba8 = d->bpp == 4;
   for (unsigned c = 0; c < 4; c++) {
      if (d->div[c] == 0.0f || sim_f(d->border[c]) != sim_f(d->border[c]))
         return SIM_TEX_FAST_GENERIC;
      rgba8 = rgba8 && d->shift[c] == 8 * c && d->mask[c] == 0xFF && d->div[c] == 255.0f && sim_u(d->add[c]) == 0;
   }
   for (unsigned k = 0; k < 2; k++)
      rgba8 = rgba8 && d->wrap[k] <= SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR_ONCE_LAST_TEXEL;
   return rgba8 ? SIM_TEX_FAST_RGBA8 : SIM_TEX_FAST_PLAIN;
}

/* Descriptor of instruction t but its levels' host bytes, with the GPU memory of each level
 * (3 bytes more: a texel is read as the dword at its first byte), or false. */
static bool prepare_inst(struct sim_run *x, const struct sim_tex_inst *t, struct sim_tex_fast *d,
                         struct sim_tex_range range[SIM_TEX_FAST_LEVELS])
{
   struct sim_tex_view v;
   struct sim_tex_sampler s;
   if (!sim_tex_probe_view(x, t, &v) || !sim_tex_probe_sampler(x, t, &s))
      return decline(x, t, "the resource or sampler would fault", NULL);
   const char *why = v.cube ? "cube map" : v.tiled ? "tiled" : v.bc ? "block-compressed"
                     : v.last_level >= SIM_TEX_FAST_LEVELS ? "LAST_LEVEL"
                     : !decoder(&v, d) ? "data format, number format or endian swap" : NULL;
   if (why)
      return decline(x, t, why, &v);
   for (unsigned c = 0; c < 4; c++)
      formula(d, c);
   sim_tex_level_ranges(&v, 3, range);
   for (unsigned k = 0; k <= v.last_level; k++) {
      unsigned pitch = range[k].pitch;
      int w = (int)hw_surface_dim(v.width, k), h = (int)hw_surface_dim(v.height, k);
      if ((uint64_t)pitch * v.bpp * (unsigned)h >= 1u << 31)
         return decline(x, t, "a level of 2 GiB or more", &v);   /* jit_tex.c's offsets are 31-bit */
      d->level[k] = (struct sim_tex_fast_level){ NULL, pitch * v.bpp, w, h, (float)w, (float)h };
   }
   for (unsigned c = 0; c < 4; c++) {
      d->swz[c] = v.swz[c] <= SIM_SEL_W ? v.swz[c] : v.swz[c] == SIM_SEL_1 ? 5 : 4;
      d->border[c] = s.border[c];
   }
   d->wrap[0] = s.wrap[0];
   d->wrap[1] = s.wrap[1];
   d->mag_linear = s.mag == SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_BILINEAR;
   d->min_linear = s.min == SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_BILINEAR;
   d->mip = s.mip;
   d->last_level = v.last_level;
   d->size[0] = v.width;
   d->size[1] = v.height;
   d->pow2[0] = (v.width & (v.width - 1)) == 0;
   d->pow2[1] = (v.height & (v.height - 1)) == 0;
   d->width = (float)v.width;
   d->height = (float)v.height;
   d->bias = s.bias;
   d->min_lod = s.min_lod;
   d->max_lod = s.max_lod;
   d->plain = kind(d);
   return true;
}

/* The descriptors made on this thread, CACHE_WAYS to each of CACHE_SETS sets chosen by a
 * hash of the state words they were made from (sim_tex_state_words; a draw's textures
 * whose hashes meet in a set then do not evict each other), with those words and their
 * hash, the time they were last used (the least recently used of a set is replaced), each
 * level's GPU memory and the memory and its generation the host bytes were looked up in
 * (host pointers stay valid while it is unchanged; when it changes, only they are looked up
 * again); ok: the instruction can be inline as far as its state goes, mapped: and every
 * level is mapped as one range. A run copies the ones it uses into its pool, so an entry
 * may be replaced at any time. */
#define CACHE_SETS 8
#define CACHE_WAYS 4
struct cached_desc {
   bool filled, ok, mapped;
   uint32_t hash;
   uint64_t used;
   const struct sim_memory *mem;
   uint64_t generation;
   uint32_t words[SIM_TEX_STATE_WORDS];
   struct sim_tex_range range[SIM_TEX_FAST_LEVELS];
   struct sim_tex_fast d;
};
static _Thread_local struct cached_desc cache[CACHE_SETS][CACHE_WAYS];
static _Thread_local uint64_t cache_clock;
_Static_assert(SIM_TEX_FAST_POOL >= SIM_TEX_FAST_MAX, "the pool holds the descriptors of any clause");
_Static_assert(offsetof(struct sim_tex_fast, level) + sizeof(((struct sim_tex_fast *)0)->level) ==
                  sizeof(struct sim_tex_fast), "pool_desc copies the levels last");

unsigned sim_tex_fast_slot(const struct sim_program *p, unsigned pc)
{
   unsigned slot = 0;
   for (unsigned k = 0; k < pc; k++)
      if (p->cf[k].op == SIM_CF_TEX)
         slot += p->cf[k].count;
   return slot + p->cf[pc].count <= SIM_TEX_FAST_SLOTS ? slot : SIM_TEX_FAST_SLOTS;
}

static uint32_t words_hash(const uint32_t w[SIM_TEX_STATE_WORDS])
{
   uint32_t h = 2166136261u;
   for (unsigned k = 0; k < SIM_TEX_STATE_WORDS; k++)
      h = (h ^ w[k]) * 16777619u;
   return h ^ h >> 16;
}

/* The entry of the thread's cache holding words w (hash h) of memory mem, or the one to
 * replace with them (filled false: ready to be made). */
static struct cached_desc *cache_entry(const uint32_t w[SIM_TEX_STATE_WORDS], uint32_t h,
                                       const struct sim_memory *mem)
{
   struct cached_desc *set = cache[h % CACHE_SETS], *victim = &set[0];
   for (unsigned k = 0; k < CACHE_WAYS; k++) {
      struct cached_desc *c = &set[k];
      if (c->filled && c->hash == h && c->mem == mem && !memcmp(c->words, w, SIM_TEX_STATE_WORDS * 4))
         return c;
      if (c->used < victim->used)
         victim = c;
   }
   victim->filled = false;
   return victim;
}

/* The host bytes of c's levels in its memory; false when one is not mapped as one range. */
static bool map_levels(struct cached_desc *c, struct sim_memory *mem)
{
   for (unsigned k = 0; k <= c->d.last_level; k++)
      if (!(c->d.level[k].bytes = sim_mem_range(mem, c->range[k].va, c->range[k].bytes)))
         return false;
   return true;
}

/* The thread's descriptor for state words w of instruction t, made or mapped now if needed;
 * NULL when the instruction cannot be inline. */
static const struct sim_tex_fast *thread_desc(struct sim_run *x, const struct sim_tex_inst *t,
                                              const uint32_t w[SIM_TEX_STATE_WORDS])
{
   struct sim_memory *mem = x->env->mem;
   uint64_t generation = sim_mem_generation(mem);
   uint32_t h = words_hash(w);
   struct cached_desc *c = cache_entry(w, h, mem);
   c->used = ++cache_clock;
   if (!c->filled) {
      c->filled = true;
      c->hash = h;
      c->mem = mem;
      c->generation = generation - 1;
      memcpy(c->words, w, SIM_TEX_STATE_WORDS * 4);
      c->ok = prepare_inst(x, t, &c->d, c->range);
   }
   if (c->ok && c->generation != generation) {
      c->generation = generation;
      c->mapped = map_levels(c, mem);
      if (!c->mapped)
         decline(x, t, "a level is not mapped as one range", NULL);
   }
   return c->ok && c->mapped ? &c->d : NULL;
}

/* The run's descriptor for state words w of instruction t: one of its pool, or a copy of
 * the thread's (its levels up to LAST_LEVEL); NULL when the instruction cannot be inline,
 * or when the pool is full (*full). */
static const struct sim_tex_fast *pool_desc(struct sim_run *x, const struct sim_tex_inst *t,
                                            const uint32_t w[SIM_TEX_STATE_WORDS], bool *full)
{
   for (unsigned k = 0; k < x->tex_pool_used; k++)
      if (!memcmp(x->tex_pool_words[k], w, SIM_TEX_STATE_WORDS * 4))
         return &x->tex_pool[k];
   if (x->tex_pool_used == SIM_TEX_FAST_POOL) {
      *full = true;
      return NULL;
   }
   const struct sim_tex_fast *d = thread_desc(x, t, w);
   if (!d)
      return NULL;
   unsigned k = x->tex_pool_used++;
   memcpy(x->tex_pool_words[k], w, SIM_TEX_STATE_WORDS * 4);
   memcpy(&x->tex_pool[k], d, offsetof(struct sim_tex_fast, level) + (d->last_level + 1) * sizeof(d->level[0]));
   return &x->tex_pool[k];
}

/* The descriptor depends on nothing else (tex_view.c reads RESOURCE_ID, SAMPLER_ID and ALT_CONST). */
bool sim_tex_fast_same_state(const struct sim_tex_inst *a, const struct sim_tex_inst *b)
{
   return a->resource_id == b->resource_id && a->sampler_id == b->sampler_id && a->alt_const == b->alt_const;
}

/* The descriptors of the clause into tex_fast[slot..]; false when it cannot be inline or the
 * pool is full (*full). */
static bool prepare_clause(struct sim_run *x, const struct sim_cf *cf, unsigned slot, bool *full)
{
   const struct sim_tex_inst *first = &x->prog->tex[cf->first];
   for (unsigned i = 0; i < cf->count; i++) {
      const struct sim_tex_inst *t = &first[i];
      if (!sim_tex_fast_inst(t))
         return false;
      unsigned k = 0;   /* an earlier instruction of the same state shares its descriptor */
      while (k < i && !sim_tex_fast_same_state(&first[k], t))
         k++;
      if (k < i) {
         x->tex_fast[slot + i] = x->tex_fast[slot + k];
         continue;
      }
      uint32_t w[SIM_TEX_STATE_WORDS];
      if (!sim_tex_state_words(x, t, w) || !(x->tex_fast[slot + i] = pool_desc(x, t, w, full)))
         return false;
   }
   return true;
}

int sim_tex_fast_prepare(struct sim_run *x, unsigned pc)
{
   const struct sim_program *p = x->prog;
   const struct sim_cf *cf = &p->cf[pc];
   if (cf->count > SIM_TEX_FAST_MAX)
      return -1;
   if (x->tex_memo_prog != p) {
      x->tex_memo_prog = p;
      x->tex_memo_ok = x->tex_memo_no = 0;
      x->tex_pool_used = 0;
   }
   unsigned slot = sim_tex_fast_slot(p, pc);
   uint64_t bit = slot < SIM_TEX_FAST_SLOTS ? 1ull << slot : 0;
   bool full = false;
   bool ok = prepare_clause(x, cf, slot, &full);
   if (full) {   /* forget the other clauses' descriptors: this one's fit in the pool */
      x->tex_memo_ok = x->tex_memo_no = 0;
      x->tex_pool_used = 0;
      full = false;
      ok = prepare_clause(x, cf, slot, &full);
   }
   if (ok)
      x->tex_memo_ok |= bit;
   else
      x->tex_memo_no |= bit;
   return ok ? 0 : -1;
}
