/* Texture resource / sampler state, mip layout and per-level filtering (tex_view.h).
 *
 * Supported views: DIM 1D, 2D and CUBEMAP in linear layouts (ARRAY_LINEAR_GENERAL /
 * _ALIGNED) or ARRAY_1D_TILED_THIN1 (the depth buffers' 8x8 micro tiles, so a surface the
 * DB wrote is sampled in place), BASE_LEVEL 0, the formats of formats.c and the block
 * formats BC1..BC3 of tex_bc.c (4x4 blocks, hw_surface.h; decoded per texel, then
 * FORCE_DEGAMMA on R, G, B, then the resource swizzle); samplers with point / bilinear XY
 * filters, all eight CLAMP modes (the HALF_BORDER ones as BORDER), the three border
 * constants and the TD_<stage>_SAMPLERn_BORDER_* registers. Anything else is a fault.
 *
 * Layout of the mip chain: hw/hw_surface.h, with level 0 at BASE_ADDRESS << 8 and the
 * resource's PITCH, level 1 at MIP_ADDRESS << 8.
 *
 * Filter weights are plain fp32 (the R600's sub-texel and LOD precision are not documented;
 * not modelled: docs/glmark2-pictures.md §2, §6). Cube
 * maps clamp to the face edge (no seamless filtering). Depth compare (SAMPLE_C*) compares
 * the reference with each tap's X before filtering (SQ_TEX_DEPTH_COMPARE_*: "1 if incoming
 * Z < fetched data" ...), giving 1.0 / 0.0 in every component; BC_FRAC_MODE makes every
 * texel black (0) and the border white (1). */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "common/gpu_memory.h"
#include "hw/hw_surface.h"
#include "r600_regs.h"
#include "sq/alu_bits.h"
#include "common/float_conv.h"
#include "sq/fetch_unit.h"
#include "sq/tex_bc.h"
#include "sq/tex_view.h"

/* Stage-relative slot counts and sampler bases (docs/r600-hardware-notes.md §1.5; register
 * reference TEX_WORD0 RESOURCE_ID: 160 for GS and PS, 176 shared by FS and VS). */
#define PS_RESOURCES 160
#define VS_RESOURCES 176
#define VS_SAMPLER_BASE 18
#define GS_SAMPLER_BASE 36
#define SAMPLERS_PER_STAGE 18
#define RES_STRIDE (REG_SQ_TEX_RESOURCE_WORD6_0 + 4 - REG_SQ_TEX_RESOURCE_WORD0_0)
#define SAMPLER_STRIDE (REG_SQ_TEX_SAMPLER_WORD2_0 + 4 - REG_SQ_TEX_SAMPLER_WORD0_0)

enum thread { THREAD_PS, THREAD_VS, THREAD_GS };

static enum thread thread_of(const struct sim_run *x, const struct sim_tex_inst *t)
{
   bool ps = x->prog->stage == SIM_STAGE_PS;
   if (t->alt_const)
      return ps ? THREAD_VS : THREAD_GS;
   return ps ? THREAD_PS : THREAD_VS;
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

/* A fault of sim_tex_read_view / _sampler, recorded unless they only probe (pc = NO_FAULT). */
#define NO_FAULT (~0u)
#define FAULT(...) (pc == NO_FAULT ? (void)0 : (void)sim_run_fault(x, pc, __VA_ARGS__))

bool sim_tex_read_view(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t,
                       struct sim_tex_view *v)
{
   unsigned id = t->resource_id;
   if (id >= (thread_of(x, t) == THREAD_VS ? VS_RESOURCES : PS_RESOURCES)) {
      FAULT("texture resource %u out of range", id);
      return false;
   }
   unsigned slot = sim_resource_slot(x, id, t->alt_const);
   uint32_t at = REG_SQ_TEX_RESOURCE_WORD0_0 + slot * RES_STRIDE;
   uint32_t w[7];
   for (unsigned k = 0; k < 7; k++)
      w[k] = sim_run_reg(x, at + 4 * k);
   if (SQ_TEX_RESOURCE_WORD6__TYPE__get(w[6]) != SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE) {
      FAULT("texture fetch from resource slot %u, which is not a valid texture", slot);
      return false;
   }
   uint32_t dim = SQ_TEX_RESOURCE_WORD0__DIM__get(w[0]);
   if (dim != SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_1D && dim != SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_2D &&
       dim != SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_CUBEMAP) {
      FAULT("texture DIM %u is not implemented", dim);
      return false;
   }
   uint32_t tile = SQ_TEX_RESOURCE_WORD0__TILE_MODE__get(w[0]);
   if (tile != CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_GENERAL &&
       tile != CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED &&
       tile != CB_COLOR0_INFO__ARRAY_MODE__ARRAY_1D_TILED_THIN1) {
      FAULT("texture TILE_MODE %u is not implemented", tile);
      return false;
   }
   v->tiled = tile == CB_COLOR0_INFO__ARRAY_MODE__ARRAY_1D_TILED_THIN1;
   v->cube = dim == SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_CUBEMAP;
   v->layers = v->cube ? 6 : 1;
   v->width = SQ_TEX_RESOURCE_WORD0__TEX_WIDTH__get(w[0]) + 1;
   v->height = SQ_TEX_RESOURCE_WORD1__TEX_HEIGHT__get(w[1]) + 1;
   v->pitch0 = (SQ_TEX_RESOURCE_WORD0__PITCH__get(w[0]) + 1) * 8;
   v->base = (uint64_t)SQ_TEX_RESOURCE_WORD2__BASE_ADDRESS__get(w[2]) << 8;
   v->mip = (uint64_t)SQ_TEX_RESOURCE_WORD3__MIP_ADDRESS__get(w[3]) << 8;
   unsigned base_level = SQ_TEX_RESOURCE_WORD4__BASE_LEVEL__get(w[4]);
   if (base_level) {
      FAULT("texture BASE_LEVEL %u is not implemented", base_level);
      return false;
   }
   v->last_level = SQ_TEX_RESOURCE_WORD5__LAST_LEVEL__get(w[5]);
   uint32_t code = SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__get(w[1]);
   v->fmt = sim_format_find(code);
   v->bc = v->fmt ? 0 : code;
   v->bpp = v->fmt ? sim_format_bytes(v->fmt) : sim_bc_block_bytes(code);
   if (!v->bpp) {
      FAULT("texture DATA_FORMAT %u is not implemented", code);
      return false;
   }
   if (v->bc && v->tiled) {
      FAULT("texture DATA_FORMAT %u is not implemented tiled", code);
      return false;
   }
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
         FAULT("texture FORMAT_COMP UNSIGNED_BIASED is not implemented");
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
   v->host[0].level = v->host[1].level = -1;
   v->host_next = 0;
   v->byte_comps = v->mode.endian == SIM_ENDIAN_NONE && v->fmt ? sim_format_byte_components(v->fmt) : 0;
   for (unsigned c = 0; c < v->byte_comps; c++)
      v->lut[c] = sim_format_lut8(&v->mode, c);
   return true;
}

/* Per thread type: the first sampler slot, the first sampler's border colour registers. */
static const unsigned sampler_base[3] = { 0, VS_SAMPLER_BASE, GS_SAMPLER_BASE };
static const uint32_t border_red[3] = { REG_TD_PS_SAMPLER0_BORDER_RED, REG_TD_VS_SAMPLER0_BORDER_RED,
                                        REG_TD_GS_SAMPLER0_BORDER_RED };
#define BORDER_STEP (REG_TD_PS_SAMPLER0_BORDER_GREEN - REG_TD_PS_SAMPLER0_BORDER_RED)

bool sim_tex_read_sampler(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t,
                          struct sim_tex_sampler *s)
{
   unsigned id = t->sampler_id;
   if (id >= SAMPLERS_PER_STAGE) {
      FAULT("sampler %u out of range", id);
      return false;
   }
   enum thread th = thread_of(x, t);
   unsigned slot = id + sampler_base[th];
   uint32_t at = REG_SQ_TEX_SAMPLER_WORD0_0 + slot * SAMPLER_STRIDE;
   uint32_t w0 = sim_run_reg(x, at), w1 = sim_run_reg(x, at + 4);
   s->wrap[0] = SQ_TEX_SAMPLER_WORD0__CLAMP_X__get(w0);
   s->wrap[1] = SQ_TEX_SAMPLER_WORD0__CLAMP_Y__get(w0);
   s->mag = SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__get(w0);
   s->min = SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER__get(w0);
   s->mip = SQ_TEX_SAMPLER_WORD0__MIP_FILTER__get(w0);
   s->compare = SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION__get(w0);
   if ((s->mag != SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_POINT &&
        s->mag != SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_BILINEAR) ||
       (s->min != SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER__SQ_TEX_XY_FILTER_POINT &&
        s->min != SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER__SQ_TEX_XY_FILTER_BILINEAR)) {
      FAULT("sampler %u: XY filter %u/%u is not implemented", slot, s->mag, s->min);
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
      uint32_t red = border_red[th] + id * REG_TD_PS_SAMPLER0_BORDER_RED__stride;
      for (unsigned c = 0; c < 4; c++)
         s->border[c] = sim_run_reg(x, red + c * BORDER_STEP);
      break;
   }
   }
   /* MIN_LOD / MAX_LOD unsigned 4.6, LOD_BIAS signed 6.6 (docs/r600-hardware-notes.md §1.6) */
   s->min_lod = (float)SQ_TEX_SAMPLER_WORD1__MIN_LOD__get(w1) / 64.0f;
   s->max_lod = (float)SQ_TEX_SAMPLER_WORD1__MAX_LOD__get(w1) / 64.0f;
   uint32_t bias = SQ_TEX_SAMPLER_WORD1__LOD_BIAS__get(w1);
   unsigned bits = (unsigned)__builtin_popcount(SQ_TEX_SAMPLER_WORD1__LOD_BIAS__mask);
   s->bias = (float)((bias >> (bits - 1) & 1) ? (int)bias - (1 << bits) : (int)bias) / 64.0f;
   return true;
}

static struct hw_surface view_surface(const struct sim_tex_view *v)
{
   return (struct hw_surface){ .width = v->width, .height = v->height, .bpp = v->bpp,
                               .layers = v->layers, .samples = 1, .pitch0 = v->pitch0,
                               .block = v->bc ? SIM_BC_BLOCK : 1 };
}

/* The range of (level, layer) of v (surface s) from the level's layout L and level 1's
 * offset (the mip address's). */
static struct sim_tex_range range_at(const struct sim_tex_view *v, const struct hw_surface *s,
                                     const struct hw_surface_level *L, uint64_t offset1, unsigned level,
                                     unsigned layer, unsigned extra)
{
   uint64_t va = (level ? v->mip + L->offset - offset1 : v->base) + layer * L->layer_size;
   unsigned w = hw_surface_elems(s, v->width, level), rows = hw_surface_elems(s, v->height, level);
   uint64_t elems = v->tiled ? (uint64_t)L->rows * L->pitch : (uint64_t)(rows - 1) * L->pitch + w;
   return (struct sim_tex_range){ va, elems * v->bpp + extra, L->pitch };
}

struct sim_tex_range sim_tex_level_range(const struct sim_tex_view *v, unsigned level, unsigned layer,
                                         unsigned extra)
{
   const struct hw_surface s = view_surface(v);
   struct hw_surface_level L = hw_surface_level_layout(&s, level);
   return range_at(v, &s, &L, level ? hw_surface_level_offset(&s, 1) : 0, level, layer, extra);
}

#define VIEW_LEVELS (SQ_TEX_RESOURCE_WORD5__LAST_LEVEL__mask + 1)   /* LAST_LEVEL: 4 bits */

void sim_tex_level_ranges(const struct sim_tex_view *v, unsigned extra, struct sim_tex_range *range)
{
   const struct hw_surface s = view_surface(v);
   struct hw_surface_level L[VIEW_LEVELS];
   hw_surface_levels(&s, v->last_level, L);
   for (unsigned k = 0; k <= v->last_level; k++)
      range[k] = range_at(v, &s, &L[k], v->last_level ? L[1].offset : 0, k, 0, extra);
}

const uint8_t *sim_tex_level_host(struct sim_run *x, const struct sim_tex_view *v, unsigned level,
                                  unsigned layer, unsigned extra, unsigned *pitch)
{
   struct sim_tex_range r = sim_tex_level_range(v, level, layer, extra);
   *pitch = r.pitch;
   return sim_mem_range(x->env->mem, r.va, r.bytes);
}

/* The host bytes of (level, layer) as one mapped range, from the view's two-entry cache
 * (resolved on a miss; NULL when GPU memory does not map the whole level as one range).
 * Elements (i < level width, j < level height in elements) lie within the range checked:
 * up to the last one of the last row, or the whole tile rows of a tiled level. */
static const struct sim_tex_host_level *host_level(struct sim_run *x, struct sim_tex_view *v,
                                                   unsigned level, unsigned layer)
{
   for (unsigned k = 0; k < 2; k++) {
      if (v->host[k].level == (int)level && v->host[k].layer == (int)layer)
         return &v->host[k];
   }
   struct sim_tex_host_level *h = &v->host[v->host_next];
   v->host_next ^= 1;
   h->level = (int)level;
   h->layer = (int)layer;
   h->bytes = sim_tex_level_host(x, v, level, layer, 0, &h->pitch);
   return h;
}

/* Element index of element (i, j) in its layer. */
static uint64_t element_index(const struct sim_tex_view *v, unsigned pitch, unsigned i, unsigned j)
{
   return v->tiled ? hw_depth_tiled_index(pitch, i, j) : (uint64_t)j * pitch + i;
}

/* Texel (i, j) of a BC block, decoded as formats.c decodes NORM data (degamma included). */
static void bc_texel(const struct sim_tex_view *v, const uint8_t *block, unsigned i, unsigned j,
                     uint32_t out[4])
{
   double rgba[4];
   sim_bc_texel(v->bc, block, i % SIM_BC_BLOCK, j % SIM_BC_BLOCK, rgba);
   for (unsigned c = 0; c < 4; c++)
      out[c] = sim_u((float)(v->mode.degamma && c < 3 ? sim_srgb_to_linear(rgba[c]) : rgba[c]));
}

/* sim_tex_texel with the (level, layer)'s host_level already resolved. */
static bool texel_at(struct sim_run *x, unsigned pc, const struct sim_tex_view *v,
                     const struct sim_tex_host_level *h, unsigned level, unsigned layer,
                     unsigned i, unsigned j, uint32_t out[4])
{
   unsigned ti = i, tj = j;
   if (v->bc) {
      i /= SIM_BC_BLOCK;
      j /= SIM_BC_BLOCK;
   }
   const uint8_t *p;
   uint64_t at = element_index(v, h->pitch, i, j) * v->bpp;
   if (h->bytes) {
      p = h->bytes + at;
   } else {
      uint64_t va = sim_tex_level_range(v, level, layer, 0).va + at;
      p = sim_mem_range(x->env->mem, va, v->bpp);
      if (!p) {
         sim_run_fault(x, pc, "texel at 0x%llx outside GPU memory", (unsigned long long)va);
         return false;
      }
   }
   if (v->bc) {
      bc_texel(v, p, ti, tj, out);
      return true;
   }
   if (!v->byte_comps) {
      sim_format_decode(v->fmt, p, &v->mode, out);
      return true;
   }
   /* sim_format_decode's result for bytes, by table; missing components as it fills them */
   out[0] = out[1] = out[2] = 0;
   out[3] = v->mode.num_format == SIM_NUM_INT ? 1u : 0x3F800000u;
   for (unsigned c = 0; c < v->byte_comps; c++)
      out[c] = v->lut[c][p[c]];
   return true;
}

bool sim_tex_texel(struct sim_run *x, unsigned pc, struct sim_tex_view *v, unsigned level,
                   unsigned layer, unsigned i, unsigned j, uint32_t out[4])
{
   return texel_at(x, pc, v, host_level(x, v, level, layer), level, layer, i, j, out);
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

/* The compare of SQ_TEX_DEPTH_COMPARE_*: ref op fetched. */
static bool depth_compare(unsigned func, float ref, float texel)
{
   switch (func) {
   case SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION__SQ_TEX_DEPTH_COMPARE_LESS: return ref < texel;
   case SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION__SQ_TEX_DEPTH_COMPARE_EQUAL: return ref == texel;
   case SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION__SQ_TEX_DEPTH_COMPARE_LESSEQUAL: return ref <= texel;
   case SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION__SQ_TEX_DEPTH_COMPARE_GREATER: return ref > texel;
   case SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION__SQ_TEX_DEPTH_COMPARE_NOTEQUAL: return ref != texel;
   case SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION__SQ_TEX_DEPTH_COMPARE_GREATEREQUAL: return ref >= texel;
   case SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION__SQ_TEX_DEPTH_COMPARE_ALWAYS: return true;
   default: return false;   /* NEVER */
   }
}

bool sim_tex_state_words(struct sim_run *x, const struct sim_tex_inst *t, uint32_t w[SIM_TEX_STATE_WORDS])
{
   enum thread th = thread_of(x, t);
   unsigned id = t->sampler_id;
   if (t->resource_id >= (th == THREAD_VS ? VS_RESOURCES : PS_RESOURCES) || id >= SAMPLERS_PER_STAGE)
      return false;
   uint32_t res = REG_SQ_TEX_RESOURCE_WORD0_0 + sim_resource_slot(x, t->resource_id, t->alt_const) * RES_STRIDE;
   uint32_t smp = REG_SQ_TEX_SAMPLER_WORD0_0 + (id + sampler_base[th]) * SAMPLER_STRIDE;
   uint32_t red = border_red[th] + id * REG_TD_PS_SAMPLER0_BORDER_RED__stride;
   for (unsigned k = 0; k < 7; k++)
      w[k] = sim_run_reg(x, res + 4 * k);
   w[7] = sim_run_reg(x, smp);
   w[8] = sim_run_reg(x, smp + 4);
   for (unsigned c = 0; c < 4; c++)
      w[9 + c] = sim_run_reg(x, red + c * BORDER_STEP);
   return true;
}

bool sim_tex_probe_view(struct sim_run *x, const struct sim_tex_inst *t, struct sim_tex_view *v)
{
   return sim_tex_read_view(x, NO_FAULT, t, v);
}

bool sim_tex_probe_sampler(struct sim_run *x, const struct sim_tex_inst *t, struct sim_tex_sampler *s)
{
   return sim_tex_read_sampler(x, NO_FAULT, t, s);
}

bool sim_tex_sample_level(struct sim_run *x, unsigned pc, struct sim_tex_view *v,
                          const struct sim_tex_sampler *s, const struct sim_tex_inst *t,
                          const struct sim_tex_coord *c, unsigned level, bool linear,
                          const struct sim_tex_taps *taps, float out[4], float frac[2])
{
   int n[2] = { (int)hw_surface_dim(v->width, level), (int)hw_surface_dim(v->height, level) };
   float f[2] = { c->norm[0] ? c->u * (float)n[0] : c->u, c->norm[1] ? c->v * (float)n[1] : c->v };
   unsigned mode[2] = { s->wrap[0], s->wrap[1] };
   for (unsigned k = 0; k < 2; k++) {
      f[k] += t->offset[k];
      if (v->cube)
         mode[k] = SQ_TEX_SAMPLER_WORD0__CLAMP_X__SQ_TEX_CLAMP_LAST_TEXEL;
   }
   if (v->mode.num_format == SIM_NUM_INT && !taps->compare)
      linear = false;
   /* Per dimension the texel indices of the taps (the first, and the next for bilinear)
    * after the CLAMP mode, and whether they are inside the level (else the border). */
   int idx[2][2];
   bool in[2][2];
   float w[2];
   for (unsigned k = 0; k < 2; k++) {
      float p = linear ? f[k] - 0.5f : f[k];
      float fl = floorf(p);
      /* a NaN position takes INT_MIN (what x86's conversion gives; C leaves it undefined) */
      int i0 = fl != fl ? INT_MIN : fl < -1e9f ? -1000000000 : fl > 1e9f ? 1000000000 : (int)fl;
      w[k] = linear ? p - fl : 0.0f;
      if (frac)
         frac[k] = w[k];
      for (unsigned d = 0; d < (linear ? 2u : 1u); d++) {
         idx[k][d] = i0 + (int)d;
         in[k][d] = wrap(&idx[k][d], n[k], mode[k]);
      }
   }
   const struct sim_tex_host_level *h = host_level(x, v, level, c->layer);
   float acc[4] = { 0, 0, 0, 0 };
   for (unsigned tap = 0; tap < (linear ? 4u : 1u); tap++) {
      unsigned dx = tap & 1, dy = tap >> 1;
      float weight = linear ? sim_tex_mul(dx ? w[0] : 1.0f - w[0], dy ? w[1] : 1.0f - w[1]) : 1.0f;
      uint32_t e[4];
      if (in[0][dx] && in[1][dy]) {
         if (taps->bc_frac)
            memset(e, 0, sizeof(e));
         else if (!texel_at(x, pc, v, h, level, c->layer, (unsigned)idx[0][dx], (unsigned)idx[1][dy], e))
            return false;
      } else if (taps->bc_frac) {
         e[0] = e[1] = e[2] = e[3] = 0x3F800000u;
      } else {
         memcpy(e, s->border, sizeof(e));
      }
      if (taps->compare)
         e[0] = e[1] = e[2] = e[3] = depth_compare(s->compare, taps->ref, sim_f(e[0])) ? 0x3F800000u : 0u;
      for (unsigned k = 0; k < 4; k++)
         acc[k] = linear ? sim_tex_add(acc[k], sim_tex_mul(weight, sim_f(e[k]))) : sim_f(e[k]);
   }
   memcpy(out, acc, sizeof(acc));
   return true;
}
