/* R6xx/R7xx shader binary -> struct sim_program, with validation: the CF list and exports
 * here, ALU clauses in isa_decode_alu.c, VTX / TEX clauses in isa_decode_fetch.c. Field
 * layouts and enum values come only from the generated r600_regs.h (R6_ / R7_ microcode
 * word macros), opcodes and their properties from the generated instruction table
 * (hw/hw_isa.h); anything illegal is reported, never guessed.
 *
 * CF instructions every chip opcode maps to (cf_exec.c has their semantics); rejected as
 * documented decode faults:
 * - EMIT_VERTEX, EMIT_CUT_VERTEX, CUT_VERTEX: geometry-shader instructions, and the
 *   simulator has no GS stage;
 * - MEM_STREAM0..3, MEM_REDUCTION, MEM_RING, MEM_EXPORT (R7xx): memory exports to
 *   streamout, reduction and ring buffers, which the simulator does not model, and
 *   MEM_SCRATCH with an indexed TYPE (WRITE_IND, READ_IND);
 * - a COND other than ACTIVE where the table requires ACTIVE (TEX, VTX, VTX_TC, KILL),
 *   both WHOLE_QUAD_MODE and VALID_PIXEL_MODE set ("set at most one"), export TYPE 3,
 *   out-of-range ARRAY_BASE / GPRs, jump or call targets outside the program, CALL_FS
 *   outside a vertex shader, fetch clauses not 16-byte aligned.
 * USES_WATERFALL (R6xx CF_ALU) only tells the hardware how to schedule constant reads and
 * is ignored. PIXEL exports to ARRAY_BASE 16..23 ("framebuffer, with fog") are colour
 * exports 0..7: there is no fog stage in the simulated pipeline. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sq/isa_decode.h"
#include "sq/isa_decode_alu.h"
#include "sq/isa_decode_fetch.h"
#include "sq/isa_decoder.h"
#include "hw_scratch.h"

#define POS_FIRST 60
#define POS_END 64
#define PARAMS 32
#define PIXELS 8
#define PIXEL_FOG_FIRST 16
#define PIXEL_DEPTH 61

#define EXPM(n, t) { R6_SQ_CF_ALLOC_EXPORT_WORD0__TYPE__SQ_EXPORT_##n, \
                     R7_SQ_CF_ALLOC_EXPORT_WORD0__TYPE__SQ_EXPORT_##n, t }
static const struct code_map export_type_map[] = {
   EXPM(PIXEL, SIM_EXPORT_PIXEL), EXPM(POS, SIM_EXPORT_POS), EXPM(PARAM, SIM_EXPORT_PARAM),
};

#define SELM(n, s) { R6_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_X__SQ_SEL_##n, \
                     R7_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_X__SQ_SEL_##n, s }
static const struct code_map export_sel_map[] = {
   SELM(X, SIM_SEL_X), SELM(Y, SIM_SEL_Y), SELM(Z, SIM_SEL_Z), SELM(W, SIM_SEL_W),
   SELM(0, SIM_SEL_0), SELM(1, SIM_SEL_1), SELM(MASK, SIM_SEL_MASK),
};

#define CONDM(n, c) { R6_SQ_CF_WORD1__COND__SQ_CF_COND_##n, R7_SQ_CF_WORD1__COND__SQ_CF_COND_##n, c }
static const struct code_map cond_map[] = {
   CONDM(ACTIVE, SIM_COND_ACTIVE), CONDM(FALSE, SIM_COND_FALSE),
   CONDM(BOOL, SIM_COND_BOOL), CONDM(NOT_BOOL, SIM_COND_NOT_BOOL),
};

/* Plain CF op id -> enum sim_cf_op; 0xFF: a decode fault. */
static const struct { uint16_t id; uint8_t op; } cf_ops[] = {
   { HW_ISA_CF_NOP, SIM_CF_NOP }, { HW_ISA_CF_WAIT_ACK, SIM_CF_NOP },
   { HW_ISA_CF_END_PROGRAM, SIM_CF_NOP },
   { HW_ISA_CF_TEX, SIM_CF_TEX }, { HW_ISA_CF_TEX_ACK, SIM_CF_TEX },
   { HW_ISA_CF_VTX, SIM_CF_VTX }, { HW_ISA_CF_VTX_TC, SIM_CF_VTX },
   { HW_ISA_CF_VTX_ACK, SIM_CF_VTX }, { HW_ISA_CF_VTX_TC_ACK, SIM_CF_VTX },
   { HW_ISA_CF_LOOP_START, SIM_CF_LOOP_START }, { HW_ISA_CF_LOOP_END, SIM_CF_LOOP_END },
   { HW_ISA_CF_LOOP_START_DX10, SIM_CF_LOOP_START_DX10 },
   { HW_ISA_CF_LOOP_START_NO_AL, SIM_CF_LOOP_START_NO_AL },
   { HW_ISA_CF_LOOP_CONTINUE, SIM_CF_LOOP_CONTINUE }, { HW_ISA_CF_LOOP_BREAK, SIM_CF_LOOP_BREAK },
   { HW_ISA_CF_JUMP, SIM_CF_JUMP }, { HW_ISA_CF_PUSH, SIM_CF_PUSH },
   { HW_ISA_CF_PUSH_ELSE, SIM_CF_PUSH_ELSE }, { HW_ISA_CF_ELSE, SIM_CF_ELSE },
   { HW_ISA_CF_POP, SIM_CF_POP }, { HW_ISA_CF_POP_JUMP, SIM_CF_POP_JUMP },
   { HW_ISA_CF_POP_PUSH, SIM_CF_POP_PUSH }, { HW_ISA_CF_POP_PUSH_ELSE, SIM_CF_POP_PUSH_ELSE },
   { HW_ISA_CF_CALL, SIM_CF_CALL }, { HW_ISA_CF_CALL_FS, SIM_CF_CALL_FS },
   { HW_ISA_CF_RETURN, SIM_CF_RETURN }, { HW_ISA_CF_KILL, SIM_CF_KILL },
   { HW_ISA_CF_EMIT_VERTEX, 0xFF }, { HW_ISA_CF_EMIT_CUT_VERTEX, 0xFF },
   { HW_ISA_CF_CUT_VERTEX, 0xFF },
};

static const struct { uint16_t id; uint8_t kind; } alu_kinds[] = {
   { HW_ISA_CF_ALU, SIM_ALU_PLAIN }, { HW_ISA_CF_ALU_PUSH_BEFORE, SIM_ALU_PUSH_BEFORE },
   { HW_ISA_CF_ALU_POP_AFTER, SIM_ALU_POP_AFTER }, { HW_ISA_CF_ALU_POP2_AFTER, SIM_ALU_POP2_AFTER },
   { HW_ISA_CF_ALU_CONTINUE, SIM_ALU_CONTINUE }, { HW_ISA_CF_ALU_BREAK, SIM_ALU_BREAK },
   { HW_ISA_CF_ALU_ELSE_AFTER, SIM_ALU_ELSE_AFTER },
};

/* MEM_SCRATCH (hw_scratch.h): WRITE or READ of BURST_COUNT + 1 elements. */
static bool decode_scratch(struct decoder *d, struct sim_cf *cf, uint32_t w0, uint32_t w1)
{
   const bool r7 = d->r7;
   unsigned type = GET(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, w0);
   if (type != HW_MEM_EXPORT_WRITE && type != HW_MEM_EXPORT_READ)
      return dec_fail(d, "MEM_SCRATCH: indexed scratch access (TYPE %u) is not modelled", type);
   cf->op = SIM_CF_SCRATCH;
   cf->scratch_read = type == HW_MEM_EXPORT_READ;
   cf->array_base = (uint16_t)GET(SQ_CF_ALLOC_EXPORT_WORD0, ARRAY_BASE, w0);
   cf->gpr = (uint8_t)GET(SQ_CF_ALLOC_EXPORT_WORD0, RW_GPR, w0);
   cf->rw_rel = GET(SQ_CF_ALLOC_EXPORT_WORD0, RW_REL, w0);
   cf->elem_dwords = (uint8_t)(GET(SQ_CF_ALLOC_EXPORT_WORD0, ELEM_SIZE, w0) + 1);
   cf->burst = (uint8_t)(GET(SQ_CF_ALLOC_EXPORT_WORD1, BURST_COUNT, w1) + 1);
   cf->valid_pixel = GET(SQ_CF_ALLOC_EXPORT_WORD1, VALID_PIXEL_MODE, w1);
   cf->whole_quad = GET(SQ_CF_ALLOC_EXPORT_WORD1, WHOLE_QUAD_MODE, w1);
   cf->comp_mask = (uint8_t)GET(SQ_CF_ALLOC_EXPORT_WORD1_BUF, COMP_MASK, w1);
   if (!cf->rw_rel && cf->gpr + cf->burst > SIM_MAX_GPRS)
      return dec_fail(d, "MEM_SCRATCH reaches past GPR %u", SIM_MAX_GPRS - 1);
   return true;
}

static bool decode_export(struct decoder *d, struct sim_cf *cf, uint32_t w0, uint32_t w1)
{
   const bool r7 = d->r7;
   const struct hw_isa_op *op = hw_isa_find(isa_chip(r7), HW_ISA_ENC_CF_ALLOC_EXPORT,
                                            GET(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, w1));
   unsigned id = hw_isa_id_of(op);
   if (id == HW_ISA_CF_MEM_SCRATCH)
      return decode_scratch(d, cf, w0, w1);
   if (id != HW_ISA_CF_EXPORT && id != HW_ISA_CF_EXPORT_DONE)
      return dec_fail(d, "%s: memory exports (streamout, scratch, reduction, ring buffers) "
                      "are not modelled", op->name);
   int i = MAP_FIND(export_type_map, GET(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, w0));
   if (i < 0)
      return dec_fail(d, "illegal export TYPE");
   cf->op = SIM_CF_EXPORT;
   cf->exp_type = export_type_map[i].code;
   cf->array_base = (uint16_t)GET(SQ_CF_ALLOC_EXPORT_WORD0, ARRAY_BASE, w0);
   cf->gpr = (uint8_t)GET(SQ_CF_ALLOC_EXPORT_WORD0, RW_GPR, w0);
   cf->rw_rel = GET(SQ_CF_ALLOC_EXPORT_WORD0, RW_REL, w0);
   cf->burst = (uint8_t)(GET(SQ_CF_ALLOC_EXPORT_WORD1, BURST_COUNT, w1) + 1);
   cf->valid_pixel = GET(SQ_CF_ALLOC_EXPORT_WORD1, VALID_PIXEL_MODE, w1);
   cf->whole_quad = GET(SQ_CF_ALLOC_EXPORT_WORD1, WHOLE_QUAD_MODE, w1);
   uint32_t sels[4] = { GET(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, w1),
                        GET(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Y, w1),
                        GET(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Z, w1),
                        GET(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_W, w1) };
   for (unsigned c = 0; c < 4; c++) {
      i = MAP_FIND(export_sel_map, sels[c]);
      if (i < 0)
         return dec_fail(d, "reserved export swizzle");
      cf->sel[c] = export_sel_map[i].code;
   }
   if (cf->exp_type == SIM_EXPORT_PIXEL && cf->array_base >= PIXEL_FOG_FIRST &&
       cf->array_base + cf->burst <= PIXEL_FOG_FIRST + PIXELS)
      cf->array_base -= PIXEL_FOG_FIRST;
   unsigned base = cf->array_base, end = base + cf->burst;
   bool ok;
   switch (cf->exp_type) {
   case SIM_EXPORT_POS: ok = base >= POS_FIRST && end <= POS_END; break;
   case SIM_EXPORT_PARAM: ok = end <= PARAMS; break;
   default: ok = end <= PIXELS || (base == PIXEL_DEPTH && cf->burst == 1); break;
   }
   if (!ok)
      return dec_fail(d, "export ARRAY_BASE %u, burst %u out of range for its type", base, cf->burst);
   if (!cf->rw_rel && cf->gpr + cf->burst > SIM_MAX_GPRS)
      return dec_fail(d, "export reads past GPR %u", SIM_MAX_GPRS - 1);
   return true;
}

static bool decode_cf_alu(struct decoder *d, struct sim_cf *cf, uint32_t w0, uint32_t w1,
                          const uint32_t *c, unsigned ndw)
{
   const bool r7 = d->r7;
   const struct hw_isa_op *op = hw_isa_find(isa_chip(r7), HW_ISA_ENC_CF_ALU, GET(SQ_CF_ALU_WORD1, CF_INST, w1));
   size_t i;
   for (i = 0; op && i < sizeof(alu_kinds) / sizeof(alu_kinds[0]); i++)
      if (alu_kinds[i].id == hw_isa_id_of(op))
         break;
   if (!op || i == sizeof(alu_kinds) / sizeof(alu_kinds[0]))
      return dec_fail(d, "reserved CF_ALU instruction %u", GET(SQ_CF_ALU_WORD1, CF_INST, w1));
   cf->op = SIM_CF_ALU;
   cf->alu_kind = alu_kinds[i].kind;
   cf->whole_quad = GET(SQ_CF_ALU_WORD1, WHOLE_QUAD_MODE, w1);
   cf->alt_const = r7 && R7_SQ_CF_ALU_WORD1__ALT_CONST__get(w1);
   cf->kc_mode[0] = (uint8_t)GET(SQ_CF_ALU_WORD0, KCACHE_MODE0, w0);
   cf->kc_mode[1] = (uint8_t)GET(SQ_CF_ALU_WORD1, KCACHE_MODE1, w1);
   cf->kc_bank[0] = (uint8_t)GET(SQ_CF_ALU_WORD0, KCACHE_BANK0, w0);
   cf->kc_bank[1] = (uint8_t)GET(SQ_CF_ALU_WORD0, KCACHE_BANK1, w0);
   cf->kc_line[0] = (uint16_t)GET(SQ_CF_ALU_WORD1, KCACHE_ADDR0, w1);
   cf->kc_line[1] = (uint16_t)GET(SQ_CF_ALU_WORD1, KCACHE_ADDR1, w1);
   return dec_alu_clause(d, cf, c, ndw / 2);
}

static bool decode_cf(struct decoder *d, struct sim_cf *cf, uint32_t w0, uint32_t w1,
                      const uint32_t **clause, const uint32_t *end)
{
   const bool r7 = d->r7;
   struct sim_program *p = d->p;
   memset(cf, 0, sizeof(*cf));
   uint32_t addr = 0;
   unsigned ndw = clause_dwords(r7, w0, w1, &addr);
   const uint32_t *c = *clause;
   if (c + ndw > end)
      return dec_fail(d, "program image truncated");
   *clause += ndw;

   switch (cf_format(r7, w1)) {
   case CF_ALU:
      return decode_cf_alu(d, cf, w0, w1, c, ndw);
   case CF_EXPORT:
      cf->eop = GET(SQ_CF_ALLOC_EXPORT_WORD1, END_OF_PROGRAM, w1);
      if (!decode_export(d, cf, w0, w1))
         return false;
      break;
   default: {
      unsigned id = cf_plain_id(r7, w1);
      size_t i;
      for (i = 0; i < sizeof(cf_ops) / sizeof(cf_ops[0]); i++)
         if (cf_ops[i].id == id)
            break;
      if (i == sizeof(cf_ops) / sizeof(cf_ops[0]))
         return dec_fail(d, "reserved CF instruction %u", GET(SQ_CF_WORD1, CF_INST, w1));
      const struct hw_isa_op *op = hw_isa_op(isa_chip(r7), id);
      if (cf_ops[i].op == 0xFF)
         return dec_fail(d, "%s is a geometry-shader instruction (the simulator has no GS stage)",
                         op->name);
      cf->op = cf_ops[i].op;
      cf->eop = GET(SQ_CF_WORD1, END_OF_PROGRAM, w1) || id == HW_ISA_CF_END_PROGRAM;
      cf->pop_count = (uint8_t)GET(SQ_CF_WORD1, POP_COUNT, w1);
      cf->cf_const = (uint8_t)GET(SQ_CF_WORD1, CF_CONST, w1);
      cf->cond = cond_map[MAP_FIND(cond_map, GET(SQ_CF_WORD1, COND, w1))].code;
      cf->call_count = (uint8_t)GET(SQ_CF_WORD1, CALL_COUNT, w1);
      cf->valid_pixel = GET(SQ_CF_WORD1, VALID_PIXEL_MODE, w1);
      cf->whole_quad = GET(SQ_CF_WORD1, WHOLE_QUAD_MODE, w1);
      cf->addr = GET(SQ_CF_WORD0, ADDR, w0);
      if ((op->flags & HW_ISA_F_COND_ACTIVE) && cf->cond != SIM_COND_ACTIVE)
         return dec_fail(d, "%s with a COND other than ACTIVE", op->name);
      break;
   }
   }
   if (cf->whole_quad && cf->valid_pixel)
      return dec_fail(d, "both WHOLE_QUAD_MODE and VALID_PIXEL_MODE set");

   switch (cf->op) {
   case SIM_CF_VTX:
   case SIM_CF_TEX:
      if (cf->addr & 1)
         return dec_fail(d, "fetch clause at an address not 16-byte aligned");
      if (cf->op == SIM_CF_VTX)
         return dec_vtx_clause(d, cf, c, ndw / 4);
      return dec_tex_clause(d, cf, c, ndw / 4);
   case SIM_CF_JUMP: case SIM_CF_ELSE: case SIM_CF_POP: case SIM_CF_PUSH:
   case SIM_CF_PUSH_ELSE: case SIM_CF_POP_JUMP: case SIM_CF_POP_PUSH: case SIM_CF_POP_PUSH_ELSE:
   case SIM_CF_LOOP_START: case SIM_CF_LOOP_START_NO_AL: case SIM_CF_LOOP_START_DX10:
   case SIM_CF_LOOP_END: case SIM_CF_LOOP_BREAK: case SIM_CF_LOOP_CONTINUE: case SIM_CF_KILL:
      if (cf->addr < p->entry || cf->addr > p->ncf)
         return dec_fail(d, "jump target %u outside the program (CF %u..%u)", cf->addr, p->entry,
                         p->ncf);
      return true;
   case SIM_CF_CALL:
      if (cf->addr < p->entry || cf->addr >= p->ncf)
         return dec_fail(d, "CALL target %u outside the program (CF %u..%u)", cf->addr, p->entry,
                         p->ncf - 1);
      return true;
   case SIM_CF_CALL_FS:
      if (p->stage != SIM_STAGE_VS)
         return dec_fail(d, "CALL_FS outside a vertex shader");
      return true;
   default:
      return true;
   }
}

struct sim_program *sim_isa_decode(const struct sim_isa_image *img, char *err, size_t errlen)
{
   const uint32_t *dw = img->dw;
   if (img->ndw < SIM_IMAGE_HEADER || dw[0] != SIM_IMAGE_MAGIC) {
      snprintf(err, errlen, "not a program image");
      return NULL;
   }
   struct sim_program *p = calloc(1, sizeof(*p));
   struct decoder d = { .p = p, .err = err, .errlen = errlen };
   if (!p) {
      snprintf(err, errlen, "out of memory");
      return NULL;
   }
   p->chip = dw[1] == HW_CHIP_R7XX ? HW_CHIP_R7XX : HW_CHIP_R6XX;
   p->stage = (enum sim_stage)dw[2];
   p->entry = dw[3];
   p->dx10_clamp = dw[4] != 0;
   p->ncf = dw[5];
   d.r7 = p->chip == HW_CHIP_R7XX;
   size_t ncf_words = 2ull * (p->ncf - p->entry);
   if (p->ncf <= p->entry || p->ncf > SIM_MAX_CF || SIM_IMAGE_HEADER + ncf_words > img->ndw) {
      snprintf(err, errlen, "program image truncated");
      goto bad;
   }
   p->cf = calloc(p->ncf, sizeof(*p->cf));
   if (!p->cf) {
      snprintf(err, errlen, "out of memory");
      goto bad;
   }
   const uint32_t *cfw = dw + SIM_IMAGE_HEADER, *clause = cfw + ncf_words, *end = dw + img->ndw;
   for (unsigned pc = p->entry; pc < p->ncf; pc++) {
      d.pc = pc;
      const uint32_t *w = cfw + 2 * (pc - p->entry);
      if (!decode_cf(&d, &p->cf[pc], w[0], w[1], &clause, end))
         goto bad;
   }
   if (clause != end) {
      snprintf(err, errlen, "program image has trailing data");
      goto bad;
   }
   return p;
bad:
   sim_program_free(p);
   return NULL;
}

void sim_program_free(struct sim_program *p)
{
   if (!p)
      return;
   free(p->cf);
   free(p->groups);
   free(p->alu);
   free(p->vtx);
   free(p->tex);
   free(p->image);
   free(p);
}
