/* The VS and PS GPR analysis (llvmpipe_backend/sq/vs_gprs.c): on hand-built decoded
 * programs, the channels read before written must be exactly those a reading of the program
 * in order gives (written out per case here), and every program that is not straight code
 * (jumps, loops, relative operands, predicated or KILL groups, exec updates, quad modes, a
 * RETURN outside the fetch shader; TEX clauses in a VS, relative TEX GPRs, KILL and CALL_FS
 * in a PS) must be declined. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sq/vs_gprs.h"
#include "hw/hw_isa.h"
#include "sq/isa_program.h"
#include "shader/shader_exec.h"
#include "check.h"

static const struct hw_isa_op plain_op = { .name = "ADD", .num_src = 2 };
static const struct hw_isa_op kill_op = { .name = "KILLGT", .num_src = 2, .flags = HW_ISA_F_KILL };

/* A program under construction: CF list, ALU groups of one instruction each, fetches. */
struct build {
   struct sim_program p;
   struct sim_cf cf[16];
   struct sim_alu_group groups[16];
   struct sim_alu_inst alu[16];
   struct sim_vtx_inst vtx[8];
   struct sim_tex_inst tex[4];
};

static void begin(struct build *b)
{
   memset(b, 0, sizeof(*b));
   b->p.cf = b->cf;
   b->p.groups = b->groups;
   b->p.alu = b->alu;
   b->p.vtx = b->vtx;
   b->p.tex = b->tex;
   b->p.stage = SIM_STAGE_VS;
}

static struct sim_cf *add_cf(struct build *b, uint8_t op)
{
   struct sim_cf *cf = &b->cf[b->p.ncf++];
   cf->op = op;
   return cf;
}

static struct sim_src gpr(unsigned r, unsigned c)
{
   return (struct sim_src){ .kind = SIM_SRC_GPR, .index = (uint16_t)r, .chan = (uint8_t)c };
}

static struct sim_src konst(void)
{
   return (struct sim_src){ .kind = SIM_SRC_INLINE };
}

/* An ALU clause of one group: dst.c = a + b (write). Returns the instruction. */
static struct sim_alu_inst *alu1(struct build *b, unsigned dst, unsigned c, struct sim_src s0,
                                 struct sim_src s1)
{
   struct sim_cf *cf = add_cf(b, SIM_CF_ALU);
   cf->alu_kind = SIM_ALU_PLAIN;
   cf->first = b->p.ngroups;
   cf->count = 1;
   struct sim_alu_group *g = &b->groups[b->p.ngroups++];
   g->first = b->p.nalu;
   g->count = 1;
   struct sim_alu_inst *a = &b->alu[b->p.nalu++];
   *a = (struct sim_alu_inst){ .info = &plain_op, .src = { s0, s1, konst() },
                               .dst_gpr = (uint8_t)dst, .dst_chan = (uint8_t)c, .write = true,
                               .unit = (uint8_t)c };
   return a;
}

/* A second instruction in the last group. */
static struct sim_alu_inst *alu_more(struct build *b, unsigned dst, unsigned c, struct sim_src s0)
{
   b->groups[b->p.ngroups - 1].count++;
   struct sim_alu_inst *a = &b->alu[b->p.nalu++];
   *a = (struct sim_alu_inst){ .info = &plain_op, .src = { s0, konst(), konst() },
                               .dst_gpr = (uint8_t)dst, .dst_chan = (uint8_t)c, .write = true,
                               .unit = (uint8_t)c };
   return a;
}

/* A VTX clause of one fetch from src.x into dst with DST_SEL sel (SIM_SEL_*). */
static struct sim_vtx_inst *fetch(struct build *b, unsigned src, unsigned dst, const uint8_t sel[4])
{
   struct sim_cf *cf = add_cf(b, SIM_CF_VTX);
   cf->first = b->p.nvtx;
   cf->count = 1;
   struct sim_vtx_inst *v = &b->vtx[b->p.nvtx++];
   *v = (struct sim_vtx_inst){ .src_gpr = (uint8_t)src, .dst_gpr = (uint8_t)dst };
   memcpy(v->dst_sel, sel, 4);
   return v;
}

static struct sim_cf *export(struct build *b, unsigned gpr_, unsigned burst, const uint8_t sel[4])
{
   struct sim_cf *cf = add_cf(b, SIM_CF_EXPORT);
   cf->exp_type = SIM_EXPORT_PARAM;
   cf->gpr = (uint8_t)gpr_;
   cf->burst = (uint8_t)burst;
   memcpy(cf->sel, sel, 4);
   return cf;
}

/* A TEX clause of one instruction `op` from src (SRC_SEL ssel) into dst (DST_SEL dsel). */
static struct sim_tex_inst *tex(struct build *b, uint8_t op, unsigned src, const uint8_t ssel[4],
                                unsigned dst, const uint8_t dsel[4])
{
   struct sim_cf *cf = add_cf(b, SIM_CF_TEX);
   cf->first = b->p.ntex;
   cf->count = 1;
   struct sim_tex_inst *t = &b->tex[b->p.ntex++];
   *t = (struct sim_tex_inst){ .op = op, .src_gpr = (uint8_t)src, .dst_gpr = (uint8_t)dst };
   memcpy(t->src_sel, ssel, 4);
   memcpy(t->dst_sel, dsel, 4);
   return t;
}

static const uint8_t XYZW[4] = { SIM_SEL_X, SIM_SEL_Y, SIM_SEL_Z, SIM_SEL_W };
static const uint8_t XYZ_[4] = { SIM_SEL_X, SIM_SEL_Y, SIM_SEL_Z, SIM_SEL_MASK };
static const uint8_t WX01[4] = { SIM_SEL_W, SIM_SEL_X, SIM_SEL_0, SIM_SEL_1 };
static const uint8_t YX01[4] = { SIM_SEL_Y, SIM_SEL_X, SIM_SEL_0, SIM_SEL_1 };
static const uint8_t _Y0W[4] = { SIM_SEL_MASK, SIM_SEL_Y, SIM_SEL_0, SIM_SEL_W };

/* Expected first reads: pairs (gpr, channel mask), the rest 0. */
static void expect(const char *name, const struct sim_program *vs, const struct sim_program *fs,
                   const unsigned (*want)[2], unsigned nwant)
{
   struct sim_vs_gprs got;
   memset(&got, 0xAB, sizeof(got));
   bool ok = sim_vs_gprs_analyze(vs, fs, &got);
   CHECK(ok, "%s: analysed", name);
   uint8_t ref[SIM_MAX_GPRS] = { 0 };
   for (unsigned i = 0; i < nwant; i++)
      ref[want[i][0]] = (uint8_t)want[i][1];
   for (unsigned g = 0; g < SIM_MAX_GPRS; g++)
      CHECK(got.first_read[g] == ref[g], "%s: R%u read first 0x%x, want 0x%x", name, g,
            got.first_read[g], ref[g]);
}

static void declined(const char *name, const struct sim_program *vs, const struct sim_program *fs)
{
   struct sim_vs_gprs got;
   CHECK(!sim_vs_gprs_analyze(vs, fs, &got), "%s: declined", name);
}

/* expect() for the PS p. */
static void expect_ps(const char *name, const struct sim_program *p, const unsigned (*want)[2],
                      unsigned nwant)
{
   struct sim_vs_gprs got;
   memset(&got, 0xAB, sizeof(got));
   CHECK(sim_ps_gprs_analyze(p, &got), "%s: analysed", name);
   uint8_t ref[SIM_MAX_GPRS] = { 0 };
   for (unsigned i = 0; i < nwant; i++)
      ref[want[i][0]] = (uint8_t)want[i][1];
   for (unsigned g = 0; g < SIM_MAX_GPRS; g++)
      CHECK(got.first_read[g] == ref[g], "%s: R%u read first 0x%x, want 0x%x", name, g,
            got.first_read[g], ref[g]);
}

/* The PIXEL exports sim_ps_gprs_analyze finds written in full. */
static void expect_pixel(const char *name, const struct sim_program *p, uint64_t want)
{
   struct sim_vs_gprs got;
   CHECK(sim_ps_gprs_analyze(p, &got) && got.pixel_written == want,
         "%s: PIXEL exports written 0x%llx, want 0x%llx", name,
         (unsigned long long)got.pixel_written, (unsigned long long)want);
}

static void declined_ps(const char *name, const struct sim_program *p)
{
   struct sim_vs_gprs got;
   CHECK(!sim_ps_gprs_analyze(p, &got), "%s: declined", name);
}

static void test_straight(void)
{
   struct build vs, fs;

   /* R1.x = R1.x + R2.y: both read first; then R1.x read again (defined by then). */
   begin(&vs);
   alu1(&vs, 1, 0, gpr(1, 0), gpr(2, 1));
   alu1(&vs, 3, 2, gpr(1, 0), gpr(0, 3));   /* R0 comes from the VGT */
   export(&vs, 3, 1, XYZW)->eop = true;      /* R3.z defined, R3.x/y/w read first */
   static const unsigned w1[][2] = { { 1, 1 }, { 2, 2 }, { 3, 0xB } };
   expect("alu then export", &vs.p, NULL, w1, 3);

   /* Within a group the reads come first: R4.y = R4.y (read first) and R5.x = R4.y. */
   begin(&vs);
   alu1(&vs, 4, 1, gpr(4, 1), konst());
   alu_more(&vs, 5, 0, gpr(4, 1));
   alu1(&vs, 6, 0, gpr(5, 0), gpr(4, 1));   /* both defined by then */
   add_cf(&vs, SIM_CF_NOP)->eop = true;
   static const unsigned w2[][2] = { { 4, 2 } };
   expect("group reads first", &vs.p, NULL, w2, 1);

   /* The fetch shader defines R1.xyz (W masked); the VS reads R1.w and R1.x via an export
    * with swizzle W X 0 1, and R2 (burst 2). */
   begin(&fs);
   fetch(&fs, 0, 1, XYZ_);
   add_cf(&fs, SIM_CF_RETURN);
   begin(&vs);
   add_cf(&vs, SIM_CF_CALL_FS);
   export(&vs, 1, 2, WX01)->eop = true;
   static const unsigned w3[][2] = { { 1, 8 }, { 2, 9 } };
   expect("fetch shader", &vs.p, &fs.p, w3, 2);

   /* A predicated write defines nothing; a write with write = 0 neither; a SEMANTIC fetch
    * neither; a fetch's source is read. */
   begin(&vs);
   alu1(&vs, 7, 0, konst(), konst())->pred_sel = SIM_PRED_ONE;
   alu1(&vs, 8, 0, konst(), konst())->write = false;
   fetch(&vs, 9, 10, XYZW)->semantic = true;
   fetch(&vs, 7, 11, XYZW)->src_chan = 2;   /* reads R7.z */
   export(&vs, 7, 1, XYZW);
   export(&vs, 8, 1, XYZW);
   export(&vs, 10, 2, XYZW)->eop = true;    /* R10 not defined, R11 defined */
   static const unsigned w4[][2] = { { 7, 0xF }, { 8, 0xF }, { 9, 1 }, { 10, 0xF } };
   expect("predicate, no write, semantic", &vs.p, NULL, w4, 4);

   /* What comes after END_OF_PROGRAM is not walked. */
   begin(&vs);
   alu1(&vs, 1, 0, konst(), konst())->src[0] = konst();
   vs.cf[0].eop = true;
   alu1(&vs, 2, 0, gpr(3, 3), konst());
   expect("end of program", &vs.p, NULL, NULL, 0);
}

static void test_declined(void)
{
   static const uint8_t ops[] = { SIM_CF_JUMP, SIM_CF_LOOP_START_DX10, SIM_CF_PUSH, SIM_CF_POP,
                                  SIM_CF_ELSE, SIM_CF_CALL, SIM_CF_KILL, SIM_CF_SCRATCH,
                                  SIM_CF_RETURN, SIM_CF_TEX };
   struct build vs, fs;
   for (unsigned i = 0; i < sizeof(ops); i++) {
      begin(&vs);
      alu1(&vs, 1, 0, konst(), konst());
      add_cf(&vs, ops[i]);
      export(&vs, 1, 1, XYZW)->eop = true;
      declined("control flow / TEX / RETURN in the VS", &vs.p, NULL);
   }
   begin(&vs);
   alu1(&vs, 1, 0, gpr(2, 0), konst())->src[0].rel = true;
   declined("relative source", &vs.p, NULL);
   begin(&vs);
   alu1(&vs, 1, 0, konst(), konst())->dst_rel = true;
   declined("relative destination", &vs.p, NULL);
   begin(&vs);
   alu1(&vs, 1, 0, konst(), konst())->update_exec = true;
   declined("exec update", &vs.p, NULL);
   begin(&vs);
   alu1(&vs, 1, 0, konst(), konst())->info = &kill_op;
   declined("KILL", &vs.p, NULL);
   begin(&vs);
   alu1(&vs, 1, 0, konst(), konst());
   vs.cf[0].alu_kind = SIM_ALU_PUSH_BEFORE;
   declined("ALU_PUSH_BEFORE", &vs.p, NULL);
   begin(&vs);
   alu1(&vs, 1, 0, konst(), konst());
   vs.cf[0].whole_quad = true;
   declined("WHOLE_QUAD_MODE", &vs.p, NULL);
   begin(&vs);
   alu1(&vs, 1, 0, konst(), konst());
   vs.groups[0].mova_units = 1;
   declined("MOVA", &vs.p, NULL);
   begin(&vs);
   fetch(&vs, 0, 1, XYZW)->whole_quad = true;
   declined("FETCH_WHOLE_QUAD", &vs.p, NULL);
   begin(&vs);
   fetch(&vs, 0, 1, XYZW)->dst_rel = true;
   declined("fetch DST_REL", &vs.p, NULL);
   begin(&vs);
   export(&vs, 1, 1, XYZW)->rw_rel = true;
   declined("export RW_REL", &vs.p, NULL);
   begin(&vs);
   add_cf(&vs, SIM_CF_CALL_FS);
   declined("CALL_FS without a fetch shader", &vs.p, NULL);
   begin(&fs);
   add_cf(&fs, SIM_CF_JUMP);
   begin(&vs);
   add_cf(&vs, SIM_CF_CALL_FS);
   declined("a jump in the fetch shader", &vs.p, &fs.p);
}

/* A PS: nothing written at the start (R0 too), TEX clauses walked: their SRC_SEL channels
 * read, their DST_SEL channels written, except for the instructions that write no GPR. */
static void test_ps(void)
{
   struct build ps;
   begin(&ps);
   ps.p.stage = SIM_STAGE_PS;
   /* R0.y, R0.x read by a sample (0 and 1 read nothing); R1.y, R1.z (0), R1.w written */
   tex(&ps, SIM_TEX_SAMPLE, 0, YX01, 1, _Y0W);
   /* R1.x read (MASK leaves it), R1.y defined; R2.z read first */
   alu1(&ps, 3, 0, gpr(1, 0), gpr(1, 1));
   alu1(&ps, 3, 1, gpr(2, 2), gpr(1, 3));
   /* the gradient state: reads R3.xyzw (defined: x, y), writes no GPR */
   tex(&ps, SIM_TEX_KEEP_GRADIENTS, 3, XYZW, 4, XYZW);
   /* R4 not written by the gradients: read first */
   export(&ps, 4, 1, XYZW)->eop = true;
   static const unsigned w1[][2] = { { 0, 3 }, { 1, 1 }, { 2, 4 }, { 3, 0xC }, { 4, 0xF } };
   expect_ps("PS with TEX", &ps.p, w1, 5);

   /* SET_GRADIENTS_H/_V and SET_CUBEMAP_INDEX write nothing; GET_GRADIENTS_H writes; a VTX
    * fetch in a TEX clause reads its source and writes its DST_SEL */
   static const uint8_t no_write[] = { SIM_TEX_SET_GRADIENTS_H, SIM_TEX_SET_GRADIENTS_V,
                                       SIM_TEX_SET_CUBEMAP_INDEX };
   for (unsigned i = 0; i < sizeof(no_write); i++) {
      begin(&ps);
      tex(&ps, no_write[i], 5, XYZW, 6, XYZW);
      export(&ps, 6, 1, XYZW)->eop = true;
      static const unsigned w2[][2] = { { 5, 0xF }, { 6, 0xF } };
      expect_ps("TEX writing no GPR", &ps.p, w2, 2);
   }
   begin(&ps);
   tex(&ps, SIM_TEX_GET_GRADIENTS_H, 5, XYZW, 6, XYZW);
   export(&ps, 6, 1, XYZW)->eop = true;
   static const unsigned w3[][2] = { { 5, 0xF } };
   expect_ps("GET_GRADIENTS_H", &ps.p, w3, 1);
   begin(&ps);
   ps.vtx[0] = (struct sim_vtx_inst){ .src_gpr = 7, .src_chan = 3, .dst_gpr = 8,
                                      .dst_sel = { SIM_SEL_X, SIM_SEL_MASK, SIM_SEL_MASK, SIM_SEL_MASK } };
   ps.p.nvtx = 1;
   tex(&ps, SIM_TEX_VTX, 0, XYZW, 0, XYZW)->vtx_index = 0;
   export(&ps, 8, 1, XYZW)->eop = true;
   static const unsigned w4[][2] = { { 7, 8 }, { 8, 0xE } };
   expect_ps("VTX in a TEX clause", &ps.p, w4, 2);

   /* PIXEL exports: in full with SEL_0 / SEL_1 too, not with a masked channel; a burst
    * from ARRAY_BASE; PIXEL 61; POS and PARAM exports are no PIXEL */
   begin(&ps);
   export(&ps, 1, 2, WX01)->exp_type = SIM_EXPORT_PIXEL;
   ps.cf[0].array_base = 2;
   export(&ps, 3, 1, XYZ_)->exp_type = SIM_EXPORT_PIXEL;
   export(&ps, 4, 1, XYZW)->exp_type = SIM_EXPORT_PIXEL;
   ps.cf[2].array_base = 61;
   export(&ps, 5, 1, XYZW)->array_base = 0;   /* PARAM 0 */
   export(&ps, 6, 1, XYZW)->exp_type = SIM_EXPORT_POS;
   ps.cf[4].array_base = 60;
   ps.cf[4].eop = true;
   expect_pixel("PIXEL exports", &ps.p, 0xCull | 1ull << 61);

   /* declined: relative TEX GPRs, KILL (ALU and CF), the quad modes, CALL_FS, control flow */
   begin(&ps);
   tex(&ps, SIM_TEX_SAMPLE, 0, XYZW, 1, XYZW)->src_rel = true;
   declined_ps("TEX SRC_REL", &ps.p);
   begin(&ps);
   tex(&ps, SIM_TEX_SAMPLE, 0, XYZW, 1, XYZW)->dst_rel = true;
   declined_ps("TEX DST_REL", &ps.p);
   begin(&ps);
   tex(&ps, SIM_TEX_VTX, 0, XYZW, 0, XYZW)->vtx_index = 3;
   declined_ps("TEX VTX outside the fetch list", &ps.p);
   begin(&ps);
   alu1(&ps, 1, 0, konst(), konst())->info = &kill_op;
   declined_ps("ALU KILL", &ps.p);
   begin(&ps);
   add_cf(&ps, SIM_CF_KILL);
   declined_ps("CF KILL", &ps.p);
   begin(&ps);
   tex(&ps, SIM_TEX_SAMPLE, 0, XYZW, 1, XYZW);
   ps.cf[0].valid_pixel = true;
   declined_ps("VALID_PIXEL_MODE", &ps.p);
   begin(&ps);
   tex(&ps, SIM_TEX_SAMPLE, 0, XYZW, 1, XYZW);
   ps.cf[0].whole_quad = true;
   declined_ps("WHOLE_QUAD_MODE", &ps.p);
   begin(&ps);
   alu1(&ps, 1, 0, konst(), konst())->update_exec = true;
   declined_ps("exec update", &ps.p);
   begin(&ps);
   add_cf(&ps, SIM_CF_CALL_FS);
   declined_ps("CALL_FS", &ps.p);
   static const uint8_t ops[] = { SIM_CF_JUMP, SIM_CF_LOOP_START_DX10, SIM_CF_PUSH, SIM_CF_POP,
                                  SIM_CF_ELSE, SIM_CF_CALL, SIM_CF_SCRATCH, SIM_CF_RETURN };
   for (unsigned i = 0; i < sizeof(ops); i++) {
      begin(&ps);
      tex(&ps, SIM_TEX_SAMPLE, 0, XYZW, 1, XYZW);
      add_cf(&ps, ops[i]);
      export(&ps, 1, 1, XYZW)->eop = true;
      declined_ps("control flow in the PS", &ps.p);
   }
}

/* sim_program_vs_first_reads keeps analyses by program pointer and image hash: a program
 * at the same address with another image is analysed afresh. */
static void test_memo(void)
{
   static struct build vs;
   begin(&vs);
   alu1(&vs, 1, 0, gpr(2, 1), konst());
   vs.p.hash = 1;
   const uint8_t *r = sim_program_vs_first_reads(&vs.p, NULL);
   CHECK(r && r[2] == 2 && r[1] == 0, "first analysis");
   vs.alu[0].src[0] = gpr(3, 0);
   CHECK(sim_program_vs_first_reads(&vs.p, NULL) == r && r[2] == 2,
         "the same pointer and hash: the memo");
   vs.p.hash = 2;
   r = sim_program_vs_first_reads(&vs.p, NULL);
   CHECK(r && r[3] == 1 && r[2] == 0, "another hash: analysed again");
   vs.cf[0].alu_kind = SIM_ALU_PUSH_BEFORE;
   vs.p.hash = 3;
   CHECK(!sim_program_vs_first_reads(&vs.p, NULL), "declined: NULL");
   /* the same program as a PS (its own analysis: R0 not written at the start) */
   vs.cf[0].alu_kind = SIM_ALU_PLAIN;
   vs.alu[0].src[0] = gpr(0, 1);
   vs.p.hash = 4;
   r = sim_program_vs_first_reads(&vs.p, NULL);
   CHECK(r && r[0] == 0, "as a VS: R0 written by the VGT");
   const struct sim_vs_gprs *a = sim_program_ps_first_reads(&vs.p);
   CHECK(a && a->first_read[0] == 2, "as a PS: R0.y read first");
   CHECK(sim_program_vs_first_reads(&vs.p, NULL)[0] == 0, "the VS's memo kept apart");
}

int main(void)
{
   test_straight();
   test_declined();
   test_ps();
   test_memo();
   return check_report();
}
