/* The window's pixels, read back from SDL's renderer, as a PNG (sdl_screenshot.h). */
#include <stdlib.h>

#include "rgba_png.h"
#include "sdl_screenshot.h"

bool sdl_screenshot_write(struct sdl_presenter *p, const char *path)
{
   struct sdl_image img;
   if (!sdl_presenter_read(p, &img))
      return false;
   int rc = rgba_png_write(path, img.width, img.height, img.pixels, (ptrdiff_t)img.stride);
   free(img.pixels);
   return rc == 0;
}
