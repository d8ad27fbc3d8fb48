/* CB colour writes (see cb.h).
 *
 * Formats: the UNORM packed formats COLOR_8, 8_8, 5_6_5, 1_5_5_5, 5_5_5_1, 4_4_4_4,
 * 8_8_8_8, 2_10_10_10 and 10_10_10_2 with the COMP_SWAP orders of r600-facts §1.3
 * (format names list widths from the most significant end; component X is in the low
 * bits). Other formats / number types are reported and the target is skipped; tiled array
 * modes are reported and addressed as linear.
 * Blending: every CB_BLEND_CONTROL factor and function, in single-precision float, with the
 * source clamped to [0, 1] (UNORM targets) and the destination unpacked as u / (2^n - 1);
 * a component the format lacks reads as 0 (alpha: 1). Not verified against hardware.
 * CB_COLOR_CONTROL: SPECIAL_OP 0 draws, SPECIAL_DISABLE writes nothing, RESOLVE_BOX
 * writes the box-filtered samples of CB_COLOR0 (multi-sampled) into CB_COLOR1 (single-
 * sampled, same format) at every covered pixel, ignoring the PS (resolve_pixel); others
 * are reported and write nothing; ROP3 applies to the packed pixel when blending is off
 * (index 2*src + dst of its low nibble, as GL logic ops program it); MULTIWRITE_ENABLE
 * sends PIXEL 0 to every target.
 */
#include "cb.h"

#include <math.h>
#include <string.h>

#include "gpu_device.h"
#include "r600_regs.h"
#include "sc.h"
#include "unimpl.h"

struct format_desc {
   unsigned format;
   unsigned bpp, ncomp;
   unsigned width[4];       /* X, Y, Z, W from the least significant bits */
};

static const struct format_desc formats[] = {
   { CB_COLOR0_INFO__FORMAT__COLOR_8, 1, 1, { 8 } },
   { CB_COLOR0_INFO__FORMAT__COLOR_8_8, 2, 2, { 8, 8 } },
   { CB_COLOR0_INFO__FORMAT__COLOR_5_6_5, 2, 3, { 5, 6, 5 } },
   { CB_COLOR0_INFO__FORMAT__COLOR_1_5_5_5, 2, 4, { 5, 5, 5, 1 } },
   { CB_COLOR0_INFO__FORMAT__COLOR_5_5_5_1, 2, 4, { 1, 5, 5, 5 } },
   { CB_COLOR0_INFO__FORMAT__COLOR_4_4_4_4, 2, 4, { 4, 4, 4, 4 } },
   { CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8, 4, 4, { 8, 8, 8, 8 } },
   { CB_COLOR0_INFO__FORMAT__COLOR_2_10_10_10, 4, 4, { 10, 10, 10, 2 } },
   { CB_COLOR0_INFO__FORMAT__COLOR_10_10_10_2, 4, 4, { 2, 10, 10, 10 } },
};

/* Shader channel stored in memory component c, per component count and COMP_SWAP
 * (r600-facts §1.3); -1 = combination not defined. */
static const int swaps[4][4][4] = {
   /* 1 component */ { { 0 }, { -1 }, { -1 }, { 3 } },
   /* 2 */ { { 0, 1 }, { 0, 3 }, { 1, 0 }, { 3, 0 } },
   /* 3 */ { { 0, 1, 2 }, { -1 }, { 2, 1, 0 }, { -1 } },
   /* 4 */ { { 0, 1, 2, 3 }, { 2, 1, 0, 3 }, { 3, 2, 1, 0 }, { 3, 0, 1, 2 } },
};

uint32_t sim_cb_float_to_unorm(float f, unsigned bits)
{
   double max = (double)((1u << bits) - 1);
   double v = f > 0.0f ? (f < 1.0f ? (double)f : 1.0) : 0.0;   /* NaN -> 0 */
   return (uint32_t)floor(v * max + 0.5);
}

static float u32_as_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static bool init_target(struct sim_cb_target *t, struct sim_exec *ex, unsigned n,
                        unsigned mask, unsigned samples, bool *fault)
{
   enum r600_chip_class chip = ex->gpu->chip;
   uint32_t info = sim_reg(ex, REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride);
   uint32_t size = sim_reg(ex, REG_CB_COLOR0_SIZE + n * REG_CB_COLOR0_SIZE__stride);
   uint32_t base = sim_reg(ex, REG_CB_COLOR0_BASE + n * REG_CB_COLOR0_BASE__stride);
   unsigned format = CB_COLOR0_INFO__FORMAT__get(info);
   uint32_t info_reg = REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride;

   if (format == CB_COLOR0_INFO__FORMAT__COLOR_INVALID || !mask)
      return false;

   const struct format_desc *fd = NULL;
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (formats[i].format == format)
         fd = &formats[i];
   }
   if (!fd) {
      sim_unimpl_field(chip, info_reg, "FORMAT", format, "target not written");
      return false;
   }
   unsigned number = CB_COLOR0_INFO__NUMBER_TYPE__get(info);
   if (number != CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM) {
      sim_unimpl_field(chip, info_reg, "NUMBER_TYPE", number, "target not written");
      return false;
   }
   unsigned swap = CB_COLOR0_INFO__COMP_SWAP__get(info);
   if (swaps[fd->ncomp - 1][swap][0] < 0) {
      sim_unimpl_field(chip, info_reg, "COMP_SWAP", swap, "undefined for this format; target not written");
      return false;
   }
   unsigned array_mode = CB_COLOR0_INFO__ARRAY_MODE__get(info);
   if (array_mode != CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_GENERAL &&
       array_mode != CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED)
      sim_unimpl_field(chip, info_reg, "ARRAY_MODE", array_mode, "addressed as linear");
   if (CB_COLOR0_INFO__ENDIAN__get(info))
      sim_unimpl_field(chip, info_reg, "ENDIAN", CB_COLOR0_INFO__ENDIAN__get(info), "ignored");

   t->format = format;
   t->bpp = fd->bpp;
   t->ncomp = fd->ncomp;
   t->write_bits = 0;
   unsigned shift = 0;
   for (unsigned c = 0; c < fd->ncomp; c++) {
      t->width[c] = fd->width[c];
      t->shift[c] = shift;
      t->src_chan[c] = (unsigned)swaps[fd->ncomp - 1][swap][c];
      if (mask & (1u << t->src_chan[c]))
         t->write_bits |= ((1u << fd->width[c]) - 1) << shift;
      shift += fd->width[c];
   }
   if (!t->write_bits)
      return false;

   t->pitch = (CB_COLOR0_SIZE__PITCH_TILE_MAX__get(size) + 1) * 8;
   uint64_t slice = (uint64_t)(CB_COLOR0_SIZE__SLICE_TILE_MAX__get(size) + 1) * 64;
   t->height = (uint32_t)(slice / t->pitch);
   uint64_t va = (uint64_t)CB_COLOR0_BASE__BASE_256B__get(base) << 8;
   t->samples = samples;
   t->sample_bytes = slice * t->bpp;
   t->base = sim_mem_range(ex->gpu->mem, va, samples * slice * t->bpp);
   if (!t->base) {
      sim_fault(ex, va, "CB_COLOR%u: surface of %u x %llu bytes (pitch %u) outside any buffer",
                n, samples, (unsigned long long)(slice * t->bpp), t->pitch);
      *fault = true;
      return false;
   }
   return true;
}

/* RESOLVE_BOX: CB_COLOR0 is the multi-sampled source, CB_COLOR1 the single-sampled
 * destination (both per CB_TARGET_MASK); a target that cannot be used is reported. */
static bool init_resolve(struct sim_cb_state *cb, struct sim_exec *ex, unsigned samples)
{
   uint32_t target_mask = sim_reg(ex, REG_CB_TARGET_MASK);
   bool fault = false;
   cb->resolve = true;
   for (unsigned n = 0; n < 2; n++) {
      unsigned mask = (target_mask >> (n * CB_TARGET_MASK__TARGET1_ENABLE__shift)) &
                      CB_TARGET_MASK__TARGET0_ENABLE__mask;
      if (!init_target(&cb->t[n], ex, n, n == 0 ? 0xF : mask, n == 0 ? samples : 1, &fault)) {
         if (!fault)
            sim_unimpl("CB_COLOR_CONTROL.SPECIAL_OP = RESOLVE_BOX without a usable CB_COLOR0 "
                       "source and CB_COLOR1 destination (nothing written)");
         cb->num_targets = 0;
         return !fault;
      }
   }
   if (cb->t[0].format != cb->t[1].format) {
      sim_unimpl("RESOLVE_BOX between different formats (nothing written)");
      return true;
   }
   cb->num_targets = 2;
   return true;
}

bool sim_cb_state_init(struct sim_cb_state *cb, struct sim_exec *ex)
{
   enum r600_chip_class chip = ex->gpu->chip;
   memset(cb, 0, sizeof(*cb));
   uint32_t ctl = sim_reg(ex, REG_CB_COLOR_CONTROL);
   uint32_t target_mask = sim_reg(ex, REG_CB_TARGET_MASK);
   uint32_t shader_mask = sim_reg(ex, REG_CB_SHADER_MASK);
   bool multiwrite = CB_COLOR_CONTROL__MULTIWRITE_ENABLE__get(ctl);
   unsigned special = CB_COLOR_CONTROL__SPECIAL_OP__get(ctl);

   unsigned samples =
      1u << PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES__get(sim_reg(ex, REG_PA_SC_AA_CONFIG));
   if (special == CB_COLOR_CONTROL__SPECIAL_OP__SPECIAL_DISABLE)
      return true;
   if (special == CB_COLOR_CONTROL__SPECIAL_OP__SPECIAL_RESOLVE_BOX)
      return init_resolve(cb, ex, samples);
   if (special != 0) {
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "SPECIAL_OP", special, "nothing written");
      return true;
   }
   if (CB_COLOR_CONTROL__FOG_ENABLE__get(ctl))
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "FOG_ENABLE", 1, "ignored");
   if (CB_COLOR_CONTROL__DITHER_ENABLE__get(ctl))
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "DITHER_ENABLE", 1, "ignored");
   if (CB_COLOR_CONTROL__DEGAMMA_ENABLE__get(ctl))
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "DEGAMMA_ENABLE", 1, "ignored");
   cb->rop3 = CB_COLOR_CONTROL__ROP3__get(ctl);
   if ((cb->rop3 >> 4) != (cb->rop3 & 0xF))
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "ROP3", cb->rop3,
                       "pattern ignored: low nibble used");

   cb->blend_const[0] = u32_as_float(sim_reg(ex, REG_CB_BLEND_RED));
   cb->blend_const[1] = u32_as_float(sim_reg(ex, REG_CB_BLEND_GREEN));
   cb->blend_const[2] = u32_as_float(sim_reg(ex, REG_CB_BLEND_BLUE));
   cb->blend_const[3] = u32_as_float(sim_reg(ex, REG_CB_BLEND_ALPHA));

   uint32_t alpha = sim_reg(ex, REG_SX_ALPHA_TEST_CONTROL);
   cb->alpha_test = SX_ALPHA_TEST_CONTROL__ALPHA_TEST_ENABLE__get(alpha) &&
                    !SX_ALPHA_TEST_CONTROL__ALPHA_TEST_BYPASS__get(alpha);
   cb->alpha_func = SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__get(alpha);
   cb->alpha_ref = u32_as_float(sim_reg(ex, REG_SX_ALPHA_REF));

   bool fault = false;
   for (unsigned n = 0; n < SIM_CB_TARGETS; n++) {
      unsigned exp = multiwrite ? 0 : n;
      /* TARGETn_ENABLE / OUTPUTn_ENABLE: one nibble per target, R G B A from bit 0. */
      unsigned mask = (target_mask >> (n * CB_TARGET_MASK__TARGET1_ENABLE__shift)) &
                      (shader_mask >> (exp * CB_SHADER_MASK__OUTPUT1_ENABLE__shift)) &
                      CB_TARGET_MASK__TARGET0_ENABLE__mask;
      struct sim_cb_target *t = &cb->t[cb->num_targets];
      if (!init_target(t, ex, n, mask, samples, &fault)) {
         if (fault)
            return false;
         continue;
      }
      t->export_index = exp;
      t->blend = (CB_COLOR_CONTROL__TARGET_BLEND_ENABLE__get(ctl) >> n) & 1;
      t->blend_ctl = CB_COLOR_CONTROL__PER_MRT_BLEND__get(ctl)
                        ? sim_reg(ex, REG_CB_BLEND0_CONTROL + n * REG_CB_BLEND0_CONTROL__stride)
                        : sim_reg(ex, REG_CB_BLEND_CONTROL);
      cb->num_targets++;
   }
   return true;
}

static bool alpha_pass(unsigned func, float a, float ref)
{
   switch (func) {
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_NEVER: return false;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_LESS: return a < ref;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_EQUAL: return a == ref;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_LEQUAL: return a <= ref;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_GREATER: return a > ref;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_NOTEQUAL: return a != ref;
   case SX_ALPHA_TEST_CONTROL__ALPHA_FUNC__REF_GEQUAL: return a >= ref;
   default: return true;
   }
}

static float clamp01(float v)
{
   return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
}

static float blend_factor(unsigned f, unsigned ch, const float s[4], const float d[4],
                          const float s1[4], const float k[4])
{
   switch (f) {
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ZERO: return 0.0f;
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE: return 1.0f;
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC_COLOR: return s[ch];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_SRC_COLOR: return 1.0f - s[ch];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC_ALPHA: return s[3];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_SRC_ALPHA: return 1.0f - s[3];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_DST_ALPHA: return d[3];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_DST_ALPHA: return 1.0f - d[3];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_DST_COLOR: return d[ch];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_DST_COLOR: return 1.0f - d[ch];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC_ALPHA_SATURATE:
      return ch == 3 ? 1.0f : fminf(s[3], 1.0f - d[3]);
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_BOTH_SRC_ALPHA: return s[3];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_BOTH_INV_SRC_ALPHA: return 1.0f - s[3];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_CONST_COLOR: return k[ch];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_CONST_COLOR: return 1.0f - k[ch];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC1_COLOR: return s1[ch];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_INV_SRC1_COLOR: return 1.0f - s1[ch];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC1_ALPHA: return s1[3];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_INV_SRC1_ALPHA: return 1.0f - s1[3];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_CONST_ALPHA: return k[3];
   case CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_CONST_ALPHA: return 1.0f - k[3];
   }
   return 0.0f;
}

/* One channel: src_f/dst_f/comb are the factor and function fields that apply to it. */
static float blend_channel(unsigned ch, unsigned src_f, unsigned dst_f, unsigned comb,
                           const float s[4], const float d[4], const float s1[4],
                           const float k[4])
{
   float fs = blend_factor(src_f, ch, s, d, s1, k);
   float fd = blend_factor(dst_f, ch, s, d, s1, k);
   if (src_f == CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_BOTH_SRC_ALPHA)
      fd = 1.0f - s[3];
   else if (src_f == CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_BOTH_INV_SRC_ALPHA)
      fd = s[3];
   switch (comb) {
   case CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_SRC_MINUS_DST: return s[ch] * fs - d[ch] * fd;
   case CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_MIN_DST_SRC: return fminf(s[ch], d[ch]);
   case CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_MAX_DST_SRC: return fmaxf(s[ch], d[ch]);
   case CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_DST_MINUS_SRC: return d[ch] * fd - s[ch] * fs;
   default: return s[ch] * fs + d[ch] * fd;
   }
}

static uint32_t load_pixel(const uint8_t *p, unsigned bpp)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < bpp; i++)
      v |= (uint32_t)p[i] << (8 * i);
   return v;
}

static void store_pixel(uint8_t *p, unsigned bpp, uint32_t v)
{
   for (unsigned i = 0; i < bpp; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t rop(unsigned code, uint32_t s, uint32_t d)
{
   return ((code & 1) ? ~s & ~d : 0) | ((code & 2) ? ~s & d : 0) |
          ((code & 4) ? s & ~d : 0) | ((code & 8) ? s & d : 0);
}

static void write_pixel(const struct sim_cb_state *cb, const struct sim_cb_target *t,
                        uint8_t *p, const float src_in[4], const float s1[4])
{
   uint32_t dst = load_pixel(p, t->bpp);
   float s[4], res[4];
   for (unsigned c = 0; c < 4; c++)
      s[c] = clamp01(src_in[c]);
   if (t->blend) {
      float d[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
      for (unsigned c = 0; c < t->ncomp; c++) {
         uint32_t m = (1u << t->width[c]) - 1;
         d[t->src_chan[c]] = (float)((dst >> t->shift[c]) & m) / (float)m;
      }
      uint32_t bc = t->blend_ctl;
      bool sep = CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND__get(bc);
      for (unsigned ch = 0; ch < 4; ch++) {
         bool a = ch == 3 && sep;
         res[ch] = blend_channel(ch,
                                 a ? CB_BLEND_CONTROL__ALPHA_SRCBLEND__get(bc)
                                   : CB_BLEND_CONTROL__COLOR_SRCBLEND__get(bc),
                                 a ? CB_BLEND_CONTROL__ALPHA_DESTBLEND__get(bc)
                                   : CB_BLEND_CONTROL__COLOR_DESTBLEND__get(bc),
                                 a ? CB_BLEND_CONTROL__ALPHA_COMB_FCN__get(bc)
                                   : CB_BLEND_CONTROL__COLOR_COMB_FCN__get(bc),
                                 s, d, s1, cb->blend_const);
      }
   } else {
      memcpy(res, s, sizeof(res));
   }
   uint32_t packed = 0;
   for (unsigned c = 0; c < t->ncomp; c++)
      packed |= sim_cb_float_to_unorm(res[t->src_chan[c]], t->width[c]) << t->shift[c];
   if (!t->blend && cb->rop3 != 0xCC)
      packed = rop(cb->rop3 & 0xF, packed, dst);
   store_pixel(p, t->bpp, (dst & ~t->write_bits) | (packed & t->write_bits));
}

uint16_t sim_sx_alpha_test(const struct sim_cb_state *cb, uint16_t mask,
                           const struct sim_exports *out)
{
   if (!cb->alpha_test)
      return mask;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      float a = (out->pixel_mask & 1) ? u32_as_float(out->pixel[0][3][l]) : 0.0f;
      if ((mask & (1u << l)) && !alpha_pass(cb->alpha_func, a, cb->alpha_ref))
         mask &= (uint16_t)~(1u << l);
   }
   return mask;
}

/* RESOLVE_BOX for one pixel: each component of the destination is the average of the
 * source samples' component values, (sum + N/2) / N in integers (round half up). */
static void resolve_pixel(const struct sim_cb_state *cb, uint32_t x, uint32_t y)
{
   const struct sim_cb_target *src = &cb->t[0], *dst = &cb->t[1];
   if (x >= src->pitch || y >= src->height || x >= dst->pitch || y >= dst->height)
      return;
   const uint8_t *sp = src->base + ((size_t)y * src->pitch + x) * src->bpp;
   uint8_t *dp = dst->base + ((size_t)y * dst->pitch + x) * dst->bpp;
   uint32_t packed = 0;
   for (unsigned c = 0; c < src->ncomp; c++) {
      uint32_t m = (1u << src->width[c]) - 1, sum = 0;
      for (unsigned k = 0; k < src->samples; k++)
         sum += (load_pixel(sp + k * src->sample_bytes, src->bpp) >> src->shift[c]) & m;
      packed |= ((sum + src->samples / 2) / src->samples) << src->shift[c];
   }
   uint32_t old = load_pixel(dp, dst->bpp);
   store_pixel(dp, dst->bpp, (old & ~dst->write_bits) | (packed & dst->write_bits));
}

void sim_cb_write(const struct sim_cb_state *cb, int32_t bx, int32_t by, uint16_t mask,
                  const uint8_t smask[16], const struct sim_exports *out)
{
   if (cb->resolve) {
      for (unsigned l = 0; l < SIM_LANES; l++) {
         if (mask & (1u << l) && cb->num_targets == 2)
            resolve_pixel(cb, (uint32_t)(bx + (int32_t)sim_lane_x(l)),
                          (uint32_t)(by + (int32_t)sim_lane_y(l)));
      }
      return;
   }
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(mask & (1u << l)))
         continue;
      uint32_t x = (uint32_t)(bx + (int32_t)sim_lane_x(l));
      uint32_t y = (uint32_t)(by + (int32_t)sim_lane_y(l));
      float s1[4];
      for (unsigned c = 0; c < 4; c++)
         s1[c] = u32_as_float(out->pixel[1][c][l]);
      for (unsigned i = 0; i < cb->num_targets; i++) {
         const struct sim_cb_target *t = &cb->t[i];
         if (x >= t->pitch || y >= t->height || !(out->pixel_mask & (1u << t->export_index)))
            continue;
         float src[4];
         for (unsigned c = 0; c < 4; c++)
            src[c] = u32_as_float(out->pixel[t->export_index][c][l]);
         uint8_t *p = t->base + ((size_t)y * t->pitch + x) * t->bpp;
         for (unsigned k = 0; smask[l] >> k; k++) {
            if (smask[l] & (1u << k))
               write_pixel(cb, t, p + k * t->sample_bytes, src, s1);
         }
      }
   }
}
