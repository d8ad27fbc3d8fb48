/* PA set-up shared by every primitive type (pa_setup.h): viewport transform, quantization
 * and polygon offset.
 *
 * Arithmetic: the perspective divide and the viewport transform are single-precision
 * float operations in this order, each rounded: iw = 1/w; x' = x*iw; xw = x'*XSCALE +
 * XOFFSET (no fused multiply-add). The window position is then converted to fixed point
 * exactly (in double, which holds every float and its scaled value exactly):
 *   - PIX_CENTER = 1 (GL): the incoming position is used as is, pixel centres are at
 *     x.5 as on the hardware's own grid; PIX_CENTER = 0 (D3D9): 0.5 is added first;
 *   - QUANT_MODE picks the grid (1/16, 1/8, 1/4, 1/2, 1 or 1/256 pixel);
 *   - ROUND_MODE: 0 truncates toward zero, 1 rounds halves away from zero, 2 rounds halves
 *     to the even grid point, 3 rounds halves to the odd grid point.
 * The result is expressed in 1/512-pixel units (sc.h), which holds every grid and the
 * pixel centres exactly.
 *
 * Polygon offset (POLY_OFFSET_FRONT/BACK_ENABLE for triangles and rectangles by facing,
 * POLY_OFFSET_PARA_ENABLE for points and lines) is computed per primitive
 * (sim_pa_poly_offset) and carried to the DB in sim_prim.z_offset.
 */
#include "geometry/pa_setup.h"

#include <math.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "common/unimpl.h"
#include "r600_regs.h"

bool sim_pa_finite(const float p[4])
{
   return isfinite(p[0]) && isfinite(p[1]) && isfinite(p[2]) && isfinite(p[3]);
}

/* Rounds v (|v| < 2^51) to the nearest integer, halves to even, exactly: adding and taking
 * away 1.5 * 2^52 leaves no fraction bits (round-to-nearest, the host's default mode). */
static inline double round_even(double v)
{
   const double magic = 6755399441055744.0;   /* 1.5 * 2^52 */
   return (v + magic) - magic;
}

/* The PA_SU_VTX_CNTL fields quantization depends on. */
struct quant {
   double center;       /* added before scaling: 0.5 with PIX_CENTER = 0, else 0 */
   unsigned bits;       /* fraction bits of the grid */
   unsigned mode;       /* ROUND_MODE */
};

static inline struct quant quant_of(const struct sim_pa_state *pa)
{
   return (struct quant){ pa->pix_center_half ? 0.0 : 0.5, pa->quant_bits, pa->round_mode };
}

/* sim_pa_quantize (inlined) */
static inline __attribute__((always_inline)) bool
quantize(struct quant qt, float window, int64_t *out)
{
   /* v on the grid's scale, exact: a float plus 0.5, times a power of two, in double. */
   double v = ((double)window + qt.center) * (double)(1u << qt.bits);
   int64_t limit = (int64_t)1 << (15 + qt.bits);   /* SIM_COORD_LIMIT in grid steps */
   if (!(fabs(v) < (double)limit + 1.0))   /* also NaN and infinities */
      return false;
   /* r: nearest, halves to even; d = v - r (exact) lies in [-0.5, 0.5], +-0.5 at a half,
    * where r is even and the other candidate is r + 2d */
   double r = round_even(v), d = v - r;
   bool half = d == 0.5 || d == -0.5;
   switch (qt.mode) {
   case PA_SU_VTX_CNTL__ROUND_MODE__X_TRUNCATE:   /* toward zero */
      r += v >= 0.0 ? (d < 0.0 ? -1.0 : 0.0) : (d > 0.0 ? 1.0 : 0.0);
      break;
   case PA_SU_VTX_CNTL__ROUND_MODE__X_ROUND:      /* halves away from zero */
      if (half && (d > 0.0) == (v > 0.0))
         r += 2.0 * d;
      break;
   case PA_SU_VTX_CNTL__ROUND_MODE__X_ROUND_TO_EVEN:
      break;
   default: /* X_ROUND_TO_ODD */
      if (half)
         r += 2.0 * d;
      break;
   }
   int64_t q = (int64_t)r;
   if (q <= -limit || q >= limit)
      return false;
   *out = q * ((int64_t)1 << (SIM_SUBPIX_BITS - qt.bits));
   return true;
}

static inline __attribute__((always_inline)) bool
window_position(const struct sim_pa_state *pa, struct quant qt, float x, float y,
                struct sim_pa_window_vtx *out)
{
   if (!quantize(qt, x, &out->x) || !quantize(qt, y, &out->y))
      return false;
   out->x += pa->win_off_x;
   out->y += pa->win_off_y;
   return true;
}

bool sim_pa_quantize(const struct sim_pa_state *pa, float window, int64_t *out)
{
   return quantize(quant_of(pa), window, out);
}

#if defined(__SSE2__)
/* quantize with ROUND_MODE X_ROUND_TO_EVEN of four lanes, in SSE2 double pairs: each lane's
 * operations are the scalar ones (the grid steps fit 32 bits: |q| < 2^23 within the
 * limit). Lanes that fail are 0 in *q and in the result, the others -1. */
static inline __m128i quantize_even4(struct quant qt, __m128 window, __m128i *q)
{
   const __m128d magic = _mm_set1_pd(6755399441055744.0);   /* round_even's */
   const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(INT64_MAX));
   int32_t limit = (int32_t)1 << (15 + qt.bits);
   __m128d center = _mm_set1_pd(qt.center), scale = _mm_set1_pd((double)(1u << qt.bits));
   __m128d bound = _mm_set1_pd((double)limit + 1.0);
   __m128d v[2] = { _mm_cvtps_pd(window), _mm_cvtps_pd(_mm_movehl_ps(window, window)) };
   __m128i r[2];
   __m128d in[2];
   for (unsigned h = 0; h < 2; h++) {
      v[h] = _mm_mul_pd(_mm_add_pd(v[h], center), scale);
      in[h] = _mm_cmplt_pd(_mm_and_pd(v[h], abs_mask), bound);   /* false for NaN */
      __m128d rounded = _mm_sub_pd(_mm_add_pd(v[h], magic), magic);
      r[h] = _mm_cvttpd_epi32(_mm_and_pd(rounded, in[h]));         /* 0 outside */
   }
   *q = _mm_unpacklo_epi64(r[0], r[1]);
   __m128i inside = _mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(in[0]), _mm_castpd_ps(in[1]),
                                                    _MM_SHUFFLE(2, 0, 2, 0)));
   return _mm_and_si128(inside, _mm_and_si128(_mm_cmpgt_epi32(*q, _mm_set1_epi32(-limit)),
                                              _mm_cmplt_epi32(*q, _mm_set1_epi32(limit))));
}

/* quantize_even4 with PIX_CENTER = 1 (nothing added), in single precision: window * 2^bits
 * is exact in float as in double (a power of two; a result beyond the limit fails either
 * way), limit + 1 <= 2^23 + 1 is a float, and CVTPS2DQ rounds to nearest, halves to even,
 * in the host's default mode as round_even does. */
static inline __m128i quantize_even4_centred(struct quant qt, __m128 window, __m128i *q)
{
   int32_t limit = (int32_t)1 << (15 + qt.bits);
   __m128 v = _mm_mul_ps(window, _mm_set1_ps((float)(1u << qt.bits)));
   __m128 mag = _mm_and_ps(v, _mm_castsi128_ps(_mm_set1_epi32(INT32_MAX)));
   __m128i in = _mm_castps_si128(_mm_cmplt_ps(mag, _mm_set1_ps((float)limit + 1.0f)));
   *q = _mm_and_si128(_mm_cvtps_epi32(v), in);                     /* 0 outside */
   return _mm_and_si128(in, _mm_and_si128(_mm_cmpgt_epi32(*q, _mm_set1_epi32(-limit)),
                                          _mm_cmplt_epi32(*q, _mm_set1_epi32(limit))));
}
#endif

void sim_pa_window_positions4(const struct sim_pa_state *pa, sim_pa_f4 x, sim_pa_f4 y,
                              sim_pa_i4 *px, sim_pa_i4 *py, sim_pa_i4 *ok)
{
   struct quant qt = quant_of(pa);
   sim_pa_i4 qx, qy, good;
#if defined(__SSE2__)
   if (qt.mode == PA_SU_VTX_CNTL__ROUND_MODE__X_ROUND_TO_EVEN) {
      __m128i gx, gy, okx, oky;
      if (qt.center == 0.0) {
         okx = quantize_even4_centred(qt, (__m128)x, &gx);
         oky = quantize_even4_centred(qt, (__m128)y, &gy);
      } else {
         okx = quantize_even4(qt, (__m128)x, &gx);
         oky = quantize_even4(qt, (__m128)y, &gy);
      }
      qx = (sim_pa_i4)gx;
      qy = (sim_pa_i4)gy;
      good = (sim_pa_i4)_mm_and_si128(okx, oky);
   } else
#endif
   {
      for (unsigned i = 0; i < 4; i++) {
         int64_t gx = 0, gy = 0;
         bool placed = quantize(qt, x[i], &gx) & quantize(qt, y[i], &gy);
         /* back to grid steps: the 1/SIM_SUBPIX values are whole multiples of them */
         qx[i] = placed ? (int32_t)(gx >> (SIM_SUBPIX_BITS - qt.bits)) : 0;
         qy[i] = placed ? (int32_t)(gy >> (SIM_SUBPIX_BITS - qt.bits)) : 0;
         good[i] = placed ? -1 : 0;
      }
   }
   /* |grid step| < 2^(15 + bits): in 1/SIM_SUBPIX px below 2^24, as the window offset */
   typedef uint32_t u4 __attribute__((vector_size(16)));
   int shift = (int)(SIM_SUBPIX_BITS - qt.bits);
   *px = ((sim_pa_i4)((u4)qx << shift) + (int32_t)pa->win_off_x) & good;
   *py = ((sim_pa_i4)((u4)qy << shift) + (int32_t)pa->win_off_y) & good;
   *ok = good;
}

bool sim_pa_project_quiet(const struct sim_pa_state *pa, const struct sim_vtx *v,
                          struct sim_pa_window_vtx *out)
{
   const float *p = v->pos;
   sim_pa_f4 x, y, z, iw;
   sim_pa_viewport(pa, (sim_pa_f4){ p[0] }, (sim_pa_f4){ p[1] }, (sim_pa_f4){ p[2] },
                   (sim_pa_f4){ p[3] }, &x, &y, &z, &iw);
   out->z = z[0];
   out->inv_w = iw[0];
   return window_position(pa, quant_of(pa), x[0], y[0], out);
}

bool sim_pa_project(const struct sim_pa_state *pa, const struct sim_vtx *v,
                    struct sim_pa_window_vtx *out)
{
   if (sim_pa_project_quiet(pa, v, out))
      return true;
   sim_pa_report_unprojectable();
   return false;
}

void sim_pa_report_unprojectable(void)
{
   sim_unimpl("vertex position not finite or beyond +-32768 pixels after clipping "
              "(primitive dropped)");
}

/* Polygon offset:
 *    offset = SCALE / 16 * max(|dz/dx|, |dz/dy|) + OFFSET * r
 * in double, then limited by PA_SU_POLY_OFFSET_CLAMP (a maximum if > 0, a minimum if < 0,
 * none if 0). dz/dx and dz/dy are the window-depth slopes of the plane through the three
 * quantized vertices, per pixel (SCALE counts per 1/16 pixel, so the GL factor is
 * programmed x16). The r-unit is 2^NEG_NUM_DB_BITS for unorm buffers (2^-24 for 24-bit,
 * 2^-16 for 16-bit) and, with DB_IS_FLOAT_FMT, 2^(e + NEG_NUM_DB_BITS) where e is the
 * binary exponent of the largest |z| of the three vertices (at least -126, the smallest
 * normal exponent). A term that is not finite counts as 0. */
double sim_pa_poly_offset(const struct sim_pa_state *pa, const struct sim_prim *p,
                          unsigned face)
{
   double dz1 = (double)p->z[1] - p->z[0], dz2 = (double)p->z[2] - p->z[0];
   double a = (double)p->area2;
   double dzdx = ((double)(p->y[2] - p->y[0]) * dz1 + (double)(p->y[0] - p->y[1]) * dz2) *
                 SIM_SUBPIX / a;
   double dzdy = ((double)(p->x[0] - p->x[2]) * dz1 + (double)(p->x[1] - p->x[0]) * dz2) *
                 SIM_SUBPIX / a;
   double slope = fmax(fabs(dzdx), fabs(dzdy));
   int e = 0;
   if (pa->offset_float) {
      double m = fmax(fabs((double)p->z[0]),
                      fmax(fabs((double)p->z[1]), fabs((double)p->z[2])));
      e = -126;
      if (m > 0.0 && isfinite(m)) {
         frexp(m, &e);
         e = e - 1 > -126 ? e - 1 : -126;
      }
   }
   double r = ldexp(1.0, e + pa->offset_neg_bits);
   double slope_term = pa->offset_scale[face] != 0.0f ? pa->offset_scale[face] / 16.0 * slope
                                                      : 0.0;
   double units_term = pa->offset_units[face] * r;
   double o = (isfinite(slope_term) ? slope_term : 0.0) +
              (isfinite(units_term) ? units_term : 0.0);
   if (pa->offset_clamp > 0.0f)
      o = fmin(o, pa->offset_clamp);
   else if (pa->offset_clamp < 0.0f)
      o = fmax(o, pa->offset_clamp);
   return o;
}
