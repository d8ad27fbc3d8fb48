/* The EGL + GLES2 set-up the end-to-end render tests share: a pbuffer of a given size on
 * the default display with an ES2 context current, program building with the compiler's
 * or linker's log on failure, and RGBA8 read-back in either row order. */
#ifndef TESTS_EGL_FIXTURE_H
#define TESTS_EGL_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "check.h"

struct egl_fixture {
   EGLDisplay dpy;
   EGLSurface surf;
   EGLContext ctx;
};

/* Makes a width x height RGBA8 pbuffer (with at least depth_bits / stencil_bits of depth
 * and stencil, 0 for none) and an ES2 context current. Returns NULL on success, else what
 * failed, with the EGL error. */
const char *egl_fixture_init(struct egl_fixture *f, int width, int height, int depth_bits,
                             int stencil_bits);
void egl_fixture_fini(struct egl_fixture *f);

/* Compiles and links vs + fs, binding attribs[i] (a NULL-terminated list, or NULL) to
 * location i. Prints the info log and returns 0 on failure. */
GLuint egl_fixture_program(const char *vs, const char *fs, const char *const *attribs);

/* Reads the width x height RGBA8 colour buffer into out (4 bytes a pixel, rows packed),
 * out first filled with a pattern no draw leaves. GL order: row 0 is the bottom row;
 * top_row_first: row 0 is the top (screen) row. */
void egl_fixture_read(int width, int height, uint8_t *out, bool top_row_first);

/* A check that the GL error flag is GL_NO_ERROR after what. */
static inline void check_gl(const char *what)
{
   GLenum err = glGetError();
   char msg[160];
   snprintf(msg, sizeof(msg), "%s: glGetError() = 0x%04x, expected GL_NO_ERROR", what,
            (unsigned)err);
   check(err == GL_NO_ERROR, "%s", msg);
}

/* Compares pixel (x, row) of an RGBA8 read-back `width` pixels wide with want; a mismatch
 * counts in *mismatches, and the first five are printed. */
static inline void expect_rgba(const uint8_t *pixels, int width, int x, int row,
                               const uint8_t want[4], const char *what, unsigned *mismatches)
{
   const uint8_t *p = &pixels[(row * width + x) * 4];
   if (!memcmp(p, want, 4))
      return;
   if ((*mismatches)++ < 5)
      printf("%s: pixel (%d, row %d) = (%u, %u, %u, %u), want (%u, %u, %u, %u)\n", what, x, row,
             p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
}

/* One check that *mismatches is 0; then resets it. */
static inline void check_mismatches(unsigned *mismatches, const char *what)
{
   char msg[160];
   snprintf(msg, sizeof(msg), "%s: %u mismatching pixels", what, *mismatches);
   check(*mismatches == 0, "%s", msg);
   *mismatches = 0;
}

#endif
