/* bench/raster: rasterizer throughput of whatever EGL/GLES2 implementation the process
 * loads (ours through LD_LIBRARY_PATH, or Mesa through glvnd), on a surfaceless pbuffer:
 *  - small triangles: right triangles with 10-pixel legs, two per 10x10 cell of a grid over
 *    the surface, colour interpolated, no depth or blending (million triangles per second);
 *  - large fill: full-surface quads (two triangles), million pixels per second, in three
 *    variants: plain; depth-tested (LESS, depth writes on, each quad nearer than the last,
 *    so every pixel passes); blended (SRC_ALPHA, ONE_MINUS_SRC_ALPHA);
 *  - textured: the large fill and the small triangles sampling a 256x256 RGBA8 texture
 *    (bilinear, no mipmaps), the texture coordinates the window position over the surface;
 *  - every row again on a 4-sample surface (rows named NAME_4x).
 * Each measurement repeats draws (the whole small-triangle grid, or one full-surface quad,
 * per draw; glFinish after each round, rounds grown until one takes at least 1/8 of the
 * time) for the given number of seconds; the depth-tested fill's rounds are a depth clear
 * and all 64 quads. The output is one line per
 * measurement, "name value unit busy B", after a "renderer" line, where B is the process's
 * CPU time (all threads) over the wall time of the measurement: the threads kept busy,
 * which shows how much of the machine the run got on a shared machine. scripts/bench-raster
 * runs this program with our driver and with llvmpipe and builds the comparison table.
 *
 * For instruction counts (valgrind --tool=callgrind), a fixed amount of work: ROW runs only
 * the row of that name (e.g. small_tri_4x) and DRAWS replaces the timed rounds by exactly
 * DRAWS draws (depth row: DRAWS rounds); the difference of two such runs is the work of the
 * extra draws alone.
 *
 * usage: bench_raster [WIDTHxHEIGHT] [SECONDS] [ROW [DRAWS]]   (default 512x512, 1) */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#define CELL 10

static double clock_seconds(clockid_t id)
{
   struct timespec t;
   clock_gettime(id, &t);
   return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double now(void)
{
   return clock_seconds(CLOCK_MONOTONIC);
}

/* Wall and process CPU time at the start of the current measurement. */
static double wall_start, cpu_start;

static void start_measurement(void)
{
   wall_start = now();
   cpu_start = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

/* The row name suffix of the current surface: "" or "_4x". */
static const char *suffix = "";

/* The only row to run (NULL: all) and the fixed number of draws (0: timed rounds). */
static const char *only_row;
static unsigned long fixed_draws;

/* Whether row `name` (without the suffix) runs. */
static bool wanted(const char *name)
{
   size_t n = strlen(name);
   return !only_row || (strncmp(only_row, name, n) == 0 && strcmp(only_row + n, suffix) == 0);
}

/* Prints a result line with the threads kept busy since start_measurement. */
static void report(const char *name, double value, const char *unit)
{
   double busy = (clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start) / (now() - wall_start);
   printf("%s%s %.4g %s busy %.2f\n", name, suffix, value, unit, busy);
}

static void die(const char *what)
{
   fprintf(stderr, "bench_raster: %s (EGL error 0x%x, GL error 0x%x)\n", what, eglGetError(),
           glGetError());
   exit(1);
}

/* The surfaceless platform if the EGL offers it, else the default display. */
static EGLDisplay open_display(void)
{
   const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   if (ext && strstr(ext, "EGL_MESA_platform_surfaceless")) {
      PFNEGLGETPLATFORMDISPLAYEXTPROC get =
         (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
      if (get) {
         EGLDisplay d = get(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
         if (d != EGL_NO_DISPLAY)
            return d;
      }
   }
   return eglGetDisplay(EGL_DEFAULT_DISPLAY);
}

static EGLDisplay dpy;

/* A pbuffer of `samples` samples per pixel (0: single-sampled) with an ES 2.0 context,
 * both made current. The config must have exactly that many samples. */
static void setup_egl(int width, int height, EGLint samples)
{
   if (dpy == EGL_NO_DISPLAY) {
      dpy = open_display();
      if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL))
         die("no EGL display");
   }
   const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, 24, EGL_SAMPLE_BUFFERS, samples ? 1 : 0, EGL_SAMPLES, samples, EGL_NONE,
   };
   EGLConfig configs[64], config = NULL;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, config_attribs, configs, 64, &n))
      die("eglChooseConfig failed");
   for (EGLint i = 0; i < n && !config; i++) {
      EGLint s = -1;
      if (eglGetConfigAttrib(dpy, configs[i], EGL_SAMPLES, &s) && s == samples)
         config = configs[i];
   }
   if (!config) {
      fprintf(stderr, "bench_raster: no RGBA8 + depth 24 pbuffer config with %d samples\n",
              samples);
      exit(1);
   }
   const EGLint surf_attribs[] = { EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(dpy, config, surf_attribs);
   if (surf == EGL_NO_SURFACE)
      die("cannot create the pbuffer");
   eglBindAPI(EGL_OPENGL_ES_API);
   static const EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx))
      die("cannot make an ES 2.0 context current");
}

static GLuint shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok)
      die("shader compilation failed");
   return s;
}

static GLuint link_program(const char *vs, const char *fs)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "pos");
   glBindAttribLocation(p, 1, "color");
   glLinkProgram(p);
   GLint ok = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok)
      die("program link failed");
   return p;
}

/* The colour-interpolating program. */
static GLuint color_program(void)
{
   static const char vs[] = "attribute vec4 pos;\n"
                            "attribute vec4 color;\n"
                            "varying vec4 v_color;\n"
                            "void main() { gl_Position = pos; v_color = color; }\n";
   static const char fs[] = "precision mediump float;\n"
                            "varying vec4 v_color;\n"
                            "void main() { gl_FragColor = v_color; }\n";
   return link_program(vs, fs);
}

/* The texturing program: texture unit 0 at the window position over the surface, times
 * the colour (so that the blended rows keep their alpha). */
static GLuint texture_program(void)
{
   static const char vs[] = "attribute vec4 pos;\n"
                            "attribute vec4 color;\n"
                            "varying vec4 v_color;\n"
                            "varying vec2 v_tc;\n"
                            "void main() { gl_Position = pos; v_color = color;\n"
                            "              v_tc = pos.xy * 0.5 + 0.5; }\n";
   static const char fs[] = "precision mediump float;\n"
                            "uniform sampler2D tex;\n"
                            "varying vec4 v_color;\n"
                            "varying vec2 v_tc;\n"
                            "void main() { gl_FragColor = texture2D(tex, v_tc) * v_color; }\n";
   GLuint p = link_program(vs, fs);
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "tex"), 0);
   return p;
}

#define TEX_SIZE 256

/* A TEX_SIZE x TEX_SIZE RGBA8 texture of colour gradients, bilinear, no mipmaps, bound to
 * unit 0. */
static void setup_texture(void)
{
   unsigned char *texels = malloc(TEX_SIZE * TEX_SIZE * 4);
   if (!texels)
      die("out of memory");
   for (unsigned y = 0; y < TEX_SIZE; y++) {
      for (unsigned x = 0; x < TEX_SIZE; x++) {
         unsigned char *t = &texels[(y * TEX_SIZE + x) * 4];
         t[0] = (unsigned char)x;
         t[1] = (unsigned char)y;
         t[2] = (unsigned char)((x ^ y) & 0xff);
         t[3] = 255;
      }
   }
   GLuint tex;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, TEX_SIZE, TEX_SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   free(texels);
}

/* Vertex: clip position (x, y, z, 1) and colour. */
struct vertex {
   float pos[4];
   float color[4];
};

static void put(struct vertex *v, float x, float y, float z, const float color[4])
{
   *v = (struct vertex){ { x, y, z, 1.0f }, { color[0], color[1], color[2], color[3] } };
}

/* Window pixel (px, py) as clip coordinates of a width x height surface. */
static float cx(int px, int width) { return 2.0f * (float)px / (float)width - 1.0f; }
static float cy(int py, int height) { return 2.0f * (float)py / (float)height - 1.0f; }

static GLuint upload(const struct vertex *v, unsigned count)
{
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(count * sizeof(*v)), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(*v), (const void *)0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(*v), (const void *)(4 * sizeof(float)));
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   return vbo;
}

/* The small-triangle grid: two triangles per CELL x CELL cell. Returns the vertex count. */
static unsigned small_triangles(int width, int height, struct vertex **out)
{
   unsigned cols = (unsigned)(width / CELL), rows = (unsigned)(height / CELL);
   struct vertex *v = malloc((size_t)cols * rows * 6 * sizeof(*v));
   if (!v)
      die("out of memory");
   unsigned n = 0;
   for (unsigned r = 0; r < rows; r++) {
      for (unsigned c = 0; c < cols; c++) {
         int x0 = (int)c * CELL, y0 = (int)r * CELL, x1 = x0 + CELL, y1 = y0 + CELL;
         const float a[4] = { (float)c / (float)cols, (float)r / (float)rows, 0.5f, 1.0f };
         const float b[4] = { 1.0f - a[0], a[1], 0.25f, 1.0f };
         put(&v[n++], cx(x0, width), cy(y0, height), 0.0f, a);
         put(&v[n++], cx(x1, width), cy(y0, height), 0.0f, b);
         put(&v[n++], cx(x0, width), cy(y1, height), 0.0f, a);
         put(&v[n++], cx(x1, width), cy(y0, height), 0.0f, b);
         put(&v[n++], cx(x1, width), cy(y1, height), 0.0f, a);
         put(&v[n++], cx(x0, width), cy(y1, height), 0.0f, b);
      }
   }
   *out = v;
   return n;
}

/* `quads` full-surface quads, quad i at depth 0.9 - 1.8 * i / quads (nearer each time). */
static unsigned fill_quads(unsigned quads, float alpha, struct vertex **out)
{
   struct vertex *v = malloc((size_t)quads * 6 * sizeof(*v));
   if (!v)
      die("out of memory");
   unsigned n = 0;
   for (unsigned i = 0; i < quads; i++) {
      float z = 0.9f - 1.8f * (float)i / (float)quads;
      const float c[4] = { (float)(i % 7) / 7.0f, 0.5f, (float)(i % 3) / 3.0f, alpha };
      put(&v[n++], -1, -1, z, c);
      put(&v[n++], 1, -1, z, c);
      put(&v[n++], -1, 1, z, c);
      put(&v[n++], 1, -1, z, c);
      put(&v[n++], 1, 1, z, c);
      put(&v[n++], -1, 1, z, c);
   }
   *out = v;
   return n;
}

/* Draws repeatedly for `seconds`, `unit` vertices per draw, draw i taking the vertices from
 * (i * unit) % count on (count a multiple of unit); returns draws per second. Rounds of draws
 * end with glFinish and double while a round takes less than 1/8 of the time, so a slow
 * implementation is measured over short rounds too (a whole-surface quad per draw). */
static double measure(unsigned unit, unsigned count, double seconds)
{
   glDrawArrays(GL_TRIANGLES, 0, 6);   /* warm-up: shader variants, JIT */
   glFinish();
   start_measurement();
   unsigned round = 1, next = 0;
   double start = now(), elapsed = 0;
   unsigned long long draws = 0;
   if (fixed_draws) {
      round = (unsigned)fixed_draws;
      seconds = 0;
   }
   while (elapsed < seconds || draws == 0) {
      double t0 = now();
      for (unsigned i = 0; i < round; i++) {
         glDrawArrays(GL_TRIANGLES, (GLint)next, (GLsizei)unit);
         next = (next + unit) % count;
      }
      glFinish();
      draws += round;
      double t = now();
      elapsed = t - start;
      if (t - t0 < seconds / 8 && round < (1u << 20))
         round *= 2;
   }
   if (glGetError() != GL_NO_ERROR)
      die("GL error while drawing");
   return (double)draws / elapsed;
}

/* The centre pixel, to show the draws did something. */
static void report_centre(const char *name, int width, int height)
{
   unsigned char p[4] = { 0 };
   glReadPixels(width / 2, height / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   printf("# %s%s centre pixel %u %u %u %u\n", name, suffix, p[0], p[1], p[2], p[3]);
}

/* Small triangles: the grid drawn repeatedly. */
static void small_tri_row(const char *name, int width, int height, double seconds)
{
   struct vertex *v;
   unsigned n = small_triangles(width, height, &v);
   GLuint vbo = upload(v, n);
   free(v);
   double rate = measure(n, n, seconds) * (n / 3);
   report(name, rate / 1e6, "Mtri/s");
   report_centre(name, width, height);
   glDeleteBuffers(1, &vbo);
}

#define QUADS 64

/* Full-surface quads drawn repeatedly, with the state the caller set. */
static void fill_row(const char *name, int width, int height, double seconds, float alpha)
{
   struct vertex *v;
   unsigned n = fill_quads(QUADS, alpha, &v);
   GLuint vbo = upload(v, n);
   free(v);
   double rate = measure(6, n, seconds) * ((double)width * height);
   report(name, rate / 1e6, "Mpix/s");
   report_centre(name, width, height);
   glDeleteBuffers(1, &vbo);
}

/* Depth-tested quads: every round starts from a cleared depth buffer so that every quad
 * passes. */
static void fill_depth_row(int width, int height, double seconds)
{
   struct vertex *v;
   unsigned n = fill_quads(QUADS, 1.0f, &v);
   GLuint vbo = upload(v, n);
   free(v);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClear(GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 6);   /* warm-up */
   glFinish();
   start_measurement();
   double t0 = now();
   unsigned long long rounds = 0;
   while (fixed_draws ? rounds < fixed_draws : now() - t0 < seconds || rounds == 0) {
      glClear(GL_DEPTH_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLES, 0, (GLsizei)n);
      glFinish();
      rounds++;
   }
   double pixels = (double)width * height * QUADS;
   report("fill_depth", (double)rounds * pixels / (now() - t0) / 1e6, "Mpix/s");
   report_centre("fill_depth", width, height);
   glDisable(GL_DEPTH_TEST);
   glDeleteBuffers(1, &vbo);
}

/* Every row on the current surface. */
static void run_rows(int width, int height, double seconds)
{
   glViewport(0, 0, width, height);
   glClearColor(0, 0, 0, 1);
   glClearDepthf(1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

   GLuint plain = color_program(), textured = texture_program();
   setup_texture();
   glUseProgram(plain);
   if (wanted("small_tri"))
      small_tri_row("small_tri", width, height, seconds);
   if (wanted("fill_plain"))
      fill_row("fill_plain", width, height, seconds, 1.0f);
   if (wanted("fill_depth"))
      fill_depth_row(width, height, seconds);
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   if (wanted("fill_blend"))
      fill_row("fill_blend", width, height, seconds, 0.5f);
   glDisable(GL_BLEND);

   glUseProgram(textured);
   if (wanted("small_tri_tex"))
      small_tri_row("small_tri_tex", width, height, seconds);
   if (wanted("fill_tex"))
      fill_row("fill_tex", width, height, seconds, 1.0f);
   glUseProgram(0);
   glDeleteProgram(plain);
   glDeleteProgram(textured);
}

int main(int argc, char **argv)
{
   int width = 512, height = 512;
   double seconds = 1.0;
   if (argc > 1 && sscanf(argv[1], "%dx%d", &width, &height) != 2)
      width = 0;
   if (argc > 2)
      seconds = atof(argv[2]);
   if (argc > 3)
      only_row = argv[3];
   if (argc > 4)
      fixed_draws = strtoul(argv[4], NULL, 10);
   if (width < CELL || height < CELL || width > 4096 || height > 4096 || !(seconds > 0)) {
      fprintf(stderr, "usage: %s [WIDTHxHEIGHT] [SECONDS] [ROW [DRAWS]]   (10..4096 pixels, "
                      "seconds > 0)\n",
              argv[0]);
      return 2;
   }
   /* Single-sampled, then 4 samples per pixel. */
   for (int samples = 0; samples <= 4; samples += 4) {
      setup_egl(width, height, samples);
      suffix = samples ? "_4x" : "";
      if (!samples) {
         printf("renderer %s\n", (const char *)glGetString(GL_RENDERER));
         printf("size %dx%d\n", width, height);
      }
      run_rows(width, height, seconds);
   }
   return 0;
}
