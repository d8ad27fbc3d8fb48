/* VGT (see vgt.h).
 *
 * Indices come from the index buffer (VGT_DMA_BASE/_HI, 16- or 32-bit per
 * VGT_DMA_INDEX_TYPE), the immediate data or the auto-index counter (0, 1, ...). A raw index
 * equal to VGT_MULTI_PRIM_IB_RESET_INDX restarts the primitive when
 * VGT_MULTI_PRIM_IB_RESET_EN is set; otherwise VGT_INDX_OFFSET is added (32-bit wrap) and
 * the result clamped to [VGT_MIN_VTX_INDX, VGT_MAX_VTX_INDX]. That value is the vertex id the
 * VS gets in GPR0.x (GPR0.w = instance id, 0 .. VGT_NUM_INSTANCES - 1).
 * VGT_DMA_INDEX_TYPE.SWAP_MODE swaps the index data per aligned dword of memory (16_BIT:
 * bytes within each half, 32_BIT: all four bytes, WORD: the halves) before the indices are
 * taken from it.
 * Primitives: TRILIST, TRISTRIP (odd triangles as (i+1, i, i+2) to keep the winding),
 * TRIFAN (hub first), RECTLIST, POINTLIST, LINELIST, LINESTRIP, LINELOOP (closed at the
 * end and at each restart), QUADLIST and QUADSTRIP (two triangles per quad), POLYGON (a
 * fan, flat colour from its first vertex); the adjacency types draw their main primitives
 * as a draw without a GS does (LINELIST_ADJ: v1 -> v2 of each 4; LINESTRIP_ADJ: v1 ... v(n-2);
 * TRILIST_ADJ: v0, v2, v4 of each 6; TRISTRIP_ADJ: triangle i = (2i, 2i+2, 2i+4), odd ones
 * as (2i+2, 2i, 2i+4)); TRI_WITH_WFLAGS with auto-index is a TRILIST (register reference), with
 * indices reported; NONE draws nothing; the 2D types are reported and skipped. The provoking vertex
 * is the last (PROVOKING_VTX_LAST) or the first (strips: i, fans: i+1) of each primitive.
 * VGT_DRAW_INITIATOR.MAJOR_MODE 1 (explicit VGT_GROUP_* state), SPRITE_EN, USE_OPAQUE,
 * VGT_PRIMITIVEID_EN and VGT_VTX_CNT_EN are reported; NOT_EOP, VGT_REUSE_OFF and
 * VGT_OUTPUT_PATH_CNTL (ignored in major mode 0) do not change results.
 */
#include "geometry/vgt.h"

#include <stdio.h>

#include "common/debug.h"
#include "common/exec.h"
#include "common/watchdog.h"
#include "common/gpu_memory.h"
#include "common/unimpl.h"
#include "r600_regs.h"

/* ---- indices ----------------------------------------------------------------------- */

static bool index_source_init(struct sim_vgt_indices *src, struct sim_exec *ex, uint32_t count,
                              const uint32_t *immd, unsigned immd_ndw)
{
   src->select = VGT_DRAW_INITIATOR__SOURCE_SELECT__get(sim_reg(ex, REG_VGT_DRAW_INITIATOR));
   if (src->select == VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX)
      return true;
   unsigned type = VGT_DMA_INDEX_TYPE__INDEX_TYPE__get(sim_reg(ex, REG_VGT_DMA_INDEX_TYPE));
   if (type == VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_16)
      src->size = 2;
   else if (type == VGT_DMA_INDEX_TYPE__INDEX_TYPE__VGT_INDEX_32)
      src->size = 4;
   else {
      sim_fault(ex, 0, "VGT_DMA_INDEX_TYPE.INDEX_TYPE %u is reserved", type);
      return false;
   }
   uint64_t bytes = (uint64_t)count * src->size;
   if (src->select == VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_IMMEDIATE) {
      if (bytes > 4ull * immd_ndw) {
         sim_fault(ex, 0, "DRAW_INDEX_IMMD: %u indices need %llu bytes, packet has %u", count,
                   (unsigned long long)bytes, 4 * immd_ndw);
         return false;
      }
      src->data = (const uint8_t *)immd;
      return true;
   }
   if (src->select != VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_DMA) {
      sim_fault(ex, 0, "VGT_DRAW_INITIATOR.SOURCE_SELECT %u is reserved", src->select);
      return false;
   }
   uint64_t va = sim_reg(ex, REG_VGT_DMA_BASE) |
                 ((uint64_t)VGT_DMA_BASE_HI__BASE_ADDR__get(sim_reg(ex, REG_VGT_DMA_BASE_HI)) << 32);
   if (va % src->size) {
      sim_fault(ex, va, "index buffer address not aligned to its %u-byte indices", src->size);
      return false;
   }
   src->swap = VGT_DMA_INDEX_TYPE__SWAP_MODE__get(sim_reg(ex, REG_VGT_DMA_INDEX_TYPE));
   if (src->swap != VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_NONE && bytes) {
      /* whole dwords around the indices */
      src->lead = (unsigned)(va & 3);
      va -= src->lead;
      bytes = (bytes + src->lead + 3) & ~3ull;
   }
   src->data = bytes ? sim_mem_range(ex->mem, va, bytes) : NULL;
   if (bytes && !src->data) {
      sim_fault(ex, va, "index buffer (%u indices, %llu bytes) outside any buffer", count,
                (unsigned long long)bytes);
      return false;
   }
   return true;
}

static uint32_t load32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t swap_dword(unsigned mode, uint32_t v)
{
   switch (mode) {
   case VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_16_BIT:
      return (v & 0xFF00FF00u) >> 8 | (v & 0x00FF00FFu) << 8;
   case VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_32_BIT:
      return v >> 24 | (v >> 8 & 0xFF00u) | (v << 8 & 0xFF0000u) | v << 24;
   case VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_WORD:
      return v >> 16 | v << 16;
   default:
      return v;
   }
}

static uint32_t raw_index(const struct sim_vgt_indices *src, uint32_t i)
{
   if (src->select == VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX)
      return i;
   const uint8_t *p = src->data + (size_t)i * src->size;
   if (src->swap) {
      size_t off = src->lead + (size_t)i * src->size;
      uint32_t dw = swap_dword(src->swap, load32(src->data + (off & ~(size_t)3)));
      return src->size == 4 ? dw : (dw >> (8 * (off & 2))) & 0xFFFF;
   }
   return src->size == 2 ? (uint32_t)(p[0] | p[1] << 8) : load32(p);
}

/* The vertex id of a raw index: the offset added (32-bit wrap), then clamped. */
static inline uint32_t vertex_id(const struct sim_vgt *vgt, uint32_t raw)
{
   uint32_t id = raw + vgt->offset;
   return id < vgt->min_index ? vgt->min_index : id > vgt->max_index ? vgt->max_index : id;
}

/* ---- primitive types --------------------------------------------------------------- */

#define PT(n) VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_##n

/* The kind of an implemented primitive type; false for NONE and (reported) for the
 * others. TRI_WITH_WFLAGS with auto-index becomes a TRILIST. */
static bool prim_kind(const struct sim_exec *ex, unsigned *prim_type, unsigned select,
                      enum sim_vgt_kind *kind)
{
   if (*prim_type == PT(TRI_WITH_WFLAGS) &&
       select == VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX)
      *prim_type = PT(TRILIST);
   switch (*prim_type) {
   case PT(NONE):
      return false;   /* "does not create draw trigger" */
   case PT(LINELIST_ADJ):
   case PT(LINESTRIP_ADJ):
      *kind = SIM_VGT_LINES;
      return true;
   case PT(TRILIST_ADJ):
   case PT(TRISTRIP_ADJ):
      *kind = SIM_VGT_TRIANGLES;
      return true;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST:
      *kind = SIM_VGT_POINTS;
      return true;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINESTRIP:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELOOP:
      *kind = SIM_VGT_LINES;
      return true;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST:
      *kind = SIM_VGT_RECTS;
      return true;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRIFAN:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADLIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADSTRIP:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POLYGON:
      *kind = SIM_VGT_TRIANGLES;
      return true;
   }
   sim_unimpl_field(ex->chip, REG_VGT_PRIMITIVE_TYPE, "PRIM_TYPE", *prim_type,
                    "draw skipped");
   return false;
}

static void report_unimplemented_state(const struct sim_exec *ex)
{
   enum hw_chip chip = ex->chip;
   uint32_t v = sim_reg(ex, REG_VGT_GS_MODE);
   if (VGT_GS_MODE__MODE__get(v))
      sim_unimpl_field(chip, REG_VGT_GS_MODE, "MODE", VGT_GS_MODE__MODE__get(v), "GS not run");
   if (VGT_STRMOUT_EN__STREAMOUT__get(sim_reg(ex, REG_VGT_STRMOUT_EN)))
      sim_unimpl_field(chip, REG_VGT_STRMOUT_EN, "STREAMOUT", 1, "ignored");
   v = sim_reg(ex, REG_VGT_DRAW_INITIATOR);
   if (VGT_DRAW_INITIATOR__MAJOR_MODE__get(v))
      sim_unimpl_field(chip, REG_VGT_DRAW_INITIATOR, "MAJOR_MODE",
                       VGT_DRAW_INITIATOR__MAJOR_MODE__get(v), "implicit mode used");
   if (VGT_DRAW_INITIATOR__SPRITE_EN__get(v))
      sim_unimpl_field(chip, REG_VGT_DRAW_INITIATOR, "SPRITE_EN", 1, "ignored");
   if (VGT_DRAW_INITIATOR__USE_OPAQUE__get(v))
      sim_unimpl_field(chip, REG_VGT_DRAW_INITIATOR, "USE_OPAQUE", 1, "VGT_NUM_INDICES used");
   if (VGT_PRIMITIVEID_EN__PRIMITIVEID_EN__get(sim_reg(ex, REG_VGT_PRIMITIVEID_EN)))
      sim_unimpl_field(chip, REG_VGT_PRIMITIVEID_EN, "PRIMITIVEID_EN", 1, "no primitive id");
   if (VGT_VTX_CNT_EN__VTX_CNT_EN__get(sim_reg(ex, REG_VGT_VTX_CNT_EN)))
      sim_unimpl_field(chip, REG_VGT_VTX_CNT_EN, "VTX_CNT_EN", 1, "ignored");
}

bool sim_vgt_init(struct sim_vgt *vgt, struct sim_exec *ex, const uint32_t *immd,
                  unsigned immd_ndw)
{
   *vgt = (struct sim_vgt){ .watchdog = ex->watchdog };
   vgt->count = sim_reg(ex, REG_VGT_NUM_INDICES);
   vgt->instances = sim_reg(ex, REG_VGT_NUM_INSTANCES);
   if (vgt->instances == 0)
      vgt->instances = 1;   /* "minimum value is 1" */
   vgt->prim_type = VGT_PRIMITIVE_TYPE__PRIM_TYPE__get(sim_reg(ex, REG_VGT_PRIMITIVE_TYPE));
   vgt->provoking_last =
      PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST__get(sim_reg(ex, REG_PA_SU_SC_MODE_CNTL));

   if (sim_debug_flags() & SIM_DEBUG_DRAWS)
      fprintf(stderr, "r600sim: draw %llu:%u prim %u count %u instances %u source %u "
              "VS 0x%llx FS 0x%llx PS 0x%llx\n", (unsigned long long)ex->seq, ex->dword,
              vgt->prim_type, vgt->count, vgt->instances,
              VGT_DRAW_INITIATOR__SOURCE_SELECT__get(sim_reg(ex, REG_VGT_DRAW_INITIATOR)),
              (unsigned long long)sim_reg(ex, REG_SQ_PGM_START_VS) << 8,
              (unsigned long long)sim_reg(ex, REG_SQ_PGM_START_FS) << 8,
              (unsigned long long)sim_reg(ex, REG_SQ_PGM_START_PS) << 8);

   if (!index_source_init(&vgt->src, ex, vgt->count, immd, immd_ndw))
      return false;
   if (vgt->count == 0 || !prim_kind(ex, &vgt->prim_type, vgt->src.select, &vgt->kind))
      return false;
   report_unimplemented_state(ex);

   vgt->restart = VGT_MULTI_PRIM_IB_RESET_EN__RESET_EN__get(
                     sim_reg(ex, REG_VGT_MULTI_PRIM_IB_RESET_EN)) &&
                  vgt->src.select != VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX;
   vgt->restart_index = sim_reg(ex, REG_VGT_MULTI_PRIM_IB_RESET_INDX);
   vgt->offset = sim_reg(ex, REG_VGT_INDX_OFFSET);
   vgt->min_index = sim_reg(ex, REG_VGT_MIN_VTX_INDX);
   vgt->max_index = sim_reg(ex, REG_VGT_MAX_VTX_INDX);
   vgt->step_rate[0] = sim_reg(ex, REG_VGT_INSTANCE_STEP_RATE_0);
   vgt->step_rate[1] = sim_reg(ex, REG_VGT_INSTANCE_STEP_RATE_1);
   return true;
}

void sim_vgt_vs_input(const struct sim_vgt *vgt, const uint32_t *ids, unsigned n,
                      uint32_t instance, uint32_t (*gpr0)[SIM_LANES])
{
   uint32_t y = vgt->step_rate[0] ? instance / vgt->step_rate[0] : 0;
   uint32_t z = vgt->step_rate[1] ? instance / vgt->step_rate[1] : 0;
   for (unsigned l = 0; l < n; l++) {
      gpr0[0][l] = ids[l];
      gpr0[1][l] = y;
      gpr0[2][l] = z;
      gpr0[3][l] = instance;
   }
}

/* ---- assembly ---------------------------------------------------------------------- */

/* Primitive assembly state since the last start/restart. */
struct assembler {
   const struct sim_vgt *vgt;
   const struct sim_vgt_sink *sink;
   uint32_t instance;
   unsigned n;          /* vertices seen */
   uint32_t hub, prev;  /* fan/polygon/loop: first vertex; strip/fan: the vertex before the last */
   uint32_t last;
   uint32_t list[3];
   uint32_t hist[6];    /* adjacency types: the last six vertices, hist[n % 6] = vertex n */
   bool pending;        /* POLYGON: the last triangle waits to learn if its v2 -> v0 closes */
   uint32_t pend[3];
   unsigned pend_edges;
};

#define ALL_EDGES 7u

static bool emit_edges(const struct assembler *a, uint32_t k0, uint32_t k1, uint32_t k2,
                       uint32_t kp, unsigned edges)
{
   const struct sim_vgt_prim p = { .instance = a->instance, .v = { k0, k1, k2 },
                                   .provoking = kp, .edges = (uint8_t)edges };
   return a->sink->prim(a->sink->ctx, &p);
}

static bool emit(const struct assembler *a, uint32_t k0, uint32_t k1, uint32_t k2, uint32_t kp)
{
   return emit_edges(a, k0, k1, k2, kp, ALL_EDGES);
}

/* A line a -> b (slots 1 and 2 the same vertex). */
static bool emit_line(const struct assembler *a, uint32_t from, uint32_t to)
{
   return emit(a, from, to, to, a->vgt->provoking_last ? to : from);
}

/* POLYGON: emits the waiting triangle; `closing`: its v2 is the polygon's last vertex. */
static bool flush_polygon(struct assembler *a, bool closing)
{
   if (!a->pending)
      return true;
   a->pending = false;
   return emit_edges(a, a->pend[0], a->pend[1], a->pend[2], a->pend[0],
                     a->pend_edges | (closing ? 4u : 0u));
}

/* The end of a vertex sequence (the draw's end or a restart): closes a line loop or a
 * polygon. */
static bool finish(struct assembler *a)
{
   if (a->vgt->prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELOOP && a->n >= 2)
      return emit_line(a, a->last, a->hub);
   return flush_polygon(a, true);
}

/* Vertex j (j > n - 6) of the adjacency history. */
#define HIST(a, j) ((a)->hist[(j) % 6])

static bool assemble(struct assembler *a, uint32_t key)
{
   bool ok = true;
   a->hist[a->n % 6] = key;
   bool last = a->vgt->provoking_last;
   switch (a->vgt->prim_type) {
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST:
      ok = emit(a, key, key, key, key);
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST:
      if (a->n % 3 == 2)
         ok = emit(a, a->list[0], a->list[1], key, last ? key : a->list[0]);
      else
         a->list[a->n % 3] = key;
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP:
      if (a->n >= 2) {
         if (a->n % 2 == 0)
            ok = emit(a, a->prev, a->last, key, last ? key : a->prev);
         else
            ok = emit(a, a->last, a->prev, key, last ? key : a->prev);
      }
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRIFAN:
      if (a->n == 0)
         a->hub = key;
      else if (a->n >= 2)
         ok = emit(a, a->hub, a->last, key, last ? key : a->last);
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POLYGON:
      /* A fan; the polygon's flat colour is its first vertex (GL). Edges: hub -> v1 of
       * the first triangle, v(i-1) -> v(i) of each, and v(n-1) -> hub of the last. */
      if (a->n == 0) {
         a->hub = key;
      } else if (a->n >= 2) {
         ok = flush_polygon(a, false);
         a->pending = true;
         a->pend[0] = a->hub;
         a->pend[1] = a->last;
         a->pend[2] = key;
         a->pend_edges = 2u | (a->n == 2 ? 1u : 0u);
      }
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADLIST:
      /* v0 v1 v2 v3 -> (v0, v1, v2), (v0, v2, v3); provoking: v3 or v0. */
      if (a->n % 4 == 3) {
         uint32_t pv = last ? key : a->list[0];
         ok = emit_edges(a, a->list[0], a->list[1], a->list[2], pv, 3u) &&
              emit_edges(a, a->list[0], a->list[2], key, pv, 6u);
      } else {
         a->list[a->n % 4] = key;
      }
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADSTRIP:
      /* Quad i is v2i, v2i+1, v2i+3, v2i+2 around its boundary; provoking: v2i+3 or v2i. */
      if (a->n >= 3 && a->n % 2 == 1) {
         uint32_t pv = last ? key : a->list[0];
         ok = emit_edges(a, a->list[0], a->prev, key, pv, 3u) &&
              emit_edges(a, a->list[0], key, a->last, pv, 6u);
      }
      if (a->n % 2 == 1)
         a->list[0] = a->last;   /* v2i+2 starts the next quad */
      else if (a->n == 0)
         a->list[0] = key;
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELIST:
      if (a->n % 2 == 1)
         ok = emit_line(a, a->last, key);
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINESTRIP:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELOOP:
      if (a->n == 0)
         a->hub = key;
      else
         ok = emit_line(a, a->last, key);
      break;
   case PT(LINELIST_ADJ):
      if (a->n % 4 == 3)
         ok = emit_line(a, HIST(a, a->n - 2), HIST(a, a->n - 1));
      break;
   case PT(LINESTRIP_ADJ):
      if (a->n >= 3)
         ok = emit_line(a, HIST(a, a->n - 2), HIST(a, a->n - 1));
      break;
   case PT(TRILIST_ADJ):
      if (a->n % 6 == 5)
         ok = emit(a, HIST(a, a->n - 5), HIST(a, a->n - 3), HIST(a, a->n - 1),
                   last ? HIST(a, a->n - 1) : HIST(a, a->n - 5));
      break;
   case PT(TRISTRIP_ADJ):
      /* triangle i = (n - 5) / 2 is complete when vertex 2i + 5 arrives */
      if (a->n >= 5 && a->n % 2 == 1) {
         uint32_t v0 = HIST(a, a->n - 5), v2 = HIST(a, a->n - 3), v4 = HIST(a, a->n - 1);
         uint32_t pv = last ? v4 : v0;
         ok = ((a->n - 5) / 2) % 2 ? emit(a, v2, v0, v4, pv) : emit(a, v0, v2, v4, pv);
      }
      break;
   }
   a->prev = a->last;
   a->last = key;
   a->n++;
   return ok;
}

/* Counts `n` more indices or instances walked; false when the watchdog, asked at each
 * multiple of SIM_VGT_WATCHDOG_STEPS passed, has expired. */
static inline bool step(const struct sim_vgt *vgt, unsigned *steps, unsigned n)
{
   unsigned before = *steps;
   *steps += n;
   return *steps / SIM_VGT_WATCHDOG_STEPS == before / SIM_VGT_WATCHDOG_STEPS ||
          !sim_watchdog_expired(vgt->watchdog);
}

/* One instance, any primitive type and index source. */
static bool walk(const struct sim_vgt *vgt, const struct sim_vgt_sink *sink, uint32_t instance,
                 unsigned *steps)
{
   const struct assembler fresh = { .vgt = vgt, .sink = sink, .instance = instance };
   struct assembler a = fresh;
   for (uint32_t i = 0; i < vgt->count; i++) {
      if (!step(vgt, steps, 1))
         return false;
      uint32_t raw = raw_index(&vgt->src, i);
      if (vgt->restart && raw == vgt->restart_index) {
         if (!finish(&a))
            return false;
         a = fresh;
         continue;
      }
      if (!assemble(&a, vertex_id(vgt, raw)))
         return false;
   }
   return finish(&a);
}

/* walk for TRILIST and RECTLIST without restart and index swap: each three indices one
 * primitive, the indices read `size` bytes at a time (0: auto-index), a constant where
 * inlined. The steps and the primitives are walk's. */
static inline __attribute__((always_inline)) bool
walk_list(const struct sim_vgt *vgt, const struct sim_vgt_sink *sink, uint32_t instance,
          unsigned *steps, unsigned size)
{
   const uint8_t *data = vgt->src.data;
   struct sim_vgt_prim p = { .instance = instance, .edges = ALL_EDGES };
   uint32_t raw[3];
   for (uint32_t i = 0; i + 3 <= vgt->count; i += 3) {
      if (!step(vgt, steps, 3))
         return false;
      for (unsigned k = 0; k < 3; k++) {
         raw[k] = size == 0 ? i + k
                : size == 2 ? (uint32_t)(data[2 * (i + k)] | data[2 * (i + k) + 1] << 8)
                : load32(data + 4 * (size_t)(i + k));
         p.v[k] = vertex_id(vgt, raw[k]);
      }
      p.provoking = vgt->provoking_last ? p.v[2] : p.v[0];
      if (!sink->prim(sink->ctx, &p))
         return false;
   }
   return step(vgt, steps, vgt->count % 3);
}

static bool walk_list_auto(const struct sim_vgt *vgt, const struct sim_vgt_sink *sink,
                           uint32_t instance, unsigned *steps)
{
   return walk_list(vgt, sink, instance, steps, 0);
}

static bool walk_list_16(const struct sim_vgt *vgt, const struct sim_vgt_sink *sink,
                         uint32_t instance, unsigned *steps)
{
   return walk_list(vgt, sink, instance, steps, 2);
}

static bool walk_list_32(const struct sim_vgt *vgt, const struct sim_vgt_sink *sink,
                         uint32_t instance, unsigned *steps)
{
   return walk_list(vgt, sink, instance, steps, 4);
}

typedef bool (*walk_fn)(const struct sim_vgt *vgt, const struct sim_vgt_sink *sink,
                        uint32_t instance, unsigned *steps);

/* The walk for the draw's primitive type and index source. */
static walk_fn choose_walk(const struct sim_vgt *vgt)
{
   bool list = vgt->prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST ||
               vgt->prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST;
   if (!list || vgt->restart)
      return walk;
   if (vgt->src.select == VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX)
      return walk_list_auto;
   if (vgt->src.swap != VGT_DMA_INDEX_TYPE__SWAP_MODE__VGT_DMA_SWAP_NONE)
      return walk;
   return vgt->src.size == 2 ? walk_list_16 : walk_list_32;
}

bool sim_vgt_ids_fresh(const struct sim_vgt *vgt)
{
   return choose_walk(vgt) == walk_list_auto;
}

bool sim_vgt_run(const struct sim_vgt *vgt, const struct sim_vgt_sink *sink)
{
   /* Indices and instances walked, for the watchdog's pace: a primitive's vertices are
    * shaded within a few steps of it; its pixels are the raster's (draw.c). */
   unsigned steps = 0;
   walk_fn fn = choose_walk(vgt);
   for (uint32_t instance = 0; instance < vgt->instances; instance++) {
      if (!fn(vgt, sink, instance, &steps) || !sink->instance_end(sink->ctx, instance))
         return false;
      if (!step(vgt, &steps, 1))
         return false;
   }
   return true;
}
