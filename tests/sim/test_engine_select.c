/* Engine selection (issue 3, deliverable 7): sim_program_get - the call the draw path
 * makes - uses the engine R600SIM_ENGINE names; sim_program_get_engine picks one per call,
 * with one cache entry per engine. Run by meson with R600SIM_ENGINE=interp, =jit and
 * empty (the default, jit); argv[1] is the engine the draw path must then use. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/gpu_memory.h"
#include "r600_regs.h"
#include "shader/shader_exec.h"
#include "check.h"

/* MOV R1.x, 1.0; EXPORT_DONE PIXEL 0 R1 (END_OF_PROGRAM), R7xx encodings. */
static void build(uint32_t dw[8])
{
   dw[0] = R7_SQ_CF_ALU_WORD0__ADDR(2);
   dw[1] = R7_SQ_CF_ALU_WORD1__COUNT(0) | R7_SQ_CF_ALU_WORD1__BARRIER(1) |
           R7_SQ_CF_ALU_WORD1__CF_INST(R7_SQ_CF_ALU_WORD1__CF_INST__SQ_CF_INST_ALU);
   dw[2] = R7_SQ_CF_ALLOC_EXPORT_WORD0__RW_GPR(1) |
           R7_SQ_CF_ALLOC_EXPORT_WORD0__TYPE(R7_SQ_CF_ALLOC_EXPORT_WORD0__TYPE__SQ_EXPORT_PIXEL);
   dw[3] = R7_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_X(0) | R7_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_Y(1) |
           R7_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_Z(2) | R7_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_W(3) |
           R7_SQ_CF_ALLOC_EXPORT_WORD1__END_OF_PROGRAM(1) | R7_SQ_CF_ALLOC_EXPORT_WORD1__BARRIER(1) |
           R7_SQ_CF_ALLOC_EXPORT_WORD1__CF_INST(
              R7_SQ_CF_ALLOC_EXPORT_WORD1__CF_INST__SQ_CF_INST_EXPORT_DONE);
   dw[4] = R7_SQ_ALU_WORD0__SRC0_SEL(R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_1) |
           R7_SQ_ALU_WORD0__LAST(1);
   dw[5] = R7_SQ_ALU_WORD1__DST_GPR(1) | R7_SQ_ALU_WORD1_OP2__WRITE_MASK(1) |
           R7_SQ_ALU_WORD1_OP2__ALU_INST(R7_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_MOV);
   dw[6] = dw[7] = 0;
}

static bool run(struct sim_program *p, struct sim_shader_env *env)
{
   static struct sim_lanes lanes;
   static struct sim_exports out;
   memset(&lanes, 0, sizeof(lanes));
   memset(&out, 0, sizeof(out));
   if (!sim_program_run(p, NULL, env, &lanes, 0xFFFF, &out))
      return false;
   bool ok = out.pixel_mask == 1;
   for (unsigned l = 0; l < SIM_LANES; l++)
      ok &= out.pixel[0][0][l] == 0x3F800000u && out.pixel[0][1][l] == 0;
   return ok;
}

int main(int argc, char **argv)
{
   if (argc != 2 || (strcmp(argv[1], "interp") && strcmp(argv[1], "jit"))) {
      fprintf(stderr, "usage: test_engine_select interp|jit (the engine R600SIM_ENGINE picks)\n");
      return 2;
   }
   enum sim_engine want = strcmp(argv[1], "jit") ? SIM_ENGINE_INTERP : SIM_ENGINE_JIT;

   struct sim_memory *mem = sim_mem_create();
   uint32_t *regs = calloc(SIM_REG_SPACE_DWORDS, sizeof(uint32_t));
   uint32_t dw[8];
   build(dw);
   uint64_t va = sim_mem_alloc(mem, sizeof(dw), 256);
   memcpy(sim_mem_map(mem, va), dw, sizeof(dw));
   struct sim_shader_env env = { .chip = HW_CHIP_R7XX, .stage = SIM_STAGE_PS, .mem = mem,
                                 .regs = regs };

   struct sim_program *draw = sim_program_get(&env, va);
   check(draw && sim_program_engine(draw) == want,
         "sim_program_get (the draw path) uses the engine R600SIM_ENGINE names");
   unsigned compiles = sim_program_compile_count();
   struct sim_program *pi = sim_program_get_engine(&env, va, SIM_ENGINE_INTERP);
   struct sim_program *pj = sim_program_get_engine(&env, va, SIM_ENGINE_JIT);
   check(pi && sim_program_engine(pi) == SIM_ENGINE_INTERP, "explicit interpreter");
   check(pj && sim_program_engine(pj) == SIM_ENGINE_JIT, "explicit JIT");
   check(pi != pj && sim_program_compile_count() == compiles + 1,
         "one cache entry per engine (the draw's entry is reused)");
   check(draw == (want == SIM_ENGINE_JIT ? pj : pi) &&
         sim_program_get_engine(&env, va, SIM_ENGINE_DEFAULT) == draw,
         "the default engine's entry is the draw path's");
   check(pi && run(pi, &env), "the interpreter runs the program");
   check(pj && run(pj, &env), "the JIT runs the program");

   free(regs);
   sim_mem_destroy(mem);
   return check_report();
}
