/* The decoder's shared helpers (isa_decoder.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "sq/isa_decoder.h"

bool dec_fail(struct decoder *d, const char *fmt, ...)
{
   char msg[128];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(msg, sizeof(msg), fmt, ap);
   va_end(ap);
   snprintf(d->err, d->errlen, "CF %u: %s", d->pc, msg);
   return false;
}

bool dec_grow(void **arr, unsigned *cap, unsigned need, size_t elem)
{
   if (need <= *cap)
      return true;
   unsigned n = *cap ? *cap * 2 : 64;
   while (n < need)
      n *= 2;
   void *q = realloc(*arr, n * elem);
   if (!q)
      return false;
   *arr = q;
   *cap = n;
   return true;
}

int dec_map_lookup(const struct code_map *m, size_t n, bool r7, uint32_t hw)
{
   for (size_t i = 0; i < n; i++)
      if ((r7 ? m[i].r7 : m[i].r6) == hw)
         return (int)i;
   return -1;
}
