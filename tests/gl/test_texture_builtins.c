/* The GLSL ES 1.00 texture built-ins in both stages, through the R600 texture unit: each draw
 * covers the 8x8 pbuffer, samples a mipmapped texture whose every level is one colour
 * (NEAREST_MIPMAP_NEAREST), and every pixel must be the colour of the level the spec selects:
 *  - vertex shaders (no derivatives: LOD 0, or the explicit LOD): texture2D, texture2DProj
 *    (vec3, vec4), texture2DLod, texture2DProjLod, textureCube, textureCubeLod;
 *  - fragment shaders: the implicit LOD (a 16-texel texture drawn over 8 pixels with
 *    coordinates 0..scale: LOD log2(2 * scale)), plus the bias; the projective forms;
 *  - GL_EXT_shader_texture_lod in fragment shaders: the explicit LOD forms and the gradient
 *    forms (LOD log2 of the longest gradient in texels);
 *  - samplers in arrays (constant and loop indices), in uniform structs, as function
 *    arguments and in structs passed to functions.
 * The levels are chosen on integer LODs, where every LOD rule agrees. */
#include "egl_fixture.h"

#include <string.h>

#define W 8
#define H 8

static const uint8_t level_color[5][4] = {
   { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 0, 255 },
   { 0, 255, 255, 255 },
};
static const uint8_t cube_color[3][4] = {
   { 255, 0, 255, 255 }, { 128, 128, 0, 255 }, { 0, 128, 255, 255 },
};
static const uint8_t mark_color[4] = { 64, 32, 16, 255 };

enum { UNIT_MIP = 0, UNIT_CUBE = 1, UNIT_MARK = 2 };

static uint8_t image[W * H * 4];

/* fragment-stage programs: tc runs over 0..S across the quad (S defined by the test) */
static const char vs_tc[] =
   "attribute vec2 pos;\n"
   "varying vec2 tc;\n"
   "void main() { tc = (pos * 0.5 + 0.5) * S; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_head[] = "precision highp float;\nvarying vec2 tc;\n";
/* vertex-stage programs: the colour is fetched per vertex */
static const char vs_head[] =
   "attribute vec2 pos;\nvarying vec4 color;\n";
static const char fs_color[] =
   "precision mediump float;\nvarying vec4 color;\n"
   "void main() { gl_FragColor = color; }\n";
static const char uniforms[] =
   "uniform sampler2D s;\nuniform samplerCube c;\nuniform sampler2D ss[2];\n"
   "struct T { vec4 k; sampler2D t; };\nuniform T u;\n";

static void draw_expect(GLuint prog, const uint8_t want[4], const char *what)
{
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "s"), UNIT_MIP);
   glUniform1i(glGetUniformLocation(prog, "c"), UNIT_CUBE);
   GLint ss[2] = { UNIT_MARK, UNIT_MIP };
   glUniform1iv(glGetUniformLocation(prog, "ss"), 2, ss);
   glUniform1i(glGetUniformLocation(prog, "u.t"), UNIT_MARK);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl(what);
   egl_fixture_read(W, H, image, false);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(image, W, x, y, want, what, &mismatches);
   check_mismatches(&mismatches, what);
}

static const char *const attribs[] = { "pos", NULL };

/* a vertex shader computing `color` with expr */
static void vertex_case(const char *expr, const uint8_t want[4])
{
   char vs[1024];
   snprintf(vs, sizeof(vs), "%s%s\nvoid main() { color = %s; gl_Position = vec4(pos, 0.0, 1.0); }\n",
            vs_head, uniforms, expr);
   GLuint prog = egl_fixture_program(vs, fs_color, attribs);
   char what[256];
   snprintf(what, sizeof(what), "vertex shader: %s", expr);
   check(prog != 0, "%s compiles", what);
   if (prog)
      draw_expect(prog, want, what);
   glDeleteProgram(prog);
}

/* a fragment shader whose colour is expr, tc over 0..scale; head adds lines first */
static void fragment_case(const char *head, float scale, const char *expr, const uint8_t want[4])
{
   char vs[512], fs[2048];
   snprintf(vs, sizeof(vs), "#define S %.6f\n%s", scale, vs_tc);
   snprintf(fs, sizeof(fs), "%s%s%s%s\nvoid main() { gl_FragColor = %s; }\n", head, fs_head,
            uniforms, "vec4 f(sampler2D t) { return texture2D(t, tc); }\n"
                      "vec4 g(T x) { return texture2D(x.t, tc); }\n", expr);
   GLuint prog = egl_fixture_program(vs, fs, attribs);
   char what[256];
   snprintf(what, sizeof(what), "fragment shader, scale %g: %s", scale, expr);
   check(prog != 0, "%s compiles", what);
   if (prog)
      draw_expect(prog, want, what);
   glDeleteProgram(prog);
}

static void make_textures(void)
{
   GLuint tex[3];
   glGenTextures(3, tex);
   static uint8_t data[16 * 16 * 4];
   glActiveTexture(GL_TEXTURE0 + UNIT_MIP);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   for (int l = 0; l < 5; l++) {
      int n = 16 >> l;
      for (int i = 0; i < n * n; i++)
         memcpy(data + i * 4, level_color[l], 4);
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   }
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

   glActiveTexture(GL_TEXTURE0 + UNIT_CUBE);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex[1]);
   for (int l = 0; l < 3; l++) {
      int n = 4 >> l;
      for (int i = 0; i < n * n; i++)
         memcpy(data + i * 4, cube_color[l], 4);
      for (int f = 0; f < 6; f++)
         glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, l, GL_RGBA, n, n, 0, GL_RGBA,
                      GL_UNSIGNED_BYTE, data);
   }
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

   glActiveTexture(GL_TEXTURE0 + UNIT_MARK);
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, mark_color);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glActiveTexture(GL_TEXTURE0);
   check_gl("textures");
}

static void test_vertex_stage(void)
{
   vertex_case("texture2D(s, vec2(0.3, 0.6))", level_color[0]);
   vertex_case("texture2DProj(s, vec3(0.6, 1.2, 2.0))", level_color[0]);
   vertex_case("texture2DProj(s, vec4(0.6, 1.2, 9.0, 2.0))", level_color[0]);
   for (int l = 0; l < 5; l++) {
      char expr[96];
      snprintf(expr, sizeof(expr), "texture2DLod(s, vec2(0.3, 0.6), %d.0)", l);
      vertex_case(expr, level_color[l]);
   }
   vertex_case("texture2DLod(s, vec2(0.3, 0.6), 9.0)", level_color[4]);   /* clamped */
   vertex_case("texture2DProjLod(s, vec3(0.6, 1.2, 2.0), 2.0)", level_color[2]);
   vertex_case("texture2DProjLod(s, vec4(0.6, 1.2, 9.0, 2.0), 3.0)", level_color[3]);
   vertex_case("textureCube(c, vec3(1.0, 0.2, 0.1))", cube_color[0]);
   vertex_case("textureCubeLod(c, vec3(1.0, 0.2, 0.1), 1.0)", cube_color[1]);
   vertex_case("textureCubeLod(c, vec3(0.1, -1.0, 0.3), 2.0)", cube_color[2]);
}

static void test_fragment_stage(void)
{
   /* the implicit LOD: log2(2 * scale) */
   fragment_case("", 0.5f, "texture2D(s, tc)", level_color[0]);
   fragment_case("", 2.0f, "texture2D(s, tc)", level_color[2]);
   fragment_case("", 0.5f, "texture2D(s, tc, 2.0)", level_color[2]);
   fragment_case("", 4.0f, "texture2D(s, tc, -2.0)", level_color[1]);
   fragment_case("", 1.0f, "texture2DProj(s, vec3(tc * 2.0, 2.0))", level_color[1]);
   fragment_case("", 1.0f, "texture2DProj(s, vec4(tc * 4.0, 9.0, 4.0), 1.0)", level_color[2]);
   fragment_case("", 1.0f, "texture2DProj(s, vec3(tc * 2.0, 2.0), 3.0)", level_color[4]);
   fragment_case("", 1.0f, "textureCube(c, vec3(1.0, 0.2, 0.1))", cube_color[0]);
}

static void test_shader_texture_lod(void)
{
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(ext && strstr(ext, "GL_EXT_shader_texture_lod"), "GL_EXT_shader_texture_lod exposed");
   static const char head[] = "#extension GL_EXT_shader_texture_lod : require\n";
   fragment_case(head, 0.5f, "texture2DLodEXT(s, tc, 3.0)", level_color[3]);
   fragment_case(head, 4.0f, "texture2DLodEXT(s, tc, 0.0)", level_color[0]);
   fragment_case(head, 1.0f, "texture2DProjLodEXT(s, vec3(tc * 2.0, 2.0), 2.0)", level_color[2]);
   fragment_case(head, 1.0f, "texture2DProjLodEXT(s, vec4(tc * 2.0, 7.0, 2.0), 4.0)",
                 level_color[4]);
   fragment_case(head, 1.0f, "textureCubeLodEXT(c, vec3(1.0, 0.2, 0.1), 2.0)", cube_color[2]);
   /* gradients in normalized coordinates: 16 texels, so 0.25 is 4 texels, LOD 2 */
   fragment_case(head, 0.5f, "texture2DGradEXT(s, tc, vec2(0.25, 0.0), vec2(0.0, 0.25))",
                 level_color[2]);
   fragment_case(head, 4.0f, "texture2DGradEXT(s, tc, vec2(0.0), vec2(0.0, 1.0 / 16.0))",
                 level_color[0]);
   fragment_case(head, 0.5f, "texture2DGradEXT(s, tc, vec2(0.5, 0.0), vec2(0.0))",
                 level_color[3]);
   fragment_case(head, 0.5f,
                 "texture2DProjGradEXT(s, vec3(tc * 2.0, 2.0), vec2(0.125, 0.0), vec2(0.0))",
                 level_color[1]);
   /* a sampler picked at run time: one guarded lookup per array element */
   fragment_case(head, 0.5f,
                 "vec4(0.0); for (int i = 0; i < 2; i++) gl_FragColor += "
                 "texture2DGradEXT(ss[i], tc, vec2(0.25, 0.0), vec2(0.0)) * float(i)",
                 level_color[2]);
   /* cube maps: the derivatives of the face coordinates s = (A / |M| + 1) / 2 (A a minor
    * axis, M the major one) in 4-texel faces; ds = (dA |M| - A d|M|) / (2 M^2) */
   fragment_case(head, 0.5f, "textureCubeGradEXT(c, vec3(1.0, 0.2, 0.1), vec3(0.0), vec3(0.0))",
                 cube_color[0]);
   /* dA = 2: ds = 1, 4 texels, LOD 2; dA = 1: LOD 1 */
   fragment_case(head, 0.5f,
                 "textureCubeGradEXT(c, vec3(1.0, 0.2, 0.1), vec3(0.0, 0.0, 2.0), vec3(0.0))",
                 cube_color[2]);
   fragment_case(head, 0.5f,
                 "textureCubeGradEXT(c, vec3(1.0, 0.2, 0.1), vec3(0.0), vec3(0.0, 1.0, 0.0))",
                 cube_color[1]);
   /* the major axis changes, A = 0.5: d|M| = 4 gives ds = -1 on -X as on +X */
   fragment_case(head, 0.5f,
                 "textureCubeGradEXT(c, vec3(-1.0, 0.0, 0.5), vec3(-4.0, 0.0, 0.0), vec3(0.0))",
                 cube_color[2]);
   fragment_case(head, 0.5f,
                 "textureCubeGradEXT(c, vec3(1.0, 0.0, 0.5), vec3(0.0), vec3(4.0, 0.0, 0.0))",
                 cube_color[2]);
   /* y major (A = x, B = z): dB = 1, dt = 0.5, LOD 1; z major (A = x, B = y) */
   fragment_case(head, 0.5f,
                 "textureCubeGradEXT(c, vec3(0.1, -1.0, 0.3), vec3(0.0), vec3(0.0, 0.0, 1.0))",
                 cube_color[1]);
   fragment_case(head, 0.5f,
                 "textureCubeGradEXT(c, vec3(0.3, 0.1, -1.0), vec3(0.0, 2.0, 0.0), vec3(0.0))",
                 cube_color[2]);
}

static void test_sampler_aggregates(void)
{
   fragment_case("", 0.5f, "texture2D(ss[0], tc)", mark_color);
   fragment_case("", 0.5f, "texture2D(ss[1], tc)", level_color[0]);
   fragment_case("", 0.5f, "texture2D(ss[2 - 1], tc)", level_color[0]);
   fragment_case("", 2.0f,
                 "vec4(0.0); for (int i = 0; i < 2; i++) gl_FragColor += texture2D(ss[i], tc) "
                 "* (i == 0 ? 0.0 : 1.0)", level_color[2]);
   fragment_case("", 0.5f, "texture2D(u.t, tc)", mark_color);
   fragment_case("", 0.5f, "f(ss[0])", mark_color);
   fragment_case("", 0.5f, "g(u)", mark_color);
   fragment_case("", 0.5f, "f(u.t) * 0.0 + f(s)", level_color[0]);
   vertex_case("texture2DLod(ss[1], vec2(0.5), 3.0) + texture2DLod(u.t, vec2(0.5), 0.0) * 0.0",
               level_color[3]);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const float v[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   make_textures();

   test_vertex_stage();
   test_fragment_stage();
   test_sampler_aggregates();
   test_shader_texture_lod();

   egl_fixture_fini(&f);
   return check_report();
}
