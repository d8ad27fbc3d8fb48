/* GL textures end to end through the R600 texture unit: every ES 2.0 format/type uploaded
 * and sampled NEAREST on a quad covering the pbuffer exactly, compared byte for byte with a
 * decode written here; GL_UNPACK_ALIGNMENT 1/2/4/8 with odd widths; wrap modes at texel
 * coordinates that are never on a texel edge; mipmap level selection; cube faces;
 * incomplete textures sampling (0, 0, 0, 1).
 *
 * Channel expansion rules. 5_6_5 is sampled in its own hardware format (FMT_5_6_5): the
 * texture unit returns c / (2^n - 1), the pixel shader exports it as fp16 (CB SOURCE_FORMAT
 * EXPORT_NORM, docs/r600-hardware-notes.md), and the RGBA8 colour buffer rounds to nearest:
 * byte = floor(fp16(c / (2^n - 1)) * 255 + 0.5). 4_4_4_4 and 5_5_5_1 are stored in theirs too
 * (FMT_4_4_4_4, FMT_1_5_5_5) and follow the same rule; it differs from the GL spec's
 * byte = floor(c * 255 / (2^n - 1) + 0.5) by one where c * 255 / (2^n - 1) lies just above
 * a half (5-bit 20: 164 / 165); 1-bit alpha is 0 or 255 either way. */
#include "egl_fixture.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W 8
/* Enums of other APIs and extensions, which ES 2.0 must reject. */
#define ENUM_TEXTURE_3D 0x806F
#define ENUM_TEXTURE_BORDER_COLOR 0x1004
#define ENUM_RGBA16 0x805B   /* desktop GL only (RGBA8 is OES_required_internalformat's) */
#define H 8

static const char vs_2d[] =
   "attribute vec2 pos;\n"
   "uniform vec2 scale, offset;\n"
   "varying vec2 tc;\n"
   "void main() { tc = (pos * 0.5 + 0.5) * scale + offset; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_2d[] =
   "precision mediump float;\n"
   "uniform sampler2D s;\n"
   "varying vec2 tc;\n"
   "void main() { gl_FragColor = texture2D(s, tc); }\n";
static const char vs_cube[] =
   "attribute vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_cube[] =
   "precision mediump float;\n"
   "uniform samplerCube s;\n"
   "uniform vec3 dir;\n"
   "void main() { gl_FragColor = textureCube(s, dir); }\n";

static const char vs_fetch[] =
   "attribute vec2 pos;\n"
   "uniform sampler2D s;\n"
   "varying vec4 color;\n"
   "void main() {\n"
   "   color = texture2DLod(s, pos * 0.5 + 0.5, 0.0);\n"
   "   gl_Position = vec4(pos, 0.0, 1.0);\n"
   "}\n";
static const char fs_color[] =
   "precision mediump float;\n"
   "varying vec4 color;\n"
   "void main() { gl_FragColor = color; }\n";

static GLuint prog_2d, prog_cube, prog_vs;
static uint8_t image[W * H * 4];

static void expect_error(GLenum want, const char *what)
{
   GLenum got = glGetError();
   check(got == want, "%s: glGetError() = 0x%04x, want 0x%04x", what, (unsigned)got,
         (unsigned)want);
}

static void draw_2d(float sx, float sy, float ox, float oy)
{
   glUseProgram(prog_2d);
   glUniform2f(glGetUniformLocation(prog_2d, "scale"), sx, sy);
   glUniform2f(glGetUniformLocation(prog_2d, "offset"), ox, oy);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   egl_fixture_read(W, H, image, false);
}

static void nearest(void)
{
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

/* x (in [0, 1]) rounded to the nearest fp16 value, ties to even. */
static double to_fp16(float x)
{
   if (x == 0.0f)
      return 0.0;
   int e;
   frexp(x, &e);                       /* x = m * 2^e, m in [0.5, 1) */
   double ulp = ldexp(1.0, e - 11);    /* 11 significant bits */
   return nearbyint(x / ulp) * ulp;
}

static uint8_t expand_hw(unsigned c, unsigned bits)
{
   return (uint8_t)floor(to_fp16((float)c / (float)((1u << bits) - 1)) * 255.0 + 0.5);
}

/* The reference decode of one client pixel into the RGBA the pbuffer must hold. */
static void decode(GLenum format, GLenum type, const uint8_t *p, uint8_t out[4])
{
   unsigned v = p[0] | (unsigned)p[1] << 8;   /* the tests run little-endian */
   switch (type) {
   case GL_UNSIGNED_SHORT_5_6_5:
      out[0] = expand_hw((v >> 11) & 31, 5); out[1] = expand_hw((v >> 5) & 63, 6);
      out[2] = expand_hw(v & 31, 5); out[3] = 255;
      return;
   case GL_UNSIGNED_SHORT_4_4_4_4:
      for (int c = 0; c < 4; c++)
         out[c] = expand_hw((v >> (12 - 4 * c)) & 15, 4);
      return;
   case GL_UNSIGNED_SHORT_5_5_5_1:
      for (int c = 0; c < 3; c++)
         out[c] = expand_hw((v >> (11 - 5 * c)) & 31, 5);
      out[3] = (v & 1) * 255;
      return;
   }
   switch (format) {
   case GL_RGBA: memcpy(out, p, 4); return;
   case GL_RGB: memcpy(out, p, 3); out[3] = 255; return;
   case GL_LUMINANCE: memset(out, p[0], 3); out[3] = 255; return;
   case GL_LUMINANCE_ALPHA: memset(out, p[0], 3); out[3] = p[1]; return;
   case GL_ALPHA: memset(out, 0, 3); out[3] = p[0]; return;
   }
}

static void test_formats(void)
{
   static const struct { GLenum format, type; unsigned bpp; const char *name; } cases[] = {
      { GL_RGBA, GL_UNSIGNED_BYTE, 4, "RGBA/UNSIGNED_BYTE" },
      { GL_RGB, GL_UNSIGNED_BYTE, 3, "RGB/UNSIGNED_BYTE" },
      { GL_LUMINANCE, GL_UNSIGNED_BYTE, 1, "LUMINANCE/UNSIGNED_BYTE" },
      { GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, 2, "LUMINANCE_ALPHA/UNSIGNED_BYTE" },
      { GL_ALPHA, GL_UNSIGNED_BYTE, 1, "ALPHA/UNSIGNED_BYTE" },
      { GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, "RGB/UNSIGNED_SHORT_5_6_5" },
      { GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 2, "RGBA/UNSIGNED_SHORT_4_4_4_4" },
      { GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 2, "RGBA/UNSIGNED_SHORT_5_5_5_1" },
   };
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   uint32_t seed = 12345;
   for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      uint8_t data[W * H * 4];
      for (size_t i = 0; i < sizeof(data); i++) {
         seed = seed * 1103515245u + 12345u;
         data[i] = (uint8_t)(seed >> 16);
      }
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      nearest();
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[c].format, W, H, 0, cases[c].format,
                   cases[c].type, data);
      check_gl(cases[c].name);
      draw_2d(1, 1, 0, 0);
      unsigned mismatches = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            uint8_t want[4];
            decode(cases[c].format, cases[c].type, data + (y * W + x) * cases[c].bpp, want);
            expect_rgba(image, W, x, y, want, cases[c].name, &mismatches);
         }
      check_mismatches(&mismatches, cases[c].name);
      glDeleteTextures(1, &tex);
   }
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

/* A 5x3 RGB texture (15-byte rows) under each alignment; texel x of pixel x is
 * floor((x + 0.5) * 5 / 8), never on an edge. Row padding holds 0xEE bytes. */
static void test_unpack_alignment(void)
{
   enum { TW = 5, TH = 3 };
   static const int aligns[] = { 1, 2, 4, 8 };
   for (int a = 0; a < 4; a++) {
      int pitch = (TW * 3 + aligns[a] - 1) / aligns[a] * aligns[a];
      uint8_t data[16 * TH];
      memset(data, 0xEE, sizeof(data));
      for (int y = 0; y < TH; y++)
         for (int x = 0; x < TW; x++)
            for (int c = 0; c < 3; c++)
               data[y * pitch + x * 3 + c] = (uint8_t)(40 * x + 70 * y + 13 * c);
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      nearest();
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
      glPixelStorei(GL_UNPACK_ALIGNMENT, aligns[a]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, TW, TH, 0, GL_RGB, GL_UNSIGNED_BYTE, data);
      check_gl("unpack alignment upload");
      draw_2d(1, 1, 0, 0);
      char what[64];
      snprintf(what, sizeof(what), "GL_UNPACK_ALIGNMENT %d, width %d", aligns[a], TW);
      unsigned mismatches = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            int tx = (2 * x + 1) * TW / 16, ty = (2 * y + 1) * TH / 16;
            uint8_t want[4] = { 0, 0, 0, 255 };
            memcpy(want, data + ty * pitch + tx * 3, 3);
            expect_rgba(image, W, x, y, want, what, &mismatches);
         }
      check_mismatches(&mismatches, what);
      glDeleteTextures(1, &tex);
   }
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

/* A 4x4 texture over texture coordinates -1 .. 2: pixel x reads texel coordinate
 * -4 + 0.75 * (2x + 1) (never an integer), wrapped per mode. */
static int wrap(GLenum mode, int t, int n)
{
   int r = ((t % n) + n) % n;
   if (mode == GL_CLAMP_TO_EDGE)
      return t < 0 ? 0 : t >= n ? n - 1 : t;
   if (mode == GL_MIRRORED_REPEAT) {
      int m = ((t % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
   }
   return r;
}

static void test_wrap(void)
{
   static const struct { GLenum s, t; const char *name; } modes[] = {
      { GL_REPEAT, GL_REPEAT, "REPEAT" },
      { GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, "CLAMP_TO_EDGE" },
      { GL_MIRRORED_REPEAT, GL_MIRRORED_REPEAT, "MIRRORED_REPEAT" },
      { GL_REPEAT, GL_CLAMP_TO_EDGE, "S REPEAT, T CLAMP_TO_EDGE" },
      { GL_MIRRORED_REPEAT, GL_REPEAT, "S MIRRORED_REPEAT, T REPEAT" },
   };
   uint8_t data[4 * 4 * 4];
   for (int i = 0; i < 16; i++) {
      data[i * 4 + 0] = (uint8_t)(60 * (i % 4));
      data[i * 4 + 1] = (uint8_t)(60 * (i / 4));
      data[i * 4 + 2] = 100;
      data[i * 4 + 3] = 255;
   }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   nearest();
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, (GLint)modes[m].s);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, (GLint)modes[m].t);
      check_gl(modes[m].name);
      draw_2d(3, 3, -1, -1);
      unsigned mismatches = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            int tx = wrap(modes[m].s, (int)floor(-4 + 0.75 * (2 * x + 1)), 4);
            int ty = wrap(modes[m].t, (int)floor(-4 + 0.75 * (2 * y + 1)), 4);
            expect_rgba(image, W, x, y, data + (ty * 4 + tx) * 4, modes[m].name, &mismatches);
         }
      check_mismatches(&mismatches, modes[m].name);
   }
   glDeleteTextures(1, &tex);
}

/* 16x16 with 5 levels of distinct colours: a texture coordinate scale s over the 8-pixel
 * quad gives 2s texels a pixel, LOD log2(2s): s = 1 -> level 1, 2 -> 2, 4 -> 3, 8 -> 4,
 * and s = 0.5 magnifies (level 0). */
static void test_mipmaps(void)
{
   static const uint8_t colors[5][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 0, 255 },
      { 0, 255, 255, 255 },
   };
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   static uint8_t data[16 * 16 * 4];
   for (int l = 0; l < 5; l++) {
      int n = 16 >> l;
      for (int i = 0; i < n * n; i++)
         memcpy(data + i * 4, colors[l], 4);
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   }
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   check_gl("mipmap upload");
   static const float scales[] = { 0.5f, 1, 2, 4, 8 };
   for (int l = 0; l < 5; l++) {
      draw_2d(scales[l], scales[l], 0, 0);
      char what[48];
      snprintf(what, sizeof(what), "mip level %d (scale %g)", l, scales[l]);
      unsigned mismatches = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            expect_rgba(image, W, x, y, colors[l], what, &mismatches);
      check_mismatches(&mismatches, what);
   }
   /* Level 3 missing: incomplete with a mipmap filter, complete again without one. */
   glTexImage2D(GL_TEXTURE_2D, 3, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   draw_2d(1, 1, 0, 0);
   static const uint8_t black[4] = { 0, 0, 0, 255 };
   unsigned mismatches = 0;
   expect_rgba(image, W, 3, 3, black, "level 3 of the wrong size: incomplete", &mismatches);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   draw_2d(1, 1, 0, 0);
   expect_rgba(image, W, 3, 3, colors[0], "no mipmap filter: level 0 only", &mismatches);
   check_mismatches(&mismatches, "mipmap completeness");
   glDeleteTextures(1, &tex);
}

static void test_cube(void)
{
   static const uint8_t colors[6][4] = {
      { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 },
      { 255, 255, 0, 255 }, { 0, 255, 255, 255 }, { 255, 0, 255, 255 },
   };
   static const float dirs[6][3] = {
      { 1, 0.2f, 0.1f }, { -1, 0.1f, -0.2f }, { 0.2f, 1, 0.1f },
      { 0.1f, -1, 0.2f }, { -0.2f, 0.1f, 1 }, { 0.1f, 0.2f, -1 },
   };
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   uint8_t data[2 * 2 * 4];
   for (int f = 0; f < 6; f++) {
      for (int i = 0; i < 4; i++)
         memcpy(data + i * 4, colors[f], 4);
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA, 2, 2, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, data);
   }
   check_gl("cube upload");
   glUseProgram(prog_cube);
   GLint dir = glGetUniformLocation(prog_cube, "dir");
   unsigned mismatches = 0;
   for (int f = 0; f < 6; f++) {
      glUniform3fv(dir, 1, dirs[f]);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      egl_fixture_read(W, H, image, false);
      char what[32];
      snprintf(what, sizeof(what), "cube face %d", f);
      expect_rgba(image, W, 4, 4, colors[f], what, &mismatches);
   }
   /* A face of another size: incomplete. */
   glTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                data);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   egl_fixture_read(W, H, image, false);
   static const uint8_t black[4] = { 0, 0, 0, 255 };
   expect_rgba(image, W, 4, 4, black, "cube with a mismatched face", &mismatches);
   check_mismatches(&mismatches, "cube faces");
   check_gl("cube draws");
   glDeleteTextures(1, &tex);
}

/* Incomplete 2D textures sample (0, 0, 0, 1): drawn over a white clear. */
static void test_incomplete(void)
{
   static const uint8_t black[4] = { 0, 0, 0, 255 };
   uint8_t data[4 * 4 * 4];   /* RGBA 4x4, the largest image uploaded here */
   memset(data, 200, sizeof(data));
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glClearColor(1, 1, 1, 1);
   unsigned mismatches = 0;
   /* default min filter NEAREST_MIPMAP_LINEAR, level 0 only */
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   draw_2d(1, 1, 0, 0);
   expect_rgba(image, W, 2, 5, black, "missing mip levels", &mismatches);
   /* NPOT with REPEAT: complete with OES_texture_npot (test_npot covers the texels) */
   nearest();
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 3, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
   draw_2d(1, 1, 0, 0);
   static const uint8_t grey[4] = { 200, 200, 200, 200 };
   expect_rgba(image, W, 2, 5, grey, "NPOT with REPEAT", &mismatches);
   /* NPOT with a mipmap filter and level 0 only: incomplete */
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   draw_2d(1, 1, 0, 0);
   expect_rgba(image, W, 2, 5, black, "NPOT with missing mip levels", &mismatches);
   /* no texture at all: the default texture 0, never specified */
   glBindTexture(GL_TEXTURE_2D, 0);
   draw_2d(1, 1, 0, 0);
   expect_rgba(image, W, 2, 5, black, "default texture, no image", &mismatches);
   check_mismatches(&mismatches, "incomplete textures");
   glClearColor(0, 0, 0, 1);
   check_gl("incomplete draws");
   glDeleteTextures(1, &tex);
}

static void test_objects(void)
{
   GLuint t[2];
   glGenTextures(2, t);
   check(t[0] && t[1] && t[0] != t[1], "glGenTextures names %u %u", t[0], t[1]);
   check(!glIsTexture(t[0]), "a generated name is not a texture before its first bind");
   glActiveTexture(GL_TEXTURE3);
   glBindTexture(GL_TEXTURE_2D, t[0]);
   glBindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
   check_gl("binds");
   check(glIsTexture(t[0]) && glIsTexture(t[1]), "bound names are textures");
   GLint v = -1;
   glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
   CHECK_EQ(v, GL_TEXTURE3, "ACTIVE_TEXTURE");
   glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   CHECK_EQ(v, t[0], "TEXTURE_BINDING_2D on unit 3");
   glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
   CHECK_EQ(v, t[1], "TEXTURE_BINDING_CUBE_MAP on unit 3");
   glActiveTexture(GL_TEXTURE0);
   glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   CHECK_EQ(v, 0, "TEXTURE_BINDING_2D on unit 0");
   glBindTexture(GL_TEXTURE_CUBE_MAP, t[0]);
   expect_error(GL_INVALID_OPERATION, "binding a 2D texture to TEXTURE_CUBE_MAP");
   glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP, &v);
   CHECK_EQ(v, 0, "cube binding unchanged by the failed bind");
   glBindTexture(ENUM_TEXTURE_3D, t[0]);
   expect_error(GL_INVALID_ENUM, "glBindTexture(TEXTURE_3D)");
   GLint units = 0;
   glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
   glActiveTexture(GL_TEXTURE0 + (GLenum)units);
   expect_error(GL_INVALID_ENUM, "glActiveTexture past MAX_COMBINED_TEXTURE_IMAGE_UNITS");
   glGetIntegerv(GL_ACTIVE_TEXTURE, &v);
   CHECK_EQ(v, GL_TEXTURE0, "ACTIVE_TEXTURE unchanged");
   glActiveTexture(GL_TEXTURE0 + (GLenum)units - 1);
   check_gl("last unit");
   glActiveTexture(GL_TEXTURE3);
   glDeleteTextures(2, t);
   check(!glIsTexture(t[0]), "deleted");
   glGetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   CHECK_EQ(v, 0, "deleting a bound texture binds 0");
   glDeleteTextures(-1, t);
   expect_error(GL_INVALID_VALUE, "glDeleteTextures(-1)");
   glGenTextures(-1, t);
   expect_error(GL_INVALID_VALUE, "glGenTextures(-1)");
   glActiveTexture(GL_TEXTURE0);
}

static void test_parameters(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   GLint v = 0;
   GLfloat f = 0;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
   CHECK_EQ(v, GL_NEAREST_MIPMAP_LINEAR, "initial MIN_FILTER");
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &v);
   CHECK_EQ(v, GL_LINEAR, "initial MAG_FILTER");
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
   CHECK_EQ(v, GL_REPEAT, "initial WRAP_S");
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, (GLfloat)GL_MIRRORED_REPEAT);
   glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &f);
   check(f == (GLfloat)GL_MIRRORED_REPEAT, "WRAP_T by float %g", f);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   expect_error(GL_INVALID_ENUM, "MAG_FILTER LINEAR_MIPMAP_LINEAR");
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_NEAREST);
   expect_error(GL_INVALID_ENUM, "WRAP_S NEAREST");
   glTexParameteri(GL_TEXTURE_2D, ENUM_TEXTURE_BORDER_COLOR, 0);
   expect_error(GL_INVALID_ENUM, "an unknown pname");
   glTexParameteri(GL_TEXTURE_CUBE_MAP_POSITIVE_X, GL_TEXTURE_WRAP_S, GL_REPEAT);
   expect_error(GL_INVALID_ENUM, "a cube face as glTexParameter target");
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &v);
   CHECK_EQ(v, GL_LINEAR, "MAG_FILTER unchanged by the errors");
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
   CHECK_EQ(v, GL_REPEAT, "WRAP_S unchanged by the errors");
   glDeleteTextures(1, &tex);
}

/* Each bad call raises its error and leaves the level as it was (checked by drawing). */
static void test_image_errors(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   nearest();
   uint8_t red[8 * 8 * 4];
   for (int i = 0; i < 64; i++)
      memcpy(red + i * 4, (uint8_t[]){ 255, 0, 0, 255 }, 4);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
   check_gl("base image");
   GLint max = 0;
   glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
   const uint8_t *p = red;
   glTexImage2D(ENUM_TEXTURE_3D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_ENUM, "glTexImage2D bad target");
   glTexImage2D(GL_TEXTURE_2D, -1, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_VALUE, "glTexImage2D level -1");
   glTexImage2D(GL_TEXTURE_2D, 20, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_VALUE, "glTexImage2D level past log2(MAX_TEXTURE_SIZE)");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, -1, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_VALUE, "glTexImage2D width -1");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, max + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_error(GL_INVALID_VALUE, "glTexImage2D width MAX_TEXTURE_SIZE + 1");
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, max, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   expect_error(GL_INVALID_VALUE, "glTexImage2D level 1 width MAX_TEXTURE_SIZE");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_VALUE, "glTexImage2D border 1");
   glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_VALUE, "glTexImage2D non-square cube face");
   glTexImage2D(GL_TEXTURE_2D, 0, ENUM_RGBA16, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_VALUE, "glTexImage2D internalformat RGBA16");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, ENUM_RGBA16, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_ENUM, "glTexImage2D format RGBA16");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_INT, p);
   expect_error(GL_INVALID_ENUM, "glTexImage2D type INT");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_OPERATION, "glTexImage2D format != internalformat");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, p);
   expect_error(GL_INVALID_OPERATION, "glTexImage2D RGBA with 5_6_5");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 8, 8, 0, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, p);
   expect_error(GL_INVALID_OPERATION, "glTexImage2D RGB with 4_4_4_4");
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 8, 8, 0, GL_LUMINANCE, GL_UNSIGNED_SHORT_5_5_5_1, p);
   expect_error(GL_INVALID_OPERATION, "glTexImage2D LUMINANCE with 5_5_5_1");

   glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 5, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_VALUE, "glTexSubImage2D past the right edge");
   glTexSubImage2D(GL_TEXTURE_2D, 0, -1, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_VALUE, "glTexSubImage2D xoffset -1");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 7, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_VALUE, "glTexSubImage2D past the top");
   glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_OPERATION, "glTexSubImage2D of an undefined level");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_OPERATION, "glTexSubImage2D format differs from the level's");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_INT, p);
   expect_error(GL_INVALID_ENUM, "glTexSubImage2D type INT");
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT, p);
   expect_error(GL_INVALID_OPERATION, "glTexSubImage2D FLOAT into an RGBA8 level");
   glTexSubImage2D(GL_TEXTURE_CUBE_MAP, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   expect_error(GL_INVALID_ENUM, "glTexSubImage2D target TEXTURE_CUBE_MAP");

   draw_2d(1, 1, 0, 0);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(image, W, x, y, red, "image unchanged by the failed calls", &mismatches);
   check_mismatches(&mismatches, "image unchanged by the failed calls");

   /* A valid sub-rectangle lands where it should. */
   static const uint8_t green[2 * 3 * 4] = { 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255,
                                             0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255 };
   glTexSubImage2D(GL_TEXTURE_2D, 0, 5, 1, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, green);
   check_gl("glTexSubImage2D");
   draw_2d(1, 1, 0, 0);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(image, W, x, y, x >= 5 && y >= 1 && y < 3 ? green : red,
                     "glTexSubImage2D rectangle", &mismatches);
   check_mismatches(&mismatches, "glTexSubImage2D rectangle");
   glDeleteTextures(1, &tex);
}

/* Vertex texture fetch: a 2x2 texture of one colour read by the vertex shader at each
 * corner, passed to the fragment shader. */
static void test_vertex_textures(void)
{
   GLint units = 0;
   glGetIntegerv(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, &units);
   CHECK_EQ(units, 16, "MAX_VERTEX_TEXTURE_IMAGE_UNITS");
   static const uint8_t teal[2 * 2 * 4] = { 0, 128, 128, 255, 0, 128, 128, 255,
                                            0, 128, 128, 255, 0, 128, 128, 255 };
   GLuint tex;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE5);
   glBindTexture(GL_TEXTURE_2D, tex);
   nearest();
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, teal);
   glUseProgram(prog_vs);
   glUniform1i(glGetUniformLocation(prog_vs, "s"), 5);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl("vertex texture draw");
   egl_fixture_read(W, H, image, false);
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(image, W, x, y, teal, "vertex shader texture fetch", &mismatches);
   check_mismatches(&mismatches, "vertex shader texture fetch");
   glDeleteTextures(1, &tex);
   glActiveTexture(GL_TEXTURE0);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", NULL };
   prog_2d = egl_fixture_program(vs_2d, fs_2d, attribs);
   prog_cube = egl_fixture_program(vs_cube, fs_cube, attribs);
   prog_vs = egl_fixture_program(vs_fetch, fs_color, attribs);
   check(prog_2d && prog_cube && prog_vs, "programs");
   if (!prog_2d || !prog_cube || !prog_vs)
      return check_report();
   static const float v[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   check_gl("setup");

   test_objects();
   test_parameters();
   test_formats();
   test_unpack_alignment();
   test_wrap();
   test_mipmaps();
   test_cube();
   test_incomplete();
   test_image_errors();
   test_vertex_textures();

   egl_fixture_fini(&f);
   return check_report();
}
