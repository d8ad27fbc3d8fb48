/* Decode of ALU clauses (isa_decode_alu.c). */
#ifndef SIM_ISA_DECODE_ALU_H
#define SIM_ISA_DECODE_ALU_H

#include <stdbool.h>
#include <stdint.h>

#include "sq/isa_decoder.h"

/* Decodes an ALU clause of `nslots` 64-bit slots at w into cf. */
bool dec_alu_clause(struct decoder *d, struct sim_cf *cf, const uint32_t *w, unsigned nslots);

#endif
