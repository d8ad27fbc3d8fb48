/* The JIT's inline texture path (jit/jit_tex.c): which TEX instructions it can take, and the
 * run-time descriptors (sim_run.tex_fast) it samples with. */
#ifndef SIM_TEX_FAST_H
#define SIM_TEX_FAST_H

#include <stdbool.h>

#include "sq/run_state.h"

/* f / div for an integer f, with one multiplication by rcp = 1 / div and a correction of two
 * fused multiply-adds (the quotient's rounding error as an exact remainder), which costs far
 * less than a vector division; the descriptor uses it only where it gives the division's bits
 * for every field (tex_fast.c), and jit_tex.c computes the same with llvm.fma. */
static inline float sim_tex_fast_quotient(float f, float div, float rcp)
{
   float q = f * rcp;
   return __builtin_fmaf(__builtin_fmaf(-q, div, f), rcp, q);   /* fmaf, without math.h's names */
}

/* What jit_tex.c's level passes may assume of a descriptor (sim_tex_fast.plain): GENERIC
 * nothing; PLAIN every component decodes by its formula (div != 0) and no border component is
 * a NaN; RGBA8 besides, 4-byte texels whose component c is byte c decoded as byte / 255 (div
 * 255, add +0: the quotient is sim_tex_fast_unorm8's) and CLAMP modes that never take the
 * border (WRAP, MIRROR, CLAMP_LAST_TEXEL, MIRROR_ONCE_LAST_TEXEL). */
enum sim_tex_fast_kind { SIM_TEX_FAST_GENERIC, SIM_TEX_FAST_PLAIN, SIM_TEX_FAST_RGBA8 };

/* 1 / 255 as the sum of two floats (the nearest float and the nearest float to the rest). */
#define SIM_TEX_UNORM8_HI 0x1.010102p-8f
#define SIM_TEX_UNORM8_LO -0x1.fdfdfep-33f

/* v / 255 for an integer v in 0..255 with a multiplication and a fused multiply-add: the
 * exact v * (HI + LO) is within 2^-46 of v / 255 relatively, which is never that close to
 * a rounding boundary of a float (its binary expansion repeats every 8 bits), so this is
 * the division's bits (test_tex_rgba8 checks all 256, and that they are
 * sim_tex_fast_quotient(v, 255, 1 / 255) + 0, the PLAIN formula of such a component). */
static inline float sim_tex_fast_unorm8(float v)
{
   return __builtin_fmaf(v, SIM_TEX_UNORM8_HI, v * SIM_TEX_UNORM8_LO);
}

/* Whether instruction t can be inline, from its fields alone: SAMPLE, SAMPLE_L, SAMPLE_LB or
 * SAMPLE_LZ without depth compare, BC_FRAC_MODE or relative GPRs. */
bool sim_tex_fast_inst(const struct sim_tex_inst *t);

/* Whether instructions a and b of a program read the same resource and sampler: a clause's
 * instructions that do share one descriptor (sim_tex_fast_prepare). */
bool sim_tex_fast_same_state(const struct sim_tex_inst *a, const struct sim_tex_inst *b);

/* The memo slot of the TEX clause at CF index pc of program p (run_state.h): the
 * instructions of the TEX clauses before it, or SIM_TEX_FAST_SLOTS when its own do not fit
 * below that (the clause then shares slots SIM_TEX_FAST_SLOTS.. and is never memoized). */
unsigned sim_tex_fast_slot(const struct sim_program *p, unsigned pc);

/* For the TEX clause at CF index pc: points x->tex_fast[slot + i] at a descriptor of
 * instruction i's resource and sampler (copied into the run's pool from the thread's, which
 * are made once while their registers and the GPU memory's buffers are unchanged), sets the
 * clause's bit of x->tex_memo_ok and returns 0, or sets its bit of x->tex_memo_no and
 * returns -1 when one of them is outside what the inline path samples or could fault (the
 * clause then runs through sim_cf_step, which reports the fault). The JIT code calls it
 * only when neither bit is set for x->prog: the memo holds for as long as the registers and
 * the memory's buffers do (the run's owner resets tex_memo_prog, as kcache.h's windows are
 * made again, once per primitive). Accepted: 1D / 2D linear textures at
 * BASE_LEVEL 0 in the byte formats (8, 8_8, 8_8_8, 8_8_8_8: any number format but INT, no
 * endian swap) or 5_6_5 / 1_5_5_5 / 4_4_4_4 (NORM unsigned), every level mapped as one range;
 * samplers with point / bilinear filters, any MIP_FILTER and CLAMP mode. */
int sim_tex_fast_prepare(struct sim_run *x, unsigned pc);

#endif
