/* r600sim-demo: SDL2 windows rendered by r600sim.
 *
 *   r600sim-demo [--chip r600|rv770] [--samples N] [--frames N --screenshot FILE.png] NAME
 *   r600sim-demo --list
 *
 * --chip sets R600SIM_CHIP (the chip the driver programs and the GPU simulates) before EGL
 * starts. --frames N stops after N frames (the clock then advances 1/60 s a frame);
 * --screenshot writes the window's last frame as a PNG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GLES2/gl2.h>

#include "demo.h"

static const struct demo_def *const demos[] = {&demo_scene, &demo_msaa, &demo_gpuview};
#define NUM_DEMOS (sizeof(demos) / sizeof(demos[0]))

static int usage(FILE *f, int status)
{
   fprintf(f, "usage: r600sim-demo [--chip r600|rv770] [--samples N] [--frames N] "
              "[--screenshot FILE.png] NAME\n"
              "       r600sim-demo --list\n"
              "keys: Esc/q quit, space pause, r reset view; mouse: left drag rotates, right "
              "(or shift+left) drag pans, wheel zooms\n");
   return status;
}

int main(int argc, char **argv)
{
   struct demo_options opts = {.samples = -1};
   struct sdl_loop_options loop = {0};
   const char *name = NULL;
   for (int i = 1; i < argc; i++) {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (!strcmp(a, "--list")) {
         for (unsigned d = 0; d < NUM_DEMOS; d++)
            printf("%-8s %s\n", demos[d]->name, demos[d]->summary);
         return 0;
      } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
         return usage(stdout, 0);
      } else if (!strcmp(a, "--chip") && v) {
         if (strcmp(v, "r600") && strcmp(v, "rv770")) {
            fprintf(stderr, "r600sim-demo: --chip takes r600 or rv770\n");
            return 2;
         }
         setenv("R600SIM_CHIP", v, 1);
         i++;
      } else if (!strcmp(a, "--samples") && v) {
         opts.samples = atoi(v);
         i++;
      } else if (!strcmp(a, "--frames") && v) {
         loop.frames = (unsigned)strtoul(v, NULL, 10);
         i++;
      } else if (!strcmp(a, "--screenshot") && v) {
         loop.screenshot = v;
         i++;
      } else if (a[0] != '-' && !name) {
         name = a;
      } else {
         return usage(stderr, 2);
      }
   }
   if (!name)
      return usage(stderr, 2);
   const struct demo_def *def = NULL;
   for (unsigned d = 0; d < NUM_DEMOS; d++) {
      if (!strcmp(demos[d]->name, name))
         def = demos[d];
   }
   if (!def) {
      fprintf(stderr, "r600sim-demo: no demo named %s (--list names them)\n", name);
      return 2;
   }
   void *demo = def->create(&opts);
   if (!demo)
      return 1;
   /* The demo's context is current: the title names the renderer, e.g. "r600sim (rv770)". */
   char title[128];
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   snprintf(title, sizeof(title), "r600sim-demo %s: %s", def->name, renderer ? renderer : "?");
   loop.title = title;
   loop.width = def->width;
   loop.height = def->height;
   int status = sdl_loop_run(&loop, &def->cb, demo);
   def->destroy(demo);
   return status;
}
