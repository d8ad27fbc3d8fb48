/* The windowed route probe: an Xlib program linked against the system's libEGL/libGLESv2
 * like any application (run under scripts/with-xvfb). It opens a 64x48 X window,
 * eglGetDisplay(Display *) (glvnd picks the X11 platform from the handle), a window surface
 * on the config's visual, draws a red quad over the left half of a blue clear, swaps, and
 * reads the window back from the X server (XGetImage). Checks: GL_RENDERER is r600sim's,
 * every presented pixel is exact, no library of Mesa's GL stack is mapped.
 * Prints "N passed, M failed". */
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include "check.h"
#include "route_maps.h"

enum { W = 64, H = 48 };

static GLuint program(void)
{
   static const char *const src[2] = {
      "attribute vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }\n"};
   GLuint prog = glCreateProgram();
   for (int i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(i ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER);
      glShaderSource(sh, 1, &src[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
   }
   glBindAttribLocation(prog, 0, "pos");
   glLinkProgram(prog);
   GLint linked = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &linked);
   return linked ? prog : 0;
}

/* XGetImage of the window, every pixel compared: red left of x = W/2, blue right. */
static void check_presented(Display *x, Window win)
{
   XImage *img = XGetImage(x, win, 0, 0, W, H, AllPlanes, ZPixmap);
   if (!CHECK(img != NULL, "XGetImage"))
      return;
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++)
      for (int i = 0; i < W; i++) {
         unsigned long p = XGetPixel(img, i, y);
         unsigned long want = i < W / 2 ? img->red_mask : img->blue_mask;
         if ((p & (img->red_mask | img->green_mask | img->blue_mask)) != want &&
             mismatches++ < 5)
            printf("presented pixel (%d, %d) = 0x%06lx, want 0x%06lx\n", i, y, p, want);
      }
   CHECK_EQ(mismatches, 0, "presented pixels that differ");
   XDestroyImage(img);
}

int main(void)
{
   Display *x = XOpenDisplay(NULL);
   if (!CHECK(x != NULL, "XOpenDisplay (run under scripts/with-xvfb)"))
      return check_report();
   EGLDisplay dpy = eglGetDisplay((EGLNativeDisplayType)x);
   static const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_NONE};
   static const EGLint context_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLConfig config;
   EGLint n = 0, visual_id = 0;
   if (!CHECK(dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL), "X11 display") ||
       !CHECK(eglChooseConfig(dpy, config_attribs, &config, 1, &n) && n == 1, "window config") ||
       !CHECK(eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_ID, &visual_id), "visual id"))
      return check_report();

   XVisualInfo tmpl = {.visualid = (VisualID)visual_id}, *vi;
   int nvi = 0;
   vi = XGetVisualInfo(x, VisualIDMask, &tmpl, &nvi);
   if (!CHECK(vi && nvi == 1, "the config's X visual exists"))
      return check_report();
   Window root = DefaultRootWindow(x);
   XSetWindowAttributes wa = {.colormap = XCreateColormap(x, root, vi->visual, AllocNone)};
   Window win = XCreateWindow(x, root, 0, 0, W, H, 0, vi->depth, InputOutput, vi->visual,
                              CWColormap, &wa);
   XMapWindow(x, win);
   XSync(x, False);

   EGLSurface surf = eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, NULL);
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, context_attribs);
   if (!CHECK(surf != EGL_NO_SURFACE && ctx != EGL_NO_CONTEXT &&
                 eglMakeCurrent(dpy, surf, surf, ctx),
              "window surface and context current"))
      return check_report();
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   printf("GL_RENDERER: %s\n", renderer ? renderer : "(null)");
   CHECK(renderer && strncmp(renderer, "r600sim (", 9) == 0, "GL_RENDERER is r600sim's");

   static const float quad[] = {-1, -1, 0, -1, -1, 1, 0, 1};
   GLuint prog = program();
   CHECK(prog != 0, "program linked");
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK(eglSwapBuffers(dpy, surf), "eglSwapBuffers");
   XSync(x, False);
   check_presented(x, win);
   CHECK_EQ(route_mesa_libraries_mapped(), 0, "Mesa libraries mapped");

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   XDestroyWindow(x, win);
   XFree(vi);
   XCloseDisplay(x);
   return check_report();
}
