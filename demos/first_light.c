/* first_light [OUT.png]: the first-light image of r600sim.
 *
 * An ordinary EGL + OpenGL ES 2.0 program: a pbuffer on the surfaceless display, one
 * shader program (attributes, a varying, a uniform offset), three draws from one vertex
 * buffer, glReadPixels, and a PNG written with libpng (tools/rgba_png.h; default
 * first_light.png).
 * Left: the classic triangle with red, green and blue corners and interpolated colours.
 * Right: a pinwheel of 12 flat-coloured triangles around a shared centre (with exact integer
 * rasterization and the top-left fill rule, shared edges show neither gaps nor
 * double-covered pixels), and below it a gradient square (triangle strip) and a hexagon
 * (triangle fan).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "rgba_png.h"

#define WIDTH 320
#define HEIGHT 240

static const char vs_source[] =
   "attribute vec2 a_position;\n"
   "attribute vec3 a_color;\n"
   "uniform vec2 u_offset;\n"
   "varying vec3 v_color;\n"
   "void main()\n"
   "{\n"
   "   v_color = a_color;\n"
   "   gl_Position = vec4(a_position + u_offset, 0.0, 1.0);\n"
   "}\n";

static const char fs_source[] =
   "precision mediump float;\n"
   "varying vec3 v_color;\n"
   "void main()\n"
   "{\n"
   "   gl_FragColor = vec4(v_color, 1.0);\n"
   "}\n";

struct vertex {
   float x, y;
   float r, g, b;
};

static int fail(const char *what)
{
   fprintf(stderr, "first_light: %s failed (EGL error 0x%04x, GL error 0x%04x)\n", what,
           (unsigned)eglGetError(), (unsigned)glGetError());
   return 1;
}

static GLuint compile(GLenum type, const char *source)
{
   GLuint shader = glCreateShader(type);
   glShaderSource(shader, 1, &source, NULL);
   glCompileShader(shader);
   GLint ok = GL_FALSE;
   glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetShaderInfoLog(shader, sizeof(log), NULL, log);
      fprintf(stderr, "first_light: shader compilation failed:\n%s\n", log);
      return 0;
   }
   return shader;
}

static GLuint build_program(void)
{
   GLuint vs = compile(GL_VERTEX_SHADER, vs_source);
   GLuint fs = compile(GL_FRAGMENT_SHADER, fs_source);
   if (!vs || !fs)
      return 0;
   GLuint prog = glCreateProgram();
   glAttachShader(prog, vs);
   glAttachShader(prog, fs);
   glBindAttribLocation(prog, 0, "a_position");
   glBindAttribLocation(prog, 1, "a_color");
   glLinkProgram(prog);
   GLint ok = GL_FALSE;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      glGetProgramInfoLog(prog, sizeof(log), NULL, log);
      fprintf(stderr, "first_light: program link failed:\n%s\n", log);
      return 0;
   }
   return prog;
}

/* All geometry in one array, in draw order:
 *  - the RGB triangle (GL_TRIANGLES, 3 vertices, left half);
 *  - the pinwheel: PINWHEEL flat-coloured triangles sharing a centre (GL_TRIANGLES), each
 *    triangle's three vertices in one colour, so every shared edge is between two colours;
 *  - a square with a colour gradient (GL_TRIANGLE_STRIP, 4 vertices);
 *  - a hexagon with a white centre (GL_TRIANGLE_FAN, centre + 7 rim vertices).
 * The last three are built around the origin and placed with the u_offset uniform. */
#define PINWHEEL 12
#define RGB_FIRST 0
#define PINWHEEL_FIRST 3
#define SQUARE_FIRST (PINWHEEL_FIRST + 3 * PINWHEEL)
#define HEXAGON_FIRST (SQUARE_FIRST + 4)
#define VERTEX_COUNT (HEXAGON_FIRST + 8)

static void fill_vertices(struct vertex *v)
{
   v[RGB_FIRST + 0] = (struct vertex){-0.90f, -0.80f, 1, 0, 0};
   v[RGB_FIRST + 1] = (struct vertex){-0.10f, -0.80f, 0, 1, 0};
   v[RGB_FIRST + 2] = (struct vertex){-0.50f, 0.80f, 0, 0, 1};

   static const float palette[4][3] = {{1.0f, 0.8f, 0.1f}, {0.1f, 0.7f, 0.9f},
                                       {0.9f, 0.2f, 0.6f}, {0.3f, 0.9f, 0.3f}};
   for (int i = 0; i < PINWHEEL; i++) {
      const float *c = palette[i % 4];
      float a0 = 2.0f * (float)M_PI * (float)i / PINWHEEL;
      float a1 = 2.0f * (float)M_PI * (float)(i + 1) / PINWHEEL;
      struct vertex *t = &v[PINWHEEL_FIRST + 3 * i];
      t[0] = (struct vertex){0, 0, c[0], c[1], c[2]};
      t[1] = (struct vertex){0.30f * cosf(a0), 0.40f * sinf(a0), c[0], c[1], c[2]};
      t[2] = (struct vertex){0.30f * cosf(a1), 0.40f * sinf(a1), c[0], c[1], c[2]};
   }

   v[SQUARE_FIRST + 0] = (struct vertex){-0.16f, -0.2f, 0.9f, 0.9f, 0.9f};
   v[SQUARE_FIRST + 1] = (struct vertex){0.16f, -0.2f, 0.9f, 0.5f, 0.1f};
   v[SQUARE_FIRST + 2] = (struct vertex){-0.16f, 0.2f, 0.1f, 0.5f, 0.9f};
   v[SQUARE_FIRST + 3] = (struct vertex){0.16f, 0.2f, 0.2f, 0.2f, 0.25f};

   v[HEXAGON_FIRST] = (struct vertex){0, 0, 1, 1, 1};
   for (int i = 0; i <= 6; i++) {
      float a = 2.0f * (float)M_PI * (float)i / 6;
      v[HEXAGON_FIRST + 1 + i] =
         (struct vertex){0.15f * cosf(a), 0.2f * sinf(a), 0.5f + 0.5f * cosf(a), 0.3f,
                         0.5f + 0.5f * sinf(a)};
   }
}

int main(int argc, char **argv)
{
   const char *out = argc > 1 ? argv[1] : "first_light.png";

   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL))
      return fail("eglGetDisplay/eglInitialize");
   static const EGLint config_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
      EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE};
   EGLConfig config;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, config_attribs, &config, 1, &n) || n != 1)
      return fail("eglChooseConfig");
   static const EGLint surface_attribs[] = {EGL_WIDTH, WIDTH, EGL_HEIGHT, HEIGHT, EGL_NONE};
   EGLSurface surface = eglCreatePbufferSurface(dpy, config, surface_attribs);
   if (surface == EGL_NO_SURFACE)
      return fail("eglCreatePbufferSurface");
   static const EGLint context_attribs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, context_attribs);
   if (ctx == EGL_NO_CONTEXT)
      return fail("eglCreateContext");
   if (!eglMakeCurrent(dpy, surface, surface, ctx))
      return fail("eglMakeCurrent");

   printf("first_light: %s / %s\n", (const char *)glGetString(GL_RENDERER),
          (const char *)glGetString(GL_VERSION));

   GLuint prog = build_program();
   if (!prog)
      return 1;
   glUseProgram(prog);
   GLint offset = glGetUniformLocation(prog, "u_offset");

   struct vertex verts[VERTEX_COUNT];
   fill_vertices(verts);
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)sizeof(verts), verts,
                GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(struct vertex), (void *)0);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(struct vertex),
                         (void *)(2 * sizeof(float)));
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);

   glViewport(0, 0, WIDTH, HEIGHT);
   glClearColor(0.08f, 0.09f, 0.12f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glUniform2f(offset, 0.0f, 0.0f);
   glDrawArrays(GL_TRIANGLES, RGB_FIRST, 3);
   glUniform2f(offset, 0.5f, 0.35f);
   glDrawArrays(GL_TRIANGLES, PINWHEEL_FIRST, 3 * PINWHEEL);
   glUniform2f(offset, 0.3f, -0.55f);
   glDrawArrays(GL_TRIANGLE_STRIP, SQUARE_FIRST, 4);
   glUniform2f(offset, 0.7f, -0.55f);
   glDrawArrays(GL_TRIANGLE_FAN, HEXAGON_FIRST, 8);

   unsigned char *pixels = malloc((size_t)WIDTH * HEIGHT * 4);
   if (!pixels)
      return fail("malloc");
   glReadPixels(0, 0, WIDTH, HEIGHT, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "first_light: GL error 0x%04x\n", (unsigned)err);
      return 1;
   }
   /* glReadPixels returns the bottom row first; the PNG starts with the top row. */
   if (rgba_png_write(out, WIDTH, HEIGHT, pixels + (size_t)(HEIGHT - 1) * WIDTH * 4,
                      -(ptrdiff_t)WIDTH * 4))
      return 1;
   printf("first_light: wrote %s (%dx%d)\n", out, WIDTH, HEIGHT);

   free(pixels);
   glDeleteBuffers(1, &vbo);
   glDeleteProgram(prog);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surface);
   eglTerminate(dpy);
   return 0;
}
