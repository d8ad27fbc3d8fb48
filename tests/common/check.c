/* The counters and FAIL lines of check.h. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "check.h"

unsigned check_passed, check_failed;

__attribute__((weak)) const char *check_context(void)
{
   return NULL;
}

/* Counts ok; on failure starts the FAIL line (the caller ends it). */
static bool count(bool ok, const char *file, int line)
{
   if (ok) {
      check_passed++;
      return true;
   }
   check_failed++;
   const char *context = check_context();
   printf("FAIL");
   if (context)
      printf(" (%s)", context);
   if (file)
      printf(" %s:%d", file, line);
   printf(": ");
   return false;
}

bool check(bool ok, const char *fmt, ...)
{
   if (count(ok, NULL, 0))
      return true;
   va_list ap;
   va_start(ap, fmt);
   vprintf(fmt, ap);
   va_end(ap);
   printf("\n");
   return false;
}

bool check_at(bool ok, const char *file, int line, const char *fmt, ...)
{
   if (count(ok, file, line))
      return true;
   va_list ap;
   va_start(ap, fmt);
   vprintf(fmt, ap);
   va_end(ap);
   printf("\n");
   return false;
}

bool check_eq_at(uint64_t got, uint64_t want, const char *file, int line, const char *what)
{
   if (count(got == want, file, line))
      return true;
   printf("%s = 0x%" PRIx64 ", expected 0x%" PRIx64 "\n", what, got, want);
   return false;
}

int check_report(void)
{
   printf("%u passed, %u failed\n", check_passed, check_failed);
   return check_failed ? 1 : 0;
}
