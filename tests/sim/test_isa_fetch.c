/* Vertex-fetch and texture-instruction tests on both chips and both engines: every
 * DATA_FORMAT of the fetch unit with every number format (NORM unsigned / signed with both
 * SRF modes, INT, SCALED), endian swaps, stride / offset / CONST_BUF_NO_STRIDE, the
 * FETCH_TYPE index offsets, USE_CONST_FIELDS, out-of-bounds fetches, SEMANTIC fetches,
 * SRC_REL / DST_REL, FETCH_WHOLE_QUAD, vertex fetch in a TEX clause, ALT_CONST; SAMPLE /
 * LD on RGBA8 and float textures, depth compare, explicit gradients, GET_LOD / GET_LERP /
 * GET_NUMBER_OF_SAMPLES / RESINFO / PASS / KEEP_GRADIENTS / SET_CUBEMAP_INDEX,
 * BC_FRAC_MODE, GET_GRADIENTS across quads, and resource faults. Expected values are
 * computed here from the bytes each test writes. */
#include <math.h>
#include <stdio.h>

#include "sq/formats.h"
#include "isa_harness.h"

#define ONE 0x3F800000u
#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n
#define PS_RUN(...) ((struct run_opts){ .stage = SIM_STAGE_PS, __VA_ARGS__ })

/* ---- vertex fetch ------------------------------------------------------------------------- */

/* A program: one VTX clause with the given fetches, then END. */
static uint64_t vtx_prog(const struct vfetch *v, unsigned n)
{
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   for (unsigned i = 0; i < n; i++)
      vtx(&p, v[i]);
   cf_fetch(&p, CFI(VTX), at, n);
   cf(&p, CFI(NOP), 0, 0, true);
   return upload_prog(&p);
}

#define NUM(n) ENU(SQ_VTX_WORD1, NUM_FORMAT_ALL, SQ_NUM_FORMAT_##n)

/* One element of a format: its bytes and the integer components they hold (X first), or
 * for float formats the fp32 bits each component decodes to. */
struct vfmt {
   const char *name;
   unsigned code, nbytes, ncomp;
   uint8_t bytes[16];
   uint32_t raw[4];
   unsigned bits;          /* component width (all components), 0 for the packed formats */
   unsigned pbits[4];      /* packed formats: widths X..W */
   bool is_float;
};

static const struct vfmt vformats[] = {
   { "8", FMT(8), 1, 1, { 0x80 }, { 0x80 }, 8, { 0 }, false },
   { "8_8", FMT(8_8), 2, 2, { 0xFF, 0x01 }, { 0xFF, 0x01 }, 8, { 0 }, false },
   { "8_8_8", FMT(8_8_8), 3, 3, { 0x00, 0x7F, 0x81 }, { 0x00, 0x7F, 0x81 }, 8, { 0 }, false },
   { "8_8_8_8", FMT(8_8_8_8), 4, 4, { 0x10, 0x20, 0xC0, 0xFE }, { 0x10, 0x20, 0xC0, 0xFE }, 8, { 0 }, false },
   { "16", FMT(16), 2, 1, { 0x34, 0x12 }, { 0x1234 }, 16, { 0 }, false },
   { "16_16", FMT(16_16), 4, 2, { 0x00, 0x80, 0xFF, 0xFF }, { 0x8000, 0xFFFF }, 16, { 0 }, false },
   { "16_16_16", FMT(16_16_16), 6, 3, { 0xFF, 0x7F, 0x01, 0x00, 0x02, 0x80 }, { 0x7FFF, 0x0001, 0x8002 }, 16, { 0 }, false },
   { "16_16_16_16", FMT(16_16_16_16), 8, 4, { 1, 0, 2, 0, 3, 0, 0, 0xC0 }, { 1, 2, 3, 0xC000 }, 16, { 0 }, false },
   { "32", FMT(32), 4, 1, { 0xEF, 0xBE, 0xAD, 0xDE }, { 0xDEADBEEF }, 32, { 0 }, false },
   { "32_32", FMT(32_32), 8, 2, { 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F }, { 1, 0x7FFFFFFF }, 32, { 0 }, false },
   { "32_32_32", FMT(32_32_32), 12, 3, { 0, 0, 0, 0x80, 5, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF },
     { 0x80000000, 5, 0xFFFFFFFF }, 32, { 0 }, false },
   { "32_32_32_32", FMT(32_32_32_32), 16, 4, { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 },
     { 0x04030201, 0x08070605, 0x0C0B0A09, 0x100F0E0D }, 32, { 0 }, false },
   { "2_10_10_10", FMT(2_10_10_10), 4, 4, { 0x01, 0xFC, 0x0F, 0xE0 }, { 1, 0x3FF, 0x200, 3 }, 0, { 10, 10, 10, 2 }, false },
   { "5_6_5", FMT(5_6_5), 2, 3, { 0x3F, 0xF8 }, { 0x1F, 0x01, 0x1F }, 0, { 5, 6, 5 }, false },
   { "1_5_5_5", FMT(1_5_5_5), 2, 4, { 0x21, 0x84 }, { 1, 1, 1, 1 }, 0, { 5, 5, 5, 1 }, false },
   { "4_4_4_4", FMT(4_4_4_4), 2, 4, { 0x21, 0x8F }, { 1, 2, 0xF, 8 }, 0, { 4, 4, 4, 4 }, false },
   /* float formats: raw dwords (half: converted exactly, denormals included) */
   { "32_FLOAT", FMT(32_FLOAT), 4, 1, { 0x00, 0x00, 0xA0, 0x7F }, { 0x7FA00000 }, 0, { 0 }, true },
   { "32_32_FLOAT", FMT(32_32_FLOAT), 8, 2, { 0, 0, 0x80, 0x3F, 1, 0, 0, 0x80 }, { ONE, 0x80000001 }, 0, { 0 }, true },
   { "32_32_32_FLOAT", FMT(32_32_32_FLOAT), 12, 3, { 0, 0, 0x80, 0x7F, 0, 0, 0, 0, 0, 0, 0x20, 0xC1 },
     { 0x7F800000, 0, 0xC1200000 }, 0, { 0 }, true },
   { "32_32_32_32_FLOAT", FMT(32_32_32_32_FLOAT), 16, 4, { 0, 0, 0, 0x3F, 0, 0, 0, 0x40, 0, 0, 0x40, 0x40, 0, 0, 0x80, 0x40 },
     { 0x3F000000, 0x40000000, 0x40400000, 0x40800000 }, 0, { 0 }, true },
   { "16_FLOAT", FMT(16_FLOAT), 2, 1, { 0x00, 0x3C }, { ONE }, 0, { 0 }, true },
   { "16_16_FLOAT", FMT(16_16_FLOAT), 4, 2, { 0x00, 0xC0, 0x00, 0x7C }, { 0xC0000000, 0x7F800000 }, 0, { 0 }, true },
   { "16_16_16_FLOAT", FMT(16_16_16_FLOAT), 6, 3, { 0x01, 0x00, 0x00, 0x7E, 0x00, 0x80 },
     { 0x33800000, 0x7FC00000, 0x80000000 }, 0, { 0 }, true },
   { "16_16_16_16_FLOAT", FMT(16_16_16_16_FLOAT), 8, 4, { 0x55, 0x35, 0xFF, 0x7B, 0x00, 0x04, 0xFF, 0x03 },
     { 0x3EAAA000, 0x477FE000, 0x38800000, 0x387FC000 }, 0, { 0 }, true },
};

enum vnum { V_UNORM, V_SNORM_ZC, V_SNORM_NZ, V_UINT, V_SINT, V_USCALED, V_SSCALED, V_NUMS };
static const char *const vnum_names[V_NUMS] = { "unorm", "snorm", "snorm no-zero", "uint", "sint", "uscaled", "sscaled" };

/* The reference conversion of one integer component of `bits` bits. */
static uint32_t convert(uint32_t raw, unsigned bits, enum vnum n)
{
   double max_u = bits == 32 ? 4294967295.0 : (double)((1ull << bits) - 1);
   int64_t s = (bits < 32 && (raw >> (bits - 1) & 1)) ? (int64_t)raw - ((int64_t)1 << bits)
               : bits == 32 ? (int64_t)(int32_t)raw : (int64_t)raw;
   double half_max = (double)((1ull << (bits - 1)) - 1);
   switch (n) {
   case V_UNORM: return U((float)((double)raw / max_u));
   case V_SNORM_ZC: { double r = (double)s / half_max; return U((float)(r < -1.0 ? -1.0 : r)); }
   case V_SNORM_NZ: return U((float)((2.0 * (double)s + 1.0) / max_u));
   case V_UINT: return raw;
   case V_SINT: return (uint32_t)s;
   case V_USCALED: return U((float)raw);
   default: return U((float)s);
   }
}

static void test_vtx_formats(void)
{
   for (size_t f = 0; f < sizeof(vformats) / sizeof(vformats[0]); f++) {
      const struct vfmt *vf = &vformats[f];
      uint64_t va = upload(vf->bytes, 16);
      set_buffer(0, va, vf->nbytes, vf->nbytes, 0);
      for (unsigned n = 0; n < (vf->is_float ? 1u : (unsigned)V_NUMS); n++) {
         struct vfetch v = { .fmt = vf->code, .dst_gpr = 1, .sel = XYZW,
                             .num = n <= V_SNORM_NZ ? NUM(NORM) : n <= V_SINT ? NUM(INT) : NUM(SCALED),
                             .sgn = n == V_SNORM_ZC || n == V_SNORM_NZ || n == V_SINT || n == V_SSCALED,
                             .no_zero = n == V_SNORM_NZ };
         clear_lanes();
         char name[64];
         snprintf(name, sizeof(name), "VTX %s %s", vf->name, vf->is_float ? "float" : vnum_names[n]);
         if (!run_both(name, vtx_prog(&v, 1), PS_RUN()))
            continue;
         for (unsigned c = 0; c < 4; c++) {
            uint32_t want;
            if (c >= vf->ncomp)
               want = c < 3 ? 0 : (!vf->is_float && (n == V_UINT || n == V_SINT)) ? 1u : ONE;
            else if (vf->is_float)
               want = vf->raw[c];
            else
               want = convert(vf->raw[c], vf->bits ? vf->bits : vf->pbits[c], (enum vnum)n);
            check_u32(R(1, c, 0), want, "%s component %c", name, "xyzw"[c]);
            check_u32(R(1, c, 9), want, "%s component %c (lane 9)", name, "xyzw"[c]);
         }
      }
   }
}

/* Endian swaps, stride and offset, CONST_BUF_NO_STRIDE, FETCH_TYPE offsets,
 * USE_CONST_FIELDS, out-of-bounds fetches (zero or NaN), DST_SEL. */
static void test_vtx_addressing(void)
{
   static uint8_t data[256];
   for (unsigned i = 0; i < sizeof(data); i++)
      data[i] = (uint8_t)i;
   uint64_t va = upload(data, sizeof(data));
   set_buffer(0, va, 200, 12, 0);
   set_buffer(1, va, 150, 12, SQ_VTX_CONSTANT_WORD2__CLAMP_X(SQ_VTX_CONSTANT_WORD2__CLAMP_X__SQ_VTX_CLAMP_NAN) |
                                 SQ_VTX_CONSTANT_WORD2__DATA_FORMAT(FMT(16_16)) |
                                 SQ_VTX_CONSTANT_WORD2__NUM_FORMAT_ALL(SQ_VTX_CONSTANT_WORD2__NUM_FORMAT_ALL__SQ_NUM_FORMAT_INT) |
                                 SQ_VTX_CONSTANT_WORD2__ENDIAN_SWAP(SQ_VTX_CONSTANT_WORD2__ENDIAN_SWAP__SQ_ENDIAN_8IN16));
   set_reg(REG_SQ_VTX_BASE_VTX_LOC, 2);
   set_reg(REG_SQ_VTX_START_INST_LOC, 5);
   struct vfetch v[] = {
      /* R1: 32 INT at l * 12 + 4, 8IN32 swapped */
      { .fmt = FMT(32), .num = NUM(INT), .dst_gpr = 1, .offset = 4, .sel = XYZW,
        .endian = ENU(SQ_VTX_WORD2, ENDIAN_SWAP, SQ_ENDIAN_8IN32), .fetch_type = ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_NO_INDEX_OFFSET) },
      /* R2: 16_16 INT, 8IN16, index + BASE_VTX_LOC */
      { .fmt = FMT(16_16), .num = NUM(INT), .dst_gpr = 2, .sel = XYZW,
        .endian = ENU(SQ_VTX_WORD2, ENDIAN_SWAP, SQ_ENDIAN_8IN16), .fetch_type = ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_VERTEX_DATA) },
      /* R3: 8_8_8_8 INT, index + START_INST_LOC, no stride, swizzle w z 1 mask */
      { .fmt = FMT(8_8_8_8), .num = NUM(INT), .dst_gpr = 3, .no_stride = true,
        .sel = { VSEL(W), VSEL(Z), VSEL(1), VSEL(MASK) }, .fetch_type = ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_INSTANCE_DATA) },
      /* R4: resource 1's fields (16_16 INT, 8IN16), out of bounds past lane 14 -> NaN */
      { .buffer = 1, .const_fields = true, .dst_gpr = 4, .sel = XYZW, .offset = 8,
        .fetch_type = ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_NO_INDEX_OFFSET) },
      /* R5: resource 0 out of bounds for lanes >= 16 - 0 (index 200 / 12) -> 0 */
      { .fmt = FMT(32_32_32_32), .num = NUM(INT), .dst_gpr = 5, .src_chan = 1, .sel = XYZW,
        .fetch_type = ENU(SQ_VTX_WORD0, FETCH_TYPE, SQ_VTX_FETCH_NO_INDEX_OFFSET) },
   };
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[0][0][l] = l;
      init_lanes.gpr[0][1][l] = l + 8;
      for (unsigned c = 0; c < 4; c++)
         init_lanes.gpr[3][c][l] = 0xEEEEEEEEu;
   }
   if (!run_both("VTX addressing", vtx_prog(v, 5), PS_RUN()))
      return;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned a = l * 12 + 4;
      check_u32(R(1, 0, l), (uint32_t)data[a] << 24 | data[a + 1] << 16 | data[a + 2] << 8 | data[a + 3],
                "8IN32 swap, stride 12, offset 4 (lane %u)", l);
      unsigned b = (l + 2) * 12;
      if (b + 3 <= 199)
         check(R(2, 0, l) == ((uint32_t)data[b] << 8 | data[b + 1]) && R(2, 1, l) == ((uint32_t)data[b + 2] << 8 | data[b + 3]),
               "8IN16 swap, BASE_VTX_LOC (lane %u)", l);
      else
         check(R(2, 0, l) == 0 && R(2, 3, l) == 0, "CLAMP_X zero out of bounds (lane %u)", l);
      check(R(3, 0, l) == data[3] && R(3, 1, l) == data[2] && R(3, 2, l) == ONE && R(3, 3, l) == 0xEEEEEEEEu,
            "no stride, DST_SEL w z 1 mask (lane %u)", l);
      unsigned d = l * 12 + 8;
      if (d + 3 <= 149)
         check(R(4, 0, l) == ((uint32_t)data[d] << 8 | data[d + 1]) && R(4, 3, l) == 1,
               "USE_CONST_FIELDS: the resource's format (lane %u)", l);
      else
         check(R(4, 0, l) == 0xFFC00000u && R(4, 3, l) == 0xFFC00000u, "CLAMP_X NaN out of bounds (lane %u)", l);
      unsigned e = (l + 8) * 12;
      if (e + 15 <= 199)
         check_u32(R(5, 0, l), (uint32_t)data[e + 3] << 24 | data[e + 2] << 16 | data[e + 1] << 8 | data[e],
                   "32_32_32_32 from src_chan y (lane %u)", l);
      else
         check(R(5, 0, l) == 0 && R(5, 3, l) == 0, "out of bounds: 0 (lane %u)", l);
   }
   set_reg(REG_SQ_VTX_BASE_VTX_LOC, 0);
   set_reg(REG_SQ_VTX_START_INST_LOC, 0);
}

/* SEMANTIC fetches, SRC_REL / DST_REL with AL, FETCH_WHOLE_QUAD, ALT_CONST, a fetch in a
 * TEX clause, resource faults. */
static void test_vtx_modes(void)
{
   static uint32_t data[64];
   for (unsigned i = 0; i < 64; i++)
      data[i] = 0x1000 + i;
   uint64_t va = upload(data, sizeof(data));
   set_buffer(0, va, sizeof(data), 4, 0);
   set_buffer(160 + 2, va, sizeof(data), 8, 0);   /* the VS's buffer 2, for ALT_CONST */
   for (unsigned n = 0; n < 32; n++)
      set_reg(REG_SQ_VTX_SEMANTIC_0 + 4 * n, 0xFF);
   set_reg(REG_SQ_VTX_SEMANTIC_0 + 4 * 3, 42);
   set_reg(REG_SQ_LOOP_CONST_0 + 4 * 1, SQ_LOOP_CONST_0__COUNT(1) | SQ_LOOP_CONST_0__INIT(2));

   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   struct vfetch v[] = {
      { .fmt = FMT(32), .num = NUM(INT), .semantic = true, .semantic_id = 42, .sel = XYZW },   /* -> R4 */
      { .fmt = FMT(32), .num = NUM(INT), .semantic = true, .semantic_id = 7, .sel = XYZW },    /* no entry */
      { .fmt = FMT(32), .num = NUM(INT), .src_gpr = 10, .src_rel = true, .dst_gpr = 20, .dst_rel = true, .sel = XYZW },
      { .fmt = FMT(32), .num = NUM(INT), .dst_gpr = 30, .whole_quad = true, .sel = XYZW },
   };
   for (unsigned i = 0; i < 4; i++)
      vtx(&p, v[i]);
   unsigned tex_at = p.qw;
   /* VTX_FETCH in a TEX clause: the same word layout */
   vtx(&p, (struct vfetch){ .fmt = FMT(32), .num = NUM(INT), .dst_gpr = 31, .sel = XYZW, .alt = R7,
                            .buffer = R7 ? 2 : 0 });
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(PRED_SETGT), 0, 0, .nowrite = true, .s0 = gpr(1, 0),
                         .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0)), .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_PUSH_BEFORE), (struct kcache){ 0 });   /* 0: lanes 1, 6 active */
   cf_full(&p, (struct cfw){ .inst = CFI(LOOP_START), .addr = 4, .cf_const = 1 });   /* 1: AL = 2 */
   cf_fetch(&p, CFI(VTX), at, 4);                                                    /* 2 */
   cf(&p, CFI(LOOP_END), 2, 0, false);                                               /* 3 */
   cf_fetch(&p, CFI(TEX), tex_at, 1);                                                /* 4 */
   cf(&p, CFI(POP), 6, 1, false);                                                    /* 5 */
   cf(&p, CFI(NOP), 0, 0, true);                                                     /* 6 */
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[0][0][l] = l;
      init_lanes.gpr[1][0][l] = U(l == 1 || l == 6 ? 1.0f : -1.0f);
      init_lanes.gpr[12][0][l] = 20 + l;    /* R[10 + AL] */
      init_lanes.gpr[5][0][l] = 0xABCD;     /* not written by the unmatched semantic */
   }
   if (run_both("VTX modes", upload_prog(&p), PS_RUN())) {
      for (unsigned l = 0; l < SIM_LANES; l++) {
         bool act = l == 1 || l == 6, quad = l < 8;
         check_u32(R(4, 0, l), act ? 0x1000 + l : 0, "SEMANTIC 42 -> SQ_VTX_SEMANTIC_3 -> R4 (lane %u)", l);
         check_u32(R(5, 0, l), 0xABCD, "an unmatched SEMANTIC writes nothing (lane %u)", l);
         check_u32(R(22, 0, l), act ? 0x1000 + 20 + l : 0, "SRC_REL / DST_REL: R[20 + AL] from R[10 + AL] (lane %u)", l);
         check_u32(R(30, 0, l), quad ? 0x1000 + l : 0, "FETCH_WHOLE_QUAD (lane %u)", l);
         uint32_t tw = R7 ? 0x1000 + 2 * l : 0x1000 + l;   /* ALT_CONST: the VS buffer, stride 8 */
         check_u32(R(31, 0, l), act ? tw : 0, "VTX_FETCH in a TEX clause%s (lane %u)", R7 ? " with ALT_CONST" : "", l);
      }
   }

   struct vfetch bad = { .buffer = 5, .fmt = FMT(32), .num = NUM(INT), .dst_gpr = 1, .sel = XYZW };
   set_reg(REG_SQ_VTX_CONSTANT_WORD6_0 + 5 * RES_STRIDE, 0);
   expect_fault("VTX from an invalid resource", vtx_prog(&bad, 1), PS_RUN(), "not a valid buffer");
   bad.buffer = 0;
   bad.fmt = FMT(BC1);
   expect_fault("VTX with a block format", vtx_prog(&bad, 1), PS_RUN(), "DATA_FORMAT 49");
}

/* ---- textures ---------------------------------------------------------------------------- */

#define WRAP SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP
#define CLAMP_BORDER SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_BORDER
#define MIP_NONE SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE
#define MIP_POINT SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_POINT
#define MIP_LINEAR SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_LINEAR
#define NUM_NORM SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_NORM
#define CMP(n) SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION__SQ_TEX_DEPTH_COMPARE_##n

/* TEX clauses of at most 8 instructions (the R6xx limit) for t[0..n-1], then END. */
static uint64_t tex_prog(const struct texi *t, unsigned n)
{
   struct prog p;
   prog_init(&p);
   for (unsigned first = 0; first < n; first += 8) {
      unsigned at = p.qw, count = n - first < 8 ? n - first : 8;
      for (unsigned i = first; i < first + count; i++)
         tex(&p, t[i]);
      cf_fetch(&p, CFI(TEX), at, count);
   }
   cf(&p, CFI(NOP), 0, 0, true);
   return upload_prog(&p);
}

/* Float textures (32_32_32_32_FLOAT, 16_16_16_16_FLOAT) with SAMPLE / LD, RGBA8 with
 * bilinear sampling, and the query instructions. */
static void test_tex_formats(void)
{
   static float f32[2 * 8][4];    /* 2x2 texels, pitch 8 */
   static float tv[4][4] = { { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { -1, 0.5f, 0.25f, 100 }, { 0, -0.0f, 0, 0 } };
   tv[3][3] = Fl(0x00000001);                             /* a denormal: LD keeps its bits */
   for (unsigned j = 0; j < 2; j++)
      for (unsigned i = 0; i < 2; i++)
         memcpy(f32[j * 8 + i], tv[j * 2 + i], 16);
   static uint16_t f16[2 * 8][4];
   static const uint16_t hv[4][4] = { { 0x3C00, 0x4000, 0x4200, 0x4400 }, { 0x4500, 0x4600, 0x4700, 0x4800 },
                                      { 0xBC00, 0x3800, 0x3400, 0x5640 }, { 0, 0, 0, 0x7C00 } };
   for (unsigned j = 0; j < 2; j++)
      for (unsigned i = 0; i < 2; i++)
         memcpy(f16[j * 8 + i], hv[j * 2 + i], 8);
   static uint8_t rgba[2 * 8 * 4];
   for (unsigned k = 0; k < sizeof(rgba); k++)
      rgba[k] = (uint8_t)(k * 37);
   set_texture(0, FMT(32_32_32_32_FLOAT), 2, 2, upload(f32, sizeof(f32)), 0, 0, NUM_NORM);
   set_texture(1, FMT(16_16_16_16_FLOAT), 2, 2, upload(f16, sizeof(f16)), 0, 0, NUM_NORM);
   set_texture(2, FMT(8_8_8_8), 2, 2, upload(rgba, sizeof(rgba)), 0, 0, NUM_NORM);
   set_sampler(0, WRAP, false, MIP_NONE, 0);
   set_sampler(1, WRAP, true, MIP_NONE, 0);
   struct texi t[] = {
      { TEXI(SAMPLE), 0, 0, 1, 10, SXYZW },                       /* point at R1 */
      { TEXI(SAMPLE), 0, 1, 2, 11, SXYZW },                       /* bilinear at the centre */
      { TEXI(LD), 0, 0, 3, 12, SXYZW, .unnormalized = true },
      { TEXI(SAMPLE_LZ), 1, 1, 2, 13, SXYZW },                    /* half floats, bilinear */
      { TEXI(SAMPLE_L), 2, 1, 2, 14, SXYZW },                     /* RGBA8 bilinear */
      { TEXI(GET_NUMBER_OF_SAMPLES), 0, 0, 1, 15, SXYZW },
      { TEXI(GET_TEXTURE_RESINFO), 2, 0, 4, 16, SXYZW },
      { TEXI(PASS), 0, 0, 1, 17, SXYZW },
      { TEXI(SET_CUBEMAP_INDEX), 0, 0, 1, 18, SXYZW },
   };
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned i = l & 1, j = (l >> 1) & 1;
      init_lanes.gpr[1][0][l] = U(0.25f + 0.5f * (float)i);
      init_lanes.gpr[1][1][l] = U(0.25f + 0.5f * (float)j);
      init_lanes.gpr[2][0][l] = U(0.5f);
      init_lanes.gpr[2][1][l] = U(0.5f);
      init_lanes.gpr[3][0][l] = i;
      init_lanes.gpr[3][1][l] = j;
      init_lanes.gpr[4][0][l] = 0;
      init_lanes.gpr[18][0][l] = 0x5EEDu;
   }
   if (!run_both("texture formats", tex_prog(t, 9), PS_RUN()))
      return;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned i = l & 1, j = (l >> 1) & 1;
      for (unsigned c = 0; c < 4; c++) {
         /* bilinear at (1, 1): four taps of weight 1/4 accumulated in order */
         float acc = 0.0f;
         for (unsigned k = 0; k < 4; k++)
            acc = acc + 0.25f * tv[k][c];
         check_u32(R(10, c, l), U(tv[j * 2 + i][c]), "32 float point sample lane %u .%c", l, "xyzw"[c]);
         check_u32(R(11, c, l), U(acc), "32 float bilinear lane %u .%c", l, "xyzw"[c]);
         check_u32(R(12, c, l), U(tv[j * 2 + i][c]), "LD returns the texel's bits lane %u .%c", l, "xyzw"[c]);
      }
      static const float hf[4][4] = { { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { -1, 0.5f, 0.25f, 100 }, { 0, 0, 0, INFINITY } };
      for (unsigned c = 0; c < 4; c++) {
         float acc = 0.0f;
         for (unsigned k = 0; k < 4; k++)
            acc = acc + 0.25f * hf[k][c];
         check_u32(R(13, c, l), U(acc), "half float bilinear lane %u .%c", l, "xyzw"[c]);
         float a8 = 0.0f;
         static const unsigned tap[4] = { 0, 1, 8, 9 };
         for (unsigned k = 0; k < 4; k++)
            a8 = a8 + 0.25f * (float)(rgba[tap[k] * 4 + c] / 255.0);
         check_u32(R(14, c, l), U(a8), "RGBA8 bilinear lane %u .%c", l, "xyzw"[c]);
      }
      check(R(15, 0, l) == 2 && R(15, 1, l) == 2 && R(15, 2, l) == 1 && R(15, 3, l) == 1,
            "GET_NUMBER_OF_SAMPLES: 2, 2, 1 layer, 1 sample");
      check(R(16, 0, l) == 2 && R(16, 1, l) == 2 && R(16, 2, l) == 1 && R(16, 3, l) == 1,
            "GET_TEXTURE_RESINFO level 0: 2, 2, 1, 1 level");
      check(R(17, 0, l) == init_lanes.gpr[1][0][l] && R(17, 1, l) == init_lanes.gpr[1][1][l],
            "PASS returns its source");
      check_u32(R(18, 0, l), 0x5EEDu, "SET_CUBEMAP_INDEX writes nothing");
   }
}

/* SAMPLE_C (point and PCF), SAMPLE_G with SET_GRADIENTS, GET_LOD, GET_LERP, KEEP_GRADIENTS,
 * BC_FRAC_MODE, FETCH_WHOLE_QUAD, SRC_REL / DST_REL and quad gradients. */
static void test_tex_ops(void)
{
   static float depth[8] = { 0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f };   /* 8x1 */
   set_texture(3, FMT(32_FLOAT), 8, 1, upload(depth, sizeof(depth)), 0, 0, NUM_NORM);
   set_sampler(2, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_LAST_TEXEL, false, MIP_NONE, CMP(LESS));
   set_sampler(3, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_LAST_TEXEL, true, MIP_NONE, CMP(GREATEREQUAL));
   /* 8x8 RGBA8 with 4 levels; level k holds the colour 40 (k + 1) */
   static uint8_t mips[4 * 256];
   for (unsigned k = 0; k < 4; k++)
      for (unsigned b = 0; b < 256; b++)
         mips[k * 256 + b] = (uint8_t)(40 * (k + 1));
   uint64_t mva = upload(mips, sizeof(mips));
   set_texture(4, FMT(8_8_8_8), 8, 8, mva, mva + 256, 3, NUM_NORM);
   set_sampler(4, WRAP, false, MIP_POINT, 0);
   set_sampler(5, WRAP, true, MIP_LINEAR, 0);
   set_sampler(6, CLAMP_BORDER, true, MIP_NONE, 0);

   struct texi t[] = {
      { TEXI(SAMPLE_C), 3, 2, 1, 10, { TSRC(X), TSRC(0), TSRC(0), TSRC(Y) } },   /* point: ref < texel */
      { TEXI(SAMPLE_C_LZ), 3, 3, 1, 11, { TSRC(Z), TSRC(0), TSRC(0), TSRC(Y) } }, /* PCF */
      { TEXI(SET_GRADIENTS_H), 0, 0, 2, 0, SXYZW },
      { TEXI(SET_GRADIENTS_V), 0, 0, 3, 0, SXYZW },
      { TEXI(SAMPLE_G), 4, 4, 4, 12, SXYZW },
      { TEXI(GET_LOD), 4, 5, 5, 13, SXYZW },
      { TEXI(GET_LERP), 4, 5, 5, 14, SXYZW },
      { TEXI(SAMPLE), 4, 6, 6, 15, SXYZW, .bc_frac = true },
      { TEXI(GET_GRADIENTS_H), 0, 0, 7, 16, SXYZW },
      { TEXI(GET_GRADIENTS_V), 0, 0, 7, 17, SXYZW },
   };
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned q = l / 4, px = (q % 2) * 2 + (l & 1), py = (q / 2) * 2 + ((l >> 1) & 1);
      init_lanes.gpr[1][0][l] = U(((float)(l % 8) + 0.5f) / 8.0f);   /* texel l % 8 */
      init_lanes.gpr[1][1][l] = U(0.45f);                             /* the reference */
      init_lanes.gpr[1][2][l] = U(0.5f);                              /* between texels 3, 4 */
      init_lanes.gpr[2][0][l] = U(0.25f);                             /* gradients: 2 texels -> LOD 1 */
      init_lanes.gpr[3][1][l] = U(0.125f);
      init_lanes.gpr[4][0][l] = U(0.5f);
      init_lanes.gpr[4][1][l] = U(0.5f);
      init_lanes.gpr[5][0][l] = U(((float)px * 4.0f + 1.0f) / 8.0f);  /* 4 texels per pixel: LOD 2 */
      init_lanes.gpr[5][1][l] = U(((float)py * 4.0f + 1.0f) / 8.0f);
      init_lanes.gpr[6][0][l] = U(-0.25f / 8.0f);                     /* 3/4 on the border */
      init_lanes.gpr[6][1][l] = U(0.5f);
      init_lanes.gpr[7][0][l] = U((float)(l * l));
      init_lanes.gpr[7][1][l] = U(-(float)l);
   }
   if (!run_both("texture instructions", tex_prog(t, 10), PS_RUN()))
      return;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      float texel = depth[l % 8];
      check_u32(R(10, 0, l), 0.45f < texel ? ONE : 0, "SAMPLE_C LESS lane %u", l);
      check_u32(R(11, 0, l), U(0.5f), "SAMPLE_C_LZ PCF: 0.45 >= 0.4 and not 0.5 -> 0.5 (lane %u)", l);
      check_u32(R(12, 0, l), U((float)(80 / 255.0)), "SAMPLE_G: gradients of 2 texels pick level 1 (lane %u)", l);
      check(R(13, 0, l) == U(2.0f) && R(13, 1, l) == U(2.0f), "GET_LOD 2 (lane %u: %g %g)", l,
            (double)Fl(R(13, 0, l)), (double)Fl(R(13, 1, l)));
      /* level 2 is 2x2: the coordinate (4 px + 1) / 8 is texel (px + 0.25) - 0.5 -> fraction 0.75 */
      check(R(14, 0, l) == U(0.75f) && R(14, 1, l) == U(0.75f) && R(14, 2, l) == 0 && R(14, 3, l) == 0,
            "GET_LERP (lane %u: %g %g %g %g)", l, (double)Fl(R(14, 0, l)), (double)Fl(R(14, 1, l)),
            (double)Fl(R(14, 2, l)), (double)Fl(R(14, 3, l)));
      check_u32(R(15, 0, l), U(0.75f), "BC_FRAC_MODE: the fraction of the footprint on the border (lane %u)", l);
      unsigned qd = l & ~3u, pos = l & 3u, rh = qd + (pos & 2u), cv = qd + (pos & 1u);
      check_u32(R(16, 0, l), U((float)((rh + 1) * (rh + 1)) - (float)(rh * rh)), "GET_GRADIENTS_H .x lane %u", l);
      check_u32(R(16, 1, l), U(-1.0f), "GET_GRADIENTS_H .y lane %u", l);
      check_u32(R(17, 0, l), U((float)((cv + 2) * (cv + 2)) - (float)(cv * cv)), "GET_GRADIENTS_V .x lane %u", l);
      check_u32(R(17, 1, l), U(-2.0f), "GET_GRADIENTS_V .y lane %u", l);
   }
}

/* FETCH_WHOLE_QUAD, SRC_REL / DST_REL and (R7xx) KEEP_GRADIENTS feeding SAMPLE_G. */
static void test_tex_modes(void)
{
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   tex(&p, (struct texi){ TEXI(PASS), 0, 0, 1, 20, SXYZW, .whole_quad = true });
   tex(&p, (struct texi){ TEXI(PASS), 0, 0, 10, 30, SXYZW, .src_rel = true, .dst_rel = true });
   tex(&p, (struct texi){ TEXI(PASS), 0, 0, 1, 21, SXYZW });
   if (R7) {
      tex(&p, (struct texi){ R7_SQ_TEX_WORD0__TEX_INST__SQ_TEX_INST_KEEP_GRADIENTS, 0, 0, 5, 0, SXYZW });
      tex(&p, (struct texi){ TEXI(SAMPLE_G), 4, 4, 5, 22, SXYZW });
   }
   alu_begin(&p);
   alu(&p, (struct alu){ OP2(PRED_SETGT), 0, 0, .nowrite = true, .s0 = gpr(2, 0),
                         .s1 = inl(ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_0)), .upd_exec = true, .upd_pred = true }, true);
   cf_alu(&p, ALUK(ALU_PUSH_BEFORE), (struct kcache){ 0 });                          /* 0 */
   set_reg(REG_SQ_LOOP_CONST_0 + 4 * 1, SQ_LOOP_CONST_0__COUNT(1) | SQ_LOOP_CONST_0__INIT(3));
   cf_full(&p, (struct cfw){ .inst = CFI(LOOP_START), .addr = 4, .cf_const = 1 });   /* 1 */
   cf_fetch(&p, CFI(TEX), at, R7 ? 5 : 3);                                           /* 2 */
   cf(&p, CFI(LOOP_END), 2, 0, false);                                               /* 3 */
   cf(&p, CFI(POP), 5, 1, false);                                                    /* 4 */
   cf(&p, CFI(NOP), 0, 0, true);                                                     /* 5 */
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned q = l / 4, px = (q % 2) * 2 + (l & 1), py = (q / 2) * 2 + ((l >> 1) & 1);
      init_lanes.gpr[1][0][l] = 100 + l;
      init_lanes.gpr[2][0][l] = U(l == 6 || l == 13 ? 1.0f : -1.0f);
      init_lanes.gpr[13][0][l] = 300 + l;
      init_lanes.gpr[5][0][l] = U(((float)px * 2.0f + 1.0f) / 8.0f);   /* 2 texels per pixel: LOD 1 */
      init_lanes.gpr[5][1][l] = U(((float)py * 2.0f + 1.0f) / 8.0f);
   }
   if (!run_both("texture modes", upload_prog(&p), PS_RUN()))
      return;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      bool act = l == 6 || l == 13, quad = (l / 4 == 1) || (l / 4 == 3);
      check_u32(R(20, 0, l), quad ? 100 + l : 0, "FETCH_WHOLE_QUAD PASS lane %u", l);
      check_u32(R(33, 0, l), act ? 300 + l : 0, "SRC_REL / DST_REL: R[30 + AL] from R[10 + AL] lane %u", l);
      check_u32(R(21, 0, l), act ? 100 + l : 0, "plain PASS lane %u", l);
      if (R7)
         check_u32(R(22, 0, l), act ? U((float)(80 / 255.0)) : 0, "KEEP_GRADIENTS + SAMPLE_G: level 1 (lane %u)", l);
   }
}

/* Every SAMPLE form on a one-colour texture (point filtered: the LOD cannot change the
 * result) and every compare form on a one-depth texture: the reference comes from src.w, or src.z for the
 * forms whose w is an LOD or bias; VTX_SEMANTIC in a TEX clause; VTX_TC / VTX_ACK /
 * VTX_TC_ACK clauses. */
static void test_tex_all_forms(void)
{
   static uint8_t flat[8 * 8 * 4];
   memset(flat, 0x66, sizeof(flat));
   static float dflat[8 * 8];
   for (unsigned i = 0; i < 64; i++)
      dflat[i] = 0.5f;
   set_texture(5, FMT(8_8_8_8), 8, 8, upload(flat, sizeof(flat)), upload(flat, sizeof(flat)), 1, NUM_NORM);
   set_texture(6, FMT(32_FLOAT), 8, 8, upload(dflat, sizeof(dflat)), upload(dflat, sizeof(dflat)), 1, NUM_NORM);
   set_sampler(7, WRAP, false, MIP_POINT, CMP(LESS));
   static const unsigned forms[8] = { TEXI(SAMPLE), TEXI(SAMPLE_L), TEXI(SAMPLE_LB), TEXI(SAMPLE_LZ),
                                      TEXI(SAMPLE_G), TEXI(SAMPLE_G_L), TEXI(SAMPLE_G_LB), TEXI(SAMPLE_G_LZ) };
   static const unsigned cforms[8] = { TEXI(SAMPLE_C), TEXI(SAMPLE_C_L), TEXI(SAMPLE_C_LB), TEXI(SAMPLE_C_LZ),
                                       TEXI(SAMPLE_C_G), TEXI(SAMPLE_C_G_L), TEXI(SAMPLE_C_G_LB), TEXI(SAMPLE_C_G_LZ) };
   static const bool ref_in_z[8] = { false, true, true, false, false, true, true, false };
   struct texi t[16];
   for (unsigned k = 0; k < 8; k++) {
      t[k] = (struct texi){ forms[k], 5, 7, 1, 10 + k, SXYZW };
      t[8 + k] = (struct texi){ cforms[k], 6, 7, ref_in_z[k] ? 2 : 3, 20 + k, SXYZW };
   }
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[1][0][l] = U(0.3f + 0.01f * (float)l);
      init_lanes.gpr[1][1][l] = U(0.6f);
      init_lanes.gpr[1][3][l] = U(0.5f);
      /* R2: ref 0.25 in z (passes LESS 0.5), 0.75 in w; R3 the other way round */
      init_lanes.gpr[2][0][l] = init_lanes.gpr[3][0][l] = U(0.4f);
      init_lanes.gpr[2][1][l] = init_lanes.gpr[3][1][l] = U(0.4f);
      init_lanes.gpr[2][2][l] = U(0.25f);
      init_lanes.gpr[2][3][l] = U(0.75f);
      init_lanes.gpr[3][2][l] = U(0.75f);
      init_lanes.gpr[3][3][l] = U(0.25f);
   }
   if (run_both("every SAMPLE form", tex_prog(t, 16), PS_RUN()))
      for (unsigned k = 0; k < 8; k++)
         for (unsigned l = 0; l < SIM_LANES; l += 5) {
            check_u32(R(10 + k, 1, l), U((float)(0x66 / 255.0)), "SAMPLE form %u lane %u", k, l);
            check_u32(R(20 + k, 0, l), ONE, "compare form %u takes its reference from src.%c (lane %u)", k,
                      ref_in_z[k] ? 'z' : 'w', l);
         }

   static uint32_t data[16];
   for (unsigned i = 0; i < 16; i++)
      data[i] = 0x7000 + i;
   set_buffer(1, upload(data, sizeof(data)), sizeof(data), 4, 0);   /* slot 0 is a texture */
   for (unsigned n = 0; n < 32; n++)
      set_reg(REG_SQ_VTX_SEMANTIC_0 + 4 * n, n == 6 ? 9 : 0xFF);
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   struct vfetch sem = { .buffer = 1, .fmt = FMT(32), .num = NUM(INT), .semantic = true, .semantic_id = 9, .sel = XYZW };
   uint32_t w[4];
   vtx_words(&sem, w);
   w[0] = (w[0] & ~FLD(SQ_TEX_WORD0, TEX_INST, 0x1F)) | FLD(SQ_TEX_WORD0, TEX_INST, TEXI(VTX_SEMANTIC));
   clause_dw(&p, w[0], w[1]);
   clause_dw(&p, w[2], w[3]);
   vtx(&p, (struct vfetch){ .buffer = 1, .fmt = FMT(32), .num = NUM(INT), .dst_gpr = 8, .sel = XYZW });
   cf_fetch(&p, CFI(TEX), at, 1);
   cf_fetch(&p, CFI(VTX_TC), at + 2, 1);
   if (R7) {
      cf_fetch(&p, R7_SQ_CF_WORD1__CF_INST__SQ_CF_INST_VTX_ACK, at + 2, 1);
      cf_fetch(&p, R7_SQ_CF_WORD1__CF_INST__SQ_CF_INST_VTX_TC_ACK, at + 2, 1);
   }
   cf(&p, CFI(NOP), 0, 0, true);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++)
      init_lanes.gpr[0][0][l] = l;
   if (run_both("VTX_SEMANTIC in a TEX clause, VTX_TC", upload_prog(&p), PS_RUN()))
      for (unsigned l = 0; l < SIM_LANES; l++) {
         check_u32(R(7, 0, l), 0x7000 + l, "VTX_SEMANTIC 9 -> SQ_VTX_SEMANTIC_6 -> R7 (lane %u)", l);
         check_u32(R(8, 0, l), 0x7000 + l, "VTX_TC clause (lane %u)", l);
      }
}

static void test_tex_faults(void)
{
   struct texi t = { TEXI(SAMPLE), 200, 0, 1, 2, SXYZW };
   expect_fault("texture resource out of range", tex_prog(&t, 1), PS_RUN(), "texture resource 200 out of range");
   t.resource = 0;
   t.sampler = 18;
   expect_fault("sampler out of range", tex_prog(&t, 1), PS_RUN(), "sampler 18 out of range");
   t.sampler = 0;
   t.resource = 9;
   set_reg(REG_SQ_TEX_RESOURCE_WORD6_0 + 9 * TEX_RES_STRIDE, 0);
   expect_fault("invalid texture", tex_prog(&t, 1), PS_RUN(), "not a valid texture");
   set_texture(9, FMT(8_8_8_8), 4, 4, 0, 0, 0, NUM_NORM);
   set_reg(REG_SQ_TEX_RESOURCE_WORD0_0 + 9 * TEX_RES_STRIDE,
           SQ_TEX_RESOURCE_WORD0__DIM(SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_3D));
   expect_fault("3D texture", tex_prog(&t, 1), PS_RUN(), "DIM 2 is not implemented");

   /* A 4x4 RGBA8 texture (pitch 8) needs 3 * 32 + 16 = 112 bytes: with exactly those its
    * last texel reads; one byte less and reading it faults (the texture unit may map a
    * whole level at once only when all of it is in memory). */
   static uint8_t texels[112];
   for (unsigned k = 0; k < sizeof(texels); k++)
      texels[k] = (uint8_t)(k * 11 + 5);
   set_sampler(0, WRAP, false, MIP_NONE, 0);
   t.resource = 9;
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[1][0][l] = U(l == 5 ? 3.5f / 4 : 0.5f / 4);   /* lane 5: texel (3, 3) */
      init_lanes.gpr[1][1][l] = U(l == 5 ? 3.5f / 4 : 1.5f / 4);   /* others: texel (0, 1) */
   }
   set_texture(9, FMT(8_8_8_8), 4, 4, upload(texels, sizeof(texels)), 0, 0, NUM_NORM);
   if (run_both("texture ending with its buffer", tex_prog(&t, 1), PS_RUN()))
      for (unsigned l = 0; l < SIM_LANES; l++)
         for (unsigned c = 0; c < 4; c++) {
            unsigned at = (l == 5 ? 3 * 8 + 3 : 8) * 4 + c;
            check_u32(R(2, c, l), U((float)(texels[at] / 255.0)), "texel byte %u (lane %u)", at, l);
         }
   set_texture(9, FMT(8_8_8_8), 4, 4, upload(texels, sizeof(texels) - 1), 0, 0, NUM_NORM);
   expect_fault("texture one byte beyond its buffer", tex_prog(&t, 1), PS_RUN(), "outside GPU memory");
}

/* The texture unit's byte-format decode tables (sim_format_lut8) against the general
 * decoder, for every byte value, byte format and mode (number format, signs, SRF mode,
 * degamma). */
static void test_byte_tables(void)
{
   static const unsigned codes[] = { FMT(8), FMT(8_8), FMT(8_8_8), FMT(8_8_8_8) };
   unsigned bad = 0, compared = 0;
   for (unsigned f = 0; f < 4; f++) {
      const struct sim_format *fmt = sim_format_find(codes[f]);
      unsigned n = fmt ? sim_format_byte_components(fmt) : 0;
      check(n == f + 1, "FMT %u has %u byte components (%u)", codes[f], f + 1, n);
      for (unsigned mode = 0; mode < 3 * 16 * 4; mode++) {
         struct sim_format_mode m = { .num_format = (uint8_t)(mode % 3), .srf_no_zero = mode / 3 & 1,
                                      .degamma = mode / 6 & 1 };
         for (unsigned c = 0; c < 4; c++)
            m.is_signed[c] = mode / 12 >> c & 1;
         for (unsigned v = 0; v < 256; v++) {
            uint8_t bytes[4] = { (uint8_t)v, (uint8_t)v, (uint8_t)v, (uint8_t)v };
            uint32_t out[4];
            sim_format_decode(fmt, bytes, &m, out);
            for (unsigned c = 0; c < n; c++, compared++)
               bad += sim_format_lut8(&m, c)[v] != out[c];
         }
      }
   }
   check(bad == 0, "byte decode tables equal the decoder (%u of %u differ)", bad, compared);
}

static void tests(void)
{
   test_byte_tables();
   test_vtx_formats();
   test_vtx_addressing();
   test_vtx_modes();
   test_tex_formats();
   test_tex_ops();
   test_tex_modes();
   test_tex_all_forms();
   test_tex_faults();
}

int main(void)
{
   return run_on_both_chips(tests);
}
