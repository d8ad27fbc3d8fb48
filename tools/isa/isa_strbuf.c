/* A growing string for the printer. */
#include "isa_strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void isa_sb_printf(struct isa_strbuf *sb, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   int n = vsnprintf(NULL, 0, fmt, ap);
   va_end(ap);
   if (n < 0)
      return;
   if (sb->len + (size_t)n + 1 > sb->cap) {
      sb->cap = (sb->len + (size_t)n + 1) * 2;
      sb->s = realloc(sb->s, sb->cap);
      if (!sb->s)
         abort();
   }
   va_start(ap, fmt);
   vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
   va_end(ap);
   sb->len += (size_t)n;
}

void isa_sb_pad(struct isa_strbuf *sb, size_t col)
{
   size_t start = sb->len;
   while (start > 0 && sb->s[start - 1] != '\n')
      start--;
   size_t cur = sb->len - start;
   isa_sb_printf(sb, "%*s", (int)(cur < col ? col - cur : 1), "");
}
