/* sim_program_get / sim_program_run (shader_exec.h): programs are read from GPU memory,
 * keyed by their exact bytes plus chip, stage and the register state that changes code
 * (CF entry offset, DX10_CLAMP), decoded once and compiled once; a later draw with the
 * same program finds it in the cache and compiles nothing. Engine: R600SIM_ENGINE=interp
 * or jit (default), or the caller's choice (sim_program_get_engine; one cache per engine);
 * a program the JIT cannot compile runs on the interpreter (warned once).
 * Runs set FTZ/DAZ for their duration (fp32 denormals are flushed, see alu_ops.h).
 * The cache never evicts: a pointer from sim_program_get stays valid for the process. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "run_state.h"
#include "jit.h"
#include "r600_regs.h"

#define CACHE_BUCKETS 256
#define MXCSR_DAZ 0x0040u
#define MXCSR_FTZ 0x8000u

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sim_program *cache[2][CACHE_BUCKETS];   /* [0] interpreter, [1] JIT */
static atomic_uint compile_count;

static pthread_once_t engine_once = PTHREAD_ONCE_INIT;
static bool use_jit = true;

static void engine_pick(void)
{
   const char *e = getenv("R600SIM_ENGINE");
   if (!e || !*e || !strcmp(e, "jit"))
      return;
   if (!strcmp(e, "interp"))
      use_jit = false;
   else
      fprintf(stderr, "r600sim: R600SIM_ENGINE=%s unknown (use interp or jit); using jit\n", e);
}

static uint64_t hash_dwords(const uint32_t *dw, size_t n)
{
   uint64_t h = 0xcbf29ce484222325ull;   /* FNV-1a */
   const uint8_t *b = (const uint8_t *)dw;
   for (size_t i = 0; i < n * 4; i++)
      h = (h ^ b[i]) * 0x100000001b3ull;
   return h;
}

static void set_fault(struct sim_shader_env *env, const char *msg)
{
   if (env->faulted)
      return;
   snprintf(env->fault, sizeof(env->fault), "%s", msg);
   env->faulted = true;
}

/* CF entry index and DX10_CLAMP of the stage, from the register file. */
static void stage_state(const struct sim_shader_env *env, unsigned *entry, bool *dx10_clamp)
{
   const uint32_t *r = env->regs;
   switch (env->stage) {
   case SIM_STAGE_PS:
      *entry = SQ_PGM_CF_OFFSET_PS__PGM_CF_OFFSET__get(r[REG_SQ_PGM_CF_OFFSET_PS / 4]);
      *dx10_clamp = SQ_PGM_RESOURCES_PS__DX10_CLAMP__get(r[REG_SQ_PGM_RESOURCES_PS / 4]);
      break;
   case SIM_STAGE_VS:
      *entry = SQ_PGM_CF_OFFSET_VS__PGM_CF_OFFSET__get(r[REG_SQ_PGM_CF_OFFSET_VS / 4]);
      *dx10_clamp = SQ_PGM_RESOURCES_VS__DX10_CLAMP__get(r[REG_SQ_PGM_RESOURCES_VS / 4]);
      break;
   default:
      *entry = SQ_PGM_CF_OFFSET_FS__PGM_CF_OFFSET__get(r[REG_SQ_PGM_CF_OFFSET_FS / 4]);
      *dx10_clamp = SQ_PGM_RESOURCES_FS__DX10_CLAMP__get(r[REG_SQ_PGM_RESOURCES_FS / 4]);
      break;
   }
}

static void compile(struct sim_program *p, bool jit)
{
   static atomic_bool warned;
   char err[160];
   if (!jit || sim_jit_compile(p, err, sizeof(err)))
      return;
   if (!atomic_exchange(&warned, true))
      fprintf(stderr, "r600sim: JIT compile failed (%s); running the program on the "
                      "interpreter (warned once)\n", err);
}

struct sim_program *sim_program_get(struct sim_shader_env *env, uint64_t va)
{
   return sim_program_get_engine(env, va, SIM_ENGINE_DEFAULT);
}

enum sim_engine sim_program_engine(const struct sim_program *prog)
{
   return prog->jit_fn ? SIM_ENGINE_JIT : SIM_ENGINE_INTERP;
}

struct sim_program *sim_program_get_engine(struct sim_shader_env *env, uint64_t va,
                                           enum sim_engine engine)
{
   pthread_once(&engine_once, engine_pick);
   bool jit = engine == SIM_ENGINE_DEFAULT ? use_jit : engine == SIM_ENGINE_JIT;
   unsigned entry;
   bool dx10_clamp;
   stage_state(env, &entry, &dx10_clamp);

   char err[160];
   struct sim_isa_image img = { 0 };
   if (!sim_isa_read(env->mem, env->chip, env->stage, va, entry, dx10_clamp, &img, err,
                     sizeof(err))) {
      free(img.dw);
      set_fault(env, err);
      return NULL;
   }
   uint64_t h = hash_dwords(img.dw, img.ndw);

   pthread_mutex_lock(&cache_lock);
   struct sim_program **bucket = &cache[jit][h % CACHE_BUCKETS], *p;
   for (p = *bucket; p; p = p->next)
      if (p->hash == h && p->image_ndw == img.ndw &&
          !memcmp(p->image, img.dw, img.ndw * sizeof(uint32_t)))
         break;
   if (p) {
      pthread_mutex_unlock(&cache_lock);
      free(img.dw);
      return p;
   }
   p = sim_isa_decode(&img, err, sizeof(err));
   if (!p) {
      pthread_mutex_unlock(&cache_lock);
      free(img.dw);
      set_fault(env, err);
      return NULL;
   }
   compile(p, jit);
   p->hash = h;
   p->image = img.dw;
   p->image_ndw = img.ndw;
   p->next = *bucket;
   *bucket = p;
   atomic_fetch_add(&compile_count, 1);
   pthread_mutex_unlock(&cache_lock);
   return p;
}

/* STACK_SIZE (entries) of the stage's SQ_PGM_RESOURCES. */
static unsigned stack_size(const struct sim_shader_env *env)
{
   const uint32_t *r = env->regs;
   switch (env->stage) {
   case SIM_STAGE_PS: return SQ_PGM_RESOURCES_PS__STACK_SIZE__get(r[REG_SQ_PGM_RESOURCES_PS / 4]);
   case SIM_STAGE_VS: return SQ_PGM_RESOURCES_VS__STACK_SIZE__get(r[REG_SQ_PGM_RESOURCES_VS / 4]);
   default: return SQ_PGM_RESOURCES_FS__STACK_SIZE__get(r[REG_SQ_PGM_RESOURCES_FS / 4]);
   }
}

bool sim_program_run_valid(const struct sim_program *prog, const struct sim_program *fetch,
                           struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                           uint16_t valid, struct sim_exports *out)
{
   if (!prog) {
      set_fault(env, "no program");
      return false;
   }
   struct sim_run x;
   x.lanes = lanes;
   x.cfile = NULL;
   x.exec = x.launched = active;
   x.valid = valid & active;
   x.mode_saved = active;
   x.pred = 0;
   x.killed = 0;
   x.brk = x.cont = 0;
   x.env = env;
   x.out = out;
   x.prog = prog;
   x.fetch = fetch;
   x.in_fetch = false;
   x.sp = 0;
   x.stack_elements = 0;
   x.stack_size = stack_size(env);
   x.call_sp = x.call_base = x.call_depth = 0;
   x.backjumps = 0;
   x.loop_index = 0;
   x.rel_fault = x.cfile_fault = 0;

#if defined(__SSE__)
   unsigned csr = _mm_getcsr();
   _mm_setcsr(csr | MXCSR_DAZ | MXCSR_FTZ);
#endif
   bool ok = sim_run_program(&x, prog);
#if defined(__SSE__)
   _mm_setcsr(csr);
#endif
   out->killed |= x.killed;
   if (!ok && !env->faulted)
      set_fault(env, "program stopped without a recorded fault");
   return ok;
}

bool sim_program_run(const struct sim_program *prog, const struct sim_program *fetch,
                     struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                     struct sim_exports *out)
{
   return sim_program_run_valid(prog, fetch, env, lanes, active, active, out);
}

unsigned sim_program_compile_count(void)
{
   return atomic_load(&compile_count);
}
