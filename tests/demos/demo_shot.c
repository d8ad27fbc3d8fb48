/* Running a demo under Xvfb and reading its screenshot (demo_shot.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <png.h>

#include "check.h"
#include "demo_shot.h"

void shot_require_xvfb(void)
{
   if (system("command -v Xvfb >/dev/null 2>&1") != 0) {
      printf("SKIP: Xvfb is not installed (the Debian package xvfb; scripts/bootstrap installs "
             "it): the demo windows cannot be tested\n");
      exit(77);
   }
}

bool shot_read(const char *path, struct shot *s)
{
   png_image img;
   memset(&img, 0, sizeof(img));
   img.version = PNG_IMAGE_VERSION;
   if (!png_image_begin_read_from_file(&img, path))
      return false;
   img.format = PNG_FORMAT_RGBA;
   s->width = img.width;
   s->height = img.height;
   s->rgba = malloc(PNG_IMAGE_SIZE(img));
   if (!s->rgba || !png_image_finish_read(&img, NULL, s->rgba, 0, NULL)) {
      free(s->rgba);
      s->rgba = NULL;
      return false;
   }
   return true;
}

bool shot_run(const char *with_xvfb, const char *launcher, const char *const *args,
              struct shot *s, char **out_text)
{
   char dir[] = "/tmp/r600sim-demo-test.XXXXXX";
   if (!mkdtemp(dir))
      return check(false, "mkdtemp");
   char png[sizeof(dir) + 16], txt[sizeof(dir) + 16], cmd[4096];
   snprintf(png, sizeof(png), "%s/shot.png", dir);
   snprintf(txt, sizeof(txt), "%s/out.txt", dir);
   int n = snprintf(cmd, sizeof(cmd), "'%s' '%s' --frames 3 --screenshot '%s'", with_xvfb,
                    launcher, png);
   for (unsigned i = 0; args[i]; i++)
      n += snprintf(cmd + n, sizeof(cmd) - (size_t)n, " '%s'", args[i]);
   snprintf(cmd + n, sizeof(cmd) - (size_t)n, " > '%s'", txt);
   /* as a user runs it: the tests' headless EGL_PLATFORM (meson.build) must not hide what
    * SDL's X11 driver does to the demo's EGL context */
   unsetenv("EGL_PLATFORM");
   int rc = system(cmd);
   bool ok = check(rc == 0, "%s exited with status %d", cmd, rc) &&
             check(shot_read(png, s), "%s: no readable screenshot %s", cmd, png);
   if (out_text) {
      *out_text = NULL;
      FILE *f = fopen(txt, "rb");
      if (f) {
         size_t cap = 1 << 20, len = fread(*out_text = calloc(1, cap + 1), 1, cap, f);
         (*out_text)[len] = 0;
         fclose(f);
      }
   }
   unlink(png);
   unlink(txt);
   rmdir(dir);
   return ok;
}

void shot_free(struct shot *s)
{
   free(s->rgba);
   s->rgba = NULL;
}

uint32_t shot_rgb(const struct shot *s, unsigned x, unsigned y)
{
   const uint8_t *p = s->rgba + ((size_t)y * s->width + x) * 4;
   return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}
