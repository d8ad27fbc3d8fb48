/* The LLVM 15 ORC JIT engine: one native function per program, int fn(struct sim_run *),
 * returning 1 on success and 0 after a fault. */
#ifndef SIM_JIT_H
#define SIM_JIT_H

#include <stdbool.h>
#include <stddef.h>

#include <llvm-c/Core.h>

#include "sq/isa_program.h"

/* The native code of a program. */
struct sim_jit_code {
   int (*fn)(void *exec);
   void *code;                 /* the code's resource tracker (sim_jit_release) */
};

enum sim_jit_result {
   SIM_JIT_OK,                 /* *out holds the code */
   SIM_JIT_NOT_CACHED,         /* build was false and the disk cache does not hold it */
   SIM_JIT_FAILED,             /* err says why; the program runs on the interpreter */
};

/* A program's two builds: QUICK code, cheap to build (LLVM's level 0), is what a draw runs
 * first; FINAL code (level 2), built in the background, then replaces it (shader_cache.c).
 * Both give the same bits. */
enum sim_jit_tier { SIM_JIT_FINAL, SIM_JIT_QUICK };

/* Whether a draw's program goes through both tiers: false when R600SIM_JIT_QUICK=0 or
 * R600SIM_JIT_OPT fixes one level for all code. */
bool sim_jit_tiered(void);

/* The `tier` code of `p` (decoded from p->image; only read, so several threads may compile
 * programs at once): loaded from the disk cache (R600SIM_CACHE_DIR) when it holds it, else,
 * when `build`, built and then stored there. */
enum sim_jit_result sim_jit_compile_code(const struct sim_program *p, enum sim_jit_tier tier,
                                         bool build, struct sim_jit_code *out, char *err,
                                         size_t errlen);

/* Builds a module for code other than one program (a fused pixel pipeline, a test's
 * wrapper): returns a new module of `ctx` defining function `name`, or NULL (out of memory).
 * The module may declare the host helpers of jit_host.h; it must not refer to process
 * addresses if it is to be stored on disk. */
typedef LLVMModuleRef (*sim_jit_module_builder)(void *arg, LLVMContextRef ctx, const char *name);

/* The optimisation of generated code other than programs (fused pixel pipelines): the part of
 * the new pass manager's default<O2> that matters for IR emitted as straight SSA without
 * loops, allocas to promote or calls to inline (the module's functions are noinline):
 * common subexpressions, instruction combining, jump threading of the per-lane branch
 * diamonds, SLP vectorisation of the scalar per-edge arithmetic (the largest difference in
 * the code; bench/raster's variants get no more instructions than at default<O2> but a few,
 * in one and the other direction) and the final CFG simplification with O2's options. It
 * costs a third of default<O2>'s time (whose inliner, SCCP and loop pipelines find nothing
 * to do here but still analyse every function). No pass changes a value: like
 * default<O2>, none reassociates or contracts floating-point operations without fast-math
 * flags. test_jit_passes checks the code these passes give. */
#define SIM_JIT_PASSES                                                                     \
   "function(early-cse,instcombine,jump-threading,slp-vectorizer,"                         \
   "simplifycfg<forward-switch-cond;switch-range-to-icmp;switch-to-lookup;no-keep-loops;"  \
   "hoist-common-insts;sink-common-insts>)"

/* Native code of the module `build` makes: looked up by `key` (the caller's complete
 * description of what the code depends on, besides what the JIT adds itself: LLVM, target
 * and CPU, the JIT code version) in the disk cache first, else built, optimised with the
 * new pass manager's `passes` (e.g. SIM_JIT_PASSES; NULL: none, as programs are), compiled
 * at code generation level 2 and stored. out->fn is the function `name` the builder was
 * given, cast to the caller's type. Thread-safe; free with sim_jit_code_release. */
enum sim_jit_result sim_jit_compile_module(const void *key, size_t key_len,
                                           sim_jit_module_builder build, void *arg,
                                           const char *passes, struct sim_jit_code *out,
                                           char *err, size_t errlen);

/* The code sim_jit_compile_module would give for the same key and passes, if the disk cache
 * holds it (SIM_JIT_NOT_CACHED if not): a load and a link, no build; for callers that build
 * in the background and want code at once when it is there. */
enum sim_jit_result sim_jit_load_module(const void *key, size_t key_len, const char *passes,
                                        struct sim_jit_code *out, char *err, size_t errlen);

/* Frees code from sim_jit_compile_module or sim_jit_load_module (nothing may be running it). */
void sim_jit_code_release(struct sim_jit_code *c);

/* Starts the JIT (the LLJIT, the warm-up code generation and the exit handler of jit.c) in
 * the calling thread, once a process; the first compile does it otherwise. A process
 * exiting while another thread is in this start-up crashes in LLVM's static destructors, so
 * an application thread calls it before any other thread can compile. */
void sim_jit_start(void);

/* sim_jit_compile_code of the final tier with build, setting p->jit_fn, p->jit_code and p->kc_windows. On
 * failure returns false with `err` set. */
bool sim_jit_compile(struct sim_program *p, char *err, size_t errlen);

/* Frees the code of a compiled program, both tiers' (nothing may be running it), and clears
 * jit_fn. */
void sim_jit_release(struct sim_program *p);

struct sim_jit_stats {
   unsigned built;      /* modules built (IR and code generation) */
   unsigned loaded;     /* objects loaded from the disk cache instead */
   unsigned rejected;   /* disk cache entries ignored (bad, truncated, other key, unlinkable) */
   unsigned released;   /* programs whose code was freed */
};
void sim_jit_stats(struct sim_jit_stats *s);

#endif
