/* The DB's depth/stencil test as generated code (see jit_db.h); pixel/db.c is the model,
 * followed step by step:
 *  - the block is inside or outside the surface as a whole (bx, by multiples of 4 and the
 *    pitch and height multiples of 8), so one branch replaces the per-pixel bounds test;
 *  - the block's 16 pixels are 4 rows of 4 consecutive pixels of one 8x8 micro tile
 *    (hw_depth_tiled_index): four row loads per sample plane, shuffled into lane order
 *    (sim_lane_x/y), and four row stores of the updated rows when a pixel changed;
 *  - the depth plane uses sim_db_test's double operations in its order. Its edge functions
 *    are exact integers below 2^53 (jit_db.h), so computing them as the block origin's value
 *    converted to double plus the lanes' offsets (exact integers) gives the same doubles as
 *    converting each lane's int64 value. What is the same for every block of a primitive
 *    (struct jit_db_setup) is made once per primitive by jit_db_setup_emit's code. A NaN
 *    plane depth is the default quiet NaN, as db.c defines it, where that shows (canon_nan);
 *  - a flat plane (dz1 = dz2 = 0; flat_setup says when exactly) has one encoded depth for
 *    every sample of the primitive, made with the primitive's setup: its blocks take a form
 *    of the tests without the plane's arithmetic;
 *  - unorm encoding: sim_db_encode_depth's floor/fraction test is round-half-even of a
 *    non-negative double (the fraction v - floor(v) is exact), i.e. llvm.roundeven; float
 *    encoding: the nearest float, infinity beyond FLT_MAX as sim_db_encode_depth says;
 *  - comparisons: decode_depth gives doubles of the stored integers (unorm: an unsigned
 *    integer compare is the same) or of floats (a float compare is the same, NaN included).
 */
#include "jit/jit_db.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "r600_regs.h"
#include "raster/sc.h"

/* The emission state of one jit_db_emit. */
struct dbe {
   struct jb *j;
   const struct jit_db_key *k;
   LLVMTypeRef f64, vd, v8, pix, vpix, row;   /* row: <4 x pix> */
   unsigned bpp;
   bool is_float;
   double unorm_max;

   LLVMValueRef lanes;          /* <16 x i1>: the caller's mask */
   LLVMValueRef smask_in;       /* <16 x i8> */
   LLVMValueRef addr;           /* the block's first pixel in sample plane 0 */
   LLVMValueRef sample_bytes;   /* i64 */
   /* depth plane */
   LLVMValueRef setup;          /* the primitive's struct jit_db_setup */
   LLVMValueRef eb[2];          /* i64: e1, e2 at the block's pixel (0, 0) less c[s][k] */
   LLVMValueRef lane[2];        /* <16 x double>: the lanes' offsets of e1, e2 */
   LLVMValueRef dz1, dz2, area2, z0, zoff;        /* double splats */
   LLVMValueRef zmin, zmax;
   LLVMValueRef in01;           /* i1: a unorm format's clamp range lies in [0, 1], or NULL */
   LLVMValueRef ez, written;    /* exported depth (<16 x double>) and i1, or NULL */
   LLVMValueRef zflat;          /* <16 x i32>: a flat plane's encoded depth, or NULL */
};

/* Bytes per pixel, number type and stencil of a depth format; false if not supported. */
static bool format_info(unsigned format, unsigned *bpp, bool *is_float, unsigned *bits,
                        bool *has_stencil)
{
   *is_float = false;
   *has_stencil = false;
   *bits = 0;
   switch (format) {
   case DB_DEPTH_INFO__FORMAT__DEPTH_16: *bpp = 2; *bits = 16; return true;
   case DB_DEPTH_INFO__FORMAT__DEPTH_X8_24: *bpp = 4; *bits = 24; return true;
   case DB_DEPTH_INFO__FORMAT__DEPTH_8_24: *bpp = 4; *bits = 24; *has_stencil = true; return true;
   case DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT: *bpp = 4; *is_float = true; return true;
   case DB_DEPTH_INFO__FORMAT__DEPTH_X24_8_32_FLOAT:
      *bpp = 8;
      *is_float = true;
      *has_stencil = true;
      return true;
   default: return false;
   }
}

bool jit_db_key_init(struct jit_db_key *k, const struct sim_db_state *db,
                     const struct sim_sc_msaa *ms, bool late)
{
   memset(k, 0, sizeof(*k));
   unsigned bpp, bits;
   bool is_float, has_stencil;
   if (!db->active || !format_info(db->format, &bpp, &is_float, &bits, &has_stencil))
      return false;
   if (db->bpp != bpp || db->is_float != is_float || db->has_stencil != has_stencil ||
       (!is_float && db->unorm_bits != bits))
      return false;
   if (ms->n != 1 && ms->n != 2 && ms->n != 4 && ms->n != 8)
      return false;
   k->format = (uint8_t)db->format;
   k->samples = (uint8_t)ms->n;
   if (db->z_enable) {
      k->z_enable = 1;
      k->z_write = db->z_write;
      k->zfunc = (uint8_t)db->zfunc;
      k->clamp = db->clamp;
      k->z_export = late && db->z_export;
   }
   if (db->stencil) {
      k->stencil = 1;
      k->backface = db->backface;
      for (unsigned f = 0; f < (k->backface ? 2u : 1u); f++) {
         k->func[f] = (uint8_t)db->face[f].func;
         k->fail[f] = (uint8_t)db->face[f].fail;
         k->zpass[f] = (uint8_t)db->face[f].zpass;
         k->zfail[f] = (uint8_t)db->face[f].zfail;
      }
   }
   return true;
}

/* ---- IR helpers -------------------------------------------------------------------------- */

static LLVMValueRef ld(struct jb *j, LLVMTypeRef ty, LLVMValueRef base, size_t off,
                       unsigned align)
{
   LLVMValueRef v = LLVMBuildLoad2(j->b, ty, gep(j, base, off), "");
   LLVMSetAlignment(v, align);
   return v;
}

static LLVMValueRef splat_of(struct jb *j, LLVMTypeRef vty, LLVMValueRef s)
{
   LLVMValueRef v = LLVMBuildInsertElement(j->b, LLVMGetPoison(vty), s, ci32(j, 0), "");
   return LLVMBuildShuffleVector(j->b, v, LLVMGetPoison(vty), LLVMConstNull(j->vi), "");
}

static LLVMValueRef ksplat(LLVMTypeRef ty, uint64_t v)
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = LLVMConstInt(ty, v, 0);
   return LLVMConstVector(e, SIM_LANES);
}

static LLVMValueRef kd(struct dbe *e, double d)
{
   return splat_of(e->j, e->vd, LLVMConstReal(e->f64, d));
}

static LLVMValueRef shuffle(struct jb *j, LLVMValueRef a, LLVMValueRef b, const unsigned *idx,
                            unsigned n)
{
   LLVMValueRef m[SIM_LANES];
   for (unsigned i = 0; i < n; i++)
      m[i] = ci32(j, idx[i]);
   return LLVMBuildShuffleVector(j->b, a, b ? b : LLVMGetPoison(LLVMTypeOf(a)),
                                 LLVMConstVector(m, n), "");
}

static LLVMValueRef call_vd(struct dbe *e, const char *name, LLVMValueRef a)
{
   struct jb *j = e->j;
   unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMValueRef decl = LLVMGetIntrinsicDeclaration(j->mod, id, &e->vd, 1);
   LLVMTypeRef fty = LLVMIntrinsicGetType(j->ctx, id, &e->vd, 1);
   return LLVMBuildCall2(j->b, fty, decl, &a, 1, "");
}

/* The types and format facts of an emission for key k. */
static void dbe_init(struct dbe *e, struct jb *j, const struct jit_db_key *k)
{
   memset(e, 0, sizeof(*e));
   e->j = j;
   e->k = k;
   unsigned bits;
   bool has_stencil;
   format_info(k->format, &e->bpp, &e->is_float, &bits, &has_stencil);
   e->unorm_max = (double)((1u << bits) - 1);
   e->f64 = LLVMDoubleTypeInContext(j->ctx);
   e->vd = LLVMVectorType(e->f64, SIM_LANES);
   e->v8 = LLVMVectorType(j->i8, SIM_LANES);
   e->pix = e->bpp == 2 ? j->i16 : e->bpp == 4 ? j->i32 : j->i64;
   e->vpix = LLVMVectorType(e->pix, SIM_LANES);
   e->row = LLVMVectorType(e->pix, 4);
}

/* Index of lane l's pixel in the block's rows concatenated (row-major, 4 per row). */
static unsigned row_index(unsigned l)
{
   return sim_lane_y(l) * 4 + sim_lane_x(l);
}

/* ---- pixels ------------------------------------------------------------------------------ */

/* The block's 16 pixels of the sample plane at `p` in lane order (<16 x pix>). */
static LLVMValueRef load_pixels(struct dbe *e, LLVMValueRef p)
{
   struct jb *j = e->j;
   LLVMValueRef r[4];
   for (unsigned i = 0; i < 4; i++) {
      r[i] = LLVMBuildLoad2(j->b, e->row, gep(j, p, (uint64_t)i * 8 * e->bpp), "");
      LLVMSetAlignment(r[i], 1);
   }
   static const unsigned cat8[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
   LLVMValueRef r01 = shuffle(j, r[0], r[1], cat8, 8), r23 = shuffle(j, r[2], r[3], cat8, 8);
   unsigned idx[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      idx[l] = row_index(l);
   return shuffle(j, r01, r23, idx, SIM_LANES);
}

static void store_pixels(struct dbe *e, LLVMValueRef p, LLVMValueRef v)
{
   struct jb *j = e->j;
   unsigned inv[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      inv[row_index(l)] = l;
   LLVMValueRef rows = shuffle(j, v, NULL, inv, SIM_LANES);
   for (unsigned i = 0; i < 4; i++) {
      unsigned idx[4] = { 4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3 };
      LLVMValueRef st = LLVMBuildStore(j->b, shuffle(j, rows, NULL, idx, 4),
                                       gep(j, p, (uint64_t)i * 8 * e->bpp));
      LLVMSetAlignment(st, 1);
   }
}

/* The pixels np stored at `p`, all four rows, if one differs from the pixels px loaded
 * there: a block whose tests failed, or whose values are already there, dirties no cache
 * line. */
static void store_changed(struct dbe *e, LLVMValueRef p, LLVMValueRef px, LLVMValueRef np)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   LLVMValueRef diff = LLVMBuildBitCast(b, LLVMBuildICmp(b, LLVMIntNE, np, px, ""), j->i16, "");
   LLVMBasicBlockRef st = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_store");
   LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_stored");
   LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, diff, ci16(j, 0), ""), st, next);
   LLVMPositionBuilderAtEnd(b, st);
   store_pixels(e, p, np);
   LLVMBuildBr(b, next);
   LLVMPositionBuilderAtEnd(b, next);
}

/* ---- depth ------------------------------------------------------------------------------- */

/* The lanes' pixel x or y offsets in the block, <16 x double>. */
static LLVMValueRef lane_offsets(struct dbe *e, bool along_y)
{
   LLVMValueRef v[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      v[l] = LLVMConstReal(e->f64, along_y ? sim_lane_y(l) : sim_lane_x(l));
   return LLVMConstVector(v, SIM_LANES);
}

#define SET(f) offsetof(struct jit_db_setup, f)

static void set_at(struct jb *j, LLVMValueRef s, size_t off, LLVMValueRef v)
{
   store(j, v, gep(j, s, off), 8);
}

static LLVMValueRef set_splat(struct dbe *e, size_t off)
{
   return splat_of(e->j, e->vd, ld(e->j, e->f64, e->setup, off, 8));
}

/* The viewport depth range of db as double splats. */
static void clamp_range(struct dbe *e, LLVMValueRef db)
{
   struct jb *j = e->j;
   e->zmin = splat_of(j, e->vd, ld(j, e->f64, db, offsetof(struct sim_db_state, zmin), 8));
   e->zmax = splat_of(j, e->vd, ld(j, e->f64, db, offsetof(struct sim_db_state, zmax), 8));
}

/* The per-block values of the depth plane from the primitive's setup, the clamp range and
 * the exported depth. */
static void depth_setup(struct dbe *e, LLVMValueRef db, LLVMValueRef bx, LLVMValueRef by,
                        LLVMValueRef out)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   e->z0 = set_splat(e, SET(z0));
   e->dz1 = set_splat(e, SET(dz1));
   e->dz2 = set_splat(e, SET(dz2));
   e->zoff = set_splat(e, SET(zoff));
   e->area2 = set_splat(e, SET(area2));
   /* the edge functions at the block's pixel (0, 0), less the sample's constant */
   LLVMValueRef bx64 = LLVMBuildSExt(b, bx, j->i64, ""), by64 = LLVMBuildSExt(b, by, j->i64, "");
   for (unsigned k = 0; k < 2; k++) {
      LLVMValueRef sx = ld(j, j->i64, e->setup, SET(sx) + 8 * k, 8);
      LLVMValueRef sy = ld(j, j->i64, e->setup, SET(sy) + 8 * k, 8);
      e->eb[k] = LLVMBuildAdd(b, LLVMBuildMul(b, bx64, sx, ""), LLVMBuildMul(b, by64, sy, ""), "");
      e->lane[k] = ld(j, e->vd, e->setup, SET(lane) + (size_t)k * SIM_LANES * 8, 8);
   }

   if (e->k->clamp) {
      clamp_range(e, db);
      if (!e->is_float)
         e->in01 = LLVMBuildICmp(b, LLVMIntNE, ld(j, j->i64, e->setup, SET(in01), 8),
                                 LLVMConstInt(j->i64, 0, 0), "");
   }
   if (e->k->z_export) {
      LLVMValueRef f = ld(j, j->vf, out, offsetof(struct sim_exports, pixel61), 4);
      e->ez = LLVMBuildFPExt(b, f, e->vd, "");
      LLVMValueRef w = ld(j, j->i8, out, offsetof(struct sim_exports, pixel61_written), 1);
      e->written = LLVMBuildICmp(b, LLVMIntNE, w, LLVMConstInt(j->i8, 0, 0), "");
   }
}

/* A NaN plane depth z as the default quiet NaN (db.c). Which NaN it is shows only in a float
 * format without the viewport clamp: a unorm format encodes every NaN as 0, and the clamp
 * makes every NaN zmin. */
static LLVMValueRef canon_nan(struct dbe *e, LLVMValueRef z)
{
   LLVMBuilderRef b = e->j->b;
   if (!e->is_float || e->k->clamp)
      return z;
   return LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealUNO, z, z, ""), kd(e, NAN), z, "");
}

/* z0 + (e1 * dz1 + e2 * dz2) / area2 + offset in sim_db_test's order. */
static LLVMValueRef plane_z(struct dbe *e, LLVMValueRef t1, LLVMValueRef t2)
{
   LLVMBuilderRef b = e->j->b;
   LLVMValueRef q = LLVMBuildFDiv(b, LLVMBuildFAdd(b, t1, t2, ""), e->area2, "");
   return canon_nan(e, LLVMBuildFAdd(b, LLVMBuildFAdd(b, e->z0, q, ""), e->zoff, ""));
}

/* The window depth of sample s of every lane (<16 x double>), before the clamp: the edge
 * functions (exact integers below 2^53, jit_db.h) are the block's value converted to
 * double plus the lanes' offsets, exact, so the same doubles as sim_db_test's. */
static LLVMValueRef depth_at(struct dbe *e, unsigned s)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   LLVMValueRef ed[2];
   for (unsigned k = 0; k < 2; k++) {
      LLVMValueRef c = ld(j, j->i64, e->setup, SET(c) + 16 * s + 8 * k, 8);
      LLVMValueRef v = LLVMBuildSIToFP(b, LLVMBuildAdd(b, c, e->eb[k], ""), e->f64, "");
      ed[k] = LLVMBuildFAdd(b, splat_of(j, e->vd, v), e->lane[k], "");
   }
   LLVMValueRef t1 = LLVMBuildFMul(b, ed[0], e->dz1, ""), t2 = LLVMBuildFMul(b, ed[1], e->dz2, "");
   LLVMValueRef z = plane_z(e, t1, t2);
   if (e->ez)
      z = LLVMBuildSelect(b, e->written, e->ez, z, "");
   return z;
}

/* z > 0 ? (z < 1 ? z : 1) : 0 (NaN -> 0) */
static LLVMValueRef unorm_clamp(struct dbe *e, LLVMValueRef z)
{
   LLVMBuilderRef b = e->j->b;
   LLVMValueRef v = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOLT, z, kd(e, 1.0), ""), z,
                                    kd(e, 1.0), "");
   return LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, z, kd(e, 0.0), ""), v, kd(e, 0.0), "");
}

/* Clamp and encoding of window depth zd: the <16 x i32> value the DB compares and stores. */
static LLVMValueRef encode_depth(struct dbe *e, LLVMValueRef zd)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   if (e->k->clamp) {
      /* !(z >= zmin) -> zmin (NaN too), else z > zmax -> zmax */
      LLVMValueRef hi = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, zd, e->zmax, ""),
                                        e->zmax, zd, "");
      zd = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealULT, zd, e->zmin, ""), e->zmin, hi, "");
   }
   if (e->is_float) {
      LLVMValueRef f = LLVMBuildFPTrunc(b, zd, j->vf, "");
      LLVMValueRef big = LLVMBuildFCmp(b, LLVMRealOGT, call_vd(e, "llvm.fabs", zd),
                                       kd(e, FLT_MAX), "");
      LLVMValueRef inf = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, zd, kd(e, 0.0), ""),
                                         kf(j, INFINITY), kf(j, -INFINITY), "");
      return I(j, LLVMBuildSelect(b, big, inf, f, ""));
   }
   /* (z > 0 ? (z < 1 ? z : 1) : 0) * (2^n - 1), rounded half to even */
   LLVMValueRef v;
   if (!e->in01) {
      v = unorm_clamp(e, zd);
   } else {
      /* After a clamp to a range inside [0, 1], z is in [0, 1] (a zero perhaps -0, which
       * gives 0 all the same): the clamp to [0, 1] changes nothing and is skipped. */
      LLVMBasicBlockRef skip = LLVMGetInsertBlock(b);
      LLVMBasicBlockRef clamp_bb = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_unorm_clamp");
      LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_unorm");
      LLVMBuildCondBr(b, e->in01, join, clamp_bb);
      LLVMPositionBuilderAtEnd(b, clamp_bb);
      LLVMValueRef c = unorm_clamp(e, zd);
      clamp_bb = LLVMGetInsertBlock(b);
      LLVMBuildBr(b, join);
      LLVMPositionBuilderAtEnd(b, join);
      v = LLVMBuildPhi(b, e->vd, "");
      LLVMValueRef vals[2] = { zd, c };
      LLVMBasicBlockRef from[2] = { skip, clamp_bb };
      LLVMAddIncoming(v, vals, from, 2);
   }
   v = call_vd(e, "llvm.roundeven", LLVMBuildFMul(b, v, kd(e, e->unorm_max), ""));
   return LLVMBuildFPToSI(b, v, j->vi, "");   /* v <= 2^24 - 1 */
}

/* The plane is flat when dz1 and dz2 are 0, area2 is not, and (float formats) z0 is not 0:
 * then every lane's e1 * dz1 + e2 * dz2 is a zero, so is its quotient by area2, and z0 plus
 * that zero is z0 (for z0 = 0 the sum's sign would depend on the lane's zeros, which only a
 * float format keeps: a unorm format encodes both zeros as 0, and the clamp compares them
 * alike). Every sample's depth is then (z0 + offset) clamped and encoded: flat_z. Keys with
 * a depth export take the plane per lane (flat is 0). */
static void flat_setup(struct dbe *e, LLVMValueRef db, LLVMValueRef z0, LLVMValueRef dz1,
                       LLVMValueRef dz2, LLVMValueRef zoff, LLVMValueRef area2, LLVMValueRef s)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   LLVMValueRef zero = LLVMConstReal(e->f64, 0.0);
   LLVMValueRef flat = LLVMConstInt(j->i32, 0, 0), flat_z = flat;
   if (!e->k->z_export) {
      LLVMValueRef c = LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOEQ, dz1, zero, ""),
                                    LLVMBuildFCmp(b, LLVMRealOEQ, dz2, zero, ""), "");
      c = LLVMBuildAnd(b, c, LLVMBuildFCmp(b, LLVMRealONE, area2, zero, ""), "");
      if (e->is_float)
         c = LLVMBuildAnd(b, c, LLVMBuildFCmp(b, LLVMRealONE, z0, zero, ""), "");
      flat = LLVMBuildZExt(b, c, j->i32, "");
      if (e->k->clamp)
         clamp_range(e, db);
      LLVMValueRef zd = canon_nan(e, splat_of(j, e->vd, LLVMBuildFAdd(b, z0, zoff, "")));
      flat_z = LLVMBuildExtractElement(b, encode_depth(e, zd), ci32(j, 0), "");
   }
   store(j, flat, gep(j, s, SET(flat)), 4);
   store(j, flat_z, gep(j, s, SET(flat_z)), 4);
}

void jit_db_setup_emit(struct jb *j, const struct jit_db_key *k, LLVMValueRef db,
                       LLVMValueRef prim, LLVMValueRef ms, LLVMValueRef s)
{
   LLVMBuilderRef b = j->b;
   struct dbe e;
   dbe_init(&e, j, k);
   LLVMValueRef x[3], y[3], z[3];
   for (unsigned v = 0; v < 3; v++) {
      x[v] = ld(j, j->i64, prim, offsetof(struct sim_prim, x) + 8 * v, 8);
      y[v] = ld(j, j->i64, prim, offsetof(struct sim_prim, y) + 8 * v, 8);
      z[v] = LLVMBuildFPExt(b, ld(j, j->f32, prim, offsetof(struct sim_prim, z) + 4 * v, 4),
                            e.f64, "");
   }
   LLVMValueRef dz1 = LLVMBuildFSub(b, z[1], z[0], ""), dz2 = LLVMBuildFSub(b, z[2], z[0], "");
   LLVMValueRef zoff = ld(j, e.f64, prim, offsetof(struct sim_prim, z_offset), 8);
   LLVMValueRef area2 = LLVMBuildSIToFP(b, ld(j, j->i64, prim, offsetof(struct sim_prim, area2), 8),
                                        e.f64, "");
   set_at(j, s, SET(z0), z[0]);
   set_at(j, s, SET(dz1), dz1);
   set_at(j, s, SET(dz2), dz2);
   set_at(j, s, SET(zoff), zoff);
   set_at(j, s, SET(area2), area2);
   flat_setup(&e, db, z[0], dz1, dz2, zoff, area2, s);

   /* e1 = (x0 - x2) * (py - y2) - (y0 - y2) * (px - x2), e2 likewise from v0 and v1, at
    * px = bx * SIM_SUBPIX + SIM_SUBPIX / 2 + dx_s (py alike) */
   LLVMValueRef sub = LLVMConstInt(j->i64, SIM_SUBPIX, 0), half = LLVMConstInt(j->i64, SIM_SUBPIX / 2, 0);
   static const unsigned va[2] = { 0, 1 }, vc[2] = { 2, 0 };
   LLVMValueRef lx = lane_offsets(&e, false), ly = lane_offsets(&e, true);
   for (unsigned k2 = 0; k2 < 2; k2++) {
      LLVMValueRef ax = LLVMBuildSub(b, x[va[k2]], x[vc[k2]], "");
      LLVMValueRef ay = LLVMBuildSub(b, y[va[k2]], y[vc[k2]], "");
      LLVMValueRef sx = LLVMBuildNeg(b, LLVMBuildMul(b, ay, sub, ""), "");
      LLVMValueRef sy = LLVMBuildMul(b, ax, sub, "");
      set_at(j, s, SET(sx) + 8 * k2, sx);
      set_at(j, s, SET(sy) + 8 * k2, sy);
      for (unsigned smp = 0; smp < k->samples; smp++) {
         LLVMValueRef dx = ld(j, j->i64, ms, offsetof(struct sim_sc_msaa, dx) + 8 * smp, 8);
         LLVMValueRef dy = ld(j, j->i64, ms, offsetof(struct sim_sc_msaa, dy) + 8 * smp, 8);
         LLVMValueRef py = LLVMBuildSub(b, LLVMBuildAdd(b, half, dy, ""), y[vc[k2]], "");
         LLVMValueRef px = LLVMBuildSub(b, LLVMBuildAdd(b, half, dx, ""), x[vc[k2]], "");
         LLVMValueRef c = LLVMBuildSub(b, LLVMBuildMul(b, ax, py, ""), LLVMBuildMul(b, ay, px, ""), "");
         set_at(j, s, SET(c) + 16 * smp + 8 * k2, c);
      }
      LLVMValueRef steps = LLVMBuildFAdd(b,
         LLVMBuildFMul(b, lx, splat_of(j, e.vd, LLVMBuildSIToFP(b, sx, e.f64, "")), ""),
         LLVMBuildFMul(b, ly, splat_of(j, e.vd, LLVMBuildSIToFP(b, sy, e.f64, "")), ""), "");
      store(j, steps, gep(j, s, SET(lane) + (size_t)k2 * SIM_LANES * 8), 8);
   }

   LLVMValueRef in01 = LLVMConstInt(j->i64, 0, 0);
   if (k->clamp && !e.is_float) {
      LLVMValueRef zmin = ld(j, e.f64, db, offsetof(struct sim_db_state, zmin), 8);
      LLVMValueRef zmax = ld(j, e.f64, db, offsetof(struct sim_db_state, zmax), 8);
      LLVMValueRef zero = LLVMConstReal(e.f64, 0.0), one = LLVMConstReal(e.f64, 1.0);
      LLVMValueRef ok = LLVMBuildAnd(b,
         LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOGE, zmin, zero, ""),
                      LLVMBuildFCmp(b, LLVMRealOLE, zmin, one, ""), ""),
         LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOGE, zmax, zero, ""),
                      LLVMBuildFCmp(b, LLVMRealOLE, zmax, one, ""), ""), "");
      in01 = LLVMBuildZExt(b, ok, j->i64, "");
   }
   set_at(j, s, SET(in01), in01);
}

/* ---- tests ------------------------------------------------------------------------------- */

/* a FUNC b (compare() of db.c): unsigned integers, or the floats of the bits. */
static LLVMValueRef compare(struct dbe *e, unsigned func, LLVMValueRef a, LLVMValueRef b,
                            bool fl)
{
   struct jb *j = e->j;
   static const LLVMRealPredicate fp[8] = { 0, LLVMRealOLT, LLVMRealOEQ, LLVMRealOLE,
                                            LLVMRealOGT, LLVMRealUNE, LLVMRealOGE, 0 };
   static const LLVMIntPredicate ip[8] = { 0, LLVMIntULT, LLVMIntEQ, LLVMIntULE,
                                           LLVMIntUGT, LLVMIntNE, LLVMIntUGE, 0 };
   if (func == DB_DEPTH_CONTROL__ZFUNC__FRAG_NEVER)
      return LLVMConstNull(j->vb);
   if (func == DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS)
      return LLVMConstAllOnes(j->vb);
   return fl ? LLVMBuildFCmp(j->b, fp[func], F(j, a), F(j, b), "")
             : LLVMBuildICmp(j->b, ip[func], a, b, "");
}

/* stencil_op() of db.c on <16 x i32> values 0..255. */
static LLVMValueRef stencil_op(struct dbe *e, unsigned op, LLVMValueRef s, LLVMValueRef ref)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   LLVMValueRef one = kvec(j, 1), ff = kvec(j, 0xFF);
   switch (op) {
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_ZERO: return kvec(j, 0);
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_REPLACE: return ref;
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_INCR_CLAMP:
      return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, s, ff, ""), s,
                             LLVMBuildAdd(b, s, one, ""), "");
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_DECR_CLAMP:
      return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntEQ, s, kvec(j, 0), ""), s,
                             LLVMBuildSub(b, s, one, ""), "");
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_INVERT: return LLVMBuildXor(b, s, ff, "");
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_INCR_WRAP:
      return LLVMBuildAnd(b, LLVMBuildAdd(b, s, one, ""), ff, "");
   case DB_DEPTH_CONTROL__STENCILFAIL__STENCIL_DECR_WRAP:
      return LLVMBuildAnd(b, LLVMBuildSub(b, s, one, ""), ff, "");
   default: return s;   /* STENCIL_KEEP */
   }
}

/* The stored depth (<16 x i32>, format encoding) and stencil (<16 x i32>, 0..255, or NULL)
 * of pixels px. */
static void unpack(struct dbe *e, LLVMValueRef px, LLVMValueRef *depth, LLVMValueRef *stencil)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   *stencil = NULL;
   switch (e->k->format) {
   case DB_DEPTH_INFO__FORMAT__DEPTH_16:
      *depth = LLVMBuildZExt(b, px, j->vi, "");
      break;
   case DB_DEPTH_INFO__FORMAT__DEPTH_X8_24:
   case DB_DEPTH_INFO__FORMAT__DEPTH_8_24:
      *depth = LLVMBuildAnd(b, px, kvec(j, 0xFFFFFF), "");
      *stencil = LLVMBuildLShr(b, px, kvec(j, 24), "");
      break;
   case DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT:
      *depth = px;
      break;
   default: /* DEPTH_X24_8_32_FLOAT */
      *depth = LLVMBuildTrunc(b, px, j->vi, "");
      *stencil = LLVMBuildAnd(b, LLVMBuildTrunc(b, LLVMBuildLShr(b, px, ksplat(j->i64, 32), ""),
                                                j->vi, ""),
                              kvec(j, 0xFF), "");
      break;
   }
}

/* Pixels px with depth d and stencil s (0..255) put in, the other bits kept. */
static LLVMValueRef pack(struct dbe *e, LLVMValueRef px, LLVMValueRef d, LLVMValueRef s)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   switch (e->k->format) {
   case DB_DEPTH_INFO__FORMAT__DEPTH_16:
      return LLVMBuildTrunc(b, d, e->vpix, "");
   case DB_DEPTH_INFO__FORMAT__DEPTH_X8_24:
   case DB_DEPTH_INFO__FORMAT__DEPTH_8_24:
      return LLVMBuildOr(b, d, LLVMBuildShl(b, s, kvec(j, 24), ""), "");
   case DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT:
      return d;
   default: { /* DEPTH_X24_8_32_FLOAT: dword 1 keeps bits 31:8 */
      LLVMValueRef hi = LLVMBuildTrunc(b, LLVMBuildLShr(b, px, ksplat(j->i64, 32), ""), j->vi, "");
      hi = LLVMBuildOr(b, LLVMBuildAnd(b, hi, kvec(j, ~0xFFu), ""), s, "");
      return LLVMBuildOr(b, LLVMBuildZExt(b, d, e->vpix, ""),
                         LLVMBuildShl(b, LLVMBuildZExt(b, hi, e->vpix, ""), ksplat(j->i64, 32), ""),
                         "");
   }
   }
}

/* The tests of every sample with stencil face f (ref, mask, writemask: <16 x i32>, or NULL
 * without stencil): returns the <16 x i8> of passed samples of every lane (0 outside the
 * mask). */
static LLVMValueRef test_samples(struct dbe *e, unsigned f, LLVMValueRef ref, LLVMValueRef smk,
                                 LLVMValueRef wm)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   const struct jit_db_key *k = e->k;
   bool touch = k->z_enable || k->stencil;
   bool writes = k->z_write || k->stencil;
   LLVMValueRef passed = LLVMConstNull(e->v8);
   LLVMValueRef refm = k->stencil ? LLVMBuildAnd(b, ref, smk, "") : NULL;
   for (unsigned s = 0; s < k->samples; s++) {
      LLVMValueRef bit = ksplat(j->i8, 1u << s);
      LLVMValueRef active = LLVMBuildAnd(b, e->lanes,
         LLVMBuildICmp(b, LLVMIntNE, LLVMBuildAnd(b, e->smask_in, bit, ""), LLVMConstNull(e->v8), ""), "");
      LLVMValueRef ok = active;
      if (touch) {
         LLVMValueRef p = e->addr;
         if (s) {
            LLVMValueRef off = LLVMBuildMul(b, e->sample_bytes, LLVMConstInt(j->i64, s, 0), "");
            p = LLVMBuildGEP2(b, j->i8, p, &off, 1, "");
         }
         LLVMValueRef px = load_pixels(e, p), stored, st;
         unpack(e, px, &stored, &st);
         LLVMValueRef s_pass = LLVMConstAllOnes(j->vb), z_pass = LLVMConstAllOnes(j->vb);
         LLVMValueRef z = NULL;
         if (k->stencil)
            s_pass = compare(e, k->func[f], refm, LLVMBuildAnd(b, st, smk, ""), false);
         if (k->z_enable) {
            z = e->zflat ? e->zflat : encode_depth(e, depth_at(e, s));
            z_pass = compare(e, k->zfunc, z, stored, e->is_float);
         }
         LLVMValueRef both = LLVMBuildAnd(b, s_pass, z_pass, "");
         ok = LLVMBuildAnd(b, active, both, "");
         if (writes) {
            LLVMValueRef nd = k->z_write ? LLVMBuildSelect(b, ok, z, stored, "") : stored;
            LLVMValueRef ns = st;   /* kept without the test (DEPTH_X8_24's unused byte too) */
            if (k->stencil) {
               LLVMValueRef op = LLVMBuildSelect(b, s_pass,
                  LLVMBuildSelect(b, z_pass, stencil_op(e, k->zpass[f], st, ref),
                                  stencil_op(e, k->zfail[f], st, ref), ""),
                  stencil_op(e, k->fail[f], st, ref), "");
               op = LLVMBuildOr(b, LLVMBuildAnd(b, st, LLVMBuildXor(b, wm, kvec(j, 0xFF), ""), ""),
                                LLVMBuildAnd(b, op, wm, ""), "");
               ns = LLVMBuildSelect(b, active, op, st, "");
            }
            store_changed(e, p, px, pack(e, px, nd, ns));
         }
      }
      passed = LLVMBuildOr(b, passed, LLVMBuildSelect(b, ok, bit, LLVMConstNull(e->v8), ""), "");
   }
   return passed;
}

/* The stencil reference, mask and write mask of face f of db, splat to <16 x i32>. */
static void stencil_face(struct dbe *e, LLVMValueRef db, LLVMValueRef f, LLVMValueRef v[3])
{
   struct jb *j = e->j;
   static const size_t field[3] = { offsetof(struct sim_db_stencil, ref),
                                    offsetof(struct sim_db_stencil, mask),
                                    offsetof(struct sim_db_stencil, writemask) };
   for (unsigned i = 0; i < 3; i++) {
      LLVMValueRef base = gep(j, db, offsetof(struct sim_db_state, face) + field[i]);
      LLVMValueRef idx = LLVMBuildMul(j->b, f, LLVMConstInt(j->i64, sizeof(struct sim_db_stencil), 0), "");
      LLVMValueRef p = LLVMBuildGEP2(j->b, j->i8, base, &idx, 1, "");
      LLVMValueRef byte = LLVMBuildLoad2(j->b, j->i8, p, "");
      LLVMSetAlignment(byte, 1);
      v[i] = splat(j, LLVMBuildZExt(j->b, byte, j->i32, ""));
   }
}

/* The tests of every sample with the stencil face of the primitive: returns the <16 x i8> of
 * passed samples of every lane. */
static LLVMValueRef test_faces(struct dbe *e, LLVMValueRef db, LLVMValueRef prim)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   const struct jit_db_key *k = e->k;
   if (!k->stencil)
      return test_samples(e, 0, NULL, NULL, NULL);
   if (!k->backface) {
      LLVMValueRef v[3];
      stencil_face(e, db, LLVMConstInt(j->i64, 0, 0), v);
      return test_samples(e, 0, v[0], v[1], v[2]);
   }
   /* back faces (prim->front == 0) use face 1, with code of their own */
   LLVMValueRef front = ld(j, j->i8, prim, offsetof(struct sim_prim, front), 1);
   front = LLVMBuildICmp(b, LLVMIntNE, front, LLVMConstInt(j->i8, 0, 0), "");
   LLVMBasicBlockRef face_bb[2] = {
      LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_front"),
      LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_back"),
   };
   LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_faces");
   LLVMBuildCondBr(b, front, face_bb[0], face_bb[1]);
   LLVMValueRef res[2];
   LLVMBasicBlockRef from[2];
   for (unsigned f = 0; f < 2; f++) {
      LLVMPositionBuilderAtEnd(b, face_bb[f]);
      LLVMValueRef v[3];
      stencil_face(e, db, LLVMConstInt(j->i64, f, 0), v);
      res[f] = test_samples(e, f, v[0], v[1], v[2]);
      from[f] = LLVMGetInsertBlock(b);
      LLVMBuildBr(b, join);
   }
   LLVMPositionBuilderAtEnd(b, join);
   LLVMValueRef passed = LLVMBuildPhi(b, e->v8, "");
   LLVMAddIncoming(passed, res, from, 2);
   return passed;
}

/* test_faces with the depth plane of the primitive's setup: a flat plane's depth is one
 * splat (flat_setup), any other plane's is computed per sample. */
static LLVMValueRef test_depth(struct dbe *e, LLVMValueRef db, LLVMValueRef prim,
                               LLVMValueRef bx, LLVMValueRef by, LLVMValueRef out)
{
   struct jb *j = e->j;
   LLVMBuilderRef b = j->b;
   if (!e->k->z_enable)
      return test_faces(e, db, prim);
   if (e->k->z_export) {
      depth_setup(e, db, bx, by, out);
      return test_faces(e, db, prim);
   }
   LLVMValueRef flat = ld(j, j->i32, e->setup, SET(flat), 4);
   LLVMBasicBlockRef bb[2] = {
      LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_flat"),
      LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_plane"),
   };
   LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_tested");
   LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, flat, ci32(j, 0), ""), bb[0], bb[1]);
   LLVMValueRef res[2];
   for (unsigned i = 0; i < 2; i++) {
      LLVMPositionBuilderAtEnd(b, bb[i]);
      if (i == 0)
         e->zflat = splat(j, ld(j, j->i32, e->setup, SET(flat_z), 4));
      else
         depth_setup(e, db, bx, by, out);
      res[i] = test_faces(e, db, prim);
      e->zflat = NULL;
      bb[i] = LLVMGetInsertBlock(b);
      LLVMBuildBr(b, join);
   }
   LLVMPositionBuilderAtEnd(b, join);
   LLVMValueRef passed = LLVMBuildPhi(b, e->v8, "");
   LLVMAddIncoming(passed, res, bb, 2);
   return passed;
}

LLVMValueRef jit_db_emit(struct jb *j, const struct jit_db_key *k, LLVMValueRef db,
                         LLVMValueRef prim, LLVMValueRef setup, LLVMValueRef bx,
                         LLVMValueRef by, LLVMValueRef mask, LLVMValueRef smask,
                         LLVMValueRef out)
{
   LLVMBuilderRef b = j->b;
   struct dbe e;
   dbe_init(&e, j, k);
   e.setup = setup;

   e.lanes = LLVMBuildBitCast(b, mask, j->vb, "");
   e.smask_in = LLVMBuildLoad2(b, e.v8, smask, "");
   LLVMSetAlignment(e.smask_in, 1);

   /* The block is inside the surface (x < pitch, y < height) or outside as a whole. */
   LLVMValueRef tiles = ld(j, j->i32, db, offsetof(struct sim_db_state, tiles_per_row), 4);
   LLVMValueRef height = ld(j, j->i32, db, offsetof(struct sim_db_state, height), 4);
   LLVMValueRef pitch = LLVMBuildMul(b, tiles, ci32(j, 8), "");
   LLVMValueRef inside = LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntULT, bx, pitch, ""),
                                      LLVMBuildICmp(b, LLVMIntULT, by, height, ""), "");
   LLVMBasicBlockRef in_bb = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_inside");
   LLVMBasicBlockRef out_bb = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_outside");
   LLVMBasicBlockRef done_bb = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "db_done");
   LLVMBuildCondBr(b, inside, in_bb, out_bb);

   /* outside: the lanes of the mask lose every sample */
   LLVMPositionBuilderAtEnd(b, out_bb);
   LLVMValueRef cleared = LLVMBuildSelect(b, e.lanes, LLVMConstNull(e.v8), e.smask_in, "");
   LLVMSetAlignment(LLVMBuildStore(b, cleared, smask), 1);
   LLVMBuildBr(b, done_bb);

   LLVMPositionBuilderAtEnd(b, in_bb);
   if (k->z_enable || k->stencil) {
      /* hw_depth_tiled_index of (bx, by): the block's first pixel */
      LLVMValueRef tile = LLVMBuildAdd(b, LLVMBuildMul(b, LLVMBuildUDiv(b, by, ci32(j, 8), ""), tiles, ""),
                                       LLVMBuildUDiv(b, bx, ci32(j, 8), ""), "");
      LLVMValueRef index = LLVMBuildAdd(b, LLVMBuildMul(b, LLVMBuildZExt(b, tile, j->i64, ""),
                                                        LLVMConstInt(j->i64, 64, 0), ""),
         LLVMBuildZExt(b, LLVMBuildAdd(b, LLVMBuildMul(b, LLVMBuildURem(b, by, ci32(j, 8), ""), ci32(j, 8), ""),
                                       LLVMBuildURem(b, bx, ci32(j, 8), ""), ""), j->i64, ""), "");
      LLVMValueRef off = LLVMBuildMul(b, index, LLVMConstInt(j->i64, e.bpp, 0), "");
      LLVMValueRef base = ld(j, j->ptr, db, offsetof(struct sim_db_state, base), 8);
      e.addr = LLVMBuildGEP2(b, j->i8, base, &off, 1, "");
      e.sample_bytes = ld(j, j->i64, db, offsetof(struct sim_db_state, sample_bytes), 8);
   }
   LLVMValueRef passed = test_depth(&e, db, prim, bx, by, out);
   LLVMValueRef sm = LLVMBuildSelect(b, e.lanes, passed, e.smask_in, "");
   LLVMSetAlignment(LLVMBuildStore(b, sm, smask), 1);
   LLVMValueRef any = LLVMBuildICmp(b, LLVMIntNE, passed, LLVMConstNull(e.v8), "");
   LLVMValueRef result = mask16(j, any);
   LLVMBasicBlockRef in_end = LLVMGetInsertBlock(b);
   LLVMBuildBr(b, done_bb);

   LLVMPositionBuilderAtEnd(b, done_bb);
   LLVMValueRef phi = LLVMBuildPhi(b, j->i16, "");
   LLVMValueRef vals[2] = { result, ci16(j, 0) };
   LLVMBasicBlockRef bbs[2] = { in_end, out_bb };
   LLVMAddIncoming(phi, vals, bbs, 2);
   return phi;
}
