/* R600SIM_DEBUG parsing for the pipe driver. */
#include "r600_debug.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const struct {
   const char *name;
   unsigned flag;
   const char *help;
} debug_flags[] = {
   { "cs", R600_DBG_CS, "print the dword count of every submitted command buffer" },
   { "shaders", R600_DBG_SHADERS, "print the dwords of every compiled shader and fetch shader" },
   { "draws", R600_DBG_DRAWS, "print one line per draw and clear" },
   { "sync", R600_DBG_SYNC, "submit and wait for the GPU after every draw and clear" },
   { "resources", R600_DBG_RESOURCES, "print resource creation with GPU addresses" },
};

#define NUM_FLAGS (sizeof(debug_flags) / sizeof(debug_flags[0]))

unsigned r600_debug_flags_from_env(void)
{
   const char *env = getenv("R600SIM_DEBUG");
   if (!env)
      return 0;
   unsigned flags = 0;
   const char *p = env;
   while (*p) {
      size_t len = strcspn(p, ", ");
      static bool help_printed;   /* once per process, not per screen */
      if (len == 4 && !strncmp(p, "help", 4) && !help_printed) {
         help_printed = true;
         fprintf(stderr, "R600SIM_DEBUG flags of the pipe driver (pipe_r600sim):\n");
         for (unsigned i = 0; i < NUM_FLAGS; i++)
            fprintf(stderr, "  %-10s %s\n", debug_flags[i].name, debug_flags[i].help);
      }
      for (unsigned i = 0; i < NUM_FLAGS; i++) {
         if (strlen(debug_flags[i].name) == len && !strncmp(p, debug_flags[i].name, len))
            flags |= debug_flags[i].flag;
      }
      p += len;
      p += strspn(p, ", ");
   }
   return flags;
}
