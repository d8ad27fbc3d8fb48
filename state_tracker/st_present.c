/* st_api.h presentation: the finished, resolved colour buffer of a drawable copied out for a
 * window system (EGL on X11 puts it into windows and pixmaps). */
#include "gles/gl_context.h"

#include <stdint.h>
#include <string.h>

#include "st_api.h"
#include "st_framebuffer.h"

bool r600sim_st_framebuffer_read_bgra(struct st_context *ctx, struct st_framebuffer *fb,
                                      unsigned x, unsigned y, unsigned width, unsigned height,
                                      void *dst, unsigned stride)
{
   if (!ctx || !fb || x + width > fb->width || y + height > fb->height)
      return false;
   if (width == 0 || height == 0)
      return true;
   struct pipe_box box = {.x = (int)x, .y = (int)y, .width = (int)width,
                          .height = (int)height, .depth = 1};
   struct pipe_transfer *transfer = NULL;
   /* Submit what is recorded: the map then waits for the GPU to finish writing the buffer
    * and gives the resolved image of a multi-sampled one. */
   ctx->pipe->flush(ctx->pipe, NULL, PIPE_FLUSH_END_OF_FRAME);
   const uint8_t *map = ctx->pipe->transfer_map(ctx->pipe, fb->color, 0, PIPE_MAP_READ, &box,
                                                &transfer);
   if (!map)
      return false;
   bool bgra = fb->color->format == PIPE_FORMAT_B8G8R8A8_UNORM;
   for (unsigned row = 0; row < height; row++) {
      const uint8_t *src = map + (size_t)row * transfer->stride;
      uint8_t *out = (uint8_t *)dst + (size_t)row * stride;
      if (bgra) {
         memcpy(out, src, (size_t)width * 4);
         continue;
      }
      for (unsigned i = 0; i < width; i++, src += 4, out += 4) {
         out[0] = src[2];
         out[1] = src[1];
         out[2] = src[0];
         out[3] = src[3];
      }
   }
   ctx->pipe->transfer_unmap(ctx->pipe, transfer);
   return true;
}
