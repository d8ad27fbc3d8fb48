/* Random fragment shaders under register pressure, each in two arrangements of the same
 * computation: "live" computes its N values (random float and vec4 expressions of
 * gl_FragCoord, a uniform and literals) first and folds them into the colour afterwards,
 * so all N are live at once; "inline" computes each value where it is folded in, so
 * nothing lives long and nothing spills. Both do the same operations in the same order,
 * so their pixels must be identical; the live form must link (N goes up to 260, over the
 * 124 GPRs). Some programs fold inside a loop or a branch.
 *
 *   test_spill_random [COUNT [FIRST_SEED [SIZE]]]   (default 30 programs from seed 1, 16x4)
 * prints how many of the live programs link and how many draw the inline pixels; the
 * count of the quick test is small, larger counts measure (docs/STATUS.head.md); a large
 * SIZE with several raster threads checks that concurrent waves use separate scratch. */
#include <stdarg.h>
#include <stdlib.h>

#include "egl_fixture.h"

static int W = 16, H = 4;   /* the surface (SIZE makes it SIZE x SIZE) */

static const char vs_plain[] =
   "attribute vec4 pos;\n"
   "void main() { gl_Position = pos; }\n";
static const char *const attribs[] = { "pos", NULL };

struct src {
   char *s;
   size_t len, cap;
};

static void add(struct src *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct src *b, const char *fmt, ...)
{
   va_list ap;
   for (;;) {
      va_start(ap, fmt);
      int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
      va_end(ap);
      if (n >= 0 && b->len + (size_t)n < b->cap) {
         b->len += (size_t)n;
         return;
      }
      b->cap = b->cap * 2 + (size_t)n + 256;
      b->s = realloc(b->s, b->cap);
      if (!b->s)
         abort();
   }
}

static uint64_t rng;
static unsigned rnd(unsigned n)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (unsigned)(rng % n);
}

static const char *const swz[] = { "", ".yzwx", ".wzyx", ".xxyy", ".zwxy" };

/* A random vec4 expression of p (gl_FragCoord-based), u (uniform) and literals. */
static void expr(struct src *b, unsigned depth)
{
   if (depth == 0 || rnd(4) == 0) {
      switch (rnd(3)) {
      case 0: add(b, "p%s", swz[rnd(5)]); break;
      case 1: add(b, "u%s", swz[rnd(5)]); break;
      default: add(b, "vec4(%u.%u)", rnd(4), rnd(100)); break;
      }
      return;
   }
   static const char *const bin[] = { "+", "-", "*" };
   static const char *const fn2[] = { "min", "max" };
   static const char *const fn1[] = { "fract", "abs", "floor" };
   switch (rnd(4)) {
   case 0:
      add(b, "(");
      expr(b, depth - 1);
      add(b, " %s ", bin[rnd(3)]);
      expr(b, depth - 1);
      add(b, ")");
      break;
   case 1:
      add(b, "%s(", fn2[rnd(2)]);
      expr(b, depth - 1);
      add(b, ", ");
      expr(b, depth - 1);
      add(b, ")");
      break;
   case 2:
      add(b, "%s(", fn1[rnd(3)]);
      expr(b, depth - 1);
      add(b, ")");
      break;
   default:
      add(b, "mix(");
      expr(b, depth - 1);
      add(b, ", ");
      expr(b, depth - 1);
      add(b, ", 0.%u)", 1 + rnd(9));
      break;
   }
}

struct value {
   bool scalar;          /* float: the .x of its expression */
   char *text;           /* the expression */
   unsigned fold;        /* multiplier of the fold step: 0.5, 1.5 or 2.25 */
};

static const char *const folds[] = { "0.5", "1.5", "2.25" };

/* Builds the two arrangements of program `seed`. */
static void generate(uint64_t seed, struct src *live, struct src *inl, unsigned *num_values)
{
   rng = seed * 0x9E3779B97F4A7C15ull + 1;
   unsigned n = 20 + rnd(241);
   unsigned flow = rnd(4);   /* 0, 1: straight; 2: fold in a loop; 3: fold in a branch */
   struct value *v = calloc(n, sizeof(*v));
   for (unsigned i = 0; i < n; i++) {
      struct src e = {0};
      expr(&e, 1 + rnd(3));
      v[i] = (struct value){ rnd(3) == 0, e.s, rnd(3) };
   }
   const char *head =
      "precision highp float;\nuniform vec4 u;\nvoid main() {\n"
      "  vec4 p = vec4(floor(gl_FragCoord.xy), gl_FragCoord.x * 0.25, 1.0) * 0.125;\n"
      "  vec4 s = vec4(0.0);\n";
   add(live, "%s", head);
   add(inl, "%s", head);
   for (unsigned i = 0; i < n; i++)
      add(live, "  %s v%u = (%s)%s;\n", v[i].scalar ? "float" : "vec4", i, v[i].text,
          v[i].scalar ? ".x" : "");
   const char *open = flow == 2 ? "  for (int j = 0; j < 2; j++) {\n" :
                      flow == 3 ? "  if (p.x > 0.5) {\n" : "  {\n";
   add(live, "%s", open);
   add(inl, "%s", open);
   for (unsigned i = 0; i < n; i++) {
      add(live, "    s = fract(s * %s + %s(v%u));\n", folds[v[i].fold],
          v[i].scalar ? "vec4" : "", i);
      add(inl, "    s = fract(s * %s + %s((%s)%s));\n", folds[v[i].fold],
          v[i].scalar ? "vec4" : "", v[i].text, v[i].scalar ? ".x" : "");
   }
   add(live, "  }\n  gl_FragColor = s;\n}\n");
   add(inl, "  }\n  gl_FragColor = s;\n}\n");
   for (unsigned i = 0; i < n; i++)
      free(v[i].text);
   free(v);
   *num_values = n;
}

/* Draws prog over the pbuffer into px; false if prog is 0. */
static bool draw(GLuint prog, uint8_t *px)
{
   static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   if (!prog)
      return false;
   glUseProgram(prog);
   glUniform4f(glGetUniformLocation(prog, "u"), 0.37f, 0.61f, 0.83f, 0.29f);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisableVertexAttribArray(0);
   egl_fixture_read(W, H, px, false);
   return true;
}

int main(int argc, char **argv)
{
   unsigned count = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 30;
   uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
   if (argc > 3)
      W = H = atoi(argv[3]) > 0 && atoi(argv[3]) <= 512 ? atoi(argv[3]) : 16;
   struct egl_fixture fx;
   const char *err = egl_fixture_init(&fx, W, H, 0, 0);
   if (err) {
      printf("FAIL: %s\n", err);
      return 1;
   }
   unsigned linked = 0, equal = 0, over = 0;
   for (unsigned k = 0; k < count; k++) {
      struct src live = {0}, inl = {0};
      unsigned n;
      generate(first + k, &live, &inl, &n);
      over += n > 124;
      GLuint lp = egl_fixture_program(vs_plain, live.s, attribs);
      GLuint ip = egl_fixture_program(vs_plain, inl.s, attribs);
      uint8_t *px[2] = { malloc((size_t)W * H * 4), malloc((size_t)W * H * 4) };
      bool ok = draw(lp, px[0]);
      linked += ok;
      CHECK(ok, "program %llu (%u values live) links", (unsigned long long)(first + k), n);
      CHECK(ip != 0, "program %llu's inline arrangement links", (unsigned long long)(first + k));
      if (ok && draw(ip, px[1])) {
         unsigned bad = 0;
         for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
               expect_rgba(px[0], W, x, y, &px[1][(y * W + x) * 4], "live vs inline", &bad);
         equal += bad == 0;
         char what[80];
         snprintf(what, sizeof(what), "program %llu: the inline arrangement's pixels",
                  (unsigned long long)(first + k));
         check_mismatches(&bad, what);
      }
      free(px[0]);
      free(px[1]);
      glDeleteProgram(lp);
      glDeleteProgram(ip);
      free(live.s);
      free(inl.s);
   }
   printf("%u programs (%u with over 124 values live): %u link, %u draw the inline pixels\n",
          count, over, linked, equal);
   check_gl("random programs");
   egl_fixture_fini(&fx);
   return check_report();
}
