/* GL_KHR_debug: the message log, the volume control and its default (everything but LOW
 * severity), debug groups (push/pop messages, inherited control, stack errors), the callback,
 * GL errors as messages, the limits, object labels on every ES 2.0 object kind, and the
 * errors of each entry point (KHR_debug spec, ES flavour), DEBUG_OUTPUT's initial state in
 * debug contexts. Prints "N passed, M failed". */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

static PFNGLDEBUGMESSAGECONTROLKHRPROC Control;
static PFNGLDEBUGMESSAGEINSERTKHRPROC Insert;
static PFNGLDEBUGMESSAGECALLBACKKHRPROC Callback;
static PFNGLGETDEBUGMESSAGELOGKHRPROC GetLog;
static PFNGLPUSHDEBUGGROUPKHRPROC Push;
static PFNGLPOPDEBUGGROUPKHRPROC Pop;
static PFNGLOBJECTLABELKHRPROC Label;
static PFNGLGETOBJECTLABELKHRPROC GetLabel;
static PFNGLOBJECTPTRLABELKHRPROC PtrLabel;
static PFNGLGETOBJECTPTRLABELKHRPROC GetPtrLabel;
static PFNGLGETPOINTERVKHRPROC GetPointerv;

#define APP GL_DEBUG_SOURCE_APPLICATION_KHR
#define MARKER GL_DEBUG_TYPE_MARKER_KHR
#define NOTE GL_DEBUG_SEVERITY_NOTIFICATION_KHR

static void expect_error(GLenum want, const char *what)
{
   GLenum err = glGetError();
   CHECK(err == want, "%s: error 0x%04X, expected 0x%04X", what, err, want);
}

static GLint geti(GLenum pname)
{
   GLint v = -1;
   glGetIntegerv(pname, &v);
   return v;
}

/* Empties the log; returns how many messages it held. */
static unsigned drain(void)
{
   unsigned n = 0;
   char buf[8192];
   while (GetLog(1, sizeof(buf), NULL, NULL, NULL, NULL, NULL, buf))
      n++;
   return n;
}

static void insert(GLuint id, GLenum severity, const char *text)
{
   Insert(APP, MARKER, id, severity, -1, text);
}

static void test_log(void)
{
   CHECK(geti(GL_DEBUG_OUTPUT_KHR) == 0 && !glIsEnabled(GL_DEBUG_OUTPUT_KHR),
         "DEBUG_OUTPUT starts disabled (not a debug context)");
   insert(1, NOTE, "dropped");
   CHECK(geti(GL_DEBUG_LOGGED_MESSAGES_KHR) == 0, "nothing logged while disabled");
   glEnable(GL_DEBUG_OUTPUT_KHR);
   glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR);
   CHECK(glIsEnabled(GL_DEBUG_OUTPUT_KHR) && glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR),
         "both caps enable");
   CHECK(geti(GL_MAX_DEBUG_MESSAGE_LENGTH_KHR) == 4096 &&
         geti(GL_MAX_DEBUG_LOGGED_MESSAGES_KHR) == 64 &&
         geti(GL_MAX_DEBUG_GROUP_STACK_DEPTH_KHR) == 64 && geti(GL_MAX_LABEL_LENGTH_KHR) == 256,
         "limits");

   insert(7, NOTE, "hello");
   Insert(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, GL_DEBUG_TYPE_PERFORMANCE_KHR, 8,
          GL_DEBUG_SEVERITY_HIGH_KHR, 3, "abcdef");
   insert(9, GL_DEBUG_SEVERITY_LOW_KHR, "low is off by default");
   CHECK(geti(GL_DEBUG_LOGGED_MESSAGES_KHR) == 2, "two logged (%d)",
         geti(GL_DEBUG_LOGGED_MESSAGES_KHR));
   CHECK(geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR) == 6, "next length counts the NUL");
   GLenum src[3], type[3], sev[3];
   GLuint id[3];
   GLsizei len[3];
   char buf[64];
   memset(buf, 'x', sizeof(buf));
   /* 6 bytes fit, the second message's 4 do not in 9: one returned, one kept. */
   GLuint n = GetLog(3, 9, src, type, id, sev, len, buf);
   CHECK(n == 1 && src[0] == APP && type[0] == MARKER && id[0] == 7 && sev[0] == NOTE &&
         len[0] == 6 && !strcmp(buf, "hello") && buf[6] == 'x', "first message whole");
   n = GetLog(3, sizeof(buf), src, type, id, sev, len, buf);
   CHECK(n == 1 && src[0] == GL_DEBUG_SOURCE_THIRD_PARTY_KHR &&
         type[0] == GL_DEBUG_TYPE_PERFORMANCE_KHR && id[0] == 8 &&
         sev[0] == GL_DEBUG_SEVERITY_HIGH_KHR && len[0] == 4 && !strcmp(buf, "abc"),
         "second message, length-limited text");
   CHECK(GetLog(3, sizeof(buf), NULL, NULL, NULL, NULL, NULL, buf) == 0 &&
         geti(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH_KHR) == 0, "log empty");

   for (unsigned i = 0; i < 70; i++)
      insert(i, NOTE, "m");
   CHECK(geti(GL_DEBUG_LOGGED_MESSAGES_KHR) == 64, "the log holds 64");
   GLuint ids[100];
   n = GetLog(100, 0, NULL, NULL, ids, NULL, NULL, NULL);
   CHECK(n == 64 && ids[0] == 0 && ids[63] == 63, "NULL messageLog: all returned, oldest first");

   /* Errors become messages. */
   glEnable(0x1234);
   GetLog(1, sizeof(buf), src, type, id, sev, len, buf);
   CHECK(src[0] == GL_DEBUG_SOURCE_API_KHR && type[0] == GL_DEBUG_TYPE_ERROR_KHR &&
         id[0] == GL_INVALID_ENUM && sev[0] == GL_DEBUG_SEVERITY_HIGH_KHR &&
         strstr(buf, "glEnable") != NULL, "a GL error as a message: %s", buf);
   expect_error(GL_INVALID_ENUM, "glEnable(bad)");

   /* Errors of the entry points. */
   Insert(GL_DEBUG_SOURCE_API_KHR, MARKER, 1, NOTE, -1, "x");
   expect_error(GL_INVALID_ENUM, "insert with source API");
   Insert(APP, GL_DONT_CARE, 1, NOTE, -1, "x");
   expect_error(GL_INVALID_ENUM, "insert with type DONT_CARE");
   Insert(APP, MARKER, 1, GL_DONT_CARE, -1, "x");
   expect_error(GL_INVALID_ENUM, "insert with severity DONT_CARE");
   static char big[4097];
   memset(big, 'a', 4096);
   Insert(APP, MARKER, 1, NOTE, -1, big);
   expect_error(GL_INVALID_VALUE, "insert of MAX_DEBUG_MESSAGE_LENGTH characters");
   Insert(APP, MARKER, 1, NOTE, 4095, big);
   expect_error(GL_NO_ERROR, "insert of 4095 characters");
   Control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, -1, NULL, GL_TRUE);
   expect_error(GL_INVALID_VALUE, "control count < 0");
   Control(0x1234, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
   expect_error(GL_INVALID_ENUM, "control bad source");
   GLuint one = 1;
   Control(GL_DONT_CARE, MARKER, GL_DONT_CARE, 1, &one, GL_TRUE);
   expect_error(GL_INVALID_OPERATION, "ids with source DONT_CARE");
   Control(APP, MARKER, NOTE, 1, &one, GL_TRUE);
   expect_error(GL_INVALID_OPERATION, "ids with a severity");
   GetLog(1, -1, NULL, NULL, NULL, NULL, NULL, buf);
   expect_error(GL_INVALID_VALUE, "log bufSize < 0");
   drain();
}

static void test_control_and_groups(void)
{
   /* Everything off, then id 5 on; LOW enabled by severity. */
   Control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
   GLuint five = 5;
   Control(APP, MARKER, GL_DONT_CARE, 1, &five, GL_TRUE);
   insert(4, NOTE, "off");
   insert(5, GL_DEBUG_SEVERITY_LOW_KHR, "on by id");
   CHECK(drain() == 1, "only id 5");
   Control(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW_KHR, 0, NULL, GL_TRUE);
   insert(4, GL_DEBUG_SEVERITY_LOW_KHR, "on by severity");
   insert(4, NOTE, "still off");
   CHECK(drain() == 1, "only LOW");

   /* Groups: the push message under the outer control, the inner control inherited and
    * dropped at the pop. */
   Control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE);
   CHECK(geti(GL_DEBUG_GROUP_STACK_DEPTH_KHR) == 1, "depth 1");
   Push(APP, 42, -1, "group");
   CHECK(geti(GL_DEBUG_GROUP_STACK_DEPTH_KHR) == 2, "depth 2");
   Control(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_FALSE);
   insert(1, NOTE, "filtered in the group");
   Pop();
   insert(2, NOTE, "after");
   GLenum type[4], src[4];
   GLuint id[4];
   char buf[256];
   GLuint n = GetLog(4, sizeof(buf), src, type, id, NULL, NULL, buf);
   CHECK(n == 3 && type[0] == GL_DEBUG_TYPE_PUSH_GROUP_KHR && id[0] == 42 && src[0] == APP &&
         type[1] == GL_DEBUG_TYPE_POP_GROUP_KHR && id[1] == 42 && type[2] == MARKER && id[2] == 2 &&
         !strcmp(buf, "group") && !strcmp(buf + 6, "group"), "push, pop, after (%u)", n);
   Pop();
   expect_error(GL_STACK_UNDERFLOW_KHR, "pop of the default group");
   drain();
   for (int i = 0; i < 63; i++)
      Push(GL_DEBUG_SOURCE_THIRD_PARTY_KHR, (GLuint)i, 1, "g");
   expect_error(GL_NO_ERROR, "63 pushes");
   Push(APP, 99, -1, "too deep");
   expect_error(GL_STACK_OVERFLOW_KHR, "the 64th push");
   CHECK(geti(GL_DEBUG_GROUP_STACK_DEPTH_KHR) == 64, "depth 64");
   for (int i = 0; i < 63; i++)
      Pop();
   expect_error(GL_NO_ERROR, "63 pops");
   Push(GL_DEBUG_SOURCE_API_KHR, 1, -1, "x");
   expect_error(GL_INVALID_ENUM, "push with source API");
   drain();
}

static unsigned calls;
static GLuint last_id;
static const void *last_param;

static void GL_APIENTRY callback(GLenum source, GLenum type, GLuint id, GLenum severity,
                                 GLsizei length, const GLchar *message, const void *param)
{
   (void)source, (void)type, (void)severity;
   calls++;
   last_id = id;
   last_param = param;
   CHECK(length == (GLsizei)strlen(message), "callback length");
}

static void test_callback(void)
{
   static int token;
   Callback(callback, &token);
   void *p = NULL;
   GetPointerv(GL_DEBUG_CALLBACK_FUNCTION_KHR, &p);
   CHECK(p == (void *)callback, "callback function");
   GetPointerv(GL_DEBUG_CALLBACK_USER_PARAM_KHR, &p);
   CHECK(p == &token, "callback user param");
   insert(77, NOTE, "to the callback");
   CHECK(calls == 1 && last_id == 77 && last_param == &token &&
         geti(GL_DEBUG_LOGGED_MESSAGES_KHR) == 0, "the callback gets it, the log does not");
   GetPointerv(GL_DEPTH_TEST, &p);
   expect_error(GL_INVALID_ENUM, "glGetPointervKHR(bad pname)");
   CHECK(calls == 2 && last_id == GL_INVALID_ENUM, "the error went to the callback too");
   Callback(NULL, NULL);
   insert(78, NOTE, "to the log");
   CHECK(calls == 2 && drain() == 1, "no callback: the log");
}

static void check_label(GLenum identifier, GLuint name, const char *want, const char *what)
{
   char buf[64] = "junk";
   GLsizei len = -1;
   GetLabel(identifier, name, sizeof(buf), &len, buf);
   CHECK(!strcmp(buf, want) && len == (GLsizei)strlen(want), "%s: label '%s' (%d)", what, buf,
         len);
}

static void test_labels(void)
{
   GLuint buf, tex, rb, fb;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glGenFramebuffers(1, &fb);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   GLuint sh = glCreateShader(GL_VERTEX_SHADER), prog = glCreateProgram();
   const struct { GLenum id; GLuint name; const char *what; } objs[] = {
      { GL_BUFFER_KHR, buf, "buffer" }, { GL_TEXTURE, tex, "texture" },
      { GL_RENDERBUFFER, rb, "renderbuffer" }, { GL_FRAMEBUFFER, fb, "framebuffer" },
      { GL_SHADER_KHR, sh, "shader" }, { GL_PROGRAM_KHR, prog, "program" },
   };
   for (unsigned i = 0; i < sizeof(objs) / sizeof(objs[0]); i++) {
      check_label(objs[i].id, objs[i].name, "", objs[i].what);
      Label(objs[i].id, objs[i].name, -1, objs[i].what);
      check_label(objs[i].id, objs[i].name, objs[i].what, objs[i].what);
   }
   expect_error(GL_NO_ERROR, "labels");
   Label(GL_PROGRAM_KHR, sh, -1, "x");
   expect_error(GL_INVALID_VALUE, "a shader labelled as a program");
   Label(GL_ARRAY_BUFFER, buf, -1, "x");
   expect_error(GL_INVALID_ENUM, "bad identifier");
   Label(GL_VERTEX_ARRAY_KHR, 1, -1, "x");
   expect_error(GL_INVALID_ENUM, "no vertex array objects in ES 2.0");

   /* Truncation, length only, explicit length, removal. */
   char small[5];
   GLsizei len = -1;
   GetLabel(GL_BUFFER_KHR, buf, sizeof(small), &len, small);
   CHECK(!strcmp(small, "buff") && len == 4, "bufSize limits to 4 characters");
   GetLabel(GL_BUFFER_KHR, buf, 0, &len, NULL);
   CHECK(len == 6, "NULL label: the whole length (%d)", len);
   Label(GL_BUFFER_KHR, buf, 3, "abcdef");
   check_label(GL_BUFFER_KHR, buf, "abc", "explicit length");
   Label(GL_BUFFER_KHR, buf, -1, NULL);
   check_label(GL_BUFFER_KHR, buf, "", "removed");
   static char big[257];
   memset(big, 'b', 256);
   Label(GL_BUFFER_KHR, buf, -1, big);
   expect_error(GL_INVALID_VALUE, "a label of MAX_LABEL_LENGTH characters");
   Label(GL_BUFFER_KHR, buf, 255, big);
   expect_error(GL_NO_ERROR, "255 characters");
   GetLabel(GL_BUFFER_KHR, buf, -1, &len, small);
   expect_error(GL_INVALID_VALUE, "bufSize < 0");

   /* A deleted object has no label to set or get; made again, it starts without one. */
   glDeleteBuffers(1, &buf);
   Label(GL_BUFFER_KHR, buf, -1, "x");
   expect_error(GL_INVALID_VALUE, "label of a deleted buffer");
   GetLabel(GL_BUFFER_KHR, buf, sizeof(small), &len, small);
   expect_error(GL_INVALID_VALUE, "get label of a deleted buffer");
   glDeleteTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   check_label(GL_TEXTURE, tex, "", "a texture made again under its old name");
   Label(GL_TEXTURE, 0, -1, "x");
   expect_error(GL_INVALID_VALUE, "object 0");
   int dummy;
   PtrLabel(&dummy, -1, "x");
   expect_error(GL_INVALID_VALUE, "glObjectPtrLabelKHR: no sync objects in ES 2.0");
   GetPtrLabel(&dummy, sizeof(small), &len, small);
   expect_error(GL_INVALID_VALUE, "glGetObjectPtrLabelKHR");
   glDeleteShader(sh);
   glDeleteProgram(prog);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fb);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
   drain();
}

/* KHR_debug: DEBUG_OUTPUT starts enabled in a debug context (EGL_KHR_create_context's flag
 * bit or EGL 1.5's EGL_CONTEXT_OPENGL_DEBUG) and disabled otherwise; ES 2.0 has no
 * GL_CONTEXT_FLAGS (0x821E) query to report the flag. */
static void test_debug_context(struct egl_fixture *f)
{
   /* the fixture's config, so the new contexts can be made current on its pbuffer */
   EGLConfig cfg;
   EGLint id = 0, n = 0;
   eglQueryContext(f->dpy, f->ctx, EGL_CONFIG_ID, &id);
   const EGLint cfg_attribs[] = { EGL_CONFIG_ID, id, EGL_NONE };
   CHECK(eglChooseConfig(f->dpy, cfg_attribs, &cfg, 1, &n) && n == 1, "the fixture's config");
   const EGLint plain[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   const EGLint flag[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_CONTEXT_FLAGS_KHR,
                           EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR, EGL_NONE };
   const EGLint debug15[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_CONTEXT_OPENGL_DEBUG,
                              EGL_TRUE, EGL_NONE };
   const EGLint no15[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_CONTEXT_OPENGL_DEBUG,
                           EGL_FALSE, EGL_NONE };
   const struct { const EGLint *attribs; bool debug; const char *what; } cases[] = {
      { plain, false, "no debug attribute" },
      { flag, true, "EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR" },
      { debug15, true, "EGL_CONTEXT_OPENGL_DEBUG = EGL_TRUE" },
      { no15, false, "EGL_CONTEXT_OPENGL_DEBUG = EGL_FALSE" },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      EGLContext c = eglCreateContext(f->dpy, cfg, EGL_NO_CONTEXT, cases[i].attribs);
      CHECK(c != EGL_NO_CONTEXT, "%s: context created", cases[i].what);
      if (c == EGL_NO_CONTEXT)
         continue;
      CHECK(eglMakeCurrent(f->dpy, f->surf, f->surf, c), "%s: made current", cases[i].what);
      CHECK(glIsEnabled(GL_DEBUG_OUTPUT_KHR) == (cases[i].debug ? GL_TRUE : GL_FALSE),
            "%s: DEBUG_OUTPUT initially %s", cases[i].what, cases[i].debug ? "on" : "off");
      GLint flags = -1;
      glGetIntegerv(0x821E /* GL_CONTEXT_FLAGS */, &flags);
      expect_error(GL_INVALID_ENUM, "GL_CONTEXT_FLAGS on ES 2.0");
      CHECK(flags == -1, "%s: GL_CONTEXT_FLAGS left the output alone", cases[i].what);
      eglMakeCurrent(f->dpy, f->surf, f->surf, f->ctx);
      eglDestroyContext(f->dpy, c);
   }
}

#define LOAD(var, name) var = (void *)eglGetProcAddress(name)

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, 8, 8, 0, 0);
   if (err) {
      CHECK(false, "%s", err);
      return check_report();
   }
   CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_KHR_debug ") != NULL,
         "extension listed");
   LOAD(Control, "glDebugMessageControlKHR");
   LOAD(Insert, "glDebugMessageInsertKHR");
   LOAD(Callback, "glDebugMessageCallbackKHR");
   LOAD(GetLog, "glGetDebugMessageLogKHR");
   LOAD(Push, "glPushDebugGroupKHR");
   LOAD(Pop, "glPopDebugGroupKHR");
   LOAD(Label, "glObjectLabelKHR");
   LOAD(GetLabel, "glGetObjectLabelKHR");
   LOAD(PtrLabel, "glObjectPtrLabelKHR");
   LOAD(GetPtrLabel, "glGetObjectPtrLabelKHR");
   LOAD(GetPointerv, "glGetPointervKHR");
   CHECK(Control && Insert && Callback && GetLog && Push && Pop && Label && GetLabel &&
         PtrLabel && GetPtrLabel && GetPointerv, "every entry point resolves");

   test_log();
   test_control_and_groups();
   test_callback();
   test_labels();
   test_debug_context(&f);

   egl_fixture_fini(&f);
   return check_report();
}
