/* The run-time state of one program run over SIM_LANES lanes, shared by the interpreter
 * and the JIT. Everything except the bodies of ALU clauses - control flow, the branch/loop
 * stack, kcache locking, vertex fetch, exports, CALL_FS - is executed by the C helpers of
 * cf_exec.c for both engines, so the two can only differ in ALU arithmetic, and the JIT's
 * arithmetic is checked against alu_ops.h.
 *
 * Control-flow model (r600-facts §4.5; ISA choices documented in cf_exec.c):
 * exec = active lanes; brk / cont = lanes that left the innermost loop with LOOP_BREAK /
 * LOOP_CONTINUE; killed = lanes removed by KILL*. A lane is active only if it is in
 * exec, and restoring a mask from the stack never revives a broken, continued or killed
 * lane. */
#ifndef SIM_RUN_STATE_H
#define SIM_RUN_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "isa_program.h"

#define SIM_STACK_DEPTH 64                  /* branch + loop entries */
#define SIM_MAX_BACKWARD_JUMPS (1u << 20)   /* per run: the runaway-loop limiter */

/* Results of the CF helpers other than a next CF index. */
#define SIM_PC_END (-1)
#define SIM_PC_FAULT (-2)

struct sim_stack_entry {
   uint16_t exec;        /* active lanes when pushed */
   uint16_t brk, cont;   /* loop entries: the enclosing loop's brk / cont */
   bool loop;
   uint32_t count;       /* DX9 loops: iterations left */
   int32_t loop_index;   /* loop entries: the enclosing loop's AL, restored at exit */
   int32_t loop_inc;     /* LOOP_START: SQ_LOOP_CONST INC added to AL per iteration */
};

struct sim_run {
   /* Read by JIT code (fixed offsets via offsetof). */
   uint32_t kcache[2][32][4];   /* constants locked by the current ALU clause */
   struct sim_lanes *lanes;
   uint32_t tmp[SIM_LANES];     /* operand buffer for helper calls from JIT code */
   uint16_t exec, pred, killed;
   int32_t loop_index;          /* AL: INDEX_MODE LOOP offset (DX9 LOOP_START INIT/INC) */
   uint16_t rel_fault;          /* lanes whose relative GPR index left the register file
                                   in the ALU clause just run; sim_cf_alu_end faults */

   uint16_t brk, cont;
   struct sim_shader_env *env;
   struct sim_exports *out;
   const struct sim_program *prog;     /* program whose CF list is executing */
   const struct sim_program *fetch;    /* fetch shader for CALL_FS */
   bool in_fetch;
   unsigned sp;
   struct sim_stack_entry stack[SIM_STACK_DEPTH];
   uint32_t backjumps;
};

/* Records a fault at CF index `pc` of the running program. Returns SIM_PC_FAULT. */
int sim_run_fault(struct sim_run *x, unsigned pc, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* CF helpers; each returns the next CF index, SIM_PC_END or SIM_PC_FAULT. */
int sim_cf_alu_begin(struct sim_run *x, unsigned pc);   /* push, kcache lock; 0 if ok */
int sim_cf_alu_end(struct sim_run *x, unsigned pc);     /* rel_fault; pops / else / break */
int sim_cf_step(struct sim_run *x, unsigned pc);        /* every non-ALU CF instruction */

/* Runs `p`'s CF list on x with p's engine (x->prog must be p). */
bool sim_run_program(struct sim_run *x, const struct sim_program *p);

/* The reference interpreter (interp.c). */
bool sim_interp_run(struct sim_run *x);
void sim_interp_alu_clause(struct sim_run *x, const struct sim_cf *cf);

#endif
