/* ES 2.0 2.10.4: samplers of different types may not use one texture unit. With a sampler2D
 * and a samplerCube both on unit 0 (their initial value) glDrawArrays and glDrawElements
 * give GL_INVALID_OPERATION and draw nothing, glValidateProgram gives VALIDATE_STATUS false
 * with an info log; with the cube moved to unit 1 (glUniform1i, read back with
 * glGetUniformiv) the draw is GL_NO_ERROR and the program validates. Two sampler2D on one
 * unit are allowed. The samplers sit in a branch no fragment takes (textures are not
 * implemented yet), so a draw paints the flat colour. */
#include "egl_fixture.h"

#define W 16
#define H 16

static const char vs_src[] =
   "attribute vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_src[] =
   "precision mediump float;\n"
   "uniform sampler2D s2;\n"
   "uniform sampler2D t2;\n"
   "uniform samplerCube sc;\n"
   "uniform vec4 color;\n"
   "uniform float never;\n"
   "void main() {\n"
   "   if (never > 0.5)\n"
   "      gl_FragColor = texture2D(s2, vec2(0.5)) + texture2D(t2, vec2(0.5)) +\n"
   "                     textureCube(sc, vec3(1.0));\n"
   "   else\n"
   "      gl_FragColor = color;\n"
   "}\n";

static const uint8_t black[4] = { 0, 0, 0, 255 };
static const uint8_t blue[4] = { 0, 0, 255, 255 };

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

/* Clears, draws the full-screen pair with both calls and checks error and image. */
static void draw_and_check(GLenum want, const char *what)
{
   static const GLubyte idx[6] = { 0, 1, 2, 2, 1, 3 };
   char msg[96];
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   snprintf(msg, sizeof(msg), "%s: glDrawArrays", what);
   expect_error(want, msg);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, idx);
   snprintf(msg, sizeof(msg), "%s: glDrawElements", what);
   expect_error(want, msg);
   static uint8_t image[W * H * 4];
   egl_fixture_read(W, H, image, false);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(image, W, x, y, want == GL_NO_ERROR ? blue : black, what, &mismatches);
   check_mismatches(&mismatches, what);
}

static void expect_validate(GLuint prog, GLint want, const char *what)
{
   glValidateProgram(prog);
   GLint status = -1, log_length = -1;
   glGetProgramiv(prog, GL_VALIDATE_STATUS, &status);
   glGetProgramiv(prog, GL_INFO_LOG_LENGTH, &log_length);
   check(status == want, "%s: VALIDATE_STATUS %d, want %d", what, status, want);
   if (!want)
      check(log_length > 1, "%s: an info log says why (length %d)", what, log_length);
   check_gl(what);
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
   GLint s2 = glGetUniformLocation(prog, "s2"), t2 = glGetUniformLocation(prog, "t2");
   GLint sc = glGetUniformLocation(prog, "sc");
   check(s2 >= 0 && t2 >= 0 && sc >= 0, "sampler locations %d %d %d", s2, t2, sc);
   glUniform4f(glGetUniformLocation(prog, "color"), 0.0f, 0.0f, 1.0f, 1.0f);
   static const float v[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   check_gl("setup");

   draw_and_check(GL_INVALID_OPERATION, "sampler2D and samplerCube on unit 0");
   expect_validate(prog, GL_FALSE, "sampler2D and samplerCube on unit 0");

   glUniform1i(sc, 1);
   GLint unit = -1;
   glGetUniformiv(prog, sc, &unit);
   CHECK_EQ(unit, 1, "samplerCube unit after glUniform1i");
   check_gl("glUniform1i on a samplerCube");
   draw_and_check(GL_NO_ERROR, "samplerCube moved to unit 1 (two sampler2D on unit 0)");
   expect_validate(prog, GL_TRUE, "samplerCube moved to unit 1");

   glUniform1i(t2, 1);   /* a sampler2D joins the cube on unit 1 */
   draw_and_check(GL_INVALID_OPERATION, "sampler2D t2 and samplerCube on unit 1");
   expect_validate(prog, GL_FALSE, "sampler2D t2 and samplerCube on unit 1");
   glUniform1iv(t2, 1, (const GLint[]){ 2 });
   draw_and_check(GL_NO_ERROR, "units 0, 2 and 1");
   expect_validate(prog, GL_TRUE, "units 0, 2 and 1");

   glDeleteProgram(prog);
   egl_fixture_fini(&f);
   return check_report();
}
