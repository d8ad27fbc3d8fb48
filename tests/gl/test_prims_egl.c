/* GL_POINTS, GL_LINES, GL_LINE_STRIP and GL_LINE_LOOP end to end (EGL pbuffer, GLES2,
 * driver, simulated GPU), compared pixel for pixel with independent models:
 *  - screen space y down (EGL surfaces are stored top row first), positions on the
 *    1/256-pixel grid sent as clip coordinates X/8192 - 1, 1 - Y/8192;
 *  - a point of size s (gl_PointSize, an integer here) covers the pixels whose centre c
 *    has centre - s/2 <= c < centre + s/2 in x and y (top-left rule on its square);
 *  - lines: raster_ref.h's model of the documented line rule with the registers the driver
 *    programs (PA_SC_EDGERULE 0xAAAAAAAA, LAST_PIXEL 1), half width = glLineWidth / 2.
 * The vertex colour is flat per primitive (a uniform per draw call).
 */
#include <stdlib.h>

#include "egl_fixture.h"
#include "raster_ref.h"

#define SIZE 64

static const char vs_source[] =
   "attribute vec2 a_position;\n"
   "uniform float u_size;\n"
   "void main() { gl_Position = vec4(a_position, 0.0, 1.0); gl_PointSize = u_size; }\n";
static const char fs_source[] =
   "precision mediump float;\n"
   "uniform vec4 u_color;\n"
   "void main() { gl_FragColor = u_color; }\n";

static GLint u_color, u_size;
static uint8_t expected[SIZE * SIZE][4];
static float verts[64][2];

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 16);
}

static void color_of(int id, uint8_t c[4])
{
   c[0] = (uint8_t)(id * 29 + 1);
   c[1] = (uint8_t)(200 - id);
   c[2] = (uint8_t)(id * 7);
   c[3] = 255;
}

static void set_color(int id)
{
   uint8_t c[4];
   color_of(id, c);
   glUniform4f(u_color, c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, 1.0f);
}

static void set_vertex(int v, const int64_t p[2])
{
   verts[v][0] = (float)p[0] / (SIZE / 2 * 256) - 1.0f;
   verts[v][1] = 1.0f - (float)p[1] / (SIZE / 2 * 256);
}

static void compare(const char *what)
{
   static uint8_t pixels[SIZE * SIZE * 4];
   egl_fixture_read(SIZE, SIZE, pixels, true);
   unsigned bad = 0, drawn = 0;
   for (int i = 0; i < SIZE * SIZE; i++) {
      drawn += expected[i][3] != 0;
      expect_rgba(pixels, SIZE, i % SIZE, i / SIZE, expected[i], what, &bad);
   }
   check(drawn > 20, "%s", what);
   check_mismatches(&bad, what);
}

static const struct ref_line_rule mesa_rule = { 0x2A, 0x2A, 0xA, 0xA, true };

static void paint_line(const int64_t a[2], const int64_t b[2], int64_t hw, int id)
{
   uint8_t c[4];
   color_of(id, c);
   for (int y = 0; y < SIZE; y++)
      for (int x = 0; x < SIZE; x++)
         if (ref_line_covers(a, b, hw, &mesa_rule, x, y))
            memcpy(expected[y * SIZE + x], c, 4);
}

static void test_points(void)
{
   memset(expected, 0, sizeof(expected));
   glClear(GL_COLOR_BUFFER_BIT);
   for (int i = 0; i < 40; i++) {
      int64_t p[2] = { (int64_t)(rnd() % (56 * 256)) + 4 * 256, (int64_t)(rnd() % (56 * 256)) + 4 * 256 };
      if (i % 3 == 0)
         p[0] = p[0] / 128 * 128, p[1] = p[1] / 128 * 128;   /* centres and corners: ties */
      int size = 1 + i % 8;
      set_vertex(0, p);
      glBufferData(GL_ARRAY_BUFFER, sizeof(verts[0]), verts, GL_STREAM_DRAW);
      glUniform1f(u_size, (float)size);
      set_color(i + 1);
      glDrawArrays(GL_POINTS, 0, 1);
      uint8_t c[4];
      color_of(i + 1, c);
      int64_t h = (int64_t)size * 128;
      for (int y = 0; y < SIZE; y++)
         for (int x = 0; x < SIZE; x++) {
            int64_t cx = 256 * x + 128, cy = 256 * y + 128;
            if (cx >= p[0] - h && cx < p[0] + h && cy >= p[1] - h && cy < p[1] + h)
               memcpy(expected[y * SIZE + x], c, 4);
         }
   }
   check_gl("GL_POINTS");
   compare("GL_POINTS with gl_PointSize 1..8");
}

/* GL_ALIASED_POINT_SIZE_RANGE is [1, 8191] (PA_SU_POINT_MINMAX: half sizes in unsigned 12.4,
 * clamped to whole sizes), and a gl_PointSize below 1 is clamped to 1: a point 0.375 pixel
 * right of a pixel centre still covers that pixel (it would not at size 0.25). */
static void test_point_size_range(void)
{
   GLfloat range[2] = { 0, 0 };
   glGetFloatv(GL_ALIASED_POINT_SIZE_RANGE, range);
   check(range[0] == 1.0f && range[1] == 8191.0f, "GL_ALIASED_POINT_SIZE_RANGE [%g, %g]",
         (double)range[0], (double)range[1]);

   memset(expected, 0, sizeof(expected));
   glClear(GL_COLOR_BUFFER_BIT);
   const int64_t p[2] = { 20 * 256 + 128 + 96, 30 * 256 + 128 };
   set_vertex(0, p);
   glBufferData(GL_ARRAY_BUFFER, sizeof(verts[0]), verts, GL_STREAM_DRAW);
   glUniform1f(u_size, 0.25f);
   set_color(5);
   glDrawArrays(GL_POINTS, 0, 1);
   static uint8_t pixels[SIZE * SIZE * 4];
   egl_fixture_read(SIZE, SIZE, pixels, true);
   uint8_t c[4];
   color_of(5, c);
   unsigned drawn = 0;
   for (int i = 0; i < SIZE * SIZE; i++)
      drawn += pixels[i * 4 + 3] != 0;
   check(drawn == 1 && memcmp(pixels + (30 * SIZE + 20) * 4, c, 4) == 0,
         "gl_PointSize 0.25 draws as size 1 (%u pixels drawn)", drawn);
   check_gl("point size range");
}

static void test_lines(float width)
{
   int64_t hw = (int64_t)(width * 0.5f * 16.0f) * 16;   /* 12.4 half width, in 1/256 px */
   memset(expected, 0, sizeof(expected));
   glClear(GL_COLOR_BUFFER_BIT);
   glLineWidth(width);
   for (int i = 0; i < 60; i++) {
      int64_t e[2][2];
      for (int k = 0; k < 2; k++) {
         e[k][0] = (int64_t)(rnd() % (60 * 256)) + 2 * 256;
         e[k][1] = (int64_t)(rnd() % (60 * 256)) + 2 * 256;
         if (i % 2)
            e[k][0] = e[k][0] / 256 * 256 + 128, e[k][1] = e[k][1] / 256 * 256 + 128;
      }
      if (i % 7 == 0)
         e[1][1] = e[0][1];
      if (i % 7 == 1)
         e[1][0] = e[0][0];
      set_vertex(0, e[0]);
      set_vertex(1, e[1]);
      glBufferData(GL_ARRAY_BUFFER, 2 * sizeof(verts[0]), verts, GL_STREAM_DRAW);
      set_color(i + 1);
      glDrawArrays(GL_LINES, 0, 2);
      paint_line(e[0], e[1], hw, i + 1);
   }
   check_gl("GL_LINES");
   char what[64];
   snprintf(what, sizeof(what), "GL_LINES width %g", (double)width);
   compare(what);
   glLineWidth(1.0f);
}

static void test_strip_loop(GLenum mode, const char *what)
{
   int64_t v[10][2];
   memset(expected, 0, sizeof(expected));
   glClear(GL_COLOR_BUFFER_BIT);
   for (int i = 0; i < 10; i++) {
      v[i][0] = (int64_t)(rnd() % (60 * 256)) + 2 * 256;
      v[i][1] = (int64_t)(rnd() % (60 * 256)) + 2 * 256;
      set_vertex(i, v[i]);
   }
   glBufferData(GL_ARRAY_BUFFER, 10 * sizeof(verts[0]), verts, GL_STREAM_DRAW);
   set_color(3);
   glDrawArrays(mode, 0, 10);
   for (int i = 0; i + 1 < 10; i++)
      paint_line(v[i], v[i + 1], 128, 3);
   if (mode == GL_LINE_LOOP)
      paint_line(v[9], v[0], 128, 3);
   check_gl(what);
   compare(what);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, SIZE, SIZE, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   const char *const names[] = { "a_position", NULL };
   GLuint prog = egl_fixture_program(vs_source, fs_source, names);
   glUseProgram(prog);
   u_color = glGetUniformLocation(prog, "u_color");
   u_size = glGetUniformLocation(prog, "u_size");
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);
   glClearColor(0, 0, 0, 0);

   test_points();
   test_point_size_range();
   test_lines(1.0f);
   test_lines(3.0f);
   test_strip_loop(GL_LINE_STRIP, "GL_LINE_STRIP");
   test_strip_loop(GL_LINE_LOOP, "GL_LINE_LOOP");
   egl_fixture_fini(&f);
   return check_report();
}
