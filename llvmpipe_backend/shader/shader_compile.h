/* Background JIT compiles of the program cache (shader_cache.c): a FIFO of programs that
 * have no code yet, compiled by R600SIM_JIT_THREADS threads (default 1, at most 16), and a
 * FIFO of upgrades (final code replacing quick code, jit.h tiers) compiled by one thread at a
 * lower priority; threads start at the first program queued. A queued program must stay
 * allocated until its `done` call. */
#ifndef SIM_SHADER_COMPILE_H
#define SIM_SHADER_COMPILE_H

#include <stdbool.h>

#include "jit/jit.h"

/* Called on a compile thread when the compile of `p`'s `tier` code ends: `code` is the
 * code, or NULL when it failed (`err` says why). */
typedef void (*sim_compile_done_fn)(struct sim_program *p, enum sim_jit_tier tier,
                                    const struct sim_jit_code *code, const char *err);

/* Queues `p` for a compile of its `tier` code, an `upgrade` of code it runs already or not.
 * False when no compile thread can run (out of memory, thread creation failed): the caller
 * then compiles it itself. */
bool sim_compile_queue(struct sim_program *p, enum sim_jit_tier tier, bool upgrade,
                       sim_compile_done_fn done);

/* Blocks until no compile is queued or running. */
void sim_compile_wait(void);

/* Programs queued or compiling now. */
unsigned sim_compile_pending(void);

#endif
