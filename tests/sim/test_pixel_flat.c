/* The fused input load's flat perspective blocks (jit/jit_pixel.c flat_setup, flat_block):
 * primitives whose perspective components are constant and whose 1/w is one value W, where
 * the load stores the constants without computing any weight. sim_pixel_fused_pre must leave
 * the register file exactly as sim_spi_load does, on the primitives that take the shortcut and
 * on those beside its every condition: W at the ends of the float range (FLT_MAX, the smallest
 * denormal, negative) and not one value (0, -0, infinities, NaN, one ulp apart), twice-areas
 * that are not the edge functions' sum (made up, negated, off by one), slivers and huge
 * triangles, blocks near the primitive and far enough that |e_k| leaves the bound, with
 * constant components +0, -0, denormal, huge, infinite, NaN or one ulp apart at a vertex, and
 * with linear, flat, default inputs, the position and the face beside them. The test counts
 * the blocks whose lanes all meet the shortcut's conditions (worked out here with 128-bit
 * integers; the load's own test on lane 0 is a little stricter) and requires enough of them. */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "geometry/prim.h"
#include "jit/jit.h"
#include "pixel/cb.h"
#include "pixel/db.h"
#include "pixel/spi.h"
#include "raster/sc.h"
#include "shader/shader_exec.h"
#include "sq/isa_program.h"

#define CASES 400
#define BLOCKS 6

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 16);
}

static float from_bits(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* 1/w shared by the vertices: ordinary, at the ends of the float range, or not usable. */
static float random_w(void)
{
   static const float special[] = { 1.0f, 0.5f, FLT_MAX, -FLT_MAX, 1e-45f, -1e-45f, 1e-38f,
                                    -1.0f, 0.0f, -0.0f, INFINITY, -INFINITY, NAN };
   if (rnd() % 2)
      return 1.0f / (1.0f + (float)(rnd() % 1000) / 10.0f);
   return special[rnd() % (sizeof(special) / sizeof(special[0]))];
}

/* A value: ordinary, extreme, or now and then one a constant component must not shortcut. */
static float random_value(void)
{
   static const float special[] = { 0.0f, 1e-45f, -3e-40f, FLT_MAX, -FLT_MAX };
   static const float unusable[] = { -0.0f, INFINITY, -INFINITY, NAN };
   if (rnd() % 40 == 0)
      return unusable[rnd() % 4];
   if (rnd() % 4 == 0)
      return special[rnd() % (sizeof(special) / sizeof(special[0]))];
   return ((float)(rnd() % 20001) - 10000.0f) / 1000.0f;
}

/* The next float up of f's bits (another value at one vertex). */
static float ulp_up(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return from_bits(u + 1);
}

/* Perspective inputs (most of them), with a linear, flat or default input now and then, the
 * position and the face sometimes. */
static void random_spi(struct sim_spi_state *spi, unsigned *ngprs)
{
   memset(spi, 0, sizeof(*spi));
   spi->num_interp = 1 + rnd() % 4;
   for (unsigned i = 0; i < spi->num_interp; i++) {
      struct sim_spi_input *in = &spi->in[i];
      in->param = (int)(rnd() % 4);
      unsigned kind = rnd() % 10;
      in->linear = kind == 0;
      in->flat = kind == 1;
      if (kind == 2)
         in->param = -1;
   }
   spi->pos_ena = rnd() % 5 == 0;
   spi->provide_z = rnd() % 2;
   spi->pos_addr = spi->num_interp + rnd() % 2;
   spi->face_ena = rnd() % 5 == 0;
   spi->face_addr = spi->num_interp + 2;
   spi->face_chan = rnd() % 4;
   spi->max_gpr = spi->num_interp + 3;
   *ngprs = spi->max_gpr + rnd() % 2;
}

/* Twice the signed area of p's vertices modulo 2^64 (as the edge functions wrap). */
static int64_t area_of(const struct sim_prim *p)
{
   return (int64_t)((uint64_t)(p->x[1] - p->x[0]) * (uint64_t)(p->y[2] - p->y[0]) -
                    (uint64_t)(p->y[1] - p->y[0]) * (uint64_t)(p->x[2] - p->x[0]));
}

static void random_prim(struct sim_prim *p, struct sim_vtx v[3])
{
   memset(p, 0, sizeof(*p));
   static const int64_t ranges[5] = { 8 * SIM_SUBPIX, 300 * SIM_SUBPIX, 4000 * SIM_SUBPIX,
                                      (int64_t)1 << 25, (int64_t)1 << 44 };
   int64_t range = ranges[rnd() % 5];
   for (unsigned k = 0; k < 3; k++) {
      p->x[k] = (int64_t)(rnd() % (2 * range)) - range / 2;
      p->y[k] = (int64_t)(rnd() % (2 * range)) - range / 2;
      p->z[k] = random_value();
      p->v[k] = &v[k];
   }
   if (rnd() % 4 == 0) {   /* a sliver: v2 near the line v0 v1 */
      p->x[2] = p->x[0] + (p->x[1] - p->x[0]) / 2 + rnd() % 3;
      p->y[2] = p->y[0] + (p->y[1] - p->y[0]) / 2;
   }
   float w = random_w();
   for (unsigned k = 0; k < 3; k++)
      p->inv_w[k] = w;
   if (rnd() % 6 == 0)
      p->inv_w[rnd() % 3] = rnd() % 2 ? ulp_up(w) : random_w();
   for (unsigned a = 0; a < SIM_MAX_PARAMS; a++) {
      for (unsigned c = 0; c < 4; c++) {
         float f = random_value();
         v[0].param[a][c] = v[1].param[a][c] = v[2].param[a][c] = f;
      }
   }
   if (rnd() % 6 == 0)   /* one component not constant */
      v[rnd() % 3].param[rnd() % 4][rnd() % 4] = ulp_up(random_value());
   p->area2 = area_of(p);
   switch (rnd() % 10) {
   case 0: p->area2 = -p->area2; break;
   case 1: p->area2 += 1; break;
   case 2: p->area2 = (int64_t)rnd() - ((int64_t)1 << 31); break;
   default: break;
   }
   if (p->area2 == 0)
      p->area2 = 1;
   p->provoking = &v[rnd() % 3];
   p->front = rnd() % 2;
}

/* Whether the block at (bx, by) meets flat_setup's conditions, worked out independently:
 * every input's perspective components constant and not -0, one finite nonzero 1/w, the
 * twice-area the edge functions' sum, and every lane's |e_k| at most min(|A|, 2^29) * 2^32. */
static bool flat_expected(const struct sim_spi_state *spi, const struct sim_prim *p, int32_t bx,
                          int32_t by)
{
   for (unsigned i = 0; i < spi->num_interp; i++) {
      const struct sim_spi_input *in = &spi->in[i];
      if (in->param < 0 || in->flat || in->linear)
         continue;
      for (unsigned c = 0; c < 4; c++) {
         double a0 = p->v[0]->param[in->param][c];
         if (!(p->v[1]->param[in->param][c] - a0 == 0) || !(p->v[2]->param[in->param][c] - a0 == 0) ||
             (a0 == 0 && signbit(a0)))
            return false;
      }
   }
   float w = p->inv_w[0];
   if (!(w == p->inv_w[1] && w == p->inv_w[2] && w != 0 && fabsf(w) <= FLT_MAX) || p->area2 == 0)
      return false;
   __int128 a = p->area2 < 0 ? -(__int128)p->area2 : p->area2;
   __int128 lim = (a < ((__int128)1 << 29) ? a : ((__int128)1 << 29)) << 32, sum = 0;
   for (unsigned k = 0; k < 3; k++) {
      unsigned i = (k + 1) % 3, j = (k + 2) % 3;
      /* the edge functions' exact values: those of spi.c wherever they stay below 2^63 */
      __int128 dx = (__int128)p->x[j] - p->x[i], dy = (__int128)p->y[j] - p->y[i];
      __int128 ex = (__int128)bx * SIM_SUBPIX + SIM_SUBPIX / 2 - p->x[i];
      __int128 ey = (__int128)by * SIM_SUBPIX + SIM_SUBPIX / 2 - p->y[i];
      for (unsigned l = 0; l < SIM_LANES; l++) {
         __int128 e = dx * (ey + sim_lane_y(l) * SIM_SUBPIX) - dy * (ex + sim_lane_x(l) * SIM_SUBPIX);
         if (e > lim || -e > lim)
            return false;
         if (l == 0)
            sum += e;
      }
   }
   return sum == p->area2;
}

static struct sim_lanes want, got;
static struct sim_cf prog_cf[1];
static const struct sim_db_state no_db;
static const struct sim_cb_state no_cb;
static const struct sim_sc_msaa one_sample = { .n = 1 };

/* The load of one block by both, from the same register-file garbage; true when equal. The
 * program is a jump: every GPR below ngprs is zeroed by both. */
static bool compare(struct sim_pixel_fused *f, const struct sim_spi_state *spi, unsigned ngprs,
                    const struct sim_prim *p, int32_t bx, int32_t by)
{
   static const uint8_t smask[16] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
   for (size_t i = 0; i < sizeof(want) / 4; i++)
      ((uint32_t *)&want)[i] = rnd();
   memcpy(&got, &want, sizeof(want));
   memset(want.gpr, 0, (size_t)ngprs * sizeof(want.gpr[0]));
   sim_spi_load(spi, p, bx, by, smask, &one_sample, &want);
   static struct sim_exports out;
   struct sim_pixel_block blk = { p, &no_db, &no_cb, &one_sample, &got, &out, bx, by, 0xFFFF, { 0 } };
   memcpy(blk.smask, smask, sizeof(smask));
   sim_pixel_fused_pre(f, &blk);
   return !memcmp(&want, &got, sizeof(want));
}

/* A block near the primitive's first vertex, or far from it. */
static void random_block(const struct sim_prim *p, int32_t *bx, int32_t *by)
{
   int64_t span = rnd() % 3 == 0 ? 1 << 20 : 64;
   *bx = (int32_t)((p->x[0] / SIM_SUBPIX + (int64_t)(rnd() % (2 * span)) - span) & ~3ll);
   *by = (int32_t)((p->y[0] / SIM_SUBPIX + (int64_t)(rnd() % (2 * span)) - span) & ~3ll);
}

int main(void)
{
   setenv("R600SIM_JIT_ASYNC", "0", 1);
   sim_jit_start();
   struct sim_program prog;
   memset(&prog, 0, sizeof(prog));
   prog.engine = 1;
   prog.cf = prog_cf;
   prog.ncf = 1;
   prog_cf[0].op = SIM_CF_JUMP;
   static struct sim_vtx v[3];
   static struct sim_prim p;
   unsigned bad = 0, flat = 0, blocks = 0;
   for (unsigned n = 0; n < CASES && bad < 5; n++) {
      struct sim_spi_state spi;
      unsigned ngprs;
      random_spi(&spi, &ngprs);
      prog.hash = n + 1;
      struct sim_pixel_state st = { &spi, &no_db, &no_cb, &one_sample, ngprs, false, false, false };
      struct sim_pixel_fused *f = sim_pixel_fused_get(&prog, &st);
      if (!check(f != NULL, "case %u: no fused variant", n)) {
         bad++;
         continue;
      }
      random_prim(&p, v);
      for (unsigned b = 0; b < BLOCKS; b++) {
         int32_t bx, by;
         random_block(&p, &bx, &by);
         flat += flat_expected(&spi, &p, bx, by);
         blocks++;
         if (!check(compare(f, &spi, ngprs, &p, bx, by),
                    "case %u block %u (%d, %d): fused load differs from sim_spi_load", n, b, bx, by))
            bad++;
      }
      sim_pixel_fused_put(f);
   }
   check(flat * 8 >= blocks, "the shortcut's condition held in %u of %u blocks", flat, blocks);
   printf("shortcut blocks: %u of %u\n", flat, blocks);
   return check_report();
}
