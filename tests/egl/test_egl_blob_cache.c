/* EGL_ANDROID_blob_cache end to end: eglSetBlobCacheFuncsANDROID's errors (NULL functions,
 * a second call, an uninitialized or unknown display; eglTerminate forgets the functions),
 * and the program cache behind it: a link stores the program binary (the bytes
 * glGetProgramBinaryOES returns) under a key, a link of the same sources and bindings loads
 * it instead of compiling (shown by planting another program's binary under the key: the
 * program then draws that program's colour), other bindings make another key, and a
 * corrupt or foreign value is ignored: the program is compiled from source, draws its own
 * colour and is stored again. The cache is an array in this test, with its calls counted. */
#include "egl_fixture.h"

#include <stdlib.h>

#include <EGL/eglext.h>
#include <GLES2/gl2ext.h>

#define W 4
#define H 4
#define MAX_ENTRIES 16

static struct entry {
   uint8_t key[64];
   long key_size;
   uint8_t *value;
   long value_size;
} entries[MAX_ENTRIES];
static unsigned num_entries, set_calls, get_calls, get_hits;

static struct entry *find(const void *key, long key_size)
{
   for (unsigned i = 0; i < num_entries; i++)
      if (entries[i].key_size == key_size && !memcmp(entries[i].key, key, (size_t)key_size))
         return &entries[i];
   return NULL;
}

static void set_blob(const void *key, EGLsizeiANDROID key_size, const void *value,
                     EGLsizeiANDROID value_size)
{
   set_calls++;
   if (key_size <= 0 || key_size > 64 || value_size <= 0)
      return;
   struct entry *e = find(key, key_size);
   if (!e && num_entries < MAX_ENTRIES) {
      e = &entries[num_entries++];
      memcpy(e->key, key, (size_t)key_size);
      e->key_size = key_size;
   }
   if (!e)
      return;
   free(e->value);
   e->value = malloc((size_t)value_size);
   memcpy(e->value, value, (size_t)value_size);
   e->value_size = value_size;
}

static EGLsizeiANDROID get_blob(const void *key, EGLsizeiANDROID key_size, void *value,
                                EGLsizeiANDROID value_size)
{
   get_calls++;
   struct entry *e = find(key, key_size);
   if (!e)
      return 0;
   if (value && value_size >= e->value_size) {
      memcpy(value, e->value, (size_t)e->value_size);
      get_hits++;
   }
   return e->value_size;
}

static void dummy_set(const void *k, EGLsizeiANDROID ks, const void *v, EGLsizeiANDROID vs)
{
   (void)k, (void)ks, (void)v, (void)vs;
}

static EGLsizeiANDROID dummy_get(const void *k, EGLsizeiANDROID ks, void *v, EGLsizeiANDROID vs)
{
   (void)k, (void)ks, (void)v, (void)vs;
   return 0;
}

static void expect_egl(EGLint want, const char *what)
{
   EGLint got = eglGetError();
   check(got == want, "%s: eglGetError() = 0x%04x, want 0x%04x", what, got, want);
}

static PFNEGLSETBLOBCACHEFUNCSANDROIDPROC SetBlobCacheFuncs;
static PFNGLGETPROGRAMBINARYOESPROC GetProgramBinary;

static void test_api(void)
{
   EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   SetBlobCacheFuncs(dpy, dummy_set, dummy_get);
   expect_egl(EGL_NOT_INITIALIZED, "before eglInitialize");
   check(eglInitialize(dpy, NULL, NULL), "eglInitialize");
   const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
   check(ext && strstr(ext, "EGL_ANDROID_blob_cache"), "EGL_ANDROID_blob_cache listed");
   SetBlobCacheFuncs((EGLDisplay)&entries, dummy_set, dummy_get);
   expect_egl(EGL_BAD_DISPLAY, "unknown display");
   SetBlobCacheFuncs(dpy, NULL, NULL);
   expect_egl(EGL_BAD_PARAMETER, "NULL, NULL");
   SetBlobCacheFuncs(dpy, dummy_set, NULL);
   expect_egl(EGL_BAD_PARAMETER, "NULL get");
   SetBlobCacheFuncs(dpy, NULL, dummy_get);
   expect_egl(EGL_BAD_PARAMETER, "NULL set");
   SetBlobCacheFuncs(dpy, dummy_set, dummy_get);
   expect_egl(EGL_SUCCESS, "first set");
   SetBlobCacheFuncs(dpy, dummy_set, dummy_get);
   expect_egl(EGL_BAD_PARAMETER, "second set");
   eglTerminate(dpy);
   check(eglInitialize(dpy, NULL, NULL), "eglInitialize again");
   SetBlobCacheFuncs(dpy, dummy_set, dummy_get);
   expect_egl(EGL_SUCCESS, "set after eglTerminate");
   eglTerminate(dpy);
}

static const char vs_src[] =
   "attribute vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_red[] =
   "precision mediump float;\n"
   "uniform float k;\n"
   "void main() { gl_FragColor = vec4(k, 0.0, 0.0, 1.0); }\n";
static const char fs_green[] =
   "precision mediump float;\n"
   "uniform float k;\n"
   "void main() { gl_FragColor = vec4(0.0, k, 0.0, 1.0); }\n";

static GLuint link(const char *fs, const char *attrib)
{
   const char *const attribs[] = { attrib, NULL };
   return egl_fixture_program(vs_src, fs, attribs);
}

/* Draws with prog (uniform k = 1) and checks every pixel is want. */
static void draw_expect(GLuint prog, const uint8_t want[4], const char *what)
{
   static uint8_t image[W * H * 4];
   unsigned mismatches = 0;
   glUseProgram(prog);
   glUniform1f(glGetUniformLocation(prog, "k"), 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   egl_fixture_read(W, H, image, false);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         expect_rgba(image, W, x, y, want, what, &mismatches);
   check_mismatches(&mismatches, what);
   glUseProgram(0);
}

static const uint8_t RED[4] = { 255, 0, 0, 255 }, GREEN[4] = { 0, 255, 0, 255 };

static void test_program_cache(EGLDisplay dpy)
{
   SetBlobCacheFuncs(dpy, set_blob, get_blob);
   expect_egl(EGL_SUCCESS, "set the test's cache");

   /* a first link misses and stores the program binary */
   GLuint red = link(fs_red, "pos");
   check(red && get_calls == 1 && get_hits == 0 && set_calls == 1 && num_entries == 1,
         "first link: one lookup (miss), one store (get %u, set %u, entries %u)", get_calls,
         set_calls, num_entries);
   GLint length = 0;
   glGetProgramiv(red, GL_PROGRAM_BINARY_LENGTH_OES, &length);
   uint8_t *binary = malloc((size_t)length);
   GLenum format;
   GetProgramBinary(red, length, NULL, &format, binary);
   check(length > 0 && entries[0].value_size == length &&
         !memcmp(entries[0].value, binary, (size_t)length),
         "the stored value is the program binary");
   free(binary);
   draw_expect(red, RED, "compiled program");

   /* the same sources and bindings load from the cache: planting the green program's
    * binary under the key makes the "red" link draw green */
   GLuint green = link(fs_green, "pos");
   check(num_entries == 2 && set_calls == 2, "another program: another key");
   uint8_t *red_value = entries[0].value;
   long red_size = entries[0].value_size;
   entries[0].value = entries[1].value;
   entries[0].value_size = entries[1].value_size;
   unsigned sets = set_calls, hits = get_hits;
   GLuint reused = link(fs_red, "pos");
   check(reused && get_hits == hits + 1 && set_calls == sets, "second link: loaded, not stored");
   draw_expect(reused, GREEN, "the cached binary is what the program runs");
   entries[0].value = red_value;
   entries[0].value_size = red_size;
   GLuint reused_red = link(fs_red, "pos");
   draw_expect(reused_red, RED, "the red binary loaded back");

   /* other attribute bindings: another key, compiled and stored */
   sets = set_calls;
   GLuint other = link(fs_red, "other");
   check(other && set_calls == sets + 1 && num_entries == 3, "other bindings: a new entry");

   /* a corrupt payload and a foreign header are ignored: compiled from source, stored anew */
   const char *const kinds[2] = { "corrupt payload", "another version's header" };
   for (int k = 0; k < 2; k++) {
      struct entry *e = &entries[0];
      size_t at = k == 0 ? (size_t)e->value_size - 1 : 8;   /* last byte / version string */
      e->value[at] ^= 0x5a;
      sets = set_calls;
      hits = get_hits;
      GLuint p = link(fs_red, "pos");
      GLint ok = 0;
      glGetProgramiv(p, GL_LINK_STATUS, &ok);
      check(ok && get_hits == hits + 1 && set_calls == sets + 1, "%s: looked up, then compiled "
            "and stored", kinds[k]);
      draw_expect(p, RED, kinds[k]);
      glDeleteProgram(p);
   }
   GLint ok = 0;
   glGetProgramiv(red, GL_LINK_STATUS, &ok);
   check(ok, "programs stay linked");
   glDeleteProgram(red);
   glDeleteProgram(green);
   glDeleteProgram(reused);
   glDeleteProgram(reused_red);
   glDeleteProgram(other);
   check_gl("program cache");
}

int main(void)
{
   SetBlobCacheFuncs = (PFNEGLSETBLOBCACHEFUNCSANDROIDPROC)eglGetProcAddress(
      "eglSetBlobCacheFuncsANDROID");
   GetProgramBinary = (PFNGLGETPROGRAMBINARYOESPROC)eglGetProcAddress("glGetProgramBinaryOES");
   check(SetBlobCacheFuncs && GetProgramBinary, "eglGetProcAddress");
   if (!SetBlobCacheFuncs || !GetProgramBinary)
      return check_report();
   test_api();

   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 0, 0);
   check(err == NULL, err ? err : "setup");
   if (err)
      return check_report();
   static const float v[4][2] = { { -1, -1 }, { 1, -1 }, { -1, 1 }, { 1, 1 } };
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 1);
   test_program_cache(f.dpy);
   egl_fixture_fini(&f);
   for (unsigned i = 0; i < num_entries; i++)
      free(entries[i].value);
   return check_report();
}
