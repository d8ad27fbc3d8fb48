/* GL_EXT_shader_framebuffer_fetch and GL_EXT_shader_framebuffer_fetch_non_coherent end to
 * end: gl_LastFragData[i] read back what the colour buffer held under each fragment.
 * - programmable blending on the pbuffer: out = 1 - last.wzyx against a per-pixel pattern
 *   (two scissored clears), expected bytes computed here (255 - byte, exact in 8 bits),
 *   also with the draw scissored (the copies are not);
 * - coherence inside one draw: overlapping primitives add 0.2 to red each, so a pixel
 *   covered n times reads n * 51 (a copy made only at draw start would give 51): triangle
 *   lists, strips (odd triangles keep their facing: back faces are culled), fans, points,
 *   line loops and indexed draws, and instances one after another;
 * - four colour attachments (GL_EXT_draw_buffers): gl_FragData[i] = gl_LastFragData[(i+1)%4]
 *   rotates the four images' colours; gl_LastFragData[u] with a uniform index;
 * - another format: an RGB565 renderbuffer inverted (the reference is a clear with the
 *   inverted colour, read back the same way);
 * - the non-coherent extension: layout(noncoherent) redeclaration, glFramebufferFetchBarrierEXT;
 * - compiler errors of both extensions' GLSL rules;
 * - a multi-sampled pbuffer, where the driver drops fetching draws (no per-sample shading).
 * Colours are multiples of 0.2 (51 in 8 bits). Prints "N passed, M failed". */
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
static const char *const attribs[] = { "a_pos", NULL };

static const char vs_src[] =
   "attribute vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); gl_PointSize = 16.0; }\n";

static GLuint fs_program(const char *fs)
{
   return egl_fixture_program(vs_src, fs, attribs);
}

/* Whether the fragment shader compiles. */
static bool compiles(const char *src)
{
   GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   glDeleteShader(s);
   return ok != 0;
}

static void draw(GLuint prog, GLenum mode, const GLfloat *v, GLsizei count)
{
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(mode, 0, count);
}

static void clear(float r, float g, float b, float a)
{
   glClearColor(r, g, b, a);
   glClear(GL_COLOR_BUFFER_BIT);
}

/* Every pixel of the bound W x H framebuffer against want(x, y). */
static void expect_all(const char *what, void (*want)(int x, int y, uint8_t out[4]))
{
   uint8_t px[W * H * 4], w[4];
   egl_fixture_read(W, H, px, false);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         want(x, y, w);
         expect_rgba(px, W, x, y, w, what, &mismatches);
      }
   check_mismatches(&mismatches, what);
}

static const uint8_t left_px[4] = { 51, 102, 153, 204 }, right_px[4] = { 255, 0, 51, 102 };

static void pattern(int x, int y, uint8_t out[4])
{
   (void)y;
   memcpy(out, x < W / 2 ? left_px : right_px, 4);
}

/* the pattern with 1 - last.wzyx applied */
static void blended(int x, int y, uint8_t out[4])
{
   uint8_t p[4];
   pattern(x, y, p);
   for (int c = 0; c < 4; c++)
      out[c] = (uint8_t)(255 - p[3 - c]);
}

static void scissored(int x, int y, uint8_t out[4])
{
   (x < W / 2 ? blended : pattern)(x, y, out);
}

static void left_pattern(int x, int y, uint8_t out[4])
{
   (void)x, (void)y;
   memcpy(out, left_px, 4);
}

static void clear_pattern(void)
{
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, W / 2, H);
   clear(0.2f, 0.4f, 0.6f, 0.8f);
   glScissor(W / 2, 0, W - W / 2, H);
   clear(1.0f, 0.0f, 0.2f, 0.4f);
   glDisable(GL_SCISSOR_TEST);
}

static const GLfloat quad_strip[] = { -1, -1, 1, -1, -1, 1, 1, 1 };

static void test_blending(void)
{
   GLuint prog = fs_program("#extension GL_EXT_shader_framebuffer_fetch : require\n"
                            "precision mediump float;\n"
                            "void main() { gl_FragColor = vec4(1.0) - gl_LastFragData[0].wzyx; }\n");
   check(prog != 0, "blending program links");
   clear_pattern();
   expect_all("scissored clears", pattern);
   draw(prog, GL_TRIANGLE_STRIP, quad_strip, 4);
   check_gl("blending draw");
   expect_all("1 - gl_LastFragData[0].wzyx", blended);
   /* scissored to the left half: the right half keeps the pattern */
   clear_pattern();
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, W / 2, H);
   draw(prog, GL_TRIANGLE_STRIP, quad_strip, 4);
   glDisable(GL_SCISSOR_TEST);
   expect_all("scissored 1 - gl_LastFragData[0].wzyx", scissored);
   glDeleteProgram(prog);
}

static unsigned want_red;
static void red_count(int x, int y, uint8_t out[4])
{
   (void)x, (void)y;
   out[0] = (uint8_t)want_red;
   out[1] = out[2] = out[3] = 0;
}

/* Clears to black, runs draw_fn, then every pixel's red must be n * 51. */
static void expect_layers(GLuint prog, const char *what, unsigned n, void (*draw_fn)(GLuint))
{
   clear(0, 0, 0, 0);
   draw_fn(prog);
   check_gl(what);
   want_red = n * 51;
   expect_all(what, red_count);
}

/* three copies of a full-screen quad as six triangles, one draw */
static void draw_triangles(GLuint prog)
{
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1,
                                -1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1,
                                -1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1 };
   draw(prog, GL_TRIANGLES, v, 18);
}

/* a strip going over the screen three times (each triangle counter-clockwise by the strip
 * rule), with back faces culled: a split that loses the odd triangles' order loses them */
static void draw_strip(GLuint prog)
{
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1, -1, -1, 1, -1, -1, 1, 1, 1,
                                -1, -1, 1, -1, -1, 1, 1, 1 };
   glEnable(GL_CULL_FACE);
   draw(prog, GL_TRIANGLE_STRIP, v, 12);
   glDisable(GL_CULL_FACE);
}

/* a fan around the centre whose four triangles cover the screen once, drawn twice by
 * repeating the ring: eight triangles */
static void draw_fan(GLuint prog)
{
   static const GLfloat v[] = { 0, 0, -1, -1, 1, -1, 1, 1, -1, 1, -1, -1,
                                1, -1, 1, 1, -1, 1, -1, -1 };
   draw(prog, GL_TRIANGLE_FAN, v, 10);
}

/* four 16-pixel points at the centre, one draw */
static void draw_points(GLuint prog)
{
   static const GLfloat v[] = { 0, 0, 0, 0, 0, 0, 0, 0 };
   draw(prog, GL_POINTS, v, 4);
}

/* the quad twice from an index list */
static void draw_indexed(GLuint prog)
{
   static const GLushort idx[] = { 0, 1, 2, 2, 1, 3, 0, 1, 2, 2, 1, 3 };
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad_strip);
   glEnableVertexAttribArray(0);
   glDrawElements(GL_TRIANGLES, 12, GL_UNSIGNED_SHORT, idx);
}

/* a two-vertex line loop: the line there and the closing line back */
static void draw_line_loop(GLuint prog)
{
   static const GLfloat v[] = { -0.8f, -0.3f, 0.8f, 0.1f };
   draw(prog, GL_LINE_LOOP, v, 2);
}

static void test_coherence(void)
{
   GLuint prog = fs_program("#extension GL_EXT_shader_framebuffer_fetch : require\n"
                            "precision mediump float;\n"
                            "void main() { gl_FragColor = gl_LastFragData[0] + vec4(0.2, 0.0, 0.0, 0.0); }\n");
   check(prog != 0, "coherence program links");
   expect_layers(prog, "three overlapping quads of triangles", 3, draw_triangles);
   expect_layers(prog, "a strip over the screen three times, culled back faces", 3, draw_strip);
   expect_layers(prog, "a fan over the screen twice", 2, draw_fan);
   expect_layers(prog, "four points at one place", 4, draw_points);
   expect_layers(prog, "an indexed quad twice", 2, draw_indexed);
   /* the line loop against the same loop added by the CB's blending (ONE, ONE), which is
    * ordered by definition; some pixels must be on both lines */
   GLuint add = fs_program("precision mediump float;\n"
                           "void main() { gl_FragColor = vec4(0.2, 0.0, 0.0, 0.0); }\n");
   uint8_t ref[W * H * 4], px[W * H * 4];
   clear(0, 0, 0, 0);
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_ONE);
   draw_line_loop(add);
   glDisable(GL_BLEND);
   egl_fixture_read(W, H, ref, false);
   unsigned twice = 0;
   for (int i = 0; i < W * H; i++)
      twice += ref[i * 4] == 102;
   clear(0, 0, 0, 0);
   draw_line_loop(prog);
   egl_fixture_read(W, H, px, false);
   check(twice > 0 && memcmp(px, ref, sizeof(px)) == 0,
         "a two-vertex line loop = the loop blended (%u pixels on both lines)", twice);
   glDeleteProgram(add);
   glDeleteProgram(prog);
}

static void test_mrt(void)
{
   PFNGLDRAWBUFFERSEXTPROC draw_buffers =
      (PFNGLDRAWBUFFERSEXTPROC)eglGetProcAddress("glDrawBuffersEXT");
   GLuint tex[4], fbo, read_fbo;
   glGenTextures(4, tex);
   glGenFramebuffers(1, &fbo);
   glGenFramebuffers(1, &read_fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   for (unsigned i = 0; i < 4; i++) {
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D, tex[i], 0);
   }
   static const GLenum bufs[4] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1_EXT,
                                   GL_COLOR_ATTACHMENT2_EXT, GL_COLOR_ATTACHMENT3_EXT };
   draw_buffers(4, bufs);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "MRT complete");
   GLuint fill = fs_program("#extension GL_EXT_draw_buffers : require\n"
                            "precision mediump float;\n"
                            "void main() {\n"
                            "   gl_FragData[0] = vec4(0.2, 0.0, 0.0, 1.0);\n"
                            "   gl_FragData[1] = vec4(0.0, 0.4, 0.0, 1.0);\n"
                            "   gl_FragData[2] = vec4(0.0, 0.0, 0.6, 1.0);\n"
                            "   gl_FragData[3] = vec4(0.8, 0.8, 0.8, 0.2);\n"
                            "}\n");
   GLuint rotate = fs_program("#extension GL_EXT_draw_buffers : require\n"
                              "#extension GL_EXT_shader_framebuffer_fetch : require\n"
                              "precision mediump float;\n"
                              "void main() {\n"
                              "   gl_FragData[0] = gl_LastFragData[1];\n"
                              "   gl_FragData[1] = gl_LastFragData[2];\n"
                              "   gl_FragData[2] = gl_LastFragData[3];\n"
                              "   gl_FragData[3] = gl_LastFragData[0];\n"
                              "}\n");
   check(fill && rotate, "MRT programs link");
   draw(fill, GL_TRIANGLE_STRIP, quad_strip, 4);
   draw(rotate, GL_TRIANGLE_STRIP, quad_strip, 4);
   check_gl("MRT draws");
   static const uint8_t filled[4][4] = { { 51, 0, 0, 255 }, { 0, 102, 0, 255 },
                                         { 0, 0, 153, 255 }, { 204, 204, 204, 51 } };
   glBindFramebuffer(GL_FRAMEBUFFER, read_fbo);
   for (unsigned i = 0; i < 4; i++) {
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[i], 0);
      uint8_t px[W * H * 4];
      egl_fixture_read(W, H, px, false);
      char what[64];
      snprintf(what, sizeof(what), "MRT image %u rotated", i);
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            expect_rgba(px, W, x, y, filled[(i + 1) % 4], what, &mismatches);
      check_mismatches(&mismatches, what);
   }
   /* a dynamic index: image 0 takes image u's colour (now the colour of image u + 1) */
   GLuint pick = fs_program("#extension GL_EXT_draw_buffers : require\n"
                            "#extension GL_EXT_shader_framebuffer_fetch : require\n"
                            "precision mediump float; uniform int u;\n"
                            "void main() { gl_FragData[0] = gl_LastFragData[u]; }\n");
   check(pick != 0, "dynamic-index program links");
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glUseProgram(pick);
   glUniform1i(glGetUniformLocation(pick, "u"), 2);
   draw(pick, GL_TRIANGLE_STRIP, quad_strip, 4);
   check_gl("dynamic-index draw");
   glBindFramebuffer(GL_FRAMEBUFFER, read_fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   uint8_t px[W * H * 4];
   egl_fixture_read(W, H, px, false);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(px, W, x, y, filled[3], "gl_LastFragData[u], u = 2", &mismatches);
   check_mismatches(&mismatches, "gl_LastFragData[u], u = 2");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteFramebuffers(1, &read_fbo);
   glDeleteTextures(4, tex);
   glDeleteProgram(fill);
   glDeleteProgram(rotate);
   glDeleteProgram(pick);
}

static void test_rgb565(void)
{
   GLuint rb, fbo;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "RGB565 complete");
   /* the reference: a clear with the inverted colour (1/31 and 1/63 steps: exact) */
   uint8_t ref[W * H * 4], px[W * H * 4];
   clear(1.0f - 10.0f / 31, 1.0f - 40.0f / 63, 1.0f - 3.0f / 31, 1.0f);
   egl_fixture_read(W, H, ref, false);
   GLuint prog = fs_program("#extension GL_EXT_shader_framebuffer_fetch : require\n"
                            "precision highp float;\n"
                            "void main() { gl_FragColor = vec4(1.0 - gl_LastFragData[0].rgb, 1.0); }\n");
   clear(10.0f / 31, 40.0f / 63, 3.0f / 31, 1.0f);
   draw(prog, GL_TRIANGLE_STRIP, quad_strip, 4);
   check_gl("RGB565 draw");
   egl_fixture_read(W, H, px, false);
   check(memcmp(px, ref, sizeof(px)) == 0, "RGB565 inverted = the inverted clear (%u,%u,%u)",
         px[0], px[1], px[2]);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
   glDeleteProgram(prog);
}

static void test_non_coherent(void)
{
   PFNGLFRAMEBUFFERFETCHBARRIEREXTPROC barrier =
      (PFNGLFRAMEBUFFERFETCHBARRIEREXTPROC)eglGetProcAddress("glFramebufferFetchBarrierEXT");
   check(barrier != NULL, "glFramebufferFetchBarrierEXT resolves");
   GLuint prog = fs_program("#extension GL_EXT_shader_framebuffer_fetch_non_coherent : require\n"
                            "layout(noncoherent) mediump vec4 gl_LastFragData[gl_MaxDrawBuffers];\n"
                            "void main() { gl_FragColor = vec4(1.0) - gl_LastFragData[0].wzyx; }\n");
   check(prog != 0, "non-coherent program links");
   if (!barrier || !prog)
      return;
   clear_pattern();
   barrier();
   draw(prog, GL_TRIANGLE_STRIP, quad_strip, 4);
   check_gl("non-coherent draw and barrier");
   expect_all("non-coherent 1 - gl_LastFragData[0].wzyx", blended);
   barrier();
   draw(prog, GL_TRIANGLE_STRIP, quad_strip, 4);   /* inverting twice gives the pattern */
   expect_all("non-coherent after the barrier", pattern);
   glDeleteProgram(prog);
   /* overlapping primitives of one non-coherent draw: the driver's choice is one copy at
    * the draw's start, so three layers of +0.2 read black each time */
   GLuint add = fs_program("#extension GL_EXT_shader_framebuffer_fetch_non_coherent : require\n"
                           "layout(noncoherent) mediump vec4 gl_LastFragData[gl_MaxDrawBuffers];\n"
                           "void main() { gl_FragColor = gl_LastFragData[0] + vec4(0.2, 0.0, 0.0, 0.0); }\n");
   expect_layers(add, "non-coherent: three overlapping quads read the draw's start", 1,
                 draw_triangles);
   barrier();
   draw_triangles(add);   /* a new draw reads the last one's result */
   want_red = 2 * 51;
   expect_all("non-coherent: the next draw", red_count);
   glDeleteProgram(add);
}

static void test_compiler(void)
{
   static const char coh[] = "#extension GL_EXT_shader_framebuffer_fetch : enable\n";
   static const char nc[] = "#extension GL_EXT_shader_framebuffer_fetch_non_coherent : enable\n";
   static const char redecl_nc[] = "layout(noncoherent) mediump vec4 gl_LastFragData[gl_MaxDrawBuffers];\n";
   static const char read[] = "void main() { gl_FragColor = gl_LastFragData[0]; }\n";
   char src[512];
   snprintf(src, sizeof(src), "%s%s", coh, read);
   check(compiles(src), "coherent: gl_LastFragData without redeclaration");
   snprintf(src, sizeof(src), "%shighp vec4 gl_LastFragData[gl_MaxDrawBuffers];\n%s", coh, read);
   check(compiles(src), "coherent: precision redeclaration");
   snprintf(src, sizeof(src), "%s%s%s", coh, redecl_nc, read);
   check(!compiles(src), "coherent only: layout(noncoherent) is an error");
   snprintf(src, sizeof(src), "%s%s", nc, read);
   check(!compiles(src), "non-coherent only: gl_LastFragData needs the layout(noncoherent) redeclaration");
   snprintf(src, sizeof(src), "%s%s%s", nc, redecl_nc, read);
   check(compiles(src), "non-coherent: redeclared with layout(noncoherent)");
   snprintf(src, sizeof(src), "%s%s%s%s", coh, nc, redecl_nc, read);
   check(compiles(src), "both extensions: layout(noncoherent) allowed");
   snprintf(src, sizeof(src), "%s%shighp vec4 f() { return gl_LastFragData[1]; }\n%s"
            "void main() { gl_FragColor = f() + gl_LastFragData[0]; }\n", coh, nc, redecl_nc);
   check(compiles(src), "both extensions: coherent reads, then the noncoherent redeclaration");
   snprintf(src, sizeof(src), "%svoid main() { gl_LastFragData[0] = vec4(1.0); }\n", coh);
   check(!compiles(src), "writing gl_LastFragData is an error");
   check(!compiles(read), "gl_LastFragData without #extension is an error");
   snprintf(src, sizeof(src), "%sinout highp vec4 color;\nvoid main() { color += vec4(0.5); }\n", coh);
   check(!compiles(src), "inout outputs are not GLSL ES 1.00");
   snprintf(src, sizeof(src), "#version 300 es\n%sout highp vec4 c;\n"
            "void main() { c = gl_LastFragData[0]; }\n", coh);
   check(!compiles(src), "gl_LastFragData is not in GLSL ES 3.00");
   snprintf(src, sizeof(src), "%s#if GL_EXT_shader_framebuffer_fetch != 1 || "
            "GL_EXT_shader_framebuffer_fetch_non_coherent != 1\n#error macros\n#endif\n%s", coh, read);
   check(compiles(src), "both extension macros are 1");
   GLuint vs = glCreateShader(GL_VERTEX_SHADER);
   const char *vsrc = "#extension GL_EXT_shader_framebuffer_fetch : enable\n"
                      "void main() { gl_Position = gl_LastFragData[0]; }\n";
   glShaderSource(vs, 1, &vsrc, NULL);
   glCompileShader(vs);
   GLint ok = 1;
   glGetShaderiv(vs, GL_COMPILE_STATUS, &ok);
   check(!ok, "gl_LastFragData is not a vertex shader built-in");
   glDeleteShader(vs);
}

/* A 4x multi-sampled pbuffer: the driver refuses fetches from it (no per-sample shading),
 * so the draw is dropped and the cleared colour stays. */
static void test_multisampled(struct egl_fixture *fx)
{
   const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                              EGL_OPENGL_ES2_BIT, EGL_SAMPLE_BUFFERS, 1, EGL_SAMPLES, 4, EGL_NONE };
   EGLConfig cfg;
   EGLint n = 0;
   check(eglChooseConfig(fx->dpy, attribs, &cfg, 1, &n) && n == 1, "a 4x config");
   const EGLint surf_attribs[] = { EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE };
   static const EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(fx->dpy, cfg, surf_attribs);
   EGLContext ctx = eglCreateContext(fx->dpy, cfg, EGL_NO_CONTEXT, ctx_attribs);
   if (!check(surf != EGL_NO_SURFACE && ctx != EGL_NO_CONTEXT &&
              eglMakeCurrent(fx->dpy, surf, surf, ctx), "4x pbuffer and context"))
      return;
   GLuint prog = fs_program("#extension GL_EXT_shader_framebuffer_fetch : require\n"
                            "precision mediump float;\n"
                            "void main() { gl_FragColor = vec4(1.0) - gl_LastFragData[0]; }\n");
   glViewport(0, 0, W, H);
   clear(0.2f, 0.4f, 0.6f, 0.8f);
   draw(prog, GL_TRIANGLE_STRIP, quad_strip, 4);
   check_gl("multi-sampled fetch draw");
   expect_all("a fetch on a multi-sampled buffer is dropped", left_pattern);
   glDeleteProgram(prog);
   eglMakeCurrent(fx->dpy, fx->surf, fx->surf, fx->ctx);
   eglDestroyContext(fx->dpy, ctx);
   eglDestroySurface(fx->dpy, surf);
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
   check(ext && strstr(ext, "GL_EXT_shader_framebuffer_fetch "), "coherent extension listed");
   check(ext && strstr(ext, "GL_EXT_shader_framebuffer_fetch_non_coherent "),
         "non-coherent extension listed");
   GLboolean discards = GL_TRUE;
   glGetBooleanv(GL_FRAGMENT_SHADER_DISCARDS_SAMPLES_EXT, &discards);
   check(discards == GL_FALSE, "GL_FRAGMENT_SHADER_DISCARDS_SAMPLES_EXT is false");
   glViewport(0, 0, W, H);
   check_gl("set-up");

   test_compiler();
   test_blending();
   test_coherence();
   test_mrt();
   test_rgb565();
   test_non_coherent();
   test_multisampled(&fx);
   check_gl("end");
   egl_fixture_fini(&fx);
   return check_report();
}
