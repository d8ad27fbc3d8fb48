/* R600SIM_DEBUG flags of the GL layer. */
#include "st_debug.h"

#include <stdio.h>

#include "r600sim/debug_flags.h"

unsigned st_debug_flags;

static const struct r600sim_debug_flag st_flags[] = {
   { "glerrors", ST_DEBUG_GLERRORS, "print every GL error with the function that raised it" },
};

void st_debug_init(void)
{
   bool help;
   st_debug_flags = r600sim_debug_parse(st_flags, sizeof(st_flags) / sizeof(st_flags[0]),
                                        "the GL layer (state_tracker)", &help);
   /* The simulator prints its own lists after these and exits. */
   if (help)   /* read by libEGL: egl/egl_platform_x11.c, glvnd/egl_report.c */
      fprintf(stderr, "Environment variables of EGL:\n  %-20s %s\n  %-20s %s\n",
              "R600SIM_NO_SHM", "1: present frames with plain PutImage instead of MIT-SHM",
              "R600SIM_REPORT",
              "FILE: append a line to FILE at each EGL display initialization, naming the r600sim "
              "library the program reached (bin/r600sim-run --check)");
}
