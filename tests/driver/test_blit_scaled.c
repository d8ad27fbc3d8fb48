/* pipe->blit's drawn path with scaling, mirroring and boxes reaching outside the
 * destination (what glBlitFramebuffer-style callers ask): an RGBA8 source holding a
 * pattern is blitted with NEAREST into an RGBA8 destination holding a background.
 *
 * Reference (written here, not taken from the driver): destination pixel (dx + i, dy + j)
 * inside the destination level takes source texel (floor(sx + (i + 0.5) * sw / dw),
 * floor(sy + (j + 0.5) * sh / dh)), clamped to the source (clamp to edge), where (sx, sy,
 * sw, sh) is the source box (negative sizes mirror) and (dx, dy, dw, dh) the destination
 * box; every other pixel keeps the background. The boxes below put no sample within 1/8
 * texel of a texel edge, so rounding in the interpolation cannot move a sample.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "r600_public.h"
#include "check.h"

#define SW 8
#define SH 6
#define DW 16
#define DH 12

static void pattern(int x, int y, uint8_t out[4])
{
   out[0] = (uint8_t)(x * 30 + 5);
   out[1] = (uint8_t)(y * 40 + 7);
   out[2] = (uint8_t)(x * 3 + y * 11 + 100);
   out[3] = (uint8_t)(250 - x * 9 - y);
}

static const uint8_t background[4] = { 20, 40, 60, 80 };

/* The source texel a destination pixel centre at offset o (in pixels from the box start)
 * of a box n pixels long samples along one axis; -1 when too close to a texel edge. */
static int sample(int s0, int ssize, int n, int o, int limit)
{
   double c = s0 + (o + 0.5) * ssize / (double)n;
   double f = c - floor(c);
   if (f < 0.125 || f > 0.875)
      return -1;
   int t = (int)floor(c);
   return t < 0 ? 0 : t >= limit ? limit - 1 : t;
}

static struct pipe_resource *make(struct pipe_screen *s, unsigned w, unsigned h)
{
   struct pipe_resource t = { .target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R8G8B8A8_UNORM,
                              .width0 = w, .height0 = h, .depth0 = 1,
                              .bind = PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET };
   return s->resource_create(s, &t);
}

static void run(struct pipe_screen *screen, struct pipe_context *p, const char *chip)
{
   static const struct {
      struct pipe_box src, dst;
      const char *what;
   } cases[] = {
      { { 1, 1, 0, 4, 3, 1 }, { 2, 3, 0, 8, 6, 1 }, "2x up" },
      { { 0, 0, 0, 6, 6, 1 }, { 5, 1, 0, 4, 4, 1 }, "6 -> 4 down" },
      { { 7, 5, 0, -6, -4, 1 }, { 1, 2, 0, 12, 8, 1 }, "mirrored in x and y, 2x up" },
      { { 0, 0, 0, 8, 6, 1 }, { -4, 8, 0, 16, 12, 1 }, "2x up, reaching outside" },
   };
   static uint8_t data[SW * SH * 4], bg[DW * DH * 4];
   for (int y = 0; y < SH; y++)
      for (int x = 0; x < SW; x++)
         pattern(x, y, &data[(y * SW + x) * 4]);
   for (int i = 0; i < DW * DH; i++)
      memcpy(&bg[i * 4], background, 4);
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      struct pipe_resource *src = make(screen, SW, SH), *dst = make(screen, DW, DH);
      if (!CHECK(src && dst, "%s: resources", chip))
         return;
      const struct pipe_box sall = { 0, 0, 0, SW, SH, 1 }, dall = { 0, 0, 0, DW, DH, 1 };
      p->texture_subdata(p, src, 0, PIPE_MAP_WRITE, &sall, data, SW * 4, SW * SH * 4);
      p->texture_subdata(p, dst, 0, PIPE_MAP_WRITE, &dall, bg, DW * 4, DW * DH * 4);
      struct pipe_blit_info info = { .filter = PIPE_TEX_FILTER_NEAREST, .swizzle = { 0, 1, 2, 3 } };
      info.src.resource = src;
      info.src.box = cases[c].src;
      info.dst.resource = dst;
      info.dst.box = cases[c].dst;
      p->blit(p, &info);
      struct pipe_transfer *xfer;
      const uint8_t *map = p->transfer_map(p, dst, 0, PIPE_MAP_READ, &dall, &xfer);
      if (!CHECK(map != NULL, "%s: map", chip))
         return;
      unsigned bad = 0, ambiguous = 0;
      const struct pipe_box *sb = &cases[c].src, *db = &cases[c].dst;
      for (int y = 0; y < DH; y++) {
         for (int x = 0; x < DW; x++) {
            uint8_t want[4];
            memcpy(want, background, 4);
            int i = x - db->x, j = y - db->y;
            if (i >= 0 && i < db->width && j >= 0 && j < db->height) {
               int tx = sample(sb->x, sb->width, db->width, i, SW);
               int ty = sample(sb->y, sb->height, db->height, j, SH);
               if (tx < 0 || ty < 0) {
                  ambiguous++;
                  continue;
               }
               pattern(tx, ty, want);
            }
            const uint8_t *got = map + (uint64_t)y * xfer->stride + (uint64_t)x * 4;
            if (memcmp(got, want, 4) && bad++ < 3)
               printf("%s %s: (%d, %d) = (%u %u %u %u), want (%u %u %u %u)\n", chip,
                      cases[c].what, x, y, got[0], got[1], got[2], got[3], want[0], want[1],
                      want[2], want[3]);
         }
      }
      p->transfer_unmap(p, xfer);
      CHECK(ambiguous == 0, "%s %s: no sample near a texel edge", chip, cases[c].what);
      CHECK(bad == 0, "%s %s: %u wrong pixels", chip, cases[c].what, bad);
      pipe_resource_reference(&src, NULL);
      pipe_resource_reference(&dst, NULL);
   }
}

int main(void)
{
   static const char *const chips[2] = { "rv770", "r600" };
   for (unsigned i = 0; i < 2; i++) {
      struct pipe_screen *screen = r600sim_screen_create(chips[i]);
      struct pipe_context *p = screen ? screen->context_create(screen, NULL) : NULL;
      if (CHECK(p != NULL, "%s: context", chips[i]))
         run(screen, p, chips[i]);
      if (p)
         p->destroy(p);
      if (screen)
         screen->destroy(screen);
   }
   return check_report();
}
