/* RGBA8 -> PNG (rgba_png.h). */
#include "rgba_png.h"

#include <png.h>
#include <stdio.h>

int rgba_png_write(const char *path, unsigned width, unsigned height, const uint8_t *top,
                   ptrdiff_t stride)
{
   FILE *f = fopen(path, "wb");
   if (!f) {
      perror(path);
      return -1;
   }
   png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
   png_infop info = png ? png_create_info_struct(png) : NULL;
   if (!info || setjmp(png_jmpbuf(png))) {
      fprintf(stderr, "writing %s failed\n", path);
      png_destroy_write_struct(&png, &info);
      fclose(f);
      return -1;
   }
   png_init_io(png, f);
   png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
   png_write_info(png, info);
   for (unsigned y = 0; y < height; y++)
      png_write_row(png, (png_const_bytep)(top + (ptrdiff_t)y * stride));
   png_write_end(png, NULL);
   png_destroy_write_struct(&png, &info);
   if (fclose(f) != 0) {
      perror(path);
      return -1;
   }
   return 0;
}
