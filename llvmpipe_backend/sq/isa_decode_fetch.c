/* Decoding VTX and TEX clauses (128-bit fetch instructions; the 4th dword is unused).
 * TEX_INST VTX_FETCH / VTX_SEMANTIC in a TEX clause (a "constant fetch" clause) use the
 * vertex-fetch word layout, whose VTX_INST codes they share. */
#include <string.h>

#include "sq/isa_decode_fetch.h"
#include "sq/isa_decoder.h"

#define VSELM(n, s) { R6_SQ_VTX_WORD1__DST_SEL_X__SQ_SEL_##n, \
                      R7_SQ_VTX_WORD1__DST_SEL_X__SQ_SEL_##n, s }
static const struct code_map vtx_sel_map[] = {
   VSELM(X, SIM_SEL_X), VSELM(Y, SIM_SEL_Y), VSELM(Z, SIM_SEL_Z), VSELM(W, SIM_SEL_W),
   VSELM(0, SIM_SEL_0), VSELM(1, SIM_SEL_1), VSELM(MASK, SIM_SEL_MASK),
};

#define TSELM(n, s) { R6_SQ_TEX_WORD2__SRC_SEL_X__SQ_SEL_##n, R7_SQ_TEX_WORD2__SRC_SEL_X__SQ_SEL_##n, s }
static const struct code_map tex_src_sel_map[] = {
   TSELM(X, SIM_SEL_X), TSELM(Y, SIM_SEL_Y), TSELM(Z, SIM_SEL_Z), TSELM(W, SIM_SEL_W),
   TSELM(0, SIM_SEL_0), TSELM(1, SIM_SEL_1),
};

#define TDSELM(n, s) { R6_SQ_TEX_WORD1__DST_SEL_X__SQ_SEL_##n, R7_SQ_TEX_WORD1__DST_SEL_X__SQ_SEL_##n, s }
static const struct code_map tex_dst_sel_map[] = {
   TDSELM(X, SIM_SEL_X), TDSELM(Y, SIM_SEL_Y), TDSELM(Z, SIM_SEL_Z), TDSELM(W, SIM_SEL_W),
   TDSELM(0, SIM_SEL_0), TDSELM(1, SIM_SEL_1), TDSELM(MASK, SIM_SEL_MASK),
};

#define FTM(n, t) { R6_SQ_VTX_WORD0__FETCH_TYPE__SQ_VTX_FETCH_##n, R7_SQ_VTX_WORD0__FETCH_TYPE__SQ_VTX_FETCH_##n, t }
static const struct code_map fetch_type_map[] = {
   FTM(VERTEX_DATA, SIM_FETCH_VERTEX), FTM(INSTANCE_DATA, SIM_FETCH_INSTANCE), FTM(NO_INDEX_OFFSET, SIM_FETCH_NO_OFFSET),
};

#define NFM(n, f) { R6_SQ_VTX_WORD1__NUM_FORMAT_ALL__SQ_NUM_FORMAT_##n, R7_SQ_VTX_WORD1__NUM_FORMAT_ALL__SQ_NUM_FORMAT_##n, f }
static const struct code_map num_format_map[] = { NFM(NORM, SIM_NUM_NORM), NFM(INT, SIM_NUM_INT), NFM(SCALED, SIM_NUM_SCALED) };

#define ENM(n, e) { R6_SQ_VTX_WORD2__ENDIAN_SWAP__SQ_ENDIAN_##n, R7_SQ_VTX_WORD2__ENDIAN_SWAP__SQ_ENDIAN_##n, e }
static const struct code_map endian_map[] = { ENM(NONE, SIM_ENDIAN_NONE), ENM(8IN16, SIM_ENDIAN_8IN16), ENM(8IN32, SIM_ENDIAN_8IN32) };

/* TEX_INST id -> enum sim_tex_op (+ the compare forms). */
static const struct { uint16_t id; uint8_t op; bool compare; } tex_ops[] = {
   { HW_ISA_TEX_SAMPLE, SIM_TEX_SAMPLE, false }, { HW_ISA_TEX_SAMPLE_L, SIM_TEX_SAMPLE_L, false },
   { HW_ISA_TEX_SAMPLE_LB, SIM_TEX_SAMPLE_LB, false }, { HW_ISA_TEX_SAMPLE_LZ, SIM_TEX_SAMPLE_LZ, false },
   { HW_ISA_TEX_SAMPLE_G, SIM_TEX_SAMPLE_G, false }, { HW_ISA_TEX_SAMPLE_G_L, SIM_TEX_SAMPLE_G_L, false },
   { HW_ISA_TEX_SAMPLE_G_LB, SIM_TEX_SAMPLE_G_LB, false },
   { HW_ISA_TEX_SAMPLE_G_LZ, SIM_TEX_SAMPLE_G_LZ, false },
   { HW_ISA_TEX_SAMPLE_C, SIM_TEX_SAMPLE, true }, { HW_ISA_TEX_SAMPLE_C_L, SIM_TEX_SAMPLE_L, true },
   { HW_ISA_TEX_SAMPLE_C_LB, SIM_TEX_SAMPLE_LB, true }, { HW_ISA_TEX_SAMPLE_C_LZ, SIM_TEX_SAMPLE_LZ, true },
   { HW_ISA_TEX_SAMPLE_C_G, SIM_TEX_SAMPLE_G, true }, { HW_ISA_TEX_SAMPLE_C_G_L, SIM_TEX_SAMPLE_G_L, true },
   { HW_ISA_TEX_SAMPLE_C_G_LB, SIM_TEX_SAMPLE_G_LB, true },
   { HW_ISA_TEX_SAMPLE_C_G_LZ, SIM_TEX_SAMPLE_G_LZ, true },
   { HW_ISA_TEX_LD, SIM_TEX_LD, false }, { HW_ISA_TEX_GET_GRADIENTS_H, SIM_TEX_GET_GRADIENTS_H, false },
   { HW_ISA_TEX_GET_GRADIENTS_V, SIM_TEX_GET_GRADIENTS_V, false },
   { HW_ISA_TEX_GET_TEXTURE_RESINFO, SIM_TEX_GET_TEXTURE_RESINFO, false },
   { HW_ISA_TEX_GET_NUMBER_OF_SAMPLES, SIM_TEX_GET_NUMBER_OF_SAMPLES, false },
   { HW_ISA_TEX_GET_LOD, SIM_TEX_GET_LOD, false }, { HW_ISA_TEX_GET_LERP, SIM_TEX_GET_LERP, false },
   { HW_ISA_TEX_KEEP_GRADIENTS, SIM_TEX_KEEP_GRADIENTS, false },
   { HW_ISA_TEX_SET_GRADIENTS_H, SIM_TEX_SET_GRADIENTS_H, false },
   { HW_ISA_TEX_SET_GRADIENTS_V, SIM_TEX_SET_GRADIENTS_V, false },
   { HW_ISA_TEX_PASS, SIM_TEX_PASS, false },
   { HW_ISA_TEX_SET_CUBEMAP_INDEX, SIM_TEX_SET_CUBEMAP_INDEX, false },
   { HW_ISA_TEX_VTX_FETCH, SIM_TEX_VTX, false }, { HW_ISA_TEX_VTX_SEMANTIC, SIM_TEX_VTX, false },
};

/* One vertex-fetch instruction (VTX clause, or VTX_FETCH / VTX_SEMANTIC in a TEX clause). */
static bool dec_vtx_inst(struct decoder *d, unsigned k, const uint32_t *w, struct sim_vtx_inst *v)
{
   const bool r7 = d->r7;
   memset(v, 0, sizeof(*v));
   const struct hw_isa_op *op = hw_isa_find(isa_chip(r7), HW_ISA_ENC_VTX, GET(SQ_VTX_WORD0, VTX_INST, w[0]));
   if (!op)
      return dec_fail(d, "vertex fetch %u: reserved VTX_INST %u", k, GET(SQ_VTX_WORD0, VTX_INST, w[0]));
   v->semantic = hw_isa_id_of(op) == HW_ISA_VTX_SEMANTIC;
   int i = MAP_FIND(fetch_type_map, GET(SQ_VTX_WORD0, FETCH_TYPE, w[0]));
   if (i < 0)
      return dec_fail(d, "vertex fetch %u: reserved FETCH_TYPE", k);
   v->fetch_type = fetch_type_map[i].code;
   v->buffer_id = (uint8_t)GET(SQ_VTX_WORD0, BUFFER_ID, w[0]);
   v->src_gpr = (uint8_t)GET(SQ_VTX_WORD0, SRC_GPR, w[0]);
   v->src_rel = GET(SQ_VTX_WORD0, SRC_REL, w[0]);
   v->src_chan = (uint8_t)GET(SQ_VTX_WORD0, SRC_SEL_X, w[0]);
   v->whole_quad = GET(SQ_VTX_WORD0, FETCH_WHOLE_QUAD, w[0]);
   v->alt_const = r7 && R7_SQ_VTX_WORD2__ALT_CONST__get(w[2]);
   if (v->semantic) {
      v->semantic_id = (uint8_t)GET(SQ_VTX_WORD1_SEM, SEMANTIC_ID, w[1]);
   } else {
      v->dst_gpr = (uint8_t)GET(SQ_VTX_WORD1_GPR, DST_GPR, w[1]);
      v->dst_rel = GET(SQ_VTX_WORD1_GPR, DST_REL, w[1]);
   }
   uint32_t sels[4] = { GET(SQ_VTX_WORD1, DST_SEL_X, w[1]), GET(SQ_VTX_WORD1, DST_SEL_Y, w[1]),
                        GET(SQ_VTX_WORD1, DST_SEL_Z, w[1]), GET(SQ_VTX_WORD1, DST_SEL_W, w[1]) };
   for (unsigned c = 0; c < 4; c++) {
      i = MAP_FIND(vtx_sel_map, sels[c]);
      if (i < 0)
         return dec_fail(d, "vertex fetch %u: reserved DST_SEL", k);
      v->dst_sel[c] = vtx_sel_map[i].code;
   }
   v->use_const_fields = GET(SQ_VTX_WORD1, USE_CONST_FIELDS, w[1]);
   v->data_format = (uint8_t)GET(SQ_VTX_WORD1, DATA_FORMAT, w[1]);
   i = MAP_FIND(num_format_map, GET(SQ_VTX_WORD1, NUM_FORMAT_ALL, w[1]));
   if (i < 0 && !v->use_const_fields)
      return dec_fail(d, "vertex fetch %u: reserved NUM_FORMAT_ALL", k);
   v->num_format = i < 0 ? SIM_NUM_NORM : num_format_map[i].code;
   v->is_signed = GET(SQ_VTX_WORD1, FORMAT_COMP_ALL, w[1]) ==
                  EN(SQ_VTX_WORD1, FORMAT_COMP_ALL, SQ_FORMAT_COMP_SIGNED);
   v->srf_no_zero = GET(SQ_VTX_WORD1, SRF_MODE_ALL, w[1]) ==
                    EN(SQ_VTX_WORD1, SRF_MODE_ALL, SQ_SRF_MODE_NO_ZERO);
   i = MAP_FIND(endian_map, GET(SQ_VTX_WORD2, ENDIAN_SWAP, w[2]));
   if (i < 0 && !v->use_const_fields)
      return dec_fail(d, "vertex fetch %u: reserved ENDIAN_SWAP", k);
   v->endian = i < 0 ? SIM_ENDIAN_NONE : endian_map[i].code;
   v->no_stride = GET(SQ_VTX_WORD2, CONST_BUF_NO_STRIDE, w[2]);
   v->offset = (uint16_t)GET(SQ_VTX_WORD2, OFFSET, w[2]);
   return true;
}

static bool new_vtx(struct decoder *d, unsigned k, const uint32_t *w, uint32_t *index)
{
   struct sim_program *p = d->p;
   if (!dec_grow((void **)&p->vtx, &d->cap_vtx, p->nvtx + 1, sizeof(*p->vtx)))
      return dec_fail(d, "out of memory");
   *index = p->nvtx;
   if (!dec_vtx_inst(d, k, w, &p->vtx[p->nvtx]))
      return false;
   p->nvtx++;
   return true;
}

bool dec_vtx_clause(struct decoder *d, struct sim_cf *cf, const uint32_t *w, unsigned n)
{
   cf->first = d->p->nvtx;
   cf->count = n;
   for (unsigned k = 0; k < n; k++, w += 4) {
      uint32_t index;
      if (!new_vtx(d, k, w, &index))
         return false;
   }
   return true;
}

/* A signed field of `bits` bits as a number. */
static int sign_extend(uint32_t v, unsigned bits)
{
   return (v >> (bits - 1) & 1) ? (int)v - (1 << bits) : (int)v;
}

static bool dec_tex_inst(struct decoder *d, unsigned k, const uint32_t *w, struct sim_tex_inst *t)
{
   const bool r7 = d->r7;
   memset(t, 0, sizeof(*t));
   uint32_t hw = GET(SQ_TEX_WORD0, TEX_INST, w[0]);
   const struct hw_isa_op *op = hw_isa_find(isa_chip(r7), HW_ISA_ENC_TEX, hw);
   size_t i;
   for (i = 0; op && i < sizeof(tex_ops) / sizeof(tex_ops[0]); i++)
      if (tex_ops[i].id == hw_isa_id_of(op))
         break;
   if (!op || i == sizeof(tex_ops) / sizeof(tex_ops[0]))
      return dec_fail(d, "texture instruction %u: reserved TEX_INST %u", k, hw);
   t->op = tex_ops[i].op;
   t->compare = tex_ops[i].compare;
   if (t->op == SIM_TEX_VTX)
      return new_vtx(d, k, w, &t->vtx_index);
   t->resource_id = (uint8_t)GET(SQ_TEX_WORD0, RESOURCE_ID, w[0]);
   t->src_gpr = (uint8_t)GET(SQ_TEX_WORD0, SRC_GPR, w[0]);
   t->src_rel = GET(SQ_TEX_WORD0, SRC_REL, w[0]);
   t->whole_quad = GET(SQ_TEX_WORD0, FETCH_WHOLE_QUAD, w[0]);
   t->bc_frac = GET(SQ_TEX_WORD0, BC_FRAC_MODE, w[0]);
   t->alt_const = r7 && R7_SQ_TEX_WORD0__ALT_CONST__get(w[0]);
   t->dst_gpr = (uint8_t)GET(SQ_TEX_WORD1, DST_GPR, w[1]);
   t->dst_rel = GET(SQ_TEX_WORD1, DST_REL, w[1]);
   t->sampler_id = (uint8_t)GET(SQ_TEX_WORD2, SAMPLER_ID, w[2]);
   uint32_t ssel[4] = { GET(SQ_TEX_WORD2, SRC_SEL_X, w[2]), GET(SQ_TEX_WORD2, SRC_SEL_Y, w[2]),
                        GET(SQ_TEX_WORD2, SRC_SEL_Z, w[2]), GET(SQ_TEX_WORD2, SRC_SEL_W, w[2]) };
   uint32_t dsel[4] = { GET(SQ_TEX_WORD1, DST_SEL_X, w[1]), GET(SQ_TEX_WORD1, DST_SEL_Y, w[1]),
                        GET(SQ_TEX_WORD1, DST_SEL_Z, w[1]), GET(SQ_TEX_WORD1, DST_SEL_W, w[1]) };
   uint32_t ctype[4] = { GET(SQ_TEX_WORD1, COORD_TYPE_X, w[1]), GET(SQ_TEX_WORD1, COORD_TYPE_Y, w[1]),
                         GET(SQ_TEX_WORD1, COORD_TYPE_Z, w[1]), GET(SQ_TEX_WORD1, COORD_TYPE_W, w[1]) };
   for (unsigned c = 0; c < 4; c++) {
      int a = MAP_FIND(tex_src_sel_map, ssel[c]), b = MAP_FIND(tex_dst_sel_map, dsel[c]);
      if (a < 0 || b < 0)
         return dec_fail(d, "texture instruction %u: reserved swizzle", k);
      t->src_sel[c] = tex_src_sel_map[a].code;
      t->dst_sel[c] = tex_dst_sel_map[b].code;
      t->normalized[c] = ctype[c] == EN(SQ_TEX_WORD1, COORD_TYPE_X, SQ_TEX_NORMALIZED);
   }
   /* LOD_BIAS is signed 3.4 fixed point, OFFSET_X..Z signed 3.1 texels (register reference) */
   t->lod_bias = (float)sign_extend(GET(SQ_TEX_WORD1, LOD_BIAS, w[1]), WIDTH(SQ_TEX_WORD1, LOD_BIAS)) / 16.0f;
   t->offset[0] = (float)sign_extend(GET(SQ_TEX_WORD2, OFFSET_X, w[2]), WIDTH(SQ_TEX_WORD2, OFFSET_X)) / 2.0f;
   t->offset[1] = (float)sign_extend(GET(SQ_TEX_WORD2, OFFSET_Y, w[2]), WIDTH(SQ_TEX_WORD2, OFFSET_Y)) / 2.0f;
   t->offset[2] = (float)sign_extend(GET(SQ_TEX_WORD2, OFFSET_Z, w[2]), WIDTH(SQ_TEX_WORD2, OFFSET_Z)) / 2.0f;
   return true;
}

bool dec_tex_clause(struct decoder *d, struct sim_cf *cf, const uint32_t *w, unsigned n)
{
   struct sim_program *p = d->p;
   if (!dec_grow((void **)&p->tex, &d->cap_tex, p->ntex + n, sizeof(*p->tex)))
      return dec_fail(d, "out of memory");
   cf->first = p->ntex;
   cf->count = n;
   for (unsigned k = 0; k < n; k++, w += 4) {
      if (!dec_tex_inst(d, k, w, &p->tex[p->ntex]))
         return false;
      p->ntex++;
   }
   return true;
}
