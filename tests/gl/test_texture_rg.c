/* GL_EXT_texture_rg end to end: RED_EXT / RG_EXT textures and R8_EXT / RG8_EXT
 * renderbuffers as colour attachments (the CB's COLOR_8 / COLOR_8_8), cleared and drawn
 * into, read back with glReadPixels (RGBA and the implementation read format RED_EXT /
 * RG_EXT), sampled, and copied with glCopyTexImage2D; the errors the extension keeps.
 *
 * Expectations worked out here: a colour c stored in an 8-bit channel is round(c * 255);
 * the clear colour (0.2, 0.4, 0.6, 0.8) is (51, 102, 153, 204). An R image reads and samples
 * as (r, 0, 0, 1), an RG image as (r, g, 0, 1) (ES 3.0 table 3.24's conversion, which the
 * extension adopts). The drawing shader writes (x / 4, y / 4) at pixel centre (x, y):
 * 0.125, 0.375, 0.625, 0.875, stored as 32, 96, 159, 223. Prints "N passed, M failed". */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define S 4

static const uint8_t ramp[S] = { 32, 96, 159, 223 };

static const char vs_src[] =
   "attribute vec2 pos; varying vec2 tc;\n"
   "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_ramp[] =
   "precision mediump float;\n"
   "void main() { gl_FragColor = vec4(gl_FragCoord.xy / 4.0, 0.7, 0.3); }\n";
static const char fs_tex[] =
   "precision mediump float; uniform sampler2D s; varying vec2 tc;\n"
   "void main() { gl_FragColor = texture2D(s, tc); }\n";

static GLuint prog_ramp, prog_tex;

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

static void draw(GLuint prog)
{
   glUseProgram(prog);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* Reads the S x S read buffer as RGBA and as `native` (RED_EXT or RG_EXT) and compares with
 * want (RGBA per pixel, GL row order). */
static void check_read(GLenum native, const uint8_t want[S * S][4], const char *what)
{
   uint8_t rgba[S * S * 4], buf[S * S * 2 + 16];
   memset(rgba, 0xA5, sizeof(rgba));
   glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   expect_error(GL_NO_ERROR, what);
   check(memcmp(rgba, want, sizeof(rgba)) == 0, "%s: RGBA read (pixel 0 %u %u %u %u)", what,
         rgba[0], rgba[1], rgba[2], rgba[3]);
   GLint format = 0, type = 0;
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &format);
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
   check(format == (GLint)native && type == GL_UNSIGNED_BYTE,
         "%s: implementation read format 0x%04x type 0x%04x", what, format, type);
   unsigned n = native == GL_RED_EXT ? 1 : 2;
   memset(buf, 0xA5, sizeof(buf));
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, S, S, native, GL_UNSIGNED_BYTE, buf);
   expect_error(GL_NO_ERROR, what);
   unsigned bad = 0;
   for (unsigned p = 0; p < S * S; p++)
      bad += memcmp(&buf[p * n], want[p], n) != 0;
   bad += buf[S * S * n] != 0xA5;
   check(bad == 0, "%s: %s read, %u wrong pixels", what, n == 1 ? "RED_EXT" : "RG_EXT", bad);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
}

/* Expected images: the clear colour and the ramp, through an R or RG buffer. */
static void clear_image(unsigned channels, uint8_t out[S * S][4])
{
   for (unsigned p = 0; p < S * S; p++) {
      out[p][0] = 51;
      out[p][1] = channels > 1 ? 102 : 0;
      out[p][2] = 0;
      out[p][3] = 255;
   }
}

static void ramp_image(unsigned channels, uint8_t out[S * S][4])
{
   for (unsigned y = 0; y < S; y++)
      for (unsigned x = 0; x < S; x++) {
         uint8_t *p = out[y * S + x];
         p[0] = ramp[x];
         p[1] = channels > 1 ? ramp[y] : 0;
         p[2] = 0;
         p[3] = 255;
      }
}

/* Clear, draw and read an R or RG colour attachment already bound to fb. */
static void render_and_read(GLenum native, const char *what)
{
   unsigned channels = native == GL_RED_EXT ? 1 : 2;
   uint8_t want[S * S][4];
   char msg[96];
   snprintf(msg, sizeof(msg), "%s complete", what);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "%s", msg);
   GLint red = -1, green = -1, blue = -1, alpha = -1;
   glGetIntegerv(GL_RED_BITS, &red);
   glGetIntegerv(GL_GREEN_BITS, &green);
   glGetIntegerv(GL_BLUE_BITS, &blue);
   glGetIntegerv(GL_ALPHA_BITS, &alpha);
   check(red == 8 && green == (channels > 1 ? 8 : 0) && blue == 0 && alpha == 0,
         "%s: bits %d %d %d %d", what, red, green, blue, alpha);
   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   glClear(GL_COLOR_BUFFER_BIT);
   clear_image(channels, want);
   snprintf(msg, sizeof(msg), "%s cleared", what);
   check_read(native, want, msg);
   draw(prog_ramp);
   ramp_image(channels, want);
   snprintf(msg, sizeof(msg), "%s drawn", what);
   check_read(native, want, msg);
}

/* Draws texture tex into the pbuffer and compares with the ramp through `channels`. */
static void check_sampled(GLuint tex, unsigned channels, const char *what)
{
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glBindTexture(GL_TEXTURE_2D, tex);
   draw(prog_tex);
   uint8_t want[S * S][4], got[S * S * 4];
   ramp_image(channels, want);
   egl_fixture_read(S, S, got, false);
   check(memcmp(got, want, sizeof(got)) == 0, "%s sampled (pixel 0 %u %u %u %u)", what, got[0],
         got[1], got[2], got[3]);
}

static GLuint texture(GLenum format, GLenum type)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)format, S, S, 0, format, type, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return tex;
}

static void test_textures(GLuint fb)
{
   static const GLenum formats[2] = { GL_RED_EXT, GL_RG_EXT };
   for (unsigned i = 0; i < 2; i++) {
      const char *what = i ? "RG_EXT texture" : "RED_EXT texture";
      GLuint tex = texture(formats[i], GL_UNSIGNED_BYTE);
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      render_and_read(formats[i], what);
      check_sampled(tex, i + 1, what);
      glDeleteTextures(1, &tex);
   }
   /* float R / RG textures are not colour-renderable (no EXT_color_buffer_float) */
   GLuint tex = texture(GL_RED_EXT, GL_FLOAT);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT,
         "float RED_EXT attachment incomplete");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteTextures(1, &tex);
   check_gl("texture attachments");
}

static void test_renderbuffers(GLuint fb)
{
   static const GLenum formats[2] = { GL_R8_EXT, GL_RG8_EXT };
   for (unsigned i = 0; i < 2; i++) {
      const char *what = i ? "RG8_EXT renderbuffer" : "R8_EXT renderbuffer";
      GLuint rb;
      glGenRenderbuffers(1, &rb);
      glBindRenderbuffer(GL_RENDERBUFFER, rb);
      glRenderbufferStorage(GL_RENDERBUFFER, formats[i], S, S);
      expect_error(GL_NO_ERROR, what);
      GLint red = -1, green = -1, alpha = -1;
      glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_RED_SIZE, &red);
      glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_GREEN_SIZE, &green);
      glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_ALPHA_SIZE, &alpha);
      check(red == 8 && green == (i ? 8 : 0) && alpha == 0, "%s sizes %d %d %d", what, red,
            green, alpha);
      glBindFramebuffer(GL_FRAMEBUFFER, fb);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
      render_and_read(i ? GL_RG_EXT : GL_RED_EXT, what);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      glDeleteRenderbuffers(1, &rb);
   }
   check_gl("renderbuffers");
}

/* glCopyTexImage2D into R / RG textures, and the components an R / RG buffer lacks. */
static void test_copy(GLuint fb)
{
   GLuint src = texture(GL_RG_EXT, GL_UNSIGNED_BYTE), dst;
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, src, 0);
   draw(prog_ramp);
   glGenTextures(1, &dst);
   glBindTexture(GL_TEXTURE_2D, dst);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 0, S, S, 0);
   expect_error(GL_INVALID_OPERATION, "RGB copy from an RG buffer (no blue)");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RG_EXT, 0, 0, S, S, 0);
   expect_error(GL_NO_ERROR, "RG_EXT copy from an RG buffer");
   check_sampled(dst, 2, "RG_EXT copy");
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glBindTexture(GL_TEXTURE_2D, dst);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RED_EXT, 0, 0, S, S, 0);
   expect_error(GL_NO_ERROR, "RED_EXT copy from an RG buffer");
   check_sampled(dst, 1, "RED_EXT copy");
   /* now dst (RED_EXT) is the read buffer: RG_EXT needs green */
   GLuint other;
   glGenTextures(1, &other);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
   glBindTexture(GL_TEXTURE_2D, other);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RG_EXT, 0, 0, S, S, 0);
   expect_error(GL_INVALID_OPERATION, "RG_EXT copy from an R buffer");
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 0, 0, S, S, 0);
   expect_error(GL_NO_ERROR, "LUMINANCE copy from an R buffer");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint texs[3] = { src, dst, other };
   glDeleteTextures(3, texs);
}

static void test_errors(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   uint8_t texel[4] = { 0 };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_R8_EXT, 1, 1, 0, GL_RED_EXT, GL_UNSIGNED_BYTE, texel);
   expect_error(GL_INVALID_VALUE, "sized R8_EXT internal format in glTexImage2D");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RED_EXT, 1, 1, 0, GL_RG_EXT, GL_UNSIGNED_BYTE, texel);
   expect_error(GL_INVALID_OPERATION, "RED_EXT internal format with RG_EXT data");
   glReadPixels(0, 0, 1, 1, GL_RED_EXT, GL_FLOAT, texel);
   expect_error(GL_INVALID_ENUM, "RED_EXT with a type that is no pixel type");
   glReadPixels(0, 0, 1, 1, GL_RG_EXT, GL_UNSIGNED_SHORT_5_6_5, texel);
   expect_error(GL_INVALID_OPERATION, "RG_EXT with 5_6_5");
   glDeleteTextures(1, &tex);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, S, S, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   check(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_texture_rg ") != NULL,
         "GL_EXT_texture_rg listed");
   static const char *const attribs[] = { "pos", NULL };
   prog_ramp = egl_fixture_program(vs_src, fs_ramp, attribs);
   prog_tex = egl_fixture_program(vs_src, fs_tex, attribs);
   check(prog_ramp && prog_tex, "programs");
   static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   GLuint fb;
   glGenFramebuffers(1, &fb);
   test_textures(fb);
   test_renderbuffers(fb);
   test_copy(fb);
   test_errors();
   glDeleteFramebuffers(1, &fb);
   egl_fixture_fini(&f);
   return check_report();
}
