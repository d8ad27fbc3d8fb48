/* PA: clip, viewport transform, quantization, face and culling, SC setup.
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
 * Clipping (when PA_CL_CLIP_CNTL.CLIP_DISABLE = 0) is done in homogeneous clip space
 * against the near and far planes (unless ZCLIP_NEAR/FAR_DISABLE; GL -w <= z <= w or,
 * with DX_CLIP_SPACE_DEF, 0 <= z <= w), the guard band |x| <= GB_HORZ_CLIP_ADJ * w,
 * |y| <= GB_VERT_CLIP_ADJ * w and w > 0; a triangle entirely inside is not touched, one
 * entirely outside a plane is rejected, others are clipped (Sutherland-Hodgman, parameters
 * interpolated linearly in clip space as DX_LINEAR_ATTR_CLIP_ENA says) and the polygon is
 * drawn as a fan. User clip planes are not implemented (reported).
 *
 * Polygon offset (POLY_OFFSET_FRONT/BACK_ENABLE for triangles and rectangles by facing,
 * POLY_OFFSET_PARA_ENABLE for points) is computed per primitive (poly_offset below) and
 * carried to the DB in sim_prim.z_offset.
 */
#include "pa.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_device.h"
#include "r600_regs.h"
#include "unimpl.h"

#define W_EPSILON 1e-30f
#define MAX_CLIP_VERTS (3 + 7)

static unsigned quant_bits(const struct sim_exec *ex, unsigned mode)
{
   switch (mode) {
   case PA_SU_VTX_CNTL__QUANT_MODE__X_1_16TH: return 4;
   case PA_SU_VTX_CNTL__QUANT_MODE__X_1_8TH: return 3;
   case PA_SU_VTX_CNTL__QUANT_MODE__X_1_4TH: return 2;
   case PA_SU_VTX_CNTL__QUANT_MODE__X_1_2: return 1;
   case PA_SU_VTX_CNTL__QUANT_MODE__X_1: return 0;
   case PA_SU_VTX_CNTL__QUANT_MODE__X_1_256TH: return 8;
   }
   sim_unimpl_field(ex->gpu->chip, REG_PA_SU_VTX_CNTL, "QUANT_MODE", mode,
                    "reserved, 1/256 used");
   return 8;
}

/* A guard-band factor; below 1.0 (or not finite) it would clip inside the viewport, which
 * is reported and replaced by 1.0 (no guard band). */
static float guard_band_value(float g, const char *what)
{
   if (!(g >= 1.0f) || isinf(g)) {
      sim_unimpl(what);
      return 1.0f;
   }
   return g;
}

static float guard_band(const struct sim_exec *ex, uint32_t reg, const char *what)
{
   return guard_band_value(sim_reg_f(ex, reg), what);
}

void sim_pa_state_init(struct sim_pa_state *pa, const struct sim_exec *ex, unsigned nparams)
{
   enum r600_chip_class chip = ex->gpu->chip;
   memset(pa, 0, sizeof(*pa));
   pa->nparams = nparams;

   uint32_t clip = sim_reg(ex, REG_PA_CL_CLIP_CNTL);
   pa->clip = !PA_CL_CLIP_CNTL__CLIP_DISABLE__get(clip);
   pa->clip_near = !PA_CL_CLIP_CNTL__ZCLIP_NEAR_DISABLE__get(clip);
   pa->clip_far = !PA_CL_CLIP_CNTL__ZCLIP_FAR_DISABLE__get(clip);
   pa->dx_clip_space = PA_CL_CLIP_CNTL__DX_CLIP_SPACE_DEF__get(clip);
   if (pa->clip) {
      pa->gb_x = guard_band(ex, REG_PA_CL_GB_HORZ_CLIP_ADJ,
                            "PA_CL_GB_HORZ_CLIP_ADJ below 1.0 or not finite (1.0 used)");
      pa->gb_y = guard_band(ex, REG_PA_CL_GB_VERT_CLIP_ADJ,
                            "PA_CL_GB_VERT_CLIP_ADJ below 1.0 or not finite (1.0 used)");
   }
   uint32_t ucp = clip & (PA_CL_CLIP_CNTL__UCP_ENA_0__mask | PA_CL_CLIP_CNTL__UCP_ENA_1__mask |
                          PA_CL_CLIP_CNTL__UCP_ENA_2__mask | PA_CL_CLIP_CNTL__UCP_ENA_3__mask |
                          PA_CL_CLIP_CNTL__UCP_ENA_4__mask | PA_CL_CLIP_CNTL__UCP_ENA_5__mask);
   if (ucp && pa->clip)
      sim_unimpl("PA_CL_CLIP_CNTL.UCP_ENA_n (user clip planes ignored)");
   if (chip != R600_CHIP_R600 && PA_CL_CLIP_CNTL__DX_RASTERIZATION_KILL__get(clip))
      sim_unimpl_field(chip, REG_PA_CL_CLIP_CNTL, "DX_RASTERIZATION_KILL", 1, "ignored");

   uint32_t vte = sim_reg(ex, REG_PA_CL_VTE_CNTL);
   pa->scale[0] = PA_CL_VTE_CNTL__VPORT_X_SCALE_ENA__get(vte);
   pa->offset[0] = PA_CL_VTE_CNTL__VPORT_X_OFFSET_ENA__get(vte);
   pa->scale[1] = PA_CL_VTE_CNTL__VPORT_Y_SCALE_ENA__get(vte);
   pa->offset[1] = PA_CL_VTE_CNTL__VPORT_Y_OFFSET_ENA__get(vte);
   pa->scale[2] = PA_CL_VTE_CNTL__VPORT_Z_SCALE_ENA__get(vte);
   pa->offset[2] = PA_CL_VTE_CNTL__VPORT_Z_OFFSET_ENA__get(vte);
   pa->xy_fmt = PA_CL_VTE_CNTL__VTX_XY_FMT__get(vte);
   pa->z_fmt = PA_CL_VTE_CNTL__VTX_Z_FMT__get(vte);
   pa->w0_fmt = PA_CL_VTE_CNTL__VTX_W0_FMT__get(vte);
   pa->vscale[0] = sim_reg_f(ex, REG_PA_CL_VPORT_XSCALE_0);
   pa->voffset[0] = sim_reg_f(ex, REG_PA_CL_VPORT_XOFFSET_0);
   pa->vscale[1] = sim_reg_f(ex, REG_PA_CL_VPORT_YSCALE_0);
   pa->voffset[1] = sim_reg_f(ex, REG_PA_CL_VPORT_YOFFSET_0);
   pa->vscale[2] = sim_reg_f(ex, REG_PA_CL_VPORT_ZSCALE_0);
   pa->voffset[2] = sim_reg_f(ex, REG_PA_CL_VPORT_ZOFFSET_0);

   uint32_t vtx = sim_reg(ex, REG_PA_SU_VTX_CNTL);
   pa->pix_center_half = PA_SU_VTX_CNTL__PIX_CENTER__get(vtx);
   pa->round_mode = PA_SU_VTX_CNTL__ROUND_MODE__get(vtx);
   pa->quant_bits = quant_bits(ex, PA_SU_VTX_CNTL__QUANT_MODE__get(vtx));

   uint32_t mode = sim_reg(ex, REG_PA_SU_SC_MODE_CNTL);
   pa->cull_front = PA_SU_SC_MODE_CNTL__CULL_FRONT__get(mode);
   pa->cull_back = PA_SU_SC_MODE_CNTL__CULL_BACK__get(mode);
   pa->face_cw = PA_SU_SC_MODE_CNTL__FACE__get(mode);
   if (PA_SU_SC_MODE_CNTL__POLY_MODE__get(mode))
      sim_unimpl_field(chip, REG_PA_SU_SC_MODE_CNTL, "POLY_MODE",
                       PA_SU_SC_MODE_CNTL__POLY_MODE__get(mode), "filled triangles drawn");
   pa->offset_tri[0] = PA_SU_SC_MODE_CNTL__POLY_OFFSET_FRONT_ENABLE__get(mode);
   pa->offset_tri[1] = PA_SU_SC_MODE_CNTL__POLY_OFFSET_BACK_ENABLE__get(mode);
   pa->offset_para = PA_SU_SC_MODE_CNTL__POLY_OFFSET_PARA_ENABLE__get(mode);
   if (pa->offset_tri[0] || pa->offset_tri[1] || pa->offset_para) {
      uint32_t fmt = sim_reg(ex, REG_PA_SU_POLY_OFFSET_DB_FMT_CNTL);
      pa->offset_neg_bits =
         SIM_SIGNED_FIELD(PA_SU_POLY_OFFSET_DB_FMT_CNTL__POLY_OFFSET_NEG_NUM_DB_BITS, fmt);
      pa->offset_float = PA_SU_POLY_OFFSET_DB_FMT_CNTL__POLY_OFFSET_DB_IS_FLOAT_FMT__get(fmt);
      pa->offset_clamp = sim_reg_f(ex, REG_PA_SU_POLY_OFFSET_CLAMP);
      pa->offset_scale[0] = sim_reg_f(ex, REG_PA_SU_POLY_OFFSET_FRONT_SCALE);
      pa->offset_units[0] = sim_reg_f(ex, REG_PA_SU_POLY_OFFSET_FRONT_OFFSET);
      pa->offset_scale[1] = sim_reg_f(ex, REG_PA_SU_POLY_OFFSET_BACK_SCALE);
      pa->offset_units[1] = sim_reg_f(ex, REG_PA_SU_POLY_OFFSET_BACK_OFFSET);
   }
   if (PA_SU_SC_MODE_CNTL__VTX_WINDOW_OFFSET_ENABLE__get(mode)) {
      uint32_t off = sim_reg(ex, REG_PA_SC_WINDOW_OFFSET);
      pa->win_off_x = (int64_t)SIM_SIGNED_FIELD(PA_SC_WINDOW_OFFSET__WINDOW_X_OFFSET, off)
                      * SIM_SUBPIX;
      pa->win_off_y = (int64_t)SIM_SIGNED_FIELD(PA_SC_WINDOW_OFFSET__WINDOW_Y_OFFSET, off)
                      * SIM_SUBPIX;
   }

   if (chip == R600_CHIP_R600) {
      /* R6xx has no PA_SC_EDGERULE; its rule is presumed to be top-left (r600-facts §7),
       * i.e. the 0xAAAAAAAA Mesa programs on R7xx. */
      pa->edge_tri = pa->edge_rect = pa->edge_point = SIM_EDGE_LEFT | SIM_EDGE_TOP;
      pa->edge_line_lr = pa->edge_line_rl = 0x2A;
      pa->edge_line_tb = pa->edge_line_bt = 0xA;
   } else {
      uint32_t er = sim_reg(ex, REG_PA_SC_EDGERULE);
      pa->edge_tri = PA_SC_EDGERULE__ER_TRI__get(er);
      pa->edge_rect = PA_SC_EDGERULE__ER_RECT__get(er);
      pa->edge_point = PA_SC_EDGERULE__ER_POINT__get(er);
      pa->edge_line_lr = PA_SC_EDGERULE__ER_LINE_LR__get(er);
      pa->edge_line_rl = PA_SC_EDGERULE__ER_LINE_RL__get(er);
      pa->edge_line_tb = PA_SC_EDGERULE__ER_LINE_TB__get(er);
      pa->edge_line_bt = PA_SC_EDGERULE__ER_LINE_BT__get(er);
   }
   pa->last_pixel = PA_SC_LINE_CNTL__LAST_PIXEL__get(sim_reg(ex, REG_PA_SC_LINE_CNTL));
   pa->line_hw = (int64_t)PA_SU_LINE_CNTL__WIDTH__get(sim_reg(ex, REG_PA_SU_LINE_CNTL)) *
                 (SIM_SUBPIX / 16);

   pa->disc_x = sim_reg_f(ex, REG_PA_CL_GB_HORZ_DISC_ADJ);   /* checked when used */
   pa->disc_y = sim_reg_f(ex, REG_PA_CL_GB_VERT_DISC_ADJ);
   /* 12.4 fixed-point pixels -> 1/SIM_SUBPIX pixel units. */
   uint32_t psize = sim_reg(ex, REG_PA_SU_POINT_SIZE);
   pa->point_hw = (int64_t)PA_SU_POINT_SIZE__WIDTH__get(psize) * (SIM_SUBPIX / 16);
   pa->point_hh = (int64_t)PA_SU_POINT_SIZE__HEIGHT__get(psize) * (SIM_SUBPIX / 16);
   uint32_t minmax = sim_reg(ex, REG_PA_SU_POINT_MINMAX);
   pa->point_min = (float)PA_SU_POINT_MINMAX__MIN_SIZE__get(minmax) / 16.0f;
   pa->point_max = (float)PA_SU_POINT_MINMAX__MAX_SIZE__get(minmax) / 16.0f;
   pa->vtx_point_size =
      PA_CL_VS_OUT_CNTL__USE_VTX_POINT_SIZE__get(sim_reg(ex, REG_PA_CL_VS_OUT_CNTL));
}

bool sim_pa_quantize(const struct sim_pa_state *pa, float window, int64_t *out)
{
   if (!isfinite(window))
      return false;
   double v = (double)window + (pa->pix_center_half ? 0.0 : 0.5);
   v = ldexp(v, (int)pa->quant_bits);
   double r;
   switch (pa->round_mode) {
   case PA_SU_VTX_CNTL__ROUND_MODE__X_TRUNCATE:
      r = trunc(v);
      break;
   case PA_SU_VTX_CNTL__ROUND_MODE__X_ROUND:
      r = round(v);
      break;
   case PA_SU_VTX_CNTL__ROUND_MODE__X_ROUND_TO_EVEN:
      r = v - floor(v) == 0.5 ? (fmod(floor(v), 2.0) == 0.0 ? floor(v) : ceil(v)) : round(v);
      break;
   default: /* X_ROUND_TO_ODD */
      r = v - floor(v) == 0.5 ? (fmod(floor(v), 2.0) != 0.0 ? floor(v) : ceil(v)) : round(v);
      break;
   }
   r = ldexp(r, SIM_SUBPIX_BITS - (int)pa->quant_bits);
   if (!(fabs(r) < (double)SIM_COORD_LIMIT))
      return false;
   *out = (int64_t)r;
   return true;
}

/* A vertex after the viewport transform and quantization. */
struct window_vtx {
   int64_t x, y;
   float z, inv_w;
};

static bool project(const struct sim_pa_state *pa, const struct sim_vtx *v,
                    struct window_vtx *out)
{
   float iw = pa->w0_fmt ? 1.0f / v->pos[3] : v->pos[3];
   float c[3] = { v->pos[0], v->pos[1], v->pos[2] };
   if (!pa->xy_fmt) {
      c[0] *= iw;
      c[1] *= iw;
   }
   if (!pa->z_fmt)
      c[2] *= iw;
   for (unsigned i = 0; i < 3; i++) {
      if (pa->scale[i])
         c[i] *= pa->vscale[i];
      if (pa->offset[i])
         c[i] += pa->voffset[i];
   }
   out->z = c[2];
   out->inv_w = iw;
   if (!sim_pa_quantize(pa, c[0], &out->x) || !sim_pa_quantize(pa, c[1], &out->y)) {
      sim_unimpl("vertex position not finite or beyond +-32768 pixels after clipping "
                 "(primitive dropped)");
      return false;
   }
   out->x += pa->win_off_x;
   out->y += pa->win_off_y;
   return true;
}

/* Polygon offset of a set-up primitive (x, y, z, area2 filled in) of facing `face` (0 front,
 * 1 back):
 *    offset = SCALE / 16 * max(|dz/dx|, |dz/dy|) + OFFSET * r
 * in double, then limited by PA_SU_POLY_OFFSET_CLAMP (a maximum if > 0, a minimum if < 0,
 * none if 0). dz/dx and dz/dy are the window-depth slopes of the plane through the three
 * quantized vertices, per pixel (SCALE counts per 1/16 pixel, so the GL factor is
 * programmed x16). The r-unit is 2^NEG_NUM_DB_BITS for unorm buffers (2^-24 for 24-bit,
 * 2^-16 for 16-bit) and, with DB_IS_FLOAT_FMT, 2^(e + NEG_NUM_DB_BITS) where e is the
 * binary exponent of the largest |z| of the three vertices (at least -126, the smallest
 * normal exponent). A term that is not finite counts as 0. */
static double poly_offset(const struct sim_pa_state *pa, const struct sim_prim *p,
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

/* Face, culling and SC setup of one triangle of window vertices; calls fn. */
static bool emit(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct window_vtx w[3], const struct sim_vtx *provoking, bool rect,
                 sim_prim_fn fn, void *ctx)
{
   struct sim_prim prim;
   for (unsigned k = 0; k < 3; k++) {
      prim.x[k] = w[k].x;
      prim.y[k] = w[k].y;
      prim.z[k] = w[k].z;
      prim.inv_w[k] = w[k].inv_w;
      prim.v[k] = v[k];
   }
   prim.provoking = provoking;
   prim.point = false;
   prim.area2 = (prim.x[1] - prim.x[0]) * (prim.y[2] - prim.y[0]) -
                (prim.y[1] - prim.y[0]) * (prim.x[2] - prim.x[0]);
   if (prim.area2 == 0)
      return true;
   /* FACE = 0: a positive cross product (in window coordinates, y down) is front. */
   prim.front = (prim.area2 > 0) != pa->face_cw;
   if (!rect && ((prim.front && pa->cull_front) || (!prim.front && pa->cull_back)))
      return true;
   unsigned face = prim.front ? 0 : 1;
   prim.z_offset = pa->offset_tri[face] ? poly_offset(pa, &prim, face) : 0.0;

   bool ok;
   if (rect) {
      /* Convex order v0, v1, v1 + v2 - v0, v2. */
      int64_t x[4] = { prim.x[0], prim.x[1], prim.x[1] + prim.x[2] - prim.x[0], prim.x[2] };
      int64_t y[4] = { prim.y[0], prim.y[1], prim.y[1] + prim.y[2] - prim.y[0], prim.y[2] };
      if (llabs(x[2]) >= SIM_COORD_LIMIT || llabs(y[2]) >= SIM_COORD_LIMIT)
         return true;
      ok = sim_sc_setup(&prim.sc, 4, x, y, pa->edge_rect);
   } else {
      ok = sim_sc_setup(&prim.sc, 3, prim.x, prim.y, pa->edge_tri);
   }
   return ok ? fn(ctx, &prim) : true;
}

/* Signed distances of a clip-space position to the clip planes (>= 0 inside). */
enum { PLANE_W, PLANE_NEAR, PLANE_FAR, PLANE_LEFT, PLANE_RIGHT, PLANE_TOP, PLANE_BOTTOM,
       NUM_PLANES };

static float plane_dist(const struct sim_pa_state *pa, unsigned plane, const float p[4])
{
   switch (plane) {
   case PLANE_W: return p[3] - W_EPSILON;
   case PLANE_NEAR: return pa->dx_clip_space ? p[2] : p[2] + p[3];
   case PLANE_FAR: return p[3] - p[2];
   case PLANE_LEFT: return pa->gb_x * p[3] + p[0];
   case PLANE_RIGHT: return pa->gb_x * p[3] - p[0];
   case PLANE_TOP: return pa->gb_y * p[3] + p[1];
   default: return pa->gb_y * p[3] - p[1];
   }
}

static bool plane_active(const struct sim_pa_state *pa, unsigned plane)
{
   return plane == PLANE_NEAR ? pa->clip_near : plane == PLANE_FAR ? pa->clip_far : true;
}

static bool finite4(const float p[4])
{
   return isfinite(p[0]) && isfinite(p[1]) && isfinite(p[2]) && isfinite(p[3]);
}

/* New vertex on the segment in -> out where the plane distance is zero. */
static void lerp_vtx(const struct sim_pa_state *pa, struct sim_vtx *dst,
                     const struct sim_vtx *in, const struct sim_vtx *out, float din, float dout)
{
   float t = din / (din - dout);
   for (unsigned c = 0; c < 4; c++)
      dst->pos[c] = in->pos[c] + t * (out->pos[c] - in->pos[c]);
   for (unsigned i = 0; i < pa->nparams; i++)
      for (unsigned c = 0; c < 4; c++)
         dst->param[i][c] = in->param[i][c] + t * (out->param[i][c] - in->param[i][c]);
}

bool sim_pa_triangle(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                     const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx)
{
   if (!finite4(v[0]->pos) || !finite4(v[1]->pos) || !finite4(v[2]->pos)) {
      sim_unimpl("vertex position not finite (PA_CL_NANINF_CNTL; triangle dropped)");
      return true;
   }
   unsigned out_any = 0, out_all = (1u << NUM_PLANES) - 1;
   if (pa->clip) {
      for (unsigned k = 0; k < 3; k++) {
         unsigned out = 0;
         for (unsigned pl = 0; pl < NUM_PLANES; pl++) {
            if (plane_active(pa, pl) && plane_dist(pa, pl, v[k]->pos) < 0)
               out |= 1u << pl;
         }
         out_any |= out;
         out_all &= out;
      }
      if (out_all)
         return true;
   } else if (v[0]->pos[3] <= 0 || v[1]->pos[3] <= 0 || v[2]->pos[3] <= 0) {
      sim_unimpl("w <= 0 with PA_CL_CLIP_CNTL.CLIP_DISABLE (triangle dropped)");
      return true;
   }

   if (!out_any) {
      struct window_vtx w[3];
      for (unsigned k = 0; k < 3; k++) {
         if (!project(pa, v[k], &w[k]))
            return true;
      }
      return emit(pa, v, w, provoking, false, fn, ctx);
   }

   /* Sutherland-Hodgman against every plane some vertex is outside of. */
   struct sim_vtx pool[NUM_PLANES * 2];
   unsigned used = 0;
   const struct sim_vtx *poly[MAX_CLIP_VERTS], *next[MAX_CLIP_VERTS];
   unsigned n = 3;
   for (unsigned k = 0; k < 3; k++)
      poly[k] = v[k];
   for (unsigned pl = 0; pl < NUM_PLANES && n >= 3; pl++) {
      if (!(out_any & (1u << pl)))
         continue;
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const struct sim_vtx *a = poly[i], *b = poly[(i + 1) % n];
         float da = plane_dist(pa, pl, a->pos), db = plane_dist(pa, pl, b->pos);
         if (da >= 0 && m < MAX_CLIP_VERTS)
            next[m++] = a;
         if ((da >= 0) != (db >= 0) && m < MAX_CLIP_VERTS && used < NUM_PLANES * 2) {
            struct sim_vtx *nv = &pool[used++];
            if (da >= 0)
               lerp_vtx(pa, nv, a, b, da, db);
            else
               lerp_vtx(pa, nv, b, a, db, da);
            next[m++] = nv;
         }
      }
      memcpy(poly, next, m * sizeof(poly[0]));
      n = m;
   }
   if (n < 3)
      return true;

   struct window_vtx w[MAX_CLIP_VERTS];
   for (unsigned i = 0; i < n; i++) {
      if (!project(pa, poly[i], &w[i]))
         return true;
   }
   for (unsigned i = 1; i + 1 < n; i++) {
      const struct sim_vtx *tv[3] = { poly[0], poly[i], poly[i + 1] };
      struct window_vtx tw[3] = { w[0], w[i], w[i + 1] };
      if (!emit(pa, tv, tw, provoking, false, fn, ctx))
         return false;
   }
   return true;
}

bool sim_pa_rect(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx)
{
   struct window_vtx w[3];
   for (unsigned k = 0; k < 3; k++) {
      if (!finite4(v[k]->pos) || v[k]->pos[3] <= 0) {
         sim_unimpl("RECTLIST vertex with w <= 0 or not finite (rectangle dropped)");
         return true;
      }
      if (!project(pa, v[k], &w[k]))
         return true;
   }
   return emit(pa, v, w, provoking, true, fn, ctx);
}

/* Points: the centre is discarded like a vertex outside the clip volume (near/far, w > 0,
 * the discard band |x| <= GB_HORZ_DISC_ADJ * w, |y| <= GB_VERT_DISC_ADJ * w); the square is
 * centre +- the radius (PA_SU_POINT_SIZE, or half the vertex's size clamped to
 * PA_SU_POINT_MINMAX and truncated to 1/16 pixel) in quantized window coordinates. */
bool sim_pa_point(const struct sim_pa_state *pa, const struct sim_vtx *v, sim_prim_fn fn,
                  void *ctx)
{
   const float *p = v->pos;
   if (!finite4(p) || p[3] <= 0) {
      if (!pa->clip && p[3] <= 0)
         sim_unimpl("w <= 0 with PA_CL_CLIP_CNTL.CLIP_DISABLE (point dropped)");
      return true;
   }
   if (pa->clip) {
      float dx = guard_band_value(pa->disc_x, "PA_CL_GB_HORZ_DISC_ADJ below 1.0 or not finite "
                                              "(1.0 used)");
      float dy = guard_band_value(pa->disc_y, "PA_CL_GB_VERT_DISC_ADJ below 1.0 or not finite "
                                              "(1.0 used)");
      if ((pa->clip_near && plane_dist(pa, PLANE_NEAR, p) < 0) ||
          (pa->clip_far && plane_dist(pa, PLANE_FAR, p) < 0) || fabsf(p[0]) > dx * p[3] ||
          fabsf(p[1]) > dy * p[3])
         return true;
   }

   struct window_vtx c;
   if (!project(pa, v, &c))
      return true;
   int64_t hw = pa->point_hw, hh = pa->point_hh;
   if (pa->vtx_point_size) {
      float r = v->psize * 0.5f;
      r = r > pa->point_min ? r : pa->point_min;   /* NaN -> min */
      r = r < pa->point_max ? r : pa->point_max;
      hw = hh = (int64_t)(r * 16.0f) * (SIM_SUBPIX / 16);
   }
   if (llabs(c.x) + hw >= SIM_COORD_LIMIT || llabs(c.y) + hh >= SIM_COORD_LIMIT)
      return true;

   struct sim_prim prim;
   int64_t x0 = c.x - hw, x1 = c.x + hw, y0 = c.y - hh, y1 = c.y + hh;
   int64_t sx[4] = { x0, x0, x1, x1 }, sy[4] = { y0, y1, y1, y0 };
   if (!sim_sc_setup(&prim.sc, 4, sx, sy, pa->edge_point))
      return true;
   /* Attributes over three corners of the square, all of them the point's vertex. */
   int64_t ax[3] = { x0, x0, x1 }, ay[3] = { y0, y1, y0 };
   for (unsigned k = 0; k < 3; k++) {
      prim.x[k] = ax[k];
      prim.y[k] = ay[k];
      prim.z[k] = c.z;
      prim.inv_w[k] = c.inv_w;
      prim.v[k] = v;
   }
   prim.area2 = (ax[1] - ax[0]) * (ay[2] - ay[0]) - (ay[1] - ay[0]) * (ax[2] - ax[0]);
   prim.provoking = v;
   prim.front = true;
   prim.point = true;
   /* Points take the front-face offset with POLY_OFFSET_PARA_ENABLE (their slope is 0). */
   prim.z_offset = pa->offset_para ? poly_offset(pa, &prim, 0) : 0.0;
   prim.box_x0 = x0;
   prim.box_y0 = y0;
   prim.box_w = 2 * hw;
   prim.box_h = 2 * hh;
   return fn(ctx, &prim);
}

/* Lines.
 *
 * Clipping: the segment is clipped against the same planes as triangles (near/far, w > 0,
 * guard band), parameters interpolated linearly in clip space.
 * Shape: with quantized end points a -> b, the line is x-major when |dx| >= |dy|. An
 * x-major line covers the parallelogram with vertical caps through a and b and sides
 * a +- (0, hw) -> b +- (0, hw); a y-major one the parallelogram with horizontal caps and
 * sides a +- (hw, 0) -> b +- (hw, 0), hw = PA_SU_LINE_CNTL.WIDTH (half width, 12.4).
 * Attributes vary along the major axis only (interpolated over a, b and a + the minor
 * offset, the third taking a's values).
 * Ties (a sample exactly on an edge is inside iff its flag is 1), PA_SC_EDGERULE
 * (r600-facts §1.4):
 *  - x-major lines use ER_LINE_LR (a left of b) or ER_LINE_RL, six flags from the MSB
 *    TB_L:TB_R:BT_L:BT_R:HT:HB: the left and right caps take TB_L / TB_R when the line
 *    runs downward on screen (b.y >= a.y), else BT_L / BT_R; the upper side HT, the lower
 *    side HB;
 *  - y-major lines use ER_LINE_TB (a above b) or ER_LINE_BT, four flags LR_L:LR_R:RL_L:RL_R:
 *    the left and right sides take LR_L / LR_R when the line runs rightward (b.x >= a.x),
 *    else RL_L / RL_R; the register has no flags for the horizontal caps, so the
 *    simulator includes samples on the top cap and excludes them on the bottom cap (the
 *    top-left convention);
 *  - PA_SC_LINE_CNTL.LAST_PIXEL = 1 makes b's cap inclusive whatever the flags say ("the
 *    last pixel is not killed").
 * With Mesa's 0xAAAAAAAA (LR/RL 0x2A, TB/BT 0xA) a left-to-right horizontal line through
 * pixel centres covers [a, b) - plus b with LAST_PIXEL - and a one-pixel-wide one exactly
 * one row. A line whose width is 0 or whose end points coincide draws nothing.
 */
static bool clip_line(const struct sim_pa_state *pa, struct sim_vtx *a, struct sim_vtx *b)
{
   for (unsigned pl = 0; pl < NUM_PLANES; pl++) {
      if (!plane_active(pa, pl))
         continue;
      float da = plane_dist(pa, pl, a->pos), db = plane_dist(pa, pl, b->pos);
      if (da < 0 && db < 0)
         return false;
      if (da < 0)
         lerp_vtx(pa, a, b, a, db, da);
      else if (db < 0)
         lerp_vtx(pa, b, a, b, da, db);
   }
   return true;
}

/* Flag `bit` (0 = the LSB) of a rule value. */
static int64_t tie_bias(unsigned rule, unsigned bit)
{
   return (rule >> bit) & 1 ? 0 : 1;
}

bool sim_pa_line(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx)
{
   if (!finite4(v[0]->pos) || !finite4(v[1]->pos)) {
      sim_unimpl("vertex position not finite (PA_CL_NANINF_CNTL; line dropped)");
      return true;
   }
   const struct sim_vtx *ends[2] = { v[0], v[1] };
   struct sim_vtx clipped[2];
   if (pa->clip) {
      bool out = false;
      for (unsigned pl = 0; pl < NUM_PLANES; pl++) {
         if (plane_active(pa, pl) &&
             (plane_dist(pa, pl, v[0]->pos) < 0 || plane_dist(pa, pl, v[1]->pos) < 0))
            out = true;
      }
      if (out) {
         clipped[0] = *v[0];
         clipped[1] = *v[1];
         if (!clip_line(pa, &clipped[0], &clipped[1]))
            return true;
         ends[0] = &clipped[0];
         ends[1] = &clipped[1];
      }
   } else if (v[0]->pos[3] <= 0 || v[1]->pos[3] <= 0) {
      sim_unimpl("w <= 0 with PA_CL_CLIP_CNTL.CLIP_DISABLE (line dropped)");
      return true;
   }
   struct window_vtx w[2];
   if (!project(pa, ends[0], &w[0]) || !project(pa, ends[1], &w[1]))
      return true;
   int64_t hw = pa->line_hw, dx = w[1].x - w[0].x, dy = w[1].y - w[0].y;
   if (hw == 0 || (dx == 0 && dy == 0))
      return true;
   bool xmajor = llabs(dx) >= llabs(dy);
   int64_t ox = xmajor ? 0 : hw, oy = xmajor ? hw : 0;
   for (unsigned k = 0; k < 2; k++) {
      if (llabs(w[k].x) + ox >= SIM_COORD_LIMIT || llabs(w[k].y) + oy >= SIM_COORD_LIMIT)
         return true;
   }

   struct sim_prim prim;
   int64_t x[4] = { w[0].x - ox, w[1].x - ox, w[1].x + ox, w[0].x + ox };
   int64_t y[4] = { w[0].y - oy, w[1].y - oy, w[1].y + oy, w[0].y + oy };
   if (!sim_sc_setup(&prim.sc, 4, x, y, 0xF))
      return true;
   /* Biases by the edge's place in the parallelogram: setup may have reversed the order,
    * so each edge is recognized by its end points. */
   int64_t bias_cap[2], bias_side[2];   /* [0] a's cap / upper or left side, [1] b's / lower or right */
   if (xmajor) {
      unsigned rule = dx > 0 ? pa->edge_line_lr : pa->edge_line_rl;
      bool down = dy >= 0;
      int64_t left = tie_bias(rule, down ? 5 : 3), right = tie_bias(rule, down ? 4 : 2);
      bias_cap[0] = dx > 0 ? left : right;
      bias_cap[1] = dx > 0 ? right : left;
      bias_side[0] = tie_bias(rule, 1);
      bias_side[1] = tie_bias(rule, 0);
   } else {
      unsigned rule = dy > 0 ? pa->edge_line_tb : pa->edge_line_bt;
      bool rightward = dx >= 0;
      bias_side[0] = tie_bias(rule, rightward ? 3 : 1);
      bias_side[1] = tie_bias(rule, rightward ? 2 : 0);
      bias_cap[0] = dy > 0 ? 0 : 1;    /* top cap in, bottom cap out */
      bias_cap[1] = dy > 0 ? 1 : 0;
   }
   if (pa->last_pixel)
      bias_cap[1] = 0;
   for (unsigned e = 0; e < 4; e++) {
      int64_t ex0 = prim.sc.x[e], ey0 = prim.sc.y[e];
      int64_t ex1 = prim.sc.x[(e + 1) % 4], ey1 = prim.sc.y[(e + 1) % 4];
      bool cap = xmajor ? ex0 == ex1 && ey0 != ey1 : ey0 == ey1 && ex0 != ex1;
      if (cap) {
         /* a's cap is the one through a (the caps lie on different major coordinates). */
         bool at_a = xmajor ? ex0 == w[0].x : ey0 == w[0].y;
         prim.sc.bias[e] = bias_cap[at_a ? 0 : 1];
      } else {
         /* The upper (x-major) or left (y-major) side is the one offset by -hw. */
         bool minus = xmajor ? ey0 + ey1 < w[0].y + w[1].y : ex0 + ex1 < w[0].x + w[1].x;
         prim.sc.bias[e] = bias_side[minus ? 0 : 1];
      }
   }

   int64_t ax[3] = { w[0].x, w[1].x, w[0].x + ox }, ay[3] = { w[0].y, w[1].y, w[0].y + oy };
   const struct sim_vtx *av[3] = { ends[0], ends[1], ends[0] };
   for (unsigned k = 0; k < 3; k++) {
      const struct window_vtx *src = &w[k == 1];
      prim.x[k] = ax[k];
      prim.y[k] = ay[k];
      prim.z[k] = src->z;
      prim.inv_w[k] = src->inv_w;
      prim.v[k] = av[k];
   }
   prim.area2 = (ax[1] - ax[0]) * (ay[2] - ay[0]) - (ay[1] - ay[0]) * (ax[2] - ax[0]);
   if (prim.area2 == 0)
      return true;
   prim.provoking = provoking;
   prim.front = true;
   prim.point = false;
   /* Lines take the front-face offset with POLY_OFFSET_PARA_ENABLE (slope along the line). */
   prim.z_offset = pa->offset_para ? poly_offset(pa, &prim, 0) : 0.0;
   return fn(ctx, &prim);
}
