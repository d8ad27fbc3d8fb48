/* Texture resources and samplers as the texture unit sees them (tex_view.c): the
 * SQ_TEX_RESOURCE_WORD0..6 / SQ_TEX_SAMPLER_WORD0..2 state of a slot, the mip-chain
 * layout, texel reads and per-level filtering. Used by tex_unit.c. */
#ifndef SIM_TEX_VIEW_H
#define SIM_TEX_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "sq/formats.h"
#include "sq/run_state.h"

/* The host bytes of one (level, layer) of a view, when GPU memory maps all of it as one
 * range (the texel fast path); level -1: unused. */
struct sim_tex_host_level {
   int level, layer;
   const uint8_t *bytes;      /* NULL: not one mapped range; texels are looked up one by one */
   unsigned pitch;
};

struct sim_tex_view {
   bool cube;
   unsigned width, height, layers, pitch0, last_level;
   uint64_t base, mip;
   const struct sim_format *fmt;   /* NULL for a block format (bc) */
   uint32_t bc;               /* FMT_BC1..BC3, or 0 */
   bool tiled;                /* ARRAY_1D_TILED_THIN1 (hw_depth_tiled_index), else linear */
   unsigned bpp;              /* bytes of an element: a texel, or a 4x4 block */
   struct sim_format_mode mode;
   uint8_t swz[4];            /* resource DST_SEL, enum sim_sel */
   /* Fast path state, filled as texels are read (a view lives for one instruction): the
    * two (level, layer)s used last (a mip blend reads two levels), and for byte formats
    * without endian swap the decode table of each component (byte_comps = their count). */
   struct sim_tex_host_level host[2];
   unsigned host_next, byte_comps;
   const uint32_t *lut[4];
};

struct sim_tex_sampler {
   unsigned wrap[2], mag, min, mip, compare;
   uint32_t border[4];
   float min_lod, max_lod, bias;
};

/* Texel-space position of one lane (u, v of level 0 when not normalized). */
struct sim_tex_coord {
   float u, v;
   bool norm[2];
   unsigned layer;
};

/* How the taps of a filter are altered: depth compare (SAMPLE_C*) and BC_FRAC_MODE. */
struct sim_tex_taps {
   bool compare, bc_frac;
   float ref;
};

/* a + b and a * b, but a itself when a is a NaN. IEEE 754 and C leave open which NaN a result
 * of two NaN operands carries (x86 keeps the first source's, and compilers swap the operands
 * of commutative operations); the filter defines it with these where two NaNs can meet (a
 * NaN weight from NaN coordinates, a NaN border colour), and jit_tex.c does the same. */
static inline float sim_tex_add(float a, float b) { return a != a ? a : a + b; }
static inline float sim_tex_mul(float a, float b) { return a != a ? a : a * b; }

/* Reads the view / sampler of the instruction's (ALT_CONST-adjusted) slots; false after a
 * fault (invalid or unsupported state). */
bool sim_tex_read_view(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t,
                       struct sim_tex_view *v);
bool sim_tex_read_sampler(struct sim_run *x, unsigned pc, const struct sim_tex_inst *t,
                          struct sim_tex_sampler *s);

/* The same without recording a fault (the JIT's inline-path check, tex_fast.c). */
bool sim_tex_probe_view(struct sim_run *x, const struct sim_tex_inst *t, struct sim_tex_view *v);
bool sim_tex_probe_sampler(struct sim_run *x, const struct sim_tex_inst *t, struct sim_tex_sampler *s);

/* The registers sim_tex_read_view and sim_tex_read_sampler read for instruction t: the 7
 * resource words, sampler words 0 and 1 and the sampler's 4 border colour registers; false
 * when its resource or sampler is out of range. Equal words give equal views and samplers. */
bool sim_tex_state_words(struct sim_run *x, const struct sim_tex_inst *t, uint32_t w[SIM_TEX_STATE_WORDS]);

/* The GPU memory of the elements of (level, layer) and `extra` bytes after them; pitch:
 * elements per row. */
struct sim_tex_range {
   uint64_t va, bytes;
   unsigned pitch;
};
struct sim_tex_range sim_tex_level_range(const struct sim_tex_view *v, unsigned level, unsigned layer,
                                         unsigned extra);

/* sim_tex_level_range(v, k, 0, extra) of every level k up to LAST_LEVEL into range[k]. */
void sim_tex_level_ranges(const struct sim_tex_view *v, unsigned extra, struct sim_tex_range *range);

/* The host bytes of sim_tex_level_range(v, level, layer, extra) when GPU memory maps it as
 * one range, else NULL; *pitch = elements per row. */
const uint8_t *sim_tex_level_host(struct sim_run *x, const struct sim_tex_view *v, unsigned level,
                                  unsigned layer, unsigned extra, unsigned *pitch);

/* One texel of level `level`, (i, j) inside it, decoded to four dwords. */
bool sim_tex_texel(struct sim_run *x, unsigned pc, struct sim_tex_view *v, unsigned level,
                   unsigned layer, unsigned i, unsigned j, uint32_t out[4]);

/* Point or bilinear sample of one level; out = 4 floats (before the resource swizzle).
 * *frac (optional) receives the bilinear weights' fractions (0 for point). */
bool sim_tex_sample_level(struct sim_run *x, unsigned pc, struct sim_tex_view *v,
                          const struct sim_tex_sampler *s, const struct sim_tex_inst *t,
                          const struct sim_tex_coord *c, unsigned level, bool linear,
                          const struct sim_tex_taps *taps, float out[4], float frac[2]);

#endif
