/* R600SIM_DEBUG flags of the pipe driver. */
#include "r600_debug.h"

#include "r600sim/debug_flags.h"

static const struct r600sim_debug_flag debug_flags[] = {
   { "cs", R600_DBG_CS, "print the dword count of every submitted command buffer" },
   { "shaders", R600_DBG_SHADERS, "print the dwords of every compiled shader and fetch shader" },
   { "draws", R600_DBG_DRAWS, "print one line per draw and clear" },
   { "sync", R600_DBG_SYNC, "submit and wait for the GPU after every draw and clear" },
   { "resources", R600_DBG_RESOURCES, "print resource creation with GPU addresses" },
   { "nofill", R600_DBG_NO_FILL, "clear whole surfaces by drawing every pixel, not by drawing one and copying it with CP_DMA" },
};

unsigned r600_debug_flags_from_env(void)
{
   bool help;
   unsigned flags = r600sim_debug_parse(debug_flags, sizeof(debug_flags) / sizeof(debug_flags[0]),
                                        "the pipe driver (pipe_r600sim)", &help);
   /* The simulator prints its own lists after these and exits. */
   if (help)
      fprintf(stderr, "Environment variables of the pipe driver:\n"
                      "  %-20s %s\n", "R600SIM_CHIP",
              "r600|rv770: the chip family the driver programs and the GPU simulates (default rv770)");
   return flags;
}
