/* One draw (see draw.h).
 *
 * The VGT (vgt.c) gives the primitives as vertex ids.
 * Triangles are gathered in batches; the batch's distinct vertices (by id) are shaded 16 at
 * a time, then every triangle goes through the PA in order. With raster workers
 * (R600SIM_NUM_THREADS > 1, workers.h) each set-up primitive is binned into screen tiles
 * (bin.h) with its draw, and the bins collect the primitives of consecutive draws, each
 * tile taking its primitives in submission order. There are two sets of bins: when the
 * workers are idle and the set the GPU thread fills holds enough work to pay for waking
 * one (KICK_WORK, checked per primitive binned), the GPU thread hands them that set and
 * goes on binning into the other one; a set is rasterized whole before the next set is
 * handed over, so every tile still sees its primitives in order. The pixels of a draw are pending until its set is rasterized, at
 * the latest at a synchronisation point, where the GPU thread joins the workers' set and
 * then rasterizes its own, with them if it holds SHARE_WORK, else alone. A pending draw keeps
 * what its pixels need (struct draw: the latched DB/CB/SPI/SC state, the PS, its fused
 * code, a snapshot of the registers the PS reads at run time, its packet for fault
 * records) until then. The synchronisation points (sim_draw_sync, draw.h) are: a draw
 * whose memory footprint (draw_deps.h) reads what pending draws write or writes what they
 * read, the CP's packets other than register writes and draws (cp.c), the end of the
 * command buffer, full bins, SIM_MAX_PENDING pending draws, and a fault recorded on the
 * GPU thread (first the pixels of every primitive binned before it, as one thread would
 * have drawn them, so that faults keep their order).
 * Draws of primitives too small to pay for binning (DIRECT_WORK) are not binned: the
 * pending draws are rasterized first, then the draw's primitives as they are set up.
 * With one thread every primitive is rasterized as soon as it is set up. Either way the
 * SC walks 4x4 blocks and per block
 * the DB tests depth/stencil before the PS (early Z) or after the PS's kills and the SX
 * alpha test (late Z), as DB_SHADER_CONTROL allows (db.h); then the CB writes. With MSAA
 * (msaa.c) the SC gives each pixel a sample mask; the PS runs once per covered pixel, and
 * the DB and CB work on the surviving samples. Every pixel sees the same primitives in the
 * same order whatever the thread count, so images are identical. A pixel-shader fault is
 * recorded once and drops the rest of the draw's pixels.
 *
 * Per block the PS gets zeroed GPRs up to its SQ_PGM_RESOURCES_PS.NUM_GPRS (or the SPI's
 * last input GPR) and zeroed colour/depth exports (the parts of struct sim_exports a pixel
 * shader writes); what a program reads beyond those is undefined, as on hardware.
 */
#include "geometry/draw.h"

#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/debug.h"
#include "common/exec.h"
#include "common/gpu_memory.h"
#include "common/unimpl.h"
#include "common/watchdog.h"
#include "hw_scratch.h"
#include "geometry/draw_deps.h"
#include "geometry/pa.h"
#include "geometry/pa_line.h"
#include "geometry/vgt.h"
#include "pixel/cb.h"
#include "pixel/db.h"
#include "pixel/spi.h"
#include "r600_regs.h"
#include "raster/bin.h"
#include "raster/msaa.h"
#include "raster/sc.h"
#include "raster/scissor.h"
#include "raster/workers.h"
#include "shader/shader_exec.h"
#include "sq/run_state.h"

#define BATCH_TRIS 64
#define BATCH_VERTS (3 * BATCH_TRIS + 1)   /* + a provoking vertex outside a triangle */
#define HASH_SIZE 512            /* > 2 * BATCH_VERTS, power of two */
#define WATCHDOG_BLOCKS 64       /* a rasterizing thread asks the watchdog per this many blocks */
#define SIM_MAX_PENDING 32       /* draws whose pixels may be pending at once */
/* Binned work (sim_bins_work, pixels) worth handing to the workers while the GPU thread
 * goes on: a wake-up costs the GPU thread a system call and the worker tens of
 * microseconds, while a small triangle's pixels take well under one; below this the bins
 * wait for more primitives. At a synchronisation point, where the GPU thread rasterizes
 * anyway, a set of SHARE_WORK is worth the wake-up (its pixels may run a long shader). */
#define KICK_WORK 32768
#define SHARE_WORK 4096
/* With a worker polling for its next job (sim_workers_awake) a hand-over costs no wake-up:
 * smaller sets then keep it busy while the GPU thread bins. */
#define KICK_WORK_AWAKE 2048
/* Binning costs the GPU thread a copy of each primitive and its vertices, and the workers
 * read them from its cache: for primitives of less pixel work than this (bounding-box
 * pixels weighted by the pixel cost, averaged over the recent primitives) that costs more
 * than rasterizing them, and draws are rasterized on the GPU thread as they are set up,
 * as with one raster thread. A pixel costs PX_FIXED + the PS's ALU groups + PX_TEX per
 * TEX instruction (in ALU groups; the fixed part is the SC, interpolation, depth, CB). */
#define DIRECT_WORK 80
#define PX_FIXED 24
#define PX_TEX 10
#define RECENT_PRIMS 65536       /* the average's memory: halved when it counts more */
#define NO_DRAW UINT_MAX
#define BIN_GRID_PIXELS 8192     /* the bins' grid when the scissor fits (the 14-bit scissor
                                    coordinates address at most 8192 pixels) */
#define REG_PAGE_DWORDS 256      /* register snapshots copy the pages written since */
#define REG_PAGES (SIM_REG_SPACE_DWORDS / REG_PAGE_DWORDS)

/* A batched primitive: a triangle, a RECTLIST rectangle or (all slots equal) a point. */
struct batch_tri {
   uint16_t slot[3];
   uint16_t provoking;
   uint8_t edges;               /* sim_vgt_prim.edges */
};

/* What one rasterizing thread works with. */
struct ps_scratch {
   struct sim_lanes lanes;
   struct sim_exports exports;
   struct sim_shader_env env;     /* the draw's PS environment; faults land here */
   struct sim_run run;            /* the PS's run state on the fused path */
   /* env, fp, run and ps are prepared for the draw of this serial (struct draw), 0: none
    * (prepare_thread) */
   uint64_t prepared;
   struct sim_fp_modes fp;        /* the thread's (shader_exec.h) */
   sim_native_fn ps;              /* with fused code: the PS's native code prepared in run,
                                     NULL while it has none */
   unsigned blocks;               /* shaded so far, for the watchdog's pace */
   uint64_t zpass[HW_NUM_DBS];    /* ZPASS samples counted by this thread in this draw */
};

struct draw;
struct sim_draw_scratch;

/* The raster threads' work on one set of bins: every tile's primitives not yet done. */
struct raster_job {
   struct sim_draw_scratch *s;
   struct sim_bins *bins;
};

struct sim_draw_scratch {
   struct sim_lanes lanes;        /* the VS's (on the GPU thread) */
   struct sim_exports exports;
   struct sim_vtx verts[BATCH_VERTS];
   struct sim_pa_vtx_setup vsetup[BATCH_VERTS];   /* with fast_pa */
   uint8_t zero_vecs;             /* bit 0: the misc vector of every verts[] slot is zero,
                                     bits 1, 2: clip/cull distances 0-3, 4-7 (zero_vecs) */
   uint32_t keys[BATCH_VERTS];
   int16_t hash[HASH_SIZE];
   struct batch_tri tris[BATCH_TRIS];

   /* Draws: [0, npending) pending in submission order (with one raster thread only [0],
    * never pending); the objects are kept for reuse. */
   struct draw *draws[SIM_MAX_PENDING];
   unsigned npending;
   unsigned current;              /* index of the draw executing, or NO_DRAW */
   bool flushing;                 /* the GPU thread is rasterizing the current bins */
   struct sim_bins *bins;         /* the bins being filled: one of `sets`, or NULL with one
                                     raster thread */
   struct sim_bins *sets[2];      /* the other one may be rasterizing on the workers */
   struct raster_job flight;      /* the workers' job on the other set */
   struct sim_rect grid;          /* the bins' clip */
   uint64_t recent_work, recent_prims;   /* weighted pixels of recent primitives */
   struct sim_deps deps;          /* what the pending draws read and write */
   bool deps_full;                /* ... did not fit: the next draw waits for them */
   struct sim_deps next;          /* the footprint of the draw starting */
   uint64_t page_epoch[REG_PAGES];   /* epoch of the last CP write to each register page */
   uint64_t epoch;
   uint64_t serial;               /* the last struct draw serial given */

   struct ps_scratch ps[];        /* one per raster thread (workers.h thread index) */
};

struct draw {
   struct sim_exec *ex;             /* &exc */
   struct sim_exec exc;             /* the draw's packet, for its fault records */
   struct sim_draw_scratch *s;
   uint64_t serial;                 /* new for each draw, and when ps_env changes */
   const struct sim_vgt *vgt;
   enum sim_vgt_kind kind;
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
   struct sim_sc_pattern pattern;   /* ms prepared for the SC's walk */
   struct sim_pixel_fused *fused;   /* the state's fused pixel code (shader_exec.h), or NULL */

   unsigned nverts, ntris;
   bool fresh_ids;                  /* sim_vgt_ids_fresh: slots without a look-up */
   bool fast_pa;                    /* triangles through sim_pa_triangle_fast */
   bool fast_pa_load;               /* vectors not exported stay zero in s->verts (zero_vecs) */
   struct sim_fp_modes fp;          /* the GPU thread's, read once per draw for the VS */
   bool exports_zeroed;             /* s->exports zeroed in this draw (reset_vs_exports) */
   const uint8_t *vs_zero;          /* the VS GPR channels zeroed per batch (bit c of entry g:
                                       channel c of GPR g), or NULL: every GPR below its
                                       NUM_GPRS */
   bool bin;                        /* binning this draw (s->bins), else rasterize at once */
   bool direct;                     /* not binned, though it could be (small primitives) */
   unsigned px_cost;                /* a pixel's cost (DIRECT_WORK) */
   bool log_prims;                  /* R600SIM_DEBUG=prims (read once per draw) */
   unsigned index;                  /* in s->draws */
   unsigned binned;                 /* primitives binned */
   uint32_t *regs;                  /* register snapshot the PS reads when binned (kept) */
   uint64_t regs_epoch;             /* s->epoch when regs was last brought up to date */
   bool snapped;                    /* regs holds this draw's registers */
   atomic_bool stop;                /* a pixel-shader fault or the watchdog dropped the rest
                                       of the draw */
};

struct sim_draw_scratch *sim_draw_scratch_create(unsigned nthreads)
{
   if (nthreads < 1)
      nthreads = 1;
   /* the lanes and exports inside are SIM_VEC_ALIGN-aligned (shader_exec.h); the size is a
    * multiple of that alignment, as aligned_alloc asks */
   size_t size = sizeof(struct sim_draw_scratch) + nthreads * sizeof(struct ps_scratch);
   struct sim_draw_scratch *s = aligned_alloc(SIM_VEC_ALIGN, size);
   if (!s)
      return NULL;
   memset(s, 0, size);
   s->current = NO_DRAW;
   s->epoch = 1;
   s->zero_vecs = 7;   /* zeroed above */
   if (nthreads > 1) {
      s->sets[0] = sim_bins_create();
      s->sets[1] = sim_bins_create();
      if (!s->sets[0] || !s->sets[1]) {
         sim_bins_destroy(s->sets[0]);
         sim_bins_destroy(s->sets[1]);
         free(s);
         return NULL;
      }
      s->bins = s->sets[0];
   }
   return s;
}

void sim_draw_scratch_destroy(struct sim_draw_scratch *s)
{
   if (!s)
      return;
   sim_bins_destroy(s->sets[0]);
   sim_bins_destroy(s->sets[1]);
   for (unsigned i = 0; i < SIM_MAX_PENDING; i++) {
      if (s->draws[i])
         free(s->draws[i]->regs);
      free(s->draws[i]);
   }
   free(s);
}

void sim_draw_regs_written(struct sim_exec *ex, uint32_t first, uint32_t count)
{
   struct sim_draw_scratch *s = ex->scratch;
   if (!s || !count)
      return;
   for (uint32_t p = first / REG_PAGE_DWORDS; p <= (first + count - 1) / REG_PAGE_DWORDS; p++)
      s->page_epoch[p] = s->epoch;
}

/* ---- pixels ------------------------------------------------------------------------ */

/* One thread rasterizing one primitive. */
struct pixel_job {
   struct draw *d;
   struct ps_scratch *t;          /* prepared for d (prepare_thread) */
   const struct sim_prim *prim;
   struct sim_pixel_block b;      /* with t->ps: the fused block's fields of the primitive */
};

/* Zeroes what a pixel shader exports (colour, depth/stencil/mask) and the export masks. */
static void reset_ps_exports(struct sim_exports *out)
{
   memset(out->pixel, 0, sizeof(out->pixel));
   memset(out->pixel61, 0, sizeof(out->pixel61));
   out->pos_mask = 0;
   out->param_mask = 0;
   out->pixel_mask = 0;
   out->pixel61_written = false;
   out->killed = 0;
}

/* The GPRs a pixel shader gets zeroed before the SPI loads its inputs. */
static unsigned ps_gprs_zeroed(const struct draw *d)
{
   return d->ps_gprs > d->spi.max_gpr ? d->ps_gprs : d->spi.max_gpr;
}

/* A pixel-shader fault: recorded once, the rest of the draw dropped. Recorded without the
 * GPU thread's hook (sim_draw_sync_before_fault), which orders faults of later work after
 * the pixels binned before it and must not run inside a raster job. */
static bool ps_fault(struct pixel_job *job)
{
   if (!atomic_exchange(&job->d->stop, true)) {
      struct sim_exec ex = *job->d->ex;
      ex.before_fault = NULL;
      sim_fault(&ex, 0, "pixel shader: %s", job->t->env.fault);
   }
   return false;
}

/* The lanes that run the PS for the covered `mask`: helper pixels run for derivatives. */
static uint16_t ps_active(uint16_t mask)
{
   uint16_t active = 0;
   for (unsigned q = 0; q < 4; q++) {
      if ((mask >> (4 * q)) & 0xF)
         active |= (uint16_t)(0xF << (4 * q));
   }
   return active;
}

static void report_early_kills(const struct draw *d, uint16_t mask, const struct sim_exports *out)
{
   if (d->db.active && d->db.early && (mask & out->killed))
      sim_unimpl("PS killed pixels with DB_SHADER_CONTROL.KILL_ENABLE = 0 under early Z "
                 "(their depth/stencil were already written)");
}

/* The watchdog's pace: true when it stopped the draw (asked once per WATCHDOG_BLOCKS). */
static inline bool watchdog_stops(struct pixel_job *job)
{
   if (++job->t->blocks % WATCHDOG_BLOCKS == 0 && sim_watchdog_expired(job->d->ex->watchdog)) {
      atomic_store(&job->d->stop, true);
      return true;
   }
   return false;
}

/* Z_EXPORT_ENABLE under late Z without a PIXEL 61 export is not simulated. */
static void report_z_export(const struct draw *d, const struct sim_exports *out)
{
   if (d->db.active && !d->db.early && d->db.z_export && d->db.z_enable && !out->pixel61_written)
      sim_unimpl("DB_SHADER_CONTROL.Z_EXPORT_ENABLE without a PS PIXEL 61 export "
                 "(interpolated depth used)");
}

/* ps_block through the draw's fused code (shader_exec.h) before and after the PS, which runs
 * on the interpreter (no native code yet; with native code ps_blocks_whole runs the whole
 * block in the fused code): the same steps. */
static bool ps_block_fused(struct pixel_job *job, int32_t bx, int32_t by, uint16_t mask,
                           const uint8_t coverage[16])
{
   struct draw *d = job->d;
   struct sim_exports *out = &job->t->exports;
   struct sim_pixel_block b = { job->prim, &d->db, &d->cb, &d->ms, &job->t->lanes, out, bx, by,
                                mask, { 0 }, &job->t->run, NULL, job->t->fp.units,
                                job->t->fp.programs, 0 };
   memcpy(b.smask, coverage, sizeof(b.smask));
   if (!sim_pixel_fused_pre(d->fused, &b))
      return true;   /* every pixel failed early Z: the PS does not run */
   mask = (uint16_t)b.mask;   /* the exports are reset as far as the units read them */
   if (!sim_program_run_modes(d->ps, NULL, &job->t->env, b.lanes, ps_active(mask), mask, out,
                              &job->t->fp))
      return ps_fault(job);
   report_early_kills(d, mask, out);
   b.mask = mask & (uint16_t)~out->killed;
   report_z_export(d, out);
   mask = (uint16_t)sim_pixel_fused_post(d->fused, &b);
   if (d->db.count_zpass)
      sim_db_count_zpass(job->t->zpass, bx, by, mask, b.smask);
   return true;
}

static bool ps_block(void *ctx, int32_t bx, int32_t by, uint16_t mask,
                     const uint8_t coverage[16])
{
   struct pixel_job *job = ctx;
   struct draw *d = job->d;
   if (watchdog_stops(job))
      return false;
   if (d->fused)
      return ps_block_fused(job, bx, by, mask, coverage);
   struct sim_lanes *lanes = &job->t->lanes;
   struct sim_exports *out = &job->t->exports;
   bool early_z = d->db.active && d->db.early;
   bool late_z = d->db.active && !d->db.early;
   uint8_t smask[16];
   memcpy(smask, coverage, sizeof(smask));

   if (early_z) {
      mask = sim_db_test(&d->db, job->prim, bx, by, mask, smask, &d->ms, NULL);
      if (!mask)
         return true;   /* every pixel failed: the PS does not run */
   }
   memset(lanes->gpr, 0, ps_gprs_zeroed(d) * sizeof(lanes->gpr[0]));
   sim_spi_load(&d->spi, job->prim, bx, by, smask, &d->ms, lanes);
   reset_ps_exports(out);
   /* valid = covered pixels (after early Z); the quad's other lanes are helpers */
   if (!sim_program_run_modes(d->ps, NULL, &job->t->env, lanes, ps_active(mask), mask, out,
                              &job->t->fp))
      return ps_fault(job);
   report_early_kills(d, mask, out);
   mask &= (uint16_t)~out->killed;
   mask = sim_sx_alpha_test(&d->cb, mask, out);
   if (late_z)
      mask = sim_db_test(&d->db, job->prim, bx, by, mask, smask, &d->ms, out);
   if (d->db.count_zpass)
      sim_db_count_zpass(job->t->zpass, bx, by, mask, smask);
   if (!d->db.color_kill)
      sim_cb_write(&d->cb, bx, by, mask, smask, out);
   return true;
}

/* The SC's blocks of a primitive whose fused code runs the whole block (t->ps): ps_block's
 * steps with the block fields of job->b set once per primitive (the fused code writes only
 * mask, smask and valid, which are set again per block). */
static bool ps_blocks_whole(void *ctx, const struct sim_sc_block *blk, unsigned n)
{
   struct pixel_job *job = ctx;
   struct draw *d = job->d;
   struct sim_exports *out = &job->t->exports;
   struct sim_pixel_block *b = &job->b;
   for (unsigned i = 0; i < n; i++) {
      if (watchdog_stops(job))
         return false;
      b->bx = blk[i].bx;
      b->by = blk[i].by;
      b->mask = blk[i].mask;
      memcpy(b->smask, blk[i].smask, sizeof(b->smask));
      uint32_t r = sim_pixel_fused_block(d->fused, b);
      if (r & SIM_PIXEL_PS_FAULT)
         return ps_fault(job);
      if (!(r & SIM_PIXEL_PS_RAN))
         continue;   /* every pixel failed early Z: the PS did not run */
      report_early_kills(d, (uint16_t)b->valid, out);
      report_z_export(d, out);
      if (d->db.count_zpass)
         sim_db_count_zpass(job->t->zpass, b->bx, b->by, (uint16_t)r, b->smask);
   }
   return true;
}

/* The SC's blocks of a primitive one by one (ps_block). */
static bool ps_blocks(void *ctx, const struct sim_sc_block *blk, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (!ps_block(ctx, blk[i].bx, blk[i].by, blk[i].mask, blk[i].smask))
         return false;
   }
   return true;
}

/* Prepares raster thread `thread` (t) for the primitives of draw d: the draw's PS
 * environment, the thread's floating-point modes and, with fused code, the PS's run
 * (sim_program_run_prepare: program, stack size, constant windows, texture memo). Made at
 * d's first primitive on t and kept for the next ones: the draw keeps its registers. The
 * constant windows are the thread's (kcache.h); between primitives of d the thread runs
 * only d's VS (with d's registers: it resolves any window they share alike) or, in a raster
 * job, other draws' pixel shaders, and raster_tile prepares afresh for each tile (the GPU
 * thread may have run later draws' VS since the tile's draws were prepared). */
static void prepare_thread(const struct draw *d, struct ps_scratch *t, unsigned thread)
{
   if (t->prepared != d->serial) {
      t->env = d->ps_env;
      t->env.wave = thread;   /* its lanes' scratch items: every raster thread has its own */
      sim_fp_modes_get(&t->fp);
      t->ps = NULL;
      t->prepared = d->serial;
   }
   if (d->fused && !t->ps)   /* again while the PS has no native code: it may come */
      t->ps = sim_program_run_prepare(&t->run, d->ps, &t->env, &t->lanes, &t->exports);
}

/* Rasterizes one primitive inside `clip` on raster thread `thread` (t). The watchdog is
 * asked per primitive too: the SC walks a large bounding box of uncovered blocks without
 * ps_block. */
static void raster_in(struct draw *d, struct ps_scratch *t, unsigned thread,
                      const struct sim_prim *prim, const struct sim_rect *clip)
{
   if (sim_watchdog_expired(d->ex->watchdog)) {
      atomic_store(&d->stop, true);
      return;
   }
   prepare_thread(d, t, thread);
   struct pixel_job job = { d, t, prim, { 0 } };
   if (t->ps) {
      t->run.pixel_prim = NULL;   /* a new primitive: the fused block's constants are stale */
      job.b = (struct sim_pixel_block){ prim, &d->db, &d->cb, &d->ms, &t->lanes, &t->exports,
                                        0, 0, 0, { 0 }, &t->run, t->ps, t->fp.units,
                                        t->fp.programs, 0 };
      sim_sc_raster_blocks(&prim->sc, clip, &d->pattern, ps_blocks_whole, &job);
   } else {
      sim_sc_raster_blocks(&prim->sc, clip, &d->pattern, ps_blocks, &job);
   }
}

_Static_assert(SIM_MAX_THREADS * SIM_LANES <= HW_SCRATCH_SLOTS,
               "a scratch ring holds an item for every lane of every raster thread");

static struct sim_rect intersect(const struct sim_rect *a, const struct sim_rect *b)
{
   return (struct sim_rect){ a->x0 > b->x0 ? a->x0 : b->x0, a->y0 > b->y0 ? a->y0 : b->y0,
                             a->x1 < b->x1 ? a->x1 : b->x1, a->y1 < b->y1 ? a->y1 : b->y1 };
}

/* Raster threads: tile `item` of the job's bins, its primitives in order. */
static void raster_tile(void *ctx, unsigned thread, unsigned item)
{
   const struct raster_job *job = ctx;
   struct ps_scratch *t = &job->s->ps[thread];
   struct sim_rect rect, clip = { 0, 0, 0, 0 };
   const struct sim_bin_prim *const *prims;
   unsigned n;
   sim_bins_tile(job->bins, item, &rect, &prims, &n);
   t->prepared = 0;   /* the thread may have run other programs since (prepare_thread) */
   const struct draw *last = NULL;
   for (unsigned i = 0; i < n; i++) {
      struct draw *d = (struct draw *)prims[i]->owner;
      if (atomic_load_explicit(&d->stop, memory_order_relaxed))
         continue;
      if (d != last) {
         clip = intersect(&rect, &d->scissor);
         last = d;
      }
      if (clip.x0 < clip.x1 && clip.y0 < clip.y1)
         raster_in(d, t, thread, &prims[i]->prim, &clip);
   }
   sim_bins_tile_done(job->bins, item, n);
}

/* Raster threads' homes: tile `item`'s position (bin.h sim_bins_tile_key). */
static unsigned raster_home(void *ctx, unsigned item)
{
   const struct raster_job *job = ctx;
   return sim_bins_tile_key(job->bins, item);
}

/* Whether the bins being filled are worth handing to the idle workers now. */
static bool kick_pays(struct sim_draw_scratch *s, struct sim_workers *w)
{
   uint64_t work = sim_bins_work(s->bins);
   return work >= KICK_WORK_AWAKE && sim_workers_idle(w) &&
          (work >= KICK_WORK || sim_workers_awake(w));
}

/* Hands the current bins to the workers, which rasterize them while the GPU thread goes on
 * (after the set they had, joined if they are still at it), and fills the other set. */
static void kick(struct sim_draw_scratch *s, struct sim_exec *ex)
{
   sim_workers_finish(ex->workers);
   s->flight = (struct raster_job){ s, s->bins };
   sim_workers_start(ex->workers, sim_bins_tiles(s->bins), raster_tile, raster_home,
                     &s->flight);
   s->bins = s->bins == s->sets[0] ? s->sets[1] : s->sets[0];
   sim_bins_begin(s->bins, &s->grid);
}

/* Rasterizes everything binned: the workers' set (joined), then the current one. */
static void raster_pending(struct sim_draw_scratch *s, struct sim_exec *ex)
{
   if (!s->bins || s->flushing)
      return;
   s->flushing = true;
   sim_workers_finish(ex->workers);
   if (sim_bins_prims(s->bins) && !sim_watchdog_expired(ex->watchdog)) {
      struct raster_job job = { s, s->bins };
      if (sim_bins_work(s->bins) >= SHARE_WORK || sim_workers_awake(ex->workers))
         sim_workers_run(ex->workers, sim_bins_tiles(s->bins), raster_tile, raster_home, &job);
      else
         sim_workers_run_here(ex->workers, sim_bins_tiles(s->bins), raster_tile, &job);
   }
   s->flushing = false;
}

/* The raster threads' ZPASS counts go to the device's DB counters (db.h). */
static void add_zpass_counts(struct sim_draw_scratch *s, struct sim_exec *ex)
{
   for (unsigned t = 0; t < sim_workers_count(ex->workers); t++) {
      for (unsigned i = 0; i < HW_NUM_DBS; i++) {
         ex->zpass[i] += s->ps[t].zpass[i];
         s->ps[t].zpass[i] = 0;
      }
   }
}

static void release(struct draw *d)
{
   sim_pixel_fused_put(d->fused);
   d->fused = NULL;
}

/* Rasterizes every pending draw and releases them, except the draw executing, which
 * becomes the first (only) pending draw; empties the bins. */
static void sync_all(struct sim_draw_scratch *s, struct sim_exec *ex)
{
   raster_pending(s, ex);
   add_zpass_counts(s, ex);
   for (unsigned i = 0; i < s->npending; i++) {
      if (i != s->current)
         release(s->draws[i]);
   }
   sim_deps_clear(&s->deps);
   s->deps_full = false;
   s->npending = 0;
   if (s->current != NO_DRAW) {
      struct draw *cur = s->draws[s->current];
      s->draws[s->current] = s->draws[0];
      s->draws[0] = cur;
      if (s->draws[s->current])
         s->draws[s->current]->index = s->current;
      cur->index = s->current = 0;
      s->npending = 1;
      s->deps_full = !sim_deps_merge(&s->deps, &s->next);   /* s->next is its footprint */
   }
   if (s->bins)
      sim_bins_begin(s->bins, &s->grid);
}

void sim_draw_sync(struct sim_exec *ex)
{
   struct sim_draw_scratch *s = ex->scratch;
   if (!s || !s->npending)
      return;
   uint32_t oldest = s->draws[0]->exc.dword;
   sync_all(s, ex);
   /* A hang stops the submission at the oldest draw whose pixels it dropped. */
   if (sim_watchdog_fired(ex->watchdog))
      ex->dword = oldest;
}

void sim_draw_sync_before_fault(struct sim_exec *ex)
{
   struct sim_draw_scratch *s = ex->scratch;
   if (s)
      raster_pending(s, ex);
}

/* The registers as this draw left them, for its PS: the pages written since the snapshot
 * buffer was last brought up to date. False when out of host memory. */
static bool snapshot_regs(struct draw *d)
{
   struct sim_draw_scratch *s = d->s;
   if (!d->regs) {
      d->regs = calloc(SIM_REG_SPACE_DWORDS, sizeof(uint32_t));
      if (!d->regs)
         return false;
      d->regs_epoch = 0;   /* the register file starts zeroed: copy what was written */
   }
   const uint32_t *live = d->ex->regs;
   for (unsigned p = 0; p < REG_PAGES; p++) {
      if (s->page_epoch[p] > d->regs_epoch)
         memcpy(&d->regs[p * REG_PAGE_DWORDS], &live[p * REG_PAGE_DWORDS],
                REG_PAGE_DWORDS * sizeof(uint32_t));
   }
   d->regs_epoch = s->epoch++;
   d->ps_env.regs = d->regs;
   d->serial = ++s->serial;
   d->snapped = true;
   return true;
}

/* Rasterizes and empties the bins. */
static void raster_bins(struct draw *d)
{
   sync_all(d->s, d->ex);
}

/* Counts a primitive's pixels (0: outside the clip, not counted) for small_prims. */
static void note_work(struct sim_draw_scratch *s, uint64_t pixels, unsigned px_cost)
{
   if (!pixels)
      return;
   s->recent_work += pixels * px_cost / PX_FIXED;
   if (++s->recent_prims > RECENT_PRIMS) {
      s->recent_work /= 2;
      s->recent_prims /= 2;
   }
}

/* Whether the recent primitives were too small to pay for binning (DIRECT_WORK). */
static bool small_prims(const struct sim_draw_scratch *s)
{
   return s->recent_prims && s->recent_work < DIRECT_WORK * s->recent_prims;
}

static bool raster_prim(void *ctx, const struct sim_prim *prim)
{
   struct draw *d = ctx;
   if (d->log_prims)
      fprintf(stderr, "r600sim: prim (%.4f,%.4f) (%.4f,%.4f) (%.4f,%.4f) %s\n",
              (double)prim->x[0] / SIM_SUBPIX, (double)prim->y[0] / SIM_SUBPIX,
              (double)prim->x[1] / SIM_SUBPIX, (double)prim->y[1] / SIM_SUBPIX,
              (double)prim->x[2] / SIM_SUBPIX, (double)prim->y[2] / SIM_SUBPIX,
              prim->front ? "front" : "back");
   struct sim_draw_scratch *s = d->s;
   if (s->bins)
      note_work(s, sim_bin_prim_pixels(prim, &d->scissor), d->px_cost);
   if (d->bin && !d->snapped && !snapshot_regs(d)) {
      raster_bins(d);
      d->bin = false;   /* no snapshot: this draw's pixels cannot wait */
   }
   if (d->bin) {
      if (sim_bins_add(s->bins, prim, d, &d->scissor, d->nparams)) {
         d->binned++;
         if (kick_pays(s, d->ex->workers))
            kick(s, d->ex);
         return !atomic_load(&d->stop);
      }
      bool had_prims = sim_bins_prims(s->bins) != 0;
      raster_bins(d);
      if (had_prims && sim_bins_add(s->bins, prim, d, &d->scissor, d->nparams)) {
         d->binned++;
         return !atomic_load(&d->stop);
      }
      /* No room even in empty bins (out of host memory): draw it here. */
   }
   raster_in(d, &d->s->ps[0], 0, prim, &d->scissor);
   return !atomic_load(&d->stop);
}

/* ---- vertices ---------------------------------------------------------------------- */

/* Zeroes what shade_vertices reads of a VS's exports: POS 60 and 61, the parameters; with
 * `masks_only` the masks alone (what a straight-code VS does not export stays zero from the
 * draw's first batch on, what it exports it writes in every launched lane each run). */
static void reset_vs_exports(struct sim_exports *out, unsigned nparams, bool masks_only)
{
   if (!masks_only) {
      memset(out->pos, 0, 2 * sizeof(out->pos[0]));
      memset(out->param, 0, nparams * sizeof(out->param[0]));
   }
   out->pos_mask = 0;
   out->param_mask = 0;
   out->pixel_mask = 0;
   out->pixel61_written = false;
   out->killed = 0;
}

/* A vertex-shader fault in mid-draw. The pixels binned before it come first (the hook);
 * when one of them dropped the draw (a pixel-shader fault), one raster thread would have
 * stopped the draw there, before shading these vertices: no fault of its own then. */
__attribute__((format(printf, 2, 3)))
static void vs_fault(struct draw *d, const char *fmt, ...)
{
   sim_draw_sync_before_fault(d->ex);
   if (atomic_load(&d->stop))
      return;
   char msg[256];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   sim_fault(d->ex, 0, "%s", msg);
}

/* The VS's GPRs below its NUM_GPRS are zeroed before each run: the channels it can read
 * before writing them are enough (sim_program_vs_first_reads). */
static void zero_vs_gprs(const struct draw *d, struct sim_lanes *lanes)
{
   if (!d->vs_zero) {
      memset(lanes->gpr, 0, d->vs_gprs * sizeof(lanes->gpr[0]));
      return;
   }
   for (unsigned g = 0; g < d->vs_gprs; g++) {
      unsigned m = d->vs_zero[g];
      if (m == 0xF) {
         memset(lanes->gpr[g], 0, sizeof(lanes->gpr[g]));
         continue;
      }
      for (unsigned c = 0; m; c++, m >>= 1) {
         if (m & 1)
            memset(lanes->gpr[g][c], 0, sizeof(lanes->gpr[g][c]));
      }
   }
}

/* The misc and clip/cull distance vectors a VS does not export read as zeros. s->verts
 * keeps them zero, so that the vertex loads need not store them: they are zeroed there
 * when a draw that exported them is followed by one that does not. */
static void zero_vecs(struct draw *d)
{
   struct sim_draw_scratch *s = d->s;
   unsigned exported = (d->pa.misc_vec ? 1u : 0u) | (d->pa.ccdist_vec[0] ? 2u : 0u) |
                       (d->pa.ccdist_vec[1] ? 4u : 0u);
   unsigned stale = 7u & ~exported & ~s->zero_vecs;
   for (unsigned i = 0; stale && i < BATCH_VERTS; i++) {
      if (stale & 1)
         memset(s->verts[i].misc, 0, sizeof(s->verts[i].misc));
      if (stale & 2)
         memset(&s->verts[i].ccdist[0], 0, 4 * sizeof(float));
      if (stale & 4)
         memset(&s->verts[i].ccdist[4], 0, 4 * sizeof(float));
   }
   s->zero_vecs = (uint8_t)((s->zero_vecs | stale) & ~exported);
}

static bool shade_vertices(struct draw *d)
{
   struct sim_draw_scratch *s = d->s;
   for (unsigned base = 0; base < d->nverts; base += SIM_LANES) {
      unsigned n = d->nverts - base < SIM_LANES ? d->nverts - base : SIM_LANES;
      zero_vs_gprs(d, &s->lanes);
      sim_vgt_vs_input(d->vgt, &s->keys[base], n, d->instance, s->lanes.gpr[0]);
      /* vs_zero: straight code (sim_program_vs_first_reads), the same exports every run */
      reset_vs_exports(&s->exports, d->nparams, d->vs_zero && d->exports_zeroed);
      d->exports_zeroed = true;
      uint16_t lanes = (uint16_t)((1u << n) - 1);
      if (!sim_program_run_modes(d->vs, d->fs, &d->vs_env, &s->lanes, lanes, lanes,
                                 &s->exports, &d->fp)) {
         vs_fault(d, "vertex shader: %s", d->vs_env.fault);
         return false;
      }
      if (!(s->exports.pos_mask & 1)) {
         vs_fault(d, "vertex shader did not export a position (POS 60)");
         return false;
      }
      sim_pa_load_lanes(&d->pa, &s->exports, n, !d->fast_pa_load, &s->verts[base]);
      if (d->fast_pa)
         sim_pa_setup_lanes(&d->pa, &s->exports, n, &s->verts[base], &s->vsetup[base]);
   }
   return true;
}

/* Shades the batch's vertices and draws its triangles; empties the batch. */
static bool flush_batch(struct draw *d)
{
   struct sim_draw_scratch *s = d->s;
   bool ok = d->ntris == 0 || shade_vertices(d);
   if (ok && d->fast_pa) {   /* the common case, in a loop of its own */
      const struct sim_pa_state *pa = &d->pa;
      const unsigned ntris = d->ntris;
      for (unsigned t = 0; ok && t < ntris; t++) {
         const struct batch_tri *bt = &s->tris[t];
         const struct sim_vtx *v[3] = { &s->verts[bt->slot[0]], &s->verts[bt->slot[1]],
                                        &s->verts[bt->slot[2]] };
         const struct sim_pa_vtx_setup *su[3] = { &s->vsetup[bt->slot[0]],
                                                  &s->vsetup[bt->slot[1]],
                                                  &s->vsetup[bt->slot[2]] };
         ok = sim_pa_triangle_fast(pa, v, su, &s->verts[bt->provoking], bt->edges, raster_prim,
                                   d);
      }
   }
   for (unsigned t = 0; ok && !d->fast_pa && t < d->ntris; t++) {
      const struct batch_tri *bt = &s->tris[t];
      const struct sim_vtx *v[3] = { &s->verts[bt->slot[0]], &s->verts[bt->slot[1]],
                                     &s->verts[bt->slot[2]] };
      if (d->kind == SIM_VGT_POINTS)
         ok = sim_pa_point(&d->pa, v[0], raster_prim, d);
      else if (d->kind == SIM_VGT_LINES)
         ok = sim_pa_line(&d->pa, v, &s->verts[bt->provoking], raster_prim, d);
      else if (d->kind == SIM_VGT_RECTS)
         ok = sim_pa_rect(&d->pa, v, &s->verts[bt->provoking], raster_prim, d);
      else
         ok = sim_pa_triangle(&d->pa, v, &s->verts[bt->provoking], bt->edges, raster_prim, d);
   }
   d->nverts = d->ntris = 0;
   if (!d->fresh_ids)
      memset(s->hash, 0xFF, sizeof(s->hash));
   return ok;
}

/* A new slot for vertex `key`. */
static unsigned new_slot(struct draw *d, uint32_t key)
{
   d->s->keys[d->nverts] = key;
   return d->nverts++;
}

/* The slot of vertex `key`: the batch's, or a new one (by the hash). */
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
   return new_slot(d, key);
}

static bool add_triangle(struct draw *d, const struct sim_vgt_prim *p)
{
   if (d->ntris == BATCH_TRIS || d->nverts + 4 > BATCH_VERTS) {
      if (!flush_batch(d))
         return false;
   }
   struct batch_tri *t = &d->s->tris[d->ntris++];
   if (d->fresh_ids) {   /* three new slots (locals: the key stores may alias d's fields) */
      struct sim_draw_scratch *s = d->s;
      unsigned n = d->nverts;
      for (unsigned k = 0; k < 3; k++) {
         s->keys[n + k] = p->v[k];
         t->slot[k] = (uint16_t)(n + k);
      }
      d->nverts = n + 3;
   } else {
      for (unsigned k = 0; k < 3; k++)
         t->slot[k] = (uint16_t)vertex_slot(d, p->v[k]);
   }
   /* the provoking vertex is mostly one of the three */
   t->provoking = p->provoking == p->v[0]   ? t->slot[0]
                  : p->provoking == p->v[2] ? t->slot[2]
                  : p->provoking == p->v[1] ? t->slot[1]
                  : (uint16_t)(d->fresh_ids ? new_slot(d, p->provoking)
                                            : vertex_slot(d, p->provoking));
   t->edges = p->edges;
   return true;
}

/* The VGT's sink: batches the primitive (vertex ids of the current instance). */
static bool vgt_prim(void *ctx, const struct sim_vgt_prim *p)
{
   struct draw *d = ctx;
   d->instance = p->instance;
   return add_triangle(d, p);
}

/* Vertex ids are only unique within an instance: draw the batch before the next one. */
static bool vgt_instance_end(void *ctx, uint32_t instance)
{
   (void)instance;
   return flush_batch(ctx);
}

static bool load_programs(struct draw *d)
{
   struct sim_exec *ex = d->ex;
   d->vs_env = (struct sim_shader_env){ .chip = ex->chip, .stage = SIM_STAGE_FS,
                                        .mem = ex->mem, .regs = ex->regs,
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

/* The draw object for a draw of the current registers: with raster workers, after waiting
 * for the pending draws if it depends on them (or if there is no room for another), the
 * next pending one; else the only one. NULL when out of host memory. */
static struct draw *begin_draw(struct sim_exec *ex)
{
   struct sim_draw_scratch *s = ex->scratch;
   struct sim_rect scissor = sim_sc_scissor(ex);
   bool visible = scissor.x0 < scissor.x1 && scissor.y0 < scissor.y1;
   bool direct = s->bins && visible && small_prims(s);
   if (s->bins) {
      bool known = sim_deps_collect(&s->next, ex);
      if (s->npending && (direct || !known || s->deps_full || s->npending == SIM_MAX_PENDING ||
                          sim_deps_conflict(&s->deps, &s->next) ||
                          (visible && !sim_bins_inside(s->bins, &scissor))))
         sim_draw_sync(ex);
      if (!s->npending && visible) {
         /* one grid for all the surfaces a scissor can address, so that draws to surfaces
          * of other sizes need not wait */
         const struct sim_rect screen = { 0, 0, BIN_GRID_PIXELS, BIN_GRID_PIXELS };
         s->grid = scissor;
         if (scissor.x0 >= 0 && scissor.y0 >= 0 && scissor.x1 <= BIN_GRID_PIXELS &&
             scissor.y1 <= BIN_GRID_PIXELS)
            s->grid = screen;
         sim_bins_begin(s->bins, &s->grid);
      }
      s->deps_full |= !known || !sim_deps_merge(&s->deps, &s->next);
   }
   unsigned i = s->bins ? s->npending : 0;
   if (!s->draws[i] && !(s->draws[i] = calloc(1, sizeof(struct draw))))
      return NULL;
   struct draw *d = s->draws[i];
   uint32_t *regs = d->regs;
   uint64_t regs_epoch = d->regs_epoch;
   *d = (struct draw){ .ex = &d->exc, .exc = *ex, .s = s, .serial = ++s->serial, .index = i,
                       .regs = regs, .regs_epoch = regs_epoch };
   d->scissor = scissor;
   d->bin = s->bins && visible && !direct;
   d->direct = direct;
   atomic_init(&d->stop, false);
   if (s->bins) {
      s->npending++;
      s->current = i;
   }
   return d;
}

/* The draw is executed: its pixels wait in the bins, or it is done. */
static void end_draw(struct draw *d)
{
   struct sim_draw_scratch *s = d->s;
   if (!s->bins) {
      if (d->db.count_zpass)
         add_zpass_counts(s, d->ex);
      release(d);
      return;
   }
   s->current = NO_DRAW;
   if (!d->binned) {   /* the last pending draw: nothing to wait for */
      if (d->direct && d->db.count_zpass)
         add_zpass_counts(s, d->ex);   /* no raster job runs: the draws before it are done */
      release(d);
      s->npending--;
   } else if (kick_pays(s, d->ex->workers))
      kick(s, d->ex);   /* idle workers take what is binned */
}

static void run_draw(struct draw *d, const uint32_t *immd, unsigned immd_ndw)
{
   struct sim_exec *ex = d->ex;
   struct sim_vgt vgt;
   if (!sim_vgt_init(&vgt, ex, immd, immd_ndw))
      return;
   d->vgt = &vgt;
   d->kind = vgt.kind;
   sim_pa_report_unimplemented(ex);
   if (!load_programs(d))
      return;
   if (!sim_cb_state_init(&d->cb, ex))
      return;
   if (!sim_db_state_init(&d->db, ex, d->cb.alpha_test))
      return;
   d->nparams = SPI_VS_OUT_CONFIG__VS_EXPORT_COUNT__get(sim_reg(ex, REG_SPI_VS_OUT_CONFIG)) + 1;
   sim_pa_state_init(&d->pa, ex, d->nparams);
   sim_spi_state_init(&d->spi, ex, d->nparams);
   sim_sc_msaa_init(&d->ms, ex);
   sim_sc_pattern_init(&d->pattern, &d->ms);

   /* R600SIM_FUSED=0 keeps the reference units only */
   d->fast_pa = ex->fast_paths && d->kind == SIM_VGT_TRIANGLES;
   d->fast_pa_load = ex->fast_paths;
   zero_vecs(d);
   if (ex->fast_paths) {
      struct sim_pixel_state st = { &d->spi, &d->db, &d->cb, &d->ms, ps_gprs_zeroed(d),
                                    d->db.active && d->db.early, d->db.active && !d->db.early,
                                    d->db.color_kill };
      d->fused = sim_pixel_fused_get(d->ps, &st);
   }

   d->px_cost = PX_FIXED + d->ps->ngroups + PX_TEX * d->ps->ntex;
   d->log_prims = sim_debug_flags() & SIM_DEBUG_PRIMS;
   d->fresh_ids = sim_vgt_ids_fresh(&vgt);
   /* R600SIM_FUSED=0 zeroes every GPR */
   d->vs_zero = ex->fast_paths ? sim_program_vs_first_reads(d->vs, d->fs) : NULL;
   sim_fp_modes_get(&d->fp);
   if (!d->fresh_ids)
      memset(d->s->hash, 0xFF, sizeof(d->s->hash));
   const struct sim_vgt_sink sink = { vgt_prim, vgt_instance_end, d };
   sim_vgt_run(&vgt, &sink);
   d->vgt = NULL;
}

void sim_draw(struct sim_exec *ex, const uint32_t *immd, unsigned immd_ndw)
{
   struct draw *d = begin_draw(ex);
   if (!d) {
      sim_fault(ex, 0, "draw: out of host memory");
      return;
   }
   run_draw(d, immd, immd_ndw);
   end_draw(d);
}
