/* Vertex fetch: address = base + index * stride + offset, bounds-checked against the
 * resource's SIZE (last valid byte offset, as drivers program it) and GPU memory; data
 * converted per DATA_FORMAT / NUM_FORMAT_ALL / FORMAT_COMP_ALL / SRF_MODE_ALL /
 * ENDIAN_SWAP of the instruction (or of the resource with USE_CONST_FIELDS), see formats.c.
 *
 * - index = the source GPR channel (an unsigned integer) + SQ_VTX_BASE_VTX_LOC
 *   (FETCH_TYPE VERTEX_DATA) or SQ_VTX_START_INST_LOC (INSTANCE_DATA) or nothing
 *   (NO_INDEX_OFFSET); CONST_BUF_NO_STRIDE forces the stride to 0.
 * - SRC_REL / DST_REL add the loop index AL to the GPR (register reference: "add current
 *   loop index").
 * - SEMANTIC: the destination is GPR n + 1 for the first SQ_VTX_SEMANTIC_n (n = 0..31)
 *   whose SEMANTIC_ID matches the instruction's (R0 holds the vertex id); entries holding
 *   0xFF (cleared) never match, and without a match the fetch writes nothing.
 * - FETCH_WHOLE_QUAD fetches for every launched lane of a quad with an active lane; the
 *   other lanes are neither read nor written. MEGA_FETCH / MEGA_FETCH_COUNT only shape the
 *   hardware's memory requests and change no result.
 * - ALT_CONST (R7xx) uses the other thread type's resources (ps->vs, vs->gs). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/gpu_memory.h"
#include "r600_regs.h"
#include "sq/fetch_unit.h"
#include "sq/formats.h"

/* Stage-relative SET_RESOURCE slots (docs/r600-hardware-notes.md §1.5): PS 0, VS (and fetch shader)
 * 160, GS 336. */
#define SIM_VS_RESOURCE_BASE 160
#define SIM_GS_RESOURCE_BASE 336
#define SIM_RESOURCE_STRIDE (REG_SQ_VTX_CONSTANT_WORD6_0 + 4 - REG_SQ_VTX_CONSTANT_WORD0_0)
#define SIM_SEMANTIC_ENTRIES 32
#define SIM_SEMANTIC_UNUSED 0xFFu

unsigned sim_resource_slot(const struct sim_run *x, unsigned id, bool alt_const)
{
   bool ps = x->prog->stage == SIM_STAGE_PS;
   if (alt_const)
      return id + (ps ? SIM_VS_RESOURCE_BASE : SIM_GS_RESOURCE_BASE);
   return id + (ps ? 0 : SIM_VS_RESOURCE_BASE);
}

/* sim_format_find by a table of every 8-bit code (the DATA_FORMAT fields are 6 bits), built
 * once: the inline fetches' prepare looks up each fetch's format per run of its clause. */
static const struct sim_format *format_table[256];
static pthread_once_t format_table_once = PTHREAD_ONCE_INIT;
static atomic_bool format_table_ready;   /* set once the table is built (no call then) */

static void build_format_table(void)
{
   for (uint32_t code = 0; code < 256; code++)
      format_table[code] = sim_format_find(code);
   atomic_store_explicit(&format_table_ready, true, memory_order_release);
}

static const struct sim_format *vtx_format(uint32_t code)
{
   if (code >= 256)
      return sim_format_find(code);
   if (!atomic_load_explicit(&format_table_ready, memory_order_acquire))
      pthread_once(&format_table_once, build_format_table);
   return format_table[code];
}

/* sim_mem_range of a resource's range, memoized per thread by the memory generation (host
 * pointers stay valid while it is unchanged, gpu_memory.h): each run of a fetch clause maps
 * its buffers, a lookup under the memory's lock otherwise. */
#define RANGE_MEMO 4
static __thread struct range_memo {
   uint64_t generation, va, size;
   const uint8_t *data;
} range_memo[RANGE_MEMO];
static __thread unsigned range_memo_next;

static const uint8_t *buffer_range(struct sim_memory *mem, uint64_t va, uint64_t size)
{
   uint64_t generation = sim_mem_generation(mem);
   for (unsigned i = 0; i < RANGE_MEMO; i++) {
      const struct range_memo *m = &range_memo[i];
      if (m->data && m->generation == generation && m->va == va && m->size == size)
         return m->data;
   }
   const uint8_t *p = sim_mem_range(mem, va, size);
   if (p)
      range_memo[range_memo_next++ % RANGE_MEMO] = (struct range_memo){ generation, va, size, p };
   return p;
}

/* Components of a DATA_FORMAT of 32-bit floats (read without conversion), else 0. */
static unsigned float32_components(uint32_t code)
{
   switch (code) {
   case SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_FLOAT: return 1;
   case SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_32_FLOAT: return 2;
   case SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_32_32_FLOAT: return 3;
   case SQ_TEX_RESOURCE_WORD1__DATA_FORMAT__FMT_32_32_32_32_FLOAT: return 4;
   default: return 0;
   }
}

/* The destination GPR of a fetch, or -1 when it writes nothing. */
static int dst_gpr(struct sim_run *x, unsigned pc, const struct sim_vtx_inst *v, bool *fault)
{
   *fault = false;
   if (v->semantic) {
      for (unsigned n = 0; n < SIM_SEMANTIC_ENTRIES; n++) {
         uint32_t id = SQ_VTX_SEMANTIC_0__SEMANTIC_ID__get(
            sim_run_reg(x, REG_SQ_VTX_SEMANTIC_0 + REG_SQ_VTX_SEMANTIC_0__stride * n));
         if (id != SIM_SEMANTIC_UNUSED && id == v->semantic_id)
            return n + 1 < SIM_MAX_GPRS ? (int)n + 1 : -1;
      }
      return -1;
   }
   int64_t r = v->dst_gpr + (v->dst_rel ? x->loop_index : 0);
   if (r < 0 || r >= SIM_MAX_GPRS) {
      sim_run_fault(x, pc, "vertex fetch destination R%lld outside the register file", (long long)r);
      *fault = true;
      return -1;
   }
   return (int)r;
}

/* The SQ_VTX_CONSTANT words of resource `slot`, or NULL when there is no such slot. */
static const uint32_t *resource_words(const struct sim_run *x, unsigned slot)
{
   uint32_t first = REG_SQ_VTX_CONSTANT_WORD0_0 + slot * SIM_RESOURCE_STRIDE;
   if (first + SIM_RESOURCE_STRIDE > SIM_REG_SPACE_DWORDS * 4)
      return NULL;
   return &x->env->regs[first / 4];
}

#define WORD(w, n) ((w)[(REG_SQ_VTX_CONSTANT_WORD##n##_0 - REG_SQ_VTX_CONSTANT_WORD0_0) / 4])

static bool valid_buffer(const uint32_t *w)
{
   return SQ_VTX_CONSTANT_WORD6__TYPE__get(WORD(w, 6)) ==
          SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER;
}

static uint64_t buffer_base(const uint32_t *w)
{
   return SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS__get(w[0]) |
          (uint64_t)SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI__get(WORD(w, 2)) << 32;
}

/* The last valid byte offset (SIZE, as drivers program it). */
static uint64_t buffer_last(const uint32_t *w)
{
   return SQ_VTX_CONSTANT_WORD1__SIZE__get(WORD(w, 1));
}

static uint32_t buffer_stride(const uint32_t *w, const struct sim_vtx_inst *v)
{
   return v->no_stride ? 0 : SQ_VTX_CONSTANT_WORD2__STRIDE__get(WORD(w, 2));
}

/* What an out-of-bounds fetch returns in every component (CLAMP_X). */
static uint32_t out_of_bounds_value(const uint32_t *w)
{
   return SQ_VTX_CONSTANT_WORD2__CLAMP_X__get(WORD(w, 2)) ==
          SQ_VTX_CONSTANT_WORD2__CLAMP_X__SQ_VTX_CLAMP_NAN ? 0xFFC00000u : 0u;
}

/* What FETCH_TYPE adds to the index. */
static uint32_t index_offset(const struct sim_run *x, const struct sim_vtx_inst *v)
{
   if (v->fetch_type == SIM_FETCH_VERTEX)
      return x->env->regs[REG_SQ_VTX_BASE_VTX_LOC / 4];
   if (v->fetch_type == SIM_FETCH_INSTANCE)
      return x->env->regs[REG_SQ_VTX_START_INST_LOC / 4];
   return 0;
}

bool sim_fetch_vtx(struct sim_run *x, unsigned pc, const struct sim_vtx_inst *v)
{
   unsigned slot = sim_resource_slot(x, v->buffer_id, v->alt_const);
   const uint32_t *w = resource_words(x, slot);
   if (!w) {
      sim_run_fault(x, pc, "vertex fetch from resource slot %u: no such slot", slot);
      return false;
   }
   if (!valid_buffer(w)) {
      sim_run_fault(x, pc, "vertex fetch from resource slot %u, which is not a valid buffer", slot);
      return false;
   }
   uint32_t w2 = WORD(w, 2);
   uint64_t base = buffer_base(w), last = buffer_last(w);
   uint32_t stride = buffer_stride(w, v), oob = out_of_bounds_value(w);

   uint32_t code = v->data_format;
   struct sim_format_mode mode = { .num_format = v->num_format, .srf_no_zero = v->srf_no_zero,
                                   .endian = v->endian };
   bool is_signed = v->is_signed;
   if (v->use_const_fields) {
      code = SQ_VTX_CONSTANT_WORD2__DATA_FORMAT__get(w2);
      uint32_t nf = SQ_VTX_CONSTANT_WORD2__NUM_FORMAT_ALL__get(w2);
      mode.num_format = nf == SQ_VTX_CONSTANT_WORD2__NUM_FORMAT_ALL__SQ_NUM_FORMAT_INT ? SIM_NUM_INT
                        : nf == SQ_VTX_CONSTANT_WORD2__NUM_FORMAT_ALL__SQ_NUM_FORMAT_SCALED
                           ? SIM_NUM_SCALED : SIM_NUM_NORM;
      is_signed = SQ_VTX_CONSTANT_WORD2__FORMAT_COMP_ALL__get(w2) ==
                  SQ_VTX_CONSTANT_WORD2__FORMAT_COMP_ALL__SQ_FORMAT_COMP_SIGNED;
      mode.srf_no_zero = SQ_VTX_CONSTANT_WORD2__SRF_MODE_ALL__get(w2) ==
                         SQ_VTX_CONSTANT_WORD2__SRF_MODE_ALL__SQ_SRF_MODE_NO_ZERO;
      uint32_t e = SQ_VTX_CONSTANT_WORD2__ENDIAN_SWAP__get(w2);
      mode.endian = e == SQ_VTX_CONSTANT_WORD2__ENDIAN_SWAP__SQ_ENDIAN_8IN16 ? SIM_ENDIAN_8IN16
                    : e == SQ_VTX_CONSTANT_WORD2__ENDIAN_SWAP__SQ_ENDIAN_8IN32 ? SIM_ENDIAN_8IN32
                    : SIM_ENDIAN_NONE;
   }
   for (unsigned c = 0; c < 4; c++)
      mode.is_signed[c] = is_signed;
   const struct sim_format *f = vtx_format(code);
   if (!f) {
      sim_run_fault(x, pc, "vertex fetch DATA_FORMAT %u is not implemented", code);
      return false;
   }

   uint32_t add = index_offset(x, v);

   int64_t src = v->src_gpr + (v->src_rel ? x->loop_index : 0);
   if (src < 0 || src >= SIM_MAX_GPRS) {
      sim_run_fault(x, pc, "vertex fetch source R%lld outside the register file", (long long)src);
      return false;
   }
   bool bad;
   int dst = dst_gpr(x, pc, v, &bad);
   if (bad)
      return false;
   uint16_t lanes = v->whole_quad ? sim_whole_quads(x, x->exec) : x->exec;

   uint32_t val[4][SIM_LANES];
   const uint32_t *index = x->lanes->gpr[src][v->src_chan];
   unsigned bytes = sim_format_bytes(f);
   /* Fast paths: the resource's whole range in one host mapping when it lies in one GPU
    * buffer (the usual case: no lookup per lane), and 32-bit float data copied as it is. */
   const uint8_t *whole = buffer_range(x->env->mem, base, last + 1);
   unsigned raw_floats = mode.endian == SIM_ENDIAN_NONE ? float32_components(code) : 0;
   for (unsigned l = 0; l < SIM_LANES; l++) {
      if (!(lanes >> l & 1))
         continue;
      uint64_t off = (uint64_t)(uint32_t)(index[l] + add) * stride + v->offset;
      uint32_t e[4] = { oob, oob, oob, oob };
      if (off + bytes - 1 <= last) {
         const uint8_t *p = whole ? whole + off : sim_mem_range(x->env->mem, base + off, bytes);
         if (!p) {
            sim_run_fault(x, pc, "vertex fetch at 0x%llx (slot %u) outside GPU memory",
                          (unsigned long long)(base + off), slot);
            return false;
         }
         if (raw_floats) {
            e[1] = e[2] = 0;
            e[3] = 0x3F800000u;   /* missing components read (0, 0, 0, 1.0) */
            memcpy(e, p, 4 * raw_floats);
         } else {
            sim_format_decode(f, p, &mode, e);
         }
      }
      for (unsigned c = 0; c < 4; c++)
         val[c][l] = e[c];
   }
   if (dst < 0)
      return true;

   uint32_t (*d)[SIM_LANES] = x->lanes->gpr[dst];
   for (unsigned c = 0; c < 4; c++) {
      unsigned sel = v->dst_sel[c];
      if (sel == SIM_SEL_MASK)
         continue;
      for (unsigned l = 0; l < SIM_LANES; l++) {
         if (!(lanes >> l & 1))
            continue;
         d[c][l] = sel <= SIM_SEL_W ? val[sel][l] : sel == SIM_SEL_1 ? 0x3F800000u : 0u;
      }
   }
   return true;
}

/* What the inline path needs of one fetch's buffer (sim_vtx_fast but the lanes and the
 * index offset): `data` NULL when no index reads inside SIZE. */
struct fetch_buffer {
   const uint8_t *data;
   uint32_t stride, max_index, oob;
};

/* The fetch_buffer of fetch v from resource words w with an element of `bytes`; false when
 * the inline path cannot take it. */
static bool resolve_buffer(struct sim_memory *mem, const uint32_t *w,
                           const struct sim_vtx_inst *v, unsigned bytes, struct fetch_buffer *b)
{
   /* index * stride + first <= last, as sim_fetch_vtx checks it */
   uint64_t last = buffer_last(w), first = v->offset + bytes - 1u;
   uint32_t stride = buffer_stride(w, v);
   *b = (struct fetch_buffer){ .stride = stride, .oob = out_of_bounds_value(w) };
   if (first > last)
      return true;
   b->data = buffer_range(mem, buffer_base(w), last + 1);
   /* an element of 1..3 bytes is read as a dword (jit_fetch.c), in a buffer of 6 or more */
   if (!b->data || (bytes < 4 && last < 5))
      return false;
   b->max_index = stride ? (uint32_t)((last - first) / stride) : UINT32_MAX;
   return true;
}

/* resolve_buffer's last result for the i-th fetch of a clause, per thread, keyed by
 * everything it reads: the resource words, the fetch's offset, element size and stride
 * mode, and the memory generation (host pointers stay valid while it is unchanged). A VS
 * runs the same clause on the same resources call after call. */
static __thread struct buffer_memo {
   uint64_t generation;
   uint32_t w0, w1, w2, w6, offset;
   uint8_t bytes;
   bool no_stride, set;
   struct fetch_buffer b;
} buffer_memo[SIM_VTX_FAST_MAX];

int sim_fetch_vtx_prepare(struct sim_run *x, unsigned pc)
{
   const struct sim_cf *cf = &x->prog->cf[pc];
   uint16_t exec = sim_cf_mode_lanes(x, cf, x->exec);
   if (cf->count > SIM_VTX_FAST_MAX)
      return -1;
   struct buffer_memo *memo = buffer_memo;
   uint64_t generation = sim_mem_generation(x->env->mem);
   for (unsigned i = 0; i < cf->count; i++) {
      const struct sim_vtx_inst *v = &x->prog->vtx[cf->first + i];
      const uint32_t *w = resource_words(x, sim_resource_slot(x, v->buffer_id, v->alt_const));
      const struct sim_format *f = vtx_format(v->data_format);
      if (!w || !valid_buffer(w) || !f || v->use_const_fields)
         return -1;
      unsigned bytes = sim_format_bytes(f);
      struct buffer_memo *m = &memo[i];
      if (!m->set || m->generation != generation || m->w0 != w[0] || m->w1 != WORD(w, 1) ||
          m->w2 != WORD(w, 2) || m->w6 != WORD(w, 6) || m->offset != v->offset ||
          m->bytes != bytes || m->no_stride != v->no_stride) {
         struct fetch_buffer b;
         if (!resolve_buffer(x->env->mem, w, v, bytes, &b))
            return -1;
         *m = (struct buffer_memo){ generation, w[0], WORD(w, 1), WORD(w, 2), WORD(w, 6),
                                    v->offset, (uint8_t)bytes, v->no_stride, true, b };
      }
      bool any = m->b.data != NULL;
      uint16_t lanes = v->whole_quad ? sim_whole_quads(x, exec) : exec;
      x->vtx_fast[i] = (struct sim_vtx_fast){
         .data = any ? m->b.data : (const uint8_t *)x->tmp, .stride = m->b.stride,
         .add = index_offset(x, v), .max_index = m->b.max_index, .oob = m->b.oob,
         .lanes = lanes, .read = any ? lanes : 0 };
   }
   return 0;
}
