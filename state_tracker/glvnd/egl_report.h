/* R600SIM_REPORT=FILE: a line per initialized EGL display, saying which r600sim library
 * (libEGL.so.1 or the glvnd vendor) the program reached; `bin/r600sim-run --check` reads it. */
#ifndef EGL_REPORT_H
#define EGL_REPORT_H

void egl_report_initialize(void);

#endif
