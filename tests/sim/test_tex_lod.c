/* The texture unit's level of detail and nearest-texel rules, on both chips and both engines
 * (docs/glmark2-pictures.md §3 and §6 rely on them):
 * - the implicit LOD of a 2x2 quad is log2 of the longer texel-space derivative vector, the
 *   differences TL->TR and TL->BL (Euclidean lengths, not the largest component), with an
 *   exact log2, the same for all four lanes (BR's coordinate plays no part);
 * - MIP_FILTER POINT takes level floor(lod + 0.5), LINEAR blends levels floor(lod) and
 *   floor(lod) + 1 by the fraction lod - floor(lod) (GET_LERP's w);
 * - a point-filtered coordinate exactly on a texel boundary, k / width, takes texel k, and
 *   the float just below it texel k - 1.
 * The expected LODs are computed here in double precision from the derivative vectors. */
#include <math.h>
#include <stdio.h>

#include "hw/hw_surface.h"
#include "isa_harness.h"

#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n
#define PS_RUN(...) ((struct run_opts){ .stage = SIM_STAGE_PS, __VA_ARGS__ })
#define WRAP SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP
#define MIP_POINT SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_POINT
#define MIP_LINEAR SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_LINEAR
#define MIP_NONE SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE
#define NUM_NORM SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_NORM

#define SIZE 64     /* level 0 is SIZE x SIZE */
#define LEVELS 7    /* 64 .. 1 */

/* Level k holds the grey 30 (k + 1). */
static unsigned level_grey(unsigned k) { return 30 * (k + 1); }

/* A SIZE x SIZE RGBA8 mip chain at resource `slot`, each level one grey. */
static void mip_chain(unsigned slot)
{
   const struct hw_surface s = { .width = SIZE, .height = SIZE, .bpp = 4, .layers = 1,
                                 .samples = 1, .pitch0 = SIZE, .block = 1 };
   static uint8_t bytes[65536];
   uint64_t size = hw_surface_size(&s, LEVELS - 1);
   CHECK(size <= sizeof(bytes), "mip chain fits the test's buffer (%llu bytes)", (unsigned long long)size);
   for (unsigned k = 0; k < LEVELS; k++) {
      uint64_t end = k + 1 < LEVELS ? hw_surface_level_offset(&s, k + 1) : size;
      memset(bytes + hw_surface_level_offset(&s, k), (int)level_grey(k), end - hw_surface_level_offset(&s, k));
   }
   uint64_t va = upload(bytes, size);
   set_texture(slot, FMT(8_8_8_8), SIZE, SIZE, va, va + hw_surface_level_offset(&s, 1), LEVELS - 1, NUM_NORM);
   uint32_t at = REG_SQ_TEX_RESOURCE_WORD0_0 + slot * TEX_RES_STRIDE;
   set_reg(at, (regs[at / 4] & ~SQ_TEX_RESOURCE_WORD0__PITCH__mask) |
                  SQ_TEX_RESOURCE_WORD0__PITCH(SIZE / 8 - 1));
}

/* Per quad: TL's texel coordinate, the TL->TR and TL->BL steps and BR's departure from the
 * plane, in level-0 texels. */
struct quad {
   double u, v, dx[2], dy[2], br[2];
};
static const struct quad quads[4] = {
   { 10.5, 20.5, { 3, 4 }, { 1, -2 }, { 7, -3 } },     /* |dx| = 5: log2 5 (max-norm: 2) */
   { 30.25, 5.75, { 0.5, 0 }, { -6, 8 }, { 0, 0 } },   /* |dy| = 10: log2 10 */
   { 1.5, 1.5, { 2, 2 }, { 0, 1 }, { -9, 4 } },        /* |dx| = 2 sqrt 2: exactly 1.5 */
   { 40.5, 40.5, { 0.25, 0 }, { 0, 0.25 }, { 0, 0 } }, /* -2: magnified */
};

static double quad_lod(const struct quad *q)
{
   double lx = hypot(q->dx[0], q->dx[1]), ly = hypot(q->dy[0], q->dy[1]);
   return log2(lx > ly ? lx : ly);
}

static void close_to(float got, double want, const char *what, unsigned l)
{
   check(fabs((double)got - want) <= 1e-6, "%s lane %u: %.9g, want %.9g", what, l, (double)got, want);
}

static void test_lod(void)
{
   mip_chain(1);
   set_sampler(1, WRAP, false, MIP_POINT, 0);
   set_sampler(2, WRAP, false, MIP_LINEAR, 0);
   struct texi t[] = {
      { TEXI(GET_LOD), 1, 2, 1, 10, SXYZW },
      { TEXI(GET_LERP), 1, 2, 1, 11, SXYZW },
      { TEXI(SAMPLE), 1, 1, 1, 12, SXYZW },
      { TEXI(SAMPLE), 1, 2, 1, 13, SXYZW },
   };
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   for (unsigned i = 0; i < 4; i++)
      tex(&p, t[i]);
   cf_fetch(&p, CFI(TEX), at, 4);
   cf(&p, CFI(NOP), 0, 0, true);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      const struct quad *q = &quads[l / 4];
      unsigned pos = l & 3;   /* TL, TR, BL, BR */
      double u = q->u + (pos & 1 ? q->dx[0] : 0) + (pos & 2 ? q->dy[0] : 0) + (pos == 3 ? q->br[0] : 0);
      double v = q->v + (pos & 1 ? q->dx[1] : 0) + (pos & 2 ? q->dy[1] : 0) + (pos == 3 ? q->br[1] : 0);
      init_lanes.gpr[1][0][l] = U((float)(u / SIZE));
      init_lanes.gpr[1][1][l] = U((float)(v / SIZE));
   }
   if (!run_both("implicit LOD", upload_prog(&p), PS_RUN()))
      return;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      double lod = quad_lod(&quads[l / 4]), clamped = lod < 0 ? 0 : lod;
      close_to(Fl(R(10, 1, l)), lod, "GET_LOD y: the quad's implicit LOD", l);
      close_to(Fl(R(10, 0, l)), clamped, "GET_LOD x: clamped to MIN_LOD 0", l);
      double frac = clamped - floor(clamped);
      close_to(Fl(R(11, 3, l)), frac, "GET_LERP w: the mip blend fraction", l);
      unsigned near = clamped > 0 ? (unsigned)floor(clamped + 0.5) : 0;
      check_u32(R(12, 0, l), U((float)(level_grey(near) / 255.0)), "MIP_FILTER POINT: level %u (lane %u)", near, l);
      unsigned lo = (unsigned)floor(clamped);
      double blend = (level_grey(lo) * (1 - frac) + level_grey(lo + 1) * frac) / 255.0;
      close_to(Fl(R(13, 0, l)), blend, "MIP_FILTER LINEAR: levels floor(lod) and floor(lod) + 1", l);
   }
}

/* Point sampling at k / 8 and just below it on an 8x1 texture whose texel k is 20 k. */
static void test_texel_boundary(void)
{
   static uint8_t row[8 * 4 * 8];   /* 8 rows of pitch 8; only row 0 is sampled */
   for (unsigned k = 0; k < 8; k++)
      memset(row + 4 * k, (int)(20 * k), 4);
   set_texture(2, FMT(8_8_8_8), 8, 1, upload(row, sizeof(row)), 0, 0, NUM_NORM);
   set_sampler(3, SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_LAST_TEXEL, false, MIP_NONE, 0);
   struct texi t[] = { { TEXI(SAMPLE_LZ), 2, 3, 1, 10, SXYZW } };
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   tex(&p, t[0]);
   cf_fetch(&p, CFI(TEX), at, 1);
   cf(&p, CFI(NOP), 0, 0, true);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      float u = (float)(1 + l / 2) / 8.0f;   /* k = 1 .. 8 */
      init_lanes.gpr[1][0][l] = U(l & 1 ? nextafterf(u, 0.0f) : u);
      init_lanes.gpr[1][1][l] = U(0.5f);
   }
   if (!run_both("texel boundary", upload_prog(&p), PS_RUN()))
      return;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned k = 1 + l / 2, texel = l & 1 ? k - 1 : k;
      if (texel > 7)
         texel = 7;   /* CLAMP_LAST_TEXEL */
      check_u32(R(10, 0, l), U((float)(20 * texel / 255.0)), "coordinate %s%u/8 takes texel %u (lane %u)",
                l & 1 ? "just below " : "", k, texel, l);
   }
}

static void tests(void)
{
   test_lod();
   test_texel_boundary();
}

int main(void)
{
   return run_on_both_chips(tests);
}
