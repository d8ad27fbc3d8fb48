/* R600SIM_DEBUG flags of the simulated GPU (a comma-separated list; `help` lists them and
 * exits). Names this table does not know are left to the driver's own table. */
#ifndef SIM_DEBUG_H
#define SIM_DEBUG_H

#include <stdbool.h>

enum sim_debug_flag {
   SIM_DEBUG_FAULTS = 1u << 0,   /* print every GPU fault as it is raised */
   SIM_DEBUG_PACKETS = 1u << 1,  /* print every PM4 packet the CP executes */
   SIM_DEBUG_DRAWS = 1u << 2,    /* print every draw (primitive, count, programs) */
   SIM_DEBUG_PRIMS = 1u << 3,    /* print every primitive after setup (quantized) */
   SIM_DEBUG_NOUNIMPL = 1u << 4, /* do not report unimplemented register values */
   SIM_DEBUG_JITIR = 1u << 5,    /* print the LLVM IR of every program the JIT compiles */
   SIM_DEBUG_TEXSLOW = 1u << 10, /* print why a TEX clause is not sampled inline by the JIT */
   SIM_DEBUG_THREADS = 1u << 12, /* print the raster workers' job counters once a second */
};

/* The flags parsed from R600SIM_DEBUG (parsed once, thread-safe). */
unsigned sim_debug_flags(void);

/* R600SIM_FUSED (read at each call; a device asks once, when it is created): false for 0,
 * the C units alone draw the pixels (the reference the specialised paths are tested
 * against), true otherwise. */
bool sim_fast_paths_from_env(void);

#endif
