/* Writes an RGBA8 image as a PNG file with libpng (8 bits per channel, RGBA, no interlace,
 * libpng's default compression and filters): the one PNG writer of the first-light demo
 * and r600sim-replay, so that their files are byte for byte comparable. */
#ifndef RGBA_PNG_H
#define RGBA_PNG_H

#include <stddef.h>
#include <stdint.h>

/* `top` is the top row of the image (the first one a viewer shows); `stride` is the signed
 * byte distance from a row to the one below it (negative for bottom-up data such as
 * glReadPixels'). Returns 0, or -1 after a message on stderr. */
int rgba_png_write(const char *path, unsigned width, unsigned height, const uint8_t *top,
                   ptrdiff_t stride);

#endif
