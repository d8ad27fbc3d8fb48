/* Register allocation: vregs -> GPRs by linear scan over live intervals.
 *
 * A vreg lives from the first to the last IR instruction (position) that mentions it.
 * Intervals are whole-vec4 and conservative: an interval that touches a loop is stretched
 * over the whole loop (the value may be carried to the next iteration), except values that
 * live within a single IR instruction (lowering temporaries). Two vregs share a GPR only if
 * one interval ends strictly before the other begins, so the scalar operations of one IR
 * instruction never see a source overwritten by its own destination. Inputs are fixed
 * below num_reserved_gprs; the rest (outputs too) is allocated from there up to GPR 123.
 * The vregs of a relatively addressed array (p->arrays) share one interval, the union of
 * theirs, and are allocated together as consecutive GPRs.
 * When the GPRs run out, r600_spill moves values to scratch memory until fewer are live
 * at once (asking for fewer each round, since arrays need consecutive free GPRs), and the
 * scan runs again. */
#include <stdlib.h>
#include <string.h>

#include "r600_mir.h"

static void touch(struct mir_interval *iv, uint32_t reg, uint32_t pos)
{
   if (reg == MIR_NO_REG)
      return;
   if (pos < iv[reg].start)
      iv[reg].start = pos;
   if (pos > iv[reg].end)
      iv[reg].end = pos;
}

void mir_visit_regs(struct mir_node *n, void (*fn)(uint32_t *reg, void *ctx), void *ctx)
{
   switch (n->kind) {
   case MIR_ALU:
      if (n->alu.dst != MIR_NO_REG)
         fn(&n->alu.dst, ctx);
      for (unsigned s = 0; s < 3; s++)
         if (n->alu.src[s].kind == MIR_SRC_REG)
            fn(&n->alu.src[s].value, ctx);
      if (mir_alu_rel(&n->alu)) {
         fn(&n->alu.addr, ctx);
         fn(&n->alu.rel_first, ctx);
      }
      break;
   case MIR_TEX:
      fn(&n->tex.src, ctx);
      fn(&n->tex.dst, ctx);
      break;
   case MIR_VTX:
      fn(&n->vtx.src, ctx);
      fn(&n->vtx.dst, ctx);
      break;
   case MIR_IF:
      if (n->cond.kind == MIR_SRC_REG)
         fn(&n->cond.value, ctx);
      break;
   case MIR_SPILL:
   case MIR_FILL:
      fn(&n->scratch.reg, ctx);
      break;
   default:
      break;
   }
}

struct touch_ctx {
   struct mir_interval *iv;
   uint32_t pos;
};

static void touch_fn(uint32_t *reg, void *ctx)
{
   struct touch_ctx *t = ctx;
   touch(t->iv, *reg, t->pos);
}

static void rewrite_fn(uint32_t *reg, void *ctx)
{
   const int16_t *gpr = ctx;
   *reg = (uint32_t)gpr[*reg];
}

static int cmp_start(const void *a, const void *b, void *ctx)
{
   const struct mir_interval *iv = ctx;
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   if (iv[x].start != iv[y].start)
      return iv[x].start < iv[y].start ? -1 : 1;
   return x < y ? -1 : x > y;
}

bool r600_live_intervals(struct mir_program *p, struct mir_interval *iv)
{
   unsigned n = p->num_vregs;
   uint32_t *loops = malloc((p->num_nodes + 1) * 2 * sizeof(*loops));
   if (!loops) {
      mir_error(p, "out of memory");
      return false;
   }
   for (unsigned i = 0; i < n; i++) {
      iv[i].start = UINT32_MAX;
      iv[i].end = 0;
   }

   /* intervals, and the [start, end] positions of every outermost loop (in order) */
   unsigned num_loops = 0, depth = 0;
   for (unsigned i = 0; i < p->num_nodes; i++) {
      struct mir_node *node = &p->nodes[i];
      struct touch_ctx t = {iv, node->pos};
      mir_visit_regs(node, touch_fn, &t);
      if (node->kind == MIR_LOOP && depth++ == 0) {
         loops[num_loops * 2] = node->pos;
         loops[num_loops * 2 + 1] = node->pos;
         num_loops++;
      } else if (node->kind == MIR_ENDLOOP && depth && --depth == 0) {
         loops[(num_loops - 1) * 2 + 1] = node->pos;
      }
   }
   for (unsigned i = 0; i < p->num_exports; i++)
      touch(iv, p->exports[i].reg, UINT32_MAX - 1);

   /* an array lives as one: every member gets the union of the members' intervals */
   for (unsigned a = 0; a < p->num_arrays; a++) {
      struct mir_interval u = {UINT32_MAX, 0};
      uint32_t first = p->arrays[a].first, end = first + p->arrays[a].count;
      for (uint32_t v = first; v < end; v++) {
         if (iv[v].start < u.start)
            u.start = iv[v].start;
         if (iv[v].end > u.end)
            u.end = iv[v].end;
      }
      for (uint32_t v = first; v < end; v++)
         iv[v] = u;
   }

   /* stretch intervals over the loops they touch: loops nest, so an interval that touches
    * a loop touches the outermost loop around it and ends up covering that one; the
    * outermost loops are disjoint and in order, so a binary search finds the first and the
    * last one an interval touches (many loops and many values do not multiply) */
   for (unsigned i = 0; i < n; i++) {
      if (iv[i].start >= iv[i].end)
         continue;   /* unused, or within one IR instruction */
      unsigned lo = 0, hi = num_loops;   /* first loop ending at or after the start */
      while (lo < hi) {
         unsigned mid = (lo + hi) / 2;
         if (loops[mid * 2 + 1] < iv[i].start)
            lo = mid + 1;
         else
            hi = mid;
      }
      unsigned first = lo;
      hi = num_loops;                    /* first loop starting after the end */
      while (lo < hi) {
         unsigned mid = (lo + hi) / 2;
         if (loops[mid * 2] <= iv[i].end)
            lo = mid + 1;
         else
            hi = mid;
      }
      if (first < lo) {                  /* loops first .. lo - 1 touch the interval */
         if (loops[first * 2] < iv[i].start)
            iv[i].start = loops[first * 2];
         if (loops[(lo - 1) * 2 + 1] > iv[i].end)
            iv[i].end = loops[(lo - 1) * 2 + 1];
      }
   }
   free(loops);
   return true;
}

/* One linear scan: gpr[v] for every vreg and the GPR count; false when the GPRs run out. */
static bool linear_scan(struct mir_program *p, struct mir_interval *iv, int16_t *gpr,
                        uint32_t *order, uint16_t *size, unsigned *out_num_gprs)
{
   unsigned n = p->num_vregs;
   /* size[v]: registers allocated together from vreg v (an array's first member), 0 for
    * the other members of an array */
   for (unsigned i = 0; i < n; i++)
      size[i] = 1;
   for (unsigned a = 0; a < p->num_arrays; a++) {
      size[p->arrays[a].first] = p->arrays[a].count;
      for (unsigned k = 1; k < p->arrays[a].count; k++)
         size[p->arrays[a].first + k] = 0;
   }
   unsigned count = 0, num_gprs = p->num_reserved_gprs;
   for (unsigned i = 0; i < n; i++) {
      gpr[i] = p->fixed_gpr[i];
      if (gpr[i] >= 0) {
         if ((unsigned)gpr[i] + 1 > num_gprs)
            num_gprs = (unsigned)gpr[i] + 1;
      } else if (iv[i].start != UINT32_MAX) {
         if (size[i])
            order[count++] = i;
      } else {
         gpr[i] = 0;   /* never referenced */
      }
   }
   qsort_r(order, count, sizeof(*order), cmp_start, iv);

   /* linear scan: busy_until[g] = end of the interval holding GPR g */
   uint32_t busy_until[R600_MAX_GPRS];
   bool busy[R600_MAX_GPRS];
   memset(busy, 0, sizeof(busy));
   for (unsigned k = 0; k < count; k++) {
      uint32_t v = order[k];
      unsigned need = size[v];
      int found = -1;
      for (unsigned g = p->num_reserved_gprs; g + need <= R600_MAX_GPRS && found < 0; g++) {
         bool free_run = true;
         for (unsigned r = g; r < g + need && free_run; r++)
            free_run = !busy[r] || busy_until[r] < iv[v].start;
         if (free_run)
            found = (int)g;
      }
      if (found < 0)
         return false;
      for (unsigned r = 0; r < need; r++) {
         busy[found + r] = true;
         busy_until[found + r] = iv[v].end;
         gpr[v + r] = (int16_t)(found + r);
      }
      if ((unsigned)found + need > num_gprs)
         num_gprs = (unsigned)found + need;
   }
   *out_num_gprs = num_gprs;
   return num_gprs <= R600_MAX_GPRS;
}

bool r600_regalloc(struct mir_program *p)
{
   int16_t *gpr = NULL;
   uint32_t *order = NULL;
   uint16_t *size = NULL;
   struct mir_interval *iv = NULL;
   bool ok = false;
   unsigned num_gprs = 0;
   unsigned budget = p->num_reserved_gprs < R600_MAX_GPRS ? R600_MAX_GPRS - p->num_reserved_gprs : 0;

   for (;;) {
      unsigned n = p->num_vregs ? p->num_vregs : 1;
      free(iv);
      free(order);
      free(gpr);
      free(size);
      iv = malloc(n * sizeof(*iv));
      order = malloc(n * sizeof(*order));
      gpr = malloc(n * sizeof(*gpr));
      size = malloc(n * sizeof(*size));
      if (!iv || !order || !gpr || !size) {
         mir_error(p, "out of memory");
         goto done;
      }
      if (!r600_live_intervals(p, iv))
         goto done;
      if (linear_scan(p, iv, gpr, order, size, &num_gprs))
         break;
      /* too many values live at once: spill, asking for fewer each round (the scan can
       * fail below the budget when arrays find no run of free GPRs) */
      bool spilled = false;
      while (!spilled && budget > 0) {
         spilled = r600_spill(p, budget);
         if (p->error)
            goto done;
         budget = budget > 4 ? budget - 4 : 0;
      }
      if (!spilled) {
         mir_error(p, "the shader needs more than %u registers", R600_MAX_GPRS);
         goto done;
      }
   }

   for (unsigned i = 0; i < p->num_nodes; i++)
      mir_visit_regs(&p->nodes[i], rewrite_fn, gpr);
   for (unsigned i = 0; i < p->num_exports; i++)
      p->exports[i].reg = p->exports[i].reg == MIR_NO_REG ? 0 : (uint32_t)gpr[p->exports[i].reg];
   p->num_gprs = num_gprs ? num_gprs : 1;
   ok = true;
done:
   free(iv);
   free(order);
   free(gpr);
   free(size);
   return ok;
}
