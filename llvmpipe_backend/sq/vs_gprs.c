/* The GPR channels a vertex or pixel shader can read before writing them (vs_gprs.h).
 *
 * The walk follows the CF instructions in order from the entry, through the fetch shader at
 * CALL_FS, to the end of the program. In such straight code exec is the launched lanes from
 * start to end, so an ALU write without predicate or relative destination, a fetch's DST_SEL
 * channels and the VGT's GPR 0 define their channel for every lane that can be read later;
 * a source read before its channel is defined may see the zeroed value. Within an ALU group
 * every operand is read before any result is written (the group's reads first). TEX
 * clauses are declined in a VS: a sample's implicit LOD (and GET_GRADIENTS) looks at the
 * other lanes of a quad, which a VS may not have launched. A PS is launched in whole quads
 * (the quads with a covered lane), so there every lane such a look reaches was launched and
 * has its channel defined wherever the reading lane has. */
#include "sq/vs_gprs.h"

#include <string.h>

#include "hw/hw_isa.h"
#include "sq/isa_program.h"

struct walk {
   uint8_t defined[SIM_MAX_GPRS];   /* bit c: channel c written by then */
   struct sim_vs_gprs *out;
   bool quads;                      /* launched in whole quads (a PS): TEX clauses walked */
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

/* A TEX clause instruction: its source channels (SRC_SEL X..W; every lane of the quad for
 * an implicit LOD or gradients), then its DST_SEL channels (not for the instructions that
 * write no GPR). */
static bool tex_fetch(struct walk *w, const struct sim_program *p, const struct sim_tex_inst *t)
{
   if (t->op == SIM_TEX_VTX)
      return t->vtx_index < p->nvtx && vtx_fetch(w, &p->vtx[t->vtx_index]);
   if (t->src_rel || t->dst_rel || t->src_gpr >= SIM_MAX_GPRS || t->dst_gpr >= SIM_MAX_GPRS)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      if (t->src_sel[c] <= SIM_SEL_W)
         read_chan(w, t->src_gpr, t->src_sel[c]);
   }
   if (t->op == SIM_TEX_KEEP_GRADIENTS || t->op == SIM_TEX_SET_GRADIENTS_H ||
       t->op == SIM_TEX_SET_GRADIENTS_V || t->op == SIM_TEX_SET_CUBEMAP_INDEX)
      return true;
   for (unsigned c = 0; c < 4; c++) {
      if (t->dst_sel[c] != SIM_SEL_MASK)
         w->defined[t->dst_gpr] |= (uint8_t)(1u << c);
   }
   return true;
}

static bool export(struct walk *w, const struct sim_cf *cf)
{
   if (cf->rw_rel || cf->gpr + cf->burst > SIM_MAX_GPRS)
      return false;
   bool full = cf->exp_type == SIM_EXPORT_PIXEL;
   for (unsigned c = 0; c < 4; c++)
      full &= cf->sel[c] != SIM_SEL_MASK;
   for (unsigned b = 0; b < cf->burst; b++) {
      for (unsigned c = 0; c < 4; c++) {
         if (cf->sel[c] <= SIM_SEL_W)
            read_chan(w, cf->gpr + b, cf->sel[c]);
      }
      if (full && cf->array_base + b < 64)
         w->out->pixel_written |= 1ull << (cf->array_base + b);
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
      case SIM_CF_TEX:
         if (!w->quads)
            return false;
         for (unsigned i = 0; i < cf->count; i++) {
            if (!tex_fetch(w, p, &p->tex[cf->first + i]))
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

bool sim_ps_gprs_analyze(const struct sim_program *ps, struct sim_vs_gprs *out)
{
   struct walk w = { .out = out, .quads = true };
   memset(out, 0, sizeof(*out));
   return walk_program(&w, ps, NULL, false);
}

/* The last analyses of this thread (a GPU thread's draws alternate between few programs),
 * by pointer and image hash: a program at a reused address with the same hash has the same
 * image, hence the same decoded content. */
#define MEMO 8   /* four draws of a VS and a PS */
static __thread struct vs_gprs_memo {
   const struct sim_program *prog, *fs;
   uint64_t hash, fs_hash;
   bool ps, known;
   struct sim_vs_gprs gprs;
} memo[MEMO];
static __thread unsigned memo_next;

/* The memoised analysis of `prog` (with fetch shader fs) as a PS or a VS; NULL: declined. */
static const struct sim_vs_gprs *analysis(const struct sim_program *prog, const struct sim_program *fs,
                                  bool ps)
{
   uint64_t fs_hash = fs ? fs->hash : 0;
   for (unsigned i = 0; i < MEMO; i++) {
      struct vs_gprs_memo *m = &memo[i];
      if (m->prog == prog && m->fs == fs && m->hash == prog->hash && m->fs_hash == fs_hash &&
          m->ps == ps)
         return m->known ? &m->gprs : NULL;
   }
   struct vs_gprs_memo *m = &memo[memo_next++ % MEMO];
   *m = (struct vs_gprs_memo){ prog, fs, prog->hash, fs_hash, ps, false, { { 0 } } };
   m->known = ps ? sim_ps_gprs_analyze(prog, &m->gprs) : sim_vs_gprs_analyze(prog, fs, &m->gprs);
   return m->known ? &m->gprs : NULL;
}

const uint8_t *sim_program_vs_first_reads(const struct sim_program *vs,
                                          const struct sim_program *fs)
{
   const struct sim_vs_gprs *a = analysis(vs, fs, false);
   return a ? a->first_read : NULL;
}

const struct sim_vs_gprs *sim_program_ps_first_reads(const struct sim_program *ps)
{
   return analysis(ps, NULL, true);
}
