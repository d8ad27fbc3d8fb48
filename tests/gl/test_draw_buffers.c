/* GL_EXT_draw_buffers end to end: four RGBA texture images at COLOR_ATTACHMENT0..3_EXT drawn
 * in one draw through CB_COLOR0..3 and read back one by one (each attached alone to a
 * second framebuffer object). gl_FragData[i] lands in draw buffer i, gl_FragColor in every
 * draw buffer, glClear clears every draw buffer and a NONE draw buffer is left alone; the
 * queries, glDrawBuffersEXT's errors (EXT spec "Errors"), the dual-source limit of
 * GL_EXT_blend_func_extended and the completeness rule of this driver (colour
 * renderbuffers and texture images not mixed: GL_FRAMEBUFFER_UNSUPPORTED).
 *
 * Colours are multiples of 0.2 (51 in 8 bits: exact after the fp16 export, as in test_fbo).
 * Prints "N passed, M failed". */
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
#define N 4

#define EXPECT_ERROR(call, err)                                             \
   do {                                                                     \
      call;                                                                 \
      GLenum got_ = glGetError();                                           \
      check(got_ == (err) && glGetError() == GL_NO_ERROR,                   \
            "%s gave 0x%04x, expected %s", #call, got_, #err);              \
   } while (0)

static PFNGLDRAWBUFFERSEXTPROC draw_buffers;
static GLuint textures[N], fbo, read_fbo;
static unsigned mismatches;

static const char vs_src[] =
   "attribute vec2 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }\n";
static const char fs_data_src[] =
   "#extension GL_EXT_draw_buffers : require\n"
   "precision mediump float; uniform vec4 u_c[4];\n"
   "void main() {\n"
   "   gl_FragData[0] = u_c[0]; gl_FragData[1] = u_c[1];\n"
   "   gl_FragData[2] = u_c[2]; gl_FragData[3] = u_c[3];\n"
   "}\n";
static const char fs_color_src[] =
   "precision mediump float; uniform vec4 u_c[4];\n"
   "void main() { gl_FragColor = u_c[0]; }\n";

static const float colors[N][4] = {
   { 1.0f, 0.2f, 0.0f, 1.0f }, { 0.0f, 0.4f, 1.0f, 0.6f },
   { 0.8f, 0.8f, 0.2f, 0.0f }, { 0.2f, 0.0f, 0.6f, 0.4f },
};

static void to_bytes(const float c[4], uint8_t out[4])
{
   for (int i = 0; i < 4; i++)
      out[i] = (uint8_t)(c[i] * 255.0f + 0.5f);
}

static void draw(GLuint prog)
{
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glUseProgram(prog);
   glUniform4fv(glGetUniformLocation(prog, "u_c"), N, &colors[0][0]);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* Every pixel of texture i (read through read_fbo) against want; fbo is bound again. */
static void expect_texture(unsigned i, const uint8_t want[4], const char *what)
{
   uint8_t px[W * H * 4];
   glBindFramebuffer(GL_FRAMEBUFFER, read_fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, textures[i], 0);
   memset(px, 0xA5, sizeof(px));
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check_gl("glReadPixels");
   char name[96];
   snprintf(name, sizeof(name), "%s: attachment %u", what, i);
   for (int r = 0; r < H; r++)
      for (int x = 0; x < W; x++)
         expect_rgba(px, W, x, r, want, name, &mismatches);
   check_mismatches(&mismatches, name);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
}

static void clear_all(const float c[4])
{
   static const GLenum all[N] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1_EXT,
                                  GL_COLOR_ATTACHMENT2_EXT, GL_COLOR_ATTACHMENT3_EXT };
   draw_buffers(N, all);
   glClearColor(c[0], c[1], c[2], c[3]);
   glClear(GL_COLOR_BUFFER_BIT);
}

static GLint get_int(GLenum pname)
{
   GLint v = -1;
   glGetIntegerv(pname, &v);
   return v;
}

static void test_queries_and_errors(void)
{
   check(get_int(GL_MAX_DRAW_BUFFERS_EXT) == N, "GL_MAX_DRAW_BUFFERS_EXT = %d",
         get_int(GL_MAX_DRAW_BUFFERS_EXT));
   check(get_int(GL_MAX_COLOR_ATTACHMENTS_EXT) == N, "GL_MAX_COLOR_ATTACHMENTS_EXT");
   check(get_int(GL_DRAW_BUFFER0_EXT) == GL_BACK, "default framebuffer: DRAW_BUFFER0 = BACK");
   check(get_int(GL_DRAW_BUFFER1_EXT) == GL_NONE, "default framebuffer: DRAW_BUFFER1 = NONE");
   const GLenum back = GL_BACK, none = GL_NONE, att0 = GL_COLOR_ATTACHMENT0;
   EXPECT_ERROR(draw_buffers(0, &back), GL_INVALID_OPERATION);
   EXPECT_ERROR(draw_buffers(2, &back), GL_INVALID_OPERATION);
   EXPECT_ERROR(draw_buffers(1, &att0), GL_INVALID_OPERATION);
   EXPECT_ERROR(draw_buffers(N + 1, &back), GL_INVALID_VALUE);
   EXPECT_ERROR(draw_buffers(-1, &back), GL_INVALID_VALUE);
   EXPECT_ERROR(draw_buffers(1, &none), GL_NO_ERROR);
   check(get_int(GL_DRAW_BUFFER0_EXT) == GL_NONE, "default framebuffer: DRAW_BUFFER0 = NONE");
   EXPECT_ERROR(draw_buffers(1, &back), GL_NO_ERROR);

   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   check(get_int(GL_DRAW_BUFFER0_EXT) == GL_COLOR_ATTACHMENT0, "FBO: DRAW_BUFFER0 = ATTACHMENT0");
   check(get_int(GL_DRAW_BUFFER3_EXT) == GL_NONE, "FBO: DRAW_BUFFER3 = NONE");
   const GLenum swapped[2] = { GL_COLOR_ATTACHMENT1_EXT, GL_COLOR_ATTACHMENT0 };
   EXPECT_ERROR(draw_buffers(2, swapped), GL_INVALID_OPERATION);
   const GLenum with_back[2] = { GL_COLOR_ATTACHMENT0, GL_BACK };
   EXPECT_ERROR(draw_buffers(2, with_back), GL_INVALID_OPERATION);
   check(get_int(GL_DRAW_BUFFER0_EXT) == GL_COLOR_ATTACHMENT0, "a failed call changes nothing");
   EXPECT_ERROR(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + N, GL_TEXTURE_2D,
                                       textures[0], 0), GL_INVALID_ENUM);
}

static void test_fragdata(GLuint prog)
{
   static const float black[4] = { 0, 0, 0, 0 };
   clear_all(black);
   static const GLenum all[N] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1_EXT,
                                  GL_COLOR_ATTACHMENT2_EXT, GL_COLOR_ATTACHMENT3_EXT };
   draw_buffers(N, all);
   draw(prog);
   check_gl("gl_FragData draw");
   for (unsigned i = 0; i < N; i++) {
      uint8_t want[4];
      to_bytes(colors[i], want);
      expect_texture(i, want, "gl_FragData[i]");
   }
   /* draw buffer 1 NONE: gl_FragData[1] goes nowhere, attachment 1 keeps its pixels */
   clear_all(black);
   const GLenum gap[3] = { GL_COLOR_ATTACHMENT0, GL_NONE, GL_COLOR_ATTACHMENT2_EXT };
   draw_buffers(3, gap);
   check(get_int(GL_DRAW_BUFFER1_EXT) == GL_NONE && get_int(GL_DRAW_BUFFER3_EXT) == GL_NONE,
         "DRAW_BUFFER1 and 3 = NONE");
   draw(prog);
   static const uint8_t zero[4] = { 0, 0, 0, 0 };
   uint8_t want[4];
   to_bytes(colors[0], want);
   expect_texture(0, want, "NONE gap");
   expect_texture(1, zero, "NONE gap");
   to_bytes(colors[2], want);
   expect_texture(2, want, "NONE gap");
   expect_texture(3, zero, "NONE gap");
}

static void test_fragcolor_and_clear(GLuint prog)
{
   static const float grey[4] = { 0.4f, 0.4f, 0.4f, 0.4f };
   clear_all(grey);
   uint8_t g[4], c0[4];
   to_bytes(grey, g);
   for (unsigned i = 0; i < N; i++)
      expect_texture(i, g, "glClear of four draw buffers");
   /* gl_FragColor: every draw buffer but the NONE one */
   const GLenum three[N] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1_EXT, GL_NONE,
                             GL_COLOR_ATTACHMENT3_EXT };
   draw_buffers(N, three);
   draw(prog);
   to_bytes(colors[0], c0);
   expect_texture(0, c0, "gl_FragColor");
   expect_texture(1, c0, "gl_FragColor");
   expect_texture(2, g, "gl_FragColor");
   expect_texture(3, c0, "gl_FragColor");
   /* glClear with that set leaves attachment 2 (NONE) grey */
   static const float white[4] = { 1, 1, 1, 1 };
   glClearColor(white[0], white[1], white[2], white[3]);
   glClear(GL_COLOR_BUFFER_BIT);
   static const uint8_t w[4] = { 255, 255, 255, 255 };
   expect_texture(0, w, "glClear with a NONE draw buffer");
   expect_texture(2, g, "glClear with a NONE draw buffer");
   expect_texture(3, w, "glClear with a NONE draw buffer");
   /* draw buffer 0 NONE: gl_FragColor still reaches draw buffer 1 */
   clear_all(grey);
   const GLenum second[2] = { GL_NONE, GL_COLOR_ATTACHMENT1_EXT };
   draw_buffers(2, second);
   draw(prog);
   expect_texture(0, g, "draw buffer 0 NONE");
   expect_texture(1, c0, "draw buffer 0 NONE");
   expect_texture(2, g, "draw buffer 0 NONE");
   /* a scissored clear is drawn (gl_clear.c): all draw buffers too */
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, W, H);
   clear_all(grey);
   glDisable(GL_SCISSOR_TEST);
   for (unsigned i = 0; i < N; i++)
      expect_texture(i, g, "scissored glClear");
}

static void test_dual_source_limit(GLuint prog)
{
   glEnable(GL_BLEND);
   glBlendFunc(GL_ONE, GL_SRC1_COLOR_EXT);
   const GLenum two[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1_EXT };
   draw_buffers(2, two);
   EXPECT_ERROR(draw(prog), GL_INVALID_OPERATION);
   draw_buffers(1, two);
   EXPECT_ERROR(draw(prog), GL_NO_ERROR);
   glDisable(GL_BLEND);
   EXPECT_ERROR(draw_buffers(2, two), GL_NO_ERROR);
   EXPECT_ERROR(draw(prog), GL_NO_ERROR);   /* blending off: no limit */
   glBlendFunc(GL_ONE, GL_ZERO);
}

static void test_mixed_kinds(void)
{
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, W, H);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT3_EXT, GL_RENDERBUFFER, rb);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_UNSUPPORTED,
         "colour texture images with a colour renderbuffer: UNSUPPORTED");
   GLint type = 0;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT3_EXT,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
   check(type == GL_RENDERBUFFER, "COLOR_ATTACHMENT3_EXT holds the renderbuffer");
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT3_EXT, GL_TEXTURE_2D, textures[3], 0);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "complete again");
   glDeleteRenderbuffers(1, &rb);
   check_gl("mixed kinds");
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
   check(ext && strstr(ext, "GL_EXT_draw_buffers "), "GL_EXT_draw_buffers listed");
   draw_buffers = (PFNGLDRAWBUFFERSEXTPROC)eglGetProcAddress("glDrawBuffersEXT");
   check(draw_buffers != NULL, "glDrawBuffersEXT resolves");
   if (!draw_buffers)
      return check_report();
   static const char *const attribs[] = { "a_pos", NULL };
   GLuint data_prog = egl_fixture_program(vs_src, fs_data_src, attribs);
   GLuint color_prog = egl_fixture_program(vs_src, fs_color_src, attribs);
   check(data_prog && color_prog, "programs link");

   glGenTextures(N, textures);
   glGenFramebuffers(1, &fbo);
   glGenFramebuffers(1, &read_fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   for (unsigned i = 0; i < N; i++) {
      glBindTexture(GL_TEXTURE_2D, textures[i]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D,
                             textures[i], 0);
   }
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
         "four colour attachments: complete");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glViewport(0, 0, W, H);
   check_gl("set-up");

   test_queries_and_errors();
   test_fragdata(data_prog);
   test_fragcolor_and_clear(color_prog);
   test_dual_source_limit(data_prog);
   test_mixed_kinds();
   check_gl("end");
   egl_fixture_fini(&fx);
   return check_report();
}
