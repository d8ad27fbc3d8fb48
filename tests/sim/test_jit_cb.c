/* jit/jit_cb.c against the C units it compiles (pixel/cb.c sim_cb_write and
 * sim_sx_alpha_test), bit for bit: random register states (formats, number types, swaps,
 * ENDIAN, ROUND_MODE, EXPORT_NORM, BLEND_CLAMP, blend factors and functions, write masks,
 * MRT, MULTIWRITE, MSAA 1..8, ROP3, CLRCMP, the alpha test) decoded by sim_cb_state_init,
 * random exports (NaN, infinities, denormals, negatives, values past 1, rounding edges),
 * coverage and sample masks, blocks inside, across and outside the surface edges, random
 * destination contents (raw bytes, or special floats: NaNs with payloads, zeros, infinities),
 * a third of the other states on *_FLOAT formats. The C code writes one copy of the surfaces, a wrapper function
 * compiled with sim_jit_compile_module around jit_cb_emit / jit_sx_alpha_emit another; both
 * must hold the same bytes after every block. check_nan_rules: cb_blend.c's NaN rules on a
 * 32_32_32_32_FLOAT target, C and JIT against results written here.
 *
 * test_jit_cb [STATES [SEED]]: the number of random states (about half of them COLOR_8_8_8_8
 * UNORM, the fast format); test_jit_cb bench: ns per 4x4 block, C and JIT, on an 8888
 * target (BGRA, EXPORT_NORM, BLEND_CLAMP as the driver programs it) plain and blended. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/exec.h"
#include "common/gpu_memory.h"
#include "jit/jit.h"
#include "jit/jit_cb.h"
#include "pixel/cb.h"
#include "r600_regs.h"
#include "check.h"

#define BUF_BYTES (32 * 32 * 8 * 16)   /* the largest layer: 32 x 32 pixels, 8 samples, 16 B */
#define NUM(n) CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_##n
#define FMT(n) CB_COLOR0_INFO__FORMAT__COLOR_##n

typedef uint16_t (*wrap_fn)(const struct sim_cb_state *cb, int32_t bx, int32_t by, uint16_t mask,
                            const uint8_t *smask, const struct sim_exports *out, int32_t write);

static uint64_t rng;

static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 11);
}

static float u2f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static uint32_t f2u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* ---- the wrapper ------------------------------------------------------------------------ */

/* uint16_t fn(cb, bx, by, mask, smask, out, write): write ? jit_cb_emit, returning 0 :
 * jit_sx_alpha_emit's mask. */
static LLVMModuleRef build_wrapper(void *arg, LLVMContextRef ctx, const char *name)
{
   const struct jit_cb_key *k = arg;
   LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("test_jit_cb", ctx);
   struct jb j;
   memset(&j, 0, sizeof(j));
   jb_init(&j, ctx, mod);
   LLVMTypeRef args[7] = { j.ptr, j.i32, j.i32, j.i16, j.ptr, j.ptr, j.i32 };
   j.fn = LLVMAddFunction(mod, name, LLVMFunctionType(j.i16, args, 7, 0));
   LLVMValueRef p[7];
   for (unsigned i = 0; i < 7; i++)
      p[i] = LLVMGetParam(j.fn, i);
   LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, j.fn, "entry");
   LLVMBasicBlockRef alpha = LLVMAppendBasicBlockInContext(ctx, j.fn, "alpha");
   LLVMBasicBlockRef write = LLVMAppendBasicBlockInContext(ctx, j.fn, "write");
   LLVMPositionBuilderAtEnd(j.b, entry);
   LLVMBuildCondBr(j.b, LLVMBuildICmp(j.b, LLVMIntNE, p[6], ci32(&j, 0), ""), write, alpha);
   LLVMPositionBuilderAtEnd(j.b, alpha);
   LLVMBuildRet(j.b, jit_sx_alpha_emit(&j, k, p[0], p[3], p[5]));
   LLVMPositionBuilderAtEnd(j.b, write);
   jit_cb_emit(&j, k, p[0], p[1], p[2], p[3], p[4], p[5]);
   LLVMBuildRet(j.b, ci16(&j, 0));
   LLVMDisposeBuilder(j.b);
   return mod;
}

static wrap_fn compile(const struct jit_cb_key *k, struct sim_jit_code *code)
{
   char err[256];
   struct jit_cb_key copy = *k;
   if (sim_jit_compile_module(k, sizeof(*k), build_wrapper, &copy, "default<O2>", code, err,
                              sizeof(err)) != SIM_JIT_OK) {
      check(false, "compile: %s", err);
      return NULL;
   }
   return (wrap_fn)(void (*)(void))code->fn;
}

/* ---- random states ---------------------------------------------------------------------- */

static struct sim_exec ex;
static uint8_t *buf_c[SIM_CB_TARGETS], *buf_jit[SIM_CB_TARGETS];
static uint64_t buf_va[SIM_CB_TARGETS];

static void set_reg(uint32_t reg, uint32_t v) { ex.regs[reg / 4] = v; }

/* A float for an export or a blend constant: mostly in [0, 1] with rounding edges, some
 * negatives, values past 1, NaNs (quiet and signalling), infinities, denormals, raw bits. */
static uint32_t rnd_value(void)
{
   switch (rnd() % 20) {
   case 10: case 11: case 12: case 13: case 6: {   /* k / (2^n - 1) and half steps, +-1 ulp */
      static const unsigned widths[8] = { 8, 8, 8, 4, 5, 6, 10, 16 };
      unsigned bits = widths[rnd() % 8];
      float v = (float)((rnd() % ((2u << bits) - 1)) / 2.0 / ((1u << bits) - 1));
      return f2u(v) + (rnd() % 3) - 1;
   }
   case 0: return (rnd() & 1 ? 0x7FC00000u : 0x7F800001u) | (rnd() & 0x3FFFFFu) | (rnd() & 1) << 31;
   case 1: return rnd() & 1 ? 0x7F800000u : 0xFF800000u;
   case 2: return rnd() & 0x807FFFFFu;                                   /* denormals, 0 */
   case 3: return f2u(-u2f(rnd() % 0x3F800000u));
   case 4: return f2u(1.0f + (float)(rnd() % 1000) / 100.0f);
   case 5: return rnd();
   case 7: return f2u((float)(int)(rnd() % 70000) - 35000.0f);           /* scaled ranges */
   case 8: return rnd() % 3 == 0 ? 0x3F800000u : rnd() % 2 ? 0 : 0x80000000u;
   default: return f2u((float)(rnd() % 0x1000000) / (float)0xFFFFFF);
   }
}

/* An export dword for an integer format. */
static uint32_t rnd_int(void)
{
   switch (rnd() % 4) {
   case 0: return rnd() % 300;
   case 1: return (uint32_t)-(int32_t)(rnd() % 300);
   case 2: return rnd() % 70000 - 35000;
   default: return rnd();
   }
}

struct fmt_choice {
   unsigned format, ncomp;
   bool is_float;
};

static const struct fmt_choice formats[] = {
   { FMT(8), 1, false }, { FMT(4_4), 2, false }, { FMT(3_3_2), 3, false },
   { FMT(16), 1, false }, { FMT(16_FLOAT), 1, true }, { FMT(8_8), 2, false },
   { FMT(5_6_5), 3, false }, { FMT(6_5_5), 3, false }, { FMT(1_5_5_5), 4, false },
   { FMT(4_4_4_4), 4, false }, { FMT(5_5_5_1), 4, false }, { FMT(32), 1, false },
   { FMT(32_FLOAT), 1, true }, { FMT(16_16), 2, false }, { FMT(16_16_FLOAT), 2, true },
   { FMT(8_24), 2, false }, { FMT(24_8), 2, false }, { FMT(10_11_11), 3, false },
   { FMT(10_11_11_FLOAT), 3, true }, { FMT(11_11_10), 3, false },
   { FMT(11_11_10_FLOAT), 3, true }, { FMT(2_10_10_10), 4, false }, { FMT(8_8_8_8), 4, false },
   { FMT(10_10_10_2), 4, false }, { FMT(32_32), 2, false }, { FMT(32_32_FLOAT), 2, true },
   { FMT(16_16_16_16), 4, false }, { FMT(16_16_16_16_FLOAT), 4, true },
   { FMT(32_32_32_32), 4, false }, { FMT(32_32_32_32_FLOAT), 4, true },
};

/* A CB_COLORn_INFO: the 8888 UNORM fast format (any swap, no ENDIAN) or any format. */
static uint32_t rnd_info(bool unorm8)
{
   uint32_t info;
   if (unorm8) {
      info = CB_COLOR0_INFO__FORMAT(FMT(8_8_8_8)) | CB_COLOR0_INFO__NUMBER_TYPE(NUM(UNORM)) |
             CB_COLOR0_INFO__COMP_SWAP(rnd() % 4);
   } else {
      const unsigned nformats = sizeof(formats) / sizeof(formats[0]);
      const struct fmt_choice *f = &formats[rnd() % nformats];
      if (rnd() % 3 == 0)   /* float formats: blending them has the NaN rules */
         while (!f->is_float)
            f = &formats[rnd() % nformats];
      static const unsigned swaps[4][4] = { { 0, 3, 0, 3 }, { 0, 1, 2, 3 }, { 0, 2, 0, 2 },
                                            { 0, 1, 2, 3 } };
      unsigned number = f->is_float ? NUM(FLOAT) : rnd() % 6;
      info = CB_COLOR0_INFO__FORMAT(f->format) | CB_COLOR0_INFO__NUMBER_TYPE(number) |
             CB_COLOR0_INFO__COMP_SWAP(swaps[f->ncomp - 1][rnd() % 4]) |
             CB_COLOR0_INFO__ENDIAN(rnd() % 3 ? 0 : rnd() % 4);
   }
   return info | CB_COLOR0_INFO__ROUND_MODE(rnd() % 4 == 0) |
          CB_COLOR0_INFO__SOURCE_FORMAT(rnd() % 3 == 0) | CB_COLOR0_INFO__BLEND_CLAMP(rnd() % 2) |
          CB_COLOR0_INFO__BLEND_BYPASS(rnd() % 8 == 0);
}

static uint32_t rnd_blend(void)
{
   unsigned f[4];
   for (unsigned i = 0; i < 4; i++)
      f[i] = rnd() % 16 == 0 ? rnd() % 32 : rnd() % 21;   /* a few reserved codes */
   unsigned comb_c = rnd() % 16 == 0 ? rnd() % 8 : rnd() % 5;
   unsigned comb_a = rnd() % 16 == 0 ? rnd() % 8 : rnd() % 5;
   return CB_BLEND_CONTROL__COLOR_SRCBLEND(f[0]) | CB_BLEND_CONTROL__COLOR_DESTBLEND(f[1]) |
          CB_BLEND_CONTROL__COLOR_COMB_FCN(comb_c) | CB_BLEND_CONTROL__ALPHA_SRCBLEND(f[2]) |
          CB_BLEND_CONTROL__ALPHA_DESTBLEND(f[3]) | CB_BLEND_CONTROL__ALPHA_COMB_FCN(comb_a) |
          CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND(rnd() % 2);
}

/* Random registers; `unorm8`: every target 8888 UNORM, no ROP3 / CLRCMP. */
static void random_regs(bool unorm8, unsigned *pitch, unsigned *height)
{
   unsigned samples_log2 = rnd() % 4;
   /* 8888 states: mostly one target; the others several formats at once */
   unsigned ntargets = unorm8 && rnd() % 3 ? 1 : 1 + rnd() % SIM_CB_TARGETS;
   set_reg(REG_PA_SC_AA_CONFIG, PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES(samples_log2));
   unsigned rop3 = 0xCC;
   if (!unorm8 && rnd() % 3 == 0)
      rop3 = rnd() % 4 ? (rnd() & 0xF) * 0x11 : rnd() & 0xFF;
   set_reg(REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(rnd() % 3 ? 0xFF : rnd()) |
                                    CB_COLOR_CONTROL__ROP3(rop3) |
                                    CB_COLOR_CONTROL__PER_MRT_BLEND(rnd() % 2) |
                                    CB_COLOR_CONTROL__MULTIWRITE_ENABLE(rnd() % 8 == 0));
   if (rnd() % 2)
      set_reg(REG_CB_COLOR_CONTROL, ex.regs[REG_CB_COLOR_CONTROL / 4] &
                                       ~CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(~0u));
   uint32_t tmask = 0;
   for (unsigned n = 0; n < ntargets; n++)
      tmask |= (rnd() % 3 ? 0xFu : rnd() & 0xF) << (4 * n);
   set_reg(REG_CB_TARGET_MASK, tmask);
   set_reg(REG_CB_SHADER_MASK, rnd() % 4 ? 0xFFFFFFFFu : rnd());
   set_reg(REG_CB_SHADER_CONTROL, rnd() % 4 ? 0xFFu : rnd());
   set_reg(REG_CB_BLEND_RED, rnd_value());
   set_reg(REG_CB_BLEND_GREEN, rnd_value());
   set_reg(REG_CB_BLEND_BLUE, rnd_value());
   set_reg(REG_CB_BLEND_ALPHA, rnd_value());
   set_reg(REG_CB_BLEND_CONTROL, rnd_blend());
   for (unsigned n = 0; n < SIM_CB_TARGETS; n++)
      set_reg(REG_CB_BLEND0_CONTROL + n * REG_CB_BLEND0_CONTROL__stride, rnd_blend());
   uint32_t cc = 0;
   if (!unorm8 && rnd() % 3 == 0) {
      static const unsigned fcn[4] = { 0, 1, 4, 5 };
      cc = CB_CLRCMP_CONTROL__CLRCMP_FCN_SRC(fcn[rnd() % 4]) |
           CB_CLRCMP_CONTROL__CLRCMP_FCN_DST(fcn[rnd() % 4]) |
           CB_CLRCMP_CONTROL__CLRCMP_FCN_SEL(rnd() % 3);
   }
   set_reg(REG_CB_CLRCMP_CONTROL, cc);
   set_reg(REG_CB_CLRCMP_SRC, rnd() % 2 ? rnd() : rnd() & 0x0F0F0F0Fu);
   set_reg(REG_CB_CLRCMP_DST, rnd() % 2 ? rnd() : rnd() & 0x0F0F0F0Fu);
   set_reg(REG_CB_CLRCMP_MSK, rnd() % 2 ? rnd() : 0x0F0F0F0Fu);
   set_reg(REG_SX_ALPHA_TEST_CONTROL, SX_ALPHA_TEST_CONTROL__ALPHA_FUNC(rnd() % 8) |
                                         SX_ALPHA_TEST_CONTROL__ALPHA_TEST_ENABLE(rnd() % 2) |
                                         SX_ALPHA_TEST_CONTROL__ALPHA_TEST_BYPASS(rnd() % 8 == 0));
   set_reg(REG_SX_ALPHA_REF, rnd_value());

   *pitch = 8 * (1 + rnd() % 4);
   *height = 8 * (1 + rnd() % 4);
   for (unsigned n = 0; n < SIM_CB_TARGETS; n++) {
      uint32_t info = n < ntargets ? rnd_info(unorm8) : 0;
      set_reg(REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride, info);
      set_reg(REG_CB_COLOR0_SIZE + n * REG_CB_COLOR0_SIZE__stride,
              CB_COLOR0_SIZE__PITCH_TILE_MAX(*pitch / 8 - 1) |
                 CB_COLOR0_SIZE__SLICE_TILE_MAX(*pitch * *height / 64 - 1));
      set_reg(REG_CB_COLOR0_BASE + n * REG_CB_COLOR0_BASE__stride,
              CB_COLOR0_BASE__BASE_256B((uint32_t)(buf_va[n] >> 8)));
      set_reg(REG_CB_COLOR0_VIEW + n * REG_CB_COLOR0_VIEW__stride, 0);
   }
}

/* The JIT's copy of a state: the same, writing buf_jit. */
static void mirror_state(const struct sim_cb_state *c, struct sim_cb_state *m)
{
   *m = *c;
   for (unsigned i = 0; i < c->num_targets; i++) {
      for (unsigned n = 0; n < SIM_CB_TARGETS; n++) {
         if (c->t[i].base >= buf_c[n] && c->t[i].base < buf_c[n] + BUF_BYTES)
            m->t[i].base = buf_jit[n] + (c->t[i].base - buf_c[n]);
      }
   }
}

static void rnd_exports(struct sim_exports *out, const struct sim_cb_state *cb)
{
   for (unsigned e = 0; e < 8; e++) {
      bool integer = false;
      for (unsigned i = 0; i < cb->num_targets; i++)
         integer |= cb->t[i].export_index == e && cb->t[i].fmt.integer;
      for (unsigned c = 0; c < 4; c++) {
         for (unsigned l = 0; l < SIM_LANES; l++)
            out->pixel[e][c][l] = integer ? rnd_int() : rnd_value();
      }
   }
   out->pixel_mask = rnd() % 4 ? 0xFF : (uint8_t)rnd();
}

/* ---- the differential run --------------------------------------------------------------- */

static unsigned states_run, states_unsupported, blocks_run, alpha_run, float_blends;

/* Runs the registers set in ex through both, 64 random blocks. */
static void run_regs(bool unorm8, unsigned pitch, unsigned height)
{
   struct sim_cb_state cb, cbj;
   if (!CHECK(sim_cb_state_init(&cb, &ex), "sim_cb_state_init"))
      return;
   sim_cb_select_fast(&cb, rnd() % 4 != 0);
   struct jit_cb_key key;
   if (!jit_cb_key_init(&key, &cb)) {
      CHECK(!unorm8, "8888 UNORM state not supported");
      states_unsupported++;
      return;
   }
   struct sim_jit_code code;
   wrap_fn fn = compile(&key, &code);
   if (!fn)
      return;
   mirror_state(&cb, &cbj);
   bool special_dst = rnd() % 3 == 0;
   for (unsigned n = 0; n < SIM_CB_TARGETS; n++) {
      for (unsigned b = 0; b < BUF_BYTES; b += 4) {
         uint32_t v = special_dst ? rnd_value() : rnd();
         memcpy(&buf_c[n][b], &v, 4);
      }
      memcpy(buf_jit[n], buf_c[n], BUF_BYTES);
   }
   for (unsigned i = 0; i < cb.num_targets; i++)
      float_blends += cb.t[i].blend && cb.t[i].fmt.is_float;
   static struct sim_exports out;
   unsigned samples = 1u << PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES__get(ex.regs[REG_PA_SC_AA_CONFIG / 4]);
   bool ok = true;
   for (unsigned blk = 0; blk < 64 && ok; blk++) {
      rnd_exports(&out, &cb);
      int32_t bx = 4 * (int32_t)(rnd() % (pitch / 4 + 2)) - 4;
      int32_t by = 4 * (int32_t)(rnd() % (height / 4 + 2)) - 4;
      uint16_t mask = rnd() % 2 ? 0xFFFF : (uint16_t)rnd();
      uint8_t smask[16];
      bool full_s = rnd() % 2;
      for (unsigned l = 0; l < SIM_LANES; l++)
         smask[l] = (uint8_t)(full_s ? (1u << samples) - 1 : rnd() & ((1u << samples) - 1));
      uint16_t am_c = sim_sx_alpha_test(&cb, mask, &out);
      uint16_t am_j = fn(&cbj, bx, by, mask, smask, &out, 0);
      ok &= CHECK(am_c == am_j, "alpha test: C %04x JIT %04x (func %u ref %08x)", am_c, am_j,
                  cb.alpha_func, f2u(cb.alpha_ref));
      alpha_run++;
      sim_cb_write(&cb, bx, by, mask, smask, &out);
      fn(&cbj, bx, by, mask, smask, &out, 1);
      blocks_run++;
      for (unsigned n = 0; n < SIM_CB_TARGETS && ok; n++) {
         if (memcmp(buf_c[n], buf_jit[n], BUF_BYTES) == 0)
            continue;
         unsigned b = 0;
         while (buf_c[n][b] == buf_jit[n][b])
            b++;
         unsigned i = 0;
         while (i < cb.num_targets - 1 && cb.t[i].base != buf_c[n])
            i++;
         const struct sim_cb_target *t = &cb.t[i];
         uint32_t dc, dj;   /* the dword holding the byte */
         memcpy(&dc, buf_c[n] + (b & ~3u), 4);
         memcpy(&dj, buf_jit[n] + (b & ~3u), 4);
         ok &= check(false, "block (%d, %d) mask %04x: CB_COLOR%u byte %u: C %08x JIT %08x (format %u "
                     "number %u swap %u%u%u%u endian %u round %u norm %u blend %u clamp %u ctl %08x "
                     "rop %u/%02x clrcmp %u samples %u bits %08x)",
                     bx, by, mask, n, b, dc, dj, t->fmt.format, t->fmt.number,
                     t->fmt.chan[0], t->fmt.chan[1], t->fmt.chan[2], t->fmt.chan[3],
                     t->fmt.endian_group, t->fmt.truncate, t->fmt.export_norm, t->blend,
                     t->blend_clamp, t->blend_ctl, t->rop, cb.rop3, cb.clrcmp.active, samples,
                     t->write_bits.w[0]);
      }
   }
   CHECK(ok, "state %u", states_run);
   sim_jit_code_release(&code);
   states_run++;
}

static void run_state(bool unorm8)
{
   unsigned pitch, height;
   random_regs(unorm8, &pitch, &height);
   run_regs(unorm8, pitch, height);
}

/* A 1-bit SNORM component (the W of COLOR_1_5_5_5, alpha with COMP_SWAP STD) scales by
 * 2^0 - 1 = 0: cb_format.c reads either code back as fmax(s / 0, -1) = -1 (0 / 0 is a NaN,
 * which fmax drops), so ONE_MINUS_DST_ALPHA is 2 and src * 2 is clamped to [-1, 1]. The
 * JIT once kept the NaN (its -1 clamp a compare that a NaN fails) and wrote its packing. */
static void check_snorm_1bit_dst_alpha(void)
{
   set_reg(REG_PA_SC_AA_CONFIG, PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES(3));
   set_reg(REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(1) |
                                    CB_COLOR_CONTROL__ROP3(0xCC));
   set_reg(REG_CB_TARGET_MASK, 0xF);
   set_reg(REG_CB_SHADER_MASK, 0xF);
   set_reg(REG_CB_SHADER_CONTROL, 1);
   set_reg(REG_CB_BLEND_CONTROL,
           CB_BLEND_CONTROL__COLOR_SRCBLEND(CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_DST_ALPHA) |
              CB_BLEND_CONTROL__COLOR_DESTBLEND(CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ZERO));
   set_reg(REG_CB_CLRCMP_CONTROL, 0);
   set_reg(REG_SX_ALPHA_TEST_CONTROL, 0);
   set_reg(REG_CB_COLOR0_INFO, CB_COLOR0_INFO__FORMAT(FMT(1_5_5_5)) |
                                  CB_COLOR0_INFO__NUMBER_TYPE(NUM(SNORM)) |
                                  CB_COLOR0_INFO__BLEND_CLAMP(1));
   set_reg(REG_CB_COLOR0_SIZE, CB_COLOR0_SIZE__PITCH_TILE_MAX(1) | CB_COLOR0_SIZE__SLICE_TILE_MAX(3));
   set_reg(REG_CB_COLOR0_BASE, CB_COLOR0_BASE__BASE_256B((uint32_t)(buf_va[0] >> 8)));
   set_reg(REG_CB_COLOR0_VIEW, 0);
   for (unsigned n = 1; n < SIM_CB_TARGETS; n++)
      set_reg(REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride, 0);
   struct sim_cb_state cb;
   struct sim_cb_pixel p;
   float back[4];
   if (CHECK(sim_cb_state_init(&cb, &ex), "1-bit SNORM state")) {
      memset(&p, 0, sizeof(p));
      sim_cb_unpack(&cb.t[0].fmt, &p, back);
      CHECK(back[3] == -1.0f, "1-bit SNORM code 0 read back as %g, not -1", back[3]);
   }
   run_regs(false, 16, 16);
}

/* jit_cb_format.c reads UNORM / SNORM components of up to 16 bits back as u times 1 / max
 * split in two floats, in an FMA: the same floats (bits, the sign of zero included) as
 * cb_format.c's division in double, for every value. */
static float fma_quotient(float u, double max)
{
   float hi = (float)(1.0 / max), lo = (float)(1.0 / max - (double)hi);
   return fmaf(u, hi, u * lo);
}

static void check_float_quotient(void)
{
   unsigned bad = 0;
   for (unsigned w = 2; w <= 16; w++) {
      double max = (double)((1u << w) - 1), smax = (double)((1u << (w - 1)) - 1);
      for (uint32_t u = 0; u <= (1u << w) - 1; u++) {
         int32_t s = (int32_t)(u << (32 - w)) >> (32 - w);
         float c = (float)(u / max), q = fma_quotient((float)u, max);
         float cs = (float)fmax(s / smax, -1.0), qs = fmaxf(fma_quotient((float)s, smax), -1.0f);
         bad += memcmp(&c, &q, 4) != 0;
         bad += memcmp(&cs, &qs, 4) != 0;
      }
   }
   CHECK(bad == 0, "float quotient of u / (2^w - 1): %u values differ", bad);
}

/* jit_cb_format.c packs UNORM components of up to 16 bits from any float in [0, 1] with
 * floats and FMAs (unorm_floor; unorm_nearest for widths of 2 and more rounding to
 * nearest): the integer cb_format.c computes in double, floor(v * max + 0.5) (or
 * floor(v * max) with ROUND_MODE truncate), for the floats next to every threshold where the
 * result changes (8 on either side) and at both ends. */
static void check_unorm_floor(void)
{
   unsigned bad = 0, n = 0;
   for (unsigned w = 1; w <= 16; w++) {
      double max = (double)((1u << w) - 1);
      for (unsigned up = 0; up < 2; up++) {
         float bias = up ? 0.5f : 0.0f;
         for (uint32_t t = 0; t <= (1u << w); t++) {
            float v = (float)((t - 0.5 * up) / max);
            for (int i = 0; i < 8; i++)
               v = nextafterf(v, -1.0f);
            for (int i = 0; i < 17; i++, v = nextafterf(v, 2.0f)) {
               if (!(v >= 0.0f && v <= 1.0f))
                  continue;
               int32_t want = (int32_t)((double)v * max + 0.5 * up);
               float x0 = up ? fmaf(v, (float)max, bias) : v * (float)max;
               float rest = fmaf(v, (float)max, bias - x0);
               int32_t got = (int32_t)u2f(f2u(x0) - (rest < 0.0f));
               bad += got != want;
               n++;
               if (up && w >= 2) {   /* unorm_nearest */
                  bad += (int32_t)(f2u(fmaf(v, (float)max, 0x1p23f)) & (uint32_t)max) != want;
                  n++;
               }
            }
         }
      }
   }
   CHECK(bad == 0, "UNORM packing in float: %u of %u values differ", bad, n);
}

/* Every fp16 value as a float (written here from the half-float layout): the values an
 * EXPORT_NORM export takes. */
static uint32_t half_bits_to_float(uint16_t h)
{
   uint32_t sign = (uint32_t)(h >> 15) << 31, e = h >> 10 & 31, m = h & 0x3FF;
   if (e == 31)
      return sign | 0x7F800000u | m << 13;
   float v = ldexpf((float)(e ? m | 0x400 : m), (int)(e ? e : 1) - 25);
   return sign | f2u(v);
}

/* jit_cb_format.c scales UNORM components of EXPORT_NORM sources in float, and rounds them
 * to fp16 without the denormal and overflow cases: every fp16 value, and the floats next to
 * it and next to the ties between it and its neighbours (every rounding carry, into the
 * exponent, to infinity, NaN payloads, the denormal range, float denormals near 0), on every
 * UNORM format, both ROUND_MODEs, with and without BLEND_CLAMP, C and JIT alike. */
static void check_half_unorm(void)
{
   static struct sim_exports out;
   unsigned configs = 0;
   for (unsigned f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
      if (formats[f].is_float)
         continue;
      for (unsigned mode = f % 2; mode < 4; mode += 2) {   /* ROUND_MODE by format */
         set_reg(REG_PA_SC_AA_CONFIG, 0);
         set_reg(REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__ROP3(0xCC));
         set_reg(REG_CB_TARGET_MASK, 0xF);
         set_reg(REG_CB_SHADER_MASK, 0xF);
         set_reg(REG_CB_SHADER_CONTROL, 1);
         set_reg(REG_CB_CLRCMP_CONTROL, 0);
         set_reg(REG_SX_ALPHA_TEST_CONTROL, 0);
         set_reg(REG_CB_COLOR0_INFO, CB_COLOR0_INFO__FORMAT(formats[f].format) |
                                        CB_COLOR0_INFO__NUMBER_TYPE(NUM(UNORM)) |
                                        CB_COLOR0_INFO__SOURCE_FORMAT(1) |
                                        CB_COLOR0_INFO__ROUND_MODE(mode & 1) |
                                        CB_COLOR0_INFO__BLEND_CLAMP(mode >> 1));
         set_reg(REG_CB_COLOR0_SIZE, CB_COLOR0_SIZE__PITCH_TILE_MAX(1) |
                                        CB_COLOR0_SIZE__SLICE_TILE_MAX(3));
         set_reg(REG_CB_COLOR0_BASE, CB_COLOR0_BASE__BASE_256B((uint32_t)(buf_va[0] >> 8)));
         set_reg(REG_CB_COLOR0_VIEW, 0);
         for (unsigned n = 1; n < SIM_CB_TARGETS; n++)
            set_reg(REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride, 0);
         struct sim_cb_state cb, cbj;
         struct jit_cb_key key;
         struct sim_jit_code code;
         if (!CHECK(sim_cb_state_init(&cb, &ex) && cb.t[0].fmt.export_norm,
                    "EXPORT_NORM UNORM state, format %u", formats[f].format) ||
             !CHECK(jit_cb_key_init(&key, &cb), "key, format %u", formats[f].format))
            continue;
         wrap_fn fn = compile(&key, &code);
         if (!fn)
            continue;
         mirror_state(&cb, &cbj);
         const unsigned row_bytes = 4 * 16 * cb.t[0].fmt.bpp;   /* the block's 4 rows */
         memcpy(buf_jit[0], buf_c[0], row_bytes);
         uint8_t smask[16];
         memset(smask, 1, sizeof(smask));
         out.pixel_mask = 1;
         static const uint32_t near[7] = { 0, 1, 0xFFF, 0x1000, 0x1001, -1u, -0x1000u };
         unsigned bad = 0;
         for (uint32_t h = 0; h < 7 * 0x10000 && !bad; h += 64) {
            for (unsigned i = 0; i < 64; i++)
               out.pixel[0][i / 16][i % 16] =
                  half_bits_to_float((uint16_t)(h + i)) + near[(h + i) >> 16];
            sim_cb_write(&cb, 0, 0, 0xFFFF, smask, &out);
            fn(&cbj, 0, 0, 0xFFFF, smask, &out, 1);
            if (memcmp(buf_c[0], buf_jit[0], row_bytes) != 0) {
               bad++;
               check(false, "format %u round %u clamp %u: halves %04x..%04x (+%x) written "
                     "differently", formats[f].format, mode & 1, mode >> 1, h & 0xFFFF,
                     (h & 0xFFFF) + 63, near[h >> 16]);
            }
         }
         sim_jit_code_release(&code);
         configs++;
      }
   }
   CHECK(configs >= 30, "%u UNORM configurations checked", configs);
}

/* ---- jit_cb_unit_export on its own ---------------------------------------------------- */

typedef void (*unit_fn)(const uint32_t *in, uint32_t *out);

/* void fn(in, out): out[0..15] = jit_cb_unit_export(in[0..15], EXPORT_NORM) as bits. */
static LLVMModuleRef build_unit_wrapper(void *arg, LLVMContextRef ctx, const char *name)
{
   (void)arg;
   LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("test_jit_cb_unit", ctx);
   struct jb j;
   memset(&j, 0, sizeof(j));
   jb_init(&j, ctx, mod);
   LLVMTypeRef args[2] = { j.ptr, j.ptr };
   j.fn = LLVMAddFunction(mod, name, LLVMFunctionType(LLVMVoidTypeInContext(ctx), args, 2, 0));
   LLVMPositionBuilderAtEnd(j.b, LLVMAppendBasicBlockInContext(ctx, j.fn, "entry"));
   LLVMValueRef u = load(&j, j.vi, LLVMGetParam(j.fn, 0));
   store(&j, I(&j, jit_cb_unit_export(&j, u, true)), LLVMGetParam(j.fn, 1), 4);
   LLVMBuildRetVoid(j.b);
   LLVMDisposeBuilder(j.b);
   return mod;
}

/* jit_cb_unit_export (the clamp to [0, 1] first, then the fp16 rounding by adding and
 * subtracting a power of two) against cb_format.c's sim_cb_source (round_fp16) then
 * sim_cb_clamp, bit for bit: every float of every exponent up to 1.0 whose 10 high mantissa
 * bits (those an fp16 keeps) are at either end or a random pattern, with all 13 low bits
 * (every rounding case: below, at and above the tie, with odd and even kept bits; the
 * carries into the exponent), then every 4093rd bit pattern of all 2^32 (negatives, NaNs,
 * infinities, values past 1). */
static void check_unit_export(void)
{
   const char *field;
   unsigned value;
   struct sim_cb_format f;
   check(sim_cb_format_init(&f, CB_COLOR0_INFO__FORMAT(FMT(8_8_8_8)) |
                                   CB_COLOR0_INFO__NUMBER_TYPE(NUM(UNORM)) |
                                   CB_COLOR0_INFO__SOURCE_FORMAT(1), &field, &value) &&
         f.export_norm, "EXPORT_NORM 8888 UNORM format");
   char err[256];
   struct sim_jit_code code;
   const char key[] = "test_jit_cb unit_export";
   if (!CHECK(sim_jit_compile_module(key, sizeof(key), build_unit_wrapper, NULL, "default<O2>",
                                     &code, err, sizeof(err)) == SIM_JIT_OK, "compile: %s", err))
      return;
   unit_fn fn = (unit_fn)(void (*)(void))code.fn;
   unsigned bad = 0, n = 0;
   uint32_t in[16], out[16];
   unsigned fill = 0;
   for (uint64_t step = 0;; step++) {
      uint32_t u;
      if (step < (128ull << 17)) {   /* exponent, high bits choice (16), 13 low bits */
         static const uint32_t high[8] = { 0, 1, 2, 0x1FF, 0x200, 0x3FD, 0x3FE, 0x3FF };
         uint32_t e = (uint32_t)(step >> 17), h = (uint32_t)(step >> 13) & 15;
         uint32_t hi = h < 8 ? high[h] : rnd() & 0x3FF;
         u = e << 23 | hi << 13 | (uint32_t)(step & 0x1FFF);
         if (u > 0x3F800000u)
            continue;
      } else {
         uint64_t k = (step - (128ull << 17)) * 4093;
         if (k > 0xFFFFFFFFull)
            break;
         u = (uint32_t)k;
      }
      in[fill++] = u;
      if (fill < 16)
         continue;
      fill = 0;
      fn(in, out);
      for (unsigned q = 0; q < 16; q += 4) {
         uint32_t src[4];
         sim_cb_source(&f, &in[q], src);
         for (unsigned c = 0; c < 4; c++) {
            uint32_t want = f2u(sim_cb_clamp(&f, c, u2f(src[c])));
            if (want != out[q + c] && bad++ < 4)
               check(false, "unit export of %08x: C %08x JIT %08x", in[q + c], want, out[q + c]);
            n++;
         }
      }
   }
   CHECK(bad == 0, "unit export: %u of %u values differ", bad, n);
   sim_jit_code_release(&code);
}

/* The forms for UNORM targets whose source jit_cb_unit_export gives (jit_cb_unit_source:
 * BLEND_CLAMP or no blending) and the block's rows stored by one permutation: every UNORM
 * format (1 to 16 bytes per pixel), both component orders of each (STD and its first other
 * COMP_SWAP), with and without EXPORT_NORM, blending (random equations and factors, with
 * BLEND_CLAMP) or not, C and JIT on random blocks (covered or not, inside or across the
 * surface's edges, MSAA 1 to 8). */
static void check_unit_sources(void)
{
   static const unsigned alt_swap[4] = { 3, 2, 2, 1 };   /* per component count */
   for (unsigned f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
      if (formats[f].is_float)
         continue;
      for (unsigned v = 0; v < 4; v++) {
         unsigned pitch, height;
         random_regs(false, &pitch, &height);
         bool blend = v & 1, norm = v >> 1, swap = (v ^ v >> 1) & 1;
         uint32_t ctl = ex.regs[REG_CB_COLOR_CONTROL / 4] & ~CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(~0u);
         set_reg(REG_CB_COLOR_CONTROL, (ctl & ~CB_COLOR_CONTROL__ROP3(~0u)) | CB_COLOR_CONTROL__ROP3(0xCC) |
                                          CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(blend ? 0xFF : 0));
         set_reg(REG_CB_CLRCMP_CONTROL, 0);
         set_reg(REG_CB_TARGET_MASK, 0xF);
         set_reg(REG_CB_SHADER_MASK, 0xF);
         set_reg(REG_CB_SHADER_CONTROL, 1);
         set_reg(REG_CB_COLOR0_INFO, CB_COLOR0_INFO__FORMAT(formats[f].format) |
                                        CB_COLOR0_INFO__NUMBER_TYPE(NUM(UNORM)) |
                                        CB_COLOR0_INFO__COMP_SWAP(swap ? alt_swap[formats[f].ncomp - 1] : 0) |
                                        CB_COLOR0_INFO__SOURCE_FORMAT(norm) |
                                        CB_COLOR0_INFO__ROUND_MODE(rnd() % 4 == 0) |
                                        CB_COLOR0_INFO__BLEND_CLAMP(blend || rnd() % 2));
         for (unsigned n = 1; n < SIM_CB_TARGETS; n++)
            set_reg(REG_CB_COLOR0_INFO + n * REG_CB_COLOR0_INFO__stride, 0);
         run_regs(false, pitch, height);
      }
   }
}

/* jit_cb.c drops the BLEND_CLAMP clamp after s * As + d * (1 - As) (and the factors
 * swapped, BOTH_SRC_ALPHA, BOTH_INV_SRC_ALPHA) on UNORM targets, whose sources it clamps
 * first: the result cannot pass 1. At its largest, s = 1 and d = 1 (the destination all
 * ones), the sum As + RN(1 - As) for alphas As: every fp16 value with EXPORT_NORM (all an
 * export gives then); without it every 4093rd float in [0, 1] and the multiples of 2^-31
 * below 2^-17, where 1 - As rounds most; random sources and destinations in half the blocks;
 * ONE + ONE, which needs the clamp, alongside. UNORM formats of 8, 10 and 16 bits per
 * component, C and JIT. */
static void check_blend_in_unit(void)
{
#define FAC(n) CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_##n
   static const unsigned pairs[5][2] = {
      { FAC(SRC_ALPHA), FAC(ONE_MINUS_SRC_ALPHA) }, { FAC(ONE_MINUS_SRC_ALPHA), FAC(SRC_ALPHA) },
      { FAC(BOTH_SRC_ALPHA), FAC(ZERO) }, { FAC(BOTH_INV_SRC_ALPHA), FAC(ONE) },
      { FAC(ONE), FAC(ONE) } };
   static const unsigned fmts[3] = { FMT(8_8_8_8), FMT(2_10_10_10), FMT(16_16_16_16) };
   static struct sim_exports out;
   unsigned bad = 0, blocks = 0;
   for (unsigned cfg = 0; cfg < 5 * 3 * 2; cfg++) {
      unsigned pair = cfg % 5, fmt = fmts[cfg / 5 % 3], norm = cfg / 15;
      memset(ex.regs, 0, SIM_REG_SPACE_DWORDS * 4);
      set_reg(REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(1) |
                                       CB_COLOR_CONTROL__ROP3(0xCC));
      set_reg(REG_CB_TARGET_MASK, 0xF);
      set_reg(REG_CB_SHADER_MASK, 0xF);
      set_reg(REG_CB_SHADER_CONTROL, 1);
      set_reg(REG_CB_BLEND_CONTROL, CB_BLEND_CONTROL__COLOR_SRCBLEND(pairs[pair][0]) |
                                       CB_BLEND_CONTROL__COLOR_DESTBLEND(pairs[pair][1]));
      set_reg(REG_CB_COLOR0_INFO, CB_COLOR0_INFO__FORMAT(fmt) |
                                     CB_COLOR0_INFO__NUMBER_TYPE(NUM(UNORM)) |
                                     CB_COLOR0_INFO__SOURCE_FORMAT(norm) |
                                     CB_COLOR0_INFO__BLEND_CLAMP(1));
      set_reg(REG_CB_COLOR0_SIZE, CB_COLOR0_SIZE__PITCH_TILE_MAX(1) |
                                     CB_COLOR0_SIZE__SLICE_TILE_MAX(3));
      set_reg(REG_CB_COLOR0_BASE, CB_COLOR0_BASE__BASE_256B((uint32_t)(buf_va[0] >> 8)));
      struct sim_cb_state cb, cbj;
      struct jit_cb_key key;
      struct sim_jit_code code;
      if (!CHECK(sim_cb_state_init(&cb, &ex) && cb.t[0].fmt.export_norm == norm &&
                    jit_cb_key_init(&key, &cb), "blend state, format %u", fmt))
         continue;
      wrap_fn fn = compile(&key, &code);
      if (!fn)
         continue;
      mirror_state(&cb, &cbj);
      const unsigned bytes = 4 * 16 * cb.t[0].fmt.bpp;   /* the block's 4 rows */
      uint8_t smask[16];
      memset(smask, 1, sizeof(smask));
      out.pixel_mask = 1;
      uint32_t n_alpha = norm ? 0x3C01 : 0x3F800000u / 4093 + 1 + (1u << 14);
      for (uint32_t i = 0; i < n_alpha; i += 16, blocks++) {
         bool extreme = (i / 16) % 2 == 0;
         for (unsigned b = 0; b < bytes; b++)
            buf_c[0][b] = extreme ? 0xFF : (uint8_t)rnd();
         memcpy(buf_jit[0], buf_c[0], bytes);
         for (unsigned l = 0; l < SIM_LANES; l++) {
            uint32_t k = i + l < n_alpha ? i + l : n_alpha - 1, a;
            if (norm)
               a = half_bits_to_float((uint16_t)k);
            else
               a = k < (1u << 14) ? f2u((float)k * 0x1p-31f) : (k - (1u << 14)) * 4093u;
            out.pixel[0][3][l] = a;
            for (unsigned c = 0; c < 3; c++)
               out.pixel[0][c][l] = extreme ? 0x3F800000u : f2u((float)(rnd() % 0x1000001) / 0x1p24f);
         }
         sim_cb_write(&cb, 0, 0, 0xFFFF, smask, &out);
         fn(&cbj, 0, 0, 0xFFFF, smask, &out, 1);
         if (memcmp(buf_c[0], buf_jit[0], bytes) != 0 && bad++ < 4)
            check(false, "blend %u/%u format %u norm %u: alphas from %08x written differently",
                  pairs[pair][0], pairs[pair][1], fmt, norm, out.pixel[0][3][0]);
      }
      sim_jit_code_release(&code);
   }
   CHECK(bad == 0, "blends kept in [0, 1]: %u of %u blocks differ", bad, blocks);
#undef FAC
}

/* cb_blend.c's NaN rules (its header comment), C and JIT, on a 32_32_32_32_FLOAT target:
 * one pixel blended per case, every channel with the same source, destination and factors
 * but alpha, whose values are given apart (for SRC_ALPHA_SATURATE). Results are bits. */
static void check_nan_rules(void)
{
#define FAC(n) CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_##n
#define CMB(n) CB_BLEND_CONTROL__COLOR_COMB_FCN__COMB_##n
   static const struct {
      const char *what;
      unsigned comb, src_f, dst_f;
      uint32_t s, d, sa, da;   /* R, G, B: s and d; A: sa and da */
      uint32_t rgb, a;         /* the expected results */
   } cases[] = {
      { "min(-qNaN with payload, 0.25)", CMB(MIN_DST_SRC), 0, 0, 0xFFC12345u, 0x3E800000u,
        0x3F800000u, 0x3F000000u, 0x3E800000u, 0x3F000000u },
      { "min(0.25, sNaN)", CMB(MIN_DST_SRC), 0, 0, 0x3E800000u, 0x7F800001u,
        0x3F800000u, 0x3F000000u, 0x3E800000u, 0x3F000000u },
      { "max(sNaN, -3)", CMB(MAX_DST_SRC), 0, 0, 0x7FA00000u, 0xC0400000u,
        0x3F800000u, 0x3F000000u, 0xC0400000u, 0x3F800000u },
      { "min(NaN, NaN)", CMB(MIN_DST_SRC), 0, 0, 0xFFC00001u, 0x7F800002u,
        0x3F800000u, 0x3F000000u, 0x7FC00000u, 0x3F000000u },
      { "min(+0, -0)", CMB(MIN_DST_SRC), 0, 0, 0x00000000u, 0x80000000u,
        0x00000000u, 0x80000000u, 0x80000000u, 0x80000000u },
      { "min(-0, +0)", CMB(MIN_DST_SRC), 0, 0, 0x80000000u, 0x00000000u,
        0x80000000u, 0x00000000u, 0x80000000u, 0x80000000u },
      { "max(+0, -0)", CMB(MAX_DST_SRC), 0, 0, 0x00000000u, 0x80000000u,
        0x80000000u, 0x00000000u, 0x00000000u, 0x00000000u },
      { "-qNaN with payload + 1", CMB(DST_PLUS_SRC), FAC(ONE), FAC(ONE), 0xFFC12345u, 0x3F800000u,
        0x3F800000u, 0x3F800000u, 0x7FC00000u, 0x40000000u },
      { "1 + sNaN with payload (destination)", CMB(DST_PLUS_SRC), FAC(ONE), FAC(ONE), 0x3F800000u,
        0xFF812345u, 0x3F800000u, 0x3F800000u, 0x7FC00000u, 0x40000000u },
      { "inf * 0 (x86 gives -NaN)", CMB(SRC_MINUS_DST), FAC(ZERO), FAC(ZERO), 0x7F800000u,
        0x3F800000u, 0x3F800000u, 0x3F800000u, 0x7FC00000u, 0x00000000u },
      { "SRC_ALPHA_SATURATE, As NaN: min(NaN, 1 - Ad) = 0.75", CMB(DST_PLUS_SRC),
        FAC(SRC_ALPHA_SATURATE), FAC(ONE), 0x3F800000u, 0x3F000000u, 0x7FC00000u, 0x3E800000u,
        0x3FA00000u, 0x7FC00000u },
   };
   memset(ex.regs, 0, SIM_REG_SPACE_DWORDS * 4);
   set_reg(REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(1) |
                                    CB_COLOR_CONTROL__ROP3(0xCC));
   set_reg(REG_CB_TARGET_MASK, 0xF);
   set_reg(REG_CB_SHADER_MASK, 0xF);
   set_reg(REG_CB_SHADER_CONTROL, 1);
   set_reg(REG_CB_COLOR0_INFO, CB_COLOR0_INFO__FORMAT(FMT(32_32_32_32_FLOAT)) |
                                  CB_COLOR0_INFO__NUMBER_TYPE(NUM(FLOAT)) |
                                  CB_COLOR0_INFO__BLEND_FLOAT32(1));
   set_reg(REG_CB_COLOR0_SIZE, CB_COLOR0_SIZE__PITCH_TILE_MAX(0) |
                                  CB_COLOR0_SIZE__SLICE_TILE_MAX(0));
   set_reg(REG_CB_COLOR0_BASE, CB_COLOR0_BASE__BASE_256B((uint32_t)(buf_va[0] >> 8)));
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      set_reg(REG_CB_BLEND_CONTROL, CB_BLEND_CONTROL__COLOR_SRCBLEND(cases[i].src_f) |
                                       CB_BLEND_CONTROL__COLOR_DESTBLEND(cases[i].dst_f) |
                                       CB_BLEND_CONTROL__COLOR_COMB_FCN(cases[i].comb));
      struct sim_cb_state cb, cbj;
      struct jit_cb_key key;
      if (!CHECK(sim_cb_state_init(&cb, &ex) && jit_cb_key_init(&key, &cb), "%s: state",
                 cases[i].what))
         continue;
      struct sim_jit_code code;
      wrap_fn fn = compile(&key, &code);
      if (!fn)
         continue;
      mirror_state(&cb, &cbj);
      static struct sim_exports out;
      memset(&out, 0, sizeof(out));
      out.pixel_mask = 1;
      const uint32_t dst[4] = { cases[i].d, cases[i].d, cases[i].d, cases[i].da };
      memcpy(buf_c[0], dst, 16);
      memcpy(buf_jit[0], dst, 16);
      for (unsigned c = 0; c < 4; c++)
         out.pixel[0][c][0] = c == 3 ? cases[i].sa : cases[i].s;
      uint8_t smask[16] = { 1 };
      sim_cb_write(&cb, 0, 0, 1, smask, &out);
      fn(&cbj, 0, 0, 1, smask, &out, 1);
      const uint32_t want[4] = { cases[i].rgb, cases[i].rgb, cases[i].rgb, cases[i].a };
      uint32_t got_c[4], got_j[4];
      memcpy(got_c, buf_c[0], 16);
      memcpy(got_j, buf_jit[0], 16);
      for (unsigned c = 0; c < 4; c++) {
         CHECK(got_c[c] == want[c], "%s: C channel %u %08x, want %08x", cases[i].what, c,
               got_c[c], want[c]);
         CHECK(got_j[c] == want[c], "%s: JIT channel %u %08x, want %08x", cases[i].what, c,
               got_j[c], want[c]);
      }
      sim_jit_code_release(&code);
   }
#undef FAC
#undef CMB
}

/* ---- bench ------------------------------------------------------------------------------ */

static double now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);   /* CPU time: the machine is shared */
   return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void bench_one(const char *name, uint32_t blend_ctl, bool blend, uint16_t mask,
                      unsigned samples_log2)
{
   unsigned pitch = 32, height = 32;
   memset(ex.regs, 0, SIM_REG_SPACE_DWORDS * 4);
   set_reg(REG_CB_COLOR_CONTROL, CB_COLOR_CONTROL__TARGET_BLEND_ENABLE(blend) |
                                    CB_COLOR_CONTROL__ROP3(0xCC));
   set_reg(REG_PA_SC_AA_CONFIG, PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES(samples_log2));
   set_reg(REG_CB_TARGET_MASK, 0xF);
   set_reg(REG_CB_SHADER_MASK, 0xF);
   set_reg(REG_CB_SHADER_CONTROL, 1);
   set_reg(REG_CB_BLEND_CONTROL, blend_ctl);
   set_reg(REG_CB_COLOR0_INFO, CB_COLOR0_INFO__FORMAT(FMT(8_8_8_8)) |
                                  CB_COLOR0_INFO__NUMBER_TYPE(NUM(UNORM)) |
                                  CB_COLOR0_INFO__COMP_SWAP(1) | CB_COLOR0_INFO__BLEND_CLAMP(1) |
                                  CB_COLOR0_INFO__SOURCE_FORMAT(1));   /* as the driver sets it */
   set_reg(REG_CB_COLOR0_SIZE, CB_COLOR0_SIZE__PITCH_TILE_MAX(pitch / 8 - 1) |
                                  CB_COLOR0_SIZE__SLICE_TILE_MAX(pitch * height / 64 - 1));
   set_reg(REG_CB_COLOR0_BASE, CB_COLOR0_BASE__BASE_256B((uint32_t)(buf_va[0] >> 8)));
   struct sim_cb_state cb, cbj;
   sim_cb_state_init(&cb, &ex);
   struct jit_cb_key key;
   if (!jit_cb_key_init(&key, &cb))
      return;
   struct sim_jit_code code;
   double c0 = now_ns();
   wrap_fn fn = compile(&key, &code);
   double compile_ms = (now_ns() - c0) / 1e6;
   if (!fn)
      return;
   mirror_state(&cb, &cbj);
   static struct sim_exports out;
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned l = 0; l < SIM_LANES; l++)
         out.pixel[0][c][l] = f2u((float)(rnd() % 256) / 255.0f);
   }
   out.pixel_mask = 1;
   uint8_t smask[16];
   memset(smask, (1 << (1u << samples_log2)) - 1, sizeof(smask));
   const unsigned n = 400000;
   double best[2] = { 1e30, 1e30 };
   for (unsigned rep = 0; rep < 3; rep++) {
      for (unsigned which = 0; which < 2; which++) {
         double t0 = now_ns();
         for (unsigned i = 0; i < n; i++) {
            int32_t bx = (int32_t)(i % 8) * 4, by = (int32_t)(i / 8 % 8) * 4;
            if (which == 0)
               sim_cb_write(&cb, bx, by, mask, smask, &out);
            else
               fn(&cbj, bx, by, mask, smask, &out, 1);
         }
         double ns = (now_ns() - t0) / n;
         best[which] = ns < best[which] ? ns : best[which];
      }
   }
   printf("%-32s C %6.1f ns/block   JIT %6.1f ns/block   (x%.1f; compiled in %.0f ms)\n", name,
          best[0], best[1], best[0] / best[1], compile_ms);
   sim_jit_code_release(&code);
}

int main(int argc, char **argv)
{
   setenv("R600SIM_DEBUG", "nounimpl", 0);
   bool bench = argc > 1 && strcmp(argv[1], "bench") == 0;
   unsigned count = argc > 1 && !bench ? (unsigned)strtoul(argv[1], NULL, 0) : 24;
   rng = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x2545F4914F6CDD1Dull;
   if (!rng)
      rng = 1;

   ex.chip = HW_CHIP_R7XX;
   ex.regs = calloc(SIM_REG_SPACE_DWORDS, sizeof(uint32_t));
   ex.mem = sim_mem_create();
   ex.fast_paths = true;
   for (unsigned n = 0; n < SIM_CB_TARGETS; n++) {
      buf_va[n] = sim_mem_alloc(ex.mem, BUF_BYTES, 256);
      buf_c[n] = sim_mem_map(ex.mem, buf_va[n]);
      buf_jit[n] = malloc(BUF_BYTES);
   }
   sim_jit_start();

   if (bench) {
      const uint32_t over = CB_BLEND_CONTROL__COLOR_SRCBLEND(CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_SRC_ALPHA) |
                            CB_BLEND_CONTROL__COLOR_DESTBLEND(CB_BLEND_CONTROL__COLOR_SRCBLEND__BLEND_ONE_MINUS_SRC_ALPHA);
      uint32_t general = over | CB_BLEND_CONTROL__SEPARATE_ALPHA_BLEND(1) |
                         CB_BLEND_CONTROL__ALPHA_SRCBLEND(1);
      bench_one("8888 unorm, plain", 0, false, 0xFFFF, 0);
      bench_one("8888 unorm, blend over", over, true, 0xFFFF, 0);
      bench_one("8888 unorm, blend general", general, true, 0xFFFF, 0);
      bench_one("8888 unorm, plain, 9 lanes", 0, false, 0x7C3D, 0);
      bench_one("8888 unorm, blend over, 9 lanes", over, true, 0x7C3D, 0);
      bench_one("8888 unorm, plain, 4x MSAA", 0, false, 0xFFFF, 2);
      bench_one("8888 unorm, blend over, 4x MSAA", over, true, 0xFFFF, 2);
      return 0;
   }

   check_float_quotient();
   check_unorm_floor();
   check_half_unorm();
   check_unit_export();
   check_unit_sources();
   check_blend_in_unit();
   check_nan_rules();
   for (unsigned s = 0; s < count; s++)
      run_state(s % 2 == 0);
   check_snorm_1bit_dst_alpha();
   printf("%u states (%u more not supported by the key; %u blended float targets), %u blocks, "
          "%u alpha tests\n", states_run, states_unsupported, float_blends, blocks_run, alpha_run);
   return check_report();
}
