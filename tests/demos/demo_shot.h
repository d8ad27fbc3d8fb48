/* What the demo tests share: running bin/r600sim-demo under scripts/with-xvfb and reading
 * its screenshot. */
#ifndef DEMO_SHOT_H
#define DEMO_SHOT_H

#include <stdbool.h>
#include <stdint.h>

struct shot {
   unsigned width, height;
   uint8_t *rgba;     /* rows top first */
};

/* Exits 77 (skip) with a message when Xvfb is not installed. */
void shot_require_xvfb(void);
/* Runs `with_xvfb launcher --frames 3 --screenshot FILE args...` (args NULL-terminated),
 * reads FILE; false after a FAIL line. `out_text` (may be NULL) receives the demo's stdout
 * (malloc'ed). */
bool shot_run(const char *with_xvfb, const char *launcher, const char *const *args,
              struct shot *s, char **out_text);
/* Reads a PNG file; false if it is missing or not a PNG. */
bool shot_read(const char *path, struct shot *s);
void shot_free(struct shot *s);
/* The pixel at (x, y) as 0xRRGGBB. */
uint32_t shot_rgb(const struct shot *s, unsigned x, unsigned y);

#endif
