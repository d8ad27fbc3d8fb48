/* Texture storage (state_tracker/gles/gl_texture.h): images that do not fit the texture's
 * mip tree live in resources of their own and are copied into a new tree on the GPU when
 * the texture is sampled. Cases: a base level respecified at another size, then its new
 * chain; levels of different types (RGBA bytes, 4_4_4_4, 5_5_5_1) in one RGBA texture; a
 * LUMINANCE base level respecified (one-channel copies); a cube map whose first image is a
 * level-1 face; uploads from part of a client image (GL_EXT_unpack_subimage). Each level is sampled 1:1 (a viewport of its size selects it) and compared
 * texel by texel with the uploaded data.
 *
 * Expected values: RGBA bytes are exact; an n-bit channel v of a packed type reads back as
 * round(fp16(v / (2^n - 1)) * 255): the texture unit returns v / (2^n - 1), the copy into
 * the RGBA8 tree stores that through the fp16 pixel export rounded to a byte, which the
 * tree returns exactly (docs/r600-hardware-notes.md). Prints "N passed, M failed". */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define S 16

static const char vs_src[] =
   "attribute vec2 pos; varying vec2 tc;\n"
   "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_tex[] =
   "precision mediump float; uniform sampler2D s; varying vec2 tc;\n"
   "void main() { gl_FragColor = texture2D(s, tc); }\n";
static const char fs_cube[] =
   "precision highp float; uniform samplerCube s; uniform float n;\n"
   "void main() {\n"
   "   vec2 st = gl_FragCoord.xy / n * 2.0 - 1.0;\n"
   "   gl_FragColor = textureCube(s, vec3(-1.0, -st.y, st.x));\n"   /* face -x */
   "}\n";

static GLuint prog_tex, prog_cube;
static uint8_t pixels[S * S * 4];
static uint32_t seed = 99;
static unsigned mismatches;

static void fill_random(uint8_t *p, size_t n)
{
   for (size_t i = 0; i < n; i++) {
      seed = seed * 1103515245u + 12345u;
      p[i] = (uint8_t)(seed >> 16);
   }
}

/* Samples the bound 2D texture into an n x n viewport and reads the pbuffer. */
static void sample(int n)
{
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glViewport(0, 0, n, n);
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glViewport(0, 0, S, S);
   egl_fixture_read(S, S, pixels, false);
}

/* n x n RGBA texels `want` against the sampled corner of the pbuffer. */
static void expect_texels(const uint8_t *want, int n, const char *what)
{
   for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
         expect_rgba(pixels, S, x, y, want + ((size_t)y * (size_t)n + (size_t)x) * 4, what,
                     &mismatches);
   check_mismatches(&mismatches, what);
}

static void filters(GLenum min)
{
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)min);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

static void test_respecified_base(void)
{
   static uint8_t small[4][8 * 8 * 4], big[5][16 * 16 * 4];
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glUseProgram(prog_tex);
   for (int l = 0; l < 4; l++) {
      fill_random(small[l], sizeof(small[l]));
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, 8 >> l, 8 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE, small[l]);
   }
   filters(GL_NEAREST_MIPMAP_NEAREST);
   sample(4);
   expect_texels(small[1], 4, "8x8 chain, level 1");
   fill_random(big[0], sizeof(big[0]));
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, big[0]);
   filters(GL_NEAREST);
   sample(16);
   expect_texels(big[0], 16, "respecified 16x16 base level");
   for (int l = 1; l < 5; l++) {
      fill_random(big[l], sizeof(big[l]));
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA, 16 >> l, 16 >> l, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   big[l]);
   }
   filters(GL_NEAREST_MIPMAP_NEAREST);
   for (int l = 0; l < 5; l++) {
      sample(16 >> l);
      char what[48];
      snprintf(what, sizeof(what), "16x16 chain, level %d", l);
      expect_texels(big[l], 16 >> l, what);
   }
   glDeleteTextures(1, &tex);
   check_gl("respecified base level");
}

static uint8_t hw_expand(unsigned v, unsigned bits)
{
   double x = v / (double)((1u << bits) - 1);
   if (x == 0.0)
      return 0;
   int e;
   frexp(x, &e);
   double ulp = ldexp(1.0, e - 11);
   return (uint8_t)floor(nearbyint(x / ulp) * ulp * 255.0 + 0.5);
}

static void test_mixed_types(void)
{
   static uint8_t l0[4 * 4 * 4];
   fill_random(l0, sizeof(l0));
   const uint16_t l1[4] = { 0x1234, 0xabcd, 0x0f0f, 0xf0f0 };   /* 4_4_4_4: R G B A nibbles */
   const uint16_t l2[1] = { 0xa52b };                           /* 5_5_5_1: R 20, G 20, B 21, A 1 */
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glUseProgram(prog_tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, l1);
   glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, l2);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   filters(GL_NEAREST_MIPMAP_NEAREST);
   check_gl("mixed-type levels");
   sample(4);
   expect_texels(l0, 4, "mixed types, level 0 (bytes)");
   uint8_t want1[4 * 4];
   for (int i = 0; i < 4; i++)
      for (int c = 0; c < 4; c++)
         want1[i * 4 + c] = hw_expand((l1[i] >> (12 - 4 * c)) & 15, 4);
   sample(2);
   expect_texels(want1, 2, "mixed types, level 1 (4_4_4_4 copied into RGBA8)");
   const uint8_t want2[4] = { hw_expand((l2[0] >> 11) & 31, 5), hw_expand((l2[0] >> 6) & 31, 5),
                              hw_expand((l2[0] >> 1) & 31, 5), (l2[0] & 1) ? 255 : 0 };
   sample(1);
   expect_texels(want2, 1, "mixed types, level 2 (5_5_5_1 copied into RGBA8)");
   glDeleteTextures(1, &tex);
}

static void test_luminance(void)
{
   static uint8_t a[4 * 4], b[8 * 8];
   fill_random(a, sizeof(a));
   fill_random(b, sizeof(b));
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glUseProgram(prog_tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 4, 4, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, a);
   filters(GL_NEAREST);
   sample(4);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 8, 8, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, b);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   sample(8);
   uint8_t want[8 * 8 * 4];
   for (int i = 0; i < 64; i++)
      want[i * 4] = want[i * 4 + 1] = want[i * 4 + 2] = b[i], want[i * 4 + 3] = 255;
   expect_texels(want, 8, "respecified LUMINANCE base level");
   glDeleteTextures(1, &tex);
   check_gl("LUMINANCE");
}

static void test_cube_from_level1(void)
{
   static uint8_t faces[6][2][8 * 8 * 4];
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   /* The first image is level 1 of face -x: the tree is guessed from it. */
   for (int l = 1; l >= 0; l--)
      for (int f = 5; f >= 0; f--) {
         int n = 8 >> l;
         fill_random(faces[f][l], (size_t)n * (size_t)n * 4);
         glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)((f + 1) % 6), l, GL_RGBA, n, n, 0,
                      GL_RGBA, GL_UNSIGNED_BYTE, faces[f][l]);
      }
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glUseProgram(prog_cube);
   glUniform1f(glGetUniformLocation(prog_cube, "n"), 8.0f);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glViewport(0, 0, 8, 8);
   static const GLfloat v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glViewport(0, 0, S, S);
   egl_fixture_read(S, S, pixels, false);
   expect_texels(faces[0][0], 8, "cube face -x level 0 (tree guessed from a level-1 image)");
   glDeleteTextures(1, &tex);
   check_gl("cube");
}

/* GL_EXT_unpack_subimage: rows GL_UNPACK_ROW_LENGTH_EXT pixels long, the image
 * GL_UNPACK_SKIP_ROWS_EXT rows and GL_UNPACK_SKIP_PIXELS_EXT pixels in. */
static void test_unpack_subimage(void)
{
   static uint8_t client[10 * 7 * 4];
   fill_random(client, sizeof(client));
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glUseProgram(prog_tex);
   glPixelStorei(GL_UNPACK_ROW_LENGTH_EXT, 10);
   glPixelStorei(GL_UNPACK_SKIP_ROWS_EXT, 2);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS_EXT, 3);
   GLint v[3] = { -1, -1, -1 };
   glGetIntegerv(GL_UNPACK_ROW_LENGTH_EXT, &v[0]);
   glGetIntegerv(GL_UNPACK_SKIP_ROWS_EXT, &v[1]);
   glGetIntegerv(GL_UNPACK_SKIP_PIXELS_EXT, &v[2]);
   check(v[0] == 10 && v[1] == 2 && v[2] == 3, "unpack subimage state %d %d %d", v[0], v[1], v[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, client);
   glPixelStorei(GL_UNPACK_ROW_LENGTH_EXT, -1);
   GLenum e = glGetError();
   check(e == GL_INVALID_VALUE, "negative GL_UNPACK_ROW_LENGTH_EXT: 0x%04x", (unsigned)e);
   glPixelStorei(GL_UNPACK_ROW_LENGTH_EXT, 0);
   glPixelStorei(GL_UNPACK_SKIP_ROWS_EXT, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS_EXT, 0);
   filters(GL_NEAREST);
   sample(4);
   uint8_t want[4 * 4 * 4];
   for (int y = 0; y < 4; y++)
      memcpy(want + y * 16, client + ((size_t)(y + 2) * 10 + 3) * 4, 16);
   expect_texels(want, 4, "GL_EXT_unpack_subimage upload");
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   check(ext && strstr(ext, "GL_EXT_unpack_subimage"), "GL_EXT_unpack_subimage advertised");
   glDeleteTextures(1, &tex);
   check_gl("unpack subimage");
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, S, S, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", NULL };
   prog_tex = egl_fixture_program(vs_src, fs_tex, attribs);
   prog_cube = egl_fixture_program(vs_src, fs_cube, attribs);
   check(prog_tex && prog_cube, "programs");
   if (!prog_tex || !prog_cube)
      return check_report();
   test_respecified_base();
   test_mixed_types();
   test_luminance();
   test_cube_from_level1();
   test_unpack_subimage();
   egl_fixture_fini(&f);
   return check_report();
}
