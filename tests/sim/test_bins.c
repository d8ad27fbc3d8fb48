/* The bins (raster/bin.h) of hand-placed primitives:
 *  - a primitive lands in exactly the tiles its bounding box meets inside its clip, and
 *    one outside its clip is dropped;
 *  - the copy holds the primitive's bytes and each distinct vertex's bytes up to its last
 *    parameter (a vertex given twice is copied once), never pointing at the originals;
 *  - sim_bin_prim_pixels gives a primitive's clipped bounding-box pixels (0 outside);
 *  - sim_bins_work counts the clipped bounding-box pixels plus SIM_BIN_PRIM_WORK per
 *    primitive, and sim_bins_begin resets it;
 *  - a tile's key (the raster threads' home, sim_bins_tile_key) is its row of tiles,
 *    whatever the clip the bins began with.
 * Prints "N passed, M failed". */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "raster/bin.h"

#define NPARAMS 3

/* A triangle far larger than any clip below (pixels), its other bytes a pattern. */
static struct sim_prim big_triangle(uint8_t pattern)
{
   struct sim_prim p;
   memset(&p, pattern, sizeof(p));
   const int64_t x[3] = { -1000 * SIM_SUBPIX, 3000 * SIM_SUBPIX, -1000 * SIM_SUBPIX };
   const int64_t y[3] = { -1000 * SIM_SUBPIX, -1000 * SIM_SUBPIX, 3000 * SIM_SUBPIX };
   CHECK(sim_sc_setup(&p.sc, 3, x, y, 0), "the triangle sets up");
   return p;
}

/* The tile of the bins covering pixel (x, y), or -1. */
static int tile_at(const struct sim_bins *b, int32_t x, int32_t y, unsigned *count,
                   const struct sim_bin_prim *const **prims)
{
   for (unsigned i = 0; i < sim_bins_tiles(b); i++) {
      struct sim_rect r;
      sim_bins_tile(b, i, &r, prims, count);
      if (x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1)
         return (int)i;
   }
   return -1;
}

static void check_copy(const struct sim_bin_prim *c, const struct sim_prim *p,
                       const struct sim_vtx *const src[4])
{
   CHECK(memcmp(&c->prim, p, offsetof(struct sim_prim, v)) == 0,
         "the primitive's bytes before its vertex pointers are copied");
   const size_t tail = offsetof(struct sim_prim, front);
   CHECK(memcmp((const uint8_t *)&c->prim + tail, (const uint8_t *)p + tail,
                sizeof(*p) - tail) == 0, "the primitive's bytes after them are copied");
   const struct sim_vtx *dst[4] = { c->prim.v[0], c->prim.v[1], c->prim.v[2],
                                    c->prim.provoking };
   const size_t vtx_bytes = offsetof(struct sim_vtx, param) + NPARAMS * sizeof(float[4]);
   for (unsigned k = 0; k < 4; k++) {
      CHECK(dst[k] != src[k], "vertex %u is a copy", k);
      CHECK(memcmp(dst[k], src[k], vtx_bytes) == 0, "vertex %u's bytes are copied", k);
   }
   CHECK(dst[3] == dst[0], "the provoking vertex, v[0] given twice, is copied once");
   CHECK(dst[0] != dst[1] && dst[1] != dst[2] && dst[0] != dst[2],
         "distinct vertices get distinct copies");
}

/* The keys of the tiles a primitive clipped to pixels (100, 70) .. (192, 192) covers, in bins
 * begun with `grid`: the tile rows 1 and 2. */
static void check_keys(const struct sim_rect *grid)
{
   struct sim_bins *b = sim_bins_create();
   sim_bins_begin(b, grid);
   struct sim_prim p = big_triangle(0x5A);
   static struct sim_vtx v;
   p.v[0] = p.v[1] = p.v[2] = p.provoking = &v;
   const struct sim_rect clip = { 100, 70, 192, 192 };
   CHECK(sim_bins_add(b, &p, &v, &clip, NPARAMS), "keys: the primitive is added");
   CHECK(sim_bins_tiles(b) == 4, "keys: 4 tiles (%u)", sim_bins_tiles(b));
   for (unsigned i = 0; i < sim_bins_tiles(b); i++) {
      struct sim_rect r;
      const struct sim_bin_prim *const *prims;
      unsigned count;
      sim_bins_tile(b, i, &r, &prims, &count);
      unsigned want = r.y0 < 128 ? 1 : 2;
      CHECK(sim_bins_tile_key(b, i) == want, "grid from (%d, %d): tile at (%d, %d) has key %u, "
            "want %u", grid->x0, grid->y0, r.x0, r.y0, sim_bins_tile_key(b, i), want);
   }
   sim_bins_destroy(b);
}

int main(void)
{
   static struct sim_vtx verts[3];
   for (unsigned k = 0; k < 3; k++)
      memset(&verts[k], 0x11 * (int)(k + 1), sizeof(verts[k]));
   const struct sim_vtx *src[4] = { &verts[0], &verts[1], &verts[2], &verts[0] };
   int owner_a, owner_c;

   struct sim_bins *b = sim_bins_create();
   CHECK(b != NULL, "bins created");
   const struct sim_rect grid = { 0, 0, 256, 256 };
   sim_bins_begin(b, &grid);

   /* A: clipped to 64 x 20 pixels in tiles (0, 0) and (1, 0) */
   struct sim_prim a = big_triangle(0xA5);
   for (unsigned k = 0; k < 3; k++)
      a.v[k] = src[k];
   a.provoking = src[3];
   const struct sim_rect clip_a = { 10, 20, 74, 40 };
   CHECK(sim_bins_add(b, &a, &owner_a, &clip_a, NPARAMS), "A added");

   /* B: its bounding box lies outside its clip: nothing added */
   struct sim_prim bp = a;
   const int64_t bx[3] = { 200 * SIM_SUBPIX, 210 * SIM_SUBPIX, 200 * SIM_SUBPIX };
   const int64_t by[3] = { 200 * SIM_SUBPIX, 200 * SIM_SUBPIX, 210 * SIM_SUBPIX };
   CHECK(sim_sc_setup(&bp.sc, 3, bx, by, 0), "B sets up");
   const struct sim_rect clip_b = { 0, 0, 100, 100 };
   CHECK(sim_bins_add(b, &bp, &owner_a, &clip_b, NPARAMS), "B outside its clip: true");

   /* C: clipped to 64 x 128 pixels in tiles (1, 1) and (1, 2) */
   struct sim_prim c = big_triangle(0x3C);
   for (unsigned k = 0; k < 3; k++)
      c.v[k] = src[k];
   c.provoking = src[3];
   const struct sim_rect clip_c = { 64, 64, 128, 192 };
   CHECK(sim_bins_add(b, &c, &owner_c, &clip_c, NPARAMS), "C added");

   CHECK(sim_bins_prims(b) == 2, "2 primitives binned (%u)", sim_bins_prims(b));
   uint64_t want = 64 * 20 + SIM_BIN_PRIM_WORK + 64 * 128 + SIM_BIN_PRIM_WORK;
   CHECK(sim_bins_work(b) == want, "work %llu, want %llu", (unsigned long long)sim_bins_work(b),
         (unsigned long long)want);
   CHECK(sim_bins_tiles(b) == 4, "4 tiles used (%u)", sim_bins_tiles(b));
   CHECK(sim_bin_prim_pixels(&a, &clip_a) == 64 * 20, "A: %llu pixels, want 64 x 20",
         (unsigned long long)sim_bin_prim_pixels(&a, &clip_a));
   CHECK(sim_bin_prim_pixels(&bp, &clip_b) == 0, "B: no pixels inside its clip");
   CHECK(sim_bin_prim_pixels(&c, &clip_c) == 64 * 128, "C: %llu pixels, want 64 x 128",
         (unsigned long long)sim_bin_prim_pixels(&c, &clip_c));

   const struct { int32_t x, y; const void *owner; const struct sim_prim *p; } tiles[] = {
      { 0, 0, &owner_a, &a }, { 64, 0, &owner_a, &a }, { 64, 64, &owner_c, &c },
      { 64, 128, &owner_c, &c } };
   for (unsigned i = 0; i < sizeof(tiles) / sizeof(tiles[0]); i++) {
      unsigned count = 0;
      const struct sim_bin_prim *const *prims = NULL;
      int t = tile_at(b, tiles[i].x, tiles[i].y, &count, &prims);
      if (!CHECK(t >= 0 && count == 1, "tile at (%d, %d): one primitive", tiles[i].x,
                 tiles[i].y))
         continue;
      CHECK(prims[0]->owner == tiles[i].owner, "tile at (%d, %d): its owner", tiles[i].x,
            tiles[i].y);
      check_copy(prims[0], tiles[i].p, src);
   }
   unsigned count;
   const struct sim_bin_prim *const *prims;
   CHECK(tile_at(b, 0, 64, &count, &prims) < 0, "tile (0, 1) is empty");

   sim_bins_begin(b, &grid);
   CHECK(sim_bins_work(b) == 0 && sim_bins_prims(b) == 0 && sim_bins_tiles(b) == 0,
         "begin empties the bins");
   sim_bins_destroy(b);

   check_keys(&grid);
   check_keys(&(const struct sim_rect){ 100, 70, 300, 250 });
   return check_report();
}
