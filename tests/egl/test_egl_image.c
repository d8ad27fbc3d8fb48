/* EGL images of GL textures (EGL_KHR_image_base, EGL_KHR_gl_texture_2D_image) and their GL
 * consumer (GL_OES_EGL_image): a texture made from an image shares its storage with the
 * source texture both ways, and outlives the source and the image; EGL_EXT_image_flush_
 * external; every error the specs name, and the consumers' GL_INVALID_OPERATION for images
 * they cannot use (gles/gl_egl_image.c). Prints "N passed, M failed". */
#include <stdint.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "check.h"
#include "egl_fixture.h"

#define SIZE 8

#define CHECK_ERR(call, want_result, want_error)                                          \
   do {                                                                                   \
      bool ok_ = (call) == (want_result);                                                 \
      EGLint err_ = eglGetError();                                                        \
      check_at(ok_, __FILE__, __LINE__, "%s", #call " result");                           \
      check_at(err_ == (want_error), __FILE__, __LINE__, "%s (error 0x%04x)",             \
               #call " error " #want_error, (unsigned)err_);                              \
   } while (0)
#define CHECK_GL(call, want_error)                                                        \
   do {                                                                                   \
      call;                                                                               \
      GLenum err_ = glGetError();                                                         \
      check_at(err_ == (want_error), __FILE__, __LINE__, "%s (GL error 0x%04x)",          \
               #call " error " #want_error, (unsigned)err_);                              \
   } while (0)

typedef EGLBoolean(EGLAPIENTRYP flush_external_fn)(EGLDisplay, EGLImage, const EGLAttrib *);

static PFNEGLCREATEIMAGEKHRPROC create_image_khr;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image_khr;
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC image_target_texture;
static PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC image_target_renderbuffer;
static flush_external_fn flush_external, invalidate_external;

static GLuint program;

/* A 4x4 RGBA texture (level 0 only unless levels > 1) filled with one colour. */
static GLuint make_texture(const uint8_t rgba[4], int levels)
{
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   uint8_t px[4 * 4 * 4];
   for (int i = 0; i < 16; i++)
      memcpy(px + 4 * i, rgba, 4);
   for (int l = 0; l < levels; l++)
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, 4 >> l, 4 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return t;
}

static void fill(GLuint tex, const uint8_t rgba[4])
{
   uint8_t px[4 * 4 * 4];
   for (int i = 0; i < 16; i++)
      memcpy(px + 4 * i, rgba, 4);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

/* Draws the pbuffer with texture tex and checks a middle pixel is want. */
static void check_sampled(GLuint tex, const uint8_t want[4], const char *what)
{
   static const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glUseProgram(program);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   uint8_t px[SIZE * SIZE * 4];
   egl_fixture_read(SIZE, SIZE, px, false);
   const uint8_t *p = px + 4 * (SIZE * (SIZE / 2) + SIZE / 2);
   check(memcmp(p, want, 4) == 0, "%s: sampled %u,%u,%u,%u, expected %u,%u,%u,%u", what, p[0],
         p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
   check_gl(what);
}

static const uint8_t red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255},
                     blue[4] = {0, 0, 255, 255}, white[4] = {255, 255, 255, 255};

static void test_siblings(struct egl_fixture *f)
{
   GLuint a = make_texture(red, 1);
   EGLImage img = eglCreateImage(f->dpy, f->ctx, EGL_GL_TEXTURE_2D,
                                 (EGLClientBuffer)(uintptr_t)a, NULL);
   CHECK(img != EGL_NO_IMAGE && eglGetError() == EGL_SUCCESS);
   GLuint b;
   glGenTextures(1, &b);
   glBindTexture(GL_TEXTURE_2D, b);
   CHECK_GL(image_target_texture(GL_TEXTURE_2D, img), GL_NO_ERROR);
   check_sampled(b, red, "target texture, the source's texels");
   fill(a, green);
   check_sampled(b, green, "target texture after the source was written");
   fill(b, blue);
   check_sampled(a, blue, "source texture after the target was written");
   /* Defining another level of the target orphans it: the source keeps its texels. */
   GLuint c;
   glGenTextures(1, &c);
   glBindTexture(GL_TEXTURE_2D, c);
   image_target_texture(GL_TEXTURE_2D, img);
   check_sampled(c, blue, "second target texture");
   glBindTexture(GL_TEXTURE_2D, c);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   fill(a, red);
   check_sampled(b, red, "first target after the second was orphaned");
   check_sampled(c, (const uint8_t[4]){0, 0, 0, 255}, "orphaned target (level 0 undefined)");
   glDeleteTextures(1, &c);
   fill(a, blue);
   /* The target keeps the storage after the source and the image are gone. */
   glDeleteTextures(1, &a);
   CHECK_ERR(eglDestroyImage(f->dpy, img), EGL_TRUE, EGL_SUCCESS);
   check_sampled(b, blue, "target texture alone");
   /* Respecifying level 0 of the target orphans it from the image's storage too. */
   glBindTexture(GL_TEXTURE_2D, b);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   fill(b, white);
   check_sampled(b, white, "target texture respecified");
   glDeleteTextures(1, &b);
}

static void test_create_errors(struct egl_fixture *f)
{
   EGLDisplay dpy = f->dpy;
   GLuint complete = make_texture(red, 3);   /* 4x4, 2x2, 1x1 */
   GLuint partial = make_texture(red, 2);    /* 4x4, 2x2: not complete */
   GLuint single = make_texture(red, 1);
   GLuint cube;
   glGenTextures(1, &cube);
   glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
   EGLClientBuffer bc = (EGLClientBuffer)(uintptr_t)complete;
   EGLClientBuffer bp = (EGLClientBuffer)(uintptr_t)partial;
   EGLClientBuffer bs = (EGLClientBuffer)(uintptr_t)single;

   const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
   CHECK(strstr(ext, "EGL_KHR_image_base") && strstr(ext, "EGL_KHR_gl_texture_2D_image"));
   CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_OES_EGL_image") != NULL);
   CHECK_ERR(eglCreateImage(EGL_NO_DISPLAY, f->ctx, EGL_GL_TEXTURE_2D, bs, NULL), EGL_NO_IMAGE,
             EGL_BAD_DISPLAY);
   CHECK_ERR(eglCreateImage(dpy, (EGLContext)&dpy, EGL_GL_TEXTURE_2D, bs, NULL), EGL_NO_IMAGE,
             EGL_BAD_CONTEXT);
   CHECK_ERR(eglCreateImage(dpy, EGL_NO_CONTEXT, EGL_GL_TEXTURE_2D, bs, NULL), EGL_NO_IMAGE,
             EGL_BAD_CONTEXT);
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X, bs, NULL),
             EGL_NO_IMAGE, EGL_BAD_PARAMETER);
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_RENDERBUFFER, bs, NULL), EGL_NO_IMAGE,
             EGL_BAD_PARAMETER);
   CHECK_ERR(eglCreateImage(dpy, EGL_NO_CONTEXT, 0x1234, bs, NULL), EGL_NO_IMAGE,
             EGL_BAD_PARAMETER);
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, NULL, NULL), EGL_NO_IMAGE,
             EGL_BAD_PARAMETER);   /* texture 0 */
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, (EGLClientBuffer)(uintptr_t)9999,
                            NULL), EGL_NO_IMAGE, EGL_BAD_PARAMETER);
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, (EGLClientBuffer)(uintptr_t)cube,
                            NULL), EGL_NO_IMAGE, EGL_BAD_PARAMETER);
   static const EGLAttrib bad_attrib[] = {EGL_WIDTH, 4, EGL_NONE};
   static const EGLAttrib bad_bool[] = {EGL_IMAGE_PRESERVED, 7, EGL_NONE};
   static const EGLAttrib level2[] = {EGL_GL_TEXTURE_LEVEL, 2, EGL_IMAGE_PRESERVED, EGL_TRUE,
                                      EGL_NONE};
   static const EGLAttrib level1[] = {EGL_GL_TEXTURE_LEVEL, 1, EGL_NONE};
   static const EGLAttrib level3[] = {EGL_GL_TEXTURE_LEVEL, 3, EGL_NONE};
   static const EGLAttrib level_neg[] = {EGL_GL_TEXTURE_LEVEL, -1, EGL_NONE};
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, bs, bad_attrib), EGL_NO_IMAGE,
             EGL_BAD_PARAMETER);
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, bs, bad_bool), EGL_NO_IMAGE,
             EGL_BAD_PARAMETER);
   /* Levels: undefined ones are EGL_BAD_MATCH; incomplete textures EGL_BAD_PARAMETER. */
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, bc, level3), EGL_NO_IMAGE,
             EGL_BAD_MATCH);
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, bc, level_neg), EGL_NO_IMAGE,
             EGL_BAD_MATCH);
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, bp, level1), EGL_NO_IMAGE,
             EGL_BAD_PARAMETER);
   CHECK_ERR(eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, bp, NULL), EGL_NO_IMAGE,
             EGL_BAD_PARAMETER);
   EGLImage l2 = eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, bc, level2);
   CHECK(l2 != EGL_NO_IMAGE && eglGetError() == EGL_SUCCESS);

   /* The KHR entry points (EGLint attributes). */
   static const EGLint khr_level1[] = {EGL_GL_TEXTURE_LEVEL_KHR, 1, EGL_NONE};
   EGLImageKHR k = create_image_khr(dpy, f->ctx, EGL_GL_TEXTURE_2D_KHR, bc, khr_level1);
   CHECK(k != EGL_NO_IMAGE_KHR && eglGetError() == EGL_SUCCESS);
   static const EGLint khr_bad[] = {EGL_HEIGHT, 1, EGL_NONE};
   CHECK_ERR(create_image_khr(dpy, f->ctx, EGL_GL_TEXTURE_2D_KHR, bc, khr_bad),
             EGL_NO_IMAGE_KHR, EGL_BAD_PARAMETER);

   /* Consumers: wrong targets, images they cannot use, handles of no image. */
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   CHECK_GL(image_target_texture(GL_TEXTURE_CUBE_MAP, k), GL_INVALID_ENUM);
   CHECK_GL(image_target_texture(GL_TEXTURE_2D, k), GL_INVALID_OPERATION);   /* level 1 */
   CHECK_GL(image_target_texture(GL_TEXTURE_2D, (GLeglImageOES)&t), GL_INVALID_VALUE);
   CHECK_GL(image_target_renderbuffer(GL_TEXTURE_2D, l2), GL_INVALID_ENUM);
   CHECK_GL(image_target_renderbuffer(GL_RENDERBUFFER, l2), GL_INVALID_OPERATION);
   CHECK_GL(image_target_renderbuffer(GL_RENDERBUFFER, NULL), GL_INVALID_VALUE);

   /* EGL_EXT_image_flush_external */
   CHECK(strstr(ext, "EGL_EXT_image_flush_external") != NULL);
   static const EGLAttrib bad_flush[] = {EGL_RED_SIZE, EGL_GREEN_SIZE};
   static const EGLAttrib empty[] = {EGL_NONE};
   CHECK_ERR(flush_external(dpy, k, bad_flush), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(invalidate_external(dpy, k, bad_flush), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(flush_external(dpy, k, empty), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(invalidate_external(dpy, k, NULL), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(flush_external(dpy, (EGLImage)&t, NULL), EGL_FALSE, EGL_BAD_PARAMETER);

   CHECK_ERR(destroy_image_khr(dpy, k), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(destroy_image_khr(dpy, k), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_GL(image_target_texture(GL_TEXTURE_2D, k), GL_INVALID_VALUE);   /* destroyed */
   CHECK_ERR(eglDestroyImage(dpy, (EGLImage)&t), EGL_FALSE, EGL_BAD_PARAMETER);

   /* eglTerminate destroys the display's images. */
   EGLImage l0 = eglCreateImage(dpy, f->ctx, EGL_GL_TEXTURE_2D, bs, NULL);
   CHECK(l0 != EGL_NO_IMAGE);
   eglTerminate(dpy);
   CHECK_GL(image_target_texture(GL_TEXTURE_2D, l0), GL_INVALID_VALUE);
   CHECK_GL(image_target_texture(GL_TEXTURE_2D, l2), GL_INVALID_VALUE);
   eglInitialize(dpy, NULL, NULL);
   CHECK_ERR(eglDestroyImage(dpy, l0), EGL_FALSE, EGL_BAD_PARAMETER);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, SIZE, SIZE, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   create_image_khr = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
   destroy_image_khr = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
   image_target_texture =
      (PFNGLEGLIMAGETARGETTEXTURE2DOESPROC)eglGetProcAddress("glEGLImageTargetTexture2DOES");
   image_target_renderbuffer = (PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC)eglGetProcAddress(
      "glEGLImageTargetRenderbufferStorageOES");
   flush_external = (flush_external_fn)eglGetProcAddress("eglImageFlushExternalEXT");
   invalidate_external = (flush_external_fn)eglGetProcAddress("eglImageInvalidateExternalEXT");
   if (!check(create_image_khr && destroy_image_khr && image_target_texture &&
                 image_target_renderbuffer && flush_external && invalidate_external,
              "eglGetProcAddress of the image functions"))
      return check_report();
   static const char vs[] = "attribute vec4 pos; varying vec2 uv;\n"
                            "void main() { gl_Position = pos; uv = pos.xy * 0.5 + 0.5; }";
   static const char fs[] = "precision mediump float; varying vec2 uv; uniform sampler2D t;\n"
                            "void main() { gl_FragColor = texture2D(t, uv); }";
   static const char *const attribs[] = {"pos", NULL};
   program = egl_fixture_program(vs, fs, attribs);
   if (!check(program != 0, "program builds"))
      return check_report();
   test_siblings(&f);
   test_create_errors(&f);
   egl_fixture_fini(&f);
   return check_report();
}
