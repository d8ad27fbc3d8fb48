/* Two contexts of one share group on two threads drawing from the same vertex buffer
 * (issue 11: their reference counts on the shared buffer raced and freed it while in use).
 * Each thread has its own pbuffer and context (eglCreateContext with share_context) and, per
 * iteration, draws a full-surface quad from the shared VBO (all 16 attributes read it) in its
 * own colour after a draw from a buffer it creates and deletes, and flushes; every few iterations it reads the surface
 * back, and every pixel must be its colour. The checks are counted after the threads end
 * (the check counters are not thread-safe). Prints "N passed, M failed". */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#include "check.h"

#define SIZE 8
#define ITERATIONS 2000
#define READ_EVERY 50
#define DRAWS 4          /* draws from the shared buffer per iteration */

static EGLDisplay dpy;
static EGLConfig cfg;
static GLuint shared_vbo;

struct worker {
   EGLContext ctx;
   EGLSurface surf;
   GLfloat colour[4];
   uint8_t rgba[4];
   unsigned frames_read, frames_wrong;
   GLenum gl_error;
   bool current;
};

static GLuint build_program(void)
{
   /* Every attribute reads the shared buffer: each draw binds it 16 times, and each binding
    * takes and drops references to it. */
   static const char *vs_src =
      "attribute vec2 a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15;"
      "void main() { vec2 p = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11"
      " + a12 + a13 + a14 + a15; gl_Position = vec4(p / 16.0, 0.0, 1.0); }";
   static const char *fs_src = "precision mediump float; uniform vec4 colour;"
                               "void main() { gl_FragColor = colour; }";
   GLuint vs = glCreateShader(GL_VERTEX_SHADER), fs = glCreateShader(GL_FRAGMENT_SHADER);
   glShaderSource(vs, 1, &vs_src, NULL);
   glShaderSource(fs, 1, &fs_src, NULL);
   glCompileShader(vs);
   glCompileShader(fs);
   GLuint prog = glCreateProgram();
   glAttachShader(prog, vs);
   glAttachShader(prog, fs);
   for (GLuint i = 0; i < 16; i++) {
      char name[8];
      snprintf(name, sizeof(name), "a%u", i);
      glBindAttribLocation(prog, i, name);
   }
   glLinkProgram(prog);
   return prog;
}

static void *draw_loop(void *arg)
{
   struct worker *w = arg;
   w->current = eglMakeCurrent(dpy, w->surf, w->surf, w->ctx);
   if (!w->current)
      return NULL;
   GLuint prog = build_program();
   glUseProgram(prog);
   GLint colour = glGetUniformLocation(prog, "colour");
   glViewport(0, 0, SIZE, SIZE);
   for (GLuint a = 0; a < 16; a++)
      glEnableVertexAttribArray(a);
   static const GLfloat small_tri[] = { -1, -1, 0, -1, -1, 0 };
   for (unsigned i = 0; i < ITERATIONS; i++) {
      /* A buffer of this thread's own, created, drawn from and deleted. */
      GLuint own;
      glGenBuffers(1, &own);
      glBindBuffer(GL_ARRAY_BUFFER, own);
      glBufferData(GL_ARRAY_BUFFER, sizeof(small_tri), small_tri, GL_STREAM_DRAW);
      for (GLuint a = 0; a < 16; a++)
         glVertexAttribPointer(a, 2, GL_FLOAT, GL_FALSE, 0, 0);
      glUniform4f(colour, 0, 0, 1, 1);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glDeleteBuffers(1, &own);
      /* The shared buffer: a quad over the whole surface in this thread's colour. */
      glBindBuffer(GL_ARRAY_BUFFER, shared_vbo);
      for (GLuint a = 0; a < 16; a++)
         glVertexAttribPointer(a, 2, GL_FLOAT, GL_FALSE, 0, 0);
      glUniform4fv(colour, 1, w->colour);
      for (unsigned d = 0; d < DRAWS; d++)
         glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      glFlush();
      if (i % READ_EVERY == READ_EVERY - 1) {
         uint8_t px[SIZE * SIZE * 4];
         glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
         bool right = true;
         for (unsigned p = 0; p < SIZE * SIZE * 4; p++)
            right &= px[p] == w->rgba[p % 4];
         w->frames_read++;
         w->frames_wrong += !right;
      }
   }
   w->gl_error = glGetError();
   glDeleteProgram(prog);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   return NULL;
}

int main(void)
{
   dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (!CHECK(eglInitialize(dpy, NULL, NULL)))
      return check_report();
   static const EGLint cfg_attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                         EGL_OPENGL_ES2_BIT, EGL_NONE };
   EGLint n = 0;
   if (!CHECK(eglChooseConfig(dpy, cfg_attribs, &cfg, 1, &n) && n == 1))
      return check_report();
   static const EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   static const EGLint surf_attribs[] = { EGL_WIDTH, SIZE, EGL_HEIGHT, SIZE, EGL_NONE };
   struct worker w[2] = {
      { .colour = { 1, 0, 0, 1 }, .rgba = { 255, 0, 0, 255 } },
      { .colour = { 0, 1, 0, 1 }, .rgba = { 0, 255, 0, 255 } },
   };
   for (int i = 0; i < 2; i++) {
      w[i].ctx = eglCreateContext(dpy, cfg, i ? w[0].ctx : EGL_NO_CONTEXT, ctx_attribs);
      w[i].surf = eglCreatePbufferSurface(dpy, cfg, surf_attribs);
      CHECK(w[i].ctx != EGL_NO_CONTEXT && w[i].surf != EGL_NO_SURFACE, "context and pbuffer %d", i);
   }
   if (check_failed)
      return check_report();

   /* The shared vertex buffer, made in the first context; the second sees it by name. */
   CHECK(eglMakeCurrent(dpy, w[0].surf, w[0].surf, w[0].ctx));
   static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glGenBuffers(1, &shared_vbo);
   glBindBuffer(GL_ARRAY_BUFFER, shared_vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glFinish();
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));

   pthread_t t[2];
   for (int i = 0; i < 2; i++)
      pthread_create(&t[i], NULL, draw_loop, &w[i]);
   for (int i = 0; i < 2; i++)
      pthread_join(t[i], NULL);

   for (int i = 0; i < 2; i++) {
      CHECK(w[i].current, "thread %d made its context current", i);
      CHECK(w[i].gl_error == GL_NO_ERROR, "thread %d: GL error 0x%04x", i, (unsigned)w[i].gl_error);
      CHECK(w[i].frames_read == ITERATIONS / READ_EVERY, "thread %d read %u frames", i,
            w[i].frames_read);
      CHECK(w[i].frames_wrong == 0, "thread %d: %u of %u frames not its colour", i,
            w[i].frames_wrong, w[i].frames_read);
   }
   for (int i = 0; i < 2; i++) {
      eglDestroySurface(dpy, w[i].surf);
      eglDestroyContext(dpy, w[i].ctx);
   }
   eglTerminate(dpy);
   return check_report();
}
