/* IR shorthands of the CB emitters (jit_cb.c, jit_cb_format.c) beyond jit_ir.h's. */
#ifndef SIM_JIT_CB_IR_H
#define SIM_JIT_CB_IR_H

#include "jit/jit_ir.h"

static inline LLVMValueRef fmul(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFMul(j->b, a, b, ""); }
static inline LLVMValueRef fadd(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFAdd(j->b, a, b, ""); }
static inline LLVMValueRef fsub(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFSub(j->b, a, b, ""); }
static inline LLVMValueRef add(struct jb *j, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildAdd(j->b, a, b, ""); }
static inline LLVMValueRef shl(struct jb *j, LLVMValueRef a, uint32_t n) { return LLVMBuildShl(j->b, a, kvec(j, n), ""); }
static inline LLVMValueRef lshr(struct jb *j, LLVMValueRef a, uint32_t n) { return LLVMBuildLShr(j->b, a, kvec(j, n), ""); }
static inline LLVMValueRef andk(struct jb *j, LLVMValueRef a, uint32_t m) { return and_(j, a, kvec(j, m)); }

#endif
