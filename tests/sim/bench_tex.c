/* Nanoseconds per 16-lane SAMPLE of the JIT's inline texture path on the states of glmark2's
 * texture scenes (run by hand, not a test; callgrind on it counts instructions exactly):
 * 256x256 textures in a few formats, point / bilinear / trilinear filtering, quads of a
 * pixel shader at 1:1 (magnification) or 1.6:1 (minification) scale, blocks over a 256x256
 * pixel area; and a 4 MiB texture minified without mip maps (texels from memory, not cache).
 * bench_tex [ITERATIONS [INDEX]] (INDEX: only that bench, from 0); the final code is measured (R600SIM_JIT_QUICK=0, R600SIM_JIT_ASYNC=0). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <xmmintrin.h>

#include "hw/hw_surface.h"
#include "isa_harness.h"
#include "sq/run_state.h"

#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n

static double now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);   /* CPU time: the machine is shared */
   return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* A size x size texture at resource 0 in format fmt (bpp bytes), NORM, with its mip chain. */
static void texture(unsigned size_, uint32_t fmt, unsigned bpp, bool mips)
{
   unsigned last = mips ? 8 : 0;
   const struct hw_surface s = { .width = size_, .height = size_, .bpp = bpp, .layers = 1,
                                 .samples = 1, .pitch0 = size_, .block = 1 };
   uint64_t size = hw_surface_size(&s, last) + 64;
   uint8_t *bytes = malloc(size);
   for (uint64_t i = 0; i < size; i++)
      bytes[i] = (uint8_t)(i * 2654435761u >> 13);
   uint64_t va = upload(bytes, size);
   free(bytes);
   uint64_t mip = last ? va + hw_surface_level_offset(&s, 1) : 0;
   uint32_t at = REG_SQ_TEX_RESOURCE_WORD0_0;
   set_reg(at, SQ_TEX_RESOURCE_WORD0__DIM(SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_2D) |
                  SQ_TEX_RESOURCE_WORD0__TILE_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
                  SQ_TEX_RESOURCE_WORD0__PITCH(size_ / 8 - 1) | SQ_TEX_RESOURCE_WORD0__TEX_WIDTH(size_ - 1));
   set_reg(at + 4, SQ_TEX_RESOURCE_WORD1__TEX_HEIGHT(size_ - 1) | SQ_TEX_RESOURCE_WORD1__DATA_FORMAT(fmt));
   set_reg(at + 8, SQ_TEX_RESOURCE_WORD2__BASE_ADDRESS((uint32_t)(va >> 8)));
   set_reg(at + 12, SQ_TEX_RESOURCE_WORD3__MIP_ADDRESS((uint32_t)(mip >> 8)));
   uint32_t w4 = SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL(SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_NORM);
   for (unsigned c = 0; c < 4; c++)
      w4 |= (uint32_t)c << (16 + 3 * c);   /* DST_SEL_X..W = xyzw */
   set_reg(at + 16, w4);
   set_reg(at + 20, SQ_TEX_RESOURCE_WORD5__LAST_LEVEL(last));
   set_reg(at + 24, SQ_TEX_RESOURCE_WORD6__TYPE(SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE));
}

/* GPR 0.xy: the quads of a 4x4 block at (bx, by) pixels, `scale` / 256 of the texture per
 * pixel. */
static void block_coords(struct sim_lanes *lanes, unsigned bx, unsigned by, float scale)
{
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned x = bx + (l >> 2 & 1) * 2 + (l & 1), y = by + (l >> 3) * 2 + (l >> 1 & 1);
      lanes->gpr[0][0][l] = U(((float)x + 0.5f) * scale / 256.0f);
      lanes->gpr[0][1][l] = U(((float)y + 0.5f) * scale / 256.0f);
   }
}

static unsigned iterations = 200000;
static int only = -1;   /* the one bench to run, or -1 */
static unsigned bench_index;

/* n runs of fn, the block moving over the texture (callgrind --toggle-collect=run_blocks
 * counts the instructions of these alone). */
void run_blocks(sim_native_fn fn, struct sim_run *x, struct sim_lanes *lanes, float scale, unsigned n);
__attribute__((noinline)) void run_blocks(sim_native_fn fn, struct sim_run *x, struct sim_lanes *lanes, float scale,
                                          unsigned n)
{
   struct sim_fp_modes m;
   sim_fp_modes_get(&m);
   for (unsigned i = 0; i < n; i++) {
      block_coords(lanes, i % 64 * 4, i / 64 % 64 * 4, scale);
      x->exec = x->launched = x->mode_saved = x->valid = 0xFFFF;
      _mm_setcsr(m.programs);
      fn(x);
      _mm_setcsr(m.units);
   }
}

static void bench_one(const char *name, unsigned size, uint32_t fmt, unsigned bpp, bool bilinear, uint32_t mip,
                      float scale)
{
   static struct sim_run x;
   static struct sim_lanes lanes;
   static struct sim_exports out;
   if (only >= 0 && bench_index++ != (unsigned)only)
      return;
   machine_reset_regs();
   texture(size, fmt, bpp, mip != SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE);
   set_sampler(0, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP, bilinear, mip, 0);
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   tex(&p, (struct texi){ TEXI(SAMPLE), 0, 0, 0, 1, SXYZW });
   cf_fetch(&p, CFI(TEX), at, 1);
   cf(&p, CFI(NOP), 0, 0, true);
   uint64_t va = upload_prog(&p);
   struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
   struct sim_program *prog = sim_program_get_engine(&env, va, SIM_ENGINE_JIT);
   if (!prog || sim_program_engine(prog) != SIM_ENGINE_JIT) {
      printf("%s: no JIT program\n", name);
      return;
   }
   sim_native_fn fn = sim_program_run_prepare(&x, prog, &env, &lanes, &out);
   double best = 1e30;
   for (unsigned rep = 0; rep < 3; rep++) {
      double t0 = now_ns();
      run_blocks(fn, &x, &lanes, scale, iterations);
      double ns = (now_ns() - t0) / iterations;
      best = ns < best ? ns : best;
   }
   printf("%-40s %7.1f ns per 16 lanes\n", name, best);
}

static void benches(void)
{
   const uint32_t none = SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE;
   const uint32_t linear = SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_LINEAR;
   bench_one("8_8_8_8 bilinear, 1:1", 256, FMT(8_8_8_8), 4, true, none, 1.0f);
   bench_one("8_8_8_8 point, 1:1", 256, FMT(8_8_8_8), 4, false, none, 1.0f);
   bench_one("8_8_8_8 trilinear, 1.6:1", 256, FMT(8_8_8_8), 4, true, linear, 1.6f);
   bench_one("8_8_8 bilinear, 1:1", 256, FMT(8_8_8), 3, true, none, 1.0f);
   bench_one("8 bilinear, 1:1", 256, FMT(8), 1, true, none, 1.0f);
   bench_one("5_6_5 bilinear, 1:1", 256, FMT(5_6_5), 2, true, none, 1.0f);
   bench_one("8_8_8_8 1024x1024 bilinear, 2.5:1", 1024, FMT(8_8_8_8), 4, true, none, 0.625f);
}

int main(int argc, char **argv)
{
   setenv("R600SIM_JIT_QUICK", "0", 1);
   setenv("R600SIM_JIT_ASYNC", "0", 1);
   if (argc > 1)
      iterations = (unsigned)strtoul(argv[1], NULL, 0);
   if (argc > 2)
      only = atoi(argv[2]);
   machine_init();
   chip = HW_CHIP_R7XX;
   benches();
   return 0;
}
