/* The demo frame loop (sdl_loop.h). */
#include <math.h>
#include <stdio.h>

#include <SDL.h>

#include "sdl_loop.h"
#include "sdl_screenshot.h"

#define DRAG_RADIANS_PER_PIXEL 0.01f
#define TEST_FRAME_SECONDS (1.0 / 60.0)

static void reset_view(struct sdl_view *v)
{
   double t = v->time;
   *v = (struct sdl_view){ .time = t, .zoom = 1.0f };
}

/* Applies one event to the view; false when the user asked to quit. */
static bool handle_event(const SDL_Event *e, struct sdl_view *view, bool *paused,
                         unsigned win_w, unsigned win_h, const struct sdl_demo_callbacks *cb,
                         void *demo)
{
   switch (e->type) {
   case SDL_QUIT:
      return false;
   case SDL_KEYDOWN:
      switch (e->key.keysym.sym) {
      case SDLK_ESCAPE:
      case SDLK_q:
         return false;
      case SDLK_SPACE:
         *paused = !*paused;
         break;
      case SDLK_r:
         reset_view(view);
         break;
      default:
         if (cb->key)
            cb->key(demo, e->key.keysym.sym);
      }
      break;
   case SDL_MOUSEMOTION: {
      Uint32 b = e->motion.state;
      bool pan = (b & SDL_BUTTON_RMASK) ||
                 ((b & SDL_BUTTON_LMASK) && (SDL_GetModState() & KMOD_SHIFT));
      if (pan) {
         view->pan_x += (float)e->motion.xrel / (float)win_w;
         view->pan_y -= (float)e->motion.yrel / (float)win_h;
      } else if (b & SDL_BUTTON_LMASK) {
         view->yaw += DRAG_RADIANS_PER_PIXEL * (float)e->motion.xrel;
         view->pitch += DRAG_RADIANS_PER_PIXEL * (float)e->motion.yrel;
         if (view->pitch > 1.5f)
            view->pitch = 1.5f;
         if (view->pitch < -1.5f)
            view->pitch = -1.5f;
      }
      break;
   }
   case SDL_MOUSEWHEEL:
      view->zoom *= e->wheel.y > 0 ? 1.1f : e->wheel.y < 0 ? 1.0f / 1.1f : 1.0f;
      break;
   }
   return true;
}

int sdl_loop_run(const struct sdl_loop_options *opts, const struct sdl_demo_callbacks *cb,
                 void *demo)
{
   struct sdl_presenter *p = sdl_presenter_create(opts->title, opts->width, opts->height);
   if (!p)
      return 1;
   struct sdl_view view = { .zoom = 1.0f };
   bool paused = false, running = true;
   int status = 0;
   Uint64 last = SDL_GetPerformanceCounter();
   const double tick = 1.0 / (double)SDL_GetPerformanceFrequency();
   unsigned frame = 0, fps_frames = 0;
   double fps_time = 0.0;

   while (running && (!opts->frames || frame < opts->frames)) {
      unsigned w, h;
      sdl_presenter_size(p, &w, &h);
      SDL_Event e;
      while (SDL_PollEvent(&e))
         running = running && handle_event(&e, &view, &paused, w, h, cb, demo);
      if (!running)
         break;

      Uint64 now = SDL_GetPerformanceCounter();
      double dt = opts->frames ? TEST_FRAME_SECONDS : (double)(now - last) * tick;
      last = now;
      if (!paused)
         view.time += dt;

      sdl_presenter_size(p, &w, &h);   /* a resize event may have changed it */
      struct sdl_image img;
      if (!cb->frame(demo, &view, w, h, &img) || !sdl_presenter_show(p, &img)) {
         status = 1;
         break;
      }
      frame++;

      /* Frames per second in the title, once a second (interactive runs only). */
      fps_frames++;
      fps_time += (double)(SDL_GetPerformanceCounter() - now) * tick;
      if (!opts->frames && fps_time >= 1.0) {
         char title[256];
         snprintf(title, sizeof(title), "%s - %.1f fps%s", opts->title,
                  fps_frames / fps_time, paused ? " (paused)" : "");
         sdl_presenter_set_title(p, title);
         fps_frames = 0;
         fps_time = 0.0;
      }
   }
   if (status == 0 && opts->screenshot && !sdl_screenshot_write(p, opts->screenshot))
      status = 1;
   sdl_presenter_destroy(p);
   return status;
}
