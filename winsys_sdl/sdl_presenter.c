/* SDL2 window + software renderer + streaming texture (sdl_presenter.h). */
#include <stdio.h>
#include <stdlib.h>

#include <SDL.h>

#include "sdl_presenter.h"

struct sdl_presenter {
   SDL_Window *window;
   SDL_Renderer *renderer;
   SDL_Texture *texture;
   unsigned tex_w, tex_h;
};

static bool sdl_fail(const char *what)
{
   fprintf(stderr, "winsys_sdl: %s failed: %s\n", what, SDL_GetError());
   return false;
}

struct sdl_presenter *sdl_presenter_create(const char *title, unsigned width, unsigned height)
{
   if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
      sdl_fail("SDL_Init(VIDEO)");
      return NULL;
   }
   struct sdl_presenter *p = calloc(1, sizeof(*p));
   if (!p)
      return NULL;
   /* A plain X window: SDL creates no GL context for it, so r600sim stays the only GL. */
   p->window = SDL_CreateWindow(title, SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
                                (int)width, (int)height, SDL_WINDOW_RESIZABLE);
   if (!p->window) {
      sdl_fail("SDL_CreateWindow");
      free(p);
      return NULL;
   }
   /* The software renderer and no SDL_RENDERER_PRESENTVSYNC: the frame loop never waits.
    * Its window surface must not be "accelerated" either: by default SDL backs it with a GL
    * renderer of its own (an EGL context on our display with SDL_VIDEO_X11_FORCE_EGL, which
    * bin/r600sim-run sets, else Mesa's GLX), whose make-current calls also take the demo's
    * context away from this thread. */
   SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_OVERRIDE);
   p->renderer = SDL_CreateRenderer(p->window, -1, SDL_RENDERER_SOFTWARE);
   if (!p->renderer) {
      sdl_fail("SDL_CreateRenderer(software)");
      sdl_presenter_destroy(p);
      return NULL;
   }
   return p;
}

void sdl_presenter_destroy(struct sdl_presenter *p)
{
   if (!p)
      return;
   if (p->texture)
      SDL_DestroyTexture(p->texture);
   if (p->renderer)
      SDL_DestroyRenderer(p->renderer);
   if (p->window)
      SDL_DestroyWindow(p->window);
   free(p);
   SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

void sdl_presenter_set_title(struct sdl_presenter *p, const char *title)
{
   SDL_SetWindowTitle(p->window, title);
}

void sdl_presenter_size(struct sdl_presenter *p, unsigned *width, unsigned *height)
{
   int w = 0, h = 0;
   SDL_GetRendererOutputSize(p->renderer, &w, &h);
   *width = w > 0 ? (unsigned)w : 1;
   *height = h > 0 ? (unsigned)h : 1;
}

bool sdl_presenter_show(struct sdl_presenter *p, const struct sdl_image *img)
{
   if (!p->texture || p->tex_w != img->width || p->tex_h != img->height) {
      if (p->texture)
         SDL_DestroyTexture(p->texture);
      /* SDL_PIXELFORMAT_RGBA32: bytes R, G, B, A in memory on either endianness. */
      p->texture = SDL_CreateTexture(p->renderer, SDL_PIXELFORMAT_RGBA32,
                                     SDL_TEXTUREACCESS_STREAMING, (int)img->width,
                                     (int)img->height);
      if (!p->texture)
         return sdl_fail("SDL_CreateTexture");
      p->tex_w = img->width;
      p->tex_h = img->height;
   }
   if (SDL_UpdateTexture(p->texture, NULL, img->pixels, (int)img->stride) != 0)
      return sdl_fail("SDL_UpdateTexture");
   if (SDL_RenderClear(p->renderer) != 0 || SDL_RenderCopy(p->renderer, p->texture, NULL, NULL) != 0)
      return sdl_fail("SDL_RenderCopy");
   SDL_RenderPresent(p->renderer);
   return true;
}

bool sdl_presenter_read(struct sdl_presenter *p, struct sdl_image *out)
{
   unsigned w, h;
   sdl_presenter_size(p, &w, &h);
   out->width = w;
   out->height = h;
   out->stride = 4 * w;
   out->pixels = malloc((size_t)out->stride * h);
   if (!out->pixels)
      return false;
   if (SDL_RenderReadPixels(p->renderer, NULL, SDL_PIXELFORMAT_RGBA32, out->pixels,
                            (int)out->stride) != 0) {
      free(out->pixels);
      out->pixels = NULL;
      return sdl_fail("SDL_RenderReadPixels");
   }
   return true;
}
