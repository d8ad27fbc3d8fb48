/* Demo "gpu": the scene of scene_gl.h beside a live report of what the simulated GPU did for
 * the last frame, read through r600sim's public debugging interfaces only: the demo's own
 * R600SIM_CAPTURE file (gpu_capture.h: submissions, PM4 packets, draws, the registers the
 * frame wrote and which of them changed, the shader programs bound, disassembled with the
 * ISA text codec of bin/r600sim-disasm) and the `faults` debug output (gpu_faults.h).
 * Tab steps the listing through the programs the frame's draws ran. On exit the last
 * frame's report and listing are printed on stdout. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "canvas.h"
#include "demo.h"
#include "gl_offscreen.h"
#include "gpu_capture.h"
#include "gpu_faults.h"
#include "hw_regdb.h"
#include "isa.h"
#include "scene_gl.h"

#define BACKGROUND 0x101418FFu
#define HEADING 0xFFD040FFu
#define TEXT 0xD8D8D8FFu
#define MARGIN 8
#define MAX_REGS_LISTED 24

struct gpuview {
   struct gpu_capture capture;
   struct gpu_faults faults;
   struct gl_offscreen gl;
   struct scene_gl scene;
   struct sdl_image canvas;
   uint8_t *picture;
   unsigned pic_w, pic_h;
   unsigned shown;    /* Tab presses: the program listed is this many after the default */
   char *report;      /* the last frame's summary (left column) */
   char *listing;     /* the shader listing (right column) */
};

struct text {
   char *s;
   size_t len, cap;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct text *t, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   if (n < 0)
      return;
   if (t->len + (size_t)n + 1 > t->cap) {
      size_t cap = (t->len + (size_t)n + 1) * 2;
      char *s = realloc(t->s, cap);
      if (!s)
         return;
      t->s = s;
      t->cap = cap;
   }
   va_start(ap, fmt);
   vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
   va_end(ap);
   t->len += (size_t)n;
}

static char *summary(struct gpuview *v)
{
   const struct gpu_capture_frame *f = &v->capture.frame;
   struct text t = {0};
   add(&t, "FRAME %u ON %s: %u SUBMISSIONS, %u PACKETS, %u DWORDS\n", f->number,
       hw_chip_name(f->chip), f->submissions, f->packets, f->dwords);
   add(&t, "DRAWS: %u\n", f->draws);
   for (unsigned i = 0; i < f->draws && i < GPU_CAPTURE_MAX_DRAWS; i++)
      add(&t, "  %s %u %s VS 0x%llX PS 0x%llX\n", f->draw[i].packet, f->draw[i].count,
          f->draw[i].prim, (unsigned long long)f->draw[i].vs_va,
          (unsigned long long)f->draw[i].ps_va);
   char last[GPU_FAULTS_KEPT][GPU_FAULTS_LINE];
   unsigned kept = 0, faults = gpu_faults_read(&v->faults, last, &kept);
   add(&t, "FAULTS: %u\n", faults);
   for (unsigned i = 0; i < kept; i++)
      add(&t, "  %.90s\n", last[i] + strlen("r600sim: "));
   add(&t, "REGISTERS WRITTEN: %u, CHANGED: %u\n", f->written, f->changed);
   unsigned chip_bits = f->chip;
   for (unsigned i = 0; i < f->changed && i < GPU_CAPTURE_MAX_CHANGED && i < MAX_REGS_LISTED;
        i++) {
      uint32_t reg = f->changed_reg[i], value = 0;
      gpu_capture_reg(&v->capture, reg, &value);
      const struct hw_register *r = hw_find_register(reg, chip_bits);
      if (r)
         add(&t, "  %s = 0x%08X\n", r->name, value);
      else
         add(&t, "  REG 0x%05X = 0x%08X\n", reg, value);
   }
   if (f->changed > MAX_REGS_LISTED)
      add(&t, "  ... %u MORE\n", f->changed - MAX_REGS_LISTED);
   return t.s;
}

static char *listing(struct gpuview *v)
{
   const struct gpu_capture_frame *f = &v->capture.frame;
   struct text t = {0};
   if (!f->programs) {
      add(&t, "NO PROGRAMS RAN\n");
      return t.s;
   }
   /* By default the pixel shader of the draw with the most indices. */
   unsigned first = 0, most = 0;
   for (unsigned d = 0; d < f->draws && d < GPU_CAPTURE_MAX_DRAWS; d++) {
      for (unsigned i = 0; i < f->programs; i++) {
         if (f->draw[d].count > most && f->program[i].pixel && f->program[i].va == f->draw[d].ps_va) {
            first = i;
            most = f->draw[d].count;
         }
      }
   }
   unsigned index = (first + v->shown) % f->programs;
   const struct gpu_capture_program *p = &f->program[index];
   add(&t, "PROGRAM %u OF %u (TAB: NEXT): %s SHADER AT 0x%llX\n", index + 1, f->programs,
       p->pixel ? "PIXEL" : "VERTEX", (unsigned long long)p->va);
   if (!p->code) {
      add(&t, "(not in the capture)\n");
      return t.s;
   }
   struct isa_program prog;
   struct isa_diags diags = {0};
   if (!isa_decode(f->chip, p->code, p->size, &prog, &diags)) {
      add(&t, "(does not decode: %s)\n", diags.n ? diags.d[0].msg : "?");
      return t.s;
   }
   char *text = isa_print(&prog);
   isa_program_free(&prog);
   add(&t, "%s", text ? text : "");
   free(text);
   return t.s;
}

static void *gpuview_create(const struct demo_options *opts)
{
   struct gpuview *v = calloc(1, sizeof(*v));
   if (!v)
      return NULL;
   /* Both before EGL starts: the GPU reads R600SIM_CAPTURE and R600SIM_DEBUG when created. */
   if (!gpu_capture_start(&v->capture)) {
      fprintf(stderr, "r600sim-demo: %s\n", v->capture.error);
      gpu_capture_stop(&v->capture);
      free(v);
      return NULL;
   }
   gpu_faults_start(&v->faults);
   if (gl_offscreen_init(&v->gl, opts->samples < 0 ? 0 : opts->samples, true) &&
       gl_offscreen_resize(&v->gl, 64, 64) && scene_gl_init(&v->scene))
      return v;
   gl_offscreen_fini(&v->gl);
   gpu_faults_stop(&v->faults);
   gpu_capture_stop(&v->capture);
   free(v);
   return NULL;
}

static void gpuview_destroy(void *demo)
{
   struct gpuview *v = demo;
   gl_offscreen_fini(&v->gl);
   gpu_faults_stop(&v->faults);
   if (v->report)
      printf("%s%s", v->report, v->listing ? v->listing : "");
   gpu_capture_stop(&v->capture);
   canvas_free(&v->canvas);
   free(v->picture);
   free(v->report);
   free(v->listing);
   free(v);
}

static bool gpuview_frame(void *demo, const struct sdl_view *view, unsigned w, unsigned h,
                          struct sdl_image *out)
{
   struct gpuview *v = demo;
   unsigned pw = w * 2 / 5 < 64 ? 64 : w * 2 / 5, ph = pw * 3 / 4;
   if (!canvas_resize(&v->canvas, w, h) || !gl_offscreen_resize(&v->gl, pw, ph))
      return false;
   if (pw != v->pic_w || ph != v->pic_h) {
      free(v->picture);
      v->picture = malloc((size_t)pw * ph * 4);
      if (!v->picture)
         return false;
      v->pic_w = pw;
      v->pic_h = ph;
   }
   scene_gl_draw(&v->scene, view, pw, ph);
   if (!gl_offscreen_read(&v->gl, v->picture))   /* ends the frame in the capture */
      return false;
   if (!gpu_capture_update(&v->capture) && v->capture.error[0])
      fprintf(stderr, "r600sim-demo: capture: %s\n", v->capture.error);
   free(v->report);
   free(v->listing);
   v->report = summary(v);
   v->listing = listing(v);

   canvas_fill(&v->canvas, 0, 0, (int)w, (int)h, BACKGROUND);
   canvas_paste(&v->canvas, MARGIN, MARGIN, v->picture, pw, ph, 1);
   int y = (int)ph + 2 * MARGIN;
   y = canvas_text(&v->canvas, MARGIN, y, 1, HEADING, "WHAT THE GPU DID FOR THE LAST FRAME");
   canvas_text(&v->canvas, MARGIN, y + 4, 1, TEXT, v->report ? v->report : "");
   canvas_text(&v->canvas, (int)pw + 3 * MARGIN, MARGIN, 1, TEXT, v->listing ? v->listing : "");
   *out = v->canvas;
   return true;
}

static void gpuview_key(void *demo, int key)
{
   struct gpuview *v = demo;
   if (key == SDLK_TAB)
      v->shown++;
}

const struct demo_def demo_gpuview = {
   .name = "gpu",
   .summary = "the scene beside what the GPU did for the last frame: draws, registers "
              "changed, shader ISA, faults",
   .width = 1200,
   .height = 720,
   .create = gpuview_create,
   .destroy = gpuview_destroy,
   .cb = {.frame = gpuview_frame, .key = gpuview_key},
};
