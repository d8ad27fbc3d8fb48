/* Value parsing and the --seed generator of r600sim-exec. The generator is specified in
 * tools/EXEC_FORMAT.md bit for bit, so a seed gives the same registers on every machine. */
#include "exec_values.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool exec_parse_value(const char *s, uint32_t *out)
{
   char *end;
   if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
      size_t n = strlen(s + 2);
      if (n == 0 || n > 8)
         return false;
      for (size_t i = 0; i < n; i++)
         if (!isxdigit((unsigned char)s[2 + i]))
            return false;
      *out = (uint32_t)strtoul(s + 2, NULL, 16);
      return true;
   }
   /* strtof would also read hex floats ("-0x1p3"): 0x means bits here, nothing else */
   if (!*s || isspace((unsigned char)s[0]) || strpbrk(s, "xX"))
      return false;
   errno = 0;
   float f = strtof(s, &end);
   /* ERANGE on underflow still gives the nearest denormal or zero, which is what was asked;
    * overflow (a finite number beyond FLT_MAX) is refused. */
   if (*end || (errno == ERANGE && (f > 1.0f || f < -1.0f)))
      return false;
   memcpy(out, &f, 4);
   return true;
}

bool exec_parse_vec4(const char *s, uint32_t out[4])
{
   char buf[256];
   if (strlen(s) >= sizeof(buf))
      return false;
   strcpy(buf, s);
   char *p = buf;
   for (unsigned c = 0; c < 4; c++) {
      char *comma = strchr(p, ',');
      if ((c < 3) != (comma != NULL))
         return false;
      if (comma)
         *comma = 0;
      if (!exec_parse_value(p, &out[c]))
         return false;
      p = comma + 1;
   }
   return true;
}

bool exec_parse_uint(const char *s, unsigned long long max, unsigned long long *out)
{
   if (!isdigit((unsigned char)s[0]))
      return false;
   char *end;
   errno = 0;
   unsigned long long v = strtoull(s, &end, 10);
   if (*end || errno || v > max)
      return false;
   *out = v;
   return true;
}

/* Values the seed mixes in, one draw in four (EXEC_FORMAT.md lists them in this order). */
static const uint32_t special[] = {
   0x00000000u, 0x80000000u,                /* +0 (int 0), -0 (INT_MIN) */
   0x3F800000u, 0xBF800000u, 0x3F000000u,   /* 1.0, -1.0, 0.5 */
   0x7F800000u, 0xFF800000u,                /* +Inf, -Inf */
   0x7FC00000u, 0xFFC00000u, 0x7F800001u,   /* quiet NaN, negative quiet NaN, signalling NaN */
   0x00000001u, 0x807FFFFFu, 0x00400000u,   /* denormals (0x00000001 is also int 1) */
   0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu,   /* FLT_MIN, FLT_MAX, -FLT_MAX */
   0x7FFFFFFFu, 0xFFFFFFFFu, 0x80000001u,   /* INT_MAX, -1 (UINT_MAX), INT_MIN + 1 */
   0x4B000000u, 0x4F000000u,                /* 2^23, 2^31 (float-to-int edges) */
   0x0000001Fu, 0x00000020u,                /* shift amounts 31, 32 */
};

void exec_rng_init(struct exec_rng *r, uint64_t seed)
{
   r->state = seed;
}

static uint64_t splitmix64(struct exec_rng *r)
{
   uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
   z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
   return z ^ (z >> 31);
}

uint32_t exec_rng_value(struct exec_rng *r)
{
   uint64_t z = splitmix64(r);
   uint32_t low = (uint32_t)z;
   if ((z >> 62) == 0)
      return special[low % (sizeof(special) / sizeof(special[0]))];
   return low;
}
