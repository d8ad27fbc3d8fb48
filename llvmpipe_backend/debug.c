/* R600SIM_DEBUG parsing for the simulated GPU. */
#include "debug.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
   const char *name;
   unsigned flag;
   const char *help;
} flag_table[] = {
   { "faults", SIM_DEBUG_FAULTS, "print every GPU fault (bad packet, address, shader) as it happens" },
   { "packets", SIM_DEBUG_PACKETS, "print every PM4 packet the command processor executes" },
   { "draws", SIM_DEBUG_DRAWS, "print every draw: primitive type, counts, program addresses" },
   { "prims", SIM_DEBUG_PRIMS, "print every primitive after setup (quantized window coordinates)" },
   { "nounimpl", SIM_DEBUG_NOUNIMPL, "do not report register values the simulator does not implement" },
};

static unsigned flags;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void print_help(void)
{
   fprintf(stderr, "R600SIM_DEBUG flags of the simulated GPU (comma-separated):\n");
   for (unsigned i = 0; i < sizeof(flag_table) / sizeof(flag_table[0]); i++)
      fprintf(stderr, "  %-10s %s\n", flag_table[i].name, flag_table[i].help);
   fprintf(stderr, "  %-10s %s\n", "help", "print this list and exit");
}

static void parse(void)
{
   const char *env = getenv("R600SIM_DEBUG");
   if (!env)
      return;
   const char *p = env;
   while (*p) {
      size_t len = strcspn(p, ",");
      if (len == 4 && !strncmp(p, "help", 4)) {
         print_help();
         exit(0);
      }
      for (unsigned i = 0; i < sizeof(flag_table) / sizeof(flag_table[0]); i++) {
         if (strlen(flag_table[i].name) == len && !strncmp(p, flag_table[i].name, len))
            flags |= flag_table[i].flag;
      }
      p += len;
      if (*p == ',')
         p++;
   }
}

unsigned sim_debug_flags(void)
{
   pthread_once(&once, parse);
   return flags;
}
