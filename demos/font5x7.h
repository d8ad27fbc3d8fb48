/* A small bitmap font for the demos' text: 5x7 glyphs in 6x8 cells, printable ASCII
 * (lower case drawn as upper case; characters without a glyph as '?'). */
#ifndef FONT5X7_H
#define FONT5X7_H

#include <stdbool.h>

#define FONT_CELL_W 6
#define FONT_CELL_H 8

/* Whether pixel (x, y) of character c's glyph is set (0 <= x < 5, 0 <= y < 7). */
bool font5x7_pixel(char c, unsigned x, unsigned y);

#endif
