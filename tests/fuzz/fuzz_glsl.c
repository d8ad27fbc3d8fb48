/* Fuzz harness: bytes -> GLSL ES source through the GL API (glShaderSource, glCompileShader,
 * glLinkProgram with a fixed partner shader, the logs and the program's interface), on an
 * ES2 pbuffer context; one linked program in eight also draws a triangle and reads a pixel,
 * which runs the driver's compiler and a shader engine (R600SIM_ENGINE; this harness sets
 * interp unless it is given, the ISA and PM4 harnesses cover the JIT).
 *
 * Input: byte 0  bit 0: stage (0 vertex, 1 fragment), bit 1: link, bits 2-4 all set: draw;
 *        the rest: the source, cut into strings at 0x01 bytes (at most 8); the even ones are
 *        passed with their length, the odd ones NUL-terminated (length -1). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "egl_fixture.h"

#define MAX_STRINGS 8

static struct egl_fixture fx;

static const char *const partner_vs =
   "attribute vec4 p;\n"
   "varying vec4 v;\n"
   "void main() { v = p; gl_Position = p; }\n";
static const char *const partner_fs =
   "precision mediump float;\n"
   "varying vec4 v;\n"
   "void main() { gl_FragColor = v; }\n";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
   setenv("R600SIM_ENGINE", "interp", 0);
   const char *err = egl_fixture_init(&fx, 8, 8, 0, 0);
   if (err) {
      fprintf(stderr, "fuzz_glsl: %s\n", err);
      abort();
   }
   return 0;
}

static GLuint shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   return s;
}

/* What an application asks of a linked program: its interface, and a draw. */
static void use_program(GLuint prog, bool draw)
{
   GLint n = 0;
   glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
   for (GLint i = 0; i < n && i < 64; i++) {
      char name[64];
      GLint size;
      GLenum type;
      glGetActiveUniform(prog, (GLuint)i, sizeof(name), NULL, &size, &type, name);
      glGetUniformLocation(prog, name);
   }
   glGetProgramiv(prog, GL_ACTIVE_ATTRIBUTES, &n);
   for (GLint i = 0; i < n && i < 64; i++) {
      char name[64];
      GLint size;
      GLenum type;
      glGetActiveAttrib(prog, (GLuint)i, sizeof(name), NULL, &size, &type, name);
      glGetAttribLocation(prog, name);
   }
   if (!draw)
      return;
   static const GLfloat tri[] = { -1, -1, 0, 1, 3, -1, 0, 1, -1, 3, 0, 1 };
   glUseProgram(prog);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, tri);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   uint8_t px[4];
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glDisableVertexAttribArray(0);
   glUseProgram(0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < 1)
      return 0;
   bool fragment = data[0] & 1, link = data[0] & 2, draw = (data[0] & 0x1C) == 0x1C;
   /* a NUL-terminated copy, so the strings passed without a length end */
   char *text = malloc(size);
   memcpy(text, data + 1, size - 1);
   text[size - 1] = 0;
   const char *strings[MAX_STRINGS];
   GLint lengths[MAX_STRINGS];
   GLsizei n = 0;
   for (size_t i = 0, start = 0, len = size - 1; i <= len; i++) {
      if (i < len && (text[i] != 1 || n == MAX_STRINGS - 1))
         continue;
      strings[n] = text + start;
      lengths[n] = n % 2 ? -1 : (GLint)(i - start);
      text[i] = n % 2 ? 0 : text[i];
      n++;
      start = i + 1;
   }
   GLuint s = glCreateShader(fragment ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER);
   glShaderSource(s, n, strings, lengths);
   glCompileShader(s);
   GLint ok = 0, len = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   glGetShaderiv(s, GL_INFO_LOG_LENGTH, &len);
   char log[256];
   glGetShaderInfoLog(s, sizeof(log), NULL, log);
   if (ok && link) {
      GLuint other = shader(fragment ? GL_VERTEX_SHADER : GL_FRAGMENT_SHADER, fragment ? partner_vs : partner_fs);
      GLuint prog = glCreateProgram();
      glAttachShader(prog, s);
      glAttachShader(prog, other);
      glBindAttribLocation(prog, 0, "p");
      glLinkProgram(prog);
      glGetProgramiv(prog, GL_LINK_STATUS, &ok);
      glGetProgramInfoLog(prog, sizeof(log), NULL, log);
      if (ok) {
         glValidateProgram(prog);
         use_program(prog, draw);
      }
      glDeleteProgram(prog);
      glDeleteShader(other);
   }
   glDeleteShader(s);
   while (glGetError() != GL_NO_ERROR)
      ;
   free(text);
   return 0;
}
