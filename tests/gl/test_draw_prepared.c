/* What a raster thread prepares once per draw for the pixel shader (geometry/draw.c: the
 * environment, the floating-point modes, the run's program, constant windows and texture
 * memo, sim_program_run_prepare) must be prepared again for the next draw: consecutive draws
 * of one program that differ only in a uniform (the constant buffer), only in the texture
 * bound, or in both, each draw many small triangles (drawn as they are set up) or two large
 * ones (binned with two raster threads), in overlapping bands so that the tiles of the
 * raster threads hold the primitives of several draws.
 * Each draw paints its band of rows (pixel-aligned: every pixel inside is covered once) in
 * color * texel, the texture 1x1 NEAREST with channels 0 or 255 and the colour n / 255, so
 * the expected byte is n or 0; later draws paint over earlier ones. The meson test runs it
 * at one and at two raster threads (R600SIM_NUM_THREADS), with the programs compiled before
 * the first draw (R600SIM_JIT_ASYNC=0: the fused path from the start). */
#include <stdlib.h>

#include "egl_fixture.h"

#define W 128
#define H 128
#define BAND 24          /* rows a draw covers */
#define STEP 8           /* rows between the bands of consecutive draws */
#define NDRAWS ((H - BAND) / STEP + 1)
#define NTEX 3
#define CELL 4           /* the small triangles' legs, pixels */
#define MAX_VERTS (6 * (W / CELL) * (BAND / CELL))

static const char vs_src[] =
   "attribute vec2 pos;\n"
   "varying vec2 tc;\n"
   "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_src[] =
   "precision mediump float;\n"
   "uniform vec4 color;\n"
   "uniform sampler2D s;\n"
   "varying vec2 tc;\n"
   "void main() { gl_FragColor = color * texture2D(s, tc); }\n";

static const uint8_t texels[NTEX][4] = {
   { 255, 255, 255, 255 }, { 255, 0, 255, 0 }, { 0, 255, 0, 255 },
};

struct draw {
   uint8_t color[4];
   unsigned tex;
};

static struct draw draws[NDRAWS];
static GLuint tex[NTEX];
static GLint color_loc;
static float verts[MAX_VERTS][2];

static float ndc_x(int x)
{
   return 2.0f * (float)x / W - 1.0f;   /* exact: W is a power of two */
}

static float ndc_y(int y)
{
   return 2.0f * (float)y / H - 1.0f;
}

static void put(unsigned *n, int x, int y)
{
   verts[*n][0] = ndc_x(x);
   verts[*n][1] = ndc_y(y);
   (*n)++;
}

/* The cell [x0, x1) x [y0, y1) as two triangles. */
static void put_cell(unsigned *n, int x0, int y0, int x1, int y1)
{
   put(n, x0, y0);
   put(n, x1, y0);
   put(n, x0, y1);
   put(n, x0, y1);
   put(n, x1, y0);
   put(n, x1, y1);
}

/* Band i: rows [STEP * i, STEP * i + BAND), in CELL-sized cells or as one cell. */
static unsigned band_vertices(unsigned i, bool small)
{
   unsigned n = 0;
   int y0 = STEP * (int)i;
   if (!small) {
      put_cell(&n, 0, y0, W, y0 + BAND);
      return n;
   }
   for (int y = y0; y < y0 + BAND; y += CELL)
      for (int x = 0; x < W; x += CELL)
         put_cell(&n, x, y, x + CELL, y + CELL);
   return n;
}

/* The draws' colours and textures: consecutive draws differ in the colour alone, the
 * texture alone, or both. */
static void plan(unsigned seed)
{
   srand(seed);
   for (unsigned i = 0; i < NDRAWS; i++) {
      struct draw *d = &draws[i];
      unsigned change = i ? (unsigned)rand() % 3 : 2;
      if (i)
         *d = draws[i - 1];
      if (change != 1)
         for (unsigned c = 0; c < 4; c++)
            d->color[c] = (uint8_t)(1 + rand() % 254);
      if (change != 0)
         d->tex = (d->tex + 1 + (unsigned)rand() % (NTEX - 1)) % NTEX;
   }
}

static void run(unsigned seed, bool small_only, bool large_only)
{
   plan(seed);
   glClear(GL_COLOR_BUFFER_BIT);
   for (unsigned i = 0; i < NDRAWS; i++) {
      bool small = small_only || (!large_only && (i / 2) % 2 == 0);
      unsigned n = band_vertices(i, small);
      const uint8_t *c = draws[i].color;
      glUniform4f(color_loc, c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
      glBindTexture(GL_TEXTURE_2D, tex[draws[i].tex]);
      glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, verts);
      glDrawArrays(GL_TRIANGLES, 0, (GLsizei)n);
   }
   static uint8_t image[W * H * 4];
   egl_fixture_read(W, H, image, false);
   char what[80];
   snprintf(what, sizeof(what), "seed %u%s", seed,
            small_only ? ", small triangles" : large_only ? ", large triangles" : "");
   unsigned mismatches = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         uint8_t want[4] = { 0, 0, 0, 0 };
         for (unsigned i = 0; i < NDRAWS; i++) {
            if (y < STEP * (int)i || y >= STEP * (int)i + BAND)
               continue;
            for (unsigned k = 0; k < 4; k++)
               want[k] = texels[draws[i].tex][k] ? draws[i].color[k] : 0;
         }
         expect_rgba(image, W, x, y, want, what, &mismatches);
      }
   }
   check_mismatches(&mismatches, what);
}

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const char *const attribs[] = { "pos", NULL };
   GLuint prog = egl_fixture_program(vs_src, fs_src, attribs);
   check(prog != 0, "program built");
   if (!prog)
      return check_report();
   glUseProgram(prog);
   color_loc = glGetUniformLocation(prog, "color");
   glUniform1i(glGetUniformLocation(prog, "s"), 0);
   glGenTextures(NTEX, tex);
   for (unsigned t = 0; t < NTEX; t++) {
      glBindTexture(GL_TEXTURE_2D, tex[t]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels[t]);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   }
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   for (unsigned seed = 1; seed <= 4; seed++) {
      run(seed, true, false);
      run(seed, false, true);
      run(seed, false, false);
   }
   check_gl("draws");
   egl_fixture_fini(&f);
   return check_report();
}
