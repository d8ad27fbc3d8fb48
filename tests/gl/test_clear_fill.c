/* Whole-surface clears that the driver does as a fill (one pixel drawn, CP_DMA copies it over
 * the layer, pipe_r600sim/r600_clear.c): every pixel of the cleared level or face gets the
 * clear value, and the levels and faces beside it keep theirs (the fill stays inside its
 * layer, padding included). Depth and stencil clears are checked by drawing against them.
 *
 * Expected values are derived here: RGBA8 stores round(c * 255); a depth test LESS against
 * a cleared depth d passes for a quad at window depth below d and fails above it (the quads
 * are 1/64 away, far from any rounding); stencil EQUAL passes only for the clear value.
 * Sizes are not multiples of 8, so layers have padding columns and rows. Prints
 * "N passed, M failed". */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 37
#define H 21

static unsigned mismatches;
static uint8_t pixels[W * H * 4];
static GLuint prog;
static GLint loc_z, loc_color;

static const char vs_src[] =
   "attribute vec2 a_pos; uniform float u_z;\n"
   "void main() { gl_Position = vec4(a_pos, u_z, 1.0); }\n";
static const char fs_src[] =
   "precision mediump float; uniform vec4 u_color;\n"
   "void main() { gl_FragColor = u_color; }\n";

/* A quad over the whole target at NDC depth z in colour c. */
static void draw_quad(float z, const float c[4])
{
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glUseProgram(prog);
   glUniform1f(loc_z, z);
   glUniform4fv(loc_color, 1, c);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* Every pixel of the bound w x h framebuffer against want. */
static void expect_all(int w, int h, const uint8_t want[4], const char *what)
{
   memset(pixels, 0xA5, sizeof(pixels));
   glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   check_gl(what);
   for (int r = 0; r < h; r++)
      for (int x = 0; x < w; x++)
         expect_rgba(pixels, w, x, r, want, what, &mismatches);
   check_mismatches(&mismatches, what);
}

static void fill_level(GLenum target, int level, int w, int h, const uint8_t c[4])
{
   static uint8_t data[W * H * 4];
   for (int i = 0; i < w * h; i++)
      memcpy(&data[4 * i], c, 4);
   glTexImage2D(target, level, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
}

/* Level 1 of a three-level texture cleared through an FBO; levels 0 and 2 keep their texels. */
static void test_mip_level(void)
{
   static const uint8_t l0[4] = { 10, 20, 30, 40 }, l1[4] = { 50, 60, 70, 80 },
                        l2[4] = { 90, 100, 110, 120 };
   const int w[3] = { W, W / 2, W / 4 }, h[3] = { H, H / 2, H / 4 };
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const uint8_t *init[3] = { l0, l1, l2 };
   for (int l = 0; l < 3; l++)
      fill_level(GL_TEXTURE_2D, l, w[l], h[l], init[l]);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 1);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "level 1 FBO complete");
   glViewport(0, 0, w[1], h[1]);
   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);   /* round(c * 255): 51, 102, 153, 204 */
   glClear(GL_COLOR_BUFFER_BIT);
   static const uint8_t cleared[4] = { 51, 102, 153, 204 };
   expect_all(w[1], h[1], cleared, "mip level 1 cleared");
   for (int l = 0; l < 3; l += 2) {
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, l);
      expect_all(w[l], h[l], init[l], l ? "mip level 2 kept" : "mip level 0 kept");
   }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
}

/* Face +Y of a cube map cleared; the faces before and after it keep their texels. */
static void test_cube_face(void)
{
   static const uint8_t init[4] = { 1, 2, 3, 4 };
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   for (int f = 0; f < 6; f++)
      fill_level(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, H, H, init);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_Y,
                          tex, 0);
   glViewport(0, 0, H, H);
   glClearColor(1.0f, 0.0f, 0.6f, 0.2f);   /* 255, 0, 153, 51 */
   glClear(GL_COLOR_BUFFER_BIT);
   static const uint8_t cleared[4] = { 255, 0, 153, 51 };
   expect_all(H, H, cleared, "cube face +Y cleared");
   static const GLenum kept[2] = { GL_TEXTURE_CUBE_MAP_NEGATIVE_X, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y };
   for (int i = 0; i < 2; i++) {
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, kept[i], tex, 0);
      expect_all(H, H, init, i ? "cube face -Y kept" : "cube face -X kept");
   }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
}

/* A depth (and stencil) renderbuffer cleared to depth 0.5 (stencil 0x5A) together with the
 * colour: a quad just in front passes LESS everywhere, one just behind nowhere; with
 * stencil, EQUAL 0x5A passes everywhere and EQUAL 0x5B nowhere. */
static void test_depth_format(GLenum format, bool stencil, const char *name)
{
   GLuint rb[2], fbo;
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, W, H);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, format, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   if (stencil)
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   char what[96];
   snprintf(what, sizeof(what), "%s FBO complete", name);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "%s", what);
   glViewport(0, 0, W, H);
   static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 };
   static const uint8_t black[4] = { 0, 0, 0, 0 }, want_red[4] = { 255, 0, 0, 255 },
                        want_green[4] = { 0, 255, 0, 255 };
   /* Twice: the second clear overwrites what the draws wrote in between. */
   for (int pass = 0; pass < 2; pass++) {
      glClearColor(0, 0, 0, 0);
      glClearDepthf(0.5f);
      glClearStencil(0x5A);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | (stencil ? GL_STENCIL_BUFFER_BIT : 0));
      snprintf(what, sizeof(what), "%s pass %d: colour cleared", name, pass);
      expect_all(W, H, black, what);
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(GL_LESS);
      glDepthMask(GL_FALSE);
      draw_quad(2.0f / 64, red);      /* window depth 0.5 + 1/64: behind */
      snprintf(what, sizeof(what), "%s pass %d: behind the cleared depth", name, pass);
      expect_all(W, H, black, what);
      draw_quad(-2.0f / 64, red);     /* 0.5 - 1/64: in front */
      snprintf(what, sizeof(what), "%s pass %d: in front of the cleared depth", name, pass);
      expect_all(W, H, want_red, what);
      glDepthMask(GL_TRUE);
      glDisable(GL_DEPTH_TEST);
      if (stencil) {
         glEnable(GL_STENCIL_TEST);
         glStencilFunc(GL_EQUAL, 0x5B, 0xFF);
         draw_quad(0, green);
         snprintf(what, sizeof(what), "%s pass %d: stencil EQUAL 0x5B", name, pass);
         expect_all(W, H, want_red, what);
         glStencilFunc(GL_EQUAL, 0x5A, 0xFF);
         draw_quad(0, green);
         snprintf(what, sizeof(what), "%s pass %d: stencil EQUAL 0x5A", name, pass);
         expect_all(W, H, want_green, what);
         glDisable(GL_STENCIL_TEST);
      }
      /* Leave other depth values behind for the second clear. */
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(GL_ALWAYS);
      draw_quad(-0.75f, green);
      glDisable(GL_DEPTH_TEST);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(2, rb);
   check_gl(name);
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
   test_mip_level();
   test_cube_face();
   test_depth_format(GL_DEPTH_COMPONENT16, false, "DEPTH16");
   test_depth_format(GL_DEPTH_COMPONENT24_OES, false, "DEPTH24");
   test_depth_format(GL_DEPTH24_STENCIL8_OES, true, "DEPTH24_STENCIL8");
   check_gl("end");
   egl_fixture_fini(&fx);
   return check_report();
}
