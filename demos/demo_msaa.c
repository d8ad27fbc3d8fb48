/* Demo "msaa": the R600 sample pattern and edge rule up close. Three triangles (two sharing
 * a diagonal edge that runs exactly through sample positions, and a sub-pixel sliver) are
 * drawn into a TW x TH multi-sampled pbuffer (EGL_SAMPLES = --samples, default 4); the
 * resolved pixels (glReadPixels) are shown magnified, each pixel a block of its colour, with
 * the triangles' outlines and the sample positions as dots.
 *
 * The sample positions are not a table of this demo: they are the PA_SC_AA_SAMPLE_LOCS_*
 * register values the driver programmed for this frame, read from the demo's own capture
 * (gpu_capture.h) and decoded by the register tables' S<k>_X / S<k>_Y fields (signed
 * 4-bit, 1/16 px from the pixel centre, y down: docs/r600-hardware-notes.md §3.2). The
 * sample count comes from PA_SC_AA_CONFIG.MSAA_NUM_SAMPLES and the triangle edge rule
 * shown from PA_SC_EDGERULE.ER_TRI (R7xx; the original R600 has a fixed rule and no such
 * register: docs/r600-hardware-notes.md §1 and §7), both from the same capture.
 *
 * Colours: red, green and blue triangles of 248 (0.972549 = 248/255) on black, so that a
 * pixel with k of n samples covered resolves to exactly 248 k / n for n = 1, 2, 4, 8
 * (tests/demos computes every pixel this way). A left drag moves the triangles in 1/16 px
 * steps; r puts them back. On exit the last frame's captions are printed on stdout. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GLES2/gl2.h>

#include "canvas.h"
#include "demo.h"
#include "gl_offscreen.h"
#include "gpu_capture.h"

#define TW 16
#define TH 8
#define MAX_SAMPLES 8
#define BACKGROUND 0x202020FFu
#define GRID 0x404040FFu
#define OUTLINE 0xFFE060FFu
#define DOT 0xFFFFFFFFu
#define DOT_EDGE 0x000000FFu
#define TEXT 0xE0E0E0FFu
#define TOP 40            /* y of the magnified image */
#define DRAG_RADIANS_PER_PIXEL 0.01f   /* sdl_loop.c's drag scale */

/* The triangles in target pixels (x right, y down from the top-left corner), all corners
 * multiples of 1/16 px, and their colours. tests/demos/test_demo_msaa.c has the same list. */
static const float tri[3][3][2] = {
   {{2, 0}, {10, 8}, {2, 8}},                                          /* red */
   {{2, 0}, {10, 0}, {10, 8}},                                         /* green */
   {{180 / 16.0f, 24 / 16.0f}, {248 / 16.0f, 34 / 16.0f}, {192 / 16.0f, 110 / 16.0f}},  /* blue */
};
static const float tri_rgb[3][3] = {{248 / 255.0f, 0, 0}, {0, 248 / 255.0f, 0},
                                    {0, 0, 248 / 255.0f}};

static const char vs[] =
   "attribute vec2 a_pos;\n"
   "attribute vec3 a_color;\n"
   "varying vec3 v_color;\n"
   "void main() { v_color = a_color; gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char fs[] =
   "precision mediump float;\n"
   "varying vec3 v_color;\n"
   "void main() { gl_FragColor = vec4(v_color, 1.0); }\n";

struct msaa {
   struct gpu_capture capture;
   struct gl_offscreen gl;
   struct sdl_image canvas;
   GLuint prog, vbo;
   uint8_t resolved[TW * TH * 4];
   unsigned samples;                    /* from PA_SC_AA_CONFIG */
   int dx[MAX_SAMPLES], dy[MAX_SAMPLES];   /* 1/16 px */
   char locs_reg[64];                   /* the register the offsets came from (samples 0..3) */
   uint32_t edgerule;
   bool have_edgerule;                  /* R7xx only: R6xx has a fixed rule */
   bool msaa_enable;
   char caption[1024];                  /* the text above and below the image */
};

static void *msaa_create(const struct demo_options *opts)
{
   struct msaa *m = calloc(1, sizeof(*m));
   if (!m)
      return NULL;
   if (!gpu_capture_start(&m->capture)) {
      fprintf(stderr, "r600sim-demo: %s\n", m->capture.error);
      gpu_capture_stop(&m->capture);
      free(m);
      return NULL;
   }
   static const char *const attribs[] = {"a_pos", "a_color", NULL};
   if (gl_offscreen_init(&m->gl, opts->samples < 0 ? 4 : opts->samples, false) &&
       gl_offscreen_resize(&m->gl, TW, TH) && (m->prog = gl_program_build(vs, fs, attribs))) {
      glGenBuffers(1, &m->vbo);
      return m;
   }
   gl_offscreen_fini(&m->gl);
   gpu_capture_stop(&m->capture);
   free(m);
   return NULL;
}

static void msaa_destroy(void *demo)
{
   struct msaa *m = demo;
   gl_offscreen_fini(&m->gl);
   gpu_capture_stop(&m->capture);
   canvas_free(&m->canvas);
   printf("%s\n", m->caption);
   free(m);
}

static int sign_extend(uint32_t v, unsigned bits)
{
   return (int)(v ^ (1u << (bits - 1))) - (int)(1u << (bits - 1));
}

/* Sample k's offsets from whichever PA_SC_AA_SAMPLE_LOCS_* register the stream wrote that
 * has fields S<k>_X / S<k>_Y. */
static bool sample_offset(struct msaa *m, unsigned k)
{
   static const char *const regs[] = {
      "PA_SC_AA_SAMPLE_LOCS_MCTX", "PA_SC_AA_SAMPLE_LOCS_8S_WD1_MCTX",
      "PA_SC_AA_SAMPLE_LOCS_2S", "PA_SC_AA_SAMPLE_LOCS_4S", "PA_SC_AA_SAMPLE_LOCS_8S_WD0",
      "PA_SC_AA_SAMPLE_LOCS_8S_WD1"};
   char fx[8], fy[8];
   snprintf(fx, sizeof(fx), "S%u_X", k);
   snprintf(fy, sizeof(fy), "S%u_Y", k);
   for (unsigned i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
      uint32_t x, y;
      if (gpu_capture_field(&m->capture, regs[i], fx, &x) &&
          gpu_capture_field(&m->capture, regs[i], fy, &y)) {
         m->dx[k] = sign_extend(x, 4);
         m->dy[k] = sign_extend(y, 4);
         if (k == 0)
            snprintf(m->locs_reg, sizeof(m->locs_reg), "%s", regs[i]);
         return true;
      }
   }
   return false;
}

/* The frame's sample count, offsets and edge rule, from the capture. */
static void read_state(struct msaa *m)
{
   if (!gpu_capture_update(&m->capture)) {
      if (m->capture.error[0])
         fprintf(stderr, "r600sim-demo: capture: %s\n", m->capture.error);
      return;
   }
   uint32_t log2n = 0, enable = 0, rule = 0;
   gpu_capture_field(&m->capture, "PA_SC_AA_CONFIG", "MSAA_NUM_SAMPLES", &log2n);
   gpu_capture_field(&m->capture, "PA_SC_MODE_CNTL", "MSAA_ENABLE", &enable);
   m->have_edgerule = gpu_capture_field(&m->capture, "PA_SC_EDGERULE", "ER_TRI", &rule);
   m->samples = log2n <= 3 ? 1u << log2n : 1;
   m->msaa_enable = enable;
   m->edgerule = rule;
   m->locs_reg[0] = 0;
   for (unsigned k = 0; k < m->samples; k++) {
      m->dx[k] = m->dy[k] = 0;
      if (m->samples > 1 && m->msaa_enable && !sample_offset(m, k))
         snprintf(m->locs_reg, sizeof(m->locs_reg), "(no S%u_X register written)", k);
   }
}

/* The triangles moved by (ox, oy) px, as NDC + colour vertices. */
static void upload(struct msaa *m, float ox, float oy)
{
   float v[9][5];
   for (unsigned t = 0; t < 3; t++) {
      for (unsigned i = 0; i < 3; i++) {
         float *o = v[3 * t + i];
         o[0] = (tri[t][i][0] + ox) * (2.0f / TW) - 1.0f;
         o[1] = 1.0f - (tri[t][i][1] + oy) * (2.0f / TH);
         memcpy(o + 2, tri_rgb[t], sizeof(tri_rgb[t]));
      }
   }
   glBindBuffer(GL_ARRAY_BUFFER, m->vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STREAM_DRAW);
}

static void line(struct sdl_image *img, float x0, float y0, float x1, float y1, uint32_t c)
{
   float len = fmaxf(fabsf(x1 - x0), fabsf(y1 - y0));
   unsigned steps = (unsigned)len + 1;
   for (unsigned i = 0; i <= steps; i++) {
      float t = (float)i / (float)steps;
      canvas_fill(img, (int)floorf(x0 + t * (x1 - x0)), (int)floorf(y0 + t * (y1 - y0)), 1, 1, c);
   }
}

static bool msaa_frame(void *demo, const struct sdl_view *view, unsigned w, unsigned h,
                       struct sdl_image *out)
{
   struct msaa *m = demo;
   int scale = (int)((w > 16 ? w - 16 : 1) / TW);
   int scale_h = (int)((h > TOP + 80 ? h - TOP - 80 : 1) / TH);
   scale = scale < scale_h ? scale : scale_h;
   scale = scale < 4 ? 4 : scale;
   int left = ((int)w - TW * scale) / 2;

   /* The drag, in whole 1/16 px of the target. */
   float ox = roundf(view->yaw / DRAG_RADIANS_PER_PIXEL / (float)scale * 16.0f) / 16.0f;
   float oy = roundf(view->pitch / DRAG_RADIANS_PER_PIXEL / (float)scale * 16.0f) / 16.0f;

   glViewport(0, 0, TW, TH);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(m->prog);
   upload(m, ox, oy);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 20, (void *)0);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 20, (void *)8);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 0, 9);
   if (!gl_offscreen_read(&m->gl, m->resolved) || !canvas_resize(&m->canvas, w, h))
      return false;
   read_state(m);

   struct sdl_image *c = &m->canvas;
   canvas_fill(c, 0, 0, (int)w, (int)h, BACKGROUND);
   canvas_paste(c, left, TOP, m->resolved, TW, TH, (unsigned)scale);
   for (int i = 0; i <= TW; i++)
      canvas_fill(c, left + i * scale, TOP, 1, TH * scale, GRID);
   for (int j = 0; j <= TH; j++)
      canvas_fill(c, left, TOP + j * scale, TW * scale, 1, GRID);
   for (unsigned t = 0; t < 3; t++) {
      for (unsigned i = 0; i < 3; i++) {
         const float *a = tri[t][i], *b = tri[t][(i + 1) % 3];
         line(c, left + (a[0] + ox) * scale, TOP + (a[1] + oy) * scale,
              left + (b[0] + ox) * scale, TOP + (b[1] + oy) * scale, OUTLINE);
      }
   }
   for (int py = 0; py < TH; py++) {
      for (int px = 0; px < TW; px++) {
         for (unsigned k = 0; k < m->samples; k++) {
            int sx = left + px * scale + scale / 2 + m->dx[k] * scale / 16;
            int sy = TOP + py * scale + scale / 2 + m->dy[k] * scale / 16;
            canvas_fill(c, sx - 2, sy - 2, 5, 5, DOT_EDGE);
            canvas_fill(c, sx - 1, sy - 1, 3, 3, DOT);
         }
      }
   }

   char *text = m->caption;
   size_t size = sizeof(m->caption), n = 0;
   n += (size_t)snprintf(text + n, size - n, "MSAA %uX ON %s, %ux%u PIXELS SHOWN %dX%s\n",
                         m->samples, hw_chip_name(m->capture.frame.chip), TW, TH, scale,
                         m->msaa_enable ? "" : " (MSAA_ENABLE = 0: SAMPLES AT THE CENTRE)");
   n += (size_t)snprintf(text + n, size - n, "SAMPLE OFFSETS (1/16 PX, Y DOWN) FROM %s:\n",
                         m->locs_reg);
   for (unsigned k = 0; k < m->samples && n < size; k++)
      n += (size_t)snprintf(text + n, size - n, "%s(%d,%d)", k ? " " : "", m->dx[k], m->dy[k]);
   size_t below = n < size ? n + 1 : size - 1;
   n = below;
   char rule[64];
   if (m->have_edgerule)
      snprintf(rule, sizeof(rule), "PA_SC_EDGERULE.ER_TRI = 0x%X", m->edgerule);
   else
      snprintf(rule, sizeof(rule), "THE FIXED EDGE RULE (NO PA_SC_EDGERULE)");
   snprintf(text + n, size - n,
            "DOTS: SAMPLE POSITIONS; BLOCKS: RESOLVED PIXELS (248 X COVERED / %u)\n"
            "%s: A SAMPLE ON A SHARED EDGE GOES TO ONE TRIANGLE\n"
            "LEFT DRAG MOVES THE TRIANGLES IN 1/16 PX STEPS (NOW %+.4g, %+.4g PX); R RESETS",
            m->samples, rule, ox, oy);
   canvas_text(c, 8, 8, 1, TEXT, text);
   canvas_text(c, 8, TOP + TH * scale + 12, 1, TEXT, text + below);
   text[below - 1] = '\n';   /* one text for stdout */
   *out = *c;
   return true;
}

const struct demo_def demo_msaa = {
   .name = "msaa",
   .summary = "sub-pixel triangles in a small MSAA target, magnified, with the R600 sample "
              "positions (from the programmed registers) and the edge rule",
   .width = 560,
   .height = 400,
   .create = msaa_create,
   .destroy = msaa_destroy,
   .cb = {.frame = msaa_frame},
};
