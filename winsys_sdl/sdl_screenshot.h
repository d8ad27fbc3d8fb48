/* Writes what a demo window shows as a PNG file (libpng, through tools/rgba_png.h). */
#ifndef SDL_SCREENSHOT_H
#define SDL_SCREENSHOT_H

#include <stdbool.h>

#include "sdl_presenter.h"

/* false after a message on stderr. */
bool sdl_screenshot_write(struct sdl_presenter *p, const char *path);

#endif
