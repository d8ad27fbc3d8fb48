/* R7xx double-precision ALU operations on both engines, with the register-pair
 * conventions of llvmpipe_backend/sq/alu_fp64.h (lower slot of a pair reads the operands'
 * high dwords, writes the result's low dword): ADD_64, MUL_64, MULADD_64 (+_M2, two
 * roundings), FLT32_TO_FLT64, FLT64_TO_FLT32, FRACT_64, LDEXP_64, FREXP_64, the
 * PRED_SET*_64 compares with their predicate, OMOD / CLAMP, NaN / Inf / denormal doubles,
 * and the decode faults (a missing partner slot; FP64 opcodes on R6xx). Expected doubles
 * are written out as bit patterns. */
#include <stdio.h>

#include "isa_harness.h"

#define OP64(n) R7_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_##n
#define OP64_3(n) (0x100u | R7_SQ_ALU_WORD1_OP3__ALU_INST__SQ_OP3_INST_##n)
#define LO(d) ((uint32_t)(d))
#define HI(d) ((uint32_t)((d) >> 32))

struct dvec { uint64_t a, b, c, want; };

/* R1 = (a.lo, a.hi, b.lo, b.hi), R2 = (c.lo, c.hi) per lane. */
static void load(const struct dvec *v, unsigned n)
{
   clear_lanes();
   for (unsigned l = 0; l < n; l++) {
      init_lanes.gpr[1][0][l] = LO(v[l].a);
      init_lanes.gpr[1][1][l] = HI(v[l].a);
      init_lanes.gpr[1][2][l] = LO(v[l].b);
      init_lanes.gpr[1][3][l] = HI(v[l].b);
      init_lanes.gpr[2][0][l] = LO(v[l].c);
      init_lanes.gpr[2][1][l] = HI(v[l].c);
   }
}

/* A pair op in x/y: x reads the high dwords, y the low ones; result lo -> R3.x, hi -> R3.y. */
static void run_pair(const char *name, unsigned op, const struct dvec *v, unsigned n, bool clamp, unsigned omod)
{
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ op, 3, 0, .s0 = gpr(1, 1), .s1 = gpr(1, 3), .clamp = clamp, .omod = omod }, false);
   alu(&p, (struct alu){ op, 3, 1, .s0 = gpr(1, 0), .s1 = gpr(1, 2) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   load(v, n);
   if (!run_both(name, upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }))
      return;
   for (unsigned l = 0; l < n; l++) {
      check_u32(R(3, 0, l), LO(v[l].want), "%s(0x%016llx, 0x%016llx) lo", name, (unsigned long long)v[l].a,
                (unsigned long long)v[l].b);
      check_u32(R(3, 1, l), HI(v[l].want), "%s(0x%016llx, 0x%016llx) hi", name, (unsigned long long)v[l].a,
                (unsigned long long)v[l].b);
   }
}

/* A quad op: x, y, z read the high dwords, w the low ones; results in R3.xyzw. */
static void run_quad(const char *name, unsigned op, const struct dvec *v, unsigned n, bool frexp)
{
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   for (unsigned u = 0; u < 4; u++) {
      unsigned c = u == 3 ? 0 : 1;
      alu(&p, (struct alu){ op, 3, u, .s0 = gpr(1, c), .s1 = gpr(1, 2 + c), .s2 = gpr(2, c) }, u == 3);
   }
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   load(v, n);
   if (!run_both(name, upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }))
      return;
   for (unsigned l = 0; l < n; l++) {
      if (frexp) {   /* want = mantissa, c = the exponent */
         check(R(3, 0, l) == (uint32_t)v[l].c && R(3, 1, l) == (uint32_t)v[l].c, "%s exponent of 0x%016llx: %d",
               name, (unsigned long long)v[l].a, (int)R(3, 0, l));
         check(R(3, 2, l) == LO(v[l].want) && R(3, 3, l) == HI(v[l].want), "%s mantissa of 0x%016llx", name,
               (unsigned long long)v[l].a);
      } else {
         check(R(3, 0, l) == LO(v[l].want) && R(3, 1, l) == HI(v[l].want) && R(3, 2, l) == LO(v[l].want) &&
               R(3, 3, l) == HI(v[l].want), "%s lane %u: got 0x%08x%08x, want 0x%016llx", name, l,
               R(3, 1, l), R(3, 0, l), (unsigned long long)v[l].want);
      }
   }
}

#define D_NAN 0x7FF8000000000000ull
#define D_INF 0x7FF0000000000000ull
#define D_NINF 0xFFF0000000000000ull
#define D_ONE 0x3FF0000000000000ull
#define D_TWO 0x4000000000000000ull

static void test_fp64_ops(void)
{
   static const struct dvec add[] = {
      { 0x3FF8000000000000, 0x4002000000000000, 0, 0x400E000000000000 },   /* 1.5 + 2.25 */
      { 0x3FB999999999999A, 0x3FC999999999999A, 0, 0x3FD3333333333334 },   /* 0.1 + 0.2 */
      { D_INF, D_NINF, 0, D_NAN }, { 0x7FF4000000000001, D_ONE, 0, D_NAN },
      { 0x0000000000000001, 0, 0, 0 },                                      /* denormal: flushed */
      { 0x8000000000000000, 0x8000000000000000, 0, 0x8000000000000000 },
   };
   run_pair("ADD_64", OP64(ADD_64), add, sizeof(add) / sizeof(add[0]), false, 0);
   static const struct dvec add_clamp[] = {
      { 0x3FF8000000000000, 0x4002000000000000, 0, D_ONE }, { D_INF, D_NINF, 0, D_NAN },
      { 0xBFF4000000000000, 0, 0, 0 }, { 0x3FB999999999999A, 0, 0, 0x3FB999999999999A },
   };
   run_pair("ADD_64 CLAMP", OP64(ADD_64), add_clamp, 4, true, 0);
   static const struct dvec add_m2[] = { { 0x3FF8000000000000, 0x4002000000000000, 0, 0x401E000000000000 } };
   run_pair("ADD_64 OMOD M2", OP64(ADD_64), add_m2, 1, false, R7_SQ_ALU_WORD1_OP2__OMOD__SQ_ALU_OMOD_M2);
   static const struct dvec fract[] = {
      { 0xBFF4000000000000, 0, 0, 0x3FE8000000000000 }, { 0x4028000000000000, 0, 0, 0 }, { D_INF, 0, 0, D_NAN },
   };
   run_pair("FRACT_64", OP64(FRACT_64), fract, 3, false, 0);
   static const struct dvec ldexp_[] = {   /* b's high dword is the exponent (src1 of slot x) */
      { 0x3FF8000000000000, (uint64_t)3 << 32, 0, 0x4028000000000000 },
      { 0x3FF8000000000000, (uint64_t)0xFFFFFFFF << 32, 0, 0x3FE8000000000000 },
      { D_ONE, (uint64_t)2000 << 32, 0, D_INF },
   };
   run_pair("LDEXP_64", OP64(LDEXP_64), ldexp_, 3, false, 0);

   static const struct dvec mul[] = {
      { 0x3FF8000000000000, 0x4002000000000000, 0, 0x400B000000000000 },   /* 3.375 */
      { 0, D_INF, 0, D_NAN }, { 0x7E37E43C8800759C, 0x7E37E43C8800759C, 0, D_INF },
   };
   run_quad("MUL_64", OP64(MUL_64), mul, 3, false);
   static const struct dvec muladd[] = {
      { 0x3FF8000000000000, 0x4002000000000000, D_ONE, 0x4011800000000000 },   /* 4.375 */
      { 0x3FF0000000400000, 0x3FF0000000400000, 0xBFF0000000800000, 0 },      /* two roundings */
   };
   run_quad("MULADD_64", OP64_3(MULADD_64), muladd, 2, false);
   static const struct dvec muladd_m2[] = { { 0x3FF8000000000000, 0x4002000000000000, D_ONE, 0x4021800000000000 } };
   run_quad("MULADD_64_M2", OP64_3(MULADD_64_M2), muladd_m2, 1, false);
   static const struct dvec muladd_m4[] = { { 0x3FF8000000000000, 0x4002000000000000, D_ONE, 0x4031800000000000 } };
   run_quad("MULADD_64_M4", OP64_3(MULADD_64_M4), muladd_m4, 1, false);
   static const struct dvec muladd_d2[] = { { 0x3FF8000000000000, 0x4002000000000000, D_ONE, 0x4001800000000000 } };
   run_quad("MULADD_64_D2", OP64_3(MULADD_64_D2), muladd_d2, 1, false);
   static const struct dvec frexp_[] = {   /* c: the exponent */
      { 0x4028000000000000, 0, 4, 0x3FE8000000000000 }, { 0xBFF4000000000000, 0, 1, 0xBFE4000000000000 },
      { 0, 0, 0, 0 }, { D_INF, 0, 0, D_INF },
   };
   run_quad("FREXP_64", OP64(FREXP_64), frexp_, 4, true);
}

/* FLT32_TO_FLT64 (the float in slot x's src0) and FLT64_TO_FLT32 (the float to x, 0 to y). */
static void test_fp64_convert(void)
{
   static const uint32_t f[6] = { 0x3FC00000, 0x00000001, 0x7FA00000, 0xFF800000, 0x80000000, 0x3DCCCCCD };
   static const uint64_t d[6] = { 0x3FF8000000000000, 0, D_NAN, D_NINF, 0x8000000000000000, 0x3FB99999A0000000 };
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP64(FLT32_TO_FLT64), 3, 0, .s0 = gpr(1, 0) }, false);
   alu(&p, (struct alu){ OP64(FLT32_TO_FLT64), 3, 1, .s0 = gpr(1, 1) }, false);
   alu(&p, (struct alu){ OP64(FLT64_TO_FLT32), 3, 2, .s0 = gpr(2, 1) }, false);
   alu(&p, (struct alu){ OP64(FLT64_TO_FLT32), 3, 3, .s0 = gpr(2, 0) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   static const uint64_t in64[6] = { 0x400921FB54442D18, 0x7E37E43C8800759C, 0x3FF0000000000001, D_NAN,
                                     0x3690000000000000, 0xC002000000000000 };
   static const uint32_t out32[6] = { 0x40490FDB, 0x7F800000, 0x3F800000, 0x7FC00000, 0, 0xC0100000 };
   clear_lanes();
   for (unsigned l = 0; l < 6; l++) {
      init_lanes.gpr[1][0][l] = f[l];
      init_lanes.gpr[1][1][l] = 0xDEADBEEF;   /* ignored */
      init_lanes.gpr[2][0][l] = LO(in64[l]);
      init_lanes.gpr[2][1][l] = HI(in64[l]);
   }
   if (!run_both("FLT32_TO_FLT64 / FLT64_TO_FLT32", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }))
      return;
   for (unsigned l = 0; l < 6; l++) {
      check(R(3, 0, l) == LO(d[l]) && R(3, 1, l) == HI(d[l]), "FLT32_TO_FLT64(0x%08x) = 0x%08x%08x", f[l],
            R(3, 1, l), R(3, 0, l));
      check_u32(R(3, 2, l), out32[l], "FLT64_TO_FLT32(0x%016llx)", (unsigned long long)in64[l]);
      check_u32(R(3, 3, l), 0, "FLT64_TO_FLT32 writes 0 to the upper slot");
   }
}

/* PRED_SETGT/E/GE_64: the pair's compare sets the predicate through slot x's UPDATE_PRED. */
static void test_fp64_pred(void)
{
   static const unsigned ops[3] = { OP64(PRED_SETGT_64), OP64(PRED_SETE_64), OP64(PRED_SETGE_64) };
   static const char *const names[3] = { "PRED_SETGT_64", "PRED_SETE_64", "PRED_SETGE_64" };
   static const struct dvec v[5] = {
      { D_TWO, D_ONE }, { D_ONE, D_ONE }, { D_ONE, D_TWO }, { D_NAN, D_NAN }, { 0x8000000000000000, 0 },
   };
   static const bool pass[3][5] = { { 1, 0, 0, 0, 0 }, { 0, 1, 0, 0, 1 }, { 1, 1, 0, 0, 1 } };
   for (unsigned k = 0; k < 3; k++) {
      struct prog p;
      prog_init(&p);
      alu_begin(&p);
      alu(&p, (struct alu){ ops[k], 3, 0, .s0 = gpr(1, 1), .s1 = gpr(1, 3), .upd_pred = true }, false);
      alu(&p, (struct alu){ ops[k], 3, 1, .s0 = gpr(1, 0), .s1 = gpr(1, 2) }, true);
      alu(&p, (struct alu){ OP2(MOV), 4, 0, .s0 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)),
                            .pred_sel = ENU(SQ_ALU_WORD0, PRED_SEL, SQ_PRED_SEL_ONE) }, true);
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
      cf(&p, CFI(NOP), 0, 0, true);
      load(v, 5);
      if (!run_both(names[k], upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }))
         continue;
      for (unsigned l = 0; l < 5; l++) {
         uint32_t val = pass[k][l] ? 0 : 0x3F800000u;
         check(R(3, 0, l) == val && R(3, 1, l) == val, "%s lane %u value", names[k], l);
         check_u32(R(4, 0, l), pass[k][l] ? 0x3F800000u : 0, "%s lane %u predicate", names[k], l);
      }
   }
}

static void test_fp64_faults(void)
{
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   clause_dw(&p, FLD(SQ_ALU_WORD0, LAST, 1) | FLD(SQ_ALU_WORD0, SRC0_SEL, 1),
             FLD(SQ_ALU_WORD1, DST_GPR, 3) | FLD(SQ_ALU_WORD1_OP2, WRITE_MASK, 1) |
                FLD(SQ_ALU_WORD1_OP2, ALU_INST, 23));   /* ADD_64 alone in x (R7xx), reserved on R6xx */
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("ADD_64 without its pair", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS },
                R7 ? "does not fill units x and y" : "reserved");
}

int main(void)
{
   machine_init();
   static const enum hw_chip chips[2] = { HW_CHIP_R7XX, HW_CHIP_R6XX };
   for (unsigned k = 0; k < 2; k++) {
      chip = chips[k];
      machine_reset_regs();
      if (R7) {
         test_fp64_ops();
         test_fp64_convert();
         test_fp64_pred();
      }
      test_fp64_faults();
   }
   return check_report();
}
