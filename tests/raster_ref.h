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

#endif
