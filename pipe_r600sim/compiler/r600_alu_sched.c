/* VLIW5 group packing and ALU clause formation (see r600_alu_sched.h). */
#include "r600_alu_sched.h"

#include <stdlib.h>
#include <string.h>

#include "hw/hw_alu_readport.h"

static unsigned popcount8(unsigned v)
{
   unsigned n = 0;
   for (; v; v &= v - 1)
      n++;
   return n;
}

static unsigned group_slots(const struct r600_alu_group *g)
{
   return popcount8(g->used) + hw_alu_literal_dwords(g->num_literals) / 2;
}

unsigned r600_alu_clause_slots(const struct r600_alu_clause *c)
{
   unsigned n = 0;
   for (unsigned i = 0; i < c->num_groups; i++)
      n += group_slots(&c->groups[i]);
   return n;
}

/* KILL* and PRED_SET* share the one such instruction a group may hold (docs/r600-hardware-notes.md
 * §4.2). */
static bool is_once_per_group(const struct mir_alu *a)
{
   return (r600_alu_op_info(a->op)->flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET)) != 0;
}

/* Adds `line` to the ascending set; false when the set would exceed `max`. */
static bool add_line(uint16_t *lines, unsigned *n, unsigned max, uint16_t line)
{
   unsigned i = 0;
   while (i < *n && lines[i] < line)
      i++;
   if (i < *n && lines[i] == line)
      return true;
   if (*n == max)
      return false;
   memmove(&lines[i + 1], &lines[i], (*n - i) * sizeof(lines[0]));
   lines[i] = line;
   (*n)++;
   return true;
}

/* Covers the ascending lines with two locks of one or two consecutive lines each. */
static bool lines_fit(const uint16_t *lines, unsigned n, struct r600_kcache_lock lock[2])
{
   unsigned i = 0;
   for (unsigned set = 0; set < 2; set++) {
      lock[set].mode = R600_KCACHE_NONE;
      lock[set].line = 0;
      if (i == n)
         continue;
      lock[set].line = (uint8_t)lines[i];
      lock[set].mode = R600_KCACHE_LOCK_1;
      i++;
      if (i < n && lines[i] == lines[i - 1] + 1) {
         lock[set].mode = R600_KCACHE_LOCK_2;
         i++;
      }
   }
   return i == n;
}

static bool op_lines(const struct mir_alu *ops, unsigned n, uint16_t *lines, unsigned *num)
{
   for (unsigned k = 0; k < n; k++) {
      for (unsigned s = 0; s < 3; s++) {
         if (ops[k].src[s].kind == MIR_SRC_CONST &&
             !add_line(lines, num, 4, (uint16_t)(ops[k].src[s].value / 16)))
            return false;
      }
   }
   return true;
}

/* The constant-read limit of a group (hw_alu_group.h) over a set of instructions. */
static bool const_reads_ok(const struct mir_alu *const *ops, unsigned n, enum hw_chip chip)
{
   struct hw_const_reads reads;
   hw_const_reads_init(&reads, chip);
   for (unsigned k = 0; k < n; k++) {
      for (unsigned s = 0; s < 3; s++) {
         const struct mir_src *src = &ops[k]->src[s];
         if (src->kind == MIR_SRC_CONST && !hw_const_reads_add(&reads, src->value, src->chan))
            return false;
      }
   }
   return true;
}

/* Reserves the GPR read ports of one instruction under bank swizzle `sw`. */
static bool try_swizzle(const struct mir_alu *a, bool trans, unsigned sw, struct hw_read_ports *ports)
{
   unsigned nsrc = r600_alu_op_info(a->op)->num_src;
   struct hw_alu_read src[3];
   unsigned nconst = 0;

   for (unsigned i = 0; i < nsrc; i++) {
      bool reg = a->src[i].kind == MIR_SRC_REG;
      src[i] = (struct hw_alu_read){ .kind = reg ? HW_ALU_READ_GPR : HW_ALU_READ_CONST,
                                     .chan = a->src[i].chan, .gpr = (uint16_t)a->src[i].value };
      nconst += !reg;
   }
   if (trans && nconst > HW_ALU_TRANS_MAX_CONSTS)
      return false;
   return hw_read_ports_reserve(ports, trans, sw, src, nsrc, NULL) == HW_READ_PORTS_OK;
}

static bool assign_swizzles(struct r600_alu_group *g, unsigned slot, struct hw_read_ports *ports)
{
   while (slot < 5 && !(g->used & (1u << slot)))
      slot++;
   if (slot == 5)
      return true;
   bool trans = slot == R600_SLOT_T;
   unsigned count = trans ? HW_ALU_SCL_SWIZZLES : HW_ALU_VEC_SWIZZLES;
   for (unsigned sw = 0; sw < count; sw++) {
      struct hw_read_ports saved = *ports;
      if (try_swizzle(&g->slot[slot], trans, sw, ports) && assign_swizzles(g, slot + 1, ports)) {
         g->bank_swizzle[slot] = (uint8_t)sw;
         return true;
      }
      *ports = saved;
   }
   return false;
}

/* Registers an operand may reach: a relative one anywhere in its array. */
static bool may_overlap(uint32_t reg_a, bool rel_a, const struct mir_alu *a, uint32_t reg_b,
                        bool rel_b, const struct mir_alu *b)
{
   uint32_t lo_a = rel_a ? a->rel_first : reg_a, n_a = rel_a ? a->rel_count : 1;
   uint32_t lo_b = rel_b ? b->rel_first : reg_b, n_b = rel_b ? b->rel_count : 1;
   return lo_a < lo_b + n_b && lo_b < lo_a + n_a;
}

/* True when `a` may read or rewrite a channel that `w` (earlier in the group) writes. */
static bool depends_on(const struct mir_alu *a, const struct mir_alu *w)
{
   unsigned nsrc = r600_alu_op_info(a->op)->num_src;
   for (unsigned i = 0; i < nsrc; i++) {
      const struct mir_src *s = &a->src[i];
      if (s->kind == MIR_SRC_REG && s->chan == w->dst_chan &&
          may_overlap(s->value, s->rel, a, w->dst, w->dst_rel, w))
         return true;
   }
   return a->write && a->dst_chan == w->dst_chan &&
          may_overlap(a->dst, a->dst_rel, a, w->dst, w->dst_rel, w);
}

/* Places the instruction(s) into a copy of `g` and checks every group rule; on success
 * the copy replaces `g`. */
static bool group_try(struct r600_alu_group *g, const struct mir_alu *ops, unsigned n,
                      enum hw_chip chip)
{
   struct r600_alu_group t = *g;
   unsigned placed[4];

   if (n == 4) {
      if (t.used & 0xF)
         return false;
      for (unsigned i = 0; i < 4; i++) {
         t.slot[i] = ops[i];
         t.slot[i].dst_chan = (uint8_t)i;
         placed[i] = i;
      }
      t.used |= 0xF;
   } else {
      const struct mir_alu *a = &ops[0];
      int s = -1;
      if (r600_alu_op(chip, a->op)->slot_class == HW_ISA_SLOT_VECTOR) {
         s = a->dst_chan;
      } else if (r600_alu_op_trans_only(a->op, chip)) {
         s = R600_SLOT_T;
      } else if (a->write) {
         s = (t.used & (1u << a->dst_chan)) ? (int)R600_SLOT_T : a->dst_chan;
      } else {
         for (unsigned i = 0; i < 5 && s < 0; i++)
            if (!(t.used & (1u << i)))
               s = (int)i;
      }
      if (s < 0 || (t.used & (1u << s)))
         return false;
      t.slot[s] = *a;
      if (s != (int)R600_SLOT_T && !a->write)
         t.slot[s].dst_chan = (uint8_t)s;
      t.used |= 1u << s;
      placed[0] = (unsigned)s;
   }

   /* In a group every source is read before any result is written: an instruction must
    * not read or rewrite what an earlier instruction of the group writes. */
   for (unsigned e = 0; e < 5; e++) {
      if (!(g->used & (1u << e)) || !g->slot[e].write)
         continue;
      const struct mir_alu *w = &g->slot[e];
      for (unsigned k = 0; k < n; k++)
         if (depends_on(&t.slot[placed[k]], w))
            return false;
   }

   const struct mir_alu *all[5];
   unsigned num = 0, once = 0, movas = 0, rels = 0;
   t.num_literals = 0;
   for (unsigned e = 0; e < 5; e++) {
      if (!(t.used & (1u << e)))
         continue;
      const struct mir_alu *a = &t.slot[e];
      all[num++] = a;
      once += is_once_per_group(a);
      movas += (r600_alu_op_info(a->op)->flags & HW_ISA_F_MOVA) != 0;
      rels += mir_alu_rel(a);
      for (unsigned s = 0; s < r600_alu_op_info(a->op)->num_src; s++) {
         if (a->src[s].kind != MIR_SRC_LITERAL)
            continue;
         unsigned i = 0;
         while (i < t.num_literals && t.literal[i] != a->src[s].value)
            i++;
         if (i == t.num_literals) {
            if (t.num_literals == HW_ALU_GROUP_MAX_LITERALS)
               return false;
            t.literal[t.num_literals++] = a->src[s].value;
         }
      }
   }
   /* one MOVA per group, never with a user of AR (docs/r600-hardware-notes.md §4.2) */
   if (once > 1 || movas > 1 || (movas && rels) || !const_reads_ok(all, num, chip))
      return false;

   struct hw_read_ports ports;
   hw_read_ports_init(&ports);
   if (!assign_swizzles(&t, 0, &ports))
      return false;
   *g = t;
   return true;
}

bool r600_alu_group_fits(const struct mir_alu *ops, unsigned n, enum hw_chip chip)
{
   uint16_t lines[4];
   unsigned num = 0, num_literals = 0;
   uint32_t literal[HW_ALU_GROUP_MAX_LITERALS];
   struct r600_kcache_lock lock[2];
   const struct mir_alu *all[4];

   for (unsigned k = 0; k < n; k++) {
      all[k] = &ops[k];
      for (unsigned s = 0; s < 3; s++) {
         if (ops[k].src[s].kind != MIR_SRC_LITERAL)
            continue;
         unsigned i = 0;
         while (i < num_literals && literal[i] != ops[k].src[s].value)
            i++;
         if (i == num_literals) {
            if (num_literals == HW_ALU_GROUP_MAX_LITERALS)
               return false;
            literal[num_literals++] = ops[k].src[s].value;
         }
      }
   }
   return op_lines(ops, n, lines, &num) && lines_fit(lines, num, lock) &&
          const_reads_ok(all, n, chip);
}

/* Operations that stay in program order relative to every other one: they change state
 * beyond their destination (AR, the exec mask, kills) or use AR. */
static bool is_ordered(const struct mir_alu *a)
{
   unsigned flags = r600_alu_op_info(a->op)->flags;
   return mir_alu_rel(a) || a->pred_set ||
          (flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET | HW_ISA_F_MOVA)) != 0;
}

static bool reads_chan(const struct mir_alu *a, uint32_t reg, unsigned chan)
{
   for (unsigned i = 0; i < r600_alu_op_info(a->op)->num_src; i++)
      if (a->src[i].kind == MIR_SRC_REG && a->src[i].value == reg && a->src[i].chan == chan)
         return true;
   return false;
}

/* True when `a` may run in an earlier group than `w`: neither reads what the other
 * writes and they do not write the same channel (neither is ordered). */
static bool independent(const struct mir_alu *a, const struct mir_alu *w)
{
   if (is_ordered(a) || is_ordered(w))
      return false;
   if (w->write && reads_chan(a, w->dst, w->dst_chan))
      return false;
   if (a->write && reads_chan(w, a->dst, a->dst_chan))
      return false;
   return !(a->write && w->write && a->dst == w->dst && a->dst_chan == w->dst_chan);
}

/* The earliest group the instruction(s) may join: groups are passed over from the last
 * one back while nothing in them depends on the instruction(s) or they on it. */
static unsigned earliest_group(const struct r600_alu_clause *c, const struct mir_alu *ops,
                               unsigned n)
{
   unsigned g = c->num_groups - 1;
   for (; g > 0; g--) {
      const struct r600_alu_group *grp = &c->groups[g];
      for (unsigned s = 0; s < 5; s++) {
         if (!(grp->used & (1u << s)))
            continue;
         for (unsigned k = 0; k < n; k++)
            if (!independent(&ops[k], &grp->slot[s]))
               return g;
      }
   }
   return 0;
}

int r600_alu_clause_add(struct r600_alu_clause *c, const struct mir_alu *ops, unsigned n,
                        enum hw_chip chip)
{
   uint16_t lines[4];
   unsigned num_lines = c->num_lines;
   struct r600_kcache_lock lock[2];

   memcpy(lines, c->lines, sizeof(lines));
   if (!op_lines(ops, n, lines, &num_lines) || !lines_fit(lines, num_lines, lock))
      return c->num_groups ? 0 : -1;

   /* first fit: the earliest group that takes the instruction(s) */
   unsigned slots = r600_alu_clause_slots(c);
   for (unsigned i = c->num_groups ? earliest_group(c, ops, n) : 0; i < c->num_groups; i++) {
      struct r600_alu_group *g = &c->groups[i];
      struct r600_alu_group t = *g;
      if (group_try(&t, ops, n, chip) &&
          slots - group_slots(g) + group_slots(&t) <= r600_max_alu_clause_slots()) {
         *g = t;
         memcpy(c->lines, lines, sizeof(lines));
         c->num_lines = num_lines;
         return 1;
      }
   }

   struct r600_alu_group ng;
   memset(&ng, 0, sizeof(ng));
   if (!group_try(&ng, ops, n, chip))
      return -1;   /* cannot happen for instructions the lowering produces */
   if (slots + group_slots(&ng) > r600_max_alu_clause_slots())
      return c->num_groups ? 0 : -1;
   if (c->num_groups == c->cap_groups) {
      unsigned cap = c->cap_groups ? c->cap_groups * 2 : 16;
      struct r600_alu_group *grown = realloc(c->groups, cap * sizeof(*grown));
      if (!grown)
         return -1;
      c->groups = grown;
      c->cap_groups = cap;
   }
   c->groups[c->num_groups++] = ng;
   memcpy(c->lines, lines, sizeof(lines));
   c->num_lines = num_lines;
   return 1;
}

void r600_alu_clause_kcache(const struct r600_alu_clause *c, struct r600_kcache_lock lock[2])
{
   lines_fit(c->lines, c->num_lines, lock);
}

void r600_alu_clause_free(struct r600_alu_clause *c)
{
   free(c->groups);
   memset(c, 0, sizeof(*c));
}
