/* Buffer mapping end to end (GL_OES_mapbuffer, GL_EXT_map_buffer_range; EGL pbuffer, GLES2,
 * driver, simulated GPU running behind the application), entry points from eglGetProcAddress:
 *  1. data written through glMapBufferOES is what the next draw reads; the queries follow the
 *     mapping (BUFFER_MAPPED_OES, BUFFER_ACCESS_OES, BUFFER_MAP_POINTER_OES);
 *  2. a draw recorded before a map reads the data it was given: mapping for writing (plain,
 *     INVALIDATE_RANGE of part of the buffer, INVALIDATE_BUFFER, whole-buffer INVALIDATE_RANGE)
 *     never lets the earlier draw see the new data; UNSYNCHRONIZED writes to a range no
 *     pending draw reads; FLUSH_EXPLICIT with glFlushMappedBufferRangeEXT;
 *  3. a READ map returns the buffer's contents;
 *  4. every error of both extensions (and draws / glBufferSubData while mapped), each leaving
 *     the mapping as it was.
 * Each draw case paints red from the buffer's old contents, rewrites the buffer to green's
 * corners through a mapping, and paints green: the image must hold both rectangles. */
#include <stdlib.h>

#include <EGL/egl.h>

#include "rect_scene.h"

static PFNGLMAPBUFFEROESPROC MapBuffer;
static PFNGLUNMAPBUFFEROESPROC UnmapBuffer;
static PFNGLGETBUFFERPOINTERVOESPROC GetBufferPointerv;
static PFNGLMAPBUFFERRANGEEXTPROC MapBufferRange;
static PFNGLFLUSHMAPPEDBUFFERRANGEEXTPROC FlushMappedBufferRange;

static const struct rs_rect red = { 4, 4, 20, 12, { 255, 0, 0, 255 } };
static const struct rs_rect green = { 12, 8, 28, 28, { 0, 255, 0, 255 } };

#define CORNER_BYTES (8 * sizeof(float))
#define BUF_SIZE (2 * CORNER_BYTES)   /* two slots of corners */

static GLint buffer_param(GLenum pname)
{
   GLint v = -1;
   glGetBufferParameteriv(GL_ARRAY_BUFFER, pname, &v);
   return v;
}

static void *map_pointer(void)
{
   void *p = (void *)1;
   GetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER_OES, &p);
   return p;
}

/* Draws the rectangle whose corners are at `slot` of the bound vertex buffer. */
static void draw_slot(unsigned slot, const struct rs_rect *color)
{
   glVertexAttribPointer(RS_POS, 2, GL_FLOAT, GL_FALSE, 0, (const void *)(slot * CORNER_BYTES));
   rs_color(color);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* Red's corners in both slots. */
static void reset(GLuint vbo)
{
   float v[2][8];
   rs_corners(&red, v[0]);
   rs_corners(&red, v[1]);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_DYNAMIC_DRAW);
}

static void map_oes(GLuint vbo)
{
   reset(vbo);
   glClear(GL_COLOR_BUFFER_BIT);
   draw_slot(0, &red);   /* recorded, not yet run */
   CHECK_EQ(buffer_param(GL_BUFFER_MAPPED_OES), GL_FALSE, "BUFFER_MAPPED_OES before the map");
   CHECK_EQ(buffer_param(GL_BUFFER_ACCESS_OES), GL_WRITE_ONLY_OES, "BUFFER_ACCESS_OES");
   CHECK(map_pointer() == NULL, "BUFFER_MAP_POINTER_OES of an unmapped buffer is NULL");
   float *p = MapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES);
   check_gl("glMapBufferOES");
   CHECK(p != NULL, "glMapBufferOES returns a pointer");
   if (!p)
      return;
   CHECK_EQ(buffer_param(GL_BUFFER_MAPPED_OES), GL_TRUE, "BUFFER_MAPPED_OES while mapped");
   CHECK(map_pointer() == p, "BUFFER_MAP_POINTER_OES is the mapping");

   /* errors while mapped: nothing changes */
   CHECK(MapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES) == NULL, "a second map returns NULL");
   rs_expect_error(GL_INVALID_OPERATION, "glMapBufferOES of a mapped buffer");
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   rs_expect_error(GL_INVALID_OPERATION, "glDrawArrays from a mapped buffer");
   glBufferSubData(GL_ARRAY_BUFFER, 0, 4, p);
   rs_expect_error(GL_INVALID_OPERATION, "glBufferSubData of a mapped buffer");
   CHECK(map_pointer() == p, "still mapped after the errors");

   rs_corners(&green, p);
   rs_corners(&green, p + 8);
   CHECK_EQ(UnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE, "glUnmapBufferOES");
   check_gl("glUnmapBufferOES");
   CHECK_EQ(buffer_param(GL_BUFFER_MAPPED_OES), GL_FALSE, "BUFFER_MAPPED_OES after the unmap");
   CHECK(map_pointer() == NULL, "BUFFER_MAP_POINTER_OES after the unmap");
   draw_slot(1, &green);
   check_gl("draws around glMapBufferOES");
   const struct rs_rect want[2] = { red, green };
   rs_expect(want, 2, "glMapBufferOES: the earlier draw reads red, the later green");
}

/* One glMapBufferRangeEXT case: write green's corners at `slot` through a mapping of
 * [offset, offset + length) with `access` (the corners lie in the range). */
static void map_range_case(GLuint vbo, GLintptr offset, GLsizeiptr length, GLbitfield access,
                           unsigned slot, const char *what)
{
   reset(vbo);
   glClear(GL_COLOR_BUFFER_BIT);
   draw_slot(0, &red);
   /* UNSYNCHRONIZED writes only where no pending draw reads: run the draw first */
   if (access & GL_MAP_UNSYNCHRONIZED_BIT_EXT)
      glFinish();
   uint8_t *p = MapBufferRange(GL_ARRAY_BUFFER, offset, length, access);
   check(p != NULL, "%s: glMapBufferRangeEXT returns a pointer", what);
   if (!p)
      return;
   CHECK(map_pointer() == p, "%s: BUFFER_MAP_POINTER_OES", what);
   float corners[8];
   rs_corners(&green, corners);
   memcpy(p + slot * CORNER_BYTES - offset, corners, sizeof(corners));
   if (access & GL_MAP_FLUSH_EXPLICIT_BIT_EXT)
      FlushMappedBufferRange(GL_ARRAY_BUFFER, slot * CORNER_BYTES - offset, CORNER_BYTES);
   UnmapBuffer(GL_ARRAY_BUFFER);
   draw_slot(slot, &green);
   check_gl(what);
   const struct rs_rect want[2] = { red, green };
   rs_expect(want, 2, what);
}

static void map_range(GLuint vbo)
{
   const GLbitfield W = GL_MAP_WRITE_BIT_EXT;
   map_range_case(vbo, 0, BUF_SIZE, W, 0, "WRITE of the whole buffer, same slot as the draw");
   map_range_case(vbo, CORNER_BYTES, CORNER_BYTES, W | GL_MAP_INVALIDATE_RANGE_BIT_EXT, 1,
                  "WRITE | INVALIDATE_RANGE of the second slot");
   map_range_case(vbo, 0, BUF_SIZE, W | GL_MAP_INVALIDATE_RANGE_BIT_EXT, 0,
                  "WRITE | INVALIDATE_RANGE of the whole buffer, same slot");
   map_range_case(vbo, 4, CORNER_BYTES, W | GL_MAP_INVALIDATE_BUFFER_BIT_EXT, 0,
                  "WRITE | INVALIDATE_BUFFER, same slot as the draw");
   map_range_case(vbo, CORNER_BYTES, CORNER_BYTES, W | GL_MAP_UNSYNCHRONIZED_BIT_EXT, 1,
                  "WRITE | UNSYNCHRONIZED of the slot no draw reads");
   map_range_case(vbo, 8, BUF_SIZE - 8, W | GL_MAP_FLUSH_EXPLICIT_BIT_EXT, 1,
                  "WRITE | FLUSH_EXPLICIT at offset 8");

   /* READ: the contents */
   reset(vbo);
   float corners[8];
   rs_corners(&red, corners);
   const uint8_t *p = MapBufferRange(GL_ARRAY_BUFFER, CORNER_BYTES + 4, 8, GL_MAP_READ_BIT_EXT);
   CHECK(p && !memcmp(p, (const uint8_t *)corners + 4, 8), "a READ mapping holds the contents");
   UnmapBuffer(GL_ARRAY_BUFFER);
   check_gl("READ mapping");
}

static void range_errors(GLuint vbo)
{
   const GLbitfield R = GL_MAP_READ_BIT_EXT, W = GL_MAP_WRITE_BIT_EXT;
   reset(vbo);
   static const struct {
      GLintptr offset;
      GLsizeiptr length;
      GLbitfield access;
      GLenum error;
      const char *what;
   } cases[] = {
      { -1, 4, W, GL_INVALID_VALUE, "offset -1" },
      { 0, -1, W, GL_INVALID_VALUE, "length -1" },
      { 0, 0, W, GL_INVALID_OPERATION, "length 0" },
      { 0, 4, W | 0x100, GL_INVALID_VALUE, "an undefined access bit" },
      { 0, 4, 0, GL_INVALID_OPERATION, "neither READ nor WRITE" },
      { 0, 4, GL_MAP_INVALIDATE_RANGE_BIT_EXT, GL_INVALID_OPERATION, "INVALIDATE_RANGE alone" },
      { 0, 4, R | GL_MAP_INVALIDATE_RANGE_BIT_EXT, GL_INVALID_OPERATION, "READ | INVALIDATE_RANGE" },
      { 0, 4, R | GL_MAP_INVALIDATE_BUFFER_BIT_EXT, GL_INVALID_OPERATION, "READ | INVALIDATE_BUFFER" },
      { 0, 4, R | GL_MAP_UNSYNCHRONIZED_BIT_EXT, GL_INVALID_OPERATION, "READ | UNSYNCHRONIZED" },
      { 0, 4, R | GL_MAP_FLUSH_EXPLICIT_BIT_EXT, GL_INVALID_OPERATION, "READ | FLUSH_EXPLICIT" },
      { 4, BUF_SIZE - 3, W, GL_INVALID_VALUE, "a range past the end" },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      void *p = MapBufferRange(GL_ARRAY_BUFFER, cases[i].offset, cases[i].length, cases[i].access);
      char what[96];
      snprintf(what, sizeof(what), "glMapBufferRangeEXT with %s", cases[i].what);
      check(p == NULL, "%s returns NULL", what);
      rs_expect_error(cases[i].error, what);
      check(buffer_param(GL_BUFFER_MAPPED_OES) == GL_FALSE, "%s leaves it unmapped", what);
   }
   MapBufferRange(GL_TEXTURE_2D, 0, 4, W);
   rs_expect_error(GL_INVALID_ENUM, "glMapBufferRangeEXT of a bad target");
   MapBuffer(GL_ARRAY_BUFFER, 0x88B8 /* READ_ONLY: not in ES */);
   rs_expect_error(GL_INVALID_ENUM, "glMapBufferOES with access READ_ONLY");
   FlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
   rs_expect_error(GL_INVALID_OPERATION, "flushing an unmapped buffer");
   UnmapBuffer(GL_ARRAY_BUFFER);
   rs_expect_error(GL_INVALID_OPERATION, "unmapping an unmapped buffer");
   GetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &(void *){ NULL });
   rs_expect_error(GL_INVALID_ENUM, "glGetBufferPointervOES of BUFFER_SIZE");

   /* mapped without FLUSH_EXPLICIT, then with it */
   MapBufferRange(GL_ARRAY_BUFFER, 0, 16, W);
   FlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
   rs_expect_error(GL_INVALID_OPERATION, "flushing a mapping without FLUSH_EXPLICIT");
   MapBufferRange(GL_ARRAY_BUFFER, 0, 16, W);
   rs_expect_error(GL_INVALID_OPERATION, "mapping a mapped buffer");
   UnmapBuffer(GL_ARRAY_BUFFER);
   MapBufferRange(GL_ARRAY_BUFFER, 8, 16, W | GL_MAP_FLUSH_EXPLICIT_BIT_EXT);
   FlushMappedBufferRange(GL_ARRAY_BUFFER, 8, 9);
   rs_expect_error(GL_INVALID_VALUE, "flushing past the end of the mapped range");
   FlushMappedBufferRange(GL_ARRAY_BUFFER, -1, 4);
   rs_expect_error(GL_INVALID_VALUE, "flushing at offset -1");
   FlushMappedBufferRange(GL_ARRAY_BUFFER, 8, 8);
   check_gl("flushing the end of the mapped range");

   /* element buffer mapped: glDrawElements fails; glBufferData ends the mapping */
   static const uint16_t quad[4] = { 0, 1, 2, 3 };
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, vbo);
   glDisableVertexAttribArray(RS_POS);   /* the array in the mapped buffer is not read */
   glDrawElements(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, quad);
   rs_expect_error(GL_INVALID_OPERATION, "glDrawElements with the element buffer mapped");
   glEnableVertexAttribArray(RS_POS);
   glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   CHECK_EQ(buffer_param(GL_BUFFER_MAPPED_OES), GL_FALSE, "glBufferData ends the mapping");
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);

   /* no buffer bound */
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   MapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES);
   rs_expect_error(GL_INVALID_OPERATION, "glMapBufferOES with no buffer bound");
   MapBufferRange(GL_ARRAY_BUFFER, 0, 4, W);
   rs_expect_error(GL_INVALID_OPERATION, "glMapBufferRangeEXT with no buffer bound");
   UnmapBuffer(GL_ARRAY_BUFFER);
   rs_expect_error(GL_INVALID_OPERATION, "glUnmapBufferOES with no buffer bound");

   /* deleting a mapped buffer unmaps it */
   GLuint extra;
   glGenBuffers(1, &extra);
   glBindBuffer(GL_ARRAY_BUFFER, extra);
   glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   MapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY_OES);
   glDeleteBuffers(1, &extra);
   check_gl("deleting a mapped buffer");
}

#define PROC(var, name) ((var) = (__typeof__(var))eglGetProcAddress(name), \
                         check((var) != NULL, "eglGetProcAddress(%s)", name))

int main(void)
{
   unsetenv("R600SIM_SYNC");   /* the GPU runs behind the application */
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, RS_W, RS_H, 0, 0);
   check(err == NULL, "%s", err ? err : "setup");
   if (err)
      return check_report();
   const char *exts = (const char *)glGetString(GL_EXTENSIONS);
   CHECK(exts && strstr(exts, "GL_OES_mapbuffer ") && strstr(exts, "GL_EXT_map_buffer_range "),
         "GL_EXTENSIONS has GL_OES_mapbuffer and GL_EXT_map_buffer_range");
   bool ok = PROC(MapBuffer, "glMapBufferOES") & PROC(UnmapBuffer, "glUnmapBufferOES") &
             PROC(GetBufferPointerv, "glGetBufferPointervOES") &
             PROC(MapBufferRange, "glMapBufferRangeEXT") &
             PROC(FlushMappedBufferRange, "glFlushMappedBufferRangeEXT");
   GLuint prog = rs_program();
   check(prog != 0, "program");
   if (!ok || !prog)
      return check_report();
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glEnableVertexAttribArray(RS_POS);

   map_oes(vbo);
   map_range(vbo);
   range_errors(vbo);

   glDeleteBuffers(1, &vbo);
   glDeleteProgram(prog);
   egl_fixture_fini(&f);
   return check_report();
}
