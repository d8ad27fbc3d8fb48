/* The one way every test counts its checks: each check counts once, a failing check prints
 * one "FAIL ..." line saying what failed, and check_report() prints the closing line
 * "N passed, M failed" (the line CI tools read) and gives the exit status. */
#ifndef TESTS_CHECK_H
#define TESTS_CHECK_H

#include <stdbool.h>
#include <stdint.h>

extern unsigned check_passed, check_failed;

/* Counts one check; a failing one prints "FAIL: " and the printf-style description.
 * Returns ok. */
bool check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same with the source location. */
bool check_at(bool ok, const char *file, int line, const char *fmt, ...)
   __attribute__((format(printf, 4, 5)));
/* Checks got == want, naming `what` and both values on failure. */
bool check_eq_at(uint64_t got, uint64_t want, const char *file, int line, const char *what);

/* CHECK(cond) names the check by its expression, CHECK(cond, "format", ...) by the
 * description (up to 15 format arguments). */
#define CHECK(...)                                                                          \
   CHECK_PICK_(__VA_ARGS__, CHECK_FMT_, CHECK_FMT_, CHECK_FMT_, CHECK_FMT_, CHECK_FMT_,    \
               CHECK_FMT_, CHECK_FMT_, CHECK_FMT_, CHECK_FMT_, CHECK_FMT_, CHECK_FMT_,     \
               CHECK_FMT_, CHECK_FMT_, CHECK_FMT_, CHECK_FMT_, CHECK_FMT_, CHECK_EXPR_, -)  \
   (__VA_ARGS__)
#define CHECK_PICK_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, \
                    name, ...) name
#define CHECK_EXPR_(cond) check_at((cond) != 0, __FILE__, __LINE__, "%s", #cond)
/* The description's arguments are evaluated after cond and only when it fails: cond may be
 * what sets them. */
#define CHECK_FMT_(cond, ...)                                                          \
   __extension__({                                                                     \
      bool check_ok_ = (cond) != 0;                                                    \
      if (check_ok_)                                                                   \
         check_passed++;                                                               \
      else                                                                             \
         check_at(false, __FILE__, __LINE__, __VA_ARGS__);                             \
      check_ok_;                                                                       \
   })
/* CHECK_EQ(got, want) or CHECK_EQ(got, want, "name"). */
#define CHECK_EQ(got, want, ...) \
   check_eq_at((uint64_t)(got), (uint64_t)(want), __FILE__, __LINE__, \
               *("" __VA_ARGS__) ? "" __VA_ARGS__ : #got)

/* Prints "N passed, M failed"; returns the exit status (1 if anything failed). */
int check_report(void);

/* A test may name what it is running (for example the chip) in its FAIL lines: this
 * weak default names nothing; a strong definition in the test's own files wins. */
const char *check_context(void);

#endif
