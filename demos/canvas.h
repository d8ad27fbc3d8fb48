/* CPU drawing into the RGBA8 image a demo hands to winsys_sdl: the GPU's picture pasted
 * (optionally magnified), filled rectangles, dots and text in the 5x7 font. Colours are
 * 0xRRGGBBAA. Everything is clipped to the image. */
#ifndef CANVAS_H
#define CANVAS_H

#include <stdbool.h>
#include <stdint.h>

#include "sdl_presenter.h"

/* (Re)allocates img as width x height (contents undefined); false when out of memory. */
bool canvas_resize(struct sdl_image *img, unsigned width, unsigned height);
void canvas_free(struct sdl_image *img);

void canvas_fill(struct sdl_image *img, int x, int y, int w, int h, uint32_t rgba);
/* Pastes the src_w x src_h RGBA8 image `src` (rows top first) at (x, y), each source pixel
 * as a scale x scale block. */
void canvas_paste(struct sdl_image *img, int x, int y, const uint8_t *src, unsigned src_w,
                  unsigned src_h, unsigned scale);
/* Draws `text` with its top-left corner at (x, y), each font pixel scale x scale; '\n'
 * starts a new line. Returns the y below the last line. */
int canvas_text(struct sdl_image *img, int x, int y, unsigned scale, uint32_t rgba,
                const char *text);

#endif
