/* Texture sampling, a first subset: 1D/2D and cube-map textures in linear layouts
 * (ARRAY_LINEAR_GENERAL / _ALIGNED), formats of formats.c, point and bilinear filtering,
 * no / nearest / linear mip filtering, all eight CLAMP modes (the HALF_BORDER ones as
 * BORDER), border colours (the three constants and the TD_*_SAMPLERn_BORDER_* registers),
 * SAMPLE / _L / _LB / _LZ, LD, GET_TEXTURE_RESINFO and GET_GRADIENTS_H / _V.
 *
 * Layout of the mip chain (the simulator's definition, shared with pipe_r600sim): level 0
 * at BASE_ADDRESS << 8 with the resource's PITCH; level 1 at MIP_ADDRESS << 8; level n + 1
 * right after level n; level k has pitch align(max(1, w >> k), 8) texels (level 0: PITCH),
 * height align(max(1, h >> k), 8) rows, and each of its layers (6 cube faces, +x -x +y -y
 * +z -z) takes align(pitch * height * bytes per texel, 256) bytes.
 *
 * Implicit LOD (SAMPLE, SAMPLE_LB) is computed per 2x2 quad (lanes 4q..4q+3 = TL, TR, BL,
 * BR) from TL->TR and TL->BL differences of the texel-space coordinates:
 * lod = log2(max(|d/dx|, |d/dy|)); outside pixel shaders it is 0. Sampler LOD_BIAS and
 * the instruction's LOD_BIAS are added (SAMPLE_LB also adds src.w; SAMPLE_L takes src.w),
 * then MIN_LOD / MAX_LOD clamp. Filter weights are plain fp32 (hardware uses fewer
 * fraction bits; not modelled). Gradients are per row / per column of the quad. Cube
 * maps take (s, t) in [1, 2] within the face and the face index in src.z (as the CUBE
 * ALU op produces) and clamp to the face edge (no seamless filtering). */
#include <math.h>
#include <string.h>

#include "alu_ops.h"
#include "formats.h"
#include "gpu_memory.h"
#include "r600_regs.h"
#include "tex_unit.h"

/* Stage-relative slot bases (r600-facts §1.5). */
#define VS_RESOURCE_BASE 160
#define RESOURCES_PER_STAGE 160
#define VS_SAMPLER_BASE 18
#define SAMPLERS_PER_STAGE 18
#define RES_STRIDE (REG_SQ_TEX_RESOURCE_WORD6_0 + 4 - REG_SQ_TEX_RESOURCE_WORD0_0)
#define SAMPLER_STRIDE (REG_SQ_TEX_SAMPLER_WORD2_0 + 4 - REG_SQ_TEX_SAMPLER_WORD0_0)

struct view {
   bool cube;
   unsigned width, height, layers, pitch0, last_level;
   uint64_t base, mip;
   const struct sim_format *fmt;
   unsigned bpp;
   struct sim_format_mode mode;
   uint8_t swz[4];            /* resource DST_SEL, enum sim_sel */
};

struct sampler {
   unsigned wrap[2], mag, min, mip;
   uint32_t border[4];
   float min_lod, max_lod, bias;
};

static uint32_t reg(const struct sim_run *x, uint32_t offset)
{
   return x->env->regs[offset / 4];
}

static uint8_t sel_of(uint32_t hw)
{
   switch (hw) {
   case SQ_TEX_RESOURCE_WORD4__DST_SEL_X__SQ_SEL_X: return SIM_SEL_X;
   case SQ_TEX_RESOURCE_WORD4__DST_SEL_X__SQ_SEL_Y: return SIM_SEL_Y;
   case SQ_TEX_RESOURCE_WORD4__DST_SEL_X__SQ_SEL_Z: return SIM_SEL_Z;
   case SQ_TEX_RESOURCE_WORD4__DST_SEL_X__SQ_SEL_W: return SIM_SEL_W;
   case SQ_TEX_RESOURCE_WORD4__DST_SEL_X__SQ_SEL_1: return SIM_SEL_1;
   default: return SIM_SEL_0;
   }
}

static bool read_view(struct sim_run *x, unsigned pc, unsigned id, struct view *v)
{
   if (id >= RESOURCES_PER_STAGE) {
      sim_run_fault(x, pc, "texture resource %u out of range", id);
      return false;
   }
   unsigned slot = id + (x->prog->stage == SIM_STAGE_PS ? 0 : VS_RESOURCE_BASE);
   uint32_t at = REG_SQ_TEX_RESOURCE_WORD0_0 + slot * RES_STRIDE;
   uint32_t w[7];
   for (unsigned k = 0; k < 7; k++)
      w[k] = reg(x, at + 4 * k);
   if (SQ_TEX_RESOURCE_WORD6__TYPE__get(w[6]) != SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE) {
      sim_run_fault(x, pc, "texture fetch from resource slot %u, which is not a valid texture", slot);
      return false;
   }
   uint32_t dim = SQ_TEX_RESOURCE_WORD0__DIM__get(w[0]);
   if (dim != SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_1D && dim != SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_2D &&
       dim != SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_CUBEMAP) {
      sim_run_fault(x, pc, "texture DIM %u is not implemented", dim);
      return false;
   }
   uint32_t tile = SQ_TEX_RESOURCE_WORD0__TILE_MODE__get(w[0]);
   if (tile != CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_GENERAL &&
       tile != CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) {
      sim_run_fault(x, pc, "texture TILE_MODE %u is not implemented", tile);
      return false;
   }
   v->cube = dim == SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_CUBEMAP;
   v->layers = v->cube ? 6 : 1;
   v->width = SQ_TEX_RESOURCE_WORD0__TEX_WIDTH__get(w[0]) + 1;
   v->height = SQ_TEX_RESOURCE_WORD1__TEX_HEIGHT__get(w[1]) + 1;
   v->pitch0 = (SQ_TEX_RESOURCE_WORD0__PITCH__get(w[0]) + 1) * 8;
   v->base = (uint64_t)SQ_TEX_RESOURCE_WORD2__BASE_ADDRESS__get(w[2]) << 8;
   v->mip = (uint64_t)SQ_TEX_RESOURCE_WORD3__MIP_ADDRESS__get(w[3]) << 8;
   unsigned base_level = SQ_TEX_RESOURCE_WORD4__BASE_LEVEL__get(w[4]);
   unsigned last = SQ_TEX_RESOURCE_WORD5__LAST_LEVEL__get(w[5]);
   if (base_level) {
      sim_run_fault(x, pc, "texture BASE_LEVEL %u is not implemented", base_level);
      return false;
   }
   v->last_level = last;
   uint32_t code = SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__get(w[1]);
   v->fmt = sim_format_find(code);
   if (!v->fmt) {
      sim_run_fault(x, pc, "texture DATA_FORMAT %u is not implemented", code);
      return false;
   }
   v->bpp = sim_format_bytes(v->fmt);
   uint32_t nf = SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__get(w[4]);
   v->mode.num_format = nf == SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_INT ? SIM_NUM_INT
                        : nf == SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL__SQ_NUM_FORMAT_SCALED
                           ? SIM_NUM_SCALED : SIM_NUM_NORM;
   uint32_t comp[4] = { SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_X__get(w[4]),
                        SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_Y__get(w[4]),
                        SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_Z__get(w[4]),
                        SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_W__get(w[4]) };
   for (unsigned c = 0; c < 4; c++) {
      if (comp[c] == SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_X__SQ_FORMAT_COMP_UNSIGNED_BIASED) {
         sim_run_fault(x, pc, "texture FORMAT_COMP UNSIGNED_BIASED is not implemented");
         return false;
      }
      v->mode.is_signed[c] = comp[c] == SQ_TEX_RESOURCE_WORD4__FORMAT_COMP_X__SQ_FORMAT_COMP_SIGNED;
   }
   v->mode.srf_no_zero = SQ_TEX_RESOURCE_WORD4__SRF_MODE_ALL__get(w[4]) ==
                         SQ_TEX_RESOURCE_WORD4__SRF_MODE_ALL__SQ_SRF_MODE_NO_ZERO;
   uint32_t e = SQ_TEX_RESOURCE_WORD4__ENDIAN_SWAP__get(w[4]);
   v->mode.endian = e == SQ_TEX_RESOURCE_WORD4__ENDIAN_SWAP__SQ_ENDIAN_8IN16 ? SIM_ENDIAN_8IN16
                    : e == SQ_TEX_RESOURCE_WORD4__ENDIAN_SWAP__SQ_ENDIAN_8IN32 ? SIM_ENDIAN_8IN32
                    : SIM_ENDIAN_NONE;
   v->mode.degamma = SQ_TEX_RESOURCE_WORD4__FORCE_DEGAMMA__get(w[4]);
   v->swz[0] = sel_of(SQ_TEX_RESOURCE_WORD4__DST_SEL_X__get(w[4]));
   v->swz[1] = sel_of(SQ_TEX_RESOURCE_WORD4__DST_SEL_Y__get(w[4]));
   v->swz[2] = sel_of(SQ_TEX_RESOURCE_WORD4__DST_SEL_Z__get(w[4]));
   v->swz[3] = sel_of(SQ_TEX_RESOURCE_WORD4__DST_SEL_W__get(w[4]));
   return true;
}

static bool read_sampler(struct sim_run *x, unsigned pc, unsigned id, struct sampler *s)
{
   if (id >= SAMPLERS_PER_STAGE) {
      sim_run_fault(x, pc, "sampler %u out of range", id);
      return false;
   }
   bool ps = x->prog->stage == SIM_STAGE_PS;
   unsigned slot = id + (ps ? 0 : VS_SAMPLER_BASE);
   uint32_t at = REG_SQ_TEX_SAMPLER_WORD0_0 + slot * SAMPLER_STRIDE;
   uint32_t w0 = reg(x, at), w1 = reg(x, at + 4);
   s->wrap[0] = SQ_TEX_SAMPLER_WORD0__CLAMP_X__get(w0);
   s->wrap[1] = SQ_TEX_SAMPLER_WORD0__CLAMP_Y__get(w0);
   s->mag = SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__get(w0);
   s->min = SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER__get(w0);
   s->mip = SQ_TEX_SAMPLER_WORD0__MIP_FILTER__get(w0);
   if ((s->mag != SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_POINT &&
        s->mag != SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_BILINEAR) ||
       (s->min != SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER__SQ_TEX_XY_FILTER_POINT &&
        s->min != SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER__SQ_TEX_XY_FILTER_BILINEAR)) {
      sim_run_fault(x, pc, "sampler %u: XY filter %u/%u is not implemented", slot, s->mag, s->min);
      return false;
   }
   switch (SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE__get(w0)) {
   case SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE__SQ_TEX_BORDER_COLOR_TRANS_BLACK:
      s->border[0] = s->border[1] = s->border[2] = s->border[3] = 0;
      break;
   case SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE__SQ_TEX_BORDER_COLOR_OPAQUE_BLACK:
      s->border[0] = s->border[1] = s->border[2] = 0;
      s->border[3] = 0x3F800000u;
      break;
   case SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE__SQ_TEX_BORDER_COLOR_OPAQUE_WHITE:
      s->border[0] = s->border[1] = s->border[2] = s->border[3] = 0x3F800000u;
      break;
   default: {
      uint32_t red = (ps ? REG_TD_PS_SAMPLER0_BORDER_RED : REG_TD_VS_SAMPLER0_BORDER_RED) +
                     id * REG_TD_PS_SAMPLER0_BORDER_RED__stride;
      uint32_t step = REG_TD_PS_SAMPLER0_BORDER_GREEN - REG_TD_PS_SAMPLER0_BORDER_RED;
      for (unsigned c = 0; c < 4; c++)
         s->border[c] = reg(x, red + c * step);
      break;
   }
   }
   /* MIN_LOD / MAX_LOD unsigned 4.6, LOD_BIAS signed 6.6 (r600-facts §1.6) */
   s->min_lod = (float)SQ_TEX_SAMPLER_WORD1__MIN_LOD__get(w1) / 64.0f;
   s->max_lod = (float)SQ_TEX_SAMPLER_WORD1__MAX_LOD__get(w1) / 64.0f;
   uint32_t bias = SQ_TEX_SAMPLER_WORD1__LOD_BIAS__get(w1);
   unsigned bits = (unsigned)__builtin_popcount(SQ_TEX_SAMPLER_WORD1__LOD_BIAS__mask);
   s->bias = (float)((bias >> (bits - 1) & 1) ? (int)bias - (1 << bits) : (int)bias) / 64.0f;
   return true;
}

static unsigned align(unsigned v, unsigned a)
{
   return (v + a - 1) / a * a;
}

static unsigned level_dim(unsigned size, unsigned level)
{
   return size >> level ? size >> level : 1;
}

static unsigned level_pitch(const struct view *v, unsigned level)
{
   return level ? align(level_dim(v->width, level), 8) : v->pitch0;
}

static uint64_t layer_size(const struct view *v, unsigned level)
{
   uint64_t bytes = (uint64_t)level_pitch(v, level) * align(level_dim(v->height, level), 8) * v->bpp;
   return (bytes + 255) & ~(uint64_t)255;
}

static uint64_t level_address(const struct view *v, unsigned level, unsigned layer)
{
   uint64_t a = level ? v->mip : v->base;
   for (unsigned k = 1; k < level; k++)
      a += layer_size(v, k) * v->layers;
   return a + layer * layer_size(v, level);
}

/* One texel of level `level`, (i, j) inside it. */
static bool texel(struct sim_run *x, unsigned pc, const struct view *v, unsigned level,
                  unsigned layer, unsigned i, unsigned j, uint32_t out[4])
{
   uint64_t va = level_address(v, level, layer) +
                 ((uint64_t)j * level_pitch(v, level) + i) * v->bpp;
   const uint8_t *p = sim_mem_range(x->env->mem, va, v->bpp);
   if (!p) {
      sim_run_fault(x, pc, "texel at 0x%llx outside GPU memory", (unsigned long long)va);
      return false;
   }
   sim_format_decode(v->fmt, p, &v->mode, out);
   return true;
}

/* Applies a CLAMP mode to texel index i of a dimension of n texels; false = border. */
static bool wrap(int *i, int n, unsigned mode)
{
   int v = *i;
   switch (mode) {
   case SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_WRAP:
      v %= n;
      if (v < 0)
         v += n;
      break;
   case SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR:
      v %= 2 * n;
      if (v < 0)
         v += 2 * n;
      if (v >= n)
         v = 2 * n - 1 - v;
      break;
   case SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_LAST_TEXEL:
      v = v < 0 ? 0 : v >= n ? n - 1 : v;
      break;
   case SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_MIRROR_ONCE_LAST_TEXEL:
      v = v < 0 ? -1 - v : v;
      v = v >= n ? n - 1 : v;
      break;
   case SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_HALF_BORDER:
   case SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_BORDER:
      if (v < 0 || v >= n)
         return false;
      break;
   default:   /* MIRROR_ONCE_HALF_BORDER, MIRROR_ONCE_BORDER */
      v = v < 0 ? -1 - v : v;
      if (v >= n)
         return false;
      break;
   }
   *i = v;
   return true;
}

struct coord {
   float u, v;           /* texel space of level 0 before the level scale, or normalized */
   bool norm[2];
   unsigned layer;
};

/* Point or bilinear sample of one level; out = 4 floats. */
static bool sample_level(struct sim_run *x, unsigned pc, const struct view *v,
                         const struct sampler *s, const struct sim_tex_inst *t,
                         const struct coord *c, unsigned level, bool linear, float out[4])
{
   int n[2] = { (int)level_dim(v->width, level), (int)level_dim(v->height, level) };
   float f[2] = { c->norm[0] ? c->u * (float)n[0] : c->u, c->norm[1] ? c->v * (float)n[1] : c->v };
   unsigned mode[2] = { s->wrap[0], s->wrap[1] };
   for (unsigned k = 0; k < 2; k++) {
      f[k] += t->offset[k];
      if (v->cube)
         mode[k] = SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_LAST_TEXEL;
   }
   if (v->mode.num_format == SIM_NUM_INT)
      linear = false;
   int i0[2];
   float w[2];
   for (unsigned k = 0; k < 2; k++) {
      float p = linear ? f[k] - 0.5f : f[k];
      float fl = floorf(p);
      i0[k] = fl < -1e9f ? -1000000000 : fl > 1e9f ? 1000000000 : (int)fl;
      w[k] = linear ? p - fl : 0.0f;
   }
   float acc[4] = { 0, 0, 0, 0 };
   for (unsigned tap = 0; tap < (linear ? 4u : 1u); tap++) {
      int ij[2] = { i0[0] + (int)(tap & 1), i0[1] + (int)(tap >> 1) };
      float weight = linear ? ((tap & 1) ? w[0] : 1.0f - w[0]) * ((tap >> 1) ? w[1] : 1.0f - w[1])
                            : 1.0f;
      uint32_t e[4];
      if (wrap(&ij[0], n[0], mode[0]) && wrap(&ij[1], n[1], mode[1])) {
         if (!texel(x, pc, v, level, c->layer, (unsigned)ij[0], (unsigned)ij[1], e))
            return false;
      } else {
         memcpy(e, s->border, sizeof(e));
      }
      for (unsigned k = 0; k < 4; k++)
         acc[k] = linear ? acc[k] + weight * sim_f(e[k]) : sim_f(e[k]);
   }
   memcpy(out, acc, sizeof(acc));
   return true;
}

static float src_value(const struct sim_run *x, const struct sim_tex_inst *t, unsigned c, unsigned l)
{
   unsigned sel = t->src_sel[c];
   if (sel <= SIM_SEL_W)
      return sim_f(x->lanes->gpr[t->src_gpr][sel][l]);
   return sel == SIM_SEL_1 ? 1.0f : 0.0f;
}

static uint32_t src_bits(const struct sim_run *x, const struct sim_tex_inst *t, unsigned c, unsigned l)
{
   unsigned sel = t->src_sel[c];
   if (sel <= SIM_SEL_W)
      return x->lanes->gpr[t->src_gpr][sel][l];
   return sel == SIM_SEL_1 ? 0x3F800000u : 0u;
}

static struct coord lane_coord(const struct sim_run *x, const struct view *v,
                               const struct sim_tex_inst *t, unsigned l)
{
   struct coord c = { src_value(x, t, 0, l), src_value(x, t, 1, l), { t->normalized[0], t->normalized[1] }, 0 };
   if (v->cube) {
      c.u -= 1.0f;
      c.v -= 1.0f;
      float face = rintf(src_value(x, t, 2, l));
      c.layer = face >= 5.0f ? 5 : face > 0.0f ? (unsigned)face : 0;
   }
   return c;
}

/* Implicit LOD of the quad of lane l (texel space of level 0). */
static float quad_lod(const struct sim_run *x, const struct view *v, const struct sim_tex_inst *t,
                      unsigned l)
{
   if (x->prog->stage != SIM_STAGE_PS)
      return 0.0f;
   unsigned q = l & ~3u;
   struct coord c0 = lane_coord(x, v, t, q), c1 = lane_coord(x, v, t, q + 1),
                c2 = lane_coord(x, v, t, q + 2);
   float sw = t->normalized[0] ? (float)v->width : 1.0f, sh = t->normalized[1] ? (float)v->height : 1.0f;
   float dudx = (c1.u - c0.u) * sw, dvdx = (c1.v - c0.v) * sh;
   float dudy = (c2.u - c0.u) * sw, dvdy = (c2.v - c0.v) * sh;
   float rx = dudx * dudx + dvdx * dvdx, ry = dudy * dudy + dvdy * dvdy;
   return 0.5f * log2f(rx > ry ? rx : ry);
}

/* Filters at `lod` (already biased and clamped): level selection per MIP_FILTER. */
static bool filter(struct sim_run *x, unsigned pc, const struct view *v, const struct sampler *s,
                   const struct sim_tex_inst *t, const struct coord *c, float lod, float out[4])
{
   bool minify = lod > 0.0f;
   bool linear = (minify ? s->min : s->mag) == SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_BILINEAR;
   if (!minify || s->mip == SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_NONE)
      return sample_level(x, pc, v, s, t, c, 0, linear, out);
   if (s->mip == SQ_TEX_SAMPLER_WORD0__MIP_FILTER__SQ_TEX_Z_FILTER_POINT) {
      float r = floorf(lod + 0.5f);
      return sample_level(x, pc, v, s, t, c, r >= (float)v->last_level ? v->last_level : (unsigned)r,
                          linear, out);
   }
   float fl = floorf(lod);
   if (fl >= (float)v->last_level)
      return sample_level(x, pc, v, s, t, c, v->last_level, linear, out);
   unsigned l0 = (unsigned)fl;
   float frac = lod - fl, a[4], b[4];
   if (!sample_level(x, pc, v, s, t, c, l0, linear, a) ||
       !sample_level(x, pc, v, s, t, c, l0 + 1, linear, b))
      return false;
   for (unsigned k = 0; k < 4; k++)
      out[k] = a[k] * (1.0f - frac) + b[k] * frac;
   return true;
}

static bool sample(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t, uint32_t res[4][SIM_LANES])
{
   struct view v;
   struct sampler s;
   if (!read_view(x, pc, t->resource_id, &v) || !read_sampler(x, pc, t->sampler_id, &s))
      return false;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(x->exec >> l & 1))
         continue;
      struct coord c = lane_coord(x, &v, t, l);
      float lod;
      switch (t->op) {
      case SIM_TEX_SAMPLE_LZ: lod = 0.0f; break;
      case SIM_TEX_SAMPLE_L: lod = src_value(x, t, 3, l) + t->lod_bias; break;
      case SIM_TEX_SAMPLE_LB: lod = quad_lod(x, &v, t, l) + s.bias + t->lod_bias + src_value(x, t, 3, l); break;
      default: lod = quad_lod(x, &v, t, l) + s.bias + t->lod_bias; break;
      }
      if (lod != lod)
         lod = 0.0f;
      lod = lod < s.min_lod ? s.min_lod : lod > s.max_lod ? s.max_lod : lod;
      float out[4];
      if (!filter(x, pc, &v, &s, t, &c, lod, out))
         return false;
      for (unsigned k = 0; k < 4; k++) {
         unsigned sel = v.swz[k];
         res[k][l] = sel <= SIM_SEL_W ? sim_u(out[sel]) : sel == SIM_SEL_1 ? 0x3F800000u : 0u;
      }
   }
   return true;
}

static bool load(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t, uint32_t res[4][SIM_LANES])
{
   struct view v;
   if (!read_view(x, pc, t->resource_id, &v))
      return false;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(x->exec >> l & 1))
         continue;
      int32_t i = (int32_t)src_bits(x, t, 0, l) + (int32_t)floorf(t->offset[0]);
      int32_t j = (int32_t)src_bits(x, t, 1, l) + (int32_t)floorf(t->offset[1]);
      int32_t layer = v.cube ? (int32_t)src_bits(x, t, 2, l) : 0;
      int32_t level = (int32_t)src_bits(x, t, 3, l);
      uint32_t e[4] = { 0, 0, 0, 0 };
      if (level >= 0 && (unsigned)level <= v.last_level && layer >= 0 && layer < (int32_t)v.layers &&
          i >= 0 && j >= 0 && (unsigned)i < level_dim(v.width, (unsigned)level) &&
          (unsigned)j < level_dim(v.height, (unsigned)level) &&
          !texel(x, pc, &v, (unsigned)level, (unsigned)layer, (unsigned)i, (unsigned)j, e))
         return false;
      for (unsigned k = 0; k < 4; k++) {
         unsigned sel = v.swz[k];
         res[k][l] = sel <= SIM_SEL_W ? e[sel]
                     : sel == SIM_SEL_1 ? (v.mode.num_format == SIM_NUM_INT ? 1u : 0x3F800000u) : 0u;
      }
   }
   return true;
}

static bool resinfo(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t, uint32_t res[4][SIM_LANES])
{
   struct view v;
   if (!read_view(x, pc, t->resource_id, &v))
      return false;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      uint32_t level = src_bits(x, t, 0, l);
      res[0][l] = level_dim(v.width, level > 31 ? 31 : level);
      res[1][l] = level_dim(v.height, level > 31 ? 31 : level);
      res[2][l] = v.layers;
      res[3][l] = v.last_level + 1;
   }
   return true;
}

/* Differences within each 2x2 quad: horizontal per row, vertical per column. */
static void gradients(const struct sim_run *x, const struct sim_tex_inst *t, uint32_t res[4][SIM_LANES])
{
   bool vertical = t->op == SIM_TEX_GET_GRADIENTS_V;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      unsigned q = l & ~3u, pos = l & 3u;
      unsigned from = vertical ? q + (pos & 1u) : q + (pos & 2u), to = vertical ? from + 2 : from + 1;
      for (unsigned c = 0; c < 4; c++)
         res[c][l] = sim_fres(src_value(x, t, c, to) - src_value(x, t, c, from));
   }
}

bool sim_tex_fetch(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t)
{
   uint32_t res[4][SIM_LANES];
   bool ok = true;
   switch (t->op) {
   case SIM_TEX_LD: ok = load(x, pc, t, res); break;
   case SIM_TEX_GET_TEXTURE_RESINFO: ok = resinfo(x, pc, t, res); break;
   case SIM_TEX_GET_GRADIENTS_H:
   case SIM_TEX_GET_GRADIENTS_V: gradients(x, t, res); break;
   default: ok = sample(x, pc, t, res); break;
   }
   if (!ok)
      return false;
   uint32_t (*dst)[SIM_LANES] = x->lanes->gpr[t->dst_gpr];
   for (unsigned c = 0; c < 4; c++) {
      unsigned sel = t->dst_sel[c];
      if (sel == SIM_SEL_MASK)
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         if (!(x->exec >> l & 1))
            continue;
         dst[c][l] = sel <= SIM_SEL_W ? res[sel][l] : sel == SIM_SEL_1 ? 0x3F800000u : 0u;
      }
   }
   return true;
}
