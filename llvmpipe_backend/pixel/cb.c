/* CB colour writes (see cb.h).
 *
 * Targets: CB_COLORn_INFO.FORMAT != COLOR_INVALID with some channel enabled by
 * CB_TARGET_MASK.TARGETn_ENABLE and CB_SHADER_MASK (output n, or output 0 with
 * CB_COLOR_CONTROL.MULTIWRITE_ENABLE) and CB_SHADER_CONTROL.RTn_ENABLE. Layout and
 * conversions: cb_format.c; ENDIAN_8IN16 / 8IN32 / 8IN64 swap the bytes of each 2 / 4 /
 * 8-byte group of a pixel in memory. CB_COLORn_VIEW.SLICE_START selects the layer (layers
 * of samples * SLICE_TILE_MAX-sized planes); tiled ARRAY_MODEs are reported and addressed
 * as linear, TILE_MODE (CMASK / FMASK) is reported and the surface written directly.
 * Per sample, in order:
 *  1. the PIXEL export (cb_format.c sim_cb_source: fp16 with EXPORT_NORM);
 *  2. with BLEND_CLAMP, source, second source and blend constant clamped to the format's
 *     range (sim_cb_clamp);
 *  3. blending when CB_COLOR_CONTROL.TARGET_BLEND_ENABLE bit n is set and BLEND_BYPASS is
 *     not, for non-integer formats: the destination read back (cb_format.c) and blended
 *     (cb_blend.c) with CB_BLENDn_CONTROL (PER_MRT_BLEND) or CB_BLEND_CONTROL; the result
 *     clamped again with BLEND_CLAMP; PIXEL 1 is the second source;
 *  4. conversion to the format (cb_format.c);
 *  5. ROP3 on the packed pixel when not blending, for non-float formats, unless it is COPY
 *     (0xCC); with differing nibbles the pattern bit is taken as 0 (reported);
 *  6. CB_CLRCMP: FCN_SRC compares (packed source & MSK) with (CLRCMP_SRC & MSK), FCN_DST
 *     the destination with CLRCMP_DST: ALWAYS / NEVER / DRAW_ON_NEQ / DRAW_ON_EQ; FCN_SEL
 *     picks the source test, the destination test or both (AND); a failing sample is not
 *     written (the low 32 bits of wider pixels are compared);
 *  7. the store, through the TARGET_MASK & SHADER_MASK channel bits.
 * CB_COLOR_CONTROL.SPECIAL_OP: 0 draws, SPECIAL_DISABLE writes nothing, RESOLVE_BOX writes
 * the average of CB_COLOR0's samples (multi-sampled) into CB_COLOR1 (single-sampled, same
 * format) at every covered pixel, ignoring the PS (resolve_pixel); others are reported and
 * write nothing.
 * Speed: COLOR_8_8_8_8 UNORM targets without ROP3 / CLRCMP / ENDIAN take a path chosen per
 * draw (sim_cb_select_fast) that does the same operations on the bits directly, and with
 * SSE2 a single-sampled single target takes whole 4x4 blocks at a time; tests/sim/test_cb.c
 * compares both with the general path bit for bit.
 */
#include "pixel/cb.h"

#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "common/exec.h"
#include "common/gpu_memory.h"
#include "common/unimpl.h"
#include "pixel/cb_blend.h"
#include "r600_regs.h"
#include "raster/sc.h"

#define ROP3_COPY 0xCC
#define FACTOR(n) CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_##n
#define BLEND_FACTOR_MAX CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_CONST_ALPHA
#define BLEND_COMB_MAX CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_DST_MINUS_SRC

static float u32_as_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static uint32_t float_as_u32(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Reports the INFO bits that select features the CB does not model. */
static void report_info_bits(enum hw_chip chip, uint32_t reg, uint32_t info,
                             const struct sim_cb_format *f, bool blend)
{
   unsigned array_mode = CB_COLOR0_INFO__ARRAY_MODE__get(info);
   if (array_mode != CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_GENERAL &&
       array_mode != CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED)
      sim_unimpl_field(chip, reg, "ARRAY_MODE", array_mode, "addressed as linear");
   if (CB_COLOR0_INFO__TILE_MODE__get(info))
      sim_unimpl_field(chip, reg, "TILE_MODE", CB_COLOR0_INFO__TILE_MODE__get(info),
                       "no CMASK/FMASK: surface written directly");
   if (CB_COLOR0_INFO__CLEAR_COLOR__get(info))
      sim_unimpl_field(chip, reg, "CLEAR_COLOR", 1, "ignored");
   if (CB_COLOR0_INFO__TILE_COMPACT__get(info))
      sim_unimpl_field(chip, reg, "TILE_COMPACT", 1, "ignored");
   if (CB_COLOR0_INFO__SIMPLE_FLOAT__get(info))
      sim_unimpl_field(chip, reg, "SIMPLE_FLOAT", 1, "ignored");
   if (CB_COLOR0_INFO__READ_SIZE__get(info))
      sim_unimpl_field(chip, reg, "READ_SIZE", 1, "ignored");
   if (blend && f->is_float && f->width[0] == 32 && !CB_COLOR0_INFO__BLEND_FLOAT32__get(info))
      sim_unimpl_field(chip, reg, "BLEND_FLOAT32", 0, "32-bit float target blended in fp32");
   if (f->integer && CB_COLOR0_INFO__SOURCE_FORMAT__get(info))
      sim_unimpl_field(chip, reg, "SOURCE_FORMAT", 1, "integer export taken in full");
}

static void check_blend_ctl(enum hw_chip chip, uint32_t reg, uint32_t bc)
{
   static const char *const factors[] = { "COLOR_SRCBLEND", "COLOR_DESTBLEND",
                                          "ALPHA_SRCBLEND", "ALPHA_DESTBLEND" };
   const unsigned fv[] = { CB_BLEND_CONTROL__COLOR_SRCBLEND__get(bc),
                           CB_BLEND_CONTROL__COLOR_DESTBLEND__get(bc),
                           CB_BLEND_CONTROL__ALPHA_SRCBLEND__get(bc),
                           CB_BLEND_CONTROL__ALPHA_DESTBLEND__get(bc) };
   for (unsigned i = 0; i < 4; i++) {
      if (fv[i] > BLEND_FACTOR_MAX)
         sim_unimpl_field(chip, reg, factors[i], fv[i], "reserved factor: 0 used");
   }
   if (CB_BLEND_CONTROL__COLOR_COMB_FCN__get(bc) > BLEND_COMB_MAX)
      sim_unimpl_field(chip, reg, "COLOR_COMB_FCN", CB_BLEND_CONTROL__COLOR_COMB_FCN__get(bc),
                       "reserved: add used");
   if (CB_BLEND_CONTROL__ALPHA_COMB_FCN__get(bc) > BLEND_COMB_MAX)
      sim_unimpl_field(chip, reg, "ALPHA_COMB_FCN", CB_BLEND_CONTROL__ALPHA_COMB_FCN__get(bc),
                       "reserved: add used");
   if (CB_BLEND_CONTROL__OPACITY_WEIGHT__get(bc))
      sim_unimpl_field(chip, reg, "OPACITY_WEIGHT", 1, "ignored");
}

void sim_cb_surface(struct sim_cb_surface *s, uint32_t base, uint32_t size, uint32_t view,
                    unsigned bpp, unsigned samples)
{
   s->pitch = (CB_COLOR0_SIZE__PITCH_TILE_MAX__get(size) + 1) * 8;
   uint64_t slice = (uint64_t)(CB_COLOR0_SIZE__SLICE_TILE_MAX__get(size) + 1) * 64;
   s->height = (uint32_t)(slice / s->pitch);
   s->sample_bytes = slice * bpp;
   s->layer_bytes = samples * s->sample_bytes;
   s->va = ((uint64_t)CB_COLOR0_BASE__BASE_256B__get(base) << 8) +
           CB_COLOR0_VIEW__SLICE_START__get(view) * s->layer_bytes;
}

/* Target n: its format, write mask `mask` (channels R, G, B, A from bit 0), `samples`
 * planes. False if it is not bound or not usable (reported), or *fault after a fault. */
static bool init_target(struct sim_cb_target *t, struct sim_exec *ex, unsigned n,
                        unsigned mask, unsigned samples, bool *fault)
{
   enum hw_chip chip = ex->chip;
   uint32_t info_reg = REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride;
   uint32_t info = sim_reg(ex, info_reg);
   uint32_t size = sim_reg(ex, REG_CB_COLOR0_SIZE + n * REG_CB_COLOR0_SIZE__stride);
   uint32_t base = sim_reg(ex, REG_CB_COLOR0_BASE + n * REG_CB_COLOR0_BASE__stride);
   uint32_t view = sim_reg(ex, REG_CB_COLOR0_VIEW + n * REG_CB_COLOR0_VIEW__stride);

   if (CB_COLOR0_INFO__FORMAT__get(info) == CB_COLOR0_INFO__FORMAT__COLOR_INVALID || !mask)
      return false;
   const char *field;
   unsigned value;
   if (!sim_cb_format_init(&t->fmt, info, &field, &value)) {
      sim_unimpl_field(chip, info_reg, field, value, "target not written");
      return false;
   }
   sim_cb_channel_bits(&t->fmt, mask, &t->write_bits);
   bool any = false;
   for (unsigned i = 0; i < SIM_CB_MAX_BPP / 4; i++)
      any |= t->write_bits.w[i] != 0;
   if (!any)
      return false;

   struct sim_cb_surface surf;
   sim_cb_surface(&surf, base, size, view, t->fmt.bpp, samples);
   t->pitch = surf.pitch;
   t->height = surf.height;
   t->samples = samples;
   t->sample_bytes = surf.sample_bytes;
   t->base = sim_mem_range(ex->mem, surf.va, surf.layer_bytes);
   if (!t->base) {
      sim_fault(ex, surf.va, "CB_COLOR%u: layer %u, %u x %llu bytes (pitch %u) outside any buffer",
                n, CB_COLOR0_VIEW__SLICE_START__get(view), samples,
                (unsigned long long)t->sample_bytes, t->pitch);
      *fault = true;
      return false;
   }
   t->blend_clamp = CB_COLOR0_INFO__BLEND_CLAMP__get(info);
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
   for (unsigned n = 0; n < 2; n++)
      report_info_bits(ex->chip, REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride,
                       sim_reg(ex, REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride),
                       &cb->t[n].fmt, false);
   if (cb->t[0].fmt.format != cb->t[1].fmt.format ||
       cb->t[0].fmt.number != cb->t[1].fmt.number) {
      sim_unimpl("RESOLVE_BOX between different formats (nothing written)");
      return true;
   }
   cb->num_targets = 2;
   return true;
}

/* A CLRCMP_FCN_SRC / _DST code the CB implements. */
static bool clrcmp_fcn_known(unsigned fcn)
{
   return fcn == CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ALWAYS ||
          fcn == CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_NEVER ||
          fcn == CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ON_NEQ ||
          fcn == CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ON_EQ;
}

static void init_clrcmp(struct sim_cb_clrcmp *cc, const struct sim_exec *ex)
{
   enum hw_chip chip = ex->chip;
   uint32_t ctl = sim_reg(ex, REG_CB_CLRCMP_CONTROL);
   cc->fcn_src = CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__get(ctl);
   cc->fcn_dst = CB_CLRCMP_CONTROL__CLRCMP_FCN_DST__get(ctl);
   cc->sel = CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL__get(ctl);
   cc->src = sim_reg(ex, REG_CB_CLRCMP_SRC);
   cc->dst = sim_reg(ex, REG_CB_CLRCMP_DST);
   cc->mask = sim_reg(ex, REG_CB_CLRCMP_MSK);
   bool src_used = cc->sel != CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL__CLRCMP_SEL_DST;
   bool dst_used = cc->sel != CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL__CLRCMP_SEL_SRC;
   if (src_used && !clrcmp_fcn_known(cc->fcn_src))
      sim_unimpl_field(chip, REG_CB_CLRCMP_CONTROL, "CLRCMP_FCN_SRC", cc->fcn_src,
                       "reserved: always draw");
   if (dst_used && !clrcmp_fcn_known(cc->fcn_dst))
      sim_unimpl_field(chip, REG_CB_CLRCMP_CONTROL, "CLRCMP_FCN_DST", cc->fcn_dst,
                       "reserved: always draw");
   if (cc->sel > CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL__CLRCMP_SEL_AND)
      sim_unimpl_field(chip, REG_CB_CLRCMP_CONTROL, "CLRCMP_FCN_SEL", cc->sel,
                       "reserved: destination test used");
   unsigned always = CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ALWAYS;
   cc->active = (src_used && cc->fcn_src != always) || (dst_used && cc->fcn_dst != always);
}

static void report_control(enum hw_chip chip, uint32_t ctl)
{
   if (CB_COLOR_CONTROL__FOG_ENABLE__get(ctl))
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "FOG_ENABLE", 1, "ignored");
   if (CB_COLOR_CONTROL__DITHER_ENABLE__get(ctl))
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "DITHER_ENABLE", 1, "ignored");
   if (CB_COLOR_CONTROL__DEGAMMA_ENABLE__get(ctl))
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "DEGAMMA_ENABLE", 1, "ignored");
   unsigned rop3 = CB_COLOR_CONTROL__ROP3__get(ctl);
   if ((rop3 >> 4) != (rop3 & 0xF))
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "ROP3", rop3, "pattern bit taken as 0");
   if (chip == HW_CHIP_R6XX && CB_COLOR_CONTROL__PER_MRT_BLEND__get(ctl))
      sim_unimpl_field(chip, REG_CB_COLOR_CONTROL, "PER_MRT_BLEND", 1,
                       "the R600 has no per-MRT blend: CB_BLEND_CONTROL used");
}

bool sim_cb_state_init(struct sim_cb_state *cb, struct sim_exec *ex)
{
   enum hw_chip chip = ex->chip;
   memset(cb, 0, sizeof(*cb));
   uint32_t ctl = sim_reg(ex, REG_CB_COLOR_CONTROL);
   uint32_t target_mask = sim_reg(ex, REG_CB_TARGET_MASK);
   uint32_t shader_mask = sim_reg(ex, REG_CB_SHADER_MASK);
   uint32_t rt_enable = sim_reg(ex, REG_CB_SHADER_CONTROL);
   bool multiwrite = CB_COLOR_CONTROL__MULTIWRITE_ENABLE__get(ctl);
   bool per_mrt = CB_COLOR_CONTROL__PER_MRT_BLEND__get(ctl) && chip != HW_CHIP_R6XX;
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
   report_control(chip, ctl);
   cb->rop3 = CB_COLOR_CONTROL__ROP3__get(ctl);
   cb->blend_const[0] = u32_as_float(sim_reg(ex, REG_CB_BLEND_RED));
   cb->blend_const[1] = u32_as_float(sim_reg(ex, REG_CB_BLEND_GREEN));
   cb->blend_const[2] = u32_as_float(sim_reg(ex, REG_CB_BLEND_BLUE));
   cb->blend_const[3] = u32_as_float(sim_reg(ex, REG_CB_BLEND_ALPHA));
   init_clrcmp(&cb->clrcmp, ex);

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
      if (!(rt_enable >> n & 1))   /* CB_SHADER_CONTROL.RTn_ENABLE */
         mask = 0;
      struct sim_cb_target *t = &cb->t[cb->num_targets];
      if (!init_target(t, ex, n, mask, samples, &fault)) {
         if (fault)
            return false;
         continue;
      }
      uint32_t info = sim_reg(ex, REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride);
      uint32_t blend_reg = per_mrt ? REG_CB_BLEND0_CONTROL + n * REG_CB_BLEND0_CONTROL__stride
                                   : REG_CB_BLEND_CONTROL;
      t->export_index = exp;
      t->blend = (CB_COLOR_CONTROL__TARGET_BLEND_ENABLE__get(ctl) >> n & 1) &&
                 !CB_COLOR0_INFO__BLEND_BYPASS__get(info) && !t->fmt.integer;
      t->blend_ctl = sim_reg(ex, blend_reg);
      if (t->blend)
         check_blend_ctl(chip, blend_reg, t->blend_ctl);
      report_info_bits(chip, REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride, info,
                       &t->fmt, t->blend);
      t->rop = !t->blend && !t->fmt.is_float && cb->rop3 != ROP3_COPY;
      cb->num_targets++;
   }
   sim_cb_select_fast(cb, ex->fast_paths);
   return true;
}

void sim_cb_select_fast(struct sim_cb_state *cb, bool enable)
{
   const uint32_t over = CB_BLEND_CONTROL__COLOR_SRCBLEND(FACTOR(SRC_ALPHA)) |
                         CB_BLEND_CONTROL__COLOR_DESTBLEND(FACTOR(ONE_MINUS_SRC_ALPHA)) |
                         CB_BLEND_CONTROL__COLOR_COMB_FCN(
                            CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_DST_PLUS_SRC);
   const uint32_t color_fields = CB_BLEND_CONTROL__COLOR_SRCBLEND(~0u) |
                                 CB_BLEND_CONTROL__COLOR_DESTBLEND(~0u) |
                                 CB_BLEND_CONTROL__COLOR_COMB_FCN(~0u) |
                                 CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND(~0u);
   for (unsigned i = 0; i < cb->num_targets && !cb->resolve; i++) {
      struct sim_cb_target *t = &cb->t[i];
      const struct sim_cb_format *f = &t->fmt;
      t->fast = SIM_CB_FAST_NONE;
      if (enable && f->format == CB_COLOR0_INFO__FORMAT__COLOR_8_8_8_8 &&
          f->number == CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM && f->endian_group == 1 &&
          !t->rop && !cb->clrcmp.active)
         t->fast = SIM_CB_FAST_UNORM8;
      /* Without SEPARATE_ALPHA_BLEND the ALPHA_* fields are not used. */
      t->blend_over = (t->blend_ctl & color_fields) == over;
      for (unsigned c = 0; c < 4; c++)
         t->blend_const[c] = t->blend_clamp ? sim_cb_clamp(f, c, cb->blend_const[c])
                                            : cb->blend_const[c];
   }
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

/* One colour-compare function on a packed pixel's low dword. */
static bool clrcmp_pass(unsigned fcn, uint32_t pixel, uint32_t ref, uint32_t mask)
{
   bool eq = (pixel & mask) == (ref & mask);
   switch (fcn) {
   case CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ALWAYS: return true;
   case CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_NEVER: return false;
   case CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ON_NEQ: return !eq;
   case CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC__CLRCMP_DRAW_ON_EQ: return eq;
   default: return true;   /* reserved codes: reported at state init */
   }
}

static bool clrcmp(const struct sim_cb_clrcmp *cc, uint32_t src, uint32_t dst)
{
   bool s = clrcmp_pass(cc->fcn_src, src, cc->src, cc->mask);
   bool d = clrcmp_pass(cc->fcn_dst, dst, cc->dst, cc->mask);
   switch (cc->sel) {
   case CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL__CLRCMP_SEL_SRC: return s;
   case CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL__CLRCMP_SEL_AND: return s && d;
   default: return d;
   }
}

static void write_sample(const struct sim_cb_state *cb, const struct sim_cb_target *t,
                         uint8_t *p, const uint32_t src_raw[4], const uint32_t src1_raw[4])
{
   const struct sim_cb_format *f = &t->fmt;
   struct sim_cb_pixel dst, packed;
   uint32_t src[4];
   sim_cb_load(f, p, &dst);
   sim_cb_source(f, src_raw, src);
   if (!f->integer) {
      uint32_t src1[4];
      float s[4], s1[4], k[4], res[4];
      sim_cb_source(f, src1_raw, src1);
      for (unsigned c = 0; c < 4; c++) {
         s[c] = u32_as_float(src[c]);
         s1[c] = u32_as_float(src1[c]);
         k[c] = cb->blend_const[c];
         if (t->blend_clamp) {
            s[c] = sim_cb_clamp(f, c, s[c]);
            s1[c] = sim_cb_clamp(f, c, s1[c]);
            k[c] = sim_cb_clamp(f, c, k[c]);
         }
      }
      if (t->blend) {
         float d[4];
         sim_cb_unpack(f, &dst, d);
         sim_cb_blend(t->blend_ctl, s, s1, d, k, res);
         for (unsigned c = 0; c < 4; c++)
            res[c] = t->blend_clamp ? sim_cb_clamp(f, c, res[c]) : res[c];
      } else {
         memcpy(res, s, sizeof(res));
      }
      for (unsigned c = 0; c < 4; c++)
         src[c] = float_as_u32(res[c]);
   }
   sim_cb_pack(f, src, &packed);
   if (t->rop)
      sim_cb_rop3(cb->rop3 & 0xF, &packed, &dst, &packed);
   if (cb->clrcmp.active && !clrcmp(&cb->clrcmp, packed.w[0], dst.w[0]))
      return;
   sim_cb_store(f, p, &packed, &t->write_bits);
}

/* sim_cb_source's EXPORT_NORM rounding of one channel (fp32 -> fp16 -> fp32, nearest even,
 * overflow to infinity, NaN to the quiet NaN with the sign kept) on the bits. */
static inline uint32_t round_fp16(uint32_t u)
{
   uint32_t sign = u & 0x80000000u, a = u & 0x7FFFFFFFu;
   if (a > 0x7F800000u)
      return sign | 0x7FC00000u;
   if (a >= 0x38800000u) {                   /* >= 2^-14: an fp16 normal, or overflow */
      a = (a + 0xFFFu + (a >> 13 & 1u)) & ~0x1FFFu;
      return sign | (a >= 0x47800000u ? 0x7F800000u : a);   /* 2^16 and up: infinity */
   }
   /* An fp16 denormal: a multiple of 2^-24 (all steps exact but the rounding). */
   return sign | float_as_u32(rintf(u32_as_float(a) * 0x1p24f) * 0x1p-24f);
}

static inline float clamp01(float v)
{
   return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;   /* NaN -> 0 */
}

/* sim_float_to_unorm(x, 8, truncate). */
static inline uint32_t to_unorm8(float x, bool truncate)
{
   double s = (double)clamp01(x) * 255.0;   /* exact */
   return (uint32_t)(truncate ? s : s + 0.5);
}

/* sim_cb_unpack's value of an 8-bit UNORM component u: (float)(u / 255.0), folded by the
 * compiler with the same IEEE operations. */
#define UNORM8_1(n) (float)((n) / 255.0)
#define UNORM8_4(n) UNORM8_1(n), UNORM8_1(n + 1), UNORM8_1(n + 2), UNORM8_1(n + 3)
#define UNORM8_16(n) UNORM8_4(n), UNORM8_4(n + 4), UNORM8_4(n + 8), UNORM8_4(n + 12)
#define UNORM8_64(n) UNORM8_16(n), UNORM8_16(n + 16), UNORM8_16(n + 32), UNORM8_16(n + 48)
static const float unorm8_value[256] = { UNORM8_64(0), UNORM8_64(64), UNORM8_64(128),
                                         UNORM8_64(192) };

/* write_sample for SIM_CB_FAST_UNORM8 targets. */
static void write_sample_unorm8(const struct sim_cb_target *t, uint8_t *p,
                                const uint32_t src_raw[4], const uint32_t src1_raw[4])
{
   const struct sim_cb_format *f = &t->fmt;
   float s[4], res[4];
   for (unsigned c = 0; c < 4; c++)
      s[c] = u32_as_float(f->export_norm ? round_fp16(src_raw[c]) : src_raw[c]);
   uint32_t old;
   memcpy(&old, p, 4);
   if (t->blend) {
      float d[4];
      for (unsigned c = 0; c < 4; c++) {
         d[f->chan[c]] = unorm8_value[old >> (8 * c) & 0xFF];
         if (t->blend_clamp)
            s[c] = clamp01(s[c]);
      }
      if (t->blend_over) {
         float fd = 1.0f - s[3];
         for (unsigned c = 0; c < 4; c++)
            res[c] = s[c] * s[3] + d[c] * fd;
      } else {
         float s1[4];
         for (unsigned c = 0; c < 4; c++) {
            s1[c] = u32_as_float(f->export_norm ? round_fp16(src1_raw[c]) : src1_raw[c]);
            if (t->blend_clamp)
               s1[c] = clamp01(s1[c]);
         }
         sim_cb_blend(t->blend_ctl, s, s1, d, t->blend_const, res);
      }
   } else {
      memcpy(res, s, sizeof(res));   /* clamping to [0, 1] changes no UNORM result */
   }
   uint32_t packed = 0;
   for (unsigned c = 0; c < 4; c++)
      packed |= to_unorm8(res[f->chan[c]], f->truncate) << (8 * c);
   uint32_t bits = t->write_bits.w[0];
   old = (old & ~bits) | (packed & bits);
   memcpy(p, &old, 4);
}

#ifdef __SSE2__
/* The SIM_CB_FAST_UNORM8 path on a whole 4x4 block, four lanes per SSE2 vector (the
 * exports are per channel, lane-contiguous): the same operations as write_sample_unorm8
 * (and so as write_sample) lane by lane. */
static __m128i round_fp16_x4(__m128i u)
{
   const __m128i abs_mask = _mm_set1_epi32(0x7FFFFFFF);
   __m128i sign = _mm_andnot_si128(abs_mask, u), a = _mm_and_si128(u, abs_mask);
   __m128i nan = _mm_cmpgt_epi32(a, _mm_set1_epi32(0x7F800000));
   __m128i normal = _mm_cmpgt_epi32(a, _mm_set1_epi32(0x387FFFFF));
   __m128i odd = _mm_and_si128(_mm_srli_epi32(a, 13), _mm_set1_epi32(1));
   __m128i rn = _mm_add_epi32(_mm_add_epi32(a, _mm_set1_epi32(0xFFF)), odd);
   rn = _mm_and_si128(rn, _mm_set1_epi32(~0x1FFF));
   __m128i ovf = _mm_cmpgt_epi32(rn, _mm_set1_epi32(0x477FFFFF));
   rn = _mm_or_si128(_mm_and_si128(ovf, _mm_set1_epi32(0x7F800000)), _mm_andnot_si128(ovf, rn));
   /* denormal: a multiple of 2^-24, rounded to nearest even like rintf (MXCSR rounding) */
   __m128 dn = _mm_mul_ps(_mm_cvtepi32_ps(_mm_cvtps_epi32(
                             _mm_mul_ps(_mm_castsi128_ps(a), _mm_set1_ps(0x1p24f)))),
                          _mm_set1_ps(0x1p-24f));
   __m128i r = _mm_or_si128(_mm_and_si128(normal, rn),
                            _mm_andnot_si128(normal, _mm_castps_si128(dn)));
   r = _mm_or_si128(_mm_and_si128(nan, _mm_set1_epi32(0x7FC00000)), _mm_andnot_si128(nan, r));
   return _mm_or_si128(r, sign);
}

/* clamp01 on four floats: maxps returns its second operand for a NaN first one. */
static __m128 clamp01_x4(__m128 v)
{
   return _mm_min_ps(_mm_max_ps(v, _mm_setzero_ps()), _mm_set1_ps(1.0f));
}

/* to_unorm8 on four floats, in double like to_unorm8. */
static __m128i to_unorm8_x4(__m128 v, bool truncate)
{
   v = clamp01_x4(v);
   __m128d lo = _mm_mul_pd(_mm_cvtps_pd(v), _mm_set1_pd(255.0));
   __m128d hi = _mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(v, v)), _mm_set1_pd(255.0));
   if (!truncate) {
      lo = _mm_add_pd(lo, _mm_set1_pd(0.5));
      hi = _mm_add_pd(hi, _mm_set1_pd(0.5));
   }
   return _mm_unpacklo_epi64(_mm_cvttpd_epi32(lo), _mm_cvttpd_epi32(hi));
}

/* Whether write_block_unorm8 can take the block: the only target, a fast one, single
 * sample, a blend it does inline, the block inside the surface. */
static bool block_fast(const struct sim_cb_state *cb, int32_t bx, int32_t by,
                       const uint8_t smask[16])
{
   const struct sim_cb_target *t = &cb->t[0];
   if (cb->num_targets != 1 || t->fast != SIM_CB_FAST_UNORM8 || t->samples != 1 ||
       (t->blend && !t->blend_over) || bx < 0 || by < 0 ||
       (uint32_t)bx + 4 > t->pitch || (uint32_t)by + 4 > t->height)
      return false;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (smask[l] > 1)
         return false;
   }
   return true;
}

static void write_block_unorm8(const struct sim_cb_target *t, int32_t bx, int32_t by,
                               uint16_t mask, const uint8_t smask[16],
                               const struct sim_exports *out)
{
   const struct sim_cb_format *f = &t->fmt;
   uint32_t *px[SIM_LANES];
   uint32_t old[SIM_LANES];
   uint32_t bits = t->write_bits.w[0];
   bool need_old = t->blend || bits != 0xFFFFFFFFu;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t x = (uint32_t)bx + sim_lane_x(l), y = (uint32_t)by + sim_lane_y(l);
      px[l] = (uint32_t *)(void *)(t->base + ((size_t)y * t->pitch + x) * 4);
      if (!((mask >> l & 1) && smask[l]))
         mask &= (uint16_t)~(1u << l);
      else if (need_old)
         memcpy(&old[l], px[l], 4);
   }
   __m128 res[4][4];   /* [shader channel][lanes / 4] */
   for (unsigned ch = 0; ch < 4; ch++) {
      for (unsigned q = 0; q < 4; q++) {
         __m128i v = _mm_loadu_si128((const __m128i *)&out->pixel[t->export_index][ch][4 * q]);
         res[ch][q] = _mm_castsi128_ps(f->export_norm ? round_fp16_x4(v) : v);
      }
   }
   if (t->blend) {   /* blend_over */
      for (unsigned q = 0; q < 4; q++) {
         float d[4][4];
         for (unsigned i = 0; i < 4; i++) {
            unsigned l = 4 * q + i;
            uint32_t o = mask >> l & 1 ? old[l] : 0;
            for (unsigned c = 0; c < 4; c++)
               d[f->chan[c]][i] = unorm8_value[o >> (8 * c) & 0xFF];
         }
         if (t->blend_clamp) {
            for (unsigned ch = 0; ch < 4; ch++)
               res[ch][q] = clamp01_x4(res[ch][q]);
         }
         __m128 sa = res[3][q], fd = _mm_sub_ps(_mm_set1_ps(1.0f), sa);
         for (unsigned ch = 0; ch < 4; ch++)
            res[ch][q] = _mm_add_ps(_mm_mul_ps(res[ch][q], sa),
                                    _mm_mul_ps(_mm_loadu_ps(d[ch]), fd));
      }
   }
   uint32_t packed[SIM_LANES];
   for (unsigned q = 0; q < 4; q++) {
      __m128i p = _mm_setzero_si128();
      for (unsigned c = 0; c < 4; c++)
         p = _mm_or_si128(p, _mm_sll_epi32(to_unorm8_x4(res[f->chan[c]][q], f->truncate),
                                           _mm_cvtsi32_si128((int)(8 * c))));
      _mm_storeu_si128((__m128i *)&packed[4 * q], p);
   }
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(mask >> l & 1))
         continue;
      uint32_t v = need_old ? (old[l] & ~bits) | (packed[l] & bits) : packed[l];
      memcpy(px[l], &v, 4);
   }
}
#endif

/* RESOLVE_BOX for one pixel: each component of the destination is the average of the
 * source samples' components: for fixed-point formats of the stored integers, (sum +
 * N/2) / N (signed: rounded half away from zero); for floats of the values, in double,
 * converted like an export; integer formats take sample 0. */
static void resolve_pixel(const struct sim_cb_state *cb, uint32_t x, uint32_t y)
{
   const struct sim_cb_target *src = &cb->t[0], *dst = &cb->t[1];
   const struct sim_cb_format *f = &src->fmt;
   if (x >= src->pitch || y >= src->height || x >= dst->pitch || y >= dst->height)
      return;
   const uint8_t *sp = src->base + ((size_t)y * src->pitch + x) * f->bpp;
   uint8_t *dp = dst->base + ((size_t)y * dst->pitch + x) * f->bpp;
   struct sim_cb_pixel s[8], out;
   for (unsigned k = 0; k < src->samples; k++)
      sim_cb_load(f, sp + k * src->sample_bytes, &s[k]);
   if (f->integer) {
      out = s[0];
   } else if (f->is_float) {
      double sum[4] = { 0 };
      for (unsigned k = 0; k < src->samples; k++) {
         float v[4];
         sim_cb_unpack(f, &s[k], v);
         for (unsigned c = 0; c < 4; c++)
            sum[c] += v[c];
      }
      uint32_t avg[4];
      for (unsigned c = 0; c < 4; c++)
         avg[c] = float_as_u32((float)(sum[c] / src->samples));
      sim_cb_pack(f, avg, &out);
   } else {
      sim_cb_average(f, s, src->samples, &out);
   }
   sim_cb_store(f, dp, &out, &dst->write_bits);
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
#ifdef __SSE2__
   if (block_fast(cb, bx, by, smask)) {
      if (out->pixel_mask & (1u << cb->t[0].export_index))
         write_block_unorm8(&cb->t[0], bx, by, mask, smask, out);
      return;
   }
#endif
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(mask & (1u << l)))
         continue;
      uint32_t x = (uint32_t)(bx + (int32_t)sim_lane_x(l));
      uint32_t y = (uint32_t)(by + (int32_t)sim_lane_y(l));
      uint32_t src1[4];
      for (unsigned c = 0; c < 4; c++)
         src1[c] = out->pixel[1][c][l];
      for (unsigned i = 0; i < cb->num_targets; i++) {
         const struct sim_cb_target *t = &cb->t[i];
         if (x >= t->pitch || y >= t->height || !(out->pixel_mask & (1u << t->export_index)))
            continue;
         uint32_t src[4];
         for (unsigned c = 0; c < 4; c++)
            src[c] = out->pixel[t->export_index][c][l];
         uint8_t *p = t->base + ((size_t)y * t->pitch + x) * t->fmt.bpp;
         for (unsigned k = 0; smask[l] >> k; k++) {
            if (!(smask[l] & (1u << k)))
               continue;
            if (t->fast == SIM_CB_FAST_UNORM8)
               write_sample_unorm8(t, p + k * t->sample_bytes, src, src1);
            else
               write_sample(cb, t, p + k * t->sample_bytes, src, src1);
         }
      }
   }
}
