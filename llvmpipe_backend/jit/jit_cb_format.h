/* The CB's number conversions as LLVM IR for jit_cb.c, on 16-lane vectors (jit_ir.h): the
 * export rounding, the BLEND_CLAMP clamp, and packing / unpacking a pixel's words for a
 * format as a jit_cb_target_key (the per-target part of jit_cb.h's key) describes it; each
 * gives the bits of its C counterpart in pixel/cb.c and cb_format.c. */
#ifndef SIM_JIT_CB_FORMAT_H
#define SIM_JIT_CB_FORMAT_H

#include <stdint.h>

#include <llvm-c/Core.h>

#include "jit/jit_ir.h"
#include "pixel/cb.h"

/* One target: its sim_cb_format and what write_sample does with it. */
struct jit_cb_target_key {
   uint8_t format, number, bpp, ncomp;
   uint8_t width[4], shift[4], chan[4];
   uint8_t is_float, integer, truncate, export_norm, endian_group;
   uint8_t export_index, blend, blend_clamp, rop;
   uint32_t blend_ctl;        /* the fields sim_cb_blend reads; 0 without blending */
   uint32_t write_bits[SIM_CB_MAX_BPP / 4];
};

/* Whether every use of the target's source values (packing, blending) has them clamped to
 * [0, 1]: UNORM with BLEND_CLAMP or without blending. jit_cb_unit_export gives them. */
bool jit_cb_unit_source(const struct jit_cb_target_key *tk);

/* cb.c round_fp16: the EXPORT_NORM rounding of float bits u. */
LLVMValueRef jit_cb_round_fp16(struct jb *j, LLVMValueRef u);

/* A source channel of a jit_cb_unit_source target from float bits u: round_fp16 (with
 * EXPORT_NORM) then the clamp to [0, 1], as floats. */
LLVMValueRef jit_cb_unit_export(struct jb *j, LLVMValueRef u, bool export_norm);

/* sim_cb_clamp(format, ch, v) on floats v of shader channel ch. */
LLVMValueRef jit_cb_clamp(struct jb *j, const struct jit_cb_target_key *tk, unsigned ch,
                          LLVMValueRef v);

/* sim_cb_pack: values per shader channel (float bits, or integers for UINT / SINT) -> the
 * pixel's words[0..3]. `half`: the values are EXPORT_NORM-rounded (each one of an fp16), which
 * some conversions use to compute in float where the C code needs double; `clamped`: they
 * went through jit_cb_clamp or jit_cb_unit_export, so the UNORM / SNORM range clamps change
 * nothing. */
void jit_cb_pack(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef in[4],
                 bool half, bool clamped, LLVMValueRef words[4]);

/* sim_cb_unpack: the pixel's words -> floats per shader channel (non-integer formats). */
void jit_cb_unpack(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef words[4],
                   LLVMValueRef out[4]);

#endif
