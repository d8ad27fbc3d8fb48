/* GLES 2.0 layer: bad calls raise exactly the error the ES 2.0 spec names and change no
 * state; good calls change the state glGet reports. Runs the real libGLESv2 (GL layer,
 * driver, simulator, GLSL front end) with a context made through st_api.h, no EGL.
 * Expected values come from the ES 2.0 specification (errors, initial state, conversions). */
#include <GLES2/gl2.h>
#include <math.h>
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

static GLint get_int(GLenum pname)
{
   GLint v[4] = { -12345, -12345, -12345, -12345 };
   glGetIntegerv(pname, v);
   return v[0];
}

static bool ints_equal(GLenum pname, GLint a, GLint b, GLint c, GLint d)
{
   GLint v[4] = { 0 };
   glGetIntegerv(pname, v);
   return v[0] == a && v[1] == b && v[2] == c && v[3] == d;
}

static const char *vs_src =
   "attribute vec4 pos;\n"
   "attribute vec2 uv;\n"
   "uniform vec4 offset;\n"
   "varying vec2 v_uv;\n"
   "void main() { gl_Position = pos + offset; v_uv = uv; }\n";

static const char *fs_src =
   "precision mediump float;\n"
   "uniform vec4 color;\n"
   "uniform float scale[3];\n"
   "uniform mat2 m;\n"
   "uniform int mode;\n"
   "varying vec2 v_uv;\n"
   "void main() {\n"
   "   gl_FragColor = color * (scale[0] + scale[1] + scale[2]) + vec4(m * v_uv, 0.0, 0.0)\n"
   "                  + vec4(float(mode));\n"
   "}\n";

static GLuint compile(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   return s;
}

static void test_no_context(void)
{
   CHECK(r600sim_st_current() == NULL);
   glEnable(GL_BLEND);                       /* ignored, must not crash */
   CHECK(glGetError() == GL_NO_ERROR);
   CHECK(glGetString(GL_VERSION) == NULL);
   CHECK(r600sim_st_context_create(3, 0, NULL) == NULL);
   CHECK(r600sim_st_context_create(1, 1, NULL) == NULL);
}

static void test_initial_state(void)
{
   /* The first binding sets viewport and scissor to the surface (32x16). */
   CHECK(ints_equal(GL_VIEWPORT, 0, 0, 32, 16));
   CHECK(ints_equal(GL_SCISSOR_BOX, 0, 0, 32, 16));
   CHECK(get_int(GL_ARRAY_BUFFER_BINDING) == 0);
   CHECK(get_int(GL_CURRENT_PROGRAM) == 0);
   CHECK(get_int(GL_BLEND_SRC_RGB) == GL_ONE && get_int(GL_BLEND_DST_RGB) == GL_ZERO);
   CHECK(get_int(GL_DEPTH_FUNC) == GL_LESS);
   CHECK(get_int(GL_CULL_FACE_MODE) == GL_BACK && get_int(GL_FRONT_FACE) == GL_CCW);
   CHECK(get_int(GL_PACK_ALIGNMENT) == 4 && get_int(GL_UNPACK_ALIGNMENT) == 4);
   CHECK(glIsEnabled(GL_DITHER) == GL_TRUE && glIsEnabled(GL_BLEND) == GL_FALSE);
   CHECK(get_int(GL_RED_BITS) == 8 && get_int(GL_ALPHA_BITS) == 8);
   CHECK(get_int(GL_DEPTH_BITS) == 24 && get_int(GL_STENCIL_BITS) == 8);
   CHECK(get_int(GL_MAX_VERTEX_ATTRIBS) >= 8);
   CHECK(get_int(GL_MAX_VERTEX_UNIFORM_VECTORS) >= 128);
   CHECK(get_int(GL_MAX_FRAGMENT_UNIFORM_VECTORS) >= 16);
   CHECK(get_int(GL_MAX_VARYING_VECTORS) >= 8);
   CHECK(get_int(GL_MAX_TEXTURE_SIZE) >= 64);
   GLint dims[2] = { 0, 0 };
   glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
   CHECK(dims[0] >= 32 && dims[1] >= 16);
   GLfloat range[2];
   glGetFloatv(GL_DEPTH_RANGE, range);
   CHECK(range[0] == 0.0f && range[1] == 1.0f);
   CHECK(glGetError() == GL_NO_ERROR);
}

static void test_strings_and_gets(void)
{
   const char *version = (const char *)glGetString(GL_VERSION);
   CHECK(version && !strncmp(version, "OpenGL ES 2.0 ", 14));
   const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
   CHECK(glsl && !strncmp(glsl, "OpenGL ES GLSL ES 1.00", 22));
   CHECK(glGetString(GL_VENDOR) && glGetString(GL_RENDERER) && glGetString(GL_EXTENSIONS));
   const GLubyte *bad;
   EXPECT_ERROR(bad = glGetString(0x1234), GL_INVALID_ENUM);
   CHECK(bad == NULL);
   GLint v = 77;
   EXPECT_ERROR(glGetIntegerv(0x1234, &v), GL_INVALID_ENUM);
   CHECK(v == 77);
   /* Sticky: the first error stays until read, later ones are dropped. */
   glEnable(0x1234);
   glLineWidth(-1.0f);
   CHECK(glGetError() == GL_INVALID_ENUM);
   CHECK(glGetError() == GL_NO_ERROR);

   /* Conversions: colours map [0,1] linearly onto [0, 2^31-1]; bools to 0/1. */
   glClearColor(2.0f, -1.0f, 0.25f, 1.0f);          /* clamped to [0,1] */
   GLfloat cf[4];
   glGetFloatv(GL_COLOR_CLEAR_VALUE, cf);
   CHECK(cf[0] == 1.0f && cf[1] == 0.0f && cf[2] == 0.25f && cf[3] == 1.0f);
   GLint ci[4];
   glGetIntegerv(GL_COLOR_CLEAR_VALUE, ci);
   CHECK(ci[0] == 2147483647 && ci[1] == 0 && ci[2] == 536870912);
   GLboolean mask[4];
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   glGetBooleanv(GL_COLOR_WRITEMASK, mask);
   CHECK(mask[0] == GL_TRUE && mask[1] == GL_FALSE && mask[2] == GL_TRUE && mask[3] == GL_FALSE);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   GLfloat lw;
   glGetFloatv(GL_LINE_WIDTH, &lw);
   CHECK(lw == 1.0f);
   CHECK(glGetError() == GL_NO_ERROR);
}

static void test_fixed_function_errors(void)
{
   EXPECT_ERROR(glEnable(GL_TEXTURE_2D), GL_INVALID_ENUM);     /* not a cap in ES 2.0 */
   EXPECT_ERROR(glIsEnabled(0x1234), GL_INVALID_ENUM);
   EXPECT_ERROR(glEnable(GL_BLEND), GL_NO_ERROR);
   CHECK(glIsEnabled(GL_BLEND) == GL_TRUE);
   EXPECT_ERROR(glDisable(GL_BLEND), GL_NO_ERROR);

   EXPECT_ERROR(glViewport(0, 0, -1, 5), GL_INVALID_VALUE);
   CHECK(ints_equal(GL_VIEWPORT, 0, 0, 32, 16));
   EXPECT_ERROR(glViewport(1, 2, 3, 4), GL_NO_ERROR);
   CHECK(ints_equal(GL_VIEWPORT, 1, 2, 3, 4));
   glViewport(0, 0, 32, 16);
   EXPECT_ERROR(glScissor(0, 0, 4, -2), GL_INVALID_VALUE);
   CHECK(ints_equal(GL_SCISSOR_BOX, 0, 0, 32, 16));

   /* a destination factor too with GL_EXT_blend_func_extended */
   EXPECT_ERROR(glBlendFunc(GL_ONE, GL_SRC_ALPHA_SATURATE), GL_NO_ERROR);
   CHECK(get_int(GL_BLEND_DST_RGB) == GL_SRC_ALPHA_SATURATE);
   EXPECT_ERROR(glBlendFunc(GL_SRC_ALPHA_SATURATE, GL_ONE_MINUS_SRC_ALPHA), GL_NO_ERROR);
   CHECK(get_int(GL_BLEND_SRC_ALPHA) == GL_SRC_ALPHA_SATURATE);
   CHECK(get_int(GL_BLEND_DST_ALPHA) == GL_ONE_MINUS_SRC_ALPHA);
   EXPECT_ERROR(glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ONE, 0x1234), GL_INVALID_ENUM);
   CHECK(get_int(GL_BLEND_DST_RGB) == GL_ONE_MINUS_SRC_ALPHA);
   EXPECT_ERROR(glBlendEquation(0x8007 /* MIN_EXT, not exposed */), GL_INVALID_ENUM);
   EXPECT_ERROR(glBlendEquationSeparate(GL_FUNC_ADD, GL_FUNC_SUBTRACT), GL_NO_ERROR);
   CHECK(get_int(GL_BLEND_EQUATION_RGB) == GL_FUNC_ADD);
   CHECK(get_int(GL_BLEND_EQUATION_ALPHA) == GL_FUNC_SUBTRACT);

   EXPECT_ERROR(glDepthFunc(GL_ALWAYS + 1), GL_INVALID_ENUM);
   CHECK(get_int(GL_DEPTH_FUNC) == GL_LESS);
   EXPECT_ERROR(glCullFace(GL_CW), GL_INVALID_ENUM);
   EXPECT_ERROR(glFrontFace(GL_FRONT), GL_INVALID_ENUM);
   CHECK(get_int(GL_CULL_FACE_MODE) == GL_BACK && get_int(GL_FRONT_FACE) == GL_CCW);
   EXPECT_ERROR(glLineWidth(0.0f), GL_INVALID_VALUE);

   EXPECT_ERROR(glStencilFuncSeparate(GL_FRONT_AND_BACK + 1, GL_LESS, 1, 0xff), GL_INVALID_ENUM);
   EXPECT_ERROR(glStencilFunc(0x1234, 1, 0xff), GL_INVALID_ENUM);
   CHECK(get_int(GL_STENCIL_FUNC) == GL_ALWAYS && get_int(GL_STENCIL_REF) == 0);
   EXPECT_ERROR(glStencilOp(GL_KEEP, 0x1234, GL_KEEP), GL_INVALID_ENUM);
   EXPECT_ERROR(glStencilMaskSeparate(GL_LESS, 0x0f), GL_INVALID_ENUM);
   EXPECT_ERROR(glStencilFuncSeparate(GL_BACK, GL_GEQUAL, 5, 0x3f), GL_NO_ERROR);
   CHECK(get_int(GL_STENCIL_BACK_FUNC) == GL_GEQUAL && get_int(GL_STENCIL_BACK_REF) == 5);
   CHECK(get_int(GL_STENCIL_BACK_VALUE_MASK) == 0x3f && get_int(GL_STENCIL_FUNC) == GL_ALWAYS);
   EXPECT_ERROR(glStencilOpSeparate(GL_FRONT, GL_INCR_WRAP, GL_DECR, GL_INVERT), GL_NO_ERROR);
   CHECK(get_int(GL_STENCIL_FAIL) == GL_INCR_WRAP && get_int(GL_STENCIL_PASS_DEPTH_PASS) == GL_INVERT);
   CHECK(get_int(GL_STENCIL_BACK_FAIL) == GL_KEEP);

   EXPECT_ERROR(glPixelStorei(GL_PACK_ALIGNMENT, 3), GL_INVALID_VALUE);
   EXPECT_ERROR(glPixelStorei(0x1234, 4), GL_INVALID_ENUM);
   CHECK(get_int(GL_PACK_ALIGNMENT) == 4);
   EXPECT_ERROR(glHint(0x1234, GL_NICEST), GL_INVALID_ENUM);
   EXPECT_ERROR(glHint(GL_GENERATE_MIPMAP_HINT, 0x1234), GL_INVALID_ENUM);
   CHECK(get_int(GL_GENERATE_MIPMAP_HINT) == GL_DONT_CARE);
   EXPECT_ERROR(glClear(0x1), GL_INVALID_VALUE);
}

static void test_buffers(void)
{
   EXPECT_ERROR(glBindBuffer(GL_TEXTURE_2D, 1), GL_INVALID_ENUM);
   CHECK(get_int(GL_ARRAY_BUFFER_BINDING) == 0);
   GLuint b[2];
   EXPECT_ERROR(glGenBuffers(-1, b), GL_INVALID_VALUE);
   glGenBuffers(2, b);
   CHECK(b[0] != 0 && b[1] != 0 && b[0] != b[1]);
   CHECK(glIsBuffer(b[0]) == GL_FALSE);          /* a name is not an object until bound */
   glBindBuffer(GL_ARRAY_BUFFER, b[0]);
   CHECK(glIsBuffer(b[0]) == GL_TRUE);
   CHECK(get_int(GL_ARRAY_BUFFER_BINDING) == (GLint)b[0]);

   GLint size = -1;
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   CHECK(size == 0);
   EXPECT_ERROR(glBufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW), GL_INVALID_VALUE);
   EXPECT_ERROR(glBufferData(GL_ARRAY_BUFFER, 16, NULL, 0x1234), GL_INVALID_ENUM);
   EXPECT_ERROR(glBufferData(0x1234, 16, NULL, GL_STATIC_DRAW), GL_INVALID_ENUM);
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   CHECK(size == 0);
   const float data[4] = { 1, 2, 3, 4 };
   EXPECT_ERROR(glBufferData(GL_ARRAY_BUFFER, sizeof(data), data, GL_DYNAMIC_DRAW), GL_NO_ERROR);
   GLint usage = 0;
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_USAGE, &usage);
   CHECK(size == 16 && usage == GL_DYNAMIC_DRAW);
   EXPECT_ERROR(glGetBufferParameteriv(GL_ARRAY_BUFFER, 0x1234, &size), GL_INVALID_ENUM);
   EXPECT_ERROR(glBufferSubData(GL_ARRAY_BUFFER, 8, 16, data), GL_INVALID_VALUE);
   EXPECT_ERROR(glBufferSubData(GL_ARRAY_BUFFER, -4, 4, data), GL_INVALID_VALUE);
   EXPECT_ERROR(glBufferSubData(GL_ARRAY_BUFFER, 12, 4, data), GL_NO_ERROR);

   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
   CHECK(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING) == (GLint)b[1]);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   EXPECT_ERROR(glBufferData(GL_ARRAY_BUFFER, 4, NULL, GL_STATIC_DRAW), GL_INVALID_OPERATION);
   EXPECT_ERROR(glBufferSubData(GL_ARRAY_BUFFER, 0, 4, data), GL_INVALID_OPERATION);
   EXPECT_ERROR(glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size), GL_INVALID_OPERATION);

   /* Deleting a bound buffer resets the binding to 0. */
   EXPECT_ERROR(glDeleteBuffers(-1, b), GL_INVALID_VALUE);
   CHECK(glIsBuffer(b[1]) == GL_TRUE);
   glDeleteBuffers(2, b);
   CHECK(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING) == 0);
   CHECK(glIsBuffer(b[0]) == GL_FALSE && glIsBuffer(b[1]) == GL_FALSE);
   CHECK(glGetError() == GL_NO_ERROR);
}

static void test_attributes(void)
{
   GLint max = get_int(GL_MAX_VERTEX_ATTRIBS);
   static const float verts[8] = { 0 };
   EXPECT_ERROR(glVertexAttribPointer((GLuint)max, 2, GL_FLOAT, GL_FALSE, 0, verts), GL_INVALID_VALUE);
   EXPECT_ERROR(glVertexAttribPointer(1, 5, GL_FLOAT, GL_FALSE, 0, verts), GL_INVALID_VALUE);
   EXPECT_ERROR(glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, -4, verts), GL_INVALID_VALUE);
   EXPECT_ERROR(glVertexAttribPointer(1, 2, GL_INT, GL_FALSE, 0, verts), GL_INVALID_ENUM);
   GLint v = 0;
   glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   CHECK(v == 4);                                   /* initial size */
   EXPECT_ERROR(glVertexAttribPointer(1, 3, GL_SHORT, GL_TRUE, 12, verts), GL_NO_ERROR);
   glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   CHECK(v == 3);
   glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
   CHECK(v == GL_SHORT);
   glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &v);
   CHECK(v == 12);
   glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &v);
   CHECK(v == GL_TRUE);
   void *ptr = NULL;
   glGetVertexAttribPointerv(1, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
   CHECK(ptr == verts);
   EXPECT_ERROR(glGetVertexAttribPointerv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE, &ptr), GL_INVALID_ENUM);
   EXPECT_ERROR(glGetVertexAttribiv(1, 0x1234, &v), GL_INVALID_ENUM);

   EXPECT_ERROR(glEnableVertexAttribArray((GLuint)max), GL_INVALID_VALUE);
   glEnableVertexAttribArray(1);
   glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   CHECK(v == GL_TRUE);
   glDisableVertexAttribArray(1);

   EXPECT_ERROR(glVertexAttrib4f((GLuint)max, 1, 2, 3, 4), GL_INVALID_VALUE);
   glVertexAttrib2f(2, 5.0f, 6.0f);
   GLfloat cur[4];
   glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, cur);
   CHECK(cur[0] == 5.0f && cur[1] == 6.0f && cur[2] == 0.0f && cur[3] == 1.0f);
   CHECK(glGetError() == GL_NO_ERROR);
}

static void test_draw_errors(void)
{
   static const GLubyte idx[3] = { 0, 1, 2 };
   EXPECT_ERROR(glDrawArrays(GL_TRIANGLES, 0, -1), GL_INVALID_VALUE);
   EXPECT_ERROR(glDrawArrays(GL_TRIANGLES, -1, 3), GL_INVALID_VALUE);
   EXPECT_ERROR(glDrawArrays(0x1234, 0, 3), GL_INVALID_ENUM);
   EXPECT_ERROR(glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, idx), GL_INVALID_ENUM);
   EXPECT_ERROR(glDrawElements(GL_TRIANGLES, -3, GL_UNSIGNED_BYTE, idx), GL_INVALID_VALUE);
   EXPECT_ERROR(glDrawElements(GL_TRIANGLE_FAN + 1, 3, GL_UNSIGNED_BYTE, idx), GL_INVALID_ENUM);
   /* No program: nothing is drawn, and no error (the result is undefined, not an error). */
   EXPECT_ERROR(glDrawArrays(GL_TRIANGLES, 0, 3), GL_NO_ERROR);
}

static void test_shaders_and_programs(void)
{
   const char *src = vs_src;
   GLuint bad;
   EXPECT_ERROR(bad = glCreateShader(GL_FLOAT), GL_INVALID_ENUM);
   CHECK(bad == 0);
   GLuint vs = compile(GL_VERTEX_SHADER, vs_src);
   GLuint fs = compile(GL_FRAGMENT_SHADER, fs_src);
   GLint status = 0;
   glGetShaderiv(vs, GL_COMPILE_STATUS, &status);
   CHECK(status == GL_TRUE);
   glGetShaderiv(fs, GL_COMPILE_STATUS, &status);
   CHECK(status == GL_TRUE);
   GLint type = 0, len = 0;
   glGetShaderiv(fs, GL_SHADER_TYPE, &type);
   glGetShaderiv(vs, GL_SHADER_SOURCE_LENGTH, &len);
   CHECK(type == GL_FRAGMENT_SHADER && len == (GLint)strlen(vs_src) + 1);
   char text[512];
   GLsizei got = -1;
   glGetShaderSource(vs, 8, &got, text);
   CHECK(got == 7 && !strcmp(text, "attribu"));
   EXPECT_ERROR(glShaderSource(vs, -1, &src, NULL), GL_INVALID_VALUE);
   EXPECT_ERROR(glGetShaderiv(vs, 0x1234, &status), GL_INVALID_ENUM);
   EXPECT_ERROR(glGetShaderInfoLog(vs, -1, NULL, text), GL_INVALID_VALUE);
   EXPECT_ERROR(glCompileShader(0xdead), GL_INVALID_VALUE);

   GLuint broken = compile(GL_FRAGMENT_SHADER, "void main() { this is not glsl }\n");
   glGetShaderiv(broken, GL_COMPILE_STATUS, &status);
   glGetShaderiv(broken, GL_INFO_LOG_LENGTH, &len);
   CHECK(status == GL_FALSE && len > 1);

   GLuint prog = glCreateProgram();
   CHECK(prog != 0 && glIsProgram(prog) && !glIsShader(prog) && glIsShader(vs));
   EXPECT_ERROR(glCompileShader(prog), GL_INVALID_OPERATION);     /* a program, not a shader */
   EXPECT_ERROR(glAttachShader(prog, 0xdead), GL_INVALID_VALUE);
   EXPECT_ERROR(glAttachShader(vs, fs), GL_INVALID_OPERATION);
   EXPECT_ERROR(glAttachShader(prog, vs), GL_NO_ERROR);
   EXPECT_ERROR(glAttachShader(prog, vs), GL_INVALID_OPERATION);  /* already attached */
   GLuint vs2 = compile(GL_VERTEX_SHADER, vs_src);
   EXPECT_ERROR(glAttachShader(prog, vs2), GL_INVALID_OPERATION); /* one shader per type */
   EXPECT_ERROR(glDetachShader(prog, fs), GL_INVALID_OPERATION);  /* not attached */

   /* Linking without a fragment shader fails with a log. */
   glLinkProgram(prog);
   glGetProgramiv(prog, GL_LINK_STATUS, &status);
   glGetProgramiv(prog, GL_INFO_LOG_LENGTH, &len);
   CHECK(status == GL_FALSE && len > 1);
   EXPECT_ERROR(glUseProgram(prog), GL_INVALID_OPERATION);
   CHECK(get_int(GL_CURRENT_PROGRAM) == 0);
   EXPECT_ERROR(glGetUniformLocation(prog, "color"), GL_INVALID_OPERATION);
   EXPECT_ERROR(glGetAttribLocation(prog, "pos"), GL_INVALID_OPERATION);

   glAttachShader(prog, fs);
   GLint max = get_int(GL_MAX_VERTEX_ATTRIBS);
   EXPECT_ERROR(glBindAttribLocation(prog, (GLuint)max, "pos"), GL_INVALID_VALUE);
   EXPECT_ERROR(glBindAttribLocation(prog, 0, "gl_Vertex"), GL_INVALID_OPERATION);
   glBindAttribLocation(prog, 3, "pos");
   glLinkProgram(prog);
   glGetProgramiv(prog, GL_LINK_STATUS, &status);
   CHECK(status == GL_TRUE);
   if (status != GL_TRUE) {
      glGetProgramInfoLog(prog, sizeof(text), NULL, text);
      fprintf(stderr, "link log: %s\n", text);
   }
   GLint n = 0;
   glGetProgramiv(prog, GL_ATTACHED_SHADERS, &n);
   CHECK(n == 2);
   GLuint attached[2] = { 0, 0 };
   GLsizei count = 0;
   glGetAttachedShaders(prog, 2, &count, attached);
   CHECK(count == 2 && attached[0] + attached[1] == vs + fs);
   EXPECT_ERROR(glGetAttachedShaders(prog, -1, &count, attached), GL_INVALID_VALUE);
   glGetProgramiv(prog, GL_ACTIVE_ATTRIBUTES, &n);
   CHECK(n == 2);
   glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
   CHECK(n == 5);                                  /* offset, color, scale, m, mode */
   glGetProgramiv(prog, GL_ACTIVE_UNIFORM_MAX_LENGTH, &n);
   CHECK(n == (GLint)sizeof("scale[0]"));          /* the longest name, with "[0]" and NUL */
   EXPECT_ERROR(glGetProgramiv(prog, 0x1234, &n), GL_INVALID_ENUM);
   CHECK(glGetAttribLocation(prog, "pos") == 3);
   CHECK(glGetAttribLocation(prog, "nothing") == -1);

   GLint size;
   GLenum utype;
   char name[64];
   EXPECT_ERROR(glGetActiveUniform(prog, 100, sizeof(name), NULL, &size, &utype, name),
                GL_INVALID_VALUE);
   EXPECT_ERROR(glGetActiveAttrib(prog, 2, sizeof(name), NULL, &size, &utype, name),
                GL_INVALID_VALUE);
   bool found_scale = false;
   for (GLuint i = 0; i < 5; i++) {
      glGetActiveUniform(prog, i, sizeof(name), NULL, &size, &utype, name);
      if (!strcmp(name, "scale[0]"))
         found_scale = size == 3 && utype == GL_FLOAT;
   }
   CHECK(found_scale);

   /* Deleting an attached shader only flags it. */
   glDeleteShader(fs);
   glGetShaderiv(fs, GL_DELETE_STATUS, &status);
   CHECK(status == GL_TRUE && glIsShader(fs) == GL_TRUE);
   glDeleteShader(vs2);
   CHECK(glIsShader(vs2) == GL_FALSE);
   glDeleteShader(broken);

   /* Uniforms of the current program. */
   GLint loc_color = glGetUniformLocation(prog, "color");
   GLint loc_scale = glGetUniformLocation(prog, "scale");
   GLint loc_scale0 = glGetUniformLocation(prog, "scale[0]");
   GLint loc_scale2 = glGetUniformLocation(prog, "scale[2]");
   GLint loc_m = glGetUniformLocation(prog, "m");
   GLint loc_mode = glGetUniformLocation(prog, "mode");
   CHECK(loc_color >= 0 && loc_scale >= 0 && loc_m >= 0 && loc_mode >= 0 && loc_scale2 >= 0);
   CHECK(loc_scale0 == loc_scale && loc_scale2 != loc_scale);
   CHECK(glGetUniformLocation(prog, "scale[3]") == -1);
   CHECK(glGetUniformLocation(prog, "gl_FragColor") == -1);
   CHECK(glGetUniformLocation(prog, "missing") == -1);

   EXPECT_ERROR(glUniform4f(loc_color, 1, 2, 3, 4), GL_INVALID_OPERATION);  /* no program */
   EXPECT_ERROR(glUseProgram(prog), GL_NO_ERROR);
   CHECK(get_int(GL_CURRENT_PROGRAM) == (GLint)prog);
   EXPECT_ERROR(glUniform4f(loc_color, 0.5f, 0.25f, 2.0f, -1.0f), GL_NO_ERROR);
   EXPECT_ERROR(glUniform1f(loc_color, 1.0f), GL_INVALID_OPERATION);        /* size */
   EXPECT_ERROR(glUniform4i(loc_color, 1, 2, 3, 4), GL_INVALID_OPERATION);  /* type */
   EXPECT_ERROR(glUniform4fv(loc_color, 2, (GLfloat[8]){ 0 }), GL_INVALID_OPERATION); /* not an array */
   EXPECT_ERROR(glUniform4fv(loc_color, -1, (GLfloat[4]){ 0 }), GL_INVALID_VALUE);
   EXPECT_ERROR(glUniform1f(12345, 1.0f), GL_INVALID_OPERATION);
   EXPECT_ERROR(glUniform1f(-1, 1.0f), GL_NO_ERROR);                       /* ignored */
   GLfloat f[4] = { 0 };
   glGetUniformfv(prog, loc_color, f);
   CHECK(f[0] == 0.5f && f[1] == 0.25f && f[2] == 2.0f && f[3] == -1.0f);

   EXPECT_ERROR(glUniform1fv(loc_scale, 3, (GLfloat[3]){ 1, 2, 3 }), GL_NO_ERROR);
   /* Writing past the end of the array is truncated, not an error. */
   EXPECT_ERROR(glUniform1fv(loc_scale2, 4, (GLfloat[4]){ 9, 8, 7, 6 }), GL_NO_ERROR);
   glGetUniformfv(prog, loc_scale0, f);
   CHECK(f[0] == 1.0f);
   glGetUniformfv(prog, glGetUniformLocation(prog, "scale[1]"), f);
   CHECK(f[0] == 2.0f);
   glGetUniformfv(prog, loc_scale2, f);
   CHECK(f[0] == 9.0f);

   const GLfloat mat[4] = { 1, 2, 3, 4 };
   EXPECT_ERROR(glUniformMatrix2fv(loc_m, 1, GL_TRUE, mat), GL_INVALID_VALUE);
   EXPECT_ERROR(glUniformMatrix3fv(loc_m, 1, GL_FALSE, mat), GL_INVALID_OPERATION);
   glGetUniformfv(prog, loc_m, f);
   CHECK(f[0] == 0.0f && f[3] == 0.0f);             /* unchanged: zero after link */
   EXPECT_ERROR(glUniformMatrix2fv(loc_m, 1, GL_FALSE, mat), GL_NO_ERROR);
   glGetUniformfv(prog, loc_m, f);
   CHECK(f[0] == 1.0f && f[1] == 2.0f && f[2] == 3.0f && f[3] == 4.0f);

   EXPECT_ERROR(glUniform1f(loc_mode, 3.0f), GL_INVALID_OPERATION);        /* int uniform */
   EXPECT_ERROR(glUniform1i(loc_mode, -7), GL_NO_ERROR);
   GLint iv = 0;
   glGetUniformiv(prog, loc_mode, &iv);
   CHECK(iv == -7);
   EXPECT_ERROR(glGetUniformfv(prog, -1, f), GL_INVALID_OPERATION);
   EXPECT_ERROR(glGetUniformfv(vs, loc_mode, f), GL_INVALID_OPERATION);    /* a shader */

   /* Deleting the current program defers the deletion until it is no longer used. */
   glDeleteProgram(prog);
   glGetProgramiv(prog, GL_DELETE_STATUS, &status);
   CHECK(status == GL_TRUE && glIsProgram(prog) == GL_TRUE);
   CHECK(get_int(GL_CURRENT_PROGRAM) == (GLint)prog);
   glUseProgram(0);
   CHECK(glIsProgram(prog) == GL_FALSE);
   CHECK(glIsShader(fs) == GL_FALSE);               /* its pending deletion completes too */
   CHECK(glIsShader(vs) == GL_TRUE);
   EXPECT_ERROR(glDeleteProgram(prog), GL_INVALID_VALUE);
   glDeleteShader(vs);
   CHECK(glGetError() == GL_NO_ERROR);
}

static void test_read_pixels(void)
{
   GLubyte px[4 * 4 * 4];
   EXPECT_ERROR(glReadPixels(0, 0, 1, 1, 0x1234, GL_UNSIGNED_BYTE, px), GL_INVALID_ENUM);
   EXPECT_ERROR(glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px), GL_INVALID_ENUM);
   EXPECT_ERROR(glReadPixels(0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, px), GL_INVALID_OPERATION);
   EXPECT_ERROR(glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px), GL_INVALID_VALUE);

   /* Clear colour (1, 0, 0.2, 1) -> (255, 0, 51, 255); a read across the corner only
    * writes the pixels inside the surface. */
   glClearColor(1.0f, 0.0f, 0.2f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   memset(px, 0xab, sizeof(px));
   glReadPixels(-1, -1, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
   const GLubyte sentinel[4] = { 0xab, 0xab, 0xab, 0xab }, red[4] = { 255, 0, 51, 255 };
   CHECK(!memcmp(px + 0, sentinel, 4) && !memcmp(px + 4, sentinel, 4));
   CHECK(!memcmp(px + 8, sentinel, 4) && !memcmp(px + 12, red, 4));
   CHECK(glGetError() == GL_NO_ERROR);

   /* A scissored clear (drawn by the GL layer) only touches the box, in GL coordinates
    * (origin bottom-left): rows y = 1..2, columns x = 1..2 of the 32x16 surface. */
   glEnable(GL_SCISSOR_TEST);
   glScissor(1, 1, 2, 2);
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
   int wrong = 0;
   for (int y = 0; y < 4; y++) {
      for (int x = 0; x < 4; x++) {
         bool inside = x >= 1 && x <= 2 && y >= 1 && y <= 2;
         const GLubyte *p = px + (y * 4 + x) * 4;
         wrong += inside ? !(p[0] == 0 && p[1] == 255 && p[2] == 0 && p[3] == 255)
                         : memcmp(p, red, 4) != 0;
      }
   }
   CHECK(wrong == 0);

   /* GL_PACK_ALIGNMENT 8: 3 RGBA pixels per row take 12 bytes, padded to 16. */
   glPixelStorei(GL_PACK_ALIGNMENT, 8);
   memset(px, 0xab, sizeof(px));
   glReadPixels(4, 4, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK(!memcmp(px + 8, red, 4) && !memcmp(px + 12, sentinel, 4) && !memcmp(px + 16, red, 4));
   CHECK(!memcmp(px + 28, sentinel, 4));
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   CHECK(glGetError() == GL_NO_ERROR);
}

static void test_not_implemented_and_procs(void)
{
   /* Every entry point is implemented now: RGBA is no compressed format (INVALID_ENUM). */
   EXPECT_ERROR(glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, 0, NULL), GL_INVALID_ENUM);
   CHECK(r600sim_gl_get_proc_address("glDrawArrays") == (void *)glDrawArrays);
   CHECK(r600sim_gl_get_proc_address("glTexImage2D") == (void *)glTexImage2D);
   CHECK(r600sim_gl_get_proc_address("glNotAFunction") == NULL);
}

static void test_shared_context(struct st_context *ctx, struct st_framebuffer *fb)
{
   GLuint prog = glCreateProgram();
   struct st_context *other = r600sim_st_context_create(2, 0, ctx);
   struct st_context *alone = r600sim_st_context_create(2, 0, NULL);
   CHECK(other && alone);
   if (!other || !alone)
      return;
   CHECK(r600sim_st_make_current(other, fb, fb));
   CHECK(glIsProgram(prog) == GL_TRUE);            /* the share group's names */
   glEnable(GL_CULL_FACE);                         /* per-context state */
   CHECK(r600sim_st_make_current(alone, fb, fb));
   CHECK(glIsProgram(prog) == GL_FALSE);
   CHECK(r600sim_st_make_current(ctx, fb, fb));
   CHECK(glIsEnabled(GL_CULL_FACE) == GL_FALSE);
   glDeleteProgram(prog);
   r600sim_st_context_destroy(other);
   r600sim_st_context_destroy(alone);
   CHECK(r600sim_st_current() == ctx);
}

int main(void)
{
   test_no_context();
   struct st_framebuffer *fb = r600sim_st_framebuffer_create(32, 16, PIPE_FORMAT_R8G8B8A8_UNORM,
                                                             PIPE_FORMAT_Z24_UNORM_S8_UINT);
   struct st_context *ctx = r600sim_st_context_create(2, 0, NULL);
   CHECK(fb && ctx);
   if (!fb || !ctx || !r600sim_st_make_current(ctx, fb, fb)) {
      CHECK(false, "context made current");
      return check_report();
   }
   CHECK(r600sim_st_current() == ctx);
   test_initial_state();
   test_strings_and_gets();
   test_fixed_function_errors();
   test_buffers();
   test_attributes();
   test_draw_errors();
   test_shaders_and_programs();
   test_read_pixels();
   test_not_implemented_and_procs();
   test_shared_context(ctx, fb);

   r600sim_st_make_current(NULL, NULL, NULL);
   CHECK(glGetError() == GL_NO_ERROR);
   r600sim_st_context_destroy(ctx);
   r600sim_st_framebuffer_destroy(fb);
   return check_report();
}
