/* Demo "scene": the textured, lit, depth-tested cube of scene_gl.h at the window's size,
 * with a caption. */
#include <stdlib.h>

#include "canvas.h"
#include "demo.h"
#include "gl_offscreen.h"
#include "scene_gl.h"

struct scene {
   struct gl_offscreen gl;
   struct sdl_image canvas;
   struct scene_gl scene;
};

static void *scene_create(const struct demo_options *opts)
{
   struct scene *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   if (gl_offscreen_init(&s->gl, opts->samples < 0 ? 0 : opts->samples, true) &&
       gl_offscreen_resize(&s->gl, 64, 64) && scene_gl_init(&s->scene))
      return s;
   gl_offscreen_fini(&s->gl);
   free(s);
   return NULL;
}

static void scene_destroy(void *demo)
{
   struct scene *s = demo;
   gl_offscreen_fini(&s->gl);
   canvas_free(&s->canvas);
   free(s);
}

static bool scene_frame(void *demo, const struct sdl_view *view, unsigned w, unsigned h,
                        struct sdl_image *out)
{
   struct scene *s = demo;
   if (!gl_offscreen_resize(&s->gl, w, h) || !canvas_resize(&s->canvas, w, h))
      return false;
   scene_gl_draw(&s->scene, view, w, h);
   if (!gl_offscreen_read(&s->gl, s->canvas.pixels))
      return false;
   canvas_text(&s->canvas, 4, 4, 1, 0xFFFFFFFFu, "r600sim: textured, lit, depth-tested");
   *out = s->canvas;
   return true;
}

const struct demo_def demo_scene = {
   .name = "scene",
   .summary = "a textured (mipmapped), per-fragment lit cube, depth-tested against a backdrop",
   .width = 640,
   .height = 480,
   .create = scene_create,
   .destroy = scene_destroy,
   .cb = {.frame = scene_frame},
};
