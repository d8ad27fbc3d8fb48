/* The "gpu" demo (the scene beside what the GPU did for the last frame) in an SDL window
 * under Xvfb, on both chips. After 3 frames:
 *  - the report (printed on stdout at exit, the text the window shows) names frame 3 and the
 *    chip, lists the scene's two glDrawArrays(GL_TRIANGLES) draws (36 and 6 vertices:
 *    scene_gl.c) as DRAW_INDEX_AUTO packets of DI_PT_TRILIST, no faults, and lists the
 *    cube's pixel shader (the default listing: the draw with the most indices) for that chip:
 *    it samples the texture (a TEX clause) and exports a pixel;
 *  - the 1200x720 screenshot shows the picture at (8, 8), 480x360: the scene's clear colour
 *    0x000033 at its bottom-right corner and the backdrop 0x33CC66 at NDC (-0.85, -0.85);
 *    the panel's background 0x101418 at the window's bottom-right corner; the heading in
 *    0xFFD040 below the picture.
 * With R600SIM_GPU_TIMEOUT=1 (ms) and the interpreter on one thread every frame overruns
 * the watchdog: the report counts faults and shows the hang.
 *
 *   test_demo_gpu WITH_XVFB R600SIM_DEMO */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "demo_shot.h"

static bool has(const char *text, const char *what)
{
   return text && strstr(text, what);
}

static void check_report_text(const char *text, const char *chip)
{
   char want[64];
   snprintf(want, sizeof(want), "FRAME 3 ON %s:", chip);
   CHECK(has(text, want), "%s: report lacks \"%s\"", chip, want);
   CHECK(has(text, "DRAWS: "), "%s: report lacks the draws", chip);
   CHECK(has(text, "  DRAW_INDEX_AUTO 36 DI_PT_TRILIST "), "%s: no 36-vertex cube draw", chip);
   CHECK(has(text, "  DRAW_INDEX_AUTO 6 DI_PT_TRILIST "), "%s: no 6-vertex backdrop draw", chip);
   CHECK(has(text, "\nFAULTS: 0\n"), "%s: faults reported", chip);
   CHECK(has(text, "REGISTERS WRITTEN: "), "%s: no register summary", chip);
   snprintf(want, sizeof(want), "\n.chip %s\n", chip);
   CHECK(has(text, want), "%s: the listing is not for the chip", chip);
   CHECK(has(text, ": PIXEL SHADER AT 0x"), "%s: the listing is not a pixel shader", chip);
   CHECK(has(text, "  TEX @"), "%s: the cube's pixel shader has no TEX clause", chip);
   CHECK(has(text, "EXPORT_DONE PIXEL 0 "), "%s: the pixel shader exports no pixel", chip);
}

static void check_gpu(const char *with_xvfb, const char *demo, const char *chip,
                      const char *engine)
{
   setenv("R600SIM_ENGINE", engine, 1);
   const char *args[] = {"--chip", chip, "gpu", NULL};
   struct shot s;
   char *text = NULL;
   bool ran = shot_run(with_xvfb, demo, args, &s, &text);
   check_report_text(text, chip);
   free(text);
   if (!ran)
      return;
   if (check(s.width == 1200 && s.height == 720, "%s: screenshot is %ux%u, not 1200x720", chip,
             s.width, s.height)) {
      CHECK(shot_rgb(&s, 8 + 477, 8 + 357) == 0x000033, "%s: picture's clear colour 0x%06x",
            chip, shot_rgb(&s, 8 + 477, 8 + 357));
      CHECK(shot_rgb(&s, 8 + 36, 8 + 333) == 0x33CC66, "%s: picture's backdrop 0x%06x", chip,
            shot_rgb(&s, 8 + 36, 8 + 333));
      CHECK(shot_rgb(&s, 1195, 715) == 0x101418, "%s: panel background 0x%06x", chip,
            shot_rgb(&s, 1195, 715));
      unsigned heading = 0;
      for (unsigned y = 376; y < 384; y++) {
         for (unsigned x = 8; x < 300; x++)
            heading += shot_rgb(&s, x, y) == 0xFFD040;
      }
      CHECK(heading > 50, "%s: no heading text below the picture (%u pixels)", chip, heading);
   }
   shot_free(&s);
}

static void check_faults(const char *with_xvfb, const char *demo)
{
   setenv("R600SIM_ENGINE", "interp", 1);
   setenv("R600SIM_GPU_TIMEOUT", "1", 1);
   setenv("R600SIM_NUM_THREADS", "1", 1);
   const char *args[] = {"gpu", NULL};
   struct shot s;
   char *text = NULL;
   if (shot_run(with_xvfb, demo, args, &s, &text)) {
      const char *f = text ? strstr(text, "\nFAULTS: ") : NULL;
      CHECK(f && atoi(f + 9) > 0, "watchdog at 1 ms: no faults in the report");
      CHECK(has(text, "GPU hang"), "watchdog at 1 ms: the hang is not shown");
      shot_free(&s);
   }
   free(text);
   unsetenv("R600SIM_GPU_TIMEOUT");
   unsetenv("R600SIM_NUM_THREADS");
}

int main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: %s WITH_XVFB R600SIM_DEMO\n", argv[0]);
      return 2;
   }
   shot_require_xvfb();
   check_gpu(argv[1], argv[2], "rv770", "jit");
   check_gpu(argv[1], argv[2], "r600", "interp");
   check_faults(argv[1], argv[2]);
   return check_report();
}
