/* The VGT's walk over a draw's indices (llvmpipe_backend/geometry/vgt.c sim_vgt_run), called
 * directly on decoded draws: TRILIST and RECTLIST, which take a loop of their own when there
 * is no restart and no index swap (auto-index, 16- and 32-bit indices), and the general walk
 * when there is (restart, SWAP_MODE 16_BIT / 32_BIT / WORD). Random counts (also not whole
 * primitives), index data, VGT_INDX_OFFSET with wrap-around, MIN/MAX_VTX_INDX clamps,
 * instances, both provoking-vertex conventions, sinks that stop the draw after k primitives
 * or at an instance end, and an expired watchdog (asked once per SIM_VGT_WATCHDOG_STEPS
 * indices and instances). The expected primitives come from the rules written out here: each
 * index's raw value (little-endian, swapped per aligned dword of memory as SWAP_MODE says), a
 * restart index restarting the list, vertex id = clamp(raw + offset), a primitive per three
 * ids, provoking the last or first. Also sim_vgt_vs_input's GPR0 lanes. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/watchdog.h"
#include "geometry/vgt.h"
#include "r600_regs.h"
#include "check.h"

#define MAX_COUNT 2100
#define MAX_EVENTS 4096

static uint64_t rng = 0x5851F42D4C957F2Dull;

static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 11);
}

/* A primitive, or an instance end (end = true, v[0] = the instance). */
struct event {
   bool end;
   uint32_t instance, v[3], provoking;
   uint8_t edges;
};

struct log {
   struct event e[MAX_EVENTS];
   unsigned n;
   unsigned stop_prims;    /* the sink returns false at this primitive (1-based; 0: never) */
   unsigned stop_end;      /* ... at this instance end (1-based; 0: never) */
   unsigned prims, ends;
};

static bool add(struct log *g, struct event ev)
{
   if (g->n < MAX_EVENTS)
      g->e[g->n++] = ev;
   if (ev.end)
      return ++g->ends != g->stop_end;
   return ++g->prims != g->stop_prims;
}

static bool sink_prim(void *ctx, const struct sim_vgt_prim *p)
{
   return add(ctx, (struct event){ false, p->instance, { p->v[0], p->v[1], p->v[2] },
                                   p->provoking, p->edges });
}

static bool sink_end(void *ctx, uint32_t instance)
{
   return add(ctx, (struct event){ true, instance, { 0 }, 0, 0 });
}

/* ---- the reference ------------------------------------------------------------------ */

/* Raw index i of the draw's source (data as it lies in memory, from `lead` bytes into its
 * first dword). */
static uint32_t ref_raw(const struct sim_vgt *vgt, uint32_t i)
{
   if (vgt->src.select == VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX)
      return i;
   size_t at = vgt->src.lead + (size_t)i * vgt->src.size, dw = at & ~(size_t)3;
   uint8_t b[4];
   memcpy(b, vgt->src.data + dw, 4);
   uint8_t s[4];
   switch (vgt->src.swap) {
   case VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_16_BIT:   /* bytes within each half */
      s[0] = b[1], s[1] = b[0], s[2] = b[3], s[3] = b[2];
      break;
   case VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_32_BIT:   /* all four bytes */
      s[0] = b[3], s[1] = b[2], s[2] = b[1], s[3] = b[0];
      break;
   case VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_WORD:     /* the halves */
      s[0] = b[2], s[1] = b[3], s[2] = b[0], s[3] = b[1];
      break;
   default:
      memcpy(s, b, 4);
      break;
   }
   unsigned k = (unsigned)(at - dw);
   if (vgt->src.size == 2)
      return (uint32_t)s[k] | (uint32_t)s[k + 1] << 8;
   return (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24;
}

static void reference(const struct sim_vgt *vgt, bool fired, struct log *g)
{
   unsigned steps = 0;
   for (uint32_t inst = 0; inst < vgt->instances; inst++) {
      uint32_t list[3];
      unsigned have = 0;
      for (uint32_t i = 0; i < vgt->count; i++) {
         if (++steps % SIM_VGT_WATCHDOG_STEPS == 0 && fired)
            return;
         uint32_t raw = ref_raw(vgt, i);
         if (vgt->restart && raw == vgt->restart_index) {
            have = 0;
            continue;
         }
         uint32_t id = raw + vgt->offset;
         if (id < vgt->min_index)
            id = vgt->min_index;
         if (id > vgt->max_index)
            id = vgt->max_index;
         list[have++] = id;
         if (have == 3) {
            have = 0;
            struct event ev = { false, inst, { list[0], list[1], list[2] },
                                vgt->provoking_last ? list[2] : list[0], 7 };
            if (!add(g, ev))
               return;
         }
      }
      if (!add(g, (struct event){ true, inst, { 0 }, 0, 0 }))
         return;
      if (++steps % SIM_VGT_WATCHDOG_STEPS == 0 && fired)
         return;
   }
}

/* ---- random draws -------------------------------------------------------------------- */

static uint8_t mem[4 * MAX_COUNT + 8];

static void random_draw(struct sim_vgt *vgt, struct sim_watchdog *wd)
{
   static const unsigned swaps[4] = {
      VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_NONE,
      VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_16_BIT,
      VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_32_BIT,
      VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_WORD,
   };
   *vgt = (struct sim_vgt){ .watchdog = wd };
   vgt->prim_type = rnd() % 2 ? VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST
                              : VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST;
   vgt->kind = vgt->prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST
                  ? SIM_VGT_TRIANGLES : SIM_VGT_RECTS;
   vgt->provoking_last = rnd() % 2;
   /* long ones: 1023..1025 put the first watchdog step on the last indices of the first
    * instance, which make no primitive */
   vgt->count = rnd() % 8 ? rnd() % 40 : rnd() % 2 ? 1000 + rnd() % 1100 : 1023 + rnd() % 3;
   vgt->instances = 1 + rnd() % 3;
   for (size_t i = 0; i < sizeof(mem); i++)
      mem[i] = (uint8_t)(rnd() % 4 == 0 ? 0xFF : rnd() % 8);   /* small ids, some all-ones */
   unsigned src = rnd() % 3;
   if (src == 0) {
      vgt->src.select = VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX;
   } else {
      vgt->src.select = VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_DMA;
      vgt->src.size = src == 1 ? 2 : 4;
      vgt->src.swap = rnd() % 2 ? swaps[0] : swaps[rnd() % 4];
      vgt->src.lead = vgt->src.swap && vgt->src.size == 2 ? 2 * (rnd() % 2) : 0;
      vgt->src.data = mem;
      vgt->restart = rnd() % 3 == 0;
      vgt->restart_index = vgt->src.size == 2 ? 0xFFFF : rnd() % 2 ? 0xFFFFFFFFu : 0x0707u;
   }
   vgt->offset = rnd() % 4 == 0 ? 0xFFFFFFF0u + rnd() % 32 : rnd() % 16;
   vgt->min_index = rnd() % 2 ? 0 : rnd() % 8;
   vgt->max_index = rnd() % 2 ? 0xFFFFFFFFu : 8 + rnd() % 0x800;
   vgt->step_rate[0] = rnd() % 4;
   vgt->step_rate[1] = rnd() % 4;
}

static bool same_log(const struct log *a, const struct log *b)
{
   if (a->n != b->n)
      return false;
   for (unsigned i = 0; i < a->n; i++) {
      const struct event *x = &a->e[i], *y = &b->e[i];
      if (x->end != y->end || x->instance != y->instance)
         return false;
      if (!x->end && (memcmp(x->v, y->v, sizeof(x->v)) || x->provoking != y->provoking ||
                      x->edges != y->edges))
         return false;
   }
   return true;
}

static void test_vs_input(void)
{
   struct sim_vgt vgt = { .step_rate = { 3, 0 } };
   uint32_t ids[SIM_LANES], gpr0[4][SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      ids[l] = 1000u * l + 7;
   memset(gpr0, 0xEE, sizeof(gpr0));
   sim_vgt_vs_input(&vgt, ids, 5, 10, gpr0);
   unsigned bad = 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      bool in = l < 5;
      bad += gpr0[0][l] != (in ? 1000u * l + 7 : 0xEEEEEEEEu);
      bad += gpr0[1][l] != (in ? 3u : 0xEEEEEEEEu);   /* 10 / 3 */
      bad += gpr0[2][l] != (in ? 0u : 0xEEEEEEEEu);   /* rate 0 */
      bad += gpr0[3][l] != (in ? 10u : 0xEEEEEEEEu);
   }
   CHECK(bad == 0, "sim_vgt_vs_input: %u GPR0 values differ", bad);
}

static int cmp_u32(const void *a, const void *b)
{
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

/* sim_vgt_ids_fresh: claimed exactly for auto-indexed lists (restart applies to indexed
 * draws only), and then true of the walk `g`: within an instance no id is in two
 * primitives, or twice in one, unless the MIN/MAX_VTX_INDX clamp made it. */
static bool fresh_ok(const struct sim_vgt *vgt, const struct log *g)
{
   bool fresh = sim_vgt_ids_fresh(vgt);
   if (fresh != (vgt->src.select == VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX))
      return false;
   if (!fresh)
      return true;
   static uint32_t ids[3 * MAX_EVENTS];
   unsigned n = 0;
   for (unsigned i = 0; i <= g->n; i++) {
      if (i == g->n || g->e[i].end) {   /* an instance's ids, sorted */
         qsort(ids, n, sizeof(ids[0]), cmp_u32);
         for (unsigned k = 1; k < n; k++)
            if (ids[k] == ids[k - 1] && ids[k] != vgt->min_index && ids[k] != vgt->max_index)
               return false;
         n = 0;
         continue;
      }
      for (unsigned k = 0; k < 3; k++)
         ids[n++] = g->e[i].v[k];
   }
   return true;
}

int main(void)
{
   static struct log got, want;
   struct sim_watchdog quiet, fired;
   sim_watchdog_init(&quiet, 0);
   sim_watchdog_init(&fired, 0);
   atomic_store(&fired.fired, true);
   unsigned runs = 3000, bad = 0, stopped = 0, fast = 0;
   for (unsigned run = 0; run < runs; run++) {
      struct sim_vgt vgt;
      random_draw(&vgt, &quiet);
      bool fire = rnd() % 8 == 0;
      if (fire)
         vgt.watchdog = &fired;
      got = (struct log){ .stop_prims = rnd() % 3 == 0 ? 1 + rnd() % 20 : 0,
                          .stop_end = rnd() % 4 == 0 ? 1 + rnd() % 2 : 0 };
      want = (struct log){ .stop_prims = got.stop_prims, .stop_end = got.stop_end };
      const struct sim_vgt_sink sink = { sink_prim, sink_end, &got };
      bool ok = sim_vgt_run(&vgt, &sink);
      reference(&vgt, fire, &want);
      stopped += got.ends < vgt.instances;
      fast += !vgt.restart && (vgt.src.select ==
                                  VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX ||
                               !vgt.src.swap);
      if (!fresh_ok(&vgt, &got) && bad++ < 5)
         check(false, "run %u: sim_vgt_ids_fresh %d, source %u, ids repeat or claim wrong",
               run, sim_vgt_ids_fresh(&vgt), vgt.src.select);
      if ((!same_log(&got, &want) || (ok && got.ends != vgt.instances)) && bad++ < 5)
         check(false, "run %u: prim %u count %u source %u size %u swap %u restart %d "
               "instances %u fired %d: %u events, want %u", run, vgt.prim_type, vgt.count,
               vgt.src.select, vgt.src.size, vgt.src.swap, vgt.restart, vgt.instances, fire,
               got.n, want.n);
   }
   CHECK(bad == 0, "%u of %u walks differ from the reference", bad, runs);
   CHECK(stopped > runs / 10, "only %u walks stopped early", stopped);
   CHECK(fast > runs / 3, "only %u walks could take the list loop", fast);
   test_vs_input();
   return check_report();
}
