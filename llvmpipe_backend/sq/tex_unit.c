/* The texture unit: every TEX clause instruction (tex_view.c has the resource / sampler
 * state and the per-level filter).
 *
 * - Coordinates: src.x, src.y (normalized or texel units per COORD_TYPE), cube maps take
 *   (s, t) in [1, 2] within the face and the face index in src.z (as the CUBE ALU op
 *   produces); OFFSET_X/Y (texels) are added before filtering.
 * - LOD: implicit LOD (SAMPLE, _LB, _C, _C_LB, GET_LOD, GET_LERP) is computed per 2x2 quad
 *   (lanes 4q..4q+3 = TL, TR, BL, BR) from TL->TR and TL->BL differences of the texel-space
 *   coordinates: lod = log2(max(|d/dx|, |d/dy|)) with Euclidean lengths and an exact log2
 *   (GL ES 2.0 3.7.7; llvmpipe's differs, docs/glmark2-pictures.md §3), one value per quad;
 *   outside pixel shaders it is 0. The _G
 *   forms take the derivatives from the clause's SET_GRADIENTS_H / _V (or KEEP_GRADIENTS)
 *   state instead, in any stage. Then the sampler's LOD_BIAS and the instruction's
 *   LOD_BIAS are added (_LB also adds src.w), _L / _G_L take src.w as the LOD and _LZ /
 *   _G_LZ use 0, and MIN_LOD / MAX_LOD clamp. MIP_FILTER NONE samples level 0, POINT the
 *   nearest level, LINEAR blends the two levels around the LOD.
 * - SAMPLE_C*: the reference is src.w, or src.z for _C_L / _C_LB / _C_G_L / _C_G_LB (where
 *   w holds the LOD or bias); see tex_view.c for the compare.
 * - GET_LOD: x = the LOD SAMPLE would use (biased, clamped), y = the implicit LOD before
 *   bias and clamp, z = w = 0. GET_LERP: x / y = the horizontal / vertical bilinear
 *   fractions at the level sampled (0 for point filtering), z = 0 (no volume textures), w =
 *   the mip blend fraction (LINEAR mip filter, else 0).
 * - LD: integer texel coordinates (src.x, src.y, cube face src.z, level src.w) plus the
 *   integer part of OFFSET_X/Y; a texel outside the level reads 0.
 * - GET_TEXTURE_RESINFO (level src.x): x = width, y = height of that level, z = layers,
 *   w = levels; GET_NUMBER_OF_SAMPLES: x = width, y = height, z = layers, w = 1 (no MSAA
 *   resources here). Integers.
 * - GET_GRADIENTS_H / _V: per quad, the horizontal differences of each row / the
 *   vertical differences of each column (fp32 subtraction), for all four components.
 *   KEEP_GRADIENTS stores both gradients of src.xyz as the clause's gradient state;
 *   SET_GRADIENTS_H / _V store src.xyz. These three write no GPR. The state starts at 0
 *   with every TEX clause.
 * - PASS returns its source operand (the address it would read) unchanged.
 * - SET_CUBEMAP_INDEX has no effect: the unit implements no cube-map arrays.
 * - VTX_FETCH / VTX_SEMANTIC run the vertex fetch (fetch_unit.c).
 * - FETCH_WHOLE_QUAD: the instruction runs on every launched lane of each quad that has an
 *   active lane; SRC_REL / DST_REL add the loop index AL to the GPR; ALT_CONST (R7xx)
 *   uses the other thread type's resources and samplers. Lanes that do not run keep their
 *   destination GPR. */
#include <math.h>
#include <string.h>

#include "hw/hw_surface.h"
#include "r600_regs.h"
#include "sq/alu_bits.h"
#include "sq/fetch_unit.h"
#include "sq/tex_unit.h"
#include "sq/tex_view.h"

struct tex_ctx {
   struct sim_run *x;
   unsigned pc;
   const struct sim_tex_inst *t;
   unsigned src;              /* source GPR after SRC_REL */
   uint16_t lanes;            /* lanes the instruction runs on */
};

static uint32_t src_bits(const struct tex_ctx *k, unsigned c, unsigned l)
{
   unsigned sel = k->t->src_sel[c];
   if (sel <= SIM_SEL_W)
      return k->x->lanes->gpr[k->src][sel][l];
   return sel == SIM_SEL_1 ? 0x3F800000u : 0u;
}

static float src_value(const struct tex_ctx *k, unsigned c, unsigned l)
{
   return sim_f(src_bits(k, c, l));
}

static struct sim_tex_coord lane_coord(const struct tex_ctx *k, const struct sim_tex_view *v, unsigned l)
{
   struct sim_tex_coord c = { src_value(k, 0, l), src_value(k, 1, l),
                              { k->t->normalized[0], k->t->normalized[1] }, 0 };
   if (v->cube) {
      c.u -= 1.0f;
      c.v -= 1.0f;
      float face = rintf(src_value(k, 2, l));
      c.layer = face >= 5.0f ? 5 : face > 0.0f ? (unsigned)face : 0;
   }
   return c;
}

/* log2 of the larger footprint of the derivatives (texel space of level 0). */
static float footprint_lod(const struct sim_tex_view *v, const struct sim_tex_inst *t,
                           float dudx, float dvdx, float dudy, float dvdy)
{
   float sw = t->normalized[0] ? (float)v->width : 1.0f, sh = t->normalized[1] ? (float)v->height : 1.0f;
   dudx *= sw;
   dudy *= sw;
   dvdx *= sh;
   dvdy *= sh;
   float rx = dudx * dudx + dvdx * dvdx, ry = dudy * dudy + dvdy * dvdy;
   return 0.5f * log2f(rx > ry ? rx : ry);
}

/* The implicit LOD of the quad last computed for an instruction (one per quad). */
struct quad_lod_cache {
   unsigned quad;             /* its first lane, or ~0u */
   float lod;
};

/* Implicit LOD of the quad of lane l. */
static float quad_lod(const struct tex_ctx *k, const struct sim_tex_view *v, unsigned l,
                      struct quad_lod_cache *cache)
{
   if (k->x->prog->stage != SIM_STAGE_PS)
      return 0.0f;
   unsigned q = l & ~3u;
   if (cache->quad != q) {
      struct sim_tex_coord c0 = lane_coord(k, v, q), c1 = lane_coord(k, v, q + 1),
                           c2 = lane_coord(k, v, q + 2);
      cache->quad = q;
      cache->lod = footprint_lod(v, k->t, c1.u - c0.u, c1.v - c0.v, c2.u - c0.u, c2.v - c0.v);
   }
   return cache->lod;
}

/* LOD from the clause's gradient state (the _G forms). */
static float gradient_lod(const struct tex_ctx *k, const struct sim_tex_view *v, unsigned l)
{
   const float (*g)[3][SIM_LANES] = k->x->grad;
   return footprint_lod(v, k->t, g[0][0][l], g[0][1][l], g[1][0][l], g[1][1][l]);
}

/* The LOD an instruction samples at (*implicit: before bias and clamp). */
static float lane_lod(const struct tex_ctx *k, const struct sim_tex_view *v,
                      const struct sim_tex_sampler *s, unsigned l, struct quad_lod_cache *cache,
                      float *implicit)
{
   const struct sim_tex_inst *t = k->t;
   float lod, base = 0.0f;
   switch (t->op) {
   case SIM_TEX_SAMPLE_LZ: case SIM_TEX_SAMPLE_G_LZ:
      lod = 0.0f;
      break;
   case SIM_TEX_SAMPLE_L: case SIM_TEX_SAMPLE_G_L:
      lod = src_value(k, 3, l) + t->lod_bias;
      break;
   case SIM_TEX_SAMPLE_G: case SIM_TEX_SAMPLE_G_LB:
      base = gradient_lod(k, v, l);
      lod = base + s->bias + t->lod_bias + (t->op == SIM_TEX_SAMPLE_G_LB ? src_value(k, 3, l) : 0.0f);
      break;
   default:
      base = quad_lod(k, v, l, cache);
      lod = base + s->bias + t->lod_bias + (t->op == SIM_TEX_SAMPLE_LB ? src_value(k, 3, l) : 0.0f);
      break;
   }
   if (implicit)
      *implicit = base;
   if (lod != lod)
      lod = 0.0f;
   return lod < s->min_lod ? s->min_lod : lod > s->max_lod ? s->max_lod : lod;
}

/* Filters at `lod` (biased and clamped): level selection per MIP_FILTER; lerp (optional)
 * receives GET_LERP's four weights. */
static bool filter(const struct tex_ctx *k, struct sim_tex_view *v, const struct sim_tex_sampler *s,
                   const struct sim_tex_coord *c, float lod, const struct sim_tex_taps *taps,
                   float out[4], float lerp[4])
{
   struct sim_run *x = k->x;
   bool minify = lod > 0.0f;
   bool linear = (minify ? s->min : s->mag) == SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_BILINEAR;
   float frac[2] = { 0, 0 }, mip = 0.0f;
   unsigned level = 0;
   bool ok;
   if (!minify || s->mip == SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE) {
      ok = sim_tex_sample_level(x, k->pc, v, s, k->t, c, 0, linear, taps, out, frac);
   } else if (s->mip == SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_POINT) {
      float r = floorf(lod + 0.5f);
      level = r >= (float)v->last_level ? v->last_level : (unsigned)r;
      ok = sim_tex_sample_level(x, k->pc, v, s, k->t, c, level, linear, taps, out, frac);
   } else {
      float fl = floorf(lod);
      if (fl >= (float)v->last_level) {
         level = v->last_level;
         ok = sim_tex_sample_level(x, k->pc, v, s, k->t, c, level, linear, taps, out, frac);
      } else {
         float a[4], b[4];
         level = (unsigned)fl;
         mip = lod - fl;
         ok = sim_tex_sample_level(x, k->pc, v, s, k->t, c, level, linear, taps, a, frac) &&
              sim_tex_sample_level(x, k->pc, v, s, k->t, c, level + 1, linear, taps, b, NULL);
         for (unsigned i = 0; ok && i < 4; i++)
            out[i] = sim_tex_add(a[i] * (1.0f - mip), b[i] * mip);
      }
   }
   if (lerp) {
      lerp[0] = frac[0];
      lerp[1] = frac[1];
      lerp[2] = 0.0f;
      lerp[3] = mip;
   }
   return ok;
}

static bool is_compare_ref_z(unsigned op)
{
   return op == SIM_TEX_SAMPLE_L || op == SIM_TEX_SAMPLE_LB || op == SIM_TEX_SAMPLE_G_L ||
          op == SIM_TEX_SAMPLE_G_LB;
}

static bool sample(const struct tex_ctx *k, uint32_t res[4][SIM_LANES])
{
   const struct sim_tex_inst *t = k->t;
   struct sim_tex_view v;
   struct sim_tex_sampler s;
   if (!sim_tex_read_view(k->x, k->pc, t, &v) || !sim_tex_read_sampler(k->x, k->pc, t, &s))
      return false;
   struct quad_lod_cache cache = { ~0u, 0.0f };
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(k->lanes >> l & 1))
         continue;
      struct sim_tex_coord c = lane_coord(k, &v, l);
      struct sim_tex_taps taps = { t->compare, t->bc_frac,
                                   src_value(k, is_compare_ref_z(t->op) ? 2 : 3, l) };
      float implicit, lod = lane_lod(k, &v, &s, l, &cache, &implicit), out[4], lerp[4];
      bool query = t->op == SIM_TEX_GET_LOD || t->op == SIM_TEX_GET_LERP;
      if (t->op == SIM_TEX_GET_LOD) {
         res[0][l] = sim_u(lod);
         res[1][l] = sim_fres(implicit);
         res[2][l] = res[3][l] = 0;
         continue;
      }
      if (!filter(k, &v, &s, &c, lod, &taps, out, query ? lerp : NULL))
         return false;
      if (query) {
         for (unsigned i = 0; i < 4; i++)
            res[i][l] = sim_fres(lerp[i]);
         continue;
      }
      for (unsigned i = 0; i < 4; i++) {
         unsigned sel = v.swz[i];
         res[i][l] = sel <= SIM_SEL_W ? sim_u(out[sel]) : sel == SIM_SEL_1 ? 0x3F800000u : 0u;
      }
   }
   return true;
}

static bool load(const struct tex_ctx *k, uint32_t res[4][SIM_LANES])
{
   struct sim_tex_view v;
   if (!sim_tex_read_view(k->x, k->pc, k->t, &v))
      return false;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(k->lanes >> l & 1))
         continue;
      int32_t i = (int32_t)src_bits(k, 0, l) + (int32_t)floorf(k->t->offset[0]);
      int32_t j = (int32_t)src_bits(k, 1, l) + (int32_t)floorf(k->t->offset[1]);
      int32_t layer = v.cube ? (int32_t)src_bits(k, 2, l) : 0;
      int32_t level = (int32_t)src_bits(k, 3, l);
      uint32_t e[4] = { 0, 0, 0, 0 };
      if (level >= 0 && (unsigned)level <= v.last_level && layer >= 0 && layer < (int32_t)v.layers &&
          i >= 0 && j >= 0 && (unsigned)i < hw_surface_dim(v.width, (unsigned)level) &&
          (unsigned)j < hw_surface_dim(v.height, (unsigned)level) &&
          !sim_tex_texel(k->x, k->pc, &v, (unsigned)level, (unsigned)layer, (unsigned)i, (unsigned)j, e))
         return false;
      for (unsigned c = 0; c < 4; c++) {
         unsigned sel = v.swz[c];
         res[c][l] = sel <= SIM_SEL_W ? e[sel]
                     : sel == SIM_SEL_1 ? (v.mode.num_format == SIM_NUM_INT ? 1u : 0x3F800000u) : 0u;
      }
   }
   return true;
}

static bool sizes(const struct tex_ctx *k, uint32_t res[4][SIM_LANES])
{
   struct sim_tex_view v;
   if (!sim_tex_read_view(k->x, k->pc, k->t, &v))
      return false;
   bool resinfo = k->t->op == SIM_TEX_GET_TEXTURE_RESINFO;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t level = resinfo ? src_bits(k, 0, l) : 0;
      res[0][l] = hw_surface_dim(v.width, level);
      res[1][l] = hw_surface_dim(v.height, level);
      res[2][l] = v.layers;
      res[3][l] = resinfo ? v.last_level + 1 : 1;
   }
   return true;
}

/* Differences within each 2x2 quad: horizontal per row, vertical per column. */
static void gradients(const struct tex_ctx *k, bool vertical, uint32_t res[4][SIM_LANES])
{
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned q = l & ~3u, pos = l & 3u;
      unsigned from = vertical ? q + (pos & 1u) : q + (pos & 2u), to = vertical ? from + 2 : from + 1;
      for (unsigned c = 0; c < 4; c++)
         res[c][l] = sim_fres(src_value(k, c, to) - src_value(k, c, from));
   }
}

/* SET_GRADIENTS_H/_V (one of them) or KEEP_GRADIENTS (both) into the clause state. */
static void keep_gradients(const struct tex_ctx *k)
{
   struct sim_run *x = k->x;
   const struct sim_tex_inst *t = k->t;
   for (unsigned dir = 0; dir < 2; dir++) {
      uint32_t g[4][SIM_LANES];
      if (t->op == SIM_TEX_KEEP_GRADIENTS)
         gradients(k, dir == 1, g);
      else if ((t->op == SIM_TEX_SET_GRADIENTS_V) != (dir == 1))
         continue;
      for (unsigned c = 0; c < 3; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            if (k->lanes >> l & 1)
               x->grad[dir][c][l] = t->op == SIM_TEX_KEEP_GRADIENTS ? sim_f(g[c][l]) : src_value(k, c, l);
   }
}

bool sim_tex_fetch(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t)
{
   if (t->op == SIM_TEX_VTX)
      return sim_fetch_vtx(x, pc, &x->prog->vtx[t->vtx_index]);
   int64_t src = t->src_gpr + (t->src_rel ? x->loop_index : 0);
   int64_t dst = t->dst_gpr + (t->dst_rel ? x->loop_index : 0);
   if (src < 0 || src >= SIM_MAX_GPRS || dst < 0 || dst >= SIM_MAX_GPRS) {
      sim_run_fault(x, pc, "texture instruction GPR (R%lld -> R%lld) outside the register file",
                    (long long)src, (long long)dst);
      return false;
   }
   struct tex_ctx k = { x, pc, t, (unsigned)src,
                        t->whole_quad ? sim_whole_quads(x, x->exec) : x->exec };
   uint32_t res[4][SIM_LANES];
   bool ok = true;
   switch (t->op) {
   case SIM_TEX_LD: ok = load(&k, res); break;
   case SIM_TEX_GET_TEXTURE_RESINFO:
   case SIM_TEX_GET_NUMBER_OF_SAMPLES: ok = sizes(&k, res); break;
   case SIM_TEX_GET_GRADIENTS_H:
   case SIM_TEX_GET_GRADIENTS_V: gradients(&k, t->op == SIM_TEX_GET_GRADIENTS_V, res); break;
   case SIM_TEX_KEEP_GRADIENTS:
   case SIM_TEX_SET_GRADIENTS_H:
   case SIM_TEX_SET_GRADIENTS_V: keep_gradients(&k); return true;
   case SIM_TEX_SET_CUBEMAP_INDEX: return true;
   case SIM_TEX_PASS:
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < SIM_LANES; l++)
            res[c][l] = src_bits(&k, c, l);
      break;
   default: ok = sample(&k, res); break;
   }
   if (!ok)
      return false;
   uint32_t (*d)[SIM_LANES] = x->lanes->gpr[dst];
   for (unsigned c = 0; c < 4; c++) {
      unsigned sel = t->dst_sel[c];
      if (sel == SIM_SEL_MASK)
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         if (!(k.lanes >> l & 1))
            continue;
         d[c][l] = sel <= SIM_SEL_W ? res[sel][l] : sel == SIM_SEL_1 ? 0x3F800000u : 0u;
      }
   }
   return true;
}
