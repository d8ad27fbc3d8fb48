/* The CB's number conversions as LLVM IR for jit_cb.c, on 16-lane vectors (jit_ir.h): the
 * export rounding, the BLEND_CLAMP clamp, and packing / unpacking a pixel's words for a
 * format as a jit_cb_target_key describes it; each gives the bits of its C counterpart in
 * pixel/cb.c and cb_format.c. */
#ifndef SIM_JIT_CB_FORMAT_H
#define SIM_JIT_CB_FORMAT_H

#include "jit/jit_cb.h"
#include "jit/jit_ir.h"

/* cb.c round_fp16: the EXPORT_NORM rounding of float bits u. */
LLVMValueRef jit_cb_round_fp16(struct jb *j, LLVMValueRef u);

/* sim_cb_clamp(format, ch, v) on floats v of shader channel ch. */
LLVMValueRef jit_cb_clamp(struct jb *j, const struct jit_cb_target_key *tk, unsigned ch,
                          LLVMValueRef v);

/* sim_cb_pack: values per shader channel (float bits, or integers for UINT / SINT) -> the
 * pixel's words[0..3]. */
void jit_cb_pack(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef in[4],
                 LLVMValueRef words[4]);

/* sim_cb_unpack: the pixel's words -> floats per shader channel (non-integer formats). */
void jit_cb_unpack(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef words[4],
                   LLVMValueRef out[4]);

/* Shorthands both CB files use. */
static inline LLVMValueRef fmul(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFMul(j->b, a, b, ""); }
static inline LLVMValueRef fadd(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFAdd(j->b, a, b, ""); }
static inline LLVMValueRef fsub(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFSub(j->b, a, b, ""); }
static inline LLVMValueRef add(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildAdd(j->b, a, b, ""); }
static inline LLVMValueRef shl(struct jb *j, LLVMValueRef a, uint32_t n) { return LLVMBuildShl(j->b, a, kvec(j, n), ""); }
static inline LLVMValueRef lshr(struct jb *j, LLVMValueRef a, uint32_t n) { return LLVMBuildLShr(j->b, a, kvec(j, n), ""); }
static inline LLVMValueRef andk(struct jb *j, LLVMValueRef a, uint32_t m) { return and_(j, a, kvec(j, m)); }

#endif
