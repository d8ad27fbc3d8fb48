/* Depth and stencil end to end: EGL (a depth24/stencil8 pbuffer config) + GLES2 + driver +
 * simulated GPU, against a reference model written here.
 *
 * The model keeps its own colour, 24-bit depth and 8-bit stencil buffers and applies every
 * GL call the test makes, following the GL ES 2.0 per-fragment rules and the depth
 * conversion r600sim documents (llvmpipe_backend/pixel/db.c):
 *  - coverage: pixel centres, top-left rule, exact integer edge functions (1/256 px grid,
 *    screen space y down; a vertex at X/256, Y/256 px is sent as clip X/8192 - 1,
 *    1 - Y/8192, so the viewport maps it back exactly);
 *  - window z of a vertex: clip z * ((f - n) * 0.5f) + (n + f) * 0.5f, in float (GL's
 *    viewport transform); depth at a pixel centre: z0 + (E1 (z1 - z0) + E2 (z2 - z0)) / A
 *    in double (E_k: edge functions opposite v_k, A: twice the area), plus the polygon
 *    offset factor * max(|dz/dx|, |dz/dy|) + units * 2^-23 (the driver programs units x2
 *    with a 2^-24 r-unit for 24-bit depth), clamped to [0, 1] and stored as
 *    round-half-to-even(z * (2^24 - 1));
 *  - stencil test, depth test, stencil ops with write masks, depth write, colour write.
 * Scenes use flat triangles (any shape: the plane is exactly constant) or planes whose
 * slopes and vertex depths are dyadic on power-of-two right triangles, so every value the
 * model computes is exact and the comparison is bit for bit. Depth contents are checked by
 * "probe" quads drawn with GL_EQUAL at each depth value a scene can leave, and stencil
 * contents bit by bit with GL_EQUAL and a one-bit value mask; every frame is read back
 * with glReadPixels and compared with the model pixel for pixel.
 * Prints "N passed, M failed" (checks) and the pixel mismatch count.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "egl_fixture.h"

#define SIZE 64
#define SUB 256         /* grid steps per pixel */
#define MAX_TRIS 64

static long pixel_mismatches, pixels_checked;

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)(rng >> 20);
}

/* ---- the reference model ---- */

static uint32_t m_color[SIZE * SIZE];   /* bytes R, G, B, A from the least significant */
static uint32_t m_depth[SIZE * SIZE];   /* 24-bit unorm */
static uint8_t m_stencil[SIZE * SIZE];

struct face_state {
   GLenum func;
   GLint ref;
   GLuint value_mask, write_mask;
   GLenum sfail, zfail, zpass;
};

/* The GL state the model needs, mirrored by the setters below. */
static struct {
   bool depth_test, depth_mask;
   GLenum depth_func;
   bool stencil_test;
   struct face_state face[2];          /* [0] front, [1] back */
   float near_val, far_val;
   bool offset_fill;
   float factor, units;
   GLenum front_face;
   bool scissor;
   int sc[4];                          /* GL window coordinates: x, y (bottom), w, h */
   bool color_mask[4];
   uint32_t clear_color;
   float clear_depth;
   int clear_stencil;
} S;

enum shader_mode { PLAIN, DISCARD, DEPTH_EXPORT };

static uint32_t encode24(double z)
{
   double v = z > 0.0 ? (z < 1.0 ? z : 1.0) : 0.0;
   v *= 16777215.0;
   double f = floor(v);
   if (v - f > 0.5 || (v - f == 0.5 && fmod(f, 2.0) == 1.0))
      f += 1.0;
   return (uint32_t)f;
}

static bool compare_func(GLenum func, uint32_t a, uint32_t b)
{
   switch (func) {
   case GL_NEVER: return false;
   case GL_LESS: return a < b;
   case GL_EQUAL: return a == b;
   case GL_LEQUAL: return a <= b;
   case GL_GREATER: return a > b;
   case GL_NOTEQUAL: return a != b;
   case GL_GEQUAL: return a >= b;
   default: return true;
   }
}

static uint8_t apply_op(GLenum op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case GL_ZERO: return 0;
   case GL_REPLACE: return ref;
   case GL_INCR: return s == 255 ? 255 : (uint8_t)(s + 1);
   case GL_DECR: return s == 0 ? 0 : (uint8_t)(s - 1);
   case GL_INVERT: return (uint8_t)~s;
   case GL_INCR_WRAP: return (uint8_t)(s + 1);
   case GL_DECR_WRAP: return (uint8_t)(s - 1);
   default: return s;
   }
}

static bool in_scissor(int x, int y)
{
   if (!S.scissor)
      return true;
   int gy = SIZE - 1 - y;   /* GL window row */
   return x >= S.sc[0] && x < S.sc[0] + S.sc[2] && gy >= S.sc[1] && gy < S.sc[1] + S.sc[3];
}

static void model_fragment(int x, int y, bool front, double z, uint32_t color,
                           enum shader_mode mode)
{
   int gx = x, gy = SIZE - 1 - y;
   if (mode == DISCARD && (gx + gy) % 2 == 0)
      return;
   if (mode == DEPTH_EXPORT)
      z = (gx + 0.5) / 64.0;   /* gl_FragDepthEXT = gl_FragCoord.x / 64.0 */
   int i = y * SIZE + x;
   uint32_t d = encode24(z);
   const struct face_state *f = &S.face[front ? 0 : 1];
   uint8_t ref = (uint8_t)(f->ref < 0 ? 0 : f->ref > 255 ? 255 : f->ref);
   uint8_t s = m_stencil[i];
   bool s_pass = true, z_pass = true;
   if (S.stencil_test)
      s_pass = compare_func(f->func, ref & f->value_mask, s & f->value_mask);
   if (s_pass && S.depth_test)
      z_pass = compare_func(S.depth_func, d, m_depth[i]);
   if (S.stencil_test) {
      GLenum op = !s_pass ? f->sfail : !z_pass ? f->zfail : f->zpass;
      uint8_t wm = (uint8_t)f->write_mask;
      m_stencil[i] = (uint8_t)((s & ~wm) | (apply_op(op, s, ref) & wm));
   }
   if (!s_pass || !z_pass)
      return;
   if (S.depth_test && S.depth_mask)
      m_depth[i] = d;
   for (int c = 0; c < 4; c++) {
      if (S.color_mask[c])
         m_color[i] = (m_color[i] & ~(0xFFu << (8 * c))) | (color & (0xFFu << (8 * c)));
   }
}

struct vtx {
   int32_t x, y;   /* screen position in 1/256 pixel, y down */
   float z;        /* clip-space z (w = 1) */
};

static float window_z(float zc)
{
   float scale = (S.far_val - S.near_val) * 0.5f;
   float translate = (S.near_val + S.far_val) * 0.5f;
   float p = zc * scale;
   return p + translate;
}

static int64_t edge(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t px, int64_t py)
{
   return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

static void model_triangle(const struct vtx *v, uint32_t color, enum shader_mode mode)
{
   int64_t x[3], y[3];
   double z[3];
   for (int k = 0; k < 3; k++) {
      x[k] = v[k].x;
      y[k] = v[k].y;
      z[k] = window_z(v[k].z);
   }
   int64_t area = edge(x[0], y[0], x[1], y[1], x[2], y[2]);
   if (area == 0)
      return;
   /* Screen y points down: a counter-clockwise triangle in GL window space has a negative
    * screen-space area. */
   bool front = (S.front_face == GL_CCW) == (area < 0);
   double dz1 = z[1] - z[0], dz2 = z[2] - z[0];
   double offset = 0.0;
   if (S.offset_fill) {
      double dzdx = (dz1 * (double)(y[2] - y[0]) - dz2 * (double)(y[1] - y[0])) * SUB / (double)area;
      double dzdy = (dz2 * (double)(x[1] - x[0]) - dz1 * (double)(x[2] - x[0])) * SUB / (double)area;
      offset = (double)S.factor * fmax(fabs(dzdx), fabs(dzdy)) + (double)S.units * ldexp(1.0, -23);
   }
   /* Orient counter-clockwise in screen terms (positive area) for the coverage test. */
   int o[3] = { 0, 1, 2 };
   if (area < 0) {
      o[1] = 2;
      o[2] = 1;
   }
   for (int py = 0; py < SIZE; py++) {
      for (int px = 0; px < SIZE; px++) {
         int64_t cx = (int64_t)px * SUB + SUB / 2, cy = (int64_t)py * SUB + SUB / 2;
         bool in = true;
         for (int e = 0; e < 3 && in; e++) {
            int a = o[e], b = o[(e + 1) % 3];
            int64_t d = edge(x[a], y[a], x[b], y[b], cx, cy);
            int64_t dx = x[b] - x[a], dy = y[b] - y[a];
            bool top_left = dy < 0 || (dy == 0 && dx > 0);
            in = d > 0 || (d == 0 && top_left);
         }
         if (!in || !in_scissor(px, py))
            continue;
         int64_t e1 = edge(x[2], y[2], x[0], y[0], cx, cy);   /* opposite v1 */
         int64_t e2 = edge(x[0], y[0], x[1], y[1], cx, cy);   /* opposite v2 */
         double zp = z[0] + ((double)e1 * dz1 + (double)e2 * dz2) / (double)area + offset;
         model_fragment(px, py, front, zp, color, mode);
      }
   }
}

static void model_clear(GLbitfield mask)
{
   for (int y = 0; y < SIZE; y++) {
      for (int x = 0; x < SIZE; x++) {
         if (!in_scissor(x, y))
            continue;
         int i = y * SIZE + x;
         if (mask & GL_COLOR_BUFFER_BIT) {
            for (int c = 0; c < 4; c++)
               if (S.color_mask[c])
                  m_color[i] = (m_color[i] & ~(0xFFu << (8 * c))) |
                               (S.clear_color & (0xFFu << (8 * c)));
         }
         if ((mask & GL_DEPTH_BUFFER_BIT) && S.depth_mask)
            m_depth[i] = encode24(S.clear_depth);
         if (mask & GL_STENCIL_BUFFER_BIT) {
            uint8_t wm = (uint8_t)S.face[0].write_mask;
            m_stencil[i] = (uint8_t)((m_stencil[i] & ~wm) | ((uint8_t)S.clear_stencil & wm));
         }
      }
   }
}

/* ---- GL calls mirrored into the model ---- */

static void set_depth(bool test, GLenum func, bool mask)
{
   if (test)
      glEnable(GL_DEPTH_TEST);
   else
      glDisable(GL_DEPTH_TEST);
   glDepthFunc(func);
   glDepthMask(mask ? GL_TRUE : GL_FALSE);
   S.depth_test = test;
   S.depth_func = func;
   S.depth_mask = mask;
}

static void set_stencil_test(bool on)
{
   if (on)
      glEnable(GL_STENCIL_TEST);
   else
      glDisable(GL_STENCIL_TEST);
   S.stencil_test = on;
}

static void faces(GLenum face, int *first, int *last)
{
   *first = face == GL_BACK ? 1 : 0;
   *last = face == GL_FRONT ? 0 : 1;
}

static void stencil_func(GLenum face, GLenum func, GLint ref, GLuint mask)
{
   glStencilFuncSeparate(face, func, ref, mask);
   int a, b;
   faces(face, &a, &b);
   for (int f = a; f <= b; f++) {
      S.face[f].func = func;
      S.face[f].ref = ref;
      S.face[f].value_mask = mask & 0xFF;
   }
}

static void stencil_op(GLenum face, GLenum sfail, GLenum zfail, GLenum zpass)
{
   glStencilOpSeparate(face, sfail, zfail, zpass);
   int a, b;
   faces(face, &a, &b);
   for (int f = a; f <= b; f++) {
      S.face[f].sfail = sfail;
      S.face[f].zfail = zfail;
      S.face[f].zpass = zpass;
   }
}

static void stencil_mask(GLenum face, GLuint mask)
{
   glStencilMaskSeparate(face, mask);
   int a, b;
   faces(face, &a, &b);
   for (int f = a; f <= b; f++)
      S.face[f].write_mask = mask & 0xFF;
}

static float clamp01(float v)
{
   return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

static void depth_range(float n, float f)
{
   glDepthRangef(n, f);
   S.near_val = clamp01(n);
   S.far_val = clamp01(f);
}

static void polygon_offset(bool on, float factor, float units)
{
   if (on)
      glEnable(GL_POLYGON_OFFSET_FILL);
   else
      glDisable(GL_POLYGON_OFFSET_FILL);
   glPolygonOffset(factor, units);
   S.offset_fill = on;
   S.factor = factor;
   S.units = units;
}

static void front_face(GLenum mode)
{
   glFrontFace(mode);
   S.front_face = mode;
}

static void scissor(bool on, int x, int y, int w, int h)
{
   if (on)
      glEnable(GL_SCISSOR_TEST);
   else
      glDisable(GL_SCISSOR_TEST);
   glScissor(x, y, w, h);
   S.scissor = on;
   S.sc[0] = x;
   S.sc[1] = y;
   S.sc[2] = w;
   S.sc[3] = h;
}

static void color_mask(bool r, bool g, bool b, bool a)
{
   glColorMask(r, g, b, a);
   S.color_mask[0] = r;
   S.color_mask[1] = g;
   S.color_mask[2] = b;
   S.color_mask[3] = a;
}

static float byte_to_float(uint32_t c, int i)
{
   return (float)((c >> (8 * i)) & 0xFF) / 255.0f;
}

static void clear_values(uint32_t color, float depth, int stencil)
{
   glClearColor(byte_to_float(color, 0), byte_to_float(color, 1), byte_to_float(color, 2),
                byte_to_float(color, 3));
   glClearDepthf(depth);
   glClearStencil(stencil);
   S.clear_color = color;
   S.clear_depth = clamp01(depth);
   S.clear_stencil = stencil;
}

static void clear(GLbitfield mask)
{
   glClear(mask);
   model_clear(mask);
}

/* ---- programs and drawing ---- */

struct program {
   GLuint id;
   GLint u_color;
};

static struct program programs[3];
static bool have_frag_depth;

static const char vs_source[] =
   "attribute vec3 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 1.0); }\n";
static const char *const fs_sources[3] = {
   "precision mediump float;\n"
   "uniform vec4 u_color;\n"
   "void main() { gl_FragColor = u_color; }\n",
   /* Discards every other pixel in a checkerboard: whole-quad and partial-quad kills. */
   "precision highp float;\n"
   "uniform vec4 u_color;\n"
   "void main() {\n"
   "   if (mod(floor(gl_FragCoord.x) + floor(gl_FragCoord.y), 2.0) == 0.0) discard;\n"
   "   gl_FragColor = u_color;\n"
   "}\n",
   "#extension GL_EXT_frag_depth : require\n"
   "precision highp float;\n"
   "uniform vec4 u_color;\n"
   "void main() {\n"
   "   gl_FragDepthEXT = gl_FragCoord.x / 64.0;\n"
   "   gl_FragColor = u_color;\n"
   "}\n",
};

static bool build_program(struct program *p, const char *fs)
{
   static const char *const attribs[] = {"a_pos", NULL};
   p->id = egl_fixture_program(vs_source, fs, attribs);
   p->u_color = p->id ? glGetUniformLocation(p->id, "u_color") : -1;
   return p->id && p->u_color >= 0;
}

/* Draws `n` triangles in one glDrawArrays with the program of `mode`, and into the model. */
static void draw(const struct vtx *v, int n, uint32_t color, enum shader_mode mode)
{
   static float clip[3 * MAX_TRIS][3];
   for (int i = 0; i < 3 * n; i++) {
      clip[i][0] = (float)v[i].x / (SIZE / 2 * SUB) - 1.0f;
      clip[i][1] = 1.0f - (float)v[i].y / (SIZE / 2 * SUB);
      clip[i][2] = v[i].z;
   }
   glUseProgram(programs[mode].id);
   glUniform4f(programs[mode].u_color, byte_to_float(color, 0), byte_to_float(color, 1),
               byte_to_float(color, 2), byte_to_float(color, 3));
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sizeof(clip[0]) * 3 * (size_t)n), clip,
                GL_STREAM_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, 3 * n);
   for (int i = 0; i < n; i++)
      model_triangle(&v[3 * i], color, mode);
}

/* The whole surface as two triangles at one clip z (the diagonal splits it exactly). */
static void fullscreen(struct vtx q[6], float z)
{
   const int32_t e = SIZE * SUB;
   const struct vtx t[6] = { { 0, 0, z }, { e, 0, z }, { 0, e, z },
                             { e, 0, z }, { e, e, z }, { 0, e, z } };
   memcpy(q, t, sizeof(t));
}

static void draw_fullscreen(float z, uint32_t color, enum shader_mode mode)
{
   struct vtx q[6];
   fullscreen(q, z);
   draw(q, 2, color, mode);
}

/* Reads the surface back and compares it with the model. */
static void check_frame(const char *what)
{
   static uint8_t pixels[SIZE * SIZE * 4];
   egl_fixture_read(SIZE, SIZE, pixels, true);
   long bad = 0;
   for (int y = 0; y < SIZE; y++) {
      for (int x = 0; x < SIZE; x++) {
         const uint8_t *p = &pixels[(y * SIZE + x) * 4];
         uint32_t got = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                        (uint32_t)p[3] << 24;
         uint32_t want = m_color[y * SIZE + x];
         if (got != want) {
            if (bad < 4)
               printf("  %s: pixel (%d,%d) is %08x, expected %08x (model depth %06x stencil "
                      "%02x)\n", what, x, y, got, want, m_depth[y * SIZE + x],
                      m_stencil[y * SIZE + x]);
            bad++;
         }
      }
   }
   pixels_checked += SIZE * SIZE;
   pixel_mismatches += bad;
   char msg[200];
   snprintf(msg, sizeof(msg), "%s: %ld of %d pixels differ from the model", what, bad,
            SIZE * SIZE);
   check(bad == 0, "%s", msg);
   check_gl(what);
}

static uint32_t rgba(uint8_t r, uint8_t g, uint8_t b)
{
   return (uint32_t)r | (uint32_t)g << 8 | (uint32_t)b << 16 | 0xFFu << 24;
}

/* ---- probes: what the depth and stencil buffers hold, seen through colour ---- */

static const float zset[8] = { -1.0f, -0.75f, -0.5f, -0.25f, 0.0f, 0.25f, 0.5f, 1.0f };

/* Full-screen quads at each clip z of zset with GL_EQUAL and no depth write: a pixel ends
 * up in the colour of the quad whose depth it holds. */
static void probe_depth(const char *what)
{
   set_stencil_test(false);
   set_depth(true, GL_EQUAL, false);
   polygon_offset(false, 0.0f, 0.0f);
   for (int i = 0; i < 8; i++)
      draw_fullscreen(zset[i], rgba((uint8_t)(0x10 + 0x20 * i), 0xEE, (uint8_t)(0x11 * i)), PLAIN);
   char name[160];
   snprintf(name, sizeof(name), "%s, depth probe", what);
   check_frame(name);
}

/* One pass per stencil bit: GL_EQUAL with value mask 1 << b and reference 0xFF passes where
 * bit b is set. */
static void probe_stencil(const char *what)
{
   set_depth(false, GL_ALWAYS, false);
   polygon_offset(false, 0.0f, 0.0f);
   set_stencil_test(true);
   stencil_op(GL_FRONT_AND_BACK, GL_KEEP, GL_KEEP, GL_KEEP);
   for (int b = 0; b < 8; b++) {
      stencil_func(GL_FRONT_AND_BACK, GL_EQUAL, 0xFF, 1u << b);
      draw_fullscreen(0.0f, rgba((uint8_t)(0x20 * b + 7), (uint8_t)(0xF0 - 0x10 * b), 0x5C), PLAIN);
      char name[160];
      snprintf(name, sizeof(name), "%s, stencil bit %d probe", what, b);
      check_frame(name);
   }
}

static void reset_state(void)
{
   set_depth(false, GL_LESS, true);
   set_stencil_test(false);
   stencil_func(GL_FRONT_AND_BACK, GL_ALWAYS, 0, 0xFF);
   stencil_op(GL_FRONT_AND_BACK, GL_KEEP, GL_KEEP, GL_KEEP);
   stencil_mask(GL_FRONT_AND_BACK, 0xFF);
   depth_range(0.0f, 1.0f);
   polygon_offset(false, 0.0f, 0.0f);
   front_face(GL_CCW);
   scissor(false, 0, 0, SIZE, SIZE);
   color_mask(true, true, true, true);
   clear_values(0, 1.0f, 0);
}

static void random_triangles(struct vtx *v, int n)
{
   for (int i = 0; i < n; i++) {
      float z = zset[rnd() % 8];
      for (int k = 0; k < 3; k++) {
         v[3 * i + k].x = (int32_t)(rnd() % (80 * SUB)) - 8 * SUB;
         v[3 * i + k].y = (int32_t)(rnd() % (80 * SUB)) - 8 * SUB;
         v[3 * i + k].z = z;
      }
   }
}

/* ---- scenes ---- */

static const GLenum funcs[8] = { GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL,
                                 GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS };
static const char *const func_names[8] = { "NEVER", "LESS", "EQUAL", "LEQUAL",
                                           "GREATER", "NOTEQUAL", "GEQUAL", "ALWAYS" };

/* Overlapping flat triangles at eight depths (window 0 .. 1, ties included) under each
 * depth function, with depth writes randomly off; then the depth probe. */
static void test_depth_funcs(void)
{
   for (int f = 0; f < 8; f++) {
      reset_state();
      clear_values(rgba(0, 0, 0x40), 0.5f, 0);
      clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
      struct vtx v[3 * 40];
      random_triangles(v, 40);
      for (int i = 0; i < 40; i++) {
         set_depth(true, funcs[f], rnd() % 4 != 0);
         draw(&v[3 * i], 1, rgba((uint8_t)(5 * i + 3), (uint8_t)(0x80 + f), 0x33), PLAIN);
      }
      char name[96];
      snprintf(name, sizeof(name), "depth func %s", func_names[f]);
      check_frame(name);
      probe_depth(name);
   }
}

/* glDepthRangef, including a reversed and a non-dyadic range. */
static void test_depth_range(void)
{
   static const float ranges[3][2] = { { 0.25f, 0.75f }, { 0.75f, 0.25f }, { 0.2f, 0.6f } };
   for (int r = 0; r < 3; r++) {
      reset_state();
      depth_range(ranges[r][0], ranges[r][1]);
      clear_values(0, 0.6f, 0);
      clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      struct vtx v[3 * 30];
      random_triangles(v, 30);
      set_depth(true, GL_LESS, true);
      for (int i = 0; i < 30; i++)
         draw(&v[3 * i], 1, rgba((uint8_t)(7 * i + 1), 0x44, (uint8_t)(0x40 * r)), PLAIN);
      char name[96];
      snprintf(name, sizeof(name), "glDepthRangef(%g, %g)", ranges[r][0], ranges[r][1]);
      check_frame(name);
      probe_depth(name);
   }
}

/* A plane over the whole surface: window z = z00 + sx * X + sy * Y at screen position
 * (X, Y) in pixels (y down), as two right triangles with 64-pixel legs (twice-area 2^28
 * grid units), so every depth the model computes is exact. Vertex clip z = 2 z - 1. */
static void plane_quad(struct vtx q[6], double z00, double sx, double sy, bool reversed)
{
   const int32_t e = SIZE * SUB;
   const int32_t px[6] = { 0, e, 0, e, e, 0 }, py[6] = { 0, 0, e, 0, e, e };
   for (int i = 0; i < 6; i++) {
      int j = reversed ? (i / 3) * 3 + 2 - i % 3 : i;
      double zw = z00 + sx * (px[j] / SUB) + sy * (py[j] / SUB);
      q[i] = (struct vtx){ px[j], py[j], (float)(2.0 * zw - 1.0) };
   }
}

static void test_polygon_offset(void)
{
   /* Flat quads and the units term: r = 2^-23 per unit for the 24-bit buffer. */
   reset_state();
   clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   set_depth(true, GL_LESS, true);
   draw_fullscreen(0.0f, rgba(0x10, 0x20, 0x30), PLAIN);
   static const struct { float factor, units; GLenum func; bool write; } flat[] = {
      { 0.0f, -1.0f, GL_LESS, true },   { 0.0f, 1.0f, GL_LEQUAL, false },
      { 0.0f, 1.0f, GL_GREATER, false }, { 0.0f, -0.5f, GL_EQUAL, false },
      { 0.0f, 0.5f, GL_EQUAL, false },  { 4.0f, 1.0f, GL_GEQUAL, true },
      { 0.0f, -3.0f, GL_LESS, true },   { 0.0f, 2.0f, GL_EQUAL, false },
   };
   for (unsigned i = 0; i < sizeof(flat) / sizeof(flat[0]); i++) {
      polygon_offset(true, flat[i].factor, flat[i].units);
      set_depth(true, flat[i].func, flat[i].write);
      draw_fullscreen(0.0f, rgba((uint8_t)(0x40 + 16 * i), 0x99, 0x11), PLAIN);
      char name[96];
      snprintf(name, sizeof(name), "flat polygon offset step %u", i);
      check_frame(name);
   }

   /* Sloped planes and the factor term: the slope is the larger of |dz/dx| and |dz/dy|. */
   static const struct { double sx, sy; } planes[3] = {
      { 0x1p-12, 0.0 }, { 0x1p-12, -0x1p-11 }, { -0x1p-14, 0x1p-16 },
   };
   static const struct { float factor, units; GLenum func; bool write; bool back; } steps[] = {
      { -1.0f, 0.0f, GL_LESS, false, false },    { 0x1p-13f, 0.0f, GL_EQUAL, false, false },
      { -0x1p-13f, 0.0f, GL_EQUAL, false, true }, { 0.5f, 1.0f, GL_GREATER, false, false },
      { 0x1p-12f, -1.0f, GL_EQUAL, false, true }, { -0.25f, 0.0f, GL_LESS, true, false },
      { 0.125f, 2.0f, GL_LEQUAL, false, true },   { 0x1p-11f, 0.0f, GL_NOTEQUAL, false, false },
   };
   for (int p = 0; p < 3; p++) {
      reset_state();
      clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      struct vtx q[6];
      plane_quad(q, 0.5, planes[p].sx, planes[p].sy, false);
      set_depth(true, GL_LESS, true);
      draw(q, 2, rgba(0x22, 0x33, 0x44), PLAIN);
      for (unsigned i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
         plane_quad(q, 0.5, planes[p].sx, planes[p].sy, steps[i].back);
         polygon_offset(true, steps[i].factor, steps[i].units);
         set_depth(true, steps[i].func, steps[i].write);
         draw(q, 2, rgba((uint8_t)(0x30 + 20 * i), (uint8_t)(0x50 + p), 0xA0), PLAIN);
         char name[96];
         snprintf(name, sizeof(name), "sloped plane %d polygon offset step %u", p, i);
         check_frame(name);
      }
   }
}

static const GLenum ops[8] = { GL_KEEP, GL_ZERO, GL_REPLACE, GL_INCR,
                               GL_DECR, GL_INVERT, GL_INCR_WRAP, GL_DECR_WRAP };

/* Columns of stencil values (scissored clears), the lower half of the surface nearer in
 * depth than the test quad, then one quad per stencil op slot combination. */
static void stencil_setup(void)
{
   static const int column[8] = { 0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF, 0x55, 0xAA };
   reset_state();
   clear_values(0, 0.5f, 0);
   clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   for (int c = 0; c < 8; c++) {
      scissor(true, 8 * c, 0, 8, SIZE);
      clear_values(0, 0.5f, column[c]);
      clear(GL_STENCIL_BUFFER_BIT);
   }
   scissor(true, 0, 0, SIZE, SIZE / 2);   /* GL rows 0..31: the lower half on screen */
   clear_values(0, 0.25f, 0);
   clear(GL_DEPTH_BUFFER_BIT);
   scissor(false, 0, 0, SIZE, SIZE);
}

static void test_stencil_ops(void)
{
   static const GLuint refs[8] = { 0x80, 0x01, 0xFF, 0x7F, 0x55, 0x00, 0xAA, 0x3C };
   static const GLuint masks[8] = { 0xFF, 0x0F, 0xF0, 0xFF, 0x81, 0xFF, 0x7E, 0xFF };
   static const GLuint wmasks[8] = { 0xFF, 0x3C, 0xFF, 0xF0, 0xFF, 0x0F, 0xFF, 0x81 };
   for (int i = 0; i < 8; i++) {
      stencil_setup();
      set_stencil_test(true);
      set_depth(true, GL_LESS, i % 2 == 0);
      stencil_func(GL_FRONT_AND_BACK, funcs[(i + 1) % 8], (GLint)refs[i], masks[i]);
      stencil_op(GL_FRONT_AND_BACK, ops[i], ops[(i + 3) % 8], ops[(i + 5) % 8]);
      stencil_mask(GL_FRONT_AND_BACK, wmasks[i]);
      /* Window z 0.375: passes the upper half (0.5), fails the lower half (0.25). */
      draw_fullscreen(-0.25f, rgba((uint8_t)(0x21 * i), 0x7A, 0xC3), PLAIN);
      char name[96];
      snprintf(name, sizeof(name), "stencil ops sfail %d zfail %d zpass %d", i, (i + 3) % 8,
               (i + 5) % 8);
      check_frame(name);
      probe_stencil(name);
      /* The same again on top: wrap and clamp at the ends of the range, and a second
       * application of each op. */
      set_stencil_test(true);
      set_depth(true, GL_LESS, false);
      stencil_func(GL_FRONT_AND_BACK, funcs[(i + 1) % 8], (GLint)refs[i], masks[i]);
      stencil_op(GL_FRONT_AND_BACK, ops[(i + 6) % 8], ops[(i + 1) % 8], ops[i]);
      stencil_mask(GL_FRONT_AND_BACK, 0xFF);
      draw_fullscreen(-0.25f, rgba(0x12, (uint8_t)(0x19 * i), 0x34), PLAIN);
      snprintf(name, sizeof(name), "stencil ops, second pass %d", i);
      check_frame(name);
      probe_stencil(name);
   }
}

/* Front and back faces with their own functions, references, masks and ops, under both
 * glFrontFace orientations. */
static void test_two_sided(void)
{
   for (int pass = 0; pass < 2; pass++) {
      stencil_setup();
      front_face(pass ? GL_CW : GL_CCW);
      set_stencil_test(true);
      set_depth(true, GL_LESS, false);
      stencil_func(GL_FRONT, GL_ALWAYS, 0x3C, 0xFF);
      stencil_func(GL_BACK, pass ? GL_GEQUAL : GL_LESS, 0x80, pass ? 0xF0 : 0xFF);
      stencil_op(GL_FRONT, GL_KEEP, GL_INCR_WRAP, GL_REPLACE);
      stencil_op(GL_BACK, pass ? GL_DECR_WRAP : GL_INVERT, GL_ZERO, GL_INCR);
      stencil_mask(GL_FRONT, 0xFF);
      stencil_mask(GL_BACK, pass ? 0x0F : 0xFF);
      /* Two overlapping triangles of opposite winding, then the second again. */
      const struct vtx t[9] = {
         { 2 * SUB, 2 * SUB, -0.25f }, { 60 * SUB, 6 * SUB, -0.25f }, { 10 * SUB, 62 * SUB, -0.25f },
         { 62 * SUB, 60 * SUB, -0.25f }, { 56 * SUB, 1 * SUB, -0.25f }, { 3 * SUB, 40 * SUB, -0.25f },
         { 62 * SUB + 77, 63 * SUB, -0.25f }, { 40 * SUB, 2 * SUB + 5, -0.25f }, { 1 * SUB, 50 * SUB, -0.25f },
      };
      draw(t, 3, rgba(0x66, 0x77, (uint8_t)(0x88 + pass)), PLAIN);
      char name[96];
      snprintf(name, sizeof(name), "two-sided stencil, front face %s", pass ? "CW" : "CCW");
      check_frame(name);
      probe_stencil(name);
   }
}

/* glClear of depth and stencil under glDepthMask, glStencilMask(Separate) and scissor. */
static void test_clear_masks(void)
{
   reset_state();
   clear_values(rgba(9, 9, 9), 1.0f, 0x00);
   clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   set_depth(false, GL_LESS, false);
   clear_values(rgba(9, 9, 9), 0.0f, 0xAB);
   clear(GL_DEPTH_BUFFER_BIT);                          /* masked: no effect */
   stencil_mask(GL_FRONT_AND_BACK, 0x0F);
   clear(GL_STENCIL_BUFFER_BIT);                        /* low nibble only */
   set_depth(false, GL_LESS, true);
   scissor(true, 16, 8, 32, 20);
   clear_values(rgba(9, 9, 9), 0.25f, 0x5A);
   stencil_mask(GL_FRONT, 0xF0);
   stencil_mask(GL_BACK, 0x0F);                         /* clears use the front mask */
   clear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   scissor(true, 40, 30, 20, 30);
   clear_values(rgba(9, 9, 9), 0.875f, 0xC3);
   stencil_mask(GL_FRONT_AND_BACK, 0xFF);
   clear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   scissor(false, 0, 0, SIZE, SIZE);
   clear_values(rgba(0x12, 0x34, 0x56), 0.625f, 0x00);
   stencil_mask(GL_FRONT_AND_BACK, 0x00);
   clear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);  /* stencil fully masked */
   check_frame("masked and scissored clears");
   probe_depth("masked and scissored clears");
   probe_stencil("masked and scissored clears");
}

/* A discarding shader (checkerboard): discarded pixels change neither depth nor stencil. */
static void test_discard(void)
{
   reset_state();
   clear_values(0, 0.5f, 0);
   clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   set_stencil_test(true);
   stencil_func(GL_FRONT_AND_BACK, GL_ALWAYS, 0, 0xFF);
   stencil_op(GL_FRONT_AND_BACK, GL_KEEP, GL_DECR_WRAP, GL_INCR);
   struct vtx v[3 * 24];
   random_triangles(v, 24);
   for (int i = 0; i < 24; i++) {
      set_depth(true, i % 3 ? GL_LESS : GL_GEQUAL, true);
      draw(&v[3 * i], 1, rgba(0xD0, (uint8_t)(9 * i), 0x0D), i % 2 ? DISCARD : PLAIN);
   }
   check_frame("discard with depth and stencil");
   probe_depth("discard with depth and stencil");
   probe_stencil("discard with depth and stencil");
}

/* gl_FragDepthEXT replaces the interpolated depth (late Z) and takes no polygon offset. */
static void test_depth_export(void)
{
   reset_state();
   clear_values(0, 0.5f, 0);
   clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   set_depth(true, GL_LESS, true);
   polygon_offset(true, 0.0f, 100.0f);
   draw_fullscreen(-1.0f, rgba(0xE1, 0x01, 0x02), DEPTH_EXPORT);
   check_frame("depth export, LESS against 0.5");
   polygon_offset(false, 0.0f, 0.0f);
   draw_fullscreen(0.25f, rgba(0xE2, 0x03, 0x04), PLAIN);
   check_frame("flat quad over exported depth");
   set_depth(true, GL_EQUAL, false);
   draw_fullscreen(1.0f, rgba(0xE3, 0x05, 0x06), DEPTH_EXPORT);
   check_frame("depth export, EQUAL against itself");
}

/* ---- setup ---- */

int main(void)
{
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, SIZE, SIZE, 24, 8);   /* depth24/stencil8 */
   if (err) {
      check(false, "%s", err);
      return check_report();
   }

   GLint depth_bits = 0, stencil_bits = 0;
   glGetIntegerv(GL_DEPTH_BITS, &depth_bits);
   glGetIntegerv(GL_STENCIL_BITS, &stencil_bits);
   check(depth_bits == 24 && stencil_bits == 8, "GL_DEPTH_BITS 24 and GL_STENCIL_BITS 8");
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   have_frag_depth = ext && strstr(ext, "GL_EXT_frag_depth");
   check(have_frag_depth, "GL_EXTENSIONS lists GL_EXT_frag_depth");

   bool built = build_program(&programs[PLAIN], fs_sources[PLAIN]) &&
                build_program(&programs[DISCARD], fs_sources[DISCARD]) &&
                (!have_frag_depth || build_program(&programs[DEPTH_EXPORT], fs_sources[DEPTH_EXPORT]));
   check(built, "programs build");
   if (built) {
      GLuint buf;
      glGenBuffers(1, &buf);
      glBindBuffer(GL_ARRAY_BUFFER, buf);
      glEnableVertexAttribArray(0);
      glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, 0);
      glViewport(0, 0, SIZE, SIZE);
      check_gl("setup");

      test_depth_funcs();
      test_depth_range();
      test_polygon_offset();
      test_stencil_ops();
      test_two_sided();
      test_clear_masks();
      test_discard();
      if (have_frag_depth)
         test_depth_export();
      glDeleteBuffers(1, &buf);
   }

   egl_fixture_fini(&fx);
   printf("%ld of %ld pixels mismatched\n", pixel_mismatches, pixels_checked);
   return check_report();
}
