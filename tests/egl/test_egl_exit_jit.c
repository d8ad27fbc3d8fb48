/* A process that exits while the GPU thread is still starting the JIT (its first draw's
 * compile: LLJIT creation and code generation warm-up) must exit normally, not crash in
 * LLVM's static destructors. Each of RUNS child processes makes a pbuffer context, issues
 * one draw, flushes it to the GPU thread and returns from its entry point at once (no
 * glFinish) after a delay that grows by STEP_US a run, so the exits sweep the JIT start-up.
 * Every child must exit with status 0; one hung in exit (LLVM's locks destroyed under the
 * GPU thread) is killed by its alarm after CHILD_SECONDS. Prints "N passed, M failed". */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "check.h"
#include "egl_fixture.h"

#define RUNS 40
#define STEP_US 500
#define CHILD_SECONDS 30

static int child(unsigned delay_us)
{
   struct egl_fixture f;
   if (egl_fixture_init(&f, 32, 32, 0, 0))
      return 2;
   static const char vs[] = "attribute vec4 p; void main() { gl_Position = p; }";
   static const char fs[] = "precision mediump float; uniform vec4 c;\n"
                            "void main() { gl_FragColor = c * c + c; }";
   static const char *const attribs[] = { "p", NULL };
   GLuint prog = egl_fixture_program(vs, fs, attribs);
   if (!prog)
      return 3;
   static const GLfloat tri[] = { -1, -1, 3, -1, -1, 3 };
   glUseProgram(prog);
   glUniform4f(glGetUniformLocation(prog, "c"), 0.25f, 0.5f, 0.75f, 1.0f);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glFlush();
   usleep(delay_us);
   return 0;   /* exit() with the GPU thread busy */
}

int main(void)
{
   for (unsigned i = 0; i < RUNS; i++) {
      fflush(stdout);
      pid_t pid = fork();
      if (pid == 0) {
         alarm(CHILD_SECONDS);
         exit(child(i * STEP_US));
      }
      int status = 0;
      check(pid > 0 && waitpid(pid, &status, 0) == pid, "fork and wait, run %u", i);
      check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
            "run %u (exit after %u us): %s %d", i, i * STEP_US,
            WIFSIGNALED(status) ? "killed by signal" : "exit status",
            WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
   }
   return check_report();
}
