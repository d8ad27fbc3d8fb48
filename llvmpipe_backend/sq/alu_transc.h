/* Transcendental ALU operations, the one implementation both engines use (alu_transc.c). */
#ifndef SIM_ALU_TRANSC_H
#define SIM_ALU_TRANSC_H

#include <stdint.h>

#include "hw/hw_isa.h"
#include "shader/shader_exec.h"   /* SIM_LANES */

/* RECIP*, RECIPSQRT*, SQRT_IEEE, EXP_IEEE, LOG_*, SIN and COS of one source dword
 * (sim_alu_is_transcendental in alu_ops.h names them). */
uint32_t sim_alu_transcendental(enum hw_isa_id op, enum hw_chip chip, uint32_t a);

/* 2 pi in double: R7xx SIN / COS evaluate sin(SIM_TWO_PI * f) of a reduced turn f. */
#define SIM_TWO_PI 6.283185307179586476925286766559

/* The JIT's fallback (jit/jit_transc.c): for each lane l set in buf[32], buf[l] :=
 * sim_alu_transcendental(op, chip, buf[16 + l]); the other lanes of buf[0..15] stay. Returns 0. */
uint32_t sim_alu_transc_lanes(uint32_t op, uint32_t chip, uint32_t *buf);

#endif
