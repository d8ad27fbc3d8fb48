/* Asynchronous submission and the raster workers end to end (EGL pbuffer + GLES2): the
 * application never waits for the GPU thread except where GL says it must, and the
 * results are those of synchronous execution.
 *
 * The test runs itself as a child once per configuration (R600SIM_SYNC=1 with one
 * thread, then 1, 2 and 4 threads asynchronously, then 3 threads synchronously; the
 * variables are read when the process creates its GPU). Each child draws, without glFinish:
 *  1. five flat-coloured, pixel-aligned, overlapping rectangles: from a buffer object,
 *     from the same buffer after glBufferSubData (the first draw must still see the old
 *     contents), from the buffer after glBufferData, and from two client arrays, the first
 *     of which is overwritten right after its draw; then a mid-frame glReadPixels, checked
 *     pixel by pixel against the rectangles painted in order here;
 *  2. a random scene - interpolated colours, depth test, blending, overlapping triangles
 *     across tiles - in batches that each rewrite the same buffer object with
 *     glBufferSubData and change a uniform, with an eglSwapBuffers after every other
 *     batch; then glReadPixels again.
 * A child writes both read-backs to a file; the parent requires every child to pass its
 * own checks and every file to equal the first configuration's byte for byte. A last child
 * queues heavy frames and returns from main at once, without glFinish or eglTerminate: the
 * process must exit cleanly while the GPU thread still has work.
 *   test_async_egl                 (the parent)
 *   test_async_egl child FILE      (one configuration, from the environment)
 *   test_async_egl exit            (the early exit) */
#include <stddef.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "egl_fixture.h"

#define W 200
#define H 150
#define BATCHES 10
#define BATCH_TRIS 40

static const char vs_src[] =
   "attribute vec4 pos;\n"
   "attribute vec4 color;\n"
   "varying vec4 v_color;\n"
   "void main() { gl_Position = pos; v_color = color; }\n";
static const char fs_src[] =
   "precision mediump float;\n"
   "uniform vec4 tint;\n"
   "varying vec4 v_color;\n"
   "void main() { gl_FragColor = v_color * tint; }\n";

struct vertex {
   float pos[4];
   float color[4];
};

struct rect {
   int x0, y0, x1, y1;     /* GL window pixels, y up */
   uint8_t rgba[4];
};

static const struct rect rects[5] = {
   { 10, 10, 120, 90, { 255, 0, 0, 255 } },
   { 60, 40, 190, 140, { 0, 255, 0, 255 } },
   { 0, 70, 80, 150, { 0, 0, 255, 255 } },
   { 100, 0, 200, 60, { 255, 255, 0, 255 } },
   { 30, 100, 170, 130, { 0, 255, 255, 255 } },
};

/* Two triangles covering the rectangle's pixels exactly (edges on pixel boundaries). */
static void rect_vertices(const struct rect *r, struct vertex v[6])
{
   const int corner[6][2] = { { r->x0, r->y0 }, { r->x1, r->y0 }, { r->x0, r->y1 },
                              { r->x1, r->y0 }, { r->x1, r->y1 }, { r->x0, r->y1 } };
   for (int i = 0; i < 6; i++) {
      v[i] = (struct vertex){ { 2.0f * (float)corner[i][0] / W - 1.0f,
                                2.0f * (float)corner[i][1] / H - 1.0f, 0.0f, 1.0f },
                              { r->rgba[0] / 255.0f, r->rgba[1] / 255.0f, r->rgba[2] / 255.0f,
                                r->rgba[3] / 255.0f } };
   }
}

/* Attributes from a client array at `base`, or (base NULL) from the bound buffer. */
static void set_arrays(const struct vertex *base)
{
   uintptr_t b = (uintptr_t)base;
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(struct vertex),
                         (const void *)(b + offsetof(struct vertex, pos)));
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(struct vertex),
                         (const void *)(b + offsetof(struct vertex, color)));
}

/* Part 1; returns the number of mismatching pixels of the mid-frame read-back. */
static unsigned draw_rects(GLuint vbo, GLint tint, uint8_t *image)
{
   struct vertex v[6];
   glUniform4f(tint, 1, 1, 1, 1);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   set_arrays(NULL);
   rect_vertices(&rects[0], v);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_DYNAMIC_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   rect_vertices(&rects[1], v);
   glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(v), v);   /* the GPU may still read it */
   glDrawArrays(GL_TRIANGLES, 0, 6);
   rect_vertices(&rects[2], v);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_DYNAMIC_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   struct vertex client[6];
   rect_vertices(&rects[3], client);
   set_arrays(client);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   const struct rect garbage = { 0, 0, W, H, { 255, 0, 255, 255 } };
   rect_vertices(&garbage, client);   /* the draw above must not see this */
   struct vertex client2[6];
   rect_vertices(&rects[4], client2);
   set_arrays(client2);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   check_gl("rectangle draws");

   egl_fixture_read(W, H, image, false);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         uint8_t want[4] = { 0, 0, 0, 255 };
         for (int i = 0; i < 5; i++) {
            const struct rect *r = &rects[i];
            if (x >= r->x0 && x < r->x1 && y >= r->y0 && y < r->y1)
               memcpy(want, r->rgba, 4);
         }
         expect_rgba(image, W, x, y, want, "rectangles", &mismatches);
      }
   }
   return mismatches;
}

static uint32_t xorshift(uint64_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 7;
   *s ^= *s << 17;
   return (uint32_t)(*s >> 16);
}

static float unit(uint64_t *s)
{
   return (float)(xorshift(s) % 1001) / 1000.0f;
}

/* Part 2: the random scene, batch by batch through one buffer object. */
static void draw_scene(struct egl_fixture *f, GLuint vbo, GLint tint, uint8_t *image)
{
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LEQUAL);
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   static struct vertex v[3 * BATCH_TRIS];
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), NULL, GL_DYNAMIC_DRAW);
   set_arrays(NULL);
   uint64_t rng = 0x2545F4914F6CDD1Dull;
   for (int b = 0; b < BATCHES; b++) {
      for (int t = 0; t < BATCH_TRIS; t++) {
         float size = 0.1f + 1.5f * unit(&rng) * (t % 8 == 0 ? 1.0f : 0.2f);
         float cx = 2.4f * unit(&rng) - 1.2f, cy = 2.4f * unit(&rng) - 1.2f;
         for (int k = 0; k < 3; k++) {
            float w = 0.5f + unit(&rng);
            struct vertex *p = &v[3 * t + k];
            *p = (struct vertex){ { (cx + size * (unit(&rng) - 0.5f)) * w,
                                    (cy + size * (unit(&rng) - 0.5f)) * w,
                                    (2.0f * unit(&rng) - 1.0f) * w, w },
                                  { unit(&rng), unit(&rng), unit(&rng), unit(&rng) } };
         }
      }
      glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(v), v);   /* the last batch may be pending */
      glUniform4f(tint, 1.0f, 1.0f - 0.05f * (float)b, 0.5f + 0.05f * (float)b, 1.0f);
      glDrawArrays(GL_TRIANGLES, 0, 3 * BATCH_TRIS);
      if (b % 2)
         eglSwapBuffers(f->dpy, f->surf);
   }
   check_gl("scene draws");
   if (image)
      egl_fixture_read(W, H, image, false);
}

/* Queues big blended, depth-tested frames and returns without waiting for them. */
static int early_exit(void)
{
   struct egl_fixture f;
   if (egl_fixture_init(&f, 512, 512, 24, 0))
      return 1;
   static const char *const attribs[] = { "pos", "color", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs_src, attribs);
   if (!prog)
      return 1;
   glUseProgram(prog);
   glUniform4f(glGetUniformLocation(prog, "tint"), 1, 1, 1, 1);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glViewport(0, 0, 512, 512);
   GLuint vbo;
   glGenBuffers(1, &vbo);
   for (int i = 0; i < 8; i++) {
      draw_scene(&f, vbo, glGetUniformLocation(prog, "tint"), NULL);
      glFlush();
   }
   return 0;
}

static int child(const char *path)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 24, 0);
   check(err == NULL, "%s", err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", "color", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs_src, attribs);
   check(prog != 0, "program");
   if (!prog)
      return check_report();
   glUseProgram(prog);
   GLint tint = glGetUniformLocation(prog, "tint");
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   GLuint vbo;
   glGenBuffers(1, &vbo);

   static uint8_t image[2][W * H * 4];
   unsigned mismatches = draw_rects(vbo, tint, image[0]);
   check_mismatches(&mismatches, "rectangles drawn without waiting");
   draw_scene(&f, vbo, tint, image[1]);
   unsigned changed = 0;
   for (int i = 0; i < W * H; i++)
      changed += memcmp(&image[0][4 * i], &image[1][4 * i], 4) != 0;
   check(changed > W * H / 2, "the scene changed most pixels");
   glFinish();
   egl_fixture_fini(&f);

   FILE *out = fopen(path, "wb");
   check(out && fwrite(image, sizeof(image), 1, out) == 1, "writing the read-backs");
   if (out)
      fclose(out);
   return check_report();
}

/* Runs this program as a child with the configuration's variables; returns its output
 * (malloc'd, `size` bytes) or NULL. */
static uint8_t *run_child(const char *self, const char *threads, const char *sync,
                          size_t size, const char *name)
{
   char path[] = "/tmp/r600sim-async-XXXXXX";
   int fd = mkstemp(path);
   if (fd < 0)
      return NULL;
   close(fd);
   fflush(stdout);
   pid_t pid = fork();
   if (pid == 0) {
      setenv("R600SIM_NUM_THREADS", threads, 1);
      setenv("R600SIM_SYNC", sync, 1);
      execl(self, self, "child", path, (char *)NULL);
      _exit(127);
   }
   int status = -1;
   if (pid > 0)
      waitpid(pid, &status, 0);
   char msg[160];
   snprintf(msg, sizeof(msg), "%s: the child passed its checks", name);
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
   if (argc == 2 && !strcmp(argv[1], "exit"))
      return early_exit();
   const struct { const char *threads, *sync, *name; } configs[] = {
      { "1", "1", "1 thread, synchronous" },
      { "1", "0", "1 thread" },
      { "2", "0", "2 threads" },
      { "4", "0", "4 threads" },
      { "3", "1", "3 threads, synchronous" },
   };
   const size_t size = 2 * W * H * 4;
   uint8_t *reference = NULL;
   for (unsigned i = 0; i < sizeof(configs) / sizeof(configs[0]); i++) {
      uint8_t *data = run_child("/proc/self/exe", configs[i].threads, configs[i].sync, size,
                                configs[i].name);
      char msg[160];
      snprintf(msg, sizeof(msg), "%s: read-backs written", configs[i].name);
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
      snprintf(msg, sizeof(msg), "%s: %zu of %zu bytes differ from %s", configs[i].name, diff,
               size, configs[0].name);
      check(diff == 0, "%s", msg);
      free(data);
   }
   free(reference);

   fflush(stdout);
   pid_t pid = fork();
   if (pid == 0) {
      execl("/proc/self/exe", "test_async_egl", "exit", (char *)NULL);
      _exit(127);
   }
   int status = -1;
   if (pid > 0)
      waitpid(pid, &status, 0);
   check(pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
         "a process returning from main with GPU work queued exits cleanly");
   return check_report();
}
