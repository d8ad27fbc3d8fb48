/* DB depth and stencil (see db.h for the surface layout).
 *
 * Per pixel, in this order (GL's per-fragment order; the SX alpha test and PS kills have
 * already removed pixels when the test runs late):
 *  1. depth: the PS's PIXEL 61 .x export when DB_SHADER_CONTROL.Z_EXPORT_ENABLE (and the
 *     PS exported it), else the plane through the primitive's three window z values at the
 *     pixel centre plus the PA's polygon offset, in double, in exactly this order:
 *        z = z0 + ((double)E1 * (z1 - z0) + (double)E2 * (z2 - z0)) / area2 + offset
 *     with E1, E2 the exact integer edge functions of the edges opposite v1 and v2 (the
 *     screen-space barycentric numerators, as the SPI uses them) and area2 their
 *     denominator; z1 - z0 is taken in double. A NaN result is the default quiet NaN
 *     (positive, no payload): which of several input NaNs a sum keeps is left open by IEEE
 *     754 and C (on x86 it is the first source's, an order the compiler chooses), so the
 *     model defines it, and the JIT's DB (jit/jit_db.c) gives the same bits;
 *  2. the viewport clamp to [PA_SC_VPORT_ZMIN_0, PA_SC_VPORT_ZMAX_0] (NaN -> ZMIN) unless
 *     DB_RENDER_OVERRIDE.DISABLE_VIEWPORT_CLAMP;
 *  3. conversion to the buffer format (sim_db_encode_depth): unorm formats clamp to [0, 1]
 *     (NaN -> 0) and round z * (2^n - 1) (computed in double) to the nearest integer,
 *     halves to even; float formats round the double to the nearest float (halves to
 *     even). Comparison and storage use that value;
 *  4. stencil test (if STENCIL_ENABLE and the format has stencil; without stencil bits
 *     it passes): (ref & mask) FUNC (stored & mask), front state or, for back-facing
 *     primitives with BACKFACE_ENABLE, the _BF fields and DB_STENCILREFMASK_BF;
 *  5. depth test (if Z_ENABLE): incoming FUNC stored;
 *  6. stencil update for every tested pixel: STENCILFAIL if the stencil test failed, else
 *     STENCILZFAIL if the depth test failed, else STENCILZPASS; bits outside the write
 *     mask are kept; INCR/DECR_CLAMP saturate at 0/255, _WRAP wrap modulo 256;
 *  7. depth write if both passed, Z_ENABLE and Z_WRITE_ENABLE (Z_WRITE_ENABLE without
 *     Z_ENABLE writes nothing).
 * Pixels outside the depth surface (x >= pitch or y >= height) are discarded.
 *
 * Early vs late: the test runs before the PS when DB_SHADER_CONTROL.Z_ORDER is
 * EARLY_Z_THEN_LATE_Z or EARLY_Z_THEN_RE_Z and nothing after the PS can remove a pixel or
 * change its depth (no KILL_ENABLE, Z_EXPORT_ENABLE, stencil-ref/mask export or alpha
 * test); otherwise (LATE_Z, RE_Z) after it. Both give identical results; the early test
 * only spares the PS the quads whose pixels all failed. (A PS that kills pixels although
 * KILL_ENABLE = 0 is reported: under early Z their depth/stencil were already written.)
 * DB_RENDER_OVERRIDE.FORCE_COLOR_KILL drops every colour write; depth and stencil are
 * still updated.
 * DB_RENDER_CONTROL's clear/copy bits (HTILE fast clears, depth-to-colour copies),
 * DB_DEPTH_INFO.TILE_SURFACE_ENABLE (HTILE), DB_ALPHA_TO_MASK.ALPHA_TO_MASK_ENABLE and
 * DB_SHADER_CONTROL's stencil-ref/mask/coverage exports are reported; the other bits and
 * DB_RENDER_OVERRIDE's HiZ/HiS/fast-path bits change only speed on hardware and have no
 * effect here.
 */
#include "pixel/db.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "common/exec.h"
#include "common/gpu_memory.h"
#include "common/unimpl.h"
#include "hw/hw_surface.h"
#include "r600_regs.h"
#include "raster/sc.h"

uint32_t sim_db_encode_depth(const struct sim_db_state *db, double z)
{
   if (db->is_float) {
      /* Beyond the float range: infinity (a C conversion would be undefined). */
      float f = fabs(z) > FLT_MAX ? (z > 0 ? INFINITY : -INFINITY) : (float)z;
      uint32_t u;
      memcpy(&u, &f, 4);
      return u;
   }
   double v = z > 0.0 ? (z < 1.0 ? z : 1.0) : 0.0;   /* NaN -> 0 */
   v *= (double)((1u << db->unorm_bits) - 1);
   double f = floor(v), frac = v - f;
   if (frac > 0.5 || (frac == 0.5 && fmod(f, 2.0) != 0.0))
      f += 1.0;
   return (uint32_t)f;
}

static double decode_depth(const struct sim_db_state *db, uint32_t d)
{
   if (db->is_float) {
      float f;
      memcpy(&f, &d, 4);
      return f;
   }
   return d;
}

static bool compare(unsigned func, double a, double b)
{
   switch (func) {
   case DB_DEPTH_CONTROL__ZFUNC__FRAG_NEVER: return false;
   case DB_DEPTH_CONTROL__ZFUNC__FRAG_LESS: return a < b;
   case DB_DEPTH_CONTROL__ZFUNC__FRAG_EQUAL: return a == b;
   case DB_DEPTH_CONTROL__ZFUNC__FRAG_LEQUAL: return a <= b;
   case DB_DEPTH_CONTROL__ZFUNC__FRAG_GREATER: return a > b;
   case DB_DEPTH_CONTROL__ZFUNC__FRAG_NOTEQUAL: return a != b;
   case DB_DEPTH_CONTROL__ZFUNC__FRAG_GEQUAL: return a >= b;
   default: return true;
   }
}

static uint8_t stencil_op(unsigned op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_ZERO: return 0;
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_REPLACE: return ref;
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_INCR_CLAMP: return s == 0xFF ? s : (uint8_t)(s + 1);
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_DECR_CLAMP: return s == 0 ? s : (uint8_t)(s - 1);
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_INVERT: return (uint8_t)~s;
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_INCR_WRAP: return (uint8_t)(s + 1);
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_DECR_WRAP: return (uint8_t)(s - 1);
   default: return s;   /* STENCIL_KEEP */
   }
}

static uint32_t load32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32(uint8_t *p, uint32_t v)
{
   p[0] = (uint8_t)v;
   p[1] = (uint8_t)(v >> 8);
   p[2] = (uint8_t)(v >> 16);
   p[3] = (uint8_t)(v >> 24);
}

/* The stored depth (format encoding) and stencil of a pixel. */
static void load_pixel(const struct sim_db_state *db, const uint8_t *p, uint32_t *depth,
                       uint8_t *stencil)
{
   switch (db->format) {
   case DB_DEPTH_INFO__FORMAT__DEPTH_16:
      *depth = (uint32_t)p[0] | (uint32_t)p[1] << 8;
      *stencil = 0;
      break;
   case DB_DEPTH_INFO__FORMAT__DEPTH_X8_24:
   case DB_DEPTH_INFO__FORMAT__DEPTH_8_24:
      *depth = load32(p) & 0xFFFFFF;
      *stencil = p[3];
      break;
   case DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT:
      *depth = load32(p);
      *stencil = 0;
      break;
   default: /* DEPTH_X24_8_32_FLOAT */
      *depth = load32(p);
      *stencil = p[4];
      break;
   }
}

static void store_depth(const struct sim_db_state *db, uint8_t *p, uint32_t depth)
{
   switch (db->format) {
   case DB_DEPTH_INFO__FORMAT__DEPTH_16:
      p[0] = (uint8_t)depth;
      p[1] = (uint8_t)(depth >> 8);
      break;
   case DB_DEPTH_INFO__FORMAT__DEPTH_X8_24:
   case DB_DEPTH_INFO__FORMAT__DEPTH_8_24:
      p[0] = (uint8_t)depth;
      p[1] = (uint8_t)(depth >> 8);
      p[2] = (uint8_t)(depth >> 16);
      break;
   default:
      store32(p, depth);
      break;
   }
}

static void store_stencil(const struct sim_db_state *db, uint8_t *p, uint8_t s)
{
   p[db->format == DB_DEPTH_INFO__FORMAT__DEPTH_8_24 ? 3 : 4] = s;
}

static void init_stencil_face(struct sim_db_stencil *f, uint32_t ctl, uint32_t refmask,
                              bool back)
{
   if (back) {
      f->func = DB_DEPTH_CONTROL__STENCILFUNC_BF__get(ctl);
      f->fail = DB_DEPTH_CONTROL__STENCILFAIL_BF__get(ctl);
      f->zpass = DB_DEPTH_CONTROL__STENCILZPASS_BF__get(ctl);
      f->zfail = DB_DEPTH_CONTROL__STENCILZFAIL_BF__get(ctl);
      f->ref = (uint8_t)DB_STENCILREFMASK_BF__STENCILREF_BF__get(refmask);
      f->mask = (uint8_t)DB_STENCILREFMASK_BF__STENCILMASK_BF__get(refmask);
      f->writemask = (uint8_t)DB_STENCILREFMASK_BF__STENCILWRITEMASK_BF__get(refmask);
   } else {
      f->func = DB_DEPTH_CONTROL__STENCILFUNC__get(ctl);
      f->fail = DB_DEPTH_CONTROL__STENCILFAIL__get(ctl);
      f->zpass = DB_DEPTH_CONTROL__STENCILZPASS__get(ctl);
      f->zfail = DB_DEPTH_CONTROL__STENCILZFAIL__get(ctl);
      f->ref = (uint8_t)DB_STENCILREFMASK__STENCILREF__get(refmask);
      f->mask = (uint8_t)DB_STENCILREFMASK__STENCILMASK__get(refmask);
      f->writemask = (uint8_t)DB_STENCILREFMASK__STENCILWRITEMASK__get(refmask);
   }
}

static void report_render_state(const struct sim_exec *ex, uint32_t rctl, uint32_t shader)
{
   enum hw_chip chip = ex->chip;
   if (DB_RENDER_CONTROL__DEPTH_CLEAR_ENABLE__get(rctl))
      sim_unimpl_field(chip, REG_DB_RENDER_CONTROL, "DEPTH_CLEAR_ENABLE", 1,
                       "no HTILE fast clear; depth drawn normally");
   if (DB_RENDER_CONTROL__STENCIL_CLEAR_ENABLE__get(rctl))
      sim_unimpl_field(chip, REG_DB_RENDER_CONTROL, "STENCIL_CLEAR_ENABLE", 1,
                       "no HTILE fast clear; stencil drawn normally");
   if (DB_RENDER_CONTROL__DEPTH_COPY_ENABLE__get(rctl))
      sim_unimpl_field(chip, REG_DB_RENDER_CONTROL, "DEPTH_COPY_ENABLE", 1, "no copy to colour");
   if (DB_RENDER_CONTROL__STENCIL_COPY_ENABLE__get(rctl))
      sim_unimpl_field(chip, REG_DB_RENDER_CONTROL, "STENCIL_COPY_ENABLE", 1,
                       "no copy to colour");
   if (DB_SHADER_CONTROL__STENCIL_REF_EXPORT_ENABLE__get(shader))
      sim_unimpl_field(chip, REG_DB_SHADER_CONTROL, "STENCIL_REF_EXPORT_ENABLE", 1,
                       "DB_STENCILREFMASK reference used");
   if (DB_SHADER_CONTROL__MASK_EXPORT_ENABLE__get(shader))
      sim_unimpl_field(chip, REG_DB_SHADER_CONTROL, "MASK_EXPORT_ENABLE", 1,
                       "sample mask export ignored");
}

/* Bytes per pixel, stencil and number type of a depth format; false if not implemented. */
static bool decode_format(struct sim_db_state *db, const struct sim_exec *ex, unsigned format)
{
   db->format = format;
   switch (format) {
   case DB_DEPTH_INFO__FORMAT__DEPTH_16:
      db->bpp = 2;
      db->unorm_bits = 16;
      return true;
   case DB_DEPTH_INFO__FORMAT__DEPTH_X8_24:
      db->bpp = 4;
      db->unorm_bits = 24;
      return true;
   case DB_DEPTH_INFO__FORMAT__DEPTH_8_24:
      db->bpp = 4;
      db->unorm_bits = 24;
      db->has_stencil = true;
      return true;
   case DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT:
      db->bpp = 4;
      db->is_float = true;
      return true;
   case DB_DEPTH_INFO__FORMAT__DEPTH_X24_8_32_FLOAT:
      db->bpp = 8;
      db->is_float = true;
      db->has_stencil = true;
      return true;
   case DB_DEPTH_INFO__FORMAT__DEPTH_INVALID:
      return false;   /* no depth buffer: the tests pass and nothing is written */
   }
   sim_unimpl_field(ex->chip, REG_DB_DEPTH_INFO, "FORMAT", format,
                    "24-bit float depth: no depth/stencil test");
   return false;
}

bool sim_db_state_init(struct sim_db_state *db, struct sim_exec *ex, bool alpha_test)
{
   enum hw_chip chip = ex->chip;
   memset(db, 0, sizeof(*db));
   uint32_t ctl = sim_reg(ex, REG_DB_DEPTH_CONTROL);
   uint32_t info = sim_reg(ex, REG_DB_DEPTH_INFO);
   uint32_t shader = sim_reg(ex, REG_DB_SHADER_CONTROL);
   uint32_t rctl = sim_reg(ex, REG_DB_RENDER_CONTROL);
   uint32_t ovr = sim_reg(ex, REG_DB_RENDER_OVERRIDE);

   db->color_kill = DB_RENDER_OVERRIDE__FORCE_COLOR_KILL__get(ovr);
   db->count_zpass = !DB_RENDER_CONTROL__ZPASS_INCREMENT_DISABLE__get(rctl) && ex->zpass;
   if (DB_ALPHA_TO_MASK__ALPHA_TO_MASK_ENABLE__get(sim_reg(ex, REG_DB_ALPHA_TO_MASK)))
      sim_unimpl_field(chip, REG_DB_ALPHA_TO_MASK, "ALPHA_TO_MASK_ENABLE", 1, "ignored");
   if (DB_SHADER_CONTROL__COVERAGE_TO_MASK_ENABLE__get(shader))
      sim_unimpl_field(chip, REG_DB_SHADER_CONTROL, "COVERAGE_TO_MASK_ENABLE", 1, "ignored");
   db->z_enable = DB_DEPTH_CONTROL__Z_ENABLE__get(ctl);
   bool stencil_enable = DB_DEPTH_CONTROL__STENCIL_ENABLE__get(ctl);
   if (!db->z_enable && !stencil_enable)
      return true;
   report_render_state(ex, rctl, shader);
   if (!decode_format(db, ex, DB_DEPTH_INFO__FORMAT__get(info)))
      return true;

   unsigned array_mode = DB_DEPTH_INFO__ARRAY_MODE__get(info);
   if (array_mode != DB_DEPTH_INFO__ARRAY_MODE__ARRAY_1D_TILED_THIN1)
      sim_unimpl_field(chip, REG_DB_DEPTH_INFO, "ARRAY_MODE", array_mode,
                       "addressed as 1D tiled");
   if (DB_DEPTH_INFO__TILE_SURFACE_ENABLE__get(info))
      sim_unimpl_field(chip, REG_DB_DEPTH_INFO, "TILE_SURFACE_ENABLE", 1,
                       "no HTILE; depth kept in the surface only");

   uint32_t size = sim_reg(ex, REG_DB_DEPTH_SIZE);
   db->tiles_per_row = DB_DEPTH_SIZE__PITCH_TILE_MAX__get(size) + 1;
   uint64_t slice_tiles = (uint64_t)DB_DEPTH_SIZE__SLICE_TILE_MAX__get(size) + 1;
   db->height = (uint32_t)(slice_tiles / db->tiles_per_row) * 8;
   uint64_t slice_bytes = slice_tiles * 64 * db->bpp;
   unsigned samples = 1u << PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES__get(sim_reg(ex, REG_PA_SC_AA_CONFIG));
   db->sample_bytes = slice_bytes;
   unsigned slice = DB_DEPTH_VIEW__SLICE_START__get(sim_reg(ex, REG_DB_DEPTH_VIEW));
   uint64_t va = ((uint64_t)sim_reg(ex, REG_DB_DEPTH_BASE) << 8) + slice * samples * slice_bytes;
   db->base = sim_mem_range(ex->mem, va, samples * slice_bytes);
   if (!db->base) {
      sim_fault(ex, va, "DB: depth surface slice %u of %u x %llu bytes (pitch %u) outside any "
                "buffer", slice, samples, (unsigned long long)slice_bytes,
                db->tiles_per_row * 8);
      return false;
   }

   db->z_write = db->z_enable && DB_DEPTH_CONTROL__Z_WRITE_ENABLE__get(ctl);
   db->zfunc = DB_DEPTH_CONTROL__ZFUNC__get(ctl);
   db->stencil = stencil_enable && db->has_stencil;
   db->backface = DB_DEPTH_CONTROL__BACKFACE_ENABLE__get(ctl);
   init_stencil_face(&db->face[0], ctl, sim_reg(ex, REG_DB_STENCILREFMASK), false);
   init_stencil_face(&db->face[1], ctl, sim_reg(ex, REG_DB_STENCILREFMASK_BF), true);

   db->z_export = DB_SHADER_CONTROL__Z_EXPORT_ENABLE__get(shader);
   unsigned order = DB_SHADER_CONTROL__Z_ORDER__get(shader);
   bool may_remove = DB_SHADER_CONTROL__KILL_ENABLE__get(shader) || db->z_export ||
                     DB_SHADER_CONTROL__STENCIL_REF_EXPORT_ENABLE__get(shader) ||
                     DB_SHADER_CONTROL__MASK_EXPORT_ENABLE__get(shader) || alpha_test;
   db->early = (order == DB_SHADER_CONTROL__Z_ORDER__EARLY_Z_THEN_LATE_Z ||
                order == DB_SHADER_CONTROL__Z_ORDER__EARLY_Z_THEN_RE_Z) && !may_remove;

   db->clamp = !DB_RENDER_OVERRIDE__DISABLE_VIEWPORT_CLAMP__get(ovr);
   db->zmin = sim_reg_f(ex, REG_PA_SC_VPORT_ZMIN_0);
   db->zmax = sim_reg_f(ex, REG_PA_SC_VPORT_ZMAX_0);
   db->active = true;
   return true;
}

uint16_t sim_db_test(const struct sim_db_state *db, const struct sim_prim *prim, int32_t bx,
                     int32_t by, uint16_t mask, uint8_t smask[16],
                     const struct sim_sc_msaa *ms, const struct sim_exports *out)
{
   const struct sim_db_stencil *st = &db->face[db->backface && !prim->front];
   bool exported = out && db->z_export && out->pixel61_written;
   if (out && db->z_export && !out->pixel61_written && db->z_enable)
      sim_unimpl("DB_SHADER_CONTROL.Z_EXPORT_ENABLE without a PS PIXEL 61 export "
                 "(interpolated depth used)");
   double dz1 = (double)prim->z[1] - prim->z[0], dz2 = (double)prim->z[2] - prim->z[0];
   double area2 = (double)prim->area2;
   uint32_t pitch = db->tiles_per_row * 8;
   uint16_t pass = 0;

   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(mask & (1u << l)))
         continue;
      uint32_t x = (uint32_t)(bx + (int32_t)sim_lane_x(l));
      uint32_t y = (uint32_t)(by + (int32_t)sim_lane_y(l));
      if (x >= pitch || y >= db->height) {
         smask[l] = 0;
         continue;
      }
      size_t offset = (size_t)hw_depth_tiled_index(pitch, x, y) * db->bpp;
      uint8_t passed = 0;
      for (unsigned k = 0; k < ms->n; k++) {
         if (!(smask[l] & (1u << k)))
            continue;
         uint8_t *p = db->base + k * db->sample_bytes + offset;
         uint32_t stored_z;
         uint8_t s;
         load_pixel(db, p, &stored_z, &s);

         bool s_pass = true, z_pass = true;
         if (db->stencil)
            s_pass = compare(st->func, st->ref & st->mask, s & st->mask);
         uint32_t z = 0;
         if (db->z_enable) {
            double zd;
            if (exported) {
               float f;
               memcpy(&f, &out->pixel61[0][l], 4);
               zd = f;
            } else {
               /* The plane of the primitive's depth at the sample. */
               int64_t px = (int64_t)x * SIM_SUBPIX + SIM_SUBPIX / 2 + ms->dx[k];
               int64_t py = (int64_t)y * SIM_SUBPIX + SIM_SUBPIX / 2 + ms->dy[k];
               int64_t e1 = (prim->x[0] - prim->x[2]) * (py - prim->y[2]) -
                            (prim->y[0] - prim->y[2]) * (px - prim->x[2]);
               int64_t e2 = (prim->x[1] - prim->x[0]) * (py - prim->y[0]) -
                            (prim->y[1] - prim->y[0]) * (px - prim->x[0]);
               zd = prim->z[0] + ((double)e1 * dz1 + (double)e2 * dz2) / area2 + prim->z_offset;
               if (isnan(zd))
                  zd = NAN;   /* the default NaN, whatever NaN the inputs held (step 1) */
            }
            if (db->clamp && !(zd >= db->zmin))
               zd = db->zmin;   /* NaN too */
            else if (db->clamp && zd > db->zmax)
               zd = db->zmax;
            z = sim_db_encode_depth(db, zd);
            if (s_pass)
               z_pass = compare(db->zfunc, decode_depth(db, z), decode_depth(db, stored_z));
         }
         if (db->stencil) {
            unsigned op = !s_pass ? st->fail : !z_pass ? st->zfail : st->zpass;
            uint8_t ns = stencil_op(op, s, st->ref);
            ns = (uint8_t)((s & ~st->writemask) | (ns & st->writemask));
            if (ns != s)
               store_stencil(db, p, ns);
         }
         if (s_pass && z_pass) {
            if (db->z_write && z != stored_z)
               store_depth(db, p, z);
            passed |= (uint8_t)(1u << k);
         }
      }
      smask[l] = passed;
      if (passed)
         pass |= (uint16_t)(1u << l);
   }
   return pass;
}

void sim_db_count_zpass(uint64_t counts[HW_NUM_DBS], int32_t bx, int32_t by, uint16_t mask,
                        const uint8_t smask[16])
{
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(mask & (1u << l)) || !smask[l])
         continue;
      uint32_t x = (uint32_t)(bx + (int32_t)sim_lane_x(l));
      uint32_t y = (uint32_t)(by + (int32_t)sim_lane_y(l));
      counts[(x / 8 + 2 * (y / 8)) % HW_NUM_DBS] += (unsigned)__builtin_popcount(smask[l]);
   }
}

void sim_db_zpass_done(struct sim_exec *ex, uint64_t va)
{
   uint8_t *dst = va % 8 ? NULL : sim_mem_range(ex->mem, va, 16 * (HW_NUM_DBS - 1) + 8);
   if (!dst) {
      sim_fault(ex, va, "ZPASS_DONE: %u counters of 8 bytes at 16-byte steps do not fit "
                "(or the address is not 8-byte aligned)", HW_NUM_DBS);
      return;
   }
   for (unsigned i = 0; i < HW_NUM_DBS; i++) {
      uint64_t v = (ex->zpass ? ex->zpass[i] : 0) | 1ull << 63;
      uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);
      memcpy(dst + 16 * i, &lo, 4);
      memcpy(dst + 16 * i + 4, &hi, 4);
   }
}
