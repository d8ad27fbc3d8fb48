/* The "msaa" demo under Xvfb: every magnified pixel of its screenshot, computed here from
 * the R600 sample pattern and triangle edge rule and the demo's triangles.
 *
 * Reference (independent of the driver's table and of the simulator):
 *  - the R600/R700 4x pattern, docs/r600-hardware-notes.md §3.2: offsets (-2,-2) (2,2)
 *    (-6,6) (6,-6) in 1/16 px from the pixel centre, y down; single-sampled: the centre;
 *  - the edge rule the driver programs for GL on R7xx (PA_SC_EDGERULE.ER_TRI = 0xA: a sample
 *    exactly on a left or top edge is inside, on a right or bottom edge outside), which the
 *    original R600's fixed rule is taken to be (hardware notes §7), evaluated exactly by
 *    tests/common/raster_ref.h;
 *  - the demo's triangles (demos/demo_msaa.c, in pixels, y down): red (2,0) (10,8) (2,8),
 *    green (2,0) (10,0) (10,8), blue (180,24)/16 (248,34)/16 (192,110)/16, each of colour 248
 *    on black, so a pixel with k of n samples in a triangle resolves to 248 k / n exactly.
 *    The red/green diagonal runs through samples 0 and 1 of the pixels it crosses: they
 *    belong to green, for which it is a left edge.
 * Layout of the 560x400 window: pixel (x, y) of the 16x8 target is the 34x34 block at
 * (8 + 34 x, 40 + 34 y) (grid lines on its first row and column); sample k of that pixel is
 * a white dot centred at (block + 17 + dx * 34 / 16, block + 17 + dy * 34 / 16) (C division).
 * The block's colour is checked as the most frequent colour of its interior (the dots and
 * outlines cover a small part of it).
 * Also: the caption the demo prints names the pattern it read from the registers and the
 * edge rule (ER_TRI = 0xA on R7xx; the original R600 has no PA_SC_EDGERULE). 2x and 8x
 * (patterns from the same table of the notes) are checked the same way when EGL has
 * pbuffer configs of those counts; without them the demo must refuse the count with a
 * message naming the counts EGL has.
 *
 *   test_demo_msaa WITH_XVFB R600SIM_DEMO */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "demo_shot.h"
#include "raster_ref.h"

#define TW 16
#define TH 8
#define SCALE 34
#define LEFT 8
#define TOP 40
#define RULE_TL (REF_LEFT | REF_TOP)

static const int tri16[3][3][2] = {   /* 1/16 px */
   {{32, 0}, {160, 128}, {32, 128}},
   {{32, 0}, {160, 0}, {160, 128}},
   {{180, 24}, {248, 34}, {192, 110}},
};

struct pattern {
   unsigned n;
   int d[8][2];
};
static const struct pattern single = {1, {{0, 0}}};
static const struct pattern two = {2, {{-4, 4}, {4, -4}}};
static const struct pattern four = {4, {{-2, -2}, {2, 2}, {-6, 6}, {6, -6}}};
static const struct pattern eight = {8, {{-1, 1}, {1, 5}, {3, -5}, {5, 3}, {-7, -1}, {-3, -7},
                                         {7, -3}, {-5, 7}}};

static uint32_t expected(const struct pattern *p, int px, int py)
{
   unsigned k[3] = {0, 0, 0};
   for (unsigned t = 0; t < 3; t++) {
      int64_t tri[3][2];
      for (unsigned v = 0; v < 3; v++) {
         tri[v][0] = 16 * tri16[t][v][0];
         tri[v][1] = 16 * tri16[t][v][1];
      }
      for (unsigned s = 0; s < p->n; s++) {
         int64_t pt[2] = {256 * px + 128 + 16 * p->d[s][0], 256 * py + 128 + 16 * p->d[s][1]};
         k[t] += ref_covered_point(tri, pt, RULE_TL);
      }
   }
   return (248 * k[0] / p->n) << 16 | (248 * k[1] / p->n) << 8 | (248 * k[2] / p->n);
}

/* The most frequent colour of block (px, py) without its grid row and column. */
static uint32_t block_colour(const struct shot *s, int px, int py)
{
   static uint32_t seen[SCALE * SCALE];
   static unsigned count[SCALE * SCALE];
   unsigned n = 0, best = 0;
   uint32_t mode = 0;
   for (int y = 1; y < SCALE; y++) {
      for (int x = 1; x < SCALE; x++) {
         uint32_t c = shot_rgb(s, (unsigned)(LEFT + px * SCALE + x), (unsigned)(TOP + py * SCALE + y));
         unsigned i = 0;
         while (i < n && seen[i] != c)
            i++;
         if (i == n) {
            seen[n] = c;
            count[n++] = 0;
         }
         if (++count[i] > best) {
            best = count[i];
            mode = c;
         }
      }
   }
   return mode;
}

static void check_msaa(const char *with_xvfb, const char *demo, const char *chip,
                       const char *samples, const struct pattern *p, const char *caption,
                       const char *rule)
{
   const char *args[] = {"--chip", chip, "--samples", samples, "msaa", NULL};
   struct shot s;
   char *text = NULL;
   bool ran = shot_run(with_xvfb, demo, args, &s, &text);
   CHECK(text && strstr(text, caption), "%s %sx: the caption lacks \"%s\":\n%s", chip, samples,
         caption, text ? text : "");
   CHECK(text && strstr(text, rule), "%s %sx: the caption lacks \"%s\"", chip, samples, rule);
   free(text);
   if (!ran)
      return;
   if (check(s.width == 560 && s.height == 400, "%s: screenshot is %ux%u, not 560x400", chip,
             s.width, s.height)) {
      unsigned wrong = 0, covered = 0, mixed = 0;
      for (int py = 0; py < TH; py++) {
         for (int px = 0; px < TW; px++) {
            uint32_t want = expected(p, px, py), got = block_colour(&s, px, py);
            covered += want != 0;
            mixed += (want >> 16) && ((want >> 8) & 0xFF);
            if (got != want && wrong++ < 8)
               check(false, "%s %sx: pixel (%d, %d) shows 0x%06x, expected 0x%06x", chip,
                     samples, px, py, got, want);
         }
      }
      CHECK(wrong == 0, "%s %sx: %u of %u magnified pixels wrong", chip, samples, wrong, TW * TH);
      /* The reference itself: the scene has covered pixels, and with 4 samples the diagonal
       * pixels mix red and green. */
      CHECK(covered > 40 && (p->n == 1 || mixed >= 8), "reference: %u covered, %u mixed",
            covered, mixed);
      for (unsigned k = 0; k < p->n; k++) {
         unsigned x = LEFT + 5 * SCALE + SCALE / 2 + p->d[k][0] * SCALE / 16;
         unsigned y = TOP + 3 * SCALE + SCALE / 2 + p->d[k][1] * SCALE / 16;
         CHECK(shot_rgb(&s, x, y) == 0xFFFFFF, "%s %sx: no dot for sample %u at (%u, %u)", chip,
               samples, k, x, y);
      }
   }
   shot_free(&s);
}

/* "FROM <reg>:\n(dx,dy) ..." as the caption prints the pattern. */
static void caption_of(const struct pattern *p, const char *reg, char *out, size_t size)
{
   size_t n = (size_t)snprintf(out, size, "FROM %s:\n", reg);
   for (unsigned k = 0; k < p->n && n < size; k++)
      n += (size_t)snprintf(out + n, size - n, "%s(%d,%d)", k ? " " : "", p->d[k][0], p->d[k][1]);
   if (n + 1 < size)
      strcat(out, "\n");
}

/* 2x and 8x: the pixels as for 4x when EGL has a pbuffer config of that many samples; else
 * the demo must refuse with a message naming the counts it has, which lack it. */
static void check_other(const char *with_xvfb, const char *demo, const struct pattern *p,
                        const char *r600_reg)
{
   char cmd[2048], out[4096] = "", n[4], want[64];
   snprintf(n, sizeof(n), "%u", p->n);
   snprintf(cmd, sizeof(cmd), "'%s' '%s' --samples %s --frames 1 msaa 2>&1 >/dev/null", with_xvfb,
            demo, n);
   FILE *f = popen(cmd, "r");
   size_t len = f ? fread(out, 1, sizeof(out) - 1, f) : 0;
   out[len] = 0;
   int status = f ? pclose(f) : -1;
   snprintf(want, sizeof(want), "no pbuffer config with %s samples (r600sim's EGL offers ", n);
   const char *refusal = strstr(out, want);
   if (status != 0 && refusal) {
      const char *list = refusal + strlen(want);
      CHECK(strncmp(list, n, strlen(n)) && !strstr(list, n[0] == '2' ? " 2)" : " 8)") &&
               !strstr(list, n[0] == '2' ? " 2," : " 8,"),
            "%sx refused although EGL offers it: %s", n, refusal);
      printf("%sx: EGL has no pbuffer config with %s samples; the refusal is checked\n", n, n);
      return;
   }
   char cap[256];
   caption_of(p, "PA_SC_AA_SAMPLE_LOCS_MCTX", cap, sizeof(cap));
   check_msaa(with_xvfb, demo, "rv770", n, p, cap, "\nPA_SC_EDGERULE.ER_TRI = 0xA: ");
   caption_of(p, r600_reg, cap, sizeof(cap));
   check_msaa(with_xvfb, demo, "r600", n, p, cap, "\nTHE FIXED EDGE RULE (NO PA_SC_EDGERULE): ");
}

int main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: %s WITH_XVFB R600SIM_DEMO\n", argv[0]);
      return 2;
   }
   shot_require_xvfb();
   char cap[256];
   setenv("R600SIM_ENGINE", "interp", 1);
   caption_of(&four, "PA_SC_AA_SAMPLE_LOCS_MCTX", cap, sizeof(cap));
   check_msaa(argv[1], argv[2], "rv770", "4", &four, cap, "\nPA_SC_EDGERULE.ER_TRI = 0xA: ");
   setenv("R600SIM_ENGINE", "jit", 1);
   caption_of(&four, "PA_SC_AA_SAMPLE_LOCS_4S", cap, sizeof(cap));
   check_msaa(argv[1], argv[2], "r600", "4", &four, cap, "\nTHE FIXED EDGE RULE (NO PA_SC_EDGERULE): ");
   check_msaa(argv[1], argv[2], "rv770", "0", &single, "MSAA 1X ON rv770",
              "\nPA_SC_EDGERULE.ER_TRI = 0xA: ");
   check_other(argv[1], argv[2], &two, "PA_SC_AA_SAMPLE_LOCS_2S");
   check_other(argv[1], argv[2], &eight, "PA_SC_AA_SAMPLE_LOCS_8S_WD0");
   return check_report();
}
