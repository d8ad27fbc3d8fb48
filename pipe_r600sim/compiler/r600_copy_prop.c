/* Copy propagation: a plain MOV d.c = s.k (no modifier, no clamp: MOV copies the bits) lets
 * the reads after it in the same straight-line stretch read s.k instead of d.c, as long as
 * neither has been written since: ALU operands, fetch coordinates, IF conditions and, at
 * the end of the last stretch, the exports. A MOV whose destination channel is then read
 * nowhere in the program (exports count) is removed. The IR front end leaves such chains
 * behind (a value copied to a variable, the variable to the output), and each copy is an
 * ALU instruction: `gl_FragColor = v_color` becomes an export of the input's GPR, with no
 * ALU clause at all.
 *
 * A fetch or an export reads one GPR through a swizzle: it is rewritten only when every
 * channel it reads is a copy from one register (the swizzles compose). An export also
 * takes a MOV of 0.0 or 1.0 as its constant select (SEL_0, SEL_1: the same bits), so
 * `vec4(v.xyz, 1.0)` is an export of v's GPR with select xyz1. Kept as they are:
 * members of relatively addressed arrays (written through AR, which the copies here do not
 * track), relative operands, reductions (their lanes read their GPRs in one group, which
 * more registers may not fit) and SET_GRADIENTS (the copy of the gradients opens the
 * clause that must hold them and their SAMPLE_G). Stretches end at flow markers, so a copy
 * never reaches past a branch or into a loop. A fixed GPR (an input) is one vreg, so the
 * writes of a vreg are all the writes of its GPR. */
#include <stdlib.h>
#include <string.h>

#include "r600_mir.h"

/* dst = src_reg.src_chan, or with src_reg MIR_NO_REG the constant select src_chan */
struct copy {
   uint32_t dst_key, src_reg;
   uint8_t src_chan;
};

struct prop {
   struct mir_program *p;
   uint32_t *reads;         /* per key (vreg * 4 + channel): reads left in the program */
   uint8_t *pinned;         /* per vreg */
   struct copy *copies;     /* copies valid at the current node */
   unsigned num_copies;
};

static uint32_t key_of(uint32_t reg, unsigned chan)
{
   return reg * 4 + chan;
}

/* Reads of every key; relative operands pin their arrays' registers and address. */
static void count_reads(struct prop *o)
{
   struct mir_program *p = o->p;
   for (unsigned i = 0; i < p->num_nodes; i++) {
      const struct mir_node *n = &p->nodes[i];
      if (n->kind == MIR_ALU) {
         const struct mir_alu *a = &n->alu;
         for (unsigned s = 0; s < r600_alu_op_info(a->op)->num_src; s++)
            if (a->src[s].kind == MIR_SRC_REG)
               o->reads[key_of(a->src[s].value, a->src[s].chan)]++;
         if (mir_alu_rel(a)) {
            o->reads[key_of(a->addr, a->addr_chan)]++;
            for (uint32_t r = 0; r < a->rel_count; r++)
               o->pinned[a->rel_first + r] = 1;
         }
      } else if (n->kind == MIR_TEX) {
         for (unsigned c = 0; c < 4; c++)
            if (n->tex.src_sel[c] <= R600_SEL_W)
               o->reads[key_of(n->tex.src, n->tex.src_sel[c])]++;
      } else if (n->kind == MIR_VTX) {
         o->reads[key_of(n->vtx.src, n->vtx.src_chan)]++;
      } else if (n->kind == MIR_IF && n->cond.kind == MIR_SRC_REG) {
         o->reads[key_of(n->cond.value, n->cond.chan)]++;
      }
   }
   for (unsigned e = 0; e < p->num_exports; e++)
      for (unsigned c = 0; c < 4; c++)
         if (p->exports[e].reg != MIR_NO_REG && p->exports[e].sel[c] <= R600_SEL_W)
            o->reads[key_of(p->exports[e].reg, p->exports[e].sel[c])]++;
}

/* Forgets the copies that a write of `key` makes stale. */
static void written(struct prop *o, uint32_t key)
{
   for (unsigned i = 0; i < o->num_copies;) {
      const struct copy *c = &o->copies[i];
      if (c->dst_key == key ||
          (c->src_reg != MIR_NO_REG && key_of(c->src_reg, c->src_chan) == key))
         o->copies[i] = o->copies[--o->num_copies];
      else
         i++;
   }
}

static void node_writes(struct prop *o, const struct mir_node *n)
{
   if (n->kind == MIR_ALU && n->alu.write && n->alu.dst != MIR_NO_REG && !n->alu.dst_rel) {
      written(o, key_of(n->alu.dst, n->alu.dst_chan));
   } else if (n->kind == MIR_TEX) {
      for (unsigned c = 0; c < 4; c++)
         if (n->tex.dst_sel[c] != R600_SEL_MASK)
            written(o, key_of(n->tex.dst, c));
   } else if (n->kind == MIR_VTX) {
      for (unsigned c = 0; c < 4; c++)
         written(o, key_of(n->vtx.dst, c));
   }
}

static bool is_plain_copy(const struct prop *o, const struct mir_alu *a)
{
   const struct mir_src *s = &a->src[0];
   return a->op == R600_ALU_MOV && a->write && !a->clamp && !a->lane_of && !mir_alu_rel(a) &&
          a->dst != MIR_NO_REG && s->kind == MIR_SRC_REG && !s->neg && !s->abs &&
          !o->pinned[a->dst] && !o->pinned[s->value] &&
          key_of(s->value, s->chan) != key_of(a->dst, a->dst_chan);
}

/* A MOV of 0.0 or 1.0 (no modifier): the export select with those bits, else
 * R600_SEL_MASK. */
static uint8_t const_sel(const struct prop *o, const struct mir_alu *a)
{
   const struct mir_src *s = &a->src[0];
   if (a->op != R600_ALU_MOV || !a->write || a->clamp || a->lane_of || mir_alu_rel(a) ||
       a->dst == MIR_NO_REG || o->pinned[a->dst] || s->kind != MIR_SRC_INLINE || s->neg ||
       s->abs)
      return R600_SEL_MASK;
   return s->value == R600_INLINE_0 ? R600_SEL_0
        : s->value == R600_INLINE_1 ? R600_SEL_1 : R600_SEL_MASK;
}

static const struct copy *find_copy(const struct prop *o, uint32_t key)
{
   for (unsigned i = 0; i < o->num_copies; i++)
      if (o->copies[i].dst_key == key)
         return &o->copies[i];
   return NULL;
}

/* A read of reg.chan reads the copy's source instead, if it is a copy. */
static void rewrite_scalar(struct prop *o, uint32_t *reg, uint8_t *chan)
{
   const struct copy *k = find_copy(o, key_of(*reg, *chan));
   if (!k || k->src_reg == MIR_NO_REG)
      return;
   o->reads[k->dst_key]--;
   *reg = k->src_reg;
   *chan = k->src_chan;
   o->reads[key_of(*reg, *chan)]++;
}

/* A read of one GPR through a swizzle (sel[c] > R600_SEL_W: no channel): it reads the
 * source of the copies instead when every channel read is a copy from one register, or
 * with `consts` a constant copy (the select becomes SEL_0 / SEL_1; reg MIR_NO_REG when
 * every one is). */
static void rewrite_swizzled(struct prop *o, uint32_t *reg, uint8_t sel[4], bool consts)
{
   uint32_t src = MIR_NO_REG;
   uint8_t chan[4];
   bool any = false;
   for (unsigned c = 0; c < 4; c++) {
      if (sel[c] > R600_SEL_W)
         continue;
      const struct copy *k = find_copy(o, key_of(*reg, sel[c]));
      if (!k || (k->src_reg == MIR_NO_REG && !consts) ||
          (k->src_reg != MIR_NO_REG && src != MIR_NO_REG && k->src_reg != src))
         return;
      if (k->src_reg != MIR_NO_REG)
         src = k->src_reg;
      chan[c] = k->src_chan;
      any = true;
   }
   if (!any)
      return;
   for (unsigned c = 0; c < 4; c++) {
      if (sel[c] > R600_SEL_W)
         continue;
      o->reads[key_of(*reg, sel[c])]--;
      sel[c] = chan[c];
      if (chan[c] <= R600_SEL_W)
         o->reads[key_of(src, chan[c])]++;
   }
   *reg = src;
}

static void rewrite_reads(struct prop *o, struct mir_node *n)
{
   switch (n->kind) {
   case MIR_ALU:
      if (mir_alu_rel(&n->alu) || n->alu.lane_of)
         break;
      for (unsigned s = 0; s < r600_alu_op_info(n->alu.op)->num_src; s++)
         if (n->alu.src[s].kind == MIR_SRC_REG)
            rewrite_scalar(o, &n->alu.src[s].value, &n->alu.src[s].chan);
      break;
   case MIR_TEX:
      if (n->tex.op != R600_TEX_SET_GRADIENTS_H && n->tex.op != R600_TEX_SET_GRADIENTS_V)
         rewrite_swizzled(o, &n->tex.src, n->tex.src_sel, false);
      break;
   case MIR_VTX:
      rewrite_scalar(o, &n->vtx.src, &n->vtx.src_chan);
      break;
   case MIR_IF:
      if (n->cond.kind == MIR_SRC_REG)
         rewrite_scalar(o, &n->cond.value, &n->cond.chan);
      break;
   default:
      break;
   }
}

static void propagate(struct prop *o)
{
   struct mir_program *p = o->p;
   for (unsigned i = 0; i < p->num_nodes; i++) {
      struct mir_node *n = &p->nodes[i];
      rewrite_reads(o, n);
      if (n->kind != MIR_ALU && n->kind != MIR_TEX && n->kind != MIR_VTX) {
         o->num_copies = 0;   /* flow marker: the stretch ends */
         continue;
      }
      node_writes(o, n);
      if (n->kind != MIR_ALU)
         continue;
      struct copy k = {.dst_key = key_of(n->alu.dst, n->alu.dst_chan), .src_reg = MIR_NO_REG,
                       .src_chan = const_sel(o, &n->alu)};
      if (is_plain_copy(o, &n->alu)) {
         /* a copy of a register holding a copied constant copies the constant */
         const struct copy *c = find_copy(o, key_of(n->alu.src[0].value, n->alu.src[0].chan));
         k.src_reg = c && c->src_reg == MIR_NO_REG ? MIR_NO_REG : n->alu.src[0].value;
         k.src_chan = c && c->src_reg == MIR_NO_REG ? c->src_chan : n->alu.src[0].chan;
      }
      if (k.src_reg != MIR_NO_REG || k.src_chan != R600_SEL_MASK)
         o->copies[o->num_copies++] = k;
   }
   /* the exports read what is left at the end */
   for (unsigned e = 0; e < p->num_exports; e++)
      if (p->exports[e].reg != MIR_NO_REG)
         rewrite_swizzled(o, &p->exports[e].reg, p->exports[e].sel, true);
}

/* Removes the copies (of registers, of 0.0 and 1.0) nothing reads any more, last first: a
 * copy read only by removed copies goes too. */
static void remove_dead(struct prop *o, uint8_t *dead)
{
   struct mir_program *p = o->p;
   for (unsigned i = p->num_nodes; i-- > 0;) {
      const struct mir_node *n = &p->nodes[i];
      if (n->kind != MIR_ALU)
         continue;
      bool plain = is_plain_copy(o, &n->alu);
      if ((!plain && const_sel(o, &n->alu) == R600_SEL_MASK) ||
          o->reads[key_of(n->alu.dst, n->alu.dst_chan)] != 0)
         continue;
      if (plain)
         o->reads[key_of(n->alu.src[0].value, n->alu.src[0].chan)]--;
      dead[i] = 1;
   }
   unsigned out = 0;
   for (unsigned i = 0; i < p->num_nodes; i++)
      if (!dead[i])
         p->nodes[out++] = p->nodes[i];
   p->num_nodes = out;
}

bool r600_propagate_copies(struct mir_program *p)
{
   struct prop o;
   memset(&o, 0, sizeof(o));
   o.p = p;
   unsigned nv = p->num_vregs ? p->num_vregs : 1;
   o.reads = calloc((size_t)nv * 4, sizeof(*o.reads));
   o.pinned = calloc(nv, 1);
   o.copies = malloc((p->num_nodes ? p->num_nodes : 1) * sizeof(*o.copies));
   uint8_t *dead = calloc(p->num_nodes ? p->num_nodes : 1, 1);
   bool ok = o.reads && o.pinned && o.copies && dead;
   if (ok) {
      for (unsigned a = 0; a < p->num_arrays; a++)
         for (unsigned k = 0; k < p->arrays[a].count; k++)
            o.pinned[p->arrays[a].first + k] = 1;
      count_reads(&o);
      propagate(&o);
      remove_dead(&o, dead);
   } else {
      mir_error(p, "out of memory");
   }
   free(o.reads);
   free(o.pinned);
   free(o.copies);
   free(dead);
   return ok;
}
