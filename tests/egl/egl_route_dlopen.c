/* Loads EGL and GLES the way glmark2 does: dlopen("libEGL.so") and dlopen("libGLESv2.so")
 * (the dev names, which are glvnd's on a machine with libegl-dev), every entry point taken
 * with dlsym from those handles. Linked against neither library. Under each route of
 * bin/r600sim-run it must still reach r600sim: GL_RENDERER is r600sim's, a 16x16 pbuffer
 * cleared to (0.2, 0.4, 0.6, 0.8) reads back (51, 102, 153, 204) everywhere (x * 255 rounded
 * to nearest, the UNORM8 conversion of ES 2.0 section 2.1.2), and nothing of Mesa's GL stack
 * is mapped. Prints "N passed, M failed". */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "check.h"
#include "route_maps.h"

enum { W = 16, H = 16 };

static void *egl_lib, *gles_lib;

static void *sym(void *lib, const char *name)
{
   void *f = dlsym(lib, name);
   CHECK(f != NULL, "dlsym(%s)", name);
   return f;
}

#define EGL(name) ((__typeof__(&name))sym(egl_lib, #name))
#define GL(name) ((__typeof__(&name))sym(gles_lib, #name))

/* A pbuffer and an ES2 context current on the default display; false on failure. */
static bool make_current(void)
{
   static const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE};
   static const EGLint surface_attribs[] = {EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE};
   static const EGLint context_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLDisplay dpy = EGL(eglGetDisplay)(EGL_DEFAULT_DISPLAY);
   EGLConfig config;
   EGLint n = 0;
   if (!CHECK(dpy != EGL_NO_DISPLAY && EGL(eglInitialize)(dpy, NULL, NULL), "eglInitialize") ||
       !CHECK(EGL(eglChooseConfig)(dpy, config_attribs, &config, 1, &n) && n == 1,
              "eglChooseConfig") ||
       !CHECK(EGL(eglBindAPI)(EGL_OPENGL_ES_API), "eglBindAPI"))
      return false;
   EGLSurface surf = EGL(eglCreatePbufferSurface)(dpy, config, surface_attribs);
   EGLContext ctx = EGL(eglCreateContext)(dpy, config, EGL_NO_CONTEXT, context_attribs);
   return CHECK(surf != EGL_NO_SURFACE && ctx != EGL_NO_CONTEXT &&
                   EGL(eglMakeCurrent)(dpy, surf, surf, ctx),
                "pbuffer and ES2 context made current");
}

int main(void)
{
   egl_lib = dlopen("libEGL.so", RTLD_NOW | RTLD_LOCAL);
   gles_lib = dlopen("libGLESv2.so", RTLD_NOW | RTLD_LOCAL);
   if (!CHECK(egl_lib && gles_lib, "dlopen libEGL.so and libGLESv2.so: %s", dlerror()) ||
       !make_current())
      return check_report();

   const char *renderer = (const char *)GL(glGetString)(GL_RENDERER);
   printf("GL_RENDERER: %s\n", renderer ? renderer : "(null)");
   CHECK(renderer && strncmp(renderer, "r600sim (", 9) == 0, "GL_RENDERER is r600sim's");

   static uint8_t pixels[W * H * 4];
   static const uint8_t want[4] = {51, 102, 153, 204};
   GL(glClearColor)(0.2f, 0.4f, 0.6f, 0.8f);
   GL(glClear)(GL_COLOR_BUFFER_BIT);
   GL(glReadPixels)(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   unsigned mismatches = 0;
   for (int i = 0; i < W * H; i++)
      mismatches += memcmp(&pixels[i * 4], want, 4) != 0;
   CHECK_EQ(mismatches, 0, "pixels other than (51, 102, 153, 204)");
   CHECK_EQ(route_mesa_libraries_mapped(), 0, "Mesa libraries mapped");
   return check_report();
}
