/* The demos of bin/r600sim-demo: each renders with r600sim (EGL + GLES 2.0 on a pbuffer,
 * gl_offscreen.h) and composes what the SDL window shows (canvas.h, winsys_sdl). */
#ifndef DEMO_H
#define DEMO_H

#include "sdl_loop.h"

struct demo_options {
   int samples;          /* --samples N (-1: the demo's default) */
};

struct demo_def {
   const char *name;
   const char *summary;   /* one line for --list */
   unsigned width, height;   /* first window size */
   void *(*create)(const struct demo_options *opts);   /* NULL after a message */
   void (*destroy)(void *demo);
   struct sdl_demo_callbacks cb;
};

extern const struct demo_def demo_scene, demo_msaa, demo_gpuview;

#endif
