/* Pass/fail counting for the single-file tests: each check counts once, a failing check
 * prints one "FAIL ..." line, and check_report() prints the closing "N passed, M failed"
 * line every test ends with. Header-only: each test executable has its own counters. */
#ifndef TESTS_CHECK_H
#define TESTS_CHECK_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

static unsigned check_passed, check_failed;

static inline void check(bool ok, const char *what)
{
   if (ok) {
      check_passed++;
   } else {
      check_failed++;
      printf("FAIL: %s\n", what);
   }
}

static inline void check_eq_at(uint64_t got, uint64_t want, const char *what, int line)
{
   if (got == want) {
      check_passed++;
   } else {
      check_failed++;
      printf("FAIL line %d: %s = 0x%" PRIx64 ", expected 0x%" PRIx64 "\n", line, what, got, want);
   }
}

#define CHECK_EQ(got, want) check_eq_at((uint64_t)(got), (uint64_t)(want), #got, __LINE__)
#define CHECK(cond) check_eq_at((cond) != 0, 1, #cond, __LINE__)

/* Prints the closing line; the exit status is 1 if anything failed. */
static inline int check_report(void)
{
   printf("%u passed, %u failed\n", check_passed, check_failed);
   return check_failed ? 1 : 0;
}

#endif
