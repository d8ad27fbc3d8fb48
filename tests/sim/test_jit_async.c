/* Background JIT compiles of the program cache (issue 11, finding 4: no draw waits for the
 * JIT), on rv770 pixel shaders:
 *   async   a large program (6 clauses of MULADDs, 6 KiB, over R600SIM_JIT_ASYNC_MIN) got
 *           by the draw path comes back at once without native code while its compile is
 *           held back (the compile threads' sim_jit_compile_code is wrapped through the
 *           linker's --wrap and waits for a gate), runs on the interpreter with results
 *           bit-identical to the interpreter's own, and is found again uncompiled; once the
 *           gate opens and the compile ends, the same program runs on its native code with
 *           the same results, and nothing is decoded or compiled again. A small program gets
 *           its quick code before the draw runs it, its final compile queued; an engine
 *           chosen by the caller (sim_program_get_engine) compiles before returning.
 *   tiers   with only final compiles held back: a draw's small program runs its quick code
 *           at once, bit-identical to the interpreter; when the final compile ends, later
 *           runs take the final code (another function, the quick code kept), same bits; a
 *           large program goes interpreter, quick code, final code on the compile thread.
 *   noquick (R600SIM_JIT_QUICK=0) a draw's small program gets its final code at once and
 *           nothing is queued.
 *   sync    (R600SIM_JIT_ASYNC=0) the large program is compiled before the draw runs it.
 *   stress  (R600SIM_CACHE_SIZE=2, R600SIM_JIT_ASYNC_MIN=0, R600SIM_JIT_THREADS=2) four
 *           threads get and run eight programs in scopes of their own while two compile
 *           threads compile them and the LRU bound evicts them (code freed, compiles
 *           queued again): every result is bit-identical, the cache ends within its bound
 *           with nothing pending, and a held program ends on native code. Run under ASan
 *           too (scripts/test-sanitize).
 *   device  a device's memory and registers are destroyed while the compile of one of its
 *           programs is held back: the compile finishes afterwards, and the program (keyed
 *           by its bytes) runs natively for the next device without another compile.
 *   exit    the process returns from main while a background build is in flight (past the
 *           gate): the JIT's exit handler waits for it, and the process exits cleanly.
 * No check depends on how long a compile takes: the gate decides what is pending. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/gpu_memory.h"
#include "isa_harness.h"
#include "jit/jit.h"

#define BIG_CLAUSES 6
#define GROUPS 31        /* per clause: 124 slots and 4 literal slots, the 128 a clause holds */
#define REGS 16          /* R1..R16 carry the values; R0 is the input */
#define NSMALL 8

/* ---- the gate on background compiles ------------------------------------------------------ */

static pthread_t main_thread;
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static bool gate_closed, passed;   /* passed: a compile thread went through the gate */
static bool gate_final_only;       /* the gate holds back final compiles only */

enum sim_jit_result __real_sim_jit_compile_code(const struct sim_program *p,
                                                enum sim_jit_tier tier, bool build,
                                                struct sim_jit_code *out, char *err,
                                                size_t errlen);
enum sim_jit_result __wrap_sim_jit_compile_code(const struct sim_program *p,
                                                enum sim_jit_tier tier, bool build,
                                                struct sim_jit_code *out, char *err,
                                                size_t errlen);

/* Compiles on other threads than main (the compile threads) wait while the gate is closed. */
enum sim_jit_result __wrap_sim_jit_compile_code(const struct sim_program *p,
                                                enum sim_jit_tier tier, bool build,
                                                struct sim_jit_code *out, char *err,
                                                size_t errlen)
{
   if (!pthread_equal(pthread_self(), main_thread)) {
      pthread_mutex_lock(&gate_lock);
      while (gate_closed && (!gate_final_only || tier == SIM_JIT_FINAL))
         pthread_cond_wait(&gate_cond, &gate_lock);
      passed = true;
      pthread_cond_broadcast(&gate_cond);
      pthread_mutex_unlock(&gate_lock);
   }
   return __real_sim_jit_compile_code(p, tier, build, out, err, errlen);
}

static void gate(bool closed)
{
   pthread_mutex_lock(&gate_lock);
   gate_closed = closed;
   pthread_cond_broadcast(&gate_cond);
   pthread_mutex_unlock(&gate_lock);
}

/* ---- programs ------------------------------------------------------------------------------ */

/* `clauses` clauses of 31 groups, each four MULADDs (x..w) that read three of R1..R16 and
 * write a fourth; every eighth group takes literal `salt` + n. Exports R1 as PIXEL 0. */
static uint64_t build(unsigned clauses, uint32_t salt)
{
   static struct prog p;
   prog_init(&p);
   for (unsigned c = 0; c < clauses; c++) {
      alu_begin(&p);
      for (unsigned g = 0; g < GROUPS; g++) {
         unsigned n = c * GROUPS + g;
         unsigned d = 1 + n % REGS, a = 1 + (n * 7 + 3) % REGS, b = 1 + (n * 5 + 1) % REGS;
         bool literal = n % 8 == 0;
         for (unsigned ch = 0; ch < 4; ch++) {
            struct src third = literal ? lit(0) : gpr(1 + (n * 3 + 2) % REGS, ch);
            alu(&p, (struct alu){ OP3(MULADD), d, ch, .s0 = gpr(a, ch), .s1 = gpr(b, ch),
                                  .s2 = third }, ch == 3);
         }
         if (literal)
            lits(&p, 1, (uint32_t[]){ U(0.5f) + salt + n });
      }
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   }
   cf_export_pixel(&p, 1);
   return upload_prog(&p);
}

static void machine(void)
{
   machine_init();
   set_reg(REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__STACK_SIZE(1));
   clear_lanes();
   for (unsigned r = 0; r <= REGS; r++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            init_lanes.gpr[r][c][l] = U(0.25f * (float)((r * 4 + c + l) % 7) - 0.5f);
}

static struct sim_shader_env env_of(uint64_t seq)
{
   return (struct sim_shader_env){ .chip = HW_CHIP_R7XX, .stage = SIM_STAGE_PS, .mem = mem,
                                   .regs = regs, .seq = seq };
}

struct results {
   struct sim_lanes lanes;
   struct sim_exports out;
};

static bool run(const struct sim_program *p, uint64_t seq, struct results *r)
{
   struct sim_shader_env env = env_of(seq);
   r->lanes = init_lanes;
   memset(&r->out, 0, sizeof(r->out));
   return p && sim_program_run(p, NULL, &env, &r->lanes, 0xFFFF, &r->out) &&
          r->out.pixel_mask == 1;
}

static bool same(const struct results *a, const struct results *b)
{
   return !memcmp(&a->lanes, &b->lanes, sizeof(a->lanes)) && !memcmp(&a->out, &b->out, sizeof(a->out));
}

/* The interpreter's results of the program at va. */
static void reference(uint64_t va, uint64_t seq, struct results *r)
{
   struct sim_shader_env env = env_of(seq);
   check(run(sim_program_get_engine(&env, va, SIM_ENGINE_INTERP), seq, r),
         "the interpreter runs the program and exports PIXEL 0");
}

/* What the draw path gets for va in scope seq. */
static struct sim_program *draw_get(uint64_t va, uint64_t seq)
{
   struct sim_shader_env env = env_of(seq);
   return sim_program_get(&env, va);
}

static struct sim_program_cache_stats stats(void)
{
   struct sim_program_cache_stats s;
   sim_program_cache_stats(&s);
   return s;
}

static struct results ref, got;

/* ---- async, sync ----------------------------------------------------------------------------- */

static int test_async(void)
{
   machine();
   uint64_t big = build(BIG_CLAUSES, 0), small = build(1, 0x100), picked = build(BIG_CLAUSES, 0x200);
   reference(big, 1, &ref);

   gate(true);
   struct sim_program_cache_stats s0 = stats();
   struct sim_program *p = draw_get(big, 2);
   struct sim_program_cache_stats s1 = stats();
   check(p && sim_program_engine(p) == SIM_ENGINE_INTERP,
         "the draw gets the large program before its code exists");
   check(s1.jit_queued == s0.jit_queued + 1 && s1.jit_pending == 1,
         "it is queued for a background compile (queued +%u, pending %u)",
         s1.jit_queued - s0.jit_queued, s1.jit_pending);
   check(run(p, 2, &got) && same(&got, &ref), "it runs on the interpreter, bit-identical");
   check(draw_get(big, 3) == p && sim_program_engine(p) == SIM_ENGINE_INTERP &&
            stats().decoded == s1.decoded && stats().jit_queued == s1.jit_queued,
         "the next draw finds it still compiling, and queues nothing");

   struct sim_program *q = draw_get(small, 4);
   check(q && sim_program_engine(q) == SIM_ENGINE_JIT && stats().jit_queued == s1.jit_queued + 1,
         "a small program gets its quick code before its first draw, its final code queued");
   struct sim_shader_env env = env_of(4);
   q = sim_program_get_engine(&env, picked, SIM_ENGINE_JIT);
   check(q && sim_program_engine(q) == SIM_ENGINE_JIT && stats().jit_queued == s1.jit_queued + 1,
         "an engine chosen by the caller compiles before returning, large programs too");

   gate(false);
   sim_program_cache_wait();
   struct sim_program_cache_stats s2 = stats();
   check(s2.jit_pending == 0 && s2.jit_built >= s1.jit_built + 1,
         "after the wait nothing is pending, the large program was built");
   check(sim_program_engine(p) == SIM_ENGINE_JIT, "the program now has native code");
   check(run(p, 5, &got) && same(&got, &ref), "its native code gives the same bits");
   check(draw_get(big, 6) == p && stats().decoded == s2.decoded && stats().jit_built == s2.jit_built,
         "later draws find it compiled: nothing decoded or compiled again");
   return check_report();
}

static int test_sync(void)
{
   const char *a = getenv("R600SIM_JIT_ASYNC");
   if (!a || strcmp(a, "0")) {
      fprintf(stderr, "test_jit_async sync: run with R600SIM_JIT_ASYNC=0\n");
      return 2;
   }
   machine();
   uint64_t big = build(BIG_CLAUSES, 0);
   reference(big, 1, &ref);
   gate(true);   /* a background compile would stay pending */
   struct sim_program *p = draw_get(big, 2);
   check(p && sim_program_engine(p) == SIM_ENGINE_JIT && stats().jit_queued == 0,
         "R600SIM_JIT_ASYNC=0: the large program is compiled before the draw");
   check(run(p, 2, &got) && same(&got, &ref), "bit-identical to the interpreter");
   return check_report();
}

/* ---- tiers, noquick ---------------------------------------------------------------------------- */

static int test_tiers(void)
{
   machine();
   uint64_t small = build(1, 0x600), big = build(BIG_CLAUSES, 0x700);
   struct results small_ref;
   reference(small, 1, &small_ref);
   reference(big, 1, &ref);

   gate_final_only = true;
   gate(true);
   struct sim_program_cache_stats s0 = stats();
   struct sim_program *q = draw_get(small, 2);
   int (*quick)(void *) = q ? q->jit_fn : NULL;
   check(quick && sim_program_engine(q) == SIM_ENGINE_JIT && !q->jit_code_quick,
         "the draw's small program runs quick code at once");
   check(stats().jit_queued == s0.jit_queued + 1 && stats().jit_pending == 1,
         "its final compile is queued and held back");
   check(run(q, 2, &got) && same(&got, &small_ref), "the quick code gives the interpreter's bits");

   struct sim_program *p = draw_get(big, 3);
   check(p && sim_program_engine(p) == SIM_ENGINE_INTERP, "the large program starts on the interpreter");
   /* its quick compile passes the gate; the compile thread counts it as running until its
    * `done` call has returned */
   for (unsigned i = 0; i < 1000 && !(__atomic_load_n(&p->jit_fn, __ATOMIC_ACQUIRE) &&
                                      stats().jit_pending == 2); i++)
      nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
   check(sim_program_engine(p) == SIM_ENGINE_JIT && !p->jit_code_quick && stats().jit_pending == 2,
         "then gets its quick code on the compile thread, its final compile held back");
   check(run(p, 3, &got) && same(&got, &ref), "the large program's quick code: same bits");

   gate(false);
   sim_program_cache_wait();
   check(q->jit_fn && q->jit_fn != quick && q->jit_code_quick,
         "after the final compile, runs take other code; the quick code is kept");
   check(run(q, 4, &got) && same(&got, &small_ref), "the final code gives the same bits");
   check(p->jit_code_quick && run(p, 4, &got) && same(&got, &ref),
         "the large program's final code too");
   check(stats().jit_pending == 0 && stats().jit_queued == s0.jit_queued + 3,
         "three compiles were queued: one quick, two final (%u)", stats().jit_queued - s0.jit_queued);
   return check_report();
}

static int test_noquick(void)
{
   const char *e = getenv("R600SIM_JIT_QUICK");
   if (!e || strcmp(e, "0")) {
      fprintf(stderr, "test_jit_async noquick: run with R600SIM_JIT_QUICK=0\n");
      return 2;
   }
   machine();
   uint64_t small = build(1, 0x800);
   reference(small, 1, &ref);
   gate(true);
   struct sim_program *q = draw_get(small, 2);
   check(q && sim_program_engine(q) == SIM_ENGINE_JIT && stats().jit_queued == 0,
         "R600SIM_JIT_QUICK=0: the small program gets its final code at once, nothing queued");
   check(run(q, 2, &got) && same(&got, &ref), "bit-identical to the interpreter");
   return check_report();
}

/* ---- stress ----------------------------------------------------------------------------------- */

#define THREADS 4
#define ITERATIONS 60

static uint64_t small_va[NSMALL];
static struct results small_ref[NSMALL];
static atomic_uint mismatches, runs_native, runs_interp;

static void *stress_thread(void *arg)
{
   unsigned t = (unsigned)(uintptr_t)arg;
   static _Thread_local struct results r;
   for (unsigned i = 0; i < ITERATIONS; i++) {
      unsigned k = (t * 3 + i * 5) % NSMALL;
      uint64_t seq = 1000u * (t + 1) + i;   /* a scope of its own: earlier holds end */
      struct sim_program *p = draw_get(small_va[k], seq);
      bool native = p && sim_program_engine(p) == SIM_ENGINE_JIT;
      if (!run(p, seq, &r) || !same(&r, &small_ref[k]))
         atomic_fetch_add(&mismatches, 1);
      atomic_fetch_add(native ? &runs_native : &runs_interp, 1);
   }
   return NULL;
}

static int test_stress(void)
{
   const char *size = getenv("R600SIM_CACHE_SIZE"), *min = getenv("R600SIM_JIT_ASYNC_MIN");
   if (!size || strcmp(size, "2") || !min || strcmp(min, "0")) {
      fprintf(stderr, "test_jit_async stress: run with R600SIM_CACHE_SIZE=2 R600SIM_JIT_ASYNC_MIN=0\n");
      return 2;
   }
   machine();
   for (unsigned k = 0; k < NSMALL; k++) {
      small_va[k] = build(1, 0x1000 * (k + 1));
      reference(small_va[k], 1, &small_ref[k]);
   }
   pthread_t th[THREADS];
   for (unsigned t = 0; t < THREADS; t++)
      check(!pthread_create(&th[t], NULL, stress_thread, (void *)(uintptr_t)t), "thread %u starts", t);
   for (unsigned t = 0; t < THREADS; t++)
      pthread_join(th[t], NULL);
   sim_program_cache_wait();
   struct sim_program_cache_stats s = stats();
   check(atomic_load(&mismatches) == 0, "%u runs, none differs from the interpreter (%u differ)",
         THREADS * ITERATIONS, atomic_load(&mismatches));
   check(atomic_load(&runs_native) + atomic_load(&runs_interp) == THREADS * ITERATIONS,
         "every run counted");
   check(s.jit_queued >= NSMALL, "every program was queued for a background compile (%u)",
         s.jit_queued);
   check(s.evicted > 0 && s.jit_released > 0, "the bound evicted programs and freed code (%u, %u)",
         s.evicted, s.jit_released);
   check(s.jit_pending == 0, "nothing pending after the wait");
   check(s.resident[1] <= 2, "the JIT cache is back within its bound (%u)", s.resident[1]);

   /* A program held in a scope is never evicted: after the wait it has its code. */
   struct sim_program *p = draw_get(small_va[0], 99999);
   sim_program_cache_wait();
   check(p && sim_program_engine(p) == SIM_ENGINE_JIT && run(p, 99999, &got) &&
            same(&got, &small_ref[0]),
         "a held program ends on native code, bit-identical");
   return check_report();
}

/* ---- device ----------------------------------------------------------------------------------- */

static int test_device(void)
{
   machine();
   uint64_t big = build(BIG_CLAUSES, 0x300);
   reference(big, 1, &ref);
   gate(true);
   struct sim_program *p = draw_get(big, 2);
   check(p && sim_program_engine(p) == SIM_ENGINE_INTERP && stats().jit_pending == 1,
         "the compile of the device's program is pending");
   check(run(p, 2, &got) && same(&got, &ref), "the draw ran it on the interpreter");
   unsigned decoded = stats().decoded;

   /* The device goes away (its memory and registers), then the compile goes on. */
   sim_mem_destroy(mem);
   free(regs);
   gate(false);
   sim_program_cache_wait();
   check(stats().jit_pending == 0, "the compile ended after the device was destroyed");

   machine();   /* the next device, with the same program bytes */
   uint64_t again = build(BIG_CLAUSES, 0x300);
   struct sim_program *q = draw_get(again, 3);
   check(q == p && sim_program_engine(q) == SIM_ENGINE_JIT && stats().decoded == decoded,
         "the next device's draw finds the program compiled");
   check(run(q, 3, &got) && same(&got, &ref), "and its native code gives the interpreter's bits");
   return check_report();
}

/* ---- exit ------------------------------------------------------------------------------------- */

static int test_exit(void)
{
   machine();
   uint64_t small = build(1, 0x400), big = build(BIG_CLAUSES, 0x500);
   struct sim_program *q = draw_get(small, 1);   /* the JIT starts up on this thread */
   check(q && sim_program_engine(q) == SIM_ENGINE_JIT, "a small program compiles at once");
   struct sim_program *p = draw_get(big, 2);
   check(p && sim_program_engine(p) == SIM_ENGINE_INTERP, "the large one is queued");
   pthread_mutex_lock(&gate_lock);
   while (!passed)
      pthread_cond_wait(&gate_cond, &gate_lock);
   pthread_mutex_unlock(&gate_lock);
   return check_report();   /* exit() with the build running (or just done) */
}

int main(int argc, char **argv)
{
   main_thread = pthread_self();
   chip = HW_CHIP_R7XX;
   if (argc == 2 && !strcmp(argv[1], "async"))
      return test_async();
   if (argc == 2 && !strcmp(argv[1], "sync"))
      return test_sync();
   if (argc == 2 && !strcmp(argv[1], "tiers"))
      return test_tiers();
   if (argc == 2 && !strcmp(argv[1], "noquick"))
      return test_noquick();
   if (argc == 2 && !strcmp(argv[1], "stress"))
      return test_stress();
   if (argc == 2 && !strcmp(argv[1], "device"))
      return test_device();
   if (argc == 2 && !strcmp(argv[1], "exit"))
      return test_exit();
   fprintf(stderr, "usage: test_jit_async async|sync|tiers|noquick|stress|device|exit\n");
   return 2;
}
