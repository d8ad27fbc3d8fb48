/* "A register field set to a value we do not implement is reported once": one line on
 * stderr per distinct (register, field, value) per process, named from the hw tables,
 * e.g. `r600sim: unimplemented: DB_DEPTH_CONTROL.Z_ENABLE = 1 (ignored)`.
 * R600SIM_DEBUG=nounimpl silences it. */
#ifndef SIM_UNIMPL_H
#define SIM_UNIMPL_H

#include <stdint.h>

#include "r600sim/gpu.h"

/* `reg` is the register's byte offset, `field` the field's name in the hw tables,
 * `consequence` what the simulator does instead ("ignored", "draw dropped", ...). */
void sim_unimpl_field(enum hw_chip chip, uint32_t reg, const char *field,
                      uint32_t value, const char *consequence);

/* Free-form report of a missing feature, once per distinct text. */
void sim_unimpl(const char *what);

#endif
