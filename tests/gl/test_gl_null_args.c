/* GLES 2.0 layer: NULL pointers where an application may pass them by mistake give the GL
 * error Mesa gives (or nothing) and never a crash, and the stubs of not-implemented entry
 * points fill their outputs with 0. Runs the real libGLESv2 with a context made through
 * st_api.h. `test_gl_null_args CASE` runs one case (to see which one crashes). */
#include <GLES2/gl2.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "st_api.h"

/* The call raised `err` and nothing else is pending. */
#define EXPECT_ERROR(call, err)                                             \
   do {                                                                     \
      call;                                                                 \
      GLenum got_ = glGetError();                                           \
      CHECK(got_ == (err) && glGetError() == GL_NO_ERROR,                   \
            "%s gave 0x%04x, expected %s", #call, got_, #err);              \
   } while (0)

static const char *vs_src =
   "attribute vec4 pos;\n"
   "uniform vec4 offset;\n"
   "void main() { gl_Position = pos + offset; }\n";
static const char *fs_src =
   "precision mediump float;\n"
   "uniform vec4 color;\n"
   "void main() { gl_FragColor = color; }\n";

static GLuint shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   return s;
}

/* A linked program with attribute pos and uniforms offset and color, in use. */
static GLuint program(void)
{
   GLuint p = glCreateProgram();
   glAttachShader(p, shader(GL_VERTEX_SHADER, vs_src));
   glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs_src));
   glLinkProgram(p);
   glUseProgram(p);
   GLint linked = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &linked);
   CHECK(linked == GL_TRUE && glGetError() == GL_NO_ERROR, "test program links");
   return p;
}

static void shader_source(void)
{
   GLuint s = glCreateShader(GL_VERTEX_SHADER);
   glShaderSource(s, 1, &vs_src, NULL);
   GLint len = 0;
   glGetShaderiv(s, GL_SHADER_SOURCE_LENGTH, &len);
   EXPECT_ERROR(glShaderSource(s, 1, NULL, NULL), GL_INVALID_VALUE);
   const GLchar *null_string[1] = { NULL };
   EXPECT_ERROR(glShaderSource(s, 1, null_string, NULL), GL_INVALID_OPERATION);
   const GLchar *one_null[2] = { vs_src, NULL };
   EXPECT_ERROR(glShaderSource(s, 2, one_null, NULL), GL_INVALID_OPERATION);
   GLint after = 0;
   glGetShaderiv(s, GL_SHADER_SOURCE_LENGTH, &after);
   CHECK(after == len && len > 0, "source kept: %d, was %d", after, len);
   glDeleteShader(s);
}

static void locations(void)
{
   GLuint p = program();
   EXPECT_ERROR(CHECK_EQ(glGetUniformLocation(p, NULL), (GLint)-1), GL_NO_ERROR);
   EXPECT_ERROR(CHECK_EQ(glGetAttribLocation(p, NULL), (GLint)-1), GL_NO_ERROR);
   EXPECT_ERROR(glBindAttribLocation(p, 0, NULL), GL_NO_ERROR);
   GLuint unlinked = glCreateProgram();
   EXPECT_ERROR(CHECK_EQ(glGetUniformLocation(unlinked, NULL), (GLint)-1), GL_NO_ERROR);
   glDeleteProgram(unlinked);
   glDeleteProgram(p);
}

static void buffers(void)
{
   EXPECT_ERROR(glGenBuffers(1, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGenBuffers(-1, NULL), GL_INVALID_VALUE);
   EXPECT_ERROR(glDeleteBuffers(3, NULL), GL_NO_ERROR);
   GLuint b[2] = { 0, 0 };
   glGenBuffers(2, b);
   CHECK(b[0] && b[1] && b[0] != b[1] && glGetError() == GL_NO_ERROR, "names still made");
   glDeleteBuffers(2, b);
}

static void active_queries(void)
{
   GLuint p = program();
   EXPECT_ERROR(glGetActiveUniform(p, 0, 0, NULL, NULL, NULL, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetActiveAttrib(p, 0, 0, NULL, NULL, NULL, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetActiveUniform(p, 0, 16, NULL, NULL, NULL, NULL), GL_NO_ERROR);
   GLint size = 0;
   GLenum type = 0;
   GLsizei length = -1;
   EXPECT_ERROR(glGetActiveUniform(p, 0, 16, &length, &size, NULL, NULL), GL_NO_ERROR);
   CHECK(length == 0 && size == 1, "length %d size %d", length, size);
   EXPECT_ERROR(glGetActiveAttrib(p, 0, 16, NULL, NULL, &type, NULL), GL_NO_ERROR);
   CHECK_EQ(type, GL_FLOAT_VEC4);
   EXPECT_ERROR(glGetActiveUniform(p, 99, 16, NULL, NULL, NULL, NULL), GL_INVALID_VALUE);
   glDeleteProgram(p);
}

static void other_pointers(void)
{
   GLuint p = program();
   GLint color = glGetUniformLocation(p, "color");
   CHECK(color >= 0);
   EXPECT_ERROR(glUniform4fv(color, 1, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glUniform4iv(color, 1, NULL), GL_INVALID_OPERATION);   /* checks still made */
   EXPECT_ERROR(glVertexAttrib4fv(0, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glVertexAttrib4fv(9999, NULL), GL_INVALID_VALUE);
   EXPECT_ERROR(glGetIntegerv(GL_VIEWPORT, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetFloatv(GL_DEPTH_RANGE, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetBooleanv(GL_COLOR_WRITEMASK, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetIntegerv(0xFFFF, NULL), GL_INVALID_ENUM);
   GLsizei count = -1;
   EXPECT_ERROR(glGetAttachedShaders(p, 2, &count, NULL), GL_NO_ERROR);
   CHECK_EQ(count, 2);
   EXPECT_ERROR(glGetAttachedShaders(p, 2, NULL, NULL), GL_NO_ERROR);
   char log[8];
   EXPECT_ERROR(glGetProgramInfoLog(p, sizeof(log), NULL, log), GL_NO_ERROR);
   EXPECT_ERROR(glGetProgramiv(p, GL_LINK_STATUS, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetProgramiv(p, 0xFFFF, NULL), GL_INVALID_ENUM);
   GLuint vs = shader(GL_VERTEX_SHADER, vs_src);
   EXPECT_ERROR(glGetShaderiv(vs, GL_COMPILE_STATUS, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetShaderSource(vs, sizeof(log), NULL, log), GL_NO_ERROR);
   EXPECT_ERROR(glGetShaderInfoLog(vs, sizeof(log), NULL, NULL), GL_NO_ERROR);
   glDeleteShader(vs);
   EXPECT_ERROR(glGetUniformfv(p, color, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetUniformiv(p, color, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetVertexAttribfv(0, GL_CURRENT_VERTEX_ATTRIB, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetVertexAttribPointerv(0, GL_VERTEX_ATTRIB_ARRAY_POINTER, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT, NULL, NULL),
                GL_NO_ERROR);
   GLuint b = 0;
   glGenBuffers(1, &b);
   glBindBuffer(GL_ARRAY_BUFFER, b);
   EXPECT_ERROR(glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, NULL), GL_NO_ERROR);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glDeleteBuffers(1, &b);
   EXPECT_ERROR(glShaderBinary(1, NULL, 0, NULL, 0), GL_INVALID_ENUM);
   /* No element buffer and no indices: nothing drawn, no error (as before). */
   EXPECT_ERROR(glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL), GL_NO_ERROR);
   glDeleteProgram(p);
}

static void read_pixels(void)
{
   EXPECT_ERROR(glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glReadPixels(0, 0, -1, 4, GL_RGBA, GL_UNSIGNED_BYTE, NULL), GL_INVALID_VALUE);
}

/* Not-implemented stubs: GL_INVALID_OPERATION (none left has an output to fill). */
static void stubs(void)
{
   EXPECT_ERROR(glGenerateMipmap(GL_TEXTURE_2D), GL_INVALID_OPERATION);
   EXPECT_ERROR(glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 1, 0),
                GL_INVALID_OPERATION);
}

/* Textures: NULL name arrays and outputs are no-ops. */
static void texture_objects(void)
{
   EXPECT_ERROR(glGenTextures(2, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glDeleteTextures(2, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, NULL), GL_NO_ERROR);
}

/* Framebuffer objects and renderbuffers: NULL name arrays and outputs are no-ops. */
static void framebuffer_objects(void)
{
   EXPECT_ERROR(glGenFramebuffers(2, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glGenRenderbuffers(2, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glDeleteFramebuffers(2, NULL), GL_NO_ERROR);
   EXPECT_ERROR(glDeleteRenderbuffers(2, NULL), GL_NO_ERROR);
   GLuint rb, fb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   EXPECT_ERROR(glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, NULL),
                GL_NO_ERROR);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   EXPECT_ERROR(glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                                      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, NULL),
                GL_NO_ERROR);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
}

static const struct {
   const char *name;
   void (*run)(void);
} cases[] = {
   { "shader_source", shader_source },
   { "locations", locations },
   { "buffers", buffers },
   { "active_queries", active_queries },
   { "other_pointers", other_pointers },
   { "read_pixels", read_pixels },
   { "stubs", stubs },
   { "texture_objects", texture_objects },
   { "framebuffer_objects", framebuffer_objects },
};

int main(int argc, char **argv)
{
   struct st_framebuffer *fb = r600sim_st_framebuffer_create(16, 16, PIPE_FORMAT_R8G8B8A8_UNORM,
                                                             PIPE_FORMAT_NONE);
   struct st_context *ctx = r600sim_st_context_create(2, 0, NULL);
   if (!CHECK(fb && ctx && r600sim_st_make_current(ctx, fb, fb), "context made current"))
      return check_report();
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      if (argc > 1 && strcmp(argv[1], cases[c].name))
         continue;
      cases[c].run();
      CHECK(glGetError() == GL_NO_ERROR, "%s left no error pending", cases[c].name);
   }
   r600sim_st_make_current(NULL, NULL, NULL);
   r600sim_st_context_destroy(ctx);
   r600sim_st_framebuffer_destroy(fb);
   return check_report();
}
