/* Pixels of consecutive draws overlapping on the raster threads (llvmpipe_backend draw.c):
 * one command buffer of many draws with changing state - flat colours from a uniform,
 * depth tests with changing functions, additive blending with clamping, rendering into a
 * texture through an FBO, sampling that texture right after (read after write), drawing
 * into it again while the sampling draw may still be pending (write after read) and
 * sampling it again - must give, at 1, 2 and 4 raster threads, the image painted by the
 * model here (every rectangle pixel-aligned, every colour a whole 8-bit value, every
 * depth distinct), byte for byte the same at every thread count.
 *   test_draw_overlap              (the parent: one child per thread count)
 *   test_draw_overlap child FILE   (one thread count, from R600SIM_NUM_THREADS) */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "egl_fixture.h"

#define W 200
#define H 150
#define T 64         /* the render-target texture, T x T */
#define ROUNDS 6
#define DEPTH_RECTS 4

static const char vs_flat[] =
   "attribute vec4 pos;\n"
   "void main() { gl_Position = pos; }\n";
static const char fs_flat[] =
   "precision mediump float;\n"
   "uniform vec4 color;\n"
   "void main() { gl_FragColor = color; }\n";
static const char vs_tex[] =
   "attribute vec4 pos;\n"
   "attribute vec2 uv;\n"
   "varying vec2 v_uv;\n"
   "void main() { gl_Position = pos; v_uv = uv; }\n";
static const char fs_tex[] =
   "precision mediump float;\n"
   "uniform sampler2D tex;\n"
   "varying vec2 v_uv;\n"
   "void main() { gl_FragColor = texture2D(tex, v_uv); }\n";

/* GL window pixels (y up) of the target drawn to. */
struct rect {
   int x0, y0, x1, y1;
};

/* The model: an RGBA8 image and (for the window) its depth, GL row order. */
struct image {
   int w, h;
   uint8_t *rgba;
   float *depth;
};

enum mode { REPLACE, ADD };
enum depth_test { NO_DEPTH, LESS, GEQUAL };

static void model_rect(struct image *img, struct rect r, const uint8_t c[4], enum mode mode,
                       enum depth_test test, float z)
{
   for (int y = r.y0; y < r.y1; y++) {
      for (int x = r.x0; x < r.x1; x++) {
         float *d = img->depth ? &img->depth[y * img->w + x] : NULL;
         if (test == LESS && !(z < *d))
            continue;
         if (test == GEQUAL && !(z >= *d))
            continue;
         if (test != NO_DEPTH)
            *d = z;
         uint8_t *p = &img->rgba[(y * img->w + x) * 4];
         for (int k = 0; k < 4; k++)
            p[k] = mode == ADD ? (uint8_t)(p[k] + c[k] > 255 ? 255 : p[k] + c[k]) : c[k];
      }
   }
}

/* The texture's texel (i, j) lands on window pixel (x0 + i, y0 + j). */
static void model_copy(struct image *dst, int x0, int y0, const struct image *tex)
{
   for (int j = 0; j < T; j++)
      memcpy(&dst->rgba[((y0 + j) * dst->w + x0) * 4], &tex->rgba[j * T * 4], T * 4);
}

/* ---- GL side ---------------------------------------------------------------------- */

struct gl {
   GLuint flat, tex_prog, fbo, tex;
   GLint color;
   int vw, vh;          /* the viewport of the bound framebuffer */
};

/* Two triangles covering r's pixels exactly, at normalized depth z, with texture
 * coordinates 0..1 over the rectangle (texel centres on pixel centres for a T x T r). */
static void draw_rect(const struct gl *g, struct rect r, float z)
{
   const int corner[6][2] = { { r.x0, r.y0 }, { r.x1, r.y0 }, { r.x0, r.y1 },
                              { r.x1, r.y0 }, { r.x1, r.y1 }, { r.x0, r.y1 } };
   const float uv[6][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
   float pos[6][4];
   for (int i = 0; i < 6; i++) {
      pos[i][0] = 2.0f * (float)corner[i][0] / (float)g->vw - 1.0f;
      pos[i][1] = 2.0f * (float)corner[i][1] / (float)g->vh - 1.0f;
      pos[i][2] = z;
      pos[i][3] = 1.0f;
   }
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
   glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 0, uv);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

static void flat(struct gl *g, struct rect r, const uint8_t c[4], float z)
{
   glUseProgram(g->flat);
   glUniform4f(g->color, c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
   draw_rect(g, r, z);
}

static void bind_target(struct gl *g, bool texture)
{
   glBindFramebuffer(GL_FRAMEBUFFER, texture ? g->fbo : 0);
   g->vw = texture ? T : W;
   g->vh = texture ? T : H;
   glViewport(0, 0, g->vw, g->vh);
}

static void set_blend(bool add)
{
   if (add) {
      glEnable(GL_BLEND);
      glBlendFunc(GL_ONE, GL_ONE);
   } else {
      glDisable(GL_BLEND);
   }
}

static void set_depth(enum depth_test test)
{
   if (test == NO_DEPTH) {
      glDisable(GL_DEPTH_TEST);
      return;
   }
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(test == LESS ? GL_LESS : GL_GEQUAL);
}

/* ---- the scene, on both sides ------------------------------------------------------ */

struct scene {
   struct gl *g;          /* NULL: the model only */
   struct image *win, *tex;
};

static void paint(struct scene *s, bool to_texture, struct rect r, const uint8_t c[4],
                  enum mode mode, enum depth_test test, float z_ndc)
{
   if (s->g) {
      bind_target(s->g, to_texture);
      set_blend(mode == ADD);
      set_depth(test);
      flat(s->g, r, c, z_ndc);
   }
   model_rect(to_texture ? s->tex : s->win, r, c, mode, test, (z_ndc + 1.0f) * 0.5f);
}

static void sample(struct scene *s, int x0, int y0)
{
   if (s->g) {
      bind_target(s->g, false);
      set_blend(false);
      set_depth(NO_DEPTH);
      glUseProgram(s->g->tex_prog);
      draw_rect(s->g, (struct rect){ x0, y0, x0 + T, y0 + T }, 0.0f);
   }
   model_copy(s->win, x0, y0, s->tex);
}

/* Every depth is distinct: depth rectangle k of round r has number 7 * (4r + k) mod 24. */
static float depth_of(int r, int k)
{
   int n = (7 * (DEPTH_RECTS * r + k)) % (DEPTH_RECTS * ROUNDS);
   return -0.9f + 0.07f * (float)n;
}

static void scene(struct scene *s)
{
   for (int r = 0; r < ROUNDS; r++) {
      uint8_t u = (uint8_t)r;
      /* the texture: three replaced rectangles, two added ones (the second saturates) */
      paint(s, true, (struct rect){ 0, 0, T, T }, (uint8_t[4]){ 10 + u, 20, 30, 255 }, REPLACE,
            NO_DEPTH, 0);
      paint(s, true, (struct rect){ 8 + 2 * r, 8, 40, 50 + r }, (uint8_t[4]){ 100, 0, 50, 255 },
            REPLACE, NO_DEPTH, 0);
      paint(s, true, (struct rect){ 30, 20 + r, 60, 60 }, (uint8_t[4]){ 0, 90, 10 + u, 128 },
            REPLACE, NO_DEPTH, 0);
      paint(s, true, (struct rect){ 4, 4, 36, 36 }, (uint8_t[4]){ 50, 60, 70, 0 }, ADD, NO_DEPTH,
            0);
      paint(s, true, (struct rect){ 20 + r, 10, 50, 44 }, (uint8_t[4]){ 100, 100, 100, 100 },
            ADD, NO_DEPTH, 0);
      /* read after write: the texture just rendered */
      sample(s, (8 + 37 * r) % (W - T), (4 + 23 * r) % (H - T));
      /* the window: depth-tested rectangles across tiles */
      const struct rect drect[DEPTH_RECTS] = {
         { 10 + 5 * r, 10, 120, 100 }, { 50, 30 + 3 * r, 180, 140 }, { 0, 0, 100, 60 },
         { 80, 50, 200, 150 } };
      for (int k = 0; k < DEPTH_RECTS; k++) {
         uint8_t c[4] = { (uint8_t)(40 * k + 7 * r), (uint8_t)(200 - 30 * k), (uint8_t)(13 * r),
                          255 };
         paint(s, false, drect[k], c, REPLACE, k == 3 ? GEQUAL : LESS, depth_of(r, k));
      }
      /* write after read: the sampling draw may still be pending */
      paint(s, true, (struct rect){ 16, 16, 48, 48 }, (uint8_t[4]){ 200, 10 + u, 200, 255 },
            REPLACE, NO_DEPTH, 0);
      sample(s, (100 + 29 * r) % (W - T), (60 + 17 * r) % (H - T));
      paint(s, false, (struct rect){ 20, 20 + 5 * r, 150, 70 + 5 * r },
            (uint8_t[4]){ 30, 30, 30, 0 }, ADD, NO_DEPTH, 0);
   }
}

static bool setup_gl(struct gl *g)
{
   static const char *const flat_attribs[] = { "pos", NULL };
   static const char *const tex_attribs[] = { "pos", "uv", NULL };
   g->flat = egl_fixture_program(vs_flat, fs_flat, flat_attribs);
   g->tex_prog = egl_fixture_program(vs_tex, fs_tex, tex_attribs);
   if (!g->flat || !g->tex_prog)
      return false;
   g->color = glGetUniformLocation(g->flat, "color");
   glUseProgram(g->tex_prog);
   glUniform1i(glGetUniformLocation(g->tex_prog, "tex"), 0);
   glGenTextures(1, &g->tex);
   glBindTexture(GL_TEXTURE_2D, g->tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, T, T, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glGenFramebuffers(1, &g->fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, g->fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, g->tex, 0);
   bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   return complete;
}

static int child(const char *path)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 24, 0);
   check(err == NULL, "%s", err ? err : "setup");
   if (err)
      return check_report();
   struct gl g = { 0 };
   check(setup_gl(&g), "programs and the texture framebuffer");
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClearDepthf(1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

   static uint8_t win_rgba[W * H * 4], tex_rgba[T * T * 4], got[W * H * 4];
   static float win_depth[W * H];
   for (int i = 0; i < W * H; i++)
      win_depth[i] = 1.0f;
   struct image win = { W, H, win_rgba, win_depth }, tex = { T, T, tex_rgba, NULL };
   struct scene s = { &g, &win, &tex };
   scene(&s);
   check_gl("scene draws");
   bind_target(&g, false);
   egl_fixture_read(W, H, got, false);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++)
         expect_rgba(got, W, x, y, &win_rgba[(y * W + x) * 4], "scene", &mismatches);
   }
   check_mismatches(&mismatches, "the scene's pixels");
   egl_fixture_fini(&f);
   FILE *out = fopen(path, "wb");
   check(out && fwrite(got, sizeof(got), 1, out) == 1, "writing the read-back");
   if (out)
      fclose(out);
   return check_report();
}

/* Runs this program as a child at `threads` raster threads; its read-back (malloc'd) or
 * NULL. */
static uint8_t *run_child(const char *threads, size_t size)
{
   char path[] = "/tmp/r600sim-overlap-XXXXXX";
   int fd = mkstemp(path);
   if (fd < 0)
      return NULL;
   close(fd);
   fflush(stdout);
   pid_t pid = fork();
   if (pid == 0) {
      setenv("R600SIM_NUM_THREADS", threads, 1);
      execl("/proc/self/exe", "test_draw_overlap", "child", path, (char *)NULL);
      _exit(127);
   }
   int status = -1;
   if (pid > 0)
      waitpid(pid, &status, 0);
   char msg[160];
   snprintf(msg, sizeof(msg), "%s thread(s): the child passed its checks", threads);
   check(pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s", msg);
   uint8_t *data = malloc(size);
   FILE *in = fopen(path, "rb");
   bool ok = data && in && fread(data, size, 1, in) == 1;
   if (in)
      fclose(in);
   unlink(path);
   if (!ok) {
      free(data);
      return NULL;
   }
   return data;
}

int main(int argc, char **argv)
{
   if (argc == 3 && !strcmp(argv[1], "child"))
      return child(argv[2]);
   static const char *const threads[] = { "1", "2", "4" };
   const size_t size = W * H * 4;
   uint8_t *reference = NULL;
   for (unsigned i = 0; i < sizeof(threads) / sizeof(threads[0]); i++) {
      uint8_t *data = run_child(threads[i], size);
      char msg[160];
      snprintf(msg, sizeof(msg), "%s thread(s): read-back written", threads[i]);
      check(data != NULL, "%s", msg);
      if (!data)
         continue;
      if (!reference) {
         reference = data;
         continue;
      }
      size_t diff = 0;
      for (size_t k = 0; k < size; k++)
         diff += data[k] != reference[k];
      snprintf(msg, sizeof(msg), "%s threads: %zu of %zu bytes differ from 1 thread",
               threads[i], diff, size);
      check(diff == 0, "%s", msg);
      free(data);
   }
   free(reference);
   return check_report();
}
