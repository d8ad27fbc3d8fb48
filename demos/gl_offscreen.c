/* EGL pbuffer context and read-back of the demos (gl_offscreen.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_offscreen.h"

#include <EGL/eglext.h>
#include <GLES2/gl2.h>

static bool egl_fail(const char *what)
{
   fprintf(stderr, "r600sim-demo: %s failed (EGL error 0x%04x)\n", what, (unsigned)eglGetError());
   return false;
}

/* The config with exactly `samples` samples; lists the counts offered when there is none. */
static bool choose_config(struct gl_offscreen *o, int samples, bool depth)
{
   const EGLint attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
      EGL_DEPTH_SIZE, depth ? 16 : 0, EGL_SAMPLE_BUFFERS, samples > 0, EGL_SAMPLES, samples,
      EGL_NONE};
   EGLConfig configs[64];
   EGLint n = 0;
   if (!eglChooseConfig(o->dpy, attribs, configs, 64, &n))
      return egl_fail("eglChooseConfig");
   for (EGLint i = 0; i < n; i++) {
      EGLint s = 0;
      eglGetConfigAttrib(o->dpy, configs[i], EGL_SAMPLES, &s);
      if (s == samples) {
         o->config = configs[i];
         o->samples = s;
         return true;
      }
   }
   static const EGLint any[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                EGL_OPENGL_ES2_BIT, EGL_NONE};
   eglChooseConfig(o->dpy, any, configs, 64, &n);
   char offered[128] = "";
   unsigned seen = 0;
   for (EGLint i = 0; i < n; i++) {
      EGLint s = 0;
      eglGetConfigAttrib(o->dpy, configs[i], EGL_SAMPLES, &s);
      if (s >= 0 && s < 32 && !(seen & (1u << s))) {
         seen |= 1u << s;
         size_t len = strlen(offered);
         snprintf(offered + len, sizeof(offered) - len, "%s%d", len ? ", " : "", s);
      }
   }
   fprintf(stderr, "r600sim-demo: no pbuffer config with %d samples (r600sim's EGL offers %s)\n",
           samples, offered);
   return false;
}

bool gl_offscreen_init(struct gl_offscreen *o, int samples, bool depth)
{
   memset(o, 0, sizeof(*o));
   o->surface = EGL_NO_SURFACE;
   o->dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (o->dpy == EGL_NO_DISPLAY || !eglInitialize(o->dpy, NULL, NULL))
      return egl_fail("eglGetPlatformDisplay(surfaceless)/eglInitialize");
   if (!choose_config(o, samples, depth))
      return false;
   static const EGLint ctx_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   o->ctx = eglCreateContext(o->dpy, o->config, EGL_NO_CONTEXT, ctx_attribs);
   if (o->ctx == EGL_NO_CONTEXT)
      return egl_fail("eglCreateContext");
   return true;
}

bool gl_offscreen_resize(struct gl_offscreen *o, unsigned width, unsigned height)
{
   if (o->surface != EGL_NO_SURFACE && o->width == width && o->height == height)
      return true;
   const EGLint attribs[] = {EGL_WIDTH, (EGLint)width, EGL_HEIGHT, (EGLint)height, EGL_NONE};
   EGLSurface s = eglCreatePbufferSurface(o->dpy, o->config, attribs);
   if (s == EGL_NO_SURFACE)
      return egl_fail("eglCreatePbufferSurface");
   if (!eglMakeCurrent(o->dpy, s, s, o->ctx)) {
      eglDestroySurface(o->dpy, s);
      return egl_fail("eglMakeCurrent");
   }
   if (o->surface != EGL_NO_SURFACE)
      eglDestroySurface(o->dpy, o->surface);
   o->surface = s;
   o->width = width;
   o->height = height;
   return true;
}

bool gl_offscreen_read(struct gl_offscreen *o, uint8_t *rgba)
{
   size_t row = (size_t)o->width * 4;
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, (GLsizei)o->width, (GLsizei)o->height, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "r600sim-demo: glReadPixels failed (GL error 0x%04x)\n", (unsigned)err);
      return false;
   }
   uint8_t *tmp = malloc(row);
   if (!tmp)
      return false;
   for (unsigned y = 0; y < o->height / 2; y++) {
      uint8_t *a = rgba + y * row, *b = rgba + (o->height - 1 - y) * row;
      memcpy(tmp, a, row);
      memcpy(a, b, row);
      memcpy(b, tmp, row);
   }
   free(tmp);
   return true;
}

void gl_offscreen_fini(struct gl_offscreen *o)
{
   if (o->dpy == EGL_NO_DISPLAY)
      return;
   /* Let the GPU finish first: work still in flight at exit would run on the GPU thread
    * while the process's exit handlers tear down the libraries it uses (LLVM). */
   if (o->surface != EGL_NO_SURFACE)
      glFinish();
   eglMakeCurrent(o->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   if (o->surface != EGL_NO_SURFACE)
      eglDestroySurface(o->dpy, o->surface);
   if (o->ctx != EGL_NO_CONTEXT)
      eglDestroyContext(o->dpy, o->ctx);
   eglTerminate(o->dpy);
}

static unsigned compile(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = GL_FALSE;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      fprintf(stderr, "r600sim-demo: shader compilation failed:\n%s\n", log);
      glDeleteShader(s);
      return 0;
   }
   return s;
}

unsigned gl_program_build(const char *vs_src, const char *fs_src, const char *const *attribs)
{
   GLuint vs = compile(GL_VERTEX_SHADER, vs_src), fs = compile(GL_FRAGMENT_SHADER, fs_src);
   if (!vs || !fs)
      return 0;
   GLuint prog = glCreateProgram();
   glAttachShader(prog, vs);
   glAttachShader(prog, fs);
   for (unsigned i = 0; attribs && attribs[i]; i++)
      glBindAttribLocation(prog, i, attribs[i]);
   glLinkProgram(prog);
   glDeleteShader(vs);
   glDeleteShader(fs);
   GLint ok = GL_FALSE;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetProgramInfoLog(prog, sizeof(log), NULL, log);
      fprintf(stderr, "r600sim-demo: program link failed:\n%s\n", log);
      glDeleteProgram(prog);
      return 0;
   }
   return prog;
}
