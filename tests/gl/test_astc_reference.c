/* The ASTC decoder (state_tracker/gles/gl_astc.h) against an independent decoder, ARM's
 * astcenc 4.2.0 (Debian's astcenc package), in two ways.
 *
 * 1. Random blocks, bit-exact: for each 2D block size, 4096 blocks of pseudo-random bits
 *    (xorshift64 below; about 3 to 11 % of them are legal, covering every LDR endpoint
 *    mode, 1 to 4 partitions and dual plane; the rest exercise the illegal encodings) are
 *    decoded as sRGB and the FNV-1a hash of the RGBA8 texels (blocks in order, texels row by
 *    row) compared with the hash of `astcenc -ds` output for the same blocks, computed when
 *    this test was written. The sRGB decode keeps the top byte of the interpolated 16-bit
 *    value, as astcenc does, so the results are bit-identical; the linear decode differs
 *    from astcenc's 8-bit output only in that last conversion (astcenc rounds C * 255 /
 *    65535), which test_astc checks against the specification instead.
 * 2. Piglit's KHR_texture_compression_astc data, mip trees of one 160x106 image in every 2D block size,
 * LDR linear (ldrl) and sRGB (ldrs), and the same trees decoded by ARM's astcenc (files
 * under decompressed/2D). Those blocks cover 1 to 4 partitions, several endpoint modes per
 * block, dual plane, void extent and the trit / quint ranges. astcenc rounded its 16-bit
 * results to 8 bits where the unorm8 decode takes the top byte, so texels may differ by 1:
 * every texel must be within 1 of the reference. Skipped without piglit's data
 * (PIGLIT_ASTC_DATA or the Debian piglit package's folder). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gl_astc.h"

static uint8_t *slurp(const char *path, size_t *n)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   *n = (size_t)ftell(f);
   fseek(f, 0, SEEK_SET);
   uint8_t *b = malloc(*n);
   if (b && fread(b, 1, *n, f) != *n) {
      free(b);
      b = NULL;
   }
   fclose(f);
   return b;
}

static uint32_t u32(const uint8_t *p)
{
   return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* KTX 1: 64-byte header (glFormat at 24, width 36, height 40, levels 56, key/value bytes
 * 60), then per level a 32-bit size and the data padded to 4 bytes. */
static void compare(const char *dir, const char *mode, unsigned bw, unsigned bh)
{
   char p1[1024], p2[1024];
   snprintf(p1, sizeof(p1), "%s/compressed/2D/%s/waffles-%ux%u.ktx", dir, mode, bw, bh);
   snprintf(p2, sizeof(p2), "%s/decompressed/2D/%s/waffles-%ux%u.ktx", dir, mode, bw, bh);
   size_t n1 = 0, n2 = 0;
   uint8_t *a = slurp(p1, &n1), *b = slurp(p2, &n2);
   if (!check(a && b && n1 > 64 && n2 > 64, "%s %ux%u files", mode, bw, bh))
      goto out;
   unsigned w = u32(a + 36), h = u32(a + 40), levels = u32(a + 56);
   unsigned comps = u32(b + 24) == 0x1908 ? 4 : 3;   /* GL_RGBA or GL_RGB */
   size_t o1 = 64 + u32(a + 60), o2 = 64 + u32(b + 60);
   unsigned off = 0, texels = 0;
   for (unsigned l = 0; l < levels; l++) {
      unsigned lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1, row = (lw * comps + 3) & ~3u;
      uint32_t s1 = u32(a + o1), s2 = u32(b + o2);
      o1 += 4, o2 += 4;
      if (!check(o1 + s1 <= n1 && o2 + s2 <= n2 && s2 >= row * lh, "%s %ux%u level %u sizes",
                 mode, bw, bh, l))
         break;
      uint8_t *out = malloc((size_t)lw * lh * 4);
      gl_astc_decode(a + o1, bw, bh, strcmp(mode, "ldrs") == 0, lw, lh, out, lw * 4);
      for (unsigned y = 0; y < lh; y++)
         for (unsigned x = 0; x < lw; x++)
            for (unsigned c = 0; c < comps; c++) {
               int d = out[(y * lw + x) * 4 + c] - b[o2 + y * row + x * comps + c];
               off += d < -1 || d > 1;
               texels++;
            }
      free(out);
      o1 += (s1 + 3) & ~3u;
      o2 += (s2 + 3) & ~3u;
   }
   check(off == 0 && texels > 0, "%s %ux%u: %u of %u channels more than 1 from astcenc", mode,
         bw, bh, off, texels);
out:
   free(a);
   free(b);
}

static const struct { unsigned bw, bh; uint64_t fnv; } astcenc_srgb[14] = {
   { 4, 4, 0xffbfe4d02e4745f8ull },   { 5, 4, 0x484eb2322ab85a01ull },
   { 5, 5, 0x18147a78c70bba67ull },   { 6, 5, 0x204ec41898547231ull },
   { 6, 6, 0xf4b0ee40e6edc5feull },   { 8, 5, 0xbf31d182ffa3b240ull },
   { 8, 6, 0xc3d498179e8caeb2ull },   { 8, 8, 0xbb812826ff38a6e8ull },
   { 10, 5, 0x9cc25b53d972a2abull },  { 10, 6, 0x0fbef9848913d88eull },
   { 10, 8, 0x30515ad55f61cc09ull },  { 10, 10, 0x28894c42e96423e7ull },
   { 12, 10, 0x79106776f3b72b7bull }, { 12, 12, 0x6b5c2af3d4862275ull },
};

static uint64_t xorshift(uint64_t s)
{
   s ^= s << 13;
   s ^= s >> 7;
   s ^= s << 17;
   return s;
}

static void random_blocks(void)
{
   for (unsigned k = 0; k < 14; k++) {
      unsigned bw = astcenc_srgb[k].bw, bh = astcenc_srgb[k].bh;
      uint64_t s = 0x9E3779B97F4A7C15ull ^ (bw * 16 + bh), fnv = 0xcbf29ce484222325ull;
      for (unsigned b = 0; b < 4096; b++) {
         uint8_t block[16], texels[12 * 12 * 4];
         for (unsigned half = 0; half < 2; half++) {
            s = xorshift(s);
            for (unsigned i = 0; i < 8; i++)
               block[half * 8 + i] = (uint8_t)(s >> (8 * i));
         }
         gl_astc_decode_block(block, bw, bh, true, texels);
         for (unsigned i = 0; i < bw * bh * 4; i++)
            fnv = (fnv ^ texels[i]) * 0x100000001b3ull;
      }
      check(fnv == astcenc_srgb[k].fnv, "%ux%u random blocks (sRGB): hash 0x%016llx, astcenc's "
            "0x%016llx", bw, bh, (unsigned long long)fnv, (unsigned long long)astcenc_srgb[k].fnv);
   }
}

int main(void)
{
   random_blocks();
   const char *dir = getenv("PIGLIT_ASTC_DATA");
   if (!dir)
      dir = "/usr/lib/x86_64-linux-gnu/piglit/tests/spec/khr_texture_compression_astc";
   char probe[1024];
   snprintf(probe, sizeof(probe), "%s/compressed/2D/ldrl/waffles-4x4.ktx", dir);
   FILE *f = fopen(probe, "rb");
   if (!f) {
      printf("no piglit ASTC data at %s: its comparison skipped\n", dir);
      return check_report();
   }
   fclose(f);
   static const unsigned sizes[14][2] = { { 4, 4 }, { 5, 4 }, { 5, 5 }, { 6, 5 }, { 6, 6 },
                                          { 8, 5 }, { 8, 6 }, { 8, 8 }, { 10, 5 }, { 10, 6 },
                                          { 10, 8 }, { 10, 10 }, { 12, 10 }, { 12, 12 } };
   for (unsigned m = 0; m < 2; m++)
      for (unsigned s = 0; s < 14; s++)
         compare(dir, m ? "ldrs" : "ldrl", sizes[s][0], sizes[s][1]);
   return check_report();
}
