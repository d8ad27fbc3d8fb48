/* The glvnd vendor library on its own, driven as libglvnd's libEGL drives it (ABI of
 * glvnd/libeglabi.h) with a fake exports table: `test_glvnd_vendor VENDOR.so`.
 * - It exports __egl_Main and nothing else of ours (no egl*, gl*, r600sim_* names).
 * - __egl_Main refuses another ABI major version and fills every required import.
 * - getProcAddress resolves GL functions into the vendor library itself although the
 *   system's libGLESv2.so.2 was loaded RTLD_GLOBAL first, and resolves the core EGL names.
 * - getSupportsAPI: ES only; getVendorString: the platform extensions, not platform_base.
 * - Dispatch stubs: offered for our EGL extension functions only; a stub called with a
 *   display asks the exports for that display's vendor and calls the entry fetched by the
 *   index set through setDispatchIndex; an unknown display sets EGL_BAD_DISPLAY.
 * - findNativeDisplayPlatform: our EGLDeviceEXT is EGL_PLATFORM_DEVICE_EXT, anything else
 *   EGL_NONE. Prints "N passed, M failed". */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <glvnd/libeglabi.h>

#include "check.h"

/* The fake libglvnd side: one vendor, one known display, a recording of the calls. */
static __EGLvendorInfo *const fake_vendor = (__EGLvendorInfo *)0x1234;
static const EGLDisplay known_display = (EGLDisplay)0x5678;
static int fetched_index = -1, last_error = -1;
static __EGLvendorInfo *last_vendor;
static int driver_name_calls;

static const char *EGLAPIENTRY fake_driver_name(EGLDisplay dpy)
{
   driver_name_calls++;
   return dpy == known_display ? "fake-driver" : NULL;
}

static void fake_thread_init(void) {}
static __eglMustCastToProperFunctionPointerType fake_fetch(__EGLvendorInfo *v, int index)
{
   fetched_index = index;
   return v == fake_vendor ? (__eglMustCastToProperFunctionPointerType)fake_driver_name : NULL;
}
static void fake_set_error(EGLint e) { last_error = e; }
static EGLBoolean fake_set_last_vendor(__EGLvendorInfo *v)
{
   last_vendor = v;
   return EGL_TRUE;
}
static __EGLvendorInfo *fake_vendor_from_display(EGLDisplay dpy)
{
   return dpy == known_display ? fake_vendor : NULL;
}
static __EGLvendorInfo *fake_vendor_from_device(EGLDeviceEXT dev) { return NULL; }

static bool has_word(const char *list, const char *word)
{
   size_t n = strlen(word);
   for (const char *p = list; p && (p = strstr(p, word)); p += n)
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

static bool in_library(void *f, const char *path_end)
{
   Dl_info info;
   if (!f || !dladdr(f, &info) || !info.dli_fname)
      return false;
   size_t n = strlen(info.dli_fname), m = strlen(path_end);
   return n >= m && strcmp(info.dli_fname + n - m, path_end) == 0;
}

int main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: %s libEGL_r600sim.so.0\n", argv[0]);
      return 2;
   }
   /* A process that already holds another libGLESv2.so.2 (glvnd's, the program's). */
   void *other_gles = dlopen("libGLESv2.so.2", RTLD_NOW | RTLD_GLOBAL);
   CHECK(other_gles != NULL, "the system's libGLESv2.so.2 loads");
   void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
   if (!CHECK(lib != NULL, "dlopen %s: %s", argv[1], dlerror()))
      return check_report();

   __PFNEGLMAINPROC egl_main = (__PFNEGLMAINPROC)dlsym(lib, __EGL_MAIN_PROTO_NAME);
   CHECK(egl_main != NULL, "__egl_Main exported");
   static const char *const hidden[] = {"eglGetDisplay", "eglGetProcAddress", "glClear",
                                        "glGetString", "r600sim_gl_get_proc_address"};
   for (unsigned i = 0; i < sizeof(hidden) / sizeof(hidden[0]); i++) {
      /* dlsym on the handle searches the library and its dependencies only. */
      void *s = dlsym(lib, hidden[i]);
      CHECK(s == NULL || !in_library(s, "libEGL_r600sim.so.0"), "%s not exported", hidden[i]);
   }
   if (!egl_main)
      return check_report();

   const __EGLapiExports exports = {
      .threadInit = fake_thread_init,
      .fetchDispatchEntry = fake_fetch,
      .setEGLError = fake_set_error,
      .setLastVendor = fake_set_last_vendor,
      .getVendorFromDisplay = fake_vendor_from_display,
      .getVendorFromDevice = fake_vendor_from_device,
   };
   __EGLapiImports imports;
   memset(&imports, 0, sizeof(imports));
   CHECK(!egl_main((EGL_VENDOR_ABI_MAJOR_VERSION + 1) << 16, &exports, fake_vendor, &imports),
         "another ABI major version refused");
   CHECK(egl_main(EGL_VENDOR_ABI_VERSION, &exports, fake_vendor, &imports), "__egl_Main");
   if (!CHECK(imports.getPlatformDisplay && imports.getSupportsAPI && imports.getProcAddress &&
                 imports.getDispatchAddress && imports.setDispatchIndex,
              "the imports libglvnd requires are set"))
      return check_report();

   /* GL and EGL names resolve into the vendor, not into the other libGLESv2. */
   static const char *const ours[] = {"glClear", "glDrawArrays", "glGetString", "eglInitialize",
                                      "eglCreateContext", "eglMakeCurrent", "eglGetError",
                                      "eglQueryDevicesEXT"};
   for (unsigned i = 0; i < sizeof(ours) / sizeof(ours[0]); i++)
      CHECK(in_library(imports.getProcAddress(ours[i]), "libEGL_r600sim.so.0"),
            "getProcAddress(%s) is the vendor's own", ours[i]);
   CHECK(imports.getProcAddress("glNoSuchFunction") == NULL, "unknown GL name");
   CHECK(imports.getProcAddress("eglNoSuchFunction") == NULL, "unknown EGL name");

   CHECK(imports.getSupportsAPI(EGL_OPENGL_ES_API), "ES supported");
   CHECK(!imports.getSupportsAPI(EGL_OPENGL_API), "desktop GL not supported");
   CHECK(!imports.getSupportsAPI(EGL_OPENVG_API), "VG not supported");

   const char *platforms = imports.getVendorString
                              ? imports.getVendorString(__EGL_VENDOR_STRING_PLATFORM_EXTENSIONS)
                              : NULL;
   printf("platform extensions: %s\n", platforms ? platforms : "(null)");
   CHECK(has_word(platforms, "EGL_MESA_platform_surfaceless"), "surfaceless platform listed");
   CHECK(has_word(platforms, "EGL_EXT_platform_device"), "device platform listed");
   CHECK(!has_word(platforms, "EGL_EXT_platform_base"), "platform_base not a platform");
   CHECK(!has_word(platforms, "EGL_EXT_device_base"), "no non-platform extension");

   /* Dispatch stubs. */
   CHECK(imports.getDispatchAddress("eglNoSuchFunctionKHR") == NULL, "no stub for unknown");
   CHECK(imports.getDispatchAddress("eglCreateImageKHR") != NULL, "stub for eglCreateImageKHR");
   CHECK(imports.getDispatchAddress("eglQueryDeviceStringEXT") != NULL,
         "stub for eglQueryDeviceStringEXT");
   typedef const char *(EGLAPIENTRY * driver_name_fn)(EGLDisplay);
   driver_name_fn stub = (driver_name_fn)imports.getDispatchAddress("eglGetDisplayDriverName");
   if (CHECK(stub != NULL, "stub for eglGetDisplayDriverName")) {
      imports.setDispatchIndex("eglGetDisplayDriverName", 42);
      const char *name = stub(known_display);
      CHECK(name && strcmp(name, "fake-driver") == 0, "stub calls the display's vendor");
      CHECK_EQ(fetched_index, 42, "stub fetched the index set by setDispatchIndex");
      CHECK(last_vendor == fake_vendor, "stub recorded the last vendor");
      CHECK_EQ(driver_name_calls, 1, "vendor function called once");
      CHECK(stub((EGLDisplay)0x9999) == NULL, "unknown display: NULL");
      CHECK_EQ(last_error, EGL_BAD_DISPLAY, "unknown display: EGL_BAD_DISPLAY");
      CHECK_EQ(driver_name_calls, 1, "unknown display: no vendor call");
   }

   /* findNativeDisplayPlatform: our device only. */
   EGLDeviceEXT dev = EGL_NO_DEVICE_EXT;
   EGLint n = 0;
   typedef EGLBoolean(EGLAPIENTRY * query_devices_fn)(EGLint, EGLDeviceEXT *, EGLint *);
   query_devices_fn query_devices = (query_devices_fn)imports.getProcAddress("eglQueryDevicesEXT");
   CHECK(query_devices && query_devices(1, &dev, &n) && n == 1, "one device");
   if (CHECK(imports.findNativeDisplayPlatform != NULL, "findNativeDisplayPlatform set")) {
      CHECK_EQ(imports.findNativeDisplayPlatform(dev), EGL_PLATFORM_DEVICE_EXT, "our device");
      int not_a_display = 0;
      CHECK_EQ(imports.findNativeDisplayPlatform(&not_a_display), EGL_NONE, "other pointer");
   }

   /* getPlatformDisplay: EGL_NONE is eglGetDisplay(EGL_DEFAULT_DISPLAY). */
   EGLDisplay def = imports.getPlatformDisplay(EGL_NONE, EGL_DEFAULT_DISPLAY, NULL);
   CHECK(def != EGL_NO_DISPLAY, "default display");
   EGLDisplay surfaceless =
      imports.getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   CHECK(surfaceless != EGL_NO_DISPLAY, "surfaceless display");
   CHECK(imports.getPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL) != EGL_NO_DISPLAY,
         "device display");
   return check_report();
}
