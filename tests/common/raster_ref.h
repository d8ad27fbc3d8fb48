/* Independent exact reference of triangle coverage for the simulator's tests.
 *
 * Coordinates are integers in 1/256 pixel; pixel (px, py) is sampled at its centre
 * (256 px + 128, 256 py + 128); screen y grows downward. Each edge is classified
 * geometrically: a horizontal edge with the triangle below it is a top edge, above it a
 * bottom edge; another edge is a left edge when the third vertex lies to its right at the
 * same height, else a right edge. A sample exactly on an edge line is inside only if the
 * rule flags (bit 3 L, bit 2 R, bit 1 T, bit 0 B, as PA_SC_EDGERULE) include that kind.
 */
#ifndef TEST_RASTER_REF_H
#define TEST_RASTER_REF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#define REF_LEFT 8u
#define REF_RIGHT 4u
#define REF_TOP 2u
#define REF_BOTTOM 1u

static inline int ref_sgn(int64_t v)
{
   return (v > 0) - (v < 0);
}

/* Sign of the cross product (b - a) x (p - a). */
static inline int ref_side(const int64_t a[2], const int64_t b[2], const int64_t p[2])
{
   return ref_sgn((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]));
}

/* Edge kind of u->v in a triangle whose third vertex is w. */
static inline unsigned ref_edge_kind(const int64_t u[2], const int64_t v[2], const int64_t w[2])
{
   if (u[1] == v[1])
      return w[1] > u[1] ? REF_TOP : REF_BOTTOM;
   /* The edge line's x at height w.y is u.x + (w.y - u.y)(v.x - u.x)/(v.y - u.y); w is to
    * its right iff (w.x - u.x)(v.y - u.y) > (w.y - u.y)(v.x - u.x) when v.y > u.y. */
   int64_t lhs = (w[0] - u[0]) * (v[1] - u[1]), rhs = (w[1] - u[1]) * (v[0] - u[0]);
   bool right_of_line = v[1] > u[1] ? lhs > rhs : lhs < rhs;
   return right_of_line ? REF_LEFT : REF_RIGHT;
}

/* Whether point p (1/256 px) is covered by triangle t. */
static inline bool ref_covered_point(const int64_t t[3][2], const int64_t p[2], unsigned rule)
{
   if (ref_side(t[0], t[1], t[2]) == 0)
      return false;
   for (unsigned e = 0; e < 3; e++) {
      const int64_t *u = t[e], *v = t[(e + 1) % 3], *w = t[(e + 2) % 3];
      int s = ref_side(u, v, p), sw = ref_side(u, v, w);
      if (s == 0) {
         if (!(rule & ref_edge_kind(u, v, w)))
            return false;
      } else if (s != sw) {
         return false;
      }
   }
   return true;
}

static inline bool ref_covered(const int64_t t[3][2], int64_t px, int64_t py, unsigned rule)
{
   int64_t p[2] = { 256 * px + 128, 256 * py + 128 };
   return ref_covered_point(t, p, rule);
}

/* Independent model of the line rule the simulator documents (llvmpipe_backend/geometry/pa.c): coverage of
 * pixel (px, py) by the line a -> b (1/256 px) of half width hw (1/256 px), written as
 * "between the caps along the major axis and within hw of the line along the minor axis",
 * with the ER_LINE flags (bit 5..0 = TB_L TB_R BT_L BT_R HT HB for x-major lines, bit 3..0
 * = LR_L LR_R RL_L RL_R for y-major ones) deciding samples exactly on a boundary. */
struct ref_line_rule {
   unsigned lr, rl, tb, bt;
   bool last_pixel;
};

static inline bool ref_bit(unsigned v, unsigned b)
{
   return (v >> b) & 1;
}

/* lo <= v <= hi with the given inclusivity at each end. */
static inline bool ref_within(int64_t v, int64_t lo, bool lo_in, int64_t hi, bool hi_in)
{
   return (v > lo || (v == lo && lo_in)) && (v < hi || (v == hi && hi_in));
}

/* The same at point p (1/256 px), e.g. a sample position. */
static inline bool ref_line_covers_point(const int64_t a[2], const int64_t b[2], int64_t hw,
                                         const struct ref_line_rule *r, const int64_t p[2])
{
   int64_t dx = b[0] - a[0], dy = b[1] - a[1];
   if (dx == 0 && dy == 0)
      return false;
   if (llabs(dx) >= llabs(dy)) {
      unsigned rule = dx > 0 ? r->lr : r->rl;
      bool down = dy >= 0;
      bool left_in = ref_bit(rule, down ? 5 : 3), right_in = ref_bit(rule, down ? 4 : 2);
      if (r->last_pixel) {
         if (dx > 0)
            right_in = true;
         else
            left_in = true;
      }
      int64_t xl = dx > 0 ? a[0] : b[0], xr = dx > 0 ? b[0] : a[0];
      if (!ref_within(p[0], xl, left_in, xr, right_in))
         return false;
      /* u = |dx| * (p.y - the line's y at p.x) */
      int64_t u = ((p[1] - a[1]) * dx - (p[0] - a[0]) * dy) * (dx > 0 ? 1 : -1);
      int64_t d = llabs(dx) * hw;
      return ref_within(u, -d, ref_bit(rule, 1), d, ref_bit(rule, 0));
   }
   unsigned rule = dy > 0 ? r->tb : r->bt;
   bool right = dx >= 0;
   bool top_in = true, bottom_in = r->last_pixel && dy > 0;
   int64_t yt = dy > 0 ? a[1] : b[1], yb = dy > 0 ? b[1] : a[1];
   if (!ref_within(p[1], yt, top_in, yb, bottom_in))
      return false;
   int64_t u = ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) * (dy > 0 ? 1 : -1);
   int64_t d = llabs(dy) * hw;
   return ref_within(u, -d, ref_bit(rule, right ? 3 : 1), d, ref_bit(rule, right ? 2 : 0));
}

static inline bool ref_line_covers(const int64_t a[2], const int64_t b[2], int64_t hw,
                                   const struct ref_line_rule *r, int64_t px, int64_t py)
{
   int64_t p[2] = { 256 * px + 128, 256 * py + 128 };
   return ref_line_covers_point(a, b, hw, r, p);
}

#endif
