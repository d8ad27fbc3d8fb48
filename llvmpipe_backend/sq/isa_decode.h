/* Decode and validation of a program image into struct sim_program (isa_decode.c). */
#ifndef SIM_ISA_DECODE_H
#define SIM_ISA_DECODE_H

#include <stddef.h>

#include "sq/isa_program.h"

/* Decodes and validates an image. Returns NULL and writes `err` on an illegal or
 * unsupported encoding. */
struct sim_program *sim_isa_decode(const struct sim_isa_image *img, char *err, size_t errlen);

void sim_program_free(struct sim_program *);

#endif
