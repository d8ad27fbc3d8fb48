/* One draw (see draw.h).
 *
 * VGT: indices come from the index buffer (VGT_DMA_BASE/_HI, 16- or 32-bit per
 * VGT_DMA_INDEX_TYPE), the immediate data or the auto-index counter (0, 1, ...). A raw index
 * equal to VGT_MULTI_PRIM_IB_RESET_INDX restarts the primitive when
 * VGT_MULTI_PRIM_IB_RESET_EN is set; otherwise VGT_INDX_OFFSET is added (32-bit wrap) and
 * the result clamped to [VGT_MIN_VTX_INDX, VGT_MAX_VTX_INDX]. That value is the vertex id the
 * VS gets in GPR0.x (GPR0.w = instance id, 0 .. VGT_NUM_INSTANCES - 1).
 * Primitives: TRILIST, TRISTRIP (odd triangles as (i+1, i, i+2) to keep the winding),
 * TRIFAN (hub first), RECTLIST, POINTLIST, LINELIST, LINESTRIP, LINELOOP (closed at the
 * end and at each restart), QUADLIST and QUADSTRIP (two triangles per quad), POLYGON (a
 * fan, flat colour from its first vertex); other types (adjacency, 2D) are reported and
 * skipped. The provoking vertex is the last (PROVOKING_VTX_LAST) or the
 * first (strips: i, fans: i+1) of each primitive.
 * Triangles are gathered in batches; the batch's distinct vertices (by id) are shaded 16 at
 * a time, then every triangle goes through PA -> SC -> SPI -> PS -> CB in order; per 4x4
 * block the DB tests depth/stencil before the PS (early Z) or after the PS's kills and the
 * SX alpha test (late Z), as DB_SHADER_CONTROL allows (db.h). With MSAA (msaa.c) the SC
 * gives each pixel a sample mask; the PS runs once per covered pixel, and the DB and CB
 * work on the surviving samples.
 */
#include "draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cb.h"
#include "db.h"
#include "debug.h"
#include "gpu_device.h"
#include "pa.h"
#include "r600_regs.h"
#include "sc.h"
#include "shader_exec.h"
#include "spi.h"
#include "unimpl.h"

#define BATCH_TRIS 64
#define BATCH_VERTS (3 * BATCH_TRIS)
#define HASH_SIZE 512            /* > 2 * BATCH_VERTS, power of two */

/* A batched primitive: a triangle, a RECTLIST rectangle or (all slots equal) a point. */
struct batch_tri {
   uint16_t slot[3];
   uint16_t provoking;
};

struct sim_draw_scratch {
   struct sim_lanes lanes;
   struct sim_exports exports;
   struct sim_vtx verts[BATCH_VERTS];
   uint32_t keys[BATCH_VERTS];
   int16_t hash[HASH_SIZE];
   struct batch_tri tris[BATCH_TRIS];
};

struct sim_draw_scratch *sim_draw_scratch_create(void)
{
   return calloc(1, sizeof(struct sim_draw_scratch));
}

void sim_draw_scratch_destroy(struct sim_draw_scratch *s)
{
   free(s);
}

struct draw {
   struct sim_exec *ex;
   struct sim_draw_scratch *s;
   unsigned prim_type;
   bool provoking_last;
   uint32_t instance;

   struct sim_shader_env vs_env, ps_env;
   struct sim_program *vs, *fs, *ps;
   unsigned vs_gprs, ps_gprs;
   unsigned nparams;

   struct sim_pa_state pa;
   struct sim_spi_state spi;
   struct sim_cb_state cb;
   struct sim_db_state db;
   struct sim_rect scissor;
   struct sim_sc_msaa ms;

   unsigned nverts, ntris;
   const struct sim_prim *prim;     /* the primitive being rasterized */
   bool stop;                       /* a fault dropped the rest of the draw */
};

/* ---- pixels ------------------------------------------------------------------------ */

static bool ps_block(void *ctx, int32_t bx, int32_t by, uint16_t mask,
                     const uint8_t coverage[16])
{
   struct draw *d = ctx;
   struct sim_lanes *lanes = &d->s->lanes;
   struct sim_exports *out = &d->s->exports;
   bool early_z = d->db.active && d->db.early;
   bool late_z = d->db.active && !d->db.early;
   uint8_t smask[16];
   memcpy(smask, coverage, sizeof(smask));

   if (early_z) {
      mask = sim_db_test(&d->db, d->prim, bx, by, mask, smask, &d->ms, NULL);
      if (!mask)
         return true;   /* every pixel failed: the PS does not run */
   }
   uint16_t active = 0;
   for (unsigned q = 0; q < 4; q++) {
      if ((mask >> (4 * q)) & 0xF)
         active |= (uint16_t)(0xF << (4 * q));   /* helper pixels run for derivatives */
   }
   unsigned ngprs = d->ps_gprs > d->spi.max_gpr ? d->ps_gprs : d->spi.max_gpr;
   memset(lanes->gpr, 0, ngprs * sizeof(lanes->gpr[0]));
   sim_spi_load(&d->spi, d->prim, bx, by, smask, &d->ms, lanes);
   memset(out, 0, sizeof(*out));
   /* valid = covered pixels (after early Z); the quad's other lanes are helpers */
   if (!sim_program_run_valid(d->ps, NULL, &d->ps_env, lanes, active, mask, out)) {
      sim_fault(d->ex, 0, "pixel shader: %s", d->ps_env.fault);
      d->stop = true;
      return false;
   }
   if (early_z && (mask & out->killed))
      sim_unimpl("PS killed pixels with DB_SHADER_CONTROL.KILL_ENABLE = 0 under early Z "
                 "(their depth/stencil were already written)");
   mask &= (uint16_t)~out->killed;
   mask = sim_sx_alpha_test(&d->cb, mask, out);
   if (late_z)
      mask = sim_db_test(&d->db, d->prim, bx, by, mask, smask, &d->ms, out);
   if (!d->db.color_kill)
      sim_cb_write(&d->cb, bx, by, mask, smask, out);
   return true;
}

static bool raster_prim(void *ctx, const struct sim_prim *prim)
{
   struct draw *d = ctx;
   if (sim_debug_flags() & SIM_DEBUG_PRIMS)
      fprintf(stderr, "r600sim: prim (%.4f,%.4f) (%.4f,%.4f) (%.4f,%.4f) %s\n",
              (double)prim->x[0] / SIM_SUBPIX, (double)prim->y[0] / SIM_SUBPIX,
              (double)prim->x[1] / SIM_SUBPIX, (double)prim->y[1] / SIM_SUBPIX,
              (double)prim->x[2] / SIM_SUBPIX, (double)prim->y[2] / SIM_SUBPIX,
              prim->front ? "front" : "back");
   d->prim = prim;
   sim_sc_raster_samples(&prim->sc, &d->scissor, &d->ms, ps_block, d);
   return !d->stop;
}

/* ---- vertices ---------------------------------------------------------------------- */

static bool shade_vertices(struct draw *d)
{
   struct sim_draw_scratch *s = d->s;
   for (unsigned base = 0; base < d->nverts; base += SIM_LANES) {
      unsigned n = d->nverts - base < SIM_LANES ? d->nverts - base : SIM_LANES;
      memset(s->lanes.gpr, 0, d->vs_gprs * sizeof(s->lanes.gpr[0]));
      for (unsigned l = 0; l < n; l++) {
         s->lanes.gpr[0][0][l] = s->keys[base + l];
         s->lanes.gpr[0][3][l] = d->instance;
      }
      memset(&s->exports, 0, sizeof(s->exports));
      if (!sim_program_run(d->vs, d->fs, &d->vs_env, &s->lanes, (uint16_t)((1u << n) - 1),
                           &s->exports)) {
         sim_fault(d->ex, 0, "vertex shader: %s", d->vs_env.fault);
         return false;
      }
      if (!(s->exports.pos_mask & 1)) {
         sim_fault(d->ex, 0, "vertex shader did not export a position (POS 60)");
         return false;
      }
      for (unsigned l = 0; l < n; l++) {
         struct sim_vtx *v = &s->verts[base + l];
         memcpy(&v->psize, &s->exports.pos[1][0][l], 4);   /* POS 61 .x */
         for (unsigned c = 0; c < 4; c++) {
            memcpy(&v->pos[c], &s->exports.pos[0][c][l], 4);
            for (unsigned p = 0; p < d->nparams; p++)
               memcpy(&v->param[p][c], &s->exports.param[p][c][l], 4);
         }
      }
   }
   return true;
}

static bool is_line(unsigned prim_type)
{
   return prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELIST ||
          prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINESTRIP ||
          prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELOOP;
}

/* Shades the batch's vertices and draws its triangles; empties the batch. */
static bool flush_batch(struct draw *d)
{
   struct sim_draw_scratch *s = d->s;
   bool ok = d->ntris == 0 || shade_vertices(d);
   for (unsigned t = 0; ok && t < d->ntris; t++) {
      const struct batch_tri *bt = &s->tris[t];
      const struct sim_vtx *v[3] = { &s->verts[bt->slot[0]], &s->verts[bt->slot[1]],
                                     &s->verts[bt->slot[2]] };
      if (d->prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST)
         ok = sim_pa_point(&d->pa, v[0], raster_prim, d);
      else if (is_line(d->prim_type))
         ok = sim_pa_line(&d->pa, v, &s->verts[bt->provoking], raster_prim, d);
      else if (d->prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST)
         ok = sim_pa_rect(&d->pa, v, &s->verts[bt->provoking], raster_prim, d);
      else
         ok = sim_pa_triangle(&d->pa, v, &s->verts[bt->provoking], raster_prim, d);
   }
   d->nverts = d->ntris = 0;
   memset(s->hash, 0xFF, sizeof(s->hash));
   if (!ok)
      d->stop = true;
   return ok;
}

static unsigned vertex_slot(struct draw *d, uint32_t key)
{
   struct sim_draw_scratch *s = d->s;
   unsigned h = (key * 2654435761u) & (HASH_SIZE - 1);
   while (s->hash[h] >= 0) {
      if (s->keys[s->hash[h]] == key)
         return (unsigned)s->hash[h];
      h = (h + 1) & (HASH_SIZE - 1);
   }
   s->hash[h] = (int16_t)d->nverts;
   s->keys[d->nverts] = key;
   return d->nverts++;
}

static bool add_triangle(struct draw *d, uint32_t k0, uint32_t k1, uint32_t k2, uint32_t kp)
{
   if (d->ntris == BATCH_TRIS || d->nverts + 3 > BATCH_VERTS) {
      if (!flush_batch(d))
         return false;
   }
   struct batch_tri *t = &d->s->tris[d->ntris++];
   t->slot[0] = (uint16_t)vertex_slot(d, k0);
   t->slot[1] = (uint16_t)vertex_slot(d, k1);
   t->slot[2] = (uint16_t)vertex_slot(d, k2);
   t->provoking = (uint16_t)vertex_slot(d, kp);
   return true;
}

/* Primitive assembly state since the last start/restart. */
struct assembler {
   unsigned n;          /* vertices seen */
   uint32_t hub, prev;  /* fan/polygon/loop: first vertex; strip/fan: the vertex before the last */
   uint32_t last;
   uint32_t list[3];
};

/* A line a -> b (slots 1 and 2 the same vertex). */
static bool add_line(struct draw *d, uint32_t a, uint32_t b)
{
   return add_triangle(d, a, b, b, d->provoking_last ? b : a);
}

/* The end of a vertex sequence (the draw's end or a restart): closes a line loop. */
static bool finish(struct draw *d, const struct assembler *a)
{
   if (d->prim_type == VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELOOP && a->n >= 2)
      return add_line(d, a->last, a->hub);
   return true;
}

static bool assemble(struct draw *d, struct assembler *a, uint32_t key)
{
   bool ok = true;
   bool last = d->provoking_last;
   switch (d->prim_type) {
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST:
      ok = add_triangle(d, key, key, key, key);   /* one vertex, one "triangle" slot */
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST:
      if (a->n % 3 == 2)
         ok = add_triangle(d, a->list[0], a->list[1], key, last ? key : a->list[0]);
      else
         a->list[a->n % 3] = key;
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP:
      if (a->n >= 2) {
         if (a->n % 2 == 0)
            ok = add_triangle(d, a->prev, a->last, key, last ? key : a->prev);
         else
            ok = add_triangle(d, a->last, a->prev, key, last ? key : a->prev);
      }
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRIFAN:
      if (a->n == 0)
         a->hub = key;
      else if (a->n >= 2)
         ok = add_triangle(d, a->hub, a->last, key, last ? key : a->last);
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POLYGON:
      /* A fan; the polygon's flat colour is its first vertex (GL). */
      if (a->n == 0)
         a->hub = key;
      else if (a->n >= 2)
         ok = add_triangle(d, a->hub, a->last, key, a->hub);
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADLIST:
      /* v0 v1 v2 v3 -> (v0, v1, v2), (v0, v2, v3); provoking: v3 or v0. */
      if (a->n % 4 == 3) {
         uint32_t pv = last ? key : a->list[0];
         ok = add_triangle(d, a->list[0], a->list[1], a->list[2], pv) &&
              add_triangle(d, a->list[0], a->list[2], key, pv);
      } else {
         a->list[a->n % 4] = key;
      }
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADSTRIP:
      /* Quad i is v2i, v2i+1, v2i+3, v2i+2 around its boundary; provoking: v2i+3 or v2i. */
      if (a->n >= 3 && a->n % 2 == 1) {
         uint32_t pv = last ? key : a->list[0];
         ok = add_triangle(d, a->list[0], a->prev, key, pv) &&
              add_triangle(d, a->list[0], key, a->last, pv);
      }
      if (a->n % 2 == 1)
         a->list[0] = a->last;   /* v2i+2 starts the next quad */
      else if (a->n == 0)
         a->list[0] = key;
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELIST:
      if (a->n % 2 == 1)
         ok = add_line(d, a->last, key);
      break;
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINESTRIP:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELOOP:
      if (a->n == 0)
         a->hub = key;
      else
         ok = add_line(d, a->last, key);
      break;
   }
   a->prev = a->last;
   a->last = key;
   a->n++;
   return ok;
}

/* ---- the draw ---------------------------------------------------------------------- */

static bool prim_supported(const struct sim_exec *ex, unsigned prim_type)
{
   switch (prim_type) {
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POINTLIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRISTRIP:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRIFAN:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINESTRIP:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_LINELOOP:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADLIST:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_QUADSTRIP:
   case VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_POLYGON:
      return true;
   }
   sim_unimpl_field(ex->gpu->chip, REG_VGT_PRIMITIVE_TYPE, "PRIM_TYPE", prim_type,
                    "draw skipped");
   return false;
}

static void report_unimplemented_state(const struct sim_exec *ex)
{
   enum r600_chip_class chip = ex->gpu->chip;
   uint32_t v;
   v = sim_reg(ex, REG_VGT_GS_MODE);
   if (VGT_GS_MODE__MODE__get(v))
      sim_unimpl_field(chip, REG_VGT_GS_MODE, "MODE", VGT_GS_MODE__MODE__get(v), "GS not run");
   if (VGT_STRMOUT_EN__STREAMOUT__get(sim_reg(ex, REG_VGT_STRMOUT_EN)))
      sim_unimpl_field(chip, REG_VGT_STRMOUT_EN, "STREAMOUT", 1, "ignored");
   v = sim_reg(ex, REG_PA_SC_MODE_CNTL);
   if (PA_SC_MODE_CNTL__LINE_STIPPLE_ENABLE__get(v))
      sim_unimpl_field(chip, REG_PA_SC_MODE_CNTL, "LINE_STIPPLE_ENABLE", 1, "lines solid");
   if (PA_SC_MODE_CNTL__PS_ITER_SAMPLE__get(v))
      sim_unimpl_field(chip, REG_PA_SC_MODE_CNTL, "PS_ITER_SAMPLE", 1,
                       "PS runs once per pixel");
   v = sim_reg(ex, REG_PA_SC_LINE_CNTL);
   if (PA_SC_LINE_CNTL__USE_BRES_CNTL__get(v))
      sim_unimpl_field(chip, REG_PA_SC_LINE_CNTL, "USE_BRES_CNTL", 1, "ignored");
   if (PA_SC_LINE_CNTL__EXPAND_LINE_WIDTH__get(v))
      sim_unimpl_field(chip, REG_PA_SC_LINE_CNTL, "EXPAND_LINE_WIDTH", 1, "ignored");
   if (PA_SC_AA_CONFIG__AA_MASK_CENTROID_DTMN__get(sim_reg(ex, REG_PA_SC_AA_CONFIG)))
      sim_unimpl_field(chip, REG_PA_SC_AA_CONFIG, "AA_MASK_CENTROID_DTMN", 1,
                       "centroid from the primitive's coverage only");
   v = PA_SC_CLIPRECT_RULE__CLIP_RULE__get(sim_reg(ex, REG_PA_SC_CLIPRECT_RULE));
   if (v != 0xFFFF && !PA_SC_MODE_CNTL__CLIPRECT_ENABLE__get(sim_reg(ex, REG_PA_SC_MODE_CNTL)))
      sim_unimpl_field(chip, REG_PA_SC_CLIPRECT_RULE, "CLIP_RULE", v, "cliprects ignored");
   v = VGT_DMA_INDEX_TYPE__SWAP_MODE__get(sim_reg(ex, REG_VGT_DMA_INDEX_TYPE));
   if (v)
      sim_unimpl_field(chip, REG_VGT_DMA_INDEX_TYPE, "SWAP_MODE", v, "ignored");
}

static bool load_programs(struct draw *d)
{
   struct sim_exec *ex = d->ex;
   d->vs_env = (struct sim_shader_env){ .chip = ex->gpu->chip, .stage = SIM_STAGE_FS,
                                        .mem = ex->gpu->mem, .regs = ex->gpu->regs,
                                        .seq = ex->seq };
   d->ps_env = d->vs_env;
   uint64_t fs_va = (uint64_t)sim_reg(ex, REG_SQ_PGM_START_FS) << 8;
   uint64_t vs_va = (uint64_t)sim_reg(ex, REG_SQ_PGM_START_VS) << 8;
   uint64_t ps_va = (uint64_t)sim_reg(ex, REG_SQ_PGM_START_PS) << 8;

   d->fs = fs_va ? sim_program_get(&d->vs_env, fs_va) : NULL;
   if (fs_va && !d->fs) {
      sim_fault(ex, fs_va, "fetch shader: %s", d->vs_env.fault);
      return false;
   }
   d->vs_env.stage = SIM_STAGE_VS;
   d->vs = sim_program_get(&d->vs_env, vs_va);
   if (!d->vs) {
      sim_fault(ex, vs_va, "vertex shader: %s", d->vs_env.fault);
      return false;
   }
   d->ps_env.stage = SIM_STAGE_PS;
   d->ps = sim_program_get(&d->ps_env, ps_va);
   if (!d->ps) {
      sim_fault(ex, ps_va, "pixel shader: %s", d->ps_env.fault);
      return false;
   }
   d->vs_gprs = SQ_PGM_RESOURCES_VS__NUM_GPRS__get(sim_reg(ex, REG_SQ_PGM_RESOURCES_VS));
   d->ps_gprs = SQ_PGM_RESOURCES_PS__NUM_GPRS__get(sim_reg(ex, REG_SQ_PGM_RESOURCES_PS));
   if (d->vs_gprs < 1)
      d->vs_gprs = 1;
   if (d->vs_gprs > SIM_MAX_GPRS)
      d->vs_gprs = SIM_MAX_GPRS;
   if (d->ps_gprs > SIM_MAX_GPRS)
      d->ps_gprs = SIM_MAX_GPRS;
   return true;
}

/* Where the draw's indices come from. */
struct index_source {
   unsigned select;             /* VGT_DRAW_INITIATOR.SOURCE_SELECT */
   const uint8_t *data;
   unsigned size;               /* bytes per index */
};

static bool index_source_init(struct index_source *src, struct sim_exec *ex, uint32_t count,
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
   src->data = bytes ? sim_mem_range(ex->gpu->mem, va, bytes) : NULL;
   if (bytes && !src->data) {
      sim_fault(ex, va, "index buffer (%u indices, %llu bytes) outside any buffer", count,
                (unsigned long long)bytes);
      return false;
   }
   return true;
}

static uint32_t raw_index(const struct index_source *src, uint32_t i)
{
   if (src->select == VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX)
      return i;
   const uint8_t *p = src->data + (size_t)i * src->size;
   return src->size == 2 ? (uint32_t)(p[0] | p[1] << 8)
                         : (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                              (uint32_t)p[3] << 24;
}

void sim_draw(struct sim_exec *ex, const uint32_t *immd, unsigned immd_ndw)
{
   struct draw d = { .ex = ex, .s = ex->gpu->scratch };
   uint32_t count = sim_reg(ex, REG_VGT_NUM_INDICES);
   uint32_t instances = sim_reg(ex, REG_VGT_NUM_INSTANCES);
   if (instances == 0)
      instances = 1;   /* "minimum value is 1" */
   d.prim_type = VGT_PRIMITIVE_TYPE__PRIM_TYPE__get(sim_reg(ex, REG_VGT_PRIMITIVE_TYPE));
   uint32_t sc_mode = sim_reg(ex, REG_PA_SU_SC_MODE_CNTL);
   d.provoking_last = PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST__get(sc_mode);

   if (sim_debug_flags() & SIM_DEBUG_DRAWS)
      fprintf(stderr, "r600sim: draw %llu:%u prim %u count %u instances %u source %u "
              "VS 0x%llx FS 0x%llx PS 0x%llx\n", (unsigned long long)ex->seq, ex->dword,
              d.prim_type, count, instances,
              VGT_DRAW_INITIATOR__SOURCE_SELECT__get(sim_reg(ex, REG_VGT_DRAW_INITIATOR)),
              (unsigned long long)sim_reg(ex, REG_SQ_PGM_START_VS) << 8,
              (unsigned long long)sim_reg(ex, REG_SQ_PGM_START_FS) << 8,
              (unsigned long long)sim_reg(ex, REG_SQ_PGM_START_PS) << 8);

   struct index_source src = { 0 };
   if (!index_source_init(&src, ex, count, immd, immd_ndw))
      return;
   if (count == 0 || !prim_supported(ex, d.prim_type))
      return;
   report_unimplemented_state(ex);
   if (!load_programs(&d))
      return;
   if (!sim_cb_state_init(&d.cb, ex))
      return;
   if (!sim_db_state_init(&d.db, ex, d.cb.alpha_test))
      return;
   d.nparams = SPI_VS_OUT_CONFIG__VS_EXPORT_COUNT__get(sim_reg(ex, REG_SPI_VS_OUT_CONFIG)) + 1;
   sim_pa_state_init(&d.pa, ex, d.nparams);
   sim_spi_state_init(&d.spi, ex, d.nparams);
   d.scissor = sim_sc_scissor(ex);
   sim_sc_msaa_init(&d.ms, ex);

   bool restart = VGT_MULTI_PRIM_IB_RESET_EN__RESET_EN__get(
                     sim_reg(ex, REG_VGT_MULTI_PRIM_IB_RESET_EN)) &&
                  src.select != VGT_DRAW_INITIATOR__SOURCE_SELECT__DI_SRC_SEL_AUTO_INDEX;
   uint32_t restart_index = sim_reg(ex, REG_VGT_MULTI_PRIM_IB_RESET_INDX);
   uint32_t offset = sim_reg(ex, REG_VGT_INDX_OFFSET);
   uint32_t min_index = sim_reg(ex, REG_VGT_MIN_VTX_INDX);
   uint32_t max_index = sim_reg(ex, REG_VGT_MAX_VTX_INDX);

   memset(d.s->hash, 0xFF, sizeof(d.s->hash));
   for (d.instance = 0; d.instance < instances && !d.stop; d.instance++) {
      struct assembler a = { 0 };
      for (uint32_t i = 0; i < count && !d.stop; i++) {
         uint32_t raw = raw_index(&src, i);
         if (restart && raw == restart_index) {
            if (!finish(&d, &a))
               break;
            a = (struct assembler){ 0 };
            continue;
         }
         uint32_t id = raw + offset;
         id = id < min_index ? min_index : id > max_index ? max_index : id;
         if (!assemble(&d, &a, id))
            break;
      }
      if (!d.stop && finish(&d, &a))
         flush_batch(&d);   /* vertex ids are only unique within an instance */
   }
}
