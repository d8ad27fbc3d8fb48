/* Transcendental ALU operations, the one implementation both engines use (alu_transc.c). */
#ifndef SIM_ALU_TRANSC_H
#define SIM_ALU_TRANSC_H

#include <stdint.h>

#include "hw/hw_isa.h"

/* RECIP*, RECIPSQRT*, SQRT_IEEE, EXP_IEEE, LOG_*, SIN and COS of one source dword
 * (sim_alu_is_transcendental in alu_ops.h names them). */
uint32_t sim_alu_transcendental(enum hw_isa_id op, enum hw_chip chip, uint32_t a);

#endif
