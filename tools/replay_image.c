/* A captured frame's colour buffer -> PNG (replay_image.h). */
#include "replay_image.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/gpu_memory.h"
#include "pixel/cb.h"
#include "pixel/cb_format.h"
#include "r600_regs.h"
#include "rgba_png.h"

#define MAX_SAMPLES 8

/* Bits [shift, shift + width) of a pixel (width <= 32). */
static uint32_t component(const struct sim_cb_pixel *p, unsigned shift, unsigned width)
{
   uint64_t lo = p->w[shift / 32];
   uint64_t hi = shift / 32 + 1 < SIM_CB_MAX_BPP / 4 ? p->w[shift / 32 + 1] : 0;
   uint64_t v = (lo | hi << 32) >> (shift % 32);
   return (uint32_t)(width >= 32 ? v : v & ((1ull << width) - 1));
}

static void to_rgba8(const struct sim_cb_format *f, const struct sim_cb_pixel *p, uint8_t out[4])
{
   out[0] = out[1] = out[2] = 0;
   out[3] = 255;
   if (f->number == CB_COLOR0_INFO__NUMBER_TYPE__NUMBER_UNORM && !f->is_float) {
      /* Exactly as the driver's readback widens 5- and 6-bit channels: round half up. */
      for (unsigned c = 0; c < f->ncomp; c++) {
         uint64_t max = (1ull << f->width[c]) - 1;
         uint64_t x = component(p, f->shift[c], f->width[c]);
         out[f->chan[c]] = (uint8_t)((x * 255 + max / 2) / max);
      }
      return;
   }
   float v[4];
   sim_cb_unpack(f, p, v);
   for (unsigned c = 0; c < 4; c++) {
      float x = v[c] > 0.0f ? (v[c] < 1.0f ? v[c] : 1.0f) : 0.0f;   /* NaN -> 0 */
      out[c] = (uint8_t)lrintf(x * 255.0f);
   }
}

bool replay_write_image(struct sim_memory *mem, const struct capture_record *frame,
                        const struct capture_cb *cb, const char *path)
{
   struct sim_cb_format fmt;
   const char *field;
   unsigned value;
   if (!sim_cb_format_init(&fmt, cb->info, &field, &value)) {
      fprintf(stderr, "%s: CB_COLOR%u_INFO.%s = %u is not a format the CB implements\n", path,
              cb->target, field, value);
      return false;
   }
   unsigned samples =
      1u << PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES__get(frame->frame.aa_config);
   if (samples > MAX_SAMPLES) {
      fprintf(stderr, "%s: %u samples per pixel\n", path, samples);
      return false;
   }
   struct sim_cb_surface s;
   sim_cb_surface(&s, cb->base, cb->size, cb->view, fmt.bpp, samples);
   unsigned width = PA_SC_WINDOW_SCISSOR_BR__BR_X__get(frame->frame.window_br);
   unsigned height = PA_SC_WINDOW_SCISSOR_BR__BR_Y__get(frame->frame.window_br);
   width = width < s.pitch ? width : s.pitch;
   height = height < s.height ? height : s.height;
   const uint8_t *base = sim_mem_range(mem, s.va, s.layer_bytes);
   if (!base || !width || !height) {
      fprintf(stderr, "%s: CB_COLOR%u (0x%llx, %ux%u pixels) is not in GPU memory or empty\n",
              path, cb->target, (unsigned long long)s.va, width, height);
      return false;
   }
   uint8_t *rgba = malloc((size_t)width * height * 4);
   if (!rgba) {
      fprintf(stderr, "%s: out of memory\n", path);
      return false;
   }
   for (unsigned y = 0; y < height; y++) {
      for (unsigned x = 0; x < width; x++) {
         const uint8_t *px = base + ((uint64_t)y * s.pitch + x) * fmt.bpp;
         struct sim_cb_pixel p[MAX_SAMPLES], avg;
         for (unsigned k = 0; k < samples; k++)
            sim_cb_load(&fmt, px + k * s.sample_bytes, &p[k]);
         if (samples > 1 && !fmt.is_float)
            sim_cb_average(&fmt, p, samples, &avg);
         else
            avg = p[0];
         to_rgba8(&fmt, &avg, rgba + ((size_t)y * width + x) * 4);
      }
   }
   bool ok = rgba_png_write(path, width, height, rgba, (ptrdiff_t)width * 4) == 0;
   free(rgba);
   return ok;
}
