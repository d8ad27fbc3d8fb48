/* Vertex strides the fetch constant's 11-bit STRIDE field cannot hold (over 2047): the
 * driver repacks what the draw fetches at a compact stride, so the image is exactly the one
 * the same vertices give at stride 16. Vertices: a float vec2 position at byte 0 and a
 * normalized ubyte4 colour at byte 8 of each vertex (two arrays of one buffer, interpolated
 * colours: a wrong vertex changes many pixels). Each stride (2047 the boundary, 2048, 4096,
 * 65536) is drawn from a buffer object and from client memory, with glDrawArrays and with
 * glDrawElements (indices out of order); the GL_FIXED position path at the large strides too. */
#include <stdlib.h>

#include "egl_fixture.h"

#define W 32
#define H 32
#define NUM_VERTS 9

static const char vs_src[] =
   "attribute vec2 pos;\n"
   "attribute vec4 col;\n"
   "varying vec4 v_col;\n"
   "void main() { v_col = col; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_src[] =
   "precision mediump float;\n"
   "varying vec4 v_col;\n"
   "void main() { gl_FragColor = v_col; }\n";

/* Three overlapping triangles with a colour per vertex. */
static const float positions[NUM_VERTS][2] = {
   { -0.9f, -0.8f }, { 0.7f, -0.6f }, { -0.2f, 0.9f },
   { 0.1f, -0.95f }, { 0.95f, 0.3f }, { -0.6f, 0.5f },
   { -1.0f, 0.0f }, { 0.3f, 0.2f }, { 0.5f, 1.0f },
};
static const uint8_t colors[NUM_VERTS][4] = {
   { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 },
   { 255, 255, 0, 255 }, { 0, 255, 255, 255 }, { 255, 0, 255, 255 },
   { 40, 80, 160, 255 }, { 200, 100, 50, 255 }, { 90, 230, 10, 255 },
};
/* The same triangles, each listed backwards and in reverse order. */
static const GLushort indices[NUM_VERTS] = { 8, 7, 6, 5, 4, 3, 2, 1, 0 };

/* Interleaved vertices at stride (position as float or 16.16 fixed). */
static uint8_t *make_vertices(size_t stride, bool fixed, size_t *size)
{
   *size = (NUM_VERTS - 1) * stride + 12;
   uint8_t *v = calloc(1, *size);
   for (int i = 0; v && i < NUM_VERTS; i++) {
      if (fixed) {
         GLfixed p[2] = { (GLfixed)(positions[i][0] * 65536.0f), (GLfixed)(positions[i][1] * 65536.0f) };
         memcpy(v + i * stride, p, 8);
      } else {
         memcpy(v + i * stride, positions[i], 8);
      }
      memcpy(v + i * stride + 8, colors[i], 4);
   }
   return v;
}

/* Draws the vertices at stride from a buffer object (vbo) or client memory, indexed or not,
 * and reads the image back. */
static void draw(GLuint vbo, size_t stride, bool fixed, bool client, bool indexed,
                 uint8_t *image)
{
   size_t size;
   uint8_t *v = make_vertices(stride, fixed, &size);
   const uint8_t *base = NULL;
   if (client) {
      glBindBuffer(GL_ARRAY_BUFFER, 0);
      base = v;
   } else {
      glBindBuffer(GL_ARRAY_BUFFER, vbo);
      glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)size, v, GL_STATIC_DRAW);
   }
   glVertexAttribPointer(0, 2, fixed ? GL_FIXED : GL_FLOAT, GL_FALSE, (GLsizei)stride, base);
   glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, (GLsizei)stride, base + 8);
   glClear(GL_COLOR_BUFFER_BIT);
   if (indexed)
      glDrawElements(GL_TRIANGLES, NUM_VERTS, GL_UNSIGNED_SHORT, indices);
   else
      glDrawArrays(GL_TRIANGLES, 0, NUM_VERTS);
   egl_fixture_read(W, H, image, false);
   free(v);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", "col", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs_src, attribs);
   check(prog != 0, "program");
   if (!prog)
      return check_report();
   glUseProgram(prog);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   GLuint vbo;
   glGenBuffers(1, &vbo);

   /* References at stride 16 per position type and draw call (16.16 positions round, and
    * the indexed draw paints the overlapping triangles in another order). */
   static uint8_t ref[2][2][W * H * 4], image[W * H * 4];
   for (int fixed = 0; fixed < 2; fixed++)
      for (int indexed = 0; indexed < 2; indexed++) {
         draw(vbo, 16, fixed, false, indexed, ref[fixed][indexed]);
         unsigned lit = 0;
         for (int i = 0; i < W * H; i++)
            lit += ref[fixed][indexed][i * 4] | ref[fixed][indexed][i * 4 + 1] ? 1 : 0;
         check(lit > W * H / 4, "reference %d %d covers a quarter of the image (%u pixels)",
               fixed, indexed, lit);
      }
   check_gl("reference draws");

   static const size_t strides[] = { 2047, 2048, 4096, 65536 };
   for (unsigned s = 0; s < sizeof(strides) / sizeof(strides[0]); s++) {
      for (int mode = 0; mode < 8; mode++) {
         bool client = mode & 1, indexed = mode & 2, fixed = mode & 4;
         draw(vbo, strides[s], fixed, client, indexed, image);
         char what[96];
         snprintf(what, sizeof(what), "stride %zu, %s, %s%s", strides[s],
                  client ? "client memory" : "buffer object",
                  indexed ? "glDrawElements" : "glDrawArrays", fixed ? ", GL_FIXED" : "");
         check_gl(what);
         check(!memcmp(image, ref[fixed][indexed], sizeof(image)),
               "%s: the image differs from stride 16's", what);
      }
   }

   glDeleteBuffers(1, &vbo);
   glDeleteProgram(prog);
   egl_fixture_fini(&f);
   return check_report();
}
