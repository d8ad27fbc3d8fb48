/* The program builder, fetch helpers, resource set-up and two-engine runner of isa_harness.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <xmmintrin.h>

#include "common/gpu_memory.h"
#include "isa_harness.h"
#include "sq/run_state.h"

enum hw_chip chip = HW_CHIP_R7XX;
struct sim_memory *mem;
uint32_t *regs;
struct result res_interp, res_jit;
struct sim_lanes init_lanes;

/* FAIL lines of the ISA tests name the chip they ran on. */
const char *check_context(void)
{
   return R7 ? "rv770" : "r600";
}

void check_u32(uint32_t got, uint32_t want, const char *fmt, ...)
{
   char what[256] = "";
   if (got != want) {
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(what, sizeof(what), fmt, ap);
      va_end(ap);
   }
   check(got == want, "%s: got 0x%08x (%g), want 0x%08x (%g)", what, got, (double)Fl(got), want,
         (double)Fl(want));
}

/* ---- programs ---------------------------------------------------------------------------- */

void prog_init_cf(struct prog *p, unsigned cf_area)
{
   memset(p, 0, sizeof(*p));
   p->qw = cf_area;
}

void prog_init(struct prog *p)
{
   prog_init_cf(p, CF_AREA);
}

void cf_emit(struct prog *p, uint32_t w0, uint32_t w1)
{
   p->dw[2 * p->ncf] = w0;
   p->dw[2 * p->ncf + 1] = w1;
   p->ncf++;
}

void clause_dw(struct prog *p, uint32_t a, uint32_t b)
{
   p->dw[2 * p->qw] = a;
   p->dw[2 * p->qw + 1] = b;
   p->qw++;
}

void clause_align(struct prog *p)
{
   p->qw += p->qw & 1;
}

struct src gpr(unsigned r, unsigned c) { return (struct src){ r, c, false, false, false }; }
struct src relg(unsigned r, unsigned c) { return (struct src){ r, c, false, false, true }; }
struct src lit(unsigned c) { return (struct src){ ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_LITERAL), c, false, false, false }; }
struct src pv(unsigned c) { return (struct src){ ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_PV), c, false, false, false }; }
struct src ps(void) { return (struct src){ ENU(SQ_ALU_WORD0, SRC0_SEL, SQ_ALU_SRC_PS), 0, false, false, false }; }
struct src kc(unsigned set, unsigned i, unsigned c) { return (struct src){ 128 + 32 * set + i, c, false, false, false }; }
struct src cfile(unsigned i, unsigned c) { return (struct src){ 256 + i, c, false, false, false }; }
struct src inl(unsigned sel_value) { return (struct src){ sel_value, 0, false, false, false }; }
struct src neg(struct src s) { s.neg = !s.neg; return s; }
struct src absv(struct src s) { s.abs = true; return s; }

void alu_begin(struct prog *p)
{
   p->clause_start = p->qw;
}

void alu(struct prog *p, struct alu a, bool last)
{
   uint32_t w0 = FLD(SQ_ALU_WORD0, SRC0_SEL, a.s0.sel) | FLD(SQ_ALU_WORD0, SRC0_CHAN, a.s0.chan) |
                 FLD(SQ_ALU_WORD0, SRC0_NEG, a.s0.neg) | FLD(SQ_ALU_WORD0, SRC1_SEL, a.s1.sel) |
                 FLD(SQ_ALU_WORD0, SRC1_CHAN, a.s1.chan) | FLD(SQ_ALU_WORD0, SRC1_NEG, a.s1.neg) |
                 FLD(SQ_ALU_WORD0, PRED_SEL, a.pred_sel) | FLD(SQ_ALU_WORD0, LAST, last) |
                 FLD(SQ_ALU_WORD0, SRC0_REL, a.s0.rel) | FLD(SQ_ALU_WORD0, SRC1_REL, a.s1.rel) |
                 FLD(SQ_ALU_WORD0, INDEX_MODE, a.index_mode);
   uint32_t w1 = FLD(SQ_ALU_WORD1, DST_GPR, a.dst) | FLD(SQ_ALU_WORD1, DST_CHAN, a.chan) |
                 FLD(SQ_ALU_WORD1, CLAMP, a.clamp) | FLD(SQ_ALU_WORD1, DST_REL, a.dst_rel);
   if (a.op & 0x100u) {
      w1 |= FLD(SQ_ALU_WORD1_OP3, SRC2_REL, a.s2.rel) |
            FLD(SQ_ALU_WORD1_OP3, ALU_INST, a.op & 0xFFu) | FLD(SQ_ALU_WORD1_OP3, SRC2_SEL, a.s2.sel) |
            FLD(SQ_ALU_WORD1_OP3, SRC2_CHAN, a.s2.chan) | FLD(SQ_ALU_WORD1_OP3, SRC2_NEG, a.s2.neg);
   } else {
      w1 |= FLD(SQ_ALU_WORD1_OP2, ALU_INST, a.op) | FLD(SQ_ALU_WORD1_OP2, WRITE_MASK, !a.nowrite) |
            FLD(SQ_ALU_WORD1_OP2, SRC0_ABS, a.s0.abs) | FLD(SQ_ALU_WORD1_OP2, SRC1_ABS, a.s1.abs) |
            FLD(SQ_ALU_WORD1_OP2, OMOD, a.omod) | FLD(SQ_ALU_WORD1_OP2, UPDATE_EXECUTE_MASK, a.upd_exec) |
            FLD(SQ_ALU_WORD1_OP2, UPDATE_PRED, a.upd_pred);
      if (!R7)
         w1 |= R6_SQ_ALU_WORD1_OP2__FOG_MERGE(a.fog_merge);
   }
   clause_dw(p, w0, w1);
}

void lits(struct prog *p, unsigned n, const uint32_t *v)
{
   uint32_t l[4] = { 0 };
   memcpy(l, v, n * 4);
   clause_dw(p, l[0], l[1]);
   if (n > 2)
      clause_dw(p, l[2], l[3]);
}

void cf_alu_ex(struct prog *p, uint32_t kind, struct cf_alu_opts o)
{
   unsigned slots = p->qw - p->clause_start;
   struct kcache k = o.kc;
   uint32_t w1 = FLD(SQ_CF_ALU_WORD1, KCACHE_MODE1, k.mode1) | FLD(SQ_CF_ALU_WORD1, KCACHE_ADDR0, k.addr0) |
                 FLD(SQ_CF_ALU_WORD1, KCACHE_ADDR1, k.addr1) | FLD(SQ_CF_ALU_WORD1, COUNT, slots - 1) |
                 FLD(SQ_CF_ALU_WORD1, CF_INST, kind) | FLD(SQ_CF_ALU_WORD1, BARRIER, 1) |
                 FLD(SQ_CF_ALU_WORD1, WHOLE_QUAD_MODE, o.wqm);
   if (R7)
      w1 |= R7_SQ_CF_ALU_WORD1__ALT_CONST(o.alt_const);
   cf_emit(p, FLD(SQ_CF_ALU_WORD0, ADDR, p->clause_start) | FLD(SQ_CF_ALU_WORD0, KCACHE_BANK0, k.bank0) |
                 FLD(SQ_CF_ALU_WORD0, KCACHE_BANK1, k.bank1) | FLD(SQ_CF_ALU_WORD0, KCACHE_MODE0, k.mode0),
           w1);
}

void cf_alu(struct prog *p, uint32_t kind, struct kcache k)
{
   cf_alu_ex(p, kind, (struct cf_alu_opts){ .kc = k });
}

void cf_full(struct prog *p, struct cfw c)
{
   uint32_t w1 = FLD(SQ_CF_WORD1, CF_INST, c.inst) | FLD(SQ_CF_WORD1, POP_COUNT, c.pop) |
                 FLD(SQ_CF_WORD1, END_OF_PROGRAM, c.eop) | FLD(SQ_CF_WORD1, BARRIER, 1) |
                 FLD(SQ_CF_WORD1, CF_CONST, c.cf_const) | FLD(SQ_CF_WORD1, COND, c.cond) |
                 FLD(SQ_CF_WORD1, CALL_COUNT, c.call_count) | FLD(SQ_CF_WORD1, VALID_PIXEL_MODE, c.vpm) |
                 FLD(SQ_CF_WORD1, WHOLE_QUAD_MODE, c.wqm);
   if (c.count) {
      w1 |= FLD(SQ_CF_WORD1, COUNT, (c.count - 1) & 7);
      if (R7)
         w1 |= R7_SQ_CF_WORD1__COUNT_3((c.count - 1) >> 3);
   }
   cf_emit(p, FLD(SQ_CF_WORD0, ADDR, c.addr), w1);
}

void cf(struct prog *p, uint32_t inst, unsigned addr, unsigned pop, bool eop)
{
   cf_full(p, (struct cfw){ .inst = inst, .addr = addr, .pop = pop, .eop = eop });
}

void cf_fetch(struct prog *p, uint32_t inst, unsigned addr, unsigned count)
{
   cf_full(p, (struct cfw){ .inst = inst, .addr = addr, .count = count });
}

void cf_export(struct prog *p, struct cf_exp e)
{
   uint32_t inst = e.inst ? e.inst
      : e.done ? ENU(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_EXPORT_DONE)
               : ENU(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, SQ_CF_INST_EXPORT);
   cf_emit(p, FLD(SQ_CF_ALLOC_EXPORT_WORD0, ARRAY_BASE, e.base) | FLD(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, e.type) |
                 FLD(SQ_CF_ALLOC_EXPORT_WORD0, RW_GPR, e.gpr) | FLD(SQ_CF_ALLOC_EXPORT_WORD0, RW_REL, e.rel),
           FLD(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, e.sel[0]) | FLD(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Y, e.sel[1]) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_Z, e.sel[2]) | FLD(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_W, e.sel[3]) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD1, BURST_COUNT, (e.burst ? e.burst : 1) - 1) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD1, END_OF_PROGRAM, e.eop) | FLD(SQ_CF_ALLOC_EXPORT_WORD1, BARRIER, 1) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD1, VALID_PIXEL_MODE, e.vpm) |
              FLD(SQ_CF_ALLOC_EXPORT_WORD1, WHOLE_QUAD_MODE, e.wqm) | FLD(SQ_CF_ALLOC_EXPORT_WORD1, CF_INST, inst));
}

void cf_export_pixel(struct prog *p, unsigned gpr_)
{
   cf_export(p, (struct cf_exp){ .done = true, .type = ENU(SQ_CF_ALLOC_EXPORT_WORD0, TYPE, SQ_EXPORT_PIXEL),
                                 .gpr = gpr_, .sel = { SEL(X), SEL(Y), SEL(Z), SEL(W) }, .eop = true });
}

/* ---- the machine --------------------------------------------------------------------------- */

void machine_init(void)
{
   mem = sim_mem_create();
   regs = calloc(SIM_REG_SPACE_DWORDS, sizeof(uint32_t));
   if (!mem || !regs) {
      fprintf(stderr, "out of memory\n");
      exit(1);
   }
}

void machine_reset_regs(void)
{
   memset(regs, 0, SIM_REG_SPACE_DWORDS * sizeof(uint32_t));
}

uint64_t upload(const void *data, size_t bytes)
{
   uint64_t va = sim_mem_alloc(mem, bytes, 256);
   memcpy(sim_mem_map(mem, va), data, bytes);
   return va;
}

uint64_t upload_prog(const struct prog *p)
{
   return upload(p->dw, 8ull * p->qw);
}

void clear_lanes(void)
{
   memset(&init_lanes, 0, sizeof(init_lanes));
}

/* SQ_PGM_RESOURCES_<stage> with DX10_CLAMP and STACK_SIZE. */
static void set_resources(enum sim_stage stage, bool dx10_clamp, unsigned stack)
{
   switch (stage) {
   case SIM_STAGE_PS:
      set_reg(REG_SQ_PGM_RESOURCES_PS, SQ_PGM_RESOURCES_PS__DX10_CLAMP(dx10_clamp) |
                                          SQ_PGM_RESOURCES_PS__STACK_SIZE(stack));
      break;
   case SIM_STAGE_VS:
      set_reg(REG_SQ_PGM_RESOURCES_VS, SQ_PGM_RESOURCES_VS__DX10_CLAMP(dx10_clamp) |
                                          SQ_PGM_RESOURCES_VS__STACK_SIZE(stack));
      break;
   default:
      set_reg(REG_SQ_PGM_RESOURCES_FS, SQ_PGM_RESOURCES_FS__DX10_CLAMP(dx10_clamp) |
                                          SQ_PGM_RESOURCES_FS__STACK_SIZE(stack));
      break;
   }
}

void run_engine(uint64_t va, const struct run_opts *o, enum sim_engine engine, struct result *r)
{
   struct sim_shader_env env = { .chip = chip, .stage = o->stage, .mem = mem, .regs = regs };
   memset(&r->out, 0, sizeof(r->out));
   r->lanes = init_lanes;
   r->fault[0] = 0;
   r->ok = false;
   r->faulted = false;
   set_resources(o->stage, o->dx10_clamp, o->stack_size);
   struct sim_program *p = sim_program_get_engine(&env, va, engine), *f = NULL;
   if (p && o->fs_va) {
      struct sim_shader_env fenv = env;
      fenv.stage = SIM_STAGE_FS;
      set_resources(SIM_STAGE_FS, false, 0);
      f = sim_program_get_engine(&fenv, o->fs_va, engine);
      if (!f) {
         snprintf(r->fault, sizeof(r->fault), "%s", fenv.fault);
         r->faulted = fenv.faulted;
         return;
      }
   }
   if (!p) {
      snprintf(r->fault, sizeof(r->fault), "%s", env.fault);
      r->faulted = env.faulted;
      return;
   }
   check((engine == SIM_ENGINE_JIT) == (sim_program_engine(p) == SIM_ENGINE_JIT),
         "the %s engine runs the program", engine == SIM_ENGINE_JIT ? "jit" : "interp");
   uint16_t active = o->active ? o->active : 0xFFFF;
   uint16_t valid = o->valid ? o->valid : active;
   r->ok = sim_program_run_valid(p, f, &env, &r->lanes, active, valid, &r->out);
   r->stack_overflow = env.stack_overflow;
   r->faulted = env.faulted;
   if (!r->ok)
      snprintf(r->fault, sizeof(r->fault), "%s", env.fault);
}

/* The GPR and export checks of two runs that both succeeded; prints the interpreter's fault
 * if `report` and it faulted. Returns whether the interpreter ran without a fault. */
static bool check_same_state(const char *name, bool report)
{
   if (res_interp.ok && res_jit.ok) {
      bool same = !memcmp(&res_interp.lanes, &res_jit.lanes, sizeof(struct sim_lanes));
      for (unsigned g = 0; !same && g < SIM_MAX_GPRS; g++)
         for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < SIM_LANES; l++)
               if (res_interp.lanes.gpr[g][c][l] != res_jit.lanes.gpr[g][c][l]) {
                  fprintf(stderr, "  %s: R%u.%c lane %u: interp 0x%08x jit 0x%08x\n", name, g,
                          "xyzw"[c], l, res_interp.lanes.gpr[g][c][l], res_jit.lanes.gpr[g][c][l]);
                  g = SIM_MAX_GPRS;
                  c = 4;
                  break;
               }
      check(same, "%s: interp and jit GPRs are bit-identical", name);
      check(!memcmp(&res_interp.out, &res_jit.out, sizeof(struct sim_exports)),
            "%s: interp and jit exports are bit-identical", name);
   }
   if (report && !res_interp.ok)
      fprintf(stderr, "  %s: %s\n", name, res_interp.fault);
   return res_interp.ok;
}

bool run_both(const char *name, uint64_t va, struct run_opts o)
{
   run_engine(va, &o, SIM_ENGINE_INTERP, &res_interp);
   run_engine(va, &o, SIM_ENGINE_JIT, &res_jit);
   check(res_interp.ok == res_jit.ok && !strcmp(res_interp.fault, res_jit.fault),
         "%s: engines agree on the outcome (%s / %s)", name, res_interp.fault, res_jit.fault);
   check(res_interp.stack_overflow == res_jit.stack_overflow, "%s: engines agree on the stack report", name);
   return check_same_state(name, true);
}

bool run_compare(const char *name, uint64_t va, struct run_opts o)
{
   run_engine(va, &o, SIM_ENGINE_INTERP, &res_interp);
   run_engine(va, &o, SIM_ENGINE_JIT, &res_jit);
   check(res_interp.ok == res_jit.ok && !strcmp(res_interp.fault, res_jit.fault) &&
            res_interp.stack_overflow == res_jit.stack_overflow && res_interp.ok == !res_interp.faulted &&
            res_jit.ok == !res_jit.faulted,
         "%s: engines agree on the outcome and the stack report, fault flags match the results "
         "(%s / %s)", name, res_interp.fault, res_jit.fault);
   return check_same_state(name, false);
}

void expect_fault(const char *name, uint64_t va, struct run_opts o, const char *reason)
{
   run_engine(va, &o, SIM_ENGINE_INTERP, &res_interp);
   run_engine(va, &o, SIM_ENGINE_JIT, &res_jit);
   check(!res_interp.ok && strstr(res_interp.fault, reason) && strstr(res_interp.fault, "CF "),
         "%s: faults with a CF index and \"%s\" (got \"%s\")", name, reason, res_interp.fault);
   check(!res_jit.ok && !strcmp(res_interp.fault, res_jit.fault),
         "%s: the jit reports the same fault (\"%s\")", name, res_jit.fault);
}

int run_on_both_chips(void (*tests)(void))
{
   static const enum hw_chip chips[2] = { HW_CHIP_R7XX, HW_CHIP_R6XX };
   machine_init();
   for (unsigned k = 0; k < 2; k++) {
      chip = chips[k];
      machine_reset_regs();
      tests();
   }
   return check_report();
}

/* ---- fetch instructions and resources -------------------------------------------------------- */

void vtx_words(const struct vfetch *v, uint32_t w[4])
{
   w[0] = FLD(SQ_VTX_WORD0, VTX_INST, v->semantic ? ENU(SQ_VTX_WORD0, VTX_INST, SQ_VTX_INST_SEMANTIC)
                                                 : ENU(SQ_VTX_WORD0, VTX_INST, SQ_VTX_INST_FETCH)) |
          FLD(SQ_VTX_WORD0, FETCH_TYPE, v->fetch_type) | FLD(SQ_VTX_WORD0, BUFFER_ID, v->buffer) |
          FLD(SQ_VTX_WORD0, SRC_GPR, v->src_gpr) | FLD(SQ_VTX_WORD0, SRC_REL, v->src_rel) |
          FLD(SQ_VTX_WORD0, SRC_SEL_X, v->src_chan) | FLD(SQ_VTX_WORD0, FETCH_WHOLE_QUAD, v->whole_quad) |
          FLD(SQ_VTX_WORD0, MEGA_FETCH_COUNT, 15);
   w[1] = (v->semantic ? FLD(SQ_VTX_WORD1_SEM, SEMANTIC_ID, v->semantic_id)
                       : FLD(SQ_VTX_WORD1_GPR, DST_GPR, v->dst_gpr) | FLD(SQ_VTX_WORD1_GPR, DST_REL, v->dst_rel)) |
          FLD(SQ_VTX_WORD1, DST_SEL_X, v->sel[0]) | FLD(SQ_VTX_WORD1, DST_SEL_Y, v->sel[1]) |
          FLD(SQ_VTX_WORD1, DST_SEL_Z, v->sel[2]) | FLD(SQ_VTX_WORD1, DST_SEL_W, v->sel[3]) |
          FLD(SQ_VTX_WORD1, USE_CONST_FIELDS, v->const_fields) | FLD(SQ_VTX_WORD1, DATA_FORMAT, v->fmt) |
          FLD(SQ_VTX_WORD1, NUM_FORMAT_ALL, v->num) | FLD(SQ_VTX_WORD1, FORMAT_COMP_ALL, v->sgn) |
          FLD(SQ_VTX_WORD1, SRF_MODE_ALL, v->no_zero);
   w[2] = FLD(SQ_VTX_WORD2, OFFSET, v->offset) | FLD(SQ_VTX_WORD2, ENDIAN_SWAP, v->endian) |
          FLD(SQ_VTX_WORD2, CONST_BUF_NO_STRIDE, v->no_stride) | FLD(SQ_VTX_WORD2, MEGA_FETCH, 1);
   if (R7)
      w[2] |= R7_SQ_VTX_WORD2__ALT_CONST(v->alt);
   w[3] = 0;
}

void vtx(struct prog *p, struct vfetch v)
{
   uint32_t w[4];
   vtx_words(&v, w);
   clause_dw(p, w[0], w[1]);
   clause_dw(p, w[2], w[3]);
}

void tex(struct prog *p, struct texi t)
{
   unsigned ct = t.unnormalized ? ENU(SQ_TEX_WORD1, COORD_TYPE_X, SQ_TEX_UNNORMALIZED)
                                : ENU(SQ_TEX_WORD1, COORD_TYPE_X, SQ_TEX_NORMALIZED);
   unsigned d[4] = { TDST(X), TDST(Y), TDST(Z), TDST(W) };
   if (t.dsel[0] || t.dsel[1] || t.dsel[2] || t.dsel[3])
      memcpy(d, t.dsel, sizeof(d));
   clause_dw(p, FLD(SQ_TEX_WORD0, TEX_INST, t.inst) | FLD(SQ_TEX_WORD0, RESOURCE_ID, t.resource) |
                   FLD(SQ_TEX_WORD0, SRC_GPR, t.src) | FLD(SQ_TEX_WORD0, FETCH_WHOLE_QUAD, t.whole_quad) |
                   FLD(SQ_TEX_WORD0, BC_FRAC_MODE, t.bc_frac) | FLD(SQ_TEX_WORD0, SRC_REL, t.src_rel),
             FLD(SQ_TEX_WORD1, DST_GPR, t.dst) | FLD(SQ_TEX_WORD1, DST_REL, t.dst_rel) |
                FLD(SQ_TEX_WORD1, DST_SEL_X, d[0]) | FLD(SQ_TEX_WORD1, DST_SEL_Y, d[1]) |
                FLD(SQ_TEX_WORD1, DST_SEL_Z, d[2]) | FLD(SQ_TEX_WORD1, DST_SEL_W, d[3]) |
                FLD(SQ_TEX_WORD1, COORD_TYPE_X, ct) | FLD(SQ_TEX_WORD1, COORD_TYPE_Y, ct) |
                FLD(SQ_TEX_WORD1, COORD_TYPE_Z, ct) | FLD(SQ_TEX_WORD1, COORD_TYPE_W, ct));
   clause_dw(p, FLD(SQ_TEX_WORD2, SAMPLER_ID, t.sampler) | FLD(SQ_TEX_WORD2, SRC_SEL_X, t.ssel[0]) |
                   FLD(SQ_TEX_WORD2, SRC_SEL_Y, t.ssel[1]) | FLD(SQ_TEX_WORD2, SRC_SEL_Z, t.ssel[2]) |
                   FLD(SQ_TEX_WORD2, SRC_SEL_W, t.ssel[3]), 0);
}

void set_buffer(unsigned slot, uint64_t va, uint32_t bytes, uint32_t stride, uint32_t word2_extra)
{
   uint32_t base = REG_SQ_VTX_CONSTANT_WORD0_0 + slot * RES_STRIDE;
   set_reg(base, SQ_VTX_CONSTANT_WORD0__BASE_ADDRESS((uint32_t)va));
   set_reg(base + 4, SQ_VTX_CONSTANT_WORD1__SIZE(bytes - 1));
   set_reg(base + 8, SQ_VTX_CONSTANT_WORD2__STRIDE(stride) |
                        SQ_VTX_CONSTANT_WORD2__BASE_ADDRESS_HI((uint32_t)(va >> 32)) | word2_extra);
   set_reg(base + 24, SQ_VTX_CONSTANT_WORD6__TYPE(SQ_VTX_CONSTANT_WORD6__TYPE__SQ_TEX_VTX_VALID_BUFFER));
}

void set_texture_dim(unsigned slot, uint32_t dim, unsigned fmt, unsigned w, unsigned h, uint64_t base,
                     uint64_t mip, unsigned last_level, unsigned num)
{
   uint32_t at = REG_SQ_TEX_RESOURCE_WORD0_0 + slot * TEX_RES_STRIDE;
   set_reg(at, SQ_TEX_RESOURCE_WORD0__DIM(dim) |
                  SQ_TEX_RESOURCE_WORD0__TILE_MODE(CB_COLOR0_INFO__ARRAY_MODE__ARRAY_LINEAR_ALIGNED) |
                  SQ_TEX_RESOURCE_WORD0__PITCH(0) | SQ_TEX_RESOURCE_WORD0__TEX_WIDTH(w - 1));
   set_reg(at + 4, SQ_TEX_RESOURCE_WORD1__TEX_HEIGHT(h - 1) | SQ_TEX_RESOURCE_WORD1__DATA_FORMAT(fmt));
   set_reg(at + 8, SQ_TEX_RESOURCE_WORD2__BASE_ADDRESS((uint32_t)(base >> 8)));
   set_reg(at + 12, SQ_TEX_RESOURCE_WORD3__MIP_ADDRESS((uint32_t)(mip >> 8)));
   set_reg(at + 16, SQ_TEX_RESOURCE_WORD4__NUM_FORMAT_ALL(num) |
                       SQ_TEX_RESOURCE_WORD4__DST_SEL_X(SQ_TEX_RESOURCE_WORD4__DST_SEL_X__SQ_SEL_X) |
                       SQ_TEX_RESOURCE_WORD4__DST_SEL_Y(SQ_TEX_RESOURCE_WORD4__DST_SEL_Y__SQ_SEL_Y) |
                       SQ_TEX_RESOURCE_WORD4__DST_SEL_Z(SQ_TEX_RESOURCE_WORD4__DST_SEL_Z__SQ_SEL_Z) |
                       SQ_TEX_RESOURCE_WORD4__DST_SEL_W(SQ_TEX_RESOURCE_WORD4__DST_SEL_W__SQ_SEL_W));
   set_reg(at + 20, SQ_TEX_RESOURCE_WORD5__LAST_LEVEL(last_level));
   set_reg(at + 24, SQ_TEX_RESOURCE_WORD6__TYPE(SQ_TEX_RESOURCE_WORD6__TYPE__SQ_TEX_VTX_VALID_TEXTURE));
}

void set_texture(unsigned slot, unsigned fmt, unsigned w, unsigned h, uint64_t base, uint64_t mip,
                 unsigned last_level, unsigned num)
{
   set_texture_dim(slot, SQ_TEX_RESOURCE_WORD0__DIM__SQ_TEX_DIM_2D, fmt, w, h, base, mip, last_level, num);
}

void set_sampler_border(unsigned slot, uint32_t wrap, bool bilinear, uint32_t mip, uint32_t compare,
                        uint32_t border)
{
   uint32_t at = REG_SQ_TEX_SAMPLER_WORD0_0 + slot * SAMPLER_STRIDE;
   uint32_t f = bilinear ? SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_BILINEAR
                         : SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER__SQ_TEX_XY_FILTER_POINT;
   set_reg(at, SQ_TEX_SAMPLER_WORD0__CLAMP_X(wrap) | SQ_TEX_SAMPLER_WORD0__CLAMP_Y(wrap) |
                  SQ_TEX_SAMPLER_WORD0__XY_MAG_FILTER(f) | SQ_TEX_SAMPLER_WORD0__XY_MIN_FILTER(f) |
                  SQ_TEX_SAMPLER_WORD0__MIP_FILTER(mip) | SQ_TEX_SAMPLER_WORD0__DEPTH_COMPARE_FUNCTION(compare) |
                  SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE(border));
   set_reg(at + 4, SQ_TEX_SAMPLER_WORD1__MIN_LOD(0) | SQ_TEX_SAMPLER_WORD1__MAX_LOD(15 * 64));
   set_reg(at + 8, SQ_TEX_SAMPLER_WORD2__TYPE(1));
}

void set_sampler(unsigned slot, uint32_t wrap, bool bilinear, uint32_t mip, uint32_t compare)
{
   set_sampler_border(slot, wrap, bilinear, mip, compare,
                      SQ_TEX_SAMPLER_WORD0__BORDER_COLOR_TYPE__SQ_TEX_BORDER_COLOR_OPAQUE_WHITE);
}

bool run_prepared_block(sim_native_fn fn, struct sim_run *x, uint16_t active)
{
   x->exec = x->launched = x->mode_saved = x->valid = active;
   x->pred = x->killed = x->brk = x->cont = x->rel_fault = x->cfile_fault = 0;
   x->loop_index = 0;
   x->sp = x->stack_elements = x->call_sp = x->call_base = x->call_depth = x->backjumps = 0;
   x->cfile = NULL;
   struct sim_fp_modes m;
   sim_fp_modes_get(&m);
   _mm_setcsr(m.programs);
   bool ok = fn(x) != 0;
   _mm_setcsr(m.units);
   return ok;
}
