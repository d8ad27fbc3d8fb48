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

/* Render backends: R600 and RV770 both have four DBs (Linux radeon's max_backends for
 * CHIP_R600 / CHIP_RV770, Mesa r600's max_db). ZPASS_DONE writes one counter per DB at
 * 16-byte steps, so the driver sizes and sums occlusion results with this. */
#define HW_NUM_DBS 4
/* The clock EVENT_WRITE_EOP DATA_SEL 3 writes: the simulated GPU counts nanoseconds (the
 * kernel tells a real driver its reference-crystal frequency instead). */
#define HW_GPU_CLOCK_HZ 1000000000ull

/* "r600" / "rv770" -> the chip; false for anything else (NULL included). */
bool hw_chip_from_name(const char *name, enum hw_chip *out);
/* "r600", "rv770", or "unknown". */
const char *hw_chip_name(enum hw_chip chip);

#endif
