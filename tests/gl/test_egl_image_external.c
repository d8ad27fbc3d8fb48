/* GL_OES_EGL_image_external end to end: an EGL image of a 2x2 GL texture bound to
 * TEXTURE_EXTERNAL_OES and sampled through samplerExternalOES texel for texel (the 2x2
 * pbuffer's pixel (x, y) samples at the centre of texel (x, y) with NEAREST), apart from the
 * unit's TEXTURE_2D binding; an external texture without an image samples (0, 0, 0, 1).
 * The extension's rules: defaults CLAMP_TO_EDGE / LINEAR, INVALID_ENUM for other wrap modes,
 * mipmap filters and glTexImage2D / glGenerateMipmap on the target;
 * TEXTURE_BINDING_EXTERNAL_OES, REQUIRED_TEXTURE_IMAGE_UNITS_OES = 1, and the uniform's type
 * SAMPLER_EXTERNAL_OES. Prints "N passed, M failed". */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define S 2

static const uint8_t texels[S * S][4] = {
   { 10, 20, 30, 255 }, { 200, 40, 60, 128 }, { 0, 255, 90, 64 }, { 77, 88, 99, 0 },
};

static const char vs_src[] =
   "attribute vec2 pos; varying vec2 tc;\n"
   "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_src[] =
   "#extension GL_OES_EGL_image_external : require\n"
   "precision mediump float; uniform samplerExternalOES s; varying vec2 tc;\n"
   "void main() { gl_FragColor = texture2D(s, tc); }\n";

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

static GLint get_int(GLenum pname)
{
   GLint v = -1;
   glGetIntegerv(pname, &v);
   return v;
}

static GLint tex_param(GLenum pname)
{
   GLint v = -1;
   glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, pname, &v);
   return v;
}

static void draw_and_check(const uint8_t want[S * S][4], const char *what)
{
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   uint8_t got[S * S * 4];
   egl_fixture_read(S, S, got, false);
   check(memcmp(got, want, sizeof(got)) == 0, "%s (pixel 0 %u %u %u %u)", what, got[0], got[1],
         got[2], got[3]);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, S, S, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   check(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_OES_EGL_image_external ") != NULL,
         "GL_OES_EGL_image_external listed");
   PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_texture =
      (PFNGLEGLIMAGETARGETTEXTURE2DOESPROC)eglGetProcAddress("glEGLImageTargetTexture2DOES");
   check(target_texture != NULL, "glEGLImageTargetTexture2DOES");
   check(get_int(GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES) == 1, "REQUIRED_TEXTURE_IMAGE_UNITS_OES");

   /* the image: a 2x2 RGBA texture */
   GLuint src, ext, other;
   glGenTextures(1, &src);
   glBindTexture(GL_TEXTURE_2D, src);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   EGLImage img = eglCreateImage(f.dpy, f.ctx, EGL_GL_TEXTURE_2D,
                                 (EGLClientBuffer)(uintptr_t)src, NULL);
   check(img != EGL_NO_IMAGE, "eglCreateImage");

   glGenTextures(1, &ext);
   glBindTexture(GL_TEXTURE_EXTERNAL_OES, ext);
   expect_error(GL_NO_ERROR, "glBindTexture(TEXTURE_EXTERNAL_OES)");
   check(get_int(GL_TEXTURE_BINDING_EXTERNAL_OES) == (GLint)ext, "TEXTURE_BINDING_EXTERNAL_OES");
   check(get_int(GL_TEXTURE_BINDING_2D) == (GLint)src, "TEXTURE_BINDING_2D apart");
   check(tex_param(GL_TEXTURE_WRAP_S) == GL_CLAMP_TO_EDGE &&
         tex_param(GL_TEXTURE_WRAP_T) == GL_CLAMP_TO_EDGE, "default wrap CLAMP_TO_EDGE");
   check(tex_param(GL_TEXTURE_MIN_FILTER) == GL_LINEAR, "default min filter LINEAR");

   /* errors, state unchanged */
   glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_S, GL_REPEAT);
   expect_error(GL_INVALID_ENUM, "wrap REPEAT");
   glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
   expect_error(GL_INVALID_ENUM, "wrap MIRRORED_REPEAT");
   glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   expect_error(GL_INVALID_ENUM, "mipmap min filter");
   check(tex_param(GL_TEXTURE_WRAP_S) == GL_CLAMP_TO_EDGE &&
         tex_param(GL_TEXTURE_WRAP_T) == GL_CLAMP_TO_EDGE &&
         tex_param(GL_TEXTURE_MIN_FILTER) == GL_LINEAR, "parameters unchanged by the errors");
   glTexImage2D(GL_TEXTURE_EXTERNAL_OES, 0, GL_RGBA, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   expect_error(GL_INVALID_ENUM, "glTexImage2D on TEXTURE_EXTERNAL_OES");
   glGenerateMipmap(GL_TEXTURE_EXTERNAL_OES);
   expect_error(GL_INVALID_ENUM, "glGenerateMipmap on TEXTURE_EXTERNAL_OES");
   glBindTexture(GL_TEXTURE_EXTERNAL_OES, src);
   expect_error(GL_INVALID_OPERATION, "a 2D texture bound as external");
   check(get_int(GL_TEXTURE_BINDING_EXTERNAL_OES) == (GLint)ext, "binding kept");

   /* sampled through samplerExternalOES */
   static const char *const attribs[] = { "pos", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs_src, attribs);
   check(prog != 0, "samplerExternalOES program");
   GLint size = 0;
   GLenum type = 0;
   char name[16];
   glGetActiveUniform(prog, 0, sizeof(name), NULL, &size, &type, name);
   check(type == GL_SAMPLER_EXTERNAL_OES, "uniform type 0x%04x", type);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "s"), 0);
   expect_error(GL_NO_ERROR, "sampler uniform");
   static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   static const uint8_t black[S * S][4] = { { 0, 0, 0, 255 }, { 0, 0, 0, 255 },
                                            { 0, 0, 0, 255 }, { 0, 0, 0, 255 } };
   glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   draw_and_check(black, "external texture without an image");
   target_texture(GL_TEXTURE_EXTERNAL_OES, img);
   expect_error(GL_NO_ERROR, "glEGLImageTargetTexture2DOES(TEXTURE_EXTERNAL_OES)");
   /* another (complete) texture on the unit's TEXTURE_2D point must not be sampled */
   glGenTextures(1, &other);
   glBindTexture(GL_TEXTURE_2D, other);
   static const uint8_t red[4] = { 255, 0, 0, 255 };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   draw_and_check(texels, "the image's texels through samplerExternalOES");
   /* the image's storage is shared: an update of the source shows */
   static const uint8_t grey[4] = { 50, 60, 70, 80 };
   glBindTexture(GL_TEXTURE_2D, src);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, grey);
   uint8_t updated[S * S][4];
   memcpy(updated, texels, sizeof(updated));
   memcpy(updated[3], grey, 4);
   draw_and_check(updated, "source update seen through the external texture");
   check_gl("draws");

   eglDestroyImage(f.dpy, img);
   GLuint texs[3] = { src, ext, other };
   glDeleteTextures(3, texs);
   check(get_int(GL_TEXTURE_BINDING_EXTERNAL_OES) == 0, "binding reverts to 0 on delete");
   egl_fixture_fini(&f);
   return check_report();
}
