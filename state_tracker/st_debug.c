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
   if (help)   /* read by libEGL (egl/egl_platform_x11.c) */
      fprintf(stderr, "Environment variables of EGL on X11:\n  %-20s %s\n", "R600SIM_NO_SHM",
              "1: present frames with plain PutImage instead of MIT-SHM");
}
