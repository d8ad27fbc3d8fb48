/* GLSL ES 1.00 rules where glslang alone gives another answer than the spec: each shader is
 * compiled through glsl_compile and must be accepted or rejected as the GLSL ES 1.00.17 spec
 * says (the section is named with each case).
 *  - section 9 grammar: an array size in the type specifier ("float[2] a, b;", parameters);
 *  - section 5.10: a sequence of constant expressions is a constant expression (array
 *    sizes, const initializers, and global initializers, which section 4.3 wants constant);
 *    sequences with a non-constant operand stay non-constant;
 *  - section 6.1: a prototype and its definition agree on the return precision;
 *  - section 3.4: GL_<extension> is defined for the extensions the implementation supports
 *    (GL_OES_standard_derivatives, GL_EXT_frag_depth) and no other, though glslang knows
 *    more; defining or undefining a GL_ name is an error.
 * Values and line numbers of the rewritten forms are checked too (the array sizes through
 * the linked uniforms, the error lines through the log), and the time a hostile source
 * takes to fail. */
#include "glsl_frontend.h"
#include "check.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static bool compiles(enum ir_stage stage, const char *src, char *log, size_t log_size)
{
   struct glsl_shader *s = glsl_compile(stage, &src, NULL, 1);
   bool ok = s && glsl_shader_ok(s);
   if (log)
      snprintf(log, log_size, "%s", s ? glsl_shader_log(s) : "");
   glsl_shader_destroy(s);
   return ok;
}

#define VS IR_STAGE_VERTEX
#define FS IR_STAGE_FRAGMENT
#define ACCEPT(stage, src) expect(stage, src, true, __LINE__)
#define REJECT(stage, src) expect(stage, src, false, __LINE__)

static void expect(enum ir_stage stage, const char *src, bool want, int line)
{
   char log[1024];
   bool got = compiles(stage, src, log, sizeof(log));
   if (got != want)
      printf("%s:%d: %s\n%s", __FILE__, line, got ? "accepted" : "rejected", log);
   check_at(got == want, __FILE__, line, "%s", want ? "accepted" : "rejected");
}

static void test_array_type_specifier(void)
{
   /* section 9: type_specifier_no_prec : type_specifier_nonarray [ constant_expression ] */
   ACCEPT(VS, "void main() { float[2] x; x[1] = 1.0; gl_Position = vec4(x[1]); }\n");
   /* every declarator of the declaration is an array */
   ACCEPT(VS, "void main() { float[2] a, b; a[1] = 1.0; b[1] = a[1]; gl_Position = vec4(b[1]); }\n");
   REJECT(VS, "void main() { float[2] a, b; b = 1.0; gl_Position = vec4(0.0); }\n");
   /* parameters, C style and in the type; a struct type; a global */
   ACCEPT(VS, "void f(out float x[2]) { x[0] = 1.0; }\n"
              "void g(inout float[2] y) { y[1] = y[0]; }\n"
              "void main() { float[2] x; f(x); g(x); gl_Position = vec4(x[1]); }\n");
   ACCEPT(VS, "struct S { float v; };\nuniform S[3] s;\n"
              "void main() { gl_Position = vec4(s[2].v); }\n");
   /* the parameter's other declarators are other parameters */
   REJECT(VS, "void g(float[2] y, float z) { z[0] = 1.0; }\n"
              "void main() { gl_Position = vec4(0.0); }\n");
   /* section 5.8: arrays are not assignable */
   REJECT(VS, "void main() { float[2] x; float[2] y; x = y; gl_Position = vec4(0.0); }\n");
   /* the size must still be a constant integral expression */
   REJECT(VS, "uniform int n; void main() { float[n] x; gl_Position = vec4(0.0); }\n");
}

static void test_constant_sequences(void)
{
   /* section 5.10: no exclusion of the sequence operator in ES 1.00 */
   ACCEPT(VS, "uniform float uf[(1, 2)];\nvoid main() { gl_Position = vec4(uf[1]); }\n");
   ACCEPT(VS, "const float f = (1.0, 2.0);\nvoid main() { gl_Position = vec4(f); }\n");
   ACCEPT(VS, "const float f = 3.0 + (1.0, 2.0);\nvoid main() { gl_Position = vec4(f); }\n");
   ACCEPT(VS, "const float f = cos((1.0, 2.0));\nvoid main() { gl_Position = vec4(f); }\n");
   ACCEPT(VS, "const float cf = 2.0;\nfloat g = (cf, vec2(1.0), 3.0);\n"
              "void main() { gl_Position = vec4(g); }\n");
   ACCEPT(VS, "void main() { const float f = ((1.0, 2.0), (3.0, 4.0)); gl_Position = vec4(f); }\n");
   ACCEPT(FS, "precision mediump float;\nconst vec2 v = (1.0, vec2(2.0, 3.0));\n"
              "void main() { gl_FragColor = vec4(v, 0.0, 1.0); }\n");
   /* an operand that is not a constant expression */
   REJECT(VS, "uniform float u;\nconst float f = (u, 2.0);\nvoid main() { gl_Position = vec4(f); }\n");
   REJECT(VS, "uniform float u;\nfloat g = (1.0, u);\nvoid main() { gl_Position = vec4(g); }\n");
   REJECT(VS, "uniform float u;\nuniform float a[(u, 2)];\nvoid main() { gl_Position = vec4(a[0]); }\n");
   /* assignments and calls of user functions are never constant */
   REJECT(VS, "float x;\nconst float f = (x = 1.0, 2.0);\nvoid main() { gl_Position = vec4(f); }\n");
   REJECT(VS, "float h() { return 1.0; }\nconst float f = (h(), 2.0);\n"
              "void main() { gl_Position = vec4(f); }\n");
   /* sequences with side effects where no constant is needed keep compiling */
   ACCEPT(VS, "void main() { int i = 0; float r = float((i++, i)); gl_Position = vec4(r); }\n");

   /* a shader that is still rejected once rewritten has the rewritten shader's log, where
    * the real error is reported on its own line: the rewrite keeps the lines of what follows
    * a sequence spanning lines */
   char log[1024];
   compiles(VS, "const float f = (1.0,\n 2.0);\n\nvoid main() { gl_Position = vec4(f) }\n",
            log, sizeof(log));
   CHECK(strstr(log, "ERROR: 0:4:") != NULL, "error on line 4: %s", log);
   compiles(VS, "uniform float a[(1,\n2)];\nvoid main() {\n gl_Position = vec4(a[0]);\n"
                " #error here\n}\n", log, sizeof(log));
   CHECK(strstr(log, "ERROR: 0:5:") != NULL, "#error on line 5: %s", log);
}

/* The rewrite runs on every shader that fails to compile: sources built to make its copies
 * grow exponentially, or nesting deeper than any accepted tree, fail within a second. */
static void test_hostile_sequences(void)
{
   ACCEPT(VS, "const float f = (1.0, (2.0, (3.0, (4.0, 5.0))));\n"
              "void main() { gl_Position = vec4(f); }\n");
   static char src[200000];
   for (unsigned n = 900; n <= 9000; n *= 10) {
      char *p = src + sprintf(src, "uniform float u;\nfloat g = ");
      for (unsigned i = 0; i < n; i++)
         p += sprintf(p, "(u, ");
      p += sprintf(p, "1.0");
      for (unsigned i = 0; i < n; i++)
         *p++ = ')';
      sprintf(p, ";\nvoid main() { gl_Position = vec4(g); }\n");
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      bool ok = compiles(VS, src, NULL, 0);
      clock_gettime(CLOCK_MONOTONIC, &t1);
      double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
      CHECK(!ok && s < 1.0, "%u nested sequences: rejected in %.2f s", n, s);
   }
}

/* the size of uniform array `name` in the linked program, 0 if absent */
static int uniform_size(const char *vs_src, const char *name)
{
   const char *fs_src = "void main() { gl_FragColor = vec4(1.0); }\n";
   struct glsl_shader *vs = glsl_compile(VS, &vs_src, NULL, 1);
   struct glsl_shader *fs = glsl_compile(FS, &fs_src, NULL, 1);
   int size = 0;
   if (glsl_shader_ok(vs) && glsl_shader_ok(fs)) {
      struct glsl_program *p = glsl_link(vs, fs, NULL, 0);
      for (unsigned i = 0; p->ok && i < p->num_uniforms; i++)
         if (strcmp(p->uniforms[i].name, name) == 0)
            size = p->uniforms[i].size;
      glsl_program_destroy(p);
   }
   glsl_shader_destroy(vs);
   glsl_shader_destroy(fs);
   return size;
}

static void test_rewritten_sizes(void)
{
   CHECK(uniform_size("uniform float uf[(1, 3)];\n"
                      "void main() { gl_Position = vec4(uf[2]); }\n", "uf") == 3);
   CHECK(uniform_size("uniform vec4[(7, 2) + 3] a, b;\n"
                      "void main() { gl_Position = a[4] + b[4]; }\n", "b") == 5);
}

static void test_return_precision(void)
{
   /* section 6.1 and piglit's mismatched-return-precision.frag */
   REJECT(FS, "precision mediump float;\nfloat get_three();\n"
              "highp float get_three() { return 3.0; }\n"
              "void main() { gl_FragColor = vec4(get_three()); }\n");
   ACCEPT(FS, "precision mediump float;\nfloat get_three();\n"
              "mediump float get_three() { return 3.0; }\n"
              "void main() { gl_FragColor = vec4(get_three()); }\n");
   ACCEPT(FS, "precision mediump float;\nhighp float get_three();\n"
              "highp float get_three() { return 3.0; }\n"
              "void main() { gl_FragColor = vec4(get_three()); }\n");
   /* the default precision in effect at each declaration counts */
   REJECT(VS, "precision mediump float;\nfloat f();\nprecision highp float;\n"
              "float f() { return 1.0; }\nvoid main() { gl_Position = vec4(f()); }\n");
   /* the call before the definition, and overloads of one name */
   REJECT(VS, "lowp vec2 f(float x);\nfloat f(vec2 v) { return v.x; }\n"
              "void main() { gl_Position = vec4(f(f(1.0))); }\n"
              "mediump vec2 f(float x) { return vec2(x); }\n");
   ACCEPT(VS, "lowp vec2 f(float x);\nfloat f(vec2 v) { return v.x; }\n"
              "void main() { gl_Position = vec4(f(f(1.0))); }\n"
              "lowp vec2 f(float x) { return vec2(x); }\n");
   /* no precision on either side: bool, structs */
   ACCEPT(VS, "struct S { float v; };\nS s();\nbool b();\nS s() { return S(1.0); }\n"
              "bool b() { return true; }\n"
              "void main() { gl_Position = vec4(b() ? s().v : 0.0); }\n");
}

static void test_extension_macros(void)
{
   ACCEPT(FS, "#ifndef GL_OES_standard_derivatives\n#error\n#endif\n"
              "#if GL_EXT_frag_depth != 1 || !defined(GL_ES) || !defined GL_FRAGMENT_PRECISION_HIGH\n"
              "#error\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }\n");
   /* known to glslang, not exposed */
   const char *const unexposed[] = { "GL_EXT_shadow_samplers",
                                     "GL_OES_texture_3D", "GL_EXT_YUV_target",
                                     "GL_EXT_shader_non_constant_global_initializers" };
   for (unsigned i = 0; i < sizeof(unexposed) / sizeof(unexposed[0]); i++) {
      char src[512];
      snprintf(src, sizeof(src), "#if defined %s || defined(%s)\n#error\n#endif\n"
               "#ifdef %s\n#error\n#endif\n#define F %s\n#ifdef F\n#else\n#error\n#endif\n"
               "void main() { gl_Position = vec4(0.0); }\n", unexposed[i], unexposed[i],
               unexposed[i], unexposed[i]);
      CHECK(compiles(VS, src, NULL, 0), "%s is not defined", unexposed[i]);
      /* an undefined name is no value */
      snprintf(src, sizeof(src), "void main() { gl_Position = vec4(float(%s)); }\n",
               unexposed[i]);
      CHECK(!compiles(VS, src, NULL, 0), "%s is not a value", unexposed[i]);
   }
   REJECT(VS, "#define GL_OES_texture_3D 1\nvoid main() { gl_Position = vec4(0.0); }\n");
   REJECT(VS, "#undef GL_OES_standard_derivatives\nvoid main() { gl_Position = vec4(0.0); }\n");
   /* section 3.4: "require" of an unsupported extension fails, "enable" and "warn" warn and
    * turn nothing on; the log names the extension as written */
   char log[1024];
   REJECT(VS, "#extension GL_OES_texture_3D : require\n"
              "void main() { gl_Position = vec4(0.0); }\n");
   compiles(VS, "#extension GL_OES_texture_3D : require\n"
                "void main() { gl_Position = vec4(0.0); }\n", log, sizeof(log));
   CHECK(strstr(log, "GL_OES_texture_3D") && !strstr(log, "unexposed"), "log: %s", log);
   ACCEPT(FS, "#extension GL_OES_texture_3D : enable\n"
              "#extension GL_EXT_shadow_samplers : warn\n"
              "void main() { gl_FragColor = vec4(1.0); }\n");
   compiles(FS, "#extension GL_OES_texture_3D : enable\n"
                "void main() { gl_FragColor = vec4(1.0); }\n", log, sizeof(log));
   CHECK(strstr(log, "WARNING") && strstr(log, "GL_OES_texture_3D"), "log: %s", log);
   REJECT(FS, "#extension GL_OES_texture_3D : enable\n"
              "precision mediump float; uniform mediump sampler3D e;\n"
              "void main() { gl_FragColor = texture3D(e, vec3(0.0)); }\n");
   REJECT(FS, "#extension GL_EXT_shadow_samplers : enable\n"
              "precision mediump float; uniform sampler2DShadow e;\n"
              "void main() { gl_FragColor = vec4(shadow2DEXT(e, vec3(0.0))); }\n");
   ACCEPT(VS, "#extension GL_OES_standard_derivatives : enable\n"
              "void main() { gl_Position = vec4(float(GL_OES_standard_derivatives)); }\n");
}

int main(void)
{
   test_array_type_specifier();
   test_constant_sequences();
   test_hostile_sequences();
   test_rewritten_sizes();
   test_return_precision();
   test_extension_macros();
   return check_report();
}
