/* The per-draw look-ups that remember their last answer must see every change:
 *   memory   sim_mem_range / sim_mem_map / sim_mem_extent (each thread remembers the buffers
 *            it found, gpu_memory.c): a freed buffer is gone at once, a buffer allocated
 *            again at the same address has its new bytes and size, two memories with the
 *            same addresses are told apart, more buffers than remembered, another thread
 *            after a free;
 *   programs sim_program_get in one use scope (the scope's last program per stage,
 *            shader_cache.c): a program whose bytes changed in GPU memory between two
 *            look-ups at the same address is a new program that computes the new result (a
 *            literal in its ALU clause, its export's CF word, the CF entry register), the old
 *            bytes find the old program again, another engine gets its own program, and
 *            stages do not mix. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/gpu_memory.h"
#include "isa_harness.h"

/* ---- memory ------------------------------------------------------------------------------ */

#define NBUF 7   /* more than a thread remembers */

struct other {
   struct sim_memory *m;
   uint64_t va;
   uint8_t *data;
   pthread_barrier_t step;
   bool found, gone;   /* what the other thread saw (checked by the main thread) */
};

static void *other_thread(void *arg)
{
   struct other *o = arg;
   o->found = sim_mem_range(o->m, o->va, 4) == o->data;
   pthread_barrier_wait(&o->step);
   pthread_barrier_wait(&o->step);   /* freed meanwhile */
   o->gone = !sim_mem_range(o->m, o->va, 4);
   return NULL;
}

static void test_memory(void)
{
   struct sim_memory *m = sim_mem_create();
   uint64_t va[NBUF];
   uint8_t *data[NBUF];
   for (unsigned i = 0; i < NBUF; i++) {
      va[i] = sim_mem_alloc(m, 4096, 256);
      data[i] = sim_mem_map(m, va[i]);
      check(va[i] && data[i], "buffer %u allocated", i);
      memset(data[i], 0x10 + i, 4096);
   }
   /* every buffer, over and over in an order that cycles through more than are remembered */
   for (unsigned round = 0; round < 3; round++)
      for (unsigned i = 0; i < NBUF; i++) {
         unsigned k = (i * 3 + round) % NBUF;
         uint8_t *p = sim_mem_range(m, va[k] + 100, 16);
         check(p == data[k] + 100 && p[0] == 0x10 + k, "round %u: buffer %u found", round, k);
         uint64_t bytes;
         check(sim_mem_extent(m, va[k] + 96, &bytes) == data[k] + 96 && bytes == 4000,
               "round %u: buffer %u's extent", round, k);
         check(!sim_mem_range(m, va[k] + 4090, 7), "round %u: past buffer %u's end", round, k);
      }

   /* a freed buffer: no pointer, whatever was remembered */
   check(sim_mem_range(m, va[2], 4) != NULL, "buffer 2 found before its free");
   sim_mem_free(m, va[2]);
   check(!sim_mem_range(m, va[2], 4) && !sim_mem_map(m, va[2]), "buffer 2 gone after its free");
   uint64_t bytes = 1;
   check(!sim_mem_extent(m, va[2] + 8, &bytes) && bytes == 0, "no extent in the freed buffer");

   /* the same address again, smaller: its new bytes and size */
   check(sim_mem_alloc_at(m, va[2], 512) == va[2], "buffer 2 allocated again at its address");
   uint8_t *again = sim_mem_map(m, va[2]);
   check(again && again[0] == 0, "the new buffer 2 is zeroed");
   check(sim_mem_range(m, va[2], 512) == again, "the new buffer 2 is found");
   check(!sim_mem_range(m, va[2] + 500, 16), "the new buffer 2 ends at 512 bytes");
   check(sim_mem_extent(m, va[2], &bytes) == again && bytes == 512, "the new buffer 2's extent");

   /* another memory with a buffer at the same address */
   struct sim_memory *m2 = sim_mem_create();
   check(sim_mem_alloc_at(m2, va[0], 64) == va[0], "second memory: a buffer at buffer 0's address");
   uint8_t *other = sim_mem_map(m2, va[0]);
   check(sim_mem_range(m, va[0], 16) == data[0], "first memory: buffer 0");
   check(sim_mem_range(m2, va[0], 16) == other && other != data[0], "second memory: its own");
   check(!sim_mem_range(m2, va[0] + 32, 64), "second memory: its buffer's size");
   check(sim_mem_range(m, va[0] + 32, 64) == data[0] + 32, "first memory: buffer 0's size");
   sim_mem_destroy(m2);

   /* a buffer both threads looked up, freed by this one: gone for both */
   struct other o = { .m = m, .va = va[4], .data = data[4] };
   pthread_barrier_init(&o.step, NULL, 2);
   pthread_t t;
   check(!pthread_create(&t, NULL, other_thread, &o), "other thread started");
   check(sim_mem_range(m, va[4], 4) == data[4], "buffer 4 found before its free");
   pthread_barrier_wait(&o.step);   /* the other thread found it too */
   sim_mem_free(m, va[4]);
   check(!sim_mem_range(m, va[4], 4), "buffer 4 gone for this thread");
   pthread_barrier_wait(&o.step);
   pthread_join(t, NULL);
   pthread_barrier_destroy(&o.step);
   check(o.found, "other thread: buffer 4 found");
   check(o.gone, "other thread: buffer 4 gone after its free");
   sim_mem_destroy(m);
}

/* ---- programs ---------------------------------------------------------------------------- */

#define LIT_A 1.5f
#define LIT_B -4.0f

/* R1.x = R0.x + literal; export PIXEL 0 = R1 (the CF export is qword 1, the clause at
 * CF_AREA: the literal is its dword 2 * CF_AREA + 2). */
static uint64_t build(float literal)
{
   static struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 1, 0, .s0 = gpr(0, 0), .s1 = lit(0) }, true);
   lits(&p, 2, (uint32_t[]){ U(literal), 0 });
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });   /* 0 */
   cf_export_pixel(&p, 1);                        /* 1 */
   return upload_prog(&p);
}

static struct sim_shader_env env_of(enum sim_stage stage)
{
   /* one use scope for the whole test (seq 0): the look-ups may remember */
   return (struct sim_shader_env){ .chip = chip, .stage = stage, .mem = mem, .regs = regs };
}

/* Gets the program at va and returns PIXEL 0 .x of lane l (R0.x = l) in *x. */
static struct sim_program *get_run(uint64_t va, enum sim_engine engine, unsigned l, float *x)
{
   struct sim_shader_env env = env_of(SIM_STAGE_PS);
   struct sim_program *p = sim_program_get_engine(&env, va, engine);
   check(p != NULL, "program found");
   struct sim_lanes lanes = init_lanes;
   struct sim_exports out;
   memset(&out, 0, sizeof(out));
   *x = NAN;
   if (p && sim_program_run(p, NULL, &env, &lanes, 0xFFFF, &out))
      *x = Fl(out.pixel[0][0][l]);
   return p;
}

static void test_programs(void)
{
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[0][0][l] = U((float)l);
   set_reg(REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__NUM_GPRS(2));
   uint64_t va = build(LIT_A);
   uint32_t *dw = sim_mem_map(mem, va);
   const unsigned lit_dw = 2 * CF_AREA + 2;
   check(dw[lit_dw] == U(LIT_A), "the literal is at dword %u", lit_dw);

   float x;
   struct sim_program *a = get_run(va, SIM_ENGINE_INTERP, 3, &x);
   check(x == 3.0f + LIT_A, "program A: 3 + %g (got %g)", LIT_A, x);
   check(get_run(va, SIM_ENGINE_INTERP, 3, &x) == a, "the same bytes: program A again");

   /* another literal at the same address */
   dw[lit_dw] = U(LIT_B);
   struct sim_program *b = get_run(va, SIM_ENGINE_INTERP, 3, &x);
   check(b != a && x == 3.0f + LIT_B, "literal changed: program B, 3 + %g (got %g)", LIT_B, x);
   dw[lit_dw] = U(LIT_A);
   check(get_run(va, SIM_ENGINE_INTERP, 5, &x) == a && x == 5.0f + LIT_A,
         "literal back: program A from the cache (got %g)", x);

   /* the export's CF word: PIXEL 0 from R0 instead of R1 */
   uint32_t export_w0 = dw[2];
   uint32_t rw_gpr = R7 ? R7_SQ_CF_ALLOC_EXPORT_WORD0__RW_GPR__mask
                        : R6_SQ_CF_ALLOC_EXPORT_WORD0__RW_GPR__mask;
   check((export_w0 & rw_gpr) == FLD(SQ_CF_ALLOC_EXPORT_WORD0, RW_GPR, 1), "CF 1 exports R1");
   dw[2] = export_w0 & ~rw_gpr;
   struct sim_program *c = get_run(va, SIM_ENGINE_INTERP, 7, &x);
   check(c != a && c != b && x == 7.0f, "export from R0: program C, 7 (got %g)", x);
   dw[2] = export_w0;

   /* the CF entry register: the program read from CF 1 on (the export alone) */
   set_reg(REG_SQ_PGM_CF_OFFSET_PS, SQ_PGM_CF_OFFSET_PS__PGM_CF_OFFSET(1));
   struct sim_program *d = get_run(va, SIM_ENGINE_INTERP, 7, &x);
   check(d != a && d != c && x == 0.0f, "CF entry 1: program D exports R1 unset (got %g)", x);
   set_reg(REG_SQ_PGM_CF_OFFSET_PS, 0);
   check(get_run(va, SIM_ENGINE_INTERP, 2, &x) == a && x == 2.0f + LIT_A, "CF entry 0: program A");

   /* another engine: its own program */
   struct sim_program *j = get_run(va, SIM_ENGINE_JIT, 4, &x);
   check(j != a && x == 4.0f + LIT_A, "the JIT's program of the same bytes (got %g)", x);
   check(get_run(va, SIM_ENGINE_INTERP, 4, &x) == a, "the interpreter's again");

   /* stages: the same bytes as a vertex shader are another program; the pixel shader's last
    * program is still found after it */
   struct sim_shader_env venv = env_of(SIM_STAGE_VS);
   struct sim_program *v = sim_program_get_engine(&venv, va, SIM_ENGINE_INTERP);
   check(v && v != a, "the same bytes as a vertex shader: another program");
   dw[lit_dw] = U(LIT_B);
   check(get_run(va, SIM_ENGINE_INTERP, 3, &x) == b && x == 3.0f + LIT_B,
         "after a vertex shader: the changed literal gives program B (got %g)", x);
   check(sim_program_get_engine(&venv, va, SIM_ENGINE_INTERP) != v,
         "the vertex shader with the changed literal is another program");
}

int main(void)
{
   test_memory();
   return run_on_both_chips(test_programs);
}
