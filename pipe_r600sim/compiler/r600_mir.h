/* The compiler's machine-level program: the IR lowered to scalar R600 ALU operations, fetch
 * instructions and structured flow markers, on virtual vec4 registers (vregs). Register
 * allocation rewrites vregs to GPR numbers in place; the ALU scheduler and the CF builder
 * then turn the node list into clauses. */
#ifndef R600_MIR_H
#define R600_MIR_H

#include <stdbool.h>
#include <stdint.h>

#include "r600_isa.h"
#include "r600sim/shader_ir.h"

#define MIR_NO_REG 0xFFFFFFFFu
#define R600_MAX_GPRS 124u     /* 124-127 are clause temporaries (docs/r600-hardware-notes.md §4.2) */

enum mir_src_kind {
   MIR_SRC_NONE,
   MIR_SRC_REG,        /* value = vreg (before allocation) or GPR (after) */
   MIR_SRC_CONST,      /* value = constant-buffer-0 vec4 slot, read through kcache */
   MIR_SRC_LITERAL,    /* value = the 32-bit literal */
   MIR_SRC_INLINE,     /* value = enum r600_inline_const */
};

struct mir_src {
   uint8_t kind;       /* enum mir_src_kind */
   uint8_t chan;
   bool neg, abs;
   bool rel;           /* MIR_SRC_REG: register value + the instruction's address */
   uint32_t value;
};

struct mir_alu {
   uint8_t op;         /* enum r600_alu_op */
   uint8_t dst_chan;
   bool write;         /* result written to dst.dst_chan */
   bool clamp;
   bool pred_set;      /* PRED_SET updating the exec mask and predicate (IF) */
   uint8_t lane_of;    /* reductions: number of lanes left including this one (4..1), else 0 */
   uint32_t dst;       /* register, MIR_NO_REG if nothing is written */
   struct mir_src src[3];
   /* Relative operands (only MOVs carry them): register + the int32 in addr.addr_chan,
    * which stays inside the rel_count registers from rel_first (a contiguous array). The
    * CF builder loads AR from addr with MOVA_INT. Meaningful only if mir_alu_rel(). */
   bool dst_rel;
   uint8_t addr_chan;
   uint32_t addr;      /* register */
   uint32_t rel_first;
   uint16_t rel_count;
};

static inline bool mir_alu_rel(const struct mir_alu *a)
{
   return a->dst_rel || a->src[0].rel || a->src[1].rel || a->src[2].rel;
}

struct mir_tex {
   uint8_t op;         /* enum r600_tex_op */
   uint8_t resource, sampler;
   uint8_t src_sel[4]; /* enum r600_sel */
   uint8_t dst_sel[4];
   bool normalized;
   uint32_t src, dst;  /* registers */
};

/* A vec4 of constant buffer 0 read with a vertex fetch (the buffer bound as resource
 * R600_CONSTBUF_RESOURCE_ID, stride 16): slot = offset + the int32 in src.src_chan. */
struct mir_vtx {
   uint32_t src, dst;  /* registers */
   uint8_t src_chan;
   uint16_t offset;    /* constant slot */
};

/* A spilled value's trip to or from its scratch slot (r600_spill.c): one vec4 element of
 * the thread's scratch item, moved by a MEM_SCRATCH CF instruction. */
struct mir_scratch {
   uint32_t reg;       /* register */
   uint32_t slot;      /* element */
};

enum mir_kind {
   MIR_ALU, MIR_TEX, MIR_VTX, MIR_IF, MIR_ELSE, MIR_ENDIF, MIR_LOOP, MIR_ENDLOOP, MIR_BRK,
   MIR_CONT,
   MIR_SPILL,          /* scratch.reg -> scratch slot */
   MIR_FILL,           /* scratch slot -> scratch.reg */
};

struct mir_node {
   uint8_t kind;       /* enum mir_kind */
   uint32_t pos;       /* IR instruction it came from (liveness position) */
   union {
      struct mir_alu alu;
      struct mir_tex tex;
      struct mir_vtx vtx;
      struct mir_src cond;   /* MIR_IF: test cond.x != 0.0 */
      struct mir_scratch scratch;   /* MIR_SPILL, MIR_FILL */
   };
};

/* An export at the end of the program. */
struct mir_export {
   uint8_t type;       /* enum r600_export_type */
   uint16_t array_base;
   uint32_t reg;       /* register, MIR_NO_REG when every component is a constant or masked */
   uint8_t sel[4];     /* enum r600_sel */
};

struct mir_program {
   enum hw_chip chip;
   enum ir_stage stage;
   struct mir_node *nodes;
   unsigned num_nodes, cap_nodes;
   unsigned num_vregs;
   int16_t *fixed_gpr;        /* per vreg: pre-assigned GPR, or -1 */
   unsigned cap_vregs;
   unsigned num_reserved_gprs; /* GPRs 0..n-1 hold inputs, never allocated */
   struct mir_export exports[48];
   unsigned num_exports;
   /* Relatively addressed arrays: vregs first .. first+count-1 get consecutive GPRs. */
   struct mir_array { uint32_t first; uint16_t count; } *arrays;
   unsigned num_arrays;
   unsigned num_gprs;          /* after allocation: highest GPR used + 1 */
   unsigned num_scratch;       /* scratch slots (vec4 elements) a thread uses */
   char *error;               /* first error (malloc'ed), NULL if none */
};

/* Records an error (the first one wins); the compile then fails with this message. */
void mir_error(struct mir_program *p, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
/* Appends a node; returns NULL (with the error set) when out of memory. */
struct mir_node *mir_add_node(struct mir_program *p, enum mir_kind kind, uint32_t pos);
/* A new vreg, fixed to `gpr` when gpr >= 0; MIR_NO_REG when out of memory. */
uint32_t mir_new_vreg(struct mir_program *p, int gpr);

/* r600_compile_lower.c: IR -> MIR (and the binary's I/O description). */
struct r600_shader_binary;
bool r600_lower_ir(const struct ir_shader *ir, struct mir_program *p,
                   struct r600_shader_binary *out);
/* r600_lower_rel.c: relative operands. r600_rel_arrays fills p->arrays from the IR (TEMP
 * i is vreg i). r600_rel_load copies `in` to `out` with every relative operand replaced:
 * relative sources are first loaded into new vregs (MOVs with AR, or a vertex fetch of
 * the constant buffer), a relative destination becomes a new vreg that r600_rel_store
 * then writes back through AR. New vregs appear in `out` as TEMP indices >= num_temps. */
bool r600_rel_arrays(const struct ir_shader *ir, struct mir_program *p);
bool r600_rel_load(const struct ir_shader *ir, struct mir_program *p, uint32_t pos,
                   const struct ir_instruction *in, struct ir_instruction *out);
void r600_rel_store(struct mir_program *p, uint32_t pos, const struct ir_instruction *in,
                    const struct ir_instruction *out);
/* r600_copy_prop.c: operations and exports read the source of a plain MOV instead of its
 * destination within a straight-line stretch; MOVs left unread are removed. */
bool r600_propagate_copies(struct mir_program *p);
/* r600_fetch_order.c: reorders straight-line stretches so that independent fetches are
 * neighbours (one clause) and the ALU work feeding them comes first; renumbers positions. */
bool r600_order_fetches(struct mir_program *p);
/* r600_regalloc.c: vregs -> GPRs, spilling to scratch (r600_spill) when they run out. */
bool r600_regalloc(struct mir_program *p);
/* Live interval of a vreg in IR positions (r600_regalloc.c has the rules); start is
 * UINT32_MAX for a vreg never referenced. */
struct mir_interval {
   uint32_t start, end;
};
/* iv[v] for every vreg; false (error set) when out of memory. */
bool r600_live_intervals(struct mir_program *p, struct mir_interval *iv);
/* Calls fn on every register field of node n (sources, destinations, addresses). */
void mir_visit_regs(struct mir_node *n, void (*fn)(uint32_t *reg, void *ctx), void *ctx);
/* r600_spill.c: moves values to scratch (or recomputes them) until at most `budget`
 * allocatable registers are live at any position; false if it cannot (error not set)
 * or on out of memory (error set). */
bool r600_spill(struct mir_program *p, unsigned budget);
/* r600_cf.c: clauses, CF program, encoding. */
bool r600_build_program(struct mir_program *p, struct r600_shader_binary *out);

#endif
