/* GPU hangs seen through GL (GL_EXT_robustness / GL_KHR_robustness with
 * EGL_EXT_create_context_robustness): a draw of 2^31 - 1 points (a vertex shader without
 * attributes) runs past R600SIM_GPU_TIMEOUT, the GPU watchdog stops it and glFinish
 * returns. A LOSE_CONTEXT_ON_RESET context then reports GUILTY_CONTEXT_RESET once (the other
 * context of its share group INNOCENT_CONTEXT_RESET), and is lost: calls raise
 * GL_CONTEXT_LOST_KHR without side effects; a new context draws normally. A
 * NO_RESET_NOTIFICATION context (the default) reports nothing and goes on drawing. Also the
 * state queries and the bounded queries glReadnPixels / glGetnUniform*v. */
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "check.h"
#include "egl_fixture.h"

#define SIZE 16

static EGLDisplay dpy;
static EGLConfig cfg;
static EGLSurface surf;
static PFNGLGETGRAPHICSRESETSTATUSEXTPROC get_reset_status_ext;
static PFNGLGETGRAPHICSRESETSTATUSKHRPROC get_reset_status_khr;
static PFNGLREADNPIXELSEXTPROC readn_pixels;
static PFNGLGETNUNIFORMFVEXTPROC getn_uniformfv;
static PFNGLGETNUNIFORMIVEXTPROC getn_uniformiv;

static const EGLint lose_attribs[] = {
   EGL_CONTEXT_CLIENT_VERSION, 2, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE,
   EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_LOSE_CONTEXT_ON_RESET_EXT, EGL_NONE
};
static const EGLint plain_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };

static bool has_word(const char *list, const char *word)
{
   size_t n = strlen(word);
   for (const char *p = list; p && (p = strstr(p, word)); p += n)
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

static EGLContext make_context(EGLContext share, const EGLint *attribs)
{
   EGLContext c = eglCreateContext(dpy, cfg, share, attribs);
   check(c != EGL_NO_CONTEXT, "eglCreateContext: 0x%x", eglGetError());
   return c;
}

static void make_current(EGLContext c)
{
   check(eglMakeCurrent(dpy, surf, surf, c), "eglMakeCurrent: 0x%x", eglGetError());
}

/* Clears to an opaque colour and checks that every pixel reads back as it. */
static void expect_clear_works(const char *what, float r, float g, float b)
{
   glClearColor(r, g, b, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t px[SIZE * SIZE * 4];
   egl_fixture_read(SIZE, SIZE, px, false);
   const uint8_t want[4] = { (uint8_t)(r * 255), (uint8_t)(g * 255), (uint8_t)(b * 255), 255 };
   unsigned bad = 0;
   for (int i = 0; i < SIZE * SIZE; i++)
      bad += memcmp(&px[4 * i], want, 4) != 0;
   check(bad == 0, "%s: %u pixels are not the clear colour", what, bad);
   check_gl(what);
}

/* The endless draw: 2^31 - 1 points, all clipped away; glFinish returns once the watchdog
 * stopped it. */
static void hang(void)
{
   static const char *vs = "void main() { gl_Position = vec4(2.0, 2.0, 0.0, 1.0);"
                           " gl_PointSize = 1.0; }";
   static const char *fs = "precision mediump float; void main() { gl_FragColor = vec4(1.0); }";
   GLuint prog = egl_fixture_program(vs, fs, NULL);
   glUseProgram(prog);
   glDrawArrays(GL_POINTS, 0, 0x7FFFFFFF);
   check_gl("the endless draw");
   glFinish();
   glUseProgram(0);
   glDeleteProgram(prog);
}

static void test_queries(void)
{
   const char *egl_ext = eglQueryString(dpy, EGL_EXTENSIONS);
   check(has_word(egl_ext, "EGL_EXT_create_context_robustness"),
         "EGL_EXTENSIONS lists EGL_EXT_create_context_robustness");
   EGLContext c = make_context(EGL_NO_CONTEXT, lose_attribs);
   make_current(c);
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(has_word(ext, "GL_EXT_robustness") && has_word(ext, "GL_KHR_robustness"),
         "GL_EXTENSIONS lists GL_EXT_robustness and GL_KHR_robustness");
   GLint strategy = 0;
   GLboolean robust = GL_FALSE;
   glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY_EXT, &strategy);
   glGetBooleanv(GL_CONTEXT_ROBUST_ACCESS_EXT, &robust);
   check(strategy == GL_LOSE_CONTEXT_ON_RESET_EXT && robust == GL_TRUE,
         "robust context: strategy 0x%x, robust access %d", strategy, robust);
   check(get_reset_status_ext() == GL_NO_ERROR, "no reset yet");

   /* glReadnPixelsEXT: 3 x 2 RGBA8 at GL_PACK_ALIGNMENT 8 needs 16 + 12 = 28 bytes. */
   glPixelStorei(GL_PACK_ALIGNMENT, 8);
   uint8_t buf[32];
   memset(buf, 0xAB, sizeof(buf));
   readn_pixels(0, 0, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, 27, buf);
   check(glGetError() == GL_INVALID_OPERATION && buf[0] == 0xAB,
         "glReadnPixelsEXT into 27 of 28 bytes: INVALID_OPERATION, nothing written");
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   readn_pixels(0, 0, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, 28, buf);
   check(glGetError() == GL_NO_ERROR && buf[1] == 255 && buf[16 + 8 + 3] == 255 &&
         buf[28] == 0xAB, "glReadnPixelsEXT into 28 bytes reads the rows, nothing past");
   glPixelStorei(GL_PACK_ALIGNMENT, 4);

   /* glGetnUniform{f,i}vEXT: a vec4 needs 16 bytes. */
   static const char *vs = "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }";
   static const char *fs = "precision mediump float; uniform vec4 u;"
                           " void main() { gl_FragColor = u; }";
   GLuint prog = egl_fixture_program(vs, fs, NULL);
   glUseProgram(prog);
   GLint loc = glGetUniformLocation(prog, "u");
   glUniform4f(loc, 1.0f, 2.0f, 3.0f, 4.0f);
   GLfloat f[5] = { -1, -1, -1, -1, -1 };
   getn_uniformfv(prog, loc, 15, f);
   check(glGetError() == GL_INVALID_OPERATION && f[0] == -1.0f,
         "glGetnUniformfvEXT of a vec4 into 15 bytes: INVALID_OPERATION, nothing written");
   getn_uniformfv(prog, loc, 16, f);
   check(glGetError() == GL_NO_ERROR && f[0] == 1.0f && f[3] == 4.0f && f[4] == -1.0f,
         "glGetnUniformfvEXT of a vec4 into 16 bytes");
   GLint iv[4] = { -1, -1, -1, -1 };
   getn_uniformiv(prog, loc, 12, iv);
   check(glGetError() == GL_INVALID_OPERATION && iv[0] == -1,
         "glGetnUniformivEXT of a vec4 into 12 bytes: INVALID_OPERATION");
   getn_uniformiv(prog, loc, 16, iv);
   check(glGetError() == GL_NO_ERROR && iv[1] == 2 && iv[2] == 3,
         "glGetnUniformivEXT of a vec4 into 16 bytes");
   getn_uniformfv(prog, 99, 64, f);
   check(glGetError() == GL_INVALID_OPERATION, "glGetnUniformfvEXT of a bad location");
   glDeleteProgram(prog);

   /* A share group has one strategy. */
   EGLContext other = eglCreateContext(dpy, cfg, c, plain_attribs);
   check(other == EGL_NO_CONTEXT && eglGetError() == EGL_BAD_MATCH,
         "sharing with a context of another reset strategy: EGL_BAD_MATCH");
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, c);
}

static void test_lose_context_on_reset(void)
{
   EGLContext guilty = make_context(EGL_NO_CONTEXT, lose_attribs);
   EGLContext sharer = make_context(guilty, lose_attribs);
   make_current(guilty);
   expect_clear_works("before the hang", 0.0f, 1.0f, 0.0f);
   hang();
   check(get_reset_status_ext() == GL_GUILTY_CONTEXT_RESET_EXT,
         "glGetGraphicsResetStatusEXT after the hang: GUILTY_CONTEXT_RESET");
   check(get_reset_status_khr() == GL_NO_ERROR && get_reset_status_ext() == GL_NO_ERROR,
         "the reset is reported once");

   /* Lost: each call raises CONTEXT_LOST and has no side effect. */
   glClear(GL_COLOR_BUFFER_BIT);
   check(glGetError() == GL_CONTEXT_LOST_KHR, "glClear on the lost context: CONTEXT_LOST");
   GLint viewport[4] = { -7, -7, -7, -7 };
   glGetIntegerv(GL_VIEWPORT, viewport);
   check(glGetError() == GL_CONTEXT_LOST_KHR && viewport[0] == -7,
         "glGetIntegerv on the lost context: CONTEXT_LOST, nothing written");

   make_current(sharer);
   check(get_reset_status_ext() == GL_INNOCENT_CONTEXT_RESET_EXT,
         "the other context of the share group: INNOCENT_CONTEXT_RESET");
   check(get_reset_status_ext() == GL_NO_ERROR, "... once");
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, sharer);
   eglDestroyContext(dpy, guilty);

   /* The application's way out: a new context. */
   EGLContext fresh = make_context(EGL_NO_CONTEXT, lose_attribs);
   make_current(fresh);
   check(get_reset_status_ext() == GL_NO_ERROR, "a new context has seen no reset");
   expect_clear_works("a new context after the hang", 0.0f, 0.0f, 1.0f);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, fresh);
}

static void test_no_reset_notification(void)
{
   EGLContext c = make_context(EGL_NO_CONTEXT, plain_attribs);
   make_current(c);
   GLint strategy = 0;
   GLboolean robust = GL_TRUE;
   glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY_EXT, &strategy);
   glGetBooleanv(GL_CONTEXT_ROBUST_ACCESS_EXT, &robust);
   check(strategy == GL_NO_RESET_NOTIFICATION_EXT && robust == GL_FALSE,
         "default context: strategy 0x%x, robust access %d", strategy, robust);
   hang();
   check(get_reset_status_ext() == GL_NO_ERROR,
         "NO_RESET_NOTIFICATION: glGetGraphicsResetStatusEXT is NO_ERROR after the hang");
   expect_clear_works("NO_RESET_NOTIFICATION context after the hang", 1.0f, 0.0f, 0.0f);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, c);
}

int main(void)
{
   /* A short watchdog; the interpreter, so that no normal submission waits for the JIT. */
   setenv("R600SIM_GPU_TIMEOUT", "500", 1);
   setenv("R600SIM_ENGINE", "interp", 1);
   dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   EGLint n = 0;
   static const EGLint cfg_attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                         EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
                                         EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE };
   static const EGLint pb_attribs[] = { EGL_WIDTH, SIZE, EGL_HEIGHT, SIZE, EGL_NONE };
   if (!eglInitialize(dpy, NULL, NULL) || !eglChooseConfig(dpy, cfg_attribs, &cfg, 1, &n) ||
       n < 1 || (surf = eglCreatePbufferSurface(dpy, cfg, pb_attribs)) == EGL_NO_SURFACE) {
      printf("EGL set-up failed: 0x%x\n", eglGetError());
      return 1;
   }
   get_reset_status_ext =
      (PFNGLGETGRAPHICSRESETSTATUSEXTPROC)eglGetProcAddress("glGetGraphicsResetStatusEXT");
   get_reset_status_khr =
      (PFNGLGETGRAPHICSRESETSTATUSKHRPROC)eglGetProcAddress("glGetGraphicsResetStatusKHR");
   readn_pixels = (PFNGLREADNPIXELSEXTPROC)eglGetProcAddress("glReadnPixelsEXT");
   getn_uniformfv = (PFNGLGETNUNIFORMFVEXTPROC)eglGetProcAddress("glGetnUniformfvEXT");
   getn_uniformiv = (PFNGLGETNUNIFORMIVEXTPROC)eglGetProcAddress("glGetnUniformivEXT");
   if (!get_reset_status_ext || !get_reset_status_khr || !readn_pixels || !getn_uniformfv ||
       !getn_uniformiv) {
      printf("eglGetProcAddress: a robustness entry point is missing\n");
      return 1;
   }

   test_queries();
   test_lose_context_on_reset();
   test_no_reset_notification();

   eglDestroySurface(dpy, surf);
   eglTerminate(dpy);
   return check_report();
}
