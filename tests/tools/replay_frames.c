/* replay_frames OUTDIR [msaa]: the live side of the replay test (replay.sh). An EGL + GLES2
 * program that draws four different frames on a 100x75 pbuffer (not a multiple of the
 * 8-pixel pitch granularity; with `msaa`, of the 4x multi-sampled config) and writes what
 * glReadPixels returns after each as OUTDIR/live-000N.png, with the writer r600sim-replay
 * uses. The frames end in each of the
 * ways a capture marks a frame end:
 *   1, 2: draws, eglSwapBuffers (the swap submits them), glReadPixels (nothing new);
 *   3:    draws, glFinish (submitted without a frame end), eglSwapBuffers (an empty
 *         frame-end submission), glReadPixels;
 *   4:    draws, glReadPixels (the read-back submits them), eglSwapBuffers (nothing new).
 * So a capture of this run holds exactly four frames. */
#include <stdio.h>
#include <stdlib.h>

#include "egl_fixture.h"
#include "rgba_png.h"

#define W 100
#define H 75
#define FRAMES 4

static const char vs[] =
   "attribute vec2 a_pos;\n"
   "attribute vec3 a_color;\n"
   "uniform vec2 u_offset;\n"
   "varying vec3 v_color;\n"
   "void main() { v_color = a_color; gl_Position = vec4(a_pos + u_offset, 0.0, 1.0); }\n";
static const char fs[] =
   "precision mediump float;\n"
   "varying vec3 v_color;\n"
   "void main() { gl_FragColor = vec4(v_color, 1.0); }\n";

static void draw_frame(GLint offset, int frame)
{
   glClearColor(0.1f * (float)frame, 0.2f, 0.3f + 0.1f * (float)frame, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   for (int i = 0; i <= frame; i++) {
      glUniform2f(offset, -0.6f + 0.35f * (float)i, 0.25f * (float)(frame - i) - 0.3f);
      glDrawArrays(GL_TRIANGLES, 0, 3);
   }
}

static void read_and_write(const char *outdir, int frame)
{
   static uint8_t pixels[W * H * 4];
   egl_fixture_read(W, H, pixels, true);
   check_gl("glReadPixels");
   char path[4096];
   snprintf(path, sizeof(path), "%s/live-%04d.png", outdir, frame + 1);
   CHECK(rgba_png_write(path, W, H, pixels, W * 4) == 0, "writing %s", path);
}

/* egl_fixture_init with the 4x multi-sampled RGBA8 config. */
static const char *init_msaa(struct egl_fixture *f)
{
   f->dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   static const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_SAMPLE_BUFFERS, 1, EGL_SAMPLES, 4, EGL_NONE};
   static const EGLint surface_attribs[] = {EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE};
   static const EGLint context_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLConfig config;
   EGLint n = 0;
   if (f->dpy == EGL_NO_DISPLAY || !eglInitialize(f->dpy, NULL, NULL) ||
       !eglChooseConfig(f->dpy, config_attribs, &config, 1, &n) || n != 1)
      return "no 4x multi-sampled config";
   f->surf = eglCreatePbufferSurface(f->dpy, config, surface_attribs);
   f->ctx = eglCreateContext(f->dpy, config, EGL_NO_CONTEXT, context_attribs);
   if (f->surf == EGL_NO_SURFACE || f->ctx == EGL_NO_CONTEXT ||
       !eglMakeCurrent(f->dpy, f->surf, f->surf, f->ctx))
      return "multi-sampled pbuffer/context/eglMakeCurrent";
   return NULL;
}

int main(int argc, char **argv)
{
   bool msaa = argc == 3 && !strcmp(argv[2], "msaa");
   if (argc != 2 && !msaa) {
      fprintf(stderr, "usage: %s OUTDIR [msaa]\n", argv[0]);
      return 2;
   }
   struct egl_fixture f;
   const char *err = msaa ? init_msaa(&f) : egl_fixture_init(&f, W, H, 0, 0);
   if (!CHECK(err == NULL, "EGL set-up: %s", err))
      return check_report();
   static const char *const attribs[] = { "a_pos", "a_color", NULL };
   GLuint prog = egl_fixture_program(vs, fs, attribs);
   if (!CHECK(prog != 0, "program"))
      return check_report();
   glUseProgram(prog);
   GLint offset = glGetUniformLocation(prog, "u_offset");
   static const GLfloat verts[] = { -0.3f, -0.4f, 1, 0, 0,   0.4f, -0.3f, 0, 1, 0,
                                    0.0f, 0.5f, 0, 0, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 5 * sizeof(GLfloat), verts);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 5 * sizeof(GLfloat), verts + 2);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glViewport(0, 0, W, H);

   for (int frame = 0; frame < FRAMES; frame++) {
      draw_frame(offset, frame);
      if (frame == 2)
         glFinish();
      if (frame < 3)
         CHECK(eglSwapBuffers(f.dpy, f.surf), "eglSwapBuffers, frame %d", frame + 1);
      read_and_write(argv[1], frame);
      if (frame == 3)
         CHECK(eglSwapBuffers(f.dpy, f.surf), "eglSwapBuffers, frame %d", frame + 1);
   }
   check_gl("frames");
   glDeleteProgram(prog);
   egl_fixture_fini(&f);
   return check_report();
}
