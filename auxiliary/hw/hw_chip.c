/* Chip names (see hw_chip.h). */
#include "hw/hw_chip.h"

#include <string.h>

bool hw_chip_from_name(const char *name, enum hw_chip *out)
{
   if (!name)
      return false;
   if (!strcmp(name, "r600")) {
      *out = HW_CHIP_R6XX;
      return true;
   }
   if (!strcmp(name, "rv770")) {
      *out = HW_CHIP_R7XX;
      return true;
   }
   return false;
}

const char *hw_chip_name(enum hw_chip chip)
{
   switch (chip) {
   case HW_CHIP_R6XX:
      return "r600";
   case HW_CHIP_R7XX:
      return "rv770";
   }
   return "unknown";
}
