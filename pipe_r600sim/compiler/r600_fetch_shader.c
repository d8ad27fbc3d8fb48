/* The fetch shader of a vertex-elements state (docs/r600-hardware-notes.md §3.5): called by CALL_FS
 * at the start of every VS, it loads vertex element i into GPR i+1 and RETurns.
 *
 *   [ALU clause: GPR i+1.w = MULHI_UINT(instance id, 2^32 / divisor + 1) per element with an
 *    instance divisor > 1]
 *   VTX clauses of at most 8 (R6xx) / 16 (R7xx) FETCHes: BUFFER_ID 160 + vertex buffer,
 *   source GPR0.x (vertex id), GPR0.w (instance id, divisor 1) or GPR i+1.w (divided),
 *   format fields from the element format (USE_CONST_FIELDS = 0)
 *   RETURN */
#include <stdlib.h>
#include <string.h>

#include "r600_isa.h"
#include "r600_shader.h"

#define FETCH_BUFFER_BASE 160u   /* VS/FS-relative resource of vertex buffer 0 */
#define MAX_VERTEX_BUFFERS 16u   /* FS resources 160..175 */

/* DATA_FORMAT codes (docs/r600-hardware-notes.md §1.6). */
enum data_format {
   FMT_8 = 1, FMT_16 = 5, FMT_16_FLOAT = 6, FMT_8_8 = 7, FMT_32 = 13, FMT_32_FLOAT = 14,
   FMT_16_16 = 15, FMT_16_16_FLOAT = 16, FMT_8_8_8_8 = 26, FMT_32_32 = 29, FMT_32_32_FLOAT = 30,
   FMT_16_16_16_16 = 31, FMT_16_16_16_16_FLOAT = 32, FMT_32_32_32_32 = 34,
   FMT_32_32_32_32_FLOAT = 35, FMT_8_8_8 = 44, FMT_16_16_16 = 45, FMT_16_16_16_FLOAT = 46,
   FMT_32_32_32 = 47, FMT_32_32_32_FLOAT = 48,
};

struct vertex_format {
   uint8_t data_format;   /* 0 = not a vertex format */
   uint8_t components;
   uint8_t num_format;    /* enum r600_num_format */
   bool is_signed;
   bool bgra;             /* memory order B, G, R, A */
};

#define NORM R600_NUM_FORMAT_NORM
#define INT R600_NUM_FORMAT_INT
#define SCALED R600_NUM_FORMAT_SCALED

static const struct vertex_format formats[PIPE_FORMAT_COUNT] = {
   [PIPE_FORMAT_R32_FLOAT] = {FMT_32_FLOAT, 1, NORM, false, false},
   [PIPE_FORMAT_R32G32_FLOAT] = {FMT_32_32_FLOAT, 2, NORM, false, false},
   [PIPE_FORMAT_R32G32B32_FLOAT] = {FMT_32_32_32_FLOAT, 3, NORM, false, false},
   [PIPE_FORMAT_R32G32B32A32_FLOAT] = {FMT_32_32_32_32_FLOAT, 4, NORM, false, false},
   [PIPE_FORMAT_R8_UNORM] = {FMT_8, 1, NORM, false, false},
   [PIPE_FORMAT_R8G8_UNORM] = {FMT_8_8, 2, NORM, false, false},
   [PIPE_FORMAT_R8G8B8_UNORM] = {FMT_8_8_8, 3, NORM, false, false},
   [PIPE_FORMAT_R8G8B8A8_UNORM] = {FMT_8_8_8_8, 4, NORM, false, false},
   [PIPE_FORMAT_R8G8B8X8_UNORM] = {FMT_8_8_8_8, 3, NORM, false, false},
   [PIPE_FORMAT_B8G8R8A8_UNORM] = {FMT_8_8_8_8, 4, NORM, false, true},
   [PIPE_FORMAT_R8_SNORM] = {FMT_8, 1, NORM, true, false},
   [PIPE_FORMAT_R8G8_SNORM] = {FMT_8_8, 2, NORM, true, false},
   [PIPE_FORMAT_R8G8B8_SNORM] = {FMT_8_8_8, 3, NORM, true, false},
   [PIPE_FORMAT_R8G8B8A8_SNORM] = {FMT_8_8_8_8, 4, NORM, true, false},
   [PIPE_FORMAT_R8_USCALED] = {FMT_8, 1, SCALED, false, false},
   [PIPE_FORMAT_R8G8_USCALED] = {FMT_8_8, 2, SCALED, false, false},
   [PIPE_FORMAT_R8G8B8_USCALED] = {FMT_8_8_8, 3, SCALED, false, false},
   [PIPE_FORMAT_R8G8B8A8_USCALED] = {FMT_8_8_8_8, 4, SCALED, false, false},
   [PIPE_FORMAT_R8_SSCALED] = {FMT_8, 1, SCALED, true, false},
   [PIPE_FORMAT_R8G8_SSCALED] = {FMT_8_8, 2, SCALED, true, false},
   [PIPE_FORMAT_R8G8B8_SSCALED] = {FMT_8_8_8, 3, SCALED, true, false},
   [PIPE_FORMAT_R8G8B8A8_SSCALED] = {FMT_8_8_8_8, 4, SCALED, true, false},
   [PIPE_FORMAT_R16_UNORM] = {FMT_16, 1, NORM, false, false},
   [PIPE_FORMAT_R16G16_UNORM] = {FMT_16_16, 2, NORM, false, false},
   [PIPE_FORMAT_R16G16B16_UNORM] = {FMT_16_16_16, 3, NORM, false, false},
   [PIPE_FORMAT_R16G16B16A16_UNORM] = {FMT_16_16_16_16, 4, NORM, false, false},
   [PIPE_FORMAT_R16_SNORM] = {FMT_16, 1, NORM, true, false},
   [PIPE_FORMAT_R16G16_SNORM] = {FMT_16_16, 2, NORM, true, false},
   [PIPE_FORMAT_R16G16B16_SNORM] = {FMT_16_16_16, 3, NORM, true, false},
   [PIPE_FORMAT_R16G16B16A16_SNORM] = {FMT_16_16_16_16, 4, NORM, true, false},
   [PIPE_FORMAT_R16_USCALED] = {FMT_16, 1, SCALED, false, false},
   [PIPE_FORMAT_R16G16_USCALED] = {FMT_16_16, 2, SCALED, false, false},
   [PIPE_FORMAT_R16G16B16_USCALED] = {FMT_16_16_16, 3, SCALED, false, false},
   [PIPE_FORMAT_R16G16B16A16_USCALED] = {FMT_16_16_16_16, 4, SCALED, false, false},
   [PIPE_FORMAT_R16_SSCALED] = {FMT_16, 1, SCALED, true, false},
   [PIPE_FORMAT_R16G16_SSCALED] = {FMT_16_16, 2, SCALED, true, false},
   [PIPE_FORMAT_R16G16B16_SSCALED] = {FMT_16_16_16, 3, SCALED, true, false},
   [PIPE_FORMAT_R16G16B16A16_SSCALED] = {FMT_16_16_16_16, 4, SCALED, true, false},
   [PIPE_FORMAT_R16_FLOAT] = {FMT_16_FLOAT, 1, NORM, false, false},
   [PIPE_FORMAT_R16G16_FLOAT] = {FMT_16_16_FLOAT, 2, NORM, false, false},
   [PIPE_FORMAT_R16G16B16_FLOAT] = {FMT_16_16_16_FLOAT, 3, NORM, false, false},
   [PIPE_FORMAT_R16G16B16A16_FLOAT] = {FMT_16_16_16_16_FLOAT, 4, NORM, false, false},
   [PIPE_FORMAT_R32_UINT] = {FMT_32, 1, INT, false, false},
   [PIPE_FORMAT_R32G32_UINT] = {FMT_32_32, 2, INT, false, false},
   [PIPE_FORMAT_R32G32B32_UINT] = {FMT_32_32_32, 3, INT, false, false},
   [PIPE_FORMAT_R32G32B32A32_UINT] = {FMT_32_32_32_32, 4, INT, false, false},
   [PIPE_FORMAT_R32_SINT] = {FMT_32, 1, INT, true, false},
   [PIPE_FORMAT_R32G32_SINT] = {FMT_32_32, 2, INT, true, false},
   [PIPE_FORMAT_R32G32B32_SINT] = {FMT_32_32_32, 3, INT, true, false},
   [PIPE_FORMAT_R32G32B32A32_SINT] = {FMT_32_32_32_32, 4, INT, true, false},
};

static void fetch_fields(const struct pipe_vertex_element *e, unsigned i,
                         const struct vertex_format *vf, struct r600_vtx_fields *f)
{
   memset(f, 0, sizeof(*f));
   f->instance_data = e->instance_divisor != 0;
   f->buffer_id = (uint8_t)(FETCH_BUFFER_BASE + e->vertex_buffer_index);
   f->src_gpr = e->instance_divisor > 1 ? (uint8_t)(i + 1) : 0;
   f->src_chan = e->instance_divisor ? 3 : 0;
   f->mega_fetch_count = (uint8_t)(pipe_format_size(e->src_format) - 1);
   f->dst_gpr = (uint8_t)(i + 1);
   for (unsigned c = 0; c < 4; c++) {
      if (c < vf->components)
         f->dst_sel[c] = (uint8_t)(vf->bgra && c < 3 ? 2 - c : c);
      else
         f->dst_sel[c] = c == 3 ? R600_SEL_1 : R600_SEL_0;   /* missing: (0, 0, 0, 1) */
   }
   f->data_format = vf->data_format;
   f->num_format = vf->num_format;
   f->format_signed = vf->is_signed;
   /* GLES 2.0 signed normalized: (2c + 1) / (2^b - 1), the representation without zero */
   f->srf_no_zero = vf->is_signed && vf->num_format == R600_NUM_FORMAT_NORM;
   f->offset = (uint16_t)e->src_offset;
}

bool r600_build_fetch_shader(const struct pipe_vertex_element *elems, unsigned count,
                             enum hw_chip chip, struct r600_shader_binary *out)
{
   memset(out, 0, sizeof(*out));
   if (count > 32 || (count && !elems))
      return false;
   unsigned divided = 0;
   for (unsigned i = 0; i < count; i++) {
      const struct pipe_vertex_element *e = &elems[i];
      if ((unsigned)e->src_format >= PIPE_FORMAT_COUNT || !formats[e->src_format].data_format ||
          e->vertex_buffer_index >= MAX_VERTEX_BUFFERS || e->src_offset > 0xFFFF)
         return false;
      divided += e->instance_divisor > 1;
   }

   unsigned per_clause = r600_max_fetch_clause(chip);
   unsigned vtx_clauses = (count + per_clause - 1) / per_clause;
   unsigned num_cf = (divided ? 1 : 0) + vtx_clauses + 1;
   /* one group per division: the trans instruction plus its literal pair */
   unsigned alu_slots = divided * 2;
   unsigned alu_addr = num_cf;
   unsigned vtx_addr = (alu_addr + alu_slots + 1) & ~1u;   /* 16-byte aligned */
   unsigned ndw = (vtx_addr + 2 * count) * 2;
   if (ndw < num_cf * 2)
      ndw = num_cf * 2;
   uint32_t *code = calloc(ndw, sizeof(*code));
   if (!code)
      return false;

   unsigned cf = 0;
   if (divided) {
      struct r600_cf_alu_fields f = {.op = R600_CF_ALU, .addr = alu_addr, .count = alu_slots,
                                     .barrier = true};
      r600_encode_cf_alu(chip, &f, code + 2 * cf++);
      uint32_t *w = code + 2 * alu_addr;
      for (unsigned i = 0; i < count; i++) {
         unsigned d = elems[i].instance_divisor;
         if (d <= 1)
            continue;
         /* SCL_210 reads the GPR operand in cycle 2, after the literal */
         struct r600_alu_fields a = {
            .op = R600_ALU_MULHI_UINT, .src_sel = {0, (uint16_t)r600_literal_sel(), 0},
            .src_chan = {3, 0, 0}, .dst_gpr = (uint8_t)(i + 1), .dst_chan = 3, .write = true,
            .last = true,
         };
         r600_encode_alu(chip, &a, w);
         w[2] = (uint32_t)((1ull << 32) / d + 1);
         w[3] = 0;
         w += 4;
      }
   }
   for (unsigned k = 0; k < vtx_clauses; k++) {
      unsigned first = k * per_clause;
      unsigned n = count - first < per_clause ? count - first : per_clause;
      struct r600_cf_fields f = {.op = R600_CF_VTX, .addr = vtx_addr + 2 * first, .count = n,
                                 .barrier = true};
      r600_encode_cf(chip, &f, code + 2 * cf++);
      for (unsigned i = first; i < first + n; i++) {
         struct r600_vtx_fields v;
         fetch_fields(&elems[i], i, &formats[elems[i].src_format], &v);
         r600_encode_vtx(chip, &v, code + 2 * (vtx_addr + 2 * i));
      }
   }
   struct r600_cf_fields ret = {.op = R600_CF_RETURN, .barrier = true};
   r600_encode_cf(chip, &ret, code + 2 * cf);

   out->code = code;
   out->ndw = ndw;
   out->num_gprs = count + 1;
   return true;
}
