/* The SX alpha test and the CB write of pixel/cb.c as LLVM IR for one 4x4 block, all 16
 * lanes at once, specialised on what a sim_cb_state fixes for a draw (struct jit_cb_key);
 * emitted into a caller's function (the fused pixel pipeline, a test's wrapper). The code
 * reads the rest (surface addresses, pitch, blend constant, alpha reference, CLRCMP values)
 * from the run-time sim_cb_state the key was made from, and gives what sim_sx_alpha_test and
 * sim_cb_write give, bit for bit (tests/sim/test_jit_cb.c). */
#ifndef SIM_JIT_CB_H
#define SIM_JIT_CB_H

#include <stdbool.h>
#include <stdint.h>

#include <llvm-c/Core.h>

#include "jit/jit_cb_format.h"
#include "jit/jit_ir.h"
#include "pixel/cb.h"

/* Everything of a sim_cb_state that changes the generated code; memset to 0 before
 * filling, compared with memcmp and hashed. */
struct jit_cb_key {
   uint8_t num_targets, samples;
   uint8_t alpha_test, alpha_func;
   uint8_t rop3;              /* the low nibble, when a target uses it */
   uint8_t clrcmp_active, clrcmp_fcn_src, clrcmp_fcn_dst, clrcmp_sel;
   struct jit_cb_target_key t[SIM_CB_TARGETS];
};

/* False: this state is not supported, the caller uses the C units. */
bool jit_cb_key_init(struct jit_cb_key *k, const struct sim_cb_state *cb);

/* Whether the code jit_cb_emit makes for k reads PIXEL 1, the second source of a blend
 * (sim_cb_write reads it for every written pixel, but uses it only there). */
bool jit_cb_reads_src1(const struct jit_cb_key *k);

/* = sim_sx_alpha_test(cb, mask, out): cb and out are pointers to the run-time sim_cb_state
 * and sim_exports, mask an i16; returns the i16 mask of the lanes that pass. */
LLVMValueRef jit_sx_alpha_emit(struct jb *j, const struct jit_cb_key *k, LLVMValueRef cb,
                               LLVMValueRef mask, LLVMValueRef out);

/* = sim_cb_write(cb, bx, by, mask, smask, out): cb, out, smask (uint8_t[16]) pointers, bx
 * and by i32, mask i16. Emitted at j->b's insertion point (blocks are added to j->fn), which
 * is left at the end of the code. smask[l] must hold only bits of the target's samples (as
 * the SC gives it). */
void jit_cb_emit(struct jb *j, const struct jit_cb_key *k, LLVMValueRef cb, LLVMValueRef bx,
                 LLVMValueRef by, LLVMValueRef mask, LLVMValueRef smask, LLVMValueRef out);

#endif
