/* The scene of the "scene" and "gpu" demos (scene_gl.h): a textured cube with per-fragment
 * (Blinn-Phong) lighting, rotating in front of a flat backdrop, depth-tested. The texture is generated here (a checkerboard with a
 * border), uploaded with glTexImage2D and mipmapped with glGenerateMipmap, and sampled with
 * LINEAR_MIPMAP_LINEAR. The backdrop is drawn after the cube and lies behind it, so only the
 * depth test keeps the cube visible.
 * The backdrop's colour is BACKDROP_RGB, unlit, over NDC [-0.9, 0.9]^2 at the far end of
 * the depth range; the clear colour is CLEAR_RGB (tests/demos checks both). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <GLES2/gl2.h>

#include "gl_offscreen.h"
#include "scene_gl.h"

#define TEX_SIZE 128
#define CLEAR_RGB 0.0f, 0.0f, 0.2f          /* bytes 0, 0, 51 */
#define BACKDROP_RGB 0.2f, 0.8f, 0.4f       /* bytes 51, 204, 102 */

static const char lit_vs[] =
   "attribute vec3 a_pos;\n"
   "attribute vec3 a_normal;\n"
   "attribute vec2 a_uv;\n"
   "uniform mat4 u_mvp;\n"
   "uniform mat4 u_model;\n"
   "varying vec3 v_normal;\n"
   "varying vec3 v_world;\n"
   "varying vec2 v_uv;\n"
   "void main()\n"
   "{\n"
   "   v_normal = (u_model * vec4(a_normal, 0.0)).xyz;\n"
   "   v_world = (u_model * vec4(a_pos, 1.0)).xyz;\n"
   "   v_uv = a_uv;\n"
   "   gl_Position = u_mvp * vec4(a_pos, 1.0);\n"
   "}\n";

static const char lit_fs[] =
   "precision mediump float;\n"
   "uniform sampler2D u_tex;\n"
   "uniform vec3 u_light;\n"
   "uniform vec3 u_eye;\n"
   "varying vec3 v_normal;\n"
   "varying vec3 v_world;\n"
   "varying vec2 v_uv;\n"
   "void main()\n"
   "{\n"
   "   vec3 n = normalize(v_normal);\n"
   "   vec3 l = normalize(u_light - v_world);\n"
   "   vec3 h = normalize(l + normalize(u_eye - v_world));\n"
   "   float diffuse = max(dot(n, l), 0.0);\n"
   "   float specular = pow(max(dot(n, h), 0.0), 32.0);\n"
   "   vec3 albedo = texture2D(u_tex, v_uv).rgb;\n"
   "   gl_FragColor = vec4(albedo * (0.15 + 0.85 * diffuse) + vec3(0.5 * specular), 1.0);\n"
   "}\n";

static const char flat_vs[] =
   "attribute vec3 a_pos;\n"
   "void main() { gl_Position = vec4(a_pos, 1.0); }\n";
static const char flat_fs[] =
   "precision mediump float;\n"
   "uniform vec4 u_color;\n"
   "void main() { gl_FragColor = u_color; }\n";

/* Cube: 6 faces x 2 triangles, then the backdrop quad (2 triangles); 8 floats a vertex. */
#define CUBE_VERTS 36
#define BACKDROP_FIRST CUBE_VERTS
#define NUM_VERTS (CUBE_VERTS + 6)

static void build_vertices(float *v)
{
   static const int axes[6][3] = {{0, 1, 2}, {0, 1, 2}, {1, 2, 0}, {1, 2, 0}, {2, 0, 1}, {2, 0, 1}};
   static const float corner[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
   for (int f = 0; f < 6; f++) {
      float s = (f & 1) ? -1.0f : 1.0f;   /* the face's side along its normal axis */
      int u = axes[f][0], w = axes[f][1], nrm = axes[f][2];
      for (int k = 0; k < 6; k++) {
         float *o = v + (f * 6 + k) * 8;
         float cu = corner[k][0], cw = corner[k][1] * s;   /* keep counter-clockwise */
         o[u] = 0.5f * cu;
         o[w] = 0.5f * cw;
         o[nrm] = 0.5f * s;
         o[3] = o[4] = o[5] = 0.0f;
         o[3 + nrm] = s;
         o[6] = 0.5f + 0.5f * cu;
         o[7] = 0.5f + 0.5f * cw;
      }
   }
   static const float quad[6][2] = {{-0.9f, -0.9f}, {0.9f, -0.9f}, {0.9f, 0.9f},
                                    {-0.9f, -0.9f}, {0.9f, 0.9f}, {-0.9f, 0.9f}};
   for (int k = 0; k < 6; k++) {
      float *o = v + (BACKDROP_FIRST + k) * 8;
      memset(o, 0, 8 * sizeof(float));
      o[0] = quad[k][0];
      o[1] = quad[k][1];
      o[2] = 0.999f;   /* far, but inside the depth range */
   }
}

/* A checkerboard with a darker border: orange and cream squares, 8 across. */
static void upload_texture(struct scene_gl *s)
{
   uint8_t *t = malloc(TEX_SIZE * TEX_SIZE * 4);
   for (int y = 0; y < TEX_SIZE; y++) {
      for (int x = 0; x < TEX_SIZE; x++) {
         uint8_t *p = t + (y * TEX_SIZE + x) * 4;
         bool border = x < 4 || y < 4 || x >= TEX_SIZE - 4 || y >= TEX_SIZE - 4;
         bool odd = ((x / 16) ^ (y / 16)) & 1;
         p[0] = border ? 60 : odd ? 240 : 250;
         p[1] = border ? 40 : odd ? 140 : 235;
         p[2] = border ? 30 : odd ? 40 : 200;
         p[3] = 255;
      }
   }
   glGenTextures(1, &s->tex);
   glBindTexture(GL_TEXTURE_2D, s->tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, TEX_SIZE, TEX_SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, t);
   glGenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   free(t);
}

/* Column-major 4x4 matrices. */
static void mat_mul(float *out, const float *a, const float *b)
{
   float r[16];
   for (int c = 0; c < 4; c++) {
      for (int row = 0; row < 4; row++) {
         float sum = 0.0f;
         for (int k = 0; k < 4; k++)
            sum += a[k * 4 + row] * b[c * 4 + k];
         r[c * 4 + row] = sum;
      }
   }
   memcpy(out, r, sizeof(r));
}

static void mat_rotation(float *m, float yaw, float pitch)
{
   float cy = cosf(yaw), sy = sinf(yaw), cp = cosf(pitch), sp = sinf(pitch);
   const float ry[16] = {cy, 0, -sy, 0, 0, 1, 0, 0, sy, 0, cy, 0, 0, 0, 0, 1};
   const float rx[16] = {1, 0, 0, 0, 0, cp, sp, 0, 0, -sp, cp, 0, 0, 0, 0, 1};
   mat_mul(m, rx, ry);
}

static void mat_perspective(float *m, float fovy, float aspect, float znear, float zfar)
{
   float f = 1.0f / tanf(fovy / 2.0f);
   memset(m, 0, 16 * sizeof(float));
   m[0] = f / aspect;
   m[5] = f;
   m[10] = (zfar + znear) / (znear - zfar);
   m[11] = -1.0f;
   m[14] = 2.0f * zfar * znear / (znear - zfar);
}

bool scene_gl_init(struct scene_gl *s)
{
   static const char *const lit_attribs[] = {"a_pos", "a_normal", "a_uv", NULL};
   static const char *const flat_attribs[] = {"a_pos", NULL};
   s->lit = gl_program_build(lit_vs, lit_fs, lit_attribs);
   s->flat = gl_program_build(flat_vs, flat_fs, flat_attribs);
   if (!s->lit || !s->flat)
      return false;
   s->u_mvp = glGetUniformLocation(s->lit, "u_mvp");
   s->u_model = glGetUniformLocation(s->lit, "u_model");
   s->u_light = glGetUniformLocation(s->lit, "u_light");
   s->u_eye = glGetUniformLocation(s->lit, "u_eye");
   s->u_color = glGetUniformLocation(s->flat, "u_color");
   float verts[NUM_VERTS * 8];
   build_vertices(verts);
   glGenBuffers(1, &s->vbo);
   glBindBuffer(GL_ARRAY_BUFFER, s->vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
   upload_texture(s);
   return true;
}

void scene_gl_draw(struct scene_gl *s, const struct sdl_view *view, unsigned w, unsigned h)
{
   glViewport(0, 0, (GLsizei)w, (GLsizei)h);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glEnable(GL_CULL_FACE);
   glClearColor(CLEAR_RGB, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

   float model[16], proj[16], mvp[16];
   float spin = (float)view->time * 0.8f;
   mat_rotation(model, view->yaw + spin + 0.6f, view->pitch + 0.5f);
   model[12] = view->pan_x * 4.0f;
   model[13] = view->pan_y * 4.0f;
   model[14] = -3.0f / view->zoom;
   mat_perspective(proj, 0.8f, (float)w / (float)h, 0.5f, 20.0f);
   mat_mul(mvp, proj, model);

   glBindBuffer(GL_ARRAY_BUFFER, s->vbo);
   glUseProgram(s->lit);
   glUniformMatrix4fv(s->u_mvp, 1, GL_FALSE, mvp);
   glUniformMatrix4fv(s->u_model, 1, GL_FALSE, model);
   glUniform3f(s->u_light, 2.0f, 3.0f, 1.0f);
   glUniform3f(s->u_eye, 0.0f, 0.0f, 0.0f);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 32, (void *)0);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 32, (void *)12);
   glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 32, (void *)24);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glEnableVertexAttribArray(2);
   glDrawArrays(GL_TRIANGLES, 0, CUBE_VERTS);
   glDisableVertexAttribArray(1);
   glDisableVertexAttribArray(2);

   glUseProgram(s->flat);
   glUniform4f(s->u_color, BACKDROP_RGB, 1.0f);
   glDrawArrays(GL_TRIANGLES, BACKDROP_FIRST, 6);
}
