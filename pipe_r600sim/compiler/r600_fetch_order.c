/* Fetch grouping: reorders the nodes of each straight-line stretch so that fetches that
 * do not depend on each other end up next to each other, and the ALU work that feeds them
 * before them. The CF builder turns consecutive fetches into one clause and consecutive
 * ALU operations into one clause, so a 3x3 filter (nine coordinate sums, nine samples,
 * the weighted sum) becomes ALU, TEX, ALU instead of nine ALU/TEX pairs.
 *
 * Order: a list schedule over the dependencies of each stretch, in rounds. A round first
 * takes the ALU units that can run now and that a fetch able to run right after them
 * waits for (in program order, so a chain is taken whole), then every fetch unit that was
 * ready when its phase began (a fetch may not read what a fetch of its own clause
 * writes). ALU work that no fetch of the next clause waits for stays for a later round,
 * and what no fetch waits for comes after the last fetch, where it adds no clause. Dependencies are per register channel: reading
 * after a write, writing after a read and writing after a write keep their order.
 * Registers fixed to one GPR (inputs, outputs) count as that GPR.
 *
 * Units that move as one: the four lanes of a reduction, and SET_GRADIENTS_H,
 * SET_GRADIENTS_V and the SAMPLE_G that follows them (the gradients live in the clause).
 * Stretches end at flow markers and at ALU operations with effects beyond their
 * destination: relative operands (AR), MOVA, PRED_SET and KILL; those stay in place.
 *
 * Positions: nodes take new positions in their new order; neighbours that came from the
 * same IR instruction share one, so a value that lived within one instruction still does
 * (r600_regalloc.c, r600_spill.c) and one split apart lives across positions.
 * When the new order needs more registers than the GPRs hold (and more than the old
 * order), the old order is kept: grouping is not worth a spill. */
#include <stdlib.h>
#include <string.h>

#include "r600_mir.h"

enum unit_kind { UNIT_ALU, UNIT_TEX, UNIT_VTX };

struct unit {
   uint32_t first;      /* node index */
   uint8_t len, kind;   /* enum unit_kind */
};

/* Per-program scratch of the scheduler. */
struct order {
   struct mir_program *p;
   uint32_t *canon;         /* per vreg: the vreg its GPR is tracked under */
   int32_t *last_write;     /* per key (vreg * 4 + channel): unit, -1 */
   int32_t *readers;        /* per key: head of its reader list since the last write, -1 */
   uint32_t *touched;       /* keys to reset after a stretch */
   unsigned num_touched;
   struct { int32_t unit, next; } *rlist;
   unsigned num_rlist, cap_rlist;
   struct { uint32_t from, to; } *edges;
   unsigned num_edges, cap_edges;
};

static bool grow(void **a, unsigned *cap, unsigned num, size_t size)
{
   if (num < *cap)
      return true;
   unsigned n = *cap ? *cap * 2 : 256;
   void *g = realloc(*a, n * size);
   if (!g)
      return false;
   *a = g;
   *cap = n;
   return true;
}

static bool is_barrier(const struct mir_node *n)
{
   if (n->kind == MIR_TEX || n->kind == MIR_VTX)
      return false;
   if (n->kind != MIR_ALU)
      return true;
   unsigned flags = r600_alu_op_info(n->alu.op)->flags;
   return mir_alu_rel(&n->alu) || n->alu.pred_set ||
          (flags & (HW_ISA_F_KILL | HW_ISA_F_PRED_SET | HW_ISA_F_MOVA)) != 0;
}

/* Nodes of the unit starting at node i (stretches never cut one: see is_barrier). */
static unsigned unit_len(const struct mir_program *p, unsigned i, unsigned end)
{
   const struct mir_node *n = &p->nodes[i];
   unsigned len = 1;
   if (n->kind == MIR_ALU && n->alu.lane_of == 4)
      len = 4;
   else if (n->kind == MIR_TEX && n->tex.op == R600_TEX_SET_GRADIENTS_H)
      len = 3;
   return i + len <= end ? len : end - i;
}

static bool add_edge(struct order *o, uint32_t from, uint32_t to)
{
   if (!grow((void **)&o->edges, &o->cap_edges, o->num_edges, sizeof(*o->edges)))
      return false;
   o->edges[o->num_edges].from = from;
   o->edges[o->num_edges].to = to;
   o->num_edges++;
   return true;
}

static void touch_key(struct order *o, uint32_t key)
{
   if (o->last_write[key] == -1 && o->readers[key] == -1)
      o->touched[o->num_touched++] = key;
}

static bool reads_key(struct order *o, uint32_t u, uint32_t key)
{
   if (o->last_write[key] >= 0 && !add_edge(o, (uint32_t)o->last_write[key], u))
      return false;
   if (!grow((void **)&o->rlist, &o->cap_rlist, o->num_rlist, sizeof(*o->rlist)))
      return false;
   touch_key(o, key);
   o->rlist[o->num_rlist].unit = (int32_t)u;
   o->rlist[o->num_rlist].next = o->readers[key];
   o->readers[key] = (int32_t)o->num_rlist++;
   return true;
}

static bool writes_key(struct order *o, uint32_t u, uint32_t key)
{
   if (o->last_write[key] >= 0 && (uint32_t)o->last_write[key] != u &&
       !add_edge(o, (uint32_t)o->last_write[key], u))
      return false;
   for (int32_t r = o->readers[key]; r >= 0; r = o->rlist[r].next)
      if ((uint32_t)o->rlist[r].unit != u && !add_edge(o, (uint32_t)o->rlist[r].unit, u))
         return false;
   touch_key(o, key);
   o->readers[key] = -1;
   o->last_write[key] = (int32_t)u;
   return true;
}

static uint32_t key(const struct order *o, uint32_t reg, unsigned chan)
{
   return o->canon[reg] * 4 + chan;
}

/* Records the dependencies of unit u on the units before it: all reads of the unit
 * first, then its writes (a unit's own reads come before its writes). */
static bool unit_deps(struct order *o, uint32_t u, const struct mir_node *nodes, unsigned len)
{
   for (unsigned k = 0; k < len; k++) {
      const struct mir_node *n = &nodes[k];
      bool ok = true;
      if (n->kind == MIR_ALU) {
         for (unsigned s = 0; s < r600_alu_op_info(n->alu.op)->num_src && ok; s++)
            if (n->alu.src[s].kind == MIR_SRC_REG)
               ok = reads_key(o, u, key(o, n->alu.src[s].value, n->alu.src[s].chan));
      } else if (n->kind == MIR_TEX) {
         for (unsigned c = 0; c < 4 && ok; c++)
            if (n->tex.src_sel[c] <= R600_SEL_W)
               ok = reads_key(o, u, key(o, n->tex.src, n->tex.src_sel[c]));
      } else {
         ok = reads_key(o, u, key(o, n->vtx.src, n->vtx.src_chan));
      }
      if (!ok)
         return false;
   }
   for (unsigned k = 0; k < len; k++) {
      const struct mir_node *n = &nodes[k];
      bool ok = true;
      if (n->kind == MIR_ALU) {
         if (n->alu.write && n->alu.dst != MIR_NO_REG)
            ok = writes_key(o, u, key(o, n->alu.dst, n->alu.dst_chan));
      } else if (n->kind == MIR_TEX) {
         for (unsigned c = 0; c < 4 && ok; c++)
            if (n->tex.dst_sel[c] != R600_SEL_MASK)
               ok = writes_key(o, u, key(o, n->tex.dst, c));
      } else {
         for (unsigned c = 0; c < 4 && ok; c++)
            ok = writes_key(o, u, key(o, n->vtx.dst, c));
      }
      if (!ok)
         return false;
   }
   return true;
}

/* Successor lists of the stretch's units (counting sort of the edges by source). */
struct graph {
   uint32_t *npred;         /* predecessors not yet emitted */
   uint32_t *start, *succ;  /* successors of u: succ[start[u] .. start[u + 1]) */
};

static void build_graph(const struct order *o, unsigned nu, struct graph *g)
{
   for (unsigned e = 0; e < o->num_edges; e++) {
      g->npred[o->edges[e].to]++;
      g->start[o->edges[e].from + 1]++;
   }
   for (unsigned u = 0; u < nu; u++)
      g->start[u + 1] += g->start[u];
   for (unsigned e = 0; e < o->num_edges; e++)
      g->succ[g->start[o->edges[e].from]++] = o->edges[e].to;
   for (unsigned u = nu; u > 0; u--)
      g->start[u] = g->start[u - 1];
   g->start[0] = 0;
}

enum { BLOCKED = 1, REACH = 2, ENABLED = 4, TAKE = 8 };

/* Marks TAKE on the ALU units of this round: those that can run now (every predecessor
 * emitted or itself able to run now, none an unemitted fetch) and that a fetch able to
 * run right after them waits for. Edges point forward, so one pass each way does. */
static void plan_round(const struct unit *units, unsigned first, unsigned nu,
                       const uint8_t *done, const struct graph *g, uint8_t *mark)
{
   memset(mark + first, 0, nu - first);
   for (unsigned u = first; u < nu; u++) {
      if (done[u])
         continue;
      bool alu = units[u].kind == UNIT_ALU;
      if (!(mark[u] & BLOCKED))
         mark[u] |= alu ? REACH : ENABLED;
      if (alu && (mark[u] & REACH))
         continue;
      for (unsigned s = g->start[u]; s < g->start[u + 1]; s++)
         mark[g->succ[s]] |= BLOCKED;
   }
   for (unsigned u = nu; u-- > first;) {
      if (!(mark[u] & REACH))
         continue;
      for (unsigned s = g->start[u]; s < g->start[u + 1] && !(mark[u] & TAKE); s++) {
         uint8_t m = mark[g->succ[s]];
         if ((m & ENABLED) || ((m & REACH) && (m & TAKE)))
            mark[u] |= TAKE;
      }
   }
}

static void emit_unit(unsigned u, uint8_t *done, struct graph *g, uint32_t *out,
                      unsigned *emitted)
{
   done[u] = 1;
   out[(*emitted)++] = u;
   for (unsigned s = g->start[u]; s < g->start[u + 1]; s++)
      g->npred[g->succ[s]]--;
}

/* Orders the units of one stretch; returns false on out of memory. `out` receives the
 * units in their new order. */
static bool schedule(struct order *o, const struct unit *units, unsigned nu, uint32_t *out)
{
   struct graph g = {calloc(nu, sizeof(uint32_t)), calloc(nu + 1, sizeof(uint32_t)),
                     malloc((o->num_edges ? o->num_edges : 1) * sizeof(uint32_t))};
   uint8_t *done = calloc(nu, 1), *mark = calloc(nu, 1);
   uint32_t *batch = malloc(nu * sizeof(*batch));
   bool ok = g.npred && g.start && g.succ && done && mark && batch;
   if (ok) {
      build_graph(o, nu, &g);
      unsigned emitted = 0, first = 0, fetches_left = 0;
      for (unsigned u = 0; u < nu; u++)
         fetches_left += units[u].kind != UNIT_ALU;
      while (emitted < nu) {
         /* ALU: the work the next fetches wait for, in program order (predecessors
          * first); all the rest once no fetch is left, so that it adds no clause */
         if (fetches_left)
            plan_round(units, first, nu, done, &g, mark);
         for (unsigned u = first; u < nu; u++)
            if (!done[u] && !g.npred[u] && units[u].kind == UNIT_ALU &&
                (!fetches_left || (mark[u] & TAKE)))
               emit_unit(u, done, &g, out, &emitted);
         /* fetches ready now, TEX before VTX; their successors wait for the next round */
         unsigned nb = 0;
         for (unsigned kind = UNIT_TEX; kind <= UNIT_VTX; kind++)
            for (unsigned u = first; u < nu; u++)
               if (!done[u] && !g.npred[u] && units[u].kind == kind)
                  batch[nb++] = u;
         fetches_left -= nb;
         for (unsigned k = 0; k < nb; k++)
            emit_unit(batch[k], done, &g, out, &emitted);
         while (first < nu && done[first])
            first++;
      }
   }
   free(g.npred);
   free(g.start);
   free(g.succ);
   free(done);
   free(mark);
   free(batch);
   return ok;
}

/* Reorders the stretch of nodes [begin, end) in place. */
static bool order_stretch(struct order *o, unsigned begin, unsigned end)
{
   struct mir_program *p = o->p;
   unsigned cap = end - begin;
   struct unit *units = malloc(cap * sizeof(*units));
   uint32_t *seq = malloc(cap * sizeof(*seq));
   struct mir_node *copy = malloc(cap * sizeof(*copy));
   bool ok = units && seq && copy;
   unsigned nu = 0;
   o->num_edges = o->num_rlist = o->num_touched = 0;
   for (unsigned i = begin; ok && i < end; i += units[nu - 1].len) {
      const struct mir_node *n = &p->nodes[i];
      units[nu] = (struct unit){ .first = i, .len = (uint8_t)unit_len(p, i, end),
                                 .kind = n->kind == MIR_ALU ? UNIT_ALU :
                                         n->kind == MIR_TEX ? UNIT_TEX : UNIT_VTX };
      ok = unit_deps(o, nu, n, units[nu].len);
      nu++;
   }
   for (unsigned t = 0; t < o->num_touched; t++)
      o->last_write[o->touched[t]] = o->readers[o->touched[t]] = -1;
   if (ok)
      ok = schedule(o, units, nu, seq);
   if (ok) {
      memcpy(copy, &p->nodes[begin], cap * sizeof(*copy));
      unsigned at = begin;
      for (unsigned k = 0; k < nu; k++) {
         const struct unit *u = &units[seq[k]];
         memcpy(&p->nodes[at], &copy[u->first - begin], u->len * sizeof(*copy));
         at += u->len;
      }
   }
   free(units);
   free(seq);
   free(copy);
   return ok;
}

/* New positions in node order; neighbours from one IR instruction share theirs. */
static void renumber(struct mir_program *p)
{
   uint32_t pos = 0, prev = 0;
   for (unsigned i = 0; i < p->num_nodes; i++) {
      uint32_t old = p->nodes[i].pos;
      if (i > 0 && old != prev)
         pos++;
      prev = old;
      p->nodes[i].pos = pos;
   }
}

/* The most allocatable registers live at one position (regalloc's intervals). */
static bool max_pressure(struct mir_program *p, unsigned *out)
{
   unsigned n = p->num_vregs ? p->num_vregs : 1;
   uint32_t max_pos = 0;
   for (unsigned i = 0; i < p->num_nodes; i++)
      if (p->nodes[i].pos > max_pos)
         max_pos = p->nodes[i].pos;
   struct mir_interval *iv = malloc(n * sizeof(*iv));
   int32_t *diff = calloc((size_t)max_pos + 3, sizeof(*diff));
   bool ok = iv && diff && r600_live_intervals(p, iv);
   if (ok) {
      for (unsigned v = 0; v < p->num_vregs; v++) {
         if (p->fixed_gpr[v] >= 0 || iv[v].start == UINT32_MAX)
            continue;
         /* the exports are past the last node (an output no node writes starts there) */
         uint32_t s = iv[v].start > max_pos ? max_pos + 1 : iv[v].start;
         uint32_t e = iv[v].end > max_pos ? max_pos + 1 : iv[v].end;
         diff[s]++;
         diff[e + 1]--;
      }
      int32_t live = 0, most = 0;
      for (uint32_t i = 0; i <= max_pos + 1; i++) {
         live += diff[i];
         if (live > most)
            most = live;
      }
      *out = (unsigned)most;
   } else if (!p->error) {
      mir_error(p, "out of memory");
   }
   free(iv);
   free(diff);
   return ok;
}

static bool order_all(struct order *o)
{
   struct mir_program *p = o->p;
   for (unsigned i = 0; i < p->num_nodes;) {
      if (is_barrier(&p->nodes[i])) {
         i++;
         continue;
      }
      unsigned end = i;
      while (end < p->num_nodes && !is_barrier(&p->nodes[end]))
         end += unit_len(p, end, p->num_nodes);
      if (end > p->num_nodes)
         end = p->num_nodes;
      if (!order_stretch(o, i, end))
         return false;
      i = end;
   }
   renumber(p);
   return true;
}

bool r600_order_fetches(struct mir_program *p)
{
   if (!p->num_nodes)
      return true;   /* nothing to order (and p->nodes may be NULL) */
   struct order o;
   memset(&o, 0, sizeof(o));
   o.p = p;
   unsigned nk = (p->num_vregs ? p->num_vregs : 1) * 4;
   o.canon = malloc((p->num_vregs ? p->num_vregs : 1) * sizeof(*o.canon));
   o.last_write = malloc(nk * sizeof(*o.last_write));
   o.readers = malloc(nk * sizeof(*o.readers));
   o.touched = malloc(nk * sizeof(*o.touched));
   struct mir_node *saved = malloc(p->num_nodes * sizeof(*saved));
   bool ok = o.canon && o.last_write && o.readers && o.touched && saved;
   if (ok) {
      memset(o.last_write, 0xFF, nk * sizeof(*o.last_write));
      memset(o.readers, 0xFF, nk * sizeof(*o.readers));
      /* a fixed GPR is tracked under the first vreg fixed to it */
      for (unsigned v = 0; v < p->num_vregs; v++) {
         o.canon[v] = v;
         for (unsigned w = 0; w < v && p->fixed_gpr[v] >= 0; w++)
            if (p->fixed_gpr[w] == p->fixed_gpr[v]) {
               o.canon[v] = w;
               break;
            }
      }
      memcpy(saved, p->nodes, p->num_nodes * sizeof(*saved));
   }
   unsigned before = 0, after = 0;
   ok = ok && max_pressure(p, &before) && order_all(&o) && max_pressure(p, &after);
   unsigned budget = R600_MAX_GPRS > p->num_reserved_gprs ? R600_MAX_GPRS - p->num_reserved_gprs : 0;
   if (ok && after > budget && after > before)
      memcpy(p->nodes, saved, p->num_nodes * sizeof(*saved));
   if (!ok && !p->error)
      mir_error(p, "out of memory");
   free(o.canon);
   free(o.last_write);
   free(o.readers);
   free(o.touched);
   free(o.rlist);
   free(o.edges);
   free(saved);
   return ok;
}
