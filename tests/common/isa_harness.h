/* A small R6xx/R7xx program builder over the generated R6_/R7_ microcode macros (ALU, CF,
 * export, vertex and texture fetch instructions), the vertex buffer / texture / sampler
 * resources, and a runner that executes a program on both engines (interpreter and JIT)
 * through sim_program_get_engine / sim_program_run_valid and checks that they leave
 * bit-identical GPRs, exports and fault records. Shared by the test_isa_* tests. */
#ifndef ISA_HARNESS_H
#define ISA_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "r600_regs.h"
#include "shader/shader_exec.h"

/* ---- checks (counted by check.h; FAIL lines name the chip) ------------------------------ */

/* Checks a dword against its expectation, naming it and both values (and floats) on failure. */
void check_u32(uint32_t got, uint32_t want, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static inline uint32_t U(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float Fl(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* ---- the chip and the microcode macros ---------------------------------------------------- */

extern enum hw_chip chip;
#define R7 (chip == HW_CHIP_R7XX)
#define FLD(word, field, v) (R7 ? R7_##word##__##field(v) : R6_##word##__##field(v))
#define ENU(word, field, val) (R7 ? R7_##word##__##field##__##val : R6_##word##__##field##__##val)
#define OP2(n) ENU(SQ_ALU_WORD1_OP2, ALU_INST, SQ_OP2_INST_##n)
#define OP3(n) (0x100u | ENU(SQ_ALU_WORD1_OP3, ALU_INST, SQ_OP3_INST_##n))
#define CFI(n) ENU(SQ_CF_WORD1, CF_INST, SQ_CF_INST_##n)
#define ALUK(n) ENU(SQ_CF_ALU_WORD1, CF_INST, SQ_CF_INST_##n)
#define SEL(n) ENU(SQ_CF_ALLOC_EXPORT_WORD1_SWIZ, SEL_X, SQ_SEL_##n)
#define VSEL(n) ENU(SQ_VTX_WORD1, DST_SEL_X, SQ_SEL_##n)
#define TSRC(n) ENU(SQ_TEX_WORD2, SRC_SEL_X, SQ_SEL_##n)
#define TDST(n) ENU(SQ_TEX_WORD1, DST_SEL_X, SQ_SEL_##n)
#define TEXI(n) ENU(SQ_TEX_WORD0, TEX_INST, SQ_TEX_INST_##n)
#define CONDV(n) ENU(SQ_CF_WORD1, COND, SQ_CF_COND_##n)

/* ---- programs --------------------------------------------------------------------------- */

#define CF_AREA 64   /* CF instructions live in qwords 0..63, clauses after */
#define PROG_QWORDS 8192   /* room for a 1000-group ALU program (bench/jit) */

struct prog {
   uint32_t dw[2 * PROG_QWORDS];
   unsigned ncf;
   unsigned qw;          /* next free clause qword */
   unsigned clause_start;
};

void prog_init(struct prog *p);
/* prog_init with room for `cf_area` CF instructions before the clauses. */
void prog_init_cf(struct prog *p, unsigned cf_area);
void cf_emit(struct prog *p, uint32_t w0, uint32_t w1);
void clause_dw(struct prog *p, uint32_t a, uint32_t b);

struct src { unsigned sel, chan; bool neg, abs, rel; };
struct src gpr(unsigned r, unsigned c);
struct src relg(unsigned r, unsigned c);
struct src lit(unsigned c);
struct src pv(unsigned c);
struct src ps(void);
struct src kc(unsigned set, unsigned i, unsigned c);
struct src cfile(unsigned i, unsigned c);
struct src inl(unsigned sel_value);    /* an inline-constant select (SQ_ALU_SRC_*) */
struct src neg(struct src s);
struct src absv(struct src s);

struct alu {
   unsigned op;                /* OP2(x) or OP3(x) */
   unsigned dst, chan;
   bool nowrite;
   struct src s0, s1, s2;
   unsigned omod;
   bool clamp, upd_exec, upd_pred;
   unsigned pred_sel;
   bool dst_rel;
   unsigned index_mode;
   bool fog_merge;             /* R6xx only */
};

void alu_begin(struct prog *p);
void alu(struct prog *p, struct alu a, bool last);
/* Literal dwords after a group's last instruction (1-2 -> one slot, 3-4 -> two). */
void lits(struct prog *p, unsigned n, const uint32_t *v);

struct kcache { unsigned mode0, bank0, addr0, mode1, bank1, addr1; };
struct cf_alu_opts { struct kcache kc; bool wqm, alt_const; };
void cf_alu(struct prog *p, uint32_t kind, struct kcache k);
void cf_alu_ex(struct prog *p, uint32_t kind, struct cf_alu_opts o);

/* A plain CF instruction with every CF_WORD1 field. */
struct cfw {
   uint32_t inst;
   unsigned addr, pop, cf_const, cond, call_count, count;
   bool eop, vpm, wqm;
};
void cf_full(struct prog *p, struct cfw c);
void cf(struct prog *p, uint32_t inst, unsigned addr, unsigned pop, bool eop);
void cf_fetch(struct prog *p, uint32_t inst, unsigned addr, unsigned count);

struct cf_exp {
   bool done;
   uint32_t type;              /* SQ_EXPORT_* code of the chip */
   unsigned base, gpr, burst;
   unsigned sel[4];            /* SEL(...) codes */
   bool eop, vpm, wqm, rel;
   uint32_t inst;              /* 0: EXPORT / EXPORT_DONE from `done` */
};
void cf_export(struct prog *p, struct cf_exp e);
/* EXPORT_DONE of R<gpr>.xyzw to PIXEL 0 with END_OF_PROGRAM. */
void cf_export_pixel(struct prog *p, unsigned gpr_);

/* Moves the next clause to a 16-byte boundary (fetch clauses). */
void clause_align(struct prog *p);

/* ---- the simulated machine ------------------------------------------------------------------ */

extern struct sim_memory *mem;
extern uint32_t *regs;
void machine_init(void);
void machine_reset_regs(void);
uint64_t upload(const void *data, size_t bytes);
uint64_t upload_prog(const struct prog *p);
static inline void set_reg(uint32_t offset, uint32_t v) { regs[offset / 4] = v; }

struct result {
   struct sim_lanes lanes;
   struct sim_exports out;
   bool ok, stack_overflow;
   bool faulted;               /* sim_shader_env.faulted after the decode or the run */
   char fault[160];
};
extern struct result res_interp, res_jit;
extern struct sim_lanes init_lanes;
void clear_lanes(void);

struct run_opts {
   enum sim_stage stage;
   uint16_t active, valid;     /* valid 0: = active */
   bool dx10_clamp;            /* SQ_PGM_RESOURCES_<stage>.DX10_CLAMP */
   unsigned stack_size;        /* SQ_PGM_RESOURCES_<stage>.STACK_SIZE */
   uint64_t fs_va;             /* fetch shader for CALL_FS (VS) */
};
/* Runs the program on one engine into r (no comparison). */
void run_engine(uint64_t va, const struct run_opts *o, enum sim_engine engine, struct result *r);
/* Runs the program on both engines and checks they agree bit for bit (GPRs, exports, the
 * fault record). Returns whether the interpreter ran without a fault. */
bool run_both(const char *name, uint64_t va, struct run_opts o);
/* The same, for programs that must fault: checks both engines fault and the reason
 * contains `reason`. */
void expect_fault(const char *name, uint64_t va, struct run_opts o, const char *reason);
/* run_both with one outcome check a run instead of two (the check counts of test_isa_exec
 * are kept so): both engines agree on success, fault and stack report, and each engine's
 * fault flag matches its result. */
bool run_compare(const char *name, uint64_t va, struct run_opts o);

/* Runs one block of lanes `active` on the native code sim_program_run_prepare readied on x, with
 * the per-run fields reset as a draw resets them between blocks, under the programs' FP modes
 * (FTZ/DAZ). Returns whether the code reported success. */
bool run_prepared_block(sim_native_fn fn, struct sim_run *x, uint16_t active);

/* The main of a test_isa_* program: machine_init, then `tests` on RV770 and on R600, each
 * time from zeroed registers; returns check_report(). */
int run_on_both_chips(void (*tests)(void));

static inline uint32_t R(unsigned g, unsigned c, unsigned l) { return res_interp.lanes.gpr[g][c][l]; }

/* ---- fetch instructions and their resources ------------------------------------------------ */

#define RES_STRIDE (REG_SQ_VTX_CONSTANT_WORD6_0 + 4 - REG_SQ_VTX_CONSTANT_WORD0_0)
#define TEX_RES_STRIDE (REG_SQ_TEX_RESOURCE_WORD6_0 + 4 - REG_SQ_TEX_RESOURCE_WORD0_0)
#define SAMPLER_STRIDE (REG_SQ_TEX_SAMPLER_WORD2_0 + 4 - REG_SQ_TEX_SAMPLER_WORD0_0)
#define XYZW { VSEL(X), VSEL(Y), VSEL(Z), VSEL(W) }
#define SXYZW { TSRC(X), TSRC(Y), TSRC(Z), TSRC(W) }

/* A vertex fetch (VTX_FETCH, or VTX_SEMANTIC with `semantic`); MEGA_FETCH of 16 bytes. */
struct vfetch {
   unsigned buffer, src_gpr, src_chan, dst_gpr, fmt, num;
   bool sgn, no_zero, const_fields, no_stride, semantic, src_rel, dst_rel, whole_quad, alt;
   unsigned semantic_id, offset, endian, fetch_type;
   unsigned sel[4];            /* VSEL(...) codes */
};
void vtx_words(const struct vfetch *v, uint32_t w[4]);
/* Appends the fetch to the clause (two qwords; the clause starts 16-byte aligned). */
void vtx(struct prog *p, struct vfetch v);

/* A texture instruction. */
struct texi {
   unsigned inst, resource, sampler, src, dst;
   unsigned ssel[4];           /* TSRC(...) codes */
   bool unnormalized, whole_quad, bc_frac, src_rel, dst_rel;
   unsigned dsel[4];           /* TDST(...) codes; all 0: xyzw */
};
void tex(struct prog *p, struct texi t);

/* A valid vertex buffer at SET_RESOURCE slot `slot`; word2_extra is ORed into WORD2. */
void set_buffer(unsigned slot, uint64_t va, uint32_t bytes, uint32_t stride, uint32_t word2_extra);
/* A texture view at resource slot `slot`: DIM `dim` (SQ_TEX_DIM_*), linear aligned, pitch 8
 * texels, DST_SEL xyzw. */
void set_texture_dim(unsigned slot, uint32_t dim, unsigned fmt, unsigned w, unsigned h, uint64_t base,
                     uint64_t mip, unsigned last_level, unsigned num);
/* set_texture_dim of a 2D texture. */
void set_texture(unsigned slot, unsigned fmt, unsigned w, unsigned h, uint64_t base, uint64_t mip,
                 unsigned last_level, unsigned num);
/* A sampler: CLAMP_X/Y `wrap`, point or bilinear, MIP_FILTER, DEPTH_COMPARE_FUNCTION,
 * BORDER_COLOR_TYPE, LOD 0..15. */
void set_sampler_border(unsigned slot, uint32_t wrap, bool bilinear, uint32_t mip, uint32_t compare,
                        uint32_t border);
/* set_sampler_border with an opaque white border. */
void set_sampler(unsigned slot, uint32_t wrap, bool bilinear, uint32_t mip, uint32_t compare);

#endif
