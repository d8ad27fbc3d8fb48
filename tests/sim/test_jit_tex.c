/* The JIT's inline texture sampling (jit/jit_tex.c with sq/tex_fast.c) against the C texture
 * unit (the interpreter's path, the reference), bit for bit, on random states: textures of
 * the inline formats (8, 8_8, 8_8_8, 8_8_8_8, 5_6_5, 1_5_5_5, 4_4_4_4) and a few others (which
 * the inline path declines), random sizes including non-powers of two, mip chains, number
 * formats, component signs, degamma and DST_SEL; samplers with every CLAMP mode, point and
 * bilinear filters, each MIP_FILTER, border colours, MIN/MAX_LOD and LOD_BIAS; TEX clauses of
 * 1..4 SAMPLE / _L / _LB / _LZ instructions with random GPRs (sources may be earlier
 * destinations), selects, COORD_TYPE, LOD_BIAS, OFFSET and FETCH_WHOLE_QUAD; coordinates
 * in quads of small and large derivatives, out of range, negative, huge, NaN, infinite and
 * denormal; random lane masks; pixel and vertex shaders; every fourth clause on mip chains
 * with MIN = MAG filter (the LOD alone picks the levels). run_both compares the GPRs, exports
 * and fault records of both engines. memo_blocks runs programs of several TEX clauses block
 * after block on one run state, as the fused pixel path does (descriptors memoized per
 * primitive), against the interpreter.
 *
 * test_jit_tex [COUNT [SEED]]: COUNT random clauses per chip (default 40). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hw/hw_surface.h"
#include "isa_harness.h"
#include "sq/run_state.h"

#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n

static unsigned count = 40;
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

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

static const uint32_t inline_formats[] = { FMT(8), FMT(8_8), FMT(8_8_8), FMT(8_8_8_8),
                                           FMT(5_6_5), FMT(1_5_5_5), FMT(4_4_4_4) };
static const uint32_t other_formats[] = { FMT(32_FLOAT), FMT(16_16_FLOAT), FMT(2_10_10_10) };

static unsigned format_bytes(uint32_t f)
{
   if (f == FMT(8))
      return 1;
   if (f == FMT(8_8) || f == FMT(5_6_5) || f == FMT(1_5_5_5) || f == FMT(4_4_4_4))
      return 2;
   return f == FMT(8_8_8) ? 3 : 4;
}

/* A random texture at resource slot `slot`; with `mips`, an inline format with every level. */
static void random_texture(unsigned slot, bool mips)
{
   uint32_t fmt = chance(90) || mips ? inline_formats[below(7)] : other_formats[below(3)];
   unsigned w = 1 + below(chance(20) ? 300 : 37), h = 1 + below(37);
   bool one_d = chance(10);
   if (one_d)
      h = 1;
   unsigned levels = 1;
   while ((w > h ? w : h) >> levels)
      levels++;
   unsigned last = mips ? levels - 1 : chance(30) ? 0 : below(levels);
   unsigned pitch = (w + 7) / 8 * 8 + (chance(20) ? 8 : 0);
   const struct hw_surface s = { .width = w, .height = h, .bpp = format_bytes(fmt), .layers = 1,
                                 .samples = 1, .pitch0 = pitch, .block = 1 };
   uint64_t size = hw_surface_size(&s, last) + (chance(50) ? 0 : 64);
   uint8_t *bytes = malloc(size);
   for (uint64_t i = 0; i < size; i++)
      bytes[i] = (uint8_t)rnd();
   uint64_t va = upload(bytes, size);
   free(bytes);
   uint64_t mip = last ? va + hw_surface_level_offset(&s, 1) : 0;
   uint32_t at = REG_SQ_TEX_RESOURCE_WORD0_0 + slot * TEX_RES_STRIDE;
   set_reg(at, SQ_TEX_RESOURCE_WORD0__DIM(one_d ? SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_1D
                                                : SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_2D) |
                  SQ_TEX_RESOURCE_WORD0__TILE_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
                  SQ_TEX_RESOURCE_WORD0__PITCH(pitch / 8 - 1) | SQ_TEX_RESOURCE_WORD0__TEX_WIDTH(w - 1));
   set_reg(at + 4, SQ_TEX_RESOURCE_WORD1__TEX_HEIGHT(h - 1) | SQ_TEX_RESOURCE_WORD1__DATA_FORMAT(fmt));
   set_reg(at + 8, SQ_TEX_RESOURCE_WORD2__BASE_ADDRESS((uint32_t)(va >> 8)));
   set_reg(at + 12, SQ_TEX_RESOURCE_WORD3__MIP_ADDRESS((uint32_t)(mip >> 8)));
   uint32_t num = chance(75) ? SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_NORM
                : chance(80) ? SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_SCALED
                             : SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_INT;
   uint32_t w4 = SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL(num) |
                 SQ_TEX_RESOURCE_WORD4__SRF_MODE_ALL(below(2)) |
                 SQ_TEX_RESOURCE_WORD4__FORCE_DEGAMMA(chance(20));
   for (unsigned c = 0; c < 4; c++) {
      uint32_t comp = chance(80) ? SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_X__SQ_FORMAT_COMP_UNSIGNED
                                 : SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_X__SQ_FORMAT_COMP_SIGNED;
      w4 |= comp << (2 * c);   /* FORMAT_COMP_X..W: 2 bits each from bit 0 */
      w4 |= (uint32_t)(chance(70) ? c : below(8)) << (16 + 3 * c);   /* DST_SEL_X..W */
   }
   if (chance(5))
      w4 |= SQ_TEX_RESOURCE_WORD4__ENDIAN_SWAP(1);
   set_reg(at + 16, w4);
   set_reg(at + 20, SQ_TEX_RESOURCE_WORD5__LAST_LEVEL(last));
   set_reg(at + 24, SQ_TEX_RESOURCE_WORD6__TYPE(SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE));
}

/* Border colours besides finite ones: infinities (a zero weight makes the default NaN of them,
 * which the plain level pass of jit_tex.c leaves to the hardware's operand order), NaNs
 * (quiet, signalling, negative: the pass with sim_tex_add / sim_tex_mul). */
static const uint32_t border_bits[6] = { 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7F800001u, 0x80000000u };

/* A random sampler `id` of the PS or the VS (sampler slots 0.. / 18..); with `mips`, the
 * same MIN and MAG filter and MIP_FILTER POINT or LINEAR (only the LOD picks the levels: the
 * JIT skips the implicit LOD where it cannot matter). */
static void random_sampler(unsigned id, bool vs, bool mips)
{
   uint32_t at = REG_SQ_TEX_SAMPLER_WORD0_0 + (id + (vs ? 18 : 0)) * SAMPLER_STRIDE;
   uint32_t border = below(4), mag = below(2), min = mips ? mag : below(2);
   set_reg(at, SQ_TEX_SAMPLER_WORD0__CLAMP_X(below(8)) | SQ_TEX_SAMPLER_WORD0__CLAMP_Y(below(8)) |
                  SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER(mag) | SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER(min) |
                  SQ_TEX_SAMPLER_WORD0__MIP_FILTER(mips ? 1 + below(2) : chance(95) ? below(3) : 3) |
                  SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE(border));
   unsigned lo = chance(60) ? 0 : below(4 * 64), hi = chance(50) ? 15 * 64 : lo + below(6 * 64);
   int bias = chance(50) ? 0 : (int)below(8 * 64) - 4 * 64;
   set_reg(at + 4, SQ_TEX_SAMPLER_WORD1__MIN_LOD(lo) | SQ_TEX_SAMPLER_WORD1__MAX_LOD(hi) |
                      SQ_TEX_SAMPLER_WORD1__LOD_BIAS((uint32_t)bias & 0xFFFu));
   set_reg(at + 8, SQ_TEX_SAMPLER_WORD2__TYPE(1));
   for (unsigned c = 0; c < 4; c++)
      set_reg((vs ? REG_TD_VS_SAMPLER0_BORDER_RED : REG_TD_PS_SAMPLER0_BORDER_RED) +
                 id * REG_TD_PS_SAMPLER0_BORDER_RED__stride + 4 * c,
              chance(90) ? U(frand(-2.0f, 2.0f)) : border_bits[below(6)]);
}

/* A special coordinate: out of range, huge, NaN, infinite, denormal, negative zero. */
static float special(void)
{
   static const uint32_t bits[] = { 0x7FC00000u, 0xFFC00000u, 0x7F800000u, 0xFF800000u, 0x00000001u,
                                    0x80000000u, 0x4F800000u, 0xCF800000u, 0x7F7FFFFFu, 0x4B800001u };
   return chance(50) ? Fl(bits[below(sizeof(bits) / sizeof(bits[0]))]) : frand(-100.0f, 100.0f);
}

/* Quads of coordinates in GPRs 0..3: per quad a base and derivatives of random scale. */
static void random_lanes(void)
{
   clear_lanes();
   for (unsigned g = 0; g < 4; g++)
      for (unsigned c = 0; c < 4; c += 2)
         for (unsigned q = 0; q < SIM_LANES / 4; q++) {
            float su = ldexpf(1.0f, (int)below(14) - 10), sv = ldexpf(1.0f, (int)below(14) - 10);
            float u = frand(-1.5f, 2.5f), v = frand(-1.5f, 2.5f);
            float du[2] = { frand(-su, su), frand(-su, su) }, dv[2] = { frand(-sv, sv), frand(-sv, sv) };
            if (chance(15)) {
               u *= 40.0f;
               v *= 40.0f;
            }
            for (unsigned k = 0; k < 4; k++) {
               unsigned l = 4 * q + k;
               float lu = u + (k & 1 ? du[0] : 0) + (k & 2 ? du[1] : 0);
               float lv = v + (k & 1 ? dv[0] : 0) + (k & 2 ? dv[1] : 0);
               init_lanes.gpr[g][c][l] = U(chance(6) ? special() : lu);
               init_lanes.gpr[g][c + 1][l] = U(chance(6) ? special() : c ? frand(-3.0f, 18.0f) : lv);
               if (chance(3)) {   /* two NaNs meet in the bilinear weights: which one is kept */
                  init_lanes.gpr[g][c][l] = chance(50) ? 0x7FC00000u : 0xFFC00000u;
                  init_lanes.gpr[g][c + 1][l] = init_lanes.gpr[g][c][l] ^ 0x80000000u;
               }
            }
         }
}

static void random_inst(struct prog *p)
{
   static const unsigned ops[4] = { 0, 1, 2, 3 };
   unsigned which = ops[below(4)];
   unsigned inst = which == 0 ? TEXI(SAMPLE) : which == 1 ? TEXI(SAMPLE_L)
                   : which == 2 ? TEXI(SAMPLE_LB) : TEXI(SAMPLE_LZ);
   struct texi t = { inst, below(2), below(2), below(4), below(6), { 0 }, chance(20), chance(30) };
   for (unsigned c = 0; c < 4; c++) {
      t.ssel[c] = chance(90) ? (c < 2 ? TSRC(X) + below(4) : TSRC(X) + c) : TSRC(X) + 4 + below(2);
      t.dsel[c] = chance(75) ? TDST(X) + c : below(8);
   }
   if (chance(60)) {   /* usual sources: .xy and .zw pairs */
      unsigned base = below(2) * 2;
      t.ssel[0] = TSRC(X) + base;
      t.ssel[1] = TSRC(X) + base + 1;
      t.ssel[3] = TSRC(W);
   }
   tex(p, t);
   uint32_t *w = &p->dw[2 * p->qw - 4];
   if (chance(30))
      w[1] ^= FLD(SQ_TEX_WORD1, COORD_TYPE_X, 1);
   if (chance(30))
      w[1] ^= FLD(SQ_TEX_WORD1, COORD_TYPE_Y, 1);
   if (chance(40))
      w[1] |= FLD(SQ_TEX_WORD1, LOD_BIAS, below(128));
   if (chance(40))
      w[2] |= FLD(SQ_TEX_WORD2, OFFSET_X, below(32)) | FLD(SQ_TEX_WORD2, OFFSET_Y, below(32));
}

static void tests(void)
{
   for (unsigned n = 0; n < count; n++) {
      bool vs = chance(15);   /* VS resources from slot 160 (fetch_unit.c) */
      bool mips = n % 4 == 3;
      random_texture(vs ? 160 : 0, mips);
      random_texture(vs ? 161 : 1, mips);
      random_sampler(0, vs, mips);
      random_sampler(1, vs, mips);
      random_lanes();
      struct prog p;
      prog_init(&p);
      unsigned at = p.qw, k = 1 + below(4);
      for (unsigned i = 0; i < k; i++)
         random_inst(&p);
      cf_fetch(&p, CFI(TEX), at, k);
      cf(&p, CFI(NOP), 0, 0, true);
      uint16_t active = chance(70) ? 0xFFFF : (uint16_t)rnd();
      struct run_opts o = { .stage = vs ? SIM_STAGE_VS : SIM_STAGE_PS, .active = active ? active : 1 };
      char name[64];
      snprintf(name, sizeof(name), "random clause %u (%s)", n, R7 ? "rv770" : "r600");
      run_compare(name, upload_prog(&p), o);
   }
}

/* A program of 2..4 TEX clauses of 1..3 random instructions each (so that their memo slots
 * differ), ending with a NOP. */
static uint64_t random_clauses(void)
{
   struct prog p;
   prog_init(&p);
   unsigned nclauses = 2 + below(3), at[4], k[4];
   for (unsigned c = 0; c < nclauses; c++) {
      at[c] = p.qw;
      k[c] = 1 + below(3);
      for (unsigned i = 0; i < k[c]; i++)
         random_inst(&p);
   }
   for (unsigned c = 0; c < nclauses; c++)
      cf_fetch(&p, CFI(TEX), at[c], k[c]);
   cf(&p, CFI(NOP), 0, 0, true);
   return upload_prog(&p);
}

/* Blocks on one run state as the fused pixel path runs them: sim_program_run_prepare once
 * per primitive, then the program's native code per block with new lanes (its TEX clauses'
 * descriptors memoized by the first block that runs each), each block against the
 * interpreter's run of it. Between primitives the textures and samplers change: a memo
 * kept across sim_program_run_prepare would sample the old ones. */
static void memo_blocks(void)
{
   static struct sim_run x;
   static struct sim_lanes lanes;
   static struct sim_exports out;
   for (unsigned n = 0; n < count / 8; n++) {
      bool mips = n % 2;
      uint64_t va = random_clauses();
      struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
      struct sim_program *prog = sim_program_get_engine(&env, va, SIM_ENGINE_JIT);
      if (!prog)   /* a reserved select (the random clauses cover such faults) */
         continue;
      if (!check(sim_program_engine(prog) == SIM_ENGINE_JIT, "memo program %u: JIT code", n))
         continue;
      for (unsigned prim = 0; prim < 3; prim++) {
         for (unsigned r = 0; r < 2; r++) {
            random_texture(r, mips);
            random_sampler(r, false, mips);
         }
         sim_native_fn fn = sim_program_run_prepare(&x, prog, &env, &lanes, &out);
         for (unsigned blk = 0; blk < 3; blk++) {
            random_lanes();
            uint16_t active = chance(60) ? 0xFFFF : (uint16_t)(rnd() | 1);
            struct run_opts o = { .stage = SIM_STAGE_PS, .active = active };
            run_engine(va, &o, SIM_ENGINE_INTERP, &res_interp);
            lanes = init_lanes;
            bool ok = run_prepared_block(fn, &x, active);
            check(ok == res_interp.ok && !memcmp(&lanes, &res_interp.lanes, sizeof(lanes)),
                  "memo program %u primitive %u block %u (%s): the same GPRs as the interpreter", n, prim,
                  blk, R7 ? "rv770" : "r600");
         }
      }
   }
}

static void all_tests(void)
{
   tests();
   memo_blocks();
}

int main(int argc, char **argv)
{
   if (argc > 1)
      count = (unsigned)strtoul(argv[1], NULL, 0);
   if (argc > 2)
      rng_state ^= strtoull(argv[2], NULL, 0) * 0x2545F4914F6CDD1Dull;
   return run_on_both_chips(all_tests);
}
