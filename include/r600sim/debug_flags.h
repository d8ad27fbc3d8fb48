/* The R600SIM_DEBUG knob: a comma-separated list of flag names shared by every layer. Each
 * layer (GL, pipe driver, simulated GPU) owns a table of its flags and parses the variable
 * with r600sim_debug_parse. `help` makes every layer print its table as it starts up (GL
 * layer, then driver, then GPU); the GPU, created last, then exits the process. Names a
 * table does not know belong to another layer and are ignored. */
#ifndef R600SIM_DEBUG_FLAGS_H
#define R600SIM_DEBUG_FLAGS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct r600sim_debug_flag {
   const char *name;
   unsigned flag;
   const char *help;
};

/* Returns the flags of `table` named in R600SIM_DEBUG. With `help` in the list, prints the
 * table under `title` and sets *help_asked. */
static inline unsigned r600sim_debug_parse(const struct r600sim_debug_flag *table, unsigned n,
                                           const char *title, bool *help_asked)
{
   const char *env = getenv("R600SIM_DEBUG");
   unsigned flags = 0;
   *help_asked = false;
   for (const char *p = env; p && *p;) {
      size_t len = strcspn(p, ", ");
      if (len == 4 && !strncmp(p, "help", 4))
         *help_asked = true;
      for (unsigned i = 0; i < n; i++) {
         if (strlen(table[i].name) == len && !strncmp(p, table[i].name, len))
            flags |= table[i].flag;
      }
      p += len;
      p += strspn(p, ", ");
   }
   if (*help_asked) {
      fprintf(stderr, "R600SIM_DEBUG flags of %s:\n", title);
      for (unsigned i = 0; i < n; i++)
         fprintf(stderr, "  %-10s %s\n", table[i].name, table[i].help);
   }
   return flags;
}

#endif
