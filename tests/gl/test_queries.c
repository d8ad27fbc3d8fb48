/* Query objects end to end: GL_EXT_occlusion_query_boolean answers from the simulated DBs'
 * ZPASS counts (EVENT_WRITE ZPASS_DONE), GL_EXT_disjoint_timer_query from the GPU clock the
 * EOP event writes; the errors of every entry point (extension specs). Exact per-DB sample
 * counts are checked at the simulator level (tests/sim/test_db.c, test_zpass); here the
 * booleans are made to hinge on single pixels and on depth equality, so that one sample
 * miscounted flips them. Prints "N passed, M failed". */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

#include "egl_fixture.h"

#define W 16
#define H 16

static PFNGLGENQUERIESEXTPROC GenQueries;
static PFNGLDELETEQUERIESEXTPROC DeleteQueries;
static PFNGLISQUERYEXTPROC IsQuery;
static PFNGLBEGINQUERYEXTPROC BeginQuery;
static PFNGLENDQUERYEXTPROC EndQuery;
static PFNGLGETQUERYIVEXTPROC GetQueryiv;
static PFNGLGETQUERYOBJECTUIVEXTPROC GetQueryObjectuiv;
static PFNGLQUERYCOUNTEREXTPROC QueryCounter;
static PFNGLGETQUERYOBJECTIVEXTPROC GetQueryObjectiv;
static PFNGLGETQUERYOBJECTI64VEXTPROC GetQueryObjecti64v;
static PFNGLGETQUERYOBJECTUI64VEXTPROC GetQueryObjectui64v;
static PFNGLGETINTEGER64VEXTPROC GetInteger64v;

static GLuint prog;
static GLint loc_z;

static void expect_error(GLenum want, const char *what)
{
   GLenum err = glGetError();
   CHECK(err == want, "%s: error 0x%04X, expected 0x%04X", what, err, want);
}

/* The rectangle [x0, x1] x [y0, y1] (NDC) at NDC depth z. */
static void rect(float x0, float y0, float x1, float y1, float z)
{
   const GLfloat v[] = { x0, y0, x1, y0, x0, y1, x1, y1 };
   glUniform1f(loc_z, z);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static GLuint result(GLuint q)
{
   GLuint r = 0xDEAD;
   GetQueryObjectuiv(q, GL_QUERY_RESULT_EXT, &r);
   return r;
}

/* Clears depth to 0.5 (window), then runs `draw` inside an ANY_SAMPLES_PASSED query. */
static GLuint any_samples(GLenum target, void (*draw)(void))
{
   GLuint q;
   GenQueries(1, &q);
   glClearDepthf(0.5f);
   glClear(GL_DEPTH_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
   BeginQuery(target, q);
   draw();
   EndQuery(target);
   GLuint r = result(q);
   DeleteQueries(1, &q);
   return r;
}

/* NDC z 0 is window depth 0.5: equal to the cleared depth. */
static void draw_behind(void) { rect(-1, -1, 1, 1, 0.5f); }
static void draw_equal(void) { rect(-1, -1, 1, 1, 0.0f); }
static void draw_half(void) { rect(-1, -1, 0, 1, 0.5f); rect(0, -1, 1, 1, -0.5f); }
static void draw_nothing(void) { }
static void draw_clears(void)
{
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);           /* the draw-based clear path */
   glScissor(2, 2, 4, 4);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDisable(GL_SCISSOR_TEST);
}
/* One pixel in front: the scissor keeps only pixel (7, 9). */
static void draw_one_pixel(void)
{
   glEnable(GL_SCISSOR_TEST);
   glScissor(7, 9, 1, 1);
   rect(-1, -1, 1, 1, -0.5f);
   glDisable(GL_SCISSOR_TEST);
}

static void test_occlusion(void)
{
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   static const GLenum targets[2] = { GL_ANY_SAMPLES_PASSED_EXT,
                                      GL_ANY_SAMPLES_PASSED_CONSERVATIVE_EXT };
   for (int t = 0; t < 2; t++) {
      GLenum tg = targets[t];
      CHECK(any_samples(tg, draw_behind) == GL_FALSE, "target %d: a quad behind passes none", t);
      CHECK(any_samples(tg, draw_equal) == GL_FALSE, "target %d: equal depth fails LESS", t);
      glDepthFunc(GL_LEQUAL);
      CHECK(any_samples(tg, draw_equal) == GL_TRUE, "target %d: equal depth passes LEQUAL", t);
      glDepthFunc(GL_LESS);
      CHECK(any_samples(tg, draw_half) == GL_TRUE, "target %d: the front half passes", t);
      CHECK(any_samples(tg, draw_one_pixel) == GL_TRUE, "target %d: one pixel passes", t);
      CHECK(any_samples(tg, draw_nothing) == GL_FALSE, "target %d: no draw", t);
      CHECK(any_samples(tg, draw_clears) == GL_FALSE, "target %d: clears pass no samples", t);
   }
   glDisable(GL_DEPTH_TEST);
   /* Without a depth test every sample passes; a query spanning a flush counts both sides. */
   GLuint q;
   GenQueries(1, &q);
   BeginQuery(GL_ANY_SAMPLES_PASSED_EXT, q);
   glFlush();
   draw_one_pixel();
   glFlush();
   EndQuery(GL_ANY_SAMPLES_PASSED_EXT);
   GLuint avail = 0;
   for (int i = 0; i < 1000000 && !avail; i++)
      GetQueryObjectuiv(q, GL_QUERY_RESULT_AVAILABLE_EXT, &avail);
   CHECK(avail == GL_TRUE && result(q) == GL_TRUE, "available, then the result across flushes");
   GLint64 r64 = -1;
   GetQueryObjecti64v(q, GL_QUERY_RESULT_EXT, &r64);
   CHECK(r64 == 1, "the result as int64: %lld", (long long)r64);
   DeleteQueries(1, &q);
   expect_error(GL_NO_ERROR, "occlusion queries");
}

static void test_timer(void)
{
   GLint bits = 0;
   GetQueryiv(GL_TIME_ELAPSED_EXT, GL_QUERY_COUNTER_BITS_EXT, &bits);
   CHECK(bits == 64, "TIME_ELAPSED counter bits %d", bits);
   GetQueryiv(GL_TIMESTAMP_EXT, GL_QUERY_COUNTER_BITS_EXT, &bits);
   CHECK(bits == 64, "TIMESTAMP counter bits %d", bits);
   GLint64 disjoint = -1, t0 = 0, t1 = 0;
   GetInteger64v(GL_GPU_DISJOINT_EXT, &disjoint);
   CHECK(disjoint == 0, "GPU_DISJOINT_EXT %lld", (long long)disjoint);

   GLuint q[3];
   GenQueries(3, q);
   GetInteger64v(GL_TIMESTAMP_EXT, &t0);
   QueryCounter(q[0], GL_TIMESTAMP_EXT);
   BeginQuery(GL_TIME_ELAPSED_EXT, q[1]);
   GLint cur = 0;
   GetQueryiv(GL_TIME_ELAPSED_EXT, GL_CURRENT_QUERY_EXT, &cur);
   CHECK(cur == (GLint)q[1], "CURRENT_QUERY of TIME_ELAPSED %d", cur);
   for (int i = 0; i < 20; i++)
      rect(-1, -1, 1, 1, 0.0f);
   EndQuery(GL_TIME_ELAPSED_EXT);
   QueryCounter(q[2], GL_TIMESTAMP_EXT);
   GLuint64 ts0 = 0, elapsed = 0, ts2 = 0;
   GetQueryObjectui64v(q[0], GL_QUERY_RESULT_EXT, &ts0);
   GetQueryObjectui64v(q[1], GL_QUERY_RESULT_EXT, &elapsed);
   GetQueryObjectui64v(q[2], GL_QUERY_RESULT_EXT, &ts2);
   GetInteger64v(GL_TIMESTAMP_EXT, &t1);
   CHECK(t0 > 0 && (GLuint64)t0 <= ts0 && ts0 < ts2 && ts2 <= (GLuint64)t1,
         "timestamps in order: %lld %llu %llu %lld", (long long)t0, (unsigned long long)ts0,
         (unsigned long long)ts2, (long long)t1);
   CHECK(elapsed > 0 && elapsed <= ts2 - ts0, "elapsed %llu within the timestamps' %llu",
         (unsigned long long)elapsed, (unsigned long long)(ts2 - ts0));
   GLint small = 0;
   GetQueryObjectiv(q[2], GL_QUERY_RESULT_EXT, &small);
   CHECK(small == (ts2 > INT32_MAX ? INT32_MAX : (GLint)ts2), "32-bit result saturates");
   DeleteQueries(3, q);
   expect_error(GL_NO_ERROR, "timer queries");
}

static void test_errors(void)
{
   GLuint q[2], unused = 0;
   GenQueries(-1, q);
   expect_error(GL_INVALID_VALUE, "glGenQueriesEXT n < 0");
   DeleteQueries(-1, q);
   expect_error(GL_INVALID_VALUE, "glDeleteQueriesEXT n < 0");
   GenQueries(2, q);
   CHECK(!IsQuery(q[0]) && !IsQuery(0), "a generated name is no query before it begins");
   BeginQuery(GL_TIMESTAMP_EXT, q[0]);
   expect_error(GL_INVALID_ENUM, "glBeginQueryEXT(TIMESTAMP)");
   BeginQuery(0x8914 /* GL_SAMPLES_PASSED: desktop only */, q[0]);
   expect_error(GL_INVALID_ENUM, "glBeginQueryEXT(bad target)");
   BeginQuery(GL_ANY_SAMPLES_PASSED_EXT, 0);
   expect_error(GL_INVALID_OPERATION, "glBeginQueryEXT(id 0)");
   BeginQuery(GL_ANY_SAMPLES_PASSED_EXT, 12345);
   expect_error(GL_INVALID_OPERATION, "glBeginQueryEXT(name not generated)");
   EndQuery(GL_ANY_SAMPLES_PASSED_EXT);
   expect_error(GL_INVALID_OPERATION, "glEndQueryEXT without a query");
   EndQuery(GL_TIMESTAMP_EXT);
   expect_error(GL_INVALID_ENUM, "glEndQueryEXT(TIMESTAMP)");

   BeginQuery(GL_ANY_SAMPLES_PASSED_EXT, q[0]);
   expect_error(GL_NO_ERROR, "glBeginQueryEXT");
   CHECK(IsQuery(q[0]), "a begun query is a query");
   BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE_EXT, q[1]);
   expect_error(GL_INVALID_OPERATION, "begin CONSERVATIVE while ANY_SAMPLES is active");
   BeginQuery(GL_TIME_ELAPSED_EXT, q[0]);
   expect_error(GL_INVALID_OPERATION, "begin an active query on another target");
   QueryCounter(q[0], GL_TIMESTAMP_EXT);
   expect_error(GL_INVALID_OPERATION, "glQueryCounterEXT on an active query");
   GetQueryObjectuiv(q[0], GL_QUERY_RESULT_EXT, &unused);
   expect_error(GL_INVALID_OPERATION, "result of an active query");
   GLint cur = -1;
   GetQueryiv(GL_ANY_SAMPLES_PASSED_CONSERVATIVE_EXT, GL_CURRENT_QUERY_EXT, &cur);
   CHECK(cur == 0, "CONSERVATIVE's current query is not ANY_SAMPLES's (%d)", cur);
   GetQueryiv(GL_ANY_SAMPLES_PASSED_EXT, GL_CURRENT_QUERY_EXT, &cur);
   CHECK(cur == (GLint)q[0], "ANY_SAMPLES's current query %d", cur);
   EndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE_EXT);
   expect_error(GL_INVALID_OPERATION, "end CONSERVATIVE while ANY_SAMPLES is active");
   EndQuery(GL_ANY_SAMPLES_PASSED_EXT);
   expect_error(GL_NO_ERROR, "glEndQueryEXT");

   BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE_EXT, q[0]);
   expect_error(GL_INVALID_OPERATION, "an ANY_SAMPLES query begun as CONSERVATIVE");
   QueryCounter(q[0], GL_TIMESTAMP_EXT);
   expect_error(GL_INVALID_OPERATION, "glQueryCounterEXT on an occlusion query");
   QueryCounter(q[1], GL_TIME_ELAPSED_EXT);
   expect_error(GL_INVALID_ENUM, "glQueryCounterEXT(TIME_ELAPSED)");
   QueryCounter(0, GL_TIMESTAMP_EXT);
   expect_error(GL_INVALID_OPERATION, "glQueryCounterEXT(id 0)");
   GetQueryiv(GL_ANY_SAMPLES_PASSED_EXT, GL_QUERY_RESULT_EXT, &cur);
   expect_error(GL_INVALID_ENUM, "glGetQueryivEXT(bad pname)");
   GetQueryiv(GL_DEPTH_TEST, GL_CURRENT_QUERY_EXT, &cur);
   expect_error(GL_INVALID_ENUM, "glGetQueryivEXT(bad target)");
   GetQueryiv(GL_TIMESTAMP_EXT, GL_CURRENT_QUERY_EXT, &cur);
   CHECK(cur == 0, "TIMESTAMP has no current query");
   GetQueryObjectuiv(q[0], GL_CURRENT_QUERY_EXT, &unused);
   expect_error(GL_INVALID_ENUM, "glGetQueryObjectuivEXT(bad pname)");
   GetQueryObjectuiv(q[1], GL_QUERY_RESULT_EXT, &unused);
   expect_error(GL_INVALID_OPERATION, "result of a name without an object");
   GetQueryObjectuiv(0, GL_QUERY_RESULT_EXT, &unused);
   expect_error(GL_INVALID_OPERATION, "result of query 0");

   /* Deleting an active query ends it: the target is free again. */
   BeginQuery(GL_ANY_SAMPLES_PASSED_EXT, q[0]);
   DeleteQueries(1, &q[0]);
   CHECK(!IsQuery(q[0]), "a deleted query is gone");
   BeginQuery(GL_ANY_SAMPLES_PASSED_EXT, q[1]);
   expect_error(GL_NO_ERROR, "begin after deleting the active query");
   EndQuery(GL_ANY_SAMPLES_PASSED_EXT);
   DeleteQueries(2, q);   /* q[0] again: ignored */
   expect_error(GL_NO_ERROR, "deleting a deleted name");
   GLint64 v;
   GetInteger64v(0x7FFF, &v);
   expect_error(GL_INVALID_ENUM, "glGetInteger64vEXT(bad pname)");
}

#define LOAD(var, name) var = (void *)eglGetProcAddress(name)

int main(void)
{
   struct egl_fixture f;
   const char *err = egl_fixture_init(&f, W, H, 24, 0);
   if (err) {
      CHECK(false, "%s", err);
      return check_report();
   }
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   CHECK(strstr(ext, "GL_EXT_occlusion_query_boolean ") != NULL, "occlusion extension listed");
   CHECK(strstr(ext, "GL_EXT_disjoint_timer_query ") != NULL, "timer extension listed");
   LOAD(GenQueries, "glGenQueriesEXT");
   LOAD(DeleteQueries, "glDeleteQueriesEXT");
   LOAD(IsQuery, "glIsQueryEXT");
   LOAD(BeginQuery, "glBeginQueryEXT");
   LOAD(EndQuery, "glEndQueryEXT");
   LOAD(GetQueryiv, "glGetQueryivEXT");
   LOAD(GetQueryObjectuiv, "glGetQueryObjectuivEXT");
   LOAD(QueryCounter, "glQueryCounterEXT");
   LOAD(GetQueryObjectiv, "glGetQueryObjectivEXT");
   LOAD(GetQueryObjecti64v, "glGetQueryObjecti64vEXT");
   LOAD(GetQueryObjectui64v, "glGetQueryObjectui64vEXT");
   LOAD(GetInteger64v, "glGetInteger64vEXT");
   CHECK(GenQueries && DeleteQueries && IsQuery && BeginQuery && EndQuery && GetQueryiv &&
         GetQueryObjectuiv && QueryCounter && GetQueryObjectiv && GetQueryObjecti64v &&
         GetQueryObjectui64v && GetInteger64v, "every entry point resolves");

   static const char vs[] = "attribute vec2 a_pos; uniform float u_z;\n"
                            "void main() { gl_Position = vec4(a_pos, u_z, 1.0); }\n";
   static const char fs[] = "precision mediump float;\n"
                            "void main() { gl_FragColor = vec4(0.2, 0.8, 0.4, 1.0); }\n";
   static const char *const attribs[] = { "a_pos", NULL };
   prog = egl_fixture_program(vs, fs, attribs);
   glUseProgram(prog);
   loc_z = glGetUniformLocation(prog, "u_z");

   test_errors();
   test_occlusion();
   test_timer();

   egl_fixture_fini(&f);
   return check_report();
}
