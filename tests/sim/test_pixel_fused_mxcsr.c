/* The fused pixel path without MXCSR writes (jit/jit_pixel.c, sq/mxcsr_free.h).
 *
 * The analysis, on programs assembled here and decoded by the simulator: one ALU operation
 * of each class between two flat inputs and a colour export must be taken exactly when its
 * semantics (sq/alu_ops.h, written out here per op) touch no float arithmetic, conversion
 * or compare; OMOD and CLAMP, TEX and VTX clauses decline; control flow and exports do not.
 *
 * The whole block against the C path (sim_spi_load, the PS by sim_program_run_modes under
 * FTZ/DAZ on the interpreter and on the JIT), exports bit for bit, with denormal, signed-zero
 * and NaN inputs: a PS that only moves bits (taken: its block runs without MXCSR writes) must
 * export the input bits themselves, and a PS that adds (declined) must export them flushed,
 * as the reference does. A float op taken by mistake runs the JIT's add under the thread's
 * MXCSR and keeps the denormals: the second comparison fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "geometry/prim.h"
#include "isa_harness.h"
#include "jit/jit.h"
#include "pixel/cb.h"
#include "pixel/db.h"
#include "pixel/spi.h"
#include "r600_regs.h"
#include "shader/shader_exec.h"
#include "sq/mxcsr_free.h"
#include "sq/run_state.h"

#include <xmmintrin.h>

/* ---- programs ------------------------------------------------------------------------------ */

/* R2.x = op(R0.x, R1.x[, R0.y]) with OMOD omod and CLAMP clamp (no write for the ops that
 * write no GPR; in the four vector slots for a reduction), R3.x = R0.x, then PIXEL 0 = R2. */
static uint64_t alu_prog(unsigned op, unsigned omod, bool clamp)
{
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   bool op3 = op & 0x100u, nowrite = op == OP2(MOVA_INT) || op == OP2(MOVA_FLOOR) ||
                                     op == OP2(KILLGT) || op == OP2(KILLGT_INT);
   unsigned slots = op == OP2(DOT4) ? 4 : 1;
   for (unsigned c = 0; c < slots; c++)
      alu(&p, (struct alu){ .op = op, .dst = 2, .chan = c, .nowrite = nowrite, .s0 = gpr(0, c),
                            .s1 = gpr(1, c), .s2 = gpr(0, 1), .omod = op3 ? 0 : omod,
                            .clamp = clamp },
          c == slots - 1);
   /* a MOVA* may not end its clause */
   alu(&p, (struct alu){ .op = OP2(MOV), .dst = 3, .chan = 0, .s0 = gpr(0, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf_export_pixel(&p, 2);
   return upload_prog(&p);
}

static struct sim_program *decode(uint64_t va, enum sim_engine engine)
{
   struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
   struct sim_program *p = sim_program_get_engine(&env, va, engine);
   if (!p)
      fprintf(stderr, "decode: %s\n", env.fault);
   return p;
}

/* The analysis of the program at va (a program that does not decode counts as a failed check). */
static bool free_of(uint64_t va)
{
   struct sim_program *p = decode(va, SIM_ENGINE_INTERP);
   return check(p != NULL, "the program decodes") && sim_program_mxcsr_free(p);
}

static void analysis_alu(void)
{
   static const struct {
      const char *name;
      unsigned op;
      bool free;
   } ops[] = {
      /* bit moves and integer operations */
      { "MOV", 0, true }, { "NOP", 0, true }, { "AND_INT", 0, true }, { "XOR_INT", 0, true },
      { "NOT_INT", 0, true }, { "ADD_INT", 0, true }, { "SUB_INT", 0, true },
      { "MAX_INT", 0, true }, { "MIN_UINT", 0, true }, { "SETGT_INT", 0, true },
      { "SETGE_UINT", 0, true }, { "LSHL_INT", 0, true }, { "ASHR_INT", 0, true },
      { "MULLO_INT", 0, true }, { "MULHI_UINT", 0, true }, { "RECIP_UINT", 0, true },
      { "RECIP_INT", 0, true }, { "CNDE_INT", 0, true }, { "CNDGE_INT", 0, true },
      { "KILLGT_INT", 0, true }, { "PRED_SETE_INT", 0, true },
      { "PRED_SETGT_PUSH_INT", 0, true }, { "MOVA_INT", 0, true },
      /* float arithmetic, compares (DAZ), selections on float compares, conversions,
       * roundings, transcendentals, reductions, float kills and predicates */
      { "ADD", 0, false }, { "MUL", 0, false }, { "MULADD", 0, false }, { "MAX", 0, false },
      { "MIN_DX10", 0, false }, { "SETGT", 0, false }, { "SETE_DX10", 0, false },
      { "CNDE", 0, false }, { "CNDGT", 0, false }, { "FLT_TO_INT", 0, false },
      { "INT_TO_FLT", 0, false }, { "UINT_TO_FLT", 0, false }, { "FLOOR", 0, false },
      { "FRACT", 0, false }, { "MOVA_FLOOR", 0, false }, { "RECIP_IEEE", 0, false },
      { "SQRT_IEEE", 0, false }, { "DOT4", 0, false }, { "KILLGT", 0, false },
      { "PRED_SETE", 0, false }, { "PRED_SET_INV", 0, false }, { "PRED_SET_POP", 0, false },
      { "PRED_SETE_PUSH", 0, false },
   };
   unsigned codes[] = {
      OP2(MOV), OP2(NOP), OP2(AND_INT), OP2(XOR_INT), OP2(NOT_INT), OP2(ADD_INT), OP2(SUB_INT),
      OP2(MAX_INT), OP2(MIN_UINT), OP2(SETGT_INT), OP2(SETGE_UINT), OP2(LSHL_INT),
      OP2(ASHR_INT), OP2(MULLO_INT), OP2(MULHI_UINT), OP2(RECIP_UINT), OP2(RECIP_INT),
      OP3(CNDE_INT), OP3(CNDGE_INT), OP2(KILLGT_INT), OP2(PRED_SETE_INT),
      OP2(PRED_SETGT_PUSH_INT), OP2(MOVA_INT),
      OP2(ADD), OP2(MUL), OP3(MULADD), OP2(MAX), OP2(MIN_DX10), OP2(SETGT), OP2(SETE_DX10),
      OP3(CNDE), OP3(CNDGT), OP2(FLT_TO_INT), OP2(INT_TO_FLT), OP2(UINT_TO_FLT), OP2(FLOOR),
      OP2(FRACT), OP2(MOVA_FLOOR), OP2(RECIP_IEEE), OP2(SQRT_IEEE), OP2(DOT4), OP2(KILLGT),
      OP2(PRED_SETE), OP2(PRED_SET_INV), OP2(PRED_SET_POP), OP2(PRED_SETE_PUSH),
   };
   _Static_assert(sizeof(codes) / sizeof(codes[0]) == sizeof(ops) / sizeof(ops[0]), "one code per op");
   for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
      check(free_of(alu_prog(codes[i], 0, false)) == ops[i].free, "%s: %s", ops[i].name,
            ops[i].free ? "only bit moves and integers: taken" : "float work: declined");
   /* OMOD multiplies, CLAMP compares in float: a MOV or an integer op with either is declined */
   check(!free_of(alu_prog(OP2(MOV), 1, false)), "MOV with OMOD: declined");
   check(!free_of(alu_prog(OP2(MOV), 0, true)), "MOV with CLAMP: declined");
   check(!free_of(alu_prog(OP2(AND_INT), 0, true)), "AND_INT with CLAMP: declined");
}

/* Control flow around a MOV clause (PUSH, JUMP, ELSE, POP), a loop, an export alone; a TEX
 * or VTX clause; and a float op in a later clause than a first clean one. */
static void analysis_cf(void)
{
   struct prog p;
   prog_init(&p);
   cf_export_pixel(&p, 0);
   check(free_of(upload_prog(&p)), "an export alone: taken");

   prog_init(&p);
   cf(&p, CFI(PUSH), 4, 0, false);                                               /* 0 */
   cf(&p, CFI(JUMP), 3, 0, false);                                               /* 1 */
   alu_begin(&p);
   alu(&p, (struct alu){ .op = OP2(MOV), .dst = 2, .chan = 0, .s0 = gpr(0, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                                  /* 2 */
   cf(&p, CFI(ELSE), 4, 0, false);                                               /* 3 */
   cf(&p, CFI(POP), 5, 1, false);                                                /* 4 */
   cf_export_pixel(&p, 2);                                                       /* 5 */
   check(free_of(upload_prog(&p)), "PUSH, JUMP, ELSE, POP around a MOV: taken");

   prog_init(&p);
   cf(&p, CFI(LOOP_START_DX10), 3, 0, false);                                    /* 0 */
   alu_begin(&p);
   alu(&p, (struct alu){ .op = OP2(ADD_INT), .dst = 2, .chan = 0, .s0 = gpr(0, 0), .s1 = gpr(2, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });                                  /* 1 */
   cf(&p, CFI(LOOP_END), 1, 0, false);                                           /* 2 */
   cf_export_pixel(&p, 2);                                                       /* 3 */
   check(free_of(upload_prog(&p)), "a loop of ADD_INT: taken");

   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ .op = OP2(MOV), .dst = 2, .chan = 0, .s0 = gpr(0, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   alu_begin(&p);
   alu(&p, (struct alu){ .op = OP2(MOV), .dst = 2, .chan = 1, .s0 = gpr(0, 0) }, false);
   alu(&p, (struct alu){ .op = OP2(MUL_IEEE), .dst = 2, .chan = 2, .s0 = gpr(0, 0), .s1 = gpr(0, 1) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf_export_pixel(&p, 2);
   check(!free_of(upload_prog(&p)), "MUL_IEEE in the second instruction of a second clause: declined");

   prog_init(&p);
   unsigned at = p.qw;
   tex(&p, (struct texi){ TEXI(SAMPLE), 0, 0, 0, 2, SXYZW });
   cf_fetch(&p, CFI(TEX), at, 1);
   cf_export_pixel(&p, 2);
   check(!free_of(upload_prog(&p)), "a TEX clause: declined");

   prog_init(&p);
   at = p.qw;
   vtx(&p, (struct vfetch){ .src_gpr = 0, .dst_gpr = 2, .sel = XYZW });
   cf_fetch(&p, CFI(VTX), at, 1);
   cf_export_pixel(&p, 2);
   check(!free_of(upload_prog(&p)), "a VTX clause: declined");
}

/* ---- the whole block against the C path ------------------------------------------------------ */

/* The inputs' bits: denormals of both signs, zeros, a NaN payload, normal values. */
static const uint32_t in_bits[2][4] = {
   { 0x00000001u, 0x807FFFFFu, 0x00400000u, 0x3F800000u },
   { 0x80000000u, 0x7FA00001u, 0x80000003u, 0x00000000u },
};

static const struct sim_db_state no_db;
static const struct sim_cb_state no_cb;
static const struct sim_sc_msaa one_sample = { .n = 1 };

/* Two flat inputs (R0 from parameter 0, R1 from parameter 1) from the provoking vertex. */
static void flat_state(struct sim_spi_state *spi, struct sim_prim *prim, struct sim_vtx v[3])
{
   memset(spi, 0, sizeof(*spi));
   spi->num_interp = 2;
   spi->max_gpr = 2;
   for (unsigned i = 0; i < 2; i++) {
      spi->in[i].param = (int)i;
      spi->in[i].flat = true;
   }
   for (unsigned c = 0; c < 4; c++)
      spi->sprite_ovrd[c] = SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_NONE;
   memset(prim, 0, sizeof(*prim));
   memset(v, 0, 3 * sizeof(v[0]));
   static const int64_t xy[3][2] = { { 0, 0 }, { 64 * SIM_SUBPIX, 0 }, { 0, 64 * SIM_SUBPIX } };
   for (unsigned k = 0; k < 3; k++) {
      prim->x[k] = xy[k][0];
      prim->y[k] = xy[k][1];
      prim->inv_w[k] = 1.0f;
      prim->v[k] = &v[k];
   }
   prim->area2 = (int64_t)64 * SIM_SUBPIX * 64 * SIM_SUBPIX;
   memcpy(v[1].param[0], in_bits[0], 16);
   memcpy(v[1].param[1], in_bits[1], 16);
   prim->provoking = &v[1];
}

static struct sim_lanes lanes_fused, lanes_ref;
static struct sim_exports out_fused, out_ref;

/* PIXEL 0 of the C path: the zeroed GPRs, sim_spi_load, the PS under FTZ/DAZ. */
static bool reference(struct sim_program *ps, const struct sim_spi_state *spi,
                      const struct sim_prim *prim, uint16_t mask)
{
   struct sim_shader_env env = { .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
   static const uint8_t smask[16] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
   memset(&lanes_ref, 0, sizeof(lanes_ref));
   memset(&out_ref, 0, sizeof(out_ref));
   sim_spi_load(spi, prim, 0, 0, smask, &one_sample, &lanes_ref);
   struct sim_fp_modes m;
   sim_fp_modes_get(&m);
   return sim_program_run_modes(ps, NULL, &env, &lanes_ref, 0xFFFF, mask, &out_ref, &m);
}

/* PIXEL 0 of the whole fused block, from GPRs holding garbage. */
static bool fused(struct sim_program *ps, const struct sim_spi_state *spi,
                  const struct sim_prim *prim, uint16_t mask)
{
   static struct sim_shader_env env;
   static struct sim_run run;
   env = (struct sim_shader_env){ .chip = chip, .stage = SIM_STAGE_PS, .mem = mem, .regs = regs };
   memset(&lanes_fused, 0xA5, sizeof(lanes_fused));
   memset(&out_fused, 0x5A, sizeof(out_fused));
   struct sim_pixel_state st = { spi, &no_db, &no_cb, &one_sample, 4, false, false, true };
   struct sim_pixel_fused *f = sim_pixel_fused_get(ps, &st);
   if (!check(f != NULL, "a fused variant"))
      return false;
   sim_native_fn fn = sim_program_run_prepare(&run, ps, &env, &lanes_fused, &out_fused);
   if (!check(fn != NULL, "the PS has native code")) {
      sim_pixel_fused_put(f);
      return false;
   }
   struct sim_fp_modes m;
   sim_fp_modes_get(&m);
   struct sim_pixel_block b = { prim, &no_db, &no_cb, &one_sample, &lanes_fused, &out_fused, 0, 0,
                                mask, { 0 }, &run, fn, m.units, m.programs, 0 };
   memset(b.smask, 1, sizeof(b.smask));
   uint32_t r = sim_pixel_fused_block(f, &b);
   sim_pixel_fused_put(f);
   check(_mm_getcsr() == m.units, "the thread's MXCSR afterwards");
   return check(r == (SIM_PIXEL_PS_RAN | mask), "the block ran (returned %x)", r);
}

/* PIXEL 0 of the covered lanes: `want` (per channel, the same in every lane) in the fused
 * block, the interpreter's and the JIT's reference runs. */
static void compare(const char *name, uint64_t va, const uint32_t want[4])
{
   struct sim_program *ps[2] = { decode(va, SIM_ENGINE_INTERP), decode(va, SIM_ENGINE_JIT) };
   if (!check(ps[0] && ps[1], "%s: decoded", name))
      return;
   struct sim_spi_state spi;
   struct sim_prim prim;
   static struct sim_vtx v[3];
   flat_state(&spi, &prim, v);
   uint16_t mask = 0x0F3F;
   if (!fused(ps[1], &spi, &prim, mask))
      return;
   for (unsigned e = 0; e < 2; e++) {
      if (!check(reference(ps[e], &spi, &prim, mask), "%s: the reference ran", name))
         continue;
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            if (mask >> l & 1)
               check(out_ref.pixel[0][c][l] == want[c] && out_fused.pixel[0][c][l] == want[c],
                     "%s, %s reference: PIXEL 0.%c lane %u: fused %08x, reference %08x, want %08x",
                     name, e ? "JIT" : "interpreter", "xyzw"[c], l, out_fused.pixel[0][c][l],
                     out_ref.pixel[0][c][l], want[c]);
   }
}

/* fp32 under FTZ/DAZ: a denormal becomes a zero of its sign. */
static uint32_t flushed(uint32_t u)
{
   return (u & 0x7F800000u) ? u : u & 0x80000000u;
}

static void whole_blocks(void)
{
   /* bit moves: R2 = (R0.x, -R0.y, |R1.y|, R1.z XOR 0) */
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ .op = OP2(MOV), .dst = 2, .chan = 0, .s0 = gpr(0, 0) }, false);
   alu(&p, (struct alu){ .op = OP2(MOV), .dst = 2, .chan = 1, .s0 = neg(gpr(0, 1)) }, false);
   alu(&p, (struct alu){ .op = OP2(MOV), .dst = 2, .chan = 2, .s0 = absv(gpr(1, 1)) }, false);
   alu(&p, (struct alu){ .op = OP2(XOR_INT), .dst = 2, .chan = 3, .s0 = gpr(1, 2),
                         .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0)) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf_export_pixel(&p, 2);
   uint64_t moves = upload_prog(&p);
   check(free_of(moves), "MOV, NEG, ABS, XOR_INT: taken");
   const uint32_t want_moves[4] = { in_bits[0][0], in_bits[0][1] ^ 0x80000000u,
                                    in_bits[1][1] & 0x7FFFFFFFu, in_bits[1][2] };
   compare("bit moves", moves, want_moves);

   /* R2 = R0 + (+0): the adds flush the denormal inputs and keep the others */
   prog_init(&p);
   alu_begin(&p);
   for (unsigned c = 0; c < 4; c++)
      alu(&p, (struct alu){ .op = OP2(ADD), .dst = 2, .chan = c, .s0 = gpr(0, c),
                            .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0)) }, c == 3);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf_export_pixel(&p, 2);
   uint64_t adds = upload_prog(&p);
   check(!free_of(adds), "ADD: declined");
   /* 0x00400000 + 0 flushes to +0, 0x807FFFFF to -0 + +0 = +0 */
   uint32_t want_adds[4];
   for (unsigned c = 0; c < 4; c++)
      want_adds[c] = flushed(in_bits[0][c]) == 0x80000000u ? 0 : flushed(in_bits[0][c]);
   compare("adds", adds, want_adds);

   /* an export of the inputs alone */
   prog_init(&p);
   cf_export_pixel(&p, 1);
   compare("export alone", upload_prog(&p), in_bits[1]);
}

static void tests(void)
{
   analysis_alu();
   analysis_cf();
   whole_blocks();
}

int main(void)
{
   setenv("R600SIM_JIT_ASYNC", "0", 1);   /* each variant compiled at its first use */
   sim_jit_start();
   return run_on_both_chips(tests);
}
