/* Test double of the shader engines behind llvmpipe_backend/shader/shader_exec.h, so the
 * fixed-function pipeline (CP, VGT, PA, SC, SPI, CB) can be tested without ISA.
 *
 * A "program" is a small descriptor in GPU memory at the program address:
 *   dword 0: FAKE_VS ('FKVS') or FAKE_PS ('FKPS'), anything else is a bad binary
 *   VS: dwords 2-3: GPU address of a float[4] position array, 4-5: of a float[4] colour
 *       array, both indexed by the vertex id (GPR0.x); dword 6: per-instance x offset
 *       (float) added to the position for instance id GPR0.w. Exports POS 60 and PARAM 0;
 *       if dword 1 bit 1 is set, also POS 61 with x = the position's z (a point size), z = 0.
 *       If bit 3 is set, the colour array holds 4 vec4 per vertex (at 64 * id) exported as
 *       PARAM 0-3; with bit 4 as well, vec4 1-3 are also exported as POS 61-63 (the misc
 *       vector and the clip/cull distance vectors). If bit 5 is set, PARAM 0 .x and .y are
 *       replaced by GPR0.y / 255 and GPR0.z / 255 (the VGT's instance / step-rate values).
 *   PS: exports PIXEL 0 = GPR0 (the first interpolated input); if dword 1 bit 0 is set it
 *       also kills the lanes whose GPR0.x (red) is exactly 0; if bit 2 is set it exports
 *       PIXEL 61 (depth) with x = GPR0.y (green); if bit 3 is set it also exports PIXEL 1-3
 *       = GPR1-3; if bit 4 is set the run faults when an active lane's GPR0.x is exactly 1.0.
 */
#include "sim_fake_engine.h"

#include <stdio.h>
#include <string.h>

#include "common/gpu_memory.h"

struct sim_program {
   uint32_t kind;
   uint32_t flags;
   uint64_t pos_va, color_va;
   float instance_dx;
};

#define MAX_PROGRAMS 16
static struct sim_program programs[MAX_PROGRAMS];
static unsigned num_programs;

struct sim_program *sim_program_get(struct sim_shader_env *env, uint64_t va)
{
   const uint32_t *d = sim_mem_range(env->mem, va, 7 * 4);
   if (!d || (d[0] != FAKE_VS && d[0] != FAKE_PS)) {
      env->faulted = true;
      snprintf(env->fault, sizeof(env->fault), "fake engine: no program at 0x%llx",
               (unsigned long long)va);
      return NULL;
   }
   if ((d[0] == FAKE_VS) != (env->stage == SIM_STAGE_VS)) {
      env->faulted = true;
      snprintf(env->fault, sizeof(env->fault), "fake engine: wrong stage");
      return NULL;
   }
   struct sim_program p = { .kind = d[0], .flags = d[1],
                            .pos_va = d[2] | (uint64_t)d[3] << 32,
                            .color_va = d[4] | (uint64_t)d[5] << 32 };
   memcpy(&p.instance_dx, &d[6], 4);
   for (unsigned i = 0; i < num_programs; i++) {
      if (!memcmp(&programs[i], &p, sizeof(p)))
         return &programs[i];
   }
   if (num_programs == MAX_PROGRAMS)
      num_programs = 0;
   programs[num_programs] = p;
   return &programs[num_programs++];
}

const uint8_t *sim_program_vs_first_reads(const struct sim_program *prog,
                                          const struct sim_program *fetch)
{
   (void)prog;
   (void)fetch;
   return NULL;   /* unknown: draw.c zeroes every GPR */
}

bool sim_program_run(const struct sim_program *prog, const struct sim_program *fetch,
                     struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                     struct sim_exports *out)
{
   (void)fetch;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(active & (1u << l)))
         continue;
      if (prog->kind == FAKE_VS) {
         uint32_t id = lanes->gpr[0][0][l];
         unsigned nparams = (prog->flags & 8) ? 4 : 1;
         const float *pos = sim_mem_range(env->mem, prog->pos_va + 16ull * id, 16);
         const float *col = sim_mem_range(env->mem, prog->color_va + 16ull * nparams * id,
                                          16 * nparams);
         if (!pos || !col) {
            env->faulted = true;
            snprintf(env->fault, sizeof(env->fault), "fake engine: vertex %u out of bounds", id);
            return false;
         }
         float p[4] = { pos[0] + prog->instance_dx * (float)lanes->gpr[0][3][l], pos[1], pos[2],
                        pos[3] };
         if (prog->flags & 2) {
            memcpy(&out->pos[1][0][l], &p[2], 4);
            p[2] = 0.0f;
            out->pos_mask |= 2;
         }
         for (unsigned c = 0; c < 4; c++) {
            memcpy(&out->pos[0][c][l], &p[c], 4);
            for (unsigned k = 0; k < nparams; k++)
               memcpy(&out->param[k][c][l], &col[4 * k + c], 4);
            for (unsigned k = 1; k < 4 && (prog->flags & 24) == 24; k++)
               memcpy(&out->pos[k][c][l], &col[4 * k + c], 4);
         }
         if ((prog->flags & 24) == 24)
            out->pos_mask |= 0xE;
         if (prog->flags & 32) {
            for (unsigned c = 0; c < 2; c++) {
               float v = (float)lanes->gpr[0][1 + c][l] / 255.0f;
               memcpy(&out->param[0][c][l], &v, 4);
            }
         }
         out->pos_mask |= 1;
         out->param_mask |= (1u << nparams) - 1;
      } else {
         if ((prog->flags & 16) && lanes->gpr[0][0][l] == 0x3F800000u) {
            env->faulted = true;
            snprintf(env->fault, sizeof(env->fault), "fake engine: red is 1.0");
            return false;
         }
         unsigned nexports = (prog->flags & 8) ? 4 : 1;
         for (unsigned k = 0; k < nexports; k++)
            for (unsigned c = 0; c < 4; c++)
               out->pixel[k][c][l] = lanes->gpr[k][c][l];
         out->pixel_mask |= (uint8_t)((1u << nexports) - 1);
         if ((prog->flags & 1) && lanes->gpr[0][0][l] == 0)
            out->killed |= (uint16_t)(1u << l);
         if (prog->flags & 4) {
            out->pixel61[0][l] = lanes->gpr[0][1][l];
            out->pixel61_written = true;
         }
      }
   }
   return true;
}

unsigned sim_program_compile_count(void)
{
   return num_programs;
}

/* Nothing to start: the fake engine has no JIT. */
void sim_program_engine_start(void)
{
}

/* The fake engine has no pixel modes: helper lanes run like valid ones. */
bool sim_program_run_valid(const struct sim_program *prog, const struct sim_program *fetch,
                           struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                           uint16_t valid, struct sim_exports *out)
{
   (void)valid;
   return sim_program_run(prog, fetch, env, lanes, active, out);
}

/* The fake engine's programs copy bits (no float arithmetic): no modes to switch. */
void sim_fp_modes_get(struct sim_fp_modes *m)
{
   m->units = m->programs = 0;
}

bool sim_program_run_modes(const struct sim_program *prog, const struct sim_program *fetch,
                           struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                           uint16_t valid, struct sim_exports *out, const struct sim_fp_modes *m)
{
   (void)m;
   return sim_program_run_valid(prog, fetch, env, lanes, active, valid, out);
}

/* The test engine has no fused pixel path: the pipeline uses its C units. */
struct sim_pixel_fused *sim_pixel_fused_get(const struct sim_program *ps,
                                            const struct sim_pixel_state *st)
{
   (void)ps;
   (void)st;
   return NULL;
}

void sim_pixel_fused_put(struct sim_pixel_fused *f)
{
   (void)f;
}

sim_native_fn sim_program_run_prepare(struct sim_run *run, const struct sim_program *prog,
                                      struct sim_shader_env *env, struct sim_lanes *lanes,
                                      struct sim_exports *out)
{
   (void)run;
   (void)prog;
   (void)env;
   (void)lanes;
   (void)out;
   return NULL;
}

uint32_t sim_pixel_fused_block(const struct sim_pixel_fused *f, struct sim_pixel_block *b)
{
   (void)f;
   return b->mask;
}

uint32_t sim_pixel_fused_pre(const struct sim_pixel_fused *f, struct sim_pixel_block *b)
{
   (void)f;
   return b->mask;
}

uint32_t sim_pixel_fused_post(const struct sim_pixel_fused *f, struct sim_pixel_block *b)
{
   (void)f;
   return b->mask;
}
