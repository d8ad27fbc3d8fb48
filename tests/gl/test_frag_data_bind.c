/* GL_EXT_blend_func_extended's program entry points: glBindFragDataLocationIndexedEXT /
 * glBindFragDataLocationEXT bindings of GLSL ES 3.00 `out` variables (used at the next link
 * only), layout(location, index) in the shader winning over a binding, glGetFragDataIndexEXT
 * and glGetProgramResourceLocationIndexEXT, and the errors the extension names.
 *
 * Reference for the pixels (ES 2.0 4.1.7 with the extension's factors), blend factors
 * (ONE, SRC1_COLOR) for every channel: result = S0 + D * S1, clamped to [0, 1], stored as
 * round(result * 255), where S0 is the output at index 0, S1 the one at index 1 and D the
 * cleared colour 64/255 (0.25 clears to round(63.75) = 64). Swapping which output is the
 * second source changes the result, so the test sees where each output went. The test checks
 * that every expected value lies at least 0.1 away from a rounding half. Prints
 * "N passed, M failed".
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 8
#define H 6

#define PROGRAM_OUTPUT 0x92E4   /* ES 3.1 program interfaces */
#define UNIFORM_INTERFACE 0x92E1

/* the extension's entry points, through eglGetProcAddress */
static PFNGLBINDFRAGDATALOCATIONINDEXEDEXTPROC glBindFragDataLocationIndexedEXT_;
static PFNGLBINDFRAGDATALOCATIONEXTPROC glBindFragDataLocationEXT_;
static PFNGLGETFRAGDATAINDEXEXTPROC glGetFragDataIndexEXT_;
static PFNGLGETPROGRAMRESOURCELOCATIONINDEXEXTPROC glGetProgramResourceLocationIndexEXT_;
#define glBindFragDataLocationIndexedEXT glBindFragDataLocationIndexedEXT_
#define glBindFragDataLocationEXT glBindFragDataLocationEXT_
#define glGetFragDataIndexEXT glGetFragDataIndexEXT_
#define glGetProgramResourceLocationIndexEXT glGetProgramResourceLocationIndexEXT_

static unsigned mismatches;
static uint8_t pixels[W * H * 4];

static const char vs_src[] =
   "#version 300 es\n"
   "in vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
/* outputs placed by bindings only */
static const char fs_bound_src[] =
   "#version 300 es\n"
   "#extension GL_EXT_blend_func_extended : require\n"
   "precision mediump float; uniform vec4 u_a, u_b;\n"
   "out vec4 a; out vec4 b;\n"
   "void main() { a = u_a; b = u_b; }\n";
/* outputs placed by the shader: the bindings must not move them */
static const char fs_layout_src[] =
   "#version 300 es\n"
   "#extension GL_EXT_blend_func_extended : require\n"
   "precision mediump float; uniform vec4 u_a, u_b;\n"
   "layout(location = 0) out vec4 a; layout(location = 0, index = 1) out vec4 b;\n"
   "void main() { a = u_a; b = u_b; }\n";

static const float ua[4] = { 0.125f, 0.25f, 0.625f, 0.375f };
static const float ub[4] = { 0.875f, 0.375f, 0.25f, 0.625f };

static GLuint compile(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[512] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      check(false, "shader compiles: %s", log);
   }
   return s;
}

static bool link(GLuint p)
{
   glLinkProgram(p);
   GLint ok = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   return ok;
}

/* A program of vs_src and fs, not linked yet. */
static GLuint program(const char *fs)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, compile(GL_VERTEX_SHADER, vs_src));
   glAttachShader(p, compile(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "a_pos");
   return p;
}

/* Draws with p and checks every pixel against S0 + D * S1 (see the top). */
static void draw_case(GLuint p, const float s0[4], const float s1[4], const char *what)
{
   glDisable(GL_BLEND);
   glClearColor(0.25f, 0.25f, 0.25f, 0.25f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_SRC1_COLOR_EXT);
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glUseProgram(p);
   glUniform4fv(glGetUniformLocation(p, "u_a"), 1, ua);
   glUniform4fv(glGetUniformLocation(p, "u_b"), 1, ub);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl(what);
   uint8_t want[4];
   for (int c = 0; c < 4; c++) {
      float r = fminf(s0[c] + 64.0f / 255.0f * s1[c], 1.0f) * 255.0f;
      check(fabsf(r - floorf(r) - 0.5f) >= 0.1f, "reference value %f is near a rounding half", r);
      want[c] = (uint8_t)lroundf(r);
   }
   egl_fixture_read(W, H, pixels, false);
   for (int r = 0; r < H; r++)
      for (int x = 0; x < W; x++)
         expect_rgba(pixels, W, x, r, want, what, &mismatches);
   check_mismatches(&mismatches, what);
   glDisable(GL_BLEND);
}

static void expect_index(GLuint p, const char *name, GLint want, const char *what)
{
   GLint got = glGetFragDataIndexEXT(p, name);
   check(got == want, "%s: glGetFragDataIndexEXT(%s) = %d, want %d", what, name, got, want);
   got = glGetProgramResourceLocationIndexEXT(p, PROGRAM_OUTPUT, name);
   check(got == want, "%s: glGetProgramResourceLocationIndexEXT(%s) = %d, want %d", what, name,
         got, want);
   check_gl(what);
}

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: error 0x%04x, want 0x%04x", what, got, want);
}

static void test_bindings(void)
{
   GLuint p = program(fs_bound_src);
   glBindFragDataLocationEXT(p, 0, "a");
   glBindFragDataLocationIndexedEXT(p, 0, 1, "b");
   check_gl("bindings");
   check(link(p), "program with bound outputs links");
   expect_index(p, "a", 0, "bound");
   expect_index(p, "b", 1, "bound");
   expect_index(p, "c", -1, "no such output");
   draw_case(p, ua, ub, "a at index 0, b at index 1");

   /* new bindings wait for the next link */
   glBindFragDataLocationIndexedEXT(p, 0, 1, "a");
   glBindFragDataLocationIndexedEXT(p, 0, 0, "b");
   expect_index(p, "b", 1, "rebound, not relinked");
   draw_case(p, ua, ub, "rebound, not relinked");
   check(link(p), "relink");
   expect_index(p, "a", 1, "relinked");
   expect_index(p, "b", 0, "relinked");
   draw_case(p, ub, ua, "b at index 0, a at index 1");

   /* both at (0, 0): a link error */
   glBindFragDataLocationEXT(p, 0, "a");
   check(!link(p), "two outputs at location 0 index 0 do not link");
   glDeleteProgram(p);

   /* the shader's layout wins over bindings */
   p = program(fs_layout_src);
   glBindFragDataLocationIndexedEXT(p, 0, 1, "a");
   glBindFragDataLocationIndexedEXT(p, 0, 0, "b");
   check(link(p), "program with layout(index) links");
   expect_index(p, "a", 0, "layout");
   expect_index(p, "b", 1, "layout");
   draw_case(p, ua, ub, "layout(index = 1) b");
   glDeleteProgram(p);
}

/* A program binary (GL_OES_get_program_binary) keeps where the outputs went. */
static void test_binary(void)
{
   PFNGLGETPROGRAMBINARYOESPROC get_binary =
      (PFNGLGETPROGRAMBINARYOESPROC)eglGetProcAddress("glGetProgramBinaryOES");
   PFNGLPROGRAMBINARYOESPROC load_binary =
      (PFNGLPROGRAMBINARYOESPROC)eglGetProcAddress("glProgramBinaryOES");
   if (!check(get_binary && load_binary, "glGetProgramBinaryOES resolves"))
      return;
   GLuint p = program(fs_bound_src);
   glBindFragDataLocationIndexedEXT(p, 0, 1, "a");
   glBindFragDataLocationEXT(p, 0, "b");
   check(link(p), "program to save links");
   draw_case(p, ub, ua, "program to save");   /* a binary needs a compiled variant */
   static uint8_t bin[1 << 16];
   GLsizei len = 0;
   GLenum format = 0;
   get_binary(p, sizeof(bin), &len, &format, bin);
   check_gl("glGetProgramBinaryOES");
   GLuint q = glCreateProgram();
   load_binary(q, format, bin, len);
   GLint ok = 0;
   glGetProgramiv(q, GL_LINK_STATUS, &ok);
   check(ok, "program binary loads");
   expect_index(q, "a", 1, "from a binary");
   expect_index(q, "b", 0, "from a binary");
   draw_case(q, ub, ua, "from a binary: b at index 0, a at index 1");
   glDeleteProgram(p);
   glDeleteProgram(q);
}

static void test_errors(void)
{
   GLuint p = program(fs_bound_src);
   glBindFragDataLocationIndexedEXT(p, 0, 2, "a");
   expect_error(GL_INVALID_VALUE, "index 2");
   glBindFragDataLocationIndexedEXT(p, 4, 0, "a");
   expect_error(GL_INVALID_VALUE, "colorNumber = MAX_DRAW_BUFFERS");
   glBindFragDataLocationEXT(p, 4, "a");
   expect_error(GL_INVALID_VALUE, "glBindFragDataLocationEXT colorNumber = MAX_DRAW_BUFFERS");
   glBindFragDataLocationIndexedEXT(p, 1, 1, "a");
   expect_error(GL_INVALID_VALUE, "index 1, colorNumber = MAX_DUAL_SOURCE_DRAW_BUFFERS");
   glBindFragDataLocationIndexedEXT(p, 0, 0, "gl_FragColor");
   expect_error(GL_INVALID_OPERATION, "a gl_ name");
   glBindFragDataLocationIndexedEXT(p + 100, 0, 0, "a");
   expect_error(GL_INVALID_VALUE, "not a program name");
   GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
   glBindFragDataLocationIndexedEXT(s, 0, 0, "a");
   expect_error(GL_INVALID_OPERATION, "a shader name");
   glDeleteShader(s);

   GLint got = glGetFragDataIndexEXT(p, "a");
   check(got == -1, "unlinked program: %d", got);
   expect_error(GL_INVALID_OPERATION, "glGetFragDataIndexEXT, unlinked program");
   got = glGetProgramResourceLocationIndexEXT(p, PROGRAM_OUTPUT, "a");
   expect_error(GL_INVALID_OPERATION, "glGetProgramResourceLocationIndexEXT, unlinked program");

   /* the failed bindings bound nothing: with two outputs, a still needs a place */
   glBindFragDataLocationIndexedEXT(p, 0, 1, "b");
   check(!link(p), "an output without location or binding next to another does not link");
   glBindFragDataLocationEXT(p, 0, "a");
   check(link(p), "link once both outputs are bound");
   expect_index(p, "a", 0, "after failed bindings");
   expect_index(p, "b", 1, "after failed bindings");
   got = glGetProgramResourceLocationIndexEXT(p, UNIFORM_INTERFACE, "a");
   check(got == -1, "GL_UNIFORM interface: %d", got);
   expect_error(GL_INVALID_ENUM, "glGetProgramResourceLocationIndexEXT, not PROGRAM_OUTPUT");
   glDeleteProgram(p);
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   glBindFragDataLocationIndexedEXT_ = (PFNGLBINDFRAGDATALOCATIONINDEXEDEXTPROC)eglGetProcAddress(
      "glBindFragDataLocationIndexedEXT");
   glBindFragDataLocationEXT_ =
      (PFNGLBINDFRAGDATALOCATIONEXTPROC)eglGetProcAddress("glBindFragDataLocationEXT");
   glGetFragDataIndexEXT_ =
      (PFNGLGETFRAGDATAINDEXEXTPROC)eglGetProcAddress("glGetFragDataIndexEXT");
   glGetProgramResourceLocationIndexEXT_ = (PFNGLGETPROGRAMRESOURCELOCATIONINDEXEXTPROC)
      eglGetProcAddress("glGetProgramResourceLocationIndexEXT");
   if (!check(glBindFragDataLocationIndexedEXT_ && glBindFragDataLocationEXT_ &&
                 glGetFragDataIndexEXT_ && glGetProgramResourceLocationIndexEXT_,
              "the entry points resolve"))
      return check_report();
   test_bindings();
   test_binary();
   test_errors();
   check_gl("end");
   egl_fixture_fini(&fx);
   return check_report();
}
