/* The chip families the hardware definition covers: the one chip enum of the driver, the
 * simulated GPU and the tools. The values are bits, so that a table entry can name the
 * families that have it (struct hw_register.chips, struct hw_isa_op.chips ...). */
#ifndef HW_CHIP_H
#define HW_CHIP_H

#include <stdbool.h>

enum hw_chip {
   HW_CHIP_R6XX = 1,   /* R6xx encodings (the original R600 part): "r600" */
   HW_CHIP_R7XX = 2,   /* R7xx encodings: "rv770" */
};

/* "r600" / "rv770" -> the chip; false for anything else (NULL included). */
bool hw_chip_from_name(const char *name, enum hw_chip *out);
/* "r600", "rv770", or "unknown". */
const char *hw_chip_name(enum hw_chip chip);

#endif
