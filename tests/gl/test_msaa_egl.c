/* End-to-end 2x, 4x and 8x MSAA through EGL + GLES2 + driver + simulated GPU: the sample
 * count N is the argument (default 4).
 *
 * A 32x32 pbuffer of the config with EGL_SAMPLE_BUFFERS 1 / EGL_SAMPLES N gets random
 * triangles (vertices on the 1/256-pixel grid, half of them on the 1/16 grid of the sample
 * offsets so that samples fall exactly on edges), each in its own flat colour, and a depth
 * test case; glReadPixels must return, per pixel and channel, the resolve the driver
 * documents: (c0 + ... + c(N-1) + N/2) / N in integers, c_s the colour of the last triangle
 * covering sample s (else the clear colour). Coverage is computed here independently:
 *  - screen space y down (EGL surfaces are stored top row first; glReadPixels rows are
 *    flipped back by egl_fixture_read);
 *  - the R600 2x/4x/8x patterns of docs/r600-hardware-notes.md §3.2, offsets from the pixel
 *    centre in 1/16 px (pos2, pos4, pos8 below);
 *  - top-left rule on exact integer edge functions (raster_ref.h).
 */
#include <stdlib.h>

#include "egl_fixture.h"
#include "raster_ref.h"

#define SIZE 32
#define NTRI 200

static const int pos2[2][2] = { { -4, 4 }, { 4, -4 } };
static const int pos4[4][2] = { { -2, -2 }, { 2, 2 }, { -6, 6 }, { 6, -6 } };
static const int pos8[8][2] = { { -1, 1 }, { 1, 5 }, { 3, -5 }, { 5, 3 },
                                { -7, -1 }, { -3, -7 }, { 7, -3 }, { -5, 7 } };
static int nsamples;
static const int (*pos)[2];

static const char vs_source[] =
   "attribute vec3 a_position;\n"
   "void main() { gl_Position = vec4(a_position, 1.0); }\n";
static const char fs_source[] =
   "precision mediump float;\n"
   "uniform vec4 u_color;\n"
   "void main() { gl_FragColor = u_color; }\n";

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 16);
}

static void color_of(int id, uint8_t c[4])
{
   c[0] = (uint8_t)(id * 37);
   c[1] = (uint8_t)(255 - id);
   c[2] = (uint8_t)(id * 11 + 3);
   c[3] = (uint8_t)(128 + id % 128);
}

static uint8_t samples[8][SIZE * SIZE][4];   /* the expected colour of each sample */
static int64_t tris[NTRI][3][2];
static float verts[NTRI * 3][3];
static GLint u_color;

static void paint(const int64_t t[3][2], const uint8_t c[4])
{
   for (int y = 0; y < SIZE; y++)
      for (int x = 0; x < SIZE; x++)
         for (int s = 0; s < nsamples; s++) {
            int64_t p[2] = { 256 * x + 128 + 16 * pos[s][0], 256 * y + 128 + 16 * pos[s][1] };
            if (ref_covered_point(t, p, REF_LEFT | REF_TOP))
               memcpy(samples[s][y * SIZE + x], c, 4);
         }
}

static void set_vertex(int v, const int64_t p[2], float z)
{
   verts[v][0] = (float)p[0] / (SIZE / 2 * 256) - 1.0f;
   verts[v][1] = 1.0f - (float)p[1] / (SIZE / 2 * 256);
   verts[v][2] = z;
}

/* Draws triangles first.. with colours id0, id0 + step, ... */
static void draw(int first, int count, int id0, int step)
{
   for (int i = 0; i < count; i++) {
      uint8_t c[4];
      color_of(id0 + i * step, c);
      glUniform4f(u_color, c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
      glDrawArrays(GL_TRIANGLES, 3 * (first + i), 3);
   }
}

/* Compares the read-back with the resolve of `samples`; returns mismatching pixels. */
static unsigned compare(const char *what, unsigned *partial)
{
   static uint8_t pixels[SIZE * SIZE * 4];
   egl_fixture_read(SIZE, SIZE, pixels, true);
   unsigned bad = 0;
   *partial = 0;
   for (int i = 0; i < SIZE * SIZE; i++) {
      uint8_t want[4];
      for (int c = 0; c < 4; c++) {
         unsigned sum = 0;
         for (int s = 0; s < nsamples; s++)
            sum += samples[s][i][c];
         want[c] = (uint8_t)((sum + nsamples / 2) / nsamples);
      }
      bool mixed = false;
      for (int s = 1; s < nsamples; s++)
         mixed |= memcmp(samples[0][i], samples[s][i], 4) != 0;
      *partial += mixed;
      expect_rgba(pixels, SIZE, i % SIZE, i / SIZE, want, what, &bad);
   }
   return bad;
}

int main(int argc, char **argv)
{
   nsamples = argc > 1 ? atoi(argv[1]) : 4;
   pos = nsamples == 2 ? pos2 : nsamples == 8 ? pos8 : pos4;
   if (nsamples != 2 && nsamples != 4 && nsamples != 8) {
      check(false, "sample count %s (use 2, 4 or 8)", argv[1]);
      return check_report();
   }
   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   check(dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL), "eglInitialize");
   const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                              EGL_OPENGL_ES2_BIT, EGL_SAMPLE_BUFFERS, 1, EGL_SAMPLES, nsamples,
                              EGL_DEPTH_SIZE, 24, EGL_NONE };
   EGLConfig cfg;
   EGLint n = 0;
   EGLint cfg_samples = 0;
   check(eglChooseConfig(dpy, attribs, &cfg, 1, &n) && n == 1 &&
         eglGetConfigAttrib(dpy, cfg, EGL_SAMPLES, &cfg_samples) && cfg_samples == nsamples,
         "the first config of at least %d samples with depth has %d (EGL_SAMPLES)", nsamples,
         cfg_samples);
   const EGLint surf_attribs[] = { EGL_WIDTH, SIZE, EGL_HEIGHT, SIZE, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, surf_attribs);
   static const EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attribs);
   if (surf == EGL_NO_SURFACE || ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx)) {
      check(false, "%dx pbuffer and context", nsamples);
      return 1;
   }
   GLint v = 0;
   glGetIntegerv(GL_SAMPLES, &v);
   check(v == nsamples, "GL_SAMPLES = %d (want %d)", v, nsamples);
   glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
   check(v == 1, "GL_SAMPLE_BUFFERS = 1");
   /* A framebuffer object's renderbuffers are single-sampled. */
   GLuint fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   GLint fbo_samples = -1, fbo_buffers = -1;
   glGetIntegerv(GL_SAMPLES, &fbo_samples);
   glGetIntegerv(GL_SAMPLE_BUFFERS, &fbo_buffers);
   check(fbo_samples == 0 && fbo_buffers == 0, "FBO bound: GL_SAMPLES %d, GL_SAMPLE_BUFFERS %d",
         fbo_samples, fbo_buffers);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);

   const char *const names[] = { "a_position", NULL };
   GLuint prog = egl_fixture_program(vs_source, fs_source, names);
   glUseProgram(prog);
   u_color = glGetUniformLocation(prog, "u_color");
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);

   /* 1: clear, then random triangles (no depth test). */
   memset(samples, 0, sizeof(samples));
   for (int i = 0; i < NTRI; i++) {
      int64_t grid = i % 2 ? 16 : 1, span = i % 4 ? 5 * 256 : 24 * 256;
      int64_t ox = (int64_t)(rnd() % (SIZE * 256)) - 3 * 256, oy = (int64_t)(rnd() % (SIZE * 256)) - 3 * 256;
      for (int k = 0; k < 3; k++) {
         tris[i][k][0] = (ox + (int64_t)(rnd() % span)) / grid * grid;
         tris[i][k][1] = (oy + (int64_t)(rnd() % span)) / grid * grid;
         set_vertex(3 * i + k, tris[i][k], 0.0f);
      }
      uint8_t c[4];
      color_of(i + 1, c);
      paint(tris[i], c);
   }
   glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   draw(0, NTRI, 1, 1);
   check_gl("random triangles");
   unsigned partial, bad = compare("random triangles", &partial);
   char msg[160];
   snprintf(msg, sizeof(msg), "%dx random triangles: %u mismatching pixels (%u partly covered)",
            nsamples, bad, partial);
   check(bad == 0 && partial > 100, "%s", msg);

   /* 2: per-sample depth: a far full-screen pair, a near triangle, then a middle pair with
    * GL_LESS: each sample shows the near triangle where it covers the sample. */
   const int64_t full[6][2] = { { 0, 0 }, { SIZE * 256, 0 }, { 0, SIZE * 256 },
                                { SIZE * 256, 0 }, { SIZE * 256, SIZE * 256 }, { 0, SIZE * 256 } };
   const int64_t near_t[3][2] = { { 3 * 256 + 37, 2 * 256 + 5 }, { 29 * 256 + 200, 9 * 256 + 128 },
                                  { 11 * 256 + 16, 30 * 256 + 77 } };
   for (int k = 0; k < 6; k++)
      set_vertex(k, full[k], 0.5f);
   for (int k = 0; k < 3; k++)
      set_vertex(6 + k, near_t[k], -0.5f);
   for (int k = 0; k < 6; k++)
      set_vertex(9 + k, full[k], 0.0f);
   glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClearDepthf(1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   draw(0, 2, 1, 0);    /* far: colour 1 */
   draw(2, 1, 2, 0);    /* near: colour 2 */
   draw(3, 2, 3, 0);    /* middle: colour 3 */
   check_gl("depth case");
   uint8_t c_near[4], c_mid[4];
   color_of(2, c_near);
   color_of(3, c_mid);
   for (int s = 0; s < nsamples; s++)
      for (int i = 0; i < SIZE * SIZE; i++)
         memcpy(samples[s][i], c_mid, 4);
   paint(near_t, c_near);
   bad = compare("depth", &partial);
   snprintf(msg, sizeof(msg), "%dx per-sample depth: %u mismatching pixels (%u partly covered)",
            nsamples, bad, partial);
   check(bad == 0 && partial > 20, "%s", msg);
   glDisable(GL_DEPTH_TEST);

   check(eglSwapBuffers(dpy, surf), "eglSwapBuffers on the %dx pbuffer", nsamples);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surf);
   eglTerminate(dpy);
   return check_report();
}
