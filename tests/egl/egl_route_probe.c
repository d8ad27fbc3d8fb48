/* A small EGL/GLES2 program linked like any application, against the system's libEGL and
 * libGLESv2 (glvnd's), never against ours: bin/r600sim-run must bring it onto r600sim by
 * each route. It renders into a 64x64 pbuffer (blue clear, a red quad over the left half)
 * and checks that GL_RENDERER is r600sim's, that every pixel is exact and that no library
 * of Mesa's GL stack is mapped (/proc/self/maps); EGL extension functions taken from
 * eglGetProcAddress (fence syncs, the driver name) work, errors included.
 * `egl_route_probe --no-checks` only renders and prints the renderer, exiting 0 whatever
 * stack it ran on (the r600sim-run --check test needs a program that succeeds on llvmpipe).
 * Prints "N passed, M failed". */
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "egl_fixture.h"
#include "route_maps.h"

enum { W = 64, H = 64 };

static void render(void)
{
   static const char vs[] = "attribute vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   static const char fs[] = "precision mediump float;\n"
                            "uniform vec4 color;\n"
                            "void main() { gl_FragColor = color; }\n";
   static const char *const attribs[] = {"pos", NULL};
   /* Two triangles covering x in [-1, 0] of clip space: window x in [0, 32). */
   static const float quad[] = {-1, -1, 0, -1, -1, 1, 0, 1};
   GLuint prog = egl_fixture_program(vs, fs, attribs);
   CHECK(prog != 0, "program linked");
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(prog);
   glUniform4f(glGetUniformLocation(prog, "color"), 1, 0, 0, 1);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   check_gl("draw");
}

/* EGL extension functions from eglGetProcAddress: through glvnd these are its vendor
 * dispatch stubs, so the call, its result and its error all cross the vendor ABI. */
static void check_extension_functions(EGLDisplay dpy)
{
   PFNEGLCREATESYNCKHRPROC create = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
   PFNEGLCLIENTWAITSYNCKHRPROC wait =
      (PFNEGLCLIENTWAITSYNCKHRPROC)eglGetProcAddress("eglClientWaitSyncKHR");
   PFNEGLGETSYNCATTRIBKHRPROC attrib =
      (PFNEGLGETSYNCATTRIBKHRPROC)eglGetProcAddress("eglGetSyncAttribKHR");
   PFNEGLDESTROYSYNCKHRPROC destroy =
      (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
   PFNEGLGETDISPLAYDRIVERNAMEPROC driver_name =
      (PFNEGLGETDISPLAYDRIVERNAMEPROC)eglGetProcAddress("eglGetDisplayDriverName");
   if (!CHECK(create && wait && attrib && destroy && driver_name, "extension functions found"))
      return;
   EGLSyncKHR sync = create(dpy, EGL_SYNC_FENCE_KHR, NULL);
   CHECK(sync != EGL_NO_SYNC_KHR, "eglCreateSyncKHR");
   CHECK_EQ(wait(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT_KHR, EGL_FOREVER_KHR),
            EGL_CONDITION_SATISFIED_KHR, "eglClientWaitSyncKHR");
   EGLint status = 0;
   CHECK(attrib(dpy, sync, EGL_SYNC_STATUS_KHR, &status) && status == EGL_SIGNALED_KHR,
         "fence signalled");
   CHECK(destroy(dpy, sync), "eglDestroySyncKHR");
   CHECK(!destroy(dpy, sync), "a destroyed sync is not destroyed twice");
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER, "its error reaches eglGetError");
   const char *name = driver_name(dpy);
   CHECK(name && strcmp(name, "r600sim") == 0, "eglGetDisplayDriverName");
}

int main(int argc, char **argv)
{
   bool checks = !(argc > 1 && strcmp(argv[1], "--no-checks") == 0);
   struct egl_fixture f;
   const char *failed = egl_fixture_init(&f, W, H, 0, 0);
   if (failed) {
      printf("EGL set-up failed: %s\n", failed);
      return 1;
   }
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   printf("GL_RENDERER: %s\n", renderer ? renderer : "(null)");
   render();
   if (!checks) {
      egl_fixture_fini(&f);
      return 0;
   }
   CHECK(renderer && strncmp(renderer, "r600sim (", 9) == 0, "GL_RENDERER is r600sim's");
   CHECK_EQ(route_mesa_libraries_mapped(), 0, "Mesa libraries mapped");
   check_extension_functions(f.dpy);

   static uint8_t pixels[W * H * 4];
   static const uint8_t red[4] = {255, 0, 0, 255}, blue[4] = {0, 0, 255, 255};
   unsigned mismatches = 0;
   egl_fixture_read(W, H, pixels, false);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(pixels, W, x, y, x < W / 2 ? red : blue, "quad over blue", &mismatches);
   check_mismatches(&mismatches, "read-back");
   egl_fixture_fini(&f);
   return check_report();
}
