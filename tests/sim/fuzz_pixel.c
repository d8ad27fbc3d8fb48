/* Differential fuzzer of the pixel pipeline: random register states, triangles and pixel
 * shaders run on two simulated GPUs, one created with R600SIM_FUSED=0 (every specialised
 * pixel path off: the C units as the reference model) and one with R600SIM_FUSED=1 (the
 * specialised paths: the CB's unorm8 fast path, the fused JIT pixel pipeline); colour,
 * depth and stencil memory must come out bit for bit the same, and so must the fault
 * counts. On a difference it prints the case's seed, the first differing bytes and the
 * random part of the state, and exits 1.
 *
 * A case: two draws of 1-8 random triangles each (both windings, perspective w, sometimes
 * a full-surface quad so that whole blocks are covered) through a fetch shader + vertex
 * shader exporting four parameters, on a 32x32 surface, with the same PS; the second draw
 * changes about a third of the first's random registers (so that a cache of specialised
 * code keyed on too little state shows). 40% of the cases are GL-like (one RGBA8 UNORM
 * target, no ROP3 / CLRCMP / ENDIAN, 1 or 4 samples: what specialised paths are for), the
 * others random in every field:
 *  - colour targets (1 or 2): format, number type, swap, rounding, EXPORT_NORM, endian,
 *    blend clamp/bypass, write masks, MULTIWRITE; blending (per target or shared, every
 *    factor incl. constant colour and the second source, every function, separate alpha)
 *    with random constants; ROP3; CB_CLRCMP; the SX alpha test;
 *  - depth/stencil: no buffer or one of the five formats, depth test and write, stencil
 *    with separate back-face state, refs and masks, early/late Z order, viewport depth
 *    clamp, polygon offset, FORCE_COLOR_KILL;
 *  - MSAA 1/2/4/8 samples at the documented locations, MSAA_ENABLE, PA_SC_AA_MASK;
 *  - PS inputs: 0-4 parameters (flat, linear, centroid, perspective, defaults for
 *    unmatched semantics), position (centroid or centre, with or without z), face;
 *  - the PS: 0-12 ALU instructions (arithmetic, compares, selects, kills) over the inputs,
 *    inline constants and literals, then 0-2 colour exports and maybe a depth export.
 * Initial colour and depth memory is random (the same on both devices).
 *
 * Cases share code in groups of CASES_PER_CODE consecutive seeds: the group draws the
 * code-deciding part of the state (the PS, formats, functions, inputs, masks: everything
 * that selects or shapes a compiled PS or fused variant) from one random stream, and each
 * case the data part (constants, references, offsets, sample mask, culling, triangles,
 * vertex values, memory) from its own. Nearly all of a case's time is LLVM compiling the
 * PS and the fused variants, so a group costs about one case's compiles while every case
 * is a new register state; the later cases of a group run variants cached by the earlier
 * ones with other data, which is also what shows a variant key missing some state.
 *
 * usage: fuzz_pixel COUNT [SEED]   (case i uses seed SEED + i; default SEED 1)
 * Both chips alternate by group (even groups R7xx, odd R6xx). The on-disk JIT cache is off
 * (R600SIM_CACHE_DIR empty unless set): random programs would only evict useful entries.
 * The GPU watchdog is 10 minutes (R600SIM_GPU_TIMEOUT unless set): compiles count in it. R600SIM_JIT_ASYNC defaults to 0 here
 * so that every draw runs JIT code. R600SIM_FUZZ_FAULTS=1 prints the faults and the state of
 * cases that fault (on both devices alike: not a difference, but a sign that the generator
 * made something invalid). scripts/fuzz-pixel runs long campaigns. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "isa_harness.h"
#include "pm4_pipeline.h"
#include "r600sim/gpu.h"

#define W 32
#define H 32
#define MAX_S 8
#define MAX_TRIS 8
#define NVERT (2 * 3 * MAX_TRIS)   /* the triangles of the two draws */
#define NPARAM 4
#define CB_BYTES (MAX_S * W * H * 16)
#define DB_BYTES (MAX_S * W * H * 8)
#define PS_BYTES (8 * 2048)
#define CASES_PER_CODE 4   /* consecutive seeds sharing the code-deciding state */

/* ---- random numbers ------------------------------------------------------------------- */

/* Two streams: the code stream draws what decides generated code (the PS, formats, blend and
 * depth/stencil functions, sample counts, inputs, masks), the data stream what the code
 * only reads (constants, references, offsets, the sample mask, culling and face, triangles,
 * vertex values, initial memory). random_state and build_ps take from the code stream;
 * data_begin() .. data_end() switch to the data stream for a data draw. */
static uint64_t rng_code, rng_data, *rng = &rng_code;

static void data_begin(void)
{
   rng = &rng_data;
}

static void data_end(void)
{
   rng = &rng_code;
}

static uint32_t rnd(void)
{
   return pm4p_xorshift(rng);
}

/* Uniform in [0, n). */
static unsigned rn(unsigned n)
{
   return rnd() % n;
}

/* True with probability pct / 100. */
static bool chance(unsigned pct)
{
   return rn(100) < pct;
}

static float rf(float lo, float hi)
{
   return lo + (hi - lo) * (float)(rnd() & 0xFFFFFF) / (float)0x1000000;
}

/* A value an attribute, constant or literal may take: mostly in [-0.25, 1.25], sometimes
 * exactly 0, 1 or 0.5, sometimes large or special (infinities and NaNs for the blend's NaN
 * rules among them). */
static float rvalue(void)
{
   switch (rn(16)) {
   case 0: return 0.0f;
   case 1: return 1.0f;
   case 2: return 0.5f;
   case 3: return rf(-100.0f, 100.0f);
   case 4: case 5: {
      static const uint32_t special[] = { 0x80000000u, 0x000116C2u /* 1e-40 */, 0x477FE000u /* 65504 */,
                                          0x4788B800u /* 70000 */, 0xBF800000u, 0x40000000u,
                                          0x3B800000u /* 1/256 */, 0x3F7F0000u /* 255/256 */,
                                          0x7F800000u, 0xFF800000u, 0xFFC12345u, 0x7F812345u };
      float v;
      memcpy(&v, &special[rn(sizeof(special) / sizeof(special[0]))], 4);
      return v;
   }
   default: return rf(-0.25f, 1.25f);
   }
}

/* ---- the state description printed on a difference ------------------------------------- */

#define MAX_LOG 96
static struct reg_value {
   uint32_t reg;
   const char *name;
   uint32_t value;
} logged[MAX_LOG];
static unsigned nlogged;

/* A context register of the random state, emitted on both devices after the fixed state
 * and printed on a difference. */
static void set_ctx(uint32_t reg, const char *name, uint32_t v)
{
   if (nlogged < MAX_LOG)
      logged[nlogged++] = (struct reg_value){ reg, name, v };
}
#define SET(reg, v) set_ctx(reg, #reg + 4, v)

/* ---- colour formats ---------------------------------------------------------------------- */

#define FMT(n) CB_COLOR0_INFO__FORMAT__COLOR_##n
#define NUM(n) CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_##n

struct fmt {
   unsigned code, ncomp, bpp;
   bool is_float, wide32;   /* wide32: 32-bit float components (BLEND_FLOAT32) */
};

static const struct fmt fmts[] = {
   { FMT(8), 1, 1, false, false }, { FMT(4_4), 2, 1, false, false },
   { FMT(3_3_2), 3, 1, false, false }, { FMT(16), 1, 2, false, false },
   { FMT(16_FLOAT), 1, 2, true, false }, { FMT(8_8), 2, 2, false, false },
   { FMT(5_6_5), 3, 2, false, false }, { FMT(6_5_5), 3, 2, false, false },
   { FMT(1_5_5_5), 4, 2, false, false }, { FMT(4_4_4_4), 4, 2, false, false },
   { FMT(5_5_5_1), 4, 2, false, false }, { FMT(32), 1, 4, false, false },
   { FMT(32_FLOAT), 1, 4, true, true }, { FMT(16_16), 2, 4, false, false },
   { FMT(16_16_FLOAT), 2, 4, true, false }, { FMT(8_24), 2, 4, false, false },
   { FMT(24_8), 2, 4, false, false }, { FMT(10_11_11), 3, 4, false, false },
   { FMT(10_11_11_FLOAT), 3, 4, true, false }, { FMT(11_11_10), 3, 4, false, false },
   { FMT(11_11_10_FLOAT), 3, 4, true, false }, { FMT(2_10_10_10), 4, 4, false, false },
   { FMT(8_8_8_8), 4, 4, false, false }, { FMT(10_10_10_2), 4, 4, false, false },
   { FMT(32_32), 2, 8, false, false }, { FMT(32_32_FLOAT), 2, 8, true, true },
   { FMT(16_16_16_16), 4, 8, false, false }, { FMT(16_16_16_16_FLOAT), 4, 8, true, false },
   { FMT(32_32_32_32), 4, 16, false, false }, { FMT(32_32_32_32_FLOAT), 4, 16, true, true },
};
#define NUM_FMTS (sizeof(fmts) / sizeof(fmts[0]))
#define FMT_8_8_8_8 22   /* its index in fmts */

/* COMP_SWAP values defined for a component count (docs/r600-hardware-notes.md §1.3). */
static unsigned random_swap(unsigned ncomp)
{
   switch (ncomp) {
   case 1: return chance(50) ? 0 : 3;
   case 3: return chance(50) ? 0 : 2;
   default: return rn(4);
   }
}

/* Whether the case is a GL-like one: what a GL driver programs most (one RGBA8 UNORM target,
 * no ROP3, CLRCMP or ENDIAN, 1 or 4 samples), the states specialised paths are written for;
 * the others are random in every field. */
static bool gl_like;

/* CB_COLORn_INFO of a random target; 8_8_8_8 UNORM (the fast path's format) half the time. */
static uint32_t random_cb_info(void)
{
   if (gl_like)
      return CB_COLOR0_INFO__FORMAT(FMT(8_8_8_8)) | CB_COLOR0_INFO__NUMBER_TYPE(NUM(UNORM)) |
             CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
             CB_COLOR0_INFO__COMP_SWAP(rn(2)) | CB_COLOR0_INFO__BLEND_CLAMP(chance(80)) |
             CB_COLOR0_INFO__SOURCE_FORMAT(chance(50));
   const struct fmt *f = &fmts[rn(NUM_FMTS)];
   if (chance(40))
      f = &fmts[FMT_8_8_8_8];
   else if (chance(25))   /* a float format: blending keeps NaN bits there */
      while (!f->is_float)
         f = &fmts[rn(NUM_FMTS)];
   unsigned num = f->is_float ? NUM(FLOAT) : chance(50) ? NUM(UNORM) : rn(7);
   bool integer = num == NUM(UINT) || num == NUM(SINT);
   /* ENDIAN_8IN16 / 8IN32 / 8IN64 swap groups of 2 / 4 / 8 bytes: not wider than a pixel */
   unsigned max_endian = f->bpp >= 8 ? 3 : f->bpp >= 4 ? 2 : f->bpp >= 2 ? 1 : 0;
   return CB_COLOR0_INFO__FORMAT(f->code) | CB_COLOR0_INFO__NUMBER_TYPE(num) |
          CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
          CB_COLOR0_INFO__COMP_SWAP(random_swap(f->ncomp)) |
          CB_COLOR0_INFO__ENDIAN(chance(10) ? rn(max_endian + 1) : 0) |
          CB_COLOR0_INFO__ROUND_MODE(chance(20)) |
          CB_COLOR0_INFO__BLEND_CLAMP(chance(50)) | CB_COLOR0_INFO__BLEND_BYPASS(chance(5)) |
          CB_COLOR0_INFO__BLEND_FLOAT32(f->wide32) |
          CB_COLOR0_INFO__SOURCE_FORMAT(!integer && chance(30));
}

#define FACTOR(n) CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_##n

/* A CB_BLENDn_CONTROL: the usual "over" blend a third of the time, else random factors
 * and functions. */
static uint32_t random_blend(void)
{
   if (chance(33))
      return CB_BLEND_CONTROL__COLOR_SRCBLEND(FACTOR(SRC_ALPHA)) |
             CB_BLEND_CONTROL__COLOR_DESTBLEND(FACTOR(ONE_MINUS_SRC_ALPHA)) |
             CB_BLEND_CONTROL__COLOR_COMB_FCN(CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_DST_PLUS_SRC) |
             (chance(30) ? CB_BLEND_CONTROL__ALPHA_SRCBLEND(rn(21)) : 0);
   const unsigned nf = FACTOR(ONE_MINUS_CONST_ALPHA) + 1, nc = 5;
   return CB_BLEND_CONTROL__COLOR_SRCBLEND(rn(nf)) | CB_BLEND_CONTROL__COLOR_DESTBLEND(rn(nf)) |
          CB_BLEND_CONTROL__COLOR_COMB_FCN(rn(nc)) | CB_BLEND_CONTROL__ALPHA_SRCBLEND(rn(nf)) |
          CB_BLEND_CONTROL__ALPHA_DESTBLEND(rn(nf)) | CB_BLEND_CONTROL__ALPHA_COMB_FCN(rn(nc)) |
          CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND(chance(50));
}

/* ---- the pixel shader ------------------------------------------------------------------- */

/* What the random PS reads and writes. */
struct ps_desc {
   unsigned ninterp;        /* GPR 0 .. ninterp-1: the interpolated inputs */
   bool pos;                /* GPR pos_gpr: the position */
   unsigned pos_gpr;
   bool face;               /* GPR face_gpr .face_chan: the face */
   unsigned face_gpr, face_chan;
   unsigned ngpr;           /* GPRs the program uses */
   unsigned nalu, ncolor;
   bool kills, zexport;
};

/* Channels with a value (bit c of written[g]): the program reads only those. */
static uint8_t written[16];

static struct src random_src(uint32_t *literal, bool *has_lit, unsigned ngpr)
{
   struct src s;
   unsigned k = rn(100);
   unsigned g = rn(ngpr);
   if (k < 65 && written[g]) {
      unsigned c;
      do
         c = rn(4);
      while (!(written[g] >> c & 1));
      s = gpr(g, c);
   } else if (k < 80 || *has_lit) {
      unsigned which = rn(3);
      s = inl(which == 0 ? ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_1)
              : which == 1 ? ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0_5)
                           : ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0));
   } else {
      float v = rvalue();
      memcpy(literal, &v, 4);
      *has_lit = true;
      s = lit(0);
   }
   if (chance(15))
      s = neg(s);
   if (chance(10))
      s = absv(s);
   return s;
}

/* Builds the random PS into p and says what it does in d (inputs already chosen). */
static void build_ps(struct prog *p, struct ps_desc *d)
{
   prog_init(p);
   memset(written, 0, sizeof(written));
   for (unsigned i = 0; i < d->ninterp; i++)
      written[i] = 0xF;
   if (d->pos)
      written[d->pos_gpr] = 0xF;
   if (d->face)
      written[d->face_gpr] |= (uint8_t)(1u << d->face_chan);
   unsigned temps = 2 + rn(3);
   unsigned ngpr = d->ninterp + d->pos + d->face + temps;
   d->ngpr = ngpr;

   d->nalu = chance(10) ? 0 : rn(13);
   d->kills = false;
   if (d->nalu) {
      alu_begin(p);
      for (unsigned i = 0; i < d->nalu; i++) {
         struct alu a = { .dst = rn(ngpr), .chan = rn(4), .clamp = chance(15),
                          .omod = chance(10) ? 1 + rn(3) : 0 };
         uint32_t literal = 0;
         bool has_lit = false;
         bool op3 = false, unary = false;
         switch (rn(22)) {
         case 0: case 1: a.op = OP2(ADD); break;
         case 2: case 3: a.op = OP2(MUL); break;
         case 4: a.op = OP2(MUL_IEEE); break;
         case 5: a.op = OP2(MAX); break;
         case 6: a.op = OP2(MIN); break;
         case 7: a.op = OP2(MAX_DX10); break;
         case 8: a.op = OP2(FRACT); unary = true; break;
         case 9: a.op = OP2(FLOOR); unary = true; break;
         case 10: a.op = OP2(MOV); unary = true; break;
         case 11: a.op = OP2(SETGT); break;
         case 12: a.op = OP2(SETGE); break;
         case 13: a.op = OP2(SETE); break;
         case 14: a.op = OP2(SETNE); break;
         case 15: a.op = OP3(MULADD); op3 = true; break;
         case 16: a.op = OP3(MULADD_IEEE); op3 = true; break;
         case 17: a.op = OP3(CNDGE); op3 = true; break;
         case 18: a.op = OP3(CNDGT); op3 = true; break;
         case 19: a.op = OP3(CNDE); op3 = true; break;
         case 20: a.op = OP2(KILLGT); a.nowrite = true; break;
         default: a.op = OP2(KILLGE); a.nowrite = true; break;
         }
         if (op3)
            a.omod = 0;   /* OP3 has no OMOD field */
         a.s0 = random_src(&literal, &has_lit, ngpr);
         /* a unary op has no second operand (a literal of it would not be counted) */
         a.s1 = unary ? inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0))
                      : random_src(&literal, &has_lit, ngpr);
         if (op3) {
            a.s2 = random_src(&literal, &has_lit, ngpr);
            a.s0.abs = a.s1.abs = a.s2.abs = false;   /* OP3 has no ABS bits */
         }
         if (a.nowrite) {
            d->kills = true;
            a.clamp = false;
            a.omod = 0;
         }
         alu(p, a, true);
         if (has_lit)
            lits(p, 2, (uint32_t[]){ literal, 0 });
         if (!a.nowrite)
            written[a.dst] |= (uint8_t)(1u << a.chan);
      }
      cf_alu(p, ALUK(ALU), (struct kcache){ 0 });
   }

   /* Exports: colour PIXEL 0 .. ncolor-1 from consecutive GPRs, maybe the depth PIXEL 61;
    * channels without a value export 0 or 1. */
   d->ncolor = chance(5) ? 0 : 1 + rn(2);
   d->zexport = chance(25);
   const uint32_t pixel = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL);
   if (d->ncolor) {
      unsigned g = rn(ngpr - d->ncolor + 1);
      struct cf_exp e = { .type = pixel, .base = 0, .gpr = g, .burst = d->ncolor,
                          .done = !d->zexport, .eop = !d->zexport };
      for (unsigned c = 0; c < 4; c++) {
         uint8_t have = written[g];
         for (unsigned k = 1; k < d->ncolor; k++)
            have &= written[g + k];
         if (have >> c & 1 && chance(85))
            e.sel[c] = SEL(X) + c;   /* the X, Y, Z, W codes are consecutive */
         else
            e.sel[c] = chance(50) ? SEL(0) : SEL(1);
      }
      cf_export(p, e);
   }
   if (d->zexport || !d->ncolor) {
      unsigned g = rn(ngpr);
      struct cf_exp e = { .type = pixel, .base = 61, .gpr = g, .done = true, .eop = true };
      unsigned c = 0;
      while (c < 4 && !(written[g] >> c & 1))
         c++;
      e.sel[0] = c < 4 ? SEL(X) + c : SEL(1);
      e.sel[1] = e.sel[2] = e.sel[3] = SEL(0);
      cf_export(p, e);
      d->zexport = true;
   }
}

/* ---- the fixed vertex side ------------------------------------------------------------ */

/* The fetch shader: R1 = position[vertex], R2..R5 = parameter k[vertex]; RETURN. */
static void build_fs(struct prog *p)
{
   prog_init(p);
   unsigned at = p->qw;
   for (unsigned i = 0; i < 1 + NPARAM; i++)
      vtx(p, (struct vfetch){ .buffer = 160 + i, .src_gpr = 0, .src_chan = 0, .dst_gpr = 1 + i,
                              .fmt = ENU(SQ_VTX_WORD1, DATA_FORMAT, FMT_32_32_32_32_FLOAT),
                              .num = ENU(SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_SCALED),
                              .sel = XYZW,
                              .fetch_type = ENU(SQ_VTX_WORD0, FETCH_TYPE,
                                                SQ_VTX_FETCH_VERTEX_DATA) });
   cf_fetch(p, CFI(VTX), at, 1 + NPARAM);
   cf(p, CFI(RETURN), 0, 0, false);
}

/* The VS: CALL_FS; POS 60 = R1, PARAM 0..3 = R2..R5. */
static void build_vs(struct prog *p)
{
   prog_init(p);
   cf(p, CFI(CALL_FS), 0, 0, false);
   struct cf_exp e = { .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_POS),
                       .base = 60, .gpr = 1, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) } };
   cf_export(p, e);
   e.type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PARAM);
   e.base = 0;
   e.gpr = 2;
   e.burst = NPARAM;
   e.eop = true;
   cf_export(p, e);
}

/* ---- the two devices ------------------------------------------------------------------ */

struct dev {
   struct r600_gpu *gpu;
   uint64_t cb_va[2], db_va, fs_va, vs_va, ps_va, vb_va[1 + NPARAM];
   uint8_t *cb[2], *db, *ps;
   float *vb[1 + NPARAM];
   unsigned fault_mark;
};

/* [chip: 0 R7xx, 1 R6xx][0: R600SIM_FUSED=0, 1: R600SIM_FUSED=1] */
static struct dev devs[2][2];

static uint64_t upload_to(struct dev *d, const struct prog *p)
{
   uint64_t va;
   void *m = pm4p_alloc(d->gpu, 8ull * p->qw, &va);
   memcpy(m, p->dw, 8ull * p->qw);
   return va;
}

static void dev_create(struct dev *d, enum hw_chip c, bool fused)
{
   setenv("R600SIM_FUSED", fused ? "1" : "0", 1);
   d->gpu = r600_gpu_create(c);
   if (!d->gpu) {
      fprintf(stderr, "fuzz_pixel: cannot create the GPU\n");
      exit(2);
   }
   for (unsigned n = 0; n < 2; n++)
      d->cb[n] = pm4p_alloc(d->gpu, CB_BYTES, &d->cb_va[n]);
   d->db = pm4p_alloc(d->gpu, DB_BYTES, &d->db_va);
   d->ps = pm4p_alloc(d->gpu, PS_BYTES, &d->ps_va);
   for (unsigned i = 0; i < 1 + NPARAM; i++)
      d->vb[i] = pm4p_alloc(d->gpu, NVERT * 16, &d->vb_va[i]);
   static struct prog p;
   chip = c;
   build_fs(&p);
   d->fs_va = upload_to(d, &p);
   build_vs(&p);
   d->vs_va = upload_to(d, &p);
   d->fault_mark = 0;
}

/* ---- one case --------------------------------------------------------------------------- */

/* docs/r600-hardware-notes.md §3.2: the sample location words (as tests/sim/test_msaa.c). */
#define LOCS_2X 0xC44CC44Cu
#define LOCS_4X 0xA66A22EEu
#define LOCS_8X_LO 0x35B3511Fu
#define LOCS_8X_HI 0x7BD79DF9u

static const unsigned db_formats[] = {
   DB_DEPTH_INFO__FORMAT__DEPTH_16, DB_DEPTH_INFO__FORMAT__DEPTH_X8_24,
   DB_DEPTH_INFO__FORMAT__DEPTH_8_24, DB_DEPTH_INFO__FORMAT__DEPTH_32_FLOAT,
   DB_DEPTH_INFO__FORMAT__DEPTH_X24_8_32_FLOAT,
};

static struct {
   enum hw_chip chip;
   struct prog ps;
   struct ps_desc d;
   unsigned nvert[2], samples;
   float vb[1 + NPARAM][NVERT * 4];
   uint8_t cb_init[2][CB_BYTES], db_init[DB_BYTES];
} cs;

/* The triangles of draw `draw` (0 or 1): vertices from 3 * MAX_TRIS * draw on. */
static void random_vertices(unsigned draw)
{
   unsigned ntri = 1 + rn(MAX_TRIS);
   bool quad = chance(30);
   cs.nvert[draw] = 3 * ntri;
   float *pos = cs.vb[0] + 4 * 3 * MAX_TRIS * draw;
   for (unsigned v = 0; v < cs.nvert[draw]; v++) {
      /* window position in px, clip w, NDC z */
      float x = rf(-4.0f, W + 4.0f), y = rf(-4.0f, H + 4.0f);
      if (quad && v < 6) {   /* two triangles over the whole surface */
         static const int corner[6][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
         x = corner[v][0] ? W + 2.0f : -2.0f;
         y = corner[v][1] ? H + 2.0f : -2.0f;
      }
      x = roundf(x * 256.0f) / 256.0f;
      y = roundf(y * 256.0f) / 256.0f;
      float w = chance(50) ? 1.0f : rf(0.25f, 4.0f);
      float z = chance(20) ? rf(-1.2f, 1.2f) : rf(-0.9f, 0.9f);
      pos[4 * v + 0] = (x / (W / 2.0f) - 1.0f) * w;
      pos[4 * v + 1] = (y / (H / 2.0f) - 1.0f) * w;
      pos[4 * v + 2] = z * w;
      pos[4 * v + 3] = w;
      for (unsigned k = 0; k < NPARAM; k++)
         for (unsigned c = 0; c < 4; c++)
            cs.vb[1 + k][4 * (3 * MAX_TRIS * draw + v) + c] = rvalue();
   }
}

static void random_memory(void)
{
   for (unsigned n = 0; n < 2; n++) {
      unsigned kind = rn(5);
      for (unsigned i = 0; i < CB_BYTES; i += 4) {
         float f = kind == 4 ? rvalue() : 0.0f;   /* for float formats: NaNs, infinities, -0 */
         uint32_t v = kind == 0 ? 0 : kind == 1 ? 0x3F800000u : kind == 4 ? f2u(f) : rnd() ^ rnd() << 16;
         memcpy(&cs.cb_init[n][i], &v, 4);
      }
   }
   unsigned kind = rn(4);
   for (unsigned i = 0; i < DB_BYTES; i += 4) {
      uint32_t v = kind == 0 ? 0xFFFFFFFFu : kind == 1 ? 0x3F800000u
                   : kind == 2 ? 0x3F000000u | (rnd() & 0xFFFFFF) : rnd() ^ rnd() << 16;
      memcpy(&cs.db_init[i], &v, 4);
   }
}

/* The random register state (into logged[]) and the PS (cs.ps, cs.d). */
static void random_state(void)
{
   bool r7 = cs.chip == HW_CHIP_R7XX;
   nlogged = 0;

   /* MSAA */
   static const unsigned log2_weights[10] = { 0, 0, 0, 0, 1, 1, 2, 2, 2, 3 };
   gl_like = chance(40);
   unsigned log2s = gl_like ? (chance(60) ? 0 : 2) : log2_weights[rn(10)];
   cs.samples = 1u << log2s;
   static const unsigned dist[4] = { 0, 4, 6, 7 };
   SET(REG_PA_SC_MODE_CNTL, PA_SC_MODE_CNTL__MSAA_ENABLE(log2s && chance(85)) |
                                PA_SC_MODE_CNTL__R700_VPORT_SCISSOR_ENABLE(1));
   SET(REG_PA_SC_AA_CONFIG, PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES(log2s) |
                                PA_SC_AA_CONFIG__MAX_SAMPLE_DIST(dist[log2s]));
   data_begin();
   SET(REG_PA_SC_AA_MASK, chance(50) ? 0xFFFFFFFFu : rnd() ^ rnd() << 16);
   data_end();
   if (r7) {
      SET(REG_PA_SC_AA_SAMPLE_LOCS_MCTX, log2s == 1 ? LOCS_2X : log2s == 2 ? LOCS_4X
                                             : log2s == 3 ? LOCS_8X_LO : 0);
      SET(REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1_MCTX, log2s == 1 ? LOCS_2X : log2s == 2 ? LOCS_4X
                                                    : log2s == 3 ? LOCS_8X_HI : 0);
   }

   /* setup: face, perspective, polygon offset, culling */
   bool persp_corr_dis = chance(15);
   data_begin();
   bool offset = chance(20);
   SET(REG_PA_SU_SC_MODE_CNTL,
       PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(chance(50)) | PA_SU_SC_MODE_CNTL__FACE(chance(50)) |
       PA_SU_SC_MODE_CNTL__PERSP_CORR_DIS(persp_corr_dis) |
       PA_SU_SC_MODE_CNTL__CULL_FRONT(chance(8)) | PA_SU_SC_MODE_CNTL__CULL_BACK(chance(8)) |
       PA_SU_SC_MODE_CNTL__POLY_OFFSET_FRONT_ENABLE(offset) |
       PA_SU_SC_MODE_CNTL__POLY_OFFSET_BACK_ENABLE(offset && chance(50)));
   if (offset) {
      SET(REG_PA_SU_POLY_OFFSET_DB_FMT_CNTL, chance(50) ? 0 : 0xE8 + rn(16));
      SET(REG_PA_SU_POLY_OFFSET_CLAMP, f2u(chance(70) ? 0.0f : rf(-0.01f, 0.01f)));
      SET(REG_PA_SU_POLY_OFFSET_FRONT_SCALE, f2u(rf(-4.0f, 4.0f)));
      SET(REG_PA_SU_POLY_OFFSET_FRONT_OFFSET, f2u(rf(-64.0f, 64.0f)));
      SET(REG_PA_SU_POLY_OFFSET_BACK_SCALE, f2u(rf(-4.0f, 4.0f)));
      SET(REG_PA_SU_POLY_OFFSET_BACK_OFFSET, f2u(rf(-64.0f, 64.0f)));
   }
   data_end();

   /* SPI: inputs, position, face */
   struct ps_desc *d = &cs.d;
   memset(d, 0, sizeof(*d));
   d->ninterp = chance(10) ? 0 : 1 + rn(4);
   d->pos = chance(30);
   d->pos_gpr = d->ninterp;
   d->face = chance(25);
   d->face_gpr = d->ninterp + d->pos;
   d->face_chan = rn(4);
   SET(REG_SPI_PS_IN_CONTROL_0,
       SPI_PS_IN_CONTROL_0__NUM_INTERP(d->ninterp) | SPI_PS_IN_CONTROL_0__POSITION_ENA(d->pos) |
       SPI_PS_IN_CONTROL_0__POSITION_CENTROID(d->pos && chance(30)) |
       SPI_PS_IN_CONTROL_0__POSITION_ADDR(d->pos_gpr) |
       SPI_PS_IN_CONTROL_0__BARYC_SAMPLE_CNTL(rn(3)) |
       SPI_PS_IN_CONTROL_0__PERSP_GRADIENT_ENA(1) | SPI_PS_IN_CONTROL_0__LINEAR_GRADIENT_ENA(1));
   SET(REG_SPI_PS_IN_CONTROL_1,
       SPI_PS_IN_CONTROL_1__FRONT_FACE_ENA(d->face) |
       SPI_PS_IN_CONTROL_1__FRONT_FACE_CHAN(d->face_chan) |
       SPI_PS_IN_CONTROL_1__FRONT_FACE_ALL_BITS(chance(30)) |
       SPI_PS_IN_CONTROL_1__FRONT_FACE_ADDR(d->face_gpr));
   SET(REG_SPI_INPUT_Z, SPI_INPUT_Z__PROVIDE_Z_TO_SPI(chance(50)));
   SET(REG_SPI_INTERP_CONTROL_0, SPI_INTERP_CONTROL_0__FLAT_SHADE_ENA(chance(70)));
   for (unsigned i = 0; i < d->ninterp; i++)
      set_ctx(REG_SPI_PS_INPUT_CNTL_0 + 4 * i, "SPI_PS_INPUT_CNTL_i",
              SPI_PS_INPUT_CNTL_0__SEMANTIC(chance(5) ? 9 : chance(80) ? 1 + i : 1 + rn(NPARAM)) |
              SPI_PS_INPUT_CNTL_0__DEFAULT_VAL(rn(4)) |
              SPI_PS_INPUT_CNTL_0__FLAT_SHADE(chance(25)) |
              SPI_PS_INPUT_CNTL_0__SEL_CENTROID(chance(25)) |
              SPI_PS_INPUT_CNTL_0__SEL_LINEAR(chance(25)));

   chip = cs.chip;
   build_ps(&cs.ps, d);
   SET(REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__NUM_GPRS(d->ngpr));

   /* CB */
   unsigned ntargets = gl_like || chance(75) ? 1 : 2;
   bool per_mrt = r7 && chance(30);
   unsigned blend_ena = 0;
   for (unsigned n = 0; n < ntargets; n++)
      blend_ena |= chance(50) ? 1u << n : 0;
   unsigned rop3 = gl_like || chance(70) ? 0xCC : rn(16) * 0x11;
   SET(REG_CB_COLOR_CONTROL,
       CB_COLOR_CONTROL__ROP3(rop3) | CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(blend_ena) |
       CB_COLOR_CONTROL__PER_MRT_BLEND(per_mrt) |
       CB_COLOR_CONTROL__MULTIWRITE_ENABLE(!gl_like && chance(10)));
   for (unsigned n = 0; n < ntargets; n++) {
      set_ctx(REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride, "CB_COLORn_INFO",
              random_cb_info());
      if (per_mrt)
         set_ctx(REG_CB_BLEND0_CONTROL + n * REG_CB_BLEND0_CONTROL__stride,
                 "CB_BLENDn_CONTROL", random_blend());
   }
   SET(REG_CB_BLEND_CONTROL, random_blend());
   SET(REG_CB_SHADER_CONTROL, ntargets == 2 ? 3 : 1);
   uint32_t tmask = 0;
   for (unsigned n = 0; n < ntargets; n++)
      tmask |= (chance(70) ? 0xFu : rn(16)) << (4 * n);
   SET(REG_CB_TARGET_MASK, tmask);
   SET(REG_CB_SHADER_MASK, chance(80) ? 0xFF : rn(256));
   data_begin();
   SET(REG_CB_BLEND_RED, f2u(rvalue()));
   SET(REG_CB_BLEND_GREEN, f2u(rvalue()));
   SET(REG_CB_BLEND_BLUE, f2u(rvalue()));
   SET(REG_CB_BLEND_ALPHA, f2u(rvalue()));
   data_end();
   if (!gl_like && chance(15)) {
      static const unsigned fcn[4] = { 0, 1, 4, 5 };
      SET(REG_CB_CLRCMP_CONTROL, CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC(fcn[rn(4)]) |
                                     CB_CLRCMP_CONTROL__CLRCMP_FCN_DST(fcn[rn(4)]) |
                                     CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL(rn(3)));
      data_begin();
      SET(REG_CB_CLRCMP_SRC, chance(50) ? 0xFFFFFFFFu : rnd());
      SET(REG_CB_CLRCMP_DST, chance(50) ? 0 : rnd());
      SET(REG_CB_CLRCMP_MSK, chance(50) ? 0xFFFFFFFFu : 0xFF00u << rn(9));
      data_end();
   }
   if (chance(30)) {
      SET(REG_SX_ALPHA_TEST_CONTROL, SX_ALPHA_TEST_CONTROL__ALPHA_TEST_ENABLE(1) |
                                         SX_ALPHA_TEST_CONTROL__ALPHA_FUNC(rn(8)));
      data_begin();
      SET(REG_SX_ALPHA_REF, f2u(rvalue()));
      data_end();
   }

   /* DB */
   bool has_db = chance(75);
   unsigned dbf = rn(5);
   SET(REG_DB_DEPTH_INFO,
       DB_DEPTH_INFO__FORMAT(has_db ? db_formats[dbf] : DB_DEPTH_INFO__FORMAT__DEPTH_INVALID) |
       DB_DEPTH_INFO__ARRAY_MODE(DB_DEPTH_INFO__ARRAY_MODE__ARRAY_1D_TILED_THIN1));
   if (has_db) {
      bool backface = chance(50);
      SET(REG_DB_DEPTH_CONTROL,
          DB_DEPTH_CONTROL__Z_ENABLE(chance(75)) | DB_DEPTH_CONTROL__Z_WRITE_ENABLE(chance(60)) |
          DB_DEPTH_CONTROL__ZFUNC(rn(8)) | DB_DEPTH_CONTROL__STENCIL_ENABLE(chance(40)) |
          DB_DEPTH_CONTROL__BACKFACE_ENABLE(backface) |
          DB_DEPTH_CONTROL__STENCILFUNC(rn(8)) | DB_DEPTH_CONTROL__STENCILFAIL(rn(8)) |
          DB_DEPTH_CONTROL__STENCILZPASS(rn(8)) | DB_DEPTH_CONTROL__STENCILZFAIL(rn(8)) |
          DB_DEPTH_CONTROL__STENCILFUNC_BF(rn(8)) | DB_DEPTH_CONTROL__STENCILFAIL_BF(rn(8)) |
          DB_DEPTH_CONTROL__STENCILZPASS_BF(rn(8)) | DB_DEPTH_CONTROL__STENCILZFAIL_BF(rn(8)));
      data_begin();
      SET(REG_DB_STENCILREFMASK, DB_STENCILREFMASK__STENCILREF(rn(256)) |
                                     DB_STENCILREFMASK__STENCILMASK(chance(50) ? 0xFF : rn(256)) |
                                     DB_STENCILREFMASK__STENCILWRITEMASK(chance(50) ? 0xFF : rn(256)));
      SET(REG_DB_STENCILREFMASK_BF,
          DB_STENCILREFMASK_BF__STENCILREF_BF(rn(256)) |
          DB_STENCILREFMASK_BF__STENCILMASK_BF(chance(50) ? 0xFF : rn(256)) |
          DB_STENCILREFMASK_BF__STENCILWRITEMASK_BF(chance(50) ? 0xFF : rn(256)));
      if (chance(20)) {
         float lo = rf(0.0f, 0.5f);
         SET(REG_PA_SC_VPORT_ZMIN_0, f2u(lo));
         SET(REG_PA_SC_VPORT_ZMAX_0, f2u(lo + rf(0.0f, 0.5f)));
      }
      data_end();
   }
   SET(REG_DB_SHADER_CONTROL,
       DB_SHADER_CONTROL__Z_ORDER(rn(4)) | DB_SHADER_CONTROL__Z_EXPORT_ENABLE(d->zexport && chance(80)) |
       DB_SHADER_CONTROL__KILL_ENABLE(d->kills || chance(20)));
   SET(REG_DB_RENDER_OVERRIDE, DB_RENDER_OVERRIDE__FORCE_COLOR_KILL(chance(4)) |
                                   DB_RENDER_OVERRIDE__DISABLE_VIEWPORT_CLAMP(chance(15)));
}

/* Registers of the second draw: about a third of those of another random state, except the
 * ones the PS depends on (its inputs, GPR count, kill and depth export enables). */
static struct reg_value second[MAX_LOG];
static unsigned nsecond;

static bool program_bound(uint32_t reg)
{
   return reg == REG_SPI_PS_IN_CONTROL_0 || reg == REG_SPI_PS_IN_CONTROL_1 ||
          reg == REG_SQ_PGM_RESOURCES_PS || reg == REG_DB_SHADER_CONTROL;
}

static void random_second_draw(void)
{
   static struct reg_value first[MAX_LOG];
   static struct prog ps;
   unsigned nfirst = nlogged, samples = cs.samples;
   bool first_gl_like = gl_like;
   struct ps_desc d = cs.d;
   memcpy(first, logged, sizeof(first));
   memcpy(&ps, &cs.ps, sizeof(ps));
   random_state();
   nsecond = 0;
   for (unsigned i = 0; i < nlogged; i++)
      if (!program_bound(logged[i].reg) && chance(35))
         second[nsecond++] = logged[i];
   memcpy(logged, first, sizeof(first));
   nlogged = nfirst;
   memcpy(&cs.ps, &ps, sizeof(ps));
   cs.d = d;
   cs.samples = samples;
   gl_like = first_gl_like;
}

/* Vertex buffer i at SET_RESOURCE slot 320 + i (the fetch shader's BUFFER_ID 160 + i). */
static void emit_buffer(struct ib *ib, unsigned i, uint64_t va, uint32_t bytes)
{
   ib_put(ib, PM4_TYPE3_HDR(PM4_IT_SET_RESOURCE, 8));
   ib_put(ib, (REG_SQ_VTX_CONSTANT_WORD0_0 + (320 + i) * RES_STRIDE -
               PM4_SET_RESOURCE_WINDOW_START) >> 2);
   ib_put(ib, SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS((uint32_t)va));
   ib_put(ib, SQ_VTX_CONSTANT_WORD1__SIZE(bytes - 1));
   ib_put(ib, SQ_VTX_CONSTANT_WORD2__STRIDE(16) |
              SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI((uint32_t)(va >> 32)));
   ib_put(ib, 0);
   ib_put(ib, 0);
   ib_put(ib, 0);
   ib_put(ib, SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER));
}

/* A value for every register random_state may leave out (those it sets only under a
 * condition), so that no register keeps a previous case's value: a case gives the same
 * memory whether it runs alone (`fuzz_pixel 1 SEED`) or after others, and a register the
 * report leaves out has the value written here. */
static void emit_baseline(struct ib *ib)
{
   const uint32_t rgba8 = CB_COLOR0_INFO__FORMAT(FMT(8_8_8_8)) |
                          CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED);
   const struct { uint32_t reg, value; } base[] = {
      { REG_PA_SC_MODE_CNTL, PA_SC_MODE_CNTL__R700_VPORT_SCISSOR_ENABLE(1) },
      { REG_PA_SC_AA_CONFIG, 0 }, { REG_PA_SC_AA_MASK, 0xFFFFFFFFu },
      { REG_PA_SC_AA_SAMPLE_LOCS_MCTX, 0 }, { REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1_MCTX, 0 },
      { REG_PA_SU_SC_MODE_CNTL, PA_SU_SC_MODE_CNTL__PROVOKING_VTX_LAST(1) },
      { REG_PA_SU_POLY_OFFSET_DB_FMT_CNTL, 0 }, { REG_PA_SU_POLY_OFFSET_CLAMP, 0 },
      { REG_PA_SU_POLY_OFFSET_FRONT_SCALE, 0 }, { REG_PA_SU_POLY_OFFSET_FRONT_OFFSET, 0 },
      { REG_PA_SU_POLY_OFFSET_BACK_SCALE, 0 }, { REG_PA_SU_POLY_OFFSET_BACK_OFFSET, 0 },
      { REG_SPI_INPUT_Z, 0 }, { REG_SPI_INTERP_CONTROL_0, 0 },
      { REG_SPI_PS_INPUT_CNTL_0, SPI_PS_INPUT_CNTL_0__SEMANTIC(1) },
      { REG_SPI_PS_INPUT_CNTL_0 + 4, SPI_PS_INPUT_CNTL_0__SEMANTIC(2) },
      { REG_SPI_PS_INPUT_CNTL_0 + 8, SPI_PS_INPUT_CNTL_0__SEMANTIC(3) },
      { REG_SPI_PS_INPUT_CNTL_0 + 12, SPI_PS_INPUT_CNTL_0__SEMANTIC(4) },
      { REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(0xCC) },
      { REG_CB_COLOR0_INFO, rgba8 }, { REG_CB_COLOR0_INFO + REG_CB_COLOR0_INFO__stride, rgba8 },
      { REG_CB_BLEND_CONTROL, 0 }, { REG_CB_BLEND0_CONTROL, 0 },
      { REG_CB_BLEND0_CONTROL + REG_CB_BLEND0_CONTROL__stride, 0 },
      { REG_CB_SHADER_CONTROL, 1 }, { REG_CB_TARGET_MASK, 0xF }, { REG_CB_SHADER_MASK, 0xF },
      { REG_CB_BLEND_RED, 0 }, { REG_CB_BLEND_GREEN, 0 }, { REG_CB_BLEND_BLUE, 0 },
      { REG_CB_BLEND_ALPHA, 0 }, { REG_CB_CLRCMP_CONTROL, 0 }, { REG_CB_CLRCMP_SRC, 0 },
      { REG_CB_CLRCMP_DST, 0 }, { REG_CB_CLRCMP_MSK, 0 }, { REG_SX_ALPHA_TEST_CONTROL, 0 },
      { REG_SX_ALPHA_REF, 0 }, { REG_DB_DEPTH_CONTROL, 0 }, { REG_DB_STENCILREFMASK, 0 },
      { REG_DB_STENCILREFMASK_BF, 0 }, { REG_DB_RENDER_OVERRIDE, 0 },
      { REG_PA_SC_VPORT_ZMIN_0, 0 }, { REG_PA_SC_VPORT_ZMAX_0, 0x3F800000u },
   };
   for (unsigned i = 0; i < sizeof(base) / sizeof(base[0]); i++)
      if (cs.chip == HW_CHIP_R7XX || (base[i].reg != REG_PA_SC_AA_SAMPLE_LOCS_MCTX &&
                                      base[i].reg != REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1_MCTX))
         ib_ctx(ib, base[i].reg, base[i].value);
}

/* Runs the case on device d: memory from cs, the fixed state, the random registers, the
 * draw. Returns the number of new faults. */
static unsigned run_on(struct dev *d)
{
   for (unsigned n = 0; n < 2; n++)
      memcpy(d->cb[n], cs.cb_init[n], CB_BYTES);
   memcpy(d->db, cs.db_init, DB_BYTES);
   memcpy(d->ps, cs.ps.dw, 8ull * cs.ps.qw);
   for (unsigned i = 0; i < 1 + NPARAM; i++)
      memcpy(d->vb[i], cs.vb[i], NVERT * 16);

   static struct ib ib;
   ib.n = 0;
   pm4p_emit_raster(&ib, W, H);
   pm4p_emit_shaders(&ib, d->vs_va, d->ps_va, false);
   ib_ctx(&ib, REG_SQ_PGM_START_FS, (uint32_t)(d->fs_va >> 8));
   ib_ctx(&ib, REG_SQ_PGM_RESOURCES_VS,
          SQ_PGM_RESOURCES_VS__NUM_GPRS(2 + NPARAM) | SQ_PGM_RESOURCES_VS__STACK_SIZE(1));
   ib_ctx(&ib, REG_SPI_VS_OUT_CONFIG, SPI_VS_OUT_CONFIG__VS_EXPORT_COUNT(NPARAM - 1));
   ib_ctx(&ib, REG_SPI_VS_OUT_ID_0, SPI_VS_OUT_ID_0__SEMANTIC_0(1) | SPI_VS_OUT_ID_0__SEMANTIC_1(2) |
                                    SPI_VS_OUT_ID_0__SEMANTIC_2(3) | SPI_VS_OUT_ID_0__SEMANTIC_3(4));
   for (unsigned i = 0; i < 1 + NPARAM; i++)
      emit_buffer(&ib, i, d->vb_va[i], NVERT * 16);
   for (unsigned n = 0; n < 2; n++) {
      uint32_t stride = n * REG_CB_COLOR0_INFO__stride;
      ib_ctx(&ib, REG_CB_COLOR0_BASE + stride, (uint32_t)(d->cb_va[n] >> 8));
      ib_ctx(&ib, REG_CB_COLOR0_SIZE + stride, CB_COLOR0_SIZE__PITCH_TILE_MAX(W / 8 - 1) |
                                               CB_COLOR0_SIZE__SLICE_TILE_MAX(W * H / 64 - 1));
      ib_ctx(&ib, REG_CB_COLOR0_VIEW + stride, 0);
   }
   pm4p_emit_db(&ib, d->db_va, W, H, DB_DEPTH_INFO__FORMAT__DEPTH_INVALID);
   ib_ctx(&ib, REG_DB_RENDER_CONTROL, 0);
   emit_baseline(&ib);
   if (cs.chip == HW_CHIP_R6XX) {   /* the original R600 keeps the locations in config regs */
      ib_cfg(&ib, REG_PA_SC_AA_SAMPLE_LOCS_2S, LOCS_2X);
      ib_cfg(&ib, REG_PA_SC_AA_SAMPLE_LOCS_4S, LOCS_4X);
      ib_cfg(&ib, REG_PA_SC_AA_SAMPLE_LOCS_8S_WD0, LOCS_8X_LO);
      ib_cfg(&ib, REG_PA_SC_AA_SAMPLE_LOCS_8S_WD1, LOCS_8X_HI);
   }
   for (unsigned i = 0; i < nlogged; i++)
      ib_ctx(&ib, logged[i].reg, logged[i].value);
   if (cs.nvert[0])
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, cs.nvert[0]);
   if (cs.nvert[1]) {   /* the second draw: the same PS, some registers changed, its triangles */
      for (unsigned i = 0; i < nsecond; i++)
         ib_ctx(&ib, second[i].reg, second[i].value);
      ib_ctx(&ib, REG_VGT_INDX_OFFSET, 3 * MAX_TRIS);
      pm4p_draw_auto(&ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_TRILIST, cs.nvert[1]);
   }
   r600_gpu_wait(d->gpu, r600_gpu_submit(d->gpu, ib.dw, ib.n));
   unsigned n = pm4p_new_faults(d->gpu, &d->fault_mark);
   if (n && getenv("R600SIM_FUZZ_FAULTS")) {
      struct r600_gpu_fault f;
      r600_gpu_faults(d->gpu, &f, 1);
      fprintf(stderr, "fault: %s\n", f.message);
   }
   return n;
}

/* ---- comparison and report ---------------------------------------------------------------- */

/* The value of a random register of this case (0 when the case did not set it). */
static uint32_t logged_value(uint32_t reg)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < nlogged; i++)
      if (logged[i].reg == reg)
         v = logged[i].value;
   return v;
}

/* Bytes per pixel of colour target n (1 when it has no format of the table). */
static unsigned cb_bpp(unsigned n)
{
   uint32_t info = logged_value(REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride);
   for (unsigned i = 0; i < NUM_FMTS; i++)
      if (fmts[i].code == CB_COLOR0_INFO__FORMAT__get(info))
         return fmts[i].bpp;
   return 1;
}

static unsigned db_bpp(void)
{
   static const unsigned bpp[] = { 2, 4, 4, 4, 8 };
   unsigned f = DB_DEPTH_INFO__FORMAT__get(logged_value(REG_DB_DEPTH_INFO));
   for (unsigned i = 0; i < 5; i++)
      if (db_formats[i] == f)
         return bpp[i];
   return 4;
}

/* Whether two buffers differ; with `print`, where they first do. */
static bool differs(const char *what, const uint8_t *ref, const uint8_t *fused, size_t bytes,
                    unsigned bpp, bool tiled, bool print)
{
   size_t i = 0;
   while (i < bytes && ref[i] == fused[i])
      i++;
   if (i == bytes)
      return false;
   if (!print)
      return true;
   size_t plane = (size_t)W * H * bpp, idx = (i % plane) / bpp;
   unsigned x = (unsigned)(idx % W), y = (unsigned)(idx / W);
   if (tiled) {   /* 8x8 tiles, row-major (db.h) */
      size_t tile = idx / 64, in = idx % 64;
      x = (unsigned)((tile % (W / 8)) * 8 + in % 8);
      y = (unsigned)((tile / (W / 8)) * 8 + in / 8);
   }
   size_t at = i - i % bpp;
   fprintf(stderr, "  %s: first difference at byte %zu: sample %zu, pixel (%u, %u):", what, i,
           i / plane, x, y);
   fprintf(stderr, "\n    reference:");
   for (unsigned k = 0; k < bpp; k++)
      fprintf(stderr, " %02x", ref[at + k]);
   fprintf(stderr, "\n    fused:    ");
   for (unsigned k = 0; k < bpp; k++)
      fprintf(stderr, " %02x", fused[at + k]);
   fprintf(stderr, "\n");
   return true;
}

/* Window position of vertex v in px, for the report. */
static void window_xy(unsigned v, float *x, float *y)
{
   const float *p = &cs.vb[0][4 * v];
   *x = (p[0] / p[3] + 1.0f) * (W / 2.0f);
   *y = (p[1] / p[3] + 1.0f) * (H / 2.0f);
}

static void describe_draw(unsigned draw)
{
   unsigned first = 3 * MAX_TRIS * draw;
   for (unsigned t = 0; t < cs.nvert[draw] / 3; t++) {
      fprintf(stderr, "    triangle %u:", t);
      for (unsigned k = 0; k < 3; k++) {
         float x, y;
         unsigned v = first + 3 * t + k;
         window_xy(v, &x, &y);
         fprintf(stderr, " (%g, %g, z %g, w %g)", (double)x, (double)y,
                 (double)(cs.vb[0][4 * v + 2] / cs.vb[0][4 * v + 3]), (double)cs.vb[0][4 * v + 3]);
      }
      fprintf(stderr, "\n");
   }
}

static void describe_case(void)
{
   const struct ps_desc *d = &cs.d;
   fprintf(stderr, "  %s case, %u triangles, %u samples; PS: %u inputs%s%s, %u ALU instructions%s, "
                   "%u colour exports%s\n",
           gl_like ? "GL-like" : "random", cs.nvert[0] / 3, cs.samples, d->ninterp, d->pos ? " + position" : "",
           d->face ? " + face" : "", d->nalu, d->kills ? " (kills)" : "", d->ncolor,
           d->zexport ? " + depth export" : "");
   fprintf(stderr, "  random registers (others as emit_baseline writes them):\n");
   for (unsigned i = 0; i < nlogged; i++)
      fprintf(stderr, "    %-34s (0x%05x) = 0x%08x\n", logged[i].name, logged[i].reg,
              logged[i].value);
   if (cs.nvert[0] / 3 <= 4)
      describe_draw(0);
   if (cs.nvert[1]) {
      fprintf(stderr, "  then a second draw of %u triangles with these changed:\n",
              cs.nvert[1] / 3);
      for (unsigned i = 0; i < nsecond; i++)
         fprintf(stderr, "    %-34s (0x%05x) = 0x%08x\n", second[i].name, second[i].reg,
                 second[i].value);
      if (cs.nvert[1] / 3 <= 4)
         describe_draw(1);
   }
   fprintf(stderr, "  PS dwords (CF at 0, clauses from qword %u):", CF_AREA);
   for (unsigned q = 0; q < cs.ps.qw; q++) {
      if (q < cs.ps.ncf || q >= CF_AREA)
         fprintf(stderr, "%s%08x %08x", q % 4 ? "  " : "\n    ", cs.ps.dw[2 * q],
                 cs.ps.dw[2 * q + 1]);
   }
   fprintf(stderr, "\n");
}

/* splitmix64: a well-mixed non-zero xorshift state from a case seed. */
static uint64_t mix_seed(uint64_t s)
{
   s += 0x9E3779B97F4A7C15ull;
   s = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9ull;
   s = (s ^ (s >> 27)) * 0x94D049BB133111EBull;
   s ^= s >> 31;
   return s ? s : 1;
}

static struct dev *dev_ref, *dev_fused;
static unsigned faults_ref, faults_fused;

/* Runs the current case (cs, logged, second) on both devices of its chip; returns whether
 * they agree (memory and fault counts); with `print`, says where they do not. */
static bool run_devices(bool print)
{
   faults_ref = run_on(dev_ref);
   faults_fused = run_on(dev_fused);
   bool bad = faults_ref != faults_fused;
   if (bad && print)
      fprintf(stderr, "  faults: %u with R600SIM_FUSED=0, %u with R600SIM_FUSED=1\n",
              faults_ref, faults_fused);
   char what[32];
   for (unsigned n = 0; n < 2 && !bad; n++) {
      snprintf(what, sizeof(what), "colour target %u", n);
      bad = differs(what, dev_ref->cb[n], dev_fused->cb[n], CB_BYTES, cb_bpp(n), false, print);
   }
   if (!bad)
      bad = differs("depth/stencil", dev_ref->db, dev_fused->db, DB_BYTES, db_bpp(), true, print);
   return !bad;
}

/* Removes entry i of a register list of n entries when the case still disagrees without
 * it (the register then has its baseline value); returns whether it did. */
static bool try_drop(struct reg_value *list, unsigned *n, unsigned i)
{
   struct reg_value saved = list[i];
   memmove(&list[i], &list[i + 1], (*n - i - 1) * sizeof(*list));
   (*n)--;
   if (!run_devices(false))
      return true;
   memmove(&list[i + 1], &list[i], (*n - i) * sizeof(*list));
   list[i] = saved;
   (*n)++;
   return false;
}

/* Removes triangle t of draw `draw` when the case still disagrees without it. */
static bool try_drop_triangle(unsigned draw, unsigned t)
{
   static float saved[1 + NPARAM][NVERT * 4];
   memcpy(saved, cs.vb, sizeof(saved));
   unsigned first = 3 * MAX_TRIS * draw, n = cs.nvert[draw];
   for (unsigned b = 0; b < 1 + NPARAM; b++)
      memmove(&cs.vb[b][4 * (first + 3 * t)], &cs.vb[b][4 * (first + 3 * t + 3)],
              (n - 3 * t - 3) * 4 * sizeof(float));
   cs.nvert[draw] -= 3;
   if (!run_devices(false))
      return true;
   memcpy(cs.vb, saved, sizeof(saved));
   cs.nvert[draw] = n;
   return false;
}

/* Shrinks a disagreeing case: drops the second draw, triangles and registers (but not those
 * the PS depends on) while the devices still disagree. */
static void minimise(void)
{
   unsigned n1 = cs.nvert[1];
   cs.nvert[1] = 0;
   if (run_devices(false))
      cs.nvert[1] = n1;
   for (unsigned draw = 0; draw < 2; draw++)
      for (unsigned t = cs.nvert[draw] / 3; t-- > 0;)
         if (cs.nvert[0] + cs.nvert[1] > 3)
            try_drop_triangle(draw, t);
   for (unsigned i = nsecond; i-- > 0;)
      try_drop(second, &nsecond, i);
   for (unsigned i = nlogged; i-- > 0;)
      if (!program_bound(logged[i].reg))
         try_drop(logged, &nlogged, i);
}

/* Runs case `seed` on both devices of its chip; returns whether they agree. On a
 * difference, prints it, shrinks the case and prints what is left. */
static bool run_case(uint64_t seed, unsigned *faulted)
{
   uint64_t family = seed / CASES_PER_CODE;
   rng_code = mix_seed(~family);
   rng_data = mix_seed(seed);
   rng = &rng_code;
   cs.chip = family & 1 ? HW_CHIP_R6XX : HW_CHIP_R7XX;
   random_state();
   random_second_draw();
   data_begin();
   random_vertices(0);
   random_vertices(1);
   random_memory();
   data_end();
   dev_ref = &devs[family & 1][0];
   dev_fused = &devs[family & 1][1];
   bool agree = run_devices(false);
   *faulted += faults_ref != 0;
   if (faults_ref && getenv("R600SIM_FUZZ_FAULTS")) {
      fprintf(stderr, "fuzz_pixel: seed %llu faults\n", (unsigned long long)seed);
      describe_case();
   }
   if (agree)
      return true;
   fprintf(stderr, "fuzz_pixel: seed %llu (%s): R600SIM_FUSED=1 differs from R600SIM_FUSED=0\n",
           (unsigned long long)seed, hw_chip_name(cs.chip));
   fprintf(stderr, "  reproduce: fuzz_pixel 1 %llu (alone), fuzz_pixel %u %llu (after the cases "
                   "sharing its code)\n", (unsigned long long)seed, CASES_PER_CODE,
           (unsigned long long)(seed - seed % CASES_PER_CODE));
   minimise();
   fprintf(stderr, "  the case shrunk to what still differs:\n");
   if (run_devices(true))
      fprintf(stderr, "  (the shrunk case agrees when run again: the difference depends on "
                      "what ran before)\n");
   describe_case();
   return false;
}

static double now(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
   char *end = NULL;
   unsigned long long count = argc > 1 ? strtoull(argv[1], &end, 0) : 100;
   if (argc > 3 || (end && *end) || count == 0) {
      fprintf(stderr, "usage: fuzz_pixel COUNT [SEED]\n");
      return 2;
   }
   uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
   setenv("R600SIM_JIT_ASYNC", "0", 0);
   setenv("R600SIM_CACHE_DIR", "", 0);
   /* the draws compile their code inside the submission: on a loaded machine that can pass
    * the default 10 s watchdog on one device only, a GPU hang fault that is no difference */
   setenv("R600SIM_GPU_TIMEOUT", "600000", 0);
   for (unsigned c = 0; c < 2; c++)
      for (unsigned f = 0; f < 2; f++)
         dev_create(&devs[c][f], c ? HW_CHIP_R6XX : HW_CHIP_R7XX, f);
   double t0 = now();
   unsigned faulted = 0;
   for (unsigned long long i = 0; i < count; i++) {
      if (!run_case(seed + i, &faulted))
         return 1;
   }
   double t = now() - t0;
   printf("fuzz_pixel: %llu cases (seeds %llu..%llu), no difference; %u with faults on both; "
          "%.1f cases/s\n", count, (unsigned long long)seed,
          (unsigned long long)(seed + count - 1), faulted, (double)count / t);
   for (unsigned c = 0; c < 2; c++)
      for (unsigned f = 0; f < 2; f++)
         r600_gpu_destroy(devs[c][f].gpu);
   return 0;
}
