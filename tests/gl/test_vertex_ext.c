/* GLES 2.0 vertex and draw extensions end to end (EGL pbuffer, GLES2, driver, simulated VGT and
 * fetch unit), entry points found with eglGetProcAddress as applications do:
 *  1. GL_OES_vertex_half_float: positions and colours as HALF_FLOAT_OES (from a buffer and
 *     from client memory) draw the rectangle their float values name;
 *  2. GL_OES_draw_elements_base_vertex: indices 0..3 with a base vertex draw the rectangle
 *     stored at that vertex (index types 8/16/32 bits, buffer and client indices), and a
 *     stale full-screen rectangle at vertex 0 never shows; GL_EXT_multi_draw_arrays with and
 *     without base vertices;
 *  3. GL_EXT_instanced_arrays: instances placed by a per-instance offset (divisor 1) and
 *     coloured by divisors 2 and 3 (the fetch shader divides), with glDrawArraysInstancedEXT
 *     and glDrawElementsInstancedEXT, and the divisor query and errors; the instance index in
 *     shaders (GL_EXT_draw_instanced's gl_InstanceIDEXT, GLSL ES 3.00's gl_InstanceID);
 *  4. GL_OES_vertex_array_object: two objects keep their own arrays and element buffers,
 *     object 0 keeps its own; names (per context), queries and errors;
 *  5. GL_EXT_polygon_offset_clamp: a rectangle behind another wins the depth test with a
 *     large negative offset and loses it when the offset is clamped.
 * Expected images are rectangles on pixel boundaries painted in draw order (rect_scene.h). */
#include <stdlib.h>

#include <EGL/egl.h>

#include "rect_scene.h"

static PFNGLDRAWELEMENTSBASEVERTEXOESPROC DrawElementsBaseVertex;
static PFNGLDRAWARRAYSINSTANCEDEXTPROC DrawArraysInstanced;
static PFNGLDRAWELEMENTSINSTANCEDEXTPROC DrawElementsInstanced;
static PFNGLVERTEXATTRIBDIVISOREXTPROC VertexAttribDivisor;
static PFNGLGENVERTEXARRAYSOESPROC GenVertexArrays;
static PFNGLBINDVERTEXARRAYOESPROC BindVertexArray;
static PFNGLDELETEVERTEXARRAYSOESPROC DeleteVertexArrays;
static PFNGLISVERTEXARRAYOESPROC IsVertexArray;
static PFNGLPOLYGONOFFSETCLAMPEXTPROC PolygonOffsetClamp;
static PFNGLMULTIDRAWARRAYSEXTPROC MultiDrawArrays;
static PFNGLMULTIDRAWELEMENTSBASEVERTEXEXTPROC MultiDrawElementsBaseVertex;

static const struct rs_rect red = { 4, 4, 20, 12, { 255, 0, 0, 255 } };
static const struct rs_rect green = { 12, 8, 28, 28, { 0, 255, 0, 255 } };
static const struct rs_rect full = { 0, 0, RS_W, RS_H, { 255, 255, 255, 255 } };

static bool has_extension(const char *name)
{
   const char *all = (const char *)glGetString(GL_EXTENSIONS);
   size_t n = strlen(name);
   for (const char *p = all; p && (p = strstr(p, name)); p += n)
      if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

/* IEEE half of a float that is exactly representable as a normal half (or zero). */
static uint16_t to_half(float f)
{
   uint32_t b;
   memcpy(&b, &f, 4);
   uint16_t sign = (uint16_t)(b >> 16 & 0x8000);
   if (!(b & 0x7FFFFFFF))
      return sign;
   int exp = (int)(b >> 23 & 0xFF) - 127 + 15;
   return (uint16_t)(sign | exp << 10 | (b >> 13 & 0x3FF));
}

static void half_float(GLuint vbo)
{
   float corners[8];
   rs_corners(&red, corners);
   uint16_t pos[8], col[4 * 4];
   for (int i = 0; i < 8; i++)
      pos[i] = to_half(corners[i]);
   for (int v = 0; v < 4; v++)
      for (int c = 0; c < 4; c++)
         col[4 * v + c] = to_half(red.rgba[c] / 255.0f);   /* 0 or 1: exact */
   CHECK(to_half(-0.75f) == 0xBA00 && to_half(1.0f) == 0x3C00, "half encoding reference");

   /* positions from a buffer, colours from client memory */
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STATIC_DRAW);
   glVertexAttribPointer(RS_POS, 2, GL_HALF_FLOAT_OES, GL_FALSE, 0, NULL);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexAttribPointer(RS_COLOR, 4, GL_HALF_FLOAT_OES, GL_TRUE, 0, col);
   glEnableVertexAttribArray(RS_POS);
   glEnableVertexAttribArray(RS_COLOR);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl("half-float draw");
   rs_expect(&red, 1, "half-float positions (buffer) and colours (client memory)");
   GLint type = 0;
   glGetVertexAttribiv(RS_POS, GL_VERTEX_ATTRIB_ARRAY_TYPE, &type);
   CHECK_EQ(type, GL_HALF_FLOAT_OES, "VERTEX_ATTRIB_ARRAY_TYPE");
   glDisableVertexAttribArray(RS_COLOR);
   glDisableVertexAttribArray(RS_POS);
}

/* Vertex buffer: full-screen corners at vertices 0..3 (stale data a missing base vertex would
 * draw), red's at 4..7, green's at 8..11. */
static void fill_three_rects(GLuint vbo)
{
   float v[3][8];
   rs_corners(&full, v[0]);
   rs_corners(&red, v[1]);
   rs_corners(&green, v[2]);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(RS_POS, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glEnableVertexAttribArray(RS_POS);
}

static void base_vertex(GLuint vbo, GLuint ibo)
{
   fill_three_rects(vbo);
   static const uint8_t i8[6] = { 0, 1, 2, 2, 1, 3 };
   static const uint16_t i16[6] = { 0, 1, 2, 2, 1, 3 };
   static const uint32_t i32[6] = { 0, 1, 2, 2, 1, 3 };
   const struct { GLenum type; const void *data; unsigned size; } kinds[] = {
      { GL_UNSIGNED_BYTE, i8, 1 }, { GL_UNSIGNED_SHORT, i16, 2 }, { GL_UNSIGNED_INT, i32, 4 },
   };
   for (unsigned k = 0; k < 3; k++) {
      for (int in_buffer = 0; in_buffer < 2; in_buffer++) {
         char what[96];
         snprintf(what, sizeof(what), "base vertex 4 then 8, %u-byte indices %s", kinds[k].size,
                  in_buffer ? "in a buffer" : "in client memory");
         const void *indices = kinds[k].data;
         if (in_buffer) {
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, 6 * kinds[k].size, kinds[k].data, GL_STATIC_DRAW);
            indices = NULL;
         }
         glClear(GL_COLOR_BUFFER_BIT);
         rs_color(&red);
         DrawElementsBaseVertex(GL_TRIANGLES, 6, kinds[k].type, indices, 4);
         rs_color(&green);
         DrawElementsBaseVertex(GL_TRIANGLES, 6, kinds[k].type, indices, 8);
         check_gl(what);
         const struct rs_rect want[2] = { red, green };
         rs_expect(want, 2, what);
         glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
      }
   }
   /* a negative base vertex: indices 8..11 - 4 name red's corners */
   static const uint16_t high[6] = { 8, 9, 10, 10, 9, 11 };
   glClear(GL_COLOR_BUFFER_BIT);
   rs_color(&red);
   DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, high, -4);
   check_gl("base vertex -4");
   rs_expect(&red, 1, "base vertex -4");
   /* base vertices that put the vertices past the buffer: dropped without an error */
   glClear(GL_COLOR_BUFFER_BIT);
   DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, i16, 0x7FFFFFFF);
   DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, i16, 12);
   check_gl("base vertices past the buffer");
   rs_expect(NULL, 0, "base vertices past the buffer draw nothing");
   /* glDrawElements errors hold: a bad type is INVALID_ENUM, a negative count INVALID_VALUE */
   DrawElementsBaseVertex(GL_TRIANGLES, 6, GL_FLOAT, i16, 4);
   rs_expect_error(GL_INVALID_ENUM, "base vertex with type FLOAT");
   DrawElementsBaseVertex(GL_TRIANGLES, -1, GL_UNSIGNED_SHORT, i16, 4);
   rs_expect_error(GL_INVALID_VALUE, "base vertex with count -1");
   DrawElementsBaseVertex(GL_TRIANGLES + 100, 6, GL_UNSIGNED_SHORT, i16, 4);
   rs_expect_error(GL_INVALID_ENUM, "base vertex with a bad mode");
   glDisableVertexAttribArray(RS_POS);
}

/* GL_EXT_multi_draw_arrays (and base vertex): red's and green's corners drawn in one call,
 * both in blue. */
static void multi_draws(GLuint vbo)
{
   fill_three_rects(vbo);
   const struct rs_rect blue_red = { red.x0, red.y0, red.x1, red.y1, { 0, 0, 255, 255 } };
   const struct rs_rect blue_green = { green.x0, green.y0, green.x1, green.y1, { 0, 0, 255, 255 } };
   const struct rs_rect want[2] = { blue_red, blue_green };
   rs_color(&blue_red);
   static const GLint first[2] = { 4, 8 }, base[2] = { 4, 8 };
   static const GLsizei count[2] = { 4, 4 }, bad_count[2] = { 4, -1 };
   static const uint16_t strip[4] = { 0, 1, 2, 3 };
   const void *const indices[2] = { strip, strip };
   glClear(GL_COLOR_BUFFER_BIT);
   MultiDrawArrays(GL_TRIANGLE_STRIP, first, count, 2);
   check_gl("glMultiDrawArraysEXT");
   rs_expect(want, 2, "glMultiDrawArraysEXT");
   glClear(GL_COLOR_BUFFER_BIT);
   MultiDrawElementsBaseVertex(GL_TRIANGLE_STRIP, count, GL_UNSIGNED_SHORT, indices, 2, base);
   check_gl("glMultiDrawElementsBaseVertexEXT");
   rs_expect(want, 2, "glMultiDrawElementsBaseVertexEXT");
   glClear(GL_COLOR_BUFFER_BIT);
   MultiDrawArrays(GL_TRIANGLE_STRIP, first, bad_count, 2);
   rs_expect_error(GL_INVALID_VALUE, "glMultiDrawArraysEXT with a count -1");
   MultiDrawElementsBaseVertex(GL_TRIANGLE_STRIP, count, GL_UNSIGNED_SHORT, indices, -1, base);
   rs_expect_error(GL_INVALID_VALUE, "glMultiDrawElementsBaseVertexEXT drawcount -1");
   MultiDrawElementsBaseVertex(GL_TRIANGLE_STRIP, count, GL_FLOAT, indices, 2, base);
   rs_expect_error(GL_INVALID_ENUM, "glMultiDrawElementsBaseVertexEXT type FLOAT");
   rs_expect(NULL, 0, "bad multi-draws draw nothing");
   glDisableVertexAttribArray(RS_POS);
}

/* Four instances of a 4x4 square at (2 + 7i, 2): offsets per instance (divisor 1), colours
 * per `divisor` instances. */
static void instances(GLuint vbo, GLuint ibo)
{
   static const uint8_t palette[2][4] = { { 255, 0, 255, 255 }, { 0, 255, 255, 255 } };
   const struct rs_rect square = { 2, 2, 6, 6, { 0 } };
   float corners[8], offsets[4][2], colors[2][4];
   rs_corners(&square, corners);
   for (int i = 0; i < 4; i++) {
      offsets[i][0] = 2.0f * 7 * i / RS_W;
      offsets[i][1] = 0.0f;
   }
   for (int c = 0; c < 2; c++)
      for (int k = 0; k < 4; k++)
         colors[c][k] = palette[c][k] / 255.0f;
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(offsets), offsets, GL_STATIC_DRAW);
   glVertexAttribPointer(RS_OFFSET, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexAttribPointer(RS_POS, 2, GL_FLOAT, GL_FALSE, 0, corners);
   glVertexAttribPointer(RS_COLOR, 4, GL_FLOAT, GL_FALSE, 0, colors);
   glEnableVertexAttribArray(RS_POS);
   glEnableVertexAttribArray(RS_COLOR);
   glEnableVertexAttribArray(RS_OFFSET);
   VertexAttribDivisor(RS_OFFSET, 1);
   static const uint16_t strip[4] = { 0, 1, 2, 3 };
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(strip), strip, GL_STATIC_DRAW);
   for (unsigned divisor = 2; divisor <= 3; divisor++) {
      VertexAttribDivisor(RS_COLOR, divisor);
      struct rs_rect want[4];
      for (int i = 0; i < 4; i++) {
         want[i] = (struct rs_rect){ 2 + 7 * i, 2, 6 + 7 * i, 6, { 0 } };
         memcpy(want[i].rgba, palette[i / (int)divisor], 4);
      }
      for (int elements = 0; elements < 2; elements++) {
         char what[96];
         snprintf(what, sizeof(what), "4 instances, colour divisor %u, %s", divisor,
                  elements ? "glDrawElementsInstancedEXT" : "glDrawArraysInstancedEXT");
         glClear(GL_COLOR_BUFFER_BIT);
         if (elements)
            DrawElementsInstanced(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, NULL, 4);
         else
            DrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 4);
         check_gl(what);
         rs_expect(want, 4, what);
      }
   }
   GLint divisor = -1;
   glGetVertexAttribiv(RS_COLOR, GL_VERTEX_ATTRIB_ARRAY_DIVISOR_EXT, &divisor);
   CHECK_EQ(divisor, 3, "VERTEX_ATTRIB_ARRAY_DIVISOR_EXT");
   /* the largest divisor: every instance reads element 0 */
   VertexAttribDivisor(RS_COLOR, 0xFFFFFFFFu);
   glClear(GL_COLOR_BUFFER_BIT);
   DrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 4);
   check_gl("divisor 2^32 - 1");
   struct rs_rect same[4];
   for (int i = 0; i < 4; i++) {
      same[i] = (struct rs_rect){ 2 + 7 * i, 2, 6 + 7 * i, 6, { 0 } };
      memcpy(same[i].rgba, palette[0], 4);
   }
   rs_expect(same, 4, "colour divisor 2^32 - 1: one colour");
   VertexAttribDivisor(RS_COLOR, 3);
   /* errors and empty draws */
   DrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, -1);
   rs_expect_error(GL_INVALID_VALUE, "glDrawArraysInstancedEXT primcount -1");
   DrawElementsInstanced(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, NULL, -1);
   rs_expect_error(GL_INVALID_VALUE, "glDrawElementsInstancedEXT primcount -1");
   VertexAttribDivisor(1000, 1);
   rs_expect_error(GL_INVALID_VALUE, "glVertexAttribDivisorEXT index 1000");
   glClear(GL_COLOR_BUFFER_BIT);
   DrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 0);
   check_gl("0 instances");
   rs_expect(NULL, 0, "0 instances draw nothing");

   VertexAttribDivisor(RS_COLOR, 0);
   VertexAttribDivisor(RS_OFFSET, 0);
   glDisableVertexAttribArray(RS_POS);
   glDisableVertexAttribArray(RS_COLOR);
   glDisableVertexAttribArray(RS_OFFSET);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
}

/* The instance index in the vertex shader (GPR0.w from the VGT): gl_InstanceIDEXT of a GLSL
 * ES 1.00 shader (GL_EXT_draw_instanced) or gl_InstanceID of a GLSL ES 3.00 one moves instance
 * i by 7i pixels and colours odd instances blue. */
static void instance_id_draw(const char *vs, const char *fs, const char *what)
{
   static const char *const attribs[] = { "pos", NULL };
   GLint old = 0;
   glGetIntegerv(GL_CURRENT_PROGRAM, &old);
   GLuint prog = egl_fixture_program(vs, fs, attribs);
   check(prog != 0, "%s: program", what);
   if (!prog)
      return;
   GLint active = -1;
   glGetProgramiv(prog, GL_ACTIVE_ATTRIBUTES, &active);
   check(active == 1, "%s: 1 active attribute (got %d)", what, active);
   glUseProgram(prog);
   const struct rs_rect square = { 2, 2, 6, 6, { 0 } };
   float corners[8];
   rs_corners(&square, corners);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, corners);
   glEnableVertexAttribArray(0);
   glClear(GL_COLOR_BUFFER_BIT);
   DrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 3);
   check_gl(what);
   struct rs_rect want[3];
   for (int i = 0; i < 3; i++) {
      want[i] = (struct rs_rect){ 2 + 7 * i, 2, 6 + 7 * i, 6, { 255, 255, 0, 255 } };
      if (i % 2)
         memcpy(want[i].rgba, (const uint8_t[]){ 0, 0, 255, 255 }, 4);
   }
   rs_expect(want, 3, what);
   glDisableVertexAttribArray(0);
   glUseProgram((GLuint)old);
   glDeleteProgram(prog);
}

#define INSTANCE_BODY(id)                                                                  \
   "void main() {\n"                                                                       \
   "   float i = float(" id ");\n"                                                         \
   "   gl_Position = vec4(pos.x + i * (14.0 / 32.0), pos.y, 0.0, 1.0);\n"                 \
   "   v_color = mod(i, 2.0) == 1.0 ? vec4(0.0, 0.0, 1.0, 1.0) : vec4(1.0, 1.0, 0.0, 1.0);\n" \
   "}\n"

/* Whether a vertex (or fragment) shader compiles. */
static bool compiles(GLenum type, const char *src)
{
   GLuint sh = glCreateShader(type);
   glShaderSource(sh, 1, &src, NULL);
   glCompileShader(sh);
   GLint ok = 0;
   glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   glDeleteShader(sh);
   return ok != 0;
}

static void instance_id(void)
{
   instance_id_draw("#version 300 es\n"
                    "in vec2 pos; out vec4 v_color;\n" INSTANCE_BODY("gl_InstanceID"),
                    "#version 300 es\n"
                    "precision mediump float; in vec4 v_color; out vec4 color;\n"
                    "void main() { color = v_color; }\n",
                    "gl_InstanceID (GLSL ES 3.00) places and colours 3 instances");
   static const char fs100[] =
      "#extension GL_EXT_draw_instanced : enable\n"
      "precision mediump float; varying vec4 v_color;\n"
      "void main() { gl_FragColor = v_color; }\n";
   instance_id_draw("#version 100\n"
                    "#extension GL_EXT_draw_instanced : require\n"
                    "#if GL_EXT_draw_instanced != 1\n#error macro\n#endif\n"
                    "attribute vec2 pos; varying vec4 v_color;\n" INSTANCE_BODY("gl_InstanceIDEXT"),
                    fs100, "gl_InstanceIDEXT (GLSL ES 1.00) places and colours 3 instances");
   CHECK(!compiles(GL_VERTEX_SHADER, "attribute vec2 pos;\n"
                   "void main() { gl_Position = vec4(pos, float(gl_InstanceIDEXT), 1.0); }\n"),
         "gl_InstanceIDEXT without the extension enabled does not compile");
   CHECK(!compiles(GL_VERTEX_SHADER, "#extension GL_EXT_draw_instanced : enable\n"
                   "#extension GL_EXT_draw_instanced : disable\n"
                   "void main() { gl_Position = vec4(float(gl_InstanceIDEXT)); }\n"),
         "gl_InstanceIDEXT after the extension is disabled does not compile");
   CHECK(!compiles(GL_VERTEX_SHADER, "#extension GL_EXT_draw_instanced : enable\n"
                   "void main() { gl_InstanceIDEXT = 1; gl_Position = vec4(0.0); }\n"),
         "gl_InstanceIDEXT is read-only");
   CHECK(!compiles(GL_FRAGMENT_SHADER, "#extension GL_EXT_draw_instanced : enable\n"
                   "precision mediump float;\n"
                   "void main() { gl_FragColor = vec4(float(gl_InstanceIDEXT)); }\n"),
         "gl_InstanceIDEXT is not a fragment shader built-in");
   CHECK(compiles(GL_FRAGMENT_SHADER, fs100), "the extension may be enabled in a fragment shader");
}

static void vertex_array_objects(GLuint vbo, GLuint ibo)
{
   GLuint vao[2];
   GenVertexArrays(2, vao);
   CHECK(!IsVertexArray(vao[0]), "a generated name is not an object before its first bind");
   /* object 0's own state: the red rectangle from client memory */
   float red_v[8];
   rs_corners(&red, red_v);
   glVertexAttribPointer(RS_POS, 2, GL_FLOAT, GL_FALSE, 0, red_v);
   glEnableVertexAttribArray(RS_POS);

   fill_three_rects(vbo);   /* with the default object bound: replaced below */
   glVertexAttribPointer(RS_POS, 2, GL_FLOAT, GL_FALSE, 0, red_v);

   BindVertexArray(vao[0]);   /* green through a buffer, DrawElements */
   CHECK(IsVertexArray(vao[0]), "bound once: an object");
   GLint enabled = -1;
   glGetVertexAttribiv(RS_POS, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &enabled);
   CHECK_EQ(enabled, 0, "a new object's arrays are disabled");
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(RS_POS, 2, GL_FLOAT, GL_FALSE, 0, (const void *)(8 * 8));
   glEnableVertexAttribArray(RS_POS);
   static const uint16_t quad[6] = { 0, 1, 2, 2, 1, 3 };
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);

   BindVertexArray(vao[1]);   /* nothing enabled, no element buffer */
   GLint binding = -1;
   glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &binding);
   CHECK_EQ(binding, 0, "element buffer binding of a new object");
   glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &binding);
   CHECK_EQ(binding, vbo, "ARRAY_BUFFER binding is not object state");
   glGetIntegerv(GL_VERTEX_ARRAY_BINDING_OES, &binding);
   CHECK_EQ(binding, vao[1], "VERTEX_ARRAY_BINDING_OES");

   glClear(GL_COLOR_BUFFER_BIT);
   BindVertexArray(vao[0]);
   rs_color(&green);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
   BindVertexArray(0);
   rs_color(&red);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl("draws with two objects");
   const struct rs_rect want[2] = { green, red };
   rs_expect(want, 2, "object 1 draws its elements, object 0 its own arrays");
   glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &binding);
   CHECK_EQ(binding, 0, "object 0's element buffer binding is its own");

   /* deleting the bound object binds 0; its name is gone */
   BindVertexArray(vao[0]);
   DeleteVertexArrays(1, &vao[0]);
   glGetIntegerv(GL_VERTEX_ARRAY_BINDING_OES, &binding);
   CHECK_EQ(binding, 0, "deleting the bound object binds 0");
   CHECK(!IsVertexArray(vao[0]), "a deleted object");
   BindVertexArray(vao[0]);
   rs_expect_error(GL_INVALID_OPERATION, "binding a deleted name");
   BindVertexArray(12345);
   rs_expect_error(GL_INVALID_OPERATION, "binding a name never generated");
   glGetIntegerv(GL_VERTEX_ARRAY_BINDING_OES, &binding);
   CHECK_EQ(binding, 0, "failed binds change nothing");
   GenVertexArrays(-1, vao);
   rs_expect_error(GL_INVALID_VALUE, "glGenVertexArraysOES n -1");
   DeleteVertexArrays(-1, vao);
   rs_expect_error(GL_INVALID_VALUE, "glDeleteVertexArraysOES n -1");
   DeleteVertexArrays(1, &vao[1]);
   glDisableVertexAttribArray(RS_POS);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
}

/* Vertex array objects are per context: a second context of the share group does not know
 * the first one's names (and shares its buffers). */
static void vao_per_context(struct egl_fixture *f)
{
   GLuint mine;
   GenVertexArrays(1, &mine);
   BindVertexArray(mine);
   BindVertexArray(0);
   EGLint id = 0, n = 0;
   EGLConfig config;
   eglQueryContext(f->dpy, f->ctx, EGL_CONFIG_ID, &id);
   const EGLint want[] = { EGL_CONFIG_ID, id, EGL_NONE };
   const EGLint attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLContext other = EGL_NO_CONTEXT;
   if (eglChooseConfig(f->dpy, want, &config, 1, &n) && n == 1)
      other = eglCreateContext(f->dpy, config, f->ctx, attribs);
   check(other != EGL_NO_CONTEXT, "a second context sharing with the first");
   if (other == EGL_NO_CONTEXT || !eglMakeCurrent(f->dpy, f->surf, f->surf, other))
      return;
   CHECK(!IsVertexArray(mine), "another context's vertex array name is not an object here");
   BindVertexArray(mine);
   rs_expect_error(GL_INVALID_OPERATION, "binding another context's vertex array name");
   eglMakeCurrent(f->dpy, f->surf, f->surf, f->ctx);
   eglDestroyContext(f->dpy, other);
   CHECK(IsVertexArray(mine), "the name stays an object in its own context");
   DeleteVertexArrays(1, &mine);
}

/* Red at depth 0.5 (z 0), then green at z 0.02 (depth 0.51, behind it) with units -1e6: an
 * offset of about -0.06 brings green in front; clamped to -0.001 it stays behind. */
static void polygon_offset_clamp(void)
{
   float red_v[8], green_v[8];
   rs_corners(&red, red_v);
   rs_corners(&green, green_v);
   GLint prog = 0;
   glGetIntegerv(GL_CURRENT_PROGRAM, &prog);
   GLint z_loc = glGetUniformLocation((GLuint)prog, "z");
   glEnable(GL_DEPTH_TEST);
   glEnableVertexAttribArray(RS_POS);
   for (int clamped = 0; clamped < 2; clamped++) {
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glDisable(GL_POLYGON_OFFSET_FILL);
      glUniform1f(z_loc, 0.0f);
      rs_color(&red);
      glVertexAttribPointer(RS_POS, 2, GL_FLOAT, GL_FALSE, 0, red_v);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      glEnable(GL_POLYGON_OFFSET_FILL);
      PolygonOffsetClamp(0.0f, -1.0e6f, clamped ? -0.001f : 0.0f);
      glUniform1f(z_loc, 0.02f);
      rs_color(&green);
      glVertexAttribPointer(RS_POS, 2, GL_FLOAT, GL_FALSE, 0, green_v);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      check_gl("polygon offset draws");
      const struct rs_rect in_front[2] = { red, green }, behind_red[2] = { green, red };
      rs_expect(clamped ? behind_red : in_front, 2,
                clamped ? "offset clamped to -0.001: green stays behind red"
                        : "offset unclamped: green in front of red");
   }
   GLfloat v = 0;
   glGetFloatv(GL_POLYGON_OFFSET_CLAMP_EXT, &v);
   CHECK(v == -0.001f, "POLYGON_OFFSET_CLAMP_EXT %g", v);
   glPolygonOffset(1.0f, 2.0f);
   glGetFloatv(GL_POLYGON_OFFSET_CLAMP_EXT, &v);
   CHECK(v == 0.0f, "glPolygonOffset sets the clamp to 0 (got %g)", v);
   glUniform1f(z_loc, 0.0f);
   glDisable(GL_POLYGON_OFFSET_FILL);
   glDisable(GL_DEPTH_TEST);
   glDisableVertexAttribArray(RS_POS);
}

#define PROC(var, name) ((var) = (__typeof__(var))eglGetProcAddress(name), \
                         check((var) != NULL, "eglGetProcAddress(%s)", name))

int main(void)
{
   unsetenv("R600SIM_SYNC");   /* the GPU runs behind the application */
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, RS_W, RS_H, 24, 0);
   check(err == NULL, "%s", err ? err : "setup");
   if (err)
      return check_report();
   static const char *const exts[] = {
      "GL_OES_vertex_half_float", "GL_OES_draw_elements_base_vertex", "GL_EXT_instanced_arrays",
      "GL_OES_vertex_array_object", "GL_EXT_polygon_offset_clamp", "GL_EXT_multi_draw_arrays",
      "GL_EXT_draw_instanced",
   };
   for (unsigned i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
      check(has_extension(exts[i]), "GL_EXTENSIONS has %s", exts[i]);
   bool ok = PROC(DrawElementsBaseVertex, "glDrawElementsBaseVertexOES") &
             PROC(DrawArraysInstanced, "glDrawArraysInstancedEXT") &
             PROC(DrawElementsInstanced, "glDrawElementsInstancedEXT") &
             PROC(VertexAttribDivisor, "glVertexAttribDivisorEXT") &
             PROC(GenVertexArrays, "glGenVertexArraysOES") &
             PROC(BindVertexArray, "glBindVertexArrayOES") &
             PROC(DeleteVertexArrays, "glDeleteVertexArraysOES") &
             PROC(IsVertexArray, "glIsVertexArrayOES") &
             PROC(PolygonOffsetClamp, "glPolygonOffsetClampEXT") &
             PROC(MultiDrawArrays, "glMultiDrawArraysEXT") &
             PROC(MultiDrawElementsBaseVertex, "glMultiDrawElementsBaseVertexEXT");
   GLuint prog = rs_program();
   check(prog != 0, "program");
   if (!ok || !prog)
      return check_report();
   GLuint bufs[2];
   glGenBuffers(2, bufs);

   half_float(bufs[0]);
   base_vertex(bufs[0], bufs[1]);
   multi_draws(bufs[0]);
   instances(bufs[0], bufs[1]);
   instance_id();
   vertex_array_objects(bufs[0], bufs[1]);
   vao_per_context(&f);
   polygon_offset_clamp();

   glDeleteBuffers(2, bufs);
   glDeleteProgram(prog);
   egl_fixture_fini(&f);
   return check_report();
}
