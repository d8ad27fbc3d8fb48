/* The fused pixel path's input load (jit/jit_pixel.c sim_pixel_fused_pre) against the reference SPI unit
 * (pixel/spi.c): for random SPI states - every field of the variant key: the input count,
 * each input's parameter, DEFAULT_VAL values, flat / linear / perspective, the position
 * (address, PROVIDE_Z), the face (address, channel, ALL_BITS), the zeroed GPR count - and
 * random primitives (large and tiny areas, edge functions on both sides of the load's 2^50
 * limit and wrapping, far, near, zero, negative, infinite and NaN 1/w, denormal, huge and
 * NaN attributes, attributes equal at the vertices (+0, -0, infinite, NaN too), both
 * facings), sim_pixel_fused_pre must leave the whole register file
 * exactly as zeroing the GPR channels the PS may read before writing them (all of the
 * GPRs for a program the analysis declines; the stand-in PS's decoded program is random:
 * one ALU group's reads, or a jump) and sim_spi_load do (the pre stage without early Z; the DB and
 * CB stages are covered by tests/sim/fuzz_pixel through whole draws). States the fused path does not take
 * (centroid inputs or position, point sprites) must get no variant. Two states that differ
 * in one key field must not share code: every case runs a state, a mutation of it and the
 * mutation with another program.
 *
 * The whole block (sim_pixel_fused_block), with a native "PS" of this file standing in for
 * the program, on several blocks of each primitive (it keeps a primitive's constants from
 * its first block; every primitive at one address): it must run on the loaded inputs, with the run state sim_program_run_valid
 * would give it (whatever the run held before), under MXCSR fp_programs (the thread's MXCSR
 * for a jump, whose results cannot depend on it), with the thread's MXCSR back afterwards; its kills must reach out->killed and the returned mask, and a
 * fault must come back as SIM_PIXEL_PS_FAULT with the env's fault set. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common/gpu_memory.h"
#include "geometry/prim.h"
#include "hw/hw_isa.h"
#include "jit/jit.h"
#include "pixel/cb.h"
#include "pixel/db.h"
#include "pixel/spi.h"
#include "r600_regs.h"
#include "raster/sc.h"
#include "shader/shader_exec.h"
#include "sq/isa_program.h"
#include "sq/run_state.h"

#include <xmmintrin.h>

#define CASES 60

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 16);
}

static float rnd_float(void)
{
   switch (rnd() % 8) {
   case 0: { uint32_t u = rnd() << 16 | (rnd() & 0xFFFF); float f; memcpy(&f, &u, 4); return f; }
   case 1: { uint32_t u = rnd() & 0x807FFFFF; float f; memcpy(&f, &u, 4); return f; }  /* denormal */
   case 2: return (float)(rnd() % 3);
   default: return ((float)(rnd() % 20001) - 10000.0f) / 1000.0f;
   }
}

static void random_spi(struct sim_spi_state *spi, unsigned *ngprs)
{
   memset(spi, 0, sizeof(*spi));
   spi->num_interp = rnd() % 9;
   spi->max_gpr = spi->num_interp;
   for (unsigned i = 0; i < spi->num_interp; i++) {
      struct sim_spi_input *in = &spi->in[i];
      in->param = (int)(rnd() % 5) - 1;
      for (unsigned c = 0; c < 4; c++)
         in->def[c] = (float)(rnd() % 2);
      in->flat = rnd() % 4 == 0;
      in->linear = rnd() % 3 == 0;
   }
   spi->pos_ena = rnd() % 2;
   spi->provide_z = rnd() % 2;
   spi->pos_addr = rnd() % 10;
   if (spi->pos_ena && spi->pos_addr + 1 > spi->max_gpr)
      spi->max_gpr = spi->pos_addr + 1;
   spi->face_ena = rnd() % 2;
   spi->face_all_bits = rnd() % 2;
   spi->face_addr = rnd() % 10;
   spi->face_chan = rnd() % 4;
   if (spi->face_ena && spi->face_addr + 1 > spi->max_gpr)
      spi->max_gpr = spi->face_addr + 1;
   for (unsigned c = 0; c < 4; c++)
      spi->sprite_ovrd[c] = SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_NONE;
   unsigned ps_gprs = rnd() % 14;
   *ngprs = ps_gprs > spi->max_gpr ? ps_gprs : spi->max_gpr;
}

/* One key field of `spi` changed (the mutation a too-small key would miss). */
static void mutate(struct sim_spi_state *spi, unsigned *ngprs)
{
   unsigned i = spi->num_interp ? rnd() % spi->num_interp : 0;
   switch (rnd() % 7) {
   case 0: if (spi->num_interp) spi->in[i].linear = !spi->in[i].linear; break;
   case 1: if (spi->num_interp) spi->in[i].flat = !spi->in[i].flat; break;
   case 2: if (spi->num_interp) spi->in[i].param = (spi->in[i].param + 2) % 4; break;
   case 3: if (spi->num_interp) spi->in[i].def[rnd() % 4] += 0.5f; break;
   case 4: spi->provide_z = !spi->provide_z; break;
   case 5: spi->face_all_bits = !spi->face_all_bits; spi->face_chan = (spi->face_chan + 1) % 4; break;
   default: (*ngprs)++; break;
   }
}

static void random_prim(struct sim_prim *p, struct sim_vtx v[3], int32_t *bx, int32_t *by)
{
   memset(p, 0, sizeof(*p));
   /* tiny, ordinary, around the 2^50 edge value where the load leaves doubles for int64
    * (spi.c's test), and far beyond, where the edge products wrap modulo 2^64 */
   static const int64_t ranges[6] = { 8 * SIM_SUBPIX, 4000 * SIM_SUBPIX, 4000 * SIM_SUBPIX,
                                      4000 * SIM_SUBPIX, (int64_t)1 << 25, (int64_t)1 << 44 };
   int64_t range = ranges[rnd() % 6];
   for (unsigned k = 0; k < 3; k++) {
      p->x[k] = (int64_t)(rnd() % (2 * range)) - range / 2;
      p->y[k] = (int64_t)(rnd() % (2 * range)) - range / 2;
      p->z[k] = rnd_float();
      /* and 1/w that make p_k = q_k / sum q infinite or NaN in some lanes */
      static const float special_w[6] = { 0.0f, -1.0f, 1.0f, INFINITY, NAN, 1e-40f };
      p->inv_w[k] = rnd() % 8 == 0   ? rnd_float()
                    : rnd() % 8 == 0 ? special_w[rnd() % 6]
                                     : 1.0f / (1.0f + (float)(rnd() % 1000) / 10.0f);
      for (unsigned a = 0; a < SIM_MAX_PARAMS; a++)
         for (unsigned c = 0; c < 4; c++)
            v[k].param[a][c] = rnd_float();
      p->v[k] = &v[k];
   }
   /* attributes equal at the three vertices (the load's shortcut for constant components):
    * all of a primitive's or some, among them +0, -0, infinities and NaNs */
   unsigned all = rnd() % 3 == 0;
   for (unsigned a = 0; a < SIM_MAX_PARAMS; a++) {
      if (!all && rnd() % 4)
         continue;
      for (unsigned c = 0; c < 4; c++) {
         static const float special[4] = { 0.0f, -0.0f, INFINITY, NAN };
         float f = rnd() % 4 == 0 ? special[rnd() % 4] : v[0].param[a][c];
         v[0].param[a][c] = v[1].param[a][c] = v[2].param[a][c] = f;
      }
   }
   /* the twice-area wraps like the edge functions (unsigned: no signed overflow) */
   p->area2 = (int64_t)((uint64_t)(p->x[1] - p->x[0]) * (uint64_t)(p->y[2] - p->y[0]) -
                        (uint64_t)(p->y[1] - p->y[0]) * (uint64_t)(p->x[2] - p->x[0]));
   if (p->area2 == 0)
      p->area2 = 1;
   p->provoking = &v[rnd() % 3];
   p->front = rnd() % 2;
   *bx = (int32_t)(rnd() % 4096) * 4 - 8192;
   *by = (int32_t)(rnd() % 4096) * 4 - 8192;
}

static struct sim_lanes want, got;

/* The stand-in PS's decoded program and the GPR channels it reads first (bit c of g). */
static struct sim_cf prog_cf[1];
static struct sim_alu_group prog_group;
static struct sim_alu_inst prog_alu[4];
static uint8_t reads_first[SIM_MAX_GPRS];
static bool prog_moves_bits;   /* a jump: the PS's results cannot depend on the MXCSR */
static const struct hw_isa_op add_op = { .name = "ADD", .num_src = 2 };

/* One ALU group of up to four instructions with random GPR or constant operands (a group
 * reads every operand before it writes: the GPR operands are the first reads), or, one time
 * in four, a jump: every GPR channel counts as read first. `hash` tells the program apart. */
static void random_program(struct sim_program *prog, uint64_t hash)
{
   memset(prog_cf, 0, sizeof(prog_cf));
   memset(&prog_group, 0, sizeof(prog_group));
   memset(reads_first, 0, sizeof(reads_first));
   prog->cf = prog_cf;
   prog->groups = &prog_group;
   prog->alu = prog_alu;
   prog->ncf = 1;
   prog->hash = hash;
   prog_moves_bits = rnd() % 4 == 0;
   if (prog_moves_bits) {
      prog_cf[0].op = SIM_CF_JUMP;
      memset(reads_first, 0xF, sizeof(reads_first));
      return;
   }
   prog_cf[0] = (struct sim_cf){ .op = SIM_CF_ALU, .alu_kind = SIM_ALU_PLAIN, .count = 1, .eop = true };
   prog_group.count = (uint8_t)(1 + rnd() % 4);
   for (unsigned i = 0; i < prog_group.count; i++) {
      struct sim_alu_inst *a = &prog_alu[i];
      *a = (struct sim_alu_inst){ .op = HW_ISA_OP2_ADD, .info = &add_op, .unit = (uint8_t)i, .dst_gpr = (uint8_t)(rnd() % 14),
                                  .dst_chan = (uint8_t)i, .write = true };
      for (unsigned k = 0; k < 3; k++) {
         if (rnd() % 3 == 0) {
            a->src[k].kind = SIM_SRC_INLINE;
            continue;
         }
         unsigned g = rnd() % 14, c = rnd() % 4;
         a->src[k] = (struct sim_src){ .kind = SIM_SRC_GPR, .index = (uint16_t)g, .chan = (uint8_t)c };
         reads_first[g] |= (uint8_t)(1u << c);
      }
   }
}

/* The reference's zeroing before the load: the channels the program may read first. */
static void zero_want(unsigned ngprs)
{
   for (unsigned g = 0; g < ngprs; g++)
      for (unsigned c = 0; c < 4; c++)
         if (reads_first[g] >> c & 1)
            memset(want.gpr[g][c], 0, sizeof(want.gpr[g][c]));
}
static const struct sim_db_state no_db;
static const struct sim_cb_state no_cb;
static const struct sim_sc_msaa one_sample = { .n = 1 };

static struct sim_pixel_fused *get(const struct sim_program *prog, const struct sim_spi_state *spi,
                                   unsigned ngprs)
{
   struct sim_pixel_state st = { spi, &no_db, &no_cb, &one_sample, ngprs, false, false, false };
   return sim_pixel_fused_get(prog, &st);
}

/* Both loads of one block from the same register-file garbage; true when equal. */
static bool compare(struct sim_pixel_fused *f, const struct sim_spi_state *spi, unsigned ngprs,
                    const struct sim_prim *p, int32_t bx, int32_t by)
{
   static const struct sim_sc_msaa ms = { .n = 1 };
   static const uint8_t smask[16] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
   for (size_t i = 0; i < sizeof(want) / 4; i++)
      ((uint32_t *)&want)[i] = rnd();
   memcpy(&got, &want, sizeof(want));
   zero_want(ngprs);
   sim_spi_load(spi, p, bx, by, smask, &ms, &want);
   /* no DB, no CB: the pre stage is the input load (and the exports' reset) */
   static struct sim_exports out;
   struct sim_pixel_block blk = { p, &no_db, &no_cb, &ms, &got, &out, bx, by, 0xFFFF, { 0 } };
   memcpy(blk.smask, smask, sizeof(smask));
   sim_pixel_fused_pre(f, &blk);
   return !memcmp(&want, &got, sizeof(want));
}

/* The exports' reset of the pre stage with one colour target fed by PIXEL 0, blending (or
 * not) with factors `bc`, of number type `number` (SRGB: a format the CB emitter does not
 * take, so the code calls sim_cb_write, which reads PIXEL 1 for every written pixel): every
 * export the CB then reads - PIXEL 0, and PIXEL 1 when it is read - must be zero after it
 * whatever it held, as draw.c's reset leaves it. */
static bool exports_reset(struct sim_program *prog, bool blend, uint32_t bc, unsigned number,
                          bool reads_src1)
{
   struct sim_spi_state spi;
   memset(&spi, 0, sizeof(spi));
   static struct sim_cb_state cb;
   memset(&cb, 0, sizeof(cb));
   cb.num_targets = 1;
   cb.t[0].samples = 1;
   cb.t[0].fmt.number = number;
   cb.t[0].blend = blend;
   cb.t[0].blend_ctl = bc;
   struct sim_pixel_state st = { &spi, &no_db, &cb, &one_sample, 1, false, false, false };
   struct sim_pixel_fused *f = sim_pixel_fused_get(prog, &st);
   if (!check(f != NULL, "exports reset: no fused variant"))
      return false;
   static struct sim_prim p;
   static struct sim_exports out;
   memset(&out, 0xA5, sizeof(out));
   struct sim_pixel_block blk = { &p, &no_db, &cb, &one_sample, &got, &out, 0, 0, 0xFFFF, { 0 } };
   memset(blk.smask, 1, sizeof(blk.smask));
   sim_pixel_fused_pre(f, &blk);
   sim_pixel_fused_put(f);
   static const uint32_t zero[4][SIM_LANES];
   return !memcmp(out.pixel[0], zero, sizeof(zero)) &&
          (!reads_src1 || !memcmp(out.pixel[1], zero, sizeof(zero)));
}

static void check_exports_reset(struct sim_program *prog)
{
   static const struct {
      bool blend;
      uint32_t src, dst;
      unsigned number;
      bool reads_src1;
      const char *name;
   } cases[] = {
      { false, 0, 0, CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM, false, "no blend" },
      { true, CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC_ALPHA,
        CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_SRC_ALPHA,
        CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM, false, "over blend" },
      { true, CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE,
        CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_INV_SRC1_ALPHA,
        CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM, true, "dual-source destination factor" },
      { true, CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC1_COLOR,
        CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ZERO,
        CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM, true, "dual-source source factor" },
      { false, 0, 0, CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_SRGB, true, "the C unit's target" },
   };
   random_program(prog, 7);
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      uint32_t bc = CB_BLEND_CONTROL__COLOR_SRCBLEND(cases[i].src) |
                    CB_BLEND_CONTROL__COLOR_DESTBLEND(cases[i].dst);
      check(exports_reset(prog, cases[i].blend, bc, cases[i].number, cases[i].reads_src1),
            "exports reset, %s: an export the CB reads is not zeroed", cases[i].name);
   }
}

/* What the stand-in PS saw and does. */
static struct {
   struct sim_run seen;     /* the run's scalar fields at the call */
   uint32_t mxcsr;
   bool inputs_loaded;      /* its lanes held the load's result */
   uint16_t kill;           /* lanes it kills (of exec) */
   int ret;
   unsigned calls;
} ps;

static int stand_in_ps(void *arg)
{
   struct sim_run *x = arg;
   ps.calls++;
   ps.mxcsr = _mm_getcsr();
   memcpy(&ps.seen, x, offsetof(struct sim_run, stack));   /* the fields before the stack */
   ps.seen.call_sp = x->call_sp;
   ps.seen.call_base = x->call_base;
   ps.seen.call_depth = x->call_depth;
   ps.seen.backjumps = x->backjumps;
   ps.inputs_loaded = !memcmp(x->lanes, &want, sizeof(want));
   x->killed = ps.kill & x->exec;
   if (!ps.ret)
      snprintf(x->env->fault, sizeof(x->env->fault), "stand-in fault");
   x->env->faulted = !ps.ret;
   return ps.ret;
}

/* The quads with a covered lane, whole (the lanes a block's PS runs on). */
static uint16_t quads_of(uint16_t mask)
{
   uint16_t a = 0;
   for (unsigned q = 0; q < 4; q++)
      if (mask >> (4 * q) & 0xF)
         a |= (uint16_t)(0xFu << (4 * q));
   return a;
}

/* One block through sim_pixel_fused_block with the stand-in PS; true when everything it
 * must do was done. `first`: the primitive's first block (the run is prepared for it, as
 * draw.c does per primitive; p may lie where the previous primitive lay), else a further
 * block of the primitive of the previous call, whose constants the run keeps. */
static bool whole_block(struct sim_pixel_fused *f, struct sim_program *prog,
                        const struct sim_spi_state *spi, unsigned ngprs, const struct sim_prim *p,
                        int32_t bx, int32_t by, bool first)
{
   static const struct sim_sc_msaa ms = { .n = 1 };
   static struct sim_exports out;
   static struct sim_run run;
   static uint32_t regs[SIM_REG_SPACE_DWORDS];
   static struct sim_shader_env env;
   static const uint8_t smask[16] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
   for (size_t i = 0; i < sizeof(want) / 4; i++)
      ((uint32_t *)&want)[i] = rnd();
   memcpy(&got, &want, sizeof(want));
   zero_want(ngprs);
   sim_spi_load(spi, p, bx, by, smask, &ms, &want);
   bool ok = true;
   if (first) {
      /* what earlier blocks left, but the fused constants of this very address */
      const void *held = run.pixel_prim;
      memset(&run, 0xA5, sizeof(run));
      run.pixel_prim = held;
      env = (struct sim_shader_env){ .stage = SIM_STAGE_PS, .regs = regs };
      ok &= check(sim_program_run_prepare(&run, prog, &env, &got, &out) == stand_in_ps,
                  "run_prepare gives the program's native code");
   }
   uint16_t mask = (uint16_t)(rnd() | 1);
   ps.kill = (uint16_t)rnd();
   ps.ret = rnd() % 8 != 0;
   ps.calls = 0;
   out.killed = 0;
   uint32_t units = _mm_getcsr(), programs = units | 0x8040;   /* FTZ, DAZ */
   struct sim_pixel_block blk = { p, &no_db, &no_cb, &ms, &got, &out, bx, by, mask, { 0 },
                                  &run, stand_in_ps, units, programs, 0 };
   memcpy(blk.smask, smask, sizeof(smask));
   uint32_t r = sim_pixel_fused_block(f, &blk);
   uint16_t active = quads_of(mask), killed = ps.kill & active;
   ok &= check(_mm_getcsr() == units, "the thread's MXCSR afterwards");
   /* a float op under fp_programs, a jump under the thread's own MXCSR (sq/mxcsr_free.h) */
   uint32_t mode = prog_moves_bits ? units : programs;
   ok &= check(ps.calls == 1 && ps.mxcsr == mode, "the PS ran once, under %s",
               prog_moves_bits ? "the thread's MXCSR" : "fp_programs");
   ok &= check(ps.inputs_loaded, "the PS saw the loaded inputs");
   const struct sim_run *x = &ps.seen;
   ok &= check(x->exec == active && x->launched == active && x->mode_saved == active &&
               x->valid == mask, "the PS's lanes: exec %04x launched %04x saved %04x valid %04x "
               "for mask %04x", x->exec, x->launched, x->mode_saved, x->valid, mask);
   ok &= check(!x->pred && !x->brk && !x->cont && !x->rel_fault && !x->cfile_fault &&
               !x->loop_index && !x->sp && !x->stack_elements && !x->call_sp &&
               !x->call_base && !x->call_depth && !x->backjumps && !x->cfile && !x->in_fetch,
               "the run's other per-run fields start cleared");
   ok &= check(x->gprs_unread == 1, "gprs_unread: only the PS's exports are read after it");
   ok &= check(x->lanes == &got && x->out == &out && x->env == &env && x->prog == prog &&
               !x->fetch, "the run's registers, exports, environment and program");
   ok &= check(out.killed == killed, "the kills in out->killed");
   if (ps.ret)
      ok &= check(r == (SIM_PIXEL_PS_RAN | (uint32_t)(mask & ~killed)) && blk.mask == (r & 0xFFFF) &&
                  blk.valid == mask, "returned %x (mask %04x, killed %04x)", r, mask, killed);
   else
      ok &= check(r == SIM_PIXEL_PS_FAULT && env.faulted && !strcmp(env.fault, "stand-in fault"),
                  "a fault comes back as SIM_PIXEL_PS_FAULT (returned %x)", r);
   return ok;
}

int main(void)
{
   setenv("R600SIM_JIT_ASYNC", "0", 1);   /* each variant compiled at its first use */
   sim_jit_start();
   /* a JIT-cache program: the fused path serves draws whose PS runs on the JIT */
   struct sim_program prog;
   memset(&prog, 0, sizeof(prog));
   prog.engine = 1;
   prog.jit_fn = stand_in_ps;
   static struct sim_vtx v[3];
   unsigned bad = 0;
   for (unsigned n = 0; n < CASES && bad < 5; n++) {
      struct sim_spi_state spi;
      unsigned ngprs;
      random_spi(&spi, &ngprs);
      for (unsigned m = 0; m < 3; m++) {
         if (m == 1)
            mutate(&spi, &ngprs);
         random_program(&prog, 3 * n + m + 1);
         struct sim_pixel_fused *f = get(&prog, &spi, ngprs);
         if (!check(f != NULL, "case %u.%u: no fused variant", n, m)) {
            bad++;
            continue;
         }
         /* one address for every primitive, as the rasterizer's reused primitive slots:
          * the whole block must not take one primitive's constants for the next's */
         static struct sim_prim p;
         for (unsigned b = 0; b < 4; b++) {
            int32_t bx, by;
            random_prim(&p, v, &bx, &by);
            if (!check(compare(f, &spi, ngprs, &p, bx, by),
                       "case %u.%u block %u: fused load differs from sim_spi_load", n, m, b))
               bad++;
            /* the primitive's first block, then others near and far (another side of the
             * load's 2^50 limit perhaps) */
            for (unsigned o = 0; o < 3; o++) {
               int32_t ox = o == 0 ? 0 : o == 1 ? 4 * (int32_t)(rnd() % 5) - 8 : 4 * (int32_t)(rnd() % 8192) - 16384;
               int32_t oy = o == 0 ? 0 : o == 1 ? 4 * (int32_t)(rnd() % 5) - 8 : 4 * (int32_t)(rnd() % 8192) - 16384;
               if (!check(whole_block(f, &prog, &spi, ngprs, &p, bx + ox, by + oy, o == 0),
                          "case %u.%u block %u.%u: the whole block", n, m, b, o))
                  bad++;
            }
         }
         sim_pixel_fused_put(f);
      }
   }

   check_exports_reset(&prog);

   /* not taken: centroid inputs, centroid position, point-sprite inputs; nor without JIT */
   struct sim_spi_state spi;
   unsigned ngprs;
   do
      random_spi(&spi, &ngprs);
   while (spi.num_interp == 0);
   struct sim_spi_state s = spi;
   s.in[0].centroid = s.any_centroid = true;
   check(get(&prog, &s, ngprs) == NULL, "centroid input: no variant");
   s = spi;
   s.pos_ena = s.pos_centroid = true;
   check(get(&prog, &s, ngprs) == NULL, "centroid position: no variant");
   s = spi;
   s.in[0].sprite = true;
   check(get(&prog, &s, ngprs) == NULL, "sprite input: no variant");
   prog.engine = 0;
   check(get(&prog, &spi, ngprs) == NULL, "interpreter program: no variant");
   return check_report();
}
