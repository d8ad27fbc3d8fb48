/* R600SIM_DEBUG flags of the pipe driver (R600SIM_DEBUG=help lists them). */
#ifndef R600_DEBUG_H
#define R600_DEBUG_H

#include <stdio.h>

#define R600_DBG_CS         (1u << 0)   /* dword count of every submitted command buffer */
#define R600_DBG_SHADERS    (1u << 1)   /* compiled shader and fetch-shader dwords */
#define R600_DBG_DRAWS      (1u << 2)   /* one line per draw and clear */
#define R600_DBG_SYNC       (1u << 3)   /* submit and wait after every draw */
#define R600_DBG_RESOURCES  (1u << 4)   /* resource creation and GPU addresses */
#define R600_DBG_NO_FILL    (1u << 5)   /* clears draw every pixel (no CP_DMA fill) */

/* The driver's flags named in R600SIM_DEBUG (include/r600sim/debug_flags.h); call it
 * before creating the GPU so that `help` lists the driver's table before the GPU's. */
unsigned r600_debug_flags_from_env(void);

#define R600_DBG(screen, flag, ...) \
   do { if ((screen)->debug & R600_DBG_##flag) fprintf(stderr, __VA_ARGS__); } while (0)

#endif
