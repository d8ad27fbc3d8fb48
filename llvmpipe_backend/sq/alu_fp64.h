/* R7xx double-precision ALU operations (HW_ISA_F_FP64). The seed describes none of them;
 * docs/r600-hardware-notes.md §4.1 lists the opcodes. The register-pair conventions below are the
 * ones Mesa's r600 back end (docs/r600-hardware-notes.md sources M16/MC) programs, taken as the
 * definition:
 *
 * - A double is two dwords, lo (bits 31:0) and hi (63:32). An operation runs in several
 *   vector slots of one group, each holding the same opcode; each slot reads its own
 *   operands (with their own NEG/ABS, applied to that dword) and writes its own channel.
 * - Pair ops (ADD_64, FRACT_64, LDEXP_64, FLT32_TO_FLT64, FLT64_TO_FLT32, PRED_SETGT_64,
 *   PRED_SETE_64, PRED_SETGE_64) occupy slots x+y or z+w. An operand double is
 *   hi = the lower slot's (x/z) operand, lo = the upper slot's (y/w); the result double is
 *   written lo to the lower slot, hi to the upper slot. FLT32_TO_FLT64 converts the lower
 *   slot's src0 (the upper slot's source is ignored); FLT64_TO_FLT32 writes the float to
 *   the lower slot and 0 to the upper; LDEXP_64 takes the exponent (int32) from the lower
 *   slot's src1. PRED_SETGT/E/GE_64 compare src0 with src1 and behave as PRED_SET for
 *   the pair: both slots get 0.0 when the compare holds, 1.0 else; the lower slot's
 *   UPDATE_PRED / UPDATE_EXECUTE_MASK / PRED_SEL govern the predicate and exec updates.
 * - Quad ops (MUL_64, MULADD_64 and its _M2/_M4/_D2 forms, FREXP_64) occupy x, y, z, w.
 *   Operands: hi = slot z's, lo = slot w's. MUL_64 / MULADD_64 results: lo to x and z,
 *   hi to y and w. FREXP_64: x and y = the exponent (int32), z = mantissa lo, w = hi,
 *   with the mantissa in [0.5, 1) (frexp); 0, ±Inf and NaN give exponent 0 and the value
 *   itself as mantissa.
 * - Arithmetic is IEEE double, round to nearest even; MULADD_64 rounds the product and
 *   then the sum (two roundings, like MULADD). Double denormals are flushed to zero of the
 *   same sign on input and output (as fp32 denormals are); a NaN result is the canonical
 *   0x7FF8000000000000.
 * - OMOD (the lower/x slot's field, or the _M2/_M4/_D2 form) and CLAMP (same slot) apply to
 *   the double result: x2 / x4 / x0.5, then clamp to [0, 1] (a NaN becomes 0 with
 *   DX10_CLAMP); not to FREXP_64's exponent, FLT64_TO_FLT32's float or the compares. */
#ifndef SIM_ALU_FP64_H
#define SIM_ALU_FP64_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/hw_isa.h"
#include "shader/shader_exec.h"

/* Whether an FP64 op occupies all four vector slots (else a pair). */
bool sim_fp64_is_quad(unsigned op);

/* One FP64 operation of a group for one lane. s[k][u] = operand k as read by the
 * instruction of vector unit u; `first` = the first unit of the operation (0 or 2 for
 * pairs, 0 for quads); omod / clamp of the governing slot. Writes out[u] for the units of
 * the operation and returns the compare result of the PRED_SET*_64 forms (false for the
 * others). */
bool sim_alu_fp64(unsigned op, unsigned first, const uint32_t s[3][4], unsigned omod,
                  bool clamp, bool dx10_clamp, uint32_t out[4]);

/* The same for SIM_LANES lanes, for JIT code: in[k][u][lane] operands, out[u][lane];
 * returns the compare bits per lane. */
uint32_t sim_alu_fp64_vec(uint32_t op, uint32_t first, uint32_t omod_clamp,
                          const uint32_t in[3][4][SIM_LANES], uint32_t out[4][SIM_LANES]);

#endif
