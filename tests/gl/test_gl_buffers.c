/* Buffer objects end to end (EGL pbuffer, GLES2, driver, simulated GPU running behind the
 * application: R600SIM_SYNC is unset): a buffer's only storage is the driver's resource, so
 * every draw below reads what glBufferData / glBufferSubData wrote through the driver.
 *  1. data written with glBufferSubData over older contents is what the next draw uses;
 *  2. indices of every type at aligned and unaligned offsets, in buffers and client memory
 *     (the driver copies or widens what the VGT cannot fetch), draw the rectangles they name;
 *  3. a vertex or index buffer rewritten (glBufferSubData, glBufferData) between two draws
 *     gives each draw its own data, and rewriting after the last draw changes nothing;
 *  4. GL_FIXED attributes from a buffer (converted from a driver mapping);
 *  5. offsets near the end of the address space (offset + size wraps around) and past the
 *     end of the buffer draw nothing and raise no error.
 * Every rectangle has its edges on pixel boundaries: it covers exactly the pixels x0 <= x < x1,
 * y0 <= y < y1 (GL window coordinates), in the flat colour of its draw. The expected image
 * paints the rectangles named by each case in draw order over the clear colour. */
#include <stdlib.h>

#include "egl_fixture.h"

#define W 64
#define H 64
#define NUM_RECTS 8
#define FULL NUM_RECTS      /* vertex slot of a full-screen rectangle: what stale data draws */

static const char vs_src[] =
   "attribute vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_src[] =
   "precision mediump float;\n"
   "uniform vec4 color;\n"
   "void main() { gl_FragColor = color; }\n";

struct rect {
   int x0, y0, x1, y1;
   uint8_t rgba[4];
};

static const struct rect rects[NUM_RECTS + 1] = {
   { 4, 4, 28, 20, { 255, 0, 0, 255 } },
   { 20, 10, 50, 30, { 0, 255, 0, 255 } },
   { 36, 2, 62, 18, { 0, 0, 255, 255 } },
   { 2, 30, 26, 60, { 255, 255, 0, 255 } },
   { 16, 40, 44, 62, { 0, 255, 255, 255 } },
   { 40, 28, 60, 56, { 255, 0, 255, 255 } },
   { 10, 22, 34, 46, { 128, 64, 32, 255 } },
   { 48, 44, 64, 64, { 32, 160, 224, 255 } },
   { 0, 0, W, H, { 255, 255, 255, 255 } },
};

/* Two triangles over a rectangle's four corners 0 (x0,y0), 1 (x1,y0), 2 (x0,y1), 3 (x1,y1). */
static const unsigned quad[6] = { 0, 1, 2, 2, 1, 3 };

static GLint color_loc;

static void corners(const struct rect *r, float out[4][2])
{
   const int xy[4][2] = { { r->x0, r->y0 }, { r->x1, r->y0 }, { r->x0, r->y1 }, { r->x1, r->y1 } };
   for (int c = 0; c < 4; c++) {
      out[c][0] = 2.0f * (float)xy[c][0] / W - 1.0f;   /* exact: W and H are powers of two */
      out[c][1] = 2.0f * (float)xy[c][1] / H - 1.0f;
   }
}

/* The same corners in 16.16 fixed point. */
static void fixed_corners(const struct rect *r, GLfixed out[4][2])
{
   float f[4][2];
   corners(r, f);
   for (int c = 0; c < 4; c++)
      for (int k = 0; k < 2; k++)
         out[c][k] = (GLfixed)(f[c][k] * 65536.0f);
}

/* Six indices of `size` bytes each naming rectangle `slot` (vertices 4 * slot ..), at dst. */
static void put_indices(uint8_t *dst, unsigned size, unsigned slot)
{
   for (int i = 0; i < 6; i++) {
      uint32_t v = 4 * slot + quad[i];
      uint8_t v8 = (uint8_t)v;
      uint16_t v16 = (uint16_t)v;
      memcpy(dst + i * size, size == 1 ? (const void *)&v8 : size == 2 ? (const void *)&v16
                                                                        : (const void *)&v,
             size);
   }
}

static void set_color(unsigned r)
{
   const uint8_t *c = rects[r].rgba;
   glUniform4f(color_loc, c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
}

static void clear(void)
{
   glClear(GL_COLOR_BUFFER_BIT);
}

/* Reads back and compares with rectangles order[0..n) painted in that order over black. */
static void expect_rects(const unsigned *order, unsigned n, const char *what)
{
   static uint8_t image[W * H * 4];
   egl_fixture_read(W, H, image, false);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         uint8_t want[4] = { 0, 0, 0, 255 };
         for (unsigned i = 0; i < n; i++) {
            const struct rect *r = &rects[order[i]];
            if (x >= r->x0 && x < r->x1 && y >= r->y0 && y < r->y1)
               memcpy(want, r->rgba, 4);
         }
         expect_rgba(image, W, x, y, want, what, &mismatches);
      }
   }
   check_mismatches(&mismatches, what);
}

/* Vertex buffer of every rectangle's corners (slot r at vertices 4r..4r+3), float. */
static void all_corners(float v[NUM_RECTS + 1][4][2])
{
   for (unsigned r = 0; r <= NUM_RECTS; r++)
      corners(&rects[r], v[r]);
}

/* 1 + 2: vbo gets stale full-screen corners from glBufferData, then the real ones from two
 * glBufferSubData calls split at an odd byte; the draws use indices of every kind. */
static void index_kinds(GLuint vbo, GLuint ibo)
{
   static float v[NUM_RECTS + 1][4][2], stale[NUM_RECTS + 1][4][2];
   all_corners(v);
   for (unsigned r = 0; r <= NUM_RECTS; r++)
      corners(&rects[FULL], stale[r]);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), stale, GL_STATIC_DRAW);
   glBufferSubData(GL_ARRAY_BUFFER, 0, 101, v);
   glBufferSubData(GL_ARRAY_BUFFER, 101, sizeof(v) - 101, (const uint8_t *)v + 101);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);

   /* Byte offset, index size and rectangle of each draw from the index buffer. */
   static const struct { unsigned offset, size, rect; } draws[] = {
      { 0, 2, 0 },     /* aligned: the VGT reads the buffer */
      { 13, 2, 1 },    /* odd offset */
      { 25, 1, 2 },    /* 8-bit: the VGT has no 8-bit index type */
      { 34, 4, 3 },    /* 32-bit at 2 mod 4 */
      { 60, 4, 4 },    /* 32-bit aligned */
   };
   uint8_t ib[84];
   memset(ib, 0xEE, sizeof(ib));
   for (unsigned i = 0; i < 5; i++)
      put_indices(ib + draws[i].offset, draws[i].size, draws[i].rect);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(ib), ib, GL_STATIC_DRAW);
   clear();
   static const GLenum types[5] = { 0, GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, 0, GL_UNSIGNED_INT };
   for (unsigned i = 0; i < 5; i++) {
      set_color(draws[i].rect);
      glDrawElements(GL_TRIANGLES, 6, types[draws[i].size],
                     (const void *)(uintptr_t)draws[i].offset);
   }
   /* Client indices: 16-bit at an odd address, 8-bit. */
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   uint8_t client[1 + 12 + 6];
   put_indices(client + 1, 2, 5);
   put_indices(client + 13, 1, 6);
   set_color(5);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, client + 1);
   set_color(6);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, client + 13);
   memset(client, 0, sizeof(client));     /* the draws above must not see this */
   check_gl("index kinds");
   static const unsigned order[] = { 0, 1, 2, 3, 4, 5, 6 };
   expect_rects(order, 7, "subdata + every index type and offset");
}

/* Draws rectangle `color_rect`'s colour with 6 indices of `type` at offset. */
static void draw_indexed(unsigned color_rect, GLenum type, uintptr_t offset)
{
   set_color(color_rect);
   glDrawElements(GL_TRIANGLES, 6, type, (const void *)offset);
}

/* 3: buffers rewritten between draws and after the last one, the GPU still behind. */
static void updates_between_draws(GLuint vbo, GLuint ibo)
{
   static float v[NUM_RECTS + 1][4][2];
   all_corners(v);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   /* Queue work so that the GPU is busy when the buffers are rewritten. */
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   uint8_t full[6];
   put_indices(full, 1, FULL);
   set_color(FULL);
   for (int i = 0; i < 20; i++)
      glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, full);
   clear();

   /* The vertex buffer: slot 0 holds rectangle 0, then rectangle 1. */
   uint8_t idx[4 + 12];
   put_indices(idx, 1, 0);
   glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(v[0]), v[0]);
   set_color(0);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx);
   glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(v[1]), v[1]);
   set_color(1);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx);

   /* The index buffer, aligned 16-bit, odd-offset 16-bit, 8-bit; glBufferSubData and
    * glBufferData (a new store) in turn. */
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   static const struct { GLenum type; unsigned size, offset, first, second; bool respecify; } cases[] = {
      { GL_UNSIGNED_SHORT, 2, 0, 2, 3, false },
      { GL_UNSIGNED_SHORT, 2, 3, 4, 5, false },
      { GL_UNSIGNED_BYTE, 1, 1, 6, 7, true },
   };
   for (unsigned i = 0; i < 3; i++) {
      memset(idx, 0, sizeof(idx));
      put_indices(idx + cases[i].offset, cases[i].size, cases[i].first);
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_DYNAMIC_DRAW);
      draw_indexed(cases[i].first, cases[i].type, cases[i].offset);
      put_indices(idx + cases[i].offset, cases[i].size, cases[i].second);
      if (cases[i].respecify)
         glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_DYNAMIC_DRAW);
      else
         glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof(idx), idx);
      draw_indexed(cases[i].second, cases[i].type, cases[i].offset);
   }
   /* After the last draw: full-screen corners in every vertex slot, the last draw's
    * indices name the full-screen rectangle. Nothing drawn above may change. */
   static float stale[NUM_RECTS + 1][4][2];
   for (unsigned r = 0; r <= NUM_RECTS; r++)
      corners(&rects[FULL], stale[r]);
   glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(stale), stale);
   put_indices(idx + cases[2].offset, cases[2].size, FULL);
   glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, sizeof(idx), idx);
   check_gl("updates between draws");
   static const unsigned order[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
   expect_rects(order, 8, "buffers rewritten between draws");
}

/* 4: GL_FIXED positions from a buffer at a non-zero offset. */
static void fixed_attribs(GLuint vbo, GLuint ibo)
{
   GLfixed v[2 + 8 * 2];                  /* 8 bytes of padding, then 8 vertices */
   memset(v, 0, sizeof(v));
   fixed_corners(&rects[0], (GLfixed (*)[2])&v[2]);
   fixed_corners(&rects[1], (GLfixed (*)[2])&v[2 + 8]);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 8, (const void *)(uintptr_t)8);
   clear();
   uint16_t idx[12];
   put_indices((uint8_t *)idx, 2, 0);
   put_indices((uint8_t *)&idx[6], 2, 1);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   set_color(0);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
   set_color(1);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (const void *)12);   /* vertices 4..7 */
   /* Rectangle 2 replaces rectangle 0's corners after its draw. */
   fixed_corners(&rects[2], (GLfixed (*)[2])&v[2]);
   glBufferSubData(GL_ARRAY_BUFFER, 8, 32, &v[2]);
   set_color(2);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl("GL_FIXED draws");
   static const unsigned order[] = { 0, 1, 2 };
   expect_rects(order, 3, "GL_FIXED attributes from a buffer");
}

/* 5: ranges that wrap around or end past the buffer: dropped without an error. */
static void wrapping_offsets(GLuint vbo, GLuint ibo)
{
   static float v[NUM_RECTS + 1][4][2];
   all_corners(v);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   uint16_t idx[6];
   put_indices((uint8_t *)idx, 2, FULL);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   clear();
   set_color(FULL);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (const void *)(UINTPTR_MAX - 1));
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (const void *)sizeof(idx));
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (const void *)2);
   for (int fixed = 0; fixed < 2; fixed++) {
      glVertexAttribPointer(0, 2, fixed ? GL_FIXED : GL_FLOAT, GL_FALSE, 0,
                            (const void *)(UINTPTR_MAX - 7));
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
      glVertexAttribPointer(0, 2, fixed ? GL_FIXED : GL_FLOAT, GL_FALSE, 0,
                            (const void *)(sizeof(v) - 8));
      glDrawArrays(GL_TRIANGLES, 0, 3);
   }
   check_gl("wrapping offsets");
   expect_rects(NULL, 0, "wrapping and out-of-range offsets draw nothing");
}

int main(void)
{
   unsetenv("R600SIM_SYNC");              /* read when the GPU is created: run it behind */
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs_src, attribs);
   check(prog != 0, "program");
   if (!prog)
      return check_report();
   glUseProgram(prog);
   color_loc = glGetUniformLocation(prog, "color");
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   GLuint bufs[2];
   glGenBuffers(2, bufs);

   index_kinds(bufs[0], bufs[1]);
   updates_between_draws(bufs[0], bufs[1]);
   fixed_attribs(bufs[0], bufs[1]);
   wrapping_offsets(bufs[0], bufs[1]);

   glDeleteBuffers(2, bufs);
   glDeleteProgram(prog);
   egl_fixture_fini(&f);
   return check_report();
}
