/* The ASTC decoder (state_tracker/gles/gl_astc.h) against an independent decoder: piglit's
 * KHR_texture_compression_astc data, mip trees of one 160x106 image in every 2D block size,
 * LDR linear (ldrl) and sRGB (ldrs), and the same trees decoded by ARM's astcenc (files
 * under decompressed/2D). Those blocks cover 1 to 4 partitions, several endpoint modes per
 * block, dual plane, void extent and the trit / quint ranges. astcenc rounded its 16-bit
 * results to 8 bits where the unorm8 decode takes the top byte, so texels may differ by 1:
 * every texel must be within 1 of the reference. Skipped (77) without piglit's data
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

int main(void)
{
   const char *dir = getenv("PIGLIT_ASTC_DATA");
   if (!dir)
      dir = "/usr/lib/x86_64-linux-gnu/piglit/tests/spec/khr_texture_compression_astc";
   char probe[1024];
   snprintf(probe, sizeof(probe), "%s/compressed/2D/ldrl/waffles-4x4.ktx", dir);
   FILE *f = fopen(probe, "rb");
   if (!f) {
      printf("SKIP: no piglit ASTC data at %s\n", dir);
      return 77;
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
