/* Framebuffer objects and renderbuffers end to end (EGL + GLES2 + driver + simulated CB/DB):
 * clears and draws into RGBA4 / RGB5_A1 / RGB565 renderbuffers read back with glReadPixels,
 * depth and stencil tests in an FBO (DEPTH16, DEPTH24_OES, STENCIL8, DEPTH24_STENCIL8_OES), the ES 2.0 completeness statuses, object queries and
 * errors, and binding 0 drawing to the pbuffer again.
 *
 * Expected colours follow GL's conversions (ES 2.0 2.1.2 / 4.3.1): a float c is stored in an
 * n-bit unorm channel as round(c * (2^n - 1)); read back as RGBA/UNSIGNED_BYTE a stored v
 * becomes round(v * 255 / (2^n - 1)); a missing alpha reads 255. Every colour used below
 * is at least 0.05 away from a rounding half, so the GPU's fp16 export rounding cannot
 * change the result. Prints "N passed, M failed".
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 24 /* not square: a width/height mix-up shows */
#define H 16

static unsigned mismatches;
static uint8_t pixels[W * H * 4];

static const char vs_src[] =
   "attribute vec2 a_pos; uniform float u_z;\n"
   "void main() { gl_Position = vec4(a_pos, u_z, 1.0); }\n";
static const char fs_src[] =
   "precision mediump float; uniform vec4 u_color;\n"
   "void main() { gl_FragColor = u_color; }\n";
static GLuint prog;
static GLint loc_z, loc_color;

/* Draws the rectangle [x0, x1] x [-1, 1] in NDC at depth z (NDC) in colour c. */
static void draw_rect(float x0, float x1, float z, const float c[4])
{
   const GLfloat v[] = { x0, -1, x1, -1, x0, 1, x1, 1 };
   glUseProgram(prog);
   glUniform1f(loc_z, z);
   glUniform4fv(loc_color, 1, c);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* GL's unorm conversion to n bits and back to 8 (see the top). */
static uint8_t unorm_roundtrip(float c, int bits)
{
   if (bits == 0)
      return 255;
   float max = (float)((1 << bits) - 1);
   long v = lroundf(c * max);
   return (uint8_t)lroundf((float)v * 255.0f / max);
}

static void expected_rgba(const float c[4], const int bits[4], uint8_t out[4])
{
   for (int i = 0; i < 4; i++)
      out[i] = unorm_roundtrip(c[i], bits[i]);
}

static void read_fb(void)
{
   memset(pixels, 0xA5, sizeof(pixels));
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   check_gl("glReadPixels");
}

/* Every pixel of columns [x0, x1) against want. */
static void expect_columns(int x0, int x1, const uint8_t want[4], const char *what)
{
   for (int r = 0; r < H; r++)
      for (int x = x0; x < x1; x++)
         expect_rgba(pixels, W, x, r, want, what, &mismatches);
   check_mismatches(&mismatches, what);
}

static GLuint new_renderbuffer(GLenum format, int w, int h)
{
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, format, w, h);
   return rb;
}

static GLuint new_framebuffer(GLuint color, GLuint depth, GLuint stencil)
{
   GLuint fb;
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   if (color)
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
   if (depth)
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
   if (stencil)
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, stencil);
   return fb;
}

static void expect_status(GLenum want, const char *what)
{
   GLenum got = glCheckFramebufferStatus(GL_FRAMEBUFFER);
   check(got == want, "%s: status 0x%04x, want 0x%04x", what, got, want);
}

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: error 0x%04x, want 0x%04x", what, got, want);
}

static GLint get_int(GLenum pname)
{
   GLint v = -1;
   glGetIntegerv(pname, &v);
   return v;
}

/* ---- colour formats ---- */

static void test_color_format(GLenum format, const char *name, const int bits[4])
{
   GLuint rb = new_renderbuffer(format, W, H);
   GLuint fb = new_framebuffer(rb, 0, 0);
   char what[96];
   snprintf(what, sizeof(what), "%s FBO", name);
   expect_status(GL_FRAMEBUFFER_COMPLETE, what);

   static const GLenum pnames[4] = { GL_RED_BITS, GL_GREEN_BITS, GL_BLUE_BITS, GL_ALPHA_BITS };
   static const GLenum rb_pnames[4] = { GL_RENDERBUFFER_RED_SIZE, GL_RENDERBUFFER_GREEN_SIZE,
                                        GL_RENDERBUFFER_BLUE_SIZE, GL_RENDERBUFFER_ALPHA_SIZE };
   for (int i = 0; i < 4; i++) {
      GLint size = -1;
      glGetRenderbufferParameteriv(GL_RENDERBUFFER, rb_pnames[i], &size);
      check(get_int(pnames[i]) == bits[i] && size == bits[i], "%s: channel %d has %d bits", name,
            i, bits[i]);
   }
   GLint v[3] = { -1, -1, -1 };
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v[0]);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &v[1]);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v[2]);
   check(v[0] == W && v[1] == H && v[2] == (GLint)format, "%s: renderbuffer %dx%d format 0x%x",
         name, v[0], v[1], v[2]);
   check(get_int(GL_DEPTH_BITS) == 0 && get_int(GL_STENCIL_BITS) == 0, "%s: no depth/stencil",
         name);
   /* What the RGBA / UNSIGNED_BYTE read-backs below use is also the implementation's format. */
   check(get_int(GL_IMPLEMENTATION_COLOR_READ_FORMAT) == GL_RGBA &&
         get_int(GL_IMPLEMENTATION_COLOR_READ_TYPE) == GL_UNSIGNED_BYTE,
         "%s: implementation read format RGBA / UNSIGNED_BYTE", name);

   static const float clear_c[4] = { 0.2f, 0.6f, 0.85f, 0.4f };
   static const float draw_c[4] = { 0.93f, 0.13f, 0.71f, 0.8f };
   uint8_t want_clear[4], want_draw[4];
   expected_rgba(clear_c, bits, want_clear);
   expected_rgba(draw_c, bits, want_draw);
   glViewport(0, 0, W, H);
   glClearColor(clear_c[0], clear_c[1], clear_c[2], clear_c[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   draw_rect(-1, 0, 0, draw_c);   /* the left half: columns 0 .. W/2 - 1 */
   check_gl(what);
   read_fb();
   snprintf(what, sizeof(what), "%s: drawn left half", name);
   expect_columns(0, W / 2, want_draw, what);
   snprintf(what, sizeof(what), "%s: cleared right half", name);
   expect_columns(W / 2, W, want_clear, what);

   /* A masked clear takes the draw path: only green changes. */
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_FALSE);
   glClearColor(0, 0.93f, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   read_fb();
   uint8_t want_masked[4];
   memcpy(want_masked, want_clear, 4);
   want_masked[1] = unorm_roundtrip(0.93f, bits[1]);
   snprintf(what, sizeof(what), "%s: green-only clear", name);
   expect_columns(W / 2, W, want_masked, what);

   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   check_gl(name);
}

/* ---- depth and stencil ---- */

static void test_depth(GLenum format, int bits)
{
   GLuint color = new_renderbuffer(GL_RGB565, W, H), depth = new_renderbuffer(format, W, H);
   GLuint fb = new_framebuffer(color, depth, 0);
   expect_status(GL_FRAMEBUFFER_COMPLETE, "RGB565 + depth");
   check(get_int(GL_DEPTH_BITS) == bits && get_int(GL_STENCIL_BITS) == 0,
         "depth format 0x%x: DEPTH_BITS %d, no stencil at the depth attachment", format, bits);
   static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
   static const uint8_t want_red[4] = { 255, 0, 0, 255 }, want_blue[4] = { 0, 0, 255, 255 };
   glClearColor(0, 0, 0, 1);
   glClearDepthf(1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   draw_rect(-1, 1, 0.2f, red);     /* window depth 0.6 everywhere */
   draw_rect(-1, 1, 0.5f, green);   /* 0.75: fails LESS everywhere */
   draw_rect(-1, 0, -0.5f, blue);   /* 0.25: passes on the left half */
   glDisable(GL_DEPTH_TEST);
   check_gl("depth draws");
   read_fb();
   expect_columns(0, W / 2, want_blue, "depth: nearer blue on the left");
   expect_columns(W / 2, W, want_red, "depth: red kept where green was farther");

   /* Clearing depth to 0.5 makes z 0.2 (0.6) fail and z -0.5 (0.25) pass. */
   glClearDepthf(0.5f);
   glClear(GL_DEPTH_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   draw_rect(-1, 1, 0.2f, green);
   draw_rect(0, 1, -0.5f, red);
   glDisable(GL_DEPTH_TEST);
   read_fb();
   expect_columns(0, W / 2, want_blue, "depth clear 0.5: farther green rejected");
   expect_columns(W / 2, W, want_red, "depth clear 0.5: nearer red passes");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &color);
   glDeleteRenderbuffers(1, &depth);
   glClearDepthf(1.0f);
}

static void test_stencil(GLenum format)
{
   GLuint color = new_renderbuffer(GL_RGBA4, W, H), stencil = new_renderbuffer(format, W, H);
   GLuint fb = new_framebuffer(color, 0, stencil);
   expect_status(GL_FRAMEBUFFER_COMPLETE, "RGBA4 + stencil");
   check(get_int(GL_STENCIL_BITS) == 8 && get_int(GL_DEPTH_BITS) == 0,
         "stencil format 0x%x: STENCIL_BITS 8, no depth at the stencil attachment", format);
   static const float white[4] = { 1, 1, 1, 1 };
   static const uint8_t want_white[4] = { 255, 255, 255, 255 }, want_black[4] = { 0, 0, 0, 0 };
   glClearColor(0, 0, 0, 0);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   /* Mark the left half with 1 (colour writes off), then draw white where stencil == 1. */
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   draw_rect(-1, 0, 0, white);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glStencilFunc(GL_EQUAL, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   /* No depth buffer: an enabled depth test always passes (ES 2.0 4.1.6). */
   glEnable(GL_DEPTH_TEST);
   draw_rect(-1, 1, 0.9f, white);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_STENCIL_TEST);
   check_gl("stencil draws");
   read_fb();
   expect_columns(0, W / 2, want_white, "stencil: white where stencil was 1");
   expect_columns(W / 2, W, want_black, "stencil: untouched where stencil was 0");

   /* glClear(STENCIL) to 1: then the whole surface passes EQUAL 1. */
   glClearStencil(1);
   glClear(GL_STENCIL_BUFFER_BIT);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_STENCIL_TEST);
   draw_rect(-1, 1, 0, white);
   glDisable(GL_STENCIL_TEST);
   read_fb();
   expect_columns(0, W, want_white, "stencil cleared to 1: everything passes");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &color);
   glDeleteRenderbuffers(1, &stencil);
   glClearStencil(0);
}

/* A depth-only framebuffer object draws (depth only); its depth then masks colour draws. */
static void test_depth_only(void)
{
   GLuint depth = new_renderbuffer(GL_DEPTH_COMPONENT16, W, H);
   GLuint fb = new_framebuffer(0, depth, 0);
   expect_status(GL_FRAMEBUFFER_COMPLETE, "depth-only FBO");
   check(get_int(GL_RED_BITS) == 0 && get_int(GL_DEPTH_BITS) == 16, "depth-only: no colour bits");
   static const float white[4] = { 1, 1, 1, 1 }, blue[4] = { 0, 0, 1, 1 };
   static const uint8_t want_black[4] = { 0, 0, 0, 255 }, want_blue[4] = { 0, 0, 255, 255 };
   glClearDepthf(1.0f);
   glClear(GL_DEPTH_BUFFER_BIT | GL_COLOR_BUFFER_BIT);   /* no colour buffer: depth only */
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   draw_rect(-1, 0, -0.5f, white);   /* depth 0.25 on the left half */
   check_gl("depth-only draw");
   uint8_t px[4] = { 1, 2, 3, 4 };
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   expect_error(GL_INVALID_OPERATION, "glReadPixels without a colour attachment");
   GLuint color = new_renderbuffer(GL_RGB565, W, H);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDepthFunc(GL_LESS);
   draw_rect(-1, 1, 0, blue);        /* depth 0.5: behind the left half */
   glDisable(GL_DEPTH_TEST);
   read_fb();
   expect_columns(0, W / 2, want_black, "depth-only pass kept colour out on the left");
   expect_columns(W / 2, W, want_blue, "depth-only pass left the right half at 1.0");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &color);
   glDeleteRenderbuffers(1, &depth);
}

/* One DEPTH24_STENCIL8_OES renderbuffer at both points: depth and stencil tests together.
 * GL_OES_packed_depth_stencil is advertised (its DEPTH_STENCIL_OES textures exist,
 * test_tex_formats_gl). */
static void test_packed_depth_stencil(void)
{
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(ext && strstr(ext, "GL_OES_packed_depth_stencil") && strstr(ext, "GL_OES_depth24"),
         "GL_OES_depth24 and GL_OES_packed_depth_stencil advertised");
   GLuint color = new_renderbuffer(GL_RGB565, W, H), ds = new_renderbuffer(GL_DEPTH24_STENCIL8_OES, W, H);
   GLuint fb = new_framebuffer(color, ds, ds);
   expect_status(GL_FRAMEBUFFER_COMPLETE, "RGB565 + DEPTH24_STENCIL8 at both points");
   GLint v[2] = { -1, -1 };
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v[0]);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &v[1]);
   check(v[0] == 24 && v[1] == 8 && get_int(GL_DEPTH_BITS) == 24 && get_int(GL_STENCIL_BITS) == 8,
         "DEPTH24_STENCIL8: 24 depth and 8 stencil bits");
   static const float red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 }, white[4] = { 1, 1, 1, 1 };
   static const uint8_t want_red[4] = { 255, 0, 0, 255 }, want_blue[4] = { 0, 0, 255, 255 };
   glClearColor(0, 0, 0, 1);
   glClearDepthf(1.0f);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glEnable(GL_STENCIL_TEST);
   /* Left half: stencil 1 and depth 0.5, no colour. */
   glDepthFunc(GL_ALWAYS);
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   draw_rect(-1, 0, 0, white);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   /* Red at depth 0.25 where stencil == 1: the left half. */
   glDepthFunc(GL_LESS);
   glStencilFunc(GL_EQUAL, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   draw_rect(-1, 1, -0.5f, red);
   /* Blue at depth 0.8 with any stencil: only where depth is still 1.0 (the right half). */
   glStencilFunc(GL_ALWAYS, 0, 0xff);
   draw_rect(-1, 1, 0.6f, blue);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_STENCIL_TEST);
   check_gl("packed depth/stencil draws");
   read_fb();
   expect_columns(0, W / 2, want_red, "packed: red where stencil 1 and nearer");
   expect_columns(W / 2, W, want_blue, "packed: blue where depth was 1.0");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &color);
   glDeleteRenderbuffers(1, &ds);
}

/* ---- completeness, queries, errors ---- */

static void test_completeness(void)
{
   GLuint color = new_renderbuffer(GL_RGB565, W, H);
   GLuint small = new_renderbuffer(GL_DEPTH_COMPONENT16, W / 2, H);
   GLuint depth = new_renderbuffer(GL_DEPTH_COMPONENT16, W, H);
   GLuint stencil = new_renderbuffer(GL_STENCIL_INDEX8, W, H);
   GLuint empty;
   glGenRenderbuffers(1, &empty);
   glBindRenderbuffer(GL_RENDERBUFFER, empty);   /* an object without storage */

   GLuint fb = new_framebuffer(0, 0, 0);
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT, "no attachment");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, empty);
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "colour of size 0");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, depth);
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "depth format at COLOR_ATTACHMENT0");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, color);
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "colour format at DEPTH_ATTACHMENT");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, stencil);
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT, "stencil format at DEPTH_ATTACHMENT");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, small);
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS, "colour 24x16 + depth 12x16");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
   expect_status(GL_FRAMEBUFFER_COMPLETE, "colour + depth");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, stencil);
   expect_status(GL_FRAMEBUFFER_UNSUPPORTED, "separate depth and stencil renderbuffers");
   check_gl("completeness attachments");

   /* Incomplete: draws, clears and reads are INVALID_FRAMEBUFFER_OPERATION and change nothing. */
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
   glClearColor(0.2f, 0.6f, 0.85f, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, small);
   static const float white[4] = { 1, 1, 1, 1 };
   glClearColor(1, 1, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glClear on an incomplete FBO");
   draw_rect(-1, 1, 0, white);
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glDrawArrays on an incomplete FBO");
   uint8_t px[4] = { 1, 2, 3, 4 };
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "glReadPixels on an incomplete FBO");
   check(px[0] == 1 && px[1] == 2 && px[2] == 3 && px[3] == 4, "failed glReadPixels wrote nothing");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
   static const int bits565[4] = { 5, 6, 5, 0 };
   static const float c[4] = { 0.2f, 0.6f, 0.85f, 1 };
   uint8_t want[4];
   expected_rgba(c, bits565, want);
   read_fb();
   expect_columns(0, W, want, "incomplete FBO: earlier clear kept");

   /* Attachment queries. */
   GLint v = -1;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   check(v == GL_RENDERBUFFER, "colour OBJECT_TYPE RENDERBUFFER");
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   check(v == (GLint)color, "colour OBJECT_NAME");
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   check(v == GL_NONE, "depth OBJECT_TYPE NONE");
   check_gl("attachment queries");
   v = 77;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   expect_error(GL_INVALID_ENUM, "OBJECT_NAME of nothing");
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
   expect_error(GL_INVALID_ENUM, "TEXTURE_LEVEL of a renderbuffer");
   /* past GL_MAX_COLOR_ATTACHMENTS_EXT (4, GL_EXT_draw_buffers) */
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 4,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   expect_error(GL_INVALID_ENUM, "COLOR_ATTACHMENT4");
   check(v == 77, "failed queries wrote nothing");

   /* Deleting an attached renderbuffer detaches it from the bound FBO. */
   glDeleteRenderbuffers(1, &color);
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   check(v == GL_NONE && !glIsRenderbuffer(color), "deleted renderbuffer detached");
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT, "after the delete");

   /* Deleting the bound FBO binds 0. */
   check(get_int(GL_FRAMEBUFFER_BINDING) == (GLint)fb && glIsFramebuffer(fb), "FBO bound");
   glDeleteFramebuffers(1, &fb);
   check(get_int(GL_FRAMEBUFFER_BINDING) == 0 && !glIsFramebuffer(fb), "deleted FBO unbound");
   expect_status(GL_FRAMEBUFFER_COMPLETE, "binding 0 is complete");
   GLuint rbs[4] = { small, depth, stencil, empty };
   glDeleteRenderbuffers(4, rbs);
   check(get_int(GL_RENDERBUFFER_BINDING) == 0, "deleted bound renderbuffer unbound");
   check_gl("completeness cleanup");
}

static void test_errors(void)
{
   GLuint rb, fb;
   glGenRenderbuffers(1, &rb);
   check(!glIsRenderbuffer(rb), "a generated name is no renderbuffer before binding");
   glBindRenderbuffer(GL_FRAMEBUFFER, rb);
   expect_error(GL_INVALID_ENUM, "glBindRenderbuffer(GL_FRAMEBUFFER)");
   check(get_int(GL_RENDERBUFFER_BINDING) == 0, "failed bind changed nothing");
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 4, 4);
   expect_error(GL_INVALID_OPERATION, "glRenderbufferStorage with none bound");
   GLint v = 55;
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
   expect_error(GL_INVALID_OPERATION, "glGetRenderbufferParameteriv with none bound");
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   check(glIsRenderbuffer(rb) && get_int(GL_RENDERBUFFER_BINDING) == (GLint)rb, "bound renderbuffer");
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
   check(v == GL_RGBA4, "initial internal format RGBA4");
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 4, 3);
   check_gl("glRenderbufferStorage 4x3");
   GLint max = get_int(GL_MAX_RENDERBUFFER_SIZE);
   check(max >= 1, "MAX_RENDERBUFFER_SIZE %d", max);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, max + 1, 1);
   expect_error(GL_INVALID_VALUE, "width MAX_RENDERBUFFER_SIZE + 1");
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 1, -1);
   expect_error(GL_INVALID_VALUE, "negative height");
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA, 8, 8);
   expect_error(GL_INVALID_ENUM, "internal format GL_RGBA");
   glRenderbufferStorage(GL_TEXTURE_2D, GL_RGB565, 8, 8);
   expect_error(GL_INVALID_ENUM, "target GL_TEXTURE_2D");
   GLint w = -1, h = -1;
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &w);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &h);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
   check(w == 4 && h == 3 && v == GL_RGB565, "failed storage calls changed nothing");
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_BINDING, &v);
   expect_error(GL_INVALID_ENUM, "unknown renderbuffer pname");
   glGenRenderbuffers(-1, &rb);
   expect_error(GL_INVALID_VALUE, "glGenRenderbuffers(-1)");

   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   expect_error(GL_INVALID_OPERATION, "attaching to framebuffer 0");
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   expect_error(GL_INVALID_OPERATION, "attachment query of framebuffer 0");
   glBindFramebuffer(GL_RENDERBUFFER, 1);
   expect_error(GL_INVALID_ENUM, "glBindFramebuffer(GL_RENDERBUFFER)");
   check(glCheckFramebufferStatus(GL_RENDERBUFFER) == 0, "status of a bad target is 0");
   expect_error(GL_INVALID_ENUM, "glCheckFramebufferStatus(GL_RENDERBUFFER)");
   glGenFramebuffers(1, &fb);
   check(!glIsFramebuffer(fb), "a generated name is no framebuffer before binding");
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb + 1000);
   expect_error(GL_INVALID_OPERATION, "attaching an unknown renderbuffer");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rb);
   expect_error(GL_INVALID_ENUM, "renderbuffertarget GL_TEXTURE_2D");
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_COMPONENT16, GL_RENDERBUFFER, rb);
   expect_error(GL_INVALID_ENUM, "bad attachment enum");
   expect_status(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT, "failed attaches changed nothing");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   glDeleteFramebuffers(-1, &fb);
   expect_error(GL_INVALID_VALUE, "glDeleteFramebuffers(-1)");
}

/* Renderbuffers belong to the share group, framebuffer objects to their context (ES 2.0
 * appendix C). */
static void test_sharing(struct egl_fixture *fx)
{
   GLuint rb = new_renderbuffer(GL_RGB565, 4, 4);
   GLuint fb = new_framebuffer(rb, 0, 0);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   static const EGLint attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLConfig config;
   EGLint n = 0, id = 0;
   eglQueryContext(fx->dpy, fx->ctx, EGL_CONFIG_ID, &id);
   const EGLint by_id[] = { EGL_CONFIG_ID, id, EGL_NONE };
   eglChooseConfig(fx->dpy, by_id, &config, 1, &n);
   EGLContext shared = n == 1 ? eglCreateContext(fx->dpy, config, fx->ctx, attribs) : EGL_NO_CONTEXT;
   if (!check(shared != EGL_NO_CONTEXT, "shared context created"))
      return;
   eglMakeCurrent(fx->dpy, fx->surf, fx->surf, shared);
   check(glIsRenderbuffer(rb) == GL_TRUE, "renderbuffer visible in the sharing context");
   check(glIsFramebuffer(fb) == GL_FALSE, "framebuffer object not visible in another context");
   check(get_int(GL_FRAMEBUFFER_BINDING) == 0, "another context starts at framebuffer 0");
   eglMakeCurrent(fx->dpy, fx->surf, fx->surf, fx->ctx);
   eglDestroyContext(fx->dpy, shared);
   check(glIsFramebuffer(fb) == GL_TRUE, "framebuffer object kept in its context");
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   check_gl("sharing");
}

/* The pbuffer keeps its contents through FBO work and is drawn again at binding 0. */
static void test_default_framebuffer(void)
{
   static const uint8_t want_pbuffer[4] = { 51, 153, 217, 102 };   /* 0.2 0.6 0.85 0.4 in 8 bits */
   read_fb();
   expect_columns(0, W, want_pbuffer, "pbuffer untouched by FBO rendering");
   check(get_int(GL_RED_BITS) == 8 && get_int(GL_ALPHA_BITS) == 8, "pbuffer RGBA8 bits");
   static const float green[4] = { 0, 1, 0, 1 };
   static const uint8_t want_green[4] = { 0, 255, 0, 255 };
   draw_rect(0, 1, 0, green);
   read_fb();
   expect_columns(0, W / 2, want_pbuffer, "pbuffer: left half kept");
   expect_columns(W / 2, W, want_green, "pbuffer: drawn right half");
}

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 0, 0);
   if (err) {
      check(false, "%s", err);
      return check_report();
   }
   static const char *const attribs[] = { "a_pos", NULL };
   prog = egl_fixture_program(vs_src, fs_src, attribs);
   check(prog != 0, "program links");
   loc_z = glGetUniformLocation(prog, "u_z");
   loc_color = glGetUniformLocation(prog, "u_color");

   glClearColor(0.2f, 0.6f, 0.85f, 0.4f);
   glClear(GL_COLOR_BUFFER_BIT);   /* the pbuffer's colour, checked at the end */

   static const int rgba4[4] = { 4, 4, 4, 4 }, rgb5_a1[4] = { 5, 5, 5, 1 }, rgb565[4] = { 5, 6, 5, 0 };
   test_color_format(GL_RGBA4, "RGBA4", rgba4);
   test_color_format(GL_RGB5_A1, "RGB5_A1", rgb5_a1);
   test_color_format(GL_RGB565, "RGB565", rgb565);
   test_depth(GL_DEPTH_COMPONENT16, 16);
   test_depth(GL_DEPTH_COMPONENT24_OES, 24);
   test_depth(GL_DEPTH24_STENCIL8_OES, 24);
   test_stencil(GL_STENCIL_INDEX8);
   test_stencil(GL_DEPTH24_STENCIL8_OES);
   test_packed_depth_stencil();
   test_depth_only();
   test_completeness();
   test_errors();
   test_sharing(&fx);
   test_default_framebuffer();
   check_gl("end");

   egl_fixture_fini(&fx);
   return check_report();
}
