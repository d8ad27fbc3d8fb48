/* R6xx/R7xx shader binary -> struct sim_program, with validation. Field layouts and enum
 * values come only from the generated r600_regs.h (R6_ / R7_ microcode word macros), ALU
 * opcodes and their properties from the generated instruction table (hw/hw_isa.h); anything
 * illegal or not implemented is reported, never guessed. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_memory.h"
#include "isa_program.h"
#include "r600_regs.h"

/* Field of a microcode word for the chip being decoded (`r7` in scope). */
#define GET(word, field, dw) \
   (r7 ? R7_##word##__##field##__get(dw) : R6_##word##__##field##__get(dw))
/* Width in bits of a microcode field for that chip. */
#define WIDTH(word, field) \
   (r7 ? __builtin_popcount(R7_##word##__##field##__mask) : __builtin_popcount(R6_##word##__##field##__mask))
/* Enumerated value of a microcode field for that chip. */
#define EN(word, field, val) (r7 ? R7_##word##__##field##__##val : R6_##word##__##field##__##val)

#define SIM_IMAGE_MAGIC 0x52364953u   /* "SI6R": layout version of struct sim_isa_image */
#define SIM_IMAGE_HEADER 6            /* magic, chip, stage, entry, dx10_clamp, ncf */

/* ---- opcode tables (hardware number per chip -> chip-independent code) ---------------- */

struct code_map {
   uint16_t r6, r7;
   uint8_t code, arg;
};

static int map_lookup(const struct code_map *m, size_t n, bool r7, uint32_t hw)
{
   for (size_t i = 0; i < n; i++)
      if ((r7 ? m[i].r7 : m[i].r6) == hw)
         return (int)i;
   return -1;
}
#define MAP_FIND(m, hw) map_lookup(m, sizeof(m) / sizeof(m[0]), r7, hw)

/* MULADD(_IEEE)_M2/_M4/_D2 execute as MULADD(_IEEE) with that output modifier. */
static const struct { uint16_t id, base; uint8_t omod; } omod_forms[] = {
   { HW_ISA_OP3_MULADD_M2, HW_ISA_OP3_MULADD, SIM_OMOD_M2 },
   { HW_ISA_OP3_MULADD_M4, HW_ISA_OP3_MULADD, SIM_OMOD_M4 },
   { HW_ISA_OP3_MULADD_D2, HW_ISA_OP3_MULADD, SIM_OMOD_D2 },
   { HW_ISA_OP3_MULADD_IEEE_M2, HW_ISA_OP3_MULADD_IEEE, SIM_OMOD_M2 },
   { HW_ISA_OP3_MULADD_IEEE_M4, HW_ISA_OP3_MULADD_IEEE, SIM_OMOD_M4 },
   { HW_ISA_OP3_MULADD_IEEE_D2, HW_ISA_OP3_MULADD_IEEE, SIM_OMOD_D2 },
};

#define CFM(n, op) { R6_SQ_CF_WORD1__CF_INST__SQ_CF_INST_##n, \
                     R7_SQ_CF_WORD1__CF_INST__SQ_CF_INST_##n, op, 0 }
static const struct code_map cf_map[] = {
   CFM(NOP, SIM_CF_NOP), CFM(TEX, SIM_CF_TEX), CFM(VTX, SIM_CF_VTX), CFM(VTX_TC, SIM_CF_VTX),
   CFM(LOOP_START, SIM_CF_LOOP_START), CFM(LOOP_END, SIM_CF_LOOP_END),
   CFM(LOOP_START_DX10, SIM_CF_LOOP_START_DX10), CFM(LOOP_START_NO_AL, SIM_CF_LOOP_START_NO_AL),
   CFM(LOOP_CONTINUE, SIM_CF_LOOP_CONTINUE), CFM(LOOP_BREAK, SIM_CF_LOOP_BREAK),
   CFM(JUMP, SIM_CF_JUMP), CFM(ELSE, SIM_CF_ELSE), CFM(POP, SIM_CF_POP),
   CFM(CALL_FS, SIM_CF_CALL_FS), CFM(RETURN, SIM_CF_RETURN),
};

#define ALUM(n, kind) { R6_SQ_CF_ALU_WORD1__CF_INST__SQ_CF_INST_##n, \
                        R7_SQ_CF_ALU_WORD1__CF_INST__SQ_CF_INST_##n, kind, 0 }
static const struct code_map alu_cf_map[] = {
   ALUM(ALU, SIM_ALU_PLAIN), ALUM(ALU_PUSH_BEFORE, SIM_ALU_PUSH_BEFORE),
   ALUM(ALU_POP_AFTER, SIM_ALU_POP_AFTER), ALUM(ALU_POP2_AFTER, SIM_ALU_POP2_AFTER),
   ALUM(ALU_CONTINUE, SIM_ALU_CONTINUE), ALUM(ALU_BREAK, SIM_ALU_BREAK),
   ALUM(ALU_ELSE_AFTER, SIM_ALU_ELSE_AFTER),
};

#define EXPM(n, t) { R6_SQ_CF_ALLOC_EXPORT_WORD0__TYPE__SQ_EXPORT_##n, \
                     R7_SQ_CF_ALLOC_EXPORT_WORD0__TYPE__SQ_EXPORT_##n, t, 0 }
static const struct code_map export_type_map[] = {
   EXPM(PIXEL, SIM_EXPORT_PIXEL), EXPM(POS, SIM_EXPORT_POS), EXPM(PARAM, SIM_EXPORT_PARAM),
};

#define SELM(n, s) { R6_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_X__SQ_SEL_##n, \
                     R7_SQ_CF_ALLOC_EXPORT_WORD1_SWIZ__SEL_X__SQ_SEL_##n, s, 0 }
static const struct code_map export_sel_map[] = {
   SELM(X, SIM_SEL_X), SELM(Y, SIM_SEL_Y), SELM(Z, SIM_SEL_Z), SELM(W, SIM_SEL_W),
   SELM(0, SIM_SEL_0), SELM(1, SIM_SEL_1), SELM(MASK, SIM_SEL_MASK),
};

#define VSELM(n, s) { R6_SQ_VTX_WORD1__DST_SEL_X__SQ_SEL_##n, \
                      R7_SQ_VTX_WORD1__DST_SEL_X__SQ_SEL_##n, s, 0 }
static const struct code_map vtx_sel_map[] = {
   VSELM(X, SIM_SEL_X), VSELM(Y, SIM_SEL_Y), VSELM(Z, SIM_SEL_Z), VSELM(W, SIM_SEL_W),
   VSELM(0, SIM_SEL_0), VSELM(1, SIM_SEL_1), VSELM(MASK, SIM_SEL_MASK),
};

#define TSELM(n, s) { R6_SQ_TEX_WORD2__SRC_SEL_X__SQ_SEL_##n, R7_SQ_TEX_WORD2__SRC_SEL_X__SQ_SEL_##n, s, 0 }
static const struct code_map tex_src_sel_map[] = {
   TSELM(X, SIM_SEL_X), TSELM(Y, SIM_SEL_Y), TSELM(Z, SIM_SEL_Z), TSELM(W, SIM_SEL_W),
   TSELM(0, SIM_SEL_0), TSELM(1, SIM_SEL_1),
};

#define TDSELM(n, s) { R6_SQ_TEX_WORD1__DST_SEL_X__SQ_SEL_##n, R7_SQ_TEX_WORD1__DST_SEL_X__SQ_SEL_##n, s, 0 }
static const struct code_map tex_dst_sel_map[] = {
   TDSELM(X, SIM_SEL_X), TDSELM(Y, SIM_SEL_Y), TDSELM(Z, SIM_SEL_Z), TDSELM(W, SIM_SEL_W),
   TDSELM(0, SIM_SEL_0), TDSELM(1, SIM_SEL_1), TDSELM(MASK, SIM_SEL_MASK),
};

#define TEXM(n, op) { R6_SQ_TEX_WORD0__TEX_INST__SQ_TEX_INST_##n, R7_SQ_TEX_WORD0__TEX_INST__SQ_TEX_INST_##n, op, 0 }
static const struct code_map tex_op_map[] = {
   TEXM(SAMPLE, SIM_TEX_SAMPLE), TEXM(SAMPLE_L, SIM_TEX_SAMPLE_L), TEXM(SAMPLE_LB, SIM_TEX_SAMPLE_LB),
   TEXM(SAMPLE_LZ, SIM_TEX_SAMPLE_LZ), TEXM(LD, SIM_TEX_LD),
   TEXM(GET_GRADIENTS_H, SIM_TEX_GET_GRADIENTS_H), TEXM(GET_GRADIENTS_V, SIM_TEX_GET_GRADIENTS_V),
   TEXM(GET_TEXTURE_RESINFO, SIM_TEX_GET_TEXTURE_RESINFO),
};

#define CONDM(n, c) { R6_SQ_CF_WORD1__COND__SQ_CF_COND_##n, R7_SQ_CF_WORD1__COND__SQ_CF_COND_##n, c, 0 }
static const struct code_map cond_map[] = {
   CONDM(ACTIVE, SIM_COND_ACTIVE), CONDM(FALSE, SIM_COND_FALSE),
   CONDM(BOOL, SIM_COND_BOOL), CONDM(NOT_BOOL, SIM_COND_NOT_BOOL),
};

#define KCM(n, lines) { R6_SQ_CF_ALU_WORD0__KCACHE_MODE0__SQ_CF_KCACHE_##n, \
                        R7_SQ_CF_ALU_WORD0__KCACHE_MODE0__SQ_CF_KCACHE_##n, lines, 0 }
static const struct code_map kcache_mode_map[] = { KCM(NOP, 0), KCM(LOCK_1, 1), KCM(LOCK_2, 2) };

#define IXM(n, m) { R6_SQ_ALU_WORD0__INDEX_MODE__SQ_INDEX_##n, R7_SQ_ALU_WORD0__INDEX_MODE__SQ_INDEX_##n, m, 0 }
static const struct code_map index_mode_map[] = {
   IXM(AR_X, SIM_INDEX_AR_X), IXM(AR_Y, SIM_INDEX_AR_Y), IXM(AR_Z, SIM_INDEX_AR_Z),
   IXM(AR_W, SIM_INDEX_AR_W), IXM(LOOP, SIM_INDEX_LOOP),
};

#define PSM(n, p) { R6_SQ_ALU_WORD0__PRED_SEL__SQ_PRED_SEL_##n, R7_SQ_ALU_WORD0__PRED_SEL__SQ_PRED_SEL_##n, p, 0 }
static const struct code_map pred_sel_map[] = { PSM(OFF, SIM_PRED_OFF), PSM(ZERO, SIM_PRED_ZERO), PSM(ONE, SIM_PRED_ONE) };

#define OMM(n, o) { R6_SQ_ALU_WORD1_OP2__OMOD__SQ_ALU_OMOD_##n, R7_SQ_ALU_WORD1_OP2__OMOD__SQ_ALU_OMOD_##n, o, 0 }
static const struct code_map omod_map[] = { OMM(OFF, SIM_OMOD_OFF), OMM(M2, SIM_OMOD_M2), OMM(M4, SIM_OMOD_M4), OMM(D2, SIM_OMOD_D2) };

#define FTM(n, t) { R6_SQ_VTX_WORD0__FETCH_TYPE__SQ_VTX_FETCH_##n, R7_SQ_VTX_WORD0__FETCH_TYPE__SQ_VTX_FETCH_##n, t, 0 }
static const struct code_map fetch_type_map[] = {
   FTM(VERTEX_DATA, SIM_FETCH_VERTEX), FTM(INSTANCE_DATA, SIM_FETCH_INSTANCE), FTM(NO_INDEX_OFFSET, SIM_FETCH_NO_OFFSET),
};

#define NFM(n, f) { R6_SQ_VTX_WORD1__NUM_FORMAT_ALL__SQ_NUM_FORMAT_##n, R7_SQ_VTX_WORD1__NUM_FORMAT_ALL__SQ_NUM_FORMAT_##n, f, 0 }
static const struct code_map num_format_map[] = { NFM(NORM, SIM_NUM_NORM), NFM(INT, SIM_NUM_INT), NFM(SCALED, SIM_NUM_SCALED) };

#define ENM(n, e) { R6_SQ_VTX_WORD2__ENDIAN_SWAP__SQ_ENDIAN_##n, R7_SQ_VTX_WORD2__ENDIAN_SWAP__SQ_ENDIAN_##n, e, 0 }
static const struct code_map endian_map[] = { ENM(NONE, SIM_ENDIAN_NONE), ENM(8IN16, SIM_ENDIAN_8IN16), ENM(8IN32, SIM_ENDIAN_8IN32) };

/* Inline constants, in the order of sim_inline_consts. */
#define INLM(n, k) { R6_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_##n, R7_SQ_ALU_WORD0__SRC0_SEL__SQ_ALU_SRC_##n, k, 0 }
static const struct code_map inline_map[] = { INLM(0, 0), INLM(1, 1), INLM(1_INT, 2), INLM(M_1_INT, 3), INLM(0_5, 4) };

/* ---- CF word classification, shared by the reader and the decoder ------------------- */

enum cf_format { CF_PLAIN, CF_ALU, CF_EXPORT };

static enum cf_format cf_format(bool r7, uint32_t w1)
{
   if (GET(SQ_CF_ALU_WORD1, CF_INST, w1) >= EN(SQ_CF_ALU_WORD1, CF_INST, SQ_CF_INST_ALU))
      return CF_ALU;
   uint32_t inst = GET(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, w1);
   if (inst >= EN(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_MEM_STREAM0) &&
       inst <= EN(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_EXPORT_DONE))
      return CF_EXPORT;
   return CF_PLAIN;
}

/* Number of fetch instructions of a TEX/VTX clause (COUNT is minus one; R7xx adds an MSB). */
static unsigned fetch_count(bool r7, uint32_t w1)
{
   unsigned n = GET(SQ_CF_WORD1, COUNT, w1);
   if (r7)
      n |= R7_SQ_CF_WORD1__COUNT_3__get(w1) << 3;
   return n + 1;
}

/* Dwords of the clause a CF instruction references (0: none); its address in *addr. */
static unsigned clause_dwords(bool r7, uint32_t w0, uint32_t w1, uint32_t *addr)
{
   switch (cf_format(r7, w1)) {
   case CF_ALU:
      *addr = GET(SQ_CF_ALU_WORD0, ADDR, w0);
      return (GET(SQ_CF_ALU_WORD1, COUNT, w1) + 1) * 2;
   case CF_PLAIN: {
      int i = MAP_FIND(cf_map, GET(SQ_CF_WORD1, CF_INST, w1));
      if (i < 0 || (cf_map[i].code != SIM_CF_VTX && cf_map[i].code != SIM_CF_TEX))
         return 0;
      *addr = GET(SQ_CF_WORD0, ADDR, w0);
      return fetch_count(r7, w1) * 4;   /* 128-bit fetch instructions */
   }
   default:
      return 0;
   }
}

static bool is_return(bool r7, uint32_t w1)
{
   return cf_format(r7, w1) == CF_PLAIN &&
          GET(SQ_CF_WORD1, CF_INST, w1) == EN(SQ_CF_WORD1, CF_INST, SQ_CF_INST_RETURN);
}

/* R7xx's END_PROGRAM instruction ends the program like an END_OF_PROGRAM bit. */
static bool is_end_program(bool r7, uint32_t w1)
{
   return r7 && cf_format(r7, w1) == CF_PLAIN &&
          R7_SQ_CF_WORD1__CF_INST__get(w1) == R7_SQ_CF_WORD1__CF_INST__SQ_CF_INST_END_PROGRAM;
}

static bool is_eop(bool r7, uint32_t w1)
{
   return (cf_format(r7, w1) != CF_ALU && GET(SQ_CF_WORD1, END_OF_PROGRAM, w1)) ||
          is_end_program(r7, w1);
}

/* ---- reading the program from GPU memory ---------------------------------------------- */

static bool img_push(struct sim_isa_image *img, const uint32_t *dw, size_t n)
{
   if (img->ndw + n > img->cap) {
      size_t cap = img->cap ? img->cap * 2 : 256;
      while (cap < img->ndw + n)
         cap *= 2;
      uint32_t *p = realloc(img->dw, cap * sizeof(uint32_t));
      if (!p)
         return false;
      img->dw = p;
      img->cap = cap;
   }
   memcpy(img->dw + img->ndw, dw, n * sizeof(uint32_t));
   img->ndw += n;
   return true;
}

bool sim_isa_read(struct sim_memory *mem, enum r600_chip_class chip, enum sim_stage stage,
                  uint64_t va, unsigned entry, bool dx10_clamp, struct sim_isa_image *img,
                  char *err, size_t errlen)
{
   bool r7 = chip == R600_CHIP_RV770;
   uint32_t hdr[SIM_IMAGE_HEADER] = { SIM_IMAGE_MAGIC, chip, stage, entry, dx10_clamp, 0 };
   img->ndw = 0;
   if (!img_push(img, hdr, SIM_IMAGE_HEADER))
      goto oom;

   unsigned i = entry;
   for (;; i++) {
      if (i >= SIM_MAX_CF) {
         snprintf(err, errlen, "no END_OF_PROGRAM within %u CF instructions", SIM_MAX_CF);
         return false;
      }
      const uint32_t *w = sim_mem_range(mem, va + 8ull * i, 8);
      if (!w) {
         snprintf(err, errlen, "CF instruction %u at 0x%llx is outside GPU memory", i,
                  (unsigned long long)(va + 8ull * i));
         return false;
      }
      if (!img_push(img, w, 2))
         goto oom;
      if (is_eop(r7, w[1]) || (stage == SIM_STAGE_FS && is_return(r7, w[1])))
         break;
   }
   img->dw[SIM_IMAGE_HEADER - 1] = i + 1;

   for (unsigned k = entry; k <= i; k++) {
      const uint32_t *w = &img->dw[SIM_IMAGE_HEADER + 2 * (k - entry)];
      uint32_t addr = 0;
      unsigned n = clause_dwords(r7, w[0], w[1], &addr);
      if (!n)
         continue;
      uint64_t cva = va + 8ull * addr;
      const uint32_t *c = sim_mem_range(mem, cva, 4ull * n);
      if (!c) {
         snprintf(err, errlen, "clause of CF %u at 0x%llx (%u dwords) is outside GPU memory",
                  k, (unsigned long long)cva, n);
         return false;
      }
      if (!img_push(img, c, n))
         goto oom;
      w = &img->dw[SIM_IMAGE_HEADER + 2 * (k - entry)];   /* img->dw may have moved */
   }
   return true;
oom:
   snprintf(err, errlen, "out of memory reading the program");
   return false;
}

/* ---- decoding -------------------------------------------------------------------------- */

struct decoder {
   bool r7;
   struct sim_program *p;
   unsigned cap_groups, cap_alu, cap_vtx, cap_tex;
   char *err;
   size_t errlen;
   unsigned pc;           /* CF index being decoded */
};

static bool fail(struct decoder *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(struct decoder *d, const char *fmt, ...)
{
   char msg[128];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   snprintf(d->err, d->errlen, "CF %u: %s", d->pc, msg);
   return false;
}

static bool grow(void **arr, unsigned *cap, unsigned need, size_t elem)
{
   if (need <= *cap)
      return true;
   unsigned n = *cap ? *cap * 2 : 64;
   while (n < need)
      n *= 2;
   void *q = realloc(*arr, n * elem);
   if (!q)
      return false;
   *arr = q;
   *cap = n;
   return true;
}

/* One ALU source operand. `lines[s]` = cache lines locked by kcache set s. */
static bool decode_src(struct decoder *d, struct sim_cf *cf, const unsigned lines[2], uint32_t sel,
                       uint32_t chan, bool neg, bool abs, bool rel, struct sim_src *s)
{
   const bool r7 = d->r7;
   int i;
   *s = (struct sim_src){ .chan = (uint8_t)chan, .neg = neg, .abs = abs, .rel = rel };
   if (rel && sel >= 128)
      return fail(d, "relative ALU operand with select %u: only GPRs are indexable here "
                  "(constant buffers are indexed through vertex fetch)", sel);
   if (sel < 128) {
      s->kind = SIM_SRC_GPR;
      s->index = (uint16_t)sel;
   } else if (sel < 192) {
      unsigned set = (sel - 128) / 32, idx = (sel - 128) % 32;
      if (idx >= 16 * lines[set])
         return fail(d, "ALU reads kcache set %u constant %u, but the set locks %u line(s)",
                     set, idx, lines[set]);
      s->kind = SIM_SRC_KCACHE;
      s->index = (uint16_t)(set * 32 + idx);
      cf->kc_used[set] |= 1u << idx;
   } else if ((i = MAP_FIND(inline_map, sel)) >= 0) {
      s->kind = SIM_SRC_INLINE;
      s->index = inline_map[i].code;
   } else if (sel == EN(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_LITERAL)) {
      s->kind = SIM_SRC_LITERAL;
   } else if (sel == EN(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_PV)) {
      s->kind = SIM_SRC_PV;
   } else if (sel == EN(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_PS)) {
      s->kind = SIM_SRC_PS;
   } else if (sel >= 256) {
      return fail(d, "ALU reads the DX9 constant file (select %u): not implemented", sel);
   } else {
      return fail(d, "illegal ALU source select %u", sel);
   }
   return true;
}

static bool decode_alu_inst(struct decoder *d, struct sim_cf *cf, const unsigned lines[2],
                            uint32_t w0, uint32_t w1, struct sim_alu_inst *a)
{
   const bool r7 = d->r7;
   memset(a, 0, sizeof(*a));
   const unsigned chip = r7 ? HW_CHIP_R7XX : HW_CHIP_R6XX;
   bool op3 = GET(SQ_ALU_WORD1, ENCODING, w1) != 0;
   uint32_t hw = op3 ? GET(SQ_ALU_WORD1_OP3, ALU_INST, w1) : GET(SQ_ALU_WORD1_OP2, ALU_INST, w1);
   const struct hw_isa_op *info =
      hw_isa_find(chip, op3 ? HW_ISA_ENC_ALU_OP3 : HW_ISA_ENC_ALU_OP2, hw);
   int i;
   if (!info)
      return fail(d, "%s ALU opcode %u is reserved", op3 ? "OP3" : "OP2", hw);
   a->op = (uint16_t)hw_isa_id_of(info);
   if (op3) {
      for (size_t k = 0; k < sizeof(omod_forms) / sizeof(omod_forms[0]); k++) {
         if (omod_forms[k].id == a->op) {
            a->op = omod_forms[k].base;
            a->omod = omod_forms[k].omod;
            info = hw_isa_op(chip, a->op);
         }
      }
      a->write = true;
   } else {
      i = MAP_FIND(omod_map, GET(SQ_ALU_WORD1_OP2, OMOD, w1));
      a->omod = omod_map[i].code;
      a->write = GET(SQ_ALU_WORD1_OP2, WRITE_MASK, w1) && a->op != HW_ISA_OP2_NOP;
      a->update_exec = GET(SQ_ALU_WORD1_OP2, UPDATE_EXECUTE_MASK, w1);
      a->update_pred = GET(SQ_ALU_WORD1_OP2, UPDATE_PRED, w1);
      if (!r7 && R6_SQ_ALU_WORD1_OP2__FOG_MERGE__get(w1))
         return fail(d, "FOG_MERGE is not implemented");
   }
   if (!sim_alu_implemented(a->op))
      return fail(d, "ALU instruction %s is not implemented", info->name);
   a->info = info;
   if ((a->update_exec || a->update_pred) && !(info->flags & HW_ISA_F_PRED_SET))
      return fail(d, "UPDATE_EXECUTE_MASK/UPDATE_PRED on %s", info->name);

   i = MAP_FIND(pred_sel_map, GET(SQ_ALU_WORD0, PRED_SEL, w0));
   if (i < 0)
      return fail(d, "reserved PRED_SEL");
   a->pred_sel = pred_sel_map[i].code;
   a->dst_gpr = (uint8_t)GET(SQ_ALU_WORD1, DST_GPR, w1);
   a->dst_chan = (uint8_t)GET(SQ_ALU_WORD1, DST_CHAN, w1);
   a->clamp = GET(SQ_ALU_WORD1, CLAMP, w1);
   a->dst_rel = a->write && GET(SQ_ALU_WORD1, DST_REL, w1);
   if ((info->flags & HW_ISA_F_MOVA) && a->write)
      return fail(d, "%s with WRITE_MASK (a GPR result of MOVA*) is not implemented", info->name);

   if (info->num_src > 0 &&
       !decode_src(d, cf, lines, GET(SQ_ALU_WORD0, SRC0_SEL, w0), GET(SQ_ALU_WORD0, SRC0_CHAN, w0),
                   GET(SQ_ALU_WORD0, SRC0_NEG, w0), !op3 && GET(SQ_ALU_WORD1_OP2, SRC0_ABS, w1),
                   GET(SQ_ALU_WORD0, SRC0_REL, w0), &a->src[0]))
      return false;
   if (info->num_src > 1 &&
       !decode_src(d, cf, lines, GET(SQ_ALU_WORD0, SRC1_SEL, w0), GET(SQ_ALU_WORD0, SRC1_CHAN, w0),
                   GET(SQ_ALU_WORD0, SRC1_NEG, w0), !op3 && GET(SQ_ALU_WORD1_OP2, SRC1_ABS, w1),
                   GET(SQ_ALU_WORD0, SRC1_REL, w0), &a->src[1]))
      return false;
   if (info->num_src > 2 &&
       !decode_src(d, cf, lines, GET(SQ_ALU_WORD1_OP3, SRC2_SEL, w1),
                   GET(SQ_ALU_WORD1_OP3, SRC2_CHAN, w1), GET(SQ_ALU_WORD1_OP3, SRC2_NEG, w1),
                   false, GET(SQ_ALU_WORD1_OP3, SRC2_REL, w1), &a->src[2]))
      return false;
   bool rel = a->dst_rel;
   for (unsigned k = 0; k < info->num_src; k++)
      rel |= a->src[k].rel;
   if (rel) {
      i = MAP_FIND(index_mode_map, GET(SQ_ALU_WORD0, INDEX_MODE, w0));
      if (i < 0)
         return fail(d, "INDEX_MODE %u is not implemented", GET(SQ_ALU_WORD0, INDEX_MODE, w0));
      a->index_mode = index_mode_map[i].code;
   }
   return true;
}

static bool uses_rel(const struct sim_alu_inst *a)
{
   bool rel = a->dst_rel;
   for (unsigned k = 0; k < a->info->num_src; k++)
      rel |= a->src[k].rel;
   return rel;
}

/* Assigns execution units (x..w by DST_CHAN, t for trans ops or when the vector unit is
 * taken, in instruction order) and checks the group rules of r600-facts §4.2. */
static bool assign_units(struct decoder *d, struct sim_alu_group *g, struct sim_alu_inst *in)
{
   unsigned used = 0, pred_kill = 0, reductions = 0;
   for (unsigned i = 0; i < g->count; i++) {
      const struct hw_isa_op *info = in[i].info;   /* the chip's slot class */
      unsigned u;
      if (info->slot_class == HW_ISA_SLOT_TRANS)
         u = SIM_UNIT_T;
      else if (info->slot_class == HW_ISA_SLOT_REDUCTION || info->slot_class == HW_ISA_SLOT_VECTOR ||
               !(used >> in[i].dst_chan & 1))
         u = in[i].dst_chan;
      else
         u = SIM_UNIT_T;
      if (used >> u & 1)
         return fail(d, "ALU group has two instructions for unit %c", "xyzwt"[u]);
      if (u == SIM_UNIT_T && info->slot_class == HW_ISA_SLOT_REDUCTION)
         return fail(d, "%s in the trans unit", info->name);
      used |= 1u << u;
      in[i].unit = (uint8_t)u;
      if (info->flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET))
         pred_kill++;
      if (info->slot_class == HW_ISA_SLOT_REDUCTION)
         reductions++;
      if (info->flags & HW_ISA_F_MOVA)
         g->mova_units |= (uint8_t)(1u << u);
      g->rel |= uses_rel(&in[i]);
   }
   if (pred_kill > 1)
      return fail(d, "more than one KILL/PRED_SET in an ALU group");
   if (g->mova_units & (g->mova_units - 1))
      return fail(d, "more than one MOVA* in an ALU group");
   if (reductions) {
      for (unsigned i = 0; i < g->count; i++)
         if (in[i].unit != SIM_UNIT_T && in[i].op != in[0].op)
            return fail(d, "reduction %s does not fill units x..w", in[0].info->name);
      if (reductions != 4 || (used & 0xF) != 0xF)
         return fail(d, "reduction does not fill units x..w");
   }
   g->units = (uint8_t)used;
   return true;
}

/* PV/PS reads must name a unit the previous group used. */
static bool check_forwarding(struct decoder *d, const struct sim_alu_group *g,
                             const struct sim_alu_group *prev)
{
   const struct sim_alu_inst *in = &d->p->alu[g->first];
   for (unsigned i = 0; i < g->count; i++) {
      for (unsigned k = 0; k < in[i].info->num_src; k++) {
         const struct sim_src *s = &in[i].src[k];
         unsigned need = s->kind == SIM_SRC_PV ? 1u << s->chan
                         : s->kind == SIM_SRC_PS ? 1u << SIM_UNIT_T : 0;
         if (need && (!prev || !(prev->units & need)))
            return fail(d, "PV/PS read of a unit the previous group did not use");
         if (need && (need & prev->mova_units))
            return fail(d, "PV read of a MOVA* result is not implemented");
      }
   }
   return true;
}

/* AR rules (r600-facts §4.2): AR is valid only within the clause whose earlier group
 * loaded it; a MOVA* does not share its group with an AR-relative operand. */
static bool check_ar(struct decoder *d, const struct sim_alu_group *g,
                     const struct sim_alu_inst *in, unsigned *ar_loaded)
{
   for (unsigned i = 0; i < g->count; i++) {
      if (!uses_rel(&in[i]) || in[i].index_mode == SIM_INDEX_LOOP)
         continue;
      if (g->mova_units)
         return fail(d, "MOVA* in a group with an AR-relative operand");
      if (!(*ar_loaded >> in[i].index_mode & 1))
         return fail(d, "relative operand uses AR.%c, which no earlier group of the clause loaded",
                     "xyzw"[in[i].index_mode]);
   }
   *ar_loaded |= g->mova_units;
   return true;
}

static bool decode_alu_clause(struct decoder *d, struct sim_cf *cf, const uint32_t *w,
                              unsigned nslots)
{
   struct sim_program *p = d->p;
   const bool r7 = d->r7;
   unsigned lines[2] = { 0, 0 };
   for (unsigned s = 0; s < 2; s++) {
      int i = MAP_FIND(kcache_mode_map, cf->kc_mode[s]);
      if (i < 0)
         return fail(d, "KCACHE_LOCK_LOOP_INDEX is not implemented");
      lines[s] = kcache_mode_map[i].code;
   }
   cf->first = p->ngroups;
   unsigned slot = 0, ar_loaded = 0;
   while (slot < nslots) {
      if (!grow((void **)&p->groups, &d->cap_groups, p->ngroups + 1, sizeof(*p->groups)) ||
          !grow((void **)&p->alu, &d->cap_alu, p->nalu + SIM_MAX_GROUP, sizeof(*p->alu)))
         return fail(d, "out of memory");
      struct sim_alu_group *g = &p->groups[p->ngroups];
      memset(g, 0, sizeof(*g));
      g->first = p->nalu;
      bool last = false;
      while (!last) {
         if (slot >= nslots)
            return fail(d, "ALU group runs past the end of the clause (no LAST bit)");
         if (g->count == SIM_MAX_GROUP)
            return fail(d, "ALU group of more than %u instructions", SIM_MAX_GROUP);
         uint32_t w0 = w[2 * slot], w1 = w[2 * slot + 1];
         if (!decode_alu_inst(d, cf, lines, w0, w1, &p->alu[g->first + g->count]))
            return false;
         last = GET(SQ_ALU_WORD0, LAST, w0);
         g->count++;
         slot++;
      }
      struct sim_alu_inst *in = &p->alu[g->first];
      unsigned nlit = 0;
      for (unsigned i = 0; i < g->count; i++)
         for (unsigned k = 0; k < in[i].info->num_src; k++)
            if (in[i].src[k].kind == SIM_SRC_LITERAL && in[i].src[k].chan + 1u > nlit)
               nlit = in[i].src[k].chan + 1u;
      unsigned lit_slots = (nlit + 1) / 2;
      if (slot + lit_slots > nslots)
         return fail(d, "ALU group literals run past the end of the clause");
      memcpy(g->literal, &w[2 * slot], lit_slots * 2 * sizeof(uint32_t));
      slot += lit_slots;
      if (!assign_units(d, g, in) ||
          !check_forwarding(d, g, p->ngroups > cf->first ? &p->groups[p->ngroups - 1] : NULL) ||
          !check_ar(d, g, in, &ar_loaded))
         return false;
      cf->uses_rel |= g->rel || g->mova_units;
      p->nalu += g->count;
      p->ngroups++;
   }
   cf->count = p->ngroups - cf->first;
   if (cf->count && p->groups[p->ngroups - 1].mova_units)
      return fail(d, "MOVA* in the last group of its clause");
   return true;
}

static bool decode_vtx_clause(struct decoder *d, struct sim_cf *cf, const uint32_t *w, unsigned n)
{
   struct sim_program *p = d->p;
   const bool r7 = d->r7;
   if (!grow((void **)&p->vtx, &d->cap_vtx, p->nvtx + n, sizeof(*p->vtx)))
      return fail(d, "out of memory");
   cf->first = p->nvtx;
   cf->count = n;
   for (unsigned k = 0; k < n; k++, w += 4) {
      struct sim_vtx_inst *v = &p->vtx[p->nvtx++];
      memset(v, 0, sizeof(*v));
      if (GET(SQ_VTX_WORD0, VTX_INST, w[0]) != EN(SQ_VTX_WORD0, VTX_INST, SQ_VTX_INST_FETCH))
         return fail(d, "vertex fetch %u: only VTX_INST FETCH is implemented", k);
      if (GET(SQ_VTX_WORD0, SRC_REL, w[0]) || GET(SQ_VTX_WORD1_GPR, DST_REL, w[1]))
         return fail(d, "vertex fetch %u: relative GPR addressing is not implemented", k);
      if (r7 && R7_SQ_VTX_WORD2__ALT_CONST__get(w[2]))
         return fail(d, "vertex fetch %u: ALT_CONST is not implemented", k);
      int i = MAP_FIND(fetch_type_map, GET(SQ_VTX_WORD0, FETCH_TYPE, w[0]));
      if (i < 0)
         return fail(d, "vertex fetch %u: reserved FETCH_TYPE", k);
      v->fetch_type = fetch_type_map[i].code;
      v->buffer_id = (uint8_t)GET(SQ_VTX_WORD0, BUFFER_ID, w[0]);
      v->src_gpr = (uint8_t)GET(SQ_VTX_WORD0, SRC_GPR, w[0]);
      v->src_chan = (uint8_t)GET(SQ_VTX_WORD0, SRC_SEL_X, w[0]);
      v->dst_gpr = (uint8_t)GET(SQ_VTX_WORD1_GPR, DST_GPR, w[1]);
      uint32_t sels[4] = { GET(SQ_VTX_WORD1, DST_SEL_X, w[1]), GET(SQ_VTX_WORD1, DST_SEL_Y, w[1]),
                           GET(SQ_VTX_WORD1, DST_SEL_Z, w[1]), GET(SQ_VTX_WORD1, DST_SEL_W, w[1]) };
      for (unsigned c = 0; c < 4; c++) {
         i = MAP_FIND(vtx_sel_map, sels[c]);
         if (i < 0)
            return fail(d, "vertex fetch %u: reserved DST_SEL", k);
         v->dst_sel[c] = vtx_sel_map[i].code;
      }
      v->use_const_fields = GET(SQ_VTX_WORD1, USE_CONST_FIELDS, w[1]);
      v->data_format = (uint8_t)GET(SQ_VTX_WORD1, DATA_FORMAT, w[1]);
      i = MAP_FIND(num_format_map, GET(SQ_VTX_WORD1, NUM_FORMAT_ALL, w[1]));
      if (i < 0 && !v->use_const_fields)
         return fail(d, "vertex fetch %u: reserved NUM_FORMAT_ALL", k);
      v->num_format = i < 0 ? SIM_NUM_NORM : num_format_map[i].code;
      v->is_signed = GET(SQ_VTX_WORD1, FORMAT_COMP_ALL, w[1]) ==
                     EN(SQ_VTX_WORD1, FORMAT_COMP_ALL, SQ_FORMAT_COMP_SIGNED);
      v->srf_no_zero = GET(SQ_VTX_WORD1, SRF_MODE_ALL, w[1]) ==
                       EN(SQ_VTX_WORD1, SRF_MODE_ALL, SQ_SRF_MODE_NO_ZERO);
      i = MAP_FIND(endian_map, GET(SQ_VTX_WORD2, ENDIAN_SWAP, w[2]));
      if (i < 0 && !v->use_const_fields)
         return fail(d, "vertex fetch %u: reserved ENDIAN_SWAP", k);
      v->endian = i < 0 ? SIM_ENDIAN_NONE : endian_map[i].code;
      v->no_stride = GET(SQ_VTX_WORD2, CONST_BUF_NO_STRIDE, w[2]);
      v->offset = (uint16_t)GET(SQ_VTX_WORD2, OFFSET, w[2]);
   }
   return true;
}

/* A signed field of `bits` bits as a number. */
static int sign_extend(uint32_t v, unsigned bits)
{
   return (v >> (bits - 1) & 1) ? (int)v - (1 << bits) : (int)v;
}

static bool decode_tex_clause(struct decoder *d, struct sim_cf *cf, const uint32_t *w, unsigned n)
{
   struct sim_program *p = d->p;
   const bool r7 = d->r7;
   if (!grow((void **)&p->tex, &d->cap_tex, p->ntex + n, sizeof(*p->tex)))
      return fail(d, "out of memory");
   cf->first = p->ntex;
   cf->count = n;
   for (unsigned k = 0; k < n; k++, w += 4) {
      struct sim_tex_inst *t = &p->tex[p->ntex++];
      memset(t, 0, sizeof(*t));
      uint32_t hw = GET(SQ_TEX_WORD0, TEX_INST, w[0]);
      int i = MAP_FIND(tex_op_map, hw);
      if (i < 0)
         return fail(d, "texture instruction %u: TEX_INST %u is not implemented", k, hw);
      t->op = tex_op_map[i].code;
      if (GET(SQ_TEX_WORD0, SRC_REL, w[0]) || GET(SQ_TEX_WORD1, DST_REL, w[1]))
         return fail(d, "texture instruction %u: relative GPR addressing is not implemented", k);
      if (r7 && R7_SQ_TEX_WORD0__ALT_CONST__get(w[0]))
         return fail(d, "texture instruction %u: ALT_CONST is not implemented", k);
      t->resource_id = (uint8_t)GET(SQ_TEX_WORD0, RESOURCE_ID, w[0]);
      t->src_gpr = (uint8_t)GET(SQ_TEX_WORD0, SRC_GPR, w[0]);
      t->dst_gpr = (uint8_t)GET(SQ_TEX_WORD1, DST_GPR, w[1]);
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
            return fail(d, "texture instruction %u: reserved swizzle", k);
         t->src_sel[c] = tex_src_sel_map[a].code;
         t->dst_sel[c] = tex_dst_sel_map[b].code;
         t->normalized[c] = ctype[c] == EN(SQ_TEX_WORD1, COORD_TYPE_X, SQ_TEX_NORMALIZED);
      }
      /* LOD_BIAS is signed 3.4 fixed point, OFFSET_X..Z signed 3.1 texels (seed) */
      t->lod_bias = (float)sign_extend(GET(SQ_TEX_WORD1, LOD_BIAS, w[1]), WIDTH(SQ_TEX_WORD1, LOD_BIAS)) / 16.0f;
      t->offset[0] = (float)sign_extend(GET(SQ_TEX_WORD2, OFFSET_X, w[2]), WIDTH(SQ_TEX_WORD2, OFFSET_X)) / 2.0f;
      t->offset[1] = (float)sign_extend(GET(SQ_TEX_WORD2, OFFSET_Y, w[2]), WIDTH(SQ_TEX_WORD2, OFFSET_Y)) / 2.0f;
      t->offset[2] = (float)sign_extend(GET(SQ_TEX_WORD2, OFFSET_Z, w[2]), WIDTH(SQ_TEX_WORD2, OFFSET_Z)) / 2.0f;
   }
   return true;
}

static bool decode_export(struct decoder *d, struct sim_cf *cf, uint32_t w0, uint32_t w1)
{
   const bool r7 = d->r7;
   uint32_t inst = GET(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, w1);
   if (inst != EN(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_EXPORT) &&
       inst != EN(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_EXPORT_DONE))
      return fail(d, "memory export (CF_INST %u) is not implemented", inst);
   int i = MAP_FIND(export_type_map, GET(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, w0));
   if (i < 0)
      return fail(d, "illegal export TYPE");
   if (GET(SQ_CF_ALLOC_EXPORT_WORD0, RW_REL, w0))
      return fail(d, "relative export GPR is not implemented");
   cf->op = SIM_CF_EXPORT;
   cf->exp_type = export_type_map[i].code;
   cf->array_base = (uint16_t)GET(SQ_CF_ALLOC_EXPORT_WORD0, ARRAY_BASE, w0);
   cf->gpr = (uint8_t)GET(SQ_CF_ALLOC_EXPORT_WORD0, RW_GPR, w0);
   cf->burst = (uint8_t)(GET(SQ_CF_ALLOC_EXPORT_WORD1, BURST_COUNT, w1) + 1);
   uint32_t sels[4] = { GET(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, w1),
                        GET(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Y, w1),
                        GET(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Z, w1),
                        GET(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_W, w1) };
   for (unsigned c = 0; c < 4; c++) {
      i = MAP_FIND(export_sel_map, sels[c]);
      if (i < 0)
         return fail(d, "reserved export swizzle");
      cf->sel[c] = export_sel_map[i].code;
   }
   unsigned base = cf->array_base, end = base + cf->burst;
   bool ok;
   switch (cf->exp_type) {
   case SIM_EXPORT_POS: ok = base >= 60 && end <= 64; break;
   case SIM_EXPORT_PARAM: ok = end <= 32; break;
   default: ok = end <= 8 || (base == 61 && cf->burst == 1); break;
   }
   if (!ok)
      return fail(d, "export ARRAY_BASE %u, burst %u out of range for its type", base, cf->burst);
   if (cf->gpr + cf->burst > SIM_MAX_GPRS)
      return fail(d, "export reads past GPR 127");
   return true;
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
      return fail(d, "program image truncated");
   *clause += ndw;

   switch (cf_format(r7, w1)) {
   case CF_ALU: {
      int i = MAP_FIND(alu_cf_map, GET(SQ_CF_ALU_WORD1, CF_INST, w1));
      if (i < 0)
         return fail(d, "illegal CF_ALU instruction");
      if (r7 && R7_SQ_CF_ALU_WORD1__ALT_CONST__get(w1))
         return fail(d, "ALT_CONST is not implemented");
      cf->op = SIM_CF_ALU;
      cf->alu_kind = alu_cf_map[i].code;
      cf->kc_mode[0] = (uint8_t)GET(SQ_CF_ALU_WORD0, KCACHE_MODE0, w0);
      cf->kc_mode[1] = (uint8_t)GET(SQ_CF_ALU_WORD1, KCACHE_MODE1, w1);
      cf->kc_bank[0] = (uint8_t)GET(SQ_CF_ALU_WORD0, KCACHE_BANK0, w0);
      cf->kc_bank[1] = (uint8_t)GET(SQ_CF_ALU_WORD0, KCACHE_BANK1, w0);
      cf->kc_line[0] = (uint16_t)GET(SQ_CF_ALU_WORD1, KCACHE_ADDR0, w1);
      cf->kc_line[1] = (uint16_t)GET(SQ_CF_ALU_WORD1, KCACHE_ADDR1, w1);
      return decode_alu_clause(d, cf, c, ndw / 2);
   }
   case CF_EXPORT:
      cf->eop = GET(SQ_CF_ALLOC_EXPORT_WORD1, END_OF_PROGRAM, w1);
      return decode_export(d, cf, w0, w1);
   default:
      break;
   }

   if (is_end_program(r7, w1)) {
      cf->op = SIM_CF_NOP;
      cf->eop = true;
      return true;
   }
   uint32_t inst = GET(SQ_CF_WORD1, CF_INST, w1);
   int i = MAP_FIND(cf_map, inst);
   if (i < 0)
      return fail(d, "CF instruction %u is not implemented", inst);
   cf->op = cf_map[i].code;
   cf->eop = GET(SQ_CF_WORD1, END_OF_PROGRAM, w1);
   cf->pop_count = (uint8_t)GET(SQ_CF_WORD1, POP_COUNT, w1);
   cf->cf_const = (uint8_t)GET(SQ_CF_WORD1, CF_CONST, w1);
   cf->cond = cond_map[MAP_FIND(cond_map, GET(SQ_CF_WORD1, COND, w1))].code;
   cf->addr = GET(SQ_CF_WORD0, ADDR, w0);

   switch (cf->op) {
   case SIM_CF_VTX:
   case SIM_CF_TEX:
      if (cf->cond != SIM_COND_ACTIVE)
         return fail(d, "fetch clause with a COND other than ACTIVE");
      if (cf->addr & 1)
         return fail(d, "fetch clause at an address not 16-byte aligned");
      if (cf->op == SIM_CF_VTX)
         return decode_vtx_clause(d, cf, c, ndw / 4);
      return decode_tex_clause(d, cf, c, ndw / 4);
   case SIM_CF_JUMP: case SIM_CF_ELSE: case SIM_CF_POP:
   case SIM_CF_LOOP_START: case SIM_CF_LOOP_START_NO_AL: case SIM_CF_LOOP_START_DX10:
   case SIM_CF_LOOP_END: case SIM_CF_LOOP_BREAK: case SIM_CF_LOOP_CONTINUE:
      if (cf->addr < p->entry || cf->addr > p->ncf)
         return fail(d, "jump target %u outside the program (CF %u..%u)", cf->addr, p->entry,
                     p->ncf);
      return true;
   case SIM_CF_CALL_FS:
      if (p->stage != SIM_STAGE_VS)
         return fail(d, "CALL_FS outside a vertex shader");
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
   p->chip = dw[1] == R600_CHIP_RV770 ? R600_CHIP_RV770 : R600_CHIP_R600;
   p->stage = (enum sim_stage)dw[2];
   p->entry = dw[3];
   p->dx10_clamp = dw[4] != 0;
   p->ncf = dw[5];
   d.r7 = p->chip == R600_CHIP_RV770;
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
