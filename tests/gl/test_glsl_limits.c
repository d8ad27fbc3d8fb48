/* The GLSL front end bounded against tiny hostile shaders (glCompileShader / glLinkProgram):
 *  1. expressions nested far deeper than any real shader (u + u + ... with 12,000 and
 *     100,000 terms) fail to compile with a log, and the process survives, also when the
 *     application compiles from a thread with a 1 MB stack; so does a sum of 10^6 terms that
 *     macros expand from a few lines;
 *  2. the deepest expressions the front end accepts, alone and inlined through a chain of
 *     function calls, link on a thread with a 1 MB stack;
 *  3. uniform arrays far over the constant file (an array of 100,000,000 structs, a vec4 array
 *     of 2^31 - 1) fail to link within a second, the log naming the limit;
 *  4. a shader using the whole constant file in many uniforms still links, every uniform
 *     active and found. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "egl_fixture.h"

/* Sums of this many terms compile: MAX_AST_DEPTH in state_tracker/glsl/glsl_depth.h less
 * the levels of the function and statement around the sum. */
#define MAX_TERMS_ACCEPTED 990

static struct egl_fixture fx;

static const char vs_src[] =
   "attribute vec4 pos;\n"
   "void main() { gl_Position = pos; }\n";

static double now(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* "u + u + ... + u" with n terms (malloc'ed) */
static char *sum(const char *term, unsigned n)
{
   size_t tl = strlen(term);
   char *s = malloc(n * (tl + 3) + 1), *p = s;
   for (unsigned i = 0; i < n; i++) {
      if (i)
         p += sprintf(p, " + ");
      memcpy(p, term, tl);
      p += tl;
   }
   *p = 0;
   return s;
}

struct build {
   GLint compiled, linked;
   char log[512];        /* the start of the failing step's log */
   double seconds;
};

static void build_program(const char *fs_src, struct build *b)
{
   double t0 = now();
   memset(b, 0, sizeof(*b));
   GLuint vs = glCreateShader(GL_VERTEX_SHADER), fs = glCreateShader(GL_FRAGMENT_SHADER);
   glShaderSource(vs, 1, (const char *const[]){ vs_src }, NULL);
   glShaderSource(fs, 1, &fs_src, NULL);
   glCompileShader(vs);
   glCompileShader(fs);
   glGetShaderiv(fs, GL_COMPILE_STATUS, &b->compiled);
   if (!b->compiled) {
      glGetShaderInfoLog(fs, sizeof(b->log), NULL, b->log);
   } else {
      GLuint p = glCreateProgram();
      glAttachShader(p, vs);
      glAttachShader(p, fs);
      glLinkProgram(p);
      glGetProgramiv(p, GL_LINK_STATUS, &b->linked);
      glGetProgramInfoLog(p, sizeof(b->log), NULL, b->log);
      glDeleteProgram(p);
   }
   glDeleteShader(vs);
   glDeleteShader(fs);
   b->seconds = now() - t0;
}

/* ---------------------------------------------------------------- deep expressions */

static char *sum_shader(unsigned terms)
{
   char *e = sum("u", terms);
   char *s = malloc(strlen(e) + 200);
   sprintf(s, "precision mediump float;\nuniform float u;\n"
              "void main() { float x = %s; gl_FragColor = vec4(x); }\n", e);
   free(e);
   return s;
}

/* A chain of functions f0 .. f(n-1), each a sum of `terms` terms whose deepest term calls
 * the next: the IR inlines the whole chain into main, one sum below the other. */
static char *chain_shader(unsigned n, unsigned terms)
{
   char *e = sum("a", terms - 1);
   size_t size = 200 + n * (strlen(e) + 80);
   char *s = malloc(size), *p = s;
   p += sprintf(p, "precision mediump float;\nuniform float u;\n"
                   "float f%u(float a) { return a + %s; }\n", n - 1, e);
   for (unsigned i = n - 1; i-- > 0;)
      p += sprintf(p, "float f%u(float a) { return f%u(a) + %s; }\n", i, i + 1, e);
   sprintf(p, "void main() { gl_FragColor = vec4(f0(u)); }\n");
   free(e);
   return s;
}

static void deep_expressions(const char *where)
{
   static const unsigned terms[] = { 12000, 100000 };
   for (unsigned i = 0; i < 2; i++) {
      char *fs = sum_shader(terms[i]);
      struct build b;
      build_program(fs, &b);
      CHECK(b.compiled ? b.linked || b.log[0] : b.log[0] != 0,
            "%s: a sum of %u terms: compiles and links or fails with a log", where, terms[i]);
      printf("%s: %u terms: compiled %d linked %d in %.2f s: %.80s\n", where, terms[i],
             b.compiled, b.linked, b.seconds, b.log);
      free(fs);
   }
}

/* Macros expanding to a sum of 10^6 terms: too large for the compiler stack, so it fails
 * before glslang parses it. */
static void macro_expansion(const char *where)
{
   static const char fs[] =
      "precision mediump float;\nuniform float u;\n"
      "#define A u+u+u+u+u+u+u+u+u+u\n#define B A+A+A+A+A+A+A+A+A+A\n"
      "#define C B+B+B+B+B+B+B+B+B+B\n#define D C+C+C+C+C+C+C+C+C+C\n"
      "#define E D+D+D+D+D+D+D+D+D+D\n#define F E+E+E+E+E+E+E+E+E+E\n"
      "void main() { float x = F; gl_FragColor = vec4(x); }\n";
   struct build b;
   build_program(fs, &b);
   CHECK(!b.compiled && strstr(b.log, "too large"),
         "%s: a sum of 10^6 terms from macros fails to compile: %s", where, b.log);
   printf("%s: 10^6 terms from macros: %.2f s: %.100s\n", where, b.seconds, b.log);
}

static void accepted_depths(const char *where)
{
   struct build b;
   char *fs = sum_shader(MAX_TERMS_ACCEPTED);
   build_program(fs, &b);
   CHECK(b.compiled && b.linked, "%s: a sum of %u terms links: %s", where, MAX_TERMS_ACCEPTED,
         b.log);
   free(fs);
   /* the depth counts through calls: 8 functions of 110 terms are a sum of 880 */
   fs = chain_shader(8, 110);
   build_program(fs, &b);
   CHECK(b.compiled && b.linked, "%s: 8 chained functions of 110 terms link: %s", where, b.log);
   free(fs);
   fs = chain_shader(64, 120);
   build_program(fs, &b);
   CHECK(!(b.compiled && b.linked) && b.log[0],
         "%s: 64 chained functions of 120 terms fail with a log", where);
   free(fs);
}

static void *on_small_stack(void *arg)
{
   (void)arg;
   if (!eglMakeCurrent(fx.dpy, fx.surf, fx.surf, fx.ctx)) {
      CHECK(0, "eglMakeCurrent on the 1 MB thread");
      return NULL;
   }
   deep_expressions("1 MB thread");
   macro_expansion("1 MB thread");
   accepted_depths("1 MB thread");
   eglMakeCurrent(fx.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   return NULL;
}

static void small_stack_thread(void)
{
   pthread_attr_t attr;
   pthread_t t;
   pthread_attr_init(&attr);
   pthread_attr_setstacksize(&attr, 1 << 20);
   eglMakeCurrent(fx.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   /* checked after the join: the thread's checks count in the same counters */
   bool started = pthread_create(&t, &attr, on_small_stack, NULL) == 0;
   if (started)
      pthread_join(t, NULL);
   pthread_attr_destroy(&attr);
   CHECK(started, "a thread with a 1 MB stack");
   CHECK(eglMakeCurrent(fx.dpy, fx.surf, fx.surf, fx.ctx), "context current again");
}

/* ---------------------------------------------------------------- uniform arrays */

static void huge_uniform_arrays(void)
{
   static const char *const shaders[] = {
      "precision mediump float;\nstruct S { vec4 a; float b; };\nuniform S s[100000000];\n"
      "void main() { gl_FragColor = s[7].a * s[99999999].b; }\n",
      "precision mediump float;\nuniform vec4 u[2147483647];\n"
      "void main() { gl_FragColor = u[2147483646]; }\n",
   };
   for (unsigned i = 0; i < 2; i++) {
      struct build b;
      build_program(shaders[i], &b);
      CHECK(!b.linked, "huge uniform array %u: does not link", i);
      CHECK(b.seconds < 1.0, "huge uniform array %u: fails within a second (%.2f s)", i,
            b.seconds);
      CHECK(strstr(b.log, "GL_MAX_FRAGMENT_UNIFORM_VECTORS") != NULL,
            "huge uniform array %u: the log names the limit: %s", i, b.log);
      printf("huge uniform array %u: %.3f s: %.120s\n", i, b.seconds, b.log);
   }
}

/* 256 vec4s, the whole constant file: 100 vec4 uniforms, a struct array of 50 x (vec4, mat2)
 * (150 vec4s) and a vec4 array of 6. */
static void many_uniforms(void)
{
   char *fs = malloc(20000), *p = fs;
   p += sprintf(p, "precision mediump float;\nstruct S { vec4 v; mat2 m; };\n"
                   "uniform S s[50];\nuniform vec4 w[6];\n");
   for (int i = 0; i < 100; i++)
      p += sprintf(p, "uniform vec4 u%d;\n", i);
   p += sprintf(p, "void main() { vec4 x = w[0] + w[5] + s[49].v + s[0].m[1].xyxy;\n");
   for (int i = 0; i < 100; i++)
      p += sprintf(p, "x += u%d;\n", i);
   sprintf(p, "gl_FragColor = x; }\n");

   double t0 = now();
   const char *attribs[] = { "pos", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs, attribs);
   double seconds = now() - t0;
   CHECK(prog != 0, "256 vec4s of uniforms link");
   CHECK(seconds < 1.0, "and within a second (%.2f s)", seconds);
   GLint active = 0;
   glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &active);
   CHECK_EQ(active, 100 + 50 * 2 + 1, "active uniforms");
   unsigned found = 0;
   char name[32];
   for (int i = 0; i < 100; i++) {
      sprintf(name, "u%d", i);
      found += glGetUniformLocation(prog, name) >= 0;
   }
   for (int i = 0; i < 50; i++) {
      sprintf(name, "s[%d].v", i);
      found += glGetUniformLocation(prog, name) >= 0;
      sprintf(name, "s[%d].m", i);
      found += glGetUniformLocation(prog, name) >= 0;
   }
   found += glGetUniformLocation(prog, "w[5]") >= 0;
   CHECK_EQ(found, 201, "uniforms found by name");
   glDeleteProgram(prog);
   free(fs);
   check_gl("many uniforms");
}

int main(void)
{
   const char *err = egl_fixture_init(&fx, 16, 16, 0, 0);
   if (err) {
      printf("FAIL: %s\n", err);
      return 1;
   }
   deep_expressions("main thread");
   macro_expansion("main thread");
   accepted_depths("main thread");
   small_stack_thread();
   huge_uniform_arrays();
   many_uniforms();
   check_gl("the whole test");
   egl_fixture_fini(&fx);
   return check_report();
}
