/* PA: culling, clipping, face, polygon modes, SC setup of triangles and rectangles (points
 * and lines: pa_line.c; the clipper: pa_clip.c; viewport transform, quantization and
 * polygon offset: pa_setup.c).
 *
 * Before clipping a primitive is discarded when DX_RASTERIZATION_KILL (R7xx) or
 * SX_MISC.MULTIPASS is set, when a vertex position is not finite (PA_CL_NANINF_CNTL = 0;
 * its other settings are reported), or by sim_pa_cull (vertex kill flags, cull distances,
 * cull-only user planes, the discard band).
 * Clipping (PA_CL_CLIP_CNTL.CLIP_DISABLE = 0) is done in homogeneous clip space against
 * the planes of pa_clip.c; a triangle entirely inside is not touched, one entirely
 * outside a plane is rejected, others are clipped and the polygon drawn as a fan from its
 * first vertex.
 * A triangle none of whose samples can lie inside the scissor (no sample position of the
 * draw's pattern in its bounding box there) is not emitted: the SC would cover nothing.
 * Face: FACE = 0 makes a positive cross product in window coordinates (y down) front.
 * Polygon mode (POLY_MODE = 1, dual): a triangle whose facing's POLYMODE_*_PTYPE is
 * points or lines is culled by facing first (the sign of its clipped polygon's area), then
 * drawn as points at its vertices or lines along its edges - only the edges sim_vgt_prim
 * marks (not a quad's or polygon's inner diagonal) and, with USE_VTX_EDGE_FLAG, whose
 * first vertex's edge flag (misc vector y) is not 0 - each clipped as a point or line, with
 * the polygon's facing and, with POLY_OFFSET_FRONT/BACK_ENABLE, the polygon's offset.
 */
#include "geometry/pa.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/exec.h"
#include "common/unimpl.h"
#include "geometry/pa_clip.h"
#include "geometry/pa_line.h"
#include "geometry/pa_setup.h"
#include "r600_regs.h"
#include "raster/msaa.h"
#include "raster/scissor.h"

#define PTYPE_POINTS 0
#define PTYPE_LINES 1
#define PTYPE_TRIANGLES 2
#define POLY_MODE_DUAL 1

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
   sim_unimpl_field(ex->chip, REG_PA_SU_VTX_CNTL, "QUANT_MODE", mode,
                    "reserved, 1/256 used");
   return 8;
}

/* A guard-band / discard-band factor: any number; NaN is reported and read as 1.0. */
static float band(const struct sim_exec *ex, uint32_t reg)
{
   float g = sim_reg_f(ex, reg);
   if (isnan(g)) {
      sim_unimpl_field(ex->chip, reg, "DATA_REGISTER", sim_reg(ex, reg), "NaN: 1.0 used");
      return 1.0f;
   }
   return g;
}

/* PA_SC state the simulator does not implement, reported once per value. */
void sim_pa_report_unimplemented(const struct sim_exec *ex)
{
   enum hw_chip chip = ex->chip;
   uint32_t v = sim_reg(ex, REG_PA_SC_MODE_CNTL);
   if (PA_SC_MODE_CNTL__LINE_STIPPLE_ENABLE__get(v))
      sim_unimpl_field(chip, REG_PA_SC_MODE_CNTL, "LINE_STIPPLE_ENABLE", 1, "lines solid");
   if (PA_SC_MODE_CNTL__PS_ITER_SAMPLE__get(v))
      sim_unimpl_field(chip, REG_PA_SC_MODE_CNTL, "PS_ITER_SAMPLE", 1,
                       "PS runs once per pixel");
   v = sim_reg(ex, REG_PA_SC_LINE_CNTL);
   if (PA_SC_LINE_CNTL__USE_BRES_CNTL__get(v))
      sim_unimpl_field(chip, REG_PA_SC_LINE_CNTL, "USE_BRES_CNTL", 1, "ignored");
   if (PA_SC_LINE_CNTL__EXPAND_LINE_WIDTH__get(v))
      sim_unimpl_field(chip, REG_PA_SC_LINE_CNTL, "EXPAND_LINE_WIDTH", 1, "ignored");
   if (PA_SC_AA_CONFIG__AA_MASK_CENTROID_DTMN__get(sim_reg(ex, REG_PA_SC_AA_CONFIG)))
      sim_unimpl_field(chip, REG_PA_SC_AA_CONFIG, "AA_MASK_CENTROID_DTMN", 1,
                       "centroid from the primitive's coverage only");
   v = PA_SC_CLIPRECT_RULE__CLIP_RULE__get(sim_reg(ex, REG_PA_SC_CLIPRECT_RULE));
   if (v != 0xFFFF && !PA_SC_MODE_CNTL__CLIPRECT_ENABLE__get(sim_reg(ex, REG_PA_SC_MODE_CNTL)))
      sim_unimpl_field(chip, REG_PA_SC_CLIPRECT_RULE, "CLIP_RULE", v, "cliprects ignored");
}

/* PA_CL_NANINF_CNTL: only 0 (primitives with a NaN or infinite position are discarded) is
 * implemented; each other bit is reported. */
static void report_naninf(enum hw_chip chip, uint32_t v)
{
   static const struct { uint32_t mask; const char *name; } bits[] = {
#define BIT(n) { PA_CL_NANINF_CNTL__##n##__mask, #n }
      BIT(VTE_XY_INF_DISCARD), BIT(VTE_Z_INF_DISCARD), BIT(VTE_W_INF_DISCARD),
      BIT(VTE_0XNANINF_IS_0), BIT(VTE_XY_NAN_RETAIN), BIT(VTE_Z_NAN_RETAIN),
      BIT(VTE_W_NAN_RETAIN), BIT(VTE_W_RECIP_NAN_IS_0), BIT(VS_XY_NAN_TO_INF),
      BIT(VS_XY_INF_RETAIN), BIT(VS_Z_NAN_TO_INF), BIT(VS_Z_INF_RETAIN), BIT(VS_W_NAN_TO_INF),
      BIT(VS_W_INF_RETAIN), BIT(VS_CLIP_DIST_INF_DISCARD), BIT(VTE_NO_OUTPUT_NEG_0),
#undef BIT
   };
   for (unsigned i = 0; i < sizeof(bits) / sizeof(bits[0]); i++) {
      if (v & bits[i].mask)
         sim_unimpl_field(chip, REG_PA_CL_NANINF_CNTL, bits[i].name, 1,
                          "non-finite positions discard the primitive");
   }
}

static void init_clip(struct sim_pa_state *pa, const struct sim_exec *ex)
{
   enum hw_chip chip = ex->chip;
   uint32_t clip = sim_reg(ex, REG_PA_CL_CLIP_CNTL);
   uint32_t vs_out = sim_reg(ex, REG_PA_CL_VS_OUT_CNTL);
   pa->kill_all = (chip != HW_CHIP_R6XX && PA_CL_CLIP_CNTL__DX_RASTERIZATION_KILL__get(clip)) ||
                  SX_MISC__MULTIPASS__get(sim_reg(ex, REG_SX_MISC));
   pa->clip = !PA_CL_CLIP_CNTL__CLIP_DISABLE__get(clip);
   pa->dx_clip_space = PA_CL_CLIP_CNTL__DX_CLIP_SPACE_DEF__get(clip);
   pa->gb_x = band(ex, REG_PA_CL_GB_HORZ_CLIP_ADJ);
   pa->gb_y = band(ex, REG_PA_CL_GB_VERT_CLIP_ADJ);
   pa->disc_x = band(ex, REG_PA_CL_GB_HORZ_DISC_ADJ);
   pa->disc_y = band(ex, REG_PA_CL_GB_VERT_DISC_ADJ);
   report_naninf(chip, sim_reg(ex, REG_PA_CL_NANINF_CNTL));

   pa->misc_vec = PA_CL_VS_OUT_CNTL__VS_OUT_MISC_VEC_ENA__get(vs_out);
   pa->ccdist_vec[0] = PA_CL_VS_OUT_CNTL__VS_OUT_CCDIST0_VEC_ENA__get(vs_out);
   pa->ccdist_vec[1] = PA_CL_VS_OUT_CNTL__VS_OUT_CCDIST1_VEC_ENA__get(vs_out);
   pa->vtx_point_size = PA_CL_VS_OUT_CNTL__USE_VTX_POINT_SIZE__get(vs_out);
   pa->edge_flag = PA_CL_VS_OUT_CNTL__USE_VTX_EDGE_FLAG__get(vs_out);
   pa->kill_flag = PA_CL_VS_OUT_CNTL__USE_VTX_KILL_FLAG__get(vs_out);
   pa->kill_or = PA_CL_CLIP_CNTL__VTX_KILL_OR__get(clip);
   if (PA_CL_VS_OUT_CNTL__USE_VTX_RENDER_TARGET_INDX__get(vs_out))
      sim_unimpl_field(chip, REG_PA_CL_VS_OUT_CNTL, "USE_VTX_RENDER_TARGET_INDX", 1,
                       "layer SLICE_START used");
   if (PA_CL_VS_OUT_CNTL__USE_VTX_VIEWPORT_INDX__get(vs_out))
      sim_unimpl_field(chip, REG_PA_CL_VS_OUT_CNTL, "USE_VTX_VIEWPORT_INDX", 1,
                       "viewport 0 used");
   /* CLIP_DIST_ENA_n / CULL_DIST_ENA_n, each needing its CCDIST vector. */
   static const uint32_t clip_dist_ena[8] = {
      PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_0__mask, PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_1__mask,
      PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_2__mask, PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_3__mask,
      PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_4__mask, PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_5__mask,
      PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_6__mask, PA_CL_VS_OUT_CNTL__CLIP_DIST_ENA_7__mask,
   };
   static const uint32_t cull_dist_ena[8] = {
      PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_0__mask, PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_1__mask,
      PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_2__mask, PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_3__mask,
      PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_4__mask, PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_5__mask,
      PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_6__mask, PA_CL_VS_OUT_CNTL__CULL_DIST_ENA_7__mask,
   };
   static const uint32_t ucp_ena[6] = {
      PA_CL_CLIP_CNTL__UCP_ENA_0__mask, PA_CL_CLIP_CNTL__UCP_ENA_1__mask,
      PA_CL_CLIP_CNTL__UCP_ENA_2__mask, PA_CL_CLIP_CNTL__UCP_ENA_3__mask,
      PA_CL_CLIP_CNTL__UCP_ENA_4__mask, PA_CL_CLIP_CNTL__UCP_ENA_5__mask,
   };
   unsigned clip_dist = 0, cull_dist = 0, exported = 0;
   for (unsigned n = 0; n < 8; n++) {
      clip_dist |= (vs_out & clip_dist_ena[n]) ? 1u << n : 0;
      cull_dist |= (vs_out & cull_dist_ena[n]) ? 1u << n : 0;
      exported |= pa->ccdist_vec[n / 4] ? 1u << n : 0;
   }
   if ((clip_dist | cull_dist) & ~exported)
      sim_unimpl("PA_CL_VS_OUT_CNTL.CLIP_DIST_ENA_n / CULL_DIST_ENA_n without the "
                 "VS_OUT_CCDIST vector holding distance n (ignored)");
   clip_dist &= exported;
   pa->cull_dist_mask = cull_dist & exported;

   unsigned ucp = 0;
   for (unsigned n = 0; n < 6; n++) {
      if (clip & ucp_ena[n])
         ucp |= 1u << n;
      pa->ucp[n][0] = sim_reg_f(ex, REG_PA_CL_UCP_0_X + n * REG_PA_CL_UCP_0_X__stride);
      pa->ucp[n][1] = sim_reg_f(ex, REG_PA_CL_UCP_0_Y + n * REG_PA_CL_UCP_0_Y__stride);
      pa->ucp[n][2] = sim_reg_f(ex, REG_PA_CL_UCP_0_Z + n * REG_PA_CL_UCP_0_Z__stride);
      pa->ucp[n][3] = sim_reg_f(ex, REG_PA_CL_UCP_0_W + n * REG_PA_CL_UCP_0_W__stride);
   }
   bool cull_only = PA_CL_CLIP_CNTL__UCP_CULL_ONLY_ENA__get(clip);
   pa->ucp_cull_mask = cull_only ? ucp : 0;
   unsigned point_mode = PA_CL_CLIP_CNTL__PS_UCP_MODE__get(clip);
   if ((ucp || clip_dist) && point_mode > 1)
      sim_unimpl_field(chip, REG_PA_CL_CLIP_CNTL, "PS_UCP_MODE", point_mode,
                       "points culled by radius (mode 1), not expanded");
   if (ucp && PA_CL_CLIP_CNTL__PS_UCP_Y_SCALE_NEG__get(clip))
      sim_unimpl_field(chip, REG_PA_CL_CLIP_CNTL, "PS_UCP_Y_SCALE_NEG", 1, "ignored");
   pa->point_ucp_mask = ucp << SIM_PLANE_UCP0 | clip_dist << SIM_PLANE_CLIPDIST0;
   pa->point_cull_rad = point_mode ? sim_reg_f(ex, REG_PA_CL_POINT_CULL_RAD) : 0.0f;

   if (pa->clip) {
      pa->clip_planes = 1u << SIM_PLANE_W | 1u << SIM_PLANE_LEFT | 1u << SIM_PLANE_RIGHT |
                        1u << SIM_PLANE_TOP | 1u << SIM_PLANE_BOTTOM;
      if (!PA_CL_CLIP_CNTL__ZCLIP_NEAR_DISABLE__get(clip))
         pa->clip_planes |= 1u << SIM_PLANE_NEAR;
      if (!PA_CL_CLIP_CNTL__ZCLIP_FAR_DISABLE__get(clip))
         pa->clip_planes |= 1u << SIM_PLANE_FAR;
      if (!cull_only)
         pa->clip_planes |= ucp << SIM_PLANE_UCP0;
      pa->clip_planes |= clip_dist << SIM_PLANE_CLIPDIST0;
      if (!PA_CL_CLIP_CNTL__DX_LINEAR_ATTR_CLIP_ENA__get(clip))
         sim_unimpl_field(chip, REG_PA_CL_CLIP_CNTL, "DX_LINEAR_ATTR_CLIP_ENA", 0,
                          "attributes clipped linearly in clip space");
   }
}

static void init_setup(struct sim_pa_state *pa, const struct sim_exec *ex)
{
   enum hw_chip chip = ex->chip;
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
   pa->ptype[0] = pa->ptype[1] = PTYPE_TRIANGLES;
   unsigned poly_mode = PA_SU_SC_MODE_CNTL__POLY_MODE__get(mode);
   if (poly_mode == POLY_MODE_DUAL) {
      pa->ptype[0] = PA_SU_SC_MODE_CNTL__POLYMODE_FRONT_PTYPE__get(mode);
      pa->ptype[1] = PA_SU_SC_MODE_CNTL__POLYMODE_BACK_PTYPE__get(mode);
      for (unsigned f = 0; f < 2; f++) {
         if (pa->ptype[f] > PTYPE_TRIANGLES) {
            sim_unimpl_field(chip, REG_PA_SU_SC_MODE_CNTL,
                             f ? "POLYMODE_BACK_PTYPE" : "POLYMODE_FRONT_PTYPE", pa->ptype[f],
                             "reserved: triangles drawn");
            pa->ptype[f] = PTYPE_TRIANGLES;
         }
      }
   } else if (poly_mode) {
      sim_unimpl_field(chip, REG_PA_SU_SC_MODE_CNTL, "POLY_MODE", poly_mode,
                       "reserved: triangles drawn");
   }
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

   if (chip == HW_CHIP_R6XX) {
      /* R6xx has no PA_SC_EDGERULE; its rule is presumed to be top-left (docs/r600-hardware-notes.md
       * §7), i.e. the 0xAAAAAAAA Mesa programs on R7xx. */
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

   /* 12.4 fixed-point pixels -> 1/SIM_SUBPIX pixel units. */
   uint32_t psize = sim_reg(ex, REG_PA_SU_POINT_SIZE);
   pa->point_hw = (int64_t)PA_SU_POINT_SIZE__WIDTH__get(psize) * (SIM_SUBPIX / 16);
   pa->point_hh = (int64_t)PA_SU_POINT_SIZE__HEIGHT__get(psize) * (SIM_SUBPIX / 16);
   uint32_t minmax = sim_reg(ex, REG_PA_SU_POINT_MINMAX);
   pa->point_min = (float)PA_SU_POINT_MINMAX__MIN_SIZE__get(minmax) / 16.0f;
   pa->point_max = (float)PA_SU_POINT_MINMAX__MAX_SIZE__get(minmax) / 16.0f;
}

void sim_pa_state_init(struct sim_pa_state *pa, const struct sim_exec *ex, unsigned nparams)
{
   memset(pa, 0, sizeof(*pa));
   pa->nparams = nparams;
   init_clip(pa, ex);
   init_setup(pa, ex);
   struct sim_sc_msaa ms;
   sim_sc_msaa_init(&ms, ex);
   sim_sc_extent_init(&pa->samples, &ms);
   pa->scissor = sim_sc_scissor(ex);
}

/* The VS's position exports are packed: POS 60 the position, then the misc vector if
 * VS_OUT_MISC_VEC_ENA, then clip/cull distances 0-3 and 4-7 if VS_OUT_CCDIST0/1_VEC_ENA
 * (docs/r600-hardware-notes.md §3.5); the vectors not exported are zero. The rows a vertex
 * is made of, each four channels x SIM_LANES lanes (zero_row for those not exported, or
 * without `zero_rows` no row), with the byte offset in struct sim_vtx of the four floats
 * each fills. Returns the count. */
static const uint32_t zero_row[4][SIM_LANES];

static unsigned vertex_rows(const struct sim_pa_state *pa, const struct sim_exports *e,
                            bool zero_rows, const uint32_t (*row[])[SIM_LANES], size_t at[])
{
   unsigned n = 0, slot = 1;
   row[n] = e->pos[0];
   at[n++] = offsetof(struct sim_vtx, pos);
   if (pa->misc_vec || zero_rows) {
      row[n] = pa->misc_vec ? e->pos[slot++] : zero_row;
      at[n++] = offsetof(struct sim_vtx, misc);
   }
   for (unsigned k = 0; k < 2; k++) {
      if (pa->ccdist_vec[k] || zero_rows) {
         row[n] = pa->ccdist_vec[k] ? e->pos[slot++] : zero_row;
         at[n++] = offsetof(struct sim_vtx, ccdist) + 4 * sizeof(float) * k;
      }
   }
   for (unsigned p = 0; p < pa->nparams; p++) {
      row[n] = e->param[p];
      at[n++] = offsetof(struct sim_vtx, param) + 4 * sizeof(float) * p;
   }
   return n;
}

#define MAX_ROWS (4 + SIM_MAX_PARAMS)

void sim_pa_load_vertex(const struct sim_pa_state *pa, const struct sim_exports *e,
                        unsigned lane, struct sim_vtx *v)
{
   const uint32_t (*row[MAX_ROWS])[SIM_LANES];
   size_t at[MAX_ROWS];
   unsigned rows = vertex_rows(pa, e, true, row, at);
   for (unsigned r = 0; r < rows; r++) {
      uint32_t *d = (uint32_t *)((char *)v + at[r]);
      for (unsigned c = 0; c < 4; c++)
         d[c] = row[r][c][lane];
   }
}

/* Four vectors of four lanes (c0..c3, one per channel) as four vectors of four channels,
 * one per lane. */
static inline void transpose4v(sim_pa_i4 c0, sim_pa_i4 c1, sim_pa_i4 c2, sim_pa_i4 c3,
                               sim_pa_i4 out[4])
{
   /* a = x0 y0 x1 y1, b = z0 w0 z1 w1, c = x2 y2 x3 y3, d = z2 w2 z3 w3 */
   const sim_pa_i4 lo = { 0, 4, 1, 5 }, hi = { 2, 6, 3, 7 };
   const sim_pa_i4 l2 = { 0, 1, 4, 5 }, h2 = { 2, 3, 6, 7 };
   sim_pa_i4 a = __builtin_shuffle(c0, c1, lo), b = __builtin_shuffle(c2, c3, lo);
   sim_pa_i4 c = __builtin_shuffle(c0, c1, hi), d = __builtin_shuffle(c2, c3, hi);
   out[0] = __builtin_shuffle(a, b, l2);
   out[1] = __builtin_shuffle(a, b, h2);
   out[2] = __builtin_shuffle(c, d, l2);
   out[3] = __builtin_shuffle(c, d, h2);
}

/* Lanes 4q .. 4q + 3 of a row (four channels) as four (x, y, z, w) vectors, one per lane. */
static inline void transpose4(const uint32_t (*row)[SIM_LANES], unsigned q, sim_pa_i4 out[4])
{
   sim_pa_i4 c0, c1, c2, c3;
   memcpy(&c0, &row[0][4 * q], 16);
   memcpy(&c1, &row[1][4 * q], 16);
   memcpy(&c2, &row[2][4 * q], 16);
   memcpy(&c3, &row[3][4 * q], 16);
   transpose4v(c0, c1, c2, c3, out);
}

void sim_pa_load_lanes(const struct sim_pa_state *pa, const struct sim_exports *e, unsigned n,
                       bool zero_rows, struct sim_vtx *v)
{
   const uint32_t (*row[MAX_ROWS])[SIM_LANES];
   size_t at[MAX_ROWS];
   unsigned rows = vertex_rows(pa, e, zero_rows, row, at);
   for (unsigned q = 0; 4 * q < n; q++) {
      unsigned m = n - 4 * q < 4 ? n - 4 * q : 4;
      char *base = (char *)&v[4 * q];
      for (unsigned r = 0; r < rows; r++) {
         sim_pa_i4 out[4] = { { 0 }, { 0 }, { 0 }, { 0 } };
         if (row[r] != zero_row)   /* a vector not exported is stored as zeros */
            transpose4(row[r], q, out);
         char *p = base + at[r];
         if (m == 4) {
            memcpy(p, &out[0], 16);
            memcpy(p + sizeof(struct sim_vtx), &out[1], 16);
            memcpy(p + 2 * sizeof(struct sim_vtx), &out[2], 16);
            memcpy(p + 3 * sizeof(struct sim_vtx), &out[3], 16);
         } else {
            for (unsigned i = 0; i < m; i++)
               memcpy(p + i * sizeof(struct sim_vtx), &out[i], 16);
         }
      }
   }
}

/* Twice the signed area of the window triangle w (the barycentric denominator). */
static inline int64_t window_area2(const struct sim_pa_window_vtx *const w[3])
{
   return (w[1]->x - w[0]->x) * (w[2]->y - w[0]->y) - (w[1]->y - w[0]->y) * (w[2]->x - w[0]->x);
}

/* FACE = 0: a positive cross product (in window coordinates, y down) is front. */
static inline bool window_front(const struct sim_pa_state *pa, int64_t area2)
{
   return (area2 > 0) != pa->face_cw;
}

/* The primitive of triangle v (window vertices w) with its area and facing. */
static inline __attribute__((always_inline)) void
fill_prim(const struct sim_vtx *const v[3], const struct sim_pa_window_vtx *const w[3],
          const struct sim_vtx *provoking, int64_t area2, bool front, struct sim_prim *prim)
{
   for (unsigned k = 0; k < 3; k++) {
      prim->x[k] = w[k]->x;
      prim->y[k] = w[k]->y;
      prim->z[k] = w[k]->z;
      prim->inv_w[k] = w[k]->inv_w;
      prim->v[k] = v[k];
   }
   prim->provoking = provoking;
   prim->point = false;
   prim->area2 = area2;
   prim->front = front;
}

/* Window vertices, area and facing of a triangle; false if it has no area. */
static bool tri_prim(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                     const struct sim_pa_window_vtx *const w[3], const struct sim_vtx *provoking,
                     struct sim_prim *prim)
{
   int64_t area2 = window_area2(w);
   fill_prim(v, w, provoking, area2, window_front(pa, area2), prim);
   return area2 != 0;
}

/* Whether a sample of the draw can lie in the bounding box of triangle w inside the
 * scissor: the SC covers nothing of one where none can (sim_sc_box_pixels). */
static inline bool reaches_samples(const struct sim_pa_state *pa,
                                   const struct sim_pa_window_vtx *const w[3])
{
   int64_t minx = w[0]->x, maxx = w[0]->x, miny = w[0]->y, maxy = w[0]->y;
   for (unsigned k = 1; k < 3; k++) {
      minx = w[k]->x < minx ? w[k]->x : minx;
      maxx = w[k]->x > maxx ? w[k]->x : maxx;
      miny = w[k]->y < miny ? w[k]->y : miny;
      maxy = w[k]->y > maxy ? w[k]->y : maxy;
   }
   struct sim_rect px;
   return sim_sc_box_pixels(&pa->samples, &pa->scissor, minx, maxx, miny, maxy, &px);
}

/* Culling by facing, by samples out of reach (not of a RECTLIST's parallelogram), offset
 * and SC setup of one triangle (or RECTLIST parallelogram); the primitive is filled in only
 * when it is not culled. */
static bool emit(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct sim_pa_window_vtx *const w[3], const struct sim_vtx *provoking,
                 bool rect, sim_prim_fn fn, void *ctx)
{
   int64_t area2 = window_area2(w);
   if (area2 == 0)
      return true;
   bool front = window_front(pa, area2);
   if (!rect && ((front && pa->cull_front) || (!front && pa->cull_back)))
      return true;
   /* after the facing cull: the cheaper test first (either one drops the triangle) */
   if (!rect && !reaches_samples(pa, w))
      return true;
   struct sim_prim prim;
   fill_prim(v, w, provoking, area2, front, &prim);
   unsigned face = prim.front ? 0 : 1;
   prim.z_offset = pa->offset_tri[face] ? sim_pa_poly_offset(pa, &prim, face) : 0.0;

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

/* Polygon mode points / lines of a triangle whose clipped polygon is p[0..n) (window
 * vertices w). */
static bool draw_unfilled(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                          const struct sim_vtx *provoking, unsigned edges,
                          const struct sim_vtx *const *p, const struct sim_pa_window_vtx *w,
                          unsigned n, sim_prim_fn fn, void *ctx)
{
   /* Facing from the polygon's area; the offset from its first non-degenerate fan
    * triangle (every fan triangle lies in the polygon's plane). */
   int64_t area2 = 0;
   struct sim_prim first = { .area2 = 0 };
   for (unsigned i = 1; i + 1 < n; i++) {
      const struct sim_vtx *tv[3] = { p[0], p[i], p[i + 1] };
      const struct sim_pa_window_vtx *tw[3] = { &w[0], &w[i], &w[i + 1] };
      struct sim_prim prim;
      if (tri_prim(pa, tv, tw, provoking, &prim) && first.area2 == 0)
         first = prim;
      area2 += prim.area2;
   }
   if (area2 == 0)
      return true;
   bool front = (area2 > 0) != pa->face_cw;
   if ((front && pa->cull_front) || (!front && pa->cull_back))
      return true;
   unsigned face = front ? 0 : 1;
   double offset = 0.0;
   if (pa->offset_tri[face] && first.area2 != 0) {
      offset = sim_pa_poly_offset(pa, &first, face);
   }
   for (unsigned k = 0; k < 3; k++) {
      if (!(edges >> k & 1) || (pa->edge_flag && v[k]->misc[1] == 0.0f))
         continue;
      bool ok = pa->ptype[face] == PTYPE_POINTS
                   ? sim_pa_draw_point(pa, v[k], provoking, front, &offset, fn, ctx)
                   : sim_pa_draw_line(pa, v[k], v[(k + 1) % 3], provoking, front, &offset, fn,
                                      ctx);
      if (!ok)
         return false;
   }
   return true;
}

bool sim_pa_triangle(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                     const struct sim_vtx *provoking, unsigned edges, sim_prim_fn fn,
                     void *ctx)
{
   if (pa->kill_all || !sim_pa_finite(v[0]->pos) || !sim_pa_finite(v[1]->pos) ||
       !sim_pa_finite(v[2]->pos) || sim_pa_cull(pa, v, 3, false))
      return true;
   const struct sim_vtx *poly[SIM_MAX_CLIP_VERTS];
   struct sim_vtx pool[SIM_CLIP_POOL];
   unsigned n = 3;
   memcpy(poly, v, 3 * sizeof(poly[0]));
   if (pa->clip) {
      uint32_t out_any = 0, out_all = ~0u;
      for (unsigned k = 0; k < 3; k++) {
         uint32_t out = sim_pa_outcode(pa, pa->clip_planes, v[k]);
         out_any |= out;
         out_all &= out;
      }
      if (out_all)
         return true;
      if (out_any)
         n = sim_pa_clip_polygon(pa, out_any, v, 3, poly, pool);
      if (n < 3)
         return true;
   } else if (v[0]->pos[3] <= 0 || v[1]->pos[3] <= 0 || v[2]->pos[3] <= 0) {
      sim_unimpl("w <= 0 with PA_CL_CLIP_CNTL.CLIP_DISABLE (triangle dropped)");
      return true;
   }

   struct sim_pa_window_vtx w[SIM_MAX_CLIP_VERTS];
   for (unsigned i = 0; i < n; i++) {
      if (!sim_pa_project(pa, poly[i], &w[i]))
         return true;
   }
   if (pa->ptype[0] != PTYPE_TRIANGLES || pa->ptype[1] != PTYPE_TRIANGLES) {
      /* The facing decides between filled and unfilled. */
      int64_t area2 = 0;
      for (unsigned i = 1; i + 1 < n; i++)
         area2 += (w[i].x - w[0].x) * (w[i + 1].y - w[0].y) -
                  (w[i].y - w[0].y) * (w[i + 1].x - w[0].x);
      bool front = (area2 > 0) != pa->face_cw;
      if (area2 != 0 && pa->ptype[front ? 0 : 1] != PTYPE_TRIANGLES)
         return draw_unfilled(pa, v, provoking, edges, poly, w, n, fn, ctx);
   }
   for (unsigned i = 1; i + 1 < n; i++) {
      const struct sim_vtx *tv[3] = { poly[0], poly[i], poly[i + 1] };
      const struct sim_pa_window_vtx *tw[3] = { &w[0], &w[i], &w[i + 1] };
      if (!emit(pa, tv, tw, provoking, false, fn, ctx))
         return false;
   }
   return true;
}

void sim_pa_setup_vertex(const struct sim_pa_state *pa, const struct sim_vtx *v,
                         struct sim_pa_vtx_setup *out)
{
   out->finite = sim_pa_finite(v->pos);
   out->clip_out = pa->clip ? sim_pa_outcode(pa, pa->clip_planes, v) : 0;
   out->disc_out = pa->clip ? (uint8_t)sim_pa_disc_sides(pa, v) : 0;
   out->projected = out->finite && sim_pa_project_quiet(pa, v, &out->win);
}

/* Lanes whose four components are all finite: -1, else 0. */
static inline sim_pa_i4 finite_lanes(sim_pa_f4 x, sim_pa_f4 y, sim_pa_f4 z, sim_pa_f4 w)
{
   const sim_pa_i4 exp = { 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000 };
   return (((sim_pa_i4)x & exp) != exp) & (((sim_pa_i4)y & exp) != exp) &
          (((sim_pa_i4)z & exp) != exp) & (((sim_pa_i4)w & exp) != exp);
}

/* sim_pa_setup_lanes stores each lane's set-up as two 16-byte halves. */
_Static_assert(sizeof(struct sim_pa_vtx_setup) == 32 &&
                  offsetof(struct sim_pa_vtx_setup, win.y) == 8 &&
                  offsetof(struct sim_pa_vtx_setup, win.z) == 16 &&
                  offsetof(struct sim_pa_vtx_setup, win.inv_w) == 20 &&
                  offsetof(struct sim_pa_vtx_setup, clip_out) == 24 &&
                  offsetof(struct sim_pa_vtx_setup, disc_out) == 28 &&
                  offsetof(struct sim_pa_vtx_setup, finite) == 29 &&
                  offsetof(struct sim_pa_vtx_setup, projected) == 30,
               "the layout sim_pa_setup_lanes stores");

/* Lanes 0, 1 (`hi` false) or 2, 3 of a, each sign-extended to 64 bits (two int32 halves). */
static inline sim_pa_i4 widen(sim_pa_i4 a, bool hi)
{
   sim_pa_i4 sign = a < 0;
   return hi ? __builtin_shuffle(a, sign, (sim_pa_i4){ 2, 6, 3, 7 })
             : __builtin_shuffle(a, sign, (sim_pa_i4){ 0, 4, 1, 5 });
}

/* The set-ups of the first m (1..4) lanes of a quad from its vectors: x, y (int64), then
 * z, 1/w, the outcode and the word of the bytes disc_out, finite, projected. */
static inline void store_setups(sim_pa_i4 x, sim_pa_i4 y, sim_pa_f4 z, sim_pa_f4 iw,
                                sim_pa_i4 clip, sim_pa_i4 bytes, unsigned m,
                                struct sim_pa_vtx_setup *out)
{
   sim_pa_i4 x01 = widen(x, false), x23 = widen(x, true);
   sim_pa_i4 y01 = widen(y, false), y23 = widen(y, true);
   const sim_pa_i4 lo = { 0, 1, 4, 5 }, hi = { 2, 3, 6, 7 };
   const sim_pa_i4 xy[4] = { __builtin_shuffle(x01, y01, lo), __builtin_shuffle(x01, y01, hi),
                             __builtin_shuffle(x23, y23, lo), __builtin_shuffle(x23, y23, hi) };
   sim_pa_i4 rest[4];
   transpose4v((sim_pa_i4)z, (sim_pa_i4)iw, clip, bytes, rest);
   for (unsigned i = 0; i < m; i++) {
      memcpy(&out[i], &xy[i], 16);
      memcpy((char *)&out[i] + 16, &rest[i], 16);
   }
}

void sim_pa_setup_lanes(const struct sim_pa_state *pa, const struct sim_exports *e, unsigned n,
                        const struct sim_vtx *v, struct sim_pa_vtx_setup *out)
{
   const sim_pa_i4 none = { 0, 0, 0, 0 };
   uint32_t other = pa->clip_planes & ~SIM_PA_FIXED_PLANES;
   for (unsigned q = 0; 4 * q < n; q++) {
      sim_pa_f4 p[4];
      memcpy(p, &e->pos[0][0][4 * q], 16);
      memcpy(&p[1], &e->pos[0][1][4 * q], 16);
      memcpy(&p[2], &e->pos[0][2][4 * q], 16);
      memcpy(&p[3], &e->pos[0][3][4 * q], 16);
      sim_pa_i4 fin = finite_lanes(p[0], p[1], p[2], p[3]);
      sim_pa_i4 clip = none, disc = none;
      if (pa->clip) {
         clip = sim_pa_fixed_outcode(pa, p[0], p[1], p[2], p[3]) & (int32_t)pa->clip_planes;
         disc = sim_pa_disc_sides_at(pa, p[0], p[1], p[3]);
      }
      sim_pa_f4 wx, wy, wz, iw;
      sim_pa_viewport(pa, p[0], p[1], p[2], p[3], &wx, &wy, &wz, &iw);
      sim_pa_i4 x, y, placed;
      sim_pa_window_positions4(pa, wx, wy, &x, &y, &placed);
      /* bytes disc_out, finite, projected (bools: 0 or 1) */
      sim_pa_i4 bytes = disc | (fin & 0x100) | (fin & placed & 0x10000);
      unsigned m = n - 4 * q < 4 ? n - 4 * q : 4;
      store_setups(x, y, wz, iw, clip, bytes, m, &out[4 * q]);
   }
   if (pa->clip && other) {   /* user planes, clip distances: per vertex */
      for (unsigned l = 0; l < n; l++)
         out[l].clip_out |= sim_pa_outcode(pa, other, &v[l]);
   }
}

bool sim_pa_triangle_fast(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                          const struct sim_pa_vtx_setup *const su[3],
                          const struct sim_vtx *provoking, unsigned edges, sim_prim_fn fn,
                          void *ctx)
{
   /* sim_pa_triangle's steps where sim_pa_cull is the discard band alone */
   if (pa->kill_flag || pa->cull_dist_mask || pa->ucp_cull_mask ||
       pa->ptype[0] != PTYPE_TRIANGLES || pa->ptype[1] != PTYPE_TRIANGLES)
      return sim_pa_triangle(pa, v, provoking, edges, fn, ctx);
   if (pa->kill_all || !su[0]->finite || !su[1]->finite || !su[2]->finite)
      return true;
   if (pa->clip) {
      if (su[0]->disc_out & su[1]->disc_out & su[2]->disc_out)
         return true;
      if (su[0]->clip_out & su[1]->clip_out & su[2]->clip_out)
         return true;
      if (su[0]->clip_out | su[1]->clip_out | su[2]->clip_out)
         return sim_pa_triangle(pa, v, provoking, edges, fn, ctx);
   } else if (v[0]->pos[3] <= 0 || v[1]->pos[3] <= 0 || v[2]->pos[3] <= 0) {
      return sim_pa_triangle(pa, v, provoking, edges, fn, ctx);
   }
   if (!su[0]->projected || !su[1]->projected || !su[2]->projected) {
      sim_pa_report_unprojectable();
      return true;
   }
   const struct sim_pa_window_vtx *w[3] = { &su[0]->win, &su[1]->win, &su[2]->win };
   return emit(pa, v, w, provoking, false, fn, ctx);
}

/* RECTLIST primitives are screen-space blits: not clipped or culled. */
bool sim_pa_rect(const struct sim_pa_state *pa, const struct sim_vtx *const v[3],
                 const struct sim_vtx *provoking, sim_prim_fn fn, void *ctx)
{
   struct sim_pa_window_vtx w[3];
   if (pa->kill_all)
      return true;
   for (unsigned k = 0; k < 3; k++) {
      if (!sim_pa_finite(v[k]->pos) || v[k]->pos[3] <= 0) {
         sim_unimpl("RECTLIST vertex with w <= 0 or not finite (rectangle dropped)");
         return true;
      }
      if (!sim_pa_project(pa, v[k], &w[k]))
         return true;
   }
   const struct sim_pa_window_vtx *wp[3] = { &w[0], &w[1], &w[2] };
   return emit(pa, v, wp, provoking, true, fn, ctx);
}
