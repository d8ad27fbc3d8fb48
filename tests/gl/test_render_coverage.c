/* End-to-end coverage test through EGL + GLES2 + driver + simulated GPU.
 *
 * Triangles with vertices on the 1/256-pixel grid of a 64x64 RGBA8 pbuffer are drawn with
 * flat colours and read back with glReadPixels; every pixel is compared with coverage this
 * test computes on its own, in exact integer arithmetic:
 *  - screen space, y down (row 0 = top = the last row glReadPixels returns, since EGL
 *    surfaces are stored top row first and GL's window origin is bottom-left);
 *  - pixel (x, y) is sampled at its centre (x + 1/2, y + 1/2);
 *  - top-left rule: a centre exactly on an edge is covered iff the edge is a top edge
 *    (horizontal, interior below it) or a left edge (interior to its right).
 * Vertex window coordinates X/256, Y/256 are sent as clip coordinates X/8192 - 1 and
 * 1 - Y/8192 (w = 1), which the viewport transform maps back to X/256, Y/256 exactly.
 *
 * Part 1 clears to a colour and checks every pixel and glGetError after each call.
 * Part 2 draws hand-made tie cases one at a time (clear, draw, read back).
 * Part 3 draws batches of random triangles (many vertices on pixel centres and many
 * horizontal/vertical edges), each in its own colour; a pixel must show the last triangle
 * covering it. Prints "N passed, M failed" (checks) and the pixel mismatch count.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "egl_fixture.h"

#define SIZE 64
#define SUB 256 /* grid steps per pixel */
#define BATCHES 8
#define BATCH_TRIANGLES 64

struct vtx {
   int32_t x, y; /* screen position in 1/256 pixel, y down */
};

static long pixel_mismatches, pixels_checked;

/* ---- the independent coverage model ---- */

static int64_t edge(struct vtx a, struct vtx b, int64_t px, int64_t py)
{
   return (int64_t)(b.x - a.x) * (py - a.y) - (int64_t)(b.y - a.y) * (px - a.x);
}

/* With the triangle oriented so that its interior has edge() > 0 for every edge, an edge
 * a->b has the interior below it when dy == 0 && dx > 0 (top edge), and to its right
 * when dy < 0 (left edge). */
static bool top_or_left(struct vtx a, struct vtx b)
{
   int32_t dx = b.x - a.x, dy = b.y - a.y;
   return dy < 0 || (dy == 0 && dx > 0);
}

static bool covers(const struct vtx t[3], int px, int py)
{
   struct vtx v0 = t[0], v1 = t[1], v2 = t[2];
   int64_t area = edge(v0, v1, v2.x, v2.y);
   if (area == 0)
      return false;
   if (area < 0) {
      struct vtx tmp = v1;
      v1 = v2;
      v2 = tmp;
   }
   int64_t cx = (int64_t)px * SUB + SUB / 2, cy = (int64_t)py * SUB + SUB / 2;
   const struct vtx e[3][2] = {{v0, v1}, {v1, v2}, {v2, v0}};
   for (int i = 0; i < 3; i++) {
      int64_t d = edge(e[i][0], e[i][1], cx, cy);
      if (d < 0 || (d == 0 && !top_or_left(e[i][0], e[i][1])))
         return false;
   }
   return true;
}

/* ---- GL side ---- */

static const char vs_source[] =
   "attribute vec2 a_position;\n"
   "void main() { gl_Position = vec4(a_position, 0.0, 1.0); }\n";
static const char fs_source[] =
   "precision mediump float;\n"
   "uniform vec4 u_color;\n"
   "void main() { gl_FragColor = u_color; }\n";

/* Colour of triangle id (1..255): every byte pattern distinct, nothing like the clear. */
static void id_color(int id, uint8_t rgba[4])
{
   rgba[0] = (uint8_t)id;
   rgba[1] = (uint8_t)(255 - id);
   rgba[2] = 0x80;
   rgba[3] = 0xff;
}

static GLint u_color;

static void draw_triangles(const struct vtx *tris, int count, const int *ids)
{
   static float clip[3 * BATCH_TRIANGLES][2];
   for (int i = 0; i < 3 * count; i++) {
      clip[i][0] = (float)tris[i].x / (SIZE / 2 * SUB) - 1.0f;
      clip[i][1] = 1.0f - (float)tris[i].y / (SIZE / 2 * SUB);
   }
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(clip[0]) * 3 * (size_t)count), clip,
                GL_STREAM_DRAW);
   for (int i = 0; i < count; i++) {
      uint8_t c[4];
      id_color(ids[i], c);
      glUniform4f(u_color, c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
      glDrawArrays(GL_TRIANGLES, 3 * i, 3);
   }
}

/* Reads the surface back and compares it with the expected id per screen pixel (0: the
 * clear colour, transparent black). Returns the number of mismatching pixels. */
static long compare(const int *expected_id, const char *what)
{
   static uint8_t pixels[SIZE * SIZE * 4];
   egl_fixture_read(SIZE, SIZE, pixels, true);
   long bad = 0;
   for (int y = 0; y < SIZE; y++) {
      for (int x = 0; x < SIZE; x++) {
         const uint8_t *p = &pixels[(y * SIZE + x) * 4];
         uint8_t want[4] = {0, 0, 0, 0};
         if (expected_id[y * SIZE + x])
            id_color(expected_id[y * SIZE + x], want);
         if (memcmp(p, want, 4) != 0) {
            if (bad < 5)
               printf("  %s: pixel (%d,%d) is %02x%02x%02x%02x, expected %02x%02x%02x%02x\n",
                      what, x, y, p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
            bad++;
         }
      }
   }
   pixels_checked += SIZE * SIZE;
   pixel_mismatches += bad;
   return bad;
}

static void expect_triangles(const struct vtx *tris, int count, const int *ids, int *expected)
{
   for (int y = 0; y < SIZE; y++)
      for (int x = 0; x < SIZE; x++) {
         expected[y * SIZE + x] = 0;
         for (int i = 0; i < count; i++)
            if (covers(&tris[3 * i], x, y))
               expected[y * SIZE + x] = ids[i];
      }
}

static void run_case(const char *name, const struct vtx *tris, int count)
{
   static int expected[SIZE * SIZE];
   int ids[BATCH_TRIANGLES];
   for (int i = 0; i < count; i++)
      ids[i] = i + 1;
   glClear(GL_COLOR_BUFFER_BIT);
   draw_triangles(tris, count, ids);
   expect_triangles(tris, count, ids, expected);
   char msg[160];
   long bad = compare(expected, name);
   snprintf(msg, sizeof(msg), "%s: %ld mismatching pixels", name, bad);
   check(bad == 0, "%s", msg);
   check_gl(name);
}

/* ---- part 1: clear ---- */

static void test_clear(void)
{
   glClearColor(51 / 255.0f, 102 / 255.0f, 204 / 255.0f, 1.0f);
   check_gl("glClearColor");
   glClear(GL_COLOR_BUFFER_BIT);
   check_gl("glClear");
   static uint8_t pixels[SIZE * SIZE * 4];
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   check_gl("glReadPixels");
   int bad = 0;
   for (int i = 0; i < SIZE * SIZE; i++)
      bad += pixels[4 * i] != 51 || pixels[4 * i + 1] != 102 || pixels[4 * i + 2] != 204 ||
             pixels[4 * i + 3] != 255;
   char msg[96];
   snprintf(msg, sizeof(msg), "clear to (51,102,204,255): %d wrong pixels", bad);
   check(bad == 0, "%s", msg);
   glClearColor(0, 0, 0, 0);
}

/* ---- part 2: deliberate ties ---- */

#define C(v) ((v) * SUB + SUB / 2) /* the centre of pixel v, in grid units */
#define P(v) ((v) * SUB)           /* the corner at v */

static void test_ties(void)
{
   /* Right triangles with both legs through pixel centres and vertices on centres, in all
    * four orientations and both windings; the hypotenuse runs through centres too. */
   const struct vtx legs[][3] = {
      {{C(8), C(8)}, {C(24), C(8)}, {C(8), C(24)}},     /* top + left legs */
      {{C(8), C(8)}, {C(8), C(24)}, {C(24), C(8)}},     /* same, other winding */
      {{C(40), C(8)}, {C(56), C(8)}, {C(56), C(24)}},   /* top + right legs */
      {{C(8), C(56)}, {C(24), C(56)}, {C(8), C(40)}},   /* bottom + left legs */
      {{C(56), C(56)}, {C(40), C(56)}, {C(56), C(40)}}, /* bottom + right legs */
   };
   for (unsigned i = 0; i < sizeof(legs) / sizeof(legs[0]); i++) {
      char name[48];
      snprintf(name, sizeof(name), "tie case right triangle %u", i);
      run_case(name, legs[i], 1);
   }
   /* A square split along its diagonal into two triangles: every centre inside the square
    * belongs to exactly one of them, including those on the shared diagonal. */
   const struct vtx square[6] = {{C(4), C(4)},  {C(36), C(4)}, {C(36), C(36)},
                                 {C(4), C(4)},  {C(36), C(36)}, {C(4), C(36)}};
   run_case("tie case split square", square, 2);
   /* A fan of 8 triangles around a pixel centre, edges through centres at 45 degrees. */
   struct vtx fan[24];
   static const int rim[9][2] = {{20, 0}, {20, 20}, {0, 20}, {-20, 20}, {-20, 0},
                                 {-20, -20}, {0, -20}, {20, -20}, {20, 0}};
   for (int i = 0; i < 8; i++) {
      fan[3 * i] = (struct vtx){C(32), C(32)};
      fan[3 * i + 1] = (struct vtx){C(32 + rim[i][0]), C(32 + rim[i][1])};
      fan[3 * i + 2] = (struct vtx){C(32 + rim[i + 1][0]), C(32 + rim[i + 1][1])};
   }
   run_case("tie case fan around a centre", fan, 8);
   /* Edges on pixel corners (no ties) and sub-pixel slivers. */
   const struct vtx corners[3] = {{P(2), P(3)}, {P(60), P(10)}, {P(30), P(61)}};
   run_case("corner-aligned triangle", corners, 1);
   const struct vtx sliver[3] = {{C(2) + 3, C(5)}, {C(60), C(5) + 1}, {C(2) + 5, C(5) + 2}};
   run_case("thin sliver", sliver, 1);
   const struct vtx degenerate[3] = {{C(10), C(10)}, {C(20), C(20)}, {C(30), C(30)}};
   run_case("degenerate (collinear) triangle", degenerate, 1);
}

/* ---- part 3: random triangles ---- */

static uint64_t rng_state = 0x2545F4914F6CDD1DULL;

static uint32_t rng(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return (uint32_t)(rng_state >> 32);
}

/* A coordinate in [0, SIZE] pixels on the 1/256 grid; half the time a pixel centre. */
static int32_t random_coord(void)
{
   if (rng() % 2)
      return C((int32_t)(rng() % SIZE));
   return (int32_t)(rng() % (SIZE * SUB + 1));
}

static void random_triangle(struct vtx t[3])
{
   for (int i = 0; i < 3; i++)
      t[i] = (struct vtx){random_coord(), random_coord()};
   switch (rng() % 4) {
   case 0: t[1].y = t[0].y; break; /* a horizontal edge */
   case 1: t[1].x = t[0].x; break; /* a vertical edge */
   default: break;
   }
}

static void test_random(void)
{
   static struct vtx tris[3 * BATCH_TRIANGLES];
   static int expected[SIZE * SIZE];
   int ids[BATCH_TRIANGLES];
   for (int b = 0; b < BATCHES; b++) {
      for (int i = 0; i < BATCH_TRIANGLES; i++) {
         random_triangle(&tris[3 * i]);
         ids[i] = i + 1;
      }
      glClear(GL_COLOR_BUFFER_BIT);
      draw_triangles(tris, BATCH_TRIANGLES, ids);
      expect_triangles(tris, BATCH_TRIANGLES, ids, expected);
      char name[64];
      snprintf(name, sizeof(name), "random batch %d (%d triangles)", b, BATCH_TRIANGLES);
      long bad = compare(expected, name);
      char msg[128];
      snprintf(msg, sizeof(msg), "%s: %ld mismatching pixels", name, bad);
      check(bad == 0, "%s", msg);
      check_gl(name);
   }
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, SIZE, SIZE, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }

   static const char *const attribs[] = {"a_position", NULL};
   GLuint prog = egl_fixture_program(vs_source, fs_source, attribs);
   check(prog != 0, "building the shader program");
   if (!prog)
      return check_report();
   glUseProgram(prog);
   u_color = glGetUniformLocation(prog, "u_color");
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
   glEnableVertexAttribArray(0);
   check_gl("program and vertex buffer setup");

   test_clear();
   test_ties();
   test_random();

   printf("coverage: %ld pixels compared, %ld mismatches (random seed 0x2545F4914F6CDD1D)\n",
          pixels_checked, pixel_mismatches);

   egl_fixture_fini(&fx);
   return check_report();
}
