/* The GL side of a demo: an EGL display on r600sim's surfaceless platform, a GLES 2.0
 * context and a pbuffer the size of what the demo draws (recreated when that size changes),
 * and the read-back of the finished picture. Presentation is winsys_sdl's job. */
#ifndef GL_OFFSCREEN_H
#define GL_OFFSCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>

struct gl_offscreen {
   EGLDisplay dpy;
   EGLConfig config;
   EGLContext ctx;
   EGLSurface surface;
   unsigned width, height;
   int samples;          /* EGL_SAMPLES of the config */
};

/* Initialises EGL with a config of exactly `samples` samples (0: single-sampled) with depth
 * when `depth` is set; false after a message on stderr (it names the sample counts the
 * configs offer when none has `samples`). */
bool gl_offscreen_init(struct gl_offscreen *o, int samples, bool depth);
/* Makes a width x height pbuffer current (a new one when the size changed). */
bool gl_offscreen_resize(struct gl_offscreen *o, unsigned width, unsigned height);
/* glReadPixels of the whole surface into `rgba` (width * height * 4 bytes), rows flipped so
 * that the top row comes first. This read-back is also what ends the frame for capture. */
bool gl_offscreen_read(struct gl_offscreen *o, uint8_t *rgba);
void gl_offscreen_fini(struct gl_offscreen *o);

/* Compiles and links a program from two sources, binding attribute i to attribs[i]
 * (NULL-terminated); 0 after a message on stderr. */
unsigned gl_program_build(const char *vs, const char *fs, const char *const *attribs);

#endif
