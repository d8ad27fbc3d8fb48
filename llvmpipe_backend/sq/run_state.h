/* The run-time state of one program run over SIM_LANES lanes, shared by the interpreter
 * and the JIT. Everything except the bodies of ALU clauses - control flow, the branch/loop
 * stack, calls, kcache locking, vertex fetch, texture instructions, exports, CALL_FS - is
 * executed by the C helpers of cf_*.c for the interpreter; the JIT runs the common branch,
 * loop and stack steps inline on this same state (jit_cf.c, falling back to those helpers
 * for anything exceptional), VTX clauses of the common formats inline (jit_fetch.c: resolved
 * by a C helper, decoded as formats.c does), TEX clauses of the common samples inline
 * (jit_tex.c, resolved by tex_fast.c) and the rest through the helpers. The JIT's
 * arithmetic is checked against alu_ops.h, and both engines against each other
 * (tests/sim/fuzz_engines.c). (The JIT also skips the kcache locking when its inline test shows
 * the constants lie where the locking would read them and that it would not fault: kcache.h.)
 *
 * Control-flow model (docs/r600-hardware-notes.md §4.5; ISA choices documented in cf_exec.c):
 * exec = active lanes; brk / cont = lanes that left the innermost loop with LOOP_BREAK /
 * LOOP_CONTINUE; killed = lanes removed by KILL*; launched = the lanes the run started
 * with; valid = the launched lanes that are real pixels (not quad helpers) - the VS and
 * the simulator's own tools launch only valid lanes. A lane is active only if it is in
 * exec, and restoring a mask from the stack never revives a broken, continued or killed
 * lane. */
#ifndef SIM_RUN_STATE_H
#define SIM_RUN_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "sq/isa_program.h"

/* The branch/loop stack is counted in elements as the hardware allocates it
 * (docs/r600-hardware-notes.md §4.5): a branch push takes 1 element, a loop push a whole entry of 4
 * (the entry size of the wave-64 parts R600 and RV770); STACK_SIZE counts entries of 4 elements.
 * Using more entries than SQ_PGM_RESOURCES_<stage>.STACK_SIZE is reported (sim_shader_env
 * .stack_overflow); more than the largest STACK_SIZE (255 entries) faults. */
#define SIM_STACK_ENTRY_ELEMENTS 4
#define SIM_LOOP_ELEMENTS 4
#define SIM_STACK_MAX_ENTRIES 255
#define SIM_STACK_DEPTH (SIM_STACK_MAX_ENTRIES * SIM_STACK_ENTRY_ELEMENTS)
#define SIM_CALL_DEPTH 32                   /* CALL nesting (register reference CALL_COUNT text) */
#define SIM_MAX_BACKWARD_JUMPS (1u << 20)   /* per run: the runaway-loop limiter */

/* Results of the CF helpers other than a next CF index. */
#define SIM_PC_END (-1)
#define SIM_PC_FAULT (-2)

struct sim_stack_entry {
   uint16_t exec;        /* active lanes when pushed */
   uint16_t brk, cont;   /* loop entries: the enclosing loop's brk / cont */
   bool loop;
   uint8_t elements;     /* stack elements the entry takes */
   uint32_t count;       /* DX9 loops: iterations left */
   int32_t loop_index;   /* loop entries: the enclosing loop's AL, restored at exit */
   int32_t loop_inc;     /* LOOP_START: SQ_LOOP_CONST INC added to AL per iteration */
};

struct sim_kcache_window;   /* kcache.h */

struct sim_call_entry {
   uint32_t ret;         /* CF index to return to */
   uint8_t count;        /* the CALL's CALL_COUNT, given back by RETURN */
};

/* One fetch of a VTX clause on the JIT's inline path (jit_fetch.c), resolved at run time by
 * sim_fetch_vtx_prepare (fetch_unit.h) from the resource registers. A lane reads inside the
 * resource's SIZE exactly when it is in `read` and its index + add is at most max_index; its
 * element is then at data + (index + add) * stride + OFFSET, an offset below 2^32. */
#define SIM_VTX_FAST_MAX 16   /* fetches of a clause the inline path takes */
struct sim_vtx_fast {
   const uint8_t *data;   /* host address of BASE_ADDRESS; scratch when `read` is 0 (the
                             first element's dwords can always be read) */
   uint32_t stride;       /* 0 with CONST_BUF_NO_STRIDE */
   uint32_t add;          /* added to the index: base vertex / start instance / 0 */
   uint32_t max_index;
   uint32_t oob;          /* every component of an out-of-bounds lane (CLAMP_X) */
   uint16_t lanes;        /* the lanes fetched and written */
   uint16_t read;         /* `lanes`, or 0 when no index reads inside SIZE */
};

/* One SAMPLE* instruction of a TEX clause on the JIT's inline path (jit_tex.c), resolved at
 * run time by sim_tex_fast_prepare (tex_fast.h) from the resource and sampler registers.
 * Texel (i, j) of level k is the little-endian dword at level[k].bytes + j * pitch + i * bpp
 * (readable: the prepare checked the level and 3 bytes after it); component c decodes as
 * lut[c][(dword >> shift[c]) & mask[c]], exactly sim_format_decode's result; where div[c] is not
 * 0, the prepare found (float)field / div[c] + add[c] to give lut[c]'s bits for every field,
 * the quotient computed as sim_tex_fast_quotient (tex_fast.h) does. */
#define SIM_TEX_FAST_MAX 16      /* instructions of a clause the inline path takes */
#define SIM_TEX_FAST_LEVELS 16   /* LAST_LEVEL is 4 bits */
#define SIM_TEX_FAST_SLOTS 64    /* memo slots of a program's TEX clauses (sim_run.tex_fast) */
#define SIM_TEX_FAST_POOL 16     /* descriptors a run holds for them (>= SIM_TEX_FAST_MAX) */
#define SIM_TEX_STATE_WORDS 13   /* registers of a resource and sampler (sim_tex_state_words) */
struct sim_tex_fast_level {
   const uint8_t *bytes;
   uint32_t pitch;               /* bytes per row */
   int32_t width, height;        /* texels */
   float fwidth, fheight;
};
struct sim_tex_fast {
   const uint32_t *lut[4];
   uint32_t shift[4], mask[4];
   float div[4], rcp[4], add[4]; /* rcp = 1 / div */
   uint32_t bpp;
   uint32_t swz[4];              /* resource DST_SEL: component 0..3, 4 = 0, 5 = 1.0 */
   uint32_t wrap[2];             /* SQ_TEX_CLAMP_* */
   uint32_t mag_linear, min_linear, mip, last_level;   /* mip: MIP_FILTER */
   uint32_t border[4];
   uint32_t size[2];             /* level 0: width, height (texels) */
   uint32_t pow2[2];             /* 1: size[k] is a power of two (so is every level's) */
   float width, height;          /* level 0 as floats (the LOD's texel scale) */
   float bias, min_lod, max_lod; /* the sampler's */
   uint32_t plain;               /* enum sim_tex_fast_kind (tex_fast.h): which of jit_tex.c's
                                    level passes samples it */
   struct sim_tex_fast_level level[SIM_TEX_FAST_LEVELS];   /* last: copied up to LAST_LEVEL */
};

#define SIM_PIXEL_SETUP_BYTES 5120

struct sim_run {
   /* Read by JIT code (fixed offsets via offsetof). */
   uint32_t kcache[2][32][4];   /* constants locked by the current ALU clause (cf_alu.c) */
   const struct sim_kcache_window *kc_win;   /* JIT: kcache.h windows, current for the
                                                windows of the programs run */
   struct sim_lanes *lanes;
   const uint32_t *cfile;       /* DX9 constant file of the current ALU clause: c[0..255] */
   uint32_t tmp[3 * SIM_LANES]; /* operand buffer for helper calls from JIT code */
   uint32_t fp64_in[3][4][SIM_LANES], fp64_out[4][SIM_LANES];
   struct sim_vtx_fast vtx_fast[SIM_VTX_FAST_MAX];   /* of the VTX clause being run */
   /* The inline TEX path's memo (tex_fast.h): the descriptors of instruction i of the TEX
    * clause with memo slot s (sim_tex_fast_slot) at tex_fast[s + i]; bit s of tex_memo_ok /
    * tex_memo_no: that clause was prepared / declined since tex_memo_prog was set (NULL:
    * nothing is; the run's owner sets it so whenever the registers may have changed). */
   const struct sim_tex_fast *tex_fast[SIM_TEX_FAST_SLOTS + SIM_TEX_FAST_MAX];
   uint64_t tex_memo_ok, tex_memo_no;
   const struct sim_program *tex_memo_prog;
   uint16_t exec, pred, killed;
   int32_t loop_index;          /* AL: INDEX_MODE LOOP offset (DX9 LOOP_START INIT/INC) */
   uint16_t rel_fault;          /* lanes whose relative GPR index left the register file
                                   in the ALU clause just run; sim_cf_alu_end faults */
   uint16_t cfile_fault;        /* the same for relative constant-file reads */

   uint16_t launched, valid;
   uint16_t mode_saved;         /* exec before the WHOLE_QUAD / VALID_PIXEL mode of the
                                   ALU clause being run */
   uint16_t brk, cont;
   /* 1: the run's owner reads only its exports, kills and fault (the fused pixel path), so
    * JIT code may leave a GPR channel no later instruction reads unstored (jit_live.h) */
   uint8_t gprs_unread;
   struct sim_shader_env *env;
   struct sim_exports *out;
   const struct sim_program *prog;     /* program whose CF list is executing */
   const struct sim_program *fetch;    /* fetch shader for CALL_FS */
   /* Runs program p's CF list on this state with p's engine (x->prog must be p): how
    * CALL_FS reaches the fetch shader. Set by the run's owner (shader_cache.c), which knows
    * the engines; the CF helpers do not. */
   bool (*run_program)(struct sim_run *x, const struct sim_program *p);
   bool in_fetch;
   unsigned sp, stack_elements, stack_size;   /* stack_size: STACK_SIZE in entries */
   struct sim_stack_entry stack[SIM_STACK_DEPTH];
   unsigned call_sp, call_base, call_depth;   /* call_depth: sum of CALL_COUNTs */
   struct sim_call_entry calls[SIM_CALL_DEPTH];
   float grad[2][3][SIM_LANES];        /* SET_GRADIENTS_H / _V (KEEP_GRADIENTS) of the
                                          TEX clause: [h/v][x/y/z][lane] */
   uint32_t backjumps;
   /* The fused pixel path's constants of the primitive `pixel_prim` (jit/jit_pixel.c: its
    * struct setup), made at the primitive's first block and read by its other blocks;
    * sim_program_run_prepare and the rasterizer, for each primitive, clear pixel_prim. */
   const void *pixel_prim;
   _Alignas(32) uint8_t pixel_setup[SIM_PIXEL_SETUP_BYTES];
   /* the descriptors tex_fast points at, with the state words each was made from */
   unsigned tex_pool_used;
   uint32_t tex_pool_words[SIM_TEX_FAST_POOL][SIM_TEX_STATE_WORDS];
   struct sim_tex_fast tex_pool[SIM_TEX_FAST_POOL];
};

/* Records a fault at CF index `pc` of the running program. Returns SIM_PC_FAULT. */
int sim_run_fault(struct sim_run *x, unsigned pc, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* Shared by the CF helpers, the fetch and texture units and the JIT (run_state.c; the
 * register read inline: the texture path reads 13 per TEX clause run). */
static inline uint32_t sim_run_reg(const struct sim_run *x, uint32_t byte_offset)
{
   return x->env->regs[byte_offset / 4];
}
unsigned sim_stage_context(enum sim_stage s);           /* 0 PS, 1 VS (and fetch shader) */
uint16_t sim_cf_cond_lanes(const struct sim_run *x, const struct sim_cf *cf);
uint16_t sim_cf_mode_lanes(const struct sim_run *x, const struct sim_cf *cf, uint16_t exec);
uint16_t sim_whole_quads(const struct sim_run *x, uint16_t lanes);
/* The next CF index after pc when control goes to `target`: SIM_PC_END past the end of
 * the program, SIM_PC_FAULT for a runaway loop. */
int sim_cf_next(struct sim_run *x, unsigned pc, unsigned target);

#endif
