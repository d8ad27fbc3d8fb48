/* CPU drawing helpers of the demos (canvas.h). */
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "font5x7.h"

bool canvas_resize(struct sdl_image *img, unsigned width, unsigned height)
{
   if (img->pixels && img->width == width && img->height == height)
      return true;
   uint8_t *p = realloc(img->pixels, (size_t)width * height * 4);
   if (!p)
      return false;
   img->pixels = p;
   img->width = width;
   img->height = height;
   img->stride = width * 4;
   return true;
}

void canvas_free(struct sdl_image *img)
{
   free(img->pixels);
   memset(img, 0, sizeof(*img));
}

static void put(struct sdl_image *img, int x, int y, uint32_t rgba)
{
   if (x < 0 || y < 0 || (unsigned)x >= img->width || (unsigned)y >= img->height)
      return;
   uint8_t *p = img->pixels + (size_t)y * img->stride + (size_t)x * 4;
   p[0] = (uint8_t)(rgba >> 24);
   p[1] = (uint8_t)(rgba >> 16);
   p[2] = (uint8_t)(rgba >> 8);
   p[3] = (uint8_t)rgba;
}

void canvas_fill(struct sdl_image *img, int x, int y, int w, int h, uint32_t rgba)
{
   for (int j = y; j < y + h; j++) {
      for (int i = x; i < x + w; i++)
         put(img, i, j, rgba);
   }
}

void canvas_paste(struct sdl_image *img, int x, int y, const uint8_t *src, unsigned src_w,
                  unsigned src_h, unsigned scale)
{
   for (unsigned j = 0; j < src_h * scale; j++) {
      int dy = y + (int)j;
      if (dy < 0 || (unsigned)dy >= img->height)
         continue;
      for (unsigned i = 0; i < src_w * scale; i++) {
         int dx = x + (int)i;
         if (dx < 0 || (unsigned)dx >= img->width)
            continue;
         memcpy(img->pixels + (size_t)dy * img->stride + (size_t)dx * 4,
                src + ((size_t)(j / scale) * src_w + i / scale) * 4, 4);
      }
   }
}

int canvas_text(struct sdl_image *img, int x, int y, unsigned scale, uint32_t rgba,
                const char *text)
{
   int cx = x, cy = y;
   for (const char *c = text; *c; c++) {
      if (*c == '\n') {
         cx = x;
         cy += FONT_CELL_H * (int)scale;
         continue;
      }
      for (unsigned gy = 0; gy < 7; gy++) {
         for (unsigned gx = 0; gx < 5; gx++) {
            if (font5x7_pixel(*c, gx, gy))
               canvas_fill(img, cx + (int)(gx * scale), cy + (int)(gy * scale), (int)scale,
                           (int)scale, rgba);
         }
      }
      cx += FONT_CELL_W * (int)scale;
   }
   return cy + FONT_CELL_H * (int)scale;
}
