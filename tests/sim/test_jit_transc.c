/* The JIT's transcendental operations (jit/jit_transc.c) against the C reference
 * (sq/alu_transc.c sim_alu_transcendental), bit for bit, under the runs' FTZ/DAZ: each op and
 * chip compiled through a wrapper around jit_transc, then fed 16 inputs at a time.
 *
 *   test_jit_transc [N]        a few hand-derived values, the special values, and N (default
 *                              2^18) random inputs per op and chip (mixed magnitudes, so that
 *                              lanes of one vector take the fast path and the C fallback)
 *   test_jit_transc all OP CHIP   every one of the 2^32 inputs (OP as named by the ISA,
 *                              e.g. EXP_IEEE; CHIP r600 or rv770); scripts/check-transc runs
 *                              them all
 *   test_jit_transc bench      CPU ns per 16 lanes of shader-like inputs: the JIT's code and
 *                              the C path it replaces (sim_alu_lanes)
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xmmintrin.h>

#include "check.h"
#include "jit/jit.h"
#include "jit/jit_transc.h"
#include "sq/alu_ops.h"
#include "sq/alu_transc.h"
#include "sq/run_state.h"

typedef void (*transc_fn)(struct sim_run *run, const uint32_t *in, uint32_t *out);

static const struct { enum hw_isa_id op; const char *name; } ops[] = {
   { HW_ISA_OP2_RECIP_IEEE, "RECIP_IEEE" }, { HW_ISA_OP2_RECIP_CLAMPED, "RECIP_CLAMPED" },
   { HW_ISA_OP2_RECIP_FF, "RECIP_FF" }, { HW_ISA_OP2_RECIPSQRT_IEEE, "RECIPSQRT_IEEE" },
   { HW_ISA_OP2_RECIPSQRT_CLAMPED, "RECIPSQRT_CLAMPED" }, { HW_ISA_OP2_RECIPSQRT_FF, "RECIPSQRT_FF" },
   { HW_ISA_OP2_SQRT_IEEE, "SQRT_IEEE" }, { HW_ISA_OP2_EXP_IEEE, "EXP_IEEE" },
   { HW_ISA_OP2_LOG_IEEE, "LOG_IEEE" }, { HW_ISA_OP2_LOG_CLAMPED, "LOG_CLAMPED" },
   { HW_ISA_OP2_SIN, "SIN" }, { HW_ISA_OP2_COS, "COS" },
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))

static struct sim_run *run;   /* the generated code's scratch (sim_run.tmp) */

struct wrap {
   char tag[8];
   uint32_t op, chip;
};

/* void fn(run, in[16], out[16]): out = jit_transc(op, chip, in) */
static LLVMModuleRef build_wrapper(void *arg, LLVMContextRef ctx, const char *name)
{
   const struct wrap *w = arg;
   LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("test_jit_transc", ctx);
   struct jb j;
   memset(&j, 0, sizeof(j));
   jb_init(&j, ctx, mod);
   LLVMTypeRef params[3] = { j.ptr, j.ptr, j.ptr };
   j.fn = LLVMAddFunction(mod, name, LLVMFunctionType(LLVMVoidTypeInContext(ctx), params, 3, 0));
   LLVMPositionBuilderAtEnd(j.b, LLVMAppendBasicBlockInContext(ctx, j.fn, "entry"));
   j.x = LLVMGetParam(j.fn, 0);
   LLVMValueRef v = load(&j, j.vi, LLVMGetParam(j.fn, 1));
   LLVMValueRef r = jit_transc(&j, (enum hw_isa_id)w->op, (enum hw_chip)w->chip, v);
   store(&j, r, LLVMGetParam(j.fn, 2), 4);
   LLVMBuildRetVoid(j.b);
   LLVMDisposeBuilder(j.b);
   return mod;
}

static transc_fn compile(enum hw_isa_id op, enum hw_chip chip, struct sim_jit_code *code)
{
   struct wrap w;
   memset(&w, 0, sizeof(w));
   memcpy(w.tag, "transc1", 8);
   w.op = op;
   w.chip = chip;
   char err[256];
   if (sim_jit_compile_module(&w, sizeof(w), build_wrapper, &w, "default<O2>", code, err,
                              sizeof(err)) != SIM_JIT_OK) {
      check(false, "compile: %s", err);
      return NULL;
   }
   return (transc_fn)(void (*)(void))code->fn;
}

static const char *chip_name(enum hw_chip chip) { return chip == HW_CHIP_R7XX ? "rv770" : "r600"; }

/* Runs `n` inputs (a multiple of 16) through fn and the reference; returns the mismatches,
 * printing the first few. */
static uint64_t compare(transc_fn fn, unsigned k, enum hw_chip chip, const uint32_t *in, size_t n)
{
   uint64_t bad = 0;
   for (size_t i = 0; i < n; i += SIM_LANES) {
      uint32_t out[SIM_LANES];
      fn(run, &in[i], out);
      for (unsigned l = 0; l < SIM_LANES; l++) {
         uint32_t want = sim_alu_transcendental(ops[k].op, chip, in[i + l]);
         if (out[l] != want && bad++ < 8)
            printf("  %s %s(%08x): jit %08x, reference %08x\n", chip_name(chip), ops[k].name,
                   in[i + l], out[l], want);
      }
   }
   return bad;
}

/* ---- hand-derived values ------------------------------------------------------------------ */

static uint32_t u_of(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Results known without the reference: exact powers, quarter turns, IEEE special values. */
static void test_known(transc_fn fn[NOPS][2])
{
   static const struct { unsigned k; bool r7; float in; uint32_t want; } cases[] = {
      { 0, 0, 4.0f, 0x3E800000u },         /* RECIP(4) = 0.25 */
      { 0, 0, -0.0f, 0xFF800000u },        /* RECIP(-0) = -Inf */
      { 1, 0, 0.0f, 0x7F7FFFFFu },         /* RECIP_CLAMPED(+0) = FLT_MAX */
      { 2, 0, -0.0f, 0x80000000u },        /* RECIP_FF(-0) = -0 */
      { 3, 0, 16.0f, 0x3E800000u },        /* RECIPSQRT(16) = 0.25 */
      { 3, 0, -1.0f, 0x7FC00000u },        /* RECIPSQRT(-1) = NaN */
      { 5, 0, 0.0f, 0x00000000u },         /* RECIPSQRT_FF(+0) = +0 */
      { 6, 0, 2.25f, 0x3FC00000u },        /* SQRT(2.25) = 1.5 */
      { 7, 0, 3.0f, 0x41000000u },         /* EXP(3) = 8 */
      { 7, 0, -1.0f, 0x3F000000u },        /* EXP(-1) = 0.5 */
      { 7, 0, -126.0f, 0x00800000u },      /* EXP(-126) = FLT_MIN */
      { 7, 0, -126.5f, 0x00000000u },      /* a denormal, flushed */
      { 7, 0, 128.0f, 0x7F800000u },       /* overflow */
      { 7, 0, -INFINITY, 0x00000000u },
      { 8, 0, 8.0f, 0x40400000u },         /* LOG(8) = 3 */
      { 8, 0, 0.125f, 0xC0400000u },       /* LOG(1/8) = -3 */
      { 8, 0, 1.0f, 0x00000000u },
      { 8, 0, 0.0f, 0xFF800000u },         /* -Inf */
      { 8, 0, -2.0f, 0x7FC00000u },
      { 9, 0, 0.0f, 0xFF7FFFFFu },         /* LOG_CLAMPED(0) = -FLT_MAX */
      { 10, 1, 0.25f, 0x3F800000u },       /* R7xx SIN(quarter turn) = 1 */
      { 10, 1, 0.5f, 0x00000000u },        /* SIN(half turn) = +0 */
      { 10, 1, -0.0f, 0x80000000u },       /* SIN(-0) = -0 */
      { 10, 1, 0.75f, 0xBF800000u },
      { 11, 1, 0.25f, 0x00000000u },       /* COS(quarter turn) = +0 */
      { 11, 1, 1000.5f, 0xBF800000u },
      { 10, 0, -0.0f, 0x80000000u },       /* R6xx SIN(-0) = -0 */
      { 11, 0, 0.0f, 0x3F800000u },        /* R6xx COS(0) = 1 */
      { 10, 0, INFINITY, 0x7FC00000u },
   };
   for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      uint32_t in[SIM_LANES], out[SIM_LANES];
      for (unsigned l = 0; l < SIM_LANES; l++)
         in[l] = u_of(cases[c].in);
      fn[cases[c].k][cases[c].r7](run, in, out);
      CHECK(out[0] == cases[c].want && out[15] == cases[c].want, "%s %s(%g) = %08x, expected %08x",
            cases[c].r7 ? "rv770" : "r600", ops[cases[c].k].name, (double)cases[c].in, out[0],
            cases[c].want);
   }
}

/* ---- random inputs ------------------------------------------------------------------------ */

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(void)   /* splitmix64 */
{
   uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
   z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
   return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static uint32_t special(void)
{
   static const uint32_t v[] = {
      0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu,
      0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7FA00000u, 0x3F800000u,
      0xBF800000u, 0x3F7FFFFFu, 0x3F800001u, 0x43000000u, 0xC2FC0000u, 0xC2FD0000u, 0x47800000u,
      0xC7800000u, 0x477FFFFFu, 0x3E800000u, 0x3F000000u, 0x40490FDBu, 0x3FC90FDBu,
   };
   return v[rnd() % (sizeof(v) / sizeof(v[0]))];
}

/* One input: any bits, a special value, or a float of a shader's usual magnitudes. */
static uint32_t random_input(void)
{
   float f;
   switch (rnd() % 6) {
   case 0: return rnd();
   case 1: return special();
   case 2: f = (float)((rnd() / 4294967296.0) * 8.0 - 4.0); break;
   case 3: f = (float)((rnd() / 4294967296.0) * 300.0 - 150.0); break;
   case 4: f = (float)ldexp(1.0 + rnd() / 4294967296.0, (int)(rnd() % 60) - 30); break;
   default: return u_of(1.0f) + (rnd() % 4096) - 2048;   /* around 1 */
   }
   return u_of(f);
}

static void test_random(transc_fn fn[NOPS][2], size_t n)
{
   uint32_t *in = malloc(n * sizeof(*in));
   for (unsigned k = 0; k < NOPS; k++) {
      for (unsigned c = 0; c < 2; c++) {
         enum hw_chip chip = c ? HW_CHIP_R7XX : HW_CHIP_R6XX;
         for (size_t i = 0; i < n; i++)
            in[i] = random_input();
         uint64_t bad = compare(fn[k][c], k, chip, in, n);
         CHECK(bad == 0, "%s %s: %" PRIu64 " of %zu random inputs differ", chip_name(chip),
               ops[k].name, bad, n);
      }
   }
   free(in);
}

/* ---- every input -------------------------------------------------------------------------- */

static int exhaustive(const char *name, const char *chip_arg)
{
   unsigned k = 0;
   while (k < NOPS && strcmp(ops[k].name, name))
      k++;
   enum hw_chip chip = !strcmp(chip_arg, "rv770") ? HW_CHIP_R7XX : HW_CHIP_R6XX;
   if (k == NOPS || (chip == HW_CHIP_R6XX && strcmp(chip_arg, "r600"))) {
      fprintf(stderr, "usage: test_jit_transc all OP r600|rv770\n");
      return 2;
   }
   struct sim_jit_code code;
   transc_fn fn = compile(ops[k].op, chip, &code);
   if (!fn)
      return check_report();
   enum { BLOCK = 1 << 16 };
   static uint32_t in[BLOCK];
   uint64_t bad = 0;
   for (uint64_t base = 0; base < (1ull << 32); base += BLOCK) {
      for (unsigned i = 0; i < BLOCK; i++)
         in[i] = (uint32_t)base + i;
      bad += compare(fn, k, chip, in, BLOCK);
   }
   printf("%s %s: %" PRIu64 " of 2^32 inputs differ\n", chip_name(chip), ops[k].name, bad);
   CHECK(bad == 0, "%s %s exhaustive", chip_name(chip), ops[k].name);
   sim_jit_code_release(&code);
   return check_report();
}

/* ---- speed -------------------------------------------------------------------------------- */

static double cpu_ns(void)
{
   struct timespec t;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
   return t.tv_sec * 1e9 + t.tv_nsec;
}

static void bench(transc_fn fn[NOPS][2])
{
   enum { N = 4096, REPS = 64 };
   static uint32_t in[N], out[N], buf[3 * SIM_LANES];
   for (unsigned i = 0; i < N; i++)   /* positive and negative, around the unit range */
      in[i] = u_of((float)((rnd() / 4294967296.0) * 8.0 - 2.0));
   for (unsigned k = 0; k < NOPS; k++) {
      double t0 = cpu_ns();
      for (unsigned r = 0; r < REPS; r++) {
         for (unsigned i = 0; i < N; i += SIM_LANES)
            fn[k][1](run, &in[i], &out[i]);
      }
      double t1 = cpu_ns();
      for (unsigned r = 0; r < REPS; r++) {
         for (unsigned i = 0; i < N; i += SIM_LANES) {
            memcpy(buf, &in[i], sizeof(uint32_t) * SIM_LANES);
            sim_alu_lanes(ops[k].op, HW_CHIP_R7XX, buf);
         }
      }
      double t2 = cpu_ns(), blocks = (double)REPS * N / SIM_LANES;
      printf("%-18s jit %7.1f ns  C %7.1f ns  per 16 lanes\n", ops[k].name, (t1 - t0) / blocks,
             (t2 - t1) / blocks);
   }
}

int main(int argc, char **argv)
{
   _mm_setcsr(_mm_getcsr() | 0x8040u);   /* FTZ | DAZ, as every run (shader_cache.c) */
   run = calloc(1, sizeof(*run));
   if (argc == 4 && !strcmp(argv[1], "all"))
      return exhaustive(argv[2], argv[3]);
   size_t n = argc > 1 && strcmp(argv[1], "bench") ? strtoull(argv[1], NULL, 0) : 1u << 18;
   n = (n + SIM_LANES - 1) / SIM_LANES * SIM_LANES;
   transc_fn fn[NOPS][2];
   struct sim_jit_code code[NOPS][2];
   for (unsigned k = 0; k < NOPS; k++) {
      for (unsigned c = 0; c < 2; c++) {
         fn[k][c] = compile(ops[k].op, c ? HW_CHIP_R7XX : HW_CHIP_R6XX, &code[k][c]);
         if (!fn[k][c])
            return check_report();
      }
   }
   if (argc > 1 && !strcmp(argv[1], "bench")) {
      bench(fn);
   } else {
      test_known(fn);
      test_random(fn, n);
   }
   for (unsigned k = 0; k < NOPS; k++) {
      for (unsigned c = 0; c < 2; c++)
         sim_jit_code_release(&code[k][c]);
   }
   return check_report();
}
