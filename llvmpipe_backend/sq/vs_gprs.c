/* The GPR channels a vertex shader can read before writing them (vs_gprs.h).
 *
 * The walk follows the CF instructions in order from the entry, through the fetch shader at
 * CALL_FS, to the end of the program. In such straight code exec is the launched lanes from
 * start to end, so an ALU write without predicate or relative destination, a fetch's DST_SEL
 * channels and the VGT's GPR 0 define their channel for every lane that can be read later;
 * a source read before its channel is defined may see the zeroed value. Within an ALU group
 * every operand is read before any result is written (the group's reads first). TEX
 * clauses are declined: a sample's implicit LOD can look at a quad's lanes that were not
 * launched. */
#include "sq/vs_gprs.h"

#include <string.h>

#include "hw/hw_isa.h"
#include "sq/isa_program.h"

struct walk {
   uint8_t defined[SIM_MAX_GPRS];   /* bit c: channel c written by then */
   struct sim_vs_gprs *out;
};

static void read_chan(struct walk *w, unsigned gpr, unsigned chan)
{
   if (!(w->defined[gpr] >> chan & 1))
      w->out->first_read[gpr] |= (uint8_t)(1u << chan);
}

/* The reads of one ALU group, then its writes; false when the group is not straight code. */
static bool alu_group(struct walk *w, const struct sim_program *p, const struct sim_alu_group *g)
{
   if (g->rel || g->mova_units)
      return false;
   const struct sim_alu_inst *in = &p->alu[g->first];
   for (unsigned i = 0; i < g->count; i++) {
      const struct sim_alu_inst *a = &in[i];
      if (a->update_exec || (a->info->flags & HW_ISA_F_KILL) || (a->write && a->dst_rel))
         return false;
      for (unsigned s = 0; s < 3; s++) {   /* unused operands count too: only more zeroing */
         const struct sim_src *src = &a->src[s];
         if (src->kind != SIM_SRC_GPR)
            continue;
         if (src->rel || src->index >= SIM_MAX_GPRS || src->chan > 3)
            return false;
         read_chan(w, src->index, src->chan);
      }
   }
   for (unsigned i = 0; i < g->count; i++) {
      const struct sim_alu_inst *a = &in[i];
      if (a->write && a->pred_sel == SIM_PRED_OFF && a->dst_gpr < SIM_MAX_GPRS)
         w->defined[a->dst_gpr] |= (uint8_t)(1u << (a->dst_chan & 3));
   }
   return true;
}

static bool vtx_fetch(struct walk *w, const struct sim_vtx_inst *v)
{
   if (v->src_rel || v->dst_rel || v->whole_quad || v->src_gpr >= SIM_MAX_GPRS ||
       v->src_chan > 3)
      return false;
   read_chan(w, v->src_gpr, v->src_chan);
   if (v->semantic || v->dst_gpr >= SIM_MAX_GPRS)
      return true;   /* writes elsewhere or faults: defines nothing here */
   for (unsigned c = 0; c < 4; c++) {
      if (v->dst_sel[c] != SIM_SEL_MASK)
         w->defined[v->dst_gpr] |= (uint8_t)(1u << c);
   }
   return true;
}

static bool export(struct walk *w, const struct sim_cf *cf)
{
   if (cf->rw_rel || cf->gpr + cf->burst > SIM_MAX_GPRS)
      return false;
   for (unsigned b = 0; b < cf->burst; b++) {
      for (unsigned c = 0; c < 4; c++) {
         if (cf->sel[c] <= SIM_SEL_W)
            read_chan(w, cf->gpr + b, cf->sel[c]);
      }
   }
   return true;
}

/* Program p from its entry to its end (the fetch shader: to its RETURN). */
static bool walk_program(struct walk *w, const struct sim_program *p, const struct sim_program *fs,
                         bool in_fetch)
{
   for (unsigned pc = p->entry; pc < p->ncf; pc++) {
      const struct sim_cf *cf = &p->cf[pc];
      if (cf->whole_quad || cf->valid_pixel)
         return false;
      switch (cf->op) {
      case SIM_CF_NOP:
         break;
      case SIM_CF_ALU:
         if (cf->alu_kind != SIM_ALU_PLAIN || cf->uses_rel)
            return false;
         for (unsigned g = 0; g < cf->count; g++) {
            if (!alu_group(w, p, &p->groups[cf->first + g]))
               return false;
         }
         break;
      case SIM_CF_VTX:
         for (unsigned i = 0; i < cf->count; i++) {
            if (!vtx_fetch(w, &p->vtx[cf->first + i]))
               return false;
         }
         break;
      case SIM_CF_EXPORT:
         if (!export(w, cf))
            return false;
         break;
      case SIM_CF_CALL_FS:
         if (in_fetch || !fs || !walk_program(w, fs, NULL, true))
            return false;
         break;
      case SIM_CF_RETURN:
         return in_fetch;
      default:
         return false;
      }
      if (cf->eop)
         return true;
   }
   return true;
}

bool sim_vs_gprs_analyze(const struct sim_program *vs, const struct sim_program *fs,
                         struct sim_vs_gprs *out)
{
   struct walk w = { .out = out };
   memset(out, 0, sizeof(*out));
   w.defined[0] = 0xF;
   return walk_program(&w, vs, fs, false);
}

/* The last analyses of this thread (a GPU thread's draws alternate between few programs),
 * by pointer and image hash: a program at a reused address with the same hash has the same
 * image, hence the same decoded content. */
#define MEMO 4
static __thread struct vs_gprs_memo {
   const struct sim_program *vs, *fs;
   uint64_t vs_hash, fs_hash;
   bool known;
   struct sim_vs_gprs gprs;
} memo[MEMO];
static __thread unsigned memo_next;

const uint8_t *sim_program_vs_first_reads(const struct sim_program *vs,
                                          const struct sim_program *fs)
{
   uint64_t fs_hash = fs ? fs->hash : 0;
   for (unsigned i = 0; i < MEMO; i++) {
      struct vs_gprs_memo *m = &memo[i];
      if (m->vs == vs && m->fs == fs && m->vs_hash == vs->hash && m->fs_hash == fs_hash)
         return m->known ? m->gprs.first_read : NULL;
   }
   struct vs_gprs_memo *m = &memo[memo_next++ % MEMO];
   *m = (struct vs_gprs_memo){ vs, fs, vs->hash, fs_hash, false, { { 0 } } };
   m->known = sim_vs_gprs_analyze(vs, fs, &m->gprs);
   return m->known ? m->gprs.first_read : NULL;
}
