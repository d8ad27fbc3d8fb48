/* CB colour formats (see cb_format.h).
 *
 * FORMAT: every COLOR_* code of CB_COLORn_INFO except the depth-like COLOR_8_24_FLOAT,
 * COLOR_24_8_FLOAT and COLOR_X24_8_32_FLOAT. Names list component widths from the most
 * significant end; component X sits in the lowest bits (docs/r600-hardware-notes.md §1.3). *_FLOAT
 * formats hold fp32 (32-bit components), fp16 (16-bit) or unsigned floats with a 5-bit exponent and
 * 6 / 5 mantissa bits (the 11- / 10-bit components of COLOR_10_11_11_FLOAT and
 * COLOR_11_11_10_FLOAT) and need NUMBER_FLOAT; the other formats take any other number type.
 * COMP_SWAP: which shader channel lands in which component (docs/r600-hardware-notes.md §1.3): 4
 * components STD RGBA / ALT BGRA / STD_REV ABGR / ALT_REV ARGB; 3: STD RGB / STD_REV BGR; 2: STD RG
 * / ALT RA / STD_REV GR / ALT_REV AR; 1: STD R / ALT_REV A. Other combinations are not defined and
 * reported. Conversions of an exported float (float_conv.h): UNORM clamp to [0, 1], scale, round to
 * nearest with halves up; SNORM clamp to [-1, 1], halves away from zero; USCALED / SSCALED clamp to
 * the component's integer range and round likewise; ROUND_MODE = 1 truncates instead in all four.
 * SRGB: R, G, B linear -> sRGB curve, then as UNORM; alpha as UNORM. FLOAT: fp32 as is, narrower
 * floats rounded to nearest even (overflow -> infinity, negatives -> 0 in the unsigned ones). UINT
 * / SINT: the exported dword is an integer, clamped to the component's range. Reading back (for
 * blending) inverts these; sRGB is decoded to linear. SOURCE_FORMAT = EXPORT_NORM (the PS exports
 * 16 bits per channel) rounds each float channel to fp16 first.
 */
#include "pixel/cb_format.h"

#include <math.h>
#include <string.h>

#include "common/float_conv.h"
#include "r600_regs.h"

#define NUM(n) CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_##n

struct format_desc {
   unsigned format;
   bool is_float;
   unsigned ncomp;
   unsigned width[4];        /* X, Y, Z, W from the least significant bits */
};

#define F(name, fl, n, ...) { CB_COLOR0_INFO__FORMAT__COLOR_##name, fl, n, { __VA_ARGS__ } }
static const struct format_desc formats[] = {
   F(8, false, 1, 8),
   F(4_4, false, 2, 4, 4),
   F(3_3_2, false, 3, 2, 3, 3),
   F(16, false, 1, 16),
   F(16_FLOAT, true, 1, 16),
   F(8_8, false, 2, 8, 8),
   F(5_6_5, false, 3, 5, 6, 5),
   F(6_5_5, false, 3, 5, 5, 6),
   F(1_5_5_5, false, 4, 5, 5, 5, 1),
   F(4_4_4_4, false, 4, 4, 4, 4, 4),
   F(5_5_5_1, false, 4, 1, 5, 5, 5),
   F(32, false, 1, 32),
   F(32_FLOAT, true, 1, 32),
   F(16_16, false, 2, 16, 16),
   F(16_16_FLOAT, true, 2, 16, 16),
   F(8_24, false, 2, 24, 8),
   F(24_8, false, 2, 8, 24),
   F(10_11_11, false, 3, 11, 11, 10),
   F(10_11_11_FLOAT, true, 3, 11, 11, 10),
   F(11_11_10, false, 3, 10, 11, 11),
   F(11_11_10_FLOAT, true, 3, 10, 11, 11),
   F(2_10_10_10, false, 4, 10, 10, 10, 2),
   F(8_8_8_8, false, 4, 8, 8, 8, 8),
   F(10_10_10_2, false, 4, 2, 10, 10, 10),
   F(32_32, false, 2, 32, 32),
   F(32_32_FLOAT, true, 2, 32, 32),
   F(16_16_16_16, false, 4, 16, 16, 16, 16),
   F(16_16_16_16_FLOAT, true, 4, 16, 16, 16, 16),
   F(32_32_32_32, false, 4, 32, 32, 32, 32),
   F(32_32_32_32_FLOAT, true, 4, 32, 32, 32, 32),
};

/* Shader channel stored in component c, per component count and COMP_SWAP; -1 = not
 * defined. */
static const int swaps[4][4][4] = {
   /* 1 component */ { { 0 }, { -1 }, { -1 }, { 3 } },
   /* 2 */ { { 0, 1 }, { 0, 3 }, { 1, 0 }, { 3, 0 } },
   /* 3 */ { { 0, 1, 2 }, { -1 }, { 2, 1, 0 }, { -1 } },
   /* 4 */ { { 0, 1, 2, 3 }, { 2, 1, 0, 3 }, { 3, 2, 1, 0 }, { 3, 0, 1, 2 } },
};

static float u2f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

bool sim_cb_format_init(struct sim_cb_format *f, uint32_t info, const char **field,
                        unsigned *value)
{
   memset(f, 0, sizeof(*f));
   f->format = CB_COLOR0_INFO__FORMAT__get(info);
   f->number = CB_COLOR0_INFO__NUMBER_TYPE__get(info);
   const struct format_desc *fd = NULL;
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (formats[i].format == f->format)
         fd = &formats[i];
   }
   if (!fd) {
      *field = "FORMAT";
      *value = f->format;
      return false;
   }
   if (fd->is_float != (f->number == NUM(FLOAT))) {
      *field = "NUMBER_TYPE";   /* FLOAT with a fixed-point format or vice versa */
      *value = f->number;
      return false;
   }
   unsigned swap = CB_COLOR0_INFO__COMP_SWAP__get(info);
   if (swaps[fd->ncomp - 1][swap][0] < 0) {
      *field = "COMP_SWAP";
      *value = swap;
      return false;
   }
   f->is_float = fd->is_float;
   f->integer = f->number == NUM(UINT) || f->number == NUM(SINT);
   f->truncate = CB_COLOR0_INFO__ROUND_MODE__get(info);
   f->export_norm = CB_COLOR0_INFO__SOURCE_FORMAT__get(info) && !f->integer;
   f->ncomp = fd->ncomp;
   unsigned shift = 0;
   for (unsigned c = 0; c < fd->ncomp; c++) {
      f->width[c] = fd->width[c];
      f->shift[c] = shift;
      f->chan[c] = (unsigned)swaps[fd->ncomp - 1][swap][c];
      shift += fd->width[c];
   }
   f->bpp = shift / 8;
   unsigned endian = CB_COLOR0_INFO__ENDIAN__get(info);
   f->endian_group = endian == CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN16   ? 2
                     : endian == CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN32 ? 4
                     : endian == CB_COLOR0_INFO__ENDIAN__ENDIAN_8IN64 ? 8
                                                                      : 1;
   if (f->bpp % f->endian_group) {
      *field = "ENDIAN";   /* a swap group wider than the pixel */
      *value = endian;
      return false;
   }
   return true;
}

static uint32_t get_bits(const struct sim_cb_pixel *p, unsigned shift, unsigned width)
{
   uint64_t m = (1ull << width) - 1;
   return (uint32_t)((p->w[shift / 32] >> (shift % 32)) & m);
}

static void put_bits(struct sim_cb_pixel *p, unsigned shift, unsigned width, uint32_t v)
{
   uint32_t m = (uint32_t)((1ull << width) - 1) << (shift % 32);
   p->w[shift / 32] = (p->w[shift / 32] & ~m) | ((v << (shift % 32)) & m);
}

void sim_cb_source(const struct sim_cb_format *f, const uint32_t raw[4], uint32_t out[4])
{
   for (unsigned ch = 0; ch < 4; ch++) {
      out[ch] = f->export_norm ? sim_minifloat_to_f32(
                                    sim_f32_to_minifloat(u2f(raw[ch]), 10, true), 10, true)
                               : raw[ch];
   }
}

/* The integer range of a SCALED / INT component of `width` bits. */
static void int_range(unsigned number, unsigned width, double *lo, double *hi)
{
   bool is_signed = number == NUM(SSCALED) || number == NUM(SINT);
   *lo = is_signed ? -ldexp(1.0, (int)width - 1) : 0.0;
   *hi = is_signed ? ldexp(1.0, (int)width - 1) - 1.0 : ldexp(1.0, (int)width) - 1.0;
}

float sim_cb_clamp(const struct sim_cb_format *f, unsigned chan, float v)
{
   double lo = 0.0, hi = 1.0;
   if (f->is_float)
      return v;
   if (f->number == NUM(SNORM))
      lo = -1.0;
   if (f->number == NUM(USCALED) || f->number == NUM(SSCALED)) {
      unsigned width = 0;
      for (unsigned c = 0; c < f->ncomp; c++) {
         if (f->chan[c] == chan)
            width = f->width[c];
      }
      if (width)
         int_range(f->number, width, &lo, &hi);
   }
   return v > lo ? (v < hi ? v : (float)hi) : (float)lo;   /* NaN -> lo */
}

void sim_cb_unpack(const struct sim_cb_format *f, const struct sim_cb_pixel *p, float out[4])
{
   out[0] = out[1] = out[2] = 0.0f;
   out[3] = 1.0f;
   for (unsigned c = 0; c < f->ncomp; c++) {
      unsigned w = f->width[c], ch = f->chan[c];
      uint32_t u = get_bits(p, f->shift[c], w);
      int64_t s = (int64_t)u - ((u >> (w - 1) & 1) ? (int64_t)1 << w : 0);
      double max = ldexp(1.0, (int)w) - 1.0;
      double v;
      if (f->is_float) {
         v = u2f(w == 32 ? u : sim_minifloat_to_f32(u, w == 16 ? 10 : w - 5, w == 16));
      } else if (f->number == NUM(UNORM) || (f->number == NUM(SRGB) && ch == 3)) {
         v = u / max;
      } else if (f->number == NUM(SRGB)) {
         v = sim_srgb_to_linear(u / max);
      } else if (f->number == NUM(SNORM)) {
         v = fmax((double)s / (ldexp(1.0, (int)w - 1) - 1.0), -1.0);
      } else if (f->number == NUM(SSCALED) || f->number == NUM(SINT)) {
         v = (double)s;
      } else {
         v = (double)u;
      }
      out[ch] = (float)v;
   }
}

/* A float -> SCALED component: clamped to the range, rounded like SNORM. */
static uint32_t to_scaled(const struct sim_cb_format *f, unsigned width, float x)
{
   double lo, hi;
   int_range(f->number, width, &lo, &hi);
   double v = x > lo ? (x < hi ? (double)x : hi) : (x <= lo ? lo : 0.0);   /* NaN -> 0 */
   double r = f->truncate ? trunc(v) : (v < 0 ? -floor(-v + 0.5) : floor(v + 0.5));
   return (uint32_t)(int64_t)r;
}

static uint32_t to_int(const struct sim_cb_format *f, unsigned width, uint32_t x)
{
   double lo, hi;
   int_range(f->number, width, &lo, &hi);
   double v = f->number == NUM(SINT) ? (double)(int32_t)x : (double)x;
   v = v < lo ? lo : v > hi ? hi : v;
   return (uint32_t)(int64_t)v;
}

void sim_cb_pack(const struct sim_cb_format *f, const uint32_t in[4], struct sim_cb_pixel *p)
{
   memset(p, 0, sizeof(*p));
   for (unsigned c = 0; c < f->ncomp; c++) {
      unsigned w = f->width[c], ch = f->chan[c];
      float x = u2f(in[ch]);
      uint32_t v;
      if (f->is_float)
         v = w == 32 ? in[ch] : sim_f32_to_minifloat(x, w == 16 ? 10 : w - 5, w == 16);
      else if (f->integer)
         v = to_int(f, w, in[ch]);
      else if (f->number == NUM(UNORM) || (f->number == NUM(SRGB) && ch == 3))
         v = sim_float_to_unorm(x, w, f->truncate);
      else if (f->number == NUM(SRGB))
         v = sim_float_to_unorm(sim_linear_to_srgb(x), w, f->truncate);
      else if (f->number == NUM(SNORM))
         v = sim_float_to_snorm(x, w, f->truncate);
      else
         v = to_scaled(f, w, x);
      put_bits(p, f->shift[c], w, v);
   }
}

void sim_cb_channel_bits(const struct sim_cb_format *f, unsigned chan_mask,
                         struct sim_cb_pixel *bits)
{
   memset(bits, 0, sizeof(*bits));
   for (unsigned c = 0; c < f->ncomp; c++) {
      if (chan_mask >> f->chan[c] & 1)
         put_bits(bits, f->shift[c], f->width[c], 0xFFFFFFFFu);
   }
}

void sim_cb_average(const struct sim_cb_format *f, const struct sim_cb_pixel *p, unsigned n,
                    struct sim_cb_pixel *out)
{
   bool is_signed = f->number == NUM(SNORM) || f->number == NUM(SSCALED);
   memset(out, 0, sizeof(*out));
   for (unsigned c = 0; c < f->ncomp; c++) {
      unsigned w = f->width[c];
      int64_t sum = 0;
      for (unsigned k = 0; k < n; k++) {
         uint32_t u = get_bits(&p[k], f->shift[c], w);
         sum += is_signed && (u >> (w - 1) & 1) ? (int64_t)u - ((int64_t)1 << w) : (int64_t)u;
      }
      int64_t avg = sum >= 0 ? (sum + n / 2) / n : -((-sum + n / 2) / n);
      put_bits(out, f->shift[c], w, (uint32_t)avg);
   }
}

/* Byte i of the pixel lives at memory byte mem_index(i) (ENDIAN swaps within groups). */
static unsigned mem_index(const struct sim_cb_format *f, unsigned i)
{
   unsigned g = f->endian_group;
   return i - i % g + (g - 1 - i % g);
}

void sim_cb_load(const struct sim_cb_format *f, const uint8_t *mem, struct sim_cb_pixel *p)
{
   memset(p, 0, sizeof(*p));
   for (unsigned i = 0; i < f->bpp; i++)
      p->w[i / 4] |= (uint32_t)mem[mem_index(f, i)] << (8 * (i % 4));
}

void sim_cb_store(const struct sim_cb_format *f, uint8_t *mem, const struct sim_cb_pixel *p,
                  const struct sim_cb_pixel *bits)
{
   for (unsigned i = 0; i < f->bpp; i++) {
      uint8_t m = (uint8_t)(bits->w[i / 4] >> (8 * (i % 4)));
      uint8_t v = (uint8_t)(p->w[i / 4] >> (8 * (i % 4)));
      uint8_t *b = &mem[mem_index(f, i)];
      *b = (uint8_t)((*b & ~m) | (v & m));
   }
}
