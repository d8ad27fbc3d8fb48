#include "egl_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *setup_error(const char *what)
{
   static char msg[128];
   snprintf(msg, sizeof(msg), "setup: %s (EGL error 0x%04x)", what, (unsigned)eglGetError());
   return msg;
}

const char *egl_fixture_init(struct egl_fixture *f, int width, int height, int depth_bits,
                             int stencil_bits)
{
   f->dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   f->surf = EGL_NO_SURFACE;
   f->ctx = EGL_NO_CONTEXT;
   if (f->dpy == EGL_NO_DISPLAY || !eglInitialize(f->dpy, NULL, NULL))
      return setup_error("eglGetDisplay/eglInitialize");
   const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, depth_bits, EGL_STENCIL_SIZE, stencil_bits, EGL_NONE};
   EGLConfig config;
   EGLint n = 0;
   if (!eglChooseConfig(f->dpy, config_attribs, &config, 1, &n) || n != 1)
      return setup_error("eglChooseConfig");
   const EGLint surface_attribs[] = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
   f->surf = eglCreatePbufferSurface(f->dpy, config, surface_attribs);
   static const EGLint context_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   f->ctx = eglCreateContext(f->dpy, config, EGL_NO_CONTEXT, context_attribs);
   if (f->surf == EGL_NO_SURFACE || f->ctx == EGL_NO_CONTEXT ||
       !eglMakeCurrent(f->dpy, f->surf, f->surf, f->ctx))
      return setup_error("pbuffer/context/eglMakeCurrent");
   return NULL;
}

void egl_fixture_fini(struct egl_fixture *f)
{
   eglMakeCurrent(f->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (f->ctx != EGL_NO_CONTEXT)
      eglDestroyContext(f->dpy, f->ctx);
   if (f->surf != EGL_NO_SURFACE)
      eglDestroySurface(f->dpy, f->surf);
   eglTerminate(f->dpy);
}

static GLuint compile(GLenum type, const char *src)
{
   GLuint sh = glCreateShader(type);
   glShaderSource(sh, 1, &src, NULL);
   glCompileShader(sh);
   GLint ok = GL_FALSE;
   glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetShaderInfoLog(sh, sizeof(log), NULL, log);
      printf("%s shader compile failed: %s\n", type == GL_VERTEX_SHADER ? "vertex" : "fragment",
             log);
      glDeleteShader(sh);
      return 0;
   }
   return sh;
}

GLuint egl_fixture_program(const char *vs, const char *fs, const char *const *attribs)
{
   GLuint v = compile(GL_VERTEX_SHADER, vs);
   GLuint f = v ? compile(GL_FRAGMENT_SHADER, fs) : 0;
   if (!f) {
      glDeleteShader(v);
      return 0;
   }
   GLuint prog = glCreateProgram();
   glAttachShader(prog, v);
   glAttachShader(prog, f);
   glDeleteShader(v);
   glDeleteShader(f);
   for (GLuint i = 0; attribs && attribs[i]; i++)
      glBindAttribLocation(prog, i, attribs[i]);
   glLinkProgram(prog);
   GLint ok = GL_FALSE;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetProgramInfoLog(prog, sizeof(log), NULL, log);
      printf("program link failed: %s\n", log);
      glDeleteProgram(prog);
      return 0;
   }
   return prog;
}

void egl_fixture_read(int width, int height, uint8_t *out, bool top_row_first)
{
   size_t row = (size_t)width * 4;
   memset(out, 0x5a, row * (size_t)height);
   glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, out);
   if (!top_row_first)
      return;
   uint8_t *tmp = malloc(row);
   if (!tmp) {
      memset(out, 0x5a, row * (size_t)height);   /* unflipped data must not pass */
      return;
   }
   for (int y = 0; y < height / 2; y++) {
      uint8_t *a = out + (size_t)y * row, *b = out + (size_t)(height - 1 - y) * row;
      memcpy(tmp, a, row);
      memcpy(a, b, row);
      memcpy(b, tmp, row);
   }
   free(tmp);
}
