/* The fused pixel path (shader_exec.h sim_pixel_fused_*): per draw state one LLVM function
 *    uint32_t block(struct sim_pixel_block *b, int32_t stage)
 * whose stage 0 does, for a 4x4 block, the early depth/stencil test and the PS input load,
 * stage 1, after the PS, the SX alpha test, the late depth/stencil test and the CB write,
 * and stage 2 the whole block: stage 0, the PS, its kills, stage 1, with every decision the
 * registers make for the draw taken when the code is built. Stage 2 calls the PS's native
 * code directly, on the run state sim_program_run_prepare made for the primitive, setting
 * the per-run fields as sim_program_run_valid does; stages 0 and 1 serve draws whose PS has
 * no native code yet (draw.c runs it on the interpreter between them). The PS runs with
 * FTZ/DAZ set and the fixed-function units without (their doubles and floats keep
 * denormals): stage 2 writes MXCSR around the call only (emit_ps says why no float
 * operation crosses those writes), and not at all for a PS whose results cannot depend on
 * it (sq/mxcsr_free.h; on this AMD EPYC each write waits for the float work in flight, a
 * third of a plain fill's time); stages 0 and 1 are internal functions of the module,
 * called by stage 2 and by the entries of stages 0 and 1, so their code is built once.
 *
 * The units: the DB and CB emitters (jit_db.h, jit_cb.h), or for the states they do not
 * take, calls of sim_db_test / sim_sx_alpha_test / sim_cb_write; the input load here.
 *
 * The input load is bit-identical to pixel/spi.c, whose arithmetic it repeats operation for
 * operation: the integer edge functions per lane, in double from lane 0's value and the
 * steps per pixel when spi.c's test says every partial sum is an integer below 2^53, else
 * in int64 (both give spi.c's exact integer: exact, or wrapped the same way modulo 2^64),
 * b_k = (double)e_k * (1 / area2), q_k = b_k * inv_w_k,
 * qsum = ((0 + q0) + q1) + q2, p_k = q_k / qsum, values (float)((a0 + w1 * d1) + w2 * d2) in
 * double; no operation is contracted or reassociated (LLVM does neither without fast-math
 * flags). What is the same for every block of a primitive is made once (struct setup), and
 * components equal at the three vertices skip the divisions where that gives the same bits
 * (load_persp), and with one 1/w at the vertices, in the blocks flat_setup's bound takes,
 * every weight. Not supported (no variant: draw.c uses the C units): centroid inputs or position
 * (the centroid needs the coverage test per lane) and point-sprite inputs.
 *
 * Zeroing: draw.c's C path zeroes every GPR below ngprs and every export before a block; the
 * load zeroes only the GPR channels the PS may read before writing them and the exports the
 * units after it read and it may not write (zero_mask, from the PS's straight-code analysis
 * sq/vs_gprs.h; all of them for a PS it declines), the mask part of the key.
 *
 * Variants: a zero-filled key of the state, hashed, compiled through sim_jit_compile_module
 * (disk cache included; some 45 ms with SIM_JIT_PASSES of jit.h, so the GL tests' many
 * states would stall their draws): by a compile thread of this file while draws take the C units,
 * which give the same results, or with R600SIM_JIT_ASYNC=0 at the first draw. At most
 * CACHE_BOUND variants no draw holds are kept, the least recently used freed. */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "geometry/prim.h"
#include "jit/jit.h"
#include "jit/jit_cb.h"
#include "jit/jit_db.h"
#include "jit/jit_host.h"
#include "jit/jit_ir.h"
#include "pixel/spi.h"
#include "r600_regs.h"
#include "sq/mxcsr_free.h"
#include "sq/run_state.h"
#include "sq/vs_gprs.h"

#define KEY_VERSION 7
#define BUCKETS 256
#define CACHE_BOUND 256

enum in_mode { IN_DEFAULT, IN_FLAT, IN_PERSP, IN_LINEAR };

struct key {
   uint32_t version;
   uint32_t ngprs, num_interp;
   struct {
      uint32_t mode;                 /* enum in_mode */
      uint32_t param;                /* VS parameter (not IN_DEFAULT) */
      uint32_t def[4];               /* IN_DEFAULT: the value bits */
   } in[SIM_MAX_PARAMS];
   uint8_t pos_ena, provide_z, face_ena, face_all_bits;
   uint32_t pos_addr, face_addr, face_chan;
   uint8_t early_z, late_z, color_kill;
   uint8_t zero_pixel, zero61;        /* zeroed exports: PIXEL n (bit n), PIXEL 61 (zero_mask) */
   uint8_t db_host, cb_host;          /* the C unit is called (its emitter does not take the state) */
   uint8_t mxcsr_free;                /* the PS runs without the MXCSR writes (sq/mxcsr_free.h) */
   uint8_t zero[SIM_MAX_GPRS];        /* bit c of entry g: channel c of GPR g zeroed (zero_mask) */
   struct jit_db_key db;
   struct jit_cb_key cb;
};

struct sim_pixel_fused {
   struct key key;
   uint64_t hash;
   uint32_t (*block)(struct sim_pixel_block *, int32_t);
   struct sim_jit_code code;
   unsigned refs;                                /* draws and the compile queue holding it */
   bool failed;                                  /* the compile failed: the C units for good */
   struct sim_pixel_fused *queued;               /* the compile queue */
   struct sim_pixel_fused *next;                 /* bucket chain */
   struct sim_pixel_fused *lru_prev, *lru_next;  /* unheld variants, most recent first */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct sim_pixel_fused *bucket[BUCKETS];
static struct sim_pixel_fused *lru_head, *lru_tail;
static unsigned unheld;
static struct sim_pixel_fused *queue_head;   /* the compile queue, newest first */
static bool worker_running;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;
/* the optimisation of every variant (part of its disk cache key) */
#define PASSES SIM_JIT_PASSES

static bool async = true;   /* R600SIM_JIT_ASYNC, as for programs (shader_cache.c) */

static void config(void)
{
   const char *e = getenv("R600SIM_JIT_ASYNC");
   async = !(e && !strcmp(e, "0"));
}

/* ---- the key ------------------------------------------------------------------------------ */

/* The exports the units after the PS may read, which the PS gets zeroed (draw.c zeroes
 * them all): an export writes the lanes of its exec mask and leaves the others. The SX
 * alpha test reads PIXEL 0 .w, each colour target its export, blending PIXEL 1 (the dual
 * source: cb.c reads it for every written pixel, the CB emitter only for a blend that uses
 * it) and the DB PIXEL 61 .x. k->cb_host and k->cb are set. */
static void exports_read(struct key *k, const struct sim_pixel_state *st)
{
   const struct sim_cb_state *cb = st->cb;
   if (cb->alpha_test)
      k->zero_pixel |= 1;
   if (!st->color_kill && cb->num_targets) {
      if (k->cb_host || jit_cb_reads_src1(&k->cb))
         k->zero_pixel |= 2;
      for (unsigned i = 0; i < cb->num_targets; i++)
         k->zero_pixel |= (uint8_t)(1u << cb->t[i].export_index);
   }
   k->zero61 = st->late_z && st->db->z_export;
}

/* The GPR channels below ngprs the input load does not write and the PS `ps` may read
 * before writing them (sim_program_ps_first_reads; all of them when it cannot tell): the
 * only ones whose zeroing can show. The exports the units read lose their zeroing where
 * such a PS writes them in full (in every lane it runs on, a superset of those the units
 * read). */
static void zero_mask(struct key *k, const struct sim_program *ps)
{
   const struct sim_vs_gprs *a = sim_program_ps_first_reads(ps);
   for (unsigned g = 0; g < k->ngprs; g++)
      k->zero[g] = a ? a->first_read[g] : 0xF;
   if (a) {
      k->zero_pixel &= (uint8_t)~a->pixel_written;
      if (a->pixel_written >> 61 & 1)
         k->zero61 = 0;
   }
   for (unsigned i = 0; i < k->num_interp; i++)
      k->zero[i] = 0;
   if (k->pos_ena)
      k->zero[k->pos_addr] = 0;
   if (k->face_ena)
      k->zero[k->face_addr] &= (uint8_t)~(1u << k->face_chan);
}

static bool make_key(struct key *k, const struct sim_program *ps, const struct sim_pixel_state *st)
{
   const struct sim_spi_state *spi = st->spi;
   unsigned ngprs = st->ngprs;
   memset(k, 0, sizeof(*k));
   if (spi->any_centroid || (spi->pos_ena && spi->pos_centroid))
      return false;
   k->version = KEY_VERSION;
   k->ngprs = ngprs;
   k->num_interp = spi->num_interp;
   for (unsigned i = 0; i < spi->num_interp; i++) {
      const struct sim_spi_input *in = &spi->in[i];
      if (in->sprite)
         return false;
      if (in->param < 0) {
         k->in[i].mode = IN_DEFAULT;
         memcpy(k->in[i].def, in->def, sizeof(in->def));
      } else {
         k->in[i].mode = in->flat ? IN_FLAT : in->linear ? IN_LINEAR : IN_PERSP;
         k->in[i].param = (uint32_t)in->param;
      }
   }
   k->pos_ena = spi->pos_ena;
   if (spi->pos_ena) {
      k->provide_z = spi->provide_z;
      k->pos_addr = spi->pos_addr;
   }
   k->face_ena = spi->face_ena;
   if (spi->face_ena) {
      k->face_all_bits = spi->face_all_bits;
      k->face_addr = spi->face_addr;
      k->face_chan = spi->face_chan;
   }
   k->early_z = st->early_z;
   k->late_z = st->late_z;
   k->color_kill = st->color_kill;
   if (st->early_z || st->late_z)
      k->db_host = !jit_db_key_init(&k->db, st->db, st->ms, st->late_z);
   if (k->db_host)
      memset(&k->db, 0, sizeof(k->db));
   k->cb_host = !jit_cb_key_init(&k->cb, st->cb);
   exports_read(k, st);
   if (k->cb_host)
      memset(&k->cb, 0, sizeof(k->cb));
   zero_mask(k, ps);
   k->mxcsr_free = sim_program_mxcsr_free(ps);
   return true;
}

/* Mixes n bytes at p into h, eight at a time (every draw hashes its key). */
static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
   const uint8_t *b = p;
   for (; n >= 8; b += 8, n -= 8) {
      uint64_t w;
      memcpy(&w, b, 8);
      h = (h ^ w) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 32;   /* a multiply carries upwards only: bring the high half down */
   }
   for (; n; b++, n--)
      h = (h ^ *b) * 0x100000001b3ull;
   return h ^ h >> 32;
}

/* The key's inputs past num_interp are zero (make_key): only the used ones are hashed. */
static uint64_t hash_key(const struct key *k)
{
   const uint8_t *b = (const uint8_t *)k;
   size_t used = offsetof(struct key, in) + k->num_interp * sizeof(k->in[0]);
   size_t rest = offsetof(struct key, in) + sizeof(k->in);
   uint64_t h = hash_bytes(0xcbf29ce484222325ull, b, used);
   return hash_bytes(h, b + rest, sizeof(*k) - rest);
}

/* ---- the IR ---------------------------------------------------------------------------------- */

struct ir {
   struct jb j;
   LLVMTypeRef f64, vd, vq;   /* double, <16 x double>, <16 x i64> */
   LLVMValueRef blk, prim, lanes, bx, by;
};

#define BLK(f) offsetof(struct sim_pixel_block, f)

static LLVMValueRef ld_at(struct ir *r, LLVMTypeRef ty, LLVMValueRef base, size_t off, unsigned align)
{
   LLVMValueRef v = LLVMBuildLoad2(r->j.b, ty, gep(&r->j, base, off), "");
   LLVMSetAlignment(v, align);
   return v;
}

static LLVMValueRef splat_to(struct ir *r, LLVMTypeRef vty, LLVMValueRef s)
{
   LLVMValueRef v = LLVMBuildInsertElement(r->j.b, LLVMGetPoison(vty), s, ci32(&r->j, 0), "");
   return LLVMBuildShuffleVector(r->j.b, v, LLVMGetPoison(vty),
                                 LLVMConstNull(LLVMVectorType(r->j.i32, SIM_LANES)), "");
}

static LLVMValueRef lane_consts_i64(struct ir *r, unsigned (*f)(unsigned))
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = LLVMConstInt(r->j.i64, f(l), 0);
   return LLVMConstVector(e, SIM_LANES);
}

static LLVMValueRef kd(struct ir *r, double v)
{
   return splat_to(r, r->vd, LLVMConstReal(r->f64, v));
}

static LLVMValueRef prim_i64(struct ir *r, size_t off)
{
   return ld_at(r, r->j.i64, r->prim, off, 8);
}

/* fpext of the float at `off` of `base`. */
static LLVMValueRef float_d(struct ir *r, LLVMValueRef base, size_t off)
{
   return LLVMBuildFPExt(r->j.b, ld_at(r, r->j.f32, base, off, 4), r->f64, "");
}

static void store_gpr(struct ir *r, unsigned gpr, unsigned chan, LLVMValueRef v)
{
   size_t off = offsetof(struct sim_lanes, gpr) + ((size_t)gpr * 4 + chan) * SIM_LANES * 4;
   store(&r->j, v, gep(&r->j, r->lanes, off), 4);
}

/* spi.c computed_bits: a NaN becomes the default quiet NaN (the float of a double is NaN
 * exactly when the double is: the test on 8 floats a vector instead of 4 doubles) */
static LLVMValueRef to_float_bits(struct ir *r, LLVMValueRef vd)
{
   LLVMValueRef f = LLVMBuildFPTrunc(r->j.b, vd, r->j.vf, "");
   return LLVMBuildSelect(r->j.b, LLVMBuildFCmp(r->j.b, LLVMRealUNO, f, f, ""),
                          kvec(&r->j, 0x7FC00000u), LLVMBuildBitCast(r->j.b, f, r->j.vi, ""), "");
}

static LLVMValueRef lane_consts_d(struct ir *r, unsigned (*f)(unsigned), double scale)
{
   LLVMValueRef e[SIM_LANES];
   for (unsigned l = 0; l < SIM_LANES; l++)
      e[l] = LLVMConstReal(r->f64, f(l) * scale);
   return LLVMConstVector(e, SIM_LANES);
}

/* ---- the per-primitive constants ------------------------------------------------------------ */

/* What the input load needs of a primitive that is the same for all its blocks, made once per
 * primitive (the whole block keeps it in the run: struct sim_run pixel_setup) by `setup`:
 * spi.c's 1 / area2 and 1/w_k as doubles; per edge k (opposite v[k]) the integer edge
 * function at pixel (0, 0)'s centre, c_k = dx * (H - y_i) - dy * (H - x_i), and its steps
 * per pixel sx_k = -dy * SIM_SUBPIX, sy_k = dx * SIM_SUBPIX (dx = x_j - x_i, dy = y_j - y_i,
 * H = SIM_SUBPIX / 2): spi.c's e0 at block (bx, by) is c_k + bx * sx_k + by * sy_k, the
 * same polynomial expanded (equal modulo 2^64, where both wrap); the lanes' offsets
 * lx * sx_k + ly * sy_k as doubles (exact when the steps are below 2^48: products below
 * 2^50); the window z and, per interpolated input component, a0 = v0, d1 = v1 - a0 and
 * d2 = v2 - a0 in double as spi.c computes them.
 *
 * A constant component: d1 and d2 are zeros and a0 is not -0. Wherever p1 and p2 are finite,
 * p_k * d_k is a zero and a0 + zero + zero is a0 (-0 alone changes: -0 + +0 = +0), so the
 * value is v0's float itself; elsewhere a product is NaN and so is the value. */
struct setup {
   double inv_area;
   double inv_w[3];
   double z[3];                           /* z0, z1 - z0, z2 - z0 */
   int64_t c[3], sx[3], sy[3];
   int64_t small_steps;                   /* 1: every |sx_k|, |sy_k| below 2^48 */
   double lane_steps[3][SIM_LANES];
   double attr[SIM_MAX_PARAMS][4][3];     /* a0, d1, d2 */
   int64_t persp_const;                   /* 1: every perspective component is constant */
   int64_t persp_flat;                    /* 1: constant and flat_block decides (flat_setup) */
   int64_t flat_lim[3];                   /* flat_block's bounds on |e_k| at lane 0 */
   uint32_t bits[SIM_MAX_PARAMS][4];      /* v0's value of each interpolated component */
   struct jit_db_setup db;                /* the depth emitter's (jit_db_key z_enable) */
};
_Static_assert(sizeof(struct setup) <= SIM_PIXEL_SETUP_BYTES, "sim_run holds the setup");

#define SET(f) offsetof(struct setup, f)

static LLVMValueRef blk_ptr(struct ir *r, size_t off)
{
   return ld_at(r, r->j.ptr, r->blk, off, 8);
}

/* Whether the depth emitter takes the draw's test and needs its struct jit_db_setup. */
static bool db_setup(const struct key *k)
{
   return (k->early_z || k->late_z) && !k->db_host && k->db.z_enable;
}

/* |v| as an unsigned i64 (2^63 for INT64_MIN). */
static LLVMValueRef magnitude(struct ir *r, LLVMValueRef v)
{
   struct jb *j = &r->j;
   return sel(j, icmp(j, LLVMIntSLT, v, LLVMConstInt(j->i64, 0, 0)), LLVMBuildNeg(j->b, v, ""), v);
}

/* |v| < 2^bits (i1), for an i64 v. */
static LLVMValueRef below(struct ir *r, LLVMValueRef v, unsigned bits)
{
   return icmp(&r->j, LLVMIntULT, magnitude(r, v), LLVMConstInt(r->j.i64, 1ull << bits, 0));
}

static void set_d(struct ir *r, LLVMValueRef s, size_t off, LLVMValueRef v)
{
   store(&r->j, v, gep(&r->j, s, off), 8);
}

/* The flat perspective case: the primitive's perspective components are all constant (`ok`
 * also says its steps are below 2^48), its 1/w are one finite nonzero W, area2 = A is not 0
 * and the integer edge functions sum to A (c_0 + c_1 + c_2 = A modulo 2^64, the same sum
 * at every pixel). flat_lim_k = min(|A|, 2^29) * 2^32 - 3 * (|sx_k| + |sy_k|) >= 0, so a
 * block whose |e_k| at lane 0 are at most flat_lim_k (flat_block) has, in every lane, the
 * exact integers |e_k| <= 2^32 |A| <= 2^61 (no wrap) summing to A.
 * Then every lane's p_1, p_2 are finite and the values are the constants (load_persp):
 * with u = 2^-53 and T = 2^32, spi.c's b_k = RN(RN(e_k) * RN(1 / A)) = (e_k / A)(1 + t_k),
 * |t_k| <= 4u (each factor normal: |e_k| >= 1 or e_k = 0, |A| < 2^63), so |b_k| <= T(1 + 4u);
 * q_k = RN(b_k W) = (e_k / A) W (1 + f_k), |f_k| <= 6u (|q_k| between 2^-212 and 2^161 or
 * 0: no underflow or overflow); the exact sum of the q_k is W (1 + h), |h| <= 6u sum
 * |e_k / A| <= 18uT, and the two roundings of qsum = (q0 + q1) + q2 add at most
 * u |W| (1 + 18uT) + u (|q0| + |q1|)(1 + u) <= 3uT |W|: |qsum - W| <= 21uT |W| < 2^-16 |W|.
 * So qsum is not 0 and |p_k| = |q_k / qsum| < 2^34: finite, and a0 + p1 * d1 + p2 * d2
 * with d_k = 0 is a0 (struct setup). */
static void flat_setup(struct ir *r, LLVMValueRef s, LLVMValueRef c[3], LLVMValueRef sx[3],
                       LLVMValueRef sy[3], LLVMValueRef ok)
{
   struct jb *j = &r->j;
   LLVMBuilderRef b = j->b;
   LLVMValueRef area = prim_i64(r, offsetof(struct sim_prim, area2)), zero = LLVMConstInt(j->i64, 0, 0);
   LLVMValueRef sum = LLVMBuildAdd(b, LLVMBuildAdd(b, c[0], c[1], ""), c[2], "");
   ok = and_(j, ok, and_(j, icmp(j, LLVMIntNE, area, zero), icmp(j, LLVMIntEQ, sum, area)));
   LLVMValueRef w[3];
   for (unsigned kk = 0; kk < 3; kk++)
      w[kk] = float_d(r, r->prim, offsetof(struct sim_prim, inv_w) + 4 * kk);
   ok = and_(j, ok, and_(j, LLVMBuildFCmp(b, LLVMRealOEQ, w[0], w[1], ""), LLVMBuildFCmp(b, LLVMRealOEQ, w[0], w[2], "")));
   LLVMValueRef aw = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOLT, w[0], LLVMConstReal(r->f64, 0.0), ""),
                                     LLVMBuildFNeg(b, w[0], ""), w[0], "");
   ok = and_(j, ok, and_(j, LLVMBuildFCmp(b, LLVMRealOGT, aw, LLVMConstReal(r->f64, 0.0), ""),
                         LLVMBuildFCmp(b, LLVMRealOLE, aw, LLVMConstReal(r->f64, FLT_MAX), "")));
   LLVMValueRef a = magnitude(r, area), cap = LLVMConstInt(j->i64, 1ull << 29, 0);
   a = LLVMBuildShl(b, sel(j, icmp(j, LLVMIntULT, a, cap), a, cap), LLVMConstInt(j->i64, 32, 0), "");
   for (unsigned kk = 0; kk < 3; kk++) {
      LLVMValueRef steps = LLVMBuildAdd(b, magnitude(r, sx[kk]), magnitude(r, sy[kk]), "");
      LLVMValueRef lim = LLVMBuildSub(b, a, LLVMBuildMul(b, steps, LLVMConstInt(j->i64, 3, 0), ""), "");
      ok = and_(j, ok, icmp(j, LLVMIntSGE, lim, zero));
      store(j, lim, gep(j, s, SET(flat_lim) + 8 * kk), 8);
   }
   store(j, LLVMBuildZExt(b, ok, j->i64, ""), gep(j, s, SET(persp_flat)), 8);
}

/* The body of function setup(prim, s): fills struct setup s for the key's inputs. */
static void build_setup(struct ir *r, const struct key *k, LLVMValueRef s)
{
   struct jb *j = &r->j;
   LLVMBuilderRef b = j->b;
   LLVMValueRef area = LLVMBuildSIToFP(b, prim_i64(r, offsetof(struct sim_prim, area2)), r->f64, "");
   set_d(r, s, SET(inv_area), LLVMBuildFDiv(b, LLVMConstReal(r->f64, 1.0), area, ""));
   for (unsigned kk = 0; kk < 3; kk++)
      set_d(r, s, SET(inv_w) + 8 * kk, float_d(r, r->prim, offsetof(struct sim_prim, inv_w) + 4 * kk));
   if (k->pos_ena && k->provide_z) {
      LLVMValueRef z0 = float_d(r, r->prim, offsetof(struct sim_prim, z));
      set_d(r, s, SET(z), z0);
      for (unsigned kk = 1; kk < 3; kk++)
         set_d(r, s, SET(z) + 8 * kk,
               LLVMBuildFSub(b, float_d(r, r->prim, offsetof(struct sim_prim, z) + 4 * kk), z0, ""));
   }

   LLVMValueRef sub = LLVMConstInt(j->i64, SIM_SUBPIX, 0), half = LLVMConstInt(j->i64, SIM_SUBPIX / 2, 0);
   LLVMValueRef x[3], y[3], c[3], sx[3], sy[3], small = NULL;
   for (unsigned kk = 0; kk < 3; kk++) {
      x[kk] = prim_i64(r, offsetof(struct sim_prim, x) + 8 * kk);
      y[kk] = prim_i64(r, offsetof(struct sim_prim, y) + 8 * kk);
   }
   LLVMValueRef lxd = lane_consts_d(r, sim_lane_x, 1.0), lyd = lane_consts_d(r, sim_lane_y, 1.0);
   for (unsigned kk = 0; kk < 3; kk++) {
      unsigned i = (kk + 1) % 3, jj = (kk + 2) % 3;
      LLVMValueRef dx = LLVMBuildSub(b, x[jj], x[i], ""), dy = LLVMBuildSub(b, y[jj], y[i], "");
      c[kk] = LLVMBuildSub(b, LLVMBuildMul(b, dx, LLVMBuildSub(b, half, y[i], ""), ""),
                           LLVMBuildMul(b, dy, LLVMBuildSub(b, half, x[i], ""), ""), "");
      sx[kk] = LLVMBuildNeg(b, LLVMBuildMul(b, dy, sub, ""), "");
      sy[kk] = LLVMBuildMul(b, dx, sub, "");
      store(j, c[kk], gep(j, s, SET(c) + 8 * kk), 8);
      store(j, sx[kk], gep(j, s, SET(sx) + 8 * kk), 8);
      store(j, sy[kk], gep(j, s, SET(sy) + 8 * kk), 8);
      LLVMValueRef ok = and_(j, below(r, sx[kk], 48), below(r, sy[kk], 48));
      small = small ? and_(j, small, ok) : ok;
      LLVMValueRef steps = LLVMBuildFAdd(b,
         LLVMBuildFMul(b, lxd, splat_to(r, r->vd, LLVMBuildSIToFP(b, sx[kk], r->f64, "")), ""),
         LLVMBuildFMul(b, lyd, splat_to(r, r->vd, LLVMBuildSIToFP(b, sy[kk], r->f64, "")), ""), "");
      store(j, steps, gep(j, s, SET(lane_steps) + (size_t)kk * SIM_LANES * 8), 8);
   }
   store(j, LLVMBuildZExt(b, small, j->i64, ""), gep(j, s, SET(small_steps)), 8);

   LLVMValueRef v[3] = { NULL, NULL, NULL }, all_const = LLVMConstInt(LLVMInt1TypeInContext(j->ctx), 1, 0);
   LLVMValueRef zero = LLVMConstReal(r->f64, 0.0);
   for (unsigned i = 0; i < k->num_interp; i++) {
      if (k->in[i].mode != IN_PERSP && k->in[i].mode != IN_LINEAR)
         continue;
      for (unsigned kk = 0; kk < 3; kk++) {
         if (!v[kk])
            v[kk] = ld_at(r, j->ptr, r->prim, offsetof(struct sim_prim, v) + 8 * kk, 8);
      }
      size_t poff = offsetof(struct sim_vtx, param) + (size_t)k->in[i].param * 16;
      for (unsigned c = 0; c < 4; c++) {
         size_t a = SET(attr) + ((size_t)i * 4 + c) * 24;
         LLVMValueRef bits = ld_at(r, j->i32, v[0], poff + 4 * c, 4);
         LLVMValueRef a0 = LLVMBuildFPExt(b, LLVMBuildBitCast(b, bits, j->f32, ""), r->f64, "");
         LLVMValueRef d1 = LLVMBuildFSub(b, float_d(r, v[1], poff + 4 * c), a0, "");
         LLVMValueRef d2 = LLVMBuildFSub(b, float_d(r, v[2], poff + 4 * c), a0, "");
         set_d(r, s, a, a0);
         set_d(r, s, a + 8, d1);
         set_d(r, s, a + 16, d2);
         store(j, bits, gep(j, s, SET(bits) + ((size_t)i * 4 + c) * 4), 4);
         if (k->in[i].mode == IN_PERSP) {
            LLVMValueRef konst = and_(j, and_(j, LLVMBuildFCmp(b, LLVMRealOEQ, d1, zero, ""),
                                                  LLVMBuildFCmp(b, LLVMRealOEQ, d2, zero, "")),
                                      icmp(j, LLVMIntNE, bits, ci32(j, 0x80000000u)));
            all_const = and_(j, all_const, konst);
         }
      }
   }
   store(j, LLVMBuildZExt(b, all_const, j->i64, ""), gep(j, s, SET(persp_const)), 8);
   flat_setup(r, s, c, sx, sy, and_(j, all_const, small));
   if (db_setup(k))
      jit_db_setup_emit(j, &k->db, blk_ptr(r, BLK(db)), r->prim, blk_ptr(r, BLK(ms)),
                        gep(j, s, SET(db)));
}

static LLVMValueRef setup_d(struct ir *r, LLVMValueRef s, size_t off)
{
   return ld_at(r, r->f64, s, off, 8);
}

/* The integer edge functions e_k at the block's lane 0 (spi.c's e0, modulo 2^64) and their
 * steps per pixel. */
struct edges {
   LLVMValueRef e0[3], sx[3], sy[3];
};

static void block_edges(struct ir *r, LLVMValueRef s, struct edges *eg)
{
   struct jb *j = &r->j;
   LLVMBuilderRef b = j->b;
   LLVMValueRef bx = LLVMBuildSExt(b, r->bx, j->i64, ""), by = LLVMBuildSExt(b, r->by, j->i64, "");
   for (unsigned kk = 0; kk < 3; kk++) {
      eg->sx[kk] = ld_at(r, j->i64, s, SET(sx) + 8 * kk, 8);
      eg->sy[kk] = ld_at(r, j->i64, s, SET(sy) + 8 * kk, 8);
      eg->e0[kk] = LLVMBuildAdd(b, ld_at(r, j->i64, s, SET(c) + 8 * kk, 8),
                                LLVMBuildAdd(b, LLVMBuildMul(b, bx, eg->sx[kk], ""),
                                             LLVMBuildMul(b, by, eg->sy[kk], ""), ""), "");
   }
}

/* Whether the block is one of flat_setup's (i1). */
static LLVMValueRef flat_block(struct ir *r, LLVMValueRef s, const struct edges *eg)
{
   struct jb *j = &r->j;
   LLVMValueRef ok = icmp(j, LLVMIntNE, ld_at(r, j->i64, s, SET(persp_flat), 8), LLVMConstInt(j->i64, 0, 0));
   for (unsigned kk = 0; kk < 3; kk++)
      ok = and_(j, ok, icmp(j, LLVMIntULE, magnitude(r, eg->e0[kk]),
                            ld_at(r, j->i64, s, SET(flat_lim) + 8 * kk, 8)));
   return ok;
}

/* The barycentric weights b_k = (double)e_k * (1 / area2) of the block's lanes, with the
 * integer edge functions e_k of spi.c. When e_k at lane 0 and its steps per pixel are small
 * enough that every partial sum is an integer below 2^53 (spi.c's test), in double: e_k at
 * lane 0 plus the lane's offsets (exact integers: the same bits in any order), else per lane
 * in int64 (AVX2 has neither 64-bit multiplies nor conversions to double: about 150
 * instructions). */
static void edge_weights(struct ir *r, LLVMValueRef s, const struct edges *eg, LLVMValueRef inv_area,
                         LLVMValueRef bw[3])
{
   struct jb *j = &r->j;
   LLVMBuilderRef b = j->b;
   const LLVMValueRef *e0 = eg->e0, *sx = eg->sx, *sy = eg->sy;
   LLVMValueRef small = icmp(j, LLVMIntNE, ld_at(r, j->i64, s, SET(small_steps), 8),
                             LLVMConstInt(j->i64, 0, 0));
   for (unsigned kk = 0; kk < 3; kk++)
      small = and_(j, small, below(r, e0[kk], 50));
   LLVMBasicBlockRef fast = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "edge_fast");
   LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "edge_slow");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "edge_done");
   LLVMBuildCondBr(b, small, fast, slow);

   LLVMValueRef fw[3], sw[3];
   LLVMPositionBuilderAtEnd(b, fast);
   for (unsigned kk = 0; kk < 3; kk++) {
      LLVMValueRef steps = ld_at(r, r->vd, s, SET(lane_steps) + (size_t)kk * SIM_LANES * 8, 8);
      LLVMValueRef e = LLVMBuildFAdd(b, splat_to(r, r->vd, LLVMBuildSIToFP(b, e0[kk], r->f64, "")),
                                     steps, "");
      fw[kk] = LLVMBuildFMul(b, e, inv_area, "");
   }
   LLVMBuildBr(b, done);

   LLVMPositionBuilderAtEnd(b, slow);
   for (unsigned kk = 0; kk < 3; kk++) {
      LLVMValueRef e = LLVMBuildAdd(b, splat_to(r, r->vq, e0[kk]),
         LLVMBuildAdd(b, LLVMBuildMul(b, lane_consts_i64(r, sim_lane_x), splat_to(r, r->vq, sx[kk]), ""),
                      LLVMBuildMul(b, lane_consts_i64(r, sim_lane_y), splat_to(r, r->vq, sy[kk]), ""), ""), "");
      sw[kk] = LLVMBuildFMul(b, LLVMBuildSIToFP(b, e, r->vd, ""), inv_area, "");
   }
   LLVMBuildBr(b, done);

   LLVMPositionBuilderAtEnd(b, done);
   for (unsigned kk = 0; kk < 3; kk++) {
      bw[kk] = LLVMBuildPhi(b, r->vd, "");
      LLVMValueRef vals[2] = { fw[kk], sw[kk] };
      LLVMBasicBlockRef from[2] = { fast, slow };
      LLVMAddIncoming(bw[kk], vals, from, 2);
   }
}

/* a0 + w1 * d1 + w2 * d2 in double with the setup's a0, d1, d2 at `off`, as float bits. */
static LLVMValueRef interp(struct ir *r, LLVMValueRef s, size_t off, LLVMValueRef w[3])
{
   LLVMBuilderRef b = r->j.b;
   LLVMValueRef a0 = splat_to(r, r->vd, setup_d(r, s, off));
   LLVMValueRef d1 = splat_to(r, r->vd, setup_d(r, s, off + 8));
   LLVMValueRef d2 = splat_to(r, r->vd, setup_d(r, s, off + 16));
   LLVMValueRef val = LLVMBuildFAdd(b, a0, LLVMBuildFMul(b, w[1], d1, ""), "");
   return to_float_bits(r, LLVMBuildFAdd(b, val, LLVMBuildFMul(b, w[2], d2, ""), ""));
}

static LLVMValueRef fabs_vd(struct ir *r, LLVMValueRef v)
{
   unsigned id = LLVMLookupIntrinsicID("llvm.fabs", 9);
   LLVMValueRef decl = LLVMGetIntrinsicDeclaration(r->j.mod, id, &r->vd, 1);
   return LLVMBuildCall2(r->j.b, LLVMIntrinsicGetType(r->j.ctx, id, &r->vd, 1), decl, &v, 1, "");
}

/* The block's q_k = b_k * (1/w_k) and qsum = ((0 + q0) + q1) + q2, spi.c's order. */
static LLVMValueRef persp_sums(struct ir *r, LLVMValueRef s, LLVMValueRef bw[3], LLVMValueRef q[3])
{
   LLVMBuilderRef b = r->j.b;
   for (unsigned kk = 0; kk < 3; kk++)
      q[kk] = LLVMBuildFMul(b, bw[kk], splat_to(r, r->vd, setup_d(r, s, SET(inv_w) + 8 * kk)), "");
   LLVMValueRef qs = LLVMBuildFAdd(b, kd(r, 0.0), q[0], "");
   qs = LLVMBuildFAdd(b, qs, q[1], "");
   return LLVMBuildFAdd(b, qs, q[2], "");
}

/* The weights of the block's lanes: b_k (bw) and, for perspective inputs, q_k and qsum, each
 * made where first needed (NULL until then). */
struct weights {
   LLVMValueRef bw[3], q[3], qs;
};

static void need_bw(struct ir *r, LLVMValueRef s, const struct edges *eg, struct weights *w)
{
   if (!w->bw[0])
      edge_weights(r, s, eg, splat_to(r, r->vd, setup_d(r, s, SET(inv_area))), w->bw);
}

static void need_qs(struct ir *r, LLVMValueRef s, const struct edges *eg, struct weights *w)
{
   need_bw(r, s, eg, w);
   if (!w->qs)
      w->qs = persp_sums(r, s, w->bw, w->q);
}

/* The perspective inputs' GPRs: p_k = q_k / qsum and the values, or, when every perspective
 * component of the primitive is constant (struct setup) and every lane's p1 and p2 are
 * surely finite, the components' values themselves, without the divisions. Surely finite:
 * in a block flat_block takes, without weights (flat_setup says why); in others, when
 * |q1| + |q2| < |qsum| * 2^1000 (exact scaling; false for a NaN and for a zero qsum), so
 * |q_k| <= |q1| + |q2| (rounding is monotonic) and |p_k| <= 2^1000. The weights made here
 * stay here (w is not updated). */
static void load_persp(struct ir *r, const struct key *k, LLVMValueRef s, const struct edges *eg,
                       struct weights w)
{
   struct jb *j = &r->j;
   LLVMBuilderRef b = j->b;
   LLVMBasicBlockRef bb_lanes = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "persp_lanes");
   LLVMBasicBlockRef bb_test = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "persp_test");
   LLVMBasicBlockRef bb_const = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "persp_const");
   LLVMBasicBlockRef bb_div = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "persp");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "persp_done");
   LLVMBuildCondBr(b, flat_block(r, s, eg), bb_const, bb_lanes);
   LLVMPositionBuilderAtEnd(b, bb_lanes);
   need_qs(r, s, eg, &w);
   LLVMValueRef konst = icmp(j, LLVMIntNE, ld_at(r, j->i64, s, SET(persp_const), 8),
                             LLVMConstInt(j->i64, 0, 0));
   LLVMBuildCondBr(b, konst, bb_test, bb_div);
   LLVMPositionBuilderAtEnd(b, bb_test);
   LLVMValueRef sum = LLVMBuildFAdd(b, fabs_vd(r, w.q[1]), fabs_vd(r, w.q[2]), "");
   LLVMValueRef bound = LLVMBuildFMul(b, fabs_vd(r, w.qs), kd(r, ldexp(1.0, 1000)), "");
   LLVMValueRef sure = LLVMBuildFCmp(b, LLVMRealOLT, sum, bound, "");
   unsigned id = LLVMLookupIntrinsicID("llvm.vector.reduce.and", 22);
   LLVMValueRef decl = LLVMGetIntrinsicDeclaration(j->mod, id, &j->vb, 1);
   LLVMBuildCondBr(b, LLVMBuildCall2(b, LLVMIntrinsicGetType(j->ctx, id, &j->vb, 1), decl, &sure, 1, ""),
                   bb_const, bb_div);
   LLVMPositionBuilderAtEnd(b, bb_const);
   for (unsigned i = 0; i < k->num_interp; i++) {
      if (k->in[i].mode != IN_PERSP)
         continue;
      for (unsigned c = 0; c < 4; c++)
         store_gpr(r, i, c, splat(j, ld_at(r, j->i32, s, SET(bits) + ((size_t)i * 4 + c) * 4, 4)));
   }
   LLVMBuildBr(b, done);
   LLVMPositionBuilderAtEnd(b, bb_div);
   LLVMValueRef pw[3] = { NULL, LLVMBuildFDiv(b, w.q[1], w.qs, ""), LLVMBuildFDiv(b, w.q[2], w.qs, "") };
   for (unsigned i = 0; i < k->num_interp; i++) {
      if (k->in[i].mode != IN_PERSP)
         continue;
      for (unsigned c = 0; c < 4; c++)
         store_gpr(r, i, c, interp(r, s, SET(attr) + ((size_t)i * 4 + c) * 24, pw));
   }
   LLVMBuildBr(b, done);
   LLVMPositionBuilderAtEnd(b, done);
}

/* The input load of the block with the primitive's setup s. The weights the linear inputs
 * and the position need are made first; the perspective inputs make any others they need in
 * their own branch. */
static void build_load(struct ir *r, const struct key *k, LLVMValueRef s)
{
   struct jb *j = &r->j;
   LLVMBuilderRef b = j->b;
   struct edges eg;
   struct weights w = { { NULL } };
   block_edges(r, s, &eg);
   bool persp = false, linear = false;
   for (unsigned i = 0; i < k->num_interp; i++) {
      persp |= k->in[i].mode == IN_PERSP;
      linear |= k->in[i].mode == IN_LINEAR;
   }
   if (k->pos_ena)
      need_qs(r, s, &eg, &w);
   else if (linear)
      need_bw(r, s, &eg, &w);

   /* the zeroed GPR channels the PS may read before writing them */
   for (unsigned g = 0; g < k->ngprs; g++)
      for (unsigned c = 0; c < 4; c++)
         if (k->zero[g] >> c & 1)
            store_gpr(r, g, c, LLVMConstNull(j->vi));

   if (persp)
      load_persp(r, k, s, &eg, w);
   LLVMValueRef prov = NULL;
   for (unsigned i = 0; i < k->num_interp; i++) {
      unsigned mode = k->in[i].mode;
      size_t poff = offsetof(struct sim_vtx, param) + (size_t)k->in[i].param * 16;
      for (unsigned c = 0; c < 4; c++) {
         if (mode == IN_DEFAULT) {
            store_gpr(r, i, c, kvec(j, k->in[i].def[c]));
         } else if (mode == IN_FLAT) {
            if (!prov)
               prov = ld_at(r, j->ptr, r->prim, offsetof(struct sim_prim, provoking), 8);
            store_gpr(r, i, c, splat(j, ld_at(r, j->i32, prov, poff + 4 * c, 4)));
         } else if (mode == IN_LINEAR) {
            store_gpr(r, i, c, interp(r, s, SET(attr) + ((size_t)i * 4 + c) * 24, w.bw));
         }
      }
   }
   if (k->pos_ena) {
      /* the pixel centres in 1/SIM_SUBPIX pixels, exact in double */
      LLVMValueRef sub = LLVMConstInt(j->i64, SIM_SUBPIX, 0);
      LLVMValueRef half = LLVMConstInt(j->i64, SIM_SUBPIX / 2, 0);
      LLVMValueRef px0 = LLVMBuildAdd(b, LLVMBuildMul(b, LLVMBuildSExt(b, r->bx, j->i64, ""), sub, ""), half, "");
      LLVMValueRef py0 = LLVMBuildAdd(b, LLVMBuildMul(b, LLVMBuildSExt(b, r->by, j->i64, ""), sub, ""), half, "");
      LLVMValueRef vsubd = kd(r, (double)SIM_SUBPIX);
      LLVMValueRef pxd = LLVMBuildFAdd(b, splat_to(r, r->vd, LLVMBuildSIToFP(b, px0, r->f64, "")),
                                       lane_consts_d(r, sim_lane_x, SIM_SUBPIX), "");
      LLVMValueRef pyd = LLVMBuildFAdd(b, splat_to(r, r->vd, LLVMBuildSIToFP(b, py0, r->f64, "")),
                                       lane_consts_d(r, sim_lane_y, SIM_SUBPIX), "");
      store_gpr(r, k->pos_addr, 0, to_float_bits(r, LLVMBuildFDiv(b, pxd, vsubd, "")));
      store_gpr(r, k->pos_addr, 1, to_float_bits(r, LLVMBuildFDiv(b, pyd, vsubd, "")));
      if (k->provide_z)
         store_gpr(r, k->pos_addr, 2, interp(r, s, SET(z), w.bw));
      else
         store_gpr(r, k->pos_addr, 2, LLVMConstNull(j->vi));
      store_gpr(r, k->pos_addr, 3, to_float_bits(r, LLVMBuildFDiv(b, kd(r, 1.0), w.qs, "")));
   }
   if (k->face_ena) {
      LLVMValueRef front = ld_at(r, j->i8, r->prim, offsetof(struct sim_prim, front), 1);
      LLVMValueRef is_front = icmp(j, LLVMIntNE, front, LLVMConstInt(j->i8, 0, 0));
      LLVMValueRef val = k->face_all_bits ? LLVMBuildZExt(b, is_front, j->i32, "")
                                          : sel(j, is_front, ci32(j, 0x3F800000u), ci32(j, 0xBF800000u));
      store_gpr(r, k->face_addr, k->face_chan, splat(j, val));
   }
}

/* Calls host unit f (jit_host.h) returning `ret`. */
static LLVMValueRef call_unit(struct ir *r, enum jit_host_fn f, LLVMTypeRef ret, LLVMValueRef *args,
                              unsigned n)
{
   struct jb *j = &r->j;
   LLVMTypeRef types[8];
   for (unsigned i = 0; i < n; i++)
      types[i] = LLVMTypeOf(args[i]);
   LLVMTypeRef ty = LLVMFunctionType(ret, types, n, 0);
   LLVMValueRef fn = LLVMGetNamedFunction(j->mod, jit_host_symbols[f].name);
   if (!fn)
      fn = LLVMAddFunction(j->mod, jit_host_symbols[f].name, ty);
   return LLVMBuildCall2(j->b, ty, fn, args, n, "");
}

/* The depth/stencil test on the block's mask (i16) with the primitive's setup s; `late`:
 * with the PS's exports. */
static LLVMValueRef db_test(struct ir *r, const struct key *k, LLVMValueRef s, LLVMValueRef mask,
                            bool late)
{
   struct jb *j = &r->j;
   LLVMValueRef db = blk_ptr(r, BLK(db)), ms = blk_ptr(r, BLK(ms));
   LLVMValueRef smask = gep(j, r->blk, BLK(smask));
   LLVMValueRef out = late ? blk_ptr(r, BLK(out)) : LLVMConstPointerNull(j->ptr);
   if (!k->db_host)
      return jit_db_emit(j, &k->db, db, r->prim, gep(j, s, SET(db)), r->bx, r->by, mask, smask, out);
   LLVMValueRef args[8] = { db, r->prim, r->bx, r->by, mask, smask, ms, out };
   return call_unit(r, JIT_HOST_DB_TEST, j->i16, args, 8);
}

#define EXP(f) offsetof(struct sim_exports, f)

/* The export masks and the exports the units read, zeroed. */
static void reset_exports(struct ir *r, const struct key *k)
{
   struct jb *j = &r->j;
   LLVMValueRef out = blk_ptr(r, BLK(out));
   LLVMValueRef zero = LLVMConstNull(j->vi);
   for (unsigned n = 0; n < 8; n++) {
      if (!(k->zero_pixel >> n & 1))
         continue;
      for (unsigned c = 0; c < 4; c++)
         store(j, zero, gep(j, out, EXP(pixel) + ((size_t)n * 4 + c) * SIM_LANES * 4), 4);
   }
   if (k->zero61) {
      for (unsigned c = 0; c < 4; c++)
         store(j, zero, gep(j, out, EXP(pixel61) + (size_t)c * SIM_LANES * 4), 4);
   }
   store(j, LLVMConstInt(j->i8, 0, 0), gep(j, out, EXP(pos_mask)), 1);
   store(j, ci32(j, 0), gep(j, out, EXP(param_mask)), 4);
   store(j, LLVMConstInt(j->i8, 0, 0), gep(j, out, EXP(pixel_mask)), 1);
   store(j, LLVMConstInt(j->i8, 0, 0), gep(j, out, EXP(pixel61_written)), 1);
   store(j, ci16(j, 0), gep(j, out, EXP(killed)), 2);
}

/* Early Z, then (lanes left) the input load with the primitive's setup s and the exports'
 * reset; returns the mask (i16). With no lane left after early Z, returns 0 from the
 * function. */
static LLVMValueRef emit_pre(struct ir *r, const struct key *k, LLVMValueRef s)
{
   struct jb *j = &r->j;
   LLVMValueRef mask = LLVMBuildTrunc(j->b, ld_at(r, j->i32, r->blk, BLK(mask), 4), j->i16, "");
   if (k->early_z) {
      mask = db_test(r, k, s, mask, false);
      LLVMValueRef m32 = LLVMBuildZExt(j->b, mask, j->i32, "");
      store(j, m32, gep(j, r->blk, BLK(mask)), 4);
      LLVMBasicBlockRef none = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "none");
      LLVMBasicBlockRef some = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "load");
      LLVMBuildCondBr(j->b, icmp(j, LLVMIntEQ, mask, ci16(j, 0)), none, some);
      LLVMPositionBuilderAtEnd(j->b, none);
      LLVMBuildRet(j->b, ci32(j, 0));
      LLVMPositionBuilderAtEnd(j->b, some);
   }
   build_load(r, k, s);
   reset_exports(r, k);
   return mask;
}

/* The alpha test, late Z (with the primitive's setup s) and the CB on b->mask; stores and
 * returns the mask (i32). */
static LLVMValueRef emit_post(struct ir *r, const struct key *k, LLVMValueRef s)
{
   struct jb *j = &r->j;
   LLVMValueRef mask = LLVMBuildTrunc(j->b, ld_at(r, j->i32, r->blk, BLK(mask), 4), j->i16, "");
   LLVMValueRef cb = blk_ptr(r, BLK(cb)), out = blk_ptr(r, BLK(out));
   if (k->cb_host) {
      LLVMValueRef args[3] = { cb, mask, out };
      mask = call_unit(r, JIT_HOST_SX_ALPHA, j->i16, args, 3);
   } else if (k->cb.alpha_test) {
      mask = jit_sx_alpha_emit(j, &k->cb, cb, mask, out);
   }
   if (k->late_z)
      mask = db_test(r, k, s, mask, true);
   if (!k->color_kill) {
      LLVMValueRef smask = gep(j, r->blk, BLK(smask));
      if (k->cb_host) {
         LLVMValueRef args[6] = { cb, r->bx, r->by, mask, smask, out };
         call_unit(r, JIT_HOST_CB_WRITE, LLVMVoidTypeInContext(j->ctx), args, 6);
      } else {
         jit_cb_emit(j, &k->cb, cb, r->bx, r->by, mask, smask, out);
      }
   }
   LLVMValueRef m32 = LLVMBuildZExt(j->b, mask, j->i32, "");
   store(j, m32, gep(j, r->blk, BLK(mask)), 4);
   return m32;
}

#define RUN(f) offsetof(struct sim_run, f)

/* The run-state window of the per-block fields exec .. gprs_unread: 32 bytes, stored as one
 * vector of 16 i16 (the bytes between the fields are padding). */
_Static_assert(offsetof(struct sim_run, env) - offsetof(struct sim_run, exec) == 32,
               "exec .. gprs_unread fill the 32 bytes before env");
_Static_assert(offsetof(struct sim_run, env) - offsetof(struct sim_run, gprs_unread) >= 2,
               "the byte after gprs_unread is padding");
#define RUN_ELT(f) ((RUN(f) - RUN(exec)) / 2)

/* The fields sim_program_run_modes sets per run, for a PS on the lanes `active` of which
 * `mask` are covered, in six stores: the window above, sp with stack_elements, call_sp with
 * call_base and call_depth (two), backjumps and cfile; gprs_unread 1 (nothing reads the
 * GPRs after the PS). */
static void run_fields(struct ir *r, LLVMValueRef run, LLVMValueRef active, LLVMValueRef mask)
{
   _Static_assert(RUN(stack_elements) == RUN(sp) + 4, "sp, stack_elements adjacent");
   _Static_assert(RUN(call_base) == RUN(call_sp) + 4 && RUN(call_depth) == RUN(call_sp) + 8,
                  "call_sp, call_base, call_depth adjacent");
   struct jb *j = &r->j;
   LLVMValueRef elts[16];
   for (unsigned i = 0; i < 16; i++)
      elts[i] = ci16(j, 0);
   elts[RUN_ELT(gprs_unread)] = ci16(j, RUN(gprs_unread) % 2 ? 0x100 : 1);
   LLVMValueRef v = LLVMConstVector(elts, 16);
   const unsigned at_active[3] = { RUN_ELT(exec), RUN_ELT(launched), RUN_ELT(mode_saved) };
   for (unsigned i = 0; i < 3; i++)
      v = LLVMBuildInsertElement(j->b, v, active, ci32(j, at_active[i]), "");
   v = LLVMBuildInsertElement(j->b, v, mask, ci32(j, RUN_ELT(valid)), "");
   store(j, v, gep(j, run, RUN(exec)), 2);
   LLVMValueRef z64 = LLVMConstInt(j->i64, 0, 0);
   store(j, z64, gep(j, run, RUN(sp)), 4);
   store(j, z64, gep(j, run, RUN(call_sp)), 4);
   store(j, ci32(j, 0), gep(j, run, RUN(call_depth)), 4);
   store(j, ci32(j, 0), gep(j, run, RUN(backjumps)), 4);
   store(j, LLVMConstPointerNull(j->ptr), gep(j, run, RUN(cfile)), 8);
}

/* MXCSR := the 32-bit value at b + off. */
static void set_mxcsr(struct ir *r, size_t off)
{
   struct jb *j = &r->j;
   LLVMTypeRef ty = LLVMFunctionType(LLVMVoidTypeInContext(j->ctx), &j->ptr, 1, 0);
   LLVMValueRef fn = LLVMGetNamedFunction(j->mod, "llvm.x86.sse.ldmxcsr");
   if (!fn)
      fn = LLVMAddFunction(j->mod, "llvm.x86.sse.ldmxcsr", ty);
   LLVMValueRef arg = gep(j, r->blk, off);
   LLVMBuildCall2(j->b, ty, fn, &arg, 1, "");
}

/* The PS on the lanes of `mask` (i16), as sim_program_run_modes runs it on the run state
 * sim_program_run_prepare made; returns the kills (i16), or returns SIM_PIXEL_PS_FAULT from
 * the function. A PS whose results cannot depend on the MXCSR (k->mxcsr_free) runs under
 * the thread's. Else the fixed-function code before and after keeps the thread's MXCSR: every
 * value it computes before the call is stored before it and every one after is computed
 * from loads after it (the call may write any memory), and the call's block holds nothing
 * but the MXCSR writes and the call, so no float operation lands between them. */
static LLVMValueRef emit_ps(struct ir *r, const struct key *k, LLVMValueRef mask)
{
   struct jb *j = &r->j;
   LLVMBuilderRef b = j->b;
   LLVMValueRef run = blk_ptr(r, BLK(run));
   /* the quads with a covered lane run whole (helper lanes for derivatives) */
   LLVMValueRef q = or_(j, or_(j, mask, LLVMBuildLShr(b, mask, ci16(j, 1), "")),
                        or_(j, LLVMBuildLShr(b, mask, ci16(j, 2), ""), LLVMBuildLShr(b, mask, ci16(j, 3), "")));
   LLVMValueRef active = LLVMBuildMul(b, and_(j, q, ci16(j, 0x1111)), ci16(j, 0xF), "");
   LLVMValueRef z32 = ci32(j, 0);
   run_fields(r, run, active, mask);
   store(j, LLVMBuildZExt(b, mask, j->i32, ""), gep(j, r->blk, BLK(valid)), 4);
   LLVMValueRef fn = blk_ptr(r, BLK(ps));

   LLVMBasicBlockRef call = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "ps");
   LLVMBasicBlockRef fault = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "ps_fault");
   LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(j->ctx, j->fn, "ps_ok");
   LLVMBuildBr(b, call);
   LLVMPositionBuilderAtEnd(b, call);
   if (!k->mxcsr_free)
      set_mxcsr(r, BLK(fp_programs));
   LLVMTypeRef fty = LLVMFunctionType(j->i32, &j->ptr, 1, 0);
   LLVMValueRef ret = LLVMBuildCall2(b, fty, fn, &run, 1, "");
   if (!k->mxcsr_free)
      set_mxcsr(r, BLK(fp_units));
   LLVMValueRef killed = ld_at(r, j->i16, run, RUN(killed), 2);
   LLVMValueRef out = blk_ptr(r, BLK(out));
   LLVMValueRef okill = gep(j, out, EXP(killed));
   store(j, or_(j, ld_at(r, j->i16, out, EXP(killed), 2), killed), okill, 2);
   LLVMBuildCondBr(b, icmp(j, LLVMIntEQ, ret, z32), fault, ok);
   LLVMPositionBuilderAtEnd(b, fault);
   LLVMBuildRet(b, ci32(j, SIM_PIXEL_PS_FAULT));
   LLVMPositionBuilderAtEnd(b, ok);
   return killed;
}

/* Starts function `name` (i32 name(block, arg)) of the module, with a second argument of
 * type `arg` unless it is NULL: its entry loads what every part reads. */
static void begin_fn(struct ir *r, const char *name, LLVMTypeRef arg, bool internal)
{
   struct jb *j = &r->j;
   LLVMTypeRef args[2] = { j->ptr, arg };
   j->fn = LLVMAddFunction(j->mod, name, LLVMFunctionType(j->i32, args, arg ? 2 : 1, 0));
   unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
   LLVMAddAttributeAtIndex(j->fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(j->ctx, nounwind, 0));
   if (internal) {
      /* called from two places: compiled once, not inlined into both */
      unsigned noinline = LLVMGetEnumAttributeKindForName("noinline", 8);
      LLVMAddAttributeAtIndex(j->fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(j->ctx, noinline, 0));
      LLVMSetLinkage(j->fn, LLVMInternalLinkage);
   }
   r->blk = LLVMGetParam(j->fn, 0);
   LLVMPositionBuilderAtEnd(j->b, LLVMAppendBasicBlockInContext(j->ctx, j->fn, "entry"));
   r->prim = blk_ptr(r, BLK(prim));
   r->lanes = blk_ptr(r, BLK(lanes));
   r->bx = ld_at(r, j->i32, r->blk, BLK(bx), 4);
   r->by = ld_at(r, j->i32, r->blk, BLK(by), 4);
}

/* i32 fn(block[, arg]) */
static LLVMValueRef call_part(struct ir *r, LLVMValueRef fn, LLVMValueRef arg)
{
   LLVMTypeRef types[2] = { r->j.ptr, r->j.ptr };
   LLVMValueRef args[2] = { r->blk, arg };
   LLVMTypeRef ty = LLVMFunctionType(r->j.i32, types, arg ? 2 : 1, 0);
   return LLVMBuildCall2(r->j.b, ty, fn, args, arg ? 2 : 1, "");
}

/* The module: internal functions `setup` (the primitive's constants into its second
 * argument, struct setup), `pre` (before the PS with the setup of its second argument:
 * returns the mask, 0 with no lane left) and `post` (after the PS, likewise: late Z reads the
 * setup), and the variant's function block(b, stage): stage 0 pre and 1 post (each with a
 * setup made on the stack; post's only for late Z), 2 the whole block
 * (sim_pixel_fused_block) with the setup the run holds for the primitive, made at its first
 * block. */
static LLVMModuleRef build_module(void *arg, LLVMContextRef ctx, const char *name)
{
   const struct key *k = arg;
   LLVMModuleRef mod = LLVMModuleCreateWithNameInContext(name, ctx);
   struct ir r;
   memset(&r, 0, sizeof(r));
   jb_init(&r.j, ctx, mod);
   struct jb *j = &r.j;
   r.f64 = LLVMDoubleTypeInContext(ctx);
   r.vd = LLVMVectorType(r.f64, SIM_LANES);
   r.vq = LLVMVectorType(j->i64, SIM_LANES);

   begin_fn(&r, "setup", j->ptr, true);
   LLVMValueRef setup = j->fn;
   build_setup(&r, k, LLVMGetParam(j->fn, 1));
   LLVMBuildRet(j->b, ci32(j, 0));
   begin_fn(&r, "pre", j->ptr, true);
   LLVMValueRef pre = j->fn;
   LLVMBuildRet(j->b, LLVMBuildZExt(j->b, emit_pre(&r, k, LLVMGetParam(j->fn, 1)), j->i32, ""));
   begin_fn(&r, "post", j->ptr, true);
   LLVMValueRef post = j->fn;
   LLVMBuildRet(j->b, emit_post(&r, k, LLVMGetParam(j->fn, 1)));

   begin_fn(&r, name, j->i32, false);
   LLVMBasicBlockRef bb_pre = LLVMAppendBasicBlockInContext(ctx, j->fn, "stage_pre");
   LLVMBasicBlockRef bb_post = LLVMAppendBasicBlockInContext(ctx, j->fn, "stage_post");
   LLVMBasicBlockRef whole = LLVMAppendBasicBlockInContext(ctx, j->fn, "whole");
   LLVMBasicBlockRef make = LLVMAppendBasicBlockInContext(ctx, j->fn, "setup");
   LLVMBasicBlockRef made = LLVMAppendBasicBlockInContext(ctx, j->fn, "setup_made");
   LLVMBasicBlockRef none = LLVMAppendBasicBlockInContext(ctx, j->fn, "none");
   LLVMBasicBlockRef some = LLVMAppendBasicBlockInContext(ctx, j->fn, "some");
   LLVMValueRef sw = LLVMBuildSwitch(j->b, LLVMGetParam(j->fn, 1), whole, 2);
   LLVMAddCase(sw, ci32(j, 0), bb_pre);
   LLVMAddCase(sw, ci32(j, 1), bb_post);
   LLVMPositionBuilderAtEnd(j->b, bb_pre);
   LLVMTypeRef sty = LLVMArrayType(j->i8, sizeof(struct setup));
   LLVMValueRef tmp = LLVMBuildAlloca(j->b, sty, "setup");
   LLVMSetAlignment(tmp, 32);
   call_part(&r, setup, tmp);
   LLVMBuildRet(j->b, call_part(&r, pre, tmp));
   LLVMPositionBuilderAtEnd(j->b, bb_post);
   tmp = LLVMBuildAlloca(j->b, sty, "setup");
   LLVMSetAlignment(tmp, 32);
   if (k->late_z)
      call_part(&r, setup, tmp);
   LLVMBuildRet(j->b, call_part(&r, post, tmp));
   LLVMPositionBuilderAtEnd(j->b, whole);
   LLVMValueRef run = blk_ptr(&r, BLK(run));
   LLVMValueRef held = gep(j, run, offsetof(struct sim_run, pixel_prim));
   LLVMValueRef s = gep(j, run, offsetof(struct sim_run, pixel_setup));
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntEQ, ld_at(&r, j->ptr, held, 0, 8), r.prim), made, make);
   LLVMPositionBuilderAtEnd(j->b, make);
   call_part(&r, setup, s);
   store(j, r.prim, held, 8);
   LLVMBuildBr(j->b, made);
   LLVMPositionBuilderAtEnd(j->b, made);
   LLVMValueRef mask = LLVMBuildTrunc(j->b, call_part(&r, pre, s), j->i16, "");
   LLVMBuildCondBr(j->b, icmp(j, LLVMIntEQ, mask, ci16(j, 0)), none, some);
   LLVMPositionBuilderAtEnd(j->b, none);
   LLVMBuildRet(j->b, ci32(j, 0));
   LLVMPositionBuilderAtEnd(j->b, some);
   LLVMValueRef killed = emit_ps(&r, k, mask);
   LLVMValueRef left = and_(j, mask, not_(j, killed));
   store(j, LLVMBuildZExt(j->b, left, j->i32, ""), gep(j, r.blk, BLK(mask)), 4);
   LLVMBuildRet(j->b, or_(j, call_part(&r, post, s), ci32(j, SIM_PIXEL_PS_RAN)));
   LLVMDisposeBuilder(j->b);
   return mod;
}

/* ---- the variant cache (lock held) --------------------------------------------------------- */

static void lru_unlink(struct sim_pixel_fused *f)
{
   if (f->lru_prev)
      f->lru_prev->lru_next = f->lru_next;
   else
      lru_head = f->lru_next;
   if (f->lru_next)
      f->lru_next->lru_prev = f->lru_prev;
   else
      lru_tail = f->lru_prev;
   f->lru_prev = f->lru_next = NULL;
   unheld--;
}

static void lru_push(struct sim_pixel_fused *f)
{
   f->lru_prev = NULL;
   f->lru_next = lru_head;
   if (lru_head)
      lru_head->lru_prev = f;
   else
      lru_tail = f;
   lru_head = f;
   unheld++;
}

static void trim(void)
{
   while (unheld > CACHE_BOUND) {
      struct sim_pixel_fused *f = lru_tail;
      lru_unlink(f);
      struct sim_pixel_fused **link = &bucket[f->hash % BUCKETS];
      while (*link != f)
         link = &(*link)->next;
      *link = f->next;
      sim_jit_code_release(&f->code);
      free(f);
   }
}

/* Gives f its code, or marks it failed (lock held while `locked`). */
static void give_code(struct sim_pixel_fused *f, const struct sim_jit_code *code)
{
   f->code = *code;
   f->block = (uint32_t (*)(struct sim_pixel_block *, int32_t))(void (*)(void))code->fn;
}

static void compile_variant(struct sim_pixel_fused *f, bool locked)
{
   char err[160];
   struct sim_jit_code code;
   bool ok = sim_jit_compile_module(&f->key, sizeof(f->key), build_module, &f->key, PASSES,
                                    &code, err, sizeof(err)) == SIM_JIT_OK;
   if (!locked)
      pthread_mutex_lock(&lock);
   if (ok)
      give_code(f, &code);
   else
      f->failed = true;
   if (!locked)
      pthread_mutex_unlock(&lock);
}

/* The variant's code from the disk cache, if it is there (lock held): a millisecond, where
 * the draws of a queued variant would take the C units until the compile thread is done. */
static bool load_variant(struct sim_pixel_fused *f)
{
   char err[160];
   struct sim_jit_code code;
   if (sim_jit_load_module(&f->key, sizeof(f->key), PASSES, &code, err, sizeof(err)) !=
       SIM_JIT_OK)
      return false;
   give_code(f, &code);
   return true;
}

static void release(struct sim_pixel_fused *f)
{
   if (--f->refs == 0) {
      lru_push(f);
      trim();
   }
}

/* The compile thread: compiles the queued variants, newest first, each held by the queue until
 * published (draws never see a variant without code: they take the C units meanwhile). */
static void *compile_thread(void *arg)
{
   (void)arg;
   pthread_mutex_lock(&lock);
   while (queue_head) {
      struct sim_pixel_fused *f = queue_head;
      queue_head = f->queued;
      pthread_mutex_unlock(&lock);
      compile_variant(f, false);
      pthread_mutex_lock(&lock);
      release(f);
   }
   worker_running = false;
   pthread_mutex_unlock(&lock);
   return NULL;
}

/* Queues f for the compile thread (lock held); false when no thread can run. */
static bool queue(struct sim_pixel_fused *f)
{
   if (!worker_running) {
      pthread_t t;
      pthread_attr_t attr;
      if (pthread_attr_init(&attr))
         return false;
      pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
      bool started = !pthread_create(&t, &attr, compile_thread, NULL);
      pthread_attr_destroy(&attr);
      if (!started)
         return false;
      worker_running = true;
   }
   f->refs++;
   f->queued = queue_head;   /* newest first: the state being drawn now */
   queue_head = f;
   return true;
}

struct sim_pixel_fused *sim_pixel_fused_get(const struct sim_program *ps,
                                            const struct sim_pixel_state *st)
{
   if (!ps || ps->engine != 1)   /* the JIT's program cache: the JIT is running */
      return NULL;
   pthread_once(&config_once, config);
   struct key k;
   if (!make_key(&k, ps, st))
      return NULL;
   uint64_t h = hash_key(&k);
   pthread_mutex_lock(&lock);
   struct sim_pixel_fused *f;
   for (f = bucket[h % BUCKETS]; f; f = f->next)
      if (f->hash == h && !memcmp(&f->key, &k, sizeof(k)))
         break;
   if (!f) {
      if (!(f = calloc(1, sizeof(*f)))) {
         pthread_mutex_unlock(&lock);
         return NULL;
      }
      f->key = k;
      f->hash = h;
      f->next = bucket[h % BUCKETS];
      bucket[h % BUCKETS] = f;
      f->refs = 1;   /* held while it is being given code */
      /* from the disk cache, else in the background (this draw takes the C units), or
       * here under the lock: draws of other devices then wait rather than compile the
       * same variant twice */
      if (!async || !(load_variant(f) || queue(f)))
         compile_variant(f, true);
      release(f);
   }
   if (!f->block) {   /* queued, compiling or failed */
      pthread_mutex_unlock(&lock);
      return NULL;
   }
   if (f->refs++ == 0)
      lru_unlink(f);
   pthread_mutex_unlock(&lock);
   return f;
}

void sim_pixel_fused_put(struct sim_pixel_fused *f)
{
   if (!f)
      return;
   pthread_mutex_lock(&lock);
   release(f);
   pthread_mutex_unlock(&lock);
}

uint32_t sim_pixel_fused_pre(const struct sim_pixel_fused *f, struct sim_pixel_block *b)
{
   return f->block(b, 0);
}

uint32_t sim_pixel_fused_post(const struct sim_pixel_fused *f, struct sim_pixel_block *b)
{
   return f->block(b, 1);
}

uint32_t sim_pixel_fused_block(const struct sim_pixel_fused *f, struct sim_pixel_block *b)
{
   uint32_t r = f->block(b, 2);
   struct sim_shader_env *env = b->run->env;
   if ((r & SIM_PIXEL_PS_FAULT) && !env->faulted) {   /* as sim_program_run_valid */
      snprintf(env->fault, sizeof(env->fault), "program stopped without a recorded fault");
      env->faulted = true;
   }
   return r;
}
