/* The glvnd EGL vendor (libEGL_r600sim.so.0): the table libglvnd's libEGL calls into. */
#ifndef EGL_GLVND_H
#define EGL_GLVND_H

#include <glvnd/libeglabi.h>

/* The functions libglvnd gave us in __egl_Main, for the extension dispatch stubs. */
extern const __EGLapiExports *egl_glvnd_exports;

/* EGL extension functions libEGL cannot dispatch on its own (egl_glvnd_dispatch.c): a stub
 * that finds the vendor owning the call's EGLDisplay / EGLDeviceEXT, and the index libglvnd
 * assigned to the function. */
void *egl_glvnd_dispatch_address(const char *name);
void egl_glvnd_set_dispatch_index(const char *name, int index);

#endif
