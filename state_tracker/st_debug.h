/* R600SIM_DEBUG flags of the GL layer (include/r600sim/debug_flags.h). */
#ifndef ST_DEBUG_H
#define ST_DEBUG_H

#define ST_DEBUG_GLERRORS (1u << 0)   /* print every GL error with the function raising it */

/* Parsed once when the screen is created (before the driver's and the GPU's tables). */
extern unsigned st_debug_flags;
void st_debug_init(void);

#endif
