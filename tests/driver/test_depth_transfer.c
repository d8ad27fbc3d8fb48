/* The driver's CPU view of a depth surface agrees with where the simulated GPU puts each
 * pixel. A Z24S8 texture of 40x24 pixels gets a pattern with a distinct value per pixel
 * through texture_subdata (a tiled write by the driver); pipe->clear then draws over the
 * top-left 20x12 pixels only (a framebuffer smaller than the surface), which the DB writes
 * with its own addressing. Reading back through transfer_map (the driver's detiling) must
 * show the clear values exactly in that rectangle and the pattern everywhere else, for the
 * whole surface and for an unaligned sub-box, and a partial write must leave the rest of
 * the surface as it was. Expected values: depth 24-bit unorm round-to-nearest-even of the
 * clear depth (db.h), stencil in bits 31:24 (PIPE_FORMAT_Z24_UNORM_S8_UINT). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "r600_public.h"
#include "check.h"

#define TW 40
#define TH 24
#define FW 20
#define FH 12

static uint32_t pattern(unsigned x, unsigned y)
{
   return ((x * 131u + y * 7919u + 17u) & 0xFFFFFFu) | ((x * 5u + y * 3u) & 0xFFu) << 24;
}

/* The pattern, with the cleared rectangle (if `cleared`) holding `clear`. */
static uint32_t expected(unsigned x, unsigned y, bool cleared, uint32_t clear)
{
   return cleared && x < FW && y < FH ? clear : pattern(x, y);
}

/* Reads the box back and counts pixels that differ from expected(). */
static unsigned read_back(struct pipe_context *p, struct pipe_resource *tex,
                          const struct pipe_box *box, bool cleared, uint32_t clear)
{
   struct pipe_transfer *xfer;
   const uint8_t *map = p->transfer_map(p, tex, 0, PIPE_MAP_READ, box, &xfer);
   if (!map)
      return (unsigned)(box->width * box->height);
   unsigned bad = 0;
   for (int y = 0; y < box->height; y++)
      for (int x = 0; x < box->width; x++) {
         uint32_t v;
         memcpy(&v, map + (size_t)y * xfer->stride + (size_t)x * 4, 4);
         uint32_t want = expected((unsigned)(box->x + x), (unsigned)(box->y + y), cleared, clear);
         if (v != want && bad++ < 3)
            fprintf(stderr, "  (%d,%d): %08X, expected %08X\n", box->x + x, box->y + y, v, want);
      }
   p->transfer_unmap(p, xfer);
   return bad;
}

int main(void)
{
   struct pipe_screen *screen = r600sim_screen_create(NULL);
   if (!screen) {
      CHECK(screen, "screen");
      return check_report();
   }
   struct pipe_context *p = screen->context_create(screen, NULL);
   struct pipe_resource t = { .target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_Z24_UNORM_S8_UINT,
                              .width0 = TW, .height0 = TH, .depth0 = 1,
                              .bind = PIPE_BIND_DEPTH_STENCIL };
   struct pipe_resource *tex = screen->resource_create(screen, &t);
   CHECK(p && tex, "context and Z24S8 texture");
   if (!p || !tex)
      return check_report();

   static uint32_t data[TW * TH];
   for (unsigned y = 0; y < TH; y++)
      for (unsigned x = 0; x < TW; x++)
         data[y * TW + x] = pattern(x, y);
   struct pipe_box all = { 0, 0, 0, TW, TH, 1 };
   p->texture_subdata(p, tex, 0, PIPE_MAP_WRITE, &all, data, TW * 4, TW * TH * 4);
   unsigned bad = read_back(p, tex, &all, false, 0);
   CHECK(bad == 0, "pattern written and read back: %u pixels differ", bad);

   struct pipe_surface templ = { .format = PIPE_FORMAT_Z24_UNORM_S8_UINT };
   struct pipe_surface *zs = p->create_surface(p, tex, &templ);
   struct pipe_framebuffer_state fb = { .width = FW, .height = FH, .nr_cbufs = 0, .zsbuf = zs };
   p->set_framebuffer_state(p, &fb);
   union pipe_color_union color = { .f = { 0, 0, 0, 0 } };
   p->clear(p, PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL, &color, 0.25, 0x3C);
   /* 0.25 * (2^24 - 1) = 4194303.75 -> 4194304; stencil 0x3C in bits 31:24. */
   const uint32_t clear = 4194304u | 0x3Cu << 24;

   bad = read_back(p, tex, &all, true, clear);
   CHECK(bad == 0, "whole surface after a 20x12 clear: %u pixels differ", bad);
   struct pipe_box sub = { 13, 5, 0, 19, 11, 1 };
   bad = read_back(p, tex, &sub, true, clear);
   CHECK(bad == 0, "unaligned sub-box: %u pixels differ", bad);

   /* A partial write through the CPU keeps the rest; the GPU then clears over it again. */
   struct pipe_box one = { 9, 3, 0, 2, 1, 1 };
   const uint32_t two[2] = { pattern(9, 3), pattern(10, 3) };
   p->texture_subdata(p, tex, 0, PIPE_MAP_WRITE, &one, two, 8, 8);
   bad = 0;
   {
      struct pipe_transfer *xfer;
      const uint8_t *map = p->transfer_map(p, tex, 0, PIPE_MAP_READ, &all, &xfer);
      for (unsigned y = 0; map && y < TH; y++)
         for (unsigned x = 0; x < TW; x++) {
            uint32_t v;
            memcpy(&v, map + (size_t)y * xfer->stride + (size_t)x * 4, 4);
            bool written = y == 3 && (x == 9 || x == 10);
            bad += v != (written ? pattern(x, y) : expected(x, y, true, clear));
         }
      if (map)
         p->transfer_unmap(p, xfer);
      else
         bad = 1;
   }
   CHECK(bad == 0, "partial CPU write: %u pixels differ", bad);
   p->clear(p, PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL, &color, 0.25, 0x3C);
   bad = read_back(p, tex, &all, true, clear);
   CHECK(bad == 0, "clear over the CPU write: %u pixels differ", bad);

   fb.zsbuf = NULL;
   p->set_framebuffer_state(p, &fb);
   p->surface_destroy(p, zs);
   pipe_resource_reference(&tex, NULL);
   p->destroy(p);
   screen->destroy(screen);
   return check_report();
}
