/* GL_ANGLE_framebuffer_blit end to end: the separate READ/DRAW framebuffer bindings (queries,
 * GL_FRAMEBUFFER binding both, glReadPixels / glCopyTexImage2D reading the read binding,
 * draws and clears the draw binding, attachments through either target) and
 * glBlitFramebufferANGLE between texture images (stored bottom row first), the pbuffer
 * (top row first) and renderbuffers: plain copies, rectangles given reversed on both sides,
 * clipping to the read buffer, the draw buffer and the scissor box, every draw buffer,
 * whole-buffer depth copies, and each error the extension names (no pixel changes then).
 * GL_ANGLE_framebuffer_multisample: 4x renderbuffers drawn and resolved by the blit (the
 * CB's RESOLVE_BOX), sample counts, completeness and errors. GL_EXT_multisampled_render_to_
 * texture: a texture drawn through an implicit 4x buffer, resolved into it when the
 * framebuffer is unbound or read.
 *
 * Expected pixels come from a pattern written by glTexImage2D: pixel (x, y) of the source
 * is pattern(x, y) below; a blit of source rectangle (sx, sy, w, h) to (dx, dy) makes
 * destination pixel (dx + i, dy + j) = pattern(sx + i, sy + j) where both are inside their
 * buffers (and the scissor box), and leaves every other pixel as it was.
 * Prints "N passed, M failed".
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 24 /* the pbuffer */
#define H 16
#define SW 8 /* the source texture */
#define SH 6

static PFNGLBLITFRAMEBUFFERANGLEPROC glBlitFramebufferANGLE_;
static PFNGLDRAWBUFFERSEXTPROC glDrawBuffersEXT_;
static PFNGLRENDERBUFFERSTORAGEMULTISAMPLEANGLEPROC glRenderbufferStorageMultisampleANGLE_;
#define glRenderbufferStorageMultisampleANGLE glRenderbufferStorageMultisampleANGLE_
static PFNGLFRAMEBUFFERTEXTURE2DMULTISAMPLEEXTPROC glFramebufferTexture2DMultisampleEXT_;
static PFNGLRENDERBUFFERSTORAGEMULTISAMPLEEXTPROC glRenderbufferStorageMultisampleEXT_;
#define glFramebufferTexture2DMultisampleEXT glFramebufferTexture2DMultisampleEXT_
#define glRenderbufferStorageMultisampleEXT glRenderbufferStorageMultisampleEXT_
#define glBlitFramebufferANGLE glBlitFramebufferANGLE_
#define glDrawBuffersEXT glDrawBuffersEXT_

static unsigned mismatches;
static uint8_t pixels[W * H * 4], want[W * H * 4];
static const uint8_t background[4] = { 20, 40, 60, 80 };

static void pattern(int x, int y, uint8_t out[4])
{
   out[0] = (uint8_t)(x * 30 + 5);
   out[1] = (uint8_t)(y * 40 + 7);
   out[2] = (uint8_t)(x * 3 + y * 11 + 100);
   out[3] = (uint8_t)(250 - x * 9 - y);
}

/* A w x h RGBA texture holding pattern(), or background when !patterned. */
static GLuint make_texture(int w, int h, bool patterned)
{
   static uint8_t data[W * H * 4];
   for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
         if (patterned)
            pattern(x, y, &data[(y * w + x) * 4]);
         else
            memcpy(&data[(y * w + x) * 4], background, 4);
      }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   return tex;
}

static GLuint make_fbo(GLuint tex)
{
   GLuint fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   return fbo;
}

static void clear_pbuffer(void)
{
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glClearColor(background[0] / 255.0f, background[1] / 255.0f, background[2] / 255.0f,
                background[3] / 255.0f);
   glClear(GL_COLOR_BUFFER_BIT);
}

/* want[] = background everywhere, then the blit of the pattern's rectangle
 * (sx, sy, w, h) to (dx, dy) of a dw x dh buffer, clipped to the source size, the buffer
 * and the box [cx0, cx1) x [cy0, cy1). */
static void expect_blit(int dw, int dh, int sx, int sy, int w, int h, int dx, int dy,
                        int cx0, int cy0, int cx1, int cy1)
{
   for (int i = 0; i < dw * dh; i++)
      memcpy(&want[i * 4], background, 4);
   for (int j = 0; j < h; j++)
      for (int i = 0; i < w; i++) {
         int x = dx + i, y = dy + j, px = sx + i, py = sy + j;
         if (px < 0 || py < 0 || px >= SW || py >= SH || x < 0 || y < 0 || x >= dw ||
             y >= dh || x < cx0 || y < cy0 || x >= cx1 || y >= cy1)
            continue;
         pattern(px, py, &want[(y * dw + x) * 4]);
      }
}

/* Reads the read framebuffer (dw x dh) and compares with want[]. */
static void check_read(int dw, int dh, const char *what)
{
   memset(pixels, 0xA5, sizeof(pixels));
   glReadPixels(0, 0, dw, dh, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   check_gl(what);
   for (int y = 0; y < dh; y++)
      for (int x = 0; x < dw; x++)
         expect_rgba(pixels, dw, x, y, &want[(y * dw + x) * 4], what, &mismatches);
   check_mismatches(&mismatches, what);
}

static void expect_error(GLenum err, const char *what)
{
   GLenum got = glGetError();
   check(got == err, "%s: glGetError() = 0x%04x, want 0x%04x", what, got, err);
}

static GLint get_int(GLenum pname)
{
   GLint v = -1;
   glGetIntegerv(pname, &v);
   return v;
}

static void test_bindings(GLuint src_fbo, GLuint dst_fbo)
{
   glBindFramebuffer(GL_FRAMEBUFFER, src_fbo);
   check(get_int(GL_READ_FRAMEBUFFER_BINDING_ANGLE) == (GLint)src_fbo &&
         get_int(GL_DRAW_FRAMEBUFFER_BINDING_ANGLE) == (GLint)src_fbo,
         "GL_FRAMEBUFFER binds both");
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER_ANGLE, dst_fbo);
   check(get_int(GL_READ_FRAMEBUFFER_BINDING_ANGLE) == (GLint)src_fbo &&
         get_int(GL_FRAMEBUFFER_BINDING) == (GLint)dst_fbo, "DRAW_FRAMEBUFFER binds the draw one");
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, 0);
   check(get_int(GL_READ_FRAMEBUFFER_BINDING_ANGLE) == 0 &&
         get_int(GL_DRAW_FRAMEBUFFER_BINDING_ANGLE) == (GLint)dst_fbo,
         "READ_FRAMEBUFFER binds the read one");
   check_gl("bindings");
   glBindFramebuffer(GL_RENDERBUFFER, 0);
   expect_error(GL_INVALID_ENUM, "glBindFramebuffer(GL_RENDERBUFFER)");
   check(get_int(GL_READ_FRAMEBUFFER_BINDING_ANGLE) == 0 &&
         get_int(GL_DRAW_FRAMEBUFFER_BINDING_ANGLE) == (GLint)dst_fbo,
         "a refused binding changes nothing");

   /* Clears go to the draw binding, glReadPixels reads the read binding. */
   clear_pbuffer();
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src_fbo);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER_ANGLE, 0);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   expect_blit(SW, SH, 0, 0, SW, SH, 0, 0, 0, 0, SW, SH);
   check_read(SW, SH, "glReadPixels reads the read binding, the clear went elsewhere");
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, 0);
   static const uint8_t red[4] = { 255, 0, 0, 255 };
   for (int i = 0; i < W * H; i++)
      memcpy(&want[i * 4], red, 4);
   check_read(W, H, "the clear drew into the draw binding");

   /* glCopyTexImage2D copies from the read binding. */
   GLuint copy;
   glGenTextures(1, &copy);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src_fbo);
   glBindTexture(GL_TEXTURE_2D, copy);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, SW, SH, 0);
   check_gl("glCopyTexImage2D");
   GLuint copy_fbo = make_fbo(copy);   /* binds both */
   expect_blit(SW, SH, 0, 0, SW, SH, 0, 0, 0, 0, SW, SH);
   check_read(SW, SH, "glCopyTexImage2D copied the read binding");

   /* Attachments and status through the READ target. */
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 4, 4);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER_ANGLE, 0);
   glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER_ANGLE, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
   check(glCheckFramebufferStatus(GL_READ_FRAMEBUFFER_ANGLE) ==
         GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS, "the read framebuffer's status");
   check(glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER_ANGLE) == GL_FRAMEBUFFER_COMPLETE,
         "the draw framebuffer's status");
   GLint type = 0;
   glGetFramebufferAttachmentParameteriv(GL_READ_FRAMEBUFFER_ANGLE, GL_DEPTH_ATTACHMENT,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
   check(type == GL_RENDERBUFFER, "attachment query through READ_FRAMEBUFFER");
   glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER_ANGLE, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
   expect_error(GL_INVALID_OPERATION, "attaching to draw binding 0");
   glBlitFramebufferANGLE(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "blit from an incomplete read framebuffer");
   glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER_ANGLE, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, 0);
   glDeleteRenderbuffers(1, &rb);
   glDeleteFramebuffers(1, &copy_fbo);
   glDeleteTextures(1, &copy);
   check_gl("READ_FRAMEBUFFER attachments");
}

/* Blits the source texture fbo into the pbuffer with rectangles given as is and reversed,
 * then clipped. */
static void test_to_pbuffer(GLuint src_fbo)
{
   static const struct {
      GLint s[4], d[4];
      const char *what;
   } cases[] = {
      { { 1, 1, 5, 4 }, { 10, 7, 14, 10 }, "a 4x3 rectangle" },
      { { 5, 4, 1, 1 }, { 14, 10, 10, 7 }, "the same rectangle given reversed" },
      { { 0, 0, SW, SH }, { 0, 0, SW, SH }, "the whole source at the corner" },
      { { -2, -1, 6, 4 }, { 3, 2, 11, 7 }, "a source rectangle out of the read buffer" },
      { { 0, 0, SW, SH }, { 20, 13, 28, 19 }, "a destination out of the draw buffer" },
      { { 2, 1, 8, 6 }, { -3, -2, 3, 3 }, "a destination left of and below the buffer" },
   };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      clear_pbuffer();
      glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src_fbo);
      const GLint *s = cases[c].s, *d = cases[c].d;
      glBlitFramebufferANGLE(s[0], s[1], s[2], s[3], d[0], d[1], d[2], d[3],
                             GL_COLOR_BUFFER_BIT, GL_NEAREST);
      check_gl(cases[c].what);
      int sx = s[0] < s[2] ? s[0] : s[2], sy = s[1] < s[3] ? s[1] : s[3];
      int dx = d[0] < d[2] ? d[0] : d[2], dy = d[1] < d[3] ? d[1] : d[3];
      int w = s[2] > s[0] ? s[2] - s[0] : s[0] - s[2], h = s[3] > s[1] ? s[3] - s[1] : s[1] - s[3];
      expect_blit(W, H, sx, sy, w, h, dx, dy, 0, 0, W, H);
      glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, 0);
      check_read(W, H, cases[c].what);
   }

   /* The scissor box clips the blit. */
   clear_pbuffer();
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src_fbo);
   glEnable(GL_SCISSOR_TEST);
   glScissor(4, 3, 5, 2);
   glBlitFramebufferANGLE(0, 0, SW, SH, 2, 1, 2 + SW, 1 + SH, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glDisable(GL_SCISSOR_TEST);
   check_gl("scissored blit");
   expect_blit(W, H, 0, 0, SW, SH, 2, 1, 4, 3, 9, 5);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, 0);
   check_read(W, H, "the scissor box clips the blit");
}

/* pbuffer (top row first) -> texture (bottom row first), texture -> texture, and every
 * draw buffer of a framebuffer object. */
static void test_between_fbos(GLuint src_fbo)
{
   GLuint dst_tex[2] = { make_texture(W, H, false), make_texture(W, H, false) };
   GLuint dst_fbo = make_fbo(dst_tex[0]);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1_EXT, GL_TEXTURE_2D, dst_tex[1], 0);
   const GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1_EXT };
   glDrawBuffersEXT(2, bufs);

   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src_fbo);
   glBlitFramebufferANGLE(1, 0, 7, 5, 9, 6, 15, 11, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl("texture -> texture blit");
   expect_blit(W, H, 1, 0, 6, 5, 9, 6, 0, 0, W, H);
   for (int i = 0; i < 2; i++) {
      GLuint fbo = make_fbo(dst_tex[i]);
      check_read(W, H, i ? "texture -> texture, draw buffer 1" : "texture -> texture, draw buffer 0");
      glDeleteFramebuffers(1, &fbo);
   }

   /* The pbuffer's pattern (from a blit checked above) copied into a texture. */
   clear_pbuffer();
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src_fbo);
   glBlitFramebufferANGLE(0, 0, SW, SH, 0, 0, SW, SH, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   GLuint tex = make_texture(W, H, false);
   GLuint fbo = make_fbo(tex);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, 0);
   glBlitFramebufferANGLE(2, 1, 7, 5, 12, 9, 17, 13, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl("pbuffer -> texture blit");
   expect_blit(W, H, 2, 1, 5, 4, 12, 9, 0, 0, W, H);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, fbo);
   check_read(W, H, "pbuffer (top row first) -> texture (bottom row first)");
   glDeleteFramebuffers(1, &fbo);
   glDeleteFramebuffers(1, &dst_fbo);
   glDeleteTextures(1, &tex);
   glDeleteTextures(2, dst_tex);
}

/* A framebuffer object of a colour texture and a w x h renderbuffer of depth format df. */
static GLuint depth_fbo(GLuint *tex, GLuint *rb, GLenum df, int w, int h)
{
   *tex = make_texture(w, h, false);
   GLuint fbo = make_fbo(*tex);
   glGenRenderbuffers(1, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, *rb);
   glRenderbufferStorage(GL_RENDERBUFFER, df, w, h);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, *rb);
   return fbo;
}

static const char vs_src[] =
   "attribute vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char vs_z_src[] =
   "attribute vec3 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 1.0); }\n";
static const char fs_src[] =
   "precision mediump float;\n"
   "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n";
static const char fs_red_src[] =
   "precision mediump float;\n"
   "void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }\n";

/* Depth: the source's left half cleared to 0.25, its right half to 1.0, copied whole into a
 * destination cleared to 1.0; a green quad at depth 0.5 with GL_LESS then passes only where
 * the copied depth is 1.0. */
static void test_depth(void)
{
   GLuint stex, srb, dtex, drb;
   GLuint src = depth_fbo(&stex, &srb, GL_DEPTH_COMPONENT16, W, H);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, W / 2, H);
   glClearDepthf(0.25f);
   glClear(GL_DEPTH_BUFFER_BIT);
   glScissor(W / 2, 0, W / 2, H);
   glClearDepthf(1.0f);
   glClear(GL_DEPTH_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   GLuint dst = depth_fbo(&dtex, &drb, GL_DEPTH_COMPONENT16, W, H);
   glClear(GL_DEPTH_BUFFER_BIT);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src);
   glBlitFramebufferANGLE(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   check_gl("depth blit");

   static const char *const attribs[] = { "a_pos", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs_src, attribs);
   const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_DEPTH_TEST);
   static const uint8_t green[4] = { 0, 255, 0, 255 };
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         memcpy(&want[(y * W + x) * 4], x < W / 2 ? background : green, 4);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, dst);
   check_read(W, H, "the copied depth decides the depth test");

   /* Depth errors: part of the buffer, and different formats. */
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src);
   glBlitFramebufferANGLE(0, 0, W / 2, H, 0, 0, W / 2, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_OPERATION, "depth blit of part of the buffer");
   GLuint ftex, frb;
   GLuint other = depth_fbo(&ftex, &frb, GL_DEPTH_COMPONENT24_OES, W, H);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src);
   glBlitFramebufferANGLE(0, 0, W, H, 0, 0, W, H, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_OPERATION, "depth blit between different formats");
   /* Without depth on the read side the bit is ignored. */
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, 0);
   glBlitFramebufferANGLE(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   check_gl("depth blit from a buffer without depth");
   glDeleteProgram(prog);
   GLuint fbos[3] = { src, dst, other }, texs[3] = { stex, dtex, ftex }, rbs[3] = { srb, drb, frb };
   glDeleteFramebuffers(3, fbos);
   glDeleteTextures(3, texs);
   glDeleteRenderbuffers(3, rbs);
}

/* A framebuffer object of a colour image (texture, or RGBA8_OES renderbuffer when rb_color)
 * and a depth image: a DEPTH_COMPONENT / UNSIGNED_INT texture (Z24, stored bottom row
 * first like the colour texture) when depth_tex, else a renderbuffer of format df. */
static GLuint zs_fbo(bool rb_color, bool depth_tex, GLenum df, GLuint objs[2])
{
   GLuint fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   if (rb_color) {
      glGenRenderbuffers(1, &objs[0]);
      glBindRenderbuffer(GL_RENDERBUFFER, objs[0]);
      glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, W, H);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, objs[0]);
   } else {
      objs[0] = make_texture(W, H, false);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, objs[0], 0);
   }
   if (depth_tex) {
      bool ds = df == GL_DEPTH24_STENCIL8_OES;
      glGenTextures(1, &objs[1]);
      glBindTexture(GL_TEXTURE_2D, objs[1]);
      glTexImage2D(GL_TEXTURE_2D, 0, ds ? GL_DEPTH_STENCIL_OES : GL_DEPTH_COMPONENT, W, H, 0,
                   ds ? GL_DEPTH_STENCIL_OES : GL_DEPTH_COMPONENT,
                   ds ? GL_UNSIGNED_INT_24_8_OES : GL_UNSIGNED_INT, NULL);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, objs[1], 0);
      if (ds)
         glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, objs[1], 0);
   } else {
      glGenRenderbuffers(1, &objs[1]);
      glBindRenderbuffer(GL_RENDERBUFFER, objs[1]);
      glRenderbufferStorage(GL_RENDERBUFFER, df, W, H);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, objs[1]);
      if (df == GL_DEPTH24_STENCIL8_OES)
         glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, objs[1]);
   }
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "depth fbo complete");
   glClearColor(background[0] / 255.0f, background[1] / 255.0f, background[2] / 255.0f,
                background[3] / 255.0f);
   glClearDepthf(1.0f);
   glClearStencil(7);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   return fbo;
}

/* Depth (and stencil) copies between opposite row orders (a depth texture and a depth
 * renderbuffer), depth alone out of DEPTH24_STENCIL8 (the destination's stencil 7 stays)
 * and both of it. The source's bottom half is cleared to depth 0.25 (stored exactly as
 * 0.25 * (2^24 - 1) rounded, the value a fragment at depth 0.25 gets) and, when stencil
 * is copied, stencil 7 (the destination's is then 3), the rest to depth 1.0 and stencil 0;
 * a green quad at depth 0.25 drawn with GL_EQUAL (and stencil EQUAL 7 where there is
 * stencil) then covers exactly the bottom half of the destination. */
static void test_depth_drawn(GLuint prog)
{
   static const struct {
      bool src_rb_color, src_tex, dst_rb_color, dst_tex;
      GLenum df;
      GLbitfield mask;
      const char *what;
   } cases[] = {
      { false, true, true, false, GL_DEPTH_COMPONENT24_OES, GL_DEPTH_BUFFER_BIT,
        "depth texture -> depth renderbuffer" },
      { true, false, false, true, GL_DEPTH_COMPONENT24_OES, GL_DEPTH_BUFFER_BIT,
        "depth renderbuffer -> depth texture" },
      { true, false, true, false, GL_DEPTH24_STENCIL8_OES, GL_DEPTH_BUFFER_BIT,
        "depth alone of DEPTH24_STENCIL8" },
      { false, true, true, false, GL_DEPTH24_STENCIL8_OES, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT,
        "depth and stencil: texture -> renderbuffer" },
   };
   static const uint8_t green[4] = { 0, 255, 0, 255 };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      GLuint sobj[2], dobj[2];
      GLuint src = zs_fbo(cases[c].src_rb_color, cases[c].src_tex, cases[c].df, sobj);
      glClearStencil(0);   /* the source's stencil differs from the destination's 7 */
      glClear(GL_STENCIL_BUFFER_BIT);
      bool stencil = cases[c].mask & GL_STENCIL_BUFFER_BIT;
      glEnable(GL_SCISSOR_TEST);
      glScissor(0, 0, W, H / 2);
      glClearDepthf(0.25f);
      glClearStencil(7);
      glClear(GL_DEPTH_BUFFER_BIT | (stencil ? GL_STENCIL_BUFFER_BIT : 0));
      glDisable(GL_SCISSOR_TEST);
      GLuint dst = zs_fbo(cases[c].dst_rb_color, cases[c].dst_tex, cases[c].df, dobj);
      if (stencil) {
         glClearStencil(3);
         glClear(GL_STENCIL_BUFFER_BIT);
      }
      glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src);
      glBlitFramebufferANGLE(0, 0, W, H, 0, 0, W, H, cases[c].mask, GL_NEAREST);
      check_gl(cases[c].what);
      const GLfloat v[] = { -1, -1, -0.5f, 1, -1, -0.5f, -1, 1, -0.5f, 1, 1, -0.5f };
      glUseProgram(prog);
      glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, v);
      glEnableVertexAttribArray(0);
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(GL_EQUAL);
      if (cases[c].df == GL_DEPTH24_STENCIL8_OES) {
         glEnable(GL_STENCIL_TEST);
         glStencilFunc(GL_EQUAL, 7, 0xFF);
      }
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      glDisable(GL_DEPTH_TEST);
      glDisable(GL_STENCIL_TEST);
      glDepthFunc(GL_LESS);
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            memcpy(&want[(y * W + x) * 4], y < H / 2 ? green : background, 4);
      glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, dst);
      check_read(W, H, cases[c].what);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      GLuint fbos[2] = { src, dst };
      glDeleteFramebuffers(2, fbos);
      if (cases[c].src_rb_color) glDeleteRenderbuffers(1, &sobj[0]); else glDeleteTextures(1, &sobj[0]);
      if (cases[c].dst_rb_color) glDeleteRenderbuffers(1, &dobj[0]); else glDeleteTextures(1, &dobj[0]);
      if (cases[c].src_tex) glDeleteTextures(1, &sobj[1]); else glDeleteRenderbuffers(1, &sobj[1]);
      if (cases[c].dst_tex) glDeleteTextures(1, &dobj[1]); else glDeleteRenderbuffers(1, &dobj[1]);
   }
}

static void test_errors(GLuint src_fbo)
{
   clear_pbuffer();
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src_fbo);
   glBlitFramebufferANGLE(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT | 0x10, GL_NEAREST);
   expect_error(GL_INVALID_VALUE, "a mask bit beyond colour/depth/stencil");
   glBlitFramebufferANGLE(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_LINEAR);
   expect_error(GL_INVALID_ENUM, "GL_LINEAR");
   glBlitFramebufferANGLE(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_TEXTURE_2D);
   expect_error(GL_INVALID_ENUM, "a filter that is no filter");
   glBlitFramebufferANGLE(0, 0, 2, 2, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_OPERATION, "scaling");
   glBlitFramebufferANGLE(0, 0, 2, 2, 2, 0, 0, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_OPERATION, "mirroring");
   /* The same image read and drawn. */
   glBindFramebuffer(GL_FRAMEBUFFER, src_fbo);
   glBlitFramebufferANGLE(0, 0, 2, 2, 4, 2, 6, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_OPERATION, "read and draw buffer are one image");
   /* Different colour formats: RGBA8 texture -> RGBA4 renderbuffer. */
   GLuint rb, fbo;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 4, 4);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER_ANGLE, fbo);
   glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER_ANGLE, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glBlitFramebufferANGLE(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_OPERATION, "different colour formats");
   /* A cube-map face as the source. */
   GLuint cube, cube_fbo;
   glGenTextures(1, &cube);
   glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
   for (int f = 0; f < 6; f++)
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 4, 4, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &cube_fbo);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, cube_fbo);
   glFramebufferTexture2D(GL_READ_FRAMEBUFFER_ANGLE, GL_COLOR_ATTACHMENT0,
                          GL_TEXTURE_CUBE_MAP_POSITIVE_Y, cube, 0);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER_ANGLE, 0);
   glBlitFramebufferANGLE(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_OPERATION, "a cube-map face source");
   /* An incomplete draw framebuffer. */
   GLuint empty;
   glGenFramebuffers(1, &empty);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER_ANGLE, empty);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, src_fbo);
   glBlitFramebufferANGLE(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_FRAMEBUFFER_OPERATION, "an incomplete draw framebuffer");
   GLuint fbos[3] = { fbo, cube_fbo, empty };
   glDeleteFramebuffers(3, fbos);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &cube);
   /* None of the refused blits wrote the pbuffer. */
   for (int i = 0; i < W * H; i++)
      memcpy(&want[i * 4], background, 4);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   check_read(W, H, "refused blits write nothing");
}

/* A 4x RGBA8 renderbuffer cleared blue, red drawn over x < 2.5 px: the R600 4x pattern
 * (hardware notes 3.2) puts the samples at x offsets -2, 2, -6, 6 sixteenths, so pixel
 * column 2 (centre 2.5) has two samples covered (2.375, 2.125) and two not. The resolve
 * averages fixed-point channels as (sum + 2) / 4: column 2 = (128, 0, 128, 255). */
static void test_multisample(GLuint prog)
{
   check(get_int(GL_MAX_SAMPLES_ANGLE) == 8, "GL_MAX_SAMPLES_ANGLE");
   GLuint rb, ds, fbo;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisampleANGLE(GL_RENDERBUFFER, 3, GL_RGBA8_OES, W, H);
   check_gl("glRenderbufferStorageMultisampleANGLE");
   GLint samples = -1;
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES_ANGLE, &samples);
   check(samples == 4, "3 samples asked, 4 given (RENDERBUFFER_SAMPLES_ANGLE = %d)", samples);
   glRenderbufferStorageMultisampleANGLE(GL_RENDERBUFFER, 9, GL_RGBA8_OES, W, H);
   expect_error(GL_INVALID_VALUE, "more samples than GL_MAX_SAMPLES_ANGLE");
   glRenderbufferStorageMultisampleANGLE(GL_RENDERBUFFER, 4, GL_RGBA, W, H);
   expect_error(GL_INVALID_ENUM, "an unsized renderbuffer format");
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "4x colour only");
   check(get_int(GL_SAMPLES) == 4 && get_int(GL_SAMPLE_BUFFERS) == 1, "GL_SAMPLES of the FBO");
   /* A single-sampled depth buffer with it is incomplete. */
   glGenRenderbuffers(1, &ds);
   glBindRenderbuffer(GL_RENDERBUFFER, ds);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, W, H);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, ds);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE_ANGLE,
         "mixed sample counts");
   glRenderbufferStorageMultisampleANGLE(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT16, W, H);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "4x colour + depth");

   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   float x1 = 2.5f / W * 2.0f - 1.0f;
   const GLfloat v[] = { -1, -1, x1, -1, -1, 1, x1, 1 };
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl("draw into the 4x FBO");
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   expect_error(GL_INVALID_OPERATION, "glReadPixels from a multi-sampled FBO");

   /* Resolve into a texture (bottom row first) and into the pbuffer. */
   GLuint tex = make_texture(W, H, false), tex_fbo = make_fbo(tex);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, fbo);
   glBlitFramebufferANGLE(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   check_gl("resolving blit");
   static const uint8_t red[4] = { 255, 0, 0, 255 }, blue[4] = { 0, 0, 255, 255 },
                        half[4] = { 128, 0, 128, 255 };
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         memcpy(&want[(y * W + x) * 4], x < 2 ? red : x == 2 ? half : blue, 4);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, tex_fbo);
   check_read(W, H, "4x resolved into a texture");
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, fbo);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER_ANGLE, 0);
   glBlitFramebufferANGLE(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, 0);
   check_read(W, H, "4x resolved into the pbuffer");

   /* Multi-sampled blits must be whole-buffer, colour only, into a single-sampled buffer. */
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, fbo);
   glBlitFramebufferANGLE(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_OPERATION, "part of a multi-sampled buffer");
   glBindFramebuffer(GL_READ_FRAMEBUFFER_ANGLE, tex_fbo);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER_ANGLE, fbo);
   glBlitFramebufferANGLE(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   expect_error(GL_INVALID_OPERATION, "into a multi-sampled buffer");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint fbos[2] = { fbo, tex_fbo }, rbs[2] = { rb, ds };
   glDeleteFramebuffers(2, fbos);
   glDeleteRenderbuffers(2, rbs);
   glDeleteTextures(1, &tex);
}

/* The scene of test_multisample drawn into a texture through an implicit 4x buffer. */
static void test_render_to_texture(GLuint prog)
{
   GLuint tex = make_texture(W, H, false), fbo, rb;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2DMultisampleEXT(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex, 0, 4);
   expect_error(GL_INVALID_ENUM, "multi-sampled texture at DEPTH_ATTACHMENT");
   glFramebufferTexture2DMultisampleEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0, 9);
   expect_error(GL_INVALID_VALUE, "more than MAX_SAMPLES_EXT samples");
   glFramebufferTexture2DMultisampleEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 1, 4);
   expect_error(GL_INVALID_VALUE, "level 1");
   glFramebufferTexture2DMultisampleEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0, 4);
   check_gl("glFramebufferTexture2DMultisampleEXT");
   GLint samples = -1;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_SAMPLES_EXT, &samples);
   check(samples == 4 && get_int(GL_SAMPLES) == 4, "the attachment's samples (%d)", samples);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, W, H);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE_EXT,
         "a single-sampled depth buffer with it");
   glRenderbufferStorageMultisampleEXT(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT16, W, H);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "4x depth with it");

   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   float x1 = 2.5f / W * 2.0f - 1.0f;
   const GLfloat v[] = { -1, -1, x1, -1, -1, 1, x1, 1 };
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   static const uint8_t red[4] = { 255, 0, 0, 255 }, blue[4] = { 0, 0, 255, 255 },
                        half[4] = { 128, 0, 128, 255 };
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         memcpy(&want[(y * W + x) * 4], x < 2 ? red : x == 2 ? half : blue, 4);
   check_read(W, H, "read while bound: resolved first");
   /* Drawn again over green, then read through another framebuffer after unbinding:
    * column 2 = ((255 * 2 + 2) / 4, (255 * 2 + 2) / 4, 0) = (128, 128, 0). */
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   static const uint8_t green[4] = { 0, 255, 0, 255 }, yellow_half[4] = { 128, 128, 0, 255 };
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         memcpy(&want[(y * W + x) * 4], x < 2 ? red : x == 2 ? yellow_half : green, 4);
   GLuint plain;
   glGenFramebuffers(1, &plain);
   glBindFramebuffer(GL_FRAMEBUFFER, plain);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   check_read(W, H, "resolved into the texture when unbound");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   GLuint fbos[2] = { fbo, plain };
   glDeleteFramebuffers(2, fbos);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
}

/* A flush resolves too: a context sharing the texture reads what the first one drew
 * (red over x < 2.5 px on blue) while the framebuffer stays bound there. */
static void test_flush_resolve(struct egl_fixture *fx, GLuint prog)
{
   GLuint tex = make_texture(W, H, false), fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2DMultisampleEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0, 4);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   float x1 = 2.5f / W * 2.0f - 1.0f;
   const GLfloat v[] = { -1, -1, x1, -1, -1, 1, x1, 1 };
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glFinish();
   EGLint config_id = 0, n = 0;
   eglQueryContext(fx->dpy, fx->ctx, EGL_CONFIG_ID, &config_id);
   const EGLint attribs[] = { EGL_CONFIG_ID, config_id, EGL_NONE };
   EGLConfig config;
   eglChooseConfig(fx->dpy, attribs, &config, 1, &n);
   const EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLContext other = n == 1 ? eglCreateContext(fx->dpy, config, fx->ctx, ctx_attribs)
                             : EGL_NO_CONTEXT;
   if (!check(other != EGL_NO_CONTEXT && eglMakeCurrent(fx->dpy, fx->surf, fx->surf, other),
              "a sharing context"))
      return;
   GLuint plain;
   glGenFramebuffers(1, &plain);
   glBindFramebuffer(GL_FRAMEBUFFER, plain);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   static const uint8_t red[4] = { 255, 0, 0, 255 }, blue[4] = { 0, 0, 255, 255 },
                        half[4] = { 128, 0, 128, 255 };
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         memcpy(&want[(y * W + x) * 4], x < 2 ? red : x == 2 ? half : blue, 4);
   check_read(W, H, "another context sees the resolve of a flush");
   glDeleteFramebuffers(1, &plain);
   eglMakeCurrent(fx->dpy, fx->surf, fx->surf, fx->ctx);
   eglDestroyContext(fx->dpy, other);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
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
   check(ext && strstr(ext, "GL_ANGLE_framebuffer_blit "), "GL_ANGLE_framebuffer_blit exposed");
   glBlitFramebufferANGLE_ =
      (PFNGLBLITFRAMEBUFFERANGLEPROC)eglGetProcAddress("glBlitFramebufferANGLE");
   glDrawBuffersEXT_ = (PFNGLDRAWBUFFERSEXTPROC)eglGetProcAddress("glDrawBuffersEXT");
   glRenderbufferStorageMultisampleANGLE_ = (PFNGLRENDERBUFFERSTORAGEMULTISAMPLEANGLEPROC)
      eglGetProcAddress("glRenderbufferStorageMultisampleANGLE");
   check(strstr(ext, "GL_ANGLE_framebuffer_multisample ") &&
         strstr(ext, "GL_EXT_multisampled_render_to_texture "), "multisample extensions exposed");
   glFramebufferTexture2DMultisampleEXT_ = (PFNGLFRAMEBUFFERTEXTURE2DMULTISAMPLEEXTPROC)
      eglGetProcAddress("glFramebufferTexture2DMultisampleEXT");
   glRenderbufferStorageMultisampleEXT_ = (PFNGLRENDERBUFFERSTORAGEMULTISAMPLEEXTPROC)
      eglGetProcAddress("glRenderbufferStorageMultisampleEXT");
   if (!check(glBlitFramebufferANGLE_ && glDrawBuffersEXT_ && glRenderbufferStorageMultisampleANGLE_ &&
              glFramebufferTexture2DMultisampleEXT_ && glRenderbufferStorageMultisampleEXT_,
              "entry points resolve"))
      return check_report();
   GLuint src_tex = make_texture(SW, SH, true);
   GLuint src_fbo = make_fbo(src_tex);
   expect_blit(SW, SH, 0, 0, SW, SH, 0, 0, 0, 0, SW, SH);
   check_read(SW, SH, "the source pattern");
   test_bindings(src_fbo, make_fbo(make_texture(SW, SH, false)));
   test_to_pbuffer(src_fbo);
   test_between_fbos(src_fbo);
   test_depth();
   test_errors(src_fbo);
   static const char *const attribs[] = { "a_pos", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs_red_src, attribs);
   GLuint green_z = egl_fixture_program(vs_z_src, fs_src, attribs);
   test_depth_drawn(green_z);
   test_multisample(prog);
   test_render_to_texture(prog);
   test_flush_resolve(&fx, prog);
   egl_fixture_fini(&fx);
   return check_report();
}
