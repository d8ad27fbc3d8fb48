/* SPI input setup (see spi.h).
 *
 * Interpolation at the pixel centre, or for SEL_CENTROID inputs at the centroid: the pixel
 * centre when it lies inside the primitive (same edge functions and tie rules as
 * coverage), else the first covered sample in sample order (sc.h's pattern). Screen-space barycentrics come from the exact integer edge functions of the
 * quantized triangle: b_k = E_k / (2 * area), E_k the edge function of the edge opposite
 * v[k]. Perspective-correct weights are p_k = (b_k / w_k) / sum_j (b_j / w_j); SEL_LINEAR
 * inputs (and every input with PA_SU_SC_MODE_CNTL.PERSP_CORR_DIS) use b_k. A value is
 * a0 + p1 * (a1 - a0) + p2 * (a2 - a0), computed in double and rounded to float once,
 * so a constant attribute stays exact; a NaN result (and a NaN position z or w) is the
 * default quiet NaN 0x7FC00000. FLAT_SHADE inputs (with SPI_INTERP_CONTROL_0.
 * FLAT_SHADE_ENA) take the provoking vertex's value.
 *
 * Position (POSITION_ENA): x, y = the pixel centre (px + 0.5, py + 0.5) in window
 * coordinates, or with POSITION_CENTROID the centroid as above; z = window z interpolated
 * linearly in screen space there (0.0 unless SPI_INPUT_Z.PROVIDE_Z_TO_SPI), w = the
 * clip-space w interpolated perspective-correctly, i.e. 1 / sum_k (b_k / w_k); a GL
 * fragment shader wants 1/w in gl_FragCoord.w and must take the reciprocal itself
 * (docs/r600-hardware-notes.md §3.4).
 * Per-sample selections (SEL_SAMPLE, POSITION_SAMPLE, BARYC_AT_SAMPLE_ENA) are the pixel
 * centre with one sample per pixel and reported with MSAA (the PS runs once per pixel).
 * BARYC_SAMPLE_CNTL and PERSP/LINEAR_GRADIENT_ENA only say what the hardware must
 * prepare; the simulator computes what the inputs select and reports an input whose
 * gradient type is not enabled. FOG (SPI_FOG_CNTL.PASS_FOG_THROUGH_PS,
 * SPI_VS_OUT_CONFIG.VS_EXPORTS_FOG), PARAM_GEN, GEN_INDEX_PIX, FIXED_PT_POSITION_ENA,
 * CYL_WRAP and VS_PER_COMPONENT are reported.
 * Face (FRONT_FACE_ENA): +1.0 front / -1.0 back in the selected channel, or 1 / 0 as
 * integers with FRONT_FACE_ALL_BITS.
 * Point sprites (a point, SPI_INTERP_CONTROL_0.PNT_SPRITE_ENA and the input's
 * PT_SPRITE_TEX): each component is replaced per PNT_SPRITE_OVRD_X..W by 0, 1, S or T, or
 * kept; S runs 0 -> 1 left to right across the point's square and T 0 -> 1 top to bottom
 * (1 -> 0 with PNT_SPRITE_TOP_1: "T is 1.0 at the top"), sampled at the pixel centre.
 */
#include "pixel/spi.h"

#include <string.h>

#include "common/exec.h"
#include "common/unimpl.h"
#include "r600_regs.h"

static const float default_vals[4][4] = {
   { 0.0f, 0.0f, 0.0f, 0.0f },
   { 0.0f, 0.0f, 0.0f, 1.0f },
   { 1.0f, 1.0f, 1.0f, 0.0f },
   { 1.0f, 1.0f, 1.0f, 1.0f },
};

/* Semantic id of parameter 4n + k from SPI_VS_OUT_ID_n. */
static unsigned vs_out_id(uint32_t ids, unsigned k)
{
   switch (k) {
   case 0: return SPI_VS_OUT_ID_0__SEMANTIC_0__get(ids);
   case 1: return SPI_VS_OUT_ID_0__SEMANTIC_1__get(ids);
   case 2: return SPI_VS_OUT_ID_0__SEMANTIC_2__get(ids);
   default: return SPI_VS_OUT_ID_0__SEMANTIC_3__get(ids);
   }
}

void sim_spi_state_init(struct sim_spi_state *spi, const struct sim_exec *ex, unsigned nparams)
{
   enum hw_chip chip = ex->chip;
   memset(spi, 0, sizeof(*spi));

   uint32_t ctl0 = sim_reg(ex, REG_SPI_PS_IN_CONTROL_0);
   uint32_t ctl1 = sim_reg(ex, REG_SPI_PS_IN_CONTROL_1);
   uint32_t interp = sim_reg(ex, REG_SPI_INTERP_CONTROL_0);
   uint32_t out_cfg = sim_reg(ex, REG_SPI_VS_OUT_CONFIG);
   bool persp_dis = PA_SU_SC_MODE_CNTL__PERSP_CORR_DIS__get(sim_reg(ex, REG_PA_SU_SC_MODE_CNTL));
   bool flat_ena = SPI_INTERP_CONTROL_0__FLAT_SHADE_ENA__get(interp);
   bool sprite_ena = SPI_INTERP_CONTROL_0__PNT_SPRITE_ENA__get(interp);
   spi->sprite_ovrd[0] = SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__get(interp);
   spi->sprite_ovrd[1] = SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Y__get(interp);
   spi->sprite_ovrd[2] = SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_Z__get(interp);
   spi->sprite_ovrd[3] = SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_W__get(interp);
   spi->sprite_top_1 = SPI_INTERP_CONTROL_0__PNT_SPRITE_TOP_1__get(interp);

   if (SPI_VS_OUT_CONFIG__VS_PER_COMPONENT__get(out_cfg))
      sim_unimpl_field(chip, REG_SPI_VS_OUT_CONFIG, "VS_PER_COMPONENT", 1,
                       "ids read per vector");
   if (SPI_PS_IN_CONTROL_0__PARAM_GEN__get(ctl0))
      sim_unimpl_field(chip, REG_SPI_PS_IN_CONTROL_0, "PARAM_GEN",
                       SPI_PS_IN_CONTROL_0__PARAM_GEN__get(ctl0), "ignored");
   if (SPI_PS_IN_CONTROL_1__GEN_INDEX_PIX__get(ctl1))
      sim_unimpl_field(chip, REG_SPI_PS_IN_CONTROL_1, "GEN_INDEX_PIX", 1, "ignored");
   if (SPI_PS_IN_CONTROL_1__FIXED_PT_POSITION_ENA__get(ctl1))
      sim_unimpl_field(chip, REG_SPI_PS_IN_CONTROL_1, "FIXED_PT_POSITION_ENA", 1, "ignored");
   if (SPI_FOG_CNTL__PASS_FOG_THROUGH_PS__get(sim_reg(ex, REG_SPI_FOG_CNTL)))
      sim_unimpl_field(chip, REG_SPI_FOG_CNTL, "PASS_FOG_THROUGH_PS", 1, "no fog");
   if (SPI_VS_OUT_CONFIG__VS_EXPORTS_FOG__get(out_cfg))
      sim_unimpl_field(chip, REG_SPI_VS_OUT_CONFIG, "VS_EXPORTS_FOG", 1, "no fog");
   if (SPI_PS_IN_CONTROL_0__BARYC_SAMPLE_CNTL__get(ctl0) ==
       SPI_PS_IN_CONTROL_0__BARYC_SAMPLE_CNTL__UNDEF)
      sim_unimpl_field(chip, REG_SPI_PS_IN_CONTROL_0, "BARYC_SAMPLE_CNTL",
                       SPI_PS_IN_CONTROL_0__BARYC_SAMPLE_CNTL__UNDEF, "inputs decide");
   for (unsigned c = 0; c < 4; c++) {
      if (spi->sprite_ovrd[c] > SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_NONE) {
         sim_unimpl_field(chip, REG_SPI_INTERP_CONTROL_0, "PNT_SPRITE_OVRD_X..W",
                          spi->sprite_ovrd[c], "reserved: interpolated value kept");
         spi->sprite_ovrd[c] = SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_NONE;
      }
   }
   bool msaa = PA_SC_AA_CONFIG__MSAA_NUM_SAMPLES__get(sim_reg(ex, REG_PA_SC_AA_CONFIG)) != 0;
   if (msaa && (SPI_PS_IN_CONTROL_0__POSITION_SAMPLE__get(ctl0) ||
                SPI_PS_IN_CONTROL_0__BARYC_AT_SAMPLE_ENA__get(ctl0)))
      sim_unimpl("SPI_PS_IN_CONTROL_0.POSITION_SAMPLE / BARYC_AT_SAMPLE_ENA with MSAA "
                 "(pixel centre used)");
   bool persp_grad = SPI_PS_IN_CONTROL_0__PERSP_GRADIENT_ENA__get(ctl0);
   bool linear_grad = SPI_PS_IN_CONTROL_0__LINEAR_GRADIENT_ENA__get(ctl0);

   spi->num_interp = SPI_PS_IN_CONTROL_0__NUM_INTERP__get(ctl0);
   if (spi->num_interp > SIM_MAX_PARAMS) {
      sim_unimpl_field(chip, REG_SPI_PS_IN_CONTROL_0, "NUM_INTERP", spi->num_interp,
                       "limited to 32");
      spi->num_interp = SIM_MAX_PARAMS;
   }
   spi->max_gpr = spi->num_interp;

   for (unsigned i = 0; i < spi->num_interp; i++) {
      uint32_t cntl = sim_reg(ex, REG_SPI_PS_INPUT_CNTL_0 + i * REG_SPI_PS_INPUT_CNTL_0__stride);
      unsigned sem = SPI_PS_INPUT_CNTL_0__SEMANTIC__get(cntl);
      struct sim_spi_input *in = &spi->in[i];
      in->param = -1;
      for (unsigned p = 0; p < nparams && in->param < 0; p++) {
         uint32_t ids = sim_reg(ex, REG_SPI_VS_OUT_ID_0 + (p / 4) * REG_SPI_VS_OUT_ID_0__stride);
         if (vs_out_id(ids, p % 4) == sem)
            in->param = (int)p;
      }
      memcpy(in->def, default_vals[SPI_PS_INPUT_CNTL_0__DEFAULT_VAL__get(cntl)], sizeof(in->def));
      in->flat = flat_ena && SPI_PS_INPUT_CNTL_0__FLAT_SHADE__get(cntl);
      in->linear = persp_dis || SPI_PS_INPUT_CNTL_0__SEL_LINEAR__get(cntl);
      in->sprite = sprite_ena && SPI_PS_INPUT_CNTL_0__PT_SPRITE_TEX__get(cntl);
      in->centroid = SPI_PS_INPUT_CNTL_0__SEL_CENTROID__get(cntl);
      spi->any_centroid |= in->centroid;
      if (SPI_PS_INPUT_CNTL_0__CYL_WRAP__get(cntl))
         sim_unimpl_field(chip, REG_SPI_PS_INPUT_CNTL_0, "CYL_WRAP",
                          SPI_PS_INPUT_CNTL_0__CYL_WRAP__get(cntl), "ignored");
      if (msaa && SPI_PS_INPUT_CNTL_0__SEL_SAMPLE__get(cntl))
         sim_unimpl_field(chip, REG_SPI_PS_INPUT_CNTL_0, "SEL_SAMPLE", 1,
                          "interpolated at the pixel centre");
      bool interpolated = in->param >= 0 && !in->flat;
      bool sel_linear = SPI_PS_INPUT_CNTL_0__SEL_LINEAR__get(cntl);
      if (interpolated && (sel_linear ? !linear_grad : !persp_grad && linear_grad))
         sim_unimpl(sel_linear ? "SPI_PS_INPUT_CNTL_n.SEL_LINEAR with LINEAR_GRADIENT_ENA = 0 "
                                 "(linear gradients used)"
                               : "perspective input with PERSP_GRADIENT_ENA = 0 (perspective "
                                 "gradients used)");
   }

   spi->pos_ena = SPI_PS_IN_CONTROL_0__POSITION_ENA__get(ctl0);
   spi->pos_centroid = SPI_PS_IN_CONTROL_0__POSITION_CENTROID__get(ctl0);
   spi->provide_z = SPI_INPUT_Z__PROVIDE_Z_TO_SPI__get(sim_reg(ex, REG_SPI_INPUT_Z));
   spi->pos_addr = SPI_PS_IN_CONTROL_0__POSITION_ADDR__get(ctl0);
   if (spi->pos_ena && spi->pos_addr + 1 > spi->max_gpr)
      spi->max_gpr = spi->pos_addr + 1;
   spi->face_ena = SPI_PS_IN_CONTROL_1__FRONT_FACE_ENA__get(ctl1);
   spi->face_addr = SPI_PS_IN_CONTROL_1__FRONT_FACE_ADDR__get(ctl1);
   spi->face_chan = SPI_PS_IN_CONTROL_1__FRONT_FACE_CHAN__get(ctl1);
   spi->face_all_bits = SPI_PS_IN_CONTROL_1__FRONT_FACE_ALL_BITS__get(ctl1);
   if (spi->face_ena && spi->face_addr + 1 > spi->max_gpr)
      spi->max_gpr = spi->face_addr + 1;
}

static uint32_t fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* An interpolated value's dword: a NaN is the default quiet NaN (which of several NaN
 * operands an IEEE sum returns is open; docs/r600-hardware-notes.md §3.4). */
static uint32_t computed_bits(double v)
{
   return v != v ? 0x7FC00000u : fbits((float)v);
}

/* (a - b) * (c - d) - (e - f) * (g - h) modulo 2^64, the edge function's arithmetic: the
 * PA's primitives never come near int64's range, but those made up by tests may, and then
 * the value wraps (as the fused path's code does) instead of C's undefined signed overflow. */
static int64_t edge_wrap(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, int64_t f,
                         int64_t g, int64_t h)
{
   return (int64_t)(((uint64_t)a - (uint64_t)b) * ((uint64_t)c - (uint64_t)d) -
                    ((uint64_t)e - (uint64_t)f) * ((uint64_t)g - (uint64_t)h));
}

/* Screen-space (b) and perspective-correct (p) barycentric weights at (px, py), in
 * 1/SIM_SUBPIX px, with inv_area = 1 / prim->area2; returns sum_k b_k / w_k. */
static double weights(const struct sim_prim *prim, double inv_area, int64_t px, int64_t py,
                      double b[3], double p[3])
{
   for (unsigned k = 0; k < 3; k++) {
      unsigned i = (k + 1) % 3, j = (k + 2) % 3;   /* edge v[i] -> v[j] is opposite v[k] */
      int64_t e = edge_wrap(prim->x[j], prim->x[i], py, prim->y[i], prim->y[j], prim->y[i], px,
                            prim->x[i]);
      b[k] = (double)e * inv_area;
   }
   double q[3], qsum = 0;
   for (unsigned k = 0; k < 3; k++) {
      q[k] = b[k] * prim->inv_w[k];
      qsum += q[k];
   }
   for (unsigned k = 0; k < 3; k++)
      p[k] = q[k] / qsum;
   return qsum;
}

/* Whether the pixel centre (px, py) is inside the primitive under its edge rules. */
static bool centre_inside(const struct sim_prim *prim, int64_t px, int64_t py)
{
   const struct sim_sc_setup *sc = &prim->sc;
   for (unsigned e = 0; e < sc->n; e++) {
      if (sc->dx[e] * (py - sc->y[e]) - sc->dy[e] * (px - sc->x[e]) - sc->bias[e] < 0)
         return false;
   }
   return true;
}

static uint64_t magnitude(int64_t v)
{
   return v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
}

/* sim_lane_x / sim_lane_y as doubles. */
static const double lane_xd[SIM_LANES] = { 0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3 };
static const double lane_yd[SIM_LANES] = { 0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3 };

/* weights() for the 16 lanes of a block at (px[l], py[l]), as structures of arrays:
 * b[k][l], p[k][l] (only p[1] and p[2], the ones values use) and qsum[l]; the same
 * operations in the same order, so the same results. */
static void block_weights(const struct sim_prim *prim, double inv_area, const int64_t *px,
                          const int64_t *py, double b[3][SIM_LANES], double p[3][SIM_LANES],
                          double qsum[SIM_LANES])
{
   for (unsigned k = 0; k < 3; k++) {
      unsigned i = (k + 1) % 3, j = (k + 2) % 3;
      /* The integer edge function at lane 0 (the block's corner pixel), stepped per pixel
       * in x and y: exactly the per-lane products. */
      int64_t e0 = edge_wrap(prim->x[j], prim->x[i], py[0], prim->y[i], prim->y[j], prim->y[i],
                             px[0], prim->x[i]);
      int64_t step_x = edge_wrap(0, 0, 0, 0, prim->y[j], prim->y[i], SIM_SUBPIX, 0);
      int64_t step_y = edge_wrap(prim->x[j], prim->x[i], SIM_SUBPIX, 0, 0, 0, 0, 0);
      if (magnitude(e0) < (1ull << 50) && magnitude(step_x) < (1ull << 48) &&
          magnitude(step_y) < (1ull << 48)) {
         /* every partial sum is an integer below 2^53: the same values in double */
         double e0d = (double)e0, sxd = (double)step_x, syd = (double)step_y;
         for (unsigned l = 0; l < SIM_LANES; l++)
            b[k][l] = (e0d + lane_xd[l] * sxd + lane_yd[l] * syd) * inv_area;
         continue;
      }
      for (unsigned l = 0; l < SIM_LANES; l++) {
         int64_t e = (int64_t)((uint64_t)e0 + sim_lane_x(l) * (uint64_t)step_x +
                               sim_lane_y(l) * (uint64_t)step_y);
         b[k][l] = (double)e * inv_area;
      }
   }
   const double w0 = prim->inv_w[0], w1 = prim->inv_w[1], w2 = prim->inv_w[2];
   for (unsigned l = 0; l < SIM_LANES; l++) {
      double q0 = b[0][l] * w0, q1 = b[1][l] * w1, q2 = b[2][l] * w2, qs = 0;
      qs += q0;
      qs += q1;
      qs += q2;
      p[1][l] = q1 / qs;
      p[2][l] = q2 / qs;
      qsum[l] = qs;
   }
}

void sim_spi_load(const struct sim_spi_state *spi, const struct sim_prim *prim, int32_t bx,
                  int32_t by, const uint8_t smask[16], const struct sim_sc_msaa *ms,
                  struct sim_lanes *lanes)
{
   /* Per lane: screen-space and perspective weights at the centre (b, p) and at the
    * centroid (bc, pc); the per-input loops below then run over the lanes. */
   double b[3][SIM_LANES], p[3][SIM_LANES], bc_c[3][SIM_LANES], pc_c[3][SIM_LANES];
   double qsum[SIM_LANES], qsum_cc[SIM_LANES], s[SIM_LANES], t[SIM_LANES];
   int64_t px[SIM_LANES], py[SIM_LANES], cx[SIM_LANES], cy[SIM_LANES];
   const double inv_area = 1.0 / (double)prim->area2;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      px[l] = (int64_t)(bx + (int32_t)sim_lane_x(l)) * SIM_SUBPIX + SIM_SUBPIX / 2;
      py[l] = (int64_t)(by + (int32_t)sim_lane_y(l)) * SIM_SUBPIX + SIM_SUBPIX / 2;
   }
   block_weights(prim, inv_area, px, py, b, p, qsum);
   /* The centroid weights are the centre's unless some lane's centroid moves. */
   double(*bc)[SIM_LANES] = b, (*pc)[SIM_LANES] = p, *qsum_c = qsum;
   bool centroid = spi->any_centroid || spi->pos_centroid;
   if (centroid) {
      memcpy(bc_c, b, sizeof(b));
      memcpy(pc_c, p, sizeof(p));
      memcpy(qsum_cc, qsum, sizeof(qsum));
      bc = bc_c;
      pc = pc_c;
      qsum_c = qsum_cc;
   }
   for (unsigned l = 0; l < SIM_LANES; l++) {
      /* Centroid: the centre if it is inside, else the first covered sample (helper
       * lanes, which cover none, use the centre). */
      cx[l] = px[l];
      cy[l] = py[l];
      if (centroid && smask[l] &&
          !centre_inside(prim, px[l], py[l])) {
         unsigned k = (unsigned)__builtin_ctz(smask[l]);
         cx[l] += ms->dx[k];
         cy[l] += ms->dy[k];
      }
      if (cx[l] != px[l] || cy[l] != py[l]) {
         double wb[3], wp[3];
         qsum_c[l] = weights(prim, inv_area, cx[l], cy[l], wb, wp);
         for (unsigned k = 0; k < 3; k++) {
            bc[k][l] = wb[k];
            pc[k][l] = wp[k];
         }
      }
      s[l] = t[l] = 0;
      if (prim->point) {
         s[l] = (double)(px[l] - prim->box_x0) / (double)prim->box_w;
         t[l] = (double)(py[l] - prim->box_y0) / (double)prim->box_h;
         if (spi->sprite_top_1)
            t[l] = 1.0 - t[l];
      }
   }

   for (unsigned i = 0; i < spi->num_interp; i++) {
      const struct sim_spi_input *in = &spi->in[i];
      for (unsigned c = 0; c < 4; c++) {
         uint32_t *g = lanes->gpr[i][c];
         unsigned ovrd = prim->point && in->sprite ? spi->sprite_ovrd[c]
                                                    : SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_NONE;
         if (ovrd == SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_S) {
            for (unsigned l = 0; l < SIM_LANES; l++)
               g[l] = fbits((float)s[l]);
         } else if (ovrd == SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_T) {
            for (unsigned l = 0; l < SIM_LANES; l++)
               g[l] = fbits((float)t[l]);
         } else if (ovrd == SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_0 ||
                    ovrd == SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_1 ||
                    in->param < 0 || in->flat) {
            float v = ovrd == SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_0 ? 0.0f
                      : ovrd == SPI_INTERP_CONTROL_0__PNT_SPRITE_OVRD_X__SPI_PNT_SPRITE_SEL_1 ? 1.0f
                      : in->param < 0 ? in->def[c]
                                      : prim->provoking->param[in->param][c];
            for (unsigned l = 0; l < SIM_LANES; l++)
               g[l] = fbits(v);
         } else {
            double(*wt)[SIM_LANES] =
               in->centroid ? (in->linear ? bc : pc) : (in->linear ? b : p);
            double a0 = prim->v[0]->param[in->param][c];
            double d1 = prim->v[1]->param[in->param][c] - a0;
            double d2 = prim->v[2]->param[in->param][c] - a0;
            for (unsigned l = 0; l < SIM_LANES; l++)
               g[l] = computed_bits(a0 + wt[1][l] * d1 + wt[2][l] * d2);
         }
      }
   }
   if (spi->pos_ena) {
      uint32_t (*g)[SIM_LANES] = lanes->gpr[spi->pos_addr];
      double(*wb)[SIM_LANES] = spi->pos_centroid ? bc : b;
      double z1 = (double)prim->z[1] - prim->z[0], z2 = (double)prim->z[2] - prim->z[0];
      for (unsigned l = 0; l < SIM_LANES; l++) {
         double z = prim->z[0] + wb[1][l] * z1 + wb[2][l] * z2;
         int64_t x = spi->pos_centroid ? cx[l] : px[l], y = spi->pos_centroid ? cy[l] : py[l];
         g[0][l] = fbits((float)((double)x / SIM_SUBPIX));
         g[1][l] = fbits((float)((double)y / SIM_SUBPIX));
         g[2][l] = spi->provide_z ? computed_bits(z) : 0;
         g[3][l] = computed_bits(1.0 / (spi->pos_centroid ? qsum_c[l] : qsum[l]));
      }
   }
   if (spi->face_ena) {
      uint32_t v = spi->face_all_bits ? (uint32_t)prim->front : fbits(prim->front ? 1.0f : -1.0f);
      for (unsigned l = 0; l < SIM_LANES; l++)
         lanes->gpr[spi->face_addr][spi->face_chan][l] = v;
   }
}
