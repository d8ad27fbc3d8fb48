/* bench/jit: shader throughput of the interpreter and the JIT (million lanes per second) for
 * an ALU-heavy, a branchy, a fetch-heavy, a texture-heavy and two constant-reading (kcache)
 * pixel shaders; the ALU-heavy JIT throughput as a fraction of this core's FMA peak (measured
 * here with an AVX-512 / AVX2 FMA kernel); and the JIT's compile latency by shader size, of
 * the final code (what the engine chosen by a caller gets) and of the quick code a draw runs
 * first (jit.h tiers).
 * Single-threaded; run by scripts/bench-jit.
 *
 * usage: bench_jit [SECONDS_PER_MEASUREMENT]   (default 0.5) */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isa_harness.h"
#include "jit/jit.h"
#include "sq/isa_decode.h"
#include "sq/isa_read.h"

#define DOC_PEAK_PER_CORE 114.7e9   /* docs/jit.md §5: lane-FMA/s per core on this machine */
#define GROUPS_PER_CLAUSE 24        /* 5 slots per group: 120 of the 128 a clause holds */

static double now(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- FMA peak ----------------------------------------------------------------------------- */

#define FMA_CHAINS 12   /* independent accumulators: more than latency (4) x ports (2) */
/* Twelve named accumulators, so the compiler keeps them in registers. */
#define FMA_KERNEL(V, SET1, FMADD, STORE, WIDTH)                                            \
   V c0 = SET1(0), c1 = SET1(1), c2 = SET1(2), c3 = SET1(3), c4 = SET1(4), c5 = SET1(5);   \
   V c6 = SET1(6), c7 = SET1(7), c8 = SET1(8), c9 = SET1(9), c10 = SET1(10), c11 = SET1(11);\
   const V a = SET1(0.999f), b = SET1(0.001f);                                              \
   for (long n = 0; n < iters; n++) {                                                      \
      c0 = FMADD(c0, a, b); c1 = FMADD(c1, a, b); c2 = FMADD(c2, a, b);                    \
      c3 = FMADD(c3, a, b); c4 = FMADD(c4, a, b); c5 = FMADD(c5, a, b);                    \
      c6 = FMADD(c6, a, b); c7 = FMADD(c7, a, b); c8 = FMADD(c8, a, b);                    \
      c9 = FMADD(c9, a, b); c10 = FMADD(c10, a, b); c11 = FMADD(c11, a, b);                \
   }                                                                                       \
   float out[WIDTH];                                                                       \
   STORE(out, c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7 + c8 + c9 + c10 + c11);               \
   return out[0];

__attribute__((target("avx512f"))) static double fma_avx512(long iters)
{
   FMA_KERNEL(__m512, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_storeu_ps, 16)
}

__attribute__((target("avx2,fma"))) static double fma_avx2(long iters)
{
   FMA_KERNEL(__m256, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_storeu_ps, 8)
}

/* Lane-FMA per second on one core (best of 3), and the ISA it used. */
static double fma_peak(const char **isa)
{
   bool avx512 = __builtin_cpu_supports("avx512f");
   bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
   *isa = avx512 ? "AVX-512" : avx2 ? "AVX2" : "none";
   if (!avx512 && !avx2)
      return 0;
   unsigned width = avx512 ? 16 : 8;
   long iters = 20000000;
   double best = 0;
   volatile double sink = 0;
   for (int r = 0; r < 3; r++) {
      double t0 = now();
      sink += avx512 ? fma_avx512(iters) : fma_avx2(iters);
      double t = now() - t0, rate = (double)iters * FMA_CHAINS * width / t;
      if (rate > best)
         best = rate;
   }
   (void)sink;
   return best;
}

/* ---- shaders ------------------------------------------------------------------------------- */

static const struct kcache no_kc;

/* ALU-heavy: `groups` VLIW groups of five: MULADD_IEEE on x..w (R1 = R1 * R2 + R3 per
 * channel) and MUL_IEEE / ADD alternating in t on R4.x. With `ilp` = 1 every group depends
 * on the one before (five dependency chains: the latency of a multiply plus an add bounds
 * it); with `ilp` = 4 consecutive groups rotate over four accumulator sets (R1/R9/R10/R11
 * and R4/R12/R13/R14 .x), as a compiler interleaves independent work.
 * `salt` goes into R5.x of the last group so equal sizes still compile anew. */
static const unsigned acc_vec[4] = { 1, 9, 10, 11 }, acc_t[4] = { 4, 12, 13, 14 };

static uint64_t alu_shader(unsigned groups, unsigned ilp, unsigned salt, unsigned *ops)
{
   static struct prog p;
   prog_init(&p);
   unsigned left = groups;
   *ops = 0;
   while (left) {
      unsigned n = left < GROUPS_PER_CLAUSE ? left : GROUPS_PER_CLAUSE;
      alu_begin(&p);
      for (unsigned g = 0; g < n; g++) {
         unsigned k = (groups - left + g) % ilp, v = acc_vec[k], t = acc_t[k];
         for (unsigned c = 0; c < 4; c++)
            alu(&p, (struct alu){ OP3(MULADD_IEEE), v, c, .s0 = gpr(v, c), .s1 = gpr(2, c), .s2 = gpr(3, c) },
                false);
         bool mul = (((groups - left + g) / ilp) & 1) != 0;
         alu(&p, (struct alu){ mul ? OP2(MUL_IEEE) : OP2(ADD), t, 0, .s0 = gpr(t, 0),
                               .s1 = mul ? gpr(2, 0) : gpr(3, 1) }, true);
         *ops += 5;
      }
      cf_alu(&p, ALUK(ALU), no_kc);
      left -= n;
   }
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 5, 0, .s0 = lit(0) }, true);
   uint32_t l[2] = { salt, 0 };
   lits(&p, 2, l);
   cf_alu(&p, ALUK(ALU), no_kc);
   cf_export_pixel(&p, 1);
   return upload_prog(&p);
}

/* Branchy: 16 iterations of a DX10 loop around if (R1.x > i) { if (R1.y > i) A else B }
 * else C, the conditions differing per lane (R1 = lane-dependent thresholds). */
static uint64_t branchy_shader(void)
{
   static struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0)) }, true);
   cf_alu(&p, ALUK(ALU), no_kc);                                                   /* 0 */
   cf(&p, CFI(LOOP_START_DX10), 13, 0, false);                                     /* 1 */
   alu_begin(&p);                                                                  /* 2: i < 16 */
   alu(&p, (struct alu){ OP2(PRED_SETGT), 0, 0, .nowrite = true, .s0 = gpr(6, 0), .s1 = gpr(2, 0),
                         .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_BREAK), no_kc);
   alu_begin(&p);                                                                  /* 3: outer if */
   alu(&p, (struct alu){ OP2(PRED_SETGT), 0, 0, .nowrite = true, .s0 = gpr(1, 0), .s1 = gpr(2, 0),
                         .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_PUSH_BEFORE), no_kc);
   cf(&p, CFI(JUMP), 10, 0, false);                                                /* 4 */
   alu_begin(&p);                                                                  /* 5: inner if */
   alu(&p, (struct alu){ OP2(PRED_SETGT), 0, 0, .nowrite = true, .s0 = gpr(1, 1), .s1 = gpr(2, 0),
                         .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_PUSH_BEFORE), no_kc);
   cf(&p, CFI(JUMP), 8, 0, false);                                                 /* 6 */
   for (unsigned k = 0; k < 3; k++) {   /* 7: A, 9: B, 11: C (each 4 groups of work) */
      alu_begin(&p);
      for (unsigned g = 0; g < 4; g++)
         for (unsigned c = 0; c < 4; c++)
            alu(&p, (struct alu){ OP3(MULADD_IEEE), 3 + k, c, .s0 = gpr(3 + k, c), .s1 = gpr(7, c),
                                  .s2 = gpr(8, c) }, c == 3);
      cf_alu(&p, k == 0 ? ALUK(ALU) : ALUK(ALU_POP_AFTER), no_kc);
      if (k == 0)
         cf(&p, CFI(ELSE), 10, 1, false);                                          /* 8 */
      else if (k == 1)
         cf(&p, CFI(ELSE), 12, 1, false);                                          /* 10 */
   }
   /* 12: i++ (every lane still in the loop) */
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(2, 0), .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)) },
       true);
   cf_alu(&p, ALUK(ALU), no_kc);
   cf(&p, CFI(LOOP_END), 2, 0, false);                                             /* 13 */
   cf_export_pixel(&p, 3);                                                         /* 14 */
   return upload_prog(&p);
}

#define VTX_PER_CLAUSE 8
#define VTX_CLAUSES 4

/* Fetch-heavy: 4 VTX clauses of 8 RGBA32F fetches each (index R0.x + offset), each followed
 * by an ALU clause adding the fetched vectors into R20. */
static uint64_t fetch_shader(void)
{
   static struct prog p;
   prog_init(&p);
   for (unsigned k = 0; k < VTX_CLAUSES; k++) {
      clause_align(&p);
      unsigned at = p.qw;
      for (unsigned i = 0; i < VTX_PER_CLAUSE; i++) {
         uint32_t w0 = FLD(SQ_VTX_WORD0, VTX_INST, ENU(SQ_VTX_WORD0, VTX_INST, SQ_VTX_INST_FETCH)) |
                       FLD(SQ_VTX_WORD0, FETCH_TYPE, ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_NO_INDEX_OFFSET)) |
                       FLD(SQ_VTX_WORD0, BUFFER_ID, 0) | FLD(SQ_VTX_WORD0, SRC_GPR, 0) |
                       FLD(SQ_VTX_WORD0, MEGA_FETCH_COUNT, 15);
         uint32_t w1 = FLD(SQ_VTX_WORD1_GPR, DST_GPR, 1 + i) | FLD(SQ_VTX_WORD1, DST_SEL_X, VSEL(X)) |
                       FLD(SQ_VTX_WORD1, DST_SEL_Y, VSEL(Y)) | FLD(SQ_VTX_WORD1, DST_SEL_Z, VSEL(Z)) |
                       FLD(SQ_VTX_WORD1, DST_SEL_W, VSEL(W)) |
                       FLD(SQ_VTX_WORD1, DATA_FORMAT, SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_32_32_32_FLOAT);
         uint32_t w2 = FLD(SQ_VTX_WORD2, OFFSET, 16 * (k * VTX_PER_CLAUSE + i)) | FLD(SQ_VTX_WORD2, MEGA_FETCH, 1);
         clause_dw(&p, w0, w1);
         clause_dw(&p, w2, 0);
      }
      cf_fetch(&p, CFI(VTX), at, VTX_PER_CLAUSE);
      alu_begin(&p);
      for (unsigned i = 0; i < VTX_PER_CLAUSE; i++)
         for (unsigned c = 0; c < 4; c++)
            alu(&p, (struct alu){ OP2(ADD), 20, c, .s0 = gpr(20, c), .s1 = gpr(1 + i, c) }, c == 3);
      cf_alu(&p, ALUK(ALU), no_kc);
   }
   cf_export_pixel(&p, 20);
   return upload_prog(&p);
}

static void fetch_buffer(void)
{
   static float data[1024][4];
   for (unsigned i = 0; i < 1024; i++)
      for (unsigned c = 0; c < 4; c++)
         data[i][c] = (float)(i * 4 + c) * 0.25f;
   uint64_t va = upload(data, sizeof(data));
   uint32_t base = REG_SQ_VTX_CONSTANT_WORD0_0;   /* resource slot 0 = PS BUFFER_ID 0 */
   set_reg(base, SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS((uint32_t)va));
   set_reg(base + 4, SQ_VTX_CONSTANT_WORD1__SIZE(sizeof(data) - 1));
   set_reg(base + 8, SQ_VTX_CONSTANT_WORD2__STRIDE(16) | SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI((uint32_t)(va >> 32)));
   set_reg(base + 24, SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER));
}

#define TEX_PER_CLAUSE 8
#define TEX_SIZE 64

/* Texture-heavy: 2 TEX clauses of 8 bilinear SAMPLEs of a 64x64 RGBA8 UNORM texture (the
 * coordinates in R1..R8 magnify: LOD < 0), each followed by an ALU clause adding the
 * samples into R20. */
static uint64_t tex_shader(void)
{
   static struct prog p;
   prog_init(&p);
   for (unsigned k = 0; k < 2; k++) {
      clause_align(&p);
      unsigned at = p.qw;
      for (unsigned i = 0; i < TEX_PER_CLAUSE; i++)
         tex(&p, (struct texi){ ENU(SQ_TEX_WORD0, TEX_INST, SQ_TEX_INST_SAMPLE), 1, 0, 1 + i, 10 + i,
                                SXYZW });
      cf_fetch(&p, CFI(TEX), at, TEX_PER_CLAUSE);
      alu_begin(&p);
      for (unsigned i = 0; i < TEX_PER_CLAUSE; i++)
         for (unsigned c = 0; c < 4; c++)
            alu(&p, (struct alu){ OP2(ADD), 20, c, .s0 = gpr(20, c), .s1 = gpr(10 + i, c) }, c == 3);
      cf_alu(&p, ALUK(ALU), no_kc);
   }
   cf_export_pixel(&p, 20);
   return upload_prog(&p);
}

static void tex_texture(void)
{
   static uint8_t texels[TEX_SIZE * TEX_SIZE * 4];
   for (unsigned k = 0; k < sizeof(texels); k++)
      texels[k] = (uint8_t)(k * 37 + k / 256);
   /* resource 1: slot 0 is the fetch-heavy shader's vertex buffer */
   set_texture(1, SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_8_8_8_8, TEX_SIZE, TEX_SIZE,
               upload(texels, sizeof(texels)), 0, 0, SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_NORM);
   uint32_t *w0 = &regs[(REG_SQ_TEX_RESOURCE_WORD0_0 + TEX_RES_STRIDE) / 4];   /* pitch TEX_SIZE */
   *w0 = (*w0 & ~SQ_TEX_RESOURCE_WORD0__PITCH(~0u)) | SQ_TEX_RESOURCE_WORD0__PITCH(TEX_SIZE / 8 - 1);
   set_sampler(0, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP, true,
               SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE, 0);
}

/* Constant-heavy: 4 ALU clauses of 6 groups each reading kcache constants of both sets
 * (set 0: bank 0 lines 0-1, set 1: bank 1 line 0): MULADD_IEEE on x..w
 * (R1 = R1 * c[a] + c[b]), MUL_IEEE in t on R4.x by a third constant; every clause reads
 * other constants. */
#define KC_CLAUSES 4
#define KC_GROUPS 6

static uint64_t const_shader(void)
{
   static struct prog p;
   prog_init(&p);
   struct kcache two_sets = { .mode0 = ENU(SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_2), .bank0 = 0,
                              .mode1 = ENU(SQ_CF_ALU_WORD1, KCACHE_MODE1, SQ_CF_KCACHE_LOCK_1), .bank1 = 1 };
   for (unsigned k = 0; k < KC_CLAUSES; k++) {
      alu_begin(&p);
      for (unsigned g = 0; g < KC_GROUPS; g++) {
         unsigned a = (k * KC_GROUPS + g) % 32, b = (k * KC_GROUPS + g) % 16;
         for (unsigned c = 0; c < 4; c++)
            alu(&p, (struct alu){ OP3(MULADD_IEEE), 1, c, .s0 = gpr(1, c), .s1 = kc(0, a, c),
                                  .s2 = kc(1, b, c) }, false);
         alu(&p, (struct alu){ OP2(MUL_IEEE), 4, 0, .s0 = gpr(4, 0), .s1 = kc(0, (a + 1) % 32, 0) }, true);
      }
      cf_alu(&p, ALUK(ALU), two_sets);
   }
   cf_export_pixel(&p, 1);
   return upload_prog(&p);
}

/* A typical GLSL fragment shader: colour = clamp(in * u_tint + u_offset + dot(in, u_dir) *
 * u_light), 2 clauses, 5 uniforms of constant buffer 0 (set 0: bank 0 line 0). */
static uint64_t glsl_shader(void)
{
   static struct prog p;
   prog_init(&p);
   struct kcache k = { .mode0 = ENU(SQ_CF_ALU_WORD0, KCACHE_MODE0, SQ_CF_KCACHE_LOCK_1) };
   alu_begin(&p);
   for (unsigned c = 0; c < 4; c++)
      alu(&p, (struct alu){ OP3(MULADD_IEEE), 2, c, .s0 = gpr(1, c), .s1 = kc(0, 0, c), .s2 = kc(0, 1, c) },
          c == 3);
   for (unsigned c = 0; c < 4; c++)
      alu(&p, (struct alu){ OP2(DOT4_IEEE), 3, c, .nowrite = c != 0, .s0 = gpr(1, c), .s1 = kc(0, 2, c) },
          c == 3);
   cf_alu(&p, ALUK(ALU), k);
   alu_begin(&p);
   for (unsigned c = 0; c < 4; c++)
      alu(&p, (struct alu){ OP3(MULADD_IEEE), 2, c, .s0 = gpr(3, 0), .s1 = kc(0, 3, c), .s2 = gpr(2, c) },
          c == 3);
   for (unsigned c = 0; c < 4; c++)
      alu(&p, (struct alu){ OP2(MUL_IEEE), 2, c, .s0 = gpr(2, c), .s1 = kc(0, 4, c), .clamp = true }, c == 3);
   cf_alu(&p, ALUK(ALU), k);
   cf_export_pixel(&p, 2);
   return upload_prog(&p);
}

/* Constant buffers 0 (two lines) and 1 (one line) of the PS: values near 1 in bank 0 and
 * near 0 in bank 1, so the accumulators stay finite normal numbers. */
static void const_buffers(void)
{
   static float data[2][32][4];
   for (unsigned i = 0; i < 32; i++)
      for (unsigned c = 0; c < 4; c++) {
         data[0][i][c] = 0.999f - 0.0001f * (float)(i + c);
         data[1][i][c] = 0.0001f * (float)(i + c + 1);
      }
   for (unsigned b = 0; b < 2; b++) {
      uint64_t va = upload(data[b], sizeof(data[b]));
      set_reg(REG_SQ_ALU_CONST_CACHE_PS_0 + REG_SQ_ALU_CONST_CACHE_PS_0__stride * b, (uint32_t)(va >> 8));
      set_reg(REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0 + REG_SQ_ALU_CONST_BUFFER_SIZE_PS_0__stride * b, 2);
   }
}

/* ---- measuring ------------------------------------------------------------------------------ */

static double seconds = 0.5;
static struct sim_lanes tex_lanes;   /* the texture-heavy shader's inputs */

static void inputs(void)
{
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[0][0][l] = l * 3;                   /* fetch index */
      init_lanes.gpr[1][0][l] = U((float)(l % 16));      /* branchy thresholds */
      init_lanes.gpr[1][1][l] = U((float)((l * 7) % 16));
      for (unsigned c = 0; c < 4; c++) {
         init_lanes.gpr[2][c][l] = U(0.999f);
         init_lanes.gpr[3][c][l] = U(0.001f * (float)(c + 1));
         init_lanes.gpr[7][c][l] = U(0.5f);
         init_lanes.gpr[8][c][l] = U(0.25f);
      }
      init_lanes.gpr[4][0][l] = U(1.0f + (float)l);
      init_lanes.gpr[6][0][l] = U(16.0f);
   }
   /* Texture coordinates (texture-heavy shader, R1..R8, set for it alone): a quad's pixels
    * 0.9 texels apart. */
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned q = l / 4, i = l & 1, j = (l >> 1) & 1;
      for (unsigned k = 0; k < TEX_PER_CLAUSE; k++) {
         tex_lanes.gpr[1 + k][0][l] = U((13.3f + 17.0f * q + 0.9f * i + 3.1f * k) / TEX_SIZE);
         tex_lanes.gpr[1 + k][1][l] = U((7.7f + 11.0f * q + 0.9f * j + 5.3f * k) / TEX_SIZE);
      }
   }
}

/* Million lanes per second of one program on one engine (16 lanes a call); NaN on a fault.
 * Before each call the registers R0..R<reset-1> are reset to the inputs: the ones a shader
 * needs afresh (loop counters, thresholds, fetch indices). The ALU shaders' accumulators are
 * not reset: they stay finite normal numbers, so every call does the same work. */
static double mlanes(uint64_t va, enum sim_engine engine, unsigned reset, const struct sim_lanes *in)
{
   struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
   struct sim_program *p = sim_program_get_engine(&env, va, engine);
   if (!p || sim_program_engine(p) != (engine == SIM_ENGINE_JIT ? SIM_ENGINE_JIT : SIM_ENGINE_INTERP)) {
      fprintf(stderr, "bench_jit: program not available on the engine: %s\n", env.fault);
      return 0.0 / 0.0;
   }
   static struct sim_lanes lanes;
   static struct sim_exports out;
   long calls = 0, batch = 1;
   lanes = *in;
   double t0 = now(), t;
   do {
      for (long i = 0; i < batch; i++) {
         /* Inputs, and what a consumer of the exports reads first (the masks), as the
          * pipeline does per block; not the whole 32 KiB register file or 43 KiB of exports. */
         memcpy(lanes.gpr, in->gpr, reset * sizeof(lanes.gpr[0]));
         out.pos_mask = out.pixel_mask = 0;
         out.param_mask = 0;
         out.pixel61_written = false;
         out.killed = 0;
         if (!sim_program_run(p, NULL, &env, &lanes, 0xFFFF, &out)) {
            fprintf(stderr, "bench_jit: fault: %s\n", env.fault);
            return 0.0 / 0.0;
         }
      }
      calls += batch;
      batch *= 2;
      t = now() - t0;
   } while (t < seconds);
   return (double)calls * SIM_LANES / t / 1e6;
}

/* Mean compile time (ms) of distinct programs of `groups` groups on `engine`. */
static double compile_ms(unsigned groups, enum sim_engine engine, unsigned reps, unsigned *salt)
{
   double total = 0;
   for (unsigned r = 0; r < reps; r++) {
      unsigned ops;
      uint64_t va = alu_shader(groups, 1, ++*salt, &ops);
      struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
      double t0 = now();
      struct sim_program *p = sim_program_get_engine(&env, va, engine);
      total += now() - t0;
      if (!p)
         return 0.0 / 0.0;
   }
   return 1e3 * total / reps;
}

/* Mean build time (ms) of the quick code of distinct programs of `groups` groups (decoded by
 * the interpreter's cache, built by the JIT and freed again). */
static double quick_ms(unsigned groups, unsigned reps, unsigned *salt)
{
   double total = 0;
   for (unsigned r = 0; r < reps; r++) {
      unsigned ops;
      uint64_t va = alu_shader(groups, 1, ++*salt, &ops);
      struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
      struct sim_program *p = sim_program_get_engine(&env, va, SIM_ENGINE_INTERP);
      struct sim_jit_code code;
      char err[160];
      double t0 = now();
      bool ok = p && sim_jit_compile_code(p, SIM_JIT_QUICK, true, &code, err, sizeof(err)) == SIM_JIT_OK;
      total += now() - t0;
      if (!ok)
         return 0.0 / 0.0;
      sim_jit_code_release(&code);
   }
   return 1e3 * total / reps;
}

/* ---- disk-cache hits (R600SIM_CACHE_DIR) -------------------------------------------------- */

/* Mean latency (ms) of loading a JIT program of `groups` groups from R600SIM_CACHE_DIR; the
 * mean of building and storing it first goes to *build_ms. Each program (salts from `salt`
 * on, new to the directory) is compiled, its code freed, and compiled again, which finds
 * it on disk. NaN if a step did not do that. */
static double disk_hit_ms(unsigned groups, unsigned reps, unsigned salt, double *build_ms)
{
   double build = 0, hit = 0;
   *build_ms = 0.0 / 0.0;
   for (unsigned r = 0; r < reps; r++) {
      unsigned ops;
      uint64_t va = alu_shader(groups, 1, salt + r, &ops);
      char err[160];
      struct sim_isa_image img = { 0 };
      struct sim_program *p = NULL;
      if (sim_isa_read(mem, chip, SIM_STAGE_PS, va, 0, false, &img, err, sizeof(err)))
         p = sim_isa_decode(&img, err, sizeof(err));
      if (!p) {
         free(img.dw);
         return 0.0 / 0.0;
      }
      p->image = img.dw;
      p->image_ndw = img.ndw;
      struct sim_jit_stats s0, s1, s2;
      sim_jit_stats(&s0);
      double t0 = now();
      bool ok = sim_jit_compile(p, err, sizeof(err));
      double t1 = now();
      sim_jit_stats(&s1);
      sim_jit_release(p);
      double t2 = now();
      ok = ok && sim_jit_compile(p, err, sizeof(err));
      double t3 = now();
      sim_jit_stats(&s2);
      sim_jit_release(p);
      sim_program_free(p);
      if (!ok || s1.built != s0.built + 1 || s2.loaded != s1.loaded + 1)
         return 0.0 / 0.0;
      build += t1 - t0;
      hit += t3 - t2;
   }
   *build_ms = 1e3 * build / reps;
   return 1e3 * hit / reps;
}

int main(int argc, char **argv)
{
   if (argc > 1)
      seconds = atof(argv[1]);
   /* Compile latencies are builds: no default disk cache unless one is asked for. */
   const char *cache_dir = getenv("R600SIM_CACHE_DIR");
   bool disk = cache_dir && *cache_dir;
   if (!disk)
      setenv("R600SIM_CACHE_DIR", "", 1);
   machine_init();
   chip = HW_CHIP_R7XX;
   set_reg(REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__STACK_SIZE(4));
   inputs();
   fetch_buffer();
   tex_texture();
   const_buffers();

   const char *isa;
   double peak = fma_peak(&isa);
   printf("FMA peak (one core, %s kernel, measured): %.1f G lane-FMA/s; docs/jit.md §5: %.1f G\n", isa,
          peak / 1e9, DOC_PEAK_PER_CORE / 1e9);

   unsigned alu_ops, ilp_ops, tiny_ops, salt = 1000;
   struct { const char *name; uint64_t va; unsigned reset; const struct sim_lanes *in; } shaders[] = {
      { "ALU-heavy (200 groups x 5)", alu_shader(200, 1, 1, &alu_ops), 0, &init_lanes },
      { "ALU-heavy, 4-way ILP (200 x 5)", alu_shader(200, 4, 1, &ilp_ops), 0, &init_lanes },
      { "1 group (per-call overhead)", alu_shader(1, 1, 2, &tiny_ops), 0, &init_lanes },
      { "branchy (loop x16, nested if)", branchy_shader(), 9, &init_lanes },   /* R2: counter, R3..R5 */
      { "fetch-heavy (32 VTX fetches)", fetch_shader(), 1, &init_lanes },      /* R0: the fetch index */
      { "texture-heavy (16 RGBA8 bilinear)", tex_shader(), 0, &tex_lanes },
      { "constants (4 clauses x 6, kcache)", const_shader(), 0, &init_lanes },
      { "GLSL-like (2 clauses, 5 uniforms)", glsl_shader(), 0, &init_lanes },
   };
   unsigned nshaders = sizeof(shaders) / sizeof(shaders[0]);
   printf("\n%-34s %14s %14s %9s\n", "shader (rv770, 16 lanes/call)", "interp Mlane/s", "jit Mlane/s", "jit/interp");
   double jit[sizeof(shaders) / sizeof(shaders[0])], interp[sizeof(shaders) / sizeof(shaders[0])];
   for (unsigned i = 0; i < nshaders; i++) {
      interp[i] = mlanes(shaders[i].va, SIM_ENGINE_INTERP, shaders[i].reset, shaders[i].in);
      jit[i] = mlanes(shaders[i].va, SIM_ENGINE_JIT, shaders[i].reset, shaders[i].in);
      printf("%-34s %14.3f %14.3f %8.1fx\n", shaders[i].name, interp[i], jit[i], jit[i] / interp[i]);
   }
   /* Each MULADD / MUL / ADD counts as one lane-FMA. */
   for (unsigned i = 0; i < 2; i++) {
      unsigned ops = i ? ilp_ops : alu_ops;
      double lane_ops = jit[i] * 1e6 * ops;
      printf("%s%s: %u ALU ops per lane; jit %.2f G lane-ops/s = %.1f%% of the measured peak, "
             "%.1f%% of the docs/jit.md peak; interp %.3f G lane-ops/s\n", i ? "" : "\n",
             i ? "ALU-heavy, 4-way ILP" : "ALU-heavy", ops, lane_ops / 1e9,
             peak > 0 ? 100 * lane_ops / peak : 0.0, 100 * lane_ops / DOC_PEAK_PER_CORE,
             interp[i] * 1e6 * ops / 1e9);
   }

   printf("\n%-28s %14s %14s %14s\n", "compile latency (ALU groups)", "interp ms", "jit ms",
          "jit quick ms");
   static const unsigned sizes[] = { 10, 100, 1000 };
   static const unsigned reps[] = { 10, 5, 2 };
   for (unsigned i = 0; i < 3; i++) {
      double a = compile_ms(sizes[i], SIM_ENGINE_INTERP, reps[i], &salt);
      double b = compile_ms(sizes[i], SIM_ENGINE_JIT, reps[i], &salt);
      double q = quick_ms(sizes[i], reps[i], &salt);
      printf("%-28u %14.3f %14.2f %14.2f\n", sizes[i], a, b, q);
   }

   /* ---- disk-cache hits ---- */
   if (!disk) {
      printf("\n(set R600SIM_CACHE_DIR=DIR to measure JIT loads from the disk cache)\n");
      return 0;
   }
   printf("\n%-28s %14s %14s\n", "disk cache (ALU groups)", "build+store ms", "load ms");
   unsigned disk_salt = 1u << 20 | ((unsigned)time(NULL) & 0xFFFF) << 4;   /* new programs */
   for (unsigned i = 0; i < 3; i++) {
      double build, hit = disk_hit_ms(sizes[i], reps[i], disk_salt + 1000 * i, &build);
      printf("%-28u %14.2f %14.3f\n", sizes[i], build, hit);
   }
   return 0;
}
