/* GL_EXT_separate_shader_objects end to end: program pipelines drawing with vertex and
 * fragment stages from different separable programs (the varyings meeting through the SPI's
 * semantic ids), uniforms loaded with glProgramUniform*EXT and through the active program,
 * glUseProgram taking precedence over the bound pipeline, pipeline state queries and
 * validation, deferred deletion of programs a pipeline uses, and every error the extension
 * names. Entry points are found with eglGetProcAddress, as applications do. Colours are
 * 0 or 1 per channel so the expected bytes (0 / 255) need no rounding model. */
#include "egl_fixture.h"

#include <GLES2/gl2ext.h>
#include <stdlib.h>

#define W 8
#define H 8

static PFNGLGENPROGRAMPIPELINESEXTPROC GenProgramPipelines;
static PFNGLBINDPROGRAMPIPELINEEXTPROC BindProgramPipeline;
static PFNGLDELETEPROGRAMPIPELINESEXTPROC DeleteProgramPipelines;
static PFNGLISPROGRAMPIPELINEEXTPROC IsProgramPipeline;
static PFNGLUSEPROGRAMSTAGESEXTPROC UseProgramStages;
static PFNGLACTIVESHADERPROGRAMEXTPROC ActiveShaderProgram;
static PFNGLCREATESHADERPROGRAMVEXTPROC CreateShaderProgramv;
static PFNGLPROGRAMPARAMETERIEXTPROC ProgramParameteri;
static PFNGLGETPROGRAMPIPELINEIVEXTPROC GetProgramPipelineiv;
static PFNGLVALIDATEPROGRAMPIPELINEEXTPROC ValidateProgramPipeline;
static PFNGLGETPROGRAMPIPELINEINFOLOGEXTPROC GetProgramPipelineInfoLog;
static PFNGLPROGRAMUNIFORM4FEXTPROC ProgramUniform4f;
static PFNGLPROGRAMUNIFORM4FVEXTPROC ProgramUniform4fv;
static PFNGLPROGRAMUNIFORM1IEXTPROC ProgramUniform1i;
static PFNGLPROGRAMUNIFORMMATRIX2FVEXTPROC ProgramUniformMatrix2fv;
static PFNGLGETPROGRAMBINARYOESPROC GetProgramBinary;
static PFNGLPROGRAMBINARYOESPROC ProgramBinary;

static uint8_t image[W * H * 4];
static unsigned mismatches;

static const char vs_uniform[] =
   "attribute vec2 pos;\n"
   "uniform vec4 vcolor;\n"
   "varying vec4 color;\n"
   "void main() { color = vcolor; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_tint[] =
   "precision mediump float;\n"
   "uniform vec4 tint;\n"
   "varying vec4 color;\n"
   "void main() { gl_FragColor = color * tint; }\n";
/* Two varyings declared in opposite orders in the two stages. */
static const char vs_two[] =
   "attribute vec2 pos;\n"
   "varying vec4 b_var;\n"
   "varying vec4 a_var;\n"
   "void main() {\n"
   "   a_var = vec4(1.0, 0.0, 0.0, 1.0);\n"
   "   b_var = vec4(0.0, 1.0, 1.0, 1.0);\n"
   "   gl_Position = vec4(pos, 0.0, 1.0);\n"
   "}\n";
static const char fs_two[] =
   "precision mediump float;\n"
   "varying vec4 a_var;\n"
   "varying vec4 b_var;\n"
   "void main() { gl_FragColor = vec4(a_var.x, b_var.y, a_var.z, 1.0); }\n";
static const char fs_other_name[] =
   "precision mediump float;\n"
   "varying vec4 unrelated;\n"
   "void main() { gl_FragColor = unrelated + vec4(0.0, 0.0, 0.0, 1.0); }\n";
static const char fs_green[] =
   "precision mediump float;\n"
   "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n";
static const char vs_plain[] =
   "attribute vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

static GLint program_iv(GLuint prog, GLenum pname)
{
   GLint v = -1;
   glGetProgramiv(prog, pname, &v);
   return v;
}

static GLint pipeline_iv(GLuint pipe, GLenum pname)
{
   GLint v = -1;
   GetProgramPipelineiv(pipe, pname, &v);
   return v;
}

static GLuint shader_program(GLenum type, const char *src)
{
   GLuint p = CreateShaderProgramv(type, 1, &src);
   check(p && program_iv(p, GL_LINK_STATUS) == GL_TRUE, "glCreateShaderProgramvEXT links");
   return p;
}

/* Clears to black, draws the full-window quad and checks every pixel is want. */
static void draw_expect(const uint8_t want[4], const char *what)
{
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   egl_fixture_read(W, H, image, false);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(image, W, x, y, want, what, &mismatches);
   check_mismatches(&mismatches, what);
}

static const uint8_t RED[4] = { 255, 0, 0, 255 }, GREEN[4] = { 0, 255, 0, 255 },
                     BLUE[4] = { 0, 0, 255, 255 }, WHITE[4] = { 255, 255, 255, 255 },
                     BLACK[4] = { 0, 0, 0, 255 };

static void test_pipeline_draws(void)
{
   GLuint vs = shader_program(GL_VERTEX_SHADER, vs_uniform);
   GLuint fs = shader_program(GL_FRAGMENT_SHADER, fs_tint);
   check(program_iv(vs, GL_PROGRAM_SEPARABLE_EXT) == GL_TRUE, "created programs are separable");
   GLuint pipe;
   GenProgramPipelines(1, &pipe);
   UseProgramStages(pipe, GL_VERTEX_SHADER_BIT_EXT, vs);
   UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT_EXT, fs);
   BindProgramPipeline(pipe);
   check_gl("pipeline set up");
   /* each program's uniforms through glProgramUniform*, no program current */
   ProgramUniform4f(vs, glGetUniformLocation(vs, "vcolor"), 1, 1, 0, 1);
   const GLfloat tint[4] = { 1, 0, 1, 1 };
   ProgramUniform4fv(fs, glGetUniformLocation(fs, "tint"), 1, tint);
   check_gl("glProgramUniform4f(v)EXT");
   draw_expect(RED, "vertex colour (1,1,0) tinted (1,0,1)");

   /* glUniform* loads the pipeline's active program when no program is current */
   ActiveShaderProgram(pipe, fs);
   check(pipeline_iv(pipe, GL_ACTIVE_PROGRAM_EXT) == (GLint)fs, "GL_ACTIVE_PROGRAM_EXT");
   glUniform4f(glGetUniformLocation(fs, "tint"), 0, 1, 0, 1);
   check_gl("glUniform4f on the active program");
   draw_expect(GREEN, "tint (0,1,0) through the active program");

   /* glUseProgram wins over the bound pipeline, and 0 gives it back */
   static const char *const attribs[] = { "pos", NULL };
   GLuint mono = egl_fixture_program(vs_plain, fs_green, attribs);
   ProgramUniform4f(fs, glGetUniformLocation(fs, "tint"), 0, 0, 1, 1);
   glUseProgram(mono);
   draw_expect(GREEN, "glUseProgram over the pipeline");
   glUseProgram(0);
   draw_expect(BLACK, "pipeline again: (1,1,0) * (0,0,1)");

   /* a fragment program swapped under the same vertex program */
   GLuint fs2 = shader_program(GL_FRAGMENT_SHADER, fs_green);
   UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT_EXT, fs2);
   draw_expect(GREEN, "second fragment program");
   check(pipeline_iv(pipe, GL_FRAGMENT_SHADER) == (GLint)fs2 &&
         pipeline_iv(pipe, GL_VERTEX_SHADER) == (GLint)vs, "GL_VERTEX/FRAGMENT_SHADER");

   /* no fragment program: nothing drawn, no error */
   UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT_EXT, 0);
   glClearColor(0, 0, 1, 1);
   draw_expect(BLUE, "pipeline without a fragment program draws nothing");
   glClearColor(0, 0, 0, 1);
   check_gl("draw without a fragment program");
   ValidateProgramPipeline(pipe);
   check(pipeline_iv(pipe, GL_VALIDATE_STATUS) == GL_FALSE &&
         pipeline_iv(pipe, GL_INFO_LOG_LENGTH) > 1, "incomplete pipeline fails validation");
   UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT_EXT, fs);
   ValidateProgramPipeline(pipe);
   check(pipeline_iv(pipe, GL_VALIDATE_STATUS) == GL_TRUE &&
         pipeline_iv(pipe, GL_INFO_LOG_LENGTH) == 0, "complete pipeline validates");

   /* deleting a program the pipeline uses defers the deletion */
   glDeleteProgram(vs);
   check(program_iv(vs, GL_DELETE_STATUS) == GL_TRUE, "deletion pending");
   ProgramUniform4f(fs, glGetUniformLocation(fs, "tint"), 1, 1, 1, 1);
   draw_expect((const uint8_t[]){ 255, 255, 0, 255 }, "deleted vertex program still draws");
   UseProgramStages(pipe, GL_ALL_SHADER_BITS_EXT, 0);
   check(!glIsProgram(vs), "the program goes with its last pipeline use");
   check(pipeline_iv(pipe, GL_VERTEX_SHADER) == 0 && pipeline_iv(pipe, GL_FRAGMENT_SHADER) == 0,
         "GL_ALL_SHADER_BITS_EXT with program 0 clears both stages");
   check_gl("pipeline draws");

   BindProgramPipeline(0);
   DeleteProgramPipelines(1, &pipe);
   glDeleteProgram(fs);
   glDeleteProgram(fs2);
   glDeleteProgram(mono);
}

static void test_interface_matching(void)
{
   GLuint vs = shader_program(GL_VERTEX_SHADER, vs_two);
   GLuint fs = shader_program(GL_FRAGMENT_SHADER, fs_two);
   GLuint pipe;
   GenProgramPipelines(1, &pipe);
   UseProgramStages(pipe, GL_VERTEX_SHADER_BIT_EXT, vs);
   UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT_EXT, fs);
   BindProgramPipeline(pipe);
   /* a_var = (1,0,0,1), b_var = (0,1,1,1): (a.x, b.y, a.z) = (1, 1, 0) */
   draw_expect((const uint8_t[]){ 255, 255, 0, 255 }, "varyings matched by name");

   /* mismatched names: the input is undefined, the draw must still complete */
   GLuint other = shader_program(GL_FRAGMENT_SHADER, fs_other_name);
   UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT_EXT, other);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   egl_fixture_read(W, H, image, false);
   check_gl("mismatched interface draws without error");

   /* one separable program holding both stages works as a unit and through the pipeline */
   GLuint both = glCreateProgram();
   GLuint shaders[2] = { glCreateShader(GL_VERTEX_SHADER), glCreateShader(GL_FRAGMENT_SHADER) };
   const char *src[2] = { vs_two, fs_two };
   for (int i = 0; i < 2; i++) {
      glShaderSource(shaders[i], 1, &src[i], NULL);
      glCompileShader(shaders[i]);
      glAttachShader(both, shaders[i]);
   }
   glBindAttribLocation(both, 0, "pos");
   ProgramParameteri(both, GL_PROGRAM_SEPARABLE_EXT, GL_TRUE);
   glLinkProgram(both);
   check(program_iv(both, GL_LINK_STATUS) == GL_TRUE, "separable program of two stages links");
   glUseProgram(both);
   draw_expect((const uint8_t[]){ 255, 255, 0, 255 }, "separable program with glUseProgram");
   glUseProgram(0);
   UseProgramStages(pipe, GL_ALL_SHADER_BITS_EXT, both);
   draw_expect((const uint8_t[]){ 255, 255, 0, 255 }, "separable program in both stages");
   /* the extension forbids drawing with a program active for only some of its stages */
   UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT_EXT, fs);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   expect_error(GL_INVALID_OPERATION,
                "draw with a program used for one of the two stages it has");
   ValidateProgramPipeline(pipe);
   check(pipeline_iv(pipe, GL_VALIDATE_STATUS) == GL_FALSE, "that pipeline fails validation");

   /* relinked without PROGRAM_SEPARABLE_EXT: draws fail until it is replaced */
   UseProgramStages(pipe, GL_ALL_SHADER_BITS_EXT, both);
   ProgramParameteri(both, GL_PROGRAM_SEPARABLE_EXT, GL_FALSE);
   glLinkProgram(both);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   expect_error(GL_INVALID_OPERATION, "draw with a program relinked as not separable");
   UseProgramStages(pipe, GL_VERTEX_SHADER_BIT_EXT, both);
   expect_error(GL_INVALID_OPERATION, "glUseProgramStagesEXT with a non-separable program");

   BindProgramPipeline(0);
   DeleteProgramPipelines(1, &pipe);
   for (int i = 0; i < 2; i++)
      glDeleteShader(shaders[i]);
   glDeleteProgram(both);
   glDeleteProgram(vs);
   glDeleteProgram(fs);
   glDeleteProgram(other);
   check_gl("interface matching clean-up");
}

/* GLSL ES 1.00 layout(location) (the extension's 4.3.3.1 and 4.3.5.1): varyings matched by
 * location whatever their names, an attribute placed by the shader text. */
static const char vs_located[] =
   "#extension GL_EXT_separate_shader_objects : enable\n"
   "layout(location = 3) attribute vec2 pos;\n"
   "layout(location = 5) varying vec4 first;\n"
   "layout(location = 2) varying vec4 second;\n"
   "void main() {\n"
   "   first = vec4(1.0, 0.0, 0.0, 1.0);\n"
   "   second = vec4(0.0, 0.0, 1.0, 1.0);\n"
   "   gl_Position = vec4(pos, 0.0, 1.0);\n"
   "}\n";
static const char fs_located[] =
   "#extension GL_EXT_separate_shader_objects : require\n"
   "precision mediump float;\n"
   "layout(location = 5) varying vec4 red_in;\n"
   "layout(location = 2) varying vec4 blue_in;\n"
   "void main() { gl_FragColor = vec4(red_in.xy, blue_in.z, 1.0); }\n";

static void test_locations(void)
{
   GLuint vs = shader_program(GL_VERTEX_SHADER, vs_located);
   GLuint fs = shader_program(GL_FRAGMENT_SHADER, fs_located);
   check(glGetAttribLocation(vs, "pos") == 3, "layout(location = 3) attribute");
   GLuint pipe;
   GenProgramPipelines(1, &pipe);
   UseProgramStages(pipe, GL_VERTEX_SHADER_BIT_EXT, vs);
   UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT_EXT, fs);
   BindProgramPipeline(pipe);
   static const float v[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   glVertexAttribPointer(3, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(3);
   /* by name order (no locations) red_in would get second and blue_in first */
   draw_expect((const uint8_t[]){ 255, 0, 255, 255 }, "varyings matched by location");
   glDisableVertexAttribArray(3);

   /* without the extension enabled the qualifier is not ES 1.00 */
   const char *plain = vs_located + strlen("#extension GL_EXT_separate_shader_objects : enable\n");
   GLuint s = glCreateShader(GL_VERTEX_SHADER);
   glShaderSource(s, 1, &plain, NULL);
   glCompileShader(s);
   GLint ok = -1;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   check(ok == GL_FALSE, "layout(location) needs the extension in GLSL ES 1.00");
   /* two varyings at one location fail to link */
   const char *clash = "#extension GL_EXT_separate_shader_objects : enable\n"
                       "attribute vec4 p;\n"
                       "layout(location = 1) varying vec4 a;\n"
                       "layout(location = 1) varying vec4 b;\n"
                       "void main() { a = p; b = p; gl_Position = p; }\n";
   GLuint bad = CreateShaderProgramv(GL_VERTEX_SHADER, 1, &clash);
   check(program_iv(bad, GL_LINK_STATUS) == GL_FALSE, "overlapping varying locations");
   /* declared varyings count, used or not, against GL_MAX_VARYING_VECTORS */
   const char *huge[2] = {
      "attribute vec4 p;\nvarying vec4 big[100];\nvoid main() { gl_Position = p; }\n",
      "#extension GL_EXT_separate_shader_objects : enable\n"
      "attribute vec4 p;\nlayout(location = 2) varying mat4 big[1073741824];\n"
      "void main() { gl_Position = p; }\n",
   };
   for (int i = 0; i < 2; i++) {
      GLuint h = CreateShaderProgramv(GL_VERTEX_SHADER, 1, &huge[i]);
      check(h && program_iv(h, GL_LINK_STATUS) == GL_FALSE &&
            program_iv(h, GL_INFO_LOG_LENGTH) > 1, "unused varyings over the limit (%d)", i);
      glDeleteProgram(h);
   }

   BindProgramPipeline(0);
   DeleteProgramPipelines(1, &pipe);
   glDeleteShader(s);
   glDeleteProgram(bad);
   glDeleteProgram(vs);
   glDeleteProgram(fs);
   check_gl("locations");
}

/* GL_OES_get_program_binary with one-stage programs: the binary goes back into a separable
 * program (drawing in a pipeline), not into an ordinary one. */
static void test_binaries(void)
{
   GLuint vs = shader_program(GL_VERTEX_SHADER, vs_uniform);
   GLuint fs = shader_program(GL_FRAGMENT_SHADER, fs_tint);
   GLint length = 0;
   glGetProgramiv(fs, GL_PROGRAM_BINARY_LENGTH_OES, &length);
   check(length > 0, "a fragment-only program has a binary");
   uint8_t *binary = malloc(length > 0 ? (size_t)length : 1);
   GLenum format = 0;
   GetProgramBinary(fs, length, NULL, &format, binary);
   check_gl("glGetProgramBinaryOES of a one-stage program");
   GLuint plain = glCreateProgram(), separable = glCreateProgram();
   ProgramBinary(plain, format, binary, length);
   check(program_iv(plain, GL_LINK_STATUS) == GL_FALSE, "not into a non-separable program");
   ProgramParameteri(separable, GL_PROGRAM_SEPARABLE_EXT, GL_TRUE);
   ProgramBinary(separable, format, binary, length);
   check(program_iv(separable, GL_LINK_STATUS) == GL_TRUE, "into a separable program");
   free(binary);
   GLuint pipe;
   GenProgramPipelines(1, &pipe);
   UseProgramStages(pipe, GL_VERTEX_SHADER_BIT_EXT, vs);
   UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT_EXT, separable);
   check_gl("the loaded program in a pipeline");
   BindProgramPipeline(pipe);
   ProgramUniform4f(vs, glGetUniformLocation(vs, "vcolor"), 1, 1, 1, 1);
   ProgramUniform4f(separable, glGetUniformLocation(separable, "tint"), 0, 0, 1, 1);
   draw_expect(BLUE, "fragment program loaded from its binary");
   BindProgramPipeline(0);
   DeleteProgramPipelines(1, &pipe);
   glDeleteProgram(vs);
   glDeleteProgram(fs);
   glDeleteProgram(plain);
   glDeleteProgram(separable);
   check_gl("binaries");
}

static void test_objects(void)
{
   GLuint p[2];
   GenProgramPipelines(2, p);
   check(p[0] && p[1] && p[0] != p[1], "two names");
   check(!IsProgramPipeline(p[0]), "a generated name is no object before its first bind");
   BindProgramPipeline(p[0]);
   check(IsProgramPipeline(p[0]), "bound: an object");
   GLint bound = -1;
   glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING_EXT, &bound);
   check(bound == (GLint)p[0], "GL_PROGRAM_PIPELINE_BINDING_EXT");
   check(pipeline_iv(p[1], GL_VALIDATE_STATUS) == GL_FALSE && IsProgramPipeline(p[1]),
         "a query creates the object");
   check(pipeline_iv(p[1], GL_ACTIVE_PROGRAM_EXT) == 0 && pipeline_iv(p[1], GL_VERTEX_SHADER) == 0,
         "initial state");
   /* GL_KHR_debug labels pipelines too; the label goes with the object */
   PFNGLOBJECTLABELKHRPROC ObjectLabel = (void *)eglGetProcAddress("glObjectLabelKHR");
   PFNGLGETOBJECTLABELKHRPROC GetObjectLabel = (void *)eglGetProcAddress("glGetObjectLabelKHR");
   char label[16] = "";
   ObjectLabel(GL_PROGRAM_PIPELINE_KHR, p[0], -1, "pipe");
   GetObjectLabel(GL_PROGRAM_PIPELINE_KHR, p[0], sizeof(label), NULL, label);
   check(!strcmp(label, "pipe"), "pipeline label");
   DeleteProgramPipelines(2, p);
   GetObjectLabel(GL_PROGRAM_PIPELINE_KHR, p[0], sizeof(label), NULL, label);
   expect_error(GL_INVALID_VALUE, "label of a deleted pipeline");
   glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING_EXT, &bound);
   check(bound == 0 && !IsProgramPipeline(p[0]), "deleting the bound pipeline binds none");
   BindProgramPipeline(p[0]);
   expect_error(GL_INVALID_OPERATION, "binding a deleted name");
   check(!IsProgramPipeline(0), "zero is no pipeline");
   check_gl("pipeline objects");
}

static void test_errors(void)
{
   GLuint pipe;
   GenProgramPipelines(-1, &pipe);
   expect_error(GL_INVALID_VALUE, "glGenProgramPipelinesEXT n -1");
   DeleteProgramPipelines(-1, &pipe);
   expect_error(GL_INVALID_VALUE, "glDeleteProgramPipelinesEXT n -1");
   BindProgramPipeline(4242);
   expect_error(GL_INVALID_OPERATION, "glBindProgramPipelineEXT of a name never generated");
   GLuint vs = shader_program(GL_VERTEX_SHADER, vs_plain);
   UseProgramStages(4242, GL_VERTEX_SHADER_BIT_EXT, vs);
   expect_error(GL_INVALID_OPERATION, "glUseProgramStagesEXT on a name never generated");
   ActiveShaderProgram(4242, vs);
   expect_error(GL_INVALID_OPERATION, "glActiveShaderProgramEXT on a name never generated");
   ValidateProgramPipeline(4242);
   expect_error(GL_INVALID_OPERATION, "glValidateProgramPipelineEXT on a name never generated");
   GLint v = 77;
   GetProgramPipelineiv(4242, GL_VALIDATE_STATUS, &v);
   expect_error(GL_INVALID_OPERATION, "glGetProgramPipelineivEXT on a name never generated");
   check(v == 77, "a failed query writes nothing");

   GenProgramPipelines(1, &pipe);
   UseProgramStages(pipe, 0x4, vs);
   expect_error(GL_INVALID_VALUE, "glUseProgramStagesEXT with an unknown stage bit");
   check(pipeline_iv(pipe, GL_VERTEX_SHADER) == 0, "the failed call changed nothing");
   GetProgramPipelineiv(pipe, GL_LINK_STATUS, &v);
   expect_error(GL_INVALID_ENUM, "glGetProgramPipelineivEXT with a program pname");
   UseProgramStages(pipe, GL_VERTEX_SHADER_BIT_EXT, 4242);
   expect_error(GL_INVALID_VALUE, "glUseProgramStagesEXT with an unknown program");
   GLuint shader = glCreateShader(GL_VERTEX_SHADER);
   UseProgramStages(pipe, GL_VERTEX_SHADER_BIT_EXT, shader);
   expect_error(GL_INVALID_OPERATION, "glUseProgramStagesEXT with a shader");
   GLuint unlinked = glCreateProgram();
   ProgramParameteri(unlinked, GL_PROGRAM_SEPARABLE_EXT, GL_TRUE);
   UseProgramStages(pipe, GL_VERTEX_SHADER_BIT_EXT, unlinked);
   expect_error(GL_INVALID_OPERATION, "glUseProgramStagesEXT with an unlinked program");
   ActiveShaderProgram(pipe, unlinked);
   expect_error(GL_INVALID_OPERATION, "glActiveShaderProgramEXT with an unlinked program");
   static const char *const attribs[] = { "pos", NULL };
   GLuint mono = egl_fixture_program(vs_plain, fs_green, attribs);
   UseProgramStages(pipe, GL_VERTEX_SHADER_BIT_EXT, mono);
   expect_error(GL_INVALID_OPERATION, "glUseProgramStagesEXT with a non-separable program");
   check(pipeline_iv(pipe, GL_VERTEX_SHADER) == 0, "failed calls changed nothing");

   ProgramParameteri(unlinked, GL_LINK_STATUS, GL_TRUE);
   expect_error(GL_INVALID_ENUM, "glProgramParameteriEXT pname");
   ProgramParameteri(unlinked, GL_PROGRAM_SEPARABLE_EXT, 2);
   expect_error(GL_INVALID_VALUE, "glProgramParameteriEXT value 2");
   ProgramParameteri(4242, GL_PROGRAM_SEPARABLE_EXT, GL_TRUE);
   expect_error(GL_INVALID_VALUE, "glProgramParameteriEXT unknown program");
   ProgramParameteri(shader, GL_PROGRAM_SEPARABLE_EXT, GL_TRUE);
   expect_error(GL_INVALID_OPERATION, "glProgramParameteriEXT on a shader");

   GLint loc = glGetUniformLocation(mono, "nothing");
   ProgramUniform4f(4242, loc, 0, 0, 0, 0);
   expect_error(GL_INVALID_VALUE, "glProgramUniform4fEXT unknown program");
   ProgramUniform4f(shader, 0, 0, 0, 0, 0);
   expect_error(GL_INVALID_OPERATION, "glProgramUniform4fEXT on a shader");
   ProgramUniform4f(unlinked, 0, 0, 0, 0, 0);
   expect_error(GL_INVALID_OPERATION, "glProgramUniform4fEXT on an unlinked program");
   ProgramUniform1i(mono, 0, 1);
   expect_error(GL_INVALID_OPERATION, "glProgramUniform1iEXT at a location of no uniform");
   ProgramUniformMatrix2fv(mono, -1, 1, GL_TRUE, (const GLfloat[4]){ 0 });
   expect_error(GL_INVALID_VALUE, "glProgramUniformMatrix2fvEXT transpose");
   ProgramUniform4f(mono, -1, 0, 0, 0, 0);
   check_gl("glProgramUniform4fEXT location -1 is ignored");
   glUniform4f(0, 0, 0, 0, 0);
   expect_error(GL_INVALID_OPERATION, "glUniform4f with no current or active program");

   GLsizei len = 5;
   GetProgramPipelineInfoLog(pipe, -1, &len, NULL);
   expect_error(GL_INVALID_VALUE, "glGetProgramPipelineInfoLogEXT bufSize -1");
   GetProgramPipelineInfoLog(4242, 0, &len, NULL);
   expect_error(GL_INVALID_VALUE, "glGetProgramPipelineInfoLogEXT unknown pipeline");

   /* separable programs of one stage link; ordinary ones need both */
   GLuint one = glCreateProgram();
   GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
   const char *src = fs_green;
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   glAttachShader(one, s);
   glLinkProgram(one);
   check(program_iv(one, GL_LINK_STATUS) == GL_FALSE, "one stage, not separable: no link");
   ProgramParameteri(one, GL_PROGRAM_SEPARABLE_EXT, GL_TRUE);
   glLinkProgram(one);
   check(program_iv(one, GL_LINK_STATUS) == GL_TRUE, "one stage, separable: links");
   /* glUseProgram of a fragment-only program: no vertex stage, nothing drawn, no error */
   glUseProgram(one);
   glClearColor(1, 1, 1, 1);
   draw_expect(WHITE, "glUseProgram of a fragment-only program draws nothing");
   glClearColor(0, 0, 0, 1);
   glUseProgram(0);

   /* glCreateShaderProgramvEXT: a bad shader gives an unlinked program with its log */
   const char *bad = "void main() { undefined_thing = 1.0; }\n";
   GLuint failed = CreateShaderProgramv(GL_VERTEX_SHADER, 1, &bad);
   check(failed && program_iv(failed, GL_LINK_STATUS) == GL_FALSE &&
         program_iv(failed, GL_INFO_LOG_LENGTH) > 1, "failed compile: program with the log");
   check(CreateShaderProgramv(GL_VERTEX_SHADER, -1, &bad) == 0, "count -1 returns 0");
   expect_error(GL_INVALID_VALUE, "glCreateShaderProgramvEXT count -1");
   check(CreateShaderProgramv(GL_LINK_STATUS, 1, &bad) == 0, "a bad type returns 0");
   expect_error(GL_INVALID_ENUM, "glCreateShaderProgramvEXT type");

   DeleteProgramPipelines(1, &pipe);
   glDeleteShader(shader);
   glDeleteShader(s);
   glDeleteProgram(one);
   glDeleteProgram(failed);
   glDeleteProgram(unlinked);
   glDeleteProgram(mono);
   glDeleteProgram(vs);
   check_gl("errors clean-up");
}

#define PROC(var, name) ((var = (void *)eglGetProcAddress(name)) != NULL)

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(ext && strstr(ext, "GL_EXT_separate_shader_objects "), "extension exposed");
   bool procs = PROC(GenProgramPipelines, "glGenProgramPipelinesEXT") &
                PROC(BindProgramPipeline, "glBindProgramPipelineEXT") &
                PROC(DeleteProgramPipelines, "glDeleteProgramPipelinesEXT") &
                PROC(IsProgramPipeline, "glIsProgramPipelineEXT") &
                PROC(UseProgramStages, "glUseProgramStagesEXT") &
                PROC(ActiveShaderProgram, "glActiveShaderProgramEXT") &
                PROC(CreateShaderProgramv, "glCreateShaderProgramvEXT") &
                PROC(ProgramParameteri, "glProgramParameteriEXT") &
                PROC(GetProgramPipelineiv, "glGetProgramPipelineivEXT") &
                PROC(ValidateProgramPipeline, "glValidateProgramPipelineEXT") &
                PROC(GetProgramPipelineInfoLog, "glGetProgramPipelineInfoLogEXT") &
                PROC(ProgramUniform4f, "glProgramUniform4fEXT") &
                PROC(ProgramUniform4fv, "glProgramUniform4fvEXT") &
                PROC(ProgramUniform1i, "glProgramUniform1iEXT") &
                PROC(ProgramUniformMatrix2fv, "glProgramUniformMatrix2fvEXT") &
                PROC(GetProgramBinary, "glGetProgramBinaryOES") &
                PROC(ProgramBinary, "glProgramBinaryOES");
   check(procs, "entry points");
   if (!procs)
      return check_report();
   static const float v[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   check_gl("setup");

   test_objects();
   test_pipeline_draws();
   test_interface_matching();
   test_locations();
   test_binaries();
   test_errors();

   egl_fixture_fini(&f);
   return check_report();
}
