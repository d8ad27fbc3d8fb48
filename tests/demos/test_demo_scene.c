/* The "scene" demo in an SDL window under Xvfb, on both chips (and both shader engines):
 * its 640x480 screenshot after 3 frames shows
 *  - the clear colour (0, 0, 0.2) -> 0x000033 outside the backdrop (bottom-right corner);
 *  - the backdrop's unlit colour (0.2, 0.8, 0.4) -> 0x33CC66 just inside its corner
 *    (NDC (-0.85, -0.85), window pixel (48, 444));
 *  - at the centre neither: the cube, drawn before the backdrop and in front of it, survives
 *    only through the depth test;
 *  - around the centre the checkerboard texture: two colours whose green differs by more
 *    than 60 (lighting scales both; the light and dark squares differ by 95 in green).
 *
 *   test_demo_scene WITH_XVFB R600SIM_DEMO */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "demo_shot.h"

static void check_scene(const char *with_xvfb, const char *demo, const char *chip,
                        const char *engine)
{
   setenv("R600SIM_ENGINE", engine, 1);
   const char *args[] = {"--chip", chip, "scene", NULL};
   struct shot s;
   if (!shot_run(with_xvfb, demo, args, &s, NULL))
      return;
   if (check(s.width == 640 && s.height == 480, "%s: screenshot is %ux%u, not 640x480", chip,
             s.width, s.height)) {
      CHECK(shot_rgb(&s, 637, 477) == 0x000033, "%s/%s: clear colour 0x%06x at (637, 477)",
            chip, engine, shot_rgb(&s, 637, 477));
      CHECK(shot_rgb(&s, 48, 444) == 0x33CC66, "%s/%s: backdrop colour 0x%06x at (48, 444)",
            chip, engine, shot_rgb(&s, 48, 444));
      uint32_t c = shot_rgb(&s, 320, 240);
      CHECK(c != 0x000033 && c != 0x33CC66,
            "%s/%s: centre 0x%06x is the clear or backdrop colour (no cube in front)", chip,
            engine, c);
      int gmin = 255, gmax = 0;
      for (unsigned y = 220; y <= 260; y++) {
         for (unsigned x = 300; x <= 340; x++) {
            int g = (shot_rgb(&s, x, y) >> 8) & 0xFF;
            gmin = g < gmin ? g : gmin;
            gmax = g > gmax ? g : gmax;
         }
      }
      CHECK(gmax - gmin > 60, "%s/%s: no texture around the centre (green %d..%d)", chip,
            engine, gmin, gmax);
   }
   shot_free(&s);
}

int main(int argc, char **argv)
{
   if (argc != 3) {
      fprintf(stderr, "usage: %s WITH_XVFB R600SIM_DEMO\n", argv[0]);
      return 2;
   }
   shot_require_xvfb();
   check_scene(argv[1], argv[2], "rv770", "jit");
   check_scene(argv[1], argv[2], "r600", "interp");
   return check_report();
}
