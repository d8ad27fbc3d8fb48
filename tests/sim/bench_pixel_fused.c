/* Microbenchmark of the fused pixel path (jit/jit_pixel.c): nanoseconds per 4x4 block of
 * sim_pixel_fused_block on a few typical states, the whole block with a stand-in PS that
 * copies its first input to PIXEL 0 (the pixel shader of a plain fill; bench/raster.c's
 * fills have a colour the same at every vertex, the last case), over the fully
 * covered blocks of a large triangle, as the SC hands them over: many blocks per primitive.
 * Not a test: run by hand (or under callgrind for instruction counts) before and after a
 * change of the fused code.
 *
 * usage: bench_pixel_fused [ROUNDS [CASE]]   (default 200 rounds of the triangle's 2016 blocks;
 * CASE: only the case of that number, from 0) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/gpu_memory.h"
#include "geometry/prim.h"
#include "jit/jit.h"
#include "pixel/cb.h"
#include "pixel/db.h"
#include "pixel/spi.h"
#include "r600_regs.h"
#include "raster/sc.h"
#include "shader/shader_exec.h"
#include "sq/isa_program.h"
#include "sq/run_state.h"

#include <xmmintrin.h>

#define SIZE 256   /* the triangle's legs, pixels */

static int copy_ps(void *arg)
{
   struct sim_run *x = arg;
   memcpy(x->out->pixel[0], x->lanes->gpr[0], sizeof(x->out->pixel[0]));
   return 1;
}

static double now(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* `rounds` times the primitive's fully covered blocks through f (one function, so that
 * callgrind --toggle-collect=run_blocks counts the blocks alone); returns the blocks run. */
static __attribute__((noinline)) unsigned run_blocks(struct sim_pixel_fused *f,
                                                     struct sim_program *prog,
                                                     const struct sim_prim *p,
                                                     const struct sim_db_state *d,
                                                     const struct sim_sc_msaa *ms, unsigned rounds)
{
   static const struct sim_cb_state no_cb;
   static struct sim_lanes lanes;
   static struct sim_exports out;
   static struct sim_run run;
   static uint32_t regs[SIM_REG_SPACE_DWORDS];
   struct sim_shader_env env = { .stage = SIM_STAGE_PS, .regs = regs };
   uint32_t units = _mm_getcsr();
   unsigned blocks = 0;
   for (unsigned r = 0; r < rounds; r++) {
      /* per primitive, as draw.c does */
      sim_native_fn ps = sim_program_run_prepare(&run, prog, &env, &lanes, &out);
      for (int32_t by = 0; by < SIZE; by += 4) {
         for (int32_t bx = 0; bx + by + 8 <= SIZE; bx += 4) {
            struct sim_pixel_block b = { p, d, &no_cb, ms, &lanes, &out, bx, by, 0xFFFF,
                                         { 0 }, &run, ps, units, units | 0x8040, 0 };
            memset(b.smask, 1, sizeof(b.smask));
            sim_pixel_fused_block(f, &b);
            blocks++;
         }
      }
   }
   return blocks;
}

int main(int argc, char **argv)
{
   unsigned rounds = argc > 1 ? (unsigned)atoi(argv[1]) : 200;
   int only = argc > 2 ? atoi(argv[2]) : -1;
   setenv("R600SIM_JIT_ASYNC", "0", 1);
   sim_jit_start();
   struct sim_program prog;
   memset(&prog, 0, sizeof(prog));
   prog.engine = 1;
   prog.jit_fn = copy_ps;

   static struct sim_vtx v[3];
   struct sim_prim p;
   memset(&p, 0, sizeof(p));
   p.x[1] = SIZE * SIM_SUBPIX;
   p.y[2] = SIZE * SIM_SUBPIX;
   p.area2 = p.x[1] * p.y[2];
   for (unsigned k = 0; k < 3; k++) {
      p.z[k] = 0.25f + 0.125f * (float)k;
      p.inv_w[k] = 1.0f / (1.0f + (float)k);
      for (unsigned a = 0; a < 4; a++)
         for (unsigned c = 0; c < 4; c++)
            v[k].param[a][c] = (float)(k * 7 + a * 3 + c) / 16.0f;
      for (unsigned c = 0; c < 4; c++)
         v[k].param[4][c] = (float)c / 4.0f;   /* the same at every vertex */
      p.v[k] = &v[k];
   }
   p.provoking = &v[2];

   static struct sim_sc_msaa ms = { .n = 1 };
   static const struct sim_cb_state no_cb;
   static uint32_t depth[SIZE * SIZE];
   struct sim_db_state db;
   memset(&db, 0, sizeof(db));
   db.active = db.early = true;
   db.base = (uint8_t *)depth;
   db.sample_bytes = sizeof(depth);
   db.tiles_per_row = SIZE / 8;
   db.height = SIZE;
   db.format = DB_DEPTH_INFO__FORMAT__DEPTH_X8_24;
   db.bpp = 4;
   db.unorm_bits = 24;
   db.z_enable = db.z_write = true;
   db.zfunc = DB_DEPTH_CONTROL__ZFUNC__FRAG_ALWAYS;
   db.clamp = true;
   db.zmin = 0.0;
   db.zmax = 1.0;
   static const struct sim_db_state no_db;

   struct {
      const char *name;
      unsigned ninputs;
      bool depth;
   } cases[] = { { "plain (1 input)", 1, false }, { "depth (1 input, early Z)", 1, true },
                 { "2 inputs", 2, false }, { "4 inputs, early Z", 4, true },
                 { "constant input (param 4)", 1, false } };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      if (only >= 0 && c != (unsigned)only)
         continue;
      struct sim_spi_state spi;
      memset(&spi, 0, sizeof(spi));
      spi.num_interp = spi.max_gpr = cases[c].ninputs;
      for (unsigned i = 0; i < spi.num_interp; i++)
         spi.in[i].param = c == 4 ? 4 : (int)i;
      const struct sim_db_state *d = cases[c].depth ? &db : &no_db;
      struct sim_pixel_state st = { &spi, d, &no_cb, &ms, spi.num_interp + 2, cases[c].depth,
                                    false, true };
      struct sim_pixel_fused *f = sim_pixel_fused_get(&prog, &st);
      if (!f) {
         fprintf(stderr, "no fused variant for %s\n", cases[c].name);
         return 1;
      }
      double t0 = now();
      unsigned blocks = run_blocks(f, &prog, &p, d, &ms, rounds);
      double t = now() - t0;
      printf("%-28s %8.1f ns/block (%u blocks)\n", cases[c].name, 1e9 * t / blocks, blocks);
      sim_pixel_fused_put(f);
   }
   return 0;
}
