/* Spilling: when more values are live at some position than there are GPRs to allocate,
 * some of them live in scratch memory instead (hw_scratch.h, one vec4 slot each), or are
 * recomputed where they are used.
 *
 * Choice: while some position has more than `budget` live allocatable values, one of the
 * values live there is taken, the cheapest by (positions that mention it) / (positions it
 * spans), a quarter of that for a value that can be recomputed. Candidates are values
 * that live across more than one IR instruction and are not fixed, array members or
 * exported. A value can be recomputed when every write of it is a MOV of a constant,
 * literal or inline constant, all in one IR instruction (its copies are cheaper than a
 * trip to memory and need no slot).
 *
 * Rewrite: the nodes of one IR instruction between flow markers form a run (a flow marker
 * is a run of its own). A spilled value mentioned in a run gets a new register for the
 * run only: before the run it is filled from its slot (MEM_SCRATCH READ), or the
 * recomputing MOVs are copied there; after the run's last write of it (after a whole
 * reduction group) it is spilled back (MEM_SCRATCH WRITE). The very first run mentioning
 * a value needs no fill when it writes it. Fills and spills are CF instructions, so the
 * CF builder ends the ALU clause around them; a register that lives within one IR
 * instruction is never stretched over a loop, so scratch always holds each lane's latest
 * value at run boundaries, in loops and branches alike: spills write the active lanes
 * only, and a pixel shader's fills read whole quads (r600_cf.c), so a lane outside the
 * branch finds the value it would have kept in an unspilled GPR. */
#include <stdlib.h>
#include <string.h>

#include "hw/hw_scratch.h"
#include "r600_mir.h"

enum { CANDIDATE = 1, SPILLED = 2, REMAT = 4 };

struct rename_ctx {
   const uint8_t *flags;
   const uint32_t *temp, *seen;
   uint32_t stamp, num;
};

static bool is_flow(const struct mir_node *n)
{
   return n->kind != MIR_ALU && n->kind != MIR_TEX && n->kind != MIR_VTX &&
          n->kind != MIR_SPILL && n->kind != MIR_FILL;
}

/* The register node n writes, MIR_NO_REG if none (relative writes go to arrays, which are
 * never spilled). */
static uint32_t written(const struct mir_node *n)
{
   switch (n->kind) {
   case MIR_ALU: return n->alu.write && !n->alu.dst_rel ? n->alu.dst : MIR_NO_REG;
   case MIR_TEX: return n->tex.dst;
   case MIR_VTX: return n->vtx.dst;
   case MIR_FILL: return n->scratch.reg;
   default: return MIR_NO_REG;
   }
}

static bool remat_source(const struct mir_node *n)
{
   return n->kind == MIR_ALU && n->alu.op == R600_ALU_MOV && !mir_alu_rel(&n->alu) &&
          !n->alu.clamp && !n->alu.pred_set &&
          (n->alu.src[0].kind == MIR_SRC_CONST || n->alu.src[0].kind == MIR_SRC_LITERAL ||
           n->alu.src[0].kind == MIR_SRC_INLINE);
}

/* The registers node n mentions (with repeats). */
static unsigned node_regs(const struct mir_node *n, uint32_t regs[8])
{
   unsigned nr = 0;
   switch (n->kind) {
   case MIR_ALU:
      regs[nr++] = n->alu.dst;
      for (unsigned s = 0; s < 3; s++)
         if (n->alu.src[s].kind == MIR_SRC_REG)
            regs[nr++] = n->alu.src[s].value;
      if (mir_alu_rel(&n->alu))
         regs[nr++] = n->alu.addr;
      break;
   case MIR_TEX: regs[nr++] = n->tex.src; regs[nr++] = n->tex.dst; break;
   case MIR_VTX: regs[nr++] = n->vtx.src; regs[nr++] = n->vtx.dst; break;
   case MIR_IF:
      if (n->cond.kind == MIR_SRC_REG)
         regs[nr++] = n->cond.value;
      break;
   case MIR_SPILL: case MIR_FILL: regs[nr++] = n->scratch.reg; break;
   default: break;
   }
   return nr;
}

static unsigned pos_index(const uint32_t *pos, unsigned num, uint32_t p)
{
   unsigned lo = 0, hi = num;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (pos[mid] < p)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

static int cmp_u32(const void *a, const void *b)
{
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

struct mention_ctx {
   uint32_t *mentions, *last_pos;
   uint32_t pos, n;
};

static void mention_fn(uint32_t *reg, void *ctx)
{
   struct mention_ctx *m = ctx;
   uint32_t v = *reg;
   if (v == MIR_NO_REG || v >= m->n)
      return;
   if (m->last_pos[v] != m->pos) {
      m->last_pos[v] = m->pos;
      m->mentions[v]++;
   }
}

static void rename_fn(uint32_t *reg, void *ctx)
{
   const struct rename_ctx *r = ctx;
   uint32_t v = *reg;
   if (v != MIR_NO_REG && v < r->num && (r->flags[v] & SPILLED) && r->seen[v] == r->stamp)
      *reg = r->temp[v];
}

struct out_nodes {
   struct mir_node *n;
   unsigned num, cap;
};

static bool emit(struct mir_program *p, struct out_nodes *o, const struct mir_node *node)
{
   if (o->num == o->cap) {
      unsigned cap = o->cap ? o->cap * 2 : 64;
      struct mir_node *grown = realloc(o->n, cap * sizeof(*grown));
      if (!grown) {
         mir_error(p, "out of memory");
         return false;
      }
      o->n = grown;
      o->cap = cap;
   }
   o->n[o->num++] = *node;
   return true;
}

static bool emit_scratch(struct mir_program *p, struct out_nodes *o, enum mir_kind kind,
                         uint32_t pos, uint32_t reg, uint32_t slot)
{
   struct mir_node n;
   memset(&n, 0, sizeof(n));
   n.kind = (uint8_t)kind;
   n.pos = pos;
   n.scratch.reg = reg;
   n.scratch.slot = slot;
   return emit(p, o, &n);
}

/* Rewrites p->nodes for the values flagged SPILLED (see the top of the file). */
static bool rewrite(struct mir_program *p, uint8_t *flags, const uint32_t *slot,
                    const uint32_t *def_node, unsigned n)
{
   struct out_nodes o = {0};
   uint32_t *temp = calloc(n ? n : 1, sizeof(*temp));
   uint32_t *seen = calloc(n ? n : 1, sizeof(*seen));
   uint32_t *last_write = calloc(n ? n : 1, sizeof(*last_write));
   uint32_t *list = malloc((n ? n : 1) * sizeof(*list));
   bool *started = calloc(n ? n : 1, sizeof(*started));
   struct rename_ctx r = {flags, temp, seen, 0, n};
   bool ok = false;
   if (!temp || !seen || !last_write || !list || !started) {
      mir_error(p, "out of memory");
      goto done;
   }
   for (unsigned i = 0; i < p->num_nodes;) {
      unsigned j = i + 1;
      if (!is_flow(&p->nodes[i]))
         while (j < p->num_nodes && p->nodes[j].pos == p->nodes[i].pos && !is_flow(&p->nodes[j]))
            j++;
      uint32_t pos = p->nodes[i].pos;
      unsigned count = 0;
      r.stamp++;
      /* the spilled values of the run, and where each is last written */
      for (unsigned k = i; k < j; k++) {
         struct mir_node *node = &p->nodes[k];
         uint32_t regs[8];
         unsigned nr = node_regs(node, regs);
         for (unsigned f = 0; f < nr; f++) {
            uint32_t v = regs[f];
            if (v == MIR_NO_REG || v >= n || !(flags[v] & SPILLED) || seen[v] == r.stamp)
               continue;
            seen[v] = r.stamp;
            last_write[v] = UINT32_MAX;
            list[count++] = v;
            temp[v] = mir_new_vreg(p, -1);
            if (temp[v] == MIR_NO_REG)
               goto done;
         }
         uint32_t w = written(node);
         if (w != MIR_NO_REG && w < n && (flags[w] & SPILLED)) {
            unsigned lanes = node->kind == MIR_ALU && node->alu.lane_of > 1 ? node->alu.lane_of : 1;
            last_write[w] = k + lanes - 1;
         }
      }
      /* fills, or the recomputing MOVs */
      for (unsigned c = 0; c < count; c++) {
         uint32_t v = list[c];
         bool writes = last_write[v] != UINT32_MAX;
         if (flags[v] & REMAT) {
            if (writes)
               continue;
            const struct mir_node *d = &p->nodes[def_node[v]];
            for (unsigned k = def_node[v]; k < p->num_nodes && p->nodes[k].pos == d->pos; k++) {
               if (written(&p->nodes[k]) != v)
                  continue;
               struct mir_node m = p->nodes[k];
               m.pos = pos;
               m.alu.dst = temp[v];
               if (!emit(p, &o, &m))
                  goto done;
            }
         } else if (started[v] || !writes) {
            if (!emit_scratch(p, &o, MIR_FILL, pos, temp[v], slot[v]))
               goto done;
         }
         started[v] = true;
      }
      /* the run itself, each spilled value written back after its last write */
      for (unsigned k = i; k < j; k++) {
         struct mir_node node = p->nodes[k];
         mir_visit_regs(&node, rename_fn, &r);
         if (!emit(p, &o, &node))
            goto done;
         for (unsigned c = 0; c < count; c++) {
            uint32_t v = list[c];
            if (last_write[v] == k && !(flags[v] & REMAT) &&
                !emit_scratch(p, &o, MIR_SPILL, pos, temp[v], slot[v]))
               goto done;
         }
      }
      i = j;
   }
   free(p->nodes);
   p->nodes = o.n;
   p->num_nodes = o.num;
   p->cap_nodes = o.cap;
   o.n = NULL;
   ok = true;
done:
   free(o.n);
   free(temp);
   free(seen);
   free(last_write);
   free(list);
   free(started);
   return ok;
}

bool r600_spill(struct mir_program *p, unsigned budget)
{
   unsigned n = p->num_vregs, nn = n ? n : 1;
   struct mir_interval *iv = malloc(nn * sizeof(*iv));
   uint8_t *flags = calloc(nn, 1);
   uint32_t *mentions = calloc(nn, sizeof(*mentions));
   uint32_t *last_pos = malloc(nn * sizeof(*last_pos));
   uint32_t *slot = calloc(nn, sizeof(*slot));
   uint32_t *def_node = malloc(nn * sizeof(*def_node));
   uint32_t *pos = malloc((p->num_nodes + 1) * sizeof(*pos));
   int32_t *pressure = calloc(p->num_nodes + 2, sizeof(*pressure));
   uint32_t *readd = calloc(p->num_nodes + 2, sizeof(*readd));
   bool ok = false;
   if (!iv || !flags || !mentions || !last_pos || !slot || !def_node || !pos ||
       !pressure || !readd) {
      mir_error(p, "out of memory");
      goto done;
   }
   if (!r600_live_intervals(p, iv))
      goto done;

   /* distinct positions, and the pressure at each (difference array, then sums) */
   unsigned num_pos = 0;
   for (unsigned i = 0; i < p->num_nodes; i++)
      pos[num_pos++] = p->nodes[i].pos;
   pos[num_pos++] = UINT32_MAX - 1;   /* the exports */
   qsort(pos, num_pos, sizeof(*pos), cmp_u32);
   unsigned u = 0;
   for (unsigned i = 0; i < num_pos; i++)
      if (u == 0 || pos[u - 1] != pos[i])
         pos[u++] = pos[i];
   num_pos = u;
   for (unsigned v = 0; v < n; v++) {
      if (p->fixed_gpr[v] >= 0 || iv[v].start == UINT32_MAX)
         continue;
      pressure[pos_index(pos, num_pos, iv[v].start)]++;
      pressure[pos_index(pos, num_pos, iv[v].end) + 1]--;
   }
   for (unsigned i = 1; i <= num_pos; i++)
      pressure[i] += pressure[i - 1];

   /* candidates, how often each is mentioned, and which can be recomputed */
   for (unsigned v = 0; v < n; v++) {
      last_pos[v] = UINT32_MAX;
      def_node[v] = UINT32_MAX;
      if (p->fixed_gpr[v] < 0 && iv[v].start < iv[v].end)
         flags[v] = CANDIDATE | REMAT;
   }
   for (unsigned a = 0; a < p->num_arrays; a++)
      for (unsigned k = 0; k < p->arrays[a].count; k++)
         flags[p->arrays[a].first + k] &= (uint8_t)~(CANDIDATE | REMAT);
   for (unsigned i = 0; i < p->num_exports; i++)
      if (p->exports[i].reg != MIR_NO_REG)
         flags[p->exports[i].reg] &= (uint8_t)~(CANDIDATE | REMAT);
   for (unsigned i = 0; i < p->num_nodes; i++) {
      struct mir_node *node = &p->nodes[i];
      struct mention_ctx m = {mentions, last_pos, node->pos, n};
      mir_visit_regs(node, mention_fn, &m);
      uint32_t w = written(node);
      if (w == MIR_NO_REG || w >= n)
         continue;
      if (!remat_source(node) ||
          (def_node[w] != UINT32_MAX && p->nodes[def_node[w]].pos != node->pos))
         flags[w] &= (uint8_t)~REMAT;
      else if (def_node[w] == UINT32_MAX)
         def_node[w] = i;
   }
   for (unsigned v = 0; v < n; v++)
      if (def_node[v] == UINT32_MAX)
         flags[v] &= (uint8_t)~REMAT;

   /* take the cheapest value live where the pressure is highest, until it fits */
   uint32_t round = 0;
   for (;;) {
      unsigned worst = 0;
      for (unsigned i = 1; i < num_pos; i++)
         if (pressure[i] > pressure[worst])
            worst = i;
      if (pressure[worst] <= (int32_t)budget)
         break;
      uint32_t best = MIR_NO_REG;
      double best_cost = 0;
      for (unsigned v = 0; v < n; v++) {
         if ((flags[v] & (CANDIDATE | SPILLED)) != CANDIDATE)
            continue;
         unsigned s = pos_index(pos, num_pos, iv[v].start), e = pos_index(pos, num_pos, iv[v].end);
         if (worst < s || worst > e)
            continue;
         double cost = (double)mentions[v] / (double)(e - s + 1);
         if (flags[v] & REMAT)
            cost /= 4;
         if (best == MIR_NO_REG || cost < best_cost) {
            best = v;
            best_cost = cost;
         }
      }
      if (best == MIR_NO_REG)
         goto done;   /* nothing left to spill where it is needed */
      flags[best] |= SPILLED;
      if (!(flags[best] & REMAT)) {
         if (p->num_scratch == HW_SCRATCH_MAX_ITEMS) {
            mir_error(p, "needs more than %u vec4s of scratch memory", HW_SCRATCH_MAX_ITEMS);
            goto done;
         }
         slot[best] = p->num_scratch++;
      }
      /* live now only in the runs that mention it */
      unsigned s = pos_index(pos, num_pos, iv[best].start), e = pos_index(pos, num_pos, iv[best].end);
      for (unsigned i = s; i <= e; i++)
         pressure[i]--;
      round++;
      for (unsigned i = 0; i < p->num_nodes; i++) {
         struct mir_node *node = &p->nodes[i];
         unsigned k = pos_index(pos, num_pos, node->pos);
         if (readd[k] == round)
            continue;
         bool mentions_best = false;
         uint32_t regs[8];
         unsigned nr = node_regs(node, regs);
         for (unsigned q = 0; q < nr; q++)
            mentions_best |= regs[q] == best;
         if (mentions_best) {
            readd[k] = round;
            pressure[k]++;
         }
      }
   }
   ok = round > 0 && rewrite(p, flags, slot, def_node, n);
done:
   free(iv);
   free(flags);
   free(mentions);
   free(last_pos);
   free(slot);
   free(def_node);
   free(pos);
   free(pressure);
   free(readd);
   return ok;
}
