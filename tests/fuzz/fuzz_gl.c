/* Fuzz harness: bytes -> a sequence of GLES 2.0 calls with arguments from the stream, on a
 * fresh ES2 context (32x32 pbuffer with depth and stencil) per input: buffers, vertex
 * attributes (offsets near 2^64 included), programs from a fixed set and their uniforms,
 * textures, state, clears, draws, read-back, queries and framebuffer objects, with bad
 * enums, counts, sizes and names mixed in. GL must answer with errors, never crash.
 * R600SIM_ENGINE: this harness sets interp unless it is given (the ISA and PM4 harnesses
 * cover the JIT).
 *
 * Input: a sequence of calls, each an opcode byte (modulo the number of calls) and its
 * arguments; a read past the end gives zeros; at most MAX_CALLS calls.
 *
 * Client memory stays valid as an application's would: an attribute without a buffer points
 * into `client` (offset below 1024, stride below 64; before a draw, one left without its
 * buffer by a deletion is pointed there again), and while one is enabled draws are limited
 * to vertices 0..CLIENT_VERTICES-1 (DrawArrays' first + count, client indices) so no read
 * leaves it; read-back and texture data fit their arrays. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

#define MAX_CALLS 64
#define NAMES 4                   /* buffers / textures / programs / fbos kept per input */
#define CLIENT_VERTICES 256
#define MAX_DIM 64                /* read-back / texture width and height */

static EGLDisplay dpy;
static EGLSurface surf;
static EGLConfig config;
static uint8_t client[1024 + CLIENT_VERTICES * 64 + 64];
static uint8_t pattern[1 << 16];  /* buffer and texture data */
static uint8_t readback[MAX_DIM * MAX_DIM * 16 + 64];
static GLushort small_indices[CLIENT_VERTICES * 4];
static GLushort any_indices[CLIENT_VERTICES * 4];

struct in {
   const uint8_t *p;
   size_t n;
};

static uint32_t rd(struct in *in, unsigned bytes)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < bytes; i++)
      if (in->n) {
         v |= (uint32_t)*in->p++ << 8 * i;
         in->n--;
      }
   return v;
}
#define U8(in) rd(in, 1)
#define U16(in) rd(in, 2)
#define U32(in) rd(in, 4)
/* A pick from a list: one byte. */
#define PICK(in, list) list[U8(in) % (sizeof(list) / sizeof(list[0]))]

static float rdf(struct in *in)
{
   static const float f[] = { 0, 1, -1, 0.5f, 2, 1e30f, -1e30f, 1e-40f, 1.0f / 0.0f, 0.0f / 0.0f, 64, -3.5f };
   return PICK(in, f);
}

/* An offset or size: small, near a power of two, or near 2^64 (negative). */
static int64_t rd_offset(struct in *in)
{
   uint32_t k = U8(in), v = U16(in);
   switch (k % 4) {
   case 0: return v;
   case 1: return (int64_t)v << (k / 4 % 40);
   case 2: return -(int64_t)v;
   default: return -((int64_t)1 << (k / 4 % 63));
   }
}

static const GLenum buffer_targets[] = { GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, GL_TEXTURE_2D, 0 };
static const GLenum usages[] = { GL_STATIC_DRAW, GL_DYNAMIC_DRAW, GL_STREAM_DRAW, 0x88E5 /* STATIC_READ: not ES2 */, 0x1234 };
static const GLenum attrib_types[] = { GL_FLOAT, GL_FIXED, GL_BYTE, GL_UNSIGNED_BYTE, GL_SHORT,
                                       GL_UNSIGNED_SHORT, GL_INT, GL_UNSIGNED_INT, 0x8D61 /* HALF_FLOAT_OES */, 0 };
static const GLenum modes[] = { GL_POINTS, GL_LINES, GL_LINE_LOOP, GL_LINE_STRIP, GL_TRIANGLES,
                                GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN, 7, 0xFFFF };
static const GLenum index_types[] = { GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_UNSIGNED_INT, GL_FLOAT };
static const GLenum caps[] = { GL_BLEND, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_SCISSOR_TEST,
                               GL_POLYGON_OFFSET_FILL, GL_DITHER, GL_SAMPLE_ALPHA_TO_COVERAGE,
                               GL_SAMPLE_COVERAGE, GL_TEXTURE_2D, 0 };
static const GLenum funcs[] = { GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL,
                                GL_ALWAYS, 0 };
static const GLenum blend_factors[] = { GL_ZERO, GL_ONE, GL_SRC_COLOR, GL_ONE_MINUS_SRC_ALPHA, GL_DST_ALPHA,
                                        GL_CONSTANT_COLOR, GL_SRC_ALPHA_SATURATE, GL_ONE_MINUS_CONSTANT_ALPHA, 5 };
static const GLenum stencil_ops[] = { GL_KEEP, GL_ZERO, GL_REPLACE, GL_INCR, GL_DECR, GL_INVERT,
                                      GL_INCR_WRAP, GL_DECR_WRAP, 1 };
static const GLenum formats[] = { GL_RGBA, GL_RGB, GL_ALPHA, GL_LUMINANCE, GL_LUMINANCE_ALPHA,
                                  GL_DEPTH_COMPONENT, 0x8D9F };
static const GLenum pixel_types[] = { GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT_5_6_5, GL_UNSIGNED_SHORT_4_4_4_4,
                                      GL_UNSIGNED_SHORT_5_5_5_1, GL_FLOAT, GL_UNSIGNED_INT, 0 };
static const GLenum tex_params[] = { GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S,
                                     GL_TEXTURE_WRAP_T, 0x1234 };
static const GLint tex_values[] = { GL_NEAREST, GL_LINEAR, GL_LINEAR_MIPMAP_LINEAR, GL_NEAREST_MIPMAP_NEAREST,
                                    GL_REPEAT, GL_CLAMP_TO_EDGE, GL_MIRRORED_REPEAT, -1, 0 };
static const GLenum queries[] = { GL_VIEWPORT, GL_MAX_TEXTURE_SIZE, GL_ARRAY_BUFFER_BINDING,
                                  GL_CURRENT_PROGRAM, GL_MAX_VERTEX_ATTRIBS, GL_SCISSOR_BOX, GL_BLEND_SRC_RGB,
                                  GL_STENCIL_WRITEMASK, GL_COLOR_CLEAR_VALUE, GL_NUM_COMPRESSED_TEXTURE_FORMATS,
                                  GL_SHADER_BINARY_FORMATS, GL_COMPRESSED_TEXTURE_FORMATS, 0x1234 };
static const char *const uniform_names[] = { "m", "c", "c[1]", "c[3]", "c[4]", "s", "t", "b", "iv", "f",
                                             "gl_FragColor", "", "c[", "c[-1]", "st.x", "st[1].y" };

/* Programs the calls can create (vertex, fragment); the last one does not link. */
static const char *const programs[][2] = {
   { "attribute vec4 p; attribute vec4 q; uniform mat4 m; varying vec4 v;\n"
     "void main() { v = q; gl_Position = m * p; gl_PointSize = 2.0; }\n",
     "precision mediump float; varying vec4 v; uniform vec4 c[4]; uniform sampler2D s;\n"
     "void main() { gl_FragColor = v * c[1] + texture2D(s, v.xy); }\n" },
   { "attribute vec4 p; attribute vec2 t; uniform float f; varying vec2 v;\n"
     "void main() { v = t * f; gl_Position = p; }\n",
     "precision mediump float; varying vec2 v; uniform bool b; uniform ivec2 iv;\n"
     "struct S { float x; vec2 y; }; uniform S st[2]; uniform sampler2D t;\n"
     "void main() { gl_FragColor = b ? texture2D(t, v) : vec4(vec2(iv), st[1].y); }\n" },
   { "attribute vec4 p; void main() { gl_Position = p; }\n",
     "precision mediump float; varying vec4 missing; void main() { gl_FragColor = missing; }\n" },
};

struct state {
   GLuint buffers[NAMES], textures[NAMES], progs[NAMES], fbos[NAMES], rbos[NAMES];
   GLint loc;                     /* the last uniform location looked up */
};

static GLuint pick_name(struct in *in, const GLuint *names)
{
   uint32_t k = U8(in);
   return k < 4 * NAMES ? names[k % NAMES] : k == 255 ? 0xFFFFFFFFu : k;   /* mostly ours, some bogus */
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
   setenv("R600SIM_ENGINE", "interp", 0);
   dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   static const EGLint cfg_attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                         EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 8, EGL_DEPTH_SIZE, 16,
                                         EGL_STENCIL_SIZE, 8, EGL_NONE };
   static const EGLint surf_attribs[] = { EGL_WIDTH, 32, EGL_HEIGHT, 32, EGL_NONE };
   EGLint n = 0;
   if (!eglInitialize(dpy, NULL, NULL) || !eglChooseConfig(dpy, cfg_attribs, &config, 1, &n) || !n ||
       (surf = eglCreatePbufferSurface(dpy, config, surf_attribs)) == EGL_NO_SURFACE || !eglBindAPI(EGL_OPENGL_ES_API)) {
      fprintf(stderr, "fuzz_gl: no EGL pbuffer (0x%x)\n", eglGetError());
      abort();
   }
   for (size_t i = 0; i < sizeof(pattern); i++)
      pattern[i] = (uint8_t)(i * 37 + (i >> 8));
   memcpy(client, pattern, sizeof(client));
   for (unsigned i = 0; i < sizeof(small_indices) / 2; i++) {
      small_indices[i] = (GLushort)(i * 7 % CLIENT_VERTICES);
      any_indices[i] = (GLushort)(i * 7919);
   }
   return 0;
}

static void make_program(struct in *in, struct state *s)
{
   unsigned k = U8(in);
   const char *const *src = programs[k % (sizeof(programs) / sizeof(programs[0]))];
   GLuint prog = glCreateProgram();
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(i ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER);
      glShaderSource(sh, 1, &src[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   glBindAttribLocation(prog, U8(in) % 20, "p");
   glLinkProgram(prog);
   if (s->progs[k / 8 % NAMES])
      glDeleteProgram(s->progs[k / 8 % NAMES]);
   s->progs[k / 8 % NAMES] = prog;
}

static void uniform(struct in *in, struct state *s)
{
   static const GLfloat fv[64] = { 1, 2, 3, 4, -1, 0.5f, 0, 1e30f, 7, 8, 9, 10, 11, 12, 13, 14 };
   static const GLint iv[16] = { 0, 1, 2, 3, 4, -1, 100000, 31, 7 };
   GLint loc = U8(in) < 200 ? s->loc : (GLint)(int8_t)U8(in);
   GLsizei count = (GLsizei)(int8_t)U8(in) % 5;
   GLboolean transpose = U8(in) % 8 == 0;
   switch (U8(in) % 12) {
   case 0: glUniform1f(loc, rdf(in)); break;
   case 1: glUniform4f(loc, rdf(in), rdf(in), rdf(in), rdf(in)); break;
   case 2: glUniform1i(loc, (GLint)U32(in)); break;
   case 3: glUniform2i(loc, (GLint)U8(in), (GLint)U8(in)); break;
   case 4: glUniform1fv(loc, count, fv); break;
   case 5: glUniform4fv(loc, count, fv); break;
   case 6: glUniform3fv(loc, count, fv); break;
   case 7: glUniform1iv(loc, count, iv); break;
   case 8: glUniform4iv(loc, count, iv); break;
   case 9: glUniformMatrix2fv(loc, count, transpose, fv); break;
   case 10: glUniformMatrix3fv(loc, count, transpose, fv); break;
   default: glUniformMatrix4fv(loc, count, transpose, fv); break;
   }
}

#define CLIENT_STRIDE_MAX 64

static void attrib_pointer(struct in *in)
{
   GLuint index = U8(in) % 20;
   GLint size = (GLint)(U8(in) % 7) - 1;
   GLenum type = PICK(in, attrib_types);
   GLboolean norm = U8(in) & 1;
   GLsizei stride = (GLsizei)(int16_t)U16(in);
   int64_t offset = rd_offset(in);
   GLint bound = 0;
   glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &bound);
   if (bound)
      glVertexAttribPointer(index, size, type, norm, stride, (const void *)(intptr_t)offset);
   else
      glVertexAttribPointer(index, size, type, norm, stride < 0 ? stride : stride % CLIENT_STRIDE_MAX,
                            client + (offset & 1023));
}

/* Points attributes without a buffer whose pointer or stride could leave `client` (a
 * deleted buffer leaves its offset behind as a pointer) into it again; returns whether an
 * enabled attribute reads client memory. */
static bool client_vertices(void)
{
   GLint max = 0, array_buffer = 0;
   bool any = false;
   glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max);
   glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &array_buffer);
   for (GLint i = 0; i < max && i < 32; i++) {
      GLint buffer = 1, enabled = 0, stride = 0;
      void *ptr = NULL;
      glGetVertexAttribiv((GLuint)i, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &buffer);
      if (buffer)
         continue;
      glGetVertexAttribiv((GLuint)i, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &enabled);
      glGetVertexAttribiv((GLuint)i, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &stride);
      glGetVertexAttribPointerv((GLuint)i, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
      if ((const uint8_t *)ptr < client || (const uint8_t *)ptr >= client + 1024 || stride >= CLIENT_STRIDE_MAX) {
         glBindBuffer(GL_ARRAY_BUFFER, 0);
         glVertexAttribPointer((GLuint)i, 4, GL_FLOAT, GL_FALSE, 0, client);
         glBindBuffer(GL_ARRAY_BUFFER, (GLuint)array_buffer);
      }
      any |= enabled != 0;
   }
   return any;
}

static void draw(struct in *in, bool elements)
{
   GLenum mode = PICK(in, modes);
   GLint first = (GLint)(int16_t)U16(in);
   GLsizei count = (GLsizei)(int16_t)U16(in);
   bool client_attribs = client_vertices();
   if (!elements) {
      if (client_attribs) {
         first = first < 0 ? first : first % CLIENT_VERTICES;
         count = count < 0 ? count : count % (CLIENT_VERTICES - first + 1);
      }
      glDrawArrays(mode, first, count);
      return;
   }
   GLenum type = PICK(in, index_types);
   int64_t offset = rd_offset(in);
   GLint bound = 0;
   glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &bound);
   if (bound) {
      glDrawElements(mode, count, type, (const void *)(intptr_t)offset);
      return;
   }
   /* client indices: in range for client attributes, anything otherwise */
   const GLushort *idx = client_attribs ? small_indices : any_indices;
   if (client_attribs && type == GL_UNSIGNED_INT)
      type = GL_UNSIGNED_SHORT;   /* as halves of a ushort array they could leave the range */
   count = count < 0 ? count : count % CLIENT_VERTICES;
   glDrawElements(mode, count, type, idx + (offset & 255));
}

static void call(struct in *in, struct state *s)
{
   switch (U8(in) % 32) {
   case 0:
      glGenBuffers(NAMES, s->buffers);
      break;
   case 1:
      glBindBuffer(PICK(in, buffer_targets), pick_name(in, s->buffers));
      break;
   case 2: {
      GLenum target = PICK(in, buffer_targets);
      int64_t size = U8(in) % 8 == 0 ? rd_offset(in) : (int64_t)U16(in);
      if (size > (1 << 24))
         size = 1 << 24;   /* a large but sane allocation */
      glBufferData(target, (GLsizeiptr)size, size <= (int64_t)sizeof(pattern) && U8(in) & 1 ? pattern : NULL,
                   PICK(in, usages));
      break;
   }
   case 3: {
      GLenum target = PICK(in, buffer_targets);
      int64_t offset = rd_offset(in);
      GLsizeiptr size = (GLsizeiptr)(int16_t)U16(in);
      glBufferSubData(target, (GLintptr)offset, size, pattern);
      break;
   }
   case 4:
      glDeleteBuffers(1, &s->buffers[U8(in) % NAMES]);
      break;
   case 5:
      attrib_pointer(in);
      break;
   case 6:
      (U8(in) & 1 ? glEnableVertexAttribArray : glDisableVertexAttribArray)(U8(in) % 20);
      break;
   case 7:
      glVertexAttrib4f(U8(in) % 20, rdf(in), rdf(in), rdf(in), rdf(in));
      break;
   case 8:
      make_program(in, s);
      break;
   case 9:
      glUseProgram(pick_name(in, s->progs));
      break;
   case 10:
      s->loc = glGetUniformLocation(pick_name(in, s->progs), PICK(in, uniform_names));
      break;
   case 11:
   case 12:
      uniform(in, s);
      break;
   case 13:
      draw(in, false);
      break;
   case 14:
      draw(in, true);
      break;
   case 15: {
      GLint x = (GLint)(int8_t)U8(in), y = (GLint)(int8_t)U8(in);
      GLsizei w = (GLsizei)(U8(in) % (MAX_DIM + 2)) - 1, h = (GLsizei)(U8(in) % (MAX_DIM + 2)) - 1;
      glReadPixels(x, y, w, h, PICK(in, formats), PICK(in, pixel_types), readback);
      break;
   }
   case 16:
      (U8(in) & 1 ? glEnable : glDisable)(PICK(in, caps));
      break;
   case 17:
      switch (U8(in) % 8) {
      case 0: glBlendFunc(PICK(in, blend_factors), PICK(in, blend_factors)); break;
      case 1: glDepthFunc(PICK(in, funcs)); break;
      case 2: glStencilFunc(PICK(in, funcs), (GLint)U8(in), U32(in)); break;
      case 3: glStencilOp(PICK(in, stencil_ops), PICK(in, stencil_ops), PICK(in, stencil_ops)); break;
      case 4: glCullFace(U8(in) & 1 ? GL_FRONT_AND_BACK : GL_BACK); break;
      case 5: glColorMask(U8(in) & 1, U8(in) & 1, U8(in) & 1, U8(in) & 1); break;
      case 6: glPolygonOffset(rdf(in), rdf(in)); break;
      default: glBlendEquation(U8(in) & 1 ? GL_FUNC_REVERSE_SUBTRACT : 0x8007); break;
      }
      break;
   case 18:
      glViewport((GLint)(int16_t)U16(in), (GLint)(int16_t)U16(in), (GLsizei)(int16_t)U16(in),
                 (GLsizei)(int16_t)U16(in));
      break;
   case 19:
      glScissor((GLint)(int8_t)U8(in), (GLint)(int8_t)U8(in), (GLsizei)(int8_t)U8(in), (GLsizei)(int8_t)U8(in));
      break;
   case 20:
      glClearColor(rdf(in), rdf(in), rdf(in), rdf(in));
      glClearDepthf(rdf(in));
      glClear(U8(in) & 1 ? U32(in) : GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
      break;
   case 21:
      glGenTextures(NAMES, s->textures);
      break;
   case 22:
      glActiveTexture(GL_TEXTURE0 + U8(in) % 40);
      glBindTexture(U8(in) & 1 ? GL_TEXTURE_2D : GL_TEXTURE_CUBE_MAP, pick_name(in, s->textures));
      break;
   case 23: {
      GLint level = (GLint)(U8(in) % 9) - 1;
      GLenum fmt = PICK(in, formats);
      GLsizei w = (GLsizei)(U8(in) % (MAX_DIM + 2)) - 1, h = (GLsizei)(U8(in) % (MAX_DIM + 2)) - 1;
      GLenum type = PICK(in, pixel_types);
      bool sub = U8(in) & 1;
      if (sub)
         glTexSubImage2D(GL_TEXTURE_2D, level, (GLint)(int8_t)U8(in), (GLint)(int8_t)U8(in), w, h, fmt, type,
                         pattern);
      else
         glTexImage2D(GL_TEXTURE_2D, level, (GLint)(U8(in) & 1 ? fmt : PICK(in, formats)), w, h,
                      (GLint)(U8(in) % 8 == 0), fmt, type, U8(in) & 1 ? pattern : NULL);
      break;
   }
   case 24:
      glTexParameteri(GL_TEXTURE_2D, PICK(in, tex_params), PICK(in, tex_values));
      break;
   case 25:
      glGenerateMipmap(U8(in) & 1 ? GL_TEXTURE_2D : 0);
      break;
   case 26: {
      GLint v[64];
      GLfloat f[64];
      GLboolean b[64];
      GLenum q = PICK(in, queries);
      glGetIntegerv(q, v);
      glGetFloatv(q, f);
      glGetBooleanv(q, b);
      glGetString(U8(in) & 1 ? GL_EXTENSIONS : 0x1234);
      glGetError();
      break;
   }
   case 27: {
      GLuint p = pick_name(in, s->progs);
      GLint n = 0, size;
      GLenum type;
      char name[32];
      glGetProgramiv(p, U8(in) & 1 ? GL_ACTIVE_UNIFORMS : GL_ACTIVE_ATTRIBUTES, &n);
      GLuint i = U8(in) % 8;
      GLsizei bufsize = (GLsizei)(U8(in) % 34) - 1;
      glGetActiveUniform(p, i, bufsize, NULL, &size, &type, name);
      glGetActiveAttrib(p, i, bufsize, NULL, &size, &type, name);
      glGetProgramInfoLog(p, bufsize, NULL, name);
      glValidateProgram(p);
      glGetAttribLocation(p, PICK(in, uniform_names));
      break;
   }
   case 28:
      glGenFramebuffers(NAMES, s->fbos);
      glGenRenderbuffers(NAMES, s->rbos);
      glBindFramebuffer(GL_FRAMEBUFFER, pick_name(in, s->fbos));
      break;
   case 29:
      glBindRenderbuffer(GL_RENDERBUFFER, pick_name(in, s->rbos));
      glRenderbufferStorage(GL_RENDERBUFFER, U8(in) & 1 ? GL_RGBA4 : GL_DEPTH_COMPONENT16, (GLsizei)(U8(in) % 65) - 1,
                            (GLsizei)(U8(in) % 65) - 1);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, U8(in) & 1 ? GL_COLOR_ATTACHMENT0 : GL_DEPTH_ATTACHMENT,
                                GL_RENDERBUFFER, pick_name(in, s->rbos));
      glCheckFramebufferStatus(GL_FRAMEBUFFER);
      break;
   case 30:
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, pick_name(in, s->textures),
                             (GLint)(U8(in) % 3));
      glCheckFramebufferStatus(GL_FRAMEBUFFER);
      break;
   default:
      glPixelStorei(U8(in) & 1 ? GL_PACK_ALIGNMENT : GL_UNPACK_ALIGNMENT, (GLint)(1u << (U8(in) % 5)));
      if (U8(in) % 4 == 0)
         glFinish();
      break;
   }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   static const EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx))
      abort();
   struct state s = {0};
   struct in in = { data, size };
   for (unsigned i = 0; i < MAX_CALLS && in.n; i++)
      call(&in, &s);
   glFinish();
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   return 0;
}
