/* EGL API test: return values and error codes of libEGL.so.1 as the EGL 1.5 specification,
 * EGL_EXT_client_extensions, EGL_EXT_platform_base, EGL_MESA_platform_surfaceless and
 * EGL_KHR_create_context define them, for our surfaceless display with its two RGBA8888
 * pbuffer configs (without and with depth24/stencil8). Prints "N passed, M failed". */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "check.h"

/* Evaluates call, then checks its result and the error it left. */
#define CHECK_ERR(call, want_result, want_error)                                         \
   do {                                                                                  \
      bool ok_ = (call) == (want_result);                                                \
      EGLint err_ = eglGetError();                                                       \
      check_at(ok_, __FILE__, __LINE__, "%s", #call " result");                          \
      if (err_ != (want_error))                                                          \
         printf("  (error 0x%04x, expected 0x%04x)\n", (unsigned)err_, (unsigned)(want_error)); \
      check_at(err_ == (want_error), __FILE__, __LINE__, "%s", #call " error " #want_error); \
   } while (0)

static bool has_word(const char *list, const char *word)
{
   size_t n = strlen(word);
   for (const char *p = list; p && (p = strstr(p, word)); p += n)
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

static EGLint attrib(EGLDisplay dpy, EGLConfig c, EGLint a)
{
   EGLint v = -12345;
   eglGetConfigAttrib(dpy, c, a, &v);
   return v;
}

static void test_client_side(void)
{
   const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   CHECK(eglGetError() == EGL_SUCCESS);
   CHECK(has_word(ext, "EGL_EXT_client_extensions"));
   CHECK(has_word(ext, "EGL_EXT_platform_base"));
   CHECK(has_word(ext, "EGL_MESA_platform_surfaceless"));
   CHECK(has_word(ext, "EGL_KHR_client_get_all_proc_addresses"));
   CHECK_ERR(eglQueryString(EGL_NO_DISPLAY, EGL_VENDOR), NULL, EGL_BAD_DISPLAY);
   /* eglGetProcAddress before any display: EGL core, EXT and GL functions. */
   CHECK(eglGetProcAddress("eglGetPlatformDisplayEXT") != NULL);
   CHECK(eglGetProcAddress("eglGetPlatformDisplay") != NULL);
   CHECK(eglGetProcAddress("eglMakeCurrent") != NULL);
   CHECK(eglGetProcAddress("glClear") != NULL);
   CHECK(eglGetProcAddress("glDrawArrays") != NULL);
   CHECK(eglGetProcAddress("glReadPixels") != NULL);
   CHECK(eglGetProcAddress("eglNoSuchFunction") == NULL);
   CHECK(eglGetProcAddress("glNoSuchFunction") == NULL);

   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   CHECK(dpy != EGL_NO_DISPLAY);
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL) == dpy);
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_ext =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   CHECK(get_ext && get_ext(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL) == dpy);
   CHECK_ERR(eglGetPlatformDisplay(0x1234, EGL_DEFAULT_DISPLAY, NULL), EGL_NO_DISPLAY,
             EGL_BAD_PARAMETER);
   CHECK_ERR(eglBindAPI(EGL_OPENGL_API), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(eglBindAPI(EGL_OPENGL_ES_API), EGL_TRUE, EGL_SUCCESS);
   CHECK(eglQueryAPI() == EGL_OPENGL_ES_API);
}

static void test_display(EGLDisplay dpy)
{
   EGLint n = -1, major = 0, minor = 0;
   CHECK_ERR(eglQueryString(dpy, EGL_EXTENSIONS), NULL, EGL_NOT_INITIALIZED);
   CHECK_ERR(eglGetConfigs(dpy, NULL, 0, &n), EGL_FALSE, EGL_NOT_INITIALIZED);
   CHECK_ERR(eglInitialize((EGLDisplay)&n, NULL, NULL), EGL_FALSE, EGL_BAD_DISPLAY);
   CHECK_ERR(eglInitialize(dpy, &major, &minor), EGL_TRUE, EGL_SUCCESS);
   CHECK(major == 1 && minor == 5);
   CHECK_ERR(eglInitialize(dpy, NULL, NULL), EGL_TRUE, EGL_SUCCESS);
   CHECK(strncmp(eglQueryString(dpy, EGL_VERSION), "1.5", 3) == 0);
   CHECK(strcmp(eglQueryString(dpy, EGL_CLIENT_APIS), "OpenGL_ES") == 0);
   const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
   CHECK(has_word(ext, "EGL_KHR_create_context"));
   CHECK(has_word(ext, "EGL_KHR_surfaceless_context"));
   CHECK(has_word(ext, "EGL_EXT_create_context_robustness"));
   CHECK(!has_word(ext, "EGL_EXT_platform_base")); /* client and display lists disjoint */
   CHECK_ERR(eglQueryString(dpy, 0x1234), NULL, EGL_BAD_PARAMETER);
}

static void test_configs(EGLDisplay dpy, EGLConfig *plain, EGLConfig *deep)
{
   EGLConfig cfgs[8];
   EGLint n = -1;
   CHECK_ERR(eglGetConfigs(dpy, NULL, 0, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 8);   /* plain and depth24/stencil8, each single-sampled, 2x, 4x and 8x */
   CHECK_ERR(eglGetConfigs(dpy, cfgs, 8, NULL), EGL_FALSE, EGL_BAD_PARAMETER);

   const EGLint pbuf[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                          EGL_OPENGL_ES2_BIT, EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, pbuf, cfgs, 8, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 8);
   /* Sorted fewest sample buffers first, then fewest samples, then smallest depth. */
   static const EGLint want_samples[8] = {0, 0, 2, 2, 4, 4, 8, 8};
   for (int i = 0; i < 8; i++)
      CHECK(attrib(dpy, cfgs[i], EGL_SAMPLES) == want_samples[i] &&
            attrib(dpy, cfgs[i], EGL_SAMPLE_BUFFERS) == (want_samples[i] > 0) &&
            attrib(dpy, cfgs[i], EGL_DEPTH_SIZE) == (i % 2 ? 24 : 0));
   /* At least 4 samples: the 4x configs, then the 8x ones. */
   const EGLint msaa[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                          EGL_OPENGL_ES2_BIT, EGL_SAMPLE_BUFFERS, 1, EGL_SAMPLES, 4, EGL_NONE};
   EGLConfig ms_cfgs[8];
   CHECK_ERR(eglChooseConfig(dpy, msaa, ms_cfgs, 8, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 4 && ms_cfgs[0] == cfgs[4] && ms_cfgs[1] == cfgs[5] && ms_cfgs[2] == cfgs[6] &&
         ms_cfgs[3] == cfgs[7]);
   /* A sample buffer without a sample count: 2x first. */
   const EGLint any_ms[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                            EGL_OPENGL_ES2_BIT, EGL_SAMPLE_BUFFERS, 1, EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, any_ms, ms_cfgs, 8, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 6 && ms_cfgs[0] == cfgs[2] && ms_cfgs[5] == cfgs[7]);
   *plain = cfgs[0];
   *deep = cfgs[1];
   CHECK_ERR(eglChooseConfig(dpy, pbuf, cfgs, 1, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 1 && cfgs[0] == *plain);
   CHECK_ERR(eglChooseConfig(dpy, pbuf, NULL, 0, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 8);
   const EGLint depth[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                           EGL_OPENGL_ES2_BIT, EGL_DEPTH_SIZE, 1, EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, depth, cfgs, 8, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 4 && cfgs[0] == *deep);
   /* Defaults: EGL_SURFACE_TYPE = EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE = EGL_OPENGL_ES_BIT. */
   CHECK_ERR(eglChooseConfig(dpy, NULL, cfgs, 4, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 0);
   const EGLint too_red[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                             EGL_OPENGL_ES2_BIT, EGL_RED_SIZE, 9, EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, too_red, cfgs, 4, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 0);
   /* EGL_CONFIG_ID overrides every other attribute. */
   const EGLint by_id[] = {EGL_RED_SIZE, 9, EGL_CONFIG_ID, attrib(dpy, *deep, EGL_CONFIG_ID),
                           EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, by_id, cfgs, 4, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 1 && cfgs[0] == *deep);
   const EGLint dont_care[] = {EGL_SURFACE_TYPE, EGL_DONT_CARE, EGL_RENDERABLE_TYPE,
                               EGL_DONT_CARE, EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, dont_care, cfgs, 4, &n), EGL_TRUE, EGL_SUCCESS);
   CHECK(n == 4);
   const EGLint bad_name[] = {0x1234, 0, EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, bad_name, cfgs, 4, &n), EGL_FALSE, EGL_BAD_ATTRIBUTE);
   const EGLint level_dc[] = {EGL_LEVEL, EGL_DONT_CARE, EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, level_dc, cfgs, 4, &n), EGL_FALSE, EGL_BAD_ATTRIBUTE);
   const EGLint bad_type[] = {EGL_COLOR_BUFFER_TYPE, 0x1234, EGL_NONE};
   CHECK_ERR(eglChooseConfig(dpy, bad_type, cfgs, 4, &n), EGL_FALSE, EGL_BAD_ATTRIBUTE);
   CHECK_ERR(eglChooseConfig(dpy, pbuf, cfgs, 4, NULL), EGL_FALSE, EGL_BAD_PARAMETER);

   static const struct {
      EGLint attr, plain, deep;
   } expect[] = {
      {EGL_RED_SIZE, 8, 8}, {EGL_GREEN_SIZE, 8, 8}, {EGL_BLUE_SIZE, 8, 8},
      {EGL_ALPHA_SIZE, 8, 8}, {EGL_BUFFER_SIZE, 32, 32}, {EGL_DEPTH_SIZE, 0, 24},
      {EGL_STENCIL_SIZE, 0, 8}, {EGL_LUMINANCE_SIZE, 0, 0}, {EGL_ALPHA_MASK_SIZE, 0, 0},
      {EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, EGL_RGB_BUFFER},
      {EGL_CONFIG_CAVEAT, EGL_NONE, EGL_NONE},
      {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_OPENGL_ES2_BIT},
      {EGL_CONFORMANT, EGL_OPENGL_ES2_BIT, EGL_OPENGL_ES2_BIT},
      {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_PBUFFER_BIT}, {EGL_NATIVE_VISUAL_ID, 0, 0},
      {EGL_NATIVE_RENDERABLE, EGL_FALSE, EGL_FALSE}, {EGL_SAMPLES, 0, 0},
      {EGL_SAMPLE_BUFFERS, 0, 0}, {EGL_LEVEL, 0, 0}, {EGL_TRANSPARENT_TYPE, EGL_NONE, EGL_NONE},
      {EGL_BIND_TO_TEXTURE_RGB, EGL_FALSE, EGL_FALSE},
      {EGL_BIND_TO_TEXTURE_RGBA, EGL_FALSE, EGL_FALSE},
   };
   for (unsigned i = 0; i < sizeof(expect) / sizeof(expect[0]); i++) {
      CHECK(attrib(dpy, *plain, expect[i].attr) == expect[i].plain, "plain config attribute");
      CHECK(attrib(dpy, *deep, expect[i].attr) == expect[i].deep, "deep config attribute");
   }
   CHECK(attrib(dpy, *plain, EGL_MAX_PBUFFER_WIDTH) > 0);
   EGLint v;
   CHECK_ERR(eglGetConfigAttrib(dpy, *plain, 0x1234, &v), EGL_FALSE, EGL_BAD_ATTRIBUTE);
   CHECK_ERR(eglGetConfigAttrib(dpy, (EGLConfig)&v, EGL_RED_SIZE, &v), EGL_FALSE,
             EGL_BAD_CONFIG);
}

static void test_surfaces(EGLDisplay dpy, EGLConfig cfg)
{
   const EGLint size[] = {EGL_WIDTH, 16, EGL_HEIGHT, 8, EGL_NONE};
   EGLSurface s = eglCreatePbufferSurface(dpy, cfg, size);
   CHECK(s != EGL_NO_SURFACE && eglGetError() == EGL_SUCCESS);
   EGLint v = 0;
   CHECK(eglQuerySurface(dpy, s, EGL_WIDTH, &v) && v == 16);
   CHECK(eglQuerySurface(dpy, s, EGL_HEIGHT, &v) && v == 8);
   CHECK(eglQuerySurface(dpy, s, EGL_RENDER_BUFFER, &v) && v == EGL_BACK_BUFFER);
   CHECK(eglQuerySurface(dpy, s, EGL_CONFIG_ID, &v) && v == attrib(dpy, cfg, EGL_CONFIG_ID));
   CHECK(eglQuerySurface(dpy, s, EGL_LARGEST_PBUFFER, &v) && v == EGL_FALSE);
   CHECK_ERR(eglQuerySurface(dpy, s, 0x1234, &v), EGL_FALSE, EGL_BAD_ATTRIBUTE);
   CHECK_ERR(eglSurfaceAttrib(dpy, s, EGL_SWAP_BEHAVIOR, EGL_BUFFER_PRESERVED), EGL_FALSE,
             EGL_BAD_MATCH);
   CHECK_ERR(eglSurfaceAttrib(dpy, s, EGL_SWAP_BEHAVIOR, EGL_BUFFER_DESTROYED), EGL_TRUE,
             EGL_SUCCESS);
   CHECK_ERR(eglBindTexImage(dpy, s, EGL_BACK_BUFFER), EGL_FALSE, EGL_BAD_MATCH);
   CHECK_ERR(eglDestroySurface(dpy, s), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglDestroySurface(dpy, s), EGL_FALSE, EGL_BAD_SURFACE);
   CHECK_ERR(eglQuerySurface(dpy, s, EGL_WIDTH, &v), EGL_FALSE, EGL_BAD_SURFACE);

   const EGLint negative[] = {EGL_WIDTH, -1, EGL_NONE};
   CHECK_ERR(eglCreatePbufferSurface(dpy, cfg, negative), EGL_NO_SURFACE, EGL_BAD_PARAMETER);
   const EGLint unknown[] = {0x1234, 1, EGL_NONE};
   CHECK_ERR(eglCreatePbufferSurface(dpy, cfg, unknown), EGL_NO_SURFACE, EGL_BAD_ATTRIBUTE);
   const EGLint tex_fmt[] = {EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_TEXTURE_TARGET,
                             EGL_TEXTURE_2D, EGL_NONE};
   CHECK_ERR(eglCreatePbufferSurface(dpy, cfg, tex_fmt), EGL_NO_SURFACE, EGL_BAD_ATTRIBUTE);
   const EGLint tex_target[] = {EGL_TEXTURE_TARGET, EGL_TEXTURE_2D, EGL_NONE};
   CHECK_ERR(eglCreatePbufferSurface(dpy, cfg, tex_target), EGL_NO_SURFACE, EGL_BAD_MATCH);
   CHECK_ERR(eglCreatePbufferSurface(dpy, (EGLConfig)&v, size), EGL_NO_SURFACE, EGL_BAD_CONFIG);
   const EGLint huge[] = {EGL_WIDTH, 100000, EGL_HEIGHT, 4, EGL_NONE};
   CHECK_ERR(eglCreatePbufferSurface(dpy, cfg, huge), EGL_NO_SURFACE, EGL_BAD_ALLOC);
   const EGLint largest[] = {EGL_WIDTH, 100000, EGL_HEIGHT, 4, EGL_LARGEST_PBUFFER, EGL_TRUE,
                             EGL_NONE};
   s = eglCreatePbufferSurface(dpy, cfg, largest);
   CHECK(s != EGL_NO_SURFACE);
   CHECK(eglQuerySurface(dpy, s, EGL_WIDTH, &v) && v > 0 &&
         v <= attrib(dpy, cfg, EGL_MAX_PBUFFER_WIDTH));
   CHECK(eglQuerySurface(dpy, s, EGL_HEIGHT, &v) && v > 0 && v <= 4);
   eglDestroySurface(dpy, s);
   /* The EGL default pbuffer size is 0x0. */
   s = eglCreatePbufferSurface(dpy, cfg, NULL);
   CHECK(s != EGL_NO_SURFACE && eglQuerySurface(dpy, s, EGL_WIDTH, &v) && v == 0);
   eglDestroySurface(dpy, s);

   CHECK_ERR(eglCreateWindowSurface(dpy, cfg, 0, NULL), EGL_NO_SURFACE, EGL_BAD_NATIVE_WINDOW);
   CHECK_ERR(eglCreatePlatformWindowSurface(dpy, cfg, NULL, NULL), EGL_NO_SURFACE,
             EGL_BAD_NATIVE_WINDOW);
   CHECK_ERR(eglCreatePixmapSurface(dpy, cfg, 0, NULL), EGL_NO_SURFACE, EGL_BAD_NATIVE_PIXMAP);
}

static void test_context_creation(EGLDisplay dpy, EGLConfig cfg)
{
   const EGLint es1[] = {EGL_NONE};
   CHECK_ERR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es1), EGL_NO_CONTEXT, EGL_BAD_MATCH);
   const EGLint es3[] = {EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE};
   CHECK_ERR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es3), EGL_NO_CONTEXT, EGL_BAD_MATCH);
   const EGLint es21[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
   CHECK_ERR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, es21), EGL_NO_CONTEXT, EGL_BAD_MATCH);
   const EGLint profile[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_CONTEXT_OPENGL_PROFILE_MASK,
                             EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
   CHECK_ERR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, profile), EGL_NO_CONTEXT,
             EGL_BAD_ATTRIBUTE);
   const EGLint fwd[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_CONTEXT_FLAGS_KHR,
                         EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR, EGL_NONE};
   CHECK_ERR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, fwd), EGL_NO_CONTEXT, EGL_BAD_ATTRIBUTE);
   /* Robust contexts (EGL_EXT_create_context_robustness): tests/gl/test_robustness.c. */
   const EGLint strategy[] = {EGL_CONTEXT_CLIENT_VERSION, 2,
                              EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_TRUE,
                              EGL_NONE};
   CHECK_ERR(eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, strategy), EGL_NO_CONTEXT,
             EGL_BAD_ATTRIBUTE);
   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   CHECK_ERR(eglCreateContext(dpy, (EGLConfig)&cfg, EGL_NO_CONTEXT, es2), EGL_NO_CONTEXT,
             EGL_BAD_CONFIG);
   CHECK_ERR(eglCreateContext(dpy, cfg, (EGLContext)&cfg, es2), EGL_NO_CONTEXT, EGL_BAD_CONTEXT);
   const EGLint debug[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_FLAGS_KHR,
                           EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR, EGL_NONE};
   EGLContext c = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, debug);
   CHECK(c != EGL_NO_CONTEXT && eglGetError() == EGL_SUCCESS);
   EGLint v = 0;
   CHECK(eglQueryContext(dpy, c, EGL_CONTEXT_CLIENT_VERSION, &v) && v == 2);
   CHECK(eglQueryContext(dpy, c, EGL_CONTEXT_CLIENT_TYPE, &v) && v == EGL_OPENGL_ES_API);
   CHECK(eglQueryContext(dpy, c, EGL_CONFIG_ID, &v) && v == attrib(dpy, cfg, EGL_CONFIG_ID));
   CHECK(eglQueryContext(dpy, c, EGL_RENDER_BUFFER, &v) && v == EGL_NONE);
   CHECK_ERR(eglQueryContext(dpy, c, 0x1234, &v), EGL_FALSE, EGL_BAD_ATTRIBUTE);
   CHECK_ERR(eglDestroyContext(dpy, c), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglDestroyContext(dpy, c), EGL_FALSE, EGL_BAD_CONTEXT);
}

struct thread_args {
   EGLDisplay dpy;
   EGLContext ctx;
   EGLBoolean made_current;
   EGLint error, error_before;
};

static void *other_thread(void *p)
{
   struct thread_args *a = p;
   a->error_before = eglGetError(); /* errors are per thread */
   a->made_current = eglMakeCurrent(a->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, a->ctx);
   a->error = eglGetError();
   return NULL;
}

/* Binds a context and exits without releasing it: thread exit releases it. */
static void *bind_and_exit(void *p)
{
   struct thread_args *a = p;
   a->made_current = eglMakeCurrent(a->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, a->ctx);
   return NULL;
}

static void test_make_current(EGLDisplay dpy, EGLConfig plain, EGLConfig deep)
{
   const EGLint es2[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
   const EGLint size[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE};
   EGLContext c = eglCreateContext(dpy, plain, EGL_NO_CONTEXT, es2);
   EGLSurface s = eglCreatePbufferSurface(dpy, plain, size);
   EGLSurface s2 = eglCreatePbufferSurface(dpy, plain, size);
   EGLSurface sd = eglCreatePbufferSurface(dpy, deep, size);
   CHECK(c && s && s2 && sd);

   CHECK_ERR(eglMakeCurrent(dpy, s, s, EGL_NO_CONTEXT), EGL_FALSE, EGL_BAD_MATCH);
   CHECK_ERR(eglMakeCurrent(dpy, s, EGL_NO_SURFACE, c), EGL_FALSE, EGL_BAD_MATCH);
   CHECK_ERR(eglMakeCurrent(dpy, sd, sd, c), EGL_FALSE, EGL_BAD_MATCH); /* incompatible */
   CHECK_ERR(eglMakeCurrent(dpy, (EGLSurface)&c, s, c), EGL_FALSE, EGL_BAD_SURFACE);
   CHECK_ERR(eglMakeCurrent(dpy, s, s, (EGLContext)&s), EGL_FALSE, EGL_BAD_CONTEXT);
   CHECK_ERR(eglSwapInterval(dpy, 0), EGL_FALSE, EGL_BAD_CONTEXT);

   CHECK_ERR(eglMakeCurrent(dpy, s, s2, c), EGL_TRUE, EGL_SUCCESS);
   CHECK(eglGetCurrentContext() == c && eglGetCurrentDisplay() == dpy);
   CHECK(eglGetCurrentSurface(EGL_DRAW) == s && eglGetCurrentSurface(EGL_READ) == s2);
   CHECK_ERR(eglGetCurrentSurface(0x1234), EGL_NO_SURFACE, EGL_BAD_PARAMETER);
   EGLint v = 0;
   CHECK(eglQueryContext(dpy, c, EGL_RENDER_BUFFER, &v) && v == EGL_BACK_BUFFER);
   CHECK_ERR(eglSwapBuffers(dpy, s), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglSwapBuffers(dpy, s2), EGL_FALSE, EGL_BAD_SURFACE); /* not the draw surface */
   CHECK_ERR(eglSwapInterval(dpy, 0), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglWaitClient(), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglWaitNative(EGL_CORE_NATIVE_ENGINE), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglWaitNative(0x1234), EGL_FALSE, EGL_BAD_PARAMETER);

   /* Fence sync: signaled once the context's commands completed (tests/egl/test_egl_sync.c). */
   EGLSync sync = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   CHECK(sync != EGL_NO_SYNC && eglGetError() == EGL_SUCCESS);
   EGLAttrib status = 0;
   CHECK(eglClientWaitSync(dpy, sync, 0, EGL_FOREVER) == EGL_CONDITION_SATISFIED);
   CHECK(eglGetSyncAttrib(dpy, sync, EGL_SYNC_STATUS, &status) && status == EGL_SIGNALED);
   CHECK_ERR(eglWaitSync(dpy, sync, 1), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(eglDestroySync(dpy, sync), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglDestroySync(dpy, sync), EGL_FALSE, EGL_BAD_PARAMETER);
   CHECK_ERR(eglCreateSync(dpy, EGL_SYNC_CL_EVENT, NULL), EGL_NO_SYNC, EGL_BAD_PARAMETER);

   /* A context current here cannot be made current in another thread. */
   eglQueryString(dpy, 0x1234); /* leaves EGL_BAD_PARAMETER in this thread only */
   struct thread_args a = {dpy, c, EGL_TRUE, 0, -1};
   pthread_t th;
   pthread_create(&th, NULL, other_thread, &a);
   pthread_join(th, NULL);
   CHECK(a.error_before == EGL_SUCCESS);
   CHECK(a.made_current == EGL_FALSE && a.error == EGL_BAD_ACCESS);
   CHECK(eglGetError() == EGL_BAD_PARAMETER);
   EGLContext c2 = eglCreateContext(dpy, plain, EGL_NO_CONTEXT, es2);
   struct thread_args b = {dpy, c2, EGL_FALSE, 0, 0};
   pthread_create(&th, NULL, bind_and_exit, &b);
   pthread_join(th, NULL);
   CHECK(b.made_current == EGL_TRUE);
   CHECK_ERR(eglMakeCurrent(dpy, s, s, c2), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglDestroyContext(dpy, c2), EGL_TRUE, EGL_SUCCESS);

   /* Surfaceless binding (EGL_KHR_surfaceless_context). */
   CHECK_ERR(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c), EGL_TRUE, EGL_SUCCESS);
   CHECK(eglGetCurrentSurface(EGL_DRAW) == EGL_NO_SURFACE);

   /* A surface destroyed while current stays bound until released. */
   CHECK_ERR(eglMakeCurrent(dpy, s, s, c), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglDestroySurface(dpy, s), EGL_TRUE, EGL_SUCCESS);
   CHECK(eglGetCurrentSurface(EGL_DRAW) == s);
   CHECK_ERR(eglQuerySurface(dpy, s, EGL_WIDTH, &v), EGL_FALSE, EGL_BAD_SURFACE);
   CHECK_ERR(eglWaitClient(), EGL_FALSE, EGL_BAD_CURRENT_SURFACE);
   CHECK_ERR(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), EGL_TRUE,
             EGL_SUCCESS);
   CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT && eglGetCurrentDisplay() == EGL_NO_DISPLAY);
   CHECK_ERR(eglCreateSync(dpy, EGL_SYNC_FENCE, NULL), EGL_NO_SYNC, EGL_BAD_MATCH);

   /* Terminating with a current context: handles die, the binding lives on until released
    * (which an uninitialised display allows), and the display can be initialised again. */
   CHECK_ERR(eglMakeCurrent(dpy, s2, s2, c), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglTerminate(dpy), EGL_TRUE, EGL_SUCCESS);
   CHECK(eglGetCurrentContext() == c);
   CHECK_ERR(eglQueryString(dpy, EGL_VENDOR), NULL, EGL_NOT_INITIALIZED);
   CHECK_ERR(eglMakeCurrent(dpy, s2, s2, c), EGL_FALSE, EGL_NOT_INITIALIZED);
   CHECK_ERR(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), EGL_TRUE,
             EGL_SUCCESS);
   CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT);
   CHECK_ERR(eglInitialize(dpy, NULL, NULL), EGL_TRUE, EGL_SUCCESS);
   CHECK_ERR(eglDestroyContext(dpy, c), EGL_FALSE, EGL_BAD_CONTEXT);
   CHECK_ERR(eglReleaseThread(), EGL_TRUE, EGL_SUCCESS);
}

int main(void)
{
   test_client_side();
   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   test_display(dpy);
   EGLConfig plain = NULL, deep = NULL;
   test_configs(dpy, &plain, &deep);
   if (plain && deep) {
      test_surfaces(dpy, plain);
      test_context_creation(dpy, plain);
      test_make_current(dpy, plain, deep);
   }
   eglTerminate(dpy);
   return check_report();
}
