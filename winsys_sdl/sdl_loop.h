/* The frame loop of an SDL demo: events, input, time, rendering at the window's size,
 * presentation, and the test mode (--frames N --screenshot FILE).
 *
 * Keys: Esc or q quits, space pauses the clock, r resets the view, the demo's own keys
 * (its `key` callback) otherwise. Mouse: a left drag rotates, a right (or shift+left) drag
 * pans, the wheel zooms; the demo reads the accumulated view (struct sdl_view).
 * The loop never waits for vsync: it renders the next frame as soon as one is shown. In the
 * test mode the clock advances a fixed 1/60 s per frame, so the pictures do not depend on
 * the machine's speed. */
#ifndef SDL_LOOP_H
#define SDL_LOOP_H

#include <stdbool.h>

#include "sdl_presenter.h"

/* What the user's input has set, given to each frame. */
struct sdl_view {
   double time;            /* seconds of unpaused animation */
   float yaw, pitch;       /* radians, from left drags */
   float pan_x, pan_y;     /* window fractions, from right drags */
   float zoom;             /* 1 at start, wheel steps of 10% */
};

struct sdl_demo_callbacks {
   /* Renders one frame of width x height into *out (the demo owns the pixels); false stops
    * the loop with an error. */
   bool (*frame)(void *demo, const struct sdl_view *view, unsigned width, unsigned height,
                 struct sdl_image *out);
   /* A key the loop does not handle itself (may be NULL). */
   void (*key)(void *demo, int sdl_keycode);
};

struct sdl_loop_options {
   const char *title;
   unsigned width, height;    /* the window's first size */
   unsigned frames;           /* 0: until the user quits */
   const char *screenshot;    /* PNG of the window after the last frame (NULL: none) */
};

/* Runs the loop; returns the process exit status (0, or 1 after a message). */
int sdl_loop_run(const struct sdl_loop_options *opts, const struct sdl_demo_callbacks *cb,
                 void *demo);

#endif
