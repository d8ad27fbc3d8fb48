/* A small libGL.so.1 for running piglit on r600sim (tests/piglit/run-piglit.sh puts its
 * folder on LD_LIBRARY_PATH).
 *
 * Debian's piglit resolves GL extension functions with glXGetProcAddressARB from libGL.so.1
 * even on EGL platforms; glvnd's libGL would hand back dispatch stubs that never reach our
 * libGLESv2. Here glXGetProcAddress[ARB] forward to the eglGetProcAddress of our
 * libEGL.so.1. libpiglitutil_gl.so.0 (linked by some ES-binding EGL tests) also needs 14
 * other glX* symbols at load time: those forward to the system libGL.so.1, opened by
 * absolute path so that this library is not found again by its own name.
 */
#include <dlfcn.h>
#include <stdio.h>

#include <GL/glx.h>

#define SHIM_EXPORT __attribute__((visibility("default")))

#ifndef R600SIM_LIBEGL
#error "R600SIM_LIBEGL (absolute path of our libEGL.so.1) must be defined by the build"
#endif
#define SYSTEM_LIBGL "/usr/lib/x86_64-linux-gnu/libGL.so.1"

typedef void (*proc_t)(void);

/* Our libEGL: the copy already loaded in the process, else the build's one. */
static proc_t egl_proc(const char *name)
{
   static proc_t (*egl_get_proc_address)(const char *);
   if (!egl_get_proc_address) {
      void *egl = dlopen("libEGL.so.1", RTLD_NOW | RTLD_NOLOAD);
      if (!egl)
         egl = dlopen(R600SIM_LIBEGL, RTLD_NOW);
      if (egl)
         egl_get_proc_address = (proc_t(*)(const char *))dlsym(egl, "eglGetProcAddress");
      if (!egl_get_proc_address) {
         fprintf(stderr, "r600sim glx shim: cannot load eglGetProcAddress from %s: %s\n",
                 R600SIM_LIBEGL, dlerror());
         return NULL;
      }
   }
   return egl_get_proc_address(name);
}

SHIM_EXPORT __GLXextFuncPtr glXGetProcAddressARB(const GLubyte *name)
{
   return (__GLXextFuncPtr)egl_proc((const char *)name);
}

SHIM_EXPORT void (*glXGetProcAddress(const GLubyte *name))(void)
{
   return egl_proc((const char *)name);
}

static void *system_glx(const char *name)
{
   static void *libgl;
   if (!libgl)
      libgl = dlopen(SYSTEM_LIBGL, RTLD_NOW | RTLD_LOCAL);
   void *f = libgl ? dlsym(libgl, name) : NULL;
   if (!f)
      fprintf(stderr, "r600sim glx shim: %s not available from %s\n", name, SYSTEM_LIBGL);
   return f;
}

/* Defines NAME with the given prototype, forwarding to the system libGL's NAME; returns 0
 * (after a message) when that is unavailable. */
#define FORWARD(ret, name, params, args)                                   \
   SHIM_EXPORT ret name params                                             \
   {                                                                       \
      static ret(*real) params;                                            \
      if (!real)                                                           \
         real = (ret(*) params)system_glx(#name);                          \
      return real ? real args : (ret)0;                                    \
   }

FORWARD(XVisualInfo *, glXChooseVisual, (Display * d, int s, int *a), (d, s, a))
FORWARD(GLXContext, glXCreateContext, (Display * d, XVisualInfo *v, GLXContext sh, Bool direct),
        (d, v, sh, direct))
FORWARD(GLXContext, glXCreateNewContext,
        (Display * d, GLXFBConfig c, int type, GLXContext sh, Bool direct),
        (d, c, type, sh, direct))
FORWARD(GLXPixmap, glXCreatePixmap, (Display * d, GLXFBConfig c, Pixmap p, const int *a),
        (d, c, p, a))
FORWARD(Display *, glXGetCurrentDisplay, (void), ())
FORWARD(GLXDrawable, glXGetCurrentDrawable, (void), ())
FORWARD(int, glXGetFBConfigAttrib, (Display * d, GLXFBConfig c, int attr, int *v),
        (d, c, attr, v))
FORWARD(GLXFBConfig *, glXGetFBConfigs, (Display * d, int s, int *n), (d, s, n))
FORWARD(XVisualInfo *, glXGetVisualFromFBConfig, (Display * d, GLXFBConfig c), (d, c))
FORWARD(Bool, glXMakeCurrent, (Display * d, GLXDrawable dr, GLXContext c), (d, dr, c))
FORWARD(Bool, glXQueryExtension, (Display * d, int *e, int *ev), (d, e, ev))
FORWARD(const char *, glXQueryExtensionsString, (Display * d, int s), (d, s))
FORWARD(Bool, glXQueryVersion, (Display * d, int *ma, int *mi), (d, ma, mi))

SHIM_EXPORT void glXDestroyContext(Display *d, GLXContext c)
{
   static void (*real)(Display *, GLXContext);
   if (!real)
      real = (void (*)(Display *, GLXContext))system_glx("glXDestroyContext");
   if (real)
      real(d, c);
}
