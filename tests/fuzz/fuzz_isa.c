/* Fuzz harness: bytes -> an R6xx/R7xx shader binary, through the ISA text codec (decode,
 * rule check, print, and for rule-abiding programs parse + print again, which must give the
 * same text) and through the simulator's decoder and interpreter; one input in
 * R600SIM_FUZZ_JIT_RATE (default 32, 0: never) of up to JIT_MAX_BYTES also runs on the JIT,
 * which must agree with the interpreter bit for bit (outcome, fault text, stack report,
 * GPRs, exports), as in tests/sim/fuzz_engines.c.
 * Programs that can jump backwards (loops, calls) run only one time in R600SIM_FUZZ_LOOP_RATE
 * (default 8; they are still decoded): a runaway loop runs a million iterations before its
 * fault, thousands of times the cost of other inputs, and coverage-guided fuzzing finds them
 * so easily that they would take most of a run's time. For long runs weighted towards the
 * simulator's decoder, R600SIM_FUZZ_TEXT_RATE=N and R600SIM_FUZZ_EXEC_RATE=N (default 1)
 * send only one input in N through the text codec and the engines (both are far slower than
 * the decoder, the codec for its field look-ups by name). Which inputs a rate picks follows
 * from a hash of the input, so a reproducer is picked again. At exit the harness prints how
 * many inputs each stage saw.
 *
 * Input: byte 0  bit 0 chip (0 r600, 1 rv770), bits 1-2 stage (0 VS, 1 PS, 2 FS, 3 PS),
 *                bit 3 DX10_CLAMP, bits 4-7 STACK_SIZE;
 *        bytes 1-2 active lanes (0: all), bytes 3-4 valid lanes (0: = active);
 *        byte 5  N, then N (at most 16) register writes of 6 bytes: u16 dword index into
 *                the register file, u32 value (constants, resources, loop constants...);
 *        the rest: the program (CF at offset 0), at most PROG_MAX_BYTES.
 * Registers go back to zero after each input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/gpu_memory.h"
#include "isa.h"
#include "sq/isa_decode.h"
#include "sq/isa_read.h"
#include "r600_regs.h"
#include "shader/shader_exec.h"

#define PROG_MAX_BYTES 16384
#define JIT_MAX_BYTES 4096
#define MAX_REG_WRITES 16

static struct sim_memory *mem;
static uint32_t *regs;
static struct sim_lanes init_lanes;
static unsigned jit_rate = 32, loop_rate = 8, exec_rate = 1, text_rate = 1;
static unsigned long long n_inputs, n_text, n_decoded, n_run, n_jit;   /* the statistics printed at exit */

static void print_stats(void)
{
   fprintf(stderr, "fuzz_isa: %llu inputs: %llu through the text codec, %llu decoded by the simulator, "
           "%llu given to the interpreter, %llu also to the JIT\n", n_inputs, n_text, n_decoded, n_run, n_jit);
}

/* One input in `rate` (0: none), picked by bits of the input's hash from `shift` on. */
static bool picked(uint32_t hash, unsigned shift, unsigned rate)
{
   return rate && (hash >> shift) % rate == 0;
}

static unsigned env_rate(const char *name, unsigned def)
{
   const char *e = getenv(name);
   return e && *e ? (unsigned)strtoul(e, NULL, 10) : def;
}
static uint64_t scope;   /* a new program-cache use scope per input, so the LRU can evict */

struct result {
   struct sim_lanes lanes;
   struct sim_exports out;
   bool ok, faulted, stack_overflow;
   char fault[160];
};
static struct result res[2];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
   mem = sim_mem_create();
   regs = calloc(SIM_REG_SPACE_DWORDS, sizeof(uint32_t));
   if (!mem || !regs)
      abort();
   /* inputs: a mix of small integers, floats and special values in every GPR */
   static const uint32_t vals[] = { 0, 1, 2, 0x3F800000, 0xBF800000, 0x40000000, 0x7F800000, 0x7FC00000,
                                    0x80000000, 0xFFFFFFFF, 0x00000001, 0x3F000000, 3, 0x7FFFFFFF };
   unsigned k = 0;
   for (unsigned r = 0; r < SIM_MAX_GPRS; r++)
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++, k = k * 7 + 3)
            init_lanes.gpr[r][c][l] = vals[(k >> 3) % (sizeof(vals) / sizeof(vals[0]))] ^ (r == 0 ? l : 0);
   jit_rate = env_rate("R600SIM_FUZZ_JIT_RATE", jit_rate);
   loop_rate = env_rate("R600SIM_FUZZ_LOOP_RATE", loop_rate);
   exec_rate = env_rate("R600SIM_FUZZ_EXEC_RATE", exec_rate);
   text_rate = env_rate("R600SIM_FUZZ_TEXT_RATE", text_rate);
   atexit(print_stats);
   return 0;
}

/* The text codec: decoding either fails cleanly or gives a program whose listing, when it
 * keeps the encoding rules, parses back to the same listing. */
static void text_codec(enum hw_chip chip, const uint8_t *prog, size_t size)
{
   struct isa_program p;
   struct isa_diags d = {0};
   if (!isa_decode(chip, prog, size, &p, &d))
      return;
   bool rules_ok = isa_validate(&p, &d);
   char *text = isa_print(&p);
   if (rules_ok && text) {
      struct isa_program q;
      struct isa_diags dq = {0};
      if (!isa_parse(text, &chip, &q, &dq)) {
         fprintf(stderr, "fuzz_isa: the listing of a decoded program does not parse: %s\n%s",
                 dq.n ? dq.d[0].msg : "?", text);
         abort();
      }
      char *again = isa_print(&q);
      if (!again || strcmp(text, again)) {
         fprintf(stderr, "fuzz_isa: listing -> parse -> listing differs:\n%s---\n%s", text,
                 again ? again : "(none)");
         abort();
      }
      free(again);
      isa_program_free(&q);
   }
   free(text);
   isa_program_free(&p);
}

/* Whether the simulator decodes the program, and whether it can jump backwards. */
static bool sim_decodes(const struct sim_shader_env *env, uint64_t va, bool *loops)
{
   char err[160];
   struct sim_isa_image img = {0};
   struct sim_program *p = NULL;
   if (sim_isa_read(env->mem, env->chip, env->stage, va, 0, false, &img, err, sizeof(err)))
      p = sim_isa_decode(&img, err, sizeof(err));
   free(img.dw);
   if (!p)
      return false;
   *loops = false;
   for (unsigned pc = p->entry; pc < p->ncf && !*loops; pc++) {
      const struct sim_cf *cf = &p->cf[pc];
      bool jumps = cf->op >= SIM_CF_LOOP_START && cf->op <= SIM_CF_POP_PUSH_ELSE;   /* ADDR: a CF index */
      *loops = cf->op == SIM_CF_LOOP_END || cf->op == SIM_CF_CALL || (jumps && cf->addr <= pc);
   }
   sim_program_free(p);
   return true;
}

static void run(struct sim_shader_env *env, uint64_t va, enum sim_engine engine, uint16_t active, uint16_t valid,
                struct result *r)
{
   env->faulted = false;
   env->fault[0] = 0;
   env->stack_overflow = false;
   env->seq = ++scope;
   memset(&r->out, 0, sizeof(r->out));
   r->lanes = init_lanes;
   r->ok = false;
   struct sim_program *p = sim_program_get_engine(env, va, engine);
   if (p)
      r->ok = sim_program_run_valid(p, NULL, env, &r->lanes, active, valid, &r->out);
   r->faulted = env->faulted;
   r->stack_overflow = env->stack_overflow;
   snprintf(r->fault, sizeof(r->fault), "%s", r->ok ? "" : env->fault);
}

static void compare(const uint8_t *prog, size_t size)
{
   const char *what = NULL;
   if (res[0].ok != res[1].ok || res[0].faulted != res[1].faulted || strcmp(res[0].fault, res[1].fault))
      what = "outcome";
   else if (res[0].stack_overflow != res[1].stack_overflow)
      what = "stack report";
   else if (memcmp(&res[0].lanes, &res[1].lanes, sizeof(res[0].lanes)))
      what = "GPRs";
   else if (memcmp(&res[0].out, &res[1].out, sizeof(res[0].out)))
      what = "exports";
   if (!what)
      return;
   fprintf(stderr, "fuzz_isa: interpreter and JIT differ in the %s (interp %s \"%s\", jit %s \"%s\")\n", what,
           res[0].ok ? "ok" : "fault", res[0].fault, res[1].ok ? "ok" : "fault", res[1].fault);
   for (size_t i = 0; i + 4 <= size; i += 4)
      fprintf(stderr, "%02x%02x%02x%02x%s", prog[i + 3], prog[i + 2], prog[i + 1], prog[i], i % 32 == 28 ? "\n" : " ");
   fprintf(stderr, "\n");
   abort();
}

static uint32_t pgm_resources_reg(enum sim_stage stage)
{
   return stage == SIM_STAGE_VS ? REG_SQ_PGM_RESOURCES_VS
        : stage == SIM_STAGE_PS ? REG_SQ_PGM_RESOURCES_PS : REG_SQ_PGM_RESOURCES_FS;
}

static uint32_t pgm_resources(enum sim_stage stage, bool dx10_clamp, unsigned stack)
{
   switch (stage) {
   case SIM_STAGE_VS:
      return SQ_PGM_RESOURCES_VS__DX10_CLAMP(dx10_clamp) | SQ_PGM_RESOURCES_VS__STACK_SIZE(stack);
   case SIM_STAGE_PS:
      return SQ_PGM_RESOURCES_PS__DX10_CLAMP(dx10_clamp) | SQ_PGM_RESOURCES_PS__STACK_SIZE(stack);
   default:
      return SQ_PGM_RESOURCES_FS__DX10_CLAMP(dx10_clamp) | SQ_PGM_RESOURCES_FS__STACK_SIZE(stack);
   }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   n_inputs++;
   if (size < 6)
      return 0;
   enum hw_chip chip = data[0] & 1 ? HW_CHIP_R7XX : HW_CHIP_R6XX;
   static const enum sim_stage stages[4] = { SIM_STAGE_VS, SIM_STAGE_PS, SIM_STAGE_FS, SIM_STAGE_PS };
   enum sim_stage stage = stages[(data[0] >> 1) & 3];
   uint16_t active = (uint16_t)(data[1] | data[2] << 8), valid = (uint16_t)(data[3] | data[4] << 8);
   if (!active)
      active = 0xFFFF;
   valid = valid ? valid & active : active;
   unsigned nregs = data[5] < MAX_REG_WRITES ? data[5] : MAX_REG_WRITES;
   size_t pos = 6;
   uint16_t written[MAX_REG_WRITES];
   unsigned nw = 0;
   for (; nw < nregs && pos + 6 <= size; nw++, pos += 6) {
      written[nw] = (uint16_t)(data[pos] | data[pos + 1] << 8);
      memcpy(&regs[written[nw]], data + pos + 2, 4);   /* 16-bit index: inside the register file */
   }
   regs[pgm_resources_reg(stage) / 4] = pgm_resources(stage, data[0] & 8, data[0] >> 4);

   const uint8_t *prog = data + pos;
   size_t psize = size - pos;
   if (psize > PROG_MAX_BYTES)
      psize = PROG_MAX_BYTES;
   uint32_t h = 2166136261u;   /* FNV-1a of the input */
   for (size_t i = 0; i < size; i++)
      h = (h ^ data[i]) * 16777619u;
   if (picked(h, 20, text_rate)) {
      n_text++;
      text_codec(chip, prog, psize);
   }

   if (psize) {
      uint64_t va = sim_mem_alloc(mem, psize, 256);
      memcpy(sim_mem_map(mem, va), prog, psize);
      struct sim_shader_env env = { .chip = chip, .stage = stage, .mem = mem, .regs = regs };
      bool loops = false, decoded = sim_decodes(&env, va, &loops);
      bool runs = (!loops || picked(h, 5, loop_rate)) && picked(h, 10, exec_rate);
      n_decoded += decoded;
      n_run += runs;
      if (runs)
         run(&env, va, SIM_ENGINE_INTERP, active, valid, &res[0]);
      if (runs && psize <= JIT_MAX_BYTES && picked(h, 0, jit_rate)) {
         n_jit++;
         run(&env, va, SIM_ENGINE_JIT, active, valid, &res[1]);
         compare(prog, psize);
      }
      sim_mem_free(mem, va);
   }
   for (unsigned i = 0; i < nw; i++)
      regs[written[i]] = 0;
   regs[pgm_resources_reg(stage) / 4] = 0;
   return 0;
}
