/* The JIT's RGBA8 level passes (jit_tex.c's tex_pass_rgba8 / tex_pass_one_rgba8, chosen by
 * descriptors of kind SIM_TEX_FAST_RGBA8, tex_fast.h) against the C texture unit, bit for bit.
 * - The decode: sim_tex_fast_unorm8(v) is v / 255 in fp32 for all 256 bytes, the table
 *   sim_format_decode's results make for UNORM bytes, and the PLAIN formula of such a
 *   component (sim_tex_fast_quotient(v, 255, 1 / 255) + 0): what tex_fast.c checks of a
 *   descriptor before it takes the RGBA8 kind.
 * - Sampling: 8_8_8_8 NORM unsigned textures (powers of two and not, 1D, mip chains) with
 *   samplers of the CLAMP modes without border, point / bilinear filters, every MIP_FILTER;
 *   SAMPLE / _L / _LB / _LZ at coordinates of small and large footprints, out of range, NaN,
 *   infinite and huge; each block run by the JIT code and by the interpreter, the GPRs
 *   compared, and the descriptor's kind checked to be RGBA8 (so that the pass is the one
 *   tested). Both the one-level pass (MIN = MAG filter on one level) and the per-lane level
 *   pass are counted as reached. The bilinear taps are read both ways (one qword a row
 *   where the two columns are adjacent in every lane, dword gathers where a CLAMP mode
 *   separates them at an edge): a wrong texel in either fails these states.
 * - Clauses of 1..4 instructions, mostly sharing one descriptor (jit_tex.c then tests the
 *   state once for the clause: point taps inline, bilinear ones by direct calls), sometimes
 *   not (the per-instruction path); sources that are earlier destinations, DST_SEL masks and
 *   constants, FETCH_WHOLE_QUAD, and destination GPRs of random bits, so that a lane or
 *   component written where it must keep its value fails (full blocks: plain stores).
 *
 * test_tex_rgba8 [COUNT [SEED]]: COUNT random states per chip (default 60). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/hw_surface.h"
#include "isa_harness.h"
#include "sq/formats.h"
#include "sq/run_state.h"
#include "sq/tex_fast.h"

#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n

static unsigned count = 60;
static uint64_t rng_state = 0x243F6A8885A308D3ull;

static uint32_t rnd(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return (uint32_t)(rng_state >> 16);
}

static unsigned below(unsigned n) { return rnd() % n; }
static bool chance(unsigned percent) { return below(100) < percent; }
static float frand(float lo, float hi) { return lo + (hi - lo) * (float)(rnd() & 0xFFFFFF) / 16777216.0f; }

/* Every byte: the formula's bits against the division, the format's table and the PLAIN
 * formula. */
static void decode_bytes(void)
{
   struct sim_format_mode m = { .num_format = SIM_NUM_NORM };
   for (unsigned c = 0; c < 4; c++) {
      const uint32_t *lut = sim_format_lut8(&m, c);
      for (unsigned v = 0; v < 256; v++) {
         uint32_t got = U(sim_tex_fast_unorm8((float)v));
         check_u32(got, U((float)v / 255.0f), "unorm8(%u) is %u / 255", v, v);
         check_u32(got, lut[v], "unorm8(%u) is the UNORM table's component %u", v, c);
         check_u32(got, U(sim_tex_fast_quotient((float)v, 255.0f, 1.0f / 255.0f) + 0.0f),
                   "unorm8(%u) is the PLAIN formula", v);
      }
   }
}

/* A random 8_8_8_8 NORM unsigned texture at resource 0 (without degamma or endian swap; DST_SEL
 * often xyz1, an RGB texture's, else mostly xyzw, sometimes any); with `mips` every level, else
 * sometimes some. Returns LAST_LEVEL. */
static unsigned rgba8_texture(bool mips)
{
   unsigned w = chance(50) ? 1u << below(9) : 1 + below(chance(20) ? 300 : 40);
   unsigned h = chance(50) ? 1u << below(7) : 1 + below(40);
   bool one_d = chance(10);
   if (one_d)
      h = 1;
   unsigned levels = 1;
   while ((w > h ? w : h) >> levels)
      levels++;
   unsigned last = mips ? levels - 1 : chance(70) ? 0 : below(levels);
   unsigned pitch = (w + 7) / 8 * 8 + (chance(20) ? 8 : 0);
   const struct hw_surface s = { .width = w, .height = h, .bpp = 4, .layers = 1, .samples = 1, .pitch0 = pitch,
                                 .block = 1 };
   uint64_t size = hw_surface_size(&s, last) + 64;   /* the inline path reads 3 bytes past a level */
   uint8_t *bytes = malloc(size);
   for (uint64_t i = 0; i < size; i++)
      bytes[i] = (uint8_t)rnd();
   uint64_t va = upload(bytes, size);
   free(bytes);
   uint64_t mip = last ? va + hw_surface_level_offset(&s, 1) : 0;
   uint32_t at = REG_SQ_TEX_RESOURCE_WORD0_0;
   set_reg(at, SQ_TEX_RESOURCE_WORD0__DIM(one_d ? SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_1D
                                                : SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_2D) |
                  SQ_TEX_RESOURCE_WORD0__TILE_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
                  SQ_TEX_RESOURCE_WORD0__PITCH(pitch / 8 - 1) | SQ_TEX_RESOURCE_WORD0__TEX_WIDTH(w - 1));
   set_reg(at + 4, SQ_TEX_RESOURCE_WORD1__TEX_HEIGHT(h - 1) | SQ_TEX_RESOURCE_WORD1__DATA_FORMAT(FMT(8_8_8_8)));
   set_reg(at + 8, SQ_TEX_RESOURCE_WORD2__BASE_ADDRESS((uint32_t)(va >> 8)));
   set_reg(at + 12, SQ_TEX_RESOURCE_WORD3__MIP_ADDRESS((uint32_t)(mip >> 8)));
   uint32_t w4 = SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL(SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_NORM) |
                 SQ_TEX_RESOURCE_WORD4__SRF_MODE_ALL(below(2));
   bool rgb = chance(30);
   for (unsigned c = 0; c < 4; c++)   /* FORMAT_COMP UNSIGNED (0); DST_SEL_X..W (5: 1) */
      w4 |= (uint32_t)(rgb ? (c < 3 ? c : 5) : chance(80) ? c : below(6)) << (16 + 3 * c);
   set_reg(at + 16, w4);
   set_reg(at + 20, SQ_TEX_RESOURCE_WORD5__LAST_LEVEL(last));
   set_reg(at + 24, SQ_TEX_RESOURCE_WORD6__TYPE(SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE));
   return last;
}

/* A random PS sampler of CLAMP modes that never take the border at slots 0 and 1 (the
 * same words); with `same` MIN = MAG. */
static void rgba8_sampler(bool same)
{
   uint32_t mag = below(2), min = same ? mag : below(2);
   uint32_t w[3];
   w[0] = SQ_TEX_SAMPLER_WORD0__CLAMP_X(below(4)) | SQ_TEX_SAMPLER_WORD0__CLAMP_Y(below(4)) |
          SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER(mag) | SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER(min) |
          SQ_TEX_SAMPLER_WORD0__MIP_FILTER(below(3)) | SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE(below(4));
   unsigned lo = chance(60) ? 0 : below(4 * 64), hi = chance(50) ? 15 * 64 : lo + below(6 * 64);
   int bias = chance(50) ? 0 : (int)below(8 * 64) - 4 * 64;
   w[1] = SQ_TEX_SAMPLER_WORD1__MIN_LOD(lo) | SQ_TEX_SAMPLER_WORD1__MAX_LOD(hi) |
          SQ_TEX_SAMPLER_WORD1__LOD_BIAS((uint32_t)bias & 0xFFFu);
   w[2] = SQ_TEX_SAMPLER_WORD2__TYPE(1);
   for (unsigned slot = 0; slot < 2; slot++)
      for (unsigned k = 0; k < 3; k++)
         set_reg(REG_SQ_TEX_SAMPLER_WORD0_0 + slot * SAMPLER_STRIDE + 4 * k, w[k]);
}

/* A coordinate outside the usual: NaN, infinite, huge, denormal, negative zero, far. */
static float special(void)
{
   static const uint32_t bits[] = { 0x7FC00000u, 0xFFC00000u, 0x7F800000u, 0xFF800000u, 0x00000001u,
                                    0x80000000u, 0x4F800000u, 0xCF800000u, 0x7F7FFFFFu, 0x4B800001u };
   return chance(50) ? Fl(bits[below(sizeof(bits) / sizeof(bits[0]))]) : frand(-100.0f, 100.0f);
}

/* A coordinate in 0..1 (normalized: inside the level), sometimes at or next to its ends. */
static float inside_coord(void)
{
   static const uint32_t ends[] = { 0x00000000u, 0x80000000u, 0x3F800000u, 0x3F7FFFFFu, 0x00000001u };
   return chance(10) ? Fl(ends[below(sizeof(ends) / sizeof(ends[0]))]) : frand(0.0f, 1.0f);
}

/* GPR 0.xyw of random_lanes inside 0..1 (the inline point taps then convert directly,
 * unless a lane is at 1.0), the other GPRs random bits. */
static void random_inside_lanes(void)
{
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[0][0][l] = U(inside_coord());
      init_lanes.gpr[0][1][l] = U(inside_coord());
      init_lanes.gpr[0][3][l] = U(frand(-3.0f, 10.0f));
      for (unsigned r = 1; r < 4; r++)
         for (unsigned c = 0; c < 4; c++)
            init_lanes.gpr[r][c][l] = rnd();
   }
}

/* GPR 0.xy: quads of a base and derivatives of random scale (GPR 0.w: a LOD or bias). */
static void random_lanes(void)
{
   clear_lanes();
   if (chance(40)) {   /* every lane inside 0..1, some at its ends */
      random_inside_lanes();
      return;
   }
   for (unsigned q = 0; q < SIM_LANES / 4; q++) {
      float su = ldexpf(1.0f, (int)below(14) - 10), sv = ldexpf(1.0f, (int)below(14) - 10);
      float u = frand(-1.5f, 2.5f), v = frand(-1.5f, 2.5f);
      float du[2] = { frand(-su, su), frand(-su, su) }, dv[2] = { frand(-sv, sv), frand(-sv, sv) };
      for (unsigned k = 0; k < 4; k++) {
         unsigned l = 4 * q + k;
         float lu = u + (k & 1 ? du[0] : 0) + (k & 2 ? du[1] : 0);
         float lv = v + (k & 1 ? dv[0] : 0) + (k & 2 ? dv[1] : 0);
         init_lanes.gpr[0][0][l] = U(chance(4) ? special() : lu);
         init_lanes.gpr[0][1][l] = U(chance(4) ? special() : lv);
         init_lanes.gpr[0][3][l] = U(frand(-3.0f, 10.0f));
         for (unsigned r = 1; r < 4; r++)   /* what unwritten lanes and components keep */
            for (unsigned c = 0; c < 4; c++)
               init_lanes.gpr[r][c][l] = rnd();
      }
   }
}

/* A random DST_SEL code: mostly the component's own, else X..W, 0, 1 or MASK (7). */
static unsigned random_dst_sel(unsigned c)
{
   unsigned s = below(7);
   return chance(60) ? c : s == 6 ? 7 : s;
}

/* A clause of 1..4 SAMPLE, _L, _LB or _LZ instructions (sometimes unnormalized, with
 * OFFSET, FETCH_WHOLE_QUAD, random DST_SEL) of GPR 0 or an earlier destination into GPRs
 * 1..3; mostly all of sampler 0 (they then share one descriptor: jit_tex.c's clause test),
 * sometimes one of sampler 1 (the same words: the per-instruction path; *shared false). */
static uint64_t sample_program(bool *shared)
{
   static const unsigned ops[4] = { TEXI(SAMPLE), TEXI(SAMPLE_L), TEXI(SAMPLE_LB), TEXI(SAMPLE_LZ) };
   unsigned n = chance(50) ? 1 : 2 + below(3);
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   for (unsigned i = 0; i < n; i++) {
      struct texi t = { ops[below(4)], 0, chance(15), i && chance(30) ? 1 + below(3) : 0, 1 + below(3), SXYZW,
                        chance(20) };
      t.whole_quad = chance(20);
      if (chance(40))
         for (unsigned c = 0; c < 4; c++)
            t.dsel[c] = random_dst_sel(c);
      *shared = i ? *shared && !t.sampler : !t.sampler;
      tex(&p, t);
      uint32_t *w = &p.dw[2 * p.qw - 4];
      if (chance(30))
         w[2] |= FLD(SQ_TEX_WORD2, OFFSET_X, below(32)) | FLD(SQ_TEX_WORD2, OFFSET_Y, below(32));
   }
   cf_fetch(&p, CFI(TEX), at, n);
   cf(&p, CFI(NOP), 0, 0, true);
   return upload_prog(&p);
}

static unsigned reached[2];   /* states sampled by the one-level pass / the level pass */
static unsigned reached_clause[2][2];   /* by jit_tex.c's clause path: [bilinear][xyz1] */

/* One state: the JIT's run of a few blocks against the interpreter's. */
static void one_state(unsigned n)
{
   static struct sim_run x;
   static struct sim_lanes lanes;
   static struct sim_exports out;
   bool mips = n % 3 == 2, same = n % 3 != 1;
   unsigned last = rgba8_texture(mips);
   rgba8_sampler(same);
   bool shared;
   uint64_t va = sample_program(&shared);
   struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
   struct sim_program *prog = sim_program_get_engine(&env, va, SIM_ENGINE_JIT);
   if (!check(prog && sim_program_engine(prog) == SIM_ENGINE_JIT, "state %u: JIT code", n))
      return;
   sim_native_fn fn = sim_program_run_prepare(&x, prog, &env, &lanes, &out);
   for (unsigned blk = 0; blk < 4; blk++) {
      random_lanes();
      uint16_t active = chance(70) ? 0xFFFF : chance(30) ? (uint16_t)~(1u << below(16)) : (uint16_t)(rnd() | 1);
      struct run_opts o = { .stage = SIM_STAGE_PS, .active = active };
      run_engine(va, &o, SIM_ENGINE_INTERP, &res_interp);
      lanes = init_lanes;
      bool ok = run_prepared_block(fn, &x, active);
      check(ok && res_interp.ok && !memcmp(&lanes, &res_interp.lanes, sizeof(lanes)),
            "state %u block %u (%s): the same GPRs as the interpreter", n, blk, R7 ? "rv770" : "r600");
   }
   const struct sim_tex_fast *d = x.tex_fast[0];
   if (!check(d && d->plain == SIM_TEX_FAST_RGBA8, "state %u: an RGBA8 descriptor", n))
      return;
   bool one = same && (last == 0 || d->mip == SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE);
   reached[!one]++;
   bool xyzw = d->swz[0] == 0 && d->swz[1] == 1 && d->swz[2] == 2, xyz1 = xyzw && d->swz[3] == 5;
   if (one && shared && xyzw && (xyz1 || d->swz[3] == 3))
      reached_clause[d->min_linear][xyz1]++;
}

static void all_tests(void)
{
   decode_bytes();
   reached[0] = reached[1] = 0;
   memset(reached_clause, 0, sizeof(reached_clause));
   for (unsigned n = 0; n < count; n++)
      one_state(n);
   check(reached[0] > 0 && reached[1] > 0, "both passes reached (%u one-level, %u per lane)", reached[0], reached[1]);
   for (unsigned k = 0; k < 4; k++)
      check(reached_clause[k >> 1][k & 1] > 0, "the clause path reached with %s taps and DST_SEL %s (%u states)",
            k >> 1 ? "bilinear" : "point", k & 1 ? "xyz1" : "xyzw", reached_clause[k >> 1][k & 1]);
}

int main(int argc, char **argv)
{
   if (argc > 1)
      count = (unsigned)strtoul(argv[1], NULL, 0);
   if (argc > 2)
      rng_state ^= strtoull(argv[2], NULL, 0) * 0x2545F4914F6CDD1Dull;
   return run_on_both_chips(all_tests);
}
