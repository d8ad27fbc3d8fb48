/* GL_EXT_discard_framebuffer: glDiscardFramebufferEXT's errors (EXT spec "Errors") for the
 * default framebuffer (COLOR_EXT / DEPTH_EXT / STENCIL_EXT) and a framebuffer object
 * (COLOR_ATTACHMENT0 / DEPTH_ATTACHMENT / STENCIL_ATTACHMENT), and what this driver does
 * with a valid discard: nothing (gl_discard_framebuffer.c), so the pixels read back are
 * the ones drawn before. Prints "N passed, M failed". */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 8
#define H 4

#define EXPECT_ERROR(call, err)                                             \
   do {                                                                     \
      call;                                                                 \
      GLenum got_ = glGetError();                                           \
      check(got_ == (err) && glGetError() == GL_NO_ERROR,                   \
            "%s gave 0x%04x, expected %s", #call, got_, #err);              \
   } while (0)

static PFNGLDISCARDFRAMEBUFFEREXTPROC discard;

static void test_errors(void)
{
   static const GLenum def[] = { GL_COLOR_EXT, GL_DEPTH_EXT, GL_STENCIL_EXT };
   static const GLenum usr[] = { GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT, GL_STENCIL_ATTACHMENT };
   static const GLenum other = GL_COMPILE_STATUS;
   EXPECT_ERROR(discard(GL_RENDERBUFFER, 1, def), GL_INVALID_ENUM);
   EXPECT_ERROR(discard(GL_FRAMEBUFFER, -1, def), GL_INVALID_VALUE);
   EXPECT_ERROR(discard(GL_FRAMEBUFFER, 3, def), GL_NO_ERROR);
   EXPECT_ERROR(discard(GL_FRAMEBUFFER, 0, NULL), GL_NO_ERROR);
   EXPECT_ERROR(discard(GL_FRAMEBUFFER, 1, &other), GL_INVALID_ENUM);
   for (int i = 0; i < 3; i++)
      EXPECT_ERROR(discard(GL_FRAMEBUFFER, 1, &usr[i]), GL_INVALID_ENUM);

   GLuint fbo, rb;
   glGenFramebuffers(1, &fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, W, H);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   EXPECT_ERROR(discard(GL_FRAMEBUFFER, 3, usr), GL_NO_ERROR);
   EXPECT_ERROR(discard(GL_FRAMEBUFFER, 1, &other), GL_INVALID_ENUM);
   for (int i = 0; i < 3; i++)
      EXPECT_ERROR(discard(GL_FRAMEBUFFER, 1, &def[i]), GL_INVALID_ENUM);
   /* one bad token in the list: the error, whatever its position */
   const GLenum mixed[] = { GL_COLOR_ATTACHMENT0, GL_COLOR_EXT };
   EXPECT_ERROR(discard(GL_FRAMEBUFFER, 2, mixed), GL_INVALID_ENUM);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
}

/* A discard leaves the pixels as they were (this driver's choice). */
static void test_contents_kept(void)
{
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   static const GLenum color = GL_COLOR_EXT;
   discard(GL_FRAMEBUFFER, 1, &color);
   uint8_t px[W * H * 4];
   egl_fixture_read(W, H, px, false);
   static const uint8_t green[4] = { 0, 255, 0, 255 };
   unsigned mismatches = 0;
   for (int r = 0; r < H; r++)
      for (int x = 0; x < W; x++)
         expect_rgba(px, W, x, r, green, "after a discard", &mismatches);
   check_mismatches(&mismatches, "after a discard");
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 16, 8);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(ext && strstr(ext, "GL_EXT_discard_framebuffer "), "GL_EXT_discard_framebuffer listed");
   discard = (PFNGLDISCARDFRAMEBUFFEREXTPROC)eglGetProcAddress("glDiscardFramebufferEXT");
   check(discard != NULL, "glDiscardFramebufferEXT resolves");
   if (discard) {
      test_errors();
      test_contents_kept();
   }
   check_gl("end");
   egl_fixture_fini(&fx);
   return check_report();
}
