/* The GLSL path against huge arrays that are not uniforms (glCompileShader / glLinkProgram):
 *  1. local and global variables, arrays of structs, function parameters, varyings written
 *     by one stage only or by both, fragment outputs: each far over its limit fails with a
 *     log naming the limit, checked before anything is expanded (10^8 vec4s would be
 *     1.6 GB of registers); sizes whose vec4 count overflows 32 bits, which used to wrap to
 *     small counts, are among them; so do calls that inlining would expand exponentially;
 *  2. the largest legal sizes still work: a local array indexed at run time that fills the
 *     GPRs left draws the right pixels, one element more fails naming the registers;
 *     varyings filling GL_MAX_VARYING_VECTORS link. */
#include <stdlib.h>

#include "egl_fixture.h"

#define W 16
#define H 1

/* The largest float array indexed_array_shader() can index at run time: R600_MAX_GPRS (124,
 * pipe_r600sim/compiler/r600_mir.h) less the 5 registers its busiest instruction needs
 * besides the array (gl_FragCoord's and that instruction's temporaries; the loop counter
 * and the other values live across the loop are spilled to scratch, r600_spill.c). An
 * array is never spilled: it is indexed through AR in consecutive GPRs. */
#define MAX_INDEXED_FLOATS 119

static const char vs_src[] =
   "attribute vec4 pos;\n"
   "void main() { gl_Position = pos; }\n";

struct build {
   GLint compiled, linked;
   char log[600];        /* the start of the failing step's log */
};

static void build_program(const char *vs, const char *fs, struct build *b)
{
   memset(b, 0, sizeof(*b));
   GLuint sh[2] = { glCreateShader(GL_VERTEX_SHADER), glCreateShader(GL_FRAGMENT_SHADER) };
   const char *src[2] = { vs, fs };
   b->compiled = 1;
   for (int i = 0; i < 2; i++) {
      GLint ok = 0;
      glShaderSource(sh[i], 1, &src[i], NULL);
      glCompileShader(sh[i]);
      glGetShaderiv(sh[i], GL_COMPILE_STATUS, &ok);
      if (!ok && b->compiled) {
         b->compiled = 0;
         glGetShaderInfoLog(sh[i], sizeof(b->log), NULL, b->log);
      }
   }
   if (b->compiled) {
      GLuint p = glCreateProgram();
      glAttachShader(p, sh[0]);
      glAttachShader(p, sh[1]);
      glBindAttribLocation(p, 0, "pos");
      glLinkProgram(p);
      glGetProgramiv(p, GL_LINK_STATUS, &b->linked);
      glGetProgramInfoLog(p, sizeof(b->log), NULL, b->log);
      glDeleteProgram(p);
   }
   glDeleteShader(sh[0]);
   glDeleteShader(sh[1]);
}

/* ---------------------------------------------------------------- over the limits */

struct too_large {
   const char *what, *vs, *fs;
   const char *limit;    /* in the log */
};

static const struct too_large cases[] = {
   { "a local float[10^8]", NULL,
     "precision mediump float;\nuniform float u;\n"
     "void main() { float a[100000000]; a[7] = u; gl_FragColor = vec4(a[7]); }\n",
     "vec4 temporaries on top of the 1 in use; a shader may use at most 32767" },
   { "a global float[10^8]", NULL,
     "precision mediump float;\nuniform float u;\nfloat g[100000000];\n"
     "void main() { g[99999999] = u; gl_FragColor = vec4(g[99999999]); }\n",
     "vec4 temporaries on top of the 1 in use; a shader may use at most 32767" },
   { "a local array of 10^9 structs of 5 vec4s (over 2^32 vec4s)", NULL,
     "precision mediump float;\nuniform float u;\nstruct S { vec4 a; mat4 b; };\n"
     "void main() { S s[1000000000]; s[3].a = vec4(u); gl_FragColor = s[3].a; }\n",
     "vec4 temporaries on top of the 1 in use; a shader may use at most 32767" },
   { "a local mat4[2^30] (2^32 vec4s: 0 in 32 bits)", NULL,
     "precision mediump float;\nuniform float u;\n"
     "void main() { mat4 m[1073741824]; m[5][1] = vec4(u); gl_FragColor = m[5][1]; }\n",
     "vec4 temporaries on top of the 1 in use; a shader may use at most 32767" },
   { "a function parameter float[10^8]", NULL,
     "precision mediump float;\nuniform float u;\n"
     "float f(float a[100000000]) { return a[1]; }\n"
     "void main() { float b[100000000]; b[1] = u; gl_FragColor = vec4(f(b)); }\n",
     "vec4 temporaries on top of the 1 in use; a shader may use at most 32767" },
   { "a local float[40000] indexed with constants", NULL,
     "precision mediump float;\nuniform float u;\n"
     "void main() { float a[40000]; a[39999] = u; gl_FragColor = vec4(a[39999]); }\n",
     "vec4 temporaries on top of the 1 in use; a shader may use at most 32767" },
   { "a varying vec4[10^5] in both stages",
     "attribute vec4 pos;\nvarying vec4 v[100000];\n"
     "void main() { v[5] = pos; gl_Position = pos; }\n",
     "precision mediump float;\nvarying vec4 v[100000];\n"
     "void main() { gl_FragColor = v[5]; }\n",
     "GL_MAX_VARYING_VECTORS" },
   { "a varying mat4[2^30] the vertex shader alone writes (2^32 vec4s)",
     "attribute vec4 pos;\nvarying mat4 v[1073741824];\n"
     "void main() { v[1][2] = pos; gl_Position = pos; }\n",
     "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
     "GL_MAX_VARYING_VECTORS" },
   { "a varying vec4[17] (one over)",
     "attribute vec4 pos;\nvarying vec4 v[17];\n"
     "void main() { v[16] = pos; gl_Position = pos; }\n",
     "precision mediump float;\nvarying vec4 v[17];\n"
     "void main() { gl_FragColor = v[16]; }\n",
     "GL_MAX_VARYING_VECTORS (16)" },
   { "a fragment output vec4[10^6] (GLSL ES 3.00)",
     "#version 300 es\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n",
     "#version 300 es\nprecision mediump float;\nout vec4 c[1000000];\n"
     "void main() { c[0] = vec4(1.0); }\n",
     "GL_MAX_DRAW_BUFFERS" },
};

static void too_large(void)
{
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct too_large *c = &cases[i];
      struct build b;
      build_program(c->vs ? c->vs : vs_src, c->fs, &b);
      CHECK(!(b.compiled && b.linked), "%s: does not link", c->what);
      CHECK(strstr(b.log, c->limit) != NULL, "%s: the log names the limit \"%s\": %s", c->what,
            c->limit, b.log);
      printf("%s: %.160s\n", c->what, b.log);
   }
}

/* An attribute array is not GLSL ES 1.00 (section 4.3.3): a compile error, at any size. */
static void attribute_array(void)
{
   struct build b;
   build_program("attribute vec4 a[100000000];\nvoid main() { gl_Position = a[99999999]; }\n",
                 "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n", &b);
   CHECK(!b.compiled && b.log[0], "an attribute vec4[10^8] does not compile: %s", b.log);
}

/* 30 functions, each calling the one before twice: inlined, 2^30 copies of f0. The code
 * inlining expands is bounded by the shader's expression temporaries. */
static void fanned_out_calls(void)
{
   char fs[4096], *p = fs;
   p += sprintf(p, "precision mediump float;\nuniform float u;\n"
                   "float f0(float x) { return x * u; }\n");
   for (int i = 1; i < 30; i++)
      p += sprintf(p, "float f%d(float x) { return f%d(x) + f%d(x + 1.0); }\n", i, i - 1, i - 1);
   sprintf(p, "void main() { gl_FragColor = vec4(f29(u)); }\n");
   struct build b;
   build_program(vs_src, fs, &b);
   CHECK(b.compiled && !b.linked && strstr(b.log, "over 32767 expression temporaries"),
         "calls fanning out to 2^30 inlined copies fail to link, naming the limit: %s", b.log);
}

/* ---------------------------------------------------------------- the largest legal sizes */

/* A local float a[n], a[k] = k / 255 for every k (written at run time); pixel x reads
 * a[n - 1 - x * 7]. */
static void indexed_array_shader(char *fs, size_t size, int n)
{
   snprintf(fs, size,
            "precision highp float;\n"
            "void main() {\n"
            "  float a[%d];\n"
            "  for (int k = 0; k < %d; k++) a[k] = float(k) / 255.0;\n"
            "  gl_FragColor = vec4(a[%d - 1 - int(gl_FragCoord.x) * 7], 0.0, 0.0, 1.0);\n"
            "}\n", n, n, n);
}

static void largest_indexed_array(void)
{
   char fs[512];
   indexed_array_shader(fs, sizeof(fs), MAX_INDEXED_FLOATS);
   const char *attribs[] = { "pos", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs, attribs);
   CHECK(prog != 0, "a local float[%d] indexed at run time links", MAX_INDEXED_FLOATS);
   if (!prog)
      return;
   static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   uint8_t pixels[W * H * 4];
   egl_fixture_read(W, H, pixels, false);
   unsigned mismatches = 0;
   for (int x = 0; x < W; x++) {
      uint8_t want[4] = { (uint8_t)(MAX_INDEXED_FLOATS - 1 - x * 7), 0, 0, 255 };
      expect_rgba(pixels, W, x, 0, want, "float array at the limit", &mismatches);
   }
   check_mismatches(&mismatches, "a local float array at the GPR limit, indexed at run time");
   glDisableVertexAttribArray(0);
   glDeleteProgram(prog);
   check_gl("largest indexed array");

   struct build b;
   indexed_array_shader(fs, sizeof(fs), MAX_INDEXED_FLOATS + 1);
   build_program(vs_src, fs, &b);
   CHECK(!b.linked && strstr(b.log, "more than 124 registers"),
         "one float more does not link, the log naming the registers: %s", b.log);
}

/* vec4 v[16]: all of GL_MAX_VARYING_VECTORS. */
static void all_varyings(void)
{
   struct build b;
   build_program("attribute vec4 pos;\nvarying vec4 v[16];\n"
                 "void main() { for (int i = 0; i < 16; i++) v[i] = pos; gl_Position = pos; }\n",
                 "precision mediump float;\nvarying vec4 v[16];\n"
                 "void main() { gl_FragColor = v[0] + v[15]; }\n", &b);
   CHECK(b.compiled && b.linked, "a varying vec4[16] links: %s", b.log);
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 0, 0);
   if (err) {
      printf("FAIL: %s\n", err);
      return 1;
   }
   too_large();
   attribute_array();
   fanned_out_calls();
   largest_indexed_array();
   all_varyings();
   check_gl("the whole test");
   egl_fixture_fini(&fx);
   return check_report();
}
