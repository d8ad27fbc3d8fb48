/* CB and SX below the GL layer: every CB_COLORn_INFO format with its number types, swaps,
 * ROUND_MODE, SOURCE_FORMAT and ENDIAN; write masks, CB_SHADER_MASK, CB_SHADER_CONTROL,
 * MULTIWRITE and MRT; blending with every factor and function (BLEND_CLAMP on and off, fp16
 * and fp32 targets); ROP3; CB_CLRCMP; CB_COLORn_VIEW.SLICE_START; the SX alpha test.
 * Real PM4 streams, the fake shader engines (sim_fake_engine.c): each pixel of an 8x8
 * target is one RECTLIST rectangle with flat-shaded exports, so every pixel gets its own
 * exported values. Expected memory comes from the reference below, written from the
 * register documentation (docs/r600-hardware-notes.md §1.3) rather than from the simulator: float
 * -> fp16 and the unsigned 11/10-bit floats by nearest-value search over every code. */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "pixel/cb.h"
#include "pm4_pipeline.h"
#include "pm4_stream.h"
#include "r600sim/gpu.h"
#include "sim_fake_engine.h"

#define W 8
#define H 8
#define NPIX (W * H)
#define NVERTS (3 * NPIX)
#define MAX_TARGETS 8
#define TARGET_BYTES (2 * NPIX * 16)   /* two layers of the widest format */

static struct r600_gpu *gpu;
static enum hw_chip chip = HW_CHIP_R7XX;
static uint64_t vs_va, ps_va, pos_va, col_va, cb_va[MAX_TARGETS];
static float *pos;
static uint32_t *col;               /* per vertex 4 params x 4 dwords */
static uint8_t *cbmem[MAX_TARGETS];
static unsigned fault_mark;
static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(void)
{
   return pm4p_xorshift(&rng);
}

static float u2f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

/* ---- reference conversions ---------------------------------------------------------- */

#define NUM(n) CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_##n
#define FMT(n) CB_COLOR0_INFO__FORMAT__COLOR_##n

/* Value of a float code with a 5-bit exponent and m mantissa bits (no sign). */
static double mini_value(uint32_t code, unsigned m)
{
   uint32_t e = code >> m, f = code & ((1u << m) - 1);
   return e ? ldexp(1.0 + f / ldexp(1.0, (int)m), (int)e - 15) : ldexp(f / ldexp(1.0, (int)m), -14);
}

/* Nearest code by search (codes of positive finite values increase with the value): ties
 * to the even code; past the largest finite value by at least half an ulp -> infinity. */
static uint32_t ref_mini(float x, unsigned m, bool has_sign)
{
   uint32_t inf = 31u << m, sign = has_sign && signbit(x) ? 1u << (5 + m) : 0;
   if (isnan(x))
      return sign | inf | 1u << (m - 1);
   if (!has_sign && !(x > 0))
      return 0;
   double v = fabs((double)x);
   double max = mini_value(inf - 1, m), half_ulp = (max - mini_value(inf - 2, m)) / 2;
   if (v >= max + half_ulp)
      return sign | inf;
   uint32_t lo = 0, hi = inf - 1;   /* the largest code whose value is <= v */
   while (lo < hi) {
      uint32_t mid = (lo + hi + 1) / 2;
      if (mini_value(mid, m) <= v)
         lo = mid;
      else
         hi = mid - 1;
   }
   uint32_t best = lo;
   if (lo + 1 < inf) {
      double d0 = v - mini_value(lo, m), d1 = mini_value(lo + 1, m) - v;
      if (d1 < d0 || (d1 == d0 && (lo & 1)))
         best = lo + 1;
   }
   return sign | best;
}

static uint32_t ref_unorm(double v, unsigned bits, bool trunc_mode)
{
   double max = ldexp(1.0, (int)bits) - 1;
   if (!(v > 0))
      return 0;
   if (v >= 1)
      return (uint32_t)max;
   return (uint32_t)(trunc_mode ? floor(v * max) : floor(v * max + 0.5));
}

static uint32_t mask_bits(int64_t v, unsigned bits)
{
   return (uint32_t)v & (bits == 32 ? 0xFFFFFFFFu : (1u << bits) - 1);
}

/* Signed: clamp to [lo, hi] (NaN -> 0), round half away from zero or truncate. */
static uint32_t ref_signed_fixed(double v, double scale, double lo, double hi, unsigned bits,
                                 bool trunc_mode)
{
   if (isnan(v))
      return 0;
   v *= scale;
   v = v < lo ? lo : v > hi ? hi : v;
   double r = trunc_mode ? trunc(v) : (v >= 0 ? floor(v + 0.5) : -floor(-v + 0.5));
   return mask_bits((int64_t)r, bits);
}

static double srgb_encode(double c)
{
   if (!(c > 0))
      return 0;
   if (c >= 1)
      return 1;
   return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055;
}

/* One component of `bits` bits for shader channel `ch` of number type `num`. */
static uint32_t ref_component(uint32_t raw, unsigned bits, unsigned num, unsigned ch,
                              bool is_float, bool trunc_mode)
{
   float x = u2f(raw);
   if (is_float)
      return bits == 32 ? raw : bits == 16 ? ref_mini(x, 10, true) : ref_mini(x, bits - 5, false);
   double smax = ldexp(1.0, (int)bits - 1);
   switch (num) {
   case NUM(UNORM): return ref_unorm(x, bits, trunc_mode);
   case NUM(SRGB): return ref_unorm(ch < 3 ? srgb_encode(x) : x, bits, trunc_mode);
   case NUM(SNORM): return ref_signed_fixed(x, smax - 1, -(smax - 1), smax - 1, bits, trunc_mode);
   case NUM(USCALED): return ref_signed_fixed(x, 1, 0, ldexp(1.0, (int)bits) - 1, bits, trunc_mode);
   case NUM(SSCALED): return ref_signed_fixed(x, 1, -smax, smax - 1, bits, trunc_mode);
   case NUM(UINT): {
      double max = ldexp(1.0, (int)bits) - 1;
      return raw > max ? (uint32_t)max : raw;
   }
   default: { /* SINT */
      int64_t v = (int32_t)raw, lo = -(int64_t)smax, hi = (int64_t)smax - 1;
      return mask_bits(v < lo ? lo : v > hi ? hi : v, bits);
   }
   }
}

/* ---- formats as documented ------------------------------------------------------------ */

struct fmt {
   unsigned code;
   bool is_float;
   unsigned n;
   unsigned bits[4];   /* component X first (lowest bits) */
};

static const struct fmt fmts[] = {
   { FMT(8), false, 1, { 8 } }, { FMT(4_4), false, 2, { 4, 4 } },
   { FMT(3_3_2), false, 3, { 2, 3, 3 } }, { FMT(16), false, 1, { 16 } },
   { FMT(16_FLOAT), true, 1, { 16 } }, { FMT(8_8), false, 2, { 8, 8 } },
   { FMT(5_6_5), false, 3, { 5, 6, 5 } }, { FMT(6_5_5), false, 3, { 5, 5, 6 } },
   { FMT(1_5_5_5), false, 4, { 5, 5, 5, 1 } }, { FMT(4_4_4_4), false, 4, { 4, 4, 4, 4 } },
   { FMT(5_5_5_1), false, 4, { 1, 5, 5, 5 } }, { FMT(32), false, 1, { 32 } },
   { FMT(32_FLOAT), true, 1, { 32 } }, { FMT(16_16), false, 2, { 16, 16 } },
   { FMT(16_16_FLOAT), true, 2, { 16, 16 } }, { FMT(8_24), false, 2, { 24, 8 } },
   { FMT(24_8), false, 2, { 8, 24 } }, { FMT(10_11_11), false, 3, { 11, 11, 10 } },
   { FMT(10_11_11_FLOAT), true, 3, { 11, 11, 10 } }, { FMT(11_11_10), false, 3, { 10, 11, 11 } },
   { FMT(11_11_10_FLOAT), true, 3, { 10, 11, 11 } },
   { FMT(2_10_10_10), false, 4, { 10, 10, 10, 2 } }, { FMT(8_8_8_8), false, 4, { 8, 8, 8, 8 } },
   { FMT(10_10_10_2), false, 4, { 2, 10, 10, 10 } }, { FMT(32_32), false, 2, { 32, 32 } },
   { FMT(32_32_FLOAT), true, 2, { 32, 32 } }, { FMT(16_16_16_16), false, 4, { 16, 16, 16, 16 } },
   { FMT(16_16_16_16_FLOAT), true, 4, { 16, 16, 16, 16 } },
   { FMT(32_32_32_32), false, 4, { 32, 32, 32, 32 } },
   { FMT(32_32_32_32_FLOAT), true, 4, { 32, 32, 32, 32 } },
};

/* docs/r600-hardware-notes.md §1.3 COMP_SWAP table: shader channel of memory component c; -1
 * undefined. */
static const int swap_table[4][4][4] = {
   { { 0 }, { -1 }, { -1 }, { 3 } },
   { { 0, 1 }, { 0, 3 }, { 1, 0 }, { 3, 0 } },
   { { 0, 1, 2 }, { -1 }, { 2, 1, 0 }, { -1 } },
   { { 0, 1, 2, 3 }, { 2, 1, 0, 3 }, { 3, 2, 1, 0 }, { 3, 0, 1, 2 } },
};

static const struct fmt *find_fmt(unsigned code)
{
   for (unsigned i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
      if (fmts[i].code == code)
         return &fmts[i];
   }
   return &fmts[0];
}

static unsigned fmt_bytes(const struct fmt *f)
{
   unsigned b = 0;
   for (unsigned c = 0; c < f->n; c++)
      b += f->bits[c];
   return b / 8;
}

/* Reference pixel bytes of export `raw` (per shader channel). */
static void ref_pixel(const struct fmt *f, unsigned num, unsigned swap, bool trunc_mode,
                      const uint32_t raw[4], uint8_t out[16])
{
   uint32_t words[4] = { 0 };
   unsigned shift = 0;
   for (unsigned c = 0; c < f->n; c++) {
      unsigned ch = (unsigned)swap_table[f->n - 1][swap][c];
      uint32_t v = ref_component(raw[ch], f->bits[c], num, ch, f->is_float, trunc_mode);
      words[shift / 32] |= v << (shift % 32);
      shift += f->bits[c];
   }
   for (unsigned i = 0; i < 16; i++)
      out[i] = (uint8_t)(words[i / 4] >> (8 * (i % 4)));
}

/* ---- the pipeline ------------------------------------------------------------------------ */

static unsigned new_faults(void)
{
   return pm4p_new_faults(gpu, &fault_mark);
}

/* Pixel i's rectangle with its four exports (raw dwords) ex[k][c]. */
static void set_pixel(unsigned i, const uint32_t ex[4][4])
{
   int64_t x = (i % W) * 256, y = (i / W) * 256;
   const int64_t vx[3] = { x, x + 256, x }, vy[3] = { y, y, y + 256 };
   for (unsigned k = 0; k < 3; k++) {
      unsigned v = 3 * i + k;
      pos[4 * v + 0] = (float)vx[k] / (256.0f * W / 2) - 1.0f;
      pos[4 * v + 1] = (float)vy[k] / (256.0f * H / 2) - 1.0f;
      pos[4 * v + 2] = 0.0f;
      pos[4 * v + 3] = 1.0f;
      memcpy(&col[16 * v], ex, 64);
   }
}

/* State for the 8x8 pixel-rectangle draws: 4 flat parameters to 4 PS exports. */
static void emit_common(struct ib *ib)
{
   pm4p_emit_raster(ib, W, H);
   pm4p_emit_shaders(ib, vs_va, ps_va, true);
   ib_ctx(ib, REG_SPI_VS_OUT_CONFIG, SPI_VS_OUT_CONFIG__VS_EXPORT_COUNT(3));
   ib_ctx(ib, REG_SPI_VS_OUT_ID_0, SPI_VS_OUT_ID_0__SEMANTIC_0(1) | SPI_VS_OUT_ID_0__SEMANTIC_1(2) |
                                   SPI_VS_OUT_ID_0__SEMANTIC_2(3) | SPI_VS_OUT_ID_0__SEMANTIC_3(4));
   ib_ctx(ib, REG_SPI_PS_IN_CONTROL_0,
          SPI_PS_IN_CONTROL_0__NUM_INTERP(4) | SPI_PS_IN_CONTROL_0__PERSP_GRADIENT_ENA(1));
   for (unsigned k = 0; k < 4; k++)
      ib_ctx(ib, REG_SPI_PS_INPUT_CNTL_0 + 4 * k,
             SPI_PS_INPUT_CNTL_0__SEMANTIC(k + 1) | SPI_PS_INPUT_CNTL_0__FLAT_SHADE(1));
   ib_ctx(ib, REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__NUM_GPRS(4));
   ib_ctx(ib, REG_CB_SHADER_MASK, 0xFFFF);
   ib_ctx(ib, REG_CB_SHADER_CONTROL, 0xFF);
   ib_ctx(ib, REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(0xCC));
   ib_ctx(ib, REG_CB_BLEND_CONTROL, 0);
   ib_ctx(ib, REG_CB_TARGET_MASK, 0);
   for (unsigned n = 0; n < MAX_TARGETS; n++)
      ib_ctx(ib, REG_CB_COLOR0_INFO + 4 * n, 0);
   ib_ctx(ib, REG_SX_ALPHA_TEST_CONTROL, 0);
   ib_ctx(ib, REG_CB_CLRCMP_CONTROL, 0);
}

/* Binds target n (8x8, linear) with CB_COLORn_INFO = info, layer `slice`. */
static void emit_target(struct ib *ib, unsigned n, uint32_t info, unsigned slice)
{
   ib_ctx(ib, REG_CB_COLOR0_BASE + 4 * n, (uint32_t)(cb_va[n] >> 8));
   ib_ctx(ib, REG_CB_COLOR0_SIZE + 4 * n,
          CB_COLOR0_SIZE__PITCH_TILE_MAX(W / 8 - 1) | CB_COLOR0_SIZE__SLICE_TILE_MAX(NPIX / 64 - 1));
   ib_ctx(ib, REG_CB_COLOR0_VIEW + 4 * n, CB_COLOR0_VIEW__SLICE_START(slice));
   ib_ctx(ib, REG_CB_COLOR0_INFO + 4 * n,
          info | CB_COLOR0_INFO__ARRAY_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED));
}

static void run(struct ib *ib)
{
   pm4p_draw_auto(ib, VGT_PRIMITIVE_TYPE__PRIM_TYPE__DI_PT_RECTLIST, NVERTS);
   r600_gpu_wait(gpu, r600_gpu_submit(gpu, ib->dw, ib->n));
}

static uint32_t info_of(unsigned format, unsigned num, unsigned swap)
{
   return CB_COLOR0_INFO__FORMAT(format) | CB_COLOR0_INFO__NUMBER_TYPE(num) |
          CB_COLOR0_INFO__COMP_SWAP(swap);
}

/* ---- tests ------------------------------------------------------------------------------ */

static const uint32_t special_floats[] = {
   0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x3F000000, 0x7F800000, 0xFF800000,
   0x7FC00000, 0x40000000, 0xC0000000, 0x477FE000, 0x477FF000, 0x477FF001, 0x38800000,
   0x33800000, 0x33000001, 0x3EFFFFFF, 0x3B808081, 0x3C008081, 0x4B800000, 0xCF000000,
};

/* A random export channel suited to the number type. */
static uint32_t random_value(unsigned num, bool is_float)
{
   unsigned r = rnd() % 8;
   if (num == NUM(UINT) || num == NUM(SINT)) {
      static const uint32_t ints[] = { 0, 1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF,
                                       0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFF80 };
      return r < 4 ? ints[rnd() % (sizeof(ints) / 4)] : rnd() >> (rnd() % 32);
   }
   if (r == 0)
      return special_floats[rnd() % (sizeof(special_floats) / 4)];
   if (r == 1) {   /* near a k / 255 step boundary */
      float f = ((float)(rnd() % 255) + 0.5f) / 255.0f;
      return f2u(f) + (rnd() % 3) - 1;
   }
   if (num == NUM(USCALED) || num == NUM(SSCALED))
      return f2u((float)((int)(rnd() % 70000) - 35000) / (float)(1 + rnd() % 4));
   if (is_float && r == 2)
      return f2u(ldexpf((float)(rnd() % 1000) / 1000.0f, (int)(rnd() % 40) - 20));
   return f2u((float)(rnd() % 5000) / 2000.0f - 1.2f);
}

/* Every format x number type x swap x ROUND_MODE, target 0, all channels written. */
static void test_formats(void)
{
   static const unsigned nums[] = { NUM(UNORM), NUM(SNORM), NUM(USCALED), NUM(SSCALED),
                                    NUM(UINT), NUM(SINT), NUM(SRGB), NUM(FLOAT) };
   unsigned combos = 0, bad_combos = 0;
   for (unsigned fi = 0; fi < sizeof(fmts) / sizeof(fmts[0]); fi++) {
      const struct fmt *f = &fmts[fi];
      unsigned bytes = fmt_bytes(f);
      for (unsigned ni = 0; ni < 8; ni++) {
         unsigned num = nums[ni];
         if ((num == NUM(FLOAT)) != f->is_float)
            continue;
         for (unsigned swap = 0; swap < 4; swap++) {
            if (swap_table[f->n - 1][swap][0] < 0)
               continue;
            for (unsigned tr = 0; tr < 2; tr++) {
               if (tr && (f->is_float || num == NUM(UINT) || num == NUM(SINT)))
                  continue;
               static uint32_t ex[NPIX][4][4];
               for (unsigned i = 0; i < NPIX; i++) {
                  for (unsigned c = 0; c < 4; c++)
                     ex[i][0][c] = random_value(num, f->is_float);
                  set_pixel(i, (const uint32_t(*)[4])ex[i]);
               }
               memset(cbmem[0], 0xA5, TARGET_BYTES);
               struct ib ib = { .n = 0 };
               emit_common(&ib);
               emit_target(&ib, 0, info_of(f->code, num, swap) | CB_COLOR0_INFO__ROUND_MODE(tr), 0);
               ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
               run(&ib);
               unsigned bad = 0;
               for (unsigned i = 0; i < NPIX; i++) {
                  uint8_t want[16];
                  ref_pixel(f, num, swap, tr, ex[i][0], want);
                  if (memcmp(cbmem[0] + i * bytes, want, bytes)) {
                     if (bad++ == 0) {
                        fprintf(stderr, "  format %u num %u swap %u trunc %u pixel %u: export "
                                "%08X %08X %08X %08X\n   got ", f->code, num, swap, tr, i,
                                ex[i][0][0], ex[i][0][1], ex[i][0][2], ex[i][0][3]);
                        for (unsigned b = 0; b < bytes; b++)
                           fprintf(stderr, "%02X", cbmem[0][i * bytes + b]);
                        fprintf(stderr, " want ");
                        for (unsigned b = 0; b < bytes; b++)
                           fprintf(stderr, "%02X", want[b]);
                        fprintf(stderr, "\n");
                     }
                  }
               }
               /* Nothing past the surface. */
               for (unsigned b = NPIX * bytes; b < NPIX * bytes + 16; b++)
                  bad += cbmem[0][b] != 0xA5;
               combos++;
               bad_combos += bad != 0;
               CHECK(bad == 0 && new_faults() == 0, "format %u number %u swap %u round %u: %u bad",
                     f->code, num, swap, tr, bad);
            }
         }
      }
   }
   CHECK(combos >= 150 && bad_combos == 0, "%u format combinations, %u wrong", combos, bad_combos);
}

/* Unsupported combinations write nothing (and are reported). */
static void test_unsupported(void)
{
   const uint32_t infos[] = {
      info_of(FMT(8_8_8_8), NUM(FLOAT), 0),                 /* FLOAT with a fixed format */
      info_of(FMT(16_16_FLOAT), NUM(UNORM), 0),             /* UNORM with a float format */
      info_of(FMT(5_6_5), NUM(UNORM), CB_COLOR0_INFO__COMP_SWAP__SWAP_ALT),
      info_of(FMT(8), NUM(UNORM), CB_COLOR0_INFO__COMP_SWAP__SWAP_STD_REV),
      info_of(FMT(X24_8_32_FLOAT), NUM(FLOAT), 0),
      info_of(FMT(8_8), NUM(UNORM), 0) | CB_COLOR0_INFO__ENDIAN(CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN32),
   };
   uint32_t ex[4][4] = { { f2u(0.5f), f2u(0.5f), f2u(0.5f), f2u(0.5f) } };
   for (unsigned i = 0; i < NPIX; i++)
      set_pixel(i, ex);
   for (unsigned k = 0; k < sizeof(infos) / 4; k++) {
      memset(cbmem[0], 0xA5, TARGET_BYTES);
      struct ib ib = { .n = 0 };
      emit_common(&ib);
      emit_target(&ib, 0, infos[k], 0);
      ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
      run(&ib);
      unsigned changed = 0;
      for (unsigned b = 0; b < TARGET_BYTES; b++)
         changed += cbmem[0][b] != 0xA5;
      CHECK(changed == 0 && new_faults() == 0, "unsupported INFO %08X wrote %u bytes", infos[k],
            changed);
   }
}

/* An unimplemented value is reported once per process: two draws, one stderr line. */
static void test_reported_once(void)
{
   uint32_t ex[4][4] = { { f2u(0.5f), f2u(0.5f), f2u(0.5f), f2u(0.5f) } };
   for (unsigned i = 0; i < NPIX; i++)
      set_pixel(i, ex);
   fflush(stderr);
   int saved = dup(2);
   FILE *tmp = tmpfile();
   if (saved < 0 || !tmp) {
      CHECK(false, "cannot capture stderr");
      return;
   }
   dup2(fileno(tmp), 2);
   for (unsigned k = 0; k < 2; k++) {
      struct ib ib = { .n = 0 };
      emit_common(&ib);
      emit_target(&ib, 0, info_of(FMT(24_8_FLOAT), NUM(FLOAT), 0), 0);
      ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
      run(&ib);
   }
   fflush(stderr);
   dup2(saved, 2);
   close(saved);
   rewind(tmp);
   char line[256];
   unsigned lines = 0;
   while (fgets(line, sizeof(line), tmp))
      lines += strstr(line, "CB_COLOR0_INFO.FORMAT = 20 (COLOR_24_8_FLOAT) (target not written)") != NULL;
   fclose(tmp);
   const char *dbg = getenv("R600SIM_DEBUG");
   unsigned want = dbg && strstr(dbg, "nounimpl") ? 0 : 1;   /* silenced on request */
   CHECK(lines == want, "COLOR_24_8_FLOAT reported %u times, want %u", lines, want);
}

/* Channel write masks through swaps, ENDIAN swaps, SOURCE_FORMAT = EXPORT_NORM, layers. */
static void test_masks_endian_layers(void)
{
   /* RGBA16 UNORM with SWAP_ALT (BGRA): mask R + A leaves memory components Y and Z. */
   uint32_t ex[4][4] = { { f2u(1.0f), f2u(0.25f), f2u(0.5f), f2u(0.75f) } };
   for (unsigned i = 0; i < NPIX; i++)
      set_pixel(i, ex);
   memset(cbmem[0], 0x11, TARGET_BYTES);
   struct ib ib = { .n = 0 };
   emit_common(&ib);
   emit_target(&ib, 0, info_of(FMT(16_16_16_16), NUM(UNORM), CB_COLOR0_INFO__COMP_SWAP__SWAP_ALT), 0);
   ib_ctx(&ib, REG_CB_TARGET_MASK, 0x9);
   run(&ib);
   uint16_t *p16 = (uint16_t *)cbmem[0];
   CHECK(p16[0] == 0x1111 && p16[1] == 0x1111 && p16[2] == 0xFFFF && p16[3] == 0xBFFF,
         "mask through SWAP_ALT: %04X %04X %04X %04X", p16[0], p16[1], p16[2], p16[3]);

   /* ENDIAN: 8IN16 and 8IN32 on RGBA8, 8IN64 on RGBA16. */
   const struct { unsigned fmt, endian, bytes; } en[] = {
      { FMT(8_8_8_8), CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN16, 4 },
      { FMT(8_8_8_8), CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN32, 4 },
      { FMT(16_16_16_16), CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN64, 8 },
      { FMT(16_16_16_16), CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN16, 8 },
   };
   for (unsigned k = 0; k < 4; k++) {
      const struct fmt *f = find_fmt(en[k].fmt);
      memset(cbmem[0], 0, TARGET_BYTES);
      ib.n = 0;
      emit_common(&ib);
      emit_target(&ib, 0, info_of(en[k].fmt, NUM(UNORM), 0) | CB_COLOR0_INFO__ENDIAN(en[k].endian), 0);
      ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
      run(&ib);
      uint8_t want[16];
      ref_pixel(f, NUM(UNORM), 0, false, ex[0], want);
      unsigned g = en[k].endian == CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN16 ? 2
                   : en[k].endian == CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN32 ? 4 : 8;
      unsigned bad = 0;
      for (unsigned b = 0; b < en[k].bytes; b++)
         bad += cbmem[0][(b / g) * g + (g - 1 - b % g)] != want[b];
      CHECK(bad == 0, "ENDIAN %u on %u-byte pixels", en[k].endian, en[k].bytes);
   }

   /* EXPORT_NORM: 0x3F7F7F7F (just below the 8-bit step 254.5/255) rounds up in fp16. */
   uint32_t near[4][4] = { { 0x3F7F7F7F, 0x3F7F7F7F, 0x3F7F7F7F, 0x3F800000 } };
   for (unsigned i = 0; i < NPIX; i++)
      set_pixel(i, near);
   for (unsigned norm = 0; norm < 2; norm++) {
      ib.n = 0;
      emit_common(&ib);
      emit_target(&ib, 0, info_of(FMT(8_8_8_8), NUM(UNORM), 0) | CB_COLOR0_INFO__SOURCE_FORMAT(norm), 0);
      ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
      run(&ib);
      uint32_t want = norm ? 0xFFFFFFFF : 0xFFFEFEFE;
      uint32_t got;
      memcpy(&got, cbmem[0], 4);
      CHECK(got == want, "SOURCE_FORMAT %u: %08X, want %08X", norm, got, want);
   }

   /* SLICE_START 1: the second layer, the first untouched. */
   memset(cbmem[0], 0, TARGET_BYTES);
   ib.n = 0;
   emit_common(&ib);
   emit_target(&ib, 0, info_of(FMT(8_8_8_8), NUM(UNORM), 0), 1);
   ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
   run(&ib);
   uint32_t l0, l1;
   memcpy(&l0, cbmem[0], 4);
   memcpy(&l1, cbmem[0] + NPIX * 4, 4);
   CHECK(l0 == 0 && l1 == 0xFFFEFEFE, "SLICE_START: layer 0 %08X, layer 1 %08X", l0, l1);
}

/* MRT: exports 0-3 to targets of different formats; MULTIWRITE; CB_SHADER_MASK; RTn_ENABLE. */
static void test_mrt(void)
{
   uint32_t ex[4][4];
   for (unsigned k = 0; k < 4; k++)
      for (unsigned c = 0; c < 4; c++)
         ex[k][c] = f2u((float)(k * 4 + c + 1) / 16.0f);
   for (unsigned i = 0; i < NPIX; i++)
      set_pixel(i, ex);
   const struct fmt *tf[4] = { find_fmt(FMT(8_8_8_8)), find_fmt(FMT(16_16_16_16_FLOAT)),
                               find_fmt(FMT(16_16_FLOAT)), find_fmt(FMT(8)) };
   for (unsigned mode = 0; mode < 4; mode++) {
      /* 0: plain MRT; 1: MULTIWRITE; 2: SHADER_MASK drops output 1's G and A;
       * 3: RT2 disabled in CB_SHADER_CONTROL. */
      for (unsigned n = 0; n < 4; n++)
         memset(cbmem[n], 0x5A, TARGET_BYTES);
      struct ib ib = { .n = 0 };
      emit_common(&ib);
      for (unsigned n = 0; n < 4; n++) {
         const struct fmt *f = tf[n];
         emit_target(&ib, n, info_of(f->code, f->is_float ? NUM(FLOAT) : NUM(UNORM), 0), 0);
      }
      ib_ctx(&ib, REG_CB_TARGET_MASK, 0xFFFF);
      if (mode == 1)
         ib_ctx(&ib, REG_CB_COLOR_CONTROL,
                CB_COLOR_CONTROL__ROP3(0xCC) | CB_COLOR_CONTROL__MULTIWRITE_ENABLE(1));
      if (mode == 2)
         ib_ctx(&ib, REG_CB_SHADER_MASK, 0xFF5F);
      if (mode == 3)
         ib_ctx(&ib, REG_CB_SHADER_CONTROL, 0xFB);
      run(&ib);
      unsigned bad = 0;
      for (unsigned n = 0; n < 4; n++) {
         const struct fmt *f = tf[n];
         unsigned bytes = fmt_bytes(f);
         uint8_t want[16];
         ref_pixel(f, f->is_float ? NUM(FLOAT) : NUM(UNORM), 0, false, ex[mode == 1 ? 0 : n], want);
         if (mode == 2 && n == 1) {   /* components Y (G) and W (A) of RGBA16F untouched */
            memset(want + 2, 0x5A, 2);
            memset(want + 6, 0x5A, 2);
         }
         if (mode == 3 && n == 2)
            memset(want, 0x5A, bytes);
         for (unsigned i = 0; i < NPIX; i++)
            bad += memcmp(cbmem[n] + i * bytes, want, bytes) != 0;
      }
      CHECK(bad == 0 && new_faults() == 0, "MRT mode %u: %u wrong pixels", mode, bad);
   }
}

/* ---- blending ---------------------------------------------------------------------- */

static float ref_factor(unsigned f, unsigned ch, const float s[4], const float d[4],
                        const float s1[4], const float k[4])
{
   static const unsigned src_alpha = 4, one_minus_dst_alpha = 7;
   switch (f) {
   case 0: return 0.0f;
   case 1: return 1.0f;
   case 2: return s[ch];
   case 3: return 1.0f - s[ch];
   case 4: return s[3];
   case 5: return 1.0f - s[3];
   case 6: return d[3];
   case 7: return 1.0f - d[3];
   case 8: return d[ch];
   case 9: return 1.0f - d[ch];
   case 10: return ch == 3 ? 1.0f : fminf(ref_factor(src_alpha, ch, s, d, s1, k),
                                           ref_factor(one_minus_dst_alpha, ch, s, d, s1, k));
   case 11: return s[3];
   case 12: return 1.0f - s[3];
   case 13: return k[ch];
   case 14: return 1.0f - k[ch];
   case 15: return s1[ch];
   case 16: return 1.0f - s1[ch];
   case 17: return s1[3];
   case 18: return 1.0f - s1[3];
   case 19: return k[3];
   default: return 1.0f - k[3];
   }
}

static float ref_blend(unsigned sf, unsigned df, unsigned fn, unsigned ch, const float s[4],
                       const float d[4], const float s1[4], const float k[4])
{
   float fs = ref_factor(sf, ch, s, d, s1, k), fd = ref_factor(df, ch, s, d, s1, k);
   if (sf == 11)
      fd = 1.0f - s[3];
   if (sf == 12)
      fd = s[3];
   float a = s[ch] * fs, b = d[ch] * fd;
   switch (fn) {
   case 0: return a + b;
   case 1: return a - b;
   case 2: return fminf(s[ch], d[ch]);
   case 3: return fmaxf(s[ch], d[ch]);
   default: return b - a;
   }
}

static float clamp_to(float v, float lo, float hi)
{
   return v > lo ? (v < hi ? v : hi) : lo;
}

/* Random blend states on RGBA8 UNORM (BLEND_CLAMP on and off) and RGBA16F / RGBA32F. */
static void test_blend(void)
{
   const struct fmt *targets[3] = { find_fmt(FMT(8_8_8_8)), find_fmt(FMT(16_16_16_16_FLOAT)),
                                    find_fmt(FMT(32_32_32_32_FLOAT)) };
   unsigned rounds = 0, bad_total = 0;
   for (unsigned round = 0; round < 60; round++) {
      const struct fmt *f = targets[round % 3];
      bool clampen = round % 2;
      unsigned bytes = fmt_bytes(f);
      unsigned sf = rnd() % 21, df = rnd() % 21, fn = rnd() % 5;
      unsigned asf = rnd() % 21, adf = rnd() % 21, afn = rnd() % 5, sep = rnd() % 2;
      uint32_t ctl = CB_BLEND_CONTROL__COLOR_SRCBLEND(sf) | CB_BLEND_CONTROL__COLOR_DESTBLEND(df) |
                     CB_BLEND_CONTROL__COLOR_COMB_FCN(fn) | CB_BLEND_CONTROL__ALPHA_SRCBLEND(asf) |
                     CB_BLEND_CONTROL__ALPHA_DESTBLEND(adf) | CB_BLEND_CONTROL__ALPHA_COMB_FCN(afn) |
                     CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND(sep);
      float k[4];
      for (unsigned c = 0; c < 4; c++)
         k[c] = (float)(rnd() % 1400) / 1000.0f - 0.2f;
      static uint32_t ex[NPIX][4][4];
      static uint8_t dst[NPIX][16];
      for (unsigned i = 0; i < NPIX; i++) {
         for (unsigned c = 0; c < 4; c++) {
            ex[i][0][c] = f2u((float)(rnd() % 1400) / 1000.0f - 0.2f);
            ex[i][1][c] = f2u((float)(rnd() % 1000) / 1000.0f);
         }
         set_pixel(i, (const uint32_t(*)[4])ex[i]);
         /* destination: a converted random value */
         uint32_t dv[4];
         for (unsigned c = 0; c < 4; c++)
            dv[c] = f2u((float)(rnd() % 1000) / 999.0f);
         ref_pixel(f, f->is_float ? NUM(FLOAT) : NUM(UNORM), 0, false, dv, dst[i]);
         memcpy(cbmem[0] + i * bytes, dst[i], bytes);
      }
      struct ib ib = { .n = 0 };
      emit_common(&ib);
      emit_target(&ib, 0, info_of(f->code, f->is_float ? NUM(FLOAT) : NUM(UNORM), 0) |
                             CB_COLOR0_INFO__BLEND_CLAMP(clampen) | CB_COLOR0_INFO__BLEND_FLOAT32(1), 0);
      ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
      ib_ctx(&ib, REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(0xCC) |
                                        CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(1) |
                                        CB_COLOR_CONTROL__PER_MRT_BLEND(round % 4 < 2));
      /* per-MRT: CB_BLEND0_CONTROL counts, CB_BLEND_CONTROL holds something else (the R600
       * has no per-MRT blend: CB_BLEND_CONTROL always counts) */
      bool per_mrt = round % 4 < 2 && chip != HW_CHIP_R6XX;
      ib_ctx(&ib, REG_CB_BLEND0_CONTROL, per_mrt ? ctl : 0x01010101);
      ib_ctx(&ib, REG_CB_BLEND_CONTROL, per_mrt ? 0x01010101 : ctl);
      ib_ctx(&ib, REG_CB_BLEND_RED, f2u(k[0]));
      ib_ctx(&ib, REG_CB_BLEND_GREEN, f2u(k[1]));
      ib_ctx(&ib, REG_CB_BLEND_BLUE, f2u(k[2]));
      ib_ctx(&ib, REG_CB_BLEND_ALPHA, f2u(k[3]));
      run(&ib);
      unsigned bad = 0;
      for (unsigned i = 0; i < NPIX; i++) {
         float s[4], s1[4], d[4], kk[4], res[4];
         for (unsigned c = 0; c < 4; c++) {
            s[c] = u2f(ex[i][0][c]);
            s1[c] = u2f(ex[i][1][c]);
            kk[c] = k[c];
            /* destination as stored */
            if (f->is_float && f->bits[0] == 16) {
               uint16_t h;
               memcpy(&h, dst[i] + 2 * c, 2);
               d[c] = (float)(h >> 10 ? ldexp(1.0 + (h & 0x3FF) / 1024.0, (h >> 10) - 15)
                                      : ldexp((h & 0x3FF) / 1024.0, -14));
            } else if (f->is_float) {
               memcpy(&d[c], dst[i] + 4 * c, 4);
            } else {
               d[c] = (float)(dst[i][c] / 255.0);
            }
            if (clampen && !f->is_float) {
               s[c] = clamp_to(s[c], 0, 1);
               s1[c] = clamp_to(s1[c], 0, 1);
               kk[c] = clamp_to(kk[c], 0, 1);
            }
         }
         uint32_t out[4];
         for (unsigned c = 0; c < 4; c++) {
            bool a = c == 3 && sep;
            res[c] = ref_blend(a ? asf : sf, a ? adf : df, a ? afn : fn, c, s, d, s1, kk);
            if (clampen && !f->is_float)
               res[c] = clamp_to(res[c], 0, 1);
            out[c] = f2u(res[c]);
         }
         uint8_t want[16];
         ref_pixel(f, f->is_float ? NUM(FLOAT) : NUM(UNORM), 0, false, out, want);
         bad += memcmp(cbmem[0] + i * bytes, want, bytes) != 0;
      }
      rounds++;
      bad_total += bad;
      CHECK(bad == 0, "blend round %u (format %u, clamp %u, ctl %08X): %u wrong", round, f->code,
            clampen, ctl, bad);
   }
   CHECK(rounds == 60 && bad_total == 0, "blend: %u wrong pixels", bad_total);
}

/* ROP3: the 16 GL logic ops (nibble doubled) on RGBA8 UNORM and R32 UINT; float targets
 * ignore it; blending takes precedence. */
static void test_rop3(void)
{
   for (unsigned op = 0; op < 16; op++) {
      for (unsigned t = 0; t < 3; t++) {
         unsigned fmt = t == 0 ? FMT(8_8_8_8) : t == 1 ? FMT(32) : FMT(32_FLOAT);
         unsigned num = t == 0 ? NUM(UNORM) : t == 1 ? NUM(UINT) : NUM(FLOAT);
         static uint32_t ex[NPIX][4][4], dstv[NPIX];
         for (unsigned i = 0; i < NPIX; i++) {
            for (unsigned c = 0; c < 4; c++)
               ex[i][0][c] = t == 1 ? rnd() : f2u((float)(rnd() % 256) / 255.0f);
            set_pixel(i, (const uint32_t(*)[4])ex[i]);
            dstv[i] = rnd();
            memcpy(cbmem[0] + 4 * i, &dstv[i], 4);
         }
         struct ib ib = { .n = 0 };
         emit_common(&ib);
         emit_target(&ib, 0, info_of(fmt, num, 0), 0);
         ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
         ib_ctx(&ib, REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(op << 4 | op));
         run(&ib);
         unsigned bad = 0;
         for (unsigned i = 0; i < NPIX; i++) {
            uint32_t s;
            if (t == 0) {
               s = 0;
               for (unsigned c = 0; c < 4; c++)
                  s |= (uint32_t)lrintf(u2f(ex[i][0][c]) * 255.0f) << (8 * c);
            } else {
               s = ex[i][0][0];
            }
            uint32_t d = dstv[i], r = 0;
            for (unsigned b = 0; b < 32; b++) {
               unsigned idx = 2 * (s >> b & 1) + (d >> b & 1);
               r |= (uint32_t)(op >> idx & 1) << b;
            }
            if (t == 2)
               r = s;   /* float targets: no logic op */
            uint32_t got;
            memcpy(&got, cbmem[0] + 4 * i, 4);
            bad += got != r;
         }
         CHECK(bad == 0, "ROP3 0x%02X on target kind %u: %u wrong", op << 4 | op, t, bad);
      }
   }
}

/* CB_CLRCMP: source / destination colour keys. */
static void test_clrcmp(void)
{
   static uint32_t ex[NPIX][4][4], dstv[NPIX];
   for (unsigned i = 0; i < NPIX; i++) {
      unsigned v = i % 4;   /* source colour: four kinds */
      for (unsigned c = 0; c < 4; c++)
         ex[i][0][c] = f2u((float)(v * 60 + c) / 255.0f);
      set_pixel(i, (const uint32_t(*)[4])ex[i]);
      dstv[i] = (i / 4) % 2 ? 0x11223344 : 0x55667788;
   }
   const uint32_t key_src = 0x003E3D3C, key_dst = 0x11223344;   /* pixel kind 1, dst kind 1 */
   const struct { unsigned fs, fd, sel; } cases[] = {
      { 5, 0, 1 }, { 4, 0, 1 }, { 0, 5, 0 }, { 0, 4, 0 }, { 5, 4, 2 }, { 1, 0, 1 }, { 0, 1, 1 },
   };
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      for (unsigned i = 0; i < NPIX; i++)
         memcpy(cbmem[0] + 4 * i, &dstv[i], 4);
      struct ib ib = { .n = 0 };
      emit_common(&ib);
      emit_target(&ib, 0, info_of(FMT(8_8_8_8), NUM(UNORM), 0), 0);
      ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
      ib_ctx(&ib, REG_CB_CLRCMP_CONTROL, CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC(cases[k].fs) |
                                         CB_CLRCMP_CONTROL__CLRCMP_FCN_DST(cases[k].fd) |
                                         CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL(cases[k].sel));
      ib_ctx(&ib, REG_CB_CLRCMP_SRC, key_src);
      ib_ctx(&ib, REG_CB_CLRCMP_DST, key_dst);
      ib_ctx(&ib, REG_CB_CLRCMP_MSK, 0x00FFFFFF);   /* alpha not compared */
      run(&ib);
      unsigned bad = 0;
      for (unsigned i = 0; i < NPIX; i++) {
         uint32_t s = 0;
         for (unsigned c = 0; c < 4; c++)
            s |= (uint32_t)lrintf(u2f(ex[i][0][c]) * 255.0f) << (8 * c);
         bool seq = (s & 0xFFFFFF) == (key_src & 0xFFFFFF);
         bool deq = (dstv[i] & 0xFFFFFF) == (key_dst & 0xFFFFFF);
         bool ps = cases[k].fs == 0 ? true : cases[k].fs == 1 ? false : cases[k].fs == 4 ? !seq : seq;
         bool pd = cases[k].fd == 0 ? true : cases[k].fd == 1 ? false : cases[k].fd == 4 ? !deq : deq;
         bool pass = cases[k].sel == 0 ? pd : cases[k].sel == 1 ? ps : ps && pd;
         uint32_t got;
         memcpy(&got, cbmem[0] + 4 * i, 4);
         bad += got != (pass ? s : dstv[i]);
      }
      CHECK(bad == 0, "CLRCMP case %u: %u wrong", k, bad);
   }
}

/* SX alpha test: every function, enable and bypass, on PIXEL 0 alpha. */
static void test_alpha(void)
{
   static uint32_t ex[NPIX][4][4];
   const float ref = 0.5f;
   for (unsigned i = 0; i < NPIX; i++) {
      float a = i % 3 == 0 ? ref : (float)(rnd() % 1000) / 999.0f;
      ex[i][0][0] = f2u(1.0f);
      ex[i][0][1] = ex[i][0][2] = 0;
      ex[i][0][3] = f2u(a);
      set_pixel(i, (const uint32_t(*)[4])ex[i]);
   }
   for (unsigned func = 0; func < 8; func++) {
      for (unsigned mode = 0; mode < 3; mode++) {   /* enabled, disabled, enabled + bypass */
         memset(cbmem[0], 0, TARGET_BYTES);
         struct ib ib = { .n = 0 };
         emit_common(&ib);
         emit_target(&ib, 0, info_of(FMT(8_8_8_8), NUM(UNORM), 0), 0);
         ib_ctx(&ib, REG_CB_TARGET_MASK, 0xF);
         ib_ctx(&ib, REG_SX_ALPHA_TEST_CONTROL,
                SX_ALPHA_TEST_CONTROL__ALPHA_FUNC(func) |
                SX_ALPHA_TEST_CONTROL__ALPHA_TEST_ENABLE(mode != 1) |
                SX_ALPHA_TEST_CONTROL__ALPHA_TEST_BYPASS(mode == 2));
         ib_ctx(&ib, REG_SX_ALPHA_REF, f2u(ref));
         run(&ib);
         unsigned bad = 0;
         for (unsigned i = 0; i < NPIX; i++) {
            float a = u2f(ex[i][0][3]);
            bool pass = func == 0 ? false : func == 1 ? a < ref : func == 2 ? a == ref
                      : func == 3 ? a <= ref : func == 4 ? a > ref : func == 5 ? a != ref
                      : func == 6 ? a >= ref : true;
            if (mode != 0)
               pass = true;
            uint32_t got;
            memcpy(&got, cbmem[0] + 4 * i, 4);
            bad += (got != 0) != pass;
         }
         CHECK(bad == 0, "alpha func %u mode %u: %u wrong", func, mode, bad);
      }
   }
}

/* RESOLVE_BOX of a 4-sample CB_COLOR0 into CB_COLOR1: fixed-point components averaged as
 * integers ((sum + 2) / 4, signed half away from zero), floats as values, integers take
 * sample 0. */
static void test_resolve(void)
{
   static const struct { unsigned fmt, num; } cases[] = {
      { FMT(8_8_8_8), NUM(UNORM) }, { FMT(8_8_8_8), NUM(SNORM) },
      { FMT(16_16_16_16_FLOAT), NUM(FLOAT) }, { FMT(10_11_11_FLOAT), NUM(FLOAT) },
      { FMT(32), NUM(UINT) }, { FMT(5_6_5), NUM(UNORM) },
   };
   uint32_t ex[4][4] = { { 0 } };
   for (unsigned i = 0; i < NPIX; i++)
      set_pixel(i, ex);
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      const struct fmt *f = find_fmt(cases[k].fmt);
      unsigned bytes = fmt_bytes(f);
      /* source: 4 sample planes of random converted values */
      static uint8_t src[4][NPIX][16];
      static uint32_t vals[4][NPIX][4];
      for (unsigned smp = 0; smp < 4; smp++)
         for (unsigned i = 0; i < NPIX; i++) {
            for (unsigned c = 0; c < 4; c++)
               vals[smp][i][c] = random_value(cases[k].num, f->is_float);
            ref_pixel(f, cases[k].num, 0, false, vals[smp][i], src[smp][i]);
            memcpy(cbmem[0] + (smp * NPIX + i) * bytes, src[smp][i], bytes);
         }
      memset(cbmem[1], 0xA5, TARGET_BYTES);
      struct ib ib = { .n = 0 };
      emit_common(&ib);
      emit_target(&ib, 0, info_of(f->code, cases[k].num, 0), 0);
      emit_target(&ib, 1, info_of(f->code, cases[k].num, 0), 0);
      ib_ctx(&ib, REG_CB_TARGET_MASK, 0xFF);
      ib_ctx(&ib, REG_PA_SC_AA_CONFIG, PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES(2));
      ib_ctx(&ib, REG_PA_SC_AA_MASK, 0xFFFFFFFF);
      ib_ctx(&ib, REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(0xCC) |
                                        CB_COLOR_CONTROL__SPECIAL_OP(
                                           CB_COLOR_CONTROL__SPECIAL_OP__SPECIAL_RESOLVE_BOX));
      run(&ib);
      unsigned bad = 0;
      for (unsigned i = 0; i < NPIX; i++) {
         uint8_t want[16] = { 0 };
         uint32_t words[4] = { 0 };
         unsigned shift = 0;
         for (unsigned c = 0; c < f->n; c++) {
            unsigned w = f->bits[c];
            int64_t sum = 0;
            double fsum = 0;
            for (unsigned smp = 0; smp < 4; smp++) {
               uint64_t u = 0;
               for (unsigned b = 0; b < bytes; b++)
                  u |= (uint64_t)src[smp][i][b] << (8 * b);
               u = (u >> shift) & ((1ull << w) - 1);
               bool neg = cases[k].num == NUM(SNORM) && (u >> (w - 1) & 1);
               sum += neg ? (int64_t)u - ((int64_t)1 << w) : (int64_t)u;
               if (f->is_float) {
                  unsigned m = w == 16 ? 10 : w - 5;
                  uint32_t mag = (uint32_t)u & ((1u << (5 + m)) - 1);
                  double v = mag >> m == 31 ? (mag & ((1u << m) - 1) ? NAN : INFINITY)
                                            : mini_value(mag, m);
                  fsum += w == 16 && (u >> 15) ? -v : v;
               }
            }
            uint32_t v;
            if (cases[k].num == NUM(UINT)) {
               uint64_t u = 0;
               for (unsigned b = 0; b < bytes; b++)
                  u |= (uint64_t)src[0][i][b] << (8 * b);
               v = (uint32_t)((u >> shift) & ((1ull << w) - 1));
            } else if (f->is_float) {
               v = w == 16 ? ref_mini((float)(fsum / 4), 10, true) : ref_mini((float)(fsum / 4), w - 5, false);
            } else {
               int64_t avg = sum >= 0 ? (sum + 2) / 4 : -((-sum + 2) / 4);
               v = mask_bits(avg, w);
            }
            words[shift / 32] |= v << (shift % 32);
            shift += w;
         }
         for (unsigned b = 0; b < 16; b++)
            want[b] = (uint8_t)(words[b / 4] >> (8 * (b % 4)));
         bad += memcmp(cbmem[1] + i * bytes, want, bytes) != 0;
      }
      CHECK(bad == 0 && new_faults() == 0, "RESOLVE_BOX format %u number %u: %u wrong", f->code,
            cases[k].num, bad);
   }
}

/* An export channel for the fast-path comparison: random bits, fp16 rounding ties and
 * near-ties (normal and denormal), values around [0, 1] and the special floats. */
static uint32_t fast_value(void)
{
   switch (rnd() % 6) {
   case 0: return rnd();
   case 1: return special_floats[rnd() % (sizeof(special_floats) / 4)];
   case 2: {   /* an fp16 tie or a neighbour, exponent 2^-30 .. 2^17 */
      uint32_t e = 97 + rnd() % 48;
      uint32_t low = (const uint32_t[]){ 0x1000, 0xFFF, 0x1001, 0, 0x1FFF, 1 }[rnd() % 6];
      return (rnd() & 0x80000000u) | e << 23 | (rnd() & 0x7FE000u) | low;
   }
   case 3: return f2u((float)(rnd() % 5000) / 2000.0f - 1.2f);
   case 4: return f2u(((float)(rnd() % 255) + 0.5f) / 255.0f) + (rnd() % 3) - 1;
   default: return f2u((float)(rnd() % 1001) / 1000.0f);
   }
}

/* cb.c's fast paths against its general path, bit for bit, called directly on a 4x4
 * block: COLOR_8_8_8_8 UNORM with every COMP_SWAP, ROUND_MODE, SOURCE_FORMAT,
 * BLEND_CLAMP, write mask, with and without blending (SRC_ALPHA / ONE_MINUS_SRC_ALPHA add
 * and random CB_BLEND_CONTROL values), 1 and 4 samples, random exports and memory. */
static void test_fast_path(void)
{
   enum { BLOCK_BYTES = 4 * 4 * 4 * 4 };
   unsigned mismatches = 0, runs = 0, not_chosen = 0;
   for (unsigned it = 0; it < 4000; it++) {
      struct sim_cb_state cb;
      memset(&cb, 0, sizeof(cb));
      struct sim_cb_target *t = &cb.t[0];
      uint32_t info = info_of(FMT(8_8_8_8), NUM(UNORM), rnd() % 4) |
                      CB_COLOR0_INFO__ROUND_MODE(rnd() & 1) |
                      CB_COLOR0_INFO__SOURCE_FORMAT(rnd() & 1);
      const char *field;
      unsigned value;
      if (!sim_cb_format_init(&t->fmt, info, &field, &value)) {
         CHECK(false, "fast path: format rejected (%s %u)", field, value);
         return;
      }
      sim_cb_channel_bits(&t->fmt, it % 4 ? 0xF : 1 + rnd() % 15, &t->write_bits);
      static uint8_t mem_fast[BLOCK_BYTES], mem_gen[BLOCK_BYTES];
      t->base = mem_fast;
      t->samples = it % 3 ? 1 : 4;
      t->pitch = 4;
      t->height = 4;
      t->sample_bytes = 4 * 4 * 4;
      t->blend_clamp = rnd() & 1;
      t->blend = rnd() % 3 != 0;
      t->blend_ctl = rnd() & 1 ? 0x00000504u /* SRC_ALPHA, ONE_MINUS_SRC_ALPHA, add */
                               : (rnd() % 21) | (rnd() % 21) << 8 | (rnd() % 5) << 5 |
                                    (rnd() % 21) << 16 | (rnd() % 21) << 24 |
                                    (rnd() % 5) << 21 | (rnd() & 1) << 29;
      cb.num_targets = 1;
      cb.rop3 = 0xCC;
      for (unsigned c = 0; c < 4; c++)
         cb.blend_const[c] = u2f(fast_value());
      static struct sim_exports out;
      memset(&out, 0, sizeof(out));
      out.pixel_mask = 3;
      for (unsigned e = 0; e < 2; e++)
         for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < SIM_LANES; l++)
               out.pixel[e][c][l] = fast_value();
      uint8_t smask[16];
      for (unsigned l = 0; l < 16; l++)
         smask[l] = (uint8_t)(t->samples == 1 ? 1 : rnd() % 16);
      uint16_t mask = (uint16_t)(it % 2 ? 0xFFFF : rnd());
      for (unsigned i = 0; i < BLOCK_BYTES; i++)
         mem_fast[i] = mem_gen[i] = (uint8_t)rnd();

      sim_cb_select_fast(&cb, true);
      not_chosen += t->fast != SIM_CB_FAST_UNORM8;
      sim_cb_write(&cb, 0, 0, mask, smask, &out);
      sim_cb_select_fast(&cb, false);
      t->base = mem_gen;
      sim_cb_write(&cb, 0, 0, mask, smask, &out);
      runs++;
      if (memcmp(mem_fast, mem_gen, BLOCK_BYTES)) {
         if (mismatches++ < 5)
            fprintf(stderr, "fast path: iteration %u, info 0x%08X blend %d ctl 0x%08X "
                    "clamp %d differs\n", it, info, t->blend, t->blend_ctl, t->blend_clamp);
      }
   }
   CHECK(not_chosen == 0, "fast path not chosen in %u of %u 8_8_8_8 UNORM blocks", not_chosen,
         runs);
   CHECK(mismatches == 0, "fast path == general path: %u of %u blocks differ", mismatches,
         runs);

   /* Not chosen where it does not apply: ROP3, CLRCMP, ENDIAN, another format. */
   struct sim_cb_state cb;
   memset(&cb, 0, sizeof(cb));
   const char *field;
   unsigned value;
   cb.num_targets = 1;
   sim_cb_format_init(&cb.t[0].fmt, info_of(FMT(8_8_8_8), NUM(UNORM), 0), &field, &value);
   cb.t[0].rop = true;
   sim_cb_select_fast(&cb, true);
   CHECK(cb.t[0].fast == SIM_CB_FAST_NONE, "no fast path with ROP3");
   cb.t[0].rop = false;
   cb.clrcmp.active = true;
   sim_cb_select_fast(&cb, true);
   CHECK(cb.t[0].fast == SIM_CB_FAST_NONE, "no fast path with CLRCMP");
   cb.clrcmp.active = false;
   sim_cb_format_init(&cb.t[0].fmt, info_of(FMT(8_8_8_8), NUM(UNORM), 0) |
                      CB_COLOR0_INFO__ENDIAN(CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN32), &field, &value);
   sim_cb_select_fast(&cb, true);
   CHECK(cb.t[0].fast == SIM_CB_FAST_NONE, "no fast path with ENDIAN_8IN32");
   sim_cb_format_init(&cb.t[0].fmt, info_of(FMT(8_8_8_8), NUM(SRGB), 0), &field, &value);
   sim_cb_select_fast(&cb, true);
   CHECK(cb.t[0].fast == SIM_CB_FAST_NONE, "no fast path for SRGB");
   sim_cb_format_init(&cb.t[0].fmt, info_of(FMT(8_8_8_8), NUM(UNORM), 0), &field, &value);
   sim_cb_select_fast(&cb, true);
   CHECK(cb.t[0].fast == SIM_CB_FAST_UNORM8, "fast path for plain 8_8_8_8 UNORM");
}

int main(int argc, char **argv)
{
   gpu = pm4p_gpu_from_args(argc, argv, &chip);
   if (!gpu)
      return 2;
   pm4p_alloc(gpu, 256, &vs_va);
   pm4p_alloc(gpu, 256, &ps_va);
   pos = pm4p_alloc(gpu, NVERTS * 16, &pos_va);
   col = pm4p_alloc(gpu, NVERTS * 64, &col_va);
   for (unsigned n = 0; n < MAX_TARGETS; n++)
      cbmem[n] = pm4p_alloc(gpu, TARGET_BYTES, &cb_va[n]);
   pm4p_write_program(gpu, vs_va, FAKE_VS, 8, pos_va, col_va, 0.0f);
   pm4p_write_program(gpu, ps_va, FAKE_PS, 8, 0, 0, 0.0f);

   test_formats();
   test_unsupported();
   test_reported_once();
   test_masks_endian_layers();
   test_mrt();
   test_blend();
   test_rop3();
   test_clrcmp();
   test_alpha();
   test_resolve();
   test_fast_path();

   r600_gpu_destroy(gpu);
   return check_report();
}
