/* ASTC bit reading, integer sequence encoding and unquantization (gl_astc_internal.h).
 *
 * A sequence of values of range (trits, quints, bits) stores each value's low `bits` bits
 * as they are and packs the high trits five to 8 bits (T) or the quints three to 7 bits (Q),
 * interleaved with the values' bits ("Integer Sequence Encoding"):
 *   trits: m0 T0 T1 m1 T2 T3 m2 T4 m3 T5 T6 m4 T7
 *   quints: m0 Q0 Q1 Q2 m1 Q3 Q4 m2 Q5 Q6
 * (first bits lowest). A last, partial group reads its missing bits as 0, whatever the
 * block holds there. */
#include "gl_astc_internal.h"

uint32_t astc_bits(const uint8_t block[16], unsigned pos, unsigned n)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < n; i++, pos++)
      if (pos < 128)
         v |= (uint32_t)((block[pos / 8] >> (pos % 8)) & 1) << i;
   return v;
}

unsigned astc_ise_size(struct astc_range r, unsigned count)
{
   return count * r.bits + (r.trits ? (8 * count + 4) / 5 : 0) +
          (r.quints ? (7 * count + 2) / 3 : 0);
}

/* Bit i of v, and bits hi..lo of v. */
static unsigned bit(unsigned v, unsigned i)
{
   return (v >> i) & 1;
}

static unsigned bits(unsigned v, unsigned hi, unsigned lo)
{
   return (v >> lo) & ((1u << (hi - lo + 1)) - 1);
}

/* The five trits packed in T ("Integer Sequence Encoding", trit decoding). */
static void trits_of(unsigned T, unsigned t[5])
{
   unsigned C;
   if (bits(T, 4, 2) == 7) {
      C = bits(T, 7, 5) << 2 | bits(T, 1, 0);
      t[4] = 2;
      t[3] = 2;
   } else {
      C = bits(T, 4, 0);
      if (bits(T, 6, 5) == 3) {
         t[4] = 2;
         t[3] = bit(T, 7);
      } else {
         t[4] = bit(T, 7);
         t[3] = bits(T, 6, 5);
      }
   }
   if (bits(C, 1, 0) == 3) {
      t[2] = 2;
      t[1] = bit(C, 4);
      t[0] = bit(C, 3) << 1 | (bit(C, 2) & !bit(C, 3));
   } else if (bits(C, 3, 2) == 3) {
      t[2] = 2;
      t[1] = 2;
      t[0] = bits(C, 1, 0);
   } else {
      t[2] = bit(C, 4);
      t[1] = bits(C, 3, 2);
      t[0] = bit(C, 1) << 1 | (bit(C, 0) & !bit(C, 1));
   }
}

/* The three quints packed in Q ("Integer Sequence Encoding", quint decoding). */
static void quints_of(unsigned Q, unsigned q[3])
{
   if (bits(Q, 2, 1) == 3 && bits(Q, 6, 5) == 0) {
      q[2] = bit(Q, 0) << 2 | (bit(Q, 4) & !bit(Q, 0)) << 1 | (bit(Q, 3) & !bit(Q, 0));
      q[1] = 4;
      q[0] = 4;
      return;
   }
   unsigned C;
   if (bits(Q, 2, 1) == 3) {
      q[2] = 4;
      C = bits(Q, 4, 3) << 3 | (~bits(Q, 6, 5) & 3) << 1 | bit(Q, 0);
   } else {
      q[2] = bits(Q, 6, 5);
      C = bits(Q, 4, 0);
   }
   if (bits(C, 2, 0) == 5) {
      q[1] = 4;
      q[0] = bits(C, 4, 3);
   } else {
      q[1] = bits(C, 4, 3);
      q[0] = bits(C, 2, 0);
   }
}

/* astc_bits, reading the bits at `end` and above as 0 (a sequence's last, partial group). */
static unsigned bits_before(const uint8_t src[16], unsigned pos, unsigned n, unsigned end)
{
   if (pos >= end)
      return 0;
   return astc_bits(src, pos, n) & ((1u << (end - pos < n ? end - pos : n)) - 1);
}

void astc_ise_decode(const uint8_t src[16], unsigned pos, struct astc_range r, unsigned count,
                     uint8_t *out)
{
   static const uint8_t trit_split[5] = { 2, 2, 1, 2, 1 };  /* T bits after each value */
   static const uint8_t quint_split[3] = { 3, 2, 2 };       /* Q bits after each value */
   unsigned group = r.trits ? 5 : r.quints ? 3 : 1, end = pos + astc_ise_size(r, count);
   for (unsigned first = 0; first < count; first += group) {
      unsigned m[5], packed = 0, got = 0;
      for (unsigned i = 0; i < group; i++) {
         m[i] = bits_before(src, pos, r.bits, end);
         pos += r.bits;
         unsigned n = r.trits ? trit_split[i] : r.quints ? quint_split[i] : 0;
         packed |= bits_before(src, pos, n, end) << got;
         got += n;
         pos += n;
      }
      unsigned high[5] = { 0 };
      if (r.trits)
         trits_of(packed, high);
      else if (r.quints)
         quints_of(packed, high);
      for (unsigned i = 0; i < group && first + i < count; i++)
         out[first + i] = (uint8_t)(high[i] << r.bits | m[i]);
   }
}

struct astc_range astc_range_of(unsigned index)
{
   /* 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256
    * levels, as { trits, quints, bits }. */
   static const struct astc_range ranges[ASTC_RANGE_COUNT] = {
      { 0, 0, 1 }, { 1, 0, 0 }, { 0, 0, 2 }, { 0, 1, 0 }, { 1, 0, 1 }, { 0, 0, 3 },
      { 0, 1, 1 }, { 1, 0, 2 }, { 0, 0, 4 }, { 0, 1, 2 }, { 1, 0, 3 }, { 0, 0, 5 },
      { 0, 1, 3 }, { 1, 0, 4 }, { 0, 0, 6 }, { 0, 1, 4 }, { 1, 0, 5 }, { 0, 0, 7 },
      { 0, 1, 5 }, { 1, 0, 6 }, { 0, 0, 8 },
   };
   return ranges[index];
}

/* v's low `n` bits repeated to fill `width` bits (the top bits first). */
static unsigned replicate(unsigned v, unsigned n, unsigned width)
{
   unsigned out = 0;
   for (int shift = (int)width - (int)n; shift > -(int)n; shift -= (int)n)
      out |= shift >= 0 ? v << shift : v >> -shift;
   return out & ((1u << width) - 1);
}

/* The unquantization of a trit / quint value with bits: the B term of bit-layout rows
 * (a 9-bit colour or 7-bit weight pattern of the value's bits b..f, bit 1 upwards) and C.
 * Patterns list bit indices from the top, 0 for a zero. */
static unsigned pattern(const char *p, unsigned v)
{
   unsigned out = 0;
   for (; *p; p++)
      out = out << 1 | (*p == '0' ? 0 : bit(v, (unsigned)(*p - 'a')));
   return out;
}

uint8_t astc_unquantize_colour(struct astc_range r, unsigned v)
{
   if (!r.trits && !r.quints)
      return (uint8_t)replicate(v, r.bits, 8);
   /* "Color Endpoint Unquantization": rows by bits - 1, trits then quints. */
   static const char *const trit_b[6] = { "000000000", "b000b0bb0", "cb000cbcb", "dcb000dcb",
                                          "edcb000ed", "fedcb000f" };
   static const unsigned trit_c[6] = { 204, 93, 44, 22, 11, 5 };
   static const char *const quint_b[5] = { "000000000", "b0000bb00", "cb0000cbc", "dcb0000dc",
                                           "edcb0000e" };
   static const unsigned quint_c[5] = { 113, 54, 26, 13, 6 };
   unsigned d = v >> r.bits, m = v & ((1u << r.bits) - 1);
   unsigned A = bit(m, 0) ? 0x1FF : 0;
   unsigned B = pattern(r.trits ? trit_b[r.bits - 1] : quint_b[r.bits - 1], m);
   unsigned C = r.trits ? trit_c[r.bits - 1] : quint_c[r.bits - 1];
   unsigned T = (d * C + B) ^ A;
   return (uint8_t)((A & 0x80) | (T >> 2));
}

uint8_t astc_unquantize_weight(struct astc_range r, unsigned v)
{
   unsigned w;   /* 0..63, then stretched to 0..64 */
   if (!r.trits && !r.quints) {
      w = replicate(v, r.bits, 6);
   } else if (r.bits == 0) {
      return (uint8_t)(r.trits ? v * 32 : v * 16);   /* already 0..64 */
   } else {
      /* "Weight Unquantization": rows by bits - 1 (a trit has up to 3 bits, a quint 2). */
      static const char *const trit_b[3] = { "0000000", "b000b0b", "cb000cb" };
      static const unsigned trit_c[3] = { 50, 23, 11 };
      static const char *const quint_b[2] = { "0000000", "b0000b0" };
      static const unsigned quint_c[2] = { 28, 13 };
      unsigned d = v >> r.bits, m = v & ((1u << r.bits) - 1);
      unsigned A = bit(m, 0) ? 0x7F : 0;
      unsigned B = pattern(r.trits ? trit_b[r.bits - 1] : quint_b[r.bits - 1], m);
      unsigned C = r.trits ? trit_c[r.bits - 1] : quint_c[r.bits - 1];
      unsigned T = (d * C + B) ^ A;
      w = (A & 0x20) | (T >> 2);
   }
   return (uint8_t)(w > 32 ? w + 1 : w);
}
