/* GL_OES_get_program_binary: a program saved with glGetProgramBinaryOES and loaded into a
 * new program object draws the same pixels with the same uniform and attribute locations;
 * the errors of both entry points; and binaries that are corrupt (any byte changed, cut
 * short, another version) or whose payload is changed with a fixed-up checksum (the tables
 * and the machine-code header are then checked on their own) fail with LINK_STATUS false,
 * never a crash. The binary layout the fuzzing relies on (an 88-byte header: magic 8,
 * version 32, renderer 32, payload size 8, FNV-1a 64 checksum of the payload 8) is
 * gl_program_binary.c's. Prints "N passed, M failed". */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 8
#define H 8
#define HEADER 88

static PFNGLGETPROGRAMBINARYOESPROC GetBinary;
static PFNGLPROGRAMBINARYOESPROC Binary;

static void expect_error(GLenum want, const char *what)
{
   GLenum err = glGetError();
   CHECK(err == want, "%s: error 0x%04X, expected 0x%04X", what, err, want);
}

static GLint link_status(GLuint p)
{
   GLint v = -1;
   glGetProgramiv(p, GL_LINK_STATUS, &v);
   return v;
}

/* Draws the full-window quad with `p` (colour = u_color * u_scale.x) and reads pixel (3, 4). */
static void draw(GLuint p, const float color[4], uint8_t out[4])
{
   static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   glUseProgram(p);
   glUniform4fv(glGetUniformLocation(p, "u_color"), 1, color);
   glUniform2f(glGetUniformLocation(p, "u_scale"), 0.5f, 7.0f);
   GLint a = glGetAttribLocation(p, "a_pos");
   glVertexAttribPointer((GLuint)a, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray((GLuint)a);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glReadPixels(3, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

static uint64_t fnv1a(const uint8_t *p, size_t n)
{
   uint64_t h = 0xcbf29ce484222325ull;
   for (size_t i = 0; i < n; i++)
      h = (h ^ p[i]) * 0x100000001b3ull;
   return h;
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)rng;
}

/* Loads a changed binary into a fresh program: it must fail, or (payload changes that the
 * checks cannot tell from a real program) link without harm. Returns whether it linked. */
static bool try_load(GLenum format, const uint8_t *bin, GLint len)
{
   GLuint p = glCreateProgram();
   Binary(p, format, bin, len);
   bool ok = link_status(p) == GL_TRUE;
   if (ok) {
      /* Use its tables: uniform writes land in its constant buffers (ASan sees the rest). */
      glUseProgram(p);
      GLint n = 0;
      glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
      for (GLint loc = 0; loc < 4; loc++)
         glUniform4f(loc, 1, 2, 3, 4);
      char name[80];
      GLint size;
      GLenum type;
      for (GLint u = 0; u < n && u < 8; u++)
         glGetActiveUniform(p, (GLuint)u, sizeof(name), NULL, &size, &type, name);
      glUseProgram(0);
      while (glGetError() != GL_NO_ERROR)
         ;   /* a changed type may make a write the wrong kind */
   } else {
      GLint log_len = 0;
      glGetProgramiv(p, GL_INFO_LOG_LENGTH, &log_len);
      CHECK(log_len > 1, "a rejected binary explains itself in the info log");
   }
   glDeleteProgram(p);
   return ok;
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   if (err) {
      CHECK(false, "%s", err);
      return check_report();
   }
   CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_OES_get_program_binary ") != NULL,
         "extension listed");
   GetBinary = (PFNGLGETPROGRAMBINARYOESPROC)eglGetProcAddress("glGetProgramBinaryOES");
   Binary = (PFNGLPROGRAMBINARYOESPROC)eglGetProcAddress("glProgramBinaryOES");
   GLint nformats = 0, format = 0;
   glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS_OES, &nformats);
   glGetIntegerv(GL_PROGRAM_BINARY_FORMATS_OES, &format);
   CHECK(nformats == 1 && format != 0, "one binary format (0x%X)", format);

   static const char vs[] = "attribute vec2 a_unused; attribute vec2 a_pos;\n"
                            "uniform vec2 u_scale;\n"
                            "void main() { gl_Position = vec4(a_pos + a_unused * 0.0, 0.0, 1.0); }\n";
   static const char fs[] = "precision mediump float; uniform vec4 u_color; uniform vec2 u_scale;\n"
                            "void main() { gl_FragColor = u_color * u_scale.x; }\n";
   static const char *const attribs[] = { "a_unused", "a_pos", NULL };
   GLuint p1 = egl_fixture_program(vs, fs, attribs);
   const float color[4] = { 0.8f, 0.4f, 1.0f, 1.0f };
   uint8_t want[4], got[4];
   draw(p1, color, want);
   /* 0.5 * (0.8, 0.4, 1, 1) = (0.4, 0.2, 0.5, 0.5): 102, 51, 128 (127.5 rounds up), 128. */
   CHECK(want[0] == 102 && want[1] == 51 && want[2] >= 127 && want[2] <= 128,
         "the original program draws (%u %u %u %u)", want[0], want[1], want[2], want[3]);

   GLint len = 0;
   glGetProgramiv(p1, GL_PROGRAM_BINARY_LENGTH_OES, &len);
   CHECK(len > HEADER, "PROGRAM_BINARY_LENGTH_OES %d", len);
   uint8_t *bin = malloc((size_t)len), *mut = malloc((size_t)len);
   GLsizei got_len = -1;
   GLenum got_format = 0;
   GetBinary(p1, len - 1, &got_len, &got_format, bin);
   expect_error(GL_INVALID_OPERATION, "bufSize one byte short");
   GetBinary(p1, len, &got_len, &got_format, bin);
   expect_error(GL_NO_ERROR, "glGetProgramBinaryOES");
   CHECK(got_len == len && got_format == (GLenum)format, "length %d format 0x%X", got_len,
         got_format);

   /* Loaded into a new program: same locations, same pixels; the original can go. */
   GLuint p2 = glCreateProgram();
   Binary(p2, (GLenum)format, bin, len);
   expect_error(GL_NO_ERROR, "glProgramBinaryOES");
   CHECK(link_status(p2) == GL_TRUE, "the loaded program is linked");
   CHECK(glGetAttribLocation(p2, "a_pos") == glGetAttribLocation(p1, "a_pos") &&
         glGetUniformLocation(p2, "u_color") == glGetUniformLocation(p1, "u_color") &&
         glGetUniformLocation(p2, "u_scale") == glGetUniformLocation(p1, "u_scale"),
         "same locations");
   GLint n1 = 0, n2 = 0;
   glGetProgramiv(p1, GL_ACTIVE_UNIFORMS, &n1);
   glGetProgramiv(p2, GL_ACTIVE_UNIFORMS, &n2);
   CHECK(n1 == 2 && n2 == 2, "active uniforms %d %d", n1, n2);
   glDeleteProgram(p1);
   draw(p2, color, got);
   CHECK(!memcmp(got, want, 4), "the loaded program draws the same (%u %u %u %u)", got[0],
         got[1], got[2], got[3]);
   expect_error(GL_NO_ERROR, "drawing with the loaded program");

   /* Errors. */
   GLuint unlinked = glCreateProgram();
   GetBinary(unlinked, len, &got_len, &got_format, mut);
   expect_error(GL_INVALID_OPERATION, "binary of an unlinked program");
   Binary(unlinked, (GLenum)format + 1, bin, len);
   expect_error(GL_INVALID_ENUM, "unknown binary format");
   Binary(12345, (GLenum)format, bin, len);
   expect_error(GL_INVALID_VALUE, "no such program");
   GLuint sh = glCreateShader(GL_VERTEX_SHADER);
   Binary(sh, (GLenum)format, bin, len);
   expect_error(GL_INVALID_OPERATION, "a shader is no program");
   glDeleteShader(sh);

   /* Corrupt binaries fail; p2 keeps drawing with what it had. */
   unsigned linked = 0;
   for (unsigned i = 0; i < 300; i++) {
      memcpy(mut, bin, (size_t)len);
      size_t at = rnd() % (size_t)len;
      mut[at] ^= (uint8_t)(1 + rnd() % 255);
      linked += try_load((GLenum)format, mut, len);
   }
   CHECK(linked == 0, "%u of 300 one-byte changes were taken", linked);
   CHECK(!try_load((GLenum)format, bin, len - 1) && !try_load((GLenum)format, bin, HEADER) &&
         !try_load((GLenum)format, bin, 3) && !try_load((GLenum)format, NULL, 0),
         "short binaries fail");
   memcpy(mut, bin, (size_t)len);
   mut[8] ^= 1;   /* the version string */
   CHECK(!try_load((GLenum)format, mut, len), "another version fails");
   /* Changed payloads with the checksum fixed up: the table and code checks must hold. */
   for (unsigned i = 0; i < 2000; i++) {
      memcpy(mut, bin, (size_t)len);
      unsigned flips = 1 + rnd() % 4;
      for (unsigned k = 0; k < flips; k++)
         mut[HEADER + rnd() % (size_t)(len - HEADER)] ^= (uint8_t)(1u << (rnd() % 8));
      uint64_t sum = fnv1a(mut + HEADER, (size_t)(len - HEADER));
      memcpy(mut + 80, &sum, 8);
      try_load((GLenum)format, mut, len);
   }
   expect_error(GL_NO_ERROR, "fuzzed loads raise no GL error");
   Binary(p2, (GLenum)format, bin, 40);
   CHECK(link_status(p2) == GL_FALSE, "a failed load clears LINK_STATUS");
   glUseProgram(0);
   glUseProgram(p2);
   expect_error(GL_INVALID_OPERATION, "an unlinked program cannot be used");
   Binary(p2, (GLenum)format, bin, len);
   draw(p2, color, got);
   CHECK(link_status(p2) == GL_TRUE && !memcmp(got, want, 4), "reloaded, it draws again");

   free(bin);
   free(mut);
   egl_fixture_fini(&f);
   return check_report();
}
