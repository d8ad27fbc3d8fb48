/* Simulator-internal seam between the fixed-function pipeline and the shader engines
 * (reference interpreter and LLVM JIT). The pipeline never looks at ISA bytes; the engines
 * never look at primitives. Selected with R600SIM_ENGINE=interp|jit (default jit).
 *
 * One call runs a program for up to SIM_LANES lanes (a 4x4 pixel block = 4 quads, lanes
 * quad-major: lane 4q+0 TL, 4q+1 TR, 4q+2 BL, 4q+3 BR; or 16 vertices).
 */
#ifndef SIM_SHADER_EXEC_H
#define SIM_SHADER_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "r600sim/gpu.h"

#define SIM_LANES 16
#define SIM_MAX_GPRS 128

struct sim_memory;        /* gpu_memory.h: bounds-checked GPU memory */

enum sim_stage { SIM_STAGE_VS = 0, SIM_STAGE_PS = 1, SIM_STAGE_FS = 2 };

/* The JIT reads and writes the lanes of a register or an export as one 64-byte vector:
 * aligned to SIM_VEC_ALIGN, none straddles two cache lines (a split access costs a 512-bit
 * load or store several times as much). A heap object holding these structures must be
 * allocated with that alignment (aligned_alloc). */
#define SIM_VEC_ALIGN 64

/* The per-lane register file, structure of arrays: gpr[reg][chan][lane]. */
struct sim_lanes {
   _Alignas(SIM_VEC_ALIGN) uint32_t gpr[SIM_MAX_GPRS][4][SIM_LANES];
};

/* What a program exported. Index by the export ARRAY_BASE of its type. */
struct sim_exports {
   _Alignas(SIM_VEC_ALIGN) uint32_t pos[4][4][SIM_LANES];     /* POS array_base 60..63 */
   uint32_t param[32][4][SIM_LANES];  /* PARAM 0..31 */
   uint32_t pixel[8][4][SIM_LANES];   /* PIXEL 0..7 (colour) */
   uint32_t pixel61[4][SIM_LANES];    /* PIXEL 61: x depth, y stencil ref, z sample mask */
   uint8_t pos_mask;                  /* bit n: POS 60+n exported */
   uint32_t param_mask;               /* bit n: PARAM n exported */
   uint8_t pixel_mask;                /* bit n: PIXEL n exported */
   bool pixel61_written;
   uint16_t killed;                   /* lanes removed by KILL* */
};

/* Everything a program may read besides its registers: taken from the register file of
 * the draw being executed. */
struct sim_shader_env {
   enum hw_chip chip;
   enum sim_stage stage;
   struct sim_memory *mem;
   const uint32_t *regs;              /* context/config/resource register file, indexed by
                                         byte offset / 4 (see cp.h) */
   uint64_t seq;                      /* submission, for fault records */
   unsigned wave;                     /* the wave slot the run occupies (the raster thread
                                         index, 0 on the GPU thread): its lanes own scratch
                                         items wave * 16 + lane (hw_scratch.h) */
   /* Set by the engine when the program faults (bad encoding, bad address, runaway loop):
    * the lanes' results are then undefined and the draw is dropped by the caller. */
   bool faulted;
   char fault[160];
   /* Set (never cleared) when a run used more branch/loop stack entries than
    * SQ_PGM_RESOURCES_<stage>.STACK_SIZE grants: reported, not a fault (run_state.h). */
   bool stack_overflow;
};

struct sim_program;                    /* decoded program + compiled code */

/* Decodes the program at GPU address `va` (CF program start) for env->stage, using the
 * engine selected by R600SIM_ENGINE, through a cache keyed by the ISA bytes. Returns NULL and
 * sets env->faulted on a bad binary. The fetch shader is looked up separately, with
 * env->stage = SIM_STAGE_FS, and passed to sim_program_run for a VS.
 * The program stays valid until the calling thread gets a program in another use scope:
 * another submission (env->seq) or device (env->regs), or until it exits; only then may the
 * cache's LRU bound (R600SIM_CACHE_SIZE) evict it. A large JIT program may come back
 * without native code while a compile thread builds it (R600SIM_JIT_ASYNC): it then runs on
 * the interpreter, with the same results, until its code is ready. */
struct sim_program *sim_program_get(struct sim_shader_env *env, uint64_t va);

/* Engines. DEFAULT is the one R600SIM_ENGINE names (what draws use). */
enum sim_engine { SIM_ENGINE_DEFAULT, SIM_ENGINE_INTERP, SIM_ENGINE_JIT };

/* sim_program_get with the engine chosen by the caller (tools, tests); each engine has its
 * own cache entries. It never compiles in the background: a JIT program comes back with
 * its code (unless the JIT cannot compile it, or a draw's background compile of it is
 * still running). */
struct sim_program *sim_program_get_engine(struct sim_shader_env *env, uint64_t va,
                                           enum sim_engine engine);

/* The engine that runs `prog`: SIM_ENGINE_JIT only if it was compiled to native code. */
enum sim_engine sim_program_engine(const struct sim_program *prog);

/* The GPR channels the VS `prog` (calling fetch shader `fetch`, or NULL) can read before
 * writing them, bit c of entry g for channel c of GPR g (sq/vs_gprs.h says when this is
 * known); NULL when unknown: every GPR must be zeroed. Valid while the programs are held. */
const uint8_t *sim_program_vs_first_reads(const struct sim_program *prog,
                                          const struct sim_program *fetch);

/* Runs `prog` on `lanes` for the lanes in `active` (bit n = lane n). For a VS, `fetch` is
 * the fetch shader called by CALL_FS (NULL if none). Exports go to `out`: the program
 * writes the entries it exports and sets their mask bits; the caller zeroes the masks,
 * `killed` and whatever entries it reads whose export the program may skip (not the whole
 * struct, 43 KiB). Returns false if the program faulted (env->fault says why). */
bool sim_program_run(const struct sim_program *prog, const struct sim_program *fetch,
                     struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                     struct sim_exports *out);

/* sim_program_run for pixel blocks: `valid` (a subset of `active`) = the lanes that are
 * covered pixels; the other active lanes are quad helpers, which VALID_PIXEL_MODE
 * instructions skip (sim_program_run: every active lane is valid). */
bool sim_program_run_valid(const struct sim_program *prog, const struct sim_program *fetch,
                           struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                           uint16_t valid, struct sim_exports *out);

/* The floating-point modes a thread runs pixel blocks in (x86: MXCSR values): the
 * fixed-function units run in the thread's own mode (they keep denormals), programs with
 * FTZ/DAZ added (sq/alu_ops.h). sim_program_run_valid reads the thread's mode per call; a
 * thread shading many blocks reads it once with sim_fp_modes_get, before the blocks, and
 * runs each block's PS with sim_program_run_modes, which writes `programs` before the
 * program and `units` after it, so the thread's mode is unchanged between runs (nothing
 * else may change it meanwhile). Reading MXCSR waits for the write before it: on the
 * development host (AMD EPYC) the read per block was about 3% of a plain fill's samples. */
struct sim_fp_modes {
   uint32_t units, programs;
};
void sim_fp_modes_get(struct sim_fp_modes *m);
bool sim_program_run_modes(const struct sim_program *prog, const struct sim_program *fetch,
                           struct sim_shader_env *env, struct sim_lanes *lanes, uint16_t active,
                           uint16_t valid, struct sim_exports *out, const struct sim_fp_modes *m);

/* Native code of a program: int fn(struct sim_run *) (sq/run_state.h), 0 on a fault. */
typedef int (*sim_native_fn)(void *run);
struct sim_run;

/* Prepares `run` for runs of the pixel shader `prog` on the calling thread's `lanes` and
 * `out` by the fused block (sim_pixel_fused_block): everything sim_program_run_valid sets
 * that is the same for every block (program, environment, stack size, kcache windows).
 * Returns the program's native code, or NULL when it has none yet (it runs on the
 * interpreter: the caller uses sim_program_run_modes). The code stays valid while the
 * caller holds the program (shader_cache.c: replaced code is kept until eviction). It also
 * marks the fused block's per-primitive constants in `run` stale, as the caller must for
 * each new primitive (run->pixel_prim = NULL). */
sim_native_fn sim_program_run_prepare(struct sim_run *run, const struct sim_program *prog,
                                      struct sim_shader_env *env, struct sim_lanes *lanes,
                                      struct sim_exports *out);

/* The fused pixel path (jit/jit_pixel.c): per draw state, native code for what the pixel
 * pipeline does around the pixel shader for a 4x4 block, specialised for that state and
 * bit-identical to the C units: before the PS the early depth/stencil test (pixel/db.h) and
 * the input load (zeroing the PS's GPRs, pixel/spi.h sim_spi_load); after it the SX alpha
 * test, the late depth/stencil test and the CB write (pixel/cb.h). */
struct sim_spi_state;
struct sim_db_state;
struct sim_cb_state;
struct sim_sc_msaa;
struct sim_prim;
struct sim_pixel_fused;

/* The draw's latched pixel state: what the variant is specialised on. */
struct sim_pixel_state {
   const struct sim_spi_state *spi;
   const struct sim_db_state *db;
   const struct sim_cb_state *cb;
   const struct sim_sc_msaa *ms;
   unsigned ngprs;                    /* GPRs the PS gets zeroed */
   bool early_z, late_z, color_kill;  /* as draw.c runs the DB and CB */
};

/* One block through the fused code: the run-time state (the structures the key was made
 * from), the block, its lanes (`mask`) and covered samples (`smask`), updated by each call
 * as the C units update theirs. */
struct sim_pixel_block {
   const struct sim_prim *prim;
   const struct sim_db_state *db;
   const struct sim_cb_state *cb;
   const struct sim_sc_msaa *ms;
   struct sim_lanes *lanes;
   struct sim_exports *out;
   int32_t bx, by;
   uint32_t mask;
   uint8_t smask[16];
   /* sim_pixel_fused_block only: the PS's prepared run and code (sim_program_run_prepare),
    * the thread's modes (sim_fp_modes); out: the lanes the PS ran on as pixels */
   struct sim_run *run;
   sim_native_fn ps;
   uint32_t fp_units, fp_programs;
   uint32_t valid;
};

/* The fused code for `st` when the PS `ps` runs on the JIT; NULL when the engine has none
 * (the interpreter, the core's test engine) or the state is not supported (centroid
 * selections and point sprites of pixel/spi.c). Held until sim_pixel_fused_put; the caller
 * uses it only when the device's fast paths are on (common/exec.h fast_paths). */
struct sim_pixel_fused *sim_pixel_fused_get(const struct sim_program *ps,
                                            const struct sim_pixel_state *st);
void sim_pixel_fused_put(struct sim_pixel_fused *f);

/* Before the PS: the early test (st->early_z) on b->mask / b->smask, then, if a lane is
 * left, the input GPRs and the reset of b->out: its masks and `killed`, and zeroes in the
 * exports the units after the PS read (not the others: the PS reads none). Returns b->mask. */
uint32_t sim_pixel_fused_pre(const struct sim_pixel_fused *f, struct sim_pixel_block *b);

/* After the PS and its kills (b->mask without the killed lanes): the alpha test, the late
 * test (st->late_z) and the CB write (unless st->color_kill). Returns b->mask. */
uint32_t sim_pixel_fused_post(const struct sim_pixel_fused *f, struct sim_pixel_block *b);

/* The whole block in one call of the fused code: the early test, the input load, the PS
 * (b->ps on b->run, with MXCSR b->fp_programs, then b->fp_units again; without either write
 * for a PS whose results cannot depend on the MXCSR, sq/mxcsr_free.h), its kills, the alpha
 * test, the late test and the CB write; the same steps and results as sim_pixel_fused_pre,
 * sim_program_run_modes and sim_pixel_fused_post. Returns the final mask (as b->mask) with
 * SIM_PIXEL_PS_RAN when a lane was left after the early test (b->valid: the lanes the PS
 * ran on as pixels, out->killed its kills), or SIM_PIXEL_PS_FAULT when the PS faulted (its
 * env says why; nothing after the PS was done). */
#define SIM_PIXEL_PS_RAN (1u << 16)
#define SIM_PIXEL_PS_FAULT (1u << 17)
uint32_t sim_pixel_fused_block(const struct sim_pixel_fused *f, struct sim_pixel_block *b);

/* Statistics for tests: number of programs compiled / decoded since start. */
unsigned sim_program_compile_count(void);

/* Statistics of the program cache (tests, tools). */
struct sim_program_cache_stats {
   unsigned decoded;             /* programs decoded (sim_program_compile_count) */
   unsigned resident[2];         /* programs in the cache: [0] interpreter, [1] JIT */
   unsigned evicted;             /* programs evicted by the LRU bound */
   unsigned jit_built;           /* JIT modules built (IR and code generation) */
   unsigned jit_loaded;          /* JIT objects loaded from R600SIM_CACHE_DIR instead */
   unsigned jit_disk_rejected;   /* R600SIM_CACHE_DIR entries ignored (bad or unusable) */
   unsigned jit_released;        /* JIT programs whose code was freed */
   unsigned jit_queued;          /* JIT programs queued for a background compile */
   unsigned jit_pending;         /* of those, still queued or compiling */
};
void sim_program_cache_stats(struct sim_program_cache_stats *s);

/* Starts the default engine in the calling thread: with the JIT, sim_jit_start (devices call
 * it from the application's thread, before their GPU thread can compile). */
void sim_program_engine_start(void);

/* Blocks until no background compile (R600SIM_JIT_ASYNC) is queued or running: the
 * programs they were for then run on their native code, or for good on the interpreter
 * when the compile failed. For tests and tools that need the JIT's code. */
void sim_program_cache_wait(void);

#endif
