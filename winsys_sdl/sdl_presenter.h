/* The SDL2 window of a demo and the one way a finished frame reaches it: an RGBA8 image
 * (rendered by r600sim and read back, plus whatever the demo drew on the CPU beside it) is
 * copied into a streaming SDL_Texture and drawn by SDL's software renderer, so no other GL
 * stack is involved in showing it. The window is resizable; the texture follows the image
 * size. */
#ifndef SDL_PRESENTER_H
#define SDL_PRESENTER_H

#include <stdbool.h>
#include <stdint.h>

struct sdl_presenter;

/* An RGBA8 image, rows top first, `stride` bytes apart. */
struct sdl_image {
   unsigned width, height;
   uint8_t *pixels;
   unsigned stride;
};

/* Opens a resizable window of width x height; NULL after a message on stderr. */
struct sdl_presenter *sdl_presenter_create(const char *title, unsigned width, unsigned height);
void sdl_presenter_destroy(struct sdl_presenter *p);

/* Sets the window title. */
void sdl_presenter_set_title(struct sdl_presenter *p, const char *title);

/* The window's drawable size now. */
void sdl_presenter_size(struct sdl_presenter *p, unsigned *width, unsigned *height);

/* Shows `img` scaled to the whole window; false after a message on stderr. */
bool sdl_presenter_show(struct sdl_presenter *p, const struct sdl_image *img);

/* Reads back what the window shows (after sdl_presenter_show) as RGBA8 into a malloc'ed
 * image; false after a message on stderr. */
bool sdl_presenter_read(struct sdl_presenter *p, struct sdl_image *out);

#endif
