/* GL_EXT_read_format_bgra: glReadPixels with BGRA_EXT and UNSIGNED_BYTE,
 * UNSIGNED_SHORT_4_4_4_4_REV_EXT and UNSIGNED_SHORT_1_5_5_5_REV_EXT from the RGBA8 pbuffer
 * and an RGBA4 renderbuffer, with GL_PACK_ALIGNMENT padding, the bounded glReadnPixelsEXT,
 * and the pairs that stay INVALID_OPERATION.
 *
 * Expectations from the extension and ES 2.0 §4.3.1: a colour c is stored in an 8-bit
 * channel as round(c * 255); a _REV packing holds B in the low bits (4444_REV: A R G B from
 * bit 15 down, 1555_REV: A:15, R:14-10, G:9-5, B:4-0) with each channel converted to n bits
 * as round(c8 * (2^n - 1) / 255). The colour (0.2, 0.4, 0.6, 0.8) is (51, 102, 153, 204) in
 * 8 bits, (3, 6, 9, 12) in 4 bits, R G B (6, 12, 19) in 5 bits and A 1 in one bit:
 * 4444_REV 0xC369 and 1555_REV 0x9993, worked out by hand. Prints "N passed, M failed". */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 3   /* odd: 2-byte pixels leave padding with GL_PACK_ALIGNMENT 4 */
#define H 2

static void expect_error(GLenum want, const char *what)
{
   GLenum err = glGetError();
   CHECK(err == want, "%s: error 0x%04X, expected 0x%04X", what, err, want);
}

/* Reads the W x H image with format/type and checks every pixel against want (bpp bytes)
 * and the row padding (alignment 4) against the fill pattern. */
static void check_read(GLenum format, GLenum type, const uint8_t *want, unsigned bpp,
                       const char *what)
{
   uint8_t buf[64];
   memset(buf, 0xA5, sizeof(buf));
   glReadPixels(0, 0, W, H, format, type, buf);
   expect_error(GL_NO_ERROR, what);
   unsigned row = (W * bpp + 3) / 4 * 4;
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++)
         bad += memcmp(buf + y * row + x * bpp, want, bpp) != 0;
      for (unsigned b = W * bpp; b < row; b++)
         bad += buf[y * row + b] != 0xA5;
   }
   bad += buf[row * H] != 0xA5;
   CHECK(bad == 0, "%s: %u wrong pixels or padding bytes (first %02X %02X)", what, bad, buf[0],
         buf[1]);
}

static void check_all(const char *where)
{
   static const uint8_t bgra8[4] = { 153, 102, 51, 204 };
   static const uint8_t rev4444[2] = { 0x69, 0xC3 };
   static const uint8_t rev1555[2] = { 0x93, 0x99 };
   char what[96];
   snprintf(what, sizeof(what), "%s BGRA/UNSIGNED_BYTE", where);
   check_read(GL_BGRA_EXT, GL_UNSIGNED_BYTE, bgra8, 4, what);
   snprintf(what, sizeof(what), "%s BGRA/4_4_4_4_REV", where);
   check_read(GL_BGRA_EXT, GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT, rev4444, 2, what);
   snprintf(what, sizeof(what), "%s BGRA/1_5_5_5_REV", where);
   check_read(GL_BGRA_EXT, GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT, rev1555, 2, what);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   if (err) {
      CHECK(false, "%s", err);
      return check_report();
   }
   CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_read_format_bgra ") != NULL,
         "extension listed");
   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   glClear(GL_COLOR_BUFFER_BIT);
   check_all("pbuffer");

   GLuint fb, rb;
   glGenFramebuffers(1, &fb);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, W, H);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "RGBA4 FBO");
   glClear(GL_COLOR_BUFFER_BIT);
   check_all("RGBA4 renderbuffer");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);

   /* The bound variant counts 2-byte pixels: 2 rows of 6 bytes padded to 8, last unpadded. */
   PFNGLREADNPIXELSEXTPROC readn = (PFNGLREADNPIXELSEXTPROC)eglGetProcAddress("glReadnPixelsEXT");
   uint8_t buf[64];
   memset(buf, 0xA5, sizeof(buf));
   readn(0, 0, W, H, GL_BGRA_EXT, GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT, 13, buf);
   expect_error(GL_INVALID_OPERATION, "glReadnPixelsEXT one byte short");
   CHECK(buf[0] == 0xA5, "nothing written when short");
   readn(0, 0, W, H, GL_BGRA_EXT, GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT, 14, buf);
   expect_error(GL_NO_ERROR, "glReadnPixelsEXT exact size");
   CHECK(buf[0] == 0x93 && buf[1] == 0x99 && buf[14] == 0xA5, "glReadnPixelsEXT data");

   /* Pairs the extension does not add. */
   static const GLenum bad[][2] = {
      { GL_BGRA_EXT, GL_UNSIGNED_SHORT_4_4_4_4 }, { GL_BGRA_EXT, GL_UNSIGNED_SHORT_5_6_5 },
      { GL_BGRA_EXT, GL_UNSIGNED_SHORT_5_5_5_1 },
      { GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT }, { GL_RGB, GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT },
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      buf[0] = 0xA5;
      glReadPixels(0, 0, 1, 1, bad[i][0], bad[i][1], buf);
      char what[64];
      snprintf(what, sizeof(what), "format 0x%04X type 0x%04X", bad[i][0], bad[i][1]);
      expect_error(GL_INVALID_OPERATION, what);
      CHECK(buf[0] == 0xA5, "%s: nothing written", what);
   }
   glReadPixels(0, 0, 1, 1, GL_BGRA_EXT, GL_FLOAT, buf);
   expect_error(GL_INVALID_ENUM, "BGRA with a type that is no pixel type");

   egl_fixture_fini(&f);
   return check_report();
}
