/* The surface layouts of hw/hw_surface.h against numbers worked out by hand from the
 * rule stated there: level k is max(1, size >> k); pitch align(width_k, 8) texels; rows
 * align(height_k, 8), 16 when multi-sampled; a layer takes align(pitch * rows * bpp, 256)
 * bytes; a level holds layers * samples of them; levels follow each other. */
#include "hw/hw_surface.h"

#include "check.h"

static void check_dims(void)
{
   CHECK_EQ(hw_surface_dim(100, 0), 100);
   CHECK_EQ(hw_surface_dim(100, 6), 1);      /* 100 >> 6 = 1 */
   CHECK_EQ(hw_surface_dim(60, 6), 1);       /* 60 >> 6 = 0, at least 1 */
   CHECK_EQ(hw_surface_dim(8192, 3), 1024);
   CHECK_EQ(hw_surface_dim(5, 40), 1);       /* shifts past the width give 1, not UB */
}

/* A 100x60 RGBA8 2D texture with its full chain (levels 0..6). */
static void check_mip_chain(void)
{
   const struct hw_surface s = { .width = 100, .height = 60, .bpp = 4, .layers = 1, .samples = 1 };
   /* level, pitch, rows, layer bytes, offset:
    * 0: 100x60 -> 104 x 64, 104*64*4 = 26624 (= 104 * 256), at 0
    * 1:  50x30 ->  56 x 32,  56*32*4 =  7168 (=  28 * 256), at 26624
    * 2:  25x15 ->  32 x 16,  32*16*4 =  2048,                at 33792
    * 3:  12x7  ->  16 x 8,   16*8*4  =   512,                at 35840
    * 4:   6x3  ->   8 x 8,    8*8*4  =   256,                at 36352
    * 5:   3x1  ->   8 x 8,                256,                at 36608
    * 6:   1x1  ->   8 x 8,                256,                at 36864; total 37120 */
   static const unsigned pitch[7] = { 104, 56, 32, 16, 8, 8, 8 };
   static const unsigned rows[7] = { 64, 32, 16, 8, 8, 8, 8 };
   static const uint64_t layer[7] = { 26624, 7168, 2048, 512, 256, 256, 256 };
   static const uint64_t offset[7] = { 0, 26624, 33792, 35840, 36352, 36608, 36864 };
   for (unsigned l = 0; l < 7; l++) {
      CHECK_EQ(hw_surface_pitch(&s, l), pitch[l]);
      CHECK_EQ(hw_surface_rows(&s, l), rows[l]);
      CHECK_EQ(hw_surface_layer_size(&s, l), layer[l]);
      CHECK_EQ(hw_surface_level_offset(&s, l), offset[l]);
   }
   CHECK_EQ(hw_surface_size(&s, 6), 37120);
   CHECK_EQ(hw_surface_size(&s, 0), 26624);
}

/* A 16x16 RGBA8 cube map: six faces per level. */
static void check_cube(void)
{
   const struct hw_surface s = { .width = 16, .height = 16, .bpp = 4, .layers = 6, .samples = 1 };
   /* 0: 16*16*4 = 1024 per face, 6144 per level, at 0
    * 1:  8*8*4  =  256 per face, 1536,          at 6144
    * 2..4: 8 x 8 texels allocated, 256 per face, at 7680, 9216, 10752; total 12288 */
   CHECK_EQ(hw_surface_layer_size(&s, 0), 1024);
   CHECK_EQ(hw_surface_layer_size(&s, 1), 256);
   CHECK_EQ(hw_surface_level_offset(&s, 1), 6144);
   CHECK_EQ(hw_surface_level_offset(&s, 2), 7680);
   CHECK_EQ(hw_surface_level_offset(&s, 4), 10752);
   CHECK_EQ(hw_surface_size(&s, 4), 12288);
}

static void check_alignment_and_samples(void)
{
   /* 8x8 with 2-byte texels: 128 bytes, padded to 256 */
   const struct hw_surface z16 = { .width = 8, .height = 8, .bpp = 2, .layers = 1, .samples = 1 };
   CHECK_EQ(hw_surface_layer_size(&z16, 0), 256);
   /* the same with 4 samples: 16 rows, 8*16*2 = 256 per sample plane, 4 planes */
   const struct hw_surface z16x4 = { .width = 8, .height = 8, .bpp = 2, .layers = 1, .samples = 4 };
   CHECK_EQ(hw_surface_rows(&z16x4, 0), 16);
   CHECK_EQ(hw_surface_layer_size(&z16x4, 0), 256);
   CHECK_EQ(hw_surface_size(&z16x4, 0), 1024);
   /* 20x10 RGBA8, 4 samples: 24 x 16, 24*16*4 = 1536 per plane, 6144 in all */
   const struct hw_surface c4 = { .width = 20, .height = 10, .bpp = 4, .layers = 1, .samples = 4 };
   CHECK_EQ(hw_surface_pitch(&c4, 0), 24);
   CHECK_EQ(hw_surface_size(&c4, 0), 6144);
   /* a resource PITCH wider than the natural one moves level 0 only: 128*64*4 = 32768 */
   const struct hw_surface wide = { .width = 100, .height = 60, .bpp = 4, .layers = 1,
                                    .samples = 1, .pitch0 = 128 };
   CHECK_EQ(hw_surface_pitch(&wide, 0), 128);
   CHECK_EQ(hw_surface_pitch(&wide, 1), 56);
   CHECK_EQ(hw_surface_level_offset(&wide, 1), 32768);
}

/* One level's layout, and a chain's in one pass, against the same hand-worked numbers:
 * the 100x60 chain with a 128-texel level 0 (32768 bytes; then as above, 26624 - 32768 =
 * -6144 from the offsets of check_mip_chain) and the cube map's (6 faces a level). */
static void check_level_tables(void)
{
   const struct hw_surface wide = { .width = 100, .height = 60, .bpp = 4, .layers = 1, .samples = 1,
                                    .pitch0 = 128 };
   static const unsigned pitch[7] = { 128, 56, 32, 16, 8, 8, 8 };
   static const unsigned rows[7] = { 64, 32, 16, 8, 8, 8, 8 };
   static const uint64_t layer[7] = { 32768, 7168, 2048, 512, 256, 256, 256 };
   static const uint64_t offset[7] = { 0, 32768, 39936, 41984, 42496, 42752, 43008 };
   struct hw_surface_level t[7];
   hw_surface_levels(&wide, 6, t);
   for (unsigned l = 0; l < 7; l++) {
      struct hw_surface_level one = hw_surface_level_layout(&wide, l);
      CHECK_EQ(t[l].pitch, pitch[l]);
      CHECK_EQ(t[l].rows, rows[l]);
      CHECK_EQ(t[l].layer_size, layer[l]);
      CHECK_EQ(t[l].offset, offset[l]);
      CHECK_EQ(one.pitch, pitch[l]);
      CHECK_EQ(one.rows, rows[l]);
      CHECK_EQ(one.layer_size, layer[l]);
      CHECK_EQ(one.offset, offset[l]);
   }
   const struct hw_surface cube = { .width = 16, .height = 16, .bpp = 4, .layers = 6, .samples = 1 };
   static const uint64_t cube_offset[5] = { 0, 6144, 7680, 9216, 10752 };
   struct hw_surface_level c[5];
   hw_surface_levels(&cube, 4, c);
   for (unsigned l = 0; l < 5; l++) {
      CHECK_EQ(c[l].offset, cube_offset[l]);
      CHECK_EQ(c[l].layer_size, l ? 256 : 1024);
   }
   /* 4 samples: 24 x 16 elements, 1536 bytes a plane, a single level */
   const struct hw_surface c4 = { .width = 20, .height = 10, .bpp = 4, .layers = 1, .samples = 4 };
   struct hw_surface_level m[1];
   hw_surface_levels(&c4, 0, m);
   CHECK_EQ(m[0].offset, 0);
   CHECK_EQ(m[0].layer_size, 1536);
   CHECK_EQ(m[0].pitch, 24);
   CHECK_EQ(m[0].rows, 16);
}

/* Depth texels in a 16-texel pitch: two 8x8 tiles per tile row, 64 texels per tile. */
static void check_depth_tiling(void)
{
   CHECK_EQ(hw_depth_tiled_index(16, 0, 0), 0);
   CHECK_EQ(hw_depth_tiled_index(16, 7, 0), 7);
   CHECK_EQ(hw_depth_tiled_index(16, 0, 1), 8);      /* next row of tile 0 */
   CHECK_EQ(hw_depth_tiled_index(16, 8, 0), 64);     /* first texel of tile 1 */
   CHECK_EQ(hw_depth_tiled_index(16, 9, 2), 81);     /* tile 1: 64 + 2 * 8 + 1 */
   CHECK_EQ(hw_depth_tiled_index(16, 3, 8), 131);    /* tile 2 (second tile row): 128 + 3 */
   CHECK_EQ(hw_depth_tiled_index(16, 15, 15), 255);  /* last texel of tile 3 */
}

int main(void)
{
   check_dims();
   check_mip_chain();
   check_cube();
   check_alignment_and_samples();
   check_level_tables();
   check_depth_tiling();
   return check_report();
}
