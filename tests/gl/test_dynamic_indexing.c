/* End-to-end test of GLSL dynamic array indexing through EGL + GLES2 + driver + simulated
 * GPU: uniform arrays and local arrays indexed with values computed per pixel (fragment
 * shader) and per draw (vertex shader), read and written. The compiler turns these into
 * AR-relative GPR accesses (MOVA_INT) and vertex fetches of the constant buffer; the
 * expected colours are computed here from the same formulas.
 *
 * Every value is an integer k written as k / 255.0, which a UNORM8 colour buffer stores
 * exactly as k. Prints "N passed, M failed".
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "egl_fixture.h"

#define W 24
#define H 8

static GLuint build_program(const char *vs, const char *fs)
{
   static const char *const attribs[] = {"a_pos", "a_idx", NULL};
   return egl_fixture_program(vs, fs, attribs);
}

static uint8_t pixels[W * H * 4];
static unsigned mismatches;

static void expect_pixel(int x, int r, const uint8_t want[4], const char *what)
{
   expect_rgba(pixels, W, x, r, want, what, &mismatches);
}

static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};

/* ---- fragment shader: indices from the pixel position ---- */

static const char pass_vs[] =
   "attribute vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char fs_index[] =
   "precision highp float;\n"
   "uniform vec4 u_table[8];\n"
   "uniform float u_scale[4];\n"
   "void main() {\n"
   "  int i = int(mod(floor(gl_FragCoord.x), 8.0));\n"
   "  int j = int(floor(gl_FragCoord.y));\n"
   "  vec4 local[6];\n"
   "  for (int k = 0; k < 6; k++)\n"
   "    local[k] = vec4(float(k) * 20.0 + 1.0, float(k) * 20.0 + 2.0, 0.0, 0.0) / 255.0;\n"
   "  local[int(mod(float(j), 6.0))] = u_table[i];\n"
   "  vec4 c = local[int(mod(float(i + j), 6.0))];\n"
   "  gl_FragColor = vec4(c.x, c.y, u_scale[int(mod(float(j), 4.0))], u_table[7 - i].w);\n"
   "}\n";

static void table_value(int i, float out[4])
{
   out[0] = (float)(i * 3 + 1);
   out[1] = (float)(100 + i);
   out[2] = (float)(200 - i * 5);
   out[3] = (float)(240 - i * 7);
}

static const int scale_value[4] = {7, 50, 90, 130};

static void test_fragment_indexing(void)
{
   GLuint prog = build_program(pass_vs, fs_index);
   check(prog != 0, "building the fragment indexing program");
   if (!prog)
      return;
   glUseProgram(prog);
   GLfloat table[8][4], scale[4];
   for (int i = 0; i < 8; i++) {
      table_value(i, table[i]);
      for (int c = 0; c < 4; c++)
         table[i][c] /= 255.0f;
   }
   for (int k = 0; k < 4; k++)
      scale[k] = (float)scale_value[k] / 255.0f;
   GLint lt = glGetUniformLocation(prog, "u_table"), ls = glGetUniformLocation(prog, "u_scale");
   check(lt >= 0 && ls >= 0, "fragment indexing: uniform locations");
   glUniform4fv(lt, 8, &table[0][0]);
   glUniform1fv(ls, 4, scale);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl("fragment indexing draw");
   egl_fixture_read(W, H, pixels, false);
   check_gl("glReadPixels");
   for (int r = 0; r < H; r++)
      for (int x = 0; x < W; x++) {
         int i = x % 8, j = r;
         float local[6][2], t[4], u[4];
         for (int k = 0; k < 6; k++) {
            local[k][0] = (float)(k * 20 + 1);
            local[k][1] = (float)(k * 20 + 2);
         }
         table_value(i, t);
         local[j % 6][0] = t[0];
         local[j % 6][1] = t[1];
         table_value(7 - i, u);
         int s = (i + j) % 6;
         uint8_t want[4] = {(uint8_t)local[s][0], (uint8_t)local[s][1],
                            (uint8_t)scale_value[j % 4], (uint8_t)u[3]};
         expect_pixel(x, r, want, "fragment shader dynamic indexing");
      }
   check_mismatches(&mismatches,
                    "fragment shader: uniform and local arrays with per-pixel indices");
   glDisableVertexAttribArray(0);
   glDeleteProgram(prog);
}

/* ---- vertex shader: the index is a per-draw attribute ---- */

static const char vs_index[] =
   "attribute vec2 a_pos;\n"
   "attribute float a_idx;\n"
   "uniform vec4 u_colors[5];\n"
   "varying vec4 v_color;\n"
   "void main() {\n"
   "  int k = int(a_idx);\n"
   "  vec4 tmp[3];\n"
   "  tmp[0] = vec4(10.0, 20.0, 30.0, 40.0) / 255.0;\n"
   "  tmp[1] = vec4(50.0, 60.0, 70.0, 80.0) / 255.0;\n"
   "  tmp[2] = vec4(90.0, 100.0, 110.0, 120.0) / 255.0;\n"
   "  tmp[k - (k / 3) * 3].z = u_colors[k].z;\n"
   "  v_color = vec4(u_colors[k].x, tmp[2 - k + (k / 3) * 3].yz, u_colors[4 - k].w);\n"
   "  gl_Position = vec4(a_pos, 0.0, 1.0);\n"
   "}\n";
static const char fs_color[] =
   "precision mediump float;\n"
   "varying vec4 v_color;\n"
   "void main() { gl_FragColor = v_color; }\n";

static void test_vertex_indexing(void)
{
   GLuint prog = build_program(vs_index, fs_color);
   check(prog != 0, "building the vertex indexing program");
   if (!prog)
      return;
   glUseProgram(prog);
   GLfloat colors[5][4];
   for (int k = 0; k < 5; k++)
      for (int c = 0; c < 4; c++)
         colors[k][c] = (float)(k * 40 + c * 9 + 3) / 255.0f;
   glUniform4fv(glGetUniformLocation(prog, "u_colors"), 5, &colors[0][0]);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   for (int k = 0; k < 5; k++) {
      glVertexAttrib1f(1, (float)k);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      check_gl("vertex indexing draw");
      egl_fixture_read(W, H, pixels, false);
      int tmp[3][4] = {{10, 20, 30, 40}, {50, 60, 70, 80}, {90, 100, 110, 120}};
      tmp[k % 3][2] = k * 40 + 2 * 9 + 3;
      int r = 2 - k % 3;
      uint8_t want[4] = {(uint8_t)(k * 40 + 3), (uint8_t)tmp[r][1], (uint8_t)tmp[r][2],
                         (uint8_t)((4 - k) * 40 + 3 * 9 + 3)};
      char what[64];
      snprintf(what, sizeof(what), "vertex shader dynamic indexing, index %d", k);
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            expect_pixel(x, y, want, what);
      check_mismatches(&mismatches, what);
   }
   glDisableVertexAttribArray(0);
   glDeleteProgram(prog);
}

/* ---- loops: a local array filled from a uniform array, summed up to a per-pixel bound ---- */

static const char fs_loop[] =
   "precision highp float;\n"
   "uniform float u_w[6];\n"
   "void main() {\n"
   "  float acc[6];\n"
   "  for (int k = 0; k < 6; k++)\n"
   "    acc[k] = u_w[k];\n"
   "  int n = int(mod(floor(gl_FragCoord.x), 6.0));\n"
   "  float s = 0.0;\n"
   "  for (int k = 0; k < 6; k++) {\n"
   "    if (k > n)\n"
   "      break;\n"
   "    s += acc[k];\n"
   "  }\n"
   "  acc[n] = 1.0 / 255.0;\n"
   "  gl_FragColor = vec4(s, acc[5 - n], acc[n], 1.0);\n"
   "}\n";

static void test_loop_indexing(void)
{
   GLuint prog = build_program(pass_vs, fs_loop);
   check(prog != 0, "building the loop indexing program");
   if (!prog)
      return;
   glUseProgram(prog);
   GLfloat w[6];
   for (int k = 0; k < 6; k++)
      w[k] = (float)((k + 1) * 10) / 255.0f;
   glUniform1fv(glGetUniformLocation(prog, "u_w"), 6, w);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl("loop indexing draw");
   egl_fixture_read(W, H, pixels, false);
   for (int r = 0; r < H; r++)
      for (int x = 0; x < W; x++) {
         int n = x % 6, sum = 0;
         for (int k = 0; k <= n; k++)
            sum += (k + 1) * 10;
         int other = (6 - n) * 10;   /* 5 - n is never n */
         uint8_t want[4] = {(uint8_t)sum, (uint8_t)other, 1, 255};
         expect_pixel(x, r, want, "loop indexing");
      }
   check_mismatches(&mismatches, "fragment shader: arrays indexed by loop counters, early break");
   glDisableVertexAttribArray(0);
   glDeleteProgram(prog);
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }

   glClearColor(0, 0, 0, 0);
   test_fragment_indexing();
   test_vertex_indexing();
   test_loop_indexing();

   egl_fixture_fini(&fx);
   return check_report();
}
