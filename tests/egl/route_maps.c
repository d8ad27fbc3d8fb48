#include "route_maps.h"

#include <stdio.h>
#include <string.h>

static const char *const mesa_libraries[] = {
   "libEGL_mesa.so", "libGLX_mesa.so", "_dri.so", "libgallium", "libglapi.so",
};

unsigned route_mesa_libraries_mapped(void)
{
   FILE *maps = fopen("/proc/self/maps", "r");
   char line[4096], last[4096] = "";
   unsigned found = 0;
   if (!maps)
      return 1000;
   while (fgets(line, sizeof(line), maps)) {
      const char *path = strchr(line, '/');
      if (!path || strcmp(path, last) == 0)
         continue;
      snprintf(last, sizeof(last), "%s", path);
      const char *base = strrchr(path, '/') + 1;
      for (unsigned i = 0; i < sizeof(mesa_libraries) / sizeof(mesa_libraries[0]); i++)
         if (strstr(base, mesa_libraries[i])) {
            printf("Mesa library mapped: %s", path);
            found++;
            break;
         }
   }
   fclose(maps);
   return found;
}
