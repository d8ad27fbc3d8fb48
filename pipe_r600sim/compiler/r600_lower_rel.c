/* Relative (indirect) operands of the IR (shader_ir.h `rel`), lowered to what the hardware
 * executes (docs/r600-hardware-notes.md §4.2, §4.3):
 * - TEMP arrays get consecutive GPRs (p->arrays, honoured by r600_regalloc). A relative
 *   TEMP source is loaded into a temporary by MOVs with a relative source; a relative TEMP
 *   destination is computed into a temporary and stored by MOVs with a relative
 *   destination. The CF builder puts the MOVA_INT that loads AR from the address in front
 *   of them, once per clause and address.
 * - kcache cannot be indexed: a relative CONST source is one vertex fetch of constant
 *   buffer 0, which the state code binds as a buffer resource with a 16-byte stride.
 * So only MOVs and vertex fetches carry relative operands; the instruction itself is
 * lowered on plain temporaries. */
#include <stdlib.h>
#include <string.h>

#include "r600_mir.h"

struct range {
   uint32_t first, end;
};

static int cmp_range(const void *a, const void *b)
{
   const struct range *x = a, *y = b;
   return x->first < y->first ? -1 : x->first > y->first;
}

/* p->arrays are sorted and disjoint: a binary search, so that many arrays and many
 * relative operands do not multiply. */
static const struct mir_array *find_array(const struct mir_program *p, uint32_t index)
{
   unsigned lo = 0, hi = p->num_arrays;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (index < p->arrays[mid].first)
         hi = mid;
      else if (index >= p->arrays[mid].first + p->arrays[mid].count)
         lo = mid + 1;
      else
         return &p->arrays[mid];
   }
   return NULL;
}

/* Sorts the n ranges r and merges overlapping ones; returns how many remain. */
static unsigned merge_ranges(struct range *r, unsigned n)
{
   qsort(r, n, sizeof(*r), cmp_range);
   unsigned m = 0;
   for (unsigned i = 0; i < n; i++) {
      if (m && r[i].first < r[m - 1].end) {
         if (r[i].end > r[m - 1].end)
            r[m - 1].end = r[i].end;
      } else {
         r[m++] = r[i];
      }
   }
   return m;
}

/* Whether index lies in one of the n sorted, disjoint ranges r. */
static bool in_ranges(const struct range *r, unsigned n, uint32_t index)
{
   unsigned lo = 0, hi = n;
   while (lo < hi) {
      unsigned mid = (lo + hi) / 2;
      if (index < r[mid].first)
         hi = mid;
      else if (index >= r[mid].end)
         lo = mid + 1;
      else
         return true;
   }
   return false;
}

/* Relative TEMP operands of an instruction (unused sources are zero-filled: file NULL). */
static unsigned rel_temps(const struct ir_instruction *in, uint32_t index[4])
{
   unsigned n = 0;
   if (in->dst.rel && in->dst.file == IR_FILE_TEMP)
      index[n++] = in->dst.index;
   for (unsigned i = 0; i < 3; i++)
      if (in->src[i].rel && in->src[i].file == IR_FILE_TEMP)
         index[n++] = in->src[i].index;
   return n;
}

bool r600_rel_arrays(const struct ir_shader *ir, struct mir_program *p)
{
   /* the declared arrays, plus [index, num_temps) for an undeclared relative operand;
    * overlapping ranges become one array */
   unsigned cap = ir->num_arrays, n = 0;
   for (uint32_t i = 0; i < ir->num_instructions; i++) {
      uint32_t idx[4];
      cap += rel_temps(&ir->instructions[i], idx);
   }
   if (!cap)
      return true;
   struct range *r = malloc(cap * sizeof(*r));
   if (!r) {
      mir_error(p, "out of memory");
      return false;
   }
   for (unsigned i = 0; i < ir->num_arrays; i++)
      r[n++] = (struct range){ir->arrays[i].first, ir->arrays[i].first + ir->arrays[i].count};
   n = merge_ranges(r, n);
   unsigned declared = n;
   for (uint32_t i = 0; i < ir->num_instructions; i++) {
      uint32_t idx[4];
      unsigned k = rel_temps(&ir->instructions[i], idx);
      for (unsigned j = 0; j < k; j++)
         if (idx[j] < ir->num_temps && !in_ranges(r, declared, idx[j]))
            r[n++] = (struct range){idx[j], ir->num_temps};
   }
   unsigned m = merge_ranges(r, n);
   p->arrays = malloc((m ? m : 1) * sizeof(*p->arrays));
   if (!p->arrays) {
      free(r);
      mir_error(p, "out of memory");
      return false;
   }
   for (unsigned i = 0; i < m; i++) {
      if (r[i].end - r[i].first > R600_MAX_GPRS) {
         mir_error(p, "a relatively addressed array of %u registers does not fit in %u GPRs",
                   r[i].end - r[i].first, R600_MAX_GPRS);
         break;
      }
      p->arrays[i].first = r[i].first;
      p->arrays[i].count = (uint16_t)(r[i].end - r[i].first);
   }
   p->num_arrays = m;
   free(r);
   return !p->error;
}

/* A new vreg that an IR operand can name as TEMP index, or MIR_NO_REG (error set). */
static uint32_t new_temp(struct mir_program *p)
{
   uint32_t t = mir_new_vreg(p, -1);
   if (t != MIR_NO_REG && t > UINT16_MAX) {
      mir_error(p, "the shader needs too many temporaries");
      return MIR_NO_REG;
   }
   return t;
}

static bool add_alu(struct mir_program *p, uint32_t pos, const struct mir_alu *a)
{
   struct mir_node *n = mir_add_node(p, MIR_ALU, pos);
   if (n)
      n->alu = *a;
   return n != NULL;
}

/* The MOV template of a relative access to TEMP[index + address] (an array member). */
static bool rel_mov(struct mir_program *p, uint32_t index, uint16_t addr, uint8_t addr_chan,
                    struct mir_alu *a)
{
   const struct mir_array *arr = find_array(p, index);
   if (!arr) {
      mir_error(p, "relative TEMP[%u] outside the temporaries", index);
      return false;
   }
   memset(a, 0, sizeof(*a));
   a->op = R600_ALU_MOV;
   a->write = true;
   a->addr = addr;
   a->addr_chan = addr_chan;
   a->rel_first = arr->first;
   a->rel_count = arr->count;
   return true;
}

/* Loads relative source `s` into a new temporary and makes `s` name it. */
static bool load_src(const struct ir_shader *ir, struct mir_program *p, uint32_t pos,
                     struct ir_src *s)
{
   uint32_t t = new_temp(p);
   if (t == MIR_NO_REG)
      return false;
   if (s->file == IR_FILE_CONST) {
      if (s->index > UINT16_MAX / 16u) {
         mir_error(p, "relative CONST[%u] beyond the vertex fetch offset range", s->index);
         return false;
      }
      struct mir_node *n = mir_add_node(p, MIR_VTX, pos);
      if (!n)
         return false;
      n->vtx = (struct mir_vtx){.src = s->rel_index, .src_chan = s->rel_comp, .dst = t,
                                .offset = s->index};
   } else {
      if (s->index >= ir->num_temps) {
         mir_error(p, "relative TEMP[%u] outside the temporaries", s->index);
         return false;
      }
      unsigned comps = 0;
      for (unsigned c = 0; c < 4; c++)
         comps |= 1u << s->swizzle[c];
      for (unsigned c = 0; c < 4; c++) {
         struct mir_alu a;
         if (!(comps & (1u << c)))
            continue;
         if (!rel_mov(p, s->index, s->rel_index, s->rel_comp, &a))
            return false;
         a.dst = t;
         a.dst_chan = (uint8_t)c;
         a.src[0] = (struct mir_src){.kind = MIR_SRC_REG, .chan = (uint8_t)c, .rel = true,
                                     .value = s->index};
         if (!add_alu(p, pos, &a))
            return false;
      }
   }
   s->file = IR_FILE_TEMP;
   s->index = (uint16_t)t;
   s->rel = false;
   return true;
}

bool r600_rel_load(const struct ir_shader *ir, struct mir_program *p, uint32_t pos,
                   const struct ir_instruction *in, struct ir_instruction *out)
{
   *out = *in;
   for (unsigned i = 0; i < 3; i++) {
      struct ir_src *s = &out->src[i];
      if (s->rel && (s->file == IR_FILE_TEMP || s->file == IR_FILE_CONST) &&
          !load_src(ir, p, pos, s))
         return false;
   }
   if (in->dst.rel) {
      if (in->dst.index >= ir->num_temps) {
         mir_error(p, "relative TEMP[%u] outside the temporaries", in->dst.index);
         return false;
      }
      uint32_t t = new_temp(p);
      if (t == MIR_NO_REG)
         return false;
      out->dst.index = (uint16_t)t;
      out->dst.rel = false;
   }
   return true;
}

void r600_rel_store(struct mir_program *p, uint32_t pos, const struct ir_instruction *in,
                    const struct ir_instruction *out)
{
   for (unsigned c = 0; c < 4; c++) {
      struct mir_alu a;
      if (!(in->dst.writemask & (1u << c)))
         continue;
      if (!rel_mov(p, in->dst.index, in->dst.rel_index, in->dst.rel_comp, &a))
         return;
      a.dst = in->dst.index;
      a.dst_chan = (uint8_t)c;
      a.dst_rel = true;
      a.src[0] = (struct mir_src){.kind = MIR_SRC_REG, .chan = (uint8_t)c, .value = out->dst.index};
      if (!add_alu(p, pos, &a))
         return;
   }
}
