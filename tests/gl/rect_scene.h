/* Rectangles on a 32x32 pbuffer for the vertex-extension tests: a program that places
 * vertex positions (attribute 0, vec2, NDC) moved by an offset (attribute 2) and colours them
 * with attribute 1; rectangles given in pixels with edges on pixel boundaries, so each covers
 * exactly the pixels x0 <= x < x1, y0 <= y < y1 (GL window coordinates); and the expected
 * image: the named rectangles painted in order over the black clear colour. */
#ifndef TESTS_RECT_SCENE_H
#define TESTS_RECT_SCENE_H

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define RS_W 32
#define RS_H 32

enum { RS_POS = 0, RS_COLOR = 1, RS_OFFSET = 2 };

struct rs_rect {
   int x0, y0, x1, y1;
   uint8_t rgba[4];
};

static const char rs_vs[] =
   "attribute vec2 pos; attribute vec4 color; attribute vec2 offset;\n"
   "uniform float z; varying vec4 v_color;\n"
   "void main() { gl_Position = vec4(pos + offset, z, 1.0); v_color = color; }\n";
static const char rs_fs[] =
   "precision mediump float; varying vec4 v_color;\n"
   "void main() { gl_FragColor = v_color; }\n";

/* Builds and uses the program; returns it (0 on failure). */
static inline GLuint rs_program(void)
{
   static const char *const attribs[] = { "pos", "color", "offset", NULL };
   GLuint prog = egl_fixture_program(rs_vs, rs_fs, attribs);
   if (prog)
      glUseProgram(prog);
   glViewport(0, 0, RS_W, RS_H);
   glClearColor(0, 0, 0, 1);
   glVertexAttrib2f(RS_OFFSET, 0, 0);
   return prog;
}

/* NDC of pixel coordinate p along an axis of `size` pixels (exact: sizes are powers of 2). */
static inline float rs_ndc(int p, int size)
{
   return 2.0f * (float)p / (float)size - 1.0f;
}

/* The four corners of r as a triangle strip: (x0,y0), (x1,y0), (x0,y1), (x1,y1). */
static inline void rs_corners(const struct rs_rect *r, float out[8])
{
   const int xy[8] = { r->x0, r->y0, r->x1, r->y0, r->x0, r->y1, r->x1, r->y1 };
   for (int i = 0; i < 8; i++)
      out[i] = rs_ndc(xy[i], i % 2 ? RS_H : RS_W);
}

/* The colour of r as the current value of the colour attribute. */
static inline void rs_color(const struct rs_rect *r)
{
   glVertexAttrib4f(RS_COLOR, r->rgba[0] / 255.0f, r->rgba[1] / 255.0f, r->rgba[2] / 255.0f,
                    r->rgba[3] / 255.0f);
}

/* Reads back and compares with rects[0..n) painted in order over black. */
static inline void rs_expect(const struct rs_rect *rects, unsigned n, const char *what)
{
   static uint8_t image[RS_W * RS_H * 4];
   egl_fixture_read(RS_W, RS_H, image, false);
   unsigned mismatches = 0;
   for (int y = 0; y < RS_H; y++) {
      for (int x = 0; x < RS_W; x++) {
         uint8_t want[4] = { 0, 0, 0, 255 };
         for (unsigned i = 0; i < n; i++) {
            const struct rs_rect *r = &rects[i];
            if (x >= r->x0 && x < r->x1 && y >= r->y0 && y < r->y1)
               memcpy(want, r->rgba, 4);
         }
         expect_rgba(image, RS_W, x, y, want, what, &mismatches);
      }
   }
   check_mismatches(&mismatches, what);
}

/* A check that the GL error is want (and clears it). */
static inline void rs_expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

#endif
