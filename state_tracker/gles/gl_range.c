/* Overflow-safe ranges: see gl_range.h for the semantics and the policy. */
#include "gl_range.h"

bool gl_range_span(uint64_t count, uint64_t stride, uint64_t elem, uint64_t *bytes)
{
   uint64_t before_last;
   *bytes = 0;
   if (count == 0)
      return true;
   return !__builtin_mul_overflow(count - 1, stride, &before_last) &&
          !__builtin_add_overflow(before_last, elem, bytes);
}

bool gl_range_fits(uint64_t offset, uint64_t bytes, uint64_t size)
{
   return offset <= size && bytes <= size - offset;
}

uint64_t gl_range_clamp(uint64_t first, uint64_t count, uint64_t end)
{
   if (first >= end)
      return 0;
   return count < end - first ? count : end - first;
}

bool gl_range_row(uint64_t width, uint64_t bpp, uint64_t align, uint64_t *row,
                  uint64_t *pitch)
{
   uint64_t padded;
   if (__builtin_mul_overflow(width, bpp, row) ||
       __builtin_add_overflow(*row, align - 1, &padded))
      return false;
   *pitch = padded & ~(align - 1);
   return true;
}
