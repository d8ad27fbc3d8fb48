/* IR -> MIR: every vec4 IR instruction becomes scalar R600 ALU operations (one per written
 * component), fetch instructions or flow markers; the I/O declarations become fixed GPRs,
 * exports and the SPI/export description of the binary. Relative operands are taken out
 * of each instruction first (r600_lower_rel.c), so the code here sees none. */
#include <stdio.h>
#include <string.h>

#include "r600_alu_sched.h"
#include "r600_mir.h"
#include "r600_shader.h"

#define SRC_NONE (-1)
#define SRC_ZERO (-2)   /* the inline constant 0 */

struct lower {
   const struct ir_shader *ir;
   struct mir_program *p;
   struct r600_shader_binary *out;
   uint32_t input_reg[32];
   uint8_t input_chan[32][4];
   uint32_t position;      /* PS: register of the SPI's position, if position_gpr >= 0 */
   uint32_t output_reg[32];
   uint32_t pos;
   unsigned const_end;        /* highest CONST slot read + 1 */
   bool uses_kill;
};

static uint32_t float_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static unsigned popcount4(unsigned m)
{
   return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
}

static struct mir_src reg_src(uint32_t reg, unsigned chan)
{
   struct mir_src s = {.kind = MIR_SRC_REG, .chan = (uint8_t)chan, .value = reg};
   return s;
}

static struct mir_src inline_src(enum r600_inline_const c, bool neg)
{
   struct mir_src s = {.kind = MIR_SRC_INLINE, .neg = neg, .value = c};
   return s;
}

/* A 32-bit constant operand: an inline constant when one matches exactly, else a literal.
 * float_mods: the operand is read as a float, so NEG may be used (-1.0, -0.5). */
static struct mir_src imm_src(uint32_t bits, bool float_mods)
{
   switch (bits) {
   case 0x00000000u: return inline_src(R600_INLINE_0, false);
   case 0x3F800000u: return inline_src(R600_INLINE_1, false);
   case 0x3F000000u: return inline_src(R600_INLINE_0_5, false);
   case 0x00000001u: return inline_src(R600_INLINE_1_INT, false);
   case 0xFFFFFFFFu: return inline_src(R600_INLINE_M_1_INT, false);
   case 0xBF800000u: if (float_mods) return inline_src(R600_INLINE_1, true); break;
   case 0xBF000000u: if (float_mods) return inline_src(R600_INLINE_0_5, true); break;
   default: break;
   }
   struct mir_src s = {.kind = MIR_SRC_LITERAL, .value = bits};
   return s;
}

static struct mir_src literal_src(float f)
{
   return imm_src(float_bits(f), true);
}

static uint32_t new_temp(struct lower *l)
{
   return mir_new_vreg(l->p, -1);
}

/* Component `comp` of IR source `s`. float_mods: the operand is a float (NEG/ABS allowed). */
static bool get_src(struct lower *l, const struct ir_src *s, unsigned comp, bool float_mods,
                    struct mir_src *out)
{
   unsigned swz = s->swizzle[comp];
   memset(out, 0, sizeof(*out));
   if (!float_mods && (s->negate || s->abs)) {
      mir_error(l->p, "negate/absolute modifiers on an integer operand are not supported");
      return false;
   }
   switch (s->file) {
   case IR_FILE_TEMP:
      *out = reg_src(s->index, swz);
      break;
   case IR_FILE_INPUT:
      *out = reg_src(l->input_reg[s->index], l->input_chan[s->index][swz]);
      break;
   case IR_FILE_OUTPUT:
      *out = reg_src(l->output_reg[s->index], swz);
      break;
   case IR_FILE_CONST:
      if (s->index >= r600_kcache_lines() * 16u) {
         mir_error(l->p, "constant %u is beyond what kcache can address (%u)", s->index,
                   r600_kcache_lines() * 16u);
         return false;
      }
      out->kind = MIR_SRC_CONST;
      out->value = s->index;
      out->chan = (uint8_t)swz;
      if (s->index + 1u > l->const_end)
         l->const_end = s->index + 1u;
      break;
   case IR_FILE_IMM: {
      uint32_t bits = l->ir->imms[s->index][swz];
      if (s->abs)
         bits &= 0x7FFFFFFFu;
      if (s->negate)
         bits ^= 0x80000000u;
      *out = imm_src(bits, float_mods);
      return true;
   }
   default:
      mir_error(l->p, "unsupported source register file %u", s->file);
      return false;
   }
   out->neg = s->negate;
   out->abs = s->abs;
   return true;
}

static uint32_t get_dst(struct lower *l, const struct ir_dst *d)
{
   return d->file == IR_FILE_OUTPUT ? l->output_reg[d->index] : d->index;
}

static void push_alu(struct lower *l, const struct mir_alu *a)
{
   struct mir_node *n = mir_add_node(l->p, MIR_ALU, l->pos);
   if (n)
      n->alu = *a;
}

static bool src_ok_for(const struct mir_alu *a, unsigned s)
{
   /* OP3 has no ABS bit */
   return !(r600_alu_op_info(a->op)->encoding == HW_ISA_ENC_ALU_OP3 && a->src[s].abs);
}

/* Makes one instruction (n = 1) or the lanes of a reduction (n = 4) encodable: an OP3
 * operand with ABS, or constant/literal operands beyond what one group can read, are
 * first copied into a temporary with MOV (which carries the modifiers). */
static void legalize(struct lower *l, struct mir_alu *ops, unsigned n)
{
   for (int s = 2; s >= 0; s--) {
      bool ok = r600_alu_group_fits(ops, n, l->p->chip);
      uint32_t t = MIR_NO_REG;
      for (unsigned k = 0; k < n; k++) {
         struct mir_src *src = &ops[k].src[s];
         bool constant = src->kind == MIR_SRC_CONST || src->kind == MIR_SRC_LITERAL;
         if (src->kind == MIR_SRC_NONE || (src_ok_for(&ops[k], (unsigned)s) && (ok || !constant)))
            continue;
         if (t == MIR_NO_REG)
            t = new_temp(l);
         unsigned chan = n == 4 ? k : src->chan;
         struct mir_alu mov = {.op = R600_ALU_MOV, .dst = t, .dst_chan = (uint8_t)chan,
                               .write = true};
         mov.src[0] = *src;
         push_alu(l, &mov);
         *src = reg_src(t, chan);
      }
   }
}

static void emit(struct lower *l, enum r600_alu_op op, uint32_t dst, unsigned chan, bool write,
                 bool clamp, const struct mir_src *s0, const struct mir_src *s1,
                 const struct mir_src *s2)
{
   struct mir_alu a = {.op = (uint8_t)op, .dst = dst, .dst_chan = (uint8_t)chan,
                       .write = write, .clamp = clamp};
   if (s0)
      a.src[0] = *s0;
   if (s1)
      a.src[1] = *s1;
   if (s2)
      a.src[2] = *s2;
   legalize(l, &a, 1);
   push_alu(l, &a);
}

/* A reduction (DOT4_IEEE, CUBE): lane c computes from (a[c], b[c]); lanes whose bit is set
 * in `mask` write their channel of dst. */
static void emit_reduction(struct lower *l, enum r600_alu_op op, uint32_t dst, unsigned mask,
                           bool clamp, const struct mir_src a[4], const struct mir_src b[4])
{
   struct mir_alu lanes[4];
   memset(lanes, 0, sizeof(lanes));
   for (unsigned c = 0; c < 4; c++) {
      lanes[c].op = (uint8_t)op;
      lanes[c].dst = dst;
      lanes[c].dst_chan = (uint8_t)c;
      lanes[c].write = (mask >> c) & 1;
      lanes[c].clamp = clamp;
      lanes[c].lane_of = (uint8_t)(4 - c);
      lanes[c].src[0] = a[c];
      lanes[c].src[1] = b[c];
   }
   legalize(l, lanes, 4);
   for (unsigned c = 0; c < 4; c++)
      push_alu(l, &lanes[c]);
}

/* Component-wise operation: hardware source i takes IR source map[i] (or SRC_NONE /
 * SRC_ZERO). */
static void emit_cw(struct lower *l, const struct ir_instruction *inst, enum r600_alu_op op,
                    bool float_src, bool int_result, int m0, int m1, int m2)
{
   const int map[3] = {m0, m1, m2};
   uint32_t d = get_dst(l, &inst->dst);
   if (int_result && inst->dst.saturate) {
      mir_error(l->p, "saturate on an integer result");
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      if (!(inst->dst.writemask & (1u << c)))
         continue;
      struct mir_src src[3];
      memset(src, 0, sizeof(src));
      for (unsigned i = 0; i < 3; i++) {
         if (map[i] == SRC_ZERO)
            src[i] = inline_src(R600_INLINE_0, false);
         else if (map[i] >= 0 && !get_src(l, &inst->src[map[i]], c, float_src, &src[i]))
            return;
      }
      emit(l, op, d, c, true, inst->dst.saturate, &src[0], &src[1], &src[2]);
   }
}

/* An operation producing one scalar that is written to every enabled component. */
static void emit_scalar(struct lower *l, const struct ir_dst *dst, enum r600_alu_op op,
                        const struct mir_src *a)
{
   uint32_t d = get_dst(l, dst);
   unsigned mask = dst->writemask;
   if (popcount4(mask) == 1) {
      emit(l, op, d, (unsigned)__builtin_ctz(mask), true, dst->saturate, a, NULL, NULL);
      return;
   }
   uint32_t t = new_temp(l);
   struct mir_src ts = reg_src(t, 0);
   emit(l, op, t, 0, true, false, a, NULL, NULL);
   for (unsigned c = 0; c < 4; c++)
      if (mask & (1u << c))
         emit(l, R600_ALU_MOV, d, c, true, dst->saturate, &ts, NULL, NULL);
}

/* a < 0 ? b : c  ==  -a > 0 ? b : c (also for NaN: both pick c) */
static void lower_cmp(struct lower *l, const struct ir_instruction *inst)
{
   uint32_t d = get_dst(l, &inst->dst);
   for (unsigned c = 0; c < 4; c++) {
      if (!(inst->dst.writemask & (1u << c)))
         continue;
      struct mir_src a, x, y;
      if (!get_src(l, &inst->src[0], c, true, &a) || !get_src(l, &inst->src[1], c, true, &x) ||
          !get_src(l, &inst->src[2], c, true, &y))
         return;
      if (a.kind == MIR_SRC_LITERAL)
         a.value ^= 0x80000000u;
      else
         a.neg = !a.neg;
      emit(l, R600_ALU_CNDGT, d, c, true, inst->dst.saturate, &a, &x, &y);
   }
}

static void lower_dot(struct lower *l, const struct ir_instruction *inst, unsigned n)
{
   struct mir_src a[4], b[4];
   for (unsigned c = 0; c < 4; c++) {
      if (c < n) {
         if (!get_src(l, &inst->src[0], c, true, &a[c]) ||
             !get_src(l, &inst->src[1], c, true, &b[c]))
            return;
      } else {
         a[c] = b[c] = inline_src(R600_INLINE_0, false);
      }
   }
   emit_reduction(l, R600_ALU_DOT4_IEEE, get_dst(l, &inst->dst), inst->dst.writemask,
                  inst->dst.saturate, a, b);
}

/* SIN/COS: reduce the argument to one period first (docs/r600-hardware-notes.md §4.6): R7xx takes
 * revolutions in [-0.5, 0.5), R6xx radians in [-pi, pi). */
static void lower_trig(struct lower *l, const struct ir_instruction *inst, enum r600_alu_op op)
{
   struct mir_src x;
   if (!get_src(l, &inst->src[0], 0, true, &x))
      return;
   uint32_t t = new_temp(l);
   struct mir_src ts = reg_src(t, 0);
   struct mir_src inv_2pi = literal_src(0.15915494309189535f);
   struct mir_src half = inline_src(R600_INLINE_0_5, false);
   emit(l, R600_ALU_MULADD_IEEE, t, 0, true, false, &x, &inv_2pi, &half);
   emit(l, R600_ALU_FRACT, t, 0, true, false, &ts, NULL, NULL);
   if (l->p->chip == HW_CHIP_R7XX) {
      struct mir_src minus_half = inline_src(R600_INLINE_0_5, true);
      emit(l, R600_ALU_ADD, t, 0, true, false, &ts, &minus_half, NULL);
   } else {
      struct mir_src two_pi = literal_src(6.283185307179586f);
      struct mir_src minus_pi = literal_src(-3.141592653589793f);
      emit(l, R600_ALU_MULADD_IEEE, t, 0, true, false, &ts, &two_pi, &minus_pi);
   }
   emit_scalar(l, &inst->dst, op, &ts);
}

static void lower_kill_if(struct lower *l, const struct ir_instruction *inst)
{
   unsigned seen = 0;
   struct mir_src zero = inline_src(R600_INLINE_0, false);
   for (unsigned c = 0; c < 4; c++) {
      unsigned swz = inst->src[0].swizzle[c];
      if (seen & (1u << swz))
         continue;
      seen |= 1u << swz;
      struct mir_src a;
      if (!get_src(l, &inst->src[0], c, true, &a))
         return;
      /* KILLGT kills where src0 > src1: 0 > a, i.e. a < 0 */
      emit(l, R600_ALU_KILLGT, MIR_NO_REG, 0, false, false, &zero, &a, NULL);
   }
   l->uses_kill = true;
}

/* A fetch coordinate must be a GPR: a register operand without modifiers is used in place
 * (the swizzle becomes the fetch's source select), anything else is copied first. */
static bool coord_reg(struct lower *l, const struct ir_src *s, unsigned needed, uint32_t *reg,
                      uint8_t sel[4])
{
   if (!s->negate && !s->abs &&
       (s->file == IR_FILE_TEMP || s->file == IR_FILE_INPUT || s->file == IR_FILE_OUTPUT)) {
      for (unsigned c = 0; c < 4; c++) {
         struct mir_src m;
         get_src(l, s, c, true, &m);
         *reg = m.value;
         sel[c] = m.chan;
      }
      return true;
   }
   uint32_t t = new_temp(l);
   for (unsigned c = 0; c < 4; c++) {
      sel[c] = R600_SEL_0;
      if (!(needed & (1u << c)))
         continue;
      struct mir_src m;
      if (!get_src(l, s, c, true, &m))
         return false;
      emit(l, R600_ALU_MOV, t, c, true, false, &m, NULL, NULL);
      sel[c] = (uint8_t)c;
   }
   *reg = t;
   return true;
}

/* Adds the fetch node writing the instruction's destination (through a temporary and a
 * clamping MOV when saturating). */
static void emit_fetch(struct lower *l, const struct ir_instruction *inst, struct mir_tex *tex)
{
   uint32_t d = get_dst(l, &inst->dst);
   uint32_t target = inst->dst.saturate ? new_temp(l) : d;
   for (unsigned c = 0; c < 4; c++)
      tex->dst_sel[c] = (inst->dst.writemask & (1u << c)) ? (uint8_t)c : (uint8_t)R600_SEL_MASK;
   tex->dst = target;
   struct mir_node *n = mir_add_node(l->p, MIR_TEX, l->pos);
   if (!n)
      return;
   n->tex = *tex;
   if (inst->dst.saturate) {
      for (unsigned c = 0; c < 4; c++) {
         if (!(inst->dst.writemask & (1u << c)))
            continue;
         struct mir_src ts = reg_src(target, c);
         emit(l, R600_ALU_MOV, d, c, true, true, &ts, NULL, NULL);
      }
   }
}

static void lower_gradient(struct lower *l, const struct ir_instruction *inst, bool vertical)
{
   struct mir_tex tex = {.op = vertical ? R600_TEX_GET_GRADIENTS_V : R600_TEX_GET_GRADIENTS_H,
                         .normalized = true};
   if (!coord_reg(l, &inst->src[0], inst->dst.writemask, &tex.src, tex.src_sel))
      return;
   emit_fetch(l, inst, &tex);
}

/* SET_GRADIENTS_H / _V from src[2] = (d/dx.st, d/dy.st), for the SAMPLE_G that follows.
 * The gradients live in the TEX clause's state (docs/r600-hardware-notes.md §4.4): the
 * three must share a clause. The copy of src[2] is the last ALU work before them, so they
 * open a new clause, which holds at least three fetches. */
static bool set_gradients(struct lower *l, const struct ir_instruction *inst,
                          const struct mir_tex *sample)
{
   uint32_t g = new_temp(l);
   for (unsigned c = 0; c < 4; c++) {
      struct mir_src v;
      if (!get_src(l, &inst->src[2], c, true, &v))
         return false;
      emit(l, R600_ALU_MOV, g, c, true, false, &v, NULL, NULL);
   }
   for (unsigned vertical = 0; vertical < 2; vertical++) {
      struct mir_node *n = mir_add_node(l->p, MIR_TEX, l->pos);
      if (!n)
         return false;
      n->tex = *sample;
      n->tex.op = vertical ? R600_TEX_SET_GRADIENTS_V : R600_TEX_SET_GRADIENTS_H;
      n->tex.src = g;
      n->tex.src_sel[0] = (uint8_t)(vertical ? 2 : 0);
      n->tex.src_sel[1] = (uint8_t)(vertical ? 3 : 1);
      n->tex.src_sel[2] = n->tex.src_sel[3] = R600_SEL_0;
      n->tex.dst = new_temp(l);   /* written by neither */
      memset(n->tex.dst_sel, R600_SEL_MASK, sizeof(n->tex.dst_sel));
   }
   return true;
}

static void lower_texture(struct lower *l, const struct ir_instruction *inst)
{
   bool frag = l->ir->stage == IR_STAGE_FRAGMENT;
   bool cube = inst->tex_target == IR_TEX_CUBE;
   bool uses_w = inst->opcode == IR_TXB || inst->opcode == IR_TXL;
   unsigned sampler = inst->src[1].index;
   struct mir_tex tex = {.normalized = true};

   switch (inst->opcode) {
   case IR_TXB: tex.op = frag ? R600_TEX_SAMPLE_LB : R600_TEX_SAMPLE_L; break;
   case IR_TXL: tex.op = R600_TEX_SAMPLE_L; break;
   case IR_TXD: tex.op = R600_TEX_SAMPLE_G; break;
   default: tex.op = frag ? R600_TEX_SAMPLE : R600_TEX_SAMPLE_LZ; break;
   }
   if (sampler >= R600_MAX_SAMPLERS) {
      mir_error(l->p, "sampler %u out of range (at most %u)", sampler, R600_MAX_SAMPLERS);
      return;
   }
   tex.resource = (uint8_t)(R600_TEX_RESOURCE_OFFSET + sampler);
   tex.sampler = (uint8_t)sampler;

   unsigned ncoord = cube ? 3 : 2;
   uint32_t reg;
   uint8_t sel[4];
   if (inst->opcode == IR_TXP) {
      /* divide the coordinates by w */
      struct mir_src w;
      reg = new_temp(l);
      if (!get_src(l, &inst->src[0], 3, true, &w))
         return;
      emit(l, R600_ALU_RECIP_IEEE, reg, 3, true, false, &w, NULL, NULL);
      struct mir_src rw = reg_src(reg, 3);
      for (unsigned c = 0; c < 4; c++) {
         sel[c] = c < ncoord ? (uint8_t)c : (uint8_t)R600_SEL_0;
         if (c >= ncoord)
            continue;
         struct mir_src v;
         if (!get_src(l, &inst->src[0], c, true, &v))
            return;
         emit(l, R600_ALU_MUL_IEEE, reg, c, true, false, &v, &rw, NULL);
      }
   } else {
      unsigned needed = (1u << ncoord) - 1 + (uses_w ? 8u : 0u);
      if (!coord_reg(l, &inst->src[0], needed, &reg, sel))
         return;
      for (unsigned c = ncoord; c < 3; c++)
         sel[c] = R600_SEL_0;
      if (!uses_w)
         sel[3] = R600_SEL_0;
   }

   if (cube) {
      /* CUBE(v.zzxy, v.yxzz) gives (t, s, 2*major axis, face); the CUBEMAP fetch takes
       * s/|ma| + 1.5, t/|ma| + 1.5 and the face (docs/r600-hardware-notes.md §4.2). */
      struct mir_src v[4], a[4], b[4];
      for (unsigned c = 0; c < 4; c++)
         v[c] = reg_src(reg, sel[c] < 4 ? sel[c] : 0);
      a[0] = v[2]; a[1] = v[2]; a[2] = v[0]; a[3] = v[1];
      b[0] = v[1]; b[1] = v[0]; b[2] = v[2]; b[3] = v[2];
      uint32_t cr = new_temp(l), fr = new_temp(l);
      emit_reduction(l, R600_ALU_CUBE, cr, 0xF, false, a, b);
      struct mir_src ma = reg_src(cr, 2);
      ma.abs = true;
      emit(l, R600_ALU_RECIP_IEEE, cr, 2, true, false, &ma, NULL, NULL);
      struct mir_src cx = reg_src(cr, 0), cy = reg_src(cr, 1), cz = reg_src(cr, 2);
      struct mir_src cw = reg_src(cr, 3), one_half = literal_src(1.5f);
      emit(l, R600_ALU_MULADD_IEEE, fr, 0, true, false, &cy, &cz, &one_half);
      emit(l, R600_ALU_MULADD_IEEE, fr, 1, true, false, &cx, &cz, &one_half);
      emit(l, R600_ALU_MOV, fr, 2, true, false, &cw, NULL, NULL);
      if (uses_w)
         emit(l, R600_ALU_MOV, fr, 3, true, false, &v[3], NULL, NULL);
      reg = fr;
      for (unsigned c = 0; c < 4; c++)
         sel[c] = (uint8_t)c;
      if (!uses_w)
         sel[3] = R600_SEL_0;
   }
   if (inst->opcode == IR_TXD && !set_gradients(l, inst, &tex))
      return;
   tex.src = reg;
   memcpy(tex.src_sel, sel, sizeof(sel));
   emit_fetch(l, inst, &tex);
}

static void add_flow(struct lower *l, enum mir_kind kind)
{
   mir_add_node(l->p, kind, l->pos);
}

static void lower_instruction(struct lower *l, const struct ir_instruction *inst)
{
   switch (inst->opcode) {
   case IR_NOP: break;
   case IR_MOV: emit_cw(l, inst, R600_ALU_MOV, true, false, 0, SRC_NONE, SRC_NONE); break;
   case IR_ADD: emit_cw(l, inst, R600_ALU_ADD, true, false, 0, 1, SRC_NONE); break;
   case IR_MUL: emit_cw(l, inst, R600_ALU_MUL_IEEE, true, false, 0, 1, SRC_NONE); break;
   case IR_MAD: emit_cw(l, inst, R600_ALU_MULADD_IEEE, true, false, 0, 1, 2); break;
   case IR_DP2: lower_dot(l, inst, 2); break;
   case IR_DP3: lower_dot(l, inst, 3); break;
   case IR_DP4: lower_dot(l, inst, 4); break;
   case IR_MIN: emit_cw(l, inst, R600_ALU_MIN_DX10, true, false, 0, 1, SRC_NONE); break;
   case IR_MAX: emit_cw(l, inst, R600_ALU_MAX_DX10, true, false, 0, 1, SRC_NONE); break;
   case IR_RCP: case IR_RSQ: case IR_SQRT: case IR_EX2: case IR_LG2: {
      static const uint8_t ops[] = {
         [IR_RCP] = R600_ALU_RECIP_IEEE, [IR_RSQ] = R600_ALU_RECIPSQRT_IEEE,
         [IR_SQRT] = R600_ALU_SQRT_IEEE, [IR_EX2] = R600_ALU_EXP_IEEE, [IR_LG2] = R600_ALU_LOG_IEEE,
      };
      struct mir_src a;
      if (get_src(l, &inst->src[0], 0, true, &a))
         emit_scalar(l, &inst->dst, ops[inst->opcode], &a);
      break;
   }
   case IR_SIN: lower_trig(l, inst, R600_ALU_SIN); break;
   case IR_COS: lower_trig(l, inst, R600_ALU_COS); break;
   case IR_FLR: emit_cw(l, inst, R600_ALU_FLOOR, true, false, 0, SRC_NONE, SRC_NONE); break;
   case IR_CEIL: emit_cw(l, inst, R600_ALU_CEIL, true, false, 0, SRC_NONE, SRC_NONE); break;
   case IR_FRC: emit_cw(l, inst, R600_ALU_FRACT, true, false, 0, SRC_NONE, SRC_NONE); break;
   case IR_TRUNC: emit_cw(l, inst, R600_ALU_TRUNC, true, false, 0, SRC_NONE, SRC_NONE); break;
   case IR_ROUND: emit_cw(l, inst, R600_ALU_RNDNE, true, false, 0, SRC_NONE, SRC_NONE); break;
   /* a < b is b > a */
   case IR_SLT: emit_cw(l, inst, R600_ALU_SETGT, true, false, 1, 0, SRC_NONE); break;
   case IR_SGE: emit_cw(l, inst, R600_ALU_SETGE, true, false, 0, 1, SRC_NONE); break;
   case IR_SEQ: emit_cw(l, inst, R600_ALU_SETE, true, false, 0, 1, SRC_NONE); break;
   case IR_SNE: emit_cw(l, inst, R600_ALU_SETNE, true, false, 0, 1, SRC_NONE); break;
   case IR_CMP: lower_cmp(l, inst); break;
   /* a != 0 ? b : c  ==  a == 0 ? c : b */
   case IR_CND: emit_cw(l, inst, R600_ALU_CNDE, true, false, 0, 2, 1); break;
   case IR_DDX: lower_gradient(l, inst, false); break;
   case IR_DDY: lower_gradient(l, inst, true); break;
   case IR_KILL_IF: lower_kill_if(l, inst); break;
   case IR_KILL: {
      struct mir_src one = inline_src(R600_INLINE_1, false), zero = inline_src(R600_INLINE_0, false);
      emit(l, R600_ALU_KILLGT, MIR_NO_REG, 0, false, false, &one, &zero, NULL);
      l->uses_kill = true;
      break;
   }
   case IR_I2F: emit_cw(l, inst, R600_ALU_INT_TO_FLT, false, false, 0, SRC_NONE, SRC_NONE); break;
   case IR_U2F: emit_cw(l, inst, R600_ALU_UINT_TO_FLT, false, false, 0, SRC_NONE, SRC_NONE); break;
   case IR_F2I: emit_cw(l, inst, R600_ALU_FLT_TO_INT, true, true, 0, SRC_NONE, SRC_NONE); break;
   case IR_F2U: emit_cw(l, inst, R600_ALU_FLT_TO_UINT, true, true, 0, SRC_NONE, SRC_NONE); break;
   case IR_IADD: emit_cw(l, inst, R600_ALU_ADD_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_IMUL: emit_cw(l, inst, R600_ALU_MULLO_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_INEG: emit_cw(l, inst, R600_ALU_SUB_INT, false, true, SRC_ZERO, 0, SRC_NONE); break;
   case IR_AND: emit_cw(l, inst, R600_ALU_AND_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_OR: emit_cw(l, inst, R600_ALU_OR_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_XOR: emit_cw(l, inst, R600_ALU_XOR_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_NOT: emit_cw(l, inst, R600_ALU_NOT_INT, false, true, 0, SRC_NONE, SRC_NONE); break;
   case IR_ISHL: emit_cw(l, inst, R600_ALU_LSHL_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_ISHR: emit_cw(l, inst, R600_ALU_ASHR_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_USHR: emit_cw(l, inst, R600_ALU_LSHR_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_ISLT: emit_cw(l, inst, R600_ALU_SETGT_INT, false, true, 1, 0, SRC_NONE); break;
   case IR_ISGE: emit_cw(l, inst, R600_ALU_SETGE_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_IEQ: emit_cw(l, inst, R600_ALU_SETE_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_INE: emit_cw(l, inst, R600_ALU_SETNE_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_USLT: emit_cw(l, inst, R600_ALU_SETGT_UINT, false, true, 1, 0, SRC_NONE); break;
   case IR_USGE: emit_cw(l, inst, R600_ALU_SETGE_UINT, false, true, 0, 1, SRC_NONE); break;
   case IR_IMIN: emit_cw(l, inst, R600_ALU_MIN_INT, false, true, 0, 1, SRC_NONE); break;
   case IR_IMAX: emit_cw(l, inst, R600_ALU_MAX_INT, false, true, 0, 1, SRC_NONE); break;
   /* a != 0 ? b : c  ==  a == 0 ? c : b */
   case IR_UCMP: emit_cw(l, inst, R600_ALU_CNDE_INT, false, true, 0, 2, 1); break;
   case IR_TEX: case IR_TXB: case IR_TXL: case IR_TXP: case IR_TXD: lower_texture(l, inst); break;
   case IR_IF: {
      struct mir_src cond;
      if (!get_src(l, &inst->src[0], 0, true, &cond))
         break;
      struct mir_node *n = mir_add_node(l->p, MIR_IF, l->pos);
      if (n)
         n->cond = cond;
      break;
   }
   case IR_ELSE: add_flow(l, MIR_ELSE); break;
   case IR_ENDIF: add_flow(l, MIR_ENDIF); break;
   case IR_LOOP: add_flow(l, MIR_LOOP); break;
   case IR_ENDLOOP: add_flow(l, MIR_ENDLOOP); break;
   case IR_BRK: add_flow(l, MIR_BRK); break;
   case IR_CONT: add_flow(l, MIR_CONT); break;
   default:
      mir_error(l->p, "unsupported IR opcode %u", inst->opcode);
      break;
   }
}

/* Channels of `reg` a node reads / writes. */
static unsigned node_reads(const struct mir_node *n, uint32_t reg)
{
   unsigned m = 0;
   if (n->kind == MIR_ALU) {
      for (unsigned s = 0; s < r600_alu_op_info(n->alu.op)->num_src; s++)
         if (n->alu.src[s].kind == MIR_SRC_REG && n->alu.src[s].value == reg)
            m |= 1u << n->alu.src[s].chan;
   } else if (n->kind == MIR_TEX && n->tex.src == reg) {
      for (unsigned c = 0; c < 4; c++)
         if (n->tex.src_sel[c] <= R600_SEL_W)
            m |= 1u << n->tex.src_sel[c];
   }
   return m;
}

static unsigned node_writes(const struct mir_node *n, uint32_t reg)
{
   unsigned m = 0;
   if (n->kind == MIR_ALU && n->alu.write && n->alu.dst == reg)
      m = 1u << n->alu.dst_chan;
   else if (n->kind == MIR_TEX && n->tex.dst == reg)
      for (unsigned c = 0; c < 4; c++)
         if (n->tex.dst_sel[c] != R600_SEL_MASK)
            m |= 1u << c;
   return m;
}

/* An IR instruction reads all its sources before writing its destination; the scalar
 * operations it became run in order. When one of them reads a component of the
 * destination that an earlier one already wrote, the results go to a temporary that is
 * copied to the destination at the end. Lanes of one reduction issue together. */
static void fix_dst_overlap(struct lower *l, unsigned first, uint32_t d)
{
   struct mir_program *p = l->p;
   unsigned written = 0, end = p->num_nodes;
   bool overlap = false;
   for (unsigned i = first; i < end && !overlap;) {
      unsigned unit = p->nodes[i].kind == MIR_ALU && p->nodes[i].alu.lane_of == 4 ? 4 : 1;
      unsigned rd = 0, wr = 0;
      for (unsigned k = i; k < i + unit && k < end; k++) {
         rd |= node_reads(&p->nodes[k], d);
         wr |= node_writes(&p->nodes[k], d);
      }
      overlap = (rd & written) != 0;
      written |= wr;
      i += unit;
   }
   if (!overlap)
      return;
   uint32_t t = new_temp(l);
   unsigned all = 0;
   for (unsigned i = first; i < end; i++) {
      struct mir_node *n = &p->nodes[i];
      all |= node_writes(n, d);
      if (n->kind == MIR_ALU && n->alu.dst == d)
         n->alu.dst = t;
      else if (n->kind == MIR_TEX && n->tex.dst == d)
         n->tex.dst = t;
   }
   for (unsigned c = 0; c < 4; c++) {
      if (all & (1u << c)) {
         struct mir_src ts = reg_src(t, c);
         emit(l, R600_ALU_MOV, d, c, true, false, &ts, NULL, NULL);
      }
   }
}

static void add_export(struct lower *l, enum r600_export_type type, unsigned base, uint32_t reg,
                       uint8_t sx, uint8_t sy, uint8_t sz, uint8_t sw)
{
   struct mir_program *p = l->p;
   if (p->num_exports == sizeof(p->exports) / sizeof(p->exports[0])) {
      mir_error(p, "too many exports");
      return;
   }
   struct mir_export *e = &p->exports[p->num_exports++];
   e->type = (uint8_t)type;
   e->array_base = (uint16_t)base;
   e->reg = reg;
   e->sel[0] = sx;
   e->sel[1] = sy;
   e->sel[2] = sz;
   e->sel[3] = sw;
}

/* Outputs are ordinary vregs: the exports name whatever GPR they get (or, after copy
 * propagation, the register their value was copied from). */
static void setup_outputs(struct lower *l)
{
   const struct ir_shader *ir = l->ir;
   for (unsigned i = 0; i < ir->num_outputs; i++)
      l->output_reg[i] = new_temp(l);
}

static void setup_vs(struct lower *l)
{
   const struct ir_shader *ir = l->ir;
   struct r600_shader_binary *out = l->out;
   uint32_t gpr0 = MIR_NO_REG;
   unsigned nattr = 0;

   for (unsigned i = 0; i < ir->num_inputs; i++) {
      const struct ir_io *io = &ir->inputs[i];
      switch (io->semantic) {
      case IR_SEM_ATTRIB:
         if (nattr != i) {
            mir_error(l->p, "vertex input %u: ATTRIB inputs must come first", i);
            return;
         }
         /* the fetch shader loads vertex element i into GPR i + 1 */
         l->input_reg[i] = mir_new_vreg(l->p, (int)(1 + nattr));
         for (unsigned c = 0; c < 4; c++)
            l->input_chan[i][c] = (uint8_t)c;
         nattr++;
         break;
      case IR_SEM_VERTEXID:
      case IR_SEM_INSTANCEID:
         /* GPR0.x = vertex id, GPR0.w = instance id on VS entry */
         if (gpr0 == MIR_NO_REG)
            gpr0 = mir_new_vreg(l->p, 0);
         l->input_reg[i] = gpr0;
         memset(l->input_chan[i], io->semantic == IR_SEM_VERTEXID ? 0 : 3, 4);
         break;
      default:
         mir_error(l->p, "vertex input %u: unsupported semantic %u", i, io->semantic);
         return;
      }
   }
   l->p->num_reserved_gprs = 1 + nattr;
   setup_outputs(l);

   int position = -1;
   for (unsigned i = 0; i < ir->num_outputs; i++)
      if (ir->outputs[i].semantic == IR_SEM_POSITION && position < 0)
         position = (int)i;
   if (position >= 0)
      add_export(l, R600_EXPORT_POS, 60, l->output_reg[position], R600_SEL_X, R600_SEL_Y,
                 R600_SEL_Z, R600_SEL_W);
   else
      add_export(l, R600_EXPORT_POS, 60, MIR_NO_REG, R600_SEL_0, R600_SEL_0, R600_SEL_0,
                 R600_SEL_1);
   for (unsigned i = 0; i < ir->num_outputs; i++) {
      if (ir->outputs[i].semantic == IR_SEM_PSIZE && !out->writes_psize) {
         /* misc vector: point size in x */
         add_export(l, R600_EXPORT_POS, 61, l->output_reg[i], R600_SEL_X, R600_SEL_MASK,
                    R600_SEL_MASK, R600_SEL_MASK);
         out->writes_psize = true;
      }
   }
   /* clip distances 0-3, then 4-7: the next position slots after the misc vector */
   unsigned clip_base = out->writes_psize ? 62 : 61;
   for (unsigned k = 0; k < 2; k++) {
      for (unsigned i = 0; i < ir->num_outputs; i++) {
         const struct ir_io *io = &ir->outputs[i];
         if (io->semantic != IR_SEM_CLIPDIST || io->index != k || !io->usage_mask ||
             (out->clip_dist_write >> (4 * k) & 0xF))
            continue;
         unsigned m = io->usage_mask;   /* distances past the array's size: masked */
         add_export(l, R600_EXPORT_POS, clip_base++, l->output_reg[i],
                    m & 1 ? R600_SEL_X : R600_SEL_MASK, m & 2 ? R600_SEL_Y : R600_SEL_MASK,
                    m & 4 ? R600_SEL_Z : R600_SEL_MASK, m & 8 ? R600_SEL_W : R600_SEL_MASK);
         out->clip_dist_write |= (uint8_t)((io->usage_mask & 0xF) << (4 * k));
      }
   }
   for (unsigned i = 0; i < ir->num_outputs; i++) {
      const struct ir_io *io = &ir->outputs[i];
      if (io->semantic == IR_SEM_POSITION || io->semantic == IR_SEM_PSIZE)
         continue;
      if (io->semantic == IR_SEM_CLIPDIST && io->index < 2)
         continue;
      if (io->semantic != IR_SEM_GENERIC) {
         mir_error(l->p, "vertex output %u: unsupported semantic %u", i, io->semantic);
         return;
      }
      if (out->num_params == 32 || io->index > 253) {
         mir_error(l->p, "vertex output %u: too many varyings", i);
         return;
      }
      out->param_id[out->num_params] = r600_generic_semantic_id(io->index);
      add_export(l, R600_EXPORT_PARAM, out->num_params, l->output_reg[i], R600_SEL_X, R600_SEL_Y,
                 R600_SEL_Z, R600_SEL_W);
      out->num_params++;
   }
   if (!out->num_params) {
      /* the VS must export at least one parameter: a dummy with every component masked */
      out->param_id[0] = 0;
      out->num_params = 1;
      add_export(l, R600_EXPORT_PARAM, 0, MIR_NO_REG, R600_SEL_MASK, R600_SEL_MASK,
                 R600_SEL_MASK, R600_SEL_MASK);
   }
}

/* Framebuffer fetch (R600_FB_FETCH_RESOURCE_OFFSET): each FBFETCH input is a TEX LD of the
 * copy of its colour buffer at the pixel's window position. The SPI's position holds
 * pixel centres (x + 0.5, y + 0.5) in the colour buffer's own rows, so truncating it to
 * integers gives the texel. */
static void fetch_framebuffer(struct lower *l, uint32_t position)
{
   const struct ir_shader *ir = l->ir;
   uint32_t texel = new_temp(l);
   for (unsigned c = 0; c < 2; c++) {
      struct mir_src p = reg_src(position, c);
      emit(l, R600_ALU_FLT_TO_INT, texel, c, true, false, &p, NULL, NULL);
   }
   for (unsigned i = 0; i < ir->num_inputs; i++) {
      const struct ir_io *io = &ir->inputs[i];
      if (io->semantic != IR_SEM_FBFETCH)
         continue;
      struct mir_node *n = mir_add_node(l->p, MIR_TEX, l->pos);
      if (!n)
         return;
      n->tex = (struct mir_tex){ .op = R600_TEX_LD,
                                 .resource = (uint8_t)R600_FB_FETCH_RESOURCE_ID(io->index),
                                 .src = texel, .dst = l->input_reg[i],
                                 .src_sel = { R600_SEL_X, R600_SEL_Y, R600_SEL_0, R600_SEL_0 },
                                 .dst_sel = { R600_SEL_X, R600_SEL_Y, R600_SEL_Z, R600_SEL_W } };
   }
}

static void setup_ps(struct lower *l)
{
   const struct ir_shader *ir = l->ir;
   struct r600_shader_binary *out = l->out;

   /* the SPI interpolates its inputs into GPR 0, 1, ... in IR order; framebuffer fetches
    * are not among them */
   unsigned gpr = 0;
   for (unsigned i = 0; i < ir->num_inputs; i++) {
      const struct ir_io *io = &ir->inputs[i];
      for (unsigned c = 0; c < 4; c++)
         l->input_chan[i][c] = (uint8_t)c;
      if (io->semantic == IR_SEM_FBFETCH) {
         if (io->index >= PIPE_MAX_COLOR_BUFS) {
            mir_error(l->p, "fragment input %u: colour buffer %u out of range", i, io->index);
            return;
         }
         l->input_reg[i] = new_temp(l);
         out->fb_fetch_mask |= (uint8_t)(1u << io->index);
         continue;
      }
      l->input_reg[i] = mir_new_vreg(l->p, (int)gpr);
      out->inputs[gpr].flat = io->interp == IR_INTERP_FLAT;
      out->inputs[gpr].linear = io->interp == IR_INTERP_LINEAR;
      out->inputs[gpr].centroid = io->centroid;
      switch (io->semantic) {
      case IR_SEM_GENERIC:
         if (io->index > 253) {
            mir_error(l->p, "fragment input %u: varying %u out of range", i, io->index);
            return;
         }
         out->inputs[gpr].semantic_id = r600_generic_semantic_id(io->index);
         break;
      case IR_SEM_POSITION:
         out->position_gpr = (int)gpr;
         l->position = l->input_reg[i];
         break;
      case IR_SEM_FACE:
         out->face_gpr = (int)gpr;
         break;
      case IR_SEM_POINTCOORD:
         out->inputs[gpr].pt_sprite = true;
         break;
      default:
         mir_error(l->p, "fragment input %u: unsupported semantic %u", i, io->semantic);
         return;
      }
      gpr++;
   }
   out->num_inputs = gpr;
   if (out->fb_fetch_mask && out->position_gpr < 0) {
      /* the fetches need the position: the SPI writes it past the inputs */
      out->position_gpr = (int)gpr;
      l->position = mir_new_vreg(l->p, (int)gpr++);
   }
   l->p->num_reserved_gprs = gpr;
   out->fb_fetch_noncoherent = out->fb_fetch_mask && ir->fb_fetch_noncoherent;
   if (out->fb_fetch_mask)
      fetch_framebuffer(l, l->position);
   setup_outputs(l);

   int color[8], depth = -1, secondary = -1;
   unsigned ncolor = 0;
   for (unsigned i = 0; i < 8; i++)
      color[i] = -1;
   for (unsigned i = 0; i < ir->num_outputs; i++) {
      const struct ir_io *io = &ir->outputs[i];
      if (io->semantic == IR_SEM_COLOR && io->index < 8 && color[io->index] < 0) {
         color[io->index] = (int)i;
         if (io->index + 1u > ncolor)
            ncolor = io->index + 1u;
      } else if (io->semantic == IR_SEM_DEPTH && depth < 0) {
         depth = (int)i;
      } else if (io->semantic == IR_SEM_SECONDARY_COLOR && io->index == 0 && secondary < 0) {
         secondary = (int)i;
      } else {
         mir_error(l->p, "fragment output %u: unsupported or repeated semantic %u index %u", i,
                   io->semantic, io->index);
         return;
      }
   }
   /* colour n -> PIXEL n; gaps and a shader without colour get masked exports. The CB's
    * dual-source blend reads its second source from PIXEL 1 (docs/r600-hardware-notes.md
    * §1.3): a secondary colour takes that export, and colours 1.. are not exported. */
   if (secondary >= 0) {
      color[1] = secondary;
      ncolor = 2;
   }
   out->num_color_exports = ncolor ? ncolor : 1;
   out->color0_writes_all = ir->color0_writes_all && secondary < 0;
   for (unsigned n = 0; n < out->num_color_exports; n++) {
      if (color[n] >= 0)
         add_export(l, R600_EXPORT_PIXEL, n, l->output_reg[color[n]], R600_SEL_X, R600_SEL_Y,
                    R600_SEL_Z, R600_SEL_W);
      else
         add_export(l, R600_EXPORT_PIXEL, n, MIR_NO_REG, R600_SEL_MASK, R600_SEL_MASK,
                    R600_SEL_MASK, R600_SEL_MASK);
   }
   if (depth >= 0) {
      /* PIXEL 61: x = depth, taken from the output's z */
      add_export(l, R600_EXPORT_PIXEL, 61, l->output_reg[depth], R600_SEL_Z, R600_SEL_MASK,
                 R600_SEL_MASK, R600_SEL_MASK);
      out->writes_depth = true;
   }

   if (out->position_gpr >= 0) {
      /* the SPI delivers w in gl_FragCoord.w; GL wants 1/w */
      uint32_t pos = l->position;
      struct mir_src w = reg_src(pos, 3);
      emit(l, R600_ALU_RECIP_IEEE, pos, 3, true, false, &w, NULL, NULL);
   }
}

static bool writes_dst(unsigned opcode)
{
   switch (opcode) {
   case IR_NOP: case IR_KILL_IF: case IR_KILL: case IR_IF: case IR_ELSE: case IR_ENDIF:
   case IR_LOOP: case IR_ENDLOOP: case IR_BRK: case IR_CONT: case IR_END:
      return false;
   default:
      return true;
   }
}

bool r600_lower_ir(const struct ir_shader *ir, struct mir_program *p,
                   struct r600_shader_binary *out)
{
   struct lower l;
   memset(&l, 0, sizeof(l));
   l.ir = ir;
   l.p = p;
   l.out = out;
   p->stage = (enum ir_stage)ir->stage;
   out->position_gpr = -1;
   out->face_gpr = -1;

   /* TEMP i is vreg i */
   for (unsigned i = 0; i < ir->num_temps; i++)
      mir_new_vreg(p, -1);
   if (!r600_rel_arrays(ir, p))
      return false;
   if (ir->stage == IR_STAGE_VERTEX)
      setup_vs(&l);
   else
      setup_ps(&l);

   for (uint32_t n = 0; n < ir->num_instructions && !p->error; n++) {
      const struct ir_instruction *inst = &ir->instructions[n];
      if (inst->opcode == IR_END)
         break;
      l.pos = n + 1;
      struct ir_instruction plain;
      if (!r600_rel_load(ir, p, l.pos, inst, &plain))
         break;
      unsigned first = p->num_nodes;
      lower_instruction(&l, &plain);
      if (!p->error && writes_dst(plain.opcode))
         fix_dst_overlap(&l, first, get_dst(&l, &plain.dst));
      if (!p->error && inst->dst.rel)
         r600_rel_store(p, l.pos, inst, &plain);
   }
   l.pos = ir->num_instructions + 1;

   out->uses_kill = l.uses_kill || ir->uses_discard;
   out->num_consts = l.const_end > ir->num_consts ? l.const_end : ir->num_consts;
   return !p->error;
}
