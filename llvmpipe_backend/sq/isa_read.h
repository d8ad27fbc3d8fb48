/* Reading a program image from GPU memory (isa_read.c). */
#ifndef SIM_ISA_READ_H
#define SIM_ISA_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sq/isa_program.h"

struct sim_memory;

/* Reads the program at `va` from GPU memory into `img` (CF instructions from `entry`
 * through END_OF_PROGRAM - or, for the fetch shader, the first RETURN - and every clause
 * they reference), prefixed by chip, stage and the register state that changes code.
 * Returns false and writes `err` on a bad address or a runaway CF list. */
bool sim_isa_read(struct sim_memory *mem, enum hw_chip chip, enum sim_stage stage,
                  uint64_t va, unsigned entry, bool dx10_clamp, struct sim_isa_image *img,
                  char *err, size_t errlen);

#endif
