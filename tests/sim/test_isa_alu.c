/* Per-opcode ALU tests on both chips and both engines: every 32-bit ALU operation of the
 * R6xx/R7xx tables with hand-computed expectations (bit patterns written out here, never
 * taken from the simulator's semantics code), including NaN, ±Inf, ±0, denormals and
 * integer extremes; legacy vs IEEE multiply and DX10 vs legacy compares; the predicate
 * and kill families with their predicate / exec / kill effects; transcendental
 * precision; each any-slot op also in the trans unit. The documented choices these
 * values follow are in llvmpipe_backend/sq/alu_ops.h, alu_pred.h and alu_transc.c. */
#include <stdio.h>

#include "isa_harness.h"

#define P0 0x00000000u
#define N0 0x80000000u
#define ONE 0x3F800000u
#define MONE 0xBF800000u
#define HALF 0x3F000000u
#define TWO 0x40000000u
#define THREE 0x40400000u
#define INF 0x7F800000u
#define NINF 0xFF800000u
#define QNAN 0x7FC00000u        /* the canonical NaN of computed results */
#define NANP 0x7FA00000u        /* a NaN with a payload, as an input */
#define NANQ 0x7FB00000u
#define DEN 0x00000001u         /* the smallest denormal */
#define NDEN 0x807FFFFFu        /* the largest negative denormal */
#define FMAX 0x7F7FFFFFu
#define NFMAX 0xFF7FFFFFu
#define FMIN 0x00800000u
#define TRUE 0xFFFFFFFFu
#define B1 0x11111111u          /* distinct raw operands for the selection ops */
#define B2 0x22222222u

struct vec { uint32_t a, b, c, want; };
#define V(a, b, c, w) { a, b, c, w }

/* Runs `op` once per vector, one lane each: R1.x/y/z = a/b/c, result in R2.x; with
 * `in_trans` an any-slot op is pushed into the trans unit by a MOV that takes unit x. */
static void run_vectors(const char *name, unsigned op, const struct vec *v, unsigned n, bool in_trans)
{
   for (unsigned first = 0; first < n; first += SIM_LANES) {
      unsigned count = n - first < SIM_LANES ? n - first : SIM_LANES;
      struct prog p;
      prog_init(&p);
      clear_lanes();
      for (unsigned l = 0; l < count; l++) {
         init_lanes.gpr[1][0][l] = v[first + l].a;
         init_lanes.gpr[1][1][l] = v[first + l].b;
         init_lanes.gpr[1][2][l] = v[first + l].c;
         init_lanes.gpr[2][0][l] = 0xCDCDCDCDu;
      }
      alu_begin(&p);
      if (in_trans)
         alu(&p, (struct alu){ OP2(MOV), 3, 0, .s0 = gpr(1, 0) }, false);
      alu(&p, (struct alu){ op, 2, 0, .s0 = gpr(1, 0), .s1 = gpr(1, 1), .s2 = gpr(1, 2) }, true);
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
      cf(&p, CFI(NOP), 0, 0, true);
      char label[96];
      snprintf(label, sizeof(label), "%s%s", name, in_trans ? " (trans unit)" : "");
      if (!run_both(label, upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }))
         continue;
      for (unsigned l = 0; l < count; l++) {
         const struct vec *t = &v[first + l];
         check_u32(R(2, 0, l), t->want, "%s(0x%08x, 0x%08x, 0x%08x)", label, t->a, t->b, t->c);
      }
   }
}

/* An any-slot op: in its vector slot and in the trans unit. */
#define ANY(name, vecs) do { \
      run_vectors(#name, OP2(name), vecs, sizeof(vecs) / sizeof(vecs[0]), false); \
      run_vectors(#name, OP2(name), vecs, sizeof(vecs) / sizeof(vecs[0]), true); \
   } while (0)
#define ANY3(name, vecs) do { \
      run_vectors(#name, OP3(name), vecs, sizeof(vecs) / sizeof(vecs[0]), false); \
      run_vectors(#name, OP3(name), vecs, sizeof(vecs) / sizeof(vecs[0]), true); \
   } while (0)
#define TRANS(name, vecs) run_vectors(#name, OP2(name), vecs, sizeof(vecs) / sizeof(vecs[0]), false)

/* ---- float arithmetic ----------------------------------------------------------------------- */

static void test_float_arith(void)
{
   static const struct vec add[] = {
      V(0x3FC00000, 0x40100000, 0, 0x40700000),   /* 1.5 + 2.25 = 3.75 */
      V(P0, N0, 0, P0), V(N0, N0, 0, N0), V(INF, NINF, 0, QNAN), V(NANP, ONE, 0, QNAN),
      V(DEN, P0, 0, P0),                          /* denormal in: flushed */
      V(NDEN, N0, 0, N0), V(FMAX, FMAX, 0, INF),
      V(ONE, 0x33800000, 0, ONE),                 /* 1 + 2^-24: a tie, to even */
      V(FMIN, 0x80800001, 0, N0),                 /* -2^-149 out: flushed, sign kept */
   };
   static const struct vec mul[] = {                /* legacy: 0 * anything = +0 */
      V(P0, INF, 0, P0), V(P0, NANP, 0, P0), V(N0, 0x40A00000, 0, P0), V(INF, P0, 0, P0),
      V(TWO, THREE, 0, 0x40C00000), V(INF, TWO, 0, INF), V(INF, NINF, 0, NINF),
      V(NANP, ONE, 0, QNAN), V(DEN, INF, 0, P0), V(0x60AD78EC, 0x60AD78EC, 0, INF),
      V(0xC0000000, HALF, 0, MONE),
   };
   static const struct vec mul_ieee[] = {
      V(P0, INF, 0, QNAN), V(N0, 0x40A00000, 0, N0), V(TWO, THREE, 0, 0x40C00000),
      V(0xC0000000, P0, 0, N0), V(FMIN, HALF, 0, P0), V(NANP, P0, 0, QNAN), V(INF, 0xC0000000, 0, NINF),
      V(DEN, INF, 0, QNAN),                       /* the flushed denormal is a zero */
   };
   /* 1 + 2^-12 squared rounds to 1 + 2^-11 before the add: two roundings give +0 */
   static const struct vec muladd[] = {
      V(P0, INF, ONE, ONE), V(TWO, THREE, 0x40800000, 0x41200000),
      V(0x3F800800, 0x3F800800, 0xBF801000, P0), V(NANP, ONE, ONE, QNAN), V(N0, 0x40E00000, N0, P0),
   };
   static const struct vec muladd_ieee[] = {
      V(P0, INF, ONE, QNAN), V(TWO, THREE, 0x40800000, 0x41200000),
      V(0x3F800800, 0x3F800800, 0xBF801000, P0), V(N0, 0x40E00000, N0, N0),
   };
   static const struct vec muladd_m2[] = { V(TWO, THREE, 0x40800000, 0x41A00000) };
   static const struct vec muladd_m4[] = { V(TWO, THREE, 0x40800000, 0x42200000) };
   static const struct vec muladd_d2[] = { V(TWO, THREE, 0x40800000, 0x40A00000) };
   static const struct vec muladd_ieee_m2[] = { V(P0, INF, ONE, QNAN), V(ONE, ONE, ONE, 0x40800000) };
   static const struct vec muladd_ieee_m4[] = { V(ONE, ONE, ONE, 0x41000000) };
   static const struct vec muladd_ieee_d2[] = { V(ONE, ONE, ONE, ONE) };
   ANY(ADD, add);
   ANY(MUL, mul);
   ANY(MUL_IEEE, mul_ieee);
   ANY3(MULADD, muladd);
   ANY3(MULADD_IEEE, muladd_ieee);
   ANY3(MULADD_M2, muladd_m2);
   ANY3(MULADD_M4, muladd_m4);
   ANY3(MULADD_D2, muladd_d2);
   ANY3(MULADD_IEEE_M2, muladd_ieee_m2);
   ANY3(MULADD_IEEE_M4, muladd_ieee_m4);
   ANY3(MULADD_IEEE_D2, muladd_ieee_d2);

   /* MUL_LIT: src2 > 0 ? src0 * src1 (legacy) : -FLT_MAX; trans-only, its _M2/_M4/_D2 forms
    * any slot */
   static const struct vec mul_lit[] = {
      V(TWO, THREE, ONE, 0x40C00000), V(TWO, THREE, P0, NFMAX), V(TWO, THREE, MONE, NFMAX),
      V(P0, INF, ONE, P0), V(TWO, THREE, NANP, NFMAX), V(NANP, ONE, ONE, QNAN),
   };
   static const struct vec mul_lit_m2[] = { V(TWO, THREE, ONE, 0x41400000), V(TWO, THREE, P0, NINF) };
   static const struct vec mul_lit_m4[] = { V(TWO, THREE, ONE, 0x41C00000) };
   static const struct vec mul_lit_d2[] = { V(TWO, THREE, ONE, THREE) };
   run_vectors("MUL_LIT", OP3(MUL_LIT), mul_lit, sizeof(mul_lit) / sizeof(mul_lit[0]), false);
   ANY3(MUL_LIT_M2, mul_lit_m2);
   ANY3(MUL_LIT_M4, mul_lit_m4);
   ANY3(MUL_LIT_D2, mul_lit_d2);
}

static void test_minmax_compare(void)
{
   static const struct vec max[] = {
      V(ONE, TWO, 0, TWO), V(NANP, TWO, 0, TWO), V(TWO, NANP, 0, NANP), V(N0, P0, 0, N0),
      V(P0, N0, 0, P0), V(NINF, FMIN, 0, FMIN),
   };
   static const struct vec min[] = {
      V(ONE, TWO, 0, ONE), V(NANP, TWO, 0, TWO), V(TWO, NANP, 0, NANP), V(N0, P0, 0, P0),
      V(P0, N0, 0, N0),
   };
   static const struct vec max_dx10[] = {
      V(NANP, TWO, 0, TWO), V(TWO, NANP, 0, TWO), V(NANP, NANQ, 0, NANQ), V(NINF, THREE, 0, THREE),
      V(ONE, TWO, 0, TWO),
   };
   static const struct vec min_dx10[] = {
      V(NANP, TWO, 0, TWO), V(TWO, NANP, 0, TWO), V(NINF, THREE, 0, NINF), V(ONE, TWO, 0, ONE),
   };
   ANY(MAX, max);
   ANY(MIN, min);
   ANY(MAX_DX10, max_dx10);
   ANY(MIN_DX10, min_dx10);

   static const struct vec sete[] = {
      V(ONE, ONE, 0, ONE), V(NANP, NANP, 0, P0), V(N0, P0, 0, ONE), V(DEN, P0, 0, ONE), V(ONE, TWO, 0, P0),
   };
   static const struct vec setgt[] = { V(TWO, ONE, 0, ONE), V(ONE, ONE, 0, P0), V(NANP, ONE, 0, P0), V(INF, FMAX, 0, ONE) };
   static const struct vec setge[] = { V(ONE, ONE, 0, ONE), V(NANP, NANP, 0, P0), V(P0, ONE, 0, P0), V(N0, P0, 0, ONE) };
   static const struct vec setne[] = { V(ONE, ONE, 0, P0), V(NANP, NANP, 0, ONE), V(ONE, TWO, 0, ONE), V(N0, P0, 0, P0) };
   static const struct vec sete_dx10[] = { V(ONE, ONE, 0, TRUE), V(NANP, NANP, 0, P0), V(N0, P0, 0, TRUE), V(ONE, TWO, 0, P0) };
   static const struct vec setgt_dx10[] = { V(TWO, ONE, 0, TRUE), V(ONE, ONE, 0, P0), V(NANP, ONE, 0, P0), V(INF, FMAX, 0, TRUE) };
   static const struct vec setge_dx10[] = { V(ONE, ONE, 0, TRUE), V(NANP, NANP, 0, P0), V(P0, ONE, 0, P0) };
   static const struct vec setne_dx10[] = { V(ONE, ONE, 0, P0), V(NANP, NANP, 0, TRUE), V(ONE, TWO, 0, TRUE) };
   ANY(SETE, sete);
   ANY(SETGT, setgt);
   ANY(SETGE, setge);
   ANY(SETNE, setne);
   ANY(SETE_DX10, sete_dx10);
   ANY(SETGT_DX10, setgt_dx10);
   ANY(SETGE_DX10, setge_dx10);
   ANY(SETNE_DX10, setne_dx10);

   /* CND*: the selected operand's bits (a NaN payload survives) */
   static const struct vec cnde[] = {
      V(P0, NANP, B2, NANP), V(N0, B1, B2, B1), V(NANP, B1, B2, B2), V(ONE, B1, B2, B2), V(DEN, B1, B2, B1),
   };
   static const struct vec cndgt[] = { V(ONE, B1, B2, B1), V(P0, B1, B2, B2), V(NANP, B1, B2, B2), V(NINF, B1, B2, B2) };
   static const struct vec cndge[] = { V(P0, B1, B2, B1), V(N0, B1, B2, B1), V(NANP, B1, B2, B2), V(MONE, B1, B2, B2) };
   static const struct vec cnde_int[] = { V(0, B1, B2, B1), V(N0, B1, B2, B2), V(1, B1, B2, B2) };
   static const struct vec cndgt_int[] = { V(1, B1, B2, B1), V(0, B1, B2, B2), V(N0, B1, B2, B2), V(0x7FFFFFFF, B1, B2, B1) };
   static const struct vec cndge_int[] = { V(0, B1, B2, B1), V(TRUE, B1, B2, B2), V(0x7FFFFFFF, B1, B2, B1) };
   ANY3(CNDE, cnde);
   ANY3(CNDGT, cndgt);
   ANY3(CNDGE, cndge);
   ANY3(CNDE_INT, cnde_int);
   ANY3(CNDGT_INT, cndgt_int);
   ANY3(CNDGE_INT, cndge_int);
}

static void test_rounding_moves(void)
{
   static const struct vec fract[] = {
      V(0x3FA00000, 0, 0, 0x3E800000), V(0xBFA00000, 0, 0, 0x3F400000), V(N0, 0, 0, P0),
      V(INF, 0, 0, QNAN), V(NANP, 0, 0, QNAN), V(0x8DA24260, 0, 0, ONE),   /* -1e-30 -> 1.0 */
      V(0x402CCCCD, 0, 0, 0x3F333334), V(DEN, 0, 0, P0),
   };
   static const struct vec trunc[] = {
      V(0xBFC00000, 0, 0, MONE), V(0x40200000, 0, 0, TWO), V(0xBF000000, 0, 0, N0), V(INF, 0, 0, INF),
      V(NANP, 0, 0, QNAN), V(DEN, 0, 0, P0), V(NDEN, 0, 0, N0),
   };
   static const struct vec ceil[] = { V(0xBF000000, 0, 0, N0), V(0x3F8CCCCD, 0, 0, TWO), V(0xBFC00000, 0, 0, MONE) };
   static const struct vec rndne[] = {
      V(0x40200000, 0, 0, TWO), V(0x40600000, 0, 0, 0x40800000), V(0xC0200000, 0, 0, 0xC0000000),
      V(HALF, 0, 0, P0), V(0xBF000000, 0, 0, N0), V(0x3FC00000, 0, 0, TWO),
   };
   static const struct vec floor[] = { V(0xBF000000, 0, 0, MONE), V(0x402CCCCD, 0, 0, TWO), V(N0, 0, 0, N0), V(NINF, 0, 0, NINF) };
   static const struct vec mov[] = { V(NANP, 0, 0, NANP), V(DEN, 0, 0, DEN), V(0xDEADBEEF, 0, 0, 0xDEADBEEF) };
   ANY(FRACT, fract);
   ANY(TRUNC, trunc);
   ANY(CEIL, ceil);
   ANY(RNDNE, rndne);
   ANY(FLOOR, floor);
   ANY(MOV, mov);
}

/* ---- integers ---------------------------------------------------------------------------- */

static void test_integer(void)
{
   static const struct vec and_[] = { V(0xF0F0F0F0, 0x3C3C3C3C, 0, 0x30303030) };
   static const struct vec or_[] = { V(0xF0F0F0F0, 0x3C3C3C3C, 0, 0xFCFCFCFC) };
   static const struct vec xor_[] = { V(0xF0F0F0F0, 0x3C3C3C3C, 0, 0xCCCCCCCC) };
   static const struct vec not_[] = { V(0xF0F0F0F0, 0, 0, 0x0F0F0F0F), V(0, 0, 0, TRUE) };
   static const struct vec add_int[] = { V(0x7FFFFFFF, 1, 0, 0x80000000), V(TRUE, 1, 0, 0), V(5, 7, 0, 12) };
   static const struct vec sub_int[] = { V(0, 0x80000000, 0, 0x80000000), V(5, 7, 0, 0xFFFFFFFE), V(0, 1, 0, TRUE) };
   static const struct vec max_int[] = { V(0x80000000, 0x7FFFFFFF, 0, 0x7FFFFFFF), V(TRUE, 1, 0, 1) };
   static const struct vec min_int[] = { V(0x80000000, 0, 0, 0x80000000), V(TRUE, 1, 0, TRUE) };
   static const struct vec max_uint[] = { V(TRUE, 1, 0, TRUE), V(0x80000000, 0x7FFFFFFF, 0, 0x80000000) };
   static const struct vec min_uint[] = { V(TRUE, 1, 0, 1), V(0, TRUE, 0, 0) };
   static const struct vec sete_int[] = { V(0x80000000, 0, 0, 0), V(5, 5, 0, TRUE) };
   static const struct vec setgt_int[] = { V(TRUE, 0, 0, 0), V(1, 0, 0, TRUE), V(0x7FFFFFFF, 0x80000000, 0, TRUE) };
   static const struct vec setge_int[] = { V(5, 5, 0, TRUE), V(0x80000000, 0x7FFFFFFF, 0, 0) };
   static const struct vec setne_int[] = { V(1, 2, 0, TRUE), V(3, 3, 0, 0) };
   static const struct vec setgt_uint[] = { V(TRUE, 0, 0, TRUE), V(0, 0, 0, 0) };
   static const struct vec setge_uint[] = { V(0, TRUE, 0, 0), V(7, 7, 0, TRUE) };
   ANY(AND_INT, and_);
   ANY(OR_INT, or_);
   ANY(XOR_INT, xor_);
   ANY(NOT_INT, not_);
   ANY(ADD_INT, add_int);
   ANY(SUB_INT, sub_int);
   ANY(MAX_INT, max_int);
   ANY(MIN_INT, min_int);
   ANY(MAX_UINT, max_uint);
   ANY(MIN_UINT, min_uint);
   ANY(SETE_INT, sete_int);
   ANY(SETGT_INT, setgt_int);
   ANY(SETGE_INT, setge_int);
   ANY(SETNE_INT, setne_int);
   ANY(SETGT_UINT, setgt_uint);
   ANY(SETGE_UINT, setge_uint);

   /* shift counts use the low 5 bits (count 32 shifts by 0) */
   static const struct vec lshl[] = {
      V(1, 31, 0, 0x80000000), V(0xABCD, 32, 0, 0xABCD), V(1, 33, 0, 2), V(3, TRUE, 0, 0x80000000),
   };
   static const struct vec lshr[] = { V(0x80000000, 31, 0, 1), V(0x80000000, 32, 0, 0x80000000), V(0xF0, 4, 0, 0xF) };
   static const struct vec ashr[] = {
      V(0x80000000, 31, 0, TRUE), V(0x80000000, 4, 0, 0xF8000000), V(0x40, 6, 0, 1), V(0xFFFFFFF0, 36, 0, TRUE),
   };
   if (R7) {   /* any slot on R7xx, trans-only on R6xx (docs/r600-hardware-notes.md §4.1) */
      ANY(LSHL_INT, lshl);
      ANY(LSHR_INT, lshr);
      ANY(ASHR_INT, ashr);
   } else {
      TRANS(LSHL_INT, lshl);
      TRANS(LSHR_INT, lshr);
      TRANS(ASHR_INT, ashr);
   }

   static const struct vec mullo[] = { V(TRUE, TRUE, 0, 1), V(0x10000, 0x10000, 0, 0), V(7, 0xFFFFFFFD, 0, 0xFFFFFFEB) };
   static const struct vec mulhi_int[] = {
      V(TRUE, TRUE, 0, 0), V(0x80000000, 0x80000000, 0, 0x40000000), V(0x7FFFFFFF, 2, 0, 0),
      V(0xFFFFFFFE, 0x7FFFFFFF, 0, TRUE),
   };
   static const struct vec mulhi_uint[] = { V(TRUE, TRUE, 0, 0xFFFFFFFE), V(0x10000, 0x10000, 0, 1), V(0x80000000, 2, 0, 1) };
   static const struct vec recip_uint[] = {
      V(0, 0, 0, TRUE), V(1, 0, 0, TRUE), V(2, 0, 0, 0x80000000), V(3, 0, 0, 0x55555555),
      V(TRUE, 0, 0, 1), V(0x80000001, 0, 0, 1),
   };
   static const struct vec recip_int[] = {
      V(0, 0, 0, 0x7FFFFFFF), V(1, 0, 0, 0x7FFFFFFF), V(TRUE, 0, 0, 0x80000000), V(2, 0, 0, 0x7FFFFFFF),
      V(3, 0, 0, 0x55555555), V(0xFFFFFFFD, 0, 0, 0xAAAAAAAB), V(0x80000000, 0, 0, 0xFFFFFFFE),
   };
   TRANS(MULLO_INT, mullo);
   TRANS(MULLO_UINT, mullo);
   TRANS(MULHI_INT, mulhi_int);
   TRANS(MULHI_UINT, mulhi_uint);
   TRANS(RECIP_UINT, recip_uint);
   TRANS(RECIP_INT, recip_int);

   static const struct vec flt_to_int[] = {
      V(0x3FF33333, 0, 0, 1), V(0xBFF33333, 0, 0, TRUE), V(0x4F000000, 0, 0, 0x7FFFFFFF),
      V(0xCF000000, 0, 0, 0x80000000), V(NANP, 0, 0, 0), V(INF, 0, 0, 0x7FFFFFFF), V(NINF, 0, 0, 0x80000000),
      V(N0, 0, 0, 0), V(0x4EFFFFFF, 0, 0, 0x7FFFFF80),
   };
   static const struct vec flt_to_uint[] = {
      V(MONE, 0, 0, 0), V(0x4F800000, 0, 0, TRUE), V(0x4F7FFFFF, 0, 0, 0xFFFFFF00), V(NANP, 0, 0, 0),
      V(0x3FC00000, 0, 0, 1), V(INF, 0, 0, TRUE),
   };
   static const struct vec int_to_flt[] = {
      V(0x7FFFFFFF, 0, 0, 0x4F000000), V(TRUE, 0, 0, MONE), V(16777217, 0, 0, 0x4B800000),
      V(0x80000000, 0, 0, 0xCF000000), V(0, 0, 0, P0),
   };
   static const struct vec uint_to_flt[] = {
      V(TRUE, 0, 0, 0x4F800000), V(16777219, 0, 0, 0x4B800002), V(0x80000000, 0, 0, 0x4F000000), V(0, 0, 0, P0),
   };
   TRANS(FLT_TO_INT, flt_to_int);
   TRANS(FLT_TO_UINT, flt_to_uint);
   TRANS(INT_TO_FLT, int_to_flt);
   TRANS(UINT_TO_FLT, uint_to_flt);
}

/* ---- transcendentals (alu_transc.c: one rounding of the double-precision value) ---------- */

static void test_transcendental(void)
{
   static const struct vec recip_ieee[] = {
      V(TWO, 0, 0, HALF), V(P0, 0, 0, INF), V(N0, 0, 0, NINF), V(INF, 0, 0, P0), V(NINF, 0, 0, N0),
      V(NANP, 0, 0, QNAN), V(DEN, 0, 0, INF), V(FMAX, 0, 0, P0), V(THREE, 0, 0, 0x3EAAAAAB),
      V(FMIN, 0, 0, 0x7E800000),
   };
   static const struct vec recip_clamped[] = { V(P0, 0, 0, FMAX), V(N0, 0, 0, NFMAX), V(TWO, 0, 0, HALF), V(INF, 0, 0, P0) };
   static const struct vec recip_ff[] = { V(P0, 0, 0, P0), V(N0, 0, 0, N0), V(INF, 0, 0, P0), V(TWO, 0, 0, HALF) };
   static const struct vec rsq_ieee[] = {
      V(0x40800000, 0, 0, HALF), V(P0, 0, 0, INF), V(N0, 0, 0, NINF), V(MONE, 0, 0, QNAN), V(INF, 0, 0, P0),
      V(TWO, 0, 0, 0x3F3504F3), V(NANP, 0, 0, QNAN), V(THREE, 0, 0, 0x3F13CD3A), V(0x3DCCCCCD, 0, 0, 0x404A62C2),
      V(FMAX, 0, 0, 0x1F800000), V(FMIN, 0, 0, 0x5F000000), V(DEN, 0, 0, INF),
   };
   static const struct vec rsq_clamped[] = { V(P0, 0, 0, FMAX), V(N0, 0, 0, NFMAX), V(0x40800000, 0, 0, HALF) };
   static const struct vec rsq_ff[] = { V(P0, 0, 0, P0), V(N0, 0, 0, N0), V(0x40800000, 0, 0, HALF) };
   static const struct vec sqrt_ieee[] = {
      V(0x40800000, 0, 0, TWO), V(TWO, 0, 0, 0x3FB504F3), V(N0, 0, 0, N0), V(MONE, 0, 0, QNAN),
      V(INF, 0, 0, INF), V(DEN, 0, 0, P0), V(FMAX, 0, 0, 0x5F7FFFFF), V(FMIN, 0, 0, 0x20000000),
   };
   static const struct vec exp_ieee[] = {
      V(THREE, 0, 0, 0x41000000), V(MONE, 0, 0, HALF), V(HALF, 0, 0, 0x3FB504F3), V(NINF, 0, 0, P0),
      V(INF, 0, 0, INF), V(0x43000000, 0, 0, INF), V(0xC3160000, 0, 0, P0), V(NANP, 0, 0, QNAN),
      V(P0, 0, 0, ONE), V(0x3DCCCCCD, 0, 0, 0x3F892FDF), V(0xC2FC0000, 0, 0, FMIN),
      V(0x42FFFAE1, 0, 0, 0x7F7E3B37), V(DEN, 0, 0, ONE),
   };
   static const struct vec log_ieee[] = {
      V(0x41000000, 0, 0, THREE), V(P0, 0, 0, NINF), V(N0, 0, 0, NINF), V(MONE, 0, 0, QNAN),
      V(INF, 0, 0, INF), V(TWO, 0, 0, ONE), V(HALF, 0, 0, MONE), V(DEN, 0, 0, NINF),
      V(THREE, 0, 0, 0x3FCAE00D), V(0x3DCCCCCD, 0, 0, 0xC0549A78), V(FMIN, 0, 0, 0xC2FC0000),
      V(FMAX, 0, 0, 0x43000000),
   };
   static const struct vec log_clamped[] = { V(P0, 0, 0, NFMAX), V(0x41000000, 0, 0, THREE), V(INF, 0, 0, INF) };
   TRANS(RECIP_IEEE, recip_ieee);
   TRANS(RECIP_CLAMPED, recip_clamped);
   TRANS(RECIP_FF, recip_ff);
   TRANS(RECIPSQRT_IEEE, rsq_ieee);
   TRANS(RECIPSQRT_CLAMPED, rsq_clamped);
   TRANS(RECIPSQRT_FF, rsq_ff);
   TRANS(SQRT_IEEE, sqrt_ieee);
   TRANS(EXP_IEEE, exp_ieee);
   TRANS(LOG_IEEE, log_ieee);
   TRANS(LOG_CLAMPED, log_clamped);

   if (R7) {   /* revolutions: quarter turns are exact */
      static const struct vec sin_[] = {
         V(0x3E800000, 0, 0, ONE), V(HALF, 0, 0, P0), V(0xBE800000, 0, 0, MONE), V(0x3E000000, 0, 0, 0x3F3504F3),
         V(0x3FA00000, 0, 0, ONE), V(INF, 0, 0, QNAN), V(N0, 0, 0, N0), V(0x501502F9, 0, 0, P0),
         V(0x3DCCCCCD, 0, 0, 0x3F167918), V(0x3E99999A, 0, 0, 0x3F737870), V(0xBF333333, 0, 0, 0x3F737870),
      };
      static const struct vec cos_[] = {
         V(P0, 0, 0, ONE), V(0x3E800000, 0, 0, P0), V(HALF, 0, 0, MONE), V(NANP, 0, 0, QNAN),
         V(0x3DCCCCCD, 0, 0, 0x3F4F1BBD), V(0x3E99999A, 0, 0, 0xBE9E377C),
      };
      TRANS(SIN, sin_);
      TRANS(COS, cos_);
   } else {    /* radians */
      static const struct vec sin_[] = {
         V(P0, 0, 0, P0), V(N0, 0, 0, N0), V(0x3FC90FDB, 0, 0, ONE), V(0x40490FDB, 0, 0, 0xB3BBBD2E),
         V(ONE, 0, 0, 0x3F576AA4), V(INF, 0, 0, QNAN),
      };
      static const struct vec cos_[] = { V(P0, 0, 0, ONE), V(ONE, 0, 0, 0x3F0A5140), V(NINF, 0, 0, QNAN) };
      TRANS(SIN, sin_);
      TRANS(COS, cos_);
   }
}

/* ---- PRED_SET* and KILL* ------------------------------------------------------------------ */

struct pvec { uint32_t a, b, value; bool pass; };

/* Each lane runs `op` with UPDATE_PRED (value written to R2.x), then MOVs under PRED_SEL ONE
 * / ZERO show the predicate; a second program checks UPDATE_EXECUTE_MASK (a later clause
 * writes only the lanes that passed), a third KILL (the killed lanes). */
static void run_pred(const char *name, unsigned op, const struct pvec *v, unsigned n, bool kill)
{
   for (unsigned variant = 0; variant < 2; variant++) {
      struct prog p;
      prog_init(&p);
      clear_lanes();
      for (unsigned l = 0; l < n; l++) {
         init_lanes.gpr[1][0][l] = v[l].a;
         init_lanes.gpr[1][1][l] = v[l].b;
      }
      alu_begin(&p);
      alu(&p, (struct alu){ op, 2, 0, .s0 = gpr(1, 0), .s1 = gpr(1, 1), .upd_pred = !kill && variant == 0,
                            .upd_exec = !kill && variant == 1 }, true);
      if (variant == 0 && !kill) {
         alu(&p, (struct alu){ OP2(MOV), 3, 0, .s0 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)),
                               .pred_sel = ENU(SQ_ALU_WORD0, PRED_SEL, SQ_PRED_SEL_ONE) }, false);
         alu(&p, (struct alu){ OP2(MOV), 3, 1, .s0 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)),
                               .pred_sel = ENU(SQ_ALU_WORD0, PRED_SEL, SQ_PRED_SEL_ZERO) }, true);
      }
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
      alu_begin(&p);
      alu(&p, (struct alu){ OP2(MOV), 4, 0, .s0 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)) }, true);
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
      cf(&p, CFI(NOP), 0, 0, true);
      char label[96];
      snprintf(label, sizeof(label), "%s (%s)", name, kill ? "kill" : variant ? "exec" : "pred");
      if (!run_both(label, upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS, .active = (uint16_t)((1u << n) - 1) }))
         continue;
      for (unsigned l = 0; l < n; l++) {
         check_u32(R(2, 0, l), v[l].value, "%s value(0x%08x, 0x%08x)", label, v[l].a, v[l].b);
         bool later = R(4, 0, l) == ONE;
         if (kill) {
            check((res_interp.out.killed >> l & 1) == v[l].pass && later == !v[l].pass,
                  "%s(0x%08x, 0x%08x): killed %d", label, v[l].a, v[l].b, v[l].pass);
         } else if (variant == 0) {
            check(R(3, 0, l) == (v[l].pass ? ONE : 0) && R(3, 1, l) == (v[l].pass ? 0 : ONE) && later,
                  "%s(0x%08x, 0x%08x): predicate %d", label, v[l].a, v[l].b, v[l].pass);
         } else {
            check(later == v[l].pass, "%s(0x%08x, 0x%08x): lane stays active %d", label, v[l].a, v[l].b,
                  v[l].pass);
         }
      }
      if (kill)
         break;
   }
}

#define PRED(name, vecs) run_pred(#name, OP2(name), vecs, sizeof(vecs) / sizeof(vecs[0]), false)
#define KILLT(name, vecs) run_pred(#name, OP2(name), vecs, sizeof(vecs) / sizeof(vecs[0]), true)

static void test_pred_kill(void)
{
   static const struct pvec sete[] = { { ONE, ONE, 0, true }, { ONE, TWO, ONE, false }, { NANP, NANP, ONE, false }, { N0, P0, 0, true } };
   static const struct pvec setgt[] = { { TWO, ONE, 0, true }, { ONE, TWO, ONE, false }, { NANP, ONE, ONE, false } };
   static const struct pvec setge[] = { { ONE, ONE, 0, true }, { NANP, ONE, ONE, false } };
   static const struct pvec setne[] = { { NANP, NANP, 0, true }, { ONE, ONE, ONE, false } };
   static const struct pvec sete_int[] = { { N0, 0, ONE, false }, { 5, 5, 0, true } };
   static const struct pvec setgt_int[] = { { TRUE, 0, ONE, false }, { 1, 0, 0, true } };
   static const struct pvec setge_int[] = { { 0, 0, 0, true }, { 0x80000000, 0x7FFFFFFF, ONE, false } };
   static const struct pvec setne_int[] = { { 1, 2, 0, true }, { 2, 2, ONE, false } };
   static const struct pvec setgt_uint[] = { { TRUE, 0, 0, true }, { 0, 0, ONE, false } };
   static const struct pvec setge_uint[] = { { 0, TRUE, ONE, false }, { 7, 7, 0, true } };
   static const struct pvec inv[] = { { ONE, 0, 0, true }, { P0, 0, ONE, false }, { TWO, 0, TWO, false }, { THREE, 0, THREE, false } };
   static const struct pvec pop[] = {
      { THREE, TWO, ONE, false }, { TWO, THREE, 0, true }, { TWO, TWO, 0, true }, { NANP, ONE, QNAN, false },
   };
   static const struct pvec clr[] = { { ONE, ONE, FMAX, false }, { P0, P0, FMAX, false } };
   static const struct pvec restore[] = { { P0, 0, 0, true }, { N0, 0, 0, true }, { TWO, 0, TWO, false } };
   static const struct pvec sete_push[] = { { P0, P0, 0, true }, { P0, ONE, ONE, false }, { TWO, P0, THREE, false } };
   static const struct pvec setgt_push[] = { { P0, ONE, 0, true }, { P0, P0, ONE, false }, { ONE, ONE, TWO, false } };
   static const struct pvec setge_push[] = { { P0, P0, 0, true }, { P0, MONE, ONE, false } };
   static const struct pvec setne_push[] = { { P0, ONE, 0, true }, { P0, P0, ONE, false } };
   static const struct pvec sete_push_int[] = { { 0, 0, 0, true }, { 0, 5, 1, false }, { 3, 0, 4, false } };
   static const struct pvec setgt_push_int[] = { { 0, 1, 0, true }, { 0, TRUE, 1, false } };
   static const struct pvec setge_push_int[] = { { 0, 0, 0, true }, { 0, 0x80000000, 1, false } };
   static const struct pvec setne_push_int[] = { { 0, 7, 0, true }, { 0, 0, 1, false } };
   static const struct pvec setlt_push_int[] = { { 0, TRUE, 0, true }, { 0, 0, 1, false }, { TRUE, TRUE, 0, false } };
   static const struct pvec setle_push_int[] = { { 0, 0, 0, true }, { 0, 1, 1, false } };
   PRED(PRED_SETE, sete);
   PRED(PRED_SETGT, setgt);
   PRED(PRED_SETGE, setge);
   PRED(PRED_SETNE, setne);
   PRED(PRED_SETE_INT, sete_int);
   PRED(PRED_SETGT_INT, setgt_int);
   PRED(PRED_SETGE_INT, setge_int);
   PRED(PRED_SETNE_INT, setne_int);
   PRED(PRED_SETGT_UINT, setgt_uint);
   PRED(PRED_SETGE_UINT, setge_uint);
   PRED(PRED_SET_INV, inv);
   PRED(PRED_SET_POP, pop);
   PRED(PRED_SET_CLR, clr);
   PRED(PRED_SET_RESTORE, restore);
   PRED(PRED_SETE_PUSH, sete_push);
   PRED(PRED_SETGT_PUSH, setgt_push);
   PRED(PRED_SETGE_PUSH, setge_push);
   PRED(PRED_SETNE_PUSH, setne_push);
   PRED(PRED_SETE_PUSH_INT, sete_push_int);
   PRED(PRED_SETGT_PUSH_INT, setgt_push_int);
   PRED(PRED_SETGE_PUSH_INT, setge_push_int);
   PRED(PRED_SETNE_PUSH_INT, setne_push_int);
   PRED(PRED_SETLT_PUSH_INT, setlt_push_int);
   PRED(PRED_SETLE_PUSH_INT, setle_push_int);

   static const struct pvec kille[] = { { ONE, ONE, ONE, true }, { ONE, TWO, 0, false } };
   static const struct pvec killgt[] = { { TWO, ONE, ONE, true }, { ONE, ONE, 0, false } };
   static const struct pvec killge[] = { { NANP, NANP, 0, false }, { ONE, ONE, ONE, true } };
   static const struct pvec killne[] = { { NANP, NANP, ONE, true }, { ONE, ONE, 0, false } };
   static const struct pvec kille_int[] = { { N0, 0, 0, false }, { 9, 9, ONE, true } };
   static const struct pvec killgt_int[] = { { TRUE, 0, 0, false }, { 1, 0, ONE, true } };
   static const struct pvec killge_int[] = { { 0x80000000, 0, 0, false }, { 0, 0, ONE, true } };
   static const struct pvec killne_int[] = { { 1, 2, ONE, true }, { 2, 2, 0, false } };
   static const struct pvec killgt_uint[] = { { TRUE, 0, ONE, true }, { 0, 0, 0, false } };
   static const struct pvec killge_uint[] = { { 0, TRUE, 0, false }, { TRUE, TRUE, ONE, true } };
   KILLT(KILLE, kille);
   KILLT(KILLGT, killgt);
   KILLT(KILLGE, killge);
   KILLT(KILLNE, killne);
   KILLT(KILLE_INT, kille_int);
   KILLT(KILLGT_INT, killgt_int);
   KILLT(KILLGE_INT, killge_int);
   KILLT(KILLNE_INT, killne_int);
   KILLT(KILLGT_UINT, killgt_uint);
   KILLT(KILLGE_UINT, killge_uint);
}

/* ---- NOP, reductions -------------------------------------------------------------------- */

static void test_nop_reductions(void)
{
   struct prog p;
   prog_init(&p);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[5][0][l] = 0xCAFEu;
      init_lanes.gpr[1][0][l] = 0x60AD78EC;   /* 1e20 */
      init_lanes.gpr[1][1][l] = 0xE0AD78EC;   /* -1e20 */
      init_lanes.gpr[1][2][l] = ONE;
      init_lanes.gpr[1][3][l] = ONE;
      init_lanes.gpr[2][0][l] = P0;
      init_lanes.gpr[2][1][l] = ONE;
      init_lanes.gpr[2][2][l] = TWO;
      init_lanes.gpr[2][3][l] = THREE;
      init_lanes.gpr[3][0][l] = INF;
      init_lanes.gpr[3][1][l] = NANP;
   }
   alu_begin(&p);
   /* G1: NOP writes nothing (WRITE_MASK set) and forwards 0 */
   alu(&p, (struct alu){ OP2(NOP), 5, 0 }, true);
   /* G2: PV.x of the NOP */
   alu(&p, (struct alu){ OP2(MOV), 6, 0, .s0 = pv(0) }, true);
   /* G3: DOT4 summation order ((x + y) + z) + w with 1e20, -1e20, 1, 1 -> 2; only .y written */
   alu(&p, (struct alu){ OP2(DOT4), 7, 0, .nowrite = true, .s0 = gpr(1, 0), .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)) }, false);
   alu(&p, (struct alu){ OP2(DOT4), 7, 1, .s0 = gpr(1, 1), .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)) }, false);
   alu(&p, (struct alu){ OP2(DOT4), 7, 2, .nowrite = true, .s0 = gpr(1, 2), .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)) }, false);
   alu(&p, (struct alu){ OP2(DOT4), 7, 3, .nowrite = true, .s0 = gpr(1, 3), .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)) }, true);
   /* G4: DOT4 (legacy) of (0, 1, 2, 3) . (inf, 1, 1, 1) = 6 */
   alu(&p, (struct alu){ OP2(DOT4), 8, 0, .s0 = gpr(2, 0), .s1 = gpr(3, 0) }, false);
   alu(&p, (struct alu){ OP2(DOT4), 8, 1, .nowrite = true, .s0 = gpr(2, 1), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(DOT4), 8, 2, .nowrite = true, .s0 = gpr(2, 2), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(DOT4), 8, 3, .nowrite = true, .s0 = gpr(2, 3), .s1 = gpr(1, 2) }, true);
   /* G5: DOT4_IEEE of the same -> NaN */
   alu(&p, (struct alu){ OP2(DOT4_IEEE), 8, 0, .nowrite = true, .s0 = gpr(2, 0), .s1 = gpr(3, 0) }, false);
   alu(&p, (struct alu){ OP2(DOT4_IEEE), 8, 1, .s0 = gpr(2, 1), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(DOT4_IEEE), 8, 2, .nowrite = true, .s0 = gpr(2, 2), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(DOT4_IEEE), 8, 3, .nowrite = true, .s0 = gpr(2, 3), .s1 = gpr(1, 2) }, true);
   /* G6: MAX4 (1, NaN, 3, 2): legacy max chain -> NaN, then 3 -> 3 */
   alu(&p, (struct alu){ OP2(MAX4), 9, 0, .nowrite = true, .s0 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(MAX4), 9, 1, .nowrite = true, .s0 = gpr(3, 1) }, false);
   alu(&p, (struct alu){ OP2(MAX4), 9, 2, .s0 = gpr(2, 3) }, false);
   alu(&p, (struct alu){ OP2(MAX4), 9, 3, .nowrite = true, .s0 = gpr(2, 2) }, true);
   /* G7: CUBE of (1, 1, 1) (ties prefer z: face 4) and PV.w */
   alu(&p, (struct alu){ OP2(CUBE), 10, 0, .s0 = gpr(1, 2), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(CUBE), 10, 1, .s0 = gpr(1, 2), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(CUBE), 10, 2, .s0 = gpr(1, 2), .s1 = gpr(1, 2) }, false);
   alu(&p, (struct alu){ OP2(CUBE), 10, 3, .s0 = gpr(1, 2), .s1 = gpr(1, 2) }, true);
   alu(&p, (struct alu){ OP2(MOV), 11, 0, .s0 = pv(3) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   if (!run_both("NOP and reductions", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }))
      return;
   for (unsigned l = 0; l < SIM_LANES; l += 5) {
      check_u32(R(5, 0, l), 0xCAFEu, "NOP writes nothing");
      check_u32(R(6, 0, l), 0, "NOP forwards PV 0");
      check_u32(R(7, 1, l), TWO, "DOT4 sums ((x + y) + z) + w");
      check_u32(R(7, 0, l) | R(7, 2, l) | R(7, 3, l), 0, "DOT4 writes only channels with WRITE_MASK");
      check_u32(R(8, 0, l), 0x40C00000, "DOT4 legacy: 0 * inf = 0");
      check_u32(R(8, 1, l), QNAN, "DOT4_IEEE: 0 * inf = NaN");
      check_u32(R(9, 2, l), THREE, "MAX4 legacy chain");
      check(R(10, 0, l) == MONE && R(10, 1, l) == ONE && R(10, 2, l) == TWO && R(10, 3, l) == 0x40800000,
            "CUBE (1, 1, 1): tc -1, sc 1, 2 * ma 2, face 4 (%08x %08x %08x %08x)", R(10, 0, l),
            R(10, 1, l), R(10, 2, l), R(10, 3, l));
      check_u32(R(11, 0, l), 0x40800000, "PV.w of CUBE");
   }
}

/* ---- modifiers, forwarding, write order -------------------------------------------------- */

static void test_modifiers(bool dx10_clamp)
{
   static const uint32_t in[8] = { 0x3F19999A, NANP, 0xBF000000, 0x40000000, INF, N0, 0x3E800000, 0xC0400000 };
   struct prog p;
   prog_init(&p);
   clear_lanes();
   for (unsigned l = 0; l < 8; l++)
      init_lanes.gpr[1][0][l] = in[l];
   const unsigned M2 = ENU(SQ_ALU_WORD1_OP2, OMOD, SQ_ALU_OMOD_M2), M4 = ENU(SQ_ALU_WORD1_OP2, OMOD, SQ_ALU_OMOD_M4);
   const unsigned D2 = ENU(SQ_ALU_WORD1_OP2, OMOD, SQ_ALU_OMOD_D2);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = gpr(1, 0), .clamp = true }, false);
   alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = gpr(1, 0), .omod = M2, .clamp = true }, false);
   alu(&p, (struct alu){ OP2(MOV), 2, 2, .s0 = neg(absv(gpr(1, 0))) }, false);
   alu(&p, (struct alu){ OP2(MUL_IEEE), 2, 3, .s0 = gpr(1, 0), .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)), .omod = M4 }, false);
   alu(&p, (struct alu){ OP2(ADD_INT), 3, 0, .s0 = gpr(1, 0), .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1_INT)), .omod = M2, .clamp = true }, true);
   alu(&p, (struct alu){ OP2(MOV), 3, 1, .s0 = neg(gpr(1, 0)), .omod = D2 }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   const char *name = dx10_clamp ? "modifiers (DX10_CLAMP)" : "modifiers";
   if (!run_both(name, upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS, .dx10_clamp = dx10_clamp }))
      return;
   static const uint32_t clamp_[8] = { 0x3F19999A, NANP, 0, ONE, ONE, 0, 0x3E800000, 0 };
   static const uint32_t m2c[8] = { ONE, QNAN, 0, ONE, ONE, 0, HALF, 0 };
   static const uint32_t negabs[8] = { 0xBF19999A, 0xFFA00000, 0xBF000000, 0xC0000000, NINF, N0, 0xBE800000, 0xC0400000 };
   static const uint32_t m4[8] = { 0x4019999A, QNAN, 0xC0000000, 0x41000000, INF, N0, ONE, 0xC1400000 };
   static const uint32_t negd2[8] = { 0xBE99999A, QNAN, 0x3E800000, 0xBF800000, NINF, P0, 0xBE000000, 0x3FC00000 };
   for (unsigned l = 0; l < 8; l++) {
      uint32_t c = clamp_[l], mc = m2c[l];
      if (dx10_clamp && l == 1)
         c = mc = 0;                         /* a clamped NaN is 0 with DX10_CLAMP */
      check_u32(R(2, 0, l), c, "%s: CLAMP of 0x%08x", name, in[l]);
      check_u32(R(2, 1, l), mc, "%s: OMOD M2 then CLAMP of 0x%08x", name, in[l]);
      check_u32(R(2, 2, l), negabs[l], "%s: NEG(ABS(0x%08x)) on the raw bits", name, in[l]);
      check_u32(R(2, 3, l), m4[l], "%s: MUL_IEEE(0x%08x, 1) OMOD M4", name, in[l]);
      check_u32(R(3, 0, l), in[l] + 1, "%s: OMOD/CLAMP ignored on an integer result", name);
      check_u32(R(3, 1, l), negd2[l], "%s: MOV(-0x%08x) OMOD D2", name, in[l]);
   }
}

/* Reads happen before the group's writes; a later instruction wins on the same channel;
 * PV/PS come from the previous group only; literals 3 and 4. */
static void test_group_rules(void)
{
   struct prog p;
   prog_init(&p);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[1][0][l] = U((float)l);
      init_lanes.gpr[1][1][l] = U(100.0f);
   }
   alu_begin(&p);
   /* G1: R1.x <- R1.y and R2.x <- R1.x (the old R1.x); R3.x written by x then by t */
   alu(&p, (struct alu){ OP2(MOV), 1, 0, .s0 = gpr(1, 1) }, false);
   alu(&p, (struct alu){ OP2(MOV), 2, 1, .s0 = gpr(1, 0) }, false);
   alu(&p, (struct alu){ OP2(MOV), 3, 2, .s0 = lit(0) }, false);
   alu(&p, (struct alu){ OP2(MOV), 3, 2, .s0 = lit(3) }, true);   /* z taken: trans, later */
   lits(&p, 4, (uint32_t[]){ U(7.0f), U(8.0f), U(9.0f), U(10.0f) });
   /* G2: PV.x (old R1.y), PV.y, PS */
   alu(&p, (struct alu){ OP2(ADD), 4, 0, .s0 = pv(0), .s1 = pv(1) }, false);
   alu(&p, (struct alu){ OP2(MOV), 4, 1, .s0 = ps() }, false);
   alu(&p, (struct alu){ OP2(MOV), 4, 2, .s0 = lit(2) }, true);
   lits(&p, 3, (uint32_t[]){ 0, 0, U(11.0f) });
   /* G3: PV of G2 (x and z), not of G1 */
   alu(&p, (struct alu){ OP2(ADD), 4, 3, .s0 = pv(0), .s1 = pv(2) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   if (!run_both("group rules", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_VS }))
      return;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      check_u32(R(1, 0, l), U(100.0f), "R1.x written");
      check_u32(R(2, 1, l), U((float)l), "a group reads R1.x before its write");
      check_u32(R(3, 2, l), U(10.0f), "the later instruction (trans) wins on R3.z");
      check_u32(R(4, 0, l), U(100.0f + (float)l), "PV.x + PV.y of the previous group");
      check_u32(R(4, 1, l), U(10.0f), "PS of the previous group");
      check_u32(R(4, 2, l), U(11.0f), "the third literal");
      check_u32(R(4, 3, l), U(100.0f + (float)l + 11.0f), "PV of the group before");
   }
}

/* MOVA_GPR_INT (R6xx, trans) loads AR.<DST_CHAN> like MOVA_INT. */
static void test_mova_gpr_int(void)
{
   if (R7)
      return;
   struct prog p;
   prog_init(&p);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[1][0][l] = l % 4;
      for (unsigned r = 10; r < 14; r++)
         init_lanes.gpr[r][0][l] = 1000 * r + l;
   }
   alu_begin(&p);
   alu(&p, (struct alu){ R6_SQ_ALU_WORD1_OP2__ALU_INST__SQ_OP2_INST_MOVA_GPR_INT, 0, 1, .nowrite = true, .s0 = gpr(1, 0) }, true);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = relg(10, 0), .index_mode = ENU(SQ_ALU_WORD0, INDEX_MODE, SQ_INDEX_AR_Y) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   if (!run_both("MOVA_GPR_INT", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }))
      return;
   for (unsigned l = 0; l < SIM_LANES; l++)
      check_u32(R(2, 0, l), 1000 * (10 + l % 4) + l, "MOVA_GPR_INT loads AR.y, R[10 + AR.y]");
}

/* Encodings the decoder rejects with a reason. */
static void test_alu_faults(void)
{
   struct prog p;
   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(1, 0), .s1 = gpr(1, 1), .fog_merge = true }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   if (!R7)
      expect_fault("FOG_MERGE", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }, "FOG_MERGE");

   prog_init(&p);
   alu_begin(&p);
   clause_dw(&p, FLD(SQ_ALU_WORD0, LAST, 1), FLD(SQ_ALU_WORD1_OP2, ALU_INST, 84) | FLD(SQ_ALU_WORD1_OP2, WRITE_MASK, 1));
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("reserved OP2 84", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }, "reserved");

   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = inl(200) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("reserved source select", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS },
                "reserved ALU source select 200");

   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(ADD), 2, 0, .s0 = gpr(1, 0), .s1 = gpr(1, 1), .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("UPDATE_PRED on ADD", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }, "UPDATE_PRED");

   prog_init(&p);
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(PRED_SETE), 2, 0, .s0 = gpr(1, 0), .s1 = gpr(1, 1) }, false);
   alu(&p, (struct alu){ OP2(KILLE), 2, 1, .s0 = gpr(1, 0), .s1 = gpr(1, 1) }, true);
   cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
   cf(&p, CFI(NOP), 0, 0, true);
   expect_fault("PRED_SET with KILL", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS },
                "more than one KILL/PRED_SET");

   if (R7) {
      prog_init(&p);
      alu_begin(&p);
      alu(&p, (struct alu){ OP2(MOV), 2, 0, .s0 = relg(1, 0),
                            .index_mode = R7_SQ_ALU_WORD0__INDEX_MODE__SQ_INDEX_GLOBAL }, true);
      cf_alu(&p, ALUK(ALU), (struct kcache){ 0 });
      cf(&p, CFI(NOP), 0, 0, true);
      expect_fault("INDEX_MODE GLOBAL", upload_prog(&p), (struct run_opts){ .stage = SIM_STAGE_PS }, "global GPRs");
   }
}

int main(void)
{
   machine_init();
   static const enum hw_chip chips[2] = { HW_CHIP_R7XX, HW_CHIP_R6XX };
   for (unsigned k = 0; k < 2; k++) {
      chip = chips[k];
      machine_reset_regs();
      test_float_arith();
      test_minmax_compare();
      test_rounding_moves();
      test_integer();
      test_transcendental();
      test_pred_kill();
      test_nop_reductions();
      test_modifiers(false);
      test_modifiers(true);
      test_group_rules();
      test_mova_gpr_int();
      test_alu_faults();
   }
   return check_report();
}
