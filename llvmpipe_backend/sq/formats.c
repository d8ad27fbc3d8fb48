/* Element decoding for the fetch and texture units.
 *
 * Conversion rules (register reference SQ_VTX_WORD1 NUM_FORMAT_ALL text): NORM unsigned =
 * v / (2^n - 1), NORM signed = max(v / (2^(n-1) - 1), -1) (SRF_MODE ZERO_CLAMP_MINUS_ONE) or
 * (2v + 1) / (2^n - 1) (SRF_MODE NO_ZERO); INT = the integer; SCALED = the integer as a
 * float; computed in double and rounded once. Components are named MSB first in format
 * names; X is in the lowest bits / first bytes (docs/r600-hardware-notes.md §1.3, §1.6).
 * FORCE_DEGAMMA applies the sRGB decode curve to X, Y, Z of NORM unsigned data. */
#include <pthread.h>
#include <string.h>

#include "common/float_conv.h"
#include "r600_regs.h"
#include "sq/alu_ops.h"
#include "sq/formats.h"

#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n
static const struct sim_format formats[] = {
   { FMT(8), 1, 1, SIM_COMP_INT, 1, { 8 } },
   { FMT(8_8), 2, 2, SIM_COMP_INT, 1, { 8, 8 } },
   { FMT(8_8_8), 3, 3, SIM_COMP_INT, 1, { 8, 8, 8 } },
   { FMT(8_8_8_8), 4, 4, SIM_COMP_INT, 1, { 8, 8, 8, 8 } },
   { FMT(16), 2, 1, SIM_COMP_INT, 2, { 16 } },
   { FMT(16_16), 4, 2, SIM_COMP_INT, 2, { 16, 16 } },
   { FMT(16_16_16), 6, 3, SIM_COMP_INT, 2, { 16, 16, 16 } },
   { FMT(16_16_16_16), 8, 4, SIM_COMP_INT, 2, { 16, 16, 16, 16 } },
   { FMT(16_FLOAT), 2, 1, SIM_COMP_HALF, 2, { 16 } },
   { FMT(16_16_FLOAT), 4, 2, SIM_COMP_HALF, 2, { 16, 16 } },
   { FMT(16_16_16_FLOAT), 6, 3, SIM_COMP_HALF, 2, { 16, 16, 16 } },
   { FMT(16_16_16_16_FLOAT), 8, 4, SIM_COMP_HALF, 2, { 16, 16, 16, 16 } },
   { FMT(32), 4, 1, SIM_COMP_INT, 4, { 32 } },
   { FMT(32_32), 8, 2, SIM_COMP_INT, 4, { 32, 32 } },
   { FMT(32_32_32), 12, 3, SIM_COMP_INT, 4, { 32, 32, 32 } },
   { FMT(32_32_32_32), 16, 4, SIM_COMP_INT, 4, { 32, 32, 32, 32 } },
   { FMT(32_FLOAT), 4, 1, SIM_COMP_FLOAT, 4, { 32 } },
   { FMT(32_32_FLOAT), 8, 2, SIM_COMP_FLOAT, 4, { 32, 32 } },
   { FMT(32_32_32_FLOAT), 12, 3, SIM_COMP_FLOAT, 4, { 32, 32, 32 } },
   { FMT(32_32_32_32_FLOAT), 16, 4, SIM_COMP_FLOAT, 4, { 32, 32, 32, 32 } },
   { FMT(2_10_10_10), 4, 4, SIM_COMP_INT, 0, { 10, 10, 10, 2 } },
   { FMT(8_24), 4, 2, SIM_COMP_INT, 0, { 24, 8 } },   /* X: 24-bit depth, Y: stencil */
   { FMT(5_6_5), 2, 3, SIM_COMP_INT, 0, { 5, 6, 5 } },
   { FMT(1_5_5_5), 2, 4, SIM_COMP_INT, 0, { 5, 5, 5, 1 } },
   { FMT(4_4_4_4), 2, 4, SIM_COMP_INT, 0, { 4, 4, 4, 4 } },
};

const struct sim_format *sim_format_find(uint32_t code)
{
   for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
      if (formats[i].code == code)
         return &formats[i];
   return NULL;
}

unsigned sim_format_bytes(const struct sim_format *f)
{
   return f->bytes;
}

static uint32_t convert_int(uint32_t v, unsigned n, const struct sim_format_mode *m, unsigned c)
{
   bool is_signed = m->is_signed[c];
   int64_t sv = v;
   if (is_signed && n < 32 && (v >> (n - 1) & 1))
      sv = (int64_t)v - ((int64_t)1 << n);
   else if (is_signed && n == 32)
      sv = (int32_t)v;
   switch (m->num_format) {
   case SIM_NUM_INT:
      return (uint32_t)sv;
   case SIM_NUM_SCALED:
      return sim_u((float)sv);
   default: {
      double r;
      if (!is_signed)
         r = (double)v / (double)((1ull << n) - 1);
      else if (m->srf_no_zero)
         r = (2.0 * (double)sv + 1.0) / (double)((1ull << n) - 1);
      else
         r = (double)sv / (double)((1ull << (n - 1)) - 1);
      if (r < -1.0)
         r = -1.0;
      if (m->degamma && c < 3 && !is_signed)
         r = sim_srgb_to_linear(r);
      return sim_u((float)r);
   }
   }
}

void sim_format_decode(const struct sim_format *f, const uint8_t *src,
                       const struct sim_format_mode *m, uint32_t out[4])
{
   uint8_t b[16];
   memcpy(b, src, f->bytes);
   unsigned swap = m->endian == SIM_ENDIAN_8IN16 ? 2 : m->endian == SIM_ENDIAN_8IN32 ? 4 : 1;
   if (swap > 1 && f->bytes % swap == 0) {
      for (unsigned i = 0; i < f->bytes; i += swap)
         for (unsigned j = 0; j < swap / 2; j++) {
            uint8_t t = b[i + j];
            b[i + j] = b[i + swap - 1 - j];
            b[i + swap - 1 - j] = t;
         }
   }
   out[0] = out[1] = out[2] = 0;
   out[3] = (f->kind == SIM_COMP_INT && m->num_format == SIM_NUM_INT) ? 1u : 0x3F800000u;
   uint32_t packed = 0, shift = 0;
   if (f->unit == 0)
      for (unsigned k = 0; k < f->bytes; k++)
         packed |= (uint32_t)b[k] << (8 * k);
   for (unsigned c = 0; c < f->ncomp; c++) {
      unsigned n = f->bits[c];
      uint32_t v = 0;
      if (f->unit == 0) {
         v = (packed >> shift) & (uint32_t)((1ull << n) - 1);
         shift += n;
      } else {
         for (unsigned k = 0; k < f->unit; k++)
            v |= (uint32_t)b[c * f->unit + k] << (8 * k);
      }
      if (f->kind == SIM_COMP_FLOAT)
         out[c] = v;
      else if (f->kind == SIM_COMP_HALF)
         out[c] = sim_minifloat_to_f32(v, 10, true);
      else
         out[c] = convert_int(v, n, m, c);
   }
}

unsigned sim_format_byte_components(const struct sim_format *f)
{
   return f->kind == SIM_COMP_INT && f->unit == 1 ? f->ncomp : 0;
}

/* One table per way convert_int can treat an 8-bit component: number format x signed x
 * SRF_MODE NO_ZERO x degamma (X, Y, Z only). */
#define LUT8_TABLES (3 * 2 * 2 * 2)
static uint32_t lut8[LUT8_TABLES][256];
static pthread_once_t lut8_once = PTHREAD_ONCE_INIT;

static unsigned lut8_index(uint8_t num_format, bool is_signed, bool srf_no_zero, bool degamma)
{
   return ((num_format * 2u + is_signed) * 2u + srf_no_zero) * 2u + degamma;
}

static void lut8_init(void)
{
   for (unsigned nf = 0; nf < 3; nf++)
      for (unsigned sg = 0; sg < 2; sg++)
         for (unsigned nz = 0; nz < 2; nz++)
            for (unsigned dg = 0; dg < 2; dg++) {
               struct sim_format_mode m = { .num_format = (uint8_t)nf, .is_signed = { sg != 0 },
                                            .srf_no_zero = nz != 0, .degamma = dg != 0 };
               uint32_t *t = lut8[lut8_index((uint8_t)nf, sg, nz, dg)];
               for (unsigned v = 0; v < 256; v++)
                  t[v] = convert_int(v, 8, &m, 0);
            }
}

const uint32_t *sim_format_lut8(const struct sim_format_mode *m, unsigned c)
{
   pthread_once(&lut8_once, lut8_init);
   return lut8[lut8_index(m->num_format, m->is_signed[c], m->srf_no_zero, m->degamma && c < 3)];
}
