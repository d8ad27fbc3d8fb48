/* Shaders that need more than the 124 GPRs link and draw the right pixels because the
 * compiler spills values to scratch memory (pipe_r600sim/compiler/r600_spill.c):
 *  1. a fragment shader with N = 140 floats live at once, v_i = floor(gl_FragCoord.x) + i,
 *     folded in order into an order-sensitive hash s = (3 s + v_i) mod 4096 (exact in
 *     float: every step is an integer below 2^24 and the modulus a power of two), so every
 *     spilled value must come back exactly and in its place; the pixels equal the hash
 *     computed here on the CPU;
 *  2. 130 vec4 values live at once (all four components used), against the same
 *     computation arranged so that each value dies at once (no spilling): identical pixels;
 *  3. a vertex shader with 140 live floats (the VS's scratch ring), its hash passed on as a
 *     varying, against the CPU hash;
 *  4. values live across a loop (spilled in the loop body) and in branches;
 *  5. copies of uniforms live at once (recomputed from the constant buffer, not spilled);
 *  6. derivatives of spilled values in a branch half of each quad takes.
 * Run on both chips and both engines (meson.build). */
#include <stdarg.h>
#include <stdlib.h>

#include "egl_fixture.h"

#define W 16
#define H 4

static const char vs_plain[] =
   "attribute vec4 pos;\n"
   "void main() { gl_Position = pos; }\n";
static const char *const attribs[] = { "pos", NULL };

/* Appends to a growing source string. */
struct src {
   char *s;
   size_t len, cap;
};

static void add(struct src *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct src *b, const char *fmt, ...)
{
   va_list ap;
   for (;;) {
      va_start(ap, fmt);
      int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
      va_end(ap);
      if (n >= 0 && b->len + (size_t)n < b->cap) {
         b->len += (size_t)n;
         return;
      }
      b->cap = b->cap * 2 + (size_t)n + 256;
      b->s = realloc(b->s, b->cap);
      if (!b->s)
         abort();
   }
}

/* CPU reference of the hash over v_i = x + i, i < n. */
static unsigned hash_ref(unsigned x, unsigned n)
{
   unsigned s = 0;
   for (unsigned i = 0; i < n; i++)
      s = (3 * s + x + i) % 4096;
   return s;
}

static void draw_quad(GLuint prog)
{
   static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisableVertexAttribArray(0);
}

/* The colour of hash s: r = s mod 256, g = s / 256 (bytes). */
static const char hash_colour[] =
   "vec4(mod(s, 256.0) / 255.0, floor(s / 256.0) / 255.0, 0.0, 1.0)";

static void check_hash_pixels(GLuint prog, unsigned n, const char *what)
{
   uint8_t px[W * H * 4];
   draw_quad(prog);
   egl_fixture_read(W, H, px, false);
   unsigned bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         unsigned s = hash_ref((unsigned)x, n);
         uint8_t want[4] = { (uint8_t)(s % 256), (uint8_t)(s / 256), 0, 255 };
         expect_rgba(px, W, x, y, want, what, &bad);
      }
   check_mismatches(&bad, what);
}

/* 1. N floats live at once in a fragment shader. */
static void live_floats(unsigned n)
{
   struct src fs = {0};
   add(&fs, "precision highp float;\nvoid main() {\n  float x = floor(gl_FragCoord.x);\n");
   for (unsigned i = 0; i < n; i++)
      add(&fs, "  float v%u = x + %u.0;\n", i, i);
   add(&fs, "  float s = 0.0;\n");
   for (unsigned i = 0; i < n; i++)
      add(&fs, "  s = mod(3.0 * s + v%u, 4096.0);\n", i);
   add(&fs, "  gl_FragColor = %s;\n}\n", hash_colour);
   GLuint prog = egl_fixture_program(vs_plain, fs.s, attribs);
   CHECK(prog != 0, "a fragment shader with %u floats live at once links", n);
   if (prog) {
      char what[96];
      snprintf(what, sizeof(what), "%u live floats: the CPU hash", n);
      check_hash_pixels(prog, n, what);
      glDeleteProgram(prog);
   }
   free(fs.s);
   check_gl("live floats");
}

/* 2. N vec4s live at once, against the same sums without the values living long. */
static void live_vec4s(unsigned n)
{
   struct src spill = {0}, plain = {0};
   const char *head =
      "precision highp float;\nuniform vec4 u;\nvoid main() {\n"
      "  vec4 p = vec4(floor(gl_FragCoord.xy), gl_FragCoord.x * 0.25, 1.0) * u;\n"
      "  vec4 s = vec4(0.0);\n";
   add(&spill, "%s", head);
   add(&plain, "%s", head);
   for (unsigned i = 0; i < n; i++)
      add(&spill, "  vec4 v%u = p * %u.0;\n", i, i + 1);
   for (unsigned i = 0; i < n; i++) {
      add(&spill, "  s = s * 0.5 + v%u;\n", i);
      add(&plain, "  s = s * 0.5 + p * %u.0;\n", i + 1);
   }
   add(&spill, "  gl_FragColor = fract(s);\n}\n");
   add(&plain, "  gl_FragColor = fract(s);\n}\n");
   GLuint progs[2] = { egl_fixture_program(vs_plain, spill.s, attribs),
                       egl_fixture_program(vs_plain, plain.s, attribs) };
   CHECK(progs[0] && progs[1], "%u live vec4s and their short-lived arrangement link", n);
   uint8_t px[2][W * H * 4];
   for (unsigned k = 0; k < 2 && progs[0] && progs[1]; k++) {
      glUseProgram(progs[k]);
      glUniform4f(glGetUniformLocation(progs[k], "u"), 0.37f, 0.61f, 0.83f, 0.29f);
      draw_quad(progs[k]);
      egl_fixture_read(W, H, px[k], false);
   }
   if (progs[0] && progs[1]) {
      unsigned bad = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            expect_rgba(px[0], W, x, y, &px[1][(y * W + x) * 4], "live vec4s", &bad);
      check_mismatches(&bad, "live vec4s: the same pixels as without spilling");
      /* the picture is not flat: the comparison means something */
      CHECK(memcmp(px[1], px[1] + 4, 4) != 0, "live vec4s: neighbouring pixels differ");
   }
   glDeleteProgram(progs[0]);
   glDeleteProgram(progs[1]);
   free(spill.s);
   free(plain.s);
   check_gl("live vec4s");
}

/* 3. N floats live at once in a vertex shader; x comes from the attribute (constant). */
static void live_vs_floats(unsigned n, unsigned x)
{
   struct src vs = {0};
   add(&vs, "attribute vec4 pos;\nattribute float k;\nvarying float h;\nvoid main() {\n");
   for (unsigned i = 0; i < n; i++)
      add(&vs, "  float v%u = k + %u.0;\n", i, i);
   add(&vs, "  float s = 0.0;\n");
   for (unsigned i = 0; i < n; i++)
      add(&vs, "  s = mod(3.0 * s + v%u, 4096.0);\n", i);
   add(&vs, "  h = s;\n  gl_Position = pos;\n}\n");
   static const char fs[] =
      "precision highp float;\nvarying float h;\n"
      "void main() { float s = floor(h + 0.5);\n"
      "  gl_FragColor = vec4(mod(s, 256.0) / 255.0, floor(s / 256.0) / 255.0, 0.0, 1.0); }\n";
   static const char *const vs_attribs[] = { "pos", "k", NULL };
   GLuint prog = egl_fixture_program(vs.s, fs, vs_attribs);
   CHECK(prog != 0, "a vertex shader with %u floats live at once links", n);
   if (prog) {
      glVertexAttrib1f(1, (float)x);
      uint8_t px[W * H * 4];
      draw_quad(prog);
      egl_fixture_read(W, H, px, false);
      unsigned s = hash_ref(x, n), bad = 0;
      uint8_t want[4] = { (uint8_t)(s % 256), (uint8_t)(s / 256), 0, 255 };
      for (int y = 0; y < H; y++)
         for (int px_x = 0; px_x < W; px_x++)
            expect_rgba(px, W, px_x, y, want, "VS live floats", &bad);
      check_mismatches(&bad, "VS live floats: the CPU hash");
      glDeleteProgram(prog);
   }
   free(vs.s);
   check_gl("VS live floats");
}

/* 4. N floats live across a loop that uses them all, and through a branch: each iteration
 * j folds every v_i into s (the hash over n values, repeated `iters` times), then a branch
 * on x's parity adds 1 to odd columns' hash from the values again. */
static void live_across_loop(unsigned n, unsigned iters)
{
   struct src fs = {0};
   add(&fs, "precision highp float;\nvoid main() {\n  float x = floor(gl_FragCoord.x);\n");
   for (unsigned i = 0; i < n; i++)
      add(&fs, "  float v%u = x + %u.0;\n", i, i);
   add(&fs, "  float s = 0.0;\n  for (int j = 0; j < %u; j++) {\n", iters);
   for (unsigned i = 0; i < n; i++)
      add(&fs, "    s = mod(3.0 * s + v%u, 4096.0);\n", i);
   add(&fs, "  }\n  if (mod(x, 2.0) == 1.0) {\n    s = mod(s + v%u - v%u, 4096.0);\n  }\n",
       n - 1, n - 2);
   add(&fs, "  gl_FragColor = %s;\n}\n", hash_colour);
   GLuint prog = egl_fixture_program(vs_plain, fs.s, attribs);
   CHECK(prog != 0, "%u floats live across a loop link", n);
   if (prog) {
      uint8_t px[W * H * 4];
      draw_quad(prog);
      egl_fixture_read(W, H, px, false);
      unsigned bad = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            unsigned s = 0;
            for (unsigned j = 0; j < iters; j++)
               for (unsigned i = 0; i < n; i++)
                  s = (3 * s + (unsigned)x + i) % 4096;
            if (x % 2 == 1)
               s = (s + 1) % 4096;
            uint8_t want[4] = { (uint8_t)(s % 256), (uint8_t)(s / 256), 0, 255 };
            expect_rgba(px, W, x, y, want, "loop", &bad);
         }
      check_mismatches(&bad, "values live across a loop and a branch: the CPU hash");
      glDeleteProgram(prog);
   }
   free(fs.s);
   check_gl("live across a loop");
}

/* 5. N uniform vec4s copied to locals that stay live: the compiler recomputes them from
 * the constant buffer where they are used instead of spilling them. u[i] = (i, 0, 0, 0). */
static void live_uniforms(unsigned n)
{
   struct src fs = {0};
   add(&fs, "precision highp float;\nuniform vec4 u[%u];\nvoid main() {\n"
            "  float x = floor(gl_FragCoord.x);\n", n);
   for (unsigned i = 0; i < n; i++)
      add(&fs, "  vec4 v%u = u[%u];\n", i, i);
   add(&fs, "  float s = 0.0;\n");
   for (unsigned i = 0; i < n; i++)
      add(&fs, "  s = mod(3.0 * s + x + v%u.x, 4096.0);\n", i);
   add(&fs, "  gl_FragColor = %s;\n}\n", hash_colour);
   GLuint prog = egl_fixture_program(vs_plain, fs.s, attribs);
   CHECK(prog != 0, "%u live uniform copies link", n);
   if (prog) {
      GLfloat *u = calloc(4 * n, sizeof(*u));
      for (unsigned i = 0; i < n; i++)
         u[4 * i] = (GLfloat)i;
      glUseProgram(prog);
      glUniform4fv(glGetUniformLocation(prog, "u"), (GLsizei)n, u);
      free(u);
      check_hash_pixels(prog, n, "live uniform copies: the CPU hash");
      glDeleteProgram(prog);
   }
   free(fs.s);
   check_gl("live uniforms");
}

/* 6. Derivatives of spilled values taken in a branch that only the left pixel of each
 * quad column pair enters: dFdx reads the right neighbour, which sits outside the branch
 * and must still find its value (a pixel shader's fills cover whole quads). With
 * v_i = x^2 + i, dFdx(v_i) = (x + 1)^2 - x^2 = 2x + 1 on the left pixels; blue =
 * (sum of the n derivatives) mod 256 there, 0 on the right ones; red and green hash the v_i
 * as in 1. */
static void derivatives_in_branch(unsigned n)
{
   struct src fs = {0};
   add(&fs, "#extension GL_OES_standard_derivatives : enable\n"
            "precision highp float;\nvoid main() {\n  float x = floor(gl_FragCoord.x);\n");
   for (unsigned i = 0; i < n; i++)
      add(&fs, "  float v%u = x * x + %u.0;\n", i, i);
   add(&fs, "  float d = 0.0;\n  if (mod(x, 2.0) == 0.0) {\n");
   for (unsigned i = 0; i < n; i++)
      add(&fs, "    d += dFdx(v%u);\n", i);
   add(&fs, "  }\n  float s = 0.0;\n");
   for (unsigned i = 0; i < n; i++)
      add(&fs, "  s = mod(3.0 * s + v%u, 4096.0);\n", i);
   add(&fs, "  gl_FragColor = vec4(mod(s, 256.0) / 255.0, floor(s / 256.0) / 255.0,"
            " mod(d, 256.0) / 255.0, 1.0);\n}\n");
   GLuint prog = egl_fixture_program(vs_plain, fs.s, attribs);
   CHECK(prog != 0, "derivatives of %u live floats in a branch link", n);
   if (prog) {
      uint8_t px[W * H * 4];
      draw_quad(prog);
      egl_fixture_read(W, H, px, false);
      unsigned bad = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            unsigned s = 0;
            for (unsigned i = 0; i < n; i++)
               s = (3 * s + (unsigned)(x * x) + i) % 4096;
            unsigned d = x % 2 == 0 ? n * (2 * (unsigned)x + 1) % 256 : 0;
            uint8_t want[4] = { (uint8_t)(s % 256), (uint8_t)(s / 256), (uint8_t)d, 255 };
            expect_rgba(px, W, x, y, want, "derivatives", &bad);
         }
      check_mismatches(&bad, "derivatives of spilled values in a branch: the CPU reference");
      glDeleteProgram(prog);
   }
   free(fs.s);
   check_gl("derivatives in a branch");
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 0, 0);
   if (err) {
      printf("FAIL: %s\n", err);
      return 1;
   }
   live_floats(140);
   live_vec4s(130);
   live_vs_floats(140, 5);
   live_across_loop(130, 3);
   live_uniforms(140);
   derivatives_in_branch(130);
   check_gl("the whole test");
   egl_fixture_fini(&fx);
   return check_report();
}
