/* Hostile (offset, count, size, stride) values through the public GLES 2.0 API, against the
 * ranges they name (state_tracker/gles/gl_range.h gives the policy): every call gets the
 * ES 2.0 error or, for draws reading past their buffers, is dropped without one; nothing
 * changes that the call must not change (buffer contents, the colour buffer, uniforms) and
 * the process survives (the test also runs under ASan: build-asan).
 *  1. glBufferSubData / glBufferData: negative sizes and offsets, ranges that wrap around 2^63
 *     and 2^64 or end one byte past the buffer: GL_INVALID_VALUE (or OUT_OF_MEMORY), the
 *     contents unchanged (drawn from afterwards);
 *  2. glDrawElements with index-buffer offsets near 2^64 and 2^32 and count * size past 2^32
 *     (or wrapping 64 bits with the offset): dropped, nothing drawn, no error; negative
 *     counts GL_INVALID_VALUE;
 *  3. glDrawArrays / glDrawElements whose largest index fetches past a vertex buffer
 *     (first + count near 2^31, strides making index * stride pass 2^32, GL_FIXED and float
 *     arrays at offsets near 2^64): dropped; a buffer that holds exactly the last vertex
 *     draws, one byte less draws nothing;
 *  4. glReadPixels: negative sizes GL_INVALID_VALUE with the memory untouched; an image whose
 *     rows are over 2^31 bytes long, read into a sparse mapping: the one visible pixel lands
 *     at byte 2^32 + 4 exactly;
 *  5. glUniform4fv with counts up to INT_MAX from an array element: only the elements up to
 *     the array's end are read (the values array is exactly that long: ASan) and written.
 * Each image compared is read back whole; expectations are computed here from the geometry. */
#include <limits.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "egl_fixture.h"

#define W 32
#define H 32

static const char vs_src[] =
   "attribute vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_src[] =
   "precision mediump float;\n"
   "uniform vec4 color;\n"
   "uniform vec4 arr[3];\n"
   "void main() { gl_FragColor = color + arr[0] + arr[1] + arr[2]; }\n";   /* arr: 0 */

static const uint8_t black[4] = { 0, 0, 0, 255 };
static const uint8_t red[4] = { 255, 0, 0, 255 };

/* Two triangles over pixels 8 <= x < 24, 8 <= y < 24 (edges on pixel boundaries). */
static const float quad[6][2] = {
   { -0.5f, -0.5f }, { 0.5f, -0.5f }, { -0.5f, 0.5f },
   { -0.5f, 0.5f }, { 0.5f, -0.5f }, { 0.5f, 0.5f },
};
/* A full-screen pair: what a write that should have been refused would put in the buffer. */
static const float full[6][2] = {
   { -1, -1 }, { 1, -1 }, { -1, 1 }, { -1, 1 }, { 1, -1 }, { 1, 1 },
};

/* Reads back and compares with the clear colour, and `rgba` over the quad when quad_drawn. */
static void expect_image(bool quad_drawn, const uint8_t rgba[4], const char *what)
{
   static uint8_t image[W * H * 4];
   egl_fixture_read(W, H, image, false);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = quad_drawn && x >= 8 && x < 24 && y >= 8 && y < 24;
         expect_rgba(image, W, x, y, in ? rgba : black, what, &mismatches);
      }
   check_mismatches(&mismatches, what);
}

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

static const void *offset_ptr(uint64_t offset)
{
   return (const void *)(uintptr_t)offset;
}

/* 1 */
static void buffer_data_ranges(GLuint vbo)
{
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   const GLsizeiptr n = sizeof(quad);   /* 48 */
   static const struct { GLintptr offset; GLsizeiptr size; const char *what; } bad[] = {
      { -1, 4, "negative offset" },
      { 0, -1, "negative size" },
      { INTPTR_MIN, 4, "offset -2^63" },
      { 0, INTPTR_MIN, "size -2^63" },
      { 8, INTPTR_MAX, "offset + size wraps past 2^63" },
      { INTPTR_MAX, 8, "offset 2^63 - 1" },
      { (GLintptr)1 << 32, 4, "offset 2^32 (4 mod 2^32 fits)" },
      { 0, ((GLsizeiptr)1 << 32) + 4, "size 2^32 + 4 (4 mod 2^32 fits)" },
      { 44, 5, "one byte past the end" },
      { 49, 0, "empty range past the end" },
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      glBufferSubData(GL_ARRAY_BUFFER, bad[i].offset, bad[i].size, full);
      expect_error(GL_INVALID_VALUE, bad[i].what);
   }
   glBufferSubData(GL_ARRAY_BUFFER, n, 0, full);        /* empty at the end: valid */
   expect_error(GL_NO_ERROR, "empty range at the end");
   glBufferSubData(GL_ARRAY_BUFFER, n - 8, 8, &quad[5]); /* the last vertex, same data */
   expect_error(GL_NO_ERROR, "last 8 bytes");
   glBufferData(GL_ARRAY_BUFFER, -1, full, GL_STATIC_DRAW);
   expect_error(GL_INVALID_VALUE, "glBufferData negative size");
   glBufferData(GL_ARRAY_BUFFER, INTPTR_MAX, full, GL_STATIC_DRAW);
   expect_error(GL_OUT_OF_MEMORY, "glBufferData 2^63 - 1 bytes");
   GLint size = 0;
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   CHECK_EQ(size, n, "buffer size after refused glBufferData");

   glClear(GL_COLOR_BUFFER_BIT);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl("draw after refused writes");
   expect_image(true, red, "buffer contents after refused glBufferSubData / glBufferData");
}

/* 2 */
static void index_ranges(GLuint vbo, GLuint ibo)
{
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(full), full, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   static const GLuint idx[6] = { 0, 1, 2, 3, 4, 5 };
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   glClear(GL_COLOR_BUFFER_BIT);
   static const struct { uint64_t offset; GLsizei count; GLenum type; const char *what; } drop[] = {
      { UINT64_MAX - 1, 6, GL_UNSIGNED_SHORT, "offset -2" },
      { UINT64_MAX - 7, 3, GL_UNSIGNED_INT, "offset -8, 12 bytes: wraps to 4" },
      { (uint64_t)0 - ((uint64_t)1 << 32), 1 << 30, GL_UNSIGNED_INT, "offset -2^32, 2^32 bytes" },
      { (uint64_t)1 << 32, 3, GL_UNSIGNED_SHORT, "offset 2^32" },
      { 0, (1 << 30) + 2, GL_UNSIGNED_INT, "count * 4 = 2^32 + 8 (8 mod 2^32 fits)" },
      { 0, INT_MAX - 1, GL_UNSIGNED_INT, "count * 4 near 2^33" },
      { 4, 6, GL_UNSIGNED_INT, "4 bytes past the end" },
   };
   for (unsigned i = 0; i < sizeof(drop) / sizeof(drop[0]); i++) {
      glDrawElements(GL_TRIANGLES, drop[i].count, drop[i].type, offset_ptr(drop[i].offset));
      expect_error(GL_NO_ERROR, drop[i].what);
   }
   glDrawElements(GL_TRIANGLES, -1, GL_UNSIGNED_INT, NULL);
   expect_error(GL_INVALID_VALUE, "glDrawElements count -1");
   glDrawElements(GL_TRIANGLES, INT_MIN, GL_UNSIGNED_INT, NULL);
   expect_error(GL_INVALID_VALUE, "glDrawElements count -2^31");
   expect_image(false, red, "index ranges outside the buffer draw nothing");
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
}

/* 3: vertex fetch ranges. The vertex buffer holds `quad` at the given stride. */
static void vertex_ranges(GLuint vbo)
{
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glClear(GL_COLOR_BUFFER_BIT);
   static const struct { GLenum type; GLsizei stride; uint64_t offset; GLint first;
                         GLsizei count; const char *what; } drop[] = {
      { GL_FLOAT, 0, UINT64_MAX - 15, 0, 3, "float at offset -16" },
      { GL_FIXED, 0, UINT64_MAX - 15, 0, 3, "fixed at offset -16" },
      { GL_FIXED, 0, (uint64_t)0 - ((uint64_t)1 << 33), 0, 3, "fixed at offset -2^33" },
      { GL_FLOAT, 8, (uint64_t)1 << 32, 0, 3, "offset 2^32" },
      { GL_FLOAT, 0, 0, INT_MAX - 2, 3, "first 2^31 - 3" },
      { GL_FIXED, 0, 0, INT_MAX - 2, 3, "fixed, first 2^31 - 3" },
      { GL_FLOAT, 0, 0, 0, INT_MAX, "count 2^31 - 1" },
      /* 2 * stride + 8 = 2^32 + 6, and 4 * 2^30 + 8 = 2^32 + 8: fit modulo 2^32 */
      { GL_FLOAT, INT_MAX, 0, 0, 3, "stride 2^31 - 1" },
      { GL_FIXED, INT_MAX, 0, 0, 3, "fixed, stride 2^31 - 1" },
      { GL_FLOAT, 1 << 30, 0, 2, 3, "index 4, stride 2^30" },
   };
   for (unsigned i = 0; i < sizeof(drop) / sizeof(drop[0]); i++) {
      glVertexAttribPointer(0, 2, drop[i].type, GL_FALSE, drop[i].stride, offset_ptr(drop[i].offset));
      glDrawArrays(GL_TRIANGLES, drop[i].first, drop[i].count);
      expect_error(GL_NO_ERROR, drop[i].what);
   }
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, -1, NULL);
   expect_error(GL_INVALID_VALUE, "stride -1");
   glDrawArrays(GL_TRIANGLES, -1, 3);
   expect_error(GL_INVALID_VALUE, "first -1");
   glDrawArrays(GL_TRIANGLES, 0, -3);
   expect_error(GL_INVALID_VALUE, "count -3");
   expect_image(false, red, "vertex ranges outside the buffer draw nothing");

   /* The last vertex ends exactly at the end of the buffer: drawn; one byte less: not. */
   const GLsizei stride = 4096;
   static uint8_t spaced[5 * 4096 + 8];
   for (int v = 0; v < 6; v++)
      memcpy(spaced + v * stride, quad[v], 8);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, NULL);
   glBufferData(GL_ARRAY_BUFFER, sizeof(spaced) - 1, spaced, GL_STATIC_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl("one byte short");
   expect_image(false, red, "last vertex one byte past the buffer: nothing drawn");
   glBufferData(GL_ARRAY_BUFFER, sizeof(spaced), spaced, GL_STATIC_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl("exact fit");
   expect_image(true, red, "last vertex ending at the buffer's end: drawn");
}

/* 4 */
static void read_pixels_ranges(void)
{
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
   uint8_t px[16];
   memset(px, 0xAB, sizeof(px));
   glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   expect_error(GL_INVALID_VALUE, "glReadPixels width -1");
   glReadPixels(0, 0, 1, INT_MIN, GL_RGBA, GL_UNSIGNED_BYTE, px);
   expect_error(GL_INVALID_VALUE, "glReadPixels height -2^31");
   bool untouched = true;
   for (unsigned i = 0; i < sizeof(px); i++)
      untouched &= px[i] == 0xAB;
   check(untouched, "glReadPixels with negative sizes leaves the memory alone");

   /* x = -2^29, width 2^29 + 1: rows of 2^31 + 4 bytes. y = -1, height 2: pixel (0, 0) is
    * at row 1, column 2^29: byte (2^31 + 4) + 2^31 * 1 = 2^32 + 4 of a 2^32 + 8 + 2^31 + 4
    * byte image. Only the touched pages of the mapping are ever backed. */
   const uint64_t row = ((uint64_t)1 << 31) + 4, at = ((uint64_t)1 << 32) + 4;
   size_t len = (size_t)(2 * row);
   uint8_t *image = mmap(NULL, len, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
   check(image != MAP_FAILED, "a sparse 8 GiB mapping");
   if (image == MAP_FAILED)
      return;
   memset(image + at - 8, 0xAB, 24);
   memset(image, 0xAB, 16);
   glReadPixels(-(1 << 29), -1, (1 << 29) + 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, image);
   check_gl("glReadPixels with 2^31-byte rows");
   static const uint8_t green[4] = { 0, 255, 0, 255 };
   unsigned mismatches = 0;
   expect_rgba(image + at, 1, 0, 0, green, "pixel (0, 0) at byte 2^32 + 4", &mismatches);
   check_mismatches(&mismatches, "the visible pixel at byte 2^32 + 4");
   bool others = true;
   for (unsigned i = 0; i < 24; i++)
      if (i < 8 || i >= 12)
         others &= image[at - 8 + i] == 0xAB;
   for (unsigned i = 0; i < 16; i++)
      others &= image[i] == 0xAB;   /* where a 32-bit offset (4) would have written */
   check(others, "glReadPixels writes nothing but the visible pixel");
   munmap(image, len);
}

/* 5 */
static void uniform_counts(GLuint prog)
{
   GLint arr1 = glGetUniformLocation(prog, "arr[1]");
   check(arr1 >= 0, "location of arr[1]");
   float *values = malloc(8 * sizeof(float));   /* two vec4: exactly what arr[1..2] takes */
   for (int i = 0; i < 8; i++)
      values[i] = (float)(i + 1);
   glUniform4fv(arr1, -1, values);
   expect_error(GL_INVALID_VALUE, "glUniform4fv count -1");
   glUniform4fv(arr1, INT_MAX, values);
   expect_error(GL_NO_ERROR, "glUniform4fv count 2^31 - 1 from arr[1]");
   GLint arr2 = glGetUniformLocation(prog, "arr[2]");
   GLint arr0 = glGetUniformLocation(prog, "arr[0]");
   float got[3][4];
   memset(got, 0xFF, sizeof(got));
   glGetUniformfv(prog, arr0, got[0]);
   glGetUniformfv(prog, arr1, got[1]);
   glGetUniformfv(prog, arr2, got[2]);
   static const float want[3][4] = { { 0, 0, 0, 0 }, { 1, 2, 3, 4 }, { 5, 6, 7, 8 } };
   check(!memcmp(got, want, sizeof(want)), "arr after glUniform4fv(arr[1], 2^31 - 1): "
         "(%g %g %g %g) (%g %g %g %g) (%g %g %g %g)", got[0][0], got[0][1], got[0][2], got[0][3],
         got[1][0], got[1][1], got[1][2], got[1][3], got[2][0], got[2][1], got[2][2], got[2][3]);
   glUniform4fv(arr2, INT_MAX, values);
   glGetUniformfv(prog, arr2, got[2]);
   check(!memcmp(got[2], want[1], sizeof(want[1])), "arr[2] from glUniform4fv(arr[2], 2^31 - 1)");
   free(values);
}

int main(void)
{
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
   glUniform4f(glGetUniformLocation(prog, "color"), 1.0f, 0.0f, 0.0f, 1.0f);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   GLuint bufs[2];
   glGenBuffers(2, bufs);

   buffer_data_ranges(bufs[0]);
   index_ranges(bufs[0], bufs[1]);
   vertex_ranges(bufs[0]);
   read_pixels_ranges();
   uniform_counts(prog);

   glDeleteBuffers(2, bufs);
   glDeleteProgram(prog);
   egl_fixture_fini(&f);
   return check_report();
}
