/* Decode of VTX and TEX clauses (isa_decode_fetch.c). */
#ifndef SIM_ISA_DECODE_FETCH_H
#define SIM_ISA_DECODE_FETCH_H

#include <stdbool.h>
#include <stdint.h>

#include "sq/isa_decoder.h"

/* Decodes the n 128-bit instructions of a VTX / TEX clause at w into cf. */
bool dec_vtx_clause(struct decoder *d, struct sim_cf *cf, const uint32_t *w, unsigned n);
bool dec_tex_clause(struct decoder *d, struct sim_cf *cf, const uint32_t *w, unsigned n);

#endif
