/* Texture formats of the texture unit on both chips and both engines: the block formats
 * BC1 (four-colour and three-colour + transparent blocks), BC2, BC3 (eight- and six-alpha
 * blocks) at every texel of hand-made blocks, over mip levels smaller than a block, with
 * FORCE_DEGAMMA; depth surfaces sampled in place (ARRAY_1D_TILED_THIN1) as FMT_8_24 and
 * FMT_16; 2_10_10_10 and sRGB RGBA8. Expected values come from the block bits written here
 * and the S3TC formulas, computed in this file. */
#include <math.h>
#include <stdio.h>

#include "isa_harness.h"

#define FMT(n) SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_##n
#define PS_RUN(...) ((struct run_opts){ .stage = SIM_STAGE_PS, __VA_ARGS__ })
#define NUM_NORM SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_NORM

/* Every 4x4 texel of resource `res` at `level` by LD: lane l reads texel (bx + l % 4,
 * by + l / 4) into R10. */
static bool load_block(const char *name, unsigned res, unsigned bx, unsigned by, unsigned level)
{
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   tex(&p, (struct texi){ TEXI(LD), res, 0, 1, 10, SXYZW, .unnormalized = true });
   cf_fetch(&p, CFI(TEX), at, 1);
   cf(&p, CFI(NOP), 0, 0, true);
   clear_lanes();
   for (unsigned l = 0; l < SIM_LANES; l++) {
      init_lanes.gpr[1][0][l] = bx + l % 4;
      init_lanes.gpr[1][1][l] = by + l / 4;
      init_lanes.gpr[1][3][l] = level;
   }
   return run_both(name, upload_prog(&p), PS_RUN());
}

static void check_lanes(const char *what, const double want[16][4], bool degamma)
{
   for (unsigned l = 0; l < SIM_LANES; l++)
      for (unsigned c = 0; c < 4; c++) {
         double v = want[l][c];
         if (degamma && c < 3)   /* IEC 61966-2-1 decode */
            v = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
         check_u32(R(10, c, l), U((float)v), "%s texel %u .%c", what, l, "xyzw"[c]);
      }
}

/* Endpoints used by the colour blocks: 0x8421 = R 16, G 33, B 1 -> (132, 134, 8) after bit
 * replication; 0x18BE = R 3, G 5, B 30 -> (24, 20, 247). */
static const unsigned E_HI[3] = { 132, 134, 8 }, E_LO[3] = { 24, 20, 247 };

/* The colour of code `code` with endpoints e0, e1 in four- or three-colour mode. */
static void ref_colour(const unsigned e0[3], const unsigned e1[3], unsigned code, bool four, double out[4])
{
   out[3] = 1.0;
   for (unsigned k = 0; k < 3; k++) {
      if (code == 0)
         out[k] = e0[k] / 255.0;
      else if (code == 1)
         out[k] = e1[k] / 255.0;
      else if (four)
         out[k] = code == 2 ? (2.0 * e0[k] + e1[k]) / 765.0 : (e0[k] + 2.0 * e1[k]) / 765.0;
      else
         out[k] = code == 2 ? (e0[k] + e1[k]) / 510.0 : 0.0;
   }
   if (!four && code == 3)
      out[3] = 0.0;
}

/* A BC1 colour block: endpoints c0, c1 and texel k's code (k + shift) % 4. */
static void colour_block(uint8_t b[8], uint16_t c0, uint16_t c1, unsigned shift)
{
   b[0] = (uint8_t)c0, b[1] = (uint8_t)(c0 >> 8), b[2] = (uint8_t)c1, b[3] = (uint8_t)(c1 >> 8);
   uint32_t codes = 0;
   for (unsigned k = 0; k < 16; k++)
      codes |= (uint32_t)((k + shift) % 4) << (2 * k);
   for (unsigned k = 0; k < 4; k++)
      b[4 + k] = (uint8_t)(codes >> (8 * k));
}

/* BC1 8x8 with three levels: level 0 = 2x2 blocks (pitch 8 texels = 2 blocks, rows of 8
 * blocks: 128 bytes, one 256-byte layer), level 1 (4x4) and level 2 (2x2) one block each
 * at MIP_ADDRESS and MIP_ADDRESS + 512 (pitch 8 blocks x 8 rows x 8 bytes). Block (0, 0) is
 * four-colour (0x8421 > 0x18BE), block (1, 0) three-colour (0x18BE <= 0x8421). */
static void test_bc1(void)
{
   static uint8_t mem[256 + 1024];
   memset(mem, 0, sizeof(mem));
   colour_block(mem, 0x8421, 0x18BE, 0);
   colour_block(mem + 8, 0x18BE, 0x8421, 0);
   colour_block(mem + 256, 0x8421, 0x18BE, 1);
   colour_block(mem + 256 + 512, 0x18BE, 0x8421, 3);
   uint64_t va = upload(mem, sizeof(mem));
   set_texture(0, FMT(BC1), 8, 8, va, va + 256, 2, NUM_NORM);
   double want[16][4];
   if (load_block("BC1 four colours", 0, 0, 0, 0)) {
      for (unsigned l = 0; l < 16; l++)
         ref_colour(E_HI, E_LO, l % 4, true, want[l]);
      check_lanes("BC1 four-colour block", want, false);
   }
   if (load_block("BC1 three colours", 0, 4, 0, 0)) {
      for (unsigned l = 0; l < 16; l++)
         ref_colour(E_LO, E_HI, l % 4, false, want[l]);
      check_lanes("BC1 three-colour block", want, false);
   }
   /* level 1 is one whole block; level 2 (2x2) is the top-left quarter of its block */
   if (load_block("BC1 level 1", 0, 0, 0, 1)) {
      for (unsigned l = 0; l < 16; l++)
         ref_colour(E_HI, E_LO, (l + 1) % 4, true, want[l]);
      check_lanes("BC1 level 1", want, false);
   }
   if (load_block("BC1 level 2", 0, 0, 0, 2)) {
      for (unsigned l = 0; l < 16; l++) {
         bool inside = l % 4 < 2 && l / 4 < 2;
         ref_colour(E_LO, E_HI, (l + 3) % 4, false, want[l]);
         if (!inside)   /* LD outside the level reads 0 */
            want[l][0] = want[l][1] = want[l][2] = want[l][3] = 0.0;
      }
      check_lanes("BC1 level 2", want, false);
   }
   /* FORCE_DEGAMMA decodes R, G, B of the decoded texel */
   uint32_t w4 = REG_SQ_TEX_RESOURCE_WORD4_0;
   set_reg(w4, regs[w4 / 4] | SQ_TEX_RESOURCE_WORD4__FORCE_DEGAMMA(1));
   if (load_block("BC1 degamma", 0, 0, 0, 0)) {
      for (unsigned l = 0; l < 16; l++)
         ref_colour(E_HI, E_LO, l % 4, true, want[l]);
      check_lanes("BC1 FORCE_DEGAMMA", want, true);
   }
}

/* BC2 4x4: texel k's alpha is k (/ 15); the colour block has color0 <= color1 but is
 * decoded in four-colour mode. */
static void test_bc2(void)
{
   static uint8_t mem[256];
   memset(mem, 0, sizeof(mem));
   for (unsigned k = 0; k < 16; k += 2)
      mem[k / 2] = (uint8_t)(k | (k + 1) << 4);
   colour_block(mem + 8, 0x18BE, 0x8421, 2);
   set_texture(1, FMT(BC2), 4, 4, upload(mem, sizeof(mem)), 0, 0, NUM_NORM);
   double want[16][4];
   if (load_block("BC2", 1, 0, 0, 0)) {
      for (unsigned l = 0; l < 16; l++) {
         ref_colour(E_LO, E_HI, (l + 2) % 4, true, want[l]);
         want[l][3] = l / 15.0;
      }
      check_lanes("BC2", want, false);
   }
}

/* BC3 8x4: block 0 has alpha0 200 > alpha1 10 (eight alphas), block 1 alpha0 10 <= alpha1
 * 200 (six alphas, 0 and 1); texel k's code is k % 8 in both. */
static void test_bc3(void)
{
   static uint8_t mem[256];
   memset(mem, 0, sizeof(mem));
   for (unsigned b = 0; b < 2; b++) {
      uint8_t *blk = mem + 16 * b;
      blk[0] = b ? 10 : 200;
      blk[1] = b ? 200 : 10;
      uint64_t codes = 0;
      for (unsigned k = 0; k < 16; k++)
         codes |= (uint64_t)(k % 8) << (3 * k);
      for (unsigned k = 0; k < 6; k++)
         blk[2 + k] = (uint8_t)(codes >> (8 * k));
      colour_block(blk + 8, 0x8421, 0x18BE, 0);
   }
   set_texture(2, FMT(BC3), 8, 4, upload(mem, sizeof(mem)), 0, 0, NUM_NORM);
   /* alpha values, in units of 1/255, by code */
   static const double eight[8] = { 200, 10, (6 * 200 + 1 * 10) / 7.0, (5 * 200 + 2 * 10) / 7.0,
                                    (4 * 200 + 3 * 10) / 7.0, (3 * 200 + 4 * 10) / 7.0,
                                    (2 * 200 + 5 * 10) / 7.0, (1 * 200 + 6 * 10) / 7.0 };
   static const double six[8] = { 10, 200, (4 * 10 + 1 * 200) / 5.0, (3 * 10 + 2 * 200) / 5.0,
                                  (2 * 10 + 3 * 200) / 5.0, (1 * 10 + 4 * 200) / 5.0, 0, 255 };
   double want[16][4];
   for (unsigned b = 0; b < 2; b++) {
      if (!load_block(b ? "BC3 six alphas" : "BC3 eight alphas", 2, 4 * b, 0, 0))
         continue;
      for (unsigned l = 0; l < 16; l++) {
         ref_colour(E_HI, E_LO, l % 4, true, want[l]);
         want[l][3] = (b ? six : eight)[l % 8] / 255.0;
      }
      check_lanes(b ? "BC3 six-alpha block" : "BC3 eight-alpha block", want, false);
   }
}

/* Index of texel (x, y) in an 8x8-micro-tiled layer of `pitch` texels: tiles row-major,
 * texels row-major inside a tile. */
static unsigned tiled(unsigned pitch, unsigned x, unsigned y)
{
   return ((y / 8) * (pitch / 8) + x / 8) * 64 + (y % 8) * 8 + x % 8;
}

/* A 16x16 Z24S8 and a Z16 depth surface as the DB lays them out, sampled in place. */
static void test_tiled_depth(void)
{
   static uint32_t z24[16 * 16];
   static uint16_t z16[16 * 16];
   for (unsigned y = 0; y < 16; y++)
      for (unsigned x = 0; x < 16; x++) {
         z24[tiled(16, x, y)] = (uint32_t)(y * 16 + x) << 24 | (0xFFFFFFu - (x * 40503u + y * 977u));
         z16[tiled(16, x, y)] = (uint16_t)(x * 4099u + y * 31u);
      }
   uint32_t tile = SQ_TEX_RESOURCE_WORD0__TILE_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_1D_TILED_THIN1);
   set_texture(3, FMT(8_24), 16, 16, upload(z24, sizeof(z24)), 0, 0, NUM_NORM);
   set_texture(4, FMT(16), 16, 16, upload(z16, sizeof(z16)), 0, 0, NUM_NORM);
   for (unsigned r = 3; r <= 4; r++) {
      uint32_t w0 = REG_SQ_TEX_RESOURCE_WORD0_0 + r * TEX_RES_STRIDE;
      set_reg(w0, (regs[w0 / 4] & ~(SQ_TEX_RESOURCE_WORD0__PITCH__mask | SQ_TEX_RESOURCE_WORD0__TILE_MODE__mask)) | tile |
                     SQ_TEX_RESOURCE_WORD0__PITCH(16 / 8 - 1));
   }
   /* lanes read texels (x, y) = (l + 5 b, l / 2 + 7 b) of blocks b = 0, 1 */
   for (unsigned b = 0; b < 2; b++)
      for (unsigned r = 3; r <= 4; r++) {
         struct prog p;
         prog_init(&p);
         unsigned at = p.qw;
         tex(&p, (struct texi){ TEXI(LD), r, 0, 1, 10, SXYZW, .unnormalized = true });
         cf_fetch(&p, CFI(TEX), at, 1);
         cf(&p, CFI(NOP), 0, 0, true);
         clear_lanes();
         for (unsigned l = 0; l < SIM_LANES; l++) {
            init_lanes.gpr[1][0][l] = (l + 5 * b) % 16;
            init_lanes.gpr[1][1][l] = l / 2 + 7 * b;
         }
         if (!run_both(r == 3 ? "Z24S8 tiled" : "Z16 tiled", upload_prog(&p), PS_RUN()))
            continue;
         for (unsigned l = 0; l < SIM_LANES; l++) {
            unsigned x = (l + 5 * b) % 16, y = l / 2 + 7 * b;
            if (r == 3) {
               uint32_t v = z24[tiled(16, x, y)];
               check_u32(R(10, 0, l), U((float)((v & 0xFFFFFF) / 16777215.0)), "Z24 depth (%u, %u)", x, y);
               check_u32(R(10, 1, l), U((float)((v >> 24) / 255.0)), "Z24S8 stencil (%u, %u)", x, y);
            } else {
               check_u32(R(10, 0, l), U((float)(z16[tiled(16, x, y)] / 65535.0)), "Z16 (%u, %u)", x, y);
            }
         }
      }
}

/* 2_10_10_10 (R in bits 9:0, A in 31:30) and RGBA8 with FORCE_DEGAMMA (alpha linear). */
static void test_packed_srgb(void)
{
   static uint32_t px[8 * 4];        /* 4x4 texels, pitch 8 */
   static uint8_t srgb[8 * 4 * 4];
   for (unsigned k = 0; k < 32; k++) {
      px[k] = (k * 61u) | (1023u - k * 3u) << 10 | (k * 64u) << 20 | (k % 4u) << 30;
      for (unsigned c = 0; c < 4; c++)
         srgb[4 * k + c] = (uint8_t)(k * 8 + c * 5 + 3);
   }
   set_texture(5, FMT(2_10_10_10), 4, 4, upload(px, sizeof(px)), 0, 0, NUM_NORM);
   set_texture(6, FMT(8_8_8_8), 4, 4, upload(srgb, sizeof(srgb)), 0, 0, NUM_NORM);
   uint32_t w4 = REG_SQ_TEX_RESOURCE_WORD4_0 + 6 * TEX_RES_STRIDE;
   set_reg(w4, regs[w4 / 4] | SQ_TEX_RESOURCE_WORD4__FORCE_DEGAMMA(1));
   double want[16][4];
   if (load_block("2_10_10_10", 5, 0, 0, 0))
      for (unsigned l = 0; l < 16; l++) {
         uint32_t v = px[(l / 4) * 8 + l % 4];
         for (unsigned c = 0; c < 3; c++)
            check_u32(R(10, c, l), U((float)((v >> (10 * c) & 1023) / 1023.0)), "2_10_10_10 lane %u .%c", l, "xyz"[c]);
         check_u32(R(10, 3, l), U((float)((v >> 30) / 3.0)), "2_10_10_10 lane %u .w", l);
      }
   if (load_block("sRGB RGBA8", 6, 0, 0, 0)) {
      for (unsigned l = 0; l < 16; l++)
         for (unsigned c = 0; c < 4; c++)
            want[l][c] = srgb[4 * ((l / 4) * 8 + l % 4) + c] / 255.0;
      check_lanes("RGBA8 FORCE_DEGAMMA", want, true);
   }
}

/* A block format decoded tiled is not implemented: a fault, not a guess. */
static void test_faults(void)
{
   static uint8_t mem[256];
   set_texture(7, FMT(BC1), 4, 4, upload(mem, sizeof(mem)), 0, 0, NUM_NORM);
   uint32_t w0 = REG_SQ_TEX_RESOURCE_WORD0_0 + 7 * TEX_RES_STRIDE;
   set_reg(w0, (regs[w0 / 4] & ~SQ_TEX_RESOURCE_WORD0__TILE_MODE__mask) |
                  SQ_TEX_RESOURCE_WORD0__TILE_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_1D_TILED_THIN1));
   struct prog p;
   prog_init(&p);
   unsigned at = p.qw;
   tex(&p, (struct texi){ TEXI(LD), 7, 0, 1, 10, SXYZW, .unnormalized = true });
   cf_fetch(&p, CFI(TEX), at, 1);
   cf(&p, CFI(NOP), 0, 0, true);
   clear_lanes();
   expect_fault("BC1 tiled", upload_prog(&p), PS_RUN(), "not implemented tiled");
}

static void tests(void)
{
   test_bc1();
   test_bc2();
   test_bc3();
   test_tiled_depth();
   test_packed_srgb();
   test_faults();
}

int main(void)
{
   return run_on_both_chips(tests);
}
