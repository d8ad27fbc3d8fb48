/* Once-only reports of register values and features the simulator does not implement. */
#include "common/unimpl.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/debug.h"
#include "hw_regdb.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char **seen;
static unsigned num_seen, cap_seen;

/* True the first time `key` is seen (under the lock). */
static int first_time(const char *key)
{
   for (unsigned i = 0; i < num_seen; i++) {
      if (!strcmp(seen[i], key))
         return 0;
   }
   if (num_seen == cap_seen) {
      unsigned cap = cap_seen ? cap_seen * 2 : 32;
      char **n = realloc(seen, cap * sizeof(*n));
      if (!n)
         return 0;
      seen = n;
      cap_seen = cap;
   }
   char *copy = strdup(key);
   if (!copy)
      return 0;
   seen[num_seen++] = copy;
   return 1;
}

static void report(const char *text)
{
   if (sim_debug_flags() & SIM_DEBUG_NOUNIMPL)
      return;
   pthread_mutex_lock(&lock);
   if (first_time(text))
      fprintf(stderr, "r600sim: unimplemented: %s\n", text);
   pthread_mutex_unlock(&lock);
}

void sim_unimpl(const char *what)
{
   report(what);
}

void sim_unimpl_field(enum hw_chip chip, uint32_t reg, const char *field,
                      uint32_t value, const char *consequence)
{
   const struct hw_register *r = hw_find_register(reg, chip);
   const char *value_name = NULL;
   if (r) {
      for (unsigned i = 0; i < r->num_fields; i++) {
         if (!strcmp(r->fields[i].name, field))
            value_name = hw_field_value_name(&r->fields[i], value);
      }
   }
   char text[256];
   char regname[16];
   if (!r)
      snprintf(regname, sizeof(regname), "0x%05X", reg);
   snprintf(text, sizeof(text), "%s.%s = %u%s%s%s (%s)", r ? r->name : regname, field, value,
            value_name ? " (" : "", value_name ? value_name : "", value_name ? ")" : "",
            consequence);
   report(text);
}
