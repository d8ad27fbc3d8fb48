/* The range helper of the GLES layer (state_tracker/gles/gl_range.h) at its boundaries:
 * empty arrays, the last byte of a buffer, and every product or sum one past 2^32 and 2^64. */
#include "check.h"
#include "gl_range.h"

#define TWO32 ((uint64_t)1 << 32)

static void span(void)
{
   uint64_t b = 7;
   CHECK(gl_range_span(0, UINT64_MAX, UINT64_MAX, &b) && b == 0, "count 0 spans 0 bytes");
   CHECK(gl_range_span(1, UINT64_MAX, 12, &b) && b == 12, "count 1 spans elem");
   CHECK(gl_range_span(3, 16, 12, &b) && b == 44, "2 * 16 + 12");
   CHECK(gl_range_span(3, 4, 12, &b) && b == 20, "overlapping elements: 2 * 4 + 12");
   CHECK(gl_range_span(TWO32 + 1, TWO32 - 1, 0, &b) && b == TWO32 * (TWO32 - 1),
         "(2^32) * (2^32 - 1): past 2^32, within 2^64");
   CHECK(!gl_range_span(TWO32 + 1, TWO32, 0, &b), "2^32 * 2^32 = 2^64 overflows");
   CHECK(gl_range_span(2, UINT64_MAX - 4, 4, &b) && b == UINT64_MAX,
         "(2^64 - 5) + 4 = 2^64 - 1 fits");
   CHECK(!gl_range_span(2, UINT64_MAX - 4, 5, &b), "(2^64 - 5) + 5 = 2^64 overflows");
}

static void fits(void)
{
   CHECK(gl_range_fits(0, 48, 48), "the whole buffer");
   CHECK(!gl_range_fits(0, 49, 48), "one byte past the end");
   CHECK(gl_range_fits(48, 0, 48), "nothing at the end");
   CHECK(!gl_range_fits(49, 0, 48), "nothing past the end");
   CHECK(gl_range_fits(44, 4, 48), "the last 4 bytes");
   CHECK(!gl_range_fits(45, 4, 48), "4 bytes from 45 of 48");
   CHECK(!gl_range_fits(UINT64_MAX - 7, 12, 48), "offset -8 + 12 wraps to 4");
   CHECK(!gl_range_fits(UINT64_MAX, 1, UINT64_MAX), "the byte at 2^64 - 1 is past the end");
   CHECK(gl_range_fits(UINT64_MAX - 1, 1, UINT64_MAX), "the last byte of a 2^64 - 1 buffer");
   CHECK(!gl_range_fits(TWO32, 4, 48), "offset 2^32 (4 mod 2^32)");
   CHECK(!gl_range_fits(0, TWO32 + 4, 48), "2^32 + 4 bytes");
}

/* span then fits, as the draws check an array against its buffer */
static bool array_fits(uint64_t offset, uint64_t count, uint64_t stride, uint64_t elem,
                       uint64_t size)
{
   uint64_t bytes;
   return gl_range_span(count, stride, elem, &bytes) && gl_range_fits(offset, bytes, size);
}

static void arrays(void)
{
   CHECK(array_fits(8, 3, 16, 8, 48), "3 vertices from 8: 8 + 40 = 48");
   CHECK(!array_fits(9, 3, 16, 8, 48), "3 vertices from 9: one byte over");
   CHECK(!array_fits(0, 3, (TWO32 >> 1) - 1, 8, 48), "2 * (2^31 - 1) + 8 = 2^32 + 6");
   CHECK(array_fits(48, 0, 16, 8, 48), "no vertices at the end");
}

static void clamp(void)
{
   CHECK_EQ(gl_range_clamp(1, 0x7FFFFFFF, 3), 2, "elements 1.. of 3, count 2^31 - 1");
   CHECK_EQ(gl_range_clamp(0, 2, 3), 2, "2 of 3");
   CHECK_EQ(gl_range_clamp(3, 1, 3), 0, "from the end");
   CHECK_EQ(gl_range_clamp(4, 1, 3), 0, "past the end");
   CHECK_EQ(gl_range_clamp(2, UINT64_MAX, 3), 1, "count 2^64 - 1");
}

static void row(void)
{
   uint64_t r = 0, p = 0;
   CHECK(gl_range_row(3, 4, 8, &r, &p) && r == 12 && p == 16, "3 RGBA pixels, alignment 8");
   CHECK(gl_range_row(1, 3, 1, &r, &p) && r == 3 && p == 3, "alignment 1");
   CHECK(gl_range_row(0, 4, 4, &r, &p) && r == 0 && p == 0, "width 0");
   CHECK(gl_range_row((1u << 29) + 1, 4, 4, &r, &p) && r == (TWO32 >> 1) + 4 &&
         p == (TWO32 >> 1) + 4, "rows of 2^31 + 4 bytes");
   CHECK(gl_range_row(UINT64_MAX / 4, 4, 4, &r, &p) && p == UINT64_MAX - 3,
         "the largest row whose padding fits");
   CHECK(!gl_range_row(UINT64_MAX / 4 + 1, 4, 1, &r, &p), "width * bpp overflows");
   CHECK(!gl_range_row(UINT64_MAX / 2, 2, 8, &r, &p), "the padding overflows");
}

int main(void)
{
   span();
   fits();
   arrays();
   clamp();
   row();
   return check_report();
}
