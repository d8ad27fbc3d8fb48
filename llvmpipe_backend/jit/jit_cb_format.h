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

/* Whether jit_cb_pack scales every component of the target in float when its values are
 * EXPORT_NORM-rounded: UNORM components of up to 13 bits. */
bool jit_cb_half_unorm(const struct jit_cb_target_key *tk);

/* cb.c round_fp16: the EXPORT_NORM rounding of float bits u. `unorm`: the result goes only
 * to jit_cb_pack on a jit_cb_half_unorm target, which packs some values alike that the
 * rounding tells apart; the bits may then differ where the packed pixel does not. */
LLVMValueRef jit_cb_round_fp16(struct jb *j, LLVMValueRef u, bool unorm);

/* sim_cb_clamp(format, ch, v) on floats v of shader channel ch. */
LLVMValueRef jit_cb_clamp(struct jb *j, const struct jit_cb_target_key *tk, unsigned ch,
                          LLVMValueRef v);

/* sim_cb_pack: values per shader channel (float bits, or integers for UINT / SINT) -> the
 * pixel's words[0..3]. `half`: the values are EXPORT_NORM-rounded (each one of an fp16), which
 * some conversions use to compute in float where the C code needs double. */
void jit_cb_pack(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef in[4],
                 bool half, LLVMValueRef words[4]);

/* sim_cb_unpack: the pixel's words -> floats per shader channel (non-integer formats). */
void jit_cb_unpack(struct jb *j, const struct jit_cb_target_key *tk, LLVMValueRef words[4],
                   LLVMValueRef out[4]);

#endif
