/* The device platform and driver queries: EGL_EXT_device_base (query + enumeration) with one
 * software device (EGL_MESA_device_software), EGL_EXT_platform_device displays that render
 * like the surfaceless one, EGL_MESA_query_driver; and contexts made without a config
 * (EGL_KHR_no_config_context, EGL_MESA_configless_context) bound to surfaces of different
 * configs. Every error the extension specs name. Prints "N passed, M failed". */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>

#include "check.h"

#define CHECK_ERR(call, want_result, want_error)                                          \
   do {                                                                                   \
      bool ok_ = (call) == (want_result);                                                 \
      EGLint err_ = eglGetError();                                                        \
      check_at(ok_, __FILE__, __LINE__, "%s", #call " result");                           \
      check_at(err_ == (want_error), __FILE__, __LINE__, "%s (error 0x%04x)",             \
               #call " error " #want_error, (unsigned)err_);                              \
   } while (0)

static PFNEGLQUERYDEVICESEXTPROC query_devices;
static PFNEGLQUERYDEVICESTRINGEXTPROC query_device_string;
static PFNEGLQUERYDEVICEATTRIBEXTPROC query_device_attrib;
static PFNEGLQUERYDISPLAYATTRIBEXTPROC query_display_attrib;
static PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display_ext;
static PFNEGLGETDISPLAYDRIVERNAMEPROC get_driver_name;
static PFNEGLGETDISPLAYDRIVERCONFIGPROC get_driver_config;

static bool has_word(const char *list, const char *word)
{
   size_t n = strlen(word);
   for (const char *p = list; p && (p = strstr(p, word)); p += n)
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

static EGLDeviceEXT the_device(void)
{
   EGLDeviceEXT devs[4] = {0};
   EGLint n = -1;
   CHECK_ERR(query_devices(4, devs, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK_EQ(n, 1, "devices enumerated");
   CHECK(devs[0] != EGL_NO_DEVICE_EXT && devs[1] == EGL_NO_DEVICE_EXT);
   return devs[0];
}

static void test_devices(void)
{
   EGLint n = -1;
   CHECK_ERR(query_devices(0, NULL, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK_EQ(n, 1, "device count");
   EGLDeviceEXT dev = the_device(), devs[2];
   CHECK_ERR(query_devices(0, devs, &n), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(query_devices(-1, devs, &n), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(query_devices(2, devs, NULL), EGL_FALSE, EGL_BAD_PARAMETER);

   const char *ext = query_device_string(dev, EGL_EXTENSIONS);
   CHECK(ext && eglGetError() == EGL_SUCCESS);
   CHECK(has_word(ext, "EGL_MESA_device_software"));
   CHECK(!has_word(ext, "EGL_EXT_device_drm"));
   CHECK_ERR(query_device_string(dev, EGL_DRM_DEVICE_FILE_EXT), NULL, EGL_BAD_PARAMETER);
   CHECK_ERR(query_device_string(EGL_NO_DEVICE_EXT, EGL_EXTENSIONS), NULL, EGL_BAD_DEVICE_EXT);
   CHECK_ERR(query_device_string((EGLDeviceEXT)&n, EGL_EXTENSIONS), NULL, EGL_BAD_DEVICE_EXT);
   EGLAttrib v = 5;
   CHECK_ERR(query_device_attrib(dev, 0xbad1dea, &v), EGL_FALSE, EGL_BAD_ATTRIBUTE);
   CHECK_ERR(query_device_attrib(NULL, 0xbad1dea, &v), EGL_FALSE, EGL_BAD_DEVICE_EXT);
   CHECK_EQ(v, 5, "value after failed device queries");
}

/* A 4x4 pbuffer of config, ctx current on it, cleared to a colour and read back. */
static void check_clear(EGLDisplay dpy, EGLConfig config, EGLContext ctx, const char *what)
{
   static const EGLint size[] = {EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE};
   EGLSurface s = eglCreatePbufferSurface(dpy, config, size);
   check(s != EGL_NO_SURFACE, "%s: pbuffer", what);
   check(eglMakeCurrent(dpy, s, s, ctx), "%s: eglMakeCurrent (error 0x%04x)", what,
         (unsigned)eglGetError());
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t px[4] = {9, 9, 9, 9};
   glReadPixels(2, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check(px[0] == 0 && px[1] == 255 && px[2] == 0 && px[3] == 255,
         "%s: read back %u,%u,%u,%u, expected 0,255,0,255", what, px[0], px[1], px[2], px[3]);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, s);
}

static EGLConfig choose(EGLDisplay dpy, EGLint samples, EGLint depth)
{
   const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                             EGL_OPENGL_ES2_BIT, EGL_SAMPLES, samples,
                             EGL_DEPTH_SIZE, depth, EGL_NONE};
   EGLConfig c = NULL;
   EGLint n = 0;
   eglChooseConfig(dpy, attribs, &c, 1, &n);
   check(n == 1, "a config with %d samples and depth %d", samples, depth);
   return c;
}

static const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};

static void test_platform_device(EGLDeviceEXT dev)
{
   const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   CHECK(has_word(client, "EGL_EXT_platform_device"));
   CHECK(has_word(client, "EGL_EXT_device_base"));
   CHECK(has_word(client, "EGL_EXT_device_query"));
   CHECK(has_word(client, "EGL_EXT_device_enumeration"));
   CHECK_ERR(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, NULL, NULL), EGL_NO_DISPLAY,
             EGL_BAD_PARAMETER);
   static const EGLAttrib bad_attribs[] = {EGL_DEVICE_EXT, 0, EGL_NONE};
   CHECK_ERR(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, bad_attribs), EGL_NO_DISPLAY,
             EGL_BAD_ATTRIBUTE);
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL);
   EGLDisplay surfaceless = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   CHECK(dpy != EGL_NO_DISPLAY && dpy != surfaceless);
   CHECK(get_platform_display_ext(EGL_PLATFORM_DEVICE_EXT, dev, NULL) == dpy);
   EGLAttrib v = 0;
   CHECK_ERR(query_display_attrib(dpy, EGL_DEVICE_EXT, &v), EGL_FALSE, EGL_NOT_INITIALIZED);
   CHECK_ERR(eglInitialize(dpy, NULL, NULL), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(query_display_attrib(dpy, EGL_DEVICE_EXT, &v), EGL_TRUE, EGL_SUCCESS);
   CHECK((EGLDeviceEXT)v == dev);
   CHECK_ERR(query_display_attrib(dpy, 0xbad1dea, &v), EGL_FALSE, EGL_BAD_ATTRIBUTE);
   CHECK_ERR(query_display_attrib(EGL_NO_DISPLAY, EGL_DEVICE_EXT, &v), EGL_FALSE,
             EGL_BAD_DISPLAY);
   CHECK_ERR(eglCreatePlatformWindowSurface(dpy, choose(dpy, 0, 0), NULL, NULL),
             EGL_NO_SURFACE, EGL_BAD_NATIVE_WINDOW);

   /* It renders like the surfaceless display, and its objects are its own. */
   EGLConfig config = choose(dpy, 0, 0);
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, es2);
   CHECK(ctx != EGL_NO_CONTEXT);
   check_clear(dpy, config, ctx, "device display");
   eglInitialize(surfaceless, NULL, NULL);
   CHECK_ERR(eglMakeCurrent(surfaceless, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), EGL_FALSE,
             EGL_BAD_CONTEXT);
   CHECK_ERR(eglDestroyContext(surfaceless, ctx), EGL_FALSE, EGL_BAD_CONTEXT);
   CHECK_ERR(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), EGL_TRUE, EGL_SUCCESS);
   CHECK(eglGetCurrentDisplay() == dpy);
   /* A fence of this display's context cannot be made on the other display. */
   CHECK_ERR(eglCreateSync(surfaceless, EGL_SYNC_FENCE, NULL), EGL_NO_SYNC, EGL_BAD_MATCH);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   CHECK_ERR(eglTerminate(dpy), EGL_TRUE, EGL_SUCCESS);
   /* Terminating one display leaves the other initialised. */
   CHECK_ERR(eglQueryString(surfaceless, EGL_VENDOR) != NULL, true, EGL_SUCCESS);
   eglTerminate(surfaceless);
}

static void test_query_driver(void)
{
   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   CHECK_ERR(get_driver_name(dpy), NULL, EGL_NOT_INITIALIZED);
   CHECK_ERR(get_driver_config(dpy), NULL, EGL_NOT_INITIALIZED);
   eglInitialize(dpy, NULL, NULL);
   CHECK(has_word(eglQueryString(dpy, EGL_EXTENSIONS), "EGL_MESA_query_driver"));
   CHECK_ERR(get_driver_name(EGL_NO_DISPLAY), NULL, EGL_BAD_DISPLAY);
   CHECK_ERR(get_driver_config(EGL_NO_DISPLAY), NULL, EGL_BAD_DISPLAY);
   const char *name = get_driver_name(dpy);
   CHECK(eglGetError() == EGL_SUCCESS && name && strcmp(name, "r600sim") == 0);
   char *config = get_driver_config(dpy);
   CHECK(eglGetError() == EGL_SUCCESS && config);
   CHECK(config && strstr(config, "<driinfo>") && strstr(config, "</driinfo>"));
   free(config);
   eglTerminate(dpy);
}

static void test_no_config_context(void)
{
   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   eglInitialize(dpy, NULL, NULL);
   const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
   CHECK(has_word(ext, "EGL_KHR_no_config_context"));
   CHECK(has_word(ext, "EGL_MESA_configless_context"));
   EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es2);
   CHECK(ctx != EGL_NO_CONTEXT && eglGetError() == EGL_SUCCESS);
   EGLint id = -1;
   CHECK_ERR(eglQueryContext(dpy, ctx, EGL_CONFIG_ID, &id), EGL_TRUE, EGL_SUCCESS);
   CHECK_EQ(id, 0, "EGL_CONFIG_ID of a context without a config");
   /* Bound to surfaces of configs that are not compatible with one another. */
   check_clear(dpy, choose(dpy, 0, 0), ctx, "no config, plain pbuffer");
   check_clear(dpy, choose(dpy, 4, 24), ctx, "no config, 4x MSAA depth pbuffer");
   CHECK_ERR(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), EGL_TRUE, EGL_SUCCESS);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   /* A context with a config still needs a compatible surface. */
   EGLContext plain = eglCreateContext(dpy, choose(dpy, 0, 0), EGL_NO_CONTEXT, es2);
   static const EGLint size[] = {EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE};
   EGLSurface ms = eglCreatePbufferSurface(dpy, choose(dpy, 4, 24), size);
   CHECK_ERR(eglMakeCurrent(dpy, ms, ms, plain), EGL_FALSE, EGL_BAD_MATCH);
   /* A bad config handle is still EGL_BAD_CONFIG; the version rule still holds. */
   CHECK_ERR(eglCreateContext(dpy, (EGLConfig)&id, EGL_NO_CONTEXT, es2), EGL_NO_CONTEXT,
             EGL_BAD_CONFIG);
   static const EGLint es3[] = {EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE};
   CHECK_ERR(eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es3), EGL_NO_CONTEXT,
             EGL_BAD_MATCH);
   eglDestroySurface(dpy, ms);
   eglDestroyContext(dpy, plain);
   CHECK_ERR(eglDestroyContext(dpy, ctx), EGL_TRUE, EGL_SUCCESS);
   eglTerminate(dpy);
}

int main(void)
{
   query_devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
   query_device_string =
      (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
   query_device_attrib =
      (PFNEGLQUERYDEVICEATTRIBEXTPROC)eglGetProcAddress("eglQueryDeviceAttribEXT");
   query_display_attrib =
      (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
   get_platform_display_ext =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   get_driver_name = (PFNEGLGETDISPLAYDRIVERNAMEPROC)eglGetProcAddress("eglGetDisplayDriverName");
   get_driver_config =
      (PFNEGLGETDISPLAYDRIVERCONFIGPROC)eglGetProcAddress("eglGetDisplayDriverConfig");
   if (!check(query_devices && query_device_string && query_device_attrib &&
                 query_display_attrib && get_platform_display_ext && get_driver_name &&
                 get_driver_config,
              "eglGetProcAddress of the device and driver functions"))
      return check_report();
   test_devices();
   test_platform_device(the_device());
   test_query_driver();
   test_no_config_context();
   return check_report();
}
