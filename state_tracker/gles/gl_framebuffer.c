/* Facts about the bound drawables (the default framebuffer; FBOs are a later issue). */
#include "gl_context.h"

#include "gl_pipe.h"
#include "st_framebuffer.h"

bool gl_have_draw_buffer(const struct st_context *ctx)
{
   return ctx->draw && ctx->draw_cbuf;
}

unsigned gl_draw_width(const struct st_context *ctx)
{
   return ctx->draw ? ctx->draw->width : 0;
}

unsigned gl_draw_height(const struct st_context *ctx)
{
   return ctx->draw ? ctx->draw->height : 0;
}

bool gl_draw_flipped(const struct st_context *ctx)
{
   return true;
}

int gl_max_viewport_size(const struct st_context *ctx)
{
   struct pipe_screen *screen = ctx->pipe->screen;
   int max = screen->get_param(screen, PIPE_CAP_MAX_VIEWPORT_SIZE);
   return max > 0 ? max : 8192;
}

/* GL_RED_BITS .. GL_STENCIL_BITS of the draw framebuffer. */
int gl_draw_bits(const struct st_context *ctx, GLenum pname)
{
   if (!ctx->draw)
      return 0;
   enum pipe_format color = ctx->draw->color->format;
   enum pipe_format zs = ctx->draw->zs ? ctx->draw->zs->format : PIPE_FORMAT_NONE;
   bool rgb565 = color == PIPE_FORMAT_B5G6R5_UNORM;
   switch (pname) {
   case GL_RED_BITS: case GL_BLUE_BITS: return rgb565 ? 5 : 8;
   case GL_GREEN_BITS: return rgb565 ? 6 : 8;
   case GL_ALPHA_BITS:
      return color == PIPE_FORMAT_R8G8B8A8_UNORM || color == PIPE_FORMAT_B8G8R8A8_UNORM ? 8 : 0;
   case GL_DEPTH_BITS:
      return zs == PIPE_FORMAT_Z24_UNORM_S8_UINT || zs == PIPE_FORMAT_Z24X8_UNORM ? 24
           : zs == PIPE_FORMAT_Z16_UNORM ? 16 : 0;
   case GL_STENCIL_BITS:
      return zs == PIPE_FORMAT_Z24_UNORM_S8_UINT || zs == PIPE_FORMAT_S8_UINT ? 8 : 0;
   default:
      return 0;
   }
}
