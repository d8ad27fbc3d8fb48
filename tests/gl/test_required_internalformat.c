/* GL_OES_required_internalformat and GL_OES_rgb8_rgba8 end to end: renderbuffer storage in
 * every sized format of the extension's renderbuffer table with the channel sizes it
 * prescribes at least, RGB8_OES / RGBA8_OES renderbuffers drawn, blended and read back
 * (RGB8 reads alpha as 1 and blends with a destination alpha of 1, whatever the RGBA8
 * storage holds), glTexImage2D / glCopyTexImage2D with sized internal formats (each
 * combination of the table, the pixels read back through a framebuffer object), and the
 * errors: a sized format with a format or type outside its row is INVALID_OPERATION, an
 * unknown or unexposed one (DEPTH_COMPONENT32_OES) INVALID_VALUE, and a renderbuffer
 * format outside the table INVALID_ENUM.
 *
 * Colours are multiples of 1/255 stored in 8-bit channels (exact), at least 0.05 away from a
 * rounding half after the GPU's fp16 export. Prints "N passed, M failed".
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 8
#define H 4

static unsigned mismatches;
static uint8_t pixels[W * H * 4];

static void expect_error(GLenum err, const char *what)
{
   GLenum got = glGetError();
   check(got == err, "%s: glGetError() = 0x%04x, want 0x%04x", what, got, err);
}

static void expect_all(const uint8_t want[4], const char *what)
{
   memset(pixels, 0xA5, sizeof(pixels));
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   check_gl(what);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(pixels, W, x, y, want, what, &mismatches);
   check_mismatches(&mismatches, what);
}

static void test_renderbuffer_sizes(void)
{
   static const struct {
      GLenum format;
      int bits[6];   /* red green blue alpha depth stencil: at least */
   } formats[] = {
      { GL_RGBA4_OES, { 4, 4, 4, 4, 0, 0 } },
      { GL_RGB5_A1_OES, { 5, 5, 5, 1, 0, 0 } },
      { GL_RGBA8_OES, { 8, 8, 8, 8, 0, 0 } },
      { GL_RGB565_OES, { 5, 6, 5, 0, 0, 0 } },
      { GL_RGB8_OES, { 8, 8, 8, 0, 0, 0 } },
      { GL_STENCIL_INDEX8, { 0, 0, 0, 0, 0, 8 } },
      { GL_DEPTH_COMPONENT16_OES, { 0, 0, 0, 0, 16, 0 } },
      { GL_DEPTH_COMPONENT24_OES, { 0, 0, 0, 0, 24, 0 } },
      { GL_DEPTH24_STENCIL8_OES, { 0, 0, 0, 0, 24, 8 } },
   };
   static const GLenum pnames[6] = {
      GL_RENDERBUFFER_RED_SIZE, GL_RENDERBUFFER_GREEN_SIZE, GL_RENDERBUFFER_BLUE_SIZE,
      GL_RENDERBUFFER_ALPHA_SIZE, GL_RENDERBUFFER_DEPTH_SIZE, GL_RENDERBUFFER_STENCIL_SIZE,
   };
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      glRenderbufferStorage(GL_RENDERBUFFER, formats[i].format, 1, 1);
      check_gl("glRenderbufferStorage(sized)");
      GLint format = 0;
      glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &format);
      check(format == (GLint)formats[i].format, "format 0x%04x: internal format kept",
            formats[i].format);
      for (int c = 0; c < 6; c++) {
         GLint bits = -1;
         glGetRenderbufferParameteriv(GL_RENDERBUFFER, pnames[c], &bits);
         /* Exactly what the table says: our storage keeps no more visible bits. */
         check(bits == formats[i].bits[c], "format 0x%04x channel %d: %d bits, want %d",
               formats[i].format, c, bits, formats[i].bits[c]);
      }
   }
   static const GLenum refused[] = { GL_ALPHA8_OES, GL_LUMINANCE8_OES, GL_RGB10_A2_EXT,
                                     GL_STENCIL_INDEX4_OES, GL_DEPTH_COMPONENT32_OES, GL_RGBA };
   for (unsigned i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
      glRenderbufferStorage(GL_RENDERBUFFER, refused[i], 1, 1);
      expect_error(GL_INVALID_ENUM, "a renderbuffer format outside the table");
   }
   glDeleteRenderbuffers(1, &rb);
}

static const char vs_src[] =
   "attribute vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char fs_src[] =
   "precision mediump float; uniform vec4 u_color;\n"
   "void main() { gl_FragColor = u_color; }\n";

/* A W x H framebuffer object with a colour renderbuffer of `format` (bound). */
static GLuint color_fbo(GLenum format, GLuint *rb)
{
   GLuint fbo;
   glGenRenderbuffers(1, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, *rb);
   glRenderbufferStorage(GL_RENDERBUFFER, format, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "RGB8/RGBA8 renderbuffer is colour-renderable");
   return fbo;
}

/* Clear to dst = (51, 102, 153, 0) / 255, then draw src = (204, 153, 102, 128) / 255 with
 * blend (DST_ALPHA, ONE_MINUS_DST_ALPHA). RGBA8: dst alpha 0 gives dst (alpha 0). RGB8:
 * dst alpha 1 gives src, and the read alpha is 255. */
static void test_rgb8_rgba8(GLuint prog)
{
   static const uint8_t rgba8_want[4] = { 51, 102, 153, 0 };
   static const uint8_t rgb8_want[4] = { 204, 153, 102, 255 };
   static const uint8_t rgb8_clear[4] = { 51, 102, 153, 255 };
   const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   for (int rgb = 0; rgb < 2; rgb++) {
      GLuint rb, fbo = color_fbo(rgb ? GL_RGB8_OES : GL_RGBA8_OES, &rb);
      glClearColor(51 / 255.0f, 102 / 255.0f, 153 / 255.0f, 0.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      GLint alpha_bits = -1;
      glGetIntegerv(GL_ALPHA_BITS, &alpha_bits);
      check(alpha_bits == (rgb ? 0 : 8), "GL_ALPHA_BITS of the framebuffer");
      expect_all(rgb ? rgb8_clear : rgba8_want, rgb ? "RGB8 clear reads alpha 1" : "RGBA8 clear");
      glUseProgram(prog);
      glUniform4f(glGetUniformLocation(prog, "u_color"), 204 / 255.0f, 153 / 255.0f,
                  102 / 255.0f, 128 / 255.0f);
      glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
      glEnableVertexAttribArray(0);
      glEnable(GL_BLEND);
      glBlendFunc(GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      glDisable(GL_BLEND);
      expect_all(rgb ? rgb8_want : rgba8_want,
                 rgb ? "RGB8 blends with destination alpha 1" : "RGBA8 blends with its alpha");
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      glDeleteFramebuffers(1, &fbo);
      glDeleteRenderbuffers(1, &rb);
   }
}

/* Uploads W x H pixels of one value in (sized, format, type) and, for colour-renderable
 * bases, reads them back through a framebuffer object. */
static void test_teximage(void)
{
   static const struct {
      GLenum sized, format, type;
      uint8_t texel[4];        /* one client pixel */
      bool readable;           /* RGB / RGBA: read back through an FBO */
      uint8_t want[4];
   } rows[] = {
      { GL_RGBA8_OES, GL_RGBA, GL_UNSIGNED_BYTE, { 17, 34, 200, 99 }, true, { 17, 34, 200, 99 } },
      /* RGBA4 / RGB5_A1 / RGB565 from bytes keep the bytes (8 bits are at least 4, 5, 6). */
      { GL_RGBA4_OES, GL_RGBA, GL_UNSIGNED_BYTE, { 17, 34, 200, 99 }, true, { 17, 34, 200, 99 } },
      { GL_RGB5_A1_OES, GL_RGBA, GL_UNSIGNED_BYTE, { 17, 34, 200, 255 }, true, { 17, 34, 200, 255 } },
      { GL_RGB8_OES, GL_RGB, GL_UNSIGNED_BYTE, { 17, 34, 200 }, true, { 17, 34, 200, 255 } },
      { GL_RGB565_OES, GL_RGB, GL_UNSIGNED_BYTE, { 17, 34, 200 }, true, { 17, 34, 200, 255 } },
      /* 0xF00F: r 15, g 0, b 0, a 15 in 4-bit channels -> 255, 0, 0, 255. */
      { GL_RGBA4_OES, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, { 0x0F, 0xF0 }, true, { 255, 0, 0, 255 } },
      /* 0x07C1: r 0, g 31, b 0, a 1 -> 0, 255, 0, 255. */
      { GL_RGB5_A1_OES, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, { 0xC1, 0x07 }, true, { 0, 255, 0, 255 } },
      /* 0x001F: b 31 -> 0, 0, 255. */
      { GL_RGB565_OES, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, { 0x1F, 0x00 }, true, { 0, 0, 255, 255 } },
      { GL_LUMINANCE8_ALPHA8_OES, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, { 1, 2 }, false, { 0 } },
      { GL_LUMINANCE4_ALPHA4_OES, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, { 1, 2 }, false, { 0 } },
      { GL_LUMINANCE8_OES, GL_LUMINANCE, GL_UNSIGNED_BYTE, { 1 }, false, { 0 } },
      { GL_ALPHA8_OES, GL_ALPHA, GL_UNSIGNED_BYTE, { 1 }, false, { 0 } },
      { GL_DEPTH_COMPONENT16_OES, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, { 1, 2 }, false, { 0 } },
      { GL_DEPTH_COMPONENT16_OES, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, { 1, 2, 3, 4 }, false, { 0 } },
      { GL_DEPTH_COMPONENT24_OES, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, { 1, 2, 3, 4 }, false, { 0 } },
      { GL_DEPTH24_STENCIL8_OES, GL_DEPTH_STENCIL_OES, GL_UNSIGNED_INT_24_8_OES, { 1, 2, 3, 4 }, false, { 0 } },
   };
   static uint8_t data[W * H * 4];
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      unsigned bpp = rows[i].type == GL_UNSIGNED_BYTE
                        ? (rows[i].format == GL_RGBA ? 4 : rows[i].format == GL_RGB ? 3
                           : rows[i].format == GL_LUMINANCE_ALPHA ? 2 : 1)
                        : rows[i].type == GL_UNSIGNED_SHORT || rows[i].type == GL_UNSIGNED_SHORT_4_4_4_4 ||
                          rows[i].type == GL_UNSIGNED_SHORT_5_5_5_1 || rows[i].type == GL_UNSIGNED_SHORT_5_6_5
                        ? 2 : 4;
      for (int p = 0; p < W * H; p++)
         memcpy(&data[p * bpp], rows[i].texel, bpp);
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)rows[i].sized, W, H, 0, rows[i].format,
                   rows[i].type, data);
      char what[96];
      snprintf(what, sizeof(what), "glTexImage2D(0x%04x, 0x%04x, 0x%04x)", rows[i].sized,
               rows[i].format, rows[i].type);
      check_gl(what);
      if (rows[i].readable) {
         GLuint fbo;
         glGenFramebuffers(1, &fbo);
         glBindFramebuffer(GL_FRAMEBUFFER, fbo);
         glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
         expect_all(rows[i].want, what);
         glBindFramebuffer(GL_FRAMEBUFFER, 0);
         glDeleteFramebuffers(1, &fbo);
      }
      glDeleteTextures(1, &tex);
   }

   /* Combinations outside the table, and formats it does not have. */
   static const struct {
      GLint sized;
      GLenum format, type, err;
   } bad[] = {
      { GL_RGB8_OES, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION },
      { GL_RGB8_OES, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_INVALID_OPERATION },
      { GL_RGBA8_OES, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_INVALID_OPERATION },
      { GL_RGBA4_OES, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_INVALID_OPERATION },
      { GL_RGB565_OES, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION },
      { GL_ALPHA8_OES, GL_LUMINANCE, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION },
      { GL_DEPTH_COMPONENT24_OES, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_INVALID_OPERATION },
      { GL_DEPTH_COMPONENT32_OES, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_INVALID_VALUE },
      { 0x1234, GL_RGBA, GL_UNSIGNED_BYTE, GL_INVALID_VALUE },
      { GL_RGBA8_OES, GL_RGBA, 0x1234, GL_INVALID_ENUM },
   };
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      glTexImage2D(GL_TEXTURE_2D, 0, bad[i].sized, 2, 2, 0, bad[i].format, bad[i].type, NULL);
      char what[96];
      snprintf(what, sizeof(what), "refused glTexImage2D(0x%04x, 0x%04x, 0x%04x)",
               (unsigned)bad[i].sized, bad[i].format, bad[i].type);
      expect_error(bad[i].err, what);
   }
   glDeleteTextures(1, &tex);
}

/* glCopyTexImage2D into RGB8_OES and RGBA8_OES images from the pbuffer cleared to c. */
static void test_copyteximage(void)
{
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glClearColor(17 / 255.0f, 34 / 255.0f, 200 / 255.0f, 99 / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   static const GLenum formats[2] = { GL_RGB8_OES, GL_RGBA8_OES };
   for (int i = 0; i < 2; i++) {
      GLuint tex, fbo;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glCopyTexImage2D(GL_TEXTURE_2D, 0, formats[i], 0, 0, W, H, 0);
      check_gl("glCopyTexImage2D(sized)");
      glGenFramebuffers(1, &fbo);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      const uint8_t want[4] = { 17, 34, 200, i ? 99 : 255 };
      expect_all(want, i ? "copied into RGBA8_OES" : "copied into RGB8_OES");
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      glDeleteFramebuffers(1, &fbo);
      glDeleteTextures(1, &tex);
   }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16_OES, 0, 0, W, H, 0);
   check(glGetError() != GL_NO_ERROR, "glCopyTexImage2D into a depth format is refused");
   glDeleteTextures(1, &tex);
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(ext && strstr(ext, "GL_OES_required_internalformat ") &&
         strstr(ext, "GL_OES_rgb8_rgba8 "), "extensions exposed");
   static const char *const attribs[] = { "a_pos", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs_src, attribs);
   check(prog != 0, "program links");
   test_renderbuffer_sizes();
   test_rgb8_rgba8(prog);
   test_teximage();
   test_copyteximage();
   egl_fixture_fini(&fx);
   return check_report();
}
