/* GL_APPLE_clip_distance end to end (EGL pbuffer, GLES2, GLSL front end, compiler exports,
 * PA_CL_VS_OUT_CNTL, the simulated clipper):
 *  1. eight planes computed in the vertex shader (gl_ClipDistance[i] = dot(position,
 *     plane i) in a loop, the array redeclared with gl_MaxClipDistances elements, with
 *     gl_PointSize written too, so the distances follow the misc vector): a
 *     full-screen rectangle drawn with no plane, one plane, several in both vectors of four,
 *     all eight, and a plane that rejects everything; points are culled by their distance
 *     and lines clipped;
 *  2. distances given per vertex (a redeclared gl_ClipDistance[2] written through a uniform
 *     index) are interpolated across a triangle: each plane alone and both;
 *  3. the state (GL_MAX_CLIP_DISTANCES_APPLE, glEnable/glIsEnabled/glGetBooleanv of
 *     GL_CLIP_DISTANCEi_APPLE and their errors) and the shading-language rules (the
 *     #extension switch, the macro, gl_MaxClipDistances, sizes, stages, line numbers).
 * The expected images come from the planes and distances here: a pixel is white when its
 * centre is inside the primitive and every enabled distance, interpolated at the centre, is
 * >= 0. Every centre is kept at least MARGIN (NDC or distance units) from each plane and
 * edge, so the expectation does not depend on rounding. */
#include <math.h>
#include <stdlib.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 32
#define H 32
#define MARGIN 0.01

/* Plane i keeps a*x + b*y + c >= 0 (x, y in NDC). */
static const float planes[8][3] = {
   { 1.0f, 0.0f, -0.25f },    /* x >= 0.25: columns 20.. */
   { -1.0f, 0.0f, 0.75f },    /* x <= 0.75: columns ..27 */
   { 0.0f, 1.0f, 0.5f },      /* y >= -0.5: rows 8.. */
   { 1.0f, 1.0f, -0.1f },     /* a diagonal */
   { 0.5f, -1.0f, 0.3125f },
   { -1.0f, -0.5f, 0.90625f },
   { 0.0f, -1.0f, 0.8f },     /* y <= 0.8 */
   { 1.0f, 0.5f, 0.1875f },
};
static const float reject_all[3] = { 0.0f, 0.0f, -1.0f };

static const char vs_planes[] =
   "#extension GL_APPLE_clip_distance : require\n"
   "attribute vec2 pos;\n"
   "varying highp float gl_ClipDistance[gl_MaxClipDistances];\n"
   "uniform vec4 planes[8];\n"
   "void main() {\n"
   "   gl_Position = vec4(pos, 0.0, 1.0);\n"
   "   gl_PointSize = 1.0;\n"
   "   for (int i = 0; i < gl_MaxClipDistances; i++)\n"
   "      gl_ClipDistance[i] = dot(vec4(pos, 0.0, 1.0), planes[i]);\n"
   "}\n";
static const char vs_per_vertex[] =
   "#version 100\n"
   "#extension GL_APPLE_clip_distance : enable\n"
   "attribute vec2 pos; attribute vec2 dist;\n"
   "varying highp float gl_ClipDistance[2];\n"
   "uniform int first;\n"
   "void main() {\n"
   "   gl_Position = vec4(pos, 0.0, 1.0);\n"
   "   gl_ClipDistance[first] = dist.x;\n"
   "   gl_ClipDistance[1 - first] = dist.y;\n"
   "}\n";
static const char fs_white[] =
   "precision mediump float;\n"
   "void main() { gl_FragColor = vec4(1.0); }\n";

static double ndc(double p, int size)
{
   return 2.0 * p / size - 1.0;
}

static bool has_extension(const char *name)
{
   const char *all = (const char *)glGetString(GL_EXTENSIONS);
   size_t n = strlen(name);
   for (const char *p = all; p && (p = strstr(p, name)); p += n)
      if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

/* Compares the read-back with want[y][x] (white or black). */
static void expect_image(bool want[H][W], const char *what)
{
   static uint8_t image[W * H * 4];
   egl_fixture_read(W, H, image, false);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         uint8_t v = want[y][x] ? 255 : 0;
         const uint8_t rgba[4] = { v, v, v, 255 };
         expect_rgba(image, W, x, y, rgba, what, &mismatches);
      }
   check_mismatches(&mismatches, what);
}

/* Plane p at pixel centre (x, y), checked to be at least MARGIN from 0. */
static double plane_at(const float p[3], int x, int y)
{
   double d = p[0] * ndc(x + 0.5, W) + p[1] * ndc(y + 0.5, H) + p[2];
   CHECK(fabs(d) >= MARGIN, "test design: pixel (%d, %d) lies %g from a plane", x, y, d);
   return d;
}

static void set_planes(GLuint prog, const float (*p)[3])
{
   float v[8][4];
   for (int i = 0; i < 8; i++) {
      v[i][0] = p[i][0];
      v[i][1] = p[i][1];
      v[i][2] = 0.0f;
      v[i][3] = p[i][2];
   }
   glUniform4fv(glGetUniformLocation(prog, "planes"), 8, &v[0][0]);
}

static void enable_only(unsigned mask)
{
   for (unsigned i = 0; i < 8; i++) {
      if (mask >> i & 1)
         glEnable(GL_CLIP_DISTANCE0_APPLE + i);
      else
         glDisable(GL_CLIP_DISTANCE0_APPLE + i);
   }
}

/* A full-screen rectangle clipped by the enabled planes of p. */
static void rectangle(GLuint prog, const float (*p)[3], unsigned mask, const char *what)
{
   static const float quad[8] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   set_planes(prog, p);
   enable_only(mask);
   glClear(GL_COLOR_BUFFER_BIT);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl(what);
   static bool want[H][W];
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         want[y][x] = true;
         for (unsigned i = 0; i < 8; i++)
            if (mask >> i & 1)
               want[y][x] = want[y][x] && plane_at(p[i], x, y) >= 0.0;
      }
   expect_image(want, what);
}

static void vertex_planes(void)
{
   static const char *const attribs[] = { "pos", NULL };
   GLuint prog = egl_fixture_program(vs_planes, fs_white, attribs);
   check(prog != 0, "program with eight planes");
   if (!prog)
      return;
   glUseProgram(prog);
   rectangle(prog, planes, 0x00, "no plane enabled");
   rectangle(prog, planes, 0x01, "plane 0");
   rectangle(prog, planes, 0x80, "plane 7 (second vector)");
   rectangle(prog, planes, 0xA9, "planes 0, 3, 5, 7");
   rectangle(prog, planes, 0x16, "planes 1, 2, 4");
   rectangle(prog, planes, 0xFF, "all eight planes");

   /* the exported distances survive a program binary (GL_OES_get_program_binary) */
   PFNGLGETPROGRAMBINARYOESPROC get_binary =
      (PFNGLGETPROGRAMBINARYOESPROC)eglGetProcAddress("glGetProgramBinaryOES");
   PFNGLPROGRAMBINARYOESPROC load_binary =
      (PFNGLPROGRAMBINARYOESPROC)eglGetProcAddress("glProgramBinaryOES");
   GLint size = 0;
   glGetProgramiv(prog, GL_PROGRAM_BINARY_LENGTH_OES, &size);
   void *bytes = size > 0 ? malloc((size_t)size) : NULL;
   GLenum format = 0;
   GLint linked = 0;
   GLuint copy = glCreateProgram();
   if (get_binary && load_binary && bytes) {
      get_binary(prog, size, NULL, &format, bytes);
      load_binary(copy, format, bytes, size);
      glGetProgramiv(copy, GL_LINK_STATUS, &linked);
   }
   free(bytes);
   check(linked != 0, "program binary loads");
   if (linked) {
      glUseProgram(copy);
      rectangle(copy, planes, 0xA9, "planes 0, 3, 5, 7 from a program binary");
      glUseProgram(prog);
   }
   glDeleteProgram(copy);
   float rejecting[8][3];
   memcpy(rejecting, planes, sizeof(rejecting));
   memcpy(rejecting[6], reject_all, sizeof(reject_all));
   rectangle(prog, (const float (*)[3])rejecting, 0x41, "plane 6 rejects everything");
   rectangle(prog, (const float (*)[3])rejecting, 0x01, "the rejecting plane disabled");

   /* points at every pixel centre of row 5 and column 9: culled by their own distance */
   float pts[2 * (W + H)];
   for (int i = 0; i < W; i++) {
      pts[2 * i] = (float)ndc(i + 0.5, W);
      pts[2 * i + 1] = (float)ndc(5.5, H);
   }
   for (int i = 0; i < H; i++) {
      pts[2 * (W + i)] = (float)ndc(9.5, W);
      pts[2 * (W + i) + 1] = (float)ndc(i + 0.5, H);
   }
   set_planes(prog, planes);
   enable_only(0x05);
   glClear(GL_COLOR_BUFFER_BIT);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pts);
   glDrawArrays(GL_POINTS, 0, W + H);
   check_gl("points");
   static bool want[H][W];
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         want[y][x] = (y == 5 || x == 9) && plane_at(planes[0], x, y) >= 0.0 &&
                      plane_at(planes[2], x, y) >= 0.0;
   expect_image(want, "points culled by planes 0 and 2");

   /* a line along row 12 and one along column 22, across the whole screen, clipped by both
    * planes at x = 20.25 and y = 8.25 pixels (planes 0 and 2 moved by a quarter pixel, so the
    * clipped ends lie inside a pixel's diamond): the lines start at column 20 and row 8 */
   float moved[8][3];
   memcpy(moved, planes, sizeof(moved));
   moved[0][2] -= 1.0f / 64.0f;
   moved[2][2] -= 1.0f / 64.0f;
   const float lines[8] = { -1.0f, (float)ndc(12.5, H), 1.0f, (float)ndc(12.5, H),
                            (float)ndc(22.5, W), -1.0f, (float)ndc(22.5, W), 1.0f };
   set_planes(prog, (const float (*)[3])moved);
   glClear(GL_COLOR_BUFFER_BIT);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, lines);
   glDrawArrays(GL_LINES, 0, 4);
   check_gl("lines");
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         want[y][x] = (y == 12 && x >= 20) || (x == 22 && y >= 8);
   expect_image(want, "lines clipped by planes 0 and 2");
   glDisableVertexAttribArray(0);
   enable_only(0);
   glDeleteProgram(prog);
}

/* The triangle (0, 0), (32, 0), (0, 24) in pixels: no pixel centre lies on its edges
 * (the long one has 3x + 4y = 96, and 3(x + .5) + 4(y + .5) is never 96). */
static const double tri_px[3][2] = { { 0, 0 }, { 32, 0 }, { 0, 24 } };
/* distance 0 is 1, 1, -1 at the corners, distance 1 is 1, -1, 1 */
static const float tri_dist[3][2] = { { 1.0f, 1.0f }, { 1.0f, -1.0f }, { -1.0f, 1.0f } };

/* Barycentric weights of pixel centre (x, y) in the triangle. */
static void weights(int x, int y, double l[3])
{
   double px = x + 0.5, py = y + 0.5;
   const double (*t)[2] = tri_px;
   double area = (t[1][0] - t[0][0]) * (t[2][1] - t[0][1]) - (t[2][0] - t[0][0]) * (t[1][1] - t[0][1]);
   for (int k = 0; k < 3; k++) {
      const double *a = t[(k + 1) % 3], *b = t[(k + 2) % 3];
      l[k] = ((b[0] - a[0]) * (py - a[1]) - (px - a[0]) * (b[1] - a[1])) / area;
   }
}

static void per_vertex_distances(void)
{
   static const char *const attribs[] = { "pos", "dist", NULL };
   GLuint prog = egl_fixture_program(vs_per_vertex, fs_white, attribs);
   check(prog != 0, "program with per-vertex distances");
   if (!prog)
      return;
   glUseProgram(prog);
   float pos[6];
   for (int k = 0; k < 3; k++) {
      pos[2 * k] = (float)ndc(tri_px[k][0], W);
      pos[2 * k + 1] = (float)ndc(tri_px[k][1], H);
   }
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pos);
   glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, tri_dist);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   for (int first = 0; first < 2; first++) {
      glUniform1i(glGetUniformLocation(prog, "first"), first);
      for (unsigned mask = 0; mask < 4; mask++) {
         char what[96];
         snprintf(what, sizeof(what), "interpolated distances, planes mask %u, first %d", mask,
                  first);
         enable_only(mask);
         glClear(GL_COLOR_BUFFER_BIT);
         glDrawArrays(GL_TRIANGLES, 0, 3);
         check_gl(what);
         static bool want[H][W];
         for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
               double l[3];
               weights(x, y, l);
               bool in = l[0] > 0 && l[1] > 0 && l[2] > 0;
               for (unsigned i = 0; i < 2 && in; i++) {
                  /* clip distance i is dist.x when first == i, else dist.y */
                  unsigned c = (unsigned)first == i ? 0 : 1;
                  double d = l[0] * tri_dist[0][c] + l[1] * tri_dist[1][c] + l[2] * tri_dist[2][c];
                  CHECK(fabs(d) >= MARGIN, "test design: pixel (%d, %d) distance %g", x, y, d);
                  in = !(mask >> i & 1) || d >= 0.0;
               }
               want[y][x] = in;
            }
         expect_image(want, what);
      }
   }
   glDisableVertexAttribArray(0);
   glDisableVertexAttribArray(1);
   enable_only(0);
   glDeleteProgram(prog);
}

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got, (unsigned)want);
}

static void state(void)
{
   GLint max = 0;
   glGetIntegerv(GL_MAX_CLIP_DISTANCES_APPLE, &max);
   CHECK_EQ(max, 8, "GL_MAX_CLIP_DISTANCES_APPLE");
   check_gl("GL_MAX_CLIP_DISTANCES_APPLE");
   for (unsigned i = 0; i < 8; i++)
      CHECK(!glIsEnabled(GL_CLIP_DISTANCE0_APPLE + i), "clip distance %u disabled at first", i);
   glEnable(GL_CLIP_DISTANCE1_APPLE);
   glEnable(GL_CLIP_DISTANCE7_APPLE);
   check_gl("glEnable(GL_CLIP_DISTANCE1/7_APPLE)");
   GLboolean b = GL_FALSE;
   glGetBooleanv(GL_CLIP_DISTANCE7_APPLE, &b);
   CHECK(b == GL_TRUE && glIsEnabled(GL_CLIP_DISTANCE1_APPLE) &&
         !glIsEnabled(GL_CLIP_DISTANCE2_APPLE), "enables read back");
   glDisable(GL_CLIP_DISTANCE1_APPLE);
   CHECK(!glIsEnabled(GL_CLIP_DISTANCE1_APPLE), "glDisable");
   glDisable(GL_CLIP_DISTANCE7_APPLE);

   glEnable(GL_CLIP_DISTANCE0_APPLE + 8);
   expect_error(GL_INVALID_ENUM, "glEnable(GL_CLIP_DISTANCE0_APPLE + 8)");
   glDisable(GL_CLIP_DISTANCE0_APPLE + 8);
   expect_error(GL_INVALID_ENUM, "glDisable(GL_CLIP_DISTANCE0_APPLE + 8)");
   CHECK(!glIsEnabled(GL_CLIP_DISTANCE0_APPLE + 8), "glIsEnabled(GL_CLIP_DISTANCE0_APPLE + 8)");
   expect_error(GL_INVALID_ENUM, "glIsEnabled(GL_CLIP_DISTANCE0_APPLE + 8)");
   for (unsigned i = 0; i < 8; i++)
      CHECK(!glIsEnabled(GL_CLIP_DISTANCE0_APPLE + i), "clip distance %u disabled again", i);
}

/* Compiles a shader; returns whether it compiled, its log in log. */
static bool compile(GLenum type, const char *src, char *log, size_t size)
{
   GLuint sh = glCreateShader(type);
   glShaderSource(sh, 1, &src, NULL);
   glCompileShader(sh);
   GLint ok = 0;
   glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   log[0] = 0;
   glGetShaderInfoLog(sh, (GLsizei)size, NULL, log);
   glDeleteShader(sh);
   return ok != 0;
}

#define EXT "#extension GL_APPLE_clip_distance : require\n"
#define VS_MAIN(body) "attribute vec4 p;\nvoid main() {\ngl_Position = p;\n" body "\n}\n"

static void language(void)
{
   char log[1024];
   const struct { const char *src; GLenum type; bool ok; const char *what; } cases[] = {
      { VS_MAIN("gl_ClipDistance[0] = 1.0;"), GL_VERTEX_SHADER, false, "without #extension" },
      { EXT "#extension GL_APPLE_clip_distance : disable\n" VS_MAIN("gl_ClipDistance[0] = 1.0;"),
        GL_VERTEX_SHADER, false, "after #extension : disable" },
      { EXT VS_MAIN("gl_ClipDistance[0] = 1.0;"), GL_VERTEX_SHADER, true, "with : require" },
      { "#extension GL_APPLE_clip_distance : enable\n" VS_MAIN("gl_ClipDistance[7] = 1.0;"),
        GL_VERTEX_SHADER, true, "with : enable" },
      { EXT VS_MAIN("gl_ClipDistance[8] = 1.0;"), GL_VERTEX_SHADER, false,
        "an index past gl_MaxClipDistances" },
      { EXT VS_MAIN("for (int i = 0; i < 2; i++) gl_ClipDistance[i] = 1.0;"), GL_VERTEX_SHADER,
        false, "a non-constant index without a redeclared size" },
      { EXT "varying highp float gl_ClipDistance[2];\n"
        VS_MAIN("for (int i = 0; i < 2; i++) gl_ClipDistance[i] = 1.0;"), GL_VERTEX_SHADER,
        true, "a non-constant index of a redeclared array" },
      { EXT "varying highp float gl_ClipDistance[3];\n" VS_MAIN("gl_ClipDistance[3] = 1.0;"),
        GL_VERTEX_SHADER, false, "an index past the redeclared size" },
      { EXT "varying highp float gl_ClipDistance[9];\n" VS_MAIN("gl_ClipDistance[0] = 1.0;"),
        GL_VERTEX_SHADER, false, "redeclared larger than gl_MaxClipDistances" },
      { EXT "varying highp vec2 gl_ClipDistance[2];\n" VS_MAIN("gl_ClipDistance[0] = vec2(1.0);"),
        GL_VERTEX_SHADER, false, "redeclared with another type" },
      { EXT "highp float gl_ClipDistance[2];\n" VS_MAIN("gl_ClipDistance[0] = 1.0;"),
        GL_VERTEX_SHADER, false, "redeclared without varying" },
      { "varying highp float gl_ClipDistance[2];\n" VS_MAIN("gl_ClipDistance[0] = 1.0;"),
        GL_VERTEX_SHADER, false, "redeclared without the extension" },
      { EXT VS_MAIN("float a[gl_MaxClipDistances == 8 ? 1 : -1]; a[0] = 0.0;"),
        GL_VERTEX_SHADER, true, "gl_MaxClipDistances is 8" },
      { VS_MAIN("int n = gl_MaxClipDistances;"), GL_VERTEX_SHADER, false,
        "gl_MaxClipDistances without the extension" },
      { "#ifndef GL_APPLE_clip_distance\n#error no macro\n#endif\n" VS_MAIN(""), GL_VERTEX_SHADER,
        true, "the GL_APPLE_clip_distance macro" },
      { EXT "precision mediump float;\nvoid main() { gl_FragColor = vec4(float(gl_MaxClipDistances)); }\n",
        GL_FRAGMENT_SHADER, true, "the extension in a fragment shader" },
      { EXT "precision mediump float;\nvoid main() { gl_FragColor = vec4(gl_ClipDistance[0]); }\n",
        GL_FRAGMENT_SHADER, false, "gl_ClipDistance in a fragment shader" },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      bool ok = compile(cases[i].type, cases[i].src, log, sizeof(log));
      check(ok == cases[i].ok, "%s: %s, want %s\n%s", cases[i].what, ok ? "compiles" : "fails",
            cases[i].ok ? "compiles" : "fails", log);
   }
   /* the rewritten #extension line keeps the lines after it numbered as written */
   CHECK(!compile(GL_VERTEX_SHADER, "\n" EXT "\n" VS_MAIN("undeclared_name = 1.0;"), log, sizeof(log)),
         "error after the directive");
   CHECK(strstr(log, "0:7:") != NULL, "the error is reported on line 7: %s", log);
   CHECK(!compile(GL_VERTEX_SHADER, EXT "varying highp float gl_ClipDistance[2];\n"
                  "varying highp float gl_ClipDistance[2];\n" VS_MAIN(""), log, sizeof(log)),
         "declared twice");
   CHECK(strstr(log, "gl_ClipDistance") && !strstr(log, "r600sim"),
         "the log names gl_ClipDistance: %s", log);
}

int main(void)
{
   unsetenv("R600SIM_SYNC");
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, "%s", err ? err : "setup");
   if (err)
      return check_report();
   check(has_extension("GL_APPLE_clip_distance"), "GL_EXTENSIONS has GL_APPLE_clip_distance");
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   state();
   language();
   vertex_planes();
   per_vertex_distances();
   egl_fixture_fini(&f);
   return check_report();
}
