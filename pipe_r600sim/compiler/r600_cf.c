/* The CF program: walks the allocated MIR, forms ALU clauses (through the scheduler) and
 * TEX clauses, emits structured flow, then the exports, lays the clauses out after the CF
 * program and encodes everything (docs/r600-hardware-notes.md §4.4, §4.5).
 *
 * Flow as emitted:
 *   IF      ALU_PUSH_BEFORE clause ending in PRED_SETNE cond, 0; JUMP (to the ELSE with
 *           POP_COUNT 0, or past the ENDIF with POP_COUNT 1)
 *   ELSE    ELSE, POP_COUNT 1, to past the ENDIF
 *   ENDIF   the last ALU clause of the branch becomes ALU_POP_AFTER, otherwise a POP
 *   LOOP    LOOP_START_DX10 (to past LOOP_END) ... LOOP_END (to after LOOP_START);
 *           BRK/CONT are LOOP_BREAK/LOOP_CONTINUE pointing at the LOOP_END.
 * Spills and fills (MIR_SPILL / MIR_FILL) are MEM_SCRATCH WRITE / READ CF instructions
 * of one vec4 element, between clauses; a pixel shader's fills use WHOLE_QUAD_MODE.
 * Relative operands use AR.x: an ALU clause gets a MOVA_INT of the address in a group of
 * its own (or with other non-AR work) before the first instruction that needs it, and
 * again whenever the address changes or was overwritten, never as its last instruction. */
#include <stdlib.h>
#include <string.h>

#include "r600_alu_sched.h"
#include "r600_mir.h"
#include "r600_regs.h"
#include "r600_shader.h"

#define UNPATCHED UINT32_MAX
#define STACK_ENTRY_SIZE 4u   /* elements per stack entry on the 64-wide R600 and RV770 */

enum cf_kind { CF_PLAIN, CF_ALU_CLAUSE, CF_EXPORT, CF_SCRATCH };

struct cf_entry {
   uint8_t kind;                  /* enum cf_kind */
   struct r600_cf_fields cf;      /* CF_PLAIN; for TEX: count */
   uint8_t alu_op;                /* CF_ALU_CLAUSE: enum r600_cf_alu_op */
   unsigned clause;               /* ALU or fetch clause index */
   struct r600_export_fields exp; /* CF_EXPORT */
   bool scratch_read;             /* CF_SCRATCH: MEM_SCRATCH READ, else WRITE */
   struct mir_scratch scratch;    /* CF_SCRATCH */
};

/* A TEX or VTX clause (its CF entry's op says which). */
union fetch {
   struct mir_tex tex;
   struct mir_vtx vtx;
};
struct fetch_clause {
   union fetch *f;
   unsigned num, cap;
};

struct flow {
   bool loop;
   unsigned start;                /* JUMP or LOOP_START_DX10 entry */
   int else_cf;                   /* ELSE entry, -1 if none */
};

struct builder {
   struct mir_program *p;
   enum hw_chip chip;
   struct cf_entry *cf;
   unsigned num_cf, cap_cf;
   struct r600_alu_clause *alu;
   unsigned num_alu, cap_alu;
   struct fetch_clause *fetch;
   unsigned num_fetch, cap_fetch;
   int open_alu, open_fetch;      /* CF index of the clause still being filled, or -1 */
   uint8_t fetch_written[R600_MAX_GPRS];
   bool ar_valid;                 /* AR.x of the open ALU clause holds ar_gpr.ar_chan */
   uint32_t ar_gpr;
   uint8_t ar_chan;
   struct flow flow[64];
   unsigned depth, if_depth, loop_depth, max_stack_elements;
};

static bool grow(void **array, unsigned *cap, unsigned num, size_t size)
{
   if (num < *cap)
      return true;
   unsigned n = *cap ? *cap * 2 : 16;
   void *grown = realloc(*array, n * size);
   if (!grown)
      return false;
   *array = grown;
   *cap = n;
   return true;
}

static struct cf_entry *add_cf(struct builder *b, enum cf_kind kind)
{
   if (!grow((void **)&b->cf, &b->cap_cf, b->num_cf, sizeof(*b->cf))) {
      mir_error(b->p, "out of memory");
      return NULL;
   }
   struct cf_entry *e = &b->cf[b->num_cf++];
   memset(e, 0, sizeof(*e));
   e->kind = (uint8_t)kind;
   e->cf.barrier = true;
   e->exp.barrier = true;
   return e;
}

static struct cf_entry *add_plain(struct builder *b, enum r600_cf_op op, uint32_t addr,
                                  unsigned pop_count)
{
   struct cf_entry *e = add_cf(b, CF_PLAIN);
   if (e) {
      e->cf.op = (uint8_t)op;
      e->cf.addr = addr;
      e->cf.pop_count = (uint8_t)pop_count;
   }
   return e;
}

static void close_alu(struct builder *b)
{
   b->open_alu = -1;
}

static void close_fetch(struct builder *b)
{
   b->open_fetch = -1;
}

static bool open_alu(struct builder *b)
{
   if (!grow((void **)&b->alu, &b->cap_alu, b->num_alu, sizeof(*b->alu))) {
      mir_error(b->p, "out of memory");
      return false;
   }
   struct cf_entry *e = add_cf(b, CF_ALU_CLAUSE);
   if (!e)
      return false;
   memset(&b->alu[b->num_alu], 0, sizeof(b->alu[0]));
   e->alu_op = R600_CF_ALU;
   e->clause = b->num_alu++;
   b->open_alu = (int)(b->num_cf - 1);
   b->ar_valid = false;   /* AR does not survive a clause boundary */
   return true;
}

/* Adds to the open ALU clause, or to a new one when it is full; 1 if added, -1 on error. */
static int clause_add(struct builder *b, const struct mir_alu *ops, unsigned n)
{
   if (b->open_alu < 0 && !open_alu(b))
      return -1;
   int r = r600_alu_clause_add(&b->alu[b->cf[b->open_alu].clause], ops, n, b->chip);
   if (r == 0) {
      /* clause full (size or kcache lines): continue in a new one */
      close_alu(b);
      if (!open_alu(b))
         return -1;
      r = r600_alu_clause_add(&b->alu[b->cf[b->open_alu].clause], ops, n, b->chip);
   }
   if (r != 1) {
      mir_error(b->p, "cannot schedule an ALU instruction (out of memory)");
      return -1;
   }
   return 1;
}

/* Loads AR.x from the address of relative instruction `a` unless the open clause has it;
 * the MOVA_INT and `a` then fit in the clause together (two more slots at most). */
static bool load_ar(struct builder *b, const struct mir_alu *a)
{
   bool have = b->open_alu >= 0 && b->ar_valid && b->ar_gpr == a->addr &&
               b->ar_chan == a->addr_chan;
   if (b->open_alu >= 0 && r600_alu_clause_slots(&b->alu[b->cf[b->open_alu].clause]) +
                              (have ? 1 : 2) > r600_max_alu_clause_slots()) {
      close_alu(b);
      have = false;
   }
   if (have)
      return true;
   struct mir_alu mova = {.op = R600_ALU_MOVA_INT, .dst = MIR_NO_REG};
   mova.src[0] = (struct mir_src){.kind = MIR_SRC_REG, .chan = a->addr_chan, .value = a->addr};
   if (clause_add(b, &mova, 1) < 0)
      return false;
   b->ar_valid = true;
   b->ar_gpr = a->addr;
   b->ar_chan = a->addr_chan;
   return true;
}

static bool add_alu(struct builder *b, const struct mir_alu *ops, unsigned n)
{
   close_fetch(b);
   if (n == 1 && mir_alu_rel(&ops[0]) && !load_ar(b, &ops[0]))
      return false;
   if (clause_add(b, ops, n) < 0)
      return false;
   /* an overwritten address register makes AR stale */
   for (unsigned k = 0; k < n; k++) {
      const struct mir_alu *a = &ops[k];
      if (!a->write || a->dst_chan != b->ar_chan)
         continue;
      if (a->dst_rel ? b->ar_gpr - a->rel_first < a->rel_count : a->dst == b->ar_gpr)
         b->ar_valid = false;
   }
   return true;
}

/* Adds a TEX (vtx = false) or VTX fetch to the open clause of that kind, or a new one. */
static void add_fetch(struct builder *b, bool vtx, const union fetch *f)
{
   enum r600_cf_op op = vtx ? R600_CF_VTX : R600_CF_TEX;
   uint32_t src = vtx ? f->vtx.src : f->tex.src, dst = vtx ? f->vtx.dst : f->tex.dst;
   close_alu(b);
   if (b->open_fetch >= 0) {
      struct fetch_clause *c = &b->fetch[b->cf[b->open_fetch].clause];
      /* a fetch may not read what an earlier fetch of its clause wrote; SET_GRADIENTS_H,
       * _V and their SAMPLE_G share a clause, a new one (the sample's coordinates may
       * come from this one) */
      if (b->cf[b->open_fetch].cf.op != op || c->num == r600_max_fetch_clause(b->chip) ||
          b->fetch_written[src] || (!vtx && f->tex.op == R600_TEX_SET_GRADIENTS_H))
         close_fetch(b);
   }
   if (b->open_fetch < 0) {
      if (!grow((void **)&b->fetch, &b->cap_fetch, b->num_fetch, sizeof(*b->fetch))) {
         mir_error(b->p, "out of memory");
         return;
      }
      struct cf_entry *e = add_plain(b, op, 0, 0);
      if (!e)
         return;
      memset(&b->fetch[b->num_fetch], 0, sizeof(b->fetch[0]));
      e->clause = b->num_fetch++;
      b->open_fetch = (int)(b->num_cf - 1);
      memset(b->fetch_written, 0, sizeof(b->fetch_written));
   }
   struct fetch_clause *c = &b->fetch[b->cf[b->open_fetch].clause];
   if (!grow((void **)&c->f, &c->cap, c->num, sizeof(*c->f))) {
      mir_error(b->p, "out of memory");
      return;
   }
   c->f[c->num++] = *f;
   b->cf[b->open_fetch].cf.count = c->num;
   b->fetch_written[dst] = 1;
}

/* Stack use (docs/r600-hardware-notes.md §4.5): elements = loops * entry size + pushes, plus 2
 * reserved by every non-WQM push on R6xx/R7xx; STACK_SIZE counts entries of 4 elements. */
static void count_push(struct builder *b, bool is_if)
{
   unsigned elements = b->loop_depth * STACK_ENTRY_SIZE + b->if_depth + (is_if ? 2 : 0);
   if (elements > b->max_stack_elements)
      b->max_stack_elements = elements;
}

static struct flow *push_flow(struct builder *b, bool loop)
{
   if (b->depth == sizeof(b->flow) / sizeof(b->flow[0])) {
      mir_error(b->p, "flow control nested too deeply");
      return NULL;
   }
   struct flow *f = &b->flow[b->depth++];
   f->loop = loop;
   f->start = b->num_cf;
   f->else_cf = -1;
   return f;
}

static void do_if(struct builder *b, const struct mir_src *cond)
{
   struct mir_alu pred = {.op = R600_ALU_PRED_SETNE, .pred_set = true, .dst = MIR_NO_REG};
   pred.src[0] = *cond;
   pred.src[1].kind = MIR_SRC_INLINE;
   pred.src[1].value = R600_INLINE_0;
   if (!add_alu(b, &pred, 1))
      return;
   /* the PRED_SET ends its clause, which pushes the active mask before it runs */
   b->cf[b->open_alu].alu_op = R600_CF_ALU_PUSH_BEFORE;
   close_alu(b);
   if (!push_flow(b, false))
      return;
   add_plain(b, R600_CF_JUMP, UNPATCHED, 0);
   b->if_depth++;
   count_push(b, true);
}

static void do_else(struct builder *b)
{
   struct flow *f = &b->flow[b->depth - 1];
   close_alu(b);
   close_fetch(b);
   f->else_cf = (int)b->num_cf;
   add_plain(b, R600_CF_ELSE, UNPATCHED, 1);
   b->cf[f->start].cf.addr = (uint32_t)f->else_cf;
   b->cf[f->start].cf.pop_count = 0;
}

static void do_endif(struct builder *b)
{
   struct flow *f = &b->flow[--b->depth];
   close_fetch(b);
   if (b->open_alu >= 0) {
      b->cf[b->open_alu].alu_op = R600_CF_ALU_POP_AFTER;
      close_alu(b);
   } else {
      add_plain(b, R600_CF_POP, b->num_cf + 1, 1);
   }
   uint32_t target = b->num_cf;
   if (f->else_cf >= 0) {
      b->cf[f->else_cf].cf.addr = target;
   } else {
      b->cf[f->start].cf.addr = target;
      b->cf[f->start].cf.pop_count = 1;
   }
   b->if_depth--;
}

static void do_loop(struct builder *b)
{
   close_alu(b);
   close_fetch(b);
   if (!push_flow(b, true))
      return;
   add_plain(b, R600_CF_LOOP_START_DX10, UNPATCHED, 0);
   b->loop_depth++;
   count_push(b, false);
}

static void do_endloop(struct builder *b)
{
   struct flow *f = &b->flow[--b->depth];
   close_alu(b);
   close_fetch(b);
   uint32_t end = b->num_cf;
   add_plain(b, R600_CF_LOOP_END, f->start + 1, 0);
   b->cf[f->start].cf.addr = end + 1;
   /* breaks and continues of this loop (inner loops patched theirs already) */
   for (unsigned i = f->start + 1; i < end; i++) {
      struct cf_entry *e = &b->cf[i];
      if (e->kind == CF_PLAIN && e->cf.addr == UNPATCHED &&
          (e->cf.op == R600_CF_LOOP_BREAK || e->cf.op == R600_CF_LOOP_CONTINUE))
         e->cf.addr = end;
   }
   b->loop_depth--;
}

static void do_break(struct builder *b, bool cont)
{
   close_alu(b);
   close_fetch(b);
   add_plain(b, cont ? R600_CF_LOOP_CONTINUE : R600_CF_LOOP_BREAK, UNPATCHED, 0);
}

/* A spill or fill: a MEM_SCRATCH CF instruction between clauses. */
static void do_scratch(struct builder *b, bool read, const struct mir_scratch *s)
{
   close_alu(b);
   close_fetch(b);
   struct cf_entry *e = add_cf(b, CF_SCRATCH);
   if (e) {
      e->scratch_read = read;
      e->scratch = *s;
   }
}

/* Exports: the last of each type is EXPORT_DONE; neighbours of one type with consecutive
 * array bases and GPRs and the same swizzle become one burst; the last one ends the
 * program. */
static void add_exports(struct builder *b)
{
   struct mir_program *p = b->p;
   struct cf_entry *prev = NULL;
   close_alu(b);
   close_fetch(b);
   for (unsigned i = 0; i < p->num_exports; i++) {
      const struct mir_export *x = &p->exports[i];
      bool last_of_type = true;
      for (unsigned k = i + 1; k < p->num_exports; k++)
         if (p->exports[k].type == x->type)
            last_of_type = false;
      if (prev && prev->exp.type == x->type && prev->exp.burst_count < 16 &&
          prev->exp.array_base + prev->exp.burst_count == x->array_base &&
          prev->exp.gpr + prev->exp.burst_count == x->reg &&
          memcmp(prev->exp.sel, x->sel, sizeof(x->sel)) == 0) {
         prev->exp.burst_count++;
         prev->exp.done = last_of_type;
         continue;
      }
      struct cf_entry *e = add_cf(b, CF_EXPORT);
      if (!e)
         return;
      e->exp.done = last_of_type;
      e->exp.type = x->type;
      e->exp.array_base = x->array_base;
      e->exp.gpr = (uint8_t)x->reg;
      memcpy(e->exp.sel, x->sel, sizeof(x->sel));
      e->exp.burst_count = 1;
      prev = e;
   }
   if (prev)
      prev->exp.end_of_program = true;
}

static unsigned kcache_select(const struct r600_kcache_lock lock[2], unsigned c)
{
   unsigned line = c / 16;
   for (unsigned set = 0; set < 2; set++) {
      unsigned lines = lock[set].mode == R600_KCACHE_LOCK_2 ? 2 : 1;
      if (lock[set].mode != R600_KCACHE_NONE && line >= lock[set].line &&
          line < lock[set].line + lines)
         return (set ? R600_SRC_SEL_KCACHE1 : R600_SRC_SEL_KCACHE0) + c - 16u * lock[set].line;
   }
   return R600_SRC_SEL_KCACHE0;   /* not reached: the scheduler locked every line used */
}

static uint32_t *encode_alu_clause(struct builder *b, const struct r600_alu_clause *c,
                                   uint32_t *out)
{
   struct r600_kcache_lock lock[2];
   r600_alu_clause_kcache(c, lock);
   for (unsigned g = 0; g < c->num_groups; g++) {
      const struct r600_alu_group *grp = &c->groups[g];
      unsigned last_slot = 0;
      for (unsigned s = 0; s < 5; s++)
         if (grp->used & (1u << s))
            last_slot = s;
      for (unsigned s = 0; s < 5; s++) {
         if (!(grp->used & (1u << s)))
            continue;
         const struct mir_alu *a = &grp->slot[s];
         struct r600_alu_fields f;
         memset(&f, 0, sizeof(f));
         f.op = a->op;
         for (unsigned i = 0; i < 3; i++) {
            const struct mir_src *src = &a->src[i];
            f.src_neg[i] = src->neg;
            if (i < 2)
               f.src_abs[i] = src->abs;
            f.src_chan[i] = src->chan;
            f.src_rel[i] = src->rel;
            switch (src->kind) {
            case MIR_SRC_REG:
               f.src_sel[i] = (uint16_t)src->value;
               break;
            case MIR_SRC_CONST:
               f.src_sel[i] = (uint16_t)kcache_select(lock, src->value);
               break;
            case MIR_SRC_LITERAL:
               f.src_sel[i] = (uint16_t)r600_literal_sel();
               for (unsigned k = 0; k < grp->num_literals; k++)
                  if (grp->literal[k] == src->value)
                     f.src_chan[i] = (uint8_t)k;
               break;
            case MIR_SRC_INLINE:
               f.src_sel[i] = (uint16_t)r600_inline_const_sel(src->value);
               f.src_chan[i] = 0;
               break;
            default:
               f.src_sel[i] = 0;
               f.src_chan[i] = 0;
               break;
            }
         }
         f.dst_gpr = a->dst == MIR_NO_REG ? 0 : (uint8_t)a->dst;
         f.dst_chan = a->dst_chan;
         f.dst_rel = a->dst_rel;
         f.write = a->write;
         f.clamp = a->clamp;
         f.update_exec_mask = a->pred_set;
         f.update_pred = a->pred_set;
         f.bank_swizzle = grp->bank_swizzle[s];
         f.last = s == last_slot;
         r600_encode_alu(b->chip, &f, out);
         out += 2;
      }
      unsigned padded = (grp->num_literals + 1) & ~1u;
      for (unsigned k = 0; k < padded; k++)
         *out++ = k < grp->num_literals ? grp->literal[k] : 0;
   }
   return out;
}

/* A constant-buffer read: 16 raw bytes (FMT_32_32_32_32, INT: the bits as they are) at
 * (index GPR) * 16 + offset * 16 of the buffer, no base vertex added. */
static void encode_vtx_clause(struct builder *b, const struct fetch_clause *c, uint32_t *out)
{
   for (unsigned i = 0; i < c->num; i++) {
      const struct mir_vtx *v = &c->f[i].vtx;
      struct r600_vtx_fields f = {
         .no_index_offset = true, .buffer_id = R600_CONSTBUF_RESOURCE_ID,
         .src_gpr = (uint8_t)v->src, .src_chan = v->src_chan, .mega_fetch_count = 15,
         .dst_gpr = (uint8_t)v->dst, .dst_sel = {R600_SEL_X, R600_SEL_Y, R600_SEL_Z, R600_SEL_W},
         /* the same code on both families */
         .data_format = R7_SQ_VTX_WORD1__DATA_FORMAT__FMT_32_32_32_32,
         .num_format = R600_NUM_FORMAT_INT, .offset = (uint16_t)(v->offset * 16u),
      };
      r600_encode_vtx(b->chip, &f, out + 4 * i);
   }
}

static void encode_tex_clause(struct builder *b, const struct fetch_clause *c, uint32_t *out)
{
   for (unsigned i = 0; i < c->num; i++) {
      const struct mir_tex *t = &c->f[i].tex;
      struct r600_tex_fields f = {
         .op = t->op, .resource_id = t->resource, .sampler_id = t->sampler,
         .src_gpr = (uint8_t)t->src, .dst_gpr = (uint8_t)t->dst,
         /* a fetched value may become a coordinate whose derivatives need the whole quad */
         .fetch_whole_quad = b->p->stage == IR_STAGE_FRAGMENT,
      };
      memcpy(f.src_sel, t->src_sel, 4);
      memcpy(f.dst_sel, t->dst_sel, 4);
      for (unsigned k = 0; k < 4; k++)
         f.coord_normalized[k] = t->normalized;
      r600_encode_tex(b->chip, &f, out + 4 * i);
   }
}

/* Places the clauses after the CF program and encodes everything. */
static bool assemble(struct builder *b, struct r600_shader_binary *out)
{
   uint32_t *addr = calloc(b->num_cf ? b->num_cf : 1, sizeof(*addr));
   if (!addr) {
      mir_error(b->p, "out of memory");
      return false;
   }
   unsigned slot = b->num_cf;   /* 64-bit units */
   for (unsigned i = 0; i < b->num_cf; i++) {
      struct cf_entry *e = &b->cf[i];
      if (e->kind == CF_ALU_CLAUSE) {
         addr[i] = slot;
         slot += r600_alu_clause_slots(&b->alu[e->clause]);
      } else if (e->kind == CF_PLAIN && (e->cf.op == R600_CF_TEX || e->cf.op == R600_CF_VTX)) {
         slot = (slot + 1) & ~1u;   /* fetch clauses start 16-byte aligned */
         addr[i] = slot;
         slot += 2 * b->fetch[e->clause].num;
      }
   }
   uint32_t *code = calloc(slot * 2, sizeof(*code));
   if (!code) {
      free(addr);
      mir_error(b->p, "out of memory");
      return false;
   }
   for (unsigned i = 0; i < b->num_cf; i++) {
      struct cf_entry *e = &b->cf[i];
      uint32_t *w = code + 2 * i;
      if (e->kind == CF_ALU_CLAUSE) {
         const struct r600_alu_clause *c = &b->alu[e->clause];
         struct r600_kcache_lock lock[2];
         r600_alu_clause_kcache(c, lock);
         struct r600_cf_alu_fields f = {
            .op = e->alu_op, .addr = addr[i], .count = r600_alu_clause_slots(c), .barrier = true,
         };
         for (unsigned s = 0; s < 2; s++) {
            f.kcache_mode[s] = lock[s].mode;
            f.kcache_bank[s] = 0;   /* constant buffer 0 */
            f.kcache_addr[s] = lock[s].line;
         }
         r600_encode_cf_alu(b->chip, &f, w);
         encode_alu_clause(b, c, code + 2 * addr[i]);
      } else if (e->kind == CF_EXPORT) {
         r600_encode_export(b->chip, &e->exp, w);
      } else if (e->kind == CF_SCRATCH) {
         /* a pixel shader's fills cover whole quads, so that lanes outside the branch
          * keep their values for derivatives, as an unspilled GPR would */
         r600_encode_scratch(b->chip, e->scratch_read,
                             e->scratch_read && b->p->stage == IR_STAGE_FRAGMENT,
                             (uint8_t)e->scratch.reg, (uint16_t)e->scratch.slot, w);
      } else {
         if (e->cf.op == R600_CF_TEX) {
            e->cf.addr = addr[i];
            encode_tex_clause(b, &b->fetch[e->clause], code + 2 * addr[i]);
         } else if (e->cf.op == R600_CF_VTX) {
            e->cf.addr = addr[i];
            encode_vtx_clause(b, &b->fetch[e->clause], code + 2 * addr[i]);
         }
         r600_encode_cf(b->chip, &e->cf, w);
      }
   }
   free(addr);
   out->code = code;
   out->ndw = slot * 2;
   return true;
}

bool r600_build_program(struct mir_program *p, struct r600_shader_binary *out)
{
   struct builder b;
   memset(&b, 0, sizeof(b));
   b.p = p;
   b.chip = p->chip;
   b.open_alu = b.open_fetch = -1;

   if (p->stage == IR_STAGE_VERTEX)
      add_plain(&b, R600_CF_CALL_FS, 0, 0);   /* the fetch shader loads the attributes */

   for (unsigned i = 0; i < p->num_nodes && !p->error; i++) {
      struct mir_node *n = &p->nodes[i];
      switch (n->kind) {
      case MIR_ALU: {
         unsigned count = n->alu.lane_of == 4 ? 4 : 1;
         struct mir_alu ops[4];
         for (unsigned k = 0; k < count; k++)
            ops[k] = p->nodes[i + k].alu;
         add_alu(&b, ops, count);
         i += count - 1;
         break;
      }
      case MIR_TEX: add_fetch(&b, false, &(union fetch){.tex = n->tex}); break;
      case MIR_VTX: add_fetch(&b, true, &(union fetch){.vtx = n->vtx}); break;
      case MIR_IF: do_if(&b, &n->cond); break;
      case MIR_ELSE: do_else(&b); break;
      case MIR_ENDIF: do_endif(&b); break;
      case MIR_LOOP: do_loop(&b); break;
      case MIR_ENDLOOP: do_endloop(&b); break;
      case MIR_BRK: do_break(&b, false); break;
      case MIR_CONT: do_break(&b, true); break;
      case MIR_SPILL: do_scratch(&b, false, &n->scratch); break;
      case MIR_FILL: do_scratch(&b, true, &n->scratch); break;
      }
   }
   if (!p->error)
      add_exports(&b);

   bool ok = !p->error && assemble(&b, out);
   if (ok) {
      unsigned entries = (b.max_stack_elements + STACK_ENTRY_SIZE - 1) / STACK_ENTRY_SIZE;
      /* vertex shaders get at least one entry, as Mesa does */
      if (p->stage == IR_STAGE_VERTEX && entries < 1)
         entries = 1;
      out->stack_size = entries;
      out->num_gprs = p->num_gprs;
      out->scratch_items = p->num_scratch;
   }
   for (unsigned i = 0; i < b.num_alu; i++)
      r600_alu_clause_free(&b.alu[i]);
   for (unsigned i = 0; i < b.num_fetch; i++)
      free(b.fetch[i].f);
   free(b.alu);
   free(b.fetch);
   free(b.cf);
   return ok;
}
